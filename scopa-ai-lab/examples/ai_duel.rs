//! AI strength and speed harness: two levels play the same shuffled deals with seats
//! swapped, and the margin per deal (points of A minus points of B, averaged over the
//! paired games) is reported with its 95% confidence interval, with the time per move.
//!
//! ```text
//! cargo run --release -p scopa-ai-lab --example ai_duel -- --a expert --b medium --deals 2000 --seed 1
//! ```
//!
//! Options: `--a PLAYER --b PLAYER` (random easy medium expert handheld, or the bench-only
//! expert-v1 handheld-v1 oracle peek-hands-v1 peek-played-v1 — the oracle cheats: it sees
//! every card; the two peek diagnostics see the other hands), `--deals N`
//! (paired deals), `--seed S`, `--players 2|3|4`, `--deal standard|scopone|scopone_scientifico`,
//! `--a-samples N --a-nodes N --b-samples N --b-nodes N` (override the default budgets),
//! `--threads N` (default 1), `--a-tune key=value,…` (A is the determinized search with those
//! settings: samples nodes after infer cand opp vector learned playout lastfull ismcts c oppinfo blend model soft; see
//! `scopa_ai_lab::Tuning`), `--a-plays FROM-TO --a-else PLAYER` (A's player makes only the
//! plays FROM ≤ p < TO of each hand, PLAYER the others).
//!
//! Times per move are the CPU time of the playing thread (`CLOCK_THREAD_CPUTIME_ID`, so
//! other processes sharing the cores do not inflate them), else wall time.
//!
//! With 2 or 4 players every deal is played twice, A holding side 0 then side 1. With 3
//! players it is played three times, A in each seat against two B players, and the margin
//! is A's points minus the mean of the two B seats.

use std::process::ExitCode;
use std::time::Instant;

use scopa_ai_lab::{self as lab, Contender, Tuning};
use scopa_core::ai::{self, Budget};
use scopa_core::scopa::{DealKind, Event, Match, Rules};

#[derive(Clone, Copy)]
struct Player {
    who: Contender,
    /// A budget replacing the level's default (levels only).
    budget: Option<Budget>,
    /// Plays of the hand (from, to) on which `who` plays; `other` plays the rest.
    plays: (u8, u8),
    other: Contender,
}

impl Player {
    fn choose(
        self,
        view: &scopa_core::scopa::PlayerView,
        game: &Match,
        seed: u64,
    ) -> Option<scopa_core::scopa::Move> {
        match (self.who, self.budget) {
            (Contender::Level(level), Some(b)) => ai::choose_move_with_budget(level, view, seed, b),
            (who, _) => lab::choose_move(who, view, game.hand(), seed),
        }
    }
}

struct Outcome {
    /// Margin of A over B for the paired deal.
    margin: f64,
    /// The same per component: scope, carte, denari, settebello, primiera.
    parts: [f64; 5],
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
) -> Result<scopa_core::scopa::HandScore, String> {
    let mut game = Match::with_first_dealer(rules, seed, 0).map_err(|e| e.to_string())?;
    let mut ply = 0u64;
    loop {
        let seat = game.turn();
        let view = game.view(seat).ok_or("no view")?;
        let mut p = if a_seats.contains(&seat) { a } else { b };
        let at = game.hand().plays();
        if at < p.plays.0 || at >= p.plays.1 {
            p = Player {
                who: p.other,
                budget: None,
                ..p
            };
        }
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply << 8) ^ u64::from(seat);
        let cpu = thread_cpu_ns();
        let t = Instant::now();
        let mv = p
            .choose(&view, &game, move_seed)
            .ok_or("AI returned no move")?;
        let wall = t.elapsed().as_nanos() as u64;
        // CPU time of this thread when the system reports it (other processes sharing the
        // cores do not count), else wall time.
        let ns = match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) if b >= a => b - a,
            _ => wall,
        };
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
                return Ok(*score);
            }
        }
    }
}

/// Nanoseconds of CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

fn duel(rules: Rules, seed: u64, a: Player, b: Player) -> Result<Outcome, String> {
    let mut out = Outcome {
        margin: 0.0,
        parts: [0.0; 5],
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
        let score = play_hand(rules, seed, a_seats, a, b, &mut out)?;
        let t = score.totals();
        let a_side = rules.side_of(a_seats[0]) as usize;
        let k = rules.sides() as usize;
        let a_pts = f64::from(t[a_side]);
        let b_pts: f64 = (0..k)
            .filter(|&s| s != a_side)
            .map(|s| f64::from(t[s]))
            .sum::<f64>()
            / (k - 1) as f64;
        sum += a_pts - b_pts;
        let part = |s: scopa_core::scopa::SideScore| {
            [s.scope, s.carte, s.denari, s.settebello, s.primiera].map(f64::from)
        };
        let pa = part(score.side(a_side as u8));
        for side in (0..k).filter(|&s| s != a_side) {
            let pb = part(score.side(side as u8));
            for c in 0..5 {
                out.parts[c] += (pa[c] - pb[c]) / (k - 1) as f64 / games.len() as f64;
            }
        }
    }
    out.margin = sum / games.len() as f64;
    Ok(out)
}

