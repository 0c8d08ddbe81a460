//! The table loop of `scopa play`: holds a [`Presenter`] and asks it "what now, and
//! when?" ([`Next`]). When a person must answer it reads a line, hands it to
//! [`prompt::interpret`] and carries out the reply; when a delay is due it sleeps and fires
//! it. It draws the [`Frame`](scopa_core::session::table::Frame) the presenter gives after
//! every step — its events, banner and choices — and never looks at the phase to decide
//! what comes next. Every step the presenter says to save is saved before its events are
//! shown.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::bail;
use scopa_core::Card;
use scopa_core::session::driver::{Presenter, Step};
use scopa_core::session::pacing::{Next, Waiting};
use scopa_core::session::table::{Banner, Choices};
use scopa_core::session::{Action, CaptureOptions, CardStyle, Label, Session, SessionError};

use super::autosave::{Autosave, Saved};
use super::prompt::{self, Ask, Reply};
use super::setup::Input;
use crate::common::{BoundedLine, read_bounded_line};
use crate::save;
use crate::screen::Screen;
use crate::texts::{Stop, TermTexts};

/// The longest input line read at the prompt.
const MAX_INPUT: usize = 4096;

/// Why the table loop stopped.
pub enum End {
    /// The match is over and no rematch was asked for.
    Over,
    /// The person stopped (quit, save, end of input).
    Stopped(Stop),
}

/// A session played at a terminal (or through a pipe, or from a script).
pub struct Terminal {
    /// The session and its pacing: what to draw, what to wait for, when to save.
    pub(super) presenter: Presenter,
    pub(super) screen: Screen,
    pub(super) input: Input,
    /// A person types at a terminal: acknowledgements and questions wait for them.
    pub(super) interactive: bool,
    /// The output is a terminal (its screen can be cleared).
    pub(super) tty_out: bool,
    pub(super) autosave: Autosave,
    pub(super) transcript: Option<BufWriter<File>>,
    pub(super) buf: Vec<u8>,
    /// The position last shown in full (match number, hand, plays, seat), so that a
    /// mistake does not redraw it.
    pub(super) shown: Option<(u32, u16, u8, u8)>,
    /// What happened since the last person's turn (shown again after a hand-off).
    pub(super) recent: Vec<String>,
    /// The deal of the current hand is still to be shown.
    pub(super) deal_due: bool,
    /// The capture choice whose options were listed (a mistake does not list them again).
    pub(super) listed: Option<(u32, u16, u8, Card)>,
    /// A hand's summary was shown in this run.
    pub(super) summarized: bool,
    /// A person's hand was shown since the screen was last cleared (or since the start):
    /// only then does a hand-off clear it — the introduction stays until the first
    /// person takes the device.
    pub(super) hand_on_screen: bool,
}

impl Terminal {
    /// The session.
    pub(super) fn session(&self) -> &Session {
        self.presenter.session()
    }

    pub(super) fn write_transcript(&mut self, lines: &str) -> io::Result<()> {
        if let Some(t) = &mut self.transcript {
            writeln!(t, "{lines}")?;
            t.flush()?;
        }
        Ok(())
    }

    /// Saves the session; the note to show when saving starts failing (and that nothing
    /// since the last good save is kept) or works again.
    fn save(&mut self) -> Option<String> {
        let bytes = self.session().to_bytes();
        let saved = self.autosave.write(&bytes);
        let path = self.autosave.file()?.path().display().to_string();
        let t = self.texts();
        let note = match saved {
            Saved::Quietly => return None,
            Saved::Failing(e) => self
                .screen
                .warn(&t.save_failing(&path, &e.to_string()).to_string()),
            Saved::Again => t.saved_again(&path).to_string(),
        };
        self.update_end_note();
        Some(note)
    }

    /// After an input or a timer: saves when the presenter says so, then shows and records
    /// the frame's events — what the screen shows is saved already. A refusal is said;
    /// `false` then.
    fn step(&mut self, result: Result<Step, SessionError>) -> anyhow::Result<bool> {
        match result {
            Ok(step) => {
                let note = if step.save { self.save() } else { None };
                self.show_events()?;
                if let Some(note) = note {
                    self.say(&note)?;
                }
                Ok(step.applied)
            }
            Err(e) => {
                self.show_error(&e)?;
                if matches!(e, SessionError::Internal) {
                    bail!("the session refused its own move");
                }
                Ok(false)
            }
        }
    }

    /// A person's action (see [`Terminal::step`]).
    fn apply(&mut self, action: Action) -> anyhow::Result<bool> {
        let result = self.presenter.act(action);
        self.step(result)
    }

