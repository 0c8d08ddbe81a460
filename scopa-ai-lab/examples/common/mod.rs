//! Self-play shared by the training program (`ai_train`) and the evaluation diagnostic
//! (`ai_floor`), so that both see the same positions.

use scopa_ai_lab::{self as lab, Contender};
use scopa_core::scopa::{Event, HandState, Match, Play, Rules};

mod flags;
pub use flags::{parse_flags, value};

/// A position at the end of a round (the next round just dealt), with the plays of the
/// hand that led to it.
pub struct RoundEnd {
    /// The position.
    pub state: HandState,
    /// Every play of the hand so far (`ai_floor` replays from it; `ai_train` does not read
    /// it).
    #[allow(dead_code)]
    pub history: Vec<Play>,
}

/// Plays one hand with `who` in every seat, dealt from
/// `Match::with_first_dealer(rules, seed, dealer)`, each move seeded from the hand and the
/// ply; returns the ends of its rounds (all but the last) and the final totals.
pub fn play_hand(
    rules: Rules,
    seed: u64,
    dealer: u8,
    who: Contender,
) -> Result<(Vec<RoundEnd>, [u16; scopa_core::MAX_SIDES]), String> {
    let mut game = Match::with_first_dealer(rules, seed, dealer).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let ppr = rules.plays_per_round();
    let mut ply = 0u64;
    loop {
        let seat = game.turn();
        let view = game.view(seat).ok_or("no view")?;
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply << 8) ^ u64::from(seat);
        let mv = lab::choose_move(who, &view, game.hand(), move_seed).ok_or("no move")?;
        let events = game.play(seat, mv).map_err(|e| e.to_string())?;
        ply += 1;
        for e in &events {
            if let Event::HandFinished(score) = e {
                return Ok((out, score.totals()));
            }
        }
        let st = *game.hand();
        if st.plays() % ppr == 0 {
            out.push(RoundEnd {
                state: st,
                history: game.plays().collect(),
            });
        }
    }
}
