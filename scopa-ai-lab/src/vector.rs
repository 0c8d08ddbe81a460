//! Vector search over sampled worlds: determinized search without the seat's own
//! strategy fusion.
//!
//! The first version searched every sampled world on its own, so in each world the seat
//! chose its *later* moves knowing that world's hidden cards — a plan no player can carry
//! out, which makes flexible holdings look better than they are. Here all worlds are
//! searched together, on the tree of public plays: a node holds one value per world; where
//! the seat itself plays, it must make the same move in every world it cannot tell apart
//! (same hand, same table: every world, until a new deal gives it different cards), and it
//! picks the move with the best total over those worlds; where another seat plays, each
//! world follows its own best reply (that seat sees its own hand). The root move with the
//! best total wins.
//!
//! Iterative deepening while the node budget lasts; the horizon and the static evaluation
//! are those of the first version.

use scopa_core::CardSet;
use scopa_core::ai::moves;
use scopa_core::scopa::{AceRule, HandState, Move, capture};

use crate::Tuning;
use crate::tuned::leaf_value;

/// Most worlds searched together.
pub(crate) const MAX_WORLDS: usize = 64;

/// Deepest iteration (plies from the root move).
const MAX_PLIES: usize = 12;

/// One value per world (centipoints, from the searching side's point of view).
type Values = [i32; MAX_WORLDS];

/// Bit set of worlds.
type Mask = u64;

struct Vector<'a> {
    side: u8,
    seat: u8,
    nodes: u32,
    limit: u32,
    aborted: bool,
    horizon: bool,
    cfg: &'a Tuning,
    /// `states[d][w]`: world `w` at depth `d` of the current line.
    states: &'a mut [[HandState; MAX_WORLDS]; MAX_PLIES + 1],
}

impl Vector<'_> {
    /// Plays `mv` in every world of `mask` at depth `d` into depth `d + 1`; returns whether
    /// the play ended a round (the same in every world: they share the public history).
    fn play(&mut self, d: usize, mask: Mask, mv: Move) -> bool {
        let mut dealt = false;
        let mut m = mask;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut child = self.states[d][w];
            child.play_unchecked(mv);
            dealt = moves::dealt(&self.states[d][w], &child);
            self.states[d + 1][w] = child;
            self.nodes += 1;
        }
        dealt
    }

    /// Fills `out[w]` for every world `w` of `mask` at depth `d`, searching `depth` more
    /// plies.
    fn node(&mut self, d: usize, mask: Mask, depth: u8, out: &mut Values) {
        let first = mask.trailing_zeros() as usize;
        let st = self.states[d][first];
        if st.is_finished() || depth == 0 || d == MAX_PLIES {
            if !st.is_finished() {
                self.horizon = true;
            }
            let mut m = mask;
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                out[w] = leaf_value(&self.states[d][w], self.side, self.cfg.learned);
            }
            return;
        }
        let turn = st.turn();
        let table = st.table();
        let ace = st.rules().ace;
        let maxing = st.rules().side_of(turn) == self.side;
        if turn == self.seat {
            // The seat's own choice: one move for all worlds where it holds the same hand.
            let mut rest = mask;
            while rest != 0 {
                let hand = self.states[d][rest.trailing_zeros() as usize].hand(turn);
                let mut group: Mask = 0;
                let mut m = rest;
                while m != 0 {
                    let w = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if self.states[d][w].hand(turn) == hand {
                        group |= 1 << w;
                    }
                }
                rest &= !group;
                self.own_choice(d, group, depth, hand, table, ace, out);
                if self.aborted {
                    return;
                }
            }
        } else {
            // Another seat: each world follows its own best reply.
            let mut held = CardSet::EMPTY;
            let mut m = mask;
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                held |= self.states[d][w].hand(turn);
                out[w] = if maxing { i32::MIN } else { i32::MAX };
            }
            let mut child = [0i32; MAX_WORLDS];
            for card in held {
                let mut sub: Mask = 0;
                let mut m = mask;
                while m != 0 {
                    let w = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if self.states[d][w].hand(turn).contains(card) {
                        sub |= 1 << w;
                    }
                }
                for &cap in capture::captures(table, card, ace).iter() {
                    if self.nodes >= self.limit {
                        self.aborted = true;
                        return;
                    }
                    let mv = Move::new(card, cap);
                    let dealt = self.play(d, sub, mv);
                    let next = self.next_depth(depth, dealt);
                    self.node(d + 1, sub, next, &mut child);
                    if self.aborted {
                        return;
                    }
                    let mut m = sub;
                    while m != 0 {
                        let w = m.trailing_zeros() as usize;
                        m &= m - 1;
                        out[w] = if maxing {
                            out[w].max(child[w])
                        } else {
                            out[w].min(child[w])
                        };
                    }
                }
            }
        }
    }

    /// The seat's own move for the worlds of `group` (all holding `hand`): the move with
    /// the best total, its values written to `out`.
    #[allow(clippy::too_many_arguments)]
    fn own_choice(
        &mut self,
        d: usize,
        group: Mask,
        depth: u8,
        hand: CardSet,
        table: CardSet,
        ace: AceRule,
        out: &mut Values,
    ) {
        let mut child = [0i32; MAX_WORLDS];
        let mut best_total = i64::MIN;
        for card in hand {
            for &cap in capture::captures(table, card, ace).iter() {
                if self.nodes >= self.limit {
                    self.aborted = true;
                    return;
                }
                let mv = Move::new(card, cap);
                let dealt = self.play(d, group, mv);
                let next = self.next_depth(depth, dealt);
                self.node(d + 1, group, next, &mut child);
                if self.aborted {
                    return;
                }
                let total = sum(&child, group);
                if total > best_total {
                    best_total = total;
                    copy(&child, out, group);
                }
            }
        }
    }

    fn next_depth(&self, depth: u8, dealt: bool) -> u8 {
        if dealt {
            (depth - 1).min(self.cfg.plies_after_deal)
        } else {
            depth - 1
        }
    }
}

