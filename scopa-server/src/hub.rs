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

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use scopa_core::session::GameEvent as Event;
use scopa_core::session::GameHint as Hint;
use scopa_core::session::pacing::{Pacing, Token};
use scopa_core::session::{Action, Lang, Settings, transcript};
use tokio::sync::{Mutex, mpsc};

use scopa_core::ai::Level;

use crate::protocol::{
    ClientError, ClientMsg, DeadlineMsg, PresenceMsg, ServerMsg, parse, to_line,
};
use crate::room::{Applied, Deadline, Room, TurnTimer};
use crate::store::{
    CHANNEL, Locked, PRESENCE_CHANNEL, Presence, Store, StoreError, StoredTimer, token_hash,
};
use crate::work::{Key, Limits, Workers};

/// What a server is allowed and how it paces its rooms.
#[derive(Clone, Debug)]
pub struct Config {
    /// The delays of every room (`attended` is always false: nobody hands a device over).
    pub pacing: Pacing,
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

impl Default for Config {
    fn default() -> Config {
        Config {
            pacing: Pacing {
                ai_ms: 900,
                scopa_ms: 1500,
                summary_ms: 5000,
                attended: false,
            },
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

/// What a connection is to its room: a spectator, or the holder of seats — each seat with
/// the hash of the token it was taken or resumed with (the capability it acts by).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Role {
    Watching,
    Seated(Vec<(u8, String)>),
}

struct Sub {
    conn: u64,
    role: Role,
    tx: Outbox,
}

impl Sub {
    /// The frames this connection receives: one per seat it holds, or a spectator's.
    fn viewers(&self) -> Vec<Option<u8>> {
        match &self.role {
            Role::Watching => vec![None],
            Role::Seated(seats) => seats.iter().map(|&(s, _)| Some(s)).collect(),
        }
    }
}

struct Live {
    room: Room,
    /// The one record of which connection acts for which seat (and which watch): a seat's
    /// connections are found, and revoked together, here.
    subs: Vec<Sub>,
    /// When the room was last left by a connection (or loaded): how long it has been idle
    /// once no connection holds it.
    idle_since: Instant,
    /// PostgreSQL: the connections other processes hold (their rows in the store).
    remote: Presence,
    /// This process's connections as last handed to the store's writer.
    written: Presence,
    /// Who is connected, as last told to the room's connections.
    shown: PresenceMsg,
    /// The last hint computed: for the room at this `seq` and this seat (asking again for
    /// the same position costs nothing).
    hint: Option<(u64, u8, Hint)>,
}

impl Live {
    fn new(room: Room) -> Live {
        let shown = presence_msg(&room, &Presence::default());
        Live {
            room,
            subs: Vec::new(),
            idle_since: Instant::now(),
            remote: Presence::default(),
            written: Presence::default(),
            shown,
            hint: None,
        }
    }

    /// This process's connections to the room.
    fn local(&self) -> Presence {
        let mut out = Presence::default();
        for sub in &self.subs {
            match &sub.role {
                Role::Watching => out.spectators += 1,
                Role::Seated(seats) => {
                    for &(seat, _) in seats {
                        if let Some(n) = out.seats.get_mut(usize::from(seat)) {
                            *n += 1;
                        }
                    }
                }
            }
        }
        out
    }

    /// What connection `conn` is to the room (`None`: not in it, or no longer).
    fn role(&self, conn: u64) -> Option<&Role> {
        self.subs.iter().find(|s| s.conn == conn).map(|s| &s.role)
    }

    /// The seat connection `conn` acts for: `seat` if it holds it, else its only seat.
    fn acting_seat(&self, conn: u64, seat: Option<u8>) -> Result<u8, ClientError> {
        let Some(Role::Seated(held)) = self.role(conn) else {
            return Err(ClientError::NotSeated);
        };
        match (seat, held.as_slice()) {
            (None, [(only, _)]) => Ok(*only),
            (None, _) => Err(ClientError::WhichSeat),
            (Some(s), held) if held.iter().any(|&(h, _)| h == s) => Ok(s),
            (Some(_), _) => Err(ClientError::NotSeated),
        }
    }

    /// Connection `conn` (writing to `tx`) now acts for `seat` by the token whose hash is
    /// `hash`, besides the seats it holds already.
    fn attach(&mut self, conn: u64, tx: &Outbox, seat: u8, hash: String) {
        match self.subs.iter_mut().find(|s| s.conn == conn) {
            Some(Sub {
                role: Role::Seated(seats),
                ..
            }) => {
                seats.retain(|&(s, _)| s != seat);
                seats.push((seat, hash));
            }
            Some(sub) => sub.role = Role::Seated(vec![(seat, hash)]),
            None => self.subs.push(Sub {
                conn,
                role: Role::Seated(vec![(seat, hash)]),
                tx: tx.clone(),
            }),
        }
    }

    /// Takes connection `conn` out of the room; what it was to it.
    fn detach(&mut self, conn: u64) -> Option<Role> {
        let at = self.subs.iter().position(|s| s.conn == conn)?;
        Some(self.subs.remove(at).role)
    }

    /// Every connection acting for a seat by a token that is no longer the seat's (the
    /// seat was given up, or taken again — here or by another process) loses it, and is
    /// told (`revoked`); a connection left with no seat leaves the room. Whether anything
    /// was revoked.
    fn revoke_stale(&mut self) -> bool {
        let tokens = self.room.tokens().clone();
        let code = self.room.code().to_string();
        let mut changed = false;
        self.subs.retain_mut(|sub| {
            let Role::Seated(seats) = &mut sub.role else {
                return true;
            };
            seats.retain(|(seat, hash)| {
                let current = tokens
                    .get(usize::from(*seat))
                    .and_then(Option::as_deref)
                    .is_some_and(|t| t == hash);
                if !current {
                    changed = true;
                    let _ = sub.tx.try_send(to_line(&ServerMsg::Revoked {
                        room: code.clone(),
                        seat: *seat,
                    }));
                }
                current
            });
            !seats.is_empty()
        });
        changed
    }
}

/// The `presence` of a room whose connections are `counts`: one flag per seat of the room.
fn presence_msg(room: &Room, counts: &Presence) -> PresenceMsg {
    let players = usize::from(room.session().players());
    PresenceMsg {
        connected: counts.seats.iter().take(players).map(|&n| n > 0).collect(),
        spectators: counts.spectators,
    }
}

type LiveRef = Arc<Mutex<Live>>;

/// The rooms, the store and the configuration: see the [module documentation](self).
pub struct Hub {
    store: Store,
    config: Config,
    rooms: StdMutex<HashMap<String, LiveRef>>,
    next_conn: AtomicU64,
    allowances: StdMutex<HashMap<IpAddr, Arc<StdMutex<Allowance>>>>,
    /// The connections open from each address ([`Hub::admit`]).
    conns: Arc<StdMutex<HashMap<IpAddr, u32>>>,
    /// The CPU work: hints, AI moves, timed-out seats' moves.
    workers: Workers,
    /// This process's name in the store's presence rows (random, new at every start).
    node: String,
    /// PostgreSQL, once listening: the writer of this process's presence rows.
    presence_tx: std::sync::OnceLock<mpsc::UnboundedSender<(String, Presence)>>,
}

/// How many addresses' allowances are kept before the idle ones (no connection open, every
/// allowance full again) are forgotten.
const ADDRESSES: usize = 65_536;

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
        Arc::new(Hub {
            node: store.node().to_string(),
            store,
            config,
            rooms: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            allowances: StdMutex::new(HashMap::new()),
            conns: Arc::new(StdMutex::new(HashMap::new())),
            workers,
            presence_tx: std::sync::OnceLock::new(),
        })
    }

