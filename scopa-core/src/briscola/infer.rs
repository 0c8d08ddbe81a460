//! Inference from play for the Briscola expert: an imagined deal is kept or rejected by how
//! well it explains the other seats' plays that the viewer has just seen — the current
//! trick's and the last completed trick's — under a model of their play (the rule-based
//! [`medium`] player). The approach of Scopa's [`crate::ai::posterior`]: rejection sampling.
//!
//! For each of those plays the seat's hand at that moment is rebuilt from the imagined
//! deal: its cards in the deal, plus the cards it has played since, minus the card it drew
//! after the last trick (the face-up briscola if it drew that, else one of its cards chosen
//! at random: each is equally likely to be the one drawn). Its view at that moment is
//! rebuilt from the viewer's by taking the plays since back (`past_view`): every fact in it
//! is public. If the model, in that view, plays the card the seat played, the play is
//! explained; if not, the deal survives it only with the chance [`Inference::soft`] / 256
//! (no model is exact: a seat that kept its trump under a carico led may still hold one).
//! A deal survives when it survives every play read, so the deals kept are draws from the
//! posterior of the model with that noise.
//!
//! Older plays are not read: the hand a seat held two tricks ago has mostly been played or
//! replaced, and its view then would need the trick before the last, which no view keeps.
//!
//! One deck only (with two decks a card may be held twice, and the draws of copies cannot
//! be told apart); the views are rebuilt on the stack, nothing allocates.

use crate::card::Card;
use crate::deal::{SplitMix64, below};

use super::cards::BriscolaCards;
use super::hand::{BriscolaHandOf, BriscolaViewOf, FILLER};
use super::rule_players::medium;

/// How the expert reads the other seats' plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Inference {
    /// Deals drawn at most for each one kept: the first that survives the plays read is
    /// kept, else the last drawn. 1 (or 0) reads nothing.
    pub candidates: u8,
    /// The chance, in 256ths, that a deal survives a play the model would not have made.
    pub soft: u8,
}

impl Inference {
    /// No inference: every imagined deal is kept.
    pub const OFF: Inference = Inference {
        candidates: 1,
        soft: 0,
    };
}

/// Where a play read was made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// The current trick's card `i`.
    Current(usize),
    /// The last completed trick's card `i`.
    Last(usize),
}

/// Whether seats drew after the last completed trick (it was not played from the hands
/// alone): the stock held cards after it.
fn drew_after_last<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> bool {
    let r = view.rules;
    let stock0 = u16::from(r.deck_len()) - u16::from(r.players) * u16::from(r.hand_size);
    view.tricks_done > 0 && stock0 > u16::from(r.players) * u16::from(view.tricks_done - 1)
}

/// The view `seat` had just before it made the play `at`, holding `hand`, rebuilt from
/// `view` by taking back every play since (and the draws after the last trick). Every
/// fact of it is public but `hand`; the trick before it is not known (its last trick is
/// empty). `None` if the view has no such play.
pub(crate) fn past_view<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    seat: u8,
    hand: C,
    at: At,
) -> Option<BriscolaViewOf<C, SEATS, SIDES>> {
    let n = view.rules.players;
    let mut v = *view;
    v.seat = seat;
    v.hand = hand;
    v.last = [FILLER; SEATS];
    v.last_len = 0;
    let (cur_from, last_from) = match at {
        At::Current(i) => (i, None),
        At::Last(i) => (0, Some(i)),
    };
    // Take back the current trick from card `cur_from`.
    let cur_len = usize::from(view.trick_len);
    if cur_from >= cur_len && last_from.is_none() {
        return None;
    }
    for j in cur_from..cur_len {
        let p = (view.leader + j as u8) % n;
        undo_play(&mut v, p, view.trick[j]);
        v.trick[j] = FILLER;
    }
    v.trick_len = cur_from.min(cur_len) as u8;
    let Some(i) = last_from else {
        return Some(v);
    };
    let last = view.last_trick();
    let leader = view.last_leader()?;
    if i >= last.len() {
        return None;
    }
    // Take back the draws after it, then the trick from card `i`.
    if drew_after_last(view) {
        for len in v.hand_lens[..usize::from(n)].iter_mut() {
            *len = len.saturating_sub(1);
        }
        if v.stock == 0 {
            // The last draw: the briscola was drawn then.
            v.briscola_holder = None;
            v.briscola_out = false;
        }
        v.stock += n;
    }
    let side = view.rules.side_of(view.leader);
    if let Some(pile) = v.piles.get_mut(usize::from(side)) {
        *pile = pile.without(C::of_cards(last));
    }
    v.tricks_done -= 1;
    v.leader = leader;
    v.trick = [FILLER; SEATS];
    v.trick[..i].copy_from_slice(&last[..i]);
    v.trick_len = i as u8;
    for (j, &card) in last.iter().enumerate().skip(i) {
        undo_play(&mut v, (leader + j as u8) % n, card);
    }
    Some(v)
}

