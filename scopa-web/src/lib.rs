//! # scopa-web
//!
//! The game compiled to WebAssembly for the web app in `web/`. This crate only translates:
//! JS objects in → session actions, session phase/state/events → plain JS objects out (via
//! `serde-wasm-bindgen`). Rules, legality, scores, AI seeds, flow and the save format are
//! the session's.
//!
//! The session is [`provisional::Session`] until `scopa_core::session` lands (see that
//! module); the JS-facing API of [`Game`] is shaped after the planned session so the page
//! does not change when it does.

use scopa_core::ai::Level;
use scopa_core::{Card, CardSet, Event, Events, Move, Rules};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

pub mod provisional;

use provisional::{Action, Controller, Lang, Phase, SaveError, Session, SessionError, Settings};

/// Settings as the page sends them (names as in RULES.md and the CLI).
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
    /// `en` or `it`.
    pub lang: String,
}

/// A setting the page sent that does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSetting(pub String);

impl core::fmt::Display for BadSetting {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl SettingsIn {
    /// The session settings, or what is wrong.
    pub fn to_settings(&self) -> Result<Settings, BadSetting> {
        let bad = |e: &dyn core::fmt::Display| BadSetting(e.to_string());
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
        let mut seats = [Controller::Human; 4];
        for (slot, name) in seats.iter_mut().zip(&self.seats) {
            *slot = match name.as_str() {
                "human" => Controller::Human,
                level => Controller::Ai(level.parse::<Level>().map_err(|e| bad(&e))?),
            };
        }
        let lang = match self.lang.as_str() {
            "en" => Lang::En,
            "it" => Lang::It,
            other => {
                return Err(BadSetting(format!(
                    "unknown language {other:?}; expected en or it"
                )));
            }
        };
        Ok(Settings { rules, seats, lang })
    }
}

/// An action as the page sends it: `{kind: "select", card: 6}`, `{kind: "continue"}`…
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActionIn {
    /// Play or start choosing a capture for a card (index 0 … 39).
    Select {
        /// Card index.
        card: u8,
    },
    /// Take capture option `index`.
    Capture {
        /// Option index.
        index: usize,
    },
    /// Put the selected card back.
    Cancel,
    /// Acknowledge a hand-off or a summary.
    Continue,
    /// Let the AI due play now.
    RunAi,
    /// Play a move a Web Worker computed.
    AiPlay {
        /// Card index.
        card: u8,
        /// Captured card indices.
        capture: Vec<u8>,
    },
    /// A new match with the same settings.
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
            ActionIn::Rematch => Action::Rematch,
        })
    }
}

fn cards(set: CardSet) -> Vec<u8> {
    set.iter().map(Card::index).collect()
}

/// A move for the page: card, captured cards, and its notation (`7d takes 3c 4s`).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveOut {
    /// Card index.
    pub card: u8,
    /// Captured card indices (empty: laid).
    pub capture: Vec<u8>,
    /// Canonical notation.
    pub text: String,
}

impl From<Move> for MoveOut {
    fn from(mv: Move) -> MoveOut {
        MoveOut {
            card: mv.card().index(),
            capture: cards(mv.capture()),
            text: mv.to_string(),
        }
    }
}

/// The phase for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PhaseOut {
    /// A human chooses a card.
    Play {
        /// Seat.
        seat: u8,
    },
    /// A human chooses among captures.
    ChooseCapture {
        /// Seat.
        seat: u8,
        /// The card selected.
        card: u8,
        /// The capture options, as card indices.
        options: Vec<Vec<u8>>,
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
    /// The hand summary.
    HandSummary,
    /// The match is over.
    MatchOver {
        /// Winning side.
        winner: u8,
    },
}

/// An event for the page, in order, to animate.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventOut {
    /// A play.
    Played {
        /// Seat.
        seat: u8,
        /// Move.
        #[serde(rename = "move")]
        mv: MoveOut,
    },
    /// A sweep.
    Scopa {
        /// Seat.
        seat: u8,
        /// Side.
        side: u8,
    },
    /// New cards dealt.
    Dealt {
        /// Round.
        round: u8,
        /// Cards left in the deck.
        deck_left: u8,
    },
    /// The table's last cards went to a side.
    Collected {
        /// Side.
        side: u8,
        /// Cards.
        cards: Vec<u8>,
    },
    /// The hand is over.
    HandFinished,
    /// The match is over.
    MatchFinished {
        /// Winning side.
        winner: u8,
        /// Scores per side.
        scores: Vec<u16>,
    },
    /// A new hand was dealt.
    NewHand {
        /// Number from 0.
        number: u16,
        /// Dealer.
        dealer: u8,
    },
}

