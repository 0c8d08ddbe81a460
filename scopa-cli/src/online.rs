//! `scopa online`: play a room of `scopa-server` (docs/online.md) in the terminal. The
//! server's session is the authority: this module sends the typed actions as the core's
//! script lines and prints each frame the server sends for this seat — the core's table
//! model as JSON, every text already written out in the room's language. The seat's token
//! is kept in a file under the user's data directory (`--tokens` for another), so that
//! `scopa online join CODE` takes the seat back after a lost connection or a new terminal;
//! a lost connection is retried by itself (0.5 s, doubling to 4 s).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use futures_util::{SinkExt, StreamExt};
use std::io::IsTerminal;

use scopa_core::session::{CardStyle, Label, Lang, Player, Texts, transcript};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio_tungstenite::tungstenite::Message;

use crate::common::RulesArgs;
use crate::play::{LangArg, PlayArgs, settings_of};
use crate::screen::Screen;
use crate::texts::listed;

/// `scopa online`: create or join a room of a scopa-server.
#[derive(Args, Debug)]
pub struct OnlineArgs {
    #[command(subcommand)]
    command: OnlineCommand,
}

#[derive(Subcommand, Debug)]
enum OnlineCommand {
    /// Create a room (the settings as `scopa play`'s), print its code and link, take the
    /// first person's seat and play.
    Create(CreateArgs),
    /// Join the room CODE (or take your seat back with the token kept for it) and play.
    Join(JoinArgs),
}

/// Where the server is and where tokens are kept.
#[derive(Args, Debug, Clone)]
struct Conn {
    /// The server's WebSocket address.
    #[arg(long, default_value = "ws://127.0.0.1:8080/ws")]
    server: String,
    /// The file of seat tokens [default: DATA_DIR/scopa/online.json, DATA_DIR being
    /// $XDG_DATA_HOME or ~/.local/share].
    #[arg(long, value_name = "FILE")]
    tokens: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CreateArgs {
    #[command(flatten)]
    conn: Conn,
    #[command(flatten)]
    rules: RulesArgs,
    /// Who plays each seat, comma-separated: human or an AI level (e.g. human,human,expert)
    /// [default: every seat a person].
    #[arg(long, value_name = "LIST")]
    seats: Option<String>,
    /// Language of the room's texts: en or it [default: en].
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args, Debug)]
struct JoinArgs {
    /// The room's invite code (or its link).
    code: String,
    #[command(flatten)]
    conn: Conn,
}

/// Runs `scopa online …`.
pub fn run(args: OnlineArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the network runtime")?;
    runtime.block_on(async move {
        match args.command {
            OnlineCommand::Create(c) => {
                let lang = c.lang.map_or(Lang::En, LangArg::lang);
                let players = c
                    .rules
                    .players
                    .or_else(|| c.seats.as_ref().map(|s| s.split(',').count() as u8))
                    .unwrap_or(2);
                let play = PlayArgs {
                    rules: c.rules.clone(),
                    seats: c.seats.clone(),
                    humans: if c.seats.is_none() {
                        Some(players)
                    } else {
                        None
                    },
                    ..PlayArgs::default()
                };
                let settings = settings_of(&play)?;
                let line = transcript::start(&settings).to_string();
                let lang = if lang == Lang::It { "it" } else { "en" };
                let mut client = Client::new(c.conn, None, lang == "it");
                client.creator_seats = settings.seats[..usize::from(settings.players())]
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| matches!(p, Player::Human))
                    .map(|(i, _)| i as u64)
                    .collect();
                client.create = Some(json!({"type": "create", "settings": line, "lang": lang}));
                client.run().await
            }
            OnlineCommand::Join(j) => {
                let code: String = j
                    .code
                    .rsplit(['/', '='])
                    .next()
                    .unwrap_or_default()
                    .to_ascii_lowercase();
                if code.is_empty() || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
                    bail!("`{}` is not a room code", j.code);
                }
                let mut client = Client::new(j.conn, Some(code), false);
                client.run().await
            }
        }
    })
}

/// The words of this module (the game's come in the frames).
struct Words {
    room: &'static str,
    invite: &'static str,
    others: &'static str,
    seat: &'static str,
    lost: &'static str,
    captures: &'static str,
    go_on: &'static str,
    over: &'static str,
    help: &'static str,
    with_you: &'static str,
    here: &'static str,
    away: &'static str,
    watching: &'static str,
    no_card: &'static str,
    result: &'static str,
}

