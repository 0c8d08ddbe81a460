//! # scopa-web
//!
//! [`scopa_core::session::Session`] compiled to WebAssembly for the web app in `web/`. The
//! page holds a [`Presenter`] ([`WebSession`]) and renders the core's table model: each
//! frame reaches it written out by `scopa_frame::Frame` (the one writer of every front-end's
//! frame) as JSON text (parsed by `web/session.js`), with every text written out and `next`
//! saying what happens by itself and when. This crate only
//! carries things across: the page's settings in, action script lines in, frames and steps
//! out. Rules, legality, scores, AI seeds, the flow and its pacing, every game text and the
//! save format are the core's.

use core::fmt::Display;

use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::{AceRule, DealKind, PrimieraRule, Rules};
use scopa_core::session::driver::{Presenter, Step};
use scopa_core::session::names::Names;
use scopa_core::session::pacing::{Pacing, Token};
use scopa_core::session::table::MAX_SEATS;
use scopa_core::session::{
    Action, CardStyle, Deck, Game, Label, Lang, Player, SaveError, Session, SessionError, Settings,
    Texts, transcript,
};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// The allocator of the (single-threaded) wasm: Talc, smaller in the download than the
/// default dlmalloc.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Settings as the page sends them (option names as in docs/rules.md, docs/briscola.md and
/// the CLI).
#[derive(Deserialize, Serialize, Debug, Clone)]
pub struct SettingsIn {
    /// `scopa` (the default) or `briscola`.
    #[serde(default = "scopa")]
    pub game: String,
    /// 2, 3, 4, 6 or 8 (6 and 8 in the second wasm only: [`needs_big_tables`]).
    pub players: u8,
    /// `standard`, `scopone`, `scopone_scientifico`.
    pub deal: String,
    /// Scopa's points to win.
    pub target: u8,
    /// Briscola: cards in each hand, 3 or (two players) 9.
    #[serde(default = "three")]
    pub hand_size: u8,
    /// Briscola: hands won to win the match, 1 to 11.
    #[serde(default = "two")]
    pub hands: u8,
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

fn scopa() -> String {
    "scopa".into()
}

const fn three() -> u8 {
    3
}

const fn two() -> u8 {
    2
}

impl SettingsIn {
    /// The session settings, or what is wrong (checked again by `Session::new`). For
    /// Briscola the Scopa options are not read (`Settings::rules` is then the default, as a
    /// settings line of Briscola gives it).
    pub fn to_settings(&self) -> Result<Settings, BadSetting> {
        let bad = |e: &dyn Display| BadSetting(e.to_string());
        let game = match self.game.as_str() {
            "scopa" => Game::Scopa,
            "briscola" => Game::Briscola(BriscolaRules {
                players: self.players,
                hand_size: self.hand_size,
                target: self.hands,
                decks: scopa_core::decks_for(self.players),
            }),
            other => {
                return Err(BadSetting(format!(
                    "unknown game \"{other}\"; expected scopa or briscola"
                )));
            }
        };
        if game.is_briscola() {
            return self.finish(game, Rules::default());
        }
        let rules = Rules {
            players: self.players,
            decks: scopa_core::decks_for(self.players),
            deal: self.deal.parse().map_err(|e| bad(&e))?,
            target: self.target,
            primiera: self.primiera.parse().map_err(|e| bad(&e))?,
            ace: self.ace.parse().map_err(|e| bad(&e))?,
            napola: self.napola,
            re_bello: self.re_bello,
            kings_redeal: self.kings_redeal,
        };
        self.finish(game, rules)
    }

