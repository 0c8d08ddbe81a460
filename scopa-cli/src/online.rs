//! `scopa online`: play a room of `scopa-server` (docs/online.md) in the terminal. The
//! server's session is the authority: this module sends the typed actions as the core's
//! script lines and draws each frame the server sends for this seat — the table model
//! written out once (`scopa_frame::Frame`, read back typed), every text already written in
//! the room's language — with the layout `scopa play` draws its own frames with
//! ([`crate::play::view`]). The seat's token is kept in a file under the user's data
//! directory (`--tokens` for another), so that `scopa online join CODE` takes the seat
//! back after a lost connection or a new terminal; a lost connection is retried by itself
//! (0.5 s, doubling to 4 s).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use futures_util::{SinkExt, StreamExt};
use std::io::IsTerminal;

use scopa_core::ai::Level;
use scopa_core::session::{CardStyle, Lang, Player, Texts, transcript};
use scopa_frame::{BannerKind, Choices, Frame, Summary};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio_tungstenite::tungstenite::Message;

use crate::common::RulesArgs;
use crate::play::view::{View, rules_line};
use crate::play::{LangArg, PlayArgs, settings_of};
use crate::screen::Screen;
use crate::texts::{TermTexts, pick};

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
                let mut client = Client::new(c.conn, None, lang);
                client.creator_seats = settings.seats[..usize::from(settings.players())]
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| matches!(p, Player::Human))
                    .map(|(i, _)| i as u8)
                    .collect();
                // The room's rules and who sits where, as `scopa play` says them (the
                // creator in the first person's seat).
                let t = TermTexts(Texts {
                    you: client.creator_seats.first().copied(),
                    players: settings.players(),
                    ..Texts::new(lang)
                });
                let rules = rules_line(&t, &client.screen, &settings);
                client.say(&rules);
                client.say(&t.lineup(&settings).to_string());
                let lang = lang.code();
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
                let mut client = Client::new(j.conn, Some(code), Lang::En);
                client.run().await
            }
        }
    })
}

/// The words of this module (the game's come in the frames, the table's from the
/// layout of `scopa play`).
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
    result: &'static str,
    taken: &'static str,
    unreadable: &'static str,
    time: &'static str,
    then_ai: &'static str,
    out_of_time: &'static str,
    played_for_you: &'static str,
    played_for: &'static str,
    full: &'static str,
}

const EN: Words = Words {
    room: "Room",
    invite: "Invite link",
    others: "Others join with",
    seat: "You play seat",
    lost: "Connection lost; reconnecting…",
    captures: "Type a capture's number, or `cancel` to choose another card.",
    go_on: "Enter: go on",
    over: "`rematch` for another match, `quit` to stop",
    help: "Type a card of your hand (7d) or its number in the moves, `hint`, `leave` (give up your seat) or `quit` (keep it).",
    with_you: "With you",
    here: "connected",
    away: "away",
    watching: "watching",
    result: "Enter: the match's result",
    taken: "Your seat was taken by another connection with its token.",
    unreadable: "The server sent a message this program cannot read",
    time: "Time for this move",
    then_ai: "then the computer plays for you",
    out_of_time: "Out of time",
    played_for_you: "played for you",
    played_for: "played for",
    full: "Every person's seat of this room is taken.",
};

const IT: Words = Words {
    room: "Stanza",
    invite: "Link d'invito",
    others: "Gli altri entrano con",
    seat: "Giochi al posto",
    lost: "Connessione persa; riconnessione…",
    captures: "Scrivi il numero di una presa, o `indietro` per scegliere un'altra carta.",
    go_on: "Invio: avanti",
    over: "`rivincita` per un'altra partita, `esci` per smettere",
    help: "Scrivi una carta della tua mano (7d) o il suo numero fra le mosse, `suggerimento`, `lascia` (lasci il posto) o `esci` (lo tieni).",
    with_you: "Con te",
    here: "connesso",
    away: "assente",
    watching: "spettatori",
    result: "Invio: il risultato della partita",
    taken: "Il tuo posto è stato preso da un'altra connessione con il suo token.",
    unreadable: "Il server ha mandato un messaggio che questo programma non sa leggere",
    time: "Tempo per questa mossa",
    then_ai: "poi il computer gioca per te",
    out_of_time: "Tempo scaduto",
    played_for_you: "ha giocato per te",
    played_for: "ha giocato per",
    full: "Tutti i posti delle persone di questa stanza sono presi.",
};

const fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::It => &IT,
    }
}

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

/// What the server sends (docs/online.md, "What the server sends"): the messages this
/// program acts on, the frame typed as the server wrote it. Fields it does not need are
/// ignored, and so are messages of other types.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromServer {
    Created {
        room: String,
        link: String,
    },
    Joined {
        seat: u8,
        token: String,
    },
    Left,
    Frame {
        /// The seat whose frame it is (`None`: a spectator's).
        seat: Option<u8>,
        frame: Box<Frame>,
        #[serde(default)]
        presence: Option<Presence>,
        /// A timed room waiting for a person: whose deadline, and the time left.
        #[serde(default)]
        deadline: Option<Deadline>,
    },
    Presence {
        presence: Presence,
    },
    Revoked {
        seat: u8,
    },
    /// A seat ran out of time: the server moved for it with the timer's AI.
    TimedOut {
        seat: u8,
        ai: String,
    },
    Error {
        code: String,
        #[serde(default)]
        message: String,
    },
    #[serde(other)]
    Other,
}

/// The turn timer's deadline of a seat (docs/online.md, "Turn timer").
#[derive(Clone, Copy, Debug, Deserialize)]
struct Deadline {
    /// The seat to move.
    seat: u8,
    /// Milliseconds left when the frame was sent.
    left_ms: u64,
}

/// Who is connected to the room.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
struct Presence {
    /// One flag per seat: a live connection holds it.
    connected: Vec<bool>,
    /// Connections watching.
    spectators: u32,
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
    /// The language of this program's own words until a frame gives the room's.
    lang: Lang,
    seat: Option<u8>,
    joining: Option<Vec<u8>>,
    creator_seats: Vec<u8>,
    /// The last frame of this seat.
    frame: Option<Frame>,
    /// Who is connected, as last printed.
    presence: Option<Presence>,
    input: Option<tokio::io::Lines<BufReader<tokio::io::Stdin>>>,
    /// Where the lines go: wrapped to the terminal's width, as `scopa play` writes them.
    screen: Screen,
    /// What was last printed, so that a frame sent again (after a hint, a presence
    /// change, a reconnection) prints only what is new.
    shown: Shown,
    /// A message could not be read (said once per connection).
    unreadable: bool,
    /// The seat was taken by another connection: nothing more comes.
    revoked: bool,
}

/// What the terminal has printed of the room so far.
#[derive(Default)]
struct Shown {
    /// The hand (match number, hand number) whose deal was printed.
    dealt: Option<(u32, u16)>,
    /// The hand's summary last printed (the match, its score line and the summary: a
    /// frame sent again has the same, and so has the match's end after its last hand).
    summary: Option<(u32, String, Summary)>,
    /// The match whose end was printed.
    over: Option<u32>,
    /// The position last printed (to print it again only when it changed).
    position: Option<String>,
    /// The hint last printed.
    hint: Option<String>,
}

