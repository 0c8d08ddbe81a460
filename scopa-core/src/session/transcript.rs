//! The canonical text of a session, identical on every front-end: actions as a script a
//! front-end can replay, events as the lines of a transcript. Language-independent (cards
//! in the notation, seats and sides from 0), one line per action and per event, so two
//! front-ends that played the same session print byte-identical transcripts.
//!
//! ```
//! use scopa_core::session::transcript;
//! use scopa_core::session::Action;
//! let a: Action = "play 7d 5d 2c".parse().unwrap();
//! assert_eq!(transcript::action(&a).to_string(), "play 7d 5d 2c");
//! assert_eq!("continue".parse::<Action>().unwrap(), Action::Continue);
//! assert!("play 11d".parse::<Action>().is_err());
//! ```

use core::fmt::{self, Display, Formatter};
use core::str::FromStr;

use crate::ai::Level;
use crate::briscola::{BriscolaRules, TwoDeckEvent};
use crate::card::Card;
use crate::game::GameMove;
use crate::multiset::CardMultiset;
use crate::scopa::rules::Rules;
use crate::scopa::score::SideScore;
use crate::scopa::teams::{TeamEvent, TeamMove};

use super::{Action, Game, GameEvent, Lang, MAX_SEATS, Player, Settings};

struct Line<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Line<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

fn mv_text(f: &mut Formatter<'_>, mv: GameMove) -> fmt::Result {
    write!(f, "{}", mv.card())?;
    for c in mv.capture() {
        write!(f, " {c}")?;
    }
    Ok(())
}

/// An action as a line of a script: `select 7d`, `capture 1`, `play 7d 5d 2c`, `cancel`,
/// `ai`, `aiplay 7d`, `continue`, `undo`, `rematch` (parsed back by `Action::from_str`).
pub fn action(a: &Action) -> impl Display + '_ {
    Line(move |f| match *a {
        Action::Select(card) => write!(f, "select {card}"),
        Action::Capture(i) => write!(f, "capture {i}"),
        Action::Play(mv) => {
            f.write_str("play ")?;
            mv_text(f, mv)
        }
        Action::Cancel => f.write_str("cancel"),
        Action::RunAi => f.write_str("ai"),
        Action::AiPlay(mv) => {
            f.write_str("aiplay ")?;
            mv_text(f, mv)
        }
        Action::Continue => f.write_str("continue"),
        Action::Undo => f.write_str("undo"),
        Action::Rematch => f.write_str("rematch"),
    })
}

/// A script line that is not an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseActionError {
    /// The line is empty.
    Empty,
    /// The first word is not an action.
    UnknownAction,
    /// A card is not in the notation (`7d`, `10b`).
    BadCard,
    /// A card is named twice.
    CardTwice,
    /// The capture number is not 0 … 255.
    BadNumber,
    /// The action takes no (or fewer) arguments.
    ExtraWords,
    /// The action needs an argument that is missing.
    MissingArgument,
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseActionError::Empty => "an empty line is not an action",
            ParseActionError::UnknownAction => {
                "unknown action; expected select, capture, play, cancel, ai, aiplay, continue, undo or rematch"
            }
            ParseActionError::BadCard => "a card is not in the notation (such as 7d or 10b)",
            ParseActionError::CardTwice => "a card is named twice",
            ParseActionError::BadNumber => "the capture number must be 0 to 255",
            ParseActionError::ExtraWords => "the action has words after its arguments",
            ParseActionError::MissingArgument => "the action needs an argument",
        })
    }
}

impl core::error::Error for ParseActionError {}

/// A move as a script line writes it, without its game: the card and what it takes (a
/// card alone is Scopa's card laid, which the session plays as the card in Briscola).
fn parse_move<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<GameMove, ParseActionError> {
    let card: Card = words
        .next()
        .ok_or(ParseActionError::MissingArgument)?
        .parse()
        .map_err(|_| ParseActionError::BadCard)?;
    // Two decks hold each card twice: a capture may name a card twice (two `3c` for a
    // `6b`), never three times; the rules decide what the table allows.
    let mut capture = CardMultiset::EMPTY;
    for w in words {
        let c: Card = w.parse().map_err(|_| ParseActionError::BadCard)?;
        capture.insert(c).map_err(|_| ParseActionError::CardTwice)?;
    }
    Ok(GameMove::Scopa(TeamMove { card, capture }))
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(line: &str) -> Result<Action, ParseActionError> {
        let mut words = line.split_ascii_whitespace();
        let first = words.next().ok_or(ParseActionError::Empty)?;
        let action = match first {
            "select" => {
                let card = words
                    .next()
                    .ok_or(ParseActionError::MissingArgument)?
                    .parse()
                    .map_err(|_| ParseActionError::BadCard)?;
                Action::Select(card)
            }
            "capture" => Action::Capture(
                words
                    .next()
                    .ok_or(ParseActionError::MissingArgument)?
                    .parse()
                    .map_err(|_| ParseActionError::BadNumber)?,
            ),
            "play" => return parse_move(words).map(Action::Play),
            "aiplay" => return parse_move(words).map(Action::AiPlay),
            "cancel" => Action::Cancel,
            "ai" => Action::RunAi,
            "continue" => Action::Continue,
            "undo" => Action::Undo,
            "rematch" => Action::Rematch,
            _ => return Err(ParseActionError::UnknownAction),
        };
        match words.next() {
            None => Ok(action),
            Some(_) => Err(ParseActionError::ExtraWords),
        }
    }
}

