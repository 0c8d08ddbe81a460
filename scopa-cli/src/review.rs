//! `scopa review FILE`: the coach's review of a match or a hand. Every move of the seats
//! reviewed is compared with the best choice the analysis found at that moment
//! (`scopa_core::analysis`): the expected points lost, the better move and why, the
//! biggest swings, and each seat's accuracy (the formula is in `docs/coach.md`).
//!
//! FILE is either
//! - a **script** (`seed N`, a `session …` line, then the people's moves, one a line, as
//!   the committed session scripts and `docs/session.md`): the whole match is replayed
//!   (the computer's seats play as they did) and reviewed; or
//! - a **save** of `scopa play` (any front-end's session save, or an older CLI save): the
//!   plays of its current hand are reviewed (a save keeps only those).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use scopa_cli::reviewing::{ReviewSpec, Reviewed, review_save, review_script};
use scopa_core::analysis::review::Review;
use scopa_core::analysis::texts as words;
use scopa_core::game::GameMove;
use scopa_core::session::{Lang, Texts};

use crate::play::LangArg;
use crate::save;

/// Options of `scopa review`.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// A script (seed, session line, the people's moves) or a save file of `scopa play`.
    pub file: PathBuf,
    /// Language of the report [default: from LANG].
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Review this seat (from 0); repeat for several [default: the people's seats, or
    /// every seat when the computer played them all].
    #[arg(long, value_name = "N")]
    pub seat: Vec<u8>,
    /// Review every seat.
    #[arg(long, conflicts_with = "seat")]
    pub all_seats: bool,
    /// Seed of the analysis's imagined deals (the same seed gives the same review).
    #[arg(long, default_value_t = 39)]
    pub seed: u64,
}

impl ReviewArgs {
    /// What to review.
    fn spec(&self) -> ReviewSpec {
        ReviewSpec {
            seat: self.seat.clone(),
            all_seats: self.all_seats,
            seed: self.seed,
            quiet: false,
        }
    }
}

/// The largest file read.
const MAX_FILE: u64 = 1 << 20;

pub fn run(args: ReviewArgs) -> anyhow::Result<std::process::ExitCode> {
    let lang = args.lang.map_or_else(
        || Lang::from_tag(&std::env::var("LANG").unwrap_or_default()),
        LangArg::lang,
    );
    let bytes = save::read_regular(&args.file, MAX_FILE)
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let (texts, review, moves) = if let Ok(saved) = save::decode(&bytes) {
        review_save(saved, &args.spec(), lang)?
    } else if let Ok(text) = std::str::from_utf8(&bytes) {
        review_script(text, &args.spec(), lang).with_context(|| args.file.display().to_string())?
    } else {
        bail!(
            "{}: neither a save of scopa play nor a script (text)",
            args.file.display()
        );
    };
    let report = report(&texts, &review, &moves, &args);
    std::io::stdout().write_all(report.as_bytes())?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// A move in the report's words: Scopa's play (`7d takes 5d 2c`), Briscola's card.
fn play_text(texts: &Texts, mv: GameMove) -> String {
    match mv {
        GameMove::Briscola(card) => texts.card(card).to_string(),
        GameMove::Scopa(_) => texts.play(mv).to_string(),
    }
}

/// The report: every move, the biggest swings with the better move's reasons, each seat's
/// accuracy, and how to read the figures.
fn report(texts: &Texts, review: &Review, moves: &[Reviewed], _args: &ReviewArgs) -> String {
    let en = texts.lang == Lang::En;
    let t = |e: &'static str, i: &'static str| if en { e } else { i };
    let unit = words::unit(texts, review.unit);
    let mut out = String::new();
    let mut hand = None;
    for m in moves {
        let r = &m.r;
        if hand != Some(r.hand) {
            hand = Some(r.hand);
            outln!(out, "{} {}", t("Hand", "Mano"), r.hand + 1);
        }
        let mark = if r.choices == 1 {
            t("only move", "mossa obbligata").to_string()
        } else if r.loss == 0 {
            t("best", "migliore").to_string()
        } else {
            format!(
                "{} {} {unit}; {} {}",
                t("lost", "persi"),
                words::hundredths(i64::from(r.loss)),
                t("better", "meglio"),
                play_text(texts, r.best)
            )
        };
        outln!(
            out,
            "  {:>2}. {}: {}  [{}]  {mark}",
            r.ply + 1,
            texts.seat(r.seat),
            play_text(texts, r.played),
            words::signed(r.played_margin),
        );
    }
    if !review.swings.is_empty() {
        outln!(out, "\n{}", t("Biggest swings", "Errori più pesanti"));
        for (i, s) in review.swings.iter().enumerate() {
            outln!(
                out,
                "  {}. {} {}, {} {}, {}: {} {} {}, {} {} ({} {unit})",
                i + 1,
                t("hand", "mano"),
                s.hand + 1,
                t("play", "giocata"),
                s.ply + 1,
                texts.seat(s.seat),
                t("played", "giocato"),
                play_text(texts, s.played),
                words::signed(s.played_margin),
                t("better", "meglio"),
                play_text(texts, s.best),
                words::signed(s.best_margin),
            );
            if let Some(m) = moves
                .iter()
                .find(|m| m.r.hand == s.hand && m.r.ply == s.ply)
            {
                for (label, mv) in [
                    (t("played", "giocato"), s.played),
                    (t("better", "meglio"), s.best),
                ] {
                    if let Some(c) = m.a.choice(mv) {
                        let why: Vec<String> = c
                            .reasons
                            .iter()
                            .map(|w| words::why(texts, review.unit, w).to_string())
                            .collect();
                        outln!(out, "     {label}: {}", why.join("; "));
                    }
                }
            }
        }
    }
    outln!(out, "\n{}", t("Accuracy", "Precisione"));
    for (seat, s) in review.seats.iter().enumerate() {
        if s.moves == 0 {
            continue;
        }
        let acc = s
            .accuracy()
            .map_or_else(|| "-".to_string(), |a| words::percent(a).to_string());
        outln!(
            out,
            "  {}: {acc} ({} {}, {} {}, {} {unit} {})",
            texts.seat(seat as u8),
            s.chosen,
            t("moves with a choice", "mosse con una scelta"),
            s.mistakes,
            t("not the best", "non le migliori"),
            words::hundredths(s.loss as i64),
            t("lost in all", "persi in tutto"),
        );
    }
    let _ = write!(
        out,
        "\n{}\n",
        t(
            "[+x.xx] is the move's expected margin for the hand (your side's points minus the others'), averaged over the deals the seat could imagine. A move's accuracy is 100% × S / (S + points lost), S = 0.5 point in Scopa, 5 card points in Briscola; a seat's accuracy is the mean over its moves that had a choice.",
            "[+x.xx] è il margine atteso della mano dopo la mossa (i punti della tua parte meno quelli degli altri), in media sulle smazzate che quel posto poteva immaginare. La precisione di una mossa è 100% × S / (S + punti persi), S = 0,5 punti a Scopa, 5 punti carta a Briscola; quella di un posto è la media sulle sue mosse con una scelta.",
        )
    );
    out
}
