//! The WebSocket transport (axum): `GET /ws` upgrades to one [`Conn`](crate::hub::Conn)
//! per socket; `GET /join/{code}` answers an invite link; `GET /health` says `ok`. Only
//! the Origins allowed (if any are set) may open a socket from a browser. With a web
//! directory (`--web DIR`, the built browser app), every other path is a file of it and an
//! invite link opens the app, which joins the room (`?join=CODE`); the files are sent
//! compressed, with their validators ([`crate::web`]).
//!
//! A socket's limits are its client's address: the peer's, or behind a proxy named in
//! [`WebConfig::trusted_proxies`] the last address of `X-Forwarded-For` that is not one of
//! those proxies ([`client_addr`]).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Extension;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::hub::{ConnSlot, Flow, Hub, OUTBOX};
use crate::web::WebFiles;

/// What the HTTP side checks.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// The Origins a browser may open a socket from (empty: any, and requests without an
    /// Origin, from programs, are always allowed).
    pub allowed_origins: Vec<String>,
    /// The browser app's files (scopa-web/dist), served at `/` (none: no files).
    pub web_dir: Option<PathBuf>,
    /// The reverse proxies whose `X-Forwarded-For` is believed (empty: none is, and the
    /// client's address is the peer's).
    pub trusted_proxies: Vec<IpAddr>,
    /// How long a connection may take to send a request's headers (the WebSocket
    /// handshake's too); a connection that sends nothing, or half a request, is closed.
    pub header_timeout: Duration,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            allowed_origins: Vec::new(),
            web_dir: None,
            trusted_proxies: Vec::new(),
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// A socket and its address's slot ([`Hub::admit`]): the slot is given back when the
/// socket is dropped — after its last HTTP request, or when its WebSocket closes.
struct Counted {
    tcp: TcpStream,
    _slot: Option<ConnSlot>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// The client's address: `peer`, unless `peer` is a trusted proxy — then the last address
/// of `X-Forwarded-For` (each proxy appends the address it was reached from) that is not a
/// trusted proxy itself. Anything else a client wrote in the header is not read; an
/// unreadable entry stops the walk at the last address read.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let mut addr = peer;
    if !trusted.contains(&addr) {
        return addr;
    }
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect::<Vec<_>>();
    for hop in hops.into_iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(hop) => {
                addr = hop;
                if !trusted.contains(&hop) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    addr
}

#[derive(Clone)]
struct AppState {
    hub: Arc<Hub>,
    web: Arc<WebConfig>,
    files: Option<Arc<WebFiles>>,
}

/// The HTTP routes.
pub fn router(hub: Arc<Hub>, web: WebConfig) -> Router {
    let files = web.web_dir.is_some();
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(|| async { "ok" }));
    let router = if files {
        router
            .route("/join/{code}", get(join_app))
            .fallback(get(web_file))
    } else {
        router.route("/join/{code}", get(join_page))
    };
    let files = web.web_dir.clone().map(WebFiles::new);
    if let Some(files) = &files {
        files.warm();
    }
    router.with_state(AppState {
        hub,
        web: Arc::new(web),
        files,
    })
}

/// Serves the routes on `listener` until the process ends: each connection counted
/// against its address's bound ([`Hub::admit`]; a trusted proxy's are counted per
/// forwarded address at the WebSocket upgrade instead), its request headers read within
/// [`WebConfig::header_timeout`].
pub async fn serve(listener: TcpListener, hub: Arc<Hub>, web: WebConfig) -> std::io::Result<()> {
    let header_timeout = web.header_timeout;
    let trusted = web.trusted_proxies.clone();
    let app = router(Arc::clone(&hub), web);
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of descriptors, or a connection reset before it was accepted: the next
            // accept may succeed once others close.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Small messages both ways: send each at once (no Nagle delay behind an ACK).
        let _ = tcp.set_nodelay(true);
        let slot = if trusted.contains(&peer.ip()) {
            None
        } else {
            match hub.admit(peer.ip()) {
                Some(slot) => Some(slot),
                None => {
                    tokio::spawn(refuse(tcp));
                    continue;
                }
            }
        };
        let service = TowerToHyperService::new(app.clone().layer(Extension(ConnectInfo(peer))));
        tokio::spawn(async move {
            let io = TokioIo::new(Counted { tcp, _slot: slot });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let _ = http.serve_connection(io, service).with_upgrades().await;
        });
    }
}

/// Answers a connection over its address's bound `429` (without reading it) and closes it.
async fn refuse(mut tcp: TcpStream) {
    const BODY: &str = "too many connections from this address\n";
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{BODY}",
        BODY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        tcp.write_all(answer.as_bytes()).await?;
        tcp.shutdown().await
    })
    .await;
}

