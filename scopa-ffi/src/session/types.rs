//! The records and enums of the session API and their translation to and from
//! `scopa_core::session`. Cards are compact: a card is its index `0 … 39` (suit × 10 +
//! value − 1, suits in the order denari, coppe, spade, bastoni) and a set of cards is a
//! `u64` whose bit *i* is card *i* — no per-card record crosses the boundary.

use scopa_core::session::{self as core, Player};
use scopa_core::{Card, CardSet, Event, HandScore, MAX_REDEALS, Match, Move, Rules};

use super::error::SessionError;
use crate::types::{AiLevel, HintReason, RulesConfig};

/// The language of the texts: `scopa_core::session::Lang` itself, exported by
/// `crate::controller::frame` (`#[uniffi::remote(Enum)]`), no mirror.
pub use scopa_core::session::Lang;

/// Everything chosen before a session: the rules, who plays each seat, undo, language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SessionSettings {
    /// The rules of every match of the session.
    pub rules: RulesConfig,
    /// Who plays each seat: `None` a person on this device, else the AI at that level. At
    /// least `rules.players` entries and at most 4; entries past the last seat are ignored
    /// (a settings screen may keep four choices while the number of players changes).
    pub seats: Vec<Option<AiLevel>>,
    /// Whether the one person may take back their last play of the hand (against AIs only).
    pub undo: bool,
    /// The language of the texts.
    pub lang: Lang,
}

impl From<core::Settings> for SessionSettings {
    fn from(s: core::Settings) -> SessionSettings {
        SessionSettings {
            rules: s.rules.into(),
            seats: s
                .seats
                .iter()
                .map(|c| match *c {
                    Player::Human => None,
                    Player::Ai(level) => Some(level.into()),
                })
                .collect(),
            undo: s.undo,
            lang: s.lang,
        }
    }
}

impl SessionSettings {
    /// The core settings, validated; errors are written in `self.lang`.
    pub fn to_core(&self) -> Result<core::Settings, SessionError> {
        let lang = self.lang;
        let invalid = |message: String| SessionError::InvalidSettings { message };
        let rules = self.rules.to_core_unchecked()?;
        let players = usize::from(rules.players);
        if self.seats.len() > 4 || self.seats.len() < players.min(4) {
            return Err(invalid(format!(
                "seats has {} entries; it needs one per seat ({} players) and at most 4",
                self.seats.len(),
                rules.players
            )));
        }
        let mut seats = [Player::Human; 4];
        for (slot, level) in seats.iter_mut().zip(&self.seats).take(players) {
            *slot = level.map_or(Player::Human, |l| Player::Ai(l.into()));
        }
        let settings = core::Settings {
            rules,
            seats,
            undo: self.undo,
            lang,
        };
        settings.validate().map_err(|e| {
            SessionError::from_core(&core::SessionError::Settings(e), &core::Texts::new(lang))
        })?;
        Ok(settings)
    }
}

/// What the session waits for (see `scopa_core::session::Phase`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Phase {
    /// The person at `seat` chooses a card of their hand (`Session.select`).
    Play {
        /// The seat to play.
        seat: u8,
    },
    /// The card chosen can capture in several ways: `Session.capture` one of
    /// `Session.captureOptions()`, or `Session.cancel`.
    ChooseCapture {
        /// The seat to play.
        seat: u8,
        /// The card chosen.
        card: u8,
    },
    /// An AI seat is to play: pause as the app likes, then `Session.runAi`.
    AiDue {
        /// The AI seat.
        seat: u8,
    },
    /// Pass-and-play: hand the device to the person at `seat`; the cards stay hidden until
    /// `Session.proceed`.
    HandOff {
        /// The next person's seat.
        seat: u8,
    },
    /// A sweep was just made: show it, then `Session.proceed`.
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// A hand just ended: show `Session.summary()`, then `Session.proceed`.
    HandSummary,
    /// The match is over: `Session.rematch` starts the next one.
    MatchOver {
        /// The winning side.
        winner: u8,
    },
}

