//! The store: every room's session bytes, its seats' tokens and its action log, in SQLite
//! by default (one file). The SQL is plain enough to run on PostgreSQL as well (through
//! sqlx's `Any` driver: `$n` parameters, `TEXT` and `BIGINT` columns, session bytes as hex
//! text, `ON CONFLICT` upserts); several processes on one PostgreSQL are the next slice.
//!
//! An accepted action is stored — the room's new session bytes and one action log row per
//! action, in one transaction — before anyone is told ([`Store::commit`]).

use scopa_core::session::table::MAX_SEATS;
use sqlx::Row;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};

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
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// The session's bytes.
    pub session: Vec<u8>,
    /// How many actions the log holds.
    pub seq: u64,
    /// Each seat's token.
    pub tokens: [Option<String>; MAX_SEATS],
}

/// The store: a connection pool.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
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

const SCHEMA: [&str; 4] = [
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
    // Rooms with a turn timer only; `seat` -1 when no deadline runs.
    "CREATE TABLE IF NOT EXISTS timers (
        code TEXT PRIMARY KEY,
        seconds BIGINT NOT NULL,
        ai TEXT NOT NULL,
        seat INTEGER NOT NULL,
        deadline BIGINT NOT NULL
    )",
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
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

impl Store {
    /// Opens (and creates the tables of) the database at `url` ([`url_of`]).
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
        Ok(Store { pool })
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
            "INSERT INTO rooms (code, settings, session, seq, created) VALUES ($1, $2, $3, 0, $4)",
        )
        .bind(code)
        .bind(settings)
        .bind(hex(session))
        .bind(created)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Gives `seat` of room `code` to `token` (or frees it: `None`).
    pub async fn set_seat(
        &self,
        code: &str,
        seat: u8,
        token: Option<&str>,
    ) -> Result<(), StoreError> {
        match token {
            Some(token) => {
                sqlx::query(
                    "INSERT INTO seats (code, seat, token) VALUES ($1, $2, $3)
                     ON CONFLICT (code, seat) DO UPDATE SET token = excluded.token",
                )
                .bind(code)
                .bind(i32::from(seat))
                .bind(token)
                .execute(&self.pool)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM seats WHERE code = $1 AND seat = $2")
                    .bind(code)
                    .bind(i32::from(seat))
                    .execute(&self.pool)
                    .await?;
            }
        }
        Ok(())
    }

    /// Stores what room `code` did: `lines` (one log row each, numbered from `seq_before +
    /// 1`) and the session's bytes after them, in one transaction. Fails with
    /// [`StoreError::Conflict`] if the log is no longer at `seq_before`.
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
        let mut tx = self.pool.begin().await?;
        let seq_after = seq_before + lines.len() as u64;
        let updated =
            sqlx::query("UPDATE rooms SET session = $1, seq = $2 WHERE code = $3 AND seq = $4")
                .bind(hex(session))
                .bind(seq_after as i64)
                .bind(code)
                .bind(seq_before as i64)
                .execute(&mut *tx)
                .await?;
        if updated.rows_affected() != 1 {
            return Err(StoreError::Conflict(code.to_string()));
        }
        for (i, line) in lines.iter().enumerate() {
            sqlx::query("INSERT INTO actions (code, seq, action) VALUES ($1, $2, $3)")
                .bind(code)
                .bind((seq_before + 1 + i as u64) as i64)
                .bind(line.as_str())
                .execute(&mut *tx)
                .await?;
        }
        if let Some(deadline) = deadline {
            let (seat, at) = deadline.map_or((-1, 0), |(s, at)| (i32::from(s), at));
            sqlx::query("UPDATE timers SET seat = $1, deadline = $2 WHERE code = $3")
                .bind(seat)
                .bind(at)
                .bind(code)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
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
        Ok(Some(StoredTimer {
            seconds,
            ai,
            deadline,
        }))
    }

    /// Room `code` as stored, if there is one.
    pub async fn load(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let Some(row) = sqlx::query("SELECT session, seq FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let damaged = || StoreError::Damaged(code.to_string());
        let session: String = row.try_get(0)?;
        let seq: i64 = row.try_get(1)?;
        let session = unhex(&session).ok_or_else(damaged)?;
        let seq = u64::try_from(seq).map_err(|_| damaged())?;
        let mut tokens: [Option<String>; MAX_SEATS] = Default::default();
        for row in sqlx::query("SELECT seat, token FROM seats WHERE code = $1")
            .bind(code)
            .fetch_all(&self.pool)
            .await?
        {
            let seat: i32 = row.try_get(0)?;
            let token: String = row.try_get(1)?;
            let slot = usize::try_from(seat)
                .ok()
                .and_then(|s| tokens.get_mut(s))
                .ok_or_else(damaged)?;
            *slot = Some(token);
        }
        Ok(Some(StoredRoom {
            session,
            seq,
            tokens,
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
}
