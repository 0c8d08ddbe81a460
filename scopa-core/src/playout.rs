//! Uniformly random playouts: the fast path for benchmarks and Monte-Carlo search.
//!
//! [`HandState::random_move`] draws exactly what `legal_moves()[below(rng, len)]` would
//! draw — same canonical order, same single call to [`below`] — but counts the captures of
//! each card instead of listing them and builds only the chosen move.
//! [`HandState::playout_random`] repeats that to the end of the hand on unpacked bitsets,
//! specialised for each player count. Both are tested to give the same games as the
//! general path.
//!
//! On a table that holds no value twice (nearly every table: see `capture.rs`) the counts
//! of every card value come from one lookup by the table's value mask, and the chosen
//! capture from one more; other tables go through the general capture search.

use rand_core::Rng;

use crate::capture::{
    Move, distinct_nth, lane_count, repeated_nth, repeats_a_value, table_counts, value_mask,
};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::below_nonzero;
use crate::hand::{HandState, NO_SIDE};
use crate::rules::AceRule;

/// Bits of the four Aces.
const ACES: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30;

/// Draws the move: the bit position of the card and the index `k` of its capture, from
/// the packed capture counts of the table (see `capture::table_counts`) — the same draw
/// as indexing the canonical move list (by card, then capture) with one `below` call.
/// `SMALL`: the hand has at most 3 cards (every standard deal), counted without a loop.
/// `None` for an empty hand.
#[inline(always)]
fn pick<const SMALL: bool, R: Rng + ?Sized>(
    counts: u64,
    hand: u64,
    rng: &mut R,
) -> Option<(u32, u64)> {
    if SMALL {
        // The (up to) three cards in canonical order; a missing card counts 0.
        let c0 = hand.trailing_zeros();
        let h1 = hand & hand.wrapping_sub(1);
        let c1 = h1.trailing_zeros();
        let c2 = (h1 & h1.wrapping_sub(1)).trailing_zeros();
        let (n0, n1, n2) = (
            lane_count(counts, c0),
            lane_count(counts, c1),
            lane_count(counts, c2),
        );
        let total = n0 + n1 + n2;
        if total == 0 {
            return None;
        }
        let k = u64::from(below_nonzero(rng, total as u32));
        return Some(if k < n0 {
            (c0, k)
        } else if k < n0 + n1 {
            (c1, k - n0)
        } else {
            (c2, k - n0 - n1)
        });
    }
    let mut total = 0;
    let mut rest = hand;
    while rest != 0 {
        total += lane_count(counts, rest.trailing_zeros());
        rest &= rest - 1;
    }
    if total == 0 {
        return None;
    }
    let mut k = u64::from(below_nonzero(rng, total as u32));
    let mut rest = hand;
    while rest != 0 {
        let c = rest.trailing_zeros();
        let n = lane_count(counts, c);
        if k < n {
            return Some((c, k));
        }
        k -= n;
        rest &= rest - 1;
    }
    None // unreachable: k < total
}

/// A uniformly random legal move of `hand` on `table` — the same draw as indexing the
/// canonical move list with one `below` call: the bit position of the card played and
/// the bits it captures (0: laid). `repeated`: whether the table holds a value twice.
#[inline(always)]
fn choose<const SMALL: bool, R: Rng + ?Sized>(
    table: u64,
    hand: u64,
    repeated: bool,
    ace: AceRule,
    rng: &mut R,
) -> Option<(u32, u64)> {
    let (card, k) = pick::<SMALL, R>(table_counts(table, repeated, ace), hand, rng)?;
    let capture = if repeated {
        repeated_nth(table, Card::from_index(card as u8)?, k as usize, ace)
    } else {
        distinct_nth(table, value_mask(table), card, k, ace)
    };
    Some((card, capture))
}

