//! Scripted sessions through the handheld's buttons agree with the reference run
//! (`scopa_tests::script::run`): the committed scripts of `tests/sessions/` with their
//! transcripts and saves, generated scripts of every kind, resumes from saves taken in
//! every phase, and the script only QEMU plays.

use std::path::{Path, PathBuf};

use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::game::GameMove;
use scopa_core::scopa::{AceRule, DealKind, PrimieraRule, Rules};
use scopa_core::session::transcript::{self, ParseScriptError, ScriptLine};
use scopa_core::session::{Action, Phase, Player, Session, Settings};
use scopa_sim::scripts;
use scopa_tests::script::{generate, run};
use scopa_ui::script::{Outcome, Script, ScriptErrorKind};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(path: &Path) -> String {
    String::from_utf8(read(path)).unwrap()
}

#[test]
fn the_committed_sessions_play_save_and_resume_as_their_references() {
    committed_sessions(&repo().join("tests/sessions"), 5);
}

#[test]
fn the_committed_briscola_sessions_play_save_and_resume_as_their_references() {
    committed_sessions(&repo().join("tests/sessions/briscola"), 2);
}

/// Every script of `dir` (at least `at_least`) gives its committed transcript, save and
/// transcript after the save, through the handheld's buttons.
fn committed_sessions(dir: &Path, at_least: usize) {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "script"))
        .collect();
    names.sort();
    assert!(names.len() >= at_least, "{names:?}");
    for path in names {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let script_text = text(&path);
        let script = Script::parse(&script_text).unwrap();
        let whole = scripts::play(&script, None, false).unwrap();
        assert_eq!(whole.outcome, Outcome::MatchOver, "{name}");
        assert_eq!(
            whole.transcript,
            text(&dir.join(format!("{name}.transcript"))),
            "{name}"
        );
        // Stopped at the `save` line: the flash holds the reference's save bytes.
        let save_path = dir.join(format!("{name}.save"));
        if !save_path.exists() {
            continue; // a script without a `save` line
        }
        let saved = scripts::play(&script, None, true).unwrap();
        assert_eq!(saved.outcome, Outcome::Saved, "{name}");
        let reference_save = read(&save_path);
        assert_eq!(saved.save.as_deref(), Some(&reference_save[..]), "{name}");
        // Resumed from the reference's save (as from any front-end's).
        let session = scripts::session_from(&reference_save).unwrap();
        let tail = scripts::play(&script, Some(&session), false).unwrap();
        assert_eq!(
            tail.transcript,
            text(&dir.join(format!("{name}.after-save"))),
            "{name}"
        );
        assert_eq!(
            saved.transcript + &tail.transcript,
            whole.transcript,
            "{name}"
        );
    }
}

/// Settings of every kind: 2, 3 and 4 players, people and AIs mixed, watch mode, undo.
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
        rules.primiera = PrimieraRule::MostSevens;
        out.push(Settings::pass_and_play(rules));
        out.push(Settings::watch(Level::Easy, rules));
    }
    let mut scopone = Settings::pass_and_play(Rules {
        players: 4,
        deal: DealKind::ScoponeScientifico,
        re_bello: true,
        target: 5,
        ..Rules::default()
    });
    scopone.seats[1] = Player::Ai(Level::Random);
    scopone.seats[2] = Player::Ai(Level::Easy);
    out.push(scopone);
    let mut undo = Settings::against(Level::Random, Rules::default());
    undo.undo = true;
    out.push(undo);
    out
}

