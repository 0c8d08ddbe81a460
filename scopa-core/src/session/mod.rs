//! [`Session`]: the game a person plays — seats, phases, the seed policy, hints, undo,
//! texts and the one save format. Every front-end (terminal, phones, browser, handheld)
//! drives a `Session` and only translates at its edges: input becomes an [`Action`], the
//! [`Phase`] and the table model ([`table::Frame`], through the [`driver::Presenter`])
//! become pixels or text, [`Session::to_bytes`] becomes a file.
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
//!         Phase::Play { .. } => Action::Select(session.hand().first().unwrap()),
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

use crate::ai::Level;
use crate::analysis::explain::{AiPlay, AiWhy, WhyError};
pub use crate::analysis::hint::GameHint;
use crate::briscola::{
    BriscolaMatch, BriscolaPlayError, BriscolaRules, BriscolaRulesError, BriscolaScore,
    BriscolaView, TwoDeckMatch,
};
use crate::card::Card;
use crate::game::{GameError, GameMatch, GameMove, GameRulesError};
use crate::multiset::CardMultiset;
use crate::scopa::capture::MoveList;
use crate::scopa::game::{FinishedHand, Match};
use crate::scopa::hand::PlayError;
use crate::scopa::rules::{Rules, RulesError};
use crate::scopa::teams::{TeamMatch, TeamMove, TeamPlayError};
use crate::scopa::view::PlayerView;

pub(crate) use crate::game::AnyMatch;
pub use crate::game::{
    CaptureOptions, Game, GameEvent, GameEvents as Events, MAX_CAPTURE_OPTIONS, SeatMove,
};

pub mod driver;
#[cfg(feature = "serde")]
mod json;
pub mod names;
pub mod pacing;
pub mod save;
pub mod seed;
pub mod table;
pub mod texts;
pub mod transcript;
pub mod why;

pub use save::{SAVE_LEN, SAVE_VERSION, SaveError};
pub use table::{MAX_SEATS, MAX_SIDES};
pub use texts::{CardStyle, Deck, Label, Lang, Texts};

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

