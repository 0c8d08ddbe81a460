//! A whole AI-vs-AI match and its transcript: one line per event, printed the same way by
//! the host (`core::fmt`) and by the Cortex-M0 build (`defmt`), so CI can diff them.

use core::fmt;

use scopa_core::ai::{self, Level};
use scopa_core::{Card, CardSet, Event, Match, Move, PlayError, Rules, RulesError, SideScore};

/// The seed the AI uses for the move about to be played in `game`: a pure function of
/// the match position, so a resumed match (after a power cut) plays the same moves.
pub fn ai_seed(game: &Match) -> u64 {
    let ply = u64::from(game.hand_number()) << 8 | game.history().len() as u64;
    ply.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5C0F_A5C0_FA5C_0FA5
}

/// One line of the transcript.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The match header.
    Start {
        /// Match seed.
        seed: u64,
        /// Players.
        players: u8,
        /// Target.
        target: u8,
        /// Level of seat 0 (and 2).
        level0: Level,
        /// Level of seat 1 (and 3).
        level1: Level,
    },
    /// A hand starts.
    Hand {
        /// Hand number.
        number: u16,
        /// Its dealer.
        dealer: u8,
    },
    /// A play.
    Play {
        /// Seat.
        seat: u8,
        /// Card played.
        card: Card,
        /// Cards captured (empty: laid on the table).
        capture: CardSet,
    },
    /// A scopa.
    Scopa {
        /// Seat.
        seat: u8,
    },
    /// New cards dealt.
    Dealt {
        /// Round number.
        round: u8,
        /// Cards left in the deck.
        deck_left: u8,
    },
    /// The last cards of the table.
    Collected {
        /// Side that takes them.
        side: u8,
        /// How many.
        cards: u8,
    },
    /// One side's hand score.
    Score {
        /// Side.
        side: u8,
        /// The breakdown.
        score: SideScore,
    },
    /// The running totals after a hand.
    Totals {
        /// Points per side (side 2 only with 3 players).
        scores: [u16; 3],
    },
    /// The end.
    Winner {
        /// Winning side.
        side: u8,
        /// Final scores.
        scores: [u16; 3],
    },
}

fn write_cards(f: &mut fmt::Formatter<'_>, set: CardSet) -> fmt::Result {
    for c in set.iter() {
        write!(f, " {c}")?;
    }
    Ok(())
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Line::Start {
                seed,
                players,
                target,
                level0,
                level1,
            } => write!(
                f,
                "match seed {seed} players {players} target {target} levels {} {}",
                level0.name(),
                level1.name()
            ),
            Line::Hand { number, dealer } => write!(f, "hand {number} dealer {dealer}"),
            Line::Play {
                seat,
                card,
                capture,
            } => {
                write!(f, "seat {seat} plays {card}")?;
                if capture.is_empty() {
                    f.write_str(" lays")
                } else {
                    f.write_str(" takes")?;
                    write_cards(f, capture)
                }
            }
            Line::Scopa { seat } => write!(f, "scopa seat {seat}"),
            Line::Dealt { round, deck_left } => write!(f, "deal round {round} deck {deck_left}"),
            Line::Collected { side, cards } => write!(f, "table to side {side} cards {cards}"),
            Line::Score { side, score: s } => write!(
                f,
                "score side {side} scope {} carte {} denari {} settebello {} primiera {} napola {} rebello {} total {} cards {} coins {}",
                s.scope,
                s.carte,
                s.denari,
                s.settebello,
                s.primiera,
                s.napola,
                s.re_bello,
                s.total(),
                s.cards,
                s.coins
            ),
            Line::Totals { scores } => {
                write!(f, "totals {} {} {}", scores[0], scores[1], scores[2])
            }
            Line::Winner { side, scores } => write!(
                f,
                "winner side {side} scores {} {} {}",
                scores[0], scores[1], scores[2]
            ),
        }
    }
}

#[cfg(feature = "defmt")]
struct CardFmt(Card);

#[cfg(feature = "defmt")]
impl defmt::Format for CardFmt {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "{=u8}{=char}", self.0.value(), self.0.suit().letter())
    }
}

#[cfg(feature = "defmt")]
struct CardsFmt(CardSet);

