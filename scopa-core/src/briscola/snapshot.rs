//! Saving and restoring a whole [`BriscolaMatch`] in a fixed-size, versioned byte format.
//!
//! # Format, version 1 ([`BRISCOLA_SNAPSHOT_LEN`] = 112 bytes, integers little-endian)
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `BRSC` |
//! | 4 | format version (1) |
//! | 5 … 7 | rules: players, hand size, target |
//! | 8 | first dealer |
//! | 9 … 10 | hand number (u16) |
//! | 11 … 13 | hands won per side |
//! | 14 … 21 | PRNG state for the hands to come (u64) |
//! | 22 … 61 | the current hand's deck order, 40 card indices (the 40th is 255 with three players) |
//! | 62 | cards played in the current hand |
//! | 63 … 102 | those cards in order; unused slots are zero |
//! | 103 | flags: bit 0 = a previous hand is recorded |
//! | 104 … 106 | the previous hand's points per side |
//! | 107 | the previous hand's winning side, 255 for a draw |
//! | 108 … 111 | CRC-32 (IEEE) of bytes 0 … 107 |
//!
//! Restoring deals the stored deck again and replays every stored card through the rules,
//! so a restored match is consistent by construction; the counters are checked against what
//! a match can reach. Anything else is refused with a [`BriscolaSnapshotError`].

use core::fmt;

use crate::card::Card;
use crate::deal::SplitMix64;
use crate::snapshot::crc32;

use super::game::BriscolaMatch;
use super::hand::{
    BriscolaDealError, BriscolaHand, BriscolaPlayError, BriscolaScore, FILLER, MAX_SIDES,
};
use super::rules::{BriscolaRules, BriscolaRulesError};

/// Size of a Briscola snapshot in bytes.
pub const BRISCOLA_SNAPSHOT_LEN: usize = 112;
/// The format version written by [`BriscolaMatch::to_bytes`].
pub const BRISCOLA_SNAPSHOT_VERSION: u8 = 1;
const MAGIC: [u8; 4] = *b"BRSC";
const DECK: usize = 22;
const PLAYS: usize = 62;
const FLAGS: usize = 103;
const LAST: usize = 104;
const CRC: usize = 108;
const NONE: u8 = 0xFF;

/// Why bytes could not be restored into a Briscola match: one variant per check, in the
/// order they are made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BriscolaSnapshotError {
    /// Not [`BRISCOLA_SNAPSHOT_LEN`] bytes.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// The bytes do not start with the magic `BRSC`: not a Briscola save.
    NotASnapshot,
    /// Saved by a format version this engine does not read.
    UnsupportedVersion {
        /// The version found.
        version: u8,
    },
    /// The checksum does not match: the bytes were damaged.
    Checksum,
    /// The rules cannot be played.
    Rules(BriscolaRulesError),
    /// The first dealer is not a seat.
    BadDealer,
    /// The hands won do not fit the rules: a side that does not exist, more wins than
    /// hands played, a win past the target, or a finished match that is not finished.
    BadWins,
    /// The deck is not the cards in play, once each.
    BadDeck(BriscolaDealError),
    /// A byte of the deck or of the plays is not a card.
    BadCard {
        /// The byte's position.
        at: usize,
    },
    /// The plays do not fit the hand: more than it has, a play refused by the rules, a
    /// finished hand in a match that goes on, or an unfinished one in a finished match.
    BadPlays {
        /// The play's position (the count when the number itself is wrong).
        index: usize,
        /// Why it was refused, when the rules refused it.
        error: Option<BriscolaPlayError>,
    },
    /// The previous hand's record is inconsistent (no record after the first hand, points
    /// that are not 120 in all, a winner that does not follow from them).
    BadLastHand,
}

impl fmt::Display for BriscolaSnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BriscolaSnapshotError::WrongLength { len } => {
                write!(
                    f,
                    "a Briscola save is {BRISCOLA_SNAPSHOT_LEN} bytes, not {len}"
                )
            }
            BriscolaSnapshotError::NotASnapshot => {
                f.write_str("not a Briscola save (no BRSC magic)")
            }
            BriscolaSnapshotError::UnsupportedVersion { version } => write!(
                f,
                "Briscola save format version {version} is not read by this version (it reads {BRISCOLA_SNAPSHOT_VERSION})"
            ),
            BriscolaSnapshotError::Checksum => {
                f.write_str("the save is damaged (checksum mismatch)")
            }
            BriscolaSnapshotError::Rules(e) => write!(f, "the saved rules cannot be played: {e}"),
            BriscolaSnapshotError::BadDealer => f.write_str("the saved first dealer is not a seat"),
            BriscolaSnapshotError::BadWins => {
                f.write_str("the saved hands won cannot be reached by a match with these rules")
            }
            BriscolaSnapshotError::BadDeck(e) => write!(f, "the saved deck is wrong: {e}"),
            BriscolaSnapshotError::BadCard { at } => {
                write!(f, "byte {at} of the save is not a card")
            }
            BriscolaSnapshotError::BadPlays {
                index,
                error: Some(e),
            } => {
                write!(f, "saved play {index} is refused: {e}")
            }
            BriscolaSnapshotError::BadPlays { index, error: None } => {
                write!(f, "the saved plays do not fit the hand (at play {index})")
            }
            BriscolaSnapshotError::BadLastHand => {
                f.write_str("the saved previous hand is inconsistent")
            }
        }
    }
}