    /// Reads one line after `prompt`; `None` at the end of input. Lines nobody typed at a
    /// terminal are echoed, so that the output reads like a game.
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<BoundedLine>> {
        self.screen.prompt(prompt)?;
        let line = match &mut self.input {
            Input::Script(lines) => lines.pop_front().map(BoundedLine::Text),
            Input::Stdin(r) => read_bounded_line(r, MAX_INPUT, &mut self.buf)?,
        };
        match &line {
            None | Some(BoundedLine::TooLong { .. } | BoundedLine::NotUtf8) => {
                self.screen.raw("\n")?
            }
            Some(BoundedLine::Text(text)) if !self.interactive => {
                self.screen.raw(&format!("{text}\n"))?
            }
            Some(BoundedLine::Text(_)) => {}
        }
        Ok(line)
    }

    /// Reads the text of a line; a line that is not one is said. `None` at the end of
    /// input.
    fn read_text(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let Some(line) = self.read_line(prompt)? else {
            return Ok(None);
        };
        match prompt::text(&line) {
            Ok(text) => Ok(Some(text.to_owned())),
            Err(r) => {
                self.show_rejection(&r)?;
                Ok(Some(String::new()))
            }
        }
    }

    /// Waits for Enter when a person is at the terminal: the line typed (empty when
    /// nobody is asked); `None` at the end of input.
    fn wait_enter(&mut self) -> io::Result<Option<String>> {
        if !self.interactive {
            return Ok(Some(String::new()));
        }
        let prompt = self.texts().label(Label::PressEnter).to_owned();
        self.read_text(&prompt)
    }

    /// Asks a yes/no question (only of a person at a terminal).
    fn ask(&mut self, question: &str) -> io::Result<Option<bool>> {
        Ok(self.read_text(question)?.map(|a| TermTexts::is_yes(&a)))
    }

    /// Plays until the match is over (and no rematch is wanted) or the person stops: draws
    /// the presenter's frame, then waits for a person or runs the delay it names.
    pub fn play(&mut self) -> anyhow::Result<End> {
        loop {
            let frame = self.presenter.peek();
            let over = matches!(
                frame.banner,
                Some(Banner::HandOver(_) | Banner::MatchOver { .. })
            );
            if self.deal_due && !over {
                self.show_deal()?;
            }
            let waits = matches!(frame.next, Next::Wait(_));
            match &frame.banner {
                Some(Banner::HandOver(_)) => self.show_summary()?,
                Some(Banner::HandOff { .. }) if waits => {
                    if self.tty_out && self.hand_on_screen {
                        // Clear the screen and its scrollback: the last hand shown was
                        // another person's. Before any hand was shown, the introduction
                        // (rules, partners, how to type cards) stays to be read.
                        self.screen.raw("\x1b[H\x1b[2J\x1b[3J")?;
                        self.hand_on_screen = false;
                    }
                    let text = self.screen.bold(&frame.status().to_string());
                    self.say(&text)?;
                }
                Some(Banner::HandOff { .. }) => self.say(&frame.status().to_string())?,
                Some(Banner::MatchOver { .. }) => {
                    let text = self.screen.loud(&frame.status().to_string());
                    self.say(&text)?;
                    if !self.summarized {
                        // Resumed at the end: the last summary was shown by another run.
                        let line = self.match_score();
                        self.say(&line)?;
                    }
                }
                Some(Banner::Scopa { .. }) | None => {}
            }
            let seat = match frame.next {
                Next::Due(due) => {
                    if due.after_ms > 0 {
                        std::thread::sleep(Duration::from_millis(u64::from(due.after_ms)));
                    }
                    let result = self.presenter.fire(due.token);
                    self.step(result)?;
                    continue;
                }
                Next::Wait(Waiting::Seat(seat)) => seat,
                Next::Wait(Waiting::Anyone) => frame.turn,
            };
            let stop = match frame.choices {
                Choices::Cards(_) => self.person_turn(seat)?,
                Choices::Captures { card, options } => self.choose_capture(seat, card, &options)?,
                Choices::None if frame.offers.rematch => {
                    if !self.interactive {
                        return Ok(End::Over);
                    }
                    let q = self.texts().rematch_prompt().to_string();
                    if self.ask(&q)? != Some(true) {
                        return Ok(End::Over);
                    }
                    self.apply(Action::Rematch)?;
                    None
                }
                Choices::None if frame.offers.proceed => {
                    let handoff = match frame.banner {
                        Some(Banner::HandOff { seat }) => Some(seat),
                        _ => None,
                    };
                    match self.wait_enter()? {
                        None => return Ok(End::Stopped(Stop::InputEnded)),
                        // `hint` typed while the device is being passed: the hint is
                        // for the next person, once they hold it (never taken as Enter).
                        Some(line) if handoff.is_some() && prompt::is_hint(&line) => {
                            let to = handoff.unwrap_or(seat);
                            let text = self.texts().hint_after_handoff(to).to_string();
                            self.say(&text)?;
                            continue;
                        }
                        // `quit` where Enter is asked for quits (never taken as Enter).
                        Some(line) if prompt::is_quit(&line) => {
                            if self.confirm_quit()? {
                                return Ok(End::Stopped(Stop::Quit));
                            }
                            continue;
                        }
                        Some(_) => {}
                    }
                    if handoff.is_some() {
                        let recent = std::mem::take(&mut self.recent).join("\n");
                        self.say(&recent)?;
                    }
                    self.apply(Action::Continue)?;
                    None
                }
                Choices::None => bail!("the session waits for nothing the terminal can offer"),
            };
            if let Some(stop) = stop {
                return Ok(End::Stopped(stop));
            }
        }
    }

