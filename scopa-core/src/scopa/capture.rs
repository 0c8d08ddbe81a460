//! The capture search on the bitset: equal value first, then subset sums, and the Ace
//! options (docs/rules.md §3).
//!
//! # Capacities
//! A reachable table holds at most 13 cards (a card is laid only when no card or subset of
//! the table matches it, so laid cards have distinct values; only the 4 initial cards may
//! repeat a value). An exhaustive search over every reachable table (see
//! `tests/src/capacity.rs`) gives at most [`MAX_CAPTURES`] = 25 captures for one card
//! (including the Ace's whole-table alternative) and at most 208 moves for a 10-card hand;
//! [`MAX_MOVES`] allows 10 × 25. Positions built from outside input
//! ([`crate::scopa::HandState::from_position`], [`crate::scopa::Match::from_bytes`]) are rejected when a
//! card would have more than [`MAX_CAPTURES`] captures, so the lists can never overflow.

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::scopa::rules::AceRule;

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
/// use scopa_core::CardSet;
/// use scopa_core::scopa::Move;
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

/// What kind of play a legal move is; decides whether emptying the table is a scopa
/// ([`ScopaCards::classify`](super::ScopaCards::classify)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaptureKind {
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
    let bits = table.bits();
    if !repeats_a_value(bits) {
        let (start, end) = sum_range(value_mask(bits), value);
        return end > start;
    }
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

// ----- the fast path: tables that hold no value twice -----
//
// A card is laid only when no card or subset of the table matches its value, so a laid
// card never repeats a value of the table; only the four initial cards can. Most tables
// therefore hold each value at most once (33.6 of the 36 plays of a random 2-player deal:
// docs/core-tests.md), and for those the captures depend only on the *value mask* of the
// table (bit v − 1 for value v) — except for their canonical order, which depends on the
// suits and is settled at run time. The tables below are built at compile time.

/// Bits of the four cards of value 1; shift left by `v - 1` for value `v`.
const VALUE1_BITS: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30;

/// Bits of one 6-bit lane of a packed count vector (see [`table_counts`]).
pub(crate) const LANE: u64 = 0x3F;

/// Per bit position (0 … 64): bits 0 … 5, the shift of the card's lane in a packed count
/// vector (6 × (value − 1)); bits 8 … 17, the mask of the values below the card's
/// (`2^(value-1) - 1`). Positions 40 … 64 have lane 60 (bits that are always 0), so that
/// the lane of `trailing_zeros()` of an empty set counts 0.
const CARD_INFO_TABLE: [u32; 65] = {
    let mut t = [60u32; 65];
    let mut i = 0;
    while i < 40 {
        let v = (i % 10) as u32;
        t[i] = (6 * v) | (((1 << v) - 1) << 8);
        i += 1;
    }
    t
};

/// The shift of the lane of the card at bit position `index` in a packed count vector.
#[inline(always)]
pub(crate) fn lane_shift(index: u32) -> u32 {
    FAST.card_info[(index as usize).min(64)] & 63
}

/// The number in `counts` (a packed count vector) for the card at bit position `index`
/// (0 for 40 … 64).
#[inline(always)]
pub(crate) fn lane_count(counts: u64, index: u32) -> u64 {
    counts >> (FAST.card_info[(index as usize).min(64)] & 63) & LANE
}

/// The tables of the playout's one-move path in one static: one address for the three.
struct FastTables {
    card_info: [u32; 65],
    distinct_multi: [u16; 1024],
    single_capture: [u16; 2048],
}

/// [`CARD_INFO_TABLE`], [`DISTINCT_MULTI_TABLE`] and [`SINGLE_CAPTURE_TABLE`].
static FAST: FastTables = FastTables {
    card_info: CARD_INFO_TABLE,
    distinct_multi: DISTINCT_MULTI_TABLE,
    single_capture: SINGLE_CAPTURE_TABLE,
};

/// The values present in `bits`: bit `v - 1` for value `v`.
#[inline]
pub(crate) const fn value_mask(bits: u64) -> u32 {
    ((bits | bits >> 10 | bits >> 20 | bits >> 30) & 0x3FF) as u32
}

/// Whether two cards of `bits` have the same value.
#[inline]
pub(crate) const fn repeats_a_value(bits: u64) -> bool {
    let (d, c, s, b) = (
        bits & 0x3FF,
        bits >> 10 & 0x3FF,
        bits >> 20 & 0x3FF,
        bits >> 30 & 0x3FF,
    );
    (d & c) | ((d | c) & s) | ((d | c | s) & b) != 0
}

