//! Instruction-count workloads for callgrind (`.ci/perf.sh`), not a timing benchmark.
//!
//! `icount <workload> [ops]` prepares its inputs, then runs `ops` operations inside one
//! `#[inline(never)]` function `measured_*`, which is the only code callgrind counts
//! (`--collect-atstart=no --toggle-collect=*<function>*`). The
//! instructions per operation are the collected total divided by `ops`. Every input comes
//! from a fixed seed, so a given binary executes exactly the same instructions on every
//! run.
//!
//! Workloads (an operation in brackets):
//! - `deal_2p` [one deal]: what `scopa bench` times — shuffle and deal a 2-player hand
//!   with [`HandState::deal`], [`HandState::playout_random`] to the end, [`HandState::score`].
//! - `deal_4p_scopone` [one deal]: the same for 4 players, scopone classico (9 cards each).
//! - `deal_4p_scientifico` [one deal]: the same for 4 players, scopone scientifico.
//! - `legal_moves_2p` [one call]: [`HandState::legal_moves`] on positions of random
//!   2-player games.
//! - `legal_moves_4p` [one call]: the same in 4-player scopone scientifico (10-card hands).
//! - `legal_moves_into_2p`, `legal_moves_into_4p` [one call]: the same through
//!   [`HandState::legal_moves_into`] into one reused list (no 2 KB list returned).
//! - `captures_2p` [one position]: [`scopa_core::scopa::captures`] of every card of the hand to
//!   play, on the same positions (what the alpha-beta search lists).
//! - `play_2p` [one call]: [`HandState::play`] (checked, with its events) of every move of
//!   random 2-player games, each on a copy of the position before it.
//! - `play_unchecked_2p` [one call]: [`HandState::play_unchecked`] (the search's path) of
//!   the same moves.
//! - `briscola_deal_2p` [one deal]: Briscola — shuffle and deal a 2-player hand
//!   ([`BriscolaHand::deal`]), play it out at random ([`BriscolaHand::playout_random`], the
//!   checked play with its events), score it.
//! - `briscola_deal_4p` [one deal]: the same for 4 players in teams.
//! - `deal_6p_two_decks`, `deal_8p_two_decks` [one deal]: Scopa with two decks — shuffle
//!   and deal a hand of 6 or 8 players ([`TeamHand::deal`]), a random legal move at each
//!   turn ([`TeamHand::nth_legal_move`], the checked [`TeamHand::play`] with its events)
//!   to the end, [`TeamHand::score`].
//! - `briscola_deal_6p`, `briscola_deal_8p` [one deal]: Briscola with two decks — deal a
//!   hand of 6 or 8 ([`TwoDeckHand::deal`]), a random card of the hand at each turn (the
//!   checked play with its events), score it.
//! - `briscola_net_eval` [one evaluation]: the Briscola expert's network
//!   ([`Net::evaluate`](scopa_core::briscola::net::Net::evaluate)) on positions between
//!   tricks of 2-player hands played at random.
//! - `briscola_expert_2p` [one move]: the Briscola `expert`'s whole decision
//!   ([`briscola::choose_card`](scopa_core::briscola::choose_card)) on positions of 2-player
//!   hands played at random (the handheld's budget is this with fewer worlds).
//!
//! Without an argument it lists the workloads, their default operation counts and their
//! `measured_*` functions.

use std::hint::black_box;

use scopa_core::SplitMix64;
use scopa_core::ai::Level;
use scopa_core::briscola::inputs_of;
use scopa_core::briscola::net::{Inputs, Net};
use scopa_core::briscola::{
    BriscolaCards, BriscolaHand, BriscolaRules, BriscolaView, TwoDeckHand, choose_card,
};
use scopa_core::deal::below;
use scopa_core::scopa::teams::TeamHand;
use scopa_core::scopa::{DealKind, HandState, Move, Rules};

fn scopone() -> Rules {
    Rules {
        players: 4,
        deal: DealKind::Scopone,
        ..Rules::default()
    }
}

fn scientifico() -> Rules {
    Rules {
        players: 4,
        deal: DealKind::ScoponeScientifico,
        ..Rules::default()
    }
}

/// Complete random deals; returns a digest of the scores.
#[inline(never)]
fn measured_deal(rules: Rules, rng: &mut SplitMix64, deals: u32) -> u64 {
    let mut points = 0u64;
    for _ in 0..deals {
        let mut hand = match HandState::deal(rules, 0, rng) {
            Ok(h) => h,
            Err(_) => return u64::MAX,
        };
        hand.playout_random(rng);
        if let Some(score) = hand.score() {
            points += u64::from(score.totals()[0]);
        }
    }
    points
}

/// Complete random Briscola deals; returns a digest of the points.
#[inline(never)]
fn measured_briscola_deal(rules: BriscolaRules, rng: &mut SplitMix64, deals: u32) -> u64 {
    let mut points = 0u64;
    for _ in 0..deals {
        let Ok(mut hand) = BriscolaHand::deal(rules, 0, rng) else {
            return u64::MAX;
        };
        hand.playout_random(rng);
        points += u64::from(hand.score().points[0]);
    }
    points
}

