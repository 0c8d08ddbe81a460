//! [`Match`]: hands until the target (with the tie play-on), dealer rotation, running
//! scores, the history of the current hand.

use crate::cardset::CardSet;
use crate::deal::{Deck, SplitMix64, below};
use crate::scopa::capture::MoveList;
use crate::scopa::cards::{EventOf, EventsOf, MaybeFormat, PlayErrorOf, ScopaCards};
use crate::scopa::hand::{DealError, HandState, HandStateOf};
use crate::scopa::rules::{DealKind, Rules, RulesError};
use crate::scopa::score::HandScore;
use crate::scopa::view::{Play, PlayerView};
use crate::seats::MAX_SIDES;

/// The piles and scope of the last finished hand, and its score, over the card container
/// `C` for `SIDES` sides (sides past the last: empty piles, no scope).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct FinishedHandOf<C, const SIDES: usize> {
    /// Each side's pile (the table's last cards included).
    pub piles: [C; SIDES],
    /// Each side's scope.
    pub scope: [u8; SIDES],
    /// The breakdown.
    pub score: HandScore,
}

/// The last finished hand of a one-deck match.
pub type FinishedHand = FinishedHandOf<CardSet, 3>;

/// What a match needs of its hand beyond [`HandStateOf`]'s play: dealing the next hand
/// from the match's generator, dealing the current one again (to take plays back), and
/// the cards its deal laid on the table. [`HandState`] (one deck, the deck order kept
/// beside the hand) and [`TeamHand`](crate::scopa::teams::TeamHand) (two decks, the deck
/// order inside it) implement it.
pub trait MatchHand<const SIDES: usize>: Copy + Eq + core::hash::Hash + core::fmt::Debug {
    /// The card container.
    type Cards: ScopaCards;
    /// What the match keeps of the current hand's deal beside the hand: the deck order
    /// for one deck, nothing for two (the hand holds it).
    type Deck: Copy + Eq + core::hash::Hash + core::fmt::Debug + MaybeFormat;
    /// Why a deal failed (never for rules already checked).
    type DealError;
    /// The hand as a [`HandStateOf`].
    fn state(&self) -> &HandStateOf<Self::Cards, SIDES>;
    /// The hand as a [`HandStateOf`], to play on.
    fn state_mut(&mut self) -> &mut HandStateOf<Self::Cards, SIDES>;
    /// Shuffles with `rng` and deals with `dealer` dealing, shuffling again while
    /// `kings_redeal` voids the deal: the hand, its deal and the voided deals.
    fn deal_next(
        rules: Rules,
        dealer: u8,
        rng: &mut SplitMix64,
    ) -> Result<(Self, Self::Deck, u8), Self::DealError>;
    /// The hand dealt again from `deck` (its own deal), before any play.
    fn redeal(&self, deck: &Self::Deck) -> Option<Self>;
    /// The cards the deal `deck` of this hand laid face up on the table.
    fn initial_table(&self, deck: &Self::Deck) -> Self::Cards;
}

/// Shuffles and deals until the table holds fewer than three Kings (under `kings_redeal`),
/// counting the reshuffles. `rules` and `dealer` are already checked.
fn deal_counting(rules: Rules, dealer: u8, rng: &mut SplitMix64) -> (HandState, Deck, u8) {
    let mut redeals = 0u8;
    loop {
        let deck = Deck::shuffled(rng);
        if let Ok(hand) = HandState::from_deck(rules, dealer, &deck) {
            return (hand, deck, redeals);
        }
        redeals = redeals.saturating_add(1).min(MAX_REDEALS);
    }
}

