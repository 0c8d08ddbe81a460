//! `expert` and `handheld`: determinized search over the hidden cards.
//!
//! 1. **Sampling.** The cards the seat has not seen are dealt at random into the other
//!    hands (their sizes are public) and the deck order. A sample respects what the plays
//!    of the current round reveal: a seat that could have swept the table and did not is
//!    taken to hold no card of a sweeping value (when enough other cards are left to
//!    honour that).
//! 2. **Search.** Each sampled world is a position with nothing hidden; every legal root
//!    move is searched in it by alpha-beta (max for the seat's side — partners included —
//!    min for the others), deepening one ply at a time while the node budget lasts, with
//!    the exact score at the end of the hand and an integer static estimate
//!    ([`super::eval`]) at the horizon. Deals of new rounds happen inside the search from
//!    the sampled deck order.
//! 3. **Combining.** The values of each root move from the deepest completed iteration of
//!    each world are added up; the move with the best total is played (the first in
//!    canonical order on ties).
//!
//! When nothing is hidden any more (the deck is empty and at most one other seat still
//! holds cards — in 2 players, the last round), there is a single world and the search
//! runs to the end of the hand: the result is exact.
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

/// A node's moves, best first by the ordering key.
struct MoveBuf {
    mv: [Move; NODE_MOVES],
    key: [i16; NODE_MOVES],
    len: usize,
}

impl MoveBuf {
    fn new() -> MoveBuf {
        MoveBuf {
            mv: [Move::lay(Card::SETTEBELLO); NODE_MOVES],
            key: [0; NODE_MOVES],
            len: 0,
        }
    }

    /// Inserts keeping the keys in descending order; when full, drops the worst.
    fn push(&mut self, mv: Move, key: i16) {
        let mut i = self.len;
        if i == NODE_MOVES {
            if key <= self.key[NODE_MOVES - 1] {
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
fn order_key(st: &HandState, table: CardSet, mv: Move) -> i16 {
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
fn gen_moves(st: &HandState, buf: &mut MoveBuf) {
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

/// Whether the play from `before` to `after` ended a round and dealt new cards.
#[inline]
fn dealt(before: &HandState, after: &HandState) -> bool {
    !after.is_finished() && before.deck_len() != after.deck_len()
}

/// One alpha-beta search within a node limit.
struct Searcher {
    side: u8,
    nodes: u32,
    limit: u32,
    aborted: bool,
    horizon: bool,
}

impl Searcher {
    /// The static value at the horizon (out of line: keeps the recursive frame small).
    #[inline(never)]
    fn leaf(&self, st: &HandState) -> i32 {
        eval::value(st, self.side) + self.sweep_threat(st)
    }

    /// At the horizon: the seat to move holds a card that sweeps the table (this world's
    /// hands are known), so its side all but surely scores a scopa next.
    fn sweep_threat(&self, st: &HandState) -> i32 {
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
        if rules.side_of(st.turn()) == self.side {
            worth * (k - 1)
        } else {
            -worth
        }
    }

    fn ab(&mut self, st: &HandState, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        if st.is_finished() {
            return eval::value(st, self.side);
        }
        if depth == 0 {
            self.horizon = true;
            return self.leaf(st);
        }
        let mut buf = MoveBuf::new();
        gen_moves(st, &mut buf);
        if buf.len == 0 {
            return eval::value(st, self.side);
        }
        let maxing = st.rules().side_of(st.turn()) == self.side;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        for &mv in &buf.mv[..buf.len] {
            if self.nodes >= self.limit {
                self.aborted = true;
                return 0;
            }
            self.nodes += 1;
            let child = played(st, mv);
            let next = if dealt(st, &child) {
                (depth - 1).min(PLIES_AFTER_DEAL)
            } else {
                depth - 1
            };
            let v = self.ab(&child, next, alpha, beta);
            if self.aborted {
                return 0;
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
        best
    }
}

/// Values (bit `v`) that each seat is taken not to hold, from sweeps it passed up in the
/// current round.
fn revealed_voids(view: &PlayerView) -> [u16; 4] {
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
fn sample(view: &PlayerView, voids: &[u16; 4], rng: &mut SplitMix64) -> Option<HandState> {
    let rules = *view.rules();
    let n = usize::from(rules.players);
    let k = usize::from(rules.sides());
    let mut pool = [Card::SETTEBELLO; 40];
    let mut len = 0;
    for c in view.unseen() {
        pool[len] = c;
        len += 1;
    }
    shuffle(&mut pool[..len], rng);
    let mut hands = [CardSet::EMPTY; 4];
    let mut start = 0;
    for seat in 0..n {
        if seat == usize::from(view.seat()) {
            hands[seat] = view.hand();
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

/// The determinized search's move, or `None` when the budget cannot afford one iteration
/// of one world (the caller then falls back to the rule-based player).
pub(crate) fn choose(
    view: &PlayerView,
    moves: &[Move],
    seed: u64,
    budget: Budget,
    max_depth: u8,
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
    let mut total = [0i32; MAX_MOVES];
    let mut cur = [0i16; MAX_MOVES];
    let mut done = [0i16; MAX_MOVES];
    let mut counted = 0u32;
    let mut used = 0u32;
    let ppr = view.rules().plays_per_round();
    let useful = ppr - view.plays() % ppr + PLIES_AFTER_DEAL;
    for s in 0..samples {
        let limit = (budget.nodes - used) / (samples - s);
        let Some(world) = sample(view, &voids, &mut rng) else {
            continue;
        };
        stats.samples += 1;
        let mut searcher = Searcher {
            side,
            nodes: 0,
            limit,
            aborted: false,
            horizon: false,
        };
        let mut have = false;
        for depth in 1..=max_depth.clamp(1, MAX_DEPTH) {
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
                    (depth - 1).min(PLIES_AFTER_DEAL)
                } else {
                    depth - 1
                };
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
                total[i] = total[i].saturating_add(i32::from(done[i]));
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
