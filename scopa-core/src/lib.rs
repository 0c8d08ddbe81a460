//! # scopa-core
//!
//! The complete rules of Scopa and Briscola (see `docs/rules.md` and `docs/briscola.md` of
//! the project) in a `#![no_std]`, allocation-free, `unsafe`-free crate: cards and their
//! notation, every rules option, dealing from a seed or an explicit deck, legal moves,
//! plays with typed errors, scoring, whole matches, per-seat views, the AI players, and
//! compact save files; above them the session every front-end drives.
//!
//! ```
//! use scopa_core::scopa::{Match, Rules, Event};
//!
//! let rules = Rules { players: 2, target: 11, ..Rules::default() };
//! let mut game = Match::new(rules, 42).unwrap();
//! let seat = game.turn();
//! let view = game.view(seat).unwrap();          // what that seat may know
//! let mv = view.legal_moves()[0];               // pick a move (an AI would choose well)
//! let events = game.play(seat, mv).unwrap();    // what happened, for the screen
//! assert!(matches!(events[0], Event::Played { .. }));
//! let saved = game.to_bytes();                  // 334 bytes, versioned, checksummed
//! assert_eq!(Match::from_bytes(&saved).unwrap(), game);
//! ```
//!
//! ## Layout: what games share at the root, one folder per game
//! - [`Card`], [`Suit`], [`CardSet`] (one deck, one bit per card) and
//!   [`multiset::CardMultiset`] (two decks, copies counted): the vocabulary.
//! - [`Deck`] and [`SplitMix64`]: portable shuffling, so a seed plays the same everywhere.
//! - [`seats`]: seats and sides ([`MAX_SEATS`], [`MAX_SIDES`], [`decks_for`]).
//! - [`snapshot`]: the checksum every save format ends with.
//! - [`scopa`]: every rule of Scopa — [`scopa::Rules`], captures, [`scopa::HandState`] (one
//!   hand), [`scopa::score_hand`], [`scopa::Match`] and its snapshot, [`scopa::PlayerView`];
//!   tables of 6 and 8 in [`scopa::teams`].
//! - [`briscola`]: every rule of Briscola, one deck or two.
//! - [`game`]: the game interface ([`game::GameMatch`]) the session, the table model, the
//!   protocol and the AI driver use, and the moves, events and hints of every game.
//! - [`ai`]: the AI levels, what each seat's AI may see, and the search.
//! - [`analysis`]: the coach — what every choice of a seat is worth from its own
//!   information, why, the hint it drives, the AI's explanations and the review of a hand.
//! - [`session::Session`]: the game a person plays — seats, phases, the one seed policy,
//!   hints, undo, texts in English and Italian, the one save format. Every front-end drives it.
//!
//! ## Cargo features (all off by default)
//! - `defmt`: `defmt::Format` on the public types, for logging on microcontrollers.
//!
//! The players for benchmarks only — the cheating oracle, the frozen first-version AI and
//! the experimental search settings — are not here but in the `scopa-ai-lab` crate, built
//! on [`ai::search`]'s hooks; no front-end depends on it, so no shipped program contains a
//! player that reads hidden cards.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::std_instead_of_core)]

#[cfg(test)]
extern crate std;

pub mod ai;
pub mod analysis;
pub mod briscola;
pub mod card;
pub mod cardset;
pub mod deal;
pub mod game;
pub mod multiset;
pub mod scopa;
pub mod seats;
pub mod session;
pub mod snapshot;

pub use card::{Card, ParseCardError, Suit};
pub use cardset::{CardSet, ParseCardSetError};
pub use deal::{Deck, DeckError, SplitMix64};
pub use seats::{MAX_SEATS, MAX_SIDES, decks_for};
