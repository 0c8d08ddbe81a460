//! Issue 25: the reason given with a hint must be true of the move. Over random positions
//! of every rule set, every legal move's reason (`ai::reason`) is checked against the move
//! itself, with checks written here from the reasons' meaning (what a move takes is what it
//! takes from the table); and the expert's hint carries the reason of its own move.

use proptest::prelude::*;
use scopa_core::ai::{self, Reason};
use scopa_core::scopa::capture::captures;
use scopa_core::scopa::{AceRule, Move, PlayerView};
use scopa_core::{Card, CardSet, Suit};

mod common;
use common::{config, played, rules_with_target};

/// What `mv` takes from the table.
fn taken(mv: Move) -> CardSet {
    if mv.is_lay() {
        CardSet::EMPTY
    } else {
        mv.capture()
    }
}

/// Whether a card the seat cannot see could sweep the table `mv` leaves (a scopa).
fn leaves_a_sweep(view: &PlayerView, mv: Move) -> bool {
    if view.is_last_play() {
        return false;
    }
    let after = if mv.is_lay() {
        view.table() | CardSet::single(mv.card())
    } else {
        view.table() - mv.capture()
    };
    let ace = view.rules().ace;
    !after.is_empty()
        && view.unseen().iter().any(|c| {
            // A `takes_all` Ace taking the table (no Ace on it) is never a scopa.
            let never_a_scopa =
                ace == AceRule::TakesAll && c.value() == 1 && after.count_value(1) == 0;
            !never_a_scopa && captures(after, c, ace).contains(&after)
        })
}

/// Checks that `why` is true of `mv` in `view`; the failure says which part is not.
fn check(view: &PlayerView, mv: Move, why: Reason) -> Result<(), String> {
    let moves = view.legal_moves();
    let coins = |m: Move| taken(m).count_suit(Suit::Denari);
    let ok = match why {
        Reason::OnlyMove => moves.len() == 1,
        Reason::Scopa => !mv.is_lay() && mv.capture() == view.table() && !view.is_last_play(),
        Reason::TakesSettebello => taken(mv).contains(Card::SETTEBELLO),
        Reason::TakesSevens => taken(mv).count_value(7) > 0,
        Reason::AvoidsSweep => {
            !leaves_a_sweep(view, mv) && moves.iter().any(|m| leaves_a_sweep(view, *m))
        }
        Reason::TakesCoins => coins(mv) > 0 && moves.iter().all(|m| coins(*m) <= coins(mv)),
        Reason::TakesMostCards => {
            !mv.is_lay() && moves.iter().all(|m| taken(*m).len() <= taken(mv).len())
        }
        Reason::SafestDiscard => mv.is_lay(),
        Reason::BestOnAverage => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{why:?} ({why}) is false of {mv:?}: hand {}, table {}",
            view.hand(),
            view.table()
        ))
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// Every legal move of a random position gets a reason that is true of it.
    #[test]
    fn every_reason_is_true_of_its_move(
        rules in rules_with_target(5..=11),
        seed in any::<u64>(),
        plies in 0usize..60,
        choices in any::<u64>(),
    ) {
        let m = played(rules, seed, plies, choices);
        prop_assume!(!m.is_over());
        let view = m.view(m.turn()).unwrap();
        for mv in view.legal_moves().iter() {
            let why = ai::reason(&view, *mv);
            prop_assert!(check(&view, *mv, why).is_ok(), "{}", check(&view, *mv, why).unwrap_err());
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// The expert's hint gives the reason of its own move, and it is true.
    #[test]
    fn the_hint_reason_is_true_of_the_hint(
        rules in rules_with_target(5..=11),
        seed in any::<u64>(),
        plies in 0usize..60,
        choices in any::<u64>(),
    ) {
        let m = played(rules, seed, plies, choices);
        prop_assume!(!m.is_over());
        let view = m.view(m.turn()).unwrap();
        let hint = ai::hint(&view).unwrap();
        prop_assert_eq!(hint.reason, ai::reason(&view, hint.mv));
        prop_assert!(check(&view, hint.mv, hint.reason).is_ok(), "{}", check(&view, hint.mv, hint.reason).unwrap_err());
    }
}
