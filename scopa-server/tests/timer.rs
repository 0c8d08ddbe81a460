//! The turn timer and idle rooms: a person's seat out of time has its move made by the
//! timer's AI and everyone is told; a move after the deadline is refused (`time_up`); the
//! deadline is stored and runs on after a restart (the server binary killed and started
//! again on the same file); a room nobody holds is dropped from memory and loads again
//! when named.

mod common;

use std::time::{Duration, Instant};

use common::*;
use scopa_server::hub::{Config, Hub, now_ms};
use scopa_server::store::{Store, url_of};
use serde_json::{Value, json};
use tokio::sync::mpsc::Receiver;

async fn read(rx: &mut Receiver<String>) -> Value {
    let line = tokio::time::timeout(Duration::from_secs(10), rx.recv())
        .await
        .expect("a message within 10 s")
        .expect("the channel is open");
    serde_json::from_str(&line).unwrap()
}

async fn hub_on(dir: &std::path::Path, config: Config) -> std::sync::Arc<Hub> {
    let store = Store::open(&url_of(dir.join("t.sqlite").to_str().unwrap()))
        .await
        .unwrap();
    Hub::new(
        store,
        Config {
            allow_client_seed: true,
            ..config
        },
    )
}

/// Creates a timed room of two people and joins both seats on one connection: the code,
/// the tokens and seat 0's first frame.
async fn timed_room(
    conn: &mut scopa_server::hub::Conn,
    rx: &mut Receiver<String>,
    seconds: u32,
) -> (String, [String; 2], Value) {
    conn.handle(
        &json!({"type": "create", "settings": TWO_PEOPLE, "seed": 3, "turn_seconds": seconds})
            .to_string(),
    )
    .await;
    let code = read(rx).await["room"].as_str().unwrap().to_string();
    let mut tokens = [String::new(), String::new()];
    let mut first = Value::Null;
    for seat in [0u8, 1] {
        conn.handle(&json!({"type": "join", "room": code, "seat": seat}).to_string())
            .await;
        let joined = read(rx).await;
        assert_eq!(joined["type"], "joined");
        tokens[usize::from(seat)] = joined["token"].as_str().unwrap().to_string();
        let frame = read(rx).await;
        assert_eq!(frame["type"], "frame");
        if seat == 0 {
            first = frame;
        }
    }
    (code, tokens, first)
}

fn waiting_seat(frame: &Value) -> u64 {
    frame["frame"]["next"]["wait"]["seat"].as_u64().unwrap()
}

#[tokio::test]
async fn a_seat_out_of_time_is_played_by_the_ai_and_everyone_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let hub = hub_on(dir.path(), Config::default()).await;
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    let (code, _, first) = timed_room(&mut conn, &mut rx, 1).await;
    let seat = waiting_seat(&first);
    let deadline = &first["deadline"];
    assert_eq!(deadline["seat"].as_u64(), Some(seat), "{first}");
    let at = deadline["at_ms"].as_i64().unwrap();
    let left = deadline["left_ms"].as_i64().unwrap();
    assert!((0..=1000).contains(&left), "{left}");
    // Nobody moves: after a second the server moves for the seat.
    let notice = loop {
        let v = read(&mut rx).await;
        if v["type"] == "timed_out" {
            break v;
        }
    };
    assert!(now_ms() >= at);
    assert_eq!(notice["room"], code.as_str());
    assert_eq!(notice["seat"].as_u64(), Some(seat));
    assert_eq!(notice["ai"], "medium");
    let action = notice["action"].as_str().unwrap().to_string();
    assert!(action.starts_with("play "), "{action}");
    // Then the frames of that move, each with the next seat's fresh deadline.
    let frame = read(&mut rx).await;
    assert_eq!(frame["type"], "frame");
    let events = frame["frame"]["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"], "played", "{frame}");
    assert_eq!(events[0]["seat"].as_u64(), Some(seat));
    let next = &frame["deadline"];
    assert_eq!(next["seat"].as_u64(), Some(1 - seat), "{frame}");
    assert!(next["at_ms"].as_i64().unwrap() >= at + 1000);
    // The stored log holds the move as an ordinary play.
    let log = hub.store().actions(&code).await.unwrap();
    assert!(log.contains(&action), "{log:?}");
    // A late move of the seat that ran out of time: its turn has passed.
    let card = first["frame"]["hand"][0]["card"].as_str().unwrap();
    conn.handle(
        &json!({"type": "act", "action": format!("select {card}"), "seat": seat}).to_string(),
    )
    .await;
    loop {
        let v = read(&mut rx).await;
        if v["type"] == "error" {
            assert_eq!(v["code"], "not_your_turn", "{v}");
            break;
        }
    }
}

#[tokio::test]
async fn a_move_after_the_deadline_is_refused_before_the_server_moves() {
    let dir = tempfile::tempdir().unwrap();
    let hub = hub_on(dir.path(), Config::default()).await;
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    conn.handle(
        &json!({"type": "create", "settings": TWO_PEOPLE, "seed": 3, "turn_seconds": 1, "turn_ai": "expert"})
            .to_string(),
    )
    .await;
    let code = read(&mut rx).await["room"].as_str().unwrap().to_string();
    conn.handle(&json!({"type": "join", "room": code, "seat": 0}).to_string())
        .await;
    read(&mut rx).await;
    let first = read(&mut rx).await;
    let seat = waiting_seat(&first);
    if seat != 0 {
        conn.handle(&json!({"type": "leave"}).to_string()).await;
        read(&mut rx).await;
        conn.handle(&json!({"type": "join", "room": code, "seat": 1}).to_string())
            .await;
        read(&mut rx).await;
        read(&mut rx).await;
    }
    // This test runs on one thread: blocking it past the deadline keeps the server's
    // timer from running, so the move arrives after the expiry and before the AI's.
    std::thread::sleep(Duration::from_millis(1100));
    let card = first["frame"]["hand"][0]["card"].as_str().unwrap();
    conn.handle(&json!({"type": "act", "action": format!("select {card}")}).to_string())
        .await;
    let v = read(&mut rx).await;
    assert_eq!(v["type"], "error", "{v}");
    assert_eq!(v["code"], "time_up", "{v}");
    let notice = read(&mut rx).await;
    assert_eq!(notice["type"], "timed_out", "{notice}");
    assert_eq!(notice["ai"], "expert");
}

