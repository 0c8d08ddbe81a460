//! `scopa play` through piped stdin: a scripted match to the end, input mistakes, the
//! capture choice, save → kill → resume, and refusal of damaged saves.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A running `scopa play` whose output is read line by line.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin: Some(stdin),
            lines,
            transcript: Vec::new(),
        }
    }

    /// The next output line, or `None` once the program has exited.
    fn next(&mut self) -> Option<String> {
        let line = self.lines.recv_timeout(Duration::from_secs(30)).ok()?;
        self.transcript.push(line.clone());
        Some(line)
    }

    /// Reads up to the next prompt; returns the lines read (prompt included).
    fn until_prompt(&mut self) -> Vec<String> {
        let mut got = Vec::new();
        while let Some(line) = self.next() {
            let prompt = line.ends_with('>');
            got.push(line);
            if prompt {
                break;
            }
        }
        got
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    /// Closes stdin and waits for the program to exit.
    fn finish(&mut self) -> std::process::ExitStatus {
        self.stdin = None;
        self.child.wait().unwrap()
    }

    /// Sends `text` and returns the output up to the next prompt.
    fn answer(&mut self, text: &str) -> Vec<String> {
        self.send(text);
        self.until_prompt()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave a program waiting for input.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn field<'a>(lines: &'a [String], prefix: &str) -> Option<&'a str> {
    lines.iter().rev().find_map(|l| l.strip_prefix(prefix))
}

fn legal_moves(lines: &[String]) -> Vec<String> {
    field(lines, "Legal moves: ")
        .map(|l| l.split(" | ").map(str::to_owned).collect())
        .unwrap_or_default()
}

/// The script: play the first legal move. When its card can capture in several ways, type
/// only the card and pick the last capture from the numbered list.
/// Returns whether the capture-choice question was asked and the output up to the next
/// prompt (empty once the program has ended), or `None` when no move was offered.
fn play_scripted_move(s: &mut Session, shown: &[String]) -> Option<(bool, Vec<String>)> {
    let moves = legal_moves(shown);
    let first = moves.first()?;
    let card = first.split(' ').next().unwrap();
    let same_card = moves
        .iter()
        .filter(|m| m.split(' ').next() == Some(card))
        .count();
    if same_card > 1 {
        let asked = s.answer(card);
        assert!(
            asked.iter().any(|l| l.contains("can capture in")),
            "{asked:?}"
        );
        Some((true, s.answer(&same_card.to_string())))
    } else {
        Some((false, s.answer(first)))
    }
}

/// Plays the script until the program exits; returns how often the capture choice came up.
fn play_to_the_end(s: &mut Session) -> usize {
    let mut choices = 0;
    let mut shown = s.until_prompt();
    while let Some((asked, next)) = play_scripted_move(s, &shown) {
        choices += usize::from(asked);
        shown = next;
    }
    choices
}

#[test]
fn scripted_matches_through_piped_stdin_reach_the_end() {
    let configs: [&[&str]; 3] = [
        &["play", "--seed", "7", "--level", "random"],
        &[
            "play",
            "--seed",
            "8",
            "--level",
            "easy",
            "--players",
            "3",
            "--target",
            "4",
        ],
        &[
            "play",
            "--seed",
            "9",
            "--level",
            "random",
            "--players",
            "4",
            "--target",
            "4",
            "--napola",
            "--re-bello",
        ],
    ];
    let mut choices = 0;
    for args in configs {
        let mut s = Session::start(args);
        choices += play_to_the_end(&mut s);
        let status = s.finish();
        assert!(status.success(), "{args:?}: {status:?}");
        let text = s.transcript.join("\n");
        assert!(!text.contains('\x1b'), "escape codes in line mode");
        assert!(
            text.contains("Match over: "),
            "{args:?}: no winner declared"
        );
        assert!(text.contains("Hand 1 is over."));
        assert!(text.contains("Match score: "));
        assert!(text.lines().any(|l| l.starts_with("Total")), "no breakdown");
        assert!(
            text.lines()
                .any(|l| l.starts_with("Seat 1 (AI) plays") || l.starts_with("Seat 1 (AI) lays")),
            "AI plays are shown"
        );
        if args.windows(2).any(|w| w == ["--players", "4"]) {
            assert!(text.contains("Partner (seat 2, AI)"));
            assert!(text.contains("Napola"));
        }
    }
    assert!(choices > 0, "the capture choice never came up");
}

