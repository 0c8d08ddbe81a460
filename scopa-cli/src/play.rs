//! `scopa play`: a terminal front-end of [`scopa_core::session::Session`]. The session owns
//! the game — seats, phases, AI seeds, undo, texts, the save format; this module turns
//! typed lines into [`Action`]s and the session's state and events into lines of text.
//!
//! Everything a person reads comes from `scopa_core::session::texts` (English or Italian);
//! only `--help` and the errors that stop the program before a match are English.

use std::collections::VecDeque;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use scopa_core::ai::Level;
use scopa_core::session::texts::Stop;
use scopa_core::session::{
    Action, CardStyle, Controller, Label, Lang, Phase, Session, SessionError, Settings, Texts,
    transcript,
};
use scopa_core::{Card, CardSet, Event, Events, Move, PlayError};

use crate::common::{BoundedLine, RulesArgs, read_bounded_line};
use crate::input::{self, Command, Typed, TypedCard, TypedError};
use crate::save;
use crate::screen::{Screen, SuitStyle};

/// The longest input line read at the prompt.
const MAX_INPUT: usize = 4096;
/// The largest script file read.
const MAX_SCRIPT: u64 = 1 << 20;

/// The language of the texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English.
    En,
    /// Italiano.
    It,
}

/// Options of `scopa play` (also the default command).
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// AI level of the computer seats: random, easy, medium, expert or handheld
    /// [default: expert].
    #[arg(long)]
    pub level: Option<Level>,
    /// How many seats people play, from seat 1 (pass-and-play on one terminal when more
    /// than one; the others are the computer at --level) [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=4))]
    pub humans: Option<u8>,
    /// Who plays each seat, comma-separated: human or an AI level
    /// (e.g. human,expert,human,easy); sets the number of players when --players is not
    /// given.
    #[arg(long, value_name = "LIST", conflicts_with_all = ["humans", "watch"])]
    pub seats: Option<String>,
    /// Watch the computer play every seat.
    #[arg(long, conflicts_with = "humans")]
    pub watch: bool,
    /// Let the one person take back their last play (against the computer only).
    #[arg(long)]
    pub undo: bool,
    /// Language of the game: en or it [default: from LC_ALL, LC_MESSAGES or LANG].
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// The session's secret: the same seed, settings and moves replay the same match
    /// [default: drawn from the system's entropy, never shown].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save the match to FILE after every play (atomically).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue the match saved in FILE (and keep saving to it unless --save says otherwise).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Let --save replace an existing file.
    #[arg(long)]
    pub overwrite: bool,
    /// Write the canonical transcript (scopa_core::session::transcript lines) to FILE.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
    /// Play a script (`seed N`, `session …` and one move per line) as if its moves were
    /// typed; with --resume, the moves after its `save` line.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Pause before each computer play, in milliseconds [default: 500 when a person is at
    /// a terminal, else 0].
    #[arg(long, value_name = "MS")]
    pub delay_ms: Option<u64>,
    /// How cards are shown: letters (7d), symbols (7♦) or names (7 of denari)
    /// [auto: symbols in a terminal, letters otherwise]. Every form can be typed.
    #[arg(long, value_enum, default_value_t)]
    pub suits: SuitStyle,
    /// No colours even in a terminal (the NO_COLOR environment variable does the same).
    #[arg(long)]
    pub no_color: bool,
}

/// The note printed when the program stops (Ctrl-C included): where the match is saved.
static END_NOTE: Mutex<String> = Mutex::new(String::new());
/// Held while a save is written, so that Ctrl-C waits for the write to finish.
static SAVING: Mutex<()> = Mutex::new(());
/// What Ctrl-C prints: "Interrupted." and the end note, in the session's language,
/// wrapped to the screen.
static INTERRUPTED: Mutex<String> = Mutex::new(String::new());

fn set_end_note(note: String, interrupted: String) {
    if let Ok(mut n) = END_NOTE.lock() {
        *n = note;
    }
    if let Ok(mut i) = INTERRUPTED.lock() {
        *i = interrupted;
    }
}

/// Ctrl-C (and SIGTERM, SIGHUP): say whether the match is saved, then stop.
fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        let _writing = SAVING.lock();
        let text = INTERRUPTED.lock().map(|t| t.clone()).unwrap_or_default();
        let mut out = io::stdout().lock();
        let _ = write!(out, "\n{text}");
        let _ = out.flush();
        std::process::exit(130);
    });
}

