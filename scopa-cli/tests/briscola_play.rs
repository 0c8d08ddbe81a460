//! `scopa play`, `simulate` and `bench` with `--game briscola`: a whole match typed in, in
//! English and Italian, saved and resumed; options of the other game refused with a clear
//! message; the tournament and the benchmark print their figures.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn scopa(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .args(args)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Enough "play the first card" lines for a whole match (Enter plays the only card).
fn first_cards() -> String {
    "1\n".repeat(400)
}

#[test]
fn a_whole_briscola_match_is_played_at_the_terminal() {
    let out = scopa(
        &[
            "play",
            "--game",
            "briscola",
            "--seed",
            "5",
            "--delay-ms",
            "0",
            "--suits",
            "letters",
        ],
        &first_cards(),
    );
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    assert!(
        t.starts_with("Briscola — Briscola · 2 players · 3 cards a hand · 2 hands to win"),
        "{t}"
    );
    for words in [
        "Briscola: ",
        "Stock: ",
        "Card points: ",
        "Trick: ",
        "Last trick: ",
        "takes the trick",
        "won the match",
    ] {
        assert!(t.contains(words), "{words:?} missing in:\n{t}");
    }
    assert!(
        !t.contains("on the table"),
        "Briscola has no Scopa words:\n{t}"
    );
}

#[test]
fn in_italian_with_four_players_in_teams() {
    let out = scopa(
        &[
            "play",
            "--game",
            "briscola",
            "--players",
            "4",
            "--seats",
            "human,medium,human,medium",
            "--seed",
            "3",
            "--delay-ms",
            "0",
            "--lang",
            "it",
            "--suits",
            "letters",
        ],
        &first_cards(),
    );
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    assert!(t.contains("Briscola · 4 giocatori"), "{t}");
    assert!(t.contains("I compagni siedono di fronte"), "{t}");
    assert!(t.contains("prende la mano"), "{t}");
    assert!(
        t.contains("Passa il dispositivo"),
        "pass-and-play hands the device over:\n{t}"
    );
}

#[test]
fn a_briscola_match_saved_mid_hand_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.save");
    let f = file.to_str().unwrap();
    let out = scopa(
        &[
            "play",
            "--game",
            "briscola",
            "--seed",
            "9",
            "--delay-ms",
            "0",
            "--save",
            f,
        ],
        "1\n1\n1\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(bytes[4], 2, "a Briscola session save is version 2");
    let out = scopa(&["play", "--resume", f, "--delay-ms", "0"], &first_cards());
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    assert!(t.contains("Briscola"), "{t}");
    assert!(t.contains("won the match"), "{t}");
}

#[test]
fn options_of_the_other_game_are_refused_clearly() {
    for (args, says) in [
        (
            vec!["play", "--game", "briscola", "--napola"],
            "--napola is an option of Scopa",
        ),
        (
            vec!["play", "--game", "briscola", "--deal", "scopone"],
            "--deal is an option of Scopa",
        ),
        (
            vec!["play", "--hand-size", "9"],
            "--hand-size is an option of Briscola",
        ),
        (
            vec![
                "play",
                "--game",
                "briscola",
                "--hand-size",
                "9",
                "--players",
                "4",
            ],
            "hand_size",
        ),
        (
            vec!["play", "--game", "briscola", "--players", "5"],
            "players",
        ),
        (
            vec![
                "play",
                "--game",
                "scopa",
                "--rules",
                r#"{"game":"briscola"}"#,
            ],
            "--rules describes Briscola",
        ),
    ] {
        let out = scopa(&args, "");
        let t = text(&out);
        assert!(!out.status.success(), "{args:?} was accepted:\n{t}");
        assert!(t.contains(says), "{args:?}: {says:?} not in:\n{t}");
        assert!(!t.contains("panicked"), "{t}");
    }
}

#[test]
fn a_refused_capture_says_briscola_takes_nothing() {
    let out = scopa(
        &[
            "play",
            "--game",
            "briscola",
            "--seed",
            "5",
            "--delay-ms",
            "0",
            "--suits",
            "letters",
        ],
        "7d 5c\nquit\n",
    );
    let t = text(&out);
    assert!(
        t.contains("In Briscola a card takes nothing from the table"),
        "{t}"
    );
}

#[test]
fn simulate_and_bench_play_briscola() {
    let out = scopa(
        &[
            "simulate", "--game", "briscola", "--a", "medium", "--b", "random", "--decks", "20",
            "--json",
        ],
        "",
    );
    let t = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let v: serde_json::Value = serde_json::from_str(t.trim()).unwrap();
    assert_eq!(v["game"], "briscola");
    assert_eq!(v["hands"], 40);
    let per_hand =
        v["a_points_per_hand"].as_f64().unwrap() + v["b_points_per_hand"].as_f64().unwrap();
    assert!(
        (per_hand - 120.0).abs() < 1e-9,
        "120 card points a hand, not {per_hand}"
    );
    assert!(
        v["margin"].as_f64().unwrap() > 0.0,
        "medium beats random: {t}"
    );

    let out = scopa(
        &["bench", "--game", "briscola", "--seconds", "0.05", "--json"],
        "",
    );
    let t = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let v: serde_json::Value = serde_json::from_str(t.trim()).unwrap();
    assert_eq!(v["game"], "briscola");
    assert!(v["deals"].as_u64().unwrap() > 0);
}
