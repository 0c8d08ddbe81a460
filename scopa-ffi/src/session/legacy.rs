//! The save formats of earlier versions, read once and migrated to a session (then saved
//! in the session format, `SCPS`): the `SFFI` save of the first FFI's match object (removed
//! since; its saves still load), and the apps' `SCOPAAPP` file around it. Their match is
//! continued with `scopa_core::session::Session::resume`, the old match seed as the
//! session's secret, every seat without an AI level played by a person, undo off.
//!
//! The `SCOPAAPP` file (both apps, version 1): `SCOPAAPP`, a version byte (1), a flags byte
//! (bit 0: the hand summary was on screen), then the `SFFI` bytes. A summary that was on
//! screen is not shown again: the migrated session continues with the next hand, which the
//! old match had already dealt.
//!
//! # The `SFFI` save, version 1 ([`SFFI_LEN`] = 364 bytes, integers little-endian)
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `SFFI` |
//! | 4 | format version (1) |
//! | 5 | players (must equal the snapshot's) |
//! | 6 … 9 | per seat: 0 = human, 1 + level (random 0, easy 1, medium 2, expert 3, handheld 4); seats past the last are 0 |
//! | 10 … 17 | the match seed (u64), which seeds the AI |
//! | 18 | 1 if a last play follows, else 0 (and bytes 19 … 25 are 0) |
//! | 19 | last play: seat |
//! | 20 | last play: card index |
//! | 21 … 25 | last play: capture (40-bit set) |
//! | 26 … 359 | the core snapshot (`scopa_core::scopa::Match::to_bytes`, 334 bytes) |
//! | 360 … 363 | CRC-32 (IEEE) of bytes 0 … 359 |
//!
//! [`decode`] checks every part, the last play included: it must be one the match made
//! (see `check_last_play`), so a save cannot carry a play that never happened.

use scopa_core::ai::Level;
use scopa_core::scopa::{Match, Move, Play, SNAPSHOT_LEN};
use scopa_core::session::{self as core, Label, Player, Texts};
use scopa_core::snapshot::crc32;
use scopa_core::{Card, CardSet};

use super::error::SessionError;

/// The first bytes of an app save file of version 1.
const APP_MAGIC: &[u8] = b"SCOPAAPP";
/// The first bytes of an FFI save.
const FFI_MAGIC: &[u8] = b"SFFI";
const APP_HEADER: usize = 10;
/// Size of an `SFFI` save in bytes.
pub const SFFI_LEN: usize = CORE + SNAPSHOT_LEN + 4;
/// The one version of the `SFFI` format.
const SFFI_VERSION: u8 = 1;
/// The header before the snapshot.
const CORE: usize = 26;
/// Where the checksum starts.
const CRC: usize = CORE + SNAPSHOT_LEN;
/// The code of a level in `SFFI` saves, minus one.
const LEVELS: [Level; 5] = [
    Level::Random,
    Level::Easy,
    Level::Medium,
    Level::Expert,
    Level::Handheld,
];

/// Whether `bytes` start like a save of an earlier format.
pub fn is_legacy(bytes: &[u8]) -> bool {
    bytes.starts_with(APP_MAGIC) || bytes.starts_with(FFI_MAGIC)
}

/// The session continuing the match of an `SCOPAAPP` or `SFFI` save.
pub fn migrate(bytes: &[u8], lang: core::Lang) -> Result<core::Session, SessionError> {
    let bad = |reason: &str| SessionError::BadSave {
        message: format!(
            "{}: {reason}",
            Texts::new(lang).label(Label::SaveUnreadable)
        ),
    };
    let ffi = if bytes.starts_with(APP_MAGIC) {
        if bytes.len() < APP_HEADER {
            return Err(bad("the app save file is shorter than its header"));
        }
        if bytes[8] != 1 {
            return Err(bad(&format!(
                "the app save file has format version {}; this app reads version 1",
                bytes[8]
            )));
        }
        if bytes[9] & !1 != 0 {
            return Err(bad(&format!(
                "unknown flags {:#04x} in byte 9 of the app save file",
                bytes[9]
            )));
        }
        &bytes[APP_HEADER..]
    } else {
        bytes
    };
    let saved = decode(ffi).map_err(|reason| bad(&reason))?;
    let mut seats = [Player::Human; core::MAX_SEATS];
    for (slot, level) in seats.iter_mut().zip(&saved.ai) {
        *slot = level.map_or(Player::Human, Player::Ai);
    }
    let settings = core::Settings {
        game: core::Game::Scopa,
        rules: *saved.game.rules(),
        seats,
        undo: false,
        lang,
    };
    core::Session::resume(settings, saved.seed, saved.game)
        .map_err(|e| bad(&Texts::new(lang).error(&e).to_string()))
}

