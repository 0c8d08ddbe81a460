//! # scopa-web
//!
//! [`scopa_core::session::Session`] compiled to WebAssembly for the web app in `web/`. This
//! crate only translates: JS objects in → session [`Action`]s, the session's phase, table
//! state and texts out → plain JS objects (via `serde-wasm-bindgen`). Rules, legality,
//! scores, AI seeds, the flow, every game text and the save format are the session's.

use core::fmt::Display;

use scopa_core::ai::Level;
use scopa_core::session::texts::summary_rows;
use scopa_core::session::{
    Action, CardStyle, Label, Lang, Phase, Player, Session, SessionError, Settings, Texts,
    transcript,
};
use scopa_core::{AceRule, Card, CardSet, DealKind, Event, Events, Move, PrimieraRule, Rules};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// Settings as the page sends them (option names as in RULES.md and the CLI).
#[derive(Deserialize, Serialize, Debug, Clone)]
pub struct SettingsIn {
    /// 2, 3 or 4.
    pub players: u8,
    /// `standard`, `scopone`, `scopone_scientifico`.
    pub deal: String,
    /// Points to win.
    pub target: u8,
    /// `classic`, `lenient`, `most_sevens`.
    pub primiera: String,
    /// `none`, `takes_all`, `match_takes_all`.
    pub ace: String,
    /// Napola scores.
    pub napola: bool,
    /// Re bello scores.
    pub re_bello: bool,
    /// Three kings on the table: redeal.
    pub kings_redeal: bool,
    /// Per seat: `human` or an AI level name.
    pub seats: Vec<String>,
    /// Undo of the person's last play (one person against AIs only).
    #[serde(default)]
    pub undo: bool,
    /// `en` or `it`.
    pub lang: String,
}

/// A setting the page sent that does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSetting(pub String);

impl Display for BadSetting {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl SettingsIn {
    /// The session settings, or what is wrong (checked again by `Session::new`).
    pub fn to_settings(&self) -> Result<Settings, BadSetting> {
        let bad = |e: &dyn Display| BadSetting(e.to_string());
        let rules = Rules {
            players: self.players,
            deal: self.deal.parse().map_err(|e| bad(&e))?,
            target: self.target,
            primiera: self.primiera.parse().map_err(|e| bad(&e))?,
            ace: self.ace.parse().map_err(|e| bad(&e))?,
            napola: self.napola,
            re_bello: self.re_bello,
            kings_redeal: self.kings_redeal,
        };
        if self.seats.len() != usize::from(self.players) {
            return Err(BadSetting(format!(
                "{} seat controllers given for {} players",
                self.seats.len(),
                self.players
            )));
        }
        let mut seats = [Player::Human; 4];
        for (slot, name) in seats.iter_mut().zip(&self.seats) {
            *slot = match name.as_str() {
                "human" => Player::Human,
                level => Player::Ai(level.parse::<Level>().map_err(|e| bad(&e))?),
            };
        }
        let lang = Lang::from_code(&self.lang).ok_or_else(|| {
            BadSetting(format!(
                "unknown language {:?}; expected en or it",
                self.lang
            ))
        })?;
        Ok(Settings {
            rules,
            seats,
            undo: self.undo,
            lang,
        })
    }
}

/// An action as the page sends it: `{kind: "select", card: 6}`, `{kind: "continue"}`…
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActionIn {
    /// Play, or start choosing a capture for, a card (index 0 … 39).
    Select {
        /// Card index.
        card: u8,
    },
    /// Take capture option `index`.
    Capture {
        /// Option index.
        index: u8,
    },
    /// Put the selected card back.
    Cancel,
    /// Acknowledge a scopa, a hand-off or a summary.
    Continue,
    /// Let the AI due play now, computed here.
    RunAi,
    /// Play the move the Web Worker computed with `aiMove` on a copy of this session.
    AiPlay {
        /// Card index.
        card: u8,
        /// Captured card indices.
        capture: Vec<u8>,
    },
    /// Take back the person's last play (undo on, against AIs).
    Undo,
    /// The next match with the same settings.
    Rematch,
}

fn card(index: u8) -> Result<Card, String> {
    Card::from_index(index).ok_or_else(|| format!("card index {index} is not 0 … 39"))
}

impl ActionIn {
    /// The session action, or why the indices are invalid.
    pub fn to_action(&self) -> Result<Action, String> {
        Ok(match self {
            ActionIn::Select { card: c } => Action::Select(card(*c)?),
            ActionIn::Capture { index } => Action::Capture(*index),
            ActionIn::Cancel => Action::Cancel,
            ActionIn::Continue => Action::Continue,
            ActionIn::RunAi => Action::RunAi,
            ActionIn::AiPlay { card: c, capture } => {
                let mut set = CardSet::EMPTY;
                for &i in capture {
                    set.insert(card(i)?);
                }
                Action::AiPlay(Move::new(card(*c)?, set))
            }
            ActionIn::Undo => Action::Undo,
            ActionIn::Rematch => Action::Rematch,
        })
    }
}

fn indices(set: CardSet) -> Vec<u8> {
    set.iter().map(Card::index).collect()
}

/// A card for the page: its index (the drawing) and its name (the label).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct CardOut {
    /// Index 0 … 39.
    pub card: u8,
    /// `7 of denari` / `7 di denari`.
    pub name: String,
}

