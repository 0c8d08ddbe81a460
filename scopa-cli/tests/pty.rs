//! `scopa play` in a pseudo-terminal of 80 × 24, typed at like a person: every input
//! mistake of the terminal issue, the capture prompt, Enter for the only move, the quit
//! question, Ctrl-C. The screen text is checked: the table of every deal is shown, no line
//! is wider than 80 columns, the capture prompt survives mistakes.

#![cfg(unix)]

use std::process::Command;
use std::time::Duration;

use expectrl::{ControlCode, Eof, Session, WaitStatus};
use scopa_core::Card;
use scopa_core::ai::Level;
use scopa_core::scopa::Rules;
use scopa_core::session::{Phase, Session as Game, Settings};

/// A seed whose first position has a card that can take in two ways, and that card.
fn seed_with_a_capture_choice(rules: Rules) -> (u64, Card) {
    (0..1000u64)
        .find_map(|seed| {
            let s = Game::new(Settings::against(Level::Easy, rules), seed).ok()?;
            if !matches!(s.phase(), Phase::Play { .. }) {
                return None;
            }
            let moves = s.legal_moves();
            let card = moves
                .iter()
                .map(|m| m.card())
                .find(|c| moves.iter().filter(|m| m.card() == *c).count() >= 2)?;
            Some((seed, card))
        })
        .expect("a seed with a capture choice")
}

struct Screen {
    session: Session,
    /// Everything the program wrote, as it came.
    all: String,
}

impl Screen {
    fn start(args: &[&str]) -> Screen {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_scopa"));
        cmd.args(args)
            .env("LANG", "C")
            .env("TERM", "xterm")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("NO_COLOR")
            .env_remove("COLUMNS");
        let mut session = Session::spawn(cmd).unwrap();
        // A terminal echoes what is typed, as a person's would.
        session.get_process_mut().set_echo(true, None).unwrap();
        session.set_expect_timeout(Some(Duration::from_secs(60)));
        Screen {
            session,
            all: String::new(),
        }
    }

    /// Reads up to the next prompt (`…> `); returns the text since the last prompt,
    /// without colours.
    fn prompt(&mut self) -> String {
        let found = self.session.expect("> ").unwrap();
        let text = captured(&found);
        self.all.push_str(&text);
        plain(&text)
    }

    fn type_line(&mut self, line: &str) -> String {
        self.session.send_line(line).unwrap();
        self.prompt()
    }
}

/// The text read by an `expect`: what came before the match, and the match.
fn captured(found: &expectrl::Captures) -> String {
    let mut text = String::from_utf8_lossy(found.before()).into_owned();
    for m in found.matches() {
        text.push_str(&String::from_utf8_lossy(m));
    }
    text
}

/// Text without ANSI escape sequences.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The screen's lines, wrapped lines joined back (a continuation starts with 2 spaces).
fn joined(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in text.split('\n').map(|l| l.trim_end_matches('\r')) {
        match (line.strip_prefix("  "), lines.last_mut()) {
            (Some(rest), Some(last)) => {
                last.push(' ');
                last.push_str(rest);
            }
            _ => lines.push(line.to_owned()),
        }
    }
    lines
}

