//! A search node's moves: generated card by card, kept best first by a cheap ordering key
//! (sweeps, then valuable captures, then cheap lays), in a fixed-size buffer.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::scopa::capture::{self, Move};
use crate::scopa::hand::HandState;

use super::eval;

/// Moves kept per search node (the best by move ordering). Standard deals never come
/// close in practice; scopone positions with more moves than this drop the least
/// promising ones inside the search (never at the root).
pub const NODE_MOVES: usize = 16;

/// A node's moves, at most `N`, best first by the ordering key ([`order_key`]; ties in
/// generation order). The search keeps [`NODE_MOVES`].
pub struct MoveBuf<const N: usize = NODE_MOVES> {
    mv: [Move; N],
    key: [i16; N],
    len: usize,
}

impl<const N: usize> Default for MoveBuf<N> {
    fn default() -> MoveBuf<N> {
        MoveBuf::new()
    }
}

impl<const N: usize> MoveBuf<N> {
    /// An empty buffer.
    pub fn new() -> MoveBuf<N> {
        MoveBuf {
            mv: [Move::lay(Card::SETTEBELLO); N],
            key: [0; N],
            len: 0,
        }
    }

    /// The moves, best first.
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.mv[..self.len]
    }

    /// Keeps `mv` alone.
    #[inline]
    pub fn keep_only(&mut self, mv: Move) {
        self.mv[0] = mv;
        self.len = 1;
    }

    /// Inserts keeping the keys in descending order; when full, drops the worst.
    fn push(&mut self, mv: Move, key: i16) {
        let mut i = self.len;
        if i == N {
            if key <= self.key[N - 1] {
                return;
            }
            i -= 1;
        } else {
            self.len += 1;
        }
        while i > 0 && self.key[i - 1] < key {
            self.mv[i] = self.mv[i - 1];
            self.key[i] = self.key[i - 1];
            i -= 1;
        }
        self.mv[i] = mv;
        self.key[i] = key;
    }
}

/// Ordering key of `mv` in `st` (whose table is `table`): sweeps, then valuable captures,
/// then cheap lays.
pub fn order_key(st: &HandState, table: CardSet, mv: Move) -> i16 {
    let rules = st.rules();
    if mv.is_lay() {
        return -(eval::take_value(rules, mv.card()) as i16);
    }
    let mut k = 1000 + eval::set_value(rules, mv.capture() | CardSet::single(mv.card())) as i16;
    if (table - mv.capture()).is_empty() && !st.is_last_play() {
        k += 1000;
    }
    k
}

/// Fills `buf` with the moves of the seat to play. Kept out of line so that the capture
/// list it builds is not part of every recursive frame of the search.
#[inline(never)]
pub fn gen_moves<const N: usize>(st: &HandState, buf: &mut MoveBuf<N>) {
    let table = st.table();
    let ace = st.rules().ace;
    for card in st.hand(st.turn()) {
        for &cap in capture::captures(table, card, ace).iter() {
            let mv = Move::new(card, cap);
            buf.push(mv, order_key(st, table, mv));
        }
    }
}

/// `st` after `mv` (out of line: the play's event list stays out of the recursive frame).
#[inline(never)]
pub fn played(st: &HandState, mv: Move) -> HandState {
    let mut child = *st;
    child.play_unchecked(mv);
    child
}

/// Whether the play from `before` to `after` ended a round and dealt new cards.
#[inline]
pub fn dealt(before: &HandState, after: &HandState) -> bool {
    !after.is_finished() && before.deck_len() != after.deck_len()
}
