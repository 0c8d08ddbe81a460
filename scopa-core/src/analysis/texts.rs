//! The coach's words, in English and Italian: each reason ([`Why`]), the figures (margins
//! in points with two decimals, chances in percent) and the unit. `no_std`: values that
//! implement [`Display`], written by the front-end wherever it writes.
//!
//! ```
//! use scopa_core::analysis::{Unit, Why, texts};
//! use scopa_core::session::{Lang, Texts};
//! let en = Texts::new(Lang::En);
//! let it = Texts::new(Lang::It);
//! assert_eq!(texts::why(&en, Unit::ScopaPoints, Why::TakesSevens { count: 1 }).to_string(),
//!            "takes a seven (primiera)");
//! assert_eq!(texts::why(&it, Unit::ScopaPoints, Why::BelowBest { by: 125 }).to_string(),
//!            "1.25 punti sotto la scelta migliore");
//! assert_eq!(texts::signed(-5).to_string(), "-0.05");
//! ```

use core::fmt::{self, Display, Formatter};

use crate::session::{Lang, Texts};

use super::{Reasons, Suggestion, Unit, Why};

struct Text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// Hundredths as a number with two decimals: `1.25`, `-0.05`, `0.00`.
pub fn hundredths(v: i64) -> impl Display {
    Text(move |f| {
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    })
}

/// Hundredths with their sign always written: `+1.25`, `-0.05`, `+0.00`.
pub fn signed(v: i32) -> impl Display {
    Text(move |f| {
        if v >= 0 {
            f.write_str("+")?;
        }
        write!(f, "{}", hundredths(i64::from(v)))
    })
}

/// Thousandths as a percentage with one decimal: `62.5%`.
pub fn percent(permille: u16) -> impl Display {
    Text(move |f| write!(f, "{}.{}%", permille / 10, permille % 10))
}

/// The unit's name, plural: `points` / `punti`, `card points` / `punti carta`.
pub fn unit(texts: &Texts, unit: Unit) -> &'static str {
    match (unit, texts.lang) {
        (Unit::ScopaPoints, Lang::En) => "points",
        (Unit::ScopaPoints, Lang::It) => "punti",
        (Unit::CardPoints, Lang::En) => "card points",
        (Unit::CardPoints, Lang::It) => "punti carta",
    }
}

/// The English text or the Italian one.
const fn pick(en: bool, english: &'static str, italian: &'static str) -> &'static str {
    if en { english } else { italian }
}

/// `n` and a noun, singular or plural (`a seven`, `2 sevens`).
fn count(f: &mut Formatter<'_>, n: u8, one: &str, many: &str) -> fmt::Result {
    if n == 1 {
        f.write_str(one)
    } else {
        write!(f, "{n} {many}")
    }
}

/// `takes` and `n` cards of a kind, in English or Italian (`takes 2 sevens`).
fn takes(
    f: &mut Formatter<'_>,
    en: bool,
    n: u8,
    english: (&str, &str),
    italian: (&str, &str),
) -> fmt::Result {
    let (one, many) = if en { english } else { italian };
    f.write_str(pick(en, "takes ", "prende "))?;
    count(f, n, one, many)
}

