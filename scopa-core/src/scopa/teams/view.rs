//! [`TeamView`]: what one seat at a two-deck table knows — its own hand and what was public.

use crate::multiset::CardMultiset;
use crate::scopa::capture::CaptureKind;
use crate::scopa::rules::Rules;
use crate::scopa::view::ViewError;
use crate::seats::{MAX_SEATS, MAX_SIDES};

use super::capture::{TeamMove, classify};
use super::hand::{REDEAL_KINGS, TWO_DECKS, TeamHand};

/// What `seat` knows of a two-deck hand: its own cards, the table, every side's pile and
/// scope (every capture was seen), how many cards each hand holds and the deck has left,
/// and the match score. It never holds another hand (a partner's neither) or the deck's
/// order: built from a [`TeamHand`] whose hidden cards are permuted, it is the same value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TeamView {
    /// The seat whose view this is.
    pub seat: u8,
    /// The rules.
    pub rules: Rules,
    /// The dealer of the hand.
    pub dealer: u8,
    /// The seat to play.
    pub turn: u8,
    /// Plays made in this hand.
    pub plays: u8,
    /// The seat's own cards.
    pub hand: CardMultiset,
    /// The cards face up on the table.
    pub table: CardMultiset,
    /// Every side's captured cards.
    pub piles: [CardMultiset; MAX_SIDES],
    /// Every side's scope in this hand.
    pub scope: [u8; MAX_SIDES],
    /// How many cards each seat holds.
    pub hand_lens: [u8; MAX_SEATS],
    /// Cards not dealt yet.
    pub deck_left: u8,
    /// The side that captured last, if any.
    pub last_capture: Option<u8>,
    /// The match score per side before this hand ends.
    pub scores: [u16; MAX_SIDES],
}

impl TeamView {
    /// The cards this seat has not seen: the other hands and the undealt deck together.
    pub fn unseen(&self) -> CardMultiset {
        let mut seen = self.table.checked_add(self.hand).unwrap_or(self.table);
        for pile in &self.piles {
            seen = seen.checked_add(*pile).unwrap_or(seen);
        }
        CardMultiset::TWO_DECKS - seen
    }

    /// The seat's side.
    pub const fn side(&self) -> u8 {
        self.rules.side_of(self.seat)
    }

    /// Builds a view from public facts only — the seat's own hand, the table, the plays of
    /// the hand so far as (seat, move) in order, and the match score — and checks that they
    /// describe a real two-deck hand: no card more than twice, each play made in turn and
    /// legal, the history leading to this table, the hand of the right size. The hand must
    /// not be finished.
    ///
    /// ```
    /// use scopa_core::scopa::Rules;
    /// use scopa_core::scopa::teams::{TeamMatch, TeamView};
    /// let rules = Rules::default().with_players(6);
    /// let mut game = TeamMatch::new(rules, 4).unwrap();
    /// let mut history = Vec::new();
    /// for _ in 0..7 {
    ///     let mv = game.hand().nth_legal_move(0).unwrap();
    ///     history.push((game.turn(), mv));
    ///     game.play(game.turn(), mv).unwrap();
    /// }
    /// let seat = game.turn();
    /// let real = game.hand().view(seat, [0; 4]).unwrap();
    /// let rebuilt = TeamView::from_public(
    ///     rules, seat, game.hand().dealer(), real.hand, real.table, &history, [0; 4],
    /// ).unwrap();
    /// assert_eq!(rebuilt, real);
    /// ```
    pub fn from_public(
        rules: Rules,
        seat: u8,
        dealer: u8,
        hand: CardMultiset,
        table: CardMultiset,
        history: &[(u8, TeamMove)],
        scores: [u16; MAX_SIDES],
    ) -> Result<TeamView, ViewError> {
        rules.validate().map_err(ViewError::Rules)?;
        if rules.decks != 2 {
            return Err(ViewError::Rules(
                crate::scopa::rules::RulesError::DecksForPlayers {
                    decks: rules.decks,
                    players: rules.players,
                },
            ));
        }
        let n = rules.players;
        if seat >= n || dealer >= n {
            return Err(ViewError::BadSeat);
        }
        if history.len() >= usize::from(rules.plays_per_hand()) {
            return Err(ViewError::HandOver);
        }
        let third = |e: crate::multiset::ThirdCopy| ViewError::ThirdCopy { card: e.card };
        // Every card that lay on the table lies there still or was taken, once each.
        let (mut laid, mut taken, mut played) = (
            CardMultiset::EMPTY,
            CardMultiset::EMPTY,
            CardMultiset::EMPTY,
        );
        for (_, mv) in history {
            played.insert(mv.card).map_err(third)?;
            taken = taken.checked_add(mv.capture).map_err(third)?;
            if mv.is_lay() {
                laid.insert(mv.card).map_err(third)?;
            }
        }
        // The first table: what lies there now and was taken, less what was laid since.
        let before = table.checked_add(taken).map_err(third)?;
        if !laid.is_subset(before) {
            return Err(ViewError::TableMismatch);
        }
        let initial = before - laid;
        // Every physical card once: the hand, the first table, the cards played.
        hand.checked_add(initial)
            .and_then(|m| m.checked_add(played))
            .map_err(third)?;
        if initial.len() != u32::from(rules.initial_table())
            || (rules.kings_redeal && initial.count_value(10) >= u32::from(REDEAL_KINGS))
        {
            return Err(ViewError::BadInitialTable);
        }
        let eldest = (dealer + 1) % n;
        let mut cur = initial;
        let mut piles = [CardMultiset::EMPTY; MAX_SIDES];
        let mut scope = [0u8; MAX_SIDES];
        let mut last_capture = None;
        for (index, &(by, mv)) in history.iter().enumerate() {
            if by != (eldest + (index % usize::from(n)) as u8) % n {
                return Err(ViewError::WrongSeat { index });
            }
            let kind = classify(cur, mv.card, mv.capture, rules.ace)
                .ok_or(ViewError::IllegalPlay { index })?;
            let side = usize::from(rules.side_of(by));
            if kind == CaptureKind::Lay {
                cur.insert(mv.card).map_err(third)?;
            } else {
                cur = cur - mv.capture;
                piles[side] = piles[side].checked_add(mv.capture).map_err(third)?;
                piles[side].insert(mv.card).map_err(third)?;
                last_capture = Some(side as u8);
                if kind == CaptureKind::Ordinary && cur.is_empty() {
                    scope[side] += 1; // never the last play: the hand is not over
                }
            }
        }
        if cur != table {
            return Err(ViewError::TableMismatch);
        }
        // The round being played, and each seat's cards left in it.
        let plays = history.len() as u8;
        let per_round = rules.plays_per_round();
        let (round, into) = (plays / per_round, plays % per_round);
        let mut hand_lens = [0u8; MAX_SEATS];
        for (s, len) in hand_lens.iter_mut().enumerate().take(usize::from(n)) {
            let k = (s as u8 + n - eldest) % n;
            let played = into / n + u8::from(k < into % n);
            *len = rules.cards_per_round() - played;
        }
        let found = hand.len() as u8;
        let expected = hand_lens[usize::from(seat)];
        if found != expected {
            return Err(ViewError::HandSize { expected, found });
        }
        let dealt = rules.initial_table() + (round + 1) * per_round;
        Ok(TeamView {
            seat,
            rules,
            dealer,
            turn: (eldest + plays % n) % n,
            plays,
            hand,
            table,
            piles,
            scope,
            hand_lens,
            deck_left: TWO_DECKS as u8 - dealt,
            last_capture,
            scores,
        })
    }
}

