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
/// assert_eq!((rules.players, rules.hand_size, rules.target, rules.decks), (2, 3, 2, 1));
/// assert_eq!(rules.validate(), Ok(()));
/// assert!(BriscolaRules { players: 3, hand_size: 9, ..rules }.validate().is_err());
/// // Six and eight players: two decks (six without the two `2b`), partners opposite.
/// let six = BriscolaRules { players: 6, decks: 2, ..rules };
/// assert_eq!((six.validate(), six.deck_len(), six.sides(), six.tricks()), (Ok(()), 78, 3, 13));
/// assert!(BriscolaRules { players: 6, ..rules }.validate().is_err()); // needs two decks
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaRules {
    /// Seats at the table: 2, 3 or 4 (one deck); 6 or 8 (two decks, in teams of two).
    pub players: u8,
    /// Cards in each hand: 3, or 9 (the leaflet's two-player deal).
    pub hand_size: u8,
    /// Hands won to win the match: 1 to 11 (default 2, best of three).
    pub target: u8,
    /// Decks shuffled together: 1, or 2 for 6 and 8 players (who need 2; RULES.md §8).
    pub decks: u8,
}

impl Default for BriscolaRules {
    fn default() -> BriscolaRules {
        BriscolaRules {
            players: 2,
            hand_size: 3,
            target: 2,
            decks: 1,
        }
    }
}

/// Why a [`BriscolaRules`] cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaRulesError {
    /// `players` is not 2, 3, 4, 6 or 8.
    Players(u8),
    /// `decks` does not suit `players`: 2, 3 and 4 players use one deck, 6 and 8 two.
    Decks {
        /// The decks given.
        decks: u8,
        /// The players.
        players: u8,
    },
    /// The rules are playable, but by the other table type: the one-deck types
    /// ([`BriscolaHand`](super::BriscolaHand) …) take one deck, the two-deck ones
    /// ([`TwoDeckHand`](super::TwoDeckHand) …) two.
    WrongTable {
        /// The decks the rules ask for.
        decks: u8,
        /// The decks this table type plays.
        plays: u8,
    },
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
                    "players: Briscola is played by 2, 3 or 4 players (one deck) or 6 or 8 (two decks), not {n}"
                )
            }
            BriscolaRulesError::Decks { decks, players } => write!(
                f,
                "decks: {players} players play with {} deck(s), not {decks}: 2, 3 or 4 players use one deck, 6 or 8 use two",
                crate::seats::decks_for(players)
            ),
            BriscolaRulesError::WrongTable { decks, plays } => write!(
                f,
                "decks: these rules play {decks} deck(s), and this table plays {plays}"
            ),
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
        if !matches!(self.players, 2 | 3 | 4 | 6 | 8) {
            return Err(BriscolaRulesError::Players(self.players));
        }
        if self.decks != crate::seats::decks_for(self.players) {
            return Err(BriscolaRulesError::Decks {
                decks: self.decks,
                players: self.players,
            });
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

    /// The sides: 2 with two or four players (four play in teams), 3 with three, 3 with six
    /// and 4 with eight (teams of two partners opposite).
    #[inline]
    pub const fn sides(&self) -> u8 {
        crate::seats::sides_of(self.players)
    }

    /// The side of `seat`: with 4 players seats 0 and 2 are side 0, seats 1 and 3 side 1;
    /// with 6 or 8 seat s is side s mod players/2.
    #[inline]
    pub const fn side_of(&self, seat: u8) -> u8 {
        crate::seats::side_of_seat(self.players, seat)
    }

    /// Whether the `2b` (both copies with two decks) is left out: with three players and
    /// with six, so that the cards come out even.
    #[inline]
    pub const fn drops_two_of_bastoni(&self) -> bool {
        self.players == 3 || self.players == 6
    }

    /// Cards in play: 40, or 39 with three players (without the `2b`); with two decks 80,
    /// or 78 with six players (without the two `2b`).
    #[inline]
    pub const fn deck_len(&self) -> u8 {
        let all = 40u8.saturating_mul(self.decks);
        if self.drops_two_of_bastoni() {
            all.saturating_sub(self.decks)
        } else {
            all
        }
    }

    /// Whether `card` is in play with these rules (the `2b` is not, with three or six
    /// players).
    #[inline]
    pub fn uses(&self, card: Card) -> bool {
        !(self.drops_two_of_bastoni() && card == THREE_PLAYER_DISCARD)
    }

    /// Tricks in a hand: the cards in play divided by the players (20, 13 or 10 with one
    /// deck; 13 with six players and 10 with eight).
    #[inline]
    pub const fn tricks(&self) -> u8 {
        self.deck_len() / self.players
    }
}
