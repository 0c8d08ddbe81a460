//! The handheld's front-end of [`Session`], driven by its [`Presenter`]: buttons become
//! [`Action`]s, the screens draw the presenter's
//! [`Frame`](scopa_core::session::table::Frame) (the table model every front-end draws),
//! and the session is saved whenever a step
//! says so ([`Step::save`]). The presenter says what happens next and when ([`Next`]):
//! the main loop's update runs the one delay it names and fires it — an AI play stays on
//! screen for [`AI_SHOW_MS`] and a scopa banner for [`SCOPA_MS`] ([`PACING`]; A skips
//! both). The app never looks at the phase to decide what comes next; it only picks the
//! screen that shows it. Scopa and Briscola go through the same screens: what differs is
//! the frame's [`GameTable`] and [`HandOver`], which the screen model carries.

use core::fmt::{self, Write};

use embedded_graphics::Drawable;
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::pixelcolor::Rgb565;
use scopa_core::Card;
use scopa_core::scopa::{CaptureList, Move};
use scopa_core::session::driver::{Presenter, Step};
use scopa_core::session::pacing::{Due, Next, Pacing, Token};
use scopa_core::session::table::{Banner, Frame, HandOver};
use scopa_core::session::{Action, GameEvent, Label, Phase, Session, SessionError, Texts};

use crate::input::{Button, Buttons};
use crate::screens::model::{
    HandEndModel, MatchEndModel, Overlay, Page, ScreenModel, Status, TableModel,
};
use crate::settings::{Options, ROWS, Row};
use crate::storage::Storage;

/// How long an AI play stays on screen before it is applied (A skips ahead).
pub const AI_SHOW_MS: u32 = 1500;
/// How long the scopa banner stays up (A skips ahead).
pub const SCOPA_MS: u32 = 1500;
/// How long a watched hand's summary stays up (A skips ahead).
pub const SUMMARY_MS: u32 = 3000;

/// The handheld's pacing: a person always holds the device.
pub const PACING: Pacing = Pacing {
    ai_ms: AI_SHOW_MS,
    scopa_ms: SCOPA_MS,
    summary_ms: SUMMARY_MS,
    attended: true,
};

/// The screen on show and its cursor, derived from the session's phase during a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Title menu: "Continue" (when a match is saved) and "New match".
    Title {
        /// Highlighted item.
        cursor: u8,
    },
    /// The options of a new match ([`Row`]s).
    Options {
        /// Highlighted row.
        cursor: u8,
    },
    /// [`Phase::Play`]: the person holding the device chooses a card.
    Table {
        /// Index of the highlighted card in the hand (canonical order).
        cursor: u8,
    },
    /// [`Phase::ChooseCapture`]: the card chosen has several captures.
    Choose {
        /// The card to play.
        card: Card,
        /// Index of the highlighted capture in [`Session::capture_options`].
        cursor: u8,
        /// Cursor in the hand, to return to.
        hand_cursor: u8,
    },
    /// [`Phase::AiDue`], before the AI has chosen (the next update chooses).
    Thinking {
        /// The AI seat.
        seat: u8,
    },
    /// [`Phase::AiDue`]: the AI's play, shown before it is applied.
    AiPlay {
        /// The move.
        mv: Move,
        /// When it is applied (ms).
        until: u32,
    },
    /// [`Phase::Scopa`]: the banner.
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Until when (ms).
        until: u32,
    },
    /// [`Phase::HandOff`] (pass-and-play): the cards are hidden until A.
    HandOff {
        /// The seat to take the device.
        seat: u8,
    },
    /// [`Phase::HandSummary`]: the breakdown of the hand just finished.
    HandEnd,
    /// [`Phase::MatchOver`].
    MatchEnd,
}

/// Where the person is: the menus, or the match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum View {
    Title { cursor: u8 },
    Options { cursor: u8 },
    Match,
}

/// A short status text that truncates instead of failing when full.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Msg(heapless::String<128>);

impl Msg {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    fn set(&mut self, args: fmt::Arguments<'_>) {
        self.0.clear();
        let _ = self.write_fmt(args);
    }
}

