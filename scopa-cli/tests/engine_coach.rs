//! `scopa engine`'s coach commands (issue 39): `coach` analyses a seat's position from its
//! public facts, `review` reviews a session script or a save — through the real binary.

mod common;

use std::path::PathBuf;

use common::engine::{ask, cards, engine, error_code, view_json};
use scopa_core::analysis::review::{Review, review_hand};
use scopa_core::analysis::{self, Unit};
use scopa_core::scopa::{Match, Rules};
use scopa_core::session::Session;
use serde_json::{Value, json};

fn sessions(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/sessions")
        .join(name)
}

/// `coach` gives every legal choice with the analysis's own figures and reasons in both
/// languages; its best choice is the expert's `bestmove` with the same seed, and the same
/// request gives the same answer.
#[test]
fn coach_analyses_the_view_as_the_core_does() {
    let mut game = Match::new(Rules::default(), 21).unwrap();
    for _ in 0..7 {
        let mv = game.legal_moves()[0];
        game.play(game.turn(), mv).unwrap();
    }
    let request = json!({"cmd":"coach","seed":3,"view":view_json(&game),"id":"c"});
    let best = json!({"cmd":"bestmove","level":"expert","seed":3,"view":view_json(&game)});
    let answers = engine(&[request.to_string(), request.to_string(), best.to_string()]);
    let a = &answers[0];
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["id"], "c");
    assert_eq!(answers[0], answers[1], "same seed, same answer");
    let core = analysis::analyze(&game, game.turn(), 3).unwrap();
    let choices = a["choices"].as_array().unwrap();
    assert_eq!(choices.len(), core.choices.len());
    assert_eq!(a["best"], json!(core.best));
    assert_eq!(a["unit"], "points");
    assert_eq!(choices[core.best]["move"], answers[2]["move"]);
    for (c, k) in choices.iter().zip(&core.choices) {
        assert_eq!(c["margin"], json!(f64::from(k.margin) / 100.0));
        let reasons = c["reasons"].as_array().unwrap();
        assert_eq!(reasons.len(), k.reasons.len());
        for r in reasons {
            assert!(r["kind"].is_string() && r["en"].is_string() && r["it"].is_string());
            assert_ne!(r["en"], r["it"]);
        }
    }
}

#[test]
fn coach_errors_have_their_codes() {
    let mut game = Match::new(Rules::default(), 4).unwrap();
    let mv = game.legal_moves()[0];
    let view = view_json(&game);
    game.play(game.turn(), mv).unwrap();
    // The seat of `view` has played: not its turn.
    let mut late = view_json(&game);
    late["seat"] = view["seat"].clone();
    late["hand"] = cards(
        game.view(view["seat"].as_u64().unwrap() as u8)
            .unwrap()
            .hand(),
    );
    for (request, code) in [
        (json!({"cmd":"coach","view":late}), "bad_state"),
        (
            json!({"cmd":"coach","view":view,"level":"expert"}),
            "bad_field",
        ),
        (
            json!({"cmd":"coach","rules":{"players":6,"decks":2},"view":view}),
            "bad_rules",
        ),
        (
            json!({"cmd":"coach","rules":{"game":"briscola","players":8,"decks":2},"view":{}}),
            "bad_rules",
        ),
        (json!({"cmd":"coach"}), "bad_field"),
    ] {
        assert_eq!(error_code(&ask(request.clone())), code, "{request}");
    }
}

/// Briscola's analysis: card points, a win chance for each card.
#[test]
fn coach_analyses_a_briscola_view() {
    let a = ask(
        json!({"cmd":"coach","rules":{"game":"briscola"},"seed":7,"view":{"seat":1,"dealer":1,"hand":["1s","2d","5b"],"briscola":"3c","history":[{"seat":0,"card":"7s"}]}}),
    );
    assert_eq!(a["unit"], "card_points", "{a}");
    for c in a["choices"].as_array().unwrap() {
        let w = c["win_chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&w), "{c}");
    }
}

/// `review` of a script reviews its whole match as `scopa review` does; of a save (in
/// hexadecimal), the plays of its current hand, as the core's review of that hand.
#[test]
fn review_reviews_a_script_and_a_save() {
    let script = std::fs::read_to_string(sessions("four-people.script")).unwrap();
    let a = ask(json!({"cmd":"review","script":script,"seats":[0,2]}));
    assert_eq!(a["ok"], true, "{a}");
    let moves = a["moves"].as_array().unwrap();
    assert!(moves.len() > 40, "{}", moves.len());
    assert!(moves.iter().all(|m| m["seat"] == 0 || m["seat"] == 2));
    let seats = a["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    for s in seats {
        let acc = s["accuracy"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&acc), "{s}");
    }
    let swings = a["swings"].as_array().unwrap();
    assert!(
        swings
            .windows(2)
            .all(|w| w[0]["loss"].as_f64() >= w[1]["loss"].as_f64())
    );
    // A save: the core's review of its current hand, with the same seed.
    let bytes = std::fs::read(sessions("four-people.save")).unwrap();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let a = ask(json!({"cmd":"review","save":hex,"seed":5,"seats":[0,1,2,3]}));
    assert_eq!(a["ok"], true, "{a}");
    let session = Session::from_bytes(&bytes).unwrap();
    let mut review = Review::new(Unit::ScopaPoints);
    let mut losses = Vec::new();
    review_hand(
        session.game_match(),
        &|_| true,
        5,
        &mut review,
        &mut |r, _| {
            losses.push(json!(f64::from(r.loss) / 100.0));
        },
    )
    .unwrap();
    let got: Vec<Value> = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["loss"].clone())
        .collect();
    assert_eq!(got, losses);
    assert_eq!(got.len(), usize::from(session.game_match().plays()));
}

#[test]
fn review_errors_have_their_codes() {
    for (request, code) in [
        (json!({"cmd":"review"}), "bad_field"),
        (
            json!({"cmd":"review","script":"seed 1","save":"00"}),
            "bad_field",
        ),
        (json!({"cmd":"review","save":"0g"}), "bad_field"),
        (json!({"cmd":"review","save":"abc"}), "bad_field"),
        (json!({"cmd":"review","save":"00112233"}), "bad_state"),
        (json!({"cmd":"review","script":"seed 1\n"}), "bad_state"),
        (json!({"cmd":"review","script":7}), "bad_field"),
        (
            json!({"cmd":"review","script":"seed 1","seats":[9]}),
            "bad_field",
        ),
    ] {
        assert_eq!(error_code(&ask(request.clone())), code, "{request}");
    }
}
