//! Play the handheld in a desktop window (feature `sdl`, needs SDL2):
//! `cargo run -p scopa-sim --features sdl --bin play`.
//! Arrows = d-pad, Z or Enter = A, X or Backspace = B. The save flash lives in memory.

use std::time::Instant;

use embedded_graphics::prelude::*;
use embedded_graphics_simulator::sdl2::Keycode;
use embedded_graphics_simulator::{
    OutputSettingsBuilder, SimulatorDisplay, SimulatorEvent, Window,
};
use scopa_ui::{Button, Buttons};

fn key(k: Keycode) -> Option<Button> {
    match k {
        Keycode::Up => Some(Button::Up),
        Keycode::Down => Some(Button::Down),
        Keycode::Left => Some(Button::Left),
        Keycode::Right => Some(Button::Right),
        Keycode::Z | Keycode::Return => Some(Button::A),
        Keycode::X | Keycode::Backspace => Some(Button::B),
        _ => None,
    }
}

fn main() {
    let mut app = scopa_sim::new_app();
    let mut display = SimulatorDisplay::new(Size::new(scopa_ui::WIDTH, scopa_ui::HEIGHT));
    let mut window = Window::new(
        "Scopa handheld",
        &OutputSettingsBuilder::new().scale(2).build(),
    );
    let start = Instant::now();
    let mut dirty = true;
    loop {
        if dirty {
            match app.draw(&mut display) {
                Ok(()) => {}
                Err(e) => match e {},
            }
        }
        window.update(&display);
        let mut pressed = Buttons::NONE;
        for event in window.events() {
            match event {
                SimulatorEvent::Quit => return,
                SimulatorEvent::KeyDown {
                    keycode,
                    repeat: false,
                    ..
                } => {
                    if let Some(b) = key(keycode) {
                        pressed = pressed.with(b, true);
                    }
                }
                _ => {}
            }
        }
        dirty = app.update(start.elapsed().as_millis() as u32, pressed);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