    /// Tells the room's connections (but `except`, whose own frame says it) who is
    /// connected if that changed, and hands this process's counts to the store's writer
    /// (PostgreSQL) if they changed. A connection dropped because it does not read changes
    /// it again: repeated until nothing changes.
    fn presence_changed(&self, live: &mut Live, except: Option<u64>) {
        loop {
            let local = live.local();
            if local != live.written {
                live.written = local;
                if let Some(tx) = self.presence_tx.get() {
                    let _ = tx.send((live.room.code().to_string(), local));
                }
            }
            let now = presence_msg(&live.room, &local.add(&live.remote));
            if now == live.shown {
                return;
            }
            let line = to_line(&ServerMsg::Presence {
                room: live.room.code().to_string(),
                presence: now.clone(),
            });
            live.shown = now;
            let before = live.subs.len();
            live.subs
                .retain(|sub| Some(sub.conn) == except || sub.tx.try_send(line.clone()).is_ok());
            if live.subs.len() == before {
                return;
            }
        }
    }

    /// PostgreSQL: reads the other processes' connections to room `code` (if it is loaded
    /// here) and tells its connections if who is connected changed.
    async fn presence_notice(self: &Arc<Hub>, code: &str) {
        let Some(live) = self.cached(code) else {
            return;
        };
        let fresh = now_ms().saturating_sub(self.config.presence_expiry.as_millis() as i64);
        let Ok(remote) = self.store.presence_of(code, &self.node, fresh).await else {
            return;
        };
        let mut l = live.lock().await;
        l.remote = remote;
        self.presence_changed(&mut l, None);
    }

    /// PostgreSQL: starts the writer of this process's presence rows (in order, one room's
    /// change after another) and the heartbeat, which also deletes the rows of processes
    /// silent for [`Config::presence_expiry`] and notifies their rooms.
    fn start_presence(self: &Arc<Hub>) {
        let (tx, mut rx) = mpsc::unbounded_channel::<(String, Presence)>();
        if self.presence_tx.set(tx).is_err() {
            return;
        }
        let store = self.store.clone();
        let node = self.node.clone();
        tokio::spawn(async move {
            while let Some((code, counts)) = rx.recv().await {
                // Advisory: a failure is retried a few times, then the heartbeat's expiry
                // and the next change make up for it.
                for _ in 0..3 {
                    if store
                        .put_presence(&node, &code, &counts, now_ms())
                        .await
                        .is_ok()
                    {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        });
        let hub = Arc::downgrade(self);
        let expiry = self.config.presence_expiry;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval((expiry / 3).max(Duration::from_millis(100)));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let now = now_ms();
                let _ = hub
                    .store
                    .beat(&hub.node, now, now - expiry.as_millis() as i64)
                    .await;
            }
        });
    }

    /// A clean shutdown (PostgreSQL): this process's presence rows are deleted and their
    /// rooms notified, so other processes show its connections away at once.
    pub async fn shutdown(&self) {
        if self.presence_tx.get().is_some() {
            let _ = self.store.drop_node(&self.node).await;
        }
    }

