//! The load generator: N rooms of two people, each person a real WebSocket client on
//! 127.0.0.1, playing whole matches (the first card, the first capture; a rematch when a
//! match ends) against one or more `scopa-server` processes (SQLite in a temp dir, or
//! PostgreSQL in a temp cluster shared by every server process), then a report: moves per
//! second, the time from an action to the other seat's new frame (p50, p99, max), the
//! servers' memory per room (their resident sets from /proc before the rooms and with all
//! of them open), where the CPU time went (each process's from /proc), the generator's own
//! lag, and the machine's load average before and after.
//!
//! The clients run in processes of their own (`--clients C`, this same program started
//! with `--child`), apart from the servers, and each measures its own lag: how late it
//! wakes for a paced move it was ready for in time (a move due while its room still waited
//! for the server's answer is the server's lateness, not the client's). A figure of the servers is only as
//! good as that lag is small: a client late by 50 ms adds up to 50 ms to what it measures.
//! With `--clients 0` everything runs in this process (the smoke test).
//!
//! ```sh
//! cargo build --release -p scopa-server --examples --bins
//! target/release/examples/load --rooms 1000 --pace-ms 2000 --seconds 60
//! target/release/examples/load --rooms 10000 --pace-ms 2000 --seconds 60 --db postgres --servers 2 --clients 4
//! target/release/examples/load --rooms 50 --pace-ms 0 --seconds 20 --db postgres
//! ```
//!
//! Options: `--rooms N` (default 100), `--pace-ms P` (each room's pause between moves; 0:
//! full speed; default 2000), `--seconds S` (how long the rooms play, default 120),
//! `--db sqlite|postgres`, `--servers K` (server processes, PostgreSQL only; default 1),
//! `--clients C` (client processes; default 2), `--server PATH` (default: `scopa-server`
//! next to this program's folder), `--connect N` (handshakes at once per client process,
//! default 256). Each server process holds two sockets a room of its own and each client
//! process two a room of its share: keep both under the open-file limit (`ulimit -n`).

use std::io::{BufRead, BufReader, Write};
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
    /// How long the rooms play.
    pub limit: Duration,
    /// PostgreSQL (a temp cluster) instead of SQLite.
    pub postgres: bool,
    /// Server processes (PostgreSQL only: a SQLite file is one process's).
    pub servers: usize,
    /// Client processes (0: the clients run in this process).
    pub clients: usize,
    /// The server binary.
    pub server: PathBuf,
    /// Handshakes at once (per client process).
    pub connect: usize,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Rooms that played.
    pub rooms: usize,
    /// Matches played to the end.
    pub matches: u64,
    /// Moves (actions) sent and answered.
    pub moves: u64,
    /// Errors the servers answered (none expected).
    pub errors: u64,
    /// How long the rooms played.
    pub elapsed: Duration,
    /// Action to the other seat's new frame, in µs: p50.
    pub p50_us: u64,
    /// p99.
    pub p99_us: u64,
    /// The slowest.
    pub max_us: u64,
    /// How late the clients' paced moves left, in µs: p50, p99, max.
    pub lag_us: [u64; 3],
    /// The servers' resident sets before the rooms and with them open, in KiB (summed).
    pub rss_before_kib: u64,
    /// With every room open.
    pub rss_open_kib: u64,
    /// How long opening the rooms (create, two joins) took.
    pub setup: Duration,
    /// CPU seconds while the rooms played: the servers, the clients, PostgreSQL.
    pub cpu_secs: [f64; 3],
    /// The servers' group commits and the steps they held (as they print when stopped).
    pub group: (u64, u64),
    /// The machine's load average (1, 5, 15 minutes) before and after the run.
    pub load: [String; 2],
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let per_room = (self.rss_open_kib.saturating_sub(self.rss_before_kib)) as f64
            / self.rooms.max(1) as f64;
        let ms = |us: u64| us as f64 / 1000.0;
        write!(
            f,
            "rooms {} (opened in {:.1} s), matches over {}, moves {} in {:.1} s = {:.0} moves/s, errors {}\n\
             action -> other seat's frame: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             clients' own lag (waking for a move due, when ready in time): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             servers' RSS {} KiB before, {} KiB with the rooms open: {:.1} KiB per room\n\
             CPU while playing: servers {:.1} s, clients {:.1} s, PostgreSQL {:.1} s ({:.2}, {:.2}, {:.2} cores)\n\
             group commits: {} steps in {} commits ({:.1} a commit)\n\
             load average before: {}; after: {}",
            self.rooms,
            self.setup.as_secs_f64(),
            self.matches,
            self.moves,
            secs,
            self.moves as f64 / secs,
            self.errors,
            ms(self.p50_us),
            ms(self.p99_us),
            ms(self.max_us),
            ms(self.lag_us[0]),
            ms(self.lag_us[1]),
            ms(self.lag_us[2]),
            self.rss_before_kib,
            self.rss_open_kib,
            per_room,
            self.cpu_secs[0],
            self.cpu_secs[1],
            self.cpu_secs[2],
            self.cpu_secs[0] / secs,
            self.cpu_secs[1] / secs,
            self.cpu_secs[2] / secs,
            self.group.1,
            self.group.0,
            self.group.1 as f64 / self.group.0.max(1) as f64,
            self.load[0],
            self.load[1],
        )
    }
}

