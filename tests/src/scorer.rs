//! An independent scorer for docs/rules.md §5, used to check `score_hand`, `HandState::score`
//! and `Event::HandFinished`.

use scopa_core::scopa::{PrimieraRule, Rules, SideScore};
use scopa_core::{Card, CardSet, Suit};

use crate::oracle::cards_of;

/// One side's points and tallies, as docs/rules.md §5 defines them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwnSide {
    /// Scope points.
    pub scope: u8,
    /// Carte point.
    pub carte: u8,
    /// Denari point.
    pub denari: u8,
    /// Settebello point.
    pub settebello: u8,
    /// Primiera point.
    pub primiera: u8,
    /// Napola points.
    pub napola: u8,
    /// Re bello point.
    pub re_bello: u8,
    /// Cards in the pile.
    pub cards: u8,
    /// Coins in the pile.
    pub coins: u8,
    /// Sevens in the pile.
    pub sevens: u8,
    /// Primiera sum (`None`: a suit is missing under `classic`).
    pub primiera_value: Option<u8>,
}

impl OwnSide {
    /// Total points.
    pub fn total(&self) -> u16 {
        [
            self.scope,
            self.carte,
            self.denari,
            self.settebello,
            self.primiera,
            self.napola,
            self.re_bello,
        ]
        .iter()
        .map(|&x| u16::from(x))
        .sum()
    }

    /// Whether the engine's breakdown for this side is the same.
    pub fn matches(&self, s: &SideScore) -> bool {
        *self
            == OwnSide {
                scope: s.scope,
                carte: s.carte,
                denari: s.denari,
                settebello: s.settebello,
                primiera: s.primiera,
                napola: s.napola,
                re_bello: s.re_bello,
                cards: s.cards,
                coins: s.coins,
                sevens: s.sevens,
                primiera_value: s.primiera_value,
            }
    }
}

fn primiera_points(value: u8) -> u8 {
    match value {
        7 => 21,
        6 => 18,
        1 => 16,
        5 => 15,
        4 => 14,
        3 => 13,
        2 => 12,
        _ => 10,
    }
}

/// The primiera sum of a pile; `None` when a suit is missing and `lenient` is false.
pub fn primiera_sum(pile: CardSet, lenient: bool) -> Option<u8> {
    let cards = cards_of(pile);
    let mut sum = 0u8;
    for suit in [Suit::Denari, Suit::Coppe, Suit::Spade, Suit::Bastoni] {
        match cards
            .iter()
            .filter(|c| c.suit() == suit)
            .map(|c| primiera_points(c.value()))
            .max()
        {
            Some(best) => sum += best,
            None if lenient => {}
            None => return None,
        }
    }
    Some(sum)
}

/// The index of the unique strictly greatest key, if any.
pub fn unique_max<K: Ord + Copy>(keys: &[K]) -> Option<usize> {
    let best = *keys.iter().max()?;
    let at: Vec<usize> = (0..keys.len()).filter(|&i| keys[i] == best).collect();
    (at.len() == 1).then(|| at[0])
}

fn coin(value: u8) -> Card {
    Card::new(Suit::Denari, value).expect("value 1..=10")
}

/// Scores a finished hand from the piles and scope counts of each side.
pub fn score(rules: &Rules, piles: &[CardSet], scope: &[u8]) -> Vec<OwnSide> {
    let mut out: Vec<OwnSide> = piles
        .iter()
        .zip(scope)
        .map(|(&pile, &scope)| {
            let cards = cards_of(pile);
            let napola = if rules.napola {
                let run = (1..=10u8).take_while(|&v| pile.contains(coin(v))).count() as u8;
                if run >= 3 { run } else { 0 }
            } else {
                0
            };
            OwnSide {
                scope,
                cards: cards.len() as u8,
                coins: cards.iter().filter(|c| c.suit() == Suit::Denari).count() as u8,
                sevens: cards.iter().filter(|c| c.value() == 7).count() as u8,
                settebello: u8::from(pile.contains(coin(7))),
                re_bello: u8::from(rules.re_bello && pile.contains(coin(10))),
                napola,
                primiera_value: primiera_sum(pile, rules.primiera != PrimieraRule::Classic),
                ..OwnSide::default()
            }
        })
        .collect();
    let cards: Vec<u8> = out.iter().map(|s| s.cards).collect();
    if let Some(w) = unique_max(&cards) {
        out[w].carte = 1;
    }
    let coins: Vec<u8> = out.iter().map(|s| s.coins).collect();
    if let Some(w) = unique_max(&coins) {
        out[w].denari = 1;
    }
    let winner = match rules.primiera {
        PrimieraRule::MostSevens => {
            let keys: Vec<(usize, usize, usize)> = piles
                .iter()
                .map(|&p| {
                    let cs = cards_of(p);
                    let n = |v: u8| cs.iter().filter(|c| c.value() == v).count();
                    (n(7), n(6), n(1))
                })
                .collect();
            unique_max(&keys)
        }
        _ => {
            // Only sides with a primiera compete.
            let competing: Vec<(usize, u8)> = out
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.primiera_value.map(|v| (i, v)))
                .collect();
            let vals: Vec<u8> = competing.iter().map(|&(_, v)| v).collect();
            unique_max(&vals).map(|j| competing[j].0)
        }
    };
    if let Some(w) = winner {
        out[w].primiera = 1;
    }
    out
}
