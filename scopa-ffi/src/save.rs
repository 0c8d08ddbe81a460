//! The save format of scopa-ffi: a small header (the AI seats, the seed that drives the AI,
//! the last play) around the core snapshot.
//!
//! # Format, version 1 ([`SAVE_LEN`] = 364 bytes, integers little-endian)
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
//! | 26 … 359 | the core snapshot (`scopa_core::Match::to_bytes`, 334 bytes) |
//! | 360 … 363 | CRC-32 (IEEE) of bytes 0 … 359 |
//!
//! [`decode`] checks every part, the last play included: it must be one the match made
//! (see `check_last_play`), so a save cannot make the view show a play that never happened.

use scopa_core::ai::Level;
use scopa_core::snapshot::crc32;
use scopa_core::{Card, CardSet, Match, Move, Play, SNAPSHOT_LEN};

use crate::error::ScopaError;

/// Size of a save in bytes.
pub const SAVE_LEN: usize = CORE + SNAPSHOT_LEN + 4;
/// The format version written by [`encode`].
pub const SAVE_VERSION: u8 = 1;
const MAGIC: [u8; 4] = *b"SFFI";
const CORE: usize = 26;
const CRC: usize = CORE + SNAPSHOT_LEN;

/// What a save holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The match.
    pub game: Match,
    /// Per seat, the AI level (`None`: human); as many entries as players.
    pub ai: Vec<Option<Level>>,
    /// The match seed.
    pub seed: u64,
    /// The last play of the match.
    pub last_play: Option<Play>,
}

/// Encodes a save.
pub fn encode(s: &Saved) -> Vec<u8> {
    let mut b = vec![0u8; SAVE_LEN];
    b[..4].copy_from_slice(&MAGIC);
    b[4] = SAVE_VERSION;
    b[5] = s.game.rules().players;
    for (slot, level) in b[6..10].iter_mut().zip(&s.ai) {
        *slot = level.map_or(0, |l| 1 + level_index(l));
    }
    b[10..18].copy_from_slice(&s.seed.to_le_bytes());
    if let Some(p) = s.last_play {
        b[18] = 1;
        b[19] = p.seat;
        b[20] = p.mv.card().index();
        b[21..26].copy_from_slice(&p.mv.capture().bits().to_le_bytes()[..5]);
    }
    b[CORE..CRC].copy_from_slice(&s.game.to_bytes());
    let crc = crc32(&b[..CRC]);
    b[CRC..].copy_from_slice(&crc.to_le_bytes());
    b
}

fn corrupt(reason: impl Into<String>) -> ScopaError {
    ScopaError::CorruptSave {
        reason: reason.into(),
    }
}

/// Decodes a save, checking every part.
pub fn decode(b: &[u8]) -> Result<Saved, ScopaError> {
    if b.len() != SAVE_LEN {
        return Err(corrupt(format!(
            "a save is {SAVE_LEN} bytes, these are {}",
            b.len()
        )));
    }
    if b[..4] != MAGIC {
        return Err(corrupt("not a scopa-ffi save (bad magic bytes)"));
    }
    if b[4] != SAVE_VERSION {
        return Err(corrupt(format!(
            "saved with format version {}; this library reads version {SAVE_VERSION}",
            b[4]
        )));
    }
    let mut crc = [0u8; 4];
    crc.copy_from_slice(&b[CRC..]);
    if crc32(&b[..CRC]) != u32::from_le_bytes(crc) {
        return Err(corrupt("the save is damaged (checksum mismatch)"));
    }
    let game = Match::from_bytes(&b[CORE..CRC]).map_err(|e| corrupt(e.to_string()))?;
    let players = game.rules().players;
    if b[5] != players {
        return Err(corrupt(format!(
            "the header says {} players, the match has {players}",
            b[5]
        )));
    }
    let mut ai = Vec::with_capacity(usize::from(players));
    for (seat, &code) in b[6..10].iter().enumerate() {
        let level =
            match code {
                0 => None,
                c => Some(LEVELS.get(usize::from(c - 1)).copied().ok_or_else(|| {
                    corrupt(format!("seat {seat} has unknown AI level code {c}"))
                })?),
            };
        if seat < usize::from(players) {
            ai.push(level);
        } else if level.is_some() {
            return Err(corrupt(format!(
                "an AI level is set for seat {seat} of a {players}-player match"
            )));
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
                _ => return Err(corrupt("the last play is malformed")),
            }
        }
        _ => return Err(corrupt("the last-play flag is malformed")),
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
fn check_last_play(game: &Match, last: Option<Play>) -> Result<(), ScopaError> {
    if !game.history().is_empty() {
        if last != game.last_play() {
            return Err(corrupt(format!(
                "the recorded last play ({}) is not the last play of the current hand ({})",
                describe(last),
                describe(game.last_play())
            )));
        }
        return Ok(());
    }
    let Some(last_hand) = game.last_hand() else {
        // Hand 0, nothing played.
        return match last {
            None => Ok(()),
            Some(_) => Err(corrupt(format!(
                "the save records a last play ({}) although no play has been made",
                describe(last)
            ))),
        };
    };
    let Some(play) = last else {
        return Err(corrupt(format!(
            "the save records no last play although hand {} has begun (the previous hand's last play is missing)",
            game.hand_number()
        )));
    };
    let rules = game.rules();
    let n = rules.players;
    let dealer = (game.dealer() + n - 1) % n;
    if play.seat != dealer {
        return Err(corrupt(format!(
            "the recorded last play ({}) was not made by seat {dealer}, the dealer of the previous hand, who plays its last card",
            describe(last)
        )));
    }
    let (card, capture) = (play.mv.card(), play.mv.capture());
    if !capture.is_empty() {
        let side = rules.side_of(play.seat);
        let taken = capture | CardSet::single(card);
        if !taken.is_subset(last_hand.piles[usize::from(side)]) {
            return Err(corrupt(format!(
                "the recorded last play ({}) takes cards that are not in the pile of side {side}",
                describe(last)
            )));
        }
        if !scopa_core::captures(capture, card, rules.ace).contains(&capture) {
            return Err(corrupt(format!(
                "the recorded last play ({}) is not a capture the rules allow",
                describe(last)
            )));
        }
    }
    Ok(())
}

/// The fixed code of a level in saves (independent of any order in the core).
const LEVELS: [Level; 5] = [
    Level::Random,
    Level::Easy,
    Level::Medium,
    Level::Expert,
    Level::Handheld,
];

fn level_index(level: Level) -> u8 {
    match level {
        Level::Random => 0,
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Expert => 3,
        Level::Handheld => 4,
    }
}
