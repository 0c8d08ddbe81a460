//! `expert` and `handheld`: determinized alpha-beta search over the hidden cards.
//!
//! 1. **Sampling** ([`super::sample`]). The cards the seat has not seen are dealt at random
//!    into the other hands and the deck order, respecting what the round's plays reveal;
//!    with inference, each world is the first of a few draws in which the rule-based
//!    player, replayed for the other seats, makes the plays they made.
//! 2. **Search.** Each sampled world is a position with nothing hidden; every legal root
//!    move is searched in it, deepening one ply at a time while the node budget lasts,
//!    with the exact score at the end of the hand and an integer static estimate
//!    ([`super::eval::static_value`]) at the horizon. The seat's side (partners included)
//!    takes its best move. The other sides' value is [`Reply`]: the levels count half of
//!    their best reply in the world (as if they saw every card of it, this seat's hand
//!    included) and half of the reply the rule-based player would make from what that seat
//!    sees — an opponent that finds the refutation only part of the time. Deals of new
//!    rounds happen inside the search from the sampled deck order.
//! 3. **Combining.** The values of each root move from the deepest completed iteration of
//!    each world are added up; the move with the best total is played (the first in
//!    canonical order on ties).
//!
//! When nothing is hidden any more (the deck is empty and at most one other seat still
//! holds cards — in 2 players, the last round), nothing is hidden from the other seat
//! either: there is a single world, the other side's best reply is taken, and the search
//! runs to the end of the hand: the result is exact.
//!
//! The search is generic over [`Hooks`]: what a variant may change (the worlds, the leaf
//! value, the plies searched past a deal, the other sides' reply, the value of a root
//! move). The levels use [`Shipping`], whose hooks are the defaults; the measured
//! alternatives live in the `scopa-ai-lab` crate, which implements them as other hooks.
//!
//! The budget is a count of nodes (one node = one move played on a copy of the state) over
//! all samples, so the work per move is bounded and the result reproducible.

use crate::deal::SplitMix64;
use crate::scopa::capture::{MAX_MOVES, Move};
use crate::scopa::hand::HandState;

use super::moves::{MoveBuf, dealt, gen_moves, played};
use super::posterior;
use super::sample::Root;
use super::{Budget, SearchStats, eval, medium};

/// Deepest search of `expert`, in plies from the root move (bounds the stack).
pub const MAX_DEPTH: u8 = 12;

/// Deepest search of `handheld` (a smaller stack: see `docs/ai.md`).
pub const HANDHELD_MAX_DEPTH: u8 = 8;

/// Plies searched past a new deal: the sampled deck order is a guess, so the search only
/// looks at the first replies of the next round (enough to see the leftover table swept)
/// instead of planning around cards nobody can know yet.
pub const PLIES_AFTER_DEAL: u8 = 2;

/// Draws per world searched when inferring from play by rejection: the world searched is
/// the first in which the model makes the round's plays.
pub const INFER_DRAWS: u8 = 8;

/// How a node where another side chooses is valued while something is hidden.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// Its best reply in the world (alpha-beta): it plays as if it saw every card of the
    /// world, this seat's hand included.
    Best,
    /// Only the rule-based (`medium`) move from what it sees (its hand, the table, the
    /// piles) is searched: the best response to that player.
    RuleBased,
    /// A mix, in eighths (adding up to 8), of the best reply's value, the mean of every
    /// reply's value and the rule-based move's value; no cut-offs (a mix needs every
    /// reply's exact value).
    Mix {
        /// Weight of the best reply.
        best: u8,
        /// Weight of the mean of the replies.
        mean: u8,
        /// Weight of the rule-based move.
        model: u8,
    },
}

impl Reply {
    /// The levels' reply: half the best reply, half the rule-based move.
    pub const BLEND: Reply = Reply::Mix {
        best: 4,
        mean: 0,
        model: 4,
    };
}

/// What a variant of the search changes. Every default is the levels' behaviour, and a
/// variant is a type (monomorphized: no dynamic dispatch in the search).
pub trait Hooks: Sized {
    /// The deepest iteration, in plies from the root move (at most [`MAX_DEPTH`]).
    fn max_depth(&self) -> u8;

    /// How the other sides reply while something is hidden (the best reply once nothing
    /// is). Default: [`Reply::BLEND`].
    #[inline]
    fn reply(&self) -> Reply {
        Reply::BLEND
    }

    /// Plies searched past the deal that left `child`. Default: [`PLIES_AFTER_DEAL`].
    #[inline]
    fn plies_after_deal(&self, _child: &HandState) -> u8 {
        PLIES_AFTER_DEAL
    }

    /// Plies past the end of the current round after which a deeper iteration finds
    /// nothing new (every line is cut at the next deal). Default: [`PLIES_AFTER_DEAL`].
    #[inline]
    fn plies_after_round(&self, _root: &Root) -> u8 {
        PLIES_AFTER_DEAL
    }

