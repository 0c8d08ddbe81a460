//! A hand summary in a room with people (issue 37 item 5): it waits for every connected
//! person's Continue, not for a seat that is away, and at most the longest wait; whom it
//! waits for is in the frames; readiness is not stored, so a room loaded again makes
//! people press again (never skips the summary, never doubles a Continue).

use super::testing::*;
use super::*;
use scopa_core::session::Phase;
use serde_json::{Value, json};

const TWO_PEOPLE: &str = "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human";

/// A hub with no delays but a summary that waits `wait_ms` for the people.
async fn hub_waiting(wait_ms: u32) -> Arc<Hub> {
    let store = Store::open("sqlite::memory:").await.unwrap();
    Hub::new(
        store,
        Config {
            summary_wait_ms: wait_ms,
            ..Config::immediate()
        },
    )
}

/// A room of two people, each seat joined on a connection of its own.
async fn two_people(hub: &Arc<Hub>) -> (String, [Client; 2]) {
    let (code, clients, _) = two_people_tokens(hub).await;
    (code, clients)
}

/// [`two_people`], with the seats' tokens.
async fn two_people_tokens(hub: &Arc<Hub>) -> (String, [Client; 2], Vec<String>) {
    let code = hub.create(TWO_PEOPLE, None, Some(11)).await.unwrap();
    let mut clients = [Client::new(hub), Client::new(hub)];
    let mut tokens = Vec::new();
    for (seat, c) in clients.iter_mut().enumerate() {
        let got = c
            .send(json!({"type": "join", "room": code, "seat": seat}))
            .await;
        let joined = of_type(&got, "joined");
        assert_eq!(joined.len(), 1, "{got:?}");
        tokens.push(joined[0]["token"].as_str().unwrap().to_string());
    }
    (code, clients, tokens)
}

async fn phase(hub: &Arc<Hub>, code: &str) -> Phase {
    let live = hub.cached(code).unwrap();
    let l = live.lock().await;
    l.room.session().phase()
}

/// Plays the seats' moves (an easy AI's choice, sent by the seat's connection) until the
/// hand's summary.
async fn play_to_summary(hub: &Arc<Hub>, code: &str, clients: &mut [Client; 2]) {
    for _ in 0..200 {
        let (phase, mv) = {
            let live = hub.cached(code).unwrap();
            let l = live.lock().await;
            let s = l.room.session();
            (s.phase(), s.choose_as(Level::Easy, 0).ok())
        };
        match phase {
            Phase::HandSummary => return,
            Phase::Play { seat } => {
                let action = transcript::action(&Action::Play(mv.unwrap())).to_string();
                let got = clients[usize::from(seat)]
                    .send(json!({"type": "act", "action": action}))
                    .await;
                assert!(of_type(&got, "error").is_empty(), "{got:?}");
            }
            other => panic!("unexpected phase {other:?}"),
        }
        for c in clients.iter_mut() {
            c.drain();
        }
    }
    panic!("no summary after 200 plays");
}

fn last_frame(msgs: &[Value]) -> &Value {
    of_type(msgs, "frame").last().copied().expect("a frame")
}

async fn press(c: &mut Client) -> Vec<Value> {
    let got = c.send(json!({"type": "act", "action": "continue"})).await;
    assert!(of_type(&got, "error").is_empty(), "{got:?}");
    got
}

#[tokio::test]
async fn the_summary_waits_for_every_connected_person() {
    let hub = hub_waiting(600_000).await;
    let (code, mut clients) = two_people(&hub).await;
    play_to_summary(&hub, &code, &mut clients).await;
    let seq = hub.cached(&code).unwrap().lock().await.room.seq();
    let got = press(&mut clients[0]).await;
    let frame = last_frame(&got);
    assert_eq!(frame["frame"]["phase"]["kind"], "hand_summary");
    assert_eq!(frame["frame"]["offers"]["proceed"], false, "seat 0 pressed");
    assert_eq!(
        frame["summary_wait"],
        json!({"ready": [0], "waiting_for": [1]})
    );
    // The other seat is told too, and may still press.
    let other = clients[1].drain();
    let frame = last_frame(&other);
    assert_eq!(frame["frame"]["offers"]["proceed"], true);
    assert_eq!(frame["summary_wait"]["waiting_for"], json!([1]));
    // Pressing again changes nothing and stores nothing.
    press(&mut clients[0]).await;
    assert_eq!(phase(&hub, &code).await, Phase::HandSummary);
    assert_eq!(hub.cached(&code).unwrap().lock().await.room.seq(), seq);
    assert_eq!(hub.store.actions(&code).await.unwrap().len() as u64, seq);
    // The second person's Continue closes it: one Continue stored.
    let got = press(&mut clients[1]).await;
    assert_ne!(last_frame(&got)["frame"]["phase"]["kind"], "hand_summary");
    assert!(last_frame(&got).get("summary_wait").is_none());
    let log = hub.store.actions(&code).await.unwrap();
    assert_eq!(
        log.iter()
            .skip(seq as usize)
            .filter(|a| *a == "continue")
            .count(),
        1,
        "{log:?}"
    );
}

