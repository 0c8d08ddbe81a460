//! What every screen draws with: lines of text in the ISO 8859-1 fonts ([`Line`]), pens
//! (font, colour, alignment), wrapped paragraphs, panels, the highlight bar and the spread
//! of a row of cards.

use core::fmt::{self, Display, Write};

use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{
    PrimitiveStyle, PrimitiveStyleBuilder, Rectangle, RoundedRectangle,
};
use embedded_graphics::text::{Alignment, Text};

use crate::cards::color;

/// A line of text for the screen.
pub type Line = heapless::String<128>;

/// Writes into a [`Line`], truncating when full, with the few characters the ISO 8859-1
/// fonts lack replaced by their ASCII look-alikes.
struct Latin1<'a>(&'a mut Line);

impl Write for Latin1<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for ch in s.chars() {
            let pushed = match ch {
                '…' => self.0.push_str("..."),
                '—' | '–' => self.0.push('-'),
                '’' => self.0.push('\''),
                c => self.0.push(c),
            };
            if pushed.is_err() {
                return Err(fmt::Error);
            }
        }
        Ok(())
    }
}

/// `value` as a [`Line`] the fonts can draw (a longer text is cut).
pub fn line(value: impl Display) -> Line {
    let mut s = Line::new();
    let _ = write!(Latin1(&mut s), "{value}"); // a longer text is cut
    s
}

/// The name before its explanation in brackets: `Standard (3 cards at a time)` →
/// `Standard` (the whole text is the options screen's help line).
pub fn short(s: &str) -> &str {
    s.split(" (").next().unwrap_or(s)
}

/// `text` cut into lines of at most `width` characters at spaces (a longer word gets a
/// line of its own).
pub fn wrap(text: &str, width: usize) -> heapless::Vec<&str, 8> {
    let mut lines = heapless::Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let mut end = rest.len();
        if rest.chars().count() > width {
            let cut = rest
                .char_indices()
                .nth(width + 1)
                .map_or(rest.len(), |(i, _)| i);
            end = rest[..cut]
                .rfind(' ')
                .filter(|&i| i > 0)
                .unwrap_or_else(|| rest.find(' ').unwrap_or(rest.len()));
        }
        if lines.push(rest[..end].trim_end()).is_err() {
            break;
        }
        rest = rest[end..].trim_start();
    }
    lines
}

/// How a text is drawn: its font, colour and alignment on the anchor point.
#[derive(Copy, Clone, Debug)]
pub struct Pen {
    font: &'static MonoFont<'static>,
    color: Rgb565,
    align: Alignment,
}

impl Pen {
    /// A pen.
    pub const fn new(font: &'static MonoFont<'static>, color: Rgb565, align: Alignment) -> Pen {
        Pen { font, color, align }
    }

    /// The same pen in `color`.
    pub const fn color(self, color: Rgb565) -> Pen {
        Pen { color, ..self }
    }

    /// Draws `s` on the baseline through `at`.
    pub fn write<D: DrawTarget<Color = Rgb565>>(
        self,
        d: &mut D,
        s: &str,
        at: Point,
    ) -> Result<(), D::Error> {
        let style = MonoTextStyle::new(self.font, self.color);
        Text::with_alignment(s, at, style, self.align).draw(d)?;
        Ok(())
    }

    /// Draws `s` wrapped to `width` characters, one line every `step` pixels from `at`.
    pub fn paragraph<D: DrawTarget<Color = Rgb565>>(
        self,
        d: &mut D,
        s: &str,
        (width, step): (usize, i32),
        at: Point,
    ) -> Result<(), D::Error> {
        for (i, l) in wrap(s, width).iter().enumerate() {
            self.write(d, l, at + Point::new(0, step * i as i32))?;
        }
        Ok(())
    }
}

/// A dark panel with a gold edge over `r`.
pub fn panel<D: DrawTarget<Color = Rgb565>>(d: &mut D, r: Rectangle) -> Result<(), D::Error> {
    let style = PrimitiveStyleBuilder::new()
        .fill_color(color::FELT_DARK)
        .stroke_color(color::GOLD)
        .stroke_width(1)
        .build();
    RoundedRectangle::with_equal_corners(r, Size::new(6, 6))
        .into_styled(style)
        .draw(d)?;
    Ok(())
}

/// A highlighted bar `w` wide from `x` behind the row at baseline `y`.
pub fn bar<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    x: i32,
    y: i32,
    w: u32,
) -> Result<(), D::Error> {
    fill(
        d,
        Rectangle::new(Point::new(x, y - 11), Size::new(w, 15)),
        color::FELT_DARK,
    )
}

/// `r` filled with `col`.
pub fn fill<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    r: Rectangle,
    col: Rgb565,
) -> Result<(), D::Error> {
    r.into_styled(PrimitiveStyle::with_fill(col)).draw(d)?;
    Ok(())
}

/// Left x of card `i` of `n` cards `w` wide, `gap` apart at most, centred in `x0..x1`.
pub fn spread_x(i: usize, n: usize, w: i32, (x0, x1): (i32, i32), gap: i32) -> i32 {
    let n = n.max(1) as i32;
    let room = x1 - x0;
    let step = if n == 1 {
        0
    } else {
        (w + gap).min((room - w) / (n - 1))
    };
    let total = w + step * (n - 1);
    x0 + (room - total) / 2 + step * i as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_and_width() {
        assert_eq!(
            wrap("Hand the device to Player 2. The cards stay hidden", 20).as_slice(),
            ["Hand the device to", "Player 2. The cards", "stay hidden"]
        );
        assert_eq!(wrap("", 10).len(), 0);
        assert_eq!(
            wrap("abcdefghijkl xy", 5).as_slice(),
            ["abcdefghijkl", "xy"]
        );
        assert_eq!(wrap("già più", 3).as_slice(), ["già", "più"]);
    }

    #[test]
    fn short_names_and_latin1_look_alikes() {
        assert_eq!(short("Standard (3 cards at a time)"), "Standard");
        assert_eq!(short("Scopa d'assi"), "Scopa d'assi");
        assert_eq!(
            line("Player 2 is thinking…").as_str(),
            "Player 2 is thinking..."
        );
        assert_eq!(line("a — b").as_str(), "a - b");
    }

    #[test]
    fn a_row_of_cards_is_centred_and_squeezed_to_fit() {
        // One card: centred.
        assert_eq!(spread_x(0, 1, 40, (0, 240), 6), 100);
        // Room to spare: `gap` apart, the row centred.
        assert_eq!(spread_x(0, 3, 40, (0, 240), 6), 54);
        assert_eq!(spread_x(2, 3, 40, (0, 240), 6), 54 + 2 * 46);
        // Too many: overlapping, the row still inside.
        assert_eq!(spread_x(0, 10, 40, (0, 240), 6), 1);
        assert_eq!(spread_x(9, 10, 40, (0, 240), 6) + 40, 239);
    }
}