async fn join_page(Path(code): Path<String>) -> Html<String> {
    // The code is echoed only as letters and digits: nothing a page could run.
    let code = clean_code(&code);
    Html(format!(
        "<!doctype html><meta charset=utf-8><title>Scopa: room {code}</title>\
         <p>Scopa room <b>{code}</b>. Connect a client to <code>/ws</code> and send \
         <code>{{\"type\":\"join\",\"room\":\"{code}\",\"seat\":1}}</code> (docs/online.md).</p>"
    ))
}

/// The invite code as letters and digits only (nothing a page or header could run).
fn clean_code(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(32)
        .collect()
}

/// With the app served: an invite link opens the app, which joins the room. The redirect is
/// relative (`../?join=CODE`), so the app works behind a proxy under any path.
async fn join_app(Path(code): Path<String>) -> Response {
    let code = clean_code(&code);
    (
        StatusCode::SEE_OTHER,
        [(header::LOCATION, format!("../?join={code}"))],
    )
        .into_response()
}

/// A file of the web directory ([`WebFiles`]: compressed, with its validators).
async fn web_file(
    State(state): State<AppState>,
    uri: axum::http::Uri,
    headers: HeaderMap,
) -> Response {
    match &state.files {
        Some(files) => files.get(uri.path(), &headers).await,
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Bytes read from a socket at once (a message longer than this is read in several).
const READ_BUFFER: usize = 4096;

async fn upgrade(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let allowed = &state.web.allowed_origins;
        let ok = allowed.is_empty()
            || origin
                .to_str()
                .is_ok_and(|o| allowed.iter().any(|a| a == o));
        if !ok {
            return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
        }
    }
    let addr = client_addr(peer.ip(), &headers, &state.web.trusted_proxies);
    // Behind a trusted proxy the socket was not counted when accepted: it is counted here,
    // against the forwarded address's bound.
    let slot = if addr == peer.ip() {
        None
    } else {
        match state.hub.admit(addr) {
            Some(slot) => Some(slot),
            None => {
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many connections from this address",
                )
                    .into_response();
            }
        }
    };
    // Messages a little over the limit are read and refused with a typed error; far over
    // it, the socket is closed.
    let hard = state.hub.config().max_message.saturating_mul(4).max(1024);
    // A small read buffer: tungstenite zeroes the whole buffer before each read of the
    // socket, and keeps it per connection (its default is 128 KiB: most of a room's memory
    // and a tenth of the server's time under load, where messages are under 4 KiB).
    ws.max_message_size(hard)
        .max_frame_size(hard)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| run(socket, state.hub, addr, slot))
}

/// Whether a socket's read error is a text frame that is not UTF-8 (the connection goes
/// on to the client's `bad_message`, then closes: RFC 6455 fails such a connection).
fn not_utf8(e: axum::Error) -> bool {
    e.into_inner()
        .downcast_ref::<tungstenite::Error>()
        .is_some_and(|e| matches!(e, tungstenite::Error::Utf8(_)))
}

