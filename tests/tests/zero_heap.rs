//! Property 8: the core never touches the heap. This binary installs a counting global
//! allocator; only the calls into scopa-core are bracketed (the test harness and this
//! file's own bookkeeping may allocate outside the brackets).

use scopa_core::SplitMix64;
use scopa_core::deal::below;
use scopa_core::scopa::{
    AceRule, DealKind, HandState, Match, Move, PlayerView, PrimieraRule, Rules, score_hand,
};
use scopa_core::snapshot::crc32;

mod counting;
use counting::counted;

#[test]
fn the_counter_sees_heap_allocations() {
    let (b, n) = counted(|| Box::new([7u8; 64]));
    assert_eq!(b[0], 7);
    assert!(n >= 1, "the counting allocator missed a Box");
    let (v, n) = counted(|| vec![1u32; 3].len());
    assert_eq!(v, 3);
    assert!(n >= 1);
}

fn rules_list() -> Vec<Rules> {
    let base = Rules::default();
    vec![
        base,
        Rules {
            players: 3,
            ace: AceRule::TakesAll,
            napola: true,
            ..base
        },
        Rules {
            players: 4,
            primiera: PrimieraRule::Lenient,
            re_bello: true,
            ..base
        },
        Rules {
            players: 4,
            deal: DealKind::Scopone,
            ace: AceRule::MatchTakesAll,
            ..base
        },
        Rules {
            players: 4,
            deal: DealKind::ScoponeScientifico,
            primiera: PrimieraRule::MostSevens,
            kings_redeal: false,
            target: 21,
            ..base
        },
        Rules {
            players: 2,
            ace: AceRule::MatchTakesAll,
            napola: true,
            re_bello: true,
            target: 16,
            ..base
        },
    ]
}

/// Whole matches through `Match`: views of every seat, views rebuilt from public facts,
/// snapshots both ways, legal moves and plays — zero allocations.
#[test]
fn whole_matches_allocate_nothing() {
    let mut total_plies = 0usize;
    let mut total_allocs = 0u64;
    for (i, rules) in rules_list().into_iter().enumerate() {
        for seed in 0..3u64 {
            let ((plies, over), allocs) = counted(|| {
                let mut rng = SplitMix64::new(seed * 31 + i as u64);
                let mut m = Match::new(rules, seed).unwrap();
                let mut plies = 0usize;
                while !m.is_over() && plies < 5000 {
                    let seat = m.turn();
                    for s in 0..rules.players {
                        let v = m.view(s).unwrap();
                        let _ = v.legal_moves();
                        let _ = v.unseen();
                    }
                    let v = m.view(seat).unwrap();
                    let public = PlayerView::from_public(
                        rules,
                        seat,
                        v.dealer(),
                        v.hand(),
                        v.table(),
                        v.history(),
                        v.scores(),
                    )
                    .unwrap();
                    let bytes = m.to_bytes();
                    let _ = crc32(&bytes);
                    let back = Match::from_bytes(&bytes).unwrap();
                    assert!(back == m);
                    let moves = m.legal_moves();
                    assert!(public.legal_moves() == moves);
                    let mv: Move = moves[below(&mut rng, moves.len() as u32) as usize];
                    m.play(seat, mv).unwrap();
                    plies += 1;
                }
                (plies, m.is_over())
            });
            assert!(over, "match {rules:?} seed {seed} did not finish");
            total_plies += plies;
            total_allocs += allocs;
            assert_eq!(allocs, 0, "{allocs} allocations in a match under {rules:?}");
        }
    }
    println!("{total_plies} plies, {total_allocs} allocations");
    assert!(total_plies > 1000);
}

/// The hand-level fast paths used by searches and benchmarks: deal, count and pick the
/// n-th legal move, play unchecked, capture lists, random moves and playouts, score —
/// zero allocations.
#[test]
fn hand_playouts_allocate_nothing() {
    for rules in rules_list() {
        let (deals, allocs) = counted(|| {
            let mut rng = SplitMix64::new(99);
            let mut deals = 0;
            for dealer in 0..rules.players {
                for _ in 0..20 {
                    let mut h = HandState::deal(rules, dealer, &mut rng).unwrap();
                    while !h.is_finished() {
                        for card in h.hand(h.turn()) {
                            let _ = h.captures(card);
                        }
                        let n = h.legal_move_count();
                        let mv = h
                            .nth_legal_move(below(&mut rng, n as u32) as usize)
                            .unwrap();
                        assert!(h.is_legal(h.turn(), mv));
                        h.play_unchecked(mv);
                    }
                    let mut fast = HandState::deal(rules, dealer, &mut rng).unwrap();
                    let _ = fast.random_move(&mut rng);
                    fast.playout_random(&mut rng);
                    assert!(fast.is_finished() && fast.score().is_some());
                    let s = h.score().unwrap();
                    let k = rules.sides() as usize;
                    let piles = [h.pile(0), h.pile(1), h.pile(2)];
                    let scope = [h.scope(0), h.scope(1), h.scope(2)];
                    assert!(score_hand(&rules, &piles[..k], &scope[..k]).unwrap() == s);
                    deals += 1;
                }
            }
            deals
        });
        assert!(deals >= 40);
        assert_eq!(
            allocs, 0,
            "{allocs} allocations in hand playouts under {rules:?}"
        );
    }
}
