//! The search variants of [`Tuning`]: the levels' alpha-beta search
//! ([`scopa_core::ai::search`]) with other hooks, or, for ISMCTS and the vector search, a
//! different search on the same worlds.
//!
//! - Inference by weighting (`infer_temp`): `samples × candidates` worlds are drawn, each
//!   weighed by the likelihood of the other seats' plays of the round in it
//!   ([`super::infer`]), and at most `samples` of them resampled; each is searched with its
//!   multiplicity as its weight.
//! - Inference by rejection under a model (`model`): as the levels, with another model.
//! - The other sides' reply (`opp_model`, `blend`) and, at the root, a reply chosen
//!   without seeing the seat's hand (`opp_info`: averaged over redeals of it).
//! - The leaf: the learned evaluation at the end of a round (`learned`), or the hand
//!   played out by the rule-based player (`playout`).
//! - The last round searched whole (`last_full`).

use scopa_core::ai::medium;
use scopa_core::ai::moves::{MoveBuf, dealt, gen_moves, played};
use scopa_core::ai::posterior::Model;
use scopa_core::ai::sample::{self, Root, shuffle};
use scopa_core::ai::search::{self, Hooks, Reply, Searcher, Slots};
use scopa_core::ai::{SearchStats, eval};
use scopa_core::scopa::{HandState, Move, PlayerView};
use scopa_core::{Card, CardSet, SplitMix64};

use super::{Tuning, infer, ismcts, learned, vector};

/// Most candidate worlds drawn for inference.
const MAX_CANDIDATES: usize = 512;

/// Most worlds kept by the inference's resampling.
const MAX_PICKS: usize = 64;

/// Resampled worlds: the generator state that draws each, and how many times it counts.
type Picks = heapless::Vec<(u64, u16), MAX_PICKS>;

/// The hooks of a [`Tuning`] for one move.
struct Tuned<'a> {
    t: &'a Tuning,
    /// The other hands (the peek diagnostics, which cheat).
    known: Option<&'a [CardSet; 4]>,
    picks: Picks,
    model: Option<Model>,
}

impl Tuned<'_> {
    /// A world without the rejection model: a resampled pick, or a plain sample.
    fn plain_world(
        &self,
        root: &Root,
        slot: u32,
        rng: &mut SplitMix64,
    ) -> (Option<HandState>, u32) {
        if let Some(&pick) = self.picks.get(slot as usize) {
            (picked(root, pick), u32::from(pick.1))
        } else {
            (sample::sample(root.view, &root.voids, self.known, rng), 1)
        }
    }
}

/// The world `pick` stands for.
fn picked(root: &Root, pick: (u64, u16)) -> Option<HandState> {
    sample::sample(root.view, &root.voids, None, &mut SplitMix64::new(pick.0))
}

impl Hooks for Tuned<'_> {
    fn max_depth(&self) -> u8 {
        self.t.max_depth
    }

    fn reply(&self) -> Reply {
        match self.t.opp_model {
            1 => Reply::RuleBased,
            2 => Reply::Mix {
                best: 4,
                mean: 4,
                model: 0,
            },
            3 => Reply::Mix {
                best: 6,
                mean: 2,
                model: 0,
            },
            4 => {
                let w = self.t.blend.min(8);
                Reply::Mix {
                    best: 8 - w,
                    mean: 0,
                    model: w,
                }
            }
            _ => Reply::Best,
        }
    }

    fn plies_after_deal(&self, child: &HandState) -> u8 {
        if self.t.last_full && child.deck_len() == 0 {
            u8::MAX
        } else {
            self.t.plies_after_deal
        }
    }

    fn plies_after_round(&self, root: &Root) -> u8 {
        let r = root.view.rules();
        if self.t.last_full && root.view.deck_left() == r.players * r.cards_per_round() {
            r.plays_per_round()
        } else {
            self.t.plies_after_deal
        }
    }

    fn prepare(&mut self, root: &Root, rng: &mut SplitMix64) -> Slots {
        if self.t.infer_temp > 0 && !root.exact && self.known.is_none() && root.samples > 0 {
            self.picks = infer_picks(self.t, root, rng);
        }
        if self.picks.is_empty() {
            Slots {
                count: root.samples,
                weight: root.samples,
            }
        } else {
            Slots {
                count: self.picks.len() as u32,
                weight: self.picks.iter().map(|p| u32::from(p.1)).sum(),
            }
        }
    }

    fn world(&mut self, root: &Root, slot: u32, rng: &mut SplitMix64) -> (Option<HandState>, u32) {
        match self.model {
            Some(m) if self.picks.is_empty() && self.known.is_none() && root.infer => (
                sample::draw_world(
                    root.view,
                    &root.voids,
                    m,
                    self.t.candidates,
                    self.t.soft,
                    rng,
                ),
                1,
            ),
            _ => self.plain_world(root, slot, rng),
        }
    }

    fn leaf(search: &mut Searcher<'_, Self>, st: &HandState) -> i32 {
        let t = search.hooks().t;
        if t.playout {
            let mut w = *st;
            while !w.is_finished() {
                if !search.spend() {
                    return 0;
                }
                w.play_unchecked(model_move_of(&w));
            }
            return eval::value(&w, search.side());
        }
        leaf_value(st, search.side(), t.learned)
    }

    fn root_value(
        search: &mut Searcher<'_, Self>,
        root: &Root,
        child: &HandState,
        depth: u8,
        slot: u32,
        index: usize,
    ) -> i32 {
        let t = search.hooks().t;
        if t.opp_info == 0 {
            return search.ab(child, depth, i32::MIN, i32::MAX);
        }
        let mut alts: heapless::Vec<HandState, 8> = heapless::Vec::new();
        let mut r = SplitMix64::new(root.seed ^ (u64::from(slot) << 32) ^ index as u64);
        for _ in 0..t.opp_info.min(8) {
            if let Some(a) = redeal_hand(child, root.view.seat(), &mut r) {
                let _ = alts.push(a);
            }
        }
        reply_value(search, child, depth, &alts)
    }
}

