//! Scopa's figures: the expert's own determinized search ([`crate::ai::search`]) run once
//! with hooks that record, in each world, the value of every root move from the deepest
//! iteration completed — exactly the numbers the expert adds up to choose its move.

use core::cell::Cell;

use crate::ai::search::{self, Hooks, Searcher, Shipping};
use crate::ai::{Budget, SearchStats, sample::Root};
use crate::scopa::capture::{MAX_MOVES, Move};
use crate::scopa::hand::HandState;
use crate::scopa::view::PlayerView;

use super::stats::Tally;

/// The expert's search with every hook at its default, recording the values of the root
/// moves world by world (the search hands its hooks only `&self`: cells).
struct Recorder {
    inner: Shipping,
    /// Other sides: the search's value is k − 1 times the side's points minus theirs.
    others: i32,
    /// Root moves.
    n: usize,
    /// The world slot being searched (`u32::MAX` before the first).
    slot: Cell<u32>,
    /// Root moves of the current iteration valued without running out of nodes.
    filled: Cell<usize>,
    /// Whether the current world has a completed iteration in `done`.
    have: Cell<bool>,
    cur: [Cell<i16>; MAX_MOVES],
    done: [Cell<i16>; MAX_MOVES],
    tallies: [Cell<Tally>; MAX_MOVES],
}

impl Recorder {
    fn new(n: usize, others: i32) -> Recorder {
        Recorder {
            inner: Shipping::EXPERT,
            others,
            n,
            slot: Cell::new(u32::MAX),
            filled: Cell::new(0),
            have: Cell::new(false),
            cur: [const { Cell::new(0) }; MAX_MOVES],
            done: [const { Cell::new(0) }; MAX_MOVES],
            tallies: [const { Cell::new(Tally::ZERO) }; MAX_MOVES],
        }
    }

    /// Keeps the current iteration if every root move was valued in it (the search keeps
    /// the deepest completed iteration of a world).
    fn end_iteration(&self) {
        if self.filled.get() == self.n {
            for i in 0..self.n {
                self.done[i].set(self.cur[i].get());
            }
            self.have.set(true);
        }
        self.filled.set(0);
    }

    /// Counts the world just searched, if one of its iterations completed.
    fn end_world(&self) {
        self.end_iteration();
        if self.have.get() {
            for i in 0..self.n {
                let mut t = self.tallies[i].get();
                t.add(i32::from(self.done[i].get()) / self.others);
                self.tallies[i].set(t);
            }
        }
        self.have.set(false);
    }
}

impl Hooks for Recorder {
    fn max_depth(&self) -> u8 {
        self.inner.max_depth
    }

    fn root_value(
        search: &mut Searcher<'_, Self>,
        _root: &Root,
        child: &HandState,
        depth: u8,
        slot: u32,
        index: usize,
    ) -> i32 {
        let me = search.hooks();
        if me.slot.get() != slot {
            if me.slot.get() != u32::MAX {
                me.end_world();
            }
            me.slot.set(slot);
        } else if index == 0 {
            me.end_iteration();
        }
        let v = search.ab(child, depth, i32::MIN, i32::MAX);
        let me = search.hooks();
        if !search.aborted() && index == me.filled.get() && index < MAX_MOVES {
            // As the search clamps it.
            me.cur[index].set(v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16);
            me.filled.set(index + 1);
        }
        v
    }
}

/// The values of each of `moves` (hundredths of a point of the hand's margin, per world)
/// from the expert's search of `view` with `seed` and `budget`; the move the expert plays
/// and what the search did. `None` when the budget affords no search.
pub(crate) fn values(
    view: &PlayerView,
    moves: &[Move],
    seed: u64,
    budget: Budget,
    out: &mut [Tally],
) -> Option<(Move, SearchStats)> {
    let n = moves.len().min(MAX_MOVES).min(out.len());
    // Per other side, so a margin.
    let others = i32::from(view.rules().sides().max(2) - 1);
    let mut hooks = Recorder::new(n, others);
    let mut stats = SearchStats::default();
    let mv = search::choose_with(&mut hooks, view, &moves[..n], seed, budget, &mut stats)?;
    if hooks.slot.get() != u32::MAX {
        hooks.end_world();
    }
    for (o, t) in out.iter_mut().zip(hooks.tallies.iter()) {
        *o = t.get();
    }
    Some((mv, stats))
}
