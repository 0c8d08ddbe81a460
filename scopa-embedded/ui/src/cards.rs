//! Card drawings with embedded-graphics primitives: faces with the value and the Italian
//! suit sign (denari, coppe, spade, bastoni), backs, selection and capture highlights.

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_9X18_BOLD};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{
    Circle, Line, PrimitiveStyle, PrimitiveStyleBuilder, Rectangle, RoundedRectangle, Triangle,
};
use embedded_graphics::text::{Alignment, Text};
use scopa_core::{Card, Suit};

/// The palette.
pub mod color {
    use embedded_graphics::pixelcolor::Rgb565;
    /// Table felt.
    pub const FELT: Rgb565 = Rgb565::new(2, 22, 7);
    /// Darker felt for panels.
    pub const FELT_DARK: Rgb565 = Rgb565::new(1, 14, 4);
    /// Card face.
    pub const FACE: Rgb565 = Rgb565::new(31, 61, 27);
    /// Card outline.
    pub const EDGE: Rgb565 = Rgb565::new(6, 12, 6);
    /// Card back.
    pub const BACK: Rgb565 = Rgb565::new(20, 6, 6);
    /// Card back pattern.
    pub const BACK_LINE: Rgb565 = Rgb565::new(28, 44, 12);
    /// Selection.
    pub const SELECT: Rgb565 = Rgb565::new(31, 58, 0);
    /// Cards a capture takes.
    pub const TAKE: Rgb565 = Rgb565::new(0, 50, 31);
    /// Text on the felt.
    pub const TEXT: Rgb565 = Rgb565::new(31, 63, 31);
    /// Dimmed text.
    pub const DIM: Rgb565 = Rgb565::new(18, 40, 18);
    /// Denari gold.
    pub const GOLD: Rgb565 = Rgb565::new(30, 46, 0);
    /// Coppe red.
    pub const RED: Rgb565 = Rgb565::new(26, 4, 4);
    /// Spade blue.
    pub const BLUE: Rgb565 = Rgb565::new(3, 20, 26);
    /// Bastoni brown-green.
    pub const WOOD: Rgb565 = Rgb565::new(15, 26, 3);
}

/// Card sizes used by the screens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CardSize {
    /// 32×46: the table.
    Small,
    /// 44×62: the player's hand and the card being played.
    Large,
}

impl CardSize {
    /// Width and height in pixels.
    pub const fn size(self) -> Size {
        match self {
            CardSize::Small => Size::new(32, 46),
            CardSize::Large => Size::new(44, 62),
        }
    }
}

/// How a face is outlined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Plain.
    None,
    /// The cursor is on it.
    Selected,
    /// A capture takes it.
    Taken,
}

/// The colour of a suit's sign.
pub const fn suit_color(suit: Suit) -> Rgb565 {
    match suit {
        Suit::Denari => color::GOLD,
        Suit::Coppe => color::RED,
        Suit::Spade => color::BLUE,
        Suit::Bastoni => color::WOOD,
    }
}

/// The numeric value as text (what captures sum), shown small on figures.
const fn value_digits(card: Card) -> &'static str {
    match card.value() {
        8 => "8",
        9 => "9",
        10 => "10",
        _ => "",
    }
}