impl Write for Msg {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for ch in s.chars() {
            if self.0.push(ch).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// The handheld's game: menus, the session and its presenter, the saves.
pub struct App<S: Storage> {
    storage: S,
    options: Options,
    game: Option<Presenter>,
    view: View,
    hand_cursor: u8,
    capture_cursor: u8,
    /// The AI move on show while the AI's delay runs (chosen on the update after the
    /// delay was named, so the screen shows "thinking" first; its delay starts then).
    ai: Option<Move>,
    /// The delay running: its token and when it ends (ms).
    due: Option<(Token, u32)>,
    /// A step happened during this update: its delay runs from the next one.
    fresh: bool,
    /// Down asked for a hint: the next update computes it (the screen says so first).
    hint_asked: bool,
    /// The viewer has a hint since the last play (the presenter's frame holds it).
    hinted: bool,
    message: Msg,
    entropy: u64,
    next_seed: Option<u64>,
    now: u32,
}

impl<S: Storage> App<S> {
    /// Starts on the title screen, with the saved session (if any) ready to continue and
    /// its options (language included) on the options screen.
    pub fn new(mut storage: S) -> App<S> {
        let mut message = Msg::default();
        let game = match storage.load() {
            Ok(s) => s.map(|s| drained(Presenter::resumed(s, PACING))),
            Err(e) => {
                message.set(format_args!(
                    "{} ({e})",
                    Label::SaveUnreadable.text(Default::default())
                ));
                None
            }
        };
        App {
            storage,
            options: game
                .as_ref()
                .map(|p| Options::from_settings(p.session().settings()))
                .unwrap_or_default(),
            game,
            view: View::Title { cursor: 0 },
            hand_cursor: 0,
            capture_cursor: 0,
            ai: None,
            due: None,
            fresh: false,
            hint_asked: false,
            hinted: false,
            message,
            entropy: 0x5C0FA,
            next_seed: None,
            now: 0,
        }
    }

    /// The screen on show.
    pub fn screen(&self) -> Screen {
        let session = match (self.view, self.session()) {
            (View::Title { cursor }, _) => return Screen::Title { cursor },
            (View::Options { cursor }, _) => return Screen::Options { cursor },
            (View::Match, Some(session)) => session,
            (View::Match, None) => return Screen::Title { cursor: 0 },
        };
        match session.phase() {
            Phase::Play { .. } => Screen::Table {
                cursor: self.hand_cursor,
            },
            Phase::ChooseCapture { card, .. } => Screen::Choose {
                card,
                cursor: self.capture_cursor,
                hand_cursor: self.hand_cursor,
            },
            Phase::AiDue { seat } => match self.ai {
                Some(mv) => Screen::AiPlay {
                    mv,
                    until: self.until(),
                },
                None => Screen::Thinking { seat },
            },
            Phase::Scopa { seat, .. } => Screen::Scopa {
                seat,
                until: self.until(),
            },
            Phase::HandOff { seat } => Screen::HandOff { seat },
            Phase::HandSummary => Screen::HandEnd,
            Phase::MatchOver { .. } => Screen::MatchEnd,
        }
    }

    /// When the delay running ends (ms; the current time when none runs).
    fn until(&self) -> u32 {
        self.due.map_or(self.now, |(_, until)| until)
    }

    /// The session, if one is saved or running.
    pub fn session(&self) -> Option<&Session> {
        self.game.as_ref().map(Presenter::session)
    }

    /// The session's presenter, if a session is saved or running.
    pub fn presenter(&self) -> Option<&Presenter> {
        self.game.as_ref()
    }

    /// What the screen shows now, the presenter's table model (`None` without a session).
    pub fn frame(&self) -> Option<Frame> {
        self.game.as_ref().map(Presenter::peek)
    }

    /// The options of the next match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The texts in the chosen language, for the session's players when there is one.
    pub fn texts(&self) -> Texts {
        let texts = Texts::new(self.options.lang);
        match self.session() {
            Some(s) => texts.for_session(s),
            None => texts,
        }
    }

    /// An error to show on the status line (empty when all is well).
    pub fn message(&self) -> &str {
        self.message.as_str()
    }

    /// The storage (e.g. to inspect saves in tests).
    pub fn storage(&self) -> &S {
        &self.storage
    }

    /// The storage, to read saves back (the simulator extracts the session's bytes).
    pub fn storage_mut(&mut self) -> &mut S {
        &mut self.storage
    }

    /// Whether "Continue" is offered on the title screen.
    pub fn can_continue(&self) -> bool {
        self.session()
            .is_some_and(|s| !matches!(s.phase(), Phase::MatchOver { .. }))
    }

