//! The engine's Scopa commands at a two-deck table (`"decks":2`, 6 or 8 players; RULES.md
//! section 8): card lists may hold a card twice, a capture names cards, not copies.

use scopa_core::ai::Level;
use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::teams::{
    TeamDealError, TeamHand, TeamMove, TeamView, choose_move, for_each_capture,
};
use scopa_core::scopa::{HandScore, Rules, score_copies};
use scopa_core::{Card, MAX_SIDES};
use serde_json::{Map, Value, json};

use super::{
    Obj, ReplayHand, Res, ViewFacts, bad_field, breakdown_json, err, parse_card, parse_cards,
    parse_dealer, parse_play_with, parse_scope, parse_view_facts, pile_lists, replay_moves,
    required,
};

/// A list of cards with at most two copies of each; a third copy is `duplicate_card`.
fn parse_multiset(v: &Value, at: &str) -> Res<CardMultiset> {
    let cards = parse_cards(v, at)?;
    let mut set = CardMultiset::EMPTY;
    for (i, card) in cards.into_iter().enumerate() {
        set.insert(card).map_err(|_| {
            err(
                "duplicate_card",
                format!("`{at}[{i}]`: {card} is already in the list twice (two decks have two copies of each card)"),
            )
        })?;
    }
    Ok(set)
}

fn cards_json(cards: CardMultiset) -> Value {
    Value::Array(cards.iter().map(|c| Value::String(c.to_string())).collect())
}

fn move_json(mv: TeamMove) -> Value {
    json!({"card": mv.card.to_string(), "capture": cards_json(mv.capture)})
}

/// The canonical order of captures: by their cards' indices, copies repeated.
fn capture_key(m: &CardMultiset) -> Vec<u8> {
    m.iter().map(Card::index).collect()
}

pub(super) fn legal(obj: &Obj, rules: Rules) -> Res<Obj> {
    let table = parse_multiset(required(obj, "table")?, "table")?;
    let card = parse_card(required(obj, "card")?, "card")?;
    if table.count(card) == 2 {
        return Err(err(
            "duplicate_card",
            format!("`card`: both copies of {card} are already on the table"),
        ));
    }
    let mut list = Vec::new();
    for_each_capture(table, card, rules.ace, &mut |c| list.push(c));
    list.sort_by_key(capture_key);
    let mut out = Map::new();
    out.insert(
        "captures".into(),
        Value::Array(list.into_iter().map(cards_json).collect()),
    );
    Ok(out)
}

/// `piles`: one list per side, no card more than twice across them.
fn parse_piles(obj: &Obj, rules: Rules) -> Res<Vec<CardMultiset>> {
    let sides = usize::from(rules.sides());
    let piles_a = pile_lists(obj, sides, rules.players)?;
    let mut seen = CardMultiset::EMPTY;
    let mut piles = Vec::with_capacity(sides);
    for (i, p) in piles_a.iter().enumerate() {
        let at = format!("piles[{i}]");
        let pile = parse_multiset(p, &at)?;
        seen = seen.checked_add(pile).map_err(|e| {
            err(
                "duplicate_card",
                format!(
                    "`{at}`: {} is in the piles a third time (two decks have two copies)",
                    e.card
                ),
            )
        })?;
        piles.push(pile);
    }
    Ok(piles)
}

pub(super) fn score(obj: &Obj, rules: Rules) -> Res<Obj> {
    let sides = usize::from(rules.sides());
    let piles = parse_piles(obj, rules)?;
    let scope = parse_scope(obj, sides, 80)?;
    let score = score_copies(&rules, &piles, &scope).map_err(|e| bad_field(e.to_string()))?;
    let mut out = Map::new();
    out.insert("breakdown".into(), breakdown_json(&score));
    Ok(out)
}

/// A move of `replay`'s `moves` or of a view's `history`: card, capture (copies allowed),
/// optional seat.
fn parse_play(v: &Value, at: &str, seat_required: bool) -> Res<(Option<u64>, TeamMove)> {
    let (seat, card, capture) =
        parse_play_with(v, at, seat_required, CardMultiset::EMPTY, parse_multiset)?;
    Ok((seat, TeamMove { card, capture }))
}

impl ReplayHand for TeamHand {
    type Move = TeamMove;
    fn parse_play(v: &Value, at: &str) -> Res<(Option<u64>, TeamMove)> {
        parse_play(v, at, false)
    }
    fn is_finished(&self) -> bool {
        TeamHand::is_finished(self)
    }
    fn plays(&self) -> u8 {
        TeamHand::plays(self)
    }
    fn turn(&self) -> u8 {
        TeamHand::turn(self)
    }
    fn play_move(&mut self, seat: u8, mv: TeamMove) -> Result<(), String> {
        self.play(seat, mv).map(drop).map_err(|e| e.to_string())
    }
    fn players(&self) -> u8 {
        self.rules().players
    }
    fn sides(&self) -> u8 {
        self.rules().sides()
    }
    fn hand_json(&self, seat: u8) -> Value {
        cards_json(self.hand(seat))
    }
    fn table_json(&self) -> Value {
        cards_json(self.table())
    }
    fn pile_json(&self, side: u8) -> Value {
        cards_json(self.pile(side))
    }
    fn scope(&self, side: u8) -> u8 {
        TeamHand::scope(self, side)
    }
    fn score(&self) -> Option<HandScore> {
        TeamHand::score(self)
    }
}

pub(super) fn replay(obj: &Obj, rules: Rules) -> Res<Obj> {
    let dealer = parse_dealer(obj, rules.players)?;
    let deck = parse_cards(required(obj, "deck")?, "deck")?;
    let hand = TeamHand::from_deck(rules, dealer, &deck).map_err(|e| match e {
        TeamDealError::Rules(_) | TeamDealError::OneDeck { .. } => err("bad_rules", e.to_string()),
        TeamDealError::BadDealer { .. } => bad_field(format!("`dealer`: {e}")),
        TeamDealError::DeckLength { .. }
        | TeamDealError::ThirdCopy { .. }
        | TeamDealError::KingsOnTable { .. } => err("bad_deck", format!("`deck`: {e}")),
    })?;
    replay_moves(obj, hand)
}

fn parse_view(v: &Value, rules: Rules) -> Res<TeamView> {
    let limit = usize::from(rules.plays_per_hand());
    let f: ViewFacts<CardMultiset, TeamMove, MAX_SIDES> =
        parse_view_facts(v, &rules, limit, parse_multiset, parse_play)?;
    TeamView::from_public(
        rules, f.seat, f.dealer, f.hand, f.table, &f.history, f.scores,
    )
    .map_err(|e| err("bad_state", format!("`view`: {e}")))
}

pub(super) fn bestmove(obj: &Obj, rules: Rules, level: Level, seed: u64) -> Res<Obj> {
    let view = parse_view(required(obj, "view")?, rules)?;
    // The AI's only input is the view: a TeamView has no field for hidden cards.
    let mv = choose_move(level, &view, seed).ok_or_else(|| {
        err(
            "bad_state",
            format!(
                "`view`: it is not seat {}'s turn: seat {} plays next",
                view.seat, view.turn
            ),
        )
    })?;
    let mut out = Map::new();
    out.insert("move".into(), move_json(mv));
    Ok(out)
}