    /// PostgreSQL: listens on the store's channel (from now on) and, for each notification
    /// of a room this process has loaded, reloads it from the store and tells its
    /// connections (a room loaded with no connection is forgotten instead: it is read again
    /// when named). SQLite: nothing (one process).
    pub async fn listen(self: &Arc<Hub>) -> Result<(), StoreError> {
        if !self.store.is_postgres() {
            return Ok(());
        }
        let mut listener = sqlx::postgres::PgListener::connect(self.store.url()).await?;
        listener.listen_all([CHANNEL, PRESENCE_CHANNEL]).await?;
        self.start_presence();
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let notice = listener.try_recv().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                match notice {
                    Ok(Some(n)) if n.channel() == PRESENCE_CHANNEL => {
                        hub.presence_notice(n.payload()).await;
                    }
                    Ok(Some(n)) => {
                        let mut words = n.payload().split(' ');
                        let code = words.next().unwrap_or_default();
                        // This process's own step: its copy is the stored room already.
                        if words.nth(1) != Some(hub.node.as_str()) {
                            hub.notice(code).await;
                        }
                    }
                    // The connection was lost (and is made again on the next call):
                    // notifications may have been missed, so every loaded room is read again.
                    Ok(None) => {
                        let codes: Vec<String> = hub
                            .rooms
                            .lock()
                            .map(|r| r.keys().cloned().collect())
                            .unwrap_or_default();
                        for code in codes {
                            hub.notice(&code).await;
                            hub.presence_notice(&code).await;
                        }
                    }
                    Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
                }
            }
        });
        Ok(())
    }

    /// Another process stored a step of room `code` (or this one did: then nothing changes).
    async fn notice(self: &Arc<Hub>, code: &str) {
        let Some(live) = self.cached(code) else {
            return;
        };
        let mut l = live.lock().await;
        if l.subs.is_empty()
            && let Ok(mut rooms) = self.rooms.lock()
            && rooms.get(code).is_some_and(|r| Arc::ptr_eq(r, &live))
            // Nobody but the map and this call holds it (a connection in the room, or on
            // its way in, holds it too; it is cloned from the map only under its lock).
            && Arc::strong_count(&live) <= 2
        {
            rooms.remove(code);
            return;
        }
        // A failure leaves the copy as it is: the next action reloads it under the row lock.
        if let Ok(mut locked) = self.store.lock(code).await {
            let _ = self.sync(&mut l, &mut locked).await;
        }
    }

    /// Brings this process's copy of a room up to the store's (`locked` holds its row):
    /// the seats' tokens, and if the log moved on, the session — its connections then get
    /// the new frames with the events of the stored actions they missed, and its delay
    /// starts again.
    async fn sync(self: &Arc<Hub>, live: &mut Live, locked: &mut Locked) -> Result<(), StoreError> {
        let stored = locked.load().await?;
        let code = live.room.code().to_string();
        if stored.seq == live.room.seq() {
            for (seat, hash) in stored.tokens.iter().enumerate() {
                if live.room.tokens()[seat] != *hash {
                    let seat = seat as u8;
                    live.room.release(seat);
                    if let Some(hash) = hash {
                        let _ = live.room.claim(seat, hash.clone());
                    }
                }
            }
            if live.revoke_stale() {
                self.presence_changed(live, None);
            }
            return Ok(());
        }
        let log = if stored.seq > live.room.seq() {
            locked.actions_after(live.room.seq()).await?
        } else {
            Vec::new()
        };
        // The events of the missed actions, replayed on this process's copy; none if the
        // replay does not reach the stored session (the stored session is kept either way).
        let mut session = live.room.session().clone();
        let mut events = Vec::new();
        let mut actions = Vec::new();
        for line in &log {
            let Some(action) = line.parse::<Action>().ok() else {
                break;
            };
            match session.apply(action) {
                Ok(e) => {
                    events.extend(e);
                    actions.push(action);
                }
                Err(_) => break,
            }
        }
        let replayed = actions.len() == log.len() && session.to_bytes()[..] == stored.session[..];
        if !replayed {
            events.clear();
        }
        // Another process's private step (a selection, a cancel) stays its seat's.
        let only = if replayed {
            private_to(to_play(&live.room), &actions, &events)
        } else {
            None
        };
        let mut room = Room::restore(
            code.clone(),
            &stored.session,
            stored.tokens,
            stored.seq,
            self.config.pacing,
        )
        .map_err(|_| StoreError::Damaged(code.clone()))?;
        // The turn timer and the deadline stored with that step.
        let timer = locked.timer().await?;
        set_stored_timer(&mut room, timer).ok_or_else(|| StoreError::Damaged(code.clone()))?;
        live.room = room;
        // A seat given up or taken again through another process: its connections here
        // lose it.
        live.revoke_stale();
        broadcast(live, &events, only);
        self.presence_changed(live, None);
        self.schedule_all(&live.room);
        Ok(())
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

    /// Starts the room's delay and its turn deadline, if it has them now (both tied to the
    /// room's current `seq`: a task started at an older one does nothing).
    fn schedule_all(self: &Arc<Hub>, room: &Room) {
        self.schedule_due(room);
        if let Some(deadline) = room.deadline() {
            self.schedule_deadline(room.code().to_string(), room.seq(), deadline);
        }
    }

    /// Starts the room's delay, if it has one now.
    fn schedule_due(self: &Arc<Hub>, room: &Room) {
        if let Some(due) = room.due() {
            self.schedule(
                room.code().to_string(),
                room.seq(),
                due.token,
                due.after_ms,
                due.action,
            );
        }
    }

    /// The allowance of `addr` (kept while it is connected or not full again).
    fn allowance(&self, addr: IpAddr) -> Arc<StdMutex<Allowance>> {
        let fresh = || Arc::new(StdMutex::new(Allowance::new(&self.config)));
        let Ok(mut map) = self.allowances.lock() else {
            return fresh();
        };
        if map.len() >= ADDRESSES && !map.contains_key(&addr) {
            let now = Instant::now();
            map.retain(|_, a| Arc::strong_count(a) > 1 || a.lock().is_ok_and(|mut a| !a.full(now)));
        }
        Arc::clone(map.entry(addr).or_insert_with(fresh))
    }

    /// A connection from `addr` is opening: its slot (given back when dropped), or `None`
    /// if the address holds [`Config::conns_per_addr`] already.
    pub fn admit(&self, addr: IpAddr) -> Option<ConnSlot> {
        let mut conns = self.conns.lock().ok()?;
        let n = conns.entry(addr).or_insert(0);
        if *n >= self.config.conns_per_addr {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            conns: Arc::clone(&self.conns),
            addr,
        })
    }

    /// How many connections `addr` holds open in this process.
    pub fn conns_of(&self, addr: IpAddr) -> u32 {
        self.conns
            .lock()
            .map_or(0, |c| c.get(&addr).copied().unwrap_or(0))
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

    fn cached(&self, code: &str) -> Option<LiveRef> {
        self.rooms.lock().ok()?.get(code).cloned()
    }

    /// How many rooms are in memory.
    pub fn loaded(&self) -> usize {
        self.rooms.lock().map_or(0, |r| r.len())
    }

    /// Drops from memory every room that no connection has held for
    /// [`Config::idle_evict`] (as of `now`) and no timer task is running: its state is all
    /// in the store, and the next client that names it loads it again (its pending delay
    /// or deadline starts again then). Returns how many were dropped.
    pub fn evict_idle(&self, now: Instant) -> usize {
        let Ok(mut rooms) = self.rooms.lock() else {
            return 0;
        };
        let before = rooms.len();
        rooms.retain(|_, live| {
            // Only the map holds it: no connection, no running task. New holders come only
            // through the map, whose lock is held here.
            if Arc::strong_count(live) != 1 {
                return true;
            }
            match live.try_lock() {
                Ok(l) => {
                    !l.subs.is_empty()
                        || now.saturating_duration_since(l.idle_since) < self.config.idle_evict
                }
                Err(_) => true,
            }
        });
        before - rooms.len()
    }

    /// Runs [`Hub::evict_idle`] every tenth of [`Config::idle_evict`] (at least every
    /// second) until the hub is dropped.
    pub fn spawn_evictor(self: &Arc<Hub>) {
        let hub = Arc::downgrade(self);
        let every = (self.config.idle_evict / 10).max(Duration::from_secs(1));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                hub.evict_idle(Instant::now());
            }
        });
    }

    /// Room `code`, from memory or else from the store (then its timer starts again).
    async fn room(self: &Arc<Hub>, code: &str) -> Result<LiveRef, ClientError> {
        if let Some(live) = self.cached(code) {
            return Ok(live);
        }
        // The room and its timer read in one transaction, so that they belong together.
        let mut locked = self.store.lock(code).await.map_err(|e| match e {
            StoreError::NoRoom(_) => ClientError::NoSuchRoom,
            _ => ClientError::Unavailable,
        })?;
        let stored = locked.load().await.map_err(|_| ClientError::Unavailable)?;
        let timer = locked.timer().await.map_err(|_| ClientError::Unavailable)?;
        drop(locked);
        let mut room = Room::restore(
            code.to_string(),
            &stored.session,
            stored.tokens,
            stored.seq,
            self.config.pacing,
        )
        .map_err(|_| ClientError::Unavailable)?;
        set_stored_timer(&mut room, timer).ok_or(ClientError::Unavailable)?;
        let (live, fresh) = {
            let mut rooms = self.rooms.lock().map_err(|_| ClientError::Unavailable)?;
            let mut fresh = false;
            let live = Arc::clone(rooms.entry(code.to_string()).or_insert_with(|| {
                fresh = true;
                Arc::new(Mutex::new(Live::new(room)))
            }));
            (live, fresh)
        };
        if fresh {
            // The stored delay and deadline run on: a restart gives nobody more time.
            self.schedule_all(&live.lock().await.room);
            // Other processes' connections (read after the room is in the map, so that a
            // change notified from now on is heard).
            if self.presence_tx.get().is_some() {
                let fresh_since =
                    now_ms().saturating_sub(self.config.presence_expiry.as_millis() as i64);
                if let Ok(remote) = self.store.presence_of(code, &self.node, fresh_since).await {
                    let mut l = live.lock().await;
                    l.remote = remote;
                    self.presence_changed(&mut l, None);
                }
            }
        }
        Ok(live)
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
        let room =
            Room::create(code.clone(), parsed, seed, self.config.pacing).map_err(|e| match e {
                ClientError::Refused(e) => ClientError::BadSettings(e.to_string()),
                e => e,
            })?;
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

    /// Runs a room's delay: after `after_ms`, fire `token` if the room is still at `seq`
    /// (an AI's move is computed on a copy of the session, off the room's lock, on a
    /// blocking thread). Under the row lock a room another process moved on is reloaded
    /// first, so the delay finds it past `seq` and does nothing: one process carries a delay
    /// out.
    fn schedule(
        self: &Arc<Hub>,
        code: String,
        seq: u64,
        token: Token,
        after_ms: u32,
        action: Action,
    ) {
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(u64::from(after_ms))).await;
            let Some(live) = hub.cached(&code) else {
                return;
            };
            let current =
                |room: &Room| room.seq() == seq && room.due().is_some_and(|due| due.token == token);
            let mv = if action == Action::RunAi {
                let session = {
                    let live = live.lock().await;
                    if !current(&live.room) {
                        return;
                    }
                    live.room.session().clone()
                };
                let key = Key::Room(code.clone());
                let Ok(answer) = hub.workers.submit(key, false, move || session.ai_move()) else {
                    return;
                };
                match answer.await {
                    Ok(Ok(mv)) => Some(mv),
                    _ => return,
                }
            } else {
                None
            };
            let mut live = live.lock().await;
            let stepped = hub
                .step(&mut live, None, |next| {
                    if !current(next) {
                        return Ok(None);
                    }
                    match mv {
                        Some(mv) => next.fire_move(token, mv),
                        None => next.fire(token),
                    }
                })
                .await;
            if stepped.is_err() && current(&live.room) {
                // A store failure leaves the room as it was: the delay runs again.
                hub.schedule(code, seq, token, 1000, action);
            }
        });
    }

    /// A turn's deadline, tied (as [`schedule`](Hub::schedule)'s delays are) to the log's
    /// length `seq` it was scheduled at: when it passes, if the room is still at `seq` and
    /// waits for that seat with that deadline, the timer's AI moves for it (computed on a
    /// copy, on a blocking thread) in one [`step`](Hub::step) — under the row lock, so a
    /// room another process moved on (it timed the seat out first, or the seat moved) is
    /// reloaded and nothing is done: one process acts on a deadline. Every connection of
    /// the room is told (`timed_out`, then the frames).
    fn schedule_deadline(self: &Arc<Hub>, code: String, seq: u64, deadline: Deadline) {
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            let wait = deadline.at_ms.saturating_sub(now_ms()).max(0);
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
            // The clock may run behind the timer by a little: wait until it agrees.
            while now_ms() < deadline.at_ms {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let Some(live) = hub.cached(&code) else {
                return;
            };
            let current = |room: &Room| room.seq() == seq && room.deadline() == Some(deadline);
            let copy = {
                let live = live.lock().await;
                if !current(&live.room) {
                    return;
                }
                live.room.clone()
            };
            let Some(level) = copy.timer().map(|t| t.level) else {
                return;
            };
            let key = Key::Room(code.clone());
            let Ok(answer) = hub.workers.submit(key, false, move || copy.timeout_move()) else {
                return;
            };
            let mv = match answer.await {
                Ok(Some(mv)) => mv,
                _ => return,
            };
            let notice = to_line(&ServerMsg::TimedOut {
                room: code.clone(),
                seat: deadline.seat,
                ai: level.name(),
                action: transcript::action(&Action::Play(mv)).to_string(),
            });
            let mut live = live.lock().await;
            let stepped = hub
                .step(&mut live, Some(notice), |next| {
                    if !current(next) {
                        return Ok(None);
                    }
                    next.time_out(deadline, mv)
                })
                .await;
            if stepped.is_err() && current(&live.room) {
                // A store failure leaves the room as it was: try again in a second.
                let hub = Arc::clone(&hub);
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    hub.schedule_deadline(code, seq, deadline);
                });
            }
        });
    }
}

