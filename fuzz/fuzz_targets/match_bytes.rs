//! `Match::from_bytes` on any bytes: never a panic; an accepted save writes back byte for
//! byte, and its match plays to the end, the states of the restored hand and the start of
//! every later hand saving and restoring to themselves (`Check::HandStarts`).
//!
//! The first input byte picks the mode: even, the rest is the save as is (the format
//! checks); odd, the rest is the body behind a valid header and checksum (the content
//! checks, which random bytes rarely reach through a CRC). With bit 1 set the bytes are a
//! Briscola save (`BriscolaMatch::from_bytes`, the same promises, its match played to the
//! end by the medium level).
#![no_main]

use libfuzzer_sys::fuzz_target;
use scopa_core::briscola::{BRISCOLA_SNAPSHOT_LEN, BriscolaMatch, ai::medium};
use scopa_core::scopa::{Match, SNAPSHOT_LEN};
use scopa_core::snapshot::crc32;
use scopa_tests::saves::{Check, match_plays_out};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 2 == 2 {
        briscola(mode, rest);
        return;
    }
    let mut sealed = [0u8; SNAPSHOT_LEN];
    let bytes: &[u8] = if mode & 1 == 0 {
        rest
    } else {
        sealed[..5].copy_from_slice(b"SCPA\x01");
        let n = rest.len().min(SNAPSHOT_LEN - 9);
        sealed[5..5 + n].copy_from_slice(&rest[..n]);
        let crc = crc32(&sealed[..SNAPSHOT_LEN - 4]);
        sealed[SNAPSHOT_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
        &sealed
    };
    match Match::from_bytes(bytes) {
        Ok(m) => {
            assert_eq!(
                &m.to_bytes()[..],
                bytes,
                "an accepted save is not written back as read"
            );
            match_plays_out(m, u64::from(mode), Check::HandStarts);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

fn briscola(mode: u8, rest: &[u8]) {
    const LEN: usize = BRISCOLA_SNAPSHOT_LEN;
    let mut sealed = [0u8; LEN];
    let bytes: &[u8] = if mode & 1 == 0 {
        rest
    } else {
        sealed[..5].copy_from_slice(b"BRSC\x01");
        let n = rest.len().min(LEN - 9);
        sealed[5..5 + n].copy_from_slice(&rest[..n]);
        let crc = crc32(&sealed[..LEN - 4]);
        sealed[LEN - 4..].copy_from_slice(&crc.to_le_bytes());
        &sealed
    };
    match BriscolaMatch::from_bytes(bytes) {
        Ok(mut m) => {
            assert_eq!(
                &m.to_bytes()[..],
                bytes,
                "an accepted save is not written back as read"
            );
            let mut plays = 0;
            while m.winner().is_none() && plays < 2_000 {
                let seat = m.turn();
                let card = medium(&m.view(seat).expect("the seat to play has a view"));
                m.play(seat, card)
                    .expect("the medium level plays a card it holds");
                let again = BriscolaMatch::from_bytes(&m.to_bytes());
                assert_eq!(again.as_ref(), Ok(&m), "a reached state does not restore");
                plays += 1;
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
