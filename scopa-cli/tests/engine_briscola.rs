//! `scopa engine` with `"game":"briscola"`: whole hands replayed against the core, the AI
//! asked at every turn of real matches, and every error a client can make.

use std::io::Write;
use std::process::{Command, Stdio};

use scopa_core::briscola::{BriscolaHand, BriscolaRules};
use scopa_core::{Card, Deck, SplitMix64};
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

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

fn deck(rules: BriscolaRules, seed: u64) -> Vec<Card> {
    let deck = Deck::shuffled(&mut SplitMix64::new(seed));
    deck.cards()
        .iter()
        .copied()
        .filter(|&c| rules.uses(c))
        .collect()
}

#[test]
fn whole_hands_replay_as_the_core_plays_them() {
    for (players, hand_size) in [(2, 3), (2, 9), (3, 3), (4, 3)] {
        let rules = BriscolaRules {
            players,
            hand_size,
            ..BriscolaRules::default()
        };
        let cards = deck(rules, u64::from(players * 10 + hand_size));
        let mut hand = BriscolaHand::from_deck(rules, 0, &cards).unwrap();
        let mut moves = Vec::new();
        while !hand.is_over() {
            let seat = hand.turn();
            let card = hand.hand(seat).iter().next_back().unwrap();
            hand.play(seat, card).unwrap();
            moves.push(card.to_string());
        }
        let rules_json = json!({"game": "briscola", "players": players, "hand_size": hand_size});
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json, "dealer": 0, "deck": names(&cards), "moves": moves}),
        );
        let score = hand.score();
        assert_eq!(a["complete"], true, "{a}");
        assert_eq!(
            a["points"],
            json!(&score.points[..usize::from(rules.sides())])
        );
        assert_eq!(a["winner"], json!(score.winner));
        let mut more = moves.clone();
        more.push(moves[0].clone());
        let too_many = ask(
            json!({"cmd": "replay", "rules": rules_json, "dealer": 0, "deck": names(&cards), "moves": more}),
        );
        assert_eq!(code(&too_many), "illegal_move");
        assert_eq!(too_many["error"]["index"], moves.len());
    }
}

#[test]
fn bestmove_answers_every_turn_of_a_match_with_a_card_of_the_hand() {
    let rules = BriscolaRules {
        players: 4,
        ..BriscolaRules::default()
    };
    let cards = deck(rules, 5);
    let mut hand = BriscolaHand::from_deck(rules, 2, &cards).unwrap();
    let mut history = Vec::new();
    let mut requests = Vec::new();
    let mut hands = Vec::new();
    while !hand.is_over() {
        let seat = hand.turn();
        requests.push(
            json!({"cmd": "bestmove", "rules": {"game": "briscola", "players": 4}, "level": "medium", "seed": 1,
                "view": {"seat": seat, "dealer": 2, "hand": names(&hand.hand(seat).iter().collect::<Vec<_>>()),
                         "briscola": hand.briscola().to_string(), "history": history.clone()}})
            .to_string(),
        );
        hands.push(hand.hand(seat));
        let card = hand.hand(seat).first().unwrap();
        hand.play(seat, card).unwrap();
        history.push(json!({"seat": seat, "card": card.to_string()}));
    }
    let answers = engine(&requests);
    assert_eq!(answers.len(), 40);
    for (a, held) in answers.iter().zip(hands) {
        let card: Card = a["move"]["card"]
            .as_str()
            .unwrap_or_else(|| panic!("{a}"))
            .parse()
            .unwrap();
        assert!(held.contains(card), "{a} not in {held}");
    }
}

