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

/// Briscola against the expert, seed 5, cards in letters.
const SEED_5: &[&str] = &[
    "play",
    "--game",
    "briscola",
    "--seed",
    "5",
    "--delay-ms",
    "0",
    "--suits",
    "letters",
];

/// Enough "play the first card" lines for a whole match (Enter plays the only card).
fn first_cards() -> String {
    "1\n".repeat(400)
}

#[test]
fn a_whole_briscola_match_is_played_at_the_terminal() {
    let out = scopa(SEED_5, &first_cards());
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    // Issue 37 item 18: the game's name once ("Briscola — Briscola ·" before).
    assert!(
        t.starts_with("Briscola — 2 players · 3 cards a hand · 2 hands to win"),
        "{t}"
    );
    // Item 15: a hand's end is said once (its points, then the match score), and a person
    // who wins it wins (not "You wins").
    let ends = t.matches("Card points: You ").count();
    assert!(ends >= 2, "{t}");
    assert!(
        !t.contains("The hand is over:"),
        "the hand's end said twice:\n{t}"
    );
    assert!(!t.contains("You wins"), "{t}");
    // Item 18: draws in one line, no line per seat.
    assert!(!t.contains("draws a card."), "{t}");
    assert!(t.contains("Each player draws a card (stock: "), "{t}");
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
    assert!(t.starts_with("Briscola — 4 giocatori"), "{t}");
    // Item 18: the Italian screen lists the Italian commands.
    assert!(
        t.contains("suggerimento, perché, mostra, aiuto, salva, esci"),
        "{t}"
    );
    assert!(!t.contains("hint, why, show"), "{t}");
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
    let out = scopa(SEED_5, "7d 5c\nquit\n");
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

/// Issue 37 item 14: Briscola's `help` is its own (no captures), and `7d 5d` for a card not
/// held says that it is not held, before anything about taking.
#[test]
fn briscola_help_and_a_card_not_held_with_cards_to_take() {
    // Seed 5's first hand (as `a_whole_briscola_match_is_played_at_the_terminal` plays it):
    // find a card the person does not hold.
    let out = scopa(SEED_5, "help\nquit\n");
    let t = text(&out);
    let hand = t
        .lines()
        .find_map(|l| l.strip_prefix("Your hand: "))
        .expect("the hand is shown");
    let held: Vec<&str> = hand.split(' ').collect();
    let missing = ["7d", "7c", "7s", "7b", "1d", "1c"]
        .into_iter()
        .find(|c| !held.contains(c))
        .unwrap();
    let help = &t[t.find("help\n").unwrap()..];
    assert!(help.contains("play the 7 of denari to the trick"), "{t}");
    for word in ["take", "captur"] {
        assert!(
            !help.contains(word),
            "Briscola's help speaks of {word}:\n{help}"
        );
    }
    let out = scopa(SEED_5, &format!("{missing} 5d\nquit\n"));
    let t = text(&out);
    assert!(
        t.contains(&format!("You do not hold {missing} (")),
        "a card not held is said first:\n{t}"
    );
    assert!(!t.contains("alone"), "{t}");
    // A card held with cards to take: Briscola takes nothing from the table.
    let out = scopa(SEED_5, &format!("{} 5d\nquit\n", held[0]));
    let t = text(&out);
    assert!(t.contains(&format!("play {} alone", held[0])), "{t}");
}

/// Issue 37 item 15: in a watched 6-player match, each hand's result comes before the next
/// hand's deal, and the table is not printed again after every play (item 18); the sides
/// of two partners take a plural verb.
#[test]
fn a_watched_six_player_match_reads_in_order() {
    let out = scopa(
        &[
            "play",
            "--game",
            "briscola",
            "--players",
            "6",
            "--watch",
            "--seed",
            "3",
            "--target",
            "2",
            "--delay-ms",
            "0",
            "--suits",
            "letters",
        ],
        "",
    );
    let t = text(&out);
    assert!(out.status.success(), "{t}");
    assert!(t.contains("Partners sit opposite: Player 1 and Player 4; Player 2 and Player 5; Player 3 and Player 6."), "{t}");
    let lines: Vec<&str> = t.lines().collect();
    let deals: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("New hand · "))
        .collect();
    assert!(deals.len() >= 2, "{t}");
    for w in deals.windows(2) {
        let between = &lines[w[0]..w[1]];
        let result = between
            .iter()
            .position(|l| l.starts_with("Card points: ") && l.contains(" — "))
            .unwrap_or_else(|| panic!("no result before the next deal:\n{}", between.join("\n")));
        // Nothing of the next hand (its stock, its trick) between the result and its deal.
        assert!(
            between[result..]
                .iter()
                .all(|l| !l.starts_with("Briscola: ") && !l.starts_with("Trick: ")),
            "{}",
            between.join("\n")
        );
    }
    assert!(
        !t.contains("Trick: "),
        "the trick is not reprinted after each play:\n{t}"
    );
    assert!(!t.contains(" wins the hand"), "{t}");
    assert!(t.contains(" win the hand"), "{t}");
    assert!(!t.contains("1 hands"), "{t}");
}