/// Gives `room` its timer as stored (`None` if the stored AI level is unknown).
fn set_stored_timer(room: &mut Room, timer: Option<StoredTimer>) -> Option<()> {
    if let Some(timer) = timer {
        let level: Level = timer.ai.parse().ok()?;
        room.set_timer(
            Some(TurnTimer {
                seconds: timer.seconds,
                level,
            }),
            timer.deadline.map(|(seat, at_ms)| Deadline { seat, at_ms }),
        );
    }
    Some(())
}

/// A deadline as the store keeps it.
fn stored(deadline: Option<Deadline>) -> Option<(u8, i64)> {
    deadline.map(|d| (d.seat, d.at_ms))
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
    })
}

/// A token bucket: `burst` at once, `rate` per second after.
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl Bucket {
    fn new(burst: u32, rate: f64) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            rate,
            last: Instant::now(),
        }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
    }

    /// Takes one if one is left.
    fn take(&mut self) -> bool {
        self.refill(Instant::now());
        let ok = self.tokens >= 1.0;
        if ok {
            self.tokens -= 1.0;
        }
        ok
    }

    /// Gives back one taken for something that did not happen.
    fn give_back(&mut self) {
        self.tokens = (self.tokens + 1.0).min(self.burst);
    }

    fn full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// What an address (or a connection of its own: stdin/stdout) may still do: messages
