//! `scopa play`: a terminal front-end of [`scopa_core::session::Session`], driven by its
//! [`Presenter`]. The session owns the game — seats, phases, AI seeds, undo, texts, the
//! save format; the presenter owns the flow — what the terminal waits for, which delay
//! runs, when to save; this module turns typed lines into
//! [`scopa_core::session::Action`]s and the presenter's frames into lines of text.
//!
//! Everything a person reads comes from `scopa_core::session::texts` and, for the texts
//! only the terminal shows, from [`crate::texts`] (English or Italian); only `--help` and
//! the errors that stop the program before a match are English.
//!
//! - [`args`]: the options and the settings they describe;
//! - [`setup`]: a new match or a resumed one, and the lines to play;
//! - [`autosave`]: the save file's lifecycle and what Ctrl-C prints;
//! - [`prompt`]: what a typed line asks for (a pure function);
//! - [`render`]: what is shown;
//! - [`view`]: the table drawn from the written-out frame, the layout `scopa online`
//!   draws with too;
//! - [`terminal`]: the table loop, [`terminal::Terminal`].

mod args;
mod autosave;
mod prompt;
mod render;
mod setup;
mod terminal;
pub(crate) mod view;

pub use args::{LangArg, PlayArgs, settings_of};

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use scopa_core::game::GameMove;
use scopa_core::scopa::teams::TeamMove;
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::Pacing;
use scopa_core::session::{CardStyle, transcript};

use crate::save;
use crate::screen::{Screen, SuitStyle};
use autosave::Autosave;
use setup::Start;
use terminal::Terminal;

/// A move of the session as the prompt lists it: Scopa's move, or Briscola's card as a
/// card laid (which the session plays as the card).
fn scopa_form(mv: GameMove) -> TeamMove {
    mv.scopa().unwrap_or(TeamMove::lay(mv.card()))
}

/// Plays; returns when the match is over (and no rematch is wanted), on `quit`, `save`, or
/// at the end of input.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let tty_out = io::stdout().is_terminal();
    run_to(args, Box::new(io::stdout()), tty_out)
}