/// A reason in the words of `texts`' language (cards named in its style), margins in
/// `unit`.
pub fn why<'a>(texts: &'a Texts, unit_of: Unit, why: Why) -> impl Display + 'a {
    Text(move |f| {
        let en = texts.lang == Lang::En;
        match why {
            Why::Best => f.write_str(pick(
                en,
                "the best choice on average",
                "la scelta migliore in media",
            )),
            Why::BelowBest { by } => write!(
                f,
                "{} {} {}",
                hundredths(i64::from(by)),
                unit(texts, unit_of),
                if en {
                    "below the best choice"
                } else {
                    "sotto la scelta migliore"
                }
            ),
            Why::Sweeps => f.write_str(pick(
                en,
                "sweeps the table: a scopa",
                "pulisce il tavolo: scopa",
            )),
            Why::TakesSettebello => {
                f.write_str(pick(en, "takes the settebello", "prende il settebello"))
            }
            Why::TakesSevens { count: n } => {
                takes(f, en, n, ("a seven", "sevens"), ("un sette", "sette"))?;
                f.write_str(" (primiera)")
            }
            Why::TakesCoins { count: n } => takes(
                f,
                en,
                n,
                ("a coin (denari)", "coins (denari)"),
                ("un denaro", "denari"),
            ),
            Why::TakesCards { count: n } => {
                takes(f, en, n, ("a card", "cards"), ("una carta", "carte"))
            }
            Why::LeavesSweep => f.write_str(pick(
                en,
                "leaves a table a card still out could sweep (scopa risk)",
                "lascia un tavolo che una carta ancora in gioco può pulire (rischio scopa)",
            )),
            Why::AvoidsSweep => f.write_str(pick(
                en,
                "leaves no sweep, where another choice would",
                "non lascia scopa, a differenza di un'altra scelta",
            )),
            Why::GivesCard { card } => {
                if en {
                    write!(f, "lays the {} for the others to take", texts.card(card))
                } else {
                    write!(f, "lascia {} da prendere agli altri", texts.card(card))
                }
            }
            Why::TakesTrick { points, sure } => match (en, sure) {
                (true, true) => write!(f, "takes the trick and its {points} points"),
                (true, false) => write!(f, "beats the trick so far ({points} points)"),
                (false, true) => write!(f, "prende la mano e i suoi {points} punti"),
                (false, false) => write!(f, "per ora prende la mano ({points} punti)"),
            },
            Why::LosesTrick { points, sure } => match (en, sure) {
                (true, true) => write!(f, "gives the trick and its {points} points away"),
                (true, false) => write!(f, "does not beat the trick so far ({points} points)"),
                (false, true) => write!(f, "lascia la mano e i suoi {points} punti"),
                (false, false) => write!(f, "per ora non prende la mano ({points} punti)"),
            },
            Why::LoadsPartner { points } => {
                if en {
                    write!(f, "loads your partner's trick with {points} points")
                } else {
                    write!(f, "carica il compagno di {points} punti")
                }
            }
            Why::LeadsCarico { points } => {
                if en {
                    write!(
                        f,
                        "leads a carico worth {points} points, which others may take"
                    )
                } else {
                    write!(
                        f,
                        "apre con un carico da {points} punti, che altri possono prendere"
                    )
                }
            }
            Why::SpendsTrump { carichi_out } => {
                f.write_str(pick(
                    en,
                    "spends a briscola; carichi still out: ",
                    "usa una briscola; carichi ancora in gioco: ",
                ))?;
                write!(f, "{carichi_out}")
            }
            Why::TrumpsOut { count: n } => {
                f.write_str(pick(
                    en,
                    "can be trumped: briscole still out: ",
                    "può essere presa di briscola: briscole ancora in gioco: ",
                ))?;
                write!(f, "{n}")
            }
        }
    })
}

/// Whether `w` is a fact of the position (not the comparison with the best choice).
fn is_fact(w: Why) -> bool {
    !matches!(w, Why::Best | Why::BelowBest { .. })
}

/// The facts among `reasons` (every reason but the comparison with the best choice),
/// joined by commas: `takes the settebello, takes 2 cards`; nothing when there is none.
pub fn facts<'a>(texts: &'a Texts, unit_of: Unit, reasons: Reasons) -> impl Display + 'a {
    Text(move |f| {
        let mut first = true;
        for w in reasons.iter().filter(|&w| is_fact(w)) {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{}", why(texts, unit_of, w))?;
        }
        Ok(())
    })
}

/// A hint's words after its move: the facts of the best choice, then its figures —
/// `takes the settebello, takes 2 cards; expected +1.25 points, 0.40 above the next best
/// choice` (Briscola adds the win chance; a position with one choice says so).
///
/// ```
/// use scopa_core::analysis::{self, texts};
/// use scopa_core::scopa::{Match, Rules};
/// use scopa_core::session::{Lang, Texts};
/// let m = Match::new(Rules::default(), 7).unwrap();
/// let s = analysis::analyze(&m, m.turn(), 1).unwrap().suggestion();
/// let words = texts::suggestion(&Texts::new(Lang::En), &s).to_string();
/// assert!(words.contains("expected "), "{words}");
/// ```
pub fn suggestion<'a>(texts: &'a Texts, s: &'a Suggestion) -> impl Display + 'a {
    Text(move |f| {
        let en = texts.lang == Lang::En;
        if s.choice.reasons.iter().any(is_fact) {
            write!(f, "{}; ", facts(texts, s.unit, s.choice.reasons))?;
        }
        write!(
            f,
            "{} {} {}",
            pick(en, "expected", "margine atteso"),
            signed(s.choice.margin),
            unit(texts, s.unit)
        )?;
        if let Some(w) = s.choice.win_chance {
            write!(
                f,
                ", {} {}",
                pick(en, "win chance", "probabilità di vincere"),
                percent(w)
            )?;
        }
        match s.ahead {
            Some(by) => write!(
                f,
                ", {} {}",
                hundredths(i64::from(by)),
                pick(
                    en,
                    "above the next best choice",
                    "sopra la seconda scelta migliore"
                )
            ),
            None => f.write_str(pick(en, ", the only choice", ", l'unica scelta")),
        }
    })
}