/// The language of `LC_ALL`, `LC_MESSAGES` or `LANG`, the first that is set.
fn lang_from_env() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .map_or(Lang::En, |v| Lang::from_tag(&v))
}

/// A secret nobody can guess: the hasher keys std draws from the system's entropy, mixed
/// with the time and the process id.
fn entropy_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    h.finish()
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

/// The seats of the options: `--seats`, or `--humans`/`--watch` and `--level`.
fn settings_of(args: &PlayArgs) -> anyhow::Result<Settings> {
    let mut rules_args = args.rules.clone();
    let list: Option<Vec<Controller>> = match &args.seats {
        None => None,
        Some(text) => Some(
            text.split(',')
                .map(|w| match w.trim() {
                    "human" | "person" => Ok(Controller::Human),
                    level => level
                        .parse::<Level>()
                        .map(Controller::Ai)
                        .map_err(|_| anyhow::anyhow!("--seats: `{level}` is not human or an AI level (random, easy, medium, expert, handheld)")),
                })
                .collect::<anyhow::Result<_>>()?,
        ),
    };
    if let Some(list) = &list
        && rules_args.players.is_none()
    {
        rules_args.players = Some(list.len() as u8);
    }
    let rules = rules_args.to_rules()?;
    let level = args.level.unwrap_or(Level::Expert);
    let mut settings = Settings::against(level, rules);
    match list {
        Some(list) => {
            if list.len() != usize::from(rules.players) {
                bail!(
                    "--seats names {} seats but the game has {} players",
                    list.len(),
                    rules.players
                );
            }
            settings.seats[..list.len()].copy_from_slice(&list);
        }
        None => {
            let humans = if args.watch {
                0
            } else {
                args.humans.unwrap_or(1)
            };
            if humans > rules.players {
                bail!(
                    "--humans {humans}: a {}-player game has only {} seats",
                    rules.players,
                    rules.players
                );
            }
            for (seat, c) in settings.seats[..usize::from(rules.players)]
                .iter_mut()
                .enumerate()
            {
                *c = if seat < usize::from(humans) {
                    Controller::Human
                } else {
                    Controller::Ai(level)
                };
            }
        }
    }
    settings.undo = args.undo;
    settings
        .validate()
        .map_err(|e| anyhow::anyhow!("these settings cannot be played: {e}"))?;
    Ok(settings)
}

/// A script: its seed and settings (when it has them) and its move lines.
struct Script {
    seed: Option<u64>,
    settings: Option<Settings>,
    lines: Vec<String>,
}

fn read_script(path: &Path) -> anyhow::Result<Script> {
    let mut text = String::new();
    File::open(path)
        .and_then(|f| io::Read::read_to_string(&mut io::Read::take(f, MAX_SCRIPT), &mut text))
        .with_context(|| format!("cannot read the script {}", path.display()))?;
    let mut script = Script {
        seed: None,
        settings: None,
        lines: Vec::new(),
    };
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = || format!("{} line {}", path.display(), n + 1);
        if let Some(seed) = line.strip_prefix("seed ") {
            script.seed = Some(
                seed.trim()
                    .parse()
                    .with_context(|| format!("{}: the seed is not a number", at()))?,
            );
        } else if line.starts_with("session ") {
            script.settings = Some(line.parse().map_err(|e| anyhow::anyhow!("{}: {e}", at()))?);
        } else {
            script.lines.push(line.to_owned());
        }
    }
    Ok(script)
}

/// How the match began.
enum Start {
    New,
    Resumed(PathBuf),
    Migrated(PathBuf),
}

/// Plays; returns when the match is over (and no rematch is wanted), on `quit`, `save`, or
/// at the end of input.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let tty_out = io::stdout().is_terminal();
    run_to(args, Box::new(io::stdout()), tty_out)
}

