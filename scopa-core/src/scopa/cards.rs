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
use crate::scopa::capture::{self, CaptureKind, Move};
use crate::scopa::rules::{AceRule, Rules};
use crate::scopa::score::{HandScore, score_copies, score_hand, score_two};
use crate::scopa::teams::TeamMove;
use crate::seats::{MAX_SEATS, MAX_SIDES};

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
    /// Where every card of a hand is ([`HandStateOf`](super::hand::HandStateOf)'s cards):
    /// for one deck four bit-planes of a 4-bit location per card, for two decks
    /// [`TwoDeckCards`].
    type Layout: Copy + Eq + core::hash::Hash + fmt::Debug + MaybeFormat;
    /// Whether no card is held.
    fn is_none(self) -> bool;
    /// Whether `card` is held (once or more).
    fn has(self, card: Card) -> bool;
    /// The card `mv` plays.
    fn card_of(mv: Self::Move) -> Card;
    /// The cards `mv` captures (none: the card is laid).
    fn capture_of(mv: Self::Move) -> Self;
    /// What kind of play `card` capturing `capture` from `table` is; `None` when the rules
    /// do not allow it. Does not check that the card is in a hand.
    fn classify(table: Self, card: Card, capture: Self, ace: AceRule) -> Option<CaptureKind>;
    /// The cards `seat` (a seat of `rules`) holds.
    fn held(cards: &Self::Layout, rules: &Rules, seat: u8) -> Self;
    /// The cards face up on the table.
    fn on_table(cards: &Self::Layout) -> Self;
    /// The cards `side` (a side of `rules`) has captured.
    fn piled(cards: &Self::Layout, rules: &Rules, side: u8) -> Self;
    /// `seat` lays `card` (which it holds) on the table.
    fn lay(cards: &mut Self::Layout, rules: &Rules, seat: u8, card: Card);
    /// `seat` of `side` plays `card` (which it holds), taking `capture` (on the table) to its
    /// side's pile with the card.
    fn take(cards: &mut Self::Layout, rules: &Rules, seat: u8, side: u8, card: Card, capture: Self);
    /// Moves the table's cards to `side`'s pile; returns them.
    fn collect(cards: &mut Self::Layout, side: u8) -> Self;
    /// Deals round `round` (1 = the second) of a hand dealt by `dealer`: each seat's cards
    /// from the undealt deck.
    fn deal_round(cards: &mut Self::Layout, rules: &Rules, dealer: u8, round: u8);
    /// Cards not dealt yet, `plays` plays into the hand.
    fn deck_left(cards: &Self::Layout, rules: &Rules, plays: u8) -> u8;
    /// The score of a finished hand under `rules`, from each side's pile and scope (none
    /// if the piles are not a hand's).
    fn score(
        rules: &Rules,
        pile: impl Fn(u8) -> Self,
        scope: impl Fn(u8) -> u8,
    ) -> Option<HandScore>;
    /// Calls `emit` with every legal capture of `card` on `table`, in the container's capture
    /// order (the empty container alone when the card must be laid).
    fn for_each_capture(table: Self, card: Card, ace: AceRule, emit: &mut impl FnMut(Self));
    /// Calls `emit` with every legal move of a seat holding `hand` on `table`: its cards in
    /// card order (a card held twice once), each with its captures in the container's
    /// capture order (the card laid when it captures nothing).
    fn for_each_move(table: Self, hand: Self, ace: AceRule, emit: &mut impl FnMut(Self::Move));
    /// How many moves [`ScopaCards::for_each_move`] emits, without building them all.
    fn move_count(table: Self, hand: Self, ace: AceRule) -> usize;
    /// The `index`-th move of [`ScopaCards::for_each_move`]'s order, if there are more.
    fn nth_move(table: Self, hand: Self, ace: AceRule, index: usize) -> Option<Self::Move>;
}

