//! # scopa-ffi
//!
//! uniffi bindings of [`scopa_core`] for Kotlin (package `org.scopa.engine`) and Swift
//! (module `ScopaEngine`). The API is described in `API.md` and `docs/ffi.md`:
//! a thread-safe [`ScopaMatch`] object created from a [`GameConfig`] and a seed or restored
//! from saved bytes, per-seat [`GameView`]s, moves and AI moves returning [`GameEvent`]s,
//! hints, the hand's history, and one error type, [`ScopaError`].
//!
//! No game rule lives here: every call translates to and from scopa-core. No call can
//! panic across the boundary: each export runs under `catch_unwind` and a panic comes back
//! as [`ScopaError::Internal`].

#[cfg(not(panic = "unwind"))]
compile_error!("scopa-ffi needs panic = \"unwind\" so that a panic becomes ScopaError::Internal");

mod error;
mod game;
pub mod save;
pub mod session;
pub mod transcript;
mod types;

pub use error::ScopaError;
pub use game::ScopaMatch;
pub use session::{
    AceText, DealText, HandSummary, Labels, Lang, LevelText, Phase, PrimieraText, ScriptLine,
    Session, SessionError, SessionEvent, SessionHint, SessionNames, SessionPlay, SessionSettings,
    SideScore, SummaryRow, TableState, UiTexts, Update,
};
pub use types::{
    AceRule, AiLevel, Card, DealKind, GameConfig, GameEvent, GameView, HandBreakdown, Hint,
    HintReason, Move, PlayRecord, PrimieraRule, RulesConfig, SideBreakdown, SideView, Suit,
};

uniffi::setup_scaffolding!();

/// The default rules of RULES.md (2 players, standard deal, target 11, classic primiera,
/// plain Ace, no napola, no re bello, kings redeal on).
#[uniffi::export]
pub fn default_rules() -> RulesConfig {
    scopa_core::Rules::default().into()
}

/// The card written `code` (`7d`, `10B`, …).
#[uniffi::export]
pub fn card_from_code(code: String) -> Result<Card, ScopaError> {
    error::guard("card_from_code", || {
        code.parse::<scopa_core::Card>()
            .map(Card::from)
            .map_err(|e| ScopaError::InvalidCard {
                reason: format!("{code:?}: {e}"),
            })
    })
}

/// Test hook (feature `test-hooks`, never in app builds): panics inside the engine, to
/// prove the panic comes back as `ScopaError::Internal`.
#[cfg(feature = "test-hooks")]
#[uniffi::export]
pub fn test_panic(message: String) -> Result<(), ScopaError> {
    error::guard("test_panic", || panic!("{message}"))
}

#[cfg(test)]
mod tests;
