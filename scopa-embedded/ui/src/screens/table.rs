//! The table during play, from the top: the score bar, the other seats, the deck, the
//! cards on the table (those a capture takes marked), the status line, the hand at the
//! bottom, and the scopa or hand-off banner over it all. In Briscola the middle is the
//! [`BriscolaMiddle`]: the stock with the briscola, the trick (or the last one taken) and
//! the card points.

use embedded_graphics::mono_font::iso_8859_1::{FONT_6X10, FONT_7X13_BOLD, FONT_10X20};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyleBuilder, Rectangle, RoundedRectangle};
use embedded_graphics::text::Alignment;
use scopa_core::briscola::TwoDeckEvent;
use scopa_core::scopa::teams::TeamEvent;
use scopa_core::session::table::{BriscolaTable, GameTable, TrickCard};
use scopa_core::session::{Label, Phase, Texts};
use scopa_core::{Card, CardSet};

use super::kit::{Line, Pen, line, panel, spread_x};
use super::model::{Overlay, Status, TableModel};
use super::seats::{Hand, Opponents, ScoreBar};
use crate::cards::{CardSize, Mark, color, draw_back, draw_card, draw_suit};

/// The table screen: every part of it, drawn from a [`TableModel`].
#[derive(Copy, Clone, Debug)]
pub struct TableScreen<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// What it shows.
    pub model: &'a TableModel<'a>,
}

impl Drawable for TableScreen<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let (texts, m) = (self.texts, self.model);
        let f = &m.frame;
        let score = |side: usize| f.sides.get(side).map_or(0, |s| s.score);
        ScoreBar {
            texts,
            scores: core::array::from_fn(score),
            hand_number: f.hand_number,
        }
        .draw(d)?;
        let opponents = Opponents {
            texts,
            seats: m.others(),
            turn: f.turn,
            hand_sizes: core::array::from_fn(|seat| m.hand_size(seat as u8)),
        };
        opponents.draw(d)?;
        match &f.table {
            GameTable::Briscola(table) => BriscolaMiddle { texts, table }.draw(d)?,
            GameTable::Scopa(table) => {
                Deck {
                    left: table.deck_left,
                }
                .draw(d)?;
                TableCards {
                    cards: table.table.distinct(),
                    taken: m.taken,
                }
                .draw(d)?;
            }
        }
        if let Some(mv) = m.ai_play {
            opponents.playing(mv.card()).draw(d)?;
        }
        StatusLine {
            texts,
            status: m.status,
        }
        .draw(d)?;
        Hand {
            cards: f.hand.distinct(),
            selected: m.selected,
            hinted: m.hint().map(|h| h.card()),
            backs: m.hand_size(m.bottom()),
        }
        .draw(d)?;
        match m.overlay {
            Overlay::Scopa { seat } => ScopaBanner { texts, seat }.draw(d),
            Overlay::HandOff => HandOffPanel {
                texts,
                phase: f.phase,
            }
            .draw(d),
            Overlay::None => Ok(()),
        }
    }
}

/// The deck, face down while it has cards, and how many it has left.
#[derive(Copy, Clone, Debug)]
pub struct Deck {
    /// Cards left.
    pub left: u8,
}

impl Drawable for Deck {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        if self.left > 0 {
            draw_back(d, Point::new(210, 22), Size::new(22, 32))?;
        }
        let pen = Pen::new(&FONT_6X10, color::DIM, Alignment::Center);
        pen.write(d, &line(self.left), Point::new(221, 66))
    }
}

/// The cards on the table, in one row or (more than seven) two, those a capture takes
/// marked.
#[derive(Copy, Clone, Debug)]
pub struct TableCards {
    /// The cards.
    pub cards: CardSet,
    /// The ones taken.
    pub taken: CardSet,
}

impl Drawable for TableCards {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let cards: heapless::Vec<Card, 40> = self.cards.iter().collect();
        let n = cards.len();
        // Two rows: the first has the larger half.
        let per_row = if n > 7 { n.div_ceil(2) } else { n.max(1) };
        for (i, &card) in cards.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let in_row = if row == 0 {
                per_row.min(n)
            } else {
                n - per_row
            };
            let y = if n > 7 { 70 + 48 * row as i32 } else { 94 };
            let x = spread_x(col, in_row, 30, (2, 238), 3);
            let mark = if self.taken.contains(card) {
                Mark::Taken
            } else {
                Mark::None
            };
            draw_card(d, card, Point::new(x, y), CardSize::Small, mark)?;
        }
        Ok(())
    }
}

/// The status line under the table: an error, else what happens now.
#[derive(Copy, Clone, Debug)]
pub struct StatusLine<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// What it says.
    pub status: Status<'a>,
}

impl Drawable for StatusLine<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let texts = self.texts;
        let status = match self.status {
            Status::Message(message) => line(message),
            Status::Choosing { at, of } => line(format_args!(
                "{} {}/{} · B: {}",
                texts.label(Label::ChooseCapture),
                at + 1,
                of,
                texts.label(Label::Cancel)
            )),
            Status::Played { seat, mv } => line(texts.scopa_event(&TeamEvent::Played {
                seat,
                mv: mv.into(),
            })),
            Status::PlayedCard { seat, card } => {
                line(texts.briscola_event(&TwoDeckEvent::Played { seat, card }))
            }
            Status::Hint(hint) => {
                // A sentence: two lines above the hand.
                let pen = Pen::new(&FONT_6X10, color::TAKE, Alignment::Center);
                return pen.paragraph(
                    d,
                    &line(texts.hint_brief(&hint)),
                    (39, 10),
                    Point::new(120, 165),
                );
            }
            Status::HintAsked => line(format_args!("{}...", texts.label(Label::Hint))),
            Status::Phase(phase) => line(texts.phase(&phase)),
            Status::Blank => Line::new(),
        };
        let pen = Pen::new(&FONT_6X10, color::TEXT, Alignment::Center);
        pen.write(d, &status, Point::new(120, 175))
    }
}