    /// Whether to quit: at once with a save file or without a person at a terminal, else
    /// after the person confirms losing the unsaved match.
    fn confirm_quit(&mut self) -> anyhow::Result<bool> {
        if self.autosave.file().is_none() && self.interactive {
            let q = self.texts().quit_unsaved().to_string();
            return Ok(self.ask(&q)? == Some(true));
        }
        Ok(true)
    }

    /// The move prompt.
    fn person_turn(&mut self, seat: u8) -> anyhow::Result<Option<Stop>> {
        if self.shown != Some(self.position_key(seat)) {
            self.show_position(seat)?;
        }
        let t = self.texts();
        let mut moves = Vec::new();
        self.session()
            .for_each_legal_move(&mut |mv| moves.push(super::scopa_form(mv)));
        let prompt = match moves.as_slice() {
            [only] if self.session().game().is_briscola() => format!(
                "{} ({})",
                t.move_prompt(seat),
                t.enter_plays_card(only.card)
            ),
            [only] => format!("{} ({})", t.move_prompt(seat), t.enter_plays(*only)),
            _ => t.move_prompt(seat).to_string(),
        };
        let Some(line) = self.read_line(&prompt)? else {
            return Ok(Some(Stop::InputEnded));
        };
        let ask = Ask::Move {
            copies: if self.session().settings().two_decks() {
                2
            } else {
                1
            },
            hand: self.session().hand(),
            moves: &moves,
        };
        match prompt::interpret(&line, ask) {
            Err(r) => self.show_rejection(&r)?,
            Ok(Reply::Remind) => self.show_commands()?,
            Ok(Reply::Show) => self.show_position(seat)?,
            Ok(reply) => return self.reply(reply, seat),
        }
        Ok(None)
    }

    /// The "which capture?" prompt: `options` are the frame's.
    fn choose_capture(
        &mut self,
        seat: u8,
        card: Card,
        options: &CaptureOptions,
    ) -> anyhow::Result<Option<Stop>> {
        let key = self.position_key(seat);
        if self.shown != Some(key) {
            self.show_position(seat)?;
        }
        if self.listed != Some((key.0, key.1, key.2, card)) {
            self.show_captures()?;
            self.listed = Some((key.0, key.1, key.2, card));
        }
        let t = self.texts();
        let Some(line) = self.read_line(t.capture_prompt())? else {
            return Ok(Some(Stop::InputEnded));
        };
        let ask = Ask::Capture {
            copies: if self.session().settings().two_decks() {
                2
            } else {
                1
            },
            card,
            hand: self.session().hand(),
            table: self.session().game_match().table_cards(),
            options,
        };
        match prompt::interpret(&line, ask) {
            Err(r) => self.show_rejection(&r)?,
            Ok(Reply::Remind) => self.show_captures()?,
            Ok(Reply::Show) => {
                self.show_position(seat)?;
                self.show_captures()?;
            }
            Ok(Reply::Act(Action::Cancel)) => {
                self.listed = None;
                self.apply(Action::Cancel)?;
            }
            Ok(Reply::Act(action @ Action::Play(_))) => {
                // Cards to take that are not an option: the session's refusal, the
                // options again.
                if !self.apply(action)? {
                    self.show_captures()?;
                }
            }
            Ok(reply) => return self.reply(reply, seat),
        }
        Ok(None)
    }

