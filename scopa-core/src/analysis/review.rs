//! The review of a hand or a match: each move of the seats reviewed compared with the best
//! choice the analysis found at that moment — the expected points lost, the better move —
//! the biggest swings, and an accuracy figure per seat.
//!
//! **Accuracy.** A move that loses `L` (the best choice's expected margin minus the move's,
//! in the analysis's unit) scores `100% × S / (S + L)`: 100% for the best choice, 50% for
//! a loss of `S`, a third for `2S`, where `S` ([`accuracy_scale`]) is half a point in Scopa
//! and 5 card points in Briscola (about what one ordinary mistake costs in each). A seat's
//! accuracy is the mean over its moves that had a choice (a forced move is not counted),
//! like lichess's accuracy, which maps each move's loss to a percentage and averages them.
//!
//! ```
//! use scopa_core::analysis::review::{Review, review_hand};
//! use scopa_core::analysis::Unit;
//! use scopa_core::game::GameMatch;
//! use scopa_core::ai::Level;
//! use scopa_core::scopa::{Match, Rules};
//! let mut m = Match::new(Rules::default(), 2).unwrap();
//! for i in 0..6 {
//!     let seat = m.turn();
//!     let mv = GameMatch::choose(&m, seat, Level::Medium, i).unwrap();
//!     GameMatch::play(&mut m, seat, mv).unwrap();
//! }
//! let mut review = Review::new(Unit::ScopaPoints);
//! let mut lines = 0;
//! review_hand(&m, &|seat| seat == 0, 9, &mut review, &mut |_, _| lines += 1).unwrap();
//! assert_eq!(lines, 3);
//! assert!(review.seats[0].accuracy().is_some_and(|a| a <= 1000));
//! ```

use core::any::Any;
use core::fmt;

use crate::briscola::BriscolaMatch;
use crate::game::{GameError, GameMatch, GameMove};
use crate::scopa::Match;
use crate::seats::MAX_SEATS;

use super::{Analysis, AnalysisError, Unit, analyze};

/// The biggest swings a review keeps.
pub const SWINGS: usize = 5;

/// The loss, in hundredths of `unit`, that scores 50% accuracy: half a point in Scopa,
/// 5 card points in Briscola.
pub const fn accuracy_scale(unit: Unit) -> u32 {
    match unit {
        Unit::ScopaPoints => 50,
        Unit::CardPoints => 500,
    }
}

/// The accuracy of one move that lost `loss` hundredths of `unit`, in thousandths:
/// `1000 × S / (S + loss)`, rounded.
pub fn move_accuracy(loss: u32, unit: Unit) -> u16 {
    let s = u64::from(accuracy_scale(unit));
    ((1000 * s + (s + u64::from(loss)) / 2) / (s + u64::from(loss))) as u16
}

/// The seed the review analyses a move with: a mix of the review's seed, the hand and the
/// play, so each position gets its own imagined deals and a review is reproducible.
pub const fn move_seed(seed: u64, hand: u16, ply: u8) -> u64 {
    let at = ((hand as u64) << 8) | ply as u64;
    seed ^ at.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// One move reviewed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MoveReview {
    /// The seat that played.
    pub seat: u8,
    /// The hand, from 0.
    pub hand: u16,
    /// The play of the hand, from 0.
    pub ply: u8,
    /// What it played.
    pub played: GameMove,
    /// The best choice.
    pub best: GameMove,
    /// The played move's expected margin, in hundredths of the unit.
    pub played_margin: i32,
    /// The best choice's expected margin.
    pub best_margin: i32,
    /// Expected points lost against the best choice (0 for the best), in hundredths.
    pub loss: u32,
    /// The move's accuracy, in thousandths ([`move_accuracy`]).
    pub accuracy: u16,
    /// How many choices there were (1: a forced move, not counted in the accuracy).
    pub choices: u8,
}

/// What a review found of one seat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SeatReview {
    /// Moves reviewed.
    pub moves: u16,
    /// Of them, moves with more than one choice (counted in the accuracy).
    pub chosen: u16,
    /// Moves that were not the best choice.
    pub mistakes: u16,
    /// Expected points lost in all, in hundredths.
    pub loss: u64,
    accuracy_sum: u64,
}

impl SeatReview {
    /// The seat's accuracy, in thousandths: the mean of its moves' (`None` with no move
    /// that had a choice).
    pub fn accuracy(&self) -> Option<u16> {
        (self.chosen > 0).then(|| {
            let n = u64::from(self.chosen);
            ((self.accuracy_sum + n / 2) / n) as u16
        })
    }
}

/// A review in progress or done: per seat, and the biggest swings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Review {
    /// What the losses count.
    pub unit: Unit,
    /// Per seat.
    pub seats: [SeatReview; MAX_SEATS],
    /// The [`SWINGS`] moves that lost most, biggest first (the earlier on ties).
    pub swings: heapless::Vec<MoveReview, SWINGS>,
}