/// The phase for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PhaseOut {
    /// A person chooses a card.
    Play {
        /// Seat.
        seat: u8,
    },
    /// A person chooses among captures.
    ChooseCapture {
        /// Seat.
        seat: u8,
        /// The card selected.
        card: u8,
        /// The captures, in the session's order.
        options: Vec<OptionOut>,
    },
    /// An AI is due.
    AiDue {
        /// Seat.
        seat: u8,
    },
    /// Hand the device to a seat.
    HandOff {
        /// Seat.
        seat: u8,
    },
    /// A sweep to show.
    Scopa {
        /// Seat.
        seat: u8,
        /// Side.
        side: u8,
    },
    /// The hand summary.
    HandSummary,
    /// The match is over.
    MatchOver {
        /// Winning side.
        winner: u8,
    },
}

/// One capture to choose.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OptionOut {
    /// The table cards taken.
    pub cards: Vec<u8>,
    /// Their names.
    pub text: String,
}

/// A seat for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SeatOut {
    /// `You`, `Player 2`…
    pub name: String,
    /// The AI level (`expert`…), or absent for a person.
    pub level: Option<String>,
    /// The level's name in the session's language, or the word for a person.
    pub controller: String,
    /// Its side.
    pub side: u8,
    /// Cards in hand.
    pub hand_size: u8,
}

/// A side for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SideOut {
    /// `You`, `Your team`, `Players 1 & 3`…
    pub name: String,
    /// Cards taken this hand.
    pub pile: u32,
    /// Scope this hand.
    pub scope: u8,
    /// Match score (before the current hand).
    pub score: u16,
}

/// One row of the hand summary.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct RowOut {
    /// What it counts, in the session's language.
    pub label: String,
    /// Whether it is the hand's total.
    pub total: bool,
    /// Points per side.
    pub points: Vec<u8>,
    /// The tally behind the points per side (cards, coins, primiera value…), if any.
    pub tally: Vec<Option<u8>>,
}

/// Everything the page draws now, texts included.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ViewOut {
    /// What the session waits for.
    pub phase: PhaseOut,
    /// The status line for the phase.
    pub status: String,
    /// The seat whose cards are shown (absent: none — handing over, watching).
    pub viewer: Option<u8>,
    /// The viewer's hand.
    pub hand: Vec<CardOut>,
    /// The table.
    pub table: Vec<CardOut>,
    /// The seats.
    pub seats: Vec<SeatOut>,
    /// The sides.
    pub sides: Vec<SideOut>,
    /// The scores on one line.
    pub scores: String,
    /// Points to win.
    pub target: u8,
    /// Cards left in the deck.
    pub deck_left: u8,
    /// Hand number, from 1.
    pub hand_number: u32,
    /// Whether undo would be accepted now.
    pub can_undo: bool,
    /// The last finished hand's summary rows.
    pub summary: Vec<RowOut>,
    /// The winner line, once the match is over.
    pub winner: Option<String>,
    /// With one person: whether their side won (once over).
    pub you_won: Option<bool>,
    /// The settings as a transcript line (language-free: to key statistics by).
    pub settings_line: String,
}

fn texts(s: &Session) -> Texts {
    s.texts().with_style(CardStyle::Names)
}

fn card_out(t: &Texts, c: Card) -> CardOut {
    CardOut {
        card: c.index(),
        name: t.card(c).to_string(),
    }
}

