//! An evaluation learned from self-play: the expected points still to come in a hand,
//! from the state at the end of a round (every hand empty or just dealt, so only public
//! facts count: the piles, the table, who plays next and which cards are still out).
//!
//! The value is a sum of integer weights over a few hundred features — the carte, denari
//! and primiera races (lead × what is left, one weight per cell), the settebello still
//! out, the table the next player faces (how likely it holds a card that sweeps it, what
//! lies there), the side that captured last, the round — plus the points already made
//! (scope, a settebello taken), which count exactly. The weights come from a least-squares
//! fit of the final hand outcome over positions of self-play games; `weights.rs` is the
//! generated file and says which command made it.

use scopa_core::ai::eval::{self, POINT, p_holds_any, sweep_values};
use scopa_core::scopa::{AceRule, DealKind, HandState, PrimieraRule};
use scopa_core::{Card, Suit};

use crate::weights::WEIGHTS;

// The generated weights have one entry per feature.
const _: () = assert!(WEIGHTS.len() == FEATURES);

/// The unit of feature values: 1.0 is `ONE`.
pub(crate) const ONE: i32 = 1024;

/// Most features active in one position.
pub(crate) const MAX_ACTIVE: usize = 32;

// Feature layout (offsets into the weight vector).
const CARTE_LEAD: i32 = 12; // lead clamped to -12 ..= 12
const CARTE_BUCKETS: usize = 10; // cards left / 4
const CARTE: usize = 0;
const CARTE_N: usize = (2 * CARTE_LEAD as usize + 1) * CARTE_BUCKETS;
const DENARI_LEAD: i32 = 6;
const DENARI: usize = CARTE + CARTE_N;
const DENARI_N: usize = (2 * DENARI_LEAD as usize + 1) * 11;
/// Sevens, sixes, aces: lead (-4 ..= 4) × left (0 ..= 4).
const PRIM: usize = DENARI + DENARI_N;
const PRIM_N: usize = 3 * 9 * 5;
/// Settebello still out: on the table (next player A / B), elsewhere.
const SETTE: usize = PRIM + PRIM_N;
const SETTE_N: usize = 3;
/// Chance the next player holds a sweeping card (signed by its side), by round.
const SWEEP: usize = SETTE + SETTE_N;
const SWEEP_N: usize = 6;
/// Table size 0 ..= 7 (signed by the next player's side).
const TABLE_SIZE: usize = SWEEP + SWEEP_N;
const TABLE_SIZE_N: usize = 8;
/// Table coins, sevens, value of the cards (signed by the next player's side).
const TABLE_CARDS: usize = TABLE_SIZE + TABLE_SIZE_N;
const TABLE_CARDS_N: usize = 3;
/// Last capture (signed), by round.
const LAST: usize = TABLE_CARDS + TABLE_CARDS_N;
const LAST_N: usize = 6;
/// The side that plays next (signed), by round.
const MOVER: usize = LAST + LAST_N;
const MOVER_N: usize = 6;

/// Number of features (and weights).
pub(crate) const FEATURES: usize = MOVER + MOVER_N;

/// The active features of a position: index and value (in 1/[`ONE`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Active {
    pub idx: heapless::Vec<u16, MAX_ACTIVE>,
    pub val: heapless::Vec<i32, MAX_ACTIVE>,
}

impl Active {
    fn push(&mut self, idx: usize, val: i32) {
        if val != 0 {
            let _ = self.idx.push(idx as u16);
            let _ = self.val.push(val);
        }
    }
}

/// Whether the learned evaluation applies to these rules: 2 players, standard deal,
/// classic primiera, no napola or re bello (the rules it was trained on).
pub(crate) fn applies(st: &HandState) -> bool {
    let r = st.rules();
    r.players == 2
        && r.deal == DealKind::Standard
        && r.primiera == PrimieraRule::Classic
        && r.ace == AceRule::Plain
        && !r.napola
        && !r.re_bello
}

