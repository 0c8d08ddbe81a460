//! The hub: the rooms in memory (loaded from the store when first asked for), their timers
//! and their connections. A [`Conn`] is one client — a WebSocket or stdin/stdout — that
//! hands the hub each message it reads and writes what comes back on its channel; the
//! transport is not the hub's business.
//!
//! The order of one room's work is fixed by its lock and its stored row: take the room's
//! lock in this process, then its row in the store ([`Store::lock`]: `SELECT … FOR UPDATE`
//! on PostgreSQL); if the stored log is longer than this process's copy (another process
//! moved the room on) reload the room from the store first and tell its connections; apply
//! on a copy of the room, store (session bytes and log rows, and on PostgreSQL a
//! notification, one transaction), then keep the copy and tell every connection of the
//! room; if the store fails the room stays as it was and the client is told `unavailable`.
//!
//! Several processes on one PostgreSQL: each [`listen`](Hub::listen)s on the store's
//! channel, and a notification for a room it has loaded reloads it and sends its
//! connections the new frames, with the events of the actions another process stored.
//! Every process runs the delays (an AI's move, a banner) of the rooms it has loaded; a
//! delay is bound to the log's length it was started at, and under the row lock a room
//! whose stored log has moved on is reloaded instead, so of two processes running the same
//! delay the first to take the row carries it out and the second does nothing.
//!
//! A room with a turn timer restarts its clock on the step's copy and its new deadline is
//! written in the step's transaction; every process that has the room loaded (or reloads
//! it) schedules the deadline, bound like a delay to the log's length, and the timer AI's
//! move is one step under the row lock: one process carries it out. A room no connection
//! holds is dropped from memory — at once when another process notifies a step of it, else
//! after [`Config::idle_evict`] ([`Hub::evict_idle`]) — and read from the store, with its
//! timer, when named again.
//!
//! Limits (messages, rooms created, unknown codes or tokens) are kept per client address,
//! so a client that reconnects does not get a fresh allowance.
//!
//! The hub by concern: [`cache`] (the rooms in memory), [`timers`] (delays and deadlines),
//! [`limits`] (per address), [`notices`] (PostgreSQL's notifications and presence),
//! [`conn`] (each connection's messages); here, what ties them: a room's
//! [`step`](Hub::step) and creation.

mod cache;
mod conn;
mod limits;
mod notices;
mod timers;

use cache::{Live, LiveRef, Role, Sub, presence_msg};
pub use conn::Conn;
use limits::Allowance;
pub use limits::ConnSlot;
use timers::{set_stored_timer, stored};

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use scopa_core::session::GameEvent as Event;
use scopa_core::session::GameHint as Hint;
use scopa_core::session::pacing::{Gather, Pacing, Seats, Token};
use scopa_core::session::{Action, Lang, Settings, transcript};
use tokio::sync::{Mutex, mpsc};

use scopa_core::ai::Level;

use crate::protocol::{
    ClientError, ClientMsg, DeadlineMsg, PresenceMsg, ServerMsg, SummaryWaitMsg, parse, to_line,
};
use crate::room::{Applied, Deadline, Room, TurnTimer};
use crate::store::{
    AddrUse, CHANNEL, Locked, PRESENCE_CHANNEL, Presence, Store, StoreError, StoredTimer,
    token_hash,
};
use crate::work::{Key, Limits, Workers};

/// What a server is allowed and how it paces its rooms.
#[derive(Clone, Debug)]
pub struct Config {
    /// The delays of every room (`attended` is always false: nobody hands a device over).
    /// Its `summary_ms` is how long a hand summary stays in a room with no person (watched
    /// AIs); in a room with people see [`Config::summary_wait_ms`].
    pub pacing: Pacing,
    /// The longest a hand summary waits for the people of a room to press Continue (each
    /// person who is connected must press; see the core's
    /// [`gather`](scopa_core::session::pacing::gather)), in ms.
    pub summary_wait_ms: u32,
    /// The largest message read, in bytes.
    pub max_message: usize,
    /// Messages an address may send in a burst …
    pub burst: u32,
    /// … and per second after it.
    pub per_second: u32,
    /// Rooms an address may create at once, and again per hour after that.
    pub rooms_per_addr: u32,
    /// Unknown invite codes or tokens an address may try at once, and again per hour after
    /// that; a connection that tries one more is closed.
    pub guesses_per_addr: u32,
    /// Whether a `create` may carry the session's seed.
    pub allow_client_seed: bool,
    /// The start of invite links (`https://scopa.example/`).
    pub public_url: String,
    /// How long a room with no connection stays in memory ([`Hub::evict_idle`]); it is
    /// read from the store again when somebody names it.
    pub idle_evict: Duration,
    /// PostgreSQL: how long another process's connections count as present after its
    /// last heartbeat (one every third of this); a process killed without a shutdown has
    /// its seats shown away after this.
    pub presence_expiry: Duration,
    /// Connections a client address may hold open at once (HTTP requests not finished yet
    /// and WebSockets alike); one more is refused until one closes.
    pub conns_per_addr: u32,
    /// How long a connection may hold no seat and watch no room before it is closed.
    pub idle_conn: Duration,
    /// The CPU work's pool: threads, jobs waiting, an address's share ([`crate::work`]).
    pub work: Limits,
}

