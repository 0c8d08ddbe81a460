//! `scopa simulate`: AI-vs-AI tournaments on paired deals.
//!
//! Deck `i` is shuffled from a generator seeded by (seed, i) only and played twice: once
//! with A in seats 0 (and 2) and B in seats 1 (and 3), once with the seats swapped, so the
//! luck of the cards cancels. Decks are played in parallel (rayon) and the results are
//! combined in deck order, so every figure except the timings is the same whatever the
//! number of threads.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::bail;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use scopa_core::ai::{self, Level};
use scopa_core::{Deck, HandState, Play, PlayerView, Rules, SplitMix64};
use serde_json::json;

use crate::common::{RulesArgs, derive_seed};

/// Options of `scopa simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// AI level of side A: random, easy, medium, expert or handheld.
    #[arg(long)]
    pub a: Level,
    /// AI level of side B.
    #[arg(long)]
    pub b: Level,
    /// Number of decks; each is played twice (seats swapped), so 2 × N hands.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub deals: u64,
    /// Seed of the decks and of the AI players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads [default: all cores]. The results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The outcome of one deck played twice.
struct DeckResult {
    /// A's points minus B's points, in each seating.
    margins: [i32; 2],
    /// A's and B's points, summed over both seatings.
    points: [u32; 2],
    /// Nanoseconds of each AI call, per side.
    times: [Vec<u64>; 2],
}

/// Plays one hand from `deck`; `a_even` says whether A holds the even seats.
fn play_hand(
    rules: Rules,
    dealer: u8,
    deck: &Deck,
    levels: [Level; 2],
    a_even: bool,
    seed: u64,
    times: &mut [Vec<u64>; 2],
) -> anyhow::Result<[u16; 2]> {
    let mut hand = HandState::from_deck(rules, dealer, deck)?;
    let mut history: Vec<Play> = Vec::with_capacity(40);
    while !hand.is_finished() {
        let seat = hand.turn();
        // Player 0 is A, player 1 is B.
        let player = usize::from((seat % 2 == 0) != a_even);
        let view = PlayerView::from_public(
            rules,
            seat,
            dealer,
            hand.hand(seat),
            hand.table(),
            &history,
            [0; 3],
        )?;
        let move_seed = derive_seed(&[seed, u64::from(hand.plays())]);
        let start = Instant::now();
        let mv = ai::choose_move(levels[player], &view, move_seed);
        times[player].push(start.elapsed().as_nanos() as u64);
        let Some(mv) = mv else {
            bail!("the {} AI found no move", levels[player]);
        };
        hand.play(seat, mv)?;
        history.push(Play { seat, mv });
    }
    let Some(score) = hand.score() else {
        bail!("a finished hand has no score");
    };
    let totals = score.totals();
    // Side 0 holds the even seats.
    Ok(if a_even {
        [totals[0], totals[1]]
    } else {
        [totals[1], totals[0]]
    })
}

fn play_deck(
    rules: Rules,
    levels: [Level; 2],
    seed: u64,
    index: u64,
) -> anyhow::Result<DeckResult> {
    let mut rng = SplitMix64::new(derive_seed(&[seed, index]));
    let dealer = (index % u64::from(rules.players)) as u8;
    // A deck the kings rule voids is shuffled again, from the same generator.
    let deck = loop {
        let deck = Deck::shuffled(&mut rng);
        if HandState::from_deck(rules, dealer, &deck).is_ok() {
            break deck;
        }
    };
    let mut times = [Vec::with_capacity(40), Vec::with_capacity(40)];
    let mut margins = [0i32; 2];
    let mut points = [0u32; 2];
    for (k, a_even) in [true, false].into_iter().enumerate() {
        let hand_seed = derive_seed(&[seed, index, k as u64, 0xA1]);
        let [a, b] = play_hand(rules, dealer, &deck, levels, a_even, hand_seed, &mut times)?;
        margins[k] = i32::from(a) - i32::from(b);
        points[0] += u32::from(a);
        points[1] += u32::from(b);
    }
    Ok(DeckResult {
        margins,
        points,
        times,
    })
}

fn mean_ms(ns: &[u64]) -> f64 {
    if ns.is_empty() {
        return 0.0;
    }
    ns.iter().map(|&n| n as f64).sum::<f64>() / ns.len() as f64 / 1e6
}

