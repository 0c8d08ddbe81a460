//! The coach's analysis of a position (issue 39): for the seat to play, from that seat's
//! information only, every legal choice — a card, and in Scopa each capture it can make —
//! with the expected margin of the hand it leads to, a confidence, and (in Briscola) the
//! chance to win the hand.
//!
//! The figures are the expert's own: the same search, the same imagined deals of the cards
//! the seat cannot see, the same seed ([`crate::ai::search`] for Scopa, the Briscola
//! expert's search in [`crate::briscola::ai`]), so the choice the analysis ranks first is
//! the move the expert plays with that seed, and nothing in it depends on a hidden card.
//!
//! - **Margin**: the hand's final score of the seat's side minus the other side's (with
//!   three sides, minus the mean of the other two), what is already taken included, in
//!   hundredths of a point — Scopa's points, Briscola's card points (120 in a deck). It is
//!   the mean over the imagined deals of the search's value of the choice in each.
//! - **Confidence**: the standard error of that mean over the deals (0 when the position
//!   was searched exactly: nothing hidden).
//! - **Win chance** (Briscola): the share of the deals in which the choice's value wins the
//!   hand (more than half the points; a tie counts half), in thousandths.
//!
//! The session's hint is the analysis's best choice ([`Suggestion`], [`suggest`]); the AI
//! explains its plays with the analysis of the position it played from ([`explain`]); a
//! hand's moves are reviewed against it ([`review`]).
//!
//! Tables of 6 or 8 (two decks) are not analysed yet ([`AnalysisError::TwoDecks`]).
//!
//! ```
//! use scopa_core::analysis::{self, Unit};
//! use scopa_core::scopa::{Match, Rules};
//! let m = Match::new(Rules::default(), 7).unwrap();
//! let a = analysis::analyze(&m, m.turn(), 1).unwrap();
//! assert_eq!(a.unit, Unit::ScopaPoints);
//! assert_eq!(a.choices.len(), m.legal_moves().len());
//! // The best choice is the expert's move with this seed.
//! let best = a.best();
//! assert!(a.choices.iter().all(|c| c.margin <= best.margin));
//! ```

use core::any::Any;
use core::fmt;

use crate::ai::{Budget, Level};
use crate::briscola::{BriscolaBudget, BriscolaMatch, BriscolaView};
use crate::card::Card;
use crate::game::{Game, GameMatch, GameMove};
use crate::scopa::Match;
use crate::scopa::capture::MAX_MOVES;
use crate::scopa::view::PlayerView;

mod briscola;
pub mod explain;
pub mod hint;
pub mod reasons;
pub mod review;
mod scopa;
mod stats;
pub mod texts;

pub use reasons::{Reasons, Why};

use stats::Tally;

/// The most choices an analysis holds: every legal move of one-deck Scopa.
pub const MAX_CHOICES: usize = MAX_MOVES;

/// What the margins count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Unit {
    /// Scopa's points of the hand (carte, denari, settebello, primiera, scope…).
    ScopaPoints,
    /// Briscola's card points (120 in a deck; more than 60 wins the hand).
    CardPoints,
}

impl Unit {
    /// The unit of `game`'s margins.
    pub const fn of(game: Game) -> Unit {
        match game {
            Game::Scopa => Unit::ScopaPoints,
            Game::Briscola(_) => Unit::CardPoints,
        }
    }
}

/// One legal choice and what the search found it worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Choice {
    /// The move: a card, and in Scopa what it takes.
    pub mv: GameMove,
    /// The expected margin of the hand after it, in hundredths of a [`Unit`].
    pub margin: i32,
    /// The standard error of [`Choice::margin`] over the imagined deals, in hundredths.
    pub std_error: u32,
    /// In Briscola, the chance to win the hand after it, in thousandths (a tie counts
    /// half); `None` in Scopa, whose hand is a part of a match to a target.
    pub win_chance: Option<u16>,
    /// Why, in facts of the position: first how it compares with the best choice, then
    /// what it takes or gives away ([`Why`]).
    pub reasons: Reasons,
}

/// The analysis of one position for the seat to play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Analysis {
    /// The seat analysed (the seat to play).
    pub seat: u8,
    /// What the margins count.
    pub unit: Unit,
    /// Every legal choice, in the game's canonical order.
    pub choices: heapless::Vec<Choice, MAX_CHOICES>,
    /// The index in [`Analysis::choices`] of the expert's choice (the best margin; the
    /// first in canonical order on ties).
    pub best: usize,
    /// Imagined deals the figures are averaged over (1 when exact).
    pub worlds: u32,
    /// Whether nothing was hidden and the search went to the end of the hand: the
    /// margins are then certain (given best play by everyone after).
    pub exact: bool,
}

impl Analysis {
    /// The expert's choice.
    pub fn best(&self) -> &Choice {
        &self.choices[self.best]
    }

