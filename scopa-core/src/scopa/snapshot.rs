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

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{Deck, DeckError, SplitMix64};
use crate::scopa::capture::Move;
use crate::scopa::game::{FinishedHand, Match, winner_after_hand, winner_of};
use crate::scopa::hand::{DealError, HandState, PlayError};
use crate::scopa::rules::{Rules, RulesError};
use crate::scopa::score::{ScoreError, score_hand};
use crate::snapshot::crc32;

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

/// Why bytes could not be restored into a match: one variant per check of
/// [`Match::from_bytes`], in the order they are made, each naming what was wrong.
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
    /// A rules byte holds an option code that does not exist.
    RulesOutOfRange,
    /// The rules decode but cannot be played together.
    ImpossibleRules(RulesError),
    /// The first dealer is not a seat.
    BadDealer {
        /// The dealer stored.
        dealer: u8,
        /// Players in the game.
        players: u8,
    },
    /// The hand number is past the last hand a match can have ([`Match::MAX_HANDS`]).
    HandNumberTooHigh {
        /// The hand number stored.
        hand_number: u16,
    },
    /// A score is stored for a side these rules do not have.
    ScoreForMissingSide {
        /// The side.
        side: u8,
        /// Its score.
        score: u16,
    },
    /// A byte of the deck is not a card.
    BadDeckCard {
        /// Position in the deck (0-based).
        position: u8,
        /// The byte found.
        byte: u8,
    },
    /// The deck is not 40 distinct cards.
    BadDeck(DeckError),
    /// The deck cannot be dealt under these rules (a kings redeal).
    BadDeal(DealError),
    /// More plays than a hand has.
    TooManyPlays {
        /// Plays stored.
        plays: u8,
        /// Plays in a hand under these rules.
        max: u8,
    },
    /// A play slot past the stored plays is not zero.
    UnusedPlaySlot {
        /// Position of the slot.
        index: u8,
    },
    /// The card byte of play `index` is not a card.
    BadPlayCard {
        /// Position in the hand.
        index: u8,
        /// The byte found.
        byte: u8,
    },
    /// Play `index` of the stored hand is not legal.
    IllegalPlay {
        /// Position in the hand.
        index: u8,
        /// Why the rules refuse it.
        error: PlayError,
    },
    /// Kings redeals are recorded for the current hand, but the rules have no
    /// `kings_redeal`.
    RedealsWithoutKingsRedeal {
        /// The redeals recorded.
        redeals: u8,
    },
    /// No previous hand is flagged, yet its bytes are not zero.
    UnusedLastHand,
    /// The previous hand has a pile or scope for a side these rules do not have.
    LastHandMissingSide {
        /// The side.
        side: u8,
    },
    /// The previous hand gives a side more scope than its plays could make.
    LastHandScope {
        /// The side.
        side: u8,
        /// Scope stored.
        scope: u8,
        /// The most a side can make ([`Rules::max_scope`]).
        max: u8,
    },
    /// The previous hand's piles cannot be scored (a card in two piles).
    LastHandPiles(ScoreError),
    /// A card is in none of the previous hand's piles (every hand ends with all 40 taken).
    LastHandCardMissing {
        /// The card.
        card: Card,
    },
    /// The match is over (or past its first hand) but no finished hand is recorded.
    MissingLastHand,
    /// The first hand is being played, yet a previous hand is recorded.
    UnexpectedLastHand,
    /// The match ended with the current hand, but the recorded last hand is another.
    LastHandMismatch,
    /// A score is lower than the points the recorded last hand gave that side.
    ScoreBelowLastHand {
        /// The side.
        side: u8,
        /// Its score.
        score: u16,
        /// Its points in the last hand.
        last: u16,
    },
    /// A score is higher than the hands played can give ([`Rules::max_hand_points`] a hand).
    ScoreOutOfReach {
        /// The side.
        side: u8,
        /// Its score.
        score: u16,
        /// The most it can have.
        max: u32,
    },
    /// The scores before the last hand already made a winner: that hand was never played.
    WonBeforeLastHand {
        /// The side that had already won.
        winner: u8,
    },
    /// The match is still being played, yet the scores make a winner.
    AlreadyWon {
        /// The side the scores make the winner.
        winner: u8,
    },
    /// The match's last hand is over, yet the scores make no winner.
    NoWinner,
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
            SnapshotError::RulesOutOfRange => f.write_str(
                "the save's rules (bytes 5 to 12) hold an option code that does not exist",
            ),
            SnapshotError::ImpossibleRules(e) => write!(f, "the save's rules are impossible: {e}"),
            SnapshotError::BadDealer { dealer, players } => write!(
                f,
                "the save's first dealer {dealer} is not a seat of a {players}-player game"
            ),
            SnapshotError::HandNumberTooHigh { hand_number } => write!(
                f,
                "the save's hand number {hand_number} is past the last hand a match has ({})",
                Match::MAX_HANDS - 1
            ),
            SnapshotError::ScoreForMissingSide { side, score } => write!(
                f,
                "the save gives {score} points to side {side}, which these rules do not have"
            ),
            SnapshotError::BadDeckCard { position, byte } => write!(
                f,
                "byte {byte} at deck position {position} of the save is not a card"
            ),
            SnapshotError::BadDeck(e) => write!(f, "the save's deck is not a deck: {e}"),
            SnapshotError::BadDeal(e) => write!(f, "the save's deck cannot be dealt: {e}"),
            SnapshotError::TooManyPlays { plays, max } => write!(
                f,
                "the save records {plays} plays in the current hand, but a hand has {max}"
            ),
            SnapshotError::UnusedPlaySlot { index } => write!(
                f,
                "play slot {index} of the save is past the plays made but not zero"
            ),
            SnapshotError::BadPlayCard { index, byte } => write!(
                f,
                "play {index} of the saved hand names byte {byte}, which is not a card"
            ),
            SnapshotError::IllegalPlay { index, error } => {
                write!(f, "play {index} of the saved hand is not legal: {error}")
            }
            SnapshotError::RedealsWithoutKingsRedeal { redeals } => write!(
                f,
                "the save records {redeals} kings redeals for its hand, but its rules have no kings_redeal"
            ),
            SnapshotError::UnusedLastHand => f.write_str(
                "the save records no previous hand, yet its previous-hand bytes are not zero",
            ),
            SnapshotError::LastHandMissingSide { side } => write!(
                f,
                "the save's previous hand has a pile or scope for side {side}, which these rules do not have"
            ),
            SnapshotError::LastHandScope { side, scope, max } => write!(
                f,
                "the save's previous hand gives side {side} {scope} scope; a side makes at most {max} in a hand"
            ),
            SnapshotError::LastHandPiles(e) => {
                write!(f, "the save's previous hand cannot be scored: {e}")
            }
            SnapshotError::LastHandCardMissing { card } => write!(
                f,
                "card {card} is in no pile of the save's previous hand (a hand ends with all 40 cards taken)"
            ),
            SnapshotError::MissingLastHand => {
                f.write_str("the save is past its first hand but records no finished hand")
            }
            SnapshotError::UnexpectedLastHand => {
                f.write_str("the save is in its first hand yet records a previous hand")
            }
            SnapshotError::LastHandMismatch => f.write_str(
                "the save's match ended with its current hand, but the recorded last hand is a different one",
            ),
            SnapshotError::ScoreBelowLastHand { side, score, last } => write!(
                f,
                "the save gives side {side} {score} points, fewer than the {last} of its last hand"
            ),
            SnapshotError::ScoreOutOfReach { side, score, max } => write!(
                f,
                "the save gives side {side} {score} points; the hands played can give it at most {max}"
            ),
            SnapshotError::WonBeforeLastHand { winner } => write!(
                f,
                "the save's scores before its last hand had already made side {winner} the winner"
            ),
            SnapshotError::AlreadyWon { winner } => write!(
                f,
                "the save's match is still being played, yet its scores make side {winner} the winner"
            ),
            SnapshotError::NoWinner => {
                f.write_str("the save's match is over, yet its scores make no winner")
            }
        }
    }
}