    /// The title menu items.
    pub fn title_items(&self) -> &'static [Label] {
        if self.can_continue() {
            &[Label::Resume, Label::NewMatch]
        } else {
            &[Label::NewMatch]
        }
    }

    /// Mixes hardware entropy (e.g. a ring-oscillator reading) into the next match's
    /// secret.
    pub fn add_entropy(&mut self, bits: u64) {
        self.entropy = (self.entropy ^ bits)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    /// The next match started from the options screen uses `seed` as its session secret
    /// instead of the entropy pool (to replay a scripted session).
    pub fn seed_next_match(&mut self, seed: u64) {
        self.next_seed = Some(seed);
    }

    /// The captures of the card being played ([`Screen::Choose`]), else empty.
    pub fn capture_options(&self) -> CaptureList {
        // The handheld's tables hold one deck: each option is a set.
        self.session()
            .map(|s| s.capture_options().iter().map(|c| c.distinct()).collect())
            .unwrap_or_default()
    }

    /// Advances time to `now` (ms, wrapping) and handles the buttons `pressed` since the
    /// last call. Returns whether the screen must be redrawn.
    pub fn update(&mut self, now: u32, pressed: Buttons) -> bool {
        self.update_with(now, pressed, &mut |_| {})
    }

    /// [`App::update`], handing every event of the session to `events`, in order (for a
    /// transcript).
    pub fn update_with(
        &mut self,
        now: u32,
        pressed: Buttons,
        events: &mut dyn FnMut(&GameEvent),
    ) -> bool {
        self.now = now;
        if !pressed.is_empty() {
            self.add_entropy(u64::from(now));
        }
        let before = self.fingerprint();
        // A hint asked for on an earlier update (its screen drawn since) is computed now.
        let hint_due = self.hint_asked;
        for b in pressed.iter() {
            self.press(b, events);
        }
        if hint_due && self.hint_asked {
            self.hint();
        }
        if !self.fresh {
            self.tick(events);
        }
        self.fresh = false;
        before != self.fingerprint()
    }

    /// Everything a screen shows that input or time can change: the session (hashed, so
    /// that the fingerprint held across the AI's search stays 8 bytes) and the screen's own
    /// state.
    fn fingerprint(&self) -> (Screen, Msg, Options, Option<u64>, bool, bool) {
        (
            self.screen(),
            self.message.clone(),
            self.options,
            self.session().map(session_hash),
            self.hint_asked,
            self.hinted,
        )
    }

    /// The delay the presenter names, during a match: an AI's move is chosen first (on
    /// the update after the delay was named) and its delay runs from then; a delay that
    /// has run out is fired.
    fn tick(&mut self, events: &mut dyn FnMut(&GameEvent)) {
        if self.view != View::Match {
            return;
        }
        let Some(Next::Due(due)) = self.game.as_ref().map(Presenter::next) else {
            return;
        };
        match self.due {
            _ if due.action == Action::RunAi && self.ai.is_none() => self.think(due),
            Some((token, until)) if token == due.token => {
                if reached(self.now, until) {
                    self.fire(due, events);
                }
            }
            // A delay not started yet (resumed, or named by a step of another update).
            _ => self.due = Some((due.token, self.now.wrapping_add(due.after_ms))),
        }
    }

    /// The AI of the delay `due` chooses its move (on a copy of the session), to show it
    /// for the delay before it is played.
    #[inline(never)] // the AI's search runs here, with nothing else on the stack
    fn think(&mut self, due: Due) {
        // The handheld's tables hold one deck: the AI's move is a one-deck move.
        let choice = self.session().map(|s| {
            s.ai_move()
                .and_then(|mv| mv.to_move().ok_or(SessionError::Internal))
        });
        match choice {
            Some(Ok(mv)) => {
                self.ai = Some(mv);
                self.due = Some((due.token, self.now.wrapping_add(due.after_ms)));
            }
            Some(Err(e)) => {
                // A bug of the engine: say it, and leave the match (saved up to the last
                // play) instead of asking again at every update.
                self.refused(e);
                self.view = View::Title { cursor: 0 };
            }
            None => {}
        }
    }

    /// Fires the delay `due` now (it ran out, or A skipped it): the AI's move on show, or
    /// the delay's own action.
    fn fire(&mut self, due: Due, events: &mut dyn FnMut(&GameEvent)) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let result = match self.ai {
            Some(mv) if due.action == Action::RunAi => game.fire_move(due.token, mv.into()),
            _ => game.fire(due.token),
        };
        self.stepped(result, events);
    }

