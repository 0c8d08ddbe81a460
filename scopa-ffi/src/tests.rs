//! Unit tests of the translation, the error mapping, saves and whole matches through the
//! exported API (as a foreign caller uses it, minus the generated glue).

use std::sync::Arc;

use scopa_core::{CardSet, Match, PlayError, Rules};

use crate::save::{self, SAVE_LEN};
use crate::transcript::{fnv1a, play_transcript};
use crate::*;

fn config(players: u32, ai: &[Option<AiLevel>]) -> GameConfig {
    let mut rules = default_rules();
    rules.players = players;
    GameConfig {
        rules,
        ai_levels: ai.to_vec(),
        first_dealer: None,
    }
}

fn humans(players: u32) -> Arc<ScopaMatch> {
    ScopaMatch::new(config(players, &vec![None; players as usize]), 42).unwrap()
}

/// Plays the seat to play's first legal move (or its AI move on an AI seat).
fn step(m: &ScopaMatch) -> Vec<GameEvent> {
    let turn = m.turn().unwrap();
    if m.is_ai_turn().unwrap() {
        m.play_ai(turn).unwrap()
    } else {
        let v = m.view(turn).unwrap();
        m.play(turn, v.legal_moves[0].clone()).unwrap()
    }
}

fn card(code: &str) -> Card {
    card_from_code(code.to_string()).unwrap()
}

#[test]
fn every_card_translates_both_ways() {
    for c in scopa_core::Card::all() {
        let rec = Card::from(c);
        assert_eq!(rec.code, c.to_string());
        assert_eq!(u32::from(c.value()), rec.value);
        assert_eq!(rec.to_core(), Ok(c));
        // An empty or upper-case code is accepted as input.
        let blank = Card {
            code: String::new(),
            ..rec.clone()
        };
        assert_eq!(blank.to_core(), Ok(c));
        let upper = Card {
            code: rec.code.to_uppercase(),
            ..rec.clone()
        };
        assert_eq!(upper.to_core(), Ok(c));
        assert_eq!(card_from_code(rec.code.clone()), Ok(rec));
    }
    let seven = card("7d");
    assert_eq!(
        (seven.suit, seven.value, seven.code.as_str()),
        (Suit::Denari, 7, "7d")
    );
}

#[test]
fn bad_cards_are_invalid_card_errors() {
    let bad = Card {
        suit: Suit::Coppe,
        value: 11,
        code: String::new(),
    };
    assert_eq!(
        bad.to_core().unwrap_err().to_string(),
        "invalid card: value 11 of coppe is not 1 to 10"
    );
    let huge = Card {
        value: u32::MAX,
        ..bad.clone()
    };
    assert!(matches!(
        huge.to_core(),
        Err(ScopaError::InvalidCard { .. })
    ));
    let mismatch = Card {
        suit: Suit::Spade,
        value: 3,
        code: "7d".into(),
    };
    assert_eq!(
        mismatch.to_core().unwrap_err().to_string(),
        "invalid card: code \"7d\" does not match suit spade and value 3 (expected 3s or an empty code)"
    );
    assert_eq!(
        card_from_code("11x".into()).unwrap_err().to_string(),
        "invalid card: \"11x\": card suit must be d, c, s or b (denari, coppe, spade, bastoni)"
    );
    let twice = Move {
        card: card("5b"),
        capture: vec![card("5d"), card("5d")],
    };
    assert_eq!(
        twice.to_core().unwrap_err().to_string(),
        "invalid card: card 5d is listed twice in the capture"
    );
}

