//! `scopa simulate`: AI-vs-AI tournaments on paired deals.
//!
//! Deck `i` is shuffled from a generator seeded by (seed, i) only and played twice: once
//! with A in seats 0 (and 2) and B in seats 1 (and 3), once with the seats swapped, so the
//! luck of the cards cancels. At a two-deck table (6 or 8 players, docs/rules.md §8) A is
//! one side of partners and B every other side, and each deck is played once with A as
//! each side in turn (3 or 4 seatings). Decks are played in parallel (rayon) and the results are
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
use scopa_core::briscola::{
    self, BriscolaCards, BriscolaHand, BriscolaHandOf, BriscolaRules, TwoDeckHand,
};
use scopa_core::scopa::teams::{self, TeamHand};
use scopa_core::scopa::{HandState, Play, PlayerView, Rules};
use scopa_core::session::seed::{self, Purpose};
use scopa_core::{Deck, SplitMix64};
use serde_json::json;

use crate::common::{GameRules, RulesArgs, print_out};

/// Options of `scopa simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// AI level of side A: random, easy, medium, expert or handheld.
    #[arg(long)]
    pub a: Level,
    /// AI level of side B.
    #[arg(long)]
    pub b: Level,
    /// Number of decks; each is played twice (seats swapped), so 2 × N hands
    /// (`--deals` is the older name).
    #[arg(long = "decks", visible_alias = "deals", value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub decks: u64,
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

