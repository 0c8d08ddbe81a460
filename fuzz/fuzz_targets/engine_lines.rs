//! The engine protocol's request reader and parser (`scopa engine`) on any input: never a
//! panic or a hang, and exactly one answer per non-blank line — a JSON object with a
//! boolean `ok`, and on refusal an `error` with a `code` and a `message`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scopa_cli::engine::{MAX_LINE, is_blank, serve};
use serde_json::Value;

/// The lines the engine must answer: every line but blank ones ([`is_blank`]: only JSON's
/// white space; a line of other Unicode white space must be answered).
fn expected_answers(input: &[u8]) -> usize {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") || input.is_empty() {
        lines.pop();
    }
    lines
        .into_iter()
        .filter(|raw| {
            let line = raw.strip_suffix(b"\r").unwrap_or(raw);
            raw.len() > MAX_LINE || std::str::from_utf8(line).map_or(true, |t| !is_blank(t))
        })
        .count()
}

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    serve(&mut &data[..], &mut out).expect("writing to a Vec cannot fail");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(
        answers.len(),
        expected_answers(data),
        "one answer per non-blank line"
    );
    for answer in answers {
        let v: Value = serde_json::from_str(answer).expect("each answer is JSON");
        let ok = v["ok"].as_bool().expect("each answer has a boolean ok");
        if !ok {
            assert!(v["error"]["code"].is_string() && v["error"]["message"].is_string());
        }
    }
});