fn side_score(f: &mut Formatter<'_>, side: usize, s: &SideScore) -> fmt::Result {
    write!(
        f,
        "score {side} scope {} carte {} denari {} settebello {} primiera {} napola {} re_bello {} total {}",
        s.scope,
        s.carte,
        s.denari,
        s.settebello,
        s.primiera,
        s.napola,
        s.re_bello,
        s.total()
    )
}

/// Three scores, and a fourth side's when it is not 0 (only 8 players have a fourth side).
fn scores(f: &mut Formatter<'_>, scores: [u16; 4]) -> fmt::Result {
    let [a, b, c, d] = scores;
    write!(f, "{a} {b} {c}")?;
    if d != 0 {
        write!(f, " {d}")?;
    }
    Ok(())
}

/// The transcript line(s) of an event of either game.
pub fn event(e: &GameEvent) -> impl Display + '_ {
    Line(move |f| match e {
        GameEvent::Scopa(e) => write!(f, "{}", scopa_event(e)),
        GameEvent::Briscola(e) => write!(f, "{}", briscola_event(e)),
    })
}

/// The transcript line of a Briscola event: `play 0 3c`, `trick 1 side 1 points 21`,
/// `draw 1`, `draw 0 briscola`, `points 66 54 0 winner 0` (a third side's points always
/// written, 0 without one, a fourth side's when it is not 0; `winner none` for a draw),
/// `deal dealer 1 briscola 7c`, `winner 0`.
pub fn briscola_event(e: &TwoDeckEvent) -> impl Display + '_ {
    Line(move |f| match *e {
        TwoDeckEvent::Played { seat, card } => write!(f, "play {seat} {card}"),
        TwoDeckEvent::TrickTaken {
            seat, side, points, ..
        } => write!(f, "trick {seat} side {side} points {points}"),
        TwoDeckEvent::Drew { seat, briscola } => {
            write!(f, "draw {seat}{}", if briscola { " briscola" } else { "" })
        }
        TwoDeckEvent::HandFinished(score) => {
            let [a, b, c, d] = score.points;
            write!(f, "points {a} {b} {c}")?;
            if d != 0 {
                write!(f, " {d}")?;
            }
            match score.winner {
                Some(side) => write!(f, " winner {side}"),
                None => f.write_str(" winner none"),
            }
        }
        TwoDeckEvent::Dealt { dealer, briscola } => {
            write!(f, "deal dealer {dealer} briscola {briscola}")
        }
        TwoDeckEvent::MatchFinished { winner } => write!(f, "winner {winner}"),
    })
}

/// The transcript line(s) of a Scopa event; a hand's score is one line per side, separated
/// by `\n` (no newline at the end).
pub fn scopa_event(e: &TeamEvent) -> impl Display + '_ {
    Line(move |f| match *e {
        TeamEvent::Played { seat, mv } => {
            write!(f, "play {seat} ")?;
            mv_text(f, mv.into())
        }
        TeamEvent::Scopa { seat, side } => write!(f, "scopa {seat} side {side}"),
        TeamEvent::Dealt { round, deck_left } => write!(f, "dealt round {round} deck {deck_left}"),
        TeamEvent::TableCollected { side, cards } => write!(f, "collect {side} {cards}"),
        TeamEvent::HandFinished(score) => {
            for (side, s) in score.sides().iter().enumerate() {
                if side > 0 {
                    f.write_str("\n")?;
                }
                side_score(f, side, s)?;
            }
            Ok(())
        }
        TeamEvent::MatchFinished { winner, scores: s } => {
            write!(f, "winner {winner} scores ")?;
            scores(f, s)
        }
        TeamEvent::NewHand {
            number,
            dealer,
            table,
            redeals,
        } => write!(
            f,
            "hand {number} dealer {dealer} redeals {redeals} table {table}"
        ),
    })
}

