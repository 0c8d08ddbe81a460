//! The AI levels for Briscola, with the names and promises of Scopa's
//! ([`Level`]): each sees only a [`BriscolaView`](super::BriscolaView) and a seed, so the same
//! view and seed give the same card everywhere, and no level can reach a hidden card.
//!
//! - `random`: any card.
//! - `easy`: a beginner — takes a trick with a higher card of the suit led, never trumps,
//!   otherwise throws its cheapest card.
//! - `medium` ([`medium`]): rule-based as a club player — leads a worthless card, saves its
//!   carichi (Aces and 3s), takes points cheaply (the smallest winning card; a trump only
//!   for a trick worth it), loads its partner's winning trick, counts the trumps still out.
//! - `expert`: imagines the unseen cards dealt consistently with everything played
//!   ([`BriscolaBudget::samples`] deals), plays each card to the end of the hand in each of
//!   them, and keeps the best on average; once the stock is empty with two players nothing
//!   is hidden and it searches the rest of the hand exactly (alpha-beta, at most
//!   [`BriscolaBudget::nodes`] positions).
//! - `handheld`: the expert with a budget small enough for the handheld.
//!
//! Budgets are counts, never times; nothing allocates.
//!
//! Every level is written once over the card container ([`BriscolaCards`]) and plays the
//! two-deck tables too ([`TwoDeckView`](super::TwoDeckView), 6 or 8 players): partners
//! play for their side (the medium level loads a partner's winning trick, the expert scores
//! each imagined hand by its side's margin), and the expert's deals are sized by
//! [`BriscolaBudget::for_rules`] (half as many with two decks, whose playouts are longer).

use crate::ai::Level;
use crate::card::Card;
use crate::deal::{SplitMix64, below};

use super::cards::BriscolaCards;
use super::hand::{BriscolaHandOf, BriscolaViewOf};
use super::infer::{self, Inference};
use super::net::Net;
pub use super::rule_players::medium;
use super::rule_players::{distinct, easy, first, partner_taking, to_play, trick_points};
use super::rules::BriscolaRules;
use super::search::{self, Search};
use super::trick::{beats, card_points, rank, trick_winner};

/// How much the expert may think, in counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaBudget {
    /// Deals of the unseen cards imagined (each card is played out in every one).
    pub samples: u16,
    /// Positions the exact endgame search may visit before it falls back to the samples.
    pub nodes: u32,
}

impl BriscolaBudget {
    /// The budget of a level (`random`, `easy` and `medium` do not search).
    pub const fn of(level: Level) -> BriscolaBudget {
        match level {
            Level::Handheld => BriscolaBudget {
                samples: 64,
                nodes: 20_000,
            },
            _ => BriscolaBudget {
                samples: 256,
                nodes: 400_000,
            },
        }
    }

    /// The budget of a level at the table of `rules`: [`of`](BriscolaBudget::of) with one
    /// deck; with two decks half the deals (each imagined hand of 6 or 8 players is several
    /// times as long to play out), so that the expert's median move stays a few
    /// milliseconds (measured by the `the_expert_plays_two_deck_tables_in_its_budget` test).
    pub const fn for_rules(level: Level, rules: &BriscolaRules) -> BriscolaBudget {
        let budget = BriscolaBudget::of(level);
        if learned_table(rules) {
            // The learned search: fewer worlds, each searched deeper.
            match level {
                Level::Handheld => BriscolaBudget {
                    samples: 16,
                    nodes: 20_000,
                },
                _ => BriscolaBudget {
                    samples: 48,
                    nodes: 400_000,
                },
            }
        } else if rules.decks >= 2 {
            BriscolaBudget {
                samples: budget.samples / 2,
                nodes: budget.nodes,
            }
        } else {
            budget
        }
    }
}