/// (none counted on stdin/stdout), rooms created, unknown codes or tokens.
#[derive(Debug)]
struct Allowance {
    messages: Option<Bucket>,
    rooms: Bucket,
    guesses: Bucket,
}

impl Allowance {
    fn new(config: &Config) -> Allowance {
        Allowance {
            messages: Some(Bucket::new(config.burst, f64::from(config.per_second))),
            rooms: Bucket::new(
                config.rooms_per_addr,
                f64::from(config.rooms_per_addr) / 3600.0,
            ),
            guesses: Bucket::new(
                config.guesses_per_addr,
                f64::from(config.guesses_per_addr) / 3600.0,
            ),
        }
    }

    fn full(&mut self, now: Instant) -> bool {
        self.messages.as_mut().is_none_or(|m| m.full(now))
            && self.rooms.full(now)
            && self.guesses.full(now)
    }
}

/// One open connection of an address, counted against [`Config::conns_per_addr`] until
/// dropped (it travels with the socket, through the WebSocket upgrade).
#[derive(Debug)]
pub struct ConnSlot {
    conns: Arc<StdMutex<HashMap<IpAddr, u32>>>,
    addr: IpAddr,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        if let Ok(mut conns) = self.conns.lock()
            && let Some(n) = conns.get_mut(&self.addr)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                conns.remove(&self.addr);
            }
        }
    }
}

/// What the transport does after a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next message.
    Continue,
    /// Close the connection (the last message sent says why).
    Close,
}

/// One client: see the [module documentation](self).
pub struct Conn {
    hub: Arc<Hub>,
    id: u64,
    tx: Outbox,
    /// The room this connection was last in; whether it still holds a seat of it or
    /// watches it is the room's record ([`Live::role`]).
    room: Option<(String, LiveRef)>,
    allowance: Arc<StdMutex<Allowance>>,
    /// Whose share of the CPU work its hints are: its address's (or its own).
    key: Key,
}

