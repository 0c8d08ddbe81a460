//! Replays a session the browser played, natively: `replay FILE.json` where the file holds
//! `{"seed": "123", "script": ["select 7d", "ai", …], "transcript": ["session players 2 …", …]}`
//! (what the page recorded: the seed, every action as a script line, and its transcript, the
//! settings line first). Every AI move is recomputed here; the native transcript must be the
//! browser's, line for line. Prints the native transcript; exits 1 at the first difference.

use std::process::ExitCode;

#[derive(serde::Deserialize)]
struct Input {
    seed: String,
    script: Vec<String>,
    transcript: Vec<String>,
}

fn main() -> ExitCode {
    match run() {
        Ok(n) => {
            eprintln!("replay: {n} transcript lines, identical to the browser's");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<usize, String> {
    let path = std::env::args().nth(1).ok_or("usage: replay FILE.json")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let input: Input = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let seed: u64 = input.seed.parse().map_err(|e| format!("seed: {e}"))?;
    let first = input.transcript.first().ok_or("empty transcript")?;
    let native = scopa_web::replay(first, seed, &input.script)?;
    for line in &native {
        println!("{line}");
    }
    if let Some(i) = (0..native.len().max(input.transcript.len()))
        .find(|&i| native.get(i) != input.transcript.get(i))
    {
        return Err(format!(
            "line {}: native {:?}, browser {:?}",
            i + 1,
            native.get(i),
            input.transcript.get(i)
        ));
    }
    Ok(native.len())
}
