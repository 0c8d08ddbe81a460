//! What `scopa play` shows: the start, the position a person plays from, the captures to
//! choose from, the events of each step, the deal, a hand's summary, mistakes. The table
//! is drawn by [`View`] from the presenter's frame written out ([`scopa_frame::Frame`]) —
//! the layout `scopa online` draws the server's frames with; the rest is `scopa play`'s
//! own (the start, a resumed match, the mistakes). The words come from
//! `scopa_core::session::texts` and, for what only the terminal says, [`crate::texts`];
//! the lines go to the [`Screen`](crate::screen::Screen).

use std::io;

use scopa_core::Card;
use scopa_core::scopa::PlayError;
use scopa_core::scopa::teams::{TeamEvent, TeamMove};
use scopa_core::session::SessionError;
use scopa_frame::Frame;

use super::autosave::SaveState;
use super::prompt::Rejection;
use super::setup::Start;
use super::terminal::Terminal;
use super::view::{View, rules_line};
use crate::texts::{Stop, TermTexts};

impl Terminal {
    /// The session's texts, cards in the screen's style, seats by their names.
    pub(super) fn texts(&self) -> TermTexts {
        TermTexts(
            self.session()
                .texts()
                .with_style(self.screen.style)
                .with_names(*self.presenter.names()),
        )
    }

    pub(super) fn say(&mut self, text: &str) -> io::Result<()> {
        self.screen.say(text)
    }

    pub(super) fn warn(&mut self, text: &str) -> io::Result<()> {
        let text = self.screen.warn(text);
        self.screen.say(&text)
    }

    /// The rules, the seats, how the match began, where it is saved, what can be typed.
    pub(super) fn intro(&mut self, start: &Start) -> io::Result<()> {
        let t = self.texts();
        let settings = *self.session().settings();
        let rules = rules_line(&t, &self.screen, &settings);
        self.say(&rules)?;
        self.say(&t.lineup(&settings).to_string())?;
        match start {
            Start::New => {}
            Start::Resumed(path) => {
                self.say(&t.resumed(&path.display().to_string()).to_string())?
            }
            Start::Migrated(path) => {
                let p = path.display().to_string();
                self.say(&t.resumed(&p).to_string())?;
                self.say(&t.migrated(&p).to_string())?;
            }
        }
        if let Some(file) = self.autosave.file() {
            let p = file.path().display().to_string();
            self.say(&t.saving_to(&p).to_string())?;
        }
        if settings.humans() == 0 {
            self.say(t.watching())?;
        } else {
            let help = format!("{}\n{}", t.notation(), t.commands(settings.game));
            let help = self.screen.dim(&help);
            self.say(&help)?;
        }
        Ok(())
    }

    /// After the introduction of a resumed match: the current hand's deal and the last
    /// play, so that the person sees where the match stands (also shown again after a
    /// hand-off, with what happened since).
    pub(super) fn show_resumed(&mut self) -> io::Result<()> {
        let m = self.session().game_match();
        let (plays, last_play) = (m.plays(), m.last_play());
        if plays == 0 {
            // The deal is shown when the hand starts.
            return Ok(());
        }
        self.show_deal()?;
        if let Some(play) = last_play {
            let t = self.texts();
            let played = TeamEvent::Played {
                seat: play.seat,
                mv: play.mv,
            };
            let line = t.last_play(&t.scopa_event(&played).to_string()).to_string();
            self.recent.push(line.clone());
            self.say(&line)?;
        }
        Ok(())
    }

    /// Where the match stands for `seat` to play: the match, the hand and the plays made
    /// in it (a position shown once is not shown again).
    pub(super) fn position_key(&self, seat: u8) -> (u32, u16, u8, u8) {
        let session = self.session();
        let m = session.game_match();
        (session.match_number(), m.hand_number(), m.plays(), seat)
    }

    /// The frame to draw now, written out (what [`View`] draws).
    pub(super) fn written(&self) -> Frame {
        Frame::new(
            &self.presenter.peek(),
            self.session(),
            self.presenter.recap(),
        )
    }

