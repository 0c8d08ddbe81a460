//! [`BriscolaHand`]: one hand of Briscola from the deal to the score — the briscola under
//! the stock, tricks, drawing, the hand's points (BRISCOLA.md §2–§4).

use core::fmt;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;

use super::cards::BriscolaCards;
use super::rules::{BriscolaRules, BriscolaRulesError};
use super::trick::trick_winner;

/// The most seats at a one-deck Briscola table.
pub const MAX_PLAYERS: usize = 4;
/// The most sides at a one-deck Briscola table.
pub const MAX_SIDES: usize = 3;
/// The most seats at a two-deck Briscola table.
pub const TWO_DECK_PLAYERS: usize = 8;
/// The most sides at a two-deck Briscola table (8 players in teams of two).
pub const TWO_DECK_SIDES: usize = 4;
/// The most events of one play: the card, the trick, a draw per seat, the end of the hand,
/// and the match's deal or end.
pub const MAX_EVENTS: usize = TWO_DECK_PLAYERS + 4;

/// What fills the unused slots of the trick and the deck, so that no hidden card lingers
/// there (a view is compared and hashed whole).
pub(super) const FILLER: Card = match Card::from_index(0) {
    Some(card) => card,
    None => unreachable!(),
};

/// Something that happened during a play, in order: all of it public (a draw says who
/// drew, never which card — except the face-up briscola, which everyone saw).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaEventOf<C, const SIDES: usize> {
    /// `seat` played `card` to the trick.
    Played {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// The trick is complete: `seat` takes it for `side`.
    TrickTaken {
        /// The seat that played the winning card; it leads next.
        seat: u8,
        /// Its side, which gets the cards.
        side: u8,
        /// The trick's cards.
        cards: C,
        /// Their points.
        points: u8,
    },
    /// `seat` drew the top card of the stock (which one, only it knows), or the face-up
    /// briscola when `briscola` is set (the last card of the stock, seen by everyone).
    Drew {
        /// The seat.
        seat: u8,
        /// Whether the card was the face-up briscola.
        briscola: bool,
    },
    /// Every card is played: the hand's points per side and its winner.
    HandFinished(BriscolaScoreOf<SIDES>),
    /// A new hand was dealt (only from [`BriscolaMatch::play`](super::BriscolaMatch::play)).
    Dealt {
        /// Its dealer.
        dealer: u8,
        /// Its face-up briscola.
        briscola: Card,
    },
    /// The match is over (only from [`BriscolaMatch::play`](super::BriscolaMatch::play)).
    MatchFinished {
        /// The side that won it.
        winner: u8,
    },
}

/// An event of a one-deck hand.
pub type BriscolaEvent = BriscolaEventOf<CardSet, MAX_SIDES>;
/// An event of a two-deck hand (6 or 8 players).
pub type TwoDeckEvent = BriscolaEventOf<CardMultiset, TWO_DECK_SIDES>;

/// The events of one play: the card, the trick, the draws, the end of the hand.
pub type BriscolaEventsOf<C, const SIDES: usize> =
    heapless::Vec<BriscolaEventOf<C, SIDES>, MAX_EVENTS>;
/// The events of one play of a one-deck hand.
pub type BriscolaEvents = BriscolaEventsOf<CardSet, MAX_SIDES>;
/// The events of one play of a two-deck hand.
pub type TwoDeckEvents = BriscolaEventsOf<CardMultiset, TWO_DECK_SIDES>;

/// The score of a one-deck hand (2 or 3 sides).
pub type BriscolaScore = BriscolaScoreOf<MAX_SIDES>;

impl From<BriscolaScore> for TwoDeckScore {
    /// The same score with room for four sides (the fourth is 0).
    fn from(s: BriscolaScore) -> TwoDeckScore {
        let mut points = [0; TWO_DECK_SIDES];
        points[..MAX_SIDES].copy_from_slice(&s.points);
        TwoDeckScore {
            points,
            winner: s.winner,
        }
    }
}

impl From<BriscolaEvent> for TwoDeckEvent {
    /// The same event of a one-deck hand, its cards as a multiset (the session reports the
    /// events of every table in this one form).
    fn from(e: BriscolaEvent) -> TwoDeckEvent {
        match e {
            BriscolaEventOf::Played { seat, card } => BriscolaEventOf::Played { seat, card },
            BriscolaEventOf::TrickTaken {
                seat,
                side,
                cards,
                points,
            } => BriscolaEventOf::TrickTaken {
                seat,
                side,
                cards: CardMultiset::from_set(cards),
                points,
            },
            BriscolaEventOf::Drew { seat, briscola } => BriscolaEventOf::Drew { seat, briscola },
            BriscolaEventOf::HandFinished(score) => BriscolaEventOf::HandFinished(score.into()),
            BriscolaEventOf::Dealt { dealer, briscola } => {
                BriscolaEventOf::Dealt { dealer, briscola }
            }
            BriscolaEventOf::MatchFinished { winner } => BriscolaEventOf::MatchFinished { winner },
        }
    }
}
/// The score of a two-deck hand (3 or 4 sides, 240 points in all).
pub type TwoDeckScore = BriscolaScoreOf<TWO_DECK_SIDES>;

