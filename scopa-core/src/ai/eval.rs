//! Integer evaluation shared by the levels: what a card is worth to take, which card
//! values would sweep a table, and the static estimate of a hand in progress (public for
//! the search variants built on [`super::search`]).
//!
//! Every figure is in *centipoints* (1/100 of a hand point) and computed with integers
//! only, so the same position gives the same number on every architecture.

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::scopa::hand::HandState;
use crate::scopa::rules::{AceRule, PrimieraRule, Rules};

/// Centipoints of one hand point.
pub const POINT: i32 = 100;

/// What taking `card` into one's pile is worth, in centipoints, by a club player's rule of
/// thumb: a share of carte, of denari, of primiera, and the settebello (a whole point).
pub fn take_value(rules: &Rules, card: Card) -> i32 {
    let mut v = 5; // one of 21 cards needed for carte
    if card.suit() == Suit::Denari {
        v += 10; // one of 6 coins needed for denari
    }
    v += match card.value() {
        7 => 22,
        6 => 12,
        1 => 6,
        5 => 3,
        _ => 0,
    };
    if card == Card::SETTEBELLO {
        v += POINT;
    }
    if rules.re_bello && card == Card::RE_BELLO {
        v += POINT;
    }
    if rules.napola && card.suit() == Suit::Denari && card.value() <= 3 {
        v += 10;
    }
    v
}

/// Sum of [`take_value`] over `cards`.
pub fn set_value(rules: &Rules, cards: CardSet) -> i32 {
    cards.iter().map(|c| take_value(rules, c)).sum()
}

/// Bit `v` set for each card value `v` (1 … 10) whose capture on `table` would sweep it as
/// a scopa (an ordinary capture of the whole table).
pub fn sweep_values(table: CardSet, ace: AceRule) -> u16 {
    if table.is_empty() {
        return 0;
    }
    let mut mask = 0u16;
    if table.len() == 1 {
        if let Some(c) = table.first() {
            mask |= 1 << c.value();
        }
    } else {
        let sum = table.value_sum();
        if sum <= 10 && table.count_value(sum as u8) == 0 {
            // With `takes_all`, an Ace on an Ace-less table takes everything but not as a
            // scopa; a sum of 1 needs two cards, so it cannot happen here anyway.
            mask |= 1 << sum;
        }
        if ace == AceRule::MatchTakesAll && table.count_value(1) > 0 {
            mask |= 1 << 1;
        }
    }
    mask
}

/// One race (carte, denari or primiera): each side's share in centipoints, from the
/// tallies `vals`, what is still to be won (`left`) and how uncertain the race still is
/// (`scale`, larger means the lead matters less).
fn race(vals: &[i32; 3], k: usize, left: i32, scale: i32, out: &mut [i32; 3]) {
    for i in 0..k {
        let mut other = i32::MIN;
        for (j, &v) in vals.iter().enumerate().take(k) {
            if j != i && v > other {
                other = v;
            }
        }
        let lead = vals[i] - other;
        out[i] += if lead > left {
            POINT
        } else if lead + left <= 0 {
            0
        } else {
            (POINT / 2 + lead * (POINT / 2) / scale.max(1)).clamp(POINT / 20, POINT - POINT / 20)
        };
    }
}

/// The expected points of each side (centipoints) from a hand in progress: scope made,
/// the settebello (and re bello) if taken, and the carte, denari and primiera races from
/// the piles so far.
pub(crate) fn side_points(st: &HandState, out: &mut [i32; 3]) {
    let rules = st.rules();
    let k = rules.sides() as usize;
    *out = [0; 3];
    let mut cards = [0i32; 3];
    let mut coins = [0i32; 3];
    let mut prim = [0i32; 3];
    let mut taken = CardSet::EMPTY;
    for side in 0..k {
        let pile = st.pile(side as u8);
        taken |= pile;
        out[side] += POINT * i32::from(st.scope(side as u8));
        if pile.contains(Card::SETTEBELLO) {
            out[side] += POINT;
        }
        if rules.re_bello && pile.contains(Card::RE_BELLO) {
            out[side] += POINT;
        }
        if rules.napola {
            out[side] += POINT * i32::from(crate::scopa::score::napola_points(pile));
        }
        cards[side] = pile.len() as i32;
        coins[side] = pile.count_suit(Suit::Denari) as i32;
        prim[side] = match rules.primiera {
            PrimieraRule::MostSevens => {
                (pile.count_value(7) * 16 + pile.count_value(6) * 4 + pile.count_value(1)) as i32
            }
            _ => primiera_partial(pile),
        };
    }
    let rest = taken.complement();
    let left_cards = rest.len() as i32;
    race(&cards, k, left_cards, left_cards / 3 + 3, out);
    let left_coins = rest.count_suit(Suit::Denari) as i32;
    race(&coins, k, left_coins, left_coins / 2 + 1, out);
    // Primiera: the sevens, sixes and aces still out decide most of it.
    let key = (rest.count_value(7) * 6 + rest.count_value(6) * 3 + rest.count_value(1)) as i32;
    let prim_left = match rules.primiera {
        PrimieraRule::MostSevens => {
            (rest.count_value(7) * 16 + rest.count_value(6) * 4 + rest.count_value(1)) as i32
        }
        _ => primiera_partial(rest),
    };
    race(&prim, k, prim_left, 6 + key, out);
}

