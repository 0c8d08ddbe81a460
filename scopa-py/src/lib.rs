//! Python bindings of scopa-core: one hand (one deal) of Scopa or Briscola as a [`Table`]
//! that Python drives by integer actions (the OpenSpiel and PettingZoo layers of the
//! `scopa_py` package are built on it), the engine's AIs, and batch playouts that run
//! whole hands in Rust.
//!
//! Actions are the same for every front-end of the package:
//! - Scopa: `c` (0..40) plays card `c` (the card's index, `Card::index`); when that card
//!   has several captures the same seat then chooses one with `40 + k` (`k` the capture's
//!   position in the engine's canonical order, below [`MAX_OPTIONS`]).
//! - Briscola: `c` (0..40) plays card `c`.
//!
//! Nothing here allocates per step beyond the Python objects returned; the rules, scores and
//! AIs are scopa-core's own.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use scopa_core::ai::{self, Level};
use scopa_core::briscola::{self, BriscolaHand, BriscolaRules};
use scopa_core::deal::below;
use scopa_core::scopa::capture::MAX_CAPTURES;
use scopa_core::scopa::{
    AceRule, DealKind, HandState, Move, Play, PlayerView, PrimieraRule, Rules,
};
use scopa_core::{Card, CardSet, Deck, SplitMix64};

/// Cards in a deck.
const CARDS: usize = 40;
/// The most captures one card can offer (the second decision of a Scopa play).
pub const MAX_OPTIONS: usize = MAX_CAPTURES;
/// Distinct actions of Scopa: a card, or a capture option.
pub const SCOPA_ACTIONS: usize = CARDS + MAX_OPTIONS;
/// Distinct actions of Briscola: a card.
pub const BRISCOLA_ACTIONS: usize = CARDS;
/// Seats a one-deck table holds at most.
const SEATS: usize = 4;
/// Sides at most (three players play alone).
const SIDES: usize = 3;
/// Slots for the cards a seat receives, in order (Scopa's rounds, Briscola's deal and draws).
const RECEIVE_SLOTS: usize = 20;
/// Plays in a hand at most (one per card).
const MAX_PLAYS: usize = 40;

fn err(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}

/// What `Table.__reduce__` gives pickle: the rebuilder and its arguments (game, deck,
/// dealer, rules bytes, actions).
type Reduced<'py> = (
    Bound<'py, PyAny>,
    (&'static str, Vec<u8>, u8, Vec<u8>, Vec<u32>),
);

/// The rules of the game a table plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameRules {
    Scopa(Rules),
    Briscola(BriscolaRules),
}

impl GameRules {
    fn players(&self) -> u8 {
        match self {
            GameRules::Scopa(r) => r.players,
            GameRules::Briscola(r) => r.players,
        }
    }

    fn side_of(&self, seat: u8) -> u8 {
        match self {
            GameRules::Scopa(r) => r.side_of(seat),
            GameRules::Briscola(r) => r.side_of(seat),
        }
    }

    fn sides(&self) -> u8 {
        match self {
            GameRules::Scopa(r) => r.sides(),
            GameRules::Briscola(r) => r.sides(),
        }
    }

    fn deck_len(&self) -> usize {
        match self {
            GameRules::Scopa(_) => CARDS,
            GameRules::Briscola(r) => usize::from(r.deck_len()),
        }
    }

    fn uses(&self, card: Card) -> bool {
        match self {
            GameRules::Scopa(_) => true,
            GameRules::Briscola(r) => r.uses(card),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            GameRules::Scopa(_) => "scopa",
            GameRules::Briscola(_) => "briscola",
        }
    }
}

fn flag(value: &Bound<'_, PyAny>, key: &str) -> PyResult<bool> {
    value
        .extract::<bool>()
        .map_err(|_| err(format!("option {key} must be true or false")))
}

fn word(value: &Bound<'_, PyAny>, key: &str) -> PyResult<String> {
    value
        .extract::<String>()
        .map_err(|_| err(format!("option {key} must be a string")))
}

/// Calls `set` with each option of `options` (its name and value).
fn each_option(
    options: Option<&Bound<'_, PyDict>>,
    mut set: impl FnMut(&str, &Bound<'_, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key
                .extract()
                .map_err(|_| err("option names must be strings"))?;
            set(&key, &value)?;
        }
    }
    Ok(())
}

