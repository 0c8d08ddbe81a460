//! Shared by the property files (`mod common;`): the rules strategy and the proptest
//! configuration, so every property covers every deal and option the same way and scales
//! and keeps its failures the same way.
#![allow(dead_code)] // each test file uses its own part

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use scopa_core::{AceRule, CardSet, DealKind, Deck, Match, PrimieraRule, Rules, SplitMix64};
use scopa_tests::walk::pick;

/// Every (players, deal) pair that validates.
pub const TABLES: [(u8, DealKind); 5] = [
    (2, DealKind::Standard),
    (3, DealKind::Standard),
    (4, DealKind::Standard),
    (4, DealKind::Scopone),
    (4, DealKind::ScoponeScientifico),
];

/// Every option combination that validates, with a target in `target`.
pub fn rules_with_target(target: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = Rules> {
    (
        select(TABLES.to_vec()),
        target,
        select(PrimieraRule::ALL.to_vec()),
        select(AceRule::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |((players, deal), target, primiera, ace, napola, re_bello, kings_redeal)| Rules {
                players,
                deal,
                target,
                primiera,
                ace,
                napola,
                re_bello,
                kings_redeal,
            },
        )
}

/// `cases` proptest cases, scaled by `SCOPA_PROPTEST_SCALE` (a float, default 1: e.g.
/// `SCOPA_PROPTEST_SCALE=10 cargo test -p scopa-tests` runs ten times as many). Failing cases
/// are kept beside the test file, in `<file>.proptest-regressions`, and run first next time
/// (proptest's default location needs a `lib.rs` above the test file, which `tests/tests/`
/// has not).
pub fn config(cases: u32) -> ProptestConfig {
    let scale: f64 = std::env::var("SCOPA_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    ProptestConfig {
        cases: ((f64::from(cases) * scale) as u32).max(1),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// A match of `rules` played with random moves (from `choices`) for `plies` plays or to
/// its end.
pub fn played(rules: Rules, seed: u64, plies: usize, choices: u64) -> Match {
    let mut m = Match::new(rules, seed).unwrap();
    let mut rng = SplitMix64::new(choices);
    for _ in 0..plies {
        if m.is_over() {
            break;
        }
        let moves = m.legal_moves();
        m.play(m.turn(), moves[pick(&mut rng, moves.len())])
            .unwrap();
    }
    m
}

/// Every card of the view that the seat cannot see, in the positions of `deck`: the
/// permutation of them by `rng_seed` gives a deck that differs only in hidden cards.
pub fn permute_hidden(deck: &Deck, hidden: CardSet, rng_seed: u64) -> Deck {
    let mut cards = *deck.cards();
    let positions: Vec<usize> = (0..40).filter(|&i| hidden.contains(cards[i])).collect();
    let mut values: Vec<scopa_core::Card> = positions.iter().map(|&i| cards[i]).collect();
    let mut rng = scopa_core::SplitMix64::new(rng_seed);
    for i in (1..values.len()).rev() {
        let j = scopa_core::deal::below(&mut rng, i as u32 + 1) as usize;
        values.swap(i, j);
    }
    for (p, c) in positions.into_iter().zip(values) {
        cards[p] = c;
    }
    Deck::from_cards(&cards).unwrap()
}