#[test]
fn moves_and_rules_translate_both_ways() {
    let core = scopa_core::Move::new("5b".parse().unwrap(), "3d 2b".parse::<CardSet>().unwrap());
    let rec = Move::from(core);
    assert_eq!(rec.card.code, "5b");
    let codes: Vec<&str> = rec.capture.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["3d", "2b"]);
    assert_eq!(rec.to_core(), Ok(core));

    let all = Rules {
        players: 4,
        deal: scopa_core::DealKind::ScoponeScientifico,
        target: 21,
        primiera: scopa_core::PrimieraRule::MostSevens,
        ace: scopa_core::AceRule::MatchTakesAll,
        napola: true,
        re_bello: true,
        kings_redeal: false,
    };
    let cfg = RulesConfig::from(all);
    assert_eq!(cfg.deal, DealKind::ScoponeScientifico);
    assert_eq!(cfg.ace, AceRule::MatchTakesAll);
    assert_eq!(cfg.to_core(), Ok(all));
    for deal in [DealKind::Standard, DealKind::Scopone] {
        for primiera in [PrimieraRule::Classic, PrimieraRule::Lenient] {
            for ace in [AceRule::Plain, AceRule::TakesAll] {
                let c = RulesConfig {
                    deal,
                    primiera,
                    ace,
                    ..cfg.clone()
                };
                assert_eq!(RulesConfig::from(c.to_core().unwrap()), c);
            }
        }
    }
    assert_eq!(default_rules(), RulesConfig::from(Rules::default()));
    for level in [
        AiLevel::Random,
        AiLevel::Easy,
        AiLevel::Medium,
        AiLevel::Expert,
        AiLevel::Handheld,
    ] {
        assert_eq!(AiLevel::from(scopa_core::ai::Level::from(level)), level);
    }
}