    /// The choice playing `mv`, if it is one of them.
    pub fn choice(&self, mv: GameMove) -> Option<&Choice> {
        self.choices.iter().find(|c| same_move(c.mv, mv))
    }

    /// What playing `mv` costs against the best choice, in hundredths (0 for the best;
    /// `None` when `mv` is not a choice of this position).
    pub fn loss(&self, mv: GameMove) -> Option<u32> {
        let c = self.choice(mv)?;
        Some(self.best().margin.saturating_sub(c.margin).max(0) as u32)
    }
}

/// The coach's hint: the analysis's best choice (the expert's move with the analysis's
/// seed), its figures and its reasons, and by how much it beats the next best choice. The
/// session's hint ([`Session::hint`](crate::session::Session::hint)) is this, so every
/// word of a hint is a figure or a fact of the analysis.
///
/// ```
/// use scopa_core::analysis::{self, Why};
/// use scopa_core::scopa::{Match, Rules};
/// let m = Match::new(Rules::default(), 7).unwrap();
/// let a = analysis::analyze(&m, m.turn(), 1).unwrap();
/// let s = a.suggestion();
/// assert_eq!(s.choice, *a.best());
/// assert_eq!(s.choice.reasons.iter().next(), Some(Why::Best));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Suggestion {
    /// What the margins count.
    pub unit: Unit,
    /// The best choice: its move, expected margin, confidence, win chance and reasons
    /// (the first is [`Why::Best`]).
    pub choice: Choice,
    /// How much its margin is above the next best choice's, in hundredths of a [`Unit`]
    /// (`None` when it is the only legal choice).
    pub ahead: Option<u32>,
    /// Legal choices in the position.
    pub choices: u8,
    /// Whether the figures are exact (nothing hidden, searched to the end of the hand).
    pub exact: bool,
}

impl Analysis {
    /// The hint of this analysis: its best choice and its lead over the next best.
    pub fn suggestion(&self) -> Suggestion {
        let best = *self.best();
        let ahead = self
            .choices
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.best)
            .map(|(_, c)| best.margin.saturating_sub(c.margin).max(0) as u32)
            .min();
        Suggestion {
            unit: self.unit,
            choice: best,
            ahead,
            choices: self.choices.len().min(usize::from(u8::MAX)) as u8,
            exact: self.exact,
        }
    }
}

/// The coach's hint for `seat`, which must be the seat to play: [`analyze`]'s best choice
/// ([`Analysis::suggestion`]), with `seed`.
pub fn suggest(m: &dyn GameMatch, seat: u8, seed: u64) -> Result<Suggestion, AnalysisError> {
    analyze(m, seat, seed).map(|a| a.suggestion())
}

/// Puts each choice's comparison with the best first among its reasons.
fn rank(a: &mut Analysis) {
    let best = a.best().margin;
    let top = a.best;
    for (i, c) in a.choices.iter_mut().enumerate() {
        let mut r = Reasons::NONE;
        r.push(if i == top {
            Why::Best
        } else {
            Why::BelowBest {
                by: best.saturating_sub(c.margin).max(0) as u32,
            }
        });
        for w in c.reasons.iter() {
            r.push(w);
        }
        c.reasons = r;
    }
}

/// Whether two moves are the same play (Briscola's card may come as a Scopa move laid).
fn same_move(a: GameMove, b: GameMove) -> bool {
    a == b || (a.capture().is_empty() && b.capture().is_empty() && a.card() == b.card())
}

/// Why a position cannot be analysed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AnalysisError {
    /// The match is over: nobody is to play.
    MatchOver,
    /// The seat asked for is not the seat to play.
    NotToPlay {
        /// The seat asked for.
        seat: u8,
        /// The seat to play.
        turn: u8,
    },
    /// A table of 6 or 8 (two decks): not analysed yet.
    TwoDecks,
    /// The search could not value one world within its budget.
    NoWorld,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::MatchOver => {
                f.write_str("the match is over: there is no move to analyse")
            }
            AnalysisError::NotToPlay { seat, turn } => write!(
                f,
                "seat {seat} is not to play (seat {turn} is): only the seat to play is analysed"
            ),
            AnalysisError::TwoDecks => {
                f.write_str("tables of 6 or 8 players (two decks) are not analysed yet")
            }
            AnalysisError::NoWorld => {
                f.write_str("the search could not value any imagined deal within its budget")
            }
        }
    }
}

impl core::error::Error for AnalysisError {}

/// The analysis for `seat`, which must be the seat to play, of a match of any game, from
/// that seat's information only, with `seed` (the same seed gives the same figures; the
/// expert playing with that seed plays the best choice).
pub fn analyze(m: &dyn GameMatch, seat: u8, seed: u64) -> Result<Analysis, AnalysisError> {
    if m.winner().is_some() {
        return Err(AnalysisError::MatchOver);
    }
    if seat != m.turn() {
        return Err(AnalysisError::NotToPlay {
            seat,
            turn: m.turn(),
        });
    }
    let any: &dyn Any = m;
    if let Some(m) = any.downcast_ref::<Match>() {
        let view = m.view(seat).ok_or(AnalysisError::MatchOver)?;
        analyze_scopa(&view, seed)
    } else if let Some(m) = any.downcast_ref::<BriscolaMatch>() {
        let view = m.view(seat).ok_or(AnalysisError::MatchOver)?;
        analyze_briscola(&view, seed)
    } else {
        Err(AnalysisError::TwoDecks)
    }
}

