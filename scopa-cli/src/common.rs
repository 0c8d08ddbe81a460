//! Pieces shared by the subcommands: rules options, seed derivation, bounded line reading.

use std::io::{self, BufRead};

use clap::{Args, ValueEnum};
use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::{AceRule, DealKind, PrimieraRule, Rules};
use scopa_core::session::Settings;
use serde_json::{Map, Value};

/// Every rules option of docs/rules.md as a command-line flag. Unset flags keep the value of
/// `--rules` (a protocol rules object), or else the default of docs/rules.md.
#[derive(Args, Debug, Clone, Default)]
pub struct RulesArgs {
    /// The game: scopa, or briscola (docs/briscola.md) [default: scopa].
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// Briscola: cards in a hand, 3 (or the leaflet's 9 with two players) [default: 3].
    #[arg(long, value_name = "N")]
    pub hand_size: Option<u8>,
    /// Number of players: 2, 3, or 4 in two teams (partners sit opposite); with two decks,
    /// 6 or 8 in teams of two partners opposite (Scopa or Briscola).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: Option<u8>,
    /// How the cards are dealt: standard, scopone or scopone_scientifico (4 players).
    #[arg(long)]
    pub deal: Option<DealKind>,
    /// Points needed to win the match (default 11; 16, 21 and 31 are common); in Briscola,
    /// hands won (default 2: best of three).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..))]
    pub target: Option<u8>,
    /// How primiera is compared: classic, lenient or most_sevens.
    #[arg(long)]
    pub primiera: Option<PrimieraRule>,
    /// Ace option: none, takes_all (asso piglia tutto) or match_takes_all (scopa d'assi).
    #[arg(long)]
    pub ace: Option<AceRule>,
    /// Score the napola (1d 2d 3d … kd in one pile score k).
    #[arg(long)]
    pub napola: bool,
    /// Score the re bello (the King of coins, 10d, is worth 1 point).
    #[arg(long)]
    pub re_bello: bool,
    /// Do not redeal when 3 or more Kings land on the initial table (5 or more with 6 or 8
    /// players, two decks).
    #[arg(long)]
    pub no_kings_redeal: bool,
    /// All options at once as a protocol rules object, e.g. '{"ace":"takes_all","target":21}'.
    #[arg(long, value_name = "JSON")]
    pub rules: Option<String>,
}

impl RulesArgs {
    /// Whether any rules option was given on the command line.
    pub fn any_given(&self) -> bool {
        self.game.is_some()
            || self.hand_size.is_some()
            || self.players.is_some()
            || self.deal.is_some()
            || self.target.is_some()
            || self.primiera.is_some()
            || self.ace.is_some()
            || self.napola
            || self.re_bello
            || self.no_kings_redeal
            || self.rules.is_some()
    }

    /// The game and its rules these flags describe, validated by the core: `--game
    /// briscola` (or `--rules '{"game":"briscola"}'`) with `--players`, `--hand-size` and
    /// `--target`; Scopa's own options are refused with Briscola, and `--hand-size` with
    /// Scopa.
    pub fn to_game(&self) -> anyhow::Result<GameRules> {
        let json = match &self.rules {
            None => None,
            Some(text) => Some(
                serde_json::from_str::<Value>(text)
                    .map_err(|e| anyhow::anyhow!("--rules is not valid JSON: {e}"))?,
            ),
        };
        let from_json =
            game_rules_from_json(json.as_ref()).map_err(|e| anyhow::anyhow!("--rules: {e}"))?;
        let briscola = match (self.game, from_json) {
            (Some(GameArg::Briscola), GameRules::Scopa(_)) if self.rules.is_some() => {
                anyhow::bail!(
                    "--game briscola, but --rules describes Scopa (add \"game\":\"briscola\")"
                )
            }
            (Some(GameArg::Scopa), GameRules::Briscola(_)) => {
                anyhow::bail!("--game scopa, but --rules describes Briscola")
            }
            (Some(GameArg::Briscola), GameRules::Scopa(_)) => Some(BriscolaRules::default()),
            (_, GameRules::Briscola(r)) => Some(r),
            (_, GameRules::Scopa(_)) => None,
        };
        let Some(mut rules) = briscola else {
            if self.hand_size.is_some() {
                anyhow::bail!("--hand-size is an option of Briscola (--game briscola)");
            }
            return self.to_rules().map(GameRules::Scopa);
        };
        let scopa_only = [
            ("--deal", self.deal.is_some()),
            ("--primiera", self.primiera.is_some()),
            ("--ace", self.ace.is_some()),
            ("--napola", self.napola),
            ("--re-bello", self.re_bello),
            ("--no-kings-redeal", self.no_kings_redeal),
        ];
        if let Some((flag, _)) = scopa_only.iter().find(|(_, given)| *given) {
            anyhow::bail!(
                "{flag} is an option of Scopa; Briscola has --players, --hand-size and --target"
            );
        }
        if let Some(p) = self.players {
            // 6 and 8 players bring the second deck they need.
            rules.players = p;
            rules.decks = scopa_core::decks_for(p);
        }
        if let Some(h) = self.hand_size {
            rules.hand_size = h;
        }
        if let Some(t) = self.target {
            rules.target = t;
        }
        rules
            .validate()
            .map_err(|e| anyhow::anyhow!("impossible rules: {e}"))?;
        Ok(GameRules::Briscola(rules))
    }

