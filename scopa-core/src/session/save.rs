//! The one save format of every front-end: [`Session::to_bytes`] / [`Session::from_bytes`].
//!
//! # Format, version 1 ([`SAVE_LEN`] = 364 bytes, integers little-endian)
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `SCPS` |
//! | 4 | format version (1) |
//! | 5 … 8 | who plays each seat: 0 a person, 1 + the AI level's index in [`Level::ALL`] (random 1, easy 2, medium 3, expert 4, handheld 5); seats past the last are 0 |
//! | 9 | flags: bit 0 undo; bits 1 … 2 the language (0 English, 1 Italian); other bits 0 |
//! | 10 … 17 | the session's secret (u64) |
//! | 18 … 21 | the match's number in the session (u32) |
//! | 22 | waiting for an acknowledgement: 0 nothing, 1 a scopa, 2 the hand summary |
//! | 23 | the seat of that scopa (else 0) |
//! | 24 | the card chosen while choosing a capture (its index), 255 for none |
//! | 25 | the seat holding the device (pass-and-play) or the one person, 255 for none |
//! | 26 … 359 | the match ([`Match::to_bytes`](crate::scopa::Match::to_bytes), 334 bytes, with its own version and CRC) |
//! | 360 … 363 | CRC-32 (IEEE) of bytes 0 … 359 |
//!
//! # Version 2: Briscola (same length)
//! Bytes 0 … 25 as in version 1 (byte 4 is 2; no scopa is ever awaited and no card is
//! being chosen: bytes 23 and 24 are 0 and 255), bytes 26 … 137 the Briscola match
//! ([`BriscolaMatch::to_bytes`](crate::briscola::BriscolaMatch::to_bytes), 112 bytes, with its own magic `BRSC`, version and CRC),
//! bytes 138 … 359 zero, then the CRC-32 of bytes 0 … 359. A session of Scopa is always
//! written as version 1, so every save written before Briscola keeps loading and a Scopa
//! session's bytes are what they were.
//!
//! # Versions 3 and 4: tables of 6 and 8 (same length)
//! Version 3 is Scopa with two decks, version 4 Briscola with two decks. The header has room
//! for 8 seats, so every field after the seats is 4 bytes later:
//!
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `SCPS` |
//! | 4 | format version (3 or 4) |
//! | 5 … 12 | who plays each seat, coded as in version 1 |
//! | 13 | flags, as byte 9 of version 1 |
//! | 14 … 21 | the session's secret (u64) |
//! | 22 … 25 | the match's number in the session (u32) |
//! | 26 | waiting for an acknowledgement: 0 nothing, 1 a scopa, 2 the hand summary |
//! | 27 | the seat of that scopa (else 0) |
//! | 28 | the card chosen while choosing a capture (its index), 255 for none |
//! | 29 | the seat holding the device, 255 for none |
//! | 30 … | the match: version 3 [`TeamMatch::to_bytes`](crate::scopa::teams::TeamMatch::to_bytes) (`SCP2`, [`TEAM_SNAPSHOT_LEN`] bytes), version 4 [`TwoDeckMatch::to_bytes`](crate::briscola::TwoDeckMatch::to_bytes) ([`TWO_DECK_SNAPSHOT_LEN`] bytes), each with its own magic, version and CRC |
//! | … 359 | zero |
//! | 360 … 363 | CRC-32 (IEEE) of bytes 0 … 359 |
//!
//! A build without the `big-tables` feature (the handheld) refuses them with
//! [`SaveError::BigTable`].
//!
//! [`Session::restore`] is what a front-end calls to play a save on: with two or more people
//! at the device it starts with the hand-off, so no hand shows before its owner is ready.
//!
//! Restoring checks every part against the others — the match through the rules (the
//! core's snapshot replays every play), the seats against the players, the pending scopa
//! against the last play, the chosen card against the hand — so a save that restores is a
//! session that plays on to a valid end. The save holds the deck order and the secret:
//! it is for the device, never for the players' eyes.

use core::fmt;

use crate::ai::Level;
use crate::briscola::{BRISCOLA_SNAPSHOT_LEN, BriscolaSnapshotError, TWO_DECK_SNAPSHOT_LEN};
use crate::card::Card;
use crate::game::{GameSnapshotError, TableKind};
use crate::scopa::rules::Rules;
use crate::scopa::snapshot::{SNAPSHOT_LEN, SnapshotError};
use crate::scopa::teams::{TEAM_SNAPSHOT_LEN, TeamSnapshotError};
use crate::snapshot::crc32;

