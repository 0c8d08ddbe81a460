//! The AI levels at a two-deck table, with the names and promises of Scopa's ([`Level`]):
//! each sees only a [`TeamView`] and a seed, so the same view and seed give the same move
//! everywhere, and no level can reach a hidden card (a partner's neither).
//!
//! - `random`: any legal move.
//! - `easy`: the capture worth most at once (a scopa, the settebello, coins, cards);
//!   with nothing to take, lays its least useful card.
//! - `medium`: `easy`, and it minds the next seat — always an opponent, partners sit
//!   opposite — leaving it no sweep (a table of 10 or less) and no easy 7.
//! - `expert`: imagines the unseen cards dealt consistently with the view
//!   ([`TeamBudget::playouts`] imagined deals in all), plays each candidate move to the end
//!   of the hand in each of them with every seat playing `medium`, and keeps the move whose
//!   side ends best on average against the best other side: partners play for the side.
//! - `handheld`: the expert with a smaller budget.
//!
//! Budgets are counts, never times; nothing allocates.

use crate::ai::Level;
use crate::card::{Card, Suit};
use crate::deal::{SplitMix64, below};
use crate::multiset::CardMultiset;

use super::capture::{TeamMove, for_each_capture};
use super::hand::TeamHand;
use super::view::TeamView;

/// How much the expert may think, in counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamBudget {
    /// Imagined deals played to the end of the hand, over all candidate moves.
    pub playouts: u32,
}

impl TeamBudget {
    /// The budget of a level (`random`, `easy` and `medium` do not search).
    pub const fn of(level: Level) -> TeamBudget {
        match level {
            Level::Handheld => TeamBudget { playouts: 240 },
            _ => TeamBudget { playouts: 1200 },
        }
    }
}

/// The most candidate moves the expert plays out; past it, the best by `medium`.
const CANDIDATES: usize = 24;

/// The move a `level` player would make from `view`, or `None` when it is not the view's
/// seat to play (or its hand is empty).
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::scopa::teams::{TeamMatch, choose_move};
/// use scopa_core::scopa::Rules;
/// let game = TeamMatch::new(Rules::default().with_players(6), 5).unwrap();
/// let seat = game.turn();
/// let view = game.hand().view(seat, game.scores()).unwrap();
/// let mv = choose_move(Level::Medium, &view, 1).unwrap();
/// assert!(game.hand().is_legal(seat, mv));
/// ```
pub fn choose_move(level: Level, view: &TeamView, seed: u64) -> Option<TeamMove> {
    choose_move_with_budget(level, view, seed, TeamBudget::of(level))
}

/// [`choose_move`] with an explicit budget for the searching levels.
pub fn choose_move_with_budget(
    level: Level,
    view: &TeamView,
    seed: u64,
    budget: TeamBudget,
) -> Option<TeamMove> {
    if view.turn != view.seat || view.hand.is_empty() {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let last = view.plays + 1 >= view.rules.plays_per_hand();
    match level {
        Level::Random => {
            let n = count_moves(view.hand, view.table, view);
            let k = below(&mut rng, n as u32) as usize;
            nth_move(view.hand, view.table, view, k)
        }
        Level::Easy => best_by(view.hand, view.table, view, last, easy_value),
        Level::Medium => {
            let unseen = Unseen::of(view.unseen());
            best_by(view.hand, view.table, view, last, |t, mv, l| {
                medium_value(t, mv, l, &unseen)
            })
        }
        Level::Expert | Level::Handheld => expert(view, &mut rng, budget),
    }
}

fn for_each_move(
    hand: CardMultiset,
    table: CardMultiset,
    view: &TeamView,
    emit: &mut impl FnMut(TeamMove),
) {
    for card in hand.distinct() {
        for_each_capture(table, card, view.rules.ace, &mut |capture| {
            emit(TeamMove { card, capture })
        });
    }
}

fn count_moves(hand: CardMultiset, table: CardMultiset, view: &TeamView) -> usize {
    let mut n = 0;
    for_each_move(hand, table, view, &mut |_| n += 1);
    n
}

fn nth_move(
    hand: CardMultiset,
    table: CardMultiset,
    view: &TeamView,
    k: usize,
) -> Option<TeamMove> {
    let (mut i, mut out) = (0, None);
    for_each_move(hand, table, view, &mut |mv| {
        if i == k {
            out = Some(mv);
        }
        i += 1;
    });
    out
}

/// The first move with the highest `value` (ties keep the earlier move: deterministic).
fn best_by(
    hand: CardMultiset,
    table: CardMultiset,
    view: &TeamView,
    last: bool,
    value: impl Fn(CardMultiset, TeamMove, bool) -> i32,
) -> Option<TeamMove> {
    let mut best: Option<(i32, TeamMove)> = None;
    for_each_move(hand, table, view, &mut |mv| {
        let v = value(table, mv, last);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, mv));
        }
    });
    best.map(|(_, mv)| mv)
}

/// What a card is worth to its side's pile: the settebello most, then 7s (primiera),
/// coins, 6s and Aces, and 1 for the card itself.
fn card_worth(card: Card) -> i32 {
    let mut w = 2;
    if card == Card::SETTEBELLO {
        w += 20;
    }
    if card.suit() == Suit::Denari {
        w += 3;
    }
    w + match card.value() {
        7 => 6,
        6 => 3,
        1 => 2,
        _ => 0,
    }
}

/// `easy`: what the move takes at once; a laid card costs what it is worth.
fn easy_value(table: CardMultiset, mv: TeamMove, last: bool) -> i32 {
    if mv.is_lay() {
        return -card_worth(mv.card);
    }
    let mut v = card_worth(mv.card);
    for c in mv.capture {
        v += card_worth(c);
    }
    if !last && (table - mv.capture).is_empty() {
        v += 40;
    }
    v
}

