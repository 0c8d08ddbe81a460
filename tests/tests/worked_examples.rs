//! docs/rules.md §7, every worked example, through the public API.

use scopa_core::scopa::{
    AceRule, Event, HandState, Move, PlayError, PrimieraRule, Rules, captures, score_hand,
};
use scopa_core::{Card, CardSet, Suit};

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A 2-player position (dealer 1) where the seat to play holds `c` with `table` on the
/// table; `last`: the play is the last of the hand.
fn position(ace: AceRule, c: Card, table: CardSet, last: bool) -> HandState {
    let rules = Rules {
        ace,
        ..Rules::default()
    };
    let mut free = (CardSet::ALL - table - CardSet::single(c)).iter();
    let (plays, hands) = if last {
        (35, [CardSet::EMPTY, CardSet::single(c)])
    } else {
        let h0: CardSet = [c, free.next().unwrap(), free.next().unwrap()]
            .into_iter()
            .collect();
        let h1: CardSet = free.by_ref().take(3).collect();
        (30, [h0, h1])
    };
    let rest: CardSet = free.collect();
    HandState::from_position(
        rules,
        1,
        plays,
        &hands,
        table,
        &[rest, CardSet::EMPTY],
        &[0, 0],
        Some(0),
        &[],
    )
    .unwrap()
}

/// Checks one row: the legal captures, each accepted by `play`, every other subset refused,
/// and whether sweeping the table scores a scopa (before the last play, and on it).
fn row(table: &str, played: &str, ace: AceRule, legal: &[&str], sweep_is_scopa: bool) {
    let (t, c) = (set(table), card(played));
    let expected: Vec<CardSet> = legal.iter().map(|s| set(s)).collect();
    let mut got = captures(t, c, ace).to_vec();
    let mut want = expected.clone();
    got.sort_by_key(|s| s.bits());
    want.sort_by_key(|s| s.bits());
    assert_eq!(got, want, "table {table}, card {played}, ace {ace}");
    for last in [false, true] {
        let h = position(ace, c, t, last);
        let seat = h.turn();
        let mut all = vec![CardSet::EMPTY];
        for x in t {
            let more: Vec<CardSet> = all.iter().map(|s| *s | CardSet::single(x)).collect();
            all.extend(more);
        }
        for s in all {
            let mut g = h;
            let res = g.play(seat, Move::new(c, s));
            if expected.contains(&s) {
                let events = res.unwrap();
                let scopa = events.iter().any(|e| matches!(e, Event::Scopa { .. }));
                let expect = s == t && !s.is_empty() && sweep_is_scopa && !last;
                assert_eq!(scopa, expect, "{played} taking {s} on {table}, last {last}");
            } else {
                assert_eq!(
                    res,
                    Err(PlayError::IllegalCapture {
                        card: c,
                        capture: s
                    })
                );
            }
        }
    }
}

#[test]
fn legal_captures_rows() {
    use AceRule::*;
    row("5d 4c 1s", "5b", Plain, &["5d"], true);
    row("4c 1s 3d 2b", "5b", Plain, &["3d 2b", "4c 1s"], true);
    row("10d 4c 6s", "10b", Plain, &["10d"], true);
    row("7d 7c", "7s", Plain, &["7d", "7c"], true);
    // A sweep: a scopa unless it is the last play.
    row("3d 2c 2s 1b", "8d", Plain, &["3d 2c 2s 1b"], true);
    row("1d 2b 6c", "8c", Plain, &["2b 6c"], true);
    row("9d", "3c", Plain, &[""], true);
    row("5c 5s 2d 3b", "5d", Plain, &["5c", "5s"], true);
    // takes_all sweeps, but it is not a scopa.
    row("5d 3c", "1b", TakesAll, &["5d 3c"], false);
    row("1d 3c", "1b", TakesAll, &["1d"], true);
    // match_takes_all: the whole table is an ordinary capture, a scopa unless last.
    row("1d 3c", "1b", MatchTakesAll, &["1d", "1d 3c"], true);
}