impl MatchHand<3> for HandState {
    type Cards = CardSet;
    type Deck = Deck;
    type DealError = core::convert::Infallible;
    #[inline]
    fn state(&self) -> &HandState {
        self
    }
    #[inline]
    fn state_mut(&mut self) -> &mut HandState {
        self
    }
    fn deal_next(
        rules: Rules,
        dealer: u8,
        rng: &mut SplitMix64,
    ) -> Result<(HandState, Deck, u8), core::convert::Infallible> {
        Ok(deal_counting(rules, dealer, rng))
    }
    fn redeal(&self, deck: &Deck) -> Option<HandState> {
        HandState::from_deck(self.rules, self.dealer, deck).ok()
    }
    fn initial_table(&self, deck: &Deck) -> CardSet {
        let skip = usize::from(self.rules.players) * usize::from(self.rules.cards_per_round());
        deck.cards()[skip..]
            .iter()
            .take(usize::from(self.rules.initial_table()))
            .copied()
            .collect()
    }
}

/// A whole match over the hand `H` ([`MatchHand`]) for `SIDES` sides and at most `PLAYS`
/// plays a hand: hands are dealt from a seeded [`SplitMix64`] until a side wins.
/// [`Match`] is one deck, [`TeamMatch`](crate::scopa::teams::TeamMatch) two; the running
/// scores, the history of the current hand, the end of a hand and of the match, and taking
/// plays back are written once, here.
///
/// Tied leaders play another hand (docs/rules.md §6), but not for ever: the hand numbers and
/// scores are 16-bit counters, so a match lasts at most [`Match::MAX_HANDS`] hands. If the
/// leaders are still tied when hand `MAX_HANDS - 1` (numbered from 0) ends, the first of
/// them in side order wins (see [`winner_after_hand`]). Within that limit no score can
/// overflow: a side makes at most [`Rules::max_hand_points`] (≤ 35) points a hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchOf<H: MatchHand<SIDES>, const SIDES: usize, const PLAYS: usize> {
    pub(crate) rules: Rules,
    pub(crate) hand: H,
    pub(crate) deck: H::Deck,
    pub(crate) history: heapless::Vec<<H::Cards as ScopaCards>::Move, PLAYS>,
    pub(crate) scores: [u16; SIDES],
    pub(crate) hand_number: u16,
    pub(crate) first_dealer: u8,
    pub(crate) rng: SplitMix64,
    pub(crate) winner: Option<u8>,
    pub(crate) last_hand: Option<FinishedHandOf<H::Cards, SIDES>>,
    /// Reshuffles of the current hand forced by too many Kings on the table.
    pub(crate) redeals: u8,
}

#[cfg(feature = "defmt")]
impl<H: MatchHand<SIDES> + defmt::Format, const SIDES: usize, const PLAYS: usize> defmt::Format
    for MatchOf<H, SIDES, PLAYS>
{
    fn format(&self, f: defmt::Formatter) {
        defmt::write!(
            f,
            "Match {{ rules: {}, hand: {}, hand_number: {}, scores: {}, winner: {} }}",
            self.rules,
            self.hand,
            self.hand_number,
            self.scores,
            self.winner
        )
    }
}

/// A whole one-deck match (2, 3 or 4 players).
///
/// ```
/// use scopa_core::scopa::{Match, Rules};
/// let mut game = Match::new(Rules::default(), 2024).unwrap();
/// while game.winner().is_none() {
///     let mv = game.legal_moves()[0];
///     game.play(game.turn(), mv).unwrap();
/// }
/// let w = game.winner().unwrap() as usize;
/// assert!(game.scores()[w] >= 11);
/// // Saved and restored, the match is the same.
/// let bytes = game.to_bytes();
/// assert_eq!(Match::from_bytes(&bytes).unwrap(), game);
/// ```
pub type Match = MatchOf<HandState, 3, 40>;

/// The most kings redeals recorded for one hand (more are counted as this many). A redeal
/// happens on about 1 deal in 630, so this bound is never reached in practice.
pub const MAX_REDEALS: u8 = 127;

impl<H: MatchHand<SIDES>, const SIDES: usize, const PLAYS: usize> MatchOf<H, SIDES, PLAYS> {
    /// The most hands a match lasts: hands are numbered 0 to `MAX_HANDS - 1`, and the last
    /// one always ends the match (see [`winner_after_hand`]).
    pub const MAX_HANDS: u16 = 1000;

