//! Uniformly random playouts: the fast path for benchmarks and Monte-Carlo search.
//!
//! [`HandState::random_move`] draws exactly what `legal_moves()[below(rng, len)]` would
//! draw — same canonical order, same single call to [`below`] — but counts the captures of
//! each card instead of listing them and builds only the chosen move.
//! [`HandState::playout_random`] repeats that to the end of the hand on unpacked bitsets.
//! Both are tested to give the same games as the general path.

use rand_core::Rng;

use crate::capture::{Move, TableIndex, ace_takes_all};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::below;
use crate::hand::HandState;
use crate::rules::AceRule;

/// Subset sums (bit *s*, *s* ≤ 10, the empty subset included) of distinct values 1 … 9,
/// indexed by the 9-bit mask of the values present (bit *v* − 1 for value *v*).
static DISTINCT_SUMS: [u16; 512] = distinct_sums();

const fn distinct_sums() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut sums: u16 = 1;
        let mut v = 1;
        while v <= 9 {
            if mask >> (v - 1) & 1 == 1 {
                sums |= (sums << v) & 0x7FF;
            }
            v += 1;
        }
        table[mask] = sums;
        mask += 1;
    }
    table
}

/// Number of subsets of distinct values 1 … 9 (9-bit mask) that sum to *s* ≤ 10.
static DISTINCT_COUNT: [[u8; 11]; 512] = distinct_counts();

const fn distinct_counts() -> [[u8; 11]; 512] {
    let mut table = [[0u8; 11]; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut ways = [0u8; 11];
        ways[0] = 1;
        let mut v = 1;
        while v <= 9 {
            if mask >> (v - 1) & 1 == 1 {
                let mut s = 10;
                while s >= v {
                    ways[s] += ways[s - v];
                    s -= 1;
                }
            }
            v += 1;
        }
        table[mask] = ways;
        mask += 1;
    }
    table
}

/// The table, prepared once per play.
struct TableInfo {
    table: CardSet,
    /// Bit *s*: some subset of the cards ≤ 9 sums to *s* (bit 0: the empty one).
    sums: u32,
    /// The values present (bit *v* − 1), when no value is there twice; else `None`.
    distinct: Option<usize>,
}

impl TableInfo {
    #[inline]
    fn new(table: CardSet) -> TableInfo {
        let b = table.bits();
        let (d, c, s, k) = (b & 0x1FF, b >> 10 & 0x1FF, b >> 20 & 0x1FF, b >> 30 & 0x1FF);
        if (d & c) | (d & s) | (d & k) | (c & s) | (c & k) | (s & k) == 0 {
            let mask = (d | c | s | k) as usize;
            return TableInfo {
                table,
                sums: u32::from(DISTINCT_SUMS[mask]),
                distinct: Some(mask),
            };
        }
        let mut sums = 1u32;
        let mut rest = (table & CardSet::below_value(10)).bits();
        while rest != 0 {
            let v = rest.trailing_zeros() % 10 + 1;
            sums |= (sums << v) & 0x7FF;
            rest &= rest - 1;
        }
        TableInfo {
            table,
            sums,
            distinct: None,
        }
    }

    /// Number of subsets (of cards below `v`) summing to `v`.
    #[inline]
    fn count_sums(&self, v: u8) -> usize {
        if let Some(mask) = self.distinct {
            return usize::from(DISTINCT_COUNT[mask & ((1 << (v - 1)) - 1)][v as usize]);
        }
        let mut ways = [0u16; 11];
        ways[0] = 1;
        let mut rest = (self.table & CardSet::below_value(v)).bits();
        while rest != 0 {
            let val = (rest.trailing_zeros() % 10 + 1) as usize;
            for s in (val..=v as usize).rev() {
                ways[s] = ways[s].saturating_add(ways[s - val]);
            }
            rest &= rest - 1;
        }
        ways[v as usize] as usize
    }

    /// Number of legal captures of a card of value `v` (1 when it is laid).
    #[inline]
    fn count(&self, v: u8, ace: AceRule) -> usize {
        let table = self.table;
        let equal = (table & CardSet::of_value(v)).len() as usize;
        if equal > 0 {
            let whole = v == 1 && ace == AceRule::MatchTakesAll && table.len() > 1;
            return equal + usize::from(whole);
        }
        if ace_takes_all(table, v, ace) || self.sums >> v & 1 == 0 {
            return 1;
        }
        self.count_sums(v)
    }

