//! Information-set Monte-Carlo tree search (single observer, Cowling, Powley & Whitehouse
//! 2012), measured against the determinized alpha-beta search.
//!
//! One tree over the public plays, from the seat's point of view. Every iteration deals
//! the hidden cards anew (a world consistent with the view), walks down the tree among the
//! moves legal in that world (UCB1 with availability counts: a child's exploration term
//! counts the iterations in which its move was available), adds one node, finishes the
//! iteration with a playout and backs the result up. The root move visited most is played.
//!
//! Playouts: uniformly random to the end of the hand ([`HandState::playout_random`]), or
//! the rule-based player's moves to the end of the round followed by the static
//! evaluation. Integer arithmetic throughout; the tree lives in a fixed array.

use scopa_core::scopa::{HandState, Move, capture};
use scopa_core::{Card, SplitMix64};

use crate::tuned::{leaf_value, model_move_of};

/// Nodes of the tree (the root included).
pub(crate) const MAX_NODES: usize = 2048;

const NONE: u16 = u16::MAX;

#[derive(Copy, Clone)]
struct Node {
    mv: Move,
    child: u16,
    sibling: u16,
    visits: u32,
    avail: u32,
    /// Sum of rewards (centipoints) from the point of view of the side that made `mv`.
    total: i64,
    /// Side that made `mv`.
    side: u8,
}

/// `ln(n)` in 1/65536 (log2 with a linear fraction, times ln 2).
fn ln_q16(n: u32) -> u64 {
    if n <= 1 {
        return 0;
    }
    let k = 31 - n.leading_zeros();
    let frac = ((u64::from(n) << 16) >> k) - 65536;
    (((u64::from(k) << 16) + frac) * 45426) >> 16
}

/// ISMCTS settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Settings {
    /// UCB exploration constant, centipoints.
    pub c: u32,
    /// 0: random playout to the end of the hand; 1: rule-based moves to the end of the
    /// round, then the static evaluation.
    pub playout: u8,
}

/// The move after searching `budget` moves played (tree and playouts), worlds drawn by
/// `sample`. `None` if not one iteration fit.
// Out of line: its large scratch (the tree, the worlds) must not join the caller's frame.
#[inline(never)]
pub(crate) fn choose(
    settings: Settings,
    root_moves: &[Move],
    side: u8,
    learned: bool,
    budget: u32,
    rng: &mut SplitMix64,
    mut sample: impl FnMut(&mut SplitMix64) -> Option<HandState>,
) -> (Option<Move>, u32) {
    let mut nodes = [Node {
        mv: Move::lay(Card::SETTEBELLO),
        child: NONE,
        sibling: NONE,
        visits: 0,
        avail: 0,
        total: 0,
        side: 0,
    }; MAX_NODES];
    let mut len = 1usize;
    let mut used = 0u32;
    let mut path = [0u16; 48];
    while used < budget {
        let Some(mut st) = sample(rng) else {
            break;
        };
        let mut depth = 0usize;
        let mut node = 0usize;
        path[0] = 0;
        // Selection and expansion.
        loop {
            if st.is_finished() {
                break;
            }
            let table = st.table();
            let ace = st.rules().ace;
            let turn = st.turn();
            let mover_side = st.rules().side_of(turn);
            // Untried legal move?
            let mut untried: Option<Move> = None;
            let mut best: Option<(i64, usize)> = None;
            'moves: for card in st.hand(turn) {
                for &cap in capture::captures(table, card, ace).iter() {
                    let mv = Move::new(card, cap);
                    if depth == 0 && !root_moves.contains(&mv) {
                        continue;
                    }
                    // Find the child.
                    let mut c = nodes[node].child;
                    while c != NONE && nodes[usize::from(c)].mv != mv {
                        c = nodes[usize::from(c)].sibling;
                    }
                    if c == NONE {
                        if untried.is_none() {
                            untried = Some(mv);
                        }
                        if len < MAX_NODES {
                            break 'moves;
                        }
                        continue;
                    }
                    let ci = usize::from(c);
                    nodes[ci].avail += 1;
                    let n = &nodes[ci];
                    let visits = u64::from(n.visits.max(1));
                    let mean = n.total / visits as i64;
                    let ratio = (ln_q16(n.avail) << 16) / visits;
                    let expl = (u64::from(settings.c) * ratio.isqrt()) >> 16;
                    let ucb = mean + expl as i64;
                    if best.is_none_or(|(b, _)| ucb > b) {
                        best = Some((ucb, ci));
                    }
                }
            }
            if let (Some(mv), true) = (untried, len < MAX_NODES) {
                let ci = len;
                len += 1;
                nodes[ci] = Node {
                    mv,
                    child: NONE,
                    sibling: nodes[node].child,
                    visits: 0,
                    avail: 1,
                    total: 0,
                    side: mover_side,
                };
                nodes[node].child = ci as u16;
                st.play_unchecked(mv);
                used += 1;
                depth += 1;
                path[depth.min(path.len() - 1)] = ci as u16;
                break;
            }
            let Some((_, ci)) = best else {
                break;
            };
            st.play_unchecked(nodes[ci].mv);
            used += 1;
            node = ci;
            depth += 1;
            path[depth.min(path.len() - 1)] = ci as u16;
        }
        // Playout.
        let reward = match settings.playout {
            0 => {
                let before = st.plays();
                st.playout_random(rng);
                used += u32::from(st.plays() - before);
                scopa_core::ai::eval::value(&st, side)
            }
            _ => {
                let ppr = st.rules().plays_per_round();
                while !st.is_finished() && st.plays() % ppr != 0 {
                    let mv = model_move_of(&st);
                    st.play_unchecked(mv);
                    used += 1;
                }
                leaf_value(&st, side, learned)
            }
        };
        // Backpropagation.
        for &p in &path[1..=depth.min(path.len() - 1)] {
            let n = &mut nodes[usize::from(p)];
            n.visits += 1;
            n.total += if n.side == side {
                i64::from(reward)
            } else {
                -i64::from(reward)
            };
        }
        nodes[0].visits += 1;
    }
    // The root move visited most (the first in canonical order on ties).
    let mut best: Option<(u32, Move)> = None;
    for &mv in root_moves {
        let mut c = nodes[0].child;
        while c != NONE && nodes[usize::from(c)].mv != mv {
            c = nodes[usize::from(c)].sibling;
        }
        if c != NONE {
            let v = nodes[usize::from(c)].visits;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, mv));
            }
        }
    }
    (best.map(|(_, m)| m), used)
}
