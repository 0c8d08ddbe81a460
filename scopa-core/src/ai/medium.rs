//! `medium`: a rule-based player, as a good club player plays.
//!
//! For every legal move it weighs, in centipoints:
//! - what the move takes: the settebello, coins, sevens, sixes and aces (primiera), cards,
//!   and a scopa;
//! - the sweep it leaves: for each card value that would sweep the table it leaves, the
//!   chance that the next player (always an opponent) holds one, counted from the cards
//!   this seat has **not** seen yet — a sweep made impossible by the cards already seen
//!   costs nothing;
//! - what it exposes: valuable cards left on the table that an unseen card could take.
//!
//! No search, no allocation: scratch is a few dozen bytes besides the move list.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::scopa::capture::Move;
use crate::scopa::hand::HandState;
use crate::scopa::rules::Rules;
use crate::scopa::view::PlayerView;

use super::eval::{POINT, p_holds_any, set_value, sweep_values, take_value};

/// Unseen cards per value (index 1 … 10).
fn unseen_by_value(unseen: CardSet) -> [u32; 11] {
    let mut n = [0u32; 11];
    for (v, slot) in n.iter_mut().enumerate().skip(1) {
        *slot = unseen.count_value(v as u8);
    }
    n
}

/// Cards the next player will hold when it plays after this move.
fn next_hand_size(view: &PlayerView) -> u32 {
    let r = view.rules();
    let next = (view.seat() + 1) % r.players;
    let h = u32::from(view.hand_size(next));
    if h == 0 && view.deck_left() > 0 {
        u32::from(r.cards_per_round())
    } else {
        h
    }
}

/// What the rule-based score of a move depends on: the position as the player to move
/// sees it.
#[derive(Copy, Clone, Debug)]
pub struct Situation {
    /// The rules.
    pub rules: Rules,
    /// The table before the move.
    pub table: CardSet,
    /// The cards the player to move has not seen.
    pub unseen: CardSet,
    /// Cards the next player will hold when it plays after this move.
    pub next_hand: u32,
    /// Whether the move is the last of the hand.
    pub last: bool,
}

impl Situation {
    /// The situation of the seat of `view`.
    pub fn of_view(view: &PlayerView) -> Situation {
        Situation {
            rules: *view.rules(),
            table: view.table(),
            unseen: view.unseen(),
            next_hand: next_hand_size(view),
            last: view.is_last_play(),
        }
    }
}

/// The score of one move in situation `sit`; higher is better.
pub fn score_in(sit: &Situation, mv: Move) -> i32 {
    let rules = &sit.rules;
    let table = sit.table;
    let unseen = sit.unseen;
    let by_value = unseen_by_value(unseen);
    let pool = unseen.len();
    let next_hand = sit.next_hand;
    let last = sit.last;

    let card = mv.card();
    let after = if mv.is_lay() {
        table | CardSet::single(card)
    } else {
        table - mv.capture()
    };
    let mut score = 0;
    if mv.is_lay() {
        // Laying gives the card away if it can be taken; prefer cheap cards.
        score -= take_value(rules, card) / 4;
    } else {
        score += set_value(rules, mv.capture() | CardSet::single(card));
        if after.is_empty() && !last {
            score += POINT * 3; // a scopa, and the next player faces an empty table
        }
    }
    if last {
        return score;
    }
    // The sweep this move leaves.
    let sweeps = sweep_values(after, rules.ace);
    let mut sweep_risk = 0;
    for v in 1..=10u32 {
        if sweeps >> v & 1 != 0 {
            let p = p_holds_any(pool, by_value[v as usize], next_hand);
            sweep_risk = sweep_risk.max(p);
        }
    }
    // A sweep costs its point plus everything it takes.
    score -= sweep_risk * (POINT + set_value(rules, after) / 2) / 1024;
    // Valuable cards left where an unseen card of the same value can take them.
    for c in after {
        let w = take_value(rules, c);
        if w >= 20 {
            let p = p_holds_any(pool, by_value[c.value() as usize], next_hand);
            score -= p * w / 2048;
        }
    }
    // Laying a seven or the settebello where sums can reach it is worse still.
    if mv.is_lay() && card == Card::SETTEBELLO {
        score -= POINT / 2;
    }
    score
}

/// The rule-based choice: best score, the first in canonical order on ties.
pub fn choose(view: &PlayerView, moves: &[Move]) -> Option<Move> {
    let sit = Situation::of_view(view);
    let mut best: Option<(i32, Move)> = None;
    for &mv in moves {
        let s = score_in(&sit, mv);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// [`choose`] among the legal moves of the view's seat, enumerated card by card in the same
/// canonical order instead of from a move list: the same move, without the list's 2 KB on
/// the stack (the inference replays this player for every world it draws).
pub fn choose_in_view(view: &PlayerView) -> Option<Move> {
    if !view.is_my_turn() {
        return None;
    }
    let sit = Situation::of_view(view);
    let mut best: Option<(i32, Move)> = None;
    for card in view.hand() {
        crate::scopa::capture::for_each_capture(view.table(), card, view.rules().ace, &mut |cap| {
            let mv = Move::new(card, cap);
            let s = score_in(&sit, mv);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, mv));
            }
        });
    }
    best.map(|(_, mv)| mv)
}

/// The move the rule-based player makes among `moves` for the seat to play in `st`, seeing
/// only what that seat sees: its hand, the table, the piles (the search's model of an
/// opponent that does not see the other hands). The first best in `moves`' order; `None`
/// when `moves` is empty.
#[inline(never)]
pub fn choose_in_state(st: &HandState, moves: &[Move]) -> Option<Move> {
    let rules = *st.rules();
    let turn = st.turn();
    let mut seen = st.hand(turn) | st.table();
    for side in 0..rules.sides() {
        seen |= st.pile(side);
    }
    let next = (turn + 1) % rules.players;
    let mut next_hand = st.hand(next).len();
    if next_hand == 0 && st.deck_len() > 0 {
        next_hand = u32::from(rules.cards_per_round());
    }
    let sit = Situation {
        rules,
        table: st.table(),
        unseen: seen.complement(),
        next_hand,
        last: st.is_last_play(),
    };
    let mut best = *moves.first()?;
    let mut best_score = i32::MIN;
    for &mv in moves {
        let s = score_in(&sit, mv);
        if s > best_score {
            best_score = s;
            best = mv;
        }
    }
    Some(best)
}
