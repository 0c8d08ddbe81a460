//! Writes the starting corpora of the fuzz targets (`fuzz/`): real saves at many points of
//! matches and sessions (every deal and option), and one request line of each engine
//! command, so that libFuzzer starts from inputs that are accepted. Run from the
//! repository root (`.ci/fuzz.sh` does):
//!
//! ```sh
//! cargo run -p scopa-tests --example fuzz_seeds -- fuzz/corpus
//! ```

use std::fs;
use std::path::Path;

use scopa_core::ai::Level;
use scopa_core::briscola::{BriscolaMatch, BriscolaRules};
use scopa_core::scopa::{AceRule, DealKind, Match, PrimieraRule, Rules};
use scopa_core::session::{Action, Phase, Session, Settings};
use scopa_core::{Card, SplitMix64};
use scopa_tests::walk::pick;

fn rules_list() -> Vec<Rules> {
    let mut out = Vec::new();
    for (players, deal) in [
        (2, DealKind::Standard),
        (3, DealKind::Standard),
        (4, DealKind::Standard),
        (4, DealKind::Scopone),
        (4, DealKind::ScoponeScientifico),
    ] {
        for (i, ace) in AceRule::ALL.iter().enumerate() {
            out.push(Rules {
                players,
                decks: 1,
                deal,
                target: [1, 11, 21][i],
                primiera: PrimieraRule::ALL[i],
                ace: *ace,
                napola: i == 1,
                re_bello: i == 2,
                kings_redeal: i != 0,
            });
        }
    }
    out
}

fn write(dir: &Path, name: &str, mode: u8, bytes: &[u8]) -> std::io::Result<()> {
    let mut input = vec![mode];
    input.extend_from_slice(bytes);
    fs::write(dir.join(name), input)
}

