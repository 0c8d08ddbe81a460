//! `scopa engine`: the JSON-lines engine protocol, version 1 (docs/protocol.md).
//!
//! Stateless: each request line is parsed into scopa-core types, answered, and forgotten.
//! Any input line gets exactly one answer; bad input gets `"ok":false` and the engine keeps
//! reading.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use scopa_core::ai::{self, Level};
use scopa_core::scopa::{
    DealError, HandScore, HandState, MAX_CAPTURES, Move, Play, PlayerView, Rules, capture_count,
    captures, score_hand,
};
use scopa_core::{Card, CardSet, Deck};
use serde_json::{Map, Value, json};

use crate::common::{
    BoundedLine, GameRules, game_rules_from_json, json_type, read_bounded_line, rules_from_json,
};

mod briscola;
mod coach;
mod teams;

/// The longest request line accepted, in bytes. Longer lines are answered with `bad_field`
/// without ever being held in memory whole.
pub const MAX_LINE: usize = 64 * 1024;

/// Options of `scopa engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {}

/// A protocol error: its code, a message saying what and where, and for `illegal_move`
/// the position of the move.
#[derive(Debug)]
struct ProtoError {
    code: &'static str,
    message: String,
    index: Option<usize>,
}

type Res<T> = Result<T, ProtoError>;

fn err(code: &'static str, message: impl Into<String>) -> ProtoError {
    ProtoError {
        code,
        message: message.into(),
        index: None,
    }
}

/// `illegal_move` for the move at `index` of a `replay`.
fn illegal_move(index: usize, message: String) -> ProtoError {
    ProtoError {
        code: "illegal_move",
        message,
        index: Some(index),
    }
}

fn bad_field(message: impl Into<String>) -> ProtoError {
    err("bad_field", message)
}

/// Runs the engine on stdin/stdout until end of input.
pub fn run(_args: EngineArgs) -> anyhow::Result<ExitCode> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match serve(&mut input, &mut out) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The reader of our answers went away: nothing more to say to anyone.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}

/// Answers every request line of `input` on `out`.
pub fn serve<R: BufRead, W: Write>(input: &mut R, out: &mut W) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_bounded_line(input, MAX_LINE, &mut buf)? {
        let response = match line {
            BoundedLine::Text(text) if is_blank(&text) => continue,
            BoundedLine::Text(text) => answer_line(&text),
            BoundedLine::TooLong { len } => error_response(
                None,
                bad_field(format!(
                    "request line is {len} bytes; the limit is {MAX_LINE} bytes per line"
                )),
            ),
            BoundedLine::NotUtf8 => error_response(
                None,
                err("bad_json", "request line is not valid UTF-8 text"),
            ),
        };
        let mut text = response.to_string();
        text.push('\n');
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

/// Whether a request line is blank — skipped without an answer: empty, or only the white
/// space JSON itself allows between tokens (space, tab, carriage return; a line never holds
/// a line feed). Any other character, including those Unicode calls white space (vertical
/// tab, form feed, U+00A0, U+0085, U+2028, U+3000…), makes the line a request, answered with
/// `bad_json` when it is not JSON.
///
/// ```
/// use scopa_cli::engine::is_blank;
/// assert!(is_blank("") && is_blank(" \t\r"));
/// assert!(!is_blank("\u{a0}") && !is_blank("\x0c"));
/// ```
pub fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// The response to one non-blank request line.
pub fn answer_line(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        // JSON cut short (an unclosed object, string or array) gets the more specific code.
        Err(e) if e.is_eof() => {
            return error_response(
                None,
                err(
                    "incomplete",
                    format!("the JSON ends before it is complete: {e}"),
                ),
            );
        }
        Err(e) => {
            return error_response(None, err("bad_json", format!("invalid JSON: {e}")));
        }
    };
    let Value::Object(obj) = request else {
        return error_response(
            None,
            err(
                "bad_json",
                format!(
                    "a request must be a JSON object like {{\"cmd\":\"hello\"}}, not {}",
                    json_type(&request)
                ),
            ),
        );
    };
    let id = obj.get("id").cloned();
    match dispatch(&obj) {
        Ok(mut fields) => {
            let mut resp = Map::new();
            resp.insert("ok".into(), Value::Bool(true));
            if let Some(id) = id {
                resp.insert("id".into(), id);
            }
            resp.append(&mut fields);
            Value::Object(resp)
        }
        Err(e) => error_response(id, e),
    }
}

