//! The load generator: N rooms of two people, each person a real WebSocket client on
//! 127.0.0.1, playing whole matches against one `scopa-server` process (SQLite in a temp
//! dir, or PostgreSQL in a temp cluster), then a report: moves per second, the time from an
//! action to the other seat's new frame (p50, p99, max), and the server's memory per room
//! (its resident set from /proc before the rooms and with all of them open). It stops by
//! itself: when every match is over, or after `--seconds`.
//!
//! ```sh
//! cargo build --release -p scopa-server --examples
//! ulimit -n 50000   # two sockets per room on each side
//! target/release/examples/load --rooms 1000 --pace-ms 2000 --seconds 60
//! target/release/examples/load --rooms 200 --pace-ms 0 --db postgres
//! ```
//!
//! Options: `--rooms N` (default 100), `--pace-ms P` (each room's pause between moves; 0:
//! full speed; default 2000), `--seconds S` (the bound, default 120), `--db sqlite|postgres`,
//! `--server PATH` (default: `scopa-server` next to this program's folder), `--connect N`
//! (handshakes at once, default 256).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const TWO_PEOPLE: &str = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Rooms open at once.
    pub rooms: usize,
    /// Each room's pause between moves (0: full speed).
    pub pace: Duration,
    /// The bound: the run stops after this even if matches go on.
    pub limit: Duration,
    /// PostgreSQL (a temp cluster) instead of SQLite.
    pub postgres: bool,
    /// The server binary.
    pub server: PathBuf,
    /// Handshakes at once.
    pub connect: usize,
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Rooms that played.
    pub rooms: usize,
    /// Matches played to the end.
    pub matches: usize,
    /// Moves (actions) sent and answered.
    pub moves: u64,
    /// Errors the server answered (none expected).
    pub errors: u64,
    /// The time the moves took, from the first move to the last answer.
    pub elapsed: Duration,
    /// Action to the other seat's new frame, in µs: p50, p99, max.
    pub p50_us: u64,
    /// p99.
    pub p99_us: u64,
    /// The slowest.
    pub max_us: u64,
    /// The server's resident set before the rooms and with them open, in KiB.
    pub rss_before_kib: u64,
    /// With every room open.
    pub rss_open_kib: u64,
    /// How long opening the rooms (create, two joins) took.
    pub setup: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let per_room = (self.rss_open_kib.saturating_sub(self.rss_before_kib)) as f64
            / self.rooms.max(1) as f64;
        write!(
            f,
            "rooms {} (opened in {:.1} s), matches over {}, moves {} in {:.1} s = {:.0} moves/s, errors {}\n\
             action -> other seat's frame: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             server RSS {} KiB before, {} KiB with the rooms open: {:.1} KiB per room",
            self.rooms,
            self.setup.as_secs_f64(),
            self.matches,
            self.moves,
            secs,
            self.moves as f64 / secs,
            self.errors,
            self.p50_us as f64 / 1000.0,
            self.p99_us as f64 / 1000.0,
            self.max_us as f64 / 1000.0,
            self.rss_before_kib,
            self.rss_open_kib,
            per_room,
        )
    }
}

