//! Whole matches over real sockets on 127.0.0.1 against the server binary, with its SQLite
//! file in a temp dir: two people and a spectator; a reconnection with the seat's token
//! mid-hand; the server killed with SIGKILL mid-hand and started again on the same file.
//! Each ends with the transcript of the same seed and choices played on the core's
//! `Session` directly, and the stored action log replays to the same session.

mod common;

use common::*;
use scopa_core::session::Settings;
use scopa_server::store::{Store, url_of};
use serde_json::{Value, json};

const SEED: u64 = 20_261_126;

async fn stored_log(db: &std::path::Path, room: &str) -> Vec<String> {
    let store = Store::open(&url_of(db.to_str().unwrap())).await.unwrap();
    let log = store.actions(room).await.unwrap();
    store.close().await;
    log
}

async fn check_against_local(db: &std::path::Path, room: &str, clients: &[&Client]) {
    check_line_against_local(db, room, clients, TWO_PEOPLE).await;
}

async fn check_line_against_local(
    db: &std::path::Path,
    room: &str,
    clients: &[&Client],
    line: &str,
) {
    let settings: Settings = line.parse().unwrap();
    let (local, end) = play_locally(settings, SEED);
    let log = stored_log(db, room).await;
    // No action lost or doubled: the log is the local game's actions, one for one.
    assert_eq!(log, local_actions(settings, SEED));
    let (replayed, session) = replay_log(settings, SEED, &log);
    assert_eq!(replayed, local);
    assert_eq!(session.to_bytes(), end.to_bytes());
    assert!(local.iter().any(|l| l.starts_with("winner ")));
    // Every client's last frame shows the local match's final scores.
    let scores: Vec<u64> = end.game_match().scores()[..2]
        .iter()
        .map(|&s| u64::from(s))
        .collect();
    for c in clients {
        let f = &c.last.as_ref().unwrap()["frame"];
        assert_eq!(f["phase"]["kind"], "match_over");
        let shown: Vec<u64> = f["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["score"].as_u64().unwrap())
            .collect();
        assert_eq!(shown, scores);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_whole_match_and_a_spectator_sees_every_event() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    let mut b = Client::connect(&server.addr).await;
    let (_, fb) = join(&mut b, &room, 1).await;
    let mut w = Client::connect(&server.addr).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.expect("watching").await;
    let fw = w.expect("frame").await;
    assert_eq!(fw["seat"], Value::Null);
    assert_eq!(fw["frame"]["hand"], json!([]));
    let mut frames = vec![fa, fb, fw];
    assert!(play(&mut [&mut a, &mut b, &mut w], &mut frames, |_| false).await);
    check_against_local(&db, &room, &[&a, &b, &w]).await;
    // The spectator heard every event after the first deal, as the local transcript has it.
    let (local, _) = play_locally(TWO_PEOPLE.parse().unwrap(), SEED);
    assert_eq!(w.lines, local[1..]);
    // Either person may ask for a rematch; the spectator may not.
    w.send(json!({"type": "act", "action": "rematch"})).await;
    assert_eq!(w.expect("error").await["code"], "not_seated");
    b.send(json!({"type": "act", "action": "rematch"})).await;
    let f = b.expect("frame").await;
    assert_eq!(f["frame"]["match_number"], 1);
    drop(server);
}

/// Briscola through the same rooms: the settings line names the game, nothing else changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_whole_briscola_match() {
    const BRISCOLA: &str =
        "session briscola players 2 hand_size 3 target 2 undo 0 seats human human";
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.addr).await;
    let room = create(&mut a, BRISCOLA, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    let mut b = Client::connect(&server.addr).await;
    let (_, fb) = join(&mut b, &room, 1).await;
    assert_eq!(fa["frame"]["table"]["game"], "briscola");
    let mut frames = vec![fa, fb];
    assert!(play(&mut [&mut a, &mut b], &mut frames, |_| false).await);
    check_line_against_local(&db, &room, &[&a, &b], BRISCOLA).await;
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_reconnects_with_its_token_mid_hand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (token_a, fa) = join(&mut a, &room, 0).await;
    let mut b = Client::connect(&server.addr).await;
    let (token, fb) = join(&mut b, &room, 1).await;
    let mut frames = vec![fa, fb];
    assert!(!play(&mut [&mut a, &mut b], &mut frames, |made| made == 5).await);
    // Mid-hand: the first hand goes on (cards in the deck).
    assert_eq!(frames[1]["frame"]["hand_number"], 0);
    assert!(frames[1]["frame"]["table"]["deck_left"].as_u64().unwrap() > 0);
    // b goes away; the seat stays b's.
    b.ws.close(None).await.unwrap();
    drop(b);
    let mut c = Client::connect(&server.addr).await;
    c.send(json!({"type": "join", "room": room, "seat": 1}))
        .await;
    assert_eq!(c.expect("error").await["code"], "seat_taken");
    c.send(json!({"type": "resume", "room": room, "token": "00000000000000000000000000000000"}))
        .await;
    assert_eq!(c.expect("error").await["code"], "bad_token");
    // b comes back with its token on a new socket and sees its own hand again.
    let mut b = Client::connect(&server.addr).await;
    b.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    let joined = b.expect("joined").await;
    assert_eq!(joined["seat"], 1);
    let fb = b.expect("frame").await;
    assert_eq!(fb["seq"], frames[1]["seq"]);
    assert_eq!(fb["frame"]["hand"], frames[1]["frame"]["hand"]);
    frames[1] = fb;
    assert!(play(&mut [&mut a, &mut b], &mut frames, |_| false).await);
    check_against_local(&db, &room, &[&a, &b]).await;
    // a leaves: its token stops working and the seat is free for somebody else.
    a.send(json!({"type": "leave"})).await;
    a.expect("left").await;
    c.send(json!({"type": "resume", "room": room, "token": token_a}))
        .await;
    assert_eq!(c.expect("error").await["code"], "bad_token");
    let (_, f) = join(&mut c, &room, 0).await;
    assert_eq!(f["seat"], 0);
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_killed_mid_hand_resumes_every_room_and_seat_from_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let mut server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (ta, fa) = join(&mut a, &room, 0).await;
    let mut b = Client::connect(&server.addr).await;
    let (tb, fb) = join(&mut b, &room, 1).await;
    let mut frames = vec![fa, fb];
    // Mid-hand: some plays of the first hand made, cards still in the hands.
    assert!(!play(&mut [&mut a, &mut b], &mut frames, |made| made == 7).await);
    let seq = frames[0]["seq"].as_u64().unwrap();
    assert!(frames[0]["frame"]["table"]["deck_left"].as_u64().unwrap() > 0);
    server.kill();
    assert!(a.next().await.is_none(), "the socket dies with the server");
    let server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.addr).await;
    let mut b = Client::connect(&server.addr).await;
    let mut frames = Vec::new();
    for (c, token) in [(&mut a, &ta), (&mut b, &tb)] {
        c.send(json!({"type": "resume", "room": room, "token": token}))
            .await;
        c.expect("joined").await;
        let f = c.expect("frame").await;
        assert_eq!(
            f["seq"].as_u64().unwrap(),
            seq,
            "every acknowledged action was kept"
        );
        frames.push(f);
    }
    assert!(play(&mut [&mut a, &mut b], &mut frames, |_| false).await);
    check_against_local(&db, &room, &[&a, &b]).await;
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_the_ai_over_stdin_and_stdout() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stdio.sqlite");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_scopa-server"))
        .args(["--stdio", "--ai-ms", "0"])
        .args(NO_WAITS)
        .arg("--db")
        .arg(&db)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut read = || {
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    };
    let settings = TWO_PEOPLE.replace("seats human human", "seats human easy");
    writeln!(
        input,
        "{}",
        json!({"type": "create", "settings": settings, "lang": "it"})
    )
    .unwrap();
    let room = read()["room"].as_str().unwrap().to_string();
    assert!(room.len() >= 13, "at least 64 bits in base 32");
    writeln!(
        input,
        "{}",
        json!({"type": "join", "room": room, "seat": 1})
    )
    .unwrap();
    assert_eq!(read()["type"], "error", "seat 1 is the AI's");
    writeln!(
        input,
        "{}",
        json!({"type": "join", "room": room, "seat": 0})
    )
    .unwrap();
    assert_eq!(read()["type"], "joined");
    let mut frame = read();
    let mut plays = 0;
    loop {
        assert_eq!(frame["type"], "frame");
        assert_eq!(frame["frame"]["lang"], "it");
        if frame["frame"]["phase"]["kind"] == "match_over" {
            break;
        }
        if frame["frame"]["next"].get("wait").is_some() {
            let line = choose(&frame["frame"]).expect("the person is to play");
            writeln!(input, "{}", json!({"type": "act", "action": line})).unwrap();
            plays += 1;
        }
        frame = read();
    }
    assert!(plays >= 18, "a whole match: {plays} plays");
    drop(input);
    assert!(
        child.wait().unwrap().success(),
        "the server ends with its input"
    );
    // The log replays to the same session: the AI's moves are in it as `aiplay`.
    let log = stored_log(&db, &room).await;
    assert!(log.iter().any(|l| l.starts_with("aiplay ")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_plays_after_the_pacing_delay() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::spawn(
        &dir.path().join("ai.sqlite"),
        &[
            &["--allow-client-seed", "--ai-ms", "400", "--rate", "1000"][..],
            &NO_WAITS,
        ]
        .concat(),
    );
    let mut a = Client::connect(&server.addr).await;
    let settings = TWO_PEOPLE.replace("seats human human", "seats human random");
    let room = create(&mut a, &settings, SEED).await;
    let (_, mut f) = join(&mut a, &room, 0).await;
    let mut timed = 0;
    while timed < 3 {
        let frame = &f["frame"];
        if let Some(due) = frame["next"].get("due")
            && due["action"] != "ai"
        {
            // A banner of 0 ms goes by at once.
            f = a.expect("frame").await;
        } else if let Some(due) = frame["next"].get("due") {
            assert_eq!(due["after_ms"], 400);
            let start = std::time::Instant::now();
            let played = a.expect("frame").await;
            assert!(
                start.elapsed() >= std::time::Duration::from_millis(350),
                "{:?}",
                start.elapsed()
            );
            assert_eq!(played["frame"]["events"][0]["seat"], 1);
            timed += 1;
            f = played;
        } else {
            let line = choose(frame).expect("the person is to play");
            a.send(json!({"type": "act", "action": line})).await;
            f = a.expect("frame").await;
        }
    }
    drop(server);
}

/// Who is connected: every frame says it, and each change is pushed to the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_leaves_is_shown_away_and_connected_again_when_it_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("p.sqlite"), &[]);
    let mut a = Client::connect(&server.addr).await;
    let room = create(&mut a, TWO_PEOPLE, SEED).await;
    let (_, fa) = join(&mut a, &room, 0).await;
    // a's own frame says it: a is connected, b's seat is nobody's yet.
    assert_eq!(
        fa["presence"],
        json!({"connected": [true, false], "spectators": 0})
    );
    let mut b = Client::connect(&server.addr).await;
    let (token, fb) = join(&mut b, &room, 1).await;
    assert_eq!(
        fb["presence"],
        json!({"connected": [true, true], "spectators": 0})
    );
    // a is told by a `presence` message.
    let p = a.next_any().await.unwrap();
    assert_eq!(
        p,
        json!({"type": "presence", "room": room, "presence": {"connected": [true, true], "spectators": 0}})
    );
    // A spectator comes: both seats hear it; its frame says who is there.
    let mut w = Client::connect(&server.addr).await;
    w.send(json!({"type": "watch", "room": room})).await;
    w.expect("watching").await;
    let fw = w.expect("frame").await;
    assert_eq!(
        fw["presence"],
        json!({"connected": [true, true], "spectators": 1})
    );
    a.presence_until(5, |p| p["spectators"] == 1).await;
    // b's socket closes: a and the spectator see seat 1 away.
    b.ws.close(None).await.unwrap();
    drop(b);
    let p = a
        .presence_until(5, |p| p["connected"] == json!([true, false]))
        .await;
    assert_eq!(p["spectators"], 1);
    w.presence_until(5, |p| p["connected"] == json!([true, false]))
        .await;
    // b comes back with its token: connected again, for everybody.
    let mut b = Client::connect(&server.addr).await;
    b.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    b.expect("joined").await;
    let fb = b.expect("frame").await;
    assert_eq!(fb["presence"]["connected"], json!([true, true]));
    a.presence_until(5, |p| p["connected"] == json!([true, true]))
        .await;
    w.presence_until(5, |p| p["connected"] == json!([true, true]))
        .await;
    // The spectator leaves; a's next frame (after a move) carries the count too.
    w.send(json!({"type": "leave"})).await;
    w.expect("left").await;
    a.presence_until(5, |p| p["spectators"] == 0).await;
    let mut frames = vec![fa, fb];
    assert!(!play(&mut [&mut a, &mut b], &mut frames, |made| made == 1).await);
    for f in &frames {
        assert_eq!(
            f["presence"],
            json!({"connected": [true, true], "spectators": 0})
        );
    }
    drop(server);
}