    fn finish(&self, game: Game, rules: Rules) -> Result<Settings, BadSetting> {
        let bad = |e: &dyn Display| BadSetting(e.to_string());
        if self.seats.len() != usize::from(self.players) {
            return Err(BadSetting(format!(
                "{} seat controllers given for {} players",
                self.seats.len(),
                self.players
            )));
        }
        if self.seats.len() > MAX_SEATS {
            return Err(BadSetting(format!(
                "{} seat controllers given; a table has at most {MAX_SEATS}",
                self.seats.len()
            )));
        }
        let mut seats = [Player::Human; MAX_SEATS];
        for (slot, name) in seats.iter_mut().zip(&self.seats) {
            *slot = match name.as_str() {
                "human" => Player::Human,
                level => Player::Ai(level.parse::<Level>().map_err(|e| bad(&e))?),
            };
        }
        let lang = Lang::from_code(&self.lang).ok_or_else(|| {
            BadSetting(format!(
                "unknown language \"{}\"; expected en or it",
                self.lang
            ))
        })?;
        Ok(Settings {
            game,
            rules,
            seats,
            undo: self.undo,
            lang,
        })
    }
}

/// The pacing of the page's "AI pace" setting: the pause before an AI plays, how long the
/// scopa banner stays (three card flights), how long a watched hand's summary stays.
/// Somebody always sits at the page (`attended`).
pub const fn pacing(ai_ms: u32, scopa_ms: u32, summary_ms: u32) -> Pacing {
    Pacing {
        ai_ms,
        scopa_ms,
        summary_ms,
        attended: true,
    }
}

/// The pacing a session starts with, until the page sets its own: the "normal" pace.
pub const NORMAL: Pacing = pacing(700, 900, 3000);

/// An action's script line as the page records it (a Worker's move is written `ai`: it is
/// the session's own AI move, computed on a copy, and a replay recomputes it).
pub fn script_line(action: &Action) -> String {
    match action {
        Action::AiPlay(_) => "ai".to_string(),
        a => transcript::action(a).to_string(),
    }
}

/// What one input or timer did, as the page reads it: the presenter's [`Step`] (`next` is
/// in the frame) and the accepted action's script line.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct StepOut {
    /// Whether the session changed.
    pub applied: bool,
    /// Whether to store the session's bytes now.
    pub save: bool,
    /// The action carried out, as a script line ([`script_line`]); `None` when nothing was.
    pub script: Option<String>,
}

impl StepOut {
    fn of(step: Step, action: Action) -> StepOut {
        StepOut {
            applied: step.applied,
            save: step.save,
            script: step.applied.then(|| script_line(&action)),
        }
    }
}

/// Why the page's input was not carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebError {
    /// The line is not an action (the page sent something it should not).
    BadLine(String),
    /// A Worker's answer that is not an AI move.
    NotAMove(String),
    /// The session refused the action: why, in the session's language (the frame's
    /// `refusal` says the same).
    Refused(String),
}

impl Display for WebError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            WebError::BadLine(e) | WebError::Refused(e) => f.write_str(e),
            WebError::NotAMove(line) => write!(f, "not an AI move: \"{line}\""),
        }
    }
}

fn parse(line: &str) -> Result<Action, WebError> {
    line.parse()
        .map_err(|e| WebError::BadLine(format!("\"{line}\": {e}")))
}

/// One session and its pacing, as the page holds it: a [`Presenter`]. The page draws
/// [`frame`](WebSession::frame) (the written-out `scopa_frame::Frame`), forwards taps with
/// [`act`](WebSession::act), runs the one delay the frame's `next` names and then
/// [`fire`](WebSession::fire)s it (or hands back the Worker's move with
/// [`fire_move`](WebSession::fire_move)), and stores the bytes when a step says `save`.
#[wasm_bindgen]
pub struct WebSession {
    p: Presenter,
}

/// The native half of [`WebSession`] (what the host tests call; the JS methods wrap it).
impl WebSession {
    /// A new session (the presenter asks to save it at once: [`WebSession::take_save`]).
    pub fn start(settings: Settings, seed: u64) -> Result<WebSession, WebError> {
        let s = Session::new(settings, seed)
            .map_err(|e| WebError::Refused(Texts::new(settings.lang).error(&e).to_string()))?;
        let mut p = Presenter::new(s, NORMAL);
        p.set_style(CardStyle::Names);
        Ok(WebSession { p })
    }

    /// Resumes a save ([`Session::restore`]: with two or more people at the device it
    /// starts with the hand-off).
    pub fn resume(bytes: &[u8]) -> Result<WebSession, SaveError> {
        let mut p = Presenter::resumed(Session::restore(bytes)?, NORMAL);
        p.set_style(CardStyle::Names);
        Ok(WebSession { p })
    }

    /// The presenter.
    pub const fn presenter(&self) -> &Presenter {
        &self.p
    }

    /// The frame to draw now, written out (`scopa_frame::Frame`), taking its events.
    pub fn take_frame(&mut self) -> scopa_frame::Frame {
        let frame = self.p.frame();
        scopa_frame::Frame::new(&frame, self.p.session(), self.p.recap())
    }

    /// A person's action, as its script line (`select 7d`, `capture 1`, `continue`,
    /// `cancel`, `undo`, `rematch`).
    pub fn act_line(&mut self, line: &str) -> Result<StepOut, WebError> {
        let action = parse(line)?;
        self.p
            .act(action)
            .map(|step| StepOut::of(step, action))
            .map_err(|e| self.refused(e))
    }