/// Why the AI plays a card, for a hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaReason {
    /// It takes the trick, and the points in it.
    Takes {
        /// The trick's points with this card.
        points: u8,
    },
    /// It trumps the trick to take its points.
    Trumps {
        /// The trick's points with this card.
        points: u8,
    },
    /// It gives points to a partner who is taking the trick.
    Loads {
        /// The points given.
        points: u8,
    },
    /// It does not take the trick (and gives no points to a partner taking it).
    Discards,
    /// It leads the trick.
    LeadsLow,
    /// Nothing is hidden any more: the rest of the hand was searched exactly.
    Exact,
    /// It does not spend a briscola on this trick though one would take it: the search
    /// found it better kept, and `card` (the strongest carico of another suit not seen
    /// yet) is still out for it to take.
    KeepsTrump {
        /// The Ace or 3 still out.
        card: Card,
    },
    /// Over the deals it imagined, the search found this card better than the next best
    /// one, `other`, by about `points` card points by the end of the hand.
    BetterBy {
        /// The next best card.
        other: Card,
        /// The difference, in card points (rounded, at least 1).
        points: u8,
    },
}

/// A suggestion: the card and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaHint {
    /// The card to play.
    pub card: Card,
    /// Why.
    pub reason: BriscolaReason,
}

/// The card `level` plays in `view` (the seat to play must be the viewer, with a card);
/// `None` when it is not the viewer's turn or its hand is empty.
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::briscola::{BriscolaMatch, BriscolaRules, choose_card};
/// let m = BriscolaMatch::new(BriscolaRules::default(), 4).unwrap();
/// let view = m.view(m.turn()).unwrap();
/// let card = choose_card(Level::Expert, &view, 1).unwrap();
/// assert!(view.hand.contains(card));
/// ```
///
/// With two decks (the same function over a [`TwoDeckView`](super::TwoDeckView)):
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::briscola::{BriscolaRules, TwoDeckMatch, choose_card};
/// let rules = BriscolaRules { players: 8, decks: 2, ..BriscolaRules::default() };
/// let m = TwoDeckMatch::new(rules, 4).unwrap();
/// let view = m.view(m.turn()).unwrap();
/// let card = choose_card(Level::Expert, &view, 1).unwrap();
/// assert!(view.hand.contains(card));
/// ```
pub fn choose_card<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    level: Level,
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
) -> Option<Card> {
    choose_card_with_budget(
        level,
        view,
        seed,
        BriscolaBudget::for_rules(level, &view.rules),
    )
}

/// [`choose_card`] with an explicit budget for the searching levels.
pub fn choose_card_with_budget<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    level: Level,
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: BriscolaBudget,
) -> Option<Card> {
    if !to_play(view) {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    Some(match level {
        Level::Random => view
            .hand
            .nth_card(below(&mut rng, view.hand.size()))
            .unwrap_or(first(view.hand)),
        Level::Easy => easy(view),
        Level::Medium => medium(view),
        Level::Expert | Level::Handheld => {
            expert(view, &mut rng, budget, true, inference_for(&view.rules)).0
        }
    })
}

/// The expert's suggestion for the viewer, with a reason.
pub fn hint<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> Option<BriscolaHint> {
    if !to_play(view) {
        return None;
    }
    let budget = BriscolaBudget::for_rules(Level::Expert, &view.rules);
    if C::DECKS == 1 && learned_table(&view.rules) && view.stock > 0 && view.hand.size() > 1 {
        let (totals, worlds) = learned_values(
            view,
            &mut SplitMix64::new(0x5C0FA),
            budget,
            &Net::BUILT_IN,
            EXPERT_INFERENCE,
        );
        let card = best_of(view.hand, &totals);
        return Some(BriscolaHint {
            card,
            reason: searched_reason(view, card, &totals, worlds),
        });
    }
    let (card, exact) = expert(
        view,
        &mut SplitMix64::new(0x5C0FA),
        budget,
        true,
        inference_for(&view.rules),
    );
    Some(BriscolaHint {
        card,
        reason: if exact {
            BriscolaReason::Exact
        } else {
            reason(view, card)
        },
    })
}

/// The reason a card is played, read from the trick.
fn reason<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    card: Card,
) -> BriscolaReason {
    let trick = view.trick();
    if trick.is_empty() {
        return BriscolaReason::LeadsLow;
    }
    let trump = view.trump();
    let best = trick[trick_winner(trump, trick).unwrap_or(0)];
    let points = trick_points(trick) + card_points(card);
    if beats(trump, best, card) {
        if card.suit() == trump && best.suit() != trump {
            BriscolaReason::Trumps { points }
        } else {
            BriscolaReason::Takes { points }
        }
    } else if partner_taking(view) && card_points(card) > 0 {
        BriscolaReason::Loads {
            points: card_points(card),
        }
    } else {
        BriscolaReason::Discards
    }
}

