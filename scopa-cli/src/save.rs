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
//!
//! # The file store
//!
//! [`SaveFile`] is where a match is kept: the path is resolved once (a symbolic link to a
//! save is followed to the file it names, which is the one updated), and anything that is
//! not a regular file is refused. [`write_atomic`] replaces a file so that a kill, a full
//! disk or a planted link at any moment leaves either the old or the new content. A failed
//! write leaves no temporary file; a kill (which nothing can catch) can leave one, a hidden
//! `.NAME.XXXXXX.tmp` beside the file, and the next [`SaveFile::new`] of that file removes
//! it ([`remove_temporaries`]). [`read_regular`] reads a file without ever blocking on a
//! FIFO or device.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use scopa_core::ai::Level;
use scopa_core::scopa::{Match, SNAPSHOT_LEN, SnapshotError};
use scopa_core::session::{self, Session};
use scopa_core::snapshot::crc32;

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
    /// The path names something other than a regular file (a FIFO, a directory, a device).
    NotARegularFile {
        /// What it is, e.g. "a FIFO (named pipe)".
        kind: &'static str,
    },
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
            SaveError::NotARegularFile { kind } => {
                write!(
                    f,
                    "it is {kind}, not a regular file; a save is a regular file"
                )
            }
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

/// Decodes a save file to play it on: a session ([`Session::restore`]: with two or more
/// people, the device is handed over first), or a match of an older format. Never panics.
pub fn decode(bytes: &[u8]) -> Result<Saved, SaveError> {
    if bytes.starts_with(b"SCPS") {
        let session = Session::restore(bytes).map_err(SaveError::Session)?;
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

/// Reads and decodes a save file, reading at most a little more than a save's size. A
/// FIFO, directory or device is refused at once, never waited on.
pub fn load(path: &Path) -> Result<Saved, SaveError> {
    let bytes = read_regular(path, SAVE_LEN as u64 + 64).map_err(|e| match e {
        StoreError::NotARegularFile { kind, .. } => SaveError::NotARegularFile { kind },
        StoreError::Io { error, .. } => SaveError::Io(error),
        // Reading follows links; a dangling one is a file that is not there.
        StoreError::DanglingLink { .. } => {
            SaveError::Io(io::Error::new(io::ErrorKind::NotFound, e.to_string()))
        }
    })?;
    decode(&bytes)
}

/// Why a file could not be stored or read.
#[derive(Debug)]
pub enum StoreError {
    /// The path names something other than a regular file.
    NotARegularFile {
        /// The path.
        path: PathBuf,
        /// What it is, e.g. "a directory".
        kind: &'static str,
    },
    /// The path is a symbolic link to nothing.
    DanglingLink {
        /// The link.
        path: PathBuf,
    },
    /// An operation on the file system failed.
    Io {
        /// What was being done, e.g. "write the temporary file".
        what: &'static str,
        /// The path it was done to.
        path: PathBuf,
        /// The system's error.
        error: io::Error,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotARegularFile { path, kind } => {
                write!(f, "{} is {kind}, not a regular file", path.display())
            }
            StoreError::DanglingLink { path } => write!(
                f,
                "{} is a symbolic link to a file that does not exist",
                path.display()
            ),
            StoreError::Io { what, path, error } => {
                write!(f, "cannot {what} {}: {error}", path.display())
            }
        }
    }
}

/// The system's error is part of the message, so it is not a `source` too (which would
/// print it twice in a chain of causes).
impl std::error::Error for StoreError {}

fn io_error(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |error| StoreError::Io { what, path, error }
}

/// What a file of type `t` is, in words, when it is not a regular file.
fn kind_of(t: fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    if t.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a file")
}

/// Reads at most `limit` bytes of the regular file at `path` (links followed). Anything
/// else is refused without blocking: the file is opened non-blocking and its type checked
/// on the open file, so a FIFO swapped in after a check cannot make the read wait.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, StoreError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io_error("open", path))?;
    let meta = file.metadata().map_err(io_error("inspect", path))?;
    if let Some(kind) = kind_of(meta.file_type()) {
        return Err(StoreError::NotARegularFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    let mut bytes = Vec::new();
    file.take(limit)
        .read_to_end(&mut bytes)
        .map_err(io_error("read", path))?;
    Ok(bytes)
}

/// Where a match is saved: the path as given, and the regular file it names, resolved once.
#[derive(Debug)]
pub struct SaveFile {
    given: PathBuf,
    target: PathBuf,
    stale: bool,
}

impl SaveFile {
    /// Resolves `path` once: a symbolic link (or chain of them) is followed to the file it
    /// names, so every save updates that file and the link stays a link. The file may not
    /// exist yet; if it exists it must be a regular file. The temporary files a killed
    /// program left beside it are removed ([`remove_temporaries`]).
    pub fn new(path: &Path) -> Result<SaveFile, StoreError> {
        let target = match fs::symlink_metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
            Err(e) => return Err(io_error("inspect", path)(e)),
            Ok(meta) if meta.file_type().is_symlink() => match fs::canonicalize(path) {
                Ok(target) => target,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Err(StoreError::DanglingLink {
                        path: path.to_path_buf(),
                    });
                }
                Err(e) => return Err(io_error("follow the link", path)(e)),
            },
            Ok(_) => path.to_path_buf(),
        };
        match fs::symlink_metadata(&target) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error("inspect", &target)(e)),
            Ok(meta) => {
                if let Some(kind) = kind_of(meta.file_type()) {
                    return Err(StoreError::NotARegularFile { path: target, kind });
                }
            }
        }
        remove_temporaries(&target);
        Ok(SaveFile {
            given: path.to_path_buf(),
            target,
            stale: false,
        })
    }

    /// The path as given (what a player types to resume).
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// The file written: the path, or the file its link names.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Whether the last [`SaveFile::write`] failed: the file then holds the content of the
    /// last write that succeeded (or what it held before).
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// Replaces the file's content with `bytes` ([`write_atomic`] on the target).
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        let result = write_atomic(&self.target, bytes);
        self.stale = result.is_err();
        result
    }
}

