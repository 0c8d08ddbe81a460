//! # scopa-ui
//!
//! The hardware-independent half of the Scopa handheld: every screen, the card drawings,
//! the input trait and its debouncer, the game controller that drives a
//! [`scopa_core::Match`] against the AI, saves in flash after every play, and the
//! transcript of an AI-vs-AI match shared by the host and the Cortex-M0 build.
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
pub mod settings;
pub mod storage;
pub mod transcript;

pub use app::{App, Screen};
pub use input::{Button, Buttons, Debouncer, Input};
pub use settings::Settings;
pub use storage::{FlashRing, RamFlash, Saved, Storage, StorageError};

/// Display width in pixels (240×240 ST7789 on both boards).
pub const WIDTH: u32 = 240;
/// Display height in pixels.
pub const HEIGHT: u32 = 240;
