//! The engine protocol's Briscola commands (docs/protocol.md, "Briscola"): `trick`,
//! `score`, `replay` and `bestmove` with `"game":"briscola"` in the rules object. Every rule
//! is scopa-core's `briscola` module; this file only reads and writes JSON.
//!
//! With `"decks":2` (6 or 8 players) the same code runs over the two-deck types
//! (`TwoDeckHand`, `TwoDeckView`): card lists may hold a card twice, never three times.

use scopa_core::ai::Level;
use scopa_core::briscola::{
    BriscolaCards, BriscolaDealError, BriscolaHandOf, BriscolaRules, BriscolaScoreOf,
    BriscolaViewOf, choose_card, trick_winner,
};
use scopa_core::multiset::CardMultiset;
use scopa_core::{Card, CardSet, Suit};
use serde_json::{Map, Value, json};

use super::{
    Obj, Res, allow_fields, bad_field, err, history_items, illegal_move, moves_of, parse_card,
    parse_cards, parse_dealer, parse_piles, parse_small, required, shorten, view_object,
};
use crate::common::json_type;

/// Runs `$f::<container, seats, sides, deck>` for the decks of `$rules`: the one-deck
/// types, or the two-deck ones.
macro_rules! by_decks {
    ($rules:expr, $f:ident($($arg:expr),*)) => {
        if $rules.decks == 2 {
            $f::<CardMultiset, 8, 4, 80>($($arg),*)
        } else {
            $f::<CardSet, 4, 3, 40>($($arg),*)
        }
    };
}

fn score_json<const SIDES: usize>(out: &mut Obj, score: &BriscolaScoreOf<SIDES>, sides: u8) {
    out.insert("points".into(), json!(&score.points[..usize::from(sides)]));
    out.insert("winner".into(), json!(score.winner));
}

/// A card list in canonical order, a card held twice listed twice.
fn list<C: BriscolaCards>(cards: C) -> Value {
    Value::Array(
        cards
            .into_iter()
            .map(|c| Value::String(c.to_string()))
            .collect(),
    )
}

/// Adds `card` (item `i` of the list at `at`) to `cards`; one copy too many (a second with
/// one deck, a third with two) is `duplicate_card`, saying `what`.
fn add_card<C: BriscolaCards>(cards: &mut C, card: Card, at: &str, what: &str) -> Res<()> {
    if cards.add(card) {
        return Ok(());
    }
    let times = if C::DECKS == 1 { "" } else { " twice" };
    Err(err(
        "duplicate_card",
        format!("`{at}`: {card} is already{times} {what}"),
    ))
}

/// A list of cards, each at most once with one deck and twice with two.
fn parse_hand<C: BriscolaCards>(v: &Value, at: &str) -> Res<C> {
    let mut cards = C::EMPTY;
    for (i, card) in parse_cards(v, at)?.into_iter().enumerate() {
        add_card(&mut cards, card, &format!("{at}[{i}]"), "in the list")?;
    }
    Ok(cards)
}

