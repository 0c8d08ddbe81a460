//! Saving and restoring a whole [`Match`] in a fixed-size, versioned byte format.
//!
//! # Format, version 1 ([`SNAPSHOT_LEN`] = 334 bytes, integers little-endian)
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `SCPA` |
//! | 4 | format version (1) |
//! | 5 … 12 | rules ([`Rules::to_bytes`]) |
//! | 13 | first dealer |
//! | 14 … 15 | hand number (u16) |
//! | 16 … 21 | scores, 3 × u16 |
//! | 22 … 29 | PRNG state for the hands to come (u64) |
//! | 30 … 69 | the current hand's deck order, 40 card indices |
//! | 70 | number of plays made in the current hand |
//! | 71 … 310 | 40 plays × (card index, capture as 5 bytes); unused slots are zero |
//! | 311 | flags: bit 0 = a previous hand is recorded; bits 1 … 7 = kings redeals of the current hand (0 unless `kings_redeal`) |
//! | 312 … 326 | the previous hand's piles, 3 × 5 bytes |
//! | 327 … 329 | the previous hand's scope, 3 bytes |
//! | 330 … 333 | CRC-32 (IEEE) of bytes 0 … 329 |
//!
//! Restoring deals the stored deck again and replays every stored play through the rules,
//! so a restored match is consistent by construction: every card is in exactly one place
//! and every play was legal. Anything else is refused with a [`SnapshotError`].

use core::fmt;

use crate::capture::Move;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{Deck, SplitMix64};
use crate::game::{FinishedHand, Match, winner_of};
use crate::hand::{DealError, HandState};
use crate::rules::{Rules, RulesError};
use crate::score::score_hand;

/// Size of a snapshot in bytes.
pub const SNAPSHOT_LEN: usize = 334;
/// The format version written by [`Match::to_bytes`].
pub const SNAPSHOT_VERSION: u8 = 1;
const MAGIC: [u8; 4] = *b"SCPA";
const HISTORY: usize = 71;
const FLAGS: usize = 311;
const LAST_PILES: usize = 312;
const LAST_SCOPE: usize = 327;
const CRC: usize = 330;

/// Why bytes could not be restored into a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SnapshotError {
    /// Not [`SNAPSHOT_LEN`] bytes.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// The bytes do not start with the snapshot magic: not a scopa save.
    NotASnapshot,
    /// Saved by a format version this engine does not read.
    UnsupportedVersion {
        /// The version found.
        version: u8,
    },
    /// The checksum does not match: the bytes were damaged.
    Checksum,
    /// The rules bytes are out of range or impossible.
    BadRules,
    /// The first dealer is not a seat.
    BadDealer,
    /// The deck is not 40 distinct cards, or needs a kings redeal.
    BadDeck,
    /// Play `index` of the stored hand is malformed or illegal.
    IllegalPlay {
        /// Position in the hand.
        index: u8,
    },
    /// The parts do not fit together (scores, finished hand, previous hand, padding).
    Inconsistent,
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::WrongLength { len } => {
                write!(f, "a saved match is {SNAPSHOT_LEN} bytes, these are {len}")
            }
            SnapshotError::NotASnapshot => f.write_str("not a saved scopa match (bad magic bytes)"),
            SnapshotError::UnsupportedVersion { version } => write!(
                f,
                "saved with format version {version}; this engine reads version {SNAPSHOT_VERSION}"
            ),
            SnapshotError::Checksum => f.write_str("the save is damaged (checksum mismatch)"),
            SnapshotError::BadRules => f.write_str("the save holds impossible rules"),
            SnapshotError::BadDealer => f.write_str("the save names a dealer that is not a seat"),
            SnapshotError::BadDeck => f.write_str("the save's deck is not a valid deal"),
            SnapshotError::IllegalPlay { index } => {
                write!(f, "play {index} of the saved hand is not legal")
            }
            SnapshotError::Inconsistent => {
                f.write_str("the save's scores, hands and history do not fit together")
            }
        }
    }
}

impl core::error::Error for SnapshotError {}

/// CRC-32 (IEEE 802.3, reflected, as in zip and PNG).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = 0u32.wrapping_sub(crc & 1);
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

fn put_set(out: &mut [u8], set: CardSet) {
    out[..5].copy_from_slice(&set.bits().to_le_bytes()[..5]);
}

fn get_set(bytes: &[u8]) -> CardSet {
    let mut b = [0u8; 8];
    b[..5].copy_from_slice(&bytes[..5]);
    // Five bytes hold 40 bits: always a valid set.
    CardSet::from_bits_truncate(u64::from_le_bytes(b))
}

