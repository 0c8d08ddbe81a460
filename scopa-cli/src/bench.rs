//! `scopa bench`: random 2-player deals per second and legal-move generation time, on one
//! thread, with scopa-core only; `--game briscola`: random 2-player Briscola deals per
//! second.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use scopa_core::SplitMix64;
use scopa_core::briscola::{BriscolaHand, BriscolaRules};
use scopa_core::scopa::{HandState, Rules};
use serde_json::json;

use crate::common::{GameArg, print_out};

/// Options of `scopa bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Seconds spent on the random-deal loop (0.01 to 3600).
    #[arg(long, default_value_t = 2.0, value_parser = seconds)]
    pub seconds: f64,
    /// Print exactly one JSON object on stdout.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print the figures as the Markdown table the docs quote, with the command, the date
    /// and the machine.
    #[arg(long)]
    pub markdown: bool,
    /// The game: scopa, or briscola (random 2-player Briscola deals) [default: scopa].
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
}

/// A duration for `--seconds`: a number from 0.01 to 3600.
fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if (0.01..=3600.0).contains(&s) {
        Ok(s)
    } else {
        Err(format!(
            "{text} s is out of range: give 0.01 to 3600 seconds"
        ))
    }
}

/// The machine, in one line: the CPU model (from /proc/cpuinfo where there is one), the
/// architecture, the cores the program may use and the load average (from /proc/loadavg).
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The load says how much the other programs competed for those cores.
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| {
            l.split_whitespace()
                .next()
                .map(|l| format!(", load average {l}"))
        })
        .unwrap_or_default();
    format!("{model}, {}, {cores} cores{load}", std::env::consts::ARCH)
}