fn error_response(id: Option<Value>, e: ProtoError) -> Value {
    let mut error = Map::new();
    error.insert("code".into(), Value::String(e.code.into()));
    if let Some(index) = e.index {
        error.insert("index".into(), json!(index));
    }
    error.insert("message".into(), Value::String(e.message));
    let mut resp = Map::new();
    resp.insert("ok".into(), Value::Bool(false));
    if let Some(id) = id {
        resp.insert("id".into(), id);
    }
    resp.insert("error".into(), Value::Object(error));
    Value::Object(resp)
}

type Obj = Map<String, Value>;

fn dispatch(obj: &Obj) -> Res<Obj> {
    let cmd = match obj.get("cmd") {
        None => return Err(bad_field("missing field `cmd` (e.g. \"cmd\":\"hello\")")),
        Some(Value::String(s)) => s.as_str(),
        Some(v) => {
            return Err(bad_field(format!(
                "`cmd` must be a string, not {}",
                json_type(v)
            )));
        }
    };
    match cmd {
        "hello" => {
            allow_fields(obj, cmd, &[])?;
            Ok(object(json!({
                "name": "scopa",
                "version": env!("CARGO_PKG_VERSION"),
                "protocol": 1,
            })))
        }
        "legal" => legal(obj),
        "trick" => match game_of(obj)? {
            GameRules::Briscola(rules) => briscola::trick(obj, rules),
            GameRules::Scopa(_) => Err(err(
                "bad_rules",
                "`trick` is a Briscola command: give \"rules\":{\"game\":\"briscola\"}",
            )),
        },
        "score" => match game_of(obj)? {
            GameRules::Briscola(rules) => briscola::score(obj, rules),
            GameRules::Scopa(rules) if rules.decks == 2 => {
                allow_fields(obj, "score", &["piles", "scope", "rules"])?;
                teams::score(obj, rules)
            }
            GameRules::Scopa(_) => score(obj),
        },
        "replay" => match game_of(obj)? {
            GameRules::Briscola(rules) => briscola::replay(obj, rules),
            GameRules::Scopa(rules) if rules.decks == 2 => {
                allow_fields(obj, "replay", &["rules", "dealer", "deck", "moves"])?;
                teams::replay(obj, rules)
            }
            GameRules::Scopa(_) => replay(obj),
        },
        "bestmove" => bestmove(obj),
        "coach" => coach::coach(obj, game_of(obj)?),
        "review" => coach::review(obj),
        other => Err(err(
            "unknown_cmd",
            format!(
                "unknown command `{}`; expected hello, legal, trick, score, replay, bestmove, coach or review",
                shorten(other)
            ),
        )),
    }
}

fn object(v: Value) -> Obj {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// At most 40 characters of user text in a message.
fn shorten(s: &str) -> String {
    if s.chars().count() <= 40 {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(40).collect();
        t.push('…');
        t
    }
}

/// Refuses fields a command does not know (a typo would otherwise be silently ignored).
fn allow_fields(obj: &Obj, cmd: &str, allowed: &[&str]) -> Res<()> {
    for key in obj.keys() {
        if key != "cmd" && key != "id" && !allowed.contains(&key.as_str()) {
            let expected = if allowed.is_empty() {
                "no other fields than cmd and id".to_owned()
            } else {
                allowed.join(", ")
            };
            return Err(bad_field(format!(
                "unknown field `{}` for `{cmd}`; expected {expected}",
                shorten(key)
            )));
        }
    }
    Ok(())
}

fn required<'a>(obj: &'a Obj, field: &str) -> Res<&'a Value> {
    obj.get(field)
        .ok_or_else(|| bad_field(format!("missing field `{field}`")))
}

/// The rules object of either game.
fn game_of(obj: &Obj) -> Res<GameRules> {
    game_rules_from_json(obj.get("rules")).map_err(|m| err("bad_rules", m))
}

fn rules_of(obj: &Obj) -> Res<Rules> {
    rules_from_json(obj.get("rules")).map_err(|m| err("bad_rules", m))
}

