//! Saving and restoring a whole two-deck [`TeamMatch`] in a fixed-size, versioned byte
//! format, the counterpart of the one-deck [`crate::scopa::snapshot`].
//!
//! # Format, version 1 ([`TEAM_SNAPSHOT_LEN`] = 307 bytes, integers little-endian)
//! | bytes | content |
//! | --- | --- |
//! | 0 … 3 | magic `SCP2` |
//! | 4 | format version (1) |
//! | 5 … 12 | rules ([`Rules::to_bytes`]; the decks follow from the players) |
//! | 13 | first dealer |
//! | 14 … 15 | hand number (u16) |
//! | 16 … 23 | scores, 4 × u16 |
//! | 24 … 31 | PRNG state for the hands to come (u64) |
//! | 32 … 111 | the current hand's deck order, 80 card indices |
//! | 112 | number of plays made in the current hand |
//! | 113 … 256 | 72 plays × u16; unused slots are zero |
//! | 257 | flags: bit 0 = a previous hand is recorded; the other bits are zero |
//! | 258 | kings redeals of the current hand (0 unless `kings_redeal`) |
//! | 259 … 298 | the previous hand's piles, 4 × 10 bytes: the cards held at least once, then the cards held twice, each a 40-bit set in 5 bytes |
//! | 299 … 302 | the previous hand's scope, 4 bytes |
//! | 303 … 306 | CRC-32 (IEEE) of bytes 0 … 302 |
//!
//! A play is a u16: bits 0 … 12 are the capture's index in [`for_each_capture`]'s order for
//! that card on the table of that moment (0 for a card laid down), bits 13 … 15 the card's
//! position among the distinct cards the seat to play holds, in card order (0 … 2). The
//! index always fits: a card takes at most 4 equal cards, or the whole table, or one of the
//! sub-multisets of the table summing to its value, of which there are at most 5,386 (a 10
//! on a table of every card below it, twice) — under 8,192.
//!
//! Restoring deals the stored deck again and replays every stored play through the rules,
//! so a restored match is consistent by construction: every card is in exactly one place
//! (each card twice in all) and every play was legal. Anything else is refused with a
//! [`TeamSnapshotError`] naming the first check that failed.
//!
//! ```
//! use scopa_core::scopa::Rules;
//! use scopa_core::scopa::teams::{TEAM_SNAPSHOT_LEN, TeamMatch};
//! let mut game = TeamMatch::new(Rules::default().with_players(8), 5).unwrap();
//! for _ in 0..30 {
//!     let mv = game.hand().nth_legal_move(0).unwrap();
//!     game.play(game.turn(), mv).unwrap();
//! }
//! let bytes = game.to_bytes();
//! assert_eq!(bytes.len(), TEAM_SNAPSHOT_LEN);
//! assert_eq!(TeamMatch::from_bytes(&bytes), Ok(game));
//! ```

use core::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::SplitMix64;
use crate::multiset::CardMultiset;
use crate::scopa::game::{FinishedHandOf, Match};
use crate::scopa::rules::Rules;
use crate::scopa::score::{ScoreError, score_copies};
use crate::scopa::snapshot::{
    check_last, check_scores, common_errors, get_set, open, put_set, read_head,
};
use crate::seats::MAX_SIDES;
use crate::snapshot::crc32;

use super::capture::{TeamMove, for_each_capture, nth_capture};
use super::game::{TEAM_PLAYS, TeamMatch};
use super::hand::{TWO_DECKS, TeamDealError, TeamHand, TeamPlayError, check_rules};

/// Size of a two-deck Scopa snapshot in bytes.
pub const TEAM_SNAPSHOT_LEN: usize = 307;
/// The format version written by [`TeamMatch::to_bytes`].
pub const TEAM_SNAPSHOT_VERSION: u8 = 1;
const MAGIC: [u8; 4] = *b"SCP2";
const SCORES: usize = 16;
const RNG: usize = 24;
const DECK: usize = 32;
const PLAYS: usize = 112;
const HISTORY: usize = 113;
const FLAGS: usize = 257;
const REDEALS: usize = 258;
const LAST_PILES: usize = 259;
const LAST_SCOPE: usize = 299;
const CRC: usize = 303;
/// Bits of a play holding the capture index.
const CAPTURE_BITS: u16 = 13;

