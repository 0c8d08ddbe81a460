//! The coach's commands (issue 39): `coach`, the analysis of a seat's position from its
//! public facts (every legal choice with its expected margin, confidence, win chance and
//! reasons in English and Italian), and `review`, the review of a session script or a save
//! (every reviewed move against the best choice, the biggest swings, each seat's accuracy).

use scopa_core::analysis::review::{MoveReview, SeatReview};
use scopa_core::analysis::{self, Analysis, Unit, Why, texts};
use scopa_core::briscola::{BriscolaRules, BriscolaView};
use scopa_core::game::GameMove;
use scopa_core::session::{Lang, Texts};
use serde_json::{Map, Value, json};

use super::{
    Obj, Res, allow_fields, bad_field, err, move_json, parse_small, parse_view, required, shorten,
};
use crate::common::{GameRules, json_type};
use crate::reviewing::{self as review, ReviewSpec};
use crate::save;

/// The largest save accepted by `review` (its hex text is twice as long).
const MAX_SAVE: usize = 16 * 1024;

/// Hundredths as a JSON number: `125` → `1.25`.
fn hundredths(v: i64) -> Value {
    json!(v as f64 / 100.0)
}

/// A move as the protocol writes it: Scopa's card and capture, Briscola's card.
fn game_move_json(mv: GameMove) -> Value {
    match (mv, mv.to_move()) {
        (GameMove::Scopa(_), Some(m)) => move_json(m),
        _ => json!({ "card": mv.card().to_string() }),
    }
}

/// The name of a reason in the protocol, and its fields.
fn why_fields(w: Why) -> (&'static str, Map<String, Value>) {
    let mut m = Map::new();
    let kind = match w {
        Why::Best => "best",
        Why::BelowBest { by } => {
            m.insert("by".into(), hundredths(i64::from(by)));
            "below_best"
        }
        Why::Sweeps => "sweeps",
        Why::TakesSettebello => "takes_settebello",
        Why::TakesSevens { count } => {
            m.insert("count".into(), json!(count));
            "takes_sevens"
        }
        Why::TakesCoins { count } => {
            m.insert("count".into(), json!(count));
            "takes_coins"
        }
        Why::TakesCards { count } => {
            m.insert("count".into(), json!(count));
            "takes_cards"
        }
        Why::LeavesSweep => "leaves_sweep",
        Why::AvoidsSweep => "avoids_sweep",
        Why::GivesCard { card } => {
            m.insert("card".into(), json!(card.to_string()));
            "gives_card"
        }
        Why::TakesTrick { points, sure } => {
            m.insert("points".into(), json!(points));
            m.insert("sure".into(), json!(sure));
            "takes_trick"
        }
        Why::LosesTrick { points, sure } => {
            m.insert("points".into(), json!(points));
            m.insert("sure".into(), json!(sure));
            "loses_trick"
        }
        Why::LoadsPartner { points } => {
            m.insert("points".into(), json!(points));
            "loads_partner"
        }
        Why::LeadsCarico { points } => {
            m.insert("points".into(), json!(points));
            "leads_carico"
        }
        Why::SpendsTrump { carichi_out } => {
            m.insert("carichi_out".into(), json!(carichi_out));
            "spends_trump"
        }
        Why::TrumpsOut { count } => {
            m.insert("count".into(), json!(count));
            "trumps_out"
        }
    };
    (kind, m)
}

/// A reason: its kind, its fields, and its words in English and Italian.
fn why_json(unit: Unit, w: Why) -> Value {
    let (kind, mut m) = why_fields(w);
    m.insert("kind".into(), json!(kind));
    for (key, lang) in [("en", Lang::En), ("it", Lang::It)] {
        m.insert(
            key.into(),
            json!(texts::why(&Texts::new(lang), unit, w).to_string()),
        );
    }
    Value::Object(m)
}

fn unit_json(unit: Unit) -> Value {
    json!(match unit {
        Unit::ScopaPoints => "points",
        Unit::CardPoints => "card_points",
    })
}

/// An analysis as the protocol writes it.
fn analysis_json(a: &Analysis) -> Obj {
    let mut out = Map::new();
    out.insert("seat".into(), json!(a.seat));
    out.insert("unit".into(), unit_json(a.unit));
    out.insert("best".into(), json!(a.best));
    out.insert("worlds".into(), json!(a.worlds));
    out.insert("exact".into(), json!(a.exact));
    let choices: Vec<Value> = a
        .choices
        .iter()
        .map(|c| {
            json!({
                "move": game_move_json(c.mv),
                "margin": hundredths(i64::from(c.margin)),
                "std_error": hundredths(i64::from(c.std_error)),
                "win_chance": c.win_chance.map(|w| f64::from(w) / 1000.0),
                "reasons": c.reasons.iter().map(|w| why_json(a.unit, w)).collect::<Vec<_>>(),
            })
        })
        .collect();
    out.insert("choices".into(), Value::Array(choices));
    out
}

/// The seed of a request (0 when absent).
fn seed_of(obj: &Obj) -> Res<u64> {
    match obj.get("seed") {
        None => Ok(0),
        Some(s) => s.as_u64().ok_or_else(|| {
            bad_field(format!(
                "`seed` must be a whole number from 0 to 2^64-1, not {}",
                shorten(&s.to_string())
            ))
        }),
    }
}

