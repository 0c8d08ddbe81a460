//! `expert` and `handheld`: determinized search over the hidden cards.
//!
//! 1. **Sampling.** The cards the seat has not seen are dealt at random into the other
//!    hands (their sizes are public) and the deck order. A sample respects what the plays
//!    of the current round reveal: a seat that could have swept the table and did not is
//!    taken to hold no card of a sweeping value (when enough other cards are left to
//!    honour that).
//! 2. **Search.** Each sampled world is a position with nothing hidden; every legal root
//!    move is searched in it, deepening one ply at a time while the node budget lasts,
//!    with the exact score at the end of the hand and an integer static estimate
//!    ([`super::eval`]) at the horizon. The seat's side (partners included) takes its best
//!    move. How the other sides choose is [`Config::opp_model`]: the first version took
//!    their best reply in the world (alpha-beta) — as if they saw every card of it, this
//!    seat's hand included; the issue-13 expert counts half of that and half of the reply
//!    the rule-based player would make from what that seat sees ([`OppModel::Blend`]), an
//!    opponent that finds the refutation only part of the time. Deals of new rounds happen
//!    inside the search from the sampled deck order.
//! 3. **Combining.** The values of each root move from the deepest completed iteration of
//!    each world are added up; the move with the best total is played (the first in
//!    canonical order on ties).
//!
//! When nothing is hidden any more (the deck is empty and at most one other seat still
//! holds cards — in 2 players, the last round), nothing is hidden from the other seat
//! either: there is a single world, the other side's best reply is taken, and the search
//! runs to the end of the hand: the result is exact.
//!
//! The measured alternatives (inference from play, the vector search of
//! [`super::vector`], [`super::ismcts`], the learned evaluation, other opponent models)
//! are settings of [`Config`] reachable through [`super::bench::Tuning`].
//!
//! The budget is a count of nodes (one node = one move played on a copy of the state) over
//! all samples, so the work per move is bounded and the result reproducible.

use crate::capture::{self, MAX_MOVES, Move};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{SplitMix64, below};
use crate::hand::HandState;
use crate::view::PlayerView;

use super::eval;
use super::{Budget, SearchStats};

/// Moves kept per search node (the best by move ordering). Standard deals never come
/// close in practice; scopone positions with more moves than this drop the least
/// promising ones inside the search (never at the root).
pub(crate) const NODE_MOVES: usize = 16;

/// Deepest search of `expert`, in plies from the root move (bounds the stack).
pub(crate) const MAX_DEPTH: u8 = 12;

/// Deepest search of `handheld` (a smaller stack: see `docs/ai.md`).
pub(crate) const HANDHELD_MAX_DEPTH: u8 = 8;

/// Plies searched past a new deal: the sampled deck order is a guess, so the search only
/// looks at the first replies of the next round (enough to see the leftover table swept)
/// instead of planning around cards nobody can know yet.
pub(crate) const PLIES_AFTER_DEAL: u8 = 2;

/// A node's moves, at most `N`, best first by the ordering key (the search keeps
/// [`NODE_MOVES`]; the oracle more).
pub(crate) struct MoveBuf<const N: usize = NODE_MOVES> {
    pub(crate) mv: [Move; N],
    key: [i16; N],
    pub(crate) len: usize,
}

impl<const N: usize> MoveBuf<N> {
    pub(crate) fn new() -> MoveBuf<N> {
        MoveBuf {
            mv: [Move::lay(Card::SETTEBELLO); N],
            key: [0; N],
            len: 0,
        }
    }

    /// Inserts keeping the keys in descending order; when full, drops the worst.
    fn push(&mut self, mv: Move, key: i16) {
        let mut i = self.len;
        if i == N {
            if key <= self.key[N - 1] {
                return;
            }
            i -= 1;
        } else {
            self.len += 1;
        }
        while i > 0 && self.key[i - 1] < key {
            self.mv[i] = self.mv[i - 1];
            self.key[i] = self.key[i - 1];
            i -= 1;
        }
        self.mv[i] = mv;
        self.key[i] = key;
    }
}

