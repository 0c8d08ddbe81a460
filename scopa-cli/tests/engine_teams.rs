//! `scopa engine` at two-deck tables (`"decks":2`, 6 or 8 players; docs/rules.md §8):
//! card lists with copies, whole hands replayed against scopa-core, `bestmove` from public
//! facts equal to the AI's move from the real view, and every error code.

mod common;

use common::engine::{ask, error_code};
use scopa_core::ai::Level;
use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::Rules;
use scopa_core::scopa::teams::{TeamHand, TeamMove, choose_move};
use scopa_core::{Card, SplitMix64};
use serde_json::{Value, json};

fn cards(m: CardMultiset) -> Value {
    Value::Array(m.iter().map(|c| json!(c.to_string())).collect())
}

fn mv_json(mv: TeamMove) -> Value {
    json!({"card": mv.card.to_string(), "capture": cards(mv.capture)})
}

fn rules_json(players: u8) -> Value {
    json!({"players": players, "decks": 2})
}

/// A hand dealt from `seed` and the moves of `plays` plays chosen by the medium AI.
fn sample(players: u8, seed: u64, plays: usize) -> (Vec<Card>, Vec<(u8, TeamMove)>, TeamHand) {
    let rules = Rules::default().with_players(players);
    let (start, _) = TeamHand::deal(rules, 0, &mut SplitMix64::new(seed)).unwrap();
    let mut hand = start;
    let mut moves = Vec::new();
    while moves.len() < plays && !hand.is_finished() {
        let seat = hand.turn();
        let view = hand.view(seat, [0; 4]).unwrap();
        let mv = choose_move(Level::Medium, &view, moves.len() as u64).unwrap();
        hand.play(seat, mv).unwrap();
        moves.push((seat, mv));
    }
    (start.deck().to_vec(), moves, hand)
}

#[test]
fn legal_names_cards_not_copies() {
    let a = ask(
        json!({"cmd": "legal", "rules": rules_json(6), "table": ["3c", "3c", "3s", "5d", "1s"], "card": "6b"}),
    );
    assert_eq!(
        a,
        json!({"ok": true, "captures": [["5d", "1s"], ["3c", "3c"], ["3c", "3s"]]})
    );
    // Two 7d on the table: one capture. The card may be the other copy of a table card.
    let a = ask(
        json!({"cmd": "legal", "rules": rules_json(8), "table": ["7d", "7d", "2c"], "card": "7s"}),
    );
    assert_eq!(a["captures"], json!([["7d"]]));
    let a =
        ask(json!({"cmd": "legal", "rules": rules_json(8), "table": ["7d", "2c"], "card": "7d"}));
    assert_eq!(a["captures"], json!([["7d"]]));
    let a =
        ask(json!({"cmd": "legal", "rules": rules_json(8), "table": ["7d", "7d"], "card": "7d"}));
    assert_eq!(error_code(&a), "duplicate_card");
    let a = ask(
        json!({"cmd": "legal", "rules": rules_json(8), "table": ["3c", "3c", "3c"], "card": "6d"}),
    );
    assert_eq!(error_code(&a), "duplicate_card");
}

#[test]
fn rules_say_which_decks_a_table_needs() {
    for rules in [
        json!({"players": 6}),
        json!({"players": 4, "decks": 2}),
        json!({"players": 7, "decks": 2}),
        json!({"players": 6, "decks": 3}),
    ] {
        let a = ask(json!({"cmd": "legal", "rules": rules, "table": [], "card": "1d"}));
        assert_eq!(error_code(&a), "bad_rules", "{rules}");
    }
}

#[test]
fn score_counts_copies_per_side() {
    let a = ask(
        json!({"cmd": "score", "rules": {"players": 6, "decks": 2, "re_bello": true},
        "piles": [["7d", "7d", "10d"], ["10d"], []], "scope": [0, 1, 0]}),
    );
    let b = &a["breakdown"];
    assert_eq!(b.as_array().unwrap().len(), 3);
    assert_eq!(
        (
            b[0]["settebello"].clone(),
            b[0]["re_bello"].clone(),
            b[0]["total"].clone()
        ),
        (json!(2), json!(1), json!(5))
    );
    assert_eq!(b[1]["total"], 2);
    let a = ask(
        json!({"cmd": "score", "rules": rules_json(8), "piles": [["7d"], ["7d"], ["7d"], []], "scope": [0, 0, 0, 0]}),
    );
    assert_eq!(error_code(&a), "duplicate_card");
    let a = ask(
        json!({"cmd": "score", "rules": rules_json(8), "piles": [[], [], []], "scope": [0, 0, 0]}),
    );
    assert_eq!(error_code(&a), "bad_field");
}

