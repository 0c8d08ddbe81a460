//! Briscola: two players (levels or lab players) over paired deals — each deck played
//! twice, A holding side 0 then side 1 — with 2 players, or 4 in teams (A both seats of a
//! side); prints A's card points a hand over B's with a 95 % interval (1.96 standard errors
//! of the per-deck mean), hands won, drawn and lost, and A's CPU time a move (the playing
//! thread's `CLOCK_THREAD_CPUTIME_ID`: median, 99th percentile, max).
//!
//! ```text
//! cargo run --release -p scopa-ai-lab --example briscola_duel -- --a expert --b expert-v1 --deals 4000 --seed 1 --threads 2
//! ```
//!
//! Flags: `--a`, `--b` (a level — random, easy, medium, expert, handheld — or a lab
//! player: `expert-v1`, `handheld-v1`, `ceiling`, `playout-oracle`; `expert-noinfer`, the
//! expert reading nothing from the other seat's plays; `expert@C,S`, reading them with `C`
//! candidate deals and a chance `S`/256 for a play the model would not make), `--deals N`, `--seed S`
//! (deck `i` is shuffled by `SplitMix64::new(S + i)`), `--players 2|4`, `--hand 3|9`,
//! `--threads T`. `ceiling` and `playout-oracle` cheat (they see every card); `ceiling` is
//! the exact full-information player (two players, three cards).

mod briscola_common;

use std::process::ExitCode;

use briscola_common::{Duel, Player, parse_flags, run_duel, value};

fn main() -> ExitCode {
    let mut duel = Duel::default();
    let parsed = parse_flags(|flag, val| {
        match flag {
            "--a" => duel.a = val.parse::<Player>()?,
            "--b" => duel.b = val.parse::<Player>()?,
            "--deals" => duel.deals = value(flag, val)?,
            "--seed" => duel.seed = value(flag, val)?,
            "--players" => duel.players = value(flag, val)?,
            "--hand" => duel.hand_size = value(flag, val)?,
            "--threads" => duel.threads = value(flag, val)?,
            _ => return Err(format!("unknown flag {flag}")),
        }
        Ok(())
    });
    if let Err(e) = parsed.and_then(|()| duel.check()) {
        eprintln!("briscola_duel: {e}");
        return ExitCode::FAILURE;
    }
    let r = run_duel(&duel);
    println!("{}", r.summary(&duel));
    if r.nodes > 0 {
        println!("ceiling: {} positions searched", r.nodes);
    }
    ExitCode::SUCCESS
}
