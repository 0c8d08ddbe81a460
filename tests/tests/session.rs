//! Properties of `scopa_core::session`: every phase transition, saves at every action,
//! hostile save bytes, determinism, and the secret staying out of everything a front-end
//! can read.
//!
//! Case counts scale with `PROPTEST_CASES` (as the rest of the suite).

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::scopa::{AceRule, DealKind, Move, PrimieraRule, Rules};
use scopa_core::session::pacing::Pacing;
use scopa_core::session::table::Frame;
use scopa_core::session::{
    Action, Phase, Player, SAVE_LEN, SaveError, Session, SessionError, Settings,
};
use scopa_core::snapshot::crc32;
use scopa_core::{Card, CardSet};

mod common;

/// The `i`-th of the 360 rule combinations that validate, with a short target.
fn rules_number(i: usize, target: u8) -> Rules {
    const TABLES: [(u8, DealKind); 5] = [
        (2, DealKind::Standard),
        (3, DealKind::Standard),
        (4, DealKind::Standard),
        (4, DealKind::Scopone),
        (4, DealKind::ScoponeScientifico),
    ];
    let (players, deal) = TABLES[i % 5];
    let i = i / 5;
    Rules {
        players,
        decks: 1,
        deal,
        target,
        primiera: PrimieraRule::ALL[i % 3],
        ace: AceRule::ALL[i / 3 % 3],
        napola: i / 9 % 2 == 1,
        re_bello: i / 18 % 2 == 1,
        kings_redeal: i / 36 % 2 == 1,
    }
}

/// Settings for any rules: each seat a person or an AI (the fast levels), undo when legal,
/// either language.
fn any_settings() -> impl Strategy<Value = Settings> {
    (
        0..360usize,
        1..=3u8,
        proptest::array::uniform4(0..4u8),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(i, target, seats, undo, italian)| {
            let rules = rules_number(i, target);
            let mut s = Settings::pass_and_play(rules);
            for (slot, &code) in s.seats.iter_mut().zip(&seats).take(rules.players.into()) {
                *slot = match code {
                    0 => Player::Human,
                    1 => Player::Ai(Level::Random),
                    2 => Player::Ai(Level::Easy),
                    _ => Player::Ai(Level::Medium),
                };
            }
            s.undo = undo && s.humans() == 1;
            if italian {
                s.lang = scopa_core::session::Lang::It;
            }
            s
        })
}

/// An action a front-end might send in `phase`: mostly sensible ones, sometimes anything.
fn action_for(s: &Session, choice: u32) -> Action {
    let hand = s.hand();
    let pick = |n: usize| (choice as usize / 7) % n.max(1);
    let any_card = Card::from_index((choice % 40) as u8).unwrap_or(Card::SETTEBELLO);
    if choice.is_multiple_of(11) {
        // Anything at all, in any phase.
        return match choice / 11 % 9 {
            0 => Action::Select(any_card),
            1 => Action::Capture((choice / 99 % 30) as u8),
            2 => Action::Play(
                Move::new(any_card, CardSet::from_bits_truncate(u64::from(choice))).into(),
            ),
            3 => Action::Cancel,
            4 => Action::RunAi,
            5 => Action::AiPlay(Move::lay(any_card).into()),
            6 => Action::Continue,
            7 => Action::Undo,
            _ => Action::Rematch,
        };
    }
    match s.phase() {
        Phase::Play { .. } if choice % 13 == 1 => Action::Undo,
        Phase::Play { .. } => {
            let moves = s.legal_moves();
            if choice.is_multiple_of(3) {
                Action::Play(moves[pick(moves.len())].into())
            } else {
                Action::Select(
                    hand.nth(pick(hand.len() as usize) as u32)
                        .unwrap_or(any_card),
                )
            }
        }
        Phase::ChooseCapture { .. } if choice.is_multiple_of(5) => Action::Cancel,
        Phase::ChooseCapture { .. } => Action::Capture(pick(s.capture_options().len()) as u8),
        Phase::AiDue { .. } if choice.is_multiple_of(2) => {
            s.ai_move().map(Action::AiPlay).unwrap_or(Action::RunAi)
        }
        Phase::AiDue { .. } => Action::RunAi,
        Phase::MatchOver { .. } => Action::Rematch,
        _ => Action::Continue,
    }
}