/// The server process, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(bin: &Path, db: &str) -> Server {
        let mut child = Command::new(bin)
            .args(["--listen", "127.0.0.1:0", "--db", db])
            .args(["--ai-ms", "0", "--scopa-ms", "0", "--summary-ms", "0"])
            // Every client is on 127.0.0.1: one address, whose limits are lifted.
            .args(["--allow-client-seed", "--rate", "1000000"])
            .args(["--rooms-per-addr", "1000000", "--conns-per-addr", "1000000"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let mut stderr = std::io::BufReader::new(child.stderr.take().expect("piped"));
        let mut line = String::new();
        std::io::BufRead::read_line(&mut stderr, &mut line).expect("the server says its address");
        let addr = line
            .split_whitespace()
            .find(|w| w.starts_with("127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches(',')
            .to_string();
        std::thread::spawn(move || {
            for l in std::io::BufRead::lines(stderr).map_while(Result::ok) {
                eprintln!("server: {l}");
            }
        });
        Server { child, addr }
    }

    fn rss_kib(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmRSS:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM first: the server says how many steps its group commits held.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        for _ in 0..30 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A PostgreSQL 15 cluster (Debian's) in a temp dir on 127.0.0.1, stopped when dropped: the
/// tests' own.
#[path = "../tests/cluster/mod.rs"]
mod cluster;
use cluster::Cluster;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(addr: &str) -> Ws {
    loop {
        match tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
            .await
        {
            Ok((ws, _)) => return ws,
            Err(e) => {
                eprintln!("load: connect: {e}; again");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

async fn recv(ws: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

async fn send(ws: &mut Ws, v: Value) -> bool {
    ws.send(Message::text(v.to_string())).await.is_ok()
}

/// Reads until a frame after `seq` where the room waits for a person or the match is over;
/// the time of the first frame after `seq`.
async fn settle(ws: &mut Ws, seq: u64, errors: &AtomicU64) -> Option<(Value, Instant)> {
    let mut first = None;
    loop {
        let v = recv(ws).await?;
        if v["type"] == "error" {
            errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("load: {v}");
            return None;
        }
        if v["type"] != "frame" || v["seq"].as_u64()? <= seq {
            continue;
        }
        let at = *first.get_or_insert_with(Instant::now);
        let f = &v["frame"];
        if f["next"].get("wait").is_some() || f["phase"]["kind"] == "match_over" {
            return Some((v, at));
        }
    }
}

/// The move of a seat's frame: the first card, the first capture.
fn choose(frame: &Value) -> Option<String> {
    let c = &frame["choices"];
    match c["kind"].as_str()? {
        "cards" => Some(format!(
            "select {}",
            c["cards"][0]["card"]["card"].as_str()?
        )),
        "captures" => Some("capture 0".into()),
        _ => None,
    }
}

/// One room opened: its two clients and their frames.
struct Open {
    ws: [Ws; 2],
    frames: [Value; 2],
}

async fn open(addr: &str, seed: u64) -> Option<Open> {
    let mut a = connect(addr).await;
    let mut b = connect(addr).await;
    send(
        &mut a,
        json!({"type": "create", "settings": TWO_PEOPLE, "seed": seed}),
    )
    .await;
    let room = recv(&mut a).await?["room"].as_str()?.to_string();
    let mut frames = [Value::Null, Value::Null];
    for (seat, ws) in [&mut a, &mut b].into_iter().enumerate() {
        send(ws, json!({"type": "join", "room": room, "seat": seat})).await;
        let joined = recv(ws).await?;
        if joined["type"] != "joined" {
            eprintln!("load: {joined}");
            return None;
        }
        frames[seat] = recv(ws).await?;
    }
    Some(Open { ws: [a, b], frames })
}

struct Shared {
    moves: AtomicU64,
    errors: AtomicU64,
    matches: AtomicU64,
    stop: AtomicBool,
    latencies: std::sync::Mutex<Vec<u32>>,
}

async fn play(mut room: Open, pace: Duration, offset: Duration, shared: Arc<Shared>) {
    let mut lat = Vec::new();
    // The first move at `offset`, then one every `pace`.
    let mut next = tokio::time::Instant::now() + offset;
    if !pace.is_zero() {
        next = next.checked_sub(pace).unwrap_or(next);
    } else {
        tokio::time::sleep(offset).await;
    }
    while !shared.stop.load(Ordering::Relaxed) {
        if room.frames[0]["frame"]["phase"]["kind"] == "match_over" {
            shared.matches.fetch_add(1, Ordering::Relaxed);
            break;
        }
        let Some(actor) = (0..2).find(|&i| choose(&room.frames[i]["frame"]).is_some()) else {
            shared.errors.fetch_add(1, Ordering::Relaxed);
            break;
        };
        if !pace.is_zero() {
            next += pace;
            tokio::time::sleep_until(next).await;
        }
        let line = choose(&room.frames[actor]["frame"]).unwrap_or_default();
        let seq = room.frames[actor]["seq"].as_u64().unwrap_or(0);
        let t0 = Instant::now();
        if !send(&mut room.ws[actor], json!({"type": "act", "action": line})).await {
            break;
        }
        let other = 1 - actor;
        let Some((mine, _)) = settle(&mut room.ws[actor], seq, &shared.errors).await else {
            break;
        };
        shared.moves.fetch_add(1, Ordering::Relaxed);
        // Choosing a capture is the actor's own: the other seat hears nothing of it.
        if mine["frame"]["phase"]["kind"] == "choose_capture" {
            room.frames[actor] = mine;
            continue;
        }
        let Some((theirs, at)) = settle(&mut room.ws[other], seq, &shared.errors).await else {
            break;
        };
        lat.push(at.duration_since(t0).as_micros().min(u128::from(u32::MAX)) as u32);
        room.frames[other] = theirs;
        room.frames[actor] = mine;
    }
    if let Ok(mut all) = shared.latencies.lock() {
        all.extend(lat);
    }
    for ws in &mut room.ws {
        let _ = ws.close(None).await;
    }
}

fn percentile(sorted: &[u32], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    u64::from(sorted[i.min(sorted.len() - 1)])
}

/// Runs the load: see the [module documentation](self).
pub async fn run(opts: &Options) -> Report {
    let dir = tempfile::tempdir().expect("a temp dir");
    let cluster = opts
        .postgres
        .then(|| Cluster::start_with("-c max_connections=50"));
    let db = match &cluster {
        Some(c) => c.url(),
        None => dir.path().join("load.sqlite").display().to_string(),
    };
    let server = Server::start(&opts.server, &db);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss_before_kib = server.rss_kib();
    let setup_start = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(opts.connect.max(1)));
    let mut opening = tokio::task::JoinSet::new();
    for i in 0..opts.rooms {
        let addr = server.addr.clone();
        let gate = Arc::clone(&gate);
        opening.spawn(async move {
            let _permit = gate.acquire_owned().await.ok()?;
            open(&addr, 1 + i as u64).await
        });
    }
    let mut rooms = Vec::with_capacity(opts.rooms);
    while let Some(r) = opening.join_next().await {
        if let Ok(Some(room)) = r {
            rooms.push(room);
        }
    }
    let setup = setup_start.elapsed();
    let rss_open_kib = server.rss_kib();
    let n = rooms.len();
    let shared = Arc::new(Shared {
        moves: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        matches: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        latencies: std::sync::Mutex::new(Vec::new()),
    });
    let start = Instant::now();
    let mut playing = tokio::task::JoinSet::new();
    for (i, room) in rooms.into_iter().enumerate() {
        // Spread the rooms' moves over the pace.
        let offset = opts.pace.mul_f64(i as f64 / n.max(1) as f64);
        playing.spawn(play(room, opts.pace, offset, Arc::clone(&shared)));
    }
    let stopper = {
        let shared = Arc::clone(&shared);
        let limit = opts.limit;
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            shared.stop.store(true, Ordering::Relaxed);
        })
    };
    while playing.join_next().await.is_some() {}
    stopper.abort();
    let elapsed = start.elapsed();
    let mut lat = shared
        .latencies
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    lat.sort_unstable();
    drop(server);
    drop(cluster);
    Report {
        rooms: n,
        matches: shared.matches.load(Ordering::Relaxed) as usize,
        moves: shared.moves.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        elapsed,
        p50_us: percentile(&lat, 0.50),
        p99_us: percentile(&lat, 0.99),
        max_us: lat.last().map_or(0, |&m| u64::from(m)),
        rss_before_kib,
        rss_open_kib,
        setup,
    }
}

#[allow(dead_code)]
fn main() {
    let mut opts = Options {
        rooms: 100,
        pace: Duration::from_millis(2000),
        limit: Duration::from_secs(120),
        postgres: false,
        server: std::env::current_exe()
            .ok()
            .and_then(|p| Some(p.parent()?.parent()?.join("scopa-server")))
            .unwrap_or_else(|| "scopa-server".into()),
        connect: 256,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().map(String::as_str).unwrap_or("");
        let num = || {
            value
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{flag} takes a number"))
        };
        match flag.as_str() {
            "--rooms" => opts.rooms = num() as usize,
            "--pace-ms" => opts.pace = Duration::from_millis(num()),
            "--seconds" => opts.limit = Duration::from_secs(num()),
            "--db" => opts.postgres = value == "postgres",
            "--server" => opts.server = value.into(),
            "--connect" => opts.connect = num() as usize,
            _ => panic!("unknown option {flag} (see the source's documentation)"),
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let report = rt.block_on(run(&opts));
    println!(
        "load: {} rooms, pace {} ms, {}",
        opts.rooms,
        opts.pace.as_millis(),
        if opts.postgres { "postgres" } else { "sqlite" }
    );
    println!("{report}");
}
