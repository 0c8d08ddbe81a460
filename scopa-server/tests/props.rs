//! Properties of the server, in process:
//! - what each seat and each spectator receives is the same, to the byte, when the cards
//!   it cannot see (the other hands, the deck order), the deals to come and the session's
//!   secret differ; no message carries the secret or another seat's token;
//! - no input makes the server panic: every message, valid or not, gets an answer of a
//!   known type.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use scopa_core::session::pacing::Pacing;
use scopa_core::session::table::Frame;
use scopa_core::session::{Action, Phase, SAVE_LEN, Session, Settings};
use scopa_core::snapshot::crc32;
use scopa_core::{CardSet, SplitMix64};
use scopa_server::hub::{Config, Hub, frame_line};
use scopa_server::protocol::PresenceMsg;
use scopa_server::room::Room;
use scopa_server::store::{Store, url_of};

const FAST: Pacing = Pacing {
    ai_ms: 0,
    scopa_ms: 0,
    summary_ms: 0,
    attended: false,
};

const SETTINGS: [&str; 4] = [
    "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human",
    "session players 2 deal standard target 11 primiera classic ace none napola 1 re_bello 0 kings_redeal 1 undo 0 seats human easy",
    "session players 3 deal standard target 11 primiera classic ace none napola 0 re_bello 1 kings_redeal 1 undo 0 seats human random human",
    "session players 4 deal scopone target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human random human",
];

// The save's layout (version 1, docs in scopa-core's session/save.rs), as
// scopa-core's tests/tests/pacing.rs uses it: the match inside the save, and in the match
// the deals to come (PRNG state), the deck order and the CRC. If the save format changes,
// `Room::restore` below refuses the bytes and this test fails loudly.
const MATCH: usize = 26;
const RNG: usize = MATCH + 22;
const DECK: usize = MATCH + 30;
const SNAP_CRC: usize = MATCH + 330;

/// `bytes` with the cards `hidden` permuted in the deck, other deals to come and another
/// secret, the checksums made right.
fn permuted(bytes: &[u8], hidden: CardSet, shuffle: u64) -> Vec<u8> {
    let mut b = bytes.to_vec();
    assert_eq!(b.len(), SAVE_LEN);
    let positions: Vec<usize> = (0..40)
        .filter(|&i| scopa_core::Card::from_index(b[DECK + i]).is_some_and(|c| hidden.contains(c)))
        .collect();
    let mut values: Vec<u8> = positions.iter().map(|&i| b[DECK + i]).collect();
    let mut rng = SplitMix64::new(shuffle);
    for i in (1..values.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        values.swap(i, j);
    }
    for (p, v) in positions.into_iter().zip(values) {
        b[DECK + p] = v;
    }
    b[RNG..RNG + 8].copy_from_slice(&rng.next().to_le_bytes());
    b[10..18].copy_from_slice(&rng.next().to_le_bytes());
    let crc = crc32(&b[MATCH..SNAP_CRC]);
    b[SNAP_CRC..SNAP_CRC + 4].copy_from_slice(&crc.to_le_bytes());
    let crc = crc32(&b[..SAVE_LEN - 4]);
    b[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    b
}

/// Every card `seat` cannot see (no seat: a spectator).
fn hidden_from(s: &Session, seat: Option<u8>) -> CardSet {
    let m = s.game_match();
    let mut seen = m.table_cards().distinct()
        | Frame::for_seat(s, seat, Default::default(), &FAST)
            .hand
            .distinct();
    for side in 0..s.settings().sides() {
        seen |= m.pile(side).distinct();
    }
    !seen
}

fn secret_of(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[10..18].try_into().unwrap())
}

