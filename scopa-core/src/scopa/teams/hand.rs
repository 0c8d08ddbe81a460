//! [`TeamHand`]: one hand of Scopa at a two-deck table (docs/rules.md §8), from the deal
//! to the score.

use core::fmt;

use crate::card::Card;
use crate::deal::below;
use crate::multiset::CardMultiset;
use crate::scopa::capture::CaptureKind;
use crate::scopa::cards::{EventOf, EventsOf, PlayErrorOf};
use crate::scopa::hand::{Event, PlayError};
use crate::scopa::rules::{Rules, RulesError};
use crate::scopa::score::{HandScore, score_copies};
use crate::seats::{MAX_SEATS, MAX_SIDES};

use super::capture::{TeamMove, classify, for_each_capture};

/// Cards in two decks.
pub const TWO_DECKS: usize = 80;

/// Kings on the first table that void a two-deck deal (`kings_redeal`): 5 or more.
pub const REDEAL_KINGS: u8 = 5;

/// Why a two-deck hand could not be dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TeamDealError {
    /// The rules are impossible, or not a two-deck table (6 or 8 players).
    Rules(RulesError),
    /// The rules are for one deck: 2, 3 or 4 players play [`crate::scopa::HandState`].
    OneDeck {
        /// The players given.
        players: u8,
    },
    /// The deck is not 80 cards.
    DeckLength {
        /// How many were given.
        len: usize,
    },
    /// A card appears a third time.
    ThirdCopy {
        /// The card.
        card: Card,
        /// Its third position (0-based).
        position: usize,
    },
    /// The dealer seat does not exist.
    BadDealer {
        /// The seat given.
        dealer: u8,
        /// Players in the game.
        players: u8,
    },
    /// With `kings_redeal` on, this deck puts 5 or more Kings on the first table.
    KingsOnTable {
        /// How many Kings.
        kings: u8,
    },
}

impl fmt::Display for TeamDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamDealError::Rules(e) => write!(f, "{e}"),
            TeamDealError::OneDeck { players } => write!(
                f,
                "{players} players play with one deck; two decks are for 6 or 8 players"
            ),
            TeamDealError::DeckLength { len } => {
                write!(f, "two decks have 80 cards, not {len}")
            }
            TeamDealError::ThirdCopy { card, position } => write!(
                f,
                "card {card} appears a third time at position {position}: two decks have two of each card"
            ),
            TeamDealError::BadDealer { dealer, players } => {
                write!(
                    f,
                    "there is no seat {dealer} to deal at a table of {players}"
                )
            }
            TeamDealError::KingsOnTable { kings } => write!(
                f,
                "this deck puts {kings} Kings on the table (5 or more with two decks void the deal)"
            ),
        }
    }
}

impl core::error::Error for TeamDealError {}

/// Why a play at a two-deck table was refused ([`PlayErrorOf`] over [`CardMultiset`]). The
/// hand is unchanged.
pub type TeamPlayError = PlayErrorOf<CardMultiset>;

impl From<PlayError> for TeamPlayError {
    /// The same refusal at a one-deck table, its capture as a multiset.
    fn from(e: PlayError) -> TeamPlayError {
        match e {
            PlayErrorOf::NoSuchSeat { seat, players } => PlayErrorOf::NoSuchSeat { seat, players },
            PlayErrorOf::NotYourTurn { seat, turn } => PlayErrorOf::NotYourTurn { seat, turn },
            PlayErrorOf::CardNotInHand { seat, card } => PlayErrorOf::CardNotInHand { seat, card },
            PlayErrorOf::IllegalCapture { card, capture } => PlayErrorOf::IllegalCapture {
                card,
                capture: CardMultiset::from_set(capture),
            },
            PlayErrorOf::HandOver => PlayErrorOf::HandOver,
            PlayErrorOf::MatchOver { winner } => PlayErrorOf::MatchOver { winner },
        }
    }
}

/// Something that happened during a play at a two-deck table ([`EventOf`] over
/// [`CardMultiset`], scores for [`MAX_SIDES`] sides), in order.
pub type TeamEvent = EventOf<CardMultiset, MAX_SIDES>;