/// Every variant of [`ScopaError`], produced through the exported API, with its exact
/// message. The `match` at the end fails to compile when a variant is added without a test.
#[test]
fn every_error_variant_is_produced_with_its_message() {
    let mut seen = Vec::new();
    let mut check = |r: ScopaError, want: &str| {
        assert_eq!(r.to_string(), want);
        seen.push(r);
    };

    // InvalidConfig: players, deal, target, first dealer, AI seats.
    let mut c = config(5, &[None; 5]);
    check(
        ScopaMatch::new(c.clone(), 1).unwrap_err(),
        "invalid config: players must be 2, 3 or 4, not 5",
    );
    c.rules.players = 300;
    check(
        ScopaMatch::new(c.clone(), 1).unwrap_err(),
        "invalid config: players must be 2, 3 or 4, not 300",
    );
    let mut c = config(2, &[None, None]);
    c.rules.deal = DealKind::Scopone;
    check(
        ScopaMatch::new(c, 1).unwrap_err(),
        "invalid config: deal scopone needs 4 players, not 2",
    );
    let mut c = config(2, &[None, None]);
    c.rules.target = 0;
    check(
        ScopaMatch::new(c.clone(), 1).unwrap_err(),
        "invalid config: target must be at least 1 point",
    );
    c.rules.target = 256;
    check(
        ScopaMatch::new(c, 1).unwrap_err(),
        "invalid config: target must be 1 to 255 points, not 256",
    );
    check(
        ScopaMatch::new(config(3, &[None, None]), 1).unwrap_err(),
        "invalid config: ai_levels has 2 entries but there are 3 players (one entry per seat, null for a human)",
    );
    let mut c = config(2, &[None, None]);
    c.first_dealer = Some(2);
    check(
        ScopaMatch::new(c, 1).unwrap_err(),
        "invalid config: first dealer 2 is not a seat of a 2-player game",
    );

    let mut c = config(2, &[None, Some(AiLevel::Easy)]);
    c.first_dealer = Some(1); // seat 0 leads
    let m = ScopaMatch::new(c, 9).unwrap();
    assert_eq!(m.turn(), Ok(0));
    check(
        m.view(2).unwrap_err(),
        "there is no seat 2 in a 2-player game",
    );
    check(
        m.view(u32::MAX).unwrap_err(),
        "there is no seat 4294967295 in a 2-player game",
    );
    let v0 = m.view(0).unwrap();
    check(
        m.play(1, v0.legal_moves[0].clone()).unwrap_err(),
        "it is not seat 1's turn: seat 0 plays now",
    );
    check(
        m.play_ai(1).unwrap_err(),
        "it is not seat 1's turn: seat 0 plays now",
    );
    check(
        m.hint(1).unwrap_err(),
        "it is not seat 1's turn: seat 0 plays now",
    );
    let foreign = scopa_core::Card::all()
        .find(|c| !v0.hand.iter().any(|h| h.code == c.to_string()))
        .unwrap();
    check(
        m.play(
            0,
            Move {
                card: foreign.into(),
                capture: vec![],
            },
        )
        .unwrap_err(),
        &format!("card {foreign} is not in seat 0's hand"),
    );
    // A card not on the table cannot be captured.
    let off_table = scopa_core::Card::all()
        .find(|c| {
            let code = c.to_string();
            !v0.hand.iter().any(|h| h.code == code) && !v0.table.iter().any(|t| t.code == code)
        })
        .unwrap();
    let played = v0.hand[0].clone();
    check(
        m.play(
            0,
            Move {
                card: played.clone(),
                capture: vec![off_table.into()],
            },
        )
        .unwrap_err(),
        &format!(
            "illegal capture: {} cannot capture {off_table}: not a legal capture on this table",
            played.code
        ),
    );
    check(
        m.play(
            0,
            Move {
                card: Card {
                    suit: Suit::Spade,
                    value: 0,
                    code: String::new(),
                },
                capture: vec![],
            },
        )
        .unwrap_err(),
        "invalid card: value 0 of spade is not 1 to 10",
    );
    check(
        m.play_ai(0).unwrap_err(),
        "seat 0 is played by a human: play_ai needs a seat with an AI level",
    );
    // Nothing changed through all of that.
    assert_eq!(m.view(0).unwrap(), v0);

    // MatchOver: play a short match to the end.
    let mut c = config(2, &[None, Some(AiLevel::Random)]);
    c.rules.target = 1;
    let m = ScopaMatch::new(c, 3).unwrap();
    while !m.is_over().unwrap() {
        step(&m);
    }
    let w = m.winner().unwrap().unwrap();
    let any = Move {
        card: card("7d"),
        capture: vec![],
    };
    let over = format!("the match is over: side {w} won");
    check(m.play(m.turn().unwrap(), any).unwrap_err(), &over);
    check(m.play_ai(1).unwrap_err(), &over);
    check(m.hint(0).unwrap_err(), &over);

    // CorruptSave.
    check(
        ScopaMatch::restore(vec![]).unwrap_err(),
        "corrupt save: a save is 364 bytes, these are 0",
    );
    let mut bytes = m.save().unwrap();
    bytes[0] = b'X';
    check(
        ScopaMatch::restore(bytes).unwrap_err(),
        "corrupt save: not a scopa-ffi save (bad magic bytes)",
    );
    let mut bytes = m.save().unwrap();
    bytes[100] ^= 1;
    check(
        ScopaMatch::restore(bytes).unwrap_err(),
        "corrupt save: the save is damaged (checksum mismatch)",
    );

    // Internal: a panic while holding the lock, then the poisoned lock.
    let m = humans(2);
    let v = m.view(0).unwrap();
    let saved = m.save().unwrap();
    check(
        crate::error::guard("the test hook", || m.panic_holding_lock()).unwrap_err(),
        "internal error in scopa-ffi (please report it): the test hook panicked: test hook: panic while holding the match lock",
    );
    check(
        m.view(0).unwrap_err(),
        "internal error in scopa-ffi (please report it): an earlier call panicked inside this match; save() still works: restore a new match from its bytes",
    );
    // The way out: save still works and restores the same match.
    assert_eq!(m.save().unwrap(), saved);
    assert_eq!(ScopaMatch::restore(saved).unwrap().view(0).unwrap(), v);

    // Every variant was seen.
    for e in &seen {
        match e {
            ScopaError::InvalidConfig { .. }
            | ScopaError::NoSuchSeat { .. }
            | ScopaError::NotYourTurn { .. }
            | ScopaError::CardNotInHand { .. }
            | ScopaError::IllegalCapture { .. }
            | ScopaError::InvalidCard { .. }
            | ScopaError::NotAiSeat { .. }
            | ScopaError::MatchOver { .. }
            | ScopaError::CorruptSave { .. }
            | ScopaError::Internal { .. } => {}
        }
    }
    let kinds: std::collections::BTreeSet<_> = seen
        .iter()
        .map(std::mem::discriminant)
        .map(|d| format!("{d:?}"))
        .collect();
    assert_eq!(kinds.len(), 10, "every ScopaError variant is produced");
}

#[test]
fn laying_a_card_that_can_capture_is_an_illegal_capture() {
    // Find a position where the seat to play holds a card that must capture.
    let m = humans(2);
    loop {
        let turn = m.turn().unwrap();
        let v = m.view(turn).unwrap();
        if let Some(cap) = v.legal_moves.iter().find(|mv| !mv.capture.is_empty()) {
            let lay = Move {
                card: cap.card.clone(),
                capture: vec![],
            };
            let e = m.play(turn, lay).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "illegal capture: {} cannot be laid on the table: it can capture, and a card that can capture must",
                    cap.card.code
                )
            );
            assert_eq!(m.view(turn).unwrap(), v);
            return;
        }
        step(&m);
    }
}

