//! Tests of the settings screen's API, the script lines and the restore of saves (the
//! game itself: `crate::controller::tests`).

use scopa_core::session as core;

use super::*;
use crate::controller::tests::settings;
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
    assert_eq!(
        back.seats,
        [
            vec![None, Some(AiLevel::Expert), Some(AiLevel::Handheld)],
            vec![None; core::MAX_SEATS - 3]
        ]
        .concat()
    );
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
            card: 39,
            capture: 1 | 1 << 8,
            capture_twice: 0,
        })
    );
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
    let mut too_many = settings(2, &[None; core::MAX_SEATS + 1]);
    assert!(check_settings(too_many.clone()).is_err());
    too_many.seats.truncate(core::MAX_SEATS);
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