/// The points of a finished hand per side, and who won it (BRISCOLA.md §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaScoreOf<const SIDES: usize> {
    /// Card points per side (entries past the sides are 0); 120 in all (240 with two
    /// decks).
    pub points: [u8; SIDES],
    /// The side with strictly the most points; `None` for a draw (60–60, or a tie for the
    /// highest among three).
    pub winner: Option<u8>,
}

impl<const SIDES: usize> BriscolaScoreOf<SIDES> {
    /// The score of the piles of `sides` sides: two sides, more than half wins; three or
    /// more, the strictly highest total; a tie for the highest is a draw.
    ///
    /// ```
    /// use scopa_core::briscola::BriscolaScore;
    /// assert_eq!(BriscolaScore::from_points([66, 54, 0], 2).winner, Some(0));
    /// assert_eq!(BriscolaScore::from_points([60, 60, 0], 2).winner, None);
    /// assert_eq!(BriscolaScore::from_points([40, 40, 40], 3).winner, None);
    /// assert_eq!(BriscolaScore::from_points([30, 50, 40], 3).winner, Some(1));
    /// ```
    pub fn from_points(points: [u8; SIDES], sides: u8) -> BriscolaScoreOf<SIDES> {
        let sides = usize::from(sides).min(SIDES);
        // The side with the most points so far, and whether another has as many.
        let mut best: Option<(u8, u8)> = None;
        let mut tie = false;
        for (side, &p) in points[..sides].iter().enumerate() {
            match best {
                Some((_, b)) if p < b => {}
                Some((_, b)) if p == b => tie = true,
                _ => {
                    best = Some((side as u8, p));
                    tie = false;
                }
            }
        }
        let winner = if tie {
            None
        } else {
            best.map(|(side, _)| side)
        };
        BriscolaScoreOf { points, winner }
    }

    /// The score of the sides' piles (one deck: [`CardSet`]s; two: [`CardMultiset`]s).
    pub fn of_piles<C: BriscolaCards>(piles: &[C]) -> BriscolaScoreOf<SIDES> {
        BriscolaScoreOf::from_points(points_of(piles), piles.len() as u8)
    }
}

/// The points of each pile.
fn points_of<C: BriscolaCards, const SIDES: usize>(piles: &[C]) -> [u8; SIDES] {
    let mut points = [0; SIDES];
    for (p, &pile) in points.iter_mut().zip(piles) {
        *p = pile.points();
    }
    points
}

/// The cards in the piles and the trick.
#[inline]
fn played<C: BriscolaCards>(piles: &[C], trick: &[Card]) -> C {
    let piles = piles.iter().fold(C::EMPTY, |s, &p| s.merged(p));
    piles.merged(C::of_cards(trick))
}

/// Who takes the complete `trick` led by `leader`: the seat, its side, and the cards. Of
/// two identical cards the one played first stays ahead ([`trick_winner`]).
#[inline]
fn take<C: BriscolaCards>(
    rules: &BriscolaRules,
    trump: Suit,
    leader: u8,
    trick: &[Card],
) -> (u8, u8, C) {
    let won = trick_winner(trump, trick).unwrap_or(0) as u8;
    let winner = (leader + won) % rules.players;
    (winner, rules.side_of(winner), C::of_cards(trick))
}

/// The rules, checked for a table of `C` (one deck or two).
pub(super) fn validate_for<C: BriscolaCards>(
    rules: &BriscolaRules,
) -> Result<(), BriscolaRulesError> {
    rules.validate()?;
    if rules.decks != C::DECKS {
        return Err(BriscolaRulesError::WrongTable {
            decks: rules.decks,
            plays: C::DECKS,
        });
    }
    Ok(())
}

/// Why a list of cards cannot be dealt with these rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaDealError {
    /// The rules themselves are wrong.
    Rules(BriscolaRulesError),
    /// The dealer is not a seat.
    Dealer {
        /// The dealer given.
        dealer: u8,
        /// The players.
        players: u8,
    },
    /// Not the number of cards the rules play with (40; 39 with three players; 80 with
    /// eight, 78 with six).
    WrongLength {
        /// Cards given.
        len: usize,
        /// Cards needed.
        needed: u8,
    },
    /// A card appears twice.
    Duplicate {
        /// The card.
        card: Card,
        /// The position (0-based) of its second appearance.
        position: usize,
    },
    /// A card appears three times in a two-deck deck.
    ThirdCopy {
        /// The card.
        card: Card,
        /// The position (0-based) of its third appearance.
        position: usize,
    },
    /// The `2b` is in a three-player (or six-player) deck.
    NotInPlay {
        /// The card.
        card: Card,
        /// Its position.
        position: usize,
    },
}

