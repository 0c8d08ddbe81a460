//! `scopa-server`: serves rooms over WebSocket (`--listen`, default 127.0.0.1:8080), or one
//! connection over stdin/stdout (`--stdio`), storing everything in `--db` (default
//! `scopa.sqlite`). See docs/online.md.

use std::process::ExitCode;

use clap::Parser;
use scopa_core::session::pacing::Pacing;
use scopa_server::hub::{Config, Hub};
use scopa_server::store::{Store, url_of};
use scopa_server::work::Limits;
use scopa_server::ws::WebConfig;
use scopa_server::{stdio, ws};

/// Scopa online: rooms over WebSocket (or stdin/stdout), stored in SQLite or PostgreSQL.
#[derive(Parser, Debug)]
#[command(name = "scopa-server", version)]
struct Args {
    /// The database: a SQLite file (created if missing) or a `sqlite:`/`postgres://` URL.
    #[arg(long, default_value = "scopa.sqlite")]
    db: String,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// One connection over stdin/stdout instead of a socket.
    #[arg(long)]
    stdio: bool,
    /// A browser Origin allowed to open a socket (repeat for several; none: any).
    #[arg(long = "allow-origin")]
    allow_origin: Vec<String>,
    /// The start of invite links (default: http://LISTEN/).
    #[arg(long)]
    public_url: Option<String>,
    /// Serve the browser app's files from this directory (scopa-web/dist) at `/`; an invite
    /// link then opens the app.
    #[arg(long)]
    web: Option<std::path::PathBuf>,
    /// Accept a `seed` in `create` (tests, reproducible matches): whoever knows the seed
    /// knows every hidden card.
    #[arg(long)]
    allow_client_seed: bool,
    /// The pause before an AI plays, in ms.
    #[arg(long, default_value_t = 900)]
    ai_ms: u32,
    /// How long a scopa banner stays, in ms.
    #[arg(long, default_value_t = 1500)]
    scopa_ms: u32,
    /// How long a hand's summary stays in a room of AIs only (watched), in ms.
    #[arg(long, default_value_t = 5000)]
    summary_ms: u32,
    /// The longest a hand's summary waits in a room with people, in seconds: it closes
    /// when every connected person has pressed Continue, or after this.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(0..=86_400))]
    summary_secs: u32,
    /// The largest message, in bytes.
    #[arg(long, default_value_t = 4096)]
    max_message: usize,
    /// Messages per second a client address may send (after a burst of 3 seconds' worth).
    #[arg(long, default_value_t = 10)]
    rate: u32,
    /// Rooms a client address may create at once (and again per hour after that).
    #[arg(long, default_value_t = 10)]
    rooms_per_addr: u32,
    /// A reverse proxy whose X-Forwarded-For names the client's address (repeat for
    /// several; none: the peer's address is the client's).
    #[arg(long = "trusted-proxy")]
    trusted_proxy: Vec<std::net::IpAddr>,
    /// Seconds a room with no connection stays in memory (it is read from the store again
    /// when named).
    #[arg(long, default_value_t = 600)]
    idle_secs: u64,
    /// PostgreSQL: seconds another process's connections count as present after its last
    /// heartbeat (one every third of this): a killed process's seats show away after it.
    #[arg(long, default_value_t = 15)]
    presence_secs: u64,
    /// Connections a client address may hold open at once (unfinished HTTP requests and
    /// WebSockets alike); one more is refused (429) until one closes.
    #[arg(long, default_value_t = 64)]
    conns_per_addr: u32,
    /// Seconds a connection may take to send its request's headers (the WebSocket
    /// handshake's too) before it is closed.
    #[arg(long, default_value_t = 10)]
    header_secs: u64,
    /// Seconds a WebSocket may hold no seat and watch no room before it is closed.
    #[arg(long, default_value_t = 60)]
    idle_conn_secs: u64,
    /// Threads computing hints and AI moves (default: one a core but one, at least one),
    /// at a lower priority than the network's.
    #[arg(long)]
    workers: Option<usize>,
    /// Jobs (hints, AI moves) waiting at most; past it a hint is refused `busy`.
    #[arg(long, default_value_t = 256)]
    work_queue: usize,
    /// Hints of one client address waiting or being computed at most; one more is
    /// refused `busy`.
    #[arg(long, default_value_t = 2)]
    work_per_addr: usize,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let store = match Store::open(&url_of(&args.db)).await {
        Ok(store) => store,
        Err(e) => {
            eprintln!("scopa-server: cannot open {}: {e}", args.db);
            return ExitCode::FAILURE;
        }
    };
    let config = Config {
        pacing: Pacing {
            ai_ms: args.ai_ms,
            scopa_ms: args.scopa_ms,
            summary_ms: args.summary_ms,
            attended: false,
        },
        summary_wait_ms: args.summary_secs * 1000,
        max_message: args.max_message,
        burst: args.rate.saturating_mul(3).max(1),
        per_second: args.rate.max(1),
        rooms_per_addr: args.rooms_per_addr.max(1),
        allow_client_seed: args.allow_client_seed,
        public_url: args
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}/", args.listen)),
        idle_evict: std::time::Duration::from_secs(args.idle_secs.max(1)),
        presence_expiry: std::time::Duration::from_secs(args.presence_secs.max(1)),
        conns_per_addr: args.conns_per_addr.max(1),
        idle_conn: std::time::Duration::from_secs(args.idle_conn_secs.max(1)),
        work: Limits {
            threads: args.workers.unwrap_or(Limits::default().threads).max(1),
            queue: args.work_queue.max(1),
            per_key: args.work_per_addr.max(1),
        },
        ..Config::default()
    };
    let hub = Hub::new(store.clone(), config);
    // PostgreSQL: hear the other processes' steps from now on (before serving anyone).
    if let Err(e) = hub.listen().await {
        eprintln!("scopa-server: cannot listen on {}: {e}", args.db);
        return ExitCode::FAILURE;
    }
    hub.spawn_evictor();
    let result = if args.stdio {
        stdio::run(hub, tokio::io::stdin(), tokio::io::stdout()).await
    } else {
        match tokio::net::TcpListener::bind(&args.listen).await {
            Ok(listener) => {
                match listener.local_addr() {
                    Ok(addr) => eprintln!("scopa-server: listening on {addr}, db {}", args.db),
                    Err(e) => eprintln!("scopa-server: {e}"),
                }
                let web = WebConfig {
                    allowed_origins: args.allow_origin.clone(),
                    web_dir: args.web.clone(),
                    trusted_proxies: args.trusted_proxy.clone(),
                    header_timeout: std::time::Duration::from_secs(args.header_secs.max(1)),
                };
                // SIGTERM or Ctrl-C: stop serving and take this process's connections out
                // of the presence rows (a SIGKILL leaves them to expire).
                tokio::select! {
                    served = ws::serve(listener, hub.clone(), web) => served,
                    () = stopped() => {
                        hub.shutdown().await;
                        Ok(())
                    }
                }
            }
            Err(e) => Err(e),
        }
    };
    let (commits, steps) = store.group_stats();
    eprintln!("scopa-server: stopped; {steps} steps stored in {commits} group commits");
    store.close().await;
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("scopa-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Waits for SIGTERM or SIGINT (Ctrl-C).
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
