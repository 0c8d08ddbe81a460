//! Shared by the property files (`mod common;`): the rules strategy and the proptest
//! configuration, so every property covers every deal and option the same way and scales
//! and keeps its failures the same way.
#![allow(dead_code)] // each test file uses its own part

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use scopa_core::scopa::{AceRule, DealKind, Match, PrimieraRule, Rules};
use scopa_core::{CardSet, Deck, SplitMix64};
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
                decks: 1,
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

/// Where a game's match sits in a session save (`scopa_core::session::save`): the session's
/// secret, the match snapshot's start, and in it the PRNG of the deals to come, the deck
/// order and the CRC.
pub struct SaveLayout {
    /// The session's secret (8 bytes).
    pub secret: usize,
    /// The match snapshot.
    pub start: usize,
    /// The PRNG state (8 bytes).
    pub rng: usize,
    /// The deck order (card indices; 255 past the cards in play).
    pub deck: usize,
    /// Its length: 40 with one deck, 80 with two.
    pub deck_len: usize,
    /// The snapshot's CRC-32, of the bytes from `start` to it.
    pub snap_crc: usize,
}

/// The session's match inside a save of versions 1 and 2 (one deck).
pub const MATCH: usize = 26;
/// The session's match inside a save of versions 3 and 4 (two decks: 8 seats in the header).
pub const BIG_MATCH: usize = 30;
/// Scopa's match snapshot (version 1 saves).
pub const SCOPA_SAVE: SaveLayout = SaveLayout {
    secret: 10,
    start: MATCH,
    rng: MATCH + 22,
    deck: MATCH + 30,
    deck_len: 40,
    snap_crc: MATCH + 330,
};
/// Briscola's match snapshot (version 2 saves).
pub const BRISCOLA_SAVE: SaveLayout = SaveLayout {
    secret: 10,
    start: MATCH,
    rng: MATCH + 14,
    deck: MATCH + 22,
    deck_len: 40,
    snap_crc: MATCH + 108,
};
/// Two-deck Scopa's match snapshot (`SCP2`, version 3 saves). Its plays name a card by its
/// position in the seat's hand: after a permutation they are written again (see
/// `tests/tests/big_hidden.rs`).
pub const TEAMS_SAVE: SaveLayout = SaveLayout {
    secret: 14,
    start: BIG_MATCH,
    rng: BIG_MATCH + 24,
    deck: BIG_MATCH + 32,
    deck_len: 80,
    snap_crc: BIG_MATCH + 303,
};
/// Two-deck Briscola's match snapshot (`BRS2`, version 4 saves).
pub const TWO_DECK_BRISCOLA_SAVE: SaveLayout = SaveLayout {
    secret: 14,
    start: BIG_MATCH,
    rng: BIG_MATCH + 15,
    deck: BIG_MATCH + 23,
    deck_len: 80,
    snap_crc: BIG_MATCH + 190,
};

/// `bytes` (a session save laid out as `at`) with the cards `hidden` permuted in the deck,
/// other deals to come and another secret, the checksums made right.
pub fn permuted_save(
    bytes: &[u8; scopa_core::session::SAVE_LEN],
    at: &SaveLayout,
    hidden: CardSet,
    shuffle: u64,
) -> [u8; scopa_core::session::SAVE_LEN] {
    use scopa_core::session::SAVE_LEN;
    use scopa_core::snapshot::crc32;
    let mut b = *bytes;
    let positions: Vec<usize> = (0..at.deck_len)
        .filter(|&i| {
            scopa_core::Card::from_index(b[at.deck + i]).is_some_and(|c| hidden.contains(c))
        })
        .collect();
    let mut values: Vec<u8> = positions.iter().map(|&i| b[at.deck + i]).collect();
    let mut rng = SplitMix64::new(shuffle);
    for i in (1..values.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        values.swap(i, j);
    }
    for (p, v) in positions.into_iter().zip(values) {
        b[at.deck + p] = v;
    }
    b[at.rng..at.rng + 8].copy_from_slice(&rng.next().to_le_bytes());
    b[at.secret..at.secret + 8].copy_from_slice(&rng.next().to_le_bytes());
    let crc = crc32(&b[at.start..at.snap_crc]);
    b[at.snap_crc..at.snap_crc + 4].copy_from_slice(&crc.to_le_bytes());
    let crc = crc32(&b[..SAVE_LEN - 4]);
    b[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    b
}

/// One step of a random person on `p`: the due timer fired, or a card (a capture) picked by
/// `rng` for the seat to play, or Continue; `false` (nothing done) once the match is over
/// and only a rematch is offered.
pub fn random_step(p: &mut scopa_core::session::driver::Presenter, rng: &mut SplitMix64) -> bool {
    use scopa_core::session::Action;
    use scopa_core::session::pacing::Next;
    use scopa_core::session::table::Choices;
    let frame = p.frame();
    let step = match (frame.next, &frame.choices) {
        (Next::Due(due), _) => p.fire(due.token),
        (Next::Wait(_), Choices::Cards(c)) => p.act(Action::Select(
            c[(rng.next() % c.len() as u64) as usize].card,
        )),
        (Next::Wait(_), Choices::Captures { options, .. }) => {
            p.act(Action::Capture((rng.next() % options.len() as u64) as u8))
        }
        (Next::Wait(_), Choices::None) if frame.offers.rematch => return false,
        (Next::Wait(_), Choices::None) => p.act(Action::Continue),
    };
    step.unwrap();
    true
}

/// What `looker` is shown of `s`: its own frame, and the presenter's when that shows no
/// more (its viewer is the looker, or nobody), with a hint when one can be asked; each with
/// its JSON as `scopa_frame` writes it out.
pub fn frames_of(
    s: &scopa_core::session::Session,
    looker: Option<u8>,
) -> Vec<(scopa_core::session::table::Frame, String)> {
    use scopa_core::session::driver::Presenter;
    use scopa_core::session::pacing::Pacing;
    use scopa_core::session::table::Frame;
    let mut frames = vec![Frame::for_seat(
        s,
        looker,
        Default::default(),
        &Pacing::APPS,
    )];
    let mut p = Presenter::resumed(s.clone(), Pacing::APPS);
    if s.viewer().is_none() || s.viewer() == looker {
        if p.peek().offers.hint {
            p.hint().unwrap();
        }
        frames.push(p.frame());
    }
    frames
        .into_iter()
        .map(|f| {
            let json = serde_json::to_string(&scopa_frame::Frame::new(&f, s, &[])).unwrap();
            (f, json)
        })
        .collect()
}
