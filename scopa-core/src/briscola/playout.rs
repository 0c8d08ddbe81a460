//! The random playout's fast path: a whole hand played to its end on local copies of the
//! state, and no events. It plays by the same rules as
//! [`BriscolaHand::play`](super::BriscolaHand::play) (a test replays its cards through `play`
//! and compares):
//!
//! - who takes the trick is one lookup per card in [`TAKERS`] (the cards that take the trick
//!   from the best card so far, built from [`beats`](super::beats));
//! - from a trick's start every hand holds the same number of cards (each seat plays one
//!   and, while the stock lasts, draws one), so one count serves every seat and no card is
//!   counted in the loop;
//! - the cards still to draw are laid out once, the face-up briscola last, and each trick
//!   while they last is followed by one round of them (`N` cards, the winner first); then
//!   the hands are played out, one card fewer in each after every trick.
//!
//! Each card is chosen with 16 random bits ([`choose`]): one 64-bit draw of the generator
//! serves four plays, in order (the draws are made up front, as many as the plays left
//! need). The choice among `n ≤ 9` cards is off uniform by less than `n / 65536`, which a
//! random playout does not notice.

use crate::card::Card;
use crate::cardset::CardSet;

use super::hand::{BriscolaHand, FILLER, MAX_PLAYERS};
use super::trick::TAKERS;

/// The `k`-th card (`k = bits16 × size / 65536`) of the hand `bits` of `size` cards.
#[inline]
pub(super) fn choose(bits: u64, size: u32, bits16: u64) -> u8 {
    let k = (bits16 * u64::from(size)) >> 16;
    // Hands of three (the usual size) without a branch: drop the lowest card if k ≥ 1, the
    // next if k ≥ 2; larger hands drop the rest one by one.
    let mut b = bits & bits.wrapping_sub(u64::from(k >= 1));
    b &= b.wrapping_sub(u64::from(k >= 2));
    for _ in 2..k {
        b &= b.wrapping_sub(1);
    }
    b.trailing_zeros() as u8
}

/// [`choose`] for hands of at most three cards (`k ≤ 2`).
#[inline(always)]
fn choose_small(bits: u64, size: u32, bits16: u64) -> u8 {
    let k = (bits16 * u64::from(size)) >> 16;
    let mut b = bits & bits.wrapping_sub(u64::from(k >= 1));
    b &= b.wrapping_sub(u64::from(k >= 2));
    b.trailing_zeros() as u8
}

impl BriscolaHand {
    /// Plays the hand to its end, every seat playing a card of its hand at random (what the
    /// benchmarks measure): a fast path without events.
    pub fn playout_random<R: rand_core::Rng + ?Sized>(&mut self, rng: &mut R) {
        match self.rules.players {
            2 => run::<2, R>(self, rng),
            3 => run::<3, R>(self, rng),
            _ => run::<4, R>(self, rng),
        }
    }
}

/// The seat after `seat` at a table of `N`.
#[inline(always)]
fn after<const N: usize>(seat: usize) -> usize {
    if N.is_power_of_two() {
        (seat + 1) & (N - 1)
    } else if seat + 1 >= N {
        0
    } else {
        seat + 1
    }
}

/// The side of `seat` (partners sit opposite with four players).
#[inline(always)]
fn side<const N: usize>(seat: usize) -> usize {
    if N == 4 { seat & 1 } else { seat }
}

/// The `i`-th 16 random bits of `random` (two bytes each, little-endian).
#[inline(always)]
fn bits16(random: &[u8], i: usize) -> u64 {
    match random.get(2 * i..2 * i + 2) {
        Some(&[lo, hi]) => u64::from(u16::from_le_bytes([lo, hi])),
        _ => 0,
    }
}

/// One trick from its start, every hand holding `size` cards: each seat from `leader`
/// plays a card chosen with the next 16 bits of `random` (`2 × N` bytes). Returns the seat
/// that takes it and its cards (as bits). Hands are indexed `& 3` and cards `& 63`
/// (arrays of four, rows of 64: no bounds to check). `SMALL`: hands of at most 3 cards.
#[inline(always)]
fn trick<const N: usize, const SMALL: bool>(
    hands: &mut [u64; 4],
    leader: usize,
    size: u32,
    takers: &[u64; 64],
    random: &[u8],
) -> (usize, u64) {
    let pick = |bits: u64, i: usize| {
        if SMALL {
            choose_small(bits, size, bits16(random, i)) & 63
        } else {
            choose(bits, size, bits16(random, i)) & 63
        }
    };
    let mut seat = leader;
    let mut best = pick(hands[seat & 3], 0);
    hands[seat & 3] &= !(1 << best);
    let mut taken = 1u64 << best;
    let mut winner = seat;
    for i in 1..N {
        seat = after::<N>(seat);
        let card = pick(hands[seat & 3], i);
        hands[seat & 3] &= !(1 << card);
        taken |= 1 << card;
        if takers[usize::from(best)] >> card & 1 != 0 {
            best = card;
            winner = seat;
        }
    }
    (winner, taken)
}

