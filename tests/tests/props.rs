//! The property suite of scopa-core: conservation, legality both ways against a brute-force
//! oracle, the capture rules, scoring against an independent scorer, determinism,
//! snapshots, and the absence of leaks in views.

use proptest::prelude::*;
use proptest::sample::select;
use scopa_core::scopa::{
    AceRule, DealKind, Event, HandState, Match, Move, PlayerView, PrimieraRule, Rules, SNAPSHOT_LEN,
};
use scopa_core::snapshot::crc32;
use scopa_core::{Card, CardSet, SplitMix64};
use scopa_tests::oracle::{self, cards_of};
use scopa_tests::walk::{Tracker, check_conservation, check_moves, expected_hand_size, pick};

mod common;
use common::{TABLES, config, played, rules_with_target};

/// Every option combination that validates (short targets keep matches quick).
fn any_rules() -> impl Strategy<Value = Rules> {
    rules_with_target(1..=5)
}

/// Every option combination that validates, as a list (5 × 3 × 3 × 2 × 2 × 2 = 360).
fn every_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for (players, deal) in TABLES {
        for primiera in PrimieraRule::ALL {
            for ace in AceRule::ALL {
                for napola in [false, true] {
                    for re_bello in [false, true] {
                        for kings_redeal in [false, true] {
                            out.push(Rules {
                                players,
                                decks: 1,
                                deal,
                                target: 11,
                                primiera: *primiera,
                                ace: *ace,
                                napola,
                                re_bello,
                                kings_redeal,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// Plays one hand with random legal moves (chosen from the oracle's list), checking every
/// state. Returns the number of plays.
fn walk_hand(rules: Rules, dealer: u8, seed: u64, choices: u64) -> usize {
    let mut h = HandState::deal(rules, dealer, &mut SplitMix64::new(seed)).unwrap();
    assert_eq!(h.plays(), 0);
    assert!(h.last_capture().is_none() && (0..3).all(|s| h.pile(s).is_empty() && h.scope(s) == 0));
    assert!(
        !rules.kings_redeal || h.table().count_value(10) < 3,
        "3+ Kings dealt to the table"
    );
    let mut t = Tracker::new(&h);
    let mut rng = SplitMix64::new(choices);
    let mut plays = 0;
    loop {
        check_conservation(&h);
        check_moves(&h);
        if h.is_finished() {
            break;
        }
        let hand = h.hand(h.turn());
        let moves: Vec<Move> = cards_of(hand)
            .into_iter()
            .flat_map(|c| {
                oracle::legal_captures(h.table(), c, rules.ace)
                    .into_iter()
                    .map(move |s| Move::new(c, s))
            })
            .collect();
        let mv = moves[pick(&mut rng, moves.len())];
        // The unchecked fast path reaches the same state as the checked play.
        let mut fast = h;
        fast.play_unchecked(mv);
        t.play(&mut h, mv);
        assert_eq!(fast, h, "play_unchecked({mv}) differs from play");
        plays += 1;
    }
    assert_eq!(plays, usize::from(rules.plays_per_hand()));
    plays
}

#[test]
fn the_rules_strategy_covers_only_valid_rules_and_every_list_entry_validates() {
    let all = every_rules();
    assert_eq!(all.len(), 360);
    for r in &all {
        assert_eq!(r.validate(), Ok(()), "{r:?}");
    }
}

/// One full hand under every option combination, with every state checked.
#[test]
fn every_option_combination_plays_a_consistent_hand() {
    for (i, rules) in every_rules().into_iter().enumerate() {
        let dealer = (i % usize::from(rules.players)) as u8;
        walk_hand(rules, dealer, i as u64 * 7919, i as u64);
    }
}

/// A position whose seat to play holds `card` (plus fillers) with `table` on the table.
/// `last`: the next play is the last of the hand. 2 players, dealer 1.
fn position(rules: Rules, card: Card, table: CardSet, last: bool) -> Option<HandState> {
    let rules = Rules {
        players: 2,
        deal: DealKind::Standard,
        ..rules
    };
    let mut free = cards_of(CardSet::ALL - table - CardSet::single(card)).into_iter();
    let (plays, hands) = if last {
        // Play 35 of 36: seat 1 holds one card, seat 0 none.
        (35, [CardSet::EMPTY, CardSet::single(card)])
    } else {
        // Play 30: both seats hold 3 cards; seat 0 to play.
        let mut h0 = CardSet::single(card);
        let mut h1 = CardSet::EMPTY;
        for _ in 0..2 {
            h0.insert(free.next()?);
        }
        for _ in 0..3 {
            h1.insert(free.next()?);
        }
        (30, [h0, h1])
    };
    let rest: CardSet = free.collect();
    HandState::from_position(
        rules,
        1,
        plays,
        &hands,
        table,
        &[rest, CardSet::EMPTY],
        &[0, 0],
        Some(0),
        &[],
    )
    .ok()
}

fn table_and_card() -> impl Strategy<Value = (CardSet, Card)> {
    // Reachable tables hold up to 13 cards (tests/capacity.rs).
    (proptest::collection::btree_set(0u8..40, 0..=13), 0u8..40).prop_filter_map(
        "card on the table",
        |(idx, c)| {
            let table: CardSet = idx.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            let card = Card::from_index(c).unwrap();
            (!table.contains(card)).then_some((table, card))
        },
    )
}

/// Tables biased towards Aces and low cards, where the Ace options matter.
fn ace_table() -> impl Strategy<Value = (CardSet, Card)> {
    (
        proptest::collection::btree_set(
            prop_oneof![0u8..4, 0u8..40].prop_map(|i| if i < 4 { i * 10 } else { i }),
            1..7,
        ),
        0u8..4,
    )
        .prop_filter_map("ace on the table", |(idx, s)| {
            let table: CardSet = idx.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            let card = Card::from_index(s * 10).unwrap();
            (!table.contains(card)).then_some((table, card))
        })
}

proptest! {
    #![proptest_config(config(3000))]

    /// Properties 1–4 on random hands: conservation, legality both ways against the
    /// oracle, the targeted §3 rules, scopa and scoring against the independent scorer.
    #[test]
    fn random_hands_follow_the_rules(
        rules in any_rules(),
        dealer in 0u8..4,
        seed in any::<u64>(),
        choices in any::<u64>(),
    ) {
        walk_hand(rules, dealer % rules.players, seed, choices);
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// Property 5: same seed, rules and move chooser → the same transcript.
    #[test]
    fn matches_are_deterministic(rules in any_rules(), seed in any::<u64>(), choices in any::<u64>()) {
        let run = || {
            let mut m = Match::new(rules, seed).unwrap();
            let mut rng = SplitMix64::new(choices);
            let mut transcript = Vec::new();
            while !m.is_over() && transcript.len() < 2000 {
                let moves = m.legal_moves();
                let mv = moves[pick(&mut rng, moves.len())];
                let seat = m.turn();
                let events = m.play(seat, mv).unwrap();
                transcript.push((seat, mv, events.to_vec(), m.scores()));
            }
            (transcript, m.to_bytes())
        };
        let (a, bytes_a) = run();
        let (b, bytes_b) = run();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(bytes_a.to_vec(), bytes_b.to_vec());
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Property 6a: every ply round-trips through a snapshot and continues identically.
    #[test]
    fn snapshots_round_trip_at_every_ply(rules in any_rules(), seed in any::<u64>(), choices in any::<u64>()) {
        let mut m = Match::new(rules, seed).unwrap();
        let mut rng = SplitMix64::new(choices);
        for _ in 0..600 {
            let bytes = m.to_bytes();
            prop_assert_eq!(bytes.len(), SNAPSHOT_LEN);
            let mut back = Match::from_bytes(&bytes).unwrap();
            prop_assert_eq!(&back, &m);
            if m.is_over() {
                break;
            }
            let moves = m.legal_moves();
            prop_assert_eq!(&back.legal_moves(), &moves);
            let mv = moves[pick(&mut rng, moves.len())];
            let seat = m.turn();
            let e1 = m.play(seat, mv).unwrap();
            let e2 = back.play(seat, mv).unwrap();
            prop_assert_eq!(e1, e2);
            prop_assert_eq!(&back, &m);
        }
    }
}

proptest! {
    #![proptest_config(config(20000))]

    /// Property 6b: arbitrary bytes never panic; anything accepted is consistent.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(m) = Match::from_bytes(&bytes) {
            check_match(&m, 1);
        }
    }
}

proptest! {
    #![proptest_config(config(20000))]

    /// Property 6b': arbitrary bodies behind a valid header and checksum reach the deeper
    /// checks, and never panic.
    #[test]
    fn arbitrary_bodies_with_a_valid_checksum_never_panic(body in proptest::collection::vec(any::<u8>(), 325)) {
        let mut bytes = [0u8; SNAPSHOT_LEN];
        bytes[..5].copy_from_slice(b"SCPA\x01");
        bytes[5..330].copy_from_slice(&body);
        let crc = crc32(&bytes[..330]);
        bytes[330..].copy_from_slice(&crc.to_le_bytes());
        if let Ok(m) = Match::from_bytes(&bytes) {
            check_match(&m, 1);
        }
    }
}

proptest! {
    #![proptest_config(config(5000))]

    /// Property 6c: mutated valid snapshots (with and without a fixed CRC) never panic and
    /// either fail or give a consistent match.
    #[test]
    fn mutated_snapshots_fail_or_are_consistent(
        rules in any_rules(),
        seed in any::<u64>(),
        plies in 0usize..120,
        mutations in proptest::collection::vec((0usize..SNAPSHOT_LEN, 1u8..=255), 1..5),
        fix_crc in any::<bool>(),
        choices in any::<u64>(),
    ) {
        let m = played(rules, seed, plies, choices);
        let mut bytes = m.to_bytes();
        for (at, x) in &mutations {
            bytes[*at] ^= x;
        }
        if fix_crc {
            let crc = crc32(&bytes[..330]);
            bytes[330..].copy_from_slice(&crc.to_le_bytes());
        }
        let changed = bytes != m.to_bytes();
        match Match::from_bytes(&bytes) {
            Ok(back) => {
                // Without a fixed checksum, damage never gets through.
                prop_assert!(fix_crc || !changed, "damaged bytes accepted without a valid CRC");
                check_match(&back, choices);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// Property 7 (match level): permuting the hidden cards (other hands and the deck)
    /// changes nothing in the seat's view, which equals a view rebuilt from public facts.
    #[test]
    fn views_do_not_leak_hidden_cards(
        rules in any_rules(),
        seed in any::<u64>(),
        plies in 0usize..80,
        seat in 0u8..4,
        rotate in 1usize..40,
        choices in any::<u64>(),
    ) {
        let seat = seat % rules.players;
        let m = played(rules, seed, plies, choices);
        let h = m.hand();
        let mut hidden = h.deck();
        for s in (0..rules.players).filter(|&s| s != seat) {
            hidden |= h.hand(s);
        }
        let mut bytes = m.to_bytes();
        let positions: Vec<usize> = (30..70)
            .filter(|&i| hidden.contains(Card::from_index(bytes[i]).unwrap()))
            .collect();
        prop_assert_eq!(positions.len() as u32, hidden.len());
        if positions.len() >= 2 {
            let cards: Vec<u8> = positions.iter().map(|&i| bytes[i]).collect();
            let r = rotate % cards.len();
            let r = if r == 0 { 1 } else { r };
            for (k, &i) in positions.iter().enumerate() {
                bytes[i] = cards[(k + r) % cards.len()];
            }
            let crc = crc32(&bytes[..330]);
            bytes[330..].copy_from_slice(&crc.to_le_bytes());
            let other = Match::from_bytes(&bytes).unwrap();
            prop_assert_ne!(other.deck(), m.deck());
            let (va, vb) = (m.view(seat).unwrap(), other.view(seat).unwrap());
            prop_assert_eq!(&va, &vb);
            compare_public(&va, &vb);
            // The public counts are the real ones.
            for s in 0..rules.players {
                prop_assert_eq!(va.hand_size(s), h.hand_len(s));
            }
            for side in 0..rules.sides() {
                prop_assert_eq!(va.pile(side), h.pile(side));
                prop_assert_eq!(va.scope(side), h.scope(side));
            }
            if !m.is_over() {
                prop_assert_eq!(va.deck_left(), h.deck_len());
            }
            if !m.is_over() {
                let public = PlayerView::from_public(
                    rules, seat, va.dealer(), va.hand(), va.table(), va.history(), va.scores(),
                )
                .unwrap();
                compare_public(&va, &public);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// Property 7 (hand level): swapping hidden cards between opponents' hands and the deck
    /// through `HandState::from_position` leaves the seat's public facts unchanged.
    #[test]
    fn hand_positions_differing_in_hidden_cards_look_the_same(
        rules in any_rules(),
        seed in any::<u64>(),
        plies in 0usize..36,
        seat in 0u8..4,
        swap_seed in any::<u64>(),
    ) {
        let seat = seat % rules.players;
        let mut h = HandState::deal(rules, 0, &mut SplitMix64::new(seed)).unwrap();
        let mut rng = SplitMix64::new(swap_seed);
        for _ in 0..plies {
            if h.is_finished() {
                break;
            }
            let moves = h.legal_moves();
            h.play(h.turn(), moves[pick(&mut rng, moves.len())]).unwrap();
        }
        // Hidden cards in place order: opponents' hands, then the deck.
        let n = rules.players;
        let opponents: Vec<u8> = (0..n).filter(|&s| s != seat).collect();
        let mut hidden: Vec<Card> = Vec::new();
        for &s in &opponents {
            hidden.extend(cards_of(h.hand(s)));
        }
        let deck = h.deck_order();
        hidden.extend(deck.iter().copied());
        // Shuffle the hidden cards (Fisher–Yates) and deal them back to the same places.
        for i in (1..hidden.len()).rev() {
            hidden.swap(i, pick(&mut rng, i + 1));
        }
        let mut it = hidden.into_iter();
        let mut hands: Vec<CardSet> = (0..n).map(|s| h.hand(s)).collect();
        for &s in &opponents {
            hands[s as usize] = it.by_ref().take(h.hand_len(s) as usize).collect();
        }
        let new_deck: Vec<Card> = it.collect();
        let k = rules.sides();
        let piles: Vec<CardSet> = (0..k).map(|s| h.pile(s)).collect();
        let scope: Vec<u8> = (0..k).map(|s| h.scope(s)).collect();
        let g = HandState::from_position(
            rules, h.dealer(), h.plays(), &hands, h.table(), &piles, &scope, h.last_capture(), &new_deck,
        )
        .unwrap();
        check_conservation(&g);
        prop_assert_eq!(g.hand(seat), h.hand(seat));
        prop_assert_eq!(g.table(), h.table());
        prop_assert_eq!(g.turn(), h.turn());
        prop_assert_eq!(g.deck_len(), h.deck_len());
        prop_assert_eq!(g.last_capture(), h.last_capture());
        prop_assert_eq!(g.is_finished(), h.is_finished());
        for s in 0..n {
            prop_assert_eq!(g.hand_len(s), h.hand_len(s));
        }
        for s in 0..k {
            prop_assert_eq!(g.pile(s), h.pile(s));
            prop_assert_eq!(g.scope(s), h.scope(s));
        }
        if h.turn() == seat {
            prop_assert_eq!(g.legal_moves(), h.legal_moves());
        }
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// Property 2/3 on arbitrary tables (not only reachable ones): the engine's capture
    /// list equals the oracle's for every Ace option — truncated at `MAX_CAPTURES`, as
    /// documented, on the unreachable tables that have more (tests/capacity.rs shows no
    /// reachable table does).
    #[test]
    fn captures_equal_the_oracle_on_arbitrary_tables((table, card) in table_and_card()) {
        for ace in AceRule::ALL {
            let legal = oracle::legal_captures(table, card, *ace);
            let kept = legal.len().min(scopa_core::scopa::MAX_CAPTURES);
            prop_assert_eq!(scopa_core::scopa::captures(table, card, *ace).to_vec(), legal[..kept].to_vec());
            prop_assert_eq!(scopa_core::scopa::capture_count(table, card, *ace), legal.len());
            for s in oracle::all_subsets(table) {
                prop_assert_eq!(
                    scopa_core::scopa::is_legal_capture(table, card, s, *ace),
                    legal.contains(&s),
                    "{} taking {} on {} under {}", card, s, table, ace
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config(5000))]

    /// Property 3: the equal-value rule and the mandatory capture, played for real, and the
    /// scopa that follows a sweep (never on the last play).
    #[test]
    fn equal_value_and_mandatory_capture((table, card) in table_and_card(), ace in select(AceRule::ALL.to_vec()), last in any::<bool>()) {
        let rules = Rules { ace, ..Rules::default() };
        let Some(h) = position(rules, card, table, last) else { return Ok(()); };
        let seat = h.turn();
        prop_assert!(h.hand(seat).contains(card));
        let equal: Vec<Card> = cards_of(table).into_iter().filter(|c| c.value() == card.value()).collect();
        let caps = h.captures(card);
        if !equal.is_empty() {
            for cap in &caps {
                let whole = ace == AceRule::MatchTakesAll && card.value() == 1 && *cap == table;
                prop_assert!(whole || (cap.len() == 1 && equal.contains(&cap.first().unwrap())));
            }
            for e in &equal {
                prop_assert!(caps.contains(&CardSet::single(*e)));
            }
        }
        if caps.iter().any(|c| !c.is_empty()) {
            prop_assert!(!h.is_legal(seat, Move::lay(card)));
        } else {
            prop_assert!(h.is_legal(seat, Move::lay(card)));
        }
        for cap in &caps {
            let mut g = h;
            let events = g.play(seat, Move::new(card, *cap)).unwrap();
            let scopa = has_scopa(&events);
            let takes_all = oracle::is_ace_takes_all(table, card, *cap, ace);
            prop_assert_eq!(scopa, !cap.is_empty() && *cap == table && !last && !takes_all);
            prop_assert_eq!(g.scope(seat), u8::from(scopa));
        }
    }
}

proptest! {
    #![proptest_config(config(5000))]

    /// Property 3: the Ace options on Ace-heavy tables.
    #[test]
    fn ace_options((table, ace_card) in ace_table(), last in any::<bool>()) {
        let aces_on_table = table.count_value(1);
        // takes_all: no Ace on the table → the whole table, never a scopa.
        let rules = Rules { ace: AceRule::TakesAll, ..Rules::default() };
        if let Some(h) = position(rules, ace_card, table, last) {
            let caps = h.captures(ace_card);
            if aces_on_table == 0 {
                prop_assert_eq!(caps.to_vec(), vec![table]);
                let mut g = h;
                let events = g.play(g.turn(), Move::new(ace_card, table)).unwrap();
                prop_assert!(!has_scopa(&events));
                prop_assert!(table.is_subset(g.pile(h.turn())));
            } else {
                prop_assert!(caps.iter().all(|c| c.len() == 1 && c.count_value(1) == 1));
            }
        }
        // match_takes_all: an Ace on the table → one Ace or the whole table (a scopa
        // unless it is the last play).
        let rules = Rules { ace: AceRule::MatchTakesAll, ..Rules::default() };
        if let Some(h) = position(rules, ace_card, table, last) {
            let caps = h.captures(ace_card);
            if aces_on_table > 0 {
                prop_assert!(caps.contains(&table));
                let singles = caps.iter().filter(|c| c.len() == 1).count() as u32;
                prop_assert_eq!(singles, aces_on_table);
                let mut g = h;
                let events = g.play(g.turn(), Move::new(ace_card, table)).unwrap();
                let scopa = has_scopa(&events);
                prop_assert_eq!(scopa, !last);
            } else {
                // No Ace on the table: a plain 1, which no sum of two cards reaches.
                prop_assert_eq!(caps.to_vec(), vec![CardSet::EMPTY]);
            }
        }
    }
}

fn has_scopa(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Scopa { .. }))
}

/// The public parts of two views agree.
fn compare_public(a: &PlayerView, b: &PlayerView) {
    assert_eq!(a.seat(), b.seat());
    assert_eq!(a.hand(), b.hand());
    assert_eq!(a.table(), b.table());
    assert_eq!(a.history(), b.history());
    assert_eq!(a.unseen(), b.unseen());
    assert_eq!(a.deck_left(), b.deck_left());
    assert_eq!(a.last_capture(), b.last_capture());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.turn(), b.turn());
    assert_eq!(a.legal_moves(), b.legal_moves());
    for side in 0..3 {
        assert_eq!(a.pile(side), b.pile(side));
        assert_eq!(a.scope(side), b.scope(side));
    }
    for seat in 0..4 {
        assert_eq!(a.hand_size(seat), b.hand_size(seat));
    }
}

/// A restored match is consistent: every card once, every legal move playable, a
/// round trip gives it back, and the rest of the match plays out under the checks, every
/// state on the way saving and restoring to itself.
fn check_match(m: &Match, seed: u64) {
    check_conservation(m.hand());
    let back = Match::from_bytes(&m.to_bytes()).expect("a restored match saves and restores");
    assert_eq!(&back, m);
    if m.is_over() {
        assert!(m.legal_moves().is_empty());
        return;
    }
    check_moves(m.hand());
    for mv in m.legal_moves() {
        let mut g = m.clone();
        g.play(g.turn(), mv)
            .expect("a legal move of a restored match plays");
    }
    let mut g = m.clone();
    let mut rng = SplitMix64::new(seed);
    while !g.is_over() {
        let moves = g.legal_moves();
        g.play(g.turn(), moves[pick(&mut rng, moves.len())])
            .unwrap();
        check_conservation(g.hand());
        let back = Match::from_bytes(&g.to_bytes()).expect("a reachable state saves and restores");
        assert_eq!(back, g);
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// Property 4 at match level: each hand's points are added to the running scores, the
    /// match ends exactly when docs/rules.md §6 says, and the dealer rotates.
    #[test]
    fn match_scores_follow_the_hands(rules in rules_with_target(1..=21), seed in any::<u64>(), choices in any::<u64>()) {
        let mut m = Match::new(rules, seed).unwrap();
        let mut rng = SplitMix64::new(choices);
        let k = usize::from(rules.sides());
        let n = u16::from(rules.players);
        let mut plies = 0;
        while !m.is_over() {
            check_conservation(m.hand());
            prop_assert_eq!(u16::from(m.dealer()), (u16::from(m.first_dealer()) + m.hand_number()) % n);
            let before = m.scores();
            let moves = m.legal_moves();
            let events = m.play(m.turn(), moves[pick(&mut rng, moves.len())]).unwrap();
            plies += 1;
            prop_assert!(plies < 20_000, "the match does not end");
            let Some(score) = events.iter().find_map(|e| match e {
                Event::HandFinished(s) => Some(*s),
                _ => None,
            }) else {
                prop_assert_eq!(m.scores(), before);
                continue;
            };
            let mut expected = before;
            for (t, p) in expected.iter_mut().zip(score.totals()) {
                *t += p;
            }
            prop_assert_eq!(m.scores(), expected);
            prop_assert_eq!(m.last_hand().map(|l| l.score), Some(score));
            let best = *expected[..k].iter().max().unwrap();
            let leaders = expected[..k].iter().filter(|&&x| x == best).count();
            let ends = best >= u16::from(rules.target) && leaders == 1;
            prop_assert_eq!(m.is_over(), ends);
            if ends {
                let w = expected.iter().position(|&x| x == best).unwrap() as u8;
                prop_assert_eq!(m.winner(), Some(w));
                let finished = Event::MatchFinished { winner: w, scores: expected };
                prop_assert!(events.contains(&finished), "no MatchFinished event");
            } else {
                prop_assert!(events.iter().any(|e| matches!(e, Event::NewHand { .. })), "no NewHand event");
                prop_assert_eq!(m.hand().plays(), 0);
                prop_assert!(m.history().is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// Property 4 on arbitrary piles: `score_hand` equals the independent scorer for every
    /// rules variant, on any split of the 40 cards between the sides (and cards left out).
    #[test]
    fn score_hand_equals_the_independent_scorer(
        rules in any_rules(),
        owner in proptest::collection::vec(0u8..4, 40),
        scope in proptest::collection::vec(0u8..6, 3),
    ) {
        let k = usize::from(rules.sides());
        let mut piles = vec![CardSet::EMPTY; k];
        for (i, &o) in owner.iter().enumerate() {
            // owner ≥ k: the card is nowhere (still on the table of an unfinished hand).
            if usize::from(o) < k {
                piles[usize::from(o)].insert(Card::from_index(i as u8).unwrap());
            }
        }
        let own = scopa_tests::scorer::score(&rules, &piles, &scope[..k]);
        let core = scopa_core::scopa::score_hand(&rules, &piles, &scope[..k]).unwrap();
        scopa_tests::walk::check_score(&rules, &own, &core);
    }

    /// docs/rules.md §2: the deal, from an explicit deck order — 3 (9, 10) cards to each seat
    /// from the eldest, then the table, then the later rounds in the same order; a deck
    /// putting 3+ Kings on the table is refused under `kings_redeal`.
    #[test]
    fn the_deal_follows_the_deck_order(
        rules in any_rules(),
        dealer in 0u8..4,
        order in Just((0u8..40).collect::<Vec<u8>>()).prop_shuffle(),
        choices in any::<u64>(),
    ) {
        let dealer = dealer % rules.players;
        let cards: Vec<Card> = order.iter().map(|&i| Card::from_index(i).unwrap()).collect();
        let deck = scopa_core::Deck::from_cards(&cards).unwrap();
        let n = usize::from(rules.players);
        let cpr = match rules.deal {
            DealKind::Standard => 3,
            DealKind::Scopone => 9,
            DealKind::ScoponeScientifico => 10,
        };
        let table_len = if rules.deal == DealKind::ScoponeScientifico { 0 } else { 4 };
        let initial: CardSet = cards[n * cpr..n * cpr + table_len].iter().copied().collect();
        let res = HandState::from_deck(rules, dealer, &deck);
        if rules.kings_redeal && initial.count_value(10) >= 3 {
            prop_assert!(matches!(res, Err(scopa_core::scopa::DealError::KingsOnTable { .. })), "3+ Kings accepted");
            return Ok(());
        }
        let mut h = res.unwrap();
        prop_assert_eq!(h.table(), initial);
        // Slices of the deck: round r, position p (from the eldest).
        let slice = |r: usize, p: usize| -> CardSet {
            let start = if r == 0 { p * cpr } else { n * cpr + table_len + ((r - 1) * n + p) * cpr };
            cards[start..start + cpr].iter().copied().collect()
        };
        let mut rng = SplitMix64::new(choices);
        let mut round = 0;
        loop {
            if !h.is_finished() && h.plays() as usize == round * n * cpr {
                for p in 0..n {
                    let seat = ((usize::from(dealer) + 1 + p) % n) as u8;
                    prop_assert_eq!(h.hand(seat), slice(round, p), "round {} seat {}", round, seat);
                }
                round += 1;
            }
            if h.is_finished() {
                break;
            }
            let moves = h.legal_moves();
            h.play(h.turn(), moves[pick(&mut rng, moves.len())]).unwrap();
        }
        prop_assert_eq!(round * n * cpr + table_len, 40);
    }
}

/// The fast random paths from `h` (`random_move`, `playout_random`, with the generator
/// seeded by `draw_seed`) against `legal_moves()[below(rng, len)]`: the same move at every
/// play, the generator left in the same state, only legal moves (the tracker replays them
/// through the checked `play`), and the same end and score.
fn check_random_playout(h: HandState, draw_seed: u64) -> Result<(), TestCaseError> {
    let mut fast = h;
    fast.playout_random(&mut SplitMix64::new(draw_seed));
    let mut slow = h;
    let mut tracker = Tracker::new(&h);
    let mut r1 = SplitMix64::new(draw_seed);
    let mut r2 = SplitMix64::new(draw_seed);
    while !slow.is_finished() {
        let mv = slow
            .random_move(&mut r1)
            .expect("a move while the hand is on");
        let moves = slow.legal_moves();
        let expected = moves[scopa_core::deal::below(&mut r2, moves.len() as u32) as usize];
        prop_assert_eq!(mv, expected);
        prop_assert_eq!(&r1, &r2);
        tracker.play(&mut slow, mv);
    }
    prop_assert_eq!(slow.random_move(&mut r1), None);
    check_conservation(&fast);
    prop_assert_eq!(fast, slow);
    prop_assert_eq!(fast.score(), slow.score());
    Ok(())
}

/// A position of any rules after `plays` plays, with the 40 cards of `order` laid out in
/// turn: the hands (of the sizes §2 gives), the undealt deck, then `table_len` cards on the
/// table — the lowest values first when `low`, for tables full of repeated values — and
/// the rest in the piles, side by side as `split` says. `None` when `from_position`
/// refuses it (a table no game reaches).
#[allow(clippy::too_many_arguments)]
fn arbitrary_position(
    rules: Rules,
    dealer: u8,
    plays: u8,
    order: &[u8],
    table_len: usize,
    low: bool,
    split: u64,
    scope: [u8; 3],
    last: Option<u8>,
) -> Option<HandState> {
    let n = rules.players;
    let sides = rules.sides();
    let mut cards: Vec<Card> = order
        .iter()
        .map(|&i| Card::from_index(i).unwrap())
        .collect();
    let mut hands = Vec::new();
    for seat in 0..n {
        let size = usize::from(expected_hand_size(&rules, dealer, plays, seat));
        hands.push(cards.drain(..size).collect::<CardSet>());
    }
    let per_round = usize::from(rules.plays_per_round());
    let deck_len = if plays >= rules.plays_per_hand() {
        0
    } else {
        40 - usize::from(rules.initial_table()) - (usize::from(plays) / per_round + 1) * per_round
    };
    let deck: Vec<Card> = cards.drain(..deck_len).collect();
    if low {
        cards.sort_by_key(|c| c.value());
    }
    let table: CardSet = cards.drain(..table_len.min(cards.len())).collect();
    let mut piles = vec![CardSet::EMPTY; usize::from(sides)];
    let count = piles.len();
    for (i, card) in cards.into_iter().enumerate() {
        piles[(split >> (2 * (i % 32)) & 3) as usize % count].insert(card);
    }
    HandState::from_position(
        rules,
        dealer,
        plays,
        &hands,
        table,
        &piles,
        &scope[..usize::from(sides)],
        last.map(|s| s % sides),
        &deck,
    )
    .ok()
}

proptest! {
    #![proptest_config(config(1500))]

    /// The fast random paths (`random_move`, `playout_random`) draw exactly what
    /// `legal_moves()[below(rng, len)]` draws, only legal moves, and reach the same end.
    #[test]
    fn random_playouts_equal_the_checked_path(
        rules in any_rules(),
        dealer in 0u8..4,
        seed in any::<u64>(),
        start in 0usize..40,
        draw_seed in any::<u64>(),
    ) {
        let mut h = HandState::deal(rules, dealer % rules.players, &mut SplitMix64::new(seed)).unwrap();
        let mut rng = SplitMix64::new(seed ^ 1);
        for _ in 0..start {
            if h.is_finished() {
                break;
            }
            let moves = h.legal_moves();
            h.play(h.turn(), moves[pick(&mut rng, moves.len())]).unwrap();
        }
        check_random_playout(h, draw_seed)?;
    }
}

proptest! {
    // About one drawn position in eight is refused (a table with more than 25 captures for
    // some card, which no game reaches): allow as many refusals as cases.
    #![proptest_config(ProptestConfig {
        max_global_rejects: config(1500).cases,
        ..config(1500)
    })]

    /// The same guarantee from positions no random game need reach, as an AI samples them
    /// (`HandState::from_position`): any rules, any point of the hand, tables of up to 12
    /// cards that repeat values (the playout's general path) or not (its lookup tables),
    /// any piles, scope and last capturer. The moves there equal the oracle's too.
    #[test]
    fn random_playouts_from_arbitrary_positions_equal_the_checked_path(
        rules in any_rules(),
        dealer in 0u8..4,
        plays in 0u8..40,
        order in Just((0u8..40).collect::<Vec<_>>()).prop_shuffle(),
        table_len in 0usize..13,
        low in any::<bool>(),
        split in any::<u64>(),
        scope in [0u8..3, 0u8..3, 0u8..3],
        last in proptest::option::of(0u8..3),
        draw_seed in any::<u64>(),
    ) {
        let dealer = dealer % rules.players;
        let plays = plays % (rules.plays_per_hand() + 1);
        let position =
            arbitrary_position(rules, dealer, plays, &order, table_len, low, split, scope, last);
        prop_assume!(position.is_some(), "a table no game reaches");
        let h = position.unwrap();
        check_moves(&h);
        check_random_playout(h, draw_seed)?;
    }
}