    /// A (or a tap) on a screen with a delay running: fire it early.
    fn skip(&mut self, events: &mut dyn FnMut(&GameEvent)) {
        if let Some(Next::Due(due)) = self.game.as_ref().map(Presenter::next) {
            self.fire(due, events);
        }
    }

    // Not inlined, here and in `act`: their locals (a play's events) stay off the stack
    // under the AI's search, which `tick` runs (measured under QEMU).
    #[inline(never)]
    fn press(&mut self, b: Button, events: &mut dyn FnMut(&GameEvent)) {
        let step = match b {
            Button::Left | Button::Up => -1i8,
            _ => 1,
        };
        match self.screen() {
            Screen::Title { cursor } => {
                let items = self.title_items();
                let n = items.len() as u8;
                match b {
                    Button::Up | Button::Down => {
                        self.view = View::Title {
                            cursor: wrap(cursor, step, n),
                        }
                    }
                    Button::A if items[usize::from(cursor.min(n - 1))] == Label::Resume => {
                        let lang = self.options.lang;
                        let step = self.game.as_mut().map(|p| p.set_lang(lang));
                        self.view = View::Match;
                        self.message.set(format_args!(""));
                        if step.is_some_and(|s| s.save) {
                            self.save();
                        }
                        self.entered();
                    }
                    Button::A => self.view = View::Options { cursor: 0 },
                    _ => {}
                }
            }
            Screen::Options { cursor } => match (b, Row::at(cursor)) {
                (Button::Up | Button::Down, _) => {
                    self.view = View::Options {
                        cursor: wrap(cursor, step, ROWS),
                    }
                }
                (Button::A, Row::Start) => self.start_match(),
                (Button::Left | Button::Right, row) => self.options.step(row, step),
                (Button::A, row) => self.options.step(row, 1),
                (Button::B, _) => self.view = View::Title { cursor: 0 },
            },
            Screen::Table { cursor } => {
                let hand = self.session().map(Session::hand).unwrap_or_default();
                let n = hand.len() as u8;
                match b {
                    Button::Left | Button::Right => self.hand_cursor = wrap(cursor, step, n),
                    Button::A => {
                        if let Some(card) = hand.iter().nth(usize::from(cursor)) {
                            self.act(Action::Select(card), events);
                        }
                    }
                    Button::Up if self.session().is_some_and(Session::can_undo) => {
                        self.act(Action::Undo, events)
                    }
                    Button::Down if !self.hinted => self.hint_asked = true,
                    Button::B => self.view = View::Title { cursor: 0 },
                    _ => {}
                }
            }
            Screen::Choose { cursor, .. } => {
                let n = self.capture_options().len() as u8;
                match b {
                    Button::A => self.act(Action::Capture(cursor), events),
                    Button::B => self.act(Action::Cancel, events),
                    _ => self.capture_cursor = wrap(cursor, step, n),
                }
            }
            Screen::AiPlay { .. } | Screen::Scopa { .. } if b == Button::A => self.skip(events),
            Screen::HandEnd if b == Button::A => self.act(Action::Continue, events),
            Screen::HandOff { .. } => match b {
                Button::A => self.act(Action::Continue, events),
                Button::B => self.view = View::Title { cursor: 0 },
                _ => {}
            },
            Screen::MatchEnd => match b {
                Button::A => self.act(Action::Rematch, events),
                Button::B => self.view = View::Title { cursor: 0 },
                _ => {}
            },
            _ => {}
        }
    }

    /// The hint Down asked for: the presenter's (the expert's suggestion), shown until the
    /// next play. The expert's search runs here, on the update after the one that drew
    /// "Hint…" (it takes a while on the device); off the table, nothing.
    #[inline(never)]
    fn hint(&mut self) {
        self.hint_asked = false;
        if !matches!(self.screen(), Screen::Table { .. }) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match game.hint() {
            Ok(_) => {
                self.hinted = true;
                self.message.set(format_args!(""));
            }
            Err(e) => self.refused(e),
        }
    }

    /// Starts a new session with the options and a secret from the entropy pool.
    pub fn start_match(&mut self) {
        self.add_entropy(u64::from(self.now));
        let seed = self.next_seed.take().unwrap_or(self.entropy);
        match Session::new(self.options.settings(), seed) {
            Ok(session) => {
                let mut game = drained(Presenter::new(session, PACING));
                let save = game.take_save();
                self.game = Some(game);
                self.view = View::Match;
                self.message.set(format_args!(""));
                self.hand_cursor = 0;
                if save {
                    self.save();
                }
                self.entered();
            }
            Err(e) => self.refused(e),
        }
    }

