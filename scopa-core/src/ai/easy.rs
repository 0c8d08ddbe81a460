//! `easy`: greedy — the capture worth most by a simple card value, no lookahead.

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::scopa::capture::Move;
use crate::scopa::view::PlayerView;

/// A simple value of taking a card: 1, plus coins, sevens and the settebello.
fn card_value(card: Card) -> i32 {
    let mut v = 10;
    if card.suit() == Suit::Denari {
        v += 5;
    }
    if card.value() == 7 {
        v += 8;
    }
    if card == Card::SETTEBELLO {
        v += 30;
    }
    v
}

/// The immediate worth of a move: what it captures (a sweep counts big); laying a card
/// costs what it exposes.
fn worth(view: &PlayerView, mv: Move) -> i32 {
    if mv.is_lay() {
        return -card_value(mv.card());
    }
    let taken: i32 = (mv.capture() | CardSet::single(mv.card()))
        .iter()
        .map(card_value)
        .sum();
    let sweep = (view.table() - mv.capture()).is_empty() && !view.is_last_play();
    taken + if sweep { 100 } else { 0 }
}

/// The greedy choice: highest worth, the first in canonical order on ties.
pub(crate) fn choose(view: &PlayerView, moves: &[Move]) -> Option<Move> {
    let mut best: Option<(i32, Move)> = None;
    for &mv in moves {
        let w = worth(view, mv);
        if best.is_none_or(|(bw, _)| w > bw) {
            best = Some((w, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