    /// A delay ran out ([`Presenter::fire`]); a stale `token` does nothing.
    pub fn fire_token(&mut self, token: u32) -> Result<StepOut, WebError> {
        let action = self.p.next().due().map(|d| d.action);
        // Without a delay nothing is applied, so the action named here is never written.
        let action = action.unwrap_or(Action::Continue);
        self.p
            .fire(Token(token))
            .map(|step| StepOut::of(step, action))
            .map_err(|e| self.refused(e))
    }

    /// The AI's delay ran out with the Worker's move (an `aiplay` line, see [`ai_move`]);
    /// a stale `token` does nothing, an illegal move is refused.
    pub fn fire_move_line(&mut self, token: u32, line: &str) -> Result<StepOut, WebError> {
        let Action::AiPlay(mv) = parse(line)? else {
            return Err(WebError::NotAMove(line.to_string()));
        };
        self.p
            .fire_move(Token(token), mv)
            .map(|step| StepOut::of(step, Action::AiPlay(mv)))
            .map_err(|e| self.refused(e))
    }

    /// Changes the language (`en`, `it`; anything else changes nothing).
    pub fn set_lang_code(&mut self, code: &str) -> StepOut {
        let step = match Lang::from_code(code) {
            Some(lang) => self.p.set_lang(lang),
            None => Step {
                applied: false,
                save: false,
                next: self.p.next(),
            },
        };
        StepOut {
            applied: step.applied,
            save: step.save,
            script: None,
        }
    }

    /// Calls the seats by `names` (seat 1 first; empty: `Player N`), or says why not (in the
    /// session's language) and changes nothing. Names are not in the save: the page keeps
    /// them with its preferences.
    pub fn set_name_list(&mut self, names: &[String]) -> Result<(), WebError> {
        let texts = self.p.session().texts();
        let names = Names::from_list(names.iter().map(String::as_str))
            .map_err(|e| WebError::Refused(texts.name_error(&e).to_string()))?;
        self.p.set_names(names);
        Ok(())
    }

    /// Names the cards of every text as `code`'s deck does (`italian`, `french`,
    /// `spanish`: the page's deck setting; the Spanish 12 of copas is `King of copas`);
    /// anything else changes nothing and returns `false`. Not in the save: the page sets it
    /// again after a restore.
    pub fn set_deck_code(&mut self, code: &str) -> bool {
        let Some(deck) = Deck::from_code(code) else {
            return false;
        };
        self.p.set_deck(deck);
        true
    }

    fn refused(&self, e: SessionError) -> WebError {
        WebError::Refused(self.p.session().texts().error(&e).to_string())
    }
}