    /// Starts a match for checked rules and dealer.
    pub(crate) fn start(
        rules: Rules,
        mut rng: SplitMix64,
        first_dealer: u8,
    ) -> Result<Self, H::DealError> {
        let (hand, deck, redeals) = H::deal_next(rules, first_dealer, &mut rng)?;
        Ok(MatchOf {
            rules,
            hand,
            deck,
            history: heapless::Vec::new(),
            scores: [0; SIDES],
            hand_number: 0,
            first_dealer,
            rng,
            winner: None,
            last_hand: None,
            redeals,
        })
    }

    /// The rules.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current hand (the last one, once the match is over).
    pub const fn hand(&self) -> &H {
        &self.hand
    }

    /// The plays of the current hand, in order (the seat of play i is eldest + i mod n).
    pub fn history(&self) -> &[<H::Cards as ScopaCards>::Move] {
        &self.history
    }

    /// Points per side (unused sides are 0).
    pub const fn scores(&self) -> [u16; SIDES] {
        self.scores
    }

    /// The hand number, from 0.
    pub const fn hand_number(&self) -> u16 {
        self.hand_number
    }

    /// The dealer of the first hand.
    pub const fn first_dealer(&self) -> u8 {
        self.first_dealer
    }

    /// The dealer of the current hand: (first dealer + hand number) mod players.
    pub fn dealer(&self) -> u8 {
        self.hand.state().dealer()
    }

    /// The seat to play.
    pub fn turn(&self) -> u8 {
        self.hand.state().turn()
    }

    /// The winning side, once the match is over.
    pub const fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// Whether the match is over.
    pub const fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// How many times the current hand's cards were shuffled again because too many Kings
    /// would have been on the table (docs/rules.md's `kings_redeal`: 3 or more with one
    /// deck, at most [`MAX_REDEALS`] counted; 5 or more with two).
    pub const fn redeals(&self) -> u8 {
        self.redeals
    }

    /// The generator's state for the hands to come (what a snapshot stores).
    pub const fn rng_state(&self) -> u64 {
        self.rng.state()
    }

    /// The [`EventOf::NewHand`] of the current hand, as the match's play reported it when
    /// it was dealt (for the first hand, which no play reports, and for a front-end that
    /// resumes).
    pub fn deal_event(&self) -> EventOf<H::Cards, SIDES> {
        EventOf::NewHand {
            number: self.hand_number,
            dealer: self.dealer(),
            table: self.hand.initial_table(&self.deck),
            redeals: self.redeals,
        }
    }

    /// Takes back the plays of the current hand after the first `plays`: the hand is dealt
    /// again from its deck and the first `plays` moves are replayed, so the result is exactly
    /// the position the match was in then. Refused (and nothing changes) when `plays` is not
    /// below the number of plays made, or once the match is over.
    pub fn rewind(&mut self, plays: u8) -> Result<(), RewindError> {
        self.hand = replay_prefix(
            self.winner,
            &self.history,
            plays,
            || self.hand.redeal(&self.deck),
            |hand, mv| {
                let hand = hand.state_mut();
                hand.play(hand.turn(), mv).is_ok()
            },
        )?;
        self.history.truncate(usize::from(plays));
        Ok(())
    }

    /// Plays `mv` for `seat`. On error nothing changes. When a hand ends its score is added;
    /// then either the match ends ([`EventOf::MatchFinished`]) or the next hand is dealt
    /// ([`EventOf::NewHand`]).
    pub fn play(
        &mut self,
        seat: u8,
        mv: <H::Cards as ScopaCards>::Move,
    ) -> Result<EventsOf<H::Cards, SIDES>, PlayErrorOf<H::Cards>> {
        if let Some(winner) = self.winner {
            return Err(PlayErrorOf::MatchOver { winner });
        }
        let mut events = self.hand.state_mut().play(seat, mv)?;
        // The hand refuses a play past its last before we get here.
        let _ = self.history.push(mv);
        if self.hand.state().is_finished() {
            self.finish_hand(&mut events);
        }
        Ok(events)
    }

