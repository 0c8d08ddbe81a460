//! Host tests of the translation layer: what the page sends is checked, what it receives
//! shows only what the viewer may see, and a page-style run replays natively.

use super::*;

fn input(players: u8, seats: &[&str], deal: &str) -> SettingsIn {
    SettingsIn {
        players,
        deal: deal.into(),
        target: 11,
        primiera: "classic".into(),
        ace: "none".into(),
        napola: false,
        re_bello: false,
        kings_redeal: true,
        seats: seats.iter().map(|s| (*s).into()).collect(),
        undo: false,
        lang: "en".into(),
    }
}

/// Plays to the end as the page does: AI moves computed on a copy (the Worker) and applied
/// as `AiPlay`; returns the script and the transcript the page would record.
fn play_like_the_page(mut s: Session) -> (Vec<String>, Vec<String>) {
    let mut script = Vec::new();
    let mut lines = transcript_start(&s);
    for step in 0..20_000 {
        let v = view_out(&s);
        if let Some(viewer) = v.viewer {
            assert!(s.settings().player(viewer).is_human() || s.settings().humans() == 0);
        }
        let action = match v.phase {
            PhaseOut::Play { .. } => ActionIn::Select {
                card: v.hand[step % v.hand.len()].card,
            },
            PhaseOut::ChooseCapture { options, .. } => ActionIn::Capture {
                index: (options.len() - 1) as u8,
            },
            PhaseOut::AiDue { .. } => {
                let copy = Session::from_bytes(&s.to_bytes()).unwrap();
                let mv = MoveOut::from(copy.ai_move().unwrap());
                ActionIn::AiPlay {
                    card: mv.card,
                    capture: mv.capture,
                }
            }
            PhaseOut::HandOff { .. } => {
                assert!(
                    v.hand.is_empty(),
                    "no card shown while the device changes hands"
                );
                ActionIn::Continue
            }
            PhaseOut::Scopa { .. } | PhaseOut::HandSummary => ActionIn::Continue,
            PhaseOut::MatchOver { .. } => {
                assert!(v.winner.is_some());
                return (script, lines);
            }
        };
        let out = apply(&mut s, action.to_action().unwrap()).unwrap();
        script.push(out.script);
        for e in out.events {
            lines.extend(e.line.split('\n').map(String::from));
        }
    }
    panic!("the match did not end");
}

#[test]
fn a_page_style_match_replays_natively_from_its_script() {
    for (players, seats, deal) in [
        (2, &["human", "expert"][..], "standard"),
        (4, &["human", "human", "medium", "human"][..], "scopone"),
        (3, &["easy", "random", "medium"][..], "standard"),
    ] {
        let settings = input(players, seats, deal).to_settings().unwrap();
        let s = Session::new(settings, 7).unwrap();
        let line = transcript::start(&settings).to_string();
        let (script, lines) = play_like_the_page(s);
        assert!(script.iter().any(|l| l == "ai"));
        assert_eq!(replay(&line, 7, &script).unwrap(), lines);
    }
}

#[test]
fn the_view_shows_only_the_viewers_hand() {
    let settings = input(2, &["human", "human"], "standard")
        .to_settings()
        .unwrap();
    let mut s = Session::new(settings, 3).unwrap();
    let v = view_out(&s);
    assert!(matches!(v.phase, PhaseOut::HandOff { .. }));
    assert!(v.hand.is_empty() && v.viewer.is_none());
    s.apply(Action::Continue).unwrap();
    let v = view_out(&s);
    let seat = v.viewer.unwrap();
    assert_eq!(
        v.hand.len(),
        usize::from(v.seats[usize::from(seat)].hand_size)
    );
    let watch = input(2, &["easy", "easy"], "standard")
        .to_settings()
        .unwrap();
    let v = view_out(&Session::new(watch, 3).unwrap());
    assert!(v.hand.is_empty() && v.viewer.is_none());
}

#[test]
fn settings_from_the_page_are_checked() {
    let mut bad = input(2, &["human", "expert"], "scopone");
    assert!(Session::new(bad.to_settings().unwrap(), 1).is_err());
    bad.seats[1] = "grandmaster".into();
    assert!(
        bad.to_settings()
            .unwrap_err()
            .0
            .contains("unknown AI level")
    );
    bad.seats.pop();
    assert!(bad.to_settings().is_err());
    let mut lang = input(2, &["human", "expert"], "standard");
    lang.lang = "fr".into();
    assert!(lang.to_settings().unwrap_err().0.contains("language"));
}

#[test]
fn action_indices_are_checked() {
    assert!(ActionIn::Select { card: 40 }.to_action().is_err());
    let worker = ActionIn::AiPlay {
        card: 3,
        capture: vec![99],
    };
    assert!(worker.to_action().is_err());
}

#[test]
fn labels_exist_in_both_languages() {
    for lang in Lang::ALL {
        let l = labels(lang);
        assert!(l.len() >= Label::ALL.len() + Level::ALL.len());
        assert!(l.iter().all(|(k, v)| !k.is_empty() && !v.is_empty()));
    }
}

#[test]
fn statistics_rows_are_labelled_from_the_settings_line() {
    let settings = input(2, &["human", "expert"], "standard")
        .to_settings()
        .unwrap();
    let line = view_out(&Session::new(settings, 1).unwrap()).settings_line;
    let it = stats_label(&line, Lang::It).unwrap();
    assert_eq!(it.against, "Esperto");
    assert!(it.rules.starts_with("2 giocatori"));
    assert!(stats_label("not a settings line", Lang::En).is_none());
}
