//! The examples of docs/online.md: each client example is a valid message; each server
//! example has exactly the fields of a real message of its type (a frame: and of the real
//! frame); every message type appears.

use std::collections::{BTreeMap, BTreeSet};

use scopa_server::hub::{Config, Hub};
use scopa_server::protocol::{SERVER_TYPES, parse};
use scopa_server::store::{Store, url_of};
use serde_json::Value;

fn blocks(doc: &str, info: &str) -> Vec<Value> {
    let fence = format!("```{info}\n");
    let mut out = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("```").expect("a closed block");
        for v in serde_json::Deserializer::from_str(&body[..end]).into_iter::<Value>() {
            out.push(v.unwrap_or_else(|e| panic!("```{info} block: {e}")));
        }
        rest = &body[end..];
    }
    out
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

/// A kind of server message: its type, for errors whether a reason is given, for frames
/// whether a deadline is.
fn kind(v: &Value) -> String {
    format!(
        "{}{}{}{}",
        v["type"].as_str().unwrap(),
        if v.get("reason").is_some() {
            "+reason"
        } else {
            ""
        },
        if v.get("deadline").is_some() {
            "+deadline"
        } else {
            ""
        },
        if v.get("summary_wait").is_some() {
            "+summary_wait"
        } else {
            ""
        }
    )
}

/// Real messages of every kind, from a session played in process.
async fn real_messages() -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&url_of(dir.path().join("d.sqlite").to_str().unwrap()))
        .await
        .unwrap();
    let config = Config {
        allow_client_seed: true,
        ..Config::default()
    };
    let hub = Hub::new(store, config);
    let (tx, mut rx) = tokio::sync::mpsc::channel(64);
    let mut conn = hub.connect(tx, false);
    let settings = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";
    conn.handle(
        &serde_json::json!({"type": "create", "settings": settings, "seed": 4}).to_string(),
    )
    .await;
    let created: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
    let room = created["room"].as_str().unwrap().to_string();
    for msg in [
        serde_json::json!({"type": "join", "room": room, "seat": 0}),
        serde_json::json!({"type": "join", "room": room, "seat": 0}),
        serde_json::json!({"type": "act", "action": "continue", "seat": 0}),
        serde_json::json!({"type": "leave"}),
        serde_json::json!({"type": "watch", "room": room}),
    ] {
        conn.handle(&msg.to_string()).await;
    }
    // A second connection takes seat 1: the first, watching, is told who is connected.
    let (tx2, mut rx2) = tokio::sync::mpsc::channel(64);
    let mut other = hub.connect(tx2, false);
    other
        .handle(&serde_json::json!({"type": "join", "room": room, "seat": 1}).to_string())
        .await;
    let mut out = vec![created];
    while let Ok(line) = rx.try_recv() {
        out.push(serde_json::from_str(&line).unwrap());
    }
    while let Ok(line) = rx2.try_recv() {
        out.push(serde_json::from_str(&line).unwrap());
    }
    // A third connection resumes seat 1 with its token; the second gives the seat up: the
    // third loses it (`revoked`).
    let token = out
        .iter()
        .find(|v| v["type"] == "joined" && v["seat"] == 1)
        .map(|v| v["token"].as_str().unwrap().to_string())
        .unwrap();
    let (tx3, mut rx3) = tokio::sync::mpsc::channel(64);
    let mut third = hub.connect(tx3, false);
    third
        .handle(&serde_json::json!({"type": "resume", "room": room, "token": token}).to_string())
        .await;
    other
        .handle(&serde_json::json!({"type": "leave"}).to_string())
        .await;
    while let Ok(line) = rx3.try_recv() {
        out.push(serde_json::from_str(&line).unwrap());
    }
    // A room of two people played to its first hand's summary; seat 0 presses Continue:
    // the frames say whom the summary waits for.
    out.extend(summary_wait(&hub, settings).await);
    // A room with a turn timer of one second: its frames' deadline, and the server moving
    // for the seat out of time.
    let (tx, mut rx) = tokio::sync::mpsc::channel(64);
    let mut conn = hub.connect(tx, false);
    conn.handle(
        &serde_json::json!({"type": "create", "settings": settings, "seed": 4, "turn_seconds": 1})
            .to_string(),
    )
    .await;
    let created: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
    let room = created["room"].as_str().unwrap().to_string();
    conn.handle(&serde_json::json!({"type": "join", "room": room, "seat": 0}).to_string())
        .await;
    conn.handle(&serde_json::json!({"type": "join", "room": room, "seat": 1}).to_string())
        .await;
    loop {
        let v: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        let done = v["type"] == "timed_out";
        out.push(v);
        if done {
            break;
        }
    }
    out
}

