//! What the Briscola programs of the lab share: the players by name, a duel over paired
//! deals on threads, the CPU time a move, the flags.

#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

use scopa_ai_lab::briscola::solve::{Entry, Solver};
use scopa_ai_lab::briscola::v1::{self, EXPERT_V1, HANDHELD_V1};
use scopa_core::ai::Level;
use scopa_core::briscola::ai::medium;
use scopa_core::briscola::ai::{choose_card_learned, choose_card_with_net};
use scopa_core::briscola::infer::Inference;
use scopa_core::briscola::net::Net;
use scopa_core::briscola::{BriscolaBudget, BriscolaHand, BriscolaRules, choose_card};
use scopa_core::{Card, Deck, SplitMix64};

#[path = "../common/flags.rs"]
mod flags;
#[allow(unused_imports)]
pub use flags::{parse_flags, parse_flags_skip, value};

/// A player of a duel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level as players get it.
    Level(Level),
    /// The expert before issue 40, frozen.
    ExpertV1,
    /// The handheld before issue 40, frozen.
    HandheldV1,
    /// **Cheating**: the exact full-information player (both hands and the stock order).
    Ceiling,
    /// The expert's learned search with another network (a training checkpoint).
    Learned(&'static Net<'static>),
    /// The expert reading the other seat's plays with other settings (`expert-noinfer`:
    /// none; `expert@C,S`: `C` candidate deals, a play the model would not make survived
    /// with the chance `S`/256).
    Inferring(Inference),
    /// **Cheating**: the lab's oracle before issue 40 — the expert's evaluation (each card
    /// played out by `medium`) on the real deal, exact once the stock is empty.
    PlayoutOracle,
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        Ok(match s {
            "expert-v1" => Player::ExpertV1,
            "handheld-v1" => Player::HandheldV1,
            "ceiling" => Player::Ceiling,
            "playout-oracle" => Player::PlayoutOracle,
            "expert-noinfer" => Player::Inferring(Inference::OFF),
            _ if s.starts_with("expert@") => {
                let bad = || format!("{s}: expert@C,S with C candidates (1-255) and S (0-255)");
                let (c, soft) = s["expert@".len()..].split_once(',').ok_or_else(bad)?;
                Player::Inferring(Inference {
                    candidates: c.parse().map_err(|_| bad())?,
                    soft: soft.parse().map_err(|_| bad())?,
                })
            }
            _ => Player::Level(s.parse().map_err(|_| {
                format!(
                    "unknown player {s}: random, easy, medium, expert, handheld, expert-v1, handheld-v1, ceiling, playout-oracle, expert-noinfer, expert@C,S"
                )
            })?),
        })
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => f.write_str(l.name()),
            Player::ExpertV1 => f.write_str("expert-v1"),
            Player::HandheldV1 => f.write_str("handheld-v1"),
            Player::Ceiling => f.write_str("ceiling"),
            Player::PlayoutOracle => f.write_str("playout-oracle"),
            Player::Learned(_) => f.write_str("learned"),
            Player::Inferring(Inference::OFF) => f.write_str("expert-noinfer"),
            Player::Inferring(i) => write!(f, "expert@{},{}", i.candidates, i.soft),
        }
    }
}

/// A duel's settings.
#[derive(Clone, Debug)]
pub struct Duel {
    pub a: Player,
    pub b: Player,
    pub deals: u64,
    pub seed: u64,
    pub players: u8,
    pub hand_size: u8,
    pub threads: usize,
}

impl Default for Duel {
    fn default() -> Duel {
        Duel {
            a: Player::Level(Level::Expert),
            b: Player::Level(Level::Medium),
            deals: 500,
            seed: 1,
            players: 2,
            hand_size: 3,
            threads: 1,
        }
    }
}

impl Duel {
    pub fn rules(&self) -> BriscolaRules {
        BriscolaRules {
            players: self.players,
            hand_size: self.hand_size,
            ..BriscolaRules::default()
        }
    }

    /// Whether the settings can be played.
    pub fn check(&self) -> Result<(), String> {
        self.rules()
            .validate()
            .map_err(|e| format!("--players {} --hand {}: {e}", self.players, self.hand_size))?;
        if self.players != 2 && self.players != 4 {
            return Err(format!("--players {}: the duel plays 2 or 4", self.players));
        }
        let exact_only = [Player::Ceiling];
        if (exact_only.contains(&self.a) || exact_only.contains(&self.b))
            && (self.players != 2 || self.hand_size != 3)
        {
            return Err("ceiling: two players, three cards a hand only".into());
        }
        if self.threads == 0 || self.deals == 0 {
            return Err("--threads and --deals must be at least 1".into());
        }
        Ok(())
    }
}

/// Per-thread memory of the players (the ceiling's transposition table).
pub struct Ctx {
    table: Vec<Entry>,
}

