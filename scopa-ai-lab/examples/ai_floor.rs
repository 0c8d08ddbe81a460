//! How far the evaluation at the end of a round is from the best that any evaluation of the
//! same public facts could be: a diagnostic for the learned evaluation of issue 13
//! (docs/ai.md, "How much an evaluation can still gain").
//!
//! ```text
//! cargo run --release -p scopa-ai-lab --example ai_floor -- --hands 1000 \
//!     --seed 100000001 --playouts 100 --player medium --threads 2
//! ```
//!
//! Positions: the end of every round but the last (the next round just dealt) in hands that
//! `--player` plays in both seats (2 players, default rules), dealt as `ai_train` deals
//! them (`Match::with_first_dealer(rules, seed + i, i % 2)`, the self-play of
//! `common/mod.rs`), from both sides' points of view. The target is what `ai_train` fits: the points the side will still make in the
//! hand minus the other's.
//!
//! From each position, `--playouts` continuations: the cards that no side has seen when the
//! round starts (both new hands and the deck) are dealt again at random, and `--player`
//! plays the hand to its end in both seats. Their mean estimates the conditional expectation
//! of the target given the public facts — the best value any evaluation of those facts can
//! give for that player's play — and their spread within a position is the part of the
//! outcome that no such evaluation can predict (the **floor**).
//!
//! Printed, by round and overall: the RMSE on the real outcome of predicting 0, of the
//! learned evaluation and of the first version's hand-written one; the floor; each
//! evaluation's **excess**: the RMS distance between its value and the conditional
//! expectation (from the playouts' mean, less the mean's own sampling variance); and the
//! share of the predictable part (the excess of predicting 0, squared) that it predicts. The
//! hand-written evaluation reads the real hand of the seat to move (its sweep threat), one
//! fact more than the public ones.
//!
//! The run is deterministic: the same options give the same figures, whatever `--threads`.

use std::process::ExitCode;
use std::time::Instant;

use scopa_ai_lab::{self as lab, Contender};
use scopa_core::scopa::{HandState, Play, PlayerView, Rules};
use scopa_core::{Card, CardSet, SplitMix64};

mod common;
use common::RoundEnd;

struct Args {
    hands: u64,
    seed: u64,
    playouts: u32,
    player: Contender,
    threads: usize,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        hands: 1_000,
        seed: 100_000_001,
        playouts: 100,
        player: Contender::Level(scopa_core::ai::Level::Medium),
        threads: 1,
    };
    common::parse_flags(|flag, val| {
        match flag {
            "--hands" => a.hands = common::value(flag, val)?,
            "--seed" => a.seed = common::value(flag, val)?,
            "--playouts" => a.playouts = common::value(flag, val)?,
            "--player" => a.player = common::value(flag, val)?,
            "--threads" => a.threads = common::value(flag, val)?,
            other => return Err(format!("unknown option {other}")),
        }
        Ok(())
    })?;
    if a.playouts < 2 {
        return Err("--playouts: at least 2 (the floor is a variance)".into());
    }
    if a.player.is_cheating() {
        return Err(format!("--player: {} reads hidden cards", a.player));
    }
    a.threads = a.threads.max(1);
    Ok(a)
}

/// The rows of each hand, by hand number.
type HandRows = Vec<(u64, Vec<Row>)>;

/// One position, from side 0's point of view (side 1's target is the opposite).
struct Row {
    round: usize,
    /// The real continuation's target, for side 0 and side 1.
    real: [f64; 2],
    /// The learned evaluation less what is made, for side 0 and side 1.
    learned: [f64; 2],
    /// The first version's evaluation less what is made, for side 0 and side 1.
    v1: [f64; 2],
    /// Mean and unbiased variance of the playouts' target for side 0.
    mean: f64,
    var: f64,
}

