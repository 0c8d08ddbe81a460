//! [`HandState`]: one hand from the deal to the score — turns, legal moves, plays.
//!
//! # Representation
//! Every card has one *location*: the table, a side's pile, a seat's hand, or a batch of
//! the undealt deck (the cards one seat will receive in one future round). The location is
//! a 4-bit code stored across four `u64` bit-planes, so a card can never be in two places,
//! the whole state is 48 bytes, and "the cards at location L" is a handful of bit
//! operations.

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{Deck, DeckError};
use crate::scopa::capture::{self, CaptureKind, CaptureList, Move, MoveList};
use crate::scopa::cards::{EventOf, EventsOf, PlayErrorOf, ScopaCards, planes};
use crate::scopa::rules::{Rules, RulesError};
use crate::scopa::score::HandScore;

use planes::{ALL, TABLE};
/// `last_capture` when no side has captured yet.
pub(crate) const NO_SIDE: u8 = 0xFF;

/// Something that happened during a play of a one-deck hand ([`EventOf`] over [`CardSet`],
/// scores for 3 sides).
pub type Event = EventOf<CardSet, 3>;

/// The events of one play, in order.
pub type Events = EventsOf<CardSet, 3>;

/// Why a play of a one-deck hand was refused ([`PlayErrorOf`] over [`CardSet`]). The state
/// is unchanged.
pub type PlayError = PlayErrorOf<CardSet>;

/// Why a hand could not be set up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DealError {
    /// The rules are impossible.
    Rules(RulesError),
    /// The card list is not a deck.
    Deck(DeckError),
    /// The dealer seat does not exist.
    BadDealer {
        /// The seat given.
        dealer: u8,
        /// Players in the game.
        players: u8,
    },
    /// With `kings_redeal` on, this deck puts 3 or more Kings on the initial table.
    KingsOnTable {
        /// How many Kings.
        kings: u8,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Rules(e) => write!(f, "bad rules: {e}"),
            DealError::Deck(e) => write!(f, "bad deck: {e}"),
            DealError::BadDealer { dealer, players } => {
                write!(
                    f,
                    "dealer {dealer} is not a seat of a {players}-player game"
                )
            }
            DealError::KingsOnTable { kings } => write!(
                f,
                "this deck puts {kings} Kings on the initial table, which kings_redeal voids"
            ),
        }
    }
}

impl core::error::Error for DealError {}

impl From<RulesError> for DealError {
    fn from(e: RulesError) -> DealError {
        DealError::Rules(e)
    }
}

impl From<DeckError> for DealError {
    fn from(e: DeckError) -> DealError {
        DealError::Deck(e)
    }
}

/// Why an explicit position is not one the engine can play from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PositionError {
    /// The rules are impossible.
    Rules(RulesError),
    /// The dealer seat does not exist.
    BadDealer,
    /// More plays than a hand has.
    TooManyPlays,
    /// Wrong number of hands, piles or scope counts for the rules.
    WrongCounts,
    /// A card is in two places.
    CardTwice {
        /// The card.
        card: Card,
    },
    /// A card is nowhere.
    CardMissing {
        /// The card.
        card: Card,
    },
    /// A seat holds the wrong number of cards for the plays made.
    HandSize {
        /// The seat.
        seat: u8,
        /// Cards it should hold.
        expected: u8,
        /// Cards it holds.
        found: u8,
    },
    /// The undealt deck has the wrong number of cards for the plays made.
    DeckSize {
        /// Cards it should hold.
        expected: u8,
        /// Cards it holds.
        found: u8,
    },
    /// The table is one no game can reach (too many captures for the fixed lists).
    UnreachableTable,
    /// A scope count is impossible, or the last capturing side does not exist.
    BadCounters,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Rules(e) => write!(f, "bad rules: {e}"),
            PositionError::BadDealer => f.write_str("the dealer is not a seat of this game"),
            PositionError::TooManyPlays => f.write_str("more plays than a hand has"),
            PositionError::WrongCounts => {
                f.write_str("the number of hands, piles or scope counts does not match the rules")
            }
            PositionError::CardTwice { card } => write!(f, "card {card} is in two places"),
            PositionError::CardMissing { card } => write!(f, "card {card} is nowhere"),
            PositionError::HandSize {
                seat,
                expected,
                found,
            } => write!(
                f,
                "seat {seat} holds {found} cards but should hold {expected} at this point of the hand"
            ),
            PositionError::DeckSize { expected, found } => write!(
                f,
                "the deck holds {found} cards but should hold {expected} at this point of the hand"
            ),
            PositionError::UnreachableTable => {
                f.write_str("no game can reach this table (too many possible captures)")
            }
            PositionError::BadCounters => {
                f.write_str("impossible scope count or last-capture side")
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// One hand of Scopa: who holds what, whose turn it is, the scope made so far.
///
/// ```
/// use scopa_core::SplitMix64;
/// use scopa_core::scopa::{HandState, Rules};
/// let mut hand = HandState::deal(Rules::default(), 0, &mut SplitMix64::new(42)).unwrap();
/// assert_eq!(hand.turn(), 1); // the eldest, after the dealer, leads
/// while !hand.is_finished() {
///     let mv = hand.legal_moves()[0];
///     hand.play(hand.turn(), mv).unwrap();
/// }
/// let score = hand.score().unwrap();
/// assert_eq!(score.side(0).cards + score.side(1).cards, 40);
/// ```
pub type HandState = HandStateOf<CardSet, 3>;

/// One hand of Scopa over the card container `C` ([`ScopaCards`]) for at most `SIDES`
/// sides: who holds what, whose turn it is, the scope made so far. [`HandState`] is one
/// deck (2, 3 or 4 players), [`TeamHand`](crate::scopa::teams::TeamHand) two (6 or 8); the
/// turns, the checks of a play and the play itself are written once, here, over both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HandStateOf<C: ScopaCards, const SIDES: usize> {
    pub(crate) cards: C::Layout,
    pub(crate) rules: Rules,
    pub(crate) dealer: u8,
    pub(crate) turn: u8,
    pub(crate) plays: u8,
    /// The side that captured last, or [`NO_SIDE`].
    pub(crate) last_capture: u8,
    pub(crate) scope: [u8; SIDES],
}