fn phase_out(s: &Session, t: &Texts) -> PhaseOut {
    match s.phase() {
        Phase::Play { seat } => PhaseOut::Play { seat },
        Phase::ChooseCapture { seat, card } => PhaseOut::ChooseCapture {
            seat,
            card: card.index(),
            options: s
                .capture_options()
                .iter()
                .map(|&c| OptionOut {
                    cards: indices(c),
                    text: t.cards(c).to_string(),
                })
                .collect(),
        },
        Phase::AiDue { seat } => PhaseOut::AiDue { seat },
        Phase::HandOff { seat } => PhaseOut::HandOff { seat },
        Phase::Scopa { seat, side } => PhaseOut::Scopa { seat, side },
        Phase::HandSummary => PhaseOut::HandSummary,
        Phase::MatchOver { winner } => PhaseOut::MatchOver { winner },
    }
}

/// What the page draws for `s`.
pub fn view_out(s: &Session) -> ViewOut {
    let t = texts(s);
    let st = s.state();
    let rules = *s.rules();
    let sides = rules.sides();
    let winner = match st.phase {
        Phase::MatchOver { winner } => Some(winner),
        _ => None,
    };
    let settings = s.settings();
    let you = (settings.humans() == 1)
        .then(|| settings.first_human())
        .flatten();
    ViewOut {
        phase: phase_out(s, &t),
        status: t.phase(&st.phase).to_string(),
        viewer: st.viewer,
        hand: st.hand.iter().map(|c| card_out(&t, c)).collect(),
        table: st.table.iter().map(|c| card_out(&t, c)).collect(),
        seats: (0..rules.players)
            .map(|seat| {
                let c = settings.player(seat);
                SeatOut {
                    name: t.seat(seat).to_string(),
                    level: match c {
                        Player::Human => None,
                        Player::Ai(level) => Some(level.name().into()),
                    },
                    controller: match c {
                        Player::Human => t.label(Label::Human).into(),
                        Player::Ai(level) => t.level(level).into(),
                    },
                    side: rules.side_of(seat),
                    hand_size: st.hand_sizes[usize::from(seat)],
                }
            })
            .collect(),
        sides: (0..sides)
            .map(|side| SideOut {
                name: t.side(side).to_string(),
                pile: st.piles[usize::from(side)].len(),
                scope: st.scope[usize::from(side)],
                score: st.scores[usize::from(side)],
            })
            .collect(),
        scores: t.scores(st.scores).to_string(),
        target: rules.target,
        deck_left: st.deck_left,
        hand_number: u32::from(st.hand_number) + 1,
        can_undo: st.can_undo,
        summary: s
            .last_hand()
            .map(|h| {
                summary_rows(&rules, &h.score)
                    .iter()
                    .map(|r| RowOut {
                        label: t.label(r.label).into(),
                        total: r.label == Label::PointsThisHand,
                        points: r.points[..usize::from(sides)].to_vec(),
                        tally: r.tally[..usize::from(sides)].to_vec(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        winner: winner.map(|w| t.winner(w).to_string()),
        you_won: winner.and_then(|w| you.map(|y| rules.side_of(y) == w)),
        settings_line: transcript::start(settings).to_string(),
    }
}

/// An event for the page, in order: what to animate, its text, its transcript line(s).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct EventOut {
    /// `played`, `scopa`, `dealt`, `collected`, `hand_finished`, `match_finished`,
    /// `new_hand`.
    pub kind: &'static str,
    /// The seat that played or swept.
    pub seat: Option<u8>,
    /// The side that swept or collected.
    pub side: Option<u8>,
    /// The card played.
    pub card: Option<u8>,
    /// The cards captured or collected.
    pub cards: Vec<u8>,
    /// The line to show, in the session's language.
    pub text: String,
    /// The transcript line(s), language-free.
    pub line: String,
}

/// Translates core events.
pub fn events_out(s: &Session, events: &Events) -> Vec<EventOut> {
    let t = texts(s);
    events
        .iter()
        .map(|e| {
            let (kind, seat, side, card, cards) = match *e {
                Event::Played { seat, mv } => (
                    "played",
                    Some(seat),
                    None,
                    Some(mv.card().index()),
                    indices(mv.capture()),
                ),
                Event::Scopa { seat, side } => ("scopa", Some(seat), Some(side), None, vec![]),
                Event::Dealt { .. } => ("dealt", None, None, None, vec![]),
                Event::TableCollected { side, cards } => {
                    ("collected", None, Some(side), None, indices(cards))
                }
                Event::HandFinished(_) => ("hand_finished", None, None, None, vec![]),
                Event::MatchFinished { winner, .. } => {
                    ("match_finished", None, Some(winner), None, vec![])
                }
                Event::NewHand { .. } => ("new_hand", None, None, None, vec![]),
            };
            EventOut {
                kind,
                seat,
                side,
                card,
                cards,
                text: t.event(e).to_string(),
                line: transcript::event(e).to_string(),
            }
        })
        .collect()
}

/// What an action did: its script line and its events.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AppliedOut {
    /// The action as a script line (`select 7d`, `capture 1`, `ai`…). A Worker's move is
    /// written `ai`: it is the session's own AI move, computed on a copy.
    pub script: String,
    /// The events, in order.
    pub events: Vec<EventOut>,
}

/// Applies `action` to `s` (what [`WebSession::apply`] does, without JS).
pub fn apply(s: &mut Session, action: Action) -> Result<AppliedOut, SessionError> {
    let events = s.apply(action)?;
    let script = match action {
        Action::AiPlay(_) => "ai".to_string(),
        a => transcript::action(&a).to_string(),
    };
    Ok(AppliedOut {
        script,
        events: events_out(s, &events),
    })
}

/// The first lines of a session's transcript: its settings, then the deal of its first
/// hand.
pub fn transcript_start(s: &Session) -> Vec<String> {
    vec![
        transcript::start(s.settings()).to_string(),
        transcript::event(&s.deal_event()).to_string(),
    ]
}

/// Plays a script natively: the settings line (`ViewOut::settings_line`), the seed and the
/// action lines the page recorded; returns the transcript (the settings line, then every
/// event's line). The page's transcript of the same session must be identical.
pub fn replay(settings_line: &str, seed: u64, script: &[String]) -> Result<Vec<String>, String> {
    let settings: Settings = settings_line
        .parse()
        .map_err(|e| format!("settings line {settings_line:?}: {e}"))?;
    let mut s = Session::new(settings, seed).map_err(|e| e.to_string())?;
    let mut lines = transcript_start(&s);
    for (i, line) in script.iter().enumerate() {
        let action: Action = line
            .parse()
            .map_err(|e| format!("script line {}: {line:?}: {e}", i + 1))?;
        let out =
            apply(&mut s, action).map_err(|e| format!("script line {}: {line:?}: {e}", i + 1))?;
        for e in out.events {
            lines.extend(e.line.split('\n').map(String::from));
        }
    }
    Ok(lines)
}

/// A move for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveOut {
    /// Card index.
    pub card: u8,
    /// Captured card indices.
    pub capture: Vec<u8>,
}

impl From<Move> for MoveOut {
    fn from(mv: Move) -> MoveOut {
        MoveOut {
            card: mv.card().index(),
            capture: indices(mv.capture()),
        }
    }
}

/// A hint: the move and the sentence saying why.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct HintOut {
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveOut,
    /// `Hint: 7 of denari takes … — it takes the settebello.`
    pub text: String,
}

fn js_err(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Plain JS objects (maps as objects, not `Map`s), as the page reads them.
fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_err)
}

