//! [`PlayerView`]: what one seat may know — and nothing more.
//!
//! A view has no field that could hold another seat's hand or the deck order: it is built
//! either from a [`Match`](crate::scopa::Match) (copying only public facts and the seat's own hand) or from
//! public facts alone ([`PlayerView::from_public`], which checks them). Everything the AI
//! sees comes through this type.

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::scopa::capture::{self, CaptureKind, Move, MoveList};
use crate::scopa::hand::HandState;
use crate::scopa::rules::{Rules, RulesError};

/// One play of the hand's public history.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Play {
    /// The seat that played.
    pub seat: u8,
    /// What it played and captured.
    pub mv: Move,
}

/// The public history of a hand (at most 40 plays).
pub type History = heapless::Vec<Play, 40>;

/// Everything one seat may know at one moment.
///
/// ```
/// use scopa_core::scopa::{Match, Rules};
/// let game = Match::new(Rules::default(), 5).unwrap();
/// let view = game.view(game.turn()).unwrap();
/// assert_eq!(view.hand().len(), 3);
/// assert_eq!(view.table().len(), 4);
/// assert_eq!(view.deck_left(), 30);
/// // The cards this seat cannot see: the other hand and the deck.
/// assert_eq!(view.unseen().len(), 33);
/// assert_eq!(view.legal_moves(), game.legal_moves());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PlayerView {
    rules: Rules,
    seat: u8,
    dealer: u8,
    hand: CardSet,
    table: CardSet,
    history: History,
    piles: [CardSet; 3],
    scope: [u8; 3],
    last_capture: Option<u8>,
    scores: [u16; 3],
    hand_number: u16,
    winner: Option<u8>,
}

/// Why public facts do not describe a position of a real hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ViewError {
    /// The rules are impossible.
    Rules(RulesError),
    /// The seat or dealer is not a seat of this game.
    BadSeat,
    /// A card appears twice (in the hand, on the table, or in the history).
    CardTwice {
        /// The card.
        card: Card,
    },
    /// Play `index` of the history was made by the wrong seat.
    WrongSeat {
        /// Position in the history.
        index: usize,
    },
    /// Play `index` of the history was not legal at that point.
    IllegalPlay {
        /// Position in the history.
        index: usize,
    },
    /// The history is as long as the hand, or longer: nothing is left to play.
    HandOver,
    /// The initial table implied by the history has the wrong number of cards, or three
    /// Kings under `kings_redeal`.
    BadInitialTable,
    /// The history does not lead to the given table.
    TableMismatch,
    /// With two decks: a card appears a third time (in the hand, on the table, or in the
    /// history).
    ThirdCopy {
        /// The card.
        card: Card,
    },
    /// The seat's hand has the wrong number of cards for the plays made.
    HandSize {
        /// Cards it should hold.
        expected: u8,
        /// Cards it holds.
        found: u8,
    },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::Rules(e) => write!(f, "bad rules: {e}"),
            ViewError::BadSeat => f.write_str("seat or dealer is not a seat of this game"),
            ViewError::CardTwice { card } => write!(f, "card {card} appears twice in the view"),
            ViewError::ThirdCopy { card } => write!(
                f,
                "card {card} appears three times in the view: two decks have two copies of each card"
            ),
            ViewError::WrongSeat { index } => {
                write!(
                    f,
                    "history play {index} was not made by the seat whose turn it was"
                )
            }
            ViewError::IllegalPlay { index } => {
                write!(f, "history play {index} is not a legal play at that point")
            }
            ViewError::HandOver => f.write_str("the history already holds every play of the hand"),
            ViewError::BadInitialTable => f.write_str(
                "the history implies an initial table of the wrong size (or with too many Kings: 3, or 5 with two decks)",
            ),
            ViewError::TableMismatch => f.write_str("the history does not lead to this table"),
            ViewError::HandSize { expected, found } => write!(
                f,
                "the hand has {found} cards but should have {expected} after these plays"
            ),
        }
    }
}

impl core::error::Error for ViewError {}

impl PlayerView {
    /// The view of `seat` (a seat of the rules) in a match whose current hand is `hand`,
    /// with the hand's plays `history`, the match score `scores`, the hand's number and
    /// the match's winner ([`crate::scopa::Match::view`] builds it).
    pub(crate) fn of_hand(
        hand: &HandState,
        seat: u8,
        history: History,
        scores: [u16; 3],
        hand_number: u16,
        winner: Option<u8>,
    ) -> PlayerView {
        let rules = *hand.rules();
        let mut piles = [CardSet::EMPTY; 3];
        let mut scope = [0u8; 3];
        for side in 0..rules.sides() {
            piles[side as usize] = hand.pile(side);
            scope[side as usize] = hand.scope(side);
        }
        PlayerView {
            rules,
            seat,
            dealer: hand.dealer(),
            hand: hand.hand(seat),
            table: hand.table(),
            history,
            piles,
            scope,
            last_capture: hand.last_capture(),
            scores,
            hand_number,
            winner,
        }
    }

