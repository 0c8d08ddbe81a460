//! Writes the session scripts of `tests/sessions/` (the cross-front-end runs of
//! `docs/session.md`). Run from the repository root:
//!
//! ```sh
//! cargo run -p scopa-tests --example make_scripts
//! UPDATE_SESSIONS=1 cargo test -p scopa-tests --test scripts   # then their transcripts
//! ```

use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::{AceRule, DealKind, PrimieraRule, Rules};
use scopa_core::session::{Player, Settings};
use scopa_tests::script::generate;

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new("tests/sessions");
    std::fs::create_dir_all(dir)?;
    // 1. One person against the handheld AI, default rules: every front-end, the QEMU
    //    build included, plays it.
    let vs_handheld = Settings::against(Level::Handheld, Rules::default());
    // 2. One person against the expert, to 21, the Ace rule of Scopa d'assi.
    let vs_expert = Settings::against(
        Level::Expert,
        Rules {
            target: 21,
            ace: AceRule::MatchTakesAll,
            ..Rules::default()
        },
    );
    // 3. Scopone: two people (partners, seats 0 and 2) and two medium AIs.
    let mut scopone = Settings::pass_and_play(Rules {
        players: 4,
        deal: DealKind::Scopone,
        ..Rules::default()
    });
    scopone.seats[1] = Player::Ai(Level::Medium);
    scopone.seats[3] = Player::Ai(Level::Medium);
    // 4. Three players with every scoring option, one person and two AIs of other levels.
    let mut three = Settings::against(
        Level::Easy,
        Rules {
            players: 3,
            target: 16,
            primiera: PrimieraRule::Lenient,
            ace: AceRule::TakesAll,
            napola: true,
            re_bello: true,
            ..Rules::default()
        },
    );
    three.seats[2] = Player::Ai(Level::Handheld);
    // 5. Four people passing one device.
    let four = Settings::pass_and_play(Rules {
        players: 4,
        ..Rules::default()
    });
    for (name, settings, seed, save_before) in [
        ("vs-handheld", vs_handheld, 42, 10),
        ("vs-expert", vs_expert, 2026, 25),
        ("scopone-two-people", scopone, 7, 12),
        ("three-players-options", three, 3, 17),
        ("four-people", four, 11, 40),
    ] {
        let text = generate(settings, seed, Level::Medium, save_before, usize::MAX);
        std::fs::write(dir.join(format!("{name}.script")), text)?;
    }
    // Briscola (tests/sessions/briscola/): one person against the expert; four players in
    // teams with two people (partners, seats 0 and 2) and two medium AIs.
    let dir = dir.join("briscola");
    std::fs::create_dir_all(&dir)?;
    let vs_expert = Settings::briscola(Level::Expert, BriscolaRules::default());
    let mut teams = Settings::briscola(
        Level::Medium,
        BriscolaRules {
            players: 4,
            ..BriscolaRules::default()
        },
    );
    teams.seats[2] = Player::Human;
    for (name, settings, seed, save_before) in [
        ("briscola-vs-expert", vs_expert, 2027, 14),
        ("briscola-teams", teams, 8, 9),
    ] {
        let text = generate(settings, seed, Level::Medium, save_before, usize::MAX);
        std::fs::write(dir.join(format!("{name}.script")), text)?;
    }
    // Tables of 6 and 8 (tests/sessions/big/, two decks): Scopa with six, two people
    // (seats 0 and 1, on different sides) and four AIs of three levels — seed 19 has a
    // person and an AI each take both copies of a card (`6s 3c 3c`, `6d 3s 3s`); Briscola
    // with eight, two people who are partners (seats 0 and 4) and six AIs.
    let dir = dir.parent().unwrap_or(dir.as_path()).join("big");
    std::fs::create_dir_all(&dir)?;
    let mut six = Settings::against(Level::Medium, Rules::default().with_players(6));
    six.seats[1] = Player::Human;
    six.seats[2] = Player::Ai(Level::Easy);
    six.seats[5] = Player::Ai(Level::Expert);
    let mut eight = Settings::briscola(
        Level::Medium,
        BriscolaRules {
            players: 8,
            decks: 2,
            ..BriscolaRules::default()
        },
    );
    eight.seats[4] = Player::Human;
    eight.seats[3] = Player::Ai(Level::Easy);
    eight.seats[7] = Player::Ai(Level::Expert);
    for (name, settings, seed, save_before) in
        [("six-scopa", six, 19, 30), ("eight-briscola", eight, 8, 6)]
    {
        let text = generate(settings, seed, Level::Medium, save_before, usize::MAX);
        std::fs::write(dir.join(format!("{name}.script")), text)?;
    }
    Ok(())
}