/// The points already made by `side` minus the other's, in centipoints: scope and a
/// settebello taken.
pub(crate) fn made(st: &HandState, side: u8) -> i32 {
    let other = 1 - side;
    let mut v = POINT * (i32::from(st.scope(side)) - i32::from(st.scope(other)));
    if st.pile(side).contains(Card::SETTEBELLO) {
        v += POINT;
    } else if st.pile(other).contains(Card::SETTEBELLO) {
        v -= POINT;
    }
    v
}

/// The features of `st` (2 sides) from `side`'s point of view.
pub(crate) fn features(st: &HandState, side: u8, out: &mut Active) {
    out.idx.clear();
    out.val.clear();
    let other = 1 - side;
    let (mine, theirs) = (st.pile(side), st.pile(other));
    let out_cards = (mine | theirs | st.table()).complement();
    let rest = (mine | theirs).complement();
    let round = usize::from((st.plays() / st.rules().plays_per_round()).min(5));
    // Carte.
    let lead = (mine.len() as i32 - theirs.len() as i32).clamp(-CARTE_LEAD, CARTE_LEAD);
    let bucket = (rest.len() as usize / 4).min(CARTE_BUCKETS - 1);
    out.push(
        CARTE + (lead + CARTE_LEAD) as usize * CARTE_BUCKETS + bucket,
        ONE,
    );
    // Denari.
    let lead = (mine.count_suit(Suit::Denari) as i32 - theirs.count_suit(Suit::Denari) as i32)
        .clamp(-DENARI_LEAD, DENARI_LEAD);
    let left = rest.count_suit(Suit::Denari) as usize;
    out.push(DENARI + (lead + DENARI_LEAD) as usize * 11 + left, ONE);
    // Primiera: sevens, sixes, aces.
    for (k, v) in [7u8, 6, 1].into_iter().enumerate() {
        let lead = mine.count_value(v) as i32 - theirs.count_value(v) as i32;
        let left = rest.count_value(v) as usize;
        out.push(PRIM + k * 45 + (lead + 4) as usize * 5 + left, ONE);
    }
    let mover = st.rules().side_of(st.turn());
    let sign = if mover == side { ONE } else { -ONE };
    // Settebello still out.
    if st.table().contains(Card::SETTEBELLO) {
        out.push(SETTE + usize::from(mover != side), ONE);
    } else if rest.contains(Card::SETTEBELLO) {
        out.push(SETTE + 2, ONE);
    }
    // The table the next player faces.
    let table = st.table();
    if !st.is_finished() {
        let sweeps = sweep_values(table, st.rules().ace);
        let mut good = 0;
        for v in 1..=10u8 {
            if sweeps >> v & 1 != 0 {
                good += out_cards.count_value(v);
            }
        }
        let hand = u32::from(st.rules().cards_per_round());
        let p = p_holds_any(out_cards.len(), good, hand);
        out.push(SWEEP + round, sign * p / 1024);
        out.push(
            TABLE_SIZE + (table.len() as usize).min(TABLE_SIZE_N - 1),
            sign,
        );
        out.push(TABLE_CARDS, sign * table.count_suit(Suit::Denari) as i32);
        out.push(TABLE_CARDS + 1, sign * table.count_value(7) as i32);
        out.push(
            TABLE_CARDS + 2,
            sign * eval::set_value(st.rules(), table) / 16,
        );
        out.push(MOVER + round, sign);
    }
    match st.last_capture() {
        Some(s) if s == side => out.push(LAST + round, ONE),
        Some(_) => out.push(LAST + round, -ONE),
        None => {}
    }
}

/// The learned value of `st` for `side` (centipoints, its points minus the other's).
pub(crate) fn value(st: &HandState, side: u8) -> i32 {
    if st.is_finished() {
        return eval::value(st, side);
    }
    let mut a = Active::default();
    features(st, side, &mut a);
    let mut sum = 0i64;
    for (&i, &v) in a.idx.iter().zip(a.val.iter()) {
        sum += i64::from(WEIGHTS[usize::from(i)]) * i64::from(v);
    }
    made(st, side) + (sum / i64::from(ONE)) as i32
}