#[test]
fn input_mistakes_get_a_message_and_a_new_prompt() {
    let mut s = Session::start(&["play", "--seed", "3", "--level", "easy"]);
    let shown = s.until_prompt();
    let hand = field(&shown, "Your hand: ").unwrap().to_owned();
    let table = field(&shown, "Table:     ").unwrap().to_owned();
    let moves = legal_moves(&shown);
    let expect = |out: Vec<String>, what: &str| {
        assert!(
            out.iter().any(|l| l.contains(what)),
            "expected {what:?} in {out:?}"
        );
        assert!(out.last().unwrap().ends_with('>'), "a new prompt follows");
    };
    expect(s.answer("zz"), "is not a card");
    expect(s.answer("11d"), "card value must be a number from 1 to 10");
    expect(s.answer("99"), "There is no move 99");
    expect(s.answer("help"), "Commands at the prompt");
    expect(s.answer("hint"), "Hint: ");
    let not_held = ["1d", "2d", "3d", "4d", "5d", "6d", "7d"]
        .into_iter()
        .find(|c| !hand.split(' ').any(|h| h == *c) && !table.split(' ').any(|t| t == *c))
        .unwrap();
    expect(s.answer(not_held), "You do not hold");
    // An illegal capture: a single table card of another value than the card played.
    let card = hand.split(' ').next().unwrap();
    let value = &card[..card.len() - 1];
    if let Some(other) = table
        .split(' ')
        .find(|t| &t[..t.len() - 1] != value && !t.is_empty())
    {
        expect(s.answer(&format!("{card} {other}")), "Illegal: ");
    }
    // Nothing was lost: the same moves are still offered.
    let again = s.answer("show");
    assert_eq!(legal_moves(&again), moves);
    s.send("quit");
    let rest: Vec<String> = std::iter::from_fn(|| s.next()).collect();
    assert!(rest.iter().any(|l| l.contains("Goodbye")), "{rest:?}");
    assert!(s.finish().success());
}

/// Lines that tell the course of the match (not the intro, which a resume repeats).
fn course(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| {
            (l.starts_with("Legal moves:")
                || l.starts_with("You ")
                || l.starts_with("Seat ")
                || l.starts_with("SCOPA")
                || l.starts_with("Total")
                || l.starts_with("Match "))
                && !l.starts_with("You are seat")
        })
        .cloned()
        .collect()
}

#[test]
fn save_kill_resume_gives_the_same_continuation() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.sav");
    let b = dir.path().join("b.sav");
    let args = |p: &Path| {
        vec![
            "play".to_owned(),
            "--seed".into(),
            "11".into(),
            "--level".into(),
            "easy".into(),
            "--target".into(),
            "6".into(),
            "--save".into(),
            p.display().to_string(),
        ]
    };
    let as_str = |v: &[String]| {
        v.iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\u{1}")
    };

    // Uninterrupted.
    let a_args = args(&a);
    let mut full = Session::start(&a_args.iter().map(String::as_str).collect::<Vec<_>>());
    play_to_the_end(&mut full);
    assert!(full.finish().success());
    let full_course = course(&full.transcript);

    // Killed after 25 moves of ours, at the prompt of the 26th.
    let b_args = args(&b);
    let mut first = Session::start(&b_args.iter().map(String::as_str).collect::<Vec<_>>());
    let mut shown = first.until_prompt();
    for _ in 0..25 {
        shown = play_scripted_move(&mut first, &shown).unwrap().1;
    }
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    assert!(b.exists());
    let mut before = course(&first.transcript);
    // The resumed game shows the same position again: drop its first showing.
    assert!(before.pop().unwrap().starts_with("Legal moves:"));

    let b_name = b.display().to_string();
    let mut resumed = Session::start(&["play", "--resume", &b_name]);
    play_to_the_end(&mut resumed);
    assert!(resumed.finish().success());
    let after = course(&resumed.transcript);
    assert!(
        resumed
            .transcript
            .iter()
            .any(|l| l.starts_with("Resumed from")),
        "{:?}",
        &resumed.transcript[..5]
    );

    let mut joined = before;
    joined.extend(after);
    assert_eq!(
        as_str(&joined),
        as_str(&full_course),
        "the continuation differs"
    );
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "the final saves differ"
    );
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_scopa"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn damaged_or_foreign_saves_are_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sav");
    let good_name = good.display().to_string();
    let out = run(&["play", "--seed", "1", "--save", &good_name]);
    assert!(out.status.success());
    let bytes = std::fs::read(&good).unwrap();
    assert!(!dir.path().join("good.sav.tmp").exists());

    // A save is not overwritten by accident.
    let out = run(&["play", "--seed", "2", "--save", &good_name]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read(&good).unwrap(), bytes);

    let mut flipped = bytes.clone();
    flipped[200] ^= 0x10;
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("text.sav", b"hello, I am a text file\n".to_vec(), "magic"),
        ("empty.sav", Vec::new(), "magic"),
        ("short.sav", bytes[..100].to_vec(), "bytes"),
        ("flipped.sav", flipped, "damaged"),
        (
            "png.sav",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            "magic",
        ),
    ];
    for (name, content, why) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, &content).unwrap();
        let out = run(&["play", "--resume", &path.display().to_string()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("is not a scopa save"), "{name}: {err}");
        assert!(err.contains(why), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
    // A save that cannot be written stops the game before it starts.
    let nowhere = dir.path().join("no-such-dir").join("x.sav");
    let out = run(&["play", "--save", &nowhere.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot save to"));

    let missing = dir.path().join("missing.sav");
    let out = run(&["play", "--resume", &missing.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