impl From<core::Phase> for Phase {
    fn from(p: core::Phase) -> Phase {
        match p {
            core::Phase::Play { seat } => Phase::Play { seat },
            core::Phase::ChooseCapture { seat, card } => Phase::ChooseCapture {
                seat,
                card: card.index(),
            },
            core::Phase::AiDue { seat } => Phase::AiDue { seat },
            core::Phase::HandOff { seat } => Phase::HandOff { seat },
            core::Phase::Scopa { seat, side } => Phase::Scopa { seat, side },
            core::Phase::HandSummary => Phase::HandSummary,
            core::Phase::MatchOver { winner } => Phase::MatchOver { winner },
        }
    }
}

/// A play: the seat, the card and the cards it captured (0: laid on the table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SessionPlay {
    /// The seat that played.
    pub seat: u8,
    /// The card played.
    pub card: u8,
    /// The cards captured.
    pub capture: u64,
}

/// Everything the UI draws, compact: only the viewer's own hand and public facts. Lists
/// have one entry per seat in play (`hand_sizes`) or per side (`piles`, `scope`, `scores`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct TableState {
    /// What the session waits for.
    pub phase: Phase,
    /// The same as a sentence for the player, in the session's language: `Your turn: play
    /// a card.`, `Player 2 is thinking…`, `Hand the device to Player 3. …`, who won…
    pub prompt: String,
    /// The seat whose cards may be shown (`None`: watch mode, or the device is being handed
    /// over in pass-and-play).
    pub viewer: Option<u8>,
    /// The viewer's hand (0 without a viewer).
    pub hand: u64,
    /// The cards on the table.
    pub table: u64,
    /// The seat to play (the last to play once the match is over).
    pub turn: u8,
    /// The dealer of the current hand.
    pub dealer: u8,
    /// The current hand's number, from 0.
    pub hand_number: u16,
    /// Plays made in the current hand.
    pub plays: u8,
    /// Cards left in the deck.
    pub deck_left: u8,
    /// Cards held, per seat.
    pub hand_sizes: Vec<u32>,
    /// Cards captured this hand, per side (captures are made face up).
    pub piles: Vec<u64>,
    /// Scope this hand, per side.
    pub scope: Vec<u32>,
    /// Match points before the current hand, per side.
    pub scores: Vec<u32>,
    /// The last play of the current hand (it may be the previous hand's last play while the
    /// hand summary is shown).
    pub last_play: Option<SessionPlay>,
    /// The side that captured last this hand.
    pub last_capture: Option<u8>,
    /// Whether `Session.undo` would be accepted now.
    pub can_undo: bool,
    /// Kings reshuffles of this hand's deal.
    pub redeals: u8,
    /// The match's number in the session (0, then +1 per rematch).
    pub match_number: u32,
}

impl TableState {
    /// The record of `s` for a game of `players` players and `sides` sides, with its
    /// `prompt`.
    pub fn new(s: &core::TableState, players: u8, sides: u8, prompt: String) -> TableState {
        let sides = usize::from(sides);
        TableState {
            phase: s.phase.into(),
            prompt,
            viewer: s.viewer,
            hand: s.hand.bits(),
            table: s.table.bits(),
            turn: s.turn,
            dealer: s.dealer,
            hand_number: s.hand_number,
            plays: s.plays,
            deck_left: s.deck_left,
            hand_sizes: s.hand_sizes[..usize::from(players)]
                .iter()
                .map(|&n| u32::from(n))
                .collect(),
            piles: s.piles[..sides].iter().map(|p| p.bits()).collect(),
            scope: s.scope[..sides].iter().map(|&n| u32::from(n)).collect(),
            scores: s.scores[..sides].iter().map(|&n| u32::from(n)).collect(),
            last_play: s.last_play.map(|p| SessionPlay {
                seat: p.seat,
                card: p.mv.card().index(),
                capture: p.mv.capture().bits(),
            }),
            last_capture: s.last_capture,
            can_undo: s.can_undo,
            redeals: s.redeals,
            match_number: s.match_number,
        }
    }
}

