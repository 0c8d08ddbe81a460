//! Inference from play: how likely a sampled world makes the plays the other seats have
//! actually made in the current round, under a model of their play.
//!
//! The model is the rule-based `medium` score ([`scopa_core::ai::medium::score_in`]) of every move
//! the seat could have made, turned into probabilities by a softmax with temperature `t`
//! (centipoints): a move scoring `t` less than another is half as likely. A world where a
//! seat held a card that would have made a much better play than the one it made is
//! unlikely; a world where its play was the natural one is likely.
//!
//! Only the current round matters: at the end of a round every card a seat held has been
//! played face up, so earlier rounds tell nothing about the hands held now.
//!
//! Everything is integer: weights are probabilities in 1/65536, multiplied play by play.

use scopa_core::CardSet;
use scopa_core::ai::medium::{Situation, score_in};
use scopa_core::scopa::{HandState, Move, PlayerView, Rules, capture};

/// Weight of a certain world (probability 1) in the fixed point of [`likelihood`].
pub(crate) const ONE: u32 = 1 << 16;

/// `2^(-x / 16)` in 1/65536 for `x >= 0` (0 beyond 2^-16).
fn exp2_neg(x: u32) -> u32 {
    // 2^(-i/16) for i in 0..16, in 1/65536.
    const FRAC: [u32; 16] = [
        65536, 62757, 60097, 57549, 55109, 52773, 50535, 48393, 46341, 44376, 42495, 40693, 38968,
        37316, 35734, 34219,
    ];
    let int = x / 16;
    if int >= 17 {
        return 0;
    }
    FRAC[(x % 16) as usize] >> int
}

/// One play of another seat in the current round, as that seat saw it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Observed {
    /// The seat that played.
    pub seat: u8,
    /// What it played.
    pub mv: Move,
    /// The rule-based situation at the time (the unseen cards are filled in per world).
    pub sit: Situation,
    /// Cards the seat saw at the time besides its own hand: the table and every pile.
    pub seen: CardSet,
    /// Cards the seat played later in the round (back in its hand at the time).
    pub later: CardSet,
}

/// The other seats' plays of the current round (at most one round: 10 plays per seat in
/// scopone, 40 plays in all).
pub(crate) struct Observations {
    /// The plays, oldest first.
    pub plays: heapless::Vec<Observed, 40>,
}

/// Cards `seat` holds after `plays` plays of a hand dealt by `dealer`.
fn hand_size_at(rules: &Rules, dealer: u8, plays: u8, seat: u8) -> u32 {
    let n = rules.players;
    let q = plays % rules.plays_per_round();
    let pos = (seat + n - (dealer + 1) % n) % n;
    u32::from(rules.cards_per_round() - (q / n + u8::from(pos < q % n)))
}

impl Observations {
    /// The plays of the current round by seats other than the view's.
    pub(crate) fn of(view: &PlayerView) -> Observations {
        let rules = *view.rules();
        let history = view.history();
        let plays = history.len();
        let ppr = usize::from(rules.plays_per_round());
        let round_start = plays - plays % ppr;
        let deck_after_round = view.deck_left() > 0;
        let mut out = Observations {
            plays: heapless::Vec::new(),
        };
        // Walk back from the current table and piles to the start of the round.
        let mut table = view.table();
        let mut piles = CardSet::EMPTY;
        for side in 0..rules.sides() {
            piles |= view.pile(side);
        }
        let mut later = [CardSet::EMPTY; 4];
        let mut rev: heapless::Vec<Observed, 40> = heapless::Vec::new();
        for (i, p) in history.iter().enumerate().skip(round_start).rev() {
            let card = p.mv.card();
            let before = if p.mv.is_lay() {
                table - CardSet::single(card)
            } else {
                piles -= p.mv.capture() | CardSet::single(card);
                table | p.mv.capture()
            };
            let seat = usize::from(p.seat);
            if p.seat != view.seat() && seat < later.len() {
                let next = (p.seat + 1) % rules.players;
                // As `medium` counts it: the next seat's hand before the play, or a new
                // round's when it is empty and the deck is not.
                let mut next_hand = hand_size_at(&rules, view.dealer(), i as u8, next);
                if next_hand == 0 && deck_after_round {
                    next_hand = u32::from(rules.cards_per_round());
                }
                let _ = rev.push(Observed {
                    seat: p.seat,
                    mv: p.mv,
                    sit: Situation {
                        rules,
                        table: before,
                        unseen: CardSet::EMPTY,
                        next_hand,
                        last: i + 1 == usize::from(rules.plays_per_hand()),
                    },
                    seen: before | piles,
                    later: later[seat],
                });
            }
            if seat < later.len() {
                later[seat].insert(card);
            }
            table = before;
        }
        while let Some(o) = rev.pop() {
            let _ = out.plays.push(o);
        }
        out
    }

