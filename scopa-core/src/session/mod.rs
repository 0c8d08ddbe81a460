//! [`Session`]: the game a person plays — seats, phases, the seed policy, hints, undo,
//! texts and the one save format. Every front-end (terminal, phones, browser, handheld)
//! drives a `Session` and only translates at its edges: input becomes an [`Action`], the
//! [`Phase`] and [`TableState`] become pixels or text, [`Session::to_bytes`] becomes a file.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::session::{Action, Player, Phase, Session, Settings};
//!
//! // You (seat 0) against the medium AI.
//! let settings = Settings::against(Level::Medium, Default::default());
//! let mut session = Session::new(settings, 2024).unwrap();
//! while !matches!(session.phase(), Phase::MatchOver { .. }) {
//!     let action = match session.phase() {
//!         // The person picks a card; with several captures the session asks which.
//!         Phase::Play { .. } => Action::Select(session.state().hand.first().unwrap()),
//!         Phase::ChooseCapture { .. } => Action::Capture(0),
//!         // The front-end chooses the pause before an AI plays.
//!         Phase::AiDue { .. } => Action::RunAi,
//!         // Banners and summaries wait for the person.
//!         _ => Action::Continue,
//!     };
//!     let events = session.apply(action).unwrap(); // in order, to animate
//!     # let _ = events;
//! }
//! // One save format for every front-end: fixed size, versioned, checksummed.
//! let bytes = session.to_bytes();
//! assert_eq!(Session::from_bytes(&bytes).unwrap(), session);
//! ```
//!
//! # Phases
//! ```text
//!            ┌────────────── Continue ◄── HandOff (pass-and-play: hide the cards)
//!            ▼                                ▲ next seat is another human
//! Play ── Select(card) ──► ChooseCapture ── Capture(i) ──┐   (Cancel goes back)
//!  │  (one way to play: played at once)                  │
//!  └──────────────────────────────┬──────────────────────┘
//! AiDue ── RunAi / AiPlay(mv) ────┤
//!                                 ▼
//!              Scopa ── Continue ─┤  (a sweep)
//!        HandSummary ── Continue ─┤  (a hand ended)
//!                                 ▼
//!            Play / AiDue / HandOff of the next seat, or MatchOver ── Rematch
//! ```

use core::fmt;

use crate::ai::{self, Hint, Level};
use crate::capture::{CaptureList, Move, MoveList};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{FinishedHand, Match};
use crate::hand::{Event, Events, PlayError};
use crate::rules::{Rules, RulesError};
use crate::view::{Play, PlayerView};

pub mod driver;
#[cfg(feature = "serde")]
mod json;
pub mod pacing;
pub mod save;
pub mod seed;
pub mod table;
pub mod texts;
pub mod transcript;

pub use save::{SAVE_LEN, SAVE_VERSION, SaveError};
pub use texts::{CardStyle, Label, Lang, Texts};

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Player {
    /// A person at this device.
    #[default]
    Human,
    /// The AI at this level.
    Ai(Level),
}

impl Player {
    /// Whether a person plays the seat.
    pub const fn is_human(self) -> bool {
        matches!(self, Player::Human)
    }
}

/// Everything chosen before a match: the rules, who plays each seat, undo, language.
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::session::{Player, Settings, SettingsError};
/// use scopa_core::Rules;
/// let mut s = Settings::against(Level::Expert, Rules::default());
/// assert_eq!(s.humans(), 1);
/// s.seats[1] = Player::Human;         // pass-and-play: two people, one device
/// assert_eq!(s.validate(), Ok(()));
/// s.undo = true;                          // undo is only offered against AIs
/// assert_eq!(s.validate(), Err(SettingsError::UndoNeedsOneHuman { humans: 2 }));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Settings {
    /// The rules of every match of the session.
    pub rules: Rules,
    /// Who plays each seat; only the first `rules.players` entries are used (the others must
    /// be [`Player::Human`], the neutral value).
    pub seats: [Player; 4],
    /// Whether the one human may take back their last play of the hand (against AIs only).
    pub undo: bool,
    /// The language of the session's texts.
    pub lang: Lang,
}

