//! The words of the AI's explanations ([`crate::analysis::explain`]): a [`WhyError`] and
//! an [`AiWhy`] in a language, with the session's [`Texts`] (so the analysis does not
//! depend on the session).

use core::fmt::{self, Display, Formatter};

use crate::analysis::explain::{AiWhy, WhyError};
use crate::analysis::texts;
use crate::game::GameMove;
use crate::session::{Lang, Texts};

impl fmt::Display for WhyError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        why_error(&Texts::new(Lang::En), *self).fmt(f)
    }
}

struct Text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// A [`WhyError`] in the words of `texts`' language (seats named as it names them).
pub fn why_error<'a>(t: &'a Texts, e: WhyError) -> impl Display + 'a {
    Text(move |f| {
        let en = t.lang == Lang::En;
        match e {
            WhyError::NoSuchPlay { ply, plays } => {
                if en {
                    write!(f, "this hand has no play {} (plays made: {plays})", ply + 1)
                } else {
                    write!(
                        f,
                        "questa mano non ha la giocata {} (giocate: {plays})",
                        ply + 1
                    )
                }
            }
            WhyError::NotAnAi { ply, seat } => {
                if en {
                    write!(
                        f,
                        "play {} was made by {}, not the computer",
                        ply + 1,
                        t.seat(seat)
                    )
                } else {
                    write!(
                        f,
                        "la giocata {} è di {}, non del computer",
                        ply + 1,
                        t.seat(seat)
                    )
                }
            }
            WhyError::Hidden { ply, seat, cards } => {
                if en {
                    write!(
                        f,
                        "{} still holds {cards} of the cards it held at play {}: its reasons show once they are played",
                        t.seat(seat),
                        ply + 1
                    )
                } else {
                    write!(
                        f,
                        "{} ha ancora {cards} delle carte che aveva alla giocata {}: le sue ragioni si vedono quando le avrà giocate",
                        t.seat(seat),
                        ply + 1
                    )
                }
            }
            WhyError::Drawn { ply, seat } => {
                if en {
                    write!(
                        f,
                        "{} drew cards after play {}: which cards it held then stays hidden",
                        t.seat(seat),
                        ply + 1
                    )
                } else {
                    write!(
                        f,
                        "{} ha pescato dopo la giocata {}: le carte che aveva allora restano coperte",
                        t.seat(seat),
                        ply + 1
                    )
                }
            }
            WhyError::Analysis(e) => {
                if en {
                    write!(f, "{e}")
                } else {
                    f.write_str(
                        "questa posizione non si può analizzare (due mazzi o partita finita)",
                    )
                }
            }
            WhyError::Replay => f.write_str(if en {
                "the hand could not be taken back to that play"
            } else {
                "la mano non si può riportare a quella giocata"
            }),
        }
    })
}

/// An explanation in the words of `texts`' language, one line a choice after a first line:
///
/// ```text
/// Player 2 (Expert) played 7d takes 5d 2c at play 3: expected +1.25 points over 107 imagined deals (its own search).
///   7d takes 5d 2c: +1.25 ± 0.10 — the best choice on average, takes the settebello, takes 2 cards
///   3c on the table: -0.20 ± 0.12 — 1.45 points below the best choice
/// ```
pub fn ai_why<'a>(t: &'a Texts, why: &'a AiWhy) -> impl Display + 'a {
    Text(move |f| {
        let en = t.lang == Lang::En;
        let a = &why.analysis;
        let unit = texts::unit(t, a.unit);
        let margin = a.choice(why.played).map_or(0, |c| c.margin);
        write!(
            f,
            "{} ({}) {} {} {} {}: {} {} {}",
            t.seat(why.seat),
            t.level(why.level),
            if en { "played" } else { "ha giocato" },
            move_text(t, why.played),
            if en { "at play" } else { "alla giocata" },
            why.ply + 1,
            if en { "expected" } else { "margine atteso" },
            texts::signed(margin),
            unit,
        )?;
        if a.exact {
            f.write_str(if en {
                ", exact (nothing hidden)"
            } else {
                ", esatto (niente di nascosto)"
            })?;
        } else if en {
            write!(f, " over {} imagined deals", a.worlds)?;
        } else {
            write!(f, " su {} distribuzioni immaginate", a.worlds)?;
        }
        match (why.own_search, en) {
            (true, true) => f.write_str(" (its own search)")?,
            (true, false) => f.write_str(" (la sua ricerca)")?,
            (false, true) => write!(
                f,
                " (the expert's figures, not the {} level's own search; its move lost {} {})",
                t.level(why.level),
                texts::hundredths(i64::from(why.loss())),
                unit
            )?,
            (false, false) => write!(
                f,
                " (le cifre dell'esperto, non la ricerca del livello {}; la sua mossa ha perso {} {})",
                t.level(why.level),
                texts::hundredths(i64::from(why.loss())),
                unit
            )?,
        }
        f.write_str(".")?;
        for c in &a.choices {
            write!(
                f,
                "\n  {}: {} ± {}",
                move_text(t, c.mv),
                texts::signed(c.margin),
                texts::hundredths(i64::from(c.std_error))
            )?;
            if let Some(w) = c.win_chance {
                write!(
                    f,
                    ", {} {}",
                    if en { "wins" } else { "vince" },
                    texts::percent(w)
                )?;
            }
            f.write_str(" —")?;
            for (i, w) in c.reasons.iter().enumerate() {
                write!(
                    f,
                    "{}{}",
                    if i == 0 { " " } else { ", " },
                    texts::why(t, a.unit, w)
                )?;
            }
        }
        Ok(())
    })
}

/// A move: Briscola's card alone, Scopa's play.
fn move_text(t: &Texts, mv: GameMove) -> impl Display + '_ {
    Text(move |f| match mv {
        GameMove::Briscola(card) => write!(f, "{}", t.card(card)),
        GameMove::Scopa(_) => write!(f, "{}", t.play(mv)),
    })
}