/// The analysis of a Scopa position (one deck) for the seat of `view`, which is to play,
/// with the expert's budget for its rules.
///
/// ```
/// use scopa_core::analysis;
/// use scopa_core::scopa::{Match, Rules};
/// let m = Match::new(Rules::default().with_players(4), 3).unwrap();
/// let a = analysis::analyze_scopa(&m.view(m.turn()).unwrap(), 5).unwrap();
/// assert!(a.worlds > 0 && !a.exact);
/// ```
pub fn analyze_scopa(view: &PlayerView, seed: u64) -> Result<Analysis, AnalysisError> {
    analyze_scopa_with_budget(view, seed, Level::Expert.budget_for(view.rules()))
}

/// [`analyze_scopa`] with an explicit budget.
pub fn analyze_scopa_with_budget(
    view: &PlayerView,
    seed: u64,
    budget: Budget,
) -> Result<Analysis, AnalysisError> {
    if view.winner().is_some() {
        return Err(AnalysisError::MatchOver);
    }
    if !view.is_my_turn() {
        return Err(AnalysisError::NotToPlay {
            seat: view.seat(),
            turn: view.turn(),
        });
    }
    let moves = view.legal_moves();
    let mut tallies = [Tally::ZERO; MAX_CHOICES];
    let (mv, stats) =
        scopa::values(view, &moves, seed, budget, &mut tallies).ok_or(AnalysisError::NoWorld)?;
    let mut a = Analysis {
        seat: view.seat(),
        unit: Unit::ScopaPoints,
        choices: heapless::Vec::new(),
        best: moves.iter().position(|&m| m == mv).unwrap_or(0),
        worlds: stats.worlds_searched,
        exact: stats.exact,
    };
    for (&m, t) in moves.iter().zip(&tallies) {
        let _ = a.choices.push(Choice {
            mv: m.into(),
            margin: t.mean(),
            std_error: if stats.exact { 0 } else { t.std_error() },
            win_chance: None,
            reasons: reasons::scopa(view, &moves, m),
        });
    }
    rank(&mut a);
    Ok(a)
}

/// The analysis of a Briscola position (one deck) for the seat of `view`, which is to
/// play, with the expert's budget for its rules.
///
/// ```
/// use scopa_core::analysis::{self, Unit};
/// use scopa_core::briscola::{BriscolaMatch, BriscolaRules};
/// let m = BriscolaMatch::new(BriscolaRules::default(), 4).unwrap();
/// let a = analysis::analyze_briscola(&m.view(m.turn()).unwrap(), 2).unwrap();
/// assert_eq!(a.unit, Unit::CardPoints);
/// assert_eq!(a.choices.len(), 3);
/// assert!(a.choices.iter().all(|c| c.win_chance.is_some_and(|w| w <= 1000)));
/// ```
pub fn analyze_briscola(view: &BriscolaView, seed: u64) -> Result<Analysis, AnalysisError> {
    analyze_briscola_with_budget(
        view,
        seed,
        BriscolaBudget::for_rules(Level::Expert, &view.rules),
    )
}

/// [`analyze_briscola`] with an explicit budget.
pub fn analyze_briscola_with_budget(
    view: &BriscolaView,
    seed: u64,
    budget: BriscolaBudget,
) -> Result<Analysis, AnalysisError> {
    if view.turn() != view.seat || view.hand.is_empty() {
        return Err(AnalysisError::NotToPlay {
            seat: view.seat,
            turn: view.turn(),
        });
    }
    let mut cards = heapless::Vec::<Card, 40>::new();
    for c in view.hand {
        let _ = cards.push(c);
    }
    let mut tallies = [Tally::ZERO; 40];
    let (exact, best) = briscola::values(view, &cards, seed, budget, &mut tallies);
    let worlds = tallies[0].n;
    if worlds == 0 {
        return Err(AnalysisError::NoWorld);
    }
    let mut a = Analysis {
        seat: view.seat,
        unit: Unit::CardPoints,
        choices: heapless::Vec::new(),
        best,
        worlds,
        exact,
    };
    for (&card, t) in cards.iter().zip(&tallies) {
        let _ = a.choices.push(Choice {
            mv: GameMove::Briscola(card),
            margin: t.mean(),
            std_error: t.std_error(),
            win_chance: Some(t.win_permille()),
            reasons: reasons::briscola(view, card),
        });
    }
    rank(&mut a);
    Ok(a)
}

#[cfg(test)]
mod tests;
