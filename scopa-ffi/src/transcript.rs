//! The transcript of an AI-only match: a text every binding can rebuild from the events it
//! receives, so the Kotlin and Swift tests can prove that a seed plays the same match there
//! as in Rust. Format, one line per event kept:
//!
//! - `P<seat> <card>` for a card laid, `P<seat> <card> x <c1> <c2> …` for a capture
//!   (captured cards in canonical order, as in the event);
//! - `S<seat>` for a scopa;
//! - `H <p0>-<p1>[-<p2>]` for a finished hand (the points of each side);
//! - `W<side> <s0>-<s1>[-<s2>]` for the end of the match (final scores).
//!
//! Every line ends with `\n`; the hash is 64-bit FNV-1a of the UTF-8 text, printed as 16
//! lower-case hex digits.

use crate::session::{
    Lang, Phase, Session, SessionError, SessionSettings, transcript_event, transcript_start,
};
use crate::{AiLevel, GameConfig, GameEvent, ScopaError, ScopaMatch, default_rules};

/// The transcript line of `event`, if it has one.
pub fn line(event: &GameEvent) -> Option<String> {
    let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join("-");
    match event {
        GameEvent::Played { seat, r#move } => {
            let mut s = format!("P{seat} {}", r#move.card.code);
            if !r#move.capture.is_empty() {
                s.push_str(" x");
                for c in &r#move.capture {
                    s.push(' ');
                    s.push_str(&c.code);
                }
            }
            Some(s)
        }
        GameEvent::Scopa { seat, .. } => Some(format!("S{seat}")),
        GameEvent::HandFinished { breakdown } => {
            let totals: Vec<u32> = breakdown.sides.iter().map(|s| s.total).collect();
            Some(format!("H {}", join(&totals)))
        }
        GameEvent::MatchFinished { winner, scores } => Some(format!("W{winner} {}", join(scores))),
        GameEvent::Dealt { .. } | GameEvent::TableCollected { .. } | GameEvent::NewHand { .. } => {
            None
        }
    }
}

/// 64-bit FNV-1a.
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Plays a whole match of `players` seats, all at `level`, default rules, from `seed`;
/// returns the transcript.
pub fn play_transcript(players: u32, level: AiLevel, seed: u64) -> Result<String, ScopaError> {
    let mut rules = default_rules();
    rules.players = players;
    let game = ScopaMatch::new(
        GameConfig {
            rules,
            ai_levels: vec![Some(level); players as usize],
            first_dealer: None,
        },
        seed,
    )?;
    let mut text = String::new();
    while !game.is_over()? {
        for event in game.play_ai(game.turn()?)? {
            if let Some(l) = line(&event) {
                text.push_str(&l);
                text.push('\n');
            }
        }
    }
    Ok(text)
}

/// Plays a whole session of `players` seats, all AIs at `level` (watch mode), default rules,
/// from `seed`, through the `Session` API; returns its transcript in the session format
/// (`scopa_core::session::transcript`: the settings line, the first deal, every event).
pub fn session_transcript(players: u32, level: AiLevel, seed: u64) -> Result<String, SessionError> {
    let settings = SessionSettings {
        rules: crate::RulesConfig {
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
