//! Inference from play by rejection sampling: a sampled world is kept when a model of the
//! other seats' play, replayed in that world, makes the plays they actually made in the
//! current round.
//!
//! Only the current round can say anything: at the start of a round every card a seat
//! held before has been played face up, and no decision made so far depended on the cards
//! just dealt, so every way of placing the unseen cards is equally likely. Once a seat has
//! played in the round, the play it chose says something about the cards it kept: a world
//! in which the model, holding that world's cards, would have played something else is
//! less likely. Replaying a stochastic model once per play with a fresh seed accepts a
//! world with exactly the probability of the plays under the model, so the kept worlds
//! are draws from the posterior (rejection sampling).
//!
//! The model is a plain function of a [`PlayerView`] and a seed (the levels use the
//! rule-based `medium` player); the views it is given are rebuilt from public facts and
//! the world's cards by [`PlayerView::from_public`], so the model sees what the seat saw.

use crate::cardset::CardSet;
use crate::deal::SplitMix64;
use crate::scopa::capture::Move;
use crate::scopa::hand::HandState;
use crate::scopa::view::PlayerView;

/// A seat's policy: its move from its view and a seed.
pub type Model = fn(&PlayerView, u64) -> Option<Move>;

/// The model the levels infer with: the rule-based `medium` player, a sound club player's
/// habits (it takes the settebello, sweeps when it can, does not leave a sweep...).
pub fn medium_model(view: &PlayerView, _seed: u64) -> Option<Move> {
    super::medium::choose_in_view(view)
}

/// Whether the seats other than `view`'s have played since the current round was dealt
/// (else there is nothing to infer from).
pub fn others_played(view: &PlayerView) -> bool {
    let ppr = usize::from(view.rules().plays_per_round());
    let history = view.history();
    let start = history.len() - history.len() % ppr;
    history[start..].iter().any(|p| p.seat != view.seat())
}

/// Whether `model`, replayed for every other seat at each of its plays of the current
/// round with the cards it held in `world` (its cards in `world` plus the ones it played
/// since), makes the play it made. Each replay gets a fresh seed from `rng`, so the answer
/// is `true` with the probability of those plays under the model. The plays are checked
/// from the latest back (the first that differs ends the check).
///
/// Kept out of line: the rebuilt view and the model's scratch are on the stack only while
/// a world is drawn, never during the search.
#[inline(never)]
pub fn reproduces(
    view: &PlayerView,
    world: &HandState,
    model: Model,
    rng: &mut SplitMix64,
) -> bool {
    let rules = *view.rules();
    let history = view.history();
    let ppr = usize::from(rules.plays_per_round());
    let start = history.len() - history.len() % ppr;
    // Walk back from the current table to the start of the round.
    let mut table = view.table();
    let mut later = [CardSet::EMPTY; 4];
    for (i, p) in history.iter().enumerate().skip(start).rev() {
        let card = p.mv.card();
        let before = if p.mv.is_lay() {
            table - CardSet::single(card)
        } else {
            table | p.mv.capture()
        };
        let seat = usize::from(p.seat);
        if p.seat != view.seat() && seat < later.len() {
            let hand = world.hand(p.seat) | later[seat] | CardSet::single(card);
            let Ok(seen) = PlayerView::from_public(
                rules,
                p.seat,
                view.dealer(),
                hand,
                before,
                &history[..i],
                view.scores(),
            ) else {
                return false;
            };
            if model(&seen, rng.next()) != Some(p.mv) {
                return false;
            }
        }
        if seat < later.len() {
            later[seat].insert(card);
        }
        table = before;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{self, Level};
    use crate::scopa::{Match, Rules};

    fn medium(view: &PlayerView, seed: u64) -> Option<Move> {
        ai::choose_move(Level::Medium, view, seed)
    }

    /// The model plays exactly the `medium` level (same move, same ties), for every player
    /// count, deal and Ace rule.
    #[test]
    fn the_medium_model_is_the_medium_level() {
        use crate::scopa::{AceRule, DealKind};
        let mut checked = 0;
        for seed in 0..60u64 {
            let players = 2 + (seed % 3) as u8;
            let deal = match seed % 5 {
                0 if players == 4 => DealKind::Scopone,
                1 if players == 4 => DealKind::ScoponeScientifico,
                _ => DealKind::Standard,
            };
            let ace = match seed % 3 {
                0 => AceRule::Plain,
                1 => AceRule::MatchTakesAll,
                _ => AceRule::TakesAll,
            };
            let rules = Rules {
                players,
                deal,
                ace,
                ..Rules::default()
            };
            let mut game = Match::new(rules, seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while let Some(view) = game.view(game.turn()).filter(|v| v.is_my_turn()) {
                assert_eq!(medium_model(&view, 3), medium(&view, 3));
                checked += 1;
                // Other moves than medium's too, to reach varied tables.
                let moves = view.legal_moves();
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                let events = game.play(game.turn(), mv).unwrap();
                if events
                    .iter()
                    .any(|e| matches!(e, crate::scopa::Event::HandFinished(_)))
                {
                    break;
                }
            }
        }
        assert!(checked > 1_500, "{checked}");
    }

    /// Nothing to infer from before the other seat's first play of a round.
    #[test]
    fn nothing_is_inferred_before_the_other_seat_plays() {
        let mut game = Match::new(Rules::default(), 4).unwrap();
        for plays in 0..36 {
            let seat = game.turn();
            let view = game.view(seat).unwrap();
            let in_round = plays % 6;
            // Seat 1 leads every round (dealer 0): it sees no play of the round at its first
            // turn; seat 0 always sees seat 1's.
            assert_eq!(others_played(&view), in_round > 0, "play {plays}");
            let mv = medium(&view, 1).unwrap();
            game.play(seat, mv).unwrap();
        }
    }
}