impl Default for Settings {
    /// One person (seat 0) against the expert, default rules, English.
    fn default() -> Settings {
        Settings::against(Level::Expert, Rules::default())
    }
}

impl Settings {
    /// One person at seat 0, every other seat the AI at `level`.
    pub fn against(level: Level, rules: Rules) -> Settings {
        let mut seats = [Player::Human; 4];
        for seat in seats.iter_mut().take(usize::from(rules.players)).skip(1) {
            *seat = Player::Ai(level);
        }
        Settings {
            rules,
            seats,
            undo: false,
            lang: Lang::En,
        }
    }

    /// Every seat the AI at `level` (watch mode).
    pub fn watch(level: Level, rules: Rules) -> Settings {
        let mut s = Settings::against(level, rules);
        s.seats[0] = Player::Ai(level);
        s
    }

    /// Every seat a person (pass-and-play for `rules.players` people).
    pub fn pass_and_play(rules: Rules) -> Settings {
        Settings {
            rules,
            seats: [Player::Human; 4],
            undo: false,
            lang: Lang::En,
        }
    }

    /// Who plays `seat` (`Human` for a seat past the last).
    pub fn player(&self, seat: u8) -> Player {
        self.seats
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }

    /// The seats in play.
    pub fn seats(&self) -> &[Player] {
        &self.seats[..usize::from(self.rules.players.min(4))]
    }

    /// How many seats a person plays.
    pub fn humans(&self) -> u8 {
        self.seats().iter().filter(|c| c.is_human()).count() as u8
    }

    /// The first human seat, if any.
    pub fn first_human(&self) -> Option<u8> {
        self.seats()
            .iter()
            .position(|c| c.is_human())
            .map(|s| s as u8)
    }

    /// Checks that the settings can be played.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.rules.validate().map_err(SettingsError::Rules)?;
        if let Some(seat) = self.seats[usize::from(self.rules.players)..]
            .iter()
            .position(|c| !c.is_human())
        {
            return Err(SettingsError::SeatPastTheLast {
                seat: (usize::from(self.rules.players) + seat) as u8,
                players: self.rules.players,
            });
        }
        if self.undo && self.humans() != 1 {
            return Err(SettingsError::UndoNeedsOneHuman {
                humans: self.humans(),
            });
        }
        Ok(())
    }
}

/// Why settings cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SettingsError {
    /// The rules are impossible.
    Rules(RulesError),
    /// An AI was given to a seat past the last of the game.
    SeatPastTheLast {
        /// The seat.
        seat: u8,
        /// Players in the game.
        players: u8,
    },
    /// Undo is offered only to one person playing against AIs.
    UndoNeedsOneHuman {
        /// Human seats in the settings.
        humans: u8,
    },
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        texts::Texts::new(Lang::En).settings_error(self).fmt(f)
    }
}

impl core::error::Error for SettingsError {}

/// Where the session is: what it waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Phase {
    /// A person at `seat` chooses a card ([`Action::Select`] or [`Action::Play`]).
    Play {
        /// The seat to play.
        seat: u8,
    },
    /// The card chosen can capture in several ways: [`Action::Capture`] one of
    /// [`Session::capture_options`], or [`Action::Cancel`].
    ChooseCapture {
        /// The seat to play.
        seat: u8,
        /// The card chosen.
        card: Card,
    },
    /// An AI seat is to play: the front-end pauses as it likes, then sends
    /// [`Action::RunAi`] (or [`Action::AiPlay`] with [`Session::ai_move`] computed elsewhere).
    AiDue {
        /// The AI seat to play.
        seat: u8,
    },
    /// Pass-and-play: the device goes to another person. Their cards are hidden until
    /// [`Action::Continue`].
    HandOff {
        /// The human seat to play next.
        seat: u8,
    },
    /// A sweep was just made: show it, then [`Action::Continue`].
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// A hand just ended: show [`Session::last_hand`], then [`Action::Continue`].
    HandSummary,
    /// The match is over; [`Action::Rematch`] starts the next one.
    MatchOver {
        /// The winning side.
        winner: u8,
    },
}