/// Two players: one trick from its start, `lead` the leader's hand and `other` the other
/// seat's (both of `size` cards, at most 3 if `SMALL`). Returns whether the second card
/// takes it, and the trick's cards.
#[inline(always)]
fn trick2<const SMALL: bool>(
    lead: &mut u64,
    other: &mut u64,
    size: u32,
    takers: &[u64; 64],
    random: &[u8],
) -> (bool, u64) {
    let pick = |bits: u64, i: usize| {
        if SMALL {
            choose_small(bits, size, bits16(random, i)) & 63
        } else {
            choose(bits, size, bits16(random, i)) & 63
        }
    };
    let first = pick(*lead, 0);
    *lead &= !(1 << first);
    let second = pick(*other, 1);
    *other &= !(1 << second);
    (
        takers[usize::from(first)] >> second & 1 != 0,
        1 << first | 1 << second,
    )
}

/// Two players' hands and piles, the leader's first.
struct Two {
    lead: u64,
    other: u64,
    lead_pile: u64,
    other_pile: u64,
    leader: usize,
}

impl Two {
    /// One trick from its start (hands of `size` cards, at most 3 if `SMALL`); the seat that
    /// takes it leads next.
    #[inline(always)]
    fn trick<const SMALL: bool>(&mut self, size: u32, takers: &[u64; 64], random: &[u8]) {
        let (second, taken) =
            trick2::<SMALL>(&mut self.lead, &mut self.other, size, takers, random);
        if second {
            core::mem::swap(&mut self.lead, &mut self.other);
            core::mem::swap(&mut self.lead_pile, &mut self.other_pile);
            self.leader ^= 1;
        }
        self.lead_pile |= taken;
    }
}

/// Every seat draws one of `cards` in turn, `winner` first; returns the seat that drew the
/// last.
#[inline(always)]
fn draw<const N: usize>(hands: &mut [u64; 4], winner: usize, cards: &[u8]) -> usize {
    let mut seat = winner;
    let mut last = winner;
    for &card in cards {
        hands[seat & 3] |= 1 << (card & 63);
        last = seat;
        seat = after::<N>(seat);
    }
    last
}