fn parse_card(v: &Value, at: &str) -> Res<Card> {
    let Some(text) = v.as_str() else {
        return Err(bad_field(format!(
            "`{at}` must be a card string like \"7d\", not {}",
            json_type(v)
        )));
    };
    text.parse::<Card>()
        .map_err(|e| err("bad_card", format!("`{at}`: \"{}\": {e}", shorten(text))))
}

fn parse_cards(v: &Value, at: &str) -> Res<Vec<Card>> {
    let Some(items) = v.as_array() else {
        return Err(bad_field(format!(
            "`{at}` must be an array of cards like [\"7d\",\"10b\"], not {}",
            json_type(v)
        )));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, c)| parse_card(c, &format!("{at}[{i}]")))
        .collect()
}

/// A list of distinct cards; a repeated card is `duplicate_card`.
fn parse_set(v: &Value, at: &str) -> Res<CardSet> {
    let cards = parse_cards(v, at)?;
    let mut set = CardSet::EMPTY;
    for (i, card) in cards.into_iter().enumerate() {
        if !set.insert(card) {
            return Err(err(
                "duplicate_card",
                format!("`{at}[{i}]`: {card} is already in the list"),
            ));
        }
    }
    Ok(set)
}

fn parse_small(v: &Value, at: &str, max: u64) -> Res<u64> {
    v.as_u64().filter(|&n| n <= max).ok_or_else(|| {
        bad_field(format!(
            "`{at}` must be a whole number from 0 to {max}, not {}",
            shorten(&v.to_string())
        ))
    })
}

fn cards_json(set: CardSet) -> Value {
    Value::Array(set.iter().map(|c| Value::String(c.to_string())).collect())
}

fn breakdown_json(score: &HandScore) -> Value {
    Value::Array(
        score
            .sides()
            .iter()
            .map(|s| {
                json!({
                    "cards": s.carte,
                    "coins": s.denari,
                    "settebello": s.settebello,
                    "primiera": s.primiera,
                    "scope": s.scope,
                    "napola": s.napola,
                    "re_bello": s.re_bello,
                    "total": s.total(),
                })
            })
            .collect(),
    )
}

fn move_json(mv: Move) -> Value {
    json!({"card": mv.card().to_string(), "capture": cards_json(mv.capture())})
}

fn legal(obj: &Obj) -> Res<Obj> {
    allow_fields(obj, "legal", &["table", "card", "rules"])?;
    let rules = rules_of(obj)?;
    if rules.decks == 2 {
        return teams::legal(obj, rules);
    }
    let table = parse_set(required(obj, "table")?, "table")?;
    let card = parse_card(required(obj, "card")?, "card")?;
    if table.contains(card) {
        return Err(err(
            "duplicate_card",
            format!("`card`: {card} is also on the table"),
        ));
    }
    let count = capture_count(table, card, rules.ace);
    if count > MAX_CAPTURES {
        return Err(err(
            "bad_state",
            format!(
                "`table`: {card} has {count} captures on this table; no game reaches a table \
                 with more than {MAX_CAPTURES}"
            ),
        ));
    }
    let list = captures(table, card, rules.ace);
    let mut out = Map::new();
    out.insert(
        "captures".into(),
        Value::Array(list.iter().map(|&s| cards_json(s)).collect()),
    );
    Ok(out)
}

fn score(obj: &Obj) -> Res<Obj> {
    allow_fields(obj, "score", &["piles", "scope", "rules"])?;
    let rules = rules_of(obj)?;
    let sides = rules.sides() as usize;
    let piles = parse_piles(obj, sides, rules.players)?;
    let scope = parse_scope(obj, sides, 40)?;
    let score = score_hand(&rules, &piles, &scope).map_err(|e| bad_field(e.to_string()))?;
    let mut out = Map::new();
    out.insert("breakdown".into(), breakdown_json(&score));
    Ok(out)
}

/// `replay`'s `dealer`: a seat.
fn parse_dealer(obj: &Obj, players: u8) -> Res<u8> {
    let dealer = parse_small(required(obj, "dealer")?, "dealer", 255)?;
    if dealer >= u64::from(players) {
        return Err(bad_field(format!(
            "`dealer` must be a seat from 0 to {}, not {dealer}",
            players - 1
        )));
    }
    Ok(dealer as u8)
}