    /// Builds a view from public facts only — the seat's own hand, the table, the plays of
    /// the hand so far and the match score — and checks that they describe a real hand:
    /// every card in one place, each play made in turn and legal, the history leading to
    /// this table, the hand of the right size. The hand must not be finished.
    pub fn from_public(
        rules: Rules,
        seat: u8,
        dealer: u8,
        hand: CardSet,
        table: CardSet,
        history: &[Play],
        scores: [u16; 3],
    ) -> Result<PlayerView, ViewError> {
        rules.validate_one_deck().map_err(ViewError::Rules)?;
        let n = rules.players;
        if seat >= n || dealer >= n {
            return Err(ViewError::BadSeat);
        }
        if history.len() >= rules.plays_per_hand() as usize {
            return Err(ViewError::HandOver);
        }
        // Every card in at most one place: hand, table, played cards, captured cards.
        let mut seen = hand;
        if let Some(card) = (seen & table).first() {
            return Err(ViewError::CardTwice { card });
        }
        seen |= table;
        let mut laid = CardSet::EMPTY;
        let mut taken = CardSet::EMPTY;
        for p in history {
            let card = p.mv.card();
            if hand.contains(card) || laid.contains(card) || taken.contains(card) {
                return Err(ViewError::CardTwice { card });
            }
            if p.mv.is_lay() {
                laid.insert(card);
            } else {
                taken.insert(card);
            }
            if let Some(card) = (p.mv.capture() & (hand | taken)).first() {
                return Err(ViewError::CardTwice { card });
            }
            taken |= p.mv.capture();
        }
        // The initial table: every card that was on it, less the cards laid during the hand.
        let initial = (table | taken) - laid - played_cards(history);
        if initial.len() != u32::from(rules.initial_table())
            || (rules.kings_redeal && initial.count_value(10) >= 3)
            || !(initial & hand).is_empty()
        {
            return Err(ViewError::BadInitialTable);
        }
        // Replay the history on the public cards.
        let eldest = (dealer + 1) % n;
        let mut cur = initial;
        let mut piles = [CardSet::EMPTY; 3];
        let mut scope = [0u8; 3];
        let mut last_capture = None;
        for (index, p) in history.iter().enumerate() {
            if p.seat != (eldest + (index % n as usize) as u8) % n {
                return Err(ViewError::WrongSeat { index });
            }
            let card = p.mv.card();
            let kind = capture::classify(cur, card, p.mv.capture(), rules.ace)
                .ok_or(ViewError::IllegalPlay { index })?;
            let side = rules.side_of(p.seat) as usize;
            if kind == CaptureKind::Lay {
                cur.insert(card);
            } else {
                cur -= p.mv.capture();
                piles[side] |= p.mv.capture() | CardSet::single(card);
                last_capture = Some(side as u8);
                if kind == CaptureKind::Ordinary && cur.is_empty() {
                    // Not the last play: the history is shorter than the hand.
                    scope[side] += 1;
                }
            }
        }
        if cur != table {
            return Err(ViewError::TableMismatch);
        }
        let view = PlayerView {
            rules,
            seat,
            dealer,
            hand,
            table,
            history: history.iter().copied().collect(),
            piles,
            scope,
            last_capture,
            scores,
            hand_number: 0,
            winner: None,
        };
        let expected = view.hand_size(seat);
        if hand.len() != u32::from(expected) {
            return Err(ViewError::HandSize {
                expected,
                found: hand.len() as u8,
            });
        }
        Ok(view)
    }

    /// The rules.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seat this view belongs to.
    pub const fn seat(&self) -> u8 {
        self.seat
    }

    /// This seat's side.
    pub const fn side(&self) -> u8 {
        self.rules.side_of(self.seat)
    }

    /// The dealer of the hand.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }

    /// Plays made in the hand so far.
    pub fn plays(&self) -> u8 {
        self.history.len() as u8
    }

    /// The seat to play.
    pub fn turn(&self) -> u8 {
        let n = self.rules.players;
        (self.dealer + 1 + self.plays() % n) % n
    }

    /// Whether it is this seat's turn (and the hand and match are not over).
    pub fn is_my_turn(&self) -> bool {
        !self.is_hand_over() && self.winner.is_none() && self.turn() == self.seat
    }

