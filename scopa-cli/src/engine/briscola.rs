//! The engine protocol's Briscola commands (docs/protocol.md, "Briscola"): `trick`,
//! `score`, `replay` and `bestmove` with `"game":"briscola"` in the rules object. Every rule
//! is scopa-core's `briscola` module; this file only reads and writes JSON.

use scopa_core::ai::Level;
use scopa_core::briscola::{
    BriscolaDealError, BriscolaHand, BriscolaRules, BriscolaScore, BriscolaView, choose_card,
    trick_winner,
};
use scopa_core::{Card, CardSet, Suit};
use serde_json::{Map, Value, json};

use super::{
    Obj, Res, allow_fields, bad_field, cards_json, err, history_items, illegal_move, moves_of,
    parse_card, parse_cards, parse_dealer, parse_piles, parse_set, parse_small, required, shorten,
    view_object,
};
use crate::common::json_type;

fn score_json(out: &mut Obj, score: &BriscolaScore, sides: u8) {
    out.insert("points".into(), json!(&score.points[..usize::from(sides)]));
    out.insert("winner".into(), json!(score.winner));
}

/// `trick`: who takes the cards played, in order, with `trump` (a suit letter).
pub(super) fn trick(obj: &Obj, rules: BriscolaRules) -> Res<Obj> {
    allow_fields(obj, "trick", &["rules", "trump", "cards"])?;
    let trump_v = required(obj, "trump")?;
    let trump = trump_v
        .as_str()
        .and_then(|s| {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Suit::from_letter(c),
                _ => None,
            }
        })
        .ok_or_else(|| {
            bad_field(format!(
                "`trump` must be a suit letter (\"d\", \"c\", \"s\" or \"b\"), not {}",
                shorten(&trump_v.to_string())
            ))
        })?;
    let cards = parse_cards(required(obj, "cards")?, "cards")?;
    let n = usize::from(rules.players);
    if cards.is_empty() || cards.len() > n {
        return Err(bad_field(format!(
            "`cards` must hold 1 to {n} cards (one per player), not {}",
            cards.len()
        )));
    }
    let mut seen = CardSet::EMPTY;
    for (i, &card) in cards.iter().enumerate() {
        if !seen.insert(card) {
            return Err(err(
                "duplicate_card",
                format!("`cards[{i}]`: {card} is already in the trick"),
            ));
        }
        if !rules.uses(card) {
            return Err(err(
                "bad_card",
                format!(
                    "`cards[{i}]`: {card} is not played by {} players",
                    rules.players
                ),
            ));
        }
    }
    let mut out = Map::new();
    out.insert(
        "winner".into(),
        json!(trick_winner(trump, &cards).unwrap_or(0)),
    );
    Ok(out)
}

/// `score`: the points of each side's pile and the hand's winner.
pub(super) fn score(obj: &Obj, rules: BriscolaRules) -> Res<Obj> {
    allow_fields(obj, "score", &["piles", "rules"])?;
    let sides = usize::from(rules.sides());
    let piles = parse_piles(obj, sides, rules.players)?;
    for (i, pile) in piles.iter().enumerate() {
        if let Some(card) = pile.iter().find(|&c| !rules.uses(c)) {
            return Err(err(
                "bad_card",
                format!(
                    "`piles[{i}]`: {card} is not played by {} players",
                    rules.players
                ),
            ));
        }
    }
    let mut out = Map::new();
    score_json(&mut out, &BriscolaScore::of_piles(&piles), rules.sides());
    Ok(out)
}

/// `replay`: a hand dealt from an explicit deck, played card by card.
pub(super) fn replay(obj: &Obj, rules: BriscolaRules) -> Res<Obj> {
    allow_fields(obj, "replay", &["rules", "dealer", "deck", "moves"])?;
    let dealer = parse_dealer(obj, rules.players)?;
    let deck = parse_cards(required(obj, "deck")?, "deck")?;
    let mut hand = BriscolaHand::from_deck(rules, dealer, &deck).map_err(|e| match e {
        BriscolaDealError::Rules(r) => err("bad_rules", r.to_string()),
        BriscolaDealError::Dealer { .. } => bad_field(format!("`dealer`: {e}")),
        _ => err("bad_deck", format!("`deck`: {e}")),
    })?;
    for (index, m) in moves_of(obj)?.iter().enumerate() {
        let at = format!("moves[{index}]");
        let card = parse_card(m, &at).map_err(|mut e| {
            e.index = Some(index);
            e
        })?;
        let illegal = |message: String| illegal_move(index, message);
        if hand.is_over() {
            return Err(illegal(format!(
                "`{at}`: too many moves: the hand ended after {} tricks",
                hand.tricks_done()
            )));
        }
        let seat = hand.turn();
        hand.play(seat, card)
            .map_err(|e| illegal(format!("`{at}`: {e}")))?;
    }
    let sides = rules.sides();
    let piles = Value::Array((0..sides).map(|s| cards_json(hand.pile(s))).collect());
    let mut out = Map::new();
    out.insert("complete".into(), Value::Bool(hand.is_over()));
    if hand.is_over() {
        out.insert("piles".into(), piles);
        score_json(&mut out, &hand.score(), sides);
    } else {
        out.insert("to_play".into(), json!(hand.turn()));
        out.insert(
            "hands".into(),
            Value::Array(
                (0..rules.players)
                    .map(|s| cards_json(hand.hand(s)))
                    .collect(),
            ),
        );
        out.insert(
            "trick".into(),
            Value::Array(hand.trick().iter().map(|c| json!(c.to_string())).collect()),
        );
        out.insert("briscola".into(), json!(hand.briscola().to_string()));
        out.insert("stock".into(), json!(hand.stock_len()));
        out.insert("piles".into(), piles);
    }
    Ok(out)
}

