//! The fixed-capacity lists of scopa-core are large enough for every reachable table.

use scopa_core::scopa::{AceRule, MAX_CAPTURES, MAX_MOVES, captures};
use scopa_core::{Card, CardSet, Suit};
use scopa_tests::capacity::explore;

#[test]
fn every_reachable_table_fits_the_fixed_lists() {
    let c = explore();
    println!("capacity: {c:?}");
    assert!(
        c.tables > 1000,
        "the search explored only {} tables",
        c.tables
    );
    assert!(
        c.max_table_cards <= 13,
        "a reachable table of {} cards",
        c.max_table_cards
    );
    assert!(
        c.max_captures <= MAX_CAPTURES as u64,
        "{} captures for one card on {:?} > MAX_CAPTURES {}",
        c.max_captures,
        c.widest_table,
        MAX_CAPTURES
    );
    assert!(
        c.max_moves <= 208,
        "{} moves for a 10-card hand",
        c.max_moves
    );
    assert!(
        c.max_moves <= MAX_MOVES as u64,
        "{} moves > MAX_MOVES {}",
        c.max_moves,
        MAX_MOVES
    );
}

#[test]
fn the_widest_table_has_that_many_captures_in_the_engine_too() {
    // Build real cards for the widest value multiset and ask the engine: its capture
    // list must hold every capture (not be truncated) for every card value.
    let c = explore();
    let mut table = CardSet::EMPTY;
    for v in 1..=10u8 {
        for suit in Suit::ALL.iter().take(c.widest_table[v as usize] as usize) {
            table.insert(Card::new(*suit, v).unwrap());
        }
    }
    let mut most = 0;
    for card in CardSet::ALL - table {
        for ace in AceRule::ALL {
            let n = captures(table, card, *ace).len();
            let brute = scopa_tests::oracle::legal_captures(table, card, *ace).len();
            assert_eq!(n, brute, "{card} on {table} under {ace}");
            most = most.max(n);
        }
    }
    assert_eq!(most as u64, c.max_captures);
}
