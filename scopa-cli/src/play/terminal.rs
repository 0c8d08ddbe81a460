//! The table loop of `scopa play`: asks the session what it waits for, reads a line when a
//! person must answer, hands it to [`prompt::interpret`], carries out the reply. Every
//! action is saved before its events are shown.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::bail;
use scopa_core::Card;
use scopa_core::session::texts::Stop;
use scopa_core::session::{Action, CardStyle, Label, Phase, Session, SessionError, Texts};

use super::autosave::{Autosave, Saved};
use super::prompt::{self, Ask, Reply};
use super::setup::Input;
use crate::common::{BoundedLine, read_bounded_line};
use crate::save;
use crate::screen::Screen;

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
    pub(super) session: Session,
    pub(super) screen: Screen,
    pub(super) input: Input,
    /// A person types at a terminal: acknowledgements and questions wait for them.
    pub(super) interactive: bool,
    /// The output is a terminal (its screen can be cleared).
    pub(super) tty_out: bool,
    pub(super) delay: Duration,
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
}

impl Terminal {
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
        let bytes = self.session.to_bytes();
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

    /// Carries out `action`: saves, then shows and records its events — what the screen
    /// shows is saved already. A refusal is said; `false` then.
    fn apply(&mut self, action: Action) -> anyhow::Result<bool> {
        match self.session.apply(action) {
            Ok(events) => {
                let note = self.save();
                self.show_events(&events)?;
                if let Some(note) = note {
                    self.say(&note)?;
                }
                Ok(true)
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

    /// Waits for Enter when a person is at the terminal; `false` at the end of input.
    fn wait_enter(&mut self) -> io::Result<bool> {
        if !self.interactive {
            return Ok(true);
        }
        let prompt = self.texts().label(Label::PressEnter).to_owned();
        Ok(self.read_text(&prompt)?.is_some())
    }

    /// Asks a yes/no question (only of a person at a terminal).
    fn ask(&mut self, question: &str) -> io::Result<Option<bool>> {
        Ok(self.read_text(question)?.map(|a| Texts::is_yes(&a)))
    }

    /// Plays until the match is over (and no rematch is wanted) or the person stops.
    pub fn play(&mut self) -> anyhow::Result<End> {
        loop {
            let phase = self.session.phase();
            if self.deal_due && !matches!(phase, Phase::MatchOver { .. } | Phase::HandSummary) {
                self.show_deal()?;
            }
            match phase {
                Phase::AiDue { .. } => {
                    if !self.delay.is_zero() {
                        std::thread::sleep(self.delay);
                    }
                    self.apply(Action::RunAi)?;
                }
                Phase::Scopa { .. } => {
                    self.apply(Action::Continue)?;
                }
                Phase::HandSummary => {
                    self.show_summary()?;
                    if !self.wait_enter()? {
                        return Ok(End::Stopped(Stop::InputEnded));
                    }
                    self.apply(Action::Continue)?;
                }
                Phase::HandOff { seat } => {
                    if self.interactive {
                        if self.tty_out {
                            // Clear the screen and its scrollback: the last hand shown
                            // was another person's.
                            self.screen.raw("\x1b[H\x1b[2J\x1b[3J")?;
                        }
                        let t = self.texts();
                        let text = self.screen.bold(&t.phase(&phase).to_string());
                        self.say(&text)?;
                        if !self.wait_enter()? {
                            return Ok(End::Stopped(Stop::InputEnded));
                        }
                        let recent = std::mem::take(&mut self.recent).join("\n");
                        self.say(&recent)?;
                    } else {
                        let t = self.texts();
                        self.say(&t.phase(&Phase::HandOff { seat }).to_string())?;
                    }
                    self.apply(Action::Continue)?;
                }
                Phase::MatchOver { .. } => {
                    let t = self.texts();
                    let text = self.screen.loud(&t.phase(&phase).to_string());
                    self.say(&text)?;
                    if !self.summarized {
                        // Resumed at the end: the last summary was shown by another run.
                        let scores = self.session.state().scores;
                        let line = t.match_score(scores, self.session.rules().target);
                        self.say(&line.to_string())?;
                    }
                    if !self.interactive {
                        return Ok(End::Over);
                    }
                    let q = t.rematch_prompt().to_string();
                    if self.ask(&q)? != Some(true) {
                        return Ok(End::Over);
                    }
                    self.apply(Action::Rematch)?;
                }
                Phase::Play { seat } => {
                    if let Some(stop) = self.person_turn(seat)? {
                        return Ok(End::Stopped(stop));
                    }
                }
                Phase::ChooseCapture { seat, card } => {
                    if let Some(stop) = self.choose_capture(seat, card)? {
                        return Ok(End::Stopped(stop));
                    }
                }
            }
        }
    }

    /// The move prompt.
    fn person_turn(&mut self, seat: u8) -> anyhow::Result<Option<Stop>> {
        let state = self.session.state();
        if self.shown != Some((state.match_number, state.hand_number, state.plays, seat)) {
            self.show_position(seat)?;
        }
        let t = self.texts();
        let moves = self.session.legal_moves();
        let prompt = match moves.as_slice() {
            [only] => format!("{} ({})", t.move_prompt(seat), t.enter_plays(*only)),
            _ => t.move_prompt(seat).to_string(),
        };
        let Some(line) = self.read_line(&prompt)? else {
            return Ok(Some(Stop::InputEnded));
        };
        let ask = Ask::Move {
            hand: state.hand,
            moves: &moves,
        };
        match prompt::interpret(&line, ask) {
            Err(r) => self.show_rejection(&r)?,
            Ok(Reply::Remind) => self.show_commands()?,
            Ok(Reply::Show) => self.show_position(seat)?,
            Ok(reply) => return self.reply(reply),
        }
        Ok(None)
    }

    /// The "which capture?" prompt.
    fn choose_capture(&mut self, seat: u8, card: Card) -> anyhow::Result<Option<Stop>> {
        let state = self.session.state();
        let key = (state.match_number, state.hand_number, state.plays, seat);
        if self.shown != Some(key) {
            self.show_position(seat)?;
        }
        if self.listed != Some((key.0, key.1, key.2, card)) {
            self.show_captures(card)?;
            self.listed = Some((key.0, key.1, key.2, card));
        }
        let t = self.texts();
        let Some(line) = self.read_line(t.capture_prompt())? else {
            return Ok(Some(Stop::InputEnded));
        };
        let options = self.session.capture_options();
        let ask = Ask::Capture {
            card,
            hand: state.hand,
            table: state.table,
            options: &options,
        };
        match prompt::interpret(&line, ask) {
            Err(r) => self.show_rejection(&r)?,
            Ok(Reply::Remind) => self.show_captures(card)?,
            Ok(Reply::Show) => {
                self.show_position(seat)?;
                self.show_captures(card)?;
            }
            Ok(Reply::Act(Action::Cancel)) => {
                self.listed = None;
                self.apply(Action::Cancel)?;
            }
            Ok(Reply::Act(action @ Action::Play(_))) => {
                // Cards to take that are not an option: the session's refusal, the
                // options again.
                if !self.apply(action)? {
                    self.show_captures(card)?;
                }
            }
            Ok(reply) => return self.reply(reply),
        }
        Ok(None)
    }

    /// Carries out what a line asks for at either prompt.
    fn reply(&mut self, reply: Reply) -> anyhow::Result<Option<Stop>> {
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
                    self.session
                        .apply(Action::Cancel)
                        .map_err(|e| anyhow::anyhow!("{e}"))?;
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
            Reply::Show => {
                if let Phase::Play { seat } | Phase::ChooseCapture { seat, .. } =
                    self.session.phase()
                {
                    self.show_position(seat)?;
                }
            }
            Reply::Hint => {
                let text = match self.session.hint() {
                    Ok(h) => t.hint(&h).to_string(),
                    Err(e) => t.error(&e).to_string(),
                };
                self.say(&text)?;
            }
            Reply::Help => {
                let text = self.screen.dim(&format!("{}\n{}", t.help(), t.notation()));
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
                if self.autosave.file().is_none() && self.interactive {
                    let q = t.quit_unsaved().to_string();
                    if self.ask(&q)? != Some(true) {
                        return Ok(None);
                    }
                }
                return Ok(Some(Stop::Quit));
            }
        }
        Ok(None)
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