/// [`run`], the screen written to `out` (`tty_out`: it is a terminal).
fn run_to(args: PlayArgs, out: Box<dyn Write + Send>, tty_out: bool) -> anyhow::Result<ExitCode> {
    let script = args.script.as_deref().map(setup::read_script).transpose()?;
    let (mut session, start) = setup::start(&args, script.as_ref())?;
    let save_path = args.save.clone().or_else(|| args.resume.clone());
    session.set_lang(setup::lang(&args));

    let interactive = script.is_none() && io::stdin().is_terminal();
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let style = match args.suits {
        SuitStyle::Auto if tty_out => CardStyle::Symbols,
        SuitStyle::Auto | SuitStyle::Letters => CardStyle::Letters,
        SuitStyle::Symbols => CardStyle::Symbols,
        SuitStyle::Names => CardStyle::Names,
    };
    // Lines are wrapped to the terminal's width; output that is not a terminal keeps whole
    // lines for the programs reading it, unless COLUMNS asks for a width.
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    let width = match (tty_out, columns) {
        (true, _) => Some(textwrap::termwidth()),
        (false, columns) => columns,
    };
    let screen = Screen::new(
        out,
        width,
        tty_out && !args.no_color && !no_color_env,
        style,
    );
    let delay = args
        .delay_ms
        .unwrap_or(if tty_out && script.is_none() { 500 } else { 0 });
    // The terminal's pacing: the pause before a computer play; no scopa banner to wait
    // for (the sweep is a line); with a person at the terminal, Enter closes a hand's
    // summary and takes the terminal in pass-and-play, and a watched hand's summary stays
    // 3 s; scripts and pipes go straight on.
    let pacing = Pacing {
        ai_ms: u32::try_from(delay).unwrap_or(u32::MAX),
        scopa_ms: 0,
        summary_ms: if interactive { 3000 } else { 0 },
        attended: interactive,
    };
    let names = args::names_of(&args, session.players(), session.settings().lang)?;
    let mut presenter = match start {
        Start::New => Presenter::new(session, pacing),
        Start::Resumed(_) | Start::Migrated(_) => Presenter::resumed(session, pacing),
    };
    presenter.set_style(style);
    presenter.set_names(names);
    // The first frame holds the current hand's deal: written to a new session's
    // transcript, shown (below) when the hand has not started.
    let first = presenter.frame();
    let input = setup::input(&args, script, save_path.is_some())?;
    let transcript = match &args.transcript {
        None => None,
        Some(path) => Some(BufWriter::new(File::create(path).with_context(|| {
            format!("cannot write the transcript {}", path.display())
        })?)),
    };
    let save = match &save_path {
        Some(path) => Some(
            save::SaveFile::new(path)
                .with_context(|| format!("cannot save to {}", path.display()))?,
        ),
        None => None,
    };
    let mut table = Terminal {
        presenter,
        screen,
        input,
        interactive,
        tty_out,
        autosave: Autosave::new(save),
        transcript,
        buf: Vec::new(),
        shown: None,
        recent: Vec::new(),
        deal_due: false,
        listed: None,
        summarized: false,
        hand_on_screen: false,
    };
    table.update_end_note();
    table.autosave.install_interrupt_handler();
    // The first save must work: better to stop now than after a long game. It is written
    // for a resumed session too (an older format is saved in the current one from now on).
    table.presenter.take_save();
    let bytes = table.session().to_bytes();
    if let Err(e) = table.autosave.first(&bytes) {
        let path = save_path.unwrap_or_default();
        return Err(e).with_context(|| format!("cannot save to {}", path.display()));
    }
    table.intro(&start)?;
    if !matches!(start, Start::New) {
        // Where the resumed match stands: the current hand's deal and the last play.
        table.show_resumed()?;
    }
    if matches!(start, Start::New) {
        let mut line = transcript::start(table.session().settings()).to_string();
        for e in &first.events {
            line.push_str(&format!("\n{}", e.line()));
        }
        table.write_transcript(&line)?;
    }
    table.deal_due = table.session().game_match().plays() == 0;
    let end = table.play()?;
    table.finish(end)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use args::LangArg;
    use scopa_core::ai::Level;
    use scopa_core::scopa::Rules;
    use scopa_core::session::{Session, Settings};
    use std::path::PathBuf;
    use std::sync::{Arc, Mutex};

    /// A screen that checks, at every write, that the save file already holds every play
    /// written so far (issue 26, defect 1).
    #[derive(Clone)]
    struct SaveFirst {
        save: PathBuf,
        text: Arc<Mutex<String>>,
        /// (plays shown, plays saved) at each write where the screen was ahead.
        ahead: Arc<Mutex<Vec<(usize, u8)>>>,
    }

    impl Write for SaveFirst {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            let mut text = self.text.lock().unwrap();
            text.push_str(&String::from_utf8_lossy(b));
            // Plays of the first hand, as shown: `You: 4d on the table`, `Player 2: …`.
            let shown = text
                .lines()
                .filter(|l| {
                    l.starts_with("You: ")
                        || l.strip_prefix("Player ")
                            .is_some_and(|r| r.as_bytes().get(1..3) == Some(b": "))
                })
                .count();
            let saved = std::fs::read(&self.save)
                .ok()
                .and_then(|b| Session::from_bytes(&b).ok())
                .map_or(0, |s| s.game_match().plays());
            if shown > usize::from(saved) {
                self.ahead.lock().unwrap().push((shown, saved));
            }
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Issue 26, defect 1: the events of a play were shown before the play was saved, so
    /// a kill between the two lost a play the person had seen.
    #[test]
    fn every_play_on_screen_is_already_saved() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.scopa");
        let script = dir.path().join("g.script");
        let settings = Settings::against(Level::Random, Rules::default());
        // 12 plays of the person: within the first hand (18 each with 2 players).
        let text = format!(
            "seed 5\n{}\n{}",
            transcript::start(&settings),
            "1\n".repeat(12)
        );
        std::fs::write(&script, text).unwrap();
        let screen = SaveFirst {
            save: save.clone(),
            text: Arc::default(),
            ahead: Arc::default(),
        };
        let args = PlayArgs {
            script: Some(script),
            save: Some(save),
            lang: Some(LangArg::En),
            delay_ms: Some(0),
            ..PlayArgs::default()
        };
        run_to(args, Box::new(screen.clone()), false).unwrap();
        let text = screen.text.lock().unwrap().clone();
        assert!(text.matches("\nYou: ").count() == 12, "{text}");
        let ahead = screen.ahead.lock().unwrap().clone();
        assert!(
            ahead.is_empty(),
            "plays shown before they were saved (shown, saved): {ahead:?}"
        );
    }
}
