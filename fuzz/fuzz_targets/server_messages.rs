//! The server's message handling (`scopa-server`'s hub and rooms, an in-memory SQLite, no
//! socket) on any sequence of messages from three clients: never a panic or a hang, and
//! every message a client receives is a JSON object of a known `type` (an `error` with a
//! code).
//!
//! The input is lines; each line's first byte picks the client (its value mod 3), the rest
//! is the message. So that the fuzzer reaches rooms and seats without guessing 80-bit codes
//! or 128-bit tokens, `@R` in a message stands for the last room code and `@T` for the last
//! seat token any client received. The seed corpus (`cargo run -p scopa-server --example
//! server_fuzz_seeds -- fuzz/corpus/server_messages`) is docs/online.md's examples so rewritten.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use scopa_server::hub::{Config, Conn, Hub};
use scopa_server::protocol::SERVER_TYPES;
use scopa_server::store::Store;
use serde_json::Value;
use tokio::sync::mpsc::Receiver;

/// Reads what a client received so far: checks each message; remembers codes and tokens.
fn drain(rx: &mut Receiver<String>, room: &mut String, token: &mut String) {
    while let Ok(line) = rx.try_recv() {
        let v: Value = serde_json::from_str(&line).expect("the server sends JSON");
        let kind = v["type"].as_str().expect("a message has a type");
        assert!(SERVER_TYPES.contains(&kind), "unknown message type {kind}");
        if kind == "error" {
            assert!(v["code"].is_string(), "{v}");
        }
        if let Some(r) = v["room"].as_str() {
            *room = r.to_string();
        }
        if let Some(t) = v["token"].as_str() {
            *token = t.to_string();
        }
    }
}

async fn run(data: &[u8]) {
    let Ok(store) = Store::open("sqlite::memory:").await else {
        return;
    };
    let hub: Arc<Hub> = Hub::new(
        store,
        Config {
            max_message: 512,
            ..Config::immediate()
        },
    );
    let mut clients: Vec<(Conn, Receiver<String>)> = (0..3)
        .map(|_| {
            let (tx, rx) = tokio::sync::mpsc::channel(scopa_server::hub::OUTBOX);
            (hub.connect(tx, false), rx)
        })
        .collect();
    let (mut room, mut token) = (String::new(), String::new());
    for line in data.split(|&b| b == b'\n').take(64) {
        let Some((&who, text)) = line.split_first() else {
            continue;
        };
        let text = String::from_utf8_lossy(text)
            .replace("@R", &room)
            .replace("@T", &token);
        clients[usize::from(who % 3)].0.handle(&text).await;
        // Let the room's delays (0 ms) and AI moves run.
        for _ in 0..4 {
            tokio::task::yield_now().await;
        }
        for (_, rx) in clients.iter_mut() {
            drain(rx, &mut room, &mut token);
        }
    }
    for (conn, rx) in clients.iter_mut() {
        conn.close().await;
        drain(rx, &mut room, &mut token);
    }
}

fuzz_target!(|data: &[u8]| {
    // A runtime per input: the tasks an input leaves (delays, turn timers) end with it.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    rt.block_on(run(data));
});
