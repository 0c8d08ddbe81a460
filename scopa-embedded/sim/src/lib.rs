//! Host side of the handheld: renders the real `scopa-ui` screens with
//! embedded-graphics-simulator (no SDL) to PNG, drives the app with button presses to
//! reach every screen (golden-image tests, README screenshots), and plays scripted
//! sessions through the buttons ([`scripts`]).

pub mod scripts;
pub mod uf2;

use std::path::{Path, PathBuf};

use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics_simulator::{OutputSettingsBuilder, SimulatorDisplay};
use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::{Move, Rules};
use scopa_core::session::{Lang, Settings};
use scopa_ui::app::Screen;
use scopa_ui::{App, Button, Buttons, FlashRing, Options, RamFlash, script};

/// The save flash of the simulated handheld: 4 sectors of 4 KiB.
pub type SimFlash = RamFlash<16384>;
/// The app as the simulator runs it.
pub type SimApp = App<FlashRing<SimFlash>>;

/// A fresh app on an empty flash.
pub fn new_app() -> SimApp {
    app_on(SimFlash::default())
}

/// The app booting on `flash` (a reboot after a power cut keeps the flash).
pub fn app_on(flash: SimFlash) -> SimApp {
    match FlashRing::new(flash, 0, 4) {
        Ok(ring) => App::new(ring),
        // 4 aligned sectors of a 16 KiB flash always fit.
        Err(e) => panic!("simulated flash geometry: {e}"),
    }
}

/// Renders the app's screen.
pub fn render(app: &SimApp) -> SimulatorDisplay<Rgb565> {
    let mut display = SimulatorDisplay::new(Size::new(scopa_ui::WIDTH, scopa_ui::HEIGHT));
    match app.draw(&mut display) {
        Ok(()) => display,
        Err(e) => match e {}, // the simulator's DrawTarget cannot fail
    }
}

/// Writes `display` to a PNG file at 1:1 scale.
pub fn save_png(display: &SimulatorDisplay<Rgb565>, path: &Path) -> Result<(), String> {
    let settings = OutputSettingsBuilder::new().scale(1).build();
    display
        .to_rgb_output_image(&settings)
        .save_png(path)
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The directory of the committed golden images.
pub fn goldens_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("goldens")
}

/// Drives an app with button presses and a simulated millisecond clock; the person plays
/// the first legal move (canonical order).
pub struct Driver {
    /// The app.
    pub app: SimApp,
    /// The clock (ms).
    pub now: u32,
}

impl Driver {
    /// A driver for `app`.
    pub fn new(app: SimApp) -> Driver {
        Driver { app, now: 1000 }
    }

    /// Presses `b` (one debounced edge) 40 ms after the last event.
    pub fn press(&mut self, b: Button) {
        script::press(&mut self.app, &mut self.now, b, &mut |_| {});
    }

    /// Lets `ms` pass with no button pressed.
    pub fn wait(&mut self, ms: u32) {
        self.now += ms;
        self.app.update(self.now, Buttons::NONE);
    }

    /// From the title screen (empty flash), through the options, into a match of
    /// `players` against the AI level `random` (so the scenarios do not change when the
    /// stronger levels are tuned), the rest default.
    pub fn start(&mut self, players: u8) {
        let rules = Rules {
            players,
            ..Rules::default()
        };
        self.start_with(Settings::against(Level::Random, rules));
    }

    /// [`Driver::start`] with `settings`, set on the options screen.
    pub fn start_with(&mut self, settings: Settings) {
        self.press(Button::A); // "New match" → options
        let want = Options::from_settings(&settings);
        if let Err(e) = script::set_options(&mut self.app, &mut self.now, &want, &mut |_| {}) {
            panic!("the options screen refused {want:?}: {e}");
        }
    }

    /// The first legal move of the person to play.
    fn first_move(&self) -> Option<Move> {
        self.app.session()?.legal_moves().first().copied()
    }

