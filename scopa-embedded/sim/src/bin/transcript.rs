//! Prints the transcript of a seeded AI-vs-AI match, the same lines the Cortex-M0 build
//! logs under QEMU:
//! `cargo run -p scopa-sim --bin transcript -- --seed 42 --players 2 --target 11 --levels handheld,handheld`

use std::process::ExitCode;

use scopa_core::Rules;
use scopa_core::ai::Level;
use scopa_ui::transcript::AutoMatch;

fn parse() -> Result<(Rules, u64, [Level; 2]), String> {
    let mut rules = Rules::default();
    let mut seed = 42u64;
    let mut levels = [Level::Handheld, Level::Handheld];
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seed" => seed = value.parse().map_err(|e| format!("--seed {value}: {e}"))?,
            "--players" => {
                rules.players = value
                    .parse()
                    .map_err(|e| format!("--players {value}: {e}"))?
            }
            "--target" => {
                rules.target = value
                    .parse()
                    .map_err(|e| format!("--target {value}: {e}"))?
            }
            "--levels" => {
                let (a, b) = value.split_once(',').ok_or_else(|| {
                    format!("--levels {value}: expected two levels, e.g. handheld,easy")
                })?;
                levels = [
                    a.parse().map_err(|e| format!("--levels {a}: {e}"))?,
                    b.parse().map_err(|e| format!("--levels {b}: {e}"))?,
                ];
            }
            _ => {
                return Err(format!(
                    "unknown option {flag} (use --seed --players --target --levels)"
                ));
            }
        }
    }
    rules.validate().map_err(|e| format!("rules: {e}"))?;
    Ok((rules, seed, levels))
}

fn main() -> ExitCode {
    let (rules, seed, levels) = match parse() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("transcript: {e}");
            return ExitCode::from(2);
        }
    };
    let mut game = match AutoMatch::new(rules, seed, levels) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("transcript: {e}");
            return ExitCode::from(2);
        }
    };
    match game.run(|line| println!("{line}")) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("transcript: the AI chose a refused move: {e}");
            ExitCode::FAILURE
        }
    }
}