impl<C: ScopaCards, const SIDES: usize> HandStateOf<C, SIDES> {
    /// Plays in the hand (the one-deck path reads the deal alone).
    #[inline(always)]
    const fn hand_plays(&self) -> u8 {
        if C::DECKS == 1 {
            self.rules.one_deck_plays()
        } else {
            self.rules.plays_per_hand()
        }
    }

    /// The rules.
    #[inline]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealer of this hand.
    #[inline]
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The seat that leads (dealer + 1).
    #[inline]
    pub const fn eldest(&self) -> u8 {
        (self.dealer + 1) % self.rules.players
    }

    /// The seat to play (meaningless once the hand is finished).
    #[inline]
    pub const fn turn(&self) -> u8 {
        self.turn
    }

    /// Plays made so far in this hand.
    #[inline]
    pub const fn plays(&self) -> u8 {
        self.plays
    }

    /// Whether every card has been played.
    #[inline]
    pub const fn is_finished(&self) -> bool {
        self.plays >= self.hand_plays()
    }

    /// Whether the next play is the last of the hand (which never scores a scopa).
    #[inline]
    pub const fn is_last_play(&self) -> bool {
        self.plays + 1 == self.hand_plays()
    }

    /// The cards in `seat`'s hand (empty for a seat that does not exist).
    #[inline]
    pub fn hand(&self, seat: u8) -> C {
        if seat >= self.rules.players {
            return C::EMPTY;
        }
        C::held(&self.cards, &self.rules, seat)
    }

    /// The cards face up on the table.
    #[inline]
    pub fn table(&self) -> C {
        C::on_table(&self.cards)
    }

    /// The cards captured by `side` (empty for a side that does not exist).
    #[inline]
    pub fn pile(&self, side: u8) -> C {
        let sides = if C::DECKS == 1 {
            self.rules.one_deck_sides()
        } else {
            self.rules.sides()
        };
        if side >= sides {
            return C::EMPTY;
        }
        C::piled(&self.cards, &self.rules, side)
    }

    /// The scope `side` has made this hand.
    #[inline]
    pub const fn scope(&self, side: u8) -> u8 {
        if (side as usize) < SIDES {
            self.scope[side as usize]
        } else {
            0
        }
    }

    /// The side that made the last capture, if any.
    #[inline]
    pub const fn last_capture(&self) -> Option<u8> {
        if self.last_capture == NO_SIDE {
            None
        } else {
            Some(self.last_capture)
        }
    }

    /// Whether `seat` may play `mv` now.
    pub fn is_legal(&self, seat: u8, mv: C::Move) -> bool {
        self.check(seat, mv).is_ok()
    }

    pub(crate) fn check(&self, seat: u8, mv: C::Move) -> Result<CaptureKind, PlayErrorOf<C>> {
        if self.is_finished() {
            return Err(PlayErrorOf::HandOver);
        }
        if seat >= self.rules.players {
            return Err(PlayErrorOf::NoSuchSeat {
                seat,
                players: self.rules.players,
            });
        }
        if seat != self.turn {
            return Err(PlayErrorOf::NotYourTurn {
                seat,
                turn: self.turn,
            });
        }
        let card = C::card_of(mv);
        if !self.hand(seat).has(card) {
            return Err(PlayErrorOf::CardNotInHand { seat, card });
        }
        let capture = C::capture_of(mv);
        C::classify(self.table(), card, capture, self.rules.ace)
            .ok_or(PlayErrorOf::IllegalCapture { card, capture })
    }

