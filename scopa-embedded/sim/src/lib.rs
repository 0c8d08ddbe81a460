//! Host side of the handheld: renders the real `scopa-ui` screens with
//! embedded-graphics-simulator (no SDL) to PNG, and drives the app with scripted button
//! presses to reach every screen, for golden-image tests and README screenshots.

pub mod uf2;

use std::path::{Path, PathBuf};

use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics_simulator::{OutputSettingsBuilder, SimulatorDisplay};
use scopa_core::ai::Level;
use scopa_ui::app::{OPTION_ROWS, Screen};
use scopa_ui::{App, Button, Buttons, FlashRing, RamFlash};

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

/// Drives an app with button presses and a simulated millisecond clock.
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
        self.now += 40;
        self.app.update(self.now, Buttons::just(b));
    }

    /// Lets `ms` pass with no button pressed.
    pub fn wait(&mut self, ms: u32) {
        self.now += ms;
        self.app.update(self.now, Buttons::NONE);
    }

    /// From the title screen (empty flash), through the options, into a match:
    /// `players` 2 or 4, the AI level `random` (so the scenarios do not change when the
    /// stronger levels are tuned), the rest default.
    pub fn start(&mut self, players: u8) {
        self.start_with(players, Level::Random);
    }

    /// [`Driver::start`] with AI level `level`.
    pub fn start_with(&mut self, players: u8, level: Level) {
        self.press(Button::A); // "New match" → options
        if players == 4 {
            self.press(Button::Right);
        }
        self.press(Button::Down);
        while self.app.settings().level != level {
            self.press(Button::Right);
        }
        for _ in 1..OPTION_ROWS - 1 {
            self.press(Button::Down);
        }
        self.press(Button::A); // Start
    }

    /// One step of play: the human (seat 0) plays its first legal move (canonical order)
    /// through the buttons,
    /// AI plays and banners are waited out, hand breakdowns are confirmed.
    pub fn step(&mut self) {
        match self.app.screen() {
            Screen::Table { cursor } => {
                let Some(game) = self.app.game() else { return };
                let Some(&mv) = game.legal_moves().first() else {
                    return;
                };
                let hand = self.app.human_hand();
                let Some(target) = hand.iter().position(|c| *c == mv.card()) else {
                    return;
                };
                let n = hand.len();
                for _ in 0..(target + n - usize::from(cursor)) % n {
                    self.press(Button::Right);
                }
                self.press(Button::A);
                if let Screen::Choose { card, .. } = self.app.screen() {
                    let i = self
                        .app
                        .moves_with(card)
                        .iter()
                        .position(|m| *m == mv)
                        .unwrap_or(0);
                    for _ in 0..i {
                        self.press(Button::Right);
                    }
                    self.press(Button::A);
                }
            }
            Screen::AiPlay { .. } | Screen::Scopa { .. } => self.wait(1500),
            Screen::HandEnd
            | Screen::Choose { .. }
            | Screen::Title { .. }
            | Screen::Options { .. } => self.press(Button::A),
            Screen::MatchEnd => {}
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
}

/// Every screen the golden tests and the README show, by name, reached by button presses
/// from a fresh flash.
pub fn screens() -> Result<Vec<(&'static str, SimApp)>, String> {
    let mut out = Vec::new();

    let d = Driver::new(new_app());
    out.push(("title", d.app));

    let mut d = Driver::new(new_app());
    d.press(Button::A);
    d.press(Button::Down);
    d.press(Button::Down);
    d.press(Button::Right); // target 16
    out.push(("options", d.app));

    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(200, "the human's turn", |a| {
        matches!(a.screen(), Screen::Table { .. })
    })?;
    d.press(Button::Right);
    out.push(("table", d.app));

    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(
        200,
        "an AI capture",
        |a| matches!(a.screen(), Screen::AiPlay { mv, .. } if !mv.is_lay()),
    )?;
    out.push(("ai_play", d.app));

    // A choice of captures: step until a card in the human's hand has two or more.
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(2000, "a choice of captures", |a| {
        matches!(a.screen(), Screen::Table { .. })
            && a.human_hand().iter().any(|c| a.moves_with(*c).len() > 1)
    })?;
    let hand = d.app.human_hand();
    let target = hand
        .iter()
        .position(|c| d.app.moves_with(*c).len() > 1)
        .unwrap_or(0);
    let cursor = match d.app.screen() {
        Screen::Table { cursor } => usize::from(cursor),
        _ => 0,
    };
    for _ in 0..(target + hand.len() - cursor) % hand.len() {
        d.press(Button::Right);
    }
    d.press(Button::A);
    d.press(Button::Right);
    out.push(("choose_capture", d.app));

    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(3000, "a scopa", |a| {
        matches!(a.screen(), Screen::Scopa { .. })
    })?;
    out.push(("scopa", d.app));

    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(3000, "the end of a hand", |a| a.screen() == Screen::HandEnd)?;
    out.push(("hand_end", d.app));

    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(20000, "the end of the match", |a| {
        a.screen() == Screen::MatchEnd
    })?;
    out.push(("match_end", d.app));

    let mut d = Driver::new(new_app());
    d.start(4);
    d.until(200, "an AI play with 4 players", |a| {
        matches!(a.screen(), Screen::AiPlay { .. })
    })?;
    out.push(("four_players", d.app));

    // After a power cut mid-match, the title offers "Continue".
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(200, "the human's turn", |a| {
        matches!(a.screen(), Screen::Table { .. })
    })?;
    d.step();
    let flash = d.app.storage_flash();
    out.push(("resume", app_on(flash)));
    Ok(out)
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