impl Config {
    /// The defaults with no delays (AIs move at once, banners and summaries go by at once)
    /// and client seeds allowed: what tests and the fuzz target run.
    pub fn immediate() -> Config {
        Config {
            pacing: Pacing {
                ai_ms: 0,
                scopa_ms: 0,
                summary_ms: 0,
                attended: false,
            },
            summary_wait_ms: 0,
            allow_client_seed: true,
            ..Config::default()
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            pacing: Pacing {
                ai_ms: 900,
                scopa_ms: 1500,
                summary_ms: 5000,
                attended: false,
            },
            summary_wait_ms: 60_000,
            max_message: 4096,
            burst: 30,
            per_second: 10,
            rooms_per_addr: 10,
            guesses_per_addr: 10,
            allow_client_seed: false,
            public_url: "http://127.0.0.1:8080/".into(),
            idle_evict: Duration::from_secs(600),
            presence_expiry: Duration::from_secs(15),
            conns_per_addr: 64,
            idle_conn: Duration::from_secs(60),
            work: Limits::default(),
        }
    }
}

/// A connection's outgoing queue: JSON lines. A connection that does not read is dropped
/// from its room when its queue is full.
pub type Outbox = mpsc::Sender<String>;

/// How many messages wait for a slow connection before it is dropped from its room.
pub const OUTBOX: usize = 256;

/// The rooms, the store and the configuration: see the [module documentation](self).
pub struct Hub {
    store: Store,
    config: Config,
    rooms: StdMutex<HashMap<String, LiveRef>>,
    next_conn: AtomicU64,
    allowances: StdMutex<HashMap<IpAddr, Arc<StdMutex<Allowance>>>>,
    /// The connections open from each address ([`Hub::admit`]).
    conns: Arc<StdMutex<HashMap<IpAddr, u32>>>,
    /// PostgreSQL: the other processes' use of each address's allowances, as last read.
    elsewhere: StdMutex<HashMap<IpAddr, AddrUse>>,
    /// The CPU work: hints, AI moves, timed-out seats' moves.
    workers: Workers,
    /// This process's name in the store's presence rows (random, new at every start).
    node: String,
    /// PostgreSQL, once listening: the writer of this process's presence rows.
    presence_tx: std::sync::OnceLock<mpsc::UnboundedSender<(String, Presence)>>,
    /// The hub itself, for the tasks a change of presence starts (a hand summary that
    /// every person left connected has now closed).
    me: std::sync::Weak<Hub>,
}

/// 64 random bits or more from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The OS's generator does not fail on the systems this runs on; if it ever did, a
    // zero code would collide at once in the store (the insert fails), never go unnoticed.
    let _ = getrandom::getrandom(&mut b);
    b
}

