//! Replays a match the browser played, natively: `replay FILE.json` where the file holds
//! `{"settings": {…as the page sends them…}, "seed": "123", "plays": ["1 7d takes 3c 4s", …]}`
//! (the page's transcript: seat and move of every play). The human seats' moves are taken
//! from the file; every AI move is computed here and must equal the browser's. Prints the
//! native transcript; exits 1 at the first difference.

use std::process::ExitCode;

use scopa_web::SettingsIn;
use scopa_web::provisional::{Action, Phase, Session};

#[derive(serde::Deserialize)]
struct Input {
    settings: SettingsIn,
    seed: String,
    plays: Vec<String>,
}

fn main() -> ExitCode {
    match run() {
        Ok(n) => {
            eprintln!("replay: {n} plays, identical to the browser's");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<usize, String> {
    let path = std::env::args().nth(1).ok_or("usage: replay FILE.json")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let input: Input = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let settings = input.settings.to_settings().map_err(|e| e.to_string())?;
    let seed: u64 = input.seed.parse().map_err(|e| format!("seed: {e}"))?;
    let mut s = Session::new(settings, seed).map_err(|e| e.to_string())?;
    let mut done = 0;
    while done < input.plays.len() {
        let want = &input.plays[done];
        let events = match s.phase() {
            Phase::HandOff { .. } | Phase::HandSummary => s.apply(Action::Continue),
            Phase::MatchOver { .. } => {
                return Err(format!(
                    "the match ended here, the browser went on with {want:?}"
                ));
            }
            Phase::AiDue { .. } => s.apply(Action::RunAi),
            Phase::ChooseCapture { .. } => return Err("unexpected capture choice".into()),
            Phase::Play { seat } => {
                let mv = s
                    .game()
                    .legal_moves()
                    .into_iter()
                    .find(|m| format!("{seat} {m}") == *want)
                    .ok_or_else(|| {
                        format!("play {done}: {want:?} is not a legal move of seat {seat}")
                    })?;
                let mut ev = s.apply(Action::Select(mv.card()));
                if let Phase::ChooseCapture { .. } = s.phase() {
                    let index = s
                        .capture_options()
                        .iter()
                        .position(|&c| c == mv.capture())
                        .ok_or("capture not offered")?;
                    ev = s.apply(Action::Capture(index));
                }
                ev
            }
        }
        .map_err(|e| e.to_string())?;
        for e in scopa_web::events_out(&events, s.game().rules().sides()) {
            if let scopa_web::EventOut::Played { seat, mv } = e {
                let got = format!("{seat} {}", mv.text);
                println!("{got}");
                if input.plays.get(done) != Some(&got) {
                    return Err(format!(
                        "play {done}: native {got:?}, browser {:?}",
                        input.plays.get(done)
                    ));
                }
                done += 1;
            }
        }
    }
    Ok(done)
}
