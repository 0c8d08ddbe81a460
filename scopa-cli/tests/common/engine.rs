//! Talking to `scopa engine` from the tests: one process per call, every answer parsed.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

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
