//! # scopa-ai-lab
//!
//! The AI laboratory of scopa: players for **benchmarks only** — frozen earlier versions of
//! the AI, the cheating oracle that the fair levels are measured against, and the search
//! variants measured against the levels ([`Tuning`]) — plus the learned evaluation and the
//! programs that measure and train them (`examples/ai_duel.rs`, `ai_train.rs`,
//! `ai_floor.rs`). None of them is a [`Level`] (so none can be stored in a save or offered
//! to a player), and the oracle cannot be reached from a [`PlayerView`]: it needs the
//! whole [`HandState`], which no front-end hands to an AI. No front-end depends on this
//! crate.
//!
//! The variants are built on the levels' own search, [`scopa_core::ai::search`], through
//! its hooks ([`scopa_core::ai::search::Hooks`]): [`Tuning`] is the one settings type, and
//! [`Tuning::EXPERT`] plays exactly the `expert` level.
//!
//! ```
//! use scopa_core::scopa::{Match, Rules};
//! use scopa_ai_lab::{self as lab, Contender};
//! let game = Match::new(Rules::default(), 3).unwrap();
//! let view = game.view(game.turn()).unwrap();
//! let fair = lab::choose_move(Contender::ExpertV1, &view, game.hand(), 7).unwrap();
//! let cheat = lab::choose_move(Contender::Oracle, &view, game.hand(), 7).unwrap();
//! assert!(game.legal_moves().contains(&fair));
//! assert!(game.legal_moves().contains(&cheat));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;
use core::str::FromStr;

use scopa_core::CardSet;
use scopa_core::ai::search::{self, MAX_DEPTH};
use scopa_core::ai::{self, Budget, Level, posterior};
use scopa_core::scopa::{HandState, Move, PlayerView};

pub mod briscola;
mod infer;
mod ismcts;
mod learned;
mod oracle;
mod tuned;
mod vector;
mod weights;

pub use oracle::OracleStats;

/// Node budget of the oracle's search per move: enough to solve every 2-player hand
/// exactly from its first move (measured: at most a few million nodes).
pub const ORACLE_NODES: u64 = 50_000_000;

/// A player in a benchmark: a fair [`Level`], a frozen earlier version, or the oracle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contender {
    /// A level as players get it.
    Level(Level),
    /// The `expert` of the first version (determinized alpha-beta, 64 worlds × 50,000
    /// nodes, hand-written evaluation), frozen as the baseline of issue 13.
    ExpertV1,
    /// The `handheld` of the first version (the same search, 16 worlds × 12,000 nodes,
    /// at most 8 plies deep).
    HandheldV1,
    /// **Cheating**, a diagnostic: `expert-v1` given the other seats' real hands (only the
    /// deck order is sampled) — how much a perfect reading of the hands would be worth.
    PeekHandsV1,
    /// **Cheating**, a diagnostic: `expert-v1` given the other seats' real hands only once
    /// every other seat has played in the current round (plain `expert-v1` before) — an
    /// upper bound on what any inference from the round's plays can be worth, since a
    /// seat that has not played since the deal has revealed nothing about its new cards.
    PeekPlayedV1,
    /// **Cheating**: searches with every hand and the deck order known.
    Oracle,
    /// The determinized search with explicit settings (for measuring each improvement).
    Tuned(Tuning),
}

/// Settings of the determinized search, for experiments: each field is one measured
/// improvement over the first version.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// Worlds searched and nodes per move.
    pub budget: Budget,
    /// Deepest iteration of the alpha-beta search, in plies from the root move (at most
    /// [`MAX_DEPTH`]; `handheld-v1`: 8).
    pub max_depth: u8,
    /// Plies searched past a new deal (first version: 2).
    pub plies_after_deal: u8,
    /// Softmax temperature, in centipoints, of the inference from the other seats' plays
    /// (0: the first version's hard filters only).
    pub infer_temp: u16,
    /// With inference, candidate worlds drawn per world searched.
    pub candidates: u8,
    /// How the other sides choose inside the search: 0 the best reply in each world (the
    /// first version), 1 the rule-based player's move, 2 half the best reply and half the
    /// mean of the replies, 3 three quarters the best reply and a quarter the mean, 4 half
    /// the best reply and half the rule-based move (the new expert).
    pub opp_model: u8,
    /// Search the worlds together on the tree of public plays (no strategy fusion for the
    /// seat's own later moves).
    pub vector: bool,
    /// Use the learned evaluation at the end of a round.
    pub learned: bool,
    /// At the horizon, play the hand out in the world with the rule-based player in every
    /// seat (each of its moves counts as a node) instead of the static evaluation.
    pub playout: bool,
    /// Search past the last deal to the end of the hand (the last round is searched
    /// whole; in 2 players nothing is hidden in it).
    pub last_full: bool,
    /// Information-set MCTS instead of alpha-beta: 0 off, 1 random playouts, 2 rule-based
    /// playouts to the end of the round and the evaluation.
    pub ismcts: u8,
    /// Its UCB exploration constant, centipoints.
    pub ucb_c: u16,
    /// The opponent's reply to the root move is chosen without seeing the seat's hand:
    /// averaged over this many redeals of it (0: minimax in each world).
    pub opp_info: u8,
    /// With `opp_model` 4: the rule-based move's weight in eighths, the rest the best
    /// reply's (the new expert: 4, half and half).
    pub blend: u8,
    /// Inference by rejection sampling under a model of the other seats (a world is
    /// searched when the model, replayed in it, makes the round's plays; at most
    /// `candidates` draws per world searched): 0 off, 1 `expert-v1`, 2 `medium`,
    /// 3 `expert`; cheaper stand-ins for `expert-v1` (its search at a smaller budget):
    /// 4 16 worlds × 12,000 nodes, 5 8 × 3,000, 6 4 × 1,000.
    pub model: u8,
    /// With `model`: the chance, in 1/256, that a draw the model does not reproduce is
    /// searched anyway.
    pub soft: u8,
}