/// Everything chosen before a match: the game and its rules, who plays each seat, undo,
/// language.
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::session::{Player, Settings, SettingsError};
/// use scopa_core::scopa::Rules;
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
    /// The game: Scopa (with [`rules`](Settings::rules)) or Briscola (with its own rules).
    pub game: Game,
    /// The rules of every match of Scopa in the session (unused for Briscola).
    pub rules: Rules,
    /// Who plays each seat; only the first [`players`](Settings::players) entries are used
    /// (the others must be [`Player::Human`], the neutral value).
    pub seats: [Player; MAX_SEATS],
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
        let mut seats = [Player::Human; MAX_SEATS];
        for seat in seats.iter_mut().take(usize::from(rules.players)).skip(1) {
            *seat = Player::Ai(level);
        }
        Settings {
            game: Game::Scopa,
            rules,
            seats,
            undo: false,
            lang: Lang::En,
        }
    }

    /// One person at seat 0 playing Briscola with `rules`, every other seat the AI at `level`.
    ///
    /// ```
    /// use scopa_core::ai::Level;
    /// use scopa_core::briscola::BriscolaRules;
    /// use scopa_core::session::{Session, Settings};
    /// let settings = Settings::briscola(Level::Expert, BriscolaRules::default());
    /// let session = Session::new(settings, 1).unwrap();
    /// assert_eq!(session.hand().len(), 3);
    /// ```
    pub fn briscola(level: Level, rules: BriscolaRules) -> Settings {
        let mut seats = [Player::Human; MAX_SEATS];
        for seat in seats.iter_mut().take(usize::from(rules.players)).skip(1) {
            *seat = Player::Ai(level);
        }
        Settings {
            game: Game::Briscola(rules),
            rules: Rules::default(),
            seats,
            undo: false,
            lang: Lang::En,
        }
    }

    /// Players at the table of the game.
    pub const fn players(&self) -> u8 {
        match self.game {
            Game::Scopa => self.rules.players,
            Game::Briscola(r) => r.players,
        }
    }

    /// The side of `seat` in the game (partners share one with four players).
    pub const fn side_of(&self, seat: u8) -> u8 {
        match self.game {
            Game::Scopa => self.rules.side_of(seat),
            Game::Briscola(r) => r.side_of(seat),
        }
    }

    /// Sides in the game.
    pub const fn sides(&self) -> u8 {
        match self.game {
            Game::Scopa => self.rules.sides(),
            Game::Briscola(r) => r.sides(),
        }
    }

    /// What wins the match: Scopa's points or Briscola's hands won.
    pub const fn target(&self) -> u8 {
        match self.game {
            Game::Scopa => self.rules.target,
            Game::Briscola(r) => r.target,
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
            game: Game::Scopa,
            rules,
            seats: [Player::Human; MAX_SEATS],
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
        &self.seats[..usize::from(self.players()).min(MAX_SEATS)]
    }

    /// Whether the table plays with two decks (6 or 8 players).
    pub const fn two_decks(&self) -> bool {
        match self.game {
            Game::Scopa => self.rules.decks == 2,
            Game::Briscola(r) => r.decks == 2,
        }
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
        match self.game {
            Game::Scopa => self.rules.validate().map_err(SettingsError::Rules)?,
            Game::Briscola(r) => r.validate().map_err(SettingsError::Briscola)?,
        }
        // Without the `big-tables` feature (the handheld) the session has no room for a
        // two-deck match.
        if self.two_decks() && !cfg!(feature = "big-tables") {
            return Err(SettingsError::Rules(RulesError::OneDeckOnly {
                players: self.players(),
            }));
        }
        let players = self.players();
        if let Some(seat) = self
            .seats
            .get(usize::from(players)..)
            .unwrap_or_default()
            .iter()
            .position(|c| !c.is_human())
        {
            return Err(SettingsError::SeatPastTheLast {
                seat: (usize::from(players) + seat) as u8,
                players,
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
    /// Briscola's rules are impossible.
    Briscola(BriscolaRulesError),
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
    /// In [`Phase::Play`] or [`Phase::ChooseCapture`]: play this exact move — Scopa's move
    /// (a one-deck [`Move`](crate::scopa::Move) converts with `.into()`) or Briscola's card.
    /// A Scopa move laying a card, as a script line written without the game reads, is
    /// that card in Briscola.
    Play(GameMove),
    /// In [`Phase::ChooseCapture`]: choose another card.
    Cancel,
    /// In [`Phase::AiDue`]: the AI computes its move and plays it.
    RunAi,
    /// In [`Phase::AiDue`]: play the AI move computed by [`Session::ai_move`] on a copy of
    /// this session (e.g. in a background thread or a Web Worker). It must be legal.
    AiPlay(GameMove),
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
    /// The move is not legal at a table of 6 or 8 (the core's reason).
    IllegalAtBigTable(TeamPlayError),
    /// The Briscola card cannot be played (the core's reason).
    IllegalCard(BriscolaPlayError),
    /// A move of Briscola named table cards to take: in Briscola a play is only its card.
    CaptureInBriscola {
        /// The card played.
        card: Card,
    },
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

impl From<TeamPlayError> for SessionError {
    fn from(e: TeamPlayError) -> SessionError {
        SessionError::IllegalAtBigTable(e)
    }
}

impl From<GameError> for SessionError {
    fn from(e: GameError) -> SessionError {
        match e {
            GameError::Scopa(e) => SessionError::Illegal(e),
            GameError::BigTable(e) => SessionError::IllegalAtBigTable(e),
            GameError::Briscola(e) => SessionError::IllegalCard(e),
            GameError::CaptureInBriscola { card } => SessionError::CaptureInBriscola { card },
            // The session gives each game its own moves.
            GameError::BriscolaMoveInScopa { .. } => SessionError::Internal,
        }
    }
}

impl From<BriscolaPlayError> for SessionError {
    fn from(e: BriscolaPlayError) -> SessionError {
        SessionError::IllegalCard(e)
    }
}

/// A sweep or hand end that the person has not acknowledged yet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
enum Pending {
    Scopa { seat: u8 },
    HandSummary,
}

/// A new match for `settings`.
fn new_match(settings: &Settings, seed: u64) -> Result<AnyMatch, SessionError> {
    AnyMatch::new(settings.game, settings.rules, seed).map_err(|e| {
        SessionError::Settings(match e {
            GameRulesError::Scopa(e) => SettingsError::Rules(e),
            GameRulesError::Briscola(e) => SettingsError::Briscola(e),
        })
    })
}

/// The game a person plays: see the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Session {
    settings: Settings,
    secret: u64,
    match_number: u32,
    m: AnyMatch,
    pending: Option<Pending>,
    selected: Option<Card>,
    holder: Option<u8>,
}

impl Session {
    /// A new session and its first match. `seed` is the session's secret: the same settings,
    /// seed and actions play the same session on every front-end (see [`seed`]).
    pub fn new(settings: Settings, seed: u64) -> Result<Session, SessionError> {
        settings.validate().map_err(SessionError::Settings)?;
        let m = new_match(&settings, seed::deal_seed(seed, 0))?;
        Ok(Session::adopt(settings, seed, 0, m))
    }

    /// A session continuing `m`, a match of Scopa started elsewhere (e.g. in a save format
    /// of an earlier version), with `seed` as its secret for the AI decisions to come. The
    /// settings' game must be Scopa, with the match's rules.
    pub fn resume(settings: Settings, seed: u64, m: Match) -> Result<Session, SessionError> {
        settings.validate().map_err(SessionError::Settings)?;
        if settings.game != Game::Scopa || settings.rules != *m.rules() {
            return Err(SessionError::Internal);
        }
        Ok(Session::adopt(settings, seed, 0, AnyMatch::Scopa(m)))
    }

    fn adopt(settings: Settings, secret: u64, match_number: u32, m: AnyMatch) -> Session {
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

    /// The game played.
    pub const fn game(&self) -> Game {
        self.settings.game
    }

    /// The rules of Scopa (see [`Settings::rules`]; for Briscola, [`Session::game`]).
    pub const fn rules(&self) -> &Rules {
        &self.settings.rules
    }

    /// Players at the table.
    pub const fn players(&self) -> u8 {
        self.settings.players()
    }

    /// The match of Scopa (`None` in Briscola).
    pub fn scopa(&self) -> Option<&Match> {
        self.m.downcast()
    }

    /// The match of Briscola (`None` in Scopa and at tables of 6 or 8).
    pub fn briscola(&self) -> Option<&BriscolaMatch> {
        self.m.downcast()
    }

    /// The match of Scopa at a table of 6 or 8 (two decks), if this is one.
    pub fn teams(&self) -> Option<&TeamMatch> {
        self.m.downcast()
    }

    /// The match of Briscola at a table of 6 or 8 (two decks), if this is one.
    pub fn briscola_teams(&self) -> Option<&TwoDeckMatch> {
        self.m.downcast()
    }

    /// The match, whichever game it is, through the game interface.
    pub fn game_match(&self) -> &dyn GameMatch {
        &*self.m
    }

    pub(crate) const fn any_match(&self) -> &AnyMatch {
        &self.m
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
                    side: self.settings.side_of(seat),
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

    /// The seat whose cards may be shown now: the one person against AIs, in pass-and-play
    /// the person holding the device (`None` while it is handed over), `None` in watch mode.
    pub fn viewer(&self) -> Option<u8> {
        match self.phase() {
            Phase::HandOff { .. } => None,
            _ => self.holder,
        }
    }

    /// The viewer's hand ([`Session::viewer`]; empty without one): the cards a screen may
    /// show face up now. Everything else a screen draws is in the table model,
    /// [`table::Frame`].
    pub fn hand(&self) -> CardMultiset {
        self.viewer()
            .map_or(CardMultiset::EMPTY, |seat| self.m.hand_of(seat))
    }

    /// Whether [`Action::Undo`] would be accepted now.
    pub fn can_undo(&self) -> bool {
        self.undo_point().is_ok()
    }

    /// What the viewer may know of a Scopa hand, as the AI sees it (`None` without a viewer
    /// or in Briscola: see [`Session::briscola_view`]).
    pub fn view(&self) -> Option<PlayerView> {
        self.viewer()
            .and_then(|seat| self.scopa().and_then(|m| m.view(seat)))
    }

    /// What the viewer may know of a Briscola hand (`None` without a viewer or in Scopa).
    pub fn briscola_view(&self) -> Option<BriscolaView> {
        self.viewer()
            .and_then(|seat| self.briscola().and_then(|m| m.view(seat)))
    }

    /// The legal moves of the person to play at a one-deck table (empty unless the phase is
    /// [`Phase::Play`] or [`Phase::ChooseCapture`]). In Briscola each card of the hand is a
    /// move with no capture. At a table of 6 or 8 a move may take a card twice, which a
    /// [`Move`](crate::scopa::Move) cannot hold: see [`Session::for_each_legal_move`].
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_legal_move(&mut |mv| {
            if let Some(mv) = mv.to_move() {
                let _ = moves.push(mv);
            }
        });
        moves
    }

    /// Every legal move of the person to play, at any table, in canonical order (nothing
    /// unless the phase is [`Phase::Play`] or [`Phase::ChooseCapture`]).
    pub fn for_each_legal_move(&self, emit: &mut impl FnMut(GameMove)) {
        if let Phase::Play { .. } | Phase::ChooseCapture { .. } = self.phase() {
            self.m.for_each_legal_move(emit);
        }
    }

    /// In [`Phase::ChooseCapture`], the captures to choose from (canonical order; the
    /// index of [`Action::Capture`]); else empty.
    pub fn capture_options(&self) -> CaptureOptions {
        match self.phase() {
            Phase::ChooseCapture { card, .. } => self.m.captures(card),
            _ => CaptureOptions::new(),
        }
    }

    /// The last finished hand of Scopa: its piles, scope and breakdown (the summary of
    /// [`Phase::HandSummary`]); `None` in Briscola ([`Session::briscola_last_hand`]).
    pub fn last_hand(&self) -> Option<&FinishedHand> {
        self.scopa().and_then(Match::last_hand)
    }

    /// The last finished hand of Briscola: the points of each side and its winner.
    pub fn briscola_last_hand(&self) -> Option<BriscolaScore> {
        self.briscola().and_then(BriscolaMatch::last_hand)
    }

    /// The deal of the current hand (Scopa's
    /// [`Event::NewHand`](crate::scopa::Event::NewHand), Briscola's
    /// [`BriscolaEvent::Dealt`](crate::briscola::BriscolaEvent::Dealt)) — to show the deal of
    /// the first hand, or of the current one after a resume.
    pub fn deal_event(&self) -> GameEvent {
        self.m.deal_event()
    }

    /// The expert's suggestion for the person to play, and why.
    pub fn hint(&self) -> Result<GameHint, SessionError> {
        match self.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => {
                crate::analysis::hint::hint(
                    &self.m,
                    seat,
                    seed::hint_seed(
                        self.match_number,
                        self.m.hand_number(),
                        self.m.plays(),
                        seat,
                    ),
                )
                .ok_or(SessionError::Internal)
            }
            phase => Err(SessionError::WrongPhase {
                action: ActionKind::Hint,
                phase,
            }),
        }
    }

    /// The per-hand log of the AI's decisions: every play an AI made in the current hand,
    /// in order, and whether [`Session::ai_why`] explains it now. The session keeps the
    /// hand's plays (they are in its save), so a play can be asked about at any time of its
    /// hand.
    pub fn ai_plays(&self) -> heapless::Vec<AiPlay, 80> {
        let mut out = heapless::Vec::new();
        let seats = self.m.play_seats();
        let mut moves = heapless::Vec::<GameMove, 80>::new();
        self.m.for_each_hand_move(&mut |mv| {
            let _ = moves.push(mv);
        });
        for (ply, (&seat, &played)) in seats.iter().zip(&moves).enumerate() {
            let Player::Ai(level) = self.settings.player(seat) else {
                continue;
            };
            let _ = out.push(AiPlay {
                ply: ply as u8,
                seat,
                level,
                played,
                ready: self.why_open(ply as u8, seat).is_ok(),
            });
        }
        out
    }

    /// Whether an explanation of `seat`'s play `ply` shows only public cards: every card it
    /// held then has been played since, and which cards those were is public — in Scopa
    /// (no card is dealt during a round: the cards held are the seat's next plays), in
    /// Briscola only when the stock was empty then (a draw after it would make the cards
    /// held then a secret of the seat). Returns the position the play was made from.
    fn why_open(&self, ply: u8, seat: u8) -> Result<AnyMatch, WhyError> {
        let mut then = self.m.clone();
        if !then.rewind_to(ply) {
            return Err(WhyError::Replay);
        }
        if self.settings.game.is_briscola() && then.deck_left() > 0 {
            return Err(WhyError::Drawn { ply, seat });
        }
        let held = then.hand_of(seat);
        let seats = self.m.play_seats();
        let mut since = CardMultiset::EMPTY;
        let mut i = 0usize;
        self.m.for_each_hand_move(&mut |mv| {
            if i >= usize::from(ply) && seats.get(i) == Some(&seat) {
                let _ = since.insert(mv.card());
            }
            i += 1;
        });
        match held.difference(since).len() {
            0 => Ok(then),
            cards => Err(WhyError::Hidden {
                ply,
                seat,
                cards: cards as u8,
            }),
        }
    }

    /// The AI's play number `ply` (from 0) of the current hand explained: what it played,
    /// every choice it had with the search's figures and reasons, from the position it
    /// played from, with its decision's seed ([`analysis::explain`](crate::analysis::explain)).
    /// Refused while its seat still holds a card it held then ([`WhyError::Hidden`]), and
    /// in Briscola for a play made before the stock ran out ([`WhyError::Drawn`]): the
    /// explanation would show them.
    pub fn ai_why(&self, ply: u8) -> Result<AiWhy, WhyError> {
        let seats = self.m.play_seats();
        let plays = seats.len() as u8;
        let &seat = seats
            .get(usize::from(ply))
            .ok_or(WhyError::NoSuchPlay { ply, plays })?;
        let Player::Ai(level) = self.settings.player(seat) else {
            return Err(WhyError::NotAnAi { ply, seat });
        };
        let then = self.why_open(ply, seat)?;
        let mut played = None;
        let mut i = 0u8;
        self.m.for_each_hand_move(&mut |mv| {
            if i == ply {
                played = Some(mv);
            }
            i = i.saturating_add(1);
        });
        let played = played.ok_or(WhyError::Replay)?;
        let seed = seed::derive(
            self.secret,
            seed::Purpose::Ai,
            self.match_number,
            then.hand_number(),
            ply,
            seat,
        );
        let analysis = crate::analysis::analyze(&*then, seat, seed).map_err(WhyError::Analysis)?;
        let own_search = level == Level::Expert;
        Ok(AiWhy {
            seat,
            level,
            hand: then.hand_number(),
            ply,
            played,
            own_search,
            analysis,
        })
    }

    /// The seed of a decision for the seat to play now (the [`seed`] policy): the AI's
    /// ([`seed::Purpose::Ai`]). (The hint's, [`seed::hint_seed`], is keyed by no secret.)
    fn decision_seed(&self, purpose: seed::Purpose) -> u64 {
        seed::derive(
            self.secret,
            purpose,
            self.match_number,
            self.m.hand_number(),
            self.m.plays(),
            self.m.turn(),
        )
    }

    /// In [`Phase::AiDue`], the move the AI plays (the expensive part of
    /// [`Action::RunAi`]; a pure function of the session, so it can run on a copy). In
    /// Briscola the move is the card, with no capture.
    pub fn ai_move(&self) -> Result<GameMove, SessionError> {
        match self.phase() {
            Phase::AiDue { seat } => {
                let Player::Ai(level) = self.settings.player(seat) else {
                    return Err(SessionError::Internal);
                };
                self.choose_for(seat, level, self.decision_seed(seed::Purpose::Ai))
            }
            phase => Err(SessionError::WrongPhase {
                action: ActionKind::RunAi,
                phase,
            }),
        }
    }

    /// The move the AI at `level` would choose with `seed` for the person to play now
    /// (in [`Phase::Play`], [`Phase::ChooseCapture`] or [`Phase::HandOff`]): what a scripted
    /// or timed-out person plays. Seeded by the caller, so it is not the session's own AI
    /// decision.
    pub fn choose_as(&self, level: Level, seed: u64) -> Result<GameMove, SessionError> {
        match self.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } | Phase::HandOff { seat } => {
                self.choose_for(seat, level, seed)
            }
            phase => Err(SessionError::WrongPhase {
                action: ActionKind::Hint,
                phase,
            }),
        }
    }

    /// The move the AI at `level` chooses with `seed` for `seat`, which is to play.
    fn choose_for(&self, seat: u8, level: Level, seed: u64) -> Result<GameMove, SessionError> {
        self.m
            .choose(seat, level, seed)
            .ok_or(SessionError::Internal)
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
            .play_seats()
            .iter()
            .rposition(|&seat| seat == human)
            .map(|i| i as u8)
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
                if !self.m.hand_of(seat).contains(card) {
                    return Err(SessionError::NotInHand { seat, card });
                }
                if self.settings.game.is_briscola() {
                    // Briscola: a card is played as it is.
                    return self.play(seat, GameMove::Briscola(card));
                }
                let options = self.m.captures(card);
                match options.as_slice() {
                    [only] => self.play(
                        seat,
                        GameMove::Scopa(TeamMove {
                            card,
                            capture: *only,
                        }),
                    ),
                    _ => {
                        self.selected = Some(card);
                        Ok(Events::new())
                    }
                }
            }
            (Action::Capture(index), Phase::ChooseCapture { seat, card }) => {
                let options = self.capture_options();
                let capture =
                    options
                        .get(usize::from(index))
                        .ok_or(SessionError::NoSuchCapture {
                            index,
                            options: options.len() as u8,
                        })?;
                self.play(
                    seat,
                    GameMove::Scopa(TeamMove {
                        card,
                        capture: *capture,
                    }),
                )
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
                if !self.m.rewind_to(keep) {
                    return Err(SessionError::Internal);
                }
                self.selected = None;
                Ok(Events::new())
            }
            (Action::Rematch, Phase::MatchOver { .. }) => {
                let match_number = self
                    .match_number
                    .checked_add(1)
                    .ok_or(SessionError::TooManyMatches)?;
                let m = new_match(&self.settings, seed::deal_seed(self.secret, match_number))
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
    fn play(&mut self, seat: u8, mv: GameMove) -> Result<Events, SessionError> {
        let mv = match (self.settings.game, mv) {
            // A game-blind script line writes Briscola's card as a card laid.
            (Game::Briscola(_), GameMove::Scopa(m)) if m.is_lay() => GameMove::Briscola(m.card),
            _ => mv,
        };
        let events = self.m.play(seat, mv)?;
        self.selected = None;
        self.pending = if events.iter().any(GameEvent::ends_hand) {
            Some(Pending::HandSummary)
        } else if events.iter().any(GameEvent::is_sweep) {
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