    /// The rules these flags describe, validated by the core.
    pub fn to_rules(&self) -> anyhow::Result<Rules> {
        let mut rules = match &self.rules {
            None => Rules::default(),
            Some(text) => {
                let value: Value = serde_json::from_str(text)
                    .map_err(|e| anyhow::anyhow!("--rules is not valid JSON: {e}"))?;
                rules_from_json(Some(&value)).map_err(|e| anyhow::anyhow!("--rules: {e}"))?
            }
        };
        if let Some(p) = self.players {
            // 6 and 8 players bring the second deck they need (docs/rules.md §8).
            rules = rules.with_players(p);
        }
        if let Some(d) = self.deal {
            rules.deal = d;
        }
        if let Some(t) = self.target {
            rules.target = t;
        }
        if let Some(p) = self.primiera {
            rules.primiera = p;
        }
        if let Some(a) = self.ace {
            rules.ace = a;
        }
        rules.napola |= self.napola;
        rules.re_bello |= self.re_bello;
        if self.no_kings_redeal {
            rules.kings_redeal = false;
        }
        rules
            .validate()
            .map_err(|e| anyhow::anyhow!("impossible rules: {e}"))?;
        Ok(rules)
    }
}

/// The game of `--game`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Scopa.
    Scopa,
    /// Briscola.
    Briscola,
}

/// Parses a protocol rules object (docs/protocol.md, "The rules object"); `None` gives the
/// defaults. The error names the field and what was wrong with it.
pub fn rules_from_json(value: Option<&Value>) -> Result<Rules, String> {
    match game_rules_from_json(value)? {
        GameRules::Scopa(rules) => Ok(rules),
        GameRules::Briscola(_) => {
            Err("`rules.game`: this command plays Scopa only (\"game\":\"scopa\")".to_owned())
        }
    }
}

/// The rules of either game, from a protocol rules object.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameRules {
    /// Scopa (`"game":"scopa"`, the default).
    Scopa(Rules),
    /// Briscola (`"game":"briscola"`).
    Briscola(BriscolaRules),
}

impl GameRules {
    /// The session's settings for this game: one person at seat 0, `level` at the others.
    /// They answer for every game what a command asks of the table (players, sides, decks,
    /// the game's name), so nothing else here needs to ask which game it is.
    pub fn settings(self, level: Level) -> Settings {
        match self {
            GameRules::Scopa(rules) => Settings::against(level, rules),
            GameRules::Briscola(rules) => Settings::briscola(level, rules),
        }
    }
}

/// Parses a protocol rules object of either game (`game`: `scopa` by default, or
/// `briscola`; `decks`: 1, or 2 for 6 or 8 players). The error names the field and what
/// was wrong with it.
pub fn game_rules_from_json(value: Option<&Value>) -> Result<GameRules, String> {
    let Some(value) = value else {
        return Ok(GameRules::Scopa(Rules::default()));
    };
    let Some(obj) = value.as_object() else {
        return Err(format!(
            "`rules` must be an object like {{\"players\":2}}, not {}",
            json_type(value)
        ));
    };
    let decks = match obj.get("decks") {
        None => 1,
        Some(v) if matches!(v.as_u64(), Some(1 | 2)) => v.as_u64().unwrap_or(1) as u8,
        Some(v) => return Err(format!("`rules.decks` must be 1 or 2, not {v}")),
    };
    match obj.get("game") {
        None => scopa_rules_from_json(obj, decks).map(GameRules::Scopa),
        Some(Value::String(g)) if g == "scopa" => {
            scopa_rules_from_json(obj, decks).map(GameRules::Scopa)
        }
        Some(Value::String(g)) if g == "briscola" => {
            briscola_rules_from_json(obj, decks).map(GameRules::Briscola)
        }
        Some(v) => Err(format!(
            "`rules.game` must be \"scopa\" or \"briscola\", not {v}"
        )),
    }
}

/// A rules field holding a whole number up to `max`.
fn small_field(key: &str, v: &Value, max: u64) -> Result<u8, String> {
    v.as_u64()
        .filter(|&n| n <= max)
        .map(|n| n as u8)
        .ok_or_else(|| format!("`rules.{key}` must be a whole number up to {max}, not {v}"))
}