/// One connection holds both seats of a new room of two people and plays the first card
/// each time (its first capture) to the hand's summary, then seat 0 presses Continue: the
/// frames that follow.
async fn summary_wait(hub: &std::sync::Arc<Hub>, settings: &str) -> Vec<Value> {
    let (tx, mut rx) = tokio::sync::mpsc::channel(512);
    let mut conn = hub.connect(tx, false);
    let send = async |conn: &mut scopa_server::hub::Conn, msg: Value| {
        conn.handle(&msg.to_string()).await;
    };
    send(
        &mut conn,
        serde_json::json!({"type": "create", "settings": settings, "seed": 4}),
    )
    .await;
    let created: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
    let room = created["room"].as_str().unwrap().to_string();
    for seat in 0..2 {
        send(
            &mut conn,
            serde_json::json!({"type": "join", "room": room, "seat": seat}),
        )
        .await;
    }
    // The last frame of each seat (a step sends one to each seat this connection holds).
    let mut frames = [Value::Null, Value::Null];
    for _ in 0..500 {
        while let Ok(line) = rx.try_recv() {
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["type"] == "frame" {
                let seat = v["seat"].as_u64().unwrap() as usize;
                frames[seat] = v;
            }
        }
        let phase = frames[0]["frame"]["phase"].clone();
        let (seat, action) = match phase["kind"].as_str().unwrap() {
            "hand_summary" => break,
            "scopa" => (0, "continue".to_string()),
            "choose_capture" => (phase["seat"].as_u64().unwrap(), "capture 0".to_string()),
            "play" => {
                let seat = phase["seat"].as_u64().unwrap();
                let choices = &frames[seat as usize]["frame"]["choices"];
                let card = choices["cards"][0]["card"]["card"].as_str().unwrap();
                (seat, format!("select {card}"))
            }
            other => panic!("phase {other}"),
        };
        send(
            &mut conn,
            serde_json::json!({"type": "act", "action": action, "seat": seat}),
        )
        .await;
    }
    let last = &frames[0];
    assert_eq!(last["frame"]["phase"]["kind"], "hand_summary", "{last}");
    while rx.try_recv().is_ok() {}
    send(
        &mut conn,
        serde_json::json!({"type": "act", "action": "continue", "seat": 0}),
    )
    .await;
    let mut out = Vec::new();
    while let Ok(line) = rx.try_recv() {
        out.push(serde_json::from_str(&line).unwrap());
    }
    assert!(
        out.iter()
            .any(|v: &Value| v["summary_wait"]["waiting_for"] == serde_json::json!([1])),
        "{out:?}"
    );
    out
}

#[tokio::test]
async fn the_examples_of_docs_online_md_are_real_messages() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/online.md")).unwrap();
    let client = blocks(&doc, "json client");
    let server = blocks(&doc, "json server");
    let mut client_types = BTreeSet::new();
    for v in &client {
        parse(&v.to_string()).unwrap_or_else(|e| panic!("{v}: {e}"));
        client_types.insert(v["type"].as_str().unwrap().to_string());
    }
    let all_client: BTreeSet<String> =
        ["create", "join", "resume", "watch", "act", "hint", "leave"]
            .map(String::from)
            .into();
    assert_eq!(client_types, all_client);
    let mut real: BTreeMap<String, Value> = BTreeMap::new();
    for v in real_messages().await {
        real.entry(kind(&v)).or_insert(v);
    }
    let mut server_kinds = BTreeSet::new();
    for v in &server {
        let k = kind(v);
        let r = real
            .get(&k)
            .unwrap_or_else(|| panic!("no real message of kind {k}"));
        assert_eq!(keys(v), keys(r), "{k}");
        if k == "frame" {
            assert_eq!(keys(&v["frame"]), keys(&r["frame"]));
        }
        if k.starts_with("error") {
            // The code is one the server has.
            assert!(
                v["code"]
                    .as_str()
                    .unwrap()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_')
            );
        }
        server_kinds.insert(v["type"].as_str().unwrap().to_string());
    }
    let all_server: BTreeSet<String> = SERVER_TYPES.map(String::from).into();
    assert_eq!(server_kinds, all_server);
}
