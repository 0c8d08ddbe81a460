//! [`SessionError`]: the error of every call, written in the session's language, and the
//! panic guard every export runs under.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use scopa_core::session::{self as core, Texts};

/// Why a call was refused; nothing changed (the session's refusals of a move reach the app
/// as the frame's `refusal` instead). Exported flat: Kotlin gets one `SessionException`
/// subclass per variant and Swift one `SessionError` case per variant, each with `message`,
/// a sentence for the player in the session's language (English for the few mistakes only
/// a program can make: a card index past 39, a list of the wrong length).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Error)]
#[uniffi(flat_error)]
pub enum SessionError {
    /// The settings cannot be played (players, deal, target, seats, undo).
    InvalidSettings {
        /// What is wrong.
        message: String,
    },
    /// The action does not belong to the phase (e.g. `Continue` while a person must play).
    WrongPhase {
        /// What was asked, and what the session waits for.
        message: String,
    },
    /// The card is not in the hand of the seat to play.
    NotInHand {
        /// The card and the seat.
        message: String,
    },
    /// There is no capture option with this index.
    NoSuchCapture {
        /// The index and the options.
        message: String,
    },
    /// The move is not legal.
    IllegalMove {
        /// Why.
        message: String,
    },
    /// Undo is off in the settings.
    UndoOff {
        /// Undo is a setting, against AIs only.
        message: String,
    },
    /// The person has made no play this hand: nothing to take back.
    NothingToUndo {
        /// What happened.
        message: String,
    },
    /// The session has played all the rematches it can count.
    TooManyMatches {
        /// What happened.
        message: String,
    },
    /// A card index is not 0 … 39.
    InvalidCard {
        /// What is wrong.
        message: String,
    },
    /// A line given to `parse_script_line` is not a script line.
    BadScriptLine {
        /// The line and what is wrong with it.
        message: String,
    },
    /// The bytes given to `restore` are not a save (of this format or an earlier one).
    BadSave {
        /// What is wrong with them.
        message: String,
    },
    /// A bug: a panic inside the engine, or an engine refusal of its own move.
    Internal {
        /// What happened.
        message: String,
    },
}

impl SessionError {
    /// The error for a refusal of the core session, written with `texts` (the session's,
    /// so that its one person is "you").
    pub fn from_core(e: &core::SessionError, texts: &Texts) -> SessionError {
        let message = texts.error(e).to_string();
        match e {
            core::SessionError::Settings(_) => SessionError::InvalidSettings { message },
            core::SessionError::WrongPhase { .. } => SessionError::WrongPhase { message },
            core::SessionError::NotInHand { .. } => SessionError::NotInHand { message },
            core::SessionError::NoSuchCapture { .. } => SessionError::NoSuchCapture { message },
            core::SessionError::Illegal(_)
            | core::SessionError::IllegalAtBigTable(_)
            | core::SessionError::IllegalCard(_)
            | core::SessionError::CaptureInBriscola { .. } => SessionError::IllegalMove { message },
            core::SessionError::UndoOff => SessionError::UndoOff { message },
            core::SessionError::NothingToUndo => SessionError::NothingToUndo { message },
            core::SessionError::TooManyMatches => SessionError::TooManyMatches { message },
            core::SessionError::Internal => SessionError::Internal { message },
        }
    }

    /// The error for a save the core refused, written in `lang`.
    pub fn from_save(e: &core::SaveError, lang: core::Lang) -> SessionError {
        let t = Texts::new(lang);
        SessionError::BadSave {
            message: format!(
                "{}: {}",
                t.label(core::Label::SaveUnreadable),
                t.save_error(e)
            ),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            SessionError::InvalidSettings { message }
            | SessionError::WrongPhase { message }
            | SessionError::NotInHand { message }
            | SessionError::NoSuchCapture { message }
            | SessionError::IllegalMove { message }
            | SessionError::UndoOff { message }
            | SessionError::NothingToUndo { message }
            | SessionError::TooManyMatches { message }
            | SessionError::InvalidCard { message }
            | SessionError::BadScriptLine { message }
            | SessionError::BadSave { message }
            | SessionError::Internal { message } => message,
        }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for SessionError {}

/// Runs `f`, turning a panic into [`SessionError::Internal`]: no panic crosses the FFI.
pub(crate) fn guard<T>(
    call: &str,
    f: impl FnOnce() -> Result<T, SessionError>,
) -> Result<T, SessionError> {
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
            Err(SessionError::Internal {
                message: format!(
                    "internal error in scopa-ffi (please report it): {call} panicked: {what}"
                ),
            })
        }
    }
}
