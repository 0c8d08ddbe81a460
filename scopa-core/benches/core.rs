//! Benchmarks of the scopa-core hot path (criterion).
//!
//! - `legal_moves/*`: legal-move generation on realistic positions, sampled from random
//!   2-player and 4-player (scopone scientifico) games.
//! - `random_deal/*`: complete random 2-player deals: shuffle and deal with `SplitMix64`,
//!   then uniformly random legal moves until the hand ends, then the score.
//!   `count_nth` picks with `legal_move_count` + `nth_legal_move`, `list_index` with
//!   `legal_moves()[i]` (both draw the index with the unbiased `deal::below` and play it
//!   with `play_unchecked`), `random_move` with `HandState::random_move` +
//!   `play_unchecked`, and `playout_random` with `HandState::playout_random`. The last two
//!   draw exactly what `legal_moves()[below(rng, len)]` draws (checked move by move by the
//!   property `random_playouts_equal_the_checked_path` in `tests/tests/props.rs`).
//!
//! - `teams_expert/*`: one move of the two-deck `expert` (6 and 8 players) from positions
//!   sampled along `medium` games: the median is its time a move.
//!
//! Run: `cargo bench -p scopa-core --bench core`. After criterion, the binary prints the
//! sizes of the main types, criterion's median estimates, and its own median deals/s
//! (11 timed batches of 100,000 deals each, by wall clock and by the thread's on-CPU time
//! from `/proc/thread-self/schedstat`, which excludes waiting for a shared core).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use scopa_core::SplitMix64;
use scopa_core::deal::below;
use scopa_core::scopa::{DealKind, HandState, Match, PlayerView, Rules};

/// Positions sampled from random games: every 3rd state of `games` random hands.
fn sample_positions(rules: Rules, games: usize, seed: u64) -> Vec<HandState> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let dealer = (g % usize::from(rules.players)) as u8;
        let mut h = HandState::deal(rules, dealer, &mut rng).unwrap();
        let mut ply = 0;
        while !h.is_finished() {
            if ply % 3 == 0 {
                out.push(h);
            }
            let n = h.legal_move_count();
            let mv = h
                .nth_legal_move(below(&mut rng, n as u32) as usize)
                .unwrap();
            h.play_unchecked(mv);
            ply += 1;
        }
    }
    out
}

/// One complete random deal, choosing with count + nth; returns a digest of the score.
#[inline]
fn deal_count_nth(rules: Rules, rng: &mut SplitMix64) -> u16 {
    let mut h = HandState::deal(rules, 0, rng).unwrap();
    while !h.is_finished() {
        let n = h.legal_move_count();
        let i = below(rng, n as u32) as usize;
        match h.nth_legal_move(i) {
            Some(mv) => h.play_unchecked(mv),
            None => unreachable!("index {i} of {n} moves"),
        }
    }
    h.score().map_or(0, |s| s.totals()[0])
}

/// One complete random deal, choosing from the full list; returns a digest of the score.
#[inline]
fn deal_list_index(rules: Rules, rng: &mut SplitMix64) -> u16 {
    let mut h = HandState::deal(rules, 0, rng).unwrap();
    while !h.is_finished() {
        let moves = h.legal_moves();
        let i = below(rng, moves.len() as u32) as usize;
        h.play_unchecked(moves[i]);
    }
    h.score().map_or(0, |s| s.totals()[0])
}

/// One complete random deal with `random_move` + `play_unchecked`.
#[inline]
fn deal_random_move(rules: Rules, rng: &mut SplitMix64) -> u16 {
    let mut h = HandState::deal(rules, 0, rng).unwrap();
    while let Some(mv) = h.random_move(rng) {
        h.play_unchecked(mv);
    }
    h.score().map_or(0, |s| s.totals()[0])
}

/// One complete random deal with `playout_random`.
#[inline]
fn deal_playout(rules: Rules, rng: &mut SplitMix64) -> u16 {
    let mut h = HandState::deal(rules, 0, rng).unwrap();
    h.playout_random(rng);
    h.score().map_or(0, |s| s.totals()[0])
}

fn legal_moves(c: &mut Criterion) {
    let two = Rules::default();
    let scientifico = Rules {
        players: 4,
        deal: DealKind::ScoponeScientifico,
        ..Rules::default()
    };
    let mut group = c.benchmark_group("legal_moves");
    for (name, rules) in [("2p", two), ("4p_scientifico", scientifico)] {
        let positions = sample_positions(rules, 200, 7);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{name}_list"), |b| {
            b.iter(|| {
                let mut total = 0usize;
                for h in &positions {
                    total += black_box(h).legal_moves().len();
                }
                total
            })
        });
        group.bench_function(format!("{name}_count"), |b| {
            b.iter(|| {
                let mut total = 0usize;
                for h in &positions {
                    total += black_box(h).legal_move_count();
                }
                total
            })
        });
    }
    group.finish();
}

fn random_deals(c: &mut Criterion) {
    let rules = Rules::default();
    let mut group = c.benchmark_group("random_deal");
    group.throughput(Throughput::Elements(1));
    let mut rng = SplitMix64::new(1);
    group.bench_function("count_nth", |b| {
        b.iter(|| deal_count_nth(black_box(rules), &mut rng))
    });
    let mut rng = SplitMix64::new(1);
    group.bench_function("list_index", |b| {
        b.iter(|| deal_list_index(black_box(rules), &mut rng))
    });
    let mut rng = SplitMix64::new(1);
    group.bench_function("random_move", |b| {
        b.iter(|| deal_random_move(black_box(rules), &mut rng))
    });
    let mut rng = SplitMix64::new(1);
    group.bench_function("playout_random", |b| {
        b.iter(|| deal_playout(black_box(rules), &mut rng))
    });
    group.finish();
}