#[cfg(feature = "defmt")]
impl defmt::Format for CardsFmt {
    fn format(&self, f: defmt::Formatter<'_>) {
        for c in self.0.iter() {
            defmt::write!(f, " {}", CardFmt(c));
        }
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for Line {
    fn format(&self, f: defmt::Formatter<'_>) {
        match *self {
            Line::Start {
                seed,
                players,
                target,
                level0,
                level1,
            } => defmt::write!(
                f,
                "match seed {=u64} players {=u8} target {=u8} levels {=str} {=str}",
                seed,
                players,
                target,
                level0.name(),
                level1.name()
            ),
            Line::Hand { number, dealer } => {
                defmt::write!(f, "hand {=u16} dealer {=u8}", number, dealer)
            }
            Line::Play {
                seat,
                card,
                capture,
            } => {
                if capture.is_empty() {
                    defmt::write!(f, "seat {=u8} plays {} lays", seat, CardFmt(card))
                } else {
                    defmt::write!(
                        f,
                        "seat {=u8} plays {} takes{}",
                        seat,
                        CardFmt(card),
                        CardsFmt(capture)
                    )
                }
            }
            Line::Scopa { seat } => defmt::write!(f, "scopa seat {=u8}", seat),
            Line::Dealt { round, deck_left } => {
                defmt::write!(f, "deal round {=u8} deck {=u8}", round, deck_left)
            }
            Line::Collected { side, cards } => {
                defmt::write!(f, "table to side {=u8} cards {=u8}", side, cards)
            }
            Line::Score { side, score: s } => defmt::write!(
                f,
                "score side {=u8} scope {=u8} carte {=u8} denari {=u8} settebello {=u8} primiera {=u8} napola {=u8} rebello {=u8} total {=u16} cards {=u8} coins {=u8}",
                side,
                s.scope,
                s.carte,
                s.denari,
                s.settebello,
                s.primiera,
                s.napola,
                s.re_bello,
                s.total(),
                s.cards,
                s.coins
            ),
            Line::Totals { scores } => defmt::write!(
                f,
                "totals {=u16} {=u16} {=u16}",
                scores[0],
                scores[1],
                scores[2]
            ),
            Line::Winner { side, scores } => defmt::write!(
                f,
                "winner side {=u8} scores {=u16} {=u16} {=u16}",
                side,
                scores[0],
                scores[1],
                scores[2]
            ),
        }
    }
}

/// A match played by AIs only: seats 0 and 2 at `levels[0]`, seats 1 and 3 at `levels[1]`.
#[derive(Clone, Debug)]
pub struct AutoMatch {
    game: Match,
    seed: u64,
    levels: [Level; 2],
}

impl AutoMatch {
    /// A new match from `seed`.
    pub fn new(rules: Rules, seed: u64, levels: [Level; 2]) -> Result<AutoMatch, RulesError> {
        Ok(AutoMatch {
            game: Match::new(rules, seed)?,
            seed,
            levels,
        })
    }

    /// The match.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The header lines: the match and its first hand.
    pub fn header(&self) -> [Line; 2] {
        let r = self.game.rules();
        [
            Line::Start {
                seed: self.seed,
                players: r.players,
                target: r.target,
                level0: self.levels[0],
                level1: self.levels[1],
            },
            Line::Hand {
                number: self.game.hand_number(),
                dealer: self.game.dealer(),
            },
        ]
    }

    /// The AI's move for the seat to play (`None` once the match is over). This is the
    /// part measured on the device.
    pub fn choose(&self) -> Option<Move> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.game.turn();
        let level = self.levels[usize::from(seat & 1)];
        let view = self.game.view(seat)?;
        ai::choose_move(level, &view, ai_seed(&self.game))
    }

    /// Plays `mv` for the seat to play and emits the lines of what happened.
    pub fn apply(&mut self, mv: Move, mut emit: impl FnMut(Line)) -> Result<(), PlayError> {
        let rules = *self.game.rules();
        let events = self.game.play(self.game.turn(), mv)?;
        for event in &events {
            match *event {
                Event::Played { seat, mv } => emit(Line::Play {
                    seat,
                    card: mv.card(),
                    capture: mv.capture(),
                }),
                Event::Scopa { seat, .. } => emit(Line::Scopa { seat }),
                Event::Dealt { round, deck_left } => emit(Line::Dealt { round, deck_left }),
                Event::TableCollected { side, cards } => emit(Line::Collected {
                    side,
                    cards: cards.len() as u8,
                }),
                Event::HandFinished(score) => {
                    for side in 0..rules.sides() {
                        emit(Line::Score {
                            side,
                            score: score.side(side),
                        });
                    }
                }
                Event::MatchFinished { winner, scores } => emit(Line::Winner {
                    side: winner,
                    scores,
                }),
                Event::NewHand { number, dealer, .. } => {
                    emit(Line::Totals {
                        scores: self.game.scores(),
                    });
                    emit(Line::Hand { number, dealer });
                }
            }
        }
        Ok(())
    }

    /// Plays the whole match, emitting every line; returns the number of plays.
    pub fn run(&mut self, mut emit: impl FnMut(Line)) -> Result<u32, PlayError> {
        for line in self.header() {
            emit(line);
        }
        let mut plays = 0;
        while let Some(mv) = self.choose() {
            self.apply(mv, &mut emit)?;
            plays += 1;
        }
        Ok(plays)
    }
}