/// Briscola's middle of the table, all from the frame's [`BriscolaTable`]: on the right the
/// stock (face down, with its count, the briscola included) over the face-up briscola — its
/// suit alone once someone drew it; in the middle the trick under way with each card's
/// seat, or between tricks the last trick taken with its winner's card outlined; above it
/// the last trick's winner and points, under it each side's card points this hand.
#[derive(Copy, Clone, Debug)]
pub struct BriscolaMiddle<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The frame's Briscola table.
    pub table: &'a BriscolaTable,
}

impl Drawable for BriscolaMiddle<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let (texts, t) = (self.texts, self.table);
        let dim = Pen::new(&FONT_6X10, color::DIM, Alignment::Center);
        // The stock: backs while cards other than the briscola are left.
        if t.stock > 1 {
            draw_back(d, Point::new(210, 22), Size::new(22, 32))?;
        }
        dim.write(d, &line(t.stock), Point::new(221, 66))?;
        match t.briscola_holder {
            None => draw_card(
                d,
                t.briscola,
                Point::new(205, 72),
                CardSize::Small,
                Mark::None,
            )?,
            // Drawn: its suit stays trump for the hand.
            Some(_) => draw_suit(d, t.briscola.suit(), Point::new(221, 95), 16)?,
        }
        // The trick under way, else the last one taken.
        let (cards, winner): (&[TrickCard], Option<u8>) = match &t.last_trick {
            _ if !t.trick.is_empty() => (&t.trick, None),
            Some(last) => (&last.cards, Some(last.winner)),
            None => (&[], None),
        };
        if let Some(last) = &t.last_trick {
            let caption = line(format_args!(
                "{}: {} +{}",
                texts.label(Label::LastTrick),
                texts.seat(last.winner),
                last.points
            ));
            dim.write(d, &caption, Point::new(101, 72))?;
        }
        let n = cards.len();
        // Up to 4 cards 55 pixels apart: a seat's name over its card, or its last word (the
        // seat's number) when the name is wider than that.
        for (i, tc) in cards.iter().enumerate() {
            let x = spread_x(i, n, 32, (2, 200), 24);
            let name = line(texts.seat(tc.seat));
            let name = if name.chars().count() > 9 {
                name.rsplit(' ').next().unwrap_or(&name)
            } else {
                &name
            };
            let pen = Pen::new(&FONT_6X10, color::TEXT, Alignment::Center);
            pen.write(d, name, Point::new(x + 16, 84))?;
            let mark = if winner == Some(tc.seat) {
                Mark::Taken
            } else {
                Mark::None
            };
            draw_card(d, tc.card, Point::new(x, 88), CardSize::Small, mark)?;
        }
        // Each side's card points this hand (public: every trick is seen).
        let mut points = line(format_args!("{}:", texts.label(Label::CardPoints)));
        for (side, p) in t.points.iter().enumerate() {
            let sep = if side == 0 { " " } else { " · " };
            let part = line(format_args!("{sep}{} {p}", texts.side(side as u8)));
            let _ = points.push_str(&part);
        }
        dim.paragraph(d, &points, (39, 10), Point::new(120, 146))
    }
}

/// The banner of a scopa: "Scopa!" and who swept.
#[derive(Copy, Clone, Debug)]
pub struct ScopaBanner<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The seat that swept.
    pub seat: u8,
}

impl Drawable for ScopaBanner<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let r = Rectangle::new(Point::new(30, 86), Size::new(180, 64));
        let style = PrimitiveStyleBuilder::new()
            .fill_color(color::SELECT)
            .stroke_color(color::RED)
            .stroke_width(3)
            .build();
        RoundedRectangle::with_equal_corners(r, Size::new(8, 8))
            .into_styled(style)
            .draw(d)?;
        let scopa = line(format_args!("{}!", self.texts.label(Label::Scopa)));
        Pen::new(&FONT_10X20, color::RED, Alignment::Center).write(
            d,
            &scopa,
            Point::new(120, 116),
        )?;
        Pen::new(&FONT_6X10, Rgb565::BLACK, Alignment::Center).write(
            d,
            &line(self.texts.seat(self.seat)),
            Point::new(120, 136),
        )
    }
}

/// Pass-and-play: the cards are hidden while the device goes to the next person.
#[derive(Copy, Clone, Debug)]
pub struct HandOffPanel<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The hand-off phase (it says to whom).
    pub phase: Phase,
}

impl Drawable for HandOffPanel<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        panel(d, Rectangle::new(Point::new(14, 70), Size::new(212, 100)))?;
        Pen::new(&FONT_7X13_BOLD, color::TEXT, Alignment::Center).paragraph(
            d,
            &line(self.texts.phase(&self.phase)),
            (28, 15),
            Point::new(120, 92),
        )?;
        let go_on = line(format_args!("A: {}", self.texts.label(Label::Continue)));
        Pen::new(&FONT_6X10, color::DIM, Alignment::Center).write(d, &go_on, Point::new(120, 160))
    }
}