/// One session, as the page holds it.
#[wasm_bindgen]
pub struct WebSession {
    s: Session,
}

#[wasm_bindgen]
impl WebSession {
    /// A new session from the page's settings object and a seed (the session's secret).
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, seed: u64) -> Result<WebSession, JsError> {
        let input: SettingsIn = serde_wasm_bindgen::from_value(settings).map_err(js_err)?;
        let settings = input.to_settings().map_err(js_err)?;
        let s = Session::new(settings, seed)
            .map_err(|e| js_err(Texts::new(settings.lang).error(&e)))?;
        Ok(WebSession { s })
    }

    /// Restores `Session::to_bytes` exactly (the AI worker's copy of the session); a damaged
    /// save throws an error saying what is wrong.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<WebSession, JsError> {
        Session::from_bytes(bytes)
            .map(|s| WebSession { s })
            .map_err(js_err)
    }

    /// Resumes a saved match on this page (`Session::restore`): with two or more people at
    /// the device it starts with the hand-off, so no hand shows before its owner is ready.
    /// A damaged save throws an error saying what is wrong.
    pub fn restore(bytes: &[u8]) -> Result<WebSession, JsError> {
        Session::restore(bytes)
            .map(|s| WebSession { s })
            .map_err(js_err)
    }

    /// The session's bytes (stored after every action).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.s.to_bytes().to_vec()
    }

    /// Changes the language of the texts (`en`, `it`).
    #[wasm_bindgen(js_name = setLang)]
    pub fn set_lang(&mut self, code: &str) {
        if let Some(lang) = Lang::from_code(code) {
            self.s.set_lang(lang);
        }
    }

    /// Everything to draw now.
    pub fn view(&self) -> Result<JsValue, JsError> {
        to_js(&view_out(&self.s))
    }

    /// Applies an action object; returns `{script, events}`.
    pub fn apply(&mut self, action: JsValue) -> Result<JsValue, JsError> {
        let input: ActionIn = serde_wasm_bindgen::from_value(action).map_err(js_err)?;
        let action = input.to_action().map_err(js_err)?;
        let lang = self.s.settings().lang;
        let out = apply(&mut self.s, action).map_err(|e| js_err(Texts::new(lang).error(&e)))?;
        to_js(&out)
    }

    /// The AI's move for the AI due (what the Web Worker computes), or `null`.
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&self) -> Result<JsValue, JsError> {
        to_js(&self.s.ai_move().ok().map(MoveOut::from))
    }

    /// The expert's suggestion for the person to play, or `null`.
    pub fn hint(&self) -> Result<JsValue, JsError> {
        let t = texts(&self.s);
        to_js(&self.s.hint().ok().map(|h| HintOut {
            mv: h.mv.into(),
            text: t.hint(&h).to_string(),
        }))
    }

    /// The first lines of the transcript ([`transcript_start`]).
    #[wasm_bindgen(js_name = transcriptStart)]
    pub fn transcript_start(&self) -> Vec<String> {
        transcript_start(&self.s)
    }
}

