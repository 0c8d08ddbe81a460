//! The game controller: the screens' state machine, driving a [`Match`] between the
//! human (seat 0) and the AI, pacing the AI's plays, and saving after every play.

use core::fmt::{self, Write};

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::pixelcolor::Rgb565;
use scopa_core::ai;
use scopa_core::{Card, Event, Match, Move, MoveList};

use crate::input::{Button, Buttons};
use crate::screens;
use crate::settings::Settings;
use crate::storage::{Saved, Storage};
use crate::transcript::ai_seed;

/// How long an AI play stays on screen before it is applied (A skips ahead).
pub const AI_SHOW_MS: u32 = 1500;
/// How long the "SCOPA!" banner stays up (A skips ahead).
pub const SCOPA_MS: u32 = 1500;
/// The human's seat.
pub const HUMAN: u8 = 0;
/// Rows of the options screen: 8 options and "Start".
pub const OPTION_ROWS: u8 = 9;

/// The screen on show and its cursor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Title menu: "Continue" (when a match is saved) and "New match".
    Title {
        /// Highlighted item.
        cursor: u8,
    },
    /// Options: players, AI level, target, deal, primiera, ace, napola, re bello, start.
    Options {
        /// Highlighted row.
        cursor: u8,
    },
    /// The table, the human to play.
    Table {
        /// Index of the highlighted card in the hand (canonical order).
        cursor: u8,
    },
    /// The card chosen has several captures: pick one.
    Choose {
        /// The card to play.
        card: Card,
        /// Index of the highlighted capture.
        cursor: u8,
        /// Cursor in the hand, to return to.
        hand_cursor: u8,
    },
    /// An AI seat's play, shown before it is applied.
    AiPlay {
        /// The move.
        mv: Move,
        /// When it is applied (ms).
        until: u32,
    },
    /// A scopa was just made.
    Scopa {
        /// By which seat.
        seat: u8,
        /// Until when (ms).
        until: u32,
    },
    /// The breakdown of the hand just finished.
    HandEnd,
    /// The match is over.
    MatchEnd,
}

/// A short status text that truncates instead of failing when full.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Msg(heapless::String<48>);

impl Msg {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    fn set(&mut self, args: fmt::Arguments<'_>) {
        self.0.clear();
        let _ = self.write_fmt(args);
    }
}

impl Write for Msg {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for ch in s.chars() {
            if self.0.push(ch).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// The handheld's game: screens, the match, the AI, the saves.
pub struct App<S: Storage> {
    storage: S,
    settings: Settings,
    game: Option<Match>,
    screen: Screen,
    message: Msg,
    hand_end_pending: bool,
    entropy: u64,
    now: u32,
}

impl<S: Storage> App<S> {
    /// Starts on the title screen, with the saved match (if any) ready to continue.
    pub fn new(mut storage: S) -> App<S> {
        let mut message = Msg::default();
        let (settings, game) = match storage.load() {
            Ok(Some(saved)) => (saved.settings, Some(saved.game)),
            Ok(None) => (Settings::default(), None),
            Err(e) => {
                message.set(format_args!("Save unreadable: {e}"));
                (Settings::default(), None)
            }
        };
        App {
            storage,
            settings,
            game,
            screen: Screen::Title { cursor: 0 },
            message,
            hand_end_pending: false,
            entropy: 0x5C0FA,
            now: 0,
        }
    }

