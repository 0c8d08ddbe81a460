//! `Session::from_bytes` on any bytes: never a panic; an accepted save writes back byte for
//! byte, and the session plays to the end of its match, the states of the restored hand and
//! the start of every later hand saving and restoring to themselves (`Check::HandStarts`).
//!
//! The first input byte picks the mode: even, the rest is the save as is; odd, the rest is
//! the body behind a valid header and both checksums (the session's and the match's), so
//! the content checks are reached.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scopa_core::scopa::SNAPSHOT_LEN;
use scopa_core::session::Session;
use scopa_core::session::save::SAVE_LEN;
use scopa_core::snapshot::crc32;
use scopa_tests::saves::{Check, session_plays_out};

/// Where the match snapshot starts in a session save.
const MATCH: usize = 26;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut sealed = [0u8; SAVE_LEN];
    let bytes: &[u8] = if mode & 1 == 0 {
        rest
    } else {
        sealed[..5].copy_from_slice(b"SCPS\x01");
        let n = rest.len().min(SAVE_LEN - 9);
        sealed[5..5 + n].copy_from_slice(&rest[..n]);
        let snapshot = &mut sealed[MATCH..MATCH + SNAPSHOT_LEN];
        snapshot[..5].copy_from_slice(b"SCPA\x01");
        let crc = crc32(&snapshot[..SNAPSHOT_LEN - 4]);
        snapshot[SNAPSHOT_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
        let crc = crc32(&sealed[..SAVE_LEN - 4]);
        sealed[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
        &sealed
    };
    match Session::from_bytes(bytes) {
        Ok(s) => {
            assert_eq!(
                &s.to_bytes()[..],
                bytes,
                "an accepted save is not written back as read"
            );
            session_plays_out(s, u64::from(mode), Check::HandStarts);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