    /// Plays `mv` for `seat` and returns what happened (the play, a scopa, a new round, and
    /// at the end the table's last cards and the score); on error the state is unchanged.
    ///
    /// After the play, if every hand is empty and cards remain, the next round is dealt;
    /// after the last play the table goes to the last capturing side and the hand is
    /// scored ([`EventOf::HandFinished`]).
    pub fn play(&mut self, seat: u8, mv: C::Move) -> Result<EventsOf<C, SIDES>, PlayErrorOf<C>> {
        let kind = self.check(seat, mv)?;
        let mut events = EventsOf::new();
        self.apply(seat, mv, kind, Some(&mut events));
        Ok(events)
    }

    /// Carries out a checked play; records what happened in `events` when given.
    #[inline]
    pub(crate) fn apply(
        &mut self,
        seat: u8,
        mv: C::Move,
        kind: CaptureKind,
        mut events: Option<&mut EventsOf<C, SIDES>>,
    ) {
        fn record<C: ScopaCards, const SIDES: usize>(
            events: &mut Option<&mut EventsOf<C, SIDES>>,
            e: EventOf<C, SIDES>,
        ) {
            if let Some(ev) = events {
                // At most 4 events a play; the list holds 8.
                let _ = ev.push(e);
            }
        }
        let card = C::card_of(mv);
        let side = if C::DECKS == 1 {
            self.rules.one_deck_side_of(seat)
        } else {
            self.rules.side_of(seat)
        };
        let last = self.is_last_play();
        record(&mut events, EventOf::Played { seat, mv });
        match kind {
            CaptureKind::Lay => C::lay(&mut self.cards, &self.rules, seat, card),
            CaptureKind::Ordinary | CaptureKind::AceTakesAll => {
                let capture = C::capture_of(mv);
                C::take(&mut self.cards, &self.rules, seat, side, card, capture);
                self.last_capture = side;
                if kind == CaptureKind::Ordinary && !last && self.table().is_none() {
                    if let Some(scope) = self.scope.get_mut(usize::from(side)) {
                        *scope += 1;
                    }
                    record(&mut events, EventOf::Scopa { seat, side });
                }
            }
        }
        self.plays += 1;
        self.turn += 1;
        if self.turn == self.rules.players {
            self.turn = 0;
        }
        if self.is_finished() {
            if self.last_capture != NO_SIDE && !self.table().is_none() {
                let side = self.last_capture;
                let cards = C::collect(&mut self.cards, side);
                record(&mut events, EventOf::TableCollected { side, cards });
            }
            if events.is_some()
                && let Some(score) = self.score()
            {
                record(&mut events, EventOf::HandFinished(score));
            }
        } else if self.hand(self.turn).is_none() {
            // Seats play in turn from equal hands: the next seat is empty only when the
            // whole round has been played.
            let round = self.plays / self.rules.plays_per_round();
            C::deal_round(&mut self.cards, &self.rules, self.dealer, round);
            let deck_left = C::deck_left(&self.cards, &self.rules, self.plays);
            record(&mut events, EventOf::Dealt { round, deck_left });
        }
    }

    /// The hand's score, once it is finished.
    pub fn score(&self) -> Option<HandScore> {
        if !self.is_finished() {
            return None;
        }
        C::score(&self.rules, |side| self.pile(side), |side| self.scope(side))
    }

    /// Calls `emit` with every legal move of the seat to play, in canonical order: its
    /// cards in card order (a card held twice once), each with its captures. Nothing once
    /// the hand is finished.
    pub fn for_each_legal_move(&self, emit: &mut impl FnMut(C::Move)) {
        if !self.is_finished() {
            C::for_each_move(self.table(), self.hand(self.turn), self.rules.ace, emit);
        }
    }

    /// Calls `emit` with every legal capture of `card` on the current table, in canonical
    /// order (the empty container alone when the card is laid).
    pub fn for_each_capture(&self, card: Card, emit: &mut impl FnMut(C)) {
        C::for_each_capture(self.table(), card, self.rules.ace, emit);
    }

    /// Number of legal moves of the seat to play, without building the list.
    pub fn legal_move_count(&self) -> usize {
        if self.is_finished() {
            return 0;
        }
        C::move_count(self.table(), self.hand(self.turn), self.rules.ace)
    }

    /// The `index`-th legal move in canonical order
    /// ([`HandStateOf::for_each_legal_move`]'s), without building the list.
    pub fn nth_legal_move(&self, index: usize) -> Option<C::Move> {
        if self.is_finished() {
            return None;
        }
        C::nth_move(self.table(), self.hand(self.turn), self.rules.ace, index)
    }
}

impl HandState {
    // ----- location codes -----

    #[inline]
    const fn pile_code(side: u8) -> u8 {
        planes::pile_code(side)
    }

    #[inline]
    const fn hand_code(&self, seat: u8) -> u8 {
        planes::hand_code(&self.rules, seat)
    }

    #[inline]
    const fn batch_code(&self, batch: u8) -> u8 {
        planes::batch_code(&self.rules, batch)
    }

    /// The cards at location `code`.
    #[inline]
    const fn at(&self, code: u8) -> CardSet {
        planes::at(&self.cards, code)
    }