/// `coach`: the analysis of the position of `view`'s seat, which is to play, from its
/// public facts only (the same `view` as `bestmove`).
pub(super) fn coach(obj: &Obj, game: GameRules) -> Res<Obj> {
    allow_fields(obj, "coach", &["rules", "seed", "view"])?;
    let seed = seed_of(obj)?;
    let refused = |e: analysis::AnalysisError| err("bad_state", format!("`view`: {e}"));
    let a = match game {
        GameRules::Scopa(rules) if rules.decks == 2 => {
            return Err(err(
                "bad_rules",
                "`coach`: tables of 6 or 8 (two decks) are not analysed yet",
            ));
        }
        GameRules::Briscola(BriscolaRules { decks: 2, .. }) => {
            return Err(err(
                "bad_rules",
                "`coach`: tables of 6 or 8 (two decks) are not analysed yet",
            ));
        }
        GameRules::Scopa(rules) => {
            let view = parse_view(required(obj, "view")?, rules)?;
            analysis::analyze_scopa(&view, seed).map_err(refused)?
        }
        GameRules::Briscola(rules) => {
            let view: BriscolaView = super::briscola::parse_view_of(obj, rules)?;
            analysis::analyze_briscola(&view, seed).map_err(refused)?
        }
    };
    Ok(analysis_json(&a))
}

fn move_review_json(r: &MoveReview) -> Value {
    json!({
        "seat": r.seat,
        "hand": r.hand,
        "ply": r.ply,
        "played": game_move_json(r.played),
        "best": game_move_json(r.best),
        "played_margin": hundredths(i64::from(r.played_margin)),
        "best_margin": hundredths(i64::from(r.best_margin)),
        "loss": hundredths(i64::from(r.loss)),
        "accuracy": f64::from(r.accuracy) / 1000.0,
        "choices": r.choices,
    })
}

fn seat_json(seat: usize, s: &SeatReview) -> Value {
    json!({
        "seat": seat,
        "moves": s.moves,
        "chosen": s.chosen,
        "mistakes": s.mistakes,
        "loss": hundredths(s.loss.min(i64::MAX as u64) as i64),
        "accuracy": s.accuracy().map(|a| f64::from(a) / 1000.0),
    })
}

/// The bytes of a save written as hexadecimal text.
fn parse_hex(v: &Value) -> Res<Vec<u8>> {
    let Some(text) = v.as_str() else {
        return Err(bad_field(format!(
            "`save` must be a string of hexadecimal digits, not {}",
            json_type(v)
        )));
    };
    if text.len() % 2 != 0 || text.len() > 2 * MAX_SAVE {
        return Err(bad_field(format!(
            "`save` must be an even number of hexadecimal digits, at most {}",
            2 * MAX_SAVE
        )));
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(|| {
                    bad_field(format!(
                        "`save`: not a hexadecimal digit at {i}: \"{}\"",
                        shorten(text.get(i..).unwrap_or(""))
                    ))
                })
        })
        .collect()
}

/// `review`: the review of a session `script` (its whole match replayed) or of a `save`
/// (the plays of its current hand), for the `seats` given (default: the people's seats, or
/// every seat when the computer played them all), with the analysis's `seed` (default 39,
/// as `scopa review`).
pub(super) fn review(obj: &Obj) -> Res<Obj> {
    allow_fields(obj, "review", &["script", "save", "seats", "seed"])?;
    let mut seats = Vec::new();
    if let Some(v) = obj.get("seats") {
        let Some(items) = v.as_array() else {
            return Err(bad_field(format!(
                "`seats` must be an array of seat numbers, not {}",
                json_type(v)
            )));
        };
        for (i, item) in items.iter().enumerate() {
            seats.push(parse_small(item, &format!("seats[{i}]"), 7)? as u8);
        }
    }
    let args = ReviewSpec {
        seat: seats,
        all_seats: false,
        seed: match obj.get("seed") {
            None => 39,
            Some(_) => seed_of(obj)?,
        },
        quiet: true,
    };
    let refused = |e: anyhow::Error| err("bad_state", format!("{e:#}"));
    let (_, review, moves) = match (obj.get("script"), obj.get("save")) {
        (Some(s), None) => {
            let Some(text) = s.as_str() else {
                return Err(bad_field(format!(
                    "`script` must be a string (the script's lines), not {}",
                    json_type(s)
                )));
            };
            review::review_script(text, &args, Lang::En).map_err(refused)?
        }
        (None, Some(v)) => {
            let bytes = parse_hex(v)?;
            let saved =
                save::decode(&bytes).map_err(|e| err("bad_state", format!("`save`: {e}")))?;
            review::review_save(saved, &args, Lang::En).map_err(refused)?
        }
        _ => {
            return Err(bad_field(
                "`review` needs exactly one of `script` (a session script) and `save` (a save, in hexadecimal)",
            ));
        }
    };
    let mut out = Map::new();
    out.insert("unit".into(), unit_json(review.unit));
    out.insert(
        "moves".into(),
        Value::Array(moves.iter().map(|m| move_review_json(&m.r)).collect()),
    );
    out.insert(
        "swings".into(),
        Value::Array(review.swings.iter().map(move_review_json).collect()),
    );
    out.insert(
        "seats".into(),
        Value::Array(
            review
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.moves > 0)
                .map(|(i, s)| seat_json(i, s))
                .collect(),
        ),
    );
    Ok(out)
}
