//! The lab's Briscola players: the ceiling's solver is exact, `expert-v1` is frozen.

use scopa_ai_lab::briscola::solve::{Entry, Solver};
use scopa_ai_lab::briscola::v1::{self, EXPERT_V1, HANDHELD_V1};
use scopa_core::SplitMix64;
use scopa_core::briscola::{BriscolaHand, BriscolaRules};

/// Plain minimax on the real hand: `me`'s points minus the other seat's, at the end.
fn minimax(h: &BriscolaHand, me: u8) -> i32 {
    if h.is_over() {
        return v1::margin(h, me);
    }
    let seat = h.turn();
    let vals = h.hand(seat).into_iter().map(|c| {
        let mut n = *h;
        n.play(seat, c).unwrap();
        minimax(&n, me)
    });
    if seat == me {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

#[test]
fn the_ceiling_is_exact_in_the_last_tricks() {
    let mut table = vec![Entry::default(); 1 << 12];
    for seed in 0..60u64 {
        let mut rng = SplitMix64::new(seed);
        let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, &mut rng).unwrap();
        // Play at random until the stock holds at most four cards (or a trick is half
        // played), then compare with plain minimax.
        let stop = 14 + (seed % 4) as u8;
        while h.tricks_done() < stop || (seed % 2 == 1 && h.trick().is_empty()) {
            let seat = h.turn();
            let hand = h.hand(seat);
            let k = scopa_core::deal::below(&mut rng, hand.len());
            h.play(seat, hand.nth(k).unwrap()).unwrap();
        }
        let seat = h.turn();
        let mut solver = Solver::new(&h, &mut table);
        let p = solver.position(&h);
        let (card, v) = solver.best(&p);
        let taken = v1::margin(&h, seat);
        assert_eq!(taken + v, minimax(&h, seat), "deal {seed}: the value");
        let mut after = h;
        after.play(seat, card).unwrap();
        let best = h
            .hand(seat)
            .into_iter()
            .map(|c| {
                let mut n = h;
                n.play(seat, c).unwrap();
                minimax(&n, seat)
            })
            .max()
            .unwrap();
        assert_eq!(minimax(&after, seat), best, "deal {seed}: the card");
    }
}

/// Self-play of `expert-v1` (or `handheld-v1`) on four seeded deals: the scores and an
/// FNV digest of every card played.
fn self_play(budget: v1::V1Budget, players: u8) -> (Vec<[u8; 2]>, u64) {
    let rules = BriscolaRules {
        players,
        ..BriscolaRules::default()
    };
    let mut digest = 0xcbf2_9ce4_8422_2325u64;
    let mut scores = Vec::new();
    for deal in 0..4u64 {
        let mut h = BriscolaHand::deal(rules, 1, &mut SplitMix64::new(deal)).unwrap();
        let mut ply = 0;
        while !h.is_over() {
            let seat = h.turn();
            let card = v1::choose(&h.view(seat).unwrap(), deal * 100 + ply, budget).unwrap();
            digest = (digest ^ u64::from(card.index())).wrapping_mul(0x100_0000_01b3);
            h.play(seat, card).unwrap();
            ply += 1;
        }
        let s = h.score();
        scores.push([s.points[0], s.points[1]]);
    }
    (scores, digest)
}

#[test]
fn expert_v1_is_frozen() {
    let (scores, digest) = self_play(EXPERT_V1, 2);
    let (h_scores, h_digest) = self_play(HANDHELD_V1, 4);
    assert_eq!(scores, RECORDED_EXPERT.0);
    assert_eq!(digest, RECORDED_EXPERT.1);
    assert_eq!(h_scores, RECORDED_HANDHELD.0);
    assert_eq!(h_digest, RECORDED_HANDHELD.1);
}

/// Recorded when `expert-v1` was frozen (it was then the `expert` level, commit 4e18a0e).
const RECORDED_EXPERT: ([[u8; 2]; 4], u64) = (
    [[71, 49], [64, 56], [87, 33], [87, 33]],
    0x5d74_c943_ce95_90ed,
);
/// The same for `handheld-v1` at a table of four.
const RECORDED_HANDHELD: ([[u8; 2]; 4], u64) = (
    [[76, 44], [88, 32], [39, 81], [71, 49]],
    0xbfac_0e16_465d_57d7,
);
