//! `scopa`: play Scopa in the terminal, speak the JSON-lines engine protocol, run AI
//! tournaments and benchmarks. Every rule, score and AI choice comes from `scopa-core`;
//! this crate only translates between text and the core's types.

/// `writeln!` into a `String`, which cannot fail.
macro_rules! outln {
    ($text:ident, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($text, $($arg)*);
    }};
}

mod bench;
mod input;
mod online;
mod play;
mod review;
mod screen;
mod simulate;
mod texts;

use scopa_cli::{common, engine, save};

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Scopa, the Italian card game: play against the AI, drive the engine, run tournaments.
#[derive(Parser, Debug)]
#[command(name = "scopa", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no subcommand, `scopa` plays (the same options as `scopa play`).
    #[command(flatten)]
    play: play::PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal (the default command): against the computer (the default), pass-and-play (--humans), or watch the computer play (--watch).
    Play(play::PlayArgs),
    /// Speak the JSON-lines engine protocol (version 1) on stdin/stdout.
    Engine(engine::EngineArgs),
    /// AI-vs-AI tournament on paired deals (every deck played twice, seats swapped).
    Simulate(simulate::SimulateArgs),
    /// Play a room of a scopa-server: `create` one (and get its invite code and link) or `join` one.
    Online(online::OnlineArgs),
    /// Measure random deals per second and legal-move generation time on one thread.
    Bench(bench::BenchArgs),
    /// The coach's review of a match (a script) or of a save's hand: every move against the best choice, the biggest swings, each seat's accuracy.
    Review(review::ReviewArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play::run(cli.play),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Engine(args)) => engine::run(args),
        Some(Command::Simulate(args)) => simulate::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Online(args)) => online::run(args),
        Some(Command::Review(args)) => review::run(args),
    };
    match result {
        Ok(code) => code,
        // The reader of stdout went away (`scopa … | head`): nothing more to say to anyone.
        Err(e) if closed_stdout(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("scopa: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether `e` comes from writing to a closed pipe.
fn closed_stdout(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
