//! [`ScopaCards`]: the card container of a Scopa table — [`CardSet`] for one deck (2, 3 or 4
//! players: the 40-bit fast path), [`CardMultiset`] for two (6 or 8 players: a card may be
//! held twice). What a hand reports — its events ([`EventOf`]) and its refusals
//! ([`PlayErrorOf`]) — is written once over it; the one-deck names ([`Event`](super::Event),
//! [`PlayError`](super::PlayError)) and the two-deck ones
//! ([`TeamEvent`](super::teams::TeamEvent), [`TeamPlayError`](super::teams::TeamPlayError))
//! are its two instances.

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;
use crate::scopa::capture::Move;
use crate::scopa::score::HandScore;
use crate::scopa::teams::TeamMove;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::cardset::CardSet {}
    impl Sealed for crate::multiset::CardMultiset {}
}

/// `defmt::Format` when the `defmt` feature is on, nothing otherwise: what a container's
/// move must be for the events holding it to derive `defmt::Format`.
#[cfg(feature = "defmt")]
pub trait MaybeFormat: defmt::Format {}
#[cfg(feature = "defmt")]
impl<T: defmt::Format> MaybeFormat for T {}
/// `defmt::Format` when the `defmt` feature is on, nothing otherwise: what a container's
/// move must be for the events holding it to derive `defmt::Format`.
#[cfg(not(feature = "defmt"))]
pub trait MaybeFormat {}
#[cfg(not(feature = "defmt"))]
impl<T> MaybeFormat for T {}

/// Hands, table, piles and captures of a Scopa table: [`CardSet`] (one deck) or
/// [`CardMultiset`] (two decks).
pub trait ScopaCards:
    Copy + Eq + core::hash::Hash + fmt::Debug + fmt::Display + MaybeFormat + sealed::Sealed
{
    /// The decks this container plays: 1 or 2 (the most copies of a card it holds).
    const DECKS: u8;
    /// No card.
    const EMPTY: Self;
    /// A play with this container: a card and the cards it captures ([`Move`], packed in
    /// one word, for one deck; [`TeamMove`] for two).
    type Move: Copy + Eq + core::hash::Hash + fmt::Debug + fmt::Display + MaybeFormat;
    /// Whether no card is held.
    fn is_none(self) -> bool;
}

impl ScopaCards for CardSet {
    const DECKS: u8 = 1;
    const EMPTY: CardSet = CardSet::EMPTY;
    type Move = Move;
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
}

impl ScopaCards for CardMultiset {
    const DECKS: u8 = 2;
    const EMPTY: CardMultiset = CardMultiset::EMPTY;
    type Move = TeamMove;
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
}

/// Something that happened during a play, in order, for a front-end to show or animate:
/// cards in `C` ([`ScopaCards`]), final scores for `SIDES` sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum EventOf<C: ScopaCards, const SIDES: usize> {
    /// `seat` played `mv` (a capture, or a card laid on the table).
    Played {
        /// The seat that played.
        seat: u8,
        /// The move.
        mv: C::Move,
    },
    /// The capture swept the table: one point to `side`.
    Scopa {
        /// The seat that made it.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// Every hand was empty: a new round of cards was dealt.
    Dealt {
        /// The round dealt (1 = the second round of the hand).
        round: u8,
        /// Cards left in the deck after this deal.
        deck_left: u8,
    },
    /// End of the hand: the cards left on the table went to the side that captured last.
    TableCollected {
        /// The side that gets them.
        side: u8,
        /// The cards.
        cards: C,
    },
    /// The hand is over, with its score.
    HandFinished(HandScore),
    /// The match is over (only from a match's play: [`crate::scopa::Match::play`],
    /// [`crate::scopa::teams::TeamMatch::play`]).
    MatchFinished {
        /// The winning side.
        winner: u8,
        /// The final scores per side (sides past the last are 0).
        scores: [u16; SIDES],
    },
    /// A new hand was dealt (only from a match's play).
    NewHand {
        /// Its number, from 0.
        number: u16,
        /// Its dealer.
        dealer: u8,
        /// The cards laid face up on the table by the deal.
        table: C,
        /// How many times the cards were shuffled again before this deal because the deal
        /// would have put too many Kings on the table (`kings_redeal`: 3 or more with one
        /// deck, 5 or more with two); almost always 0.
        redeals: u8,
    },
}

/// The events of one play, in order.
pub type EventsOf<C, const SIDES: usize> = heapless::Vec<EventOf<C, SIDES>, 8>;

/// Why a play was refused. The hand is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PlayErrorOf<C> {
    /// The seat does not exist with this many players.
    NoSuchSeat {
        /// The seat given.
        seat: u8,
        /// Players in the game.
        players: u8,
    },
    /// It is another seat's turn.
    NotYourTurn {
        /// The seat that tried to play.
        seat: u8,
        /// The seat to play.
        turn: u8,
    },
    /// The card is not in the seat's hand.
    CardNotInHand {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// The capture is not one the rules allow for this card and table (this includes
    /// laying a card that can capture, and taking a sum when an equal card is there).
    IllegalCapture {
        /// The card played.
        card: Card,
        /// The capture asked for.
        capture: C,
    },
    /// The hand is finished: no more plays.
    HandOver,
    /// The match is finished (from a match's play).
    MatchOver {
        /// The side that won.
        winner: u8,
    },
}

impl<C: ScopaCards> fmt::Display for PlayErrorOf<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayErrorOf::NoSuchSeat { seat, players } => {
                write!(f, "there is no seat {seat} in a {players}-player game")
            }
            PlayErrorOf::NotYourTurn { seat, turn } => {
                write!(f, "it is not seat {seat}'s turn: seat {turn} plays now")
            }
            PlayErrorOf::CardNotInHand { seat, card } => {
                write!(f, "card {card} is not in seat {seat}'s hand")
            }
            PlayErrorOf::IllegalCapture { card, capture } if capture.is_none() => write!(
                f,
                "{card} cannot be laid on the table: it can capture, and a card that can capture must"
            ),
            PlayErrorOf::IllegalCapture { card, capture } => {
                write!(
                    f,
                    "{card} cannot capture {capture}: not a legal capture on this table"
                )
            }
            PlayErrorOf::HandOver => f.write_str("the hand is over"),
            PlayErrorOf::MatchOver { winner } => {
                write!(f, "the match is over: side {winner} won")
            }
        }
    }
}

impl<C: ScopaCards> core::error::Error for PlayErrorOf<C> {}
