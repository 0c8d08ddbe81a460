//! The AI explains itself (issue 39): after an AI play, what it played, what it considered
//! and why, from the search's own figures — the analysis of the position it played from,
//! for its seat, with the seed of its decision, so the expert's best choice is the move it
//! played ([`AiWhy::own_search`]).
//!
//! The session keeps the plays of the current hand ([`Session::ai_plays`], the per-hand log
//! of the AI's decisions) and explains any of them on request ([`Session::ai_why`]). An
//! explanation names the cards the AI held and its figures depend on them, so it is given
//! only once every card that seat held at that play has been played and which cards those
//! were is public: until then [`WhyError::Hidden`] says how many are still hidden. In
//! Briscola a seat draws after each trick, so the cards it held before the stock ran out
//! stay its secret ([`WhyError::Drawn`]): its plays of the last tricks are explained.
//! Nothing shown, and not whether it is shown, depends on a card the asker cannot see.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::analysis::explain::WhyError;
//! use scopa_core::session::{Action, Phase, Session, Settings};
//! let mut s = Session::new(Settings::watch(Level::Expert, Default::default()), 4).unwrap();
//! // Watch the AIs until one of them has played every card it held at the first play.
//! let why = loop {
//!     match s.phase() {
//!         Phase::AiDue { .. } => { s.apply(Action::RunAi).unwrap(); }
//!         _ => { s.apply(Action::Continue).unwrap(); }
//!     }
//!     match s.ai_why(0) {
//!         Ok(why) => break why,
//!         Err(WhyError::Hidden { .. }) => continue,
//!         Err(e) => panic!("{e}"),
//!     }
//! };
//! assert!(why.own_search);
//! assert_eq!(why.analysis.best().mv, why.played);
//! ```
//!
//! [`Session::ai_plays`]: crate::session::Session::ai_plays
//! [`Session::ai_why`]: crate::session::Session::ai_why

use crate::ai::Level;
use crate::game::GameMove;

use super::{Analysis, AnalysisError};

/// One play of the current hand, as the per-hand log lists it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AiPlay {
    /// The play of the hand, from 0.
    pub ply: u8,
    /// The seat that played.
    pub seat: u8,
    /// The AI's level.
    pub level: Level,
    /// What it played.
    pub played: GameMove,
    /// Whether [`Session::ai_why`](crate::session::Session::ai_why) explains it now (every
    /// card the seat held then is public).
    pub ready: bool,
}

/// An AI play explained.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AiWhy {
    /// The seat that played.
    pub seat: u8,
    /// Its level.
    pub level: Level,
    /// The hand, from 0.
    pub hand: u16,
    /// The play of the hand, from 0.
    pub ply: u8,
    /// What it played.
    pub played: GameMove,
    /// Whether the figures are the search the AI ran itself (the expert: its best choice
    /// is the move played). For the other levels (the handheld searches with a smaller
    /// budget, the others do not search) they are the expert's figures of the same choices:
    /// what the level's move gave up.
    pub own_search: bool,
    /// The analysis of the position it played from, for its seat, with its decision's
    /// seed: every choice it had, its expected margin, confidence and reasons.
    pub analysis: Analysis,
}

impl AiWhy {
    /// What the move played cost against the best choice, in hundredths (0 when it was the
    /// best).
    pub fn loss(&self) -> u32 {
        self.analysis.loss(self.played).unwrap_or(0)
    }
}

/// Why an AI play cannot be explained.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum WhyError {
    /// The hand has no such play.
    NoSuchPlay {
        /// The play asked for.
        ply: u8,
        /// Plays made in the hand.
        plays: u8,
    },
    /// A person made that play, not the AI.
    NotAnAi {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
    },
    /// The seat still holds cards it held then: explaining the play would show them.
    Hidden {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
        /// Cards it held then and still holds.
        cards: u8,
    },
    /// Briscola: the seat drew after that play (the stock was not empty), so which cards it
    /// held then stays its secret, even once they are played.
    Drawn {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
    },
    /// The position could not be analysed (two decks, a match over…).
    Analysis(AnalysisError),
    /// The hand could not be taken back to that play (a bug, reported instead of a panic).
    Replay,
}

impl core::error::Error for WhyError {}