/// What a person (or the front-end's timer) asks of the session.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Action {
    /// In [`Phase::Play`]: play this card of the hand — at once if it has only one legal
    /// move, else go to [`Phase::ChooseCapture`].
    Select(Card),
    /// In [`Phase::ChooseCapture`]: take capture `index` of [`Session::capture_options`].
    Capture(u8),
    /// In [`Phase::Play`] or [`Phase::ChooseCapture`]: play this exact move.
    Play(Move),
    /// In [`Phase::ChooseCapture`]: choose another card.
    Cancel,
    /// In [`Phase::AiDue`]: the AI computes its move and plays it.
    RunAi,
    /// In [`Phase::AiDue`]: play the AI move computed by [`Session::ai_move`] on a copy of
    /// this session (e.g. in a background thread or a Web Worker). It must be legal.
    AiPlay(Move),
    /// In [`Phase::Scopa`], [`Phase::HandSummary`] or [`Phase::HandOff`]: go on.
    Continue,
    /// In [`Phase::Play`] or [`Phase::ChooseCapture`], with [`Settings::undo`]: take back
    /// the person's last play of this hand and every AI play after it.
    Undo,
    /// In [`Phase::MatchOver`]: the next match, same settings, new deals.
    Rematch,
}

/// The kinds of [`Action`], for messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ActionKind {
    /// [`Action::Select`]
    Select,
    /// [`Action::Capture`]
    Capture,
    /// [`Action::Play`]
    Play,
    /// [`Action::Cancel`]
    Cancel,
    /// [`Action::RunAi`]
    RunAi,
    /// [`Action::AiPlay`]
    AiPlay,
    /// [`Action::Continue`]
    Continue,
    /// [`Action::Undo`]
    Undo,
    /// [`Action::Rematch`]
    Rematch,
    /// A hint ([`Session::hint`]).
    Hint,
}

impl Action {
    /// The kind of the action.
    pub const fn kind(&self) -> ActionKind {
        match self {
            Action::Select(_) => ActionKind::Select,
            Action::Capture(_) => ActionKind::Capture,
            Action::Play(_) => ActionKind::Play,
            Action::Cancel => ActionKind::Cancel,
            Action::RunAi => ActionKind::RunAi,
            Action::AiPlay(_) => ActionKind::AiPlay,
            Action::Continue => ActionKind::Continue,
            Action::Undo => ActionKind::Undo,
            Action::Rematch => ActionKind::Rematch,
        }
    }
}

/// Why an action was refused. The session is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SessionError {
    /// The settings cannot be played.
    Settings(SettingsError),
    /// The action does not belong to this phase (e.g. `Continue` while a person must play).
    WrongPhase {
        /// What was asked.
        action: ActionKind,
        /// The phase the session is in.
        phase: Phase,
    },
    /// The card is not in the hand of the seat to play.
    NotInHand {
        /// The seat to play.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// There is no capture with this number.
    NoSuchCapture {
        /// The number given.
        index: u8,
        /// How many captures there are.
        options: u8,
    },
    /// The move is not legal (the core's reason).
    Illegal(PlayError),
    /// Undo is off in the settings.
    UndoOff,
    /// The person has made no play in this hand: there is nothing to take back.
    NothingToUndo,
    /// Rematches are numbered with a `u32`; the session has played them all.
    TooManyMatches,
    /// The engine refused something the session offered (a bug, reported instead of a
    /// panic).
    Internal,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        texts::Texts::new(Lang::En).error(self).fmt(f)
    }
}

impl core::error::Error for SessionError {}

impl From<PlayError> for SessionError {
    fn from(e: PlayError) -> SessionError {
        SessionError::Illegal(e)
    }
}

/// A sweep or hand end that the person has not acknowledged yet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
enum Pending {
    Scopa { seat: u8 },
    HandSummary,
}