fn median_ms(ns: &mut [u64]) -> f64 {
    if ns.is_empty() {
        return 0.0;
    }
    ns.sort_unstable();
    let n = ns.len();
    let mid = if n % 2 == 1 {
        ns[n / 2] as f64
    } else {
        (ns[n / 2 - 1] as f64 + ns[n / 2] as f64) / 2.0
    };
    mid / 1e6
}

/// Milliseconds with three significant digits (AI calls range from 100 ns to seconds).
fn fmt_ms(ms: f64) -> String {
    if ms <= 0.0 || !ms.is_finite() {
        return "0".to_owned();
    }
    let digits = (2 - ms.log10().floor() as i32).clamp(0, 9) as usize;
    format!("{ms:.digits$}")
}

/// Runs the tournament and prints its result.
pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.to_rules()?;
    if rules.players == 3 {
        bail!("simulate pits two sides against each other: use --players 2 or 4");
    }
    let levels = [args.a, args.b];
    let n = args.deals;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(t.max(1));
    }
    let pool = pool.build()?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} decks  {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let results: anyhow::Result<Vec<DeckResult>> = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(|i| {
                let r = play_deck(rules, levels, args.seed, i);
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let results = results?;
    let wall = started.elapsed().as_secs_f64();

    // Combined in deck order: the same sums whatever the thread count.
    let hands = 2 * n;
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let mut points = [0u64; 2];
    let mut paired = Vec::with_capacity(results.len());
    let mut times: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    for r in results {
        for m in r.margins {
            match m.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
        }
        points[0] += u64::from(r.points[0]);
        points[1] += u64::from(r.points[1]);
        paired.push(f64::from(r.margins[0] + r.margins[1]) / 2.0);
        for (all, mine) in times.iter_mut().zip(r.times) {
            all.extend(mine);
        }
    }
    let margin = paired.iter().sum::<f64>() / n as f64;
    let ci95 = if n >= 2 {
        let var = paired.iter().map(|d| (d - margin).powi(2)).sum::<f64>() / (n - 1) as f64;
        Some(1.96 * var.sqrt() / (n as f64).sqrt())
    } else {
        None
    };
    let a_mean = mean_ms(&times[0]);
    let b_mean = mean_ms(&times[1]);
    let (a_moves, b_moves) = (times[0].len(), times[1].len());
    let a_median = median_ms(&mut times[0]);
    let b_median = median_ms(&mut times[1]);
    let a_points = points[0] as f64 / hands as f64;
    let b_points = points[1] as f64 / hands as f64;
    if args.json {
        let out = json!({
            "deals": n,
            "a": args.a.name(),
            "b": args.b.name(),
            "margin": margin,
            "ci95": ci95,
            "a_ms_per_move": a_mean,
            "b_ms_per_move": b_mean,
            "a_ms_median": a_median,
            "b_ms_median": b_median,
            "hands": hands,
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "a_points_per_hand": a_points,
            "b_points_per_hand": b_points,
            "a_moves": a_moves,
            "b_moves": b_moves,
            "players": rules.players,
            "seed": args.seed,
            "seconds": wall,
        });
        println!("{out}");
    } else {
        println!(
            "A = {} vs B = {}: {} players, {n} decks × 2 seatings = {hands} hands, seed {}",
            args.a, args.b, rules.players, args.seed
        );
        match ci95 {
            Some(ci) => println!(
                "A's margin: {margin:+.3} points per deal (95% CI ±{ci:.3}, i.e. {:+.3} … {:+.3})",
                margin - ci,
                margin + ci
            ),
            None => println!("A's margin: {margin:+.3} points per deal (one deck: no CI)"),
        }
        println!("Points per hand: A {a_points:.3}, B {b_points:.3}");
        println!("Hands: A won {wins}, drew {draws}, lost {losses}");
        println!(
            "A ({}): {} ms/move mean, {} median ({a_moves} moves)",
            args.a,
            fmt_ms(a_mean),
            fmt_ms(a_median)
        );
        println!(
            "B ({}): {} ms/move mean, {} median ({b_moves} moves)",
            args.b,
            fmt_ms(b_mean),
            fmt_ms(b_median)
        );
        println!("Wall time: {wall:.2} s");
    }
    Ok(ExitCode::SUCCESS)
}