/// The card with index `index`, or [`SessionError::InvalidCard`].
pub fn card(index: u8) -> Result<Card, SessionError> {
    Card::from_index(index).ok_or_else(|| SessionError::InvalidCard {
        message: format!("card index {index} is not 0 to 39"),
    })
}

/// The set with bits `bits`, or [`SessionError::InvalidCard`].
pub fn cards(bits: u64) -> Result<CardSet, SessionError> {
    CardSet::from_bits(bits).ok_or_else(|| SessionError::InvalidCard {
        message: format!("card set {bits:#x} has bits above 39 (cards are 0 to 39)"),
    })
}

/// The core action playing `card` capturing exactly `capture`; the cards must exist.
pub fn play(card_index: u8, capture: u64) -> Result<core::Action, SessionError> {
    let (c, capture) = (card(card_index)?, cards(capture)?);
    if capture.contains(c) {
        return Err(SessionError::InvalidCard {
            message: format!("card {c} cannot capture itself"),
        });
    }
    Ok(core::Action::Play(Move::new(c, capture)))
}

/// One side's result for a hand: points, then the tallies behind them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SideScore {
    /// Points: one per scopa.
    pub scope: u8,
    /// Point: most cards.
    pub carte: u8,
    /// Point: most coins.
    pub denari: u8,
    /// Point: the seven of coins.
    pub settebello: u8,
    /// Point: primiera.
    pub primiera: u8,
    /// Points: napola.
    pub napola: u8,
    /// Point: re bello.
    pub re_bello: u8,
    /// The hand's points, all together.
    pub total: u16,
    /// Tally: cards in the pile.
    pub cards: u8,
    /// Tally: coins in the pile.
    pub coins: u8,
    /// Tally: sevens in the pile.
    pub sevens: u8,
    /// Tally: the primiera sum (`None`: no primiera under the classic rule).
    pub primiera_value: Option<u8>,
}

impl From<&scopa_core::SideScore> for SideScore {
    fn from(s: &scopa_core::SideScore) -> SideScore {
        SideScore {
            scope: s.scope,
            carte: s.carte,
            denari: s.denari,
            settebello: s.settebello,
            primiera: s.primiera,
            napola: s.napola,
            re_bello: s.re_bello,
            total: s.total(),
            cards: s.cards,
            coins: s.coins,
            sevens: s.sevens,
            primiera_value: s.primiera_value,
        }
    }
}

impl SideScore {
    fn to_core(self) -> scopa_core::SideScore {
        scopa_core::SideScore {
            scope: self.scope,
            carte: self.carte,
            denari: self.denari,
            settebello: self.settebello,
            primiera: self.primiera,
            napola: self.napola,
            re_bello: self.re_bello,
            cards: self.cards,
            coins: self.coins,
            sevens: self.sevens,
            primiera_value: self.primiera_value,
        }
    }
}

/// What happened, in order, for the app to animate (see `scopa_core::Event`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum SessionEvent {
    /// `seat` played `card`, capturing `capture` (0: laid on the table).
    Played {
        /// The seat.
        seat: u8,
        /// The card.
        card: u8,
        /// The cards captured.
        capture: u64,
    },
    /// The capture swept the table: a point to `side`.
    Scopa {
        /// The seat.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// Every hand was empty: a new round of cards was dealt.
    Dealt {
        /// The round (1 = the second of the hand).
        round: u8,
        /// Cards left in the deck after it.
        deck_left: u8,
    },
    /// End of the hand: the cards left on the table went to the side that captured last.
    TableCollected {
        /// The side.
        side: u8,
        /// The cards.
        cards: u64,
    },
    /// The hand is over, with its score per side.
    HandFinished {
        /// One entry per side.
        sides: Vec<SideScore>,
    },
    /// The match is over.
    MatchFinished {
        /// The winning side.
        winner: u8,
        /// Final points per side.
        scores: Vec<u32>,
    },
    /// A new hand was dealt.
    NewHand {
        /// Its number, from 0.
        number: u16,
        /// Its dealer.
        dealer: u8,
        /// The cards laid face up on the table.
        table: u64,
        /// Kings reshuffles before this deal.
        redeals: u8,
    },
}

