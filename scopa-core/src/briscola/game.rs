//! [`BriscolaMatch`]: hands of Briscola until a side has won `target` of them, the dealer
//! moving one seat each hand (BRISCOLA.md §2 and §4).

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{SplitMix64, below};
use crate::multiset::CardMultiset;

use super::cards::BriscolaCards;
use super::hand::{
    BriscolaEventOf, BriscolaEventsOf, BriscolaHandOf, BriscolaPlayError, BriscolaScoreOf,
    BriscolaViewOf, FILLER, MAX_PLAYERS, MAX_SIDES, TWO_DECK_PLAYERS, TWO_DECK_SIDES, validate_for,
};
use super::rules::{BriscolaRules, BriscolaRulesError};

/// A whole match of Briscola, dealt from a seeded [`SplitMix64`]: the same rules and seed
/// give the same match everywhere.
///
/// ```
/// use scopa_core::briscola::{BriscolaEvent, BriscolaMatch, BriscolaRules};
/// let mut m = BriscolaMatch::new(BriscolaRules::default(), 9).unwrap();
/// let mut hands = 0;
/// while m.winner().is_none() {
///     let seat = m.turn();
///     let card = m.hand().hand(seat).first().unwrap();
///     for e in m.play(seat, card).unwrap() {
///         if let BriscolaEvent::HandFinished(_) = e { hands += 1; }
///     }
/// }
/// assert!(hands >= 2);                        // best of three: two hands won at least
/// assert_eq!(m.wins()[usize::from(m.winner().unwrap())], 2);
/// ```
pub type BriscolaMatch = BriscolaMatchOf<CardSet, MAX_PLAYERS, MAX_SIDES, 40>;

/// A match of Briscola with two decks (6 or 8 players in teams of two): the same code as
/// [`BriscolaMatch`] over [`TwoDeckHand`](super::TwoDeckHand)s.
///
/// ```
/// use scopa_core::briscola::{BriscolaRules, TwoDeckMatch};
/// let rules = BriscolaRules { players: 6, decks: 2, target: 1, ..BriscolaRules::default() };
/// let mut m = TwoDeckMatch::new(rules, 2).unwrap();
/// while m.winner().is_none() {
///     let seat = m.turn();
///     let card = m.hand().hand(seat).iter().next().unwrap();
///     m.play(seat, card).unwrap();
/// }
/// assert!(m.winner().unwrap() < 3);
/// ```
pub type TwoDeckMatch = BriscolaMatchOf<CardMultiset, TWO_DECK_PLAYERS, TWO_DECK_SIDES, 80>;

/// A match of Briscola over the card container `C`: [`BriscolaMatch`] and
/// [`TwoDeckMatch`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaMatchOf<C, const SEATS: usize, const SIDES: usize, const DECK: usize> {
    pub(super) rules: BriscolaRules,
    pub(super) rng: SplitMix64,
    pub(super) first_dealer: u8,
    pub(super) hand_number: u16,
    pub(super) hand: BriscolaHandOf<C, SEATS, SIDES, DECK>,
    pub(super) wins: [u8; SIDES],
    pub(super) last: Option<BriscolaScoreOf<SIDES>>,
    pub(super) winner: Option<u8>,
    /// The cards played in the current hand, in order.
    pub(super) plays: [Card; DECK],
    pub(super) plays_len: u8,
}