    fn finish_hand(&mut self, events: &mut EventsOf<H::Cards, SIDES>) {
        let hand = self.hand.state();
        let Some(score) = hand.score() else {
            return; // a finished hand always scores
        };
        self.last_hand = Some(FinishedHandOf {
            piles: core::array::from_fn(|side| hand.pile(side as u8)),
            scope: core::array::from_fn(|side| hand.scope(side as u8)),
            score,
        });
        match add_points(self.scores, score.totals()) {
            Some(scores) => {
                self.scores = scores;
                self.winner = winner_after_hand(&self.rules, self.scores, self.hand_number);
            }
            // Unreachable (at most MAX_HANDS hands of at most max_hand_points each, checked
            // at compile time below); were it reached, the match would end as at the last
            // hand rather than wrap or saturate a score.
            None => self.winner = Some(leader(&self.rules, self.scores)),
        }
        if let Some(winner) = self.winner {
            let _ = events.push(EventOf::MatchFinished {
                winner,
                scores: self.scores,
            });
        } else {
            self.next_hand();
            let _ = events.push(self.deal_event());
        }
    }

    fn next_hand(&mut self) {
        // No overflow: the last hand, MAX_HANDS - 1 < u16::MAX, always ends the match.
        self.hand_number += 1;
        let n = u32::from(self.rules.players);
        let dealer = ((u32::from(self.first_dealer) + u32::from(self.hand_number)) % n) as u8;
        // The rules were checked when the match started: the deal cannot fail.
        if let Ok((hand, deck, redeals)) = H::deal_next(self.rules, dealer, &mut self.rng) {
            self.hand = hand;
            self.deck = deck;
            self.redeals = redeals;
        }
        self.history.clear();
    }
}

impl Match {
    /// A new match; the first dealer is drawn by lot from the seed.
    pub fn new(rules: Rules, seed: u64) -> Result<Match, RulesError> {
        rules.validate_one_deck()?;
        let mut rng = SplitMix64::new(seed);
        let dealer = below(&mut rng, u32::from(rules.players)) as u8;
        Ok(Match::started(rules, rng, dealer))
    }

    /// A new match whose first hand is dealt by `first_dealer`.
    pub fn with_first_dealer(
        rules: Rules,
        seed: u64,
        first_dealer: u8,
    ) -> Result<Match, DealError> {
        rules.validate_one_deck()?;
        if first_dealer >= rules.players {
            return Err(DealError::BadDealer {
                dealer: first_dealer,
                players: rules.players,
            });
        }
        Ok(Match::started(rules, SplitMix64::new(seed), first_dealer))
    }

    /// A new match seeded from any `rand_core` RNG.
    pub fn from_rng<R: rand_core::Rng + ?Sized>(
        rules: Rules,
        rng: &mut R,
    ) -> Result<Match, RulesError> {
        Match::new(rules, rng.next_u64())
    }

    /// [`MatchOf::start`] for one deck, which cannot fail.
    fn started(rules: Rules, rng: SplitMix64, first_dealer: u8) -> Match {
        match Match::start(rules, rng, first_dealer) {
            Ok(m) => m,
            Err(never) => match never {},
        }
    }