/// [`run`], the screen written to `out` (`tty_out`: it is a terminal).
fn run_to(args: PlayArgs, out: Box<dyn Write + Send>, tty_out: bool) -> anyhow::Result<ExitCode> {
    let script = args.script.as_deref().map(read_script).transpose()?;
    let (mut session, start) = setup(&args, script.as_ref())?;
    let save_path = args.save.clone().or_else(|| args.resume.clone());
    let lang = args
        .lang
        .map(|l| match l {
            LangArg::En => Lang::En,
            LangArg::It => Lang::It,
        })
        .unwrap_or_else(lang_from_env);
    session.set_lang(lang);

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
    let delay = Duration::from_millis(args.delay_ms.unwrap_or(if tty_out && script.is_none() {
        500
    } else {
        0
    }));

    // The script's moves (after its `save` line when resuming); a `save` line only counts
    // when there is a file to save to.
    let input = match script {
        None => Input::Stdin(Box::new(io::stdin().lock())),
        Some(s) => {
            let mut lines: VecDeque<String> = s.lines.into();
            if args.resume.is_some() {
                let Some(at) = lines.iter().position(|l| l == "save") else {
                    bail!("--resume with --script: the script has no `save` line to resume after");
                };
                lines.drain(..=at);
            }
            if save_path.is_none() {
                lines.retain(|l| l != "save");
            }
            Input::Script(lines)
        }
    };
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
    let mut game = Game {
        session,
        screen,
        input,
        interactive,
        tty_out,
        delay,
        save,
        transcript,
        buf: Vec::new(),
        shown: None,
        recent: Vec::new(),
        deal_due: false,
        listed: None,
        summarized: false,
    };
    game.update_end_note();
    install_interrupt_handler();
    // The first save must work: better to stop now than after a long game.
    let bytes = game.session.to_bytes();
    if let Some(file) = &mut game.save {
        file.write(&bytes)
            .with_context(|| format!("cannot save to {}", file.path().display()))?;
    }
    game.intro(&start)?;
    if matches!(start, Start::New) {
        let line = format!(
            "{}\n{}",
            transcript::start(game.session.settings()),
            transcript::event(&game.session.deal_event())
        );
        game.write_transcript(&line)?;
    }
    game.deal_due = game.session.state().plays == 0;
    let stop = game.play()?;
    game.finish(stop)?;
    Ok(ExitCode::SUCCESS)
}

fn setup(args: &PlayArgs, script: Option<&Script>) -> anyhow::Result<(Session, Start)> {
    if let Some(path) = &args.resume {
        let saved = save::load(path).map_err(|e| match e {
            save::SaveError::Io(io) => anyhow::anyhow!("cannot read {}: {io}", path.display()),
            other => anyhow::anyhow!("{} is not a scopa save: {other}", path.display()),
        })?;
        if let Some(other) = &args.save
            && other != path
            && other.exists()
            && !args.overwrite
        {
            bail!(
                "{} already exists; add --overwrite to replace it with the resumed match",
                other.display()
            );
        }
        if args.rules.any_given()
            || args.humans.is_some()
            || args.seats.is_some()
            || args.watch
            || args.undo
        {
            eprintln!(
                "scopa: the rules and seats come from the save; the options given for them are ignored"
            );
        }
        return Ok(match saved {
            save::Saved::Session(s) => (*s, Start::Resumed(path.clone())),
            save::Saved::Legacy {
                game,
                level,
                ai_seed,
            } => {
                // An older save: you at seat 0 against the AI, as the CLI played then; the
                // old AI seed (or the seed given) is the session's secret from now on.
                let level = args.level.or(level).unwrap_or(Level::Expert);
                let settings = Settings::against(level, *game.rules());
                let secret = ai_seed.or(args.seed).unwrap_or_else(entropy_seed);
                let session = Session::resume(settings, secret, *game)
                    .map_err(|e| anyhow::anyhow!("{} cannot be resumed: {e}", path.display()))?;
                (session, Start::Migrated(path.clone()))
            }
        });
    }
    if let Some(path) = &args.save
        && path.exists()
        && !args.overwrite
    {
        bail!(
            "{} already exists; continue it with --resume {0}, or add --overwrite to replace it",
            path.display()
        );
    }
    let (settings, seed) = match script {
        Some(Script {
            settings: Some(settings),
            seed,
            ..
        }) => (*settings, args.seed.or(*seed)),
        Some(_) => bail!("the script has no `session …` settings line"),
        None => (settings_of(args)?, args.seed),
    };
    let session = Session::new(settings, seed.unwrap_or_else(entropy_seed))
        .map_err(|e| anyhow::anyhow!("cannot start the match: {e}"))?;
    Ok((session, Start::New))
}

/// Where typed lines come from.
enum Input {
    Stdin(Box<dyn BufRead>),
    Script(VecDeque<String>),
}

