//! AI strength and speed harness: two levels play the same shuffled deals with seats
//! swapped, and the margin per deal (points of A minus points of B, averaged over the
//! paired games) is reported with its 95% confidence interval, with the time per move.
//!
//! ```text
//! cargo run --release -p scopa-core --example ai_duel -- --a expert --b medium --deals 2000 --seed 1
//! ```
//!
//! Options: `--a LEVEL --b LEVEL` (random easy medium expert handheld), `--deals N`
//! (paired deals), `--seed S`, `--players 2|3|4`, `--deal standard|scopone|scopone_scientifico`,
//! `--a-samples N --a-nodes N --b-samples N --b-nodes N` (override the default budgets),
//! `--threads N` (default 1).
//!
//! With 2 or 4 players every deal is played twice, A holding side 0 then side 1. With 3
//! players it is played three times, A in each seat against two B players, and the margin
//! is A's points minus the mean of the two B seats.

use std::process::ExitCode;
use std::time::Instant;

use scopa_core::ai::{self, Budget, Level};
use scopa_core::{DealKind, Event, Match, Rules};

#[derive(Clone, Copy)]
struct Player {
    level: Level,
    budget: Budget,
}

struct Outcome {
    /// Margin of A over B for the paired deal.
    margin: f64,
    /// Nanoseconds per move of A and of B.
    a_ns: Vec<u64>,
    b_ns: Vec<u64>,
}

/// Plays the first hand of a match seeded `seed` with first dealer `dealer`; `a_seats`
/// says which seats A plays. Returns the hand's points per side.
fn play_hand(
    rules: Rules,
    seed: u64,
    a_seats: &[u8],
    a: Player,
    b: Player,
    out: &mut Outcome,
) -> Result<[u16; 3], String> {
    let mut game = Match::with_first_dealer(rules, seed, 0).map_err(|e| e.to_string())?;
    let mut ply = 0u64;
    loop {
        let seat = game.turn();
        let view = game.view(seat).ok_or("no view")?;
        let p = if a_seats.contains(&seat) { a } else { b };
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply << 8) ^ u64::from(seat);
        let t = Instant::now();
        let mv = ai::choose_move_with_budget(p.level, &view, move_seed, p.budget)
            .ok_or("AI returned no move")?;
        let ns = t.elapsed().as_nanos() as u64;
        if a_seats.contains(&seat) {
            out.a_ns.push(ns)
        } else {
            out.b_ns.push(ns)
        }
        let events = game
            .play(seat, mv)
            .map_err(|e| format!("illegal AI move {mv}: {e}"))?;
        ply += 1;
        for e in &events {
            if let Event::HandFinished(score) = e {
                return Ok(score.totals());
            }
        }
    }
}

fn duel(rules: Rules, seed: u64, a: Player, b: Player) -> Result<Outcome, String> {
    let mut out = Outcome {
        margin: 0.0,
        a_ns: Vec::new(),
        b_ns: Vec::new(),
    };
    let n = rules.players;
    let mut sum = 0.0;
    let games: Vec<Vec<u8>> = match n {
        3 => (0..3).map(|s| vec![s]).collect(),
        4 => vec![vec![0, 2], vec![1, 3]],
        _ => vec![vec![0], vec![1]],
    };
    for a_seats in &games {
        let t = play_hand(rules, seed, a_seats, a, b, &mut out)?;
        let a_side = rules.side_of(a_seats[0]) as usize;
        let k = rules.sides() as usize;
        let a_pts = f64::from(t[a_side]);
        let b_pts: f64 = (0..k)
            .filter(|&s| s != a_side)
            .map(|s| f64::from(t[s]))
            .sum::<f64>()
            / (k - 1) as f64;
        sum += a_pts - b_pts;
    }
    out.margin = sum / games.len() as f64;
    Ok(out)
}

