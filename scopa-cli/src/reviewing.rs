//! The coach's review of a session script or a save, for `scopa review` and the engine's
//! `review` command: every move of the seats reviewed compared with the best choice the
//! analysis found at that moment (`scopa_core::analysis::review`).

use anyhow::{anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use scopa_core::analysis::review::{MoveReview, Review, move_seed, review_hand};
use scopa_core::analysis::{self, Analysis, Unit};
use scopa_core::session::transcript::ScriptLine;
use scopa_core::session::{Action, Lang, Phase, Player, Session, Settings, Texts};

use crate::save::Saved;

/// What to review: the seats and the analysis's seed.
#[derive(Clone, Debug, Default)]
pub struct ReviewSpec {
    /// These seats [default: the people's seats, or every seat when the computer played
    /// them all].
    pub seat: Vec<u8>,
    /// Every seat.
    pub all_seats: bool,
    /// Seed of the analysis's imagined deals.
    pub seed: u64,
    /// No progress bar.
    pub quiet: bool,
}

/// One reviewed move and the analysis of its position.
pub struct Reviewed {
    /// The move reviewed.
    pub r: MoveReview,
    /// The analysis of its position.
    pub a: Analysis,
}

/// The seats to review: `--seat`, every seat, or the people's (every seat when none).
fn chosen_seats(args: &ReviewSpec, settings: &Settings, players: u8) -> anyhow::Result<Vec<u8>> {
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

pub(crate) type Reviewed3 = (Texts, Review, Vec<Reviewed>);

/// The plays of the save's current hand.
pub fn review_save(saved: Saved, args: &ReviewSpec, lang: Lang) -> anyhow::Result<Reviewed3> {
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
    let bar = progress(u64::from(m.plays()), args.quiet);
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
pub fn review_script(text: &str, args: &ReviewSpec, lang: Lang) -> anyhow::Result<Reviewed3> {
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
    let bar = progress(0, args.quiet);
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

/// A progress bar on stderr (hidden when stderr is not a terminal, or when `quiet`).
fn progress(len: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{spinner} reviewing: {pos} moves {bar:30}") {
        bar.set_style(style);
    }
    bar
}
