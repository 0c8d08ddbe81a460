//! `scopa engine` with `"game":"briscola","decks":2` (6 or 8 players, BRISCOLA.md §2):
//! whole hands of 78 and 80 cards replayed against the core, the AI asked at every turn
//! of real hands, and the errors of two decks (a third copy, the `2b` with six players, a
//! wrong length, decks that do not suit the players).

use std::io::Write;
use std::process::{Command, Stdio};

use scopa_core::briscola::{BriscolaRules, TwoDeckHand};
use scopa_core::multiset::CardMultiset;
use scopa_core::{Card, SplitMix64};
use serde_json::{Value, json};

fn engine(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn ask(request: Value) -> Value {
    engine(&[request.to_string()]).remove(0)
}

fn code(answer: &Value) -> &str {
    answer["error"]["code"].as_str().unwrap_or("(no error)")
}

fn names(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|c| c.to_string()).collect()
}

fn rules(players: u8) -> BriscolaRules {
    BriscolaRules {
        players,
        decks: 2,
        ..BriscolaRules::default()
    }
}

fn rules_json(players: u8) -> Value {
    json!({"game": "briscola", "players": players, "decks": 2})
}

/// The cards in play, each twice (without the two `2b` for six), shuffled by `seed`.
fn deck(players: u8, seed: u64) -> Vec<Card> {
    let r = rules(players);
    let mut cards: Vec<Card> = Card::all()
        .filter(|&c| r.uses(c))
        .flat_map(|c| [c, c])
        .collect();
    let mut s = SplitMix64::new(seed);
    for i in (1..cards.len()).rev() {
        cards.swap(i, (s.next() % (i as u64 + 1)) as usize);
    }
    cards
}

#[test]
fn whole_two_deck_hands_replay_as_the_core_plays_them() {
    for players in [6u8, 8] {
        let cards = deck(players, u64::from(players));
        assert_eq!(cards.len(), if players == 6 { 78 } else { 80 });
        let mut hand = TwoDeckHand::from_deck(rules(players), 1, &cards).unwrap();
        let mut moves = Vec::new();
        let mut midway = None;
        while !hand.is_over() {
            let seat = hand.turn();
            let card = hand.hand(seat).iter().last().unwrap();
            hand.play(seat, card).unwrap();
            moves.push(card.to_string());
            if moves.len() == usize::from(players) + 3 {
                midway = Some(hand);
            }
        }
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 1, "deck": names(cards.clone()), "moves": moves}),
        );
        let score = hand.score();
        let sides = usize::from(players / 2);
        assert_eq!(a["complete"], true, "{a}");
        assert_eq!(a["points"], json!(&score.points[..sides]));
        assert_eq!(a["winner"], json!(score.winner));
        let total: u64 = a["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .sum();
        assert_eq!(total, 240);
        // The piles list every copy: 78 or 80 cards in all.
        let piled: usize = a["piles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_array().unwrap().len())
            .sum();
        assert_eq!(piled, cards.len());
        // Midway: the hands as the core holds them, a card held twice listed twice.
        let midway = midway.unwrap();
        let part = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 1, "deck": names(cards.clone()),
                   "moves": moves[..usize::from(players) + 3]}),
        );
        assert_eq!(part["complete"], false, "{part}");
        for seat in 0..players {
            assert_eq!(
                part["hands"][usize::from(seat)],
                json!(names(midway.hand(seat)))
            );
        }
        assert_eq!(part["stock"], json!(midway.stock_len()));
        assert_eq!(part["trick"], json!(names(midway.trick().iter().copied())));
    }
}

#[test]
fn bestmove_answers_every_turn_of_two_deck_hands_with_a_card_of_the_hand() {
    for players in [6u8, 8] {
        let cards = deck(players, 40 + u64::from(players));
        let mut hand = TwoDeckHand::from_deck(rules(players), 0, &cards).unwrap();
        let mut history = Vec::new();
        let mut requests = Vec::new();
        let mut hands: Vec<CardMultiset> = Vec::new();
        let levels = ["random", "easy", "medium", "expert"];
        while !hand.is_over() {
            let seat = hand.turn();
            let level = levels[history.len() % levels.len()];
            requests.push(
                json!({"cmd": "bestmove", "rules": rules_json(players), "level": level, "seed": 3,
                    "view": {"seat": seat, "dealer": 0, "hand": names(hand.hand(seat)),
                             "briscola": hand.briscola().to_string(), "history": history.clone()}})
                .to_string(),
            );
            hands.push(hand.hand(seat));
            let card = hand.hand(seat).iter().next().unwrap();
            hand.play(seat, card).unwrap();
            history.push(json!({"seat": seat, "card": card.to_string()}));
        }
        let answers = engine(&requests);
        assert_eq!(answers.len(), cards.len());
        for (a, held) in answers.iter().zip(hands) {
            let card: Card = a["move"]["card"]
                .as_str()
                .unwrap_or_else(|| panic!("{a}"))
                .parse()
                .unwrap();
            assert!(held.contains(card), "{a} not in {held}");
        }
    }
}

