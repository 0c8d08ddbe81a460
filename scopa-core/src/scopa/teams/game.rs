//! [`TeamMatch`]: a match at a two-deck table — hands until a side reaches the target, the
//! dealer moving one seat a hand, scores per side (3 sides with 6 players, 4 with 8).

use crate::deal::{SplitMix64, below};
use crate::multiset::CardMultiset;
use crate::scopa::game::{FinishedHandOf, Match, MatchHand, MatchOf};
use crate::scopa::rules::Rules;
use crate::scopa::score::HandScore;
use crate::seats::MAX_SIDES;

use super::hand::{TeamDealError, TeamHand};

/// Plays in one two-deck hand.
pub const TEAM_PLAYS: usize = 72;

impl MatchHand<MAX_SIDES> for TeamHand {
    type Cards = CardMultiset;
    type Deck = ();
    type DealError = TeamDealError;
    #[inline]
    fn state(&self) -> &TeamHand {
        self
    }
    #[inline]
    fn state_mut(&mut self) -> &mut TeamHand {
        self
    }
    fn deal_next(
        rules: Rules,
        dealer: u8,
        rng: &mut SplitMix64,
    ) -> Result<(TeamHand, (), u8), TeamDealError> {
        TeamHand::deal(rules, dealer, rng).map(|(hand, redeals)| (hand, (), redeals))
    }
    fn redeal(&self, _: &()) -> Option<TeamHand> {
        TeamHand::from_deck(self.rules, self.dealer, self.deck()).ok()
    }
    fn initial_table(&self, _: &()) -> CardMultiset {
        TeamHand::initial_table(self)
    }
}

/// A whole match at a two-deck table ([`MatchOf`] over [`TeamHand`]), dealt from a seeded
/// [`SplitMix64`] as [`Match`] is: the same target, tie play-on and [`Match::MAX_HANDS`]
/// limit.
///
/// ```
/// use scopa_core::scopa::Rules;
/// use scopa_core::scopa::teams::TeamMatch;
/// let rules = Rules { target: 3, ..Rules::default().with_players(6) };
/// let mut game = TeamMatch::new(rules, 9).unwrap();
/// while game.winner().is_none() {
///     let mv = game.hand().nth_legal_move(0).unwrap();
///     game.play(game.turn(), mv).unwrap();
/// }
/// assert!(game.scores()[usize::from(game.winner().unwrap())] >= 3);
/// ```
pub type TeamMatch = MatchOf<TeamHand, MAX_SIDES, TEAM_PLAYS>;

impl TeamMatch {
    /// A new match; the first dealer is drawn by lot from the seed.
    pub fn new(rules: Rules, seed: u64) -> Result<TeamMatch, TeamDealError> {
        super::hand::check_rules(&rules)?;
        let mut rng = SplitMix64::new(seed);
        let dealer = below(&mut rng, u32::from(rules.players)) as u8;
        TeamMatch::start(rules, rng, dealer)
    }

    /// A new match whose first hand is dealt by `first_dealer`.
    pub fn with_first_dealer(
        rules: Rules,
        seed: u64,
        first_dealer: u8,
    ) -> Result<TeamMatch, TeamDealError> {
        TeamMatch::start(rules, SplitMix64::new(seed), first_dealer)
    }