/// `replay`'s `moves` (none when left out).
fn moves_of(obj: &Obj) -> Res<&[Value]> {
    match obj.get("moves") {
        None => Ok(&[]),
        Some(Value::Array(moves)) => Ok(moves),
        Some(v) => Err(bad_field(format!(
            "`moves` must be an array of moves, not {}",
            json_type(v)
        ))),
    }
}

/// `piles`: one list of cards per side, no card in two piles.
fn parse_piles(obj: &Obj, sides: usize, players: u8) -> Res<Vec<CardSet>> {
    let piles_a = pile_lists(obj, sides, players)?;
    let mut piles = Vec::with_capacity(sides);
    let mut seen = CardSet::EMPTY;
    for (i, p) in piles_a.iter().enumerate() {
        let at = format!("piles[{i}]");
        let pile = parse_set(p, &at)?;
        if let Some(card) = (pile & seen).first() {
            return Err(err(
                "duplicate_card",
                format!("`{at}`: {card} is also in an earlier pile"),
            ));
        }
        seen |= pile;
        piles.push(pile);
    }
    Ok(piles)
}

/// `score`'s `piles` as JSON: an array of one card list per side.
fn pile_lists(obj: &Obj, sides: usize, players: u8) -> Res<&[Value]> {
    let piles_v = required(obj, "piles")?;
    let Some(piles_a) = piles_v.as_array() else {
        return Err(bad_field(format!(
            "`piles` must be an array of card arrays (one per side), not {}",
            json_type(piles_v)
        )));
    };
    if piles_a.len() != sides {
        return Err(bad_field(format!(
            "`piles` must hold {sides} piles (one per side for {players} players), not {}",
            piles_a.len()
        )));
    }
    Ok(piles_a)
}

/// `score`'s `scope`: one count per side, each at most `max`.
fn parse_scope(obj: &Obj, sides: usize, max: u64) -> Res<Vec<u8>> {
    let scope_v = required(obj, "scope")?;
    let Some(scope_a) = scope_v.as_array() else {
        return Err(bad_field(format!(
            "`scope` must be an array of numbers (one per side), not {}",
            json_type(scope_v)
        )));
    };
    if scope_a.len() != sides {
        return Err(bad_field(format!(
            "`scope` must hold {sides} counts (one per side), not {}",
            scope_a.len()
        )));
    }
    scope_a
        .iter()
        .enumerate()
        .map(|(i, s)| Ok(parse_small(s, &format!("scope[{i}]"), max)? as u8))
        .collect()
}

/// A move of `replay`'s `moves` or of a view's `history`: card, capture, optional seat.
fn parse_play(v: &Value, at: &str, seat_required: bool) -> Res<(Option<u64>, Move)> {
    let (seat, card, capture) = parse_play_with(v, at, seat_required, CardSet::EMPTY, parse_set)?;
    Ok((seat, Move::new(card, capture)))
}

/// A Scopa play object — `card`, `capture` (a card list read by `capture`; `empty` when
/// left out), `seat` (required or optional) — for one deck or two.
fn parse_play_with<C>(
    v: &Value,
    at: &str,
    seat_required: bool,
    empty: C,
    capture: fn(&Value, &str) -> Res<C>,
) -> Res<(Option<u64>, Card, C)> {
    let Some(m) = v.as_object() else {
        return Err(bad_field(format!(
            "`{at}` must be an object like {{\"card\":\"5b\",\"capture\":[\"5d\"]}}, not {}",
            json_type(v)
        )));
    };
    for key in m.keys() {
        if !["card", "capture", "seat"].contains(&key.as_str()) {
            return Err(bad_field(format!(
                "`{at}`: unknown field `{}`; expected card, capture, seat",
                shorten(key)
            )));
        }
    }
    let seat = match m.get("seat") {
        Some(s) => Some(parse_small(s, &format!("{at}.seat"), 255)?),
        None if seat_required => {
            return Err(bad_field(format!("`{at}`: missing field `seat`")));
        }
        None => None,
    };
    let card = match m.get("card") {
        Some(c) => parse_card(c, &format!("{at}.card"))?,
        None => return Err(bad_field(format!("`{at}`: missing field `card`"))),
    };
    let capture = match m.get("capture") {
        Some(c) => capture(c, &format!("{at}.capture"))?,
        None => empty,
    };
    Ok((seat, card, capture))
}