    /// Called once per move before any world is drawn, with the generator the worlds are
    /// then drawn from: returns how many world slots to search and their total weight.
    /// Default: [`Root::samples`] slots of weight 1.
    #[inline]
    fn prepare(&mut self, root: &Root, _rng: &mut SplitMix64) -> Slots {
        Slots {
            count: root.samples,
            weight: root.samples,
        }
    }

    /// The world of slot `slot` and its weight (its share of the node budget and of the
    /// combined values); `None` for a world that cannot be dealt. Default: inference by
    /// rejection under the rule-based player ([`Root::draw`] with [`INFER_DRAWS`] draws),
    /// weight 1.
    #[inline]
    fn world(&mut self, root: &Root, _slot: u32, rng: &mut SplitMix64) -> (Option<HandState>, u32) {
        (
            root.draw(Some(posterior::medium_model), INFER_DRAWS, 0, rng),
            1,
        )
    }

    /// The value of `st` at the horizon for the searching side. Default:
    /// [`eval::static_value`].
    #[inline]
    fn leaf(search: &mut Searcher<'_, Self>, st: &HandState) -> i32 {
        eval::static_value(st, search.side())
    }

    /// The value of root move number `index` of world slot `slot`, `child` being the world
    /// after it, searched `depth` more plies. Default: [`Searcher::ab`] with a full window.
    #[inline]
    fn root_value(
        search: &mut Searcher<'_, Self>,
        _root: &Root,
        child: &HandState,
        depth: u8,
        _slot: u32,
        _index: usize,
    ) -> i32 {
        search.ab(child, depth, i32::MIN, i32::MAX)
    }
}

/// World slots of one move's search ([`Hooks::prepare`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Slots {
    /// How many.
    pub count: u32,
    /// Their total weight (the node budget is shared in proportion).
    pub weight: u32,
}

/// The levels' search: every hook at its default, the depth of the level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shipping {
    /// Deepest iteration.
    pub max_depth: u8,
}

impl Shipping {
    /// `expert`.
    pub const EXPERT: Shipping = Shipping {
        max_depth: MAX_DEPTH,
    };
    /// `handheld`: a smaller depth (stack).
    pub const HANDHELD: Shipping = Shipping {
        max_depth: HANDHELD_MAX_DEPTH,
    };
}

impl Hooks for Shipping {
    #[inline]
    fn max_depth(&self) -> u8 {
        self.max_depth
    }
}

/// One alpha-beta search of one world within a node limit.
pub struct Searcher<'h, H> {
    hooks: &'h H,
    side: u8,
    nodes: u32,
    limit: u32,
    aborted: bool,
    horizon: bool,
    reply: Reply,
}

impl<H: Hooks> Searcher<'_, H> {
    /// The variant's hooks.
    #[inline]
    pub fn hooks(&self) -> &H {
        self.hooks
    }

    /// The searching side.
    #[inline]
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Counts one node: `false` (and the search is aborted) when the limit is reached.
    #[inline]
    pub fn spend(&mut self) -> bool {
        if self.nodes >= self.limit {
            self.aborted = true;
            false
        } else {
            self.nodes += 1;
            true
        }
    }

    /// Whether the node limit stopped the search (its values are then meaningless).
    #[inline]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The value at the horizon (out of line: keeps the recursive frame small).
    #[inline(never)]
    fn leaf(&mut self, st: &HandState) -> i32 {
        H::leaf(self, st)
    }

    /// The value of `st` for the searching side, searched `depth` more plies within the
    /// window `alpha`..`beta` (0 once [`Searcher::aborted`]).
    pub fn ab(&mut self, st: &HandState, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        if st.is_finished() {
            return eval::value(st, self.side);
        }
        if depth == 0 {
            self.horizon = true;
            return self.leaf(st);
        }
        let mut buf: MoveBuf = MoveBuf::new();
        gen_moves(st, &mut buf);
        if buf.moves().is_empty() {
            return eval::value(st, self.side);
        }
        let maxing = st.rules().side_of(st.turn()) == self.side;
        let reply = if maxing { Reply::Best } else { self.reply };
        let mut model_move = None;
        match reply {
            Reply::Best => {}
            Reply::RuleBased => {
                if let Some(mv) = medium::choose_in_state(st, buf.moves()) {
                    buf.keep_only(mv);
                }
            }
            Reply::Mix { model, .. } => {
                // No cut-offs: a mix needs every reply's exact value.
                alpha = i32::MIN;
                beta = i32::MAX;
                if model > 0 {
                    model_move = medium::choose_in_state(st, buf.moves());
                }
            }
        }
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut sum = 0i64;
        let mut model_value = 0;
        for &mv in buf.moves() {
            if !self.spend() {
                return 0;
            }
            let child = played(st, mv);
            let next = if dealt(st, &child) {
                (depth - 1).min(self.hooks.plies_after_deal(&child))
            } else {
                depth - 1
            };
            let v = self.ab(&child, next, alpha, beta);
            if self.aborted {
                return 0;
            }
            sum += i64::from(v);
            if model_move == Some(mv) {
                model_value = v;
            }
            if backup(maxing, v, &mut best, &mut alpha, &mut beta) {
                break;
            }
        }
        match reply {
            Reply::Best | Reply::RuleBased => best,
            Reply::Mix {
                best: b,
                mean: m,
                model: r,
            } => {
                let mean = if m > 0 {
                    (sum / buf.moves().len() as i64) as i32
                } else {
                    0
                };
                (i32::from(b) * best + i32::from(m) * mean + i32::from(r) * model_value) / 8
            }
        }
    }
}

