//! [`CardMultiset`]: cards of two decks shuffled together (docs/rules.md §8), where a card
//! may be held twice — on two [`CardSet`] bitsets, so it stays `Copy`, allocation-free and a
//! few bit operations per step, beside the one-deck fast path that keeps [`CardSet`].
//!
//! The two copies of a card are identical: a multiset counts copies and names cards, and a
//! capture that takes both copies of a card (two `3c` for a `6b`) is one multiset.

use core::fmt;

use crate::card::{Card, Suit};
use crate::cardset::{self, CardSet};

/// Cards with their copies, at most two of each (two 40-card decks: 80 cards).
///
/// `once` holds every card present at least once, `twice` every card present twice;
/// `twice` is always a subset of `once`.
///
/// ```
/// use scopa_core::multiset::CardMultiset;
/// use scopa_core::{Card, CardSet};
/// let table: CardMultiset = "3c 3c 5d".parse().unwrap();
/// assert_eq!(table.len(), 3);
/// assert_eq!(table.count("3c".parse().unwrap()), 2);
/// assert_eq!(table.value_sum(), 11);
/// assert_eq!(table.distinct(), "3c 5d".parse::<CardSet>().unwrap());
/// assert_eq!(CardMultiset::TWO_DECKS.len(), 80);
/// // Both copies of the 3 of coppe taken by a 6: one capture, naming cards.
/// let capture: CardMultiset = "3c 3c".parse().unwrap();
/// assert!(capture.is_subset(table));
/// assert_eq!((table - capture).to_string(), "5d");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardMultiset {
    once: CardSet,
    twice: CardSet,
}

/// Why a card could not be added: a third copy.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ThirdCopy {
    /// The card already held twice.
    pub card: Card,
}

impl fmt::Display for ThirdCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is already held twice: two decks have two copies of each card",
            self.card
        )
    }
}

impl core::error::Error for ThirdCopy {}

impl CardMultiset {
    /// No card.
    pub const EMPTY: CardMultiset = CardMultiset {
        once: CardSet::EMPTY,
        twice: CardSet::EMPTY,
    };
    /// Two whole decks: every card twice.
    pub const TWO_DECKS: CardMultiset = CardMultiset {
        once: CardSet::ALL,
        twice: CardSet::ALL,
    };

    /// One copy of each card of `set`.
    #[inline]
    pub const fn from_set(set: CardSet) -> CardMultiset {
        CardMultiset {
            once: set,
            twice: CardSet::EMPTY,
        }
    }

    /// The multiset whose cards present at least once are `once` and twice `twice`, or
    /// `None` when `twice` holds a card `once` does not.
    #[inline]
    pub const fn from_parts(once: CardSet, twice: CardSet) -> Option<CardMultiset> {
        if twice.is_subset(once) {
            Some(CardMultiset { once, twice })
        } else {
            None
        }
    }

    /// The cards present at least once.
    #[inline]
    pub const fn distinct(self) -> CardSet {
        self.once
    }

    /// The cards present twice.
    #[inline]
    pub const fn doubles(self) -> CardSet {
        self.twice
    }

    /// How many copies of `card`: 0, 1 or 2.
    #[inline]
    pub const fn count(self, card: Card) -> u8 {
        self.once.contains(card) as u8 + self.twice.contains(card) as u8
    }