impl HandState {
    /// A uniformly random legal move of the seat to play (`None` once the hand is over).
    ///
    /// Draws exactly what `legal_moves()[below(rng, len)]` draws, faster.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.is_finished() {
            return None;
        }
        let table = self.table().bits();
        let hand = self.hand(self.turn()).bits();
        let repeated = repeats_a_value(table);
        let (i, capture) = choose::<false, R>(table, hand, repeated, self.rules().ace, rng)?;
        let card = Card::from_index(i as u8)?;
        Some(Move::new(card, CardSet::from_bits_truncate(capture)))
    }

    /// Plays uniformly random legal moves until the hand is over — the same game as
    /// repeatedly playing [`HandState::random_move`], on unpacked bitsets. The fastest way
    /// to finish a hand at random: the Monte-Carlo path.
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
        let small = rules.cards_per_round() == 3;
        match (rules.players, small) {
            (2, _) => playout_n::<2, true, R>(self, rng),
            (3, _) => playout_n::<3, true, R>(self, rng),
            (_, true) => playout_n::<4, true, R>(self, rng),
            (_, false) => playout_n::<4, false, R>(self, rng),
        }
    }
}

/// [`playout`] for the state's Ace rule.
#[inline]
fn playout_n<const N: usize, const SMALL: bool, R: Rng + ?Sized>(
    state: &mut HandState,
    rng: &mut R,
) {
    match state.rules().ace {
        AceRule::Plain => playout::<N, SMALL, 0, R>(state, rng),
        AceRule::TakesAll => playout::<N, SMALL, 1, R>(state, rng),
        AceRule::MatchTakesAll => playout::<N, SMALL, 2, R>(state, rng),
    }
}

/// A hand being played out, unpacked into bitsets. The hands and the sides' piles and
/// scope are rotated after each play so that index 0 is always the seat to play and its
/// side: constant indices, which the compiler keeps in registers.
struct Run<const N: usize, const S: usize> {
    table: u64,
    /// `hands[j]`: the hand of the seat `j` places after the one to play.
    hands: [u64; N],
    /// `piles[j]`, `scope[j]`: the side `j` places after the one to play.
    piles: [u64; S],
    scope: [u8; S],
    /// The side that captured last, or `NO_SIDE`.
    last: u8,
    turn: u8,
    plays: u8,
    /// Plays left before every hand is empty.
    until_deal: u8,
    /// The location code of the next undealt batch.
    next_code: usize,
}

impl<const N: usize, const S: usize> Run<N, S> {
    /// Plays the card at bit `card` capturing `capture` (0: laid) for the seat to play,
    /// then deals the next round from `locations` when every hand is empty. `aces`: the
    /// Aces whose capture without an Ace is a `takes_all` sweep, never a scopa.
    #[inline(always)]
    fn play(
        &mut self,
        card: u64,
        capture: u64,
        total: u8,
        per_round: u8,
        aces: u64,
        locations: &[u64; 16],
    ) {
        let hand = self.hands[0] & !card;
        self.plays += 1;
        // Laid (the card joins the table: it never repeats a value there) or captured,
        // without a branch on which.
        let captured = capture != 0;
        let taken = 0u64.wrapping_sub(u64::from(captured));
        self.table = (self.table & !capture) | (card & !taken);
        let pile = self.piles[0] | ((capture | card) & taken);
        let side = if N == 4 { self.turn & 1 } else { self.turn };
        if captured {
            self.last = side;
        }
        let sweep_by_ace = card & aces != 0 && capture & ACES == 0;
        let scope = self.scope[0]
            + u8::from(captured && self.table == 0 && self.plays < total && !sweep_by_ace);
        // The next seat (and side) to play moves to index 0.
        let hands = self.hands;
        self.hands = core::array::from_fn(|j| if j + 1 == N { hand } else { hands[j + 1] });
        let piles = self.piles;
        self.piles = core::array::from_fn(|j| if j + 1 == S { pile } else { piles[j + 1] });
        let scopes = self.scope;
        self.scope = core::array::from_fn(|j| if j + 1 == S { scope } else { scopes[j + 1] });
        self.turn = if usize::from(self.turn) + 1 == N {
            0
        } else {
            self.turn + 1
        };
        self.until_deal -= 1;
        if self.until_deal == 0 && self.plays < total {
            // Every hand is empty and the eldest is to play: deal the next batches, from
            // the eldest on.
            self.until_deal = per_round;
            for (j, hand) in self.hands.iter_mut().enumerate() {
                *hand = locations[(self.next_code + j) & 15];
            }
            self.next_code += N;
        }
    }
}

