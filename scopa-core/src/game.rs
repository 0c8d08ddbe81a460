//! The game interface: what the session, the table model, the engine protocol and the AI
//! driver ask of any game ([`GameMatch`]), the moves, events and hints of every game in one
//! form ([`GameMove`], [`GameEvent`], [`GameHint`](crate::analysis::hint::GameHint)), and the one dispatch over the games
//! (`AnyMatch`, the only place that names each game's match type).
//!
//! Each game keeps its own types and words in its folder ([`crate::scopa`],
//! [`crate::briscola`]) and implements [`GameMatch`] once; a new game is one folder, one
//! variant of [`Game`] and of the dispatch. The models are shakmaty's `Position` trait (each
//! variant its own type, the variant enum dispatching once through `&dyn Position`) and
//! boardgame.io's game-as-a-value.
//!
//! ```
//! use scopa_core::game::{Game, GameMatch, GameMove};
//! use scopa_core::scopa::Match;
//!
//! let mut m = Match::new(Default::default(), 7).unwrap();
//! let game: &mut dyn GameMatch = &mut m;
//! let seat = game.turn();
//! let mut first = None;
//! game.for_each_legal_move(&mut |mv| {
//!     first.get_or_insert(mv);
//! });
//! let events = game.play(seat, first.unwrap()).unwrap();
//! assert!(!events.is_empty());
//! assert_eq!(game.plays(), 1);
//! # let _ = (Game::Scopa, GameMove::Briscola("7d".parse().unwrap()));
//! ```

use core::any::Any;
use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::ai::{self, Level};
use crate::briscola::{
    self, BriscolaCards, BriscolaEventOf, BriscolaMatch, BriscolaMatchOf, BriscolaPlayError,
    BriscolaRules, BriscolaRulesError, BriscolaSnapshotError, TwoDeckEvent, TwoDeckMatch,
};
use crate::card::Card;
use crate::multiset::CardMultiset;
use crate::scopa::capture::MAX_CAPTURES;
use crate::scopa::teams::{self, TeamEvent, TeamMatch, TeamMove, TeamPlayError, TeamSnapshotError};
use crate::scopa::{Event, Match, PlayError, Rules, RulesError, SnapshotError};
use crate::seats::MAX_SIDES;

/// Which game is played: Scopa (with its [`Rules`]) or Briscola with its own rules
/// (`docs/briscola.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Game {
    /// Scopa, with the session's Scopa [`Rules`].
    #[default]
    Scopa,
    /// Briscola with these rules (Scopa's rules are then not used).
    Briscola(BriscolaRules),
}

impl Game {
    /// Whether this is Briscola.
    pub const fn is_briscola(self) -> bool {
        matches!(self, Game::Briscola(_))
    }
}

/// A play of any game, named for what it is in that game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameMove {
    /// A play of Scopa: a card and what it takes (nothing when laid), copies counted so a
    /// table of 6 or 8 can take a card twice (a one-deck [`Move`](crate::scopa::Move)
    /// converts with `.into()`).
    Scopa(TeamMove),
    /// A play of Briscola: the card put on the trick.
    Briscola(Card),
}

impl GameMove {
    /// The card played.
    pub const fn card(self) -> Card {
        match self {
            GameMove::Scopa(mv) => mv.card,
            GameMove::Briscola(card) => card,
        }
    }

    /// The cards taken from the table, copies counted (empty in Briscola, where a trick
    /// is taken by its best card, and for a card laid).
    pub const fn capture(self) -> CardMultiset {
        match self {
            GameMove::Scopa(mv) => mv.capture,
            GameMove::Briscola(_) => CardMultiset::EMPTY,
        }
    }

    /// The move in the one-deck form a 40-bit table reads: Scopa's [`Move`](crate::scopa::Move)
    /// when no card is taken twice, Briscola's card as a card laid (`None` for a Scopa move
    /// taking both copies of a card). What a one-deck front-end such as the handheld keeps.
    pub const fn to_move(self) -> Option<crate::scopa::Move> {
        match self {
            GameMove::Scopa(mv) => mv.to_move(),
            GameMove::Briscola(card) => Some(crate::scopa::Move::lay(card)),
        }
    }

    /// The move of Scopa, if this is one.
    pub const fn scopa(self) -> Option<TeamMove> {
        match self {
            GameMove::Scopa(mv) => Some(mv),
            GameMove::Briscola(_) => None,
        }
    }
}

impl From<TeamMove> for GameMove {
    fn from(mv: TeamMove) -> GameMove {
        GameMove::Scopa(mv)
    }
}

