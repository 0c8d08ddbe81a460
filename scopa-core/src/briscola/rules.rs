//! [`BriscolaRules`]: every option of BRISCOLA.md, with [`BriscolaRules::validate`].

use core::fmt;

use crate::card::{Card, Suit};

/// The `2b`, taken out of the deck for three players (BRISCOLA.md §2).
pub const THREE_PLAYER_DISCARD: Card = match Card::new(Suit::Bastoni, 2) {
    Some(card) => card,
    None => unreachable!(),
};

/// The options of a game of Briscola (BRISCOLA.md §2 and §4); defaults are the rule book's.
///
/// ```
/// use scopa_core::briscola::BriscolaRules;
/// let rules = BriscolaRules::default();
/// assert_eq!((rules.players, rules.hand_size, rules.target), (2, 3, 2));
/// assert_eq!(rules.validate(), Ok(()));
/// assert!(BriscolaRules { players: 3, hand_size: 9, ..rules }.validate().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaRules {
    /// Seats at the table: 2, 3 or 4 (one deck).
    pub players: u8,
    /// Cards in each hand: 3, or 9 (the leaflet's two-player deal).
    pub hand_size: u8,
    /// Hands won to win the match: 1 to 11 (default 2, best of three).
    pub target: u8,
}

impl Default for BriscolaRules {
    fn default() -> BriscolaRules {
        BriscolaRules {
            players: 2,
            hand_size: 3,
            target: 2,
        }
    }
}

/// Why a [`BriscolaRules`] cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaRulesError {
    /// `players` is not 2, 3 or 4.
    Players(u8),
    /// `hand_size` is not 3, or 9 with two players.
    HandSize {
        /// The hand size asked for.
        hand_size: u8,
        /// The players.
        players: u8,
    },
    /// `target` is not between 1 and 11.
    Target(u8),
}

impl fmt::Display for BriscolaRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BriscolaRulesError::Players(n) => {
                write!(
                    f,
                    "players: Briscola is played by 2, 3 or 4 players, not {n}"
                )
            }
            BriscolaRulesError::HandSize { hand_size, players } => write!(
                f,
                "hand_size: a hand holds 3 cards (or 9 with 2 players), not {hand_size} with {players} players"
            ),
            BriscolaRulesError::Target(t) => {
                write!(
                    f,
                    "target: the hands to win must be between 1 and 11, not {t}"
                )
            }
        }
    }
}

impl core::error::Error for BriscolaRulesError {}

impl BriscolaRules {
    /// Checks every option against BRISCOLA.md.
    pub const fn validate(&self) -> Result<(), BriscolaRulesError> {
        if self.players < 2 || self.players > 4 {
            return Err(BriscolaRulesError::Players(self.players));
        }
        if !(self.hand_size == 3 || (self.hand_size == 9 && self.players == 2)) {
            return Err(BriscolaRulesError::HandSize {
                hand_size: self.hand_size,
                players: self.players,
            });
        }
        if self.target < 1 || self.target > 11 {
            return Err(BriscolaRulesError::Target(self.target));
        }
        Ok(())
    }

    /// The sides: 2 with two or four players (four play in teams), 3 with three.
    #[inline]
    pub const fn sides(&self) -> u8 {
        crate::rules::sides_of(self.players)
    }

    /// The side of `seat`: with 4 players seats 0 and 2 are side 0, seats 1 and 3 side 1.
    #[inline]
    pub const fn side_of(&self, seat: u8) -> u8 {
        crate::rules::side_of_seat(self.players, seat)
    }

    /// Cards in play: 40, or 39 with three players (without the `2b`).
    #[inline]
    pub const fn deck_len(&self) -> u8 {
        if self.players == 3 { 39 } else { 40 }
    }

    /// Whether `card` is in play with these rules (the `2b` is not, with three players).
    #[inline]
    pub fn uses(&self, card: Card) -> bool {
        !(self.players == 3 && card == THREE_PLAYER_DISCARD)
    }

    /// Tricks in a hand: the cards in play divided by the players (20, 13 or 10).
    #[inline]
    pub const fn tricks(&self) -> u8 {
        self.deck_len() / self.players
    }
}
