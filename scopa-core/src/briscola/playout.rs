//! The random playout's fast path: a whole hand played to its end on local copies of the
//! state, with the trick decided by table lookups instead of divisions, and no events. It
//! plays by the same rules as [`BriscolaHand::play`](super::BriscolaHand::play) (a test
//! replays its cards through `play` and compares).
//!
//! Each card is chosen with 16 random bits ([`choose`]): one 64-bit draw of the generator
//! serves four plays. The choice among `n ≤ 9` cards is off uniform by less than
//! `n / 65536`, which a random playout does not notice.

use crate::card::Card;
use crate::cardset::CardSet;

use super::hand::{BriscolaHand, FILLER, MAX_PLAYERS};
use super::trick::rank;

/// Each card's suit and trick rank, by index (no division in the loop).
const SUIT: [u8; 40] = {
    let mut t = [0; 40];
    let mut i = 0;
    while i < 40 {
        t[i] = (i / 10) as u8;
        i += 1;
    }
    t
};
const RANK: [u8; 40] = {
    let mut t = [0; 40];
    let mut i = 0;
    while i < 40 {
        t[i] = match Card::from_index(i as u8) {
            Some(c) => rank(c),
            None => 0,
        };
        i += 1;
    }
    t
};

/// The `k`-th card (`k = bits16 × size / 65536`) of the hand `bits` of `size` cards.
#[inline]
pub(super) fn choose(bits: u64, size: u32, bits16: u64) -> u8 {
    let k = (bits16 * u64::from(size)) >> 16;
    let mut b = bits;
    for _ in 0..k {
        b &= b - 1;
    }
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

fn run<const N: usize, R: rand_core::Rng + ?Sized>(h: &mut BriscolaHand, rng: &mut R) {
    let trump = h.briscola.index() / 10;
    let end = h.rules.deck_len();
    let tricks = h.rules.tricks();
    let mut hands = [0u64; MAX_PLAYERS];
    // Cards held, counted here (no population count in the loop).
    let mut sizes = [0u32; MAX_PLAYERS];
    for ((bits, size), set) in hands.iter_mut().zip(&mut sizes).zip(&h.hands) {
        *bits = set.bits();
        *size = set.len();
    }
    let mut piles = [0u64; 3];
    for (bits, set) in piles.iter_mut().zip(&h.piles) {
        *bits = set.bits();
    }
    let mut trick = [0u8; MAX_PLAYERS];
    for (t, c) in trick.iter_mut().zip(&h.trick) {
        *t = c.index();
    }
    let mut len = usize::from(h.trick_len);
    let mut leader = usize::from(h.leader);
    let mut next = h.next;
    let mut done = h.tricks_done;
    let mut holder = h.briscola_holder;
    let mut random = 0u64;
    let mut left = 0u32;
    while done < tricks {
        while len < N {
            let seat = (leader + len) % N;
            let bits = hands[seat];
            if bits == 0 {
                // Cannot happen (the rounds come out even); stop rather than loop.
                return;
            }
            if left == 0 {
                random = rng.next_u64();
                left = 4;
            }
            let card = choose(bits, sizes[seat], random & 0xFFFF);
            random >>= 16;
            left -= 1;
            sizes[seat] -= 1;
            hands[seat] &= !(1u64 << card);
            trick[len] = card;
            len += 1;
        }
        // The highest trump, else the highest card of the suit led.
        let led = SUIT[usize::from(trick[0])];
        let key = |c: u8| -> i8 {
            let suit = SUIT[usize::from(c)];
            let r = RANK[usize::from(c)] as i8;
            if suit == trump {
                16 + r
            } else if suit == led {
                r
            } else {
                -1
            }
        };
        let mut best = 0;
        let mut best_key = key(trick[0]);
        let mut taken = 1u64 << trick[0];
        for (i, &c) in trick.iter().enumerate().take(N).skip(1) {
            let k = key(c);
            if k > best_key {
                best = i;
                best_key = k;
            }
            taken |= 1u64 << c;
        }
        let winner = (leader + best) % N;
        let side = if N == 4 { winner & 1 } else { winner };
        piles[side] |= taken;
        len = 0;
        leader = winner;
        done += 1;
        if holder.is_none() {
            for i in 0..N {
                let seat = (winner + i) % N;
                let card = if next < end {
                    next += 1;
                    h.deck[usize::from(next - 1)].index()
                } else {
                    holder = Some(seat as u8);
                    h.briscola.index()
                };
                hands[seat] |= 1u64 << card;
                sizes[seat] += 1;
            }
        }
    }
    for (set, &bits) in h.hands.iter_mut().zip(&hands) {
        *set = CardSet::from_bits_truncate(bits);
    }
    for (set, &bits) in h.piles.iter_mut().zip(&piles) {
        *set = CardSet::from_bits_truncate(bits);
    }
    h.trick = [FILLER; MAX_PLAYERS];
    h.trick_len = 0;
    h.leader = leader as u8;
    h.next = next;
    h.tricks_done = done;
    h.briscola_holder = holder;
}