/// The cards of `table` (which holds no value twice) whose values are in `values`.
#[inline]
const fn cards_of_values(table: u64, values: u32) -> u64 {
    table & (values as u64 * VALUE1_BITS)
}

/// Sum of the values in a value mask.
const fn mask_value_sum(mask: u32) -> u32 {
    let mut sum = 0;
    let mut v = 1;
    while v <= 10 {
        if mask >> (v - 1) & 1 == 1 {
            sum += v;
        }
        v += 1;
    }
    sum
}

/// The slot of (value `v`, mask `low` of values below `v`) in [`SUM_INFO`]:
/// `2^(v-1) - 1 + low`, 1,023 slots in all.
#[inline]
const fn sum_slot(v: u32, low: u32) -> usize {
    ((1 << (v - 1)) - 1 + low) as usize
}

/// Fills `pool` (when given) with the value masks of the subsets of `low` summing to
/// `v`, for every slot in order; returns the slot starts and the pool length.
const fn build_sums<const LEN: usize>(mut pool: Option<&mut [u16; LEN]>) -> ([u16; 1024], usize) {
    let mut start = [0u16; 1024];
    let mut len = 0;
    let mut v = 1;
    while v <= 10 {
        let mut low = 0;
        while low < 1 << (v - 1) {
            start[sum_slot(v, low)] = len as u16;
            // Every sub-mask of `low`, from `low` itself down to the empty one.
            let mut sub = low;
            loop {
                if mask_value_sum(sub) == v {
                    if let Some(p) = &mut pool {
                        p[len] = sub as u16;
                    }
                    len += 1;
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & low;
            }
            low += 1;
        }
        v += 1;
    }
    start[1023] = len as u16;
    (start, len)
}

/// Number of (value, subset) pairs over every slot: 1,367.
const SUM_POOL_LEN: usize = build_sums::<0>(None).1;

/// For every value `v` and every mask `low` of values below `v`, the value masks of the
/// subsets of `low` that sum to `v` (each of two or more values).
static SUM_POOL: [u16; SUM_POOL_LEN] = {
    let mut pool = [0u16; SUM_POOL_LEN];
    build_sums::<SUM_POOL_LEN>(Some(&mut pool));
    pool
};

/// Per slot ([`sum_slot`]): bits 0 … 8, the first of its subsets in [`SUM_POOL`] (0 when
/// it has none); bits 9 … 12, how many it has (at most 9); bits 13 … 23, where they start.
static SUM_INFO: [u32; 1024] = {
    let mut pool = [0u16; SUM_POOL_LEN];
    let (start, _) = build_sums::<SUM_POOL_LEN>(Some(&mut pool));
    let mut info = [0u32; 1024];
    let mut slot = 0;
    while slot < 1023 {
        let (from, to) = (start[slot] as usize, start[slot + 1] as usize);
        let first = if to > from { pool[from] as u32 } else { 0 };
        info[slot] = first | ((to - from) as u32) << 9 | (from as u32) << 13;
        slot += 1;
    }
    info
};

/// The [`SUM_INFO`] of the subsets of `values` below the value whose lower-values mask is
/// `below` (`2^(v-1) - 1`, from [`CARD_INFO_TABLE`]) that sum to that value.
#[inline(always)]
fn sum_info(values: u32, below: u32) -> u32 {
    SUM_INFO[(below + (values & below)) as usize & 1023]
}

/// The range of [`SUM_POOL`] holding the subsets of `values` that sum to `v` (no card of
/// value `v` assumed on the table).
#[inline]
fn sum_range(values: u32, v: u8) -> (usize, usize) {
    let info = sum_info(values, (1 << (v - 1)) - 1);
    let start = (info >> 13) as usize;
    (start, start + (info >> 9 & 15) as usize)
}

/// The number of subsets of the values in `low` (values below `v`) that sum to `v`.
const fn sums_in_slot(start: &[u16; 1024], v: u32, low: u32) -> u64 {
    let slot = sum_slot(v, low);
    (start[slot + 1] - start[slot]) as u64
}

/// Ten 6-bit lanes for each value mask below `N`: lane `v - 1` counts the subsets of the
/// mask's values below `v` that sum to `v`, plus 1 when the mask holds `v` itself. With
/// `captures`, lane `v - 1` is instead the number of legal captures of a card of value `v`
/// on a table holding those values once each: 1 when `v` is on the table (it must take that
/// card) or nothing sums to it (it is laid), else the number of sums.
const fn build_lanes<const N: usize>(captures: bool) -> [u64; N] {
    let (start, _) = build_sums::<0>(None);
    let mut out = [0u64; N];
    let mut values = 0u32;
    while (values as usize) < N {
        let mut packed = 0u64;
        let mut v = 1u32;
        while v <= 10 {
            let held = (values >> (v - 1) & 1) as u64;
            let sums = sums_in_slot(&start, v, values & ((1 << (v - 1)) - 1));
            let n = if !captures {
                sums + held
            } else if held == 1 || sums == 0 {
                1
            } else {
                sums
            };
            packed |= n << (6 * (v - 1));
            v += 1;
        }
        out[values as usize] = packed;
        values += 1;
    }
    out
}

/// [`build_lanes`] counting captures, for every table of distinct values.
const fn build_distinct_counts() -> [u64; 1024] {
    build_lanes(true)
}

/// For a table holding no value twice, indexed by its value mask: the number of legal
/// captures of a card of each value (1 when it is laid), packed in 6-bit lanes (lane
/// `v - 1`). Exact for every Ace rule except a `match_takes_all` Ace on a table holding an
/// Ace and another card, which has one more (added by [`table_counts`]).
static DISTINCT_COUNTS: [u64; 1024] = build_distinct_counts();

/// For a table holding no value twice, indexed by its value mask: the values whose cards
/// have two or more captures (bit `v - 1`), under the same exception as
/// [`DISTINCT_COUNTS`].
const DISTINCT_MULTI_TABLE: [u16; 1024] = {
    let counts = build_distinct_counts();
    let mut out = [0u16; 1024];
    let mut values = 0;
    while values < 1024 {
        let mut v = 0;
        while v < 10 {
            if counts[values] >> (6 * v) & LANE >= 2 {
                out[values] |= 1 << v;
            }
            v += 1;
        }
        values += 1;
    }
    out
};

/// For a card of value `v` on a table holding no value twice, indexed by
/// `2^v - 2 + m` where `m` is the table's value mask restricted to the values up to `v`
/// (2,046 slots, and 2 unused so that the index is masked, not checked): the value mask of
/// its capture when it has exactly one — its equal card, or the one subset summing to `v`
/// — and 0 when it is laid (or has several).
const SINGLE_CAPTURE_TABLE: [u16; 2048] = {
    let (start, _) = build_sums::<0>(None);
    let mut pool = [0u16; SUM_POOL_LEN];
    build_sums::<SUM_POOL_LEN>(Some(&mut pool));
    let mut out = [0u16; 2048];
    let mut v = 1u32;
    while v <= 10 {
        let mut m = 0u32;
        while m < 1 << v {
            let vbit = 1 << (v - 1);
            let capture = if m & vbit != 0 {
                vbit
            } else {
                let slot = sum_slot(v, m & (vbit - 1));
                let (from, to) = (start[slot] as usize, start[slot + 1] as usize);
                if to == from + 1 { pool[from] as u32 } else { 0 }
            };
            out[((1 << v) - 2 + m) as usize] = capture as u16;
            m += 1;
        }
        v += 1;
    }
    out
};

/// The capture of the card at bit position `card` on `table`, which holds no value twice
/// (value mask `values`), when that card has exactly one legal move (see
/// [`distinct_multi`]): its equal card, its one subset, or nothing (laid) — or, for a
/// `takes_all` Ace that would be laid on a non-empty table, the whole table.
#[inline(always)]
pub(crate) fn distinct_single(table: u64, values: u32, card: u32, ace: AceRule) -> u64 {
    let below = FAST.card_info[(card as usize).min(64)] >> 8 & 0x3FF;
    let upto = below * 2 + 1; // the values up to the card's
    let capture = FAST.single_capture[(upto - 1 + (values & upto)) as usize & 2047];
    let taken = cards_of_values(table, u32::from(capture));
    if matches!(ace, AceRule::TakesAll) && below == 0 && taken == 0 {
        // An Ace with no Ace on the table sweeps it (or is laid on an empty one).
        return table;
    }
    taken
}

/// The cards that have two or more legal captures on `table`, which holds no value twice
/// (value mask `values`).
#[inline(always)]
pub(crate) fn distinct_multi(table: u64, values: u32, ace: AceRule) -> u64 {
    let mut multi = u32::from(FAST.distinct_multi[values as usize & 0x3FF]);
    // A match_takes_all Ace also has the whole table when it holds an Ace and more.
    if matches!(ace, AceRule::MatchTakesAll) && values & 1 != 0 && table & (table - 1) != 0 {
        multi |= 1;
    }
    u64::from(multi) * VALUE1_BITS
}

/// For a set of distinct values 1 … 9 (a 9-bit mask): the number of its subsets summing
/// to each *s* = 1 … 10, single values included, in 6-bit lanes (lane *s* − 1).
static SUBSET_SUMS: [u64; 512] = build_lanes(false);

/// Bit 0 of each of the ten 6-bit lanes.
const LANES1: u64 = 0x0041_0410_4104_1041;
/// The low five bits of every lane, and the top bit of every lane.
const LOW5: u64 = 0x1F * LANES1;
const HIGH: u64 = 0x20 * LANES1;

/// Adds two packed vectors lane by lane, each lane modulo 64 (no carry between lanes).
#[inline]
const fn add_lanes(a: u64, b: u64) -> u64 {
    ((a & LOW5) + (b & LOW5)) ^ ((a ^ b) & HIGH)
}

/// Bit 0 of lane `v - 1` for every value `v` in a 5-bit mask.
static SPREAD5: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut m = 0;
    while m < 32 {
        let mut v = 0;
        while v < 5 {
            if m >> v & 1 == 1 {
                t[m] |= 1 << (6 * v);
            }
            v += 1;
        }
        m += 1;
    }
    t
};