/// The rule-based player's move for the seat to play in `st`, from all its moves.
pub(crate) fn model_move_of(st: &HandState) -> Move {
    let mut buf: MoveBuf = MoveBuf::new();
    gen_moves(st, &mut buf);
    medium::choose_in_state(st, buf.moves()).unwrap_or(Move::lay(Card::SETTEBELLO))
}

/// The value at the horizon: with `learned`, at the end of a round (and rules it was
/// trained on) the learned evaluation, else the levels' static value.
pub(crate) fn leaf_value(st: &HandState, side: u8, learned: bool) -> i32 {
    if learned && st.plays().is_multiple_of(st.rules().plays_per_round()) && learned::applies(st) {
        return learned::value(st, side);
    }
    eval::static_value(st, side)
}

/// The move of the settings `t` for the seat of `view` (`None` when it is not its turn);
/// `known` gives the other hands (the peek diagnostics). Falls back to the rule-based
/// player when the budget cannot afford one iteration.
pub(crate) fn choose(
    t: &Tuning,
    view: &PlayerView,
    seed: u64,
    known: Option<&[CardSet; 4]>,
) -> Option<Move> {
    let moves = view.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut hooks = Tuned {
        t,
        known,
        picks: Picks::new(),
        model: super::model_of(t.model),
    };
    let mut stats = SearchStats::default();
    let mv = if t.ismcts > 0 || t.vector {
        other_search(&mut hooks, view, &moves, seed)
    } else {
        search::choose_with(&mut hooks, view, &moves, seed, t.budget, &mut stats)
    };
    mv.or_else(|| medium::choose(view, &moves))
}

/// ISMCTS or the vector search, on the worlds of the alpha-beta search (never the
/// rejection model's).
fn other_search(hooks: &mut Tuned, view: &PlayerView, moves: &[Move], seed: u64) -> Option<Move> {
    let t = hooks.t;
    let n = moves.len().min(scopa_core::scopa::MAX_MOVES);
    let root = Root::new(view, t.budget.samples, seed);
    let mut rng = SplitMix64::new(seed);
    let slots = hooks.prepare(&root, &mut rng);
    if t.ismcts > 0 {
        let settings = ismcts::Settings {
            c: u32::from(t.ucb_c),
            playout: t.ismcts - 1,
        };
        let mut k = 0u32;
        let n_picks = hooks.picks.len() as u32;
        let (mv, _used) = ismcts::choose(
            settings,
            &moves[..n],
            view.side(),
            t.learned,
            t.budget.nodes,
            &mut rng,
            |rng| {
                if root.exact || n_picks == 0 {
                    return sample::sample(view, &root.voids, hooks.known, rng);
                }
                let w = hooks.plain_world(&root, k % n_picks, rng).0;
                k += 1;
                w
            },
        );
        return mv;
    }
    let mut worlds: heapless::Vec<HandState, { vector::MAX_WORLDS }> = heapless::Vec::new();
    let mut weights = [0u32; vector::MAX_WORLDS];
    for s in 0..slots.count {
        if worlds.is_full() {
            break;
        }
        let (world, mult) = hooks.plain_world(&root, s, &mut rng);
        if let Some(w) = world {
            weights[worlds.len()] = mult;
            let _ = worlds.push(w);
        }
    }
    let nw = worlds.len();
    let ppr = view.rules().plays_per_round();
    let useful = ppr - view.plays() % ppr + t.plies_after_deal;
    vector::choose(
        t,
        &worlds[..nw],
        &weights[..nw],
        &moves[..n],
        view.seat(),
        t.budget.nodes,
        useful,
    )
    .0
}