#[test]
fn every_mistake_gets_its_error_code() {
    let b = json!({"game": "briscola"});
    let view = |history: Value, hand: Value| json!({"cmd": "bestmove", "rules": b, "level": "expert", "view": {"seat": 1, "dealer": 1, "hand": hand, "briscola": "3c", "history": history}});
    let sorted: Vec<String> = names(Deck::sorted().cards());
    let cases = [
        (
            json!({"cmd": "trick", "rules": b, "trump": "x", "cards": ["1s"]}),
            "bad_field",
        ),
        (
            json!({"cmd": "trick", "rules": b, "trump": "c", "cards": []}),
            "bad_field",
        ),
        (
            json!({"cmd": "trick", "rules": b, "trump": "c", "cards": ["1s", "1s"]}),
            "duplicate_card",
        ),
        (
            json!({"cmd": "trick", "rules": b, "trump": "c", "cards": ["1s", "2s", "3s"]}),
            "bad_field",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "briscola", "players": 3}, "trump": "c", "cards": ["2b"]}),
            "bad_card",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "tressette"}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "briscola", "hand_size": 9, "players": 3}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
        (
            json!({"cmd": "score", "rules": b, "piles": [["1s"], ["1s"]]}),
            "duplicate_card",
        ),
        (
            json!({"cmd": "score", "rules": b, "piles": [["1s"]]}),
            "bad_field",
        ),
        (
            json!({"cmd": "score", "rules": b, "piles": [[], []], "scope": [0, 0]}),
            "bad_field",
        ),
        (
            json!({"cmd": "replay", "rules": {"game": "briscola", "players": 3}, "dealer": 0, "deck": sorted}),
            "bad_deck",
        ),
        (
            json!({"cmd": "replay", "rules": b, "dealer": 2, "deck": sorted}),
            "bad_field",
        ),
        (
            json!({"cmd": "replay", "rules": b, "dealer": 0, "deck": sorted, "moves": ["1d", "4d", "9x"]}),
            "bad_card",
        ),
        (
            view(json!([{"seat": 0, "card": "7s"}]), json!(["1s", "2d"])),
            "bad_state",
        ),
        (
            view(
                json!([{"seat": 1, "card": "7s"}]),
                json!(["1s", "2d", "5b"]),
            ),
            "bad_state",
        ),
        (
            view(
                json!([{"seat": 0, "card": "1s"}]),
                json!(["1s", "2d", "5b"]),
            ),
            "bad_state",
        ),
        (
            view(
                json!([{"seat": 0, "card": "3c"}]),
                json!(["1s", "2d", "5b"]),
            ),
            "bad_state",
        ),
        (
            view(
                json!([{"seat": 0, "card": "7s"}]),
                json!(["1s", "2d", "3c"]),
            ),
            "bad_state",
        ),
        (
            view(
                json!([{"seat": 5, "card": "7s"}]),
                json!(["1s", "2d", "5b"]),
            ),
            "bad_state",
        ),
        (
            view(json!([{"card": "7s"}]), json!(["1s", "2d", "5b"])),
            "bad_field",
        ),
        (
            json!({"cmd": "bestmove", "rules": b, "level": "expert", "view": {"seat": 1, "dealer": 1, "hand": ["1s", "2d", "5b"], "briscola": "3c", "history": [{"seat": 0, "card": "7s"}], "scores": [2, 0]}}),
            "bad_state",
        ),
        (
            json!({"cmd": "bestmove", "rules": b, "level": "expert", "view": {"seat": 1, "dealer": 1, "hand": ["1s", "2d", "5b"], "briscola": "3c", "table": []}}),
            "bad_field",
        ),
        (
            json!({"cmd": "legal", "rules": b, "table": [], "card": "1s"}),
            "bad_rules",
        ),
        (
            json!({"cmd": "trick", "rules": {}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
        (
            json!({"cmd": "trick", "rules": {"game": "briscola", "decks": 3}, "trump": "c", "cards": ["1s"]}),
            "bad_rules",
        ),
    ];
    let requests: Vec<String> = cases.iter().map(|(r, _)| r.to_string()).collect();
    for ((request, expected), answer) in cases.iter().zip(engine(&requests)) {
        assert_eq!(code(&answer), *expected, "{request} → {answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
}