/// The moves listed on the screen, as shown (`4♥ takes 3♠ 1♣`).
fn moves(text: &str) -> Vec<String> {
    joined(text)
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("Moves: ").map(str::to_owned))
        .map(|l| {
            l.split(" · ")
                .map(|m| m.split_once(") ").unwrap().1.to_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn hand(text: &str) -> Vec<String> {
    joined(text)
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("Your hand: ").map(str::to_owned))
        .map(|l| l.split(' ').map(str::to_owned).collect())
        .unwrap_or_default()
}

/// `7♦` → `7d`.
fn letters(card: &str) -> String {
    card.replace('♦', "d")
        .replace('♥', "c")
        .replace('♠', "s")
        .replace('♣', "b")
}

#[test]
fn a_whole_match_typed_at_an_80_by_24_terminal() {
    let rules = Rules {
        target: 1,
        ..Rules::default()
    };
    let (seed, choice) = seed_with_a_capture_choice(rules);
    let dir = tempfile::tempdir().unwrap();
    let transcript = dir.path().join("t.txt");
    let seed = seed.to_string();
    let mut s = Screen::start(&[
        "play",
        "--seed",
        &seed,
        "--level",
        "easy",
        "--target",
        "1",
        "--delay-ms",
        "0",
        "--transcript",
        transcript.to_str().unwrap(),
    ]);
    let mut screen = s.prompt();
    assert!(screen.contains("Your move"), "{screen}");

    // The mistakes of a new player, at the first prompt: nothing is played by any.
    let expect = |screen: &str, what: &str| {
        assert!(screen.contains(what), "expected {what:?} in {screen}");
        assert!(
            screen.trim_end().ends_with('>'),
            "a prompt follows: {screen}"
        );
    };
    expect(&s.type_line("zz"), "'zz' is not a card");
    expect(&s.type_line("11d"), "'11d' is not a card");
    expect(&s.type_line("99"), "There is no move 99");
    expect(&s.type_line(""), "Type a card (7d)");
    expect(&s.type_line("help"), "play move 3 of the list");
    expect(&s.type_line("hint"), "Hint: ");
    let held = hand(&screen);
    let not_held = ["1", "2", "3", "4", "5", "6", "7"]
        .iter()
        .map(|v| format!("{v}♥"))
        .find(|c| !held.contains(c) && !screen.contains(&format!(" {c}")))
        .unwrap();
    // Typed with the letter c, as a reader of a French deck might: the answer says it in
    // symbols.
    let typed = letters(&not_held);
    let answer = s.type_line(&typed);
    expect(
        &answer,
        &format!("You do not hold {not_held} ({typed}: coppe)"),
    );
    // Quitting an unsaved match asks first.
    let q = s.type_line("quit");
    expect(&q, "not saved and will be lost. Quit anyway? (y/n)");
    expect(&s.type_line("n"), "");
    let shown = s.type_line("show");
    assert_eq!(moves(&shown), moves(&screen), "{shown}");

    // The card with a choice of captures, typed in symbols: the capture prompt survives a
    // wrong number, hint, an empty line and a card it cannot take.
    let card_sym = format!("{}{}", choice.value(), choice.suit().symbol());
    let asked = s.type_line(&card_sym);
    expect(&asked, "can take in more than one way");
    expect(&asked, "Which capture?");
    expect(&s.type_line("9"), "There is no choice 9");
    expect(&s.type_line("hint"), "Hint: ");
    let again = s.type_line("");
    expect(&again, "Which capture?");
    expect(&again, "1) ");
    screen = s.type_line("1");
    assert!(
        screen.contains(&format!("You: {card_sym} takes ")),
        "{screen}"
    );

    // Then play on like a person: Enter when only one move is possible, a card in
    // letters, in symbols or by its number otherwise; Enter at the summaries.
    let mut turns = 0;
    let mut enters = 0;
    loop {
        let last = joined(&screen).last().cloned().unwrap_or_default();
        if last.starts_with("Play a rematch?") {
            s.session.send_line("n").unwrap();
            let end = s.session.expect(Eof).unwrap();
            s.all.push_str(&captured(&end));
            break;
        } else if last.starts_with("Press Enter") {
            screen = s.type_line("");
        } else if last.starts_with("Which capture?") {
            screen = s.type_line("1");
        } else if last.contains("(y/n)") {
            screen = s.type_line("y");
        } else if last.contains("Enter plays") {
            enters += 1;
            let before = screen.clone();
            screen = s.type_line("");
            assert!(
                screen.contains("You: "),
                "Enter played nothing: {before}{screen}"
            );
        } else if last.starts_with("Your move") {
            turns += 1;
            let list = moves(&screen);
            let pick = &list[turns % list.len()];
            let card = pick.split(' ').next().unwrap().to_owned();
            let typed = match turns % 3 {
                0 => ((turns % list.len()) + 1).to_string(),
                1 => letters(pick),
                _ => card,
            };
            screen = s.type_line(&typed);
        } else {
            panic!("unexpected prompt: {last:?}\n{screen}");
        }
        assert!(turns < 200, "the match does not end");
    }
    let all = plain(&s.all);
    assert!(all.contains("won the match"), "{all}");
    assert!(enters > 0, "Enter never offered");

    // No line over 80 columns (colours do not count), every deal shown.
    for line in s.all.split('\n') {
        let width = textwrap::core::display_width(line.trim_end_matches('\r'));
        assert!(width <= 80, "{width} columns: {line:?}");
    }
    let hands = std::fs::read_to_string(&transcript)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("hand "))
        .count();
    let deals = joined(&all)
        .iter()
        .filter(|l| l.starts_with("Hand ") && l.contains(" · Table: "))
        .count();
    assert_eq!(deals, hands, "{all}");
    assert!(hands >= 1);
}

#[test]
fn ctrl_c_says_whether_the_match_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.scopa");
    for saved in [false, true] {
        let mut args = vec!["play", "--seed", "4", "--level", "easy", "--delay-ms", "0"];
        if saved {
            args.extend(["--save", save.to_str().unwrap()]);
        }
        let mut s = Screen::start(&args);
        s.prompt();
        s.session.send(ControlCode::EndOfText).unwrap();
        let found = s.session.expect(Eof).unwrap();
        let text = plain(&captured(&found));
        let want = if saved {
            "Interrupted. The match is saved in"
        } else {
            "Interrupted. The match was not saved"
        };
        assert!(joined(&text).iter().any(|l| l.contains(want)), "{text}");
        for line in text.split('\n') {
            let width = textwrap::core::display_width(line.trim_end_matches('\r'));
            assert!(width <= 80, "{width} columns: {line:?}");
        }
        let status = s.session.get_process().wait().unwrap();
        assert_eq!(
            status,
            WaitStatus::Exited(s.session.get_process().pid(), 130)
        );
    }
}