/// Complete random deals of Scopa with two decks; returns a digest of the scores.
#[inline(never)]
fn measured_two_deck_deal(rules: Rules, rng: &mut SplitMix64, deals: u32) -> u64 {
    let mut points = 0u64;
    for _ in 0..deals {
        let Ok((mut hand, _)) = TeamHand::deal(rules, 0, rng) else {
            return u64::MAX;
        };
        while !hand.is_finished() {
            let pick = below(rng, hand.legal_move_count() as u32) as usize;
            let Some(mv) = hand.nth_legal_move(pick) else {
                return u64::MAX;
            };
            if hand.play(hand.turn(), mv).is_err() {
                return u64::MAX;
            }
        }
        if let Some(score) = hand.score() {
            points += u64::from(score.totals()[0]);
        }
    }
    points
}

/// Complete random deals of Briscola with two decks; returns a digest of the points.
#[inline(never)]
fn measured_briscola_two_deck_deal(rules: BriscolaRules, rng: &mut SplitMix64, deals: u32) -> u64 {
    let mut points = 0u64;
    for _ in 0..deals {
        let Ok(mut hand) = TwoDeckHand::deal(rules, 0, rng) else {
            return u64::MAX;
        };
        while !hand.is_over() {
            let held = hand.hand(hand.turn());
            let Some(card) = held.nth_card(below(rng, held.size())) else {
                return u64::MAX;
            };
            if hand.play(hand.turn(), card).is_err() {
                return u64::MAX;
            }
        }
        points += u64::from(hand.score().points[0]);
    }
    points
}

#[inline(never)]
fn measured_legal_moves(positions: &[HandState]) -> usize {
    let mut total = 0;
    for h in positions {
        total += black_box(h).legal_moves().len();
    }
    total
}

#[inline(never)]
fn measured_play(plays: &[(HandState, Move)]) -> usize {
    let mut events = 0;
    for (h, mv) in plays {
        let mut h = *black_box(h);
        match h.play(h.turn(), *black_box(mv)) {
            Ok(ev) => events += ev.len(),
            Err(_) => return usize::MAX,
        }
    }
    events
}

#[inline(never)]
fn measured_play_unchecked(plays: &[(HandState, Move)]) -> u64 {
    let mut digest = 0;
    for (h, mv) in plays {
        let mut h = *black_box(h);
        h.play_unchecked(*black_box(mv));
        digest += u64::from(h.turn());
    }
    digest
}

#[inline(never)]
fn measured_legal_moves_into(positions: &[HandState]) -> usize {
    let mut list = scopa_core::scopa::MoveList::new();
    let mut total = 0;
    for h in positions {
        black_box(h).legal_moves_into(&mut list);
        total += black_box(&list).len();
    }
    total
}

#[inline(never)]
fn measured_captures(positions: &[HandState]) -> usize {
    let mut total = 0;
    for h in positions {
        let h = black_box(h);
        for card in h.hand(h.turn()) {
            total += scopa_core::scopa::captures(h.table(), card, h.rules().ace).len();
        }
    }
    total
}

/// Every position (with the move then played) of random games until `count` are collected.
fn random_plays(rules: Rules, count: usize, seed: u64) -> Vec<(HandState, Move)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut game = 0u32;
    while out.len() < count {
        let dealer = (game % u32::from(rules.players)) as u8;
        game += 1;
        let mut h = HandState::deal(rules, dealer, &mut rng).expect("valid rules");
        while !h.is_finished() && out.len() < count {
            let moves = h.legal_moves();
            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
            out.push((h, mv));
            h.play_unchecked(mv);
        }
    }
    out
}

fn positions(rules: Rules, count: usize) -> Vec<HandState> {
    random_plays(rules, count, 7)
        .into_iter()
        .map(|(h, _)| h)
        .collect()
}

/// (name, default operation count, the function that runs the operations)
/// Positions of 2-player Briscola hands played at random: `count` views of the seat to
/// play, and the network's inputs of those between tricks.
fn briscola_positions(count: usize, seed: u64) -> (Vec<BriscolaView>, Vec<Inputs>) {
    let mut rng = SplitMix64::new(seed);
    let (mut views, mut inputs) = (Vec::new(), Vec::new());
    while views.len() < count {
        // Dealt through `dyn Rng`: a second `deal::<SplitMix64>` call site in this binary
        // would stop LLVM inlining the deal into `measured_briscola_deal` (+165
        // instructions a deal of call and copy, not of the deal's own work).
        let dyn_rng: &mut dyn rand_core::Rng = &mut rng;
        let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, dyn_rng).unwrap();
        while !h.is_over() {
            let seat = h.turn();
            if let Some(v) = h.view(seat)
                && views.len() < count
            {
                views.push(v);
            }
            if let Some(x) = inputs_of(&h) {
                inputs.push(x);
            }
            let hand = h.hand(seat);
            let card = hand.nth(below(&mut rng, hand.len())).unwrap();
            h.play(seat, card).unwrap();
        }
    }
    (views, inputs)
}

