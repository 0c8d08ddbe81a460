//! The settings screen's API and what the controller and the scripts share: the
//! [`SessionSettings`] and their check, the apps' fixed words ([`UiTexts`]), the language of
//! a locale tag, the script lines and the transcript's first line, the one error type
//! [`SessionError`], and the restore of a save (the session format, or a legacy
//! `SFFI`/`SCOPAAPP` save migrated by `legacy`). The game itself is played through
//! `crate::controller::GameController`.

use scopa_core::session::{self as core, transcript};

pub mod error;
mod legacy;
pub mod texts;
pub mod types;

pub use error::SessionError;
use error::guard;
pub use texts::{AceText, DealText, Labels, LevelText, PrimieraText, UiTexts};
pub use types::{Lang, ScriptLine, SessionSettings};

/// The session saved in `bytes` (the session format, or a legacy `SFFI`/`SCOPAAPP` save,
/// migrated), its texts in `lang`.
pub(crate) fn restore_core(bytes: &[u8], lang: Lang) -> Result<core::Session, SessionError> {
    let mut s = if legacy::is_legacy(bytes) {
        legacy::migrate(bytes, lang)?
    } else {
        core::Session::restore(bytes).map_err(|e| SessionError::from_save(&e, lang))?
    };
    s.set_lang(lang);
    Ok(s)
}

/// The language of a locale tag such as `it`, `it-IT`, `it_IT.UTF-8` (Android's
/// `Locale.toLanguageTag()`, iOS's `Locale.preferredLanguages`): Italian for `it…`, else
/// English.
#[uniffi::export]
pub fn lang_from_tag(tag: String) -> Lang {
    core::Lang::from_tag(&tag)
}

/// The most seats a session has (8: Scopa and Briscola with two decks), the length of a
/// settings screen's `SessionSettings.seats` that keeps a choice for every seat.
#[uniffi::export]
pub fn max_seats() -> u8 {
    core::MAX_SEATS as u8
}

/// One person (seat 0) against the expert, docs/rules.md's default rules, undo off, in `lang`.
#[uniffi::export]
pub fn default_settings(lang: Lang) -> SessionSettings {
    core::Settings {
        lang,
        ..core::Settings::default()
    }
    .into()
}

/// Checks that `settings` can be played; the error says what is wrong in `settings.lang`.
#[uniffi::export]
pub fn check_settings(settings: SessionSettings) -> Result<(), SessionError> {
    guard("check_settings", || settings.to_core().map(|_| ()))
}

/// The fixed words of the apps in `lang`: labels, card names, the names of the options.
#[uniffi::export]
pub fn ui_texts(lang: Lang) -> UiTexts {
    UiTexts::new(lang)
}

/// The first line of a transcript (`scopa_core::session::transcript::start`): the settings,
/// not the secret.
#[uniffi::export]
pub fn transcript_start(settings: SessionSettings) -> Result<String, SessionError> {
    guard("transcript_start", || {
        Ok(transcript::start(&settings.to_core()?).to_string())
    })
}

/// One line of a session script (`scopa_core::session::transcript::ScriptLine`: `seed N`,
/// a settings line, a move such as `7d 5d 2c`, `save`, or nothing), for the scripted runs of
/// the apps' controllers.
#[uniffi::export]
pub fn parse_script_line(line: String) -> Result<ScriptLine, SessionError> {
    guard("parse_script_line", || {
        line.parse::<transcript::ScriptLine>()
            .map(ScriptLine::from)
            .map_err(|e| SessionError::BadScriptLine {
                message: format!("{line:?}: {e}"),
            })
    })
}

#[cfg(test)]
mod tests;
