//! The test harness: the server binary on 127.0.0.1 with a SQLite file in a temp dir,
//! WebSocket clients (tokio-tungstenite), and the local reference: the same settings, seed
//! and client policy played on the core's `Session` directly.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use scopa_core::session::pacing::Pacing;
use scopa_core::session::table::{Choices, Frame};
use scopa_core::session::{Action, CardStyle, Phase, Session, Settings, transcript};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub const TWO_PEOPLE: &str = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";

/// The server binary, killed when dropped.
/// No banner or summary delay, and a summary closed at once in every room (what the
/// tests' programs expect: they do not read); the AI's pause is set by each test.
pub const NO_WAITS: [&str; 6] = [
    "--scopa-ms",
    "0",
    "--summary-ms",
    "0",
    "--summary-secs",
    "0",
];

pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    /// Starts the binary on a free port with `db`, zero delays and client seeds allowed.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut args = vec!["--allow-client-seed", "--ai-ms", "0"];
        args.extend(NO_WAITS);
        // The players here are programs: no rate limit unless a test sets one.
        if !extra.contains(&"--rate") {
            args.extend(["--rate", "100000"]);
        }
        args.extend(extra);
        Server::spawn(db, &args)
    }

    /// Starts the binary on a free port with `db` and exactly `args`.
    pub fn spawn(db: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scopa-server"))
            .args(["--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        let addr = line
            .split_whitespace()
            .find(|w| w.starts_with("127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches(',')
            .to_string();
        // Keep reading stderr so the server never blocks on it.
        std::thread::spawn(move || for _ in stderr.lines() {});
        Server { child, addr }
    }

    /// SIGKILL: no shutdown, no flush.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One WebSocket client.
pub struct Client {
    pub ws: Ws,
    /// The last frame received, if any.
    pub last: Option<Value>,
    /// Every event line received in frames, in order.
    pub lines: Vec<String>,
    /// Who is connected, as the last `presence` message or frame said.
    pub presence: Option<Value>,
}

impl Client {
    pub async fn connect(addr: &str) -> Client {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .expect("the socket opens");
        Client {
            ws,
            last: None,
            lines: Vec::new(),
            presence: None,
        }
    }

    pub async fn send(&mut self, msg: Value) {
        self.send_text(msg.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::text(text)).await.expect("sent");
    }

    /// The next message (10 s at most) but `presence` messages (kept in
    /// [`Client::presence`]); `None` when the socket closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let v = self.next_any().await?;
            if v["type"] != "presence" {
                return Some(v);
            }
        }
    }

    /// Reads until who is connected (as the last `presence` or frame said) satisfies
    /// `ok`, within `secs` seconds; returns it.
    pub async fn presence_until(&mut self, secs: u64, ok: impl Fn(&Value) -> bool) -> Value {
        let end = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(p) = &self.presence
                && ok(p)
            {
                return p.clone();
            }
            let left = end.saturating_duration_since(tokio::time::Instant::now());
            let got = tokio::time::timeout(left, self.next_any()).await;
            match got {
                Ok(Some(_)) => {}
                Ok(None) => panic!("the socket closed; presence {:?}", self.presence),
                Err(_) => panic!("no such presence within {secs} s: {:?}", self.presence),
            }
        }
    }

    /// The next message of any type (10 s at most); `None` when the socket closed.
    pub async fn next_any(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message within 10 s");
            match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).expect("the server sends JSON");
                    if v["type"] == "frame" || v["type"] == "presence" {
                        self.presence = Some(v["presence"].clone());
                    }
                    if v["type"] == "frame" {
                        for e in v["frame"]["events"].as_array().unwrap() {
                            let line = e["line"].as_str().unwrap();
                            self.lines.extend(line.split('\n').map(String::from));
                        }
                        self.last = Some(v.clone());
                    }
                    return Some(v);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message, which must be of `type`.
    pub async fn expect(&mut self, kind: &str) -> Value {
        let v = self.next().await.expect("a message");
        assert_eq!(v["type"], kind, "{v}");
        v
    }

    /// Reads frames until one after `seq` where the room waits for a person.
    pub async fn settle(&mut self, seq: u64) -> Value {
        loop {
            let v = self.next().await.expect("a frame");
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "frame"
                && v["seq"].as_u64().unwrap() > seq
                && v["frame"]["next"].get("wait").is_some()
            {
                return v;
            }
        }
    }
}

/// The clients' policy: the first card, the first capture; `None` when the frame offers
/// this seat nothing to play.
pub fn choose(frame: &Value) -> Option<String> {
    let choices = &frame["choices"];
    match choices["kind"].as_str().unwrap() {
        "cards" => Some(format!(
            "select {}",
            choices["cards"][0]["card"]["card"].as_str().unwrap()
        )),
        "captures" => Some("capture 0".into()),
        _ => None,
    }
}

/// The same policy on the core's frame.
pub fn choose_local(frame: &Frame) -> Option<Action> {
    match &frame.choices {
        Choices::Cards(c) => Some(Action::Select(c[0].card)),
        Choices::Captures { .. } => Some(Action::Capture(0)),
        Choices::None => None,
    }
}

/// The transcript (after the settings line) of `settings` and `seed` played on the core's
/// `Session` directly: each person by [`choose_local`] on their own frame, AIs by `ai`,
/// banners and hand-offs by `continue`; and the final session.
pub fn play_locally(settings: Settings, seed: u64) -> (Vec<String>, Session) {
    let mut s = Session::new(settings, seed).unwrap();
    let mut lines = vec![transcript::event(&s.deal_event()).to_string()];
    loop {
        let action = match s.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => {
                let frame =
                    Frame::for_seat(&s, Some(seat), CardStyle::Letters, &Pacing::UNATTENDED);
                choose_local(&frame).unwrap()
            }
            Phase::AiDue { .. } => Action::RunAi,
            Phase::MatchOver { .. } => break,
            _ => Action::Continue,
        };
        for e in s.apply(action).unwrap() {
            lines.extend(
                transcript::event(&e)
                    .to_string()
                    .split('\n')
                    .map(String::from),
            );
        }
    }
    (lines, s)
}

