//! The coach's figures (issue 39, `docs/coach.md`): the analysis's CPU time per position,
//! its calibration against the hands actually played out by the expert, and the review's
//! accuracy of the expert, medium and easy levels.
//!
//! ```text
//! nice -n 10 cargo run --release -p scopa-ai-lab --example coach -- timing --positions 400
//! nice -n 10 cargo run --release -p scopa-ai-lab --example coach -- calibration --positions 2000
//! nice -n 10 cargo run --release -p scopa-ai-lab --example coach -- accuracy --hands 500
//! ```
//!
//! - `timing`: positions met by medium players (every seat) in Scopa with 2 and 4 players
//!   and Briscola with 2 and 4; each analysed for the seat to play with the levels' budget;
//!   the CPU time of the analysing thread (`CLOCK_THREAD_CPUTIME_ID`, so other processes
//!   sharing the cores do not inflate it): median, 99th percentile, max.
//! - `calibration` (Scopa, 2 players): at positions met by expert players, one choice drawn
//!   at random; its expected margin from the analysis against the hand's actual margin once
//!   the choice is played and the expert plays the hand out for both seats on the real
//!   deal: the mean error, the mean absolute error, and per band of expected margin the
//!   mean actual margin.
//! - `accuracy` (Scopa, 2 players): hands of seat 0 at a level against the expert, seat 0's
//!   moves reviewed (`scopa_core::analysis::review`) with seeds other than the ones it
//!   played with: each level's accuracy over the hands.
//!
//! Flags: `--positions N`, `--hands N`, `--seed S`.

mod briscola_common;

use std::process::ExitCode;
use std::time::Instant;

use briscola_common::{bar, mean_ci, thread_cpu_ns};

use scopa_core::SplitMix64;
use scopa_core::ai::Level;
use scopa_core::analysis::review::{Review, move_seed};
use scopa_core::analysis::{self, Unit};
use scopa_core::briscola::{BriscolaMatch, BriscolaRules};
use scopa_core::game::GameMatch;
use scopa_core::scopa::{Match, Rules};

/// Median, 99th percentile and max of `v` (sorted in place), in milliseconds.
fn spread(v: &mut [u64]) -> (f64, f64, f64) {
    v.sort_unstable();
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize] as f64 / 1e6;
    (at(0.5), at(0.99), at(1.0))
}

/// Analyses `positions` positions of `m`'s game met by medium players from `seed`.
fn time_table(
    name: &str,
    mut new: impl FnMut(u64) -> Box<dyn GameMatch>,
    positions: usize,
    seed: u64,
) {
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    let mut worlds = 0u64;
    let b = bar(positions as u64, &format!("positions ({name})"));
    let mut game = 0;
    while cpu.len() < positions {
        let mut m = new(seed + game);
        game += 1;
        let hand = m.hand_number();
        while m.winner().is_none() && m.hand_number() == hand && cpu.len() < positions {
            let seat = m.turn();
            let (c0, w0) = (thread_cpu_ns(), Instant::now());
            let a = analysis::analyze(&*m, seat, seed ^ u64::from(m.plays())).expect("analysable");
            let w = w0.elapsed().as_nanos() as u64;
            wall.push(w);
            cpu.push(thread_cpu_ns().saturating_sub(c0));
            worlds += u64::from(a.worlds);
            let mv = m.choose(seat, Level::Medium, 1).unwrap();
            m.play(seat, mv).unwrap();
            b.inc(1);
        }
    }
    b.finish_and_clear();
    let (cm, c99, cmax) = spread(&mut cpu);
    let (wm, w99, _) = spread(&mut wall);
    println!(
        "{name:<20} {positions:>5} positions  CPU ms: median {cm:.2}, p99 {c99:.2}, max {cmax:.2}  (wall median {wm:.2}, p99 {w99:.2})  worlds/position {:.1}",
        worlds as f64 / positions as f64
    );
}

fn timing(positions: usize, seed: u64) {
    println!("analysis of the seat to play, the levels' budget, positions met by medium players");
    for players in [2u8, 4] {
        time_table(
            &format!("Scopa {players} players"),
            |s| Box::new(Match::new(Rules::default().with_players(players), s).unwrap()),
            positions,
            seed,
        );
    }
    for players in [2u8, 4] {
        let rules = BriscolaRules {
            players,
            ..BriscolaRules::default()
        };
        time_table(
            &format!("Briscola {players} players"),
            |s| Box::new(BriscolaMatch::new(rules, s).unwrap()),
            positions,
            seed,
        );
    }
}

/// The hand's margin for `side` from the match scores before and after it.
fn hand_margin(before: [u16; 4], after: [u16; 4], side: usize) -> f64 {
    let d = |s: usize| f64::from(after[s]) - f64::from(before[s]);
    d(side) - d(1 - side)
}

