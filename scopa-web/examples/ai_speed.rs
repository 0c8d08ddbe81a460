//! Native twin of the browser's AI timing (`test/bench.mjs`): sessions of expert against
//! expert, 2 players, seeds 1 ..= N (default 32), every due of the first hand fired through
//! the presenter as the page does, the AI's timed (`RunAi`, i.e. the session's `ai_move` and
//! the play); prints the median and mean ms per move.
//! Run: `cargo run --release -p scopa-web --example ai_speed -- 32`.

use std::time::Instant;

use scopa_core::ai::Level;
use scopa_core::scopa::Rules;
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::Next;
use scopa_core::session::{Action, Session, Settings};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(32);
    let settings = Settings::watch(Level::Expert, Rules::default());
    let mut ms = Vec::new();
    for seed in 1..=n {
        let session = Session::new(settings, seed).expect("valid session");
        let mut p = Presenter::new(session, scopa_web::NORMAL);
        while p.session().game_match().hand_number() == 0 {
            let Next::Due(due) = p.next() else { break };
            let t = Instant::now();
            p.fire(due.token).expect("a due fires");
            if due.action == Action::RunAi {
                ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    ms.sort_by(f64::total_cmp);
    let total = ms.iter().sum::<f64>();
    println!(
        "native expert: {} moves, median {:.3} ms/move, mean {:.3} ms/move, total {:.0} ms",
        ms.len(),
        ms[ms.len() / 2],
        total / ms.len() as f64,
        total
    );
}