/// Bit 0 of lane `v - 1` for every value `v` of a value mask.
#[inline]
fn spread_lanes(values: u64) -> u64 {
    SPREAD5[values as usize & 31] | SPREAD5[(values >> 5) as usize & 31] << 30
}

/// The packed capture counts of a table that holds some value twice: the multiplicity of
/// each value on the table (equal cards), and for the other values the number of subsets
/// summing to it, counted on real cards — the subsets of the distinct values times one
/// factor (1 + x^v) per repeated card — or 1 (laid) when there is none.
#[inline]
fn repeated_counts(table: u64, values: u32) -> u64 {
    repeated_counts_and_laid(table, values).0
}

/// [`repeated_counts`], and bit 0 of the lane of every value whose cards are laid.
#[inline(never)]
pub(crate) fn repeated_counts_and_laid(table: u64, values: u32) -> (u64, u64) {
    let (d, c, s, b) = (
        table & 0x3FF,
        table >> 10 & 0x3FF,
        table >> 20 & 0x3FF,
        table >> 30 & 0x3FF,
    );
    // Values held at least twice, three times, four times.
    let two = (d & c) | ((d | c) & s) | ((d | c | s) & b);
    let three = (d & c & s) | (((d & c) | ((d | c) & s)) & b);
    let four = d & c & s & b;
    let mut sums = SUBSET_SUMS[values as usize & 0x1FF];
    // Multiply by (1 + x^v) per repeated card: lane s gains lane s − v, and lane v gains 1.
    // Values of 10 only ever sum to 10 alone (an equal card): left out.
    let mut times = |extra: u64| {
        let mut rest = extra & 0x1FF;
        while rest != 0 {
            let v = rest.trailing_zeros() + 1;
            let shifted = (sums << (6 * v) | 1 << (6 * (v - 1))) & (LANES1 * LANE);
            sums = add_lanes(sums, shifted);
            rest &= rest - 1;
        }
    };
    times(two);
    let on = spread_lanes(u64::from(values));
    let mut multiplicity = on + spread_lanes(two);
    if three != 0 {
        times(three);
        times(four);
        multiplicity += spread_lanes(three) + spread_lanes(four);
    }
    let sums = sums & !(on * LANE);
    // Lanes with no subset and no equal card: laid, one move.
    let nonzero = (((sums & LOW5) + LOW5) | sums) & HIGH;
    let laid = (!nonzero & HIGH) >> 5 & !on;
    (multiplicity + sums + laid, laid)
}