/// Why bytes could not be restored into a two-deck match: one variant per check of
/// [`TeamMatch::from_bytes`], in the order they are made, each naming what was wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TeamSnapshotError {
    /// Not [`TEAM_SNAPSHOT_LEN`] bytes.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// The bytes do not start with the magic `SCP2`: not a two-deck scopa save.
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
    /// The rules decode but are impossible, or are not for a two-deck table.
    ImpossibleRules(TeamDealError),
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
    /// The deck cannot be dealt: a card a third time, or (with `kings_redeal`) 5 or more
    /// Kings on the first table.
    BadDeck(TeamDealError),
    /// More plays than a hand has.
    TooManyPlays {
        /// Plays stored.
        plays: u8,
    },
    /// A play slot past the stored plays is not zero.
    UnusedPlaySlot {
        /// Position of the slot.
        index: u8,
    },
    /// Play `index` names a card position past the distinct cards the seat holds.
    NoSuchCard {
        /// Position in the hand.
        index: u8,
        /// The position stored.
        slot: u8,
        /// Distinct cards the seat held.
        held: u8,
    },
    /// Play `index` names a capture past those its card has on that table.
    NoSuchCapture {
        /// Position in the hand.
        index: u8,
        /// The card played.
        card: Card,
        /// The capture index stored.
        capture: u16,
    },
    /// Play `index` of the stored hand is refused by the rules.
    IllegalPlay {
        /// Position in the hand.
        index: u8,
        /// Why the rules refuse it.
        error: TeamPlayError,
    },
    /// The flags byte has bits this version does not use.
    BadFlags {
        /// The byte found.
        flags: u8,
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
    /// A pile of the previous hand holds a card twice but not once.
    LastHandBadPile {
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
    /// The previous hand's piles cannot be scored (a card three times).
    LastHandPiles(ScoreError),
    /// A card is not twice in the previous hand's piles (every hand ends with all 80 taken).
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

impl fmt::Display for TeamSnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TeamSnapshotError as E;
        match self {
            E::WrongLength { len } => write!(
                f,
                "a saved two-deck match is {TEAM_SNAPSHOT_LEN} bytes, these are {len}"
            ),
            E::NotASnapshot => {
                f.write_str("not a saved two-deck scopa match (no SCP2 magic bytes)")
            }
            E::UnsupportedVersion { version } => write!(
                f,
                "saved with format version {version}; this engine reads version {TEAM_SNAPSHOT_VERSION}"
            ),
            E::Checksum => f.write_str("the save is damaged (checksum mismatch)"),
            E::RulesOutOfRange => f.write_str(
                "the save's rules (bytes 5 to 12) hold an option code that does not exist",
            ),
            E::ImpossibleRules(e) => {
                write!(f, "the save's rules cannot be played at a two-deck table: {e}")
            }
            E::BadDealer { dealer, players } => write!(
                f,
                "the save's first dealer {dealer} is not a seat of a {players}-player game"
            ),
            E::HandNumberTooHigh { hand_number } => write!(
                f,
                "the save's hand number {hand_number} is past the last hand a match has ({})",
                Match::MAX_HANDS - 1
            ),
            E::ScoreForMissingSide { side, score } => write!(
                f,
                "the save gives {score} points to side {side}, which these rules do not have"
            ),
            E::BadDeckCard { position, byte } => write!(
                f,
                "byte {byte} at deck position {position} of the save is not a card"
            ),
            E::BadDeck(e) => write!(f, "the save's deck cannot be dealt: {e}"),
            E::TooManyPlays { plays } => write!(
                f,
                "the save records {plays} plays in the current hand, but a hand has {TEAM_PLAYS}"
            ),
            E::UnusedPlaySlot { index } => write!(
                f,
                "play slot {index} of the save is past the plays made but not zero"
            ),
            E::NoSuchCard { index, slot, held } => write!(
                f,
                "play {index} of the saved hand names card {slot} of the seat's hand, which holds {held} different cards"
            ),
            E::NoSuchCapture {
                index,
                card,
                capture,
            } => write!(
                f,
                "play {index} of the saved hand names capture {capture} of {card}, which has fewer on that table"
            ),
            E::IllegalPlay { index, error } => {
                write!(f, "play {index} of the saved hand is not legal: {error}")
            }
            E::BadFlags { flags } => write!(
                f,
                "the save's flags byte {flags:#04x} has bits this version does not use"
            ),
            E::RedealsWithoutKingsRedeal { redeals } => write!(
                f,
                "the save records {redeals} kings redeals for its hand, but its rules have no kings_redeal"
            ),
            E::UnusedLastHand => f.write_str(
                "the save records no previous hand, yet its previous-hand bytes are not zero",
            ),
            E::LastHandMissingSide { side } => write!(
                f,
                "the save's previous hand has a pile or scope for side {side}, which these rules do not have"
            ),
            E::LastHandBadPile { side } => write!(
                f,
                "the save's previous hand gives side {side} a card twice that its pile does not hold once"
            ),
            E::LastHandScope { side, scope, max } => write!(
                f,
                "the save's previous hand gives side {side} {scope} scope; a side makes at most {max} in a hand"
            ),
            E::LastHandPiles(e) => write!(f, "the save's previous hand cannot be scored: {e}"),
            E::LastHandCardMissing { card } => write!(
                f,
                "card {card} is not twice in the piles of the save's previous hand (a hand ends with all 80 cards taken)"
            ),
            E::MissingLastHand => {
                f.write_str("the save is past its first hand but records no finished hand")
            }
            E::UnexpectedLastHand => {
                f.write_str("the save is in its first hand yet records a previous hand")
            }
            E::LastHandMismatch => f.write_str(
                "the save's match ended with its current hand, but the recorded last hand is a different one",
            ),
            E::ScoreBelowLastHand { side, score, last } => write!(
                f,
                "the save gives side {side} {score} points, fewer than the {last} of its last hand"
            ),
            E::ScoreOutOfReach { side, score, max } => write!(
                f,
                "the save gives side {side} {score} points; the hands played can give it at most {max}"
            ),
            E::WonBeforeLastHand { winner } => write!(
                f,
                "the save's scores before its last hand had already made side {winner} the winner"
            ),
            E::AlreadyWon { winner } => write!(
                f,
                "the save's match is still being played, yet its scores make side {winner} the winner"
            ),
            E::NoWinner => f.write_str("the save's match is over, yet its scores make no winner"),
        }
    }
}

