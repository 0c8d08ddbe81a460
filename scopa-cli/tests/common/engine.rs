//! Talking to `scopa engine` from the tests: one process per call, every answer parsed.

use std::io::Write;
use std::process::{Command, Stdio};

use scopa_core::CardSet;
use scopa_core::scopa::Match;
use serde_json::{Value, json};

/// Sends `lines` to one engine process and returns its answers, one per non-blank line.
pub fn engine(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scopa"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input: Vec<u8> = lines
        .iter()
        .flat_map(|l| format!("{l}\n").into_bytes())
        .collect();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "engine exit status {:?}", out.status);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// One request, its answer.
pub fn ask(request: Value) -> Value {
    let mut answers = engine(&[request.to_string()]);
    assert_eq!(answers.len(), 1);
    answers.remove(0)
}

/// The error code of a refusal, which must say in words what was wrong.
pub fn error_code(answer: &Value) -> &str {
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{answer}"
    );
    answer["error"]["code"].as_str().unwrap()
}

/// A card set as protocol JSON (an array of card names).
pub fn cards(set: CardSet) -> Value {
    Value::Array(set.iter().map(|c| json!(c.to_string())).collect())
}

/// The view of the seat to play in a real match, as protocol JSON.
pub fn view_json(game: &Match) -> Value {
    let v = game.view(game.turn()).unwrap();
    let history: Vec<Value> = v
        .history()
        .iter()
        .map(|p| json!({"seat": p.seat, "card": p.mv.card().to_string(), "capture": cards(p.mv.capture())}))
        .collect();
    json!({
        "seat": v.seat(), "dealer": v.dealer(), "hand": cards(v.hand()), "table": cards(v.table()),
        "history": history, "scores": [v.scores()[0], v.scores()[1]],
    })
}
