//! Properties of Briscola over random deals and plays (BRISCOLA.md): every card in play is
//! in exactly one place at every moment, every seat plays the same number of cards, the
//! rounds come out even, a hand holds 120 points, and what a seat sees does not depend on
//! the cards it cannot see.

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::briscola::{BriscolaBudget, BriscolaView, choose_card_with_budget, hint};
use scopa_core::briscola::{
    BriscolaEvent, BriscolaHand, BriscolaMatch, BriscolaRules, pile_points,
};
use scopa_core::{Card, CardSet, Deck, SplitMix64};

fn any_rules() -> impl Strategy<Value = BriscolaRules> {
    (2u8..=4, any::<bool>(), 1u8..=3).prop_map(|(players, nine, target)| BriscolaRules {
        players,
        hand_size: if nine && players == 2 { 9 } else { 3 },
        target,
    })
}

/// The cards in play with `rules`, in a deck order drawn from `seed`.
fn deck(rules: BriscolaRules, seed: u64) -> Vec<Card> {
    let deck = Deck::shuffled(&mut SplitMix64::new(seed));
    deck.cards()
        .iter()
        .copied()
        .filter(|&c| rules.uses(c))
        .collect()
}

fn in_play(rules: BriscolaRules) -> CardSet {
    Card::all().filter(|&c| rules.uses(c)).collect()
}

/// Checks that hands, trick, piles and stock partition the cards in play.
fn check_conservation(h: &BriscolaHand) {
    let rules = *h.rules();
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut place = |cards: CardSet| {
        assert!(seen.is_disjoint(cards), "a card in two places: {cards}");
        seen |= cards;
        count += cards.len();
    };
    for seat in 0..rules.players {
        place(h.hand(seat));
    }
    for side in 0..rules.sides() {
        place(h.pile(side));
    }
    place(
        h.trick()
            .iter()
            .map(|&c| CardSet::single(c))
            .fold(CardSet::EMPTY, |a, b| a | b),
    );
    assert_eq!(
        count + u32::from(h.stock_len()),
        u32::from(rules.deck_len())
    );
    assert!(seen.is_subset(in_play(rules)));
    if h.briscola_holder().is_none() {
        assert!(
            !seen.contains(h.briscola()),
            "the briscola is under the stock"
        );
    }
}

