//! PROVISIONAL stand-in for `scopa_core::session` (issue 10), which is being written on
//! `main`. It has the planned shape — settings with per-seat controllers, one phase machine,
//! actions, a save as bytes — so that the page (`web/`) already drives the game the way it
//! will drive the real session: through [`Session::phase`], [`Session::apply`] and
//! [`Session::state`]-like calls only. When the session lands this module is deleted and
//! `lib.rs` binds `scopa_core::session::Session` instead; the page does not change.
//!
//! Everything about the game (rules, legality, scores, the AI) is scopa-core's; this module
//! only sequences it.

use core::fmt;

use scopa_core::ai::{self, Level};
use scopa_core::snapshot::crc32;
use scopa_core::{
    Card, CardSet, Event, Events, Match, Move, PlayError, Rules, RulesError, SNAPSHOT_LEN,
    SnapshotError, SplitMix64,
};

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this device.
    Human,
    /// The AI at this level.
    Ai(Level),
}

/// Language of the texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Italian.
    It,
}

/// What a session is created from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The rules.
    pub rules: Rules,
    /// Seat controllers (only the first `rules.players` are used).
    pub seats: [Controller; 4],
    /// Language.
    pub lang: Lang,
}

/// Where the session stands: what the front-end shows and which actions it accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A human seat chooses a card ([`Action::Select`]).
    Play {
        /// The seat.
        seat: u8,
    },
    /// The selected card captures in several ways ([`Action::Capture`] / [`Action::Cancel`]).
    ChooseCapture {
        /// The seat.
        seat: u8,
        /// The card selected.
        card: Card,
    },
    /// An AI seat is to play ([`Action::RunAi`] or [`Action::AiPlay`]).
    AiDue {
        /// The seat.
        seat: u8,
    },
    /// Pass-and-play: hide the cards and hand the device to `seat` ([`Action::Continue`]).
    HandOff {
        /// The seat.
        seat: u8,
    },
    /// A hand is over; its summary is to be acknowledged ([`Action::Continue`]).
    HandSummary,
    /// The match is over ([`Action::Rematch`]).
    MatchOver {
        /// The winning side.
        winner: u8,
    },
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Play { .. } => "play",
            Phase::ChooseCapture { .. } => "choose_capture",
            Phase::AiDue { .. } => "ai_due",
            Phase::HandOff { .. } => "hand_off",
            Phase::HandSummary => "hand_summary",
            Phase::MatchOver { .. } => "match_over",
        }
    }
}

/// Input from the front-end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play (or start choosing a capture for) this card of the seat to play.
    Select(Card),
    /// Take the capture at this index of [`Session::capture_options`].
    Capture(usize),
    /// Put the selected card back.
    Cancel,
    /// Acknowledge a hand-off or a hand summary.
    Continue,
    /// Let the AI due play, computed here.
    RunAi,
    /// Play the move an AI computed elsewhere (a Web Worker) from this session's bytes.
    AiPlay(Move),
    /// Start a new match with the same settings.
    Rematch,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Action::Select(_) => "select",
            Action::Capture(_) => "capture",
            Action::Cancel => "cancel",
            Action::Continue => "continue",
            Action::RunAi => "run_ai",
            Action::AiPlay(_) => "ai_play",
            Action::Rematch => "rematch",
        }
    }
}

/// Why a session refused something. Nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The settings' rules are invalid.
    Rules(RulesError),
    /// A seat beyond the rules' players is not `Human`, or a seat holds an unknown code.
    BadSeat {
        /// The seat.
        seat: u8,
    },
    /// The action does not apply in this phase.
    NotNow {
        /// The action.
        action: &'static str,
        /// The phase.
        phase: &'static str,
    },
    /// The card is not in the hand of the seat to play.
    NotInHand {
        /// The card.
        card: Card,
    },
    /// No capture at this index.
    NoSuchCapture {
        /// The index given.
        index: usize,
        /// How many there are.
        options: usize,
    },
    /// The engine refused the move.
    Play(PlayError),
    /// A save could not be read.
    Save(SaveError),
}