impl Tuning {
    /// The new `expert`'s settings and default budget.
    pub const EXPERT: Tuning = Tuning {
        budget: Level::Expert.default_budget(),
        opp_model: 4,
        candidates: search::INFER_DRAWS,
        model: 2,
        ..Tuning::V1
    };

    /// The new `handheld`'s settings and default budget.
    pub const HANDHELD: Tuning = Tuning {
        budget: Level::Handheld.default_budget(),
        max_depth: search::HANDHELD_MAX_DEPTH,
        ..Tuning::EXPERT
    };

    /// The first version's settings.
    pub const V1: Tuning = Tuning {
        budget: V1_EXPERT,
        max_depth: MAX_DEPTH,
        plies_after_deal: search::PLIES_AFTER_DEAL,
        infer_temp: 0,
        candidates: 1,
        opp_model: 0,
        vector: false,
        learned: false,
        playout: false,
        last_full: false,
        ismcts: 0,
        ucb_c: 0,
        opp_info: 0,
        blend: 4,
        model: 0,
        soft: 0,
    };
}

impl Contender {
    /// Every contender that is not a level.
    pub const BENCH_ONLY: [Contender; 5] = [
        Contender::ExpertV1,
        Contender::HandheldV1,
        Contender::PeekHandsV1,
        Contender::PeekPlayedV1,
        Contender::Oracle,
    ];

    /// The contender's name: a level's name, `expert-v1`, `handheld-v1` or `oracle`.
    pub const fn name(self) -> &'static str {
        match self {
            Contender::Level(l) => l.name(),
            Contender::ExpertV1 => "expert-v1",
            Contender::HandheldV1 => "handheld-v1",
            Contender::PeekHandsV1 => "peek-hands-v1",
            Contender::PeekPlayedV1 => "peek-played-v1",
            Contender::Oracle => "oracle",
            Contender::Tuned(_) => "tuned",
        }
    }

    /// Whether the contender reads cards its seat cannot see.
    pub const fn is_cheating(self) -> bool {
        matches!(
            self,
            Contender::Oracle | Contender::PeekHandsV1 | Contender::PeekPlayedV1
        )
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A contender name that does not exist.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnknownContender;

impl fmt::Display for UnknownContender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown player; expected one of: random easy medium expert handheld expert-v1 handheld-v1 peek-hands-v1 peek-played-v1 oracle",
        )
    }
}

impl core::error::Error for UnknownContender {}

impl FromStr for Contender {
    type Err = UnknownContender;
    fn from_str(s: &str) -> Result<Contender, UnknownContender> {
        if let Ok(level) = s.parse::<Level>() {
            return Ok(Contender::Level(level));
        }
        Contender::BENCH_ONLY
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or(UnknownContender)
    }
}

/// The frozen first-version search (`expert-v1` / `handheld-v1`) with an explicit budget
/// and depth; `known` gives it the other hands (the `peek-hands-v1` diagnostic).
fn v1(
    view: &PlayerView,
    seed: u64,
    budget: Budget,
    max_depth: u8,
    known: Option<&[CardSet; 4]>,
) -> Option<Move> {
    let t = Tuning {
        budget,
        max_depth,
        ..Tuning::V1
    };
    tuned::choose(&t, view, seed, known)
}

/// `expert-v1` as an exact model of an opponent (inference benchmarks).
pub fn model_v1(view: &PlayerView, seed: u64) -> Option<Move> {
    v1(view, seed, V1_EXPERT, MAX_DEPTH, None)
}

/// The first version's search at a budget of `samples` worlds × `nodes` nodes: a cheaper
/// stand-in for `expert-v1` as a model of an opponent.
pub fn model_v1_at<const SAMPLES: u16, const NODES: u32>(
    view: &PlayerView,
    seed: u64,
) -> Option<Move> {
    let budget = Budget {
        samples: SAMPLES,
        nodes: NODES,
    };
    v1(view, seed, budget, MAX_DEPTH, None)
}