#[tokio::test]
async fn bad_timers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let hub = hub_on(dir.path(), Config::default()).await;
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    for msg in [
        json!({"type": "create", "settings": TWO_PEOPLE, "turn_seconds": 0}),
        json!({"type": "create", "settings": TWO_PEOPLE, "turn_seconds": 86_401}),
        json!({"type": "create", "settings": TWO_PEOPLE, "turn_seconds": 5, "turn_ai": "genius"}),
        json!({"type": "create", "settings": TWO_PEOPLE, "turn_ai": "easy"}),
    ] {
        conn.handle(&msg.to_string()).await;
        let v = read(&mut rx).await;
        assert_eq!(v["code"], "bad_settings", "{msg}: {v}");
    }
}

#[tokio::test]
async fn the_stored_deadline_runs_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut server = Server::start(&db, &[]);
    let mut c = Client::connect(&server.addr).await;
    c.send(json!({"type": "create", "settings": TWO_PEOPLE, "seed": 11, "turn_seconds": 3, "turn_ai": "easy"}))
        .await;
    let room = c.expect("created").await["room"]
        .as_str()
        .unwrap()
        .to_string();
    let (token, frame) = join(&mut c, &room, 0).await;
    let deadline = frame["deadline"].clone();
    let seat = deadline["seat"].as_u64().unwrap();
    let at = deadline["at_ms"].as_i64().unwrap();
    server.kill();
    let server = Server::start(&db, &[]);
    let mut c = Client::connect(&server.addr).await;
    c.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    c.expect("joined").await;
    let frame = c.expect("frame").await;
    // The same deadline, not a fresh one: a restart gives nobody more time.
    assert_eq!(frame["deadline"]["seat"].as_u64(), Some(seat), "{frame}");
    assert_eq!(frame["deadline"]["at_ms"].as_i64(), Some(at), "{frame}");
    let notice = c.expect("timed_out").await;
    assert!(now_ms() >= at);
    assert_eq!(notice["seat"].as_u64(), Some(seat));
    assert_eq!(notice["ai"], "easy");
    let after = c.expect("frame").await;
    let events = after["frame"]["events"].as_array().unwrap();
    assert!(
        events
            .iter()
            .any(|e| e["kind"] == "played" && e["seat"].as_u64() == Some(seat)),
        "{after}"
    );
    drop(server);
}

#[tokio::test]
async fn an_idle_room_leaves_memory_and_loads_again_when_named() {
    let dir = tempfile::tempdir().unwrap();
    let hub = hub_on(
        dir.path(),
        Config {
            idle_evict: Duration::from_secs(60),
            ..Config::default()
        },
    )
    .await;
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    conn.handle(&json!({"type": "create", "settings": TWO_PEOPLE, "seed": 5}).to_string())
        .await;
    let code = read(&mut rx).await["room"].as_str().unwrap().to_string();
    conn.handle(&json!({"type": "join", "room": code, "seat": 0}).to_string())
        .await;
    let token = read(&mut rx).await["token"].as_str().unwrap().to_string();
    let frame = read(&mut rx).await;
    assert_eq!(hub.loaded(), 1);
    let later = Instant::now() + Duration::from_secs(61);
    // Held by a connection: it stays, however long.
    assert_eq!(hub.evict_idle(later), 0);
    conn.close().await;
    // Not idle long enough yet.
    assert_eq!(hub.evict_idle(Instant::now()), 0);
    assert_eq!(hub.evict_idle(later), 1);
    assert_eq!(hub.loaded(), 0);
    // Named again: loaded from the store, the same seat and state, and play goes on.
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    conn.handle(&json!({"type": "resume", "room": code, "token": token}).to_string())
        .await;
    assert_eq!(read(&mut rx).await["type"], "joined");
    let again = read(&mut rx).await;
    assert_eq!(hub.loaded(), 1);
    assert_eq!(again["seq"], frame["seq"]);
    assert_eq!(again["frame"], frame["frame"]);
    let seat = waiting_seat(&again);
    let (tx2, mut rx2) = tokio::sync::mpsc::channel(256);
    let mut other = hub.connect(tx2, false);
    other
        .handle(&json!({"type": "join", "room": code, "seat": 1}).to_string())
        .await;
    assert_eq!(read(&mut rx2).await["type"], "joined");
    let theirs = read(&mut rx2).await;
    let (player, prx, f) = if seat == 0 {
        (&mut conn, &mut rx, &again)
    } else {
        (&mut other, &mut rx2, &theirs)
    };
    let line = choose(&f["frame"]).unwrap();
    player
        .handle(&json!({"type": "act", "action": line}).to_string())
        .await;
    let v = read(prx).await;
    assert_eq!(v["type"], "frame", "{v}");
    assert!(v["seq"].as_u64() > again["seq"].as_u64());
}