impl From<crate::scopa::Move> for GameMove {
    fn from(mv: crate::scopa::Move) -> GameMove {
        GameMove::Scopa(mv.into())
    }
}

impl fmt::Display for GameMove {
    /// Scopa's notation (`7d` laid, `7d+5d2c` a capture) or Briscola's card (`7d`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMove::Scopa(mv) => mv.fmt(f),
            GameMove::Briscola(card) => card.fmt(f),
        }
    }
}

/// A play of Scopa at any table: the seat and its move (copies counted).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SeatMove {
    /// The seat that played.
    pub seat: u8,
    /// What it played and captured.
    pub mv: TeamMove,
}

/// Something that happened, in order, in either game: what a front-end animates and writes.
/// Events of every table come in one form, cards counted with their copies (a one-deck
/// table never holds a card twice).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameEvent {
    /// An event of Scopa.
    Scopa(TeamEvent),
    /// An event of Briscola.
    Briscola(TwoDeckEvent),
}

impl GameEvent {
    /// Whether this event ends a hand (its score follows in the event).
    pub const fn ends_hand(&self) -> bool {
        matches!(
            self,
            GameEvent::Scopa(TeamEvent::HandFinished(_))
                | GameEvent::Briscola(BriscolaEventOf::HandFinished(_))
        )
    }

    /// Whether this event is a sweep of Scopa.
    pub const fn is_sweep(&self) -> bool {
        matches!(self, GameEvent::Scopa(TeamEvent::Scopa { .. }))
    }
}

impl From<Event> for GameEvent {
    fn from(e: Event) -> GameEvent {
        GameEvent::Scopa(e.into())
    }
}

impl From<TeamEvent> for GameEvent {
    fn from(e: TeamEvent) -> GameEvent {
        GameEvent::Scopa(e)
    }
}

impl<C, const SIDES: usize> From<BriscolaEventOf<C, SIDES>> for GameEvent
where
    BriscolaEventOf<C, SIDES>: Into<TwoDeckEvent>,
{
    fn from(e: BriscolaEventOf<C, SIDES>) -> GameEvent {
        GameEvent::Briscola(e.into())
    }
}

/// The events of one play, in order (a play of Scopa makes at most 4, of Briscola at one
/// deck at most 8).
pub type GameEvents = heapless::Vec<GameEvent, 8>;

/// A game's events in the common form. A trick of 8 taken at two decks makes up to 12
/// (the card, the trick, a draw per seat, the hand's end): past 8 the last ones are
/// dropped, as the session always did (its saves and transcripts depend on it).
fn game_events<E: Into<GameEvent>>(events: impl IntoIterator<Item = E>) -> GameEvents {
    let mut out = GameEvents::new();
    for e in events {
        let _ = out.push(e.into());
    }
    out
}

/// The most captures [`GameMatch::captures`] offers for one card. One deck: at most
/// [`MAX_CAPTURES`]; with two decks a table holding copies can offer more, and a card with
/// more than this many captures is played as a whole [`GameMove`] (every front-end's
/// capture choice lists them all up to this bound).
pub const MAX_CAPTURE_OPTIONS: usize = if cfg!(feature = "big-tables") {
    64
} else {
    MAX_CAPTURES
};

/// The captures a card can make, in canonical order (copies counted).
pub type CaptureOptions = heapless::Vec<CardMultiset, MAX_CAPTURE_OPTIONS>;

/// The seats of a hand's plays, in order (at most 80, with two decks).
pub type PlaySeats = heapless::Vec<u8, 80>;

/// Why a play was refused by a game. The match is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameError {
    /// Scopa with one deck refused it.
    Scopa(PlayError),
    /// Scopa at a table of 6 or 8 refused it.
    BigTable(TeamPlayError),
    /// Briscola refused the card.
    Briscola(BriscolaPlayError),
    /// A move of Scopa taking table cards was given to Briscola, where a play is only its
    /// card.
    CaptureInBriscola {
        /// The card played.
        card: Card,
    },
    /// A move of Briscola (a card alone) was given to Scopa, where a move says what it
    /// takes.
    BriscolaMoveInScopa {
        /// The card played.
        card: Card,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Scopa(e) => e.fmt(f),
            GameError::BigTable(e) => e.fmt(f),
            GameError::Briscola(e) => e.fmt(f),
            GameError::CaptureInBriscola { card } => write!(
                f,
                "{card} cannot take table cards: in Briscola a play is only its card"
            ),
            GameError::BriscolaMoveInScopa { card } => write!(
                f,
                "{card} was played as a card of Briscola, but this is Scopa: say what it takes"
            ),
        }
    }
}