    /// One step of play: the person plays the first legal move through the buttons, AI
    /// plays and banners are waited out, summaries and hand-offs confirmed, a match over
    /// is followed by a rematch.
    pub fn step(&mut self) {
        match self.app.screen() {
            Screen::Table { .. } => {
                if let Some(mv) = self.first_move() {
                    script::play_move(&mut self.app, &mut self.now, mv, &mut |_| {});
                }
            }
            Screen::Thinking { .. } => self.wait(0),
            Screen::AiPlay { .. } | Screen::Scopa { .. } => self.wait(1500),
            Screen::HandEnd
            | Screen::HandOff { .. }
            | Screen::Choose { .. }
            | Screen::Title { .. }
            | Screen::Options { .. }
            | Screen::MatchEnd => self.press(Button::A), // a rematch at the end
        }
    }

    /// Steps until `done` holds (checked before each step); `Err` after `limit` steps.
    pub fn until(
        &mut self,
        limit: u32,
        what: &str,
        done: impl Fn(&SimApp) -> bool,
    ) -> Result<(), String> {
        for _ in 0..limit {
            if done(&self.app) {
                return Ok(());
            }
            self.step();
        }
        Err(format!(
            "{what}: not reached in {limit} steps (screen {:?})",
            self.app.screen()
        ))
    }

    /// Moves the hand cursor onto the first card with several captures and presses A.
    pub fn choose_a_capture(&mut self) -> Result<(), String> {
        let session = self.app.session().ok_or("no session")?;
        let hand = session.hand();
        let target = hand
            .iter()
            .position(|c| {
                session
                    .legal_moves()
                    .iter()
                    .filter(|m| m.card() == c)
                    .count()
                    > 1
            })
            .ok_or("no card with several captures")?;
        let Screen::Table { cursor } = self.app.screen() else {
            return Err(format!("not the table: {:?}", self.app.screen()));
        };
        let n = hand.len() as usize;
        for _ in 0..(target + n - usize::from(cursor)) % n {
            self.press(Button::Right);
        }
        self.press(Button::A);
        Ok(())
    }
}

/// Whether the person to play has a card with several captures.
pub fn has_a_choice(app: &SimApp) -> bool {
    matches!(app.screen(), Screen::Table { .. })
        && app.session().is_some_and(|s| {
            let moves = s.legal_moves();
            s.hand()
                .iter()
                .any(|c| moves.iter().filter(|m| m.card() == c).count() > 1)
        })
}

/// Every screen the golden tests and the README show, by name, reached by button presses
/// from a fresh flash.
pub fn screens() -> Result<Vec<(&'static str, SimApp)>, String> {
    let mut out = Vec::new();

    let d = Driver::new(new_app());
    out.push(("title", d.app));

    let mut d = Driver::new(new_app());
    d.press(Button::A);
    for _ in 0..3 {
        d.press(Button::Down);
    }
    d.press(Button::Right); // seat 2: from the handheld AI to a person (pass-and-play)
    out.push(("options", d.app));

    let mut d = Driver::new(new_app());
    d.press(Button::A);
    for _ in 0..15 {
        d.press(Button::Down);
    }
    d.press(Button::Right); // Italiano
    for _ in 0..5 {
        d.press(Button::Up);
    }
    d.press(Button::Right); // a longer name of the Ace rule, and its help line
    out.push(("options_it", d.app));

    let on_table = |a: &SimApp| matches!(a.screen(), Screen::Table { .. });
    let mut d = reach(2, 200, "the person's turn", on_table)?;
    d.press(Button::Right);
    out.push(("table", d.app));

    let d = reach(
        2,
        200,
        "an AI capture",
        |a| matches!(a.screen(), Screen::AiPlay { mv, .. } if !mv.is_lay()),
    )?;
    out.push(("ai_play", d.app));

    let mut d = reach(2, 2000, "a choice of captures", has_a_choice)?;
    d.choose_a_capture()?;
    d.press(Button::Right);
    out.push(("choose_capture", d.app));

    let d = reach(2, 3000, "a scopa", |a| {
        matches!(a.screen(), Screen::Scopa { .. })
    })?;
    out.push(("scopa", d.app));

    let at_hand_end = |a: &SimApp| a.screen() == Screen::HandEnd;
    let d = reach(2, 3000, "the end of a hand", at_hand_end)?;
    out.push(("hand_end", d.app));

    let mut d = Driver::new(new_app());
    let mut it = Settings::against(
        Level::Random,
        Rules {
            players: 4,
            ..Rules::default()
        },
    );
    it.lang = Lang::It;
    d.start_with(it);
    d.until(3000, "the end of a hand", at_hand_end)?;
    out.push(("hand_end_it", d.app));

    let d = reach(2, 20000, "the end of the match", |a| {
        a.screen() == Screen::MatchEnd
    })?;
    out.push(("match_end", d.app));

    let d = reach(4, 200, "an AI play with 4 players", |a| {
        matches!(a.screen(), Screen::AiPlay { .. })
    })?;
    out.push(("four_players", d.app));

    let mut d = Driver::new(new_app());
    d.start_with(Settings::pass_and_play(Rules::default()));
    d.until(200, "the device handed to the second player", |a| {
        matches!(a.screen(), Screen::HandOff { seat: 1 })
    })?;
    out.push(("hand_off", d.app));

    // After a power cut mid-match, the title offers "Continue".
    let mut d = reach(2, 200, "the person's turn", on_table)?;
    d.step();
    let flash = d.app.storage_flash();
    out.push(("resume", app_on(flash)));

    briscola_screens(&mut out)?;
    Ok(out)
}

