//! AI players. Every level sees only a [`PlayerView`] — it has no way to reach another
//! seat's hand or the deck order — plus a seed and an explicit [`Budget`], so a given
//! view, seed and budget always give the same move, on every architecture.

use core::fmt;
use core::str::FromStr;

use crate::cardset::CardSet;
use crate::deal::{SplitMix64, below};
use crate::scopa::capture::Move;
use crate::scopa::rules::{DealKind, Rules};
use crate::scopa::view::PlayerView;

mod easy;
pub mod eval;
pub mod medium;
pub mod moves;
pub mod posterior;
pub mod sample;
pub mod search;

/// The AI levels, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// Greedy: the best immediate capture by a simple card value, no lookahead.
    Easy,
    /// Rule-based, as a good club player plays.
    Medium,
    /// Search over the hidden cards; exact once nothing is hidden.
    Expert,
    /// The expert with a budget small enough for the handheld's microcontroller.
    Handheld,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Expert,
        Level::Handheld,
    ];

    /// The level's name: `random`, `easy`, `medium`, `expert`, `handheld`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Expert => "expert",
            Level::Handheld => "handheld",
        }
    }

    /// The budget the level uses by default in 2 players ([`Level::budget_for`] the
    /// default rules).
    pub const fn default_budget(self) -> Budget {
        self.budget(2, false)
    }

    /// The budget the level uses by default with `rules`: calibrated so that on a
    /// desktop core the expert's median move takes at most 10 ms and its 99th percentile
    /// at most 50 ms, and the handheld's slowest move stays under 1 s on an RP2040
    /// (`docs/ai.md`). Scopone deals (9 or 10 cards a hand) search far wider trees, so
    /// they get fewer nodes.
    ///
    /// ```
    /// use scopa_core::ai::Level;
    /// use scopa_core::scopa::{DealKind, Rules};
    /// let scopone = Rules { players: 4, deal: DealKind::Scopone, ..Rules::default() };
    /// assert!(Level::Expert.budget_for(&scopone).nodes < Level::Expert.default_budget().nodes);
    /// assert_eq!(Level::Medium.budget_for(&scopone).nodes, 0);
    /// ```
    pub const fn budget_for(self, rules: &Rules) -> Budget {
        self.budget(rules.players, !matches!(rules.deal, DealKind::Standard))
    }

    const fn budget(self, players: u8, scopone: bool) -> Budget {
        match self {
            Level::Random | Level::Easy | Level::Medium => Budget {
                samples: 0,
                nodes: 0,
            },
            Level::Expert if scopone => Budget {
                samples: 64,
                nodes: 80_000,
            },
            Level::Expert if players > 2 => Budget {
                samples: 128,
                nodes: 250_000,
            },
            Level::Expert => Budget {
                samples: 128,
                nodes: 400_000,
            },
            Level::Handheld if scopone => Budget {
                samples: 16,
                nodes: 3_000,
            },
            Level::Handheld => Budget {
                samples: 16,
                nodes: 9_000,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A level name that does not exist.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct UnknownLevel;

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown AI level; expected one of: random easy medium expert handheld")
    }
}

impl core::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or(UnknownLevel)
    }
}

/// How much work a search may do: sampled worlds and search nodes — counts, never
/// wall-clock time, so results are reproducible and the same on a microcontroller.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Budget {
    /// Worlds (deals of the hidden cards) sampled per move.
    pub samples: u16,
    /// Search nodes allowed per move, over all samples.
    pub nodes: u32,
}

/// The move `level` plays for the seat of `view`, with the level's default budget for
/// the view's rules ([`Level::budget_for`]);
/// `None` when it is not that seat's turn.
///
/// ```
/// use scopa_core::ai::{self, Level};
/// use scopa_core::scopa::{Match, Rules};
/// let game = Match::new(Rules::default(), 3).unwrap();
/// let view = game.view(game.turn()).unwrap();
/// let mv = ai::choose_move(Level::Easy, &view, 7).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
pub fn choose_move(level: Level, view: &PlayerView, seed: u64) -> Option<Move> {
    choose_move_with_budget(level, view, seed, level.budget_for(view.rules()))
}

/// The move `level` plays with an explicit budget; `None` when it is not the view's turn.
///
/// `random`, `easy` and `medium` ignore the budget. `expert` and `handheld` are the same
/// search and differ only by their default budget; with a budget too small for one search
/// iteration (e.g. `nodes` below the number of legal moves, or `samples` = 0 while cards
/// are hidden) they play the `medium` move.
pub fn choose_move_with_budget(
    level: Level,
    view: &PlayerView,
    seed: u64,
    budget: Budget,
) -> Option<Move> {
    choose_move_with_stats(level, view, seed, budget).map(|(mv, _)| mv)
}