fn js_err(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// JSON text, which the page parses (`web/session.js`), written by [`json_out`]: what
/// `serde_json::to_string` writes, from a writer far smaller in the wasm than glue building
/// JS objects field by field or a general JSON crate (issue 37: the wasm's size).
pub fn to_json<T: Serialize>(v: &T) -> Result<String, json_out::Unsupported> {
    json_out::to_string(v)
}

fn to_js<T: Serialize>(v: &T) -> Result<String, JsError> {
    to_json(v).map_err(js_err)
}

impl SettingsIn {
    /// The page's settings from their JSON text (`JSON.stringify` of the settings object;
    /// fields other than these are passed over), read by this crate's own small reader.
    pub fn from_json(text: &str) -> Result<SettingsIn, BadSetting> {
        json_in::settings(text)
    }
}

#[wasm_bindgen]
impl WebSession {
    /// A new session from the page's settings (their JSON text) and a seed (the session's
    /// secret).
    #[wasm_bindgen(constructor)]
    pub fn new(settings: &str, seed: u64) -> Result<WebSession, JsError> {
        let input = SettingsIn::from_json(settings).map_err(js_err)?;
        let settings = input.to_settings().map_err(js_err)?;
        WebSession::start(settings, seed).map_err(js_err)
    }

    /// Resumes a saved match on this page (`Session::restore`): with two or more people at
    /// the device it starts with the hand-off, so no hand shows before its owner is ready.
    /// A damaged save throws an error saying what is wrong.
    pub fn restore(bytes: &[u8]) -> Result<WebSession, JsError> {
        WebSession::resume(bytes).map_err(js_err)
    }

    /// The session's bytes (stored whenever a step says `save`).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.p.session().to_bytes().to_vec()
    }

    /// Whether the session changed since this was last asked ([`Presenter::take_save`]):
    /// `true` once for a new session.
    #[wasm_bindgen(js_name = takeSave)]
    pub fn take_save(&mut self) -> bool {
        self.p.take_save()
    }

    /// The settings as a transcript line (language-free: the first line of the page's
    /// transcript, and the key of its statistics).
    #[wasm_bindgen(js_name = settingsLine)]
    pub fn settings_line(&self) -> String {
        transcript::start(self.p.session().settings()).to_string()
    }

    /// The frame to draw now (the written-out `scopa_frame::Frame`), with the events since the last
    /// frame, which it takes.
    pub fn frame(&mut self) -> Result<String, JsError> {
        to_js(&self.take_frame())
    }

    /// The frame to draw now, leaving its events for the next [`frame`](WebSession::frame).
    pub fn peek(&self) -> Result<String, JsError> {
        to_js(&scopa_frame::Frame::new(
            &self.p.peek(),
            self.p.session(),
            self.p.recap(),
        ))
    }

    /// A person's action as its script line; returns `{applied, save, script}`; a refused
    /// action throws the reason (also in the frame's `refusal`).
    pub fn act(&mut self, line: &str) -> Result<String, JsError> {
        to_js(&self.act_line(line).map_err(js_err)?)
    }

    /// The expert's suggestion: it shows in the next frames (`hint`) until the next play.
    pub fn hint(&mut self) -> Result<(), JsError> {
        self.p
            .hint()
            .map(|_| ())
            .map_err(|e| js_err(self.refused(e)))
    }

    /// The frame's delay ran out: carries it out if `token` is still current.
    pub fn fire(&mut self, token: u32) -> Result<String, JsError> {
        to_js(&self.fire_token(token).map_err(js_err)?)
    }

    /// The AI's delay ran out with the move the Worker computed ([`ai_move`]).
    #[wasm_bindgen(js_name = fireMove)]
    pub fn fire_move(&mut self, token: u32, line: &str) -> Result<String, JsError> {
        to_js(&self.fire_move_line(token, line).map_err(js_err)?)
    }

    /// Changes the language of the texts (`en`, `it`); returns `{applied, save, script}`.
    #[wasm_bindgen(js_name = setLang)]
    pub fn set_lang(&mut self, code: &str) -> Result<String, JsError> {
        to_js(&self.set_lang_code(code))
    }

    /// Calls the seats by `names` from the next frame on; throws (changing nothing) when a
    /// name is too long or holds a line break.
    #[wasm_bindgen(js_name = setNames)]
    pub fn set_names(&mut self, names: Vec<String>) -> Result<(), JsError> {
        self.set_name_list(&names).map_err(js_err)
    }

    /// Names the cards in every text of the next frames as the deck `code` does
    /// (`italian`, `french`, `spanish`); returns whether `code` is a deck.
    #[wasm_bindgen(js_name = setDeck)]
    pub fn set_deck(&mut self, code: &str) -> bool {
        self.set_deck_code(code)
    }

    /// The page's pace ([`pacing`]); a delay already running goes stale: the page draws
    /// the frame again and runs its new `next`.
    #[wasm_bindgen(js_name = setPacing)]
    pub fn set_pacing(&mut self, ai_ms: u32, scopa_ms: u32, summary_ms: u32) {
        self.p.set_pacing(pacing(ai_ms, scopa_ms, summary_ms));
    }
}

/// The move of the AI due in the saved session `bytes` (what the Web Worker computes, off
/// the page's thread), as an `aiplay` line for [`WebSession::fire_move_line`].
pub fn ai_move_line(bytes: &[u8]) -> Result<String, String> {
    let s = Session::from_bytes(bytes).map_err(|e| e.to_string())?;
    let mv = s.ai_move().map_err(|e| s.texts().error(&e).to_string())?;
    Ok(transcript::action(&Action::AiPlay(mv)).to_string())
}

/// [`ai_move_line`] for the Worker; throws what is wrong.
#[wasm_bindgen(js_name = aiMove)]
pub fn ai_move_js(bytes: &[u8]) -> Result<String, JsError> {
    ai_move_line(bytes).map_err(js_err)
}

/// Whether this wasm seats tables of 6 and 8 (two decks): the page's second wasm, built
/// with the `big-tables` feature and fetched only when a table needs it. The first wasm
/// (the one a first visit downloads) seats 2 to 4.
pub const BIG_TABLES: bool = cfg!(feature = "big-tables");

/// [`BIG_TABLES`] for the page.
#[wasm_bindgen(js_name = bigTables)]
pub fn big_tables_js() -> bool {
    BIG_TABLES
}

/// Whether the page's settings (their JSON text) are a table of 6 or 8, which only the
/// second wasm seats. Settings that do not parse are not (the wasm that plays them says
/// what is wrong).
pub fn needs_big_tables(settings: &str) -> bool {
    SettingsIn::from_json(settings).is_ok_and(|input| scopa_core::decks_for(input.players) > 1)
}