/// Why saved bytes are not a session.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not the expected length.
    Length {
        /// Bytes given.
        got: usize,
        /// Bytes expected.
        expected: usize,
    },
    /// The first bytes are not `SCOPAWEB`.
    Magic,
    /// A version this build does not read.
    Version(u8),
    /// The checksum does not match: the bytes are damaged.
    Checksum,
    /// A field is out of range.
    Field(&'static str),
    /// The embedded match is invalid.
    Match(SnapshotError),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Length { got, expected } => {
                write!(f, "the save is {got} bytes long, expected {expected}")
            }
            SaveError::Magic => f.write_str("the save does not start with SCOPAWEB"),
            SaveError::Version(v) => write!(f, "save version {v} is not readable by this build"),
            SaveError::Checksum => f.write_str("the save's checksum does not match (damaged)"),
            SaveError::Field(name) => write!(f, "the save's {name} is out of range"),
            SaveError::Match(e) => write!(f, "the saved match is invalid: {e}"),
        }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Rules(e) => write!(f, "invalid rules: {e}"),
            SessionError::BadSeat { seat } => write!(f, "seat {seat} has an invalid controller"),
            SessionError::NotNow { action, phase } => {
                write!(f, "action {action} is not possible in phase {phase}")
            }
            SessionError::NotInHand { card } => {
                write!(f, "{card} is not in the hand of the seat to play")
            }
            SessionError::NoSuchCapture { index, options } => {
                write!(f, "capture {index} does not exist ({options} options)")
            }
            SessionError::Play(e) => write!(f, "move refused: {e}"),
            SessionError::Save(e) => write!(f, "{e}"),
        }
    }
}

/// The game a person plays (provisional; see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    settings: Settings,
    seed: u64,
    game: Match,
    /// The last hand's summary is not acknowledged yet.
    summary: bool,
    /// The card a human selected that has several captures.
    choosing: Option<Card>,
    /// The human seat whose cards are on screen (pass-and-play hides them between turns).
    viewer: Option<u8>,
}

const MAGIC: &[u8; 8] = b"SCOPAWEB";
const VERSION: u8 = 1;
/// Length of [`Session::to_bytes`].
pub const SAVE_LEN: usize = 8 + 1 + 8 + 4 + 1 + 8 + 3 + SNAPSHOT_LEN + 4;
const NONE: u8 = 0xFF;

impl Session {
    /// A new match.
    pub fn new(settings: Settings, seed: u64) -> Result<Session, SessionError> {
        check_seats(&settings)?;
        let game = Match::new(settings.rules, seed).map_err(SessionError::Rules)?;
        let mut s = Session {
            settings,
            seed,
            game,
            summary: false,
            choosing: None,
            viewer: None,
        };
        s.viewer = s.default_viewer();
        Ok(s)
    }