    /// The `k`-th legal capture of `card` in canonical order; `n` is its capture count.
    #[inline]
    fn nth_capture(&self, card: Card, k: usize, n: usize, ace: AceRule) -> CardSet {
        let table = self.table;
        let v = card.value();
        let equal = table & CardSet::of_value(v);
        if equal.is_empty() {
            if ace_takes_all(table, v, ace) {
                return table;
            }
            if self.sums >> v & 1 == 0 {
                return CardSet::EMPTY;
            }
            if let (Some(mask), 1) = (self.distinct, n) {
                // The one subset of distinct values summing to v: walking down the values,
                // a value is in it exactly when the smaller values cannot make the rest.
                let mut rem = v as usize;
                let mut chosen = 0u64;
                let mut u = rem.min(10) - 1;
                while rem > 0 && u >= 1 {
                    if mask >> (u - 1) & 1 == 1 && u <= rem {
                        let below = mask & ((1 << (u - 1)) - 1);
                        if DISTINCT_COUNT[below][rem] == 0 {
                            chosen |= 1 << (u - 1);
                            rem -= u;
                        }
                    }
                    u -= 1;
                }
                // One card per chosen value: spread the value mask over the four suits.
                return table & CardSet::from_bits_truncate(chosen * 0x4010_0401);
            }
        } else if !(v == 1 && ace == AceRule::MatchTakesAll) {
            // The k-th equal card: clear the k lowest bits.
            let mut bits = equal.bits();
            for _ in 0..k {
                bits &= bits - 1;
            }
            return CardSet::from_bits_truncate(bits & bits.wrapping_neg());
        }
        let mut found = CardSet::EMPTY;
        let mut i = 0;
        TableIndex::new(table, ace).for_each_capture(card, &mut |s| {
            if i == k {
                found = s;
            }
            i += 1;
        });
        found
    }
}

/// A uniformly random legal move of `hand` on `table`: the same draw as indexing the
/// canonical move list with one `below` call.
#[inline]
fn draw<R: Rng + ?Sized>(table: CardSet, hand: CardSet, ace: AceRule, rng: &mut R) -> Option<Move> {
    let info = TableInfo::new(table);
    let mut counts = [0u8; 10];
    let mut total = 0usize;
    for (slot, card) in counts.iter_mut().zip(hand) {
        let n = info.count(card.value(), ace);
        *slot = n as u8;
        total += n;
    }
    if total == 0 {
        return None;
    }
    let mut k = below(rng, total as u32) as usize;
    for (&n, card) in counts.iter().zip(hand) {
        let n = usize::from(n);
        if k < n {
            return Some(Move::new(card, info.nth_capture(card, k, n, ace)));
        }
        k -= n;
    }
    None
}

