//! The plays of a two-deck table (RULES.md sections 3 and 8): [`TeamMove`], and the
//! captures a card can make on a table that may hold a card twice.
//!
//! The two copies of a card are identical, so a capture is a [`CardMultiset`]: two `3c`
//! for a `6b` is one capture, and a `7d` on a table holding `7d 7d` has one capture, not
//! two. Captures are enumerated in a fixed order (see [`for_each_capture`]).

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;
use crate::scopa::capture::{CaptureKind, Move, ace_takes_all};
use crate::scopa::rules::AceRule;

/// A play at a two-deck table: the card played and the cards it captures (none: laid).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamMove {
    /// The card played.
    pub card: Card,
    /// The cards taken from the table (empty when the card is laid down).
    pub capture: CardMultiset,
}

impl TeamMove {
    /// Laying `card` on the table.
    pub const fn lay(card: Card) -> TeamMove {
        TeamMove {
            card,
            capture: CardMultiset::EMPTY,
        }
    }

    /// Whether the card is laid down (captures nothing).
    pub const fn is_lay(self) -> bool {
        self.capture.is_empty()
    }

    /// The one-deck [`Move`] of this play, when it takes no card twice (else `None`).
    ///
    /// ```
    /// use scopa_core::scopa::teams::TeamMove;
    /// use scopa_core::scopa::Move;
    /// let one: Move = Move::new("7d".parse().unwrap(), "5d 2c".parse().unwrap());
    /// assert_eq!(TeamMove::from(one).to_move(), Some(one));
    /// let both = TeamMove { card: "6b".parse().unwrap(), capture: "3c 3c".parse().unwrap() };
    /// assert_eq!(both.to_move(), None);
    /// ```
    pub const fn to_move(self) -> Option<Move> {
        if self.capture.doubles().is_empty() {
            Some(Move::new(self.card, self.capture.distinct()))
        } else {
            None
        }
    }
}

impl From<Move> for TeamMove {
    /// The same play, its capture taking one copy of each card.
    fn from(mv: Move) -> TeamMove {
        TeamMove {
            card: mv.card(),
            capture: CardMultiset::from_set(mv.capture()),
        }
    }
}

impl fmt::Display for TeamMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_lay() {
            write!(f, "{} lays", self.card)
        } else {
            write!(f, "{} takes {}", self.card, self.capture)
        }
    }
}

impl fmt::Debug for TeamMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The sums (bit s for sum s ≤ 10) reachable by non-empty sub-multisets of `cards`.
fn reachable_sums(cards: CardMultiset) -> u32 {
    let mut reach = 1u32;
    for card in cards {
        reach |= reach << card.value();
    }
    reach & 0x7FF
}

/// What kind of capture `capture` is for `card` on `table`; `None` if it is not legal.
/// Does not check that the card is in a hand.
pub(crate) fn classify(
    table: CardMultiset,
    card: Card,
    capture: CardMultiset,
    ace: AceRule,
) -> Option<CaptureKind> {
    if !capture.is_subset(table) {
        return None;
    }
    let v = card.value();
    let equal = table.distinct() & CardSet::of_value(v);
    if !equal.is_empty() {
        if capture.len() == 1 && capture.distinct().is_subset(equal) {
            return Some(CaptureKind::Ordinary);
        }
        if matches!(ace, AceRule::MatchTakesAll) && v == 1 && capture == table {
            return Some(CaptureKind::Ordinary);
        }
        return None;
    }
    if ace_takes_all(table.distinct(), v, ace) {
        return (capture == table).then_some(CaptureKind::AceTakesAll);
    }
    if capture.is_empty() {
        return (reachable_sums(table) >> v & 1 == 0).then_some(CaptureKind::Lay);
    }
    // No equal card: a matching sub-multiset has at least two cards.
    (capture.value_sum() == u32::from(v)).then_some(CaptureKind::Ordinary)
}

/// Whether `card` may capture `capture` from `table` (the empty multiset: may be laid).
///
/// ```
/// use scopa_core::scopa::teams::is_legal_capture;
/// use scopa_core::scopa::AceRule;
/// let table = "3c 3c 5d 1s".parse().unwrap();
/// let six = "6b".parse().unwrap();
/// assert!(is_legal_capture(table, six, "3c 3c".parse().unwrap(), AceRule::Plain));
/// assert!(is_legal_capture(table, six, "5d 1s".parse().unwrap(), AceRule::Plain));
/// assert!(!is_legal_capture(table, six, "3c".parse().unwrap(), AceRule::Plain));
/// ```
pub fn is_legal_capture(
    table: CardMultiset,
    card: Card,
    capture: CardMultiset,
    ace: AceRule,
) -> bool {
    classify(table, card, capture, ace).is_some()
}