    /// The cards at every location code (0 … 15) at once: the table, each pile, each hand
    /// and each undealt batch (codes past the last batch are empty).
    #[inline]
    pub(crate) fn locations(&self) -> [u64; 16] {
        let [p0, p1, p2, p3] = self.cards;
        // Codes split into their high two bits (planes 3, 2) and low two bits (planes 1, 0).
        let high = [!p3 & !p2 & ALL, !p3 & p2, p3 & !p2, p3 & p2];
        let low = [!p1 & !p0, !p1 & p0, p1 & !p0, p1 & p0];
        core::array::from_fn(|code| high[code >> 2] & low[code & 3])
    }

    /// Moves `cards` (all currently at `from`) to `to`.
    #[inline]
    fn relocate(&mut self, cards: CardSet, from: u8, to: u8) {
        let diff = from ^ to;
        for (b, plane) in self.cards.iter_mut().enumerate() {
            let sel = 0u64.wrapping_sub(u64::from((diff >> b) & 1));
            *plane ^= cards.bits() & sel;
        }
    }

    /// Puts `card` (currently on the table, code 0) at `code`.
    #[inline]
    fn place(&mut self, card: Card, code: u8) {
        self.relocate(CardSet::single(card), TABLE, code);
    }

    /// Puts the cards of `bits` (currently on the table, code 0) at `code`.
    #[inline]
    fn put(&mut self, bits: u64, code: u8) {
        for (b, plane) in self.cards.iter_mut().enumerate() {
            if code >> b & 1 != 0 {
                *plane |= bits;
            }
        }
    }

    fn empty(rules: Rules, dealer: u8) -> HandState {
        HandState {
            cards: [0; 4],
            rules,
            dealer,
            turn: (dealer + 1) % rules.players,
            plays: 0,
            last_capture: NO_SIDE,
            scope: [0; 3],
        }
    }

    // ----- construction -----

    /// Deals a hand from an explicit deck order (docs/rules.md §2): cards are taken from index 0,
    /// each seat from the eldest receiving its batch, then the table.
    ///
    /// Refuses impossible rules, a bad dealer, and — with `kings_redeal` on — a deck that
    /// puts 3 or more Kings on the initial table.
    pub fn from_deck(rules: Rules, dealer: u8, deck: &Deck) -> Result<HandState, DealError> {
        rules.validate_one_deck()?;
        if dealer >= rules.players {
            return Err(DealError::BadDealer {
                dealer,
                players: rules.players,
            });
        }
        let (state, kings) = HandState::layout(rules, dealer, deck.cards());
        if rules.kings_redeal && kings >= 3 {
            return Err(DealError::KingsOnTable { kings });
        }
        Ok(state)
    }

    /// Lays out `cards` (a deck order) for valid `rules` and `dealer`; returns the state and
    /// the number of Kings on the initial table.
    #[inline]
    fn layout(rules: Rules, dealer: u8, cards: &[Card; 40]) -> (HandState, u8) {
        match rules.cards_per_round() {
            3 => HandState::layout_by::<3>(rules, dealer, cards),
            9 => HandState::layout_by::<9>(rules, dealer, cards),
            _ => HandState::layout_by::<10>(rules, dealer, cards),
        }
    }

    /// [`HandState::layout`] for `CPR` cards per seat and round.
    #[inline(always)]
    fn layout_by<const CPR: usize>(
        rules: Rules,
        dealer: u8,
        cards: &[Card; 40],
    ) -> (HandState, u8) {
        let mut state = HandState::empty(rules, dealer);
        let n = rules.players;
        let bits = |chunk: &[Card]| chunk.iter().fold(0u64, |m, c| m | 1u64 << c.index());
        let (hands, rest) = cards.split_at(usize::from(n) * CPR);
        let (table, batches) = rest.split_at(usize::from(rules.initial_table()));
        let mut seat = state.turn; // the eldest
        for chunk in hands.chunks_exact(CPR) {
            let code = state.hand_code(seat);
            state.put(bits(chunk), code);
            seat = if seat + 1 == n { 0 } else { seat + 1 };
        }
        // The table is code 0: nothing to set.
        for (batch, chunk) in batches.chunks_exact(CPR).enumerate() {
            let code = state.batch_code(batch as u8);
            state.put(bits(chunk), code);
        }
        let kings = table.iter().filter(|c| c.value() == 10).count() as u8;
        (state, kings)
    }

    /// Shuffles and deals for rules and dealer already checked, reshuffling while the
    /// table would need a kings redeal.
    pub(crate) fn deal_checked<R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> (HandState, Deck) {
        loop {
            let (state, cards, kings) = HandState::shuffle_and_lay::<true, R>(rules, dealer, rng);
            if !(rules.kings_redeal && kings >= 3) {
                return (state, Deck::from_permutation(cards));
            }
        }
    }

