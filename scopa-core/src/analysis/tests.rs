//! The analysis is the expert's search: its best choice is the expert's move with the
//! same seed, its figures are deterministic, and exact when nothing is hidden.

use super::*;
use crate::ai::{self, Level};
use crate::briscola::{BriscolaRules, choose_card};
use crate::cardset::CardSet;
use crate::deal::{SplitMix64, below};
use crate::game::GameMatch;
use crate::scopa::Rules;
extern crate alloc;
use alloc::string::ToString;

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

/// Every Scopa reason checked against the position, from the rules' own capture lists
/// (not the code that made the reason), and each fact present when true.
fn check_scopa_reasons(view: &PlayerView, a: &Analysis) {
    use crate::scopa::capture::captures;
    let table = view.table();
    let sweepable = |t: CardSet| {
        !view.is_last_play()
            && view.unseen().iter().any(|u| {
                captures(t, u, view.rules().ace)
                    .iter()
                    .any(|c| !c.is_empty() && *c == t)
            })
    };
    let any_leaves = a.choices.iter().any(|c| {
        let mv = c.mv.to_move().unwrap();
        let after = if mv.is_lay() {
            table | CardSet::single(mv.card())
        } else {
            table - mv.capture()
        };
        sweepable(after)
    });
    for (i, c) in a.choices.iter().enumerate() {
        let mv = c.mv.to_move().unwrap();
        let taken = if mv.is_lay() {
            CardSet::EMPTY
        } else {
            mv.capture()
        };
        let after = if mv.is_lay() {
            table | CardSet::single(mv.card())
        } else {
            table - taken
        };
        let whys: heapless::Vec<Why, 8> = c.reasons.iter().collect();
        assert_eq!(whys[0] == Why::Best, i == a.best, "{whys:?}");
        for &w in &whys {
            let ok = match w {
                Why::Best => i == a.best,
                Why::BelowBest { by } => i != a.best && by as i32 == a.best().margin - c.margin,
                Why::Sweeps => !taken.is_empty() && after.is_empty() && !view.is_last_play(),
                Why::TakesSettebello => taken.contains(Card::SETTEBELLO),
                Why::TakesSevens { count } => count > 0 && u32::from(count) == taken.count_value(7),
                Why::TakesCoins { count } => {
                    count > 0 && u32::from(count) == taken.count_suit(crate::Suit::Denari)
                }
                Why::TakesCards { count } => count > 0 && u32::from(count) == taken.len(),
                Why::LeavesSweep => sweepable(after),
                Why::AvoidsSweep => !sweepable(after) && any_leaves,
                Why::GivesCard { card } => {
                    mv.is_lay()
                        && card == mv.card()
                        && (card.value() == 7 || card.suit() == crate::Suit::Denari)
                }
                _ => false,
            };
            assert!(ok, "{w:?} is false of {} on {table}", c.mv);
        }
        // And each fact is said when true.
        assert_eq!(
            whys.contains(&Why::TakesSettebello),
            taken.contains(Card::SETTEBELLO)
        );
        assert_eq!(
            whys.iter().any(|w| matches!(w, Why::TakesSevens { .. })),
            taken.count_value(7) > 0
        );
        assert_eq!(
            whys.contains(&Why::LeavesSweep),
            sweepable(after),
            "{} on {table}",
            c.mv
        );
    }
}