#[test]
fn core_errors_map_to_the_right_variants() {
    let c: scopa_core::Card = "7d".parse().unwrap();
    let cases = [
        (
            PlayError::NoSuchSeat {
                seat: 5,
                players: 2,
            },
            ScopaError::NoSuchSeat {
                seat: 5,
                players: 2,
            },
        ),
        (
            PlayError::NotYourTurn { seat: 1, turn: 0 },
            ScopaError::NotYourTurn { seat: 1, turn: 0 },
        ),
        (
            PlayError::CardNotInHand { seat: 0, card: c },
            ScopaError::CardNotInHand {
                seat: 0,
                card: "7d".into(),
            },
        ),
        (
            PlayError::MatchOver { winner: 1 },
            ScopaError::MatchOver { winner: 1 },
        ),
    ];
    for (core, ffi) in cases {
        // Same words as the core.
        assert_eq!(core.to_string(), ffi.to_string());
        assert_eq!(ScopaError::from(core), ffi);
    }
    let ill = PlayError::IllegalCapture {
        card: c,
        capture: CardSet::EMPTY,
    };
    assert_eq!(
        ScopaError::from(ill),
        ScopaError::IllegalCapture {
            reason: ill.to_string()
        }
    );
    assert!(matches!(
        ScopaError::from(PlayError::HandOver),
        ScopaError::Internal { .. }
    ));
    assert_eq!(
        ScopaError::from(scopa_core::RulesError::ZeroTarget),
        ScopaError::InvalidConfig {
            reason: "target must be at least 1 point".into()
        }
    );
}

#[test]
fn the_guard_turns_a_panic_into_internal() {
    let r: Result<(), ScopaError> = crate::error::guard("probe", || panic!("boom {}", 7));
    assert_eq!(
        r,
        Err(ScopaError::Internal {
            reason: "probe panicked: boom 7".into()
        })
    );
}

/// Checks what every view of `m` says against the core's own accounting.
fn check_views(m: &ScopaMatch) {
    let players = m.config().unwrap().rules.players;
    let turn = m.turn().unwrap();
    let over = m.is_over().unwrap();
    for seat in 0..players {
        let v = m.view(seat).unwrap();
        assert_eq!(v.seat, seat);
        assert_eq!(v.turn, turn);
        assert_eq!(v.is_my_turn, !over && seat == turn);
        assert_eq!(v.legal_moves.is_empty(), !v.is_my_turn);
        assert_eq!(v.hand.len() as u32, v.hand_sizes[seat as usize]);
        // Every card is somewhere: hands, table, piles, deck.
        let held: u32 = v.hand_sizes.iter().sum();
        let piles: u32 = v.sides.iter().map(|s| s.pile_size).sum();
        if !over {
            assert_eq!(held + v.table.len() as u32 + piles + v.deck_left, 40);
        }
        assert_eq!(v.is_over, over);
    }
}

#[test]
fn whole_matches_ai_and_scripted_for_2_3_and_4_players() {
    let levels = [
        AiLevel::Random,
        AiLevel::Easy,
        AiLevel::Medium,
        AiLevel::Expert,
        AiLevel::Handheld,
    ];
    for players in 2..=4u32 {
        for (i, &level) in levels.iter().enumerate() {
            // Seat 0 human (scripted: its first legal move), the others AI.
            let mut ai = vec![Some(level); players as usize];
            ai[0] = None;
            let mut c = config(players, &ai);
            c.rules.target = 4;
            let m = ScopaMatch::new(c, 100 + i as u64).unwrap();
            let mut hands = 0;
            let mut finished = None;
            let mut plays = 0;
            while !m.is_over().unwrap() {
                check_views(&m);
                let events = step(&m);
                plays += 1;
                assert!(matches!(events[0], GameEvent::Played { .. }));
                for e in &events {
                    match e {
                        GameEvent::HandFinished { breakdown } => {
                            hands += 1;
                            let cards: u32 = breakdown.sides.iter().map(|s| s.cards).sum();
                            let piles: usize = breakdown.sides.iter().map(|s| s.pile.len()).sum();
                            assert!(cards <= 40 && piles as u32 == cards);
                            let v = m.view(0).unwrap();
                            assert_eq!(v.last_hand.as_ref(), Some(breakdown));
                        }
                        GameEvent::MatchFinished { winner, scores } => {
                            finished = Some((*winner, scores.clone()));
                        }
                        _ => {}
                    }
                }
                let last = m.view(0).unwrap().last_play.unwrap();
                assert_eq!(
                    GameEvent::Played {
                        seat: last.seat,
                        r#move: last.r#move
                    },
                    events[0]
                );
            }
            check_views(&m);
            let (winner, scores) = finished.expect("a MatchFinished event");
            assert_eq!(m.winner(), Ok(Some(winner)));
            let best = scores[winner as usize];
            assert!(best >= 4);
            assert!(
                scores
                    .iter()
                    .enumerate()
                    .all(|(s, &p)| s == winner as usize || p < best)
            );
            assert!(hands >= 1 && plays >= 36);
        }
    }
}

