//! `scopa engine` with `"game":"briscola"`: whole hands replayed against the core, the AI
//! asked at every turn of real matches, and every error a client can make — with one deck
//! and with two (`"decks":2`, 6 or 8 players: hands of 78 and 80 cards, a card twice in a
//! list, the errors of a third copy, the `2b` with six players, decks that do not suit the
//! players).

use std::io::Write;
use std::process::{Command, Stdio};

use scopa_core::briscola::{BriscolaCards, BriscolaHand, BriscolaRules, TwoDeckHand};
use scopa_core::multiset::CardMultiset;
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
    assert_moves_held(&answers, &hands);
}

/// Each `bestmove` answer's card is in the hand the request gave.
fn assert_moves_held<C: BriscolaCards + std::fmt::Display>(answers: &[Value], hands: &[C]) {
    assert_eq!(answers.len(), hands.len());
    for (a, held) in answers.iter().zip(hands) {
        let card: Card = a["move"]["card"]
            .as_str()
            .unwrap_or_else(|| panic!("{a}"))
            .parse()
            .unwrap();
        assert!(held.copies(card) > 0, "{a} not in {held}");
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

/// Two-deck rules for `players` (6 or 8).
fn two_decks(players: u8) -> BriscolaRules {
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
fn two_deck_cards(players: u8, seed: u64) -> Vec<Card> {
    let r = two_decks(players);
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
        let cards = two_deck_cards(players, u64::from(players));
        assert_eq!(cards.len(), if players == 6 { 78 } else { 80 });
        let mut hand = TwoDeckHand::from_deck(two_decks(players), 1, &cards).unwrap();
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
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 1, "deck": names(&cards), "moves": moves}),
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
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 1, "deck": names(&cards),
                   "moves": moves[..usize::from(players) + 3]}),
        );
        assert_eq!(part["complete"], false, "{part}");
        for seat in 0..players {
            assert_eq!(
                part["hands"][usize::from(seat)],
                json!(names(&midway.hand(seat).iter().collect::<Vec<_>>()))
            );
        }
        assert_eq!(part["stock"], json!(midway.stock_len()));
        assert_eq!(part["trick"], json!(names(midway.trick())));
    }
}

#[test]
fn bestmove_answers_every_turn_of_two_deck_hands_with_a_card_of_the_hand() {
    for players in [6u8, 8] {
        let cards = two_deck_cards(players, 40 + u64::from(players));
        let mut hand = TwoDeckHand::from_deck(two_decks(players), 0, &cards).unwrap();
        let mut history = Vec::new();
        let mut requests = Vec::new();
        let mut hands: Vec<CardMultiset> = Vec::new();
        let levels = ["random", "easy", "medium", "expert"];
        while !hand.is_over() {
            let seat = hand.turn();
            let level = levels[history.len() % levels.len()];
            requests.push(
                json!({"cmd": "bestmove", "rules": rules_json(players), "level": level, "seed": 3,
                    "view": {"seat": seat, "dealer": 0, "hand": names(&hand.hand(seat).iter().collect::<Vec<_>>()),
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
        assert_moves_held(&answers, &hands);
    }
}

#[test]
fn every_two_deck_mistake_gets_its_error_code() {
    let eight = rules_json(8);
    let six = rules_json(6);
    let d8 = names(&two_deck_cards(8, 1));
    let d6 = names(&two_deck_cards(6, 1));
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
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{answer}"
        );
    }
    // What two decks allow: a card twice in a trick (the first played takes it), in a
    // hand, and across the piles.
    let ok = engine(&[
        json!({"cmd": "trick", "rules": eight, "trump": "c", "cards": ["1s", "1s", "3s"]})
            .to_string(),
        json!({"cmd": "score", "rules": eight, "piles": [["1s", "1s"], ["3s"], ["3s"], []]})
            .to_string(),
        view(json!(["1d", "1d", "2d"]), "3c").to_string(),
    ]);
    assert_eq!(ok[0], json!({"ok": true, "winner": 0}));
    assert_eq!(
        ok[1],
        json!({"ok": true, "points": [22, 10, 10, 0], "winner": 0})
    );
    assert_eq!(ok[2]["ok"], true, "{}", ok[2]);
}
