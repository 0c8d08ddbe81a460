//! Setting up a match: a new one from the options or a script, or one resumed from a save
//! file; and the lines to play (typed, or a script's).

use std::collections::VecDeque;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use scopa_core::ai::Level;
use scopa_core::session::{Lang, Session, Settings};

use super::args::{PlayArgs, settings_of};
use crate::save;

/// The largest script file read.
const MAX_SCRIPT: u64 = 1 << 20;

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

/// A script: its seed and settings (when it has them) and its move lines.
pub struct Script {
    seed: Option<u64>,
    settings: Option<Settings>,
    lines: Vec<String>,
}

/// Reads a script file (`#` comments, `seed N`, `session …`, one move per line).
pub fn read_script(path: &Path) -> anyhow::Result<Script> {
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
pub enum Start {
    /// A new match.
    New,
    /// Resumed from this session save.
    Resumed(PathBuf),
    /// Resumed from this save of an older format, now taken over by a session.
    Migrated(PathBuf),
}

/// The session to play and how it began: resumed from `--resume`, or new.
pub fn start(args: &PlayArgs, script: Option<&Script>) -> anyhow::Result<(Session, Start)> {
    match &args.resume {
        Some(path) => resume(args, path),
        None => new(args, script),
    }
}

/// `--resume FILE`: the one place a saved match becomes the session played.
fn resume(args: &PlayArgs, path: &Path) -> anyhow::Result<(Session, Start)> {
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
    Ok(match saved {
        save::Saved::Session(s) => (*s, Start::Resumed(path.to_path_buf())),
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
            (session, Start::Migrated(path.to_path_buf()))
        }
    })
}

/// A new match: the settings of the script or the options.
fn new(args: &PlayArgs, script: Option<&Script>) -> anyhow::Result<(Session, Start)> {
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
pub enum Input {
    /// Typed (or piped) on stdin.
    Stdin(Box<dyn io::BufRead>),
    /// A script's moves.
    Script(VecDeque<String>),
}

/// The lines to play: stdin, or the script's moves (after its `save` line when resuming);
/// a `save` line only counts when there is a file to save to.
pub fn input(args: &PlayArgs, script: Option<Script>, saving: bool) -> anyhow::Result<Input> {
    let Some(s) = script else {
        return Ok(Input::Stdin(Box::new(io::stdin().lock())));
    };
    let mut lines: VecDeque<String> = s.lines.into();
    if args.resume.is_some() {
        let Some(at) = lines.iter().position(|l| l == "save") else {
            bail!("--resume with --script: the script has no `save` line to resume after");
        };
        lines.drain(..=at);
    }
    if !saving {
        lines.retain(|l| l != "save");
    }
    Ok(Input::Script(lines))
}

/// The language of `--lang`, else of the environment.
pub fn lang(args: &PlayArgs) -> Lang {
    args.lang.map_or_else(lang_from_env, |l| l.lang())
}
