//! Prints the transcript hash of a watch-mode session (every seat an AI at one level,
//! default rules), played through the `GameController` with the unattended pacing, for the
//! Kotlin and Swift tests to compare with:
//! `cargo run -p scopa-ffi --example transcript -- <seed> <players> <level>`
//! (level: random, easy, medium, expert, handheld). With `--text` prints the transcript too.
//!
//! The transcript is the session format (`scopa_core::session::transcript`: the settings
//! line, the first deal, every event, one line each, ending with `\n`), here the settings
//! line then every frame's events' `line`s; the hash is 64-bit FNV-1a of its UTF-8 bytes,
//! printed as 16 lower-case hex digits.

use std::sync::{Arc, Mutex};

use scopa_ffi::session::transcript_start;
use scopa_ffi::{
    AiLevel, Frame, FrameListener, GameController, Lang, RulesConfig, SaveStore, SessionError,
    SessionSettings, StoreError, Timer, default_rules,
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

/// The platform of a watch-mode run: no store, the last timer token, every event's line.
#[derive(Default)]
struct Watch {
    due: Mutex<Option<u32>>,
    lines: Mutex<String>,
    over: Mutex<bool>,
}

impl SaveStore for Watch {
    fn write(&self, _bytes: Vec<u8>) -> Result<(), StoreError> {
        Ok(())
    }
}

impl Timer for Watch {
    fn schedule(&self, _after_ms: u32, token: u32) {
        *self.due.lock().unwrap() = Some(token);
    }
}

impl FrameListener for Watch {
    fn on_frame(&self, frame: Frame) {
        let mut lines = self.lines.lock().unwrap();
        for e in &frame.events {
            lines.push_str(&e.line);
            lines.push('\n');
        }
        *self.over.lock().unwrap() = frame.over;
    }
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
        briscola: None,
    };
    let w = Arc::new(Watch::default());
    let c = GameController::new(
        settings.clone(),
        seed,
        scopa_ffi::controller::frame::unattended_pacing(),
        w.clone(),
        w.clone(),
        w.clone(),
    )?;
    c.resume()?;
    while !*w.over.lock().unwrap() {
        let token = w.due.lock().unwrap().take();
        let Some(token) = token else {
            return Err(SessionError::Internal {
                message: "an unattended session waits with no timer armed".into(),
            });
        };
        c.fire(token)?;
    }
    let text = w.lines.lock().unwrap().clone();
    Ok(format!("{}\n{text}", transcript_start(settings)?))
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