/// Inference: draws `samples × candidates` worlds, weighs each by the likelihood of the
/// other seats' plays of this round in it, and resamples at most `samples` (and
/// [`MAX_PICKS`]) of them. Empty when nothing was played to infer from. Kept out of line so
/// that its scratch is not on the stack during the search.
#[inline(never)]
fn infer_picks(t: &Tuning, root: &Root, rng: &mut SplitMix64) -> Picks {
    let mut out = Picks::new();
    let obs = infer::Observations::of(root.view);
    if obs.is_empty() {
        return out;
    }
    let m = (root.samples as usize * usize::from(t.candidates.max(1))).min(MAX_CANDIDATES);
    let mut states = [0u64; MAX_CANDIDATES];
    let mut weights = [0u32; MAX_CANDIDATES];
    for j in 0..m {
        states[j] = rng.state();
        if let Some(world) = sample::sample(root.view, &root.voids, None, rng) {
            weights[j] = obs.likelihood(&world, u32::from(t.infer_temp));
        }
    }
    let mut chosen = [(0u16, 0u16); MAX_PICKS];
    let len = resample(
        &weights[..m],
        root.samples.min(MAX_PICKS as u32),
        rng,
        &mut chosen,
    );
    for &(j, mult) in &chosen[..len] {
        let _ = out.push((states[usize::from(j)], mult));
    }
    out
}

/// Systematic resampling: `picks` worlds among `weights` in proportion to their weights,
/// as (candidate, multiplicity) pairs in candidate order; returns how many pairs.
fn resample(weights: &[u32], picks: u32, rng: &mut SplitMix64, out: &mut [(u16, u16)]) -> usize {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 || picks == 0 {
        return 0;
    }
    let step = total.div_ceil(u64::from(picks)).max(1);
    let mut u = rng.next() % step;
    let mut cum = 0u64;
    let mut len = 0;
    for (i, &w) in weights.iter().enumerate() {
        cum += u64::from(w);
        let mut count = 0u16;
        while u < cum {
            count += 1;
            u += step;
        }
        if count > 0 && len < out.len() {
            out[len] = (i as u16, count);
            len += 1;
        }
    }
    len
}

/// `st` with the cards of `seat` dealt again, with the undealt cards, at random: the
/// position as another seat imagines it (it has not seen `seat`'s hand).
fn redeal_hand(st: &HandState, seat: u8, rng: &mut SplitMix64) -> Option<HandState> {
    let rules = *st.rules();
    let n = usize::from(rules.players);
    let k = usize::from(rules.sides());
    let mut pool = [Card::SETTEBELLO; 40];
    let mut len = 0;
    for c in st.hand(seat) | st.deck() {
        pool[len] = c;
        len += 1;
    }
    shuffle(&mut pool[..len], rng);
    let mut hands = [CardSet::EMPTY; 4];
    for (s, h) in hands.iter_mut().enumerate().take(n) {
        *h = st.hand(s as u8);
    }
    let need = st.hand(seat).len() as usize;
    hands[usize::from(seat)] = pool[..need].iter().copied().collect();
    let mut piles = [CardSet::EMPTY; 3];
    let mut scope = [0u8; 3];
    for side in 0..k {
        piles[side] = st.pile(side as u8);
        scope[side] = st.scope(side as u8);
    }
    HandState::from_position(
        rules,
        st.dealer(),
        st.plays(),
        &hands[..n],
        st.table(),
        &piles[..k],
        &scope[..k],
        st.last_capture(),
        &pool[need..len],
    )
    .ok()
}

/// The value of `child` (the position after a root move) when the next seat is an
/// opponent that does not see this seat's hand: it picks its reply by the average over
/// `alts` (the same position with this seat's cards dealt again) and `child` itself; the
/// value is that reply's in `child`.
fn reply_value(
    search: &mut Searcher<'_, Tuned>,
    child: &HandState,
    next: u8,
    alts: &[HandState],
) -> i32 {
    let mover = child.rules().side_of(child.turn());
    if alts.is_empty() || child.is_finished() || next == 0 || mover == search.side() {
        return search.ab(child, next, i32::MIN, i32::MAX);
    }
    let plies = search.hooks().t.plies_after_deal;
    let mut buf: MoveBuf = MoveBuf::new();
    gen_moves(child, &mut buf);
    let mut best_sum = i64::MAX;
    let mut best = 0;
    for &r in buf.moves() {
        let mut sum = 0i64;
        let mut truth = 0;
        for (k, st) in core::iter::once(child).chain(alts.iter()).enumerate() {
            if !search.spend() {
                return 0;
            }
            let t = played(st, r);
            let nd = if dealt(st, &t) {
                (next - 1).min(plies)
            } else {
                next - 1
            };
            let v = search.ab(&t, nd, i32::MIN, i32::MAX);
            if search.aborted() {
                return 0;
            }
            if k == 0 {
                truth = v;
            }
            sum += i64::from(v);
        }
        if sum < best_sum {
            best_sum = sum;
            best = truth;
        }
    }
    best
}