/// The number of legal captures of a card of each value on `table` (1 when it is laid),
/// packed in 6-bit lanes: lane `v - 1` (shift by [`LANE_OF`]) for value `v`. `repeated`:
/// whether the table holds some value twice ([`repeats_a_value`]). Exact up to 63
/// captures, more than any accepted position has.
#[inline]
pub(crate) fn table_counts(table: u64, repeated: bool, ace: AceRule) -> u64 {
    let values = value_mask(table);
    let counts = if repeated {
        repeated_counts(table, values)
    } else {
        DISTINCT_COUNTS[values as usize & 0x3FF]
    };
    // The Ace's lane holds its equal Aces; the whole table is one more choice when it
    // holds more than one card.
    let whole =
        matches!(ace, AceRule::MatchTakesAll) && values & 1 != 0 && table & (table - 1) != 0;
    counts + u64::from(whole)
}

/// Whether `a` comes before `b` (two different sets) in canonical order: the first
/// index where their ascending lists differ is smaller in `a`, or `a` is a prefix of `b`.
#[inline]
const fn canonical_lt(a: u64, b: u64) -> bool {
    let diff = a ^ b;
    let low = diff & diff.wrapping_neg();
    let above = !(low.wrapping_sub(1));
    if a & low != 0 {
        // `a` continues with the differing card; `b` is smaller only if it stops there.
        b & above != 0
    } else {
        a & above == 0
    }
}