const SIDE0: &str = "2d 3d 4d 5d 6d 7d 6c 8c 9c 10c 7s 8s 9s 10s 1b 2b 3b 4b 5b 6b 8b 10b";
const SIDE1: &str = "1d 8d 9d 10d 1c 2c 3c 4c 5c 7c 1s 2s 3s 4s 5s 6s 7b 9b";

/// The score of a finished 2-player hand with these piles and scope, through both
/// `score_hand` and a finished `HandState` (which must agree).
fn finished(
    rules: Rules,
    p0: CardSet,
    p1: CardSet,
    scope: [u8; 2],
) -> scopa_core::scopa::HandScore {
    let direct = score_hand(&rules, &[p0, p1], &scope).unwrap();
    let h = HandState::from_position(
        rules,
        0,
        36,
        &[CardSet::EMPTY; 2],
        CardSet::EMPTY,
        &[p0, p1],
        &scope,
        Some(0),
        &[],
    )
    .unwrap();
    assert!(h.is_finished());
    assert_eq!(h.score(), Some(direct));
    direct
}

#[test]
fn scoring_example_default_rules() {
    let (p0, p1) = (set(SIDE0), set(SIDE1));
    assert_eq!((p0.len(), p1.len()), (22, 18));
    assert_eq!(
        (p0.count_suit(Suit::Denari), p1.count_suit(Suit::Denari)),
        (6, 4)
    );
    assert_eq!(p0 | p1, CardSet::ALL);
    let s = finished(Rules::default(), p0, p1, [1, 2]);
    let (a, b) = (s.side(0), s.side(1));
    assert_eq!((a.primiera_value, b.primiera_value), (Some(78), Some(76)));
    assert_eq!(
        (a.carte, a.denari, a.settebello, a.primiera, a.scope),
        (1, 1, 1, 1, 1)
    );
    assert_eq!(a.total(), 5);
    assert_eq!(
        (b.carte, b.denari, b.settebello, b.primiera, b.scope),
        (0, 0, 0, 0, 2)
    );
    assert_eq!(b.total(), 2);
}

#[test]
fn scoring_example_re_bello() {
    let rules = Rules {
        re_bello: true,
        ..Rules::default()
    };
    let s = finished(rules, set(SIDE0), set(SIDE1), [1, 2]);
    assert_eq!((s.side(1).re_bello, s.side(1).total()), (1, 3));
    assert_eq!(s.side(0).total(), 5);
}

#[test]
fn scoring_example_most_sevens() {
    let (p0, p1) = (set(SIDE0), set(SIDE1));
    // 7s tie 2–2, 6s 3–1.
    assert_eq!((p0.count_value(7), p1.count_value(7)), (2, 2));
    assert_eq!((p0.count_value(6), p1.count_value(6)), (3, 1));
    let rules = Rules {
        primiera: PrimieraRule::MostSevens,
        ..Rules::default()
    };
    let s = finished(rules, p0, p1, [1, 2]);
    assert_eq!((s.side(0).primiera, s.side(1).primiera), (1, 0));
    assert_eq!(s.totals()[..2], [5, 2]);
}

#[test]
fn scoring_example_missing_suit_classic_and_lenient() {
    let clubs = CardSet::suit(Suit::Bastoni);
    let p0 = set(SIDE0) - clubs;
    let p1 = set(SIDE1) | (set(SIDE0) & clubs);
    assert_eq!((p0.len(), p1.len()), (14, 26));
    for (rule, value0) in [
        (PrimieraRule::Classic, None),
        (PrimieraRule::Lenient, Some(60)),
    ] {
        let rules = Rules {
            primiera: rule,
            ..Rules::default()
        };
        let s = finished(rules, p0, p1, [0, 0]);
        let (a, b) = (s.side(0), s.side(1));
        assert_eq!(
            (a.primiera_value, b.primiera_value),
            (value0, Some(76)),
            "{rule}"
        );
        assert_eq!(
            (a.denari, a.settebello, a.carte, a.primiera),
            (1, 1, 0, 0),
            "{rule}"
        );
        assert_eq!(
            (b.denari, b.settebello, b.carte, b.primiera),
            (0, 0, 1, 1),
            "{rule}"
        );
        assert_eq!((a.total(), b.total()), (2, 2), "{rule}");
    }
}