/// The outcome of one deck played in every seating.
struct DeckResult {
    /// In each seating, A's points times the B sides (1, or 2 or 3 at a two-deck table)
    /// minus the B sides' points: A's margin over the mean B side, kept in integers.
    margins: Vec<i32>,
    /// In each seating: 1 when A scored strictly more than every B side, -1 when a B side
    /// scored strictly more than A, else 0.
    outcomes: Vec<i8>,
    /// A's points, and the B sides' points, summed over the seatings.
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
    // The AI seeds come from the session's one seed policy: the tournament seed is the
    // secret, the deck the match number, the seat order (0 or 1) the hand.
    (secret, deck_number, pass): (u64, u32, u16),
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
        let move_seed = seed::derive(secret, Purpose::Ai, deck_number, pass, hand.plays(), seat);
        let mv = timed(times, player, || {
            ai::choose_move(levels[player], &view, move_seed)
        });
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

/// Plays one Briscola hand of one deck or two from `hand` (as dealt), `player(seat)` saying
/// who plays each seat (0 = A, 1 = B); every side's card points.
fn play_briscola_seating<
    C: BriscolaCards,
    const SEATS: usize,
    const SIDES: usize,
    const N: usize,
>(
    mut hand: BriscolaHandOf<C, SEATS, SIDES, N>,
    levels: [Level; 2],
    player: impl Fn(u8) -> usize,
    (secret, deck_number, pass): (u64, u32, u16),
    times: &mut [Vec<u64>; 2],
) -> anyhow::Result<Vec<u16>> {
    let mut plays = 0u8;
    while !hand.is_over() {
        let seat = hand.turn();
        let player = player(seat);
        let Some(view) = hand.view(seat) else {
            bail!("seat {seat} has no view");
        };
        let move_seed = seed::derive(secret, Purpose::Ai, deck_number, pass, plays, seat);
        let card = timed(times, player, || {
            briscola::choose_card(levels[player], &view, move_seed)
        });
        let Some(card) = card else {
            bail!("the {} AI found no card", levels[player]);
        };
        hand.play(seat, card)?;
        plays += 1;
    }
    Ok(hand.score().points.iter().map(|&p| u16::from(p)).collect())
}

/// One Briscola deck played twice, seats swapped.
fn play_briscola_deck(
    rules: BriscolaRules,
    levels: [Level; 2],
    seed: u64,
    index: u64,
) -> anyhow::Result<DeckResult> {
    let deck_number = index as u32;
    let mut rng = SplitMix64::new(seed::deal_seed(seed, deck_number));
    let dealer = (index % u64::from(rules.players)) as u8;
    let hand = BriscolaHand::deal(rules, dealer, &mut rng)?;
    both_seatings(seed, deck_number, |a_even, at, times| {
        let points = play_briscola_seating(
            hand,
            levels,
            |seat| usize::from(seat.is_multiple_of(2) != a_even),
            at,
            times,
        )?;
        // Side 0 holds the even seats.
        Ok(if a_even {
            [points[0], points[1]]
        } else {
            [points[1], points[0]]
        })
    })
}

/// Plays a deck twice, A in the even seats then in the odd ones: `hand(a_even, (secret,
/// deck, seating), times)` gives A's and B's points of one seating.
fn both_seatings(
    seed: u64,
    deck_number: u32,
    mut hand: impl FnMut(bool, (u64, u32, u16), &mut [Vec<u64>; 2]) -> anyhow::Result<[u16; 2]>,
) -> anyhow::Result<DeckResult> {
    let mut times = [Vec::with_capacity(40), Vec::with_capacity(40)];
    let mut margins = Vec::with_capacity(2);
    let mut outcomes = Vec::with_capacity(2);
    let mut points = [0u32; 2];
    for (k, a_even) in [true, false].into_iter().enumerate() {
        let [a, b] = hand(a_even, (seed, deck_number, k as u16), &mut times)?;
        let margin = i32::from(a) - i32::from(b);
        margins.push(margin);
        outcomes.push(margin.signum() as i8);
        points[0] += u32::from(a);
        points[1] += u32::from(b);
    }
    Ok(DeckResult {
        margins,
        outcomes,
        points,
        times,
    })
}

fn play_deck(
    rules: Rules,
    levels: [Level; 2],
    seed: u64,
    index: u64,
) -> anyhow::Result<DeckResult> {
    let deck_number = index as u32;
    let mut rng = SplitMix64::new(seed::deal_seed(seed, deck_number));
    let dealer = (index % u64::from(rules.players)) as u8;
    // A deck the kings rule voids is shuffled again, from the same generator.
    let deck = loop {
        let deck = Deck::shuffled(&mut rng);
        if HandState::from_deck(rules, dealer, &deck).is_ok() {
            break deck;
        }
    };
    both_seatings(seed, deck_number, |a_even, at, times| {
        play_hand(rules, dealer, &deck, levels, a_even, at, times)
    })
}

/// A deck at a two-deck table (6 or 8 players, 3 or 4 sides) played once with A as each
/// side in turn: `hand(a_side, (secret, deck, seating), times)` plays one seating and gives
/// every side's points.
fn every_side_as_a(
    sides: u8,
    seed: u64,
    deck_number: u32,
    mut hand: impl FnMut(u8, (u64, u32, u16), &mut [Vec<u64>; 2]) -> anyhow::Result<Vec<u16>>,
) -> anyhow::Result<DeckResult> {
    let scale = i32::from(sides) - 1;
    let mut times = [Vec::with_capacity(80), Vec::with_capacity(80)];
    let (mut margins, mut outcomes, mut points) = (Vec::new(), Vec::new(), [0u32; 2]);
    for a_side in 0..sides {
        let totals = hand(a_side, (seed, deck_number, u16::from(a_side)), &mut times)?;
        let a = i32::from(totals[usize::from(a_side)]);
        let others = (0..sides)
            .filter(|&s| s != a_side)
            .map(|s| i32::from(totals[usize::from(s)]));
        let (b_sum, b_best) = others.fold((0, i32::MIN), |(sum, best), p| (sum + p, best.max(p)));
        margins.push(scale * a - b_sum);
        outcomes.push((a - b_best).signum() as i8);
        points[0] += a as u32;
        points[1] += b_sum as u32;
    }
    Ok(DeckResult {
        margins,
        outcomes,
        points,
        times,
    })
}

/// Times one AI call and keeps its time for `player` (0 = A, 1 = B).
fn timed<T>(times: &mut [Vec<u64>; 2], player: usize, call: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = call();
    times[player].push(start.elapsed().as_nanos() as u64);
    out
}

/// One two-deck Scopa deck (6 or 8 players), A as each side in turn.
fn play_team_deck(
    rules: Rules,
    levels: [Level; 2],
    seed: u64,
    index: u64,
) -> anyhow::Result<DeckResult> {
    let deck_number = index as u32;
    let mut rng = SplitMix64::new(seed::deal_seed(seed, deck_number));
    let dealer = (index % u64::from(rules.players)) as u8;
    let (start, _) = TeamHand::deal(rules, dealer, &mut rng)?;
    every_side_as_a(
        rules.sides(),
        seed,
        deck_number,
        |a_side, (secret, deck, pass), times| {
            let mut hand = start;
            while !hand.is_finished() {
                let seat = hand.turn();
                let player = usize::from(rules.side_of(seat) != a_side);
                let Some(view) = hand.view(seat, [0; 4]) else {
                    bail!("seat {seat} has no view");
                };
                let move_seed = seed::derive(secret, Purpose::Ai, deck, pass, hand.plays(), seat);
                let Some(mv) = timed(times, player, || {
                    teams::choose_move(levels[player], &view, move_seed)
                }) else {
                    bail!("the {} AI found no move", levels[player]);
                };
                hand.play(seat, mv)?;
            }
            let Some(score) = hand.score() else {
                bail!("a finished hand has no score");
            };
            Ok(score.totals().to_vec())
        },
    )
}

/// One two-deck Briscola deck (6 or 8 players), A as each side in turn; card points.
fn play_briscola_team_deck(
    rules: BriscolaRules,
    levels: [Level; 2],
    seed: u64,
    index: u64,
) -> anyhow::Result<DeckResult> {
    let deck_number = index as u32;
    let mut rng = SplitMix64::new(seed::deal_seed(seed, deck_number));
    let dealer = (index % u64::from(rules.players)) as u8;
    let start = TwoDeckHand::deal(rules, dealer, &mut rng)?;
    every_side_as_a(rules.sides(), seed, deck_number, |a_side, at, times| {
        play_briscola_seating(
            start,
            levels,
            |seat| usize::from(rules.side_of(seat) != a_side),
            at,
            times,
        )
    })
}

/// Histogram buckets: 256 per power of two, so a bucket is 0.4% wide.
const SUB: u32 = 8;
const BUCKETS: usize = (64 << SUB) + 1;

/// Bucket 0 holds 0; bucket 1 + (l << SUB) + s holds the values whose highest bit is `l`
/// and whose next SUB bits are `s`.
fn bucket(ns: u64) -> usize {
    if ns == 0 {
        return 0;
    }
    let l = 63 - ns.leading_zeros();
    let sub = ((ns << (63 - l)) >> (63 - SUB)) & ((1 << SUB) - 1);
    1 + ((l as usize) << SUB) + sub as usize
}

/// The smallest value of a bucket, and its width.
fn bucket_range(index: usize) -> (f64, f64) {
    let Some(index) = index.checked_sub(1) else {
        return (0.0, 0.0);
    };
    let l = (index >> SUB) as i32;
    let sub = (index & ((1 << SUB) - 1)) as f64;
    let scale = 2f64.powi(l - SUB as i32);
    if l < SUB as i32 {
        // Small values are stored exactly.
        (((1u64 << l) as f64) + sub * scale, 0.0)
    } else {
        ((f64::from(1u32 << SUB) + sub) * scale, scale)
    }
}

/// Everything the report needs, in integers (so the sums do not depend on the order in
/// which threads combine them) plus per-side histograms of the AI call times.
#[derive(Default)]
struct Stats {
    decks: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    points: [u64; 2],
    /// Σ over decks of the sum of the deck's (scaled) margins over its seatings, and of its
    /// square.
    pair_sum: i64,
    pair_sq: i64,
    time_ns: [u128; 2],
    moves: [u64; 2],
    hist: [Vec<u64>; 2],
}

impl Stats {
    fn add(&mut self, r: DeckResult) {
        self.decks += 1;
        for o in r.outcomes {
            match o {
                1 => self.wins += 1,
                0 => self.draws += 1,
                _ => self.losses += 1,
            }
        }
        self.points[0] += u64::from(r.points[0]);
        self.points[1] += u64::from(r.points[1]);
        let pair = r.margins.iter().map(|&m| i64::from(m)).sum::<i64>();
        self.pair_sum += pair;
        self.pair_sq += pair * pair;
        for (side, times) in r.times.iter().enumerate() {
            let hist = &mut self.hist[side];
            if hist.is_empty() {
                hist.resize(BUCKETS, 0);
            }
            for &ns in times {
                hist[bucket(ns)] += 1;
                self.time_ns[side] += u128::from(ns);
            }
            self.moves[side] += times.len() as u64;
        }
    }

