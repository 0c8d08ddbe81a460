//! Scripted sessions: a script (lines of [`ScriptLine`]: the seed, the settings and the
//! people's moves — the format every front-end reads) played through [`App`] by pressing
//! its buttons as a person would, writing the canonical transcript
//! ([`scopa_core::session::transcript`]). The host simulator and the Cortex-M0 build
//! under QEMU both play scripts with [`Driver`], so their transcripts can be compared with
//! every other front-end's.
//!
//! ```text
//! # comments and blank lines are ignored
//! seed 42
//! session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human handheld
//! 7d 5d 2c   # the people's moves in order: the card, then the cards it takes
//! 3c         # nothing after the card: laid on the table
//! save       # here the session may be saved and the run stopped
//! ```
//!
//! A `save` line is reached when a person is to play: that is where the session is saved.

use core::fmt::{self, Display};

use scopa_core::game::GameMove;
use scopa_core::scopa::Move;
use scopa_core::session::transcript::{self, ParseScriptError, ScriptLine};
use scopa_core::session::{Action, GameEvent, Phase, Settings};

use crate::app::{App, Screen};
use crate::input::{Button, Buttons};
use crate::settings::{Options, Row};
use crate::storage::Storage;

/// One step of a script after its header.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Step {
    /// The person to play plays this move (a capture may name a card twice only at the
    /// tables of 6 and 8, which the handheld does not offer: such a move is illegal here).
    Move(GameMove),
    /// The session is saved here (and the run may stop).
    Save,
}

/// What is wrong with a script line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ScriptErrorKind {
    /// No `seed N` line before the first move.
    NoSeed,
    /// No `session …` line before the first move.
    NoSettings,
    /// A second `seed` or `session` line.
    Repeated,
    /// The line is not a script line.
    Line(ParseScriptError),
}

/// A script line that cannot be read, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ScriptError {
    /// The line number, from 1.
    pub line: u32,
    /// What is wrong.
    pub kind: ScriptErrorKind,
}

impl Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "script line {}: ", self.line)?;
        match self.kind {
            ScriptErrorKind::NoSeed => f.write_str("no `seed N` line before the moves"),
            ScriptErrorKind::NoSettings => f.write_str("no `session …` line before the moves"),
            ScriptErrorKind::Repeated => f.write_str("a second seed or session line"),
            ScriptErrorKind::Line(e) => write!(f, "{e}"),
        }
    }
}

/// A script, read and checked.
#[derive(Copy, Clone, Debug)]
pub struct Script<'a> {
    /// The session's secret.
    pub seed: u64,
    /// The settings (English: scripts are language-independent).
    pub settings: Settings,
    text: &'a str,
}

/// The steps of a script after its header, with their line numbers.
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    lines: core::iter::Enumerate<core::str::Lines<'a>>,
}

impl Iterator for Steps<'_> {
    type Item = (u32, Step);

    fn next(&mut self) -> Option<(u32, Step)> {
        for (i, l) in self.lines.by_ref() {
            // Every line was checked by `Script::parse`.
            match l.parse() {
                Ok(ScriptLine::Move(mv)) => return Some((i as u32 + 1, Step::Move(mv))),
                Ok(ScriptLine::Save) => return Some((i as u32 + 1, Step::Save)),
                _ => {}
            }
        }
        None
    }
}

