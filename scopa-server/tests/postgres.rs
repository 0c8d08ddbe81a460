//! The store's SQL on PostgreSQL: a cluster of its own (initdb and pg_ctl of Debian's
//! postgresql 15, run as the `postgres` user when the test runs as root) in a temp dir, on
//! 127.0.0.1; the same statements as on SQLite, through the same `Store`; then a room
//! created, joined and played through the hub, and read back by a second store (a second
//! process would do the same) with its log replayed to the same session.

mod cluster;

use std::path::Path;

use cluster::{BIN, Cluster};
use scopa_core::session::pacing::Pacing;
use scopa_core::session::{Action, Session};
use scopa_server::hub::{Config, Hub};
use scopa_server::store::{Store, StoreError};
use serde_json::{Value, json};

async fn read(rx: &mut tokio::sync::mpsc::Receiver<String>) -> Value {
    serde_json::from_str(&rx.recv().await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_runs_on_postgresql() {
    assert!(
        Path::new(BIN).exists(),
        "Debian's postgresql 15 is installed"
    );
    let cluster = Cluster::start();
    let store = Store::open(&cluster.url()).await.unwrap();
    // The statements of the SQLite unit test.
    store
        .create_room("abc", "session …", &[1, 2, 3], 0)
        .await
        .unwrap();
    store.set_seat("abc", 1, Some("tok")).await.unwrap();
    store.set_seat("abc", 1, Some("tok2")).await.unwrap();
    store.set_seat("abc", 2, Some("gone")).await.unwrap();
    store.set_seat("abc", 2, None).await.unwrap();
    store
        .commit("abc", 0, &["continue".into(), "ai".into()], &[4, 5])
        .await
        .unwrap();
    assert!(matches!(
        store.commit("abc", 0, &["rematch".into()], &[9]).await,
        Err(StoreError::Conflict(_))
    ));
    let room = store.load("abc").await.unwrap().unwrap();
    assert_eq!(room.session, vec![4, 5]);
    assert_eq!(room.seq, 2);
    assert_eq!(room.tokens[1].as_deref(), Some("tok2"));
    assert_eq!(room.tokens[2], None);
    assert_eq!(store.actions("abc").await.unwrap(), ["continue", "ai"]);
    assert_eq!(store.load("nope").await.unwrap(), None);
    // Taking a seat never overwrites another's; only its own token frees it.
    assert!(store.take_seat("abc", 0, "h1").await.unwrap());
    assert!(!store.take_seat("abc", 0, "h2").await.unwrap());
    store.free_seat("abc", 0, "h2").await.unwrap();
    assert_eq!(
        store.load("abc").await.unwrap().unwrap().tokens[0].as_deref(),
        Some("h1")
    );
    store.free_seat("abc", 0, "h1").await.unwrap();
    assert_eq!(store.load("abc").await.unwrap().unwrap().tokens[0], None);

    // A room played through the hub on PostgreSQL.
    let settings = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";
    let hub = Hub::new(
        store.clone(),
        Config {
            allow_client_seed: true,
            // Banners and summaries go by at once (in the same stored step).
            pacing: Pacing {
                ai_ms: 0,
                scopa_ms: 0,
                summary_ms: 0,
                attended: false,
            },
            summary_wait_ms: 0,
            ..Config::default()
        },
    );
    let (tx, mut rx) = tokio::sync::mpsc::channel(256);
    let mut conn = hub.connect(tx, false);
    conn.handle(&json!({"type": "create", "settings": settings, "seed": 77}).to_string())
        .await;
    let code = read(&mut rx).await["room"].as_str().unwrap().to_string();
    for seat in [0, 1] {
        conn.handle(&json!({"type": "join", "room": code, "seat": seat}).to_string())
            .await;
        assert_eq!(read(&mut rx).await["type"], "joined");
        assert_eq!(read(&mut rx).await["type"], "frame");
    }
    let mut played = 0;
    let mut frame = Value::Null;
    while played < 8 {
        // Whoever is to play (in this connection's two frames) plays its first card.
        let mut acted = false;
        for seat in [0u8, 1] {
            conn.handle(&json!({"type": "hint", "seat": seat}).to_string())
                .await;
            let v = read(&mut rx).await;
            if v["type"] == "frame" {
                let choices = &v["frame"]["choices"];
                let action = match choices["cards"][0]["card"]["card"].as_str() {
                    Some(card) => format!("select {card}"),
                    None => "capture 0".into(),
                };
                conn.handle(&json!({"type": "act", "action": action, "seat": seat}).to_string())
                    .await;
                // Two frames (one per seat held), then any banner's.
                frame = read(&mut rx).await;
                assert_eq!(frame["type"], "frame", "{frame}");
                read(&mut rx).await;
                acted = true;
                break;
            }
        }
        assert!(acted, "one of the two seats is to play");
        while let Ok(line) = rx.try_recv() {
            frame = serde_json::from_str(&line).unwrap();
        }
        played += 1;
    }
    let seq = frame["seq"].as_u64().unwrap();
    // A second store on the same database reads the room back; its log replays to it.
    let other = Store::open(&cluster.url()).await.unwrap();
    let stored = other.load(&code).await.unwrap().unwrap();
    assert_eq!(stored.seq, seq);
    assert!(stored.tokens[0].is_some() && stored.tokens[1].is_some());
    let log = other.actions(&code).await.unwrap();
    assert_eq!(log.len() as u64, seq);
    let mut s = Session::new(settings.parse().unwrap(), 77).unwrap();
    for line in &log {
        s.apply(line.parse::<Action>().unwrap()).unwrap();
    }
    assert_eq!(s.to_bytes().to_vec(), stored.session);
    conn.close().await;
    other.close().await;
    store.close().await;
}

/// Group commit on PostgreSQL: two processes' stores send steps of the same forty rooms
/// at once, in opposite orders — each room's step is stored once (the other is a
/// conflict), nothing waits for ever (the rows are taken in the order of the codes), and
/// a process's groups hold several steps each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_commits_of_two_processes_store_each_step_once() {
    let cluster = Cluster::start();
    let one = Store::open(&cluster.url()).await.unwrap();
    let two = Store::open(&cluster.url()).await.unwrap();
    let codes: Vec<String> = (0..40).map(|i| format!("room{i:02}")).collect();
    for code in &codes {
        one.create_room(code, "session …", &[0], 0).await.unwrap();
    }
    let mut steps = tokio::task::JoinSet::new();
    for (store, reversed) in [(one.clone(), false), (two.clone(), true)] {
        let mut mine = codes.clone();
        if reversed {
            mine.reverse();
        }
        for code in mine {
            let store = store.clone();
            let byte = u8::from(reversed) + 1;
            steps.spawn(async move {
                let stored = store
                    .commit_grouped(&code, 0, vec!["continue".into()], vec![byte], None)
                    .await;
                (code, stored)
            });
        }
    }
    let mut stored = std::collections::BTreeMap::new();
    let outcome = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        while let Some(done) = steps.join_next().await {
            let (code, result) = done.unwrap();
            match result {
                Ok(()) => *stored.entry(code).or_insert(0) += 1,
                Err(StoreError::Conflict(_)) => {}
                Err(e) => panic!("{code}: {e}"),
            }
        }
    })
    .await;
    assert!(outcome.is_ok(), "the group commits finished");
    assert_eq!(stored.len(), 40, "{stored:?}");
    assert!(stored.values().all(|&n| n == 1), "{stored:?}");
    for code in &codes {
        let room = one.load(code).await.unwrap().unwrap();
        assert_eq!(room.seq, 1);
        assert_eq!(one.actions(code).await.unwrap(), ["continue"]);
    }
    let (commits, held) = one.group_stats();
    let (commits2, held2) = two.group_stats();
    assert_eq!(held + held2, 80, "every step went through a group");
    assert!(
        commits + commits2 < 80,
        "{commits} + {commits2} commits for 80 steps"
    );
}