impl fmt::Display for BriscolaDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BriscolaDealError::Rules(e) => e.fmt(f),
            BriscolaDealError::Dealer { dealer, players } => {
                write!(
                    f,
                    "the dealer must be a seat from 0 to {}, not {dealer}",
                    players - 1
                )
            }
            BriscolaDealError::WrongLength { len, needed } => {
                write!(f, "the deck must have {needed} cards, not {len}")
            }
            BriscolaDealError::Duplicate { card, position } => write!(
                f,
                "card {card} appears twice in the deck (again at position {position})"
            ),
            BriscolaDealError::ThirdCopy { card, position } => write!(
                f,
                "card {card} appears a third time in the two decks (at position {position})"
            ),
            BriscolaDealError::NotInPlay { card, position } => write!(
                f,
                "card {card} (position {position}) is not played by three or six players"
            ),
        }
    }
}

impl core::error::Error for BriscolaDealError {}

/// Why a card cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaPlayError {
    /// Every card has been played.
    HandOver,
    /// The match is over.
    MatchOver,
    /// It is another seat's turn.
    NotYourTurn {
        /// The seat that tried.
        seat: u8,
        /// The seat to play.
        turn: u8,
    },
    /// The card is not in the seat's hand.
    NotInHand {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
}

impl fmt::Display for BriscolaPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BriscolaPlayError::HandOver => {
                write!(f, "the hand is over: every card has been played")
            }
            BriscolaPlayError::MatchOver => write!(f, "the match is over"),
            BriscolaPlayError::NotYourTurn { seat, turn } => {
                write!(f, "seat {seat} cannot play: it is seat {turn}'s turn")
            }
            BriscolaPlayError::NotInHand { seat, card } => {
                write!(f, "seat {seat} does not hold {card}")
            }
        }
    }
}

impl core::error::Error for BriscolaPlayError {}

/// One hand of Briscola with one deck: `Copy`, no allocation; its cards are [`CardSet`]s.
///
/// The deck order is kept whole: the stock is the part not yet drawn, and the face-up
/// briscola (the card after the hands) is its last card.
///
/// ```
/// use scopa_core::{Deck, SplitMix64};
/// use scopa_core::briscola::{BriscolaHand, BriscolaRules};
/// let deck = Deck::shuffled(&mut SplitMix64::new(3));
/// let mut hand = BriscolaHand::from_deck(BriscolaRules::default(), 1, deck.cards()).unwrap();
/// assert_eq!(hand.turn(), 0);                  // the eldest leads
/// assert_eq!(hand.stock_len(), 34);            // the briscola included
/// while !hand.is_over() {
///     let seat = hand.turn();
///     let card = hand.hand(seat).first().unwrap();
///     hand.play(seat, card).unwrap();
/// }
/// let score = hand.score();
/// assert_eq!(score.points[0] + score.points[1], 120);
/// ```
pub type BriscolaHand = BriscolaHandOf<CardSet, MAX_PLAYERS, MAX_SIDES, 40>;

/// One hand of Briscola with two decks (6 or 8 players, BRISCOLA.md and RULES.md §8): the
/// same rules as [`BriscolaHand`] (the same code, over [`CardMultiset`]s), a hand may hold
/// a card twice and playing it plays one copy.
///
/// ```
/// use scopa_core::SplitMix64;
/// use scopa_core::briscola::{BriscolaRules, TwoDeckHand};
/// let rules = BriscolaRules { players: 8, decks: 2, ..BriscolaRules::default() };
/// let mut hand = TwoDeckHand::deal(rules, 0, &mut SplitMix64::new(5)).unwrap();
/// assert_eq!(hand.stock_len(), 80 - 8 * 3);
/// while !hand.is_over() {
///     let seat = hand.turn();
///     let card = hand.hand(seat).iter().next().unwrap();
///     hand.play(seat, card).unwrap();
/// }
/// assert_eq!(hand.tricks_done(), 10);
/// assert_eq!(hand.score().points.iter().map(|&p| u32::from(p)).sum::<u32>(), 240);
/// ```
pub type TwoDeckHand = BriscolaHandOf<CardMultiset, TWO_DECK_PLAYERS, TWO_DECK_SIDES, 80>;

