//! Scopa at a two-deck table: 6 or 8 players in teams of two partners sitting opposite
//! (docs/rules.md §8, the leaflet's "if there are six or more players use both decks").
//!
//! The one-deck game keeps its 40-bit fast path ([`crate::scopa::HandState`], [`crate::scopa::Match`]);
//! here the hands, the table and the piles are [`CardMultiset`](crate::multiset::CardMultiset)s
//! that count copies, and a move names cards, not copies.
//!
//! - [`TeamMove`], [`for_each_capture`] ([`capture`]): the captures of a card on a table
//!   that may hold a card twice.
//! - [`TeamHand`] ([`hand`]): the deal (3 cards each per round, 8 to the first table, a
//!   deal with 5 or more Kings on the table voided), plays, scope, the end of the hand and
//!   its score per side ([`crate::scopa::score_copies`]).
//! - [`TeamView`] ([`view`]): what one seat knows; the only input of the AI.
//! - [`choose_move`] ([`ai`]): the AI levels, partners playing for their side.
//! - [`TeamMatch`] ([`game`]): hands to the target, scores per side (3 or 4).
//! - [`TeamMatch::to_bytes`] / [`TeamMatch::from_bytes`] ([`snapshot`]): the whole match in
//!   [`TEAM_SNAPSHOT_LEN`] versioned, checksummed bytes.
//!
//! ```
//! use scopa_core::scopa::Rules;
//! use scopa_core::scopa::teams::TeamHand;
//! let rules = Rules::default().with_players(8);
//! let (hand, _) = TeamHand::deal(rules, 7, &mut scopa_core::SplitMix64::new(1)).unwrap();
//! assert_eq!(hand.turn(), 0);
//! assert_eq!(hand.deck_left(), 80 - 8 * 3 - 8);
//! ```

pub mod ai;
pub mod capture;
pub mod game;
pub mod hand;
pub mod snapshot;
pub mod view;

pub use ai::{TeamBudget, choose_move, choose_move_with_budget};
pub use capture::{TeamMove, capture_count, for_each_capture, is_legal_capture, nth_capture};
pub use game::{TEAM_PLAYS, TeamMatch};
pub use hand::{TeamDealError, TeamEvent, TeamEvents, TeamHand, TeamPlayError};
pub use snapshot::{TEAM_SNAPSHOT_LEN, TEAM_SNAPSHOT_VERSION, TeamSnapshotError};
pub use view::TeamView;