/// The move of `who` for the seat to play in `st`, whose plays so far are `history`.
fn choose(who: Contender, st: &HandState, history: &[Play], seed: u64) -> Result<Play, String> {
    let seat = st.turn();
    let view = PlayerView::from_public(
        *st.rules(),
        seat,
        st.dealer(),
        st.hand(seat),
        st.table(),
        history,
        [0; 3],
    )
    .map_err(|e| format!("view: {e}"))?;
    let mv = lab::choose_move(who, &view, st, seed).ok_or("no move")?;
    Ok(Play { seat, mv })
}

/// Side 0's points minus side 1's from a hand's totals, in centipoints.
fn margin(totals: [u16; scopa_core::MAX_SIDES]) -> f64 {
    100.0 * (f64::from(totals[0]) - f64::from(totals[1]))
}

/// Plays `st` to its end; side 0's final margin.
fn play_out(
    who: Contender,
    mut st: HandState,
    history: &mut Vec<Play>,
    seed: u64,
) -> Result<f64, String> {
    while !st.is_finished() {
        let p = choose(who, &st, history, seed ^ (history.len() as u64) << 40)?;
        st.play(p.seat, p.mv).map_err(|e| e.to_string())?;
        history.push(p);
    }
    Ok(margin(st.score().ok_or("no score")?.totals()))
}

/// `st` with both hands and the deck dealt again at random (a round's start: nobody has
/// seen any of those cards).
fn redeal(st: &HandState, rng: &mut SplitMix64) -> Result<HandState, String> {
    let rules = *st.rules();
    let unseen = (st.table() | st.pile(0) | st.pile(1)).complement();
    let mut pool: Vec<Card> = unseen.iter().collect();
    scopa_core::ai::sample::shuffle(&mut pool, rng);
    let n = st.hand(0).len() as usize;
    let m = st.hand(1).len() as usize;
    let hands = [
        pool[..n].iter().copied().collect::<CardSet>(),
        pool[n..n + m].iter().copied().collect::<CardSet>(),
    ];
    HandState::from_position(
        rules,
        st.dealer(),
        st.plays(),
        &hands,
        st.table(),
        &[st.pile(0), st.pile(1)],
        &[st.scope(0), st.scope(1)],
        st.last_capture(),
        &pool[n + m..],
    )
    .map_err(|e| format!("position: {e}"))
}

/// The rows of hand `i`.
fn hand_rows(a: &Args, rules: Rules, i: u64) -> Result<Vec<Row>, String> {
    let seed = a.seed.wrapping_add(i);
    let (ends, totals) = common::play_hand(rules, seed, (i % 2) as u8, a.player)?;
    let points: Vec<RoundEnd> = ends
        .into_iter()
        .filter(|e| lab::eval_applies(&e.state))
        .collect();
    let ppr = rules.plays_per_round();
    let fin = margin(totals);
    let mut rows = Vec::new();
    for (k, RoundEnd { state: st, history }) in points.iter().enumerate() {
        let made = [lab::eval_made(st, 0), lab::eval_made(st, 1)].map(f64::from);
        let real = [fin - made[0], -fin - made[1]];
        let learned = [0u8, 1].map(|s| f64::from(lab::eval_learned(st, s)) - made[s as usize]);
        let v1 = [0u8, 1].map(|s| f64::from(lab::eval_v1(st, s)) - made[s as usize]);
        let mut rng = SplitMix64::new(seed ^ (k as u64 + 1) << 48);
        let (mut sum, mut sq) = (0f64, 0f64);
        for j in 0..a.playouts {
            let world = redeal(st, &mut rng)?;
            let mut h = history.clone();
            let y = play_out(a.player, world, &mut h, rng.next() ^ u64::from(j))? - made[0];
            sum += y;
            sq += y * y;
        }
        let m = f64::from(a.playouts);
        let mean = sum / m;
        rows.push(Row {
            round: usize::from(st.plays() / ppr),
            real,
            learned,
            v1,
            mean,
            var: (sq - m * mean * mean) / (m - 1.0),
        });
    }
    Ok(rows)
}