use super::{AnyMatch, Game, Lang, MAX_SEATS, Pending, Player, Session, Settings, SettingsError};

/// Size of a session save in bytes.
pub const SAVE_LEN: usize = MATCH + SNAPSHOT_LEN + 4;
/// The newest format version written by [`Session::to_bytes`] (Scopa sessions are written
/// as version 1, Briscola sessions as version 2, tables of 6 and 8 as versions 3 and 4).
pub const SAVE_VERSION: u8 = 4;
/// The version of a session of Scopa.
const SCOPA_VERSION: u8 = 1;
/// The version of a session of Briscola.
const BRISCOLA_VERSION: u8 = 2;
/// The version of a session of Scopa with two decks.
const TEAMS_VERSION: u8 = 3;
/// The version of a session of Briscola with two decks.
const BRISCOLA_TEAMS_VERSION: u8 = 4;
const MAGIC: [u8; 4] = *b"SCPS";
const MATCH: usize = 26;
const CRC: usize = MATCH + SNAPSHOT_LEN;
const NONE: u8 = 0xFF;
/// Where the header's fields are: versions 1 and 2 have 4 seat bytes, 3 and 4 have 8.
#[derive(Copy, Clone)]
struct Layout {
    seats: usize,
}

impl Layout {
    const fn of(version: u8) -> Layout {
        Layout {
            seats: if version >= TEAMS_VERSION { 8 } else { 4 },
        }
    }
    const fn flags(self) -> usize {
        5 + self.seats
    }
    const fn secret(self) -> usize {
        self.flags() + 1
    }
    const fn match_number(self) -> usize {
        self.secret() + 8
    }
    const fn pending(self) -> usize {
        self.match_number() + 4
    }
    const fn selected(self) -> usize {
        self.pending() + 2
    }
    const fn holder(self) -> usize {
        self.selected() + 1
    }
    const fn snapshot(self) -> usize {
        self.holder() + 1
    }
}

// The one-deck layout is the one of the constants; every match fits before the CRC.
const _: () = assert!(Layout::of(SCOPA_VERSION).snapshot() == MATCH);
const _: () = assert!(Layout::of(TEAMS_VERSION).snapshot() + TEAM_SNAPSHOT_LEN <= CRC);
const _: () = assert!(Layout::of(TEAMS_VERSION).snapshot() + TWO_DECK_SNAPSHOT_LEN <= CRC);
const _: () = assert!(MATCH + BRISCOLA_SNAPSHOT_LEN <= CRC);
const _: () = assert!(MAX_SEATS <= 8);

/// Why bytes could not be restored into a session. Each variant names the part that was
/// wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SaveError {
    /// Not [`SAVE_LEN`] bytes.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// The bytes do not start with `SCPS`: not a saved session.
    NotASave,
    /// Written by a format version this engine does not read.
    UnsupportedVersion {
        /// The version found.
        version: u8,
    },
    /// The checksum does not match: the bytes were damaged.
    Checksum,
    /// The match inside is refused by the core.
    Match(SnapshotError),
    /// The Briscola match inside is refused by the core.
    BriscolaMatch(BriscolaSnapshotError),
    /// The two-deck match of Scopa inside is refused by the core.
    TeamMatch(TeamSnapshotError),
    /// A table of 6 or 8 (versions 3 and 4), which this build does not seat (built without
    /// the `big-tables` feature: the handheld).
    BigTable,
    /// The bytes after a match shorter than the room for it, which a save keeps zero, are
    /// not.
    BadPadding,
    /// Byte 5 + `seat` (in every version) names no person and no AI level.
    BadPlayer {
        /// The seat.
        seat: u8,
        /// The byte found.
        code: u8,
    },
    /// The flags byte has bits that mean nothing, or names no language.
    BadFlags {
        /// The byte found.
        flags: u8,
    },
    /// The seats and options cannot be played with the match's rules.
    Settings(SettingsError),
    /// The acknowledgement awaited does not fit the match (a scopa that the last play did
    /// not make, a hand summary in the middle of a hand, an unknown code).
    BadPending,
    /// The card being played is not a card of the person to play with several captures.
    BadSelection,
    /// The seat holding the device is not a person of this session.
    BadHolder,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::WrongLength { len } => {
                write!(f, "a saved session is {SAVE_LEN} bytes, these are {len}")
            }
            SaveError::NotASave => {
                f.write_str("not a saved scopa session (it does not start with SCPS)")
            }
            SaveError::UnsupportedVersion { version } => write!(
                f,
                "saved with session format version {version}; this engine reads versions 1 (Scopa), 2 (Briscola), 3 and {SAVE_VERSION} (tables of 6 and 8)"
            ),
            SaveError::Checksum => f.write_str("the save is damaged (checksum mismatch)"),
            SaveError::Match(e) => write!(f, "the saved match is refused: {e}"),
            SaveError::BriscolaMatch(e) => {
                write!(f, "the saved match of Briscola is refused: {e}")
            }
            SaveError::TeamMatch(e) => {
                write!(f, "the saved match of Scopa with two decks is refused: {e}")
            }
            SaveError::BigTable => f.write_str(
                "the save is of a table of 6 or 8 players, which this device does not offer",
            ),
            SaveError::BadPadding => f.write_str(
                "the bytes after the saved match are not zero: the save was altered",
            ),
            SaveError::BadPlayer { seat, code } => write!(
                f,
                "byte {} (seat {seat}) is {code}, which names no person and no AI level",
                5 + u16::from(*seat)
            ),
            SaveError::BadFlags { flags } => {
                write!(f, "the flags byte is {flags:#04x}, which has unknown bits or language")
            }
            SaveError::Settings(e) => write!(f, "the saved settings cannot be played: {e}"),
            SaveError::BadPending => f.write_str(
                "the save waits for a scopa or hand summary that the match does not show",
            ),
            SaveError::BadSelection => f.write_str(
                "the save's card being played is not one the person to play can choose a capture for",
            ),
            SaveError::BadHolder => {
                f.write_str("the save gives the device to a seat that is not a person")
            }
        }
    }
}