impl ScopaCards for CardSet {
    const DECKS: u8 = 1;
    const EMPTY: CardSet = CardSet::EMPTY;
    type Move = Move;
    type Layout = [u64; 4];
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn has(self, card: Card) -> bool {
        self.contains(card)
    }
    #[inline]
    fn card_of(mv: Move) -> Card {
        mv.card()
    }
    #[inline]
    fn capture_of(mv: Move) -> CardSet {
        mv.capture()
    }
    #[inline]
    fn classify(table: CardSet, card: Card, capture: CardSet, ace: AceRule) -> Option<CaptureKind> {
        capture::classify(table, card, capture, ace)
    }
    #[inline]
    fn held(cards: &[u64; 4], rules: &Rules, seat: u8) -> CardSet {
        planes::at(cards, planes::hand_code(rules, seat))
    }
    #[inline]
    fn on_table(cards: &[u64; 4]) -> CardSet {
        planes::at(cards, planes::TABLE)
    }
    #[inline]
    fn piled(cards: &[u64; 4], _: &Rules, side: u8) -> CardSet {
        planes::at(cards, planes::pile_code(side))
    }
    #[inline]
    fn lay(cards: &mut [u64; 4], rules: &Rules, seat: u8, card: Card) {
        let from = planes::hand_code(rules, seat);
        planes::relocate(cards, CardSet::single(card), from, planes::TABLE);
    }
    #[inline]
    fn take(cards: &mut [u64; 4], rules: &Rules, seat: u8, side: u8, card: Card, capture: CardSet) {
        let pile = planes::pile_code(side);
        planes::relocate(cards, capture, planes::TABLE, pile);
        planes::relocate(
            cards,
            CardSet::single(card),
            planes::hand_code(rules, seat),
            pile,
        );
    }
    #[inline]
    fn collect(cards: &mut [u64; 4], side: u8) -> CardSet {
        let table = planes::at(cards, planes::TABLE);
        planes::relocate(cards, table, planes::TABLE, planes::pile_code(side));
        table
    }
    #[inline]
    fn deal_round(cards: &mut [u64; 4], rules: &Rules, dealer: u8, round: u8) {
        let n = rules.players;
        for pos in 0..n {
            let seat = (dealer + 1 + pos) % n;
            let code = planes::batch_code(rules, (round - 1) * n + pos);
            let batch = planes::at(cards, code);
            planes::relocate(cards, batch, code, planes::hand_code(rules, seat));
        }
    }
    #[inline]
    fn deck_left(_: &[u64; 4], rules: &Rules, plays: u8) -> u8 {
        if plays >= rules.one_deck_plays() {
            return 0;
        }
        let round = plays / rules.plays_per_round();
        40 - (rules.initial_table() + (round + 1) * rules.plays_per_round())
    }
    #[inline]
    fn score(
        rules: &Rules,
        pile: impl Fn(u8) -> CardSet,
        scope: impl Fn(u8) -> u8,
    ) -> Option<HandScore> {
        let k = usize::from(rules.one_deck_sides());
        let (s0, s1) = (scope(0), scope(1));
        if k == 2 && s0 <= 40 && s1 <= 40 {
            // Two piles that the encoding keeps disjoint: nothing to check.
            let piles = [pile(0), pile(1)];
            return Some(score_two(rules, piles, [s0, s1]));
        }
        let mut piles = [CardSet::EMPTY; 3];
        let mut scopes = [0u8; 3];
        for side in 0..k {
            piles[side] = pile(side as u8);
            scopes[side] = scope(side as u8);
        }
        score_hand(rules, &piles[..k], &scopes[..k]).ok()
    }
    #[inline]
    fn for_each_capture(table: CardSet, card: Card, ace: AceRule, emit: &mut impl FnMut(CardSet)) {
        capture::for_each_capture(table, card, ace, emit);
    }
    #[inline]
    fn for_each_move(table: CardSet, hand: CardSet, ace: AceRule, emit: &mut impl FnMut(Move)) {
        let mut list = capture::MoveList::new();
        capture::moves_into(table, hand, ace, &mut list);
        list.iter().for_each(|&mv| emit(mv));
    }
    #[inline]
    fn move_count(table: CardSet, hand: CardSet, ace: AceRule) -> usize {
        let captures = capture::Captures::new(table, ace);
        hand.iter().map(|card| captures.count(card)).sum()
    }
    #[inline]
    fn nth_move(table: CardSet, hand: CardSet, ace: AceRule, index: usize) -> Option<Move> {
        let captures = capture::Captures::new(table, ace);
        let mut skip = index;
        for card in hand {
            let n = captures.count(card);
            if skip < n {
                return captures.nth(card, skip).map(|s| Move::new(card, s));
            }
            skip -= n;
        }
        None
    }
}