/// Draws the sign of `suit` centred on `c`, about `s` pixels tall.
pub fn draw_suit<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    suit: Suit,
    c: Point,
    s: i32,
) -> Result<(), D::Error> {
    let col = suit_color(suit);
    let fill = PrimitiveStyle::with_fill(col);
    let h = s / 2;
    match suit {
        Suit::Denari => {
            // A coin: gold disc, darker ring, a dot in the middle.
            Circle::with_center(c, s as u32).into_styled(fill).draw(d)?;
            Circle::with_center(c, (s * 2 / 3) as u32)
                .into_styled(PrimitiveStyle::with_stroke(color::RED, 1))
                .draw(d)?;
            Circle::with_center(c, (s / 5).max(2) as u32)
                .into_styled(PrimitiveStyle::with_fill(color::RED))
                .draw(d)?;
        }
        Suit::Coppe => {
            // A cup: a bowl, a stem and a foot.
            Circle::with_center(c + Point::new(0, -h / 3), (s * 3 / 4) as u32)
                .into_styled(fill)
                .draw(d)?;
            Rectangle::new(
                c + Point::new(-h * 3 / 4, -h),
                Size::new((s * 3 / 4) as u32, (h * 2 / 3) as u32),
            )
            .into_styled(fill)
            .draw(d)?;
            Rectangle::new(
                c + Point::new(-1, h / 3),
                Size::new(3, (h / 2).max(2) as u32),
            )
            .into_styled(fill)
            .draw(d)?;
            Rectangle::new(
                c + Point::new(-h / 2, h * 3 / 4),
                Size::new(h as u32 + 1, 2),
            )
            .into_styled(fill)
            .draw(d)?;
        }
        Suit::Spade => {
            // A sword pointing up: blade, tip, guard, grip, pommel.
            let w = (s / 6).max(2);
            Rectangle::new(
                c + Point::new(-w / 2, -h * 2 / 3),
                Size::new(w as u32, (h * 4 / 3) as u32),
            )
            .into_styled(fill)
            .draw(d)?;
            Triangle::new(
                c + Point::new(-w / 2 - 1, -h * 2 / 3),
                c + Point::new(w / 2 + 1, -h * 2 / 3),
                c + Point::new(0, -h),
            )
            .into_styled(fill)
            .draw(d)?;
            Rectangle::new(
                c + Point::new(-h / 2, h * 2 / 3 - 2),
                Size::new(h as u32 + 1, 2),
            )
            .into_styled(fill)
            .draw(d)?;
            Line::new(c + Point::new(0, h * 2 / 3), c + Point::new(0, h))
                .into_styled(PrimitiveStyle::with_stroke(color::WOOD, w as u32))
                .draw(d)?;
        }
        Suit::Bastoni => {
            // A knotty club, thick at the top.
            let a = c + Point::new(-h / 2, h);
            let b = c + Point::new(h / 2, -h + h / 3);
            Line::new(a, b)
                .into_styled(PrimitiveStyle::with_stroke(col, (s / 4).max(3) as u32))
                .draw(d)?;
            Circle::with_center(b, (s / 3).max(4) as u32)
                .into_styled(fill)
                .draw(d)?;
            Circle::with_center(c, (s / 5).max(2) as u32)
                .into_styled(PrimitiveStyle::with_fill(color::GOLD))
                .draw(d)?;
        }
    }
    Ok(())
}

fn outline(mark: Mark) -> (Rgb565, u32) {
    match mark {
        Mark::None => (color::EDGE, 1),
        Mark::Selected => (color::SELECT, 3),
        Mark::Taken => (color::TAKE, 3),
    }
}

/// Draws the face of `card` with its top-left corner at `at`.
pub fn draw_card<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    card: Card,
    at: Point,
    size: CardSize,
    mark: Mark,
) -> Result<(), D::Error> {
    let sz = size.size();
    let (edge, width) = outline(mark);
    let style = PrimitiveStyleBuilder::new()
        .fill_color(color::FACE)
        .stroke_color(edge)
        .stroke_width(width)
        .stroke_alignment(embedded_graphics::primitives::StrokeAlignment::Inside)
        .build();
    RoundedRectangle::with_equal_corners(Rectangle::new(at, sz), Size::new(4, 4))
        .into_styled(style)
        .draw(d)?;
    let col = suit_color(card.suit());
    let (w, h) = (sz.width as i32, sz.height as i32);
    // Where the value index, the small digits and the suit sign go, and the sign's size.
    let (index_at, digits_at, sign) = match size {
        CardSize::Large => (Point::new(5, 16), Point::new(w - 5, 13), 22),
        CardSize::Small => (Point::new(4, 15), Point::new(w - 3, 11), 16),
    };
    let font = MonoTextStyle::new(&FONT_9X18_BOLD, col);
    Text::new(card.names().index, at + index_at, font).draw(d)?;
    let small = MonoTextStyle::new(&FONT_6X10, color::EDGE);
    Text::with_alignment(value_digits(card), at + digits_at, small, Alignment::Right).draw(d)?;
    draw_suit(d, card.suit(), at + Point::new(w / 2, h * 5 / 8 + 1), sign)?;
    Ok(())
}

/// Draws a face-down card of `size` (`w`×`h` pixels) at `at`.
pub fn draw_back<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    at: Point,
    size: Size,
) -> Result<(), D::Error> {
    let style = PrimitiveStyleBuilder::new()
        .fill_color(color::BACK)
        .stroke_color(color::FACE)
        .stroke_width(1)
        .build();
    RoundedRectangle::with_equal_corners(Rectangle::new(at, size), Size::new(3, 3))
        .into_styled(style)
        .draw(d)?;
    let inner = Rectangle::new(at + Point::new(3, 3), size - Size::new(6, 6));
    inner
        .into_styled(PrimitiveStyle::with_stroke(color::BACK_LINE, 1))
        .draw(d)?;
    // A diamond in the middle.
    let c = inner.center();
    let r = (size.width.min(size.height) as i32 / 4).max(2);
    let fill = PrimitiveStyle::with_fill(color::BACK_LINE);
    Triangle::new(
        c + Point::new(-r, 0),
        c + Point::new(r, 0),
        c + Point::new(0, -r),
    )
    .into_styled(fill)
    .draw(d)?;
    Triangle::new(
        c + Point::new(-r, 0),
        c + Point::new(r, 0),
        c + Point::new(0, r),
    )
    .into_styled(fill)
    .draw(d)?;
    Ok(())
}
