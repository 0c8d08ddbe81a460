//! # scopa-ui
//!
//! The hardware-independent half of the Scopa and Briscola handheld: every screen, the cards,
//! the input trait and its debouncer, the front-end of [`scopa_core::session::Session`]
//! through its presenter (buttons become actions, the screens draw its state and frames,
//! the delays it names run in the main loop's update), the session saved in flash when
//! the presenter says so, and the driver that plays scripted sessions through the buttons
//! on the host and on the Cortex-M0.
//!
//! It is `no_std`, allocation-free and `unsafe`-free, generic over
//! [`embedded_graphics::draw_target::DrawTarget`]`<Color = Rgb565>` and over
//! [`input::Input`] and [`storage::Storage`], so the same code runs on the RP2040, under
//! QEMU and on the host (golden screenshots).
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod app;
pub mod cards;
pub mod input;
pub mod screens;
pub mod script;
pub mod settings;
pub mod storage;

pub use app::{App, Screen};
pub use input::{Button, Buttons, Debouncer, Input};
pub use settings::{Options, Row};
pub use storage::{FlashRing, NoStorage, RamFlash, Storage, StorageError};

/// Display width in pixels (240×240 ST7789 on both boards).
pub const WIDTH: u32 = 240;
/// Display height in pixels.
pub const HEIGHT: u32 = 240;
