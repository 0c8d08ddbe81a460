//! Briscola, the leaflet's second game on the same 40 cards: every rule of BRISCOLA.md is in
//! this module, and only here.
//!
//! - [`BriscolaRules`] ([`rules`]): players (2, 3 without the `2b`, 4 in teams), the hand
//!   size (3, or the leaflet's 9 for two), the hands to win.
//! - [`rank`], [`card_points`], [`trick_winner`] ([`trick`]): Ace, 3, Re, Cavallo, Fante,
//!   7 … 2; 11, 10, 4, 3, 2 points; trumps beat the suit led, other suits never win.
//! - [`BriscolaHand`] ([`hand`]): the deal with the briscola under the stock, tricks,
//!   drawing winner first, the hand's points; [`BriscolaView`], what one seat knows.
//! - [`BriscolaMatch`] ([`game`]): hands until a side has won `target` of them.
//!
//! Shared with Scopa: [`Card`](crate::Card), [`CardSet`](crate::CardSet), the seeded
//! [`Deck`](crate::Deck), and the seats-and-sides shape of a table.
//!
//! ```
//! use scopa_core::briscola::{BriscolaMatch, BriscolaRules};
//! let rules = BriscolaRules { players: 4, ..BriscolaRules::default() };
//! let mut m = BriscolaMatch::new(rules, 1).unwrap();
//! let seat = m.turn();
//! let view = m.view(seat).unwrap();               // what that seat may know
//! m.play(seat, view.hand.first().unwrap()).unwrap();
//! assert_eq!(m.hand().trick().len(), 1);
//! ```

pub mod ai;
pub mod game;
pub mod hand;
mod playout;
pub mod rules;
pub mod snapshot;
pub mod trick;

#[cfg(test)]
mod tests;

pub use ai::{
    BriscolaBudget, BriscolaHint, BriscolaReason, choose_card, choose_card_with_budget, hint,
};
pub use game::BriscolaMatch;
pub use hand::{
    BriscolaDealError, BriscolaEvent, BriscolaEvents, BriscolaHand, BriscolaPlayError,
    BriscolaScore, BriscolaView, BriscolaViewError,
};
pub use rules::{BriscolaRules, BriscolaRulesError};
pub use snapshot::{BRISCOLA_SNAPSHOT_LEN, BRISCOLA_SNAPSHOT_VERSION, BriscolaSnapshotError};
pub use trick::{beats, card_points, pile_points, rank, trick_winner};