    /// Carries out what a line asks for at either prompt of `seat`.
    fn reply(&mut self, reply: Reply, seat: u8) -> anyhow::Result<Option<Stop>> {
        let t = self.texts();
        match reply {
            Reply::Act(action) => {
                self.apply(action)?;
            }
            Reply::Card {
                action,
                card,
                or,
                instead,
            } => {
                if instead {
                    // Another card of the hand: choose it instead.
                    self.listed = None;
                    if !self.apply(Action::Cancel)? {
                        bail!("the session refused to go back to choosing a card");
                    }
                }
                if let Some(other) = or
                    && self.screen.style == CardStyle::Symbols
                    && self.interactive
                {
                    let q = t.confirm_card(card, other).to_string();
                    if self.ask(&q)? != Some(true) {
                        return Ok(None);
                    }
                }
                if !self.apply(action)? {
                    self.show_alternatives(card)?;
                }
            }
            Reply::Remind => self.show_commands()?,
            Reply::Show => self.show_position(seat)?,
            Reply::Hint => {
                let text = match self.presenter.hint() {
                    Ok(_) => self
                        .presenter
                        .peek()
                        .hint_text()
                        .map(|h| h.to_string())
                        .unwrap_or_default(),
                    Err(e) => t.error(&e).to_string(),
                };
                self.say(&text)?;
            }
            Reply::Why(n) => {
                let text = self.why_text(n);
                self.say(&text)?;
            }
            Reply::Help => {
                let game = self.session().game();
                let text = self
                    .screen
                    .dim(&format!("{}\n{}", t.help(game), t.notation()));
                self.say(&text)?;
            }
            Reply::Undo => {
                if self.apply(Action::Undo)? {
                    self.say(t.undone())?;
                    self.shown = None;
                }
            }
            Reply::Save(file) => return self.save_and_stop(file),
            Reply::Quit => {
                if !self.confirm_quit()? {
                    return Ok(None);
                }
                return Ok(Some(Stop::Quit));
            }
        }
        Ok(None)
    }

    /// `why` (the computer's last play of the hand that can be explained, after the reason
    /// its latest play cannot be yet) or `why N` (play N of the hand): the explanation of
    /// the session's [`Session::ai_why`], in the texts' language.
    fn why_text(&self, n: Option<u8>) -> String {
        use scopa_core::session::why::{ai_why, why_error};
        let t = self.texts().0;
        let session = self.session();
        let explain = |ply: u8| match session.ai_why(ply) {
            Ok(why) => ai_why(&t, &why).to_string(),
            Err(e) => why_error(&t, e).to_string(),
        };
        if let Some(n) = n {
            return explain(n - 1);
        }
        let plays = session.ai_plays();
        let Some(latest) = plays.last() else {
            return self.texts().no_ai_play().to_string();
        };
        let mut text = String::new();
        if !latest.ready {
            text = explain(latest.ply);
            if let Some(ready) = plays.iter().rev().find(|p| p.ready) {
                text.push('\n');
                text.push_str(&explain(ready.ply));
            }
        } else {
            text.push_str(&explain(latest.ply));
        }
        text
    }

    /// `save` (to the match's file) or `save FILE`, then stop — unless it cannot be saved.
    fn save_and_stop(&mut self, file: Option<String>) -> anyhow::Result<Option<Stop>> {
        let t = self.texts();
        let Some(file) = file else {
            if self.autosave.file().is_none() {
                self.say(t.save_where())?;
                return Ok(None);
            }
            return Ok(Some(Stop::Quit));
        };
        let path = PathBuf::from(file);
        let ours = self.autosave.file().is_some_and(|f| f.path() == path);
        if !ours && path.exists() {
            let text = t.file_exists(&path.display().to_string()).to_string();
            self.warn(&text)?;
            return Ok(None);
        }
        match save::SaveFile::new(&path) {
            Ok(file) => self.autosave.switch_to(file),
            Err(e) => {
                let text = t
                    .save_failed(&path.display().to_string(), &e.to_string())
                    .to_string();
                self.warn(&text)?;
                return Ok(None);
            }
        }
        self.update_end_note();
        if let Some(note) = self.save() {
            self.say(&note)?;
        }
        if self.autosave.file().is_some_and(|f| f.is_stale()) {
            // Not saved: keep playing rather than lose the match.
            return Ok(None);
        }
        Ok(Some(Stop::Quit))
    }

    /// Says how the match stopped and where it is saved; flushes the transcript.
    pub fn finish(&mut self, end: End) -> io::Result<()> {
        if let End::Stopped(how) = end {
            let t = self.texts();
            // The file may have changed since the last save.
            let note = self.end_note();
            self.say(&format!("{} {note}", t.stopped(how)))?;
        }
        if let Some(t) = &mut self.transcript {
            t.flush()?;
        }
        Ok(())
    }
}