/// Random characters in a temporary file's name.
const TEMP_RANDOM: usize = 6;

/// The directory of `path` and the prefix of its temporary files' names: `dir/.NAME.`.
fn temp_prefix(path: &Path) -> (&Path, std::ffi::OsString) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    (dir, prefix)
}

/// Whether `name` is the name of one of [`write_atomic`]'s temporary files for a file
/// whose names start with `prefix`: `prefix`, exactly 6 ASCII letters or digits, `.tmp`.
fn is_temporary(name: &std::ffi::OsStr, prefix: &std::ffi::OsStr) -> bool {
    let (name, prefix) = (name.as_encoded_bytes(), prefix.as_encoded_bytes());
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(b".tmp"))
        .is_some_and(|r| r.len() == TEMP_RANDOM && r.iter().all(u8::is_ascii_alphanumeric))
}

/// Removes the temporary files that [`write_atomic`] left beside `path` when the program
/// was killed while writing it: regular files (not links, not directories) named exactly
/// like its temporary files (`.NAME.XXXXXX.tmp`). Nothing else is touched. A directory
/// that cannot be listed or a file that cannot be removed is left as it is (a save there
/// then reports its own error). Returns how many were removed.
///
/// A kill leaves at most one such file; the next [`SaveFile::new`] of the same file calls
/// this. Two programs saving to the same file at once would remove each other's: that is
/// not supported (their saves would overwrite each other's anyway).
pub fn remove_temporaries(path: &Path) -> usize {
    let (dir, prefix) = temp_prefix(path);
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        if is_temporary(&entry.file_name(), &prefix)
            && entry.file_type().is_ok_and(|t| t.is_file())
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Replaces the content of the file at `path` with `bytes`, atomically and durably:
/// a temporary file with a random name is created beside it exclusively (it cannot be an
/// existing file or a link planted there), written and synced, renamed over `path`, and
/// the directory synced. On any failure the temporary file is removed and `path` is
/// unchanged; a kill before the rename leaves it (see [`remove_temporaries`]). An existing file keeps its permissions; a new one is readable by its owner
/// only (a save holds the deck order).
///
/// `path` itself is replaced, not followed: resolve links first ([`SaveFile::new`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let (dir, prefix) = temp_prefix(path);
    // create_new (O_EXCL): never an existing file, never through a symbolic link.
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .rand_bytes(TEMP_RANDOM)
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io_error("create a temporary file in", dir))?;
    if let Ok(meta) = fs::metadata(path) {
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(io_error("set the permissions of", tmp.path()))?;
    }
    tmp.write_all(bytes)
        .map_err(io_error("write the temporary file", tmp.path()))?;
    tmp.as_file()
        .sync_all()
        .map_err(io_error("sync the temporary file", tmp.path()))?;
    // On failure the returned temporary file is dropped, which removes it.
    tmp.persist(path)
        .map_err(|e| io_error("replace", path)(e.error))?;
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io_error("sync the directory", dir))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::scopa::Rules;

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
    fn temporary_names_are_recognized_exactly() {
        let (dir, prefix) = temp_prefix(Path::new("d/g.scopa"));
        assert_eq!((dir, prefix.to_str()), (Path::new("d"), Some(".g.scopa.")));
        assert_eq!(temp_prefix(Path::new("g.scopa")).0, Path::new("."));
        let is = |n: &str| is_temporary(n.as_ref(), &prefix);
        assert!(is(".g.scopa.a1B2c3.tmp") && is(".g.scopa.ZZZZZZ.tmp"));
        for other in [
            ".g.scopa.tmp",
            ".g.scopa.a1B2c.tmp",
            ".g.scopa.a1B2c3d.tmp",
            ".g.scopa.a1-2c3.tmp",
            ".g.scopa.a1B2c3.tmp~",
            ".g.scopa.a1B2c3.TMP",
            ".h.scopa.a1B2c3.tmp",
            "g.scopa.a1B2c3.tmp",
            ".g.scopa.é1B2c.tmp",
        ] {
            assert!(!is(other), "{other}");
        }
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