#[test]
fn save_restore_gives_the_same_view_and_continuation() {
    for players in [2u32, 4] {
        let mut ai = vec![Some(AiLevel::Easy); players as usize];
        ai[1] = None;
        let m = ScopaMatch::new(config(players, &ai), 5).unwrap();
        for _ in 0..50 {
            step(&m);
        }
        let bytes = m.save().unwrap();
        assert_eq!(bytes.len(), SAVE_LEN);
        let r = ScopaMatch::restore(bytes.clone()).unwrap();
        assert_eq!(r.save().unwrap(), bytes);
        assert_eq!(r.config(), m.config());
        assert_eq!(r.seed(), m.seed());
        assert_eq!(r.history(), m.history());
        while !m.is_over().unwrap() {
            for seat in 0..players {
                assert_eq!(r.view(seat), m.view(seat));
            }
            assert_eq!(step(&r), step(&m));
        }
        assert!(r.is_over().unwrap());
        assert_eq!(r.view(0), m.view(0));
    }
}

#[test]
fn every_damaged_save_byte_is_refused() {
    let m = ScopaMatch::new(config(2, &[Some(AiLevel::Easy), None]), 11).unwrap();
    for _ in 0..7 {
        step(&m);
    }
    let bytes = m.save().unwrap();
    for i in 0..bytes.len() {
        for bit in [0x01u8, 0x80] {
            let mut b = bytes.clone();
            b[i] ^= bit;
            assert!(
                matches!(ScopaMatch::restore(b), Err(ScopaError::CorruptSave { .. })),
                "flipping bit {bit:#x} of byte {i} went unnoticed"
            );
        }
    }
    // A well-formed header around a bad body is refused for what is wrong with it.
    let good = save::decode(&bytes).unwrap();
    let mut wrong_players = save::encode(&good);
    wrong_players[5] = 3;
    let crc = scopa_core::snapshot::crc32(&wrong_players[..360]);
    wrong_players[360..].copy_from_slice(&crc.to_le_bytes());
    assert_eq!(
        ScopaMatch::restore(wrong_players).unwrap_err().to_string(),
        "corrupt save: the header says 3 players, the match has 2"
    );
    // The core's own refusal is passed on.
    let mut core_bad = save::encode(&good);
    core_bad[26] = b'X';
    let crc = scopa_core::snapshot::crc32(&core_bad[..360]);
    core_bad[360..].copy_from_slice(&crc.to_le_bytes());
    assert_eq!(
        ScopaMatch::restore(core_bad).unwrap_err().to_string(),
        "corrupt save: not a saved scopa match (bad magic bytes)"
    );
}

#[test]
fn the_snapshot_inside_is_the_cores() {
    let m = humans(2);
    step(&m);
    let bytes = m.save().unwrap();
    let core = Match::from_bytes(&bytes[26..360]).unwrap();
    assert_eq!(core.hand().plays(), 1);
}

#[test]
fn transcripts_are_deterministic_and_seed_dependent() {
    let a = play_transcript(2, AiLevel::Easy, 42).unwrap();
    assert_eq!(a, play_transcript(2, AiLevel::Easy, 42).unwrap());
    assert_ne!(a, play_transcript(2, AiLevel::Easy, 43).unwrap());
    assert!(a.starts_with('P') && a.lines().last().unwrap().starts_with('W'));
    let b = play_transcript(4, AiLevel::Random, 7).unwrap();
    assert_eq!(b, play_transcript(4, AiLevel::Random, 7).unwrap());
    assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
}

