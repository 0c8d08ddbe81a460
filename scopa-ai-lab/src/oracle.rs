//! The **cheating** oracle, for benchmarks only: it reads the whole [`HandState`] — every
//! hand and the deck order — and searches the hand with every card known. It is the upper
//! bound a fair player is measured against ("how far is the expert from a player that sees
//! everything"); it is not a [`scopa_core::ai::Level`], cannot be built
//! from a [`scopa_core::scopa::PlayerView`], and no front-end offers it.
//!
//! The search is full-width alpha-beta (every legal move, sweeps and valuable captures
//! first) to the end of the hand on the exact score when the node budget allows — always in
//! 2 players — and otherwise iterative deepening with the static estimate of
//! [`scopa_core::ai::eval`] at the horizon.

use scopa_core::ai::eval;
use scopa_core::ai::moves::{MoveBuf, gen_moves, order_key};
use scopa_core::ai::search::backup;
use scopa_core::scopa::{HandState, MAX_MOVES, Move, MoveList};

/// Moves one node may have: more than any reachable position with at most 10 cards in hand
/// and 25 captures per card reaches in practice below the root; the root always keeps all.
const NODE_MOVES: usize = 64;

/// What the oracle's search did for one move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OracleStats {
    /// Nodes used (moves played on copies of the state).
    pub nodes: u64,
    /// Whether the search reached the end of the hand on every line (the move is exactly
    /// optimal against a perfect-information opponent).
    pub exact: bool,
    /// The deepest completed iteration, in plies.
    pub depth: u8,
}

struct Oracle {
    side: u8,
    nodes: u64,
    limit: u64,
    aborted: bool,
    horizon: bool,
}

impl Oracle {
    fn ab(&mut self, st: &HandState, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        if st.is_finished() {
            return eval::value(st, self.side);
        }
        if depth == 0 {
            self.horizon = true;
            return eval::value(st, self.side);
        }
        let mut moves = MoveBuf::<NODE_MOVES>::new();
        gen_moves(st, &mut moves);
        let maxing = st.rules().side_of(st.turn()) == self.side;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        for &mv in moves.moves() {
            if self.nodes >= self.limit {
                self.aborted = true;
                return 0;
            }
            self.nodes += 1;
            let mut child = *st;
            child.play_unchecked(mv);
            let v = self.ab(&child, depth - 1, alpha, beta);
            if self.aborted {
                return 0;
            }
            if backup(maxing, v, &mut best, &mut alpha, &mut beta) {
                break;
            }
        }
        best
    }
}

/// The oracle's move for the seat to play in `state`, searching at most `nodes` nodes
/// (`None` once the hand is finished). **Cheating**: it reads every hand and the deck.
pub(crate) fn choose(state: &HandState, nodes: u64) -> Option<(Move, OracleStats)> {
    if state.is_finished() {
        return None;
    }
    let mut all = MoveList::new();
    state.legal_moves_into(&mut all);
    let first = *all.first()?;
    // Root moves best first by the ordering key (stable: canonical order on ties).
    let mut order = [0u8; MAX_MOVES];
    let n = all.len();
    for (i, slot) in order.iter_mut().enumerate().take(n) {
        *slot = i as u8;
    }
    let mut keys = [0i16; MAX_MOVES];
    for (k, &m) in keys.iter_mut().zip(all.iter()) {
        *k = order_key(state, state.table(), m);
    }
    // Insertion sort, best key first, stable.
    for i in 1..n {
        let mut j = i;
        while j > 0 && keys[usize::from(order[j - 1])] < keys[usize::from(order[j])] {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    let side = state.rules().side_of(state.turn());
    let mut o = Oracle {
        side,
        nodes: 0,
        limit: nodes,
        aborted: false,
        horizon: false,
    };
    let mut stats = OracleStats::default();
    let mut chosen = first;
    let left = state.rules().plays_per_hand() - state.plays();
    // Try the whole hand at once (the usual case), then deepen from 1 if it did not fit.
    let depths = core::iter::once(left).chain(1..left);
    for depth in depths {
        o.horizon = false;
        o.aborted = false;
        let mut alpha = i32::MIN;
        let mut best = first;
        for &i in &order[..n] {
            let mv = all[usize::from(i)];
            if o.nodes >= o.limit {
                o.aborted = true;
                break;
            }
            o.nodes += 1;
            let mut child = *state;
            child.play_unchecked(mv);
            // Fail-soft at the root: a child no better than alpha is cut early.
            let v = o.ab(&child, depth - 1, alpha, i32::MAX);
            if o.aborted {
                break;
            }
            if v > alpha {
                alpha = v;
                best = mv;
            }
        }
        if o.aborted {
            if depth == left {
                continue;
            }
            break;
        }
        chosen = best;
        stats.depth = depth;
        if !o.horizon {
            stats.exact = true;
            break;
        }
        if depth == left {
            // The full depth completed with a horizon: impossible (the horizon is the end).
            break;
        }
    }
    stats.nodes = o.nodes;
    Some((chosen, stats))
}
