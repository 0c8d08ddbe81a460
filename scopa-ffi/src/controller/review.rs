//! The coach's review through the controller (issue 39): the moves of the seat at the
//! device in the current hand, each against the best choice the analysis found at that
//! moment, from that seat's own information, and its accuracy — as records and as texts in
//! the session's language.

use scopa_core::analysis::review::{Review, review_hand};
use scopa_core::analysis::{Unit, texts as words};
use scopa_core::game::GameMove;
use scopa_core::session::{Lang, Session, Texts};

use crate::session::SessionError;

/// The seed of the controller's reviews (the same as `scopa review`'s default).
pub const REVIEW_SEED: u64 = 39;

/// One move of the review.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct ReviewedMove {
    /// The play of the hand, from 0.
    pub ply: u8,
    /// What was played, in words (`7d takes 5d 2c`, Briscola's card).
    pub played: String,
    /// The best choice, in words.
    pub best: String,
    /// The played move's expected margin for the hand, in hundredths of the unit.
    pub played_margin: i32,
    /// The best choice's expected margin, in hundredths.
    pub best_margin: i32,
    /// Expected points lost against the best choice (0 for the best), in hundredths.
    pub loss: u32,
    /// The move's accuracy, in thousandths (`1000 × S / (S + loss)`, docs/coach.md).
    pub accuracy_permille: u16,
    /// Choices the position had (1: a forced move, not counted in the accuracy).
    pub choices: u8,
    /// The move in a line: `3. 7d takes 5d [+1.25] lost 0.40 points; better 7d takes 7c`.
    pub text: String,
}

/// The review of the current hand for the seat at the device.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct HandReview {
    /// The seat reviewed.
    pub seat: u8,
    /// The hand, from 0.
    pub hand: u16,
    /// What the margins count: `points` / `punti`, `card points` / `punti carta`.
    pub unit: String,
    /// Its moves of the hand so far, in order.
    pub moves: Vec<ReviewedMove>,
    /// Its accuracy in thousandths (`None` while no move had a choice).
    pub accuracy_permille: Option<u16>,
    /// Expected points lost in all, in hundredths.
    pub loss: u64,
    /// The whole review in lines of the session's language.
    pub text: String,
}

fn play_text(t: &Texts, mv: GameMove) -> String {
    match mv {
        GameMove::Briscola(card) => t.card(card).to_string(),
        GameMove::Scopa(_) => t.play(mv).to_string(),
    }
}

/// The review of `session`'s current hand for its viewer (the seat whose cards the device
/// shows: the review reads only that seat's information).
pub(crate) fn review(session: &Session) -> Result<HandReview, SessionError> {
    let t = session.texts();
    let en = t.lang == Lang::En;
    let Some(seat) = session.viewer() else {
        return Err(SessionError::WrongPhase {
            message: if en {
                "a review is of the seat at the device, and nobody holds it now".into()
            } else {
                "la revisione è del posto che ha il dispositivo, e ora non ce l'ha nessuno".into()
            },
        });
    };
    let m = session.game_match();
    let unit = Unit::of(session.game());
    let mut review = Review::new(unit);
    let mut moves = Vec::new();
    review_hand(m, &|s| s == seat, REVIEW_SEED, &mut review, &mut |r, _| {
        let mark = if r.choices == 1 {
            (if en { "only move" } else { "mossa obbligata" }).to_string()
        } else if r.loss == 0 {
            (if en { "best" } else { "migliore" }).to_string()
        } else {
            format!(
                "{} {} {}; {} {}",
                if en { "lost" } else { "persi" },
                words::hundredths(i64::from(r.loss)),
                words::unit(&t, unit),
                if en { "better" } else { "meglio" },
                play_text(&t, r.best)
            )
        };
        moves.push(ReviewedMove {
            ply: r.ply,
            played: play_text(&t, r.played),
            best: play_text(&t, r.best),
            played_margin: r.played_margin,
            best_margin: r.best_margin,
            loss: r.loss,
            accuracy_permille: r.accuracy,
            choices: r.choices,
            text: format!(
                "{}. {} [{}] {mark}",
                r.ply + 1,
                play_text(&t, r.played),
                words::signed(r.played_margin)
            ),
        });
    })
    .map_err(|e| SessionError::WrongPhase {
        message: e.to_string(),
    })?;
    let s = review.seats[usize::from(seat)];
    let accuracy = s.accuracy();
    let mut text: Vec<String> = moves.iter().map(|m| m.text.clone()).collect();
    text.push(format!(
        "{}: {}",
        if en { "Accuracy" } else { "Precisione" },
        accuracy.map_or_else(|| "-".to_string(), |a| words::percent(a).to_string())
    ));
    Ok(HandReview {
        seat,
        hand: m.hand_number(),
        unit: words::unit(&t, unit).to_string(),
        moves,
        accuracy_permille: accuracy,
        loss: s.loss,
        text: text.join("\n"),
    })
}
