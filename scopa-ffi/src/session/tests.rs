//! Tests of the settings screen's API, the script lines and the restore of saves (the
//! game itself: `crate::controller::tests`).

use scopa_core::session as core;

use scopa_core::Card;

use super::*;
use crate::controller::tests::{briscola_settings, settings};
use crate::types::AiLevel;

#[test]
fn transcript_start_and_script_lines_read_back() {
    let s = settings(
        3,
        &[None, Some(AiLevel::Expert), Some(AiLevel::Handheld), None],
    );
    let line = transcript_start(s.clone()).unwrap();
    assert_eq!(
        line,
        "session players 3 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human expert handheld"
    );
    let ScriptLine::Settings { settings: back } = parse_script_line(line).unwrap() else {
        panic!("not a settings line");
    };
    assert_eq!(back.rules, s.rules);
    // Every seat of the session, those past the last `None`.
    let mut seats = vec![None; usize::from(max_seats())];
    seats[1] = Some(AiLevel::Expert);
    seats[2] = Some(AiLevel::Handheld);
    assert_eq!(back.seats, seats);
    assert!(matches!(
        parse_script_line("session players 9".into()),
        Err(SessionError::BadScriptLine { .. })
    ));
    assert_eq!(parse_script_line(" # note".into()), Ok(ScriptLine::Nothing));
    assert_eq!(
        parse_script_line("seed 42".into()),
        Ok(ScriptLine::Seed { seed: 42 })
    );
    assert_eq!(parse_script_line("save".into()), Ok(ScriptLine::Save));
    assert_eq!(
        parse_script_line("10b 1d 9d".into()),
        Ok(ScriptLine::Move {
            card: c("10b"),
            capture: vec![c("1d"), c("9d")],
        })
    );
    // At a table of 6 or 8 a move may take both copies of a card: named twice, in canonical
    // order whatever the order written.
    assert_eq!(
        parse_script_line("6b 3c 3c".into()),
        Ok(ScriptLine::Move {
            card: c("6b"),
            capture: vec![c("3c"), c("3c")],
        })
    );
    assert_eq!(
        parse_script_line("10s 3c 4d 3c".into()),
        Ok(ScriptLine::Move {
            card: c("10s"),
            capture: vec![c("4d"), c("3c"), c("3c")],
        })
    );
    assert_eq!(
        parse_script_line("5d".into()),
        Ok(ScriptLine::Move {
            card: c("5d"),
            capture: vec![],
        })
    );
    // Three copies of a card: no script line.
    assert!(matches!(
        parse_script_line("9b 3c 3c 3c".into()),
        Err(SessionError::BadScriptLine { .. })
    ));
    assert!(matches!(
        parse_script_line("11x".into()),
        Err(SessionError::BadScriptLine { .. })
    ));
}

#[test]
fn errors_are_typed_and_written_in_the_sessions_language() {
    // Settings.
    let mut it = settings(3, &[None, None, None]);
    it.lang = Lang::It;
    it.rules.deal = crate::DealKind::Scopone;
    let e = check_settings(it.clone()).unwrap_err();
    assert_eq!(
        e,
        SessionError::InvalidSettings {
            message: "la distribuzione Scopone (9 a testa, 4 in tavola) vuole 4 giocatori, non 3"
                .into()
        }
    );
    let mut undo = settings(2, &[None, None]);
    undo.undo = true;
    assert_eq!(
        check_settings(undo).unwrap_err().message(),
        "undo is only for one person playing against the computer, and 2 seats are people"
    );
    let mut too_many = settings(2, &[None; 9]);
    assert!(check_settings(too_many.clone()).is_err());
    too_many.seats.truncate(8);
    assert_eq!(check_settings(too_many), Ok(()));

    // The record holds every core label.
    assert_eq!(Labels::LABELS, core::Label::ALL);
    assert_eq!(lang_from_tag("it-IT".into()), Lang::It);
    assert_eq!(lang_from_tag("en-US".into()), Lang::En);
    assert_eq!(default_settings(Lang::It).lang, Lang::It);
    assert_eq!(check_settings(default_settings(Lang::En)), Ok(()));
}

#[test]
fn bad_session_saves_are_refused_in_the_players_language() {
    let s = settings(2, &[None, Some(AiLevel::Easy)]).to_core().unwrap();
    let s = core::Session::new(s, 1).unwrap();
    let mut b = s.to_bytes().to_vec();
    assert_eq!(restore_core(&b, Lang::En).unwrap().to_bytes(), s.to_bytes());
    b[200] ^= 0x40;
    let e = restore_core(&b, Lang::It).unwrap_err();
    assert_eq!(
        e.message(),
        "La partita salvata non si può leggere: il salvataggio è danneggiato (il checksum non corrisponde)"
    );
    for bytes in [vec![], vec![0; 364], b"SCPS".to_vec()] {
        assert!(matches!(
            restore_core(&bytes, Lang::En),
            Err(SessionError::BadSave { .. })
        ));
    }
}

