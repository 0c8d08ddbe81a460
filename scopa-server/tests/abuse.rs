//! Fair service under abuse, against the server binary (its defaults but `--trusted-proxy`,
//! so that the test's clients on 127.0.0.1 may stand for several addresses with
//! `X-Forwarded-For`): a room of two people plays moves at a steady pace, first alone (its
//! quiet p99, from an action to the other seat's frame), then while two addresses flood
//! hints at the rate they are allowed (each hint on a new position of a four-player room,
//! so none is answered from a cache) and a third opens connections up to its bound. The
//! room's p99 under abuse must stay within three times its quiet p99 (or within 10 ms of
//! it, when that is more: the scheduler's granularity on a machine of two busy cores).
//!
//! `cargo test -p scopa-server --test abuse -- --ignored --nocapture` runs it and prints
//! both figures (`.ci/server.sh` does).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const FOUR_PEOPLE: &str = "session players 4 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human human human";

/// A WebSocket client whose address is `addr` (forwarded by the trusted proxy 127.0.0.1).
async fn connect_as(server: &str, addr: &str) -> Option<Client> {
    let mut request = format!("ws://{server}/ws").into_client_request().ok()?;
    request
        .headers_mut()
        .insert("x-forwarded-for", addr.parse().ok()?);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(request, None, true)
        .await
        .ok()?;
    Some(Client {
        ws,
        last: None,
        lines: Vec::new(),
        presence: None,
    })
}

/// The least allowance over the quiet p99 (see the test's last assertion).
const SLACK: Duration = Duration::from_millis(10);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The legitimate room: `moves` actions at `pace`, each timed from its sending to the other
/// seat's frame (added to `times`).
async fn paced_moves(
    clients: &mut [Client; 2],
    frames: &mut [Value; 2],
    moves: usize,
    pace: Duration,
    all: &mut Vec<Duration>,
) {
    let mut times = Vec::new();
    let mut next = tokio::time::Instant::now();
    while times.len() < moves {
        if frames[0]["frame"]["phase"]["kind"] == "match_over" {
            let seq = frames[0]["seq"].as_u64().unwrap();
            clients[0]
                .send(json!({"type": "act", "action": "rematch"}))
                .await;
            for (c, f) in clients.iter_mut().zip(frames.iter_mut()) {
                *f = c.settle(seq).await;
            }
            continue;
        }
        next += pace;
        tokio::time::sleep_until(next).await;
        let actor = (0..2)
            .find(|&i| choose(&frames[i]["frame"]).is_some())
            .expect("a person is to play");
        let seq = frames[actor]["seq"].as_u64().unwrap();
        let line = choose(&frames[actor]["frame"]).unwrap();
        let start = Instant::now();
        clients[actor]
            .send(json!({"type": "act", "action": line}))
            .await;
        frames[actor] = clients[actor].settle(seq).await;
        if frames[actor]["frame"]["phase"]["kind"] == "choose_capture" {
            continue;
        }
        let other = 1 - actor;
        // The other seat's first frame after the action.
        loop {
            let v = clients[other].next().await.expect("a frame");
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "frame" && v["seq"].as_u64().unwrap() > seq {
                times.push(start.elapsed());
                frames[other] = v;
                break;
            }
        }
        if frames[other]["frame"]["next"].get("wait").is_none()
            && frames[other]["frame"]["phase"]["kind"] != "match_over"
        {
            frames[other] = clients[other].settle(seq).await;
        }
    }
    all.extend(times);
}

