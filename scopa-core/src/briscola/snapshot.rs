//! Saving and restoring a whole [`BriscolaMatch`] (one deck) or [`TwoDeckMatch`] (two
//! decks, 6 or 8 players) in a fixed-size, versioned byte format. Both formats are written
//! and read by the same generic code; they differ in the magic and in the widths of the
//! per-side fields and of the deck.
//!
//! # Format, version 1 (integers little-endian)
//! One deck: [`BRISCOLA_SNAPSHOT_LEN`] = 112 bytes, magic `BRSC`; two decks:
//! [`TWO_DECK_SNAPSHOT_LEN`] = 194 bytes, magic `BRS2`.
//!
//! | one deck | two decks | content |
//! | --- | --- | --- |
//! | 0 … 3 | 0 … 3 | magic `BRSC` / `BRS2` |
//! | 4 | 4 | format version (1) |
//! | 5 … 7 | 5 … 7 | rules: players, hand size, target (the decks are the format's) |
//! | 8 | 8 | first dealer |
//! | 9 … 10 | 9 … 10 | hand number (u16) |
//! | 11 … 13 | 11 … 14 | hands won per side (3 sides / 4 sides) |
//! | 14 … 21 | 15 … 22 | PRNG state for the hands to come (u64) |
//! | 22 … 61 | 23 … 102 | the current hand's deck order, 40 / 80 card indices (255 past the cards in play: 39 with three players, 78 with six) |
//! | 62 | 103 | cards played in the current hand |
//! | 63 … 102 | 104 … 183 | those cards in order; unused slots are zero |
//! | 103 | 184 | flags: bit 0 = a previous hand is recorded |
//! | 104 … 106 | 185 … 188 | the previous hand's points per side |
//! | 107 | 189 | the previous hand's winning side, 255 for a draw |
//! | 108 … 111 | 190 … 193 | CRC-32 (IEEE) of the bytes before it |
//!
//! Restoring deals the stored deck again and replays every stored card through the rules,
//! so a restored match is consistent by construction; the counters are checked against what
//! a match can reach (a previous hand's points add up to 120 per deck). Anything else is
//! refused with a [`BriscolaSnapshotError`].

use core::fmt;

use crate::card::Card;
use crate::deal::SplitMix64;
use crate::snapshot::crc32;

use super::cards::BriscolaCards;
use super::game::{BriscolaMatch, BriscolaMatchOf, TwoDeckMatch};
use super::hand::{
    BriscolaDealError, BriscolaHandOf, BriscolaPlayError, BriscolaScoreOf, FILLER, MAX_SIDES,
    TWO_DECK_SIDES,
};
use super::rules::{BriscolaRules, BriscolaRulesError};

/// Size of a Briscola snapshot in bytes.
pub const BRISCOLA_SNAPSHOT_LEN: usize = 112;
/// The format version written by [`BriscolaMatch::to_bytes`].
pub const BRISCOLA_SNAPSHOT_VERSION: u8 = 1;
/// Size of a two-deck Briscola snapshot ([`TwoDeckMatch::to_bytes`]) in bytes.
pub const TWO_DECK_SNAPSHOT_LEN: usize = 194;
const MAGIC: [u8; 4] = *b"BRSC";
const TWO_DECK_MAGIC: [u8; 4] = *b"BRS2";
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
    /// that are not 120 in all (240 with two decks), a winner that does not follow from
    /// them).
    BadLastHand,
    /// Not [`TWO_DECK_SNAPSHOT_LEN`] bytes (a two-deck save).
    WrongTwoDeckLength {
        /// The length given.
        len: usize,
    },
    /// The bytes do not start with the magic `BRS2`: not a two-deck Briscola save.
    NotATwoDeckSnapshot,
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
            BriscolaSnapshotError::WrongTwoDeckLength { len } => write!(
                f,
                "a two-deck Briscola save is {TWO_DECK_SNAPSHOT_LEN} bytes, not {len}"
            ),
            BriscolaSnapshotError::NotATwoDeckSnapshot => {
                f.write_str("not a two-deck Briscola save (no BRS2 magic)")
            }
        }
    }
}

impl core::error::Error for BriscolaSnapshotError {}

fn card_at(b: &[u8], at: usize) -> Result<Card, BriscolaSnapshotError> {
    Card::from_index(b[at]).ok_or(BriscolaSnapshotError::BadCard { at })
}

/// Where each part of a snapshot of `SIDES` sides and a `DECK`-card deck starts: the two
/// formats differ only in those two widths.
struct Layout {
    rng: usize,
    deck: usize,
    plays: usize,
    flags: usize,
    last: usize,
    crc: usize,
    len: usize,
}

const fn layout(sides: usize, deck: usize) -> Layout {
    let rng = WINS + sides;
    let deck_at = rng + 8;
    let plays = deck_at + deck;
    let flags = plays + 1 + deck;
    let last = flags + 1;
    let crc = last + sides + 1;
    Layout {
        rng,
        deck: deck_at,
        plays,
        flags,
        last,
        crc,
        len: crc + 4,
    }
}