    /// Whether the hand is over (only for the final hand of a finished match).
    pub fn is_hand_over(&self) -> bool {
        self.plays() >= self.rules.plays_per_hand()
    }

    /// This seat's own hand.
    pub const fn hand(&self) -> CardSet {
        self.hand
    }

    /// The table.
    pub const fn table(&self) -> CardSet {
        self.table
    }

    /// The plays of the hand so far, in order (all public).
    pub fn history(&self) -> &[Play] {
        &self.history
    }

    /// The cards `side` has captured this hand (public: every capture is made face up).
    pub const fn pile(&self, side: u8) -> CardSet {
        if side < 3 {
            self.piles[side as usize]
        } else {
            CardSet::EMPTY
        }
    }

    /// The scope `side` has made this hand.
    pub const fn scope(&self, side: u8) -> u8 {
        if side < 3 {
            self.scope[side as usize]
        } else {
            0
        }
    }

    /// The side that captured last this hand.
    pub const fn last_capture(&self) -> Option<u8> {
        self.last_capture
    }

    /// The match score before this hand, per side.
    pub const fn scores(&self) -> [u16; 3] {
        self.scores
    }

    /// The hand number in the match (0 for views built from public facts).
    pub const fn hand_number(&self) -> u16 {
        self.hand_number
    }

    /// The winner, if the match is over.
    pub const fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// Number of cards `seat` holds (public: it follows from the plays made).
    pub fn hand_size(&self, seat: u8) -> u8 {
        let r = &self.rules;
        if seat >= r.players || self.is_hand_over() {
            return 0;
        }
        let n = r.players;
        let q = self.plays() % r.plays_per_round();
        let pos = (seat + n - (self.dealer + 1) % n) % n;
        r.cards_per_round() - (q / n + u8::from(pos < q % n))
    }

    /// Cards still in the deck.
    pub fn deck_left(&self) -> u8 {
        let r = &self.rules;
        if self.is_hand_over() {
            return 0;
        }
        let round = self.plays() / r.plays_per_round();
        40 - r.initial_table() - (round + 1) * r.plays_per_round()
    }

    /// The cards this seat has not seen: in other hands or in the deck.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.table;
        for pile in self.piles {
            seen |= pile;
        }
        seen.complement()
    }

    /// Whether the next play is the last of the hand.
    pub fn is_last_play(&self) -> bool {
        self.plays() + 1 == self.rules.plays_per_hand()
    }

    /// This seat's legal moves (empty when it is not its turn).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_my_turn() {
            capture::moves_into(self.table, self.hand, self.rules.ace, &mut list);
        }
        list
    }
}

fn played_cards(history: &[Play]) -> CardSet {
    history.iter().map(|p| p.mv.card()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;
    use crate::deal::below;
    use crate::scopa::Match;

    #[test]
    fn views_from_public_facts_match_views_from_the_match() {
        let mut rng = SplitMix64::new(77);
        for players in 2..=4u8 {
            let rules = Rules {
                players,
                ..Rules::default()
            };
            let mut game = Match::new(rules, 3).unwrap();
            for _ in 0..30 {
                let seat = game.turn();
                let v = game.view(seat).unwrap();
                let rebuilt = PlayerView::from_public(
                    rules,
                    seat,
                    v.dealer(),
                    v.hand(),
                    v.table(),
                    v.history(),
                    v.scores(),
                )
                .unwrap();
                assert_eq!(rebuilt.unseen(), v.unseen());
                assert_eq!(rebuilt.piles, v.piles);
                assert_eq!(rebuilt.scope, v.scope);
                assert_eq!(rebuilt.deck_left(), game.hand().deck_len());
                assert_eq!(rebuilt.legal_moves(), game.legal_moves());
                let moves = game.legal_moves();
                let i = below(&mut rng, moves.len() as u32) as usize;
                game.play(seat, moves[i]).unwrap();
                if game.hand().plays() == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn inconsistent_views_are_refused() {
        let game = Match::new(Rules::default(), 8).unwrap();
        let v = game.view(game.turn()).unwrap();
        let r = Rules::default();
        let extra = v.unseen().first().unwrap();
        let e = PlayerView::from_public(
            r,
            v.seat(),
            v.dealer(),
            v.hand() | CardSet::single(extra),
            v.table(),
            &[],
            [0; 3],
        );
        assert!(matches!(e, Err(ViewError::HandSize { .. })));
        let dup = v.table().first().unwrap();
        let e = PlayerView::from_public(
            r,
            v.seat(),
            v.dealer(),
            v.hand() | CardSet::single(dup),
            v.table(),
            &[],
            [0; 3],
        );
        assert!(matches!(e, Err(ViewError::CardTwice { .. })));
    }
}
