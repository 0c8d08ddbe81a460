//! Measures the Rust side of the round trips (no foreign glue), for comparison with the
//! Kotlin and Swift ones: `cargo run -p scopa-ffi --release --example roundtrip` prints the
//! median of `Session` state + select over 20 000 plays of whole 2-player matches (every
//! seat a person, the first card each time).

use std::time::Instant;

use scopa_ffi::{Lang, Phase, Session, SessionSettings, default_rules};

fn median(mut v: Vec<u128>) -> f64 {
    v.sort_unstable();
    v[v.len() / 2] as f64 / 1000.0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let settings = SessionSettings {
        rules: default_rules(),
        seats: vec![None, None],
        undo: false,
        lang: Lang::En,
    };
    let (mut both, mut state_only, mut apply_only) = (Vec::new(), Vec::new(), Vec::new());
    let mut seed = 1000;
    while both.len() < 20_000 {
        let s = Session::new(settings.clone(), seed)?;
        seed += 1;
        loop {
            let t0 = Instant::now();
            let st = s.state()?;
            let t1 = Instant::now();
            match st.phase {
                Phase::Play { .. } => {
                    s.select(st.hand.trailing_zeros() as u8)?;
                    let t2 = Instant::now();
                    both.push((t2 - t0).as_nanos());
                    state_only.push((t1 - t0).as_nanos());
                    apply_only.push((t2 - t1).as_nanos());
                }
                Phase::MatchOver { .. } => break,
                Phase::ChooseCapture { .. } => {
                    s.capture(0)?;
                }
                _ => {
                    s.proceed()?;
                }
            }
        }
    }
    println!(
        "rust Session state + select, {} samples: median {:.2} µs; state {:.2} µs; select {:.2} µs",
        both.len(),
        median(both),
        median(state_only),
        median(apply_only)
    );
    Ok(())
}
