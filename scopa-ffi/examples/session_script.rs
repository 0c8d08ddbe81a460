//! Writes a script for the scripted cross-front-end run and the transcript it must give:
//!
//! ```text
//! cargo run -p scopa-ffi --example session_script -- SEED SAVE_AFTER "SETTINGS LINE" \
//!     --transcript FILE > game.script
//! ```
//!
//! The people's moves are the expert's hints (`scopa_core::session::Session::hint`), so the
//! script is legal and exercises captures with several options; a `save` line comes before
//! the people's move number SAVE_AFTER (0: no `save` line). The transcript is the session's
//! (`transcript::start`, the first deal, every event), played by `scopa_core::session`
//! directly — the reference the Kotlin and Swift runners of the apps are compared with by
//! `.ci/apps.sh`.

use std::fmt::Write as _;

use scopa_core::session::{Action, Phase, Session, Settings, transcript};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: session_script SEED SAVE_AFTER \"session players …\" --transcript FILE";
    let (Some(seed), Some(save_after), Some(line), Some("--transcript"), Some(path)) = (
        args.first().and_then(|s| s.parse::<u64>().ok()),
        args.get(1).and_then(|s| s.parse::<usize>().ok()),
        args.get(2),
        args.get(3).map(String::as_str),
        args.get(4),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let settings: Settings = match line.parse() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{line:?}: {e}");
            std::process::exit(2);
        }
    };
    let mut session = match Session::new(settings, seed) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut script = format!(
        "# written by: cargo run -p scopa-ffi --example session_script -- {seed} {save_after} {line:?}\nseed {seed}\n{}\n",
        transcript::start(&settings)
    );
    let mut text = format!(
        "{}\n{}\n",
        transcript::start(&settings),
        transcript::event(&session.deal_event())
    );
    let mut moves = 0;
    loop {
        let action = match session.phase() {
            Phase::MatchOver { .. } => break,
            Phase::AiDue { .. } => Action::RunAi,
            Phase::Play { .. } => {
                moves += 1;
                if moves == save_after {
                    script.push_str("save\n");
                }
                let mv = session.hint().expect("a hint on a person's turn").mv;
                let _ = write!(script, "{}", mv.card());
                for c in mv.capture() {
                    let _ = write!(script, " {c}");
                }
                script.push('\n');
                Action::Play(mv)
            }
            _ => Action::Continue,
        };
        for e in session
            .apply(action)
            .expect("the session accepts its own moves")
        {
            let _ = writeln!(text, "{}", transcript::event(&e));
        }
    }
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    }
    print!("{script}");
}
