//! Measures the Rust side of a tap (no foreign glue), for comparison with the Kotlin and
//! Swift ones: `cargo run -p scopa-ffi --release --example roundtrip` prints the median of
//! `GameController::select` until the listener has the new frame, over 20 000 plays of
//! whole 2-player pass-and-play matches (the first card each time; hand-overs and capture
//! choices played unmeasured), after 5 000 unmeasured plays.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use scopa_ffi::controller::frame::{Choices, Next, apps_pacing};
use scopa_ffi::{
    Frame, FrameListener, GameController, Lang, SaveStore, SessionSettings, StoreError, Timer,
    default_rules,
};

/// The app's side: a store in memory, the last timer token, the last frame and when it came.
#[derive(Default)]
struct App {
    save: Mutex<Vec<u8>>,
    due: Mutex<Option<u32>>,
    last: Mutex<Option<(Frame, Instant)>>,
}

impl SaveStore for App {
    fn write(&self, bytes: Vec<u8>) -> Result<(), StoreError> {
        *self.save.lock().unwrap() = bytes;
        Ok(())
    }
}

impl Timer for App {
    fn schedule(&self, _after_ms: u32, token: u32) {
        *self.due.lock().unwrap() = Some(token);
    }
}

impl FrameListener for App {
    fn on_frame(&self, frame: Frame) {
        *self.last.lock().unwrap() = Some((frame, Instant::now()));
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let settings = SessionSettings {
        rules: default_rules(),
        seats: vec![None, None],
        undo: false,
        lang: Lang::En,
        briscola: None,
    };
    let mut samples = Vec::new();
    let (mut plays, mut seed) = (0u32, 1000);
    while samples.len() < 20_000 {
        let app = Arc::new(App::default());
        let c = GameController::new(
            settings.clone(),
            seed,
            apps_pacing(),
            app.clone(),
            app.clone(),
            app.clone(),
        )?;
        seed += 1;
        c.resume()?;
        loop {
            let f = app.last.lock().unwrap().as_ref().map(|(f, _)| f.clone());
            let f = f.ok_or("no frame")?;
            if f.over {
                break;
            } else if let Choices::Cards { cards } = &f.choices {
                let t0 = Instant::now();
                c.select(cards[0].card.index)?;
                let t1 = app.last.lock().unwrap().as_ref().ok_or("no frame")?.1;
                plays += 1;
                if plays > 5_000 {
                    samples.push((t1 - t0).as_nanos());
                }
            } else if let Choices::Captures { .. } = &f.choices {
                c.capture(0)?;
            } else if let Next::Due(_) = &f.next {
                let token = app.due.lock().unwrap().take().ok_or("no timer armed")?;
                c.fire(token)?;
            } else if f.offers.proceed {
                c.proceed()?;
            } else {
                return Err(format!("nothing to do in {f:?}").into());
            }
        }
    }
    samples.sort_unstable();
    let at = |q: usize| samples[samples.len() * q / 100] as f64 / 1000.0;
    println!(
        "rust tap (select + on_frame), {} samples: median {:.2} µs, p90 {:.2} µs",
        samples.len(),
        at(50),
        at(90)
    );
    Ok(())
}