/// Ordering key: sweeps, then valuable captures, then cheap lays.
pub(crate) fn order_key(st: &HandState, table: CardSet, mv: Move) -> i16 {
    let rules = st.rules();
    if mv.is_lay() {
        return -(eval::take_value(rules, mv.card()) as i16);
    }
    let mut k = 1000 + eval::set_value(rules, mv.capture() | CardSet::single(mv.card())) as i16;
    if (table - mv.capture()).is_empty() && !st.is_last_play() {
        k += 1000;
    }
    k
}

/// Fills `buf` with the moves of the seat to play. Kept out of line so that the capture
/// list it builds is not part of every recursive frame of the search.
#[inline(never)]
pub(crate) fn gen_moves<const N: usize>(st: &HandState, buf: &mut MoveBuf<N>) {
    let table = st.table();
    let ace = st.rules().ace;
    for card in st.hand(st.turn()) {
        for &cap in capture::captures(table, card, ace).iter() {
            let mv = Move::new(card, cap);
            buf.push(mv, order_key(st, table, mv));
        }
    }
}

/// `st` after `mv` (out of line: the play's event list stays out of the recursive frame).
#[inline(never)]
fn played(st: &HandState, mv: Move) -> HandState {
    let mut child = *st;
    child.play_unchecked(mv);
    child
}

/// Plies searched past a deal that left `child`: `plies` — or, with `last_full` (a
/// benchmark setting) after the last deal, to the end of the hand (the last round, where
/// in 2 players nothing is hidden from either seat).
#[inline]
fn after_deal(plies: u8, last_full: bool, child: &HandState) -> u8 {
    if cfg!(feature = "bench") && last_full && child.deck_len() == 0 {
        u8::MAX
    } else {
        plies
    }
}

/// Whether the play from `before` to `after` ended a round and dealt new cards.
#[inline]
pub(crate) fn dealt(before: &HandState, after: &HandState) -> bool {
    !after.is_finished() && before.deck_len() != after.deck_len()
}

/// One alpha-beta search within a node limit.
struct Searcher {
    side: u8,
    nodes: u32,
    limit: u32,
    aborted: bool,
    horizon: bool,
    plies_after_deal: u8,
    opp_model: OppModel,
    learned: bool,
    blend_eighths: i32,
    /// Benchmark setting: [`Config::playout`] (read only with the `bench` feature).
    #[cfg_attr(not(feature = "bench"), allow(dead_code))]
    playout: bool,
    last_full: bool,
}

/// [`model_move`] for the seat to play in `st`, from all its moves.
#[cfg(feature = "bench")]
pub(crate) fn model_move_of(st: &HandState) -> Move {
    let mut buf: MoveBuf = MoveBuf::new();
    gen_moves(st, &mut buf);
    model_move(st, &buf)
}

/// The move the rule-based player would make for the seat to play in `st`, seeing only
/// what that seat sees (its hand, the table, the piles).
#[inline(never)]
fn model_move(st: &HandState, buf: &MoveBuf) -> Move {
    let rules = *st.rules();
    let turn = st.turn();
    let mut seen = st.hand(turn) | st.table();
    for side in 0..rules.sides() {
        seen |= st.pile(side);
    }
    let next = (turn + 1) % rules.players;
    let mut next_hand = st.hand(next).len();
    if next_hand == 0 && st.deck_len() > 0 {
        next_hand = u32::from(rules.cards_per_round());
    }
    let sit = super::medium::Situation {
        rules,
        table: st.table(),
        unseen: seen.complement(),
        next_hand,
        last: st.is_last_play(),
    };
    let mut best = buf.mv[0];
    let mut best_score = i32::MIN;
    for &mv in &buf.mv[..buf.len] {
        let s = super::medium::score_in(&sit, mv);
        if s > best_score {
            best_score = s;
            best = mv;
        }
    }
    best
}