/// Shuffles the cards in play with `rules` and deals them.
fn deal<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    rules: BriscolaRules,
    dealer: u8,
    rng: &mut SplitMix64,
) -> BriscolaHandOf<C, SEATS, SIDES, DECK> {
    match BriscolaHandOf::deal(rules, dealer, rng) {
        Ok(hand) => hand,
        // Checked rules, a seat as dealer and a permutation of the cards in play.
        Err(_) => unreachable!("a shuffled deck always deals"),
    }
}

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>
    BriscolaMatchOf<C, SEATS, SIDES, DECK>
{
    /// A new match; the first dealer is drawn by lot from the seed.
    pub fn new(rules: BriscolaRules, seed: u64) -> Result<Self, BriscolaRulesError> {
        validate_for::<C>(&rules)?;
        let mut rng = SplitMix64::new(seed);
        let dealer = below(&mut rng, u32::from(rules.players)) as u8;
        Ok(Self::start(rules, rng, dealer))
    }

    /// A new match whose first hand is dealt by `first_dealer` (taken modulo the players).
    pub fn with_first_dealer(
        rules: BriscolaRules,
        seed: u64,
        first_dealer: u8,
    ) -> Result<Self, BriscolaRulesError> {
        validate_for::<C>(&rules)?;
        Ok(Self::start(
            rules,
            SplitMix64::new(seed),
            first_dealer % rules.players,
        ))
    }

    fn start(rules: BriscolaRules, mut rng: SplitMix64, first_dealer: u8) -> Self {
        let hand = deal(rules, first_dealer, &mut rng);
        BriscolaMatchOf {
            rules,
            rng,
            first_dealer,
            hand_number: 0,
            hand,
            wins: [0; SIDES],
            last: None,
            winner: None,
            plays: [FILLER; DECK],
            plays_len: 0,
        }
    }

    /// The same match with the current hand dealt from `deck` (same dealer) and its cards
    /// replayed, `rng` for the hands to come: another deal that shows the same public facts
    /// (`None` when a card is not held with `deck`). For tests of what is hidden.
    #[cfg(all(test, feature = "big-tables"))]
    pub(crate) fn redealt(&self, deck: &[Card], rng: u64) -> Option<Self> {
        let mut hand = BriscolaHandOf::from_deck(self.rules, self.hand.dealer(), deck).ok()?;
        for &card in self.history() {
            let seat = hand.turn();
            hand.play(seat, card).ok()?;
        }
        Some(Self {
            hand,
            rng: SplitMix64::new(rng),
            ..self.clone()
        })
    }

    /// The cards played in the current hand, in order (the seats follow from the tricks).
    pub fn history(&self) -> &[Card] {
        &self.plays[..usize::from(self.plays_len)]
    }

    /// Takes back the last `plays` plays of the current hand (for undo): the hand is dealt
    /// again from its deck and the other plays replayed. Refused past the hand's start, and
    /// once the match is over.
    pub fn rewind(&mut self, plays: u8) -> Result<(), BriscolaPlayError> {
        if self.winner.is_some() {
            return Err(BriscolaPlayError::MatchOver);
        }
        let keep = self
            .plays_len
            .checked_sub(plays)
            .ok_or(BriscolaPlayError::HandOver)?;
        let Ok(mut hand) =
            BriscolaHandOf::from_deck(self.rules, self.hand.dealer(), self.hand.deck())
        else {
            return Err(BriscolaPlayError::HandOver);
        };
        for &card in &self.plays[..usize::from(keep)] {
            hand.play(hand.turn(), card)?;
        }
        self.hand = hand;
        self.plays[usize::from(keep)..].fill(FILLER);
        self.plays_len = keep;
        Ok(())
    }

    /// The rules.
    pub const fn rules(&self) -> &BriscolaRules {
        &self.rules
    }

    /// The current hand (the last one once the match is over).
    pub const fn hand(&self) -> &BriscolaHandOf<C, SEATS, SIDES, DECK> {
        &self.hand
    }

    /// The current hand's number, from 0.
    pub const fn hand_number(&self) -> u16 {
        self.hand_number
    }

    /// The dealer of the first hand.
    pub const fn first_dealer(&self) -> u8 {
        self.first_dealer
    }

    /// Hands won per side.
    pub const fn wins(&self) -> [u8; SIDES] {
        self.wins
    }

    /// The score of the last finished hand.
    pub const fn last_hand(&self) -> Option<BriscolaScoreOf<SIDES>> {
        self.last
    }

    /// The side that won the match, once over.
    pub const fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// The seat to play.
    pub const fn turn(&self) -> u8 {
        self.hand.turn()
    }

    /// What `seat` knows of the current hand.
    pub fn view(&self, seat: u8) -> Option<BriscolaViewOf<C, SEATS, SIDES>> {
        self.hand.view(seat)
    }

    /// `seat` plays `card`. When the hand ends the winner (if any) scores a hand won; at
    /// `target` wins the match ends, otherwise the next hand is dealt at once by the next
    /// seat (the events say so).
    pub fn play(
        &mut self,
        seat: u8,
        card: Card,
    ) -> Result<BriscolaEventsOf<C, SIDES>, BriscolaPlayError> {
        if self.winner.is_some() {
            return Err(BriscolaPlayError::MatchOver);
        }
        let mut events = self.hand.play(seat, card)?;
        self.plays[usize::from(self.plays_len)] = card;
        self.plays_len += 1;
        if let Some(&BriscolaEventOf::HandFinished(score)) = events.last() {
            self.last = Some(score);
            if let Some(side) = score.winner {
                self.wins[usize::from(side)] += 1;
                if self.wins[usize::from(side)] >= self.rules.target {
                    self.winner = Some(side);
                    let _ = events.push(BriscolaEventOf::MatchFinished { winner: side });
                    return Ok(events);
                }
            }
            // Draws win no hand, so a match has no last hand: past 65,535 hands the number
            // stays there (and so does the dealer) instead of overflowing — a save can hold
            // any number, and one that reached it must still restore.
            self.hand_number = self.hand_number.saturating_add(1);
            let n = u32::from(self.rules.players);
            let dealer = ((u32::from(self.first_dealer) + u32::from(self.hand_number)) % n) as u8;
            self.hand = deal(self.rules, dealer, &mut self.rng);
            self.plays = [FILLER; DECK];
            self.plays_len = 0;
            let _ = events.push(BriscolaEventOf::Dealt {
                dealer,
                briscola: self.hand.briscola(),
            });
        }
        Ok(events)
    }
}
