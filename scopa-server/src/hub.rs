//! The hub: the rooms in memory (loaded from the store when first asked for), their timers
//! and their connections. A [`Conn`] is one client — a WebSocket or stdin/stdout — that
//! hands the hub each message it reads and writes what comes back on its channel; the
//! transport is not the hub's business.
//!
//! The order of one room's work is fixed by its lock: apply on a copy of the room, store
//! (session bytes and log rows, one transaction), then keep the copy and tell every
//! connection of the room; if the store fails the room stays as it was and the client is
//! told `unavailable`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use scopa_core::session::GameEvent as Event;
use scopa_core::session::GameHint as Hint;
use scopa_core::session::pacing::{Pacing, Token};
use scopa_core::session::{Action, Lang, Settings, transcript};
use tokio::sync::{Mutex, mpsc};

use crate::protocol::{ClientError, ClientMsg, ServerMsg, parse, to_line};
use crate::room::{Applied, Room};
use crate::store::{Store, StoreError};

/// What a server is allowed and how it paces its rooms.
#[derive(Clone, Debug)]
pub struct Config {
    /// The delays of every room (`attended` is always false: nobody hands a device over).
    pub pacing: Pacing,
    /// The largest message read, in bytes.
    pub max_message: usize,
    /// Messages a connection may send in a burst …
    pub burst: u32,
    /// … and per second after it.
    pub per_second: u32,
    /// Rooms one connection may create.
    pub rooms_per_conn: u32,
    /// Unknown invite codes or tokens one connection may try before it is closed.
    pub guesses_per_conn: u32,
    /// Whether a `create` may carry the session's seed.
    pub allow_client_seed: bool,
    /// The start of invite links (`https://scopa.example/`).
    pub public_url: String,
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
            rooms_per_conn: 10,
            guesses_per_conn: 10,
            allow_client_seed: false,
            public_url: "http://127.0.0.1:8080/".into(),
        }
    }
}

/// A connection's outgoing queue: JSON lines. A connection that does not read is dropped
/// from its room when its queue is full.
pub type Outbox = mpsc::Sender<String>;

/// How many messages wait for a slow connection before it is dropped from its room.
pub const OUTBOX: usize = 256;

struct Sub {
    conn: u64,
    /// `None`: a spectator; else the seats the connection holds.
    seats: Vec<u8>,
    tx: Outbox,
}

struct Live {
    room: Room,
    subs: Vec<Sub>,
}

type LiveRef = Arc<Mutex<Live>>;

