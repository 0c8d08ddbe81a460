//! The coach sees only what its seat sees (issue 39): the analysis of a position — every
//! choice's margin, confidence, win chance and reasons — and the review of the hand's moves
//! so far are the same whatever the cards the seat cannot see (the other hands, the deck's
//! or stock's order), the deals to come and the session's secret. Scopa (2–4 players, every
//! rule) and Briscola (one deck, 2–4 players).

mod common;

use proptest::prelude::*;
use scopa_core::ai::Budget;
use scopa_core::analysis::review::{Review, review_hand};
use scopa_core::analysis::{self, Unit};
use scopa_core::briscola::{BriscolaBudget, BriscolaRules};
use scopa_core::game::GameMove;
use scopa_core::session::{Action, Game, Phase, Session, Settings};
use scopa_core::{CardSet, SplitMix64};

/// Plays `steps` random legal moves (and every Continue) on `s`; stops at a seat to play.
fn walk(s: &mut Session, steps: usize, choices: u64) {
    let mut rng = SplitMix64::new(choices);
    let mut done = 0;
    loop {
        match s.phase() {
            Phase::MatchOver { .. } => return,
            Phase::Play { .. } if done >= steps => return,
            Phase::Play { .. } | Phase::AiDue { .. } => {
                let mut moves = Vec::new();
                s.for_each_legal_move(&mut |mv: GameMove| moves.push(mv));
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                s.apply(Action::Play(mv)).unwrap();
                done += 1;
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
}

/// Every card `seat` has not seen: in Scopa not in its hand, on the table or in a pile of
/// this hand; in Briscola not in its hand, not played this hand, not the face-up briscola.
fn hidden_from(s: &Session, seat: u8) -> CardSet {
    let seen = if let Some(m) = s.scopa() {
        let v = m.view(seat).unwrap();
        let mut seen = v.hand() | v.table();
        for side in 0..m.rules().sides() {
            seen |= v.pile(side);
        }
        seen
    } else {
        let m = s.briscola().unwrap();
        let mut seen = m.hand().hand(seat);
        for &card in m.history() {
            seen.insert(card);
        }
        seen.insert(m.hand().briscola());
        seen
    };
    !seen
}

/// The analysis of the seat to play, with a small budget, and the review of its moves of
/// the hand so far (the levels' budget), written out whole for comparison.
fn coach(s: &Session, seat: u8) -> String {
    let seed = 7;
    let a = if let Some(m) = s.scopa() {
        analysis::analyze_scopa_with_budget(
            &m.view(seat).unwrap(),
            seed,
            Budget {
                samples: 12,
                nodes: 12_000,
            },
        )
    } else {
        analysis::analyze_briscola_with_budget(
            &s.briscola().unwrap().view(seat).unwrap(),
            seed,
            BriscolaBudget {
                samples: 12,
                nodes: 40_000,
            },
        )
    };
    let mut review = Review::new(Unit::of(s.game()));
    let mut lines = Vec::new();
    review_hand(
        s.game_match(),
        &|x| x == seat,
        seed,
        &mut review,
        &mut |r, a| lines.push(format!("{r:?} {a:?}")),
    )
    .unwrap();
    format!("{a:?}\n{lines:?}\n{review:?}")
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (common::rules_with_target(1..=6), 2..=4u8, any::<bool>()).prop_map(
        |(rules, players, briscola)| {
            let mut s = Settings::pass_and_play(rules);
            if briscola {
                s.game = Game::Briscola(BriscolaRules {
                    players,
                    ..BriscolaRules::default()
                });
            }
            s
        },
    )
}

proptest! {
    #![proptest_config(common::config(64))]

    #[test]
    fn the_coach_does_not_see_the_hidden_cards(
        settings in any_settings(),
        seed in any::<u64>(),
        steps in 0usize..40,
        choices in any::<u64>(),
        shuffle in any::<u64>(),
    ) {
        let Ok(mut s) = Session::new(settings, seed) else { return Ok(()); };
        walk(&mut s, steps, choices);
        let Phase::Play { seat } = s.phase() else { return Ok(()); };
        let hidden = hidden_from(&s, seat);
        let layout = if s.game().is_briscola() { &common::BRISCOLA_SAVE } else { &common::SCOPA_SAVE };
        let other = Session::from_bytes(&common::permuted_save(&s.to_bytes(), layout, hidden, shuffle)).unwrap();
        prop_assert_eq!(other.phase(), s.phase());
        prop_assert_eq!(coach(&s, seat), coach(&other, seat));
    }
}

/// The permutation does change what the seat cannot see (the property is not vacuous): in
/// most positions another seat's hand differs.
#[test]
fn the_permutation_moves_hidden_cards() {
    let mut changed = 0;
    for seed in 0..20u64 {
        let mut s = Session::new(Settings::pass_and_play(Default::default()), seed).unwrap();
        walk(&mut s, 3, seed);
        let Phase::Play { seat } = s.phase() else {
            continue;
        };
        let other = Session::from_bytes(&common::permuted_save(
            &s.to_bytes(),
            &common::SCOPA_SAVE,
            hidden_from(&s, seat),
            seed,
        ))
        .unwrap();
        let them = |x: &Session| x.scopa().unwrap().hand().hand(1 - seat);
        changed += u32::from(them(&s) != them(&other));
    }
    assert!(changed >= 15, "{changed} of 20");
}

/// `permuted_save` with the session's secret kept: the AI's decisions (and so the plays
/// of the hand so far) are the same, only the cards `hidden` and the deals to come differ.
fn permuted_same_secret(s: &Session, hidden: CardSet, shuffle: u64) -> Session {
    use scopa_core::session::SAVE_LEN;
    use scopa_core::snapshot::crc32;
    let layout = if s.game().is_briscola() {
        &common::BRISCOLA_SAVE
    } else {
        &common::SCOPA_SAVE
    };
    let bytes = s.to_bytes();
    let mut b = common::permuted_save(&bytes, layout, hidden, shuffle);
    b[layout.secret..layout.secret + 8].copy_from_slice(&bytes[layout.secret..layout.secret + 8]);
    let crc = crc32(&b[..SAVE_LEN - 4]);
    b[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    Session::from_bytes(&b).unwrap()
}

fn against_settings() -> impl Strategy<Value = Settings> {
    (2..=4u8, any::<bool>()).prop_map(|(players, briscola)| {
        let level = scopa_core::ai::Level::Expert;
        if briscola {
            Settings::briscola(
                level,
                BriscolaRules {
                    players,
                    ..BriscolaRules::default()
                },
            )
        } else {
            Settings::against(
                level,
                scopa_core::scopa::Rules::default().with_players(players),
            )
        }
    })
}

proptest! {
    #![proptest_config(common::config(24))]

    /// The AI's explanations (issue 39) shown to the person — which plays are explained,
    /// and each explanation — are the same whatever the cards the person cannot see (the
    /// AIs' hands, the deck's or stock's order) and the deals to come.
    #[test]
    fn the_ai_explanations_do_not_show_hidden_cards(
        settings in against_settings(),
        seed in any::<u64>(),
        steps in 0usize..12,
        shuffle in any::<u64>(),
    ) {
        let Ok(mut s) = Session::new(settings, seed) else { return Ok(()); };
        // The person plays its first card each time; the AIs play as they do.
        let mut done = 0;
        loop {
            match s.phase() {
                Phase::MatchOver { .. } => return Ok(()),
                Phase::Play { .. } if done >= steps => break,
                Phase::Play { .. } => {
                    let mut moves = Vec::new();
                    s.for_each_legal_move(&mut |mv: GameMove| moves.push(mv));
                    s.apply(Action::Play(moves[0])).unwrap();
                    done += 1;
                }
                Phase::AiDue { .. } => {
                    s.apply(Action::RunAi).unwrap();
                }
                _ => {
                    s.apply(Action::Continue).unwrap();
                }
            }
        }
        let other = permuted_same_secret(&s, hidden_from(&s, 0), shuffle);
        prop_assert_eq!(other.phase(), s.phase());
        prop_assert_eq!(s.ai_plays(), other.ai_plays());
        for p in s.ai_plays() {
            prop_assert_eq!(
                format!("{:?}", s.ai_why(p.ply)),
                format!("{:?}", other.ai_why(p.ply))
            );
        }
    }
}