/// The `q`-quantile (0 … 1) of `v` in milliseconds, `v` sorted.
fn quantile_ms(v: &[u64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let i = ((v.len() - 1) as f64 * q).round() as usize;
    v[i] as f64 / 1e6
}

/// "samples S, nodes N" for a level (its budget), or the contender's fixed budget.
fn budget_text(p: Player, rules: &Rules) -> String {
    match (p.who, p.budget) {
        (Contender::Level(level), b) => {
            let b = b.unwrap_or(level.budget_for(rules));
            format!("samples {}, nodes {}", b.samples, b.nodes)
        }
        (Contender::Tuned(t), _) => format!("{t:?}"),
        _ => "fixed budget".to_owned(),
    }
}

/// `key=value,…` settings of the tuned search (keys: samples nodes after infer cand).
fn tuning(spec: &str) -> Result<Tuning, String> {
    let mut t = Tuning::V1;
    for kv in spec.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("tuning {kv:?}: expected key=value"))?;
        let v: u64 = v.parse().map_err(|e| format!("tuning {kv:?}: {e}"))?;
        match k {
            "samples" => t.budget.samples = v as u16,
            "nodes" => t.budget.nodes = v as u32,
            "after" => t.plies_after_deal = v as u8,
            "infer" => t.infer_temp = v as u16,
            "cand" => t.candidates = v as u8,
            "opp" => t.opp_model = v as u8,
            "vector" => t.vector = v != 0,
            "learned" => t.learned = v != 0,
            "playout" => t.playout = v != 0,
            "lastfull" => t.last_full = v != 0,
            "ismcts" => t.ismcts = v as u8,
            "c" => t.ucb_c = v as u16,
            "oppinfo" => t.opp_info = v as u8,
            "blend" => t.blend = v as u8,
            "model" => t.model = v as u8,
            "soft" => t.soft = v as u8,
            _ => return Err(format!("tuning: unknown key {k:?}")),
        }
    }
    Ok(t)
}

fn parse_args() -> Result<(Rules, u64, u32, Player, Player, usize), String> {
    let mut rules = Rules::default();
    let mut seed = 1u64;
    let mut deals = 200u32;
    let mut a = Player {
        who: Contender::Level(ai::Level::Expert),
        budget: None,
        plays: (0, u8::MAX),
        other: Contender::Level(ai::Level::Expert),
    };
    let mut b = Player {
        who: Contender::Level(ai::Level::Medium),
        budget: None,
        plays: (0, u8::MAX),
        other: Contender::Level(ai::Level::Medium),
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
            "--a" => a.who = val.parse().map_err(|e| format!("--a: {e}"))?,
            "--b" => b.who = val.parse().map_err(|e| format!("--b: {e}"))?,
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
            "--a-tune" => a.who = Contender::Tuned(tuning(val)?),
            "--a-plays" => {
                let (from, to) = val
                    .split_once('-')
                    .ok_or_else(|| format!("--a-plays {val:?}: expected FROM-TO"))?;
                let num = |x: &str| {
                    x.parse::<u8>()
                        .map_err(|e| format!("--a-plays {val:?}: {e}"))
                };
                a.plays = (num(from)?, num(to)?);
            }
            "--a-else" => a.other = val.parse().map_err(|e| format!("--a-else: {e}"))?,
            "--b-tune" => b.who = Contender::Tuned(tuning(val)?),
            _ => return Err(format!("unknown option {flag}")),
        }
        i += 2;
    }
    rules.validate().map_err(|e| e.to_string())?;
    for (p, s, n, flag) in [(&mut a, a_s, a_n, "--a"), (&mut b, b_s, b_n, "--b")] {
        if s.is_none() && n.is_none() {
            continue;
        }
        let Contender::Level(level) = p.who else {
            return Err(format!(
                "{flag}-samples/{flag}-nodes: {} has a fixed budget",
                p.who
            ));
        };
        let mut budget = level.budget_for(&rules);
        if let Some(s) = s {
            budget.samples = s;
        }
        if let Some(n) = n {
            budget.nodes = n;
        }
        p.budget = Some(budget);
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
    let mut parts = [0f64; 5];
    let (mut a_ns, mut b_ns) = (Vec::new(), Vec::new());
    for r in results {
        match r {
            Ok(o) => {
                margins.push(o.margin);
                for (p, q) in parts.iter_mut().zip(o.parts) {
                    *p += q;
                }
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
    a_ns.sort_unstable();
    b_ns.sort_unstable();
    println!(
        "{} vs {}: players {} deal {} | {} paired deals from seed {} | margin {:+.3} points/deal, 95% CI [{:+.3}, {:+.3}] (±{:.3})",
        a.who,
        b.who,
        rules.players,
        rules.deal,
        margins.len(),
        seed,
        mean,
        mean - half,
        mean + half,
        half
    );
    for (p, ns) in [(a, &a_ns), (b, &b_ns)] {
        println!(
            "  {} ({}): ms/move median {:.3} p99 {:.3} mean {:.3} max {:.3} over {} moves",
            p.who,
            budget_text(p, &rules),
            quantile_ms(ns, 0.5),
            quantile_ms(ns, 0.99),
            mean_ms(ns),
            quantile_ms(ns, 1.0),
            ns.len()
        );
    }
    let m = margins.len().max(1) as f64;
    println!(
        "  margin by component: scope {:+.3}, carte {:+.3}, denari {:+.3}, settebello {:+.3}, primiera {:+.3}",
        parts[0] / m,
        parts[1] / m,
        parts[2] / m,
        parts[3] / m,
        parts[4] / m
    );
    println!(
        "  wall time {:.1} s, {} thread(s)",
        start.elapsed().as_secs_f64(),
        threads
    );
    ExitCode::SUCCESS
}
