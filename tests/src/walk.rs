//! Checks applied to every reachable state, and a play-along tracker that recomputes the
//! piles, scope and score of a hand independently of the engine.
//!
//! The checks panic with a message naming the state; proptest reports that as a failure
//! and shrinks the inputs.

use scopa_core::scopa::{Event, Events, HandState, Move, PlayError, Rules};
use scopa_core::{Card, CardSet};

use crate::oracle::{self, cards_of};
use crate::scorer::{self, OwnSide};

/// Cards a seat should hold after `plays` plays (docs/rules.md §2, computed from scratch).
pub fn expected_hand_size(rules: &Rules, dealer: u8, plays: u8, seat: u8) -> u8 {
    let n = rules.players;
    let per_round = match rules.deal {
        scopa_core::scopa::DealKind::Standard => 3,
        scopa_core::scopa::DealKind::Scopone => 9,
        scopa_core::scopa::DealKind::ScoponeScientifico => 10,
    };
    let total = if rules.deal == scopa_core::scopa::DealKind::ScoponeScientifico {
        40
    } else {
        36
    };
    if plays >= total {
        return 0;
    }
    let in_round = plays % (per_round * n);
    // Seats play in order from the eldest; count this seat's plays in the current round.
    let eldest = (dealer + 1) % n;
    let order = (seat + n - eldest) % n;
    let mine = (0..in_round).filter(|i| i % n == order).count() as u8;
    per_round - mine
}

/// Every card in exactly one of: deck (in deal order), a hand, the table, a pile; and the
/// counts agree with the plays made.
pub fn check_conservation(h: &HandState) {
    let rules = *h.rules();
    let mut count = [0u8; 40];
    let mut add = |set: CardSet, what: &str| {
        for c in cards_of(set) {
            count[c.index() as usize] += 1;
            assert!(
                count[c.index() as usize] == 1,
                "{c} found again in {what}: {h:?}"
            );
        }
    };
    add(h.table(), "the table");
    for side in 0..rules.sides() {
        add(h.pile(side), "a pile");
    }
    for seat in 0..rules.players {
        add(h.hand(seat), "a hand");
        assert_eq!(
            h.hand_len(seat),
            expected_hand_size(&rules, h.dealer(), h.plays(), seat),
            "hand size of seat {seat} after {} plays",
            h.plays()
        );
    }
    let order = h.deck_order();
    let order_set: CardSet = order.iter().copied().collect();
    assert_eq!(
        order_set.len() as usize,
        order.len(),
        "a card twice in the deck order"
    );
    add(order_set, "the deck");
    assert_eq!(h.deck(), order_set, "deck() and deck_order() disagree");
    assert_eq!(h.deck_len() as usize, order.len());
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "card index {i} is in {n} places: {h:?}");
    }
    // Sides that do not exist hold nothing.
    assert!(h.pile(3).is_empty() && h.hand(rules.players).is_empty());
}