/// Why a move could not be reviewed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ReviewError {
    /// The position before the move could not be analysed.
    Analysis {
        /// The hand, from 0.
        hand: u16,
        /// The play of the hand, from 0.
        ply: u8,
        /// Why.
        error: AnalysisError,
    },
    /// The move played is not a legal choice of the position before it.
    NotAChoice {
        /// The hand, from 0.
        hand: u16,
        /// The play of the hand, from 0.
        ply: u8,
        /// The move.
        played: GameMove,
    },
    /// The hand's plays cannot be taken back to be replayed: the match is over (its
    /// last hand stays as it ended).
    MatchOver {
        /// The hand, from 0.
        hand: u16,
    },
    /// The hand's moves could not be played again.
    Replay {
        /// The play of the hand, from 0.
        ply: u8,
        /// Why.
        error: GameError,
    },
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Analysis { hand, ply, error } => write!(
                f,
                "hand {}, play {}: cannot analyse the position: {error}",
                hand + 1,
                ply + 1
            ),
            ReviewError::NotAChoice { hand, ply, played } => write!(
                f,
                "hand {}, play {}: {played} is not a legal move of the position",
                hand + 1,
                ply + 1
            ),
            ReviewError::MatchOver { hand } => write!(
                f,
                "hand {}: the match is over, and the plays of its last hand cannot be replayed \
                 from it (review the match's script instead)",
                hand + 1
            ),
            ReviewError::Replay { ply, error } => {
                write!(f, "play {}: the hand cannot be replayed: {error}", ply + 1)
            }
        }
    }
}

impl core::error::Error for ReviewError {}

impl Review {
    /// An empty review of a game counted in `unit`.
    pub const fn new(unit: Unit) -> Review {
        Review {
            unit,
            seats: [SeatReview {
                moves: 0,
                chosen: 0,
                mistakes: 0,
                loss: 0,
                accuracy_sum: 0,
            }; MAX_SEATS],
            swings: heapless::Vec::new(),
        }
    }

    /// Counts `played`, the move of the seat of `a` at play `ply` of hand `hand`, against
    /// the analysis `a` of the position before it.
    pub fn record(
        &mut self,
        a: &Analysis,
        hand: u16,
        ply: u8,
        played: GameMove,
    ) -> Result<MoveReview, ReviewError> {
        let (Some(c), Some(loss)) = (a.choice(played), a.loss(played)) else {
            return Err(ReviewError::NotAChoice { hand, ply, played });
        };
        let r = MoveReview {
            seat: a.seat,
            hand,
            ply,
            played: c.mv,
            best: a.best().mv,
            played_margin: c.margin,
            best_margin: a.best().margin,
            loss,
            accuracy: move_accuracy(loss, self.unit),
            choices: a.choices.len().min(usize::from(u8::MAX)) as u8,
        };
        if let Some(s) = self.seats.get_mut(usize::from(a.seat)) {
            s.moves += 1;
            if r.choices > 1 {
                s.chosen += 1;
                s.accuracy_sum += u64::from(r.accuracy);
            }
            if loss > 0 {
                s.mistakes += 1;
            }
            s.loss += u64::from(loss);
        }
        if loss > 0 {
            let at = self
                .swings
                .iter()
                .position(|s| s.loss < loss)
                .unwrap_or(self.swings.len());
            if at < SWINGS {
                if self.swings.is_full() {
                    self.swings.pop();
                }
                let _ = self.swings.insert(at, r);
            }
        }
        Ok(r)
    }
}

/// Reviews the current hand of `m` (a save holds the plays of its current hand): every
/// move of a seat for which `seats` is true, analysed from that seat's information with
/// [`move_seed`] of `seed`, recorded in `review` and given to `emit` in order with the
/// analysis of its position. A finished match cannot take its last hand's plays back:
/// [`ReviewError::MatchOver`].
pub fn review_hand(
    m: &dyn GameMatch,
    seats: &dyn Fn(u8) -> bool,
    seed: u64,
    review: &mut Review,
    emit: &mut dyn FnMut(&MoveReview, &Analysis),
) -> Result<(), ReviewError> {
    let any: &dyn Any = m;
    if let Some(m) = any.downcast_ref::<Match>() {
        replay(m.clone(), seats, seed, review, emit)
    } else if let Some(m) = any.downcast_ref::<BriscolaMatch>() {
        replay(m.clone(), seats, seed, review, emit)
    } else {
        Err(ReviewError::Analysis {
            hand: m.hand_number(),
            ply: 0,
            error: AnalysisError::TwoDecks,
        })
    }
}

/// [`review_hand`] on an owned copy of the match.
fn replay<M: GameMatch>(
    mut m: M,
    seats: &dyn Fn(u8) -> bool,
    seed: u64,
    review: &mut Review,
    emit: &mut dyn FnMut(&MoveReview, &Analysis),
) -> Result<(), ReviewError> {
    let mut moves = heapless::Vec::<GameMove, 80>::new();
    m.for_each_hand_move(&mut |mv| {
        let _ = moves.push(mv);
    });
    let hand = m.hand_number();
    if !moves.is_empty() && !m.rewind_to(0) {
        return Err(ReviewError::MatchOver { hand });
    }
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i as u8;
        let seat = m.turn();
        if seats(seat) {
            let a = analyze(&m, seat, move_seed(seed, hand, ply))
                .map_err(|error| ReviewError::Analysis { hand, ply, error })?;
            let r = review.record(&a, hand, ply, mv)?;
            emit(&r, &a);
        }
        m.play(seat, mv)
            .map_err(|error| ReviewError::Replay { ply, error })?;
    }
    Ok(())
}
