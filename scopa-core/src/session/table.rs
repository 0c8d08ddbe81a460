//! The table model: everything a screen shows to the seat that is looking, in one value —
//! [`Frame`]. Front-ends only draw it and forward input; they decide no flow, rule, score
//! or text.
//!
//! A frame holds typed values; each text is written on demand, in the session's language,
//! by a method returning `impl Display` ([`Frame::status`], [`Frame::seat_name`],
//! [`Frame::event_text`] …), so the model allocates nothing and a front-end gets every string
//! without knowing a rule. The `scopa-frame` crate writes a frame out once, every text
//! written, as owned records that serialize to JSON (what a network server sends each seat
//! and the browser draws) and cross uniffi to the phone apps.
//!
//! **Hidden cards stay hidden**: a frame is a function of what its viewer may know. Only
//! the viewer's hand is in it; the others' hands are counts; the deck is a count. Two
//! sessions that differ only in the other hands and the deck order give identical frames
//! (a property test permutes the hidden cards and compares frames and their JSON).
//!
//! What is game-specific is an enum ([`GameTable`], [`HandOver`]): Scopa's table, piles and
//! capture choices today; Briscola's trick and trump will be a second variant, not fields
//! every game must fill. Capacities are named ([`MAX_SEATS`], [`MAX_SIDES`]) and the seats
//! and sides are lists, so bigger tables change constants, not the shape.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::session::driver::Presenter;
//! use scopa_core::session::pacing::Pacing;
//! use scopa_core::session::table::Choices;
//! use scopa_core::session::{Session, Settings};
//! let session = Session::new(Settings::against(Level::Easy, Default::default()), 7).unwrap();
//! let mut p = Presenter::new(session, Pacing::APPS);
//! let frame = p.frame();
//! assert_eq!(frame.seat_name(0).to_string(), "You");
//! assert_eq!(frame.hand.len(), 3);                  // your cards, and nobody else's
//! assert_eq!(frame.seats[1].cards, 3);              // the other's: a count
//! assert!(frame.event_text(&frame.events[0]).to_string().starts_with("Hand 1")); // the deal
//! if let Choices::Cards(cards) = &frame.choices {   // you lead: each card, what it takes
//!     assert_eq!(cards.len(), 3);
//! }
//! ```

use core::fmt::Display;

use crate::briscola::{BriscolaCards, BriscolaMatchOf, TwoDeckScore};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{GameMatch, GameMove};
use crate::multiset::CardMultiset;
use crate::scopa::teams::TeamMove;

use super::pacing::{Next, Pacing, Seats, Token, pace};
use super::texts::{CardStyle, Label, SummaryRow, Texts, summary_rows};
use super::{
    AnyMatch, CaptureOptions, GameEvent, GameHint, Phase, Player, SeatMove, Session, SessionError,
    transcript,
};

/// The most seats a session's table has: 8 (two decks), or 4 without the `big-tables`
/// feature (the handheld).
pub const MAX_SEATS: usize = if cfg!(feature = "big-tables") {
    crate::seats::MAX_SEATS
} else {
    4
};
// Every seat can have a name.
const _: () = assert!(super::names::MAX_SEATS >= MAX_SEATS);
/// The most sides a session's table has: 4 (eight players), or 3 without the `big-tables`
/// feature.
pub const MAX_SIDES: usize = if cfg!(feature = "big-tables") {
    crate::seats::MAX_SIDES
} else {
    3
};
/// The most cards a hand holds (Scopone scientifico: 10).
pub const MAX_HAND: usize = 10;
/// The most events a frame carries: two plays' worth. Older ones are counted in
/// [`Frame::missed_events`] when a front-end takes no frame for longer.
pub const MAX_FRAME_EVENTS: usize = 16;
/// The most rows of a hand's summary ([`summary_rows`]).
pub const MAX_SUMMARY_ROWS: usize = 8;
/// The most hands of a match's recap ([`Presenter::recap`](super::driver::Presenter::recap)):
/// the latest ones.
pub const MAX_RECAP: usize = 32;

/// One finished hand of the match, for the recap at its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RecapHand {
    /// The hand's number, from 0 (shown from 1).
    pub hand: u16,
    /// Each side's points of that hand (Scopa: the hand's total; Briscola: the card points);
    /// sides past the last are 0.
    pub points: [u8; MAX_SIDES],
}