#[test]
fn every_two_deck_mistake_gets_its_error_code() {
    let eight = rules_json(8);
    let six = rules_json(6);
    let d8 = names(deck(8, 1));
    let d6 = names(deck(6, 1));
    let mut third = d8.clone();
    let first = third[0].clone();
    let again = third.iter().skip(1).position(|c| *c == first).unwrap() + 1;
    third.swap(1, again); // the two copies of the first card at 0 and 1
    third[2] = first.clone();
    let with_2b: Vec<String> = d8[..78].to_vec();
    let mut d6_with_2b = d6.clone();
    d6_with_2b[77] = "2b".to_owned();
    let view = |hand: Value, briscola: &str| {
        json!({"cmd": "bestmove", "rules": eight, "level": "expert",
               "view": {"seat": 0, "dealer": 7, "hand": hand, "briscola": briscola, "history": []}})
    };
    let cases = [
        // Two copies in a trick are fine, a third is not.
        (
            json!({"cmd": "trick", "rules": eight, "trump": "c", "cards": ["1s", "1s", "1s"]}),
            "duplicate_card",
        ),
        (
            json!({"cmd": "trick", "rules": six, "trump": "c", "cards": ["2b"]}),
            "bad_card",
        ),
        (
            json!({"cmd": "score", "rules": eight, "piles": [["1s", "1s"], ["1s"], [], []]}),
            "duplicate_card",
        ),
        (
            json!({"cmd": "score", "rules": eight, "piles": [[], []]}),
            "bad_field",
        ),
        (
            json!({"cmd": "score", "rules": six, "piles": [["2b"], [], []]}),
            "bad_card",
        ),
        (
            json!({"cmd": "replay", "rules": eight, "dealer": 0, "deck": third}),
            "bad_deck",
        ),
        (
            json!({"cmd": "replay", "rules": eight, "dealer": 0, "deck": d8[..79]}),
            "bad_deck",
        ),
        (
            json!({"cmd": "replay", "rules": six, "dealer": 0, "deck": with_2b}),
            "bad_deck",
        ),
        (
            json!({"cmd": "replay", "rules": six, "dealer": 0, "deck": d6_with_2b}),
            "bad_deck",
        ),
        (
            json!({"cmd": "replay", "rules": six, "dealer": 6, "deck": d6}),
            "bad_field",
        ),
        // Decks that do not suit the players.
        (
            json!({"cmd": "replay", "rules": {"game": "briscola", "players": 6}, "dealer": 0, "deck": d6}),
            "bad_rules",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "briscola", "players": 4, "decks": 2}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "briscola", "players": 8, "decks": 3}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
        // A hand with a card three times; two copies and the face-up briscola of the same card.
        (view(json!(["1d", "1d", "1d"]), "3c"), "duplicate_card"),
        (view(json!(["1d", "1d", "2d"]), "1d"), "bad_state"),
    ];
    let requests: Vec<String> = cases.iter().map(|(r, _)| r.to_string()).collect();
    let answers = engine(&requests);
    for ((request, expected), answer) in cases.iter().zip(&answers) {
        assert_eq!(code(answer), *expected, "{request} → {answer}");
        assert!(
            answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{answer}"
        );
    }
    // What two decks allow: a card twice in a trick (the first played takes it), in a
    // hand, and across the piles.
    let ok = engine(&[
        json!({"cmd": "trick", "rules": eight, "trump": "c", "cards": ["1s", "1s", "3s"]}).to_string(),
        json!({"cmd": "score", "rules": eight, "piles": [["1s", "1s"], ["3s"], ["3s"], []]}).to_string(),
        view(json!(["1d", "1d", "2d"]), "3c").to_string(),
    ]);
    assert_eq!(ok[0], json!({"ok": true, "winner": 0}));
    assert_eq!(
        ok[1],
        json!({"ok": true, "points": [22, 10, 10, 0], "winner": 0})
    );
    assert_eq!(ok[2]["ok"], true, "{}", ok[2]);
}