/// One hand of Briscola over the card container `C` ([`BriscolaCards`]), with room for
/// `SEATS` seats, `SIDES` sides and a deck of `DECK` cards: [`BriscolaHand`] (one deck) and
/// [`TwoDeckHand`] (two) are its two tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaHandOf<C, const SEATS: usize, const SIDES: usize, const DECK: usize> {
    pub(super) rules: BriscolaRules,
    pub(super) dealer: u8,
    /// The deck order (the first `rules.deck_len()` entries).
    pub(super) deck: [Card; DECK],
    /// The index in `deck` of the next card to draw; the briscola is drawn after the last.
    pub(super) next: u8,
    pub(super) briscola: Card,
    /// Who drew the briscola, once drawn.
    pub(super) briscola_holder: Option<u8>,
    /// Whether its holder has played it (with two decks: played a copy of that card after
    /// drawing it — which copy, no one can tell).
    pub(super) briscola_out: bool,
    pub(super) hands: [C; SEATS],
    pub(super) piles: [C; SIDES],
    /// The current trick, in the order played.
    pub(super) trick: [Card; SEATS],
    pub(super) trick_len: u8,
    pub(super) leader: u8,
    pub(super) tricks_done: u8,
    /// The last completed trick, in the order played (public: every seat saw it).
    pub(super) last: [Card; SEATS],
    /// Its cards: the players once a trick is done, 0 before.
    pub(super) last_len: u8,
}

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>
    BriscolaHandOf<C, SEATS, SIDES, DECK>
{
    /// Deals `cards` (in deal order) with `dealer` dealing: each seat from the eldest gets
    /// `hand_size` consecutive cards, the next card is the briscola, the rest is the stock.
    pub fn from_deck(
        rules: BriscolaRules,
        dealer: u8,
        cards: &[Card],
    ) -> Result<Self, BriscolaDealError> {
        validate_for::<C>(&rules).map_err(BriscolaDealError::Rules)?;
        let n = rules.players;
        if dealer >= n {
            return Err(BriscolaDealError::Dealer { dealer, players: n });
        }
        let needed = rules.deck_len();
        if cards.len() != usize::from(needed) {
            return Err(BriscolaDealError::WrongLength {
                len: cards.len(),
                needed,
            });
        }
        let mut deck = [FILLER; DECK];
        let mut seen = C::EMPTY;
        for (position, (&card, slot)) in cards.iter().zip(deck.iter_mut()).enumerate() {
            if !rules.uses(card) {
                return Err(BriscolaDealError::NotInPlay { card, position });
            }
            if !seen.add(card) {
                return Err(if C::DECKS == 1 {
                    BriscolaDealError::Duplicate { card, position }
                } else {
                    BriscolaDealError::ThirdCopy { card, position }
                });
            }
            *slot = card;
        }
        Ok(Self::dealt(rules, dealer, deck))
    }

    /// Deals `deck` (the cards in play, checked, then [`FILLER`]).
    #[inline]
    fn dealt(rules: BriscolaRules, dealer: u8, deck: [Card; DECK]) -> Self {
        let n = rules.players;
        let h = rules.hand_size;
        let eldest = if dealer + 1 >= n { 0 } else { dealer + 1 };
        let mut hands = [C::EMPTY; SEATS];
        let mut seat = usize::from(eldest);
        for cards in deck.chunks_exact(usize::from(h)).take(usize::from(n)) {
            if let Some(hand) = hands.get_mut(seat) {
                *hand = C::of_cards(cards);
            }
            seat = if seat + 1 >= usize::from(n) {
                0
            } else {
                seat + 1
            };
        }
        BriscolaHandOf {
            rules,
            dealer,
            deck,
            next: n * h + 1,
            briscola: deck[usize::from(n * h)],
            briscola_holder: None,
            briscola_out: false,
            hands,
            piles: [C::EMPTY; SIDES],
            trick: [FILLER; SEATS],
            trick_len: 0,
            leader: eldest,
            tricks_done: 0,
            last: [FILLER; SEATS],
            last_len: 0,
        }
    }

    /// Shuffles the cards in play with `rng` and deals them (`rules` and `dealer` must be
    /// valid). One deck is shuffled as [`Deck::shuffled`](crate::Deck::shuffled) does; two
    /// decks are the same 40 cards twice, shuffled together by the same Fisher–Yates.
    pub fn deal<R: rand_core::Rng + ?Sized>(
        rules: BriscolaRules,
        dealer: u8,
        rng: &mut R,
    ) -> Result<Self, BriscolaDealError> {
        validate_for::<C>(&rules).map_err(BriscolaDealError::Rules)?;
        if dealer >= rules.players {
            return Err(BriscolaDealError::Dealer {
                dealer,
                players: rules.players,
            });
        }
        let mut cards = [FILLER; DECK];
        let mut len = 0;
        if C::DECKS == 1 {
            let deck = crate::deal::Deck::shuffled(rng);
            for &card in deck.cards() {
                if rules.uses(card) {
                    cards[len] = card;
                    len += 1;
                }
            }
        } else {
            for card in C::in_play(&rules) {
                if len < DECK {
                    cards[len] = card;
                    len += 1;
                }
            }
            let shuffled = &mut cards[..len];
            for i in (1..shuffled.len()).rev() {
                let j = crate::deal::below(rng, i as u32 + 1) as usize;
                shuffled.swap(i, j);
            }
        }
        // A permutation of the cards in play: nothing to check.
        Ok(Self::dealt(rules, dealer, cards))
    }

    /// The rules.
    pub const fn rules(&self) -> &BriscolaRules {
        &self.rules
    }

    /// The dealer.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The deck in deal order (the cards in play only).
    pub fn deck(&self) -> &[Card] {
        &self.deck[..usize::from(self.rules.deck_len())]
    }

    /// The face-up briscola, which names the trump suit.
    pub const fn briscola(&self) -> Card {
        self.briscola
    }

    /// The trump suit of this hand.
    pub const fn trump(&self) -> Suit {
        self.briscola.suit()
    }

    /// Who drew the face-up briscola, once the stock is empty (public: everyone saw it).
    pub const fn briscola_holder(&self) -> Option<u8> {
        self.briscola_holder
    }

    /// Cards still to draw, the face-up briscola included.
    pub const fn stock_len(&self) -> u8 {
        let hidden = self.rules.deck_len() - self.next;
        if self.briscola_holder.is_none() {
            hidden + 1
        } else {
            hidden
        }
    }

    /// The cards in `seat`'s hand (empty for a seat not at the table).
    pub fn hand(&self, seat: u8) -> C {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or(C::EMPTY)
    }

    /// How many cards `seat` holds.
    pub fn hand_len(&self, seat: u8) -> u8 {
        self.hand(seat).size() as u8
    }

    /// The cards `side` has taken in tricks this hand (public).
    pub fn pile(&self, side: u8) -> C {
        self.piles
            .get(usize::from(side))
            .copied()
            .unwrap_or(C::EMPTY)
    }

    /// The current trick's cards, in the order played (empty between tricks).
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The seat that led (or leads) the current trick.
    pub const fn leader(&self) -> u8 {
        self.leader
    }

    /// The last completed trick's cards, in the order played (empty before the first trick
    /// is done).
    pub fn last_trick(&self) -> &[Card] {
        &self.last[..usize::from(self.last_len)]
    }

    /// Tricks completed this hand.
    pub const fn tricks_done(&self) -> u8 {
        self.tricks_done
    }

    /// Whether every card has been played.
    pub const fn is_over(&self) -> bool {
        self.tricks_done == self.rules.tricks()
    }

    /// The seat to play.
    pub const fn turn(&self) -> u8 {
        (self.leader + self.trick_len) % self.rules.players
    }

    /// Every card played to a trick so far, the current trick's included.
    pub fn played(&self) -> C {
        played(&self.piles, self.trick())
    }

    /// The score of the hand so far (final once [`is_over`](BriscolaHandOf::is_over)).
    #[inline]
    pub fn score(&self) -> BriscolaScoreOf<SIDES> {
        BriscolaScoreOf::of_piles(&self.piles[..usize::from(self.rules.sides())])
    }

    /// `seat` plays `card`: to the trick; when the trick is complete its winner's side takes
    /// it and, while the stock lasts, every seat draws one card, the winner first.
    pub fn play(
        &mut self,
        seat: u8,
        card: Card,
    ) -> Result<BriscolaEventsOf<C, SIDES>, BriscolaPlayError> {
        if self.is_over() {
            return Err(BriscolaPlayError::HandOver);
        }
        let turn = self.turn();
        if seat != turn {
            return Err(BriscolaPlayError::NotYourTurn { seat, turn });
        }
        if !self.hands[usize::from(seat)].take(card) {
            return Err(BriscolaPlayError::NotInHand { seat, card });
        }
        if card == self.briscola && self.briscola_holder == Some(seat) {
            self.briscola_out = true;
        }
        let mut events = BriscolaEventsOf::new();
        let _ = events.push(BriscolaEventOf::Played { seat, card });
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        let n = self.rules.players;
        if self.trick_len < n {
            return Ok(events);
        }
        let cards = self.trick();
        let (winner, side, taken) = take::<C>(&self.rules, self.trump(), self.leader, cards);
        self.piles[usize::from(side)] = self.piles[usize::from(side)].merged(taken);
        let _ = events.push(BriscolaEventOf::TrickTaken {
            seat: winner,
            side,
            cards: taken,
            points: taken.points(),
        });
        self.last = self.trick;
        self.last_len = self.trick_len;
        self.trick = [FILLER; SEATS];
        self.trick_len = 0;
        self.leader = winner;
        self.tricks_done += 1;
        if self.stock_len() > 0 {
            for i in 0..n {
                let seat = (winner + i) % n;
                let briscola = self.next >= self.rules.deck_len();
                let drawn = if briscola {
                    self.briscola_holder = Some(seat);
                    self.briscola
                } else {
                    self.next += 1;
                    self.deck[usize::from(self.next - 1)]
                };
                self.hands[usize::from(seat)].add(drawn);
                let _ = events.push(BriscolaEventOf::Drew { seat, briscola });
            }
        }
        if self.is_over() {
            let _ = events.push(BriscolaEventOf::HandFinished(self.score()));
        }
        Ok(events)
    }

    /// What `seat` knows (BRISCOLA.md §5); `None` for a seat not at the table.
    pub fn view(&self, seat: u8) -> Option<BriscolaViewOf<C, SEATS, SIDES>> {
        if seat >= self.rules.players {
            return None;
        }
        let mut hand_lens = [0; SEATS];
        for (s, len) in hand_lens.iter_mut().enumerate() {
            *len = self.hands[s].size() as u8;
        }
        Some(BriscolaViewOf {
            rules: self.rules,
            seat,
            dealer: self.dealer,
            hand: self.hands[usize::from(seat)],
            briscola: self.briscola,
            briscola_holder: self.briscola_holder,
            briscola_out: self.briscola_out,
            stock: self.stock_len(),
            hand_lens,
            trick: self.trick,
            trick_len: self.trick_len,
            leader: self.leader,
            piles: self.piles,
            tricks_done: self.tricks_done,
            last: self.last,
            last_len: self.last_len,
        })
    }
}

