//! What `scopa play` shows: the start, the position a person plays from, the captures to
//! choose from, the events of each step, the deal, a hand's summary, mistakes — drawn from
//! the presenter's [`Frame`] where it carries them. The words come from
//! `scopa_core::session::texts` and, for what only the terminal says, [`crate::texts`];
//! the lines go to the [`Screen`].

use std::io;

use scopa_core::briscola::TwoDeckEvent;
use scopa_core::scopa::PlayError;
use scopa_core::scopa::teams::{TeamEvent, TeamMove};
use scopa_core::session::CaptureOptions;
use scopa_core::session::table::{Banner, Frame, GameTable, HandOver};
use scopa_core::session::{Game, GameEvent, Label, MAX_SIDES, Phase, SessionError};
use scopa_core::{Card, CardSet};

use super::autosave::SaveState;
use super::prompt::Rejection;
use super::setup::Start;
use super::terminal::Terminal;
use crate::texts::{Stop, TermTexts, listed, pick};

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
        // The game's name, then its own rules (each game its terms; at 6 and 8 the Kings
        // rule counts 5).
        let title = self.screen.bold(t.game_name(settings.game));
        let rules = t.game_rules(settings.game, settings.rules);
        self.say(&format!("{title} — {rules}"))?;
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
        let state = self.session().state();
        if state.plays == 0 {
            // The deal is shown when the hand starts.
            return Ok(());
        }
        self.show_deal()?;
        if let Some(play) = state.last_play {
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

    /// Watch mode, after a play: the table, and with new cards the piles and the cards in
    /// each hand (nobody's hand is shown: docs/threat-model.md). In Briscola, after a trick
    /// only: each side's card points (the plays and the trick were said one by one).
    fn show_watched_table(&mut self, piles: bool) -> io::Result<()> {
        if self.session().game().is_briscola() {
            let text = self.card_points();
            let text = self.screen.dim(&text);
            return self.say(&text);
        }
        let t = self.texts();
        let state = self.session().state();
        let mut text = format!(
            "{}: {}",
            t.label(Label::Table),
            self.screen.cards(&t, state.table)
        );
        if piles {
            text.push_str(&format!(
                "\n{}\n{}",
                t.captured(&state),
                t.hand_sizes(&state)
            ));
        }
        let text = self.screen.dim(&text);
        self.say(&text)
    }

    /// The events of the presenter's frame (those of the last step), shown and written to
    /// the transcript.
    pub(super) fn show_events(&mut self) -> io::Result<()> {
        let frame = self.presenter.frame();
        let t = self.texts();
        // A capture that took the whole table on the last play of the hand: no scopa
        // event follows, and the person is told why.
        let hand_ends = frame.events.iter().any(|e| {
            matches!(
                e.event,
                GameEvent::Scopa(TeamEvent::HandFinished(_))
                    | GameEvent::Briscola(TwoDeckEvent::HandFinished(_))
            )
        });
        // Briscola's draws after a trick are said in one line: who drew the briscola, and
        // the stock left.
        let briscola_to = frame.events.iter().find_map(|e| match e.event {
            GameEvent::Briscola(TwoDeckEvent::Drew {
                seat,
                briscola: true,
            }) => Some(seat),
            _ => None,
        });
        let stock = match &frame.table {
            GameTable::Briscola(b) => b.stock,
            GameTable::Scopa(_) => 0,
        };
        let mut drawn = false;
        let scopa = frame
            .events
            .iter()
            .any(|e| matches!(e.event, GameEvent::Scopa(TeamEvent::Scopa { .. })));
        let left_on_table = frame
            .events
            .iter()
            .any(|e| matches!(e.event, GameEvent::Scopa(TeamEvent::TableCollected { cards, .. }) if !cards.is_empty()));
        let last_capture = frame.events.iter().rev().find_map(|e| match e.event {
            GameEvent::Scopa(TeamEvent::Played { mv, .. }) if !mv.is_lay() => Some(mv),
            _ => None,
        });
        let swept_last = hand_ends && !scopa && !left_on_table && last_capture.is_some();
        let watched = self.session().settings().humans() == 0;
        let mut played = false;
        let mut trick = false;
        for shown in &frame.events {
            let line = shown.line().to_string();
            self.write_transcript(&line)?;
            match shown.event {
                // The deal is shown when the hand starts (after the summary is read).
                GameEvent::Scopa(TeamEvent::NewHand { .. })
                | GameEvent::Briscola(TwoDeckEvent::Dealt { .. }) => self.deal_due = true,
                // The phase shows the winner; the hand's summary, Briscola's points.
                GameEvent::Scopa(TeamEvent::MatchFinished { .. })
                | GameEvent::Briscola(
                    TwoDeckEvent::MatchFinished { .. } | TwoDeckEvent::HandFinished(_),
                ) => {}
                GameEvent::Briscola(TwoDeckEvent::Drew { .. }) => {
                    if !drawn {
                        drawn = true;
                        let text = t.draws(briscola_to, stock).to_string();
                        self.recent.push(text.clone());
                        self.say(&text)?;
                    }
                }
                GameEvent::Briscola(TwoDeckEvent::TrickTaken { .. }) => {
                    trick = true;
                    let text = frame.event_text(shown).to_string();
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
                GameEvent::Scopa(TeamEvent::Scopa { .. }) => {
                    let text = self.screen.loud(&frame.event_text(shown).to_string());
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
                GameEvent::Briscola(TwoDeckEvent::Played { .. }) => {
                    let text = frame.event_text(shown).to_string();
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
                GameEvent::Scopa(TeamEvent::Played { mv, .. }) => {
                    played = true;
                    let text = frame.event_text(shown).to_string();
                    self.recent.push(text.clone());
                    self.say(&text)?;
                    if swept_last && last_capture == Some(mv) {
                        let note = t.last_play_sweep().to_string();
                        self.recent.push(note.clone());
                        self.say(&note)?;
                    }
                }
                _ => {
                    let text = frame.event_text(shown).to_string();
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
            }
        }
        if watched && trick && !hand_ends {
            self.show_watched_table(false)?;
        }
        if watched && played && !hand_ends {
            let dealt = frame
                .events
                .iter()
                .any(|e| matches!(e.event, GameEvent::Scopa(TeamEvent::Dealt { .. })));
            self.show_watched_table(dealt)?;
        }
        Ok(())
    }

    /// The deal of the current hand and who leads.
    pub(super) fn show_deal(&mut self) -> io::Result<()> {
        self.deal_due = false;
        let t = self.texts();
        let deal = self.session().deal_event();
        let state = self.session().state();
        self.say("")?;
        let line = self.screen.bold(&t.event(&deal).to_string());
        self.say(&line)?;
        // The seat after the dealer leads the hand (also when a resumed hand has been
        // played: not the seat to play now).
        let leader = (state.dealer + 1) % self.session().players().max(1);
        let leads = t.leads(leader).to_string();
        self.say(&leads)?;

        self.recent.push(t.event(&deal).to_string());
        Ok(())
    }

    /// The frame's summary of the hand just finished, and the match score.
    pub(super) fn show_summary(&mut self, frame: &Frame) -> io::Result<()> {
        self.summarized = true;
        let t = self.texts();
        if let Some(Banner::HandOver(HandOver::Scopa { rows, .. })) = &frame.banner {
            let sides = frame.sides.len() as u8;
            self.screen.summary(&t, sides, rows)?;
        }
        if let Some(Banner::HandOver(HandOver::Briscola { score, .. })) = &frame.banner {
            let text = format!(
                "{}: {}",
                t.label(Label::CardPoints),
                t.briscola_points(*score)
            );
            self.say(&text)?;
        }
        let line = self.screen.bold(&self.match_score(frame));
        self.say(&line)?;
        if self.session().game().is_briscola() {
            return Ok(());
        }
        // A tie at the top once the target is reached: another hand, and why.
        let top = frame.sides.iter().map(|s| s.score).max().unwrap_or(0);
        let tied = frame.sides.iter().filter(|s| s.score == top).count();
        if top >= u16::from(frame.target) && tied >= 2 {
            let text = t.another_hand(tied as u8, top, frame.target).to_string();
            self.say(&text)?;
        }
        Ok(())
    }

    /// The frame's match score and the target.
    pub(super) fn match_score(&self, frame: &Frame) -> String {
        let mut scores = [0u16; MAX_SIDES];
        for (s, side) in scores.iter_mut().zip(&frame.sides) {
            *s = side.score;
        }
        let t = self.texts();
        t.match_score(self.session().game(), scores, frame.target)
            .to_string()
    }

    /// Briscola: each side's card points this hand (`Card points: You 22 · Player 2 9`).
    fn card_points(&self) -> String {
        let t = self.texts();
        let frame = self.presenter.peek();
        let mut points = [0u16; MAX_SIDES];
        if let GameTable::Briscola(b) = &frame.table {
            for (p, &q) in points.iter_mut().zip(&b.points) {
                *p = u16::from(q);
            }
        }
        format!("{}: {}", t.label(Label::CardPoints), t.scores(points))
    }

    /// The middle of a Briscola table, one line each: the briscola and the stock, the
    /// points taken, the cards in each hand, the last trick and the trick under way.
    fn briscola_lines(&self) -> Vec<String> {
        let t = self.texts();
        let frame = self.presenter.peek();
        let state = self.session().state();
        let GameTable::Briscola(b) = &frame.table else {
            return Vec::new();
        };
        let card = |c: Card| self.screen.cards(&t, CardSet::from_iter([c]));
        let mut lines = Vec::new();
        lines.push(format!(
            "{}: {}{}",
            t.label(Label::Briscola),
            card(b.briscola),
            match b.briscola_holder {
                Some(seat) => format!(
                    " ({} {})",
                    pick(t.lang, "drawn by", "pescata da"),
                    t.seat(seat)
                ),
                None => format!(" · {}: {}", t.label(Label::Stock), b.stock),
            }
        ));
        lines.push(self.card_points());
        lines.push(t.hand_sizes(&state).to_string());
        if let Some(last) = &b.last_trick {
            let cards: Vec<String> = last
                .cards
                .iter()
                .map(|c| format!("{} {}", t.seat(c.seat), card(c.card)))
                .collect();
            lines.push(format!(
                "{}: {} → {} ({})",
                t.label(Label::LastTrick),
                cards.join(", "),
                t.seat(last.winner),
                last.points
            ));
        }
        let trick: Vec<String> = b
            .trick
            .iter()
            .map(|c| format!("{} {}", t.seat(c.seat), card(c.card)))
            .collect();
        lines.push(listed(t.label(Label::Trick), &trick));
        lines
    }

    /// The whole position, as the person to play may see it.
    pub(super) fn show_position(&mut self, seat: u8) -> io::Result<()> {
        let t = self.texts();
        let state = self.session().state();
        self.shown = Some((state.match_number, state.hand_number, state.plays, seat));
        self.hand_on_screen = true;
        self.recent.clear();
        let rules = *self.session().rules();
        self.say("")?;
        if let game @ Game::Briscola(b) = self.session().game() {
            let status = format!(
                "{} {} · {}: {} · {}: {} · {}",
                t.label(Label::Hand),
                u32::from(state.hand_number) + 1,
                t.label(Label::Dealer),
                t.seat(state.dealer),
                t.label(Label::Score),
                t.scores(state.scores),
                t.target_text(game, b.target)
            );
            let status = self.screen.bold(&status);
            self.say(&status)?;
            for line in self.briscola_lines() {
                self.say(&line)?;
            }
            let hand = format!("{}: {}", t.hand_of(seat), self.screen.cards(&t, state.hand));
            self.say(&hand)?;
            let list: Vec<String> = state
                .hand
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}) {}", i + 1, t.card(c)))
                .collect();
            return self.say(&format!("{}: {}", t.label(Label::Moves), list.join(" · ")));
        }
        let status = self
            .screen
            .bold(&t.status(&state, rules.target).to_string());
        self.say(&status)?;
        self.say(&t.captured(&state).to_string())?;
        self.say(&t.hand_sizes(&state).to_string())?;
        let table = format!(
            "{}: {}",
            t.label(Label::Table),
            self.screen.cards(&t, state.table)
        );
        self.say(&table)?;
        let hand = format!("{}: {}", t.hand_of(seat), self.screen.cards(&t, state.hand));
        self.say(&hand)?;
        let moves = self.session().legal_moves();
        let list: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {}", i + 1, t.play(*m)))
            .collect();
        self.say(&format!("{}: {}", t.label(Label::Moves), list.join(" · ")))
    }

    /// The captures `card` can make (the frame's `options`), numbered.
    pub(super) fn show_captures(&mut self, card: Card, options: &CaptureOptions) -> io::Result<()> {
        let t = self.texts();
        let list: Vec<String> = options
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}) {}", i + 1, self.screen.cards(&t, *c)))
            .collect();
        let text = format!(
            "{} {}",
            t.phase(&Phase::ChooseCapture { seat: 0, card }),
            list.join("   ")
        );
        self.say(&text)
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
            Rejection::NotHeld(c) => t.not_held(*c, self.session().state().hand).to_string(),
        };
        self.warn(&text)
    }

    /// Why the session refused an action; a card not held is said with the hand.
    pub(super) fn show_error(&mut self, e: &SessionError) -> io::Result<()> {
        let t = self.texts();
        let text = match *e {
            SessionError::NotInHand { card, .. }
            | SessionError::Illegal(PlayError::CardNotInHand { card, .. }) => {
                t.not_held(card, self.session().state().hand).to_string()
            }
            // Briscola, a card and cards to take typed (`7d 5d`): a card not held is said
            // first (the session checks the capture first).
            SessionError::CaptureInBriscola { card }
                if !self.session().state().hand.contains(card) =>
            {
                t.not_held(card, self.session().state().hand).to_string()
            }
            // A capture the rules refuse: why (an equal card first, a sum that is not
            // the card's value…).
            SessionError::Illegal(PlayError::IllegalCapture { card, capture })
                if !capture.is_empty() =>
            {
                let table = self.session().state().table;
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
