//! [`ScopaError`]: the one error type of the foreign API, and the panic guard.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use scopa_core::{PlayError, RulesError};

/// Everything that can go wrong in a call. Exported flat: Kotlin gets one
/// `ScopaException` subclass per variant and Swift one `ScopaError` case per variant, each
/// with the [`Display`](fmt::Display) text below as its message.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Error)]
#[uniffi(flat_error)]
pub enum ScopaError {
    /// The configuration is impossible (players, deal, target, first dealer, AI seats).
    InvalidConfig {
        /// What is wrong.
        reason: String,
    },
    /// The seat does not exist in this match.
    NoSuchSeat {
        /// The seat asked for.
        seat: u32,
        /// Players in the match.
        players: u8,
    },
    /// Another seat is to play.
    NotYourTurn {
        /// The seat that tried.
        seat: u8,
        /// The seat to play.
        turn: u8,
    },
    /// The card played is not in the seat's hand.
    CardNotInHand {
        /// The seat.
        seat: u8,
        /// The card, in notation (`7d`).
        card: String,
    },
    /// The capture is not one the rules allow (the engine's explanation).
    IllegalCapture {
        /// The engine's explanation, naming the card and the capture.
        reason: String,
    },
    /// A card given by the caller does not exist or is given twice.
    InvalidCard {
        /// What is wrong.
        reason: String,
    },
    /// `play_ai` on a seat that has no AI level.
    NotAiSeat {
        /// The seat.
        seat: u8,
    },
    /// The match is over.
    MatchOver {
        /// The winning side.
        winner: u8,
    },
    /// The bytes given to `restore` are not a save of this library.
    CorruptSave {
        /// What is wrong with them.
        reason: String,
    },
    /// A bug: an unexpected panic, or a lock poisoned by one. Never a user mistake.
    Internal {
        /// What happened.
        reason: String,
    },
}

impl fmt::Display for ScopaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScopaError::InvalidConfig { reason } => write!(f, "invalid config: {reason}"),
            ScopaError::NoSuchSeat { seat, players } => {
                write!(f, "there is no seat {seat} in a {players}-player game")
            }
            ScopaError::NotYourTurn { seat, turn } => {
                write!(f, "it is not seat {seat}'s turn: seat {turn} plays now")
            }
            ScopaError::CardNotInHand { seat, card } => {
                write!(f, "card {card} is not in seat {seat}'s hand")
            }
            ScopaError::IllegalCapture { reason } => write!(f, "illegal capture: {reason}"),
            ScopaError::InvalidCard { reason } => write!(f, "invalid card: {reason}"),
            ScopaError::NotAiSeat { seat } => write!(
                f,
                "seat {seat} is played by a human: play_ai needs a seat with an AI level"
            ),
            ScopaError::MatchOver { winner } => {
                write!(f, "the match is over: side {winner} won")
            }
            ScopaError::CorruptSave { reason } => write!(f, "corrupt save: {reason}"),
            ScopaError::Internal { reason } => {
                write!(
                    f,
                    "internal error in scopa-ffi (please report it): {reason}"
                )
            }
        }
    }
}

impl std::error::Error for ScopaError {}

impl From<RulesError> for ScopaError {
    fn from(e: RulesError) -> ScopaError {
        ScopaError::InvalidConfig {
            reason: e.to_string(),
        }
    }
}

impl From<PlayError> for ScopaError {
    fn from(e: PlayError) -> ScopaError {
        match e {
            PlayError::NoSuchSeat { seat, players } => ScopaError::NoSuchSeat {
                seat: u32::from(seat),
                players,
            },
            PlayError::NotYourTurn { seat, turn } => ScopaError::NotYourTurn { seat, turn },
            PlayError::CardNotInHand { seat, card } => ScopaError::CardNotInHand {
                seat,
                card: card.to_string(),
            },
            PlayError::IllegalCapture { .. } => ScopaError::IllegalCapture {
                reason: e.to_string(),
            },
            PlayError::MatchOver { winner } => ScopaError::MatchOver { winner },
            // A match deals the next hand as soon as one ends, so its current hand is
            // never over while the match goes on.
            PlayError::HandOver => ScopaError::Internal {
                reason:
                    "the engine refused a play because its hand is over, in a match that is not"
                        .to_string(),
            },
        }
    }
}

/// An error type with a variant for bugs, which a caught panic becomes.
pub(crate) trait FromPanic {
    /// The error for a panic of `call` with message `what`.
    fn from_panic(call: &str, what: &str) -> Self;
}

impl FromPanic for ScopaError {
    fn from_panic(call: &str, what: &str) -> ScopaError {
        ScopaError::Internal {
            reason: format!("{call} panicked: {what}"),
        }
    }
}

/// Runs `f`, turning a panic into the error's `Internal` variant: no panic crosses the FFI.
pub(crate) fn guard<T, E: FromPanic>(call: &str, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let what = if let Some(s) = payload.downcast_ref::<&str>() {
                (*s).to_string()
            } else if let Some(s) = payload.downcast_ref::<String>() {
                s.clone()
            } else {
                "a panic without a message".to_string()
            };
            Err(E::from_panic(call, &what))
        }
    }
}