impl core::error::Error for SnapshotError {}

/// The checks both Scopa save formats make — one deck (`SCPA`, [`Match::from_bytes`]) and
/// two (`SCP2`, [`TeamMatch::from_bytes`](crate::scopa::teams::TeamMatch::from_bytes)) —
/// written once: the header, the match's head, whether a previous hand is recorded, and the
/// scores against the hands played. Each format's error type has a variant of the same
/// name and fields for each ([`common_errors!`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Common {
    WrongLength { len: usize },
    NotASnapshot,
    UnsupportedVersion { version: u8 },
    Checksum,
    RulesOutOfRange,
    BadDealer { dealer: u8, players: u8 },
    HandNumberTooHigh { hand_number: u16 },
    ScoreForMissingSide { side: u8, score: u16 },
    MissingLastHand,
    UnexpectedLastHand,
    ScoreBelowLastHand { side: u8, score: u16, last: u16 },
    ScoreOutOfReach { side: u8, score: u16, max: u32 },
    WonBeforeLastHand { winner: u8 },
    AlreadyWon { winner: u8 },
    NoWinner,
}

/// `From<Common>` for a save format's error type (its variants of [`Common`]'s names).
macro_rules! common_errors {
    ($error:ident) => {
        impl From<crate::scopa::snapshot::Common> for $error {
            fn from(c: crate::scopa::snapshot::Common) -> $error {
                use crate::scopa::snapshot::Common as C;
                match c {
                    C::WrongLength { len } => $error::WrongLength { len },
                    C::NotASnapshot => $error::NotASnapshot,
                    C::UnsupportedVersion { version } => $error::UnsupportedVersion { version },
                    C::Checksum => $error::Checksum,
                    C::RulesOutOfRange => $error::RulesOutOfRange,
                    C::BadDealer { dealer, players } => $error::BadDealer { dealer, players },
                    C::HandNumberTooHigh { hand_number } => {
                        $error::HandNumberTooHigh { hand_number }
                    }
                    C::ScoreForMissingSide { side, score } => {
                        $error::ScoreForMissingSide { side, score }
                    }
                    C::MissingLastHand => $error::MissingLastHand,
                    C::UnexpectedLastHand => $error::UnexpectedLastHand,
                    C::ScoreBelowLastHand { side, score, last } => {
                        $error::ScoreBelowLastHand { side, score, last }
                    }
                    C::ScoreOutOfReach { side, score, max } => {
                        $error::ScoreOutOfReach { side, score, max }
                    }
                    C::WonBeforeLastHand { winner } => $error::WonBeforeLastHand { winner },
                    C::AlreadyWon { winner } => $error::AlreadyWon { winner },
                    C::NoWinner => $error::NoWinner,
                }
            }
        }
    };
}
pub(crate) use common_errors;

