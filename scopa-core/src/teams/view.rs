//! [`TeamView`]: what one seat at a two-deck table knows — its own hand and what was public.

use crate::multiset::CardMultiset;
use crate::rules::{MAX_SEATS, MAX_SIDES, Rules};

use super::hand::{TWO_DECKS, TeamHand};

/// What `seat` knows of a two-deck hand: its own cards, the table, every side's pile and
/// scope (every capture was seen), how many cards each hand holds and the deck has left,
/// and the match score. It never holds another hand (a partner's neither) or the deck's
/// order: built from a [`TeamHand`] whose hidden cards are permuted, it is the same value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamView {
    /// The seat whose view this is.
    pub seat: u8,
    /// The rules.
    pub rules: Rules,
    /// The dealer of the hand.
    pub dealer: u8,
    /// The seat to play.
    pub turn: u8,
    /// Plays made in this hand.
    pub plays: u8,
    /// The seat's own cards.
    pub hand: CardMultiset,
    /// The cards face up on the table.
    pub table: CardMultiset,
    /// Every side's captured cards.
    pub piles: [CardMultiset; MAX_SIDES],
    /// Every side's scope in this hand.
    pub scope: [u8; MAX_SIDES],
    /// How many cards each seat holds.
    pub hand_lens: [u8; MAX_SEATS],
    /// Cards not dealt yet.
    pub deck_left: u8,
    /// The side that captured last, if any.
    pub last_capture: Option<u8>,
    /// The match score per side before this hand ends.
    pub scores: [u16; MAX_SIDES],
}

impl TeamView {
    /// The cards this seat has not seen: the other hands and the undealt deck together.
    pub fn unseen(&self) -> CardMultiset {
        let mut seen = self.table.checked_add(self.hand).unwrap_or(self.table);
        for pile in &self.piles {
            seen = seen.checked_add(*pile).unwrap_or(seen);
        }
        CardMultiset::TWO_DECKS - seen
    }

    /// The seat's side.
    pub const fn side(&self) -> u8 {
        self.rules.side_of(self.seat)
    }
}

impl TeamHand {
    /// What `seat` knows now (`None` for a seat that does not exist), with the match
    /// score `scores`.
    pub fn view(&self, seat: u8, scores: [u16; MAX_SIDES]) -> Option<TeamView> {
        let players = self.rules().players;
        if seat >= players {
            return None;
        }
        let mut hand_lens = [0; MAX_SEATS];
        for (s, len) in hand_lens.iter_mut().enumerate().take(players.into()) {
            *len = self.hand(s as u8).len() as u8;
        }
        Some(TeamView {
            seat,
            rules: *self.rules(),
            dealer: self.dealer(),
            turn: self.turn(),
            plays: self.plays(),
            hand: self.hand(seat),
            table: self.table(),
            piles: core::array::from_fn(|side| self.pile(side as u8)),
            scope: core::array::from_fn(|side| self.scope(side as u8)),
            hand_lens,
            deck_left: self.deck_left(),
            last_capture: self.last_capture(),
            scores,
        })
    }

    /// A hand consistent with `view`: the seat's own cards as they are, and `unseen` (the
    /// view's unseen cards in some order) dealt to the other hands in seat order and then to
    /// the undealt deck. `None` if the counts do not add up.
    pub(crate) fn imagined(view: &TeamView, unseen: &[crate::card::Card]) -> Option<TeamHand> {
        let players = usize::from(view.rules.players);
        let mut hands = [CardMultiset::EMPTY; MAX_SEATS];
        let mut next = 0usize;
        for (seat, hand) in hands.iter_mut().enumerate().take(players) {
            if seat == usize::from(view.seat) {
                *hand = view.hand;
                continue;
            }
            for _ in 0..view.hand_lens[seat] {
                hand.insert(*unseen.get(next)?).ok()?;
                next += 1;
            }
        }
        let rest = &unseen[next..];
        if rest.len() != usize::from(view.deck_left) {
            return None;
        }
        let mut deck = [crate::card::Card::SETTEBELLO; TWO_DECKS];
        deck[TWO_DECKS - rest.len()..].copy_from_slice(rest);
        Some(TeamHand {
            rules: view.rules,
            dealer: view.dealer,
            deck,
            next: (TWO_DECKS - rest.len()) as u8,
            turn: view.turn,
            plays: view.plays,
            hands,
            table: view.table,
            piles: view.piles,
            scope: view.scope,
            last_capture: view.last_capture,
        })
    }
}