fn median(v: &mut [u64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    v[v.len() / 2] as f64 / 1e6
}

fn parse_args() -> Result<(Rules, u64, u32, Player, Player, usize), String> {
    let mut rules = Rules::default();
    let mut seed = 1u64;
    let mut deals = 200u32;
    let mut a = Player {
        level: Level::Expert,
        budget: Level::Expert.default_budget(),
    };
    let mut b = Player {
        level: Level::Medium,
        budget: Level::Medium.default_budget(),
    };
    let (mut a_s, mut a_n, mut b_s, mut b_n) = (None, None, None, None);
    let mut threads = 1usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let val = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |what: &str| {
            val.parse::<u64>()
                .map_err(|e| format!("{what}: {val:?}: {e}"))
        };
        match flag {
            "--a" => a.level = val.parse().map_err(|e| format!("--a: {e}"))?,
            "--b" => b.level = val.parse().map_err(|e| format!("--b: {e}"))?,
            "--seed" => seed = num("--seed")?,
            "--deals" => deals = num("--deals")? as u32,
            "--players" => rules.players = num("--players")? as u8,
            "--deal" => {
                rules.deal = val
                    .parse::<DealKind>()
                    .map_err(|e| format!("--deal: {e}"))?
            }
            "--a-samples" => a_s = Some(num("--a-samples")? as u16),
            "--a-nodes" => a_n = Some(num("--a-nodes")? as u32),
            "--b-samples" => b_s = Some(num("--b-samples")? as u16),
            "--b-nodes" => b_n = Some(num("--b-nodes")? as u32),
            "--threads" => threads = num("--threads")?.max(1) as usize,
            _ => return Err(format!("unknown option {flag}")),
        }
        i += 2;
    }
    rules.validate().map_err(|e| e.to_string())?;
    a.budget = a.level.default_budget();
    b.budget = b.level.default_budget();
    if let Some(s) = a_s {
        a.budget.samples = s
    }
    if let Some(n) = a_n {
        a.budget.nodes = n
    }
    if let Some(s) = b_s {
        b.budget.samples = s
    }
    if let Some(n) = b_n {
        b.budget.nodes = n
    }
    Ok((rules, seed, deals, a, b, threads))
}

fn main() -> ExitCode {
    let (rules, seed, deals, a, b, threads) = match parse_args() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("ai_duel: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let results: Vec<Result<Outcome, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..deals)
                        .filter(|d| *d as usize % threads == t)
                        .map(|d| duel(rules, seed.wrapping_add(u64::from(d)), a, b))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut margins = Vec::new();
    let (mut a_ns, mut b_ns) = (Vec::new(), Vec::new());
    for r in results {
        match r {
            Ok(o) => {
                margins.push(o.margin);
                a_ns.extend(o.a_ns);
                b_ns.extend(o.b_ns);
            }
            Err(e) => {
                eprintln!("ai_duel: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let n = margins.len() as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let var = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let mean_ms = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64 / 1e6;
    let (am, bm) = (mean_ms(&a_ns), mean_ms(&b_ns));
    let (amed, bmed) = (median(&mut a_ns), median(&mut b_ns));
    let amax = a_ns.last().copied().unwrap_or(0) as f64 / 1e6;
    let bmax = b_ns.last().copied().unwrap_or(0) as f64 / 1e6;
    println!(
        "{} vs {}: players {} deal {} | {} paired deals from seed {} | margin {:+.3} points/deal, 95% CI [{:+.3}, {:+.3}] (±{:.3})",
        a.level,
        b.level,
        rules.players,
        rules.deal,
        margins.len(),
        seed,
        mean,
        mean - half,
        mean + half,
        half
    );
    println!(
        "  {} (samples {}, nodes {}): ms/move median {:.3} mean {:.3} max {:.3} over {} moves",
        a.level,
        a.budget.samples,
        a.budget.nodes,
        amed,
        am,
        amax,
        a_ns.len()
    );
    println!(
        "  {} (samples {}, nodes {}): ms/move median {:.3} mean {:.3} max {:.3} over {} moves",
        b.level,
        b.budget.samples,
        b.budget.nodes,
        bmed,
        bm,
        bmax,
        b_ns.len()
    );
    println!(
        "  wall time {:.1} s, {} thread(s)",
        start.elapsed().as_secs_f64(),
        threads
    );
    ExitCode::SUCCESS
}