fn run<const N: usize, R: rand_core::Rng + ?Sized>(h: &mut BriscolaHand, rng: &mut R) {
    let tricks = h.rules.tricks();
    if h.tricks_done >= tricks {
        return;
    }
    let takers = &TAKERS[usize::from(h.briscola.index() / 10) & 3];
    let mut hands = [0u64; 4];
    for (bits, set) in hands.iter_mut().zip(&h.hands[..N]) {
        *bits = set.bits();
    }
    let mut piles = [0u64; 4];
    for (bits, set) in piles.iter_mut().zip(&h.piles) {
        *bits = set.bits();
    }
    // The cards still to draw, in the order drawn: the stock, then the face-up briscola
    // (the deck copied whole, the briscola after its last card).
    let mut order = [0u8; 41];
    for (slot, card) in order.iter_mut().zip(&h.deck) {
        *slot = card.index();
    }
    let end = usize::from(h.rules.deck_len());
    let mut stock: &[u8] = &[];
    if h.briscola_holder.is_none()
        && let Some(slot) = order.get_mut(end)
    {
        *slot = h.briscola.index();
        stock = order.get(usize::from(h.next)..=end).unwrap_or(&[]);
    }
    let stock_len = stock.len();
    // The trick in progress (empty at a trick's start). Every card still held or to draw
    // is played: `N` a trick left, less the cards already in the trick.
    let len = usize::from(h.trick_len).min(N - 1);
    let to_play = N * usize::from(tricks - h.tricks_done) - len;
    if !stock_len.is_multiple_of(N) {
        return; // cannot happen: every round of draws gives each seat a card
    }
    // The random bits of every play, drawn up front: 16 a play, four plays a draw.
    let mut random = [0u8; 80];
    for i in 0..to_play.div_ceil(4).min(10) {
        random[8 * i..8 * i + 8].copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    let mut rounds = stock.chunks_exact(N);
    let mut holder = h.briscola_holder;
    let mut leader = usize::from(h.leader) % N;
    let mut done = h.tricks_done;
    let mut plays = &random[..2 * to_play];

    // The last trick: its leader and every hand before it (one card each), once known.
    let mut final_trick: Option<(usize, [u64; 4])> = None;
    let mut final_cards = h.trick;

    // The trick in progress, if any: its other seats play (their hands counted one by one).
    if len > 0 {
        let mut winner = leader;
        let mut best = h.trick[0].index() & 63;
        let mut taken = 0u64;
        for (i, card) in h.trick[..len].iter().enumerate() {
            let card = card.index() & 63;
            taken |= 1 << card;
            if i > 0 && takers[usize::from(best)] >> card & 1 != 0 {
                best = card;
                winner = (leader + i) % N;
            }
        }
        for i in len..N {
            let seat = (leader + i) % N;
            let bits = hands[seat & 3];
            let card = choose(bits, bits.count_ones(), bits16(plays, i - len)) & 63;
            hands[seat & 3] &= !(1 << card);
            if let (Some(slot), Some(c)) = (final_cards.get_mut(i), Card::from_index(card)) {
                *slot = c;
            }
            taken |= 1 << card;
            if takers[usize::from(best)] >> card & 1 != 0 {
                best = card;
                winner = seat;
            }
        }
        plays = plays.get(2 * (N - len)..).unwrap_or(&[]);
        piles[side::<N>(winner) & 3] |= taken;
        leader = winner;
        done += 1;
        if let Some(cards) = rounds.next() {
            let last = draw::<N>(&mut hands, winner, cards);
            if rounds.len() == 0 {
                holder = Some(last as u8);
            }
        }
    }

    // From here every trick starts empty with the same number of cards in every hand: the
    // tricks left, less the rounds of draws still to come. (In a hand dealt and played by
    // the rules; in any other, cards are masked and slices bounded, so nothing panics.)
    let size = u32::from(tricks - done).saturating_sub(rounds.len() as u32);
    let mut plays = plays.chunks_exact(2 * N);
    if N == 2 && rounds.len() > 0 {
        // Two players: the leader's hand and pile first, swapped when the other takes.
        let mut two = Two {
            lead: hands[leader & 1],
            other: hands[(leader + 1) & 1],
            lead_pile: piles[leader & 1],
            other_pile: piles[(leader + 1) & 1],
            leader,
        };
        let draw_round = |two: &mut Two, cards: &[u8]| {
            if let [first, second] = *cards {
                two.lead |= 1 << (first & 63);
                two.other |= 1 << (second & 63);
            }
        };
        if size == 3 {
            // The usual hands of three (a constant: the choice is a multiplication by 3).
            for (cards, random) in rounds.zip(&mut plays) {
                two.trick::<true>(3, takers, random);
                draw_round(&mut two, cards);
            }
        } else {
            for (cards, random) in rounds.zip(&mut plays) {
                two.trick::<false>(size, takers, random);
                draw_round(&mut two, cards);
            }
        }
        // The other seat drew the briscola, last.
        holder = Some(((two.leader + 1) & 1) as u8);
        for (size, random) in (1..=size).rev().zip(plays) {
            if size == 1 {
                let mut before = [0; 4];
                before[two.leader & 1] = two.lead;
                before[(two.leader + 1) & 1] = two.other;
                final_trick = Some((two.leader, before));
            }
            if size <= 3 {
                two.trick::<true>(size, takers, random);
            } else {
                two.trick::<false>(size, takers, random);
            }
        }
        leader = two.leader;
        hands[leader & 1] = two.lead;
        hands[(leader + 1) & 1] = two.other;
        piles[leader & 1] = two.lead_pile;
        piles[(leader + 1) & 1] = two.other_pile;
    } else {
        let drawing = rounds.len() > 0;
        let mut last = leader;
        for (cards, random) in rounds.zip(&mut plays) {
            let (winner, taken) = if size <= 3 {
                trick::<N, true>(&mut hands, leader, size, takers, random)
            } else {
                trick::<N, false>(&mut hands, leader, size, takers, random)
            };
            piles[side::<N>(winner) & 3] |= taken;
            leader = winner;
            last = draw::<N>(&mut hands, winner, cards);
        }
        if drawing {
            holder = Some(last as u8);
        }
        for (size, random) in (1..=size).rev().zip(plays) {
            if size == 1 {
                final_trick = Some((leader, hands));
            }
            let (winner, taken) = if size <= 3 {
                trick::<N, true>(&mut hands, leader, size, takers, random)
            } else {
                trick::<N, false>(&mut hands, leader, size, takers, random)
            };
            piles[side::<N>(winner) & 3] |= taken;
            leader = winner;
        }
    }

    for (set, &bits) in h.hands.iter_mut().zip(&hands[..N]) {
        *set = CardSet::from_bits_truncate(bits);
    }
    for (set, &bits) in h.piles.iter_mut().zip(&piles) {
        *set = CardSet::from_bits_truncate(bits);
    }
    if h.briscola_holder.is_none() {
        h.next = h.rules.deck_len();
    }
    // The last trick, in the order played: each seat's last card from its leader on (or
    // the trick that was in progress, if it was the last).
    if let Some((first, before)) = final_trick {
        for (i, slot) in final_cards.iter_mut().enumerate().take(N) {
            let bits = before[((first + i) % N) & 3];
            if let Some(c) = Card::from_index(bits.trailing_zeros() as u8) {
                *slot = c;
            }
        }
    }
    if final_trick.is_some() || (len > 0 && h.tricks_done + 1 == tricks) {
        h.last = final_cards;
        h.last_len = N as u8;
    }
    h.trick = [FILLER; MAX_PLAYERS];
    h.trick_len = 0;
    h.leader = leader as u8;
    h.tricks_done = tricks;
    h.briscola_holder = holder;
    // Every card is played: the holder has played the briscola too.
    h.briscola_out = holder.is_some();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::briscola::BriscolaRules;
    use crate::card::Card;
    use crate::deal::SplitMix64;

    /// The slow path: the same random choices (16 bits a play, four plays a 64-bit draw)
    /// through the checked `play`.
    fn replay(mut hand: BriscolaHand, rng: &mut SplitMix64) -> BriscolaHand {
        let (mut random, mut play) = (0, 0);
        while !hand.is_over() {
            let seat = hand.turn();
            let cards = hand.hand(seat);
            if play % 4 == 0 {
                random = rng.next();
            }
            let bits16 = (random >> (16 * (play % 4))) & 0xFFFF;
            let card = Card::from_index(choose(cards.bits(), cards.len(), bits16)).unwrap();
            hand.play(seat, card).unwrap();
            play += 1;
        }
        hand
    }

    #[test]
    fn the_fast_playout_from_any_moment_of_a_hand_follows_play() {
        // From every moment of some hands (mid-trick, the last draw, the stock empty), for
        // every table and both hand sizes: the same hand, and the generator left in the
        // same state, as the checked path.
        let tables = [(2, 3), (2, 9), (3, 3), (4, 3)];
        for (players, hand_size) in tables {
            let rules = BriscolaRules {
                players,
                hand_size,
                ..BriscolaRules::default()
            };
            for seed in 0..12u64 {
                let mut hand =
                    BriscolaHand::deal(rules, (seed % 2) as u8, &mut SplitMix64::new(seed))
                        .unwrap();
                let mut moves = SplitMix64::new(seed + 500);
                loop {
                    let mut fast = hand;
                    let mut fast_rng = SplitMix64::new(seed + 1000);
                    fast.playout_random(&mut fast_rng);
                    let mut slow_rng = SplitMix64::new(seed + 1000);
                    let slow = replay(hand, &mut slow_rng);
                    assert!(fast.is_over());
                    assert_eq!(fast, slow, "{players} players, seed {seed}");
                    assert_eq!(fast_rng, slow_rng, "{players} players, seed {seed}");
                    if hand.is_over() {
                        break;
                    }
                    let seat = hand.turn();
                    let cards = hand.hand(seat);
                    let k = crate::deal::below(&mut moves, cards.len());
                    hand.play(seat, cards.nth(k).unwrap()).unwrap();
                }
            }
        }
    }

    #[test]
    fn choose_takes_the_kth_card_in_canonical_order() {
        let hand: CardSet = "1d 7c 3s 2b 10b".parse().unwrap();
        let cards: [Card; 5] = core::array::from_fn(|i| hand.nth(i as u32).unwrap());
        for bits16 in (0..65536u64).step_by(97) {
            let k = (bits16 * 5) >> 16;
            let card = choose(hand.bits(), 5, bits16);
            assert_eq!(card, cards[k as usize].index());
            let small: CardSet = "4d 9c 5b".parse().unwrap();
            assert_eq!(
                choose_small(small.bits(), 3, bits16),
                choose(small.bits(), 3, bits16)
            );
        }
    }
}
