//! Saves that decode must be matches some play can reach: their counters (hand number,
//! scores, target, previous hand) are checked, and every state reachable from an accepted
//! save saves and restores again, to the end of the match.
//!
//! Saves are built from real matches whose counters are then changed and the checksum
//! recomputed, which is what an outside probe (or a hand-edited file) does.

use proptest::prelude::*;
use scopa_core::scopa::{Match, Rules, SNAPSHOT_LEN};
use scopa_core::snapshot::crc32;
use scopa_tests::saves::{Check, match_plays_out};

mod common;
use common::{config, played, rules_with_target};

const CRC: usize = SNAPSHOT_LEN - 4;

fn reseal(b: &mut [u8; SNAPSHOT_LEN]) {
    let crc = crc32(&b[..CRC]);
    b[CRC..].copy_from_slice(&crc.to_le_bytes());
}

fn set_u16(b: &mut [u8; SNAPSHOT_LEN], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

/// Defect 1 of the hardening issue: scores of 65535 for both sides decoded, and the match
/// never ended (the scores saturated and the tie played on).
#[test]
fn scores_no_match_can_reach_are_refused() {
    let m = played(Rules::default(), 9, 40, 1);
    assert!(m.hand_number() >= 1 && !m.is_over());
    let mut b = m.to_bytes();
    set_u16(&mut b, 16, u16::MAX);
    set_u16(&mut b, 18, u16::MAX);
    reseal(&mut b);
    if let Ok(accepted) = Match::from_bytes(&b) {
        panic!(
            "scores {:?} at hand {} accepted",
            accepted.scores(),
            accepted.hand_number()
        );
    }
}

/// Defect 2 of the hardening issue: a hand number of 65535 decoded; at the end of that hand
/// it wrapped to 0 with a previous hand recorded, and the next save did not restore.
#[test]
fn every_state_reachable_from_a_save_at_hand_65535_round_trips() {
    // Hand 1, mid hand: 65535 has the same dealer with 2 players.
    let mut m = Match::new(
        Rules {
            target: 60,
            ..Rules::default()
        },
        7,
    )
    .unwrap();
    while m.hand_number() < 1 || m.history().len() < 5 {
        let mv = m.legal_moves()[0];
        m.play(m.turn(), mv).unwrap();
    }
    let mut b = m.to_bytes();
    set_u16(&mut b, 14, u16::MAX);
    reseal(&mut b);
    if let Ok(accepted) = Match::from_bytes(&b) {
        match_plays_out(accepted, 3, Check::Every);
    }
}

/// A change to the counters of a save: the values an edited file or a probe would try.
#[derive(Clone, Debug)]
enum Edit {
    HandNumber(u16),
    /// The hand number nearest below this one with the same dealer (the stored hand
    /// still replays), e.g. the last hand a match may have.
    HandNumberSameDealer(u16),
    /// Every side's score set to the highest.
    TieScores,
    Score(usize, u16),
    ScoreDelta(usize, i16),
    Target(u8),
    LastHandScope(usize, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    let hand = prop_oneof![
        0u16..8,
        (Match::MAX_HANDS - 4)..=(Match::MAX_HANDS + 2),
        u16::MAX - 2..=u16::MAX,
        any::<u16>(),
    ];
    let score = prop_oneof![0u16..60, u16::MAX - 40..=u16::MAX, any::<u16>()];
    let near_end = prop_oneof![(Match::MAX_HANDS - 8)..=Match::MAX_HANDS, 0u16..40];
    prop_oneof![
        hand.prop_map(Edit::HandNumber),
        near_end.prop_map(Edit::HandNumberSameDealer),
        Just(Edit::TieScores),
        (0usize..3, score).prop_map(|(s, v)| Edit::Score(s, v)),
        (0usize..3, -12i16..=12).prop_map(|(s, d)| Edit::ScoreDelta(s, d)),
        prop_oneof![1u8..30, any::<u8>()].prop_map(Edit::Target),
        (0usize..3, 0u8..25).prop_map(|(s, v)| Edit::LastHandScope(s, v)),
    ]
}

fn apply(b: &mut [u8; SNAPSHOT_LEN], e: &Edit) {
    match *e {
        Edit::HandNumber(h) => set_u16(b, 14, h),
        Edit::HandNumberSameDealer(h) => {
            let players = u16::from(b[5].clamp(2, 4));
            let now = u16::from_le_bytes([b[14], b[15]]);
            let h = h.max(now % players);
            set_u16(b, 14, h - (h + players - now % players) % players);
        }
        Edit::TieScores => {
            let best = (0..3)
                .map(|i| u16::from_le_bytes([b[16 + 2 * i], b[17 + 2 * i]]))
                .max()
                .unwrap_or(0);
            let sides = if b[5] == 3 { 3 } else { 2 };
            for side in 0..sides {
                set_u16(b, 16 + 2 * side, best);
            }
        }
        Edit::Score(side, v) => set_u16(b, 16 + 2 * side, v),
        Edit::ScoreDelta(side, d) => {
            let at = 16 + 2 * side;
            let v = u16::from_le_bytes([b[at], b[at + 1]]);
            set_u16(b, at, v.wrapping_add_signed(d));
        }
        Edit::Target(t) => b[7] = t,
        Edit::LastHandScope(side, v) => b[327 + side] = v,
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// The invariant behind defects 1 and 2: whatever counters a save holds, either it is
    /// refused or every state reachable from it saves and restores, to the end of the
    /// match, which comes within `Match::MAX_HANDS` hands.
    #[test]
    fn every_state_reachable_from_an_accepted_save_round_trips(
        rules in rules_with_target(1..=21),
        seed in any::<u64>(),
        plies in 0usize..200,
        edits in proptest::collection::vec(edit(), 1..4),
        choices in any::<u64>(),
    ) {
        let m = played(rules, seed, plies, choices);
        let mut b = m.to_bytes();
        for e in &edits {
            apply(&mut b, e);
        }
        reseal(&mut b);
        if let Ok(accepted) = Match::from_bytes(&b) {
            match_plays_out(accepted, choices ^ 1, Check::Every);
        }
    }
}