/// Briscola's screens: the game chosen on the options screen, the table (a trick under
/// way, the last one taken above it), a hint, the hand's summary and the match's end.
fn briscola_screens(out: &mut Vec<(&'static str, SimApp)>) -> Result<(), String> {
    let mut d = Driver::new(new_app());
    d.press(Button::A);
    d.press(Button::Right); // the game: Briscola
    out.push(("briscola_options", d.app));

    let two = Settings::briscola(Level::Random, BriscolaRules::default());
    // The person's turn with the AI's lead on the table and a trick already taken.
    let following = |a: &SimApp| {
        matches!(a.screen(), Screen::Table { .. })
            && a.session().is_some_and(|s| {
                let m = s.game_match();
                m.table_cards().len() == 1 && m.plays() >= 4
            })
    };
    let mut d = reach_with(two, 400, "the person to follow a lead", following)?;
    d.press(Button::Right);
    out.push(("briscola_table", d.app));

    let mut d = reach_with(two, 400, "the person to follow a lead", following)?;
    d.press(Button::Down); // "Hint..."
    d.wait(40); // the hint, computed on the next update
    out.push(("briscola_hint", d.app));

    let at_hand_end = |a: &SimApp| a.screen() == Screen::HandEnd;
    let d = reach_with(two, 3000, "the end of a hand", at_hand_end)?;
    out.push(("briscola_hand_end", d.app));

    // Four players in teams: an AI's card on show over its seat.
    let mut four = Settings::briscola(
        Level::Random,
        BriscolaRules {
            players: 4,
            ..BriscolaRules::default()
        },
    );
    four.lang = Lang::It;
    let d = reach_with(four, 400, "an AI play with 4 players", |a| {
        matches!(a.screen(), Screen::AiPlay { .. })
            && a.session().is_some_and(|s| {
                let m = s.game_match();
                m.table_cards().len() == 2 && m.plays() >= 8
            })
    })?;
    out.push(("briscola_four_it", d.app));

    let d = reach_with(two, 20000, "the end of the match", |a| {
        a.screen() == Screen::MatchEnd
    })?;
    out.push(("briscola_match_end", d.app));
    Ok(())
}

/// A fresh app in a match with `settings` ([`Driver::start_with`]), stepped until `done`.
fn reach_with(
    settings: Settings,
    limit: u32,
    what: &str,
    done: impl Fn(&SimApp) -> bool,
) -> Result<Driver, String> {
    let mut d = Driver::new(new_app());
    d.start_with(settings);
    d.until(limit, what, done)?;
    Ok(d)
}

/// A fresh app in a match of `players` ([`Driver::start`]), stepped until `done`.
fn reach(
    players: u8,
    limit: u32,
    what: &str,
    done: impl Fn(&SimApp) -> bool,
) -> Result<Driver, String> {
    let mut d = Driver::new(new_app());
    d.start(players);
    d.until(limit, what, done)?;
    Ok(d)
}

/// Access to the simulated flash of an app (a copy, as if read out after a power cut).
pub trait FlashOf {
    /// The flash contents now.
    fn storage_flash(&self) -> SimFlash;
}

impl FlashOf for SimApp {
    fn storage_flash(&self) -> SimFlash {
        self.storage().flash().clone()
    }
}
