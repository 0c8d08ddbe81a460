//! Properties of Briscola over random deals and plays (BRISCOLA.md): every card in play is
//! in exactly one place at every moment (with two decks: every copy, never a third), every
//! seat plays the same number of cards, the rounds come out even, a hand holds 120 points
//! (240 with two decks), and what a seat sees does not depend on the cards it cannot see.
//! Each property is written once over the table type and run for one deck (2, 3 or 4
//! players) and for two (6 or 8 players, in teams of two).

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::briscola::{
    BriscolaBudget, BriscolaCards, BriscolaEvent, BriscolaEventOf, BriscolaHandOf, BriscolaMatch,
    BriscolaMatchOf, BriscolaRules, BriscolaSnapshotError, BriscolaViewError, BriscolaViewOf,
    TWO_DECK_SNAPSHOT_LEN, TwoDeckMatch, choose_card_with_budget, hint,
};
use scopa_core::multiset::CardMultiset;
use scopa_core::{Card, CardSet, Deck, SplitMix64};

fn any_rules() -> impl Strategy<Value = BriscolaRules> {
    (2u8..=4, any::<bool>(), 1u8..=3).prop_map(|(players, nine, target)| BriscolaRules {
        players,
        hand_size: if nine && players == 2 { 9 } else { 3 },
        target,
        decks: 1,
    })
}

/// Six or eight players with two decks.
fn two_deck_rules() -> impl Strategy<Value = BriscolaRules> {
    (any::<bool>(), 1u8..=3).prop_map(|(eight, target)| BriscolaRules {
        players: if eight { 8 } else { 6 },
        target,
        decks: 2,
        ..BriscolaRules::default()
    })
}

/// The cards in play with `rules`, in a deck order drawn from `seed`: one deck shuffled by
/// `Deck`, two decks (every card twice, the `2b` left out for six) by Fisher–Yates.
fn deck(rules: BriscolaRules, seed: u64) -> Vec<Card> {
    if rules.decks == 1 {
        let deck = Deck::shuffled(&mut SplitMix64::new(seed));
        return deck
            .cards()
            .iter()
            .copied()
            .filter(|&c| rules.uses(c))
            .collect();
    }
    let mut cards: Vec<Card> = Card::all()
        .filter(|&c| rules.uses(c))
        .flat_map(|c| [c, c])
        .collect();
    shuffle(&mut cards, seed);
    cards
}

fn shuffle(cards: &mut [Card], seed: u64) {
    let mut s = SplitMix64::new(seed);
    for i in (1..cards.len()).rev() {
        cards.swap(i, (s.next() % (i as u64 + 1)) as usize);
    }
}

/// Checks that hands, trick, piles and stock hold the cards in play, each copy once: no
/// card more often than the decks hold it, and as many cards as the deck has.
fn check_conservation<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    h: &BriscolaHandOf<C, S, SI, D>,
) {
    let rules = *h.rules();
    let mut seen = C::EMPTY;
    let mut count = 0;
    let mut place = |cards: &[Card]| {
        for &card in cards {
            assert!(rules.uses(card), "{card} is not in play");
            assert!(seen.add(card), "{card} once too often");
            count += 1;
        }
    };
    for seat in 0..rules.players {
        place(&h.hand(seat).into_iter().collect::<Vec<_>>());
    }
    for side in 0..rules.sides() {
        place(&h.pile(side).into_iter().collect::<Vec<_>>());
    }
    place(h.trick());
    assert_eq!(
        count + u32::from(h.stock_len()),
        u32::from(rules.deck_len())
    );
    if h.briscola_holder().is_none() {
        assert!(
            seen.copies(h.briscola()) < C::DECKS,
            "the briscola is under the stock"
        );
    }
}

fn pick<C: BriscolaCards>(cards: C, r: &mut SplitMix64) -> Card {
    cards
        .nth_card((r.next() % u64::from(cards.size())) as u32)
        .unwrap()
}