/// Translates core events.
pub fn events_out(events: &Events, sides: u8) -> Vec<EventOut> {
    events
        .iter()
        .map(|e| match *e {
            Event::Played { seat, mv } => EventOut::Played {
                seat,
                mv: mv.into(),
            },
            Event::Scopa { seat, side } => EventOut::Scopa { seat, side },
            Event::Dealt { round, deck_left } => EventOut::Dealt { round, deck_left },
            Event::TableCollected { side, cards: c } => EventOut::Collected {
                side,
                cards: cards(c),
            },
            Event::HandFinished(_) => EventOut::HandFinished,
            Event::MatchFinished { winner, scores } => EventOut::MatchFinished {
                winner,
                scores: scores[..usize::from(sides)].to_vec(),
            },
            Event::NewHand { number, dealer } => EventOut::NewHand { number, dealer },
        })
        .collect()
}

/// One side's line of the hand summary.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SideOut {
    /// Scope.
    pub scope: u8,
    /// Carte point.
    pub carte: u8,
    /// Denari point.
    pub denari: u8,
    /// Settebello point.
    pub settebello: u8,
    /// Primiera point.
    pub primiera: u8,
    /// Napola points.
    pub napola: u8,
    /// Re bello point.
    pub re_bello: u8,
    /// Cards taken.
    pub cards: u8,
    /// Coins taken.
    pub coins: u8,
    /// Sevens taken.
    pub sevens: u8,
    /// Primiera value (absent: none).
    pub primiera_value: Option<u8>,
    /// Points of the hand.
    pub total: u16,
}

/// What the viewer may see: their own hand only, the table, counts, scores, turn.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct StateOut {
    /// Players.
    pub players: u8,
    /// Sides.
    pub sides: u8,
    /// Target.
    pub target: u8,
    /// Napola on.
    pub napola: bool,
    /// Re bello on.
    pub re_bello: bool,
    /// The rules in one line (`2 players, deal standard, target 11, …`), e.g. to key
    /// statistics by.
    pub rules: String,
    /// Per seat: `human` or the AI level.
    pub seats: Vec<String>,
    /// `en` or `it`.
    pub lang: String,
    /// The seat whose hand is shown (absent: none, e.g. while handing the device over).
    pub viewer: Option<u8>,
    /// The viewer's hand.
    pub hand: Vec<u8>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<u8>,
    /// The table.
    pub table: Vec<u8>,
    /// Cards in each side's pile.
    pub piles: Vec<u8>,
    /// Scope of each side this hand.
    pub scope: Vec<u8>,
    /// Match score per side.
    pub scores: Vec<u16>,
    /// Cards left in the deck.
    pub deck_left: u8,
    /// Hand number from 0.
    pub hand_number: u16,
    /// Seat to play.
    pub turn: u8,
    /// Dealer.
    pub dealer: u8,
    /// The last play of this hand.
    pub last_play: Option<(u8, MoveOut)>,
    /// The last finished hand's breakdown per side.
    pub last_hand: Option<Vec<SideOut>>,
    /// The winning side.
    pub winner: Option<u8>,
}

fn seat_name(c: Controller) -> String {
    match c {
        Controller::Human => "human".into(),
        Controller::Ai(level) => level.name().into(),
    }
}

/// The rules in one line, with the option names of RULES.md.
pub fn rules_line(r: &Rules) -> String {
    let onoff = |b: bool| if b { "on" } else { "off" };
    format!(
        "{} players, deal {}, target {}, primiera {}, ace {}, napola {}, re bello {}, kings redeal {}",
        r.players,
        r.deal,
        r.target,
        r.primiera,
        r.ace,
        onoff(r.napola),
        onoff(r.re_bello),
        onoff(r.kings_redeal)
    )
}

