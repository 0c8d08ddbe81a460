//! The store: every room's session bytes, its seats' tokens (hashed) and its action log, in
//! SQLite by default (one file, one process) or in PostgreSQL (several processes on one
//! database). The SQL is the same on both (through sqlx's `Any` driver: `$n` parameters,
//! `TEXT`, `BIGINT` and BLOB/BYTEA columns, `ON CONFLICT` upserts), except
//! the row lock (`FOR UPDATE`) and the notification (`pg_notify`), PostgreSQL's only.
//!
//! An accepted action is stored — the room's new session bytes and one action log row per
//! action, in one transaction holding the room's row — before anyone is told
//! ([`Store::lock`], [`Locked::commit`]); on PostgreSQL the same transaction notifies every
//! process listening on [`CHANNEL`] (delivered when it commits).
//!
//! A seat's token is kept as its SHA-256 ([`token_hash`]): the database alone does not act
//! for a seat. A database written before the tokens were hashed is migrated when opened
//! (each plain token replaced by its hash, once, in one transaction): its seats resume with
//! the tokens their clients hold.

use scopa_core::session::table::MAX_SEATS;
use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{Any, AnyPool, Executor, Transaction};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{mpsc, oneshot};

/// The PostgreSQL channel every process listens on: each stored step of a room (an action,
/// a seat taken or given up) sends `CODE SEQ NODE` on it (`NODE`: the [`Store::node`] that
/// stored it, so that a process skips its own) — a group commit's steps several to a
/// notification, one line each.
pub const CHANNEL: &str = "scopa_rooms";

/// The PostgreSQL channel of presence: a process whose connections to a room changed (or
/// that found another process's rows expired) sends the room's `CODE` on it.
pub const PRESENCE_CHANNEL: &str = "scopa_presence";

/// How many connections hold each seat of a room, and how many watch it (one process's, or
/// the sum over several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Presence {
    /// Connections holding each seat.
    pub seats: [u32; MAX_SEATS],
    /// Connections watching.
    pub spectators: u32,
}

impl Presence {
    /// The sum of two processes' counts.
    pub fn add(&self, other: &Presence) -> Presence {
        let mut out = *self;
        for (a, b) in out.seats.iter_mut().zip(other.seats) {
            *a = a.saturating_add(b);
        }
        out.spectators = out.spectators.saturating_add(other.spectators);
        out
    }

    /// The rows of these counts: (seat, connections), the spectators as seat -1, none for
    /// a count of 0.
    fn rows(&self) -> impl Iterator<Item = (i32, i64)> + '_ {
        self.seats
            .iter()
            .enumerate()
            .map(|(s, &n)| (s as i32, i64::from(n)))
            .chain(std::iter::once((-1, i64::from(self.spectators))))
            .filter(|&(_, n)| n > 0)
    }
}

/// Why the store failed.
#[derive(thiserror::Error, Debug)]
pub enum StoreError {
    /// The database said no (I/O, a lock, a broken file).
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A stored row is not what this server writes (hex, a seat number).
    #[error("stored room {0} is damaged")]
    Damaged(String),
    /// The room's log moved on since it was loaded (another writer).
    #[error("room {0} was changed by another writer")]
    Conflict(String),
    /// No room of this code is stored.
    #[error("no room {0}")]
    NoRoom(String),
    /// The group commit holding this step failed (or its writer stopped): nothing of it
    /// was stored.
    #[error("the group commit failed: {0}")]
    Group(String),
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// The session's bytes.
    pub session: Vec<u8>,
    /// How many actions the log holds.
    pub seq: u64,
    /// Each seat's token hash ([`token_hash`]).
    pub tokens: [Option<String>; MAX_SEATS],
}

/// The store: a connection pool (and on SQLite the group committer's queue).
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    url: String,
    postgres: bool,
    group: Option<mpsc::UnboundedSender<Job>>,
    /// Group commits made and the steps they held.
    grouped: Arc<[AtomicU64; 2]>,
    /// This store's name in notifications and presence rows (random, new at every open).
    node: Arc<str>,
}

/// One step's write waiting for a group commit ([`Store::commit_grouped`]).
#[derive(Debug)]
struct Job {
    code: String,
    seq_before: u64,
    lines: Vec<String>,
    session: Vec<u8>,
    deadline: Option<Option<(u8, i64)>>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The most steps one group commit holds.
const GROUP: usize = 1024;

/// The most steps one group commit holds on PostgreSQL, where each statement is a round
/// trip to the server: smaller groups, several at once ([`PG_WRITERS`]).
const PG_GROUP: usize = 128;

/// PostgreSQL: group commits written at once, each on a connection of the pool (a
/// process's groups never share a room: a room has one step in flight at a time).
const PG_WRITERS: usize = 4;

/// The group committer: takes every step waiting (at most `most`), writes them in one
/// transaction, commits once — one sync to the disk for all — and only then answers each
/// step. SQLite has one of these; PostgreSQL [`PG_WRITERS`], taking from one queue.
async fn group_committer(
    pool: AnyPool,
    rx: Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Job>>>,
    grouped: Arc<[AtomicU64; 2]>,
    notify_as: Option<Arc<str>>,
    most: usize,
) {
    let mut jobs = Vec::with_capacity(most);
    loop {
        {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else {
                return;
            };
            jobs.push(first);
            while jobs.len() < most {
                match rx.try_recv() {
                    Ok(job) => jobs.push(job),
                    Err(_) => break,
                }
            }
        }
        match write_group(&pool, &jobs, notify_as.as_deref()).await {
            Ok(results) => {
                grouped[0].fetch_add(1, Ordering::Relaxed);
                grouped[1].fetch_add(jobs.len() as u64, Ordering::Relaxed);
                for (job, result) in jobs.drain(..).zip(results) {
                    let _ = job.done.send(result);
                }
            }
            Err(e) => {
                let e = e.to_string();
                for job in jobs.drain(..) {
                    let _ = job.done.send(Err(StoreError::Group(e.clone())));
                }
            }
        }
    }
}

/// One transaction of `jobs`; each job's own result. SQLite: each job in a savepoint (a
/// conflict or a failed statement rolls back that job only). PostgreSQL (`notify_as`:
/// this process's node): [`write_group_pg`]. `Err`: the transaction failed, nothing of any
/// job was stored.
async fn write_group(
    pool: &AnyPool,
    jobs: &[Job],
    notify_as: Option<&str>,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    if let Some(node) = notify_as {
        return write_group_pg(pool, jobs, node).await;
    }
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        tx.execute("SAVEPOINT step").await?;
        let result = write_step(
            &mut tx,
            &job.code,
            job.seq_before,
            &job.lines,
            &job.session,
            job.deadline,
        )
        .await;
        if result.is_err() {
            tx.execute("ROLLBACK TO step").await?;
        }
        tx.execute("RELEASE step").await?;
        results.push(result);
    }
    tx.commit().await?;
    Ok(results)
}