/// Everything `looker` receives of `room` now: its frame, and with a hint when it may ask.
fn received(room: &Room, looker: Option<u8>) -> Vec<String> {
    // Who is connected: the same for everybody, and nothing of the cards.
    let presence = PresenceMsg {
        connected: vec![true; usize::from(room.session().players())],
        spectators: 1,
    };
    let mut out = vec![frame_line(room, looker, &[], None, &presence)];
    if let Some(seat) = looker
        && let Ok(hint) = room.hint(seat)
    {
        out.push(frame_line(room, looker, &[], Some(hint), &presence));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn each_seat_and_spectator_receives_the_same_bytes_whatever_it_cannot_see(
        which in 0usize..SETTINGS.len(),
        seed in any::<u64>(),
        steps in 0usize..100,
        choices in any::<u64>(),
        shuffle in any::<u64>(),
        looker in 0u8..5,
    ) {
        let settings: Settings = SETTINGS[which].parse().unwrap();
        let players = settings.players();
        let mut room = Room::create("room".into(), settings, seed, FAST).unwrap();
        for seat in 0..players {
            if settings.player(seat).is_human() {
                room.claim(seat, format!("token-of-seat-{seat}-{seed:x}")).unwrap();
            }
        }
        room.settle().unwrap();
        let mut rng = SplitMix64::new(choices);
        for _ in 0..steps {
            if let Some(due) = room.due() {
                if due.action == Action::RunAi {
                    let mv = room.session().ai_move().unwrap();
                    room.fire_move(due.token, mv).unwrap();
                } else {
                    room.fire(due.token).unwrap();
                }
                continue;
            }
            let (seat, action) = match room.session().phase() {
                Phase::Play { seat } => {
                    let hand = room.frame(Some(seat), &[], None).hand;
                    let cards: Vec<_> = hand.iter().collect();
                    (seat, Action::Select(cards[(rng.next() % cards.len() as u64) as usize]))
                }
                Phase::ChooseCapture { seat, .. } => {
                    let n = room.session().capture_options().len() as u64;
                    (seat, Action::Capture((rng.next() % n) as u8))
                }
                _ => break,
            };
            room.act(seat, action).unwrap();
        }
        let looker = Some(looker).filter(|&l| l < players);
        // Another seat choosing among a card's captures: its card is hidden too, so the
        // other room has that seat still choosing its card.
        let mut t = room.clone();
        if let Phase::ChooseCapture { seat, .. } = room.session().phase()
            && looker != Some(seat)
        {
            t.act(seat, Action::Cancel).unwrap();
        }
        let hidden = hidden_from(t.session(), looker);
        let bytes = permuted(&t.bytes(), hidden, shuffle);
        let other = Room::restore("room".into(), &bytes, room.tokens().clone(), room.seq(), FAST)
            .expect("the save layout of version 1 (see the constants above)");
        prop_assert_ne!(secret_of(&bytes), secret_of(&room.bytes()));
        let (a, b) = (received(&room, looker), received(&other, looker));
        prop_assert_eq!(&a, &b);
        let secret = secret_of(&room.bytes());
        let (decimal, hex) = (secret.to_string(), format!("{secret:x}"));
        for line in &a {
            prop_assert!(!line.contains(&decimal));
            prop_assert!(!line.contains(&hex));
            for token in room.tokens().iter().flatten() {
                prop_assert!(!line.contains(token.as_str()));
            }
        }
    }
}

fn hub() -> &'static (tokio::runtime::Runtime, Arc<Hub>, tempfile::TempDir) {
    static HUB: OnceLock<(tokio::runtime::Runtime, Arc<Hub>, tempfile::TempDir)> = OnceLock::new();
    HUB.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let url = url_of(dir.path().join("p.sqlite").to_str().unwrap());
        let hub = rt.block_on(async {
            let store = Store::open(&url).await.unwrap();
            Hub::new(
                store,
                Config {
                    pacing: FAST,
                    summary_wait_ms: 0,
                    allow_client_seed: true,
                    ..Config::default()
                },
            )
        });
        (rt, hub, dir)
    })
}

/// Messages near the valid ones: real types and fields with arbitrary values, and junk.
fn message() -> impl Strategy<Value = String> {
    let word = "[a-z_]{0,12}";
    prop_oneof![
        ".{0,64}",
        (word, word, ".{0,24}").prop_map(|(t, k, v)| format!(r#"{{"type":"{t}","{k}":"{v}"}}"#)),
        (0usize..7, ".{0,30}", any::<i64>()).prop_map(|(t, s, n)| match t {
            0 => format!(r#"{{"type":"act","action":{}}}"#, serde_json::json!(s)),
            1 => format!(
                r#"{{"type":"join","room":{},"seat":{n}}}"#,
                serde_json::json!(s)
            ),
            2 => format!(
                r#"{{"type":"resume","room":"x","token":{}}}"#,
                serde_json::json!(s)
            ),
            3 => format!(r#"{{"type":"create","settings":{}}}"#, serde_json::json!(s)),
            4 => format!(r#"{{"type":"hint","seat":{n}}}"#),
            5 => format!(r#"{{"type":"watch","room":{}}}"#, serde_json::json!(s)),
            _ => format!(r#"{{"type":"act","action":"select {s}","seat":{n}}}"#),
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_message_makes_the_server_panic_and_each_gets_an_answer(
        msgs in proptest::collection::vec(message(), 1..12)
    ) {
        let (rt, hub, _) = hub();
        let kinds = ["created", "joined", "watching", "frame", "left", "error"];
        rt.block_on(async {
            let (tx, mut rx) = tokio::sync::mpsc::channel(1024);
            let mut conn = hub.connect(tx, false);
            // A room to act in: a person and the random AI.
            let create = format!(
                r#"{{"type":"create","settings":"{}","seed":5}}"#,
                SETTINGS[1]
            );
            conn.handle(&create).await;
            let created: serde_json::Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
            let room = created["room"].as_str().unwrap().to_string();
            conn.handle(&format!(r#"{{"type":"join","room":"{room}","seat":0}}"#)).await;
            for m in &msgs {
                conn.handle(m).await;
            }
            conn.close().await;
            drop(conn);
            let mut answers = 0;
            while let Ok(line) = rx.try_recv() {
                let v: serde_json::Value = serde_json::from_str(&line).unwrap();
                assert!(kinds.contains(&v["type"].as_str().unwrap()), "{v}");
                answers += 1;
            }
            // The join's two answers, and at least one per message.
            assert!(answers >= 2 + msgs.len(), "{answers} answers to {} messages", msgs.len());
        });
    }
}
