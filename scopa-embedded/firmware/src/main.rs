//! Scopa and Briscola on an RP2040 handheld: 240×240 ST7789 over SPI (mipidsi), GPIO buttons,
//! the session saved in the last 16 KiB of flash after every action.
//!
//! Boards (cargo features): `pico-lcd-1-3` (default: Raspberry Pi Pico + Waveshare
//! Pico-LCD-1.3) and `picosystem` (Pimoroni PicoSystem). The game itself is
//! `scopa-ui`, the same code the host simulator renders.
#![no_std]
#![no_main]

#[cfg(all(feature = "pico-lcd-1-3", feature = "picosystem"))]
compile_error!("choose one board: --no-default-features --features picosystem");
#[cfg(not(any(feature = "pico-lcd-1-3", feature = "picosystem")))]
compile_error!("choose a board feature: pico-lcd-1-3 or picosystem");

use defmt_rtt as _;
use panic_probe as _;

use embassy_rp::flash::{Blocking, Flash};
use embassy_rp::gpio::{Input, Level, Output, Pull};
use embassy_rp::spi::{self, Spi};
use embassy_time::{Delay, Duration, Instant};
use embedded_graphics::framebuffer::{Framebuffer, buffer_size};
use embedded_graphics::image::Image;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::pixelcolor::raw::{BigEndian, RawU16};
use embedded_graphics::prelude::*;
use embedded_hal_bus::spi::ExclusiveDevice;
use mipidsi::interface::SpiInterface;
use mipidsi::models::ST7789;
use mipidsi::options::{ColorInversion, Orientation, Rotation};
use scopa_ui::{App, Button, Buttons, Debouncer, FlashRing};

/// Flash used for the save ring: 2 MiB (Pico; the PicoSystem's first 2 MiB).
const FLASH_SIZE: usize = 2 * 1024 * 1024;
/// Sectors of the save ring, at the very end of the 2 MiB (outside memory.x's FLASH).
const SAVE_SECTORS: u32 = 4;
const SAVE_BASE: u32 = FLASH_SIZE as u32 - SAVE_SECTORS * 4096;

/// The whole screen in RAM (115 200 bytes), drawn then sent in one SPI burst: no flicker.
type Screen = Framebuffer<Rgb565, RawU16, BigEndian, 240, 240, { buffer_size::<Rgb565>(240, 240) }>;

/// The board's keys, active low with pull-ups.
struct Keys {
    up: Input<'static>,
    down: Input<'static>,
    left: Input<'static>,
    right: Input<'static>,
    a: Input<'static>,
    b: Input<'static>,
    /// A second "confirm" (joystick press on the Pico-LCD-1.3, X on the PicoSystem).
    a2: Input<'static>,
    /// A second "back" (Y on both boards).
    b2: Input<'static>,
}

impl scopa_ui::Input for Keys {
    fn read(&mut self) -> Buttons {
        Buttons::NONE
            .with(Button::Up, self.up.is_low())
            .with(Button::Down, self.down.is_low())
            .with(Button::Left, self.left.is_low())
            .with(Button::Right, self.right.is_low())
            .with(Button::A, self.a.is_low() || self.a2.is_low())
            .with(Button::B, self.b.is_low() || self.b2.is_low())
    }
}

fn halt(what: &str) -> ! {
    defmt::error!("halted: {=str}", what);
    loop {
        cortex_m::asm::wfi();
    }
}