/// Gives `card` back to seat `p`'s count (and the briscola back to its holder).
fn undo_play<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    v: &mut BriscolaViewOf<C, SEATS, SIDES>,
    p: u8,
    card: Card,
) {
    if let Some(len) = v.hand_lens.get_mut(usize::from(p)) {
        *len += 1;
    }
    if card == v.briscola && v.briscola_holder == Some(p) {
        v.briscola_out = false;
    }
}

/// The other seats' plays the view can read, latest first: the seat, the card, where.
pub(crate) fn plays_read<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
) -> impl Iterator<Item = (u8, Card, At)> + '_ {
    let n = view.rules.players;
    let current = view
        .trick()
        .iter()
        .enumerate()
        .rev()
        .map(move |(i, &c)| ((view.leader + i as u8) % n, c, At::Current(i)));
    let leader = view.last_leader().unwrap_or(0);
    let last = view
        .last_trick()
        .iter()
        .enumerate()
        .rev()
        .map(move |(i, &c)| ((leader + i as u8) % n, c, At::Last(i)));
    current
        .chain(last)
        .filter(move |&(seat, _, _)| seat != view.seat)
}

/// The hand `seat` held just before its play `card` at `at`, in the deal `world` (consistent
/// with `view`): its cards now, the card it played in the current trick after `at`, minus
/// the card it drew after the last trick (`drawn`: the face-up briscola if it drew that,
/// else its `drawn`-th card modulo its size), plus `card`.
pub(crate) fn past_hand<
    C: BriscolaCards,
    const SEATS: usize,
    const SIDES: usize,
    const DECK: usize,
>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    world: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    seat: u8,
    card: Card,
    at: At,
    drawn: u32,
) -> C {
    let mut hand = world.hand(seat);
    if let At::Last(_) = at {
        let n = view.rules.players;
        for (i, &c) in view.trick().iter().enumerate() {
            if (view.leader + i as u8) % n == seat {
                hand.add(c);
            }
        }
        if drew_after_last(view) {
            let briscola = view.stock == 0 && view.briscola_holder == Some(seat);
            let out = if briscola {
                Some(view.briscola)
            } else {
                hand.nth_card(drawn % hand.size().max(1))
            };
            if let Some(c) = out {
                hand.take(c);
            }
        }
    }
    hand.add(card);
    hand
}

/// Whether `world` survives the plays `view` reads (each play the model does not make is
/// survived with the chance `soft`/256, drawn from `rng`).
fn explains<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    world: &BriscolaHandOf<C, SEATS, SIDES, DECK>,
    soft: u8,
    rng: &mut SplitMix64,
) -> bool {
    for (seat, card, at) in plays_read(view) {
        let drawn = rng.next() as u32;
        let hand = past_hand(view, world, seat, card, at, drawn);
        let Some(past) = past_view(view, seat, hand, at) else {
            continue;
        };
        if medium(&past) != card && below(rng, 256) >= u32::from(soft) {
            return false;
        }
    }
    true
}