#[test]
fn replay_plays_whole_and_partial_hands_as_the_core_does() {
    for (players, seed) in [(6u8, 1u64), (8, 2), (6, 3)] {
        let (deck, moves, end) = sample(players, seed, 72);
        let deck_json: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
        let moves_json: Vec<Value> = moves.iter().map(|&(_, mv)| mv_json(mv)).collect();
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 0, "deck": deck_json, "moves": moves_json}),
        );
        assert_eq!(a["complete"], true, "{a}");
        let sides = Rules::default().with_players(players).sides();
        for s in 0..sides {
            assert_eq!(a["piles"][usize::from(s)], cards(end.pile(s)));
            assert_eq!(a["scope"][usize::from(s)], end.scope(s));
            assert_eq!(
                a["breakdown"][usize::from(s)]["total"],
                end.score().unwrap().side(s).total()
            );
        }
        // Partial: the hands and the table after 30 plays.
        let (_, _, mid) = sample(players, seed, 30);
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 0, "deck": deck_json, "moves": moves_json[..30]}),
        );
        assert_eq!(a["complete"], false);
        assert_eq!(a["to_play"], mid.turn());
        assert_eq!(a["table"], cards(mid.table()));
        for s in 0..players {
            assert_eq!(a["hands"][usize::from(s)], cards(mid.hand(s)));
        }
        // One move too many, and an illegal one, name their index.
        let mut extra = moves_json.clone();
        extra.push(moves_json[0].clone());
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 0, "deck": deck_json, "moves": extra}),
        );
        assert_eq!(
            (error_code(&a), a["error"]["index"].clone()),
            ("illegal_move", json!(72))
        );
        let a = ask(
            json!({"cmd": "replay", "rules": rules_json(players), "dealer": 0, "deck": deck_json, "moves": [moves_json[1]]}),
        );
        assert_eq!(error_code(&a), "illegal_move");
    }
}

#[test]
fn replay_refuses_decks_that_are_not_two_decks() {
    let (deck, _, _) = sample(6, 5, 0);
    let mut names: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    let a = ask(json!({"cmd": "replay", "rules": rules_json(6), "dealer": 0, "deck": names[..79]}));
    assert_eq!(error_code(&a), "bad_deck");
    let first = names[0].clone();
    let others: Vec<usize> = (1..80).filter(|&i| names[i] == first).collect();
    names[if others[0] == 1 { 2 } else { 1 }] = first;
    let a = ask(json!({"cmd": "replay", "rules": rules_json(6), "dealer": 0, "deck": names}));
    assert_eq!(error_code(&a), "bad_deck", "{a}");
    // Five Kings on the first table (dealt after the 18 cards of 6 hands).
    let mut kings: Vec<String> = CardMultiset::TWO_DECKS
        .iter()
        .map(|c| c.to_string())
        .collect();
    let at: Vec<usize> = (0..80).filter(|&i| kings[i].starts_with("10")).collect();
    for (k, &from) in at.iter().take(5).enumerate() {
        kings.swap(18 + k, from);
    }
    let a = ask(json!({"cmd": "replay", "rules": rules_json(6), "dealer": 0, "deck": kings}));
    assert_eq!(error_code(&a), "bad_deck", "{a}");
    assert!(a["error"]["message"].as_str().unwrap().contains("Kings"));
}

#[test]
fn bestmove_from_public_facts_is_the_move_from_the_real_view() {
    for (players, seed, plays) in [(6u8, 11u64, 0usize), (6, 12, 17), (8, 13, 30), (8, 14, 71)] {
        let (_, moves, hand) = sample(players, seed, plays);
        let seat = hand.turn();
        let real = hand.view(seat, [3, 1, 2, 0]).unwrap();
        let history: Vec<Value> = moves
            .iter()
            .map(|&(s, mv)| json!({"seat": s, "card": mv.card.to_string(), "capture": cards(mv.capture)}))
            .collect();
        let scores: Vec<u16> = [3u16, 1, 2, 0][..usize::from(real.rules.sides())].to_vec();
        let view = json!({"seat": seat, "dealer": 0, "hand": cards(real.hand), "table": cards(real.table), "history": history, "scores": scores});
        for level in ["medium", "expert"] {
            let a = ask(
                json!({"cmd": "bestmove", "rules": rules_json(players), "level": level, "seed": 9, "view": view}),
            );
            let lvl: Level = level.parse().unwrap();
            let mv = choose_move(lvl, &real, 9).unwrap();
            assert_eq!(
                a["move"],
                mv_json(mv),
                "{players} players, {plays} plays, {level}"
            );
        }
        // A view whose hand is not the seat's: its size is wrong.
        let mut bad = view.clone();
        bad["hand"] = json!([]);
        let a = ask(
            json!({"cmd": "bestmove", "rules": rules_json(players), "level": "medium", "view": bad}),
        );
        assert_eq!(error_code(&a), "bad_state");
    }
}
