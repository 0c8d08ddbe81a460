//! The analysis is the expert's search: its best choice is the expert's move with the
//! same seed, its figures are deterministic, and exact when nothing is hidden.

use super::*;
use crate::ai::{self, Level};
use crate::briscola::{BriscolaRules, choose_card};
use crate::deal::{SplitMix64, below};
use crate::scopa::Rules;

/// A Scopa match of `players` after `plies` random plays.
fn scopa_after(players: u8, seed: u64, plies: u32) -> Match {
    let mut m = Match::new(Rules::default().with_players(players), seed).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x77);
    for _ in 0..plies {
        let moves = m.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[below(&mut rng, moves.len() as u32) as usize];
        m.play(m.turn(), mv).unwrap();
    }
    m
}

#[test]
fn the_best_scopa_choice_is_the_experts_move() {
    for (players, seed, plies) in [
        (2, 1, 0),
        (2, 2, 7),
        (3, 3, 5),
        (4, 4, 9),
        (2, 5, 33),
        (2, 6, 35),
    ] {
        let m = scopa_after(players, seed, plies);
        if m.winner().is_some() {
            continue;
        }
        let view = m.view(m.turn()).unwrap();
        let a = analyze(&m, m.turn(), seed).unwrap();
        assert_eq!(a.choices.len(), view.legal_moves().len());
        let budget = Level::Expert.budget_for(view.rules());
        let expert = ai::choose_move_with_budget(Level::Expert, &view, seed, budget).unwrap();
        if a.choices.len() > 1 {
            assert_eq!(
                a.best().mv,
                GameMove::from(expert),
                "{players} players, seed {seed}"
            );
        }
        // Deterministic.
        assert_eq!(analyze(&m, m.turn(), seed).unwrap(), a);
        // The best is the highest margin up to rounding.
        for c in &a.choices {
            assert!(
                c.margin <= a.best().margin + 1,
                "{c:?} above {:?}",
                a.best()
            );
            assert!(c.margin.abs() <= 40 * 100);
        }
    }
}

#[test]
fn the_last_round_of_two_players_is_exact() {
    let m = scopa_after(2, 9, 33);
    let a = analyze(&m, m.turn(), 1).unwrap();
    assert!(a.exact, "{a:?}");
    assert!(a.choices.iter().all(|c| c.std_error == 0));
    assert_eq!(a.worlds, 1);
}

#[test]
fn the_analysis_is_refused_out_of_turn() {
    let m = scopa_after(2, 1, 0);
    let other = 1 - m.turn();
    assert_eq!(
        analyze(&m, other, 1),
        Err(AnalysisError::NotToPlay {
            seat: other,
            turn: m.turn()
        })
    );
}

#[test]
fn the_best_briscola_card_is_the_experts() {
    for players in [2u8, 3, 4] {
        for seed in 0..3u64 {
            let rules = BriscolaRules {
                players,
                ..BriscolaRules::default()
            };
            let mut m = BriscolaMatch::new(rules, seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut plies = 0;
            let mut exact = false;
            while m.winner().is_none() && m.hand_number() == 0 {
                let seat = m.turn();
                let view = m.view(seat).unwrap();
                if plies % 5 == 0 || view.stock == 0 {
                    let a = analyze(&m, seat, seed + plies).unwrap();
                    exact |= a.exact;
                    assert_eq!(a.choices.len() as u32, view.hand.len());
                    let card = choose_card(Level::Expert, &view, seed + plies).unwrap();
                    if a.choices.len() > 1 {
                        assert_eq!(
                            a.best().mv,
                            GameMove::Briscola(card),
                            "{players}p seed {seed} ply {plies}"
                        );
                    }
                    for c in &a.choices {
                        assert!(c.margin.abs() <= 120 * 100, "{c:?}");
                        assert!(c.win_chance.is_some_and(|w| w <= 1000));
                    }
                }
                let hand = view.hand;
                let card = hand.nth(below(&mut rng, hand.len())).unwrap();
                m.play(seat, card).unwrap();
                plies += 1;
            }
            if players == 2 {
                assert!(exact, "the endgame of two players is searched exactly");
            }
        }
    }
}
