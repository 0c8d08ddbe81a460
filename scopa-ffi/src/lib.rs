//! # scopa-ffi
//!
//! uniffi bindings of [`scopa_core`] for Kotlin (package `org.scopa.engine`) and Swift
//! (module `ScopaEngine`), described in `API.md` and `docs/ffi.md`: the thread-safe
//! [`GameController`] (a `scopa_core` presenter: the game a person plays, its pacing and
//! autosave) created from [`SessionSettings`] and a seed or restored from saved bytes — its
//! own, or a save of an earlier version (`SFFI`, `SCOPAAPP`), migrated once — with foreign
//! traits for the platform's [`SaveStore`], [`Timer`] and [`FrameListener`]; the one
//! [`Frame`] record it draws; the fixed words of the apps ([`UiTexts`]); script lines and
//! the transcript's first line; and one error type, [`SessionError`].
//!
//! No game rule lives here: every call translates to and from scopa-core. No call can
//! panic across the boundary: each export runs under `catch_unwind` and a panic comes back
//! as [`SessionError::Internal`].

#[cfg(not(panic = "unwind"))]
compile_error!("scopa-ffi needs panic = \"unwind\" so that a panic becomes SessionError::Internal");

pub mod controller;
pub mod session;
mod types;

pub use controller::{Frame, FrameListener, GameController, SaveStore, StoreError, Timer};
pub use session::{
    AceText, DealText, Labels, Lang, LevelText, PrimieraText, ScriptLine, SessionError,
    SessionSettings, UiTexts,
};
pub use types::{AceRule, AiLevel, DealKind, PrimieraRule, RulesConfig};

uniffi::setup_scaffolding!();

/// The default rules of docs/rules.md (2 players, standard deal, target 11, classic primiera,
/// plain Ace, no napola, no re bello, kings redeal on).
#[uniffi::export]
pub fn default_rules() -> RulesConfig {
    scopa_core::scopa::Rules::default().into()
}