fn calibration(positions: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    let b = bar(positions as u64, "positions");
    let mut game = 0u64;
    while pairs.len() < positions {
        let mut m = Match::new(Rules::default(), seed.wrapping_add(game)).unwrap();
        game += 1;
        // A position at a random play of the first hand, reached by the expert.
        let at = (rng.next() % 36) as u8;
        while GameMatch::plays(&m) < at {
            let seat = m.turn();
            let mv = GameMatch::choose(&m, seat, Level::Expert, rng.next()).unwrap();
            GameMatch::play(&mut m, seat, mv).unwrap();
        }
        let seat = m.turn();
        let side = usize::from(seat % 2);
        let a = analysis::analyze(&m, seat, rng.next()).unwrap();
        let c = a.choices[(rng.next() % a.choices.len() as u64) as usize];
        let before = GameMatch::scores(&m);
        GameMatch::play(&mut m, seat, c.mv).unwrap();
        while m.hand_number() == 0 && m.winner().is_none() {
            let s = m.turn();
            let mv = GameMatch::choose(&m, s, Level::Expert, rng.next()).unwrap();
            GameMatch::play(&mut m, s, mv).unwrap();
        }
        let actual = hand_margin(before, GameMatch::scores(&m), side);
        pairs.push((f64::from(c.margin) / 100.0, actual));
        b.inc(1);
    }
    b.finish_and_clear();
    let n = pairs.len() as f64;
    let bias = pairs.iter().map(|(e, a)| e - a).sum::<f64>() / n;
    let mae = pairs.iter().map(|(e, a)| (e - a).abs()).sum::<f64>() / n;
    let rmse = (pairs.iter().map(|(e, a)| (e - a).powi(2)).sum::<f64>() / n).sqrt();
    println!(
        "calibration, Scopa 2 players, {} positions: mean (expected - actual) {bias:+.3} points, mean absolute error {mae:.3}, RMSE {rmse:.3}",
        pairs.len()
    );
    println!("  expected band      positions  mean expected  mean actual");
    for (lo, hi) in [
        (-99.0, -3.0),
        (-3.0, -1.5),
        (-1.5, -0.5),
        (-0.5, 0.5),
        (0.5, 1.5),
        (1.5, 3.0),
        (3.0, 99.0),
    ] {
        let band: Vec<_> = pairs.iter().filter(|(e, _)| *e >= lo && *e < hi).collect();
        if band.is_empty() {
            continue;
        }
        let k = band.len() as f64;
        println!(
            "  [{lo:>5.1}, {hi:>5.1})  {:>9}  {:>+13.2}  {:>+11.2}",
            band.len(),
            band.iter().map(|(e, _)| e).sum::<f64>() / k,
            band.iter().map(|(_, a)| a).sum::<f64>() / k
        );
    }
}

fn accuracy(hands: usize, seed: u64) {
    println!("accuracy of seat 0 against the expert, Scopa 2 players, {hands} hands a level");
    for level in [Level::Expert, Level::Medium, Level::Easy] {
        let mut review = Review::new(Unit::ScopaPoints);
        let mut per_hand = Vec::new();
        let b = bar(hands as u64, &format!("hands ({})", level.name()));
        for h in 0..hands as u64 {
            let mut m =
                Match::with_first_dealer(Rules::default(), seed.wrapping_add(h), (h % 2) as u8)
                    .unwrap();
            let mut one = Review::new(Unit::ScopaPoints);
            while m.hand_number() == 0 && m.winner().is_none() {
                let seat = m.turn();
                let ply = GameMatch::plays(&m);
                let play_seed = seed ^ h << 8 ^ u64::from(ply);
                let mv = if seat == 0 {
                    let a =
                        analysis::analyze(&m, 0, move_seed(seed.wrapping_add(h), 0, ply)).unwrap();
                    let mv = GameMatch::choose(&m, 0, level, play_seed).unwrap();
                    review.record(&a, 0, ply, mv).unwrap();
                    one.record(&a, 0, ply, mv).unwrap();
                    mv
                } else {
                    GameMatch::choose(&m, seat, Level::Expert, play_seed).unwrap()
                };
                GameMatch::play(&mut m, seat, mv).unwrap();
            }
            if let Some(a) = one.seats[0].accuracy() {
                per_hand.push(f64::from(a) / 10.0);
            }
            b.inc(1);
        }
        b.finish_and_clear();
        let s = review.seats[0];
        let (mean, ci) = mean_ci(&per_hand);
        println!(
            "  {:<7} accuracy {:.1}% over {} moves with a choice (per hand: mean {mean:.1}%, 95% interval ±{:.1}); points lost a hand {:.2}",
            level.name(),
            f64::from(s.accuracy().unwrap_or(0)) / 10.0,
            s.chosen,
            ci,
            s.loss as f64 / 100.0 / hands as f64
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut positions = 400usize;
    let mut hands = 500usize;
    let mut seed = 39u64;
    let mut i = 1;
    while i < args.len() {
        let val = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        match (args[i].as_str(), val) {
            ("--positions", Some(v)) => positions = v as usize,
            ("--hands", Some(v)) => hands = v as usize,
            ("--seed", Some(v)) => seed = v,
            (flag, _) => {
                eprintln!("coach: bad flag {flag} (expected --positions N, --hands N, --seed S)");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    match args.first().map(String::as_str) {
        Some("timing") => timing(positions.max(1), seed),
        Some("calibration") => calibration(positions.max(1), seed),
        Some("accuracy") => accuracy(hands.max(2), seed),
        _ => {
            eprintln!(
                "usage: coach timing|calibration|accuracy [--positions N] [--hands N] [--seed S]"
            );
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
