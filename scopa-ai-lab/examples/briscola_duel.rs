//! Briscola: two AI levels over paired deals (each deal played twice, the seats swapped),
//! two players, one hand each; prints the mean point margin of the first level a hand and
//! its hands won, drawn and lost, with a 95 % interval.
//!
//! `cargo run --release -p scopa-ai-lab --example briscola_duel -- expert medium 1000`

use scopa_core::ai::Level;
use scopa_core::briscola::{BriscolaHand, BriscolaRules, choose_card};
use scopa_core::{Card, Deck, SplitMix64};

fn level(name: &str) -> Level {
    name.parse()
        .unwrap_or_else(|_| panic!("unknown level {name}: random, easy, medium, expert, handheld"))
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
                let lvl = if seat == a_seat { a } else { b };
                let view = h.view(seat).unwrap();
                let card = choose_card(lvl, &view, deal * 1000 + ply).unwrap();
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
    println!(
        "{} vs {} ({} cards a hand), {deals} paired deals: {:+.2} points a hand (±{:.2} at 95 %), hands won {won} drawn {drawn} lost {lost}; {decisions} decisions in {:.2} s",
        a.name(),
        b.name(),
        rules.hand_size,
        mean,
        1.96 * sd / n.sqrt(),
        start.elapsed().as_secs_f64()
    );
}
