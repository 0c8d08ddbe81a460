//! Prints the transcript hash of an AI-only match, for the Kotlin and Swift tests to
//! compare with: `cargo run -p scopa-ffi --example transcript -- <seed> <players> <level>`
//! (level: random, easy, medium, expert, handheld). With `--text` prints the transcript; with
//! `--session` plays a watch-mode `Session` instead and hashes its session transcript.

use scopa_ffi::AiLevel;
use scopa_ffi::transcript::{fnv1a, play_transcript, session_transcript};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text_too = args.iter().any(|a| a == "--text");
    let session = args.iter().any(|a| a == "--session");
    let args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let usage = "usage: transcript <seed> <players> <random|easy|medium|expert|handheld> [--text] [--session]";
    let [seed, players, level] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (Ok(seed), Ok(players)) = (seed.parse::<u64>(), players.parse::<u32>()) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let level = match level.as_str() {
        "random" => AiLevel::Random,
        "easy" => AiLevel::Easy,
        "medium" => AiLevel::Medium,
        "expert" => AiLevel::Expert,
        "handheld" => AiLevel::Handheld,
        other => {
            eprintln!("unknown level {other:?}; {usage}");
            std::process::exit(2);
        }
    };
    let text = if session {
        session_transcript(players, level, seed).map_err(|e| e.to_string())
    } else {
        play_transcript(players, level, seed).map_err(|e| e.to_string())
    };
    match text {
        Ok(text) => {
            if text_too {
                print!("{text}");
            }
            println!("{:016x}", fnv1a(&text));
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
