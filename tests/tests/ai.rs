//! Property tests of the AI players (scopa_core::ai): legality, determinism, fairness
//! (hidden cards cannot change a move), budgets, no allocation, exact endgames, hints,
//! and one cheap seeded strength check so a broken AI cannot land.
//!
//! The properties draw the rules from every deal and option (players 2–4, standard and
//! both scopone deals, every primiera and Ace rule, napola, re bello, kings redeal); their
//! case counts scale with `SCOPA_PROPTEST_SCALE` (see `common::config`).

use proptest::prelude::*;
use scopa_core::CardSet;
use scopa_core::ai::{self, Budget, Level, Reason};
use scopa_core::scopa::{Event, HandState, Match, Move, Play, PlayerView, Rules};

mod common;
mod counting;
use common::{config, permute_hidden, rules_with_target};
use counting::counted;

// ----- helpers -----

/// Small budgets so the suite stays fast in the test profile.
const SMALL: Budget = Budget {
    samples: 4,
    nodes: 1_500,
};

/// Every deal and option (the target does not matter within a hand).
fn any_rules() -> impl Strategy<Value = Rules> {
    rules_with_target(1..=21)
}

fn budget_for(level: Level) -> Budget {
    match level {
        Level::Expert | Level::Handheld => SMALL,
        _ => level.default_budget(),
    }
}

/// Plays the first hand of a match, seat by seat with `pick`; returns the hand's totals.
fn play_hand(
    game: &mut Match,
    mut pick: impl FnMut(&PlayerView, u64) -> Move,
) -> [u16; scopa_core::MAX_SIDES] {
    let mut ply = 0u64;
    loop {
        let seat = game.turn();
        let view = game.view(seat).unwrap();
        let mv = pick(&view, ply);
        let events = game
            .play(seat, mv)
            .unwrap_or_else(|e| panic!("AI move {mv} refused: {e}"));
        ply += 1;
        for e in &events {
            if let Event::HandFinished(score) = e {
                return score.totals();
            }
        }
    }
}