/// What a search did for one move (all zero for the levels that do not search).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SearchStats {
    /// Search nodes used (moves played on copies of a state), never above the budget.
    pub nodes: u32,
    /// Worlds sampled, never above the budget's `samples` (1 when nothing is hidden).
    pub samples: u32,
    /// Worlds whose search completed at least one iteration and counted in the choice.
    pub worlds_searched: u32,
    /// The deepest completed iteration, in plies including the root move.
    pub depth: u8,
    /// Whether nothing was hidden, so the one world searched was the real position.
    pub exact: bool,
}

/// [`choose_move_with_budget`], also returning what the search did.
pub fn choose_move_with_stats(
    level: Level,
    view: &PlayerView,
    seed: u64,
    budget: Budget,
) -> Option<(Move, SearchStats)> {
    let moves = view.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut stats = SearchStats::default();
    let mut rng = SplitMix64::new(seed);
    let mv = match level {
        Level::Random => moves
            .get(below(&mut rng, moves.len() as u32) as usize)
            .copied(),
        Level::Easy => easy::choose(view, &moves),
        Level::Medium => medium::choose(view, &moves),
        Level::Expert | Level::Handheld => {
            if moves.len() == 1 {
                Some(moves[0])
            } else {
                let mut hooks = if level == Level::Handheld {
                    search::Shipping::HANDHELD
                } else {
                    search::Shipping::EXPERT
                };
                search::choose_with(&mut hooks, view, &moves, seed, budget, &mut stats)
                    .or_else(|| medium::choose(view, &moves))
            }
        }
    }?;
    Some((mv, stats))
}

/// Moves kept per node of the search (the best by move ordering; every root move is
/// always searched). The search's scratch is fixed-size: see `docs/ai.md`.
pub const SEARCH_NODE_MOVES: usize = moves::NODE_MOVES;

/// The deepest search iteration of `expert`, in plies from the root move.
pub const SEARCH_MAX_DEPTH: u8 = search::MAX_DEPTH;

/// The deepest search iteration of `handheld` (bounds its stack).
pub const HANDHELD_MAX_DEPTH: u8 = search::HANDHELD_MAX_DEPTH;

/// Why the expert recommends a move, in words a player understands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Reason {
    /// The only legal move.
    OnlyMove,
    /// Sweeps the table: a scopa.
    Scopa,
    /// Takes the seven of coins.
    TakesSettebello,
    /// Takes sevens (primiera).
    TakesSevens,
    /// Takes the most coins from the table.
    TakesCoins,
    /// Takes the most cards.
    TakesMostCards,
    /// Leaves no sweep for the next player.
    AvoidsSweep,
    /// Lays the card that gives the opponents least.
    SafestDiscard,
    /// Best on average over the possible hidden hands.
    BestOnAverage,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::OnlyMove => "the only legal move",
            Reason::Scopa => "sweeps the table: a scopa",
            Reason::TakesSettebello => "takes the settebello",
            Reason::TakesSevens => "takes sevens, the best primiera cards",
            Reason::TakesCoins => "takes the most coins (denari) from the table",
            Reason::TakesMostCards => "takes the most cards",
            Reason::AvoidsSweep => "leaves no sweep for the next player",
            Reason::SafestDiscard => "lays the card that gives the opponents least",
            Reason::BestOnAverage => "best on average over the hands the others may hold",
        })
    }
}

/// A recommended move and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hint {
    /// The move the expert would play.
    pub mv: Move,
    /// Why, in a player's words.
    pub reason: Reason,
}

/// The move the expert recommends for the seat of `view`, and a short reason;
/// `None` when it is not that seat's turn.
///
/// ```
/// use scopa_core::ai;
/// use scopa_core::scopa::{Match, Rules};
/// let game = Match::new(Rules::default(), 3).unwrap();
/// let view = game.view(game.turn()).unwrap();
/// let hint = ai::hint(&view).unwrap();
/// assert!(game.legal_moves().contains(&hint.mv));
/// assert!(!hint.reason.to_string().is_empty());
/// ```
pub fn hint(view: &PlayerView) -> Option<Hint> {
    let moves = view.legal_moves();
    let mv = choose_move(Level::Expert, view, 0x5C0FA)?;
    Some(Hint {
        mv,
        reason: reason_for(view, &moves, mv),
    })
}

/// Whether `mv` leaves a table that an unseen card could sweep.
pub(crate) fn leaves_sweep(view: &PlayerView, mv: Move) -> bool {
    if view.is_last_play() {
        return false;
    }
    let after = if mv.is_lay() {
        view.table() | CardSet::single(mv.card())
    } else {
        view.table() - mv.capture()
    };
    let values = eval::sweep_values(after, view.rules().ace);
    let unseen = view.unseen();
    (1..=10u8).any(|v| values >> v & 1 != 0 && unseen.count_value(v) > 0)
}