/// Replays a stored action log on a new session: its transcript (after the settings line)
/// and the session.
pub fn replay_log(settings: Settings, seed: u64, log: &[String]) -> (Vec<String>, Session) {
    let mut s = Session::new(settings, seed).unwrap();
    let mut lines = vec![transcript::event(&s.deal_event()).to_string()];
    for line in log {
        let action: Action = line.parse().unwrap();
        for e in s.apply(action).unwrap() {
            lines.extend(
                transcript::event(&e)
                    .to_string()
                    .split('\n')
                    .map(String::from),
            );
        }
    }
    (lines, s)
}

/// Creates a room of `settings` with `seed`; returns its code.
pub async fn create(c: &mut Client, settings: &str, seed: u64) -> String {
    c.send(json!({"type": "create", "settings": settings, "seed": seed}))
        .await;
    let v = c.expect("created").await;
    v["room"].as_str().unwrap().to_string()
}

/// Joins `seat`: returns the token and the first frame.
pub async fn join(c: &mut Client, room: &str, seat: u8) -> (String, Value) {
    c.send(json!({"type": "join", "room": room, "seat": seat}))
        .await;
    let v = c.expect("joined").await;
    let frame = c.expect("frame").await;
    (v["token"].as_str().unwrap().to_string(), frame)
}

/// Plays until the match is over or `stop` says so (after an action, given how many the
/// clients made); `frames[i]` is client i's last frame where the room waits.
pub async fn play(
    clients: &mut [&mut Client],
    frames: &mut [Value],
    mut stop: impl FnMut(usize) -> bool,
) -> bool {
    let mut made = 0;
    loop {
        if frames[0]["frame"]["phase"]["kind"] == "match_over" {
            return true;
        }
        if stop(made) {
            return false;
        }
        let actor = (0..clients.len())
            .find(|&i| choose(&frames[i]["frame"]).is_some())
            .unwrap_or_else(|| panic!("somebody is to play: {frames:?}"));
        let seq = frames[actor]["seq"].as_u64().unwrap();
        let line = choose(&frames[actor]["frame"]).unwrap();
        clients[actor]
            .send(json!({"type": "act", "action": line}))
            .await;
        made += 1;
        frames[actor] = clients[actor].settle(seq).await;
        // Choosing a capture is the actor's own business: the others hear of it with the
        // capture.
        if frames[actor]["frame"]["phase"]["kind"] == "choose_capture" {
            continue;
        }
        for (i, (c, f)) in clients.iter_mut().zip(frames.iter_mut()).enumerate() {
            if i != actor {
                *f = c.settle(seq).await;
            }
        }
    }
}

/// The local reference's action lines: what the room must have stored.
pub fn local_actions(settings: Settings, seed: u64) -> Vec<String> {
    let mut s = Session::new(settings, seed).unwrap();
    let mut out = Vec::new();
    loop {
        let action = match s.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => choose_local(
                &Frame::for_seat(&s, Some(seat), CardStyle::Letters, &Pacing::UNATTENDED),
            )
            .unwrap(),
            Phase::AiDue { .. } => Action::RunAi,
            Phase::MatchOver { .. } => break,
            _ => Action::Continue,
        };
        s.apply(action).unwrap();
        out.push(transcript::action(&action).to_string());
    }
    out
}
