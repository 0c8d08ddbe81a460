//! `expert-v1` and `handheld-v1` for Briscola: the expert of issue 22/24 (before issue 40),
//! frozen as the baseline every later figure is measured against. For each of its cards
//! it imagines the unseen cards dealt at random ([`imagine`], 256 deals; the handheld 64),
//! plays the hand out with every seat playing `medium`, and keeps the best mean margin;
//! with two players and the stock empty it searches the rest exactly (alpha-beta, at most
//! 400,000 positions; the handheld 20,000). Two decks: half the deals.
//!
//! Its moves are pinned by a recorded digest (`tests/briscola.rs`), so a change to what it
//! relies on in scopa-core (`medium`, `imagine`, the hand) cannot go unnoticed.

use scopa_core::Card;
use scopa_core::SplitMix64;
use scopa_core::briscola::ai::{imagine, medium};
use scopa_core::briscola::{BriscolaCards, BriscolaHandOf, BriscolaViewOf};

/// The frozen budget: deals imagined and exact-search positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct V1Budget {
    /// Deals imagined (halved with two decks).
    pub samples: u16,
    /// Positions of the exact endgame search.
    pub nodes: u32,
}

/// `expert-v1`'s budget.
pub const EXPERT_V1: V1Budget = V1Budget {
    samples: 256,
    nodes: 400_000,
};
/// `handheld-v1`'s budget.
pub const HANDHELD_V1: V1Budget = V1Budget {
    samples: 64,
    nodes: 20_000,
};

/// `seat`'s side's points minus the best other side's.
pub fn margin<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    h: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    seat: u8,
) -> i32 {
    let score = h.score();
    let mine = h.rules().side_of(seat);
    let mut other = 0;
    for side in 0..h.rules().sides() {
        if side != mine {
            other = other.max(i32::from(score.points[usize::from(side)]));
        }
    }
    i32::from(score.points[usize::from(mine)]) - other
}

fn first<C: BriscolaCards>(cards: C) -> Card {
    cards.into_iter().next().unwrap_or(Card::SETTEBELLO)
}

fn distinct<C: BriscolaCards>(cards: C) -> impl Iterator<Item = Card> {
    let mut last = None;
    cards
        .into_iter()
        .filter(move |&c| last.replace(c) != Some(c))
}

fn play_out<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    h: &mut BriscolaHandOf<C, SEATS, SIDES, DECK>,
) {
    while !h.is_over() {
        let seat = h.turn();
        let card = match h.view(seat) {
            Some(v) => medium(&v),
            None => return,
        };
        if h.play(seat, card).is_err() {
            return;
        }
    }
}

fn exact<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    h: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    me: u8,
    alpha: i32,
    beta: i32,
    nodes: &mut u32,
) -> Option<i32> {
    if h.is_over() {
        return Some(margin(h, me));
    }
    *nodes = nodes.checked_sub(1)?;
    let seat = h.turn();
    let maximising = h.rules().side_of(seat) == h.rules().side_of(me);
    let (mut alpha, mut beta) = (alpha, beta);
    let mut best = if maximising { i32::MIN } else { i32::MAX };
    for card in h.hand(seat) {
        let mut next = *h;
        if next.play(seat, card).is_err() {
            continue;
        }
        let v = exact(&next, me, alpha, beta, nodes)?;
        if maximising {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The card `expert-v1` (with [`EXPERT_V1`]) or `handheld-v1` (with [`HANDHELD_V1`])
/// plays in `view` with `seed`; `None` when it is not the viewer's turn.
pub fn choose<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: V1Budget,
) -> Option<Card> {
    if view.turn() != view.seat || view.hand.size() == 0 {
        return None;
    }
    let budget = if view.rules.decks >= 2 {
        V1Budget {
            samples: budget.samples / 2,
            nodes: budget.nodes,
        }
    } else {
        budget
    };
    let mut rng = SplitMix64::new(seed);
    Some(if C::DECKS == 1 {
        choose_in::<C, SEATS, SIDES, 40>(view, &mut rng, budget)
    } else {
        choose_in::<C, SEATS, SIDES, 80>(view, &mut rng, budget)
    })
}

fn choose_in<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    budget: V1Budget,
) -> Card {
    let hand = view.hand;
    if hand.size() == 1 {
        return first(hand);
    }
    if view.rules.players == 2 && view.stock == 0 {
        let world: BriscolaHandOf<C, SEATS, SIDES, DECK> = imagine(view, rng);
        let mut nodes = budget.nodes;
        let mut best: Option<(i32, Card)> = None;
        let mut complete = true;
        for card in distinct(hand) {
            let mut next = world;
            if next.play(view.seat, card).is_err() {
                continue;
            }
            match exact(&next, view.seat, -200, 200, &mut nodes) {
                Some(v) if best.is_none_or(|(b, _)| v > b) => best = Some((v, card)),
                Some(_) => {}
                None => {
                    complete = false;
                    break;
                }
            }
        }
        if complete && let Some((_, card)) = best {
            return card;
        }
    }
    let mut totals = [0i32; 40];
    for _ in 0..budget.samples.max(1) {
        let world: BriscolaHandOf<C, SEATS, SIDES, DECK> = imagine(view, rng);
        for card in distinct(hand) {
            let mut h = world;
            if h.play(view.seat, card).is_ok() {
                play_out(&mut h);
                totals[usize::from(card.index())] += margin(&h, view.seat);
            }
        }
    }
    let mut best: Option<(i32, Card)> = None;
    for card in distinct(hand) {
        let t = totals[usize::from(card.index())];
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, card));
        }
    }
    best.map_or(first(hand), |(_, c)| c)
}