/// One seat as everybody sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SeatInfo {
    /// The seat, from 0 (shown from 1).
    pub seat: u8,
    /// Its side.
    pub side: u8,
    /// A person or the AI at a level.
    pub player: Player,
    /// Cards in its hand.
    pub cards: u8,
    /// What it played last in the current hand (public: every card is played face up), to
    /// show at its place until it plays again; in Briscola the card, with nothing taken.
    pub last_play: Option<TeamMove>,
}

/// One side as everybody sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SideInfo {
    /// The side, from 0.
    pub side: u8,
    /// Its match score (the hands finished so far).
    pub score: u16,
}

/// A side's captures in the current hand of Scopa (public: captures are made face up).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ScopaPile {
    /// The cards captured (a card may be there twice at a table of 6 or 8).
    pub cards: CardMultiset,
    /// Its scope.
    pub scope: u8,
}

/// What the middle of a Scopa table shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ScopaTable {
    /// The cards face up on the table (a card may be there twice at a table of 6 or 8).
    pub table: CardMultiset,
    /// Cards left in the deck.
    pub deck_left: u8,
    /// Each side's captures this hand.
    pub piles: heapless::Vec<ScopaPile, MAX_SIDES>,
    /// The side that captured last this hand.
    pub last_capture: Option<u8>,
    /// The last play of the hand.
    pub last_play: Option<SeatMove>,
    /// Kings reshuffles of this hand's deal.
    pub redeals: u8,
}

/// A card of a Briscola trick and the seat that played it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TrickCard {
    /// The seat.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// A finished trick of Briscola: its cards in play order and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TakenTrick {
    /// The cards, in play order.
    pub cards: heapless::Vec<TrickCard, MAX_SEATS>,
    /// The seat that took it (it leads next).
    pub winner: u8,
    /// Its card points.
    pub points: u8,
}

/// What the middle of a Briscola table shows: everything public (BRISCOLA.md section 5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BriscolaTable {
    /// The trick being played, in play order (empty between tricks).
    pub trick: heapless::Vec<TrickCard, MAX_SEATS>,
    /// The seat that leads the trick.
    pub leader: u8,
    /// The face-up briscola: its suit is trump for the whole hand.
    pub briscola: Card,
    /// Who drew the briscola, once it left the table (every seat saw it).
    pub briscola_holder: Option<u8>,
    /// Cards left in the stock, the face-up briscola included (0: nothing more to draw).
    pub stock: u8,
    /// The last trick taken in this hand.
    pub last_trick: Option<TakenTrick>,
    /// The card points each side has taken this hand: public, every trick is seen.
    pub points: heapless::Vec<u8, MAX_SIDES>,
    /// Tricks taken this hand.
    pub tricks_done: u8,
}

/// The game-specific middle of the table: one variant per game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameTable {
    /// Scopa.
    Scopa(ScopaTable),
    /// Briscola.
    Briscola(BriscolaTable),
}

/// One card of the hand a person may play, with what it does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardChoice {
    /// The card ([`Action::Select`](super::Action::Select) plays it; with two copies in
    /// the hand, one choice stands for both).
    pub card: Card,
    /// How many ways it can be played: 1 means a tap plays it at once; more opens the
    /// capture choice.
    pub ways: u8,
    /// Every table card one of its captures takes (empty: it is laid on the table), to
    /// highlight.
    pub takes: CardSet,
}

/// What the viewer may choose now, grouped as a screen offers it: a card, then (when it can
/// capture in several ways) one of its captures.
// Held inline (no allocation in the core): the capture list is the larger variant.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Choices {
    /// Nothing to choose (another seat acts, a banner shows, the viewer only watches).
    None,
    /// The viewer plays a card: every card of the hand (a card held twice once), in
    /// canonical order.
    Cards(heapless::Vec<CardChoice, MAX_HAND>),
    /// The card chosen takes in several ways: pick `options[i]`
    /// ([`Action::Capture`](super::Action::Capture)`(i)`), or cancel.
    Captures {
        /// The card being played.
        card: Card,
        /// The captures, in the session's canonical order (a card may be taken twice at a
        /// table of 6 or 8).
        options: CaptureOptions,
    },
}

