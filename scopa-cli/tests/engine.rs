//! `scopa engine`: every protocol command and every error code, through the real binary.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::engine::{ask, cards, engine, error_code, view_json};
use scopa_core::scopa::{HandState, Match, Move, Rules};
use scopa_core::{Card, CardSet, Deck, SplitMix64};
use serde_json::{Value, json};

fn mv_json(mv: Move) -> Value {
    json!({"card": mv.card().to_string(), "capture": cards(mv.capture())})
}

#[test]
fn hello_names_the_engine_and_echoes_any_id() {
    let a = ask(json!({"cmd":"hello","id":{"n":[1,2]}}));
    assert_eq!(
        a,
        json!({"ok":true,"id":{"n":[1,2]},"name":"scopa","version":env!("CARGO_PKG_VERSION"),"protocol":1})
    );
    // The id is echoed on errors too.
    let a = ask(json!({"cmd":"hello","id":7,"extra":1}));
    assert_eq!(a["id"], 7);
    assert_eq!(error_code(&a), "bad_field");
}

#[test]
fn legal_lists_captures_in_canonical_order() {
    let a = ask(json!({"cmd":"legal","table":["4c","1s","3d","2b"],"card":"5b"}));
    assert_eq!(a, json!({"ok":true,"captures":[["3d","2b"],["4c","1s"]]}));
    let a = ask(json!({"cmd":"legal","table":["9d"],"card":"3c"}));
    assert_eq!(a["captures"], json!([[]]));
    let a = ask(
        json!({"cmd":"legal","table":["1d","3c"],"card":"1b","rules":{"ace":"match_takes_all"}}),
    );
    assert_eq!(a["captures"], json!([["1d"], ["1d", "3c"]]));
    let a = ask(json!({"cmd":"legal","table":["5d","3c"],"card":"1b","rules":{"ace":"takes_all"}}));
    assert_eq!(a["captures"], json!([["5d", "3c"]]));
}

#[test]
fn legal_errors_have_their_codes() {
    let cases = [
        (
            json!({"cmd":"legal","table":["9d"],"card":"9d"}),
            "duplicate_card",
        ),
        (
            json!({"cmd":"legal","table":["9d","9d"],"card":"3c"}),
            "duplicate_card",
        ),
        (
            json!({"cmd":"legal","table":["9x"],"card":"3c"}),
            "bad_card",
        ),
        (
            json!({"cmd":"legal","table":["9d"],"card":"11c"}),
            "bad_card",
        ),
        (json!({"cmd":"legal","table":["9d"],"card":3}), "bad_field"),
        (json!({"cmd":"legal","card":"3c"}), "bad_field"),
        (json!({"cmd":"legal","table":"9d","card":"3c"}), "bad_field"),
        (
            json!({"cmd":"legal","table":[],"card":"3c","rules":{"ace":"sometimes"}}),
            "bad_rules",
        ),
        (
            json!({"cmd":"legal","table":[],"card":"3c","rules":{"colour":"red"}}),
            "bad_rules",
        ),
        (
            json!({"cmd":"legal","table":[],"card":"3c","rules":{"players":9}}),
            "bad_rules",
        ),
        (
            json!({"cmd":"legal","table":[],"card":"3c","rules":{"deal":"scopone"}}),
            "bad_rules",
        ),
    ];
    for (request, code) in cases {
        assert_eq!(error_code(&ask(request.clone())), code, "{request}");
    }
    // The message says where: the list position of a bad card.
    let a = ask(json!({"cmd":"legal","table":["9d","4c","zz"],"card":"3c"}));
    assert!(
        a["error"]["message"].as_str().unwrap().contains("table[2]"),
        "{a}"
    );
}

