//! Host tests of what the page relies on: phases, actions, views, saves.

use super::*;
use provisional::SAVE_LEN;

fn settings(players: u8, seats: &[&str], deal: &str) -> Settings {
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
        lang: "en".into(),
    }
    .to_settings()
    .unwrap()
}

/// Plays a session to the end as a page would: humans take the first card and the last
/// capture option; checks the save round-trips at every step. Returns the plays.
fn play_out(mut s: Session) -> (Session, Vec<String>, usize) {
    let mut plays = Vec::new();
    let mut handoffs = 0;
    for _ in 0..20_000 {
        assert_eq!(Session::from_bytes(&s.to_bytes()).unwrap(), s);
        let events = match s.phase() {
            Phase::Play { seat } => {
                assert_eq!(s.viewer(), Some(seat), "the player sees their own hand");
                let card = s.game().hand().hand(seat).first().unwrap();
                s.apply(Action::Select(card)).unwrap()
            }
            Phase::ChooseCapture { .. } => {
                let n = s.capture_options().len();
                assert!(n >= 2);
                s.apply(Action::Capture(n - 1)).unwrap()
            }
            Phase::AiDue { .. } => s.apply(Action::RunAi).unwrap(),
            Phase::HandOff { .. } => {
                assert_eq!(
                    s.viewer(),
                    None,
                    "no hand is shown while the device changes hands"
                );
                handoffs += 1;
                s.apply(Action::Continue).unwrap()
            }
            Phase::HandSummary => s.apply(Action::Continue).unwrap(),
            Phase::MatchOver { .. } => return (s, plays, handoffs),
        };
        for e in events_out(&events, 2) {
            if let EventOut::Played { seat, mv } = e {
                plays.push(format!("{seat} {}", mv.text));
            }
        }
    }
    panic!("the match did not end");
}

#[test]
fn human_against_expert_plays_to_the_end_with_round_trips() {
    let s = Session::new(settings(2, &["human", "expert"], "standard"), 7).unwrap();
    let (end, plays, handoffs) = play_out(s);
    assert!(end.game().is_over());
    assert!(plays.len() >= 36);
    assert_eq!(handoffs, 0, "one human: never a hand-off");
}

#[test]
fn pass_and_play_scopone_hides_cards_between_humans() {
    let s = Session::new(
        settings(4, &["human", "human", "medium", "human"], "scopone"),
        3,
    )
    .unwrap();
    assert!(matches!(
        s.phase(),
        Phase::HandOff { .. } | Phase::AiDue { .. }
    ));
    let (end, _, handoffs) = play_out(s);
    assert!(end.game().is_over());
    assert!(handoffs > 10);
}

#[test]
fn watch_mode_needs_no_input_but_run_ai() {
    let s = Session::new(settings(3, &["easy", "random", "medium"], "standard"), 11).unwrap();
    assert_eq!(s.viewer(), Some(0));
    let (end, _, _) = play_out(s);
    assert!(end.game().is_over());
}

#[test]
fn a_worker_move_equals_run_ai() {
    let mut a = Session::new(settings(2, &["expert", "expert"], "standard"), 5).unwrap();
    let mut b = a.clone();
    for _ in 0..12 {
        let mv = Session::from_bytes(&a.to_bytes())
            .unwrap()
            .ai_move()
            .unwrap();
        a.apply(Action::AiPlay(mv)).unwrap();
        b.apply(Action::RunAi).unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn actions_out_of_phase_are_refused_and_change_nothing() {
    let mut s = Session::new(settings(2, &["human", "easy"], "standard"), 1).unwrap();
    while !matches!(s.phase(), Phase::Play { .. }) {
        s.apply(Action::RunAi).unwrap();
    }
    let before = s.clone();
    for a in [
        Action::Continue,
        Action::RunAi,
        Action::Rematch,
        Action::Cancel,
        Action::Capture(0),
    ] {
        assert!(
            matches!(s.apply(a), Err(SessionError::NotNow { .. })),
            "{a:?}"
        );
    }
    let foreign = Card::all()
        .find(|&c| !s.game().hand().hand(0).contains(c))
        .unwrap();
    assert_eq!(
        s.apply(Action::Select(foreign)),
        Err(SessionError::NotInHand { card: foreign })
    );
    assert_eq!(s, before);
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let s = Session::new(settings(2, &["human", "expert"], "standard"), 9).unwrap();
    let good = s.to_bytes();
    assert!(matches!(
        Session::from_bytes(&good[..10]),
        Err(SaveError::Length { got: 10, .. })
    ));
    let mut bad = good;
    bad[0] = b'X';
    assert_eq!(Session::from_bytes(&bad), Err(SaveError::Magic));
    for i in 9..SAVE_LEN {
        let mut bad = good;
        bad[i] ^= 0x41;
        assert!(
            Session::from_bytes(&bad).is_err(),
            "byte {i} flipped was accepted"
        );
    }
}

#[test]
fn settings_from_the_page_are_checked() {
    let mut input = SettingsIn {
        players: 2,
        deal: "scopone".into(),
        target: 11,
        primiera: "classic".into(),
        ace: "none".into(),
        napola: false,
        re_bello: false,
        kings_redeal: true,
        seats: vec!["human".into(), "expert".into()],
        lang: "it".into(),
    };
    let s = input.to_settings().unwrap();
    assert!(matches!(Session::new(s, 1), Err(SessionError::Rules(_))));
    input.seats[1] = "grandmaster".into();
    assert!(
        input
            .to_settings()
            .unwrap_err()
            .0
            .contains("unknown AI level")
    );
    input.seats.pop();
    assert!(input.to_settings().is_err());
}

#[test]
fn action_indices_are_checked() {
    assert!(ActionIn::Select { card: 40 }.to_action().is_err());
    assert!(
        ActionIn::AiPlay {
            card: 3,
            capture: vec![99]
        }
        .to_action()
        .is_err()
    );
}