#[test]
fn hints_and_history() {
    let m = humans(2);
    let turn = m.turn().unwrap();
    let h = m.hint(turn).unwrap();
    let v = m.view(turn).unwrap();
    assert!(v.legal_moves.contains(&h.r#move));
    assert!(!h.explanation.is_empty());
    let ev = m.play(turn, h.r#move.clone()).unwrap();
    assert_eq!(
        m.history().unwrap(),
        vec![PlayRecord {
            seat: turn,
            r#move: h.r#move.clone()
        }]
    );
    assert_eq!(
        ev[0],
        GameEvent::Played {
            seat: turn,
            r#move: h.r#move
        }
    );
}

#[test]
fn the_match_is_shared_across_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<ScopaMatch>();
    let m = ScopaMatch::new(config(4, &[Some(AiLevel::Random); 4]), 8).unwrap();
    let threads: Vec<_> = (0..4u32)
        .map(|seat| {
            let m = Arc::clone(&m);
            std::thread::spawn(move || {
                let mut played = 0;
                while !m.is_over().unwrap() {
                    match m.play_ai(seat) {
                        Ok(_) => played += 1,
                        Err(ScopaError::NotYourTurn { .. } | ScopaError::MatchOver { .. }) => {
                            std::thread::yield_now()
                        }
                        Err(e) => panic!("{e}"),
                    }
                }
                played
            })
        })
        .collect();
    let total: i32 = threads.into_iter().map(|t| t.join().unwrap()).sum();
    assert!(total >= 36);
    assert!(m.is_over().unwrap());
}

/// `bytes` with the last play of the header replaced (`None`: no last play) and the
/// checksum recomputed.
fn with_last_play(bytes: &[u8], last: Option<(u8, &str, &str)>) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[18..26].fill(0);
    if let Some((seat, card, capture)) = last {
        b[18] = 1;
        b[19] = seat;
        b[20] = card.parse::<scopa_core::Card>().unwrap().index();
        let capture: CardSet = capture.parse().unwrap();
        b[21..26].copy_from_slice(&capture.bits().to_le_bytes()[..5]);
    }
    let crc = scopa_core::snapshot::crc32(&b[..360]);
    b[360..].copy_from_slice(&crc.to_le_bytes());
    b
}

fn refused_because(bytes: Vec<u8>, why: &str) {
    match ScopaMatch::restore(bytes) {
        Err(ScopaError::CorruptSave { reason }) => {
            assert!(reason.contains(why), "{reason:?} does not say {why:?}")
        }
        other => panic!("expected a corrupt save ({why}), got {other:?}"),
    }
}

/// Defect 3 of the hardening issue: the recorded last play was never checked, so a save
/// could show a play that never happened (a card still in another seat's hand).
#[test]
fn the_recorded_last_play_must_be_the_matchs() {
    // No play yet: a last play "1d by seat 0" is refused, wherever 1d is.
    let m = humans(2);
    let fresh = m.save().unwrap();
    let core = Match::from_bytes(&fresh[26..360]).unwrap();
    let other = core.hand().hand(1).first().unwrap().to_string();
    refused_because(
        with_last_play(&fresh, Some((0, &other, ""))),
        "no play has been made",
    );
    refused_because(
        with_last_play(&fresh, Some((0, "1d", ""))),
        "no play has been made",
    );
    // Mid hand: it must be the last play of the hand's history.
    for _ in 0..3 {
        step(&m);
    }
    let mid = m.save().unwrap();
    let last = m.history().unwrap().pop().unwrap();
    let (seat, code) = (last.seat as u8, last.r#move.card.code.clone());
    let wrong_seat = (seat + 1) % 2;
    refused_because(
        with_last_play(&mid, Some((wrong_seat, &code, ""))),
        "is not the last play",
    );
    refused_because(with_last_play(&mid, None), "is not the last play");
    // Right after a new hand: the previous hand's last play, by its dealer, with a capture
    // that went to the dealer's side.
    let m = humans(2);
    while m.view(0).unwrap().hand_number == 0 {
        step(&m);
    }
    let start = m.save().unwrap();
    assert_eq!(m.view(0).unwrap().hand_number, 1);
    assert!(m.history().unwrap().is_empty());
    let core = Match::from_bytes(&start[26..360]).unwrap();
    let prev_dealer = (core.dealer() + 1) % 2;
    let piles = core.last_hand().unwrap().piles;
    let mine = piles[prev_dealer as usize];
    let theirs = piles[1 - prev_dealer as usize];
    refused_because(with_last_play(&start, None), "no last play");
    let a = mine.first().unwrap().to_string();
    refused_because(
        with_last_play(&start, Some((1 - prev_dealer, &a, ""))),
        "the dealer of the previous hand",
    );
    let b = theirs.first().unwrap().to_string();
    refused_because(
        with_last_play(&start, Some((prev_dealer, &a, &b))),
        "not in the pile",
    );
    // Cards of the dealer's pile, but not a capture: two cards whose values do not add
    // up to the card played.
    let card = mine.first().unwrap();
    let pair = (mine - CardSet::single(card))
        .iter()
        .flat_map(|x| (mine - CardSet::single(card)).iter().map(move |y| (x, y)))
        .find(|(x, y)| x < y && x.value() + y.value() != card.value())
        .unwrap();
    let capture = format!("{} {}", pair.0, pair.1);
    refused_because(
        with_last_play(&start, Some((prev_dealer, &card.to_string(), &capture))),
        "not a capture the rules allow",
    );
    // The save as written restores.
    assert!(ScopaMatch::restore(start).is_ok());
}

/// Every state of whole matches (2, 3 and 4 players) saves and restores, last play
/// included, so the last-play check refuses nothing a match writes.
#[test]
fn every_save_a_match_writes_restores() {
    for players in 2u32..=4 {
        let m = ScopaMatch::new(
            config(players, &vec![Some(AiLevel::Random); players as usize]),
            8,
        )
        .unwrap();
        loop {
            let bytes = m.save().unwrap();
            let r = ScopaMatch::restore(bytes.clone()).unwrap();
            assert_eq!(r.save().unwrap(), bytes);
            if m.is_over().unwrap() {
                break;
            }
            step(&m);
        }
    }
}

/// The inverse of `x ↦ x * odd` modulo 2⁶⁴ (Newton's iteration).
fn mul_inverse(odd: u64) -> u64 {
    let mut inv = odd;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inv)));
    }
    inv
}

