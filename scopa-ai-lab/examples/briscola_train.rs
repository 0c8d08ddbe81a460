//! Trains the Briscola expert's network (`scopa_core::briscola::net`) on self-play.
//!
//! ```text
//! # 1. positions of self-play: every moment between two tricks of two-player hands, with
//! #    what the leader then took minus what the other seat took (the target)
//! briscola_train selfplay --player expert-v1 --hands 6000 --seed 1 --threads 2 --out g0.bin
//! # 2. fit (resumes from --ckpt if it exists; one checkpoint file per epoch as well)
//! briscola_train fit --data g0.bin --epochs 12 --seed 1 --ckpt net.ckpt
//! # 3. the learning curve: each epoch's checkpoint against the frozen expert
//! briscola_train curve --ckpts net.ckpt.e2,net.ckpt.e6 --b expert-v1 --deals 300 --threads 2
//! # 4. write the weights into scopa-core
//! briscola_train export --ckpt net.ckpt --out scopa-core/src/briscola/net_weights.rs --note "..."
//! ```
//!
//! `--player` is any duel player (`expert-v1`, `expert`, `learned:FILE` for a checkpoint's
//! search). The network: 178 inputs → 32 → 16 → 1, clipped ReLU, mean squared error on
//! the target in units of 60 points, Adam; the float forward pass is the fixed-point one of
//! scopa-core with the clipping at 1.0, so quantizing (1.0 = 1024) changes little
//! (`fit` prints both errors).

// The layers' arithmetic reads best indexed by unit, as written in the formulas.
#![allow(clippy::needless_range_loop)]

mod briscola_common;

use std::fs;
use std::io::Write;
use std::process::ExitCode;

use briscola_common::{Duel, Player, deck, run_duel, value};
use scopa_core::briscola::inputs_of;
use scopa_core::briscola::net::{H1, H2, INPUTS, Inputs, Net, ONE, OUTPUT_POINTS};
use scopa_core::briscola::{BriscolaHand, BriscolaRules};
use scopa_core::{Card, SplitMix64};

/// One training position: the active inputs and the target (leader's points minus the
/// other's, from then on).
#[derive(Clone)]
struct Sample {
    active: Vec<u8>,
    target: i8,
}

fn write_samples(path: &str, samples: &[Sample]) -> std::io::Result<()> {
    let mut out = Vec::new();
    for s in samples {
        out.push(s.active.len() as u8);
        out.extend_from_slice(&s.active);
        out.push(s.target as u8);
    }
    fs::write(path, out)
}

fn read_samples(path: &str) -> Result<Vec<Sample>, String> {
    let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let mut v = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let n = usize::from(bytes[i]);
        let end = i + 1 + n;
        if end >= bytes.len() {
            return Err(format!("{path}: truncated at byte {i}"));
        }
        let active = bytes[i + 1..end].to_vec();
        if active.iter().any(|&a| usize::from(a) >= INPUTS) {
            return Err(format!("{path}: an input out of range at byte {i}"));
        }
        v.push(Sample {
            active,
            target: bytes[end] as i8,
        });
        i = end + 1;
    }
    Ok(v)
}

/// Self-play of `player` on `hands` deals from `seed`: the positions between tricks.
fn selfplay(player: Player, hands: u64, seed: u64, threads: usize) -> Vec<Sample> {
    let bar = briscola_common::bar(hands, "hands");
    let duel = Duel {
        a: player,
        b: player,
        ..Duel::default()
    };
    let rules = BriscolaRules::default();
    let per: Vec<Vec<(u64, Vec<Sample>)>> = std::thread::scope(|scope| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                let bar = bar.clone();
                let duel = duel.clone();
                scope.spawn(move || {
                    let mut out = Vec::new();
                    let mut i = t as u64;
                    while i < hands {
                        let cards = deck(seed, i, &rules);
                        let mut h = BriscolaHand::from_deck(rules, 1, &cards).expect("a deal");
                        let mut marks: Vec<(Inputs, u8, [u8; 2])> = Vec::new();
                        let mut ply = 0u64;
                        while !h.is_over() {
                            if let Some(x) = inputs_of(&h) {
                                let s = h.score();
                                marks.push((x, h.turn(), [s.points[0], s.points[1]]));
                            }
                            let seat = h.turn();
                            let card: Card = briscola_common::choose(
                                &duel,
                                duel.a,
                                &h,
                                seed.wrapping_add(i).wrapping_mul(1000) + ply,
                                &mut None,
                            );
                            h.play(seat, card).expect("a legal card");
                            ply += 1;
                        }
                        let end = h.score().points;
                        let samples = marks
                            .into_iter()
                            .map(|(x, leader, then)| {
                                let l = usize::from(leader);
                                let mine = i32::from(end[l]) - i32::from(then[l]);
                                let theirs = i32::from(end[1 - l]) - i32::from(then[1 - l]);
                                Sample {
                                    active: x.as_slice().to_vec(),
                                    target: (mine - theirs) as i8,
                                }
                            })
                            .collect();
                        out.push((i, samples));
                        bar.inc(1);
                        i += threads as u64;
                    }
                    out
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("a thread"))
            .collect()
    });
    bar.finish_and_clear();
    let mut all: Vec<(u64, Vec<Sample>)> = per.into_iter().flatten().collect();
    all.sort_by_key(|x| x.0);
    all.into_iter().flat_map(|x| x.1).collect()
}