/// The score of a finished (or abandoned) hand for `seat`'s side: its points minus the
/// best other side's.
pub fn margin<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    h: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    seat: u8,
) -> i32 {
    let score = h.score();
    let mine = h.rules().side_of(seat);
    let mut other = 0;
    for side in 0..h.rules().sides() {
        if side != mine {
            other = other.max(i32::from(score.points[usize::from(side)]));
        }
    }
    i32::from(score.points[usize::from(mine)]) - other
}

/// Plays `h` to the end with every seat playing as the medium level would.
pub(crate) fn play_out<
    C: BriscolaCards,
    const SEATS: usize,
    const SIDES: usize,
    const DECK: usize,
>(
    h: &mut BriscolaHandOf<C, SEATS, SIDES, DECK>,
) {
    while !h.is_over() {
        let seat = h.turn();
        let card = match h.view(seat) {
            Some(v) => medium(&v),
            None => return,
        };
        if h.play(seat, card).is_err() {
            return;
        }
    }
}

/// Exact alpha-beta on a hand with nothing hidden: the final margin for `me`'s side.
pub(crate) fn exact<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    h: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    me: u8,
    alpha: i32,
    beta: i32,
    nodes: &mut u32,
) -> Option<i32> {
    if h.is_over() {
        return Some(margin(h, me));
    }
    *nodes = nodes.checked_sub(1)?;
    let seat = h.turn();
    let maximising = h.rules().side_of(seat) == h.rules().side_of(me);
    let (mut alpha, mut beta) = (alpha, beta);
    let mut best = if maximising { i32::MIN } else { i32::MAX };
    for card in h.hand(seat) {
        let mut next = *h;
        if next.play(seat, card).is_err() {
            continue;
        }
        let v = exact(&next, me, alpha, beta, nodes)?;
        if maximising {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The expert: the card, and whether it was found by the exact search.
fn expert<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    budget: BriscolaBudget,
    use_net: bool,
    inference: Inference,
) -> (Card, bool) {
    if C::DECKS == 1 {
        expert_in::<C, SEATS, SIDES, 40>(view, rng, budget, use_net, inference)
    } else {
        expert_in::<C, SEATS, SIDES, 80>(view, rng, budget, use_net, inference)
    }
}

/// The expert without the learned search, as it was before issue 40 on every table: each
/// card played out to the end of the hand by `medium` in `budget.samples` imagined deals,
/// exact with two players once the stock is empty (the lab's frozen `expert-v1` is this
/// with its budget). `None` when it is not the viewer's turn.
pub fn choose_card_playouts<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: BriscolaBudget,
) -> Option<Card> {
    if !to_play(view) {
        return None;
    }
    Some(
        expert(
            view,
            &mut SplitMix64::new(seed),
            budget,
            false,
            Inference::OFF,
        )
        .0,
    )
}

/// [`expert`] with imagined hands of a `DECK`-card deck.
fn expert_in<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    budget: BriscolaBudget,
    use_net: bool,
    inference: Inference,
) -> (Card, bool) {
    let hand = view.hand;
    if hand.size() == 1 {
        return (first(hand), false);
    }
    // Two players, empty stock: every unseen card is in the other hand.
    if view.rules.players == 2 && view.stock == 0 {
        let world = BriscolaHandOf::<C, SEATS, SIDES, DECK>::imagine(view, rng);
        let mut nodes = budget.nodes;
        let mut best: Option<(i32, Card)> = None;
        let mut complete = true;
        for card in distinct(hand) {
            let mut next = world;
            if next.play(view.seat, card).is_err() {
                continue;
            }
            match exact(&next, view.seat, -200, 200, &mut nodes) {
                Some(v) if best.is_none_or(|(b, _)| v > b) => best = Some((v, card)),
                Some(_) => {}
                None => {
                    complete = false;
                    break;
                }
            }
        }
        if complete && let Some((_, card)) = best {
            return (card, true);
        }
    }
    if use_net && C::DECKS == 1 && learned_table(&view.rules) {
        return (learned(view, rng, budget, &Net::BUILT_IN, inference), false);
    }
    let mut totals = [0i32; 40];
    for _ in 0..budget.samples.max(1) {
        let world = infer::draw::<C, SEATS, SIDES, DECK>(view, rng, inference);
        for card in distinct(hand) {
            let mut h = world;
            if h.play(view.seat, card).is_ok() {
                play_out(&mut h);
                totals[usize::from(card.index())] += margin(&h, view.seat);
            }
        }
    }
    let mut best: Option<(i32, Card)> = None;
    for card in distinct(hand) {
        let t = totals[usize::from(card.index())];
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, card));
        }
    }
    (best.map_or(first(hand), |(_, c)| c), false)
}