/// Reads the rules of `game` at a table of `players` from `options` (Scopa: `deal`,
/// `primiera`, `ace`, `napola`, `re_bello`, `kings_redeal`; Briscola: `hand_size`).
fn parse_rules(
    game: &str,
    players: u8,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameRules> {
    match game {
        "scopa" => {
            let mut rules = Rules::default().with_players(players);
            each_option(options, |key, value| {
                match key {
                    "deal" => {
                        rules.deal = word(value, key)?
                            .parse::<DealKind>()
                            .map_err(|e| err(e.to_string()))?
                    }
                    "primiera" => {
                        rules.primiera = word(value, key)?
                            .parse::<PrimieraRule>()
                            .map_err(|e| err(e.to_string()))?
                    }
                    "ace" => {
                        rules.ace = word(value, key)?
                            .parse::<AceRule>()
                            .map_err(|e| err(e.to_string()))?
                    }
                    "napola" => rules.napola = flag(value, key)?,
                    "re_bello" => rules.re_bello = flag(value, key)?,
                    "kings_redeal" => rules.kings_redeal = flag(value, key)?,
                    other => {
                        return Err(err(format!(
                            "unknown Scopa option {other:?}: expected deal, primiera, ace, napola, re_bello or kings_redeal"
                        )));
                    }
                }
                Ok(())
            })?;
            rules
                .validate_one_deck()
                .map_err(|e| err(format!("Scopa rules: {e}")))?;
            Ok(GameRules::Scopa(rules))
        }
        "briscola" => {
            let mut rules = BriscolaRules {
                players,
                ..BriscolaRules::default()
            };
            each_option(options, |key, value| match key {
                "hand_size" => {
                    rules.hand_size = value
                        .extract::<u8>()
                        .map_err(|_| err("option hand_size must be 3 or 9"))?;
                    Ok(())
                }
                other => Err(err(format!(
                    "unknown Briscola option {other:?}: expected hand_size"
                ))),
            })?;
            rules
                .validate()
                .map_err(|e| err(format!("Briscola rules: {e}")))?;
            if rules.decks != 1 {
                return Err(err("Briscola: only one-deck tables (2, 3 or 4 players)"));
            }
            Ok(GameRules::Briscola(rules))
        }
        other => Err(err(format!(
            "unknown game {other:?}: expected \"scopa\" or \"briscola\""
        ))),
    }
}

/// What `seat` of a Scopa hand knows (its hand, the table, the plays so far), for the AI.
fn scopa_view(
    rules: Rules,
    hand: &HandState,
    seat: u8,
    dealer: u8,
    history: &[Play],
) -> PyResult<PlayerView> {
    PlayerView::from_public(
        rules,
        seat,
        dealer,
        hand.hand(seat),
        hand.table(),
        history,
        [0; 3],
    )
    .map_err(|e| err(format!("the view of seat {seat}: {e}")))
}

/// Each side's points of a finished Scopa hand.
fn scopa_totals(hand: &HandState) -> PyResult<[u16; SIDES]> {
    let totals = hand
        .score()
        .ok_or_else(|| err("the hand is not finished: it has no score yet"))?
        .totals();
    Ok(core::array::from_fn(|side| {
        totals.get(side).copied().unwrap_or(0)
    }))
}

/// A uniformly random legal move of a Scopa hand not finished.
fn random_scopa_move(hand: &HandState, rng: &mut SplitMix64) -> PyResult<Move> {
    let count = hand.legal_move_count();
    hand.nth_legal_move(below(rng, count as u32) as usize)
        .ok_or_else(|| err("no legal move in a hand not over"))
}

fn level_of(name: &str) -> PyResult<Level> {
    name.parse::<Level>().map_err(|_| {
        err(format!(
            "unknown AI level {name:?}: expected random, easy, medium, expert or handheld"
        ))
    })
}

fn card_of(index: u32) -> Option<Card> {
    u8::try_from(index).ok().and_then(Card::from_index)
}

fn cards_text(cards: CardSet) -> String {
    let mut out = String::new();
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&card.to_string());
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn set_cards(out: &mut [f32], cards: CardSet) {
    for card in cards {
        out[usize::from(card.index())] = 1.0;
    }
}

/// The hand in play.
#[derive(Clone, Debug)]
enum Inner {
    Scopa { hand: HandState, history: Vec<Play> },
    Briscola(BriscolaHand),
}

impl Inner {
    fn hand_of(&self, seat: u8) -> CardSet {
        match self {
            Inner::Scopa { hand, .. } => hand.hand(seat),
            Inner::Briscola(hand) => hand.hand(seat),
        }
    }
}

/// One play of the hand: the seat, the card and what it took (Scopa; empty in Briscola).
#[derive(Copy, Clone, Debug)]
struct Played {
    seat: u8,
    card: Card,
    capture: CardSet,
}

/// One hand of Scopa or Briscola dealt from an explicit deck order, played by integer
/// actions. The state of every OpenSpiel state and PettingZoo environment of `scopa_py`.
#[pyclass(module = "scopa_py._core")]
#[derive(Clone, Debug)]
pub struct Table {
    rules: GameRules,
    /// The deal order (card indices), as given.
    deck: Vec<u8>,
    dealer: u8,
    inner: Inner,
    /// Scopa: the card chosen whose capture is still to choose.
    pending: Option<Card>,
    /// Every action applied, in order (the card and capture choices alike).
    actions: Vec<u32>,
    plays: Vec<Played>,
    /// What each seat received, in order: (plays made before, the cards).
    received: Vec<Vec<(u8, CardSet)>>,
    /// Each seat's hand after the last step (to see what it received).
    last_hands: [CardSet; SEATS],
}

impl Table {
    fn build(rules: GameRules, deck: &[u8], dealer: u8) -> PyResult<Table> {
        let players = rules.players();
        if dealer >= players {
            return Err(err(format!(
                "dealer {dealer} is not a seat of a table of {players}"
            )));
        }
        if deck.len() != rules.deck_len() {
            return Err(err(format!(
                "{} at {players} deals {} cards; the deck given has {}",
                rules.name(),
                rules.deck_len(),
                deck.len()
            )));
        }
        let mut cards = Vec::with_capacity(deck.len());
        for (position, &index) in deck.iter().enumerate() {
            let card = Card::from_index(index).ok_or_else(|| {
                err(format!(
                    "deck position {position}: {index} is not a card index (0..40)"
                ))
            })?;
            cards.push(card);
        }
        let inner = match rules {
            GameRules::Scopa(r) => {
                let deck = Deck::from_cards(&cards).map_err(|e| err(format!("deck: {e}")))?;
                let hand = HandState::from_deck(r, dealer, &deck)
                    .map_err(|e| err(format!("deal: {e}")))?;
                Inner::Scopa {
                    hand,
                    history: Vec::new(),
                }
            }
            GameRules::Briscola(r) => Inner::Briscola(
                BriscolaHand::from_deck(r, dealer, &cards)
                    .map_err(|e| err(format!("deal: {e}")))?,
            ),
        };
        let mut table = Table {
            rules,
            deck: deck.to_vec(),
            dealer,
            inner,
            pending: None,
            actions: Vec::new(),
            plays: Vec::new(),
            received: vec![Vec::new(); usize::from(players)],
            last_hands: [CardSet::EMPTY; SEATS],
        };
        table.note_received(None);
        Ok(table)
    }

    /// Records the cards each seat received since the last step (`played`: the card just
    /// played, which left its hand).
    fn note_received(&mut self, played: Option<(u8, Card)>) {
        let plays = self.plays.len() as u8;
        for seat in 0..self.rules.players() {
            let mut before = self.last_hands[usize::from(seat)];
            if let Some((s, card)) = played
                && s == seat
            {
                before.remove(card);
            }
            let now = self.inner.hand_of(seat);
            let new = now - before;
            if !new.is_empty() {
                self.received[usize::from(seat)].push((plays, new));
            }
            self.last_hands[usize::from(seat)] = now;
        }
    }

    fn finished(&self) -> bool {
        match &self.inner {
            Inner::Scopa { hand, .. } => hand.is_finished(),
            Inner::Briscola(hand) => hand.is_over(),
        }
    }

    fn turn(&self) -> u8 {
        match &self.inner {
            Inner::Scopa { hand, .. } => hand.turn(),
            Inner::Briscola(hand) => hand.turn(),
        }
    }

    /// The moves of `card` for the seat to play, in canonical order (Scopa).
    fn moves_of(hand: &HandState, card: Card) -> Vec<Move> {
        hand.legal_moves()
            .iter()
            .copied()
            .filter(|m| m.card() == card)
            .collect()
    }

    fn legal(&self) -> Vec<u32> {
        if self.finished() {
            return Vec::new();
        }
        match &self.inner {
            Inner::Scopa { hand, .. } => {
                if let Some(card) = self.pending {
                    let n = Table::moves_of(hand, card).len();
                    (0..n as u32).map(|k| CARDS as u32 + k).collect()
                } else {
                    let mut cards = CardSet::EMPTY;
                    for m in hand.legal_moves() {
                        cards.insert(m.card());
                    }
                    cards.iter().map(|c| u32::from(c.index())).collect()
                }
            }
            Inner::Briscola(hand) => hand
                .hand(hand.turn())
                .iter()
                .map(|c| u32::from(c.index()))
                .collect(),
        }
    }

    fn apply(&mut self, action: u32) -> PyResult<()> {
        if self.finished() {
            return Err(err(format!("action {action}: the hand is over")));
        }
        let seat = self.turn();
        let illegal = |t: &Table| {
            err(format!(
                "action {action} is not legal for seat {seat} here; legal actions: {:?}",
                t.legal()
            ))
        };
        let played = match &mut self.inner {
            Inner::Scopa { hand, history } => {
                let mv = if let Some(card) = self.pending {
                    let k = (action as usize)
                        .checked_sub(CARDS)
                        .filter(|&k| k < MAX_OPTIONS);
                    let moves = Table::moves_of(hand, card);
                    match k.and_then(|k| moves.get(k)) {
                        Some(&mv) => mv,
                        None => return Err(illegal(self)),
                    }
                } else {
                    let Some(card) = card_of(action) else {
                        return Err(illegal(self));
                    };
                    let moves = Table::moves_of(hand, card);
                    match moves.len() {
                        0 => return Err(illegal(self)),
                        1 => moves[0],
                        _ => {
                            self.pending = Some(card);
                            self.actions.push(action);
                            return Ok(());
                        }
                    }
                };
                hand.play(seat, mv)
                    .map_err(|e| err(format!("action {action}: {e}")))?;
                history.push(Play { seat, mv });
                Played {
                    seat,
                    card: mv.card(),
                    capture: mv.capture(),
                }
            }
            Inner::Briscola(hand) => {
                let Some(card) = card_of(action).filter(|&c| hand.hand(seat).contains(c)) else {
                    return Err(illegal(self));
                };
                hand.play(seat, card)
                    .map_err(|e| err(format!("action {action}: {e}")))?;
                Played {
                    seat,
                    card,
                    capture: CardSet::EMPTY,
                }
            }
        };
        self.pending = None;
        self.actions.push(action);
        self.plays.push(played);
        self.note_received(Some((seat, played.card)));
        Ok(())
    }

    /// Points of each seat's side for the hand so far (final once it is over).
    fn side_points(&self) -> [u16; SIDES] {
        let mut out = [0u16; SIDES];
        match &self.inner {
            Inner::Scopa { hand, .. } => {
                // 0 each before the end.
                if hand.is_finished() {
                    out = scopa_totals(hand).unwrap_or_default();
                }
            }
            Inner::Briscola(hand) => {
                let score = hand.score();
                for (side, o) in out.iter_mut().enumerate() {
                    *o = u16::from(score.points.get(side).copied().unwrap_or(0));
                }
            }
        }
        out
    }

    /// The cards `seat` has seen: everything it received, every card played (and the one
    /// whose capture is being chosen), Scopa's initial table, Briscola's face-up briscola.
    fn seen_by(&self, seat: u8) -> CardSet {
        let mut seen = CardSet::EMPTY;
        for &(_, cards) in &self.received[usize::from(seat)] {
            seen |= cards;
        }
        for p in &self.plays {
            seen.insert(p.card);
            seen |= p.capture;
        }
        // The card whose capture is being chosen is face up already.
        if let Some(card) = self.pending {
            seen.insert(card);
        }
        match &self.inner {
            Inner::Scopa { hand, .. } => seen |= hand.table() | self.initial_table(),
            Inner::Briscola(hand) => {
                seen.insert(hand.briscola());
            }
        };
        seen
    }

    /// Scopa's table before the first play.
    fn initial_table(&self) -> CardSet {
        match (&self.rules, &self.inner) {
            (GameRules::Scopa(r), Inner::Scopa { .. }) => {
                let start = usize::from(r.players) * usize::from(r.cards_per_round());
                self.deck[start..start + usize::from(r.initial_table())]
                    .iter()
                    .filter_map(|&i| Card::from_index(i))
                    .collect()
            }
            _ => CardSet::EMPTY,
        }
    }

    fn check_player(&self, player: i64) -> PyResult<u8> {
        u8::try_from(player)
            .ok()
            .filter(|&p| p < self.rules.players())
            .ok_or_else(|| {
                err(format!(
                    "player {player} is not a seat of a table of {}",
                    self.rules.players()
                ))
            })
    }

    fn info_string(&self, seat: u8) -> String {
        use core::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} players={} dealer={} seat={seat}",
            self.rules.name(),
            self.rules.players(),
            self.dealer
        );
        match &self.inner {
            Inner::Scopa { .. } => {
                let _ = writeln!(s, "table at start: {}", cards_text(self.initial_table()));
            }
            Inner::Briscola(hand) => {
                let _ = writeln!(s, "briscola: {}", hand.briscola());
            }
        }
        for &(plays, cards) in &self.received[usize::from(seat)] {
            let _ = writeln!(s, "received after {plays} plays: {}", cards_text(cards));
        }
        s.push_str("plays:");
        for p in &self.plays {
            let _ = write!(s, " {}:{}", p.seat, p.card);
            if !p.capture.is_empty() {
                let _ = write!(s, "+{}", cards_text(p.capture).replace(' ', ""));
            }
        }
        s.push('\n');
        if let Some(card) = self.pending {
            let _ = writeln!(s, "choosing a capture for {card}");
        }
        s
    }

    fn obs_string(&self, seat: u8) -> String {
        use core::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} seat={seat} turn={} hand: {}",
            self.rules.name(),
            if self.finished() {
                "over".to_string()
            } else {
                self.turn().to_string()
            },
            cards_text(self.inner.hand_of(seat))
        );
        match &self.inner {
            Inner::Scopa { hand, .. } => {
                let _ = writeln!(
                    s,
                    "table: {} deck left: {}",
                    cards_text(hand.table()),
                    hand.deck_len()
                );
                for side in 0..self.rules.sides() {
                    let _ = writeln!(
                        s,
                        "side {side} pile: {} scope: {}",
                        cards_text(hand.pile(side)),
                        hand.scope(side)
                    );
                }
                if let Some(card) = self.pending {
                    let _ = writeln!(s, "choosing a capture for {card}");
                }
            }
            Inner::Briscola(hand) => {
                let trick: Vec<String> = hand.trick().iter().map(|c| c.to_string()).collect();
                let _ = writeln!(
                    s,
                    "briscola: {} stock: {} trick: {}",
                    hand.briscola(),
                    hand.stock_len(),
                    if trick.is_empty() {
                        "-".to_string()
                    } else {
                        trick.join(" ")
                    }
                );
                for side in 0..self.rules.sides() {
                    let _ = writeln!(s, "side {side} pile: {}", cards_text(hand.pile(side)));
                }
            }
        }
        for other in 0..self.rules.players() {
            let _ = write!(s, "{}:{} ", other, self.hand_len(other));
        }
        s.push('\n');
        s
    }

    fn hand_len(&self, seat: u8) -> u8 {
        match &self.inner {
            Inner::Scopa { hand, .. } => hand.hand_len(seat),
            Inner::Briscola(hand) => hand.hand_len(seat),
        }
    }

    /// Length of the information-state tensor of `game`.
    fn info_len(briscola: bool) -> usize {
        let play = if briscola {
            SEATS + CARDS
        } else {
            SEATS + 2 * CARDS
        };
        SEATS + RECEIVE_SLOTS * CARDS + CARDS + MAX_PLAYS * play + CARDS
    }

    /// Length of the observation tensor (the same for both games).
    const OBS_LEN: usize = SEATS + CARDS * 4 + SIDES * CARDS + SIDES + 1 + SEATS + SIDES;

    fn info_tensor(&self, seat: u8) -> Vec<f32> {
        let briscola = matches!(self.inner, Inner::Briscola(_));
        let mut t = vec![0f32; Table::info_len(briscola)];
        t[usize::from(seat)] = 1.0;
        let mut at = SEATS;
        for (slot, &(_, cards)) in self.received[usize::from(seat)]
            .iter()
            .take(RECEIVE_SLOTS)
            .enumerate()
        {
            set_cards(&mut t[at + slot * CARDS..at + (slot + 1) * CARDS], cards);
        }
        at += RECEIVE_SLOTS * CARDS;
        match &self.inner {
            Inner::Scopa { .. } => set_cards(&mut t[at..at + CARDS], self.initial_table()),
            Inner::Briscola(hand) => t[at + usize::from(hand.briscola().index())] = 1.0,
        }
        at += CARDS;
        let play = if briscola {
            SEATS + CARDS
        } else {
            SEATS + 2 * CARDS
        };
        for (i, p) in self.plays.iter().take(MAX_PLAYS).enumerate() {
            let base = at + i * play;
            t[base + usize::from(p.seat)] = 1.0;
            t[base + SEATS + usize::from(p.card.index())] = 1.0;
            if !briscola {
                set_cards(&mut t[base + SEATS + CARDS..base + play], p.capture);
            }
        }
        at += MAX_PLAYS * play;
        if let Some(card) = self.pending {
            t[at + usize::from(card.index())] = 1.0;
        }
        t
    }

    fn obs_tensor(&self, seat: u8) -> Vec<f32> {
        let mut t = vec![0f32; Table::OBS_LEN];
        t[usize::from(seat)] = 1.0;
        let mut at = SEATS;
        set_cards(&mut t[at..at + CARDS], self.inner.hand_of(seat));
        at += CARDS;
        let (middle, piles, scope, left, briscola): (
            CardSet,
            [CardSet; SIDES],
            [u8; SIDES],
            u8,
            Option<Card>,
        ) = match &self.inner {
            Inner::Scopa { hand, .. } => {
                let mut piles = [CardSet::EMPTY; SIDES];
                let mut scope = [0; SIDES];
                for side in 0..self.rules.sides() {
                    piles[usize::from(side)] = hand.pile(side);
                    scope[usize::from(side)] = hand.scope(side);
                }
                (hand.table(), piles, scope, hand.deck_len(), None)
            }
            Inner::Briscola(hand) => {
                let mut piles = [CardSet::EMPTY; SIDES];
                for side in 0..self.rules.sides() {
                    piles[usize::from(side)] = hand.pile(side);
                }
                (
                    hand.trick().iter().copied().collect(),
                    piles,
                    [0; SIDES],
                    hand.stock_len(),
                    Some(hand.briscola()),
                )
            }
        };
        set_cards(&mut t[at..at + CARDS], middle);
        at += CARDS;
        if let Some(card) = self.pending {
            t[at + usize::from(card.index())] = 1.0;
        }
        at += CARDS;
        if let Some(card) = briscola {
            t[at + usize::from(card.index())] = 1.0;
        }
        at += CARDS;
        for pile in piles {
            set_cards(&mut t[at..at + CARDS], pile);
            at += CARDS;
        }
        for sc in scope {
            t[at] = f32::from(sc) / 10.0;
            at += 1;
        }
        t[at] = f32::from(left) / CARDS as f32;
        at += 1;
        for other in 0..self.rules.players() {
            t[at + usize::from(other)] = f32::from(self.hand_len(other)) / 10.0;
        }
        at += SEATS;
        if let Inner::Scopa { hand, .. } = &self.inner
            && let Some(side) = hand.last_capture()
        {
            t[at + usize::from(side)] = 1.0;
        }
        t
    }

    /// The actions the engine's AI at `level` takes for the seat to play (one, or the card
    /// and its capture option).
    fn ai(&self, level: Level, seed: u64) -> PyResult<Vec<u32>> {
        if self.finished() {
            return Err(err("the hand is over: nobody is to play"));
        }
        let seat = self.turn();
        match (&self.rules, &self.inner) {
            (GameRules::Scopa(rules), Inner::Scopa { hand, history }) => {
                let view = scopa_view(*rules, hand, seat, self.dealer, history)?;
                let mv = ai::choose_move(level, &view, seed)
                    .ok_or_else(|| err(format!("the AI found no move for seat {seat}")))?;
                let moves = Table::moves_of(hand, mv.card());
                let k = moves.iter().position(|&m| m == mv).unwrap_or(0) as u32;
                Ok(match self.pending {
                    Some(card) if card == mv.card() => vec![CARDS as u32 + k],
                    // The AI would play another card than the one chosen: its first capture.
                    Some(_) => vec![CARDS as u32],
                    None if moves.len() > 1 => vec![u32::from(mv.card().index()), CARDS as u32 + k],
                    None => vec![u32::from(mv.card().index())],
                })
            }
            (_, Inner::Briscola(hand)) => {
                let view = hand
                    .view(seat)
                    .ok_or_else(|| err(format!("seat {seat} has no view")))?;
                let card = briscola::choose_card(level, &view, seed)
                    .ok_or_else(|| err(format!("the AI found no card for seat {seat}")))?;
                Ok(vec![u32::from(card.index())])
            }
            _ => Err(err("internal: rules and hand of different games")),
        }
    }
}