impl core::error::Error for GameError {}

/// What may be asked of a match of any game: its seats and turn, the legal moves, the play
/// and its events, the hand's end and the scores, each seat's cards and the public table,
/// the AI's move and the hint, the snapshot. Object safe: the session holds one game
/// behind `&dyn GameMatch`.
pub trait GameMatch: Any {
    /// Seats at the table.
    fn players(&self) -> u8;
    /// The seat to play (the last to play once the match is over).
    fn turn(&self) -> u8;
    /// The dealer of the current hand.
    fn dealer(&self) -> u8;
    /// The current hand's number, from 0.
    fn hand_number(&self) -> u16;
    /// Plays made in the current hand.
    fn plays(&self) -> u8;
    /// The seat of each play of the current hand, in order.
    fn play_seats(&self) -> PlaySeats;
    /// Calls `emit` with every move of the current hand, in order (their seats are
    /// [`play_seats`](GameMatch::play_seats)'s).
    fn for_each_hand_move(&self, emit: &mut dyn FnMut(GameMove));
    /// The winning side, once the match is over.
    fn winner(&self) -> Option<u8>;
    /// The match score per side: Scopa's points, Briscola's hands won (entries past the
    /// sides are 0).
    fn scores(&self) -> [u16; MAX_SIDES];
    /// Whether a hand of this match has ended (its summary can be shown).
    fn has_last_hand(&self) -> bool;
    /// The cards `seat` holds (none for a seat past the last).
    fn hand_of(&self, seat: u8) -> CardMultiset;
    /// How many cards `seat` holds.
    fn hand_len(&self, seat: u8) -> u8 {
        self.hand_of(seat).len() as u8
    }
    /// The cards face up in the middle: Scopa's table, Briscola's trick.
    fn table_cards(&self) -> CardMultiset;
    /// Cards not dealt yet: Scopa's deck, Briscola's stock (the briscola under it included).
    fn deck_left(&self) -> u8;
    /// The cards `side` has taken this hand (captures and tricks are public).
    fn pile(&self, side: u8) -> CardMultiset;
    /// Scope `side` has made this hand (0 in Briscola).
    fn scope(&self, _side: u8) -> u8 {
        0
    }
    /// The last play of the current hand, in Scopa (`None` in Briscola, whose table model
    /// shows the trick).
    fn last_play(&self) -> Option<SeatMove> {
        None
    }
    /// The side that captured last this hand, in Scopa.
    fn last_capture(&self) -> Option<u8> {
        None
    }
    /// Reshuffles of the current hand's deal (Scopa's Kings rule; 0 in Briscola).
    fn redeals(&self) -> u8 {
        0
    }
    /// Calls `emit` with every legal move of the seat to play, in canonical order.
    fn for_each_legal_move(&self, emit: &mut dyn FnMut(GameMove));
    /// The captures `card` can make on the table (empty in Briscola; a card with more than
    /// [`MAX_CAPTURE_OPTIONS`] captures lists the first ones).
    fn captures(&self, _card: Card) -> CaptureOptions {
        CaptureOptions::new()
    }
    /// `seat` plays `mv`: the events that followed, in order. On error nothing changes.
    fn play(&mut self, seat: u8, mv: GameMove) -> Result<GameEvents, GameError>;
    /// Takes back every play of the current hand after the first `keep`; `false` (nothing
    /// changes) when the hand has fewer plays.
    fn rewind_to(&mut self, keep: u8) -> bool;
    /// The deal of the current hand, as the event that announced it.
    fn deal_event(&self) -> GameEvent;
    /// The move the AI at `level` chooses with `seed` for `seat`, which is to play; it sees
    /// only what that seat knows.
    fn choose(&self, seat: u8, level: Level, seed: u64) -> Option<GameMove>;
    /// Writes the match's snapshot (its own versioned, checksummed format) at the start of
    /// `out` and returns its length; `None` when `out` is too short.
    fn write_snapshot(&self, out: &mut [u8]) -> Option<usize>;
}

/// Copies `bytes` to the start of `out`: its length, or `None` when `out` is too short.
fn put(out: &mut [u8], bytes: &[u8]) -> Option<usize> {
    out.get_mut(..bytes.len())?.copy_from_slice(bytes);
    Some(bytes.len())
}