#[test]
fn score_follows_the_worked_example_of_rules_md() {
    let side0: CardSet = "2d 3d 4d 5d 6d 7d 6c 8c 9c 10c 7s 8s 9s 10s 1b 2b 3b 4b 5b 6b 8b 10b"
        .parse()
        .unwrap();
    let side1 = !side0;
    let a = ask(json!({"cmd":"score","piles":[cards(side0),cards(side1)],"scope":[1,2]}));
    assert_eq!(
        a["breakdown"],
        json!([
            {"cards":1,"coins":1,"settebello":1,"primiera":1,"scope":1,"napola":0,"re_bello":0,"total":5},
            {"cards":0,"coins":0,"settebello":0,"primiera":0,"scope":2,"napola":0,"re_bello":0,"total":2}
        ])
    );
    let a = ask(
        json!({"cmd":"score","piles":[cards(side0),cards(side1)],"scope":[1,2],"rules":{"re_bello":true}}),
    );
    assert_eq!(a["breakdown"][1]["re_bello"], 1);
    assert_eq!(a["breakdown"][1]["total"], 3);
    // Three players: three piles.
    let a = ask(
        json!({"cmd":"score","piles":[["7d"],["1c"],[]],"scope":[0,0,1],"rules":{"players":3}}),
    );
    assert_eq!(a["breakdown"].as_array().unwrap().len(), 3);
    assert_eq!(a["breakdown"][2]["total"], 1);
}

#[test]
fn score_errors_have_their_codes() {
    let cases = [
        (
            json!({"cmd":"score","piles":[["7d"],["7d"]],"scope":[0,0]}),
            "duplicate_card",
        ),
        (
            json!({"cmd":"score","piles":[["7d"]],"scope":[0,0]}),
            "bad_field",
        ),
        (
            json!({"cmd":"score","piles":[["7d"],[]],"scope":[0]}),
            "bad_field",
        ),
        (
            json!({"cmd":"score","piles":[["7d"],[]],"scope":[0,41]}),
            "bad_field",
        ),
        (
            json!({"cmd":"score","piles":[["7d"],[]],"scope":[0,-1]}),
            "bad_field",
        ),
        (
            json!({"cmd":"score","piles":[["7q"],[]],"scope":[0,0]}),
            "bad_card",
        ),
        (json!({"cmd":"score","piles":[["7d"],[]]}), "bad_field"),
        (
            json!({"cmd":"score","piles":[["7d"],[]],"scope":[0,0],"rules":[]}),
            "bad_rules",
        ),
    ];
    for (request, code) in cases {
        assert_eq!(error_code(&ask(request.clone())), code, "{request}");
    }
}

/// A shuffled deck that the kings rule accepts, and the moves of a hand played with the
/// first legal move each time (computed with scopa-core, to check the engine against).
fn sample_hand(seed: u64, rules: Rules) -> (Deck, Vec<Move>, HandState) {
    let mut rng = SplitMix64::new(seed);
    let (deck, mut hand) = loop {
        let deck = Deck::shuffled(&mut rng);
        if let Ok(hand) = HandState::from_deck(rules, 1, &deck) {
            break (deck, hand);
        }
    };
    let mut moves = Vec::new();
    while !hand.is_finished() {
        let mv = *hand.legal_moves().last().unwrap();
        hand.play(hand.turn(), mv).unwrap();
        moves.push(mv);
    }
    (deck, moves, hand)
}

fn deck_json(deck: &Deck) -> Value {
    Value::Array(deck.cards().iter().map(|c| json!(c.to_string())).collect())
}

#[test]
fn replay_plays_a_whole_hand_and_a_partial_one() {
    let rules = Rules::default();
    let (deck, moves, end) = sample_hand(5, rules);
    let all: Vec<Value> = moves.iter().map(|&m| mv_json(m)).collect();
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":all}));
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["complete"], true);
    assert_eq!(a["piles"], json!([cards(end.pile(0)), cards(end.pile(1))]));
    assert_eq!(a["scope"], json!([end.scope(0), end.scope(1)]));
    let score = end.score().unwrap();
    assert_eq!(a["breakdown"][0]["total"], score.side(0).total());
    assert_eq!(a["breakdown"][1]["total"], score.side(1).total());

    // Six plays: the second round is already dealt, as the seat to play sees it.
    let mut hand = HandState::from_deck(rules, 1, &deck).unwrap();
    for &m in &moves[..6] {
        hand.play(hand.turn(), m).unwrap();
    }
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":all[..6]}));
    assert_eq!(a["complete"], false, "{a}");
    assert_eq!(a["to_play"], hand.turn());
    assert_eq!(
        a["hands"],
        json!([cards(hand.hand(0)), cards(hand.hand(1))])
    );
    assert_eq!(a["hands"][0].as_array().unwrap().len(), 3);
    assert_eq!(a["table"], cards(hand.table()));
    assert_eq!(
        a["piles"],
        json!([cards(hand.pile(0)), cards(hand.pile(1))])
    );

    // No moves at all: the deal itself.
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":[]}));
    assert_eq!(a["table"].as_array().unwrap().len(), 4);
}