/// What a frame prints: lines (wrapped) and a summary's table (as it is).
enum Out {
    Line(String),
    Table(String),
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Client {
    fn new(conn: Conn, code: Option<String>, lang: Lang) -> Client {
        Client {
            tokens: tokens_path(&conn),
            server: conn.server,
            code,
            create: None,
            lang,
            seat: None,
            joining: None,
            creator_seats: Vec::new(),
            frame: None,
            presence: None,
            input: Some(BufReader::new(tokio::io::stdin()).lines()),
            screen: screen(),
            shown: Shown::default(),
            unreadable: false,
            revoked: false,
        }
    }

    /// This program's words, in the room's language once a frame said it.
    fn words(&self) -> &'static Words {
        words(self.frame.as_ref().map_or(self.lang, |f| f.lang))
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
                    let lost = self.words().lost;
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
        self.unreadable = false;
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
                    let msg = match serde_json::from_str::<FromServer>(&text) {
                        Ok(msg) => msg,
                        Err(e) => {
                            if !self.unreadable {
                                self.unreadable = true;
                                let text = format!("{}: {e}", self.words().unreadable);
                                self.say(&text);
                            }
                            continue;
                        }
                    };
                    for out in self.receive(msg)? {
                        if socket.send(Message::text(out.to_string())).await.is_err() {
                            return Ok(Step::Lost);
                        }
                    }
                    if self.revoked {
                        let _ = socket.close(None).await;
                        return Ok(Step::Done);
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
    fn receive(&mut self, msg: FromServer) -> anyhow::Result<Vec<Value>> {
        let w = self.words();
        match msg {
            FromServer::Created { room, link } => {
                self.say(&format!("{} {room}", w.room));
                self.say(&format!("{}: {link}", w.invite));
                let server = self.server.clone();
                self.say(&format!(
                    "{}: scopa online join {room} --server {server}",
                    w.others
                ));
                self.code = Some(room);
                self.joining = Some(self.creator_seats.clone());
                Ok(self.join_next())
            }
            FromServer::Joined { seat, token } => {
                self.seat = Some(seat);
                self.joining = None;
                self.keep(Some(&token))?;
                self.say(&format!("{} {}.", w.seat, u16::from(seat) + 1));
                self.say(w.help);
                Ok(vec![])
            }
            FromServer::Left => Ok(if self.joining.is_some() {
                self.join_next()
            } else {
                vec![]
            }),
            FromServer::Frame {
                seat,
                frame,
                presence,
                deadline,
            } => {
                if seat.is_none() {
                    // Watching, to see which seats are people's; then leave and join one.
                    if self.joining.is_none() {
                        self.joining = Some(human_seats(&frame));
                        return Ok(vec![json!({"type": "leave"})]);
                    }
                    return Ok(vec![]);
                }
                self.show(&frame, deadline.filter(|d| Some(d.seat) == self.seat));
                self.frame = Some(*frame);
                if let Some(presence) = presence {
                    self.show_presence(presence);
                }
                Ok(vec![])
            }
            FromServer::Presence { presence } => {
                self.show_presence(presence);
                Ok(vec![])
            }
            FromServer::Revoked { seat } if Some(seat) == self.seat => {
                // Another connection took the seat with its token: this one is out.
                self.say(w.taken);
                self.revoked = true;
                self.input = None;
                Ok(vec![])
            }
            FromServer::Error { code, message } => {
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
                    bail!("{message}");
                }
                self.say(&message);
                Ok(vec![])
            }
            FromServer::TimedOut { seat, ai } => {
                self.say_timed_out(seat, &ai);
                Ok(vec![])
            }
            FromServer::Revoked { .. } | FromServer::Other => Ok(vec![]),
        }
    }

    fn join_next(&mut self) -> Vec<Value> {
        let Some(list) = self.joining.as_mut() else {
            return vec![];
        };
        if list.is_empty() {
            self.joining = None;
            let full = self.words().full;
            self.say(full);
            self.input = None;
            return vec![];
        }
        let seat = list.remove(0);
        vec![json!({"type": "join", "room": self.code, "seat": seat})]
    }

    /// Prints who else is connected when it changed: each other person's seat connected or
    /// away, and how many watch (`With you: Player 2 connected · 1 watching`).
    fn show_presence(&mut self, presence: Presence) {
        let Some(frame) = &self.frame else { return };
        if self.presence.as_ref() == Some(&presence) {
            return;
        }
        let w = self.words();
        let mut parts: Vec<String> = frame
            .seats
            .iter()
            .filter(|s| s.player == "human" && Some(s.seat) != self.seat)
            .map(|s| {
                let here = presence.connected.get(usize::from(s.seat)) == Some(&true);
                format!("{} {}", s.name, if here { w.here } else { w.away })
            })
            .collect();
        if presence.spectators > 0 {
            parts.push(format!("{} {}", presence.spectators, w.watching));
        }
        self.presence = Some(presence);
        if !parts.is_empty() {
            self.say(&format!("{}: {}", w.with_you, parts.join(" · ")));
        }
    }

    /// A seat ran out of time and the timer's AI (`ai`, its level's name) moved for it:
    /// `Out of time: the computer (Medium) played for you.` (the move comes in the next
    /// frames' events).
    fn say_timed_out(&mut self, seat: u8, ai: &str) {
        let Some(frame) = &self.frame else { return };
        let w = words(frame.lang);
        let t = TermTexts::of_frame(frame);
        let level = ai.parse::<Level>().map_or(ai, |l| t.level(l));
        let computer = format!(
            "{} ({level})",
            pick(frame.lang, "the computer", "il computer")
        );
        let text = if Some(seat) == self.seat {
            format!("{}: {computer} {}.", w.out_of_time, w.played_for_you)
        } else {
            format!(
                "{}: {computer} {} {}.",
                w.out_of_time,
                w.played_for,
                t.seat(seat)
            )
        };
        self.say(&text);
    }

    /// Prints a frame with the layout of `scopa play`: the hand's deal (once, before
    /// anything of the hand), its events, the hint asked for, a hand's summary (once) or
    /// the match's end (once), then what it waits for from this seat — each only when it
    /// is new, with the time left for the move in a timed room (`deadline`, this seat's).
    fn show(&mut self, frame: &Frame, deadline: Option<Deadline>) {
        let w = words(frame.lang);
        let t = TermTexts::of_frame(frame);
        let view = View {
            frame,
            t: &t,
            screen: &self.screen,
        };
        let mut out = Vec::new();
        let mut say = |line: String| out.push(Out::Line(line));
        let hand = (frame.match_number, frame.hand_number);
        let banner = frame.banner.as_ref().map(|b| &b.kind);
        let summing_up = matches!(
            banner,
            Some(BannerKind::HandOver { .. } | BannerKind::MatchOver { .. })
        );
        // The hand's deal, once: before the hand's first play, or where this seat came in;
        // a new hand dealt with the last one's summary, once that summary is closed.
        if !summing_up && self.shown.dealt != Some(hand) {
            self.shown.dealt = Some(hand);
            view.deal().into_iter().for_each(&mut say);
        }
        view.events().lines.into_iter().for_each(&mut say);
        if let Some(hint) = &frame.hint
            && self.shown.hint.as_ref() != Some(&hint.text)
        {
            self.shown.hint = Some(hint.text.clone());
            say(hint.text.clone());
        }
        let summary = match banner {
            Some(BannerKind::HandOver { summary }) => Some(summary),
            Some(BannerKind::MatchOver { last_hand, .. }) => last_hand.as_ref(),
            _ => None,
        };
        // The last hand's summary is in the match's end too: once.
        let key = summary.map(|s| (frame.match_number, frame.score_line.clone(), s.clone()));
        let summarized = key.is_some() && self.shown.summary == key;
        if summing_up
            && !summarized
            && let Some(text) = view.summary()
        {
            self.shown.summary = key;
            out.push(Out::Table(text.table));
            out.extend(text.lines.into_iter().map(Out::Line));
        }
        let mut say = |line: String| out.push(Out::Line(line));
        match banner {
            Some(BannerKind::MatchOver { .. }) => {
                if self.shown.over != Some(frame.match_number) {
                    self.shown.over = Some(frame.match_number);
                    if summary.is_none() {
                        say(view.match_score());
                    }
                    if let Some(b) = &frame.banner {
                        say(self.screen.loud(&b.text));
                    }
                    say(w.over.to_owned());
                }
            }
            Some(BannerKind::HandOver { .. }) => {
                if !summarized && frame.offers.proceed {
                    // The last hand's summary leads to the match's result.
                    say(if decided(frame) { w.result } else { w.go_on }.to_owned());
                }
            }
            _ => {
                let position = match &frame.choices {
                    Choices::Cards { cards } => {
                        // Numbered: a number typed plays that card.
                        let moves: Vec<String> = cards
                            .iter()
                            .map(|c| t.card(c.card.card).to_string())
                            .collect();
                        let seat = frame.viewer.or(self.seat).unwrap_or(frame.turn);
                        let mut lines = view.position(seat, &moves);
                        lines.push(frame.status.clone());
                        lines.join("\n")
                    }
                    Choices::Captures { .. } => {
                        let options = view.captures().unwrap_or_default();
                        format!("{options}\n{}", w.captures)
                    }
                    Choices::Nothing => frame.status.clone(),
                };
                if self.shown.position.as_ref() != Some(&position) {
                    self.shown.position = Some(position.clone());
                    say(position);
                    if let Some(d) = deadline {
                        // Whole seconds, rounded up: `0 s` only once it is over.
                        let secs = d.left_ms.div_ceil(1000);
                        say(format!("{}: {secs} s ({}).", w.time, w.then_ai));
                    }
                }
            }
        }
        for o in out {
            match o {
                Out::Line(line) => self.say(&line),
                Out::Table(table) => {
                    let _ = self.screen.raw(&table);
                }
            }
        }
    }

    /// A typed line: what to send.
    fn typed(&self, line: &str) -> Typed {
        let w = self.words();
        let choices = self.frame.as_ref().map(|f| &f.choices);
        let banner = self.frame.as_ref().and_then(|f| f.banner.as_ref());
        let summary = matches!(banner.map(|b| &b.kind), Some(BannerKind::HandOver { .. }));
        let act = |a: String| Typed::Send(json!({"type": "act", "action": a}));
        let number = line.parse::<usize>().ok();
        let no_such = |n: usize, of: usize| {
            let lang = self.frame.as_ref().map_or(self.lang, |f| f.lang);
            Typed::Say(TermTexts(Texts::new(lang)).no_such_move(n, of).to_string())
        };
        match (line, choices) {
            // The words of `scopa play`, in both languages.
            ("quit" | "q" | "exit" | "esci", _) => Typed::Quit,
            ("leave" | "lascia", _) => Typed::Leave,
            ("hint" | "h" | "suggerimento" | "consiglio", _) => {
                Typed::Send(json!({"type": "hint"}))
            }
            ("help" | "?" | "aiuto", _) => Typed::Say(w.help.to_owned()),
            ("cancel" | "back" | "indietro", _) => act("cancel".into()),
            ("rematch" | "rivincita", _) => act("rematch".into()),
            ("", _) if summary => act("continue".into()),
            ("", _) => Typed::Nothing,
            // A capture's number as listed.
            (_, Some(Choices::Captures { options, .. })) if number.is_some() => {
                match number.filter(|&n| (1..=options.len()).contains(&n)) {
                    Some(n) => act(format!("capture {}", n - 1)),
                    None => no_such(number.unwrap_or(0), options.len()),
                }
            }
            // A card's number in the moves as listed.
            (_, Some(Choices::Cards { cards })) if number.is_some() => {
                let n = number.unwrap_or(0);
                match n.checked_sub(1).and_then(|i| cards.get(i)) {
                    Some(c) => act(format!("select {}", c.card.card)),
                    None => no_such(n, cards.len()),
                }
            }
            // A card alone selects it; anything else is the core's own action line
            // (`play 7d 5d 2c`, `cancel`, `continue`, `rematch`, `undo`), which the
            // server checks.
            (_, Some(Choices::Cards { .. })) if !line.contains(' ') && line.len() <= 3 => {
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

/// Whether the match is decided: one side alone has reached the target.
fn decided(frame: &Frame) -> bool {
    let top = frame.sides.iter().map(|s| s.score).max().unwrap_or(0);
    top >= u16::from(frame.target) && frame.sides.iter().filter(|s| s.score == top).count() == 1
}

/// The seats people play.
fn human_seats(frame: &Frame) -> Vec<u8> {
    frame
        .seats
        .iter()
        .filter(|s| s.player == "human")
        .map(|s| s.seat)
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::briscola::BriscolaRules;
    use scopa_core::scopa::Rules;
    use scopa_core::session::driver::Presenter;
    use scopa_core::session::pacing::{Next, Pacing};
    use scopa_core::session::{Action, Session, Settings};
    use std::sync::{Arc, Mutex};

    /// A screen that keeps what it is given.
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Kept {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A client at seat 0 of no server, reading no input, its screen kept (80 columns).
    fn client() -> (Client, Kept) {
        let conn = Conn {
            server: String::new(),
            tokens: None,
        };
        let mut client = Client::new(conn, None, Lang::En);
        client.input = None;
        client.seat = Some(0);
        let kept = Kept::default();
        client.screen = Screen::new(Box::new(kept.clone()), Some(80), false, CardStyle::Letters);
        (client, kept)
    }

    /// Plays `settings` (one person, at seat 0) as a room would show it to that seat: each
    /// frame of a local presenter written out, sent as the server's `frame` message (JSON)
    /// and read back typed by the client, which draws it; the person's lines typed to the
    /// client (a hint once, then `1` for the first move or capture, Enter at a summary),
    /// what it sends carried out on the presenter. The lines the client printed.
    fn room(settings: Settings, seed: u64) -> Vec<String> {
        let (mut client, kept) = client();
        let mut p = Presenter::new(Session::new(settings, seed).unwrap(), Pacing::UNATTENDED);
        let mut hinted = false;
        for _ in 0..5000 {
            let core = p.frame();
            let frame = Frame::new(&core, p.session(), p.recap());
            let players = frame.seats.len();
            let msg = json!({
                "type": "frame", "room": "r", "seat": 0, "seq": 1, "frame": frame,
                "presence": {"connected": vec![true; players], "spectators": 0},
            });
            let msg: FromServer = serde_json::from_str(&msg.to_string()).unwrap();
            assert!(client.receive(msg).unwrap().is_empty());
            let line = match core.next {
                Next::Due(d) => {
                    p.fire(d.token).unwrap();
                    continue;
                }
                Next::Wait(_) if core.offers.rematch => break,
                Next::Wait(_) if core.offers.hint && !hinted => {
                    hinted = true;
                    "hint"
                }
                Next::Wait(_) if core.offers.proceed => "",
                Next::Wait(_) => "1",
            };
            let Typed::Send(sent) = client.typed(line) else {
                panic!("{line:?} sends nothing");
            };
            match sent["type"].as_str() {
                Some("hint") => drop(p.hint().unwrap()),
                Some("act") => {
                    let action: Action = sent["action"].as_str().unwrap().parse().unwrap();
                    p.act(action).unwrap();
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(p.peek().offers.rematch, "the match ended");
        let text = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_owned).collect()
    }

    /// Issue 37 item 16 and issue 36, without a server: at every kind of table the typed
    /// frames are drawn with the deal of each hand once and before its plays, each hand's
    /// summary once, the hint, the result once and nothing to go on with after it; the
    /// moves' numbers play.
    #[test]
    fn a_room_is_drawn_once_and_in_order() {
        let briscola = |players: u8| {
            let decks = if players > 4 { 2 } else { 1 };
            let rules = BriscolaRules {
                players,
                decks,
                target: 2,
                ..BriscolaRules::default()
            };
            Settings::briscola(Level::Easy, rules)
        };
        let scopa = |players: u8, target: u8| {
            let rules = Rules {
                target,
                ..Rules::default().with_players(players)
            };
            Settings::against(Level::Easy, rules)
        };
        for (settings, seed) in [
            (scopa(2, 11), 1),
            (scopa(6, 1), 2),
            (briscola(2), 3),
            (briscola(8), 4),
        ] {
            let lines = room(settings, seed);
            let text = lines.join("\n");
            let deals: Vec<usize> = (0..lines.len())
                .filter(|&i| {
                    let l = &lines[i];
                    (l.starts_with("Hand ") && l.contains(" · Table: "))
                        || l.starts_with("New hand · ")
                })
                .collect();
            let ends: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].starts_with("Match score: "))
                .collect();
            assert_eq!(
                deals.len(),
                ends.len(),
                "a deal and a summary a hand:\n{text}"
            );
            for (hand, (&deal, &end)) in deals.iter().zip(&ends).enumerate() {
                assert!(deal < end, "hand {hand}:\n{text}");
                let next = deals.get(hand + 1).copied().unwrap_or(lines.len());
                assert!(
                    end < next,
                    "hand {hand}'s summary after the next deal:\n{text}"
                );
                let plays = lines[deal..end]
                    .iter()
                    .filter(|l| l.starts_with("You: "))
                    .count();
                assert!(plays > 0, "hand {hand}: no play of this seat:\n{text}");
                let before = lines[ends.get(hand.wrapping_sub(1)).map_or(0, |&e| e)..deal]
                    .iter()
                    .any(|l| l.starts_with("You: ") || l.starts_with("Player "));
                assert!(!before, "hand {hand}: a play before its deal:\n{text}");
            }
            assert!(lines.iter().any(|l| l.starts_with("Hint: ")), "{text}");
            let won: Vec<usize> = (0..lines.len())
                .filter(|&i| {
                    lines[i].contains("won the match") || lines[i].contains("win the match")
                })
                .collect();
            assert_eq!(won.len(), 1, "the result once:\n{text}");
            assert!(
                !lines[won[0]..].iter().any(|l| l.starts_with("Enter: ")),
                "{text}"
            );
            assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
        }
    }

    /// Numbers typed: a card of the moves as listed, a capture as listed; a number past
    /// either list is answered, never sent.
    #[test]
    fn numbers_pick_from_the_lists_shown() {
        let (mut client, _) = client();
        let settings = Settings::against(Level::Easy, Rules::default().with_players(4));
        let mut p = Presenter::new(Session::new(settings, 9).unwrap(), Pacing::UNATTENDED);
        let (mut cards_seen, mut captures_seen) = (false, false);
        for _ in 0..2000 {
            let core = p.frame();
            client.frame = Some(Frame::new(&core, p.session(), p.recap()));
            let frame = client.frame.as_ref().unwrap();
            let (line, count) = match &frame.choices {
                // A card that takes in several ways, or the first.
                Choices::Cards { cards } => {
                    let n = cards.iter().position(|c| c.ways > 1).unwrap_or(0) + 1;
                    let Typed::Send(sent) = client.typed(&n.to_string()) else {
                        panic!("{n}")
                    };
                    assert_eq!(sent["action"], format!("select {}", cards[n - 1].card.card));
                    cards_seen = true;
                    (n.to_string(), cards.len())
                }
                Choices::Captures { options, .. } => {
                    let Typed::Send(sent) = client.typed("2") else {
                        panic!("2")
                    };
                    assert_eq!(sent["action"], "capture 1");
                    captures_seen = true;
                    ("2".to_owned(), options.len())
                }
                Choices::Nothing => match core.next {
                    Next::Due(d) => {
                        p.fire(d.token).unwrap();
                        continue;
                    }
                    Next::Wait(_) => break,
                },
            };
            let Typed::Say(said) = client.typed(&(count + 1).to_string()) else {
                panic!("a number past the list is sent")
            };
            let no = count + 1;
            assert_eq!(said, format!("There is no move {no}: choose 1 to {count}."));
            let Typed::Send(sent) = client.typed(&line) else {
                panic!()
            };
            let action: Action = sent["action"].as_str().unwrap().parse().unwrap();
            p.act(action).unwrap();
            if captures_seen {
                break;
            }
        }
        assert!(cards_seen && captures_seen, "a capture choice came");
    }

    /// A timed room: the time left is said with the position of this seat's move, and a
    /// move the server made for a seat out of time is said with the timer's level.
    #[test]
    fn a_timed_room_says_the_time_left_and_who_ran_out() {
        let (mut client, kept) = client();
        let mut settings = Settings::pass_and_play(Rules::default());
        settings.seats[1] = Player::Ai(Level::Easy);
        let mut p = Presenter::new(Session::new(settings, 2).unwrap(), Pacing::UNATTENDED);
        while let Next::Due(d) = p.next() {
            p.fire(d.token).unwrap();
        }
        let frame = Frame::new(&p.frame(), p.session(), p.recap());
        assert!(matches!(frame.choices, Choices::Cards { .. }));
        for (seat, left_ms) in [(0, 29_001), (0, 12_000), (1, 5_000)] {
            let msg = json!({
                "type": "frame", "room": "r", "seat": 0, "seq": 1, "frame": frame,
                "deadline": {"seat": seat, "at_ms": 1, "left_ms": left_ms},
                "presence": {"connected": [true, false], "spectators": 0},
            });
            client
                .receive(serde_json::from_str(&msg.to_string()).unwrap())
                .unwrap();
        }
        for (seat, ai) in [(0, "medium"), (1, "expert")] {
            let msg = json!({"type": "timed_out", "room": "r", "seat": seat, "ai": ai, "action": "play 1d"});
            client
                .receive(serde_json::from_str(&msg.to_string()).unwrap())
                .unwrap();
        }
        let text = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
        // Once, with the position (the same position sent again says nothing).
        let said: Vec<&str> = text.lines().filter(|l| l.starts_with("Time ")).collect();
        assert_eq!(
            said,
            ["Time for this move: 30 s (then the computer plays for you)."],
            "{text}"
        );
        assert!(
            text.contains("Out of time: the computer (Medium) played for you.\n"),
            "{text}"
        );
        assert!(
            text.contains("Out of time: the computer (Expert) played for Player 2.\n"),
            "{text}"
        );
    }
}