/// Sums over a set of rows (each row counts twice: both sides' points of view).
#[derive(Default, Clone, Copy)]
struct Sums {
    n: f64,
    zero: f64,
    learned: f64,
    v1: f64,
    floor: f64,
    ex_zero: f64,
    ex_learned: f64,
    ex_v1: f64,
}

impl Sums {
    fn add(&mut self, r: &Row, playouts: f64) {
        for s in 0..2 {
            let mean = if s == 0 { r.mean } else { -r.mean };
            self.n += 1.0;
            self.zero += r.real[s].powi(2);
            self.learned += (r.real[s] - r.learned[s]).powi(2);
            self.v1 += (r.real[s] - r.v1[s]).powi(2);
            self.floor += r.var;
            // E[(p − ȳ)²] = E[(p − μ)²] + σ²/M: the excess subtracts the last term.
            self.ex_zero += mean.powi(2) - r.var / playouts;
            self.ex_learned += (r.learned[s] - mean).powi(2) - r.var / playouts;
            self.ex_v1 += (r.v1[s] - mean).powi(2) - r.var / playouts;
        }
    }

    fn line(&self, label: &str) -> String {
        let rms = |x: f64| (x / self.n).max(0.0).sqrt();
        // The share of what the public facts can predict (the excess of predicting 0) that
        // the evaluation predicts.
        let share = |excess: f64| {
            if self.ex_zero > 0.0 {
                format!("{:.0}%", 100.0 * (1.0 - excess.max(0.0) / self.ex_zero))
            } else {
                "-".into()
            }
        };
        format!(
            "| {label} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {} / {} | {:.1} | {:.1} | {:.1} |",
            self.n,
            rms(self.zero),
            rms(self.floor),
            rms(self.learned),
            rms(self.v1),
            share(self.ex_learned),
            share(self.ex_v1),
            rms(self.ex_zero),
            rms(self.ex_learned),
            rms(self.ex_v1),
        )
    }
}

fn main() -> ExitCode {
    let a = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ai_floor: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = Rules::default();
    let start = Instant::now();
    let next = std::sync::atomic::AtomicU64::new(0);
    let done = std::sync::atomic::AtomicU64::new(0);
    let results: Vec<Result<HandRows, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..a.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= a.hands {
                            return Ok(out);
                        }
                        let rows = hand_rows(&a, rules, i).map_err(|e| format!("hand {i}: {e}"))?;
                        out.push((i, rows));
                        let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if d.is_multiple_of(100) {
                            eprintln!(
                                "ai_floor: {d}/{} hands, {:.0} s",
                                a.hands,
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let mut all: HandRows = Vec::new();
    for r in results {
        match r {
            Ok(rows) => all.extend(rows),
            Err(e) => {
                eprintln!("ai_floor: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    all.sort_by_key(|(i, _)| *i);
    let m = f64::from(a.playouts);
    let mut by_round = [Sums::default(); 6];
    let mut total = Sums::default();
    for (_, rows) in &all {
        for r in rows {
            by_round[r.round.min(5)].add(r, m);
            total.add(r, m);
        }
    }
    println!(
        "{} hands of {} self-play (seed {}), {} playouts a position, {:.0} s",
        a.hands,
        a.player,
        a.seed,
        a.playouts,
        start.elapsed().as_secs_f64()
    );
    println!();
    println!(
        "| round ended | positions × sides | RMSE predicting 0 | floor | RMSE learned | RMSE hand-written | share of the predictable part: learned / hand-written | excess of 0 | excess learned | excess hand-written |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (r, s) in by_round.iter().enumerate() {
        if s.n > 0.0 {
            println!("{}", s.line(&r.to_string()));
        }
    }
    println!("{}", total.line("all"));
    ExitCode::SUCCESS
}