impl Ctx {
    pub fn new() -> Ctx {
        Ctx { table: Vec::new() }
    }
}

/// Entries of the ceiling's table (32 bytes each: 64 MiB).
const TABLE: usize = 1 << 21;

/// `seat`'s side's points minus the best other side's.
pub fn margin(h: &BriscolaHand, seat: u8) -> i32 {
    v1::margin(h, seat)
}

/// The old lab oracle: every card known, each card played out by `medium`.
fn playout_oracle(h: &BriscolaHand) -> Card {
    let seat = h.turn();
    if h.rules().players == 2 && h.stock_len() == 0 {
        let mut table = vec![Entry::default(); 1 << 12];
        let mut s = Solver::new(h, &mut table);
        let p = s.position(h);
        return s.best(&p).0;
    }
    let mut best: Option<(i32, Card)> = None;
    for card in h.hand(seat) {
        let mut next = *h;
        let _ = next.play(seat, card);
        while !next.is_over() {
            let s = next.turn();
            let Some(v) = next.view(s) else { break };
            if next.play(s, medium(&v)).is_err() {
                break;
            }
        }
        let v = margin(&next, seat);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, card));
        }
    }
    best.map_or(Card::SETTEBELLO, |(_, c)| c)
}

/// The card `who` plays in `h` (the seat to play) with `seed`.
pub fn choose(
    duel: &Duel,
    who: Player,
    h: &BriscolaHand,
    seed: u64,
    solver: &mut Option<Solver<'_>>,
) -> Card {
    let seat = h.turn();
    let view = h.view(seat).expect("a seat at the table");
    let rules = duel.rules();
    match who {
        Player::Level(l) => choose_card(l, &view, seed),
        Player::ExpertV1 => v1::choose(&view, seed, EXPERT_V1),
        Player::HandheldV1 => v1::choose(&view, seed, HANDHELD_V1),
        Player::Ceiling => solver.as_mut().map(|s| {
            let p = s.position(h);
            s.best(&p).0
        }),
        Player::PlayoutOracle => Some(playout_oracle(h)),
        Player::Learned(net) => choose_card_with_net(
            &view,
            seed,
            BriscolaBudget::for_rules(Level::Expert, &rules),
            net,
        ),
        Player::Inferring(inference) => choose_card_learned(
            &view,
            seed,
            BriscolaBudget::for_rules(Level::Expert, &rules),
            &Net::BUILT_IN,
            inference,
        ),
    }
    .expect("a card to play")
}

/// A progress bar on standard error counting `unit`.
pub fn bar(len: u64, unit: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, eta {{eta}} {{msg}}"
        ))
        .expect("a valid template"),
    );
    bar
}

/// What one hand of a duel gives.
pub struct HandResult {
    /// A's side's points minus B's.
    pub margin: i32,
    /// 1 won, 0 drawn, -1 lost (A's side).
    pub outcome: i8,
    /// A's CPU nanoseconds per decision.
    pub times: Vec<u64>,
    /// Positions the ceiling visited, if it played.
    pub nodes: u64,
}

/// Plays one hand dealt from `cards`, A's side `a_side`.
pub fn play_hand(duel: &Duel, cards: &[Card], deal: u64, a_side: u8, ctx: &mut Ctx) -> HandResult {
    let rules = duel.rules();
    let mut h = BriscolaHand::from_deck(rules, rules.players - 1, cards).expect("a valid deal");
    let mut times = Vec::new();
    let uses_ceiling = duel.a == Player::Ceiling || duel.b == Player::Ceiling;
    if uses_ceiling && ctx.table.len() != TABLE {
        ctx.table = vec![Entry::default(); TABLE];
    }
    let mut solver = uses_ceiling.then(|| Solver::new(&h, &mut ctx.table));
    let mut ply = 0u64;
    while !h.is_over() {
        let seat = h.turn();
        let a_turn = rules.side_of(seat) == a_side;
        let who = if a_turn { duel.a } else { duel.b };
        let t0 = thread_cpu_ns();
        let seed = deal.wrapping_mul(1000).wrapping_add(ply);
        let card = choose(duel, who, &h, seed, &mut solver);
        if a_turn {
            times.push(thread_cpu_ns().saturating_sub(t0));
        }
        h.play(seat, card).expect("a legal card");
        ply += 1;
    }
    let s = h.score();
    let mine = i32::from(s.points[usize::from(a_side)]);
    let theirs = i32::from(s.points[usize::from(1 - a_side)]);
    HandResult {
        margin: mine - theirs,
        outcome: match s.winner {
            Some(w) if w == a_side => 1,
            None => 0,
            _ => -1,
        },
        times,
        nodes: solver.map_or(0, |s| s.nodes),
    }
}