/// The float network and Adam's moments: every parameter in one vector.
#[derive(Clone)]
struct Model {
    p: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
    step: u64,
    epoch: u32,
}

const N_W1: usize = INPUTS * H1;
const O_B1: usize = N_W1;
const O_W2: usize = O_B1 + H1;
const O_B2: usize = O_W2 + H2 * H1;
const O_W3: usize = O_B2 + H2;
const O_B3: usize = O_W3 + H2;
const N_PARAMS: usize = O_B3 + 1;

impl Model {
    fn new(seed: u64) -> Model {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| {
            let u = (scopa_core::deal::below(&mut rng, 1 << 24) as f32) / (1u32 << 24) as f32;
            (u * 2.0 - 1.0) * scale
        };
        let mut p = vec![0f32; N_PARAMS];
        for w in &mut p[..N_W1] {
            *w = uniform(0.15);
        }
        for b in &mut p[O_B1..O_W2] {
            *b = 0.1;
        }
        for w in &mut p[O_W2..O_B2] {
            *w = uniform((6.0 / (H1 + H2) as f32).sqrt());
        }
        for b in &mut p[O_B2..O_W3] {
            *b = 0.1;
        }
        for w in &mut p[O_W3..O_B3] {
            *w = uniform((6.0 / (H2 + 1) as f32).sqrt());
        }
        Model {
            p,
            m: vec![0.0; N_PARAMS],
            v: vec![0.0; N_PARAMS],
            step: 0,
            epoch: 0,
        }
    }

