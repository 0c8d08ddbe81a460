//! [`BriscolaCards`]: the card container of a Briscola table — [`CardSet`] for one deck
//! (the 40-bit fast path), [`CardMultiset`] for two (a card may be held twice). Every rule
//! of the hand, the view, the match and the AI is written once over it and monomorphised
//! for each.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;

use super::rules::{BriscolaRules, THREE_PLAYER_DISCARD};
use super::trick::pile_points;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::cardset::CardSet {}
    impl Sealed for crate::multiset::CardMultiset {}
}

/// Hands, piles and tricks of a Briscola table: [`CardSet`] (one deck) or [`CardMultiset`]
/// (two decks). Iteration is in canonical order, a card held twice twice in a row.
pub trait BriscolaCards:
    Copy + Eq + core::hash::Hash + core::fmt::Debug + IntoIterator<Item = Card> + sealed::Sealed
{
    /// The decks this container plays: 1 or 2 (the most copies of a card it holds).
    const DECKS: u8;
    /// No card.
    const EMPTY: Self;
    /// Adds a copy of `card`; `false` (nothing changes) when that would be one copy too
    /// many (a second with one deck, a third with two).
    fn add(&mut self, card: Card) -> bool;
    /// Takes away one copy of `card`; `false` when none is held.
    fn take(&mut self, card: Card) -> bool;
    /// How many copies of `card` are held.
    fn copies(self, card: Card) -> u8;
    /// The cards, copies counted.
    fn size(self) -> u32;
    /// `self` and `other` together (copies past the limit are dropped).
    fn merged(self, other: Self) -> Self;
    /// `self` without `other`'s cards (one copy for each copy in `other`).
    fn without(self, other: Self) -> Self;
    /// The card points (BRISCOLA.md §1): at most 120 with one deck, 240 with two.
    fn points(self) -> u8;
    /// The `n`-th card in iteration order.
    fn nth_card(self, n: u32) -> Option<Card>;
    /// Every card in play with `rules` (the decks, the `2b` left out for 3 or 6 players).
    fn in_play(rules: &BriscolaRules) -> Self;
    /// The cards of a slice, copies counted (copies past the limit are dropped).
    fn of_cards(cards: &[Card]) -> Self;
}

impl BriscolaCards for CardSet {
    const DECKS: u8 = 1;
    const EMPTY: CardSet = CardSet::EMPTY;
    #[inline]
    fn add(&mut self, card: Card) -> bool {
        CardSet::insert(self, card)
    }
    #[inline]
    fn take(&mut self, card: Card) -> bool {
        CardSet::remove(self, card)
    }
    #[inline]
    fn copies(self, card: Card) -> u8 {
        u8::from(self.contains(card))
    }
    #[inline]
    fn size(self) -> u32 {
        self.len()
    }
    #[inline]
    fn merged(self, other: CardSet) -> CardSet {
        self | other
    }
    #[inline]
    fn without(self, other: CardSet) -> CardSet {
        self.difference(other)
    }
    #[inline]
    fn points(self) -> u8 {
        pile_points(self)
    }
    #[inline]
    fn nth_card(self, n: u32) -> Option<Card> {
        self.nth(n)
    }
    #[inline]
    fn of_cards(cards: &[Card]) -> CardSet {
        // One OR a card: the deal's and the trick's fast path.
        CardSet::from_bits_truncate(cards.iter().fold(0, |b, c| b | 1u64 << c.index()))
    }
    #[inline]
    fn in_play(rules: &BriscolaRules) -> CardSet {
        let mut all = CardSet::ALL;
        if !rules.uses(THREE_PLAYER_DISCARD) {
            all.remove(THREE_PLAYER_DISCARD);
        }
        all
    }
}

impl BriscolaCards for CardMultiset {
    const DECKS: u8 = 2;
    const EMPTY: CardMultiset = CardMultiset::EMPTY;
    #[inline]
    fn add(&mut self, card: Card) -> bool {
        self.insert(card).is_ok()
    }
    #[inline]
    fn take(&mut self, card: Card) -> bool {
        self.remove(card)
    }
    #[inline]
    fn copies(self, card: Card) -> u8 {
        self.count(card)
    }
    #[inline]
    fn size(self) -> u32 {
        self.len()
    }
    #[inline]
    fn merged(self, other: CardMultiset) -> CardMultiset {
        // Past two copies (never in a hand played by the rules): the distinct cards kept.
        self.checked_add(other).unwrap_or_else(|_| {
            let once = self.distinct() | other.distinct();
            let twice = self.doubles() | other.doubles() | (self.distinct() & other.distinct());
            CardMultiset::from_parts(once, twice).unwrap_or(CardMultiset::from_set(once))
        })
    }
    #[inline]
    fn without(self, other: CardMultiset) -> CardMultiset {
        self.difference(other)
    }
    #[inline]
    fn points(self) -> u8 {
        pile_points(self.distinct()) + pile_points(self.doubles())
    }
    #[inline]
    fn nth_card(self, n: u32) -> Option<Card> {
        self.iter().nth(n as usize)
    }
    #[inline]
    fn of_cards(cards: &[Card]) -> CardMultiset {
        cards.iter().fold(CardMultiset::EMPTY, |mut s, &c| {
            s.add(c);
            s
        })
    }
    #[inline]
    fn in_play(rules: &BriscolaRules) -> CardMultiset {
        let mut all = CardMultiset::TWO_DECKS;
        if !rules.uses(THREE_PLAYER_DISCARD) {
            all.remove(THREE_PLAYER_DISCARD);
            all.remove(THREE_PLAYER_DISCARD);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_containers_count_the_decks_in_play() {
        let one = BriscolaRules::default();
        let three = BriscolaRules { players: 3, ..one };
        let six = BriscolaRules {
            players: 6,
            decks: 2,
            ..one
        };
        let eight = BriscolaRules {
            players: 8,
            decks: 2,
            ..one
        };
        assert_eq!(CardSet::in_play(&one).size(), 40);
        assert_eq!(CardSet::in_play(&three).size(), 39);
        assert_eq!(CardMultiset::in_play(&six).size(), 78);
        assert_eq!(CardMultiset::in_play(&eight).size(), 80);
        assert_eq!(CardMultiset::in_play(&eight).points(), 240);
        assert_eq!(CardMultiset::in_play(&six).points(), 240);
        let c: Card = "1d".parse().unwrap();
        let mut m = CardMultiset::EMPTY;
        assert!(m.add(c) && m.add(c) && !m.add(c));
        assert_eq!((m.copies(c), m.points()), (2, 22));
        assert_eq!(m.merged(m).copies(c), 2);
        assert!(m.take(c));
        assert_eq!(m.copies(c), 1);
        let mut s = CardSet::EMPTY;
        assert!(s.add(c) && !s.add(c));
    }
}