#[test]
fn replay_errors_have_their_codes_and_the_move_index() {
    let rules = Rules::default();
    let (deck, moves, _) = sample_hand(9, rules);
    let all: Vec<Value> = moves.iter().map(|&m| mv_json(m)).collect();
    // A move of a card the seat does not hold, at position 2.
    let mut bad = all.clone();
    let start = HandState::from_deck(rules, 1, &deck).unwrap();
    let foreign = start.hand(0).first().unwrap(); // seat 0 holds it; seat 0 plays moves 1, 3, …
    bad[2] = json!({"card": foreign.to_string(), "capture": []});
    let mut second_player_card = bad.clone();
    second_player_card[1] = bad[2].clone();
    let a =
        ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":second_player_card}));
    assert_eq!(error_code(&a), "illegal_move", "{a}");
    assert_eq!(a["error"]["index"], 1, "{a}");
    // One move too many.
    let mut long = all.clone();
    long.push(all[0].clone());
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":long}));
    assert_eq!(error_code(&a), "illegal_move");
    assert_eq!(a["error"]["index"], moves.len());
    // An illegal capture: the first move laid although it captures, or capturing nothing legal.
    let first = moves[0];
    let wrong = if first.is_lay() {
        json!({"card": first.card().to_string(), "capture": [start.table().first().unwrap().to_string()]})
    } else {
        json!({"card": first.card().to_string(), "capture": []})
    };
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":[wrong]}));
    assert_eq!(error_code(&a), "illegal_move");
    assert_eq!(a["error"]["index"], 0);

    // Decks: too short, a card twice, three kings on the table.
    let cards39: Vec<Value> = deck.cards()[..39]
        .iter()
        .map(|c| json!(c.to_string()))
        .collect();
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":cards39}));
    assert_eq!(error_code(&a), "bad_deck");
    let mut twice = deck_json(&deck);
    twice[39] = twice[0].clone();
    assert_eq!(
        error_code(&ask(json!({"cmd":"replay","dealer":1,"deck":twice}))),
        "bad_deck"
    );
    // 2 players, standard deal: cards 6 … 9 go to the table.
    let mut order: Vec<Card> = Card::all().collect();
    let kings = ["10d", "10c", "10s"].map(|k| k.parse::<Card>().unwrap());
    order.retain(|c| !kings.contains(c));
    for (i, k) in kings.iter().enumerate() {
        order.insert(6 + i, *k);
    }
    let kings_deck = Value::Array(order.iter().map(|c| json!(c.to_string())).collect());
    let a = ask(json!({"cmd":"replay","dealer":1,"deck":kings_deck.clone()}));
    assert_eq!(error_code(&a), "bad_deck", "{a}");
    let a =
        ask(json!({"cmd":"replay","dealer":1,"deck":kings_deck,"rules":{"kings_redeal":false}}));
    assert_eq!(a["ok"], true);
    // Other fields.
    assert_eq!(
        error_code(&ask(
            json!({"cmd":"replay","dealer":2,"deck":deck_json(&deck)})
        )),
        "bad_field"
    );
    assert_eq!(
        error_code(&ask(json!({"cmd":"replay","deck":deck_json(&deck)}))),
        "bad_field"
    );
    assert_eq!(
        error_code(&ask(
            json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":[{"card":"7z"}]})
        )),
        "bad_card"
    );
    assert_eq!(
        error_code(&ask(
            json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":[{"card":"7d","capture":["1c","1c"]}]})
        )),
        "duplicate_card"
    );
}

#[test]
fn bestmove_answers_a_legal_reproducible_move_from_the_view() {
    let mut game = Match::new(Rules::default(), 21).unwrap();
    for _ in 0..7 {
        let mv = game.legal_moves()[0];
        game.play(game.turn(), mv).unwrap();
    }
    let legal: Vec<Value> = game.legal_moves().iter().map(|&m| mv_json(m)).collect();
    for level in ["random", "easy", "medium", "expert", "handheld"] {
        let request =
            json!({"cmd":"bestmove","level":level,"seed":3,"view":view_json(&game),"id":level});
        let answers = engine(&[request.to_string(), request.to_string()]);
        assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
        assert_eq!(answers[0]["id"], level);
        assert!(
            legal.contains(&answers[0]["move"]),
            "{level}: {}",
            answers[0]
        );
        assert_eq!(answers[0], answers[1], "same seed, same answer");
    }
}

