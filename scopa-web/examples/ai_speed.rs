//! Native twin of the browser's AI timing (`web/test/bench.mjs`): expert against expert,
//! 2 players, seeds 1 ..= N, every AI move of the first hand timed; prints the median and
//! mean ms per move. Run: `cargo run --release -p scopa-web --example ai_speed -- 8`.

use std::time::Instant;

use scopa_web::SettingsIn;
use scopa_web::provisional::{Action, Phase, Session};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let settings = SettingsIn {
        players: 2,
        deal: "standard".into(),
        target: 11,
        primiera: "classic".into(),
        ace: "none".into(),
        napola: false,
        re_bello: false,
        kings_redeal: true,
        seats: vec!["expert".into(), "expert".into()],
        lang: "en".into(),
    }
    .to_settings()
    .expect("valid settings");
    let mut ms = Vec::new();
    for seed in 1..=n {
        let mut s = Session::new(settings, seed).expect("valid session");
        while s.game().hand_number() == 0 {
            match s.phase() {
                Phase::AiDue { .. } => {
                    let t = Instant::now();
                    s.apply(Action::RunAi).expect("the AI plays");
                    ms.push(t.elapsed().as_secs_f64() * 1e3);
                }
                _ => break,
            }
        }
    }
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    println!(
        "native expert: {} moves, median {:.3} ms/move, mean {:.3} ms/move",
        ms.len(),
        ms[ms.len() / 2],
        mean
    );
}
