//! Briscola: two AI levels over paired deals (each deal played twice, the seats swapped),
//! two players, one hand each; prints the mean point margin of the first level a hand and
//! its hands won, drawn and lost, with a 95 % interval.
//!
//! `cargo run --release -p scopa-ai-lab --example briscola_duel -- expert medium 1000`
//!
//! Besides the levels, `oracle` is the cheating player that sees every card: the expert's
//! evaluation (each card played out to the end of the hand by the medium level) on the real
//! deal instead of imagined ones, and the exact search once the stock is empty. It lives
//! here, never in scopa-core.

use scopa_core::ai::Level;
use scopa_core::briscola::ai::medium;
use scopa_core::briscola::{BriscolaHand, BriscolaRules, choose_card};
use scopa_core::{Card, Deck, SplitMix64};

#[derive(Copy, Clone)]
enum Player {
    Level(Level),
    Oracle,
}

fn level(name: &str) -> Player {
    if name == "oracle" {
        return Player::Oracle;
    }
    Player::Level(name.parse().unwrap_or_else(|_| {
        panic!("unknown level {name}: random, easy, medium, expert, handheld, oracle")
    }))
}

fn name(p: Player) -> &'static str {
    match p {
        Player::Level(l) => l.name(),
        Player::Oracle => "oracle",
    }
}

/// `seat`'s side's points minus the best other side's.
fn margin(h: &BriscolaHand, seat: u8) -> i32 {
    let s = h.score();
    let mine = h.rules().side_of(seat);
    let other = (0..h.rules().sides())
        .filter(|&x| x != mine)
        .map(|x| i32::from(s.points[usize::from(x)]))
        .max()
        .unwrap_or(0);
    i32::from(s.points[usize::from(mine)]) - other
}

fn exact(h: &BriscolaHand, me: u8, mut alpha: i32, mut beta: i32) -> i32 {
    if h.is_over() {
        return margin(h, me);
    }
    let seat = h.turn();
    let max = h.rules().side_of(seat) == h.rules().side_of(me);
    let mut best = if max { i32::MIN } else { i32::MAX };
    for card in h.hand(seat) {
        let mut next = *h;
        next.play(seat, card).unwrap();
        let v = exact(&next, me, alpha, beta);
        if max {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The cheating player: every card known.
fn oracle(h: &BriscolaHand) -> Card {
    let seat = h.turn();
    let exact_now = h.rules().players == 2 && h.stock_len() == 0;
    let mut best: Option<(i32, Card)> = None;
    for card in h.hand(seat) {
        let mut next = *h;
        next.play(seat, card).unwrap();
        let v = if exact_now {
            exact(&next, seat, -200, 200)
        } else {
            while !next.is_over() {
                let s = next.turn();
                let c = medium(&next.view(s).unwrap());
                next.play(s, c).unwrap();
            }
            margin(&next, seat)
        };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, card));
        }
    }
    best.unwrap().1
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = level(args.first().map_or("expert", String::as_str));
    let b = level(args.get(1).map_or("medium", String::as_str));
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(500);
    let nine = args.get(3).is_some_and(|s| s == "9");
    let rules = BriscolaRules {
        hand_size: if nine { 9 } else { 3 },
        ..BriscolaRules::default()
    };
    let (mut sum, mut sq, mut won, mut drawn, mut lost) = (0f64, 0f64, 0, 0, 0);
    let mut decisions = 0u64;
    let mut times: Vec<f64> = Vec::new();
    let start = std::time::Instant::now();
    for deal in 0..deals {
        let deck = Deck::shuffled(&mut SplitMix64::new(deal));
        let cards: Vec<Card> = deck.cards().to_vec();
        let mut pair = 0i32;
        for a_seat in 0..2u8 {
            let mut h = BriscolaHand::from_deck(rules, 1, &cards).unwrap();
            let mut ply = 0u64;
            while !h.is_over() {
                let seat = h.turn();
                let timer = std::time::Instant::now();
                let card = match if seat == a_seat { a } else { b } {
                    Player::Level(lvl) => {
                        choose_card(lvl, &h.view(seat).unwrap(), deal * 1000 + ply).unwrap()
                    }
                    Player::Oracle => oracle(&h),
                };
                if seat == a_seat {
                    times.push(timer.elapsed().as_secs_f64() * 1e3);
                }
                h.play(seat, card).unwrap();
                ply += 1;
                decisions += 1;
            }
            let s = h.score();
            let m = i32::from(s.points[usize::from(a_seat)])
                - i32::from(s.points[usize::from(1 - a_seat)]);
            pair += m;
            match s.winner {
                Some(w) if w == a_seat => won += 1,
                None => drawn += 1,
                _ => lost += 1,
            }
        }
        let x = f64::from(pair) / 2.0;
        sum += x;
        sq += x * x;
    }
    let n = deals as f64;
    let mean = sum / n;
    let sd = (sq / n - mean * mean).max(0.0).sqrt();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{} vs {} ({} cards a hand), {deals} paired deals: {:+.2} points a hand (±{:.2} at 95 %), hands won {won} drawn {drawn} lost {lost}; {decisions} decisions in {:.2} s; {} a move: median {median:.3} ms",
        name(a),
        name(b),
        rules.hand_size,
        mean,
        1.96 * sd / n.sqrt(),
        start.elapsed().as_secs_f64(),
        name(a)
    );
}