/// The buttons beside the cards: which actions the viewer may take now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Offers {
    /// Ask for a hint ([`Presenter::hint`](super::driver::Presenter::hint)); [`Label::Hint`].
    pub hint: bool,
    /// [`Action::Undo`](super::Action::Undo); [`Label::Undo`].
    pub undo: bool,
    /// [`Action::Cancel`](super::Action::Cancel) the capture choice; [`Label::Cancel`].
    pub cancel: bool,
    /// [`Action::Continue`](super::Action::Continue): take the device, close the summary,
    /// skip the scopa banner; [`Label::Continue`].
    pub proceed: bool,
    /// [`Action::Rematch`](super::Action::Rematch); [`Label::Rematch`].
    pub rematch: bool,
}

/// The summary of a finished hand: one variant per game.
// Held inline (no allocation in the core): Scopa's rows are the larger variant.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum HandOver {
    /// Scopa: the rows of [`summary_rows`] (write each label with [`Frame::label`]) and each
    /// side's pile and scope.
    Scopa {
        /// The rows, in the order of the rules.
        rows: heapless::Vec<SummaryRow, MAX_SUMMARY_ROWS>,
        /// Each side's pile (the table's last cards included) and scope.
        piles: heapless::Vec<ScopaPile, MAX_SIDES>,
    },
    /// Briscola: each side's card points and the hand's winner.
    Briscola {
        /// The points and the winner (`None`: a draw).
        score: TwoDeckScore,
        /// Sides in the game.
        sides: u8,
    },
}

/// The banner, dialog or summary over the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Banner {
    /// A sweep: [`Frame::banner_text`] says who.
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// Pass-and-play: hide the cards and hand the device to `seat`.
    HandOff {
        /// The person to take the device.
        seat: u8,
    },
    /// A hand ended: its summary (the match score is in [`Frame::sides`]).
    HandOver(HandOver),
    /// The match ended.
    MatchOver {
        /// The winning side.
        winner: u8,
        /// With one person (or a network seat): whether their side won.
        you_won: Option<bool>,
        /// The last hand's summary.
        last_hand: Option<HandOver>,
    },
}

/// An event of the steps since the last frame, with its transcript line; its text is the
/// frame's ([`Frame::event_text`]: the frame's texts hold the language and the names once,
/// not once per event).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ShownEvent {
    /// What happened (to animate).
    pub event: GameEvent,
}

impl ShownEvent {
    /// The transcript line(s), language-free ([`transcript::event`]).
    pub fn line(&self) -> impl Display + '_ {
        transcript::event(&self.event)
    }
}

/// Everything a screen shows to the seat that is looking: see the
/// [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Frame {
    /// The language, card style and point of view of every text.
    pub texts: Texts,
    /// What the session waits for (a choice of capture shows as `Play` to other seats).
    pub phase: Phase,
    /// The seat whose cards are shown (none: handing over, watching, a spectator).
    pub viewer: Option<u8>,
    /// The viewer's hand (empty without a viewer; a card may be there twice at a table of
    /// 6 or 8).
    pub hand: CardMultiset,
    /// Every seat in play.
    pub seats: heapless::Vec<SeatInfo, MAX_SEATS>,
    /// Every side in play, with the match score.
    pub sides: heapless::Vec<SideInfo, MAX_SIDES>,
    /// The dealer of the current hand.
    pub dealer: u8,
    /// The seat to play (the last to play once the match is over).
    pub turn: u8,
    /// The current hand's number, from 0 (shown from 1).
    pub hand_number: u16,
    /// The match's number in the session (0, then +1 per rematch).
    pub match_number: u32,
    /// The points to win.
    pub target: u8,
    /// The middle of the table, game by game.
    pub table: GameTable,
    /// The cards or captures the viewer may choose now.
    pub choices: Choices,
    /// The buttons the viewer may press now.
    pub offers: Offers,
    /// The expert's suggestion, when the viewer asked for it (until the next play).
    pub hint: Option<GameHint>,
    /// The banner or summary to show over the table.
    pub banner: Option<Banner>,
    /// What happened since the last frame, oldest first.
    pub events: heapless::Vec<ShownEvent, MAX_FRAME_EVENTS>,
    /// Events that happened since the last frame but no longer fit in
    /// [`events`](Frame::events) (the oldest ones).
    pub missed_events: u16,
    /// Why the viewer's last input was refused (until the next accepted action).
    pub refusal: Option<SessionError>,
    /// What happens next, and when ([`Next`]).
    pub next: Next,
}