/// Whether `to` may follow `from` after `action` succeeded (the diagram of the module docs).
fn allowed(from: Phase, action: Action, to: Phase) -> bool {
    use Phase::*;
    let after_play = |to: Phase| {
        matches!(
            to,
            Play { .. } | AiDue { .. } | HandOff { .. } | Scopa { .. } | HandSummary
        )
    };
    match (from, action) {
        (Play { seat }, Action::Select(card)) => {
            to == ChooseCapture { seat, card } || after_play(to)
        }
        (Play { .. } | ChooseCapture { .. }, Action::Play(_)) => after_play(to),
        (ChooseCapture { .. }, Action::Capture(_)) => after_play(to),
        (ChooseCapture { seat, .. }, Action::Cancel) => to == Play { seat },
        (AiDue { .. }, Action::RunAi | Action::AiPlay(_)) => after_play(to),
        (Scopa { .. }, Action::Continue) => {
            matches!(to, Play { .. } | AiDue { .. } | HandOff { .. })
        }
        (HandSummary, Action::Continue) => {
            matches!(
                to,
                Play { .. } | AiDue { .. } | HandOff { .. } | MatchOver { .. }
            )
        }
        (HandOff { seat }, Action::Continue) => to == Play { seat },
        (Play { seat } | ChooseCapture { seat, .. }, Action::Undo) => to == Play { seat },
        (MatchOver { .. }, Action::Rematch) => {
            matches!(to, Play { .. } | AiDue { .. } | HandOff { .. })
        }
        _ => false,
    }
}

