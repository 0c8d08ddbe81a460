//! Shuffling with a portable PRNG, and deck orders for the deal.

use core::convert::Infallible;
use core::fmt;

use rand_core::{Rng, SeedableRng, TryRng};

use crate::card::Card;
use crate::cardset::CardSet;

/// SplitMix64: a small, fast, portable PRNG (one `u64` of state).
///
/// The same seed gives the same stream on every architecture, which is what makes a
/// match reproducible on a desktop, a phone and a Cortex-M0+. It implements the
/// `rand_core` traits, so anything in the engine that takes an RNG accepts it — and any
/// other `rand_core` RNG.
///
/// ```
/// use rand_core::Rng;
/// use scopa_core::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert_eq!(SplitMix64::new(0).next_u64(), 0xE220A8397B1DCDAF);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The current state (to save and later [`SplitMix64::new`] it back).
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl TryRng for SplitMix64 {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next() >> 32) as u32)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

impl SeedableRng for SplitMix64 {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> SplitMix64 {
        SplitMix64::new(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(state: u64) -> SplitMix64 {
        SplitMix64::new(state)
    }
}

/// A uniform integer in `0..n` from any RNG, without bias (Lemire's method); `n = 0` is
/// treated as 1 (the answer is 0) rather than refused.
///
/// Only 32-bit arithmetic, so the result is identical on every architecture.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    below_nonzero(rng, n.max(1))
}

/// [`below`] for `n ≥ 1` (the same draws).
#[inline(always)]
pub(crate) fn below_nonzero<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Fisher–Yates: swaps position `i` with a uniform position `j ≤ i`, for `i` from 39 down
/// to 1 — one `below(rng, i + 1)` each, the order every front-end relies on.
#[inline]
fn fisher_yates<R: Rng + ?Sized>(cards: &mut [Card; 40], rng: &mut R) {
    // Three positions a turn (39 = 13 × 3): the same draws in the same order, a third of
    // the loop's own instructions.
    let mut top = 39;
    while top >= 3 {
        for i in [top, top - 1, top - 2] {
            let j = below_nonzero(rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        top -= 3;
    }
}

/// The canonical order, then [`fisher_yates`]: the cards of [`Deck::shuffled`].
#[inline]
pub(crate) fn shuffled_cards<R: Rng + ?Sized>(rng: &mut R) -> [Card; 40] {
    let mut cards = SORTED;
    fisher_yates(&mut cards, rng);
    cards
}

/// The 40 cards in canonical order.
pub(crate) const SORTED: [Card; 40] = {
    let mut cards = [Card::SETTEBELLO; 40];
    let mut i = 0;
    while i < 40 {
        if let Some(card) = Card::from_index(i as u8) {
            cards[i] = card;
        }
        i += 1;
    }
    cards
};

/// A deck order: the 40 cards, dealt from index 0 (docs/rules.md §2).
///
/// A `Deck` always holds each card exactly once.
///
/// ```
/// use scopa_core::{Deck, SplitMix64};
/// let deck = Deck::shuffled(&mut SplitMix64::new(1));
/// assert_eq!(deck.cards().len(), 40);
/// assert!(Deck::from_cards(&deck.cards()[..39]).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Deck([Card; 40]);

/// Why a list of cards is not a deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DeckError {
    /// Not 40 cards.
    WrongLength {
        /// How many were given.
        len: usize,
    },
    /// A card appears twice.
    Duplicate {
        /// The card.
        card: Card,
        /// The position (0-based) of its second appearance.
        position: usize,
    },
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckError::WrongLength { len } => write!(f, "a deck has 40 cards, not {len}"),
            DeckError::Duplicate { card, position } => {
                write!(
                    f,
                    "card {card} appears twice in the deck (again at position {position})"
                )
            }
        }
    }
}

impl core::error::Error for DeckError {}

impl Deck {
    /// The deck in canonical order (`1d` … `10b`).
    pub fn sorted() -> Deck {
        Deck(SORTED)
    }

    /// A uniformly shuffled deck (Fisher–Yates from the canonical order).
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Deck {
        Deck(shuffled_cards(rng))
    }

    /// Shuffles the deck in place.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        fisher_yates(&mut self.0, rng);
    }

    /// Checks that `cards` are 40 distinct cards.
    pub fn from_cards(cards: &[Card]) -> Result<Deck, DeckError> {
        if cards.len() != 40 {
            return Err(DeckError::WrongLength { len: cards.len() });
        }
        let mut seen = CardSet::EMPTY;
        let mut out = [Card::SETTEBELLO; 40];
        for (position, (&card, slot)) in cards.iter().zip(out.iter_mut()).enumerate() {
            if !seen.insert(card) {
                return Err(DeckError::Duplicate { card, position });
            }
            *slot = card;
        }
        Ok(Deck(out))
    }

    /// The deck of `cards`, which must be a permutation of the 40 cards.
    pub(crate) const fn from_permutation(cards: [Card; 40]) -> Deck {
        Deck(cards)
    }

    /// The cards in deal order.
    pub const fn cards(&self) -> &[Card; 40] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // Reference outputs of SplitMix64 seeded with 1234567.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next(), 6457827717110365317);
        assert_eq!(r.next(), 3203168211198807973);
        assert_eq!(r.next(), 9817491932198370423);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = SplitMix64::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = below(&mut r, 7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn below_zero_is_zero_not_a_panic() {
        assert_eq!(below(&mut SplitMix64::new(1), 0), 0);
    }

    #[test]
    fn shuffled_deck_is_a_permutation() {
        let deck = Deck::shuffled(&mut SplitMix64::new(99));
        let set: CardSet = deck.cards().iter().copied().collect();
        assert_eq!(set, CardSet::ALL);
        assert_ne!(deck, Deck::sorted());
    }
}
