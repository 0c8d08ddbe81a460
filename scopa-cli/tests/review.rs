//! `scopa review`: the coach's review of a whole match from a committed session script
//! (Scopa with four people, Briscola against the expert), of a save's hand, in both
//! languages, deterministic, and the errors of a bad file or seat. No terminal needed.

use std::path::PathBuf;
use std::process::{Command, Output};

fn sessions(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/sessions")
        .join(name)
}

fn review(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scopa"))
        .arg("review")
        .args(args)
        .env_remove("LANG")
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = review(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The percentage of a seat's accuracy line: `  Player 1: 87.2% (…`.
fn accuracy(report: &str, seat: &str) -> f64 {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{seat}: ")) && l.contains('%'))
        .unwrap_or_else(|| panic!("no accuracy line for {seat} in\n{report}"));
    let pct = line.split(": ").nth(1).unwrap().split('%').next().unwrap();
    pct.parse().unwrap()
}

#[test]
fn a_whole_scopa_match_is_reviewed_from_its_script() {
    let script = sessions("four-people.script");
    let path = script.to_str().unwrap();
    let en = ok(&[path, "--lang", "en", "--seat", "0"]);
    // Every hand of the match, the moves of seat 0 only (a quarter of each hand's 36).
    let hands = en.lines().filter(|l| l.starts_with("Hand ")).count();
    assert!(hands >= 2, "{en}");
    let reviewed = en
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains("["))
        .count();
    assert_eq!(reviewed, 9 * hands, "{en}");
    assert!(
        en.lines()
            .filter(|l| l.contains("Player 1: ") && l.contains('['))
            .count()
            == reviewed
    );
    let acc = accuracy(&en, "Player 1");
    assert!((0.0..=100.0).contains(&acc), "{acc}");
    assert!(en.contains("Accuracy") && en.contains("S / (S + points lost)"));
    // Deterministic, and the same review in Italian.
    assert_eq!(ok(&[path, "--lang", "en", "--seat", "0"]), en);
    let it = ok(&[path, "--lang", "it", "--seat", "0"]);
    assert!(it.contains("Precisione") && it.contains("Mano 1"), "{it}");
    assert_eq!(accuracy(&it, "Giocatore 1"), acc);
}

#[test]
fn a_briscola_match_against_the_expert_is_reviewed() {
    let script = sessions("briscola/briscola-vs-expert.script");
    let en = ok(&[script.to_str().unwrap(), "--lang", "en"]);
    // The person's seat only, by default; Briscola counts card points.
    assert!(en.contains("card points"), "{en}");
    let acc = accuracy(&en, "You");
    assert!((0.0..=100.0).contains(&acc));
    assert!(en.contains("Biggest swings"), "{en}");
}

#[test]
fn a_save_is_reviewed_for_its_hand() {
    let save = sessions("four-people.save");
    let en = ok(&[save.to_str().unwrap(), "--lang", "en", "--all-seats"]);
    assert!(en.contains("Hand ") && en.contains("Accuracy"), "{en}");
}

#[test]
fn bad_files_and_seats_are_refused_with_a_reason() {
    let out = review(&["/nonexistent/match.scopa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/match.scopa"));
    let script = sessions("four-people.script");
    let out = review(&[script.to_str().unwrap(), "--seat", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--seat 7: this match has seats 0 to 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = std::env::temp_dir().join(format!("scopa-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.script");
    std::fs::write(&bad, "seed 1\nsession players 2\n11x\n").unwrap();
    let out = review(&[bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