/// Backs a child's value `v` up into its node's `best` and window: the side to move at the
/// node maximizes (`maxing`: it raises `alpha`) or minimizes (it lowers `beta`). Returns
/// whether the window closed: the remaining children cannot change the node's value.
#[inline(always)]
pub fn backup(maxing: bool, v: i32, best: &mut i32, alpha: &mut i32, beta: &mut i32) -> bool {
    if maxing {
        *best = (*best).max(v);
        *alpha = (*alpha).max(*best);
    } else {
        *best = (*best).min(v);
        *beta = (*beta).min(*best);
    }
    *alpha >= *beta
}

/// The determinized search's move among `moves` (the view's legal moves) with the variant
/// `hooks`, or `None` when the budget cannot afford one iteration of one world (the levels
/// then fall back to the rule-based player).
pub fn choose_with<H: Hooks>(
    hooks: &mut H,
    view: &crate::scopa::PlayerView,
    moves: &[Move],
    seed: u64,
    budget: Budget,
    stats: &mut SearchStats,
) -> Option<Move> {
    let n = moves.len().min(MAX_MOVES);
    if n == 0 {
        return None;
    }
    let root = Root::new(view, budget.samples, seed);
    stats.exact = root.exact;
    let mut rng = SplitMix64::new(seed);
    let slots = hooks.prepare(&root, &mut rng);
    let mut total = [0i32; MAX_MOVES];
    let mut cur = [0i16; MAX_MOVES];
    let mut done = [0i16; MAX_MOVES];
    let mut counted = 0u32;
    let mut used = 0u32;
    let ppr = view.rules().plays_per_round();
    let useful = ppr - view.plays() % ppr + hooks.plies_after_round(&root);
    let mut weight_left = slots.weight;
    // When nothing is hidden, nothing is hidden from the other seats either: they do find
    // the best reply, and the search is exact.
    let reply = if root.exact {
        Reply::Best
    } else {
        hooks.reply()
    };
    for s in 0..slots.count {
        let (world, mult) = hooks.world(&root, s, &mut rng);
        let left = u64::from(budget.nodes - used);
        let limit = (left * u64::from(mult) / u64::from(weight_left.max(1))) as u32;
        weight_left = weight_left.saturating_sub(mult);
        let Some(world) = world else {
            continue;
        };
        stats.samples += 1;
        let mut searcher = Searcher {
            hooks: &*hooks,
            side: view.side(),
            nodes: 0,
            limit,
            aborted: false,
            horizon: false,
            reply,
        };
        let mut have = false;
        for depth in 1..=hooks.max_depth().clamp(1, MAX_DEPTH) {
            searcher.horizon = false;
            for (i, &mv) in moves[..n].iter().enumerate() {
                if !searcher.spend() {
                    break;
                }
                let mut child = world;
                child.play_unchecked(mv);
                let next = if dealt(&world, &child) {
                    (depth - 1).min(hooks.plies_after_deal(&child))
                } else {
                    depth - 1
                };
                let v = H::root_value(&mut searcher, &root, &child, next, s, i);
                cur[i] = v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
                if searcher.aborted {
                    break;
                }
            }
            if searcher.aborted {
                break;
            }
            done[..n].copy_from_slice(&cur[..n]);
            have = true;
            stats.depth = stats.depth.max(depth);
            if !searcher.horizon || depth >= useful {
                // Every line reached the end of the hand (exact in this world), or every
                // line is cut at the deal after this round: deeper finds nothing new.
                break;
            }
        }
        used += searcher.nodes;
        if have {
            counted += 1;
            for i in 0..n {
                total[i] = total[i].saturating_add(i32::from(done[i]) * mult as i32);
            }
        }
    }
    stats.nodes = used;
    stats.worlds_searched = counted;
    if counted == 0 {
        return None;
    }
    let mut best = 0;
    for i in 1..n {
        if total[i] > total[best] {
            best = i;
        }
    }
    Some(moves[best])
}