/// The scores of a match in the session's width.
fn widen<const N: usize, T: Copy + Into<u16>>(scores: [T; N]) -> [u16; MAX_SIDES] {
    let mut out = [0u16; MAX_SIDES];
    for (o, s) in out.iter_mut().zip(scores) {
        *o = s.into();
    }
    out
}

/// The methods of [`GameMatch`] that every game's match answers alike, from its inherent
/// methods of the same names (`rules().players`, `turn`, `hand().dealer()`, `hand_number`,
/// `winner`).
macro_rules! match_common {
    () => {
        fn players(&self) -> u8 {
            self.rules().players
        }
        fn turn(&self) -> u8 {
            Self::turn(self)
        }
        fn dealer(&self) -> u8 {
            self.hand().dealer()
        }
        fn hand_number(&self) -> u16 {
            Self::hand_number(self)
        }
        fn winner(&self) -> Option<u8> {
            Self::winner(self)
        }
    };
}

/// The methods of [`GameMatch`] that Scopa's matches of one deck and two answer alike, from
/// their inherent methods of the same names.
macro_rules! scopa_match_common {
    () => {
        match_common!();
        fn plays(&self) -> u8 {
            self.hand().plays()
        }
        fn has_last_hand(&self) -> bool {
            self.last_hand().is_some()
        }
        fn scope(&self, side: u8) -> u8 {
            self.hand().scope(side)
        }
        fn last_capture(&self) -> Option<u8> {
            self.hand().last_capture()
        }
        fn redeals(&self) -> u8 {
            Self::redeals(self)
        }
        fn hand_of(&self, seat: u8) -> CardMultiset {
            self.hand().hand(seat).into()
        }
        fn table_cards(&self) -> CardMultiset {
            self.hand().table().into()
        }
        fn pile(&self, side: u8) -> CardMultiset {
            self.hand().pile(side).into()
        }
        fn for_each_legal_move(&self, emit: &mut dyn FnMut(GameMove)) {
            // None once the match is over.
            if Self::winner(self).is_none() {
                self.hand().for_each_legal_move(&mut |mv| emit(mv.into()));
            }
        }
        fn captures(&self, card: Card) -> CaptureOptions {
            let mut options = CaptureOptions::new();
            self.hand().for_each_capture(card, &mut |c| {
                // One deck: at most MAX_CAPTURES, never more than the room; two decks:
                // beyond MAX_CAPTURE_OPTIONS the first ones are kept.
                let _ = options.push(c.into());
            });
            options
        }
        fn rewind_to(&mut self, keep: u8) -> bool {
            self.rewind(keep).is_ok()
        }
        fn deal_event(&self) -> GameEvent {
            Self::deal_event(self).into()
        }
        fn write_snapshot(&self, out: &mut [u8]) -> Option<usize> {
            put(out, &self.to_bytes())
        }
    };
}

impl GameMatch for Match {
    scopa_match_common!();
    fn play_seats(&self) -> PlaySeats {
        Match::plays(self).map(|p| p.seat).collect()
    }
    fn for_each_hand_move(&self, emit: &mut dyn FnMut(GameMove)) {
        self.history().iter().for_each(|&mv| emit(mv.into()));
    }
    fn scores(&self) -> [u16; MAX_SIDES] {
        widen(Match::scores(self))
    }

    fn hand_len(&self, seat: u8) -> u8 {
        self.hand().hand_len(seat)
    }
    fn deck_left(&self) -> u8 {
        self.hand().deck_len()
    }
    fn last_play(&self) -> Option<SeatMove> {
        Match::last_play(self).map(|p| SeatMove {
            seat: p.seat,
            mv: p.mv.into(),
        })
    }
    fn play(&mut self, seat: u8, mv: GameMove) -> Result<GameEvents, GameError> {
        let mv = match mv {
            GameMove::Scopa(mv) => mv,
            GameMove::Briscola(card) => return Err(GameError::BriscolaMoveInScopa { card }),
        };
        // A one-deck table holds no card twice: such a capture cannot be legal.
        let one = mv
            .to_move()
            .ok_or(GameError::Scopa(PlayError::IllegalCapture {
                card: mv.card,
                capture: mv.capture.distinct(),
            }))?;
        let events = Match::play(self, seat, one).map_err(GameError::Scopa)?;
        Ok(game_events(events))
    }
    fn choose(&self, seat: u8, level: Level, seed: u64) -> Option<GameMove> {
        ai::choose_move(level, &self.view(seat)?, seed).map(GameMove::from)
    }
}