/// What one seat knows of a hand of Briscola (BRISCOLA.md §5), and nothing more: its own
/// hand, the face-up briscola and who drew it, every card played and who took each trick
/// (so every side's points), the stock's size and each hand's size. The other hands — a
/// partner's too — and the stock's order are not in it.
pub type BriscolaView = BriscolaViewOf<CardSet, MAX_PLAYERS, MAX_SIDES>;
/// What one seat knows of a two-deck hand ([`TwoDeckHand`]): the same facts, counted in
/// copies.
pub type TwoDeckView = BriscolaViewOf<CardMultiset, TWO_DECK_PLAYERS, TWO_DECK_SIDES>;

/// What one seat knows of a hand of Briscola over the card container `C`:
/// [`BriscolaView`] and [`TwoDeckView`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaViewOf<C, const SEATS: usize, const SIDES: usize> {
    /// The rules.
    pub rules: BriscolaRules,
    /// The seat looking.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// Its hand.
    pub hand: C,
    /// The face-up briscola.
    pub briscola: Card,
    /// Who drew the briscola, once the stock is empty.
    pub briscola_holder: Option<u8>,
    /// Whether the holder has played the briscola since (public: everyone saw the card;
    /// with two decks, a copy of it).
    pub(super) briscola_out: bool,
    /// Cards still to draw, the briscola included.
    pub stock: u8,
    /// Cards in each seat's hand.
    pub hand_lens: [u8; SEATS],
    pub(super) trick: [Card; SEATS],
    pub(super) trick_len: u8,
    /// The seat that led the current trick.
    pub leader: u8,
    /// The tricks each side took, as cards.
    pub piles: [C; SIDES],
    /// Tricks completed.
    pub tricks_done: u8,
    /// The last completed trick, in the order played.
    pub(super) last: [Card; SEATS],
    /// Its cards: the players once a trick is done, 0 before (and in the views the
    /// inference rebuilds of moments before it: [`super::infer`]).
    pub(super) last_len: u8,
}

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize> BriscolaViewOf<C, SEATS, SIDES> {
    /// The trump suit.
    pub const fn trump(&self) -> Suit {
        self.briscola.suit()
    }

    /// The current trick's cards, in the order played.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The seat to play.
    pub const fn turn(&self) -> u8 {
        (self.leader + self.trick_len) % self.rules.players
    }

    /// The last completed trick's cards, in the order played (empty before the first trick
    /// is done): public, every seat saw them played.
    pub fn last_trick(&self) -> &[Card] {
        &self.last[..usize::from(self.last_len)]
    }

    /// The seat that led the last completed trick (`None` before the first is done): the
    /// seat that took it leads the current trick, so it follows from the cards.
    pub fn last_leader(&self) -> Option<u8> {
        let n = self.rules.players;
        let won = trick_winner(self.trump(), self.last_trick())? as u8;
        Some((self.leader + n - won % n) % n)
    }

    /// Every card played so far.
    pub fn played(&self) -> C {
        played(&self.piles, self.trick())
    }

    /// Whether the face-up briscola is somewhere this seat knows but cannot see: under the
    /// stock, or in another seat's hand (that seat drew it and has not played it).
    const fn briscola_elsewhere(&self) -> bool {
        !self.briscola_out && !matches!(self.briscola_holder, Some(h) if h == self.seat)
    }

    /// The cards this seat knows the place of: its hand, every card played, and the
    /// briscola (face up, or in its holder's hand).
    fn known(&self) -> C {
        let mut known = self.hand.merged(self.played());
        if self.briscola_elsewhere() {
            known.add(self.briscola);
        }
        known
    }

    /// The cards this seat has not seen and cannot place: the other hands and the stock
    /// below the briscola (the briscola itself is known: face up, or in its holder's hand).
    /// With two decks the copies count: a card seen once may be unseen once more.
    pub fn unseen(&self) -> C {
        C::in_play(&self.rules).without(self.known())
    }

    /// The points each side has taken so far (public).
    pub fn points(&self) -> [u8; SIDES] {
        points_of(&self.piles)
    }
}

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>
    BriscolaHandOf<C, SEATS, SIDES, DECK>
{
    /// A whole hand consistent with `view`: the cards the seat has not seen are dealt at
    /// random (by `rng`) to the other hands and the stock — what the expert AI imagines.
    /// The briscola stays under the stock, or in the hand of the seat that drew it.
    pub(crate) fn imagine(
        view: &BriscolaViewOf<C, SEATS, SIDES>,
        rng: &mut crate::deal::SplitMix64,
    ) -> Self {
        let rules = view.rules;
        let mut unseen = [FILLER; DECK];
        let mut len = 0;
        for card in view.unseen() {
            if let Some(slot) = unseen.get_mut(len) {
                *slot = card;
                len += 1;
            }
        }
        let unseen = &mut unseen[..len];
        for i in (1..unseen.len()).rev() {
            let j = crate::deal::below(rng, i as u32 + 1) as usize;
            unseen.swap(i, j);
        }
        let mut next = 0;
        let mut hands = [C::EMPTY; SEATS];
        for seat in 0..rules.players {
            let s = usize::from(seat);
            if seat == view.seat {
                hands[s] = view.hand;
                continue;
            }
            let mut want = view.hand_lens[s];
            if view.briscola_holder == Some(seat) && !view.briscola_out && want > 0 {
                hands[s].add(view.briscola);
                want -= 1;
            }
            for _ in 0..want {
                if let Some(&card) = unseen.get(next) {
                    hands[s].add(card);
                    next += 1;
                }
            }
        }
        // The stock: the rest, in the order drawn, at the end of the deck.
        let mut deck = [FILLER; DECK];
        let end = usize::from(rules.deck_len()).min(DECK);
        let rest = unseen.get(next..).unwrap_or(&[]);
        let start = end.saturating_sub(rest.len());
        deck[start..end].copy_from_slice(&rest[..end - start]);
        BriscolaHandOf {
            rules,
            dealer: view.dealer,
            deck,
            next: start as u8,
            briscola: view.briscola,
            briscola_holder: view.briscola_holder,
            briscola_out: view.briscola_out,
            hands,
            piles: view.piles,
            trick: view.trick,
            trick_len: view.trick().len() as u8,
            leader: view.leader,
            tricks_done: view.tricks_done,
            last: view.last,
            last_len: view.last_len,
        }
    }
}