/// The one-deck layout: every card has one 4-bit *location* (the table, a side's pile, a
/// seat's hand, or a batch of the undealt deck — the cards one seat will receive in one
/// future round) stored across four `u64` bit-planes, so a card can never be in two places
/// and "the cards at location L" is a handful of bit operations.
pub(crate) mod planes {
    use crate::cardset::CardSet;
    use crate::scopa::rules::Rules;

    /// Bits of the 40 cards.
    pub(crate) const ALL: u64 = (1u64 << 40) - 1;
    /// The table's location code.
    pub(crate) const TABLE: u8 = 0;

    /// The location code of `side`'s pile.
    #[inline]
    pub(crate) const fn pile_code(side: u8) -> u8 {
        1 + side
    }

    /// The location code of `seat`'s hand.
    #[inline]
    pub(crate) const fn hand_code(rules: &Rules, seat: u8) -> u8 {
        1 + rules.one_deck_sides() + seat
    }

    /// The location code of undealt batch `batch`.
    #[inline]
    pub(crate) const fn batch_code(rules: &Rules, batch: u8) -> u8 {
        1 + rules.one_deck_sides() + rules.players + batch
    }

    /// The cards at location `code`.
    #[inline]
    pub(crate) const fn at(planes: &[u64; 4], code: u8) -> CardSet {
        let mut m = ALL;
        let mut b = 0;
        while b < 4 {
            let sel = 0u64.wrapping_sub(((code >> b) & 1) as u64);
            m &= planes[b] ^ !sel;
            b += 1;
        }
        CardSet::from_bits_truncate(m)
    }

    /// Moves `cards` (all currently at `from`) to `to`.
    #[inline]
    pub(crate) fn relocate(planes: &mut [u64; 4], cards: CardSet, from: u8, to: u8) {
        let diff = from ^ to;
        for (b, plane) in planes.iter_mut().enumerate() {
            let sel = 0u64.wrapping_sub(u64::from((diff >> b) & 1));
            *plane ^= cards.bits() & sel;
        }
    }
}