    /// Whether at least one copy of `card` is held.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.once.contains(card)
    }

    /// The number of cards, copies counted.
    #[inline]
    pub const fn len(self) -> u32 {
        self.once.len() + self.twice.len()
    }

    /// The `n`-th card (from 0) in canonical order, copies counted.
    pub fn nth(self, n: u32) -> Option<Card> {
        self.iter().nth(n as usize)
    }

    /// The first card in canonical order (`None` when empty).
    #[inline]
    pub const fn first(self) -> Option<Card> {
        self.once.first()
    }

    /// Whether no card is held.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.once.is_empty()
    }

    /// Adds a copy of `card`; a third copy is refused and nothing changes.
    pub fn insert(&mut self, card: Card) -> Result<(), ThirdCopy> {
        if self.twice.contains(card) {
            return Err(ThirdCopy { card });
        }
        if !self.once.insert(card) {
            self.twice.insert(card);
        }
        Ok(())
    }

    /// Takes away one copy of `card`; `false` (nothing changes) when none is held.
    pub fn remove(&mut self, card: Card) -> bool {
        if self.twice.remove(card) {
            true
        } else {
            self.once.remove(card)
        }
    }

    /// Whether every card of `self` is held by `other` at least as many times.
    #[inline]
    pub const fn is_subset(self, other: CardMultiset) -> bool {
        self.once.is_subset(other.once) && self.twice.is_subset(other.twice)
    }

    /// Both together, or the first card that would be held three times.
    pub fn checked_add(self, other: CardMultiset) -> Result<CardMultiset, ThirdCopy> {
        // Each card's count is added in binary: a card in both `once` sets carries into
        // `twice`; a card twice in one and present in the other overflows.
        let carry = self.once & other.once;
        let over = (self.twice & other.once) | (other.twice & self.once);
        if let Some(card) = over.first() {
            return Err(ThirdCopy { card });
        }
        Ok(CardMultiset {
            once: self.once | other.once,
            twice: self.twice | other.twice | carry,
        })
    }

    /// `self` without the cards of `other` (one copy taken away for each held by `other`;
    /// copies `self` does not hold are ignored).
    #[inline]
    pub const fn difference(self, other: CardMultiset) -> CardMultiset {
        // count(self) − count(other), floored at 0, per card in two bits:
        // twice' = twice ∧ ¬once_other; once' = (once ∧ ¬once_other) ∨ (twice ∧ ¬twice_other).
        CardMultiset {
            once: self
                .once
                .difference(other.once)
                .union(self.twice.difference(other.twice)),
            twice: self.twice.difference(other.once),
        }
    }

    /// The sum of the cards' values, copies counted.
    #[inline]
    pub const fn value_sum(self) -> u32 {
        self.once.value_sum() + self.twice.value_sum()
    }

    /// How many cards of `suit`, copies counted.
    #[inline]
    pub const fn count_suit(self, suit: Suit) -> u32 {
        self.once.count_suit(suit) + self.twice.count_suit(suit)
    }

    /// How many cards of `value`, copies counted.
    #[inline]
    pub const fn count_value(self, value: u8) -> u32 {
        self.once.count_value(value) + self.twice.count_value(value)
    }

    /// The cards in canonical order (by index), a card held twice twice in a row.
    pub fn iter(self) -> Iter {
        Iter {
            once: self.once.iter(),
            twice: self.twice,
            pending: None,
        }
    }
}

impl core::ops::Sub for CardMultiset {
    type Output = CardMultiset;
    fn sub(self, other: CardMultiset) -> CardMultiset {
        self.difference(other)
    }
}

impl From<CardSet> for CardMultiset {
    fn from(set: CardSet) -> CardMultiset {
        CardMultiset::from_set(set)
    }
}

/// The cards of a [`CardMultiset`], copies repeated, in canonical order.
#[derive(Clone, Debug)]
pub struct Iter {
    once: cardset::Iter,
    twice: CardSet,
    pending: Option<Card>,
}

impl Iterator for Iter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if let Some(card) = self.pending.take() {
            return Some(card);
        }
        let card = self.once.next()?;
        if self.twice.contains(card) {
            self.pending = Some(card);
        }
        Some(card)
    }
}

impl IntoIterator for CardMultiset {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl fmt::Display for CardMultiset {
    /// The cards separated by spaces, a card held twice written twice: `3c 3c 5d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardMultiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardMultiset[{self}]")
    }
}

/// Why a card list is not a two-deck multiset.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseMultisetError {
    /// The word at this position (0-based) is not a card.
    BadCard {
        /// Position in the list.
        position: usize,
        /// Why.
        error: crate::card::ParseCardError,
    },
    /// The card at this position is a third copy.
    ThirdCopy {
        /// Position in the list.
        position: usize,
        /// The card.
        card: Card,
    },
}

impl fmt::Display for ParseMultisetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMultisetError::BadCard { position, error } => {
                write!(f, "card {} of the list: {error}", position + 1)
            }
            ParseMultisetError::ThirdCopy { position, card } => write!(
                f,
                "card {} of the list is a third {card}: two decks have two copies of each card",
                position + 1
            ),
        }
    }
}