#[test]
fn bestmove_errors_have_their_codes() {
    let game = Match::new(Rules::default(), 4).unwrap();
    let view = view_json(&game);
    let with = |key: &str, value: Value| {
        let mut v = view.clone();
        v[key] = value;
        v
    };
    let on_table = view["table"][0].clone();
    let mut hand_with_table_card = view["hand"].clone();
    hand_with_table_card[0] = on_table;
    let other_seat = 1 - view["seat"].as_u64().unwrap();
    let cases = [
        (
            json!({"cmd":"bestmove","level":"grandmaster","view":view}),
            "bad_field",
        ),
        (json!({"cmd":"bestmove","level":"easy"}), "bad_field"),
        (
            json!({"cmd":"bestmove","level":"easy","seed":-1,"view":view}),
            "bad_field",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("hand", hand_with_table_card)}),
            "bad_state",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("seat", json!(other_seat))}),
            "bad_state",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("history", json!([{"seat":0,"card":"7d","capture":[]}]))}),
            "bad_state",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("history", json!([{"seat":0,"card":"77","capture":[]}]))}),
            "bad_card",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("hand", json!(["1d","1d","2d"]))}),
            "duplicate_card",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":with("scores", json!([1]))}),
            "bad_field",
        ),
        // A match already won has no hand left to play (a tie at the target plays on).
        (
            json!({"cmd":"bestmove","level":"easy","view":with("scores", json!([11, 4]))}),
            "bad_state",
        ),
        (
            json!({"cmd":"bestmove","level":"easy","view":view,"rules":{"napola":"yes"}}),
            "bad_rules",
        ),
    ];
    for (request, code) in cases {
        assert_eq!(error_code(&ask(request.clone())), code, "{request}");
    }
    let tied = json!({"cmd":"bestmove","level":"easy","view":with("scores", json!([12, 12]))});
    assert_eq!(ask(tied)["ok"], true);
}

#[test]
fn any_bad_line_gets_an_answer_and_the_engine_keeps_reading() {
    let long = format!("{{\"cmd\":\"hello\",\"pad\":\"{}\"}}", "x".repeat(70_000));
    let lines = [
        "{\"cmd\":\"hello\"".to_owned(), // cut short
        "not json at all".to_owned(),
        "[1,2,3]".to_owned(),
        "{\"cmd\":42}".to_owned(),
        "{\"cmd\":\"dance\"}".to_owned(),
        "".to_owned(), // blank lines are skipped
        long,
        "{\"cmd\":\"hello\",\"id\":\"last\"}".to_owned(),
    ];
    let answers = engine(&lines);
    let codes: Vec<&str> = answers[..6].iter().map(error_code).collect();
    assert_eq!(
        codes,
        [
            "incomplete",
            "bad_json",
            "bad_json",
            "bad_field",
            "unknown_cmd",
            "bad_field"
        ]
    );
    assert!(
        answers[5]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("limit")
    );
    assert_eq!(answers[6]["ok"], true);
    assert_eq!(answers[6]["id"], "last");
    assert_eq!(answers.len(), 7);
}

/// Issue 26, defect 4: a line of characters that Unicode calls white space but JSON does
/// not (vertical tab, form feed, no-break space, next line, the line and ideographic
/// separators) is not blank: it gets its `bad_json` answer, so a client waiting for one does
/// not hang. Only JSON's own white space (space, tab, carriage return) makes a line blank.
#[test]
fn only_json_white_space_makes_a_line_blank() {
    let not_blank = [
        "\x0b", "\x0c", "\u{a0}", "\u{85}", "\u{2028}", "\u{3000}", " \x0c\t",
    ];
    let mut lines: Vec<String> = not_blank.iter().map(|s| (*s).to_owned()).collect();
    lines.extend([" \t \r".to_owned(), String::new(), "\t".to_owned()]); // blank: skipped
    lines.push("{\"cmd\":\"hello\",\"id\":1}".to_owned());
    let answers = engine(&lines);
    assert_eq!(answers.len(), not_blank.len() + 1, "{answers:?}");
    for (line, answer) in not_blank.iter().zip(&answers) {
        assert_eq!(error_code(answer), "bad_json", "{line:?}: {answer}");
    }
    assert_eq!(answers[not_blank.len()]["id"], 1);
    // The issue's own reproduction: three lines, three answers.
    let answers = engine_bytes(b"\x0c\n\xc2\xa0\n{\"cmd\":\"hello\",\"id\":1}\n");
    assert_eq!(answers.len(), 3);
}

