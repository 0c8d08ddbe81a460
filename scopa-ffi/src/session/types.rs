//! The records of the settings screen and the scripts and their translation to and from
//! `scopa_core::session`: [`SessionSettings`] and [`ScriptLine`]. Everything a screen draws
//! crosses as `crate::controller::Frame`, scopa-frame's record of the core's table model:
//! no mirror of the core's phases, events or scores lives here.

use scopa_core::Card;
use scopa_core::briscola::BriscolaRules;
use scopa_core::session::{self as core, Player};

use super::error::SessionError;
use crate::types::{AiLevel, RulesConfig};

/// The language of the texts: `scopa_core::session::Lang` itself, exported by
/// `crate::controller::frame` (`#[uniffi::remote(Enum)]`), no mirror.
pub use scopa_core::session::Lang;

/// Briscola's rules (docs/briscola.md): players, cards in a hand, hands to win.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct BriscolaConfig {
    /// 2, 3 or 4 (four in two teams), or 6 or 8 with two decks (three or four teams,
    /// partners opposite).
    pub players: u8,
    /// 3, or 9 with two players (the leaflet's deal).
    pub hand_size: u8,
    /// Hands won to win the match, 1 … 11 (2: best of three).
    pub target: u8,
}

/// Everything chosen before a session: the game and its rules, who plays each seat, undo,
/// language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SessionSettings {
    /// The rules of every match of Scopa (unused when `briscola` is set).
    pub rules: RulesConfig,
    /// Who plays each seat: `None` a person on this device, else the AI at that level. At
    /// least one entry per player and at most 8 (`max_seats()`); entries past the last
    /// seat are ignored (a settings screen may keep eight choices while the number of
    /// players changes).
    pub seats: Vec<Option<AiLevel>>,
    /// Whether the one person may take back their last play of the hand (against AIs only).
    pub undo: bool,
    /// The language of the texts.
    pub lang: Lang,
    /// Briscola with these rules instead of Scopa (`None`, the default: Scopa).
    #[uniffi(default = None)]
    pub briscola: Option<BriscolaConfig>,
}

impl From<core::Settings> for SessionSettings {
    fn from(s: core::Settings) -> SessionSettings {
        SessionSettings {
            rules: s.rules.into(),
            seats: s
                .seats
                .iter()
                .map(|c| match *c {
                    Player::Human => None,
                    Player::Ai(level) => Some(level.into()),
                })
                .collect(),
            undo: s.undo,
            lang: s.lang,
            briscola: match s.game {
                core::Game::Scopa => None,
                core::Game::Briscola(r) => Some(BriscolaConfig {
                    players: r.players,
                    hand_size: r.hand_size,
                    target: r.target,
                }),
            },
        }
    }
}

impl SessionSettings {
    /// The core settings, validated; errors are written in `self.lang`.
    pub fn to_core(&self) -> Result<core::Settings, SessionError> {
        let lang = self.lang;
        let invalid = |message: String| SessionError::InvalidSettings { message };
        let rules = self.rules.to_core_unchecked()?;
        let game = match &self.briscola {
            None => core::Game::Scopa,
            Some(b) => core::Game::Briscola(BriscolaRules {
                players: b.players,
                hand_size: b.hand_size,
                target: b.target,
                // Two decks for 6 and 8 players, as for Scopa's rules.
                decks: scopa_core::decks_for(b.players),
            }),
        };
        let players = usize::from(match game {
            core::Game::Scopa => rules.players,
            core::Game::Briscola(b) => b.players,
        });
        if self.seats.len() > core::MAX_SEATS || self.seats.len() < players.min(core::MAX_SEATS) {
            return Err(invalid(format!(
                "seats has {} entries; it needs one per seat ({players} players) and at most {}",
                self.seats.len(),
                core::MAX_SEATS,
            )));
        }
        let mut seats = [Player::Human; core::MAX_SEATS];
        for (slot, level) in seats.iter_mut().zip(&self.seats).take(players) {
            *slot = level.map_or(Player::Human, |l| Player::Ai(l.into()));
        }
        let settings = core::Settings {
            game,
            rules,
            seats,
            undo: self.undo,
            lang,
        };
        settings.validate().map_err(|e| {
            SessionError::from_core(&core::SessionError::Settings(e), &core::Texts::new(lang))
        })?;
        Ok(settings)
    }
}

/// The card with index `index`, or [`SessionError::InvalidCard`].
pub fn card(index: u8) -> Result<Card, SessionError> {
    Card::from_index(index).ok_or_else(|| SessionError::InvalidCard {
        message: format!("card index {index} is not 0 to 39"),
    })
}

/// One line of a session script.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ScriptLine {
    /// A comment or a blank line.
    Nothing,
    /// `seed N`: the session's secret.
    Seed {
        /// The secret.
        seed: u64,
    },
    /// `session …`: the settings (language English).
    Settings {
        /// The settings.
        settings: SessionSettings,
    },
    /// A person's move: the card, then what it captures (empty: laid on the table).
    Move {
        /// The card.
        card: Card,
        /// The cards it captures in canonical order (by index), a card taken twice (both
        /// copies, at a table of 6 or 8: two decks) named twice in a row — the order of
        /// `CaptureChoice.cards` and `Played.takes`, so a runner finds the option by
        /// comparing the lists.
        capture: Vec<Card>,
    },
    /// `save`: write the session's save here.
    Save,
}

impl From<core::transcript::ScriptLine> for ScriptLine {
    fn from(l: core::transcript::ScriptLine) -> ScriptLine {
        use core::transcript::ScriptLine as L;
        match l {
            L::Nothing => ScriptLine::Nothing,
            L::Seed(seed) => ScriptLine::Seed { seed },
            L::Settings(s) => ScriptLine::Settings { settings: s.into() },
            L::Move(mv) => ScriptLine::Move {
                card: mv.card(),
                capture: mv.capture().iter().collect(),
            },
            L::Save => ScriptLine::Save,
        }
    }
}
