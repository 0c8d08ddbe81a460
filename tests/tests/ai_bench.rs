//! Properties of the benchmark-only players (`scopa_ai_lab`: the cheating oracle
//! and the frozen first-version expert) and of the issue-13 expert at its real default
//! budget: fairness (hidden cards cannot change a move), no allocation, the oracle's
//! exactness, and the names stored in saves.

use proptest::prelude::*;
use scopa_ai_lab::{self as bench, Contender, Tuning};
use scopa_core::ai::{self, Level};
use scopa_core::scopa::{Event, HandState, Match, Play, PlayerView, Rules};

mod common;
mod counting;
use common::permute_hidden;
use counting::counted;

// ----- helpers -----

/// A 2-player match with `plays` moves of the medium player made.
fn after_medium_plays(rules: Rules, seed: u64, plays: usize) -> Match {
    let mut game = Match::with_first_dealer(rules, seed, 0).unwrap();
    for _ in 0..plays {
        let view = game.view(game.turn()).unwrap();
        let mv = ai::choose_move(Level::Medium, &view, 1).unwrap();
        game.play(game.turn(), mv).unwrap();
    }
    game
}

/// The exact final margin for `side` (its points minus the other side's) with every card
/// known: plain full-width minimax over the legal moves (2 sides).
fn exact(st: &HandState, side: u8) -> i32 {
    if st.is_finished() {
        let t = st.score().unwrap().totals();
        return i32::from(t[usize::from(side)]) - i32::from(t[usize::from(1 - side)]);
    }
    let values = st.legal_moves().into_iter().map(|m| {
        let mut c = *st;
        c.play_unchecked(m);
        exact(&c, side)
    });
    if st.rules().side_of(st.turn()) == side {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The exact value of playing `mv` for the side to move in `st`.
fn value_of(st: &HandState, mv: scopa_core::scopa::Move) -> i32 {
    let side = st.rules().side_of(st.turn());
    let mut c = *st;
    c.play_unchecked(mv);
    exact(&c, side)
}

/// The view of the seat to play in a position whose hidden cards (other hands and deck
/// order) are permuted by `shuffle`, reached by the same public history.
fn permuted_view(game: &Match, shuffle: u64) -> PlayerView {
    let seat = game.turn();
    let view = game.view(seat).unwrap();
    let rules = *game.rules();
    let deck = permute_hidden(game.deck(), view.unseen(), shuffle);
    let mut other = HandState::from_deck(rules, game.hand().dealer(), &deck).unwrap();
    for p in view.history() {
        other.play(p.seat, p.mv).unwrap();
    }
    let history: Vec<Play> = view.history().to_vec();
    PlayerView::from_public(
        rules,
        seat,
        game.hand().dealer(),
        other.hand(seat),
        other.table(),
        &history,
        view.scores(),
    )
    .unwrap()
}

// ----- names -----

#[test]
fn level_names_and_order_are_unchanged_for_saves() {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names, ["random", "easy", "medium", "expert", "handheld"]);
}

#[test]
fn bench_only_players_are_not_levels() {
    for c in Contender::BENCH_ONLY {
        assert!(c.name().parse::<Level>().is_err(), "{c} parses as a level");
        assert_eq!(c.name().parse::<Contender>(), Ok(c));
    }
    for level in Level::ALL {
        assert_eq!(
            level.name().parse::<Contender>(),
            Ok(Contender::Level(level))
        );
        assert!(!Contender::Level(level).is_cheating());
    }
    assert!(Contender::Oracle.is_cheating());
    assert!(Contender::PeekHandsV1.is_cheating());
    assert!(Contender::PeekPlayedV1.is_cheating());
    assert!(!Contender::ExpertV1.is_cheating());
    assert!("grandmaster".parse::<Contender>().is_err());
}

// ----- the oracle -----

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// In the last two rounds of a 2-player hand the oracle's move is one of the exactly
    /// best moves with every card known (checked against a plain negamax).
    #[test]
    fn the_oracle_is_exact_with_every_card_known(seed in any::<u64>(), plays in 24usize..35) {
        let game = after_medium_plays(Rules::default(), seed, plays);
        let st = *game.hand();
        let (mv, stats) = bench::oracle_move(&st, bench::ORACLE_NODES).unwrap();
        prop_assert!(stats.exact);
        prop_assert!(stats.nodes <= bench::ORACLE_NODES);
        let best = st.legal_moves().into_iter().map(|m| value_of(&st, m)).max().unwrap();
        prop_assert_eq!(value_of(&st, mv), best, "oracle's {} is not best", mv);
    }

    /// With any budget, for every player count and deal, the oracle plays legal moves,
    /// deterministically, within its node budget.
    #[test]
    fn the_oracle_is_legal_and_bounded(seed in any::<u64>(), players in 2u8..=4, deal in 0u8..3, plays in 0usize..30, nodes in 0u64..30_000) {
        let deal = match (players, deal) {
            (4, 1) => scopa_core::scopa::DealKind::Scopone,
            (4, 2) => scopa_core::scopa::DealKind::ScoponeScientifico,
            _ => scopa_core::scopa::DealKind::Standard,
        };
        let rules = Rules { players, deal, ..Rules::default() };
        let game = after_medium_plays(rules, seed, plays.min(usize::from(rules.plays_per_hand()) - 1));
        let st = *game.hand();
        let (mv, stats) = bench::oracle_move(&st, nodes).unwrap();
        prop_assert!(game.legal_moves().contains(&mv));
        prop_assert!(stats.nodes <= nodes);
        prop_assert_eq!(bench::oracle_move(&st, nodes).unwrap().0, mv);
    }
}