/// Why the game loop stopped.
enum End {
    /// The match is over and no rematch was asked for.
    Over,
    /// The person stopped (quit, save, end of input).
    Stopped(Stop),
}

struct Game {
    session: Session,
    screen: Screen,
    input: Input,
    /// A person types at a terminal: acknowledgements and questions wait for them.
    interactive: bool,
    /// The output is a terminal (its screen can be cleared).
    tty_out: bool,
    delay: Duration,
    save: Option<save::SaveFile>,
    transcript: Option<BufWriter<File>>,
    buf: Vec<u8>,
    /// The position last shown in full (match number, hand, plays, seat), so that a
    /// mistake does not redraw it.
    shown: Option<(u32, u16, u8, u8)>,
    /// What happened since the last person's turn (shown again after a hand-off).
    recent: Vec<String>,
    /// The deal of the current hand is still to be shown.
    deal_due: bool,
    /// The capture choice whose options were listed (a mistake does not list them again).
    listed: Option<(u32, u16, u8, Card)>,
    /// A hand's summary was shown in this run.
    summarized: bool,
}

impl Game {
    fn texts(&self) -> Texts {
        self.session.texts().with_style(self.screen.style)
    }

    fn say(&mut self, text: &str) -> io::Result<()> {
        self.screen.say(text)
    }

    fn warn(&mut self, text: &str) -> io::Result<()> {
        let text = self.screen.warn(text);
        self.screen.say(&text)
    }

    fn write_transcript(&mut self, lines: &str) -> io::Result<()> {
        if let Some(t) = &mut self.transcript {
            writeln!(t, "{lines}")?;
            t.flush()?;
        }
        Ok(())
    }

    fn update_end_note(&self) {
        let t = self.texts();
        let note = match &self.save {
            Some(file) => {
                let path = file.path().display().to_string();
                let command = format!("{} play --resume {}", self_command(), quote(&path));
                if file.is_stale() && save::load(file.target()).is_err() {
                    // The last good save is gone (the file replaced by a directory, removed):
                    // nothing to resume.
                    t.not_saved().to_owned()
                } else if file.is_stale() {
                    t.saved_before_failure(&path, &command).to_string()
                } else {
                    t.saved_in(&path, &command).to_string()
                }
            }
            None => t.not_saved().to_owned(),
        };
        let interrupted = self
            .screen
            .wrapped(&format!("{} {note}", t.stopped(Stop::Interrupted)));
        set_end_note(note, interrupted);
    }

    /// Saves, and says what [`Game::save_note`] has to say.
    fn write_save(&mut self) -> io::Result<()> {
        match self.save_note() {
            Some(note) => self.say(&note),
            None => Ok(()),
        }
    }

    /// Saves after each action. The player is told once when saving starts failing (and
    /// that nothing since the last good save is kept), and once when it works again: the
    /// note to show, if any.
    fn save_note(&mut self) -> Option<String> {
        let bytes = self.session.to_bytes();
        let t = self.texts();
        let file = self.save.as_mut()?;
        let was_stale = file.is_stale();
        let written = {
            let _writing = SAVING.lock();
            file.write(&bytes)
        };
        let path = file.path().display().to_string();
        let note = match written {
            Err(e) if !was_stale => self
                .screen
                .warn(&t.save_failing(&path, &e.to_string()).to_string()),
            Err(_) => return None,
            Ok(()) if was_stale => t.saved_again(&path).to_string(),
            Ok(()) => return None,
        };
        self.update_end_note();
        Some(note)
    }

    fn intro(&mut self, start: &Start) -> io::Result<()> {
        let t = self.texts();
        let settings = *self.session.settings();
        let title = self.screen.bold("Scopa");
        self.say(&format!("{title} — {}", t.rules(settings.rules)))?;
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
        if let Some(file) = &self.save {
            let p = file.path().display().to_string();
            self.say(&t.saving_to(&p).to_string())?;
        }
        if settings.humans() == 0 {
            self.say(t.watching())?;
        } else {
            let help = format!("{}\n{}", t.notation(), t.commands());
            let help = self.screen.dim(&help);
            self.say(&help)?;
        }
        Ok(())
    }

