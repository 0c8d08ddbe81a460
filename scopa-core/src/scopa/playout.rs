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

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::below_nonzero;
use crate::scopa::capture::{
    Move, distinct_multi, distinct_nth, distinct_single, lane_count, lane_shift,
    repeated_counts_and_laid, repeated_nth, repeats_a_value, table_counts, value_mask,
};
use crate::scopa::hand::{HandState, NO_SIDE};
use crate::scopa::rules::AceRule;

/// Bits of the four Aces.
const ACES: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30;

/// Draws the move: the bit position of the card, the index `k` of its capture and its
/// number of captures, from
/// the packed capture counts of the table (see `capture::table_counts`) — the same draw
/// as indexing the canonical move list (by card, then capture) with one `below` call.
/// `SMALL`: the hand has at most 3 cards (every standard deal), counted without a loop.
/// `None` for an empty hand.
#[inline(always)]
fn pick<const SMALL: bool, R: Rng + ?Sized>(
    counts: u64,
    hand: u64,
    rng: &mut R,
) -> Option<(u32, u64, u64)> {
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
            (c0, k, n0)
        } else if k < n0 + n1 {
            (c1, k - n0, n1)
        } else {
            (c2, k - n0 - n1, n2)
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
            return Some((c, k, n));
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
    let (card, k, n) = pick::<SMALL, R>(table_counts(table, repeated, ace), hand, rng)?;
    let capture = if repeated {
        repeated_nth(
            table,
            Card::from_index(card as u8)?,
            k as usize,
            n as usize,
            ace,
        )
    } else {
        distinct_nth(table, value_mask(table), card, k, ace)
    };
    Some((card, capture))
}

/// [`choose`] for a table holding no value twice and a hand of at most 3 cards. When none
/// of them has two captures or more (most plays), every card is one move and the draw is
/// just the `k`-th card.
#[inline(always)]
fn choose_distinct_small<R: Rng + ?Sized>(
    table: u64,
    hand: u64,
    ace: AceRule,
    rng: &mut R,
) -> Option<(u32, u64)> {
    let values = value_mask(table);
    if hand & distinct_multi(table, values, ace) != 0 {
        return choose_several(table, hand, ace, rng);
    }
    let h1 = hand & hand.wrapping_sub(1);
    let mut rest = hand;
    if h1 == 0 {
        // One card: `below(rng, 1)` is 0 after exactly one `next_u32()`, whatever it
        // returns — only the generator's state has to move on.
        rng.next_u32();
    } else {
        let size = 2 + u32::from(h1 & h1.wrapping_sub(1) != 0);
        let k = below_nonzero(rng, size);
        // Drop the k lowest cards (k ≤ 2), without a branch on the random k: `x & (x - 1)`
        // drops the lowest card, `x & (x - 0)` none.
        rest &= rest.wrapping_sub(u64::from(k >= 1));
        rest &= rest.wrapping_sub(u64::from(k >= 2));
    }
    if rest == 0 {
        return None; // an empty hand: a corrupt position
    }
    let card = rest.trailing_zeros();
    Some((card, distinct_single(table, values, card, ace)))
}

/// [`choose`] for a small hand with a card of several captures on a table holding no value
/// twice (out of line: it is rare, and the main loop stays small).
#[inline(never)]
fn choose_several<R: Rng + ?Sized>(
    table: u64,
    hand: u64,
    ace: AceRule,
    rng: &mut R,
) -> Option<(u32, u64)> {
    choose::<true, R>(table, hand, false, ace, rng)
}

