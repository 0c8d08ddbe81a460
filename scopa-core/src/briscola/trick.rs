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
    // Per value: the aces, threes, kings, knights and knaves, each counted in one step.
    let count = |v| cards.count_value(v) as u8;
    count(1) * 11 + count(3) * 10 + count(10) * 4 + count(9) * 3 + count(8) * 2
}

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