/// The static value of `st` for `side` at the horizon: [`eval::value`] and the sweep
/// threat.
/// With `learned`, a position at the end of a round (and rules it was trained on) gets the
/// learned evaluation instead.
#[inline(never)]
pub(crate) fn leaf_value(st: &HandState, side: u8, learned: bool) -> i32 {
    #[cfg(feature = "bench")]
    if learned
        && st.plays().is_multiple_of(st.rules().plays_per_round())
        && super::learned::applies(st)
    {
        return super::learned::value(st, side);
    }
    #[cfg(not(feature = "bench"))]
    let _ = learned;
    eval::value(st, side) + sweep_threat(st, side)
}

/// At the horizon: the seat to move holds a card that sweeps the table (this world's
/// hands are known), so its side all but surely scores a scopa next.
fn sweep_threat(st: &HandState, side: u8) -> i32 {
    if st.is_last_play() {
        return 0;
    }
    let rules = st.rules();
    let sweeps = eval::sweep_values(st.table(), rules.ace);
    if sweeps == 0 {
        return 0;
    }
    let mut held = 0u16;
    for c in st.hand(st.turn()) {
        held |= 1 << c.value();
    }
    if sweeps & held == 0 {
        return 0;
    }
    let k = i32::from(rules.sides());
    let worth = eval::POINT * 4 / 5;
    if rules.side_of(st.turn()) == side {
        worth * (k - 1)
    } else {
        -worth
    }
}

/// `st` with the cards of `seat` dealt again, with the undealt cards, at random: the
/// position as another seat imagines it (it has not seen `seat`'s hand).
#[cfg(feature = "bench")]
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