impl core::error::Error for SaveError {}

fn player_code(c: Player) -> u8 {
    match c {
        Player::Human => 0,
        Player::Ai(level) => 1 + Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as u8,
    }
}

fn player_of(code: u8) -> Option<Player> {
    match code {
        0 => Some(Player::Human),
        c => Level::ALL.get(usize::from(c - 1)).map(|&l| Player::Ai(l)),
    }
}

impl Session {
    /// The session as [`SAVE_LEN`] bytes (see the [format](crate::session::save)).
    pub fn to_bytes(&self) -> [u8; SAVE_LEN] {
        let mut out = [0u8; SAVE_LEN];
        out[0..4].copy_from_slice(&MAGIC);
        let version = match self.m.kind() {
            TableKind::Scopa => SCOPA_VERSION,
            TableKind::Briscola => BRISCOLA_VERSION,
            TableKind::ScopaTwoDecks => TEAMS_VERSION,
            TableKind::BriscolaTwoDecks => BRISCOLA_TEAMS_VERSION,
        };
        let at = Layout::of(version);
        out[4] = version;
        for (slot, c) in out[5..at.flags()].iter_mut().zip(self.settings.seats) {
            *slot = player_code(c);
        }
        let lang = match self.settings.lang {
            Lang::En => 0,
            Lang::It => 1,
        };
        out[at.flags()] = u8::from(self.settings.undo) | lang << 1;
        out[at.secret()..at.match_number()].copy_from_slice(&self.secret.to_le_bytes());
        out[at.match_number()..at.pending()].copy_from_slice(&self.match_number.to_le_bytes());
        match self.pending {
            None => {}
            Some(Pending::Scopa { seat }) => {
                out[at.pending()] = 1;
                out[at.pending() + 1] = seat;
            }
            Some(Pending::HandSummary) => out[at.pending()] = 2,
        }
        out[at.selected()] = self.selected.map_or(NONE, Card::index);
        out[at.holder()] = self.holder.unwrap_or(NONE);
        // Every snapshot fits its room (checked at compile time above).
        let _ = self.m.write_snapshot(&mut out[at.snapshot()..CRC]);
        let crc = crc32(&out[..CRC]);
        out[CRC..].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// The match of a save of `version` in `bytes` (from its snapshot on), with its game and
    /// Scopa rules.
    fn match_of(version: u8, bytes: &[u8]) -> Result<(AnyMatch, Game, Rules), SaveError> {
        let (kind, len) = match version {
            SCOPA_VERSION => (TableKind::Scopa, SNAPSHOT_LEN),
            BRISCOLA_VERSION => (TableKind::Briscola, BRISCOLA_SNAPSHOT_LEN),
            TEAMS_VERSION => (TableKind::ScopaTwoDecks, TEAM_SNAPSHOT_LEN),
            _ => (TableKind::BriscolaTwoDecks, TWO_DECK_SNAPSHOT_LEN),
        };
        if !cfg!(feature = "big-tables")
            && matches!(kind, TableKind::ScopaTwoDecks | TableKind::BriscolaTwoDecks)
        {
            return Err(SaveError::BigTable);
        }
        // A match shorter than its room is followed by zeros up to the CRC.
        if bytes
            .get(len..)
            .is_none_or(|pad| pad.iter().any(|&b| b != 0))
        {
            return Err(SaveError::BadPadding);
        }
        AnyMatch::from_snapshot(kind, &bytes[..len]).map_err(|e| match e {
            GameSnapshotError::Scopa(e) => SaveError::Match(e),
            GameSnapshotError::ScopaTwoDecks(e) => SaveError::TeamMatch(e),
            GameSnapshotError::Briscola(e) => SaveError::BriscolaMatch(e),
            GameSnapshotError::BigTable => SaveError::BigTable,
        })
    }

    /// Restores a session saved by [`Session::to_bytes`] on any front-end. Any byte string
    /// gives either a session that plays on to a valid end or a [`SaveError`] naming what
    /// was wrong; it never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Session, SaveError> {
        if bytes.len() != SAVE_LEN {
            return Err(SaveError::WrongLength { len: bytes.len() });
        }
        if bytes[0..4] != MAGIC {
            return Err(SaveError::NotASave);
        }
        let version = bytes[4];
        if !(SCOPA_VERSION..=BRISCOLA_TEAMS_VERSION).contains(&version) {
            return Err(SaveError::UnsupportedVersion { version });
        }
        let mut crc = [0u8; 4];
        crc.copy_from_slice(&bytes[CRC..]);
        if crc32(&bytes[..CRC]) != u32::from_le_bytes(crc) {
            return Err(SaveError::Checksum);
        }
        let at = Layout::of(version);
        let (m, game, rules) = Session::match_of(version, &bytes[at.snapshot()..CRC])?;
        let mut seats = [Player::Human; MAX_SEATS];
        for (seat, &code) in bytes[5..at.flags()].iter().enumerate() {
            let player = player_of(code).ok_or(SaveError::BadPlayer {
                seat: seat as u8,
                code,
            })?;
            match seats.get_mut(seat) {
                Some(slot) => *slot = player,
                // Past the seats of this build: only the neutral value fits.
                None if player == Player::Human => {}
                None => return Err(SaveError::BigTable),
            }
        }
        let flags = bytes[at.flags()];
        let lang = match flags >> 1 {
            0 => Lang::En,
            1 => Lang::It,
            _ => return Err(SaveError::BadFlags { flags }),
        };
        let settings = Settings {
            game,
            rules,
            seats,
            undo: flags & 1 != 0,
            lang,
        };
        settings.validate().map_err(SaveError::Settings)?;
        let mut secret = [0u8; 8];
        secret.copy_from_slice(&bytes[at.secret()..at.match_number()]);
        let mut match_number = [0u8; 4];
        match_number.copy_from_slice(&bytes[at.match_number()..at.pending()]);
        let pending = match (bytes[at.pending()], bytes[at.pending() + 1]) {
            (0, 0) => None,
            (1, seat) if game == Game::Scopa => Some(Pending::Scopa { seat }),
            (2, 0) => Some(Pending::HandSummary),
            _ => return Err(SaveError::BadPending),
        };
        let selected = match bytes[at.selected()] {
            NONE => None,
            _ if game != Game::Scopa => return Err(SaveError::BadSelection),
            i => Some(Card::from_index(i).ok_or(SaveError::BadSelection)?),
        };
        let holder = match bytes[at.holder()] {
            NONE => None,
            seat => Some(seat),
        };
        let session = Session {
            settings,
            secret: u64::from_le_bytes(secret),
            match_number: u32::from_le_bytes(match_number),
            m,
            pending,
            selected,
            holder,
        };
        session.check_holder()?;
        session.check_pending()?;
        session.check_selection()?;
        Ok(session)
    }