/// Every Briscola reason checked against the trick and the cards the seat has seen.
fn check_briscola_reasons(view: &BriscolaView, a: &Analysis) {
    use crate::briscola::{card_points, trick_winner};
    let trump = view.trump();
    let trick = view.trick();
    let players = view.rules.players;
    for (i, c) in a.choices.iter().enumerate() {
        let card = c.mv.card();
        let mut with: heapless::Vec<Card, 8> = trick.iter().copied().collect();
        with.push(card).unwrap();
        let winner = trick_winner(trump, &with).unwrap();
        let points: u32 = with.iter().map(|&c| u32::from(card_points(c))).sum();
        let sure = with.len() == usize::from(players);
        let winner_seat = (view.leader + winner as u8) % players;
        for w in c.reasons.iter() {
            let ok = match w {
                Why::Best => i == a.best,
                Why::BelowBest { by } => i != a.best && by as i32 == a.best().margin - c.margin,
                Why::TakesTrick { points: p, sure: s } => {
                    !trick.is_empty()
                        && winner == trick.len()
                        && u32::from(p) == points
                        && s == sure
                }
                Why::LosesTrick { points: p, sure: s } => {
                    !trick.is_empty()
                        && winner != trick.len()
                        && view.rules.side_of(winner_seat) != view.rules.side_of(view.seat)
                        && u32::from(p) == points
                        && s == sure
                }
                Why::LoadsPartner { points: p } => {
                    !trick.is_empty()
                        && winner != trick.len()
                        && view.rules.side_of(winner_seat) == view.rules.side_of(view.seat)
                        && p == card_points(card)
                        && p > 0
                }
                Why::LeadsCarico { points: p } => {
                    trick.is_empty() && p == card_points(card) && p >= 10
                }
                Why::SpendsTrump { carichi_out } => {
                    card.suit() == trump
                        && usize::from(carichi_out)
                            == view
                                .unseen()
                                .into_iter()
                                .filter(|u| u.suit() != trump && matches!(u.value(), 1 | 3))
                                .count()
                }
                Why::TrumpsOut { count } => {
                    card.suit() != trump
                        && !sure
                        && card_points(card) > 0
                        && count > 0
                        && usize::from(count)
                            == view
                                .unseen()
                                .into_iter()
                                .filter(|u| u.suit() == trump)
                                .count()
                }
                _ => false,
            };
            assert!(ok, "{w:?} is false of {card} on {trick:?}");
        }
    }
}