impl From<Event> for TeamEvent {
    /// The same event of a one-deck hand, with its cards as multisets (the session reports
    /// the events of every table in this one form).
    fn from(e: Event) -> TeamEvent {
        match e {
            EventOf::Played { seat, mv } => EventOf::Played {
                seat,
                mv: mv.into(),
            },
            EventOf::Scopa { seat, side } => EventOf::Scopa { seat, side },
            EventOf::Dealt { round, deck_left } => EventOf::Dealt { round, deck_left },
            EventOf::TableCollected { side, cards } => EventOf::TableCollected {
                side,
                cards: CardMultiset::from_set(cards),
            },
            EventOf::HandFinished(score) => EventOf::HandFinished(score),
            EventOf::MatchFinished { winner, scores } => EventOf::MatchFinished {
                winner,
                scores: [scores[0], scores[1], scores[2], 0],
            },
            EventOf::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => EventOf::NewHand {
                number,
                dealer,
                table: CardMultiset::from_set(table),
                redeals,
            },
        }
    }
}

/// The events of one play, in order.
pub type TeamEvents = EventsOf<CardMultiset, MAX_SIDES>;

/// One hand of Scopa with two decks and 6 or 8 players (docs/rules.md §8): 3 cards to
/// each seat per round, 8 to the first table; 4 rounds with 6 players, 3 with 8.
///
/// ```
/// use scopa_core::scopa::Rules;
/// use scopa_core::scopa::teams::TeamHand;
/// let rules = Rules::default().with_players(6);
/// let mut rng = scopa_core::SplitMix64::new(7);
/// let (mut hand, _redeals) = TeamHand::deal(rules, 0, &mut rng).unwrap();
/// assert_eq!((hand.table().len(), hand.hand(hand.turn()).len()), (8, 3));
/// while !hand.is_finished() {
///     let mv = hand.nth_legal_move(0).unwrap();
///     hand.play(hand.turn(), mv).unwrap();
/// }
/// let score = hand.score().unwrap();
/// let cards: u32 = score.sides().iter().map(|s| u32::from(s.cards)).sum();
/// assert!(cards <= 80);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamHand {
    pub(super) rules: Rules,
    pub(super) dealer: u8,
    pub(super) deck: [Card; TWO_DECKS],
    /// Index in `deck` of the next card to deal.
    pub(super) next: u8,
    pub(super) turn: u8,
    pub(super) plays: u8,
    pub(super) hands: [CardMultiset; MAX_SEATS],
    pub(super) table: CardMultiset,
    pub(super) piles: [CardMultiset; MAX_SIDES],
    pub(super) scope: [u8; MAX_SIDES],
    pub(super) last_capture: Option<u8>,
}

/// Checks `rules` for a two-deck table.
pub(crate) fn check_rules(rules: &Rules) -> Result<(), TeamDealError> {
    rules.validate().map_err(TeamDealError::Rules)?;
    if rules.decks != 2 {
        return Err(TeamDealError::OneDeck {
            players: rules.players,
        });
    }
    Ok(())
}

impl TeamHand {
    /// Deals `deck` (80 cards, each twice, in deal order) with `dealer` dealing: 3 cards to
    /// each seat from the eldest, then 8 face up on the table.
    pub fn from_deck(rules: Rules, dealer: u8, deck: &[Card]) -> Result<TeamHand, TeamDealError> {
        check_rules(&rules)?;
        if dealer >= rules.players {
            return Err(TeamDealError::BadDealer {
                dealer,
                players: rules.players,
            });
        }
        if deck.len() != TWO_DECKS {
            return Err(TeamDealError::DeckLength { len: deck.len() });
        }
        let mut seen = CardMultiset::EMPTY;
        for (position, &card) in deck.iter().enumerate() {
            seen.insert(card)
                .map_err(|_| TeamDealError::ThirdCopy { card, position })?;
        }
        let mut cards = [Card::SETTEBELLO; TWO_DECKS];
        cards.copy_from_slice(deck);
        let mut hand = TeamHand {
            rules,
            dealer,
            deck: cards,
            next: 0,
            turn: (dealer + 1) % rules.players,
            plays: 0,
            hands: [CardMultiset::EMPTY; MAX_SEATS],
            table: CardMultiset::EMPTY,
            piles: [CardMultiset::EMPTY; MAX_SIDES],
            scope: [0; MAX_SIDES],
            last_capture: None,
        };
        hand.deal_round();
        for _ in 0..rules.initial_table() {
            let card = hand.draw();
            let _ = hand.table.insert(card); // each card at most twice in the deck
        }
        let kings = hand.table.count_value(10) as u8;
        if rules.kings_redeal && kings >= REDEAL_KINGS {
            return Err(TeamDealError::KingsOnTable { kings });
        }
        Ok(hand)
    }