    /// Says `lines`, each also kept in [`Terminal::recent`] (shown again after a hand-off).
    fn say_recent(&mut self, lines: Vec<String>) -> io::Result<()> {
        for line in lines {
            self.say(&line)?;
            self.recent.push(line);
        }
        Ok(())
    }

    /// The events of the presenter's frame (those of the last step), shown and written to
    /// the transcript; in watch mode the table after a play.
    pub(super) fn show_events(&mut self) -> io::Result<()> {
        let frame = self.presenter.frame();
        let frame = Frame::new(&frame, self.session(), self.presenter.recap());
        for e in &frame.events {
            self.write_transcript(&e.line)?;
        }
        let t = self.texts();
        let view = View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        };
        let said = view.events();
        let watched = self.session().settings().humans() == 0 && !said.hand_ends;
        let table = match (said.trick, said.played) {
            _ if !watched => None,
            (true, _) => Some(view.watched_table(false)),
            (false, true) => Some(view.watched_table(said.round)),
            (false, false) => None,
        };
        // The deal is shown when the hand starts (after the summary is read).
        self.deal_due |= said.dealt;
        self.say_recent(said.lines)?;
        if let Some(table) = table {
            self.say(&table)?;
        }
        Ok(())
    }

    /// The deal of the current hand and who leads.
    pub(super) fn show_deal(&mut self) -> io::Result<()> {
        self.deal_due = false;
        let frame = self.written();
        let t = self.texts();
        let view = View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        };
        let (lines, deal) = (view.deal(), view.deal_text().map(str::to_owned));
        for line in lines {
            self.say(&line)?;
        }
        self.recent.extend(deal);
        Ok(())
    }

    /// The summary of the hand just finished, and the match score.
    pub(super) fn show_summary(&mut self) -> io::Result<()> {
        self.summarized = true;
        let frame = self.written();
        let t = self.texts();
        let view = View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        };
        let Some(summary) = view.summary() else {
            return Ok(());
        };
        self.screen.raw(&summary.table)?;
        for line in summary.lines {
            self.say(&line)?;
        }
        Ok(())
    }

    /// The match score and the target.
    pub(super) fn match_score(&self) -> String {
        let frame = self.written();
        let t = self.texts();
        View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        }
        .match_score()
    }

    /// The whole position, as the person to play may see it.
    pub(super) fn show_position(&mut self, seat: u8) -> io::Result<()> {
        let t = self.texts();
        self.shown = Some(self.position_key(seat));
        let hand = self.session().hand();
        self.hand_on_screen = true;
        self.recent.clear();
        // What a number typed plays: Scopa's moves, Briscola's cards of the hand.
        let moves: Vec<String> = if self.session().game().is_briscola() {
            hand.iter().map(|c| t.card(c).to_string()).collect()
        } else {
            let moves = self.session().legal_moves();
            moves.iter().map(|m| t.play(*m).to_string()).collect()
        };
        let frame = self.written();
        let lines = View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        }
        .position(seat, &moves);
        for line in lines {
            self.say(&line)?;
        }
        Ok(())
    }

    /// The captures of the card being played (the frame's options), numbered.
    pub(super) fn show_captures(&mut self) -> io::Result<()> {
        let frame = self.written();
        let t = self.texts();
        let text = View {
            frame: &frame,
            t: &t,
            screen: &self.screen,
        }
        .captures();
        match text {
            Some(text) => self.say(&text),
            None => Ok(()),
        }
    }

    /// After a refused move: what the card can do.
    pub(super) fn show_alternatives(&mut self, card: Card) -> io::Result<()> {
        let mut moves: Vec<TeamMove> = Vec::new();
        self.session().for_each_legal_move(&mut |m| {
            if m.card() == card {
                moves.push(super::scopa_form(m));
            }
        });
        if !moves.is_empty() {
            let text = self.texts().can_play_with(card, &moves).to_string();
            self.say(&text)?;
        }
        Ok(())
    }

    /// The commands, quietly.
    pub(super) fn show_commands(&mut self) -> io::Result<()> {
        let t = self.texts();
        let text = self.screen.dim(t.commands(self.session().game()));
        self.say(&text)
    }

    /// Why a line asks for nothing.
    pub(super) fn show_rejection(&mut self, r: &Rejection) -> io::Result<()> {
        let t = self.texts();
        let text = match r {
            Rejection::TooLong(len) => t.line_too_long(*len).to_string(),
            Rejection::NotText => t.not_text().to_owned(),
            Rejection::NotACard(w) => t.not_a_card(w).to_string(),
            Rejection::Twice(c) => t.card_twice(*c).to_string(),
            Rejection::NoSuchMove(n, of) => t.no_such_move(*n, *of).to_string(),
            Rejection::NotHeld(c) => t.not_held(*c, self.session().hand()).to_string(),
        };
        self.warn(&text)
    }

    /// Why the session refused an action; a card not held is said with the hand.
    pub(super) fn show_error(&mut self, e: &SessionError) -> io::Result<()> {
        let t = self.texts();
        let text = match *e {
            SessionError::NotInHand { card, .. }
            | SessionError::Illegal(PlayError::CardNotInHand { card, .. }) => {
                t.not_held(card, self.session().hand()).to_string()
            }
            // Briscola, a card and cards to take typed (`7d 5d`): a card not held is said
            // first (the session checks the capture first).
            SessionError::CaptureInBriscola { card } if !self.session().hand().contains(card) => {
                t.not_held(card, self.session().hand()).to_string()
            }
            // A capture the rules refuse: why (an equal card first, a sum that is not
            // the card's value…).
            SessionError::Illegal(PlayError::IllegalCapture { card, capture })
                if !capture.is_empty() =>
            {
                let table = self.session().game_match().table_cards();
                let ace = self.session().rules().ace;
                t.capture_refused(card, capture, table, ace).to_string()
            }
            _ => t.error(e).to_string(),
        };
        self.warn(&text)
    }

    /// The closing note: whether the match is saved, and the command that continues it.
    pub(super) fn end_note(&self) -> String {
        let t = self.texts();
        // Names are not in the save: the command gives them again.
        let names = self.presenter.names();
        let names = (0..self.session().players())
            .map(|seat| names.get(seat).unwrap_or(""))
            .collect::<Vec<_>>()
            .join(",");
        let command = |path: &std::path::Path| {
            let path = path.display().to_string();
            let mut command = format!("{} play --resume {}", self_command(), quote(&path));
            if !self.presenter.names().is_empty() {
                command.push_str(" --names ");
                command.push_str(&quote(&names));
            }
            (path, command)
        };
        match self.autosave.state() {
            SaveState::NotSaved => t.not_saved().to_owned(),
            SaveState::Saved(file) => {
                let (path, command) = command(file);
                t.saved_in(&path, &command).to_string()
            }
            SaveState::SavedBeforeFailure(file) => {
                let (path, command) = command(file);
                t.saved_before_failure(&path, &command).to_string()
            }
        }
    }

    /// Tells the interrupt handler what to print from now on.
    pub(super) fn update_end_note(&self) {
        let t = self.texts();
        let note = self.end_note();
        let interrupted = self
            .screen
            .wrapped(&format!("{} {note}", t.stopped(Stop::Interrupted)));
        self.autosave.set_interrupt_text(interrupted);
    }
}

/// The command that runs this program: `scopa` when that name on the PATH is this
/// program, else its full path — so that printed commands work when pasted.
fn self_command() -> String {
    let Ok(exe) = std::env::current_exe().and_then(|p| p.canonicalize()) else {
        return "scopa".to_owned();
    };
    let on_path = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths)
            .filter_map(|dir| dir.join("scopa").canonicalize().ok())
            .next()
            .is_some_and(|p| p == exe)
    });
    if on_path {
        "scopa".to_owned()
    } else {
        quote(&exe.display().to_string())
    }
}

/// `text` quoted for a POSIX shell when it needs it.
fn quote(text: &str) -> String {
    shlex::try_quote(text).map_or_else(|_| text.to_owned(), |q| q.into_owned())
}