fn pick(cards: CardSet, r: &mut SplitMix64) -> Card {
    cards
        .nth((r.next() % u64::from(cards.len())) as u32)
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_hand_keeps_every_card_once_and_comes_out_even(rules in any_rules(), seed: u64, dealer in 0u8..4, plays: u64) {
        let dealer = dealer % rules.players;
        let mut h = BriscolaHand::from_deck(rules, dealer, &deck(rules, seed)).unwrap();
        let mut r = SplitMix64::new(plays);
        let mut played = [0u8; 4];
        check_conservation(&h);
        while !h.is_over() {
            let seat = h.turn();
            let card = pick(h.hand(seat), &mut r);
            let events = h.play(seat, card).unwrap();
            played[usize::from(seat)] += 1;
            check_conservation(&h);
            if h.trick().is_empty() {
                // Between tricks every hand holds as many cards: the rounds come out even.
                let len = h.hand_len(0);
                for seat in 1..rules.players {
                    prop_assert_eq!(h.hand_len(seat), len);
                }
                let drew: Vec<u8> = events.iter().filter_map(|e| match e {
                    BriscolaEvent::Drew { seat, .. } => Some(*seat),
                    _ => None,
                }).collect();
                if let Some(BriscolaEvent::TrickTaken { seat, .. }) = events.get(1) {
                    prop_assert_eq!(h.leader(), *seat);
                    if !drew.is_empty() {
                        prop_assert_eq!(drew[0], *seat, "the winner draws first");
                        prop_assert_eq!(drew.len(), usize::from(rules.players));
                    }
                }
            }
        }
        for seat in 0..rules.players {
            prop_assert_eq!(played[usize::from(seat)], rules.tricks());
        }
        let score = h.score();
        let total: u32 = score.points.iter().map(|&p| u32::from(p)).sum();
        prop_assert_eq!(total, 120);
        let sides = usize::from(rules.sides());
        prop_assert_eq!(pile_points(h.pile(0)), score.points[0]);
        if let Some(w) = score.winner {
            for other in 0..sides {
                if other != usize::from(w) {
                    prop_assert!(score.points[usize::from(w)] > score.points[other]);
                }
            }
        }
    }

    /// A seat's view is the same whatever the cards it cannot see: the other hands and the
    /// stock are permuted at a random moment, the same plays replayed, and the views compared.
    #[test]
    fn a_view_does_not_depend_on_hidden_cards(rules in any_rules(), seed: u64, plays: u64, stop in 0usize..40, shuffle: u64) {
        let cards = deck(rules, seed);
        let mut h = BriscolaHand::from_deck(rules, 0, &cards).unwrap();
        let mut r = SplitMix64::new(plays);
        let mut moves = Vec::new();
        while !h.is_over() && moves.len() < stop {
            let seat = h.turn();
            let card = pick(h.hand(seat), &mut r);
            h.play(seat, card).unwrap();
            moves.push((seat, card));
        }
        let viewer = h.turn();
        let view = h.view(viewer).unwrap();
        // The same view, rebuilt from public facts only (the engine protocol's bestmove).
        prop_assert_eq!(
            BriscolaView::from_public(rules, viewer, 0, view.hand, view.briscola, &moves),
            if h.is_over() { Err(scopa_core::briscola::BriscolaViewError::HandOver) } else { Ok(view) }
        );
        // Permute the cards the viewer has not seen among their deck positions.
        let unseen = view.unseen();
        let positions: Vec<usize> = (0..cards.len()).filter(|&i| unseen.contains(cards[i])).collect();
        let mut moved: Vec<Card> = positions.iter().map(|&i| cards[i]).collect();
        let mut s = SplitMix64::new(shuffle);
        for i in (1..moved.len()).rev() {
            moved.swap(i, (s.next() % (i as u64 + 1)) as usize);
        }
        let mut permuted = cards.clone();
        for (&i, &c) in positions.iter().zip(&moved) {
            permuted[i] = c;
        }
        let mut other = BriscolaHand::from_deck(rules, 0, &permuted).unwrap();
        for &(seat, card) in &moves {
            other.play(seat, card).unwrap();
        }
        prop_assert_eq!(other.view(viewer).unwrap(), view);
        // So every AI level plays the same card in both, hint included (fair by property).
        let small = BriscolaBudget { samples: 4, nodes: 5_000 };
        for level in Level::ALL {
            prop_assert_eq!(
                choose_card_with_budget(level, &view, shuffle, small),
                choose_card_with_budget(level, &other.view(viewer).unwrap(), shuffle, small)
            );
        }
        if stop % 8 == 0 {
            prop_assert_eq!(hint(&view), hint(&other.view(viewer).unwrap()));
        }
        if let Some(card) = choose_card_with_budget(Level::Expert, &view, shuffle, small) {
            prop_assert!(view.hand.contains(card));
        }
    }

    #[test]
    fn a_match_ends_when_a_side_has_won_target_hands(rules in any_rules(), seed: u64, plays: u64) {
        let mut m = BriscolaMatch::new(rules, seed).unwrap();
        let mut r = SplitMix64::new(plays);
        let mut finished = 0u32;
        while m.winner().is_none() {
            let seat = m.turn();
            let card = pick(m.hand().hand(seat), &mut r);
            for e in m.play(seat, card).unwrap() {
                if let BriscolaEvent::HandFinished(_) = e { finished += 1; }
            }
            prop_assert!(finished < 200, "the match never ends");
        }
        let w = usize::from(m.winner().unwrap());
        prop_assert_eq!(m.wins()[w], rules.target);
        let won: u32 = m.wins().iter().map(|&x| u32::from(x)).sum();
        prop_assert!(won <= finished);
        prop_assert!(m.play(m.turn(), Card::SETTEBELLO).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A save round-trips at every play and plays on identically; undo takes a play back.
    #[test]
    fn a_save_round_trips_at_every_play_and_plays_on_identically(rules in any_rules(), seed: u64, plays: u64) {
        let mut m = BriscolaMatch::new(rules, seed).unwrap();
        let mut r = SplitMix64::new(plays);
        let mut count = 0;
        while m.winner().is_none() && count < 400 {
            let seat = m.turn();
            let card = pick(m.hand().hand(seat), &mut r);
            let before = m.clone();
            let events = m.play(seat, card).unwrap();
            count += 1;
            let bytes = m.to_bytes();
            let restored = BriscolaMatch::from_bytes(&bytes);
            prop_assert_eq!(restored.as_ref(), Ok(&m), "play {}", count);
            if m.winner().is_none() {
                // Plays on identically: the same next card gives the same match.
                let mut a = m.clone();
                let mut b = restored.unwrap();
                let seat = a.turn();
                let next = a.hand().hand(seat).first().unwrap();
                prop_assert_eq!(a.play(seat, next), b.play(seat, next));
                prop_assert_eq!(a, b);
            }
            // Undo, within a hand: back to the state before the play.
            let dealt = events.iter().any(|e| matches!(e, BriscolaEvent::Dealt { .. }));
            if !dealt && m.winner().is_none() {
                let mut undone = m.clone();
                undone.rewind(1).unwrap();
                prop_assert_eq!(&undone, &before);
            }
        }
    }

    /// Damaged saves (any byte changed, the checksum made to match) are refused or restore
    /// a match that saves back to the same bytes: never a panic.
    #[test]
    fn damaged_saves_never_panic(seed: u64, plays in 0usize..60, at in 0usize..108, value: u8) {
        let mut m = BriscolaMatch::new(BriscolaRules::default(), seed).unwrap();
        let mut r = SplitMix64::new(seed ^ 7);
        for _ in 0..plays {
            if m.winner().is_some() { break; }
            let seat = m.turn();
            let card = pick(m.hand().hand(seat), &mut r);
            m.play(seat, card).unwrap();
        }
        let mut bytes = m.to_bytes();
        bytes[at] = value;
        let crc = scopa_core::snapshot::crc32(&bytes[..108]);
        bytes[108..].copy_from_slice(&crc.to_le_bytes());
        if let Ok(restored) = BriscolaMatch::from_bytes(&bytes) {
            prop_assert_eq!(restored.to_bytes(), bytes);
        }
    }
}