/// A Scopa hand `replay` plays and reports: one deck ([`HandState`]) or two
/// ([`scopa_core::scopa::teams::TeamHand`]), with the card lists of each.
trait ReplayHand {
    /// A move of this hand.
    type Move;
    /// A move of `moves` (card, capture, optional seat).
    fn parse_play(v: &Value, at: &str) -> Res<(Option<u64>, Self::Move)>;
    fn is_finished(&self) -> bool;
    fn plays(&self) -> u8;
    fn turn(&self) -> u8;
    /// Plays `mv` for `seat`; the error in words.
    fn play_move(&mut self, seat: u8, mv: Self::Move) -> Result<(), String>;
    fn players(&self) -> u8;
    fn sides(&self) -> u8;
    fn hand_json(&self, seat: u8) -> Value;
    fn table_json(&self) -> Value;
    fn pile_json(&self, side: u8) -> Value;
    fn scope(&self, side: u8) -> u8;
    fn score(&self) -> Option<HandScore>;
}

impl ReplayHand for HandState {
    type Move = Move;
    fn parse_play(v: &Value, at: &str) -> Res<(Option<u64>, Move)> {
        parse_play(v, at, false)
    }
    fn is_finished(&self) -> bool {
        HandState::is_finished(self)
    }
    fn plays(&self) -> u8 {
        HandState::plays(self)
    }
    fn turn(&self) -> u8 {
        HandState::turn(self)
    }
    fn play_move(&mut self, seat: u8, mv: Move) -> Result<(), String> {
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
        HandState::scope(self, side)
    }
    fn score(&self) -> Option<HandScore> {
        HandState::score(self)
    }
}

/// Plays `replay`'s `moves` on `hand` and answers with the hand as they leave it.
fn replay_moves<H: ReplayHand>(obj: &Obj, mut hand: H) -> Res<Obj> {
    for (index, m) in moves_of(obj)?.iter().enumerate() {
        let at = format!("moves[{index}]");
        let (seat, mv) = H::parse_play(m, &at).map_err(|mut e| {
            e.index = Some(index);
            e
        })?;
        let illegal = |message: String| illegal_move(index, message);
        if hand.is_finished() {
            return Err(illegal(format!(
                "`{at}`: too many moves: the hand ended after {} plays",
                hand.plays()
            )));
        }
        let turn = hand.turn();
        if let Some(seat) = seat
            && seat != u64::from(turn)
        {
            return Err(illegal(format!(
                "`{at}`: seat {seat} cannot play now: it is seat {turn}'s turn"
            )));
        }
        hand.play_move(turn, mv)
            .map_err(|e| illegal(format!("`{at}`: {e}")))?;
    }
    let sides = hand.sides();
    let piles = Value::Array((0..sides).map(|s| hand.pile_json(s)).collect());
    let scope = Value::Array((0..sides).map(|s| json!(hand.scope(s))).collect());
    let mut out = Map::new();
    if let Some(score) = hand.score() {
        out.insert("complete".into(), Value::Bool(true));
        out.insert("piles".into(), piles);
        out.insert("scope".into(), scope);
        out.insert("breakdown".into(), breakdown_json(&score));
    } else {
        out.insert("complete".into(), Value::Bool(false));
        out.insert("to_play".into(), json!(hand.turn()));
        out.insert(
            "hands".into(),
            Value::Array((0..hand.players()).map(|s| hand.hand_json(s)).collect()),
        );
        out.insert("table".into(), hand.table_json());
        out.insert("piles".into(), piles);
        out.insert("scope".into(), scope);
    }
    Ok(out)
}

