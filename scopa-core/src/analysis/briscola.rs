//! Briscola's figures (one deck, 2–4 players): the expert's own search, world by world —
//! the exact endgame of two players, the learned search ([`crate::briscola::net`]) of the
//! two-player three-card table, the play-outs elsewhere — with the same worlds, in the same
//! order and with the same seed as the expert's choice.

use crate::briscola::BriscolaView;
use crate::briscola::ai::{
    self as bai, BriscolaBudget, EXPERT_INFERENCE, inference_for, learned_table,
};
use crate::briscola::hand::BriscolaHand;
use crate::briscola::infer;
use crate::briscola::net::Net;
use crate::briscola::search;
use crate::card::Card;
use crate::deal::SplitMix64;

use super::stats::Tally;

/// Hundredths of a card point per sixteenth (the learned search counts in sixteenths).
fn from16(v: i32) -> i32 {
    super::stats::div_round(i64::from(v) * 100, 16) as i32
}

/// The viewer's side's card points taken so far, minus the best other side's.
fn taken_margin(view: &BriscolaView) -> i32 {
    let points = view.points();
    let mine = view.rules.side_of(view.seat);
    let other = (0..view.rules.sides().min(points.len() as u8))
        .filter(|&s| s != mine)
        .map(|s| i32::from(points[usize::from(s)]))
        .max()
        .unwrap_or(0);
    points.get(usize::from(mine)).map_or(0, |&p| i32::from(p)) - other
}

/// The index of the best of `totals` (the first in canonical order on ties), as the
/// expert picks its card.
fn best_of(totals: &[i64]) -> usize {
    let mut best = 0;
    for (i, &t) in totals.iter().enumerate() {
        if t > totals[best] {
            best = i;
        }
    }
    best
}

/// Each card of `cards` (the viewer's distinct cards) tallied over the expert's worlds:
/// the hand's final margin in hundredths of a card point. Whether the figures are exact
/// (nothing hidden, searched to the end), and the index of the expert's card (from the
/// search's own totals, before any rounding).
pub(crate) fn values(
    view: &BriscolaView,
    cards: &[Card],
    seed: u64,
    budget: BriscolaBudget,
    out: &mut [Tally],
) -> (bool, usize) {
    let n = cards.len().min(40);
    let mut totals = [0i64; 40];
    let mut rng = SplitMix64::new(seed);
    let seat = view.seat;
    // Two players, empty stock: every unseen card is in the other hand.
    if view.rules.players == 2 && view.stock == 0 {
        let world = BriscolaHand::imagine(view, &mut rng);
        let mut nodes = budget.nodes;
        let mut exact = [0i32; 40];
        let complete = cards.iter().enumerate().all(|(i, &card)| {
            let mut next = world;
            next.play(seat, card).is_ok()
                && bai::exact(&next, seat, -200, 200, &mut nodes).is_some_and(|v| {
                    exact[i] = v;
                    totals[i] = i64::from(v);
                    true
                })
        });
        if complete {
            for (t, v) in out.iter_mut().zip(exact) {
                t.add(v * 100);
            }
            return (true, best_of(&totals[..n]));
        }
        totals = [0; 40];
    }
    if learned_table(&view.rules) {
        let mut s = bai::learned_search(&Net::BUILT_IN, budget);
        let tricks = bai::learned_tricks(view.stock);
        let taken16 = taken_margin(view) * 16;
        let mut world_values = [0i32; 40];
        'worlds: for _ in 0..budget.samples.max(1) {
            let w = search::world(view, &mut rng, EXPERT_INFERENCE);
            for (i, &card) in cards.iter().enumerate() {
                match s.child(&w, card.index(), tricks, -10_000, 10_000) {
                    Some(v) => world_values[i] = v,
                    None => break 'worlds,
                }
            }
            for (i, (t, &v)) in out.iter_mut().zip(&world_values).enumerate() {
                t.add(from16(taken16 + v));
                totals[i] += i64::from(v);
            }
        }
        return (false, best_of(&totals[..n]));
    }
    let inference = inference_for(&view.rules);
    for _ in 0..budget.samples.max(1) {
        let world = infer::draw::<_, _, _, 40>(view, &mut rng, inference);
        for (i, (t, &card)) in out.iter_mut().zip(cards).enumerate() {
            let mut h = world;
            if h.play(seat, card).is_ok() {
                bai::play_out(&mut h);
                let m = bai::margin(&h, seat);
                t.add(m * 100);
                totals[i] += i64::from(m);
            }
        }
    }
    (false, best_of(&totals[..n]))
}
