//! A brute-force capture enumerator, written from docs/rules.md §3 without the engine's logic.
//!
//! It walks *every* subset of the table (the table of a reachable position holds at most
//! 13 cards, so at most 8192 subsets) and keeps the ones the rules allow.

use scopa_core::scopa::AceRule;
use scopa_core::{Card, CardSet};

/// The cards of a set as a plain vector, in index order (own iteration over indices).
pub fn cards_of(set: CardSet) -> Vec<Card> {
    (0u8..40)
        .filter_map(Card::from_index)
        .filter(|c| set.contains(*c))
        .collect()
}

/// Every subset of `set` (2^len of them).
pub fn all_subsets(set: CardSet) -> Vec<CardSet> {
    let cards = cards_of(set);
    assert!(
        cards.len() <= 20,
        "subset enumeration of {} cards",
        cards.len()
    );
    (0u32..(1u32 << cards.len()))
        .map(|mask| {
            let mut s = CardSet::EMPTY;
            for (i, c) in cards.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    s.insert(*c);
                }
            }
            s
        })
        .collect()
}

/// Sum of the values of a set, from the card values one by one.
pub fn value_sum(set: CardSet) -> u32 {
    cards_of(set).iter().map(|c| u32::from(c.value())).sum()
}

/// Number of cards in a set, counted one by one.
pub fn size(set: CardSet) -> usize {
    cards_of(set).len()
}

/// The legal captures of `card` on `table` under `ace`, by docs/rules.md §3, sorted in the
/// canonical order (ascending index lists compared lexicographically). The empty set means
/// the card is laid. `card` must not be on the table.
pub fn legal_captures(table: CardSet, card: Card, ace: AceRule) -> Vec<CardSet> {
    let v = card.value();
    let subsets = all_subsets(table);
    let table_cards = cards_of(table);
    let equal_on_table = table_cards.iter().any(|c| c.value() == v);
    let ace_on_table = table_cards.iter().any(|c| c.value() == 1);
    let mut out: Vec<CardSet> = Vec::new();
    if equal_on_table {
        // Rule 1: exactly one equal card …
        for s in &subsets {
            let cs = cards_of(*s);
            if cs.len() == 1 && cs[0].value() == v {
                out.push(*s);
            }
        }
        // … or, Scopa d'Assi, the whole table for an Ace on a table holding an Ace.
        if ace == AceRule::MatchTakesAll && v == 1 && !out.contains(&table) {
            out.push(table);
        }
    } else if ace == AceRule::TakesAll && v == 1 && !table_cards.is_empty() && !ace_on_table {
        out.push(table);
    } else {
        // Rule 2: subsets of two or more cards summing to v.
        for s in &subsets {
            if size(*s) >= 2 && value_sum(*s) == u32::from(v) {
                out.push(*s);
            }
        }
        // Rule 3: nothing to take, the card is laid.
        if out.is_empty() {
            out.push(CardSet::EMPTY);
        }
    }
    out.sort_by(|a, b| canonical_cmp(*a, *b));
    out
}

/// Canonical order of capture sets: lexicographic on ascending index lists.
pub fn canonical_cmp(a: CardSet, b: CardSet) -> std::cmp::Ordering {
    let ia: Vec<u8> = cards_of(a).iter().map(|c| c.index()).collect();
    let ib: Vec<u8> = cards_of(b).iter().map(|c| c.index()).collect();
    ia.cmp(&ib)
}

/// Whether the legal capture `capture` of `card` is the `takes_all` Ace's whole-table
/// capture, which never scores a scopa.
pub fn is_ace_takes_all(table: CardSet, card: Card, capture: CardSet, ace: AceRule) -> bool {
    ace == AceRule::TakesAll
        && card.value() == 1
        && !capture.is_empty()
        && capture == table
        && !cards_of(table).iter().any(|c| c.value() == 1)
}