    /// The deck order the current hand was dealt from (hidden information: never show it).
    pub const fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The plays of the current hand with their seats.
    pub fn plays(&self) -> impl ExactSizeIterator<Item = Play> + '_ {
        let n = self.rules.players;
        let eldest = self.hand.eldest();
        self.history.iter().enumerate().map(move |(i, &mv)| Play {
            seat: (eldest + (i % n as usize) as u8) % n,
            mv,
        })
    }

    /// The last play of the current hand, if any: `None` right after a new hand is dealt
    /// (the previous hand's last play is in the [`EventOf::Played`] of that play).
    pub fn last_play(&self) -> Option<Play> {
        self.plays().last()
    }

    /// The last finished hand (its piles, scope and score).
    pub const fn last_hand(&self) -> Option<&FinishedHand> {
        self.last_hand.as_ref()
    }

    /// The cards the deal of the current hand laid face up on the table (public: every
    /// seat saw them).
    pub fn initial_table(&self) -> CardSet {
        self.hand.initial_table(&self.deck)
    }

    /// The legal moves of the seat to play (empty once the match is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.winner.is_some() {
            MoveList::new()
        } else {
            self.hand.legal_moves()
        }
    }

    /// What `seat` may know, or `None` for a seat that does not exist.
    pub fn view(&self, seat: u8) -> Option<PlayerView> {
        if seat >= self.rules().players {
            return None;
        }
        Some(PlayerView::of_hand(
            self.hand(),
            seat,
            self.plays().collect(),
            self.scores(),
            self.hand_number(),
            self.winner(),
        ))
    }
}

/// Adds one hand's points to the running scores; `None` if a total would not fit.
pub(crate) fn add_points<const N: usize>(
    scores: [u16; N],
    points: [u16; MAX_SIDES],
) -> Option<[u16; N]> {
    let mut out = [0; N];
    for (slot, (&s, &p)) in out.iter_mut().zip(scores.iter().zip(&points)) {
        *slot = s.checked_add(p)?;
    }
    Some(out)
}

/// The most points a side can make in one hand under any rules, times the most hands a
/// match lasts, fits a score: no running score can overflow.
const _: () = {
    let most = Rules {
        players: 4,
        decks: 1,
        deal: DealKind::ScoponeScientifico,
        target: 1,
        primiera: crate::scopa::rules::PrimieraRule::Classic,
        ace: crate::scopa::rules::AceRule::Plain,
        napola: true,
        re_bello: true,
        kings_redeal: false,
    }
    .max_hand_points();
    assert!(most == 35);
    assert!(Match::MAX_HANDS as u32 * most as u32 <= u16::MAX as u32);
};

/// The first side (in side order) with the highest score.
fn leader<const N: usize>(rules: &Rules, scores: [u16; N]) -> u8 {
    let k = (rules.sides() as usize).min(N);
    let best = scores[..k].iter().copied().max().unwrap_or(0);
    scores[..k].iter().position(|&s| s == best).unwrap_or(0) as u8
}

/// The winner once hand `hand_number` has ended with `scores`: [`winner_of`], except that
/// the last hand a match may have ([`Match::MAX_HANDS`]` - 1`) always names one — tied
/// leaders there are separated by side order, the first of them wins.
///
/// ```
/// use scopa_core::scopa::{Match, Rules, winner_after_hand};
/// let r = Rules::default();
/// assert_eq!(winner_after_hand(&r, [12, 12, 0], 3), None); // tied: play on
/// assert_eq!(winner_after_hand(&r, [12, 12, 0], Match::MAX_HANDS - 1), Some(0));
/// assert_eq!(winner_after_hand(&r, [12, 13, 0], Match::MAX_HANDS - 1), Some(1));
/// ```
pub fn winner_after_hand<const N: usize>(
    rules: &Rules,
    scores: [u16; N],
    hand_number: u16,
) -> Option<u8> {
    match winner_of(rules, scores) {
        Some(w) => Some(w),
        None if hand_number >= Match::MAX_HANDS - 1 => Some(leader(rules, scores)),
        None => None,
    }
}

