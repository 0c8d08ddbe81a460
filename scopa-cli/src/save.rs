//! Save files of `scopa play`: the core's match snapshot behind a small header holding the
//! AI level and AI seed, so a resumed match continues exactly as it would have.
//!
//! Format, version 1 (integers little-endian), 356 bytes:
//!
//! | bytes | content |
//! | --- | --- |
//! | 0 … 7 | magic `SCOPACLI` |
//! | 8 | header version (1) |
//! | 9 | AI level: 0 random, 1 easy, 2 medium, 3 expert, 4 handheld |
//! | 10 … 17 | AI seed (u64) |
//! | 18 … 21 | CRC-32 (IEEE) of bytes 0 … 17 |
//! | 22 … 355 | `Match::to_bytes` snapshot (334 bytes, versioned and checksummed by the core) |
//!
//! A bare core snapshot (334 bytes starting with `SCPA`, as other front-ends write) is also
//! accepted; the AI level and seed then come from the command line.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use scopa_core::ai::Level;
use scopa_core::snapshot::crc32;
use scopa_core::{Match, SNAPSHOT_LEN, SnapshotError};

const MAGIC: &[u8; 8] = b"SCOPACLI";
const VERSION: u8 = 1;
const HEADER: usize = 22;
/// Size of a save file.
pub const SAVE_LEN: usize = HEADER + SNAPSHOT_LEN;

/// A saved match and the AI settings it was played with.
#[derive(Debug, Clone)]
pub struct Saved {
    /// The match.
    pub game: Match,
    /// The AI level, when the file records one.
    pub level: Option<Level>,
    /// The AI seed, when the file records one.
    pub ai_seed: Option<u64>,
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
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read it: {e}"),
            SaveError::NotASave => {
                f.write_str("it does not start with the SCOPACLI or SCPA magic bytes")
            }
            SaveError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "save header version {v}; this program reads version {VERSION}"
                )
            }
            SaveError::WrongLength(n) => {
                write!(f, "a save is {SAVE_LEN} bytes, this file has {n}")
            }
            SaveError::HeaderChecksum => f.write_str("the header is damaged (checksum mismatch)"),
            SaveError::BadLevel(b) => {
                write!(f, "the header names AI level {b}, which does not exist")
            }
            SaveError::Snapshot(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SaveError {}

fn level_code(level: Level) -> u8 {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as u8
}

/// The bytes of a save file.
pub fn encode(game: &Match, level: Level, ai_seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(SAVE_LEN);
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    out.push(level_code(level));
    out.extend_from_slice(&ai_seed.to_le_bytes());
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&game.to_bytes());
    out
}

/// Decodes a save file (or a bare core snapshot). Never panics.
pub fn decode(bytes: &[u8]) -> Result<Saved, SaveError> {
    if bytes.starts_with(b"SCPA") {
        let game = Match::from_bytes(bytes).map_err(SaveError::Snapshot)?;
        return Ok(Saved {
            game,
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
    if bytes.len() != SAVE_LEN {
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
    Ok(Saved {
        game,
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
    fn saves_round_trip_and_damage_is_refused() {
        let game = Match::new(Rules::default(), 11).unwrap();
        let bytes = encode(&game, Level::Easy, 99);
        assert_eq!(bytes.len(), SAVE_LEN);
        let back = decode(&bytes).unwrap();
        assert_eq!(back.game, game);
        assert_eq!((back.level, back.ai_seed), (Some(Level::Easy), Some(99)));
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
        assert_eq!(decode(&game.to_bytes()).unwrap().game, game);
    }
}