    /// The screen on show.
    pub fn screen(&self) -> Screen {
        self.screen
    }
    /// The match, if one is saved or running.
    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }
    /// The options.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// The status line.
    pub fn message(&self) -> &str {
        self.message.as_str()
    }
    /// The storage (e.g. to inspect saves in tests).
    pub fn storage(&self) -> &S {
        &self.storage
    }
    /// Whether "Continue" is offered on the title screen.
    pub fn can_continue(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.is_over())
    }
    /// The title menu items.
    pub fn title_items(&self) -> &'static [&'static str] {
        if self.can_continue() {
            &["Continue", "New match"]
        } else {
            &["New match"]
        }
    }

    /// Mixes hardware entropy (e.g. a ring-oscillator reading) into the next match seed.
    pub fn add_entropy(&mut self, bits: u64) {
        self.entropy = (self.entropy ^ bits)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    /// The human's hand, in canonical order.
    pub fn human_hand(&self) -> heapless::Vec<Card, 10> {
        self.game
            .as_ref()
            .map(|g| g.hand().hand(HUMAN).iter().take(10).collect())
            .unwrap_or_default()
    }

    /// The legal moves that play `card`.
    pub fn moves_with(&self, card: Card) -> heapless::Vec<Move, 25> {
        let moves: MoveList = self
            .game
            .as_ref()
            .map(|g| g.legal_moves())
            .unwrap_or_default();
        moves
            .into_iter()
            .filter(|m| m.card() == card)
            .take(25)
            .collect()
    }

    /// Advances time to `now` (ms, wrapping) and handles the buttons `pressed` since the
    /// last call. Returns whether the screen must be redrawn.
    pub fn update(&mut self, now: u32, pressed: Buttons) -> bool {
        self.now = now;
        if !pressed.is_empty() {
            self.add_entropy(u64::from(now));
        }
        let before = self.fingerprint();
        for b in pressed.iter() {
            self.press(b);
        }
        match self.screen {
            Screen::AiPlay { mv, until } if reached(now, until) => self.play(mv),
            Screen::Scopa { until, .. } if reached(now, until) => self.advance(),
            _ => {}
        }
        before != self.fingerprint()
    }

    /// Everything a screen shows that input or time can change.
    fn fingerprint(&self) -> (Screen, Msg, Settings, Option<(u16, usize)>) {
        (
            self.screen,
            self.message.clone(),
            self.settings,
            self.game
                .as_ref()
                .map(|g| (g.hand_number(), g.history().len())),
        )
    }

    fn press(&mut self, b: Button) {
        let step = match b {
            Button::Left | Button::Up => -1i8,
            _ => 1,
        };
        match self.screen {
            Screen::Title { cursor } => {
                let n = self.title_items().len() as u8;
                match b {
                    Button::Up | Button::Down => {
                        self.screen = Screen::Title {
                            cursor: wrap(cursor, step, n),
                        }
                    }
                    Button::A => {
                        if self.title_items()[usize::from(cursor.min(n - 1))] == "Continue" {
                            self.message.set(format_args!("Welcome back"));
                            self.advance();
                        } else {
                            self.screen = Screen::Options { cursor: 0 };
                        }
                    }
                    _ => {}
                }
            }
            Screen::Options { cursor } => match b {
                Button::Up | Button::Down => {
                    self.screen = Screen::Options {
                        cursor: wrap(cursor, step, OPTION_ROWS),
                    }
                }
                Button::Left | Button::Right if cursor < OPTION_ROWS - 1 => {
                    self.settings.step(cursor, step)
                }
                Button::A if cursor == OPTION_ROWS - 1 => self.start_match(),
                Button::A => self.settings.step(cursor, 1),
                Button::B => self.screen = Screen::Title { cursor: 0 },
                _ => {}
            },
            Screen::Table { cursor } => {
                let hand = self.human_hand();
                let n = hand.len() as u8;
                if n == 0 {
                    return;
                }
                match b {
                    Button::Left | Button::Right => {
                        self.screen = Screen::Table {
                            cursor: wrap(cursor, step, n),
                        }
                    }
                    Button::A => {
                        let card = hand[usize::from(cursor.min(n - 1))];
                        let moves = self.moves_with(card);
                        match moves.len() {
                            0 => self.message.set(format_args!("{card} cannot be played")),
                            1 => self.play(moves[0]),
                            _ => {
                                self.message.set(format_args!("{card}: which capture?"));
                                self.screen = Screen::Choose {
                                    card,
                                    cursor: 0,
                                    hand_cursor: cursor,
                                };
                            }
                        }
                    }
                    Button::B => self.screen = Screen::Title { cursor: 0 },
                    _ => {}
                }
            }
            Screen::Choose {
                card,
                cursor,
                hand_cursor,
            } => {
                let moves = self.moves_with(card);
                let n = moves.len() as u8;
                match b {
                    Button::Left | Button::Right | Button::Up | Button::Down if n > 0 => {
                        self.screen = Screen::Choose {
                            card,
                            cursor: wrap(cursor, step, n),
                            hand_cursor,
                        }
                    }
                    Button::A if n > 0 => self.play(moves[usize::from(cursor.min(n - 1))]),
                    Button::B => {
                        self.message.set(format_args!("Your turn"));
                        self.screen = Screen::Table {
                            cursor: hand_cursor,
                        };
                    }
                    _ => {}
                }
            }
            Screen::AiPlay { mv, .. } => {
                if b == Button::A {
                    self.play(mv);
                }
            }
            Screen::Scopa { .. } => {
                if b == Button::A {
                    self.advance();
                }
            }
            Screen::HandEnd => {
                if b == Button::A {
                    self.advance();
                }
            }
            Screen::MatchEnd => {
                if b == Button::A {
                    self.screen = Screen::Title { cursor: 0 };
                }
            }
        }
    }

    /// Starts a new match with the current settings and a seed from the entropy pool.
    pub fn start_match(&mut self) {
        self.add_entropy(u64::from(self.now));
        match Match::new(self.settings.rules, self.entropy) {
            Ok(game) => {
                self.game = Some(game);
                self.hand_end_pending = false;
                self.save();
                self.message
                    .set(format_args!("New match to {}", self.settings.rules.target));
                self.advance();
            }
            Err(e) => self.message.set(format_args!("Bad options: {e}")),
        }
    }

    /// Plays `mv` for the seat to play (the human's choice or an AI's), saves the match,
    /// and moves on to the next screen.
    pub fn play(&mut self, mv: Move) {
        let Some(game) = self.game.as_mut() else {
            self.screen = Screen::Title { cursor: 0 };
            return;
        };
        let seat = game.turn();
        let events = match game.play(seat, mv) {
            Ok(events) => events,
            Err(e) => {
                self.message.set(format_args!("Refused: {e}"));
                self.advance();
                return;
            }
        };
        let players = game.rules().players;
        let mut scopa = None;
        for e in &events {
            match e {
                Event::Scopa { seat, .. } => scopa = Some(*seat),
                Event::HandFinished(_) => self.hand_end_pending = true,
                _ => {}
            }
        }
        self.message
            .set(format_args!("{} ", seat_name(players, seat)));
        if mv.is_lay() {
            let _ = write!(self.message, "laid {}", mv.card());
        } else {
            let _ = write!(self.message, "{} took", mv.card());
            for c in mv.capture().iter() {
                let _ = write!(self.message, " {c}");
            }
        }
        self.save();
        match scopa {
            Some(seat) => {
                self.screen = Screen::Scopa {
                    seat,
                    until: self.now.wrapping_add(SCOPA_MS),
                }
            }
            None => self.advance(),
        }
    }

    fn save(&mut self) {
        if let Some(game) = &self.game {
            let saved = Saved {
                settings: self.settings,
                game: game.clone(),
            };
            if let Err(e) = self.storage.save(&saved) {
                self.message.set(format_args!("Save failed: {e}"));
            }
        }
    }

    /// Moves to the screen that follows a play: the hand's breakdown, the match result,
    /// the human's turn, or the next AI play.
    fn advance(&mut self) {
        if self.hand_end_pending {
            self.hand_end_pending = false;
            self.screen = Screen::HandEnd;
            return;
        }
        let Some(game) = &self.game else {
            self.screen = Screen::Title { cursor: 0 };
            return;
        };
        if game.is_over() {
            self.screen = Screen::MatchEnd;
            return;
        }
        let seat = game.turn();
        if seat == HUMAN {
            let n = game.hand().hand(HUMAN).len() as u8;
            let cursor = match self.screen {
                Screen::Table { cursor }
                | Screen::Choose {
                    hand_cursor: cursor,
                    ..
                } => cursor,
                _ => 0,
            };
            self.screen = Screen::Table {
                cursor: cursor.min(n.saturating_sub(1)),
            };
            return;
        }
        let mv = game
            .view(seat)
            .and_then(|view| ai::choose_move(self.settings.level, &view, ai_seed(game)));
        match mv {
            Some(mv) => {
                self.screen = Screen::AiPlay {
                    mv,
                    until: self.now.wrapping_add(AI_SHOW_MS),
                }
            }
            None => {
                self.message.set(format_args!("AI found no move"));
                self.screen = Screen::Title { cursor: 0 };
            }
        }
    }

    /// Draws the whole screen.
    pub fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        screens::draw(self, d)
    }
}

/// Whether `now` is at or past `until`, on a wrapping millisecond clock.
fn reached(now: u32, until: u32) -> bool {
    now.wrapping_sub(until) as i32 >= 0
}

fn wrap(cursor: u8, step: i8, n: u8) -> u8 {
    if n == 0 {
        return 0;
    }
    let c = cursor.min(n - 1);
    if step < 0 {
        (c + n - 1) % n
    } else {
        (c + 1) % n
    }
}

/// The name of `seat` on screen: "You" and "AI", or with 4 players "You", "East",
/// "Partner", "West".
pub fn seat_name(players: u8, seat: u8) -> &'static str {
    match (players, seat) {
        (_, 0) => "You",
        (4, 1) => "East",
        (4, 2) => "Partner",
        (4, _) => "West",
        _ => "AI",
    }
}

/// The name of `side` on screen: "You"/"AI", or "Us"/"Them" with 4 players.
pub fn side_name(players: u8, side: u8) -> &'static str {
    match (players == 4, side) {
        (false, 0) => "You",
        (false, _) => "AI",
        (true, 0) => "Us",
        (true, _) => "Them",
    }
}
