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
//! - Two decks (6 or 8 players in teams of two, BRISCOLA.md §2): [`TwoDeckHand`],
//!   [`TwoDeckView`], [`TwoDeckMatch`] — the same code as the one-deck types, generic over
//!   the card container ([`BriscolaCards`]: [`CardSet`](crate::CardSet) for one deck, the
//!   40-bit fast path; [`CardMultiset`](crate::multiset::CardMultiset) for two, copies counted).
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
pub mod cards;
pub mod game;
pub mod hand;
pub mod infer;
pub mod net;
mod net_weights;
mod playout;
mod rule_players;
pub mod rules;
pub(crate) mod search;

pub use search::inputs_of;
pub mod snapshot;
pub mod trick;

#[cfg(test)]
mod tests;

pub use ai::{
    BriscolaBudget, BriscolaHint, BriscolaReason, choose_card, choose_card_with_budget, hint,
};
pub use cards::BriscolaCards;
pub use game::{BriscolaMatch, BriscolaMatchOf, TwoDeckMatch};
pub use hand::{
    BriscolaDealError, BriscolaEvent, BriscolaEventOf, BriscolaEvents, BriscolaEventsOf,
    BriscolaHand, BriscolaHandOf, BriscolaPlayError, BriscolaScore, BriscolaScoreOf, BriscolaView,
    BriscolaViewError, BriscolaViewOf, TwoDeckEvent, TwoDeckEvents, TwoDeckHand, TwoDeckScore,
    TwoDeckView,
};
pub use rules::{BriscolaRules, BriscolaRulesError};
pub use snapshot::{
    BRISCOLA_SNAPSHOT_LEN, BRISCOLA_SNAPSHOT_VERSION, BriscolaSnapshotError, TWO_DECK_SNAPSHOT_LEN,
};
pub use trick::{beats, card_points, pile_points, rank, trick_winner};