impl<'a> Script<'a> {
    /// Reads `text` ([`ScriptLine`]s): its `seed` and `session` lines, and checks every
    /// step.
    pub fn parse(text: &'a str) -> Result<Script<'a>, ScriptError> {
        let mut seed = None;
        let mut settings = None;
        let mut last = 0;
        for (i, l) in text.lines().enumerate() {
            let line = i as u32 + 1;
            last = line;
            let err = |kind| ScriptError { line, kind };
            match l.parse().map_err(|e| err(ScriptErrorKind::Line(e)))? {
                ScriptLine::Nothing => {}
                ScriptLine::Seed(_) if seed.is_some() => {
                    return Err(err(ScriptErrorKind::Repeated));
                }
                ScriptLine::Settings(_) if settings.is_some() => {
                    return Err(err(ScriptErrorKind::Repeated));
                }
                ScriptLine::Seed(s) => seed = Some(s),
                ScriptLine::Settings(s) => settings = Some(s),
                ScriptLine::Move(_) | ScriptLine::Save if seed.is_none() => {
                    return Err(err(ScriptErrorKind::NoSeed));
                }
                ScriptLine::Move(_) | ScriptLine::Save if settings.is_none() => {
                    return Err(err(ScriptErrorKind::NoSettings));
                }
                ScriptLine::Move(_) | ScriptLine::Save => {}
            }
        }
        let at_end = |kind| ScriptError {
            line: last + 1,
            kind,
        };
        Ok(Script {
            seed: seed.ok_or(at_end(ScriptErrorKind::NoSeed))?,
            settings: settings.ok_or(at_end(ScriptErrorKind::NoSettings))?,
            text,
        })
    }

    /// The steps after the header, with their line numbers.
    pub fn steps(&self) -> Steps<'a> {
        Steps {
            lines: self.text.lines().enumerate(),
        }
    }
}

/// How a run ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Outcome {
    /// The match is over.
    MatchOver,
    /// The script's `save` line was reached (with [`Driver::stop_at_save`]): the session
    /// is saved in the storage.
    Saved,
    /// The script has no more moves but the match goes on.
    OutOfMoves,
}

/// Why a script could not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DriveError {
    /// The options screen could not be set to the script's settings.
    Settings,
    /// A resumed session's settings are not the script's.
    ResumedSettings,
    /// There is no saved match to continue.
    NothingToResume,
    /// The move of script line `line` is not legal now.
    Illegal {
        /// The script line.
        line: u32,
        /// The move.
        mv: GameMove,
    },
    /// The run did not end within this many steps.
    TooLong {
        /// The limit.
        steps: u32,
    },
    /// The app refused a button press of the move on script line `line`.
    Refused {
        /// The script line.
        line: u32,
    },
}

impl Display for DriveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriveError::Settings => {
                f.write_str("the options screen could not be set to the script's settings")
            }
            DriveError::ResumedSettings => {
                f.write_str("the saved session's settings are not the script's")
            }
            DriveError::NothingToResume => f.write_str("there is no saved match to continue"),
            DriveError::Illegal { line, mv } => write!(
                f,
                "script line {line}: `{}` is not a legal move now",
                transcript::action(&Action::Play(*mv))
            ),
            DriveError::TooLong { steps } => write!(f, "the run did not end in {steps} steps"),
            DriveError::Refused { line } => {
                write!(f, "script line {line}: the handheld refused the move")
            }
        }
    }
}

/// How the run begins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Start {
    /// A new match from the title screen: the transcript starts with the settings line and
    /// the first deal.
    New,
    /// Continue the match saved in the storage, with the moves after the script's `save`
    /// line (all of them if it has none): the transcript has only what follows.
    Resume,
}

/// A transcript line handed out by a [`Driver`].
pub type Emit<'e> = &'e mut dyn FnMut(&dyn Display);

/// Presses `b` on `app` 40 ms after `now` (which advances), handing the session's events
/// to `events`.
pub fn press<S: Storage>(
    app: &mut App<S>,
    now: &mut u32,
    b: Button,
    events: &mut dyn FnMut(&GameEvent),
) {
    *now = now.wrapping_add(40);
    app.update_with(*now, Buttons::just(b), events);
}

/// On the options screen: presses the buttons that give every row `want`'s value, then
/// Start. `Err` when a row cannot show `want`'s value.
pub fn set_options<S: Storage>(
    app: &mut App<S>,
    now: &mut u32,
    want: &Options,
    events: &mut dyn FnMut(&GameEvent),
) -> Result<(), DriveError> {
    let Screen::Options { cursor } = app.screen() else {
        return Err(DriveError::Settings);
    };
    for _ in 0..cursor {
        press(app, now, Button::Up, events);
    }
    for row in Row::ALL {
        if row == Row::Start {
            break;
        }
        let mut presses = 0;
        while !app.options().same_at(want, row) {
            if presses > 2 * usize::from(crate::settings::MAX_TARGET) {
                return Err(DriveError::Settings);
            }
            press(app, now, Button::Right, events);
            presses += 1;
        }
        press(app, now, Button::Down, events);
    }
    press(app, now, Button::A, events);
    Ok(())
}

