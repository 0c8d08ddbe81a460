//! Save files of `scopa play`: exactly the bytes of [`Session::to_bytes`] (the one save
//! format of every front-end, documented in `scopa_core::session::save`), written
//! atomically.
//!
//! Older files still resume once, and are then saved in the session format:
//!
//! - the CLI's own format of earlier versions, 356 bytes (integers little-endian):
//!
//!   | bytes | content |
//!   | --- | --- |
//!   | 0 … 7 | magic `SCOPACLI` |
//!   | 8 | header version (1) |
//!   | 9 | AI level: 0 random, 1 easy, 2 medium, 3 expert, 4 handheld |
//!   | 10 … 17 | AI seed (u64) |
//!   | 18 … 21 | CRC-32 (IEEE) of bytes 0 … 17 |
//!   | 22 … 355 | `Match::to_bytes` snapshot (334 bytes, versioned and checksummed by the core) |
//!
//! - a bare core snapshot (334 bytes starting with `SCPA`); the AI level and the seed then
//!   come from the command line.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use scopa_core::ai::Level;
use scopa_core::session::{self, Session};
use scopa_core::snapshot::crc32;
use scopa_core::{Match, SNAPSHOT_LEN, SnapshotError};

const MAGIC: &[u8; 8] = b"SCOPACLI";
const VERSION: u8 = 1;
const HEADER: usize = 22;
/// Size of a save file of the older CLI format.
const LEGACY_LEN: usize = HEADER + SNAPSHOT_LEN;
/// The largest save file read (anything longer is refused without being read whole).
pub const SAVE_LEN: usize = if session::SAVE_LEN > LEGACY_LEN {
    session::SAVE_LEN
} else {
    LEGACY_LEN
};

/// What a save file holds.
#[derive(Debug, Clone)]
pub enum Saved {
    /// A session ([`Session::to_bytes`]), written by any front-end.
    Session(Box<Session>),
    /// A match of an older format: migrate it with `Session::resume`.
    Legacy {
        /// The match.
        game: Box<Match>,
        /// The AI level, when the file records one.
        level: Option<Level>,
        /// The AI seed, when the file records one.
        ai_seed: Option<u64>,
    },
}

/// Why a file could not be resumed.
#[derive(Debug)]
pub enum SaveError {
    /// The file could not be read.
    Io(io::Error),
    /// The file does not start like a scopa save.
    NotASave,
    /// A header version this program does not read.
    UnsupportedVersion(u8),
    /// The file is shorter or longer than a save.
    WrongLength(usize),
    /// The header's checksum does not match.
    HeaderChecksum,
    /// The header names an AI level that does not exist.
    BadLevel(u8),
    /// The match snapshot is refused by the core.
    Snapshot(SnapshotError),
    /// The session save is refused by the core.
    Session(session::SaveError),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read it: {e}"),
            SaveError::NotASave => {
                f.write_str("it does not start with the SCPS, SCOPACLI or SCPA magic bytes")
            }
            SaveError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "save header version {v}; this program reads version {VERSION}"
                )
            }
            SaveError::WrongLength(n) => {
                write!(
                    f,
                    "a SCOPACLI save is {LEGACY_LEN} bytes, this file has {n}"
                )
            }
            SaveError::HeaderChecksum => f.write_str("the header is damaged (checksum mismatch)"),
            SaveError::BadLevel(b) => {
                write!(f, "the header names AI level {b}, which does not exist")
            }
            SaveError::Snapshot(e) => write!(f, "{e}"),
            SaveError::Session(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SaveError {}

#[cfg(test)]
fn level_code(level: Level) -> u8 {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as u8
}

/// The bytes of a save file of the older CLI format (for the migration tests).
#[cfg(test)]
pub fn encode(game: &Match, level: Level, ai_seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(LEGACY_LEN);
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    out.push(level_code(level));
    out.extend_from_slice(&ai_seed.to_le_bytes());
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&game.to_bytes());
    out
}