/// Pass-and-play at a terminal: before each person's turn the screen and its scrollback
/// are cleared and the game waits for the next person; after the clear only that person's
/// hand is shown.
#[test]
fn pass_and_play_clears_the_screen_between_people() {
    let mut s = Screen::start(&[
        "play",
        "--seed",
        "5",
        "--humans",
        "2",
        "--level",
        "easy",
        "--delay-ms",
        "0",
    ]);
    let mut screen = s.prompt();
    let mut handed = 0;
    for _ in 0..6 {
        let last = joined(&screen).last().cloned().unwrap_or_default();
        if last.starts_with("Press Enter") {
            // A hand-off: the text since the clear names only the next person.
            let seat = screen
                .split_once("Hand the device to Player ")
                .map(|(_, rest)| rest[..1].to_owned())
                .expect("a hand-off names the next person");
            handed += 1;
            screen = s.type_line("");
            let hands: Vec<&str> = screen
                .lines()
                .filter(|l| l.starts_with("Hand of Player "))
                .collect();
            assert_eq!(hands.len(), 1, "{screen}");
            assert!(
                hands[0].starts_with(&format!("Hand of Player {seat}:")),
                "{screen}"
            );
        } else {
            assert!(last.contains("your move"), "{screen}");
            screen = s.type_line("1");
        }
    }
    assert!(handed >= 2, "no hand-offs");
    assert!(
        s.all.matches("\x1b[2J").count() >= 2,
        "the screen was never cleared"
    );
    let after_last_clear = s.all.rsplit("\x1b[2J").next().unwrap();
    assert!(plain(after_last_clear).matches("Hand of Player ").count() <= 1);
}

/// Four people on one terminal.
fn four_people() -> Screen {
    Screen::start(&[
        "play",
        "--seed",
        "5",
        "--players",
        "4",
        "--humans",
        "4",
        "--delay-ms",
        "0",
    ])
}

/// Issue 25: in pass-and-play the introduction (rules, partners, how to type cards) stays on
/// the screen until the first person takes the device.
#[test]
fn pass_and_play_keeps_the_introduction_until_the_first_person_is_ready() {
    let mut s = four_people();
    let screen = s.prompt();
    assert!(screen.contains("Hand the device to Player "), "{screen}");
    // At the first prompt, whatever was cleared, the introduction is still there.
    let visible = plain(s.all.rsplit("\x1b[2J").next().unwrap());
    for part in [
        "At the table:",
        "Partners sit opposite",
        "Cards: a value 1-10",
        "Type a card (7d)",
    ] {
        assert!(
            visible.contains(part),
            "{part:?} not on the screen:\n{visible}"
        );
    }
    // Once a person's hand was shown, the next hand-off clears the screen.
    let mut screen = s.type_line("");
    assert!(screen.contains("Hand of Player "), "{screen}");
    while !screen.contains("Hand the device to Player ") {
        screen = s.type_line("1");
    }
    let visible = plain(s.all.rsplit("\x1b[2J").next().unwrap());
    assert!(!visible.contains("Hand of Player "), "{visible}");
}

/// Issue 25: `hint` typed at a hand-off is not taken as Enter — the game says the hint is
/// for the next person once they hold the device, and waits again.
#[test]
fn hint_at_the_hand_off_waits_for_the_device() {
    let mut s = four_people();
    let mut screen = s.prompt();
    let mut hinted = false;
    for _ in 0..8 {
        let last = joined(&screen).last().cloned().unwrap_or_default();
        if last.starts_with("Press Enter") {
            let seat = screen
                .split_once("Hand the device to Player ")
                .map(|(_, rest)| rest[..1].to_owned())
                .expect("a hand-off names the next person");
            if !hinted {
                hinted = true;
                let answer = s.type_line("hint");
                assert!(
                    answer.contains(&format!(
                        "The hint is for Player {seat} once they hold the device"
                    )),
                    "{answer}"
                );
                // Still the hand-off: no hand shown, Enter asked again.
                assert!(!answer.contains("Hand of Player"), "{answer}");
                let last = joined(&answer).last().cloned().unwrap_or_default();
                assert!(last.starts_with("Press Enter"), "{answer}");
            }
            screen = s.type_line("");
            assert!(
                screen.contains(&format!("Hand of Player {seat}:")),
                "{screen}"
            );
        } else {
            assert!(last.contains("your move"), "{screen}");
            screen = s.type_line("1");
        }
    }
    assert!(hinted, "no hand-off reached");
}