/// The view's `history`: `[{"seat":1,"card":"5b"},…]`.
fn parse_history(v: &Value, rules: BriscolaRules) -> Res<Vec<(u8, Card)>> {
    let items = history_items(v)?;
    let mut history = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("view.history[{i}]");
        let Some(m) = item.as_object() else {
            return Err(bad_field(format!(
                "`{at}` must be an object like {{\"seat\":1,\"card\":\"5b\"}}, not {}",
                json_type(item)
            )));
        };
        if let Some(key) = m.keys().find(|k| !["seat", "card"].contains(&k.as_str())) {
            return Err(bad_field(format!(
                "`{at}`: unknown field `{}`; expected seat, card",
                shorten(key)
            )));
        }
        let seat = parse_small(
            m.get("seat")
                .ok_or_else(|| bad_field(format!("`{at}`: missing field `seat`")))?,
            &format!("{at}.seat"),
            255,
        )?;
        if seat >= u64::from(rules.players) {
            return Err(err(
                "bad_state",
                format!(
                    "`{at}.seat`: {seat} is not a seat of a {}-player game",
                    rules.players
                ),
            ));
        }
        let card = parse_card(
            m.get("card")
                .ok_or_else(|| bad_field(format!("`{at}`: missing field `card`")))?,
            &format!("{at}.card"),
        )?;
        history.push((seat as u8, card));
    }
    Ok(history)
}

/// `bestmove`: the card an AI level plays, from the seat's public facts only.
pub(super) fn bestmove(obj: &Obj, rules: BriscolaRules, level: Level, seed: u64) -> Res<Obj> {
    let view = view_object(
        required(obj, "view")?,
        &["seat", "dealer", "hand", "briscola", "history", "scores"],
    )?;
    let get = |field: &str| {
        view.get(field)
            .ok_or_else(|| bad_field(format!("`view`: missing field `{field}`")))
    };
    let seat = parse_small(get("seat")?, "view.seat", 255)? as u8;
    let dealer = parse_small(get("dealer")?, "view.dealer", 255)? as u8;
    let hand = parse_set(get("hand")?, "view.hand")?;
    let briscola = parse_card(get("briscola")?, "view.briscola")?;
    let history = match view.get("history") {
        Some(h) => parse_history(h, rules)?,
        None => Vec::new(),
    };
    if let Some(s) = view.get("scores") {
        let sides = usize::from(rules.sides());
        let Some(items) = s.as_array().filter(|a| a.len() == sides) else {
            return Err(bad_field(format!(
                "`view.scores` must be an array of {sides} numbers (hands won per side), not {}",
                shorten(&s.to_string())
            )));
        };
        for (i, item) in items.iter().enumerate() {
            let won = parse_small(item, &format!("view.scores[{i}]"), 255)?;
            if won >= u64::from(rules.target) {
                return Err(err(
                    "bad_state",
                    format!(
                        "`view.scores[{i}]`: {won} hands won already wins the match (target {}): no hand is played after that",
                        rules.target
                    ),
                ));
            }
        }
    }
    let view = BriscolaView::from_public(rules, seat, dealer, hand, briscola, &history)
        .map_err(|e| err("bad_state", format!("`view`: {e}")))?;
    let card = choose_card(level, &view, seed).ok_or_else(|| {
        err(
            "bad_state",
            format!(
                "`view`: it is not seat {seat}'s turn: seat {} plays next",
                view.turn()
            ),
        )
    })?;
    let mut out = Map::new();
    out.insert("move".into(), json!({ "card": card.to_string() }));
    Ok(out)
}