    fn save(&self, path: &str) -> std::io::Result<()> {
        let mut out = Vec::new();
        out.extend_from_slice(b"BRNET1");
        out.extend_from_slice(&(N_PARAMS as u32).to_le_bytes());
        out.extend_from_slice(&self.step.to_le_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        for x in self.p.iter().chain(&self.m).chain(&self.v) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        fs::write(path, out)
    }

    fn load(path: &str) -> Result<Model, String> {
        let b = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let head = 6 + 4 + 8 + 4;
        if b.len() != head + 12 * N_PARAMS || &b[..6] != b"BRNET1" {
            return Err(format!(
                "{path}: not a checkpoint of this network ({} bytes)",
                b.len()
            ));
        }
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        if u32_at(6) as usize != N_PARAMS {
            return Err(format!("{path}: another network's size"));
        }
        let step = u64::from_le_bytes(b[10..18].try_into().expect("8 bytes"));
        let epoch = u32_at(18);
        let f = |k: usize| {
            (0..N_PARAMS)
                .map(|i| {
                    let o = head + 4 * (k * N_PARAMS + i);
                    f32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"))
                })
                .collect::<Vec<f32>>()
        };
        Ok(Model {
            p: f(0),
            m: f(1),
            v: f(2),
            step,
            epoch,
        })
    }

    /// Forward pass: (a1, z1 clipped flags, a2, output).
    fn forward(&self, active: &[u8]) -> ([f32; H1], [f32; H2], f32) {
        let p = &self.p;
        let mut a1 = [0f32; H1];
        a1.copy_from_slice(&p[O_B1..O_W2]);
        for &i in active {
            let col = &p[usize::from(i) * H1..usize::from(i) * H1 + H1];
            for (a, w) in a1.iter_mut().zip(col) {
                *a += w;
            }
        }
        for a in &mut a1 {
            *a = a.clamp(0.0, 1.0);
        }
        let mut a2 = [0f32; H2];
        for (j, a) in a2.iter_mut().enumerate() {
            let row = &p[O_W2 + j * H1..O_W2 + j * H1 + H1];
            let s: f32 = p[O_B2 + j] + row.iter().zip(&a1).map(|(w, x)| w * x).sum::<f32>();
            *a = s.clamp(0.0, 1.0);
        }
        let out = p[O_B3]
            + p[O_W3..O_B3]
                .iter()
                .zip(&a2)
                .map(|(w, x)| w * x)
                .sum::<f32>();
        (a1, a2, out)
    }

    /// Adds the gradient of the squared error on one sample to `g`; returns the error².
    fn backward(&self, s: &Sample, g: &mut [f32]) -> f32 {
        let p = &self.p;
        let (a1, a2, out) = self.forward(&s.active);
        let y = f32::from(s.target) / OUTPUT_POINTS as f32;
        let d = out - y;
        g[O_B3] += d;
        let mut d2 = [0f32; H2];
        for j in 0..H2 {
            g[O_W3 + j] += d * a2[j];
            // Clipped ReLU: the gradient passes strictly inside (0, 1).
            if a2[j] > 0.0 && a2[j] < 1.0 {
                d2[j] = d * p[O_W3 + j];
            }
        }
        let mut d1 = [0f32; H1];
        for j in 0..H2 {
            if d2[j] == 0.0 {
                continue;
            }
            g[O_B2 + j] += d2[j];
            for i in 0..H1 {
                g[O_W2 + j * H1 + i] += d2[j] * a1[i];
                d1[i] += d2[j] * p[O_W2 + j * H1 + i];
            }
        }
        for i in 0..H1 {
            if !(a1[i] > 0.0 && a1[i] < 1.0) {
                d1[i] = 0.0;
            }
            g[O_B1 + i] += d1[i];
        }
        for &k in &s.active {
            let col = usize::from(k) * H1;
            for i in 0..H1 {
                g[col + i] += d1[i];
            }
        }
        d * d
    }

    fn adam(&mut self, g: &[f32], batch: usize, lr: f32) {
        self.step += 1;
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let t = self.step as i32;
        let c1 = 1.0 - b1.powi(t);
        let c2 = 1.0 - b2.powi(t);
        for i in 0..N_PARAMS {
            let gi = g[i] / batch as f32;
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * gi;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * gi * gi;
            let step = lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + eps);
            // Keep every weight within what 16 bits hold at 1.0 = 1024.
            self.p[i] = (self.p[i] - step).clamp(-31.0, 31.0);
        }
    }

    /// The fixed-point weights (1.0 = 1024).
    fn quantized(&self) -> QNet {
        let q = |x: f32| (x * ONE as f32).round().clamp(-32767.0, 32767.0) as i16;
        let mut n = QNet {
            w1: [[0; H1]; INPUTS],
            b1: [0; H1],
            w2: [[0; H1]; H2],
            b2: [0; H2],
            w3: [0; H2],
            b3: q(self.p[O_B3]),
        };
        for i in 0..INPUTS {
            for j in 0..H1 {
                n.w1[i][j] = q(self.p[i * H1 + j]);
            }
        }
        for j in 0..H1 {
            n.b1[j] = q(self.p[O_B1 + j]);
        }
        for j in 0..H2 {
            for i in 0..H1 {
                n.w2[j][i] = q(self.p[O_W2 + j * H1 + i]);
            }
            n.b2[j] = q(self.p[O_B2 + j]);
            n.w3[j] = q(self.p[O_W3 + j]);
        }
        n
    }
}

/// Owned fixed-point weights.
struct QNet {
    w1: [[i16; H1]; INPUTS],
    b1: [i16; H1],
    w2: [[i16; H1]; H2],
    b2: [i16; H2],
    w3: [i16; H2],
    b3: i16,
}

impl QNet {
    fn net(&self) -> Net<'_> {
        Net {
            w1: &self.w1,
            b1: &self.b1,
            w2: &self.w2,
            b2: &self.b2,
            w3: &self.w3,
            b3: self.b3,
        }
    }
}

/// The fixed-point network of a checkpoint, kept for the whole program.
pub fn load_net(path: &str) -> Result<&'static Net<'static>, String> {
    let q: &'static QNet = Box::leak(Box::new(Model::load(path)?.quantized()));
    Ok(Box::leak(Box::new(q.net())))
}