/// The first line of a transcript: the settings (not the secret). Scopa:
/// `session players 2 deal standard … seats human expert`; Briscola:
/// `session briscola players 2 hand_size 3 target 2 undo 0 seats human expert`.
pub fn start<'a>(settings: &'a Settings) -> impl Display + 'a {
    Line(move |f| {
        if let Game::Briscola(BriscolaRules {
            players,
            hand_size,
            target,
            // The decks follow from the players (RULES.md section 8).
            decks: _,
        }) = settings.game
        {
            write!(
                f,
                "session briscola players {players} hand_size {hand_size} target {target} undo {} seats",
                u8::from(settings.undo)
            )?;
            return seats_text(f, settings);
        }
        let Rules {
            players,
            // The decks follow from the players (docs/rules.md §8).
            decks: _,
            deal,
            target,
            primiera,
            ace,
            napola,
            re_bello,
            kings_redeal,
        } = settings.rules;
        write!(
            f,
            "session players {players} deal {deal} target {target} primiera {primiera} ace {ace} napola {} re_bello {} kings_redeal {} undo {} seats",
            u8::from(napola),
            u8::from(re_bello),
            u8::from(kings_redeal),
            u8::from(settings.undo)
        )?;
        seats_text(f, settings)
    })
}

fn seats_text(f: &mut Formatter<'_>, settings: &Settings) -> fmt::Result {
    for c in settings.seats() {
        match c {
            Player::Human => f.write_str(" human")?,
            Player::Ai(level) => write!(f, " {level}")?,
        }
    }
    Ok(())
}

/// A settings line that is not a [`start`] line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseSettingsError {
    /// The word (position in the line, from 0) where reading stopped.
    pub word: u8,
}

impl fmt::Display for ParseSettingsError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "word {} of the settings line is not what a `session …` line has there",
            self.word
        )
    }
}

impl core::error::Error for ParseSettingsError {}

impl FromStr for Settings {
    type Err = ParseSettingsError;

    /// Reads back a [`start`] line (the language is English: transcripts have none).
    ///
    /// ```
    /// use scopa_core::session::{transcript, Settings};
    /// let s = Settings::default();
    /// let line = transcript::start(&s).to_string();
    /// assert_eq!(line.parse::<Settings>(), Ok(s));
    /// ```
    fn from_str(line: &str) -> Result<Settings, ParseSettingsError> {
        let mut words = line.split_ascii_whitespace().enumerate();
        let mut at = 0u8;
        let mut next = |key: Option<&str>| -> Result<&str, ParseSettingsError> {
            if let Some(key) = key {
                match words.next() {
                    Some((i, w)) if w == key => at = i as u8,
                    Some((i, _)) => return Err(ParseSettingsError { word: i as u8 }),
                    None => return Err(ParseSettingsError { word: at + 1 }),
                }
            }
            match words.next() {
                Some((i, w)) => {
                    at = i as u8;
                    Ok(w)
                }
                None => Err(ParseSettingsError { word: at + 1 }),
            }
        };
        let bad = |at: u8| ParseSettingsError { word: at };
        if next(None)? != "session" {
            return Err(bad(0));
        }
        let number = |w: &str, at: u8| w.parse::<u8>().map_err(|_| bad(at));
        let flag = |w: &str, at: u8| match w {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(bad(at)),
        };
        if line.split_ascii_whitespace().nth(1) == Some("briscola") {
            next(None)?;
            let players = number(next(Some("players"))?, 3)?;
            let hand_size = number(next(Some("hand_size"))?, 5)?;
            let target = number(next(Some("target"))?, 7)?;
            let undo = flag(next(Some("undo"))?, 9)?;
            let seats = parse_seats(line, 11, players)?;
            return Ok(Settings {
                game: Game::Briscola(BriscolaRules {
                    players,
                    hand_size,
                    target,
                    decks: crate::seats::decks_for(players),
                }),
                rules: Rules::default(),
                seats,
                undo,
                lang: Lang::En,
            });
        }
        let players = number(next(Some("players"))?, 2)?;
        let deal = next(Some("deal"))?.parse().map_err(|_| bad(4))?;
        let target = number(next(Some("target"))?, 6)?;
        let primiera = next(Some("primiera"))?.parse().map_err(|_| bad(8))?;
        let ace = next(Some("ace"))?.parse().map_err(|_| bad(10))?;
        let napola = flag(next(Some("napola"))?, 12)?;
        let re_bello = flag(next(Some("re_bello"))?, 14)?;
        let kings_redeal = flag(next(Some("kings_redeal"))?, 16)?;
        let undo = flag(next(Some("undo"))?, 18)?;
        let rules = Rules {
            players,
            decks: crate::seats::decks_for(players),
            deal,
            target,
            primiera,
            ace,
            napola,
            re_bello,
            kings_redeal,
        };
        let mut seats = [Player::Human; MAX_SEATS];
        let mut i = 0usize;
        for (n, w) in words.by_ref() {
            if n == 19 && w != "seats" {
                return Err(bad(19));
            }
            if n == 19 {
                continue;
            }
            let slot = seats.get_mut(i).ok_or(bad(n as u8))?;
            *slot = match w {
                "human" => Player::Human,
                level => Player::Ai(level.parse::<Level>().map_err(|_| bad(n as u8))?),
            };
            i += 1;
        }
        if i != usize::from(players) {
            return Err(bad(20 + i as u8));
        }
        Ok(Settings {
            game: Game::Scopa,
            rules,
            seats,
            undo,
            lang: Lang::En,
        })
    }
}