impl Match {
    /// The match as [`SNAPSHOT_LEN`] bytes (see the [module docs](crate::snapshot)).
    pub fn to_bytes(&self) -> [u8; SNAPSHOT_LEN] {
        let mut out = [0u8; SNAPSHOT_LEN];
        out[0..4].copy_from_slice(&MAGIC);
        out[4] = SNAPSHOT_VERSION;
        out[5..13].copy_from_slice(&self.rules.to_bytes());
        out[13] = self.first_dealer;
        out[14..16].copy_from_slice(&self.hand_number.to_le_bytes());
        for (i, s) in self.scores.iter().enumerate() {
            out[16 + 2 * i..18 + 2 * i].copy_from_slice(&s.to_le_bytes());
        }
        out[22..30].copy_from_slice(&self.rng.state().to_le_bytes());
        for (slot, card) in out[30..70].iter_mut().zip(self.deck.cards()) {
            *slot = card.index();
        }
        out[70] = self.history.len() as u8;
        for (i, mv) in self.history.iter().enumerate() {
            let at = HISTORY + 6 * i;
            out[at] = mv.card().index();
            put_set(&mut out[at + 1..at + 6], mv.capture());
        }
        out[FLAGS] = self.redeals.min(crate::game::MAX_REDEALS) << 1;
        if let Some(last) = &self.last_hand {
            out[FLAGS] |= 1;
            for (i, pile) in last.piles.iter().enumerate() {
                put_set(&mut out[LAST_PILES + 5 * i..], *pile);
            }
            out[LAST_SCOPE..LAST_SCOPE + 3].copy_from_slice(&last.scope);
        }
        let crc = crc32(&out[..CRC]);
        out[CRC..].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Restores a match saved by [`Match::to_bytes`]. Any byte string gives either a
    /// consistent match or an error; it never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Match, SnapshotError> {
        if bytes.len() != SNAPSHOT_LEN {
            return Err(SnapshotError::WrongLength { len: bytes.len() });
        }
        if bytes[0..4] != MAGIC {
            return Err(SnapshotError::NotASnapshot);
        }
        if bytes[4] != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion { version: bytes[4] });
        }
        let mut crc = [0u8; 4];
        crc.copy_from_slice(&bytes[CRC..]);
        if crc32(&bytes[..CRC]) != u32::from_le_bytes(crc) {
            return Err(SnapshotError::Checksum);
        }
        let mut rb = [0u8; 8];
        rb.copy_from_slice(&bytes[5..13]);
        let rules = Rules::from_bytes(rb).ok_or(SnapshotError::BadRules)?;
        rules
            .validate()
            .map_err(|_: RulesError| SnapshotError::BadRules)?;
        let n = rules.players;
        let k = rules.sides() as usize;
        let first_dealer = bytes[13];
        if first_dealer >= n {
            return Err(SnapshotError::BadDealer);
        }
        let hand_number = u16::from_le_bytes([bytes[14], bytes[15]]);
        let mut scores = [0u16; 3];
        for (i, s) in scores.iter_mut().enumerate() {
            *s = u16::from_le_bytes([bytes[16 + 2 * i], bytes[17 + 2 * i]]);
        }
        if scores[k..].iter().any(|&s| s != 0) {
            return Err(SnapshotError::Inconsistent);
        }
        let mut sb = [0u8; 8];
        sb.copy_from_slice(&bytes[22..30]);
        let rng = SplitMix64::new(u64::from_le_bytes(sb));
        let mut cards = [Card::SETTEBELLO; 40];
        for (slot, &b) in cards.iter_mut().zip(&bytes[30..70]) {
            *slot = Card::from_index(b).ok_or(SnapshotError::BadDeck)?;
        }
        let deck = Deck::from_cards(&cards).map_err(|_| SnapshotError::BadDeck)?;
        let dealer = ((u32::from(first_dealer) + u32::from(hand_number)) % u32::from(n)) as u8;
        let mut hand = HandState::from_deck(rules, dealer, &deck).map_err(|e| match e {
            DealError::KingsOnTable { .. } | DealError::Deck(_) => SnapshotError::BadDeck,
            _ => SnapshotError::Inconsistent,
        })?;
        let len = bytes[70];
        if len > rules.plays_per_hand() {
            return Err(SnapshotError::Inconsistent);
        }
        let mut history = heapless::Vec::new();
        for index in 0..40u8 {
            let at = HISTORY + 6 * index as usize;
            let entry = &bytes[at..at + 6];
            if index >= len {
                if entry.iter().any(|&b| b != 0) {
                    return Err(SnapshotError::Inconsistent);
                }
                continue;
            }
            let card = Card::from_index(entry[0]).ok_or(SnapshotError::IllegalPlay { index })?;
            let mv = Move::new(card, get_set(&entry[1..]));
            hand.play(hand.turn(), mv)
                .map_err(|_| SnapshotError::IllegalPlay { index })?;
            history
                .push(mv)
                .map_err(|_| SnapshotError::IllegalPlay { index })?;
        }
        let redeals = bytes[FLAGS] >> 1;
        if redeals != 0 && !rules.kings_redeal {
            return Err(SnapshotError::Inconsistent);
        }
        let last_hand = match bytes[FLAGS] & 1 {
            0 => {
                if bytes[LAST_PILES..CRC].iter().any(|&b| b != 0) {
                    return Err(SnapshotError::Inconsistent);
                }
                None
            }
            1 => {
                let mut piles = [CardSet::EMPTY; 3];
                for (i, pile) in piles.iter_mut().enumerate() {
                    *pile = get_set(&bytes[LAST_PILES + 5 * i..]);
                }
                let mut scope = [0u8; 3];
                scope.copy_from_slice(&bytes[LAST_SCOPE..LAST_SCOPE + 3]);
                if piles[k..].iter().any(|p| !p.is_empty()) || scope[k..].iter().any(|&s| s != 0) {
                    return Err(SnapshotError::Inconsistent);
                }
                let score = score_hand(&rules, &piles[..k], &scope[..k])
                    .map_err(|_| SnapshotError::Inconsistent)?;
                Some(FinishedHand {
                    piles,
                    scope,
                    score,
                })
            }
            _ => return Err(SnapshotError::Inconsistent),
        };
        let winner = winner_of(&rules, scores);
        if hand.is_finished() {
            // The match ended with this hand: it must be recorded as the last one.
            let mut piles = [CardSet::EMPTY; 3];
            let mut scope = [0u8; 3];
            for side in 0..k {
                piles[side] = hand.pile(side as u8);
                scope[side] = hand.scope(side as u8);
            }
            let recorded = last_hand.as_ref().map(|l| (l.piles, l.scope));
            if winner.is_none() || recorded != Some((piles, scope)) {
                return Err(SnapshotError::Inconsistent);
            }
        } else if winner.is_some() || (hand_number == 0) != last_hand.is_none() {
            return Err(SnapshotError::Inconsistent);
        }
        Ok(Match {
            rules,
            hand,
            deck,
            history,
            scores,
            hand_number,
            first_dealer,
            rng,
            winner,
            last_hand,
            redeals,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_reference_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn round_trip_through_a_whole_match() {
        let mut m = Match::new(
            Rules {
                players: 3,
                napola: true,
                ..Rules::default()
            },
            31,
        )
        .unwrap();
        loop {
            let bytes = m.to_bytes();
            assert_eq!(Match::from_bytes(&bytes).as_ref(), Ok(&m));
            if m.is_over() {
                break;
            }
            let mv = *m.legal_moves().last().unwrap();
            m.play(m.turn(), mv).unwrap();
        }
    }

    #[test]
    fn damaged_bytes_are_refused() {
        let m = Match::new(Rules::default(), 4).unwrap();
        let good = m.to_bytes();
        assert_eq!(
            Match::from_bytes(&good[..10]),
            Err(SnapshotError::WrongLength { len: 10 })
        );
        let mut bad = good;
        bad[0] = b'X';
        assert_eq!(Match::from_bytes(&bad), Err(SnapshotError::NotASnapshot));
        let mut bad = good;
        bad[4] = 9;
        assert_eq!(
            Match::from_bytes(&bad),
            Err(SnapshotError::UnsupportedVersion { version: 9 })
        );
        let mut bad = good;
        bad[40] ^= 1;
        assert_eq!(Match::from_bytes(&bad), Err(SnapshotError::Checksum));
    }

    #[test]
    fn a_valid_checksum_does_not_excuse_bad_content() {
        let m = Match::new(Rules::default(), 4).unwrap();
        let mut bad = m.to_bytes();
        bad[31] = bad[30]; // duplicate card in the deck
        let crc = crc32(&bad[..CRC]);
        bad[CRC..].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(Match::from_bytes(&bad), Err(SnapshotError::BadDeck));
    }
}