    /// Shuffles exactly as [`Deck::shuffled`] does and lays out each card as its place in
    /// the deck becomes final — Fisher–Yates settles the deck from its last card to its
    /// first — for rules and dealer already checked. Returns the state, the deck order
    /// (when `ORDER`; otherwise the order is not kept) and the number of Kings on the
    /// initial table.
    #[inline]
    fn shuffle_and_lay<const ORDER: bool, R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> (HandState, [Card; 40], u8) {
        match rules.cards_per_round() {
            3 => HandState::shuffle_and_lay_by::<3, ORDER, R>(rules, dealer, rng),
            9 => HandState::shuffle_and_lay_by::<9, ORDER, R>(rules, dealer, rng),
            _ => HandState::shuffle_and_lay_by::<10, ORDER, R>(rules, dealer, rng),
        }
    }

    /// [`HandState::shuffle_and_lay`] for `CPR` cards per seat and round.
    #[inline(always)]
    fn shuffle_and_lay_by<const CPR: usize, const ORDER: bool, R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> (HandState, [Card; 40], u8) {
        let mut state = HandState::empty(rules, dealer);
        // The deck as card indices, in canonical order; 64 places so that an index masked
        // with 63 needs no bounds check (places 40 … 63 are never used).
        let mut deck = [0u8; 64];
        for (place, slot) in deck.iter_mut().enumerate() {
            *slot = place as u8;
        }
        // One Fisher–Yates step: settles `place` (≥ 1) with a uniform place `j ≤ place`
        // and returns the bit of its card. The places above it are settled already.
        let mut settle = |deck: &mut [u8; 64], place: usize| {
            let j = crate::deal::below_nonzero(rng, place as u32 + 1) as usize;
            let card = deck[j & 63];
            deck[j & 63] = deck[place & 63];
            if ORDER {
                deck[place & 63] = card;
            }
            1u64 << (card & 63)
        };
        // The cards of each location code; the planes are built from them at the end.
        let mut by_code = [0u64; 16];
        let mut put = |bits: u64, code: usize| by_code[code & 15] = bits;
        let n = usize::from(rules.players);
        let first_batch = 1 + usize::from(rules.sides()) + n;
        let table_end = n * CPR + usize::from(rules.initial_table());
        let mut place = 40;
        // The batches, from the last dealt.
        let mut batch = (40 - table_end) / CPR;
        while batch > 0 {
            batch -= 1;
            let mut bits = 0;
            for _ in 0..CPR {
                place -= 1;
                bits |= settle(&mut deck, place);
            }
            put(bits, first_batch + batch);
        }
        // The table (code 0: nothing to set).
        let mut table = 0;
        while place > n * CPR {
            place -= 1;
            table |= settle(&mut deck, place);
        }
        // The hands, from the last seat served; the first card of the deck is settled last.
        let eldest = usize::from(state.turn);
        for pos in (0..n).rev() {
            let mut bits = 0;
            for _ in 0..CPR {
                place -= 1;
                bits |= if place == 0 {
                    1u64 << (deck[0] & 63)
                } else {
                    settle(&mut deck, place)
                };
            }
            let seat = if eldest + pos >= n {
                eldest + pos - n
            } else {
                eldest + pos
            };
            put(bits, 1 + usize::from(rules.sides()) + seat);
        }
        // Plane b holds the cards whose code has bit b.
        state.cards = core::array::from_fn(|b| {
            (0..16)
                .filter(|code| code >> b & 1 == 1)
                .fold(0, |plane, code| plane | by_code[code])
        });
        let kings = (table >> 9 & 1) + (table >> 19 & 1) + (table >> 29 & 1) + (table >> 39 & 1);
        let mut cards = crate::deal::SORTED;
        if ORDER {
            for (card, &index) in cards.iter_mut().zip(&deck) {
                *card = Card::from_index(index).unwrap_or(*card);
            }
        }
        (state, cards, kings as u8)
    }

    /// Shuffles with `rng` and deals; with `kings_redeal`, reshuffles until the initial
    /// table has fewer than 3 Kings. Returns the hand and the deck order used.
    pub fn deal_with_deck<R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> Result<(HandState, Deck), DealError> {
        rules.validate_one_deck()?;
        if dealer >= rules.players {
            return Err(DealError::BadDealer {
                dealer,
                players: rules.players,
            });
        }
        Ok(HandState::deal_checked(rules, dealer, rng))
    }

    /// Shuffles with `rng` (any `rand_core` RNG, e.g. [`crate::SplitMix64`]) and deals.
    pub fn deal<R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> Result<HandState, DealError> {
        rules.validate_one_deck()?;
        if dealer >= rules.players {
            return Err(DealError::BadDealer {
                dealer,
                players: rules.players,
            });
        }
        loop {
            let (state, _, kings) = HandState::shuffle_and_lay::<false, R>(rules, dealer, rng);
            if !(rules.kings_redeal && kings >= 3) {
                return Ok(state);
            }
        }
    }