    /// A person's `action` (see [`App::stepped`]).
    fn act(&mut self, action: Action, events: &mut dyn FnMut(&GameEvent)) {
        let Some(game) = self.game.as_mut() else {
            self.view = View::Title { cursor: 0 };
            return;
        };
        let result = game.act(action);
        self.stepped(result, events);
    }

    /// After an input or a delay: saves when the step says so, then hands the frame's
    /// events to `events`; a refusal is shown.
    #[inline(never)] // the frame stays off the stack under the AI's search
    fn stepped(&mut self, result: Result<Step, SessionError>, events: &mut dyn FnMut(&GameEvent)) {
        match result {
            Ok(step) => {
                if step.save {
                    self.save();
                }
                if let Some(game) = self.game.as_mut() {
                    for e in &game.frame().events {
                        events(&e.event);
                    }
                }
                if step.applied {
                    self.message.set(format_args!(""));
                    self.entered();
                }
            }
            Err(e) => self.refused(e),
        }
    }

    fn refused(&mut self, e: SessionError) {
        let texts = self.texts();
        self.message.set(format_args!("{}", texts.error(&e)));
    }

    /// A step happened (or the match was entered): forget the last delay and the AI's
    /// move, start the delay the presenter names (an AI's starts once its move is chosen),
    /// put the cursors back in range.
    fn entered(&mut self) {
        self.ai = None;
        self.due = None;
        self.fresh = true;
        self.hint_asked = false;
        self.hinted = false;
        let Some(game) = &self.game else { return };
        if let Next::Due(due) = game.next()
            && due.action != Action::RunAi
        {
            self.due = Some((due.token, self.now.wrapping_add(due.after_ms)));
        }
        let n = game.session().hand().len() as u8;
        self.hand_cursor = self.hand_cursor.min(n.saturating_sub(1));
        self.capture_cursor = 0;
    }

    fn save(&mut self) {
        if let Some(game) = &self.game
            && let Err(e) = self.storage.save(game.session())
        {
            let label = self.texts().label(Label::SaveFailed);
            self.message.set(format_args!("{label} ({e})"));
        }
    }

    /// What the screen shows, as plain data (drawn by [`crate::screens`]).
    pub fn model(&self) -> ScreenModel<'_> {
        let title = |cursor| Page::Title {
            items: self.title_items(),
            cursor,
            message: self.message(),
        };
        let page = match (self.screen(), &self.game) {
            (Screen::Title { cursor }, _) => title(cursor),
            (Screen::Options { cursor }, _) => Page::Options {
                options: self.options,
                cursor,
            },
            (Screen::HandEnd | Screen::MatchEnd, Some(p)) => end_page(p),
            (screen, Some(p)) => Page::Table(self.table_model(p, screen)),
            (_, None) => title(0),
        };
        ScreenModel {
            texts: self.texts(),
            page,
        }
    }

    /// The table on `screen`: what is highlighted, the status line, the banner.
    fn table_model(&self, p: &Presenter, screen: Screen) -> TableModel<'_> {
        let mut t = TableModel::new(p.peek(), p.session().players());
        let phase = Status::Phase(t.frame.phase);
        match screen {
            Screen::Table { cursor } => {
                t.selected = Some(cursor);
                t.status = match t.hint() {
                    Some(hint) => Status::Hint(hint),
                    None if self.hint_asked => Status::HintAsked,
                    None => phase,
                };
            }
            Screen::Choose {
                cursor,
                hand_cursor,
                ..
            } => {
                let options = self.capture_options();
                let chosen = options.get(usize::from(cursor)).copied();
                t.taken = chosen.unwrap_or_default();
                t.selected = Some(hand_cursor);
                t.status = Status::Choosing {
                    at: cursor,
                    of: options.len(),
                };
            }
            Screen::Thinking { .. } => t.status = phase,
            Screen::AiPlay { mv, .. } => {
                t.taken = mv.capture();
                t.ai_play = Some(mv);
                let seat = t.frame.turn;
                t.status = if t.briscola().is_some() {
                    Status::PlayedCard {
                        seat,
                        card: mv.card(),
                    }
                } else {
                    Status::Played { seat, mv }
                };
            }
            Screen::Scopa { seat, .. } => t.overlay = Overlay::Scopa { seat },
            Screen::HandOff { .. } => t.overlay = Overlay::HandOff,
            Screen::Title { .. } | Screen::Options { .. } | Screen::HandEnd | Screen::MatchEnd => {}
        }
        if !self.message().is_empty() {
            t.status = Status::Message(self.message());
        }
        t
    }

    /// Draws the whole screen.
    pub fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        self.model().draw(d)
    }
}

