//! The options screen: ten rows at a time of the match options, the highlighted one's
//! value between arrows and its whole name or help under the list.

use embedded_graphics::mono_font::iso_8859_1::{FONT_6X10, FONT_6X13_BOLD, FONT_10X20};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle, RoundedRectangle};
use embedded_graphics::text::Alignment;
use scopa_core::session::{Label, Player, Texts};

use super::kit::{Line, Pen, bar, line, short};
use crate::cards::color;
use crate::settings::{Options, ROWS, Row};

/// Rows of the options screen shown at once.
const VISIBLE_ROWS: u8 = 10;

/// The options screen.
#[derive(Copy, Clone, Debug)]
pub struct OptionsScreen<'a> {
    /// The texts.
    pub texts: &'a Texts,
    /// The options.
    pub options: &'a Options,
    /// The highlighted row.
    pub cursor: u8,
}

impl Drawable for OptionsScreen<'_> {
    type Color = Rgb565;
    type Output = ();

    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        Pen::new(&FONT_10X20, color::GOLD, Alignment::Center).write(
            d,
            self.texts.label(Label::NewMatch),
            Point::new(120, 18),
        )?;
        let first = self
            .cursor
            .saturating_sub(VISIBLE_ROWS - 1)
            .min(ROWS - VISIBLE_ROWS);
        for (k, index) in (first..first + VISIBLE_ROWS).enumerate() {
            self.row(d, Row::at(index), 38 + 14 * k as i32, index == self.cursor)?;
        }
        Ok(())
    }
}

impl OptionsScreen<'_> {
    /// Draws `row` on baseline `y`, highlighted when `sel`.
    fn row<D: DrawTarget<Color = Rgb565>>(
        &self,
        d: &mut D,
        row: Row,
        y: i32,
        sel: bool,
    ) -> Result<(), D::Error> {
        let (label, value, help) = self.texts_of(row);
        if sel {
            bar(d, 2, y, 236)?;
            // The whole name of a shortened value (nothing when the name is short).
            let help = if help == value { Line::new() } else { help };
            Pen::new(&FONT_6X10, color::DIM, Alignment::Center).paragraph(
                d,
                &help,
                (38, 11),
                Point::new(120, 186),
            )?;
        }
        let col = match (sel, self.options.applies(row)) {
            (true, _) => color::SELECT,
            (false, true) => color::TEXT,
            (false, false) => color::DIM,
        };
        let pen = |align| Pen::new(&FONT_6X13_BOLD, col, align);
        if row == Row::Start {
            RoundedRectangle::with_equal_corners(
                Rectangle::new(Point::new(70, y - 11), Size::new(100, 15)),
                Size::new(4, 4),
            )
            .into_styled(PrimitiveStyle::with_stroke(color::GOLD, 1))
            .draw(d)?;
            return pen(Alignment::Center).write(d, &label, Point::new(120, y));
        }
        pen(Alignment::Left).write(d, &label, Point::new(6, y))?;
        let value = if sel {
            line(format_args!("< {value} >"))
        } else {
            value
        };
        pen(Alignment::Right).write(d, &value, Point::new(234, y))
    }

    /// A row's label, value and help text (the whole name of a shortened value, or what
    /// the seats make of the match).
    fn texts_of(&self, row: Row) -> (Line, Line, Line) {
        let (o, texts) = (self.options, self.texts);
        let r = &o.rules;
        let none = Line::new();
        let named = |s: &str| (line(short(s)), line(s));
        let (label, (value, help)) = match row {
            Row::Game => {
                let game = if o.briscola {
                    Label::Briscola
                } else {
                    Label::Scopa
                };
                (Label::Game, (line(texts.label(game)), none))
            }
            // The handheld seats 2, 3 or 4: its menu says where the big tables are.
            Row::Players => (
                Label::Players,
                (line(o.players()), line(texts.label(Label::NoBigTables))),
            ),
            Row::Seat(seat) => {
                let value = match o.seats[usize::from(seat)] {
                    Player::Human => line(texts.label(Label::Human)),
                    Player::Ai(level) => line(texts.level(level)),
                };
                let help = match o.settings().humans() {
                    0 => line(texts.label(Label::WatchMode)),
                    1 => none,
                    _ => line(texts.label(Label::PassAndPlay)),
                };
                let label = line(format_args!("{} {}", texts.label(Label::Seat), seat + 1));
                return (label, value, help);
            }
            Row::Target if o.briscola => (Label::HandsToWin, (line(o.target()), none)),
            Row::Target => (Label::Target, (line(r.target), none)),
            Row::HandSize => (Label::CardsInHand, (line(o.briscola_rules.hand_size), none)),
            Row::Deal => (Label::Deal, named(texts.deal(r.deal))),
            Row::Primiera => (Label::Primiera, named(texts.primiera(r.primiera))),
            Row::Ace => (Label::Ace, named(texts.ace(r.ace))),
            Row::Napola => (Label::Napola, (line(texts.on_off(r.napola)), none)),
            Row::ReBello => (Label::ReBello, (line(texts.on_off(r.re_bello)), none)),
            Row::Redeal => (
                Label::Redeal,
                (
                    line(texts.on_off(r.kings_redeal)),
                    line(texts.label(Label::KingsRedeal)),
                ),
            ),
            Row::Undo => (Label::Undo, (line(texts.on_off(o.settings().undo)), none)),
            Row::Language => (Label::Language, (line(o.lang.name()), none)),
            Row::Start if o.briscola => (
                Label::Start,
                (none, line(texts.briscola_rules(o.briscola_rules))),
            ),
            Row::Start => (Label::Start, (none, line(texts.rules(o.rules)))),
        };
        (line(texts.label(label)), value, help)
    }
}