fn replay(obj: &Obj) -> Res<Obj> {
    allow_fields(obj, "replay", &["rules", "dealer", "deck", "moves"])?;
    let rules = rules_of(obj)?;
    let dealer = parse_dealer(obj, rules.players)?;
    let deck_cards = parse_cards(required(obj, "deck")?, "deck")?;
    let deck =
        Deck::from_cards(&deck_cards).map_err(|e| err("bad_deck", format!("`deck`: {e}")))?;
    let hand = HandState::from_deck(rules, dealer, &deck).map_err(|e| match e {
        DealError::Rules(r) => err("bad_rules", r.to_string()),
        DealError::BadDealer { .. } => bad_field(format!("`dealer`: {e}")),
        DealError::Deck(_) | DealError::KingsOnTable { .. } => {
            err("bad_deck", format!("`deck`: {e}"))
        }
    })?;
    replay_moves(obj, hand)
}

/// Builds the seat's [`PlayerView`] from the request's public facts only.
/// A `bestmove` view: an object with only the `fields` of its game.
fn view_object<'a>(v: &'a Value, fields: &[&str]) -> Res<&'a Obj> {
    let Some(view) = v.as_object() else {
        return Err(bad_field(format!(
            "`view` must be an object with {}; not {}",
            fields.join(", "),
            json_type(v)
        )));
    };
    if let Some(key) = view.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(bad_field(format!(
            "`view`: unknown field `{}`; expected {}",
            shorten(key),
            fields.join(", ")
        )));
    }
    Ok(view)
}

/// A view's `history`: an array of at most 40 plays (a hand has no more).
fn history_items(v: &Value) -> Res<&[Value]> {
    history_items_up_to(v, 40)
}

/// A view's `history`: an array of at most `limit` plays (a hand's plays).
fn history_items_up_to(v: &Value, limit: usize) -> Res<&[Value]> {
    let Some(items) = v.as_array() else {
        return Err(bad_field(format!(
            "`view.history` must be an array of plays, not {}",
            json_type(v)
        )));
    };
    if items.len() > limit {
        return Err(err(
            "bad_state",
            format!(
                "`view.history` holds {} plays; a hand has at most {limit}",
                items.len()
            ),
        ));
    }
    Ok(items)
}

/// A parser of Scopa play objects (`parse_play` for one deck, two decks' for copies).
type PlayParser<M> = fn(&Value, &str, bool) -> Res<(Option<u64>, M)>;

/// A Scopa `bestmove` view's public facts, for one deck or two: its fields, seat and dealer,
/// the hand and table (read by `cards`), the history of at most `limit` plays (read by
/// `play`, each by a seat of the game) and the scores (one per side).
struct ViewFacts<C, M, const N: usize> {
    seat: u8,
    dealer: u8,
    hand: C,
    table: C,
    history: Vec<(u8, M)>,
    scores: [u16; N],
}

fn parse_view_facts<C, M, const N: usize>(
    v: &Value,
    rules: &Rules,
    limit: usize,
    cards: fn(&Value, &str) -> Res<C>,
    play: PlayParser<M>,
) -> Res<ViewFacts<C, M, N>> {
    let view = view_object(v, &["seat", "dealer", "hand", "table", "history", "scores"])?;
    let get = |field: &str| {
        view.get(field)
            .ok_or_else(|| bad_field(format!("`view`: missing field `{field}`")))
    };
    let seat = parse_small(get("seat")?, "view.seat", 255)? as u8;
    let dealer = parse_small(get("dealer")?, "view.dealer", 255)? as u8;
    let hand = cards(get("hand")?, "view.hand")?;
    let table = cards(get("table")?, "view.table")?;
    let mut history = Vec::new();
    if let Some(h) = view.get("history") {
        for (i, item) in history_items_up_to(h, limit)?.iter().enumerate() {
            let at = format!("view.history[{i}]");
            let (seat, mv) = play(item, &at, true)?;
            let seat = seat.unwrap_or(0);
            if seat >= u64::from(rules.players) {
                return Err(err(
                    "bad_state",
                    format!(
                        "`{at}.seat`: {seat} is not a seat of a {}-player game",
                        rules.players
                    ),
                ));
            }
            history.push((seat as u8, mv));
        }
    }
    let scores = parse_view_scores(view, rules)?;
    Ok(ViewFacts {
        seat,
        dealer,
        hand,
        table,
        history,
        scores,
    })
}

