//! The expert's search for two players with one deck (issue 40): it imagines the unseen
//! cards dealt consistently with the view (the worlds, kept by how well they explain the
//! other seat's plays of the current and the last trick: [`super::infer`]), and in each
//! world plays each of its cards and searches the rest of the trick and the next one with
//! both hands in sight (alpha-beta), valuing the position after them with the learned
//! evaluation ([`super::net`]): the points taken on the way plus the network's estimate of
//! the rest. Once the stock is nearly empty each world is searched to the end of the hand.
//! The card with the best total over the worlds is played.
//!
//! Values are in sixteenths of a point; a world is a compact copy of the hand (both
//! hands as card bits, the stock in draw order).

use crate::card::{Card, Suit};
use crate::deal::SplitMix64;

use super::cards::BriscolaCards;
use super::hand::{BriscolaHand, BriscolaHandOf, BriscolaViewOf};
use super::infer::{self, Inference};
use super::net::{Inputs, Net};
use super::trick::{beats, card_points};

/// No card led.
const NONE: u8 = 0xFF;

/// `BEATS[trump][led]`: the cards that take a trick from the card `led`, played after it.
const BEATS: [[u64; 40]; 4] = {
    let mut t = [[0u64; 40]; 4];
    let mut s = 0;
    while s < 4 {
        let trump = match Suit::from_index(s as u8) {
            Some(suit) => suit,
            None => Suit::Denari,
        };
        let mut a = 0;
        while a < 40 {
            let mut b = 0;
            while b < 40 {
                if let (Some(ca), Some(cb)) = (Card::from_index(a as u8), Card::from_index(b as u8))
                    && beats(trump, ca, cb)
                {
                    t[s][a] |= 1 << b;
                }
                b += 1;
            }
            a += 1;
        }
        s += 1;
    }
    t
};

/// Card points by card index, in sixteenths.
const POINTS16: [i32; 40] = {
    let mut t = [0; 40];
    let mut i = 0;
    while i < 40 {
        if let Some(c) = Card::from_index(i as u8) {
            t[i] = card_points(c) as i32 * 16;
        }
        i += 1;
    }
    t
};

/// One imagined (or real) two-player hand, compact.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct World {
    /// Each seat's hand as card bits.
    pub hands: [u64; 2],
    /// The stock in draw order (the face-up briscola last while not drawn).
    draws: [u8; 40],
    n: u8,
    /// Cards drawn.
    pub next: u8,
    /// Seat to play.
    pub turn: u8,
    /// The card led to the current trick.
    pub lead: u8,
    trump: u8,
    /// The face-up briscola, if it is the stock's last card.
    briscola: u8,
}

impl World {
    /// The compact copy of a two-player hand of one deck.
    pub fn of<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
        h: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    ) -> World {
        let mut draws = [0u8; 40];
        let mut n = 0usize;
        let len = usize::from(h.rules.deck_len());
        for &c in h.deck.get(usize::from(h.next)..len).unwrap_or(&[]) {
            draws[n] = c.index();
            n += 1;
        }
        let briscola = if h.briscola_holder.is_none() {
            draws[n] = h.briscola.index();
            n += 1;
            h.briscola.index()
        } else {
            NONE
        };
        World {
            hands: [bits_of(h.hand(0)), bits_of(h.hand(1))],
            draws,
            n: n as u8,
            next: 0,
            turn: h.turn(),
            lead: h.trick().first().map_or(NONE, |c| c.index()),
            trump: h.trump() as u8,
            briscola,
        }
    }

    /// Cards still to draw.
    pub fn stock_len(&self) -> u8 {
        self.n - self.next
    }

    /// Plays card index `c`: the points of the trick it ends (0 if none), in sixteenths,
    /// and whether the seat that played it took them.
    #[inline]
    pub fn play(&mut self, c: u8) -> (i32, bool) {
        let me = usize::from(self.turn & 1);
        self.hands[me] &= !(1u64 << c);
        if self.lead == NONE {
            self.lead = c;
            self.turn ^= 1;
            return (0, false);
        }
        let lead = usize::from(self.lead) % 40;
        let ci = usize::from(c) % 40;
        let pts = POINTS16[lead] + POINTS16[ci];
        let mine = BEATS[usize::from(self.trump & 3)][lead] >> c & 1 == 1;
        let winner = if mine { self.turn } else { self.turn ^ 1 };
        if self.next < self.n {
            let k = usize::from(self.next);
            self.hands[usize::from(winner & 1)] |= 1u64 << (self.draws[k] % 64);
            self.hands[usize::from((winner ^ 1) & 1)] |= 1u64 << (self.draws[(k + 1) % 40] % 64);
            self.next += 2;
        }
        self.lead = NONE;
        self.turn = winner;
        (pts, mine)
    }

    /// The cards still to draw but the face-up briscola, as card bits.
    fn hidden_stock(&self) -> u64 {
        let drawn = usize::from(self.next);
        let mut bits = 0u64;
        for &c in self.draws.get(drawn..usize::from(self.n)).unwrap_or(&[]) {
            if c != self.briscola {
                bits |= 1u64 << (c % 64);
            }
        }
        bits
    }

    /// The network's inputs for the position between tricks.
    pub fn inputs(&self) -> Inputs {
        let leader = usize::from(self.turn & 1);
        let briscola = (self.briscola != NONE && self.next < self.n).then_some(self.briscola);
        Inputs::new(
            self.hands[leader],
            self.hands[leader ^ 1],
            self.hidden_stock(),
            briscola,
            self.stock_len(),
            self.trump,
        )
    }
}

