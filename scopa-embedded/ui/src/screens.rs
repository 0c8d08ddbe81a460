//! Drawing every screen of [`App`] on a 240×240 `DrawTarget<Color = Rgb565>`. Every word
//! comes from [`scopa_core::session::texts`] in the chosen language, drawn with the
//! ISO 8859-1 fonts (accented Italian letters included).

use core::fmt::{self, Display, Write};

use embedded_graphics::mono_font::iso_8859_1::{
    FONT_6X10, FONT_6X13_BOLD, FONT_7X13_BOLD, FONT_10X20,
};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{
    PrimitiveStyle, PrimitiveStyleBuilder, Rectangle, RoundedRectangle,
};
use embedded_graphics::text::{Alignment, Text};
use scopa_core::session::texts::summary_rows;
use scopa_core::session::{Controller, Label, Phase, Session, TableState, Texts};
use scopa_core::{Card, CardSet, Event, Suit};

use crate::WIDTH;
use crate::app::{App, Screen};
use crate::cards::{CardSize, Mark, color, draw_back, draw_card};
use crate::settings::{Options, ROWS, Row};
use crate::storage::Storage;

/// A line of text for the screen.
type Line = heapless::String<128>;

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

fn line(value: impl Display) -> Line {
    let mut s = Line::new();
    let _ = write!(Latin1(&mut s), "{value}"); // a longer text is cut
    s
}

/// The name before its explanation in brackets: `Standard (3 cards at a time)` →
/// `Standard` (the whole text is the options screen's help line).
fn short(s: &str) -> &str {
    s.split(" (").next().unwrap_or(s)
}

/// `text` cut into lines of at most `width` characters at spaces (a longer word gets a
/// line of its own).
fn wrap(text: &str, width: usize) -> heapless::Vec<&str, 8> {
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

fn text<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    s: &str,
    at: Point,
    font: &'static MonoFont<'static>,
    col: Rgb565,
    align: Alignment,
) -> Result<(), D::Error> {
    Text::with_alignment(s, at, MonoTextStyle::new(font, col), align).draw(d)?;
    Ok(())
}

/// Draws `s` wrapped to `width` characters, one line every `step` pixels from `at`.
#[allow(clippy::too_many_arguments)]
fn paragraph<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    s: &str,
    width: usize,
    at: Point,
    step: i32,
    font: &'static MonoFont<'static>,
    col: Rgb565,
    align: Alignment,
) -> Result<(), D::Error> {
    for (i, l) in wrap(s, width).iter().enumerate() {
        text(d, l, at + Point::new(0, step * i as i32), font, col, align)?;
    }
    Ok(())
}

/// Draws the screen of `app`.
pub fn draw<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    d: &mut D,
) -> Result<(), D::Error> {
    d.clear(color::FELT)?;
    let texts = app.texts();
    match (app.screen(), app.session()) {
        (Screen::Title { cursor }, _) => title(app, &texts, d, cursor),
        (Screen::Options { cursor }, _) => options(app.options(), &texts, d, cursor),
        (Screen::HandEnd, Some(session)) => hand_end(&texts, d, session),
        (Screen::MatchEnd, Some(session)) => match_end(&texts, d, session),
        (screen, Some(session)) => table(app, &texts, d, session, screen),
        (_, None) => title(app, &texts, d, 0),
    }
}