/// A deal of the unseen cards consistent with `view`, under `inference`: the first of at
/// most `candidates` deals that survives the other seats' plays read, else the last one
/// drawn. With no inference (or nothing to read, or two decks) exactly
/// [`BriscolaHandOf::imagine`] with `rng`.
#[inline(never)]
pub(crate) fn draw<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    rng: &mut SplitMix64,
    inference: Inference,
) -> BriscolaHandOf<C, SEATS, SIDES, DECK> {
    let tries = inference.candidates.max(1);
    if tries == 1 || C::DECKS != 1 || plays_read(view).next().is_none() {
        return BriscolaHandOf::imagine(view, rng);
    }
    let mut t = 1;
    loop {
        let world = BriscolaHandOf::imagine(view, rng);
        if t == tries {
            return world;
        }
        let mut r = SplitMix64::new(rng.next());
        if explains(view, &world, inference.soft, &mut r) {
            return world;
        }
        t += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::briscola::{BriscolaHand, BriscolaRules, BriscolaView};

    /// For every play a view reads, in random hands of 2 and 4 players (3 and 9 cards): the
    /// view rebuilt with the seat's real hand then is the view it had then (but for the
    /// trick before, which is not known), and the real hand then is one of the hands
    /// [`past_hand`] rebuilds from the real deal.
    #[test]
    fn past_views_are_the_views_seats_had() {
        let mut read = 0;
        for seed in 0..60u64 {
            let rules = match seed % 3 {
                0 => BriscolaRules::default(),
                1 => BriscolaRules {
                    players: 4,
                    ..BriscolaRules::default()
                },
                _ => BriscolaRules {
                    hand_size: 9,
                    ..BriscolaRules::default()
                },
            };
            let mut rng = SplitMix64::new(seed);
            let mut h = BriscolaHand::deal(rules, 1, &mut rng).unwrap();
            // Every view each seat had before each of its plays, by trick and position.
            let mut seen: std::vec::Vec<(u8, usize, BriscolaView)> = std::vec::Vec::new();
            while !h.is_over() {
                let seat = h.turn();
                let view = h.view(seat).unwrap();
                for (s, card, at) in plays_read(&view) {
                    read += 1;
                    let trick = match at {
                        At::Current(_) => view.tricks_done,
                        At::Last(_) => view.tricks_done - 1,
                    };
                    let (_, _, then) = seen
                        .iter()
                        .find(|(p, t, _)| *p == s && *t == usize::from(trick))
                        .unwrap();
                    let mut want = *then;
                    want.last = [FILLER; 4];
                    want.last_len = 0;
                    assert_eq!(
                        past_view(&view, s, then.hand, at),
                        Some(want),
                        "seed {seed}"
                    );
                    assert!(then.hand.contains(card));
                    let hands: std::vec::Vec<_> = (0..12)
                        .map(|d| past_hand(&view, &h, s, card, at, d))
                        .collect();
                    assert!(hands.contains(&then.hand), "seed {seed} {at:?}");
                }
                seen.push((seat, usize::from(view.tricks_done), view));
                let hand = h.hand(seat);
                h.play(seat, hand.nth(below(&mut rng, hand.len())).unwrap())
                    .unwrap();
            }
        }
        assert!(read > 1_000, "{read}");
    }

    /// Inference keeps the deals that explain a play: when the other seat leads, the model
    /// (`medium`) leads its cheapest card, so under strict inference nearly every deal kept
    /// gives it a hand whose cheapest card is the one led, more often than without; and it
    /// changes nothing with nothing to read or when off.
    #[test]
    fn strict_inference_keeps_deals_the_model_explains() {
        let strict = Inference {
            candidates: 64,
            soft: 0,
        };
        let (mut kept, mut explained, mut explained_off) = (0, 0, 0);
        for seed in 0..40u64 {
            let mut rng = SplitMix64::new(seed);
            let mut h = BriscolaHand::deal(BriscolaRules::default(), 1, &mut rng).unwrap();
            let seat = h.turn();
            let view = h.view(seat).unwrap();
            // Nothing to read at the first lead: the same deal as imagine.
            let a: BriscolaHand = draw(&view, &mut SplitMix64::new(7), strict);
            let b = BriscolaHand::imagine(&view, &mut SplitMix64::new(7));
            assert_eq!(a, b);
            let lead = medium(&view);
            h.play(seat, lead).unwrap();
            let other = h.turn();
            let view = h.view(other).unwrap();
            let off: BriscolaHand = draw(&view, &mut SplitMix64::new(7), Inference::OFF);
            assert_eq!(off, BriscolaHand::imagine(&view, &mut SplitMix64::new(7)));
            // The leader's view before it led, in the deal drawn: built by hand here.
            let leads = |w: &BriscolaHand| {
                let mut past = w.view(seat).unwrap();
                past.hand.add(lead);
                past.trick_len = 0;
                past.trick = [FILLER; 4];
                past.hand_lens[usize::from(seat)] += 1;
                medium(&past) == lead
            };
            let mut r = SplitMix64::new(seed);
            for _ in 0..20 {
                kept += 1;
                explained += u32::from(leads(&draw(&view, &mut r, strict)));
                explained_off += u32::from(leads(&draw(&view, &mut r, Inference::OFF)));
            }
        }
        assert!(explained * 100 >= kept * 97, "{explained} of {kept}");
        assert!(explained_off < explained, "{explained_off} / {explained}");
    }
}