    /// Sets up an arbitrary position, as an AI does for each sampled world: `plays` plays
    /// made, each seat's hand, the table, each side's pile and scope, the side that captured
    /// last, and the undealt cards in deal order.
    ///
    /// Every card must be in exactly one place and every count must fit the plays made.
    #[allow(clippy::too_many_arguments)]
    pub fn from_position(
        rules: Rules,
        dealer: u8,
        plays: u8,
        hands: &[CardSet],
        table: CardSet,
        piles: &[CardSet],
        scope: &[u8],
        last_capture: Option<u8>,
        deck: &[Card],
    ) -> Result<HandState, PositionError> {
        rules.validate_one_deck().map_err(PositionError::Rules)?;
        let n = rules.players;
        let k = rules.sides();
        if dealer >= n {
            return Err(PositionError::BadDealer);
        }
        if plays > rules.plays_per_hand() {
            return Err(PositionError::TooManyPlays);
        }
        if hands.len() != n as usize || piles.len() != k as usize || scope.len() != k as usize {
            return Err(PositionError::WrongCounts);
        }
        if scope.iter().any(|&s| s > 40) || last_capture.is_some_and(|s| s >= k) {
            return Err(PositionError::BadCounters);
        }
        let mut state = HandState::empty(rules, dealer);
        state.plays = plays;
        state.turn = (dealer + 1 + plays % n) % n;
        state.last_capture = last_capture.unwrap_or(NO_SIDE);
        state.scope[..k as usize].copy_from_slice(scope);
        let mut seen = CardSet::EMPTY;
        let mut claim = |set: CardSet| -> Result<(), PositionError> {
            if let Some(card) = (seen & set).first() {
                return Err(PositionError::CardTwice { card });
            }
            seen |= set;
            Ok(())
        };
        claim(table)?;
        for (side, &pile) in piles.iter().enumerate() {
            claim(pile)?;
            state.relocate(pile, TABLE, HandState::pile_code(side as u8));
        }
        for (seat, &hand) in hands.iter().enumerate() {
            claim(hand)?;
            let expected = state.expected_hand_size(seat as u8);
            if hand.len() as u8 != expected {
                return Err(PositionError::HandSize {
                    seat: seat as u8,
                    expected,
                    found: hand.len() as u8,
                });
            }
            let code = state.hand_code(seat as u8);
            state.relocate(hand, TABLE, code);
        }
        let expected = state.expected_deck_len();
        if deck.len() != expected as usize {
            return Err(PositionError::DeckSize {
                expected,
                found: deck.len().min(255) as u8,
            });
        }
        let cpr = rules.cards_per_round() as usize;
        let first_batch = state.next_round().saturating_sub(1) * n;
        for (i, &card) in deck.iter().enumerate() {
            claim(CardSet::single(card))?;
            let code = state.batch_code(first_batch + (i / cpr) as u8);
            state.place(card, code);
        }
        if let Some(card) = seen.complement().first() {
            return Err(PositionError::CardMissing { card });
        }
        if capture::max_capture_count(table, rules.ace) > capture::MAX_CAPTURES {
            return Err(PositionError::UnreachableTable);
        }
        Ok(state)
    }

    // ----- counting -----

    /// The round being played (0-based), or `rounds()` when the hand is over.
    #[inline]
    const fn round(&self) -> u8 {
        self.plays / self.rules.plays_per_round()
    }

    /// The next round to be dealt from the deck (1-based index of the future rounds).
    #[inline]
    const fn next_round(&self) -> u8 {
        self.round() + 1
    }

    /// Cards `seat` holds at this point of the hand.
    const fn expected_hand_size(&self, seat: u8) -> u8 {
        if self.plays >= self.rules.one_deck_plays() {
            return 0;
        }
        let n = self.rules.players;
        let q = self.plays % self.rules.plays_per_round();
        let pos = (seat + n - (self.dealer + 1) % n) % n;
        let played = q / n + (pos < q % n) as u8;
        self.rules.cards_per_round() - played
    }

    /// Cards still in the deck at this point of the hand.
    const fn expected_deck_len(&self) -> u8 {
        if self.plays >= self.rules.one_deck_plays() {
            return 0;
        }
        let dealt = self.rules.initial_table() + (self.round() + 1) * self.rules.plays_per_round();
        40 - dealt
    }

    // ----- queries -----

    /// The cards not dealt yet.
    pub fn deck(&self) -> CardSet {
        let mut dealt = self.table();
        for side in 0..self.rules.one_deck_sides() {
            dealt |= self.pile(side);
        }
        for seat in 0..self.rules.players {
            dealt |= self.hand(seat);
        }
        dealt.complement()
    }

    /// The undealt cards in deal order (for saving or re-creating the position).
    pub fn deck_order(&self) -> heapless::Vec<Card, 40> {
        let mut out = heapless::Vec::new();
        if self.is_finished() {
            return out;
        }
        let n = self.rules.players;
        let first = self.round() * n;
        for batch in first..(self.rules.rounds() - 1) * n {
            for card in self.at(self.batch_code(batch)) {
                let _ = out.push(card);
            }
        }
        out
    }

    /// Number of cards not dealt yet.
    #[inline]
    pub fn deck_len(&self) -> u8 {
        self.expected_deck_len()
    }

    /// Number of cards `seat` holds.
    #[inline]
    pub fn hand_len(&self, seat: u8) -> u8 {
        self.hand(seat).len() as u8
    }

    // ----- moves -----