    /// Shuffles two decks with `rng` and deals, shuffling again while `kings_redeal` voids
    /// the deal; returns the hand and how many deals were voided.
    pub fn deal<R: rand_core::Rng + ?Sized>(
        rules: Rules,
        dealer: u8,
        rng: &mut R,
    ) -> Result<(TeamHand, u8), TeamDealError> {
        check_rules(&rules)?;
        let mut deck = [Card::SETTEBELLO; TWO_DECKS];
        for (i, card) in CardMultiset::TWO_DECKS.iter().enumerate() {
            deck[i] = card;
        }
        let mut redeals = 0u8;
        loop {
            for i in (1..TWO_DECKS).rev() {
                let j = below(rng, i as u32 + 1) as usize;
                deck.swap(i, j);
            }
            match TeamHand::from_deck(rules, dealer, &deck) {
                Err(TeamDealError::KingsOnTable { .. }) => redeals = redeals.saturating_add(1),
                other => return other.map(|h| (h, redeals)),
            }
        }
    }

    fn draw(&mut self) -> Card {
        let card = self.deck[self.next as usize];
        self.next += 1;
        card
    }

    /// Deals one round: 3 consecutive cards to each seat from the eldest.
    fn deal_round(&mut self) {
        let n = self.rules.players;
        for k in 0..n {
            let seat = (self.dealer + 1 + k) % n;
            for _ in 0..self.rules.cards_per_round() {
                let card = self.draw();
                let _ = self.hands[seat as usize].insert(card);
            }
        }
    }

    /// The rules.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealer.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The seat to play.
    pub const fn turn(&self) -> u8 {
        self.turn
    }

    /// Plays made so far in this hand (72 in all).
    pub const fn plays(&self) -> u8 {
        self.plays
    }

    /// Whether every play of the hand has been made.
    pub const fn is_finished(&self) -> bool {
        self.plays >= self.rules.plays_per_hand()
    }

    /// The deal order, 80 cards.
    pub const fn deck(&self) -> &[Card; TWO_DECKS] {
        &self.deck
    }

    /// The cards dealt face up to the table at the start of the hand.
    pub fn initial_table(&self) -> CardMultiset {
        let skip = usize::from(self.rules.players) * usize::from(self.rules.cards_per_round());
        let mut table = CardMultiset::EMPTY;
        for &card in self.deck[skip..]
            .iter()
            .take(usize::from(self.rules.initial_table()))
        {
            // Two decks hold each card twice: no third copy.
            let _ = table.insert(card);
        }
        table
    }

    /// Cards not dealt yet.
    pub const fn deck_left(&self) -> u8 {
        TWO_DECKS as u8 - self.next
    }

    /// The cards `seat` holds (none for a seat that does not exist).
    pub fn hand(&self, seat: u8) -> CardMultiset {
        self.hands.get(seat as usize).copied().unwrap_or_default()
    }

    /// The cards face up on the table.
    pub const fn table(&self) -> CardMultiset {
        self.table
    }

    /// The cards `side` has captured.
    pub fn pile(&self, side: u8) -> CardMultiset {
        self.piles.get(side as usize).copied().unwrap_or_default()
    }

    /// The scope `side` has made.
    pub fn scope(&self, side: u8) -> u8 {
        self.scope.get(side as usize).copied().unwrap_or(0)
    }

    /// The side that captured last, if any did.
    pub const fn last_capture(&self) -> Option<u8> {
        self.last_capture
    }