/// A whole hand at random: every card is held once (every copy once), every seat plays
/// the same number of cards, the winner draws first, the points add up to the decks'.
fn hand_comes_out_even<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    rules: BriscolaRules,
    seed: u64,
    dealer: u8,
    plays: u64,
) -> Result<(), TestCaseError> {
    let dealer = dealer % rules.players;
    let mut h =
        BriscolaHandOf::<C, S, SI, D>::from_deck(rules, dealer, &deck(rules, seed)).unwrap();
    let mut r = SplitMix64::new(plays);
    let mut played = [0u8; 8];
    let mut every = C::EMPTY;
    check_conservation(&h);
    while !h.is_over() {
        let seat = h.turn();
        let card = pick(h.hand(seat), &mut r);
        let events = h.play(seat, card).unwrap();
        prop_assert!(every.add(card), "{} played once too often", card);
        played[usize::from(seat)] += 1;
        check_conservation(&h);
        if h.trick().is_empty() {
            // Between tricks every hand holds as many cards: the rounds come out even.
            let len = h.hand_len(0);
            for seat in 1..rules.players {
                prop_assert_eq!(h.hand_len(seat), len);
            }
            let drew: Vec<u8> = events
                .iter()
                .filter_map(|e| match e {
                    BriscolaEventOf::Drew { seat, .. } => Some(*seat),
                    _ => None,
                })
                .collect();
            if let Some(BriscolaEventOf::TrickTaken { seat, .. }) = events.get(1) {
                prop_assert_eq!(h.leader(), *seat);
                if !drew.is_empty() {
                    prop_assert_eq!(drew[0], *seat, "the winner draws first");
                    prop_assert_eq!(drew.len(), usize::from(rules.players));
                }
            }
        }
    }
    // Every copy of every card in play was played once.
    prop_assert_eq!(every, C::in_play(&rules));
    for seat in 0..rules.players {
        prop_assert_eq!(played[usize::from(seat)], rules.tricks());
    }
    let score = h.score();
    let total: u32 = score.points.iter().map(|&p| u32::from(p)).sum();
    prop_assert_eq!(total, 120 * u32::from(rules.decks));
    let sides = usize::from(rules.sides());
    prop_assert_eq!(h.pile(0).points(), score.points[0]);
    prop_assert!(score.points[sides..].iter().all(|&p| p == 0));
    match score.winner {
        Some(w) => {
            for other in 0..sides {
                if other != usize::from(w) {
                    prop_assert!(score.points[usize::from(w)] > score.points[other]);
                }
            }
        }
        None => {
            let best = score.points.iter().max().unwrap();
            prop_assert!(score.points.iter().filter(|&p| p == best).count() >= 2);
        }
    }
    Ok(())
}

/// The deck positions whose cards `viewer` cannot see: the cards still in the stock
/// (the face-up briscola excepted) and, for every other seat, positions it was dealt or
/// drew whose cards it still holds (with two identical cards, the later position).
fn hidden_positions<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    h: &BriscolaHandOf<C, S, SI, D>,
    cards: &[Card],
    drawn_by: &[u8],
    briscola_held: Option<u8>,
    viewer: u8,
) -> Vec<usize> {
    let rules = *h.rules();
    let (n, size) = (usize::from(rules.players), usize::from(rules.hand_size));
    let eldest = (usize::from(h.dealer()) + 1) % n;
    let owner = |i: usize| -> Option<u8> {
        if i < n * size {
            Some(((eldest + i / size) % n) as u8)
        } else if i == n * size {
            None // the briscola: face up
        } else {
            drawn_by.get(i - n * size - 1).copied().or(Some(u8::MAX)) // MAX: in the stock
        }
    };
    // Latest positions first: a copy held now is the last one received (an earlier copy
    // may have been played before it came).
    let mut held: Vec<C> = (0..rules.players).map(|s| h.hand(s)).collect();
    // The face-up briscola in its holder's hand is public: no position of its.
    if let Some(s) = briscola_held {
        held[usize::from(s)].take(h.briscola());
    }
    let mut hidden: Vec<usize> = (0..cards.len())
        .rev()
        .filter(|&i| match owner(i) {
            Some(u8::MAX) => true,
            Some(s) if s != viewer => held[usize::from(s)].take(cards[i]),
            _ => false,
        })
        .collect();
    hidden.reverse();
    hidden
}