/// [`HandState::playout_random`] for `N` players, hands of at most 3 cards (`SMALL`) or
/// more, and the Ace rule `ACE` (`AceRule as u8`), for a hand not finished.
#[inline]
fn playout<const N: usize, const SMALL: bool, const ACE: u8, R: Rng + ?Sized>(
    state: &mut HandState,
    rng: &mut R,
) {
    if N == 3 {
        playout_sides::<N, 3, SMALL, ACE, R>(state, rng)
    } else {
        playout_sides::<N, 2, SMALL, ACE, R>(state, rng)
    }
}

/// [`playout`] with `S` sides.
#[inline(always)]
fn playout_sides<const N: usize, const S: usize, const SMALL: bool, const ACE: u8, R>(
    state: &mut HandState,
    rng: &mut R,
) where
    R: Rng + ?Sized,
{
    let ace = match ACE {
        1 => AceRule::TakesAll,
        2 => AceRule::MatchTakesAll,
        _ => AceRule::Plain,
    };
    let aces = if ACE == 1 { ACES } else { 0 };
    let rules = *state.rules();
    let total = rules.plays_per_hand();
    let per_round = rules.plays_per_round();
    let locations = state.locations();
    let plays = state.plays();
    let turn = usize::from(state.turn()) % N;
    let side = if N == 4 { turn & 1 } else { turn };
    let mut run = Run::<N, S> {
        table: locations[0],
        hands: core::array::from_fn(|j| locations[1 + S + (turn + j) % N]),
        piles: core::array::from_fn(|j| locations[1 + (side + j) % S]),
        scope: core::array::from_fn(|j| state.scope(((side + j) % S) as u8)),
        last: state.last_capture().unwrap_or(NO_SIDE),
        turn: turn as u8,
        plays,
        until_deal: per_round - plays % per_round,
        next_code: 1 + S + N + usize::from(state.next_batch()),
    };
    // While the table holds some value twice (only ever some of the initial cards)…
    while run.plays < total && repeats_a_value(run.table) {
        let Some((i, capture)) = choose::<SMALL, R>(run.table, run.hands[0], true, ace, rng) else {
            break;
        };
        run.play(1 << i, capture, total, per_round, aces, &locations);
    }
    // … then no value twice to the end of the hand: a laid card never repeats one, and
    // captures only remove cards.
    while run.plays < total {
        let Some((i, capture)) = choose::<SMALL, R>(run.table, run.hands[0], false, ace, rng)
        else {
            break;
        };
        run.play(1 << i, capture, total, per_round, aces, &locations);
    }
    // Back from the rotation to seats and sides.
    let turn = usize::from(run.turn);
    let side = if N == 4 { turn & 1 } else { turn };
    let mut hands = [0u64; N];
    for (j, &hand) in run.hands.iter().enumerate() {
        hands[(turn + j) % N] = hand;
    }
    let mut piles = [0u64; 3];
    let mut scope = [0u8; 3];
    for j in 0..S {
        piles[(side + j) % S] = run.piles[j];
        scope[(side + j) % S] = run.scope[j];
    }
    if run.plays >= total && run.last != NO_SIDE {
        // The cards left on the table go to the side that captured last.
        piles[usize::from(run.last)] |= run.table;
    }
    // Whatever is in no hand, pile or undealt batch is on the table.
    state.set_unpacked(
        &hands,
        &piles,
        scope,
        run.last,
        run.plays,
        run.turn,
        (run.next_code - 1 - S - N) as u8,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{SplitMix64, below};
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