/// Decodes a save file: a session, or a match of an older format. Never panics.
pub fn decode(bytes: &[u8]) -> Result<Saved, SaveError> {
    if bytes.starts_with(b"SCPS") {
        let session = Session::from_bytes(bytes).map_err(SaveError::Session)?;
        return Ok(Saved::Session(Box::new(session)));
    }
    if bytes.starts_with(b"SCPA") {
        let game = Match::from_bytes(bytes).map_err(SaveError::Snapshot)?;
        return Ok(Saved::Legacy {
            game: Box::new(game),
            level: None,
            ai_seed: None,
        });
    }
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(SaveError::NotASave);
    }
    if bytes.len() > 8 && bytes[8] != VERSION {
        return Err(SaveError::UnsupportedVersion(bytes[8]));
    }
    if bytes.len() != LEGACY_LEN {
        return Err(SaveError::WrongLength(bytes.len()));
    }
    let stored = u32::from_le_bytes([bytes[18], bytes[19], bytes[20], bytes[21]]);
    if crc32(&bytes[..18]) != stored {
        return Err(SaveError::HeaderChecksum);
    }
    let level = *Level::ALL
        .get(bytes[9] as usize)
        .ok_or(SaveError::BadLevel(bytes[9]))?;
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&bytes[10..18]);
    let game = Match::from_bytes(&bytes[HEADER..]).map_err(SaveError::Snapshot)?;
    Ok(Saved::Legacy {
        game: Box::new(game),
        level: Some(level),
        ai_seed: Some(u64::from_le_bytes(seed)),
    })
}

/// Reads and decodes a save file, reading at most a little more than a save's size.
pub fn load(path: &Path) -> Result<Saved, SaveError> {
    let file = File::open(path).map_err(SaveError::Io)?;
    let mut bytes = Vec::with_capacity(SAVE_LEN + 1);
    file.take(SAVE_LEN as u64 + 64)
        .read_to_end(&mut bytes)
        .map_err(SaveError::Io)?;
    decode(&bytes)
}

/// The temporary file a save is written to before it is renamed over `path`.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically: a temporary file beside it is written and synced,
/// then renamed over `path`. A kill at any moment leaves either the old or the new save.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(path);
    {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    // Make the rename itself durable where the platform allows syncing a directory.
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::Rules;

    #[test]
    fn legacy_saves_decode_and_damage_is_refused() {
        let game = Match::new(Rules::default(), 11).unwrap();
        let bytes = encode(&game, Level::Easy, 99);
        assert_eq!(bytes.len(), LEGACY_LEN);
        let Saved::Legacy {
            game: back,
            level,
            ai_seed,
        } = decode(&bytes).unwrap()
        else {
            panic!("not a legacy save")
        };
        assert_eq!(*back, game);
        assert_eq!((level, ai_seed), (Some(Level::Easy), Some(99)));
        // Every single-byte change is refused, never a panic.
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x41;
            assert!(decode(&bad).is_err(), "byte {i}");
        }
        for len in 0..bytes.len() {
            assert!(decode(&bytes[..len]).is_err());
        }
        assert!(matches!(decode(b"hello world"), Err(SaveError::NotASave)));
        // A bare core snapshot is accepted.
        let Saved::Legacy { game: bare, .. } = decode(&game.to_bytes()).unwrap() else {
            panic!("not a legacy save")
        };
        assert_eq!(*bare, game);
    }

    #[test]
    fn session_saves_decode_and_damage_is_refused() {
        let s = Session::new(scopa_core::session::Settings::default(), 5).unwrap();
        let bytes = s.to_bytes();
        let Saved::Session(back) = decode(&bytes).unwrap() else {
            panic!("not a session")
        };
        assert_eq!(*back, s);
        for i in [0, 4, 9, 30, 200, bytes.len() - 1] {
            let mut bad = bytes;
            bad[i] ^= 0x41;
            assert!(decode(&bad).is_err(), "byte {i}");
        }
        assert!(matches!(
            decode(&bytes[..100]),
            Err(SaveError::Session(
                scopa_core::session::SaveError::WrongLength { len: 100 }
            ))
        ));
    }
}