/// The cards of `table` with the value masks `masks` (at most 9), sorted in canonical
/// order, and how many.
#[inline]
fn sorted_sums(table: u64, masks: &[u16]) -> ([u64; 9], usize) {
    let mut out = [0u64; 9];
    let n = masks.len().min(9);
    for (i, &mask) in masks.iter().take(n).enumerate() {
        let set = cards_of_values(table, u32::from(mask));
        let mut j = i;
        while j > 0 && canonical_lt(set, out[j - 1]) {
            out[j] = out[j - 1];
            j -= 1;
        }
        out[j] = set;
    }
    (out, n)
}

/// Calls `emit` for every legal capture of a card of value `v` on `table`, which holds no
/// value twice (value mask `values`), in canonical order; the empty set when it is laid.
/// Returns how many.
#[inline]
pub(crate) fn distinct_for_each(
    table: u64,
    values: u32,
    v: u8,
    ace: AceRule,
    emit: &mut impl FnMut(u64),
) -> usize {
    if values >> (v - 1) & 1 != 0 {
        let single = table & (VALUE1_BITS << (v - 1));
        if matches!(ace, AceRule::MatchTakesAll) && v == 1 && table != single {
            // The single Ace and the whole table: the single one first exactly when the
            // Ace is the table's lowest card (then it is a prefix of the whole table).
            let (a, b) = if table & table.wrapping_neg() == single {
                (single, table)
            } else {
                (table, single)
            };
            emit(a);
            emit(b);
            return 2;
        }
        emit(single);
        return 1;
    }
    let (start, end) = sum_range(values, v);
    match end - start {
        0 => {
            let takes_all = matches!(ace, AceRule::TakesAll) && v == 1 && table != 0;
            emit(if takes_all { table } else { 0 });
            1
        }
        1 => {
            emit(cards_of_values(table, u32::from(SUM_POOL[start])));
            1
        }
        _ => {
            let (sets, n) = sorted_sums(table, &SUM_POOL[start..end]);
            for &set in &sets[..n] {
                emit(set);
            }
            n
        }
    }
}

/// The `k`-th legal capture, in canonical order, of the card at bit position `card` on
/// `table`, which holds no value twice (value mask `values`); `k` must be below its count.
#[inline(always)]
pub(crate) fn distinct_nth(table: u64, values: u32, card: u32, k: u64, ace: AceRule) -> u64 {
    let below = FAST.card_info[(card as usize).min(64)] >> 8 & 0x3FF;
    let is_ace = below == 0;
    let equal = table & (u64::from(below + 1) * VALUE1_BITS);
    if matches!(ace, AceRule::MatchTakesAll) && is_ace && equal != 0 && equal != table {
        return ace_or_whole(table, equal, k);
    }
    let sums = sum_info(values, below);
    let n = sums >> 9 & 15;
    if equal == 0 && n >= 2 {
        let start = (sums >> 13) as usize;
        return nth_sum(table, &SUM_POOL[start..start + n as usize], k);
    }
    // One capture: the equal card, the one subset, or none (laid; a takes_all Ace
    // sweeps) — chosen with masks, not branches, since which one is random.
    let subset = cards_of_values(table, sums & 0x1FF);
    let laid = if matches!(ace, AceRule::TakesAll) && is_ace {
        table
    } else {
        0
    };
    let no_equal = 0u64.wrapping_sub(u64::from(equal == 0));
    let no_sum = 0u64.wrapping_sub(u64::from(n == 0));
    equal | (no_equal & ((subset & !no_sum) | (laid & no_sum)))
}

/// The `k`-th (0 or 1) choice of a `match_takes_all` Ace on a table holding one Ace
/// (`single`) and more: that Ace or the whole table, in canonical order — the single Ace
/// first exactly when it is the table's lowest card (a prefix of the whole table).
#[cold]
fn ace_or_whole(table: u64, single: u64, k: u64) -> u64 {
    let single_first = table & table.wrapping_neg() == single;
    if single_first == (k == 0) {
        single
    } else {
        table
    }
}

