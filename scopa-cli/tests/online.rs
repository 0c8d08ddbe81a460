//! `scopa online` against a real scopa-server (its hub and WebSocket routes, run in this
//! test's process on 127.0.0.1 with a SQLite file in a temp dir): the terminal creates a
//! room and plays seat 0 by typed lines; a WebSocket client of the test plays seat 1. Mid
//! match the terminal is killed and `scopa online join CODE` takes its seat back with the
//! token kept in its file; the match ends for both. The terminal prints who is connected:
//! seat 1 away until the WebSocket client joins, then connected.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use scopa_core::session::pacing::Pacing;
use scopa_server::hub::{Config, Hub};
use scopa_server::store::{Store, url_of};
use scopa_server::ws::{self, WebConfig};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// Starts `scopa online ARGS`; its stdout lines come on the channel.
fn scopa(args: &[&str], lines: mpsc::UnboundedSender<String>) -> (Child, ChildStdin) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .arg("online")
        .args(args)
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("scopa runs");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin)
}

/// What the terminal printed in a room played to its end.
struct Played {
    /// Every line the terminal printed.
    lines: Vec<String>,
    /// Its plays (lines typed at its numbered moves).
    plays: usize,
    /// Whether it was killed and joined again.
    restarted: bool,
    /// Hand summaries acknowledged with Enter.
    summaries: usize,
    /// Who is connected, as printed.
    presence: Vec<String>,
}