fn parse_view(v: &Value, rules: Rules) -> Res<PlayerView> {
    let f: ViewFacts<CardSet, Move, 3> = parse_view_facts(v, &rules, 40, parse_set, parse_play)?;
    let history: Vec<Play> = f
        .history
        .into_iter()
        .map(|(seat, mv)| Play { seat, mv })
        .collect();
    PlayerView::from_public(rules, f.seat, f.dealer, f.hand, f.table, &history, f.scores)
        .map_err(|e| err("bad_state", format!("`view`: {e}")))
}

/// A view's `scores` (one per side; none: 0 each), refused when they already decide the
/// match.
fn parse_view_scores<const N: usize>(view: &Obj, rules: &Rules) -> Res<[u16; N]> {
    let sides = rules.sides() as usize;
    let mut scores = [0u16; N];
    if let Some(s) = view.get("scores") {
        let Some(items) = s.as_array() else {
            return Err(bad_field(format!(
                "`view.scores` must be an array of numbers (one per side), not {}",
                json_type(s)
            )));
        };
        if items.len() != sides || sides > N {
            return Err(bad_field(format!(
                "`view.scores` must hold {sides} numbers (one per side), not {}",
                items.len()
            )));
        }
        for (i, item) in items.iter().enumerate() {
            scores[i] =
                parse_small(item, &format!("view.scores[{i}]"), u64::from(u16::MAX))? as u16;
        }
        // Scores that already decide the match leave no hand to play.
        if let Some(winner) = scopa_core::scopa::winner_of(rules, scores) {
            return Err(err(
                "bad_state",
                format!(
                    "`view.scores`: {:?} already won the match for side {winner} (target {}): no hand is played after that",
                    &scores[..sides],
                    rules.target
                ),
            ));
        }
    }
    Ok(scores)
}

fn bestmove(obj: &Obj) -> Res<Obj> {
    allow_fields(obj, "bestmove", &["rules", "level", "seed", "view"])?;
    let game = game_of(obj)?;
    let level_v = required(obj, "level")?;
    let Some(level_name) = level_v.as_str() else {
        return Err(bad_field(format!(
            "`level` must be a string, not {}",
            json_type(level_v)
        )));
    };
    let level: Level = level_name
        .parse()
        .map_err(|e| bad_field(format!("`level`: \"{}\": {e}", shorten(level_name))))?;
    let seed = match obj.get("seed") {
        None => 0,
        Some(s) => s.as_u64().ok_or_else(|| {
            bad_field(format!(
                "`seed` must be a whole number from 0 to 2^64-1, not {}",
                shorten(&s.to_string())
            ))
        })?,
    };
    let rules = match game {
        GameRules::Briscola(rules) => return briscola::bestmove(obj, rules, level, seed),
        GameRules::Scopa(rules) if rules.decks == 2 => {
            return teams::bestmove(obj, rules, level, seed);
        }
        GameRules::Scopa(rules) => rules,
    };
    let view = parse_view(required(obj, "view")?, rules)?;
    let mv = choose(level, &view, seed).ok_or_else(|| {
        err(
            "bad_state",
            format!(
                "`view`: it is not seat {}'s turn: seat {} plays next",
                view.seat(),
                view.turn()
            ),
        )
    })?;
    let mut out = Map::new();
    out.insert("move".into(), move_json(mv));
    Ok(out)
}

/// The AI's only input is the view: a [`PlayerView`] has no field for hidden cards, so
/// nothing else can reach the AI from here.
fn choose(level: Level, view: &PlayerView, seed: u64) -> Option<Move> {
    ai::choose_move(level, view, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(line: &str) -> Value {
        answer_line(line)
    }

    #[test]
    fn legal_matches_the_protocol_example() {
        let r = ask(r#"{"cmd":"legal","table":["4c","1s","3d","2b"],"card":"5b","id":3}"#);
        assert_eq!(
            r.to_string(),
            r#"{"ok":true,"id":3,"captures":[["3d","2b"],["4c","1s"]]}"#
        );
    }

    #[test]
    fn serve_answers_every_line_and_skips_blank_ones() {
        let input = b"{\"cmd\":\"hello\"}\n\n  \nnot json\n[1]\n";
        let mut out = Vec::new();
        serve(&mut &input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[1].contains("bad_json"));
        assert!(lines[2].contains("bad_json"));
    }
}
