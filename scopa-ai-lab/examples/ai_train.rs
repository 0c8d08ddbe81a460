//! Trains the learned evaluation of `scopa_core::ai` from self-play and writes its
//! weights as Rust source (`scopa-ai-lab/src/weights.rs`).
//!
//! ```text
//! cargo run --release -p scopa-ai-lab --example ai_train -- --hands 100000 --seed 1 \
//!     --player handheld-v1 --out scopa-ai-lab/src/weights.rs
//! ```
//!
//! Every hand is played by `--player` in both seats (2 players, default rules), dealt from
//! `Match::with_first_dealer(rules, seed + i, i % 2)`, each move seeded from the hand and
//! the ply. At the end of every round but the last, the position is recorded from both
//! sides' points of view: the features of the learned evaluation, and as target the points
//! the side will still make in the hand minus the other's (the final score less what is
//! already made). The weights are the ridge least-squares fit of the target on the
//! features (normal equations, Cholesky), rounded to centipoints. One hand in ten is held
//! out to report the fit.
//!
//! The run is deterministic: the same options give the same file.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use scopa_ai_lab::{self as lab, Contender, EVAL_FEATURES, EVAL_ONE};
use scopa_core::scopa::Rules;

mod common;

struct Args {
    hands: u64,
    seed: u64,
    player: Contender,
    out: Option<String>,
    ridge: f64,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        hands: 10_000,
        seed: 1,
        player: Contender::HandheldV1,
        out: None,
        ridge: 1.0,
    };
    common::parse_flags(|flag, val| {
        match flag {
            "--hands" => a.hands = common::value(flag, val)?,
            "--seed" => a.seed = common::value(flag, val)?,
            "--player" => a.player = common::value(flag, val)?,
            "--out" => a.out = Some(val.to_string()),
            "--ridge" => a.ridge = common::value(flag, val)?,
            other => return Err(format!("unknown option {other}")),
        }
        Ok(())
    })?;
    Ok(a)
}

/// A held-out row: sparse features, target, and the first version's prediction.
type TestRow = (Vec<(usize, f64)>, f64, f64);

/// Solves `(a + ridge·I) x = b` for a symmetric positive semi-definite `a` (Cholesky).
fn solve(mut a: Vec<f64>, b: &[f64], n: usize, ridge: f64) -> Vec<f64> {
    for i in 0..n {
        a[i * n + i] += ridge;
    }
    // a = L Lᵀ, L stored in the lower triangle.
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        let d = d.max(1e-9).sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    let mut y = b.to_vec();
    for i in 0..n {
        for k in 0..i {
            y[i] -= a[i * n + k] * y[k];
        }
        y[i] /= a[i * n + i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            y[i] -= a[k * n + i] * y[k];
        }
        y[i] /= a[i * n + i];
    }
    y
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ai_train: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = Rules::default();
    let n = EVAL_FEATURES;
    let mut xtx = vec![0f64; n * n];
    let mut xty = vec![0f64; n];
    // Held-out rows: (features, target).
    let mut test: Vec<TestRow> = Vec::new();
    let mut rows = 0u64;
    let start = Instant::now();
    for i in 0..args.hands {
        let seed = args.seed.wrapping_add(i);
        let (samples, totals) = match common::play_hand(rules, seed, (i % 2) as u8, args.player) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("ai_train: hand {i}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for s in &samples {
            if !lab::eval_applies(&s.state) {
                continue;
            }
            for side in 0..2u8 {
                let f = lab::eval_features(&s.state, side);
                let x: Vec<(usize, f64)> = f
                    .index
                    .iter()
                    .zip(f.value.iter())
                    .map(|(&i, &v)| (usize::from(i), f64::from(v) / f64::from(EVAL_ONE)))
                    .collect();
                let fin = 100.0
                    * (f64::from(totals[usize::from(side)])
                        - f64::from(totals[usize::from(1 - side)]));
                let y = fin - f64::from(lab::eval_made(&s.state, side));
                if i % 10 == 9 {
                    let v1 =
                        f64::from(lab::eval_v1(&s.state, side) - lab::eval_made(&s.state, side));
                    test.push((x, y, v1));
                    continue;
                }
                rows += 1;
                for &(a, va) in &x {
                    xty[a] += va * y;
                    for &(b, vb) in &x {
                        xtx[a * n + b] += va * vb;
                    }
                }
            }
        }
        if (i + 1) % 10_000 == 0 {
            eprintln!(
                "ai_train: {} hands, {rows} rows, {:.0} s",
                i + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    let w = solve(xtx, &xty, n, args.ridge);
    // Held-out fit: mean squared error of the model and of predicting 0.
    let (mut se, mut s0, mut s1) = (0f64, 0f64, 0f64);
    for (x, y, v1) in &test {
        let p: f64 = x.iter().map(|&(i, v)| w[i] * v).sum();
        se += (y - p).powi(2);
        s0 += y.powi(2);
        s1 += (y - v1).powi(2);
    }
    let m = test.len().max(1) as f64;
    let r2 = 1.0 - se / s0.max(1e-9);
    eprintln!(
        "ai_train: {rows} training rows, {} held out: RMSE {:.1} centipoints (predicting 0: {:.1}, first version's evaluation: {:.1}), R² {r2:.3}, {:.0} s",
        test.len(),
        (se / m).sqrt(),
        (s0 / m).sqrt(),
        (s1 / m).sqrt(),
        start.elapsed().as_secs_f64()
    );
    let mut src = String::new();
    let _ = writeln!(
        src,
        "//! Generated by `cargo run --release -p scopa-ai-lab --example ai_train -- --hands {} --seed {} --player {} --ridge {} --out scopa-ai-lab/src/weights.rs`",
        args.hands, args.seed, args.player, args.ridge
    );
    let _ = writeln!(
        src,
        "//! — do not edit. {rows} training rows; held-out RMSE {:.1} centipoints (predicting 0: {:.1}), R² {r2:.3}.",
        (se / m).sqrt(),
        (s0 / m).sqrt()
    );
    let _ = writeln!(src);
    let _ = writeln!(
        src,
        "/// Weights of the learned evaluation, in centipoints per unit of feature."
    );
    let _ = writeln!(src, "#[rustfmt::skip]");
    let _ = writeln!(src, "pub(crate) const WEIGHTS: [i16; {n}] = [");
    for chunk in w.chunks(12) {
        let line: Vec<String> = chunk
            .iter()
            .map(|v| format!("{}", v.round().clamp(-32768.0, 32767.0) as i16))
            .collect();
        let _ = writeln!(src, "    {},", line.join(", "));
    }
    let _ = writeln!(src, "];");
    match &args.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &src) {
                eprintln!("ai_train: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        None => print!("{src}"),
    }
    ExitCode::SUCCESS
}