const WINS: usize = 11;

// The one-deck format is unchanged by the generic layout.
const _: () = {
    let one = layout(MAX_SIDES, 40);
    assert!(one.rng == 14 && one.deck == 22 && one.plays == 62);
    assert!(one.flags == 103 && one.last == 104 && one.crc == 108);
    assert!(one.len == BRISCOLA_SNAPSHOT_LEN);
    assert!(layout(TWO_DECK_SIDES, 80).len == TWO_DECK_SNAPSHOT_LEN);
};

impl<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>
    BriscolaMatchOf<C, SEATS, SIDES, DECK>
{
    const LAYOUT: Layout = layout(SIDES, DECK);
    const MAGIC: [u8; 4] = if C::DECKS == 1 { MAGIC } else { TWO_DECK_MAGIC };

    /// The generator's state for the hands to come (saved by the snapshots).
    pub(super) const fn rng_state(&self) -> u64 {
        self.rng.state()
    }

    /// A match put back together from a save's parts, before its current hand's plays are
    /// replayed by [`replay`](BriscolaMatchOf::replay).
    pub(super) fn restore(
        rules: BriscolaRules,
        rng: SplitMix64,
        first_dealer: u8,
        hand_number: u16,
        hand: BriscolaHandOf<C, SEATS, SIDES, DECK>,
        wins: [u8; SIDES],
        last: Option<BriscolaScoreOf<SIDES>>,
    ) -> Self {
        BriscolaMatchOf {
            rules,
            rng,
            first_dealer,
            hand_number,
            hand,
            wins,
            last,
            winner: None,
            plays: [FILLER; DECK],
            plays_len: 0,
        }
    }

    /// Replays a save's plays of the current hand: all of them and the match `over` (the
    /// last play wins it), or fewer than the hand has and the match going on. The wins
    /// given to [`restore`](BriscolaMatchOf::restore) already count the final hand of a
    /// finished match: it is taken off and won again by the replay, which must agree.
    pub(super) fn replay(
        mut self,
        plays: &[u8],
        over: bool,
    ) -> Result<Self, BriscolaSnapshotError> {
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

    /// Writes the snapshot into `b`, [`Self::LAYOUT`]`.len` bytes of zeros.
    fn write_snapshot(&self, b: &mut [u8]) {
        let at = Self::LAYOUT;
        let r = self.rules();
        b[..4].copy_from_slice(&Self::MAGIC);
        b[4] = BRISCOLA_SNAPSHOT_VERSION;
        b[5..8].copy_from_slice(&[r.players, r.hand_size, r.target]);
        b[8] = self.first_dealer();
        b[9..11].copy_from_slice(&self.hand_number().to_le_bytes());
        b[WINS..at.rng].copy_from_slice(&self.wins());
        b[at.rng..at.deck].copy_from_slice(&self.rng_state().to_le_bytes());
        b[at.deck..at.plays].fill(NONE);
        for (slot, card) in b[at.deck..at.plays].iter_mut().zip(self.hand().deck()) {
            *slot = card.index();
        }
        let history = self.history();
        b[at.plays] = history.len() as u8;
        for (slot, card) in b[at.plays + 1..at.flags].iter_mut().zip(history) {
            *slot = card.index();
        }
        if let Some(last) = self.last_hand() {
            b[at.flags] = 1;
            b[at.last..at.last + SIDES].copy_from_slice(&last.points);
            b[at.last + SIDES] = last.winner.unwrap_or(NONE);
        }
        let crc = crc32(&b[..at.crc]);
        b[at.crc..at.len].copy_from_slice(&crc.to_le_bytes());
    }

    /// Reads a snapshot written by [`write_snapshot`](BriscolaMatchOf::write_snapshot),
    /// checking everything.
    fn read_snapshot(b: &[u8]) -> Result<Self, BriscolaSnapshotError> {
        use BriscolaSnapshotError as E;
        let one_deck = C::DECKS == 1;
        let at = Self::LAYOUT;
        if b.len() != at.len {
            let len = b.len();
            return Err(if one_deck {
                E::WrongLength { len }
            } else {
                E::WrongTwoDeckLength { len }
            });
        }
        if b[..4] != Self::MAGIC {
            return Err(if one_deck {
                E::NotASnapshot
            } else {
                E::NotATwoDeckSnapshot
            });
        }
        if b[4] != BRISCOLA_SNAPSHOT_VERSION {
            return Err(E::UnsupportedVersion { version: b[4] });
        }
        let mut crc = [0u8; 4];
        crc.copy_from_slice(&b[at.crc..]);
        if u32::from_le_bytes(crc) != crc32(&b[..at.crc]) {
            return Err(E::Checksum);
        }
        let rules = BriscolaRules {
            players: b[5],
            hand_size: b[6],
            target: b[7],
            // The decks are the format's: a one-deck save never holds two.
            decks: C::DECKS,
        };
        rules.validate().map_err(E::Rules)?;
        let first_dealer = b[8];
        if first_dealer >= rules.players {
            return Err(E::BadDealer);
        }
        let hand_number = u16::from_le_bytes([b[9], b[10]]);
        let mut wins = [0u8; SIDES];
        wins.copy_from_slice(&b[WINS..at.rng]);
        let mut rng = [0u8; 8];
        rng.copy_from_slice(&b[at.rng..at.deck]);
        let sides = usize::from(rules.sides());
        let won: u32 = wins.iter().map(|&w| u32::from(w)).sum();
        let winners = wins.iter().filter(|&&w| w >= rules.target).count();
        if wins[sides..].iter().any(|&w| w != 0)
            || won > u32::from(hand_number) + u32::from(winners == 1)
            || winners > 1
            || wins.iter().any(|&w| w > rules.target)
        {
            return Err(E::BadWins);
        }
        let over = winners == 1;
        let len = usize::from(rules.deck_len());
        let mut deck = [FILLER; DECK];
        for (i, slot) in deck.iter_mut().enumerate().take(len) {
            *slot = card_at(b, at.deck + i)?;
        }
        if b[at.deck + len..at.plays].iter().any(|&x| x != NONE) {
            return Err(E::BadCard { at: at.deck + len });
        }
        let dealer =
            ((u32::from(first_dealer) + u32::from(hand_number)) % u32::from(rules.players)) as u8;
        let hand = BriscolaHandOf::from_deck(rules, dealer, &deck[..len]).map_err(E::BadDeck)?;
        let plays = usize::from(b[at.plays]);
        if plays > len || b[at.plays + 1 + plays..at.flags].iter().any(|&x| x != 0) {
            return Err(E::BadPlays {
                index: plays,
                error: None,
            });
        }
        // The wins before the current hand's end: the match replays the last play itself.
        let last = if b[at.flags] & 1 == 1 {
            let mut points = [0u8; SIDES];
            points.copy_from_slice(&b[at.last..at.last + SIDES]);
            let score = BriscolaScoreOf::from_points(points, rules.sides());
            let total: u32 = points.iter().map(|&p| u32::from(p)).sum();
            let winner = (b[at.last + SIDES] != NONE).then_some(b[at.last + SIDES]);
            if total != 120 * u32::from(C::DECKS)
                || score.winner != winner
                || points[sides..].iter().any(|&p| p != 0)
            {
                return Err(E::BadLastHand);
            }
            Some(score)
        } else if b[at.last..at.crc].iter().any(|&x| x != 0) {
            return Err(E::BadLastHand);
        } else {
            None
        };
        if b[at.flags] & !1 != 0 || (hand_number > 0) != last.is_some() && !over {
            return Err(E::BadLastHand);
        }
        let m = Self::restore(
            rules,
            SplitMix64::new(u64::from_le_bytes(rng)),
            first_dealer,
            hand_number,
            hand,
            wins,
            last,
        );
        m.replay(&b[at.plays + 1..at.plays + 1 + plays], over)
    }
}

impl BriscolaMatch {
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
        self.write_snapshot(&mut b);
        b
    }

    /// Restores a match saved by [`BriscolaMatch::to_bytes`], checking everything.
    pub fn from_bytes(b: &[u8]) -> Result<BriscolaMatch, BriscolaSnapshotError> {
        BriscolaMatch::read_snapshot(b)
    }
}