/// Exact minimax value of a full-information hand for `side` (points minus the others').
fn exact_value(st: &HandState, side: u8) -> i32 {
    if st.is_finished() {
        let t = st.score().unwrap().totals();
        let k = st.rules().sides() as usize;
        let mine = i32::from(t[side as usize]);
        let others: i32 = (0..k)
            .filter(|&s| s != side as usize)
            .map(|s| i32::from(t[s]))
            .sum();
        return mine * (k as i32 - 1) - others;
    }
    let maxing = st.rules().side_of(st.turn()) == side;
    let vals = st.legal_moves().into_iter().map(|m| {
        let mut c = *st;
        c.play_unchecked(m);
        exact_value(&c, side)
    });
    if maxing {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

// ----- properties -----

proptest! {
    #![proptest_config(config(64))]

    /// Every level plays only legal moves through a whole hand, under every deal and
    /// option; and the same view and seed give the same move.
    #[test]
    fn every_ai_move_is_legal_and_deterministic(seed in any::<u64>(), rules in any_rules(), lvl in 0usize..5) {
        let level = Level::ALL[lvl];
        let mut game = Match::new(rules, seed).unwrap();
        let budget = budget_for(level);
        play_hand(&mut game, |view, ply| {
            let s = seed ^ ply;
            let mv = ai::choose_move_with_budget(level, view, s, budget).expect("a move on my turn");
            assert!(view.legal_moves().contains(&mv), "{level} played illegal {mv}");
            let again = ai::choose_move_with_budget(level, view, s, budget).unwrap();
            assert_eq!(mv, again, "{level} is not deterministic");
            mv
        });
    }

    /// Two positions that differ only in cards the seat cannot see (the other hands and the
    /// deck order) give the same move, for every level.
    #[test]
    fn hidden_cards_do_not_change_the_move(seed in any::<u64>(), rules in any_rules(), stop in 0usize..30, shuffle in any::<u64>()) {
        let mut game = Match::with_first_dealer(rules, seed, 0).unwrap();
        for _ in 0..stop {
            let mv = ai::choose_move(Level::Easy, &game.view(game.turn()).unwrap(), 1).unwrap();
            game.play(game.turn(), mv).unwrap();
        }
        let seat = game.turn();
        let view = game.view(seat).unwrap();
        // The same history on a deck whose hidden cards are permuted.
        let deck2 = permute_hidden(game.deck(), view.unseen(), shuffle);
        let mut other = HandState::from_deck(rules, 0, &deck2).unwrap();
        for p in view.history() {
            other.play(p.seat, p.mv).unwrap();
        }
        prop_assert_eq!(other.hand(seat), view.hand());
        let history: Vec<Play> = view.history().to_vec();
        let view2 = PlayerView::from_public(rules, seat, 0, other.hand(seat), other.table(), &history, view.scores()).unwrap();
        for level in Level::ALL {
            let b = budget_for(level);
            prop_assert_eq!(
                ai::choose_move_with_budget(level, &view, 9, b),
                ai::choose_move_with_budget(level, &view2, 9, b),
                "{} changed its move with the hidden cards", level
            );
        }
    }

    /// The search never uses more nodes or samples than its budget, and makes no
    /// allocation.
    #[test]
    fn budgets_are_respected_and_nothing_is_allocated(seed in any::<u64>(), rules in any_rules(), stop in 0usize..34, samples in 0u16..12, nodes in 0u32..6_000) {
        let mut game = Match::new(rules, seed).unwrap();
        for _ in 0..stop {
            let mv = ai::choose_move(Level::Medium, &game.view(game.turn()).unwrap(), 1).unwrap();
            game.play(game.turn(), mv).unwrap();
        }
        let view = game.view(game.turn()).unwrap();
        let budget = Budget { samples, nodes };
        for level in [Level::Expert, Level::Handheld] {
            let (res, allocs) = counted(|| ai::choose_move_with_stats(level, &view, seed, budget));
            let (mv, stats) = res.unwrap();
            prop_assert!(view.legal_moves().contains(&mv));
            prop_assert!(stats.nodes <= nodes, "{} nodes used of {}", stats.nodes, nodes);
            prop_assert!(stats.samples <= u32::from(samples).max(1));
            prop_assert!(stats.exact || stats.samples <= u32::from(samples));
            prop_assert_eq!(allocs, 0, "the AI allocated");
        }
        for level in [Level::Random, Level::Easy, Level::Medium] {
            let (mv, allocs) = counted(|| ai::choose_move(level, &view, seed));
            prop_assert!(mv.is_some());
            prop_assert_eq!(allocs, 0, "{} allocated", level);
        }
        let (h, allocs) = counted(|| ai::hint(&view));
        prop_assert!(view.legal_moves().contains(&h.unwrap().mv));
        prop_assert_eq!(allocs, 0, "hint allocated");
    }

    /// In 2 players once the deck is empty nothing is hidden: the expert's move is one of
    /// the exactly best moves (checked against a plain full-width minimax), under every
    /// option of the 2-player game.
    #[test]
    fn expert_solves_the_last_round_exactly(seed in any::<u64>(), options in any_rules(), extra in 0usize..5) {
        let rules = Rules { players: 2, deal: scopa_core::scopa::DealKind::Standard, ..options };
        let mut game = Match::new(rules, seed).unwrap();
        for _ in 0..(30 + extra) {
            let mv = ai::choose_move(Level::Medium, &game.view(game.turn()).unwrap(), 3).unwrap();
            game.play(game.turn(), mv).unwrap();
        }
        let view = game.view(game.turn()).unwrap();
        prop_assert_eq!(view.deck_left(), 0);
        let (mv, stats) = ai::choose_move_with_stats(Level::Expert, &view, 5, Level::Expert.default_budget()).unwrap();
        let state = *game.hand();
        let side = view.side();
        let best = state.legal_moves().into_iter().map(|m| {
            let mut c = state;
            c.play_unchecked(m);
            exact_value(&c, side)
        }).max().unwrap();
        let mut after = state;
        after.play_unchecked(mv);
        prop_assert!(state.legal_moves().len() == 1 || stats.exact);
        prop_assert_eq!(exact_value(&after, side), best, "expert's {} is not exactly best", mv);
    }
}

#[test]
fn levels_parse_and_print() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn no_move_when_it_is_not_my_turn() {
    let game = Match::new(Rules::default(), 4).unwrap();
    let other = (game.turn() + 1) % 2;
    let view = game.view(other).unwrap();
    for level in Level::ALL {
        assert_eq!(ai::choose_move(level, &view, 1), None);
    }
    assert_eq!(ai::hint(&view), None);
}

/// A view where the seat to play (seat 1, the eldest) holds `hand` and the table is `table`.
fn opening_view(hand: &str, table: &str) -> PlayerView {
    let hand: CardSet = hand.parse().unwrap();
    let table: CardSet = table.parse().unwrap();
    PlayerView::from_public(Rules::default(), 1, 0, hand, table, &[], [0; 3]).unwrap()
}

#[test]
fn hints_name_scopa_and_settebello() {
    // 3d + 4c = 7: the 7b sweeps.
    let v = opening_view("7b 9s 10c", "3d 4c 1s 2b");
    let h = ai::hint(&v).unwrap();
    assert_eq!(
        h.mv,
        Move::new("10c".parse().unwrap(), "3d 4c 1s 2b".parse().unwrap())
    );
    assert_eq!(h.reason, Reason::Scopa);
    let v = opening_view("7b 9s 10c", "7d 8c 9d 10s");
    let h = ai::hint(&v).unwrap();
    assert_eq!(h.mv.capture(), "7d".parse().unwrap());
    assert_eq!(h.reason, Reason::TakesSettebello);
    assert_eq!(h.reason.to_string(), "takes the settebello");
}

#[test]
fn medium_and_expert_take_an_available_sweep() {
    // 1 + 5 + 2 + 1 = 9 and no 9 on the table: the 9b sweeps.
    let v = opening_view("9b 2c 6c", "1d 5c 2s 1b");
    for level in [Level::Medium, Level::Expert, Level::Handheld] {
        let mv = ai::choose_move(level, &v, 1).unwrap();
        assert_eq!(mv.card(), "9b".parse().unwrap(), "{level} missed the sweep");
    }
}

/// The cheap CI strength check: over a fixed set of seeded deals, played twice with seats
/// swapped, the expert (with a reduced budget) beats the random player clearly.
#[test]
fn expert_beats_random_on_fixed_deals() {
    let rules = Rules::default();
    let budget = Budget {
        samples: 6,
        nodes: 3_000,
    };
    let mut margin = 0i32;
    let deals = 12u64;
    for d in 0..deals {
        for expert_seat in 0..2u8 {
            let mut game = Match::with_first_dealer(rules, 1000 + d, 0).unwrap();
            let totals = play_hand(&mut game, |view, ply| {
                let level = if view.seat() == expert_seat {
                    Level::Expert
                } else {
                    Level::Random
                };
                ai::choose_move_with_budget(level, view, d * 100 + ply, budget).unwrap()
            });
            margin += i32::from(totals[expert_seat as usize])
                - i32::from(totals[1 - expert_seat as usize]);
        }
    }
    // A random player loses about 3 points a deal to any sensible player; require +1.5.
    let per_deal = f64::from(margin) / (2 * deals) as f64;
    assert!(
        per_deal > 1.5,
        "expert beat random by only {per_deal:+.2} points per game"
    );
}

#[test]
fn the_allocation_counter_sees_allocations() {
    let (v, allocs) = counted(|| vec![1u8, 2, 3]);
    assert_eq!(v.len(), 3);
    assert!(allocs >= 1);
}