    /// Carries out `action`, saves, then shows and records its events: what the screen
    /// shows is saved already.
    fn apply(&mut self, action: Action) -> Result<bool, anyhow::Error> {
        match self.session.apply(action) {
            Ok(events) => {
                let note = self.save_note();
                self.show_events(&events)?;
                if let Some(note) = note {
                    self.say(&note)?;
                }
                Ok(true)
            }
            Err(e) => {
                let text = self.texts().error(&e).to_string();
                self.warn(&text)?;
                if matches!(e, SessionError::Internal) {
                    bail!("the session refused its own move");
                }
                Ok(false)
            }
        }
    }

    fn show_events(&mut self, events: &Events) -> io::Result<()> {
        let t = self.texts();
        for e in events {
            let line = transcript::event(e).to_string();
            self.write_transcript(&line)?;
            match e {
                // The deal is shown when the hand starts (after the summary is read).
                Event::NewHand { .. } => self.deal_due = true,
                // The phase shows the winner.
                Event::MatchFinished { .. } => {}
                Event::Scopa { .. } => {
                    let text = self.screen.loud(&t.event(e).to_string());
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
                _ => {
                    let text = t.event(e).to_string();
                    self.recent.push(text.clone());
                    self.say(&text)?;
                }
            }
        }
        Ok(())
    }

    fn show_deal(&mut self) -> io::Result<()> {
        self.deal_due = false;
        let t = self.texts();
        let deal = self.session.deal_event();
        let state = self.session.state();
        self.say("")?;
        let line = self.screen.bold(&t.event(&deal).to_string());
        self.say(&line)?;
        let leads = t.leads(state.turn).to_string();
        self.say(&leads)?;
        self.recent.push(t.event(&deal).to_string());
        Ok(())
    }

    /// Reads one typed line; `None` at the end of input.
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        self.screen.prompt(prompt)?;
        let line = match &mut self.input {
            Input::Script(lines) => lines.pop_front().map(BoundedLine::Text),
            Input::Stdin(r) => read_bounded_line(r, MAX_INPUT, &mut self.buf)?,
        };
        let Some(line) = line else {
            self.screen.raw("\n")?;
            return Ok(None);
        };
        let text = match line {
            BoundedLine::Text(t) => t,
            BoundedLine::TooLong { len } => {
                self.screen.raw("\n")?;
                let msg = self.texts().line_too_long(len).to_string();
                self.warn(&msg)?;
                return Ok(Some(String::from("\u{0}")));
            }
            BoundedLine::NotUtf8 => {
                self.screen.raw("\n")?;
                let msg = self.texts().not_text();
                self.warn(msg)?;
                return Ok(Some(String::from("\u{0}")));
            }
        };
        if !self.interactive {
            // Nobody typed it at a terminal: echo it, so the output reads like a game.
            self.screen.raw(&format!("{text}\n"))?;
        }
        Ok(Some(text))
    }

    /// Waits for Enter when a person is at the terminal; `false` at the end of input.
    fn wait_enter(&mut self) -> io::Result<bool> {
        if !self.interactive {
            return Ok(true);
        }
        let prompt = self.texts().label(Label::PressEnter).to_owned();
        Ok(self.read_line(&prompt)?.is_some())
    }

    /// Asks a yes/no question (only of a person at a terminal).
    fn ask(&mut self, question: &str) -> io::Result<Option<bool>> {
        Ok(self.read_line(question)?.map(|a| Texts::is_yes(&a)))
    }

