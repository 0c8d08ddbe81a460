//! [`GameController`]: the whole flow of an app in Rust — a `scopa_core` `Presenter` (the
//! session and its pacing) behind a lock, with three foreign traits for what only the
//! platform has: the [`SaveStore`] (a file), the [`Timer`] (a main-thread handler, a
//! dispatch queue) and the [`FrameListener`] (the screen). The Kotlin and Swift controllers
//! are glue: they implement the traits, forward taps, and draw each [`Frame`].
//!
//! After every call that changed something the controller, in this order: writes the
//! session's bytes to the store when the presenter says so (`Step::save`; a failed write is
//! retried after the next change and shown in [`Frame::save_error`] until one succeeds),
//! hands the new frame to the listener, and (re)arms the timer when the presenter runs a
//! new delay. Foreign calls other than the store's are made outside the lock, so a timer
//! that fires at once or a listener that asks for [`GameController::frame`] cannot
//! deadlock; the listener of a controller used from several threads may see frames out of
//! order (the apps call it from one thread).
//!
//! The AI plays inside [`GameController::fire`], on the caller's thread: under a
//! millisecond for the random, easy and medium levels and the handheld's budget, up to
//! some tens of milliseconds for the expert (docs/ffi.md): an app may fire from a worker
//! thread and post frames to its main thread.

pub mod frame;
pub mod review;

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use scopa_core::session::driver::Presenter;
use scopa_core::session::names::Names;
use scopa_core::session::pacing::{Next, Pacing, Token};
use scopa_core::session::{self as core, Action, CardStyle, Label, Lang, Texts};

use crate::session::error::guard;
use crate::session::types::card;
use crate::session::{SessionError, SessionSettings, restore_core};
pub use frame::Frame;

/// Why the store could not write a save.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Error)]
pub enum StoreError {
    /// The platform's reason (disk full, no permission …).
    Failed {
        /// What went wrong, for the player (not `message`: Kotlin exceptions have one).
        reason: String,
    },
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let StoreError::Failed { reason } = self;
        f.write_str(reason)
    }
}

impl std::error::Error for StoreError {}

impl From<uniffi::UnexpectedUniFFICallbackError> for StoreError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> StoreError {
        StoreError::Failed { reason: e.reason }
    }
}

/// Where the platform keeps the session's bytes (a file written atomically).
#[uniffi::export(with_foreign)]
pub trait SaveStore: Send + Sync {
    /// Replaces the save with `bytes` (they hold the deck order and the secret: store
    /// them, never show them).
    fn write(&self, bytes: Vec<u8>) -> Result<(), StoreError>;
}

/// The platform's one timer.
#[uniffi::export(with_foreign)]
pub trait Timer: Send + Sync {
    /// After `after_ms` milliseconds, call `GameController.fire(token)`. A new schedule
    /// replaces the one running (firing an old token does nothing anyway).
    fn schedule(&self, after_ms: u32, token: u32);
}

/// The screen.
#[uniffi::export(with_foreign)]
pub trait FrameListener: Send + Sync {
    /// Draw `frame` (and animate its events).
    fn on_frame(&self, frame: Frame);
}

struct Inner {
    p: Presenter,
    /// A write is owed: the presenter asked for one, or the last one failed.
    owed: bool,
    /// Why the last write failed (until one succeeds).
    save_error: Option<String>,
    /// The token of the delay last handed to the timer.
    armed: Option<Token>,
}

/// What to tell the platform once the lock is released.
struct Out {
    frame: Frame,
    arm: Option<(u32, u32)>,
}

/// The game of an app: see the [module documentation](self).
#[derive(uniffi::Object)]
pub struct GameController {
    inner: Mutex<Inner>,
    store: Arc<dyn SaveStore>,
    timer: Arc<dyn Timer>,
    listener: Arc<dyn FrameListener>,
}

impl std::fmt::Debug for GameController {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameController").finish_non_exhaustive()
    }
}

impl GameController {
    fn build(
        p: Presenter,
        owed: bool,
        store: Arc<dyn SaveStore>,
        timer: Arc<dyn Timer>,
        listener: Arc<dyn FrameListener>,
    ) -> Arc<GameController> {
        let mut p = p;
        p.set_style(CardStyle::Names);
        Arc::new(GameController {
            inner: Mutex::new(Inner {
                p,
                owed,
                save_error: None,
                armed: None,
            }),
            store,
            timer,
            listener,
        })
    }