/// A seat's view is the same whatever the cards it cannot see: the other hands and the
/// stock are permuted at a random moment, the same plays replayed, and the views compared;
/// every AI level plays the same card in both.
fn view_hides_the_hidden<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    rules: BriscolaRules,
    seed: u64,
    plays: u64,
    stop: usize,
    mix: u64,
) -> Result<(), TestCaseError> {
    let cards = deck(rules, seed);
    let mut h = BriscolaHandOf::<C, S, SI, D>::from_deck(rules, 0, &cards).unwrap();
    let mut r = SplitMix64::new(plays);
    let mut moves = Vec::new();
    let mut drawn_by = Vec::new();
    let mut briscola_held = None;
    while !h.is_over() && moves.len() < stop {
        let seat = h.turn();
        let card = pick(h.hand(seat), &mut r);
        if briscola_held == Some(seat) && card == h.briscola() {
            briscola_held = None;
        }
        for e in h.play(seat, card).unwrap() {
            match e {
                BriscolaEventOf::Drew {
                    seat,
                    briscola: false,
                } => drawn_by.push(seat),
                BriscolaEventOf::Drew {
                    seat,
                    briscola: true,
                } => briscola_held = Some(seat),
                _ => {}
            }
        }
        moves.push((seat, card));
    }
    let viewer = h.turn();
    let view = h.view(viewer).unwrap();
    // The same view, rebuilt from public facts only (the engine protocol's bestmove).
    prop_assert_eq!(
        BriscolaViewOf::<C, S, SI>::from_public(rules, viewer, 0, view.hand, view.briscola, &moves),
        if h.is_over() {
            Err(BriscolaViewError::HandOver)
        } else {
            Ok(view)
        }
    );
    // Permute the cards the viewer cannot see among their deck positions.
    let positions = hidden_positions(&h, &cards, &drawn_by, briscola_held, viewer);
    let mut moved: Vec<Card> = positions.iter().map(|&i| cards[i]).collect();
    prop_assert_eq!(C::of_cards(&moved), view.unseen());
    shuffle(&mut moved, mix);
    let mut permuted = cards.clone();
    for (&i, &c) in positions.iter().zip(&moved) {
        permuted[i] = c;
    }
    let mut other = BriscolaHandOf::<C, S, SI, D>::from_deck(rules, 0, &permuted).unwrap();
    for &(seat, card) in &moves {
        other.play(seat, card).unwrap();
    }
    prop_assert_eq!(other.view(viewer).unwrap(), view);
    // So every AI level plays the same card in both, hint included (fair by property).
    let small = BriscolaBudget {
        samples: 4,
        nodes: 5_000,
    };
    for level in Level::ALL {
        prop_assert_eq!(
            choose_card_with_budget(level, &view, mix, small),
            choose_card_with_budget(level, &other.view(viewer).unwrap(), mix, small)
        );
    }
    if stop.is_multiple_of(8) {
        prop_assert_eq!(hint(&view), hint(&other.view(viewer).unwrap()));
    }
    if let Some(card) = choose_card_with_budget(Level::Expert, &view, mix, small) {
        prop_assert!(view.hand.copies(card) > 0);
    }
    Ok(())
}

