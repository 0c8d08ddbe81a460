//! The ceiling: an exact solver of two-player Briscola with every card known (both hands
//! and the stock's order) — a perfect-information game of 40 plies (or fewer, mid-hand),
//! solved by alpha-beta with a transposition table.
//!
//! The value of a position is the points the seat to play takes from here on minus the
//! points the other seat takes (the cards already taken are settled). Positions are keyed
//! by both hands, how much of the stock is drawn, the card led (if any) and the seat to
//! play: for one deal this is the whole state. The table is the caller's slice (the lab
//! is `no_std`), kept across the moves of one deal; [`Solver::new`] starts a deal.

use scopa_core::Card;
use scopa_core::briscola::{BriscolaHand, beats, card_points, rank};

/// No card led.
const NONE: u8 = 0xFF;

/// One transposition-table entry: the position's key and a bound on its value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    hands: u128,
    meta: u16,
    value: i8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    flag: u8,
    best: u8,
}

/// A position of the solver (one deal: the stock's order lives in the [`Solver`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Each seat's hand as card bits (bit = card index).
    pub hands: [u64; 2],
    /// Cards of the stock drawn so far (the briscola is the last).
    pub next: u8,
    /// The seat to play.
    pub turn: u8,
    /// The card led to the current trick, or none.
    pub lead: u8,
}

/// Tables of one trump suit: points, and whether a card takes the trick from another.
struct Tables {
    points: [i16; 40],
    /// `beats[led][c]`: `c`, played second, takes the trick from `led`.
    beats: [u64; 40],
    /// `between[c]`: the cards of `c`'s suit ranked below it whose points are `c`'s —
    /// with the cards ranked between them, as masks per lower card (see `equivalent`).
    below_same: [[u64; 10]; 40],
    /// Move order key of a card led (lower first).
    lead_key: [i16; 40],
    trumps: u64,
}

/// The exact solver of one deal.
pub struct Solver<'t> {
    draws: [u8; 40],
    /// `stock[k]`: the cards still to draw once `k` are drawn.
    stock: [u64; 41],
    n_draws: u8,
    t: Tables,
    table: &'t mut [Entry],
    /// Positions visited (across every call since [`Solver::new`]).
    pub nodes: u64,
}

