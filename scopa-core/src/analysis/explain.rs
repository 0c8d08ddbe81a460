//! The AI explains itself (issue 39): after an AI play, what it played, what it considered
//! and why, from the search's own figures — the analysis of the position it played from,
//! for its seat, with the seed of its decision, so the expert's best choice is the move it
//! played ([`AiWhy::own_search`]).
//!
//! The session keeps the plays of the current hand ([`Session::ai_plays`], the per-hand log
//! of the AI's decisions) and explains any of them on request ([`Session::ai_why`]). An
//! explanation names the cards the AI held and its figures depend on them, so it is given
//! only once every card that seat held at that play has been played and which cards those
//! were is public: until then [`WhyError::Hidden`] says how many are still hidden. In
//! Briscola a seat draws after each trick, so the cards it held before the stock ran out
//! stay its secret ([`WhyError::Drawn`]): its plays of the last tricks are explained.
//! Nothing shown, and not whether it is shown, depends on a card the asker cannot see.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::analysis::explain::WhyError;
//! use scopa_core::session::{Action, Phase, Session, Settings};
//! let mut s = Session::new(Settings::watch(Level::Expert, Default::default()), 4).unwrap();
//! // Watch the AIs until one of them has played every card it held at the first play.
//! let why = loop {
//!     match s.phase() {
//!         Phase::AiDue { .. } => { s.apply(Action::RunAi).unwrap(); }
//!         _ => { s.apply(Action::Continue).unwrap(); }
//!     }
//!     match s.ai_why(0) {
//!         Ok(why) => break why,
//!         Err(WhyError::Hidden { .. }) => continue,
//!         Err(e) => panic!("{e}"),
//!     }
//! };
//! assert!(why.own_search);
//! assert_eq!(why.analysis.best().mv, why.played);
//! ```
//!
//! [`Session::ai_plays`]: crate::session::Session::ai_plays
//! [`Session::ai_why`]: crate::session::Session::ai_why

use core::fmt::{self, Display, Formatter};

use crate::ai::Level;
use crate::game::GameMove;
use crate::session::{Lang, Texts};

use super::{Analysis, AnalysisError, texts};

/// One play of the current hand, as the per-hand log lists it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AiPlay {
    /// The play of the hand, from 0.
    pub ply: u8,
    /// The seat that played.
    pub seat: u8,
    /// The AI's level.
    pub level: Level,
    /// What it played.
    pub played: GameMove,
    /// Whether [`Session::ai_why`](crate::session::Session::ai_why) explains it now (every
    /// card the seat held then is public).
    pub ready: bool,
}

/// An AI play explained.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AiWhy {
    /// The seat that played.
    pub seat: u8,
    /// Its level.
    pub level: Level,
    /// The hand, from 0.
    pub hand: u16,
    /// The play of the hand, from 0.
    pub ply: u8,
    /// What it played.
    pub played: GameMove,
    /// Whether the figures are the search the AI ran itself (the expert: its best choice
    /// is the move played). For the other levels (the handheld searches with a smaller
    /// budget, the others do not search) they are the expert's figures of the same choices:
    /// what the level's move gave up.
    pub own_search: bool,
    /// The analysis of the position it played from, for its seat, with its decision's
    /// seed: every choice it had, its expected margin, confidence and reasons.
    pub analysis: Analysis,
}

impl AiWhy {
    /// What the move played cost against the best choice, in hundredths (0 when it was the
    /// best).
    pub fn loss(&self) -> u32 {
        self.analysis.loss(self.played).unwrap_or(0)
    }
}

/// Why an AI play cannot be explained.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum WhyError {
    /// The hand has no such play.
    NoSuchPlay {
        /// The play asked for.
        ply: u8,
        /// Plays made in the hand.
        plays: u8,
    },
    /// A person made that play, not the AI.
    NotAnAi {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
    },
    /// The seat still holds cards it held then: explaining the play would show them.
    Hidden {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
        /// Cards it held then and still holds.
        cards: u8,
    },
    /// Briscola: the seat drew after that play (the stock was not empty), so which cards it
    /// held then stays its secret, even once they are played.
    Drawn {
        /// The play asked for.
        ply: u8,
        /// Its seat.
        seat: u8,
    },
    /// The position could not be analysed (two decks, a match over…).
    Analysis(AnalysisError),
    /// The hand could not be taken back to that play (a bug, reported instead of a panic).
    Replay,
}

impl fmt::Display for WhyError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        why_error(&Texts::new(Lang::En), *self).fmt(f)
    }
}

impl core::error::Error for WhyError {}

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