/// Everything a front-end draws, in one small `Copy` value: only the viewer's own hand,
/// and public facts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TableState {
    /// What the session waits for.
    pub phase: Phase,
    /// The seat whose cards may be shown: the one person against AIs, in pass-and-play the
    /// person holding the device (`None` while it is handed over), `None` in watch mode.
    pub viewer: Option<u8>,
    /// The viewer's hand (empty without a viewer).
    pub hand: CardSet,
    /// The cards on the table.
    pub table: CardSet,
    /// The seat to play (the last to play once the match is over).
    pub turn: u8,
    /// The dealer of the current hand.
    pub dealer: u8,
    /// The current hand's number, from 0.
    pub hand_number: u16,
    /// Plays made in the current hand.
    pub plays: u8,
    /// Cards left in the deck.
    pub deck_left: u8,
    /// Cards in each seat's hand (0 for seats past the last).
    pub hand_sizes: [u8; 4],
    /// Each side's captured cards this hand (public: captures are made face up).
    pub piles: [CardSet; 3],
    /// Each side's scope this hand.
    pub scope: [u8; 3],
    /// The match score per side, before the current hand.
    pub scores: [u16; 3],
    /// The last play of the current hand.
    pub last_play: Option<Play>,
    /// The side that captured last this hand.
    pub last_capture: Option<u8>,
    /// Whether [`Action::Undo`] would be accepted now.
    pub can_undo: bool,
    /// Kings reshuffles of the current hand's deal.
    pub redeals: u8,
    /// The match's number in the session (0 for the first, +1 per rematch).
    pub match_number: u32,
}

/// The game a person plays: see the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Session {
    settings: Settings,
    secret: u64,
    match_number: u32,
    m: Match,
    pending: Option<Pending>,
    selected: Option<Card>,
    holder: Option<u8>,
}

impl Session {
    /// A new session and its first match. `seed` is the session's secret: the same settings,
    /// seed and actions play the same session on every front-end (see [`seed`]).
    pub fn new(settings: Settings, seed: u64) -> Result<Session, SessionError> {
        settings.validate().map_err(SessionError::Settings)?;
        let m = Match::new(settings.rules, seed::deal_seed(seed, 0))
            .map_err(|e| SessionError::Settings(SettingsError::Rules(e)))?;
        Ok(Session::adopt(settings, seed, 0, m))
    }

    /// A session continuing `m`, a match started elsewhere (e.g. in a save format of an
    /// earlier version), with `seed` as its secret for the AI decisions to come. The
    /// settings' rules must be the match's.
    pub fn resume(settings: Settings, seed: u64, m: Match) -> Result<Session, SessionError> {
        settings.validate().map_err(SessionError::Settings)?;
        if settings.rules != *m.rules() {
            return Err(SessionError::Internal);
        }
        Ok(Session::adopt(settings, seed, 0, m))
    }

    fn adopt(settings: Settings, secret: u64, match_number: u32, m: Match) -> Session {
        let humans = settings.humans();
        Session {
            holder: if humans == 1 {
                settings.first_human()
            } else {
                None
            },
            settings,
            secret,
            match_number,
            m,
            pending: None,
            selected: None,
        }
    }

    /// The settings.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the language of the texts (nothing else of the settings can change during a
    /// session).
    pub fn set_lang(&mut self, lang: Lang) {
        self.settings.lang = lang;
    }

    /// The rules.
    pub const fn rules(&self) -> &Rules {
        &self.settings.rules
    }

    /// The match's number in the session: 0, then +1 per rematch.
    pub const fn match_number(&self) -> u32 {
        self.match_number
    }

    /// What the session waits for.
    pub fn phase(&self) -> Phase {
        if let Some(winner) = self.m.winner()
            && self.pending.is_none()
        {
            return Phase::MatchOver { winner };
        }
        match self.pending {
            Some(Pending::Scopa { seat }) => {
                return Phase::Scopa {
                    seat,
                    side: self.rules().side_of(seat),
                };
            }
            Some(Pending::HandSummary) => return Phase::HandSummary,
            None => {}
        }
        let seat = self.m.turn();
        match self.settings.player(seat) {
            Player::Ai(_) => Phase::AiDue { seat },
            Player::Human if self.holder != Some(seat) => Phase::HandOff { seat },
            Player::Human => match self.selected {
                Some(card) => Phase::ChooseCapture { seat, card },
                None => Phase::Play { seat },
            },
        }
    }

    /// The seat whose cards may be shown now (see [`TableState::viewer`]).
    pub fn viewer(&self) -> Option<u8> {
        match self.phase() {
            Phase::HandOff { .. } => None,
            _ => self.holder,
        }
    }