#[cortex_m_rt::entry]
fn main() -> ! {
    let p = embassy_rp::init(Default::default());
    defmt::info!("scopa handheld starting");

    let mut config = spi::Config::default();
    config.frequency = 62_500_000;

    // Pins: Waveshare Pico-LCD-1.3 wiki / pimoroni_picosystem.h of the pico-sdk.
    #[cfg(feature = "pico-lcd-1-3")]
    let (spi, cs, dc, rst, bl, keys, rotation) = {
        let pin = |p: embassy_rp::Peri<'static, embassy_rp::gpio::AnyPin>| Input::new(p, Pull::Up);
        (
            Spi::new_blocking_txonly(p.SPI1, p.PIN_10, p.PIN_11, config),
            Output::new(p.PIN_9, Level::High),
            Output::new(p.PIN_8, Level::Low),
            Output::new(p.PIN_12, Level::High),
            Output::new(p.PIN_13, Level::Low),
            Keys {
                up: pin(p.PIN_2.into()),
                down: pin(p.PIN_18.into()),
                left: pin(p.PIN_16.into()),
                right: pin(p.PIN_20.into()),
                a: pin(p.PIN_15.into()),
                b: pin(p.PIN_17.into()),
                a2: pin(p.PIN_3.into()),
                b2: pin(p.PIN_21.into()),
            },
            // Landscape: joystick on the left, A/B/X/Y on the right.
            Rotation::Deg90,
        )
    };
    #[cfg(feature = "picosystem")]
    let (spi, cs, dc, rst, bl, keys, rotation) = {
        let pin = |p: embassy_rp::Peri<'static, embassy_rp::gpio::AnyPin>| Input::new(p, Pull::Up);
        (
            Spi::new_blocking_txonly(p.SPI0, p.PIN_6, p.PIN_7, config),
            Output::new(p.PIN_5, Level::High),
            Output::new(p.PIN_9, Level::Low),
            Output::new(p.PIN_4, Level::High),
            Output::new(p.PIN_12, Level::Low),
            Keys {
                up: pin(p.PIN_23.into()),
                down: pin(p.PIN_20.into()),
                left: pin(p.PIN_22.into()),
                right: pin(p.PIN_21.into()),
                a: pin(p.PIN_18.into()),
                b: pin(p.PIN_19.into()),
                a2: pin(p.PIN_17.into()),
                b2: pin(p.PIN_16.into()),
            },
            Rotation::Deg0,
        )
    };
    let mut keys = keys;
    let mut backlight = bl;

    let spi = match ExclusiveDevice::new_no_delay(spi, cs) {
        Ok(d) => d,
        Err(e) => match e {},
    };
    let mut spi_buffer = [0u8; 512];
    let di = SpiInterface::new(spi, dc, &mut spi_buffer);
    let mut display = match mipidsi::Builder::new(ST7789, di)
        .display_size(240, 240)
        .invert_colors(ColorInversion::Inverted)
        .orientation(Orientation::new().rotate(rotation))
        .reset_pin(rst)
        .init(&mut Delay)
    {
        Ok(d) => d,
        Err(_) => halt("display init failed"),
    };
    backlight.set_high();

    let flash = Flash::<_, Blocking, FLASH_SIZE>::new_blocking(p.FLASH);
    let ring = match FlashRing::new(flash, SAVE_BASE, SAVE_SECTORS) {
        Ok(r) => r,
        Err(e) => {
            defmt::error!("save ring: {}", e);
            halt("bad save region")
        }
    };
    let mut app = App::new(ring);
    if !app.message().is_empty() {
        defmt::warn!("{=str}", app.message());
    }
    let Some(fb) = cortex_m::singleton!(: Screen = Screen::new()) else {
        halt("framebuffer taken twice")
    };

    let mut debouncer = Debouncer::new(4);
    let mut dirty = true;
    loop {
        let now = Instant::now();
        let pressed = debouncer.poll(&mut keys);
        if !pressed.is_empty() {
            app.add_entropy(now.as_ticks());
        }
        let count = |app: &App<_>| {
            app.session().map(|s| {
                let m = s.game_match();
                (s.match_number(), m.hand_number(), m.plays())
            })
        };
        let before = count(&app);
        dirty |= app.update(now.as_millis() as u32, pressed);
        if let Some((match_number, hand, plays)) = count(&app)
            && before != Some((match_number, hand, plays))
        {
            defmt::info!("play saved; hand {=u16} plays {=u8}", hand, plays);
        }
        if dirty {
            let t = Instant::now();
            if app.draw(fb).is_ok() {
                let raw = fb.as_image();
                if Image::new(&raw, Point::zero()).draw(&mut display).is_err() {
                    defmt::warn!("display write failed");
                }
            }
            defmt::debug!("frame in {=u64} ms", t.elapsed().as_millis());
            dirty = false;
        }
        embassy_time::block_for(Duration::from_millis(5));
    }
}