/// One flooding connection of `addr`: a four-person room whose four seats it holds; for
/// ever, a hint for the seat to play, then that seat plays the hinted move (a new position
/// each time, so no hint is answered from a cache). `hints`: answered, refused `busy`,
/// refused otherwise.
async fn flood(
    server: String,
    addr: String,
    seed: u64,
    hints: Arc<[AtomicU64; 3]>,
    active: Arc<AtomicBool>,
) {
    let Some(mut c) = connect_as(&server, &addr).await else {
        return;
    };
    let room = create(&mut c, FOUR_PEOPLE, seed).await;
    let mut waits = 0;
    for seat in 0..4 {
        c.send(json!({"type": "join", "room": room, "seat": seat}))
            .await;
        c.expect("joined").await;
        let frame = c.expect("frame").await;
        waits = frame["frame"]["next"]["wait"]["seat"].as_u64().unwrap_or(0);
    }
    loop {
        if !active.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        c.send(json!({"type": "hint", "seat": waits})).await;
        let Some(v) = c.next().await else {
            return;
        };
        if v["type"] == "error" {
            let refused = if v["code"] == "busy" { 1 } else { 2 };
            hints[refused].fetch_add(1, Ordering::Relaxed);
            // Refused (the address's rate, or its share of the work): wait a little.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        hints[0].fetch_add(1, Ordering::Relaxed);
        let hint = &v["frame"]["hint"]["move"];
        let mut line = format!("play {}", hint["card"].as_str().unwrap_or("?"));
        for card in hint["capture"].as_array().into_iter().flatten() {
            line.push(' ');
            line.push_str(card.as_str().unwrap_or("?"));
        }
        let seq = v["seq"].as_u64().unwrap_or(0);
        loop {
            c.send(json!({"type": "act", "action": line, "seat": waits}))
                .await;
            // The move's frames come one a seat, seat 3's last.
            let mut refused = false;
            loop {
                let Some(v) = c.next().await else {
                    return;
                };
                if v["type"] == "error" {
                    refused = true;
                    break;
                }
                if v["type"] == "frame" && v["seq"].as_u64().unwrap_or(0) > seq {
                    if v["frame"]["phase"]["kind"] == "match_over" {
                        return;
                    }
                    if v["seat"] == 3 {
                        waits = v["frame"]["next"]["wait"]["seat"].as_u64().unwrap_or(0);
                        break;
                    }
                }
            }
            if !refused {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "timed (30 s): .ci/server.sh runs it with --ignored --nocapture, which prints its figures"]
async fn a_room_keeps_its_pace_while_others_flood_hints_and_hold_connections() {
    let dir = tempfile::tempdir_in(if std::path::Path::new("/dev/shm").is_dir() {
        "/dev/shm"
    } else {
        "/tmp"
    })
    .unwrap();
    // The server's defaults (rate 10 a second, 64 connections an address, …) but the
    // proxy, the pacing's delays (none) and the seeds the test chooses.
    let server = Server::start(
        &dir.path().join("abuse.sqlite"),
        &["--trusted-proxy", "127.0.0.1", "--rate", "10"],
    );
    let addr = server.addr.clone();
    let mut people = [
        connect_as(&addr, "198.51.100.1").await.unwrap(),
        connect_as(&addr, "198.51.100.2").await.unwrap(),
    ];
    let room = create(&mut people[0], TWO_PEOPLE, 11).await;
    let mut frames = [Value::Null, Value::Null];
    for (seat, c) in people.iter_mut().enumerate() {
        frames[seat] = join(c, &room, seat as u8).await.1;
    }
    for (seat, c) in people.iter_mut().enumerate() {
        if frames[seat]["frame"]["next"].get("wait").is_none() {
            frames[seat] = c.settle(frames[seat]["seq"].as_u64().unwrap()).await;
        }
    }
    // Short quiet and abused blocks in turn, so that what else the machine does (it is
    // shared) weighs on both alike.
    let (rounds, moves, pace) = (12, 20, Duration::from_millis(50));
    // The abuse: two addresses flood hints, two connections each; a third opens as many
    // connections as it may (and is refused past them), closing them after each block.
    let hints = Arc::new([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]);
    let active = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    // [most connections held at once, refused]
    let conns = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    // The abusers on threads and a runtime of their own, as other machines would be: the
    // room's clients here are not queued behind their work.
    let abusers = {
        let (addr, hints, active, stop, conns) = (
            addr.clone(),
            hints.clone(),
            active.clone(),
            stop.clone(),
            conns.clone(),
        );
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let mut floods = tokio::task::JoinSet::new();
                for (i, who) in ["203.0.113.1", "203.0.113.1", "203.0.113.2", "203.0.113.2"]
                    .into_iter()
                    .enumerate()
                {
                    floods.spawn(flood(
                        addr.clone(),
                        who.to_string(),
                        100 + i as u64,
                        hints.clone(),
                        active.clone(),
                    ));
                }
                while !stop.load(Ordering::Relaxed) {
                    if !active.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    }
                    let mut held = Vec::new();
                    for _ in 0..80 {
                        match connect_as(&addr, "203.0.113.3").await {
                            Some(c) => held.push(c),
                            None => {
                                conns[1].fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    conns[0].fetch_max(held.len() as u64, Ordering::Relaxed);
                    while active.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    drop(held);
                }
                floods.abort_all();
            });
        })
    };
    let (mut quiet, mut abused) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        paced_moves(&mut people, &mut frames, moves, pace, &mut quiet).await;
        active.store(true, Ordering::Relaxed);
        // The floods fill the work queue and the connections open before the room moves.
        tokio::time::sleep(Duration::from_millis(400)).await;
        paced_moves(&mut people, &mut frames, moves, pace, &mut abused).await;
        active.store(false, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    stop.store(true, Ordering::Relaxed);
    abusers.join().unwrap();
    let [held_most, refused] = [0, 1].map(|i| conns[i].load(Ordering::Relaxed));
    quiet.sort_unstable();
    abused.sort_unstable();
    let (quiet, abused) = (percentile(&quiet, 0.99), percentile(&abused, 0.99));
    let [done, busy, other] = [0, 1, 2].map(|i| hints[i].load(Ordering::Relaxed));
    println!(
        "abuse: a room's action -> other seat p99: quiet {:.2} ms, under abuse {:.2} ms ({:.2}x); \
         {} moves each in {rounds} blocks, one every {} ms; hints answered {done}, refused busy \
         {busy}, refused otherwise (rate) {other}; connections held {held_most}, refused {refused}",
        quiet.as_secs_f64() * 1e3,
        abused.as_secs_f64() * 1e3,
        abused.as_secs_f64() / quiet.as_secs_f64().max(1e-9),
        rounds * moves,
        pace.as_millis(),
    );
    assert_eq!(held_most, 64, "the address holds its bound of connections");
    assert!(done > 0, "the floods were served");
    // Three times the quiet p99, but never less than the quiet p99 plus SLACK: on an idle
    // 2-core machine the quiet p99 is about a millisecond, and while the abusers' own
    // clients and the hint workers keep both cores busy a wake-up waits for the kernel's
    // scheduler a few milliseconds (CFS's latency period is 12 ms on 2 CPUs) — 1.47 ms
    // quiet against 5.44 ms abused (3.7x) failed a clean CI run so. The defect this
    // guards against (hints on the network threads) cost hundreds of milliseconds.
    let bound = (quiet * 3).max(quiet + SLACK);
    assert!(
        abused <= bound,
        "p99 under abuse {abused:?} is more than 3x the quiet p99 {quiet:?} and more than \
         {SLACK:?} above it"
    );
}