/// A new invite code: 80 random bits in 16 characters of Crockford's base 32.
pub fn new_code() -> String {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let b = random_bytes::<10>();
    let mut bits = u128::from_be_bytes({
        let mut w = [0u8; 16];
        w[6..].copy_from_slice(&b);
        w
    });
    let mut out = [0u8; 16];
    for c in out.iter_mut().rev() {
        *c = ALPHABET[(bits & 31) as usize];
        bits >>= 5;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A new seat token: 128 random bits in hex.
pub fn new_token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The wall clock in ms since the Unix epoch: turn deadlines are stored in it, so that they
/// mean the same after a restart.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: Config) -> Arc<Hub> {
        let workers = Workers::new(config.work);
        Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            node: store.node().to_string(),
            store,
            config,
            rooms: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            allowances: StdMutex::new(HashMap::new()),
            conns: Arc::new(StdMutex::new(HashMap::new())),
            elsewhere: StdMutex::new(HashMap::new()),
            workers,
            presence_tx: std::sync::OnceLock::new(),
        })
    }

    /// One step of a room: `f` acts on a copy of the room; what it did is stored, then the
    /// copy becomes the room, its connections are told (`notice` first, if any) and its
    /// next delay starts. A room with a turn timer has its clock restarted on the copy and
    /// the new deadline is written in the same transaction (then scheduled).
    /// `Ok(false)`: `f` did nothing (nothing stored, nobody told).
    ///
    /// The step goes to the store's group commit, which checks that the stored log is
    /// still at this copy's length. On PostgreSQL another process may have moved the room
    /// on: then (a conflict) the step is done again under the room's row lock, on the room
    /// brought up to the store's ([`sync`](Hub::sync)) — `f` may run twice.
    async fn step<F>(
        self: &Arc<Hub>,
        live: &mut Live,
        notice: Option<String>,
        mut f: F,
    ) -> Result<bool, ClientError>
    where
        F: FnMut(&mut Room) -> Result<Option<Applied>, ClientError>,
    {
        let code = live.room.code().to_string();
        let mut next = live.room.clone();
        let (next, applied) = match f(&mut next) {
            Ok(Some(applied)) => {
                next.restart_clock(&applied, now_ms());
                let deadline = next.timer().map(|_| stored(next.deadline()));
                let grouped = self
                    .store
                    .commit_grouped(
                        &code,
                        live.room.seq(),
                        applied.lines(),
                        next.bytes(),
                        deadline,
                    )
                    .await;
                match grouped {
                    Ok(()) => (next, applied),
                    // Another process stored a step of this room first.
                    Err(StoreError::Conflict(_)) if self.store.is_postgres() => {
                        match self.locked_step(live, &mut f).await? {
                            Some(done) => done,
                            None => return Ok(false),
                        }
                    }
                    Err(_) => return Err(ClientError::Unavailable),
                }
            }
            // Refused, or nothing to do, on this copy; on PostgreSQL the copy may be
            // behind the store: judged again on the room as stored if it moved on.
            judged if self.store.is_postgres() => {
                let locked = self
                    .store
                    .lock(&code)
                    .await
                    .map_err(|_| ClientError::Unavailable)?;
                if locked.seq() == live.room.seq() {
                    return judged.map(|_| false);
                }
                drop(locked);
                match self.locked_step(live, &mut f).await? {
                    Some(done) => done,
                    None => return Ok(false),
                }
            }
            judged => return judged.map(|_| false),
        };
        let only = private_to(to_play(&live.room), &applied.actions, &applied.events);
        live.room = next;
        if let Some(notice) = notice {
            live.subs
                .retain(|sub| sub.tx.try_send(notice.clone()).is_ok());
        }
        broadcast(live, &applied.events, only);
        self.presence_changed(live, None);
        self.schedule_all(&live.room);
        Ok(true)
    }

    /// PostgreSQL: a step under the room's row lock, on the room brought up to the store's
    /// ([`sync`](Hub::sync)): `f` on a copy, then stored in that transaction. The copy and
    /// what `f` did, or `None` if it did nothing.
    async fn locked_step<F>(
        self: &Arc<Hub>,
        live: &mut Live,
        f: &mut F,
    ) -> Result<Option<(Room, Applied)>, ClientError>
    where
        F: FnMut(&mut Room) -> Result<Option<Applied>, ClientError>,
    {
        let mut locked = self
            .store
            .lock(live.room.code())
            .await
            .map_err(|_| ClientError::Unavailable)?;
        if locked.seq() != live.room.seq() {
            self.sync(live, &mut locked)
                .await
                .map_err(|_| ClientError::Unavailable)?;
        }
        let mut next = live.room.clone();
        let Some(applied) = f(&mut next)? else {
            return Ok(None);
        };
        next.restart_clock(&applied, now_ms());
        let deadline = next.timer().map(|_| stored(next.deadline()));
        locked
            .commit_timed(&applied.lines(), &next.bytes(), deadline)
            .await
            .map_err(|_| ClientError::Unavailable)?;
        Ok(Some((next, applied)))
    }

    /// PostgreSQL: brings this process's copy of a room up to the store's before a seat is
    /// taken or resumed (another process may have changed its seats or its log).
    async fn refresh(self: &Arc<Hub>, live: &mut Live) -> Result<(), ClientError> {
        if !self.store.is_postgres() {
            return Ok(());
        }
        let mut locked = self
            .store
            .lock(live.room.code())
            .await
            .map_err(|_| ClientError::Unavailable)?;
        self.sync(live, &mut locked)
            .await
            .map_err(|_| ClientError::Unavailable)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// A new connection writing to `tx`, with an allowance of its own (rooms, guesses, and
    /// messages if `limited`).
    pub fn connect(self: &Arc<Hub>, tx: Outbox, limited: bool) -> Conn {
        let mut allowance = Allowance::new(&self.config);
        if !limited {
            allowance.messages = None;
        }
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        self.conn(id, tx, Arc::new(StdMutex::new(allowance)), Key::Conn(id))
    }

    /// A new connection from `addr` writing to `tx`: it shares the allowance of every
    /// connection from that address, past and present, and its share of the CPU work.
    pub fn connect_from(self: &Arc<Hub>, tx: Outbox, addr: IpAddr) -> Conn {
        let allowance = self.allowance(addr);
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        self.conn(id, tx, allowance, Key::Addr(addr))
    }

    fn conn(
        self: &Arc<Hub>,
        id: u64,
        tx: Outbox,
        allowance: Arc<StdMutex<Allowance>>,
        key: Key,
    ) -> Conn {
        Conn {
            hub: Arc::clone(self),
            id,
            tx,
            room: None,
            allowance,
            key,
        }
    }

    /// Creates a room; returns its code.
    pub async fn create(
        self: &Arc<Hub>,
        settings: &str,
        lang: Option<&str>,
        seed: Option<u64>,
    ) -> Result<String, ClientError> {
        self.create_timed(settings, lang, seed, None).await
    }

    /// Creates a room with a turn timer (or none); returns its code.
    pub async fn create_timed(
        self: &Arc<Hub>,
        settings: &str,
        lang: Option<&str>,
        seed: Option<u64>,
        timer: Option<TurnTimer>,
    ) -> Result<String, ClientError> {
        if let Some(t) = timer
            && !(1..=TurnTimer::MAX_SECONDS).contains(&t.seconds)
        {
            return Err(ClientError::BadSettings(format!(
                "turn_seconds must be 1 to {}",
                TurnTimer::MAX_SECONDS
            )));
        }
        let mut parsed: Settings = settings
            .parse()
            .map_err(|e| ClientError::BadSettings(format!("{e}")))?;
        if let Some(lang) = lang {
            parsed.lang = Lang::from_code(lang)
                .ok_or_else(|| ClientError::BadSettings(format!("unknown language {lang:?}")))?;
        }
        let seed = match seed {
            Some(_) if !self.config.allow_client_seed => return Err(ClientError::SeedNotAllowed),
            Some(seed) => seed,
            None => u64::from_le_bytes(random_bytes::<8>()),
        };
        let code = new_code();
        let mut room =
            Room::create(code.clone(), parsed, seed, self.config.pacing).map_err(|e| match e {
                ClientError::Refused(e) => ClientError::BadSettings(e.to_string()),
                e => e,
            })?;
        room.set_summary_wait(self.config.summary_wait_ms);
        self.store
            .create_room(
                &code,
                &transcript::start(room.session().settings()).to_string(),
                &room.bytes(),
                now_secs(),
            )
            .await
            .map_err(|_| ClientError::Unavailable)?;
        let mut room = room;
        if let Some(timer) = timer {
            self.store
                .create_timer(&code, timer.seconds, timer.level.name())
                .await
                .map_err(|_| ClientError::Unavailable)?;
            room.set_timer(Some(timer), None);
        }
        let seq_before = room.seq();
        let settled = room.settle()?;
        room.restart_clock(&settled, now_ms());
        if !settled.actions.is_empty() || room.deadline().is_some() {
            // If this fails the stored room is at its first hand-off, which a load settles.
            self.store
                .commit_timed(
                    &code,
                    seq_before,
                    &settled.lines(),
                    &room.bytes(),
                    room.timer().map(|_| stored(room.deadline())),
                )
                .await
                .map_err(|_| ClientError::Unavailable)?;
        }
        self.schedule_all(&room);
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.insert(code.clone(), Arc::new(Mutex::new(Live::new(room))));
        }
        Ok(code)
    }
}