/// The state for the page.
pub fn state_out(s: &Session) -> StateOut {
    let g = s.game();
    let r = *g.rules();
    let h = g.hand();
    let sides = r.sides();
    let viewer = s.viewer();
    StateOut {
        players: r.players,
        sides,
        target: r.target,
        napola: r.napola,
        re_bello: r.re_bello,
        rules: rules_line(&r),
        seats: s.settings().seats[..usize::from(r.players)]
            .iter()
            .map(|&c| seat_name(c))
            .collect(),
        lang: match s.settings().lang {
            Lang::En => "en".into(),
            Lang::It => "it".into(),
        },
        viewer,
        hand: viewer.map(|v| cards(h.hand(v))).unwrap_or_default(),
        hand_sizes: (0..r.players).map(|p| h.hand_len(p)).collect(),
        table: cards(h.table()),
        piles: (0..sides).map(|x| h.pile(x).len() as u8).collect(),
        scope: (0..sides).map(|x| h.scope(x)).collect(),
        scores: g.scores()[..usize::from(sides)].to_vec(),
        deck_left: h.deck_len(),
        hand_number: g.hand_number(),
        turn: g.turn(),
        dealer: g.dealer(),
        last_play: g.last_play().map(|p| (p.seat, p.mv.into())),
        last_hand: g.last_hand().map(|f| {
            f.score
                .sides()
                .iter()
                .map(|x| SideOut {
                    scope: x.scope,
                    carte: x.carte,
                    denari: x.denari,
                    settebello: x.settebello,
                    primiera: x.primiera,
                    napola: x.napola,
                    re_bello: x.re_bello,
                    cards: x.cards,
                    coins: x.coins,
                    sevens: x.sevens,
                    primiera_value: x.primiera_value,
                    total: x.total(),
                })
                .collect()
        }),
        winner: g.winner(),
    }
}

/// The phase for the page.
pub fn phase_out(s: &Session) -> PhaseOut {
    match s.phase() {
        Phase::Play { seat } => PhaseOut::Play { seat },
        Phase::ChooseCapture { seat, card } => PhaseOut::ChooseCapture {
            seat,
            card: card.index(),
            options: s.capture_options().iter().map(|&c| cards(c)).collect(),
        },
        Phase::AiDue { seat } => PhaseOut::AiDue { seat },
        Phase::HandOff { seat } => PhaseOut::HandOff { seat },
        Phase::HandSummary => PhaseOut::HandSummary,
        Phase::MatchOver { winner } => PhaseOut::MatchOver { winner },
    }
}

/// A hint for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct HintOut {
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveOut,
    /// Why (English until the session's texts land).
    pub reason: String,
}

fn js_err(e: impl core::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(v).map_err(js_err)
}

/// One game, as the page holds it.
#[wasm_bindgen]
pub struct Game {
    s: Session,
}

#[wasm_bindgen]
impl Game {
    /// A new match from the page's settings object and a seed.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, seed: u64) -> Result<Game, JsError> {
        let input: SettingsIn = serde_wasm_bindgen::from_value(settings).map_err(js_err)?;
        let settings = input.to_settings().map_err(js_err)?;
        Ok(Game {
            s: Session::new(settings, seed).map_err(js_err)?,
        })
    }

    /// Restores a save; a damaged save throws an error saying what is wrong.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<Game, JsError> {
        Session::from_bytes(bytes)
            .map(|s| Game { s })
            .map_err(|e: SaveError| js_err(SessionError::Save(e)))
    }

    /// The save (store it after every action).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.s.to_bytes().to_vec()
    }

    /// The phase: `{kind: "play", seat}` …
    pub fn phase(&self) -> Result<JsValue, JsError> {
        to_js(&phase_out(&self.s))
    }

    /// What the viewer may see.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&state_out(&self.s))
    }

    /// Applies an action object; returns the events, in order.
    pub fn apply(&mut self, action: JsValue) -> Result<JsValue, JsError> {
        let input: ActionIn = serde_wasm_bindgen::from_value(action).map_err(js_err)?;
        let action = input.to_action().map_err(js_err)?;
        let events = self.s.apply(action).map_err(js_err)?;
        to_js(&events_out(&events, self.s.game().rules().sides()))
    }

    /// The AI's move for the AI due (what the Web Worker computes), or `null`.
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&self) -> Result<JsValue, JsError> {
        to_js(&self.s.ai_move().map(MoveOut::from))
    }

    /// The expert's suggestion for the human to play, or `null`.
    pub fn hint(&self) -> Result<JsValue, JsError> {
        to_js(&self.s.hint().map(|h| HintOut {
            mv: h.mv.into(),
            reason: h.reason.to_string(),
        }))
    }
}

/// A card's notation (`7d`) for an index 0 … 39.
#[wasm_bindgen(js_name = cardNotation)]
pub fn card_notation(index: u8) -> Result<String, JsError> {
    card(index).map(|c| c.to_string()).map_err(js_err)
}

#[cfg(test)]
mod tests;