fn c(name: &str) -> Card {
    name.parse().unwrap()
}

#[test]
fn tables_of_six_and_eight_are_settings_of_both_games() {
    for players in [6, 8] {
        let seats = vec![None; players as usize];
        let scopa = settings(players, &seats);
        assert_eq!(check_settings(scopa.clone()), Ok(()), "Scopa, {players}");
        let core = scopa.to_core().unwrap();
        assert_eq!(core.rules.decks, 2);
        // The settings line reads back as the same settings.
        let line = transcript_start(scopa.clone()).unwrap();
        assert!(
            line.starts_with(&format!("session players {players} ")),
            "{line}"
        );
        let ScriptLine::Settings { settings: back } = parse_script_line(line).unwrap() else {
            panic!("not a settings line");
        };
        assert_eq!(back.rules, scopa.rules);
        assert_eq!(back.seats.len(), usize::from(max_seats()));
        assert_eq!(&back.seats[..players as usize], &seats[..]);

        let briscola = briscola_settings(players as u8, &seats);
        assert_eq!(
            check_settings(briscola.clone()),
            Ok(()),
            "Briscola, {players}"
        );
        let line = transcript_start(briscola.clone()).unwrap();
        let ScriptLine::Settings { settings: back } = parse_script_line(line.clone()).unwrap()
        else {
            panic!("not a settings line: {line}");
        };
        assert_eq!(back.briscola, briscola.briscola, "{line}");
    }
    // Five and seven players, nine seats, an AI past the last seat: refused, typed.
    for players in [5, 7, 9] {
        let e = check_settings(settings(players, &[None; 8])).unwrap_err();
        assert!(matches!(e, SessionError::InvalidSettings { .. }), "{e:?}");
        let e = check_settings(briscola_settings(players as u8, &[None; 8])).unwrap_err();
        assert!(matches!(e, SessionError::InvalidSettings { .. }), "{e:?}");
    }
    let e = check_settings(settings(8, &[None; 9])).unwrap_err();
    assert!(e.message().contains("at most 8"), "{e:?}");
    let e = check_settings(settings(6, &[None; 5])).unwrap_err();
    assert!(e.message().contains("one per seat (6 players)"), "{e:?}");
    // Entries past the last seat are ignored (a screen keeps eight choices).
    let mut past = vec![None; 8];
    past[6] = Some(AiLevel::Easy);
    assert_eq!(check_settings(settings(6, &past)), Ok(()));
    assert_eq!(settings(6, &past).to_core().unwrap().humans(), 6);
    assert_eq!(settings(8, &past).to_core().unwrap().humans(), 7);
    // The scopone deals need one deck and four players.
    let mut scopone = settings(6, &[None; 6]);
    scopone.rules.deal = crate::DealKind::Scopone;
    assert!(matches!(
        check_settings(scopone),
        Err(SessionError::InvalidSettings { .. })
    ));
    // Undo with one person among AIs.
    let mut undo = settings(8, &[Some(AiLevel::Easy); 8]);
    undo.seats[0] = None;
    undo.undo = true;
    assert_eq!(check_settings(undo), Ok(()));
    // Numbers past a byte are refused, not wrapped.
    assert!(check_settings(settings(262, &[None; 8])).is_err());
}

#[test]
fn saves_of_big_tables_restore_and_damaged_ones_are_refused() {
    for (game, version) in [(None, 3), (Some(()), 4)] {
        for players in [6u8, 8] {
            let mut seats = vec![Some(AiLevel::Easy); usize::from(players)];
            seats[0] = None;
            let s = match game {
                None => settings(u32::from(players), &seats),
                Some(()) => briscola_settings(players, &seats),
            };
            let s = core::Session::new(s.to_core().unwrap(), 99).unwrap();
            let b = s.to_bytes().to_vec();
            assert_eq!((b.len(), b[4]), (364, version), "{players} players");
            assert_eq!(restore_core(&b, Lang::En).unwrap().to_bytes(), s.to_bytes());
            // Every single flipped bit is refused, typed, without a panic.
            for i in 0..b.len() {
                let mut bad = b.clone();
                bad[i] ^= 0x10;
                match restore_core(&bad, Lang::En) {
                    Err(SessionError::BadSave { .. }) => {}
                    Ok(back) => assert_eq!(back.to_bytes()[..], bad[..], "byte {i}"),
                    Err(e) => panic!("byte {i}: {e:?}"),
                }
            }
            for len in [0, 30, 363, 365] {
                let mut short = b.clone();
                short.resize(len, 0);
                assert!(matches!(
                    restore_core(&short, Lang::En),
                    Err(SessionError::BadSave { .. })
                ));
            }
        }
    }
}