impl Frame {
    /// The frame of `session` for the seat `seat` (`None`: a spectator): its hand only,
    /// and that seat called "You" — what a network server sends each seat. No events,
    /// hint or refusal; `next` from `pacing` with token 0.
    pub fn for_seat(
        session: &Session,
        seat: Option<u8>,
        style: CardStyle,
        pacing: &Pacing,
    ) -> Frame {
        let seat = seat.filter(|&s| s < session.players());
        let texts = Texts {
            you: seat,
            ..session.texts().with_style(style)
        };
        Frame::build(session, seat, texts, Next::of(session, pacing, Token(0)))
    }

    /// [`Frame::for_seat`] for a seat whose person sits at a device of their own (an online
    /// room): the buttons follow the rule of such tables instead of the one device's. Any
    /// person's seat may close a sweep's banner and ask for a rematch; the hand summary is
    /// [`gather`](super::pacing::gather)ed, so Continue is offered to each person who has
    /// not pressed it yet (`ready`: the seats that have); a spectator or an AI's seat is
    /// offered neither. Hand-offs are never shown to such a seat: with nobody to hand a
    /// device to, an unattended [`Pacing`] passes them at once.
    ///
    /// ```
    /// use scopa_core::session::pacing::{Pacing, Seats};
    /// use scopa_core::session::table::Frame;
    /// use scopa_core::session::{Action, Phase, Session, Settings};
    /// use scopa_core::scopa::Rules;
    /// let mut s = Session::new(Settings::pass_and_play(Rules::default()), 5).unwrap();
    /// let fast = Pacing::UNATTENDED;
    /// while !matches!(s.phase(), Phase::HandSummary) {
    ///     let a = match s.phase() {
    ///         Phase::Play { .. } => Action::Play(s.legal_moves()[0].into()),
    ///         _ => Action::Continue,
    ///     };
    ///     s.apply(a).unwrap();
    /// }
    /// let style = Default::default();
    /// assert!(Frame::at_own_device(&s, Some(0), style, &fast, Seats::NONE).offers.proceed);
    /// // Seat 0 has pressed Continue: the summary waits for seat 1 only.
    /// let ready = Seats::NONE.with(0);
    /// assert!(!Frame::at_own_device(&s, Some(0), style, &fast, ready).offers.proceed);
    /// assert!(Frame::at_own_device(&s, Some(1), style, &fast, ready).offers.proceed);
    /// assert!(!Frame::at_own_device(&s, None, style, &fast, ready).offers.proceed);
    /// ```
    pub fn at_own_device(
        session: &Session,
        seat: Option<u8>,
        style: CardStyle,
        pacing: &Pacing,
        ready: Seats,
    ) -> Frame {
        let mut frame = Frame::for_seat(session, seat, style, pacing);
        let person = seat
            .filter(|&s| s < session.players())
            .filter(|&s| session.settings().player(s).is_human());
        let phase = session.phase();
        frame.offers.proceed = person.is_some_and(|s| match phase {
            Phase::Scopa { .. } => true,
            Phase::HandSummary => !ready.contains(s),
            _ => false,
        });
        frame.offers.rematch = person.is_some() && matches!(phase, Phase::MatchOver { .. });
        frame
    }