impl SessionEvent {
    /// The record of `e`, for a game of `sides` sides.
    pub fn new(e: &Event, sides: u8) -> SessionEvent {
        match *e {
            Event::Played { seat, mv } => SessionEvent::Played {
                seat,
                card: mv.card().index(),
                capture: mv.capture().bits(),
            },
            Event::Scopa { seat, side } => SessionEvent::Scopa { seat, side },
            Event::Dealt { round, deck_left } => SessionEvent::Dealt { round, deck_left },
            Event::TableCollected { side, cards } => SessionEvent::TableCollected {
                side,
                cards: cards.bits(),
            },
            Event::HandFinished(score) => SessionEvent::HandFinished {
                sides: score.sides().iter().map(SideScore::from).collect(),
            },
            Event::MatchFinished { winner, scores } => SessionEvent::MatchFinished {
                winner,
                scores: scores[..usize::from(sides)]
                    .iter()
                    .map(|&n| u32::from(n))
                    .collect(),
            },
            Event::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => SessionEvent::NewHand {
                number,
                dealer,
                table: table.bits(),
                redeals,
            },
        }
    }

    /// The core event this record describes (to write it with the session's texts or as a
    /// transcript line); cards and the number of sides are checked.
    pub fn to_core(&self) -> Result<Event, SessionError> {
        let sides_error = |n: usize| SessionError::InvalidCard {
            message: format!("an event has {n} sides; a game has 2 or 3"),
        };
        Ok(match self {
            SessionEvent::Played {
                seat,
                card: c,
                capture,
            } => Event::Played {
                seat: *seat,
                mv: Move::new(card(*c)?, cards(*capture)?),
            },
            SessionEvent::Scopa { seat, side } => Event::Scopa {
                seat: *seat,
                side: *side,
            },
            SessionEvent::Dealt { round, deck_left } => Event::Dealt {
                round: *round,
                deck_left: *deck_left,
            },
            SessionEvent::TableCollected { side, cards: c } => Event::TableCollected {
                side: *side,
                cards: cards(*c)?,
            },
            SessionEvent::HandFinished { sides } => {
                let core: Vec<_> = sides.iter().map(|s| s.to_core()).collect();
                Event::HandFinished(
                    HandScore::from_sides(&core).ok_or_else(|| sides_error(sides.len()))?,
                )
            }
            SessionEvent::MatchFinished { winner, scores } => {
                if !(2..=3).contains(&scores.len()) {
                    return Err(sides_error(scores.len()));
                }
                let mut all = [0u16; 3];
                for (slot, &n) in all.iter_mut().zip(scores) {
                    *slot = u16::try_from(n).map_err(|_| SessionError::InvalidCard {
                        message: format!("a score of {n} is more than a match can have"),
                    })?;
                }
                Event::MatchFinished {
                    winner: *winner,
                    scores: all,
                }
            }
            SessionEvent::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => Event::NewHand {
                number: *number,
                dealer: *dealer,
                table: cards(*table)?,
                redeals: *redeals,
            },
        })
    }

