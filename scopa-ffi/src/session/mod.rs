//! [`Session`]: the game a person plays, for the apps — a thin wrapper of
//! `scopa_core::session::Session` (seats, phases, the one seed policy, hints, undo, texts in
//! English and Italian, the one save format). Apps render its compact [`TableState`] and feed
//! it [`Action`]s; they keep no game flow, seed or save format of their own.
//!
//! No call returns another seat's hidden cards, the deck, the seed or the secret: the state
//! holds only the viewer's own hand, and the save bytes (which hold the deck order and the
//! secret) are for the device's storage, never for the players' eyes.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use scopa_core::session::texts::summary_rows;
use scopa_core::session::{self as core, CardStyle, Texts, transcript};

use crate::types::HintReason;

pub mod error;
mod legacy;
pub mod texts;
pub mod types;

pub use error::SessionError;
use error::guard;
pub use texts::{AceText, DealText, Labels, LevelText, PrimieraText, UiTexts};
pub use types::{
    HandSummary, Lang, Phase, ScriptLine, SessionEvent, SessionHint, SessionNames, SessionPlay,
    SessionSettings, SideScore, SummaryRow, TableState, Update,
};

/// A session: the matches one group of players plays on this device. Safe to share between
/// threads (calls are serialised by a lock); every change is made on a copy and kept only
/// when the whole call succeeded.
#[derive(Debug, uniffi::Object)]
pub struct Session {
    inner: Mutex<core::Session>,
}

impl Session {
    /// The session behind the lock. A panic caught earlier cannot have left it half
    /// changed (changes are committed whole), so a poisoned lock is simply taken.
    fn lock(&self) -> MutexGuard<'_, core::Session> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wrap(s: core::Session) -> Arc<Session> {
        Arc::new(Session {
            inner: Mutex::new(s),
        })
    }

    /// The session's texts, cards written by name.
    fn texts(s: &core::Session) -> Texts {
        s.texts().with_style(CardStyle::Names)
    }

    /// The state record of `s`.
    fn table_state(s: &core::Session) -> TableState {
        let rules = s.rules();
        let prompt = Session::texts(s).phase(&s.phase()).to_string();
        TableState::new(&s.state(), rules.players, rules.sides(), prompt)
    }

    /// Carries out the action `action` builds: returns what happened, in order, with each
    /// event's caption and the state after it ([`Update`]). On error nothing changes.
    fn act(
        &self,
        call: &str,
        action: impl FnOnce() -> Result<core::Action, SessionError>,
    ) -> Result<Update, SessionError> {
        guard(call, || {
            let action = action()?;
            let mut s = self.lock();
            let mut next = s.clone();
            let events = next
                .apply(action)
                .map_err(|e| SessionError::from_core(&e, &Session::texts(&s)))?;
            *s = next;
            let sides = s.rules().sides();
            let texts = Session::texts(&s);
            Ok(Update {
                events: events.iter().map(|e| SessionEvent::new(e, sides)).collect(),
                texts: events.iter().map(|e| texts.event(e).to_string()).collect(),
                state: Session::table_state(&s),
            })
        })
    }

    /// Panics while holding the lock (tests of the panic guard).
    #[cfg(any(test, feature = "test-hooks"))]
    pub(crate) fn panic_holding_lock(&self) -> Result<(), SessionError> {
        let _s = self.lock();
        panic!("test hook: panic while holding the session lock");
    }
}

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

#[uniffi::export]
impl Session {
    /// A new session and its first match. `seed` is the session's secret: the same settings,
    /// seed and actions play the same session on every front-end; draw it from a secure
    /// random source unless the player asks for a given seed.
    #[uniffi::constructor]
    pub fn new(settings: SessionSettings, seed: u64) -> Result<Arc<Session>, SessionError> {
        guard("Session.new", || {
            let settings = settings.to_core()?;
            core::Session::new(settings, seed)
                .map(Session::wrap)
                .map_err(|e| SessionError::from_core(&e, &Texts::new(settings.lang)))
        })
    }