impl ScopaCards for CardMultiset {
    const DECKS: u8 = 2;
    const EMPTY: CardMultiset = CardMultiset::EMPTY;
    type Move = TeamMove;
    type Layout = TwoDeckCards;
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn has(self, card: Card) -> bool {
        self.contains(card)
    }
    #[inline]
    fn card_of(mv: TeamMove) -> Card {
        mv.card
    }
    #[inline]
    fn capture_of(mv: TeamMove) -> CardMultiset {
        mv.capture
    }
    #[inline]
    fn classify(
        table: CardMultiset,
        card: Card,
        capture: CardMultiset,
        ace: AceRule,
    ) -> Option<CaptureKind> {
        crate::scopa::teams::capture::classify(table, card, capture, ace)
    }
    #[inline]
    fn held(cards: &TwoDeckCards, _: &Rules, seat: u8) -> CardMultiset {
        cards
            .hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    #[inline]
    fn on_table(cards: &TwoDeckCards) -> CardMultiset {
        cards.table
    }
    #[inline]
    fn piled(cards: &TwoDeckCards, _: &Rules, side: u8) -> CardMultiset {
        cards
            .piles
            .get(usize::from(side))
            .copied()
            .unwrap_or_default()
    }
    #[inline]
    fn lay(cards: &mut TwoDeckCards, _: &Rules, seat: u8, card: Card) {
        if let Some(hand) = cards.hands.get_mut(usize::from(seat)) {
            hand.remove(card);
            let _ = cards.table.insert(card); // two copies at most in play
        }
    }
    #[inline]
    fn take(
        cards: &mut TwoDeckCards,
        _: &Rules,
        seat: u8,
        side: u8,
        card: Card,
        capture: CardMultiset,
    ) {
        let (Some(hand), Some(pile)) = (
            cards.hands.get_mut(usize::from(seat)),
            cards.piles.get_mut(usize::from(side)),
        ) else {
            return;
        };
        hand.remove(card);
        cards.table = cards.table - capture;
        // The captured cards and the card were in play once each: no third copy.
        *pile = pile.checked_add(capture).unwrap_or(*pile);
        let _ = pile.insert(card);
    }
    #[inline]
    fn collect(cards: &mut TwoDeckCards, side: u8) -> CardMultiset {
        let table = cards.table;
        if let Some(pile) = cards.piles.get_mut(usize::from(side)) {
            *pile = pile.checked_add(table).unwrap_or(*pile);
            cards.table = CardMultiset::EMPTY;
        }
        table
    }
    #[inline]
    fn deal_round(cards: &mut TwoDeckCards, rules: &Rules, dealer: u8, _: u8) {
        cards.deal_round(rules, dealer);
    }
    #[inline]
    fn deck_left(cards: &TwoDeckCards, _: &Rules, _: u8) -> u8 {
        cards.deck_left()
    }
    #[inline]
    fn score(
        rules: &Rules,
        pile: impl Fn(u8) -> CardMultiset,
        scope: impl Fn(u8) -> u8,
    ) -> Option<HandScore> {
        let n = usize::from(rules.sides()).min(MAX_SIDES);
        let mut piles = [CardMultiset::EMPTY; MAX_SIDES];
        let mut scopes = [0u8; MAX_SIDES];
        for side in 0..n {
            piles[side] = pile(side as u8);
            scopes[side] = scope(side as u8);
        }
        score_copies(rules, &piles[..n], &scopes[..n]).ok()
    }
    fn for_each_capture(
        table: CardMultiset,
        card: Card,
        ace: AceRule,
        emit: &mut impl FnMut(CardMultiset),
    ) {
        crate::scopa::teams::for_each_capture(table, card, ace, emit);
    }
    fn for_each_move(
        table: CardMultiset,
        hand: CardMultiset,
        ace: AceRule,
        emit: &mut impl FnMut(TeamMove),
    ) {
        for card in hand.distinct() {
            crate::scopa::teams::for_each_capture(table, card, ace, &mut |capture| {
                emit(TeamMove { card, capture })
            });
        }
    }
    fn move_count(table: CardMultiset, hand: CardMultiset, ace: AceRule) -> usize {
        let mut n = 0;
        Self::for_each_move(table, hand, ace, &mut |_| n += 1);
        n
    }
    fn nth_move(
        table: CardMultiset,
        hand: CardMultiset,
        ace: AceRule,
        index: usize,
    ) -> Option<TeamMove> {
        let (mut i, mut out) = (0, None);
        Self::for_each_move(table, hand, ace, &mut |mv| {
            if i == index {
                out = Some(mv);
            }
            i += 1;
        });
        out
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

/// Cards in two decks.
pub const TWO_DECKS: usize = 80;

/// Where the cards of a two-deck hand are: the deal order and how far it is dealt, each
/// seat's hand, the table and each side's pile, as multisets (a card may be there twice).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TwoDeckCards {
    pub(crate) deck: [Card; TWO_DECKS],
    /// Index in `deck` of the next card to deal.
    pub(crate) next: u8,
    pub(crate) hands: [CardMultiset; MAX_SEATS],
    pub(crate) table: CardMultiset,
    pub(crate) piles: [CardMultiset; MAX_SIDES],
}

impl TwoDeckCards {
    /// The next card of the deal order.
    pub(crate) fn draw(&mut self) -> Card {
        let card = self.deck[usize::from(self.next) % TWO_DECKS];
        self.next += 1;
        card
    }

    /// Deals one round: 3 consecutive cards to each seat from the eldest.
    pub(crate) fn deal_round(&mut self, rules: &Rules, dealer: u8) {
        let n = rules.players;
        for k in 0..n {
            let seat = (dealer + 1 + k) % n;
            for _ in 0..rules.cards_per_round() {
                let card = self.draw();
                let _ = self.hands[usize::from(seat)].insert(card);
            }
        }
    }

    /// Cards not dealt yet.
    pub(crate) const fn deck_left(&self) -> u8 {
        TWO_DECKS as u8 - self.next
    }
}