/// Scripts generated for each of `settings` (two seeds each, AI seats at random level, a save
/// after `save_after` plays): the buttons play each to the reference transcript, stop at its
/// `save` line with the reference's bytes, and resume from them to the reference's tail.
fn check_generated(settings: &[Settings], seeds: [u64; 2], save_after: usize) {
    for (i, settings) in settings.iter().enumerate() {
        assert_eq!(settings.validate(), Ok(()), "settings {i}");
        for seed in seeds {
            let text = generate(*settings, seed, Level::Random, save_after, usize::MAX);
            let script = Script::parse(&text).unwrap();
            let reference = run(&text).unwrap();
            let ui = scripts::play(&script, None, false).unwrap();
            assert_eq!(ui.outcome, Outcome::MatchOver, "settings {i}");
            assert_eq!(
                ui.transcript, reference.transcript,
                "settings {i} seed {seed}"
            );
            if let Some(save) = &reference.save {
                let saved = scripts::play(&script, None, true).unwrap();
                assert_eq!(saved.save.as_ref(), Some(save), "settings {i} seed {seed}");
                let session = scripts::session_from(save).unwrap();
                let tail = scripts::play(&script, Some(&session), false).unwrap();
                assert_eq!(
                    tail.transcript, reference.after_save,
                    "settings {i} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn the_buttons_play_scripts_of_every_kind_as_the_reference() {
    check_generated(&settings(), [1, 2024], 6);
}

/// Briscola settings of every kind: 2, 3 and 4 players, nine cards a hand, people and AIs
/// mixed, watch mode, undo, one hand or more to win.
fn briscola_settings() -> Vec<Settings> {
    let rules = |players, hand_size, target| BriscolaRules {
        players,
        hand_size,
        target,
        decks: 1,
    };
    let mut out = vec![
        Settings::briscola(Level::Random, rules(2, 3, 1)),
        Settings::briscola(Level::Easy, rules(2, 9, 2)),
        Settings::briscola(Level::Random, rules(3, 3, 1)),
    ];
    let mut people = Settings::briscola(Level::Random, rules(4, 3, 1));
    people.seats[..4].copy_from_slice(&[
        Player::Human,
        Player::Ai(Level::Easy),
        Player::Human,
        Player::Human,
    ]);
    out.push(people);
    let mut watch = Settings::briscola(Level::Random, rules(4, 3, 2));
    watch.seats[0] = Player::Ai(Level::Random);
    out.push(watch);
    let mut undo = Settings::briscola(Level::Random, rules(2, 3, 1));
    undo.undo = true;
    out.push(undo);
    out
}

#[test]
fn the_buttons_play_briscola_scripts_of_every_kind_as_the_reference() {
    check_generated(&briscola_settings(), [3, 2026], 5);
}

#[test]
fn the_watch_script_only_qemu_plays_agrees_with_the_reference() {
    let path = repo().join("scopa-embedded/qemu/scripts/watch.script");
    let text = text(&path);
    let ui = scripts::play(&Script::parse(&text).unwrap(), None, false).unwrap();
    assert_eq!(ui.outcome, Outcome::MatchOver);
    assert_eq!(ui.transcript, run(&text).unwrap().transcript);
}

fn moves(text: &str) -> Vec<GameMove> {
    text.lines()
        .filter_map(|l| match l.parse() {
            Ok(ScriptLine::Move(mv)) => Some(mv),
            _ => None,
        })
        .collect()
}

/// Plays the generated script of `seed` through the session, saving in every phase and
/// resuming the handheld from each save: it must write exactly the rest of the
/// uninterrupted transcript. Returns the phases resumed in.
fn resume_in_every_phase(seed: u64) -> std::collections::BTreeSet<String> {
    let settings = Settings::against(Level::Random, Rules::default());
    let text = generate(settings, seed, Level::Random, usize::MAX, usize::MAX);
    let want = run(&text).unwrap().transcript;
    let moves = moves(&text);
    let mut session = Session::new(settings, seed).unwrap();
    let mut whole = format!(
        "{}\n{}\n",
        transcript::start(&settings),
        transcript::event(&session.deal_event())
    );
    let mut played = 0;
    let mut phases = std::collections::BTreeSet::new();
    loop {
        // Resume a copy here with the moves not played yet.
        let mut rest = format!("seed {seed}\n{}\n", transcript::start(&settings));
        for mv in &moves[played..] {
            let line = transcript::action(&Action::Play(*mv)).to_string();
            rest.push_str(line.trim_start_matches("play "));
            rest.push('\n');
        }
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
        let phase = format!("{:?}", session.phase());
        phases.insert(phase.split([' ', '{']).next().unwrap().to_string());
        let action = match session.phase() {
            Phase::MatchOver { .. } => return phases,
            Phase::Play { .. } => {
                let mv = moves[played];
                let legal = session.legal_moves();
                if legal.iter().filter(|m| m.card() == mv.card()).count() > 1 {
                    Action::Select(mv.card()) // the next save is taken while choosing
                } else {
                    played += 1;
                    Action::Play(mv)
                }
            }
            Phase::ChooseCapture { .. } => {
                played += 1;
                Action::Play(moves[played - 1])
            }
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        for e in session.apply(action).unwrap() {
            whole.push_str(&format!("{}\n", transcript::event(&e)));
        }
    }
}

#[test]
fn a_save_taken_in_any_phase_by_another_front_end_resumes_on_the_handheld() {
    // Another front-end may save in any phase: after its person's move, at a scopa or a
    // hand's summary, while choosing a capture.
    let all = [
        "Play",
        "ChooseCapture",
        "AiDue",
        "Scopa",
        "HandSummary",
        "MatchOver",
    ];
    let mut phases = std::collections::BTreeSet::new();
    for seed in 5..10 {
        phases.extend(resume_in_every_phase(seed));
        if all.iter().all(|p| phases.contains(*p)) {
            return;
        }
    }
    panic!("not every phase resumed in: {phases:?}");
}

#[test]
fn scripts_that_cannot_be_played_say_which_line_and_why() {
    let settings = Settings::against(Level::Random, Rules::default());
    let start = transcript::start(&settings);
    let parse = |t: &str| Script::parse(t).map(|_| ()).map_err(|e| (e.line, e.kind));
    assert_eq!(
        parse(&format!("{start}\n7d\n")),
        Err((2, ScriptErrorKind::NoSeed))
    );
    // A card named three times (two decks hold two copies; a one-deck table refuses the
    // second when the move is played).
    assert!(matches!(
        parse(&format!("seed 1\n{start}\n7d 7s 7s 7s\n")),
        Err((3, ScriptErrorKind::Line(ParseScriptError::Move(_))))
    ));
    assert_eq!(
        parse("seed x\n"),
        Err((1, ScriptErrorKind::Line(ParseScriptError::BadSeed)))
    );
    assert_eq!(
        parse(&format!("seed 1\n# comment\n\n{start}\nseed 2\n")),
        Err((5, ScriptErrorKind::Repeated))
    );
    assert!(matches!(
        parse("seed 1\nsession players 2\n"),
        Err((2, ScriptErrorKind::Line(ParseScriptError::Settings(_))))
    ));
    assert_eq!(parse("seed 1\n"), Err((2, ScriptErrorKind::NoSettings)));
    // A move that is not legal in the deal.
    let text = format!("seed 1\n{start}\n1d 2d 3d 4d\n");
    let err = scripts::play(&Script::parse(&text).unwrap(), None, false).unwrap_err();
    assert!(err.starts_with("script line 3:"), "{err}");
    // A save that is not a session, and a resume with other settings.
    assert!(
        scripts::session_from(b"SCOPACLI")
            .unwrap_err()
            .starts_with("the save is refused")
    );
    let other = Session::new(Settings::watch(Level::Random, Rules::default()), 1).unwrap();
    let err = scripts::play(&Script::parse(&text).unwrap(), Some(&other), false).unwrap_err();
    assert!(err.contains("settings"), "{err}");
}