impl<'t> Solver<'t> {
    /// A solver for the deal of `hand` (two players, one deck): its stock order in draw
    /// order. `table` is the transposition table (any length; a power of two is fastest;
    /// it is cleared).
    pub fn new(hand: &BriscolaHand, table: &'t mut [Entry]) -> Solver<'t> {
        let rules = hand.rules();
        let deck = hand.deck();
        let dealt = usize::from(rules.players * rules.hand_size);
        let mut draws = [0u8; 40];
        let mut n = 0;
        for &c in &deck[dealt + 1..] {
            draws[n] = c.index();
            n += 1;
        }
        draws[n] = deck[dealt].index();
        n += 1;
        let trump = hand.trump();
        let mut t = Tables {
            points: [0; 40],
            beats: [0; 40],
            below_same: [[0; 10]; 40],
            lead_key: [0; 40],
            trumps: 0,
        };
        for a in Card::all() {
            let ai = usize::from(a.index());
            if a.suit() == trump {
                t.trumps |= 1 << a.index();
            }
            t.lead_key[ai] = i16::from(card_points(a)) * 4
                + i16::from(rank(a))
                + if a.suit() == trump { 30 } else { 0 };
            // For each lower card of the suit with the same points: the cards ranked
            // strictly between the two (bit 63 marks the entry used).
            let mut k = 0;
            for b in Card::all() {
                if b.suit() == a.suit() && rank(b) < rank(a) && card_points(b) == card_points(a) {
                    let mut mid = 0u64;
                    for m in Card::all() {
                        if m.suit() == a.suit() && rank(m) > rank(b) && rank(m) < rank(a) {
                            mid |= 1 << m.index();
                        }
                    }
                    t.below_same[ai][k] = mid | 1 << 63 | u64::from(b.index()) << 40;
                    k += 1;
                }
            }
        }
        for a in Card::all() {
            t.points[usize::from(a.index())] = i16::from(card_points(a));
            for b in Card::all() {
                if beats(trump, a, b) {
                    t.beats[usize::from(a.index())] |= 1 << b.index();
                }
            }
        }
        table.fill(Entry::default());
        let mut stock = [0u64; 41];
        for k in (0..n).rev() {
            stock[k] = stock[k + 1] | 1 << draws[k];
        }
        Solver {
            stock,
            draws,
            n_draws: n as u8,
            t,
            table,
            nodes: 0,
        }
    }

    /// The solver's position for `hand` (a moment of the deal given to [`Solver::new`]).
    pub fn position(&self, hand: &BriscolaHand) -> Pos {
        let dealt = hand.rules().players * hand.rules().hand_size;
        let stock = hand.stock_len();
        let lead = hand.trick().first().map_or(NONE, |c| c.index());
        let _ = dealt;
        Pos {
            hands: [hand.hand(0).bits(), hand.hand(1).bits()],
            next: self.n_draws - stock,
            turn: hand.turn(),
            lead,
        }
    }

    /// Plays card index `c` for the seat to play: the position after, the points taken by
    /// the trick it ends (0 if none), and whether the seat that played it took them.
    #[inline]
    pub fn play(&self, p: &Pos, c: u8) -> (Pos, i16, bool) {
        let mut q = *p;
        let me = usize::from(p.turn);
        q.hands[me] &= !(1u64 << c);
        if p.lead == NONE {
            q.lead = c;
            q.turn ^= 1;
            return (q, 0, false);
        }
        let pts = self.t.points[usize::from(p.lead)] + self.t.points[usize::from(c)];
        let mine = self.t.beats[usize::from(p.lead)] >> c & 1 == 1;
        let winner = if mine { p.turn } else { p.turn ^ 1 };
        if q.next < self.n_draws {
            q.hands[usize::from(winner)] |= 1u64 << self.draws[usize::from(q.next)];
            q.hands[usize::from(winner ^ 1)] |= 1u64 << self.draws[usize::from(q.next) + 1];
            q.next += 2;
        }
        q.lead = NONE;
        q.turn = winner;
        (q, pts, mine)
    }

    /// The value of playing `c` from `p`, for the seat to play (exact).
    pub fn value_of(&mut self, p: &Pos, c: u8) -> i32 {
        let (q, pts, mine) = self.play(p, c);
        i32::from(self.child(&q, pts, mine, p.lead == NONE, -200, 200))
    }

    /// The exact value of `p` for the seat to play, by MTD(f): zero-window searches from
    /// `guess` until the bounds meet.
    pub fn value(&mut self, p: &Pos, guess: i16) -> i16 {
        let (mut lo, mut hi, mut g) = (-121i16, 121i16, guess);
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(p, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// The best card of the seat to play and its exact value (of cards as good, the first
    /// in canonical order).
    pub fn best(&mut self, p: &Pos) -> (Card, i32) {
        let v = self.value(p, 0);
        let mut bits = p.hands[usize::from(p.turn)];
        let mut card = bits.trailing_zeros() as u8;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let (q, pts, mine) = self.play(p, c);
            if self.child(&q, pts, mine, p.lead == NONE, v - 1, v) >= v {
                card = c;
                break;
            }
        }
        (
            Card::from_index(card).unwrap_or(Card::SETTEBELLO),
            i32::from(v),
        )
    }

    /// The value for the player who moved into `q`, given the trick result.
    #[inline]
    fn child(
        &mut self,
        q: &Pos,
        pts: i16,
        mine: bool,
        was_lead: bool,
        alpha: i16,
        beta: i16,
    ) -> i16 {
        if was_lead {
            // The other seat plays next.
            -self.search(q, -beta, -alpha)
        } else if mine {
            pts + self.search(q, alpha - pts, beta - pts)
        } else {
            -pts - self.search(q, -beta - pts, -alpha - pts)
        }
    }

    fn slot(&self, p: &Pos) -> (usize, u128, u16) {
        let hands = u128::from(p.hands[0]) | u128::from(p.hands[1]) << 64;
        let meta = u16::from(p.next) | u16::from(p.turn) << 6 | u16::from(p.lead) << 8;
        let mut h = p.hands[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ p.hands[1]
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(29)
            ^ u64::from(meta).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 31;
        let i = if self.table.is_empty() {
            0
        } else {
            (h % self.table.len() as u64) as usize
        };
        (i, hands, meta)
    }

    /// Alpha-beta (negamax, fail-soft) on the points still to take.
    pub fn search(&mut self, p: &Pos, mut alpha: i16, beta: i16) -> i16 {
        let my = p.hands[usize::from(p.turn)];
        if my == 0 {
            return 0;
        }
        self.nodes += 1;
        // The table holds positions between tricks only (half the probes, the same cuts:
        // a trick's second card is searched under its first).
        let tabled = p.lead == NONE;
        let (slot, key, meta) = self.slot(p);
        let mut first = NONE;
        if tabled
            && let Some(e) = self.table.get(slot)
            && e.flag != 0
            && e.hands == key
            && e.meta == meta
        {
            match e.flag {
                1 => return i16::from(e.value),
                2 if i16::from(e.value) >= beta => return i16::from(e.value),
                3 if i16::from(e.value) <= alpha => return i16::from(e.value),
                _ => {}
            }
            first = e.best;
        }
        let alpha0 = alpha;
        let mut best = -200i16;
        let mut best_card = NONE;
        // Moves: the remembered best first, then the rest by a cheap order; of cards that
        // no card elsewhere separates (same suit, same points, nothing unplayed ranked
        // between them but in this hand), only the lowest.
        let elsewhere = p.hands[usize::from(p.turn ^ 1)]
            | self.stock[usize::from(p.next)]
            | if p.lead == NONE { 0 } else { 1u64 << p.lead };
        let mut moves = [(0i16, 0u8); 10];
        let mut n = 0;
        let mut bits = my;
        'cards: while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            for &e in &self.t.below_same[usize::from(c)] {
                if e == 0 {
                    break;
                }
                let low = (e >> 40 & 0x3F) as u8;
                if my >> low & 1 == 1 && e & elsewhere & ((1 << 40) - 1) == 0 {
                    continue 'cards;
                }
            }
            let key = if c == first {
                -1000
            } else if p.lead == NONE {
                self.t.lead_key[usize::from(c)]
            } else {
                let pts = self.t.points[usize::from(c)];
                if self.t.beats[usize::from(p.lead)] >> c & 1 == 1 {
                    // Win cheaply: plain before trumps, fewer points given... taken.
                    let trump = if self.t.trumps >> c & 1 == 1 { 20 } else { 0 };
                    trump - pts - 4 * self.t.points[usize::from(p.lead)]
                } else {
                    100 + 3 * pts
                }
            };
            if n < moves.len() {
                moves[n] = (key, c);
                n += 1;
            }
        }
        moves[..n].sort_unstable();
        for &(_, c) in &moves[..n] {
            let (q, pts, mine) = self.play(p, c);
            let v = self.child(&q, pts, mine, p.lead == NONE, alpha, beta);
            if v > best {
                best = v;
                best_card = c;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha0 {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        if tabled && let Some(e) = self.table.get_mut(slot) {
            *e = Entry {
                hands: key,
                meta,
                value: best.clamp(-127, 127) as i8,
                flag,
                best: best_card,
            };
        }
        best
    }
}