    /// The session saved in `bytes` by [`Session::save`] on any front-end — or a match saved
    /// by an earlier version of the apps (`SCOPAAPP`) or of this library (`SFFI`), migrated
    /// once (save it again to keep it in the session format). Texts and errors are in `lang`
    /// (the system's language, which replaces the saved one). With two or more people at the
    /// device the session starts with the hand-off (`Phase.HandOff`): no hand shows before
    /// its owner is ready.
    #[uniffi::constructor]
    pub fn restore(bytes: Vec<u8>, lang: Lang) -> Result<Arc<Session>, SessionError> {
        guard("Session.restore", || {
            restore_core(&bytes, lang).map(Session::wrap)
        })
    }

    /// Everything to draw now, compact: phase and prompt, the viewer's hand, table,
    /// scores… (see [`TableState`]).
    pub fn state(&self) -> Result<TableState, SessionError> {
        guard("Session.state", || Ok(Session::table_state(&self.lock())))
    }

    /// In `Phase.Play`: plays `card` of the hand — at once if it has one way to play, else
    /// the session goes to `Phase.ChooseCapture` (`Action::Select`).
    pub fn select(&self, card: u8) -> Result<Update, SessionError> {
        self.act("Session.select", || {
            Ok(core::Action::Select(types::card(card)?))
        })
    }

    /// In `Phase.ChooseCapture`: takes capture `index` of [`Session::capture_options`]
    /// (`Action::Capture`).
    pub fn capture(&self, index: u8) -> Result<Update, SessionError> {
        self.act("Session.capture", || Ok(core::Action::Capture(index)))
    }

    /// In `Phase.Play` or `Phase.ChooseCapture`: plays `card` capturing exactly `capture`
    /// (0: laid on the table) (`Action::Play`).
    pub fn play(&self, card: u8, capture: u64) -> Result<Update, SessionError> {
        self.act("Session.play", || types::play(card, capture))
    }

    /// In `Phase.ChooseCapture`: back to choosing a card (`Action::Cancel`).
    pub fn cancel(&self) -> Result<Update, SessionError> {
        self.act("Session.cancel", || Ok(core::Action::Cancel))
    }

    /// In `Phase.AiDue`: the AI plays its move (`Action::RunAi`). The app calls it when its
    /// pause is over.
    pub fn run_ai(&self) -> Result<Update, SessionError> {
        self.act("Session.run_ai", || Ok(core::Action::RunAi))
    }

    /// In `Phase.Scopa`, `Phase.HandSummary` or `Phase.HandOff`: goes on
    /// (`Action::Continue`).
    pub fn proceed(&self) -> Result<Update, SessionError> {
        self.act("Session.proceed", || Ok(core::Action::Continue))
    }

    /// In `Phase.Play` or `Phase.ChooseCapture`, with undo on: takes back the person's last
    /// play of the hand and every AI play after it (`Action::Undo`).
    pub fn undo(&self) -> Result<Update, SessionError> {
        self.act("Session.undo", || Ok(core::Action::Undo))
    }

    /// In `Phase.MatchOver`: the next match, same settings, new deals; its deal is the
    /// update's one event (`Action::Rematch`).
    pub fn rematch(&self) -> Result<Update, SessionError> {
        self.act("Session.rematch", || Ok(core::Action::Rematch))
    }

    /// In `Phase.ChooseCapture`, the captures to choose from, in the order of
    /// [`Session::capture`]'s index; else empty.
    pub fn capture_options(&self) -> Result<Vec<u64>, SessionError> {
        guard("Session.capture_options", || {
            Ok(self
                .lock()
                .capture_options()
                .iter()
                .map(|c| c.bits())
                .collect())
        })
    }

    /// The expert's suggestion for the person to play, and why (`WrongPhase` unless a
    /// person is choosing a card or a capture).
    pub fn hint(&self) -> Result<SessionHint, SessionError> {
        guard("Session.hint", || {
            let s = self.lock();
            let hint = s
                .hint()
                .map_err(|e| SessionError::from_core(&e, &Session::texts(&s)))?;
            Ok(SessionHint {
                card: hint.mv.card().index(),
                capture: hint.mv.capture().bits(),
                reason: HintReason::from(hint.reason),
                text: Session::texts(&s).hint(&hint).to_string(),
            })
        })
    }

