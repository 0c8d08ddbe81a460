//! Scopa (docs/rules.md): every rule of this game is here, and only here — the options
//! ([`Rules`]), the captures ([`capture`]), the score ([`score`]), one hand ([`HandState`]),
//! the match ([`Match`]), what one seat knows ([`PlayerView`]) and the save format
//! ([`snapshot`]). Tables of 6 and 8 play with two decks ([`teams`]).
//!
//! What every game shares — cards, card sets and multisets, dealing, seats and sides — is
//! at the crate root; the AI players are in [`crate::ai`].
//!
//! ```
//! use scopa_core::scopa::{Event, Match, Rules};
//!
//! let rules = Rules { players: 2, target: 11, ..Rules::default() };
//! let mut game = Match::new(rules, 42).unwrap();
//! let seat = game.turn();
//! let mv = game.legal_moves()[0];
//! let events = game.play(seat, mv).unwrap();
//! assert!(matches!(events[0], Event::Played { .. }));
//! ```

pub mod capture;
pub mod cards;
pub mod game;
pub mod hand;
pub(crate) mod playout;
pub mod rules;
pub mod score;
pub mod snapshot;
pub mod teams;
pub mod view;

pub use capture::{
    CaptureList, MAX_CAPTURES, MAX_MOVES, Move, MoveList, capture_count, captures, is_legal_capture,
};
pub use cards::{EventOf, EventsOf, PlayErrorOf, ScopaCards};
pub use game::{FinishedHand, MAX_REDEALS, Match, RewindError, winner_after_hand, winner_of};
pub use hand::{DealError, Event, Events, HandState, PlayError, PositionError};
pub use rules::{AceRule, DealKind, PrimieraRule, Rules, RulesError, UnknownOption};
pub use score::{
    HandScore, ScoreError, SideScore, napola_points, primiera_value, score_copies, score_hand,
};
pub use snapshot::{SNAPSHOT_LEN, SNAPSHOT_VERSION, SnapshotError};
pub use view::{History, Play, PlayerView, ViewError};