/// Runs a room: `scopa online create ARGS` plays seat 0 (the first hint asked for, then
/// move numbers), a WebSocket client of the test plays `other` (the first card each time);
/// after `kill_at` plays the terminal is killed and joins again with its kept token.
async fn play_room(create: &[&str], other_seat: u8, kill_at: Option<usize>) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&url_of(dir.path().join("rooms.sqlite").to_str().unwrap()))
        .await
        .unwrap();
    let config = Config {
        pacing: Pacing {
            ai_ms: 0,
            scopa_ms: 0,
            summary_ms: 600_000,
            attended: false,
        },
        // A program types faster than a person: no rate limit to meet.
        burst: 10_000,
        per_second: 10_000,
        ..Config::default()
    };
    let hub = Hub::new(store, config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(ws::serve(listener, hub, WebConfig::default()));
    let server = format!("ws://{addr}/ws");
    let tokens = dir.path().join("tokens.json");
    let tokens = tokens.to_str().unwrap().to_string();

    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut args = vec!["create"];
    args.extend_from_slice(create);
    args.extend_from_slice(&["--server", &server, "--tokens", &tokens]);
    let (mut child, mut stdin) = scopa(&args, tx.clone());
    let mut code = None;
    let mut other: Option<
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    > = None;
    let mut hinted = false;
    let mut played = Played {
        lines: Vec::new(),
        plays: 0,
        restarted: false,
        summaries: 0,
        presence: Vec::new(),
    };
    let (mut over_cli, mut over_ws) = (false, false);
    let run = async {
        loop {
            tokio::select! {
                line = rx.recv() => {
                    let line = line.expect("scopa's output");
                    played.lines.push(line.clone());
                    if line.starts_with("With you: ") {
                        played.presence.push(line.clone());
                    }
                    if let Some(c) = line.strip_prefix("Room ") {
                        code = Some(c.to_string());
                    } else if line.starts_with("Moves: 1) ") {
                        if !hinted {
                            // Issue 37 item 16: a hint is shown.
                            hinted = true;
                            writeln!(stdin, "hint").unwrap();
                        }
                        // A move number: the first card as listed.
                        played.plays += 1;
                        writeln!(stdin, "1").unwrap();
                        // Mid match: the terminal goes away; a new one joins with the kept token.
                        if Some(played.plays) == kill_at && !played.restarted {
                            played.restarted = true;
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            child.kill().unwrap();
                            child.wait().unwrap();
                            let kept: Value = serde_json::from_slice(&std::fs::read(&tokens).unwrap()).unwrap();
                            let room = code.clone().unwrap();
                            assert_eq!(kept[&room]["seat"], 0, "{kept}");
                            (child, stdin) = scopa(&["join", &room, "--server", &server, "--tokens", &tokens], tx.clone());
                        }
                    } else if line.contains("can take in more than one way") {
                        // The capture options, numbered on the line: the first.
                        writeln!(stdin, "1").unwrap();
                    } else if line == "Enter: go on" || line == "Enter: the match's result" {
                        played.summaries += 1;
                        writeln!(stdin).unwrap();
                    } else if line.starts_with("`rematch` for another match") {
                        over_cli = true;
                        writeln!(stdin, "quit").unwrap();
                    }
                    // The other person joins with the code once the terminal has said it is
                    // alone (seat away): joining earlier races the terminal's first frame.
                    if other.is_none() && !played.presence.is_empty() && let Some(c) = &code {
                        let (mut ws, _) = tokio_tungstenite::connect_async(server.as_str()).await.unwrap();
                        ws.send(Message::text(json!({"type": "join", "room": c, "seat": other_seat}).to_string())).await.unwrap();
                        other = Some(ws);
                    }
                }
                msg = async { other.as_mut().unwrap().next().await }, if other.is_some() => {
                    let Some(Ok(Message::Text(text))) = msg else { panic!("the server closed: {msg:?}") };
                    let msg: Value = serde_json::from_str(&text).unwrap();
                    if msg["type"] == "error" {
                        continue;
                    }
                    if msg["type"] != "frame" {
                        continue;
                    }
                    let frame = &msg["frame"];
                    let ws = other.as_mut().unwrap();
                    if frame["banner"]["kind"] == "match_over" {
                        over_ws = true;
                    } else if frame["banner"]["kind"] == "hand_over" && frame["offers"]["proceed"] == true {
                        // A room's summary waits for every connected person's Continue.
                        ws.send(Message::text(json!({"type": "act", "action": "continue"}).to_string())).await.unwrap();
                    } else if frame["choices"]["kind"] == "cards" {
                        let card = frame["choices"]["cards"][0]["card"]["card"].as_str().unwrap();
                        ws.send(Message::text(json!({"type": "act", "action": format!("select {card}")}).to_string())).await.unwrap();
                    } else if frame["choices"]["kind"] == "captures" {
                        ws.send(Message::text(json!({"type": "act", "action": "capture 0"}).to_string())).await.unwrap();
                    }
                }
            }
            if over_cli && over_ws {
                break;
            }
        }
    };
    if tokio::time::timeout(Duration::from_secs(120), run)
        .await
        .is_err()
    {
        let tail = played.lines[played.lines.len().saturating_sub(40)..].join("\n");
        panic!("the match did not end within 2 minutes; the terminal's last lines:\n{tail}");
    }
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success(), "{status}");
    played
}