/// `p` with the events it holds taken (a new or resumed presenter holds the deal, which
/// the transcript has already).
#[inline(never)]
fn drained(mut p: Presenter) -> Presenter {
    let _ = p.frame();
    p
}

/// The summary page of a hand or of the match, from the frame's banner.
#[inline(never)]
fn end_page(p: &Presenter) -> Page<'static> {
    let frame = p.peek();
    let mut scores = [0u16; 3];
    for (s, side) in scores.iter_mut().zip(&frame.sides) {
        *s = side.score;
    }
    // Scopa's summary has rows; Briscola's, each side's card points and the winner.
    let rows = |over: &HandOver| match over {
        HandOver::Scopa { rows, .. } => Some(rows.clone()),
        HandOver::Briscola { .. } => None,
    };
    let points = |over: &HandOver| match over {
        HandOver::Scopa { .. } => None,
        HandOver::Briscola { score, .. } => Some(*score),
    };
    match &frame.banner {
        Some(Banner::MatchOver {
            winner, last_hand, ..
        }) => Page::MatchEnd(MatchEndModel {
            winner: *winner,
            scores,
            pile: last_hand.as_ref().and_then(|over| match over {
                HandOver::Scopa { piles, .. } => piles
                    .get(usize::from(*winner))
                    .map(|pile| pile.cards.distinct()),
                HandOver::Briscola { .. } => None,
            }),
            points: last_hand.as_ref().and_then(points),
        }),
        banner => {
            // After the last hand no new one is dealt; otherwise the next hand has begun.
            let plays = p.session().game_match().plays();
            Page::HandEnd(HandEndModel {
                number: if plays == 0 {
                    frame.hand_number
                } else {
                    frame.hand_number + 1
                },
                sides: frame.sides.len() as u8,
                scores,
                rows: match banner {
                    Some(Banner::HandOver(over)) => rows(over),
                    _ => None,
                },
                points: match banner {
                    Some(Banner::HandOver(over)) => points(over),
                    _ => None,
                },
            })
        }
    }
}

/// A hash of everything in `session` (SipHash 1-3 with fixed keys: the same session, the
/// same hash, on every build).
#[inline(never)]
fn session_hash(session: &Session) -> u64 {
    use core::hash::{Hash, Hasher};
    let mut h = siphasher::sip::SipHasher13::new();
    session.hash(&mut h);
    h.finish()
}

/// Whether `now` is at or past `until`, on a wrapping millisecond clock.
fn reached(now: u32, until: u32) -> bool {
    now.wrapping_sub(until) as i32 >= 0
}

fn wrap(cursor: u8, step: i8, n: u8) -> u8 {
    if n == 0 {
        return 0;
    }
    let c = cursor.min(n - 1);
    if step < 0 {
        (c + n - 1) % n
    } else {
        (c + 1) % n
    }
}

#[cfg(test)]
mod size_tests {
    use core::mem::size_of;

    use scopa_core::session::driver::Presenter;
    use scopa_core::session::table::Frame;

    /// The firmware builds one frame at a time, outside the AI's search (16 KiB stack): its
    /// table model, built without the `big-tables` feature, stays within 2,200 bytes (2 KiB
    /// until the hint carried the coach's analysis — its figures and reasons, issue 39 —
    /// which made the frame 2,136 bytes; the presenter stays within 2 KiB).
    /// `.ci/embedded.sh` runs this test with scopa-ui alone, as the firmware is built (the
    /// simulator's tests share a build with the feature on, where the sizes are the host's).
    #[test]
    fn the_model_is_small_enough_for_the_handheld() {
        if scopa_core::session::MAX_SEATS > 4 {
            // The host's model (tables of 6 and 8): checked in the root workspace's tests.
            return;
        }
        assert!(size_of::<Frame>() <= 2200, "Frame {} B", size_of::<Frame>());
        assert!(
            size_of::<Presenter>() <= 2048,
            "Presenter {} B",
            size_of::<Presenter>()
        );
    }
}