impl TwoDeckMatch {
    /// The two-deck match as [`TWO_DECK_SNAPSHOT_LEN`] bytes (see the
    /// [module docs](super::snapshot)); [`TwoDeckMatch::from_bytes`] restores it.
    ///
    /// ```
    /// use scopa_core::briscola::{BriscolaRules, TWO_DECK_SNAPSHOT_LEN, TwoDeckMatch};
    /// let rules = BriscolaRules { players: 6, decks: 2, ..BriscolaRules::default() };
    /// let mut m = TwoDeckMatch::new(rules, 3).unwrap();
    /// for _ in 0..10 {
    ///     let seat = m.turn();
    ///     m.play(seat, m.hand().hand(seat).iter().next().unwrap()).unwrap();
    /// }
    /// let bytes = m.to_bytes();
    /// assert_eq!(bytes.len(), TWO_DECK_SNAPSHOT_LEN);
    /// assert_eq!(TwoDeckMatch::from_bytes(&bytes), Ok(m));
    /// ```
    pub fn to_bytes(&self) -> [u8; TWO_DECK_SNAPSHOT_LEN] {
        let mut b = [0u8; TWO_DECK_SNAPSHOT_LEN];
        self.write_snapshot(&mut b);
        b
    }

    /// Restores a match saved by [`TwoDeckMatch::to_bytes`], checking everything as
    /// [`BriscolaMatch::from_bytes`] does.
    pub fn from_bytes(b: &[u8]) -> Result<TwoDeckMatch, BriscolaSnapshotError> {
        TwoDeckMatch::read_snapshot(b)
    }
}
