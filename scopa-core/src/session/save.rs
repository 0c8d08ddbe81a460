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
//! | 26 … 359 | the match ([`Match::to_bytes`], 334 bytes, with its own version and CRC) |
//! | 360 … 363 | CRC-32 (IEEE) of bytes 0 … 359 |
//!
//! # Version 2: Briscola (same length)
//! Bytes 0 … 25 as in version 1 (byte 4 is 2; no scopa is ever awaited and no card is
//! being chosen: bytes 23 and 24 are 0 and 255), bytes 26 … 137 the Briscola match
//! ([`BriscolaMatch::to_bytes`], 112 bytes, with its own magic `BRSC`, version and CRC),
//! bytes 138 … 359 zero, then the CRC-32 of bytes 0 … 359. A session of Scopa is always
//! written as version 1, so every save written before Briscola keeps loading and a Scopa
//! session's bytes are what they were.
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
use crate::briscola::{BRISCOLA_SNAPSHOT_LEN, BriscolaMatch, BriscolaSnapshotError};
use crate::card::Card;
use crate::game::Match;
use crate::hand::Event;
use crate::rules::Rules;
use crate::snapshot::{SNAPSHOT_LEN, SnapshotError, crc32};

use super::{AnyMatch, Game, Lang, Pending, Player, Session, Settings, SettingsError};