/// Drives `s` with sensible actions to the end of its match; fails after `limit` actions.
fn finish(s: &mut Session, limit: usize) -> Result<(), TestCaseError> {
    for _ in 0..limit {
        let action = match s.phase() {
            Phase::MatchOver { .. } => return Ok(()),
            Phase::Play { .. } => Action::Select(s.hand().first().unwrap()),
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        s.apply(action)
            .map_err(|e| TestCaseError::fail(format!("{action:?} in {:?}: {e}", s.phase())))?;
    }
    Err(TestCaseError::fail("the match did not end"))
}

proptest! {
    #![proptest_config(common::config(48))]

    /// Every accepted action moves along the phase diagram; every refused one changes
    /// nothing; the session round-trips through its bytes after every action; it never
    /// shows a hand other than the viewer's.
    #[test]
    fn every_transition_follows_the_diagram(
        settings in any_settings(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u32>(), 1..400),
    ) {
        let mut s = Session::new(settings, seed).unwrap();
        for choice in choices {
            let before = s.clone();
            let from = s.phase();
            let action = action_for(&s, choice);
            match s.apply(action) {
                Ok(_) => {
                    let to = s.phase();
                    prop_assert!(allowed(from, action, to), "{from:?} --{action:?}--> {to:?}");
                }
                Err(e) => {
                    prop_assert_eq!(&s, &before, "refused {:?} ({}) changed the session", action, e);
                }
            }
            let restored = Session::from_bytes(&s.to_bytes());
            prop_assert_eq!(restored.as_ref(), Ok(&s));
            // Resuming at a device: with two or more people no hand shows until the next
            // person takes it; otherwise the session is the one saved.
            let resumed = Session::restore(&s.to_bytes()).unwrap();
            if settings.humans() >= 2 {
                prop_assert_eq!(resumed.viewer(), None);
                prop_assert!(resumed.hand().is_empty());
                prop_assert_eq!(resumed.game_match().table_cards(), s.game_match().table_cards());
                let plays_at_once =
                    matches!(resumed.phase(), Phase::Play { .. } | Phase::ChooseCapture { .. });
                prop_assert!(!plays_at_once, "{:?}", resumed.phase());
            } else {
                prop_assert_eq!(&resumed, &s);
            }
            let hand = s.hand();
            match s.viewer() {
                Some(v) => {
                    prop_assert!(settings.player(v).is_human());
                    prop_assert_eq!(hand.len(), u32::from(s.game_match().hand_len(v)));
                }
                None => prop_assert!(hand.is_empty()),
            }
            if let Phase::HandOff { .. } = s.phase() {
                prop_assert!(hand.is_empty());
            }
        }
    }

    /// Same settings, seed and actions: the same session, byte for byte.
    #[test]
    fn sessions_are_deterministic(
        settings in any_settings(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u32>(), 1..200),
    ) {
        let mut a = Session::new(settings, seed).unwrap();
        let mut b = Session::new(settings, seed).unwrap();
        for choice in choices {
            let action = action_for(&a, choice);
            prop_assert_eq!(a.apply(action), b.apply(action));
            prop_assert_eq!(a.to_bytes(), b.to_bytes());
        }
    }

    /// Any bytes: a typed error, or a session that plays to the end.
    #[test]
    fn any_bytes_fail_or_play_on(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(mut s) = Session::from_bytes(&bytes) {
            finish(&mut s, 20_000)?;
        }
    }

    /// A valid save with bytes changed and the checksum recomputed (so the content checks,
    /// not the CRC, must catch it): refused with a typed error, or a session that
    /// round-trips and plays to the end.
    #[test]
    fn mutated_saves_fail_or_play_on(
        settings in any_settings(),
        seed in any::<u64>(),
        steps in 0..120usize,
        edits in proptest::collection::vec((0..SAVE_LEN - 4, any::<u8>()), 1..4),
    ) {
        let mut s = Session::new(settings, seed).unwrap();
        for i in 0..steps {
            if matches!(s.phase(), Phase::MatchOver { .. }) {
                break;
            }
            let action = action_for(&s, i as u32 * 7 + 1);
            let _ = s.apply(action);
        }
        let mut bytes = s.to_bytes();
        for (at, value) in edits {
            bytes[at] = value;
        }
        let bytes = resealed_bytes(bytes);
        if let Ok(mut restored) = Session::from_bytes(&bytes) {
            prop_assert_eq!(restored.to_bytes(), bytes);
            finish(&mut restored, 20_000)?;
        }
    }

    /// Nothing a front-end reads depends on the secret beyond the match itself: the same
    /// match under two secrets gives the same state, views, legal moves and texts, and the
    /// secret's value appears nowhere in them.
    #[test]
    fn the_secret_is_not_in_what_front_ends_read(
        settings in any_settings(),
        seed in any::<u64>(),
        other in any::<u64>(),
        choices in proptest::collection::vec(any::<u32>(), 0..100),
    ) {
        let mut s = Session::new(settings, seed).unwrap();
        for choice in choices {
            let action = action_for(&s, choice);
            let _ = s.apply(action);
        }
        let mut bytes = s.to_bytes();
        bytes[10..18].copy_from_slice(&other.to_le_bytes());
        let bytes = resealed_bytes(bytes);
        let t = Session::from_bytes(&bytes).unwrap();
        let frame = |s: &Session| Frame::for_seat(s, s.viewer(), Default::default(), &Pacing::APPS);
        prop_assert_eq!(frame(&s), frame(&t));
        prop_assert_eq!(s.view(), t.view());
        prop_assert_eq!(s.legal_moves(), t.legal_moves());
        prop_assert_eq!(s.hint().ok(), t.hint().ok());
        let shown = format!("{:?} {:?} {}", frame(&s), s.view(), s.texts().phase(&s.phase()));
        for secret in [seed, scopa_core::session::seed::deal_seed(seed, s.match_number())] {
            prop_assert!(!shown.contains(&secret.to_string()));
            let hex = format!("{:x}", secret);
            prop_assert!(!shown.contains(&hex));
        }
    }
}

#[test]
fn four_people_pass_and_play_to_the_end() {
    let rules = Rules {
        players: 4,
        target: 11,
        ..Rules::default()
    };
    let mut s = Session::new(Settings::pass_and_play(rules), 2026).unwrap();
    finish(&mut s, 100_000).unwrap();
}

#[test]
fn two_people_and_two_ais_play_scopone_to_the_end() {
    for deal in [DealKind::Scopone, DealKind::ScoponeScientifico] {
        let rules = Rules {
            players: 4,
            deal,
            ..Rules::default()
        };
        let mut settings = Settings::pass_and_play(rules);
        settings.seats[1] = Player::Ai(Level::Expert);
        settings.seats[3] = Player::Ai(Level::Expert);
        let mut s = Session::new(settings, 7).unwrap();
        finish(&mut s, 100_000).unwrap();
    }
}

#[test]
fn every_save_check_has_its_own_error() {
    let settings = Settings::against(Level::Easy, Rules::default());
    let s = Session::new(settings, 1).unwrap();
    let good = s.to_bytes();
    let resealed = |edit: &dyn Fn(&mut [u8; SAVE_LEN])| {
        let mut b = good;
        edit(&mut b);
        Session::from_bytes(&resealed_bytes(b))
    };
    assert_eq!(
        Session::from_bytes(&good[..10]),
        Err(SaveError::WrongLength { len: 10 })
    );
    let mut bad = good;
    bad[0] = b'X';
    assert_eq!(Session::from_bytes(&bad), Err(SaveError::NotASave));
    let mut bad = good;
    bad[4] = 5;
    assert_eq!(
        Session::from_bytes(&bad),
        Err(SaveError::UnsupportedVersion { version: 5 })
    );
    let mut bad = good;
    bad[100] ^= 1;
    assert_eq!(Session::from_bytes(&bad), Err(SaveError::Checksum));
    assert!(matches!(
        resealed(&|b| b[30] ^= 0xFF),
        Err(SaveError::Match(_))
    ));
    assert_eq!(
        resealed(&|b| b[6] = 9),
        Err(SaveError::BadPlayer { seat: 1, code: 9 })
    );
    assert_eq!(
        resealed(&|b| b[9] = 0x08),
        Err(SaveError::BadFlags { flags: 0x08 })
    );
    assert!(matches!(
        resealed(&|b| b[7] = 1),
        Err(SaveError::Settings(_))
    ));
    // Undo with one person against the AI is fine, and Italian too.
    assert!(resealed(&|b| b[9] = 1).is_ok());
    assert!(resealed(&|b| b[9] = 2).is_ok());
    assert_eq!(resealed(&|b| b[22] = 1), Err(SaveError::BadPending));
    assert_eq!(resealed(&|b| b[22] = 2), Err(SaveError::BadPending));
    assert_eq!(resealed(&|b| b[22] = 3), Err(SaveError::BadPending));
    assert_eq!(resealed(&|b| b[24] = 50), Err(SaveError::BadSelection));
    assert_eq!(resealed(&|b| b[24] = 0), Err(SaveError::BadSelection));
    assert_eq!(resealed(&|b| b[25] = 1), Err(SaveError::BadHolder));
    assert_eq!(resealed(&|b| b[25] = 0xFF), Err(SaveError::BadHolder));
}

#[test]
fn errors_say_what_was_wrong_in_both_languages() {
    use scopa_core::session::{Lang, Texts};
    let e = SessionError::NoSuchCapture {
        index: 4,
        options: 3,
    };
    assert_eq!(e.to_string(), "There is no choice 5: choose 1 to 3.");
    assert_eq!(
        Texts::new(Lang::It).error(&e).to_string(),
        "Non c'è la scelta 5: scegli da 1 a 3."
    );
}

/// `bytes` with its checksum made right again after an edit.
fn resealed_bytes(mut bytes: [u8; SAVE_LEN]) -> [u8; SAVE_LEN] {
    let crc = crc32(&bytes[..SAVE_LEN - 4]);
    bytes[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// Drives `s` with sensible actions (a card with several captures when there is one)
/// until `stop` holds for its phase; `None` if the match ends first.
fn drive_until(s: &mut Session, stop: impl Fn(Phase) -> bool) -> Option<()> {
    for _ in 0..10_000 {
        let phase = s.phase();
        if stop(phase) {
            return Some(());
        }
        let action = match phase {
            Phase::MatchOver { .. } => return None,
            Phase::Play { .. } => {
                let moves = s.legal_moves();
                let hand = s.hand();
                let several = hand
                    .into_iter()
                    .find(|&c| moves.iter().filter(|m| m.card() == c).count() >= 2);
                Action::Select(several.or_else(|| hand.first())?)
            }
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        s.apply(action).ok()?;
    }
    None
}

#[test]
fn language_and_undo_survive_a_save() {
    use scopa_core::session::Lang;
    for (lang, undo, flags) in [
        (Lang::En, false, 0),
        (Lang::En, true, 1),
        (Lang::It, false, 2),
        (Lang::It, true, 3),
    ] {
        let mut settings = Settings::against(Level::Easy, Rules::default());
        settings.lang = lang;
        settings.undo = undo;
        let s = Session::new(settings, 5).unwrap();
        let bytes = s.to_bytes();
        assert_eq!(bytes[9], flags, "the flags byte of {lang:?}, undo {undo}");
        let back = Session::from_bytes(&bytes).unwrap();
        assert_eq!(back.texts().lang, lang);
        assert_eq!(back, s);
        assert_eq!(back.to_bytes(), bytes);
    }
}

#[test]
fn the_device_goes_only_to_a_person_of_the_session() {
    // Three players: two people and an AI, in pass-and-play.
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let mut settings = Settings::pass_and_play(rules);
    settings.seats[2] = Player::Ai(Level::Easy);
    let s = Session::new(settings, 3).unwrap();
    let good = s.to_bytes();
    let holder = |seat: u8| {
        let mut b = good;
        b[25] = seat;
        Session::from_bytes(&resealed_bytes(b))
    };
    assert!(holder(0).is_ok());
    assert!(holder(1).is_ok());
    assert!(holder(0xFF).is_ok(), "nobody holds it between two people");
    assert_eq!(holder(2), Err(SaveError::BadHolder), "an AI seat");
    assert_eq!(holder(3), Err(SaveError::BadHolder), "a seat past the last");
    assert_eq!(holder(4), Err(SaveError::BadHolder));
}

/// Issue 26, defect 3: a pass-and-play match restored from its save starts with the
/// hand-off — the person whose turn it is must take the device before their hand shows —
/// also when it was saved while that person held the device or was choosing a capture.
#[test]
fn a_restored_pass_and_play_match_starts_with_the_hand_off() {
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let mut settings = Settings::pass_and_play(rules);
    settings.seats[2] = Player::Ai(Level::Easy);
    let mut checked = 0;
    for (_, s) in sessions_reaching(settings, 40, |p| {
        matches!(p, Phase::Play { .. } | Phase::ChooseCapture { .. })
    }) {
        let seat = s.game_match().turn();
        assert_eq!(s.viewer(), Some(seat));
        let mut resumed = Session::restore(&s.to_bytes()).unwrap();
        assert_eq!(resumed.phase(), Phase::HandOff { seat });
        assert_eq!(resumed.viewer(), None);
        assert!(resumed.hand().is_empty());
        assert_eq!(resumed.view(), None);
        assert!(resumed.hint().is_err());
        resumed.apply(Action::Continue).unwrap();
        assert_eq!(resumed.phase(), Phase::Play { seat });
        assert_eq!(resumed.hand(), s.hand());
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} sessions checked");
    // The one person against AIs, and watch mode: restored exactly as saved.
    for settings in [
        Settings::against(Level::Easy, rules),
        Settings::watch(Level::Easy, rules),
    ] {
        for (_, s) in sessions_reaching(settings, 5, |p| !matches!(p, Phase::AiDue { .. })) {
            assert_eq!(Session::restore(&s.to_bytes()), Ok(s));
        }
    }
}

/// The sessions of `settings` with seeds `0..seeds` that reach a phase where `stop` holds,
/// driven there by [`drive_until`], with their seeds.
fn sessions_reaching(
    settings: Settings,
    seeds: u64,
    stop: impl Fn(Phase) -> bool + Copy,
) -> impl Iterator<Item = (u64, Session)> {
    (0..seeds).filter_map(move |seed| {
        let mut s = Session::new(settings, seed).unwrap();
        drive_until(&mut s, stop).map(|()| (seed, s))
    })
}

#[test]
fn a_card_being_played_must_be_the_persons_with_several_captures() {
    // One person against the AI, at the person's turn: a card not in the hand, or one with
    // a single way to play, cannot be the card being played.
    let (seed, s, single) =
        sessions_reaching(Settings::against(Level::Easy, Rules::default()), 50, |p| {
            matches!(p, Phase::Play { seat: 0 })
        })
        .find_map(|(seed, s)| {
            let moves = s.legal_moves();
            let single = s
                .hand()
                .into_iter()
                .find(|&c| moves.iter().filter(|m| m.card() == c).count() == 1)?;
            Some((seed, s, single))
        })
        .expect("no position with a single-move card in 50 deals");
    let hand = s.hand();
    let outside = (0..40)
        .filter_map(Card::from_index)
        .find(|c| !hand.contains(*c))
        .unwrap();
    for card in [single, outside] {
        let mut b = s.to_bytes();
        b[24] = card.index();
        assert_eq!(
            Session::from_bytes(&resealed_bytes(b)),
            Err(SaveError::BadSelection),
            "seed {seed}, {card:?}"
        );
    }

    // Two people: the card being played by seat s is refused once the device is the
    // other person's.
    let (seed, s) = sessions_reaching(Settings::pass_and_play(Rules::default()), 200, |p| {
        matches!(p, Phase::ChooseCapture { .. })
    })
    .next()
    .expect("no choice of captures in 200 deals");
    let Phase::ChooseCapture { seat, .. } = s.phase() else {
        unreachable!()
    };
    let good = s.to_bytes();
    assert_eq!(Session::from_bytes(&good).as_ref(), Ok(&s));
    let mut b = good;
    b[25] = 1 - seat;
    assert_eq!(
        Session::from_bytes(&resealed_bytes(b)),
        Err(SaveError::BadSelection),
        "seed {seed}"
    );
}

#[test]
fn a_pending_scopa_is_the_last_players() {
    let (seed, s) = sessions_reaching(Settings::watch(Level::Easy, Rules::default()), 200, |p| {
        matches!(p, Phase::Scopa { .. })
    })
    .next()
    .expect("no scopa in 200 deals");
    let Phase::Scopa { seat, .. } = s.phase() else {
        unreachable!()
    };
    let good = s.to_bytes();
    assert_eq!(good[22], 1);
    assert_eq!(Session::from_bytes(&good).as_ref(), Ok(&s));
    let mut b = good;
    b[23] = 1 - seat;
    assert_eq!(
        Session::from_bytes(&resealed_bytes(b)),
        Err(SaveError::BadPending),
        "seed {seed}"
    );
}

#[test]
fn save_errors_say_what_was_wrong() {
    let cases: [(SaveError, &[&str]); 6] = [
        (SaveError::WrongLength { len: 10 }, &["364", "10"]),
        (SaveError::NotASave, &["SCPS"]),
        (
            SaveError::UnsupportedVersion { version: 7 },
            &["version 7", "versions 1"],
        ),
        (SaveError::Checksum, &["checksum"]),
        (
            SaveError::BadPlayer { seat: 2, code: 9 },
            &["byte 7", "seat 2", "9"],
        ),
        (SaveError::BadFlags { flags: 0x08 }, &["0x08"]),
    ];
    for (e, words) in cases {
        let text = e.to_string();
        for w in words {
            assert!(text.contains(w), "{e:?}: {text:?} does not say {w:?}");
        }
    }
    let plain = [
        SaveError::BadPending,
        SaveError::BadSelection,
        SaveError::BadHolder,
    ]
    .map(|e| e.to_string());
    assert!(plain.iter().all(|t| t.len() > 20));
    assert!(plain[0] != plain[1] && plain[1] != plain[2] && plain[0] != plain[2]);
}

/// The fuzz target's walk (`saves::session_plays_out`: random actions, random moves for the
/// AI seats, saves restored at every hand's start) plays tables of 6 and 8 in both games.
#[test]
fn the_save_walk_plays_tables_of_six_and_eight() {
    use scopa_core::briscola::BriscolaRules;
    use scopa_tests::saves::{Check, session_plays_out};
    for players in [6u8, 8] {
        let briscola = BriscolaRules {
            players,
            decks: 2,
            ..BriscolaRules::default()
        };
        for settings in [
            Settings::against(Level::Easy, Rules::default().with_players(players)),
            Settings::briscola(Level::Easy, briscola),
        ] {
            let s = Session::new(settings, u64::from(players)).unwrap();
            let steps = session_plays_out(s, 3, Check::HandStarts);
            // A hand of 6 or 8 is 72 or 80 plays.
            assert!(steps > 72, "{players} players: {steps} steps");
        }
    }
}
