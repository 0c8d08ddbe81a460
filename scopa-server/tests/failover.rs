//! Several server processes on one PostgreSQL database (a cluster of the test's own): two
//! people connected to two different processes play a whole match against each other; the
//! process of one of them is killed with SIGKILL mid-hand and its client resumes its seat,
//! with its token, on the other process. The match ends with the transcript of the same
//! seed and choices played on the core's `Session` directly, and the stored action log is
//! the local game's actions, none lost or doubled. Then a person against an AI, with a
//! spectator on a second process: both processes run the AI's delays, exactly one stores
//! each move. And a room with a turn timer, loaded by two processes that both schedule its
//! deadline: exactly one of them plays the timed-out seat's move.

mod cluster;
mod common;

use std::path::Path;

use cluster::Cluster;
use common::*;
use scopa_core::session::Settings;
use scopa_server::store::Store;
use serde_json::json;

const SEED: u64 = 20_261_127;

async fn stored_log(url: &str, room: &str) -> Vec<String> {
    let store = Store::open(url).await.unwrap();
    let log = store.actions(room).await.unwrap();
    store.close().await;
    log
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_of_a_killed_process_finishes_its_match_on_another() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let db = Path::new(&url);
    let one = Server::start(db, &[]);
    let mut two = Server::start(db, &[]);
    // a on process one creates the room and takes seat 0; b on process two takes seat 1.
    let mut a = Client::connect(&one.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    let mut b = Client::connect(&two.addr).await;
    let (tb, fb) = join(&mut b, &room, 1).await;
    // Seat 0 is taken on process one: process two knows it from the store.
    let mut c = Client::connect(&two.addr).await;
    c.send(json!({"type": "join", "room": room, "seat": 0}))
        .await;
    assert_eq!(c.expect("error").await["code"], "seat_taken");
    // Each hears the other's actions through the other process (LISTEN/NOTIFY).
    let mut frames = vec![fa, fb];
    assert!(!play(&mut [&mut a, &mut b], &mut frames, |made| made == 7).await);
    let seq = frames[1]["seq"].as_u64().unwrap();
    assert_eq!(frames[0]["seq"].as_u64().unwrap(), seq);
    // Mid-hand: the first hand goes on.
    assert_eq!(frames[1]["frame"]["hand_number"], 0);
    assert!(frames[1]["frame"]["table"]["deck_left"].as_u64().unwrap() > 0);
    two.kill();
    assert!(b.next().await.is_none(), "the socket dies with its process");
    // b resumes its seat on process one, with its token, and sees its hand again.
    let mut b = Client::connect(&one.addr).await;
    b.send(json!({"type": "resume", "room": room, "token": tb}))
        .await;
    assert_eq!(b.expect("joined").await["seat"], 1);
    let fb = b.expect("frame").await;
    assert_eq!(
        fb["seq"].as_u64().unwrap(),
        seq,
        "every acknowledged action was kept"
    );
    assert_eq!(fb["frame"]["hand"], frames[1]["frame"]["hand"]);
    frames[1] = fb;
    assert!(play(&mut [&mut a, &mut b], &mut frames, |_| false).await);
    // No action lost or doubled: the stored log is the local game's, one for one, and
    // replays to the local game's session and transcript.
    let settings: Settings = TWO_PEOPLE.parse().unwrap();
    let (local, end) = play_locally(settings, SEED);
    let log = stored_log(&url, &room).await;
    assert_eq!(log, local_actions(settings, SEED));
    let (replayed, session) = replay_log(settings, SEED, &log);
    assert_eq!(replayed, local);
    assert_eq!(session.to_bytes(), end.to_bytes());
    assert!(local.iter().any(|l| l.starts_with("winner ")));
    // a, on the process that lived, heard every event of the match in order: its own
    // actions' from its process, b's through the notifications.
    assert_eq!(a.lines, local[1..]);
    for f in &frames {
        assert_eq!(f["frame"]["phase"]["kind"], "match_over");
        assert_eq!(f["seq"].as_u64().unwrap(), log.len() as u64);
    }
    drop(one);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_running_an_ai_store_each_move_once() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let db = Path::new(&url);
    let one = Server::start(db, &[]);
    let two = Server::start(db, &[]);
    let settings_line = TWO_PEOPLE.replace("seats human human", "seats human easy");
    let mut a = Client::connect(&one.addr).await;
    let room = create(&mut a, &settings_line, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    // A spectator on process two: that process has the room loaded and runs its delays too.
    let mut w = Client::connect(&two.addr).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.expect("watching").await;
    let fw = w.expect("frame").await;
    // The AI may lead: each starts from the first frame where the room waits for a.
    let mut frames = Vec::new();
    for (c, f) in [(&mut a, fa), (&mut w, fw)] {
        frames.push(if f["frame"]["next"].get("wait").is_some() {
            f
        } else {
            c.settle(f["seq"].as_u64().unwrap()).await
        });
    }
    assert_eq!(frames[0]["seq"], frames[1]["seq"]);
    assert!(play(&mut [&mut a, &mut w], &mut frames, |_| false).await);
    let settings: Settings = settings_line.parse().unwrap();
    let log = stored_log(&url, &room).await;
    // Each AI move once: the log is the local game's, an `ai` there an `aiplay` here.
    let local = local_actions(settings, SEED);
    assert_eq!(log.len(), local.len());
    for (stored, local) in log.iter().zip(&local) {
        if local == "ai" {
            assert!(stored.starts_with("aiplay "), "{stored}");
        } else {
            assert_eq!(stored, local);
        }
    }
    let (transcript, _) = play_locally(settings, SEED);
    assert_eq!(replay_log(settings, SEED, &log).0, transcript);
    assert_eq!(
        w.last.as_ref().unwrap()["seq"].as_u64().unwrap(),
        log.len() as u64
    );
    drop((one, two));
}

/// Messages of `c` until it has been quiet for `quiet_ms`.
async fn drain(c: &mut Client, quiet_ms: u64) -> Vec<serde_json::Value> {
    let mut got = Vec::new();
    while let Ok(Some(v)) =
        tokio::time::timeout(std::time::Duration::from_millis(quiet_ms), c.next()).await
    {
        got.push(v);
    }
    got
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_deadline_is_acted_on_once_by_two_processes() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let db = Path::new(&url);
    let one = Server::start(db, &[]);
    let two = Server::start(db, &[]);
    let mut a = Client::connect(&one.addr).await;
    a.send(json!({"type": "create", "settings": TWO_PEOPLE, "seed": SEED, "turn_seconds": 4, "turn_ai": "easy"}))
        .await;
    let room = a.expect("created").await["room"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, fa) = join(&mut a, &room, 0).await;
    // Process two loads the room (and its stored deadline) when b joins.
    let mut b = Client::connect(&two.addr).await;
    let (_, fb) = join(&mut b, &room, 1).await;
    let at = fa["deadline"]["at_ms"].as_i64().expect("a deadline runs");
    let seat = fa["deadline"]["seat"].as_u64().unwrap();
    assert_eq!(fb["deadline"]["at_ms"].as_i64(), Some(at), "{fb}");
    let base = fa["seq"].as_u64().unwrap();
    assert_eq!(fb["seq"].as_u64(), Some(base));
    // Nobody moves. Two seconds past the deadline (the next one is four seconds after the
    // server's move): the seat out of time was played for once, not once per process.
    let wait = (at + 2000 - now_ms()).max(0) as u64;
    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
    let log = stored_log(&url, &room).await;
    // One play after the deal (with the hand-off steps the session settles after it).
    let plays: Vec<&String> = log[base as usize..]
        .iter()
        .filter(|l| l.starts_with("play "))
        .collect();
    assert_eq!(plays.len(), 1, "{log:?}");
    let (ma, mb) = (drain(&mut a, 500).await, drain(&mut b, 500).await);
    let notices: Vec<_> = ma
        .iter()
        .chain(&mb)
        .filter(|v| v["type"] == "timed_out")
        .collect();
    assert_eq!(notices.len(), 1, "{ma:?} {mb:?}");
    assert_eq!(notices[0]["seat"].as_u64(), Some(seat));
    assert_eq!(notices[0]["action"].as_str(), Some(&plays[0][..]));
    // Both processes' clients see the move's frame, with the next seat's deadline.
    for (c, msgs) in [(&a, &ma), (&b, &mb)] {
        let last = c.last.as_ref().unwrap();
        assert_eq!(last["seq"].as_u64(), Some(log.len() as u64), "{msgs:?}");
        assert_ne!(last["deadline"]["seat"].as_u64(), Some(seat), "{last}");
    }
    drop((one, two));
}

/// Presence across processes: a seat held on process two is seen connected from process
/// one; process two killed with SIGKILL, its seat shows away within the expiry
/// (`--presence-secs 2`, a heartbeat every 2/3 s); a process stopped with SIGTERM takes
/// its connections out at once (its expiry is a minute).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_on_another_process_is_seen_and_shown_away_when_that_process_dies() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let db = Path::new(&url);
    let one = Server::start(db, &["--presence-secs", "2"]);
    let mut two = Server::start(db, &["--presence-secs", "2"]);
    let mut a = Client::connect(&one.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    assert_eq!(
        fa["presence"],
        json!({"connected": [true, false], "spectators": 0})
    );
    let mut b = Client::connect(&two.addr).await;
    let (tb, _) = join(&mut b, &room, 1).await;
    // Each process sees the other's connection.
    a.presence_until(5, |p| p["connected"] == json!([true, true]))
        .await;
    b.presence_until(5, |p| p["connected"] == json!([true, true]))
        .await;
    let mut w = Client::connect(&two.addr).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.expect("watching").await;
    a.presence_until(5, |p| p["spectators"] == 1).await;
    // Process two dies without a word: its rows stay until they expire.
    let killed = std::time::Instant::now();
    two.kill();
    let p = a
        .presence_until(8, |p| p["connected"] == json!([true, false]))
        .await;
    let took = killed.elapsed();
    assert_eq!(p["spectators"], 0);
    assert!(
        took < std::time::Duration::from_millis(2000 + 667 + 1500),
        "seen away after {took:?}"
    );
    // A third process, with a minute's expiry: b resumes its seat there.
    let three = Server::start(db, &["--presence-secs", "60"]);
    let mut b = Client::connect(&three.addr).await;
    b.send(json!({"type": "resume", "room": room, "token": tb}))
        .await;
    b.expect("joined").await;
    a.presence_until(5, |p| p["connected"] == json!([true, true]))
        .await;
    // SIGTERM: the process deletes its rows before it exits, long before a minute.
    let stopped = std::time::Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &three.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    a.presence_until(5, |p| p["connected"] == json!([true, false]))
        .await;
    assert!(stopped.elapsed() < std::time::Duration::from_secs(5));
    drop(three);
    drop(one);
}