const EN: Words = Words {
    room: "Room",
    invite: "Invite link",
    others: "Others join with",
    seat: "You play seat",
    lost: "Connection lost; reconnecting…",
    captures: "Choose a capture (its number, or `cancel`)",
    go_on: "Enter: go on",
    over: "`rematch` for another match, `quit` to stop",
    help: "Type a card of your hand (7d) or its number, `hint`, `leave` (give up your seat) or `quit` (keep it).",
    with_you: "With you",
    here: "connected",
    away: "away",
    watching: "watching",
    no_card: "There is no card",
    result: "Enter: the match's result",
};

const IT: Words = Words {
    room: "Stanza",
    invite: "Link d'invito",
    others: "Gli altri entrano con",
    seat: "Giochi al posto",
    lost: "Connessione persa; riconnessione…",
    captures: "Scegli una presa (il suo numero, o `indietro`)",
    go_on: "Invio: avanti",
    over: "`rivincita` per un'altra partita, `esci` per smettere",
    help: "Scrivi una carta della tua mano (7d) o il suo numero, `suggerimento`, `lascia` (lasci il posto) o `esci` (lo tieni).",
    with_you: "Con te",
    here: "connesso",
    away: "assente",
    watching: "spettatori",
    no_card: "Non c'è la carta",
    result: "Invio: il risultato della partita",
};

