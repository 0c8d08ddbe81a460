//! The capture search on the bitset: equal value first, then subset sums, and the Ace
//! options (RULES.md §3).
//!
//! # Capacities
//! A reachable table holds at most 13 cards (a card is laid only when no card or subset of
//! the table matches it, so laid cards have distinct values; only the 4 initial cards may
//! repeat a value). An exhaustive search over every reachable table (see
//! `tests/src/capacity.rs`) gives at most [`MAX_CAPTURES`] = 25 captures for one card
//! (including the Ace's whole-table alternative) and at most 208 moves for a 10-card hand;
//! [`MAX_MOVES`] allows 10 × 25. Positions built from outside input
//! ([`crate::HandState::from_position`], [`crate::Match::from_bytes`]) are rejected when a
//! card would have more than [`MAX_CAPTURES`] captures, so the lists can never overflow.

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::rules::AceRule;

/// Most captures one card can have on a reachable table.
pub const MAX_CAPTURES: usize = 25;
/// Most legal moves of any position the engine accepts: 10 cards in hand × [`MAX_CAPTURES`]
/// (reachable positions stay at or below 208).
pub const MAX_MOVES: usize = 10 * MAX_CAPTURES;

/// A move: the card played and the table cards it captures (empty: laid on the table).
///
/// Packed in 8 bytes: bits 0 … 39 the capture, bits 48 … 55 the card index.
///
/// ```
/// use scopa_core::{CardSet, Move};
/// let m = Move::new("5b".parse().unwrap(), "3d 2b".parse().unwrap());
/// assert_eq!(m.card().to_string(), "5b");
/// assert_eq!(m.capture().to_string(), "3d 2b");
/// assert_eq!(m.to_string(), "5b takes 3d 2b");
/// assert!(Move::lay("9d".parse().unwrap()).is_lay());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Move(u64);

impl Move {
    /// Plays `card` capturing `capture` (which need not be legal: `play` checks).
    #[inline]
    pub const fn new(card: Card, capture: CardSet) -> Move {
        Move(capture.bits() | (card.index() as u64) << 48)
    }

    /// Lays `card` on the table without capturing.
    #[inline]
    pub const fn lay(card: Card) -> Move {
        Move::new(card, CardSet::EMPTY)
    }

    /// The card played.
    #[inline]
    pub const fn card(self) -> Card {
        match Card::from_index((self.0 >> 48) as u8) {
            Some(c) => c,
            None => Card::SETTEBELLO, // unreachable: `new` stores a valid index
        }
    }

    /// The table cards captured (empty when the card is laid).
    #[inline]
    pub const fn capture(self) -> CardSet {
        CardSet::from_bits_truncate(self.0)
    }

    /// Whether the card is laid on the table.
    #[inline]
    pub const fn is_lay(self) -> bool {
        self.capture().is_empty()
    }