/// The inverse of `x ↦ x ^ (x >> shift)`.
fn unshift(y: u64, shift: u32) -> u64 {
    let mut x = y;
    for _ in 0..64 / shift {
        x = y ^ (x >> shift);
    }
    x
}

/// The attack on the old per-decision seed (a SplitMix64 finaliser over the match seed and
/// the public hand number and play count): undo the finaliser, undo the public mix.
fn seed_behind_the_old_ai_seed(ai: u64, hand_number: u16, plays: u8) -> u64 {
    let z = unshift(ai, 31).wrapping_mul(mul_inverse(0x94D0_49BB_1331_11EB));
    let z = unshift(z, 27).wrapping_mul(mul_inverse(0xBF58_476D_1CE4_E5B9));
    let z = unshift(z, 30);
    z ^ (u64::from(hand_number) << 16 | u64::from(plays)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Defect 6 of the hardening issue: the AI's seed was an invertible mix of the match seed
/// and public counters, so the seed an AI receives gave back the match seed, and with it
/// every card. It is now the session's keyed one-way policy.
#[test]
fn the_ai_seed_gives_back_neither_the_match_seed_nor_the_deal() {
    for players in [2u32, 3, 4] {
        let seed = 0x5EED_0000 + u64::from(players);
        let m = ScopaMatch::new(
            config(players, &vec![Some(AiLevel::Easy); players as usize]),
            seed,
        )
        .unwrap();
        for _ in 0..40 {
            let view = m.view(0).unwrap();
            let ai = m.ai_decision_seed().unwrap();
            let recovered =
                seed_behind_the_old_ai_seed(ai, view.hand_number as u16, view.plays_in_hand as u8);
            assert_ne!(recovered, seed, "the AI's seed gives back the match seed");
            assert_eq!(
                ai,
                scopa_core::session::seed::derive(
                    seed,
                    scopa_core::session::seed::Purpose::Ai,
                    0,
                    view.hand_number as u16,
                    view.plays_in_hand as u8,
                    view.turn as u8,
                ),
                "not the session's seed policy"
            );
            step(&m);
        }
    }
}