/// The seats of a settings line: word `first` is `seats`, then one word per player.
fn parse_seats(
    line: &str,
    first: usize,
    players: u8,
) -> Result<[Player; MAX_SEATS], ParseSettingsError> {
    let bad = |at: usize| ParseSettingsError { word: at as u8 };
    let mut words = line.split_ascii_whitespace().enumerate().skip(first - 1);
    match words.next() {
        Some((_, "seats")) => {}
        _ => return Err(bad(first - 1)),
    }
    let mut seats = [Player::Human; MAX_SEATS];
    let mut i = 0usize;
    for (n, w) in words {
        let slot = seats.get_mut(i).ok_or(bad(n))?;
        *slot = match w {
            "human" => Player::Human,
            level => Player::Ai(level.parse::<Level>().map_err(|_| bad(n))?),
        };
        i += 1;
    }
    if i != usize::from(players) {
        return Err(bad(first + i));
    }
    Ok(seats)
}

/// One line of a script (see the project's `docs/session.md`): what a scripted run of a
/// front-end does next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ScriptLine {
    /// A comment or a blank line.
    Nothing,
    /// `seed N`: the session's secret.
    Seed(u64),
    /// `session …`: the settings (a [`start`] line).
    Settings(Settings),
    /// A human move: the card, then the cards it captures (`7d 5d 2c`, or `3c` to lay it;
    /// `6b 3c 3c` takes both copies at a table of 6 or 8).
    Move(GameMove),
    /// `save`: write the session's save here.
    Save,
}

/// A script line that cannot be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseScriptError {
    /// `seed` is not followed by a number.
    BadSeed,
    /// The `session` line is malformed.
    Settings(ParseSettingsError),
    /// A move line is malformed.
    Move(ParseActionError),
}

impl fmt::Display for ParseScriptError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ParseScriptError::BadSeed => f.write_str("`seed` must be followed by a number"),
            ParseScriptError::Settings(e) => write!(f, "bad settings line: {e}"),
            ParseScriptError::Move(e) => write!(f, "bad move line: {e}"),
        }
    }
}

impl core::error::Error for ParseScriptError {}

impl FromStr for ScriptLine {
    type Err = ParseScriptError;

    /// Reads one script line (`#` starts a comment).
    ///
    /// ```
    /// use scopa_core::session::transcript::ScriptLine;
    /// assert_eq!("seed 42".parse(), Ok(ScriptLine::Seed(42)));
    /// assert_eq!("  # a comment".parse(), Ok(ScriptLine::Nothing));
    /// assert!(matches!("7d 5d 2c".parse(), Ok(ScriptLine::Move(_))));
    /// assert_eq!("save".parse(), Ok(ScriptLine::Save));
    /// ```
    fn from_str(line: &str) -> Result<ScriptLine, ParseScriptError> {
        let line = line.split('#').next().unwrap_or("").trim();
        let mut words = line.split_ascii_whitespace();
        match words.next() {
            None => Ok(ScriptLine::Nothing),
            Some("seed") => match (words.next().map(str::parse::<u64>), words.next()) {
                (Some(Ok(seed)), None) => Ok(ScriptLine::Seed(seed)),
                _ => Err(ParseScriptError::BadSeed),
            },
            Some("session") => line
                .parse()
                .map(ScriptLine::Settings)
                .map_err(ParseScriptError::Settings),
            Some("save") if words.next().is_none() => Ok(ScriptLine::Save),
            Some(_) => parse_move(line.split_ascii_whitespace())
                .map(ScriptLine::Move)
                .map_err(ParseScriptError::Move),
        }
    }
}
