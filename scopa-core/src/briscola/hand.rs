//! [`BriscolaHand`]: one hand of Briscola from the deal to the score — the briscola under
//! the stock, tricks, drawing, the hand's points (BRISCOLA.md §2–§4).

use core::fmt;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;

use super::rules::{BriscolaRules, BriscolaRulesError};
use super::trick::{pile_points, trick_winner};

/// The most seats at a one-deck Briscola table.
pub const MAX_PLAYERS: usize = 4;
/// The most sides at a one-deck Briscola table.
pub const MAX_SIDES: usize = 3;

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
pub enum BriscolaEvent {
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
        cards: CardSet,
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
    HandFinished(BriscolaScore),
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

/// The events of one play: the card, the trick, the draws, the end of the hand.
pub type BriscolaEvents = heapless::Vec<BriscolaEvent, 8>;

/// The points of a finished hand per side, and who won it (BRISCOLA.md §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaScore {
    /// Card points per side (entries past the sides are 0); 120 in all.
    pub points: [u8; MAX_SIDES],
    /// The side with strictly the most points; `None` for a draw (60–60, or a tie for the
    /// highest among three).
    pub winner: Option<u8>,
}

impl BriscolaScore {
    /// The score of the piles of `sides` sides.
    ///
    /// ```
    /// use scopa_core::briscola::BriscolaScore;
    /// assert_eq!(BriscolaScore::from_points([66, 54, 0], 2).winner, Some(0));
    /// assert_eq!(BriscolaScore::from_points([60, 60, 0], 2).winner, None);
    /// assert_eq!(BriscolaScore::from_points([40, 40, 40], 3).winner, None);
    /// assert_eq!(BriscolaScore::from_points([30, 50, 40], 3).winner, Some(1));
    /// ```
    pub fn from_points(points: [u8; MAX_SIDES], sides: u8) -> BriscolaScore {
        let sides = usize::from(sides).min(MAX_SIDES);
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
        BriscolaScore { points, winner }
    }

    /// The score of the sides' piles.
    pub fn of_piles(piles: &[CardSet]) -> BriscolaScore {
        let mut points = [0; MAX_SIDES];
        for (p, &pile) in points.iter_mut().zip(piles) {
            *p = pile_points(pile);
        }
        BriscolaScore::from_points(points, piles.len() as u8)
    }
}

/// The cards in the piles and the trick.
fn played(piles: &[CardSet; MAX_SIDES], trick: &[Card]) -> CardSet {
    trick.iter().fold(piles[0] | piles[1] | piles[2], |s, &c| {
        s | CardSet::single(c)
    })
}