    fn merge(mut self, mut other: Stats) -> Stats {
        self.decks += other.decks;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        for side in 0..2 {
            self.points[side] += other.points[side];
            self.time_ns[side] += other.time_ns[side];
            self.moves[side] += other.moves[side];
            if self.hist[side].is_empty() {
                self.hist[side] = std::mem::take(&mut other.hist[side]);
            } else if !other.hist[side].is_empty() {
                for (a, b) in self.hist[side].iter_mut().zip(&other.hist[side]) {
                    *a += b;
                }
            }
        }
        self.pair_sum += other.pair_sum;
        self.pair_sq += other.pair_sq;
        self
    }

    fn mean_ms(&self, side: usize) -> f64 {
        if self.moves[side] == 0 {
            return 0.0;
        }
        self.time_ns[side] as f64 / self.moves[side] as f64 / 1e6
    }

    /// The median call time (to the 0.4% of its histogram bucket).
    fn median_ms(&self, side: usize) -> f64 {
        let n = self.moves[side];
        if n == 0 {
            return 0.0;
        }
        let half = n.div_ceil(2);
        let mut seen = 0;
        for (i, &count) in self.hist[side].iter().enumerate() {
            seen += count;
            if seen >= half {
                let (low, width) = bucket_range(i);
                return (low + width / 2.0) / 1e6;
            }
        }
        0.0
    }
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
    let game = args.rules.to_game()?;
    let table = game.settings(args.a);
    let players = table.players();
    let (unit, name) = if table.game.is_briscola() {
        ("card points", "briscola")
    } else {
        ("points", "scopa")
    };
    if players == 3 {
        bail!(
            "simulate pits side A against side B: use --players 2 or 4, or 6 or 8 (A one side of partners, B the others)"
        );
    }
    let two_decks = table.two_decks();
    // Seatings of each deck, and the B sides A's margin is measured against.
    let sides = table.sides();
    let (seatings, b_sides) = if two_decks {
        (u64::from(sides), f64::from(sides - 1))
    } else {
        (2, 1.0)
    };
    let levels = [args.a, args.b];
    let n = args.decks;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(t.max(1));
    }
    let pool = pool.build()?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{prefix} {bar:30} {pos}/{len} decks  {elapsed} (eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar.set_prefix(format!("{} vs {}", args.a, args.b));
        bar
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let stats = pool.install(|| {
        (0..n)
            .into_par_iter()
            .try_fold(Stats::default, |mut acc, i| {
                acc.add(match game {
                    GameRules::Scopa(rules) if two_decks => {
                        play_team_deck(rules, levels, args.seed, i)?
                    }
                    GameRules::Scopa(rules) => play_deck(rules, levels, args.seed, i)?,
                    GameRules::Briscola(rules) if two_decks => {
                        play_briscola_team_deck(rules, levels, args.seed, i)?
                    }
                    GameRules::Briscola(rules) => play_briscola_deck(rules, levels, args.seed, i)?,
                });
                bar.inc(1);
                Ok::<Stats, anyhow::Error>(acc)
            })
            .try_reduce(Stats::default, |a, b| Ok(a.merge(b)))
    });
    bar.finish_and_clear();
    let stats = stats?;
    let wall = started.elapsed().as_secs_f64();

    // Integer sums: the same whatever the thread count and the order of combination.
    let hands = seatings * n;
    let (wins, draws, losses) = (stats.wins, stats.draws, stats.losses);
    let points = stats.points;
    let nf = n as f64;
    // A deck's paired difference is the mean of its seatings' margins over the mean B side:
    // its scaled sum divided by (seatings × B sides).
    let per_deck = seatings as f64 * b_sides;
    let margin = stats.pair_sum as f64 / per_deck / nf;
    let ci95 = if n >= 2 {
        let sum = stats.pair_sum as f64;
        let var = (stats.pair_sq as f64 - sum * sum / nf) / (nf - 1.0) / (per_deck * per_deck);
        Some(1.96 * var.max(0.0).sqrt() / nf.sqrt())
    } else {
        None
    };
    let (a_mean, b_mean) = (stats.mean_ms(0), stats.mean_ms(1));
    let (a_median, b_median) = (stats.median_ms(0), stats.median_ms(1));
    let (a_moves, b_moves) = (stats.moves[0], stats.moves[1]);
    let a_points = points[0] as f64 / hands as f64;
    // Per B side at a two-deck table.
    let b_points = points[1] as f64 / hands as f64 / b_sides;
    let mut text = String::new();
    if args.json {
        let out = json!({
            "decks": n,
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
            "game": name,
            "players": players,
            "seed": args.seed,
            "seconds": wall,
        });
        outln!(text, "{out}");
    } else {
        outln!(
            text,
            "A = {} vs B = {}: {name}, {} players, {n} decks × {seatings} seatings = {hands} hands, seed {}",
            args.a,
            args.b,
            players,
            args.seed
        );
        match ci95 {
            Some(ci) => outln!(
                text,
                "A's margin{}: {margin:+.3} {unit} per hand (95% CI ±{ci:.3}, i.e. {:+.3} … {:+.3})",
                if two_decks {
                    " over the mean B side"
                } else {
                    ""
                },
                margin - ci,
                margin + ci
            ),
            None => outln!(
                text,
                "A's margin: {margin:+.3} {unit} per hand (one deck: no CI)"
            ),
        }
        outln!(
            text,
            "{} per hand: A {a_points:.3}, B {b_points:.3}{}",
            if name == "scopa" {
                "Points"
            } else {
                "Card points"
            },
            if two_decks { " (each B side)" } else { "" }
        );
        outln!(
            text,
            "Hands: A won {wins}, drew {draws}, lost {losses}{}",
            if two_decks {
                " (won: more points than every B side; lost: a B side had more)"
            } else {
                ""
            }
        );
        outln!(
            text,
            "A ({}): {} ms/move mean, {} median ({a_moves} moves)",
            args.a,
            fmt_ms(a_mean),
            fmt_ms(a_median)
        );
        outln!(
            text,
            "B ({}): {} ms/move mean, {} median ({b_moves} moves)",
            args.b,
            fmt_ms(b_mean),
            fmt_ms(b_median)
        );
        outln!(text, "Wall time: {wall:.2} s");
    }
    print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_hold_their_values() {
        let mut last = 0;
        for ns in (0..5000u64).chain([1 << 20, 123_456_789, u64::MAX / 3]) {
            let b = bucket(ns);
            assert!(b >= last || ns == 1 << 20, "buckets grow with the value");
            last = b;
            let (low, width) = bucket_range(b);
            let v = ns as f64;
            assert!(
                low <= v * (1.0 + 1e-12) && v < low + width.max(1.0) + 1e-6,
                "{ns}: {low} {width}"
            );
        }
    }

    #[test]
    fn median_comes_from_the_histogram() {
        let mut s = Stats::default();
        s.add(DeckResult {
            margins: vec![1, -1],
            outcomes: vec![1, -1],
            points: [3, 3],
            times: [vec![100, 200, 300_000], vec![5, 5, 7]],
        });
        assert_eq!(s.median_ms(1), 5e-6);
        assert!((s.median_ms(0) - 200e-6).abs() < 1e-6);
        assert!((s.mean_ms(0) - 300_300.0 / 3.0 / 1e6).abs() < 1e-12);
    }
}
