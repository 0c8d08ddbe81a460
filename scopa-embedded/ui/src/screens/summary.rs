//! The screens between hands: the breakdown of the hand just finished, and the end of
//! the match with the winning side's best cards.

use embedded_graphics::mono_font::iso_8859_1::{
    FONT_6X10, FONT_6X13_BOLD, FONT_7X13_BOLD, FONT_10X20,
};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::text::Alignment;
use scopa_core::briscola::TwoDeckScore;
use scopa_core::session::{Label, Texts};

use super::kit::{Pen, fill, line, panel, short, spread_x};
use super::model::{HandEndModel, MatchEndModel};
use crate::cards::{CardSize, Mark, color, draw_card};

/// The key hint along the bottom edge.
#[derive(Copy, Clone, Debug)]
pub struct Footer<'a>(pub &'a str);

impl Drawable for Footer<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let pen = Pen::new(&FONT_6X10, color::DIM, Alignment::Center);
        pen.write(d, self.0, Point::new(120, 234))
    }
}

/// The breakdown of the hand just finished: a row per count, a column per side, the
/// hand's total under a rule and the match score.
#[derive(Copy, Clone, Debug)]
pub struct HandEndScreen<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// What it shows.
    pub model: &'a HandEndModel,
}

impl Drawable for HandEndScreen<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let (texts, m) = (self.texts, self.model);
        let title = line(format_args!("{} {}", texts.label(Label::Hand), m.number));
        Pen::new(&FONT_10X20, color::GOLD, Alignment::Center).write(
            d,
            &title,
            Point::new(120, 22),
        )?;
        Footer(&line(format_args!("A: {}", texts.label(Label::Continue)))).draw(d)?;
        if let Some(score) = m.points {
            return BriscolaPoints {
                texts,
                sides: m.sides,
                score,
                hands: m.scores,
            }
            .draw(d);
        }
        let Some(rows) = &m.rows else {
            return Ok(());
        };
        let columns = score_panel(d, texts, m.sides)?;
        let label = Pen::new(&FONT_6X13_BOLD, color::TEXT, Alignment::Left);
        let mut y = 74;
        for (i, row) in rows.iter().enumerate() {
            if i + 1 == rows.len() {
                // The hand's total, under a rule.
                let rule = Rectangle::new(Point::new(10, y - 10), Size::new(220, 1));
                fill(d, rule, color::GOLD)?;
                y += 4;
            }
            label.write(d, short(texts.label(row.label)), Point::new(10, y))?;
            for side in 0..columns.sides {
                columns.cell(d, y, side, row.tally[side], u16::from(row.points[side]))?;
            }
            y += 15;
        }
        y += 3;
        label.write(d, texts.label(Label::Score), Point::new(10, y))?;
        for side in 0..columns.sides {
            columns.cell(d, y, side, None, m.scores[side])?;
        }
        Ok(())
    }
}

/// A Briscola hand's summary: each side's card points, the hands won in the match (the
/// match score) and the hand's result in words.
#[derive(Copy, Clone, Debug)]
pub struct BriscolaPoints<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// Sides in the match.
    pub sides: u8,
    /// The hand's card points and winner.
    pub score: TwoDeckScore,
    /// Hands won per side (the match score).
    pub hands: [u16; 3],
}

impl Drawable for BriscolaPoints<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let texts = self.texts;
        let columns = score_panel(d, texts, self.sides)?;
        let label = Pen::new(&FONT_6X13_BOLD, color::TEXT, Alignment::Left);
        label.write(d, short(texts.label(Label::CardPoints)), Point::new(10, 74))?;
        for side in 0..columns.sides {
            let points = u16::from(self.score.points[side]);
            columns.cell(d, 74, side, None, points)?;
        }
        label.write(d, texts.label(Label::Won), Point::new(10, 92))?;
        for side in 0..columns.sides {
            columns.cell(d, 92, side, None, self.hands[side])?;
        }
        Pen::new(&FONT_6X10, color::TEXT, Alignment::Center).paragraph(
            d,
            &line(texts.briscola_points(self.score)),
            (36, 12),
            Point::new(120, 120),
        )
    }
}

