//! The WebSocket transport (axum): `GET /ws` upgrades to one [`Conn`](crate::hub::Conn)
//! per socket; `GET /join/{code}` answers an invite link; `GET /health` says `ok`. Only
//! the Origins allowed (if any are set) may open a socket from a browser. With a web
//! directory (`--web DIR`, the built browser app), every other path is a file of it and an
//! invite link opens the app, which joins the room (`?join=CODE`).
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
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

use crate::hub::{Flow, Hub, OUTBOX};

/// What the HTTP side checks.
#[derive(Clone, Debug, Default)]
pub struct WebConfig {
    /// The Origins a browser may open a socket from (empty: any, and requests without an
    /// Origin, from programs, are always allowed).
    pub allowed_origins: Vec<String>,
    /// The browser app's files (scopa-web/dist), served at `/` (none: no files).
    pub web_dir: Option<PathBuf>,
    /// The reverse proxies whose `X-Forwarded-For` is believed (empty: none is, and the
    /// client's address is the peer's).
    pub trusted_proxies: Vec<IpAddr>,
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
    router.with_state(AppState {
        hub,
        web: Arc::new(web),
    })
}

/// Serves the routes on `listener` until the process ends.
pub async fn serve(listener: TcpListener, hub: Arc<Hub>, web: WebConfig) -> std::io::Result<()> {
    // Small messages both ways: send each at once (no Nagle delay behind an ACK).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        router(hub, web).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
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

/// A file of the web directory: `/` is `index.html`; a path with anything but plain names
/// (no `..`, no hidden files) is not found.
async fn web_file(State(state): State<AppState>, uri: axum::http::Uri) -> Response {
    let Some(dir) = state.web.web_dir.as_ref() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let plain = path.split('/').all(|part| {
        !part.is_empty()
            && !part.starts_with('.')
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    });
    if !plain {
        return StatusCode::NOT_FOUND.into_response();
    }
    let kind = match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    };
    match tokio::fs::read(dir.join(&path)).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => StatusCode::NOT_FOUND.into_response(),
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
    // Messages a little over the limit are read and refused with a typed error; far over
    // it, the socket is closed.
    let hard = state.hub.config().max_message.saturating_mul(4).max(1024);
    // A small read buffer: tungstenite zeroes the whole buffer before each read of the
    // socket, and keeps it per connection (its default is 128 KiB: most of a room's memory
    // and a tenth of the server's time under load, where messages are under 4 KiB).
    ws.max_message_size(hard)
        .max_frame_size(hard)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| {
            let addr = client_addr(peer.ip(), &headers, &state.web.trusted_proxies);
            run(socket, state.hub, addr)
        })
}

/// Whether a socket's read error is a text frame that is not UTF-8 (the connection goes
/// on to the client's `bad_message`, then closes: RFC 6455 fails such a connection).
fn not_utf8(e: axum::Error) -> bool {
    e.into_inner()
        .downcast_ref::<tungstenite::Error>()
        .is_some_and(|e| matches!(e, tungstenite::Error::Utf8(_)))
}

async fn run(socket: WebSocket, hub: Arc<Hub>, addr: IpAddr) {
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
    let mut close = None;
    while let Some(msg) = stream.next().await {
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
    }
    conn.close().await;
    drop(conn);
    if let Some(frame) = close {
        let _ = close_tx.send(frame);
    } else {
        drop(close_tx);
    }
    let _ = writer.await;
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
            allowed_origins: Vec::new(),
            web_dir,
            trusted_proxies: Vec::new(),
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