#[tokio::test]
async fn a_seat_that_is_away_is_not_waited_for() {
    let hub = hub_waiting(600_000).await;
    // Seat 1 goes away before the summary: seat 0 alone closes it.
    let (code, mut clients) = two_people(&hub).await;
    play_to_summary(&hub, &code, &mut clients).await;
    let [mut a, mut b] = clients;
    b.conn.close().await;
    let got = press(&mut a).await;
    assert_ne!(last_frame(&got)["frame"]["phase"]["kind"], "hand_summary");

    // Seat 0 pressed, then seat 1 goes away: the summary closes by itself.
    let (code, mut clients) = two_people(&hub).await;
    play_to_summary(&hub, &code, &mut clients).await;
    let [mut a, mut b] = clients;
    press(&mut a).await;
    assert_eq!(phase(&hub, &code).await, Phase::HandSummary);
    b.conn.close().await;
    tokio::time::timeout(Duration::from_secs(10), async {
        while phase(&hub, &code).await == Phase::HandSummary {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the summary closes once the one left has pressed");
    let frame = last_frame(&a.drain()).clone();
    assert_ne!(frame["frame"]["phase"]["kind"], "hand_summary");
}

#[tokio::test]
async fn the_longest_wait_ends_the_summary() {
    let hub = hub_waiting(300).await;
    let (code, mut clients) = two_people(&hub).await;
    play_to_summary(&hub, &code, &mut clients).await;
    press(&mut clients[0]).await;
    let start = Instant::now();
    tokio::time::timeout(Duration::from_secs(10), async {
        while phase(&hub, &code).await == Phase::HandSummary {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the summary closes by itself after the longest wait");
    assert!(
        start.elapsed() >= Duration::from_millis(250),
        "{:?}",
        start.elapsed()
    );
}

/// Readiness is not stored: a room loaded again from the store (as after a restart) shows
/// the same summary and waits for both Continues again; the log holds one `continue`.
#[tokio::test]
async fn a_room_loaded_again_makes_people_press_again() {
    let hub = hub_waiting(600_000).await;
    let (code, mut clients, tokens) = two_people_tokens(&hub).await;
    play_to_summary(&hub, &code, &mut clients).await;
    let seq = hub.cached(&code).unwrap().lock().await.room.seq();
    press(&mut clients[0]).await;
    for c in &mut clients {
        c.conn.close().await;
    }
    let later = Instant::now() + hub.config.idle_evict * 2;
    assert_eq!(hub.evict_idle(later), 1, "the room leaves memory");
    let mut again = [Client::new(&hub), Client::new(&hub)];
    for (c, token) in again.iter_mut().zip(&tokens) {
        let got = c
            .send(json!({"type": "resume", "room": code, "token": token}))
            .await;
        let frame = last_frame(&got);
        assert_eq!(frame["frame"]["phase"]["kind"], "hand_summary");
        assert_eq!(frame["frame"]["offers"]["proceed"], true, "press again");
    }
    assert_eq!(phase(&hub, &code).await, Phase::HandSummary);
    press(&mut again[0]).await;
    assert_eq!(
        phase(&hub, &code).await,
        Phase::HandSummary,
        "seat 1 not pressed yet"
    );
    press(&mut again[1]).await;
    assert_ne!(phase(&hub, &code).await, Phase::HandSummary);
    let log = hub.store.actions(&code).await.unwrap();
    assert_eq!(log.len() as u64, seq + 1, "one continue: {log:?}");
    assert_eq!(log[seq as usize], "continue");
}