impl core::error::Error for BriscolaSnapshotError {}

fn card_at(b: &[u8], at: usize) -> Result<Card, BriscolaSnapshotError> {
    Card::from_index(b[at]).ok_or(BriscolaSnapshotError::BadCard { at })
}

impl BriscolaMatch {
    /// The generator's state for the hands to come (saved by
    /// [`to_bytes`](BriscolaMatch::to_bytes)).
    pub(super) const fn rng_state(&self) -> u64 {
        self.rng.state()
    }

    /// A match put back together from a save's parts, before its current hand's plays are
    /// replayed by [`replay`](BriscolaMatch::replay).
    pub(super) fn restore(
        rules: BriscolaRules,
        rng: SplitMix64,
        first_dealer: u8,
        hand_number: u16,
        hand: BriscolaHand,
        wins: [u8; MAX_SIDES],
        last: Option<BriscolaScore>,
    ) -> BriscolaMatch {
        BriscolaMatch {
            rules,
            rng,
            first_dealer,
            hand_number,
            hand,
            wins,
            last,
            winner: None,
            plays: [FILLER; 40],
            plays_len: 0,
        }
    }

    /// Replays a save's plays of the current hand: all of them and the match `over` (the
    /// last play wins it), or fewer than the hand has and the match going on. The wins
    /// given to [`restore`](BriscolaMatch::restore) already count the final hand of a
    /// finished match: it is taken off and won again by the replay, which must agree.
    pub(super) fn replay(
        mut self,
        plays: &[u8],
        over: bool,
    ) -> Result<BriscolaMatch, BriscolaSnapshotError> {
        use BriscolaSnapshotError as E;
        let full = usize::from(self.rules.deck_len());
        let stored = (self.wins, self.last);
        if over {
            let Some(side) = self.wins.iter().position(|&w| w >= self.rules.target) else {
                return Err(E::BadWins);
            };
            self.wins[side] -= 1;
            self.last = None;
        }
        if over != (plays.len() == full) {
            return Err(E::BadPlays {
                index: plays.len(),
                error: None,
            });
        }
        for (index, &byte) in plays.iter().enumerate() {
            let card = Card::from_index(byte).ok_or(E::BadPlays { index, error: None })?;
            self.play(self.turn(), card).map_err(|e| E::BadPlays {
                index,
                error: Some(e),
            })?;
        }
        if (self.wins, self.last) != stored || self.winner.is_some() != over {
            return Err(E::BadWins);
        }
        Ok(self)
    }