common_errors!(SnapshotError);

/// The header of a save of `len` bytes: its length, `magic`, `version`, the CRC-32 in its
/// last 4 bytes, and the rules in bytes 5 … 12 (decoded, not yet checked for the game).
pub(crate) fn open(bytes: &[u8], len: usize, magic: [u8; 4], version: u8) -> Result<Rules, Common> {
    if bytes.len() != len {
        return Err(Common::WrongLength { len: bytes.len() });
    }
    if bytes[0..4] != magic {
        return Err(Common::NotASnapshot);
    }
    if bytes[4] != version {
        return Err(Common::UnsupportedVersion { version: bytes[4] });
    }
    let at = len - 4;
    let mut crc = [0u8; 4];
    crc.copy_from_slice(&bytes[at..]);
    if crc32(&bytes[..at]) != u32::from_le_bytes(crc) {
        return Err(Common::Checksum);
    }
    let mut rb = [0u8; 8];
    rb.copy_from_slice(&bytes[5..13]);
    Rules::from_bytes(rb).ok_or(Common::RulesOutOfRange)
}

/// The head of a save under checked `rules`: the first dealer (byte 13), the hand number
/// (bytes 14 … 15) and `SIDES` scores from byte 16, none for a side the rules lack.
pub(crate) fn read_head<const SIDES: usize>(
    bytes: &[u8],
    rules: &Rules,
) -> Result<(u8, u16, [u16; SIDES]), Common> {
    let first_dealer = bytes[13];
    if first_dealer >= rules.players {
        return Err(Common::BadDealer {
            dealer: first_dealer,
            players: rules.players,
        });
    }
    let hand_number = u16::from_le_bytes([bytes[14], bytes[15]]);
    if hand_number >= Match::MAX_HANDS {
        return Err(Common::HandNumberTooHigh { hand_number });
    }
    let mut scores = [0u16; SIDES];
    for (i, s) in scores.iter_mut().enumerate() {
        *s = u16::from_le_bytes([bytes[16 + 2 * i], bytes[17 + 2 * i]]);
    }
    for (side, &score) in scores.iter().enumerate().skip(usize::from(rules.sides())) {
        if score != 0 {
            return Err(Common::ScoreForMissingSide {
                side: side as u8,
                score,
            });
        }
    }
    Ok((first_dealer, hand_number, scores))
}

/// Whether a previous hand is recorded exactly when there is one: once the current hand
/// is `over`, or past the first hand.
pub(crate) fn check_last(recorded: bool, over: bool, hand_number: u16) -> Result<(), Common> {
    match (recorded, over) {
        (false, true) => Err(Common::MissingLastHand),
        (false, false) if hand_number > 0 => Err(Common::MissingLastHand),
        (true, false) if hand_number == 0 => Err(Common::UnexpectedLastHand),
        _ => Ok(()),
    }
}

/// The winner the `scores` make (`None` while the match goes on), after checking they fit
/// the hands played: `hand_number` hands before the current one, which is `over` or not,
/// the last finished hand giving `last_points` per side — no side above
/// [`Rules::max_hand_points`] per finished hand, none below its last hand's points, no
/// winner before the last hand, and a winner exactly when the match is over.
pub(crate) fn check_scores<const SIDES: usize>(
    rules: &Rules,
    scores: [u16; SIDES],
    hand_number: u16,
    over: bool,
    last_points: [u16; crate::seats::MAX_SIDES],
) -> Result<Option<u8>, Common> {
    let finished = u32::from(hand_number) + u32::from(over);
    let per_hand = u32::from(rules.max_hand_points());
    let mut before = [0u16; SIDES];
    for side in 0..usize::from(rules.sides()).min(SIDES) {
        let (score, last) = (scores[side], last_points[side]);
        let Some(earlier) = score.checked_sub(last) else {
            return Err(Common::ScoreBelowLastHand {
                side: side as u8,
                score,
                last,
            });
        };
        // The hands before the last one give at most `per_hand` each.
        let max = finished.saturating_sub(1) * per_hand + u32::from(last);
        if u32::from(score) > max {
            return Err(Common::ScoreOutOfReach {
                side: side as u8,
                score,
                max,
            });
        }
        before[side] = earlier;
    }
    if let Some(winner) = winner_of(rules, before) {
        return Err(Common::WonBeforeLastHand { winner });
    }
    if over {
        let winner = winner_after_hand(rules, scores, hand_number);
        if winner.is_none() {
            return Err(Common::NoWinner);
        }
        Ok(winner)
    } else {
        if let Some(winner) = winner_of(rules, scores) {
            return Err(Common::AlreadyWon { winner });
        }
        Ok(None)
    }
}