fn panel<D: DrawTarget<Color = Rgb565>>(d: &mut D, r: Rectangle) -> Result<(), D::Error> {
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

fn footer<D: DrawTarget<Color = Rgb565>>(d: &mut D, s: &str) -> Result<(), D::Error> {
    text(
        d,
        s,
        Point::new(120, 234),
        &FONT_6X10,
        color::DIM,
        Alignment::Center,
    )
}

/// A highlighted bar behind the row at baseline `y`.
fn bar<D: DrawTarget<Color = Rgb565>>(d: &mut D, x: i32, y: i32, w: u32) -> Result<(), D::Error> {
    Rectangle::new(Point::new(x, y - 11), Size::new(w, 15))
        .into_styled(PrimitiveStyle::with_fill(color::FELT_DARK))
        .draw(d)?;
    Ok(())
}

fn title<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    texts: &Texts,
    d: &mut D,
    cursor: u8,
) -> Result<(), D::Error> {
    text(
        d,
        "S C O P A",
        Point::new(120, 34),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    // A fan of the four sevens, the settebello in front.
    let sevens = [Suit::Bastoni, Suit::Spade, Suit::Coppe, Suit::Denari];
    for (i, suit) in sevens.into_iter().enumerate() {
        if let Some(card) = Card::new(suit, 7) {
            let mark = if suit == Suit::Denari {
                Mark::Selected
            } else {
                Mark::None
            };
            draw_card(
                d,
                card,
                Point::new(42 + 40 * i as i32, 56 + (i as i32 % 2) * 6),
                CardSize::Large,
                mark,
            )?;
        }
    }
    let items = app.title_items();
    let cursor = usize::from(cursor).min(items.len() - 1);
    for (i, item) in items.iter().enumerate() {
        let y = 158 + 22 * i as i32;
        let col = if i == cursor {
            bar(d, 8, y, 224)?;
            text(
                d,
                ">",
                Point::new(12, y),
                &FONT_7X13_BOLD,
                color::SELECT,
                Alignment::Left,
            )?;
            color::SELECT
        } else {
            color::TEXT
        };
        text(
            d,
            texts.label(*item),
            Point::new(120, y),
            &FONT_7X13_BOLD,
            col,
            Alignment::Center,
        )?;
    }
    paragraph(
        d,
        &line(app.message()),
        38,
        Point::new(120, 212),
        11,
        &FONT_6X10,
        color::TEXT,
        Alignment::Center,
    )
}

/// Rows of the options screen shown at once.
const VISIBLE_ROWS: u8 = 10;

/// A row's label, value and help text (the whole name of a shortened value, or what the
/// seats make of the match).
fn option_row(o: &Options, texts: &Texts, row: Row) -> (Line, Line, Line) {
    let r = &o.rules;
    let none = Line::new();
    let (label, value, help) = match row {
        Row::Players => (Label::Players, line(r.players), none),
        Row::Seat(seat) => {
            let value = match o.seats[usize::from(seat)] {
                Controller::Human => line(texts.label(Label::Human)),
                Controller::Ai(level) => line(texts.level(level)),
            };
            let help = match o.settings().humans() {
                0 => line(texts.label(Label::WatchMode)),
                1 => none,
                _ => line(texts.label(Label::PassAndPlay)),
            };
            let label = line(format_args!("{} {}", texts.label(Label::Seat), seat + 1));
            return (label, value, help);
        }
        Row::Target => (Label::Target, line(r.target), none),
        Row::Deal => {
            let s = texts.deal(r.deal);
            (Label::Deal, line(short(s)), line(s))
        }
        Row::Primiera => {
            let s = texts.primiera(r.primiera);
            (Label::Primiera, line(short(s)), line(s))
        }
        Row::Ace => {
            let s = texts.ace(r.ace);
            (Label::Ace, line(short(s)), line(s))
        }
        Row::Napola => (Label::Napola, line(texts.on_off(r.napola)), none),
        Row::ReBello => (Label::ReBello, line(texts.on_off(r.re_bello)), none),
        Row::Redeal => (
            Label::Redeal,
            line(texts.on_off(r.kings_redeal)),
            line(texts.label(Label::KingsRedeal)),
        ),
        Row::Undo => (Label::Undo, line(texts.on_off(o.settings().undo)), none),
        Row::Language => (Label::Language, line(o.lang.name()), none),
        Row::Start => (Label::Start, none, line(texts.rules(o.rules))),
    };
    (line(texts.label(label)), value, help)
}

fn options<D: DrawTarget<Color = Rgb565>>(
    o: &Options,
    texts: &Texts,
    d: &mut D,
    cursor: u8,
) -> Result<(), D::Error> {
    text(
        d,
        texts.label(Label::NewMatch),
        Point::new(120, 18),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    let first = cursor
        .saturating_sub(VISIBLE_ROWS - 1)
        .min(ROWS - VISIBLE_ROWS);
    for (k, index) in (first..first + VISIBLE_ROWS).enumerate() {
        let row = Row::at(index);
        let y = 38 + 14 * k as i32;
        let sel = index == cursor;
        let (label, value, help) = option_row(o, texts, row);
        if sel {
            bar(d, 2, y, 236)?;
            // The whole name of a shortened value (nothing when the name is short).
            let help = if help == value { Line::new() } else { help };
            paragraph(
                d,
                &help,
                38,
                Point::new(120, 186),
                11,
                &FONT_6X10,
                color::DIM,
                Alignment::Center,
            )?;
        }
        let col = match (sel, o.applies(row)) {
            (true, _) => color::SELECT,
            (false, true) => color::TEXT,
            (false, false) => color::DIM,
        };
        if row == Row::Start {
            RoundedRectangle::with_equal_corners(
                Rectangle::new(Point::new(70, y - 11), Size::new(100, 15)),
                Size::new(4, 4),
            )
            .into_styled(PrimitiveStyle::with_stroke(color::GOLD, 1))
            .draw(d)?;
            text(
                d,
                &label,
                Point::new(120, y),
                &FONT_6X13_BOLD,
                col,
                Alignment::Center,
            )?;
            continue;
        }
        text(
            d,
            &label,
            Point::new(6, y),
            &FONT_6X13_BOLD,
            col,
            Alignment::Left,
        )?;
        let value = if sel {
            line(format_args!("< {value} >"))
        } else {
            value
        };
        text(
            d,
            &value,
            Point::new(234, y),
            &FONT_6X13_BOLD,
            col,
            Alignment::Right,
        )?;
    }
    Ok(())
}

/// Left x of card `i` of `n` cards `w` wide, centred in `[x0, x1)`.
fn spread_x(i: usize, n: usize, w: i32, x0: i32, x1: i32, gap: i32) -> i32 {
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

/// The seat drawn at the bottom: the person holding the device, the one about to take it,
/// or seat 0 (watch mode).
fn anchor(state: &TableState) -> u8 {
    match (state.viewer, state.phase) {
        (Some(seat), _) | (None, Phase::HandOff { seat }) => seat,
        _ => 0,
    }
}

fn table<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    texts: &Texts,
    d: &mut D,
    session: &Session,
    screen: Screen,
) -> Result<(), D::Error> {
    let state = session.state();
    let players = session.rules().players;
    // Top bar: the match scores and the hand number.
    Rectangle::new(Point::zero(), Size::new(WIDTH, 16))
        .into_styled(PrimitiveStyle::with_fill(color::FELT_DARK))
        .draw(d)?;
    let scores = line(texts.scores(state.scores));
    text(
        d,
        &scores,
        Point::new(4, 11),
        &FONT_6X10,
        color::TEXT,
        Alignment::Left,
    )?;
    let hand = line(format_args!(
        "{} {}",
        texts.label(Label::Hand),
        state.hand_number + 1
    ));
    if (scores.chars().count() + hand.chars().count() + 2) * 6 <= 232 {
        text(
            d,
            &hand,
            Point::new(236, 11),
            &FONT_6X10,
            color::DIM,
            Alignment::Right,
        )?;
    }

    // The other seats' hands face down, in turn order from the bottom seat's.
    let bottom = anchor(&state);
    let others: heapless::Vec<u8, 3> = (1..players).map(|k| (bottom + k) % players).collect();
    let group_w = 204 / others.len().max(1) as i32;
    for (g, &seat) in others.iter().enumerate() {
        let x0 = g as i32 * group_w;
        let col = if seat == state.turn {
            color::SELECT
        } else {
            color::TEXT
        };
        text(
            d,
            &line(texts.seat(seat)),
            Point::new(x0 + 3, 28),
            &FONT_6X10,
            col,
            Alignment::Left,
        )?;
        let n = usize::from(state.hand_sizes[usize::from(seat)]);
        for i in 0..n {
            let x = spread_x(i, n, 14, x0 + 2, x0 + group_w - 2, 3);
            draw_back(d, Point::new(x, 33), Size::new(14, 22))?;
        }
    }
    // The deck and how many cards it has left.
    if state.deck_left > 0 {
        draw_back(d, Point::new(210, 22), Size::new(22, 32))?;
    }
    text(
        d,
        &line(state.deck_left),
        Point::new(221, 66),
        &FONT_6X10,
        color::DIM,
        Alignment::Center,
    )?;

    // The table, with the cards a capture takes marked.
    let taken: CardSet = match screen {
        Screen::AiPlay { mv, .. } => mv.capture(),
        Screen::Choose { cursor, .. } => app
            .capture_options()
            .get(usize::from(cursor))
            .copied()
            .unwrap_or_default(),
        _ => CardSet::EMPTY,
    };
    let cards: heapless::Vec<Card, 40> = state.table.iter().collect();
    let n = cards.len();
    let per_row = n.div_ceil(2).max(1);
    let rows = if n > 7 { 2 } else { 1 };
    for (i, &card) in cards.iter().enumerate() {
        let (row, col, in_row) = if rows == 2 {
            (
                i / per_row,
                i % per_row,
                if i / per_row == 0 {
                    per_row
                } else {
                    n - per_row
                },
            )
        } else {
            (0, i, n)
        };
        let y = if rows == 2 { 70 + 48 * row as i32 } else { 94 };
        let x = spread_x(col, in_row, 30, 2, 238, 3);
        let mark = if taken.contains(card) {
            Mark::Taken
        } else {
            Mark::None
        };
        draw_card(d, card, Point::new(x, y), CardSize::Small, mark)?;
    }

    // The card an AI is playing, over its seat.
    if let Screen::AiPlay { mv, .. } = screen {
        let g = others.iter().position(|s| *s == state.turn).unwrap_or(0) as i32;
        let x = (g * group_w + group_w / 2 - 16).clamp(2, 176);
        draw_card(
            d,
            mv.card(),
            Point::new(x, 20),
            CardSize::Small,
            Mark::Selected,
        )?;
    }

    // The status line: an error, else what happens now.
    let status = match screen {
        _ if !app.message().is_empty() => line(app.message()),
        Screen::Choose { cursor, .. } => line(format_args!(
            "{} {}/{} · B: {}",
            texts.label(Label::ChooseCapture),
            cursor + 1,
            app.capture_options().len(),
            texts.label(Label::Cancel)
        )),
        Screen::AiPlay { mv, .. } => line(texts.event(&Event::Played {
            seat: state.turn,
            mv,
        })),
        Screen::Table { .. } | Screen::Thinking { .. } => line(texts.phase(&state.phase)),
        _ => Line::new(),
    };
    text(
        d,
        &status,
        Point::new(120, 175),
        &FONT_6X10,
        color::TEXT,
        Alignment::Center,
    )?;

    // The hand at the bottom: the viewer's faces, else the backs of the bottom seat.
    let selected = match screen {
        Screen::Table { cursor } => Some(usize::from(cursor)),
        Screen::Choose { hand_cursor, .. } => Some(usize::from(hand_cursor)),
        _ => None,
    };
    let n = state.hand.len() as usize;
    for (i, card) in state.hand.iter().enumerate() {
        let x = spread_x(i, n, 40, 2, 238, 6);
        let sel = selected == Some(i);
        let y = if sel { 180 } else { 184 };
        let mark = if sel { Mark::Selected } else { Mark::None };
        draw_card(d, card, Point::new(x, y), CardSize::Large, mark)?;
    }
    if n == 0 {
        let hidden = usize::from(state.hand_sizes[usize::from(bottom)]);
        for i in 0..hidden {
            let x = spread_x(i, hidden, 40, 2, 238, 6);
            draw_back(d, Point::new(x, 184), Size::new(44, 62))?;
        }
    }

    match screen {
        Screen::Scopa { seat, .. } => {
            let r = Rectangle::new(Point::new(30, 86), Size::new(180, 64));
            let style = PrimitiveStyleBuilder::new()
                .fill_color(color::SELECT)
                .stroke_color(color::RED)
                .stroke_width(3)
                .build();
            RoundedRectangle::with_equal_corners(r, Size::new(8, 8))
                .into_styled(style)
                .draw(d)?;
            text(
                d,
                &line(format_args!("{}!", texts.label(Label::Scopa))),
                Point::new(120, 116),
                &FONT_10X20,
                color::RED,
                Alignment::Center,
            )?;
            text(
                d,
                &line(texts.seat(seat)),
                Point::new(120, 136),
                &FONT_6X10,
                Rgb565::BLACK,
                Alignment::Center,
            )?;
        }
        Screen::HandOff { .. } => {
            panel(d, Rectangle::new(Point::new(14, 70), Size::new(212, 100)))?;
            paragraph(
                d,
                &line(texts.phase(&state.phase)),
                28,
                Point::new(120, 92),
                15,
                &FONT_7X13_BOLD,
                color::TEXT,
                Alignment::Center,
            )?;
            text(
                d,
                &line(format_args!("A: {}", texts.label(Label::Continue))),
                Point::new(120, 160),
                &FONT_6X10,
                color::DIM,
                Alignment::Center,
            )?;
        }
        _ => {}
    }
    Ok(())
}

fn hand_end<D: DrawTarget<Color = Rgb565>>(
    texts: &Texts,
    d: &mut D,
    session: &Session,
) -> Result<(), D::Error> {
    let state = session.state();
    let rules = session.rules();
    // After the last hand no new one is dealt; otherwise the next hand has begun.
    let number = if state.plays == 0 {
        state.hand_number
    } else {
        state.hand_number + 1
    };
    text(
        d,
        &line(format_args!("{} {number}", texts.label(Label::Hand))),
        Point::new(120, 22),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    footer(
        d,
        &line(format_args!("A: {}", texts.label(Label::Continue))),
    )?;
    let Some(last) = session.last_hand() else {
        return Ok(());
    };
    panel(d, Rectangle::new(Point::new(4, 30), Size::new(232, 184)))?;
    let sides = usize::from(rules.sides());
    let col_w = 132 / sides as i32;
    let right = |side: usize| 100 + col_w * (side as i32 + 1) - 4;
    for side in 0..sides {
        let name = line(texts.side(side as u8));
        paragraph(
            d,
            &name,
            (col_w as usize - 4) / 6,
            Point::new(right(side), 44),
            10,
            &FONT_6X10,
            color::GOLD,
            Alignment::Right,
        )?;
    }
    let cell = |d: &mut D, y: i32, side: usize, tally: Option<u8>, points: u16| {
        if let Some(t) = tally {
            text(
                d,
                &line(t),
                Point::new(right(side) - col_w / 2, y),
                &FONT_6X10,
                color::DIM,
                Alignment::Right,
            )?;
        }
        let col = if points > 0 {
            color::SELECT
        } else {
            color::DIM
        };
        text(
            d,
            &line(points),
            Point::new(right(side), y),
            &FONT_7X13_BOLD,
            col,
            Alignment::Right,
        )
    };
    let mut y = 74;
    let rows = summary_rows(rules, &last.score);
    for (i, row) in rows.iter().enumerate() {
        if i + 1 == rows.len() {
            // The hand's total, under a rule.
            Rectangle::new(Point::new(10, y - 10), Size::new(220, 1))
                .into_styled(PrimitiveStyle::with_fill(color::GOLD))
                .draw(d)?;
            y += 4;
        }
        text(
            d,
            short(texts.label(row.label)),
            Point::new(10, y),
            &FONT_6X13_BOLD,
            color::TEXT,
            Alignment::Left,
        )?;
        for side in 0..sides {
            cell(d, y, side, row.tally[side], u16::from(row.points[side]))?;
        }
        y += 15;
    }
    y += 3;
    text(
        d,
        texts.label(Label::Score),
        Point::new(10, y),
        &FONT_6X13_BOLD,
        color::TEXT,
        Alignment::Left,
    )?;
    for side in 0..sides {
        cell(d, y, side, None, state.scores[side])?;
    }
    Ok(())
}

fn match_end<D: DrawTarget<Color = Rgb565>>(
    texts: &Texts,
    d: &mut D,
    session: &Session,
) -> Result<(), D::Error> {
    let state = session.state();
    let winner = match state.phase {
        Phase::MatchOver { winner } => winner,
        _ => 0,
    };
    panel(d, Rectangle::new(Point::new(10, 14), Size::new(220, 90)))?;
    let headline = line(texts.winner(winner));
    if headline.chars().count() <= 21 {
        text(
            d,
            &headline,
            Point::new(120, 46),
            &FONT_10X20,
            color::GOLD,
            Alignment::Center,
        )?;
    } else {
        paragraph(
            d,
            &headline,
            29,
            Point::new(120, 36),
            15,
            &FONT_7X13_BOLD,
            color::GOLD,
            Alignment::Center,
        )?;
    }
    paragraph(
        d,
        &line(texts.scores(state.scores)),
        34,
        Point::new(120, 80),
        11,
        &FONT_6X10,
        color::TEXT,
        Alignment::Center,
    )?;
    // The winning side's best cards of the last hand.
    if let Some(last) = session.last_hand() {
        let pile = last.piles[usize::from(winner)];
        let best: heapless::Vec<Card, 5> = [Card::SETTEBELLO, Card::RE_BELLO]
            .into_iter()
            .chain(pile.iter().filter(|c| c.value() == 7))
            .filter(|c| pile.contains(*c))
            .fold(heapless::Vec::new(), |mut v, c| {
                if !v.contains(&c) {
                    let _ = v.push(c);
                }
                v
            });
        for (i, &card) in best.iter().enumerate() {
            let x = spread_x(i, best.len(), 40, 10, 230, 8);
            draw_card(d, card, Point::new(x, 114), CardSize::Large, Mark::None)?;
        }
        text(
            d,
            &line(format_args!(
                "{}: {}",
                texts.label(Label::Captured),
                pile.len()
            )),
            Point::new(120, 196),
            &FONT_6X10,
            color::DIM,
            Alignment::Center,
        )?;
    }
    footer(
        d,
        &line(format_args!(
            "A: {} · B: {}",
            texts.label(Label::Rematch),
            texts.label(Label::Quit)
        )),
    )
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
}
