//! [`CardSet`]: a set of cards on a `u64` bitset (bit *i* = card index *i*).

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::card::{Card, Suit};

/// A set of cards, one bit per card index (bits 40 … 63 are always clear).
///
/// Iteration is in canonical order (by index). All operations are constant-time bit
/// operations and never allocate.
///
/// ```
/// use scopa_core::{Card, CardSet, Suit};
/// let set: CardSet = "5d 4c 1s".parse().unwrap();
/// assert_eq!(set.len(), 3);
/// assert!(set.contains("4c".parse().unwrap()));
/// assert_eq!(set.value_sum(), 10);
/// assert_eq!((set & CardSet::suit(Suit::Denari)).to_string(), "5d");
/// assert_eq!(set.iter().map(|c| c.index()).collect::<Vec<_>>(), [4, 13, 20]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardSet(u64);

/// Bits of all 40 cards.
const ALL_BITS: u64 = (1u64 << 40) - 1;
/// Bits of one suit's ten cards, for suit 0.
const SUIT_BITS: u64 = (1u64 << 10) - 1;
/// Bits of the four cards of value 1; shift left by `value - 1` for other values.
const VALUE1_BITS: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 40 cards.
    pub const ALL: CardSet = CardSet(ALL_BITS);

    /// The set with bits `bits`, or `None` if a bit above 39 is set.
    #[inline]
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !ALL_BITS == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The set with bits `bits`, ignoring bits above 39.
    #[inline]
    pub const fn from_bits_truncate(bits: u64) -> CardSet {
        CardSet(bits & ALL_BITS)
    }

    /// The raw bits (bit *i* = card index *i*).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1u64 << card.index())
    }

    /// The ten cards of `suit`.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_BITS << (suit as u8 * 10))
    }

    /// The four cards of `value` (1 … 10); empty for any other value.
    #[inline]
    pub const fn of_value(value: u8) -> CardSet {
        if value >= 1 && value <= 10 {
            CardSet(VALUE1_BITS << (value - 1))
        } else {
            CardSet(0)
        }
    }

    /// The cards whose value is strictly below `value` (any suit).
    #[inline]
    pub const fn below_value(value: u8) -> CardSet {
        if value <= 1 {
            CardSet(0)
        } else if value > 10 {
            CardSet(ALL_BITS)
        } else {
            // Values 1 … value-1 of suit 0, replicated to the four suits.
            let low = (1u64 << (value - 1)) - 1;
            CardSet(low * VALUE1_BITS)
        }
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 != 0
    }

    /// Adds `card`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1u64 << card.index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1u64 << card.index());
        present
    }

    /// The union of the two sets.
    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of `self` that are not in `other`.
    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards not in the set (of the 40).
    #[inline]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }

    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share no card.
    #[inline]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The lowest-index card, if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Removes and returns the lowest-index card.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Card> {
        let card = self.first()?;
        self.0 &= self.0 - 1;
        Some(card)
    }

    /// The `n`-th card in canonical order (0-based), if the set has that many.
    pub fn nth(self, n: u32) -> Option<Card> {
        self.iter().nth(n as usize)
    }

    /// Sum of the cards' values (what a capture must add up to).
    #[inline]
    pub const fn value_sum(self) -> u32 {
        let mut sum = 0;
        let mut rest = self.0;
        while rest != 0 {
            sum += rest.trailing_zeros() % 10 + 1;
            rest &= rest - 1;
        }
        sum
    }

    /// Number of cards of `suit` in the set.
    #[inline]
    pub const fn count_suit(self, suit: Suit) -> u32 {
        self.intersection(CardSet::suit(suit)).len()
    }

    /// Number of cards of `value` in the set.
    #[inline]
    pub const fn count_value(self, value: u8) -> u32 {
        self.intersection(CardSet::of_value(value)).len()
    }

    /// Iterates the cards in canonical order.
    #[inline]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// Compares two sets as their ascending lists of card indices, lexicographically — the
    /// canonical order of capture lists (PROTOCOL.md): `{1d}` < `{1d 3c}` < `{1c}`.
    pub fn cmp_canonical(self, other: CardSet) -> core::cmp::Ordering {
        self.iter().cmp(other.iter())
    }
}

/// Iterator over a [`CardSet`] in canonical order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1u64 << i);
        Card::from_index(i)
    }
}