fn main() -> std::io::Result<()> {
    let root = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/corpus".into());
    let root = Path::new(&root);
    let (matches, sessions, engine) = (
        root.join("match_bytes"),
        root.join("session_bytes"),
        root.join("engine_lines"),
    );
    for d in [&matches, &sessions, &engine] {
        fs::create_dir_all(d)?;
    }
    let mut files = 0;
    for (r, rules) in rules_list().into_iter().enumerate() {
        // A match: its saves at the start, mid hand, at each new hand and at the end.
        let mut m = Match::new(rules, 100 + r as u64).unwrap();
        let mut rng = SplitMix64::new(r as u64);
        let mut ply = 0;
        loop {
            if ply % 17 == 0 || m.history().is_empty() || m.is_over() {
                let b = m.to_bytes();
                write(&matches, &format!("r{r}-p{ply}-raw"), 0, &b)?;
                write(&matches, &format!("r{r}-p{ply}-body"), 1, &b[5..330])?;
                files += 2;
            }
            if m.is_over() || ply > 400 {
                break;
            }
            let moves = m.legal_moves();
            m.play(m.turn(), moves[pick(&mut rng, moves.len())])
                .unwrap();
            ply += 1;
        }
        // A session of one person against the AI, and one of people only (pass-and-play).
        for (k, settings) in [
            Settings::against(Level::Easy, rules),
            Settings::pass_and_play(rules),
        ]
        .into_iter()
        .enumerate()
        {
            let mut s = Session::new(settings, 7 + r as u64).unwrap();
            for step in 0..120 {
                if step % 13 == 0 {
                    let b = s.to_bytes();
                    write(&sessions, &format!("r{r}-s{k}-{step}-raw"), 0, &b)?;
                    write(&sessions, &format!("r{r}-s{k}-{step}-body"), 1, &b[5..360])?;
                    files += 2;
                }
                let action = match s.phase() {
                    Phase::MatchOver { .. } => break,
                    Phase::Play { .. } => {
                        let moves = s.legal_moves();
                        Action::Select(moves[pick(&mut rng, moves.len())].card())
                    }
                    Phase::ChooseCapture { .. } => Action::Capture(0),
                    Phase::AiDue { .. } => Action::RunAi,
                    _ => Action::Continue,
                };
                s.apply(action).unwrap();
            }
        }
    }
    // Sessions at tables of 6 and 8 (save versions 3 and 4), both games.
    for (k, settings) in [
        Settings::against(Level::Easy, Rules::default().with_players(6)),
        Settings::against(Level::Easy, Rules::default().with_players(8)),
        Settings::briscola(
            Level::Easy,
            BriscolaRules {
                players: 6,
                decks: 2,
                ..BriscolaRules::default()
            },
        ),
        Settings::briscola(
            Level::Easy,
            BriscolaRules {
                players: 8,
                decks: 2,
                ..BriscolaRules::default()
            },
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let mut s = Session::new(settings, 28 + k as u64).unwrap();
        let mut rng = SplitMix64::new(k as u64);
        for step in 0..200 {
            if step % 23 == 0 {
                let b = s.to_bytes();
                write(&sessions, &format!("big{k}-{step}-raw"), 0, &b)?;
                write(&sessions, &format!("big{k}-{step}-body"), 1, &b[5..360])?;
                files += 2;
            }
            let action = match s.phase() {
                Phase::MatchOver { .. } => break,
                Phase::Play { .. } => {
                    let hand = s.hand();
                    Action::Select(
                        hand.nth(pick(&mut rng, hand.len() as usize) as u32)
                            .unwrap(),
                    )
                }
                Phase::ChooseCapture { .. } => Action::Capture(0),
                Phase::AiDue { .. } => Action::RunAi,
                _ => Action::Continue,
            };
            s.apply(action).unwrap();
        }
    }
    // Briscola matches (mode 2: as is; mode 3: the body behind a valid header).
    for (r, players) in [2u8, 3, 4].into_iter().enumerate() {
        let rules = BriscolaRules {
            players,
            ..BriscolaRules::default()
        };
        let mut m = BriscolaMatch::new(rules, 200 + r as u64).unwrap();
        let mut rng = SplitMix64::new(r as u64);
        let mut ply = 0;
        loop {
            if ply % 13 == 0 || m.winner().is_some() {
                let b = m.to_bytes();
                write(&matches, &format!("b{r}-p{ply}-raw"), 2, &b)?;
                write(&matches, &format!("b{r}-p{ply}-body"), 3, &b[5..108])?;
                files += 2;
            }
            if m.winner().is_some() || ply > 400 {
                break;
            }
            let hand = m.hand().hand(m.turn());
            m.play(
                m.turn(),
                hand.nth(pick(&mut rng, hand.len() as usize) as u32)
                    .unwrap(),
            )
            .unwrap();
            ply += 1;
        }
    }
    let deck: Vec<String> = (0..40)
        .map(|i| format!("\"{}\"", Card::from_index(i).unwrap()))
        .collect();
    // Two decks in card order, each card twice in a row.
    let two_decks: Vec<String> = (0..80)
        .map(|i| format!("\"{}\"", Card::from_index(i / 2).unwrap()))
        .collect();
    let lines = [
        r#"{"cmd":"hello","id":1}"#.to_string(),
        r#"{"cmd":"legal","table":["4c","1s","3d","2b"],"card":"5b","rules":{"ace":"takes_all"}}"#
            .to_string(),
        r#"{"cmd":"score","piles":[["7d","1d","2d","3d"],["10b"]],"scope":[1,2],"rules":{"napola":true}}"#
            .to_string(),
        format!(
            r#"{{"cmd":"replay","rules":{{"players":2}},"dealer":1,"deck":[{}],"moves":[{{"card":"1d","capture":[]}}]}}"#,
            deck.join(",")
        ),
        r#"{"cmd":"bestmove","rules":{},"level":"easy","seed":7,"view":{"seat":0,"dealer":1,"hand":["7b","9s","10c"],"table":["3d","4c","1s","2b"],"history":[],"scores":[0,0]}}"#
            .to_string(),
        "{\"cmd\":\"hello\"}\r\n\n  \n{\"cmd\":\"nope\"}\n{\"cmd\":".to_string(),
        r#"{"cmd":"trick","rules":{"game":"briscola","players":4},"trump":"d","cards":["3s","1s","2d","1d"]}"#
            .to_string(),
        r#"{"cmd":"score","rules":{"game":"briscola"},"piles":[["1d","3d"],["10s"]]}"#.to_string(),
        format!(
            r#"{{"cmd":"replay","rules":{{"game":"briscola"}},"dealer":1,"deck":[{}],"moves":["2d","4d","5d"]}}"#,
            deck.join(",")
        ),
        r#"{"cmd":"bestmove","rules":{"game":"briscola"},"level":"expert","seed":7,"view":{"seat":1,"dealer":1,"hand":["1s","2d","5b"],"briscola":"3c","history":[{"seat":0,"card":"7s"}],"scores":[0,0]}}"#
            .to_string(),
        // Two decks (6 or 8 players): card lists with copies.
        r#"{"cmd":"legal","rules":{"players":6,"decks":2},"table":["3c","3c","3s","5d","1s"],"card":"6b"}"#
            .to_string(),
        r#"{"cmd":"score","rules":{"players":8,"decks":2,"re_bello":true},"piles":[["7d","7d","10d"],["10d"],[],["1c","1c"]],"scope":[0,1,0,2]}"#
            .to_string(),
        format!(
            r#"{{"cmd":"replay","rules":{{"players":6,"decks":2}},"dealer":0,"deck":[{}],"moves":[{{"card":"1d","capture":["1c"]}}]}}"#,
            two_decks.join(",")
        ),
        r#"{"cmd":"bestmove","rules":{"players":6,"decks":2},"level":"medium","seed":7,"view":{"seat":1,"dealer":0,"hand":["3c","6b","10d"],"table":["3c","4d","5s","7d","9b","2c","1s","8d"],"history":[]}}"#
            .to_string(),
    ];
    for (i, line) in lines.iter().enumerate() {
        fs::write(engine.join(format!("line{i}")), line)?;
        files += 1;
    }
    println!("{files} seed inputs written under {}", root.display());
    Ok(())
}