/// Sends raw bytes (not necessarily UTF-8) to one engine process; its answers, one per line.
fn engine_bytes(input: &[u8]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn invalid_utf8_is_answered_too() {
    let answers = engine_bytes(b"{\"cmd\":\"he\xffllo\"}\n{\"cmd\":\"hello\"}\n");
    assert_eq!(answers.len(), 2);
    assert_eq!(error_code(&answers[0]), "bad_json");
    assert_eq!(answers[1]["ok"], true);
}

#[test]
fn thousands_of_mangled_requests_each_get_one_answer() {
    let game = Match::new(Rules::default(), 12).unwrap();
    let (deck, moves, _) = sample_hand(3, Rules::default());
    let seeds = [
        json!({"cmd":"hello","id":1}).to_string(),
        json!({"cmd":"legal","table":["4c","1s","3d","2b"],"card":"5b","rules":{"ace":"takes_all"}}).to_string(),
        json!({"cmd":"score","piles":[["7d","1d"],["2d"]],"scope":[1,2],"rules":{"napola":true}}).to_string(),
        json!({"cmd":"replay","dealer":1,"deck":deck_json(&deck),"moves":moves[..5].iter().map(|&m| mv_json(m)).collect::<Vec<_>>()}).to_string(),
        json!({"cmd":"bestmove","level":"easy","seed":1,"view":view_json(&game)}).to_string(),
    ];
    let pieces = [
        "\"",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "7d",
        "10b",
        "-1",
        "1e99",
        "null",
        "true",
        "\"x\"",
        "99999999999999999999",
        "\\u0000",
        "é",
        "[[]]",
    ];
    let mut rng = SplitMix64::new(2024);
    let mut lines = Vec::new();
    for i in 0..3000 {
        let mut s: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + rng.next() % 4 {
            let at = (rng.next() % (s.len() as u64 + 1)) as usize;
            match rng.next() % 3 {
                0 if at < s.len() => {
                    s.remove(at);
                }
                1 if at < s.len() => {
                    let piece = pieces[(rng.next() % pieces.len() as u64) as usize];
                    s.splice(at..at + 1, piece.chars());
                }
                _ => {
                    let piece = pieces[(rng.next() % pieces.len() as u64) as usize];
                    s.splice(at..at, piece.chars());
                }
            }
        }
        let line: String = s.into_iter().filter(|&c| c != '\n' && c != '\r').collect();
        if !line.trim().is_empty() {
            lines.push(line);
        }
    }
    let answers = engine(&lines);
    assert_eq!(answers.len(), lines.len());
    for (line, a) in lines.iter().zip(&answers) {
        assert!(a["ok"].is_boolean(), "{line} → {a}");
        if a["ok"] == false {
            assert!(a["error"]["code"].is_string() && a["error"]["message"].is_string());
        }
    }
}

/// docs/protocol.md shows requests and the engine's answers: each request line of its JSON
/// blocks that is followed by an answer line gets exactly that answer.
#[test]
fn the_protocol_reference_examples_hold() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md"))
        .unwrap();
    let mut pairs = 0;
    let mut in_json = false;
    let mut previous: Option<&str> = None;
    for line in doc.lines() {
        match line {
            "```json" => in_json = true,
            "```" => {
                in_json = false;
                previous = None;
            }
            _ if in_json => {
                if let Some(request) = previous.filter(|p| p.starts_with("{\"cmd\""))
                    && line.starts_with("{\"ok\"")
                {
                    let answer = ask(serde_json::from_str(request).unwrap());
                    let expected: Value = serde_json::from_str(line).unwrap();
                    assert_eq!(answer, expected, "{request}");
                    pairs += 1;
                }
                previous = Some(line);
            }
            _ => {}
        }
    }
    assert!(pairs >= 3, "only {pairs} examples found");
}