/// The rooms, the store and the configuration: see the [module documentation](self).
pub struct Hub {
    store: Store,
    config: Config,
    rooms: StdMutex<HashMap<String, LiveRef>>,
    next_conn: AtomicU64,
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

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: Config) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            config,
            rooms: StdMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// A new connection writing to `tx`.
    pub fn connect(self: &Arc<Hub>, tx: Outbox, limited: bool) -> Conn {
        Conn {
            hub: Arc::clone(self),
            id: self.next_conn.fetch_add(1, Ordering::Relaxed),
            tx,
            room: None,
            seats: Vec::new(),
            limiter: limited.then(|| Limiter::new(self.config.burst, self.config.per_second)),
            created: 0,
            guesses: 0,
        }
    }

    fn cached(&self, code: &str) -> Option<LiveRef> {
        self.rooms.lock().ok()?.get(code).cloned()
    }

    /// Room `code`, from memory or else from the store (then its timer starts again).
    async fn room(self: &Arc<Hub>, code: &str) -> Result<LiveRef, ClientError> {
        if let Some(live) = self.cached(code) {
            return Ok(live);
        }
        let stored = self
            .store
            .load(code)
            .await
            .map_err(|_| ClientError::Unavailable)?
            .ok_or(ClientError::NoSuchRoom)?;
        let room = Room::restore(
            code.to_string(),
            &stored.session,
            stored.tokens,
            stored.seq,
            self.config.pacing,
        )
        .map_err(|_| ClientError::Unavailable)?;
        let live = {
            let mut rooms = self.rooms.lock().map_err(|_| ClientError::Unavailable)?;
            Arc::clone(rooms.entry(code.to_string()).or_insert_with(|| {
                Arc::new(Mutex::new(Live {
                    room,
                    subs: Vec::new(),
                }))
            }))
        };
        let due = live.lock().await.room.due();
        if let Some(due) = due {
            self.schedule(code.to_string(), due.token, due.after_ms, due.action);
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
        let seq_before = room.seq();
        let mut room = room;
        let settled = room.settle()?;
        if !settled.actions.is_empty() {
            // If this fails the stored room is at its first hand-off, which a load settles.
            self.store
                .commit(&code, seq_before, &settled.lines(), &room.bytes())
                .await
                .map_err(|_| ClientError::Unavailable)?;
        }
        let due = room.due();
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.insert(
                code.clone(),
                Arc::new(Mutex::new(Live {
                    room,
                    subs: Vec::new(),
                })),
            );
        }
        if let Some(due) = due {
            self.schedule(code.clone(), due.token, due.after_ms, due.action);
        }
        Ok(code)
    }

    /// Runs a room's delay: after `after_ms`, fire `token` (an AI's move is computed on a
    /// copy of the session, off the room's lock, on a blocking thread).
    fn schedule(self: &Arc<Hub>, code: String, token: Token, after_ms: u32, action: Action) {
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(u64::from(after_ms))).await;
            let Some(live) = hub.cached(&code) else {
                return;
            };
            let mv = if action == Action::RunAi {
                let session = {
                    let live = live.lock().await;
                    match live.room.due() {
                        Some(due) if due.token == token => live.room.session().clone(),
                        _ => return,
                    }
                };
                match tokio::task::spawn_blocking(move || session.ai_move()).await {
                    Ok(Ok(mv)) => Some(mv),
                    _ => return,
                }
            } else {
                None
            };
            let mut live = live.lock().await;
            let mut next = live.room.clone();
            let applied = match mv {
                Some(mv) => next.fire_move(token, mv),
                None => next.fire(token),
            };
            if let Ok(Some(applied)) = applied {
                // A store failure leaves the room as it was: the delay runs again.
                let retry = hub.commit(&mut live, next, applied).await.is_err();
                if let Some(due) = live.room.due() {
                    let after = if retry { 1000 } else { due.after_ms };
                    hub.schedule(code.clone(), due.token, after, due.action);
                }
            }
        });
    }

    /// Stores `next` (the room after `applied`), then makes it the room and tells everyone.
    async fn commit(
        self: &Arc<Hub>,
        live: &mut Live,
        next: Room,
        applied: Applied,
    ) -> Result<(), StoreError> {
        self.store
            .commit(
                next.code(),
                live.room.seq(),
                &applied.lines(),
                &next.bytes(),
            )
            .await?;
        live.room = next;
        broadcast(live, &applied.events, None);
        Ok(())
    }
}

/// Sends every connection of the room its frame, with `events`; `hint` goes to the one
/// connection and seat it names.
fn broadcast(live: &mut Live, events: &[Event], hint: Option<(u64, u8, Hint)>) {
    let room = &live.room;
    live.subs.retain(|sub| {
        let frames: Vec<Option<u8>> = if sub.seats.is_empty() {
            vec![None]
        } else {
            sub.seats.iter().map(|&s| Some(s)).collect()
        };
        frames.into_iter().all(|seat| {
            let h = hint.and_then(|(c, s, h)| (c == sub.conn && Some(s) == seat).then_some(h));
            sub.tx.try_send(frame_line(room, seat, events, h)).is_ok()
        })
    });
}

/// The `frame` message a connection receives: for `seat` (`None`: a spectator), with
/// `events` and a hint.
pub fn frame_line(room: &Room, seat: Option<u8>, events: &[Event], hint: Option<Hint>) -> String {
    to_line(&ServerMsg::Frame {
        room: room.code().to_string(),
        seat,
        seq: room.seq(),
        frame: room.frame_json(seat, events, hint),
    })
}