/// In [`Screen::Table`]: plays `mv` as a person does — the cursor to its card, A, and
/// its capture among the choices if the card has several. `false` if it was not played.
pub fn play_move<S: Storage>(
    app: &mut App<S>,
    now: &mut u32,
    mv: Move,
    events: &mut dyn FnMut(&GameEvent),
) -> bool {
    let (Screen::Table { cursor }, Some(session)) = (app.screen(), app.session()) else {
        return false;
    };
    let hand = session.hand();
    let m = session.game_match();
    let (turn, plays, hand_number) = (m.turn(), m.plays(), m.hand_number());
    let Some(target) = hand.iter().position(|c| c == mv.card()) else {
        return false;
    };
    if !app.session().is_some_and(|s| s.legal_moves().contains(&mv)) {
        return false;
    }
    let n = hand.len() as usize;
    for _ in 0..(target + n - usize::from(cursor)) % n {
        press(app, now, Button::Right, events);
    }
    press(app, now, Button::A, events);
    if let Screen::Choose { .. } = app.screen() {
        let Some(i) = app
            .capture_options()
            .iter()
            .position(|c| *c == mv.capture())
        else {
            return false;
        };
        for _ in 0..i {
            press(app, now, Button::Right, events);
        }
        press(app, now, Button::A, events);
    }
    // Played: the seat's last play is the move (Scopa), one more play in the hand
    // (Briscola, which keeps no last play), or the hand (or the match) is over.
    let after = app.session();
    let played = after.is_some_and(|s| match s.game_match().last_play() {
        Some(p) => p.mv == mv.into() && p.seat == turn,
        None => s.game_match().plays() == plays.wrapping_add(1),
    });
    let next_hand = after.map(|s| s.game_match().hand_number()) != Some(hand_number)
        || after.is_some_and(|s| matches!(s.phase(), Phase::HandSummary | Phase::MatchOver { .. }));
    app.message().is_empty() && (played || next_hand)
}

/// Plays a [`Script`] through an [`App`] one step (a button press or a wait) at a time.
pub struct Driver<'a, S: Storage> {
    /// The app.
    pub app: App<S>,
    /// The simulated clock (ms).
    pub now: u32,
    /// Stop at the script's `save` line (else play through it).
    pub stop_at_save: bool,
    script: Script<'a>,
    steps: Steps<'a>,
    start: Start,
    playing: bool,
}