/// [`needs_big_tables`] for the page.
#[wasm_bindgen(js_name = needsBigTables)]
pub fn needs_big_tables_js(settings: &str) -> bool {
    needs_big_tables(settings)
}

/// Whether `bytes` are the save of a table of 6 or 8 ([`Session::is_big_table_save`]),
/// which only the second wasm restores.
#[wasm_bindgen(js_name = saveNeedsBigTables)]
pub fn save_needs_big_tables(bytes: &[u8]) -> bool {
    Session::is_big_table_save(bytes)
}

/// Plays a script natively: the settings line (`settingsLine`), the seed and the action
/// lines the page recorded; returns the transcript (the settings line, the first deal, then
/// every event's line). The page's transcript of the same session must be identical.
pub fn replay(settings_line: &str, seed: u64, script: &[String]) -> Result<Vec<String>, String> {
    let settings: Settings = settings_line
        .parse()
        .map_err(|e| format!("settings line \"{settings_line}\": {e}"))?;
    let mut s = Session::new(settings, seed).map_err(|e| e.to_string())?;
    let mut lines = vec![
        transcript::start(s.settings()).to_string(),
        transcript::event(&s.deal_event()).to_string(),
    ];
    for (i, line) in script.iter().enumerate() {
        let action: Action = line
            .parse()
            .map_err(|e| format!("script line {}: \"{line}\": {e}", i + 1))?;
        let events = s
            .apply(action)
            .map_err(|e| format!("script line {}: \"{line}\": {e}", i + 1))?;
        for e in &events {
            let text = transcript::event(e).to_string();
            lines.extend(text.split('\n').map(String::from));
        }
    }
    Ok(lines)
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

/// The pairs of [`labels`] written as one JSON object (each key once: [`labels`] names
/// each label, level and option once).
struct LabelMap(Vec<(String, String)>);

impl Serialize for LabelMap {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// [`labels`] for JS: the JSON of an object `{NewMatch: "New match", level_expert: "Expert", …}`.
#[wasm_bindgen(js_name = labels)]
pub fn labels_js(code: &str) -> Result<String, JsError> {
    let lang = Lang::from_code(code).unwrap_or_default();
    to_js(&LabelMap(labels(lang)))
}

/// The name of every card (by index, 0 … 39) in `lang` as `deck` names it: what the
/// frames call them (`CardStyle::Names`), for the cards the page draws from notation (a
/// pile, a trick, a summary's cards, a last play).
pub fn card_names(lang: Lang, deck: Deck) -> Vec<String> {
    let t = Texts::new(lang)
        .with_style(CardStyle::Names)
        .with_deck(deck);
    (0..40u8)
        .filter_map(scopa_core::Card::from_index)
        .map(|c| t.card(c).to_string())
        .collect()
}

/// [`card_names`] for JS: the 40 names, one a line (`lang` and `deck` by code; an unknown
/// code is English, the Italian deck). Plain lines, not JSON: no writer for one more type in
/// the download.
#[wasm_bindgen(js_name = cardNames)]
pub fn card_names_js(lang: &str, deck: &str) -> String {
    card_names(
        Lang::from_code(lang).unwrap_or_default(),
        Deck::from_code(deck).unwrap_or_default(),
    )
    .join("\n")
}

/// The language of a browser locale tag (`it-IT` → `it`, else `en`).
#[wasm_bindgen(js_name = langFromTag)]
pub fn lang_from_tag(tag: &str) -> String {
    Lang::from_tag(tag).code().into()
}

/// A statistics row's words for a settings line (`WebSession::settings_line`) in `lang`:
/// the game, the rules, and the AI levels played against.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct StatsLabel {
    /// `scopa` or `briscola` (the page groups the rows by game).
    pub game: String,
    /// The rules (Briscola's start with the game's name).
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
    let (game, rules) = match settings.game {
        Game::Scopa => ("scopa", t.rules(settings.rules).to_string()),
        Game::Briscola(r) => ("briscola", t.briscola_rules(r).to_string()),
    };
    Some(StatsLabel {
        game: game.into(),
        rules,
        against: against.join(", "),
    })
}

/// [`stats_label`] for JS (`null` for a line that is not a settings line).
#[wasm_bindgen(js_name = statsLabel)]
pub fn stats_label_js(line: &str, code: &str) -> Result<String, JsError> {
    to_js(&stats_label(
        line,
        Lang::from_code(code).unwrap_or_default(),
    ))
}

mod json_in;
pub mod json_out;

#[cfg(test)]
mod tests;
