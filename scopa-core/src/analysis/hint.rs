//! The hint: the expert's suggestion for the seat to play, in every game — the coach's
//! analysis's best choice where the analysis reads the table (one deck), the expert's move
//! with the facts of playing it elsewhere. Here rather than in the game interface, which
//! the analysis itself reads.

#[cfg(feature = "big-tables")]
use crate::ai::Level;
use crate::analysis::{self, Reasons, Suggestion};
#[cfg(feature = "big-tables")]
use crate::briscola;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{AnyMatch, GameMove};
#[cfg(feature = "big-tables")]
use crate::scopa::teams;
use crate::scopa::teams::TeamMove;

/// The expert's suggestion in either game, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameHint {
    /// One deck, either game: the coach's analysis's best choice, with its figures and
    /// reasons ([`analysis::suggest`]) — every word of it a figure or a fact of the
    /// analysis.
    Coach(Suggestion),
    /// Briscola with two decks (not analysed yet): the expert's card and the facts of
    /// playing it (the analysis's [`Why`](crate::analysis::Why)s of the trick and the trumps).
    BriscolaTwoDecks {
        /// The card to play.
        card: Card,
        /// The facts of playing it.
        reasons: Reasons,
    },
    /// Scopa's at a table of 6 or 8: the expert's move (its reasons are written for one
    /// deck only).
    Teams(TeamMove),
}

impl GameHint {
    /// The card to play.
    pub const fn card(&self) -> Card {
        match self {
            GameHint::Coach(s) => s.choice.mv.card(),
            GameHint::BriscolaTwoDecks { card, .. } => *card,
            GameHint::Teams(mv) => mv.card,
        }
    }

    /// The table cards it takes, each named once (always empty in Briscola: a trick is
    /// taken by its best card).
    pub const fn takes(&self) -> CardSet {
        match self {
            GameHint::Coach(s) => s.choice.mv.capture().distinct(),
            GameHint::BriscolaTwoDecks { .. } => CardSet::EMPTY,
            GameHint::Teams(mv) => mv.capture.distinct(),
        }
    }

    /// The move suggested.
    pub fn mv(&self) -> GameMove {
        match self {
            GameHint::Coach(s) => s.choice.mv,
            GameHint::BriscolaTwoDecks { card, .. } => GameMove::Briscola(*card),
            GameHint::Teams(mv) => GameMove::Scopa(*mv),
        }
    }
}

/// The expert's suggestion for `seat`, which is to play, with `seed` (the session's
/// [`hint_seed`](crate::session::seed::hint_seed): no secret); `None` if `seat` is not to play.
pub(crate) fn hint(m: &AnyMatch, seat: u8, seed: u64) -> Option<GameHint> {
    match m {
        AnyMatch::Scopa(x) => {
            let view = x.view(seat)?;
            analysis::analyze_scopa(&view, seed)
                .ok()
                .map(|a| GameHint::Coach(a.suggestion()))
        }
        AnyMatch::Briscola(x) => {
            x.view(seat)?;
            analysis::suggest(x, seat, seed).ok().map(GameHint::Coach)
        }
        #[cfg(feature = "big-tables")]
        AnyMatch::Teams(x) => {
            let view = x.hand().view(seat, x.scores())?;
            teams::choose_move(Level::Expert, &view, seed).map(GameHint::Teams)
        }
        #[cfg(feature = "big-tables")]
        AnyMatch::BriscolaTeams(x) => {
            let view = x.view(seat)?;
            let card = briscola::choose_card(Level::Expert, &view, seed)?;
            Some(GameHint::BriscolaTwoDecks {
                card,
                reasons: analysis::reasons::briscola(&view, card),
            })
        }
    }
}