    fn play(&mut self) -> anyhow::Result<End> {
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

    fn show_summary(&mut self) -> io::Result<()> {
        self.summarized = true;
        let t = self.texts();
        let rules = *self.session.rules();
        if let Some(hand) = self.session.last_hand().copied() {
            self.screen.summary(&t, &rules, &hand)?;
        }
        let scores = self.session.state().scores;
        let line = self
            .screen
            .bold(&t.match_score(scores, rules.target).to_string());
        self.say(&line)
    }

    /// The whole position, as the person to play may see it.
    fn show_position(&mut self, seat: u8) -> io::Result<()> {
        let t = self.texts();
        let state = self.session.state();
        self.shown = Some((state.game, state.hand_number, state.plays, seat));
        self.recent.clear();
        let rules = *self.session.rules();
        self.say("")?;
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
        let moves = self.session.legal_moves();
        let list: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {}", i + 1, t.play(*m)))
            .collect();
        self.say(&format!("{}: {}", t.label(Label::Moves), list.join(" · ")))
    }

    fn person_turn(&mut self, seat: u8) -> anyhow::Result<Option<Stop>> {
        let state = self.session.state();
        if self.shown != Some((state.game, state.hand_number, state.plays, seat)) {
            self.show_position(seat)?;
        }
        let t = self.texts();
        let moves = self.session.legal_moves();
        let only = (moves.len() == 1).then(|| moves[0]);
        let prompt = match only {
            Some(mv) => format!("{} ({})", t.move_prompt(seat), t.enter_plays(mv)),
            None => t.move_prompt(seat).to_string(),
        };
        let Some(line) = self.read_line(&prompt)? else {
            return Ok(Some(Stop::InputEnded));
        };
        let typed = match input::parse(&line) {
            Ok(typed) => typed,
            Err(e) => {
                self.typed_error(&e)?;
                return Ok(None);
            }
        };
        match typed {
            Typed::Empty => match only {
                Some(mv) => {
                    self.apply(Action::Play(mv))?;
                }
                None => {
                    let text = self.screen.dim(t.commands());
                    self.say(&text)?;
                }
            },
            Typed::Command(cmd) => return self.command(cmd),
            Typed::Number(n) => match n.checked_sub(1).and_then(|i| moves.get(i)) {
                Some(&mv) => {
                    self.apply(Action::Play(mv))?;
                }
                None => {
                    let text = t.no_such_move(n, moves.len()).to_string();
                    self.warn(&text)?;
                }
            },
            Typed::Cards(cards) => self.play_cards(seat, &cards)?,
        }
        Ok(None)
    }

    fn typed_error(&mut self, e: &TypedError) -> io::Result<()> {
        let t = self.texts();
        let text = match e {
            TypedError::NotACard(w) if w == "\u{0}" => return Ok(()),
            TypedError::NotACard(w) => t.not_a_card(w).to_string(),
            TypedError::Twice(c) => t.card_twice(*c).to_string(),
        };
        self.warn(&text)
    }

    /// Cards typed at the move prompt: a card alone, or a card and what it takes.
    fn play_cards(&mut self, seat: u8, cards: &[TypedCard]) -> anyhow::Result<()> {
        let t = self.texts();
        let hand = self.session.state().hand;
        let first = cards[0];
        if !hand.contains(first.card) {
            let text = t.not_held(first.card, hand).to_string();
            self.warn(&text)?;
            return Ok(());
        }
        if !self.confirm_card(first, hand)? {
            return Ok(());
        }
        let action = if cards.len() == 1 {
            Action::Select(first.card)
        } else {
            let capture: CardSet = cards[1..].iter().map(|c| c.card).collect();
            Action::Play(Move::new(first.card, capture))
        };
        if !self.apply(action)? {
            self.show_alternatives(seat, first.card)?;
        }
        Ok(())
    }

    /// In the symbols style a French-deck reader may type `9c` meaning 9♣ (clubs): when
    /// the hand holds both 9♥ (9c) and 9♣ (9b), ask which was meant.
    fn confirm_card(&mut self, typed: TypedCard, hand: CardSet) -> io::Result<bool> {
        if !typed.c_letter || self.screen.style != CardStyle::Symbols || !self.interactive {
            return Ok(true);
        }
        let Some(other) = Card::new(scopa_core::Suit::Bastoni, typed.card.value()) else {
            return Ok(true);
        };
        if !hand.contains(other) {
            return Ok(true);
        }
        let q = self.texts().confirm_card(typed.card, other).to_string();
        Ok(self.ask(&q)? == Some(true))
    }

    /// After a refused move: what the card can do.
    fn show_alternatives(&mut self, _seat: u8, card: Card) -> io::Result<()> {
        let moves: Vec<Move> = self
            .session
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.card() == card)
            .collect();
        if !moves.is_empty() {
            let text = self.texts().can_play_with(card, &moves).to_string();
            self.say(&text)?;
        }
        Ok(())
    }

