//! The rule-based Briscola players — `easy` and `medium` (the club player) — and the small
//! card helpers every level shares. Apart from [`ai`](super::ai) so that the expert's
//! inference ([`infer`](super::infer)), which models the other seats as `medium`, and the
//! levels that use the inference do not import each other.

use crate::card::{Card, Suit};

use super::cards::BriscolaCards;
use super::hand::BriscolaViewOf;
use super::trick::{beats, card_points, rank, trick_winner};

/// Whether the viewer is to play and holds a card.
pub(super) fn to_play<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> bool {
    view.turn() == view.seat && view.hand.size() > 0
}

pub(super) fn first<C: BriscolaCards>(cards: C) -> Card {
    cards.into_iter().next().unwrap_or(Card::SETTEBELLO)
}

/// The cards of `cards` once each, in canonical order (a card held twice is one choice).
pub(super) fn distinct<C: BriscolaCards>(cards: C) -> impl Iterator<Item = Card> {
    let mut last = None;
    cards
        .into_iter()
        .filter(move |&c| last.replace(c) != Some(c))
}

/// The points of the cards of a trick (a card may be there twice with two decks).
pub(super) fn trick_points(cards: &[Card]) -> u8 {
    cards.iter().map(|&c| card_points(c)).sum()
}

/// The card of `cards` that minimises `key` (ties: the first in canonical order).
pub(super) fn min_by(
    cards: impl IntoIterator<Item = Card>,
    key: impl Fn(Card) -> i32,
) -> Option<Card> {
    let mut best: Option<(i32, Card)> = None;
    for c in cards {
        let k = key(c);
        if best.is_none_or(|(b, _)| k < b) {
            best = Some((k, c));
        }
    }
    best.map(|(_, c)| c)
}

/// What a card costs to give away: its points, and for a trump its strength too.
pub(super) fn cost(trump_suit: Suit, card: Card) -> i32 {
    let trump = if card.suit() == trump_suit {
        20 + i32::from(rank(card)) * 3
    } else {
        0
    };
    i32::from(card_points(card)) * 4 + trump + i32::from(rank(card))
}

/// Whether a partner of the viewer (four, six or eight players) is taking the trick so
/// far.
pub(super) fn partner_taking<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> bool {
    let trick = view.trick();
    let n = view.rules.players;
    if view.rules.sides() == n || trick.is_empty() {
        return false;
    }
    let won = trick_winner(view.trump(), trick).unwrap_or(0) as u8;
    let seat = (view.leader + won) % n;
    seat != view.seat && view.rules.side_of(seat) == view.rules.side_of(view.seat)
}

pub(super) fn easy<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> Card {
    let trick = view.trick();
    let trump = view.trump();
    if let Some(&lead) = trick.first() {
        let best = trick[trick_winner(trump, trick).unwrap_or(0)];
        let winners = view
            .hand
            .into_iter()
            .filter(|&c| c.suit() == lead.suit() && beats(trump, best, c));
        if let Some(c) = winners.fold(None, |a: Option<Card>, c| match a {
            Some(a) if rank(a) >= rank(c) => Some(a),
            _ => Some(c),
        }) {
            return c;
        }
    }
    min_by(view.hand, |c| {
        i32::from(card_points(c)) * 16 + i32::from(rank(c))
    })
    .unwrap_or(first(view.hand))
}

/// The rule-based club player.
pub fn medium<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> Card {
    let hand = view.hand;
    let trump = view.trump();
    let trick = view.trick();
    let cheapest = || min_by(hand, |c| cost(trump, c));
    if trick.is_empty() {
        // Lead a worthless card; keep the carichi and the trumps.
        return cheapest().unwrap_or(first(hand));
    }
    let n = view.rules.players;
    let last = trick.len() + 1 == usize::from(n);
    let points = trick_points(trick);
    if partner_taking(view) {
        let won = trick[trick_winner(trump, trick).unwrap_or(0)];
        // Safe when last to play, or when the partner's card is a trump no one can beat.
        let safe = last || (won.suit() == trump && rank(won) >= 8);
        let loads = hand.into_iter().filter(|c| c.suit() != trump);
        if safe
            && let Some(c) = min_by(loads, |c| {
                -i32::from(card_points(c)) * 16 + i32::from(rank(c))
            })
        {
            return c;
        }
        return cheapest().unwrap_or(first(hand));
    }
    let best = trick[trick_winner(trump, trick).unwrap_or(0)];
    let winners = || hand.into_iter().filter(move |&c| beats(trump, best, c));
    // Same suit, no trump needed: the last to play takes with its biggest points card;
    // otherwise with the smallest that wins.
    let plain = || winners().filter(|c| c.suit() != trump);
    let pick = if last {
        min_by(plain(), |c| {
            -i32::from(card_points(c)) * 16 - i32::from(rank(c))
        })
    } else {
        min_by(plain(), |c| cost(trump, c))
    };
    if let Some(c) = pick {
        return c;
    }
    let trumping = winners().filter(|c| c.suit() == trump);
    if let Some(t) = min_by(trumping, |c| cost(trump, c)) {
        let carico_trump = card_points(t) >= 10;
        let worth = points >= 10 || (points >= 2 && !carico_trump && last) || view.stock == 0;
        if worth && (!carico_trump || points >= 10) {
            return t;
        }
    }
    cheapest().unwrap_or(first(hand))
}
