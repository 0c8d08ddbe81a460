//! [`Presenter`]: a [`Session`] with its pacing — the whole flow of a front-end in one
//! `no_std`, allocation-free value. A front-end forwards input, runs the one delay it is
//! told about, draws [`Frame`]s and saves when told to; it never looks at the phase to
//! decide what happens next.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::session::driver::Presenter;
//! use scopa_core::session::pacing::{Next, Pacing};
//! use scopa_core::session::table::Choices;
//! use scopa_core::session::{Action, Session, Settings};
//!
//! let session = Session::new(Settings::against(Level::Easy, Default::default()), 11).unwrap();
//! let mut p = Presenter::new(session, Pacing::APPS);
//! let mut saves = 0;
//! if p.take_save() { saves += 1; }            // a new session is saved at once
//! loop {
//!     let frame = p.frame();                  // draw this
//!     let step = match frame.next {
//!         // A person acts: here, the first card (or the first capture), else go on.
//!         Next::Wait(_) => {
//!             if frame.offers.rematch { break; } // the match is over
//!             let action = match &frame.choices {
//!                 Choices::Cards(cards) => Action::Select(cards[0].card),
//!                 Choices::Captures { .. } => Action::Capture(0),
//!                 Choices::None => Action::Continue,
//!             };
//!             p.act(action).unwrap()
//!         }
//!         // A timer: a real front-end waits `due.after_ms` first.
//!         Next::Due(due) => p.fire(due.token).unwrap(),
//!     };
//!     if step.save { saves += 1; }              // write `p.session().to_bytes()`
//! }
//! assert!(saves > 10);
//! ```

use crate::game::GameMove;

use super::names::Names;
use super::pacing::{Next, Pacing, Token};
use super::table::{Frame, MAX_FRAME_EVENTS, MAX_RECAP, RecapHand};
use super::texts::{CardStyle, Deck, Lang};
use super::{Action, GameEvent, GameHint, Session, SessionError};
use crate::briscola::TwoDeckEvent;
use crate::scopa::teams::TeamEvent;

/// What one input or timer did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Step {
    /// Whether the session changed (a stale timer changes nothing).
    pub applied: bool,
    /// Whether to write the session's bytes now ([`Session::to_bytes`]): the autosave
    /// rule, in one place — after every action the session accepted (each one changes
    /// what a save holds: the match, the card being played, the banner awaited or the
    /// device's holder) and after a change of language; never after a hint, a refused
    /// input or a stale timer.
    pub save: bool,
    /// What now, and when.
    pub next: Next,
}

/// A [`Session`] and its [`Pacing`]: see the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Presenter {
    session: Session,
    pacing: Pacing,
    style: CardStyle,
    deck: Deck,
    names: Names,
    generation: u32,
    events: heapless::Vec<GameEvent, MAX_FRAME_EVENTS>,
    missed: u16,
    hint: Option<GameHint>,
    refusal: Option<SessionError>,
    unsaved: bool,
    /// The hands of the current match finished under this presenter.
    recap: heapless::Vec<RecapHand, MAX_RECAP>,
}

impl Presenter {
    /// A presenter for a session just started: its first frame shows the deal, and
    /// [`take_save`](Presenter::take_save) says to save it at once.
    pub fn new(session: Session, pacing: Pacing) -> Presenter {
        let mut p = Presenter::resumed(session, pacing);
        p.unsaved = true;
        p
    }

    /// A presenter for a session restored from a save: its first frame shows the current
    /// hand's deal; nothing to save until something changes.
    pub fn resumed(session: Session, pacing: Pacing) -> Presenter {
        let mut events = heapless::Vec::new();
        let _ = events.push(session.deal_event());
        Presenter {
            session,
            pacing,
            style: CardStyle::Letters,
            deck: Deck::Italian,
            names: Names::NONE,
            generation: 0,
            events,
            missed: 0,
            hint: None,
            refusal: None,
            unsaved: false,
            recap: heapless::Vec::new(),
        }
    }

    /// The session (to save it: [`Session::to_bytes`]; to compute an AI move on a copy:
    /// [`Session::ai_move`]).
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The pacing.
    pub const fn pacing(&self) -> &Pacing {
        &self.pacing
    }

    /// Changes the pacing; a delay already running is replaced (its token goes stale).
    pub fn set_pacing(&mut self, pacing: Pacing) -> Next {
        self.pacing = pacing;
        self.generation = self.generation.wrapping_add(1);
        self.next()
    }

    /// How frames write cards (letters by default).
    pub fn set_style(&mut self, style: CardStyle) {
        self.style = style;
    }

    /// Which deck's names frames give cards in words ([`CardStyle::Names`]; the Italian
    /// deck by default): the deck a person sees on screen, so that a Spanish 12 of copas
    /// is `King of copas`, never `King of coppe`.
    pub fn set_deck(&mut self, deck: Deck) {
        self.deck = deck;
    }

    /// What frames call the seats ([`Names`]; not in the save: a front-end keeps them with
    /// its preferences and sets them again after a restore).
    pub fn set_names(&mut self, names: Names) {
        self.names = names;
    }

    /// The players' names given to [`set_names`](Presenter::set_names).
    pub const fn names(&self) -> &Names {
        &self.names
    }

    /// Changes the language of every text (it is in the save: a change asks to save).
    pub fn set_lang(&mut self, lang: Lang) -> Step {
        let changed = self.session.settings().lang != lang;
        self.session.set_lang(lang);
        self.unsaved |= changed;
        Step {
            applied: changed,
            save: changed,
            next: self.next(),
        }
    }

