//! Plays a scripted session through the handheld's UI (its buttons, on the host) and
//! writes the transcript — the same lines as every other front-end and the Cortex-M0 build
//! under QEMU:
//!
//! ```text
//! transcript SCRIPT [--out FILE]                 the whole session (a `save` line is played through)
//! transcript SCRIPT --save FILE [--out FILE]     stop at the `save` line, write the session's bytes
//! transcript SCRIPT --resume FILE [--out FILE]   continue a save (any front-end's) with the moves after `save`
//! ```

use std::process::ExitCode;

use scopa_sim::scripts;
use scopa_ui::script::{Outcome, Script};

const USAGE: &str = "usage: transcript SCRIPT [--save FILE | --resume FILE] [--out FILE]";

#[derive(Default)]
struct Args {
    script: Option<String>,
    save: Option<String>,
    resume: Option<String>,
    out: Option<String>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--save" => a.save = Some(value()?),
            "--resume" => a.resume = Some(value()?),
            "--out" => a.out = Some(value()?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if a.script.is_some() => return Err(format!("a second script: {arg}")),
            _ => a.script = Some(arg),
        }
    }
    if a.save.is_some() && a.resume.is_some() {
        return Err("--save and --resume do not go together".into());
    }
    Ok(a)
}

fn write(path: &Option<String>, bytes: &[u8]) -> Result<(), String> {
    match path {
        Some(p) => std::fs::write(p, bytes).map_err(|e| format!("cannot write {p}: {e}")),
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(bytes)
                .map_err(|e| format!("cannot write the output: {e}"))
        }
    }
}

fn run(a: &Args) -> Result<(), String> {
    let path = a.script.as_deref().ok_or(USAGE)?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let script = Script::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let resume = match &a.resume {
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| format!("cannot read {p}: {e}"))?;
            Some(scripts::session_from(&bytes).map_err(|e| format!("{p}: {e}"))?)
        }
        None => None,
    };
    let run = scripts::play(&script, resume.as_ref(), a.save.is_some())?;
    write(&a.out, run.transcript.as_bytes())?;
    match (run.outcome, &a.save, &run.save) {
        (Outcome::Saved, Some(p), Some(bytes)) => {
            std::fs::write(p, bytes).map_err(|e| format!("cannot write {p}: {e}"))?
        }
        (_, Some(_), _) => return Err(format!("{path} has no `save` line before its end")),
        (Outcome::OutOfMoves, ..) => {
            eprintln!("transcript: {path} ran out of moves before the match ended")
        }
        _ => {}
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("transcript: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("transcript: {e}");
            ExitCode::FAILURE
        }
    }
}
