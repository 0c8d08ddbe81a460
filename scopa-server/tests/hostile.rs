//! Hostile clients over real sockets: malformed, oversized, unknown and out-of-phase
//! messages get typed errors and the connection goes on; far too large messages, too many
//! guesses of codes or tokens close it; the rate limit and the allowed Origins hold; the
//! limits are per client address (reconnecting gives no fresh allowance), and the address
//! is read from X-Forwarded-For only behind a trusted proxy.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

async fn code_of(c: &mut Client, msg: serde_json::Value) -> String {
    c.send(msg).await;
    c.expect("error").await["code"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn text_code(c: &mut Client, text: &str) -> String {
    c.send_text(text.to_string()).await;
    c.expect("error").await["code"]
        .as_str()
        .unwrap()
        .to_string()
}

/// D5: a *text* frame that is not UTF-8 gets the documented `bad_message` before the
/// socket is closed (RFC 6455 requires closing it: code 1007, invalid payload).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_frame_that_is_not_utf8_gets_bad_message_then_closes() {
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("u.sqlite"), &[]);
    let mut c = Client::connect(&server.addr).await;
    let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    c.ws.send(Message::Frame(frame)).await.unwrap();
    let e = c.next().await.expect("an answer before the socket closes");
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str()),
        (Some("error"), Some("bad_message")),
        "{e}"
    );
    assert_eq!(c.next().await, None, "the socket is closed after it");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_unknown_oversized_and_out_of_phase_messages_get_typed_errors() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("h.sqlite"), &[]);
    let mut c = Client::connect(&server.addr).await;
    assert_eq!(text_code(&mut c, "{not json").await, "bad_message");
    assert_eq!(text_code(&mut c, "[]").await, "bad_message");
    assert_eq!(
        text_code(&mut c, r#"{"type":"teleport"}"#).await,
        "bad_message"
    );
    assert_eq!(
        text_code(&mut c, r#"{"type":"watch","room":"x","admin":true}"#).await,
        "bad_message"
    );
    assert_eq!(
        text_code(&mut c, r#"{"type":"join","room":"x","seat":-1}"#).await,
        "bad_message"
    );
    let big = format!(r#"{{"type":"watch","room":"{}"}}"#, "a".repeat(5000));
    assert_eq!(text_code(&mut c, &big).await, "too_large");
    c.ws.send(Message::binary(vec![0xff, 0xfe])).await.unwrap();
    assert_eq!(c.expect("error").await["code"], "bad_message");
    assert_eq!(
        code_of(&mut c, json!({"type": "act", "action": "continue"})).await,
        "not_seated"
    );
    assert_eq!(code_of(&mut c, json!({"type": "hint"})).await, "not_seated");
    assert_eq!(
        code_of(&mut c, json!({"type": "leave"})).await,
        "not_seated"
    );
    assert_eq!(
        code_of(
            &mut c,
            json!({"type": "create", "settings": "session players 9"})
        )
        .await,
        "bad_settings"
    );
    let impossible = TWO_PEOPLE.replace("target 11", "target 0");
    assert_eq!(
        code_of(&mut c, json!({"type": "create", "settings": impossible})).await,
        "bad_settings"
    );
    assert_eq!(
        code_of(
            &mut c,
            json!({"type": "create", "settings": TWO_PEOPLE, "lang": "xx"})
        )
        .await,
        "bad_settings"
    );
    // In a room: the session's own errors, with its reason.
    let room = create(&mut c, TWO_PEOPLE, 3).await;
    assert_eq!(
        code_of(&mut c, json!({"type": "join", "room": room, "seat": 2})).await,
        "no_such_seat"
    );
    let (_, frame) = join(&mut c, &room, 0).await;
    let mut d = Client::connect(&server.addr).await;
    let (_, _) = join(&mut d, &room, 1).await;
    let (me, other) = if choose(&frame["frame"]).is_some() {
        (&mut c, &mut d)
    } else {
        (&mut d, &mut c)
    };
    me.send(json!({"type": "act", "action": "continue"})).await;
    let e = me.expect("error").await;
    assert_eq!(
        (e["code"].as_str(), e["reason"].as_str()),
        (Some("refused"), Some("wrong_phase"))
    );
    assert_eq!(
        code_of(me, json!({"type": "act", "action": "ai"})).await,
        "server_only_action"
    );
    assert_eq!(
        code_of(me, json!({"type": "act", "action": "select 11d"})).await,
        "bad_action"
    );
    assert_eq!(
        code_of(me, json!({"type": "act", "action": "select 7d", "seat": 3})).await,
        "not_seated"
    );
    assert_eq!(
        code_of(other, json!({"type": "hint"})).await,
        "not_your_turn"
    );
    // A card the seat does not hold: the session says so.
    let hand: Vec<String> = frame_hand(me).await;
    let missing = [
        "1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "1c", "2c",
    ]
    .into_iter()
    .find(|c| !hand.iter().any(|h| h == c))
    .unwrap();
    me.send(json!({"type": "act", "action": format!("select {missing}")}))
        .await;
    let e = me.expect("error").await;
    assert_eq!(e["reason"], "not_in_hand", "{e}");
    // The connection still works, and a hint comes in a frame.
    me.send(json!({"type": "hint"})).await;
    let f = me.expect("frame").await;
    assert!(f["frame"]["hint"]["text"].is_string());
    // Far over the limit: the socket is closed.
    let huge = "x".repeat(64 * 1024);
    let _ = c.ws.send(Message::text(huge)).await;
    assert!(c.next().await.is_none());
}

async fn frame_hand(c: &mut Client) -> Vec<String> {
    c.last.as_ref().unwrap()["frame"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["card"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_codes_closes_the_connection_and_the_rate_limit_holds() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("g.sqlite"), &["--rate", "5"]);
    let mut c = Client::connect(&server.addr).await;
    let mut codes = Vec::new();
    for i in 0..40 {
        c.send(json!({"type": "watch", "room": format!("guess{i}")}))
            .await;
        match c.next().await {
            Some(v) => codes.push(v["code"].as_str().unwrap().to_string()),
            None => break,
        }
    }
    // 15 at once (the burst), each an unknown room: 10 tolerated, then closed.
    assert_eq!(codes.iter().filter(|c| *c == "no_such_room").count(), 10);
    assert_eq!(codes.last().unwrap(), "too_many_guesses");
    assert!(c.next().await.is_none());
    let mut c = Client::connect(&server.addr).await;
    let mut limited = 0;
    for _ in 0..40 {
        c.send(json!({"type": "leave"})).await;
        if c.expect("error").await["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited >= 20, "{limited} of 40 refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_allowed_origins_open_a_socket_and_seeds_need_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::spawn(
        &dir.path().join("o.sqlite"),
        &["--allow-origin", "https://scopa.example"],
    );
    let url = format!("ws://{}/ws", server.addr);
    let mut bad = url.as_str().into_client_request().unwrap();
    bad.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(bad).await.is_err());
    let mut good = url.as_str().into_client_request().unwrap();
    good.headers_mut()
        .insert("origin", "https://scopa.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(good).await.is_ok());
    // A program (no Origin) connects; this server draws its own seeds.
    let mut c = Client::connect(&server.addr).await;
    assert_eq!(
        code_of(
            &mut c,
            json!({"type": "create", "settings": TWO_PEOPLE, "seed": 1})
        )
        .await,
        "seed_not_allowed"
    );
    c.send(json!({"type": "create", "settings": TWO_PEOPLE}))
        .await;
    let created = c.expect("created").await;
    let room = created["room"].as_str().unwrap();
    assert_eq!(room.len(), 16);
    assert!(
        created["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/join/{room}"))
    );
}

/// A client through a proxy that says it forwards for `forwarded_for`.
async fn connect_as(addr: &str, forwarded_for: &str) -> Client {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded_for.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    Client {
        ws,
        last: None,
        lines: Vec::new(),
        presence: None,
    }
}

/// Guesses unknown codes until the connection is closed: how many were answered
/// `no_such_room` before `too_many_guesses`.
async fn guesses_allowed(c: &mut Client) -> usize {
    let mut allowed = 0;
    for i in 0..40 {
        c.send(json!({"type": "watch", "room": format!("guess{i}")}))
            .await;
        let v = c.next().await.expect("an answer");
        match v["code"].as_str().unwrap() {
            "no_such_room" => allowed += 1,
            "too_many_guesses" => {
                assert!(c.next().await.is_none(), "closed");
                return allowed;
            }
            other => panic!("{other}"),
        }
    }
    panic!("never closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_does_not_reset_an_address_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("a.sqlite"), &[]);
    // Guesses: 10 for the address, then each new connection is closed at its first.
    let mut c = Client::connect(&server.addr).await;
    assert_eq!(guesses_allowed(&mut c).await, 10);
    let mut c = Client::connect(&server.addr).await;
    assert_eq!(guesses_allowed(&mut c).await, 0);
    // Messages: a burst of 6 spent on one connection is not given again to the next (a
    // connection of its own would have all 6).
    let server = Server::start(&dir.path().join("r.sqlite"), &["--rate", "2"]);
    let mut c = Client::connect(&server.addr).await;
    for _ in 0..6 {
        c.send(json!({"type": "leave"})).await;
        assert_eq!(c.expect("error").await["code"], "not_seated");
    }
    let mut c = Client::connect(&server.addr).await;
    let mut limited = 0;
    for _ in 0..6 {
        c.send(json!({"type": "leave"})).await;
        if c.expect("error").await["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited >= 3, "{limited} of 6 refused");
    // Rooms: 10 for the address, over as many connections as it likes.
    let server = Server::start(&dir.path().join("b.sqlite"), &[]);
    for _ in 0..5 {
        let mut c = Client::connect(&server.addr).await;
        create(&mut c, TWO_PEOPLE, 1).await;
        create(&mut c, TWO_PEOPLE, 2).await;
    }
    let mut c = Client::connect(&server.addr).await;
    assert_eq!(
        code_of(&mut c, json!({"type": "create", "settings": TWO_PEOPLE})).await,
        "too_many_rooms"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_names_the_address_only_behind_a_trusted_proxy() {
    let dir = tempfile::tempdir().unwrap();
    // 127.0.0.1 is the proxy: each forwarded address has an allowance of its own.
    let server = Server::start(
        &dir.path().join("p.sqlite"),
        &["--trusted-proxy", "127.0.0.1"],
    );
    let mut c = connect_as(&server.addr, "198.51.100.1").await;
    assert_eq!(guesses_allowed(&mut c).await, 10);
    let mut c = connect_as(&server.addr, "198.51.100.1").await;
    assert_eq!(guesses_allowed(&mut c).await, 0);
    // What a client writes before the proxy's own entry is not read.
    let mut c = connect_as(&server.addr, "198.51.100.2, 198.51.100.1").await;
    assert_eq!(guesses_allowed(&mut c).await, 0);
    let mut c = connect_as(&server.addr, "198.51.100.2").await;
    assert_eq!(guesses_allowed(&mut c).await, 10);
    // No trusted proxy: the header is ignored, every socket here is 127.0.0.1.
    let server = Server::start(&dir.path().join("q.sqlite"), &[]);
    let mut c = connect_as(&server.addr, "198.51.100.1").await;
    assert_eq!(guesses_allowed(&mut c).await, 10);
    let mut c = connect_as(&server.addr, "198.51.100.2").await;
    assert_eq!(guesses_allowed(&mut c).await, 0);
}

/// Creates sent at the same moment from one address share its allowance: the rooms are
/// taken from it before they are made, so no more than its 10 are made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creates_at_once_from_one_address_stay_within_its_rooms() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("c.sqlite"), &[]);
    let mut clients = Vec::new();
    for _ in 0..16 {
        clients.push(Client::connect(&server.addr).await);
    }
    let replies = futures_util::future::join_all(clients.iter_mut().map(|c| async move {
        c.send(json!({"type": "create", "settings": TWO_PEOPLE}))
            .await;
        let reply = c.next().await.unwrap();
        reply["type"].as_str().unwrap().to_string() + ":" + reply["code"].as_str().unwrap_or("")
    }))
    .await;
    let created = replies.iter().filter(|r| r.starts_with("created")).count();
    let refused = replies
        .iter()
        .filter(|r| *r == "error:too_many_rooms")
        .count();
    assert_eq!((created, refused), (10, 6), "{replies:?}");
}

/// The raw answer of the server to `request` written on a new TCP connection, read until
/// the server closes it (or `secs` pass: then `None`).
async fn raw(addr: &str, request: &[u8], secs: u64) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    tcp.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    match tokio::time::timeout(
        std::time::Duration::from_secs(secs),
        tcp.read_to_end(&mut answer),
    )
    .await
    {
        Ok(_) => Some(String::from_utf8_lossy(&answer).into_owned()),
        Err(_) => None,
    }
}

/// D4: an unfinished HTTP request (a half-open `GET /ws`) and a connection that sends
/// nothing are closed after the header timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_requests_are_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("t.sqlite"), &["--header-secs", "1"]);
    let start = std::time::Instant::now();
    let half = raw(&server.addr, b"GET /ws HTTP/1.1\r\nHost: x\r\n", 5).await;
    assert!(half.is_some(), "a half-open request is closed");
    let silent = raw(&server.addr, b"", 5).await;
    assert!(silent.is_some(), "a silent connection is closed");
    assert!(start.elapsed() < std::time::Duration::from_secs(6));
    // A whole request is answered.
    let health = raw(
        &server.addr,
        b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        5,
    )
    .await
    .unwrap();
    assert!(health.ends_with("ok"), "{health}");
}

/// D4: the connections of one address are bounded (`--conns-per-addr`): past the bound a
/// connection is refused (429) until one closes; another address is not affected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(
        &dir.path().join("c.sqlite"),
        &["--conns-per-addr", "3", "--trusted-proxy", "127.0.0.2"],
    );
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::connect(&server.addr).await);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr)).await;
    assert!(refused.is_err(), "a fourth socket is refused");
    let plain = raw(&server.addr, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n", 5)
        .await
        .unwrap();
    assert!(plain.starts_with("HTTP/1.1 429"), "{plain}");
    // One closes: one more may open.
    let mut first = open.remove(0);
    first.ws.close(None).await.unwrap();
    while first.next_any().await.is_some() {}
    drop(first);
    let mut again = None;
    for _ in 0..50 {
        if let Ok((ws, _)) =
            tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr)).await
        {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a socket opens once another closed");
    // Behind a trusted proxy each forwarded address has a bound of its own.
    let port = server.addr.rsplit(':').next().unwrap();
    let mut proxied = Vec::new();
    for i in 0..3 {
        let mut request = format!("ws://127.0.0.1:{port}/ws")
            .into_client_request()
            .unwrap();
        request.headers_mut().insert(
            "x-forwarded-for",
            format!("198.51.100.{i}").parse().unwrap(),
        );
        let tcp = tokio::net::TcpSocket::new_v4().unwrap();
        tcp.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        let stream = tcp.connect(server.addr.parse().unwrap()).await.unwrap();
        let (ws, _) = tokio_tungstenite::client_async(request, stream)
            .await
            .expect("a forwarded address has its own bound");
        proxied.push(ws);
    }
}

/// D4: a socket that holds no seat and watches no room is closed after `--idle-conn-secs`
/// (told `idle`); one that watches stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_without_a_seat_are_closed_when_idle() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("i.sqlite"), &["--idle-conn-secs", "1"]);
    let mut idle = Client::connect(&server.addr).await;
    let mut watcher = Client::connect(&server.addr).await;
    let room = create(&mut watcher, TWO_PEOPLE, 1).await;
    watcher.send(json!({"type": "watch", "room": room})).await;
    watcher.expect("watching").await;
    watcher.expect("frame").await;
    let told = idle.next().await.expect("told before the close");
    assert_eq!(told["code"], "idle", "{told}");
    assert!(idle.next().await.is_none(), "then closed");
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    watcher.send(json!({"type": "hint"})).await;
    assert_eq!(watcher.expect("error").await["code"], "not_seated");
}