impl ExactSizeIterator for Iter {}
impl core::iter::FusedIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt, $atr:ident, $af:ident) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $atr for CardSet {
            #[inline]
            fn $af(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitOr, bitor, |, BitOrAssign, bitor_assign);
binop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);

impl BitXor for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        self.difference(rhs)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        *self = self.difference(rhs);
    }
}

impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        self.complement()
    }
}

/// Space-separated canonical notation, e.g. `5d 4c 1s`; empty for the empty set.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

/// Why a list of cards could not be parsed into a [`CardSet`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseCardSetError {
    /// The card at this position (0-based) could not be parsed.
    BadCard {
        /// Position in the list.
        position: usize,
        /// Why.
        error: crate::card::ParseCardError,
    },
    /// The card at this position repeats an earlier one.
    Duplicate {
        /// Position in the list.
        position: usize,
        /// The repeated card.
        card: Card,
    },
}

impl fmt::Display for ParseCardSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardSetError::BadCard { position, error } => {
                write!(f, "card {} of the list: {error}", position + 1)
            }
            ParseCardSetError::Duplicate { position, card } => {
                write!(f, "card {} of the list: {card} appears twice", position + 1)
            }
        }
    }
}

impl core::error::Error for ParseCardSetError {}

/// Parses cards separated by spaces and/or commas; duplicates are an error.
/// The cards of a list separated by spaces or commas, each with its position (0-based).
pub(crate) fn card_words(
    s: &str,
) -> impl Iterator<Item = (usize, Result<Card, crate::card::ParseCardError>)> + '_ {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .enumerate()
}

impl core::str::FromStr for CardSet {
    type Err = ParseCardSetError;
    fn from_str(s: &str) -> Result<CardSet, ParseCardSetError> {
        let mut set = CardSet::EMPTY;
        for (position, card) in card_words(s) {
            let card = card.map_err(|error| ParseCardSetError::BadCard { position, error })?;
            if !set.insert(card) {
                return Err(ParseCardSetError::Duplicate { position, card });
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn masks_hold_the_right_cards() {
        assert_eq!(
            CardSet::suit(Suit::Spade).to_string(),
            "1s 2s 3s 4s 5s 6s 7s 8s 9s 10s"
        );
        assert_eq!(CardSet::of_value(7).to_string(), "7d 7c 7s 7b");
        assert_eq!(
            CardSet::below_value(3).to_string(),
            "1d 2d 1c 2c 1s 2s 1b 2b"
        );
        assert_eq!(CardSet::below_value(1), CardSet::EMPTY);
        assert_eq!(CardSet::below_value(11), CardSet::ALL);
        assert_eq!(CardSet::ALL.len(), 40);
        assert_eq!(CardSet::ALL.value_sum(), 220);
    }

    #[test]
    fn set_algebra() {
        let a = set("1d 2d 3d");
        let b = set("3d 4d");
        assert_eq!(a | b, set("1d 2d 3d 4d"));
        assert_eq!(a & b, set("3d"));
        assert_eq!(a - b, set("1d 2d"));
        assert_eq!((!a).len(), 37);
        assert!(set("1d").is_subset(a));
        assert!(a.is_disjoint(set("4d")));
        assert_eq!(CardSet::from_bits(1 << 40), None);
    }

    #[test]
    fn iteration_is_canonical_both_ways() {
        let s = set("10b 1d 7s");
        assert_eq!(
            s.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["1d", "7s", "10b"]
        );
        assert_eq!(
            s.iter().rev().map(|c| c.index()).collect::<Vec<_>>(),
            [39, 26, 0]
        );
        assert_eq!(s.nth(1), Some("7s".parse().unwrap()));
        assert_eq!(s.iter().len(), 3);
    }

    #[test]
    fn canonical_capture_order_is_lexicographic_on_indices() {
        use core::cmp::Ordering::*;
        assert_eq!(set("1d").cmp_canonical(set("1d 3c")), Less);
        assert_eq!(set("1d 3c").cmp_canonical(set("1c")), Less);
        assert_eq!(set("3d 2b").cmp_canonical(set("4c 1s")), Less);
    }

    #[test]
    fn parse_errors_name_the_position() {
        assert_eq!(
            "1d x".parse::<CardSet>(),
            Err(ParseCardSetError::BadCard {
                position: 1,
                error: crate::card::ParseCardError::BadSuit
            })
        );
        assert!(matches!(
            "1d,1d".parse::<CardSet>(),
            Err(ParseCardSetError::Duplicate { position: 1, .. })
        ));
    }
}
