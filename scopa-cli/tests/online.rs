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

#[tokio::test(flavor = "current_thread")]
async fn a_terminal_plays_a_whole_match_against_a_websocket_client() {
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
    let (mut child, mut stdin) = scopa(
        &[
            "create",
            "--players",
            "2",
            "--seats",
            "human,human",
            "--target",
            "11",
            "--server",
            &server,
            "--tokens",
            &tokens,
        ],
        tx.clone(),
    );
    let mut code = None;
    let mut other: Option<
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    > = None;
    let mut capturing = false;
    let mut plays = 0;
    let mut restarted = false;
    let (mut over_cli, mut over_ws) = (false, false);
    let mut summaries = 0;
    // Who is connected, as the terminal prints it.
    let mut presence = Vec::new();
    let run = async {
        loop {
            tokio::select! {
                line = rx.recv() => {
                    let line = line.expect("scopa's output");
                    if line.starts_with("With you: ") {
                        presence.push(line.clone());
                    }
                    if let Some(c) = line.strip_prefix("Room ") {
                        code = Some(c.to_string());
                    } else if let Some(hand) = line.strip_prefix("Your hand: ") {
                        let card = hand.split(' ').next().unwrap().to_string();
                        plays += 1;
                        writeln!(stdin, "{card}").unwrap();
                        // Mid match: the terminal goes away; a new one joins with the kept token.
                        if plays == 30 && !restarted {
                            restarted = true;
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            child.kill().unwrap();
                            child.wait().unwrap();
                            let kept: Value = serde_json::from_slice(&std::fs::read(&tokens).unwrap()).unwrap();
                            let room = code.clone().unwrap();
                            assert_eq!(kept[&room]["seat"], 0, "{kept}");
                            (child, stdin) = scopa(&["join", &room, "--server", &server, "--tokens", &tokens], tx.clone());
                        }
                    } else if line.starts_with("Choose a capture") {
                        capturing = true;
                    } else if capturing && line.starts_with("  1) ") {
                        capturing = false;
                        writeln!(stdin, "1").unwrap();
                    } else if line == "Enter: go on" {
                        summaries += 1;
                        writeln!(stdin).unwrap();
                    } else if line.starts_with("`rematch` for another match") {
                        over_cli = true;
                        writeln!(stdin, "quit").unwrap();
                    }
                    // The other person joins with the code once the terminal has said it is
                    // alone (seat 1 away): joining earlier races the terminal's first frame.
                    if other.is_none() && !presence.is_empty() && let Some(c) = &code {
                        let (mut ws, _) = tokio_tungstenite::connect_async(server.as_str()).await.unwrap();
                        ws.send(Message::text(json!({"type": "join", "room": c, "seat": 1}).to_string())).await.unwrap();
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
    tokio::time::timeout(Duration::from_secs(300), run)
        .await
        .expect("the match ends within 5 minutes");
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success(), "{status}");
    assert!(
        restarted && summaries >= 1,
        "plays {plays}, summaries {summaries}"
    );
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
