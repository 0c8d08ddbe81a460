//! Scripted sessions on the host ([`scopa_ui::script`]), played through the handheld's UI
//! by pressing its buttons, on a simulated flash.

use std::fmt::Write as _;

use scopa_core::session::Session;
use scopa_ui::script::{Driver, Outcome, Script, Start};
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