    /// Whether there is anything to infer from.
    pub(crate) fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// The probability (in 1/65536, at least 1) that the seats of `world` would have made
    /// the observed plays, under the rule-based model with temperature `t` centipoints.
    pub(crate) fn likelihood(&self, world: &HandState, t: u32) -> u32 {
        let mut w = ONE;
        let t = t.max(1);
        for o in &self.plays {
            let hand = world.hand(o.seat) | o.later | CardSet::single(o.mv.card());
            let mut sit = o.sit;
            sit.unseen = (hand | o.seen).complement();
            let ace = sit.rules.ace;
            // Scores of every move the seat had; the softmax in base 2 with step `t`.
            let actual = score_in(&sit, o.mv);
            let mut best = actual;
            let mut scores = [0i32; 64];
            let mut n = 0;
            for card in hand {
                for &cap in capture::captures(sit.table, card, ace).iter() {
                    let s = score_in(&sit, Move::new(card, cap));
                    if n < scores.len() {
                        scores[n] = s;
                        n += 1;
                    }
                    best = best.max(s);
                }
            }
            let weight = |s: i32| exp2_neg(((best - s) as u32).saturating_mul(16) / t);
            let total: u32 = scores[..n].iter().map(|&s| weight(s)).sum();
            let p = (u64::from(weight(actual)) << 16) / u64::from(total.max(1));
            w = ((u64::from(w) * p) >> 16) as u32;
        }
        w.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp2_table_halves_every_sixteen() {
        assert_eq!(exp2_neg(0), 65536);
        assert_eq!(exp2_neg(16), 32768);
        assert_eq!(exp2_neg(32), 16384);
        assert_eq!(exp2_neg(8), 46341);
        assert_eq!(exp2_neg(16 * 17), 0);
    }
}

#[cfg(test)]
mod model_tests {
    use super::*;
    use scopa_core::SplitMix64;
    use scopa_core::ai::{self, Level, sample};
    use scopa_core::scopa::Match;

    /// Against `medium` itself, a cold model finds the real hands more likely than hands
    /// sampled from what the seat can see (measured: about 1.26 times as likely on these
    /// deals — the plays of a round say little about the cards still held).
    #[test]
    fn the_real_world_is_likelier_than_sampled_ones_under_a_cold_model() {
        let (mut real, mut sampled, mut checked) = (0u64, 0u64, 0u64);
        let mut rng = SplitMix64::new(5);
        for seed in 0..40u64 {
            let mut game = Match::new(Rules::default(), seed).unwrap();
            for _ in 0..9 {
                let seat = game.turn();
                let view = game.view(seat).unwrap();
                let obs = Observations::of(&view);
                if !obs.is_empty() {
                    real += u64::from(obs.likelihood(game.hand(), 5));
                    let voids = sample::revealed_voids(&view);
                    let world = sample::sample(&view, &voids, None, &mut rng);
                    sampled += u64::from(obs.likelihood(&world.unwrap(), 5));
                    checked += 1;
                }
                let mv = ai::choose_move(Level::Medium, &view, 1).unwrap();
                game.play(seat, mv).unwrap();
            }
        }
        assert!(checked > 50);
        // Ties between equal scores keep the real world's likelihood below 1.
        assert!(real > sampled * 11 / 10, "real {real} sampled {sampled}");
        assert!(real / checked > ONE as u64 / 2, "{}", real / checked);
    }
}