/// The model of the other seats for [`Tuning::model`].
fn model_of(code: u8) -> Option<posterior::Model> {
    match code {
        1 => Some(model_v1),
        2 => Some(posterior::medium_model),
        3 => Some(model_expert),
        4 => Some(model_v1_at::<16, 12_000>),
        5 => Some(model_v1_at::<8, 3_000>),
        6 => Some(model_v1_at::<4, 1_000>),
        _ => None,
    }
}

/// `expert` as an exact model of an opponent.
fn model_expert(view: &PlayerView, seed: u64) -> Option<Move> {
    ai::choose_move(Level::Expert, view, seed)
}

/// The budget of `expert-v1`.
const V1_EXPERT: Budget = Budget {
    samples: 64,
    nodes: 50_000,
};

/// The move of `who` for the seat of `view`, whose real position is `state`; `None` when
/// it is not that seat's turn. Only the cheating contenders read `state`: the oracle (every
/// hidden card) and the two peek diagnostics (the other hands); every other contender is
/// given `view` alone.
pub fn choose_move(
    who: Contender,
    view: &PlayerView,
    state: &HandState,
    seed: u64,
) -> Option<Move> {
    match who {
        Contender::Level(level) => ai::choose_move(level, view, seed),
        Contender::ExpertV1 => v1(view, seed, V1_EXPERT, MAX_DEPTH, None),
        Contender::HandheldV1 => v1(
            view,
            seed,
            Budget {
                samples: 16,
                nodes: 12_000,
            },
            search::HANDHELD_MAX_DEPTH,
            None,
        ),
        Contender::PeekHandsV1 => {
            let mut hands = [CardSet::EMPTY; 4];
            for (seat, h) in hands.iter_mut().enumerate() {
                *h = state.hand(seat as u8);
            }
            v1(view, seed, V1_EXPERT, MAX_DEPTH, Some(&hands))
        }
        Contender::PeekPlayedV1 => {
            let r = view.rules();
            let played = (0..r.players)
                .filter(|&s| s != view.seat())
                .all(|s| view.hand_size(s) < r.cards_per_round());
            let mut hands = [CardSet::EMPTY; 4];
            for (seat, h) in hands.iter_mut().enumerate() {
                *h = state.hand(seat as u8);
            }
            let known = played.then_some(&hands);
            v1(view, seed, V1_EXPERT, MAX_DEPTH, known)
        }
        Contender::Tuned(t) => tuned::choose(&t, view, seed, None),
        Contender::Oracle => {
            if !view.is_my_turn() {
                return None;
            }
            oracle_move(state, ORACLE_NODES).map(|(mv, _)| mv)
        }
    }
}

/// **Cheating**: the oracle's move for the seat to play in `state` with a budget of
/// `nodes` search nodes, and what its search did (`None` once the hand is finished).
pub fn oracle_move(state: &HandState, nodes: u64) -> Option<(Move, OracleStats)> {
    oracle::choose(state, nodes)
}

/// Number of features (and weights) of the learned evaluation.
pub const EVAL_FEATURES: usize = learned::FEATURES;

/// The active features of a position for the learned evaluation: feature index and value
/// (1.0 is [`EVAL_ONE`]), for the training program (`examples/ai_train.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalFeatures {
    /// Feature indices, below [`EVAL_FEATURES`].
    pub index: heapless::Vec<u16, 32>,
    /// Their values, in 1/[`EVAL_ONE`].
    pub value: heapless::Vec<i32, 32>,
}

/// The value 1.0 of a feature.
pub const EVAL_ONE: i32 = learned::ONE;

/// Whether the learned evaluation applies to the rules of `state` (2 players, standard
/// deal, classic primiera, no Ace option, napola or re bello), and the state is a round's
/// end (the positions it is trained on and used at).
pub fn eval_applies(state: &HandState) -> bool {
    learned::applies(state)
}

/// The features of `state` from `side`'s point of view (2 sides).
pub fn eval_features(state: &HandState, side: u8) -> EvalFeatures {
    let mut a = learned::Active::default();
    learned::features(state, side, &mut a);
    EvalFeatures {
        index: a.idx,
        value: a.val,
    }
}

/// The points `side` has already made in `state` minus the other side's (scope, a
/// settebello taken), in centipoints: the part of the value that is not learned.
pub fn eval_made(state: &HandState, side: u8) -> i32 {
    learned::made(state, side)
}

/// The first version's static evaluation of `state` for `side` (centipoints, its points
/// minus the others'), to compare the learned one against.
pub fn eval_v1(state: &HandState, side: u8) -> i32 {
    ai::eval::static_value(state, side)
}

/// The learned evaluation of `state` for `side` (centipoints, its points minus the
/// other's, the points already made included), as the search uses it at the end of a
/// round; for the diagnostics that compare it with the best any evaluation could do
/// (`examples/ai_floor.rs`).
pub fn eval_learned(state: &HandState, side: u8) -> i32 {
    learned::value(state, side)
}