/// The file of kept tokens: room code → `{server, seat, token}`.
fn tokens_path(conn: &Conn) -> Option<PathBuf> {
    if let Some(p) = &conn.tokens {
        return Some(p.clone());
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/share")))?;
    Some(data.join("scopa").join("online.json"))
}

fn read_tokens(path: Option<&Path>) -> BTreeMap<String, Value> {
    path.and_then(|p| std::fs::read(p).ok())
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

fn write_tokens(path: Option<&Path>, tokens: &BTreeMap<String, Value>) -> anyhow::Result<()> {
    let Some(path) = path else { return Ok(()) };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(tokens)?;
    // Written whole, then renamed: a crash leaves the old file or the new one.
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// What ends a connection's loop.
enum Step {
    /// The socket closed or failed: connect again.
    Lost,
    /// The person quit (or the input ended, or the room was left).
    Done,
}

struct Client {
    server: String,
    tokens: Option<PathBuf>,
    code: Option<String>,
    create: Option<Value>,
    words: &'static Words,
    seat: Option<u64>,
    joining: Option<Vec<u64>>,
    creator_seats: Vec<u64>,
    frame: Value,
    /// Who is connected, as last printed.
    presence: Value,
    input: Option<tokio::io::Lines<BufReader<tokio::io::Stdin>>>,
    /// Where the lines go: wrapped to the terminal's width, as `scopa play` writes them.
    screen: Screen,
    /// What was last printed, so that a frame sent again (after a hint, a presence
    /// change, a reconnection) prints only what is new.
    shown: Shown,
}

/// What the terminal has printed of the room so far.
#[derive(Default)]
struct Shown {
    /// The hand (match number, hand number) whose deal line was printed.
    dealt: Option<(u64, u64)>,
    /// The hand's summary last printed (its rows and the score line: a frame sent again
    /// has the same).
    summary: Option<String>,
    /// A new hand's deal that came with the last hand's summary: said once the summary
    /// is closed.
    deal: Option<String>,
    /// The match whose end was printed.
    over: Option<u64>,
    /// The position last printed (to print it again only when it changed).
    position: Option<String>,
    /// The hint last printed.
    hint: Option<String>,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Client {
    fn new(conn: Conn, code: Option<String>, italian: bool) -> Client {
        Client {
            tokens: tokens_path(&conn),
            server: conn.server,
            code,
            create: None,
            words: if italian { &IT } else { &EN },
            seat: None,
            joining: None,
            creator_seats: Vec::new(),
            frame: Value::Null,
            presence: Value::Null,
            input: Some(BufReader::new(tokio::io::stdin()).lines()),
            screen: screen(),
            shown: Shown::default(),
        }
    }

    /// Prints `text`, wrapped to the terminal's width.
    fn say(&mut self, text: &str) {
        // A closed stdout ends the program at the next read of input; nothing to say here.
        let _ = self.screen.say(text);
    }

    fn kept_token(&self) -> Option<String> {
        let code = self.code.as_ref()?;
        read_tokens(self.tokens.as_deref())
            .get(code)
            .and_then(|r| r.get("token"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn keep(&self, token: Option<&str>) -> anyhow::Result<()> {
        let Some(code) = &self.code else {
            return Ok(());
        };
        let mut all = read_tokens(self.tokens.as_deref());
        match token {
            Some(t) => {
                all.insert(
                    code.clone(),
                    json!({"server": self.server, "seat": self.seat, "token": t}),
                );
            }
            None => {
                all.remove(code);
            }
        }
        write_tokens(self.tokens.as_deref(), &all)
    }

    async fn run(&mut self) -> anyhow::Result<ExitCode> {
        if let Some(code) = &self.code
            && let Some(kept) = read_tokens(self.tokens.as_deref()).get(code)
            && let Some(server) = kept.get("server").and_then(Value::as_str)
            && self.server == "ws://127.0.0.1:8080/ws"
        {
            self.server = server.to_string();
        }
        let mut tries = 0u32;
        loop {
            let socket = match tokio_tungstenite::connect_async(self.server.as_str()).await {
                Ok((socket, _)) => socket,
                Err(e) => {
                    if tries == 0 && self.seat.is_none() {
                        bail!("cannot connect to {}: {e}", self.server);
                    }
                    self.backoff(&mut tries).await;
                    continue;
                }
            };
            tries = 0;
            match self.session(socket).await? {
                Step::Done => return Ok(ExitCode::SUCCESS),
                Step::Lost => {
                    let lost = self.words.lost;
                    self.say(lost);
                    self.backoff(&mut tries).await;
                }
            }
        }
    }

    async fn backoff(&self, tries: &mut u32) {
        let ms = 500u64 << (*tries).min(3);
        *tries += 1;
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }

    /// One connection: greet (create, resume, or watch to find a seat), then frames in and
    /// typed lines out until the socket is lost or the person is done.
    async fn session(&mut self, mut socket: Socket) -> anyhow::Result<Step> {
        self.joining = None;
        let hello = match (&self.code, self.create.take()) {
            (None, Some(create)) => create,
            (Some(code), _) => match self.kept_token() {
                Some(token) => json!({"type": "resume", "room": code, "token": token}),
                None => json!({"type": "watch", "room": code}),
            },
            (None, None) => bail!("no room to join"),
        };
        if socket.send(Message::text(hello.to_string())).await.is_err() {
            return Ok(Step::Lost);
        }
        loop {
            let line = async {
                match self.input.as_mut() {
                    Some(lines) => lines.next_line().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                msg = socket.next() => {
                    let text = match msg {
                        Some(Ok(Message::Text(t))) => t.to_string(),
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Ok(Step::Lost),
                        Some(Ok(_)) => continue,
                    };
                    let Ok(msg) = serde_json::from_str::<Value>(&text) else { continue };
                    for out in self.receive(&msg)? {
                        if socket.send(Message::text(out.to_string())).await.is_err() {
                            return Ok(Step::Lost);
                        }
                    }
                }
                line = line => {
                    let line = match line {
                        Ok(Some(l)) => l,
                        // The input ended: the seat is kept (join again to go on).
                        Ok(None) | Err(_) => return Ok(Step::Done),
                    };
                    match self.typed(line.trim()) {
                        Typed::Send(out) => {
                            if socket.send(Message::text(out.to_string())).await.is_err() {
                                return Ok(Step::Lost);
                            }
                        }
                        Typed::Leave => {
                            let _ = socket.send(Message::text(json!({"type": "leave"}).to_string())).await;
                            self.keep(None)?;
                            let _ = socket.close(None).await;
                            return Ok(Step::Done);
                        }
                        Typed::Quit => {
                            let _ = socket.close(None).await;
                            return Ok(Step::Done);
                        }
                        Typed::Say(text) => self.say(&text),
                        Typed::Nothing => {}
                    }
                }
            }
        }
    }

    /// A server message: what to send back.
    fn receive(&mut self, msg: &Value) -> anyhow::Result<Vec<Value>> {
        let w = self.words;
        let text = |k: &str| {
            msg.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        match msg.get("type").and_then(Value::as_str).unwrap_or_default() {
            "created" => {
                let code = text("room");
                self.say(&format!("{} {code}", w.room));
                self.say(&format!("{}: {}", w.invite, text("link")));
                let server = self.server.clone();
                self.say(&format!(
                    "{}: scopa online join {code} --server {server}",
                    w.others
                ));
                self.code = Some(code);
                let seats = self.creator_seats.clone();
                self.joining = Some(seats);
                Ok(self.join_next())
            }
            "joined" => {
                self.seat = msg.get("seat").and_then(Value::as_u64);
                self.joining = None;
                self.keep(Some(&text("token")))?;
                if let Some(seat) = self.seat {
                    self.say(&format!("{} {}.", w.seat, seat + 1));
                    self.say(w.help);
                }
                Ok(vec![])
            }
            "left" => Ok(if self.joining.is_some() {
                self.join_next()
            } else {
                vec![]
            }),
            "frame" => {
                let frame = msg.get("frame").cloned().unwrap_or(Value::Null);
                if msg.get("seat").is_none_or(Value::is_null) {
                    // Watching, to see which seats are people's; then leave and join one.
                    if self.joining.is_none() {
                        self.joining = Some(human_seats(&frame));
                        return Ok(vec![json!({"type": "leave"})]);
                    }
                    return Ok(vec![]);
                }
                self.show(&frame);
                self.frame = frame;
                self.show_presence(msg.get("presence").unwrap_or(&Value::Null));
                Ok(vec![])
            }
            "presence" => {
                self.show_presence(msg.get("presence").unwrap_or(&Value::Null));
                Ok(vec![])
            }
            "error" => {
                let code = text("code");
                if code == "seat_taken" && self.joining.is_some() {
                    return Ok(self.join_next());
                }
                if code == "bad_token" {
                    self.keep(None)?;
                    let room = self.code.clone().unwrap_or_default();
                    return Ok(vec![json!({"type": "watch", "room": room})]);
                }
                if matches!(
                    code.as_str(),
                    "no_such_room" | "bad_settings" | "too_many_guesses"
                ) {
                    bail!("{}", text("message"));
                }
                self.say(&text("message"));
                Ok(vec![])
            }
            _ => Ok(vec![]),
        }
    }

    fn join_next(&mut self) -> Vec<Value> {
        let Some(list) = self.joining.as_mut() else {
            return vec![];
        };
        if list.is_empty() {
            self.joining = None;
            self.say("every person's seat of this room is taken");
            self.input = None;
            return vec![];
        }
        let seat = list.remove(0);
        vec![json!({"type": "join", "room": self.code, "seat": seat})]
    }

    /// Prints who else is connected when it changed: each other person's seat connected or
    /// away, and how many watch (`With you: Player 2 connected · 1 watching`).
    fn show_presence(&mut self, presence: &Value) {
        if presence.is_null() || *presence == self.presence || self.frame.is_null() {
            return;
        }
        self.presence = presence.clone();
        let w = self.words;
        let mut parts: Vec<String> = self.frame["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|s| s["player"] == "human" && s["seat"].as_u64() != self.seat)
            .map(|s| {
                let seat = s["seat"].as_u64().unwrap_or(0) as usize;
                let here = presence["connected"][seat].as_bool() == Some(true);
                format!(
                    "{} {}",
                    s["name"].as_str().unwrap_or_default(),
                    if here { w.here } else { w.away }
                )
            })
            .collect();
        let watching = presence["spectators"].as_u64().unwrap_or(0);
        if watching > 0 {
            parts.push(format!("{watching} {}", w.watching));
        }
        if !parts.is_empty() {
            self.say(&format!("{}: {}", w.with_you, parts.join(" · ")));
        }
    }

    /// Prints a frame: the hand's deal (once, before anything of the hand), its events,
    /// the hint asked for, a hand's summary (once) or the match's end (once), then what it
    /// waits for from this seat — each only when it is new.
    fn show(&mut self, frame: &Value) {
        let w = self.words;
        let lang = Lang::from_code(frame["lang"].as_str().unwrap_or("en")).unwrap_or_default();
        let t = Texts::new(lang);
        let hand = (
            frame["match_number"].as_u64().unwrap_or(0),
            frame["hand_number"].as_u64().unwrap_or(0),
        );
        let briscola = frame["table"]["game"] == "briscola";
        let banner = frame["banner"]["kind"].as_str().unwrap_or_default();
        let summing_up = matches!(banner, "hand_over" | "match_over");
        if !summing_up && let Some(deal) = self.shown.deal.take() {
            self.say("");
            self.say(&deal);
        }
        for e in frame["events"].as_array().into_iter().flatten() {
            if e["kind"] == "match_finished" {
                // Said by the match's end, after the last hand's summary.
                continue;
            }
            let deal = matches!(e["kind"].as_str(), Some("new_hand" | "dealt"))
                && (e["game"] == "briscola") == briscola;
            if deal {
                // A hand's deal comes with the step that dealt it, which may be after this
                // seat saw the hand (the first hand of a room): said once, first.
                if self.shown.dealt == Some(hand) {
                    continue;
                }
                self.shown.dealt = Some(hand);
                if summing_up {
                    // After the summary of the hand just finished.
                    self.shown.deal = Some(s(e, "text"));
                    continue;
                }
                self.say("");
            }
            self.say(&s(e, "text"));
        }
        if self.shown.dealt != Some(hand) && !summing_up {
            // Joined mid-hand or before the first play: the hand's deal as far as it is
            // known, from the frame.
            self.shown.dealt = Some(hand);
            let dealer = frame["dealer"].as_u64().unwrap_or(0) as usize;
            let mut line = if briscola {
                format!(
                    "{} · {}: {}",
                    t.label(Label::NewDeal),
                    t.label(Label::Dealer),
                    s(&frame["seats"][dealer], "name")
                )
            } else {
                format!(
                    "{} {} · {}: {}",
                    t.label(Label::Hand),
                    hand.1 + 1,
                    t.label(Label::Dealer),
                    s(&frame["seats"][dealer], "name")
                )
            };
            if briscola {
                let trump = &frame["table"]["briscola"];
                line.push_str(&format!(
                    " · {}: {}",
                    t.label(Label::Briscola),
                    s(trump, "card")
                ));
            } else if frame["table"]["last_play"].is_null() {
                line.push_str(&format!(
                    " · {}: {}",
                    t.label(Label::Table),
                    card_list(&frame["table"]["table"])
                ));
            }
            self.say("");
            self.say(&line);
        }
        if let Some(hint) = frame["hint"]["text"].as_str()
            && self.shown.hint.as_deref() != Some(hint)
        {
            self.shown.hint = Some(hint.to_owned());
            self.say(hint);
        }
        match banner {
            "hand_over" | "match_over" => {
                let summary = if banner == "hand_over" {
                    &frame["banner"]["summary"]
                } else {
                    &frame["banner"]["last_hand"]
                };
                // The last hand's summary is in the match's end too: once.
                let key = format!("{} {summary}", frame["score_line"]);
                let summarized = self.shown.summary.as_ref() == Some(&key);
                if !summarized && !summary.is_null() {
                    self.shown.summary = Some(key);
                    self.show_summary(summary);
                }
                // The match is decided when one side alone has reached the target.
                let scores: Vec<u64> = frame["sides"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|side| side["score"].as_u64())
                    .collect();
                let top = scores.iter().copied().max().unwrap_or(0);
                let decided = top >= frame["target"].as_u64().unwrap_or(u64::MAX)
                    && scores.iter().filter(|&&x| x == top).count() == 1;
                if banner == "match_over" {
                    if self.shown.over != Some(hand.0) {
                        self.shown.over = Some(hand.0);
                        if !summarized {
                            self.say(&s(frame, "score_line"));
                        }
                        self.say(&s(&frame["banner"], "text"));
                        self.say(w.over);
                    }
                } else if !summarized {
                    self.say(&s(frame, "score_line"));
                    if frame["offers"]["proceed"].as_bool() == Some(true) {
                        // The last hand's summary leads to the match's result.
                        self.say(if decided { w.result } else { w.go_on });
                    }
                }
                return;
            }
            _ => {}
        }
        let position = match frame["choices"]["kind"].as_str().unwrap_or_default() {
            "cards" => {
                let mut lines = Vec::new();
                if briscola {
                    let table = &frame["table"];
                    lines.push(format!(
                        "{}: {} · {}: {}",
                        t.label(Label::Briscola),
                        s(&table["briscola"], "card"),
                        t.label(Label::Stock),
                        table["stock"]
                    ));
                    let trick: Vec<String> = table["trick"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|c| {
                            let seat = c["seat"].as_u64().unwrap_or(0) as usize;
                            format!("{} {}", s(&frame["seats"][seat], "name"), s(c, "card"))
                        })
                        .collect();
                    lines.push(listed(t.label(Label::Trick), &trick));
                } else {
                    lines.push(format!(
                        "{}: {}",
                        t.label(Label::Table),
                        card_list(&frame["table"]["table"])
                    ));
                }
                // Numbered: a number typed plays that card.
                let cards: Vec<String> = frame["choices"]["cards"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .map(|(i, c)| format!("{}) {}", i + 1, s(&c["card"], "card")))
                    .collect();
                lines.push(format!(
                    "{}: {}",
                    t.label(Label::YourHand),
                    cards.join(" · ")
                ));
                lines.push(s(frame, "status"));
                lines.join("\n")
            }
            "captures" => {
                let mut lines = vec![format!("{}:", w.captures)];
                for (i, o) in frame["choices"]["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    lines.push(format!("  {}) {}", i + 1, s(o, "text")));
                }
                lines.join("\n")
            }
            _ => s(frame, "status"),
        };
        if self.shown.position.as_deref() != Some(&position) {
            self.say(&position);
            self.shown.position = Some(position);
        }
    }

    /// A hand's summary: Scopa's rows (each side's points), or Briscola's card points.
    fn show_summary(&mut self, summary: &Value) {
        if let Some(text) = summary["text"].as_str() {
            self.say(text);
            return;
        }
        for row in summary["rows"].as_array().into_iter().flatten() {
            let points: Vec<String> = row["points"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| p.to_string())
                .collect();
            self.say(&format!("  {}: {}", s(row, "label"), points.join(" · ")));
        }
    }

    /// A typed line: what to send.
    fn typed(&self, line: &str) -> Typed {
        let kind = self.frame["choices"]["kind"].as_str().unwrap_or_default();
        let banner = self.frame["banner"]["kind"].as_str().unwrap_or_default();
        let act = |a: String| Typed::Send(json!({"type": "act", "action": a}));
        match line {
            // The words of `scopa play`, in both languages.
            "quit" | "q" | "exit" | "esci" => Typed::Quit,
            "leave" | "lascia" => Typed::Leave,
            "hint" | "h" | "suggerimento" | "consiglio" => Typed::Send(json!({"type": "hint"})),
            "help" | "?" | "aiuto" => Typed::Say(self.words.help.to_owned()),
            "cancel" | "back" | "indietro" => act("cancel".into()),
            "rematch" | "rivincita" => act("rematch".into()),
            "" if banner == "hand_over" => act("continue".into()),
            "" => Typed::Nothing,
            _ if kind == "captures" && line.parse::<usize>().is_ok_and(|n| n >= 1) => act(format!(
                "capture {}",
                line.parse::<usize>().unwrap_or(1) - 1
            )),
            // A card's number in the hand as listed.
            _ if kind == "cards" && line.parse::<usize>().is_ok() => {
                let n = line.parse::<usize>().unwrap_or(0);
                match n
                    .checked_sub(1)
                    .and_then(|i| self.frame["choices"]["cards"].get(i))
                    .and_then(|c| c["card"]["card"].as_str())
                {
                    Some(card) => act(format!("select {card}")),
                    None => Typed::Say(format!(
                        "{} {n}: 1 … {}",
                        self.words.no_card,
                        self.frame["choices"]["cards"]
                            .as_array()
                            .map_or(0, Vec::len)
                    )),
                }
            }
            // A card alone selects it; anything else is the core's own action line
            // (`play 7d 5d 2c`, `cancel`, `continue`, `rematch`, `undo`), which the
            // server checks.
            _ if kind == "cards" && !line.contains(' ') && line.len() <= 3 => {
                act(format!("select {line}"))
            }
            _ => act(line.to_string()),
        }
    }
}

enum Typed {
    Send(Value),
    /// Nothing to send: say this.
    Say(String),
    Leave,
    Quit,
    Nothing,
}

fn human_seats(frame: &Value) -> Vec<u64> {
    frame["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["player"].as_str() == Some("human"))
        .filter_map(|s| s["seat"].as_u64())
        .collect()
}

/// A string field of a JSON value (empty when missing).
fn s(v: &Value, k: &str) -> String {
    v.get(k)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

/// A frame's list of cards (`[{"card": "7d", …}, …]`) in the notation: `7d 5c`, `—` for
/// none.
fn card_list(list: &Value) -> String {
    let cards: Vec<String> = list
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| s(c, "card"))
        .collect();
    if cards.is_empty() {
        "—".to_owned()
    } else {
        cards.join(" ")
    }
}

/// The screen of `scopa online`: stdout, wrapped to the terminal's width in a terminal
/// (else whole lines, unless `COLUMNS` gives a width), cards in letters as the frames
/// write them.
fn screen() -> Screen {
    let tty = std::io::stdout().is_terminal();
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    let width = match (tty, columns) {
        (true, _) => Some(textwrap::termwidth()),
        (false, columns) => columns,
    };
    Screen::new(
        Box::new(std::io::stdout()),
        width,
        false,
        CardStyle::Letters,
    )
}