#[inline(never)]
fn measured_briscola_net(inputs: &[Inputs], ops: usize) -> i64 {
    let net = black_box(Net::BUILT_IN);
    (0..ops)
        .map(|i| i64::from(net.evaluate(black_box(&inputs[i % inputs.len()]))))
        .sum()
}

#[inline(never)]
fn measured_briscola_expert(views: &[BriscolaView]) -> usize {
    views
        .iter()
        .enumerate()
        .filter_map(|(i, v)| choose_card(Level::Expert, black_box(v), i as u64))
        .map(|c| usize::from(c.index()))
        .sum()
}

const WORKLOADS: [(&str, usize, &str); 18] = [
    ("deal_2p", 20_000, "measured_deal"),
    ("deal_4p_scopone", 10_000, "measured_deal"),
    ("deal_4p_scientifico", 10_000, "measured_deal"),
    ("legal_moves_2p", 100_000, "measured_legal_moves"),
    ("legal_moves_4p", 100_000, "measured_legal_moves"),
    ("legal_moves_into_2p", 100_000, "measured_legal_moves_into"),
    ("legal_moves_into_4p", 100_000, "measured_legal_moves_into"),
    ("captures_2p", 100_000, "measured_captures"),
    ("play_2p", 100_000, "measured_play"),
    ("play_unchecked_2p", 100_000, "measured_play_unchecked"),
    ("briscola_deal_2p", 20_000, "measured_briscola_deal"),
    ("briscola_deal_4p", 20_000, "measured_briscola_deal"),
    ("deal_6p_two_decks", 2_000, "measured_two_deck_deal"),
    ("deal_8p_two_decks", 2_000, "measured_two_deck_deal"),
    ("briscola_deal_6p", 5_000, "measured_briscola_two_deck_deal"),
    ("briscola_deal_8p", 5_000, "measured_briscola_two_deck_deal"),
    ("briscola_net_eval", 20_000, "measured_briscola_net"),
    ("briscola_expert_2p", 40, "measured_briscola_expert"),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; list the workloads then.
    let Some(name) = args.first().filter(|a| !a.starts_with('-')) else {
        for (name, ops, function) in WORKLOADS {
            println!("{name} {ops} {function}");
        }
        return;
    };
    let Some(&(_, default_ops, _)) = WORKLOADS.iter().find(|(n, _, _)| n == name) else {
        eprintln!("unknown workload {name}; run without arguments for the list");
        std::process::exit(2);
    };
    let ops = match args.get(1).map(|s| s.parse::<usize>()) {
        None => default_ops,
        Some(Ok(n)) if n > 0 && n <= u32::MAX as usize => n,
        Some(_) => {
            eprintln!("the operation count must be a positive integer");
            std::process::exit(2);
        }
    };
    let mut rng = SplitMix64::new(0xBE7C);
    let digest = match name.as_str() {
        "deal_2p" => measured_deal(black_box(Rules::default()), &mut rng, ops as u32) as usize,
        "deal_4p_scopone" => measured_deal(black_box(scopone()), &mut rng, ops as u32) as usize,
        "deal_4p_scientifico" => {
            measured_deal(black_box(scientifico()), &mut rng, ops as u32) as usize
        }
        "legal_moves_2p" => measured_legal_moves(&positions(Rules::default(), ops)),
        "legal_moves_4p" => measured_legal_moves(&positions(scientifico(), ops)),
        "legal_moves_into_2p" => measured_legal_moves_into(&positions(Rules::default(), ops)),
        "legal_moves_into_4p" => measured_legal_moves_into(&positions(scientifico(), ops)),
        "captures_2p" => measured_captures(&positions(Rules::default(), ops)),
        "play_2p" => measured_play(&random_plays(Rules::default(), ops, 11)),
        "play_unchecked_2p" => {
            measured_play_unchecked(&random_plays(Rules::default(), ops, 11)) as usize
        }
        "briscola_deal_2p" => {
            measured_briscola_deal(black_box(BriscolaRules::default()), &mut rng, ops as u32)
                as usize
        }
        "briscola_deal_4p" => {
            let rules = BriscolaRules {
                players: 4,
                ..BriscolaRules::default()
            };
            measured_briscola_deal(black_box(rules), &mut rng, ops as u32) as usize
        }
        "deal_6p_two_decks" | "deal_8p_two_decks" => {
            let players = if name == "deal_6p_two_decks" { 6 } else { 8 };
            let rules = black_box(Rules::default().with_players(players));
            measured_two_deck_deal(rules, &mut rng, ops as u32) as usize
        }
        "briscola_deal_6p" | "briscola_deal_8p" => {
            let rules = BriscolaRules {
                players: if name == "briscola_deal_6p" { 6 } else { 8 },
                decks: 2,
                ..BriscolaRules::default()
            };
            measured_briscola_two_deck_deal(black_box(rules), &mut rng, ops as u32) as usize
        }
        "briscola_net_eval" => {
            let (_, inputs) = briscola_positions(2_000, 40);
            measured_briscola_net(&inputs, ops) as usize
        }
        "briscola_expert_2p" => measured_briscola_expert(&briscola_positions(ops, 41).0),
        _ => unreachable!("checked against WORKLOADS"),
    };
    println!("{name} {ops} digest {digest}");
}