    /// Everything to draw now.
    pub fn state(&self) -> TableState {
        let rules = self.settings.rules;
        let hand = self.m.hand();
        let viewer = self.viewer();
        let mut hand_sizes = [0u8; 4];
        for (seat, size) in hand_sizes
            .iter_mut()
            .enumerate()
            .take(usize::from(rules.players))
        {
            *size = hand.hand_len(seat as u8);
        }
        let mut piles = [CardSet::EMPTY; 3];
        let mut scope = [0u8; 3];
        for side in 0..rules.sides() {
            piles[usize::from(side)] = hand.pile(side);
            scope[usize::from(side)] = hand.scope(side);
        }
        TableState {
            phase: self.phase(),
            viewer,
            hand: viewer.map_or(CardSet::EMPTY, |seat| hand.hand(seat)),
            table: hand.table(),
            turn: hand.turn(),
            dealer: hand.dealer(),
            hand_number: self.m.hand_number(),
            plays: hand.plays(),
            deck_left: hand.deck_len(),
            hand_sizes,
            piles,
            scope,
            scores: self.m.scores(),
            last_play: self.m.last_play(),
            last_capture: hand.last_capture(),
            can_undo: self.undo_point().is_ok(),
            redeals: self.m.redeals(),
            match_number: self.match_number,
        }
    }

    /// What the viewer may know, as the AI sees it (`None` without a viewer).
    pub fn view(&self) -> Option<PlayerView> {
        self.viewer().and_then(|seat| self.m.view(seat))
    }

    /// The legal moves of the person to play (empty unless the phase is
    /// [`Phase::Play`] or [`Phase::ChooseCapture`]).
    pub fn legal_moves(&self) -> MoveList {
        match self.phase() {
            Phase::Play { .. } | Phase::ChooseCapture { .. } => self.m.legal_moves(),
            _ => MoveList::new(),
        }
    }

    /// In [`Phase::ChooseCapture`], the captures to choose from (canonical order; the
    /// index of [`Action::Capture`]); else empty.
    pub fn capture_options(&self) -> CaptureList {
        match self.phase() {
            Phase::ChooseCapture { card, .. } => self.m.hand().captures(card),
            _ => CaptureList::new(),
        }
    }

    /// The last finished hand: its piles, scope and breakdown (the summary of
    /// [`Phase::HandSummary`]).
    pub fn last_hand(&self) -> Option<&FinishedHand> {
        self.m.last_hand()
    }

    /// The [`Event::NewHand`] of the current hand — to show the deal of the first hand, or
    /// of the current one after a resume.
    pub fn deal_event(&self) -> Event {
        self.m.deal_event()
    }