/// The sides' columns of the breakdown.
struct Columns {
    sides: usize,
    width: i32,
}

impl Columns {
    fn new(sides: u8) -> Columns {
        let sides = usize::from(sides.clamp(1, 3));
        Columns {
            sides,
            width: 132 / sides as i32,
        }
    }

    /// The right edge of `side`'s column.
    fn right(&self, side: usize) -> i32 {
        100 + self.width * (side as i32 + 1) - 4
    }

    /// Draws `side`'s points on baseline `y` (highlighted when any), the tally behind
    /// them to their left.
    fn cell<D: DrawTarget<Color = Rgb565>>(
        &self,
        d: &mut D,
        y: i32,
        side: usize,
        tally: Option<u8>,
        points: u16,
    ) -> Result<(), D::Error> {
        let right = self.right(side);
        if let Some(t) = tally {
            let pen = Pen::new(&FONT_6X10, color::DIM, Alignment::Right);
            pen.write(d, &line(t), Point::new(right - self.width / 2, y))?;
        }
        let col = if points > 0 {
            color::SELECT
        } else {
            color::DIM
        };
        let pen = Pen::new(&FONT_7X13_BOLD, col, Alignment::Right);
        pen.write(d, &line(points), Point::new(right, y))
    }
}

/// The end of the match: who won, the final score, the winning side's best cards of the
/// last hand and how many it captured.
#[derive(Copy, Clone, Debug)]
pub struct MatchEndScreen<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// What it shows.
    pub model: &'a MatchEndModel,
}

impl Drawable for MatchEndScreen<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let (texts, m) = (self.texts, self.model);
        panel(d, Rectangle::new(Point::new(10, 14), Size::new(220, 90)))?;
        let headline = line(texts.winner(m.winner));
        if headline.chars().count() <= 21 {
            let pen = Pen::new(&FONT_10X20, color::GOLD, Alignment::Center);
            pen.write(d, &headline, Point::new(120, 46))?;
        } else {
            let pen = Pen::new(&FONT_7X13_BOLD, color::GOLD, Alignment::Center);
            pen.paragraph(d, &headline, (29, 15), Point::new(120, 36))?;
        }
        Pen::new(&FONT_6X10, color::TEXT, Alignment::Center).paragraph(
            d,
            &line(texts.scores(m.scores)),
            (34, 11),
            Point::new(120, 80),
        )?;
        if let Some(score) = m.points {
            // Briscola: the last hand's card points and result.
            let last = line(format_args!(
                "{}: {}",
                texts.label(Label::CardPoints),
                texts.briscola_points(score)
            ));
            Pen::new(&FONT_6X10, color::TEXT, Alignment::Center).paragraph(
                d,
                &last,
                (36, 12),
                Point::new(120, 128),
            )?;
        }
        if let Some(pile) = m.pile {
            let best = m.best();
            for (i, &card) in best.iter().enumerate() {
                let x = spread_x(i, best.len(), 40, (10, 230), 8);
                draw_card(d, card, Point::new(x, 114), CardSize::Large, Mark::None)?;
            }
            let captured = line(format_args!(
                "{}: {}",
                texts.label(Label::Captured),
                pile.len()
            ));
            let pen = Pen::new(&FONT_6X10, color::DIM, Alignment::Center);
            pen.write(d, &captured, Point::new(120, 196))?;
        }
        Footer(&line(format_args!(
            "A: {} · B: {}",
            texts.label(Label::Rematch),
            texts.label(Label::Quit)
        )))
        .draw(d)
    }
}

/// The summary's panel with a column per side, each headed by the side's name: the columns.
fn score_panel<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    texts: &Texts,
    sides: u8,
) -> Result<Columns, D::Error> {
    panel(d, Rectangle::new(Point::new(4, 30), Size::new(232, 184)))?;
    let columns = Columns::new(sides);
    for side in 0..columns.sides {
        Pen::new(&FONT_6X10, color::GOLD, Alignment::Right).paragraph(
            d,
            &line(texts.side(side as u8)),
            ((columns.width as usize - 4) / 6, 10),
            Point::new(columns.right(side), 44),
        )?;
    }
    Ok(columns)
}