/// Calls `emit` with every legal capture of `card` on `table` once (the empty multiset when
/// the card is laid down), in a fixed order: equal cards in card order, then the whole
/// table (Aces), then sub-multisets summing to the card's value, enumerated over the
/// table's cards in card order, fewer copies of an earlier card first.
///
/// ```
/// use scopa_core::scopa::teams::for_each_capture;
/// use scopa_core::scopa::AceRule;
/// let table = "3c 3c 3s 5d 1s".parse().unwrap();
/// let mut seen = Vec::new();
/// for_each_capture(table, "6b".parse().unwrap(), AceRule::Plain, &mut |c| seen.push(c.to_string()));
/// assert_eq!(seen, ["3c 3s", "3c 3c", "5d 1s"]);
/// ```
pub fn for_each_capture(
    table: CardMultiset,
    card: Card,
    ace: AceRule,
    emit: &mut impl FnMut(CardMultiset),
) {
    let v = card.value();
    let equal = table.distinct() & CardSet::of_value(v);
    if !equal.is_empty() {
        for c in equal {
            emit(CardMultiset::from_set(CardSet::single(c)));
        }
        if matches!(ace, AceRule::MatchTakesAll) && v == 1 && table.len() > 1 {
            emit(table);
        }
        return;
    }
    if ace_takes_all(table.distinct(), v, ace) {
        emit(table);
        return;
    }
    let mut cards: heapless::Vec<(Card, u8), 40> = heapless::Vec::new();
    for c in table.distinct() & CardSet::below_value(v) {
        // At most 40 distinct cards: never full.
        let _ = cards.push((c, table.count(c)));
    }
    let mut found = false;
    sums(&cards, v, CardMultiset::EMPTY, &mut |m| {
        found = true;
        emit(m);
    });
    if !found {
        emit(CardMultiset::EMPTY);
    }
}

/// Every sub-multiset of `cards` (with their counts) summing to `left`, added to `taken`.
fn sums(cards: &[(Card, u8)], left: u8, taken: CardMultiset, emit: &mut impl FnMut(CardMultiset)) {
    if left == 0 {
        emit(taken);
        return;
    }
    let Some((&(card, count), rest)) = cards.split_first() else {
        return;
    };
    let value = card.value();
    // First without this card, then with one copy, then with two.
    sums(rest, left, taken, emit);
    let mut with = taken;
    for k in 1..=count {
        if value * k > left {
            break;
        }
        // At most two copies of a card on the table: never a third.
        let _ = with.insert(card);
        sums(rest, left - value * k, with, emit);
    }
}

/// Number of legal captures of `card` on `table` (1 when it is laid).
pub fn capture_count(table: CardMultiset, card: Card, ace: AceRule) -> usize {
    let mut n = 0;
    for_each_capture(table, card, ace, &mut |_| n += 1);
    n
}

/// The `k`-th capture of [`for_each_capture`]'s order, if there are more than `k`.
pub fn nth_capture(
    table: CardMultiset,
    card: Card,
    ace: AceRule,
    k: usize,
) -> Option<CardMultiset> {
    let (mut i, mut out) = (0, None);
    for_each_capture(table, card, ace, &mut |c| {
        if i == k {
            out = Some(c);
        }
        i += 1;
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    fn ms(s: &str) -> CardMultiset {
        s.parse().unwrap()
    }

    fn all(table: &str, card: &str, ace: AceRule) -> Vec<CardMultiset> {
        let mut out = Vec::new();
        for_each_capture(ms(table), card.parse().unwrap(), ace, &mut |c| out.push(c));
        out
    }

    #[test]
    fn identical_copies_are_one_choice() {
        // Two 7d on the table: taking either copy is the same move.
        assert_eq!(all("7d 7d 2c", "7s", AceRule::Plain), [ms("7d")]);
        // Rule 1 still chooses among different cards of the value.
        assert_eq!(all("7d 7d 7c", "7s", AceRule::Plain), [ms("7d"), ms("7c")]);
        // A sum may take both copies.
        assert_eq!(all("3c 3c", "6d", AceRule::Plain), [ms("3c 3c")]);
        // Nothing sums to 9: laid.
        assert_eq!(all("3c 3c 1d", "9d", AceRule::Plain), [CardMultiset::EMPTY]);
    }

    #[test]
    fn every_enumerated_capture_is_legal_and_distinct() {
        let table = ms("1d 1d 2c 2c 3s 4b 4b 5d 6c 10s");
        for card in ["5s", "6d", "7b", "8c", "9s", "10d", "1c"] {
            for ace in AceRule::ALL {
                let card: Card = card.parse().unwrap();
                let caps = all(&table.to_string(), &card.to_string(), *ace);
                assert!(!caps.is_empty());
                for (i, c) in caps.iter().enumerate() {
                    assert!(is_legal_capture(table, card, *c, *ace), "{card} {c}");
                    assert!(!caps[..i].contains(c), "{card}: {c} twice");
                    assert_eq!(nth_capture(table, card, *ace, i), Some(*c));
                }
                assert_eq!(capture_count(table, card, *ace), caps.len());
                // Brute force over every sub-multiset: the legal ones are exactly these.
                let cards: Vec<Card> = table.iter().collect();
                let mut legal: Vec<CardMultiset> = Vec::new();
                for mask in 0u32..1 << cards.len() {
                    let mut m = CardMultiset::EMPTY;
                    for (i, c) in cards.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            let _ = m.insert(*c);
                        }
                    }
                    if is_legal_capture(table, card, m, *ace) && !legal.contains(&m) {
                        legal.push(m);
                        assert!(caps.contains(&m), "{card} {m} missing");
                    }
                }
                assert_eq!(legal.len(), caps.len(), "{card} {ace:?}");
            }
        }
    }

    #[test]
    fn aces_follow_the_ace_option() {
        assert_eq!(all("5d 4c", "1s", AceRule::TakesAll), [ms("5d 4c")]);
        assert_eq!(
            all("1d 5d 4c", "1s", AceRule::MatchTakesAll),
            [ms("1d"), ms("1d 5d 4c")]
        );
        assert_eq!(
            all("1d 1d", "1s", AceRule::MatchTakesAll),
            [ms("1d"), ms("1d 1d")]
        );
        assert_eq!(all("5d 4c", "1s", AceRule::Plain), [CardMultiset::EMPTY]);
    }
}
