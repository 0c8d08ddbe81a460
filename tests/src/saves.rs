//! Playing a restored match or session to its end, checking that the states reached save
//! and restore to themselves — every state ([`Check::Every`], the snapshot properties) or
//! those where a save's counters change ([`Check::HandStarts`], the fuzz targets): the
//! invariant "every state reachable from an accepted save round-trips".

use scopa_core::SplitMix64;
use scopa_core::game::GameMove;
use scopa_core::scopa::Match;
use scopa_core::scopa::teams::TeamMove;
use scopa_core::session::{Action, Phase, Session};

use crate::walk::{check_conservation, pick};

/// The most plies a match can take: `Match::MAX_HANDS` hands of at most 40 plays.
pub const MAX_PLIES: usize = Match::MAX_HANDS as usize * 40;

/// Which reached states [`match_plays_out`] and [`session_plays_out`] save and restore.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Every one.
    Every,
    /// Those of the restored hand, the first of each later hand and the last: where the
    /// counters a save carries (hand number, scores, previous hand) change. Later hands
    /// are dealt and played by the rules from there. (For fuzzing, where whole matches
    /// restored at every ply would be slow.)
    HandStarts,
}

impl Check {
    fn wants(self, restored_hand: u16, hand: u16, plays: u8, over: bool) -> bool {
        self == Check::Every || hand == restored_hand || plays == 0 || over
    }
}

/// Plays `m` to its end with moves drawn from `choices`; the states `check` names must
/// save and restore to themselves, and every state holds each card once. Returns the plies
/// played. Panics (with what went wrong) otherwise, or if the match outlasts
/// [`MAX_PLIES`].
pub fn match_plays_out(mut m: Match, choices: u64, check: Check) -> usize {
    let mut rng = SplitMix64::new(choices);
    let restored_hand = m.hand_number();
    for ply in 0..=MAX_PLIES {
        if check.wants(
            restored_hand,
            m.hand_number(),
            m.hand().plays(),
            m.is_over(),
        ) {
            match Match::from_bytes(&m.to_bytes()) {
                Ok(back) => assert!(back == m, "a reached state restores to another"),
                Err(e) => panic!("a state reached from an accepted save is refused: {e}"),
            }
        }
        check_conservation(m.hand());
        if m.is_over() {
            assert!(m.legal_moves().is_empty());
            return ply;
        }
        let moves = m.legal_moves();
        let mv = moves[pick(&mut rng, moves.len())];
        if let Err(e) = m.play(m.turn(), mv) {
            panic!("legal move {mv} refused: {e}");
        }
    }
    panic!("the match did not end within {MAX_PLIES} plies");
}

/// Plays `s` to the end of its match with actions drawn from `choices` — card choices,
/// capture choices and cancels, exact moves, undos (when on), moves for the AI seats
/// (chosen like a person's, to keep this cheap), acknowledgements; at every step the
/// states `check` names must save and restore to themselves. Returns the actions applied.
pub fn session_plays_out(mut s: Session, choices: u64, check: Check) -> usize {
    let mut rng = SplitMix64::new(choices);
    // Each ply takes at most a card choice, a capture, a hand-off and an acknowledgement;
    // undos take plies back, so they are limited.
    let limit = MAX_PLIES * 6;
    let mut undos = 0;
    let restored_hand = s.game_match().hand_number();
    for step in 0..=limit {
        let m = s.game_match();
        let over = matches!(s.phase(), Phase::MatchOver { .. });
        if check.wants(restored_hand, m.hand_number(), m.plays(), over) {
            match Session::from_bytes(&s.to_bytes()) {
                Ok(back) => assert!(back == s, "a reached session restores to another"),
                Err(e) => panic!("a session reached from an accepted save is refused: {e}"),
            }
        }
        let action = match s.phase() {
            Phase::MatchOver { .. } => return step,
            Phase::Play { .. } => {
                let moves = s.legal_moves();
                let mv = moves[pick(&mut rng, moves.len())];
                match rng.next() % 8 {
                    0 if undos < 20 && s.settings().undo => {
                        undos += 1;
                        Action::Undo
                    }
                    1..=3 => Action::Select(mv.card()),
                    _ => Action::Play(mv.into()),
                }
            }
            Phase::ChooseCapture { card, .. } => {
                let options = s.capture_options();
                match rng.next() % 6 {
                    0 => Action::Cancel,
                    1 => Action::Play(GameMove::Scopa(TeamMove {
                        card,
                        capture: options[0],
                    })),
                    _ => Action::Capture(pick(&mut rng, options.len()) as u8),
                }
            }
            Phase::AiDue { .. } => Action::AiPlay(ai_seat_move(&s, &mut rng)),
            Phase::HandOff { .. } | Phase::Scopa { .. } | Phase::HandSummary => Action::Continue,
        };
        let before = s.clone();
        match s.apply(action) {
            Ok(_) => {}
            // Undo may have nothing to take back; nothing else may be refused.
            Err(_) if action == Action::Undo => {
                assert!(s == before, "a refused undo changed the session")
            }
            Err(e) => panic!("{action:?} in {:?} refused: {e}", before.phase()),
        }
    }
    panic!("the session's match did not end within {limit} actions");
}

/// A random legal move for the AI seat to play (cheaper than the AI), read through the game
/// interface from the match inside (the session shows no AI seat's cards).
fn ai_seat_move(s: &Session, rng: &mut SplitMix64) -> GameMove {
    let mut moves = Vec::new();
    s.game_match().for_each_legal_move(&mut |mv| moves.push(mv));
    moves[pick(rng, moves.len())]
}
