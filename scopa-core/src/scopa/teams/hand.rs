//! [`TeamHand`]: one hand of Scopa at a two-deck table (docs/rules.md §8), from the deal
//! to the score.

use core::fmt;

use crate::card::Card;
use crate::deal::below;
use crate::multiset::CardMultiset;
use crate::scopa::cards::{EventOf, EventsOf, PlayErrorOf};
use crate::scopa::hand::{Event, HandStateOf, NO_SIDE, PlayError};
use crate::scopa::rules::{Rules, RulesError};
use crate::seats::{MAX_SEATS, MAX_SIDES};

pub use crate::scopa::cards::{TWO_DECKS, TwoDeckCards};

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
/// each seat per round, 8 to the first table; 4 rounds with 6 players, 3 with 8. The turns,
/// the checks and the play are [`HandStateOf`]'s, written once for one deck and two.
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
pub type TeamHand = HandStateOf<CardMultiset, MAX_SIDES>;

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
        let mut cards = TwoDeckCards {
            deck: [Card::SETTEBELLO; TWO_DECKS],
            next: 0,
            hands: [CardMultiset::EMPTY; MAX_SEATS],
            table: CardMultiset::EMPTY,
            piles: [CardMultiset::EMPTY; MAX_SIDES],
        };
        cards.deck.copy_from_slice(deck);
        cards.deal_round(&rules, dealer);
        for _ in 0..rules.initial_table() {
            let card = cards.draw();
            let _ = cards.table.insert(card); // each card at most twice in the deck
        }
        let kings = cards.table.count_value(10) as u8;
        if rules.kings_redeal && kings >= REDEAL_KINGS {
            return Err(TeamDealError::KingsOnTable { kings });
        }
        Ok(TeamHand {
            cards,
            rules,
            dealer,
            turn: (dealer + 1) % rules.players,
            plays: 0,
            last_capture: NO_SIDE,
            scope: [0; MAX_SIDES],
        })
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

    /// The deal order, 80 cards.
    pub const fn deck(&self) -> &[Card; TWO_DECKS] {
        &self.cards.deck
    }

    /// The cards dealt face up to the table at the start of the hand.
    pub fn initial_table(&self) -> CardMultiset {
        let skip = usize::from(self.rules.players) * usize::from(self.rules.cards_per_round());
        let mut table = CardMultiset::EMPTY;
        for &card in self.cards.deck[skip..]
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
        self.cards.deck_left()
    }
}