/// A duel's results.
pub struct DuelResult {
    /// Per deck: the mean of A's margins over its two hands.
    pub per_deck: Vec<f64>,
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
    /// A's CPU time per move, nanoseconds.
    pub times: Vec<u64>,
    pub nodes: u64,
    pub wall: f64,
}

impl DuelResult {
    /// Mean and 95 % half-width.
    pub fn mean_ci(&self) -> (f64, f64) {
        mean_ci(&self.per_deck)
    }

    pub fn summary(&self, duel: &Duel) -> String {
        let (mean, ci) = self.mean_ci();
        let mut t = self.times.clone();
        t.sort_unstable();
        let q = |f: f64| {
            t.get(((t.len() as f64 * f) as usize).min(t.len().saturating_sub(1)))
                .map_or(0.0, |&n| n as f64 / 1e6)
        };
        format!(
            "{} vs {} ({} players, {} cards a hand, seed {}), {} paired deals ({} hands): {:+.2} points a hand (±{:.2} at 95 %), hands won {} drawn {} lost {}; {} a move (CPU): median {:.3} ms, p99 {:.3} ms, max {:.3} ms; {:.1} s",
            duel.a,
            duel.b,
            duel.players,
            duel.hand_size,
            duel.seed,
            self.per_deck.len(),
            2 * self.per_deck.len(),
            mean,
            ci,
            self.won,
            self.drawn,
            self.lost,
            duel.a,
            q(0.5),
            q(0.99),
            t.last().map_or(0.0, |&n| n as f64 / 1e6),
            self.wall
        )
    }
}

/// Mean and 1.96 standard errors.
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The cards of deck `i` of a duel with `seed`, for `rules`.
pub fn deck(seed: u64, i: u64, rules: &BriscolaRules) -> Vec<Card> {
    let deck = Deck::shuffled(&mut SplitMix64::new(seed.wrapping_add(i)));
    deck.cards()
        .iter()
        .copied()
        .filter(|&c| rules.uses(c))
        .collect()
}

/// Plays the duel on `duel.threads` threads (deck `i` on thread `i % threads`), with a
/// progress bar on standard error — or, when standard error is not a terminal (a log
/// file, where the bar is hidden), a progress line every twentieth of the deals.
pub fn run_duel(duel: &Duel) -> DuelResult {
    let start = std::time::Instant::now();
    let bar = bar(duel.deals, "deals");
    let lines = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let step = duel.deals.div_ceil(20).max(1);
    let rules = duel.rules();
    let per_thread: Vec<Vec<(u64, HandResult, HandResult)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..duel.threads)
            .map(|t| {
                let bar = bar.clone();
                scope.spawn(move || {
                    let mut ctx = Ctx::new();
                    let mut out = Vec::new();
                    let mut i = t as u64;
                    while i < duel.deals {
                        let cards = deck(duel.seed, i, &rules);
                        let deal = duel.seed.wrapping_add(i);
                        let r0 = play_hand(duel, &cards, deal, 0, &mut ctx);
                        let r1 = play_hand(duel, &cards, deal, 1, &mut ctx);
                        out.push((i, r0, r1));
                        bar.inc(1);
                        let done = bar.position();
                        if lines && (done.is_multiple_of(step) || done == duel.deals) {
                            progress_line(duel, done, start.elapsed().as_secs_f64());
                        }
                        i += duel.threads as u64;
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a duel thread"))
            .collect()
    });
    bar.finish_and_clear();
    let mut all: Vec<(u64, HandResult, HandResult)> = per_thread.into_iter().flatten().collect();
    all.sort_by_key(|x| x.0);
    let mut r = DuelResult {
        per_deck: Vec::new(),
        won: 0,
        drawn: 0,
        lost: 0,
        times: Vec::new(),
        nodes: 0,
        wall: 0.0,
    };
    for (_, a, b) in all {
        r.per_deck.push(f64::from(a.margin + b.margin) / 2.0);
        for h in [a, b] {
            match h.outcome {
                1 => r.won += 1,
                0 => r.drawn += 1,
                _ => r.lost += 1,
            }
            r.times.extend(h.times);
            r.nodes += h.nodes;
        }
    }
    r.wall = start.elapsed().as_secs_f64();
    r
}

/// One progress line on standard error: deals done, elapsed and estimated remaining time.
fn progress_line(duel: &Duel, done: u64, elapsed: f64) {
    let left = elapsed / done.max(1) as f64 * duel.deals.saturating_sub(done) as f64;
    eprintln!(
        "briscola_duel {} vs {}: {done}/{} deals, {elapsed:.0} s elapsed, about {left:.0} s left",
        duel.a, duel.b, duel.deals
    );
}

/// Nanoseconds of CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc == 0 {
        ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
    } else {
        0
    }
}