    /// The legal captures of `card` on the current table (`[{}]`: it is laid).
    pub fn captures(&self, card: Card) -> CaptureList {
        capture::captures(self.table(), card, self.rules.ace)
    }

    /// Every legal move of the seat to play, in canonical order (by card, then capture).
    /// Empty once the hand is finished.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Replaces the contents of `out` with the legal moves of the seat to play, in
    /// canonical order — [`HandState::legal_moves`] without moving the list around, for
    /// searches that reuse one buffer.
    #[inline]
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        if !self.is_finished() {
            capture::moves_into(self.table(), self.hand(self.turn), self.rules.ace, out);
        }
    }

    /// Plays a move known to be legal (from [`HandState::legal_moves`] of this state) without
    /// re-checking it — the fast path for searches and playouts. An illegal move here leaves
    /// the state consistent (every card still in one place) but not a legal Scopa position.
    pub fn play_unchecked(&mut self, mv: Move) {
        let kind = if mv.is_lay() {
            CaptureKind::Lay
        } else if capture::ace_takes_all(self.table(), mv.card().value(), self.rules.ace) {
            CaptureKind::AceTakesAll
        } else {
            CaptureKind::Ordinary
        };
        let seat = self.turn;
        self.apply(seat, mv, kind, None);
    }

    /// The number of the next batch to deal, for a hand not finished.
    #[inline]
    pub(crate) const fn next_batch(&self) -> u8 {
        self.round() * self.rules.players
    }

    /// Re-encodes a finished hand played out unpacked (see `playout.rs`): every card is
    /// in one of the `piles` or, when nobody captured, on the table.
    #[inline]
    pub(crate) fn set_finished(&mut self, piles: &[u64; 3], scope: [u8; 3], last_capture: u8) {
        let mut planes = [0u64; 4];
        for (side, &pile) in piles
            .iter()
            .enumerate()
            .take(usize::from(self.rules.one_deck_sides()))
        {
            // Code 1 + side: side 0 is plane 0, side 1 plane 1, side 2 planes 0 and 1.
            let code = 1 + side;
            planes[0] |= pile & 0u64.wrapping_sub((code & 1) as u64);
            planes[1] |= pile & 0u64.wrapping_sub((code >> 1 & 1) as u64);
        }
        self.cards = planes;
        self.scope = scope;
        self.last_capture = last_capture;
        self.plays = self.rules.one_deck_plays();
        self.turn = (self.dealer + 1 + self.plays % self.rules.players) % self.rules.players;
    }

    /// Re-encodes a position unpacked by a playout (see `playout.rs`): the hands, piles,
    /// scope and counters given; the batches from `next_batch` on stay as they are, and
    /// every other card is on the table.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn set_unpacked(
        &mut self,
        hands: &[u64],
        piles: &[u64; 3],
        scope: [u8; 3],
        last_capture: u8,
        plays: u8,
        turn: u8,
        next_batch: u8,
    ) {
        let before = *self;
        self.cards = [0; 4]; // everything on the table (code 0), then moved out
        for side in 0..self.rules.one_deck_sides() {
            let pile = CardSet::from_bits_truncate(piles[side as usize]);
            self.relocate(pile, TABLE, HandState::pile_code(side));
        }
        for (seat, &hand) in hands.iter().enumerate() {
            let code = self.hand_code(seat as u8);
            self.relocate(CardSet::from_bits_truncate(hand), TABLE, code);
        }
        for b in next_batch..(self.rules.rounds() - 1) * self.rules.players {
            let code = self.batch_code(b);
            self.relocate(before.at(code), TABLE, code);
        }
        self.scope = scope;
        self.last_capture = last_capture;
        self.plays = plays;
        self.turn = turn;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::SplitMix64;
    use crate::scopa::rules::DealKind;
    use std::string::ToString;

    fn deck(s: &str) -> Deck {
        let set: std::vec::Vec<Card> = s.split_whitespace().map(|c| c.parse().unwrap()).collect();
        Deck::from_cards(&set).unwrap()
    }

    #[test]
    fn size_of_hand_state_is_at_most_64_bytes() {
        assert!(
            core::mem::size_of::<HandState>() <= 64,
            "{}",
            core::mem::size_of::<HandState>()
        );
    }

    #[test]
    fn deal_follows_rules_section_2() {
        let d = Deck::sorted();
        let h = HandState::from_deck(Rules::default(), 1, &d).unwrap();
        // dealer 1: eldest is seat 0, gets 1d 2d 3d; seat 1 gets 4d 5d 6d; table 7d 8d 9d 10d.
        assert_eq!(h.hand(0).to_string(), "1d 2d 3d");
        assert_eq!(h.hand(1).to_string(), "4d 5d 6d");
        assert_eq!(h.table().to_string(), "7d 8d 9d 10d");
        assert_eq!(h.turn(), 0);
        assert_eq!(h.deck_len(), 30);
        assert_eq!(h.deck_order()[0].to_string(), "1c");
    }

    #[test]
    fn dealing_lays_out_the_shuffled_deck() {
        // `deal` settles and lays out the deck in one pass; it must give exactly the state
        // `from_deck` builds from `Deck::shuffled`, and leave the RNG in the same state.
        for (players, deal) in [
            (2, DealKind::Standard),
            (3, DealKind::Standard),
            (4, DealKind::Standard),
            (4, DealKind::Scopone),
            (4, DealKind::ScoponeScientifico),
        ] {
            let rules = Rules {
                players,
                deal,
                kings_redeal: false,
                ..Rules::default()
            };
            for seed in 0..50u64 {
                let dealer = (seed % u64::from(players)) as u8;
                let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed));
                let dealt = HandState::deal(rules, dealer, &mut a).unwrap();
                let deck = Deck::shuffled(&mut b);
                assert_eq!(dealt, HandState::from_deck(rules, dealer, &deck).unwrap());
                assert_eq!(a, b);
                let (again, order) =
                    HandState::deal_with_deck(rules, dealer, &mut SplitMix64::new(seed)).unwrap();
                assert_eq!((again, order), (dealt, deck));
            }
        }
    }

    #[test]
    fn scopone_deals() {
        let r = Rules {
            players: 4,
            deal: DealKind::Scopone,
            ..Rules::default()
        };
        let h = HandState::from_deck(r, 3, &Deck::sorted()).unwrap();
        assert_eq!(h.hand(0).len(), 9);
        assert_eq!(h.table().len(), 4);
        assert_eq!(h.deck_len(), 0);
        let r = Rules {
            deal: DealKind::ScoponeScientifico,
            ..r
        };
        let h = HandState::from_deck(r, 3, &Deck::sorted()).unwrap();
        assert_eq!(h.hand(3).len(), 10);
        assert!(h.table().is_empty());
    }

    #[test]
    fn kings_on_the_table_are_refused() {
        // 2 players: hands get indices 0..6, table 6..10.
        let d = deck(
            "1d 2d 3d 4d 5d 6d 10d 10c 10s 7d 8d 9d 1c 2c 3c 4c 5c 6c 7c 8c 9c 1s 2s 3s 4s 5s 6s 7s 8s 9s 1b 2b 3b 4b 5b 6b 7b 8b 9b 10b",
        );
        assert_eq!(
            HandState::from_deck(Rules::default(), 0, &d),
            Err(DealError::KingsOnTable { kings: 3 })
        );
        let r = Rules {
            kings_redeal: false,
            ..Rules::default()
        };
        assert!(HandState::from_deck(r, 0, &d).is_ok());
    }

    #[test]
    fn errors_leave_the_state_unchanged() {
        let mut h = HandState::deal(Rules::default(), 0, &mut SplitMix64::new(5)).unwrap();
        let before = h;
        let other = h.hand(0).first().unwrap();
        assert!(matches!(
            h.play(0, Move::lay(other)),
            Err(PlayError::NotYourTurn { .. })
        ));
        assert!(matches!(
            h.play(7, Move::lay(other)),
            Err(PlayError::NoSuchSeat { .. })
        ));
        assert!(matches!(
            h.play(1, Move::lay(other)),
            Err(PlayError::CardNotInHand { .. })
        ));
        assert_eq!(h, before);
    }

    #[test]
    fn full_random_hands_conserve_cards_and_score() {
        let mut rng = SplitMix64::new(11);
        for players in 2..=4u8 {
            let rules = Rules {
                players,
                ..Rules::default()
            };
            for _ in 0..50 {
                let mut h = HandState::deal(rules, 0, &mut rng).unwrap();
                while !h.is_finished() {
                    let moves = h.legal_moves();
                    assert_eq!(moves.len(), h.legal_move_count());
                    let i = crate::deal::below(&mut rng, moves.len() as u32) as usize;
                    assert_eq!(h.nth_legal_move(i), Some(moves[i]));
                    h.play(h.turn(), moves[i]).unwrap();
                }
                let s = h.score().unwrap();
                let total: u32 = s.sides().iter().map(|x| u32::from(x.cards)).sum();
                let anyone_captured = s.sides().iter().any(|x| x.cards > 0);
                assert!(!anyone_captured || total == 40);
            }
        }
    }

    #[test]
    fn from_position_round_trips_a_live_hand() {
        let mut rng = SplitMix64::new(3);
        let rules = Rules {
            players: 3,
            ..Rules::default()
        };
        let mut h = HandState::deal(rules, 2, &mut rng).unwrap();
        for _ in 0..13 {
            let m = h.legal_moves()[0];
            h.play(h.turn(), m).unwrap();
        }
        let hands = [h.hand(0), h.hand(1), h.hand(2)];
        let piles = [h.pile(0), h.pile(1), h.pile(2)];
        let scope = [h.scope(0), h.scope(1), h.scope(2)];
        let again = HandState::from_position(
            rules,
            2,
            h.plays(),
            &hands,
            h.table(),
            &piles,
            &scope,
            h.last_capture(),
            &h.deck_order(),
        )
        .unwrap();
        assert_eq!(again, h);
    }
}
