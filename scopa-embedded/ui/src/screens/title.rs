//! The title screen: the name, a fan of the four sevens, the menu and an error line.

use embedded_graphics::mono_font::iso_8859_1::{FONT_6X10, FONT_7X13_BOLD, FONT_10X20};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::text::Alignment;
use scopa_core::session::{Label, Texts};
use scopa_core::{Card, Suit};

use super::kit::{Pen, bar, line};
use crate::cards::{CardSize, Mark, color, draw_card};

/// The title screen.
#[derive(Copy, Clone, Debug)]
pub struct TitleScreen<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The menu items.
    pub items: &'static [Label],
    /// The highlighted item.
    pub cursor: u8,
    /// An error to show under the menu.
    pub message: &'a str,
}

impl Drawable for TitleScreen<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        Pen::new(&FONT_10X20, color::GOLD, Alignment::Center).write(
            d,
            "S C O P A",
            Point::new(120, 34),
        )?;
        Sevens.draw(d)?;
        let cursor = usize::from(self.cursor).min(self.items.len().saturating_sub(1));
        let pen = Pen::new(&FONT_7X13_BOLD, color::TEXT, Alignment::Center);
        for (i, item) in self.items.iter().enumerate() {
            let y = 158 + 22 * i as i32;
            let col = if i == cursor {
                bar(d, 8, y, 224)?;
                let arrow = Pen::new(&FONT_7X13_BOLD, color::SELECT, Alignment::Left);
                arrow.write(d, ">", Point::new(12, y))?;
                color::SELECT
            } else {
                color::TEXT
            };
            pen.color(col)
                .write(d, self.texts.label(*item), Point::new(120, y))?;
        }
        Pen::new(&FONT_6X10, color::TEXT, Alignment::Center).paragraph(
            d,
            &line(self.message),
            (38, 11),
            Point::new(120, 212),
        )
    }
}

/// A fan of the four sevens, the settebello in front.
#[derive(Copy, Clone, Debug)]
pub struct Sevens;

impl Drawable for Sevens {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        let sevens = [Suit::Bastoni, Suit::Spade, Suit::Coppe, Suit::Denari];
        for (i, suit) in sevens.into_iter().enumerate() {
            if let Some(card) = Card::new(suit, 7) {
                let mark = if suit == Suit::Denari {
                    Mark::Selected
                } else {
                    Mark::None
                };
                let at = Point::new(42 + 40 * i as i32, 56 + (i as i32 % 2) * 6);
                draw_card(d, card, at, CardSize::Large, mark)?;
            }
        }
        Ok(())
    }
}