    /// The state behind the lock (a caught panic leaves it whole: the presenter changes
    /// only on success).
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` on the presenter, then saves, publishes and arms (see the module
    /// documentation). A refusal of the session is not an error: the frame shows it.
    fn run(
        &self,
        call: &str,
        f: impl FnOnce(&mut Presenter) -> Result<(), SessionError>,
    ) -> Result<(), SessionError> {
        guard(call, || {
            let out = {
                let mut inner = self.lock();
                f(&mut inner.p)?;
                self.settle(&mut inner, false)
            };
            self.deliver(out);
            Ok(())
        })
    }

    /// Writes what is owed, takes the frame, and says which delay to arm (`force`: even
    /// the one already armed).
    fn settle(&self, inner: &mut Inner, force: bool) -> Out {
        inner.owed |= inner.p.take_save();
        if inner.owed {
            let bytes = inner.p.session().to_bytes().to_vec();
            match self.store.write(bytes) {
                Ok(()) => {
                    inner.owed = false;
                    inner.save_error = None;
                }
                Err(e) => {
                    let texts = inner.p.session().texts();
                    inner.save_error = Some(format!("{}: {e}", texts.label(Label::SaveFailed)));
                }
            }
        }
        let frame = written(&inner.p.frame(), inner);
        let arm = match inner.p.next() {
            Next::Due(d) if force || inner.armed != Some(d.token) => {
                inner.armed = Some(d.token);
                Some((d.after_ms, d.token.0))
            }
            Next::Due(_) => None,
            Next::Wait(_) => {
                inner.armed = None;
                None
            }
        };
        Out { frame, arm }
    }

    fn deliver(&self, out: Out) {
        self.listener.on_frame(out.frame);
        if let Some((after_ms, token)) = out.arm {
            self.timer.schedule(after_ms, token);
        }
    }

    /// A person's action; the session's refusal shows in the frame.
    fn act(&self, call: &str, action: Action) -> Result<(), SessionError> {
        self.run(call, |p| {
            let _ = p.act(action);
            Ok(())
        })
    }

    /// Panics while holding the lock (tests of the panic guard).
    #[cfg(any(test, feature = "test-hooks"))]
    pub(crate) fn panic_holding_lock(&self) -> Result<(), SessionError> {
        let _inner = self.lock();
        panic!("test hook: panic while holding the controller lock");
    }
}

#[uniffi::export]
impl GameController {
    /// A new session with `settings` and `seed` (the session's secret: draw it from a
    /// secure random source unless the player asks for one), paced by `pacing`. Nothing is
    /// saved, drawn or scheduled until [`GameController::resume`].
    #[uniffi::constructor]
    pub fn new(
        settings: SessionSettings,
        seed: u64,
        pacing: Pacing,
        store: Arc<dyn SaveStore>,
        timer: Arc<dyn Timer>,
        listener: Arc<dyn FrameListener>,
    ) -> Result<Arc<GameController>, SessionError> {
        guard("GameController.new", || {
            let settings = settings.to_core()?;
            let s = core::Session::new(settings, seed)
                .map_err(|e| SessionError::from_core(&e, &Texts::new(settings.lang)))?;
            Ok(GameController::build(
                Presenter::new(s, pacing),
                false,
                store,
                timer,
                listener,
            ))
        })
    }

    /// The session saved in `bytes` on any front-end (or a legacy `SFFI`/`SCOPAAPP` save,
    /// migrated), its texts in `lang`. When the bytes are not what the session saves now
    /// (migrated, another language), [`GameController::resume`] writes them again. A
    /// `BadSave` error: the app sets the bytes aside and shows the settings.
    #[uniffi::constructor]
    pub fn restore(
        bytes: Vec<u8>,
        lang: Lang,
        pacing: Pacing,
        store: Arc<dyn SaveStore>,
        timer: Arc<dyn Timer>,
        listener: Arc<dyn FrameListener>,
    ) -> Result<Arc<GameController>, SessionError> {
        guard("GameController.restore", || {
            let s = restore_core(&bytes, lang)?;
            let owed = s.to_bytes()[..] != bytes[..];
            Ok(GameController::build(
                Presenter::resumed(s, pacing),
                owed,
                store,
                timer,
                listener,
            ))
        })
    }

    /// Shows the table (again): writes any save owed, hands the current frame to the
    /// listener and arms the timer if a delay runs (again, after the app was away).
    pub fn resume(&self) -> Result<(), SessionError> {
        guard("GameController.resume", || {
            let out = {
                let mut inner = self.lock();
                self.settle(&mut inner, true)
            };
            self.deliver(out);
            Ok(())
        })
    }

    /// The frame to draw now, leaving its events for the listener's next frame.
    pub fn frame(&self) -> Result<Frame, SessionError> {
        guard("GameController.frame", || {
            let inner = self.lock();
            Ok(written(&inner.p.peek(), &inner))
        })
    }

    /// A tap on a card of the hand: played at once, or its capture choice opens.
    /// `InvalidCard` for an index past 39 (a program's mistake; nothing changes).
    pub fn select(&self, card: u8) -> Result<(), SessionError> {
        let card = card_arg(card)?;
        self.act("GameController.select", Action::Select(card))
    }

    /// Takes capture `index` of [`Frame::captures`].
    pub fn capture(&self, index: u8) -> Result<(), SessionError> {
        self.act("GameController.capture", Action::Capture(index))
    }

    /// Closes the capture choice.
    pub fn cancel(&self) -> Result<(), SessionError> {
        self.act("GameController.cancel", Action::Cancel)
    }

    /// Goes on: takes the device, closes the summary, skips the scopa banner.
    pub fn proceed(&self) -> Result<(), SessionError> {
        self.act("GameController.proceed", Action::Continue)
    }

    /// Takes back the person's last play and the AIs' answers (undo on).
    pub fn undo(&self) -> Result<(), SessionError> {
        self.act("GameController.undo", Action::Undo)
    }

    /// The next match, same settings.
    pub fn rematch(&self) -> Result<(), SessionError> {
        self.act("GameController.rematch", Action::Rematch)
    }

    /// The expert's suggestion, shown in the frame until the next play.
    pub fn hint(&self) -> Result<(), SessionError> {
        self.run("GameController.hint", |p| {
            let _ = p.hint();
            Ok(())
        })
    }

    /// The coach's review of the current hand for the seat at the device: each of its moves
    /// against the best choice at that moment, from its own information, and its accuracy
    /// (docs/coach.md). Runs the analysis on a copy, outside the lock; nothing changes.
    /// `WrongPhase` when nobody holds the device (watch mode, a hand-off) or the hand
    /// cannot be analysed (a table of 6 or 8, a finished match).
    pub fn review(&self) -> Result<review::HandReview, SessionError> {
        guard("GameController.review", || {
            let session = self.lock().p.session().clone();
            review::review(&session)
        })
    }

    /// The timer ran out: carries out its action (an AI plays, the banner closes) if
    /// `token` is still current, else nothing (no save, no frame).
    pub fn fire(&self, token: u32) -> Result<(), SessionError> {
        guard("GameController.fire", || {
            let out = {
                let mut inner = self.lock();
                match inner.p.fire(Token(token)) {
                    Ok(step) if !step.applied => return Ok(()),
                    _ => self.settle(&mut inner, false),
                }
            };
            self.deliver(out);
            Ok(())
        })
    }

    /// Changes the language of every text (saved: the language is in the save).
    pub fn set_lang(&self, lang: Lang) -> Result<(), SessionError> {
        self.run("GameController.set_lang", |p| {
            p.set_lang(lang);
            Ok(())
        })
    }

    /// Calls the seats by `names` (seat 1 first; an empty name keeps `Player N`; at most 12
    /// bytes each) in every text from the next frame on. Names are not in the save: the app
    /// keeps them with its preferences and sets them again after `restore`.
    pub fn set_names(&self, names: Vec<String>) -> Result<(), SessionError> {
        self.run("GameController.set_names", |p| {
            let texts = p.session().texts();
            let names = Names::from_list(names.iter().map(String::as_str)).map_err(|e| {
                SessionError::InvalidSettings {
                    message: texts.name_error(&e).to_string(),
                }
            })?;
            p.set_names(names);
            Ok(())
        })
    }

    /// The settings of the session (seats past the last are `None`).
    pub fn settings(&self) -> Result<SessionSettings, SessionError> {
        guard("GameController.settings", || {
            Ok((*self.lock().p.session().settings()).into())
        })
    }

    /// The session's bytes as the store gets them (a script's `save` line).
    pub fn save(&self) -> Result<Vec<u8>, SessionError> {
        guard("GameController.save", || {
            Ok(self.lock().p.session().to_bytes().to_vec())
        })
    }
}

#[cfg(feature = "test-hooks")]
#[uniffi::export]
impl GameController {
    /// Test hook (feature `test-hooks`, never in app builds): panics while holding the
    /// lock, to prove the panic comes back as `Internal` and the controller goes on.
    pub fn test_panic_holding_lock(&self) -> Result<(), SessionError> {
        guard("GameController.test_panic_holding_lock", || {
            self.panic_holding_lock()
        })
    }
}

/// `frame` written out by the one writer (`scopa_frame::Frame::new`, with the presenter's
/// recap), and the controller's `save_error`.
fn written(frame: &scopa_core::session::table::Frame, inner: &Inner) -> Frame {
    let mut f = Frame::new(frame, inner.p.session(), inner.p.recap());
    f.save_error.clone_from(&inner.save_error);
    f
}

fn card_arg(index: u8) -> Result<scopa_core::Card, SessionError> {
    card(index)
}

#[cfg(test)]
pub(crate) mod tests;