    /// The expert's suggestion for the person to play, and why.
    pub fn hint(&self) -> Result<Hint, SessionError> {
        match self.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => self
                .m
                .view(seat)
                .and_then(|v| ai::hint(&v))
                .ok_or(SessionError::Internal),
            phase => Err(SessionError::WrongPhase {
                action: ActionKind::Hint,
                phase,
            }),
        }
    }

    /// The seed of the AI decision for the seat to play now (the [`seed`] policy).
    fn ai_seed(&self) -> u64 {
        seed::derive(
            self.secret,
            seed::Purpose::Ai,
            self.match_number,
            self.m.hand_number(),
            self.m.hand().plays(),
            self.m.turn(),
        )
    }

    /// In [`Phase::AiDue`], the move the AI plays (the expensive part of
    /// [`Action::RunAi`]; a pure function of the session, so it can run on a copy).
    pub fn ai_move(&self) -> Result<Move, SessionError> {
        match self.phase() {
            Phase::AiDue { seat } => {
                let Player::Ai(level) = self.settings.player(seat) else {
                    return Err(SessionError::Internal);
                };
                let view = self.m.view(seat).ok_or(SessionError::Internal)?;
                ai::choose_move(level, &view, self.ai_seed()).ok_or(SessionError::Internal)
            }
            phase => Err(SessionError::WrongPhase {
                action: ActionKind::RunAi,
                phase,
            }),
        }
    }

    /// The human's last play in this hand that [`Action::Undo`] would take back, as the
    /// number of plays to keep.
    fn undo_point(&self) -> Result<u8, SessionError> {
        if !self.settings.undo {
            return Err(SessionError::UndoOff);
        }
        if !matches!(
            self.phase(),
            Phase::Play { .. } | Phase::ChooseCapture { .. }
        ) {
            return Err(SessionError::NothingToUndo);
        }
        let human = self.holder.ok_or(SessionError::NothingToUndo)?;
        self.m
            .plays()
            .enumerate()
            .filter(|(_, p)| p.seat == human)
            .last()
            .map(|(i, _)| i as u8)
            .ok_or(SessionError::NothingToUndo)
    }

    /// Carries out `action`; returns what happened, in order (empty for actions that only
    /// change the phase). On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Events, SessionError> {
        let phase = self.phase();
        let wrong = || SessionError::WrongPhase {
            action: action.kind(),
            phase,
        };
        match (action, phase) {
            (Action::Select(card), Phase::Play { seat }) => {
                if !self.m.hand().hand(seat).contains(card) {
                    return Err(SessionError::NotInHand { seat, card });
                }
                let options = self.m.hand().captures(card);
                match options.as_slice() {
                    [only] => self.play(seat, Move::new(card, *only)),
                    _ => {
                        self.selected = Some(card);
                        Ok(Events::new())
                    }
                }
            }
            (Action::Capture(index), Phase::ChooseCapture { seat, card }) => {
                let options = self.m.hand().captures(card);
                let capture =
                    options
                        .get(usize::from(index))
                        .ok_or(SessionError::NoSuchCapture {
                            index,
                            options: options.len() as u8,
                        })?;
                self.play(seat, Move::new(card, *capture))
            }
            (Action::Play(mv), Phase::Play { seat } | Phase::ChooseCapture { seat, .. }) => {
                self.play(seat, mv)
            }
            (Action::Cancel, Phase::ChooseCapture { .. }) => {
                self.selected = None;
                Ok(Events::new())
            }
            (Action::RunAi, Phase::AiDue { seat }) => {
                let mv = self.ai_move()?;
                self.play(seat, mv)
            }
            (Action::AiPlay(mv), Phase::AiDue { seat }) => self.play(seat, mv),
            (Action::Continue, Phase::Scopa { .. } | Phase::HandSummary) => {
                self.pending = None;
                Ok(Events::new())
            }
            (Action::Continue, Phase::HandOff { seat }) => {
                self.holder = Some(seat);
                Ok(Events::new())
            }
            (Action::Undo, Phase::Play { .. } | Phase::ChooseCapture { .. }) => {
                let keep = self.undo_point()?;
                self.m.rewind(keep).map_err(|_| SessionError::Internal)?;
                self.selected = None;
                Ok(Events::new())
            }
            (Action::Rematch, Phase::MatchOver { .. }) => {
                let match_number = self
                    .match_number
                    .checked_add(1)
                    .ok_or(SessionError::TooManyMatches)?;
                let m = Match::new(
                    self.settings.rules,
                    seed::deal_seed(self.secret, match_number),
                )
                .map_err(|_| SessionError::Internal)?;
                *self = Session::adopt(self.settings, self.secret, match_number, m);
                let mut events = Events::new();
                let _ = events.push(self.m.deal_event());
                Ok(events)
            }
            _ => Err(wrong()),
        }
    }

    /// Plays `mv` for `seat` and sets what must be acknowledged.
    fn play(&mut self, seat: u8, mv: Move) -> Result<Events, SessionError> {
        let events = self.m.play(seat, mv)?;
        self.selected = None;
        self.pending = if events.iter().any(|e| matches!(e, Event::HandFinished(_))) {
            Some(Pending::HandSummary)
        } else if events.iter().any(|e| matches!(e, Event::Scopa { .. })) {
            Some(Pending::Scopa { seat })
        } else {
            None
        };
        Ok(events)
    }

    /// The texts of this session in its language, for its viewer.
    pub fn texts(&self) -> Texts {
        Texts::new(self.settings.lang).for_session(self)
    }
}

#[cfg(test)]
mod tests;