impl<'a, S: Storage> Driver<'a, S> {
    /// A driver that plays `script` on `app` (on the title screen), from a new match or
    /// the saved one.
    pub fn new(app: App<S>, script: Script<'a>, start: Start) -> Driver<'a, S> {
        let mut steps = script.steps();
        if start == Start::Resume && script.steps().any(|(_, s)| s == Step::Save) {
            for (_, step) in steps.by_ref() {
                if step == Step::Save {
                    break;
                }
            }
        }
        Driver {
            app,
            now: 1000,
            stop_at_save: false,
            script,
            steps,
            start,
            playing: false,
        }
    }

    /// Whether the next step is the AI choosing its move (to measure it).
    pub fn thinking(&self) -> bool {
        matches!(self.app.screen(), Screen::Thinking { .. })
    }

    /// Presses `b`, handing the transcript lines of what happens to `emit`.
    fn press(&mut self, b: Button, emit: Emit<'_>) {
        press(&mut self.app, &mut self.now, b, &mut |e: &GameEvent| {
            emit(&transcript::event(e))
        });
    }

    /// Lets the clock run to `until` (never backwards) with no button pressed.
    fn wait_until(&mut self, until: u32, emit: Emit<'_>) {
        if (until.wrapping_sub(self.now) as i32) > 0 {
            self.now = until;
        }
        self.app
            .update_with(self.now, Buttons::NONE, &mut |e: &GameEvent| {
                emit(&transcript::event(e))
            });
    }

    /// Whether the session's settings are the script's (the language aside).
    fn settings_match(&self) -> bool {
        self.app.session().is_some_and(|s| {
            let mut want = self.script.settings;
            want.lang = s.settings().lang;
            *s.settings() == want
        })
    }

    /// One step: a press, a wait, a whole move or a whole menu. `Ok(Some(_))` once the
    /// run is over.
    pub fn step(&mut self, emit: Emit<'_>) -> Result<Option<Outcome>, DriveError> {
        match self.app.screen() {
            // A saved match that is over has nothing left to play.
            Screen::Title { .. }
                if self.start == Start::Resume
                    && !self.playing
                    && !self.app.can_continue()
                    && self.app.session().is_some() =>
            {
                return Ok(Some(Outcome::MatchOver));
            }
            Screen::Title { cursor } => self.title(cursor, emit)?,
            Screen::Options { .. } => self.options(emit)?,
            Screen::Table { .. } => return self.human(emit),
            Screen::Choose { .. } => self.press(Button::B, emit), // back to a whole move
            Screen::Thinking { .. } => self.wait_until(self.now, emit),
            Screen::AiPlay { until, .. } | Screen::Scopa { until, .. } => {
                self.wait_until(until, emit)
            }
            Screen::HandOff { .. } | Screen::HandEnd => self.press(Button::A, emit),
            Screen::MatchEnd => return Ok(Some(Outcome::MatchOver)),
        }
        Ok(None)
    }

    #[inline(never)] // keeps the stack under the AI search (in `step`) small
    fn title(&mut self, cursor: u8, emit: Emit<'_>) -> Result<(), DriveError> {
        let can_continue = self.app.can_continue();
        match self.start {
            _ if self.playing => self.press(Button::A, emit), // back into the match
            Start::Resume if !can_continue => return Err(DriveError::NothingToResume),
            Start::Resume => {
                if cursor != 0 {
                    self.press(Button::Up, emit);
                }
                self.press(Button::A, emit);
                if !self.settings_match() {
                    return Err(DriveError::ResumedSettings);
                }
                self.playing = true;
            }
            Start::New => {
                if can_continue && cursor == 0 {
                    self.press(Button::Down, emit); // to "New match"
                }
                self.press(Button::A, emit);
            }
        }
        Ok(())
    }

    /// Sets the options to the script's settings and starts the match with its seed.
    #[inline(never)] // keeps the stack under the AI search (in `step`) small
    fn options(&mut self, emit: Emit<'_>) -> Result<(), DriveError> {
        let mut want = Options::from_settings(&self.script.settings);
        want.lang = self.app.options().lang;
        self.app.seed_next_match(self.script.seed);
        set_options(&mut self.app, &mut self.now, &want, &mut |e: &GameEvent| {
            emit(&transcript::event(e))
        })?;
        if !self.settings_match() {
            return Err(DriveError::Settings);
        }
        if let Some(s) = self.app.session() {
            emit(&transcript::start(s.settings()));
            emit(&transcript::event(&s.deal_event()));
        }
        self.playing = true;
        Ok(())
    }

    /// The person to play plays the script's next move.
    #[inline(never)] // keeps the stack under the AI search (in `step`) small
    fn human(&mut self, emit: Emit<'_>) -> Result<Option<Outcome>, DriveError> {
        let Some((line, step)) = self.steps.next() else {
            return Ok(Some(Outcome::OutOfMoves));
        };
        let mv = match step {
            Step::Save if self.stop_at_save => return Ok(Some(Outcome::Saved)),
            Step::Save => return Ok(None),
            Step::Move(mv) => mv,
        };
        let legal = mv.scopa().and_then(|m| m.to_move()).filter(|one| {
            self.app
                .session()
                .is_some_and(|s| s.legal_moves().contains(one))
        });
        let Some(mv) = legal else {
            return Err(DriveError::Illegal { line, mv });
        };
        let played = play_move(&mut self.app, &mut self.now, mv, &mut |e: &GameEvent| {
            emit(&transcript::event(e))
        });
        if played {
            Ok(None)
        } else {
            Err(DriveError::Refused { line })
        }
    }

    /// Plays to the end of the run, with at most `limit` steps.
    pub fn run(&mut self, limit: u32, emit: Emit<'_>) -> Result<Outcome, DriveError> {
        for _ in 0..limit {
            if let Some(outcome) = self.step(emit)? {
                return Ok(outcome);
            }
        }
        Err(DriveError::TooLong { steps: limit })
    }
}