/// Search settings and counters of one move.
pub(crate) struct Search<'n> {
    /// The evaluation.
    pub net: &'n Net<'n>,
    /// Positions left to visit.
    pub nodes: u32,
    /// Network evaluations made.
    pub evals: u32,
}

impl Search<'_> {
    /// The value of `w` for the seat to play, in sixteenths of a point of what is still to
    /// take: `tricks` more tricks searched, then the network (or to the end when the stock
    /// is empty there). `None` when the node budget ran out.
    pub fn value(&mut self, w: &World, tricks: u8, mut alpha: i32, beta: i32) -> Option<i32> {
        let my = w.hands[usize::from(w.turn & 1)];
        if my == 0 {
            return Some(0);
        }
        if w.lead == NONE && tricks == 0 && w.stock_len() > 0 {
            self.evals += 1;
            return Some(self.net.points16(&w.inputs()));
        }
        self.nodes = self.nodes.checked_sub(1)?;
        let mut best = i32::MIN;
        let mut bits = my;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let v = self.child(w, c, tricks, alpha, beta)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// The value for the seat to play in `w` of playing card index `c`.
    pub fn child(&mut self, w: &World, c: u8, tricks: u8, alpha: i32, beta: i32) -> Option<i32> {
        let mut q = *w;
        let was_lead = w.lead == NONE;
        let (pts, mine) = q.play(c);
        Some(if was_lead {
            -self.value(&q, tricks, -beta, -alpha)?
        } else {
            let t = tricks.saturating_sub(1);
            if mine {
                pts + self.value(&q, t, alpha - pts, beta - pts)?
            } else {
                -pts - self.value(&q, t, -beta - pts, -alpha - pts)?
            }
        })
    }
}

/// Deals the unseen cards of a two-player view of one deck into a world, reading the other
/// seat's plays with `inference` ([`super::infer::draw`]).
pub(crate) fn world<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    inference: Inference,
) -> World {
    World::of(&infer::draw::<C, SEATS, SIDES, 40>(view, rng, inference))
}

/// The card bits of a one-deck container (bit = card index).
pub(crate) fn bits_of<C: BriscolaCards>(cards: C) -> u64 {
    cards.into_iter().fold(0, |b, c| b | 1u64 << c.index())
}

/// The inputs of a two-player, one-deck hand between two tricks, for the seat to lead
/// (what the lab trains on); `None` mid-trick, at the end, or at another table.
pub fn inputs_of(h: &BriscolaHand) -> Option<Inputs> {
    let rules = h.rules();
    (rules.players == 2 && rules.decks == 1 && h.trick().is_empty() && !h.is_over())
        .then(|| World::of(h).inputs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::briscola::BriscolaRules;
    use crate::briscola::hand::BriscolaHand;
    use crate::deal::below;

    /// The compact world plays exactly as the hand does: the same hands, turn, stock and
    /// points after every card of random hands.
    #[test]
    fn the_world_plays_as_the_hand() {
        for seed in 0..200u64 {
            let mut rng = SplitMix64::new(seed);
            let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, &mut rng).unwrap();
            let mut w = World::of(&h);
            let mut points = [0i32; 2];
            while !h.is_over() {
                let seat = h.turn();
                assert_eq!(w.turn, seat);
                let hand = h.hand(seat);
                let card = hand.nth(below(&mut rng, hand.len())).unwrap();
                h.play(seat, card).unwrap();
                let (pts, mine) = w.play(card.index());
                if pts > 0 || h.trick().is_empty() {
                    let taker = if mine { seat } else { 1 - seat };
                    points[usize::from(taker)] += pts;
                }
                assert_eq!(
                    w.hands,
                    [bits_of(h.hand(0)), bits_of(h.hand(1))],
                    "seed {seed}"
                );
                assert_eq!(w.stock_len(), h.stock_len());
                if h.trick().is_empty() && !h.is_over() {
                    assert_eq!(World::of(&h).inputs(), w.inputs(), "seed {seed}");
                }
            }
            let s = h.score();
            assert_eq!(
                points,
                [i32::from(s.points[0]) * 16, i32::from(s.points[1]) * 16]
            );
        }
    }

    /// The search's value with the stock empty is the exact minimax value.
    #[test]
    fn the_search_is_exact_to_the_end() {
        fn minimax(h: &BriscolaHand, me: u8) -> i32 {
            if h.is_over() {
                let s = h.score();
                return (i32::from(s.points[usize::from(me)])
                    - i32::from(s.points[usize::from(1 - me)]))
                    * 16;
            }
            let seat = h.turn();
            let vals = h.hand(seat).into_iter().map(|c| {
                let mut n = *h;
                n.play(seat, c).unwrap();
                minimax(&n, me)
            });
            if seat == me {
                vals.max().unwrap()
            } else {
                vals.min().unwrap()
            }
        }
        for seed in 0..40u64 {
            let mut rng = SplitMix64::new(seed);
            let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, &mut rng).unwrap();
            while h.stock_len() > 0 || (seed % 2 == 1 && h.trick().is_empty()) {
                let seat = h.turn();
                let hand = h.hand(seat);
                h.play(seat, hand.nth(below(&mut rng, hand.len())).unwrap())
                    .unwrap();
            }
            let me = h.turn();
            let s = h.score();
            let taken = (i32::from(s.points[usize::from(me)])
                - i32::from(s.points[usize::from(1 - me)]))
                * 16;
            let mut search = Search {
                net: &crate::briscola::net::Net::BUILT_IN,
                nodes: 1_000_000,
                evals: 0,
            };
            let v = search.value(&World::of(&h), 0, -10_000, 10_000).unwrap();
            assert_eq!(taken + v, minimax(&h, me), "seed {seed}");
            assert_eq!(search.evals, 0);
        }
    }
}