impl Conn {
    async fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.send(to_line(msg)).await;
    }

    async fn fail(&self, e: &ClientError) {
        let texts = match &self.room {
            Some((_, live)) if matches!(e, ClientError::Refused(_)) => {
                Some(live.lock().await.room.session().texts())
            }
            _ => None,
        };
        self.send(&e.to_msg(texts)).await;
    }

    /// Handles one message as read (text of at most the limit is parsed; longer is refused
    /// unread).
    pub async fn handle(&mut self, text: &str) -> Flow {
        if !self.allow(|a| a.messages.as_mut().is_none_or(Bucket::take)) {
            self.fail(&ClientError::RateLimited).await;
            return Flow::Continue;
        }
        let limit = self.hub.config.max_message;
        if text.len() > limit {
            self.fail(&ClientError::TooLarge {
                size: text.len(),
                limit,
            })
            .await;
            return Flow::Continue;
        }
        let result = match parse(text) {
            Ok(msg) => self.dispatch(msg).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => Flow::Continue,
            Err(e @ (ClientError::NoSuchRoom | ClientError::BadToken)) => {
                if !self.allow(|a| a.guesses.take()) {
                    self.fail(&ClientError::TooManyGuesses).await;
                    return Flow::Close;
                }
                self.fail(&e).await;
                Flow::Continue
            }
            Err(e) => {
                self.fail(&e).await;
                Flow::Continue
            }
        }
    }

    /// Asks the allowance (a poisoned lock refuses).
    fn allow(&self, f: impl FnOnce(&mut Allowance) -> bool) -> bool {
        self.allowance.lock().is_ok_and(|mut a| f(&mut a))
    }

    /// Makes a room of `settings` (a `create` message's fields), with its turn timer.
    async fn create_room(
        &self,
        settings: &str,
        lang: Option<&str>,
        seed: Option<u64>,
        turn_seconds: Option<u32>,
        turn_ai: Option<String>,
    ) -> Result<String, ClientError> {
        let timer = match (turn_seconds, turn_ai) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(ClientError::BadSettings(
                    "turn_ai needs turn_seconds".into(),
                ));
            }
            (Some(seconds), ai) => Some(TurnTimer {
                seconds,
                level: match ai {
                    None => Level::Medium,
                    Some(name) => name.parse().map_err(|_| {
                        ClientError::BadSettings(format!("unknown AI level {name:?}"))
                    })?,
                },
            }),
        };
        self.hub.create_timed(settings, lang, seed, timer).await
    }

    /// A line that was too long to read whole.
    pub async fn too_large(&self, size: usize) {
        self.fail(&ClientError::TooLarge {
            size,
            limit: self.hub.config.max_message,
        })
        .await;
    }

    async fn dispatch(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        match msg {
            ClientMsg::Create {
                settings,
                lang,
                seed,
                turn_seconds,
                turn_ai,
            } => {
                // Taken before the room is made (and given back if it is not), so that
                // creates arriving together from one address cannot all pass one check.
                if !self.allow(|a| a.rooms.take()) {
                    return Err(ClientError::TooManyRooms);
                }
                let created = self
                    .create_room(&settings, lang.as_deref(), seed, turn_seconds, turn_ai)
                    .await;
                let code = match created {
                    Ok(code) => code,
                    Err(e) => {
                        self.allow(|a| {
                            a.rooms.give_back();
                            true
                        });
                        return Err(e);
                    }
                };
                let link = format!("{}join/{code}", self.hub.config.public_url);
                self.send(&ServerMsg::Created { room: code, link }).await;
                Ok(())
            }
            ClientMsg::Join { room, seat } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                self.hub.refresh(&mut l).await?;
                let token = new_token();
                let hash = token_hash(&token);
                let mut next = l.room.clone();
                next.claim(seat, hash.clone())?;
                let taken = self
                    .hub
                    .store
                    .take_seat(&room, seat, &hash)
                    .await
                    .map_err(|_| ClientError::Unavailable)?;
                if !taken {
                    // Another process gave the seat away since this copy was read.
                    self.hub.refresh(&mut l).await?;
                    return Err(ClientError::SeatTaken { seat });
                }
                l.room = next;
                self.seated(&mut l, &room, &live, seat, token, hash).await;
                Ok(())
            }
            ClientMsg::Resume { room, token } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                let hash = token_hash(&token);
                if l.room.seat_of(&hash).is_none() {
                    // Taken through another process since this copy was read?
                    self.hub.refresh(&mut l).await?;
                }
                let seat = l.room.seat_of(&hash).ok_or(ClientError::BadToken)?;
                self.seated(&mut l, &room, &live, seat, token, hash).await;
                Ok(())
            }
            ClientMsg::Watch { room } => {
                if let Some(code) = self.in_room().await {
                    return Err(ClientError::AlreadyInRoom(code));
                }
                let live = self.hub.room(&room).await?;
                let mut l = live.lock().await;
                l.subs.push(Sub {
                    conn: self.id,
                    role: Role::Watching,
                    tx: self.tx.clone(),
                });
                self.hub.presence_changed(&mut l, Some(self.id));
                self.send(&ServerMsg::Watching { room: room.clone() }).await;
                self.send_line(frame_line(&l.room, None, &[], None, &l.shown))
                    .await;
                drop(l);
                self.room = Some((room, live));
                Ok(())
            }
            ClientMsg::Act { action, seat } => {
                let live = self.live()?;
                let mut l = live.lock().await;
                let seat = l.acting_seat(self.id, seat)?;
                let action: Action = action.parse().map_err(ClientError::BadAction)?;
                self.hub
                    .step(&mut l, None, |next| {
                        // A move after the seat's time is up is refused (the server moves
                        // for it); checked on the room as stored, under the row lock.
                        if !matches!(action, Action::Continue | Action::Rematch) {
                            next.check_clock(seat, now_ms())?;
                        }
                        next.act(seat, action).map(Some)
                    })
                    .await?;
                Ok(())
            }
            ClientMsg::Hint { seat } => self.hint(seat).await,
            ClientMsg::Leave {} => {
                let Some((code, live)) = self.room.take() else {
                    return Err(ClientError::NotSeated);
                };
                let mut l = live.lock().await;
                let role = l.detach(self.id).ok_or(ClientError::NotSeated)?;
                l.idle_since = Instant::now();
                if let Role::Seated(seats) = role {
                    let mut next = l.room.clone();
                    for (seat, hash) in seats {
                        if next.tokens()[usize::from(seat)].as_deref() == Some(hash.as_str()) {
                            self.hub
                                .store
                                .free_seat(&code, seat, &hash)
                                .await
                                .map_err(|_| ClientError::Unavailable)?;
                            next.release(seat);
                        }
                    }
                    l.room = next;
                    // Every other connection that acted by those tokens loses the seats.
                    l.revoke_stale();
                }
                self.hub.presence_changed(&mut l, None);
                self.send(&ServerMsg::Left {}).await;
                Ok(())
            }
        }
    }

    /// The expert's hint for a seat this connection holds, to play now: computed on a copy
    /// of the session by the work pool (the address's share), off the room's lock; sent
    /// if the room is still where it was asked (else asked again, once).
    async fn hint(&mut self, seat: Option<u8>) -> Result<(), ClientError> {
        let live = self.live()?;
        for _ in 0..2 {
            let (seat, seq, session) = {
                let l = live.lock().await;
                let seat = l.acting_seat(self.id, seat)?;
                l.room.check_hint(seat)?;
                if let Some((at, s, hint)) = l.hint
                    && at == l.room.seq()
                    && s == seat
                {
                    self.send_line(frame_line(&l.room, Some(seat), &[], Some(hint), &l.shown))
                        .await;
                    return Ok(());
                }
                (seat, l.room.seq(), l.room.session().clone())
            };
            let answer = self
                .hub
                .workers
                .submit(self.key.clone(), true, move || session.hint())
                .map_err(|_| ClientError::Busy)?;
            let hint = answer
                .await
                .map_err(|_| ClientError::Unavailable)?
                .map_err(ClientError::Refused)?;
            let mut l = live.lock().await;
            let seat = l.acting_seat(self.id, Some(seat))?;
            if l.room.seq() == seq {
                l.hint = Some((seq, seat, hint));
                self.send_line(frame_line(&l.room, Some(seat), &[], Some(hint), &l.shown))
                    .await;
                return Ok(());
            }
        }
        // The room moved on twice while the hint was computed: ask again.
        Err(ClientError::Busy)
    }

    async fn send_line(&self, line: String) {
        let _ = self.tx.send(line).await;
    }

    fn live(&self) -> Result<LiveRef, ClientError> {
        self.room
            .as_ref()
            .map(|(_, l)| Arc::clone(l))
            .ok_or(ClientError::NotSeated)
    }

    /// Whether this connection was last in a room (it may have lost it since: see
    /// [`Conn::placed`]); no lock taken.
    pub fn has_room(&self) -> bool {
        self.room.is_some()
    }

    /// Whether this connection holds a seat or watches a room now.
    pub async fn placed(&mut self) -> bool {
        self.in_room().await.is_some()
    }

    /// Tells the client it is closed for holding no seat and watching no room for
    /// [`Config::idle_conn`].
    pub async fn idle(&self) {
        self.fail(&ClientError::Idle {
            secs: self.hub.config.idle_conn.as_secs(),
        })
        .await;
    }

    /// The room this connection is still in (holding a seat or watching), if any; a
    /// connection whose seats were revoked, or that was dropped for not reading, is in none.
    async fn in_room(&mut self) -> Option<String> {
        let (code, live) = self.room.as_ref()?;
        if live.lock().await.role(self.id).is_some() {
            return Some(code.clone());
        }
        self.room = None;
        None
    }

    /// The room to join or resume a seat of: the connection's own if it holds a seat of
    /// it, or any if it is in none (a spectator must leave first).
    async fn enter(&mut self, code: &str) -> Result<LiveRef, ClientError> {
        let Some((c, live)) = self.room.clone() else {
            return self.hub.room(code).await;
        };
        let role = live.lock().await.role(self.id).cloned();
        match role {
            None => {
                self.room = None;
                self.hub.room(code).await
            }
            Some(Role::Seated(_)) if c == code => Ok(live),
            Some(_) => Err(ClientError::AlreadyInRoom(c)),
        }
    }

    async fn seated(
        &mut self,
        l: &mut Live,
        code: &str,
        live: &LiveRef,
        seat: u8,
        token: String,
        hash: String,
    ) {
        // A connection holding the same seat (another tab, or an old socket not closed
        // yet) keeps hearing and acting until it closes or the seat is given up: the token
        // is the capability, not the socket.
        l.attach(self.id, &self.tx, seat, hash);
        self.hub.presence_changed(l, Some(self.id));
        self.send(&ServerMsg::Joined {
            room: code.to_string(),
            seat,
            token,
        })
        .await;
        self.send_line(frame_line(&l.room, Some(seat), &[], None, &l.shown))
            .await;
        self.room = Some((code.to_string(), Arc::clone(live)));
    }

    /// The connection closed: it stops hearing from its room (its seats stay its own).
    pub async fn close(&mut self) {
        if let Some((_, live)) = self.room.take() {
            let mut l = live.lock().await;
            l.detach(self.id);
            self.hub.presence_changed(&mut l, None);
            l.idle_since = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// A hub on an in-memory SQLite with no delays and client seeds allowed.
    async fn hub() -> Arc<Hub> {
        let store = Store::open("sqlite::memory:").await.unwrap();
        Hub::new(
            store,
            Config {
                pacing: Pacing {
                    ai_ms: 0,
                    scopa_ms: 0,
                    summary_ms: 0,
                    attended: false,
                },
                allow_client_seed: true,
                ..Config::default()
            },
        )
    }

    /// A connection and what it receives.
    struct Client {
        conn: Conn,
        rx: mpsc::Receiver<String>,
    }

    impl Client {
        fn new(hub: &Arc<Hub>) -> Client {
            let (tx, rx) = mpsc::channel(OUTBOX);
            Client {
                conn: hub.connect(tx, false),
                rx,
            }
        }

        /// Sends `msg`; returns every message received by then.
        async fn send(&mut self, msg: Value) -> Vec<Value> {
            assert_eq!(self.conn.handle(&msg.to_string()).await, Flow::Continue);
            self.drain()
        }

        fn drain(&mut self) -> Vec<Value> {
            let mut out = Vec::new();
            while let Ok(line) = self.rx.try_recv() {
                out.push(serde_json::from_str(&line).unwrap());
            }
            out
        }
    }

    fn of_type<'a>(msgs: &'a [Value], kind: &str) -> Vec<&'a Value> {
        msgs.iter().filter(|m| m["type"] == kind).collect()
    }

    /// D1: every seat of every game and table size can be joined, and `presence` has one
    /// flag per seat of the game being played.
    #[tokio::test]
    async fn every_seat_of_every_game_and_table_size_can_be_joined() {
        let hub = hub().await;
        for line in crate::room::tests::every_table() {
            let players: u8 = line
                .split_whitespace()
                .skip_while(|w| *w != "players")
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            let code = hub.create(&line, None, Some(4)).await.unwrap();
            let mut clients = Vec::new();
            for seat in 0..players {
                let mut c = Client::new(&hub);
                let got = c
                    .send(json!({"type": "join", "room": code, "seat": seat}))
                    .await;
                assert_eq!(
                    of_type(&got, "joined").len(),
                    1,
                    "{line} seat {seat}: {got:?}"
                );
                let frame = of_type(&got, "frame")[0];
                let connected = frame["presence"]["connected"].as_array().unwrap();
                assert_eq!(connected.len(), usize::from(players), "{line}");
                assert_eq!(
                    frame["frame"]["seats"].as_array().unwrap().len(),
                    usize::from(players)
                );
                clients.push(c);
            }
            let mut late = Client::new(&hub);
            let got = late
                .send(json!({"type": "join", "room": code, "seat": players}))
                .await;
            assert_eq!(got[0]["code"], "no_such_seat", "{line}");
        }
    }

    /// D2: a seat's connections lose it together: X joins seat 1, Y resumes it with X's
    /// token, X leaves, Z joins seat 1 — Y acts for nobody and sees nothing of Z's.
    #[tokio::test]
    async fn a_seat_given_up_is_revoked_on_every_connection_that_held_it() {
        let hub = hub().await;
        let line = crate::room::tests::every_table().remove(0);
        let code = hub.create(&line, None, Some(8)).await.unwrap();
        let mut w = Client::new(&hub);
        w.send(json!({"type": "join", "room": code, "seat": 0}))
            .await;
        let mut x = Client::new(&hub);
        let got = x
            .send(json!({"type": "join", "room": code, "seat": 1}))
            .await;
        let token = of_type(&got, "joined")[0]["token"].clone();
        let mut y = Client::new(&hub);
        let got = y
            .send(json!({"type": "resume", "room": code, "token": token}))
            .await;
        assert_eq!(of_type(&got, "joined").len(), 1, "{got:?}");
        x.send(json!({"type": "leave"})).await;
        // Y is told that it no longer holds the seat.
        let told = y.drain();
        assert!(
            told.iter()
                .any(|m| m["type"] == "revoked" && m["seat"] == 1),
            "{told:?}"
        );
        let mut z = Client::new(&hub);
        let got = z
            .send(json!({"type": "join", "room": code, "seat": 1}))
            .await;
        assert_eq!(of_type(&got, "joined").len(), 1, "{got:?}");
        y.drain();
        for msg in [
            json!({"type": "hint"}),
            json!({"type": "act", "action": "select 2c"}),
            json!({"type": "act", "action": "continue"}),
        ] {
            let got = y.send(msg.clone()).await;
            assert_eq!(got.len(), 1, "{msg}: {got:?}");
            assert_eq!(got[0]["code"], "not_seated", "{msg}: {got:?}");
        }
        // Nor does Y hear the room any more (Z's moves, W's): it may join or watch again.
        let mut both = [w, z];
        for c in &mut both {
            c.drain();
        }
        let got = y.send(json!({"type": "watch", "room": code})).await;
        assert_eq!(of_type(&got, "watching").len(), 1, "{got:?}");
        let frame = of_type(&got, "frame")[0];
        assert!(frame["seat"].is_null() && frame["frame"]["hand"].as_array().unwrap().is_empty());
    }

    /// D5: a seat selecting a card with several captures (and cancelling) is its own
    /// business: nobody else — the other seat, a spectator — receives a frame for it.
    #[tokio::test]
    async fn a_private_selection_sends_nothing_to_the_others() {
        use scopa_core::session::Phase;
        use scopa_core::session::table::Choices;
        let hub = hub().await;
        let line = crate::room::tests::every_table().remove(0);
        let settings: Settings = line.parse().unwrap();
        let pacing = hub.config.pacing;
        // A seed where the first person to play holds a card with a choice of captures.
        let (seed, card) = (0u64..)
            .find_map(|seed| {
                let mut room = Room::create("r".into(), settings, seed, pacing).ok()?;
                room.settle().ok()?;
                let Phase::Play { seat } = room.session().phase() else {
                    return None;
                };
                match room.frame(Some(seat), &[], None).choices {
                    Choices::Cards(c) => c.iter().find(|c| c.ways > 1).map(|c| (seed, c.card)),
                    _ => None,
                }
            })
            .unwrap();
        let code = hub.create(&line, None, Some(seed)).await.unwrap();
        let mut seats = [Client::new(&hub), Client::new(&hub)];
        let mut frames = Vec::new();
        for (i, c) in seats.iter_mut().enumerate() {
            let got = c
                .send(json!({"type": "join", "room": code, "seat": i}))
                .await;
            frames.push(of_type(&got, "frame")[0].clone());
        }
        let mut watcher = Client::new(&hub);
        watcher.send(json!({"type": "watch", "room": code})).await;
        for c in &mut seats {
            c.drain();
        }
        let actor = usize::from(frames[0]["frame"]["phase"]["seat"].as_u64().unwrap() as u8);
        let select = format!("select {card}");
        for (action, seen) in [(select.as_str(), "choose_capture"), ("cancel", "play")] {
            let got = seats[actor]
                .send(json!({"type": "act", "action": action}))
                .await;
            assert_eq!(of_type(&got, "frame").len(), 1, "{action}: {got:?}");
            assert_eq!(got[0]["frame"]["phase"]["kind"], seen, "{got:?}");
            assert_eq!(seats[1 - actor].drain(), Vec::<Value>::new(), "{action}");
            assert_eq!(watcher.drain(), Vec::<Value>::new(), "{action}");
        }
        // A move is everybody's: each hears it.
        seats[actor]
            .send(json!({"type": "act", "action": select}))
            .await;
        seats[actor]
            .send(json!({"type": "act", "action": "capture 0"}))
            .await;
        assert_eq!(of_type(&seats[1 - actor].drain(), "frame").len(), 1);
        assert_eq!(of_type(&watcher.drain(), "frame").len(), 1);
    }
}