/// Issue 25: `quit` typed where Enter is asked for (the hand-off) quits, after asking about
/// the unsaved match — it is never taken as Enter.
#[test]
fn quit_at_the_hand_off_quits_after_asking() {
    let mut s = four_people();
    let screen = s.prompt();
    let last = joined(&screen).last().cloned().unwrap_or_default();
    assert!(last.starts_with("Press Enter"), "{screen}");
    let q = s.type_line("quit");
    assert!(
        q.contains("not saved and will be lost. Quit anyway? (y/n)"),
        "{q}"
    );
    // No: still the hand-off, no hand shown.
    let back = s.type_line("n");
    assert!(!back.contains("Hand of Player"), "{back}");
    let last = joined(&back).last().cloned().unwrap_or_default();
    assert!(last.starts_with("Press Enter"), "{back}");
    let q = s.type_line("quit");
    assert!(q.contains("Quit anyway? (y/n)"), "{q}");
    s.session.send_line("y").unwrap();
    let found = s.session.expect(expectrl::Eof).unwrap();
    let end = plain(&captured(&found));
    assert!(end.contains("Goodbye."), "{end}");
    assert!(!end.contains("Hand of Player"), "{end}");
}

/// Issue 25: watch mode at a terminal shows the table after the plays.
#[test]
fn watch_mode_shows_the_table_at_a_terminal() {
    let mut s = Screen::start(&[
        "play",
        "--watch",
        "--seed",
        "1",
        "--delay-ms",
        "0",
        "--target",
        "1",
        "--level",
        "easy",
    ]);
    // Up to the rematch question.
    let screen = s.prompt();
    let lines = joined(&screen);
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("Play a rematch?")),
        "{screen}"
    );
    let tables = lines.iter().filter(|l| l.starts_with("Table: ")).count();
    let plays = lines
        .iter()
        .filter(|l| l.starts_with("Player ") && l.contains(": ") && !l.contains("leads"))
        .count();
    assert!(
        tables > 0 && tables < plays,
        "{tables} tables, {plays} plays:\n{screen}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Captured: ")),
        "{screen}"
    );
    assert!(
        !screen.contains("Your hand") && !screen.contains("Hand of "),
        "{screen}"
    );
    s.session.send_line("n").unwrap();
    s.session.expect(Eof).unwrap();
}

/// Issue 25: a match resumed at a terminal shows the current deal and the last play
/// before the position.
#[test]
fn a_resumed_match_shows_the_deal_and_the_last_play() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.scopa");
    let save = save.to_str().unwrap();
    let mut s = Screen::start(&[
        "play",
        "--seed",
        "42",
        "--level",
        "easy",
        "--delay-ms",
        "0",
        "--save",
        save,
    ]);
    let first = s.prompt();
    let deal = joined(&first)
        .into_iter()
        .find(|l| l.starts_with("Hand 1 · Dealer"))
        .expect("the deal");
    let list = moves(&first);
    let played = s.type_line(&letters(&list[0]));
    let last = joined(&played)
        .into_iter()
        .rfind(|l| l.starts_with("You: ") || l.starts_with("Player 2: "))
        .expect("a play");
    s.session.send_line("quit").unwrap();
    s.session.expect(Eof).unwrap();

    let mut s = Screen::start(&["play", "--resume", save, "--delay-ms", "0"]);
    let screen = s.prompt();
    let lines = joined(&screen);
    let at = |what: &str| lines.iter().position(|l| l.starts_with(what));
    assert_eq!(at(&deal), at("Hand 1 · Dealer"), "{screen}");
    assert!(at(&deal).is_some(), "{deal:?} not shown:\n{screen}");
    let last_at = at(&format!("Last play: {last}"));
    assert!(last_at.is_some(), "{last:?} not shown:\n{screen}");
    assert!(last_at < at("Your hand"), "{screen}");
    s.session.send_line("quit").unwrap();
    s.session.expect(Eof).unwrap();
}