#[pymethods]
impl Table {
    /// A hand of `game` (`"scopa"` or `"briscola"`) at a table of `players`, dealt from
    /// `deck` (card indices in deal order: each seat from the eldest gets its batch, then
    /// Scopa's table or Briscola's face-up card, then the rest) with `dealer` dealing, and
    /// the rule `options` (Scopa: deal, primiera, ace, napola, re_bello, kings_redeal;
    /// Briscola: hand_size).
    #[new]
    #[pyo3(signature = (game, players, deck, dealer=0, options=None))]
    fn py_new(
        game: &str,
        players: u8,
        deck: Vec<u8>,
        dealer: u8,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Table> {
        let rules = parse_rules(game, players, options)?;
        Table::build(rules, &deck, dealer)
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.rules.name()
    }

    /// Seats at the table.
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players()
    }

    /// The dealer.
    #[getter]
    fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The deal order (card indices).
    #[getter]
    fn deck(&self) -> Vec<u32> {
        self.deck.iter().map(|&c| u32::from(c)).collect()
    }

    /// Every action applied so far, in order.
    #[getter]
    fn actions(&self) -> Vec<u32> {
        self.actions.clone()
    }

    /// The side of each seat.
    fn sides(&self) -> Vec<u32> {
        (0..self.rules.players())
            .map(|s| u32::from(self.rules.side_of(s)))
            .collect()
    }