    /// The frame of `session` for `viewer`, with no events, hint or refusal.
    pub(crate) fn build(session: &Session, viewer: Option<u8>, texts: Texts, next: Next) -> Frame {
        let settings = session.settings();
        let m = session.any_match();
        let mut phase = session.phase();
        // Only the seat choosing a capture may know which card it is choosing for.
        if let Phase::ChooseCapture { seat, .. } = phase
            && viewer != Some(seat)
        {
            phase = Phase::Play { seat };
        }
        let mut seats = heapless::Vec::new();
        for seat in 0..settings.players() {
            let _ = seats.push(SeatInfo {
                seat,
                side: settings.side_of(seat),
                player: settings.player(seat),
                cards: m.hand_len(seat),
                last_play: None,
            });
        }
        for_each_hand_play(&**m, |seat, mv| {
            if let Some(info) = seats.get_mut(usize::from(seat)) {
                info.last_play = Some(shown(mv));
            }
        });
        let scores = m.scores();
        let mut sides = heapless::Vec::new();
        for side in 0..settings.sides() {
            let _ = sides.push(SideInfo {
                side,
                score: scores[usize::from(side)],
            });
        }
        let mine = viewer.map_or(CardMultiset::EMPTY, |seat| m.hand_of(seat));
        let acting = match phase {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => viewer == Some(seat),
            _ => false,
        };
        let choices = match phase {
            Phase::Play { .. } if acting => {
                let mut cards = heapless::Vec::new();
                for card in mine.distinct() {
                    let (ways, takes) = if settings.game.is_briscola() {
                        (1, CardSet::EMPTY)
                    } else {
                        let captures = m.captures(card);
                        let takes = captures
                            .iter()
                            .fold(CardSet::EMPTY, |a, c| a | c.distinct());
                        (captures.len().max(1) as u8, takes)
                    };
                    let _ = cards.push(CardChoice { card, ways, takes });
                }
                Choices::Cards(cards)
            }
            Phase::ChooseCapture { card, .. } if acting => Choices::Captures {
                card,
                options: session.capture_options(),
            },
            _ => Choices::None,
        };
        // Acknowledgements belong to whoever holds the device; a network seat (whose
        // viewer is not the session's) acknowledges nothing.
        let holder = viewer.is_some() && viewer == session.viewer();
        let at_device = holder || settings.humans() == 0 || session.viewer().is_none();
        let offers = Offers {
            hint: acting,
            undo: acting && session.can_undo(),
            cancel: acting && matches!(phase, Phase::ChooseCapture { .. }),
            proceed: at_device
                && matches!(
                    phase,
                    Phase::HandOff { .. } | Phase::HandSummary | Phase::Scopa { .. }
                ),
            rematch: at_device && matches!(phase, Phase::MatchOver { .. }),
        };
        let over = || match m {
            AnyMatch::Scopa(sm) => sm.last_hand().map(|h| {
                let rules = sm.rules();
                let mut piles = heapless::Vec::new();
                for side in 0..rules.sides() {
                    let _ = piles.push(ScopaPile {
                        cards: CardMultiset::from_set(h.piles[usize::from(side)]),
                        scope: h.scope[usize::from(side)],
                    });
                }
                HandOver::Scopa {
                    rows: summary_rows(rules, &h.score),
                    piles,
                }
            }),
            AnyMatch::Briscola(bm) => bm.last_hand().map(|score| HandOver::Briscola {
                score: score.into(),
                sides: settings.sides(),
            }),
            #[cfg(feature = "big-tables")]
            AnyMatch::Teams(tm) => tm.last_hand().map(|score| HandOver::Scopa {
                rows: summary_rows(tm.rules(), score),
                piles: tm
                    .last_piles()
                    .unwrap_or_default()
                    .iter()
                    .enumerate()
                    .map(|(side, &cards)| ScopaPile {
                        cards,
                        scope: score.side(side as u8).scope,
                    })
                    .collect(),
            }),
            #[cfg(feature = "big-tables")]
            AnyMatch::BriscolaTeams(bm) => bm.last_hand().map(|score| HandOver::Briscola {
                score,
                sides: settings.sides(),
            }),
        };
        let banner = match phase {
            Phase::Scopa { seat, side } => Some(Banner::Scopa { seat, side }),
            Phase::HandOff { seat } => Some(Banner::HandOff { seat }),
            Phase::HandSummary => over().map(Banner::HandOver),
            Phase::MatchOver { winner } => Some(Banner::MatchOver {
                winner,
                you_won: texts.you.map(|you| settings.side_of(you) == winner),
                last_hand: over(),
            }),
            _ => None,
        };
        let table = match m {
            AnyMatch::Briscola(bm) => GameTable::Briscola(briscola_table(m, bm, settings.sides())),
            #[cfg(feature = "big-tables")]
            AnyMatch::BriscolaTeams(bm) => {
                GameTable::Briscola(briscola_table(m, bm, settings.sides()))
            }
            // Scopa at any table, through the game interface.
            _ => {
                let mut piles = heapless::Vec::new();
                for side in 0..settings.sides().min(MAX_SIDES as u8) {
                    let _ = piles.push(ScopaPile {
                        cards: m.pile(side),
                        scope: m.scope(side),
                    });
                }
                GameTable::Scopa(ScopaTable {
                    table: m.table_cards(),
                    deck_left: m.deck_left(),
                    piles,
                    last_capture: m.last_capture(),
                    last_play: m.last_play(),
                    redeals: m.redeals(),
                })
            }
        };
        Frame {
            texts,
            phase,
            viewer,
            hand: mine,
            seats,
            sides,
            dealer: m.dealer(),
            turn: m.turn(),
            hand_number: m.hand_number(),
            match_number: session.match_number(),
            target: settings.target(),
            table,
            choices,
            offers,
            hint: None,
            banner,
            events: heapless::Vec::new(),
            missed_events: 0,
            refusal: None,
            next,
        }
    }