async fn run(socket: WebSocket, hub: Arc<Hub>, addr: IpAddr, slot: Option<ConnSlot>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<String>(OUTBOX);
    // How the socket is closed once everything queued is sent (none: a plain close).
    let (close_tx, close_rx) = tokio::sync::oneshot::channel::<CloseFrame>();
    let writer = tokio::spawn(async move {
        while let Some(line) = rx.recv().await {
            if sink.send(Message::Text(line.into())).await.is_err() {
                return;
            }
        }
        let _ = sink.send(Message::Close(close_rx.await.ok())).await;
        let _ = sink.close().await;
    });
    let mut conn = hub.connect_from(tx, addr);
    let idle = hub.config().idle_conn;
    // Since when the connection has held no seat and watched no room (as last seen), and
    // when to look again.
    let mut roomless = Some(Instant::now());
    let mut look = Instant::now() + idle;
    let mut close = None;
    loop {
        let msg = tokio::select! {
            msg = stream.next() => msg,
            () = tokio::time::sleep_until(look) => {
                let now = Instant::now();
                if conn.placed().await {
                    roomless = None;
                } else if now.duration_since(*roomless.get_or_insert(now)) >= idle {
                    conn.idle().await;
                    close = Some(CloseFrame {
                        code: close_code::NORMAL,
                        reason: "idle: no seat and no room".into(),
                    });
                    break;
                }
                look = roomless.map_or(now, |since| since) + idle;
                continue;
            }
        };
        let Some(msg) = msg else {
            break;
        };
        let flow = match msg {
            Ok(Message::Text(text)) => conn.handle(text.as_str()).await,
            Ok(Message::Binary(bytes)) => match std::str::from_utf8(&bytes) {
                Ok(text) => conn.handle(text).await,
                Err(_) => conn.handle("\u{0}not utf-8").await,
            },
            Ok(Message::Close(_)) => Flow::Close,
            Ok(Message::Ping(_) | Message::Pong(_)) => Flow::Continue,
            Err(e) => {
                if not_utf8(e) {
                    conn.handle("\u{0}not utf-8").await;
                    close = Some(CloseFrame {
                        code: close_code::INVALID,
                        reason: "a text message that is not UTF-8".into(),
                    });
                }
                Flow::Close
            }
        };
        if flow == Flow::Close {
            break;
        }
        // Left its room (or was never in one): the idle time runs from now.
        if conn.has_room() {
            roomless = None;
        } else if roomless.is_none() {
            roomless = Some(Instant::now());
            look = look.min(Instant::now() + idle);
        }
    }
    conn.close().await;
    drop(conn);
    if let Some(frame) = close {
        let _ = close_tx.send(frame);
    } else {
        drop(close_tx);
    }
    let _ = writer.await;
    drop(slot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Config;
    use crate::store::{Store, url_of};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// The raw answer to `GET path` (the connection closed after it).
    async fn get(addr: SocketAddr, path: &str) -> String {
        let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        tcp.read_to_end(&mut answer).await.unwrap();
        String::from_utf8_lossy(&answer).into_owned()
    }

    async fn server(web_dir: Option<PathBuf>, db: &std::path::Path) -> SocketAddr {
        let store = Store::open(&url_of(db.to_str().unwrap())).await.unwrap();
        let hub = Hub::new(store, Config::default());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let web = WebConfig {
            web_dir,
            ..WebConfig::default()
        };
        tokio::spawn(serve(listener, hub, web));
        addr
    }

    #[tokio::test]
    async fn the_app_is_served_and_an_invite_opens_it() {
        let dir = tempfile::tempdir().unwrap();
        let app = dir.path().join("dist");
        std::fs::create_dir_all(app.join("pkg")).unwrap();
        std::fs::write(app.join("index.html"), "<!doctype html>app").unwrap();
        std::fs::write(app.join("pkg/x.wasm"), b"\0asm").unwrap();
        std::fs::write(app.join(".secret"), "no").unwrap();
        std::fs::write(dir.path().join("outside.txt"), "no").unwrap();
        let addr = server(Some(app), &dir.path().join("db.sqlite")).await;

        let index = get(addr, "/").await;
        assert!(index.starts_with("HTTP/1.1 200"), "{index}");
        assert!(index.contains("text/html") && index.ends_with("<!doctype html>app"));
        let wasm = get(addr, "/pkg/x.wasm").await;
        assert!(wasm.contains("application/wasm"), "{wasm}");
        for path in [
            "/.secret",
            "/../outside.txt",
            "/%2e%2e/outside.txt",
            "/pkg/../../outside.txt",
            "/missing.js",
        ] {
            let answer = get(addr, path).await;
            assert!(answer.starts_with("HTTP/1.1 404"), "{path}: {answer}");
        }
        let join = get(addr, "/join/1s3bgn6xkvt1fme2").await;
        assert!(join.starts_with("HTTP/1.1 303"), "{join}");
        assert!(
            join.to_ascii_lowercase()
                .contains("location: ../?join=1s3bgn6xkvt1fme2\r\n"),
            "{join}"
        );
        let odd = get(addr, "/join/ab%0d%0aX-Evil:%201").await;
        assert!(
            odd.to_ascii_lowercase()
                .contains("location: ../?join=abxevil1\r\n"),
            "{odd}"
        );
        assert!(get(addr, "/health").await.ends_with("ok"));
    }

    #[tokio::test]
    async fn without_a_web_directory_the_join_page_says_how_to_join() {
        let dir = tempfile::tempdir().unwrap();
        let addr = server(None, &dir.path().join("db.sqlite")).await;
        let join = get(addr, "/join/1s3bgn6xkvt1fme2").await;
        assert!(
            join.starts_with("HTTP/1.1 200") && join.contains("\"room\":\"1s3bgn6xkvt1fme2\""),
            "{join}"
        );
        assert!(get(addr, "/index.html").await.starts_with("HTTP/1.1 404"));
    }

    fn xff(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", value.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_for_is_read_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let peer: IpAddr = "203.0.113.9".parse().unwrap();
        let client: IpAddr = "198.51.100.7".parse().unwrap();
        // Not behind a trusted proxy: the header is the client's own words.
        assert_eq!(client_addr(peer, &xff("198.51.100.7"), &[]), peer);
        assert_eq!(client_addr(peer, &xff("198.51.100.7"), &[proxy]), peer);
        // Behind one: the last hop the proxy saw, not what the client put before it.
        assert_eq!(
            client_addr(proxy, &xff("1.2.3.4, 198.51.100.7"), &[proxy]),
            client
        );
        // Two trusted proxies in a row are skipped.
        let inner: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(
            client_addr(inner, &xff("198.51.100.7, 10.0.0.1"), &[proxy, inner]),
            client
        );
        // No header, or junk: the proxy's address (one allowance for everybody behind it).
        assert_eq!(client_addr(proxy, &HeaderMap::new(), &[proxy]), proxy);
        assert_eq!(client_addr(proxy, &xff("junk"), &[proxy]), proxy);
    }
}