impl Searcher {
    /// The value of `child` (the position after a root move) when the next seat is an
    /// opponent that does not see this seat's hand: it picks its reply by the average over
    /// `alts` (the same position with this seat's cards dealt again) and `child` itself;
    /// the value is that reply's in `child`.
    #[cfg(feature = "bench")]
    fn reply_value(&mut self, child: &HandState, next: u8, alts: &[HandState]) -> i32 {
        let mover = child.rules().side_of(child.turn());
        if alts.is_empty() || child.is_finished() || next == 0 || mover == self.side {
            return self.ab(child, next, i32::MIN, i32::MAX);
        }
        let mut buf: MoveBuf = MoveBuf::new();
        gen_moves(child, &mut buf);
        let mut best_sum = i64::MAX;
        let mut best = 0;
        for &r in &buf.mv[..buf.len] {
            let mut sum = 0i64;
            let mut truth = 0;
            for (k, st) in core::iter::once(child).chain(alts.iter()).enumerate() {
                if self.nodes >= self.limit {
                    self.aborted = true;
                    return 0;
                }
                self.nodes += 1;
                let t = played(st, r);
                let nd = if dealt(st, &t) {
                    (next - 1).min(self.plies_after_deal)
                } else {
                    next - 1
                };
                let v = self.ab(&t, nd, i32::MIN, i32::MAX);
                if self.aborted {
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

    /// The static value at the horizon (out of line: keeps the recursive frame small).
    /// With `playout` (a benchmark setting), the value of the hand played out to its end
    /// in this world by the rule-based player in every seat, each of its moves a node.
    #[inline(never)]
    fn leaf(&mut self, st: &HandState) -> i32 {
        #[cfg(feature = "bench")]
        if self.playout {
            let mut w = *st;
            while !w.is_finished() {
                if self.nodes >= self.limit {
                    self.aborted = true;
                    return 0;
                }
                w.play_unchecked(model_move_of(&w));
                self.nodes += 1;
            }
            return eval::value(&w, self.side);
        }
        leaf_value(st, self.side, self.learned)
    }

    fn ab(&mut self, st: &HandState, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        if st.is_finished() {
            return eval::value(st, self.side);
        }
        if depth == 0 {
            self.horizon = true;
            return self.leaf(st);
        }
        let mut buf: MoveBuf = MoveBuf::new();
        gen_moves(st, &mut buf);
        if buf.len == 0 {
            return eval::value(st, self.side);
        }
        let maxing = st.rules().side_of(st.turn()) == self.side;
        let model = if maxing {
            OppModel::Minimax
        } else {
            self.opp_model
        };
        let mut model_move_here = None;
        match model {
            OppModel::Minimax => {}
            OppModel::RuleBased => {
                buf.mv[0] = model_move(st, &buf);
                buf.len = 1;
            }
            OppModel::SoftMean | OppModel::SoftMeanQuarter | OppModel::Blend => {
                // No cut-offs: a soft value needs every reply's exact value.
                alpha = i32::MIN;
                beta = i32::MAX;
                if model == OppModel::Blend {
                    model_move_here = Some(model_move(st, &buf));
                }
            }
        }
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut sum = 0i64;
        let mut model_value = 0;
        for &mv in &buf.mv[..buf.len] {
            if self.nodes >= self.limit {
                self.aborted = true;
                return 0;
            }
            self.nodes += 1;
            let child = played(st, mv);
            let next = if dealt(st, &child) {
                (depth - 1).min(after_deal(self.plies_after_deal, self.last_full, &child))
            } else {
                depth - 1
            };
            let v = self.ab(&child, next, alpha, beta);
            if self.aborted {
                return 0;
            }
            sum += i64::from(v);
            if model_move_here == Some(mv) {
                model_value = v;
            }
            if maxing {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        let mean = (sum / buf.len.max(1) as i64) as i32;
        match model {
            OppModel::Minimax | OppModel::RuleBased => best,
            OppModel::SoftMean => (best + mean) / 2,
            OppModel::SoftMeanQuarter => (3 * best + mean) / 4,
            // (best + model_value) / 2 at the default weight of 4 eighths.
            OppModel::Blend => {
                let w = self.blend_eighths;
                ((8 - w) * best + w * model_value) / 8
            }
        }
    }
}

/// Values (bit `v`) that each seat is taken not to hold, from sweeps it passed up in the
/// current round.
pub(crate) fn revealed_voids(view: &PlayerView) -> [u16; 4] {
    let mut voids = [0u16; 4];
    let rules = view.rules();
    let history = view.history();
    let plays = history.len();
    let round_start = plays - plays % usize::from(rules.plays_per_round());
    let mut table = view.table();
    for p in history[round_start..].iter().rev() {
        let card = p.mv.card();
        let before = if p.mv.is_lay() {
            table - CardSet::single(card)
        } else {
            table | p.mv.capture()
        };
        let swept = !p.mv.is_lay() && p.mv.capture() == before;
        if p.seat != view.seat() && usize::from(p.seat) < voids.len() {
            let v = &mut voids[usize::from(p.seat)];
            if !swept {
                *v |= eval::sweep_values(before, rules.ace);
            }
            // Nobody leaves the settebello to a seven they hold.
            if before.contains(Card::SETTEBELLO) && !p.mv.capture().contains(Card::SETTEBELLO) {
                *v |= 1 << 7;
            }
        }
        table = before;
    }
    voids
}

/// Whether nothing is hidden: the deck is empty and at most one other seat holds cards.
pub(crate) fn nothing_hidden(view: &PlayerView) -> bool {
    let n = view.rules().players;
    view.deck_left() == 0
        && (0..n)
            .filter(|&s| s != view.seat() && view.hand_size(s) > 0)
            .count()
            <= 1
}

/// A world consistent with the view: the unseen cards dealt into the other hands and the
/// deck order. `None` if the view's counts do not add up (not a position of a real hand).
///
/// With `known` (a benchmark diagnostic only), the other seats hold exactly those hands and
/// only the deck order is sampled.
pub(crate) fn sample(
    view: &PlayerView,
    voids: &[u16; 4],
    known: Option<&[CardSet; 4]>,
    rng: &mut SplitMix64,
) -> Option<HandState> {
    let rules = *view.rules();
    let n = usize::from(rules.players);
    let k = usize::from(rules.sides());
    let mut pool = [Card::SETTEBELLO; 40];
    let mut len = 0;
    let mut hands = [CardSet::EMPTY; 4];
    let mut unseen = view.unseen();
    if let Some(known) = known {
        for seat in 0..n {
            if seat != usize::from(view.seat()) {
                hands[seat] = known[seat];
                unseen -= known[seat];
            }
        }
    }
    for c in unseen {
        pool[len] = c;
        len += 1;
    }
    shuffle(&mut pool[..len], rng);
    let mut start = 0;
    for seat in 0..n {
        if seat == usize::from(view.seat()) {
            hands[seat] = view.hand();
            continue;
        }
        if known.is_some() {
            continue;
        }
        let need = usize::from(view.hand_size(seat as u8));
        if start + need > len {
            return None;
        }
        // The first `need` cards the seat may hold move to the front of what is left.
        let mut got = 0;
        let mut j = start;
        while got < need && j < len {
            if voids[seat] >> pool[j].value() & 1 == 0 {
                pool.swap(start + got, j);
                got += 1;
            }
            j += 1;
        }
        hands[seat] = pool[start..start + need].iter().copied().collect();
        start += need;
    }
    shuffle(&mut pool[start..len], rng);
    let mut piles = [CardSet::EMPTY; 3];
    let mut scope = [0u8; 3];
    for side in 0..k {
        piles[side] = view.pile(side as u8);
        scope[side] = view.scope(side as u8);
    }
    HandState::from_position(
        rules,
        view.dealer(),
        view.plays(),
        &hands[..n],
        view.table(),
        &piles[..k],
        &scope[..k],
        view.last_capture(),
        &pool[start..len],
    )
    .ok()
}

/// Fisher–Yates with the portable `below`.
fn shuffle(cards: &mut [Card], rng: &mut SplitMix64) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// How the other sides choose at their nodes of a world's search. The levels use
/// `Minimax` (once nothing is hidden) and `Blend`; the others are benchmark settings
/// (`ai::bench::Tuning`), never constructed without the `bench` feature.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "bench"), allow(dead_code))]
pub(crate) enum OppModel {
    /// The best reply in the world (the first version): they play as if they saw every
    /// card of the world, this seat's hand included.
    Minimax,
    /// The rule-based (`medium`) move from what they see (their hand, the table, the
    /// piles): the search plays the best response to that player.
    RuleBased,
    /// Half the best reply's value, half the mean of all replies.
    SoftMean,
    /// Three quarters the best reply's value, a quarter the mean of all replies.
    SoftMeanQuarter,
    /// Half the best reply's value, half the rule-based move's: an opponent that does not
    /// see this seat's hand finds the refutation only part of the time.
    Blend,
}

impl OppModel {
    /// The model by its number in [`super::bench::Tuning::opp_model`].
    #[cfg(feature = "bench")]
    pub(crate) const fn from_code(code: u8) -> OppModel {
        match code {
            1 => OppModel::RuleBased,
            2 => OppModel::SoftMean,
            3 => OppModel::SoftMeanQuarter,
            4 => OppModel::Blend,
            _ => OppModel::Minimax,
        }
    }
}

/// How the determinized search plays: the first version's settings ([`Config::V1`]) or
/// the improvements measured against it.
#[derive(Copy, Clone, Debug)]
// Without the `bench` feature only the levels' settings are read.
#[cfg_attr(not(feature = "bench"), allow(dead_code))]
pub(crate) struct Config {
    /// Deepest iteration, in plies from the root move.
    pub max_depth: u8,
    /// Plies searched past a new deal.
    pub plies_after_deal: u8,
    /// Softmax temperature (centipoints) of the inference from the other seats' plays in
    /// the current round; 0: only the hard filters of [`revealed_voids`].
    pub infer_temp: u16,
    /// With inference: candidate worlds drawn per world searched.
    pub candidates: u8,
    /// How the other sides choose inside the search.
    pub opp_model: OppModel,
    /// Search all worlds together on the tree of public plays ([`super::vector`]) instead
    /// of each world on its own.
    pub vector: bool,
    /// Use the learned evaluation ([`super::learned`]) at the end of a round.
    pub learned: bool,
    /// At the horizon, play the hand out to its end in the world with the rule-based
    /// player in every seat instead of the static evaluation.
    pub playout: bool,
    /// Search past the last deal to the end of the hand.
    pub last_full: bool,
    /// Information-set MCTS instead of alpha-beta: 0 off, 1 random playouts to the end
    /// of the hand, 2 rule-based playouts to the end of the round and the evaluation.
    pub ismcts: u8,
    /// Its UCB exploration constant, centipoints.
    pub ucb_c: u16,
    /// The reply to the root move is chosen as by an opponent that does not see the
    /// seat's hand: averaged over this many redeals of it (0: minimax in the world).
    pub opp_info: u8,
    /// With [`OppModel::Blend`]: the rule-based move's weight, in eighths (the rest is the
    /// best reply's).
    pub blend_eighths: u8,
    /// Inference from the other seats' plays of the round by rejection sampling
    /// ([`super::posterior`]): each world searched is the first of at most `candidates`
    /// draws in which this model of their play, replayed, makes the plays they made (the
    /// last draw if none does). `None`: every draw is kept.
    pub model: Option<super::posterior::Model>,
    /// With `model`: the chance, in 1/256, that a draw in which the model does not make
    /// the plays is kept anyway (0: exact rejection under the model).
    pub soft: u8,
}

impl Config {
    /// The first version (`expert-v1`, `handheld-v1` with a smaller depth).
    pub(crate) const V1: Config = Config {
        max_depth: MAX_DEPTH,
        plies_after_deal: PLIES_AFTER_DEAL,
        infer_temp: 0,
        candidates: 1,
        opp_model: OppModel::Minimax,
        vector: false,
        learned: false,
        playout: false,
        last_full: false,
        ismcts: 0,
        ucb_c: 0,
        opp_info: 0,
        blend_eighths: 4,
        model: None,
        soft: 0,
    };

    /// The expert of issue 13: the first version's search with the other sides modeled
    /// as players that do not see this seat's hand ([`OppModel::Blend`]).
    pub(crate) const EXPERT: Config = Config {
        opp_model: OppModel::Blend,
        candidates: INFER_DRAWS,
        model: Some(super::posterior::medium_model),
        ..Config::V1
    };

    /// The handheld: [`Config::EXPERT`] with a smaller depth (stack).
    pub(crate) const HANDHELD: Config = Config {
        max_depth: HANDHELD_MAX_DEPTH,
        ..Config::EXPERT
    };
}

/// Draws per world searched when inferring from play by rejection: the world searched is
/// the first in which the model makes the round's plays.
pub(crate) const INFER_DRAWS: u8 = 8;

/// Most candidate worlds drawn for inference.
#[cfg(feature = "bench")]
const MAX_CANDIDATES: usize = 512;

/// Most worlds kept by the inference's resampling.
const MAX_PICKS: usize = 64;

/// Resampled worlds: the generator state that draws each, and how many times it counts.
type Picks = heapless::Vec<(u64, u16), MAX_PICKS>;

/// The world `pick` stands for.
fn picked(view: &PlayerView, voids: &[u16; 4], pick: (u64, u16)) -> Option<HandState> {
    sample(view, voids, None, &mut SplitMix64::new(pick.0))
}

/// Inference: draws `samples × candidates` worlds, weighs each by the likelihood of the
/// other seats' plays of this round in it, and resamples at most `samples` (and
/// [`MAX_PICKS`]) of them. Empty when nothing was played to infer from. Kept out of line so
/// that its scratch is not on the stack during the search.
#[cfg(feature = "bench")]
#[inline(never)]
fn infer_picks(
    cfg: &Config,
    view: &PlayerView,
    voids: &[u16; 4],
    samples: u32,
    rng: &mut SplitMix64,
) -> Picks {
    let mut out = Picks::new();
    let obs = super::infer::Observations::of(view);
    if obs.is_empty() {
        return out;
    }
    let m = (samples as usize * usize::from(cfg.candidates.max(1))).min(MAX_CANDIDATES);
    let mut states = [0u64; MAX_CANDIDATES];
    let mut weights = [0u32; MAX_CANDIDATES];
    for j in 0..m {
        states[j] = rng.state();
        if let Some(world) = sample(view, voids, None, rng) {
            weights[j] = obs.likelihood(&world, u32::from(cfg.infer_temp));
        }
    }
    let mut chosen = [(0u16, 0u16); MAX_PICKS];
    let len = resample(
        &weights[..m],
        samples.min(MAX_PICKS as u32),
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
#[cfg(feature = "bench")]
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

/// A world for the search under inference: the first of at most `cfg.candidates` draws in
/// which `model` makes the other seats' plays of the round (or, with `cfg.soft`, a draw it
/// does not reproduce, kept by chance), else the last draw.
#[inline(never)]
fn draw_world(
    cfg: &Config,
    model: super::posterior::Model,
    view: &PlayerView,
    voids: &[u16; 4],
    rng: &mut SplitMix64,
) -> Option<HandState> {
    let tries = cfg.candidates.max(1);
    for t in 1..=tries {
        let world = sample(view, voids, None, rng)?;
        if t == tries {
            return Some(world);
        }
        let mut draw = SplitMix64::new(rng.next());
        if super::posterior::reproduces(view, &world, model, &mut draw)
            || (cfg.soft > 0 && draw.next() % 256 < u64::from(cfg.soft))
        {
            return Some(world);
        }
    }
    None
}

/// The determinized search's move with settings `cfg`, or `None` when the budget cannot
/// afford one iteration of one world (the caller then falls back to the rule-based
/// player). `known` gives the other hands (a benchmark diagnostic that cheats).
pub(crate) fn choose_with(
    cfg: &Config,
    view: &PlayerView,
    moves: &[Move],
    seed: u64,
    budget: Budget,
    known: Option<&[CardSet; 4]>,
    stats: &mut SearchStats,
) -> Option<Move> {
    let n = moves.len().min(MAX_MOVES);
    if n == 0 {
        return None;
    }
    let exact = nothing_hidden(view);
    let samples = if exact { 1 } else { u32::from(budget.samples) };
    stats.exact = exact;
    let side = view.side();
    let voids = revealed_voids(view);
    let mut rng = SplitMix64::new(seed);
    // With inference (a benchmark setting): search a resample of weighted candidates.
    #[cfg(feature = "bench")]
    let picks = if cfg.infer_temp > 0 && !exact && known.is_none() && samples > 0 {
        infer_picks(cfg, view, &voids, samples, &mut rng)
    } else {
        Picks::new()
    };
    #[cfg(not(feature = "bench"))]
    let picks = Picks::new();
    let n_picks = picks.len();
    let slots = if n_picks > 0 { n_picks as u32 } else { samples };
    #[cfg(feature = "bench")]
    if cfg.ismcts > 0 {
        let settings = super::ismcts::Settings {
            c: u32::from(cfg.ucb_c),
            playout: cfg.ismcts - 1,
        };
        let mut k = 0usize;
        let (mv, used) = super::ismcts::choose(
            settings,
            &moves[..n],
            side,
            cfg.learned,
            budget.nodes,
            &mut rng,
            |rng| {
                if exact {
                    return sample(view, &voids, known, rng);
                }
                if n_picks > 0 {
                    let pick = picks[k % n_picks];
                    k += 1;
                    return picked(view, &voids, pick);
                }
                sample(view, &voids, known, rng)
            },
        );
        stats.nodes = used;
        stats.worlds_searched = u32::from(mv.is_some());
        return mv;
    }
    #[cfg(feature = "bench")]
    if cfg.vector {
        let mut worlds: heapless::Vec<HandState, { super::vector::MAX_WORLDS }> =
            heapless::Vec::new();
        let mut weights = [0u32; super::vector::MAX_WORLDS];
        for s in 0..slots {
            if worlds.is_full() {
                break;
            }
            let (world, mult) = if n_picks > 0 {
                let pick = picks[s as usize];
                (picked(view, &voids, pick), u32::from(pick.1))
            } else {
                (sample(view, &voids, known, &mut rng), 1)
            };
            if let Some(w) = world {
                weights[worlds.len()] = mult;
                let _ = worlds.push(w);
            }
        }
        let nw = worlds.len();
        stats.samples = nw as u32;
        let ppr = view.rules().plays_per_round();
        let useful = ppr - view.plays() % ppr + cfg.plies_after_deal;
        let (mv, used, depth) = super::vector::choose(
            cfg,
            &worlds[..nw],
            &weights[..nw],
            &moves[..n],
            view.seat(),
            budget.nodes,
            useful,
        );
        stats.nodes = used;
        stats.depth = depth;
        stats.worlds_searched = if mv.is_some() { nw as u32 } else { 0 };
        return mv;
    }
    let mut total = [0i32; MAX_MOVES];
    let mut cur = [0i16; MAX_MOVES];
    let mut done = [0i16; MAX_MOVES];
    let mut counted = 0u32;
    let mut used = 0u32;
    let r = view.rules();
    let ppr = r.plays_per_round();
    let last_deal_next = view.deck_left() == r.players * r.cards_per_round();
    let after = if cfg!(feature = "bench") && cfg.last_full && last_deal_next {
        ppr
    } else {
        cfg.plies_after_deal
    };
    let useful = ppr - view.plays() % ppr + after;
    let mut weight_left = if n_picks > 0 {
        picks.iter().map(|p| u32::from(p.1)).sum()
    } else {
        slots
    };
    // When nothing is hidden, nothing is hidden from the other seats either: they do find
    // the best reply, and the search is exact.
    let opp_model = if exact {
        OppModel::Minimax
    } else {
        cfg.opp_model
    };
    // Inference by rejection: only with a model, something to infer from and three cards a
    // round (in scopone a round is the whole hand: too many plays for a world to pass).
    let model = match cfg.model {
        Some(m)
            if !exact
                && known.is_none()
                && view.rules().cards_per_round() == 3
                && super::posterior::others_played(view) =>
        {
            Some(m)
        }
        _ => None,
    };
    for s in 0..slots {
        let (world, mult) = if n_picks > 0 {
            let pick = picks[s as usize];
            (picked(view, &voids, pick), u32::from(pick.1))
        } else if let Some(model) = model {
            (draw_world(cfg, model, view, &voids, &mut rng), 1)
        } else {
            (sample(view, &voids, known, &mut rng), 1)
        };
        let left = u64::from(budget.nodes - used);
        let limit = (left * u64::from(mult) / u64::from(weight_left.max(1))) as u32;
        weight_left = weight_left.saturating_sub(mult);
        let Some(world) = world else {
            continue;
        };
        stats.samples += 1;
        let mut searcher = Searcher {
            side,
            nodes: 0,
            limit,
            aborted: false,
            horizon: false,
            plies_after_deal: cfg.plies_after_deal,
            opp_model,
            learned: cfg.learned,
            blend_eighths: i32::from(cfg.blend_eighths.min(8)),
            playout: cfg.playout,
            last_full: cfg.last_full,
        };
        let mut have = false;
        for depth in 1..=cfg.max_depth.clamp(1, MAX_DEPTH) {
            searcher.horizon = false;
            for (i, &mv) in moves[..n].iter().enumerate() {
                if searcher.nodes >= searcher.limit {
                    searcher.aborted = true;
                    break;
                }
                searcher.nodes += 1;
                let mut child = world;
                child.play_unchecked(mv);
                let next = if dealt(&world, &child) {
                    (depth - 1).min(after_deal(cfg.plies_after_deal, cfg.last_full, &child))
                } else {
                    depth - 1
                };
                // A benchmark setting: the reply chosen without seeing this hand.
                #[cfg(feature = "bench")]
                let v = if cfg.opp_info > 0 {
                    let mut alts: heapless::Vec<HandState, 8> = heapless::Vec::new();
                    let mut r = SplitMix64::new(seed ^ (u64::from(s) << 32) ^ i as u64);
                    for _ in 0..cfg.opp_info.min(8) {
                        if let Some(a) = redeal_hand(&child, view.seat(), &mut r) {
                            let _ = alts.push(a);
                        }
                    }
                    searcher.reply_value(&child, next, &alts)
                } else {
                    searcher.ab(&child, next, i32::MIN, i32::MAX)
                };
                #[cfg(not(feature = "bench"))]
                let v = searcher.ab(&child, next, i32::MIN, i32::MAX);
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