/// This thread's time on a CPU, in ns (Linux `schedstat`), if the system reports it. On a
/// shared machine it excludes the time the thread waited for a core.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Median deals per second over `batches` timed batches of `per_batch` deals: by wall
/// clock, and by on-CPU time when available.
fn median_deals_per_second(
    f: fn(Rules, &mut SplitMix64) -> u16,
    batches: usize,
    per_batch: u32,
) -> (f64, Option<f64>) {
    let rules = Rules::default();
    let mut rng = SplitMix64::new(12345);
    let mut sink = 0u64;
    let mut wall = Vec::new();
    let mut cpu = Vec::new();
    for _ in 0..batches {
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        for _ in 0..per_batch {
            sink += u64::from(f(black_box(rules), &mut rng));
        }
        let secs = start.elapsed().max(Duration::from_nanos(1)).as_secs_f64();
        wall.push(f64::from(per_batch) / secs);
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
            cpu.push(f64::from(per_batch) / ((b.saturating_sub(a)).max(1) as f64 * 1e-9));
        }
    }
    black_box(sink);
    let median = |mut v: Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    let cpu = (cpu.len() == batches).then(|| median(cpu));
    (median(wall), cpu)
}

/// Criterion's median point estimate (ns) for `id` from its saved estimates, if any.
fn criterion_median_ns(id: &str) -> Option<f64> {
    let home = std::env::var_os("CRITERION_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR")
                .map(|d| std::path::PathBuf::from(d).join("criterion"))
        })
        .unwrap_or_else(|| std::path::PathBuf::from("target/criterion"));
    let text = std::fs::read_to_string(home.join(id).join("new/estimates.json")).ok()?;
    let median = &text[text.find("\"median\"")?..];
    let at = median.find("\"point_estimate\":")? + "\"point_estimate\":".len();
    let rest = &median[at..];
    let end = rest.find([',', '}'])?;
    rest[..end].trim().parse().ok()
}

/// Views of the seat to play along `medium` games at a two-deck table: every 5th play.
fn team_views(players: u8, games: u64) -> Vec<scopa_core::scopa::teams::TeamView> {
    use scopa_core::ai::Level;
    use scopa_core::scopa::teams::{TeamHand, choose_move};
    let rules = Rules::default().with_players(players);
    let mut out = Vec::new();
    for seed in 0..games {
        let (mut hand, _) = TeamHand::deal(rules, 0, &mut SplitMix64::new(seed)).unwrap();
        let mut i = 0;
        while !hand.is_finished() {
            let view = hand.view(hand.turn(), [0; 4]).unwrap();
            if i % 5 == 0 {
                out.push(view);
            }
            let mv = choose_move(Level::Medium, &view, i).unwrap();
            hand.play(hand.turn(), mv).unwrap();
            i += 1;
        }
    }
    out
}

fn teams_expert(c: &mut Criterion) {
    use scopa_core::ai::Level;
    use scopa_core::scopa::teams::choose_move;
    let mut group = c.benchmark_group("teams_expert");
    group.sample_size(20);
    for players in [6u8, 8] {
        let views = team_views(players, 3);
        let mut i = 0usize;
        group.bench_function(format!("{players}p_move"), |b| {
            b.iter(|| {
                i = (i + 1) % views.len();
                black_box(choose_move(Level::Expert, black_box(&views[i]), i as u64))
            })
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    legal_moves(&mut c);
    random_deals(&mut c);
    teams_expert(&mut c);
    c.final_summary();

    let quick = std::env::args().any(|a| a == "--test" || a == "--list");
    println!(
        "sizes: HandState {} B, Match {} B, PlayerView {} B",
        size_of::<HandState>(),
        size_of::<Match>(),
        size_of::<PlayerView>()
    );
    if quick {
        return;
    }
    for id in [
        "legal_moves/2p_list",
        "legal_moves/2p_count",
        "legal_moves/4p_scientifico_list",
        "legal_moves/4p_scientifico_count",
        "random_deal/count_nth",
        "random_deal/list_index",
        "random_deal/random_move",
        "random_deal/playout_random",
        "teams_expert/6p_move",
        "teams_expert/8p_move",
    ] {
        if let Some(ns) = criterion_median_ns(id) {
            if id.starts_with("teams_expert") {
                println!("criterion median {id}: {:.2} ms a move", ns / 1e6);
            } else if id.starts_with("random_deal") {
                println!(
                    "criterion median {id}: {:.0} ns/deal = {:.0} deals/s",
                    ns,
                    1e9 / ns
                );
            } else {
                println!("criterion median {id}: {ns:.0} ns per batch of positions");
            }
        }
    }
    for (name, f) in [
        (
            "count_nth",
            deal_count_nth as fn(Rules, &mut SplitMix64) -> u16,
        ),
        ("list_index", deal_list_index),
        ("random_move", deal_random_move),
        ("playout_random", deal_playout),
    ] {
        let (wall, cpu) = median_deals_per_second(f, 11, 100_000);
        println!(
            "own median random_deal/{name}: {wall:.0} deals/s wall clock (11 batches of 100000)"
        );
        if let Some(cpu) = cpu {
            println!("own median random_deal/{name}: {cpu:.0} deals/s of on-CPU time");
        }
    }
    let positions = sample_positions(Rules::default(), 200, 7);
    println!("legal_moves/2p sample: {} positions", positions.len());
    let positions4 = sample_positions(
        Rules {
            players: 4,
            deal: DealKind::ScoponeScientifico,
            ..Rules::default()
        },
        200,
        7,
    );
    println!(
        "legal_moves/4p_scientifico sample: {} positions",
        positions4.len()
    );
}