/// Primiera of one suit's cards above a figure, by 10-bit mask of the values held:
/// 7 → 11, 6 → 8, Ace → 6, 5 → 5, 4 → 4, 3 → 3, 2 → 2, figures or nothing → 0.
const SUIT_PRIM: [u8; 1024] = {
    // Bit v-1 is value v; primiera above 10 for values 1 … 10.
    const ABOVE: [u8; 10] = [6, 2, 3, 4, 5, 8, 11, 0, 0, 0];
    let mut t = [0u8; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut best = 0;
        let mut v = 0;
        while v < 10 {
            if m >> v & 1 != 0 && ABOVE[v] > best {
                best = ABOVE[v];
            }
            v += 1;
        }
        t[m] = best;
        m += 1;
    }
    t
};

/// Sum over the suits of [`SUIT_PRIM`]: sevens and sixes decide the race, a King of a new
/// suit does not.
#[inline]
fn primiera_partial(cards: CardSet) -> i32 {
    let b = cards.bits();
    let mut sum = 0;
    let mut s = 0;
    while s < 4 {
        sum += i32::from(SUIT_PRIM[((b >> (10 * s)) & 0x3FF) as usize]);
        s += 1;
    }
    sum
}

/// Folds per-side points into one number from `side`'s point of view: its points minus
/// the others' (with 3 sides, twice its points minus the two others', which keeps integers
/// and ranks moves like "mine minus the others' average").
#[inline]
pub(crate) fn relative(points: &[i32; 3], k: usize, side: u8) -> i32 {
    let s = side as usize;
    let mut others = 0;
    for (i, &p) in points.iter().enumerate().take(k) {
        if i != s {
            others += p;
        }
    }
    points[s] * (k as i32 - 1) - others
}

/// The value of `st` for `side`: exact once the hand is finished, the static estimate
/// otherwise.
pub fn value(st: &HandState, side: u8) -> i32 {
    let k = st.rules().sides() as usize;
    let mut pts = [0i32; 3];
    if st.is_finished() {
        if let Some(score) = st.score() {
            let t = score.totals();
            for i in 0..k {
                pts[i] = i32::from(t[i]) * POINT;
            }
        }
    } else {
        side_points(st, &mut pts);
    }
    relative(&pts, k, side)
}

/// The static value of `st` for `side` at a search's horizon: [`value`] and the sweep
/// threat — the seat to move holds a card that sweeps the table (a world's hands are
/// known), so its side all but surely scores a scopa next.
#[inline(never)]
pub fn static_value(st: &HandState, side: u8) -> i32 {
    value(st, side) + sweep_threat(st, side)
}

/// The sweep threat of [`static_value`].
fn sweep_threat(st: &HandState, side: u8) -> i32 {
    if st.is_last_play() {
        return 0;
    }
    let rules = st.rules();
    let sweeps = sweep_values(st.table(), rules.ace);
    if sweeps == 0 {
        return 0;
    }
    let mut held = 0u16;
    for c in st.hand(st.turn()) {
        held |= 1 << c.value();
    }
    if sweeps & held == 0 {
        return 0;
    }
    let k = i32::from(rules.sides());
    let worth = POINT * 4 / 5;
    if rules.side_of(st.turn()) == side {
        worth * (k - 1)
    } else {
        -worth
    }
}

/// Probability, in 1/1024, that a seat holding `hand` cards drawn from `pool` unseen
/// cards holds at least one of `good` particular cards.
pub fn p_holds_any(pool: u32, good: u32, hand: u32) -> i32 {
    if good == 0 || hand == 0 || pool == 0 {
        return 0;
    }
    if good + hand > pool {
        return 1024;
    }
    // P(none) = prod_{i < hand} (pool - good - i) / (pool - i)
    let mut none: u32 = 1024;
    for i in 0..hand {
        none = none * (pool - good - i) / (pool - i);
    }
    1024 - none as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn sweep_values_follow_the_capture_rules() {
        assert_eq!(sweep_values(set("5d"), AceRule::Plain), 1 << 5);
        assert_eq!(sweep_values(set("3d 4c"), AceRule::Plain), 1 << 7);
        // 5 + 5 = 10 but a 5 on the table must be taken alone: only a 10 sweeps.
        assert_eq!(sweep_values(set("5d 5c"), AceRule::Plain), 1 << 10);
        // 2 + 2 + 4 = 8; no 8 on the table.
        assert_eq!(sweep_values(set("2d 2c 4s"), AceRule::Plain), 1 << 8);
        // 4 + 4 = 8 but the table holds a card equal to the sum? no: sum 8, no 8 present.
        assert_eq!(sweep_values(set("6d 6c"), AceRule::Plain), 0);
        assert_eq!(
            sweep_values(set("1d 3c"), AceRule::MatchTakesAll),
            (1 << 4) | (1 << 1)
        );
        assert_eq!(sweep_values(CardSet::EMPTY, AceRule::Plain), 0);
    }

    #[test]
    fn holding_probability_is_exact_on_small_cases() {
        assert_eq!(p_holds_any(10, 0, 3), 0);
        assert_eq!(p_holds_any(10, 8, 3), 1024);
        // one good card among 4, hand of 1: 1/4
        assert_eq!(p_holds_any(4, 1, 1), 256);
    }
}