/// Sends every connection of the room its frame, with `events` — or, for a step private
/// to one seat (`only`: [`private_to`]), that seat's frame to the connections holding it
/// and nothing to anybody else.
fn broadcast(live: &mut Live, events: &[Event], only: Option<u8>) {
    let room = &live.room;
    let presence = &live.shown;
    live.subs.retain(|sub| {
        sub.viewers()
            .into_iter()
            .filter(|&seat| only.is_none() || seat == only)
            .all(|seat| {
                sub.tx
                    .try_send(frame_line(room, seat, events, None, presence))
                    .is_ok()
            })
    });
}

/// The seat a step is private to, if it is: selecting a card that needs its capture chosen
/// and cancelling it (no event, nothing anybody else sees) are the seat's own business —
/// sending the others a frame would tell them the seat hesitates over such a card. `seat`:
/// the seat to play before the step.
fn private_to(seat: Option<u8>, actions: &[Action], events: &[Event]) -> Option<u8> {
    let private = !actions.is_empty()
        && events.is_empty()
        && actions
            .iter()
            .all(|a| matches!(a, Action::Select(_) | Action::Cancel));
    seat.filter(|_| private)
}

/// The seat to play (or to choose its capture), person or AI.
fn to_play(room: &Room) -> Option<u8> {
    match room.session().phase() {
        scopa_core::session::Phase::Play { seat }
        | scopa_core::session::Phase::ChooseCapture { seat, .. } => Some(seat),
        _ => None,
    }
}

