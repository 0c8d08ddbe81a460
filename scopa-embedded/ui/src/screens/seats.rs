//! The seats around the table: the score bar along the top, the other seats' hands face
//! down under it (with an AI's card as it plays), and the bottom seat's hand.

use embedded_graphics::mono_font::iso_8859_1::{FONT_5X8, FONT_6X10};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::text::Alignment;
use scopa_core::session::{Label, Texts};
use scopa_core::{Card, CardSet};

use super::kit::{Pen, fill, line, spread_x};
use crate::WIDTH;
use crate::cards::{CardSize, Mark, color, draw_back, draw_card};

/// The top bar: the match scores, and the hand's number when it fits.
#[derive(Copy, Clone, Debug)]
pub struct ScoreBar<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The match score per side.
    pub scores: [u16; 3],
    /// The current hand's number, from 0.
    pub hand_number: u16,
}

impl Drawable for ScoreBar<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        fill(
            d,
            Rectangle::new(Point::zero(), Size::new(WIDTH, 16)),
            color::FELT_DARK,
        )?;
        let scores = line(self.texts.scores(self.scores));
        let pen = Pen::new(&FONT_6X10, color::TEXT, Alignment::Left);
        pen.write(d, &scores, Point::new(4, 11))?;
        let hand = line(format_args!(
            "{} {}",
            self.texts.label(Label::Hand),
            self.hand_number + 1
        ));
        if (scores.chars().count() + hand.chars().count() + 2) * 6 <= 232 {
            let pen = Pen::new(&FONT_6X10, color::DIM, Alignment::Right);
            pen.write(d, &hand, Point::new(236, 11))?;
        }
        Ok(())
    }
}

/// The other seats along the top, each with its name (highlighted on its turn) and its
/// cards face down; the card an AI plays is shown over its seat.
#[derive(Clone, Debug)]
pub struct Opponents<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The seats, left to right.
    pub seats: heapless::Vec<u8, 3>,
    /// The seat to play.
    pub turn: u8,
    /// Cards in each seat's hand.
    pub hand_sizes: [u8; 4],
}

impl Opponents<'_> {
    /// The width of each seat's group.
    fn group_w(&self) -> i32 {
        204 / self.seats.len().max(1) as i32
    }

    /// The card the seat to play is playing, over its group (see [`PlayedCard`]).
    pub fn playing(&self, card: Card) -> PlayedCard {
        let g = self.seats.iter().position(|s| *s == self.turn).unwrap_or(0) as i32;
        let w = self.group_w();
        PlayedCard {
            card,
            x: (g * w + w / 2 - 16).clamp(2, 176),
        }
    }
}

impl Drawable for Opponents<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let group_w = self.group_w();
        for (g, &seat) in self.seats.iter().enumerate() {
            let x0 = g as i32 * group_w;
            let col = if seat == self.turn {
                color::SELECT
            } else {
                color::TEXT
            };
            let name = line(self.texts.seat(seat));
            // A name wider than its group (`Giocatore 2` of four players) in the small font.
            let font = if name.chars().count() as i32 * 6 > group_w - 4 {
                &FONT_5X8
            } else {
                &FONT_6X10
            };
            Pen::new(font, col, Alignment::Left).write(d, &name, Point::new(x0 + 3, 28))?;
            let n = usize::from(self.hand_sizes[usize::from(seat)]);
            for i in 0..n {
                let x = spread_x(i, n, 14, (x0 + 2, x0 + group_w - 2), 3);
                draw_back(d, Point::new(x, 33), Size::new(14, 22))?;
            }
        }
        Ok(())
    }
}

/// An AI's card as it plays, raised over its seat ([`Opponents::playing`]).
#[derive(Copy, Clone, Debug)]
pub struct PlayedCard {
    /// The card.
    pub card: Card,
    /// Its left edge.
    pub x: i32,
}

impl Drawable for PlayedCard {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let at = Point::new(self.x, 20);
        draw_card(d, self.card, at, CardSize::Small, Mark::Selected)
    }
}

/// The hand at the bottom: the viewer's faces (the selected one raised), else the backs
/// of the bottom seat's cards.
#[derive(Copy, Clone, Debug)]
pub struct Hand {
    /// The viewer's cards (empty without a viewer).
    pub cards: CardSet,
    /// The raised card, by position.
    pub selected: Option<u8>,
    /// The card of the hint on show, outlined in blue.
    pub hinted: Option<Card>,
    /// The bottom seat's hidden cards, drawn when `cards` is empty.
    pub backs: u8,
}

impl Drawable for Hand {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let n = self.cards.len() as usize;
        for (i, card) in self.cards.iter().enumerate() {
            let x = spread_x(i, n, 40, (2, 238), 6);
            let sel = self.selected.map(usize::from) == Some(i);
            let (y, mark) = match (sel, self.hinted == Some(card)) {
                (true, _) => (180, Mark::Selected),
                (false, true) => (184, Mark::Taken),
                (false, false) => (184, Mark::None),
            };
            draw_card(d, card, Point::new(x, y), CardSize::Large, mark)?;
        }
        if n == 0 {
            let backs = usize::from(self.backs);
            for i in 0..backs {
                let x = spread_x(i, backs, 40, (2, 238), 6);
                draw_back(d, Point::new(x, 184), Size::new(44, 62))?;
            }
        }
        Ok(())
    }
}