    /// Adds `event` to the frame's events (counting it as missed when they are full): a
    /// network server adds the events of each step to every seat's [`Frame::for_seat`]
    /// (events are public: plays, sweeps, deals' table cards, scores, tricks).
    pub fn push_event(&mut self, event: GameEvent) {
        let shown = ShownEvent { event };
        if self.events.push(shown).is_err() {
            self.missed_events = self.missed_events.saturating_add(1);
        }
    }

    /// What the session waits for, as a status line: `Your turn: play a card.`,
    /// `Player 2 is thinking…` ([`Texts::phase`]).
    pub fn status(&self) -> impl Display + '_ {
        self.texts.phase(&self.phase)
    }

    /// The line to show for one of this frame's events, in the session's language and with
    /// the players' names ([`Texts::event`]): `Player 2 plays 7♦ and takes 7♣`.
    pub fn event_text<'a>(&'a self, shown: &'a ShownEvent) -> impl Display + 'a {
        self.texts.event(&shown.event)
    }

    /// A seat's name: `You`, its name, `Player 2` / `Tu`, `Giocatore 2`.
    pub fn seat_name(&self, seat: u8) -> impl Display + '_ {
        self.texts.seat(seat)
    }

    /// A side's name: a seat's, or with 4 players `Your team`, `Opponents`, `Players 1 & 3`.
    pub fn side_name(&self, side: u8) -> impl Display + '_ {
        self.texts.side(side)
    }

    /// Who plays a seat, in words: `Person`, or the AI level's name (`Expert`).
    pub fn player_name(&self, seat: u8) -> &'static str {
        match self.seats.get(usize::from(seat)).map(|s| s.player) {
            Some(Player::Ai(level)) => self.texts.level(level),
            _ => self.texts.label(Label::Human),
        }
    }

    /// The match score on one line: `You 7 · Player 2 5`.
    pub fn score_line(&self) -> impl Display + '_ {
        let mut scores = [0u16; MAX_SIDES];
        for (s, side) in scores.iter_mut().zip(&self.sides) {
            *s = side.score;
        }
        self.texts.scores(scores)
    }

    /// A card in the frame's style: `7d`, `7♦` or `7 of denari`.
    pub fn card_name(&self, card: Card) -> impl Display + '_ {
        self.texts.card(card)
    }

    /// Cards in the frame's style, canonical order (`—` for none): a capture option, a pile.
    pub fn cards_text(&self, cards: impl Into<CardMultiset>) -> impl Display + '_ {
        self.texts.cards(cards)
    }

    /// A move: `7d takes 5d 2c`.
    pub fn move_text(&self, mv: impl Into<crate::game::GameMove>) -> impl Display + '_ {
        self.texts.play(mv)
    }

    /// A fixed text: a button ([`Offers`]), a summary row's label.
    pub const fn label(&self, label: Label) -> &'static str {
        self.texts.label(label)
    }

    /// The hint as a sentence: `Hint: 7d takes 5d 2c — it takes the settebello.`
    pub fn hint_text(&self) -> Option<impl Display + '_> {
        self.hint.as_ref().map(|h| self.texts.hint(h))
    }

    /// The banner's title line: the sweep, `Hand the device to …`, `The hand is over: …`,
    /// the winner.
    pub fn banner_text(&self) -> Option<impl Display + '_> {
        self.banner.as_ref().map(|_| self.status())
    }

    /// Why the last input was refused, in the session's language.
    pub fn refusal_text(&self) -> Option<impl Display + '_> {
        self.refusal.as_ref().map(|e| self.texts.error(e))
    }
}