    /// The match as [`BRISCOLA_SNAPSHOT_LEN`] bytes; [`BriscolaMatch::from_bytes`] restores it.
    ///
    /// ```
    /// use scopa_core::briscola::{BriscolaMatch, BriscolaRules};
    /// let mut m = BriscolaMatch::new(BriscolaRules::default(), 3).unwrap();
    /// let seat = m.turn();
    /// m.play(seat, m.hand().hand(seat).first().unwrap()).unwrap();
    /// assert_eq!(BriscolaMatch::from_bytes(&m.to_bytes()), Ok(m));
    /// ```
    pub fn to_bytes(&self) -> [u8; BRISCOLA_SNAPSHOT_LEN] {
        let mut b = [0u8; BRISCOLA_SNAPSHOT_LEN];
        let r = self.rules();
        b[..4].copy_from_slice(&MAGIC);
        b[4] = BRISCOLA_SNAPSHOT_VERSION;
        b[5..8].copy_from_slice(&[r.players, r.hand_size, r.target]);
        b[8] = self.first_dealer();
        b[9..11].copy_from_slice(&self.hand_number().to_le_bytes());
        b[11..14].copy_from_slice(&self.wins());
        b[14..22].copy_from_slice(&self.rng_state().to_le_bytes());
        b[DECK..DECK + 40].fill(NONE);
        for (slot, card) in b[DECK..DECK + 40].iter_mut().zip(self.hand().deck()) {
            *slot = card.index();
        }
        let history = self.history();
        b[PLAYS] = history.len() as u8;
        for (slot, card) in b[PLAYS + 1..PLAYS + 41].iter_mut().zip(history) {
            *slot = card.index();
        }
        if let Some(last) = self.last_hand() {
            b[FLAGS] = 1;
            b[LAST..LAST + 3].copy_from_slice(&last.points);
            b[LAST + 3] = last.winner.unwrap_or(NONE);
        }
        let crc = crc32(&b[..CRC]);
        b[CRC..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// Restores a match saved by [`BriscolaMatch::to_bytes`], checking everything.
    pub fn from_bytes(b: &[u8]) -> Result<BriscolaMatch, BriscolaSnapshotError> {
        if b.len() != BRISCOLA_SNAPSHOT_LEN {
            return Err(BriscolaSnapshotError::WrongLength { len: b.len() });
        }
        if b[..4] != MAGIC {
            return Err(BriscolaSnapshotError::NotASnapshot);
        }
        if b[4] != BRISCOLA_SNAPSHOT_VERSION {
            return Err(BriscolaSnapshotError::UnsupportedVersion { version: b[4] });
        }
        let mut crc = [0u8; 4];
        crc.copy_from_slice(&b[CRC..]);
        if u32::from_le_bytes(crc) != crc32(&b[..CRC]) {
            return Err(BriscolaSnapshotError::Checksum);
        }
        let rules = BriscolaRules {
            players: b[5],
            hand_size: b[6],
            target: b[7],
            // The decks follow from the players: a one-deck save never holds two.
            decks: 1,
        };
        rules.validate().map_err(BriscolaSnapshotError::Rules)?;
        let first_dealer = b[8];
        if first_dealer >= rules.players {
            return Err(BriscolaSnapshotError::BadDealer);
        }
        let hand_number = u16::from_le_bytes([b[9], b[10]]);
        let mut wins = [0u8; MAX_SIDES];
        wins.copy_from_slice(&b[11..14]);
        let mut rng = [0u8; 8];
        rng.copy_from_slice(&b[14..22]);
        let sides = usize::from(rules.sides());
        let won: u32 = wins.iter().map(|&w| u32::from(w)).sum();
        let winners = wins.iter().filter(|&&w| w >= rules.target).count();
        if wins[sides..].iter().any(|&w| w != 0)
            || won > u32::from(hand_number) + u32::from(winners == 1)
            || winners > 1
            || wins.iter().any(|&w| w > rules.target)
        {
            return Err(BriscolaSnapshotError::BadWins);
        }
        let over = winners == 1;
        let len = usize::from(rules.deck_len());
        let mut deck = [FILLER; 40];
        for (i, slot) in deck.iter_mut().enumerate().take(len) {
            *slot = card_at(b, DECK + i)?;
        }
        if b[DECK + len..DECK + 40].iter().any(|&x| x != NONE) {
            return Err(BriscolaSnapshotError::BadCard { at: DECK + len });
        }
        let dealer =
            ((u32::from(first_dealer) + u32::from(hand_number)) % u32::from(rules.players)) as u8;
        let hand = BriscolaHand::from_deck(rules, dealer, &deck[..len])
            .map_err(BriscolaSnapshotError::BadDeck)?;
        let plays = usize::from(b[PLAYS]);
        if plays > len || b[PLAYS + 1 + plays..PLAYS + 41].iter().any(|&x| x != 0) {
            return Err(BriscolaSnapshotError::BadPlays {
                index: plays,
                error: None,
            });
        }
        // The wins before the current hand's end: the match replays the last play itself.
        let last = if b[FLAGS] & 1 == 1 {
            let mut points = [0u8; MAX_SIDES];
            points.copy_from_slice(&b[LAST..LAST + 3]);
            let score = BriscolaScore::from_points(points, rules.sides());
            let total: u32 = points.iter().map(|&p| u32::from(p)).sum();
            let winner = (b[LAST + 3] != NONE).then_some(b[LAST + 3]);
            if total != 120 || score.winner != winner || points[sides..].iter().any(|&p| p != 0) {
                return Err(BriscolaSnapshotError::BadLastHand);
            }
            Some(score)
        } else if b[LAST..CRC].iter().any(|&x| x != 0) {
            return Err(BriscolaSnapshotError::BadLastHand);
        } else {
            None
        };
        if b[FLAGS] & !1 != 0 || (hand_number > 0) != last.is_some() && !over {
            return Err(BriscolaSnapshotError::BadLastHand);
        }
        let m = BriscolaMatch::restore(
            rules,
            SplitMix64::new(u64::from_le_bytes(rng)),
            first_dealer,
            hand_number,
            hand,
            wins,
            last,
        );
        m.replay(&b[PLAYS + 1..PLAYS + 1 + plays], over)
    }
}
