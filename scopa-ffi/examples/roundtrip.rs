//! Measures the Rust side of view + play (no foreign glue), for comparison with the
//! Kotlin and Swift round trips: `cargo run -p scopa-ffi --release --example roundtrip`.

use std::time::Instant;

use scopa_ffi::{GameConfig, ScopaMatch, default_rules};

fn main() -> Result<(), scopa_ffi::ScopaError> {
    let config = GameConfig {
        rules: default_rules(),
        ai_levels: vec![None, None],
        first_dealer: None,
    };
    let mut samples = Vec::new();
    let mut seed = 1000;
    while samples.len() < 20_000 {
        let m = ScopaMatch::new(config.clone(), seed)?;
        seed += 1;
        while !m.is_over()? {
            let t = m.turn()?;
            let start = Instant::now();
            let v = m.view(t)?;
            m.play(t, v.legal_moves[0].clone())?;
            samples.push(start.elapsed().as_nanos());
        }
    }
    samples.sort_unstable();
    println!(
        "rust view + play, {} samples: median {:.2} µs",
        samples.len(),
        samples[samples.len() / 2] as f64 / 1000.0
    );
    Ok(())
}