impl GameMatch for TeamMatch {
    scopa_match_common!();
    fn for_each_hand_move(&self, emit: &mut dyn FnMut(GameMove)) {
        self.history().iter().for_each(|&mv| emit(mv.into()));
    }
    fn play_seats(&self) -> PlaySeats {
        // Scopa's turn goes round the table from the eldest.
        let hand = self.hand();
        let n = u16::from(hand.rules().players);
        (0..hand.plays())
            .map(|i| ((u16::from(hand.dealer()) + 1 + u16::from(i)) % n) as u8)
            .collect()
    }
    fn scores(&self) -> [u16; MAX_SIDES] {
        TeamMatch::scores(self)
    }
    fn deck_left(&self) -> u8 {
        self.hand().deck_left()
    }
    fn last_play(&self) -> Option<SeatMove> {
        let mv = *self.history().last()?;
        let seat = *self.play_seats().last()?;
        Some(SeatMove { seat, mv })
    }
    fn play(&mut self, seat: u8, mv: GameMove) -> Result<GameEvents, GameError> {
        let mv = match mv {
            GameMove::Scopa(mv) => mv,
            GameMove::Briscola(card) => return Err(GameError::BriscolaMoveInScopa { card }),
        };
        let events = TeamMatch::play(self, seat, mv).map_err(GameError::BigTable)?;
        Ok(game_events(events))
    }
    fn choose(&self, seat: u8, level: Level, seed: u64) -> Option<GameMove> {
        let view = self.hand().view(seat, self.scores())?;
        teams::choose_move(level, &view, seed).map(GameMove::Scopa)
    }
}

/// The snapshot of a Briscola match of one deck or two (each its own format).
trait BriscolaSnapshot {
    fn write(&self, out: &mut [u8]) -> Option<usize>;
}

impl BriscolaSnapshot for BriscolaMatch {
    fn write(&self, out: &mut [u8]) -> Option<usize> {
        put(out, &self.to_bytes())
    }
}

impl BriscolaSnapshot for TwoDeckMatch {
    fn write(&self, out: &mut [u8]) -> Option<usize> {
        put(out, &self.to_bytes())
    }
}

/// The cards of a Briscola container, copies counted.
fn multiset_of<C: BriscolaCards>(cards: C) -> CardMultiset {
    let mut out = CardMultiset::EMPTY;
    for card in cards {
        // At most two copies of a card in two decks: no third copy.
        let _ = out.insert(card);
    }
    out
}

impl<C: BriscolaCards + 'static, const SEATS: usize, const SIDES: usize, const DECK: usize>
    GameMatch for BriscolaMatchOf<C, SEATS, SIDES, DECK>
where
    Self: BriscolaSnapshot,
    BriscolaEventOf<C, SIDES>: Into<TwoDeckEvent>,
{
    match_common!();
    fn plays(&self) -> u8 {
        self.history().len() as u8
    }
    fn for_each_hand_move(&self, emit: &mut dyn FnMut(GameMove)) {
        self.history()
            .iter()
            .for_each(|&card| emit(GameMove::Briscola(card)));
    }
    fn play_seats(&self) -> PlaySeats {
        // The eldest leads the first trick, each trick's winner the next, and the others
        // follow in seat order.
        let hand = self.hand();
        let (players, trump) = (hand.rules().players, hand.trump());
        let mut seats = PlaySeats::new();
        let mut leader = (hand.dealer() + 1) % players;
        for trick in self.history().chunks(usize::from(players)) {
            for i in 0..trick.len() {
                let _ = seats.push((leader + i as u8) % players);
            }
            if trick.len() == usize::from(players)
                && let Some(w) = briscola::trick_winner(trump, trick)
            {
                leader = (leader + w as u8) % players;
            }
        }
        seats
    }
    fn scores(&self) -> [u16; MAX_SIDES] {
        widen(self.wins())
    }
    fn has_last_hand(&self) -> bool {
        self.last_hand().is_some()
    }
    fn hand_of(&self, seat: u8) -> CardMultiset {
        multiset_of(self.hand().hand(seat))
    }
    fn hand_len(&self, seat: u8) -> u8 {
        self.hand().hand_len(seat)
    }
    fn table_cards(&self) -> CardMultiset {
        let mut cards = CardMultiset::EMPTY;
        for &card in self.hand().trick() {
            // A trick holds at most 8 cards of two decks: no third copy.
            let _ = cards.insert(card);
        }
        cards
    }
    fn deck_left(&self) -> u8 {
        self.hand().stock_len()
    }
    fn pile(&self, side: u8) -> CardMultiset {
        multiset_of(self.hand().pile(side))
    }
    fn for_each_legal_move(&self, emit: &mut dyn FnMut(GameMove)) {
        // Every card of the hand may be played (BRISCOLA.md: no duty to follow suit).
        if self.winner().is_none() {
            for card in self.hand_of(self.turn()).distinct() {
                emit(GameMove::Briscola(card));
            }
        }
    }
    fn play(&mut self, seat: u8, mv: GameMove) -> Result<GameEvents, GameError> {
        let card = match mv {
            GameMove::Briscola(card) => card,
            GameMove::Scopa(mv) if mv.is_lay() => mv.card,
            GameMove::Scopa(mv) => return Err(GameError::CaptureInBriscola { card: mv.card }),
        };
        let events = BriscolaMatchOf::play(self, seat, card).map_err(GameError::Briscola)?;
        Ok(game_events(events))
    }
    fn rewind_to(&mut self, keep: u8) -> bool {
        (self.history().len() as u8)
            .checked_sub(keep)
            .is_some_and(|back| self.rewind(back).is_ok())
    }
    fn deal_event(&self) -> GameEvent {
        GameEvent::Briscola(
            BriscolaEventOf::<C, SIDES>::Dealt {
                dealer: self.hand().dealer(),
                briscola: self.hand().briscola(),
            }
            .into(),
        )
    }
    fn choose(&self, seat: u8, level: Level, seed: u64) -> Option<GameMove> {
        briscola::choose_card(level, &self.view(seat)?, seed).map(GameMove::Briscola)
    }
    fn write_snapshot(&self, out: &mut [u8]) -> Option<usize> {
        BriscolaSnapshot::write(self, out)
    }
}