impl core::error::Error for ParseMultisetError {}

impl core::str::FromStr for CardMultiset {
    type Err = ParseMultisetError;
    /// Cards separated by spaces or commas, a card at most twice.
    fn from_str(s: &str) -> Result<CardMultiset, ParseMultisetError> {
        let mut out = CardMultiset::EMPTY;
        for (position, card) in cardset::card_words(s) {
            let card = card.map_err(|error| ParseMultisetError::BadCard { position, error })?;
            out.insert(card)
                .map_err(|ThirdCopy { card }| ParseMultisetError::ThirdCopy { position, card })?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::SplitMix64;
    use std::string::ToString;
    use std::vec::Vec;

    /// A multiset as one count per card index.
    fn counts(m: CardMultiset) -> [u8; 40] {
        let mut out = [0u8; 40];
        for c in m {
            out[usize::from(c.index())] += 1;
        }
        out
    }

    fn random(rng: &mut SplitMix64) -> CardMultiset {
        let a = CardSet::from_bits_truncate(rng.next());
        let b = CardSet::from_bits_truncate(rng.next()) & a;
        CardMultiset::from_parts(a, b).unwrap()
    }

    #[test]
    fn counts_agree_with_the_operations_over_random_multisets() {
        let mut rng = SplitMix64::new(28);
        for _ in 0..5_000 {
            let (x, y) = (random(&mut rng), random(&mut rng));
            let (cx, cy) = (counts(x), counts(y));
            assert_eq!(
                x.len() as usize,
                cx.iter().map(|&n| usize::from(n)).sum::<usize>()
            );
            let d = counts(x - y);
            for i in 0..40 {
                assert_eq!(d[i], cx[i].saturating_sub(cy[i]), "difference at {i}");
            }
            match x.checked_add(y) {
                Ok(s) => {
                    let s = counts(s);
                    for i in 0..40 {
                        assert_eq!(s[i], cx[i] + cy[i], "sum at {i}");
                    }
                }
                Err(ThirdCopy { card }) => {
                    let i = usize::from(card.index());
                    assert!(
                        cx[i] + cy[i] > 2,
                        "refused {card} with {} + {}",
                        cx[i],
                        cy[i]
                    );
                }
            }
            let subset = (0..40).all(|i| cx[i] <= cy[i]);
            assert_eq!(x.is_subset(y), subset);
            let sum: u32 = x.iter().map(|c| u32::from(c.value())).sum();
            assert_eq!(x.value_sum(), sum);
            let round: CardMultiset = x.to_string().parse().unwrap();
            assert_eq!(round, x);
        }
    }

    #[test]
    fn insert_remove_and_a_third_copy() {
        let seven: Card = "7d".parse().unwrap();
        let mut m = CardMultiset::EMPTY;
        assert_eq!(m.insert(seven), Ok(()));
        assert_eq!(m.insert(seven), Ok(()));
        assert_eq!(m.count(seven), 2);
        assert_eq!(m.insert(seven), Err(ThirdCopy { card: seven }));
        assert_eq!(m.count(seven), 2);
        assert!(m.remove(seven) && m.remove(seven) && !m.remove(seven));
        assert!(m.is_empty());
        assert_eq!(
            "7d 7d 7d".parse::<CardMultiset>(),
            Err(ParseMultisetError::ThirdCopy {
                position: 2,
                card: seven
            })
        );
        assert_eq!(
            ParseMultisetError::ThirdCopy {
                position: 2,
                card: seven
            }
            .to_string(),
            "card 3 of the list is a third 7d: two decks have two copies of each card"
        );
        let all: Vec<Card> = CardMultiset::TWO_DECKS.iter().collect();
        assert_eq!(all.len(), 80);
        assert_eq!(CardMultiset::TWO_DECKS.count_suit(Suit::Denari), 20);
        assert_eq!(CardMultiset::TWO_DECKS.count_value(10), 8);
        assert_eq!(CardMultiset::from_parts(CardSet::EMPTY, CardSet::ALL), None);
    }
}