/// Mean squared error (points²) of the float and the fixed-point network on `samples`.
fn errors(model: &Model, samples: &[Sample]) -> (f64, f64) {
    let q = model.quantized();
    let net = q.net();
    let (mut ef, mut eq) = (0f64, 0f64);
    for s in samples {
        let y = f64::from(s.target);
        let f = f64::from(model.forward(&s.active).2) * f64::from(OUTPUT_POINTS);
        let mut x = Inputs {
            active: [0; scopa_core::briscola::net::MAX_ACTIVE],
            len: s.active.len(),
        };
        x.active[..s.active.len()].copy_from_slice(&s.active);
        let v = f64::from(net.points16(&x)) / 16.0;
        ef += (f - y) * (f - y);
        eq += (v - y) * (v - y);
    }
    let n = samples.len().max(1) as f64;
    (ef / n, eq / n)
}

struct Fit {
    data: Vec<String>,
    epochs: u32,
    seed: u64,
    ckpt: String,
    lr: f32,
    batch: usize,
}

fn fit(f: &Fit) -> Result<(), String> {
    let mut samples = Vec::new();
    for d in &f.data {
        samples.extend(read_samples(d)?);
    }
    if samples.len() < 100 {
        return Err(format!("{} samples: too few to fit", samples.len()));
    }
    // A fixed tenth held out (by position in the shuffled order of the seed).
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = SplitMix64::new(f.seed);
    for i in (1..order.len()).rev() {
        let j = scopa_core::deal::below(&mut rng, i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let held = order.len() / 10;
    let test: Vec<Sample> = order[..held].iter().map(|&i| samples[i].clone()).collect();
    let mut train: Vec<usize> = order[held..].to_vec();
    let mut model = match Model::load(&f.ckpt) {
        Ok(m) => {
            eprintln!("resuming from {} (epoch {})", f.ckpt, m.epoch);
            m
        }
        Err(_) => Model::new(f.seed),
    };
    println!(
        "{} samples ({} to fit, {} held out); {} parameters",
        samples.len(),
        train.len(),
        test.len(),
        N_PARAMS
    );
    let mut g = vec![0f32; N_PARAMS];
    while model.epoch < f.epochs {
        let mut erng = SplitMix64::new(f.seed ^ u64::from(model.epoch + 1) << 32);
        for i in (1..train.len()).rev() {
            let j = scopa_core::deal::below(&mut erng, i as u32 + 1) as usize;
            train.swap(i, j);
        }
        let bar = briscola_common::bar(train.len() as u64, "samples");
        bar.set_message(format!("epoch {}/{}", model.epoch + 1, f.epochs));
        let mut loss = 0f64;
        for chunk in train.chunks(f.batch) {
            g.fill(0.0);
            for &i in chunk {
                loss += f64::from(model.backward(&samples[i], &mut g));
            }
            model.adam(&g, chunk.len(), f.lr);
            bar.inc(chunk.len() as u64);
        }
        bar.finish_and_clear();
        model.epoch += 1;
        let (ef, eq) = errors(&model, &test);
        let scale = f64::from(OUTPUT_POINTS * OUTPUT_POINTS);
        println!(
            "epoch {}: training error {:.1} points², held out {:.1} (fixed-point {:.1}); rms {:.2} points",
            model.epoch,
            loss / train.len() as f64 * scale,
            ef,
            eq,
            eq.sqrt()
        );
        model
            .save(&f.ckpt)
            .map_err(|e| format!("{}: {e}", f.ckpt))?;
        let each = format!("{}.e{}", f.ckpt, model.epoch);
        model.save(&each).map_err(|e| format!("{each}: {e}"))?;
    }
    Ok(())
}

fn export(ckpt: &str, out: &str, note: &str) -> Result<(), String> {
    let q = Model::load(ckpt)?.quantized();
    let mut s = String::new();
    s.push_str(
        "//! The Briscola expert's network weights (fixed-point, 1.0 = 1024), generated by\n",
    );
    s.push_str("//! `cargo run --release -p scopa-ai-lab --example briscola_train -- export`: do not edit.\n");
    for line in note.lines() {
        s.push_str(&format!("//! {line}\n"));
    }
    // The layer sizes written as numbers (no `use` of the network's module, which reads
    // these weights): a mismatch with `net.rs`'s sizes fails to compile there.
    s.push_str(&format!(
        "\nconst INPUTS: usize = {INPUTS};\nconst H1: usize = {H1};\nconst H2: usize = {H2};\n\n"
    ));
    let row = |v: &[i16]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    s.push_str("#[rustfmt::skip]\npub(super) const W1: [[i16; H1]; INPUTS] = [\n");
    for r in &q.w1 {
        s.push_str(&format!("    [{}],\n", row(r)));
    }
    s.push_str("];\n");
    s.push_str(&format!(
        "#[rustfmt::skip]\npub(super) const B1: [i16; H1] = [{}];\n",
        row(&q.b1)
    ));
    s.push_str("#[rustfmt::skip]\npub(super) const W2: [[i16; H1]; H2] = [\n");
    for r in &q.w2 {
        s.push_str(&format!("    [{}],\n", row(r)));
    }
    s.push_str("];\n");
    s.push_str(&format!(
        "#[rustfmt::skip]\npub(super) const B2: [i16; H2] = [{}];\n",
        row(&q.b2)
    ));
    s.push_str(&format!(
        "#[rustfmt::skip]\npub(super) const W3: [i16; H2] = [{}];\n",
        row(&q.w3)
    ));
    s.push_str(&format!("pub(super) const B3: i16 = {};\n", q.b3));
    let mut f = fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    f.write_all(s.as_bytes())
        .map_err(|e| format!("{out}: {e}"))?;
    Ok(())
}

fn run() -> Result<(), String> {
    let cmd = std::env::args().nth(1).unwrap_or_default();
    let mut flags: Vec<(String, String)> = Vec::new();
    parse_flags_from(2, |f, v| {
        flags.push((f.to_string(), v.to_string()));
        Ok(())
    })?;
    let get = |k: &str| flags.iter().find(|(f, _)| f == k).map(|(_, v)| v.clone());
    let need = |k: &str| get(k).ok_or_else(|| format!("{cmd}: {k} is required"));
    match cmd.as_str() {
        "selfplay" => {
            let name = need("--player")?;
            let player: Player = match name.strip_prefix("learned:") {
                Some(path) => Player::Learned(load_net(path)?),
                None => name.parse()?,
            };
            let hands: u64 = value("--hands", &need("--hands")?)?;
            let seed: u64 = value("--seed", &need("--seed")?)?;
            let threads: usize = value("--threads", &get("--threads").unwrap_or("1".into()))?;
            let out = need("--out")?;
            let start = std::time::Instant::now();
            let s = selfplay(player, hands, seed, threads.max(1));
            write_samples(&out, &s).map_err(|e| format!("{out}: {e}"))?;
            println!(
                "{} positions from {hands} hands of {player} in {:.0} s → {out}",
                s.len(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        "fit" => fit(&Fit {
            data: need("--data")?.split(',').map(String::from).collect(),
            epochs: value("--epochs", &need("--epochs")?)?,
            seed: value("--seed", &need("--seed")?)?,
            ckpt: need("--ckpt")?,
            lr: value("--lr", &get("--lr").unwrap_or("0.001".into()))?,
            batch: value("--batch", &get("--batch").unwrap_or("256".into()))?,
        }),
        "curve" => {
            for ck in need("--ckpts")?.split(',') {
                let duel = Duel {
                    a: Player::Learned(load_net(ck)?),
                    b: need("--b")?.parse()?,
                    deals: value("--deals", &need("--deals")?)?,
                    seed: value("--seed", &get("--seed").unwrap_or("1".into()))?,
                    threads: value("--threads", &get("--threads").unwrap_or("1".into()))?,
                    ..Duel::default()
                };
                duel.check()?;
                let r = run_duel(&duel);
                println!("{ck}: {}", r.summary(&duel));
            }
            Ok(())
        }
        "export" => export(
            &need("--ckpt")?,
            &need("--out")?,
            &get("--note").unwrap_or_default(),
        ),
        _ => Err(format!(
            "unknown command {cmd:?}: selfplay, fit, curve or export (see the file's header)"
        )),
    }
}

/// The flags from argument `skip` on.
fn parse_flags_from(
    skip: usize,
    set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), String> {
    briscola_common::parse_flags_skip(skip, set)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("briscola_train: {e}");
            ExitCode::FAILURE
        }
    }
}