    /// A match put back together by [`TeamMatch::from_bytes`](super::snapshot) from checked
    /// parts.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn restored(
        rules: Rules,
        hand: TeamHand,
        history: heapless::Vec<super::TeamMove, TEAM_PLAYS>,
        scores: [u16; MAX_SIDES],
        hand_number: u16,
        first_dealer: u8,
        rng: SplitMix64,
        winner: Option<u8>,
        last_hand: Option<FinishedHandOf<CardMultiset, MAX_SIDES>>,
        redeals: u8,
    ) -> TeamMatch {
        MatchOf {
            rules,
            hand,
            deck: (),
            history,
            scores,
            hand_number,
            first_dealer,
            rng,
            winner,
            last_hand,
            redeals,
        }
    }

    /// The same match with the current hand dealt from `deck` (same dealer) and its plays
    /// replayed, `rng` for the hands to come: what another deal that shows the same public
    /// facts looks like (`None` when a play is not legal with `deck`). For tests of what is
    /// hidden.
    #[cfg(all(test, feature = "big-tables"))]
    pub(crate) fn redealt(
        &self,
        deck: &[crate::card::Card; super::hand::TWO_DECKS],
        rng: u64,
    ) -> Option<TeamMatch> {
        let mut hand = TeamHand::from_deck(self.rules, self.hand.dealer(), deck).ok()?;
        for &mv in &self.history {
            let seat = hand.turn();
            hand.play(seat, mv).ok()?;
        }
        Some(TeamMatch {
            hand,
            rng: SplitMix64::new(rng),
            ..self.clone()
        })
    }

    /// The score of the last finished hand.
    pub fn last_hand(&self) -> Option<&HandScore> {
        self.last_hand.as_ref().map(|last| &last.score)
    }

    /// The piles per side of the last finished hand (sides past the last are empty), once a
    /// hand has finished: [`TeamMatch::last_hand`] is their score.
    pub fn last_piles(&self) -> Option<&[CardMultiset]> {
        self.last_hand
            .as_ref()
            .map(|last| &last.piles[..usize::from(self.rules.sides())])
    }

    /// The last finished hand: its piles, scope and score.
    pub const fn finished_hand(&self) -> Option<&FinishedHandOf<CardMultiset, MAX_SIDES>> {
        self.last_hand.as_ref()
    }
}