/// The hand dealt again by `fresh` with the first `plays` moves of `history` replayed by
/// `play` — [`Match::rewind`]'s and the two-deck match's: refused once the match is over
/// (`winner`), when nothing comes after `plays`, or when the replay fails.
pub(crate) fn replay_prefix<H, M: Copy>(
    winner: Option<u8>,
    history: &[M],
    plays: u8,
    fresh: impl FnOnce() -> Option<H>,
    play: impl Fn(&mut H, M) -> bool,
) -> Result<H, RewindError> {
    if winner.is_some() {
        return Err(RewindError::MatchOver);
    }
    let made = history.len();
    if usize::from(plays) >= made {
        return Err(RewindError::NothingToTakeBack {
            plays,
            made: made as u8,
        });
    }
    let mut hand = fresh().ok_or(RewindError::Inconsistent)?;
    for &mv in &history[..usize::from(plays)] {
        if !play(&mut hand, mv) {
            return Err(RewindError::Inconsistent);
        }
    }
    Ok(hand)
}

/// Why [`Match::rewind`] refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RewindError {
    /// The match is over: its last hand cannot be taken back.
    MatchOver,
    /// Only `made` plays were made in this hand: there is nothing after play `plays`.
    NothingToTakeBack {
        /// The plays asked to keep.
        plays: u8,
        /// The plays made in the hand.
        made: u8,
    },
    /// The stored deck and plays did not replay (cannot happen for a match built by this
    /// crate; reported rather than panicking).
    Inconsistent,
}

impl core::fmt::Display for RewindError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RewindError::MatchOver => f.write_str("the match is over: nothing can be taken back"),
            RewindError::NothingToTakeBack { plays, made } => write!(
                f,
                "cannot go back to play {plays} of this hand: only {made} plays were made"
            ),
            RewindError::Inconsistent => {
                f.write_str("the hand's deck and plays do not replay: the match is damaged")
            }
        }
    }
}

impl core::error::Error for RewindError {}

/// The winner after a hand's points are added (docs/rules.md §6): a side that has reached the
/// target with strictly the highest total.
pub fn winner_of<const N: usize>(rules: &Rules, scores: [u16; N]) -> Option<u8> {
    let k = (rules.sides() as usize).min(N);
    let best = *scores[..k].iter().max()?;
    if best < u16::from(rules.target) {
        return None;
    }
    let mut leaders = scores[..k].iter().enumerate().filter(|&(_, &s)| s == best);
    let (first, _) = leaders.next()?;
    if leaders.next().is_some() {
        None
    } else {
        Some(first as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scopa::capture::Move;
    use crate::scopa::hand::PlayError;

    #[test]
    fn tie_at_the_target_plays_on() {
        let r = Rules::default();
        assert_eq!(winner_of(&r, [11, 11, 0]), None);
        assert_eq!(winner_of(&r, [12, 11, 0]), Some(0));
        assert_eq!(winner_of(&r, [10, 9, 0]), None);
        let r3 = Rules {
            players: 3,
            ..Rules::default()
        };
        assert_eq!(winner_of(&r3, [3, 14, 14]), None);
        assert_eq!(winner_of(&r3, [3, 14, 12]), Some(1));
    }

    #[test]
    fn dealer_rotates_each_hand() {
        let mut m = Match::with_first_dealer(
            Rules {
                players: 3,
                ..Rules::default()
            },
            9,
            2,
        )
        .unwrap();
        let mut seen = std::vec::Vec::new();
        while !m.is_over() && seen.len() < 5 {
            let number = m.hand_number();
            if seen.last().is_none_or(|&(n, _)| n != number) {
                seen.push((number, m.dealer()));
            }
            let mv = m.legal_moves()[0];
            m.play(m.turn(), mv).unwrap();
        }
        for (number, dealer) in seen {
            assert_eq!(u16::from(dealer), (2 + number) % 3);
        }
    }

    #[test]
    fn play_after_the_end_is_refused() {
        let mut m = Match::new(
            Rules {
                target: 1,
                ..Rules::default()
            },
            1,
        )
        .unwrap();
        while !m.is_over() {
            let mv = m.legal_moves()[0];
            m.play(m.turn(), mv).unwrap();
        }
        let any = Move::lay(crate::Card::SETTEBELLO);
        assert!(matches!(
            m.play(m.turn(), any),
            Err(PlayError::MatchOver { .. })
        ));
    }
}