/// Whether the learned search plays this table: two players, one deck, three cards a hand
/// (what its network was trained on); elsewhere the expert plays each card out.
pub const fn learned_table(rules: &BriscolaRules) -> bool {
    rules.players == 2 && rules.decks == 1 && rules.hand_size == 3
}

/// Tricks searched in each world before the network values the position.
pub const LEARNED_TRICKS: u8 = 2;
/// With at most this many cards left in the stock, each world is searched to the end.
pub const EXACT_STOCK: u8 = 4;

/// [`choose_card_with_budget`]'s expert on a table of [`learned_table`] with the network
/// `net` (the lab measures its training checkpoints with it); other tables and levels as
/// [`choose_card_with_budget`].
pub fn choose_card_with_net<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: BriscolaBudget,
    net: &Net<'_>,
) -> Option<Card> {
    if !to_play(view) {
        return None;
    }
    choose_card_learned(view, seed, budget, net, inference_for(&view.rules))
}

/// [`choose_card_with_net`] reading the other seats' plays with `inference` (the lab
/// measures the expert with and without it); on other tables and moments as
/// [`choose_card_with_budget`]'s expert, with this inference (its play-out search on
/// tables of 3 or 4 players, nine cards or two decks).
pub fn choose_card_learned<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seed: u64,
    budget: BriscolaBudget,
    net: &Net<'_>,
    inference: Inference,
) -> Option<Card> {
    if !to_play(view) {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    if C::DECKS != 1 || !learned_table(&view.rules) || view.stock == 0 || view.hand.size() == 1 {
        // As the expert level (the play-out search on other tables), with this inference.
        return Some(expert(view, &mut rng, budget, true, inference).0);
    }
    Some(learned(view, &mut rng, budget, net, inference))
}

/// How the expert and the handheld read the other seats' plays on the learned table
/// ([`infer`]): each imagined deal is the first of up to 32 in which `medium`, holding the
/// deal's cards, makes the other seat's plays of the current and the last trick (else the
/// 32nd). Chosen in the lab (docs/ai.md: stricter reading measured better than softer).
pub const EXPERT_INFERENCE: Inference = Inference {
    candidates: 32,
    soft: 0,
};

/// The inference the expert uses at the table of `rules`: [`EXPERT_INFERENCE`] on the
/// learned table ([`learned_table`]), none elsewhere.
pub const fn inference_for(rules: &BriscolaRules) -> Inference {
    if learned_table(rules) {
        EXPERT_INFERENCE
    } else {
        Inference::OFF
    }
}

/// The learned search ([`search`]): the card with the best value summed over the worlds.
fn learned<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    budget: BriscolaBudget,
    net: &Net<'_>,
    inference: Inference,
) -> Card {
    best_of(
        view.hand,
        &learned_values(view, rng, budget, net, inference).0,
    )
}

/// The learned search of one move, with the budget's nodes.
pub(crate) fn learned_search<'n>(net: &'n Net<'n>, budget: BriscolaBudget) -> Search<'n> {
    Search {
        net,
        nodes: budget.nodes,
        evals: 0,
    }
}

/// Tricks the learned search looks ahead in each world with `stock` cards left to draw:
/// to the end of the hand once at most [`EXACT_STOCK`] are.
pub(crate) const fn learned_tricks(stock: u8) -> u8 {
    if stock <= EXACT_STOCK {
        u8::MAX
    } else {
        LEARNED_TRICKS
    }
}