    /// Canonical order: by card index, then capture (lexicographic on indices).
    pub fn cmp_canonical(self, other: Move) -> core::cmp::Ordering {
        self.card()
            .cmp(&other.card())
            .then_with(|| self.capture().cmp_canonical(other.capture()))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_lay() {
            write!(f, "{} laid", self.card())
        } else {
            write!(f, "{} takes {}", self.card(), self.capture())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// The captures one card can make, in canonical order.
pub type CaptureList = heapless::Vec<CardSet, MAX_CAPTURES>;
/// All legal moves of a position, in canonical order.
pub type MoveList = heapless::Vec<Move, MAX_MOVES>;

/// What kind of capture a legal move is; decides whether emptying the table is a scopa.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum CaptureKind {
    /// Laid on the table.
    Lay,
    /// An ordinary capture (equal card, subset sum, or Scopa d'Assi whole table).
    Ordinary,
    /// The `takes_all` Ace's whole-table capture, which is never a scopa.
    AceTakesAll,
}

/// Whether `card` must capture the whole table by the `takes_all` rule.
#[inline]
pub(crate) fn ace_takes_all(table: CardSet, value: u8, ace: AceRule) -> bool {
    matches!(ace, AceRule::TakesAll)
        && value == 1
        && !table.is_empty()
        && (table & CardSet::of_value(1)).is_empty()
}

/// The sums (bit *s* for sum *s* ≤ 10) reachable by non-empty subsets of `cards`.
#[inline]
fn subset_sums(cards: CardSet) -> u32 {
    let mut sums: u32 = 1; // the empty subset: sum 0
    for card in cards & CardSet::below_value(10) {
        sums |= (sums << card.value()) & 0x7FF;
    }
    sums & !1
}

/// Whether some subset of `table` (of two or more cards, when no card equals the value)
/// sums to `value`.
#[inline]
fn has_sum(table: CardSet, value: u8) -> bool {
    subset_sums(table & CardSet::below_value(value)) >> value & 1 != 0
}

/// The table prepared once per position for the capture search: its cards of value ≤ 9
/// in canonical order with their values, and for every suffix of that list the sums its
/// subsets can reach — an exact prune, so the search visits only branches that end in a
/// capture.
pub(crate) struct TableIndex {
    table: CardSet,
    ace: AceRule,
    len: usize,
    values: [u8; 36],
    /// Card indices (bit positions) of the entries.
    index: [u8; 36],
    /// `reach[i]`, bit *s*: some subset of entries `i..len` (the empty one included) sums
    /// to *s* ≤ 10.
    reach: [u16; 37],
}

impl TableIndex {
    #[inline]
    pub(crate) fn new(table: CardSet, ace: AceRule) -> TableIndex {
        let mut index = TableIndex {
            table,
            ace,
            len: 0,
            values: [0; 36],
            index: [0; 36],
            reach: [1; 37],
        };
        let mut rest = (table & CardSet::below_value(10)).bits();
        while rest != 0 {
            let i = rest.trailing_zeros();
            index.values[index.len] = (i % 10 + 1) as u8;
            index.index[index.len] = i as u8;
            index.len += 1;
            rest &= rest - 1;
        }
        for i in (0..index.len).rev() {
            let r = index.reach[i + 1];
            index.reach[i] = (r | r << index.values[i]) & 0x7FF;
        }
        index
    }

    /// Emits the subsets of entries `from..` summing to `remaining`, each joined with
    /// `chosen`, in canonical (lexicographic) order. Requires `reach[from]` to hold
    /// `remaining`.
    fn sums_from(&self, from: usize, remaining: u8, chosen: u64, emit: &mut impl FnMut(CardSet)) {
        let mut j = from;
        // While entries j.. can still make the sum, some capture starts at or after j.
        while j < self.len && self.reach[j] >> remaining & 1 != 0 {
            let v = self.values[j];
            let with = chosen | 1u64 << self.index[j];
            if v == remaining {
                emit(CardSet::from_bits_truncate(with));
            } else if v < remaining && self.reach[j + 1] >> (remaining - v) & 1 != 0 {
                self.sums_from(j + 1, remaining - v, with, emit);
            }
            j += 1;
        }
    }

    /// Calls `emit` for every legal capture of `card` (the empty set when it is laid), in
    /// canonical order; returns how many.
    #[inline]
    pub(crate) fn for_each_capture(&self, card: Card, emit: &mut impl FnMut(CardSet)) -> usize {
        let table = self.table;
        let v = card.value();
        let equal = table & CardSet::of_value(v);
        if !equal.is_empty() {
            // The whole table is a distinct choice unless it is that single Ace.
            let whole = matches!(self.ace, AceRule::MatchTakesAll) && v == 1 && table.len() > 1;
            if !whole {
                let mut n = 0;
                for c in equal {
                    emit(CardSet::single(c));
                    n += 1;
                }
                return n;
            }
            let mut n = 0;
            let mut emitted_whole = false;
            for c in equal {
                let single = CardSet::single(c);
                if !emitted_whole && table.cmp_canonical(single).is_lt() {
                    emit(table);
                    emitted_whole = true;
                    n += 1;
                }
                emit(single);
                n += 1;
            }
            if !emitted_whole {
                emit(table);
                n += 1;
            }
            return n;
        }
        if ace_takes_all(table, v, self.ace) {
            emit(table);
            return 1;
        }
        if self.reach[0] >> v & 1 == 0 {
            emit(CardSet::EMPTY);
            return 1;
        }
        // No card equals v, so every subset summing to v has two or more cards.
        let mut n = 0;
        self.sums_from(0, v, 0, &mut |s| {
            n += 1;
            emit(s)
        });
        n
    }

    /// Number of captures of `card` (1 when it is laid), without listing them.
    #[inline]
    pub(crate) fn count(&self, card: Card) -> usize {
        let table = self.table;
        let v = card.value();
        let equal = (table & CardSet::of_value(v)).len() as usize;
        if equal > 0 {
            let whole = matches!(self.ace, AceRule::MatchTakesAll) && v == 1 && table.len() > 1;
            return equal + usize::from(whole);
        }
        if ace_takes_all(table, v, self.ace) || self.reach[0] >> v & 1 == 0 {
            return 1;
        }
        // Count subsets by dynamic programming over the values (no listing).
        let mut ways = [0u16; 11];
        ways[0] = 1;
        for &val in &self.values[..self.len] {
            if val >= v {
                continue;
            }
            for s in (val as usize..=v as usize).rev() {
                ways[s] = ways[s].saturating_add(ways[s - val as usize]);
            }
        }
        ways[v as usize] as usize
    }
}

/// Calls `emit` for every legal capture of `card` on `table` (the empty set when the card
/// must be laid), in canonical order, and returns how many there were.
pub(crate) fn for_each_capture(
    table: CardSet,
    card: Card,
    ace: AceRule,
    emit: &mut impl FnMut(CardSet),
) -> usize {
    TableIndex::new(table, ace).for_each_capture(card, emit)
}

/// Appends every legal move of `hand` on `table` to `out`, in canonical order.
#[inline]
pub(crate) fn moves_into(table: CardSet, hand: CardSet, ace: AceRule, out: &mut MoveList) {
    let index = TableIndex::new(table, ace);
    for card in hand {
        index.for_each_capture(card, &mut |s| {
            // Capacity: 10 cards × MAX_CAPTURES, which every accepted position respects.
            let _ = out.push(Move::new(card, s));
        });
    }
}

/// The legal captures of `card` on `table` under `ace`, in canonical order; `[{}]` when the
/// card is laid. Truncated at [`MAX_CAPTURES`], which no reachable table exceeds.
///
/// ```
/// use scopa_core::{captures, AceRule, CardSet};
/// let table: CardSet = "4c 1s 3d 2b".parse().unwrap();
/// let caps = captures(table, "5b".parse().unwrap(), AceRule::Plain);
/// assert_eq!(caps.len(), 2);
/// assert_eq!(caps[0].to_string(), "3d 2b");
/// assert_eq!(caps[1].to_string(), "4c 1s");
/// ```
pub fn captures(table: CardSet, card: Card, ace: AceRule) -> CaptureList {
    let mut list = CaptureList::new();
    for_each_capture(table, card, ace, &mut |s| {
        let _ = list.push(s);
    });
    list
}

/// Number of legal captures of `card` on `table` (1 when it is laid).
pub fn capture_count(table: CardSet, card: Card, ace: AceRule) -> usize {
    TableIndex::new(table, ace).count(card)
}

/// Checks a (card, capture) pair against `table`; returns its kind, or `None` if illegal.
/// Does not check that the card is in hand.
pub(crate) fn classify(
    table: CardSet,
    card: Card,
    capture: CardSet,
    ace: AceRule,
) -> Option<CaptureKind> {
    if !capture.is_subset(table) || table.contains(card) {
        return None;
    }
    let v = card.value();
    let equal = table & CardSet::of_value(v);
    if !equal.is_empty() {
        if capture.len() == 1 && capture.is_subset(equal) {
            return Some(CaptureKind::Ordinary);
        }
        if matches!(ace, AceRule::MatchTakesAll) && v == 1 && capture == table {
            return Some(CaptureKind::Ordinary);
        }
        return None;
    }
    if ace_takes_all(table, v, ace) {
        return (capture == table).then_some(CaptureKind::AceTakesAll);
    }
    if capture.is_empty() {
        return (!has_sum(table, v)).then_some(CaptureKind::Lay);
    }
    // No equal card: any matching subset has at least two cards.
    (capture.value_sum() == u32::from(v)).then_some(CaptureKind::Ordinary)
}

/// Whether `card` may capture `capture` from `table` (the empty set: may be laid).
///
/// ```
/// use scopa_core::{is_legal_capture, AceRule, CardSet};
/// let table: CardSet = "5d 4c 1s".parse().unwrap();
/// let five = "5b".parse().unwrap();
/// assert!(is_legal_capture(table, five, "5d".parse().unwrap(), AceRule::Plain));
/// assert!(!is_legal_capture(table, five, "4c 1s".parse().unwrap(), AceRule::Plain));
/// ```
pub fn is_legal_capture(table: CardSet, card: Card, capture: CardSet, ace: AceRule) -> bool {
    classify(table, card, capture, ace).is_some()
}

/// The largest number of captures any card has on `table` — used to reject tables that no
/// game can reach and that would not fit the fixed-capacity lists.
pub(crate) fn max_capture_count(table: CardSet, ace: AceRule) -> usize {
    let index = TableIndex::new(table, ace);
    let mut most = 0;
    for v in 1..=10u8 {
        // Count for a card of value v that is not on the table, if any exists.
        if let Some(card) = (CardSet::of_value(v) - table).first() {
            most = most.max(index.count(card));
        }
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    fn caps(table: &str, card: &str, ace: AceRule) -> Vec<String> {
        captures(table.parse().unwrap(), card.parse().unwrap(), ace)
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn worked_examples_of_rules_section_7() {
        use AceRule::*;
        assert_eq!(caps("5d 4c 1s", "5b", Plain), ["5d"]);
        assert_eq!(caps("4c 1s 3d 2b", "5b", Plain), ["3d 2b", "4c 1s"]);
        assert_eq!(caps("10d 4c 6s", "10b", Plain), ["10d"]);
        assert_eq!(caps("7d 7c", "7s", Plain), ["7d", "7c"]);
        assert_eq!(caps("3d 2c 2s 1b", "8d", Plain), ["3d 2c 2s 1b"]);
        assert_eq!(caps("1d 2b 6c", "8c", Plain), ["6c 2b"]);
        assert_eq!(caps("9d", "3c", Plain), [""]);
        assert_eq!(caps("5c 5s 2d 3b", "5d", Plain), ["5c", "5s"]);
        assert_eq!(caps("5d 3c", "1b", TakesAll), ["5d 3c"]);
        assert_eq!(caps("1d 3c", "1b", TakesAll), ["1d"]);
        assert_eq!(caps("1d 3c", "1b", MatchTakesAll), ["1d", "1d 3c"]);
    }

    #[test]
    fn ace_variants_on_edge_tables() {
        use AceRule::*;
        assert_eq!(caps("", "1b", TakesAll), [""]);
        assert_eq!(caps("1d", "1b", MatchTakesAll), ["1d"]);
        assert_eq!(
            caps("1d 1c 3c", "1b", MatchTakesAll),
            ["1d", "1d 1c 3c", "1c"]
        );
        assert_eq!(caps("1d 3c", "4b", TakesAll), ["1d 3c"]);
    }

    #[test]
    fn classify_agrees_with_generation() {
        let table: CardSet = "1d 2d 3c 4s 5b".parse().unwrap();
        for card in CardSet::ALL - table {
            for ace in AceRule::ALL {
                let list = captures(table, card, *ace);
                for s in &list {
                    assert!(is_legal_capture(table, card, *s, *ace), "{card} {s}");
                }
                let mut sub = table;
                // every subset of this 5-card table
                for mask in 0u32..32 {
                    let mut s = CardSet::EMPTY;
                    for (i, c) in table.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            s.insert(c);
                        }
                    }
                    assert_eq!(is_legal_capture(table, card, s, *ace), list.contains(&s));
                }
                sub.remove(card);
            }
        }
    }
}