    /// What now, and when: wait for a person, or run a delay and [`fire`](Presenter::fire).
    pub fn next(&self) -> Next {
        Next::of(&self.session, &self.pacing, Token(self.generation))
    }

    /// A person's input. On refusal nothing changes but the frame's
    /// [`refusal`](Frame::refusal), and the error says why.
    pub fn act(&mut self, action: Action) -> Result<Step, SessionError> {
        match self.session.apply(action) {
            Ok(events) => {
                if action == Action::Rematch {
                    self.recap.clear();
                }
                self.note_hands(&events);
                for e in events {
                    self.record(e);
                }
                self.generation = self.generation.wrapping_add(1);
                self.hint = None;
                self.refusal = None;
                self.unsaved = true;
                Ok(Step {
                    applied: true,
                    save: true,
                    next: self.next(),
                })
            }
            Err(e) => {
                self.refusal = Some(e);
                Err(e)
            }
        }
    }

    /// A delay ran out: carries out its action if `token` is still the current one, else
    /// does nothing (`applied: false`). A person may fire early (tap to skip).
    pub fn fire(&mut self, token: Token) -> Result<Step, SessionError> {
        match self.next() {
            Next::Due(due) if due.token == token => self.act(due.action),
            next => Ok(Step {
                applied: false,
                save: false,
                next,
            }),
        }
    }

    /// [`fire`](Presenter::fire) for an AI's delay with the move computed elsewhere (by
    /// [`Session::ai_move`] on a copy, in a worker thread): plays it as
    /// [`Action::AiPlay`].
    pub fn fire_move(&mut self, token: Token, mv: GameMove) -> Result<Step, SessionError> {
        match self.next() {
            Next::Due(due) if due.token == token && due.action == Action::RunAi => {
                self.act(Action::AiPlay(mv))
            }
            next => Ok(Step {
                applied: false,
                save: false,
                next,
            }),
        }
    }

    /// The viewer asks for the expert's suggestion: it shows in the next frames until the
    /// next play.
    pub fn hint(&mut self) -> Result<Step, SessionError> {
        match self.session.hint() {
            Ok(h) => {
                self.hint = Some(h);
                Ok(Step {
                    applied: false,
                    save: false,
                    next: self.next(),
                })
            }
            Err(e) => {
                self.refusal = Some(e);
                Err(e)
            }
        }
    }

    /// Whether the session changed since this was last asked (the rule of [`Step::save`],
    /// for a front-end that saves in one place, and for the first save of
    /// [`Presenter::new`]); clears the flag: the caller saves [`Session::to_bytes`] now.
    pub fn take_save(&mut self) -> bool {
        core::mem::take(&mut self.unsaved)
    }

    /// The frame to draw now, for the session's viewer, with the events since the last
    /// frame (which it takes).
    pub fn frame(&mut self) -> Frame {
        let frame = self.peek();
        self.events.clear();
        self.missed = 0;
        frame
    }

    /// The frame to draw now, leaving the events for the next [`frame`](Presenter::frame).
    pub fn peek(&self) -> Frame {
        let texts = self
            .session
            .texts()
            .with_style(self.style)
            .with_deck(self.deck)
            .with_names(self.names);
        let mut frame = Frame::build(&self.session, self.session.viewer(), texts, self.next());
        for &e in &self.events {
            frame.push_event(e);
        }
        frame.missed_events = frame.missed_events.saturating_add(self.missed);
        frame.hint = self.hint;
        frame.refusal = self.refusal;
        frame
    }

    /// The hands of the current match finished since this presenter was made (the latest
    /// [`MAX_RECAP`]), for the recap at the match's end. Not in the save: a presenter made
    /// for a restored session recaps the hands it sees finish.
    pub fn recap(&self) -> &[RecapHand] {
        &self.recap
    }

    /// Adds the hand that `events` (one step's) finished to the recap.
    fn note_hands(&mut self, events: &[GameEvent]) {
        let mut points = None;
        let mut dealt = false;
        for e in events {
            match e {
                GameEvent::Scopa(TeamEvent::HandFinished(score)) => {
                    let mut p = [0u8; super::table::MAX_SIDES];
                    for (p, side) in p.iter_mut().zip(score.sides()) {
                        *p = side.total().min(255) as u8;
                    }
                    points = Some(p);
                }
                GameEvent::Briscola(TwoDeckEvent::HandFinished(score)) => {
                    let mut p = [0u8; super::table::MAX_SIDES];
                    for (p, &q) in p.iter_mut().zip(&score.points) {
                        *p = q;
                    }
                    points = Some(p);
                }
                GameEvent::Scopa(TeamEvent::NewHand { .. })
                | GameEvent::Briscola(TwoDeckEvent::Dealt { .. }) => dealt = true,
                _ => {}
            }
        }
        let Some(points) = points else { return };
        // The next hand is dealt in the same step, unless the match is over.
        let hand = self
            .session
            .any_match()
            .hand_number()
            .saturating_sub(u16::from(dealt));
        if self.recap.is_full() {
            self.recap.remove(0);
        }
        let _ = self.recap.push(RecapHand { hand, points });
    }

    /// Keeps `event` for the next frame (dropping the oldest when full).
    fn record(&mut self, event: GameEvent) {
        if self.events.is_full() {
            self.events.remove(0);
            self.missed = self.missed.saturating_add(1);
        }
        let _ = self.events.push(event);
    }
}
