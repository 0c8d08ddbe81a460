//! The worlds a search looks at: deals of the cards a seat has not seen into the other
//! hands (their sizes are public) and the deck order, consistent with its view.
//!
//! A world respects what the plays of the current round reveal: a seat that could have
//! swept the table and did not is taken to hold no card of a sweeping value, and nobody
//! leaves the settebello to a seven it holds ([`revealed_voids`], when enough other cards
//! are left to honour that). With a model of the other seats' play, a world may also be
//! drawn by rejection: the first of a few draws in which the model makes the plays they
//! made this round ([`draw_world`], [`super::posterior`]).

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{SplitMix64, below};
use crate::scopa::hand::HandState;
use crate::scopa::view::PlayerView;

use super::eval;
use super::posterior::{self, Model};

/// What every world of one move's search shares: the view, the values the other seats are
/// taken not to hold, and whether anything is hidden at all.
#[derive(Copy, Clone, Debug)]
pub struct Root<'v> {
    /// The searching seat's view.
    pub view: &'v PlayerView,
    /// [`revealed_voids`] of the view.
    pub voids: [u16; 4],
    /// Nothing is hidden ([`nothing_hidden`]): one world, the real position.
    pub exact: bool,
    /// Worlds to sample: the budget's, or 1 when nothing is hidden.
    pub samples: u32,
    /// Whether inference from play can say something: something is hidden, a round has 3
    /// cards a seat (in scopone a round is the whole hand: too many plays for a world to
    /// pass) and another seat has played in it ([`posterior::others_played`]).
    pub infer: bool,
    /// The move's seed.
    pub seed: u64,
}

impl<'v> Root<'v> {
    /// The root of a search of `view` with `samples` worlds (the budget's) and `seed`.
    pub fn new(view: &'v PlayerView, samples: u16, seed: u64) -> Root<'v> {
        let exact = nothing_hidden(view);
        Root {
            view,
            voids: revealed_voids(view),
            exact,
            samples: if exact { 1 } else { u32::from(samples) },
            infer: !exact && view.rules().cards_per_round() == 3 && posterior::others_played(view),
            seed,
        }
    }

    /// A world: by rejection under `model` ([`draw_world`] with `candidates` draws and
    /// `soft`) when [`Root::infer`] allows and a model is given, else a plain [`sample`].
    pub fn draw(
        &self,
        model: Option<Model>,
        candidates: u8,
        soft: u8,
        rng: &mut SplitMix64,
    ) -> Option<HandState> {
        match model {
            Some(m) if self.infer => draw_world(self.view, &self.voids, m, candidates, soft, rng),
            _ => sample(self.view, &self.voids, None, rng),
        }
    }
}

/// Values (bit `v`) that each seat is taken not to hold, from sweeps it passed up in the
/// current round.
pub fn revealed_voids(view: &PlayerView) -> [u16; 4] {
    let mut voids = [0u16; 4];
    let rules = view.rules();
    let history = view.history();
    let plays = history.len();
    let round_start = plays - plays % usize::from(rules.plays_per_round());
    let mut table = view.table();
    for p in history[round_start..].iter().rev() {
        let card = p.mv.card();
        let before = if p.mv.is_lay() {
            table - CardSet::single(card)
        } else {
            table | p.mv.capture()
        };
        let swept = !p.mv.is_lay() && p.mv.capture() == before;
        if p.seat != view.seat() && usize::from(p.seat) < voids.len() {
            let v = &mut voids[usize::from(p.seat)];
            if !swept {
                *v |= eval::sweep_values(before, rules.ace);
            }
            // Nobody leaves the settebello to a seven they hold.
            if before.contains(Card::SETTEBELLO) && !p.mv.capture().contains(Card::SETTEBELLO) {
                *v |= 1 << 7;
            }
        }
        table = before;
    }
    voids
}

/// Whether nothing is hidden: the deck is empty and at most one other seat holds cards.
pub fn nothing_hidden(view: &PlayerView) -> bool {
    let n = view.rules().players;
    view.deck_left() == 0
        && (0..n)
            .filter(|&s| s != view.seat() && view.hand_size(s) > 0)
            .count()
            <= 1
}

/// A world consistent with the view: the unseen cards dealt into the other hands and the
/// deck order. `None` if the view's counts do not add up (not a position of a real hand).
///
/// With `known` (a benchmark diagnostic only), the other seats hold exactly those hands and
/// only the deck order is sampled.
pub fn sample(
    view: &PlayerView,
    voids: &[u16; 4],
    known: Option<&[CardSet; 4]>,
    rng: &mut SplitMix64,
) -> Option<HandState> {
    let rules = *view.rules();
    let n = usize::from(rules.players);
    let k = usize::from(rules.sides());
    let mut pool = [Card::SETTEBELLO; 40];
    let mut len = 0;
    let mut hands = [CardSet::EMPTY; 4];
    let mut unseen = view.unseen();
    if let Some(known) = known {
        for seat in 0..n {
            if seat != usize::from(view.seat()) {
                hands[seat] = known[seat];
                unseen -= known[seat];
            }
        }
    }
    for c in unseen {
        pool[len] = c;
        len += 1;
    }
    shuffle(&mut pool[..len], rng);
    let mut start = 0;
    for seat in 0..n {
        if seat == usize::from(view.seat()) {
            hands[seat] = view.hand();
            continue;
        }
        if known.is_some() {
            continue;
        }
        let need = usize::from(view.hand_size(seat as u8));
        if start + need > len {
            return None;
        }
        // The first `need` cards the seat may hold move to the front of what is left.
        let mut got = 0;
        let mut j = start;
        while got < need && j < len {
            if voids[seat] >> pool[j].value() & 1 == 0 {
                pool.swap(start + got, j);
                got += 1;
            }
            j += 1;
        }
        hands[seat] = pool[start..start + need].iter().copied().collect();
        start += need;
    }
    shuffle(&mut pool[start..len], rng);
    let mut piles = [CardSet::EMPTY; 3];
    let mut scope = [0u8; 3];
    for side in 0..k {
        piles[side] = view.pile(side as u8);
        scope[side] = view.scope(side as u8);
    }
    HandState::from_position(
        rules,
        view.dealer(),
        view.plays(),
        &hands[..n],
        view.table(),
        &piles[..k],
        &scope[..k],
        view.last_capture(),
        &pool[start..len],
    )
    .ok()
}

/// Fisher–Yates with the portable [`below`], so a seed shuffles the same everywhere.
pub fn shuffle(cards: &mut [Card], rng: &mut SplitMix64) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// A world under inference by rejection: the first of at most `candidates` draws in which
/// `model` makes the other seats' plays of the round (or, with `soft`, a draw it does not
/// reproduce, kept with chance `soft`/256), else the last draw. Kept out of line so its
/// scratch is not on the stack during the search.
#[inline(never)]
pub fn draw_world(
    view: &PlayerView,
    voids: &[u16; 4],
    model: Model,
    candidates: u8,
    soft: u8,
    rng: &mut SplitMix64,
) -> Option<HandState> {
    let tries = candidates.max(1);
    for t in 1..=tries {
        let world = sample(view, voids, None, rng)?;
        if t == tries {
            return Some(world);
        }
        let mut draw = SplitMix64::new(rng.next());
        if posterior::reproduces(view, &world, model, &mut draw)
            || (soft > 0 && draw.next() % 256 < u64::from(soft))
        {
            return Some(world);
        }
    }
    None
}