/// The two figures as the table of README.md and docs/cli.md.
fn markdown(
    seconds: f64,
    deals_per_sec: f64,
    deals_per_cpu_sec: Option<f64>,
    legal_ns: f64,
    positions: usize,
) -> String {
    let build = if cfg!(debug_assertions) {
        "debug build"
    } else {
        "release build"
    };
    let date = time::OffsetDateTime::now_utc().date();
    // On a shared machine the thread waits for a core part of the time: the on-CPU rate is
    // the single-core figure (where the platform reports the thread's CPU time).
    let per_cpu = deals_per_cpu_sec.map_or(String::new(), |d| {
        format!(
            "| the same deals per second of the thread's on-CPU time | {} per second |\n",
            thousands(d.round() as u64)
        )
    });
    format!(
        "| `scopa bench` (one thread) | measured |\n\
         | --- | --- |\n\
         | random 2-player deals (shuffle, deal, uniformly random legal moves, score) | {} per second |\n\
         {per_cpu}\
         | legal-move generation, median of {positions} positions from random games | {legal_ns:.1} ns per call |\n\
         \n\
         `scopa bench --seconds {seconds} --markdown`, {date}, {}, {build}.\n",
        thousands(deals_per_sec.round() as u64),
        machine()
    )
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Deals a random hand: shuffles and deals with [`HandState::deal`] (which redeals the
/// decks the kings rule voids).
fn deal(rules: Rules, rng: &mut SplitMix64) -> anyhow::Result<HandState> {
    Ok(HandState::deal(rules, 0, rng)?)
}

/// Plays one random move: uniform over the legal moves.
fn random_move(hand: &mut HandState, rng: &mut SplitMix64) {
    if let Some(mv) = hand.random_move(rng) {
        hand.play_unchecked(mv);
    }
}

/// This thread's time on a CPU, in ns (Linux `schedstat`), if the system reports it. On a
/// shared machine it leaves out the time the thread waited for a core.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Random 2-player Briscola deals: shuffle, deal (the briscola under the stock), every seat
/// playing a random card of its hand to the end, points.
fn run_briscola(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let rules = BriscolaRules::default();
    let mut rng = SplitMix64::new(0xB415);
    let budget = Duration::from_secs_f64(args.seconds);
    let mut deals = 0u64;
    let mut points = 0u64;
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    let elapsed = loop {
        for _ in 0..64 {
            let mut hand = BriscolaHand::deal(rules, 0, &mut rng)?;
            hand.playout_random(&mut rng);
            points += u64::from(hand.score().points[0]);
            deals += 1;
        }
        let e = start.elapsed();
        if e >= budget {
            break e;
        }
    };
    let cpu = cpu_start
        .zip(thread_cpu_ns())
        .map(|(a, b)| b.saturating_sub(a).max(1) as f64 * 1e-9);
    black_box(points);
    let per_sec = deals as f64 / elapsed.as_secs_f64();
    let per_cpu_sec = cpu.map(|c| deals as f64 / c);
    let mut text = String::new();
    if args.json {
        let out = json!({
            "game": "briscola",
            "random_deals_per_sec": per_sec,
            "random_deals_per_cpu_sec": per_cpu_sec,
            "deals": deals,
            "seconds": elapsed.as_secs_f64(),
        });
        outln!(text, "{out}");
    } else if args.markdown {
        let per_cpu = per_cpu_sec.map_or(String::new(), |d| {
            format!(
                "| the same deals per second of the thread's on-CPU time | {} per second |\n",
                thousands(d.round() as u64)
            )
        });
        let build = if cfg!(debug_assertions) {
            "debug build"
        } else {
            "release build"
        };
        text.push_str(&format!(
            "| `scopa bench --game briscola` (one thread) | measured |\n\
             | --- | --- |\n\
             | random 2-player Briscola deals (shuffle, deal, random cards, points) | {} per second |\n\
             {per_cpu}\n\
             `scopa bench --game briscola --seconds {} --markdown`, {}, {}, {build}.\n",
            thousands(per_sec.round() as u64),
            args.seconds,
            time::OffsetDateTime::now_utc().date(),
            machine()
        ));
    } else {
        outln!(
            text,
            "Random 2-player Briscola deals: {per_sec:.0} per second ({deals} deals in {:.2} s, one thread)",
            elapsed.as_secs_f64()
        );
        if let Some(per_cpu) = per_cpu_sec {
            outln!(
                text,
                "  {per_cpu:.0} per second of the thread's on-CPU time (excludes waiting for a shared core)"
            );
        }
    }
    print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs the benchmark and prints its figures.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    if args.game == Some(GameArg::Briscola) {
        return run_briscola(&args);
    }
    let rules = Rules::default();
    let mut rng = SplitMix64::new(0xBE7C);
    let budget = Duration::from_secs_f64(args.seconds);

    // Random deals: shuffle, deal, play uniformly random legal moves to the end, score.
    let mut deals = 0u64;
    let mut points = 0u64;
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    let elapsed = loop {
        for _ in 0..64 {
            let mut hand = deal(rules, &mut rng)?;
            // Uniformly random legal moves to the end: the core's playout draws exactly
            // what indexing `legal_moves()` with one `below` call would.
            hand.playout_random(&mut rng);
            if let Some(score) = hand.score() {
                points += u64::from(score.totals()[0]);
            }
            deals += 1;
        }
        let e = start.elapsed();
        if e >= budget {
            break e;
        }
    };
    let cpu = cpu_start
        .zip(thread_cpu_ns())
        .map(|(a, b)| b.saturating_sub(a).max(1) as f64 * 1e-9);
    black_box(points);
    let deals_per_sec = deals as f64 / elapsed.as_secs_f64();
    let deals_per_cpu_sec = cpu.map(|c| deals as f64 / c);

    // Legal-move generation: positions sampled from random games; each timed over a batch
    // of calls, the median per-call time reported.
    const POSITIONS: usize = 20_000;
    const BATCH: u32 = 64;
    let mut positions = Vec::with_capacity(POSITIONS);
    while positions.len() < POSITIONS {
        let mut hand = deal(rules, &mut rng)?;
        while !hand.is_finished() && positions.len() < POSITIONS {
            positions.push(hand);
            random_move(&mut hand, &mut rng);
        }
    }
    let mut per_call = Vec::with_capacity(POSITIONS);
    let mut moves = 0usize;
    for hand in &positions {
        let t = Instant::now();
        for _ in 0..BATCH {
            moves += black_box(black_box(hand).legal_moves()).len();
        }
        per_call.push(t.elapsed().as_nanos() as f64 / f64::from(BATCH));
    }
    black_box(moves);
    per_call.sort_by(f64::total_cmp);
    let legal_ns = per_call[per_call.len() / 2];
    let mean_moves = moves as f64 / (POSITIONS as f64 * f64::from(BATCH));

    let mut text = String::new();
    if args.json {
        let out = json!({
            "random_deals_per_sec": deals_per_sec,
            "random_deals_per_cpu_sec": deals_per_cpu_sec,
            "legal_moves_ns": legal_ns,
            "deals": deals,
            "seconds": elapsed.as_secs_f64(),
            "positions": POSITIONS,
            "mean_legal_moves": mean_moves,
        });
        outln!(text, "{out}");
    } else if args.markdown {
        text.push_str(&markdown(
            args.seconds,
            deals_per_sec,
            deals_per_cpu_sec,
            legal_ns,
            POSITIONS,
        ));
    } else {
        outln!(
            text,
            "Random 2-player deals: {deals_per_sec:.0} per second ({deals} deals in {:.2} s, one thread)",
            elapsed.as_secs_f64()
        );
        if let Some(per_cpu) = deals_per_cpu_sec {
            outln!(
                text,
                "  {per_cpu:.0} per second of the thread's on-CPU time (excludes waiting for a shared core)"
            );
        }
        outln!(
            text,
            "Legal-move generation: {legal_ns:.1} ns median per call over {POSITIONS} positions from random games ({mean_moves:.2} moves on average)"
        );
    }
    print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_out_of_range_are_refused() {
        assert_eq!(seconds("2"), Ok(2.0));
        assert_eq!(seconds("0.01"), Ok(0.01));
        for bad in ["0", "-1", "0.001", "3601", "NaN", "inf", "two"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(754_321), "754,321");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