/// The kinds of table a session can hold: each game with one deck or two.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TableKind {
    /// Scopa with one deck (2, 3 or 4 players).
    Scopa,
    /// Briscola with one deck (2, 3 or 4 players).
    Briscola,
    /// Scopa with two decks (6 or 8 players).
    ScopaTwoDecks,
    /// Briscola with two decks (6 or 8 players).
    BriscolaTwoDecks,
}

/// Why a match could not be started: the rules of its game are impossible.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameRulesError {
    /// Scopa's rules.
    Scopa(RulesError),
    /// Briscola's rules.
    Briscola(BriscolaRulesError),
}

/// Why a snapshot could not be restored: the refusal of its game's format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameSnapshotError {
    /// Scopa with one deck (`SCPA`).
    Scopa(SnapshotError),
    /// Scopa with two decks (`SCP2`).
    ScopaTwoDecks(TeamSnapshotError),
    /// Briscola (`BRSC`, `BRS2`).
    Briscola(BriscolaSnapshotError),
    /// This build has no room for tables of 6 or 8 (the `big-tables` feature is off).
    BigTable,
}

/// The match of any game, held inline (no allocation in the core): the one dispatch over
/// the games. Everything else reaches the match through [`GameMatch`] (this derefs to it).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) enum AnyMatch {
    Scopa(Match),
    Briscola(BriscolaMatch),
    #[cfg(feature = "big-tables")]
    Teams(TeamMatch),
    #[cfg(feature = "big-tables")]
    BriscolaTeams(TwoDeckMatch),
}

impl AnyMatch {
    /// A new match of `game` (Scopa's with `rules`) from `seed`.
    pub(crate) fn new(game: Game, rules: Rules, seed: u64) -> Result<AnyMatch, GameRulesError> {
        match game {
            #[cfg(feature = "big-tables")]
            Game::Scopa if rules.decks == 2 => TeamMatch::new(rules, seed)
                .map(AnyMatch::Teams)
                .map_err(|_| {
                    GameRulesError::Scopa(RulesError::DecksForPlayers {
                        players: rules.players,
                        decks: rules.decks,
                    })
                }),
            #[cfg(feature = "big-tables")]
            Game::Briscola(r) if r.decks == 2 => TwoDeckMatch::new(r, seed)
                .map(AnyMatch::BriscolaTeams)
                .map_err(GameRulesError::Briscola),
            Game::Scopa => Match::new(rules, seed)
                .map(AnyMatch::Scopa)
                .map_err(GameRulesError::Scopa),
            Game::Briscola(r) => BriscolaMatch::new(r, seed)
                .map(AnyMatch::Briscola)
                .map_err(GameRulesError::Briscola),
        }
    }