#[test]
fn every_reason_is_true_of_its_position() {
    let mut seen = [false; 16];
    for players in [2u8, 3, 4] {
        for seed in 0..6u64 {
            let mut m = Match::new(Rules::default().with_players(players), seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while m.winner().is_none() && m.hand_number() == 0 {
                let view = m.view(m.turn()).unwrap();
                let budget = Budget {
                    samples: 8,
                    nodes: 4_000,
                };
                let a = analyze_scopa_with_budget(&view, seed, budget).unwrap();
                check_scopa_reasons(&view, &a);
                note(&a, &mut seen);
                let moves = m.legal_moves();
                m.play(
                    m.turn(),
                    moves[below(&mut rng, moves.len() as u32) as usize],
                )
                .unwrap();
            }
            let rules = BriscolaRules {
                players,
                ..BriscolaRules::default()
            };
            let mut b = BriscolaMatch::new(rules, seed).unwrap();
            while b.winner().is_none() && b.hand_number() == 0 {
                let view = b.view(b.turn()).unwrap();
                let budget = BriscolaBudget {
                    samples: 4,
                    nodes: 100_000,
                };
                let a = analyze_briscola_with_budget(&view, seed, budget).unwrap();
                check_briscola_reasons(&view, &a);
                note(&a, &mut seen);
                let card = view.hand.nth(below(&mut rng, view.hand.len())).unwrap();
                b.play(b.turn(), card).unwrap();
            }
        }
    }
    // Every kind of reason came up (the checks are not vacuous).
    assert!(seen.iter().all(|&s| s), "{seen:?}");
}

/// Marks the kinds of reason `a` gives.
fn note(a: &Analysis, seen: &mut [bool; 16]) {
    for c in &a.choices {
        for w in c.reasons.iter() {
            seen[why_index(w)] = true;
        }
    }
}

fn why_index(w: Why) -> usize {
    match w {
        Why::Best => 0,
        Why::BelowBest { .. } => 1,
        Why::Sweeps => 2,
        Why::TakesSettebello => 3,
        Why::TakesSevens { .. } => 4,
        Why::TakesCoins { .. } => 5,
        Why::TakesCards { .. } => 6,
        Why::LeavesSweep => 7,
        Why::AvoidsSweep => 8,
        Why::GivesCard { .. } => 9,
        Why::TakesTrick { .. } => 10,
        Why::LosesTrick { .. } => 11,
        Why::LoadsPartner { .. } => 12,
        Why::LeadsCarico { .. } => 13,
        Why::SpendsTrump { .. } => 14,
        Why::TrumpsOut { .. } => 15,
    }
}

#[test]
fn every_reason_has_words_in_both_languages() {
    use crate::session::{Lang, Texts};
    let all = [
        Why::Best,
        Why::BelowBest { by: 5 },
        Why::Sweeps,
        Why::TakesSettebello,
        Why::TakesSevens { count: 2 },
        Why::TakesCoins { count: 1 },
        Why::TakesCards { count: 3 },
        Why::LeavesSweep,
        Why::AvoidsSweep,
        Why::GivesCard {
            card: Card::SETTEBELLO,
        },
        Why::TakesTrick {
            points: 11,
            sure: true,
        },
        Why::LosesTrick {
            points: 4,
            sure: false,
        },
        Why::LoadsPartner { points: 10 },
        Why::LeadsCarico { points: 11 },
        Why::SpendsTrump { carichi_out: 2 },
        Why::TrumpsOut { count: 3 },
    ];
    for w in all {
        let en = texts::why(&Texts::new(Lang::En), Unit::ScopaPoints, w).to_string();
        let it = texts::why(&Texts::new(Lang::It), Unit::ScopaPoints, w).to_string();
        assert!(
            !en.is_empty() && !it.is_empty() && en != it,
            "{w:?}: {en} / {it}"
        );
    }
}

#[test]
fn move_accuracy_follows_its_formula() {
    use super::review::move_accuracy;
    assert_eq!(move_accuracy(0, Unit::ScopaPoints), 1000);
    assert_eq!(move_accuracy(50, Unit::ScopaPoints), 500);
    assert_eq!(move_accuracy(100, Unit::ScopaPoints), 333);
    assert_eq!(move_accuracy(500, Unit::CardPoints), 500);
    assert_eq!(move_accuracy(u32::MAX, Unit::CardPoints), 0);
}

/// The expert reviewed with the seeds it played with loses nothing (100%); a random player
/// loses, and its biggest swings are its biggest losses, in order.
#[test]
fn the_expert_scores_full_accuracy_and_random_play_does_not() {
    use super::review::{Review, move_seed, review_hand};
    for (level, full) in [(Level::Expert, true), (Level::Random, false)] {
        let mut m = Match::new(Rules::default(), 21).unwrap();
        let hand = m.hand_number();
        let mut ply = 0u8;
        while m.hand_number() == hand && m.winner().is_none() && ply < 30 {
            let seat = m.turn();
            let seed = move_seed(5, hand, ply);
            let mv = GameMatch::choose(&m, seat, level, seed).unwrap();
            GameMatch::play(&mut m, seat, mv).unwrap();
            ply += 1;
        }
        let mut review = Review::new(Unit::ScopaPoints);
        let mut n = 0;
        review_hand(&m, &|_| true, 5, &mut review, &mut |r, _| {
            n += 1;
            assert!(r.loss == 0 || r.played != r.best);
        })
        .unwrap();
        assert_eq!(n, u32::from(ply));
        let acc = review.seats[0].accuracy().unwrap();
        if full {
            assert_eq!(acc, 1000);
            assert!(review.swings.is_empty());
        } else {
            assert!(acc < 900, "random play at {acc}‰");
            assert!(!review.swings.is_empty());
            assert!(review.swings.windows(2).all(|w| w[0].loss >= w[1].loss));
        }
    }
}

/// A finished match cannot replay its last hand: the review says so with a typed error
/// (instead of replaying its moves on a position they do not fit).
#[test]
fn a_finished_match_is_refused_with_a_reason() {
    use super::review::{Review, review_hand};
    for (game, mut m) in [
        (
            Game::Scopa,
            crate::game::AnyMatch::new(Game::Scopa, Rules::default(), 3).unwrap(),
        ),
        (
            Game::Briscola(BriscolaRules::default()),
            crate::game::AnyMatch::new(
                Game::Briscola(BriscolaRules::default()),
                Rules::default(),
                3,
            )
            .unwrap(),
        ),
    ] {
        let mut rng = SplitMix64::new(1);
        while m.winner().is_none() {
            let seat = m.turn();
            let mv = m.choose(seat, Level::Random, rng.next()).unwrap();
            m.play(seat, mv).unwrap();
        }
        let mut review = Review::new(Unit::of(game));
        let hand = m.hand_number();
        assert_eq!(
            review_hand(&*m, &|_| true, 1, &mut review, &mut |_, _| {}),
            Err(super::review::ReviewError::MatchOver { hand }),
            "{game:?}"
        );
    }
}

/// Issue 39: the session's hint is the analysis's best choice with the hint's seed (keyed
/// by no secret), and every reason it gives is checked against the position by the same
/// checks as the analysis's: a hint never says a play "takes sevens" when it takes none,
/// and Briscola's never claims it "keeps the carichi and briscole".
#[test]
fn every_hint_is_its_analysis_and_its_reasons_are_true() {
    use crate::analysis::hint::GameHint;
    use crate::session::seed::hint_seed;
    use crate::session::{Action, Lang, Phase, Session, Settings, Texts};
    let mut seen = [false; 16];
    let mut hints = 0;
    for players in [2u8, 3, 4] {
        for briscola in [false, true] {
            for seed in 0..2u64 {
                let mut settings = if briscola {
                    Settings::briscola(
                        Level::Random,
                        BriscolaRules {
                            players,
                            ..BriscolaRules::default()
                        },
                    )
                } else {
                    Settings::against(Level::Random, Rules::default().with_players(players))
                };
                settings.lang = Lang::En;
                let mut s = Session::new(settings, seed).unwrap();
                let mut rng = SplitMix64::new(seed ^ 0x39);
                while s.game_match().hand_number() == 0 {
                    match s.phase() {
                        Phase::Play { seat } => {
                            let m = s.game_match();
                            let key = hint_seed(s.match_number(), 0, m.plays(), seat);
                            let a = analyze(m, seat, key).unwrap();
                            let hint = s.hint().unwrap();
                            assert_eq!(hint, GameHint::Coach(a.suggestion()));
                            if briscola {
                                check_briscola_reasons(
                                    &s.briscola().unwrap().view(seat).unwrap(),
                                    &a,
                                );
                            } else {
                                check_scopa_reasons(&s.scopa().unwrap().view(seat).unwrap(), &a);
                            }
                            note(&a, &mut seen);
                            hints += 1;
                            // The words say the facts and the figures, nothing else.
                            let en = Texts::new(Lang::En).hint(&hint).to_string();
                            let it = Texts::new(Lang::It).hint(&hint).to_string();
                            assert!(en.starts_with("Hint: ") && it.starts_with("Suggerimento: "));
                            for w in a.best().reasons.iter().skip(1) {
                                let words =
                                    texts::why(&Texts::new(Lang::En), a.unit, w).to_string();
                                assert!(en.contains(&words), "{en} lacks {words}");
                            }
                            let taken = a.best().mv.capture();
                            assert_eq!(
                                en.contains("seven"),
                                taken.distinct().count_value(7) > 0,
                                "{en}"
                            );
                            assert!(!en.contains("keeps") && !it.contains("tiene"), "{en}");
                            assert!(
                                en.contains(&texts::signed(a.best().margin).to_string()),
                                "{en}"
                            );
                            // The brief form (a small screen's): the margin and the first fact.
                            let brief = Texts::new(Lang::En).hint_brief(&hint).to_string();
                            assert!(brief.contains(&texts::signed(a.best().margin).to_string()));
                            if let Some(w) = a.best().reasons.iter().nth(1) {
                                let words =
                                    texts::why(&Texts::new(Lang::En), a.unit, w).to_string();
                                assert!(brief.contains(&words), "{brief}");
                            }
                            let moves: heapless::Vec<GameMove, MAX_CHOICES> =
                                a.choices.iter().map(|c| c.mv).collect();
                            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                            s.apply(Action::Play(mv)).unwrap();
                        }
                        Phase::AiDue { .. } => {
                            s.apply(Action::RunAi).unwrap();
                        }
                        Phase::MatchOver { .. } => break,
                        _ => {
                            s.apply(Action::Continue).unwrap();
                        }
                    }
                }
            }
        }
    }
    assert!(hints > 100, "{hints} hints");
    // The checks met the facts that can be false: sevens, coins, sweeps, tricks, trumps.
    for kind in [3usize, 4, 5, 6, 7, 10, 11, 14, 15] {
        assert!(seen[kind], "reason kind {kind} never came up: {seen:?}");
    }
}

/// At a Briscola table of 8 (two decks, not analysed yet) the hint is the expert's card
/// with the hint's seed and the facts of playing it, checked against the trick.
#[cfg(feature = "big-tables")]
#[test]
fn the_two_deck_briscola_hint_says_true_facts() {
    use crate::analysis::hint::GameHint;
    use crate::briscola::{beats, trick_winner};
    use crate::session::{Action, Phase, Session, Settings};
    let rules = BriscolaRules {
        players: 8,
        decks: 2,
        ..BriscolaRules::default()
    };
    let mut s = Session::new(Settings::briscola(Level::Random, rules), 5).unwrap();
    let mut checked = 0;
    while s.game_match().hand_number() == 0 {
        match s.phase() {
            Phase::Play { seat } => {
                let hint = s.hint().unwrap();
                let GameHint::BriscolaTwoDecks { card, reasons } = hint else {
                    panic!("{hint:?}");
                };
                let view = s.briscola_teams().unwrap().view(seat).unwrap();
                assert!(view.hand.contains(card));
                let trick = view.trick();
                let takes = match trick_winner(view.trump(), trick) {
                    Some(w) => beats(view.trump(), trick[w], card),
                    None => false,
                };
                assert_eq!(
                    reasons.iter().any(|w| matches!(w, Why::TakesTrick { .. })),
                    takes,
                    "{card} on {trick:?}: {reasons:?}"
                );
                assert_eq!(
                    reasons.iter().any(|w| matches!(w, Why::SpendsTrump { .. })),
                    card.suit() == view.trump()
                );
                checked += 1;
                s.apply(Action::Play(GameMove::Briscola(card))).unwrap();
            }
            Phase::AiDue { .. } => {
                s.apply(Action::RunAi).unwrap();
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
    // Ten cards each: ten hints in the hand.
    assert_eq!(checked, 10);
}

/// Issue 39: the AI explains its plays. In watch mode (every seat the expert) each play of
/// the hand is explained as soon as its seat's cards of then are public: the explanation is
/// the expert's own search (its best choice is the move played), it is made from public
/// facts only (the same analysis from a view rebuilt from the plays), and before that it is
/// refused with how many cards are still hidden; in Briscola only plays made with the
/// stock empty are explained.
#[test]
fn the_ai_explains_its_plays_once_its_cards_are_public() {
    use super::explain::WhyError;
    use crate::session::seed::{Purpose, derive};
    use crate::session::{Action, Lang, Phase, Session, Settings, Texts};
    let mut explained = [0u32; 2];
    let mut refused = [0u32; 2];
    for players in [2u8, 4] {
        for briscola in [false, true] {
            let settings = if briscola {
                let mut s = Settings::briscola(
                    Level::Expert,
                    BriscolaRules {
                        players,
                        ..BriscolaRules::default()
                    },
                );
                s.seats[0] = crate::session::Player::Ai(Level::Expert);
                s
            } else {
                Settings::watch(Level::Expert, Rules::default().with_players(players))
            };
            let secret = 30 + u64::from(players);
            let mut s = Session::new(settings, secret).unwrap();
            while s.game_match().hand_number() == 0 {
                if let Phase::AiDue { .. } = s.phase() {
                    s.apply(Action::RunAi).unwrap();
                } else {
                    s.apply(Action::Continue).unwrap();
                    continue;
                }
                if s.game_match().hand_number() != 0 {
                    break;
                }
                let log = s.ai_plays();
                assert_eq!(log.len(), usize::from(s.game_match().plays()));
                for entry in &log {
                    match s.ai_why(entry.ply) {
                        Ok(why) => {
                            assert!(entry.ready);
                            explained[usize::from(briscola)] += 1;
                            assert_eq!(why.played, entry.played);
                            assert!(why.own_search);
                            assert_eq!(why.analysis.best().mv, why.played, "{why:?}");
                            assert_eq!(why.loss(), 0);
                            // From public facts only: the view rebuilt from the plays.
                            if !briscola {
                                let m = s.scopa().unwrap();
                                let history: heapless::Vec<_, 40> =
                                    m.plays().take(usize::from(entry.ply)).collect();
                                let mut rewound = m.clone();
                                rewound.rewind(entry.ply).unwrap();
                                let hand: CardSet = m
                                    .plays()
                                    .skip(usize::from(entry.ply))
                                    .filter(|p| p.seat == entry.seat)
                                    .take(usize::from(rewound.hand().hand_len(entry.seat)))
                                    .map(|p| p.mv.card())
                                    .collect();
                                let view = PlayerView::from_public(
                                    *m.rules(),
                                    entry.seat,
                                    m.hand().dealer(),
                                    hand,
                                    rewound.hand().table(),
                                    &history,
                                    m.scores(),
                                )
                                .unwrap();
                                let seed = derive(secret, Purpose::Ai, 0, 0, entry.ply, entry.seat);
                                assert_eq!(analyze_scopa(&view, seed).unwrap(), why.analysis);
                            }
                            for lang in [Lang::En, Lang::It] {
                                let text = crate::session::why::ai_why(&Texts::new(lang), &why)
                                    .to_string();
                                assert_eq!(text.lines().count(), 1 + why.analysis.choices.len());
                                let first =
                                    texts::why(&Texts::new(lang), why.analysis.unit, Why::Best)
                                        .to_string();
                                assert!(text.contains(&first), "{text}");
                            }
                        }
                        Err(WhyError::Hidden { ply, seat, cards }) => {
                            assert!(!entry.ready && cards > 0);
                            assert_eq!((ply, seat), (entry.ply, entry.seat));
                            refused[usize::from(briscola)] += 1;
                        }
                        Err(WhyError::Drawn { .. }) => {
                            assert!(!entry.ready && briscola);
                            refused[usize::from(briscola)] += 1;
                        }
                        Err(e) => panic!("{e}"),
                    }
                }
            }
        }
    }
    assert!(explained.iter().all(|&n| n > 10), "{explained:?}");
    assert!(refused.iter().all(|&n| n > 10), "{refused:?}");
}

/// A person's play is not the AI's, and a play not made yet has no explanation.
#[test]
fn only_the_ai_plays_of_the_hand_are_explained() {
    use super::explain::WhyError;
    use crate::session::{Action, Phase, Session, Settings};
    let mut s = Session::new(Settings::against(Level::Expert, Rules::default()), 8).unwrap();
    while s.game_match().plays() < 4 {
        match s.phase() {
            Phase::Play { .. } => {
                let mv = s
                    .game_match()
                    .choose(s.game_match().turn(), Level::Easy, 1)
                    .unwrap();
                s.apply(Action::Play(mv)).unwrap();
            }
            Phase::AiDue { .. } => {
                s.apply(Action::RunAi).unwrap();
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
    let person = s
        .game_match()
        .play_seats()
        .iter()
        .position(|&seat| seat == 0)
        .unwrap() as u8;
    assert_eq!(
        s.ai_why(person),
        Err(WhyError::NotAnAi {
            ply: person,
            seat: 0
        })
    );
    assert_eq!(s.ai_why(9), Err(WhyError::NoSuchPlay { ply: 9, plays: 4 }));
    assert_eq!(s.ai_plays().len(), 2);
    assert!(s.ai_plays().iter().all(|p| p.seat == 1));
}

/// A level that does not run the expert's search is explained with the expert's figures of
/// its choices, and what its move lost.
#[test]
fn a_medium_play_is_explained_with_the_experts_figures() {
    use crate::session::{Action, Lang, Phase, Session, Settings, Texts};
    let mut s = Session::new(Settings::watch(Level::Medium, Rules::default()), 12).unwrap();
    let why = loop {
        match s.phase() {
            Phase::AiDue { .. } => {
                s.apply(Action::RunAi).unwrap();
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
        if let Ok(why) = s.ai_why(0) {
            break why;
        }
    };
    assert!(!why.own_search);
    assert_eq!(why.level, Level::Medium);
    assert_eq!(Some(why.loss()), why.analysis.loss(why.played));
    let text = crate::session::why::ai_why(&Texts::new(Lang::En), &why).to_string();
    assert!(text.contains("the expert's figures"), "{text}");
}