/// Legality both ways against the brute-force oracle, and the targeted rules of §3.
pub fn check_moves(h: &HandState) {
    if h.is_finished() {
        assert!(h.legal_moves().is_empty());
        assert_eq!(h.legal_move_count(), 0);
        return;
    }
    let rules = *h.rules();
    let ace = rules.ace;
    let table = h.table();
    let seat = h.turn();
    let hand = h.hand(seat);
    let mut expected: Vec<Move> = Vec::new();
    let subsets = oracle::all_subsets(table);
    for card in cards_of(hand) {
        let legal = oracle::legal_captures(table, card, ace);
        assert_eq!(
            h.captures(card).to_vec(),
            legal,
            "captures of {card} on {table} under {ace}"
        );
        // Targeted: the equal-value rule, the mandatory capture, the Ace options.
        let equal = cards_of(table)
            .into_iter()
            .filter(|c| c.value() == card.value())
            .count();
        for cap in &legal {
            if equal > 0 {
                let single_equal = cap.len() == 1 && cap.first().unwrap().value() == card.value();
                let whole = ace == scopa_core::scopa::AceRule::MatchTakesAll
                    && card.value() == 1
                    && *cap == table;
                assert!(
                    single_equal || whole,
                    "{card} may take {cap} with an equal card on {table}"
                );
            }
            if !cap.is_empty() {
                let lay = Move::lay(card);
                assert!(
                    !h.is_legal(seat, lay),
                    "{card} can capture but may be laid on {table}"
                );
            }
        }
        if ace == scopa_core::scopa::AceRule::TakesAll
            && card.value() == 1
            && !table.is_empty()
            && table.count_value(1) == 0
        {
            assert_eq!(legal, vec![table], "takes_all Ace must sweep {table}");
        }
        // Every subset of the table: accepted by play exactly when the oracle allows it.
        for s in &subsets {
            let mv = Move::new(card, *s);
            let mut copy = *h;
            let res = copy.play(seat, mv);
            if legal.contains(s) {
                assert!(res.is_ok(), "{mv} refused on {table}: {res:?}");
            } else {
                assert_eq!(
                    res,
                    Err(PlayError::IllegalCapture { card, capture: *s }),
                    "{mv} on {table}"
                );
                assert_eq!(copy, *h, "a refused play changed the state");
            }
        }
        // A capture naming a card that is not on the table is refused.
        if let Some(outside) = (CardSet::ALL - table - CardSet::single(card)).first() {
            for cap in &legal {
                let mv = Move::new(card, *cap | CardSet::single(outside));
                assert!(
                    !h.is_legal(seat, mv),
                    "{mv} accepted with {outside} off the table"
                );
            }
        }
        expected.extend(legal.iter().map(|c| Move::new(card, *c)));
    }
    // Cards not in the hand, and other seats, are refused.
    for card in cards_of(CardSet::ALL - hand) {
        let mut copy = *h;
        assert_eq!(
            copy.play(seat, Move::lay(card)),
            Err(PlayError::CardNotInHand { seat, card })
        );
    }
    for other in (0..rules.players).filter(|&s| s != seat) {
        if let Some(card) = h.hand(other).first() {
            let mut copy = *h;
            assert_eq!(
                copy.play(other, Move::lay(card)),
                Err(PlayError::NotYourTurn {
                    seat: other,
                    turn: seat
                })
            );
        }
    }
    let moves = h.legal_moves();
    assert_eq!(
        moves.to_vec(),
        expected,
        "legal_moves on {table} with {hand}"
    );
    assert_eq!(h.legal_move_count(), expected.len());
    for (i, mv) in expected.iter().enumerate() {
        assert_eq!(h.nth_legal_move(i), Some(*mv));
    }
    assert_eq!(h.nth_legal_move(expected.len()), None);
}

/// Replays a hand beside the engine: its own piles, scope and last capture.
#[derive(Clone, Debug)]
pub struct Tracker {
    /// The rules.
    pub rules: Rules,
    /// Each side's pile, recomputed.
    pub piles: [CardSet; 3],
    /// Each side's scope, recomputed.
    pub scope: [u8; 3],
    /// The side that captured last.
    pub last_capture: Option<u8>,
    /// Scope events the engine emitted on a last play (must stay 0).
    pub scopa_on_last_play: u32,
}

impl Tracker {
    /// A tracker starting from the piles, scope and last capture of `h` (all empty for a
    /// freshly dealt hand); from there on it recomputes them itself.
    pub fn new(h: &HandState) -> Tracker {
        Tracker {
            rules: *h.rules(),
            piles: [h.pile(0), h.pile(1), h.pile(2)],
            scope: [h.scope(0), h.scope(1), h.scope(2)],
            last_capture: h.last_capture(),
            scopa_on_last_play: 0,
        }
    }

    fn side_of(&self, seat: u8) -> u8 {
        if self.rules.players == 4 {
            seat % 2
        } else {
            seat
        }
    }