// ----- the issue-13 expert at its default budget -----

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    /// `expert` and `handheld` at their default budgets: the same public position with the
    /// hidden cards permuted gives the same move, and no move allocates.
    #[test]
    fn default_budgets_are_fair_and_allocation_free(seed in any::<u64>(), plays in 0usize..34, shuffle in any::<u64>()) {
        let game = after_medium_plays(Rules::default(), seed, plays);
        let view = game.view(game.turn()).unwrap();
        let view2 = permuted_view(&game, shuffle);
        prop_assert_eq!(view.hand(), view2.hand());
        for level in [Level::Expert, Level::Handheld] {
            let (a, allocs) = counted(|| ai::choose_move(level, &view, 7));
            prop_assert_eq!(allocs, 0, "{} allocated", level);
            prop_assert_eq!(a, ai::choose_move(level, &view2, 7), "{} saw hidden cards", level);
        }
    }

    /// `Contender::Tuned(Tuning::EXPERT)` is the `expert` level and `Tuning::HANDHELD` the
    /// `handheld` level (so the tuned runs quoted in docs/ai.md measure the same players).
    #[test]
    fn the_expert_tuning_is_the_expert_level(seed in any::<u64>(), plays in 0usize..34) {
        let game = after_medium_plays(Rules::default(), seed, plays);
        let view = game.view(game.turn()).unwrap();
        prop_assert_eq!(
            bench::choose_move(Contender::Tuned(Tuning::EXPERT), &view, game.hand(), 3),
            ai::choose_move(Level::Expert, &view, 3)
        );
        prop_assert_eq!(
            bench::choose_move(Contender::Tuned(Tuning::HANDHELD), &view, game.hand(), 3),
            ai::choose_move(Level::Handheld, &view, 3)
        );
        prop_assert_eq!(
            bench::choose_move(Contender::Tuned(Tuning::V1), &view, game.hand(), 3),
            bench::choose_move(Contender::ExpertV1, &view, game.hand(), 3)
        );
    }

    /// The fair search settings measured on 2026-11-25 (the hand played out by `medium` at
    /// the horizon, the last round searched whole): legal, blind to the hidden cards, and
    /// allocation-free, like the levels.
    #[test]
    fn playout_and_last_round_settings_are_fair(seed in any::<u64>(), plays in 0usize..34, shuffle in any::<u64>()) {
        let game = after_medium_plays(Rules::default(), seed, plays);
        let view = game.view(game.turn()).unwrap();
        let view2 = permuted_view(&game, shuffle);
        let small = ai::Budget { samples: 8, nodes: 20_000 };
        for tuning in [
            Tuning { budget: small, playout: true, plies_after_deal: 0, ..Tuning::V1 },
            Tuning { budget: small, playout: true, ..Tuning::V1 },
            Tuning { budget: small, last_full: true, ..Tuning::V1 },
        ] {
            let who = Contender::Tuned(tuning);
            let (a, allocs) = counted(|| bench::choose_move(who, &view, game.hand(), 9));
            prop_assert_eq!(allocs, 0, "{:?} allocated", tuning);
            let a = a.expect("a move");
            prop_assert!(game.legal_moves().contains(&a), "{:?}: illegal {}", tuning, a);
            prop_assert_eq!(Some(a), bench::choose_move(who, &view2, game.hand(), 9), "{:?} saw hidden cards", tuning);
        }
    }

    /// `peek-played-v1` is `expert-v1` until the other seat has played in the current round
    /// (it has then revealed nothing about its new cards), and `peek-hands-v1` after.
    #[test]
    fn peek_played_reads_the_hand_only_after_a_play_of_the_round(seed in any::<u64>(), plays in 0usize..34) {
        let game = after_medium_plays(Rules::default(), seed, plays);
        let view = game.view(game.turn()).unwrap();
        let other = 1 - view.seat();
        let played = view.hand_size(other) < view.rules().cards_per_round();
        let same_as = if played { Contender::PeekHandsV1 } else { Contender::ExpertV1 };
        prop_assert_eq!(
            bench::choose_move(Contender::PeekPlayedV1, &view, game.hand(), 5),
            bench::choose_move(same_as, &view, game.hand(), 5)
        );
    }
}

/// The frozen first-version expert keeps playing the same moves: these deals, played by it
/// in both seats, end with the scores recorded when it was frozen (it then gave the same
/// results as the `expert` level of commit acd11b1: `ai_duel --a expert-v1 --b medium
/// --deals 100 --seed 1` → +1.055, as `--a expert` did before).
#[test]
fn expert_v1_is_frozen() {
    let mut finals = Vec::new();
    // FNV-1a over every move played, in its text form.
    let mut digest = 0xCBF2_9CE4_8422_2325u64;
    for seed in 0..4u64 {
        let mut game = Match::with_first_dealer(Rules::default(), seed, 0).unwrap();
        let mut ply = 0u64;
        'hand: loop {
            let view = game.view(game.turn()).unwrap();
            let mv = bench::choose_move(Contender::ExpertV1, &view, game.hand(), ply).unwrap();
            ply += 1;
            for b in mv.to_string().bytes().chain([b';']) {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
            }
            for e in game.play(game.turn(), mv).unwrap() {
                if let Event::HandFinished(s) = e {
                    finals.push([s.totals()[0], s.totals()[1]]);
                    break 'hand;
                }
            }
        }
    }
    assert_eq!(
        (finals, digest),
        (EXPERT_V1_FINALS.to_vec(), EXPERT_V1_DIGEST)
    );
}

/// Scores of [`expert_v1_is_frozen`]'s deals, and the digest of their moves.
const EXPERT_V1_FINALS: [[u16; 2]; 4] = [[4, 2], [4, 0], [2, 2], [5, 1]];
const EXPERT_V1_DIGEST: u64 = 17_473_824_331_944_065_544;