    /// Whether the hand is over.
    fn is_terminal(&self) -> bool {
        self.finished()
    }

    /// The seat to act; -1 once the hand is over.
    fn current_player(&self) -> i64 {
        if self.finished() {
            -1
        } else {
            i64::from(self.turn())
        }
    }

    /// The legal actions of the seat to act, ascending.
    fn legal_actions(&self) -> Vec<u32> {
        self.legal()
    }

    /// What `action` does for the seat to act, in the engine's notation: `7d` (a card laid
    /// or played), `7d+5d2c` (a capture option, or a card with one capture).
    fn action_name(&self, action: u32) -> PyResult<String> {
        let card_name = |mv: Move| {
            let taken = mv.capture();
            if taken.is_empty() {
                mv.card().to_string()
            } else {
                format!("{}+{}", mv.card(), cards_text(taken).replace(' ', ""))
            }
        };
        match &self.inner {
            Inner::Scopa { hand, .. } => {
                let (card, k) = match self.pending {
                    Some(card) => (Some(card), (action as usize).checked_sub(CARDS)),
                    None => (card_of(action), Some(0)),
                };
                let moves = card.map(|c| Table::moves_of(hand, c)).unwrap_or_default();
                match (self.pending, k.and_then(|k| moves.get(k))) {
                    (None, Some(_)) if moves.len() > 1 => Ok(card
                        .map(|c| format!("{c} (then a capture)"))
                        .unwrap_or_default()),
                    (_, Some(&mv)) => Ok(card_name(mv)),
                    _ => Err(err(format!("action {action} is not legal here"))),
                }
            }
            Inner::Briscola(_) => card_of(action)
                .map(|c| c.to_string())
                .ok_or_else(|| err(format!("{action} is not a card index (0..40)"))),
        }
    }