    fn show_captures(&mut self, card: Card) -> io::Result<()> {
        let t = self.texts();
        let options = self.session.capture_options();
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

    fn choose_capture(&mut self, seat: u8, card: Card) -> anyhow::Result<Option<Stop>> {
        let state = self.session.state();
        let key = (state.game, state.hand_number, state.plays, seat);
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
        let typed = match input::parse(&line) {
            Ok(typed) => typed,
            Err(e) => {
                self.typed_error(&e)?;
                return Ok(None);
            }
        };
        let options = self.session.capture_options();
        match typed {
            Typed::Empty => self.show_captures(card)?,
            Typed::Command(Command::Cancel) => {
                self.listed = None;
                self.apply(Action::Cancel)?;
            }
            Typed::Command(Command::Show) => {
                self.show_position(seat)?;
                self.show_captures(card)?;
            }
            Typed::Command(cmd) => return self.command(cmd),
            Typed::Number(n) => {
                let index = n.checked_sub(1).and_then(|i| u8::try_from(i).ok());
                match index {
                    Some(i) => {
                        self.apply(Action::Capture(i))?;
                    }
                    None => {
                        let text = t.no_such_move(n, options.len()).to_string();
                        self.warn(&text)?;
                    }
                }
            }
            Typed::Cards(cards) => {
                let mut set: CardSet = cards.iter().map(|c| c.card).collect();
                let names_card = set.contains(card);
                set.remove(card);
                if let Some(i) = options.iter().position(|c| *c == set) {
                    self.apply(Action::Capture(i as u8))?;
                } else if !names_card && state.hand.contains(cards[0].card) {
                    // Another card of the hand: choose it instead.
                    self.listed = None;
                    self.session
                        .apply(Action::Cancel)
                        .map_err(|e| anyhow::anyhow!("{e}"))?;
                    self.play_cards(seat, &cards)?;
                } else if !names_card && !set.is_subset(state.table) {
                    let missing = (set - state.table).first().unwrap_or(card);
                    let text = t.not_held(missing, state.hand).to_string();
                    self.warn(&text)?;
                } else {
                    let e = SessionError::Illegal(PlayError::IllegalCapture { card, capture: set });
                    let text = t.error(&e).to_string();
                    self.warn(&text)?;
                    self.show_captures(card)?;
                }
            }
        }
        Ok(None)
    }

    fn command(&mut self, cmd: Command) -> anyhow::Result<Option<Stop>> {
        let t = self.texts();
        match cmd {
            Command::Hint => {
                let text = match self.session.hint() {
                    Ok(h) => t.hint(&h).to_string(),
                    Err(e) => t.error(&e).to_string(),
                };
                self.say(&text)?;
            }
            Command::Show => {
                if let Phase::Play { seat } | Phase::ChooseCapture { seat, .. } =
                    self.session.phase()
                {
                    self.show_position(seat)?;
                }
            }
            Command::Help => {
                let text = self.screen.dim(&format!("{}\n{}", t.help(), t.notation()));
                self.say(&text)?;
            }
            Command::Undo => {
                if self.apply(Action::Undo)? {
                    self.say(t.undone())?;
                    self.shown = None;
                }
            }
            Command::Cancel => {
                let text = self.screen.dim(t.commands());
                self.say(&text)?;
            }
            Command::Save(file) => {
                match (file, &self.save) {
                    (None, None) => {
                        self.say(t.save_where())?;
                        return Ok(None);
                    }
                    (Some(file), _) => {
                        let path = PathBuf::from(file);
                        let ours = self.save.as_ref().is_some_and(|f| f.path() == path);
                        if !ours && path.exists() {
                            let text = t.file_exists(&path.display().to_string()).to_string();
                            self.warn(&text)?;
                            return Ok(None);
                        }
                        match save::SaveFile::new(&path) {
                            Ok(file) => self.save = Some(file),
                            Err(e) => {
                                let text = t
                                    .save_failed(&path.display().to_string(), &e.to_string())
                                    .to_string();
                                self.warn(&text)?;
                                return Ok(None);
                            }
                        }
                        self.update_end_note();
                        self.write_save()?;
                        if self.save.as_ref().is_some_and(|f| f.is_stale()) {
                            // Not saved: keep playing rather than lose the match.
                            return Ok(None);
                        }
                    }
                    (None, Some(_)) => {}
                }
                return Ok(Some(Stop::Quit));
            }
            Command::Quit => {
                if self.save.is_none() && self.interactive {
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

    fn finish(&mut self, end: End) -> io::Result<()> {
        if let End::Stopped(how) = end {
            // The file may have changed since the last save.
            self.update_end_note();
            let t = self.texts();
            let note = END_NOTE.lock().map(|n| n.clone()).unwrap_or_default();
            self.say(&format!("{} {note}", t.stopped(how)))?;
        }
        if let Some(t) = &mut self.transcript {
            t.flush()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::Rules;
    use std::sync::Arc;

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
                .map_or(0, |s| s.state().plays);
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