/// Writes `set` in 5 bytes (40 bits, little-endian).
pub(crate) fn put_set(out: &mut [u8], set: CardSet) {
    out[..5].copy_from_slice(&set.bits().to_le_bytes()[..5]);
}

/// Reads a set written by [`put_set`].
pub(crate) fn get_set(bytes: &[u8]) -> CardSet {
    let mut b = [0u8; 8];
    b[..5].copy_from_slice(&bytes[..5]);
    // Five bytes hold 40 bits: always a valid set.
    CardSet::from_bits_truncate(u64::from_le_bytes(b))
}

impl Match {
    /// The match as [`SNAPSHOT_LEN`] bytes (see the [module docs](crate::scopa::snapshot)).
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
        out[FLAGS] = self.redeals.min(crate::scopa::game::MAX_REDEALS) << 1;
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

    /// Restores a match saved by [`Match::to_bytes`]. Any byte string gives either a match
    /// some play of the rules can reach, or the [`SnapshotError`] of the first check it
    /// fails; it never panics. Everything a restored match can go on to reach saves and
    /// restores again.
    ///
    /// Beyond the format, the stored hand is replayed through the rules, the previous
    /// hand must be a whole scored hand, and the scores must fit the hands played: no side
    /// above [`Rules::max_hand_points`] per finished hand, none below its last hand's points,
    /// no winner before the last hand, and a winner exactly when the match is over.
    pub fn from_bytes(bytes: &[u8]) -> Result<Match, SnapshotError> {
        let rules = open(bytes, SNAPSHOT_LEN, MAGIC, SNAPSHOT_VERSION)?;
        rules
            .validate_one_deck()
            .map_err(SnapshotError::ImpossibleRules)?;
        let n = rules.players;
        let k = rules.sides() as usize;
        let (first_dealer, hand_number, scores) = read_head::<3>(bytes, &rules)?;
        let mut sb = [0u8; 8];
        sb.copy_from_slice(&bytes[22..30]);
        let rng = SplitMix64::new(u64::from_le_bytes(sb));
        let mut cards = [Card::SETTEBELLO; 40];
        for (position, (slot, &byte)) in cards.iter_mut().zip(&bytes[30..70]).enumerate() {
            *slot = Card::from_index(byte).ok_or(SnapshotError::BadDeckCard {
                position: position as u8,
                byte,
            })?;
        }
        let deck = Deck::from_cards(&cards).map_err(SnapshotError::BadDeck)?;
        // Below MAX_HANDS and 4 players: no overflow.
        let dealer = ((u32::from(first_dealer) + u32::from(hand_number)) % u32::from(n)) as u8;
        let mut hand =
            HandState::from_deck(rules, dealer, &deck).map_err(SnapshotError::BadDeal)?;
        let len = bytes[70];
        if len > rules.plays_per_hand() {
            return Err(SnapshotError::TooManyPlays {
                plays: len,
                max: rules.plays_per_hand(),
            });
        }
        let mut history = heapless::Vec::new();
        for index in 0..40u8 {
            let at = HISTORY + 6 * index as usize;
            let entry = &bytes[at..at + 6];
            if index >= len {
                if entry.iter().any(|&b| b != 0) {
                    return Err(SnapshotError::UnusedPlaySlot { index });
                }
                continue;
            }
            let card = Card::from_index(entry[0]).ok_or(SnapshotError::BadPlayCard {
                index,
                byte: entry[0],
            })?;
            let mv = Move::new(card, get_set(&entry[1..]));
            hand.play(hand.turn(), mv)
                .map_err(|error| SnapshotError::IllegalPlay { index, error })?;
            // `len` ≤ 40 plays: the list has room for every one.
            let _ = history.push(mv);
        }
        let redeals = bytes[FLAGS] >> 1;
        if redeals != 0 && !rules.kings_redeal {
            return Err(SnapshotError::RedealsWithoutKingsRedeal { redeals });
        }
        let last_hand = match bytes[FLAGS] & 1 {
            0 if bytes[LAST_PILES..CRC].iter().any(|&b| b != 0) => {
                return Err(SnapshotError::UnusedLastHand);
            }
            0 => None,
            _ => Some(last_hand_of(&rules, bytes)?),
        };
        let over = hand.is_finished();
        check_last(last_hand.is_some(), over, hand_number)?;
        if let (Some(last), true) = (&last_hand, over) {
            // The match ended with this hand: it must be the one recorded.
            let mut piles = [CardSet::EMPTY; 3];
            let mut scope = [0u8; 3];
            for side in 0..k {
                piles[side] = hand.pile(side as u8);
                scope[side] = hand.scope(side as u8);
            }
            if (last.piles, last.scope) != (piles, scope) {
                return Err(SnapshotError::LastHandMismatch);
            }
        }
        let last_points = last_hand.map_or([0; crate::seats::MAX_SIDES], |l| l.score.totals());
        let winner = check_scores(&rules, scores, hand_number, over, last_points)?;
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

/// The previous hand stored in `bytes` (flag set): a whole hand, scored.
fn last_hand_of(rules: &Rules, bytes: &[u8]) -> Result<FinishedHand, SnapshotError> {
    let k = rules.sides() as usize;
    let mut piles = [CardSet::EMPTY; 3];
    for (i, pile) in piles.iter_mut().enumerate() {
        *pile = get_set(&bytes[LAST_PILES + 5 * i..]);
    }
    let mut scope = [0u8; 3];
    scope.copy_from_slice(&bytes[LAST_SCOPE..LAST_SCOPE + 3]);
    for side in k..3 {
        if !piles[side].is_empty() || scope[side] != 0 {
            return Err(SnapshotError::LastHandMissingSide { side: side as u8 });
        }
    }
    let max = rules.max_scope();
    for (side, &made) in scope.iter().enumerate().take(k) {
        if made > max {
            return Err(SnapshotError::LastHandScope {
                side: side as u8,
                scope: made,
                max,
            });
        }
    }
    let score =
        score_hand(rules, &piles[..k], &scope[..k]).map_err(SnapshotError::LastHandPiles)?;
    let taken = piles[0].union(piles[1]).union(piles[2]);
    if let Some(card) = (CardSet::ALL - taken).first() {
        return Err(SnapshotError::LastHandCardMissing { card });
    }
    Ok(FinishedHand {
        piles,
        scope,
        score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scopa::capture::MoveList;
    use std::string::ToString;

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

    /// The kings redeals of the current hand are saved and restored, under `kings_redeal`;
    /// without it a save (with none) restores too.
    #[test]
    fn redeals_round_trip() {
        let m = (0..20_000)
            .map(|seed| Match::new(Rules::default(), seed).unwrap())
            .find(|m| m.redeals() > 0)
            .unwrap();
        let b = m.to_bytes();
        assert_eq!(b[FLAGS] >> 1, m.redeals());
        assert_eq!(Match::from_bytes(&b), Ok(m));
        let no_redeal = Rules {
            kings_redeal: false,
            ..Rules::default()
        };
        let m = Match::new(no_redeal, 4).unwrap();
        assert_eq!(Match::from_bytes(&m.to_bytes()), Ok(m));
    }

    // ----- one save per check, breaking exactly that check -----

    type Bytes = [u8; SNAPSHOT_LEN];

    /// Recomputes the checksum, so the content checks are reached.
    fn reseal(mut b: Bytes) -> Bytes {
        let crc = crc32(&b[..CRC]);
        b[CRC..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    fn refused(b: Bytes, expected: SnapshotError) {
        assert_eq!(Match::from_bytes(&reseal(b)), Err(expected));
        assert!(!expected.to_string().is_empty());
    }

    fn rules(target: u8) -> Rules {
        Rules {
            target,
            ..Rules::default()
        }
    }

    fn first_move(m: &Match) -> Move {
        let moves: MoveList = m.legal_moves();
        moves[0]
    }

    /// A match of `rules` played with first moves until `stop` says so.
    fn played(rules: Rules, seed: u64, stop: impl Fn(&Match) -> bool) -> Match {
        let mut m = Match::new(rules, seed).unwrap();
        while !stop(&m) {
            m.play(m.turn(), first_move(&m)).unwrap();
        }
        m
    }

    /// A match (target 50) at the start of hand `hand`.
    fn at_hand(hand: u16, seed: u64) -> Match {
        played(rules(50), seed, |m| {
            m.hand_number() == hand && m.history().is_empty()
        })
    }

    fn set_u16(b: &mut Bytes, at: usize, v: u16) {
        b[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }

    fn set_scores(b: &mut Bytes, scores: [u16; 3]) {
        for (i, s) in scores.into_iter().enumerate() {
            set_u16(b, 16 + 2 * i, s);
        }
    }

    fn set_pile(b: &mut Bytes, side: usize, pile: CardSet) {
        put_set(&mut b[LAST_PILES + 5 * side..], pile);
    }

    fn last_totals(m: &Match) -> [u16; 3] {
        let t = m.last_hand().unwrap().score.totals();
        [t[0], t[1], t[2]]
    }

    #[test]
    fn the_format_checks_name_what_is_wrong() {
        let good = Match::new(Rules::default(), 4).unwrap().to_bytes();
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
        // A recomputed checksum over the same change reaches the content checks.
        assert!(matches!(
            Match::from_bytes(&reseal(bad)),
            Err(SnapshotError::BadDeck(_) | SnapshotError::BadDeckCard { .. })
        ));
    }

    #[test]
    fn rules_checks() {
        let good = Match::new(Rules::default(), 4).unwrap().to_bytes();
        let mut b = good;
        b[6] = 3; // deal kind 3 does not exist
        refused(b, SnapshotError::RulesOutOfRange);
        let mut b = good;
        b[5] = 5; // five players
        refused(
            b,
            SnapshotError::ImpossibleRules(RulesError::BadPlayers { players: 5 }),
        );
        let mut b = good;
        b[7] = 0; // target 0
        refused(b, SnapshotError::ImpossibleRules(RulesError::ZeroTarget));
        let mut b = good;
        b[13] = 2;
        refused(
            b,
            SnapshotError::BadDealer {
                dealer: 2,
                players: 2,
            },
        );
    }

    #[test]
    fn hand_numbers_past_the_last_hand_are_refused() {
        let good = at_hand(1, 7).to_bytes();
        for hand_number in [Match::MAX_HANDS, Match::MAX_HANDS + 1, u16::MAX] {
            let mut b = good;
            set_u16(&mut b, 14, hand_number);
            refused(b, SnapshotError::HandNumberTooHigh { hand_number });
        }
    }

    /// Defect 2 of the hardening issue: a save at hand 65535 (with a previous hand, mid
    /// hand) was accepted; at the end of that hand the number wrapped to 0 and the match
    /// could no longer be saved and restored.
    #[test]
    fn a_save_at_hand_65535_is_refused_instead_of_wrapping() {
        let m = played(rules(50), 7, |m| {
            m.hand_number() == 1 && m.history().len() == 5
        });
        let mut b = m.to_bytes();
        set_u16(&mut b, 14, u16::MAX); // the same dealer as hand 1 with 2 players
        refused(
            b,
            SnapshotError::HandNumberTooHigh {
                hand_number: u16::MAX,
            },
        );
    }

    #[test]
    fn a_score_for_a_missing_side_is_refused() {
        let mut b = Match::new(Rules::default(), 4).unwrap().to_bytes();
        set_u16(&mut b, 20, 3);
        refused(b, SnapshotError::ScoreForMissingSide { side: 2, score: 3 });
    }

    #[test]
    fn deck_checks() {
        let good = Match::new(Rules::default(), 4).unwrap().to_bytes();
        let mut b = good;
        b[30 + 5] = 40;
        refused(
            b,
            SnapshotError::BadDeckCard {
                position: 5,
                byte: 40,
            },
        );
        let mut b = good;
        b[31] = b[30];
        let card = Card::from_index(b[30]).unwrap();
        refused(
            b,
            SnapshotError::BadDeck(DeckError::Duplicate { card, position: 1 }),
        );
        // Three Kings on the initial table (positions 6, 7, 8 with 2 players).
        let mut b = good;
        let kings: [usize; 4] = core::array::from_fn(|i| {
            let king = Card::from_index(10 * i as u8 + 9).unwrap().index();
            b[30..70].iter().position(|&x| x == king).unwrap()
        });
        let mut deck = [0u8; 40];
        deck.copy_from_slice(&b[30..70]);
        let order: [u8; 4] = core::array::from_fn(|i| deck[kings[i]]);
        let others = deck.iter().copied().filter(|x| !order.contains(x));
        let mut rebuilt = [0u8; 40];
        let mut others = others;
        for (pos, slot) in rebuilt.iter_mut().enumerate() {
            *slot = match pos {
                6..=8 => order[pos - 6],
                39 => order[3],
                _ => others.next().unwrap(),
            };
        }
        b[30..70].copy_from_slice(&rebuilt);
        refused(
            b,
            SnapshotError::BadDeal(DealError::KingsOnTable { kings: 3 }),
        );
    }

    #[test]
    fn play_checks() {
        let fresh = Match::new(Rules::default(), 4).unwrap();
        let mut b = fresh.to_bytes();
        b[70] = 37;
        refused(b, SnapshotError::TooManyPlays { plays: 37, max: 36 });
        let mut b = fresh.to_bytes();
        b[HISTORY + 6 * 3 + 1] = 1;
        refused(b, SnapshotError::UnusedPlaySlot { index: 3 });

        let m = played(Rules::default(), 4, |m| m.history().len() == 2);
        let mut b = m.to_bytes();
        b[HISTORY + 6] = 45;
        refused(b, SnapshotError::BadPlayCard { index: 1, byte: 45 });
        // Play 1 names a card on the table instead of one in the hand.
        let mut b = m.to_bytes();
        let seat = m.plays().nth(1).unwrap().seat;
        let card = m.hand().table().first().unwrap();
        b[HISTORY + 6] = card.index();
        b[HISTORY + 7..HISTORY + 12].fill(0);
        refused(
            b,
            SnapshotError::IllegalPlay {
                index: 1,
                error: PlayError::CardNotInHand { seat, card },
            },
        );
    }

    #[test]
    fn last_hand_format_checks() {
        let fresh = Match::new(Rules::default(), 4).unwrap().to_bytes();
        let no_redeal = Rules {
            kings_redeal: false,
            ..Rules::default()
        };
        let mut b = Match::new(no_redeal, 4).unwrap().to_bytes();
        b[FLAGS] = 2 << 1;
        refused(b, SnapshotError::RedealsWithoutKingsRedeal { redeals: 2 });
        let mut b = fresh;
        b[LAST_SCOPE + 1] = 1;
        refused(b, SnapshotError::UnusedLastHand);

        let m = at_hand(1, 7);
        let good = m.to_bytes();
        let last = *m.last_hand().unwrap();
        let mut b = good;
        set_pile(&mut b, 2, CardSet::single(Card::SETTEBELLO));
        refused(b, SnapshotError::LastHandMissingSide { side: 2 });
        let mut b = good;
        b[LAST_SCOPE + 2] = 1;
        refused(b, SnapshotError::LastHandMissingSide { side: 2 });
        // As many scope as a side has plays: accepted (with the scores that follow).
        let mut b = good;
        b[LAST_SCOPE + 1] = 18;
        let extra = 18 - u16::from(last.scope[1]);
        let s = m.scores();
        set_scores(&mut b, [s[0], s[1] + extra, 0]);
        let back = Match::from_bytes(&reseal(b)).unwrap();
        assert_eq!(back.last_hand().unwrap().scope[1], 18);
        let mut b = good;
        b[LAST_SCOPE + 1] = 19;
        refused(
            b,
            SnapshotError::LastHandScope {
                side: 1,
                scope: 19,
                max: 18,
            },
        );
        // A card of pile 1 also in pile 0.
        let card = last.piles[1].first().unwrap();
        let mut b = good;
        set_pile(&mut b, 0, last.piles[0] | CardSet::single(card));
        refused(
            b,
            SnapshotError::LastHandPiles(ScoreError::CardInTwoPiles { card }),
        );
        // A card of pile 1 in no pile.
        let mut b = good;
        set_pile(&mut b, 1, last.piles[1] - CardSet::single(card));
        refused(b, SnapshotError::LastHandCardMissing { card });
    }

    #[test]
    fn the_last_hand_must_fit_the_match() {
        // Past the first hand without a finished hand.
        let mut b = at_hand(1, 7).to_bytes();
        b[FLAGS..CRC].fill(0);
        refused(b, SnapshotError::MissingLastHand);
        // A match over without its last hand.
        let over = played(rules(11), 5, Match::is_over);
        let mut b = over.to_bytes();
        b[FLAGS..CRC].fill(0);
        refused(b, SnapshotError::MissingLastHand);
        // In the first hand with a previous hand.
        let mut b = Match::new(rules(50), 7).unwrap().to_bytes();
        b[FLAGS..CRC].copy_from_slice(&at_hand(1, 7).to_bytes()[FLAGS..CRC]);
        refused(b, SnapshotError::UnexpectedLastHand);
        // A match over whose recorded last hand is not its current hand: swap two cards
        // between the piles (still a whole hand).
        let last = *over.last_hand().unwrap();
        let (a, c) = (
            last.piles[0].first().unwrap(),
            last.piles[1].first().unwrap(),
        );
        let swap = CardSet::single(a) | CardSet::single(c);
        let mut b = over.to_bytes();
        set_pile(&mut b, 0, last.piles[0] ^ swap);
        set_pile(&mut b, 1, last.piles[1] ^ swap);
        refused(b, SnapshotError::LastHandMismatch);
    }

    #[test]
    fn scores_below_the_last_hand_are_refused() {
        let m = at_hand(1, 7);
        let t = last_totals(&m);
        let side = if t[0] > 0 { 0 } else { 1 }; // the settebello always scores
        let mut scores = t;
        scores[side] -= 1;
        let mut b = m.to_bytes();
        set_scores(&mut b, scores);
        refused(
            b,
            SnapshotError::ScoreBelowLastHand {
                side: side as u8,
                score: scores[side],
                last: t[side],
            },
        );
    }

    #[test]
    fn scores_out_of_reach_are_refused() {
        // Points before any hand is finished.
        let mut b = Match::new(Rules::default(), 4).unwrap().to_bytes();
        set_scores(&mut b, [0, 1, 0]);
        refused(
            b,
            SnapshotError::ScoreOutOfReach {
                side: 1,
                score: 1,
                max: 0,
            },
        );
        // After one hand the scores are that hand's points.
        let m = at_hand(1, 7);
        let t = last_totals(&m);
        let mut b = m.to_bytes();
        set_scores(&mut b, [t[0] + 1, t[1], 0]);
        refused(
            b,
            SnapshotError::ScoreOutOfReach {
                side: 0,
                score: t[0] + 1,
                max: u32::from(t[0]),
            },
        );
        // After two hands: at most one hand's maximum more than the last hand.
        let m = at_hand(2, 7);
        let t = last_totals(&m);
        let most = u32::from(Rules::default().max_hand_points()) + u32::from(t[1]);
        let mut b = m.to_bytes();
        let score = most as u16 + 1;
        set_scores(&mut b, [t[0], score, 0]);
        refused(
            b,
            SnapshotError::ScoreOutOfReach {
                side: 1,
                score,
                max: most,
            },
        );
    }

    /// Defect 1 of the hardening issue: scores of 65535 for both sides were accepted, and
    /// the match never ended (scores saturated, the tie played on).
    #[test]
    fn scores_of_65535_are_refused() {
        let m = at_hand(3, 2);
        let mut b = m.to_bytes();
        set_scores(&mut b, [u16::MAX, u16::MAX, 0]);
        let max = 2 * u32::from(Rules::default().max_hand_points()) + u32::from(last_totals(&m)[0]);
        refused(
            b,
            SnapshotError::ScoreOutOfReach {
                side: 0,
                score: u16::MAX,
                max,
            },
        );
    }

    #[test]
    fn winners_must_fit_the_scores() {
        // Target 1 makes the scores before hand 1 (those of hand 0) a win already.
        let seed = (0..100)
            .find(|&s| {
                let t = at_hand(2, s).to_bytes();
                let before = [
                    u16::from_le_bytes([t[16], t[17]]) - last_totals(&at_hand(2, s))[0],
                    u16::from_le_bytes([t[18], t[19]]) - last_totals(&at_hand(2, s))[1],
                ];
                before[0] != before[1]
            })
            .unwrap();
        let m = at_hand(2, seed);
        let t = last_totals(&m);
        let before = [m.scores()[0] - t[0], m.scores()[1] - t[1]];
        let mut b = m.to_bytes();
        b[7] = 1;
        let winner = if before[0] > before[1] { 0 } else { 1 };
        refused(b, SnapshotError::WonBeforeLastHand { winner });
        // Target 1 after hand 0 of a running match: the scores make a winner already.
        let seed = (0..100)
            .find(|&s| {
                let t = last_totals(&at_hand(1, s));
                t[0] != t[1]
            })
            .unwrap();
        let m = at_hand(1, seed);
        let t = last_totals(&m);
        let mut b = m.to_bytes();
        b[7] = 1;
        let winner = if t[0] > t[1] { 0 } else { 1 };
        refused(b, SnapshotError::AlreadyWon { winner });
        // A match over with a target its scores do not reach.
        let over = played(rules(1), 3, Match::is_over);
        assert_eq!(over.hand_number(), 0);
        let mut b = over.to_bytes();
        b[7] = 200;
        refused(b, SnapshotError::NoWinner);
    }

    /// The last hand a match may have ends it even when the leaders are tied, and every
    /// state on the way saves and restores.
    #[test]
    fn the_last_hand_ends_the_match_even_on_a_tie() {
        let seed = (0..200)
            .find(|&s| last_totals(&at_hand(1, s)).iter().take(2).all(|&p| p >= 1))
            .unwrap();
        let m = at_hand(1, seed);
        let t = last_totals(&m);
        let target = 11u16;
        let mut b = m.to_bytes();
        b[7] = target as u8;
        // Hand 999 has the same dealer as hand 1 with 2 players.
        set_u16(&mut b, 14, Match::MAX_HANDS - 1);
        // Tied at the target; before the last hand nobody had reached it.
        set_scores(&mut b, [target, target, 0]);
        let mut m = Match::from_bytes(&reseal(b)).unwrap();
        assert!(target - t[0] < target && target - t[1] < target);
        let mut hands_seen = 0;
        while !m.is_over() {
            assert_eq!(m.hand_number(), Match::MAX_HANDS - 1);
            let events = m.play(m.turn(), first_move(&m)).unwrap();
            hands_seen += events
                .iter()
                .filter(|e| matches!(e, crate::scopa::Event::NewHand { .. }))
                .count();
            assert_eq!(Match::from_bytes(&m.to_bytes()).as_ref(), Ok(&m));
        }
        assert_eq!(hands_seen, 0);
        let s = m.scores();
        let expected = if s[1] > s[0] { 1 } else { 0 };
        assert_eq!(m.winner(), Some(expected));
    }
}