impl core::error::Error for TeamSnapshotError {}

common_errors!(TeamSnapshotError);

/// The position of `card` among the distinct cards of `held`, in card order.
fn slot_of(held: CardMultiset, card: Card) -> u16 {
    held.distinct().iter().take_while(|&c| c != card).count() as u16
}

/// The index of `capture` among `card`'s captures on `table`.
fn capture_index(hand: &TeamHand, mv: TeamMove) -> u16 {
    let (mut i, mut found) = (0u16, 0u16);
    for_each_capture(hand.table(), mv.card, hand.rules().ace, &mut |c| {
        if c == mv.capture {
            found = i;
        }
        i = i.saturating_add(1);
    });
    found
}

impl TeamMatch {
    /// The match as [`TEAM_SNAPSHOT_LEN`] bytes (see the [module docs](super::snapshot)).
    pub fn to_bytes(&self) -> [u8; TEAM_SNAPSHOT_LEN] {
        let rules = *self.rules();
        let mut out = [0u8; TEAM_SNAPSHOT_LEN];
        out[0..4].copy_from_slice(&MAGIC);
        out[4] = TEAM_SNAPSHOT_VERSION;
        out[5..13].copy_from_slice(&rules.to_bytes());
        out[13] = self.first_dealer();
        out[14..16].copy_from_slice(&self.hand_number().to_le_bytes());
        for (i, s) in self.scores().iter().enumerate() {
            out[SCORES + 2 * i..SCORES + 2 * i + 2].copy_from_slice(&s.to_le_bytes());
        }
        out[RNG..RNG + 8].copy_from_slice(&self.rng_state().to_le_bytes());
        let hand = self.hand();
        for (slot, card) in out[DECK..DECK + TWO_DECKS].iter_mut().zip(hand.deck()) {
            *slot = card.index();
        }
        out[PLAYS] = self.history().len() as u8;
        // The hand is replayed from its deck to read each play against the table it was
        // made on; the deck was dealt once, so it deals again.
        if let Ok(mut replay) = TeamHand::from_deck(rules, hand.dealer(), hand.deck()) {
            for (i, &mv) in self.history().iter().enumerate() {
                let held = replay.hand(replay.turn());
                let code = slot_of(held, mv.card) << CAPTURE_BITS | capture_index(&replay, mv);
                out[HISTORY + 2 * i..HISTORY + 2 * i + 2].copy_from_slice(&code.to_le_bytes());
                if replay.play(replay.turn(), mv).is_err() {
                    break;
                }
            }
        }
        out[REDEALS] = self.redeals();
        if let (Some(last), Some(piles)) = (self.last_hand(), self.last_piles()) {
            out[FLAGS] = 1;
            for (side, pile) in piles.iter().enumerate() {
                let at = LAST_PILES + 10 * side;
                put_set(&mut out[at..], pile.distinct());
                put_set(&mut out[at + 5..], pile.doubles());
                out[LAST_SCOPE + side] = last.side(side as u8).scope;
            }
        }
        let crc = crc32(&out[..CRC]);
        out[CRC..].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Restores a match saved by [`TeamMatch::to_bytes`]. Any byte string gives either a
    /// match some play of the rules can reach, or the [`TeamSnapshotError`] of the first
    /// check it fails; it never panics.
    ///
    /// Beyond the format, the stored hand is replayed through the rules, the previous hand
    /// must be a whole scored hand (all 80 cards in its piles), and the scores must fit the
    /// hands played: no side above [`Rules::max_hand_points`] per finished hand, none below
    /// its last hand's points, no winner before the last hand, and a winner exactly when
    /// the match is over.
    pub fn from_bytes(bytes: &[u8]) -> Result<TeamMatch, TeamSnapshotError> {
        use TeamSnapshotError as E;
        let rules = open(bytes, TEAM_SNAPSHOT_LEN, MAGIC, TEAM_SNAPSHOT_VERSION)?;
        check_rules(&rules).map_err(E::ImpossibleRules)?;
        let n = rules.players;
        let (first_dealer, hand_number, scores) = read_head::<MAX_SIDES>(bytes, &rules)?;
        let mut sb = [0u8; 8];
        sb.copy_from_slice(&bytes[RNG..RNG + 8]);
        let rng = SplitMix64::new(u64::from_le_bytes(sb));
        let mut deck = [Card::SETTEBELLO; TWO_DECKS];
        for (position, (slot, &byte)) in deck
            .iter_mut()
            .zip(&bytes[DECK..DECK + TWO_DECKS])
            .enumerate()
        {
            *slot = Card::from_index(byte).ok_or(E::BadDeckCard {
                position: position as u8,
                byte,
            })?;
        }
        // Below MAX_HANDS and 8 players: no overflow.
        let dealer = ((u32::from(first_dealer) + u32::from(hand_number)) % u32::from(n)) as u8;
        let mut hand = TeamHand::from_deck(rules, dealer, &deck).map_err(E::BadDeck)?;
        let len = bytes[PLAYS];
        if usize::from(len) > TEAM_PLAYS {
            return Err(E::TooManyPlays { plays: len });
        }
        let mut history = heapless::Vec::new();
        for index in 0..TEAM_PLAYS as u8 {
            let at = HISTORY + 2 * usize::from(index);
            let code = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
            if index >= len {
                if code != 0 {
                    return Err(E::UnusedPlaySlot { index });
                }
                continue;
            }
            let held = hand.hand(hand.turn()).distinct();
            let slot = (code >> CAPTURE_BITS) as u8;
            let card = held.iter().nth(usize::from(slot)).ok_or(E::NoSuchCard {
                index,
                slot,
                held: held.len() as u8,
            })?;
            let capture = code & ((1 << CAPTURE_BITS) - 1);
            let taken = nth_capture(hand.table(), card, rules.ace, usize::from(capture)).ok_or(
                E::NoSuchCapture {
                    index,
                    card,
                    capture,
                },
            )?;
            let mv = TeamMove {
                card,
                capture: taken,
            };
            hand.play(hand.turn(), mv)
                .map_err(|error| E::IllegalPlay { index, error })?;
            // `len` ≤ 72 plays: the list has room for every one.
            let _ = history.push(mv);
        }
        if bytes[FLAGS] > 1 {
            return Err(E::BadFlags {
                flags: bytes[FLAGS],
            });
        }
        let redeals = bytes[REDEALS];
        if redeals != 0 && !rules.kings_redeal {
            return Err(E::RedealsWithoutKingsRedeal { redeals });
        }
        let last = match bytes[FLAGS] {
            0 if bytes[LAST_PILES..CRC].iter().any(|&b| b != 0) => {
                return Err(E::UnusedLastHand);
            }
            0 => None,
            _ => Some(last_hand_of(&rules, bytes)?),
        };
        let over = hand.is_finished();
        check_last(last.is_some(), over, hand_number)?;
        if let (Some(last), true) = (&last, over) {
            // The match ended with this hand: it must be the one recorded (its piles; the
            // scope are in the score).
            let current: [CardMultiset; MAX_SIDES] =
                core::array::from_fn(|side| hand.pile(side as u8));
            if last.piles != current || Some(last.score) != hand.score() {
                return Err(E::LastHandMismatch);
            }
        }
        let last_points = last.map_or([0; MAX_SIDES], |l| l.score.totals());
        let winner = check_scores(&rules, scores, hand_number, over, last_points)?;
        Ok(TeamMatch::restored(
            rules,
            hand,
            history,
            scores,
            hand_number,
            first_dealer,
            rng,
            winner,
            last,
            redeals,
        ))
    }
}

/// The previous hand stored in `bytes` (flag set): a whole hand, scored, with its piles.
fn last_hand_of(
    rules: &Rules,
    bytes: &[u8],
) -> Result<FinishedHandOf<CardMultiset, MAX_SIDES>, TeamSnapshotError> {
    use TeamSnapshotError as E;
    let k = usize::from(rules.sides());
    let mut piles = [CardMultiset::EMPTY; MAX_SIDES];
    for (side, pile) in piles.iter_mut().enumerate() {
        let at = LAST_PILES + 10 * side;
        let (once, twice) = (get_set(&bytes[at..]), get_set(&bytes[at + 5..]));
        if side >= k && !(once.is_empty() && twice.is_empty()) {
            return Err(E::LastHandMissingSide { side: side as u8 });
        }
        *pile =
            CardMultiset::from_parts(once, twice).ok_or(E::LastHandBadPile { side: side as u8 })?;
    }
    let mut scope = [0u8; MAX_SIDES];
    scope.copy_from_slice(&bytes[LAST_SCOPE..LAST_SCOPE + MAX_SIDES]);
    if let Some(side) = (k..MAX_SIDES).find(|&side| scope[side] != 0) {
        return Err(E::LastHandMissingSide { side: side as u8 });
    }
    let max = rules.max_scope();
    if let Some(side) = (0..k).find(|&side| scope[side] > max) {
        return Err(E::LastHandScope {
            side: side as u8,
            scope: scope[side],
            max,
        });
    }
    let score = score_copies(rules, &piles[..k], &scope[..k]).map_err(E::LastHandPiles)?;
    // score_copies refused a third copy: the piles together hold each card at most twice,
    // and every card twice when the 80 were all taken.
    let mut once = CardSet::EMPTY;
    let mut twice = CardSet::EMPTY;
    for pile in &piles[..k] {
        twice |= pile.doubles() | (once & pile.distinct());
        once |= pile.distinct();
    }
    if let Some(card) = (CardSet::ALL - twice).first() {
        return Err(E::LastHandCardMissing { card });
    }
    Ok(FinishedHandOf {
        piles,
        scope,
        score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scopa::game::winner_of;
    use std::string::ToString;

    type Bytes = [u8; TEAM_SNAPSHOT_LEN];

    /// Recomputes the checksum, so the content checks are reached.
    fn reseal(mut b: Bytes) -> Bytes {
        let crc = crc32(&b[..CRC]);
        b[CRC..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    fn refused(b: Bytes, expected: TeamSnapshotError) {
        assert_eq!(TeamMatch::from_bytes(&reseal(b)), Err(expected));
        assert!(!expected.to_string().is_empty());
    }

    fn rules(players: u8, target: u8) -> Rules {
        Rules {
            target,
            ..Rules::default().with_players(players)
        }
    }

    /// A match played with the `seed`-th legal moves until `stop` says so.
    fn played(rules: Rules, seed: u64, stop: impl Fn(&TeamMatch) -> bool) -> TeamMatch {
        let mut m = TeamMatch::new(rules, seed).unwrap();
        let mut i = seed as usize;
        while !stop(&m) {
            let n = m.hand().legal_move_count();
            let mv = m.hand().nth_legal_move(i % n).unwrap();
            m.play(m.turn(), mv).unwrap();
            i = i.wrapping_mul(31).wrapping_add(7);
        }
        m
    }

    fn at_hand(players: u8, hand: u16, seed: u64) -> TeamMatch {
        played(rules(players, 60), seed, |m| {
            m.hand_number() == hand && m.history().is_empty()
        })
    }

    fn set_u16(b: &mut Bytes, at: usize, v: u16) {
        b[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }

    /// The most captures one card can have, from the enumeration's own rules: equal cards
    /// (4 at most, and the whole table), or sub-multisets of the cards below its value,
    /// each held at most twice, 4 suits a value.
    #[test]
    fn every_capture_index_fits_its_bits() {
        let mut most = 5usize;
        for v in 1..=10usize {
            let mut ways = [0usize; 11];
            ways[0] = 1;
            for w in 1..v {
                for _suit in 0..4 {
                    let mut next = [0usize; 11];
                    for (s, &count) in ways.iter().enumerate() {
                        for copies in 0..=2 {
                            if s + copies * w <= v {
                                next[s + copies * w] += count;
                            }
                        }
                    }
                    ways = next;
                }
            }
            most = most.max(ways[v]);
        }
        assert_eq!(most, 5386);
        assert!(most <= 1 << CAPTURE_BITS);
    }

    #[test]
    fn round_trip_at_every_play_of_whole_matches() {
        for players in [6u8, 8] {
            let r = Rules {
                napola: true,
                re_bello: true,
                ace: crate::scopa::rules::AceRule::MatchTakesAll,
                ..rules(players, 16)
            };
            let mut m = TeamMatch::new(r, u64::from(players)).unwrap();
            let mut i = 0usize;
            loop {
                let bytes = m.to_bytes();
                let back = TeamMatch::from_bytes(&bytes);
                assert_eq!(back.as_ref(), Ok(&m));
                if m.winner().is_some() {
                    break;
                }
                let n = m.hand().legal_move_count();
                let mv = m.hand().nth_legal_move(i % n).unwrap();
                i += 3;
                m.play(m.turn(), mv).unwrap();
            }
            assert!(m.hand_number() > 0);
        }
    }

    #[test]
    fn redeals_round_trip() {
        let m = (0..200_000)
            .map(|seed| TeamMatch::new(rules(6, 11), seed).unwrap())
            .find(|m| m.redeals() > 0)
            .unwrap();
        let b = m.to_bytes();
        assert_eq!(b[REDEALS], m.redeals());
        assert_eq!(TeamMatch::from_bytes(&b).as_ref(), Ok(&m));
        let no_redeal = Rules {
            kings_redeal: false,
            ..rules(8, 11)
        };
        let m = TeamMatch::new(no_redeal, 4).unwrap();
        let mut b = m.to_bytes();
        assert_eq!(TeamMatch::from_bytes(&b).as_ref(), Ok(&m));
        b[REDEALS] = 2;
        refused(
            b,
            TeamSnapshotError::RedealsWithoutKingsRedeal { redeals: 2 },
        );
    }

    #[test]
    fn the_format_checks_name_what_is_wrong() {
        use TeamSnapshotError as E;
        let good = TeamMatch::new(rules(6, 11), 4).unwrap().to_bytes();
        assert_eq!(
            TeamMatch::from_bytes(&good[..10]),
            Err(E::WrongLength { len: 10 })
        );
        let mut bad = good;
        bad[3] = b'A';
        assert_eq!(TeamMatch::from_bytes(&bad), Err(E::NotASnapshot));
        let mut bad = good;
        bad[4] = 2;
        assert_eq!(
            TeamMatch::from_bytes(&bad),
            Err(E::UnsupportedVersion { version: 2 })
        );
        let mut bad = good;
        bad[DECK + 3] ^= 1;
        assert_eq!(TeamMatch::from_bytes(&bad), Err(E::Checksum));
        // A one-deck snapshot is not a two-deck one.
        let one = Match::new(Rules::default(), 1).unwrap().to_bytes();
        assert_eq!(
            TeamMatch::from_bytes(&one),
            Err(E::WrongLength {
                len: crate::scopa::SNAPSHOT_LEN
            })
        );
    }

    #[test]
    fn rules_dealer_hand_and_score_checks() {
        use TeamSnapshotError as E;
        let good = TeamMatch::new(rules(8, 11), 4).unwrap().to_bytes();
        let mut b = good;
        b[6] = 3; // deal kind 3 does not exist
        refused(b, E::RulesOutOfRange);
        let mut b = good;
        b[5] = 4; // four players: one deck
        refused(b, E::ImpossibleRules(TeamDealError::OneDeck { players: 4 }));
        let mut b = good;
        b[5] = 7;
        refused(
            b,
            E::ImpossibleRules(TeamDealError::Rules(crate::scopa::RulesError::BadPlayers {
                players: 7,
            })),
        );
        let mut b = good;
        b[13] = 8;
        refused(
            b,
            E::BadDealer {
                dealer: 8,
                players: 8,
            },
        );
        let mut b = good;
        set_u16(&mut b, 14, Match::MAX_HANDS);
        refused(
            b,
            E::HandNumberTooHigh {
                hand_number: Match::MAX_HANDS,
            },
        );
        // Six players have three sides: no score for side 3.
        let mut b = TeamMatch::new(rules(6, 11), 4).unwrap().to_bytes();
        set_u16(&mut b, SCORES + 6, 2);
        refused(b, E::ScoreForMissingSide { side: 3, score: 2 });
        // Points before any hand is finished.
        let mut b = good;
        set_u16(&mut b, SCORES + 2, 1);
        refused(
            b,
            E::ScoreOutOfReach {
                side: 1,
                score: 1,
                max: 0,
            },
        );
    }

    #[test]
    fn deck_checks() {
        use TeamSnapshotError as E;
        let good = TeamMatch::new(rules(6, 11), 4).unwrap().to_bytes();
        let mut b = good;
        b[DECK + 5] = 40;
        refused(
            b,
            E::BadDeckCard {
                position: 5,
                byte: 40,
            },
        );
        // A third copy of the first card.
        let first = b[DECK];
        let mut b = good;
        let others: std::vec::Vec<usize> = (1..TWO_DECKS)
            .filter(|&i| good[DECK + i] != first)
            .collect();
        let second = (1..TWO_DECKS).find(|&i| good[DECK + i] == first).unwrap();
        let third = others[0];
        b[DECK + third] = first;
        let position = second.max(third);
        refused(
            b,
            E::BadDeck(TeamDealError::ThirdCopy {
                card: Card::from_index(first).unwrap(),
                position,
            }),
        );
    }

    #[test]
    fn play_checks() {
        use TeamSnapshotError as E;
        let fresh = TeamMatch::new(rules(8, 11), 4).unwrap();
        let mut b = fresh.to_bytes();
        b[PLAYS] = 73;
        refused(b, E::TooManyPlays { plays: 73 });
        let mut b = fresh.to_bytes();
        b[HISTORY + 2 * 3 + 1] = 1;
        refused(b, E::UnusedPlaySlot { index: 3 });

        let m = played(rules(8, 11), 4, |m| m.history().len() == 2);
        let good = m.to_bytes();
        // Play 1 names a fourth card of a hand of three.
        let mut b = good;
        set_u16(&mut b, HISTORY + 2, 3 << CAPTURE_BITS);
        let mut replay = TeamMatch::new(rules(8, 11), 4).unwrap();
        replay.play(replay.turn(), m.history()[0]).unwrap();
        let held = replay.hand().hand(replay.turn()).distinct().len() as u8;
        refused(
            b,
            E::NoSuchCard {
                index: 1,
                slot: 3,
                held,
            },
        );
        // Play 1 names a capture its card does not have.
        let mut b = good;
        let card = replay
            .hand()
            .hand(replay.turn())
            .distinct()
            .first()
            .unwrap();
        set_u16(&mut b, HISTORY + 2, 4000);
        refused(
            b,
            E::NoSuchCapture {
                index: 1,
                card,
                capture: 4000,
            },
        );
    }

    #[test]
    fn last_hand_checks() {
        use TeamSnapshotError as E;
        let fresh = TeamMatch::new(rules(6, 60), 4).unwrap().to_bytes();
        let mut b = fresh;
        b[FLAGS] = 2;
        refused(b, E::BadFlags { flags: 2 });
        let mut b = fresh;
        b[LAST_SCOPE] = 1;
        refused(b, E::UnusedLastHand);

        let m = at_hand(6, 1, 3);
        let good = m.to_bytes();
        let piles = m.last_piles().unwrap();
        assert_eq!(piles.len(), 3);
        let mut b = good;
        b[LAST_PILES + 30] = 1; // a pile for side 3 of three
        refused(b, E::LastHandMissingSide { side: 3 });
        let mut b = good;
        b[LAST_SCOPE + 3] = 1;
        refused(b, E::LastHandMissingSide { side: 3 });
        // A card twice in pile 0 that pile 0 does not hold once.
        let missing = (CardSet::ALL - piles[0].distinct()).first().unwrap();
        let mut b = good;
        put_set(
            &mut b[LAST_PILES + 5..],
            piles[0].doubles() | CardSet::single(missing),
        );
        refused(b, E::LastHandBadPile { side: 0 });
        let max = rules(6, 60).max_scope();
        let mut b = good;
        b[LAST_SCOPE + 1] = max + 1;
        refused(
            b,
            E::LastHandScope {
                side: 1,
                scope: max + 1,
                max,
            },
        );
        // A third copy: a card held once in pile 0 and once in pile 1, made twice in pile 0.
        let card = (piles[0].distinct() - piles[0].doubles())
            .iter()
            .find(|&c| piles[1].count(c) == 1)
            .unwrap();
        let mut b = good;
        let at = LAST_PILES + 5;
        put_set(&mut b[at..], piles[0].doubles() | CardSet::single(card));
        refused(b, E::LastHandPiles(ScoreError::ThirdCopy { card }));
        // A card taken out of every pile.
        let card = piles[0].distinct().first().unwrap();
        let mut b = good;
        put_set(
            &mut b[LAST_PILES..],
            piles[0].distinct() - CardSet::single(card),
        );
        put_set(
            &mut b[LAST_PILES + 5..],
            piles[0].doubles() - CardSet::single(card),
        );
        refused(b, E::LastHandCardMissing { card });
        // Past the first hand without a finished hand; the first hand with one.
        let mut b = good;
        b[FLAGS..CRC].fill(0);
        refused(b, E::MissingLastHand);
        let mut b = fresh;
        b[FLAGS..CRC].copy_from_slice(&good[FLAGS..CRC]);
        b[REDEALS] = fresh[REDEALS];
        refused(b, E::UnexpectedLastHand);
    }

    #[test]
    fn scores_must_fit_the_hands_played() {
        use TeamSnapshotError as E;
        let m = at_hand(8, 1, 2);
        let t = m.last_hand().unwrap().totals();
        let side = (0..4).find(|&s| t[s] > 0).unwrap();
        let mut b = m.to_bytes();
        set_u16(&mut b, SCORES + 2 * side, t[side] - 1);
        refused(
            b,
            E::ScoreBelowLastHand {
                side: side as u8,
                score: t[side] - 1,
                last: t[side],
            },
        );
        let mut b = m.to_bytes();
        set_u16(&mut b, SCORES + 2 * side, t[side] + 1);
        refused(
            b,
            E::ScoreOutOfReach {
                side: side as u8,
                score: t[side] + 1,
                max: u32::from(t[side]),
            },
        );
        // Target 1 after hand 0 of a running match: some side has a point already.
        let mut b = m.to_bytes();
        b[7] = 1;
        let winner = winner_of(&rules(8, 1), m.scores()).unwrap();
        refused(b, E::AlreadyWon { winner });
        // A match over whose target its scores do not reach.
        let over = played(rules(6, 1), 3, |m| m.winner().is_some());
        let mut b = over.to_bytes();
        b[7] = 200;
        assert!(over.scores().iter().all(|&p| p < 200));
        assert!(over.hand_number() < Match::MAX_HANDS - 1);
        refused(b, E::NoWinner);
        // The match ended with its current hand: the recorded one must be it. Swap a card
        // only pile 0 holds with one only pile 1 holds (still every card twice).
        let piles = over.last_piles().unwrap();
        let only = |mine: CardMultiset, other: CardMultiset| {
            mine.distinct()
                .iter()
                .find(|&c| other.count(c) == 0)
                .unwrap()
        };
        let (a, c) = (only(piles[0], piles[1]), only(piles[1], piles[0]));
        let (mut p0, mut p1) = (piles[0], piles[1]);
        p0.remove(a);
        p1.remove(c);
        p0.insert(c).unwrap();
        p1.insert(a).unwrap();
        let mut b = over.to_bytes();
        put_set(&mut b[LAST_PILES..], p0.distinct());
        put_set(&mut b[LAST_PILES + 5..], p0.doubles());
        put_set(&mut b[LAST_PILES + 10..], p1.distinct());
        put_set(&mut b[LAST_PILES + 15..], p1.doubles());
        refused(b, E::LastHandMismatch);
    }

    #[test]
    fn a_winner_before_the_last_hand_is_refused() {
        // With target 1 the scores before hand 1 (those of hand 0) already made a winner.
        let target_one = rules(6, 1);
        let (m, winner) = (0..50)
            .find_map(|seed| {
                let m = at_hand(6, 2, seed);
                let last = m.last_hand().unwrap().totals();
                let s = m.scores();
                let before: [u16; MAX_SIDES] = core::array::from_fn(|i| s[i] - last[i]);
                winner_of(&target_one, before).map(|w| (m, w))
            })
            .unwrap();
        let mut b = m.to_bytes();
        b[7] = 1;
        refused(b, TeamSnapshotError::WonBeforeLastHand { winner });
    }

    #[test]
    fn random_and_mutated_bytes_never_panic() {
        let mut rng = SplitMix64::new(99);
        let mut next = || crate::deal::below(&mut rng, 256) as u8;
        for _ in 0..300 {
            let mut b = [0u8; TEAM_SNAPSHOT_LEN];
            b.iter_mut().for_each(|x| *x = next());
            b[..4].copy_from_slice(&MAGIC);
            b[4] = TEAM_SNAPSHOT_VERSION;
            assert!(TeamMatch::from_bytes(&reseal(b)).is_err());
        }
        let m = played(rules(8, 11), 6, |m| m.history().len() == 30);
        let good = m.to_bytes();
        for at in 0..CRC {
            for flip in [1u8, 0x80, 0xFF] {
                let mut b = good;
                b[at] ^= flip;
                assert!(TeamMatch::from_bytes(&b).is_err());
                if let Ok(mut back) = TeamMatch::from_bytes(&reseal(b)) {
                    assert_eq!(TeamMatch::from_bytes(&back.to_bytes()).as_ref(), Ok(&back));
                    // Plays on to the end of the hand under the rules.
                    let hand = back.hand_number();
                    while back.winner().is_none() && back.hand_number() == hand {
                        let mv = back.hand().nth_legal_move(0).unwrap();
                        back.play(back.turn(), mv).unwrap();
                    }
                }
            }
        }
    }
}