/// Each card's value (sixteenths of a point, by card index) summed over the worlds
/// searched, and how many worlds were.
fn learned_values<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    budget: BriscolaBudget,
    net: &Net<'_>,
    inference: Inference,
) -> ([i32; 40], u32) {
    let hand = view.hand;
    let mut s = learned_search(net, budget);
    let tricks = learned_tricks(view.stock);
    let mut totals = [0i32; 40];
    let mut worlds = 0;
    'worlds: for _ in 0..budget.samples.max(1) {
        let w = search::world(view, rng, inference);
        let mut values = [0i32; 40];
        for card in distinct(hand) {
            match s.child(&w, card.index(), tricks, -10_000, 10_000) {
                Some(v) => values[usize::from(card.index())] = v,
                None => break 'worlds,
            }
        }
        for (t, v) in totals.iter_mut().zip(values) {
            *t += v;
        }
        worlds += 1;
    }
    (totals, worlds)
}

/// The card of `hand` with the highest total (ties: the first in canonical order).
fn best_of<C: BriscolaCards>(hand: C, totals: &[i32; 40]) -> Card {
    let mut best: Option<(i32, Card)> = None;
    for card in distinct(hand) {
        let t = totals[usize::from(card.index())];
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, card));
        }
    }
    best.map_or(first(hand), |(_, c)| c)
}

/// The plainest true reason for `card`, from what the search found: a briscola kept for a
/// carico still out; else what the card does to the trick (takes, trumps, loads); else by
/// how much it beat the next best card.
fn searched_reason<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    card: Card,
    totals: &[i32; 40],
    worlds: u32,
) -> BriscolaReason {
    let trump = view.trump();
    let trick = view.trick();
    if let Some(&lead) = trick.first()
        && card.suit() != trump
        && lead.suit() != trump
        && !beats(trump, lead, card)
        && view.hand.into_iter().any(|c| c.suit() == trump)
    {
        // A briscola would have taken the trick; the search kept it. For what?
        let carico = view
            .unseen()
            .into_iter()
            .filter(|&c| c.suit() != trump && card_points(c) >= 10)
            .max_by_key(|&c| (card_points(c), rank(c)));
        if let Some(c) = carico {
            return BriscolaReason::KeepsTrump { card: c };
        }
    }
    let plain = reason(view, card);
    if !matches!(plain, BriscolaReason::Discards | BriscolaReason::LeadsLow) {
        return plain;
    }
    let mine = totals[usize::from(card.index())];
    let next = distinct(view.hand)
        .filter(|&c| c != card)
        .map(|c| (totals[usize::from(c.index())], c))
        .max_by_key(|&(t, c)| (t, core::cmp::Reverse(c)));
    match next {
        Some((t, other)) if worlds > 0 && (mine - t) / (16 * worlds as i32) >= 1 => {
            BriscolaReason::BetterBy {
                other,
                points: ((mine - t) / (16 * worlds as i32)).min(120) as u8,
            }
        }
        _ => plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::briscola::BriscolaHand;

    /// The hint's reasons from the search are true of the position: a kept briscola is in
    /// the hand and the carico named is unseen and of another suit; the card it beats is
    /// in the hand. Both appear in a few random hands.
    #[test]
    fn searched_reasons_are_true() {
        let (mut kept, mut better) = (0, 0);
        for seed in 0..12u64 {
            let mut rng = SplitMix64::new(seed);
            let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, &mut rng).unwrap();
            while !h.is_over() {
                let seat = h.turn();
                let view = h.view(seat).unwrap();
                let hint = hint(&view).unwrap();
                assert!(view.hand.contains(hint.card));
                match hint.reason {
                    BriscolaReason::KeepsTrump { card } => {
                        kept += 1;
                        assert!(view.unseen().contains(card));
                        assert_ne!(card.suit(), view.trump());
                        assert!(view.hand.into_iter().any(|c| c.suit() == view.trump()));
                        assert_ne!(hint.card.suit(), view.trump());
                    }
                    BriscolaReason::BetterBy { other, points } => {
                        better += 1;
                        assert!(view.hand.contains(other) && other != hint.card);
                        assert!(points >= 1);
                    }
                    _ => {}
                }
                h.play(seat, medium(&view)).unwrap();
            }
        }
        assert!(kept > 0 && better > 0, "kept {kept}, better {better}");
    }
}
