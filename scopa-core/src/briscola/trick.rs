//! Rank, card points and who takes a trick (BRISCOLA.md §1 and §3).

use crate::card::{Card, Suit};
use crate::cardset::CardSet;

/// A card's trick rank within its suit, from 0 (the 2) to 9 (the Ace): Ace, 3, Re, Cavallo,
/// Fante, 7, 6, 5, 4, 2.
///
/// ```
/// use scopa_core::Card;
/// use scopa_core::briscola::rank;
/// let c = |s: &str| s.parse::<Card>().unwrap();
/// assert!(rank(c("1s")) > rank(c("3s")));
/// assert!(rank(c("3s")) > rank(c("10s")));
/// assert!(rank(c("4s")) > rank(c("2s")));
/// ```
#[inline]
pub const fn rank(card: Card) -> u8 {
    // Indexed by value 1..=10: A 2 3 4 5 6 7 F C R.
    const RANK: [u8; 11] = [0, 9, 0, 8, 1, 2, 3, 4, 5, 6, 7];
    RANK[card.value() as usize]
}

/// A card's points: Ace 11, 3 10, Re 4, Cavallo 3, Fante 2, any other 0.
///
/// ```
/// use scopa_core::{Card, CardSet};
/// use scopa_core::briscola::{card_points, pile_points};
/// assert_eq!(card_points("1c".parse::<Card>().unwrap()), 11);
/// assert_eq!(pile_points(CardSet::ALL), 120);
/// ```
#[inline]
pub const fn card_points(card: Card) -> u8 {
    const POINTS: [u8; 11] = [0, 11, 0, 10, 0, 0, 0, 0, 2, 3, 4];
    POINTS[card.value() as usize]
}

/// The points of a pile of cards (at most 120).
pub fn pile_points(cards: CardSet) -> u8 {
    // One lookup per suit: its ten bits index SUIT_POINTS.
    let bits = cards.bits();
    let suit = |s: u32| SUIT_POINTS[((bits >> (10 * s)) & 0x3FF) as usize];
    suit(0) + suit(1) + suit(2) + suit(3)
}

/// The points of the cards of one suit, indexed by their ten bits (bit `v - 1` for value
/// `v`, as in a [`CardSet`] of denari): [`card_points`] summed, at most 30.
const SUIT_POINTS: [u8; 1024] = {
    let mut t = [0; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut v = 0;
        while v < 10 {
            if bits & (1 << v) != 0
                && let Some(card) = Card::from_index(v as u8)
            {
                t[bits] += card_points(card);
            }
            v += 1;
        }
        bits += 1;
    }
    t
};

/// Whether `challenger`, played after `best` (the card taking the trick so far), takes it
/// from it: a trump beats any non-trump; otherwise only a higher card of the
/// same suit wins (a card of another non-trump suit never does).
#[inline]
pub const fn beats(trump: Suit, best: Card, challenger: Card) -> bool {
    let (b, c) = (best.suit() as u8, challenger.suit() as u8);
    if c == b {
        rank(challenger) > rank(best)
    } else {
        c == trump as u8
    }
}

/// For each trump suit (by index) and each card (by index) taking a trick so far, the
/// cards that would take the trick from it ([`beats`]), as [`CardSet`] bits: the random
/// playout's trick in one lookup per card. Rows of 64 (24 empty), so that any index below 64
/// is in bounds with no check.
pub(super) const TAKERS: [[u64; 64]; 4] = {
    let mut t = [[0; 64]; 4];
    let mut trump = 0;
    while trump < 4 {
        let mut best = 0;
        while best < 40 {
            let mut challenger = 0;
            while challenger < 40 {
                if let (Some(suit), Some(b), Some(c)) = (
                    Suit::from_index(trump as u8),
                    Card::from_index(best as u8),
                    Card::from_index(challenger as u8),
                ) && beats(suit, b, c)
                {
                    t[trump][best] |= 1 << challenger;
                }
                challenger += 1;
            }
            best += 1;
        }
        trump += 1;
    }
    t
};

/// The index in `cards` (in the order played) of the card that takes the trick; `None` for
/// no card.
///
/// The worked examples of BRISCOLA.md §6, trump coppe:
///
/// ```
/// use scopa_core::{Card, Suit};
/// use scopa_core::briscola::trick_winner;
/// let w = |a: &str, b: &str| {
///     trick_winner(Suit::Coppe, &[a.parse::<Card>().unwrap(), b.parse().unwrap()])
/// };
/// assert_eq!(w("7s", "1s"), Some(1)); // same suit, Ace ranks highest
/// assert_eq!(w("3s", "10s"), Some(0)); // the 3 outranks the Re
/// assert_eq!(w("1s", "2c"), Some(1)); // any trump beats a non-trump
/// assert_eq!(w("5d", "1b"), Some(0)); // another non-trump suit never wins
/// assert_eq!(w("4c", "3c"), Some(1)); // both trump: higher rank
/// ```
pub fn trick_winner(trump: Suit, cards: &[Card]) -> Option<usize> {
    let (&first, rest) = cards.split_first()?;
    let mut best = (0, first);
    for (i, &card) in rest.iter().enumerate() {
        if beats(trump, best.1, card) {
            best = (i + 1, card);
        }
    }
    Some(best.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_rules() {
        // SUIT_POINTS, through pile_points: the points of every single card and of piles
        // of one value.
        for i in 0..40 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(pile_points(CardSet::single(card)), card_points(card));
        }
        for value in 1..=10 {
            let four = CardSet::of_value(value);
            let one = card_points(four.first().unwrap());
            assert_eq!(pile_points(four), 4 * one);
        }
        assert_eq!(pile_points(CardSet::ALL), 120);
        // TAKERS: beats, card by card, for every trump.
        for trump in 0..4u8 {
            let suit = Suit::from_index(trump).unwrap();
            for b in 0..64u8 {
                for c in 0..64u8 {
                    let expected = match (Card::from_index(b), Card::from_index(c)) {
                        (Some(b), Some(c)) => beats(suit, b, c),
                        _ => false,
                    };
                    let row = TAKERS[usize::from(trump)][usize::from(b)];
                    assert_eq!(row >> c & 1 != 0, expected, "trump {trump}, {b} then {c}");
                }
            }
        }
    }
}