    /// The summary of the last finished hand (what `Phase.HandSummary` and the end of the
    /// match show), or `None` before the first hand ends.
    pub fn summary(&self) -> Result<Option<HandSummary>, SessionError> {
        guard("Session.summary", || {
            let s = self.lock();
            let t = Session::texts(&s);
            let rules = *s.rules();
            let sides = usize::from(rules.sides());
            Ok(s.last_hand().map(|h| HandSummary {
                rows: summary_rows(&rules, &h.score)
                    .iter()
                    .map(|r| SummaryRow {
                        label: t.label(r.label).to_string(),
                        points: r.points[..sides].iter().map(|&n| u32::from(n)).collect(),
                        tally: r.tally[..sides].to_vec(),
                    })
                    .collect(),
                piles: h.piles[..sides].iter().map(|p| p.bits()).collect(),
            }))
        })
    }

    /// The names of the seats and sides and the rules line, in the session's language.
    pub fn names(&self) -> Result<SessionNames, SessionError> {
        guard("Session.names", || {
            let s = self.lock();
            let t = Session::texts(&s);
            let rules = *s.rules();
            Ok(SessionNames {
                seats: (0..rules.players)
                    .map(|seat| t.seat(seat).to_string())
                    .collect(),
                sides: (0..rules.sides())
                    .map(|side| t.side(side).to_string())
                    .collect(),
                rules: t.rules(rules).to_string(),
            })
        })
    }

    /// One line for `event`, to caption or announce it: `Player 2: 7 of denari takes 7 of
    /// coppe`, `Scopa! You swept the table.` An event that cannot happen in this session (a
    /// seat or side past the table, a count no deal gives: [`SessionEvent::check`]) is
    /// `InvalidCard`.
    pub fn event_text(&self, event: SessionEvent) -> Result<String, SessionError> {
        guard("Session.event_text", || {
            let e = event.to_core()?;
            let s = self.lock();
            event.check(s.rules())?;
            Ok(Session::texts(&s).event(&e).to_string())
        })
    }

    /// The deal of the current hand (`NewHand`): to show the first hand's deal, or the
    /// current one's after a restore.
    pub fn deal_event(&self) -> Result<SessionEvent, SessionError> {
        guard("Session.deal_event", || {
            let s = self.lock();
            Ok(SessionEvent::new(&s.deal_event(), s.rules().sides()))
        })
    }

    /// The settings (seats past the last are `None`).
    pub fn settings(&self) -> Result<SessionSettings, SessionError> {
        guard("Session.settings", || Ok((*self.lock().settings()).into()))
    }

    /// Changes the language of the texts and errors.
    pub fn set_lang(&self, lang: Lang) -> Result<(), SessionError> {
        guard("Session.set_lang", || {
            self.lock().set_lang(lang);
            Ok(())
        })
    }

    /// The session as bytes (`scopa_core::session::save`, 364 bytes): what the app writes to
    /// its save file after every change, and what [`Session::restore`] reads on any
    /// front-end. They hold the deck order and the secret: store them, never show them.
    pub fn save(&self) -> Result<Vec<u8>, SessionError> {
        guard("Session.save", || Ok(self.lock().to_bytes().to_vec()))
    }
}

#[cfg(feature = "test-hooks")]
#[uniffi::export]
impl Session {
    /// Test hook (feature `test-hooks`, never in app builds): panics inside the engine while
    /// holding the lock, to prove the panic comes back as `Internal` and the session goes on.
    pub fn test_panic_holding_lock(&self) -> Result<(), SessionError> {
        guard("Session.test_panic_holding_lock", || {
            self.panic_holding_lock()
        })
    }
}

/// The language of a locale tag such as `it`, `it-IT`, `it_IT.UTF-8` (Android's
/// `Locale.toLanguageTag()`, iOS's `Locale.preferredLanguages`): Italian for `it…`, else
/// English.
#[uniffi::export]
pub fn lang_from_tag(tag: String) -> Lang {
    core::Lang::from_tag(&tag)
}

/// One person (seat 0) against the expert, RULES.md's default rules, undo off, in `lang`.
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

/// The transcript line(s) of `event` (`scopa_core::session::transcript::event`: a hand's
/// score is one line per side), identical on every front-end.
#[uniffi::export]
pub fn transcript_event(event: SessionEvent) -> Result<String, SessionError> {
    guard("transcript_event", || {
        Ok(transcript::event(&event.to_core()?).to_string())
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