/// Why the expert would play `mv` in the position of `view`: the plainest reason that is
/// true of the move, in the terms of [`Reason`]. What a move "takes" is what it takes from
/// the table — the card played was already the player's — so a 7 played to take a 3
/// "takes" no seven, and the settebello played takes no settebello.
///
/// Each reason is true by construction: [`Reason::OnlyMove`] when `mv` is the only legal
/// move; [`Reason::Scopa`] when it takes every card on the table before the last play;
/// [`Reason::TakesSettebello`] / [`Reason::TakesSevens`] when the cards it takes include the
/// seven of coins / a seven; [`Reason::AvoidsSweep`] when it leaves no table an unseen card
/// could sweep while another legal move would; [`Reason::TakesCoins`] /
/// [`Reason::TakesMostCards`] when no legal move takes more coins / cards from the table;
/// [`Reason::SafestDiscard`] for a card laid; [`Reason::BestOnAverage`] otherwise. `mv`
/// should be a legal move of the seat of `view` (any other move still gets one of these
/// reasons, true of it as a move).
///
/// ```
/// use scopa_core::ai;
/// use scopa_core::scopa::{Match, Rules};
/// let game = Match::new(Rules::default(), 3).unwrap();
/// let view = game.view(game.turn()).unwrap();
/// for mv in game.legal_moves().iter() {
///     let _why = ai::reason(&view, *mv);
/// }
/// ```
pub fn reason(view: &PlayerView, mv: Move) -> Reason {
    reason_for(view, &view.legal_moves(), mv)
}

/// The plainest true reason for playing `mv` among `moves` (see [`reason`]).
fn reason_for(view: &PlayerView, moves: &[Move], mv: Move) -> Reason {
    // Only what the move takes from the table counts: the card played is in the hand
    // already (playing a seven or a coin to take a spade takes no seven, no coin).
    let taken = |m: &Move| {
        if m.is_lay() {
            CardSet::EMPTY
        } else {
            m.capture()
        }
    };
    let coins = |m: &Move| taken(m).count_suit(crate::Suit::Denari);
    let cards = |m: &Move| taken(m).len();
    if moves.len() == 1 {
        Reason::OnlyMove
    } else if !mv.is_lay() && (view.table() - mv.capture()).is_empty() && !view.is_last_play() {
        Reason::Scopa
    } else if taken(&mv).contains(crate::Card::SETTEBELLO) {
        Reason::TakesSettebello
    } else if taken(&mv).count_value(7) > 0 {
        Reason::TakesSevens
    } else if !leaves_sweep(view, mv) && moves.iter().any(|m| leaves_sweep(view, *m)) {
        Reason::AvoidsSweep
    } else if coins(&mv) > 0 && moves.iter().all(|m| coins(m) <= coins(&mv)) {
        Reason::TakesCoins
    } else if !mv.is_lay() && moves.iter().all(|m| cards(m) <= cards(&mv)) {
        Reason::TakesMostCards
    } else if mv.is_lay() {
        Reason::SafestDiscard
    } else {
        Reason::BestOnAverage
    }
}

#[cfg(test)]
mod hint_reason_tests {
    use super::*;
    use crate::scopa::Rules;

    /// Playing a coin to take a spade takes no coins from the table: the hint must not say
    /// it "captures the most denari".
    #[test]
    fn a_coin_played_is_not_a_coin_taken() {
        // No move leaves a table any card could sweep, so the reason is about what it takes.
        let view = PlayerView::from_public(
            Rules::default(),
            1,
            0,
            "5d 6b 3b".parse().unwrap(),
            "5s 9c 8s 10c".parse().unwrap(),
            &[],
            [0; 3],
        )
        .unwrap();
        let moves = view.legal_moves();
        let mv = Move::new("5d".parse().unwrap(), "5s".parse().unwrap());
        assert!(moves.contains(&mv));
        assert_eq!(reason_for(&view, &moves, mv), Reason::TakesMostCards);
        // Taking a coin from the table is.
        let view = PlayerView::from_public(
            Rules::default(),
            1,
            0,
            "5s 6b 3b".parse().unwrap(),
            "5d 9c 8s 10c".parse().unwrap(),
            &[],
            [0; 3],
        )
        .unwrap();
        let moves = view.legal_moves();
        let mv = Move::new("5s".parse().unwrap(), "5d".parse().unwrap());
        assert_eq!(reason_for(&view, &moves, mv), Reason::TakesCoins);
    }

    /// Issue 25: a seven played to take other cards takes no seven (the reason said "takes
    /// sevens"), and the settebello played takes no settebello.
    #[test]
    fn a_seven_played_is_not_a_seven_taken() {
        for (hand, played) in [("7s 6b 2b", "7s"), ("7d 6b 2b", "7d")] {
            let view = PlayerView::from_public(
                Rules::default(),
                1,
                0,
                hand.parse().unwrap(),
                "3s 4c 9c 10c".parse().unwrap(),
                &[],
                [0; 3],
            )
            .unwrap();
            let mv = Move::new(played.parse().unwrap(), "3s 4c".parse().unwrap());
            assert!(view.legal_moves().contains(&mv));
            let why = reason(&view, mv);
            assert!(
                !matches!(why, Reason::TakesSevens | Reason::TakesSettebello),
                "{played} takes 3s 4c: {why:?}"
            );
        }
    }
}