/// A two-deck hand's points (most with 6 players: 3 sides share 72 plays) times the most
/// hands a match lasts fit a score.
const _: () = {
    let most = Rules {
        players: 6,
        decks: 2,
        deal: crate::scopa::rules::DealKind::Standard,
        target: 1,
        primiera: crate::scopa::rules::PrimieraRule::Classic,
        ace: crate::scopa::rules::AceRule::Plain,
        napola: true,
        re_bello: true,
        kings_redeal: false,
    };
    assert!(most.max_hand_points() as u32 * Match::MAX_HANDS as u32 <= u16::MAX as u32);
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::multiset::CardMultiset;
    use crate::scopa::teams::hand::TWO_DECKS;
    use crate::scopa::teams::{TeamEvent, TeamMove, TeamPlayError};
    use std::vec::Vec;

    fn two_decks() -> Vec<Card> {
        CardMultiset::TWO_DECKS.iter().collect()
    }

    /// Every card of the table, the hands, the piles and the undealt deck: the 80 cards.
    fn all_cards(hand: &TeamHand) -> CardMultiset {
        let mut all = hand.table();
        for seat in 0..hand.rules().players {
            all = all.checked_add(hand.hand(seat)).unwrap();
        }
        for side in 0..hand.rules().sides() {
            all = all.checked_add(hand.pile(side)).unwrap();
        }
        let undealt = &hand.deck()[TWO_DECKS - usize::from(hand.deck_left())..];
        for &c in undealt {
            all.insert(c).unwrap();
        }
        all
    }

    #[test]
    fn rounds_come_out_even_and_every_copy_is_played_once() {
        for players in [6u8, 8] {
            let rules = Rules::default().with_players(players);
            for seed in 0..20 {
                let mut game = TeamMatch::new(rules, seed).unwrap();
                let start = *game.hand();
                assert_eq!(start.table().len(), 8);
                for seat in 0..players {
                    assert_eq!(start.hand(seat).len(), 3);
                }
                let mut played = start.table();
                let mut deals = 0;
                for i in 0..TEAM_PLAYS {
                    assert_eq!(all_cards(game.hand()), CardMultiset::TWO_DECKS);
                    let n = game.hand().legal_move_count();
                    let mv = game
                        .hand()
                        .nth_legal_move((seed as usize * 7 + i) % n)
                        .unwrap();
                    played.insert(mv.card).unwrap();
                    let events = game.play(game.turn(), mv).unwrap();
                    deals += events
                        .iter()
                        .filter(|e| matches!(e, TeamEvent::Dealt { .. }))
                        .count();
                }
                // 4 rounds of 18 plays with 6 players, 3 of 24 with 8.
                assert_eq!(deals + 1, if players == 6 { 4 } else { 3 });
                assert_eq!(
                    played,
                    CardMultiset::TWO_DECKS,
                    "every copy played or dealt to the table once"
                );
                let score = game.last_hand().unwrap();
                let cards: u32 = score.sides().iter().map(|s| u32::from(s.cards)).sum();
                assert_eq!(score.side_count(), rules.sides());
                // The table's last cards go to the last side to capture: all 80 are in piles
                // unless nobody captured at all.
                assert_eq!(cards, 80);
            }
        }
    }

    #[test]
    fn five_kings_on_the_table_void_the_deal_four_do_not() {
        let rules = Rules::default().with_players(6);
        let mut deck = two_decks();
        // The table is dealt after 18 cards: put 5 Kings at positions 18..23.
        let kings: Vec<usize> = (0..80).filter(|&i| deck[i].value() == 10).collect();
        for (k, &from) in kings.iter().take(5).enumerate() {
            deck.swap(18 + k, from);
        }
        let mut table = CardMultiset::EMPTY;
        for &c in &deck[18..26] {
            table.insert(c).unwrap();
        }
        let kings_on_table = table.count_value(10);
        assert!(kings_on_table >= 5);
        assert_eq!(
            TeamHand::from_deck(rules, 0, &deck),
            Err(TeamDealError::KingsOnTable {
                kings: kings_on_table as u8
            })
        );
        let lenient = Rules {
            kings_redeal: false,
            ..rules
        };
        assert!(TeamHand::from_deck(lenient, 0, &deck).is_ok());
        // Four Kings on the table are dealt.
        let mut four = two_decks();
        let kings: Vec<usize> = (0..80).filter(|&i| four[i].value() == 10).collect();
        for (k, &from) in kings.iter().take(4).enumerate() {
            four.swap(18 + k, from);
        }
        let on_table = four[18..26].iter().filter(|c| c.value() == 10).count();
        assert!(on_table <= 4);
        assert!(TeamHand::from_deck(rules, 0, &four).is_ok());
    }

    #[test]
    fn bad_decks_and_tables_are_refused_with_what_was_wrong() {
        let six = Rules::default().with_players(6);
        let deck = two_decks();
        assert_eq!(
            TeamHand::from_deck(six, 0, &deck[..79]),
            Err(TeamDealError::DeckLength { len: 79 })
        );
        let mut third = deck.clone();
        // The list holds each card twice in a row: a third `1d` at position 2.
        third[2] = third[0];
        assert_eq!(
            TeamHand::from_deck(six, 0, &third),
            Err(TeamDealError::ThirdCopy {
                card: deck[0],
                position: 2
            })
        );
        assert_eq!(
            TeamHand::from_deck(Rules::default(), 0, &deck),
            Err(TeamDealError::OneDeck { players: 2 })
        );
        assert_eq!(
            TeamHand::from_deck(six, 6, &deck),
            Err(TeamDealError::BadDealer {
                dealer: 6,
                players: 6
            })
        );
        assert!(TeamMatch::new(Rules { decks: 1, ..six }, 1).is_err());
    }

    #[test]
    fn a_move_names_cards_and_illegal_plays_change_nothing() {
        let rules = Rules::default().with_players(8);
        let mut game = TeamMatch::new(rules, 3).unwrap();
        let before = game.clone();
        let seat = game.turn();
        let other = (seat + 1) % 8;
        let card = game.hand().hand(other).iter().next().unwrap();
        assert!(matches!(
            game.play(other, TeamMove::lay(card)),
            Err(TeamPlayError::NotYourTurn { .. })
        ));
        assert_eq!(game, before);
        // Take back: the same position.
        let mv = game.hand().nth_legal_move(0).unwrap();
        game.play(seat, mv).unwrap();
        let mv2 = game.hand().nth_legal_move(0).unwrap();
        let after_one = game.clone();
        game.play(game.turn(), mv2).unwrap();
        game.rewind(1).unwrap();
        assert_eq!(game, after_one);
    }
}
