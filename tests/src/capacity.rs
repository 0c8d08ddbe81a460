//! Re-derives the fixed-list bounds of `scopa-core` (`MAX_CAPTURES`, `MAX_MOVES`) by
//! exploring every table a game can reach, as value multisets.
//!
//! A table is a multiset of values 1 … 10, each at most 4 times. The search starts from
//! the empty table and from every 4-card initial table, and applies, for every value `v`:
//! - an equal card on the table: one of them is captured;
//! - otherwise every sub-multiset of two or more cards summing to `v` may be captured;
//! - otherwise the card is laid (only when fewer than 4 cards of `v` are on the table).
//!
//! The whole-table captures of the Ace options lead to the empty table, which is a start.
//! The suits do not matter for which tables are reachable, only for how many distinct
//! captures a card has: a sub-multiset taking `k` of the `n` cards of one value stands for
//! `C(n, k)` captures of real cards.

use std::collections::{HashSet, VecDeque};

/// Cards per value on the table; index 0 unused.
pub type Table = [u8; 11];

/// What the exploration found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// Distinct reachable tables (value multisets), the empty table included.
    pub tables: usize,
    /// The most cards on one reachable table.
    pub max_table_cards: u32,
    /// The most captures one card has on a reachable table, over every Ace option
    /// (the `match_takes_all` whole-table choice counted).
    pub max_captures: u64,
    /// The most legal moves of a 10-card hand on a reachable table, over every Ace option.
    pub max_moves: u64,
    /// A table reaching `max_captures`, as a value list.
    pub widest_table: [u8; 11],
}

fn cards(t: &Table) -> u32 {
    t[1..].iter().map(|&n| u32::from(n)).sum()
}

fn binom(n: u8, k: u8) -> u64 {
    let (n, k) = (u64::from(n), u64::from(k));
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Calls `f(sub, weight)` for each sub-multiset of `t` with values below `target`'s
/// remaining room, summing exactly to `target`; `weight` is the number of real card
/// subsets it stands for.
fn sums(
    t: &Table,
    value: usize,
    target: u8,
    sub: &mut Table,
    weight: u64,
    f: &mut impl FnMut(&Table, u64),
) {
    if target == 0 {
        f(sub, weight);
        return;
    }
    if value == 0 {
        return;
    }
    let v = value as u8;
    let mut k = 0u8;
    loop {
        if k > t[value] || k * v > target {
            break;
        }
        sub[value] = k;
        sums(
            t,
            value - 1,
            target - k * v,
            sub,
            weight * binom(t[value], k),
            f,
        );
        k += 1;
    }
    sub[value] = 0;
}

/// The captures of value `v` summing from two or more cards (count of real card subsets),
/// and the resulting tables.
fn sum_captures(t: &Table, v: u8, mut each: impl FnMut(Table)) -> u64 {
    let mut total = 0;
    let mut sub = [0u8; 11];
    sums(t, (v - 1) as usize, v, &mut sub, 1, &mut |s, w| {
        let taken: u8 = s.iter().sum();
        if taken >= 2 {
            total += w;
            let mut next = *t;
            for i in 1..=10 {
                next[i] -= s[i];
            }
            each(next);
        }
    });
    total
}

/// Captures of a card of value `v` on `t` under an Ace option (0 none, 1 takes_all,
/// 2 match_takes_all); 1 when it is laid.
fn captures_of(t: &Table, v: u8, ace: u8) -> u64 {
    let n = cards(t);
    if t[v as usize] > 0 {
        let whole = u64::from(ace == 2 && v == 1 && n > 1);
        return u64::from(t[v as usize]) + whole;
    }
    if ace == 1 && v == 1 && n > 0 {
        return 1;
    }
    sum_captures(t, v, |_| {}).max(1)
}

/// Every 4-card value multiset (at most 4 of a value).
fn initial_tables() -> Vec<Table> {
    let mut out = Vec::new();
    for a in 1..=10usize {
        for b in a..=10 {
            for c in b..=10 {
                for d in c..=10 {
                    let mut t = [0u8; 11];
                    for x in [a, b, c, d] {
                        t[x] += 1;
                    }
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Explores every reachable table and measures the capacities.
pub fn explore() -> Capacity {
    let mut seen: HashSet<Table> = HashSet::new();
    let mut queue: VecDeque<Table> = VecDeque::new();
    for t in initial_tables().into_iter().chain([[0u8; 11]]) {
        if seen.insert(t) {
            queue.push_back(t);
        }
    }
    while let Some(t) = queue.pop_front() {
        for v in 1..=10u8 {
            let vi = v as usize;
            if t[vi] >= 4 {
                continue; // every card of this value is on the table: none left to play
            }
            let mut next_tables = Vec::new();
            if t[vi] > 0 {
                let mut next = t;
                next[vi] -= 1;
                next_tables.push(next);
            } else {
                let found = sum_captures(&t, v, |next| next_tables.push(next));
                if found == 0 {
                    let mut next = t;
                    next[vi] += 1;
                    next_tables.push(next);
                }
            }
            for next in next_tables {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
    }
    let mut report = Capacity {
        tables: seen.len(),
        max_table_cards: 0,
        max_captures: 0,
        max_moves: 0,
        widest_table: [0; 11],
    };
    for t in &seen {
        report.max_table_cards = report.max_table_cards.max(cards(t));
        for ace in 0..3u8 {
            // Captures per value, and the most moves of a 10-card hand: the hand takes
            // the cards not on the table with the most captures first.
            let mut per_card: Vec<u64> = Vec::new();
            for v in 1..=10u8 {
                let c = captures_of(t, v, ace);
                if c > report.max_captures {
                    report.max_captures = c;
                    report.widest_table = *t;
                }
                for _ in 0..(4 - t[v as usize]) {
                    per_card.push(c);
                }
            }
            per_card.sort_unstable_by(|a, b| b.cmp(a));
            let moves: u64 = per_card.iter().take(10).sum();
            report.max_moves = report.max_moves.max(moves);
        }
    }
    report
}