/// Briscola's rules object: `players` (2–4 with one deck, 6 or 8 with two), `hand_size`
/// (3, or 9 for two), `target` (hands won, 1–11), besides `game` and `decks` (read by the
/// caller: 1, or 2 for 6 and 8 players).
fn briscola_rules_from_json(obj: &Map<String, Value>, decks: u8) -> Result<BriscolaRules, String> {
    let mut rules = BriscolaRules {
        decks,
        ..BriscolaRules::default()
    };
    for (key, v) in obj {
        let small = |max: u64| small_field(key, v, max);
        match key.as_str() {
            "game" | "decks" => {}
            "players" => rules.players = small(255)?,
            "hand_size" => rules.hand_size = small(255)?,
            "target" => rules.target = small(255)?,
            other => {
                return Err(format!(
                    "unknown Briscola rules field `{other}`; expected game, decks, players, hand_size, target"
                ));
            }
        }
    }
    rules.validate().map_err(|e| format!("`rules`: {e}"))?;
    Ok(rules)
}

/// Scopa's rules object (docs/protocol.md, "The rules object"), with `decks` already read.
fn scopa_rules_from_json(obj: &Map<String, Value>, decks: u8) -> Result<Rules, String> {
    let mut rules = Rules {
        decks,
        ..Rules::default()
    };
    for (key, v) in obj {
        let small = |max: u64| small_field(key, v, max);
        let name = || -> Result<&str, String> {
            v.as_str()
                .ok_or_else(|| format!("`rules.{key}` must be a string, not {}", json_type(v)))
        };
        let flag = || -> Result<bool, String> {
            v.as_bool()
                .ok_or_else(|| format!("`rules.{key}` must be true or false, not {v}"))
        };
        match key.as_str() {
            "players" => rules.players = small(255)?,
            "target" => rules.target = small(255)?,
            "deal" => rules.deal = name()?.parse().map_err(|e| format!("`rules.deal`: {e}"))?,
            "primiera" => {
                rules.primiera = name()?
                    .parse()
                    .map_err(|e| format!("`rules.primiera`: {e}"))?
            }
            "ace" => rules.ace = name()?.parse().map_err(|e| format!("`rules.ace`: {e}"))?,
            "napola" => rules.napola = flag()?,
            "re_bello" => rules.re_bello = flag()?,
            "kings_redeal" => rules.kings_redeal = flag()?,
            "game" | "decks" => {}
            other => {
                return Err(format!(
                    "unknown rules field `{other}`; expected game, decks, players, deal, target, primiera, ace, napola, re_bello, kings_redeal"
                ));
            }
        }
    }
    rules.validate().map_err(|e| format!("`rules`: {e}"))?;
    Ok(rules)
}

/// The JSON type of a value, for error messages.
pub fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Writes `text` to stdout; a closed pipe (`scopa simulate | head -1`) is not an error.
pub fn print_out(text: &str) -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// One line read by [`read_bounded_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// A complete line (without its line ending) of at most the limit in bytes.
    Text(String),
    /// A line longer than the limit; its bytes were skipped up to the next newline.
    TooLong {
        /// Bytes in the line (without the newline).
        len: usize,
    },
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads one line of at most `max` bytes. A longer line is never held whole in memory:
/// its bytes are discarded up to the next newline and [`BoundedLine::TooLong`] returned.
/// `Ok(None)` at end of input.
pub fn read_bounded_line<R: BufRead>(
    reader: &mut R,
    max: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Option<BoundedLine>> {
    buf.clear();
    let mut total = 0usize;
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(pos) => (&chunk[..pos], pos + 1, true),
            None => (chunk, chunk.len(), false),
        };
        total = total.saturating_add(part.len());
        if !too_long {
            if buf.len() + part.len() > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        reader.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(BoundedLine::TooLong { len: total }));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match std::str::from_utf8(buf) {
        Ok(s) => Ok(Some(BoundedLine::Text(s.to_owned()))),
        Err(_) => Ok(Some(BoundedLine::NotUtf8)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_and_reading_resyncs() {
        let mut input = Vec::new();
        input.extend_from_slice(b"short\n");
        input.extend(std::iter::repeat_n(b'x', 100));
        input.extend_from_slice(b"\nnext\r\nlast");
        let mut r = io::BufReader::with_capacity(7, &input[..]);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while let Some(line) = read_bounded_line(&mut r, 10, &mut buf).unwrap() {
            got.push(line);
        }
        assert_eq!(
            got,
            [
                BoundedLine::Text("short".into()),
                BoundedLine::TooLong { len: 100 },
                BoundedLine::Text("next".into()),
                BoundedLine::Text("last".into()),
            ]
        );
    }

    #[test]
    fn rules_json_rejects_unknown_fields_and_values() {
        let v: Value = serde_json::from_str(r#"{"ace":"takes_all","target":21}"#).unwrap();
        let r = rules_from_json(Some(&v)).unwrap();
        assert_eq!((r.ace, r.target), (AceRule::TakesAll, 21));
        for bad in [
            r#"{"aces":"none"}"#,
            r#"{"ace":"sometimes"}"#,
            r#"{"players":5}"#,
            r#"{"players":"2"}"#,
            r#"{"target":0}"#,
            r#"{"deal":"scopone"}"#,
            r#"[]"#,
        ] {
            let v: Value = serde_json::from_str(bad).unwrap();
            assert!(rules_from_json(Some(&v)).is_err(), "{bad}");
        }
    }
}