/// Who takes the complete `trick` led by `leader`: the seat, its side, and the cards.
fn take(rules: &BriscolaRules, trump: Suit, leader: u8, trick: &[Card]) -> (u8, u8, CardSet) {
    let won = trick_winner(trump, trick).unwrap_or(0) as u8;
    let winner = (leader + won) % rules.players;
    let taken = trick
        .iter()
        .fold(CardSet::EMPTY, |s, &c| s | CardSet::single(c));
    (winner, rules.side_of(winner), taken)
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
    /// Not the number of cards the rules play with (40; 39 with three players).
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
    /// The `2b` is in a three-player deck.
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
            BriscolaDealError::NotInPlay { card, position } => write!(
                f,
                "card {card} (position {position}) is not played by three players"
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

/// One hand of Briscola: `Copy`, 128 bytes, no allocation.
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaHand {
    pub(super) rules: BriscolaRules,
    pub(super) dealer: u8,
    /// The deck order (the first `rules.deck_len()` entries).
    pub(super) deck: [Card; 40],
    /// The index in `deck` of the next card to draw; the briscola is drawn after the last.
    pub(super) next: u8,
    pub(super) briscola: Card,
    /// Who drew the briscola, once drawn.
    pub(super) briscola_holder: Option<u8>,
    pub(super) hands: [CardSet; MAX_PLAYERS],
    pub(super) piles: [CardSet; MAX_SIDES],
    /// The current trick, in the order played.
    pub(super) trick: [Card; MAX_PLAYERS],
    pub(super) trick_len: u8,
    pub(super) leader: u8,
    pub(super) tricks_done: u8,
}

impl BriscolaHand {
    /// Deals `cards` (in deal order) with `dealer` dealing: each seat from the eldest gets
    /// `hand_size` consecutive cards, the next card is the briscola, the rest is the stock.
    pub fn from_deck(
        rules: BriscolaRules,
        dealer: u8,
        cards: &[Card],
    ) -> Result<BriscolaHand, BriscolaDealError> {
        rules.validate().map_err(BriscolaDealError::Rules)?;
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
        let mut deck = [FILLER; 40];
        let mut seen = CardSet::EMPTY;
        for (position, (&card, slot)) in cards.iter().zip(deck.iter_mut()).enumerate() {
            if !rules.uses(card) {
                return Err(BriscolaDealError::NotInPlay { card, position });
            }
            if !seen.insert(card) {
                return Err(BriscolaDealError::Duplicate { card, position });
            }
            *slot = card;
        }
        Ok(BriscolaHand::dealt(rules, dealer, deck))
    }

    /// Deals `deck` (the cards in play, checked, then [`FILLER`]).
    #[inline]
    fn dealt(rules: BriscolaRules, dealer: u8, deck: [Card; 40]) -> BriscolaHand {
        let n = rules.players;
        let h = rules.hand_size;
        let eldest = if dealer + 1 >= n { 0 } else { dealer + 1 };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut seat = usize::from(eldest);
        for cards in deck.chunks_exact(usize::from(h)).take(usize::from(n)) {
            let bits = cards.iter().fold(0, |b, c| b | 1u64 << c.index());
            if let Some(hand) = hands.get_mut(seat) {
                *hand = CardSet::from_bits_truncate(bits);
            }
            seat = if seat + 1 >= usize::from(n) {
                0
            } else {
                seat + 1
            };
        }
        BriscolaHand {
            rules,
            dealer,
            deck,
            next: n * h + 1,
            briscola: deck[usize::from(n * h)],
            briscola_holder: None,
            hands,
            piles: [CardSet::EMPTY; MAX_SIDES],
            trick: [FILLER; MAX_PLAYERS],
            trick_len: 0,
            leader: eldest,
            tricks_done: 0,
        }
    }

    /// Shuffles the cards in play with `rng` and deals them (`rules` and `dealer` must be
    /// valid).
    pub fn deal<R: rand_core::Rng + ?Sized>(
        rules: BriscolaRules,
        dealer: u8,
        rng: &mut R,
    ) -> Result<BriscolaHand, BriscolaDealError> {
        rules.validate().map_err(BriscolaDealError::Rules)?;
        if dealer >= rules.players {
            return Err(BriscolaDealError::Dealer {
                dealer,
                players: rules.players,
            });
        }
        let deck = crate::deal::Deck::shuffled(rng);
        let mut cards = [FILLER; 40];
        let mut len = 0;
        for &card in deck.cards() {
            if rules.uses(card) {
                cards[len] = card;
                len += 1;
            }
        }
        // A permutation of the cards in play: nothing to check.
        Ok(BriscolaHand::dealt(rules, dealer, cards))
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
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or(CardSet::EMPTY)
    }

    /// How many cards `seat` holds.
    pub fn hand_len(&self, seat: u8) -> u8 {
        self.hand(seat).len() as u8
    }

    /// The cards `side` has taken in tricks this hand (public).
    pub fn pile(&self, side: u8) -> CardSet {
        self.piles
            .get(usize::from(side))
            .copied()
            .unwrap_or(CardSet::EMPTY)
    }

    /// The current trick's cards, in the order played (empty between tricks).
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The seat that led (or leads) the current trick.
    pub const fn leader(&self) -> u8 {
        self.leader
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
    pub fn played(&self) -> CardSet {
        played(&self.piles, self.trick())
    }

    /// The score of the hand so far (final once [`is_over`](BriscolaHand::is_over)).
    pub fn score(&self) -> BriscolaScore {
        BriscolaScore::of_piles(&self.piles[..usize::from(self.rules.sides())])
    }

    /// `seat` plays `card`: to the trick; when the trick is complete its winner's side takes
    /// it and, while the stock lasts, every seat draws one card, the winner first.
    pub fn play(&mut self, seat: u8, card: Card) -> Result<BriscolaEvents, BriscolaPlayError> {
        if self.is_over() {
            return Err(BriscolaPlayError::HandOver);
        }
        let turn = self.turn();
        if seat != turn {
            return Err(BriscolaPlayError::NotYourTurn { seat, turn });
        }
        if !self.hands[usize::from(seat)].remove(card) {
            return Err(BriscolaPlayError::NotInHand { seat, card });
        }
        let mut events = BriscolaEvents::new();
        let _ = events.push(BriscolaEvent::Played { seat, card });
        self.trick[usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        let n = self.rules.players;
        if self.trick_len < n {
            return Ok(events);
        }
        let cards = self.trick();
        let (winner, side, taken) = take(&self.rules, self.trump(), self.leader, cards);
        self.piles[usize::from(side)] |= taken;
        let _ = events.push(BriscolaEvent::TrickTaken {
            seat: winner,
            side,
            cards: taken,
            points: pile_points(taken),
        });
        self.trick = [FILLER; MAX_PLAYERS];
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
                self.hands[usize::from(seat)].insert(drawn);
                let _ = events.push(BriscolaEvent::Drew { seat, briscola });
            }
        }
        if self.is_over() {
            let _ = events.push(BriscolaEvent::HandFinished(self.score()));
        }
        Ok(events)
    }
}

impl BriscolaHand {
    /// What `seat` knows (BRISCOLA.md §5); `None` for a seat not at the table.
    pub fn view(&self, seat: u8) -> Option<BriscolaView> {
        if seat >= self.rules.players {
            return None;
        }
        let mut hand_lens = [0; MAX_PLAYERS];
        for (s, len) in hand_lens.iter_mut().enumerate() {
            *len = self.hands[s].len() as u8;
        }
        Some(BriscolaView {
            rules: self.rules,
            seat,
            dealer: self.dealer,
            hand: self.hands[usize::from(seat)],
            briscola: self.briscola,
            briscola_holder: self.briscola_holder,
            stock: self.stock_len(),
            hand_lens,
            trick: self.trick,
            trick_len: self.trick_len,
            leader: self.leader,
            piles: self.piles,
            tricks_done: self.tricks_done,
        })
    }
}

/// What one seat knows of a hand of Briscola (BRISCOLA.md §5), and nothing more: its own
/// hand, the face-up briscola and who drew it, every card played and who took each trick
/// (so every side's points), the stock's size and each hand's size. The other hands — a
/// partner's too — and the stock's order are not in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaView {
    /// The rules.
    pub rules: BriscolaRules,
    /// The seat looking.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The face-up briscola.
    pub briscola: Card,
    /// Who drew the briscola, once the stock is empty.
    pub briscola_holder: Option<u8>,
    /// Cards still to draw, the briscola included.
    pub stock: u8,
    /// Cards in each seat's hand.
    pub hand_lens: [u8; MAX_PLAYERS],
    trick: [Card; MAX_PLAYERS],
    trick_len: u8,
    /// The seat that led the current trick.
    pub leader: u8,
    /// The tricks each side took, as cards.
    pub piles: [CardSet; MAX_SIDES],
    /// Tricks completed.
    pub tricks_done: u8,
}

impl BriscolaView {
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

    /// Every card played so far.
    pub fn played(&self) -> CardSet {
        played(&self.piles, self.trick())
    }

    /// The cards this seat has not seen and cannot place: the other hands and the stock
    /// below the briscola (the briscola itself is known: face up, or in its holder's hand).
    pub fn unseen(&self) -> CardSet {
        let mut in_play = CardSet::ALL;
        if !self.rules.uses(super::rules::THREE_PLAYER_DISCARD) {
            in_play.remove(super::rules::THREE_PLAYER_DISCARD);
        }
        let mut known = self.hand | self.played();
        known.insert(self.briscola);
        in_play.difference(known)
    }

    /// The points each side has taken so far (public).
    pub fn points(&self) -> [u8; MAX_SIDES] {
        let mut points = [0; MAX_SIDES];
        for (p, &pile) in points.iter_mut().zip(&self.piles) {
            *p = pile_points(pile);
        }
        points
    }
}

impl BriscolaHand {
    /// A whole hand consistent with `view`: the cards the seat has not seen are dealt at
    /// random (by `rng`) to the other hands and the stock — what the expert AI imagines.
    /// The briscola stays under the stock, or in the hand of the seat that drew it.
    pub(crate) fn imagine(view: &BriscolaView, rng: &mut crate::deal::SplitMix64) -> BriscolaHand {
        let rules = view.rules;
        let mut unseen = [FILLER; 40];
        let mut len = 0;
        for card in view.unseen() {
            unseen[len] = card;
            len += 1;
        }
        let unseen = &mut unseen[..len];
        for i in (1..unseen.len()).rev() {
            let j = crate::deal::below(rng, i as u32 + 1) as usize;
            unseen.swap(i, j);
        }
        let mut next = 0;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let played = view.played();
        for seat in 0..rules.players {
            let s = usize::from(seat);
            if seat == view.seat {
                hands[s] = view.hand;
                continue;
            }
            let mut want = view.hand_lens[s];
            if view.briscola_holder == Some(seat) && !played.contains(view.briscola) && want > 0 {
                hands[s].insert(view.briscola);
                want -= 1;
            }
            for _ in 0..want {
                if let Some(&card) = unseen.get(next) {
                    hands[s].insert(card);
                    next += 1;
                }
            }
        }
        // The stock: the rest, in the order drawn, at the end of the deck.
        let mut deck = [FILLER; 40];
        let end = usize::from(rules.deck_len());
        let rest = &unseen[next..];
        let start = end.saturating_sub(rest.len());
        deck[start..end].copy_from_slice(&rest[..end - start]);
        BriscolaHand {
            rules,
            dealer: view.dealer,
            deck,
            next: start as u8,
            briscola: view.briscola,
            briscola_holder: view.briscola_holder,
            hands,
            piles: view.piles,
            trick: view.trick,
            trick_len: view.trick().len() as u8,
            leader: view.leader,
            tricks_done: view.tricks_done,
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
    /// A card appears twice (in the hand, as the briscola, in the history).
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
            BriscolaViewError::CardTwice { card } => write!(f, "{card} appears twice"),
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

impl BriscolaView {
    /// The view of `seat` rebuilt from public facts only: its hand, the face-up briscola,
    /// and every card played this hand in order with its seat (who took each trick, who
    /// drew, how big the stock is all follow from them). Checks that they can be a moment
    /// of a hand.
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
        hand: CardSet,
        briscola: Card,
        history: &[(u8, Card)],
    ) -> Result<BriscolaView, BriscolaViewError> {
        rules.validate().map_err(BriscolaViewError::Rules)?;
        let n = rules.players;
        if seat >= n || dealer >= n {
            return Err(BriscolaViewError::BadSeat);
        }
        let mut seen = CardSet::EMPTY;
        for card in hand.iter().chain(core::iter::once(briscola)) {
            if !rules.uses(card) {
                return Err(BriscolaViewError::NotInPlay { card });
            }
            if !seen.insert(card) && card != briscola {
                return Err(BriscolaViewError::CardTwice { card });
            }
        }
        let h = rules.hand_size;
        let mut hand_lens = [0u8; MAX_PLAYERS];
        hand_lens[..usize::from(n)].fill(h);
        let mut view = BriscolaView {
            rules,
            seat,
            dealer,
            hand,
            briscola,
            briscola_holder: None,
            stock: rules.deck_len() - n * h,
            hand_lens,
            trick: [FILLER; MAX_PLAYERS],
            trick_len: 0,
            leader: (dealer + 1) % n,
            piles: [CardSet::EMPTY; MAX_SIDES],
            tricks_done: 0,
        };
        let mut played = CardSet::EMPTY;
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
            if card == briscola {
                if view.briscola_holder != Some(by) {
                    return Err(BriscolaViewError::BriscolaNotHeld { index });
                }
            } else if hand.contains(card) {
                return Err(BriscolaViewError::CardTwice { card });
            }
            if !played.insert(card) {
                return Err(BriscolaViewError::CardTwice { card });
            }
            view.hand_lens[usize::from(by)] -= 1;
            view.trick[usize::from(view.trick_len)] = card;
            view.trick_len += 1;
            if view.trick_len < n {
                continue;
            }
            let (winner, side, taken) = take(&rules, view.trump(), view.leader, view.trick());
            view.piles[usize::from(side)] |= taken;
            view.trick = [FILLER; MAX_PLAYERS];
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
        if view.tricks_done == rules.tricks() {
            return Err(BriscolaViewError::HandOver);
        }
        let expected = view.hand_lens[usize::from(seat)];
        if hand.len() as u8 != expected {
            return Err(BriscolaViewError::HandSize {
                expected,
                found: hand.len() as u8,
            });
        }
        let holds = view.briscola_holder == Some(seat) && !played.contains(briscola);
        if holds != hand.contains(briscola) {
            return Err(BriscolaViewError::BriscolaMisplaced);
        }
        Ok(view)
    }
}