/// The values of the cards a seat has not seen, for the odds that the next seat holds one.
#[derive(Copy, Clone)]
struct Unseen {
    by_value: [u8; 11],
    total: u8,
}

impl Unseen {
    fn of(unseen: CardMultiset) -> Unseen {
        let mut by_value = [0u8; 11];
        for (v, n) in by_value.iter_mut().enumerate().skip(1) {
            *n = unseen.count_value(v as u8) as u8;
        }
        Unseen {
            by_value,
            total: unseen.len() as u8,
        }
    }

    /// In percent, the chance that a hand of 3 holds a card of `value` (capped at 100).
    fn odds(&self, value: u8) -> i32 {
        if self.total == 0 {
            return 0;
        }
        let n = i32::from(self.by_value[usize::from(value)]);
        (300 * n / i32::from(self.total)).min(100)
    }
}

/// `medium`: `easy`, minus what the move puts at risk with the next seat (always an
/// opponent): a sweep of a table worth 10 or less, weighed by the odds that it holds the
/// card of that value, and the settebello left lying.
fn medium_value(table: CardMultiset, mv: TeamMove, last: bool, unseen: &Unseen) -> i32 {
    // Taking cards comes first, as with `easy`; the risks choose among the captures, or
    // among the cards to lay.
    let mut v = easy_value(table, mv, last) + if mv.is_lay() { 0 } else { 1000 };
    if last {
        return v;
    }
    let after = if mv.is_lay() {
        let mut t = table;
        let _ = t.insert(mv.card);
        t
    } else {
        table - mv.capture
    };
    let sum = after.value_sum();
    if !after.is_empty() && sum <= 10 {
        let at_stake = 40 + 2 * (after.len() as i32 + 1);
        v -= unseen.odds(sum as u8) * at_stake / 100;
    }
    if mv.is_lay() {
        // The laid card itself may go to the next seat with one of its value.
        v -= unseen.odds(mv.card.value()) * 2 * card_worth(mv.card) / 100;
    }
    if after.contains(Card::SETTEBELLO) {
        v -= unseen.odds(7) * 22 / 100;
    }
    v
}

fn expert(view: &TeamView, rng: &mut SplitMix64, budget: TeamBudget) -> Option<TeamMove> {
    let last = view.plays + 1 >= view.rules.plays_per_hand();
    // The candidates: every move, or the CANDIDATES best by `medium`.
    let mut cands: heapless::Vec<(i32, TeamMove), CANDIDATES> = heapless::Vec::new();
    let seen_from_here = Unseen::of(view.unseen());
    for_each_move(view.hand, view.table, view, &mut |mv| {
        let v = medium_value(view.table, mv, last, &seen_from_here);
        if cands.len() < CANDIDATES {
            let _ = cands.push((v, mv));
        } else if let Some((i, _)) = cands.iter().enumerate().min_by_key(|(_, c)| c.0)
            && v > cands[i].0
        {
            cands[i] = (v, mv);
        }
    });
    match cands.len() {
        0 => return None,
        1 => return Some(cands[0].1),
        _ => {}
    }
    let rounds = (budget.playouts / cands.len() as u32).max(1);
    let mut unseen: heapless::Vec<Card, 80> = view.unseen().iter().collect();
    let mut totals = [0i64; CANDIDATES];
    for _ in 0..rounds {
        // One imagined deal for every candidate (the same for each: fairer comparisons).
        for i in (1..unseen.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            unseen.swap(i, j);
        }
        let Some(world) = TeamHand::imagined(view, &unseen) else {
            return Some(cands[0].1);
        };
        for (k, &(_, mv)) in cands.iter().enumerate() {
            let mut hand = world;
            if hand.play(view.seat, mv).is_err() {
                continue;
            }
            totals[k] += playout(hand, view.side());
        }
    }
    let mut best = 0;
    for k in 1..cands.len() {
        if totals[k] > totals[best] {
            best = k;
        }
    }
    Some(cands[best].1)
}

/// Plays `hand` to its end with every seat playing `medium`; the side's hand points
/// minus the best other side's (×16), plus its cards minus theirs as a tie-break.
fn playout(mut hand: TeamHand, side: u8) -> i64 {
    while !hand.is_finished() {
        let seat = hand.turn();
        let last = hand.plays() + 1 >= hand.rules().plays_per_hand();
        let table = hand.table();
        let own = hand.hand(seat);
        let mut seen = table.checked_add(own).unwrap_or(table);
        for side in 0..hand.rules().sides() {
            seen = seen.checked_add(hand.pile(side)).unwrap_or(seen);
        }
        let unseen = Unseen::of(CardMultiset::TWO_DECKS - seen);
        let mut best: Option<(i32, TeamMove)> = None;
        for card in own.distinct() {
            for_each_capture(table, card, hand.rules().ace, &mut |capture| {
                let mv = TeamMove { card, capture };
                let v = medium_value(table, mv, last, &unseen);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, mv));
                }
            });
        }
        let Some((_, mv)) = best else { break };
        if hand.play(seat, mv).is_err() {
            break;
        }
    }
    let Some(score) = hand.score() else { return 0 };
    let own = score.side(side);
    let mut best_other = (0i64, 0i64);
    for other in 0..score.side_count() {
        if other != side {
            let s = score.side(other);
            best_other.0 = best_other.0.max(i64::from(s.total()));
            best_other.1 = best_other.1.max(i64::from(s.cards));
        }
    }
    16 * (i64::from(own.total()) - best_other.0) + (i64::from(own.cards) - best_other.1)
}