/// Size of a session save in bytes.
pub const SAVE_LEN: usize = MATCH + SNAPSHOT_LEN + 4;
/// The newest format version written by [`Session::to_bytes`] (Scopa sessions are written
/// as version 1, Briscola sessions as version 2).
pub const SAVE_VERSION: u8 = 2;
/// The version of a session of Scopa.
const SCOPA_VERSION: u8 = 1;
/// The version of a session of Briscola.
const BRISCOLA_VERSION: u8 = 2;
const MAGIC: [u8; 4] = *b"SCPS";
const MATCH: usize = 26;
const CRC: usize = MATCH + SNAPSHOT_LEN;
const NONE: u8 = 0xFF;

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
    /// The bytes after a Briscola match, which a save keeps zero, are not.
    BadPadding,
    /// Byte 5 + `seat` names no person and no AI level.
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
                "saved with session format version {version}; this engine reads version 1 (Scopa) and version {SAVE_VERSION} (Briscola)"
            ),
            SaveError::Checksum => f.write_str("the save is damaged (checksum mismatch)"),
            SaveError::Match(e) => write!(f, "the saved match is refused: {e}"),
            SaveError::BriscolaMatch(e) => {
                write!(f, "the saved match of Briscola is refused: {e}")
            }
            SaveError::BadPadding => f.write_str(
                "the bytes after the saved match of Briscola are not zero: the save was altered",
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
        out[4] = match self.m {
            AnyMatch::Scopa(_) => SCOPA_VERSION,
            AnyMatch::Briscola(_) => BRISCOLA_VERSION,
        };
        for (slot, c) in out[5..9].iter_mut().zip(self.settings.seats) {
            *slot = player_code(c);
        }
        let lang = match self.settings.lang {
            Lang::En => 0,
            Lang::It => 1,
        };
        out[9] = u8::from(self.settings.undo) | lang << 1;
        out[10..18].copy_from_slice(&self.secret.to_le_bytes());
        out[18..22].copy_from_slice(&self.match_number.to_le_bytes());
        match self.pending {
            None => {}
            Some(Pending::Scopa { seat }) => {
                out[22] = 1;
                out[23] = seat;
            }
            Some(Pending::HandSummary) => out[22] = 2,
        }
        out[24] = self.selected.map_or(NONE, Card::index);
        out[25] = self.holder.unwrap_or(NONE);
        match &self.m {
            AnyMatch::Scopa(m) => out[MATCH..CRC].copy_from_slice(&m.to_bytes()),
            AnyMatch::Briscola(m) => {
                out[MATCH..MATCH + BRISCOLA_SNAPSHOT_LEN].copy_from_slice(&m.to_bytes());
            }
        }
        let crc = crc32(&out[..CRC]);
        out[CRC..].copy_from_slice(&crc.to_le_bytes());
        out
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
        if bytes[4] != SCOPA_VERSION && bytes[4] != BRISCOLA_VERSION {
            return Err(SaveError::UnsupportedVersion { version: bytes[4] });
        }
        let mut crc = [0u8; 4];
        crc.copy_from_slice(&bytes[CRC..]);
        if crc32(&bytes[..CRC]) != u32::from_le_bytes(crc) {
            return Err(SaveError::Checksum);
        }
        let (m, game, rules) = if bytes[4] == SCOPA_VERSION {
            let m = Match::from_bytes(&bytes[MATCH..CRC]).map_err(SaveError::Match)?;
            let rules = *m.rules();
            (AnyMatch::Scopa(m), Game::Scopa, rules)
        } else {
            let end = MATCH + BRISCOLA_SNAPSHOT_LEN;
            let m =
                BriscolaMatch::from_bytes(&bytes[MATCH..end]).map_err(SaveError::BriscolaMatch)?;
            if bytes[end..CRC].iter().any(|&b| b != 0) {
                return Err(SaveError::BadPadding);
            }
            let rules = *m.rules();
            (
                AnyMatch::Briscola(m),
                Game::Briscola(rules),
                Rules::default(),
            )
        };
        let mut seats = [Player::Human; 4];
        for (seat, (slot, &code)) in seats.iter_mut().zip(&bytes[5..9]).enumerate() {
            *slot = player_of(code).ok_or(SaveError::BadPlayer {
                seat: seat as u8,
                code,
            })?;
        }
        let flags = bytes[9];
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
        secret.copy_from_slice(&bytes[10..18]);
        let mut match_number = [0u8; 4];
        match_number.copy_from_slice(&bytes[18..22]);
        let pending = match (bytes[22], bytes[23]) {
            (0, 0) => None,
            (1, seat) if game == Game::Scopa => Some(Pending::Scopa { seat }),
            (2, 0) => Some(Pending::HandSummary),
            _ => return Err(SaveError::BadPending),
        };
        let selected = match bytes[24] {
            NONE => None,
            _ if game != Game::Scopa => return Err(SaveError::BadSelection),
            i => Some(Card::from_index(i).ok_or(SaveError::BadSelection)?),
        };
        let holder = match bytes[25] {
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
    /// use scopa_core::Rules;
    /// let mut s = Session::new(Settings::pass_and_play(Rules::default()), 3).unwrap();
    /// s.apply(Action::Continue).unwrap(); // the first person takes the device
    /// assert_eq!(s.phase(), Phase::Play { seat: s.state().turn });
    /// let restored = Session::restore(&s.to_bytes()).unwrap();
    /// assert_eq!(restored.phase(), Phase::HandOff { seat: s.state().turn });
    /// assert!(restored.state().hand.is_empty());
    /// ```
    pub fn restore(bytes: &[u8]) -> Result<Session, SaveError> {
        let mut session = Session::from_bytes(bytes)?;
        if session.settings.humans() >= 2 {
            session.holder = None;
            session.selected = None;
        }
        Ok(session)
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
                let finished = match &self.m {
                    AnyMatch::Scopa(m) => m.last_hand().is_some(),
                    AnyMatch::Briscola(m) => m.last_hand().is_some(),
                };
                if finished && (self.m.winner().is_some() || self.m.plays() == 0) {
                    Ok(())
                } else {
                    Err(SaveError::BadPending)
                }
            }
            Some(Pending::Scopa { seat }) => {
                let AnyMatch::Scopa(m) = &self.m else {
                    return Err(SaveError::BadPending);
                };
                let plays = m.hand().plays();
                let last = m.last_play().ok_or(SaveError::BadPending)?;
                if last.seat != seat || m.is_over() {
                    return Err(SaveError::BadPending);
                }
                // Replay the last play on the position before it: it must sweep.
                let mut before = m.clone();
                before
                    .rewind(plays - 1)
                    .map_err(|_| SaveError::BadPending)?;
                let events = before
                    .play(seat, last.mv)
                    .map_err(|_| SaveError::BadPending)?;
                if events.iter().any(|e| matches!(e, Event::Scopa { .. })) {
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
        let AnyMatch::Scopa(m) = &self.m else {
            return Err(SaveError::BadSelection);
        };
        let seat = m.turn();
        let ok = self.pending.is_none()
            && !m.is_over()
            && self.settings.player(seat).is_human()
            && self.holder == Some(seat)
            && m.hand().hand(seat).contains(card)
            && m.hand().captures(card).len() >= 2;
        if ok {
            Ok(())
        } else {
            Err(SaveError::BadSelection)
        }
    }
}
