//! Properties of Scopa at two-deck tables (docs/rules.md §8) over random deals and plays:
//! the 80 cards are conserved at every play, every copy is played once, the rounds come out
//! even, each side's score is what the section says (recounted here from the piles), what a
//! seat sees does not depend on the cards it cannot see, and every AI level plays legally.

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::teams::{TeamEvent, TeamHand, TeamMatch, TeamView, choose_move};
use scopa_core::scopa::{AceRule, PrimieraRule, Rules};
use scopa_core::{Card, SplitMix64, Suit};

fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(6u8), Just(8u8)],
        0usize..3,
        0usize..3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(players, primiera, ace, napola, re_bello, kings_redeal)| Rules {
                primiera: PrimieraRule::ALL[primiera],
                ace: AceRule::ALL[ace],
                napola,
                re_bello,
                kings_redeal,
                ..Rules::default().with_players(players)
            },
        )
}

/// Two decks in an order drawn from `seed`.
fn deck(seed: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = CardMultiset::TWO_DECKS.iter().collect();
    let mut rng = SplitMix64::new(seed);
    for i in (1..cards.len()).rev() {
        let j = scopa_core::deal::below(&mut rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

fn sum(parts: impl IntoIterator<Item = CardMultiset>) -> CardMultiset {
    parts.into_iter().fold(CardMultiset::EMPTY, |a, b| {
        a.checked_add(b).expect("a third copy")
    })
}

/// Every card in play: the table, the hands, the piles and the undealt deck.
fn everything(hand: &TeamHand) -> CardMultiset {
    let r = hand.rules();
    let undealt = &hand.deck()[80 - usize::from(hand.deck_left())..];
    sum((0..r.players)
        .map(|s| hand.hand(s))
        .chain((0..r.sides()).map(|s| hand.pile(s)))
        .chain([hand.table()])
        .chain(
            undealt
                .iter()
                .map(|&c| CardMultiset::from_set(scopa_core::CardSet::single(c))),
        ))
}

/// RULES.md sections 5 and 8 recounted from the piles, independently of score_copies.
fn expected_points(rules: &Rules, piles: &[CardMultiset], scope: &[u8]) -> Vec<u16> {
    let n = piles.len();
    let strict = |keys: &[i64]| -> Option<usize> {
        let best = *keys.iter().max()?;
        let mut at = keys.iter().enumerate().filter(|(_, k)| **k == best);
        let first = at.next()?.0;
        at.next().is_none().then_some(first)
    };
    let mut points: Vec<u16> = scope.iter().map(|&s| u16::from(s)).collect();
    let cards: Vec<i64> = piles.iter().map(|p| i64::from(p.len())).collect();
    let coins: Vec<i64> = piles
        .iter()
        .map(|p| i64::from(p.count_suit(Suit::Denari)))
        .collect();
    if let Some(w) = strict(&cards) {
        points[w] += 1;
    }
    if let Some(w) = strict(&coins) {
        points[w] += 1;
    }
    let prim = |p: &CardMultiset| -> Option<i64> {
        let mut total = 0;
        for suit in Suit::ALL {
            let best = p
                .iter()
                .filter(|c| c.suit() == suit)
                .map(|c| i64::from(c.primiera_value()))
                .max();
            match best {
                Some(b) => total += b,
                None if matches!(rules.primiera, PrimieraRule::Classic) => return None,
                None => {}
            }
        }
        Some(total)
    };
    let key: Vec<i64> = match rules.primiera {
        PrimieraRule::MostSevens => piles
            .iter()
            .map(|p| {
                i64::from(p.count_value(7)) * 10_000
                    + i64::from(p.count_value(6)) * 100
                    + i64::from(p.count_value(1))
            })
            .collect(),
        _ => piles.iter().map(|p| prim(p).unwrap_or(-1)).collect(),
    };
    if let Some(w) = strict(&key)
        && key[w] >= 0
    {
        points[w] += 1;
    }
    for i in 0..n {
        points[i] += u16::from(piles[i].count(Card::SETTEBELLO));
        if rules.re_bello {
            points[i] += u16::from(piles[i].count(Card::RE_BELLO));
        }
        if rules.napola {
            let run = (1..=10u8)
                .take_while(|&v| piles[i].contains(Card::new(Suit::Denari, v).unwrap()))
                .count() as u16;
            if run >= 3 {
                points[i] += run;
            }
        }
    }
    points
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_two_deck_hand_conserves_its_cards_and_scores_per_side(
        rules in any_rules(), deck_seed in any::<u64>(), dealer in 0u8..8, picks in any::<u64>(),
    ) {
        let dealer = dealer % rules.players;
        let cards = deck(deck_seed);
        let mut hand = match TeamHand::from_deck(rules, dealer, &cards) {
            Ok(h) => h,
            Err(scopa_core::scopa::teams::TeamDealError::KingsOnTable { kings }) => {
                prop_assert!(kings >= 5 && rules.kings_redeal);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        let mut rng = SplitMix64::new(picks);
        let mut played = hand.table();
        let mut per_seat = vec![0u32; usize::from(rules.players)];
        let mut rounds = 1;
        let mut finished = None;
        let mut history = Vec::new();
        while !hand.is_finished() {
            prop_assert_eq!(everything(&hand), CardMultiset::TWO_DECKS);
            // The view rebuilt from public facts alone is the view.
            let seat = hand.turn();
            let view = hand.view(seat, [1, 2, 3, 4]).unwrap();
            let rebuilt = TeamView::from_public(
                rules, seat, dealer, view.hand, view.table, &history, [1, 2, 3, 4],
            );
            prop_assert_eq!(rebuilt, Ok(view));
            let n = hand.legal_move_count();
            prop_assert!(n > 0);
            let k = scopa_core::deal::below(&mut rng, n as u32) as usize;
            let mv = hand.nth_legal_move(k).unwrap();
            let seat = hand.turn();
            prop_assert!(hand.is_legal(seat, mv));
            played.insert(mv.card).unwrap();
            history.push((seat, mv));
            per_seat[usize::from(seat)] += 1;
            for e in hand.play(seat, mv).unwrap() {
                match e {
                    TeamEvent::Dealt { .. } => rounds += 1,
                    TeamEvent::HandFinished(s) => finished = Some(s),
                    _ => {}
                }
            }
        }
        // Every copy was dealt to the table or played once; every seat played as often.
        prop_assert_eq!(played, CardMultiset::TWO_DECKS);
        prop_assert!(per_seat.iter().all(|&p| p * u32::from(rules.players) == 72));
        prop_assert_eq!(rounds, if rules.players == 6 { 4 } else { 3 });
        let score = finished.expect("the last play finishes the hand");
        let sides = usize::from(rules.sides());
        let piles: Vec<CardMultiset> = (0..sides as u8).map(|s| hand.pile(s)).collect();
        let scope: Vec<u8> = (0..sides as u8).map(|s| hand.scope(s)).collect();
        if hand.last_capture().is_some() {
            prop_assert_eq!(sum(piles.iter().copied()), CardMultiset::TWO_DECKS);
        }
        let totals: Vec<u16> = score.totals()[..sides].to_vec();
        prop_assert_eq!(totals, expected_points(&rules, &piles, &scope));
    }

    #[test]
    fn a_seat_sees_the_same_whatever_the_hidden_cards(
        rules in any_rules(), deck_seed in any::<u64>(), shuffle in any::<u64>(), seat in 0u8..8,
    ) {
        // Deal, then permute every card seat `seat` cannot see (the other hands and the
        // undealt deck) and deal again: its view, and every AI's move from it, are the same.
        let seat = seat % rules.players;
        let dealer = 0;
        let cards = deck(deck_seed);
        let Ok(a) = TeamHand::from_deck(rules, dealer, &cards) else { return Ok(()) };
        let n = usize::from(rules.players);
        let eldest_index = |s: usize| (s + n - 1) % n; // the eldest is seat 1
        let own = eldest_index(usize::from(seat)) * 3..eldest_index(usize::from(seat)) * 3 + 3;
        let table = n * 3..n * 3 + 8;
        let hidden: Vec<usize> = (0..80).filter(|i| !own.contains(i) && !table.contains(i)).collect();
        let mut permuted = cards.clone();
        let mut order: Vec<Card> = hidden.iter().map(|&i| cards[i]).collect();
        let mut rng = SplitMix64::new(shuffle);
        for i in (1..order.len()).rev() {
            let j = scopa_core::deal::below(&mut rng, i as u32 + 1) as usize;
            order.swap(i, j);
        }
        for (&i, c) in hidden.iter().zip(order) {
            permuted[i] = c;
        }
        let Ok(b) = TeamHand::from_deck(rules, dealer, &permuted) else { return Ok(()) };
        let (va, vb): (TeamView, TeamView) = (a.view(seat, [0; 4]).unwrap(), b.view(seat, [0; 4]).unwrap());
        prop_assert_eq!(va, vb);
        if a.turn() == seat {
            for level in Level::ALL {
                prop_assert_eq!(choose_move(level, &va, 3), choose_move(level, &vb, 3));
            }
        }
    }
}

#[test]
fn every_level_plays_legal_moves_through_whole_matches() {
    for (players, level) in [
        (6u8, Level::Expert),
        (8, Level::Medium),
        (6, Level::Easy),
        (8, Level::Random),
        (8, Level::Handheld),
    ] {
        let rules = Rules {
            target: 4,
            ..Rules::default().with_players(players)
        };
        let mut game = TeamMatch::new(rules, u64::from(players)).unwrap();
        let mut moves = 0;
        while game.winner().is_none() && moves < 400 {
            let seat = game.turn();
            let view = game.hand().view(seat, game.scores()).unwrap();
            let mv = choose_move(level, &view, moves).unwrap();
            assert!(game.hand().is_legal(seat, mv), "{level:?} {mv}");
            game.play(seat, mv).unwrap();
            moves += 1;
        }
    }
}

/// Points per hand of a `level` side against `against` sides over `deals` deals, each
/// deal played once with every side in turn as the `level` side (so seats and cards even
/// out): (the level side's average, the other sides' average).
fn strength(players: u8, level: Level, against: Level, deals: u64) -> (f64, f64) {
    let rules = Rules::default().with_players(players);
    let sides = rules.sides();
    let (mut own, mut other, mut hands) = (0u64, 0u64, 0u64);
    for seed in 0..deals {
        for lead in 0..sides {
            let (mut hand, _) = TeamHand::deal(
                rules,
                (seed % u64::from(players)) as u8,
                &mut SplitMix64::new(seed),
            )
            .unwrap();
            let mut i = 0;
            while !hand.is_finished() {
                let seat = hand.turn();
                let view = hand.view(seat, [0; 4]).unwrap();
                let l = if rules.side_of(seat) == lead {
                    level
                } else {
                    against
                };
                let mv = choose_move(l, &view, seed * 1000 + i).unwrap();
                hand.play(seat, mv).unwrap();
                i += 1;
            }
            let t = hand.score().unwrap().totals();
            for side in 0..sides {
                if side == lead {
                    own += u64::from(t[usize::from(side)]);
                } else {
                    other += u64::from(t[usize::from(side)]);
                }
            }
            hands += 1;
        }
    }
    (
        own as f64 / hands as f64,
        other as f64 / (hands * u64::from(sides - 1)) as f64,
    )
}

/// The levels' strength table of docs/rules-teams: `cargo test --release -p scopa-tests
/// --test teams strength_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn strength_table() {
    for (level, against) in [
        (Level::Easy, Level::Random),
        (Level::Medium, Level::Easy),
        (Level::Expert, Level::Medium),
    ] {
        for players in [6u8, 8] {
            let (a, b) = strength(players, level, against, 40);
            println!(
                "{players} players, {level:?} side vs {against:?} sides: {a:.2} vs {b:.2} points a hand"
            );
        }
    }
}

/// Every level above `random` outscores random sides, each side of each deal in turn
/// (the finer table: `strength_table`, ignored by default for its time).
#[test]
fn the_levels_outscore_random_sides() {
    for (players, level) in [
        (6u8, Level::Expert),
        (8, Level::Expert),
        (6, Level::Medium),
        (8, Level::Easy),
    ] {
        let (own, other) = strength(players, level, Level::Random, 3);
        assert!(
            own > other + 0.5,
            "{players} players {level:?}: {own:.2} vs {other:.2}"
        );
    }
}

/// A random legal move of the seat to play.
fn random_move(m: &TeamMatch, rng: &mut SplitMix64) -> scopa_core::scopa::teams::TeamMove {
    let n = m.hand().legal_move_count();
    let k = scopa_core::deal::below(rng, n as u32) as usize;
    m.hand().nth_legal_move(k).unwrap()
}

/// Plays on from `m` with random legal moves to the end of the match (or 2,000 plays):
/// every play is accepted and every state saves and restores.
fn plays_to_a_legal_end(mut m: TeamMatch, rng: &mut SplitMix64) -> Result<(), TestCaseError> {
    let mut count = 0;
    while m.winner().is_none() && count < 2_000 {
        let mv = random_move(&m, rng);
        m.play(m.turn(), mv).unwrap();
        count += 1;
    }
    let back = TeamMatch::from_bytes(&m.to_bytes());
    prop_assert_eq!(back.as_ref(), Ok(&m));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A two-deck snapshot round-trips at every play of a whole match, and the restored
    /// match plays on identically.
    #[test]
    fn a_two_deck_snapshot_round_trips_at_every_play(
        rules in any_rules(), seed in any::<u64>(), picks in any::<u64>(), target in 1u8..=16,
    ) {
        let rules = Rules { target, ..rules };
        let mut m = TeamMatch::new(rules, seed).unwrap();
        let mut rng = SplitMix64::new(picks);
        let mut count = 0;
        loop {
            let bytes = m.to_bytes();
            prop_assert!(bytes.len() <= scopa_core::scopa::SNAPSHOT_LEN);
            let restored = TeamMatch::from_bytes(&bytes);
            prop_assert_eq!(restored.as_ref(), Ok(&m), "play {}", count);
            if m.winner().is_some() || count >= 1_000 {
                break;
            }
            let mv = random_move(&m, &mut rng);
            let mut back = restored.unwrap();
            let (a, b) = (m.play(m.turn(), mv), back.play(back.turn(), mv));
            prop_assert_eq!(a, b);
            prop_assert_eq!(&back, &m);
            count += 1;
        }
    }

    /// Random bytes behind a valid header and checksum, and single-byte changes of a valid
    /// snapshot (with and without the checksum made to match), never panic: they are
    /// refused, or restore a match that plays on to a legal end.
    #[test]
    fn damaged_two_deck_snapshots_never_panic(
        rules in any_rules(), seed in any::<u64>(), plays in 0usize..200,
        at in 0usize..303, value in any::<u8>(), noise in any::<u64>(),
    ) {
        let mut m = TeamMatch::new(rules, seed).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        for _ in 0..plays {
            if m.winner().is_some() {
                break;
            }
            let mv = random_move(&m, &mut rng);
            m.play(m.turn(), mv).unwrap();
        }
        let reseal = |b: &mut [u8]| {
            let crc = scopa_core::snapshot::crc32(&b[..303]);
            b[303..].copy_from_slice(&crc.to_le_bytes());
        };
        let good = m.to_bytes();
        let mut bytes = good;
        bytes[at] = value;
        if bytes != good {
            prop_assert!(TeamMatch::from_bytes(&bytes).is_err());
        }
        reseal(&mut bytes);
        if let Ok(restored) = TeamMatch::from_bytes(&bytes) {
            prop_assert_eq!(restored.to_bytes(), bytes);
            plays_to_a_legal_end(restored, &mut rng)?;
        }
        let mut random = [0u8; scopa_core::scopa::teams::TEAM_SNAPSHOT_LEN];
        let mut r = SplitMix64::new(noise);
        for x in random.iter_mut() {
            *x = scopa_core::deal::below(&mut r, 256) as u8;
        }
        prop_assert!(TeamMatch::from_bytes(&random).is_err());
        random[..5].copy_from_slice(&good[..5]);
        reseal(&mut random);
        if let Ok(restored) = TeamMatch::from_bytes(&random) {
            plays_to_a_legal_end(restored, &mut rng)?;
        }
    }
}
