//! The screen model: what a screen shows, as plain data computed from the app's state by
//! [`App::model`](crate::App::model). The drawables of [`super`] read this and nothing
//! else: they never see the app, its storage or its timers.

use scopa_core::briscola::TwoDeckScore;
use scopa_core::scopa::Move;
use scopa_core::session::table::{BriscolaTable, Frame, GameTable};
use scopa_core::session::texts::SummaryRow;
use scopa_core::session::{GameHint, Label, Phase, Texts};
use scopa_core::{Card, CardSet};

use crate::settings::Options;

/// One frame: the texts in the chosen language and the page they are drawn on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenModel<'a> {
    /// The texts (language, seat names).
    pub texts: Texts,
    /// What is on show.
    pub page: Page<'a>,
}

/// The page on show.
// Built on the stack and drawn at once (no allocation on the handheld): the table page is
// the larger variant.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page<'a> {
    /// The title menu.
    Title {
        /// The menu items.
        items: &'static [Label],
        /// The highlighted item.
        cursor: u8,
        /// An error to show under the menu (empty when all is well).
        message: &'a str,
    },
    /// The options of a new match.
    Options {
        /// The options.
        options: Options,
        /// The highlighted row.
        cursor: u8,
    },
    /// The match in play: the table, the hands, the banners.
    Table(TableModel<'a>),
    /// The breakdown of the hand just finished.
    HandEnd(HandEndModel),
    /// The match is over.
    MatchEnd(MatchEndModel),
}

/// The table during play: the presenter's [`Frame`] (the one table model of every
/// front-end) and what the handheld highlights on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableModel<'a> {
    /// What the session shows this seat: hands, table, scores, turn, phase, the hint.
    pub frame: Frame,
    /// Players in the match.
    pub players: u8,
    /// The table's cards a capture takes (the AI's, or the highlighted option).
    pub taken: CardSet,
    /// The AI play on show, its card over the seat to play.
    pub ai_play: Option<Move>,
    /// The raised card of the hand (canonical order), if any.
    pub selected: Option<u8>,
    /// The status line.
    pub status: Status<'a>,
    /// A banner over the table.
    pub overlay: Overlay,
}

impl TableModel<'_> {
    /// A table with nothing highlighted, a blank status line and no banner.
    pub fn new(frame: Frame, players: u8) -> Self {
        TableModel {
            frame,
            players,
            taken: CardSet::EMPTY,
            ai_play: None,
            selected: None,
            status: Status::Blank,
            overlay: Overlay::None,
        }
    }

    /// Briscola's middle of the table (`None` in Scopa): the trick with its seats, the
    /// briscola and the stock, the last trick, the card points.
    pub fn briscola(&self) -> Option<&BriscolaTable> {
        match &self.frame.table {
            GameTable::Briscola(table) => Some(table),
            GameTable::Scopa(_) => None,
        }
    }

    /// The expert's suggestion the viewer asked for (the frame's, until the next play): its
    /// card is outlined in the hand.
    pub fn hint(&self) -> Option<GameHint> {
        self.frame.hint
    }

    /// Cards in `seat`'s hand (0 past the last seat).
    pub fn hand_size(&self, seat: u8) -> u8 {
        self.frame
            .seats
            .get(usize::from(seat))
            .map_or(0, |info| info.cards)
    }

    /// The seat drawn at the bottom: the person holding the device, the one about to
    /// take it, or seat 0 (watch mode).
    pub fn bottom(&self) -> u8 {
        match (self.frame.viewer, self.frame.phase) {
            (Some(seat), _) | (None, Phase::HandOff { seat }) => seat,
            _ => 0,
        }
    }

    /// The other seats, in turn order from the bottom one's (drawn along the top).
    pub fn others(&self) -> heapless::Vec<u8, 3> {
        let (bottom, players) = (self.bottom(), self.players.max(1));
        (1..players).map(|k| (bottom + k) % players).collect()
    }
}

/// The status line of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status<'a> {
    /// An error.
    Message(&'a str),
    /// Choosing a capture: option `at` (from 0) of `of`.
    Choosing {
        /// The highlighted option.
        at: u8,
        /// How many there are.
        of: usize,
    },
    /// `seat` (an AI) plays `card` in Briscola.
    PlayedCard {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// The expert's suggestion.
    Hint(GameHint),
    /// A hint was asked for: it is being computed.
    HintAsked,
    /// `seat` (an AI) plays `mv`.
    Played {
        /// The seat.
        seat: u8,
        /// The move.
        mv: Move,
    },
    /// What the phase waits for.
    Phase(Phase),
    /// Nothing.
    Blank,
}

/// A banner over the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// None.
    None,
    /// `seat` swept the table.
    Scopa {
        /// The seat.
        seat: u8,
    },
    /// Pass-and-play: the device goes to the next person (the phase says who).
    HandOff,
}

/// The summary after a hand (from the frame's [`Banner::HandOver`](scopa_core::session::table::Banner::HandOver)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandEndModel {
    /// The number of the hand just finished, from 1.
    pub number: u16,
    /// Sides in the match.
    pub sides: u8,
    /// The match score per side.
    pub scores: [u16; 3],
    /// The hand's breakdown, its total last (`None` before any hand has finished, and in
    /// Briscola).
    pub rows: Option<heapless::Vec<SummaryRow, 8>>,
    /// Briscola: each side's card points in the hand and its winner (`None` in Scopa).
    pub points: Option<TwoDeckScore>,
}

/// The end of the match (from the frame's [`Banner::MatchOver`](scopa_core::session::table::Banner::MatchOver)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchEndModel {
    /// The winning side.
    pub winner: u8,
    /// The final score per side.
    pub scores: [u16; 3],
    /// The winning side's pile in the last hand (`None` if no hand has finished, and in
    /// Briscola).
    pub pile: Option<CardSet>,
    /// Briscola: the last hand's card points and winner (`None` in Scopa).
    pub points: Option<TwoDeckScore>,
}

impl MatchEndModel {
    /// The best cards of the winning pile: the settebello, the re bello, then the other
    /// sevens, in that order (only those it holds).
    pub fn best(&self) -> heapless::Vec<Card, 5> {
        let pile = self.pile.unwrap_or_default();
        [Card::SETTEBELLO, Card::RE_BELLO]
            .into_iter()
            .chain(pile.iter().filter(|c| c.value() == 7))
            .filter(|c| pile.contains(*c))
            .fold(heapless::Vec::new(), |mut v, c| {
                if !v.contains(&c) {
                    let _ = v.push(c);
                }
                v
            })
    }
}
