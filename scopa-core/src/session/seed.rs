//! The one seed policy: every random decision of a session — the deals of each match and
//! every AI move — comes from the session's secret through a keyed one-way function. The
//! expert's hint is the one exception: what a seat is shown may not depend on anything it
//! cannot see, the secret included, so its seed ([`hint_seed`]) is keyed by no secret.
//!
//! The secret is the `seed` given to [`Session::new`](super::Session::new). It is the key of
//! SipHash-2-4, a keyed pseudo-random function: from any number of its outputs (the deal of
//! a match, the seeds the AI receives) and the positions they were computed for, recovering
//! the key is as hard as breaking SipHash, i.e. it takes a search over all 2⁶⁴ secrets. The
//! secret is never returned by any function of a session, its views or its state; it is
//! stored only inside the session's save bytes (which also hold the deck order, and so are
//! never shown to players).
//!
//! A secret a person can guess (such as `--seed 7`) can of course be guessed: front-ends
//! draw secrets from an entropy source unless the player asks for a given seed.

use siphasher::sip::SipHasher24;

/// The second half of the SipHash key: a constant that separates scopa's keys from any other
/// use of the same 64-bit number as a SipHash key.
const DOMAIN: u64 = 0x7363_6f70_612d_7631; // "scopa-v1"

/// What a derived seed is used for; each purpose gives independent seeds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Purpose {
    /// The seed of a match's shuffles and first dealer (`match_number` = the match's number in the
    /// session; the other fields 0).
    Deal = 1,
    /// The seed of one AI decision.
    Ai = 2,
    /// The seed of the expert's hint at a table of 6 or 8 (one deck's hint needs none):
    /// [`hint_seed`], from the position alone.
    Hint = 3,
}

/// The seed for one decision: SipHash-2-4 keyed by the session's `secret`, over the purpose
/// and the position — the match's number in the session (`match_number`, 0 for the first, 1 after a
/// rematch…), the hand number, the plays made in the hand and the seat to play.
///
/// This is the only seed derivation of the project: every front-end plays the same AI moves
/// and deals for the same secret, settings and human moves, and none can invert it.
///
/// ```
/// use scopa_core::session::seed::{derive, Purpose};
/// let a = derive(42, Purpose::Ai, 0, 3, 7, 1);
/// assert_eq!(a, derive(42, Purpose::Ai, 0, 3, 7, 1)); // a pure function of its inputs
/// assert_ne!(a, derive(42, Purpose::Ai, 0, 3, 8, 1)); // another position, another seed
/// assert_ne!(a, derive(43, Purpose::Ai, 0, 3, 7, 1)); // another secret, another seed
/// ```
pub fn derive(
    secret: u64,
    purpose: Purpose,
    match_number: u32,
    hand: u16,
    plays: u8,
    seat: u8,
) -> u64 {
    let mut msg = [0u8; 9];
    msg[0] = purpose as u8;
    msg[1..5].copy_from_slice(&match_number.to_le_bytes());
    msg[5..7].copy_from_slice(&hand.to_le_bytes());
    msg[7] = plays;
    msg[8] = seat;
    SipHasher24::new_with_keys(secret, DOMAIN).hash(&msg)
}

/// The seed of match number `match_number` of a session (its shuffles and first dealer).
pub fn deal_seed(secret: u64, match_number: u32) -> u64 {
    derive(secret, Purpose::Deal, match_number, 0, 0, 0)
}

/// The seed of the expert's hint for `seat` at a position (the match's number in the
/// session, the hand number, the plays made in it): [`derive()`] with no secret (key 0). A
/// hint is shown to the seat that asks for it, and what a seat is shown must be the same
/// whatever the cards it cannot see and the session's secret (a hint seeded by the secret
/// would tell something of it, and so of the deals to come); the search it seeds reads only
/// what the seat sees.
///
/// ```
/// use scopa_core::session::seed::{derive, hint_seed, Purpose};
/// assert_eq!(hint_seed(0, 2, 5, 3), derive(0, Purpose::Hint, 0, 2, 5, 3));
/// ```
pub fn hint_seed(match_number: u32, hand: u16, plays: u8, seat: u8) -> u64 {
    derive(0, Purpose::Hint, match_number, hand, plays, seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn siphash_matches_the_reference_vector() {
        // The SipHash-2-4 paper's test vector: key 00 01 … 0f, message 00 01 … 0e.
        let k0 = u64::from_le_bytes([0, 1, 2, 3, 4, 5, 6, 7]);
        let k1 = u64::from_le_bytes([8, 9, 10, 11, 12, 13, 14, 15]);
        let msg: [u8; 15] = core::array::from_fn(|i| i as u8);
        assert_eq!(
            SipHasher24::new_with_keys(k0, k1).hash(&msg),
            0xa129_ca61_49be_45e5
        );
    }

    #[test]
    fn fixed_values_pin_the_policy_on_every_architecture() {
        // If these change, every saved session would continue differently: bump the save
        // format instead.
        assert_eq!(deal_seed(1, 0), derive(1, Purpose::Deal, 0, 0, 0, 0));
        let pinned = [
            derive(0, Purpose::Deal, 0, 0, 0, 0),
            derive(42, Purpose::Ai, 1, 2, 3, 1),
        ];
        assert_eq!(pinned, [PINNED_DEAL_0, PINNED_AI_42]);
    }

    const PINNED_DEAL_0: u64 = 5_631_149_350_215_470_502;
    const PINNED_AI_42: u64 = 3_169_562_709_722_922_827;

    #[test]
    fn purposes_and_positions_are_independent() {
        let s = 0xDEAD_BEEF;
        let mut seen = std::collections::BTreeSet::new();
        for match_number in 0..3 {
            for hand in 0..5 {
                for plays in 0..36 {
                    for seat in 0..4 {
                        assert!(seen.insert(derive(
                            s,
                            Purpose::Ai,
                            match_number,
                            hand,
                            plays,
                            seat
                        )));
                    }
                }
            }
            assert!(seen.insert(deal_seed(s, match_number)));
        }
    }
}