    /// Checks that this event can happen in a match of `rules` — every seat, side, card and
    /// count (defect 5 of issue 26: `event_text` wrote what it was given, and a side past the
    /// table overflowed). Everything wrong is [`SessionError::InvalidCard`], a malformed
    /// event record.
    pub fn check(&self, rules: &Rules) -> Result<(), SessionError> {
        let bad = |message: String| Err(SessionError::InvalidCard { message });
        let (players, sides) = (rules.players, rules.sides());
        let seat = |what: &str, seat: u8| {
            if seat < players {
                Ok(())
            } else {
                bad(format!(
                    "{what} {seat} is not a seat of this {players}-player match (0 to {})",
                    players - 1
                ))
            }
        };
        let side = |what: &str, side: u8| {
            if side < sides {
                Ok(())
            } else {
                bad(format!(
                    "{what} {side} is not a side of this match (0 to {})",
                    sides - 1
                ))
            }
        };
        let side_count = |n: usize| {
            if n == usize::from(sides) {
                Ok(())
            } else {
                bad(format!("an event has {n} sides; this match has {sides}"))
            }
        };
        match self {
            SessionEvent::Played {
                seat: s,
                card: c,
                capture,
            } => {
                seat("seat", *s)?;
                let (c, capture) = (card(*c)?, cards(*capture)?);
                if capture.contains(c) {
                    return bad(format!("card {c} cannot capture itself"));
                }
            }
            SessionEvent::Scopa { seat: s, side: d } => {
                seat("seat", *s)?;
                side("side", *d)?;
                if rules.side_of(*s) != *d {
                    return bad(format!(
                        "seat {s} plays for side {}, not side {d}",
                        rules.side_of(*s)
                    ));
                }
            }
            SessionEvent::Dealt { round, deck_left } => {
                if *round == 0 || *round >= rules.rounds() {
                    return bad(format!(
                        "no round {round} is dealt in a hand of these rules (rounds 1 to {} after the first deal)",
                        rules.rounds().saturating_sub(1)
                    ));
                }
                let dealt = u16::from(rules.initial_table())
                    + (u16::from(*round) + 1) * u16::from(rules.plays_per_round());
                let left = 40u16.saturating_sub(dealt);
                if u16::from(*deck_left) != left {
                    return bad(format!(
                        "round {round} leaves {left} cards in the deck, not {deck_left}"
                    ));
                }
            }
            SessionEvent::TableCollected { side: d, cards: c } => {
                side("side", *d)?;
                cards(*c)?;
            }
            SessionEvent::HandFinished { sides: all } => {
                side_count(all.len())?;
                check_hand(all, rules)?;
            }
            SessionEvent::MatchFinished { winner, scores } => {
                side_count(scores.len())?;
                side("winning side", *winner)?;
                let best = scores.iter().copied().max().unwrap_or(0);
                if scores[usize::from(*winner)] != best {
                    return bad(format!(
                        "side {winner} cannot win with {} points when another side has {best}",
                        scores[usize::from(*winner)]
                    ));
                }
            }
            SessionEvent::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => {
                seat("dealer", *dealer)?;
                if *number >= Match::MAX_HANDS {
                    return bad(format!(
                        "hand {number} is past the last a match has ({})",
                        Match::MAX_HANDS - 1
                    ));
                }
                let laid = cards(*table)?.len();
                if laid != u32::from(rules.initial_table()) {
                    return bad(format!(
                        "a hand of these rules starts with {} cards on the table, not {laid}",
                        rules.initial_table()
                    ));
                }
                let most = if rules.kings_redeal { MAX_REDEALS } else { 0 };
                if *redeals > most {
                    return bad(format!(
                        "{redeals} redeals: a deal of these rules is redone at most {most} times"
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The scores of a finished hand must be ones a hand of `rules` can give: every point in
/// range (napola and re bello only when played), each total the sum of its points, and the
/// tallies adding up to the deck (40 cards, 10 coins, 4 sevens, one settebello).
fn check_hand(sides: &[SideScore], rules: &Rules) -> Result<(), SessionError> {
    let bad = |side: usize, what: String| {
        Err(SessionError::InvalidCard {
            message: format!("the score of side {side}: {what}"),
        })
    };
    for (i, s) in sides.iter().enumerate() {
        for (name, points) in [
            ("carte", s.carte),
            ("denari", s.denari),
            ("settebello", s.settebello),
            ("primiera", s.primiera),
            ("re bello", s.re_bello),
        ] {
            if points > 1 {
                return bad(i, format!("{points} points for {name}, which gives 0 or 1"));
            }
        }
        if s.scope > rules.max_scope() {
            return bad(
                i,
                format!(
                    "{} scope, more than the {} a hand allows",
                    s.scope,
                    rules.max_scope()
                ),
            );
        }
        if !(s.napola == 0 || (rules.napola && (3..=10).contains(&s.napola))) {
            return bad(i, format!("{} points for napola", s.napola));
        }
        if s.re_bello > 0 && !rules.re_bello {
            return bad(i, "a point for re bello, which is not played".to_string());
        }
        if s.primiera_value.is_some_and(|v| v > 84) {
            return bad(
                i,
                format!("a primiera of {:?}; the best is 84", s.primiera_value),
            );
        }
        let total = s.to_core().total();
        if s.total != total {
            return bad(i, format!("a total of {} for {total} points", s.total));
        }
    }
    let sum = |f: fn(&SideScore) -> u8| sides.iter().map(|s| u32::from(f(s))).sum::<u32>();
    for (name, got, deck) in [
        ("cards", sum(|s| s.cards), 40),
        ("coins", sum(|s| s.coins), 10),
        ("sevens", sum(|s| s.sevens), 4),
        ("settebello points", sum(|s| s.settebello), 1),
    ] {
        if got != deck {
            return Err(SessionError::InvalidCard {
                message: format!("the sides' {name} add up to {got}, not {deck}"),
            });
        }
    }
    Ok(())
}

/// What an action did: the events in order (to animate), each one's caption in the
/// session's language, and the state it left — all the UI needs after a tap, in one call.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Update {
    /// What happened, in order (empty for actions that only change the phase).
    pub events: Vec<SessionEvent>,
    /// One caption per event: `Player 2: 7 of denari takes 7 of coppe`.
    pub texts: Vec<String>,
    /// The state after the action.
    pub state: TableState,
}

/// The expert's suggestion for the person to play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SessionHint {
    /// The card to play.
    pub card: u8,
    /// The cards it would capture (0: laid on the table).
    pub capture: u64,
    /// Why.
    pub reason: HintReason,
    /// The suggestion and why, in the session's language.
    pub text: String,
}

/// One row of a hand's summary: what it counts, and per side the points and the tally
/// behind them (when there is one).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SummaryRow {
    /// What the row counts, in the session's language.
    pub label: String,
    /// Points per side.
    pub points: Vec<u32>,
    /// The tally per side: cards, coins, sevens or the primiera sum.
    pub tally: Vec<Option<u8>>,
}

/// The last finished hand: its summary rows (scope, carte, denari, settebello, primiera,
/// napola and re bello when played, the hand's total) and each side's pile and scope.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct HandSummary {
    /// The rows, in the order of the rules.
    pub rows: Vec<SummaryRow>,
    /// Each side's pile, the table's last cards included.
    pub piles: Vec<u64>,
}

/// Names that depend on the session (its players, its one person) and its language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SessionNames {
    /// Per seat: `You`, `Player 2`, … / `Tu`, `Giocatore 2`, …
    pub seats: Vec<String>,
    /// Per side: a seat's name, or with 4 players `Your team` / `Opponents` (`Players 1 & 3`
    /// without a "you").
    pub sides: Vec<String>,
    /// The rules on one line.
    pub rules: String,
}

/// One line of a session script.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ScriptLine {
    /// A comment or a blank line.
    Nothing,
    /// `seed N`: the session's secret.
    Seed {
        /// The secret.
        seed: u64,
    },
    /// `session …`: the settings (language English).
    Settings {
        /// The settings.
        settings: SessionSettings,
    },
    /// A person's move: the card, then what it captures (0: laid on the table).
    Move {
        /// The card.
        card: u8,
        /// The cards it captures.
        capture: u64,
    },
    /// `save`: write the session's save here.
    Save,
}

impl From<core::transcript::ScriptLine> for ScriptLine {
    fn from(l: core::transcript::ScriptLine) -> ScriptLine {
        use core::transcript::ScriptLine as L;
        match l {
            L::Nothing => ScriptLine::Nothing,
            L::Seed(seed) => ScriptLine::Seed { seed },
            L::Settings(s) => ScriptLine::Settings { settings: s.into() },
            L::Move(mv) => ScriptLine::Move {
                card: mv.card().index(),
                capture: mv.capture().bits(),
            },
            L::Save => ScriptLine::Save,
        }
    }
}
