//! The save formats of earlier versions, read once and migrated to a session (then saved
//! in the session format, `SCPS`): the FFI's own `SFFI` save of a `ScopaMatch`, and the
//! apps' `SCOPAAPP` file around it. Their match is continued with
//! `scopa_core::session::Session::resume`, the old match seed as the session's secret, every
//! seat without an AI level played by a person, undo off.
//!
//! The `SCOPAAPP` file (both apps, version 1): `SCOPAAPP`, a version byte (1), a flags byte
//! (bit 0: the hand summary was on screen), then the `SFFI` bytes. A summary that was on
//! screen is not shown again: the migrated session continues with the next hand, which the
//! old match had already dealt.

use scopa_core::session::{self as core, Controller, Label, Texts};

use super::error::SessionError;
use crate::ScopaError;
use crate::save;

/// The first bytes of an app save file of version 1.
const APP_MAGIC: &[u8] = b"SCOPAAPP";
/// The first bytes of an FFI save.
const FFI_MAGIC: &[u8] = b"SFFI";
const APP_HEADER: usize = 10;

/// Whether `bytes` start like a save of an earlier format.
pub fn is_legacy(bytes: &[u8]) -> bool {
    bytes.starts_with(APP_MAGIC) || bytes.starts_with(FFI_MAGIC)
}

/// The session continuing the match of an `SCOPAAPP` or `SFFI` save.
pub fn migrate(bytes: &[u8], lang: core::Lang) -> Result<core::Session, SessionError> {
    let bad = |reason: &str| SessionError::BadSave {
        message: format!(
            "{}: {reason}",
            Texts::new(lang).label(Label::SaveUnreadable)
        ),
    };
    let ffi = if bytes.starts_with(APP_MAGIC) {
        if bytes.len() < APP_HEADER {
            return Err(bad("the app save file is shorter than its header"));
        }
        if bytes[8] != 1 {
            return Err(bad(&format!(
                "the app save file has format version {}; this app reads version 1",
                bytes[8]
            )));
        }
        if bytes[9] & !1 != 0 {
            return Err(bad(&format!(
                "unknown flags {:#04x} in byte 9 of the app save file",
                bytes[9]
            )));
        }
        &bytes[APP_HEADER..]
    } else {
        bytes
    };
    let saved = save::decode(ffi).map_err(|e| match e {
        ScopaError::CorruptSave { reason } => bad(&reason),
        other => bad(&other.to_string()),
    })?;
    let mut seats = [Controller::Human; 4];
    for (slot, level) in seats.iter_mut().zip(&saved.ai) {
        *slot = level.map_or(Controller::Human, Controller::Ai);
    }
    let settings = core::Settings {
        rules: *saved.game.rules(),
        seats,
        undo: false,
        lang,
    };
    core::Session::resume(settings, saved.seed, saved.game)
        .map_err(|e| bad(&Texts::new(lang).error(&e).to_string()))
}
