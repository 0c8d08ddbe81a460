//! `scopa simulate --json` and `scopa bench --json`: output shape, and simulate's
//! independence from the thread count.

use std::process::Command;

use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(lines.next(), None, "exactly one JSON object on stdout");
    value
}

fn number(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number in {v}"))
}

#[test]
fn simulate_json_has_the_documented_shape() {
    for (players, flag) in [("2", "--decks"), ("4", "--deals")] {
        let v = json_of(&[
            "simulate",
            "--a",
            "easy",
            "--b",
            "random",
            flag,
            "12",
            "--seed",
            "5",
            "--players",
            players,
            "--json",
        ]);
        assert_eq!(v["decks"], 12, "{flag}");
        assert_eq!(v["deals"], 12, "the older name of decks");
        assert_eq!(v["a"], "easy");
        assert_eq!(v["b"], "random");
        let margin = number(&v, "margin");
        let ci = number(&v, "ci95");
        assert!(margin.is_finite() && ci >= 0.0, "{v}");
        assert!(number(&v, "a_ms_per_move") >= 0.0);
        assert!(number(&v, "b_ms_per_move") >= 0.0);
        let hands = v["wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap()
            + v["losses"].as_u64().unwrap();
        assert_eq!(hands, 24, "every deck is played twice");
        assert_eq!(v["hands"], 24);
        // 36 plays a hand, shared evenly between the two sides.
        assert_eq!(v["a_moves"], 24 * 18);
        assert_eq!(v["b_moves"], 24 * 18);
        let diff = number(&v, "a_points_per_hand") - number(&v, "b_points_per_hand");
        assert!(
            (diff - margin).abs() < 1e-9,
            "margin = A points − B points: {v}"
        );
    }
}

#[test]
fn simulate_results_do_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        json_of(&[
            "simulate",
            "--a",
            "random",
            "--b",
            "easy",
            "--deals",
            "30",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (one, two) = (run("1"), run("2"));
    for key in [
        "margin",
        "ci95",
        "wins",
        "draws",
        "losses",
        "a_points_per_hand",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
    let other_seed = json_of(&[
        "simulate", "--a", "random", "--b", "easy", "--deals", "30", "--seed", "10", "--json",
    ]);
    assert_ne!(
        one["margin"], other_seed["margin"],
        "the seed chooses the decks"
    );
}

#[test]
fn simulate_refuses_three_players_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .args([
            "simulate",
            "--a",
            "easy",
            "--b",
            "easy",
            "--deals",
            "2",
            "--players",
            "3",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--players 2 or 4"));
}

#[test]
fn bench_json_has_the_documented_shape() {
    let v = json_of(&["bench", "--seconds", "0.2", "--json"]);
    assert!(number(&v, "random_deals_per_sec") > 0.0, "{v}");
    assert!(number(&v, "legal_moves_ns") > 0.0, "{v}");
}

/// Two-deck tables (docs/rules.md §8): A is one side of partners, B every other side; each
/// deck is played once with A as each side (3 seatings with 6 players, 4 with 8), and the
/// figures do not depend on the thread count.
#[test]
fn simulate_plays_two_deck_tables_with_a_as_each_side() {
    for (players, seatings) in [("6", 3u64), ("8", 4)] {
        let run = |threads: &str| {
            json_of(&[
                "simulate",
                "--a",
                "medium",
                "--b",
                "random",
                "--decks",
                "6",
                "--seed",
                "3",
                "--players",
                players,
                "--threads",
                threads,
                "--json",
            ])
        };
        let v = run("1");
        let hands = v["wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap()
            + v["losses"].as_u64().unwrap();
        assert_eq!(
            (v["hands"].as_u64(), hands),
            (Some(6 * seatings), 6 * seatings),
            "{v}"
        );
        assert_eq!(
            v["a_moves"].as_u64(),
            Some(6 * 72 * seatings / (seatings)),
            "{v}"
        );
        assert!(number(&v, "margin") > 0.0, "medium beats random sides: {v}");
        let w = run("2");
        for key in [
            "margin",
            "ci95",
            "wins",
            "draws",
            "losses",
            "a_points_per_hand",
            "b_points_per_hand",
        ] {
            assert_eq!(v[key], w[key], "{key}");
        }
    }
    // Briscola's big tables the same way, in card points (240 a hand).
    for (players, seatings) in [("6", 3u64), ("8", 4)] {
        let v = json_of(&[
            "simulate",
            "--game",
            "briscola",
            "--a",
            "medium",
            "--b",
            "random",
            "--decks",
            "4",
            "--seed",
            "3",
            "--players",
            players,
            "--json",
        ]);
        assert_eq!(v["hands"].as_u64(), Some(4 * seatings), "{v}");
        assert!(number(&v, "margin") > 0.0, "medium beats random sides: {v}");
        let per_hand = number(&v, "a_points_per_hand")
            + number(&v, "b_points_per_hand") * (seatings - 1) as f64;
        assert!(
            (per_hand - 240.0).abs() < 1e-9,
            "240 card points a hand: {v}"
        );
    }
    // 5 or 7 players is no table: an error, not a panic.
    for args in [
        &["simulate", "--a", "easy", "--b", "easy", "--players", "5"][..],
        &[
            "simulate",
            "--a",
            "easy",
            "--b",
            "easy",
            "--players",
            "7",
            "--game",
            "briscola",
        ][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_scopa"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("players"));
    }
}