    /// Plays `mv` (which must be legal) on `h`, checks the events against the rules, and
    /// at the end of the hand checks the score. Returns the events.
    pub fn play(&mut self, h: &mut HandState, mv: Move) -> Events {
        let seat = h.turn();
        let side = self.side_of(seat);
        let table = h.table();
        let last = h.is_last_play();
        let card: Card = mv.card();
        let events = h
            .play(seat, mv)
            .unwrap_or_else(|e| panic!("{mv} refused: {e}"));
        assert_eq!(events.first(), Some(&Event::Played { seat, mv }));
        let scopa_events = events
            .iter()
            .filter(|e| matches!(e, Event::Scopa { .. }))
            .count();
        let mut expect_scopa = false;
        if !mv.is_lay() {
            self.piles[side as usize] |= mv.capture() | CardSet::single(card);
            self.last_capture = Some(side);
            let swept = mv.capture() == table;
            let takes_all = oracle::is_ace_takes_all(table, card, mv.capture(), self.rules.ace);
            expect_scopa = swept && !last && !takes_all;
        }
        if last && scopa_events > 0 {
            self.scopa_on_last_play += 1;
        }
        assert_eq!(
            scopa_events,
            usize::from(expect_scopa),
            "{mv} on {table} (last play: {last}): events {events:?}"
        );
        if expect_scopa {
            self.scope[side as usize] += 1;
            assert!(events.contains(&Event::Scopa { seat, side }));
        }
        if h.is_finished() {
            self.finish(h, &events, table, mv);
        }
        events
    }

    fn finish(&mut self, h: &HandState, events: &Events, table_before: CardSet, mv: Move) {
        // The table left after the last play goes to the last capturer (not a scopa).
        let left = if mv.is_lay() {
            table_before | CardSet::single(mv.card())
        } else {
            table_before - mv.capture()
        };
        match self.last_capture {
            Some(side) => {
                self.piles[side as usize] |= left;
                if !left.is_empty() {
                    assert!(events.contains(&Event::TableCollected { side, cards: left }));
                }
                assert!(h.table().is_empty());
            }
            None => assert_eq!(h.table(), left, "nobody captured: the table stays"),
        }
        let k = self.rules.sides() as usize;
        for side in 0..k {
            assert_eq!(h.pile(side as u8), self.piles[side], "pile of side {side}");
            assert_eq!(
                h.scope(side as u8),
                self.scope[side],
                "scope of side {side}"
            );
        }
        let own = scorer::score(&self.rules, &self.piles[..k], &self.scope[..k]);
        let core = h.score().expect("a finished hand has a score");
        check_score(&self.rules, &own, &core);
        let finished: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::HandFinished(s) => Some(*s),
                _ => None,
            })
            .collect();
        assert_eq!(finished, vec![core], "Event::HandFinished");
        assert_eq!(self.scopa_on_last_play, 0);
    }
}

/// The engine's breakdown equals the independent one, and the §5 invariants hold.
pub fn check_score(rules: &Rules, own: &[OwnSide], core: &scopa_core::scopa::HandScore) {
    assert_eq!(core.side_count() as usize, own.len());
    for (i, o) in own.iter().enumerate() {
        assert!(
            o.matches(&core.side(i as u8)),
            "side {i}: own {o:?} engine {:?}",
            core.side(i as u8)
        );
        assert_eq!(o.total(), core.side(i as u8).total());
    }
    // Each of carte, denari, settebello, primiera, re bello goes to at most one side.
    let sum = |f: fn(&OwnSide) -> u8| own.iter().map(|s| u32::from(f(s))).sum::<u32>();
    for (name, n) in [
        ("carte", sum(|s| s.carte)),
        ("denari", sum(|s| s.denari)),
        ("settebello", sum(|s| s.settebello)),
        ("primiera", sum(|s| s.primiera)),
        ("re bello", sum(|s| s.re_bello)),
    ] {
        assert!(n <= 1, "{name} awarded {n} times");
    }
    if rules.players == 2 {
        let four =
            sum(|s| s.carte) + sum(|s| s.denari) + sum(|s| s.settebello) + sum(|s| s.primiera);
        assert!(four <= 4);
    }
    // Ties give no point.
    let tied = |f: fn(&OwnSide) -> u8| {
        let best = own.iter().map(f).max().unwrap_or(0);
        own.iter().filter(|s| f(s) == best).count() > 1
    };
    if tied(|s| s.cards) {
        assert_eq!(sum(|s| s.carte), 0, "carte tie scored");
    }
    if tied(|s| s.coins) {
        assert_eq!(sum(|s| s.denari), 0, "denari tie scored");
    }
}

/// A uniformly random index below `n` from a SplitMix64 stream (own, not the engine's).
pub fn pick(rng: &mut scopa_core::SplitMix64, n: usize) -> usize {
    assert!(n > 0);
    (rng.next() % n as u64) as usize
}
