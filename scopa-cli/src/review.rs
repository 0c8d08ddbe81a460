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
use indicatif::{ProgressBar, ProgressStyle};
use scopa_core::analysis::review::{MoveReview, Review, move_seed, review_hand};
use scopa_core::analysis::{self, Analysis, Unit, texts as words};
use scopa_core::game::GameMove;
use scopa_core::session::transcript::ScriptLine;
use scopa_core::session::{Action, Lang, Phase, Player, Session, Settings, Texts};

use crate::play::LangArg;
use crate::save::{self, Saved};

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

/// The largest file read.
const MAX_FILE: u64 = 1 << 20;

/// One reviewed move and the analysis of its position.
struct Reviewed {
    r: MoveReview,
    a: Analysis,
}

pub fn run(args: ReviewArgs) -> anyhow::Result<std::process::ExitCode> {
    let lang = args.lang.map_or_else(
        || Lang::from_tag(&std::env::var("LANG").unwrap_or_default()),
        LangArg::lang,
    );
    let bytes = save::read_regular(&args.file, MAX_FILE)
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let (texts, review, moves) = if let Ok(saved) = save::decode(&bytes) {
        review_save(saved, &args, lang)?
    } else if let Ok(text) = std::str::from_utf8(&bytes) {
        review_script(text, &args, lang).with_context(|| args.file.display().to_string())?
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

/// The seats to review: `--seat`, every seat, or the people's (every seat when none).
fn chosen_seats(args: &ReviewArgs, settings: &Settings, players: u8) -> anyhow::Result<Vec<u8>> {
    if let Some(&bad) = args.seat.iter().find(|&&s| s >= players) {
        bail!("--seat {bad}: this match has seats 0 to {}", players - 1);
    }
    if !args.seat.is_empty() {
        return Ok(args.seat.clone());
    }
    let people: Vec<u8> = (0..players)
        .filter(|&s| settings.player(s) == Player::Human)
        .collect();
    Ok(if args.all_seats || people.is_empty() {
        (0..players).collect()
    } else {
        people
    })
}

type Reviewed3 = (Texts, Review, Vec<Reviewed>);

/// The plays of the save's current hand.
fn review_save(saved: Saved, args: &ReviewArgs, lang: Lang) -> anyhow::Result<Reviewed3> {
    let session = match saved {
        Saved::Session(s) => *s,
        Saved::Legacy { game, .. } => {
            let settings = Settings::against(scopa_core::ai::Level::Expert, *game.rules());
            Session::resume(settings, 0, *game).map_err(|e| anyhow!("{e}"))?
        }
    };
    let seats = chosen_seats(args, session.settings(), session.players())?;
    let m = session.game_match();
    let mut review = Review::new(Unit::of(session.game()));
    let mut moves = Vec::new();
    let bar = progress(u64::from(m.plays()));
    review_hand(
        m,
        &|s| seats.contains(&s),
        args.seed,
        &mut review,
        &mut |r, a| {
            bar.inc(1);
            moves.push(Reviewed {
                r: *r,
                a: a.clone(),
            });
        },
    )
    .map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    let mut texts = Texts::new(lang).for_session(&session);
    texts.lang = lang;
    Ok((texts, review, moves))
}

/// The whole match of a script, replayed.
fn review_script(text: &str, args: &ReviewArgs, lang: Lang) -> anyhow::Result<Reviewed3> {
    let mut seed = None;
    let mut settings = None;
    let mut script = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match line.parse::<ScriptLine>() {
            Ok(ScriptLine::Seed(s)) => seed = Some(s),
            Ok(ScriptLine::Settings(s)) => settings = Some(s),
            Ok(ScriptLine::Move(mv)) => script.push((n + 1, mv)),
            Ok(ScriptLine::Nothing | ScriptLine::Save) => {}
            Err(e) => bail!("line {}: {e}", n + 1),
        }
    }
    let (Some(seed), Some(settings)) = (seed, settings) else {
        bail!("a script needs a `seed N` line and a `session …` line");
    };
    let mut session = Session::new(settings, seed).map_err(|e| anyhow!("{e}"))?;
    let seats = chosen_seats(args, &settings, session.players())?;
    let mut review = Review::new(Unit::of(session.game()));
    let mut moves = Vec::new();
    let mut next = script.into_iter();
    let bar = progress(0);
    loop {
        let seat = match session.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } | Phase::AiDue { seat } => {
                seat
            }
            _ => {
                session
                    .apply(Action::Continue)
                    .map_err(|e| anyhow!("{e}"))?;
                continue;
            }
        };
        let human = !matches!(session.phase(), Phase::AiDue { .. });
        let (line, mv) = if human {
            match next.next() {
                Some(found) => found,
                // The script stops here: review what was played.
                None => break,
            }
        } else {
            (0, session.ai_move().map_err(|e| anyhow!("{e}"))?)
        };
        let m = session.game_match();
        let (hand, ply) = (m.hand_number(), m.plays());
        if seats.contains(&seat) {
            let a = analysis::analyze(m, seat, move_seed(args.seed, hand, ply))
                .map_err(|e| anyhow!("hand {}, play {}: {e}", hand + 1, ply + 1))?;
            let r = review
                .record(&a, hand, ply, mv)
                .map_err(|e| anyhow!("{e}"))?;
            moves.push(Reviewed { r, a });
            bar.inc(1);
        }
        let action = if human {
            Action::Play(mv)
        } else {
            Action::AiPlay(mv)
        };
        session
            .apply(action)
            .map_err(|e| anyhow!("line {line}: {mv}: {e}"))?;
    }
    bar.finish_and_clear();
    let mut texts = Texts::new(lang).for_session(&session);
    texts.lang = lang;
    Ok((texts, review, moves))
}

/// A move in the report's words: Scopa's play (`7d takes 5d 2c`), Briscola's card.
fn play_text(texts: &Texts, mv: GameMove) -> String {
    match mv {
        GameMove::Briscola(card) => texts.card(card).to_string(),
        GameMove::Scopa(_) => texts.play(mv).to_string(),
    }
}

/// A progress bar on stderr (hidden when stderr is not a terminal).
fn progress(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{spinner} reviewing: {pos} moves {bar:30}") {
        bar.set_style(style);
    }
    bar
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
