//! The options of `scopa play` and the settings they describe.

use clap::{Args, ValueEnum};
use scopa_core::ai::Level;
use scopa_core::session::names::Names;
use scopa_core::session::{Lang, Player, Settings, Texts};
use std::path::PathBuf;

use anyhow::bail;

use crate::common::RulesArgs;
use crate::screen::SuitStyle;

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
    /// than one, up to every seat of 6 or 8; the others are the computer at --level)
    /// [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=8))]
    pub humans: Option<u8>,
    /// Who plays each seat, comma-separated: human or an AI level
    /// (e.g. human,expert,human,easy); sets the number of players when --players is not
    /// given.
    #[arg(long, value_name = "LIST", conflicts_with_all = ["humans", "watch"])]
    pub seats: Option<String>,
    /// The players' names, comma-separated from seat 1 (e.g. Anna,,Carla: an empty one
    /// keeps `Player 2`); at most 12 bytes each. Only the screen uses them: they are not in
    /// the save or the transcript, so give them again with --resume.
    #[arg(long, value_name = "LIST")]
    pub names: Option<String>,
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

impl LangArg {
    /// The language of the texts.
    pub fn lang(self) -> Lang {
        match self {
            LangArg::En => Lang::En,
            LangArg::It => Lang::It,
        }
    }
}

/// The names of `--names` (none without it); refused when the list is longer than the
/// game's seats or a name is too long.
pub fn names_of(args: &PlayArgs, players: u8, lang: Lang) -> anyhow::Result<Names> {
    let Some(list) = &args.names else {
        return Ok(Names::NONE);
    };
    let names: Vec<&str> = list.split(',').collect();
    if names.len() > usize::from(players) {
        bail!(
            "--names gives {} names but the game has {players} seats",
            names.len()
        );
    }
    Names::from_list(names)
        .map_err(|e| anyhow::anyhow!("--names: {}", Texts::new(lang).name_error(&e)))
}

/// The seats of the options: `--seats`, or `--humans`/`--watch` and `--level`.
pub fn settings_of(args: &PlayArgs) -> anyhow::Result<Settings> {
    let mut rules_args = args.rules.clone();
    let list: Option<Vec<Player>> = match &args.seats {
        None => None,
        Some(text) => Some(
            text.split(',')
                .map(|w| match w.trim() {
                    "human" | "person" => Ok(Player::Human),
                    level => level
                        .parse::<Level>()
                        .map(Player::Ai)
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
    let level = args.level.unwrap_or(Level::Expert);
    let mut settings = rules_args.to_game()?.settings(level);
    let players = settings.players();
    match list {
        Some(list) => {
            if list.len() != usize::from(players) {
                bail!(
                    "--seats names {} seats but the game has {} players",
                    list.len(),
                    players
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
            if humans > players {
                bail!("--humans {humans}: a {players}-player game has only {players} seats");
            }
            for (seat, c) in settings.seats[..usize::from(players)]
                .iter_mut()
                .enumerate()
            {
                *c = if seat < usize::from(humans) {
                    Player::Human
                } else {
                    Player::Ai(level)
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