/// What every room's output must be (issue 37 item 16): a hint shown, the first hand's
/// deal before its first play, no line over 80 columns (`COLUMNS=80`), the match's result
/// once and no "Enter: go on" after it.
fn check_output(p: &Played) {
    let text = p.lines.join("\n");
    assert!(
        p.lines.iter().any(|l| l.starts_with("Hint: ")),
        "no hint shown:\n{text}"
    );
    // The deal as its event words it (Scopa's with the table, not the status line).
    let deal = p
        .lines
        .iter()
        .position(|l| {
            (l.starts_with("Hand 1 · Dealer: ") && l.contains(" · Table: "))
                || l.starts_with("New hand · ")
        })
        .expect("the first deal is shown");
    let first_play = p
        .lines
        .iter()
        .position(|l| l.starts_with("You: ") || l.starts_with("Player "))
        .unwrap();
    assert!(deal < first_play, "the deal after the first play:\n{text}");
    for l in &p.lines {
        assert!(
            l.chars().count() <= 80,
            "{} columns: {l}",
            l.chars().count()
        );
    }
    let won = p
        .lines
        .iter()
        .filter(|l| l.contains("won the match"))
        .count();
    assert_eq!(won, 1, "the match's result once:\n{text}");
    let end = p
        .lines
        .iter()
        .position(|l| l.contains("won the match"))
        .unwrap();
    assert!(
        !p.lines[end..].iter().any(|l| l == "Enter: go on"),
        "Enter: go on after the match:\n{text}"
    );
    assert!(
        !p.lines.iter().any(|l| l.starts_with("not an action")),
        "a move number refused:\n{text}"
    );
    // The table drawn as `scopa play` draws it: the position before the numbered moves,
    // the match score after a hand's summary.
    for label in ["Cards in hand — ", "Your hand: ", "Match score: "] {
        assert!(
            p.lines.iter().any(|l| l.starts_with(label)),
            "no {label:?}:\n{text}"
        );
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_terminal_plays_a_whole_match_against_a_websocket_client() {
    let p = play_room(
        &["--players", "2", "--seats", "human,human", "--target", "11"],
        1,
        Some(30),
    )
    .await;
    check_output(&p);
    assert!(
        p.restarted && p.summaries >= 1,
        "plays {}, summaries {}",
        p.plays,
        p.summaries
    );
    let presence = &p.presence;
    // Alone in the room at first: seat 1 away; then the WebSocket client joins: connected.
    // The terminal started again finds it connected.
    assert!(presence.len() >= 3, "{presence:?}");
    assert!(presence[0].ends_with(" away"), "{presence:?}");
    assert!(presence[1].ends_with(" connected"), "{presence:?}");
    assert!(
        presence.last().unwrap().ends_with(" connected"),
        "{presence:?}"
    );
}

/// A room of 6 or 8 played to its end (`create` arguments, the WebSocket client's seat):
/// the checks of every room, at least `plays` plays of the terminal, and `words` said.
async fn big_room(create: &[&str], other: u8, plays: usize, words: &[&str]) {
    let p = play_room(create, other, None).await;
    check_output(&p);
    let text = p.lines.join("\n");
    assert!(p.plays >= plays, "{text}");
    for w in words {
        assert!(text.contains(w), "{w:?} missing:\n{text}");
    }
}

/// Issue 36/37: `scopa online` plays a room of 6 (two decks, partners opposite) to its
/// end, every frame read typed and drawn with `scopa play`'s layout: the terminal at seat
/// 1, its partner (seat 4) a WebSocket client, four AIs.
#[tokio::test(flavor = "current_thread")]
async fn a_terminal_plays_a_six_player_room() {
    let seats = ["--seats", "human,easy,medium,human,easy,medium"];
    let create = [&["--players", "6", "--target", "1"][..], &seats[..]].concat();
    // The room's rules say the table's Kings rule (5 Kings with two decks; issue 36).
    let words = [
        "Players 2 & 5",
        "Your team",
        "Captured: ",
        "Redeal with 5 Kings on the table",
    ];
    big_room(&create, 3, 12, &words).await;
}

/// Briscola at 8: the terminal (seat 1) and a WebSocket client (seat 2, an opponent), six
/// AIs. (The client sits at seat 2, not at the terminal's partner's seat 5: scopa-server
/// refuses people at seats 3 and up of a Briscola room — `join` → `no_such_seat`, its seat
/// check reads Scopa's player count; issue 36, the server's to fix.)
#[tokio::test(flavor = "current_thread")]
async fn a_terminal_plays_an_eight_player_briscola_room() {
    let seats = ["--seats", "human,human,easy,easy,easy,easy,easy,easy"];
    let game = ["--game", "briscola", "--players", "8", "--target", "1"];
    let create = [&game[..], &seats[..]].concat();
    big_room(&create, 1, 10, &["Briscola: "]).await;
}