/// The `frame` message a connection receives: for `seat` (`None`: a spectator), with
/// `events`, a hint, and who is connected.
pub fn frame_line(
    room: &Room,
    seat: Option<u8>,
    events: &[Event],
    hint: Option<Hint>,
    presence: &PresenceMsg,
) -> String {
    to_line(&ServerMsg::Frame {
        room: room.code().to_string(),
        seat,
        seq: room.seq(),
        frame: room.frame_json(seat, events, hint),
        deadline: room.deadline().map(|d| DeadlineMsg {
            seat: d.seat,
            at_ms: d.at_ms,
            left_ms: d.at_ms.saturating_sub(now_ms()).max(0),
        }),
        presence: presence.clone(),
        summary_wait: room.summary_wait().map(|(ready, waiting)| SummaryWaitMsg {
            ready: ready.iter().collect(),
            waiting_for: waiting.iter().collect(),
        }),
    })
}

/// The seats a `presence` shows connected.
fn present_of(presence: &PresenceMsg) -> Seats {
    presence
        .connected
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c)
        .fold(Seats::NONE, |s, (seat, _)| s.with(seat as u8))
}

/// What the transport does after a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next message.
    Continue,
    /// Close the connection (the last message sent says why).
    Close,
}

#[cfg(test)]
mod summary_tests;

/// What the hub's unit tests share: a hub on an in-memory SQLite and connections to it.
#[cfg(test)]
mod testing {
    use super::*;
    use serde_json::Value;

    /// A hub on an in-memory SQLite with no delays and client seeds allowed.
    pub(super) async fn hub() -> Arc<Hub> {
        let store = Store::open("sqlite::memory:").await.unwrap();
        Hub::new(store, Config::immediate())
    }

    /// A connection and what it receives.
    pub(super) struct Client {
        pub(super) conn: Conn,
        pub(super) rx: mpsc::Receiver<String>,
    }

    impl Client {
        pub(super) fn new(hub: &Arc<Hub>) -> Client {
            let (tx, rx) = mpsc::channel(OUTBOX);
            Client {
                conn: hub.connect(tx, false),
                rx,
            }
        }

        /// Sends `msg`; returns every message received by then.
        pub(super) async fn send(&mut self, msg: Value) -> Vec<Value> {
            assert_eq!(self.conn.handle(&msg.to_string()).await, Flow::Continue);
            self.drain()
        }

        pub(super) fn drain(&mut self) -> Vec<Value> {
            let mut out = Vec::new();
            while let Ok(line) = self.rx.try_recv() {
                out.push(serde_json::from_str(&line).unwrap());
            }
            out
        }
    }

    pub(super) fn of_type<'a>(msgs: &'a [Value], kind: &str) -> Vec<&'a Value> {
        msgs.iter().filter(|m| m["type"] == kind).collect()
    }
}