    /// The card whose capture the seat to act is choosing (Scopa), if any.
    fn pending_card(&self) -> Option<u8> {
        self.pending.map(|c| c.index())
    }

    /// Applies `action` for the seat to act; `ValueError` (nothing changes) if it is not
    /// legal.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        self.apply(action)
    }

    /// Points of each seat's side in the hand (Scopa's hand score, Briscola's card points);
    /// 0 before the end in Scopa, the points taken so far in Briscola.
    fn points(&self) -> Vec<f64> {
        let sides = self.side_points();
        (0..self.rules.players())
            .map(|s| f64::from(sides[usize::from(self.rules.side_of(s))]))
            .collect()
    }

    /// The cards each seat holds (card indices).
    fn hand(&self, seat: i64) -> PyResult<Vec<u32>> {
        let seat = self.check_player(seat)?;
        Ok(self
            .inner
            .hand_of(seat)
            .iter()
            .map(|c| u32::from(c.index()))
            .collect())
    }

    /// The information state of `player`: what it has seen, in order (its cards as
    /// received, Scopa's initial table or Briscola's face-up card, every play).
    fn information_state_string(&self, player: i64) -> PyResult<String> {
        Ok(self.info_string(self.check_player(player)?))
    }

    /// The observation of `player`: the position as it sees it now.
    fn observation_string(&self, player: i64) -> PyResult<String> {
        Ok(self.obs_string(self.check_player(player)?))
    }

    /// The information state of `player` as a vector (see `information_state_size`).
    fn information_state_tensor(&self, player: i64) -> PyResult<Vec<f32>> {
        Ok(self.info_tensor(self.check_player(player)?))
    }

    /// The observation of `player` as a vector (see `observation_size`).
    fn observation_tensor(&self, player: i64) -> PyResult<Vec<f32>> {
        Ok(self.obs_tensor(self.check_player(player)?))
    }

    /// The actions the engine's AI at `level` (random, easy, medium, expert, handheld)
    /// takes with `seed` for the seat to act: one, or (Scopa) the card then its capture.
    #[pyo3(signature = (level, seed=0))]
    fn ai_actions(&self, level: &str, seed: u64) -> PyResult<Vec<u32>> {
        self.ai(level_of(level)?, seed)
    }

    /// The same hand with every card `player` has not seen (other hands, the stock)
    /// shuffled among their deck positions with `seed`, and the same actions replayed: a
    /// world `player` cannot tell from this one.
    fn resample(&self, player: i64, seed: u64) -> PyResult<Table> {
        let seat = self.check_player(player)?;
        let seen = self.seen_by(seat);
        let slots: Vec<usize> = self
            .deck
            .iter()
            .enumerate()
            .filter(|&(_, &i)| Card::from_index(i).is_some_and(|c| !seen.contains(c)))
            .map(|(pos, _)| pos)
            .collect();
        let mut cards: Vec<u8> = slots.iter().map(|&p| self.deck[p]).collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..cards.len()).rev() {
            let j = below(&mut rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        let mut deck = self.deck.clone();
        for (&pos, &card) in slots.iter().zip(&cards) {
            deck[pos] = card;
        }
        self.replayed(deck)
    }

    /// Points of each seat's side after uniformly random legal moves (Scopa: uniform over
    /// whole moves, a card and its capture) from here to the end of the hand, played in Rust
    /// on a copy with a generator seeded by `seed`: the random rollout of a search.
    #[pyo3(signature = (seed=0))]
    fn rollout(&self, seed: u64) -> PyResult<Vec<f64>> {
        let mut rng = SplitMix64::new(seed);
        let mut sides = [0u16; SIDES];
        match &self.inner {
            Inner::Scopa { hand, .. } => {
                let mut hand = *hand;
                if let Some(card) = self.pending {
                    let moves = Table::moves_of(&hand, card);
                    let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                    hand.play_unchecked(mv);
                }
                while !hand.is_finished() {
                    let mv = random_scopa_move(&hand, &mut rng)?;
                    hand.play_unchecked(mv);
                }
                sides = scopa_totals(&hand)?;
            }
            Inner::Briscola(hand) => {
                let mut hand = *hand;
                while !hand.is_over() {
                    let seat = hand.turn();
                    let cards = hand.hand(seat);
                    let card = cards
                        .nth(below(&mut rng, cards.len()))
                        .ok_or_else(|| err("no card in a hand not over"))?;
                    hand.play(seat, card)
                        .map_err(|e| err(format!("play: {e}")))?;
                }
                let points = hand.score().points;
                for (side, o) in sides.iter_mut().enumerate() {
                    *o = u16::from(points.get(side).copied().unwrap_or(0));
                }
            }
        }
        Ok((0..self.rules.players())
            .map(|s| f64::from(sides[usize::from(self.rules.side_of(s))]))
            .collect())
    }

    /// The same actions replayed on another deal order (`ValueError` if one is not legal
    /// there).
    fn replayed(&self, deck: Vec<u8>) -> PyResult<Table> {
        let mut table = Table::build(self.rules, &deck, self.dealer)?;
        for &a in &self.actions {
            table.apply(a)?;
        }
        Ok(table)
    }

    /// Rebuilds a table from `__reduce__`'s parts (pickling).
    #[staticmethod]
    fn restore(
        game: &str,
        deck: Vec<u8>,
        dealer: u8,
        rules: Vec<u8>,
        actions: Vec<u32>,
    ) -> PyResult<Table> {
        let rules = match game {
            "scopa" => {
                let bytes: [u8; 8] = rules
                    .as_slice()
                    .try_into()
                    .map_err(|_| err("pickled Scopa rules must be 8 bytes"))?;
                GameRules::Scopa(
                    Rules::from_bytes(bytes)
                        .ok_or_else(|| err("pickled Scopa rules are invalid"))?,
                )
            }
            "briscola" => match rules.as_slice() {
                &[players, hand_size] => {
                    let r = BriscolaRules {
                        players,
                        hand_size,
                        ..BriscolaRules::default()
                    };
                    r.validate()
                        .map_err(|e| err(format!("pickled Briscola rules: {e}")))?;
                    GameRules::Briscola(r)
                }
                _ => return Err(err("pickled Briscola rules must be 2 bytes")),
            },
            other => return Err(err(format!("unknown game {other:?}"))),
        };
        let mut table = Table::build(rules, &deck, dealer)?;
        for a in actions {
            table.apply(a)?;
        }
        Ok(table)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let this = slf.borrow();
        let rules = match this.rules {
            GameRules::Scopa(r) => r.to_bytes().to_vec(),
            GameRules::Briscola(r) => vec![r.players, r.hand_size],
        };
        let restore = slf.get_type().getattr("restore")?;
        Ok((
            restore,
            (
                this.rules.name(),
                this.deck.clone(),
                this.dealer,
                rules,
                this.actions.clone(),
            ),
        ))
    }

    /// A copy.
    fn clone(&self) -> Table {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Table {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Table {
        Clone::clone(self)
    }

    fn __str__(&self) -> String {
        let mut s = String::new();
        for seat in 0..self.rules.players() {
            s.push_str(&format!(
                "seat {seat}: {}\n",
                cards_text(self.inner.hand_of(seat))
            ));
        }
        s.push_str(&self.obs_string(self.turn().min(self.rules.players() - 1)));
        s
    }
}

/// The card's name (`7d`, `kc`, …) from its index.
#[pyfunction]
fn card_name(index: u32) -> PyResult<String> {
    card_of(index)
        .map(|c| c.to_string())
        .ok_or_else(|| err(format!("{index} is not a card index (0..40)")))
}

/// Facts of a game's table for the Python layers: number of actions, deck length, the
/// cards in play, the deck positions of Scopa's initial table, whether three Kings there
/// force a redeal, the sides, the most plays, the tensor sizes.
#[pyfunction]
#[pyo3(signature = (game, players, options=None))]
fn layout<'py>(
    py: Python<'py>,
    game: &str,
    players: u8,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = parse_rules(game, players, options)?;
    let d = PyDict::new(py);
    let in_play: Vec<u32> = Card::all()
        .filter(|&c| rules.uses(c))
        .map(|c| u32::from(c.index()))
        .collect();
    d.set_item("deck_len", rules.deck_len())?;
    d.set_item(
        "kings",
        Card::all()
            .filter(|c| c.value() == 10)
            .map(|c| u32::from(c.index()))
            .collect::<Vec<_>>(),
    )?;
    d.set_item("cards", in_play)?;
    d.set_item("sides", rules.sides())?;
    d.set_item(
        "side_of",
        (0..players)
            .map(|s| u32::from(rules.side_of(s)))
            .collect::<Vec<_>>(),
    )?;
    match rules {
        GameRules::Scopa(r) => {
            let start = usize::from(r.players) * usize::from(r.cards_per_round());
            let table: Vec<usize> = (start..start + usize::from(r.initial_table())).collect();
            d.set_item("num_actions", SCOPA_ACTIONS)?;
            d.set_item("table_slots", table)?;
            d.set_item("kings_redeal", r.kings_redeal)?;
            d.set_item("max_plays", r.plays_per_hand())?;
            d.set_item("max_points", r.max_hand_points())?;
            d.set_item("information_state_size", Table::info_len(false))?;
        }
        GameRules::Briscola(r) => {
            d.set_item("num_actions", BRISCOLA_ACTIONS)?;
            d.set_item("table_slots", Vec::<usize>::new())?;
            d.set_item("kings_redeal", false)?;
            d.set_item("max_plays", r.deck_len())?;
            d.set_item("max_points", 120)?;
            d.set_item("information_state_size", Table::info_len(true))?;
        }
    }
    d.set_item("observation_size", Table::OBS_LEN)?;
    d.set_item("receive_slots", RECEIVE_SLOTS)?;
    d.set_item("cards_count", CARDS)?;
    Ok(d)
}

/// Plays `n` whole hands in Rust, each seat at `levels[seat]` (`random` is a uniform legal
/// move), dealt by a generator seeded by `seed` (the same hands for the same seed, whatever
/// the levels), the dealer turning each hand: the points of each seat's side per hand (`n`
/// rows of `players`).
fn playouts(rules: GameRules, n: usize, seed: u64, levels: &[Level]) -> PyResult<Vec<Vec<f64>>> {
    let players = rules.players();
    // The deals come from their own generator, so that the same seed deals the same hands
    // whoever plays them (seat-swapped and level-against-level comparisons are paired).
    let mut deals = SplitMix64::new(seed);
    let mut rng = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let dealer = (i % usize::from(players)) as u8;
        let mut row = vec![0f64; usize::from(players)];
        match rules {
            GameRules::Scopa(r) => {
                let mut hand = HandState::deal(r, dealer, &mut deals)
                    .map_err(|e| err(format!("deal: {e}")))?;
                let mut history = Vec::with_capacity(40);
                while !hand.is_finished() {
                    let seat = hand.turn();
                    let level = levels[usize::from(seat)];
                    let mv = if level == Level::Random {
                        random_scopa_move(&hand, &mut rng)?
                    } else {
                        let view = scopa_view(r, &hand, seat, dealer, &history)?;
                        ai::choose_move(level, &view, rng.next())
                            .ok_or_else(|| err("no legal move in a hand not over"))?
                    };
                    hand.play_unchecked(mv);
                    history.push(Play { seat, mv });
                }
                let totals = scopa_totals(&hand)?;
                for (seat, v) in row.iter_mut().enumerate() {
                    *v = f64::from(totals[usize::from(r.side_of(seat as u8))]);
                }
            }
            GameRules::Briscola(r) => {
                let mut hand = BriscolaHand::deal(r, dealer, &mut deals)
                    .map_err(|e| err(format!("deal: {e}")))?;
                while !hand.is_over() {
                    let seat = hand.turn();
                    let level = levels[usize::from(seat)];
                    let cards = hand.hand(seat);
                    let card = if level == Level::Random {
                        cards.nth(below(&mut rng, cards.len()))
                    } else {
                        let view = hand.view(seat).ok_or_else(|| err("no view"))?;
                        briscola::choose_card(level, &view, rng.next())
                    }
                    .ok_or_else(|| err("no card in a hand not over"))?;
                    hand.play(seat, card)
                        .map_err(|e| err(format!("play: {e}")))?;
                }
                let points = hand.score().points;
                for (seat, v) in row.iter_mut().enumerate() {
                    *v = f64::from(points[usize::from(r.side_of(seat as u8))]);
                }
            }
        }
        out.push(row);
    }
    Ok(out)
}