/// What an `SFFI` save holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Saved {
    /// The match.
    game: Match,
    /// Per seat, the AI level (`None`: a person); as many entries as players.
    ai: Vec<Option<Level>>,
    /// The match seed.
    seed: u64,
    /// The last play of the match.
    last_play: Option<Play>,
}

/// Decodes an `SFFI` save, checking every part; the error says what is wrong.
fn decode(b: &[u8]) -> Result<Saved, String> {
    if b.len() != SFFI_LEN {
        return Err(format!("a save is {SFFI_LEN} bytes, these are {}", b.len()));
    }
    if &b[..4] != FFI_MAGIC {
        return Err("not a scopa-ffi save (bad magic bytes)".to_string());
    }
    if b[4] != SFFI_VERSION {
        return Err(format!(
            "saved with format version {}; this library reads version {SFFI_VERSION}",
            b[4]
        ));
    }
    let mut crc = [0u8; 4];
    crc.copy_from_slice(&b[CRC..]);
    if crc32(&b[..CRC]) != u32::from_le_bytes(crc) {
        return Err("the save is damaged (checksum mismatch)".to_string());
    }
    let game = Match::from_bytes(&b[CORE..CRC]).map_err(|e| e.to_string())?;
    let players = game.rules().players;
    if b[5] != players {
        return Err(format!(
            "the header says {} players, the match has {players}",
            b[5]
        ));
    }
    let mut ai = Vec::with_capacity(usize::from(players));
    for (seat, &code) in b[6..10].iter().enumerate() {
        let level = match code {
            0 => None,
            c => Some(
                LEVELS
                    .get(usize::from(c - 1))
                    .copied()
                    .ok_or_else(|| format!("seat {seat} has unknown AI level code {c}"))?,
            ),
        };
        if seat < usize::from(players) {
            ai.push(level);
        } else if level.is_some() {
            return Err(format!(
                "an AI level is set for seat {seat} of a {players}-player match"
            ));
        }
    }
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&b[10..18]);
    let seed = u64::from_le_bytes(seed);
    let last_play = match b[18] {
        0 if b[19..26].iter().all(|&x| x == 0) => None,
        1 => {
            let seat = b[19];
            let card = Card::from_index(b[20]);
            let mut bits = [0u8; 8];
            bits[..5].copy_from_slice(&b[21..26]);
            let capture = CardSet::from_bits(u64::from_le_bytes(bits));
            match (card, capture) {
                (Some(card), Some(capture)) if seat < players && !capture.contains(card) => {
                    Some(Play {
                        seat,
                        mv: Move::new(card, capture),
                    })
                }
                _ => return Err("the last play is malformed".to_string()),
            }
        }
        _ => return Err("the last-play flag is malformed".to_string()),
    };
    check_last_play(&game, last_play)?;
    Ok(Saved {
        game,
        ai,
        seed,
        last_play,
    })
}

fn describe(play: Option<Play>) -> String {
    match play {
        Some(p) => format!("\"{} by seat {}\"", p.mv, p.seat),
        None => "none".to_string(),
    }
}

/// The recorded last play must be one the match made: the last of the current hand's
/// history; none before the first play; right after a new hand is dealt, the previous
/// hand's last play — by its dealer, and a capture whose cards are in the pile of the
/// dealer's side and that the rules allow on a table of those cards.
fn check_last_play(game: &Match, last: Option<Play>) -> Result<(), String> {
    if !game.history().is_empty() {
        if last != game.last_play() {
            return Err(format!(
                "the recorded last play ({}) is not the last play of the current hand ({})",
                describe(last),
                describe(game.last_play())
            ));
        }
        return Ok(());
    }
    let Some(last_hand) = game.last_hand() else {
        // Hand 0, nothing played.
        return match last {
            None => Ok(()),
            Some(_) => Err(format!(
                "the save records a last play ({}) although no play has been made",
                describe(last)
            )),
        };
    };
    let Some(play) = last else {
        return Err(format!(
            "the save records no last play although hand {} has begun (the previous hand's last play is missing)",
            game.hand_number()
        ));
    };
    let rules = game.rules();
    let n = rules.players;
    let dealer = (game.dealer() + n - 1) % n;
    if play.seat != dealer {
        return Err(format!(
            "the recorded last play ({}) was not made by seat {dealer}, the dealer of the previous hand, who plays its last card",
            describe(last)
        ));
    }
    let (card, capture) = (play.mv.card(), play.mv.capture());
    if !capture.is_empty() {
        let side = rules.side_of(play.seat);
        let taken = capture | CardSet::single(card);
        if !taken.is_subset(last_hand.piles[usize::from(side)]) {
            return Err(format!(
                "the recorded last play ({}) takes cards that are not in the pile of side {side}",
                describe(last)
            ));
        }
        if !scopa_core::scopa::captures(capture, card, rules.ace).contains(&capture) {
            return Err(format!(
                "the recorded last play ({}) is not a capture the rules allow",
                describe(last)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