/// [`choose`] for a table holding some value twice, with the laid cards and single equal
/// cards taken without the general search.
#[inline(always)]
fn choose_repeated<const SMALL: bool, R: Rng + ?Sized>(
    table: u64,
    hand: u64,
    ace: AceRule,
    rng: &mut R,
) -> Option<(u32, u64)> {
    let values = value_mask(table);
    let (mut counts, laid) = repeated_counts_and_laid(table, values);
    let whole =
        matches!(ace, AceRule::MatchTakesAll) && values & 1 != 0 && table & (table - 1) != 0;
    counts += u64::from(whole);
    let (card, k, n) = pick::<SMALL, R>(counts, hand, rng)?;
    let bit = 1u64 << card;
    if laid >> lane_shift(card) & 1 != 0 {
        // Laid; a takes_all Ace (no Ace on the table) sweeps a non-empty table instead.
        let sweeps = matches!(ace, AceRule::TakesAll) && bit & ACES != 0;
        return Some((card, if sweeps { table } else { 0 }));
    }
    let equal = table & (ACES << (card % 10));
    if equal != 0 && !(whole && bit & ACES != 0) {
        // The k-th of the equal cards, by index.
        let mut rest = equal;
        for _ in 0..k {
            rest &= rest - 1;
        }
        return Some((card, rest & rest.wrapping_neg()));
    }
    let card = Card::from_index(card as u8)?;
    let capture = repeated_nth(table, card, k as usize, n as usize, ace);
    Some((u32::from(card.index()), capture))
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
    /// use scopa_core::SplitMix64;
    /// use scopa_core::scopa::{HandState, Rules};
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

/// A hand being played out, unpacked into bitsets. The hands and the sides' piles are
/// rotated after each play so that index 0 is always the seat to play and its side:
/// constant indices, which the compiler keeps in registers.
struct Run<const N: usize, const S: usize> {
    table: u64,
    /// `hands[j]`: the hand of the seat `j` places after the one to play.
    hands: [u64; N],
    /// `piles[j]`: the pile of the side `j` places after the one to play.
    piles: [u64; S],
    /// Scope by side (not rotated: scope are rare).
    scope: [u8; 3],
    /// Plays made in the hand.
    plays: u8,
    /// The value of `plays` after the last capture of this playout; 0: none yet.
    last_play: u8,
    /// The seat that leads the hand (plays number 0, N, 2N, …).
    eldest: u8,
}

impl<const N: usize, const S: usize> Run<N, S> {
    /// The side of the seat that made play number `play` (0-based) of the hand.
    #[inline(always)]
    fn side_of_play(&self, play: u8) -> usize {
        let seat = (usize::from(self.eldest) + usize::from(play)) % N;
        if N == 4 { seat & 1 } else { seat }
    }

    /// Plays the card at bit `card` capturing `capture` (0: laid) for the seat to play.
    /// `aces`: the Aces whose capture without an Ace is a `takes_all` sweep, never a
    /// scopa.
    #[inline(always)]
    fn play(&mut self, card: u64, capture: u64, total: u8, aces: u64) {
        let hand = self.hands[0] & !card;
        self.plays += 1;
        // Laid (the card joins the table: it never repeats a value there) or captured,
        // without a branch on which.
        let captured = capture != 0;
        let taken = 0u64.wrapping_sub(u64::from(captured));
        self.table = (self.table & !capture) | (card & !taken);
        let pile = self.piles[0] | ((capture | card) & taken);
        self.last_play = if captured { self.plays } else { self.last_play };
        // An empty table after the play means a capture (a laid card stays there): a
        // rare branch, unlike one on whether the card captured.
        if self.table == 0 {
            // A scopa, unless it is the last play or a takes_all Ace made the sweep (taking
            // no Ace).
            let sweep_by_ace = card & aces != 0 && capture & ACES == 0;
            let side = self.side_of_play(self.plays - 1);
            self.scope[side] += u8::from(self.plays < total && !sweep_by_ace);
        }
        // The next seat (and side) to play moves to index 0.
        let hands = self.hands;
        self.hands = core::array::from_fn(|j| if j + 1 == N { hand } else { hands[j + 1] });
        let piles = self.piles;
        self.piles = core::array::from_fn(|j| if j + 1 == S { pile } else { piles[j + 1] });
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
    let locations = state.locations();
    let plays = state.plays();
    let turn = usize::from(state.turn()) % N;
    let side = if N == 4 { turn & 1 } else { turn };
    let mut run = Run::<N, S> {
        table: locations[0],
        hands: core::array::from_fn(|j| locations[1 + S + (turn + j) % N]),
        piles: core::array::from_fn(|j| locations[1 + (side + j) % S]),
        scope: [state.scope(0), state.scope(1), state.scope(2)],
        plays,
        last_play: 0,
        eldest: state.eldest(),
    };
    let mut next_code = 1 + S + N + usize::from(state.next_batch());
    let mut repeated = repeats_a_value(run.table);
    // One round (or the rest of it) per turn of the outer loop: the seats play in turn from
    // equal hands, so the round is over when the next seat has no card.
    'hand: loop {
        // While the table holds some value twice (only ever some of the initial cards)…
        while repeated {
            let hand = run.hands[0];
            let Some((i, capture)) = choose_repeated::<SMALL, R>(run.table, hand, ace, rng) else {
                break 'hand;
            };
            run.play(1 << i, capture, total, aces);
            repeated = repeats_a_value(run.table);
            if run.hands[0] == 0 {
                break;
            }
        }
        // … then no value twice to the end of the hand: a laid card never repeats one, and
        // captures only remove cards.
        while !repeated && run.hands[0] != 0 {
            let hand = run.hands[0];
            let chosen = if SMALL {
                choose_distinct_small(run.table, hand, ace, rng)
            } else {
                choose::<false, R>(run.table, hand, false, ace, rng)
            };
            let Some((i, capture)) = chosen else {
                break 'hand;
            };
            run.play(1 << i, capture, total, aces);
        }
        if run.plays >= total {
            break;
        }
        if run.hands[0] != 0 {
            continue; // the table became distinct mid-round
        }
        // Every hand is empty and the eldest is to play: deal the next batches, from the
        // eldest on.
        for (j, hand) in run.hands.iter_mut().enumerate() {
            *hand = locations[(next_code + j) & 15];
        }
        next_code += N;
    }
    // Back from the rotation to seats and sides.
    let turn = (usize::from(run.eldest) + usize::from(run.plays)) % N;
    let side = if N == 4 { turn & 1 } else { turn };
    let mut hands = [0u64; N];
    for (j, &hand) in run.hands.iter().enumerate() {
        hands[(turn + j) % N] = hand;
    }
    let mut piles = [0u64; 3];
    for (j, &pile) in run.piles.iter().enumerate() {
        piles[(side + j) % S] = pile;
    }
    let last = match run.last_play {
        0 => state.last_capture().unwrap_or(NO_SIDE),
        play => run.side_of_play(play - 1) as u8,
    };
    if run.plays >= total && last != NO_SIDE {
        // The cards left on the table go to the side that captured last.
        piles[usize::from(last)] |= run.table;
    }
    if run.plays >= total {
        state.set_finished(&piles, run.scope, last);
        return;
    }
    // Whatever is in no hand, pile or undealt batch is on the table.
    state.set_unpacked(
        &hands,
        &piles,
        run.scope,
        last,
        run.plays,
        turn as u8,
        (next_code - 1 - S - N) as u8,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{SplitMix64, below};
    use crate::scopa::rules::{DealKind, Rules};

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