/// The `k`-th, in canonical order, of the subsets of `table` (which holds no value twice)
/// with the value masks `masks` (two or more).
#[cold]
fn nth_sum(table: u64, masks: &[u16], k: u64) -> u64 {
    let (sets, n) = sorted_sums(table, masks);
    sets[(k as usize).min(n.saturating_sub(1))]
}

/// A table prepared for the captures of several cards: the counts of every card value
/// from the lookup table when it holds no value twice, and from the general search
/// otherwise (exact on any table, where the playout's 6-bit counts are exact on the
/// tables of accepted positions only).
pub(crate) struct Captures {
    table: u64,
    values: u32,
    ace: AceRule,
    /// [`table_counts`] of a table holding no value twice.
    counts: u64,
    /// The general search, for a table holding some value twice.
    general: Option<TableIndex>,
}

impl Captures {
    #[inline]
    pub(crate) fn new(table: CardSet, ace: AceRule) -> Captures {
        let bits = table.bits();
        let repeated = repeats_a_value(bits);
        Captures {
            table: bits,
            values: value_mask(bits),
            ace,
            counts: if repeated {
                0
            } else {
                table_counts(bits, false, ace)
            },
            general: repeated.then(|| TableIndex::new(table, ace)),
        }
    }

    /// Number of legal captures of `card` (1 when it is laid).
    #[inline]
    pub(crate) fn count(&self, card: Card) -> usize {
        match &self.general {
            Some(index) => index.count(card),
            None => lane_count(self.counts, u32::from(card.index())) as usize,
        }
    }

    /// The `k`-th legal capture of `card` in canonical order, if it has that many.
    pub(crate) fn nth(&self, card: Card, k: usize) -> Option<CardSet> {
        let n = self.count(card);
        if k >= n {
            return None;
        }
        let bits = if self.general.is_some() {
            repeated_nth(self.table, card, k, n, self.ace)
        } else {
            distinct_nth(
                self.table,
                self.values,
                u32::from(card.index()),
                k as u64,
                self.ace,
            )
        };
        Some(CardSet::from_bits_truncate(bits))
    }
}

/// The `k`-th legal capture of `card`, in canonical order, on `table`, which holds some
/// value twice; `n` is its number of captures and `k` must be below it.
#[inline(never)]
pub(crate) fn repeated_nth(table: u64, card: Card, k: usize, n: usize, ace: AceRule) -> u64 {
    let v = card.value();
    let equal = table & CardSet::of_value(v).bits();
    let whole_too = matches!(ace, AceRule::MatchTakesAll) && v == 1 && table & (table - 1) != 0;
    if equal != 0 && !whole_too {
        // The k-th equal card by index.
        let mut rest = equal;
        for _ in 0..k {
            rest &= rest - 1;
        }
        return rest & rest.wrapping_neg();
    }
    let table_set = CardSet::from_bits_truncate(table);
    if equal == 0 {
        if ace_takes_all(table_set, v, ace) {
            return table;
        }
        // The subsets summing to v (each of two or more cards below v), when there are at
        // most 6 such cards (always, in practice); none: laid.
        let below = table & CardSet::below_value(v).bits();
        let mut values = [0u8; 6];
        let mut bits = [0u64; 6];
        let mut m = 0;
        let mut rest = below;
        while rest != 0 && m < 6 {
            bits[m] = rest & rest.wrapping_neg();
            values[m] = (rest.trailing_zeros() % 10 + 1) as u8;
            rest &= rest - 1;
            m += 1;
        }
        if rest == 0 && n <= MAX_CAPTURES {
            return kth_subset_summing(&values[..m], &bits[..m], v, k, n);
        }
    }
    let mut found = 0;
    let mut i = 0;
    TableIndex::new(table_set, ace).for_each_capture(card, &mut |s| {
        if i == k {
            found = s.bits();
        }
        i += 1;
    });
    found
}

/// Of the `n` subsets of the cards `bits` (with `values`, at most 6) that sum to `v`, the
/// `k`-th in canonical order (0 if there are not that many).
fn kth_subset_summing(values: &[u8], bits: &[u64], v: u8, k: usize, n: usize) -> u64 {
    if n >= 2 {
        return kth_of_several_subsets(values, bits, v, k, n);
    }
    // Every subset in Gray-code order (one card in or out per step), its sum kept as it
    // goes, until the one that sums to v.
    let mut set = 0u64;
    let mut sum = 0u8;
    for step in 1..1usize << values.len() {
        let i = step.trailing_zeros() as usize;
        let (bit, value) = (bits[i], values[i]);
        sum = if set & bit != 0 {
            sum.wrapping_sub(value)
        } else {
            sum.wrapping_add(value)
        };
        set ^= bit;
        if sum == v {
            return set;
        }
    }
    0
}