/// The session's fixed texts in `lang`, for the page's buttons and settings: every
/// [`Label`] by its name, and the names of the levels and rule options.
pub fn labels(lang: Lang) -> Vec<(String, String)> {
    let t = Texts::new(lang);
    let mut out: Vec<(String, String)> = Label::ALL
        .iter()
        .map(|&l| (format!("{l:?}"), t.label(l).to_string()))
        .collect();
    for level in Level::ALL {
        out.push((format!("level_{}", level.name()), t.level(level).into()));
    }
    for &d in DealKind::ALL {
        out.push((format!("deal_{}", d.name()), t.deal(d).into()));
    }
    for &p in PrimieraRule::ALL {
        out.push((format!("primiera_{}", p.name()), t.primiera(p).into()));
    }
    for &a in AceRule::ALL {
        out.push((format!("ace_{}", a.name()), t.ace(a).into()));
    }
    out
}

/// [`labels`] for JS: an object `{NewMatch: "New match", level_expert: "Expert", …}`.
#[wasm_bindgen(js_name = labels)]
pub fn labels_js(code: &str) -> Result<JsValue, JsError> {
    let lang = Lang::from_code(code).unwrap_or_default();
    let map: std::collections::BTreeMap<String, String> = labels(lang).into_iter().collect();
    to_js(&map)
}

/// The language of a browser locale tag (`it-IT` → `it`, else `en`).
#[wasm_bindgen(js_name = langFromTag)]
pub fn lang_from_tag(tag: &str) -> String {
    Lang::from_tag(tag).code().into()
}

/// A statistics row's words for a settings line (`ViewOut::settings_line`) in `lang`:
/// the rules, and the AI levels played against.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct StatsLabel {
    /// The rules.
    pub rules: String,
    /// The AI levels, comma-separated.
    pub against: String,
}

/// [`StatsLabel`] of a settings line, or `None` if the line is not one.
pub fn stats_label(line: &str, lang: Lang) -> Option<StatsLabel> {
    let settings: Settings = line.parse().ok()?;
    let t = Texts::new(lang);
    let against: Vec<&str> = settings
        .seats()
        .iter()
        .filter_map(|c| match c {
            Player::Ai(level) => Some(t.level(*level)),
            Player::Human => None,
        })
        .collect();
    Some(StatsLabel {
        rules: t.rules(settings.rules).to_string(),
        against: against.join(", "),
    })
}

/// [`stats_label`] for JS (`null` for a line that is not a settings line).
#[wasm_bindgen(js_name = statsLabel)]
pub fn stats_label_js(line: &str, code: &str) -> Result<JsValue, JsError> {
    to_js(&stats_label(
        line,
        Lang::from_code(code).unwrap_or_default(),
    ))
}

#[cfg(test)]
mod tests;