impl HandState {
    /// A uniformly random legal move of the seat to play (`None` once the hand is over).
    ///
    /// Draws exactly what `legal_moves()[below(rng, len)]` draws, faster.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.is_finished() {
            return None;
        }
        draw(self.table(), self.hand(self.turn()), self.rules().ace, rng)
    }

    /// Plays uniformly random legal moves until the hand is over — the same game as
    /// repeatedly playing [`HandState::random_move`], on unpacked bitsets.
    ///
    /// ```
    /// use scopa_core::{HandState, Rules, SplitMix64};
    /// let mut rng = SplitMix64::new(9);
    /// let mut hand = HandState::deal(Rules::default(), 0, &mut rng).unwrap();
    /// hand.playout_random(&mut rng);
    /// assert!(hand.is_finished());
    /// ```
    pub fn playout_random<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        if self.is_finished() {
            return;
        }
        let rules = *self.rules();
        let ace = rules.ace;
        let n = rules.players;
        let total = rules.plays_per_hand();
        let mut side = [0u8; 4];
        for (seat, s) in side.iter_mut().enumerate() {
            *s = rules.side_of(seat as u8);
        }
        // Unpack: hands, table, piles and the undealt batches in deal order.
        let mut table = self.table();
        let mut hands = [CardSet::EMPTY; 4];
        for (seat, h) in hands.iter_mut().enumerate().take(n as usize) {
            *h = self.hand(seat as u8);
        }
        let mut piles = [CardSet::EMPTY; 3];
        let mut scope = [0u8; 3];
        for k in 0..rules.sides() {
            piles[k as usize] = self.pile(k);
            scope[k as usize] = self.scope(k);
        }
        let (batches, first_batch) = self.batches();
        let mut next_batch = first_batch;
        let mut last_capture = self.last_capture();
        let mut turn = self.turn();
        let mut plays = self.plays();
        let eldest = self.eldest();
        while plays < total {
            let hand = hands[turn as usize];
            let Some(mv) = draw(table, hand, ace, rng) else {
                break;
            };
            let card = mv.card();
            hands[turn as usize] = hand - CardSet::single(card);
            plays += 1;
            if mv.is_lay() {
                table.insert(card);
            } else {
                let sd = side[turn as usize];
                table -= mv.capture();
                piles[sd as usize] |= mv.capture() | CardSet::single(card);
                last_capture = Some(sd);
                let sweep_by_ace = ace == AceRule::TakesAll
                    && card.value() == 1
                    && (mv.capture() & CardSet::of_value(1)).is_empty();
                if table.is_empty() && plays < total && !sweep_by_ace {
                    scope[sd as usize] += 1;
                }
            }
            turn += 1;
            if turn == n {
                turn = 0;
            }
            if hands[turn as usize].is_empty() && plays < total {
                // Deal the next round, from the eldest on.
                for pos in 0..n {
                    let seat = (eldest + pos) % n;
                    hands[seat as usize] = batches[next_batch as usize];
                    next_batch += 1;
                }
            }
        }
        if plays >= total
            && let Some(sd) = last_capture
        {
            // The cards left on the table go to the side that captured last.
            piles[sd as usize] |= table;
        }
        // Whatever is in no hand, pile or batch is on the table.
        self.set_unpacked(
            &hands,
            &piles,
            &scope,
            last_capture,
            plays,
            turn,
            &batches,
            next_batch,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::SplitMix64;
    use crate::rules::{DealKind, Rules};

    fn all_rules() -> impl Iterator<Item = Rules> {
        let mut out = std::vec::Vec::new();
        for players in 2..=4u8 {
            for deal in DealKind::ALL {
                for ace in AceRule::ALL {
                    let r = Rules {
                        players,
                        deal: *deal,
                        ace: *ace,
                        ..Rules::default()
                    };
                    if r.validate().is_ok() {
                        out.push(r);
                    }
                }
            }
        }
        out.into_iter()
    }

    #[test]
    fn random_move_draws_like_the_move_list() {
        for rules in all_rules() {
            for seed in 0..40u64 {
                let mut deal_rng = SplitMix64::new(seed);
                let mut h = HandState::deal(
                    rules,
                    (seed % u64::from(rules.players)) as u8,
                    &mut deal_rng,
                )
                .unwrap();
                let (mut a, mut b) = (SplitMix64::new(seed ^ 0xABC), SplitMix64::new(seed ^ 0xABC));
                while !h.is_finished() {
                    let list = h.legal_moves();
                    let expect = list[below(&mut a, list.len() as u32) as usize];
                    assert_eq!(h.random_move(&mut b), Some(expect), "{rules:?} seed {seed}");
                    h.play(h.turn(), expect).unwrap();
                }
            }
        }
    }

    #[test]
    fn playout_equals_move_by_move_play() {
        for rules in all_rules() {
            for seed in 0..40u64 {
                let start = HandState::deal(rules, 0, &mut SplitMix64::new(seed)).unwrap();
                let mut fast = start;
                fast.playout_random(&mut SplitMix64::new(seed + 1));
                let mut slow = start;
                let mut rng = SplitMix64::new(seed + 1);
                while let Some(mv) = slow.random_move(&mut rng) {
                    slow.play(slow.turn(), mv).unwrap();
                }
                assert_eq!(fast, slow, "{rules:?} seed {seed}");
                assert!(fast.is_finished());
            }
        }
    }
}