    /// Restores a match of `kind` from its snapshot, with its game and Scopa rules (the
    /// default ones for Briscola).
    pub(crate) fn from_snapshot(
        kind: TableKind,
        bytes: &[u8],
    ) -> Result<(AnyMatch, Game, Rules), GameSnapshotError> {
        match kind {
            TableKind::Scopa => {
                let m = Match::from_bytes(bytes).map_err(GameSnapshotError::Scopa)?;
                let rules = *m.rules();
                Ok((AnyMatch::Scopa(m), Game::Scopa, rules))
            }
            TableKind::Briscola => {
                let m = BriscolaMatch::from_bytes(bytes).map_err(GameSnapshotError::Briscola)?;
                let rules = *m.rules();
                Ok((
                    AnyMatch::Briscola(m),
                    Game::Briscola(rules),
                    Rules::default(),
                ))
            }
            #[cfg(feature = "big-tables")]
            TableKind::ScopaTwoDecks => {
                let m = TeamMatch::from_bytes(bytes).map_err(GameSnapshotError::ScopaTwoDecks)?;
                let rules = *m.rules();
                Ok((AnyMatch::Teams(m), Game::Scopa, rules))
            }
            #[cfg(feature = "big-tables")]
            TableKind::BriscolaTwoDecks => {
                let m = TwoDeckMatch::from_bytes(bytes).map_err(GameSnapshotError::Briscola)?;
                let rules = *m.rules();
                Ok((
                    AnyMatch::BriscolaTeams(m),
                    Game::Briscola(rules),
                    Rules::default(),
                ))
            }
            #[cfg(not(feature = "big-tables"))]
            TableKind::ScopaTwoDecks | TableKind::BriscolaTwoDecks => {
                Err(GameSnapshotError::BigTable)
            }
        }
    }

    /// The kind of table.
    pub(crate) const fn kind(&self) -> TableKind {
        match self {
            AnyMatch::Scopa(_) => TableKind::Scopa,
            AnyMatch::Briscola(_) => TableKind::Briscola,
            #[cfg(feature = "big-tables")]
            AnyMatch::Teams(_) => TableKind::ScopaTwoDecks,
            #[cfg(feature = "big-tables")]
            AnyMatch::BriscolaTeams(_) => TableKind::BriscolaTwoDecks,
        }
    }

    /// The match as its own type `M`, if it is one.
    pub(crate) fn downcast<M: GameMatch>(&self) -> Option<&M> {
        let any: &dyn Any = &**self;
        any.downcast_ref()
    }
}

impl Deref for AnyMatch {
    type Target = dyn GameMatch;
    fn deref(&self) -> &(dyn GameMatch + 'static) {
        match self {
            AnyMatch::Scopa(m) => m,
            AnyMatch::Briscola(m) => m,
            #[cfg(feature = "big-tables")]
            AnyMatch::Teams(m) => m,
            #[cfg(feature = "big-tables")]
            AnyMatch::BriscolaTeams(m) => m,
        }
    }
}

