//! Scripted sessions through the handheld's buttons agree with the session itself: whole
//! runs, saves and resumes at every point, and the scripts QEMU plays.

use scopa_core::Rules;
use scopa_core::ai::Level;
use scopa_core::session::{Action, Phase, Session, Settings, transcript};
use scopa_core::{AceRule, DealKind};
use scopa_sim::scripts::{self, Run};
use scopa_ui::script::{DriveError, Outcome, Script, ScriptErrorKind};

fn qemu_script(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../qemu/scripts")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Settings the handheld's options can give, of every kind.
fn settings() -> Vec<Settings> {
    let mut out = Vec::new();
    for players in [2, 3, 4] {
        let mut rules = Rules {
            players,
            ..Rules::default()
        };
        out.push(Settings::against(Level::Random, rules));
        rules.napola = true;
        rules.ace = AceRule::TakesAll;
        out.push(Settings::pass_and_play(rules));
        out.push(Settings::watch(Level::Easy, rules));
    }
    let mut scopone = Settings::against(
        Level::Random,
        Rules {
            players: 4,
            deal: DealKind::ScoponeScientifico,
            re_bello: true,
            target: 5,
            ..Rules::default()
        },
    );
    scopone.undo = true;
    out.push(scopone);
    out
}

#[test]
fn the_buttons_play_every_kind_of_script_as_the_session_does() {
    for (i, settings) in settings().iter().enumerate() {
        for seed in [1, 2024] {
            let text = scripts::record(settings, seed, None).unwrap();
            let script = Script::parse(&text).unwrap();
            let run = scripts::play(&script, None, false).unwrap();
            assert_eq!(run.outcome, Outcome::MatchOver, "settings {i}");
            let want = scripts::reference(&script, None).unwrap();
            assert_eq!(run.transcript, want, "settings {i} seed {seed}:\n{text}");
            assert!(want.ends_with('\n') && want.lines().last().unwrap().starts_with("winner "));
        }
    }
}

#[test]
fn the_qemu_scripts_play_to_the_end_and_agree_with_the_session() {
    for name in ["watch.script", "person.script"] {
        let text = qemu_script(name);
        let script = Script::parse(&text).unwrap();
        let run = scripts::play(&script, None, false).unwrap();
        assert_eq!(run.outcome, Outcome::MatchOver, "{name}");
        assert_eq!(
            run.transcript,
            scripts::reference(&script, None).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn a_save_at_the_save_line_resumes_to_the_same_end() {
    let text = qemu_script("person.script");
    let script = Script::parse(&text).unwrap();
    let whole = scripts::play(&script, None, false).unwrap().transcript;
    let Run {
        transcript: head,
        outcome,
        save,
    } = scripts::play(&script, None, true).unwrap();
    assert_eq!(outcome, Outcome::Saved);
    let save = save.unwrap();
    assert_eq!(save.len(), scopa_core::session::SAVE_LEN);
    let session = scripts::session_from(&save).unwrap();
    assert!(matches!(session.phase(), Phase::Play { seat: 0 }));
    let tail = scripts::play(&script, Some(&session), false).unwrap();
    assert_eq!(tail.outcome, Outcome::MatchOver);
    assert_eq!(head.clone() + &tail.transcript, whole);
    assert!(whole.ends_with(&scripts::reference(&script, Some(&session)).unwrap()));
}

#[test]
fn a_save_taken_anywhere_by_another_front_end_resumes_on_the_handheld() {
    // Another front-end may save in any phase (after its person's move, at a scopa or a
    // hand's summary, while choosing a capture). Resumed from each of them, the handheld
    // writes exactly the rest of the uninterrupted transcript.
    let settings = Settings::against(Level::Random, Rules::default());
    let text = scripts::record(&settings, 5, None).unwrap();
    let script = Script::parse(&text).unwrap();
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("seed") && !l.starts_with("session"))
        .collect();
    let mut session = Session::new(settings, 5).unwrap();
    let mut whole = format!(
        "{}\n{}\n",
        transcript::start(&settings),
        transcript::event(&session.deal_event())
    );
    let want = scripts::reference(&script, None).unwrap();
    let mut played = 0;
    let mut saves = 0;
    let mut phases = std::collections::BTreeSet::new();
    loop {
        // Resume a copy here: the script's moves not played yet, after a `save` line.
        let rest = format!(
            "seed 5\n{}\nsave\n{}\n",
            transcript::start(&settings),
            moves[played..].join("\n")
        );
        let rest = Script::parse(&rest).unwrap();
        let tail = scripts::play(&rest, Some(&session), false)
            .unwrap()
            .transcript;
        assert_eq!(
            whole.clone() + &tail,
            want,
            "resumed in {:?}",
            session.phase()
        );
        saves += 1;
        phases.insert(
            format!("{:?}", session.phase())
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string(),
        );
        let action = match session.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Play { .. } => {
                let mv = script_move(moves[played]);
                let ways = session
                    .legal_moves()
                    .iter()
                    .filter(|m| m.card() == mv.card())
                    .count();
                if ways > 1 {
                    Action::Select(mv.card()) // saved next while choosing the capture
                } else {
                    played += 1;
                    Action::Play(mv)
                }
            }
            Phase::ChooseCapture { .. } => {
                played += 1;
                Action::Play(script_move(moves[played - 1]))
            }
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        for e in session.apply(action).unwrap() {
            whole.push_str(&format!("{}\n", transcript::event(&e)));
        }
    }
    assert!(saves > 60, "{saves} resume points");
    for phase in [
        "Play",
        "ChooseCapture",
        "AiDue",
        "Scopa",
        "HandSummary",
        "MatchOver",
    ] {
        assert!(
            phases.contains(phase),
            "never resumed in {phase}: {phases:?}"
        );
    }
}

fn script_move(line: &str) -> scopa_core::Move {
    let text = format!(
        "seed 0\n{}\n{line}\n",
        transcript::start(&Settings::default())
    );
    let script = Script::parse(&text).unwrap();
    match script.steps().next() {
        Some((_, scopa_ui::script::Step::Move(mv))) => mv,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn scripts_that_cannot_be_played_say_which_line_and_why() {
    let settings = Settings::against(Level::Random, Rules::default());
    let start = transcript::start(&settings);
    let parse = |t: &str| Script::parse(t).map(|_| ()).map_err(|e| (e.line, e.kind));
    assert_eq!(
        parse(&format!("{start}\n7d\n")).map_err(|(l, k)| (l, k == ScriptErrorKind::NoSeed)),
        Err((2, true))
    );
    assert!(matches!(
        parse(&format!("seed 1\n{start}\n7d 7d\n")),
        Err((3, ScriptErrorKind::BadMove(_)))
    ));
    assert!(matches!(
        parse("seed x\n"),
        Err((1, ScriptErrorKind::BadSeed))
    ));
    assert!(matches!(
        parse(&format!("seed 1\n# comment\n\n{start}\nseed 2\n")),
        Err((5, ScriptErrorKind::Repeated))
    ));
    assert!(matches!(
        parse("seed 1\nsession players 2\n"),
        Err((2, ScriptErrorKind::BadSettings(_)))
    ));
    // A move that is not legal in the deal.
    let text = format!("seed 1\n{start}\n1d 2d 3d 4d\n");
    let err = scripts::play(&Script::parse(&text).unwrap(), None, false).unwrap_err();
    assert!(err.starts_with("script line 3:"), "{err}");
    // Seats the options screen cannot give.
    let mut mixed = Settings::against(
        Level::Random,
        Rules {
            players: 3,
            ..Rules::default()
        },
    );
    mixed.seats[2] = scopa_core::session::Controller::Ai(Level::Expert);
    let text = format!("seed 1\n{}\n", transcript::start(&mixed));
    let err = scripts::play(&Script::parse(&text).unwrap(), None, false).unwrap_err();
    assert_eq!(err, DriveError::Settings.to_string());
    // A save that is not a session.
    assert!(
        scripts::session_from(b"SCOPACLI")
            .unwrap_err()
            .starts_with("the save is refused")
    );
}
