//! Prints the transcript hash of a watch-mode session (every seat an AI at one level,
//! default rules), played through the `Session` API, for the Kotlin and Swift tests to
//! compare with: `cargo run -p scopa-ffi --example transcript -- <seed> <players> <level>`
//! (level: random, easy, medium, expert, handheld). With `--text` prints the transcript too.
//!
//! The transcript is the session format (`scopa_core::session::transcript`: the settings
//! line, the first deal, every event, one line each, ending with `\n`); the hash is 64-bit
//! FNV-1a of its UTF-8 bytes, printed as 16 lower-case hex digits.

use scopa_ffi::session::{transcript_event, transcript_start};
use scopa_ffi::{
    AiLevel, Lang, Phase, RulesConfig, Session, SessionError, SessionSettings, default_rules,
};

/// 64-bit FNV-1a.
fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Plays the whole session of `players` seats, all AIs at `level`, from `seed`; returns its
/// transcript.
fn session_transcript(players: u32, level: AiLevel, seed: u64) -> Result<String, SessionError> {
    let settings = SessionSettings {
        rules: RulesConfig {
            players,
            ..default_rules()
        },
        seats: vec![Some(level); players as usize],
        undo: false,
        lang: Lang::En,
    };
    let session = Session::new(settings.clone(), seed)?;
    let mut text = transcript_start(settings)?;
    text.push('\n');
    text.push_str(&transcript_event(session.deal_event()?)?);
    text.push('\n');
    loop {
        let update = match session.state()?.phase {
            Phase::MatchOver { .. } => return Ok(text),
            Phase::AiDue { .. } => session.run_ai()?,
            _ => session.proceed()?,
        };
        for event in update.events {
            text.push_str(&transcript_event(event)?);
            text.push('\n');
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text_too = args.iter().any(|a| a == "--text");
    let args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let usage = "usage: transcript <seed> <players> <random|easy|medium|expert|handheld> [--text]";
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
    match session_transcript(players, level, seed) {
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