impl DerefMut for AnyMatch {
    fn deref_mut(&mut self) -> &mut (dyn GameMatch + 'static) {
        match self {
            AnyMatch::Scopa(m) => m,
            AnyMatch::Briscola(m) => m,
            #[cfg(feature = "big-tables")]
            AnyMatch::Teams(m) => m,
            #[cfg(feature = "big-tables")]
            AnyMatch::BriscolaTeams(m) => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{SplitMix64, below};
    use crate::session::MAX_SEATS;
    use crate::session::pacing::Pacing;
    use crate::session::table::Frame;
    use crate::session::{Action, CardStyle, Phase, Player, Session, Settings};

    /// Every person at the table: the walk chooses every move.
    fn everyone(game: Game, rules: Rules) -> Settings {
        Settings {
            game,
            rules,
            seats: [Player::Human; MAX_SEATS],
            ..Settings::default()
        }
    }

    /// The kinds of table this build plays: Scopa and Briscola with one deck (4 and 3
    /// players) and, with the `big-tables` feature, with two (6 or 8).
    fn tables(seed: u64) -> heapless::Vec<(TableKind, Settings), 4> {
        let briscola = BriscolaRules::default();
        let mut tables = heapless::Vec::new();
        let one_deck = [
            (
                TableKind::Scopa,
                everyone(Game::Scopa, Rules::default().with_players(4)),
            ),
            (
                TableKind::Briscola,
                everyone(
                    Game::Briscola(BriscolaRules {
                        players: 3,
                        ..briscola
                    }),
                    Rules::default(),
                ),
            ),
        ];
        for table in one_deck {
            let _ = tables.push(table);
        }
        #[cfg(feature = "big-tables")]
        {
            let players = if seed.is_multiple_of(2) { 6 } else { 8 };
            let two_decks = [
                (
                    TableKind::ScopaTwoDecks,
                    everyone(Game::Scopa, Rules::default().with_players(players)),
                ),
                (
                    TableKind::BriscolaTwoDecks,
                    everyone(
                        Game::Briscola(BriscolaRules {
                            players,
                            decks: 2,
                            ..briscola
                        }),
                        Rules::default(),
                    ),
                ),
            ];
            for table in two_decks {
                let _ = tables.push(table);
            }
        }
        #[cfg(not(feature = "big-tables"))]
        let _ = seed;
        tables
    }

    /// The cards in play at a table of `kind` with `players`: hands, middle, piles and
    /// what is left to deal always add up to them.
    fn cards_in_play(kind: TableKind, players: u8) -> u32 {
        match kind {
            TableKind::Scopa => 40,
            TableKind::ScopaTwoDecks => 80,
            // Three or six players leave out a 2 (of bastoni) each deck.
            TableKind::Briscola => 40 - u32::from(players == 3),
            TableKind::BriscolaTwoDecks => 80 - 2 * u32::from(players == 6),
        }
    }

    /// Any game through the interface alone: random legal moves to the end of the match,
    /// at every step the match's snapshot and the session's save read back to the same
    /// thing, the cards all accounted for, and the frame of every seat (and a spectator's)
    /// showing that seat's hand and nobody else's — for every kind of table the build plays
    /// (all four with `big-tables`).
    #[test]
    fn every_kind_of_table_walks_to_the_end_through_the_game_interface() {
        let mut rng = SplitMix64::new(36);
        for seed in 0..8u64 {
            for (kind, settings) in tables(seed) {
                let mut session = Session::new(settings, seed).unwrap();
                assert_eq!(session.any_match().kind(), kind);
                let players = session.players();
                let mut steps = 0u32;
                loop {
                    let m: &dyn GameMatch = session.game_match();
                    assert_eq!(m.players(), players);
                    // The snapshot of the match, restored through the dispatch.
                    let mut buf = [0u8; 512];
                    let len = m.write_snapshot(&mut buf).unwrap();
                    let (back, ..) = AnyMatch::from_snapshot(kind, &buf[..len]).unwrap();
                    assert_eq!(&back, session.any_match(), "{kind:?} step {steps}");
                    // The session's save.
                    let bytes = session.to_bytes();
                    assert_eq!(Session::from_bytes(&bytes).unwrap(), session);
                    // Every card somewhere.
                    let held: u32 = (0..players).map(|s| u32::from(m.hand_len(s))).sum();
                    let piles: u32 = (0..MAX_SIDES as u8).map(|s| m.pile(s).len()).sum();
                    let total = held + m.table_cards().len() + piles + u32::from(m.deck_left());
                    assert_eq!(total, cards_in_play(kind, players), "{kind:?} step {steps}");
                    // The frame of every seat shows its own hand; a spectator sees none.
                    for seat in 0..players {
                        assert_eq!(m.hand_len(seat) as u32, m.hand_of(seat).len());
                        let frame = Frame::for_seat(
                            &session,
                            Some(seat),
                            CardStyle::Letters,
                            &Pacing::APPS,
                        );
                        assert_eq!(frame.hand, m.hand_of(seat));
                    }
                    let frame = Frame::for_seat(&session, None, CardStyle::Letters, &Pacing::APPS);
                    assert!(frame.hand.is_empty());
                    let action = match session.phase() {
                        Phase::MatchOver { winner } => {
                            assert_eq!(m.winner(), Some(winner));
                            // At least a whole hand was played.
                            assert!(steps >= u32::from(m.plays().max(36)), "{kind:?}");
                            break;
                        }
                        Phase::Play { seat } => {
                            assert_eq!(seat, m.turn());
                            let mut moves = heapless::Vec::<GameMove, 512>::new();
                            m.for_each_legal_move(&mut |mv| {
                                let _ = moves.push(mv);
                            });
                            assert!(!moves.is_empty(), "{kind:?}: no legal move");
                            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                            assert_eq!(mv.scopa().is_some(), !settings_briscola(&session));
                            Action::Play(mv)
                        }
                        _ => Action::Continue,
                    };
                    session.apply(action).unwrap();
                    steps += 1;
                    assert!(steps < 20_000, "{kind:?}: the match does not end");
                }
            }
        }
    }

    fn settings_briscola(session: &Session) -> bool {
        session.game().is_briscola()
    }
}