impl TeamHand {
    /// What `seat` knows now (`None` for a seat that does not exist), with the match
    /// score `scores`.
    pub fn view(&self, seat: u8, scores: [u16; MAX_SIDES]) -> Option<TeamView> {
        let players = self.rules().players;
        if seat >= players {
            return None;
        }
        let mut hand_lens = [0; MAX_SEATS];
        for (s, len) in hand_lens.iter_mut().enumerate().take(players.into()) {
            *len = self.hand(s as u8).len() as u8;
        }
        Some(TeamView {
            seat,
            rules: *self.rules(),
            dealer: self.dealer(),
            turn: self.turn(),
            plays: self.plays(),
            hand: self.hand(seat),
            table: self.table(),
            piles: core::array::from_fn(|side| self.pile(side as u8)),
            scope: core::array::from_fn(|side| self.scope(side as u8)),
            hand_lens,
            deck_left: self.deck_left(),
            last_capture: self.last_capture(),
            scores,
        })
    }

    /// A hand consistent with `view`: the seat's own cards as they are, and `unseen` (the
    /// view's unseen cards in some order) dealt to the other hands in seat order and then to
    /// the undealt deck. `None` if the counts do not add up.
    pub(crate) fn imagined(view: &TeamView, unseen: &[crate::card::Card]) -> Option<TeamHand> {
        let players = usize::from(view.rules.players);
        let mut hands = [CardMultiset::EMPTY; MAX_SEATS];
        let mut next = 0usize;
        for (seat, hand) in hands.iter_mut().enumerate().take(players) {
            if seat == usize::from(view.seat) {
                *hand = view.hand;
                continue;
            }
            for _ in 0..view.hand_lens[seat] {
                hand.insert(*unseen.get(next)?).ok()?;
                next += 1;
            }
        }
        let rest = &unseen[next..];
        if rest.len() != usize::from(view.deck_left) {
            return None;
        }
        let mut deck = [crate::card::Card::SETTEBELLO; TWO_DECKS];
        deck[TWO_DECKS - rest.len()..].copy_from_slice(rest);
        Some(TeamHand {
            cards: super::hand::TwoDeckCards {
                deck,
                next: (TWO_DECKS - rest.len()) as u8,
                hands,
                table: view.table,
                piles: view.piles,
            },
            rules: view.rules,
            dealer: view.dealer,
            turn: view.turn,
            plays: view.plays,
            scope: view.scope,
            last_capture: view.last_capture.unwrap_or(crate::scopa::hand::NO_SIDE),
        })
    }
}