    fn humans(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.settings.rules.players)
            .filter(|&s| self.settings.seats[s as usize] == Controller::Human)
    }

    /// The one human, or seat 0 when watching AIs; `None` in pass-and-play (hidden).
    fn default_viewer(&self) -> Option<u8> {
        let mut h = self.humans();
        match (h.next(), h.next()) {
            (Some(only), None) => Some(only),
            (None, _) => Some(0),
            _ => None,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The match (the page shows only what [`Session::viewer`] may see of it).
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The seat whose hand is shown, if any.
    pub fn viewer(&self) -> Option<u8> {
        match self.phase() {
            Phase::HandOff { .. } => None,
            _ => self.viewer,
        }
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        if self.summary {
            return Phase::HandSummary;
        }
        if let Some(winner) = self.game.winner() {
            return Phase::MatchOver { winner };
        }
        let seat = self.game.turn();
        match self.settings.seats[seat as usize] {
            Controller::Ai(_) => Phase::AiDue { seat },
            Controller::Human if self.viewer != Some(seat) => Phase::HandOff { seat },
            Controller::Human => match self.choosing {
                Some(card) => Phase::ChooseCapture { seat, card },
                None => Phase::Play { seat },
            },
        }
    }

    fn not_now(&self, action: Action) -> SessionError {
        SessionError::NotNow {
            action: action.name(),
            phase: self.phase().name(),
        }
    }

    /// The legal moves of `card` for the seat to play.
    fn moves_of(&self, card: Card) -> impl Iterator<Item = Move> + use<> {
        self.game
            .legal_moves()
            .into_iter()
            .filter(move |m| m.card() == card)
    }

    /// The captures to choose from in [`Phase::ChooseCapture`] (empty otherwise).
    pub fn capture_options(&self) -> heapless::Vec<CardSet, { scopa_core::MAX_CAPTURES }> {
        match self.phase() {
            Phase::ChooseCapture { card, .. } => self.moves_of(card).map(|m| m.capture()).collect(),
            _ => heapless::Vec::new(),
        }
    }

    /// Applies an action; the events of the play it made, in order (empty if none).
    pub fn apply(&mut self, action: Action) -> Result<Events, SessionError> {
        let phase = self.phase();
        match (phase, action) {
            (Phase::Play { seat }, Action::Select(card)) => {
                if !self.game.hand().hand(seat).contains(card) {
                    return Err(SessionError::NotInHand { card });
                }
                let mut moves = self.moves_of(card);
                match (moves.next(), moves.next()) {
                    (Some(mv), None) => self.play(seat, mv),
                    (Some(_), Some(_)) => {
                        self.choosing = Some(card);
                        Ok(Events::new())
                    }
                    (None, _) => Err(SessionError::NotInHand { card }),
                }
            }
            (Phase::ChooseCapture { seat, card }, Action::Capture(index)) => {
                let options = self.moves_of(card).count();
                match self.moves_of(card).nth(index) {
                    Some(mv) => self.play(seat, mv),
                    None => Err(SessionError::NoSuchCapture { index, options }),
                }
            }
            (Phase::ChooseCapture { .. }, Action::Cancel) => {
                self.choosing = None;
                Ok(Events::new())
            }
            (Phase::HandOff { seat }, Action::Continue) => {
                self.viewer = Some(seat);
                Ok(Events::new())
            }
            (Phase::HandSummary, Action::Continue) => {
                self.summary = false;
                Ok(Events::new())
            }
            (Phase::AiDue { seat }, Action::RunAi) => {
                let mv = self.ai_move().ok_or(self.not_now(action))?;
                self.play(seat, mv)
            }
            (Phase::AiDue { seat }, Action::AiPlay(mv)) => self.play(seat, mv),
            (Phase::MatchOver { .. }, Action::Rematch) => {
                let seed = SplitMix64::new(self.seed).next();
                *self = Session::new(self.settings, seed)?;
                Ok(Events::new())
            }
            _ => Err(self.not_now(action)),
        }
    }

    fn play(&mut self, seat: u8, mv: Move) -> Result<Events, SessionError> {
        let events = self.game.play(seat, mv).map_err(SessionError::Play)?;
        self.choosing = None;
        if events.iter().any(|e| matches!(e, Event::HandFinished(_))) {
            self.summary = true;
        }
        Ok(events)
    }

    /// The move the AI due would play (what a Web Worker computes from the bytes).
    pub fn ai_move(&self) -> Option<Move> {
        let Phase::AiDue { seat } = self.phase() else {
            return None;
        };
        let Controller::Ai(level) = self.settings.seats[seat as usize] else {
            return None;
        };
        let view = self.game.view(seat)?;
        ai::choose_move(level, &view, self.provisional_ai_seed(seat))
    }

    /// PROVISIONAL per-decision seed, until the session's one seed policy replaces it.
    fn provisional_ai_seed(&self, seat: u8) -> u64 {
        let key = SplitMix64::new(self.seed ^ 0x5C0F_A3EB_0000_0001).next();
        let pos = u64::from(self.game.hand_number()) << 16
            | u64::from(self.game.hand().plays()) << 8
            | u64::from(seat);
        SplitMix64::new(key ^ pos.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next()
    }

    /// The expert's suggestion for the human to play.
    pub fn hint(&self) -> Option<ai::Hint> {
        match self.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => {
                ai::hint(&self.game.view(seat)?)
            }
            _ => None,
        }
    }

    /// The save: fixed length, versioned, CRC-32 checked.
    pub fn to_bytes(&self) -> [u8; SAVE_LEN] {
        let mut out = [0u8; SAVE_LEN];
        let mut w = Writer {
            buf: &mut out,
            at: 0,
        };
        w.put(MAGIC);
        w.put(&[VERSION]);
        w.put(&self.settings.rules.to_bytes());
        let mut seats = [0u8; 4];
        for (b, c) in seats.iter_mut().zip(self.settings.seats) {
            *b = match c {
                Controller::Human => 0,
                Controller::Ai(level) => {
                    1 + Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as u8
                }
            };
        }
        w.put(&seats);
        w.put(&[match self.settings.lang {
            Lang::En => 0,
            Lang::It => 1,
        }]);
        w.put(&self.seed.to_le_bytes());
        w.put(&[
            u8::from(self.summary),
            self.viewer.unwrap_or(NONE),
            self.choosing.map_or(NONE, Card::index),
        ]);
        w.put(&self.game.to_bytes());
        let crc = crc32(&w.buf[..w.at]);
        w.put(&crc.to_le_bytes());
        out
    }

    /// Reads [`Session::to_bytes`], checking every field; a damaged save is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Session, SaveError> {
        if bytes.len() != SAVE_LEN {
            return Err(SaveError::Length {
                got: bytes.len(),
                expected: SAVE_LEN,
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(SaveError::Magic);
        }
        if bytes[8] != VERSION {
            return Err(SaveError::Version(bytes[8]));
        }
        let (body, tail) = bytes.split_at(SAVE_LEN - 4);
        if crc32(body) != u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]) {
            return Err(SaveError::Checksum);
        }
        let mut rules = [0u8; 8];
        rules.copy_from_slice(&body[9..17]);
        let rules = Rules::from_bytes(rules).ok_or(SaveError::Field("rules"))?;
        let mut seats = [Controller::Human; 4];
        for (c, &b) in seats.iter_mut().zip(&body[17..21]) {
            *c = match b {
                0 => Controller::Human,
                n => Controller::Ai(
                    *Level::ALL
                        .get(usize::from(n) - 1)
                        .ok_or(SaveError::Field("seats"))?,
                ),
            };
        }
        let lang = match body[21] {
            0 => Lang::En,
            1 => Lang::It,
            _ => return Err(SaveError::Field("language")),
        };
        let settings = Settings { rules, seats, lang };
        check_seats(&settings).map_err(|_| SaveError::Field("seats"))?;
        let mut seed = [0u8; 8];
        seed.copy_from_slice(&body[22..30]);
        let seed = u64::from_le_bytes(seed);
        let summary = match body[30] {
            0 => false,
            1 => true,
            _ => return Err(SaveError::Field("summary flag")),
        };
        let viewer = match body[31] {
            NONE => None,
            s if s < rules.players => Some(s),
            _ => return Err(SaveError::Field("viewer")),
        };
        let choosing = match body[32] {
            NONE => None,
            i => Some(Card::from_index(i).ok_or(SaveError::Field("selected card"))?),
        };
        let game = Match::from_bytes(&body[33..33 + SNAPSHOT_LEN]).map_err(SaveError::Match)?;
        if *game.rules() != rules {
            return Err(SaveError::Field("rules"));
        }
        let s = Session {
            settings,
            seed,
            game,
            summary,
            choosing,
            viewer,
        };
        // The flags must describe a state the session can reach.
        if let Some(v) = viewer
            && seats[v as usize] != Controller::Human
            && viewer != s.default_viewer()
        {
            return Err(SaveError::Field("viewer"));
        }
        let hand_fresh = s.game.history().is_empty() || s.game.is_over();
        if summary && (s.game.last_hand().is_none() || !hand_fresh) {
            return Err(SaveError::Field("summary flag"));
        }
        if let Some(card) = choosing {
            let ok = matches!(s.phase(), Phase::ChooseCapture { .. })
                && s.moves_of(card).nth(1).is_some();
            if !ok {
                return Err(SaveError::Field("selected card"));
            }
        }
        Ok(s)
    }
}

fn check_seats(settings: &Settings) -> Result<(), SessionError> {
    settings.rules.validate().map_err(SessionError::Rules)?;
    for seat in settings.rules.players..4 {
        if settings.seats[seat as usize] != Controller::Human {
            return Err(SessionError::BadSeat { seat });
        }
    }
    Ok(())
}

struct Writer<'a> {
    buf: &'a mut [u8; SAVE_LEN],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, b: &[u8]) {
        self.buf[self.at..self.at + b.len()].copy_from_slice(b);
        self.at += b.len();
    }
}