/// The machine's load average (the first three fields of /proc/loadavg).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// A process's CPU time (user and system) in seconds, from /proc.
fn cpu_secs(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // The fields after the command's closing parenthesis: utime and stime are the 12th
    // and 13th (fields 14 and 15 of the whole line), in clock ticks (100 a second here).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// `pid` and its children (one level: PostgreSQL's backends), by /proc's PPid.
fn with_children(pid: u32) -> Vec<u32> {
    let mut out = vec![pid];
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for e in dir.flatten() {
            let Some(child) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
                continue;
            };
            let ppid = std::fs::read_to_string(format!("/proc/{child}/status"))
                .ok()
                .and_then(|s| {
                    s.lines()
                        .find(|l| l.starts_with("PPid:"))
                        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u32>().ok())
                });
            if ppid == Some(pid) {
                out.push(child);
            }
        }
    }
    out
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A server process, stopped with SIGTERM when dropped (it then prints its group commits).
struct Server {
    child: Child,
    addr: String,
    group: Arc<std::sync::Mutex<(u64, u64)>>,
}

impl Server {
    fn start(bin: &Path, db: &str) -> Server {
        let mut child = Command::new(bin)
            .args(["--listen", "127.0.0.1:0", "--db", db])
            .args(["--ai-ms", "0", "--scopa-ms", "0"])
            // Summaries close at once, in every room.
            .args(["--summary-ms", "0", "--summary-secs", "0"])
            // Every client is on 127.0.0.1: one address, whose limits are lifted.
            .args(["--allow-client-seed", "--rate", "1000000"])
            .args(["--rooms-per-addr", "1000000", "--conns-per-addr", "1000000"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
        let mut line = String::new();
        stderr
            .read_line(&mut line)
            .expect("the server says its address");
        let addr = line
            .split_whitespace()
            .find(|w| w.starts_with("127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches(',')
            .to_string();
        let group = Arc::new(std::sync::Mutex::new((0, 0)));
        let seen = Arc::clone(&group);
        std::thread::spawn(move || {
            for l in stderr.lines().map_while(Result::ok) {
                // "scopa-server: stopped; N steps stored in M group commits"
                let words: Vec<&str> = l.split_whitespace().collect();
                if let Some(i) = words.iter().position(|w| *w == "steps")
                    && let (Some(steps), Some(commits)) = (
                        words.get(i.wrapping_sub(1)).and_then(|w| w.parse().ok()),
                        words.get(i + 3).and_then(|w| w.parse().ok()),
                    )
                    && let Ok(mut g) = seen.lock()
                {
                    *g = (commits, steps);
                }
                eprintln!("server: {l}");
            }
        });
        Server { child, addr, group }
    }

    /// SIGTERM, then its group commits once it has said them.
    fn stop(mut self) -> (u64, u64) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        for _ in 0..100 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        std::thread::sleep(Duration::from_millis(100));
        self.group.lock().map(|g| *g).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
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

#[derive(Default)]
struct Shared {
    moves: AtomicU64,
    errors: AtomicU64,
    matches: AtomicU64,
    stop: AtomicBool,
    /// Action → other seat's frame, µs.
    latencies: std::sync::Mutex<Vec<u32>>,
    /// How late each paced move left, µs.
    lags: std::sync::Mutex<Vec<u32>>,
}

fn micros(d: Duration) -> u32 {
    d.as_micros().min(u128::from(u32::MAX)) as u32
}

async fn play(mut room: Open, pace: Duration, offset: Duration, shared: Arc<Shared>) {
    let (mut lat, mut lags) = (Vec::new(), Vec::new());
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
            // Another match in the same room: the load goes on for the whole run.
            let seq = room.frames[0]["seq"].as_u64().unwrap_or(0);
            if !send(&mut room.ws[0], json!({"type": "act", "action": "rematch"})).await {
                break;
            }
            let mut ok = true;
            for i in 0..2 {
                match settle(&mut room.ws[i], seq, &shared.errors).await {
                    Some((f, _)) => room.frames[i] = f,
                    None => ok = false,
                }
            }
            if !ok {
                break;
            }
            continue;
        }
        let Some(actor) = (0..2).find(|&i| choose(&room.frames[i]["frame"]).is_some()) else {
            shared.errors.fetch_add(1, Ordering::Relaxed);
            break;
        };
        if !pace.is_zero() {
            next += pace;
            // The client's own lag: how late it wakes for a move it was ready for in time
            // (a move due while the room still waited for the server is the server's).
            let ready = tokio::time::Instant::now() < next;
            tokio::time::sleep_until(next).await;
            if ready {
                lags.push(micros(
                    tokio::time::Instant::now().saturating_duration_since(next),
                ));
            }
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
        lat.push(micros(at.duration_since(t0)));
        room.frames[other] = theirs;
        room.frames[actor] = mine;
    }
    if let Ok(mut all) = shared.latencies.lock() {
        all.extend(lat);
    }
    if let Ok(mut all) = shared.lags.lock() {
        all.extend(lags);
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

/// Opens `rooms` rooms (room `i` on `addrs[i % len]`, seed `first_seed + i`).
async fn open_all(addrs: &[String], rooms: usize, first_seed: u64, connect: usize) -> Vec<Open> {
    let gate = Arc::new(tokio::sync::Semaphore::new(connect.max(1)));
    let mut opening = tokio::task::JoinSet::new();
    for i in 0..rooms {
        let addr = addrs[i % addrs.len()].clone();
        let gate = Arc::clone(&gate);
        opening.spawn(async move {
            let _permit = gate.acquire_owned().await.ok()?;
            open(&addr, first_seed + i as u64).await
        });
    }
    let mut out = Vec::with_capacity(rooms);
    while let Some(r) = opening.join_next().await {
        if let Ok(Some(room)) = r {
            out.push(room);
        }
    }
    out
}

/// Plays `rooms` for `limit` at `pace` (spread over it); the shared counters and samples.
async fn play_all(rooms: Vec<Open>, pace: Duration, limit: Duration) -> (Arc<Shared>, Duration) {
    let n = rooms.len();
    let shared = Arc::new(Shared::default());
    let start = Instant::now();
    let mut playing = tokio::task::JoinSet::new();
    for (i, room) in rooms.into_iter().enumerate() {
        // Spread the rooms' moves over the pace.
        let offset = pace.mul_f64(i as f64 / n.max(1) as f64);
        playing.spawn(play(room, pace, offset, Arc::clone(&shared)));
    }
    let stopper = {
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            shared.stop.store(true, Ordering::Relaxed);
        })
    };
    while playing.join_next().await.is_some() {}
    stopper.abort();
    (shared, start.elapsed())
}

/// What a client process sends back (a JSON line): its counts, and files of samples.
fn child_main(args: &Args) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let setup = Instant::now();
        let rooms = open_all(
            &args.addrs,
            args.opts.rooms,
            args.first_seed,
            args.opts.connect,
        )
        .await;
        let opened = rooms.len();
        println!("ready {opened} {}", setup.elapsed().as_millis());
        let _ = std::io::stdout().flush();
        // Wait for the word to go (every client process has its rooms open).
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
        let (shared, elapsed) = play_all(rooms, args.opts.pace, args.opts.limit).await;
        let lat = shared
            .latencies
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default();
        let lags = shared.lags.lock().map(|l| l.clone()).unwrap_or_default();
        let bytes = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let out = args.out.clone().expect("--out");
        std::fs::write(out.with_extension("lat"), bytes(&lat)).expect("written");
        std::fs::write(out.with_extension("lag"), bytes(&lags)).expect("written");
        println!(
            "{}",
            json!({
                "moves": shared.moves.load(Ordering::Relaxed),
                "errors": shared.errors.load(Ordering::Relaxed),
                "matches": shared.matches.load(Ordering::Relaxed),
                "elapsed_ms": elapsed.as_millis() as u64,
            })
        );
    });
}

fn read_samples(path: &Path) -> Vec<u32> {
    std::fs::read(path)
        .unwrap_or_default()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Runs the load: see the [module documentation](self).
pub async fn run(opts: &Options) -> Report {
    let load_before = load_average();
    let dir = tempfile::tempdir().expect("a temp dir");
    let cluster = opts
        .postgres
        .then(|| Cluster::start_with("-c max_connections=100"));
    let db = match &cluster {
        Some(c) => c.url(),
        None => dir.path().join("load.sqlite").display().to_string(),
    };
    let count = if opts.postgres {
        opts.servers.max(1)
    } else {
        1
    };
    let servers: Vec<Server> = (0..count)
        .map(|_| Server::start(&opts.server, &db))
        .collect();
    let addrs: Vec<String> = servers.iter().map(|s| s.addr.clone()).collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_before_kib = servers.iter().map(|s| rss_kib(s.child.id())).sum();
    let postgres_pids = || {
        cluster
            .as_ref()
            .and_then(Cluster::postmaster)
            .map(with_children)
            .unwrap_or_default()
    };
    let setup_start = Instant::now();
    let mut report = Report {
        rss_before_kib,
        ..Report::default()
    };
    let (shared_lat, shared_lag, elapsed, cpu_servers, cpu_clients, cpu_pg);
    if opts.clients == 0 {
        let rooms = open_all(&addrs, opts.rooms, 1, opts.connect).await;
        report.rooms = rooms.len();
        report.setup = setup_start.elapsed();
        report.rss_open_kib = servers.iter().map(|s| rss_kib(s.child.id())).sum();
        let pg = postgres_pids();
        let before: f64 = servers.iter().map(|s| cpu_secs(s.child.id())).sum::<f64>();
        let pg_before: f64 = pg.iter().map(|&p| cpu_secs(p)).sum();
        let me = std::process::id();
        let me_before = cpu_secs(me);
        let (shared, e) = play_all(rooms, opts.pace, opts.limit).await;
        cpu_servers = servers.iter().map(|s| cpu_secs(s.child.id())).sum::<f64>() - before;
        cpu_pg = pg.iter().map(|&p| cpu_secs(p)).sum::<f64>() - pg_before;
        cpu_clients = cpu_secs(me) - me_before;
        elapsed = e;
        report.moves = shared.moves.load(Ordering::Relaxed);
        report.errors = shared.errors.load(Ordering::Relaxed);
        report.matches = shared.matches.load(Ordering::Relaxed);
        shared_lat = shared
            .latencies
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default();
        shared_lag = shared.lags.lock().map(|l| l.clone()).unwrap_or_default();
    } else {
        let me = std::env::current_exe().expect("this program");
        let per = opts.rooms.div_ceil(opts.clients);
        let mut children = Vec::new();
        for c in 0..opts.clients {
            let rooms = per.min(opts.rooms.saturating_sub(c * per));
            if rooms == 0 {
                break;
            }
            // Each client process's rooms spread over every server.
            let out = dir.path().join(format!("client{c}"));
            let child = Command::new(&me)
                .args(["--child", "--addrs", &addrs.join(",")])
                .args(["--rooms", &rooms.to_string()])
                .args(["--first-seed", &(1 + c * per).to_string()])
                .args(["--pace-ms", &opts.pace.as_millis().to_string()])
                .args(["--seconds", &opts.limit.as_secs().to_string()])
                .args(["--connect", &opts.connect.to_string()])
                .arg("--out")
                .arg(&out)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("a client process starts");
            children.push((child, out));
        }
        let mut lines = Vec::new();
        for (child, _) in &mut children {
            let mut r = BufReader::new(child.stdout.take().expect("piped"));
            let mut ready = String::new();
            r.read_line(&mut ready)
                .expect("the client says it is ready");
            report.rooms += ready
                .split_whitespace()
                .nth(1)
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0);
            lines.push(r);
        }
        report.setup = setup_start.elapsed();
        report.rss_open_kib = servers.iter().map(|s| rss_kib(s.child.id())).sum();
        let pg = postgres_pids();
        let before: f64 = servers.iter().map(|s| cpu_secs(s.child.id())).sum();
        let pg_before: f64 = pg.iter().map(|&p| cpu_secs(p)).sum();
        let clients_before: f64 = children.iter().map(|(c, _)| cpu_secs(c.id())).sum();
        for (child, _) in &mut children {
            let _ = child.stdin.as_mut().expect("piped").write_all(b"go\n");
        }
        // The clients stop after `limit`; their CPU is read just before they exit (they
        // print their counts first).
        let mut outs = Vec::new();
        let (mut cpu_c, mut longest) = (0.0, 0);
        for ((child, _), r) in children.iter_mut().zip(lines.iter_mut()) {
            let mut counts = String::new();
            r.read_line(&mut counts).expect("the client's counts");
            cpu_c += cpu_secs(child.id());
            let v: Value = serde_json::from_str(&counts).unwrap_or_default();
            report.moves += v["moves"].as_u64().unwrap_or(0);
            report.errors += v["errors"].as_u64().unwrap_or(0);
            report.matches += v["matches"].as_u64().unwrap_or(0);
            longest = longest.max(v["elapsed_ms"].as_u64().unwrap_or(0));
            outs.push(counts);
        }
        cpu_servers = servers.iter().map(|s| cpu_secs(s.child.id())).sum::<f64>() - before;
        cpu_pg = pg.iter().map(|&p| cpu_secs(p)).sum::<f64>() - pg_before;
        cpu_clients = cpu_c - clients_before;
        elapsed = Duration::from_millis(longest);
        let (mut lat, mut lag) = (Vec::new(), Vec::new());
        for (child, out) in &mut children {
            let _ = child.wait();
            lat.extend(read_samples(&out.with_extension("lat")));
            lag.extend(read_samples(&out.with_extension("lag")));
        }
        shared_lat = lat;
        shared_lag = lag;
    }
    let mut lat = shared_lat;
    let mut lag = shared_lag;
    lat.sort_unstable();
    lag.sort_unstable();
    report.elapsed = elapsed;
    report.p50_us = percentile(&lat, 0.50);
    report.p99_us = percentile(&lat, 0.99);
    report.max_us = lat.last().map_or(0, |&m| u64::from(m));
    report.lag_us = [
        percentile(&lag, 0.50),
        percentile(&lag, 0.99),
        lag.last().map_or(0, |&m| u64::from(m)),
    ];
    report.cpu_secs = [cpu_servers, cpu_clients, cpu_pg];
    for server in servers {
        let (commits, steps) = server.stop();
        report.group.0 += commits;
        report.group.1 += steps;
    }
    drop(cluster);
    report.load = [load_before, load_average()];
    report
}

/// The command line.
struct Args {
    opts: Options,
    child: bool,
    addrs: Vec<String>,
    first_seed: u64,
    out: Option<PathBuf>,
}

#[allow(dead_code)]
fn main() {
    let mut a = Args {
        opts: Options {
            rooms: 100,
            pace: Duration::from_millis(2000),
            limit: Duration::from_secs(120),
            postgres: false,
            servers: 1,
            clients: 2,
            server: std::env::current_exe()
                .ok()
                .and_then(|p| Some(p.parent()?.parent()?.join("scopa-server")))
                .unwrap_or_else(|| "scopa-server".into()),
            connect: 256,
        },
        child: false,
        addrs: Vec::new(),
        first_seed: 1,
        out: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--child" {
            a.child = true;
            continue;
        }
        let value = it.next().map(String::as_str).unwrap_or("");
        let num = || {
            value
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{flag} takes a number"))
        };
        match flag.as_str() {
            "--rooms" => a.opts.rooms = num() as usize,
            "--pace-ms" => a.opts.pace = Duration::from_millis(num()),
            "--seconds" => a.opts.limit = Duration::from_secs(num()),
            "--db" => a.opts.postgres = value == "postgres",
            "--servers" => a.opts.servers = num() as usize,
            "--clients" => a.opts.clients = num() as usize,
            "--server" => a.opts.server = value.into(),
            "--connect" => a.opts.connect = num() as usize,
            "--addrs" => a.addrs = value.split(',').map(String::from).collect(),
            "--first-seed" => a.first_seed = num(),
            "--out" => a.out = Some(value.into()),
            _ => panic!("unknown option {flag} (see the source's documentation)"),
        }
    }
    if a.child {
        child_main(&a);
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let report = rt.block_on(run(&a.opts));
    println!(
        "load: {} rooms, pace {} ms, {} for {} s, {} server process(es), {} client process(es)",
        a.opts.rooms,
        a.opts.pace.as_millis(),
        if a.opts.postgres {
            "postgres"
        } else {
            "sqlite"
        },
        a.opts.limit.as_secs(),
        if a.opts.postgres {
            a.opts.servers.max(1)
        } else {
            1
        },
        a.opts.clients,
    );
    println!("{report}");
}
