//! Scripted sessions on the host ([`scopa_ui::script`]): played through the handheld's
//! UI by pressing its buttons, played through the session alone (the reference the UI
//! must agree with), and recorded (the person plays the first legal move).

use std::fmt::Write as _;

use scopa_core::Move;
use scopa_core::session::{Action, Phase, Session, Settings, transcript};
use scopa_ui::script::{Driver, Outcome, Script, Start, Step};
use scopa_ui::{App, FlashRing, Storage};

use crate::SimFlash;

/// Steps a run may take before it is called stuck (a 4-player match to 99 takes far
/// fewer).
const STEP_LIMIT: u32 = 2_000_000;

/// What a run of a script wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The transcript: one line per event, each ending with a newline.
    pub transcript: String,
    /// How the run ended.
    pub outcome: Outcome,
    /// At a `save` line (when asked to stop there): the session's bytes as the flash ring
    /// holds them, the payload of its newest record.
    pub save: Option<Vec<u8>>,
}

/// A session from saved bytes (any front-end's), with the reason when they are refused.
pub fn session_from(bytes: &[u8]) -> Result<Session, String> {
    Session::from_bytes(bytes).map_err(|e| format!("the save is refused: {e}"))
}

/// Plays `script` through the handheld's UI on a simulated flash: from a new match, or
/// from the session `resume` (the moves after the script's `save` line). With
/// `stop_at_save` the run stops at the `save` line and returns the saved bytes.
pub fn play(script: &Script, resume: Option<&Session>, stop_at_save: bool) -> Result<Run, String> {
    let mut ring =
        FlashRing::new(SimFlash::default(), 0, 4).map_err(|e| format!("simulated flash: {e}"))?;
    if let Some(session) = resume {
        ring.save(session)
            .map_err(|e| format!("writing the save to the simulated flash: {e}"))?;
    }
    let start = if resume.is_some() {
        Start::Resume
    } else {
        Start::New
    };
    let mut driver = Driver::new(App::new(ring), *script, start);
    driver.stop_at_save = stop_at_save;
    let mut transcript = String::new();
    let outcome = driver
        .run(STEP_LIMIT, &mut |line| {
            let _ = writeln!(transcript, "{line}");
        })
        .map_err(|e| e.to_string())?;
    let save = match outcome {
        Outcome::Saved => {
            let bytes = driver
                .app
                .storage_mut()
                .newest_session_bytes()
                .map_err(|e| format!("reading the save back: {e}"))?
                .ok_or("the flash holds no session at the save line")?;
            let session = driver.app.session().ok_or("no session at the save line")?;
            if bytes != session.to_bytes() {
                return Err("the flash's newest save is not the session's state".into());
            }
            Some(bytes.to_vec())
        }
        _ => None,
    };
    Ok(Run {
        transcript,
        outcome,
        save,
    })
}

/// Plays `script` through [`Session::apply`] alone, every `save` line played through:
/// the transcript every front-end must write for it.
pub fn reference(script: &Script, resume: Option<&Session>) -> Result<String, String> {
    let mut out = String::new();
    let mut steps = script.steps();
    let mut session = match resume {
        Some(s) => {
            if script.steps().any(|(_, s)| s == Step::Save) {
                steps.by_ref().find(|(_, s)| *s == Step::Save);
            }
            s.clone()
        }
        None => {
            let s = Session::new(script.settings, script.seed).map_err(|e| e.to_string())?;
            let _ = writeln!(out, "{}", transcript::start(s.settings()));
            let _ = writeln!(out, "{}", transcript::event(&s.deal_event()));
            s
        }
    };
    loop {
        let action = match session.phase() {
            Phase::MatchOver { .. } => return Ok(out),
            Phase::Play { .. } => match steps.find(|(_, s)| *s != Step::Save) {
                Some((_, Step::Move(mv))) => Action::Play(mv),
                _ => return Ok(out),
            },
            Phase::ChooseCapture { .. } => Action::Cancel,
            Phase::AiDue { .. } => Action::RunAi,
            Phase::Scopa { .. } | Phase::HandSummary | Phase::HandOff { .. } => Action::Continue,
        };
        for e in session.apply(action).map_err(|e| e.to_string())? {
            let _ = writeln!(out, "{}", transcript::event(&e));
        }
    }
}

/// A move as a script line: the card, then the cards it takes.
fn move_line(mv: Move) -> String {
    let mut line = mv.card().to_string();
    for c in mv.capture() {
        let _ = write!(line, " {c}");
    }
    line
}

/// A script for `settings` and `seed` in which every person plays their first legal move
/// (canonical order), with a `save` line after the person's `save_after`-th move.
pub fn record(settings: &Settings, seed: u64, save_after: Option<usize>) -> Result<String, String> {
    let mut session = Session::new(*settings, seed).map_err(|e| e.to_string())?;
    let mut out = format!(
        "# Recorded with `cargo run -p scopa-sim --bin transcript -- --record`: every person\n\
         # plays their first legal move.\nseed {seed}\n{}\n",
        transcript::start(settings)
    );
    let mut moves = 0;
    loop {
        let action = match session.phase() {
            Phase::MatchOver { .. } => return Ok(out),
            Phase::Play { .. } => {
                let mv = *session
                    .legal_moves()
                    .first()
                    .ok_or("a person to play has no legal move")?;
                out.push_str(&move_line(mv));
                out.push('\n');
                moves += 1;
                if save_after == Some(moves) {
                    out.push_str("save\n");
                }
                Action::Play(mv)
            }
            Phase::ChooseCapture { .. } => Action::Cancel,
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        session.apply(action).map_err(|e| e.to_string())?;
    }
}