fn sum(v: &Values, mask: Mask) -> i64 {
    let mut t = 0i64;
    let mut m = mask;
    while m != 0 {
        let w = m.trailing_zeros() as usize;
        m &= m - 1;
        t += i64::from(v[w]);
    }
    t
}

fn copy(from: &Values, to: &mut Values, mask: Mask) {
    let mut m = mask;
    while m != 0 {
        let w = m.trailing_zeros() as usize;
        m &= m - 1;
        to[w] = from[w];
    }
}

/// The vector search's move among `moves` for the worlds `worlds` (the seat `seat` to
/// play in all of them), or `None` if not even depth 1 fits the node budget. Returns the
/// move, the nodes used and the deepest completed depth.
// Out of line: its large scratch (the tree, the worlds) must not join the caller's frame.
#[inline(never)]
pub(crate) fn choose(
    cfg: &Tuning,
    worlds: &[HandState],
    weights: &[u32],
    moves: &[Move],
    seat: u8,
    nodes: u32,
    useful: u8,
) -> (Option<Move>, u32, u8) {
    let nw = worlds.len().min(MAX_WORLDS);
    if nw == 0 || moves.is_empty() {
        return (None, 0, 0);
    }
    let side = worlds[0].rules().side_of(seat);
    let mut states = [[worlds[0]; MAX_WORLDS]; MAX_PLIES + 1];
    states[0][..nw].copy_from_slice(&worlds[..nw]);
    let all: Mask = if nw == 64 { u64::MAX } else { (1u64 << nw) - 1 };
    let mut v = Vector {
        side,
        seat,
        nodes: 0,
        limit: nodes,
        aborted: false,
        horizon: false,
        cfg,
        states: &mut states,
    };
    let mut best: Option<Move> = None;
    let mut depth_done = 0;
    let mut child = [0i32; MAX_WORLDS];
    for depth in 1..=cfg.max_depth.clamp(1, MAX_PLIES as u8) {
        v.horizon = false;
        let mut best_total = i64::MIN;
        let mut choice = None;
        for &mv in moves {
            if v.nodes >= v.limit {
                v.aborted = true;
                break;
            }
            let dealt = v.play(0, all, mv);
            let next = v.next_depth(depth, dealt);
            v.node(1, all, next, &mut child);
            if v.aborted {
                break;
            }
            let mut total = 0i64;
            for w in 0..nw {
                total += i64::from(child[w]) * i64::from(weights[w]);
            }
            if total > best_total {
                best_total = total;
                choice = Some(mv);
            }
        }
        if v.aborted {
            break;
        }
        best = choice;
        depth_done = depth;
        if !v.horizon || depth >= useful {
            break;
        }
    }
    (best, v.nodes, depth_done)
}