/// [`kth_subset_summing`] when there are two subsets or more: all of them, sorted.
#[cold]
fn kth_of_several_subsets(values: &[u8], bits: &[u64], v: u8, k: usize, n: usize) -> u64 {
    let n = n.min(MAX_CAPTURES);
    let mut found = [0u64; MAX_CAPTURES];
    let mut len = 0;
    let mut set = 0u64;
    let mut sum = 0u8;
    for step in 1..1usize << values.len() {
        let i = step.trailing_zeros() as usize;
        let (bit, value) = (bits[i], values[i]);
        sum = if set & bit != 0 {
            sum.wrapping_sub(value)
        } else {
            sum.wrapping_add(value)
        };
        set ^= bit;
        if sum != v {
            continue;
        }
        if len < MAX_CAPTURES {
            let mut at = len;
            while at > 0 && canonical_lt(set, found[at - 1]) {
                found[at] = found[at - 1];
                at -= 1;
            }
            found[at] = set;
            len += 1;
            if len == n {
                break; // all of them
            }
        }
    }
    if k < len { found[k] } else { 0 }
}

/// Calls `emit` for every legal capture of `card` on `table` (the empty set when the card
/// must be laid), in canonical order, and returns how many there were.
pub(crate) fn for_each_capture(
    table: CardSet,
    card: Card,
    ace: AceRule,
    emit: &mut impl FnMut(CardSet),
) -> usize {
    let bits = table.bits();
    if repeats_a_value(bits) {
        return TableIndex::new(table, ace).for_each_capture(card, emit);
    }
    distinct_for_each(bits, value_mask(bits), card.value(), ace, &mut |s| {
        emit(CardSet::from_bits_truncate(s))
    })
}

/// Appends every legal move of `hand` on `table` to `out`, in canonical order.
#[inline]
pub(crate) fn moves_into(table: CardSet, hand: CardSet, ace: AceRule, out: &mut MoveList) {
    let bits = table.bits();
    if repeats_a_value(bits) {
        let index = TableIndex::new(table, ace);
        for card in hand {
            index.for_each_capture(card, &mut |s| {
                // Capacity: 10 cards × MAX_CAPTURES, which every accepted position respects.
                let _ = out.push(Move::new(card, s));
            });
        }
        return;
    }
    let values = value_mask(bits);
    for card in hand {
        distinct_for_each(bits, values, card.value(), ace, &mut |s| {
            // A table without repeated values gives at most 9 captures per card.
            let _ = out.push(Move::new(card, CardSet::from_bits_truncate(s)));
        });
    }
}