/// The piles of `score`: one per side; with one deck every card once across them (the
/// Scopa command's parsing), with two at most twice.
fn parse_piles_of<C: BriscolaCards>(obj: &Obj, rules: BriscolaRules) -> Res<Vec<C>> {
    let sides = usize::from(rules.sides());
    if C::DECKS == 1 {
        let piles = parse_piles(obj, sides, rules.players)?;
        return Ok(piles
            .into_iter()
            .map(|p| C::of_cards(&p.iter().collect::<Vec<_>>()))
            .collect());
    }
    let piles_v = required(obj, "piles")?;
    let items = piles_v
        .as_array()
        .filter(|a| a.len() == sides)
        .ok_or_else(|| {
            bad_field(format!(
                "`piles` must be an array of {sides} card arrays (one per side for {} players), not {}",
                rules.players,
                shorten(&piles_v.to_string())
            ))
        })?;
    let mut seen = C::EMPTY;
    let mut piles = Vec::with_capacity(sides);
    for (i, p) in items.iter().enumerate() {
        let at = format!("piles[{i}]");
        let pile = parse_hand::<C>(p, &at)?;
        for card in pile {
            add_card(&mut seen, card, &at, "in the piles (two decks)")?;
        }
        piles.push(pile);
    }
    Ok(piles)
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
    for (i, &card) in cards.iter().enumerate() {
        // Of two identical cards (two decks) the first played stays ahead (trick_winner).
        let copies = cards[..i].iter().filter(|&&c| c == card).count();
        if copies >= usize::from(rules.decks) {
            let times = if rules.decks == 1 { "" } else { " twice" };
            return Err(err(
                "duplicate_card",
                format!("`cards[{i}]`: {card} is already{times} in the trick"),
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
    by_decks!(rules, score_of(obj, rules))
}

fn score_of<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    obj: &Obj,
    rules: BriscolaRules,
) -> Res<Obj> {
    allow_fields(obj, "score", &["piles", "rules"])?;
    let piles = parse_piles_of::<C>(obj, rules)?;
    for (i, &pile) in piles.iter().enumerate() {
        if let Some(card) = pile.into_iter().find(|&c| !rules.uses(c)) {
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
    score_json(
        &mut out,
        &BriscolaScoreOf::<SIDES>::of_piles(&piles),
        rules.sides(),
    );
    Ok(out)
}

/// `replay`: a hand dealt from an explicit deck, played card by card.
pub(super) fn replay(obj: &Obj, rules: BriscolaRules) -> Res<Obj> {
    by_decks!(rules, replay_of(obj, rules))
}

fn replay_of<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    obj: &Obj,
    rules: BriscolaRules,
) -> Res<Obj> {
    allow_fields(obj, "replay", &["rules", "dealer", "deck", "moves"])?;
    let dealer = parse_dealer(obj, rules.players)?;
    let deck = parse_cards(required(obj, "deck")?, "deck")?;
    let mut hand = BriscolaHandOf::<C, SEATS, SIDES, DECK>::from_deck(rules, dealer, &deck)
        .map_err(|e| match e {
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
    let piles = Value::Array((0..sides).map(|s| list(hand.pile(s))).collect());
    let mut out = Map::new();
    out.insert("complete".into(), Value::Bool(hand.is_over()));
    if hand.is_over() {
        out.insert("piles".into(), piles);
        score_json(&mut out, &hand.score(), sides);
    } else {
        out.insert("to_play".into(), json!(hand.turn()));
        out.insert(
            "hands".into(),
            Value::Array((0..rules.players).map(|s| list(hand.hand(s))).collect()),
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
    let items = match v.as_array() {
        // Two decks: up to 78 or 80 plays (the shared check stops at one deck's 40).
        Some(items) if rules.decks == 2 => {
            if items.len() > usize::from(rules.deck_len()) {
                return Err(err(
                    "bad_state",
                    format!(
                        "`view.history` holds {} plays; a hand of {} players has {}",
                        items.len(),
                        rules.players,
                        rules.deck_len()
                    ),
                ));
            }
            items.as_slice()
        }
        _ => history_items(v)?,
    };
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
    by_decks!(rules, bestmove_of(obj, rules, level, seed))
}

/// The `view` of a request: the seat's public facts, checked.
pub(super) fn parse_view_of<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    obj: &Obj,
    rules: BriscolaRules,
) -> Res<BriscolaViewOf<C, SEATS, SIDES>> {
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
    let hand = parse_hand::<C>(get("hand")?, "view.hand")?;
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
    BriscolaViewOf::<C, SEATS, SIDES>::from_public(rules, seat, dealer, hand, briscola, &history)
        .map_err(|e| err("bad_state", format!("`view`: {e}")))
}

fn bestmove_of<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    obj: &Obj,
    rules: BriscolaRules,
    level: Level,
    seed: u64,
) -> Res<Obj> {
    let view = parse_view_of::<C, SEATS, SIDES>(obj, rules)?;
    let seat = view.seat;
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