/// A match at random ends when a side has won `target` hands; every hand holds the decks'
/// points.
fn match_ends<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    rules: BriscolaRules,
    seed: u64,
    plays: u64,
) -> Result<(), TestCaseError> {
    let mut m = BriscolaMatchOf::<C, S, SI, D>::new(rules, seed).unwrap();
    let mut r = SplitMix64::new(plays);
    let mut finished = 0u32;
    while m.winner().is_none() {
        let seat = m.turn();
        let card = pick(m.hand().hand(seat), &mut r);
        for e in m.play(seat, card).unwrap() {
            if let BriscolaEventOf::HandFinished(score) = e {
                finished += 1;
                let total: u32 = score.points.iter().map(|&p| u32::from(p)).sum();
                prop_assert_eq!(total, 120 * u32::from(rules.decks));
            }
        }
        prop_assert!(finished < 200, "the match never ends");
    }
    let w = usize::from(m.winner().unwrap());
    prop_assert!(w < usize::from(rules.sides()));
    prop_assert_eq!(m.wins()[w], rules.target);
    let won: u32 = m.wins().iter().map(|&x| u32::from(x)).sum();
    prop_assert!(won <= finished);
    prop_assert!(m.play(m.turn(), Card::SETTEBELLO).is_err());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_hand_keeps_every_card_once_and_comes_out_even(rules in any_rules(), seed: u64, dealer in 0u8..4, plays: u64) {
        hand_comes_out_even::<CardSet, 4, 3, 40>(rules, seed, dealer, plays)?;
    }

    #[test]
    fn two_decks_keep_every_copy_once_and_come_out_even(rules in two_deck_rules(), seed: u64, dealer in 0u8..8, plays: u64) {
        hand_comes_out_even::<CardMultiset, 8, 4, 80>(rules, seed, dealer, plays)?;
    }

    #[test]
    fn a_view_does_not_depend_on_hidden_cards(rules in any_rules(), seed: u64, plays: u64, stop in 0usize..40, shuffle: u64) {
        view_hides_the_hidden::<CardSet, 4, 3, 40>(rules, seed, plays, stop, shuffle)?;
    }

    #[test]
    fn a_two_deck_view_does_not_depend_on_hidden_cards(rules in two_deck_rules(), seed: u64, plays: u64, stop in 0usize..80, shuffle: u64) {
        view_hides_the_hidden::<CardMultiset, 8, 4, 80>(rules, seed, plays, stop, shuffle)?;
    }

    #[test]
    fn a_match_ends_when_a_side_has_won_target_hands(rules in any_rules(), seed: u64, plays: u64) {
        match_ends::<CardSet, 4, 3, 40>(rules, seed, plays)?;
    }

    #[test]
    fn a_two_deck_match_ends_when_a_side_has_won_target_hands(rules in two_deck_rules(), seed: u64, plays: u64) {
        match_ends::<CardMultiset, 8, 4, 80>(rules, seed, plays)?;
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

/// Plays on from `m` with random cards to the end of the match (or 2,000 plays): every play
/// is accepted.
fn plays_on_to_the_end<C: BriscolaCards, const S: usize, const SI: usize, const D: usize>(
    mut m: BriscolaMatchOf<C, S, SI, D>,
    r: &mut SplitMix64,
) -> Result<(), TestCaseError> {
    let mut count = 0;
    while m.winner().is_none() && count < 2_000 {
        let seat = m.turn();
        let card = pick(m.hand().hand(seat), r);
        prop_assert!(m.play(seat, card).is_ok());
        count += 1;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A two-deck save round-trips at every play and plays on identically.
    #[test]
    fn a_two_deck_save_round_trips_at_every_play(rules in two_deck_rules(), seed: u64, plays: u64) {
        let mut m = TwoDeckMatch::new(rules, seed).unwrap();
        let mut r = SplitMix64::new(plays);
        let mut count = 0;
        loop {
            let bytes = m.to_bytes();
            prop_assert!(bytes.len() <= scopa_core::scopa::SNAPSHOT_LEN);
            let restored = TwoDeckMatch::from_bytes(&bytes);
            prop_assert_eq!(restored.as_ref(), Ok(&m), "play {}", count);
            if m.winner().is_some() || count >= 1_000 {
                break;
            }
            let seat = m.turn();
            let card = pick(m.hand().hand(seat), &mut r);
            let mut b = restored.unwrap();
            prop_assert_eq!(m.play(seat, card), b.play(seat, card));
            prop_assert_eq!(&b, &m);
            count += 1;
        }
    }

    /// Damaged two-deck saves (a byte changed, with and without the checksum made to
    /// match; random bytes behind a valid header) are refused or restore a match that saves
    /// back to the same bytes and plays on to its end: never a panic.
    #[test]
    fn damaged_two_deck_saves_never_panic(
        rules in two_deck_rules(), seed: u64, plays in 0usize..160, at in 0usize..190,
        value: u8, noise: u64,
    ) {
        let mut m = TwoDeckMatch::new(rules, seed).unwrap();
        let mut r = SplitMix64::new(seed ^ 7);
        for _ in 0..plays {
            if m.winner().is_some() { break; }
            let seat = m.turn();
            let card = pick(m.hand().hand(seat), &mut r);
            m.play(seat, card).unwrap();
        }
        let reseal = |b: &mut [u8]| {
            let crc = scopa_core::snapshot::crc32(&b[..190]);
            b[190..].copy_from_slice(&crc.to_le_bytes());
        };
        let good = m.to_bytes();
        let mut bytes = good;
        bytes[at] = value;
        if bytes != good {
            prop_assert!(TwoDeckMatch::from_bytes(&bytes).is_err());
        }
        reseal(&mut bytes);
        if let Ok(restored) = TwoDeckMatch::from_bytes(&bytes) {
            prop_assert_eq!(restored.to_bytes(), bytes);
            plays_on_to_the_end(restored, &mut r)?;
        }
        let mut random = [0u8; TWO_DECK_SNAPSHOT_LEN];
        let mut nr = SplitMix64::new(noise);
        for x in random.iter_mut() {
            *x = scopa_core::deal::below(&mut nr, 256) as u8;
        }
        prop_assert!(TwoDeckMatch::from_bytes(&random).is_err());
        random[..5].copy_from_slice(&good[..5]);
        reseal(&mut random);
        if let Ok(restored) = TwoDeckMatch::from_bytes(&random) {
            plays_on_to_the_end(restored, &mut r)?;
        }
        // Neither format reads the other.
        prop_assert_eq!(
            BriscolaMatch::from_bytes(&good),
            Err(BriscolaSnapshotError::WrongLength { len: TWO_DECK_SNAPSHOT_LEN })
        );
        let one = BriscolaMatch::new(BriscolaRules::default(), seed).unwrap().to_bytes();
        prop_assert_eq!(
            TwoDeckMatch::from_bytes(&one),
            Err(BriscolaSnapshotError::WrongTwoDeckLength { len: 112 })
        );
    }
}