/// The legal captures of `card` on `table` under `ace`, in canonical order; `[{}]` when the
/// card is laid. Truncated at [`MAX_CAPTURES`], which no reachable table exceeds.
///
/// ```
/// use scopa_core::CardSet;
/// use scopa_core::scopa::{captures, AceRule};
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
    Captures::new(table, ace).count(card)
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
/// use scopa_core::CardSet;
/// use scopa_core::scopa::{is_legal_capture, AceRule};
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

    /// Every capture of every card on `table`, by [`TableIndex`] (the general search) and
    /// by the fast path ([`Captures`], [`table_counts`], [`distinct_nth`],
    /// [`repeated_nth`]): the same lists in the same order.
    fn check_table(table: CardSet) {
        for ace in AceRule::ALL {
            let index = TableIndex::new(table, *ace);
            let fast = Captures::new(table, *ace);
            let bits = table.bits();
            let repeated = repeats_a_value(bits);
            let counts = table_counts(bits, repeated, *ace);
            for card in CardSet::ALL - table {
                let mut expected = Vec::new();
                index.for_each_capture(card, &mut |s| expected.push(s));
                let mut got = Vec::new();
                for_each_capture(table, card, *ace, &mut |s| got.push(s));
                assert_eq!(got, expected, "{card} on {table} under {ace}");
                assert_eq!(
                    fast.count(card),
                    expected.len(),
                    "{card} on {table} under {ace}"
                );
                assert_eq!(index.count(card), expected.len());
                let i = u32::from(card.index());
                assert_eq!(lane_count(counts, i) as usize, expected.len());
                for (k, s) in expected.iter().enumerate() {
                    assert_eq!(fast.nth(card, k), Some(*s));
                    let nth = if repeated {
                        repeated_nth(bits, card, k, expected.len(), *ace)
                    } else {
                        distinct_nth(bits, value_mask(bits), i, k as u64, *ace)
                    };
                    assert_eq!(nth, s.bits(), "{card} on {table} under {ace}, capture {k}");
                }
                assert_eq!(fast.nth(card, expected.len()), None);
                if !repeated {
                    // The one-move shortcut of the playout.
                    let multi = distinct_multi(bits, value_mask(bits), *ace) >> i & 1 == 1;
                    assert_eq!(multi, expected.len() > 1, "{card} on {table} under {ace}");
                    if !multi {
                        let single = distinct_single(bits, value_mask(bits), i, *ace);
                        assert_eq!(single, expected[0].bits(), "{card} on {table} under {ace}");
                    }
                } else {
                    let (counts_too, laid) = repeated_counts_and_laid(bits, value_mask(bits));
                    assert_eq!(counts_too, repeated_counts(bits, value_mask(bits)));
                    let is_laid = laid >> lane_shift(i) & 1 == 1;
                    let laid_or_swept = expected.len() == 1
                        && (expected[0].is_empty()
                            || (*ace == AceRule::TakesAll
                                && card.value() == 1
                                && expected[0] == table
                                && (table & CardSet::of_value(1)).is_empty()));
                    assert_eq!(is_laid, laid_or_swept, "{card} on {table} under {ace}");
                }
            }
        }
    }

    #[test]
    fn fast_captures_equal_the_general_search_on_every_value_mask() {
        // Every set of distinct values (the tables the lookup tables serve), each value in
        // a suit drawn at random, several times over.
        let mut rng = crate::deal::SplitMix64::new(17);
        for _ in 0..3 {
            for values in 0u32..1024 {
                let mut table = CardSet::EMPTY;
                for v in 1..=10u8 {
                    if values >> (v - 1) & 1 == 1 {
                        let suit = crate::card::Suit::ALL[(rng.next() % 4) as usize];
                        table.insert(Card::new(suit, v).unwrap());
                    }
                }
                check_table(table);
            }
        }
    }

    #[test]
    fn fast_captures_equal_the_general_search_on_tables_with_repeated_values() {
        // Random tables of 2 to 13 cards, most of them holding some value twice or more.
        let mut rng = crate::deal::SplitMix64::new(23);
        let mut repeated = 0;
        for round in 0..3000 {
            let size = 2 + round % 12;
            let mut table = CardSet::EMPTY;
            // Low values make many sums and many repeats.
            let top = if round % 2 == 0 { 6 } else { 10 };
            while table.len() < size {
                let v = 1 + (rng.next() % top) as u8;
                let suit = crate::card::Suit::ALL[(rng.next() % 4) as usize];
                table.insert(Card::new(suit, v).unwrap());
            }
            if max_capture_count(table, AceRule::MatchTakesAll) > MAX_CAPTURES {
                continue; // not a table any accepted position has
            }
            repeated += usize::from(repeats_a_value(table.bits()));
            check_table(table);
        }
        assert!(repeated > 1000, "{repeated}");
    }

    #[test]
    fn canonical_order_of_sets() {
        let set = |s: &str| s.parse::<CardSet>().unwrap().bits();
        let pairs = [
            ("1d", "1d 3c"),
            ("1d 3c", "1c"),
            ("3d 2b", "4c 1s"),
            ("1d 2d", "1d 3d"),
        ];
        for (a, b) in pairs {
            assert!(canonical_lt(set(a), set(b)), "{a} < {b}");
            assert!(!canonical_lt(set(b), set(a)), "not {b} < {a}");
        }
    }

    #[test]
    fn lookup_tables_have_their_sizes() {
        assert_eq!(SUM_POOL_LEN, 1367);
        // Every slot's subsets sum to its value, each of two or more values.
        for v in 1..=10u32 {
            for low in 0..1u32 << (v - 1) {
                let info = SUM_INFO[sum_slot(v, low)];
                let (start, n) = ((info >> 13) as usize, (info >> 9 & 15) as usize);
                for &mask in &SUM_POOL[start..start + n] {
                    assert_eq!(mask_value_sum(u32::from(mask)), v);
                    assert_eq!(u32::from(mask) & !low, 0);
                    assert!(mask.count_ones() >= 2);
                }
                let first = if n > 0 { u32::from(SUM_POOL[start]) } else { 0 };
                assert_eq!(info & 0x1FF, first);
            }
        }
    }
}