/// PostgreSQL's group: a handful of statements for the whole group, each a round trip —
/// the rooms' rows taken in the order of their codes (`FOR UPDATE`), one `UPDATE … FROM
/// (VALUES …)` of every room still at its step's start (the others are conflicts), one
/// `INSERT` of their log rows, their deadlines, their notifications. A failed statement
/// fails the group.
async fn write_group_pg(
    pool: &AnyPool,
    jobs: &[Job],
    node: &str,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut tx = pool.begin().await?;
    let list = |from: usize, n: usize| {
        (0..n)
            .map(|i| format!("${}", from + i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut codes: Vec<&str> = jobs.iter().map(|j| j.code.as_str()).collect();
    codes.sort_unstable();
    let sql = format!(
        "SELECT code FROM rooms WHERE code IN ({}) ORDER BY code FOR UPDATE",
        list(1, codes.len())
    );
    let mut q = sqlx::query(&sql);
    for code in &codes {
        q = q.bind(*code);
    }
    q.fetch_all(&mut *tx).await?;
    let values = (0..jobs.len())
        .map(|i| {
            let p = 4 * i + 1;
            format!(
                "(${}, CAST(${} AS BIGINT), CAST(${} AS BIGINT), CAST(${} AS BYTEA))",
                p,
                p + 1,
                p + 2,
                p + 3
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE rooms AS r SET state = v.state, seq = v.seq_after
         FROM (VALUES {values}) AS v(code, seq_before, seq_after, state)
         WHERE r.code = v.code AND r.seq = v.seq_before RETURNING r.code"
    );
    let mut q = sqlx::query(&sql);
    for job in jobs {
        q = q
            .bind(job.code.as_str())
            .bind(job.seq_before as i64)
            .bind((job.seq_before + job.lines.len() as u64) as i64)
            .bind(job.session.as_slice());
    }
    let updated: std::collections::HashSet<String> = q
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>(0))
        .collect::<Result<_, _>>()?;
    let stored: Vec<&Job> = jobs.iter().filter(|j| updated.contains(&j.code)).collect();
    let rows: Vec<(&str, i64, &str)> = stored
        .iter()
        .flat_map(|j| {
            j.lines.iter().enumerate().map(move |(i, line)| {
                (
                    j.code.as_str(),
                    (j.seq_before + 1 + i as u64) as i64,
                    line.as_str(),
                )
            })
        })
        .collect();
    for chunk in rows.chunks(1000) {
        let values = (0..chunk.len())
            .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("INSERT INTO actions (code, seq, action) VALUES {values}");
        let mut q = sqlx::query(&sql);
        for (code, seq, line) in chunk {
            q = q.bind(*code).bind(*seq).bind(*line);
        }
        q.execute(&mut *tx).await?;
    }
    let mut payload = String::new();
    for job in &stored {
        if let Some(deadline) = job.deadline {
            let (seat, at) = deadline.map_or((-1, 0), |(s, at)| (i32::from(s), at));
            sqlx::query("UPDATE timers SET seat = $1, deadline = $2 WHERE code = $3")
                .bind(seat)
                .bind(at)
                .bind(job.code.as_str())
                .execute(&mut *tx)
                .await?;
        }
        let line = format!(
            "{} {} {node}",
            job.code,
            job.seq_before + job.lines.len() as u64
        );
        // A notification's payload holds under 8000 bytes.
        if !payload.is_empty() && payload.len() + line.len() + 1 > 7000 {
            notify_lines(&mut tx, &payload).await?;
            payload.clear();
        }
        if !payload.is_empty() {
            payload.push('\n');
        }
        payload.push_str(&line);
    }
    if !payload.is_empty() {
        notify_lines(&mut tx, &payload).await?;
    }
    tx.commit().await?;
    Ok(jobs
        .iter()
        .map(|j| {
            if updated.contains(&j.code) {
                Ok(())
            } else {
                Err(StoreError::Conflict(j.code.clone()))
            }
        })
        .collect())
}

/// PostgreSQL: one notification on [`CHANNEL`] of several steps, one `CODE SEQ NODE` line
/// each.
async fn notify_lines(tx: &mut Transaction<'static, Any>, payload: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A step's rows: the session's bytes after it (if the log is still at `seq_before`), its
/// log rows, and a timed room's deadline.
async fn write_step(
    tx: &mut Transaction<'static, Any>,
    code: &str,
    seq_before: u64,
    lines: &[String],
    session: &[u8],
    deadline: Option<Option<(u8, i64)>>,
) -> Result<(), StoreError> {
    let seq_after = seq_before + lines.len() as u64;
    let updated = sqlx::query("UPDATE rooms SET state = $1, seq = $2 WHERE code = $3 AND seq = $4")
        .bind(session)
        .bind(seq_after as i64)
        .bind(code)
        .bind(seq_before as i64)
        .execute(&mut **tx)
        .await?;
    if updated.rows_affected() != 1 {
        return Err(StoreError::Conflict(code.to_string()));
    }
    for (i, line) in lines.iter().enumerate() {
        sqlx::query("INSERT INTO actions (code, seq, action) VALUES ($1, $2, $3)")
            .bind(code)
            .bind((seq_before + 1 + i as u64) as i64)
            .bind(line.as_str())
            .execute(&mut **tx)
            .await?;
    }
    if let Some(deadline) = deadline {
        let (seat, at) = deadline.map_or((-1, 0), |(s, at)| (i32::from(s), at));
        sqlx::query("UPDATE timers SET seat = $1, deadline = $2 WHERE code = $3")
            .bind(seat)
            .bind(at)
            .bind(code)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A room's turn timer as stored: seconds per move, the AI level's name, and the deadline
/// running (the seat and ms since the Unix epoch), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTimer {
    /// Seconds per move.
    pub seconds: u32,
    /// The AI level's name.
    pub ai: String,
    /// The seat whose time runs and when it is up.
    pub deadline: Option<(u8, i64)>,
}

const SCHEMA: [&str; 5] = [
    "CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        session TEXT NOT NULL,
        seq BIGINT NOT NULL,
        created BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS seats (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (code, seat)
    )",
    "CREATE TABLE IF NOT EXISTS actions (
        code TEXT NOT NULL,
        seq BIGINT NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    )",
    "CREATE TABLE IF NOT EXISTS meta (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )",
    // Rooms with a turn timer only; `seat` -1 when no deadline runs.
    "CREATE TABLE IF NOT EXISTS timers (
        code TEXT PRIMARY KEY,
        seconds BIGINT NOT NULL,
        ai TEXT NOT NULL,
        seat INTEGER NOT NULL,
        deadline BIGINT NOT NULL
    )",
];

/// PostgreSQL only: each process's connections to each room, refreshed by the process's
/// heartbeat (`beat`, seconds since the Unix epoch). `seat` -1: spectators.
/// PostgreSQL: what each process took from each client address's allowances (running
/// counts), its buckets' levels (thousandths) and its connections ([`Store::put_allowances`]).
const ALLOWANCES_SCHEMA: &str = "CREATE TABLE IF NOT EXISTS allowances (
    addr TEXT NOT NULL,
    node TEXT NOT NULL,
    messages BIGINT NOT NULL,
    rooms BIGINT NOT NULL,
    guesses BIGINT NOT NULL,
    conns BIGINT NOT NULL,
    m_level BIGINT NOT NULL,
    r_level BIGINT NOT NULL,
    g_level BIGINT NOT NULL,
    beat BIGINT NOT NULL,
    PRIMARY KEY (addr, node)
)";

/// One client address's use of one process's allowances (or of the other processes',
/// summed): taken from its buckets (messages, rooms, guesses: running counts), its
/// connections open, and the buckets' levels in thousandths (the lowest, summed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AddrUse {
    /// The client address.
    pub addr: String,
    /// Messages, rooms created and unknown codes or tokens taken, since the process
    /// started.
    pub taken: [u64; 3],
    /// Connections open.
    pub conns: u32,
    /// The buckets' levels, in thousandths of a message, room, guess.
    pub levels: [i64; 3],
}

const PRESENCE_SCHEMA: &str = "CREATE TABLE IF NOT EXISTS presence (
        code TEXT NOT NULL,
        node TEXT NOT NULL,
        seat INTEGER NOT NULL,
        conns BIGINT NOT NULL,
        beat BIGINT NOT NULL,
        PRIMARY KEY (code, node, seat)
    )";

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks_exact(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

/// What the store keeps of a seat's token: its SHA-256, in hex (64 characters).
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The database URL for `--db`: a URL as given (`sqlite:…`, `postgres://…`), else a
/// SQLite file path (created if missing).
pub fn url_of(db: &str) -> String {
    if db.starts_with("sqlite:") || db.starts_with("postgres://") || db.starts_with("postgresql://")
    {
        db.to_string()
    } else {
        format!("sqlite://{db}?mode=rwc")
    }
}

/// A room's row held in a transaction ([`Store::lock`]): on PostgreSQL no other process
/// changes the room until it is committed or dropped (dropped: rolled back).
pub struct Locked {
    tx: Transaction<'static, Any>,
    code: String,
    seq: u64,
    postgres: bool,
    node: Arc<str>,
}

fn seats_of(
    code: &str,
    rows: &[sqlx::any::AnyRow],
) -> Result<[Option<String>; MAX_SEATS], StoreError> {
    let mut tokens: [Option<String>; MAX_SEATS] = Default::default();
    for row in rows {
        let seat: i32 = row.try_get(0)?;
        let token: String = row.try_get(1)?;
        let slot = usize::try_from(seat)
            .ok()
            .and_then(|s| tokens.get_mut(s))
            .ok_or_else(|| StoreError::Damaged(code.to_string()))?;
        *slot = Some(token);
    }
    Ok(tokens)
}

fn timer_of(code: &str, row: &sqlx::any::AnyRow) -> Result<StoredTimer, StoreError> {
    let damaged = || StoreError::Damaged(code.to_string());
    let seconds: i64 = row.try_get(0)?;
    let ai: String = row.try_get(1)?;
    let seat: i32 = row.try_get(2)?;
    let at: i64 = row.try_get(3)?;
    let seconds = u32::try_from(seconds).map_err(|_| damaged())?;
    let deadline = match seat {
        -1 => None,
        s => Some((u8::try_from(s).map_err(|_| damaged())?, at)),
    };
    Ok(StoredTimer {
        seconds,
        ai,
        deadline,
    })
}

impl Locked {
    /// How many actions the stored log holds.
    pub const fn seq(&self) -> u64 {
        self.seq
    }

    /// The room as stored (read in the transaction).
    pub async fn load(&mut self) -> Result<StoredRoom, StoreError> {
        let damaged = || StoreError::Damaged(self.code.clone());
        let row = sqlx::query("SELECT state FROM rooms WHERE code = $1")
            .bind(self.code.as_str())
            .fetch_one(&mut *self.tx)
            .await?;
        let session: Option<Vec<u8>> = row.try_get(0)?;
        let session = session.ok_or_else(damaged)?;
        let rows = sqlx::query("SELECT seat, token FROM seats WHERE code = $1")
            .bind(self.code.as_str())
            .fetch_all(&mut *self.tx)
            .await?;
        Ok(StoredRoom {
            session,
            seq: self.seq,
            tokens: seats_of(&self.code, &rows)?,
        })
    }

    /// The log's actions after the first `seq`, oldest first.
    pub async fn actions_after(&mut self, seq: u64) -> Result<Vec<String>, StoreError> {
        let rows =
            sqlx::query("SELECT action FROM actions WHERE code = $1 AND seq > $2 ORDER BY seq")
                .bind(self.code.as_str())
                .bind(i64::try_from(seq).unwrap_or(i64::MAX))
                .fetch_all(&mut *self.tx)
                .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>(0).map_err(StoreError::from))
            .collect()
    }

    /// Room's turn timer as stored (read in the transaction), if it has one.
    pub async fn timer(&mut self) -> Result<Option<StoredTimer>, StoreError> {
        let row = sqlx::query("SELECT seconds, ai, seat, deadline FROM timers WHERE code = $1")
            .bind(self.code.as_str())
            .fetch_optional(&mut *self.tx)
            .await?;
        row.map(|row| timer_of(&self.code, &row)).transpose()
    }

    /// Appends `lines` to the log (numbered from [`seq`](Locked::seq)` + 1`), stores the
    /// session's bytes after them, notifies the other processes (PostgreSQL) and commits.
    pub async fn commit(self, lines: &[String], session: &[u8]) -> Result<(), StoreError> {
        self.commit_timed(lines, session, None).await
    }

    /// [`Locked::commit`] of a room with a turn timer: its new `deadline` (`Some(None)`:
    /// none runs; `None`: left as it is) is written in the same transaction, before the
    /// notification.
    pub async fn commit_timed(
        mut self,
        lines: &[String],
        session: &[u8],
        deadline: Option<Option<(u8, i64)>>,
    ) -> Result<(), StoreError> {
        let seq_after = self.seq + lines.len() as u64;
        write_step(&mut self.tx, &self.code, self.seq, lines, session, deadline).await?;
        notify(
            &mut self.tx,
            self.postgres,
            &self.code,
            seq_after,
            &self.node,
        )
        .await?;
        self.tx.commit().await?;
        Ok(())
    }
}

/// `CODE SEQ NODE` on [`CHANNEL`] (PostgreSQL only; sent when the transaction commits).
async fn notify(
    tx: &mut Transaction<'static, Any>,
    postgres: bool,
    code: &str,
    seq: u64,
    node: &str,
) -> Result<(), StoreError> {
    if postgres {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{code} {seq} {node}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// `CODE` on [`PRESENCE_CHANNEL`] (sent when the transaction commits).
async fn presence_notice(tx: &mut Transaction<'static, Any>, code: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(PRESENCE_CHANNEL)
        .bind(code)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// Opens (and creates the tables of) the database at `url` ([`url_of`]), and hashes
    /// the tokens of a database written before they were hashed.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            // SQLite has one writer: one connection keeps writes in order and avoids
            // "database is locked".
            .max_connections(if sqlite { 1 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // A write-ahead log (one sync per commit, readers never blocked),
                        // and every commit on the disk before it returns.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        for statement in SCHEMA {
            pool.execute(statement).await?;
        }
        if !sqlite {
            pool.execute(PRESENCE_SCHEMA).await?;
            pool.execute(ALLOWANCES_SCHEMA).await?;
        }
        let node: Arc<str> = {
            let mut b = [0u8; 16];
            // A zero name (the generator failed) would only make this process hear its own
            // steps again: harmless.
            let _ = getrandom::getrandom(&mut b);
            hex(&b).into()
        };
        // Steps of many rooms are committed together: one sync for all (SQLite, one
        // writer; PostgreSQL, one transaction of this process's steps, each notifying).
        let grouped = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
        let (tx, rx) = mpsc::unbounded_channel();
        let rx = Arc::new(tokio::sync::Mutex::new(rx));
        let (writers, most) = if sqlite {
            (1, GROUP)
        } else {
            (PG_WRITERS, PG_GROUP)
        };
        for _ in 0..writers {
            tokio::spawn(group_committer(
                pool.clone(),
                Arc::clone(&rx),
                Arc::clone(&grouped),
                (!sqlite).then(|| Arc::clone(&node)),
                most,
            ));
        }
        let store = Store {
            pool,
            url: url.to_string(),
            postgres: !sqlite,
            group: Some(tx),
            grouped,
            node,
        };
        store.hash_plain_tokens().await?;
        store.session_blobs().await?;
        Ok(store)
    }

    /// Once per database: every seat's token replaced by its hash, in one transaction that
    /// also writes the mark `tokens = sha256` (a second process opening the same
    /// PostgreSQL database at the same time waits on the mark's row and finds it written).
    async fn hash_plain_tokens(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query(
            "INSERT INTO meta (name, value) VALUES ('tokens', 'sha256') ON CONFLICT (name) DO NOTHING",
        )
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 1 {
            let rows = sqlx::query("SELECT code, seat, token FROM seats")
                .fetch_all(&mut *tx)
                .await?;
            for row in rows {
                let code: String = row.try_get(0)?;
                let seat: i32 = row.try_get(1)?;
                let token: String = row.try_get(2)?;
                sqlx::query("UPDATE seats SET token = $1 WHERE code = $2 AND seat = $3")
                    .bind(token_hash(&token))
                    .bind(code)
                    .bind(seat)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// This store's name in the notifications it sends and in presence rows (random, new
    /// at every open).
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Once per database (schema mark `session = blob` in `meta`, written in the same
    /// transaction): the column `rooms.state` (BLOB; PostgreSQL BYTEA) is added and every
    /// room's session, stored before as hex text in `rooms.session`, is moved there as
    /// bytes (`session` left empty). A database of an older server opens, and its rooms
    /// resume; a second process opening it at the same time waits on the mark and finds it.
    async fn session_blobs(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query(
            "INSERT INTO meta (name, value) VALUES ('session', 'blob') ON CONFLICT (name) DO NOTHING",
        )
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 1 {
            tx.execute(if self.postgres {
                "ALTER TABLE rooms ADD COLUMN state BYTEA"
            } else {
                "ALTER TABLE rooms ADD COLUMN state BLOB"
            })
            .await?;
            let rows = sqlx::query("SELECT code, session FROM rooms")
                .fetch_all(&mut *tx)
                .await?;
            for row in rows {
                let code: String = row.try_get(0)?;
                let text: String = row.try_get(1)?;
                let bytes = unhex(&text).ok_or_else(|| StoreError::Damaged(code.clone()))?;
                sqlx::query("UPDATE rooms SET state = $1, session = '' WHERE code = $2")
                    .bind(bytes)
                    .bind(code)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// The URL the store was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether this is PostgreSQL (several processes may share it).
    pub const fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// Stores a new room: its settings line (for people reading the database) and its
    /// session's bytes, with an empty log.
    pub async fn create_room(
        &self,
        code: &str,
        settings: &str,
        session: &[u8],
        created: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO rooms (code, settings, session, state, seq, created) VALUES ($1, $2, '', $3, 0, $4)",
        )
        .bind(code)
        .bind(settings)
        .bind(session)
        .bind(created)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Gives `seat` of room `code` to the token whose hash is `hash` (or frees it: `None`),
    /// whoever held it.
    pub async fn set_seat(
        &self,
        code: &str,
        seat: u8,
        hash: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        match hash {
            Some(hash) => {
                sqlx::query(
                    "INSERT INTO seats (code, seat, token) VALUES ($1, $2, $3)
                     ON CONFLICT (code, seat) DO UPDATE SET token = excluded.token",
                )
                .bind(code)
                .bind(i32::from(seat))
                .bind(hash)
                .execute(&mut *tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM seats WHERE code = $1 AND seat = $2")
                    .bind(code)
                    .bind(i32::from(seat))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        self.seat_notice(&mut tx, code).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Gives a free `seat` of room `code` to the token whose hash is `hash`; `false` if
    /// somebody holds it already (another process gave it away).
    pub async fn take_seat(&self, code: &str, seat: u8, hash: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query(
            "INSERT INTO seats (code, seat, token) VALUES ($1, $2, $3)
             ON CONFLICT (code, seat) DO NOTHING",
        )
        .bind(code)
        .bind(i32::from(seat))
        .bind(hash)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if taken {
            self.seat_notice(&mut tx, code).await?;
        }
        tx.commit().await?;
        Ok(taken)
    }

    /// Frees `seat` of room `code` if the token whose hash is `hash` still holds it.
    pub async fn free_seat(&self, code: &str, seat: u8, hash: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM seats WHERE code = $1 AND seat = $2 AND token = $3")
            .bind(code)
            .bind(i32::from(seat))
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        self.seat_notice(&mut tx, code).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn seat_notice(
        &self,
        tx: &mut Transaction<'static, Any>,
        code: &str,
    ) -> Result<(), StoreError> {
        if self.postgres {
            let row = sqlx::query("SELECT seq FROM rooms WHERE code = $1")
                .bind(code)
                .fetch_optional(&mut **tx)
                .await?;
            if let Some(row) = row {
                let seq: i64 = row.try_get(0)?;
                notify(tx, true, code, u64::try_from(seq).unwrap_or(0), &self.node).await?;
            }
        }
        Ok(())
    }

    /// Begins a transaction holding room `code`'s row (`SELECT … FOR UPDATE` on
    /// PostgreSQL; SQLite, one connection, has one writer anyway): the stored log's length
    /// is read under the lock, so the caller checks it against its copy of the room.
    pub async fn lock(&self, code: &str) -> Result<Locked, StoreError> {
        let mut tx = self.pool.begin().await?;
        let sql = if self.postgres {
            "SELECT seq FROM rooms WHERE code = $1 FOR UPDATE"
        } else {
            "SELECT seq FROM rooms WHERE code = $1"
        };
        let row = sqlx::query(sql)
            .bind(code)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| StoreError::NoRoom(code.to_string()))?;
        let seq: i64 = row.try_get(0)?;
        let seq = u64::try_from(seq).map_err(|_| StoreError::Damaged(code.to_string()))?;
        Ok(Locked {
            tx,
            code: code.to_string(),
            seq,
            postgres: self.postgres,
            node: Arc::clone(&self.node),
        })
    }

    /// Stores what room `code` did: `lines` (one log row each, numbered from `seq_before +
    /// 1`) and the session's bytes after them, in one transaction holding the room's row.
    /// Fails with [`StoreError::Conflict`] if the log is no longer at `seq_before`.
    pub async fn commit(
        &self,
        code: &str,
        seq_before: u64,
        lines: &[String],
        session: &[u8],
    ) -> Result<(), StoreError> {
        self.commit_timed(code, seq_before, lines, session, None)
            .await
    }

    /// [`Store::commit`] of a room with a turn timer: its new `deadline` (`Some(None)`: none
    /// runs) is stored in the same transaction.
    pub async fn commit_timed(
        &self,
        code: &str,
        seq_before: u64,
        lines: &[String],
        session: &[u8],
        deadline: Option<Option<(u8, i64)>>,
    ) -> Result<(), StoreError> {
        let locked = self.lock(code).await?;
        if locked.seq() != seq_before {
            return Err(StoreError::Conflict(code.to_string()));
        }
        locked.commit_timed(lines, session, deadline).await
    }

    /// Stores a step of room `code` as [`Store::commit_timed`] does — `lines` after the
    /// log's `seq_before`, the session's bytes, a timed room's deadline, on PostgreSQL the
    /// notification — but in a group commit: one transaction (one sync) for the steps of
    /// every room waiting at that moment. Returns once the transaction holding this step
    /// is committed (or failed: then nothing of the step was stored); a log no longer at
    /// `seq_before` (another process moved the room on) is [`StoreError::Conflict`].
    pub async fn commit_grouped(
        &self,
        code: &str,
        seq_before: u64,
        lines: Vec<String>,
        session: Vec<u8>,
        deadline: Option<Option<(u8, i64)>>,
    ) -> Result<(), StoreError> {
        let Some(group) = &self.group else {
            return self
                .commit_timed(code, seq_before, &lines, &session, deadline)
                .await;
        };
        let (done, answer) = oneshot::channel();
        group
            .send(Job {
                code: code.to_string(),
                seq_before,
                lines,
                session,
                deadline,
                done,
            })
            .map_err(|_| StoreError::Group("the writer stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Group("the writer stopped".into()))?
    }

    /// SQLite: how many group commits were made and how many steps they held (their
    /// ratio is the steps per sync to the disk).
    pub fn group_stats(&self) -> (u64, u64) {
        (
            self.grouped[0].load(Ordering::Relaxed),
            self.grouped[1].load(Ordering::Relaxed),
        )
    }

    /// Gives room `code` a turn timer of `seconds` per move, moving with the AI `ai`
    /// (a level's name), no deadline running yet.
    pub async fn create_timer(&self, code: &str, seconds: u32, ai: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO timers (code, seconds, ai, seat, deadline) VALUES ($1, $2, $3, -1, 0)",
        )
        .bind(code)
        .bind(i64::from(seconds))
        .bind(ai)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Room `code`'s turn timer, if it has one.
    pub async fn timer(&self, code: &str) -> Result<Option<StoredTimer>, StoreError> {
        let Some(row) =
            sqlx::query("SELECT seconds, ai, seat, deadline FROM timers WHERE code = $1")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        timer_of(code, &row).map(Some)
    }

    /// Room `code` as stored, if there is one.
    pub async fn load(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let Some(row) = sqlx::query("SELECT state, seq FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let damaged = || StoreError::Damaged(code.to_string());
        let session: Option<Vec<u8>> = row.try_get(0)?;
        let seq: i64 = row.try_get(1)?;
        let session = session.ok_or_else(damaged)?;
        let seq = u64::try_from(seq).map_err(|_| damaged())?;
        let rows = sqlx::query("SELECT seat, token FROM seats WHERE code = $1")
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        Ok(Some(StoredRoom {
            session,
            seq,
            tokens: seats_of(code, &rows)?,
        }))
    }

    /// Room `code`'s action log, oldest first (the core's script lines).
    pub async fn actions(&self, code: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT action FROM actions WHERE code = $1 ORDER BY seq")
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>(0).map_err(StoreError::from))
            .collect()
    }

    /// PostgreSQL: process `node`'s connections to room `code` are now `counts` (its rows
    /// replaced, with the heartbeat `now`), and every process is told on
    /// [`PRESENCE_CHANNEL`].
    pub async fn put_presence(
        &self,
        node: &str,
        code: &str,
        counts: &Presence,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM presence WHERE code = $1 AND node = $2")
            .bind(code)
            .bind(node)
            .execute(&mut *tx)
            .await?;
        for (seat, conns) in counts.rows() {
            sqlx::query(
                "INSERT INTO presence (code, node, seat, conns, beat) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(code)
            .bind(node)
            .bind(seat)
            .bind(conns)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        presence_notice(&mut tx, code).await?;
        tx.commit().await?;
        Ok(())
    }

    /// PostgreSQL: the connections to room `code` of every process but `node` whose
    /// heartbeat is at `fresh_since` or later (older rows are a dead process's).
    pub async fn presence_of(
        &self,
        code: &str,
        node: &str,
        fresh_since: i64,
    ) -> Result<Presence, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, conns FROM presence WHERE code = $1 AND node <> $2 AND beat >= $3",
        )
        .bind(code)
        .bind(node)
        .bind(fresh_since)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Presence::default();
        for row in rows {
            let seat: i32 = row.try_get(0)?;
            let conns: i64 = row.try_get(1)?;
            let conns = u32::try_from(conns).unwrap_or(u32::MAX);
            match usize::try_from(seat).ok() {
                None => out.spectators = out.spectators.saturating_add(conns),
                Some(s) => {
                    if let Some(n) = out.seats.get_mut(s) {
                        *n = n.saturating_add(conns);
                    }
                }
            }
        }
        Ok(out)
    }

    /// PostgreSQL: process `node`'s heartbeat — its rows marked alive at `now` — and the
    /// rows of processes silent since before `expired_before` deleted, every room they
    /// named notified on [`PRESENCE_CHANNEL`]. Returns those rooms.
    pub async fn beat(
        &self,
        node: &str,
        now: i64,
        expired_before: i64,
    ) -> Result<Vec<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE presence SET beat = $1 WHERE node = $2")
            .bind(now)
            .bind(node)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM allowances WHERE beat < $1")
            .bind(expired_before)
            .execute(&mut *tx)
            .await?;
        let codes = sqlx::query("DELETE FROM presence WHERE beat < $1 RETURNING code")
            .bind(expired_before)
            .fetch_all(&mut *tx)
            .await?;
        let mut codes: Vec<String> = codes
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?;
        codes.sort();
        codes.dedup();
        for code in &codes {
            presence_notice(&mut tx, code).await?;
        }
        tx.commit().await?;
        Ok(codes)
    }

    /// PostgreSQL: process `node`'s use of the allowances of each address in `uses` (its
    /// rows replaced), and every row of it marked alive at `now`.
    pub async fn put_allowances(
        &self,
        node: &str,
        uses: &[AddrUse],
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for u in uses {
            let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
            sqlx::query(
                "INSERT INTO allowances (addr, node, messages, rooms, guesses, conns, m_level, r_level, g_level, beat)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (addr, node) DO UPDATE SET messages = excluded.messages,
                 rooms = excluded.rooms, guesses = excluded.guesses, conns = excluded.conns,
                 m_level = excluded.m_level, r_level = excluded.r_level,
                 g_level = excluded.g_level, beat = excluded.beat",
            )
            .bind(u.addr.as_str())
            .bind(node)
            .bind(count(u.taken[0]))
            .bind(count(u.taken[1]))
            .bind(count(u.taken[2]))
            .bind(i64::from(u.conns))
            .bind(u.levels[0])
            .bind(u.levels[1])
            .bind(u.levels[2])
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("UPDATE allowances SET beat = $1 WHERE node = $2")
            .bind(now)
            .bind(node)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// PostgreSQL: every address's use of the allowances of the processes but `node` whose
    /// rows are alive at `fresh_since` or later: taken and connections summed, the lowest
    /// levels.
    pub async fn allowances_elsewhere(
        &self,
        node: &str,
        fresh_since: i64,
    ) -> Result<Vec<AddrUse>, StoreError> {
        let rows = sqlx::query(
            "SELECT addr, CAST(SUM(messages) AS BIGINT), CAST(SUM(rooms) AS BIGINT),
             CAST(SUM(guesses) AS BIGINT), CAST(SUM(conns) AS BIGINT), MIN(m_level),
             MIN(r_level), MIN(g_level)
             FROM allowances WHERE node <> $1 AND beat >= $2 GROUP BY addr",
        )
        .bind(node)
        .bind(fresh_since)
        .fetch_all(&self.pool)
        .await?;
        let count = |v: i64| u64::try_from(v).unwrap_or(0);
        rows.iter()
            .map(|r| {
                Ok(AddrUse {
                    addr: r.try_get(0)?,
                    taken: [
                        count(r.try_get(1)?),
                        count(r.try_get(2)?),
                        count(r.try_get(3)?),
                    ],
                    conns: u32::try_from(r.try_get::<i64, _>(4)?).unwrap_or(u32::MAX),
                    levels: [r.try_get(5)?, r.try_get(6)?, r.try_get(7)?],
                })
            })
            .collect()
    }

    /// PostgreSQL: process `node` stops (a clean shutdown): its rows are deleted and every
    /// room they named notified.
    pub async fn drop_node(&self, node: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM allowances WHERE node = $1")
            .bind(node)
            .execute(&mut *tx)
            .await?;
        let codes = sqlx::query("DELETE FROM presence WHERE node = $1 RETURNING code")
            .bind(node)
            .fetch_all(&mut *tx)
            .await?;
        let mut codes: Vec<String> = codes
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?;
        codes.sort();
        codes.dedup();
        for code in &codes {
            presence_notice(&mut tx, code).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let b = [0u8, 1, 0xab, 0xff];
        assert_eq!(unhex(&hex(&b)).unwrap(), b);
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("é1"), None);
    }

    #[tokio::test]
    async fn a_commit_is_all_or_nothing_and_checks_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite");
        let store = Store::open(&url_of(path.to_str().unwrap())).await.unwrap();
        store
            .create_room("abc", "session …", &[1, 2, 3], 0)
            .await
            .unwrap();
        store.set_seat("abc", 1, Some("tok")).await.unwrap();
        store
            .commit("abc", 0, &["continue".into(), "ai".into()], &[4, 5])
            .await
            .unwrap();
        // A writer that thinks the log is still at 0 changes nothing.
        assert!(matches!(
            store.commit("abc", 0, &["rematch".into()], &[9]).await,
            Err(StoreError::Conflict(_))
        ));
        drop(store);
        let store = Store::open(&url_of(path.to_str().unwrap())).await.unwrap();
        let room = store.load("abc").await.unwrap().unwrap();
        assert_eq!(room.session, vec![4, 5]);
        assert_eq!(room.seq, 2);
        assert_eq!(room.tokens[1].as_deref(), Some("tok"));
        assert_eq!(store.actions("abc").await.unwrap(), ["continue", "ai"]);
        assert_eq!(store.load("nope").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_seat_taken_is_not_overwritten_and_only_its_token_frees_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&url_of(dir.path().join("s.sqlite").to_str().unwrap()))
            .await
            .unwrap();
        store.create_room("r", "s", &[1], 0).await.unwrap();
        assert!(store.take_seat("r", 0, "h1").await.unwrap());
        assert!(!store.take_seat("r", 0, "h2").await.unwrap());
        store.free_seat("r", 0, "h2").await.unwrap();
        assert_eq!(
            store.load("r").await.unwrap().unwrap().tokens[0].as_deref(),
            Some("h1")
        );
        store.free_seat("r", 0, "h1").await.unwrap();
        assert_eq!(store.load("r").await.unwrap().unwrap().tokens[0], None);
        assert!(store.take_seat("r", 0, "h2").await.unwrap());
        // A lock names the stored log's length; a room that is not stored is an error.
        assert_eq!(store.lock("r").await.unwrap().seq(), 0);
        assert!(matches!(
            store.lock("nope").await,
            Err(StoreError::NoRoom(_))
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn steps_of_many_rooms_are_committed_together_and_a_conflict_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite");
        let store = Store::open(&url_of(path.to_str().unwrap())).await.unwrap();
        for i in 0..40 {
            store
                .create_room(&format!("r{i}"), "s", &[0], 0)
                .await
                .unwrap();
        }
        // Forty rooms' steps at once, and for each a second one that thinks the log is
        // still where it was (a stale writer): the first of each is stored, the stale one
        // refused alone, whatever batch they share.
        let mut tasks = Vec::new();
        for i in 0..40u8 {
            for stale in [false, true] {
                let store = store.clone();
                tasks.push(tokio::spawn(async move {
                    if stale {
                        tokio::task::yield_now().await;
                    }
                    let lines = if stale {
                        vec!["rematch".to_string()]
                    } else {
                        vec!["continue".to_string(), format!("select {i}")]
                    };
                    let r = store
                        .commit_grouped(&format!("r{i}"), 0, lines, vec![i, 1], None)
                        .await;
                    (i, stale, r)
                }));
            }
        }
        let mut stored = 0;
        for t in tasks {
            let (i, stale, r) = t.await.unwrap();
            match r {
                Ok(()) => stored += 1,
                Err(StoreError::Conflict(code)) => assert_eq!(code, format!("r{i}")),
                Err(e) => panic!("{i} {stale}: {e}"),
            }
        }
        assert_eq!(stored, 40, "one step of each room");
        let (commits, steps) = store.group_stats();
        assert_eq!(steps, 80, "every step went through a group");
        assert!(
            commits < 80,
            "{commits} commits for 80 steps: some were grouped"
        );
        drop(store);
        let store = Store::open(&url_of(path.to_str().unwrap())).await.unwrap();
        for i in 0..40u8 {
            let room = store.load(&format!("r{i}")).await.unwrap().unwrap();
            let log = store.actions(&format!("r{i}")).await.unwrap();
            // Whichever came first, the room holds exactly its rows and their session.
            if room.seq == 2 {
                assert_eq!(log, ["continue".to_string(), format!("select {i}")]);
                assert_eq!(room.session, vec![i, 1]);
            } else {
                assert_eq!(room.seq, 1);
                assert_eq!(log, ["rematch"]);
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_file_of_hex_sessions_is_migrated_once_and_its_rooms_resume() {
        use crate::hub::{Config, Hub};
        use crate::room::Room;
        use scopa_core::session::pacing::Pacing;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("main.sqlite");
        let url = url_of(path.to_str().unwrap());
        let pacing = Pacing {
            ai_ms: 0,
            scopa_ms: 0,
            summary_ms: 0,
            attended: false,
        };
        let settings = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";
        let mut room =
            Room::create("oldroom".into(), settings.parse().unwrap(), 7, pacing).unwrap();
        room.claim(1, token_hash("tok1")).unwrap();
        let settled = room.settle().unwrap();
        let bytes = room.bytes();
        {
            // The file as the server of the main branch wrote it: the session as hex text
            // in `rooms.session`, tokens hashed, no `state` column.
            install_default_drivers();
            let pool = AnyPoolOptions::new().connect(&url).await.unwrap();
            for statement in SCHEMA {
                pool.execute(statement).await.unwrap();
            }
            pool.execute("INSERT INTO meta (name, value) VALUES ('tokens', 'sha256')")
                .await
                .unwrap();
            sqlx::query(
                "INSERT INTO rooms (code, settings, session, seq, created) VALUES ('oldroom', $1, $2, $3, 0)",
            )
            .bind(settings)
            .bind(hex(&bytes))
            .bind(settled.actions.len() as i64)
            .execute(&pool)
            .await
            .unwrap();
            for (i, line) in settled.lines().iter().enumerate() {
                sqlx::query("INSERT INTO actions (code, seq, action) VALUES ('oldroom', $1, $2)")
                    .bind(i as i64 + 1)
                    .bind(line.as_str())
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            sqlx::query("INSERT INTO seats (code, seat, token) VALUES ('oldroom', 1, $1)")
                .bind(token_hash("tok1"))
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
        }
        for _ in 0..2 {
            // Opened twice: the second opening migrates nothing again.
            let store = Store::open(&url).await.unwrap();
            let stored = store.load("oldroom").await.unwrap().unwrap();
            assert_eq!(stored.session, bytes);
            assert_eq!(stored.seq, settled.actions.len() as u64);
            store.close().await;
        }
        // The room resumes through the hub, with the token its client holds, and plays on.
        let store = Store::open(&url).await.unwrap();
        let hub = Hub::new(store.clone(), Config::default());
        let (tx, mut rx) = tokio::sync::mpsc::channel(64);
        let mut conn = hub.connect(tx, false);
        conn.handle(r#"{"type":"resume","room":"oldroom","token":"tok1"}"#)
            .await;
        let joined: serde_json::Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        assert_eq!(joined["type"], "joined", "{joined}");
        assert_eq!(joined["seat"], 1);
        let frame: serde_json::Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        assert_eq!(frame["type"], "frame");
        assert_eq!(frame["seq"], settled.actions.len() as u64);
        assert_eq!(
            frame["frame"]["hand"],
            serde_json::to_value(
                serde_json::from_str::<serde_json::Value>(
                    room.frame_json(Some(1), &[], None).get()
                )
                .unwrap()["hand"]
                    .clone()
            )
            .unwrap()
        );
        let mut locked = store.lock("oldroom").await.unwrap();
        assert_eq!(locked.load().await.unwrap().session, bytes);
        drop(locked);
        store.close().await;
    }

    #[test]
    fn a_token_is_kept_as_its_sha256() {
        // SHA-256 of "abc" (FIPS 180-2's first example).
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(token_hash("abc").len(), 64);
    }

    #[tokio::test]
    async fn a_database_of_plain_tokens_is_hashed_once_when_opened() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        let url = url_of(path.to_str().unwrap());
        {
            // A database as the server wrote it before tokens were hashed: no `meta`.
            install_default_drivers();
            let pool = AnyPoolOptions::new().connect(&url).await.unwrap();
            for statement in &SCHEMA[..3] {
                pool.execute(*statement).await.unwrap();
            }
            pool.execute(
                "INSERT INTO rooms (code, settings, session, seq, created) VALUES ('r', 's', '0102', 0, 0)",
            )
            .await
            .unwrap();
            pool.execute("INSERT INTO seats (code, seat, token) VALUES ('r', 0, 'plain0'), ('r', 1, 'plain1')")
                .await
                .unwrap();
            pool.close().await;
        }
        for _ in 0..2 {
            // Opened twice: the second opening hashes nothing again.
            let store = Store::open(&url).await.unwrap();
            let room = store.load("r").await.unwrap().unwrap();
            assert_eq!(room.tokens[0], Some(token_hash("plain0")));
            assert_eq!(room.tokens[1], Some(token_hash("plain1")));
            store.close().await;
        }
    }
}