/// Why a view given from outside (the engine protocol's `bestmove`) cannot be a moment of a
/// hand of Briscola.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaViewError {
    /// The rules cannot be played.
    Rules(BriscolaRulesError),
    /// The seat or the dealer is not a seat of this game.
    BadSeat,
    /// A card appears twice (in the hand, as the briscola, in the history); with two decks,
    /// a third time.
    CardTwice {
        /// The card.
        card: Card,
    },
    /// A card these rules do not play with (the `2b` with three players).
    NotInPlay {
        /// The card.
        card: Card,
    },
    /// Play `index` of the history was made by a seat whose turn it was not.
    WrongSeat {
        /// Position in the history.
        index: usize,
    },
    /// The briscola was played (history `index`) before anyone drew it, or by a seat that
    /// did not draw it.
    BriscolaNotHeld {
        /// Position in the history.
        index: usize,
    },
    /// The history plays every card: nothing is left to play.
    HandOver,
    /// The seat's hand has the wrong number of cards for the plays made.
    HandSize {
        /// Cards it should hold.
        expected: u8,
        /// Cards it holds.
        found: u8,
    },
    /// The seat drew the briscola and has not played it, so it must be in its hand (or it
    /// did not, and it must not be).
    BriscolaMisplaced,
}

impl fmt::Display for BriscolaViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BriscolaViewError::Rules(e) => e.fmt(f),
            BriscolaViewError::BadSeat => f.write_str("seat or dealer is not a seat of this game"),
            BriscolaViewError::CardTwice { card } => {
                write!(f, "{card} appears more often than the decks hold it")
            }
            BriscolaViewError::NotInPlay { card } => {
                write!(f, "{card} is not played with these rules")
            }
            BriscolaViewError::WrongSeat { index } => {
                write!(
                    f,
                    "history[{index}] is played by a seat whose turn it was not"
                )
            }
            BriscolaViewError::BriscolaNotHeld { index } => write!(
                f,
                "history[{index}] plays the briscola, which that seat had not drawn"
            ),
            BriscolaViewError::HandOver => {
                f.write_str("the history plays every card: nothing is left to play")
            }
            BriscolaViewError::HandSize { expected, found } => write!(
                f,
                "the hand holds {found} cards; after these plays it holds {expected}"
            ),
            BriscolaViewError::BriscolaMisplaced => f.write_str(
                "the briscola is in the hand only if this seat drew it and has not played it",
            ),
        }
    }
}