    /// Restores a save to play on at a device: [`Session::from_bytes`], and then, with two or
    /// more people at the device (pass-and-play), the device is handed over again — the
    /// session starts in [`Phase::HandOff`](super::Phase::HandOff) (after any scopa or
    /// summary still to acknowledge), so no hand shows before its owner has taken the
    /// device. With one person or none (watch mode) it is `from_bytes` itself. Every
    /// front-end resumes a saved match with this; `from_bytes` stays the exact inverse of
    /// [`Session::to_bytes`].
    ///
    /// ```
    /// use scopa_core::session::{Action, Phase, Session, Settings};
    /// use scopa_core::scopa::Rules;
    /// let mut s = Session::new(Settings::pass_and_play(Rules::default()), 3).unwrap();
    /// s.apply(Action::Continue).unwrap(); // the first person takes the device
    /// assert_eq!(s.phase(), Phase::Play { seat: s.game_match().turn() });
    /// let restored = Session::restore(&s.to_bytes()).unwrap();
    /// assert_eq!(restored.phase(), Phase::HandOff { seat: s.game_match().turn() });
    /// assert!(restored.hand().is_empty());
    /// ```
    pub fn restore(bytes: &[u8]) -> Result<Session, SaveError> {
        let mut session = Session::from_bytes(bytes)?;
        if session.settings.humans() >= 2 {
            session.holder = None;
            session.selected = None;
        }
        Ok(session)
    }

