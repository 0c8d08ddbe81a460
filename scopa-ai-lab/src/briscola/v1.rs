//! `expert-v1` and `handheld-v1` for Briscola: the expert of issue 22/24 (before issue 40),
//! frozen as the baseline every later figure is measured against
//! ([`choose_card_playouts`] with its budget). For each of its cards it imagines the
//! unseen cards dealt at random (256 deals; the handheld 64),
//! plays the hand out with every seat playing `medium`, and keeps the best mean margin;
//! with two players and the stock empty it searches the rest exactly (alpha-beta, at most
//! 400,000 positions; the handheld 20,000). Two decks: half the deals.
//!
//! Its moves are pinned by a recorded digest (`tests/briscola.rs`), so a change to what it
//! relies on in scopa-core (`choose_card_playouts`, `medium`, the hand) cannot go unnoticed.

use scopa_core::Card;
use scopa_core::briscola::ai::choose_card_playouts;
use scopa_core::briscola::{BriscolaBudget, BriscolaCards, BriscolaViewOf};

/// The frozen budget: deals imagined and exact-search positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct V1Budget {
    /// Deals imagined (halved with two decks).
    pub samples: u16,
    /// Positions of the exact endgame search.
    pub nodes: u32,
}

/// `expert-v1`'s budget.
pub const EXPERT_V1: V1Budget = V1Budget {
    samples: 256,
    nodes: 400_000,
};
/// `handheld-v1`'s budget.
pub const HANDHELD_V1: V1Budget = V1Budget {
    samples: 64,
    nodes: 20_000,
};

/// `seat`'s side's points minus the best other side's.
pub use scopa_core::briscola::ai::margin;

/// The card `expert-v1` (with [`EXPERT_V1`]) or `handheld-v1` (with [`HANDHELD_V1`])
/// plays in `view` with `seed`; `None` when it is not the viewer's turn.
pub fn choose<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: V1Budget,
) -> Option<Card> {
    let samples = if view.rules.decks >= 2 {
        budget.samples / 2
    } else {
        budget.samples
    };
    choose_card_playouts(
        view,
        seed,
        BriscolaBudget {
            samples,
            nodes: budget.nodes,
        },
    )
}