/// The events of the current hand so far, in order, as they were played: its deal, then
/// every play with what followed it (a sweep, a new round dealt, a trick taken, the cards
/// drawn, the hand's and the match's end) — the hand's log, for a front-end to list (write
/// each with [`Texts::event`]). Every one is public. The hand is replayed through the
/// rules from its deal on a copy of the session (at most 80 plays).
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::session::table::hand_events;
/// use scopa_core::session::{Action, Session, Settings};
/// let mut s = Session::new(Settings::watch(Level::Easy, Default::default()), 3).unwrap();
/// let mut played = Vec::new();
/// for _ in 0..3 {
///     played.extend(s.apply(Action::RunAi).unwrap());
/// }
/// let mut log = Vec::new();
/// hand_events(&s, |e| log.push(e));
/// assert_eq!(log[0], s.deal_event());
/// assert_eq!(log[1..], played[..]);
/// ```
pub fn hand_events(session: &Session, mut emit: impl FnMut(GameEvent)) {
    let mut plays = heapless::Vec::<(u8, GameMove), 80>::new();
    for_each_hand_play(&*session.m, |seat, mv| {
        let _ = plays.push((seat, mv));
    });
    let mut replay = session.clone();
    if !replay.m.rewind_to(0) {
        // A finished match takes nothing back: its deal, then the plays alone.
        emit(session.deal_event());
        for (seat, mv) in plays {
            emit(match mv {
                GameMove::Briscola(card) => {
                    GameEvent::Briscola(crate::briscola::TwoDeckEvent::Played { seat, card })
                }
                GameMove::Scopa(mv) => {
                    GameEvent::Scopa(crate::scopa::teams::TeamEvent::Played { seat, mv })
                }
            });
        }
        return;
    }
    emit(replay.deal_event());
    for (seat, mv) in plays {
        match replay.play(seat, mv) {
            Ok(events) => events.into_iter().for_each(&mut emit),
            Err(_) => return,
        }
    }
}

/// Calls `emit` with each play of the current hand of `m` and its seat, in order; nothing
/// is collected (the firmware's stack has no room for a hand's list of plays).
fn for_each_hand_play(m: &dyn GameMatch, mut emit: impl FnMut(u8, GameMove)) {
    let seats = m.play_seats();
    let mut next = seats.iter();
    m.for_each_hand_move(&mut |mv| {
        if let Some(&seat) = next.next() {
            emit(seat, mv);
        }
    });
}

/// A play as the table model shows it: Scopa's move, or Briscola's card laid.
fn shown(mv: GameMove) -> TeamMove {
    mv.scopa().unwrap_or(TeamMove::lay(mv.card()))
}

impl Next {
    /// The pacing policy's answer for `session` now, with `token` on its delay.
    pub(crate) fn of(session: &Session, pacing: &Pacing, token: Token) -> Next {
        match pace(session.phase(), session.settings(), pacing) {
            super::pacing::Pace::Wait(w) => Next::Wait(w),
            super::pacing::Pace::After { ms, action } => Next::Due(super::pacing::Due {
                action,
                after_ms: ms,
                token,
            }),
        }
    }
}

/// The public middle of a Briscola table: the trick with its seats, the briscola, the stock,
/// the last trick taken and each side's points.
fn briscola_table<C: BriscolaCards, const SEATS: usize, const SIDES: usize, const DECK: usize>(
    any: &AnyMatch,
    m: &BriscolaMatchOf<C, SEATS, SIDES, DECK>,
    sides: u8,
) -> BriscolaTable {
    let hand = m.hand();
    let players = hand.rules().players;
    let history = m.history();
    let seats = any.play_seats();
    // The cards of the trick under way are the last `trick().len()` plays; the trick before
    // them, if any, is the last one taken.
    let under_way = hand.trick().len();
    let done = history.len() - under_way;
    let seat_of = |i: usize| seats.get(i).copied().unwrap_or(0);
    let mut trick = heapless::Vec::new();
    for (i, &card) in history.iter().enumerate().skip(done) {
        let _ = trick.push(TrickCard {
            seat: seat_of(i),
            card,
        });
    }
    let last_trick = (done >= usize::from(players)).then(|| {
        let from = done - usize::from(players);
        let mut cards = heapless::Vec::new();
        let mut set = C::of_cards(&[]);
        for (i, &card) in history.iter().enumerate().take(done).skip(from) {
            set.add(card);
            let _ = cards.push(TrickCard {
                seat: seat_of(i),
                card,
            });
        }
        TakenTrick {
            cards,
            // The winner leads the next trick: the seat of the next play, or the one to play.
            winner: seats.get(done).copied().unwrap_or_else(|| hand.leader()),
            points: set.points(),
        }
    });
    let mut points = heapless::Vec::new();
    for side in 0..sides {
        let _ = points.push(hand.pile(side).points());
    }
    BriscolaTable {
        trick,
        leader: hand.leader(),
        briscola: hand.briscola(),
        briscola_holder: hand.briscola_holder(),
        stock: hand.stock_len(),
        last_trick,
        points,
        tricks_done: hand.tricks_done(),
    }
}