/// `n` hands of uniformly random legal moves played in Rust (the batch API): each row the
/// points of each seat's side.
#[pyfunction]
#[pyo3(signature = (game, players, n, seed=0, options=None))]
fn random_playouts(
    py: Python<'_>,
    game: &str,
    players: u8,
    n: usize,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<Vec<f64>>> {
    let rules = parse_rules(game, players, options)?;
    let levels = vec![Level::Random; usize::from(players)];
    py.detach(|| playouts(rules, n, seed, &levels))
}

/// `n` hands played in Rust by the engine's AIs, seat `s` at `levels[s]`: each row the
/// points of each seat's side.
#[pyfunction]
#[pyo3(signature = (game, levels, n, seed=0, options=None))]
fn ai_playouts(
    py: Python<'_>,
    game: &str,
    levels: Vec<String>,
    n: usize,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<Vec<f64>>> {
    let players = u8::try_from(levels.len()).map_err(|_| err("too many levels"))?;
    let rules = parse_rules(game, players, options)?;
    let levels = levels
        .iter()
        .map(|l| level_of(l))
        .collect::<PyResult<Vec<_>>>()?;
    py.detach(|| playouts(rules, n, seed, &levels))
}

/// The native module of the `scopa_py` package.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Table>()?;
    m.add_function(wrap_pyfunction!(card_name, m)?)?;
    m.add_function(wrap_pyfunction!(layout, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(ai_playouts, m)?)?;
    m.add("SCOPA_ACTIONS", SCOPA_ACTIONS)?;
    m.add("BRISCOLA_ACTIONS", BRISCOLA_ACTIONS)?;
    m.add("MAX_OPTIONS", MAX_OPTIONS)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shuffled(rules: GameRules, seed: u64) -> Vec<u8> {
        let mut cards: Vec<u8> = Card::all()
            .filter(|&c| rules.uses(c))
            .map(|c| c.index())
            .collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..cards.len()).rev() {
            cards.swap(i, below(&mut rng, i as u32 + 1) as usize);
        }
        cards
    }

    fn tables() -> Vec<GameRules> {
        let mut out = Vec::new();
        for players in [2, 3, 4] {
            out.push(GameRules::Scopa(Rules {
                kings_redeal: false,
                ..Rules::default().with_players(players)
            }));
            out.push(GameRules::Briscola(BriscolaRules {
                players,
                ..BriscolaRules::default()
            }));
        }
        out
    }

    /// Every table walks to its end by legal actions; every seat's information state is kept
    /// by resampling; the points are the hand's.
    #[test]
    fn hands_walk_to_the_end_and_resampling_keeps_what_each_seat_knows() {
        let mut rng = SplitMix64::new(3);
        for rules in tables() {
            for seed in 0..20 {
                let mut t = Table::build(rules, &shuffled(rules, seed), 0).unwrap();
                let mut steps = 0;
                while !t.finished() {
                    let legal = t.legal();
                    assert!(!legal.is_empty());
                    for seat in 0..rules.players() {
                        let world = t.resample(i64::from(seat), rng.next()).unwrap();
                        assert_eq!(world.info_string(seat), t.info_string(seat));
                        assert_eq!(world.info_tensor(seat), t.info_tensor(seat));
                        assert_eq!(world.obs_tensor(seat), t.obs_tensor(seat));
                    }
                    let a = legal[below(&mut rng, legal.len() as u32) as usize];
                    t.apply(a).unwrap();
                    steps += 1;
                    assert!(steps <= 2 * MAX_PLAYS);
                }
                let points = t.points();
                assert_eq!(points.len(), usize::from(rules.players()));
                if let GameRules::Briscola(r) = rules {
                    let per_side: f64 = (0..r.sides())
                        .map(|side| f64::from(t.side_points()[usize::from(side)]))
                        .sum();
                    assert_eq!(per_side, 120.0);
                }
            }
        }
    }

    /// A Scopa card with several captures is two actions by the same seat.
    #[test]
    fn a_card_with_several_captures_asks_for_the_capture() {
        let rules = GameRules::Scopa(Rules {
            kings_redeal: false,
            ..Rules::default()
        });
        let mut seen = 0;
        for seed in 0..200 {
            let mut t = Table::build(rules, &shuffled(rules, seed), 0).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !t.finished() {
                let seat = t.turn();
                let legal = t.legal();
                let a = legal[below(&mut rng, legal.len() as u32) as usize];
                t.apply(a).unwrap();
                if t.pending.is_some() {
                    seen += 1;
                    assert_eq!(t.turn(), seat);
                    let options = t.legal();
                    assert!(options.len() >= 2 && options.iter().all(|&o| o >= CARDS as u32));
                    assert!(t.apply(0).is_err());
                }
            }
        }
        assert!(seen > 0);
    }
}