    /// Whether `bytes` are, by their header, the save of a table of 6 or 8 (format versions
    /// 3 and 4): the saves a build without the `big-tables` feature refuses with
    /// [`SaveError::BigTable`]. Only the length, the magic and the version are read (what
    /// the browser needs to choose its wasm before restoring); [`Session::from_bytes`]
    /// checks the rest.
    ///
    /// ```
    /// use scopa_core::scopa::Rules;
    /// use scopa_core::session::{Session, Settings};
    /// let s = Session::new(Settings::pass_and_play(Rules::default()), 3).unwrap();
    /// assert!(!Session::is_big_table_save(&s.to_bytes()));
    /// assert!(!Session::is_big_table_save(b"SCPS"));
    /// ```
    pub fn is_big_table_save(bytes: &[u8]) -> bool {
        bytes.len() == SAVE_LEN
            && bytes[0..4] == MAGIC
            && matches!(bytes[4], TEAMS_VERSION | BRISCOLA_TEAMS_VERSION)
    }

    /// The device is held by the one person, by one of the people in pass-and-play (or by
    /// nobody between two of them), by nobody in watch mode.
    fn check_holder(&self) -> Result<(), SaveError> {
        let ok = match (self.settings.humans(), self.holder) {
            (0, holder) => holder.is_none(),
            (1, holder) => holder == self.settings.first_human(),
            (_, None) => true,
            (_, Some(seat)) => seat < self.players() && self.settings.player(seat).is_human(),
        };
        if ok {
            Ok(())
        } else {
            Err(SaveError::BadHolder)
        }
    }

    /// A pending scopa was made by the last play, a pending summary follows a hand's end.
    fn check_pending(&self) -> Result<(), SaveError> {
        match self.pending {
            None => Ok(()),
            Some(Pending::HandSummary) => {
                let finished = self.m.has_last_hand();
                if finished && (self.m.winner().is_some() || self.m.plays() == 0) {
                    Ok(())
                } else {
                    Err(SaveError::BadPending)
                }
            }
            Some(Pending::Scopa { seat }) => {
                // The last play was `seat`'s, the match goes on, and replayed on the position
                // before it the play sweeps.
                let last = self.m.last_play().ok_or(SaveError::BadPending)?;
                if last.seat != seat || self.m.winner().is_some() {
                    return Err(SaveError::BadPending);
                }
                let mut before = self.clone();
                before.pending = None;
                before.selected = None;
                if !before.m.rewind_to(self.m.plays() - 1) {
                    return Err(SaveError::BadPending);
                }
                let events = before
                    .play(seat, last.mv.into())
                    .map_err(|_| SaveError::BadPending)?;
                if events.iter().any(super::GameEvent::is_sweep) {
                    Ok(())
                } else {
                    Err(SaveError::BadPending)
                }
            }
        }
    }

    /// A card being played belongs to the person to play, holding the device, and has
    /// several captures.
    fn check_selection(&self) -> Result<(), SaveError> {
        let Some(card) = self.selected else {
            return Ok(());
        };
        let seat = self.m.turn();
        let ok = !self.settings.game.is_briscola()
            && self.pending.is_none()
            && self.m.winner().is_none()
            && self.settings.player(seat).is_human()
            && self.holder == Some(seat)
            && self.m.hand_of(seat).contains(card)
            && self.m.captures(card).len() >= 2;
        if ok {
            Ok(())
        } else {
            Err(SaveError::BadSelection)
        }
    }
}