/// A token bucket: `burst` messages at once, `per_second` after.
#[derive(Debug)]
struct Limiter {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl Limiter {
    fn new(burst: u32, per_second: u32) -> Limiter {
        Limiter {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            rate: f64::from(per_second),
            last: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
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
    room: Option<(String, LiveRef)>,
    seats: Vec<u8>,
    limiter: Option<Limiter>,
    created: u32,
    guesses: u32,
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
        if let Some(limiter) = &mut self.limiter
            && !limiter.allow()
        {
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
                self.guesses += 1;
                if self.guesses > self.hub.config.guesses_per_conn {
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
            } => {
                if self.created >= self.hub.config.rooms_per_conn {
                    return Err(ClientError::TooManyRooms);
                }
                let code = self.hub.create(&settings, lang.as_deref(), seed).await?;
                self.created += 1;
                let link = format!("{}join/{code}", self.hub.config.public_url);
                self.send(&ServerMsg::Created { room: code, link }).await;
                Ok(())
            }
            ClientMsg::Join { room, seat } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                let token = new_token();
                let mut next = l.room.clone();
                next.claim(seat, token.clone())?;
                self.hub
                    .store
                    .set_seat(&room, seat, Some(&token))
                    .await
                    .map_err(|_| ClientError::Unavailable)?;
                l.room = next;
                self.seated(&mut l, &room, &live, seat, token).await;
                Ok(())
            }
            ClientMsg::Resume { room, token } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                let seat = l.room.seat_of(&token).ok_or(ClientError::BadToken)?;
                self.seated(&mut l, &room, &live, seat, token).await;
                Ok(())
            }
            ClientMsg::Watch { room } => {
                if self.room.is_some() {
                    return Err(ClientError::AlreadyInRoom(room));
                }
                let live = self.hub.room(&room).await?;
                let mut l = live.lock().await;
                self.send(&ServerMsg::Watching { room: room.clone() }).await;
                self.send_line(frame_line(&l.room, None, &[], None)).await;
                l.subs.push(Sub {
                    conn: self.id,
                    seats: Vec::new(),
                    tx: self.tx.clone(),
                });
                drop(l);
                self.room = Some((room, live));
                Ok(())
            }
            ClientMsg::Act { action, seat } => {
                let seat = self.acting_seat(seat)?;
                let action: Action = action.parse().map_err(ClientError::BadAction)?;
                let live = self.live()?;
                let mut l = live.lock().await;
                let mut next = l.room.clone();
                let applied = next.act(seat, action)?;
                let code = next.code().to_string();
                self.hub
                    .commit(&mut l, next, applied)
                    .await
                    .map_err(|_| ClientError::Unavailable)?;
                if let Some(due) = l.room.due() {
                    self.hub.schedule(code, due.token, due.after_ms, due.action);
                }
                Ok(())
            }
            ClientMsg::Hint { seat } => {
                let seat = self.acting_seat(seat)?;
                let live = self.live()?;
                let l = live.lock().await;
                let hint = l.room.hint(seat)?;
                self.send_line(frame_line(&l.room, Some(seat), &[], Some(hint)))
                    .await;
                Ok(())
            }
            ClientMsg::Leave {} => {
                let Some((code, live)) = self.room.take() else {
                    return Err(ClientError::NotSeated);
                };
                let mut l = live.lock().await;
                l.subs.retain(|s| s.conn != self.id);
                let mut next = l.room.clone();
                for &seat in &self.seats {
                    next.release(seat);
                    self.hub
                        .store
                        .set_seat(&code, seat, None)
                        .await
                        .map_err(|_| ClientError::Unavailable)?;
                }
                l.room = next;
                self.seats.clear();
                self.send(&ServerMsg::Left {}).await;
                Ok(())
            }
        }
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

    fn acting_seat(&self, seat: Option<u8>) -> Result<u8, ClientError> {
        match (seat, self.seats.as_slice()) {
            (_, []) => Err(ClientError::NotSeated),
            (None, [only]) => Ok(*only),
            (None, _) => Err(ClientError::WhichSeat),
            (Some(s), seats) if seats.contains(&s) => Ok(s),
            (Some(_), _) => Err(ClientError::NotSeated),
        }
    }

    /// The room to join or resume a seat of: the connection's own, or any if it is in none
    /// (a spectator must leave first).
    async fn enter(&mut self, code: &str) -> Result<LiveRef, ClientError> {
        match &self.room {
            Some((c, live)) if c == code && !self.seats.is_empty() => Ok(Arc::clone(live)),
            Some((c, _)) => Err(ClientError::AlreadyInRoom(c.clone())),
            None => self.hub.room(code).await,
        }
    }

    async fn seated(&mut self, l: &mut Live, code: &str, live: &LiveRef, seat: u8, token: String) {
        if !self.seats.contains(&seat) {
            self.seats.push(seat);
        }
        self.send(&ServerMsg::Joined {
            room: code.to_string(),
            seat,
            token,
        })
        .await;
        self.send_line(frame_line(&l.room, Some(seat), &[], None))
            .await;
        // A connection holding the same seat (another tab, or an old socket not closed
        // yet) keeps hearing until it closes: the token is the capability, not the socket.
        l.subs.retain(|s| s.conn != self.id);
        l.subs.push(Sub {
            conn: self.id,
            seats: self.seats.clone(),
            tx: self.tx.clone(),
        });
        self.room = Some((code.to_string(), Arc::clone(live)));
    }

    /// The connection closed: it stops hearing from its room (its seats stay its own).
    pub async fn close(&mut self) {
        if let Some((_, live)) = self.room.take() {
            live.lock().await.subs.retain(|s| s.conn != self.id);
        }
    }
}