    /// Calls `emit` with every legal move of the seat to play: its cards in card order
    /// (a card held twice once), each with its captures in [`for_each_capture`]'s order.
    pub fn for_each_legal_move(&self, emit: &mut impl FnMut(TeamMove)) {
        if self.is_finished() {
            return;
        }
        for card in self.hands[self.turn as usize].distinct() {
            for_each_capture(self.table, card, self.rules.ace, &mut |capture| {
                emit(TeamMove { card, capture })
            });
        }
    }

    /// Number of legal moves of the seat to play.
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        self.for_each_legal_move(&mut |_| n += 1);
        n
    }

    /// The `index`-th legal move in [`TeamHand::for_each_legal_move`]'s order.
    pub fn nth_legal_move(&self, index: usize) -> Option<TeamMove> {
        let (mut i, mut out) = (0, None);
        self.for_each_legal_move(&mut |mv| {
            if i == index {
                out = Some(mv);
            }
            i += 1;
        });
        out
    }

    /// Whether `seat` may play `mv` now.
    pub fn is_legal(&self, seat: u8, mv: TeamMove) -> bool {
        self.check(seat, mv).is_ok()
    }

    fn check(&self, seat: u8, mv: TeamMove) -> Result<CaptureKind, TeamPlayError> {
        let players = self.rules.players;
        if seat >= players {
            return Err(TeamPlayError::NoSuchSeat { seat, players });
        }
        if self.is_finished() {
            return Err(TeamPlayError::HandOver);
        }
        if seat != self.turn {
            return Err(TeamPlayError::NotYourTurn {
                seat,
                turn: self.turn,
            });
        }
        if !self.hands[seat as usize].contains(mv.card) {
            return Err(TeamPlayError::CardNotInHand {
                seat,
                card: mv.card,
            });
        }
        classify(self.table, mv.card, mv.capture, self.rules.ace).ok_or(
            TeamPlayError::IllegalCapture {
                card: mv.card,
                capture: mv.capture,
            },
        )
    }

    /// `seat` plays `mv`: the events that followed, in order (the play, a scopa, a new
    /// round, and at the end the table's last cards and the score).
    pub fn play(&mut self, seat: u8, mv: TeamMove) -> Result<TeamEvents, TeamPlayError> {
        let kind = self.check(seat, mv)?;
        let mut events = TeamEvents::new();
        // Eight events at most: played, scopa, dealt or collected and finished.
        let _ = events.push(TeamEvent::Played { seat, mv });
        let side = self.rules.side_of(seat);
        self.hands[seat as usize].remove(mv.card);
        self.plays += 1;
        let last = self.is_finished();
        if mv.is_lay() {
            let _ = self.table.insert(mv.card); // two copies at most in play
        } else {
            self.table = self.table - mv.capture;
            let pile = &mut self.piles[side as usize];
            // The captured cards and the card were in play once each: no third copy.
            *pile = pile.checked_add(mv.capture).unwrap_or(*pile);
            let _ = pile.insert(mv.card);
            self.last_capture = Some(side);
            if self.table.is_empty() && matches!(kind, CaptureKind::Ordinary) && !last {
                self.scope[side as usize] += 1;
                let _ = events.push(TeamEvent::Scopa { seat, side });
            }
        }
        self.turn = (self.turn + 1) % self.rules.players;
        if last {
            if let Some(side) = self.last_capture
                && !self.table.is_empty()
            {
                let cards = self.table;
                let pile = &mut self.piles[side as usize];
                *pile = pile.checked_add(cards).unwrap_or(*pile);
                self.table = CardMultiset::EMPTY;
                let _ = events.push(TeamEvent::TableCollected { side, cards });
            }
            if let Some(score) = self.score() {
                let _ = events.push(TeamEvent::HandFinished(score));
            }
        } else if self.hands[..self.rules.players as usize]
            .iter()
            .all(|h| h.is_empty())
        {
            self.deal_round();
            let round = self.plays / self.rules.plays_per_round();
            let _ = events.push(TeamEvent::Dealt {
                round,
                deck_left: self.deck_left(),
            });
        }
        Ok(events)
    }

    /// The hand's score, once it is finished.
    pub fn score(&self) -> Option<HandScore> {
        if !self.is_finished() {
            return None;
        }
        let n = self.rules.sides() as usize;
        score_copies(&self.rules, &self.piles[..n], &self.scope[..n]).ok()
    }
}