impl core::error::Error for BriscolaViewError {}

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize> BriscolaViewOf<C, SEATS, SIDES> {
    /// The view of `seat` rebuilt from public facts only: its hand, the face-up briscola,
    /// and every card played this hand in order with its seat (who took each trick, who
    /// drew, how big the stock is all follow from them). Checks that they can be a moment
    /// of a hand. With two decks a card may be seen twice; a copy of the briscola played by
    /// its holder after drawing it is taken to be the briscola.
    ///
    /// ```
    /// use scopa_core::Card;
    /// use scopa_core::briscola::{BriscolaRules, BriscolaView};
    /// let c = |s: &str| s.parse::<Card>().unwrap();
    /// // Dealer 1: seat 0 led 7s, seat 1 (to play) holds 1s 2d 5b, trump coppe.
    /// let view = BriscolaView::from_public(
    ///     BriscolaRules::default(), 1, 1, "1s 2d 5b".parse().unwrap(), c("3c"), &[(0, c("7s"))],
    /// ).unwrap();
    /// assert_eq!(view.trick(), &[c("7s")]);
    /// assert_eq!(view.stock, 34);
    /// ```
    pub fn from_public(
        rules: BriscolaRules,
        seat: u8,
        dealer: u8,
        hand: C,
        briscola: Card,
        history: &[(u8, Card)],
    ) -> Result<Self, BriscolaViewError> {
        validate_for::<C>(&rules).map_err(BriscolaViewError::Rules)?;
        let n = rules.players;
        if seat >= n || dealer >= n {
            return Err(BriscolaViewError::BadSeat);
        }
        // The hand and the briscola: at most the decks' copies of each (the briscola may
        // be in the hand, once this seat drew it).
        let mut seen = C::EMPTY;
        for card in hand.into_iter().chain(core::iter::once(briscola)) {
            if !rules.uses(card) {
                return Err(BriscolaViewError::NotInPlay { card });
            }
            if !seen.add(card) && card != briscola {
                return Err(BriscolaViewError::CardTwice { card });
            }
        }
        let h = rules.hand_size;
        let mut hand_lens = [0u8; SEATS];
        hand_lens[..usize::from(n)].fill(h);
        let mut view = BriscolaViewOf {
            rules,
            seat,
            dealer,
            hand,
            briscola,
            briscola_holder: None,
            briscola_out: false,
            stock: rules.deck_len() - n * h,
            hand_lens,
            trick: [FILLER; SEATS],
            trick_len: 0,
            leader: (dealer + 1) % n,
            piles: [C::EMPTY; SIDES],
            tricks_done: 0,
            last: [FILLER; SEATS],
            last_len: 0,
        };
        let mut played = C::EMPTY;
        for (index, &(by, card)) in history.iter().enumerate() {
            if view.tricks_done == rules.tricks() {
                return Err(BriscolaViewError::HandOver);
            }
            if !rules.uses(card) {
                return Err(BriscolaViewError::NotInPlay { card });
            }
            if by != view.turn() {
                return Err(BriscolaViewError::WrongSeat { index });
            }
            if card == briscola && view.briscola_holder == Some(by) && !view.briscola_out {
                view.briscola_out = true;
            } else if card == briscola && C::DECKS == 1 && view.briscola_holder != Some(by) {
                return Err(BriscolaViewError::BriscolaNotHeld { index });
            }
            view.hand_lens[usize::from(by)] -= 1;
            view.trick[usize::from(view.trick_len)] = card;
            view.trick_len += 1;
            if !played.add(card) {
                return Err(BriscolaViewError::CardTwice { card });
            }
            if view.trick_len < n {
                continue;
            }
            let (winner, side, taken) = take::<C>(&rules, view.trump(), view.leader, view.trick());
            view.piles[usize::from(side)] = view.piles[usize::from(side)].merged(taken);
            view.last = view.trick;
            view.last_len = view.trick_len;
            view.trick = [FILLER; SEATS];
            view.trick_len = 0;
            view.leader = winner;
            view.tricks_done += 1;
            if view.stock > 0 {
                for i in 0..n {
                    let drawer = (winner + i) % n;
                    view.hand_lens[usize::from(drawer)] += 1;
                    if view.stock == 1 {
                        view.briscola_holder = Some(drawer);
                    }
                    view.stock -= 1;
                }
            }
        }
        // Every copy this seat knows the place of now (its hand, the cards played, the
        // briscola where it cannot see it): at most the decks' copies of each card.
        for card in hand
            .into_iter()
            .chain(played)
            .chain(core::iter::once(briscola))
        {
            if view.copies_known(played, card) > C::DECKS {
                return Err(BriscolaViewError::CardTwice { card });
            }
        }
        if view.tricks_done == rules.tricks() {
            return Err(BriscolaViewError::HandOver);
        }
        let expected = view.hand_lens[usize::from(seat)];
        let found = hand.size() as u8;
        if found != expected {
            return Err(BriscolaViewError::HandSize { expected, found });
        }
        let holds = view.briscola_holder == Some(seat) && !view.briscola_out;
        // One deck: the briscola is in the hand exactly when this seat holds it; two: it is
        // there at least then (the other copy may be there too).
        let in_hand = hand.copies(briscola) > 0;
        if (holds && !in_hand) || (C::DECKS == 1 && !holds && in_hand) {
            return Err(BriscolaViewError::BriscolaMisplaced);
        }
        Ok(view)
    }

    /// The copies of `card` in the hand, in `played`, and the briscola where this seat
    /// cannot see it.
    fn copies_known(&self, played: C, card: Card) -> u8 {
        self.hand.copies(card)
            + played.copies(card)
            + u8::from(card == self.briscola && self.briscola_elsewhere())
    }
}
