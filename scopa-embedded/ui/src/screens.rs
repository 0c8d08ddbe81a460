//! Drawing every screen of [`App`] on a 240×240 `DrawTarget<Color = Rgb565>`.

use core::fmt::Write;

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD, FONT_10X20};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{
    PrimitiveStyle, PrimitiveStyleBuilder, Rectangle, RoundedRectangle,
};
use embedded_graphics::text::{Alignment, Text};
use scopa_core::{AceRule, Card, CardSet, DealKind, Match, PrimieraRule, Suit};

use crate::app::{App, HUMAN, OPTION_ROWS, Screen, seat_name, side_name};
use crate::cards::{CardSize, Mark, color, draw_back, draw_card};
use crate::storage::Storage;
use crate::{HEIGHT, WIDTH};

type Line = heapless::String<40>;

fn text<D: DrawTarget<Color = Rgb565>>(
    d: &mut D,
    s: &str,
    at: Point,
    font: &'static embedded_graphics::mono_font::MonoFont<'static>,
    col: Rgb565,
    align: Alignment,
) -> Result<(), D::Error> {
    Text::with_alignment(s, at, MonoTextStyle::new(font, col), align).draw(d)?;
    Ok(())
}

fn line(args: core::fmt::Arguments<'_>) -> Line {
    let mut s = Line::new();
    let _ = s.write_fmt(args); // a longer text is cut: every caller's text is short
    s
}

/// Draws the screen of `app`.
pub fn draw<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    d: &mut D,
) -> Result<(), D::Error> {
    d.clear(color::FELT)?;
    match (app.screen(), app.game()) {
        (Screen::Title { cursor }, _) => title(app, d, cursor),
        (Screen::Options { cursor }, _) => options(app, d, cursor),
        (Screen::HandEnd, Some(game)) => hand_end(d, game),
        (Screen::MatchEnd, Some(game)) => match_end(d, game),
        (screen, Some(game)) => table(app, d, game, screen),
        (_, None) => title(app, d, 0),
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

fn title<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
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
    text(
        d,
        "a handheld card game",
        Point::new(120, 50),
        &FONT_6X10,
        color::DIM,
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
                Point::new(42 + 40 * i as i32, 64 + (i as i32 % 2) * 6),
                CardSize::Large,
                mark,
            )?;
        }
    }
    let items = app.title_items();
    let cursor = usize::from(cursor).min(items.len() - 1);
    for (i, item) in items.iter().enumerate() {
        let y = 160 + 24 * i as i32;
        if i == cursor {
            Rectangle::new(Point::new(50, y - 15), Size::new(140, 20))
                .into_styled(PrimitiveStyle::with_fill(color::FELT_DARK))
                .draw(d)?;
            text(
                d,
                ">",
                Point::new(58, y),
                &FONT_7X13_BOLD,
                color::SELECT,
                Alignment::Left,
            )?;
        }
        let col = if i == cursor {
            color::SELECT
        } else {
            color::TEXT
        };
        text(
            d,
            item,
            Point::new(120, y),
            &FONT_7X13_BOLD,
            col,
            Alignment::Center,
        )?;
    }
    if !app.message().is_empty() {
        text(
            d,
            app.message(),
            Point::new(120, 218),
            &FONT_6X10,
            color::TEXT,
            Alignment::Center,
        )?;
    }
    footer(d, "up/down  A: select")
}

fn options<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    d: &mut D,
    cursor: u8,
) -> Result<(), D::Error> {
    text(
        d,
        "New match",
        Point::new(120, 20),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    let s = app.settings();
    let r = &s.rules;
    let on_off = |b: bool| if b { "on" } else { "off" };
    let deal = match r.deal {
        DealKind::Standard => "3 at a time",
        DealKind::Scopone => "scopone (9)",
        DealKind::ScoponeScientifico => "scientifico",
    };
    let primiera = match r.primiera {
        PrimieraRule::Classic => "classic",
        PrimieraRule::Lenient => "lenient",
        PrimieraRule::MostSevens => "most sevens",
    };
    let ace = match r.ace {
        AceRule::Plain => "plain",
        AceRule::TakesAll => "takes all",
        AceRule::MatchTakesAll => "scopa d'assi",
    };
    let rows: [(&str, Line); OPTION_ROWS as usize - 1] = [
        (
            "Players",
            line(format_args!(
                "{}",
                if r.players == 4 { "4 +partner" } else { "2" }
            )),
        ),
        ("AI level", line(format_args!("{}", s.level.name()))),
        ("Target", line(format_args!("{}", r.target))),
        ("Deal", line(format_args!("{deal}"))),
        ("Primiera", line(format_args!("{primiera}"))),
        ("Ace", line(format_args!("{ace}"))),
        ("Napola", line(format_args!("{}", on_off(r.napola)))),
        ("Re bello", line(format_args!("{}", on_off(r.re_bello)))),
    ];
    for (i, (label, value)) in rows.iter().enumerate() {
        let y = 48 + 19 * i as i32;
        let sel = i == usize::from(cursor);
        if sel {
            Rectangle::new(Point::new(4, y - 13), Size::new(232, 18))
                .into_styled(PrimitiveStyle::with_fill(color::FELT_DARK))
                .draw(d)?;
        }
        let col = if sel { color::SELECT } else { color::TEXT };
        text(
            d,
            label,
            Point::new(10, y),
            &FONT_7X13_BOLD,
            col,
            Alignment::Left,
        )?;
        let v = if sel {
            line(format_args!("< {value} >"))
        } else {
            value.clone()
        };
        text(
            d,
            &v,
            Point::new(230, y),
            &FONT_7X13_BOLD,
            col,
            Alignment::Right,
        )?;
    }
    let y = 48 + 19 * 8 + 8;
    let sel = cursor == OPTION_ROWS - 1;
    let style = PrimitiveStyleBuilder::new()
        .fill_color(if sel { color::SELECT } else { color::FELT_DARK })
        .stroke_color(color::GOLD)
        .stroke_width(1)
        .build();
    RoundedRectangle::with_equal_corners(
        Rectangle::new(Point::new(70, y - 14), Size::new(100, 20)),
        Size::new(5, 5),
    )
    .into_styled(style)
    .draw(d)?;
    let col = if sel { Rgb565::BLACK } else { color::TEXT };
    text(
        d,
        "Start",
        Point::new(120, y),
        &FONT_7X13_BOLD,
        col,
        Alignment::Center,
    )?;
    footer(d, "up/down  left/right  A  B: back")
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

fn table<S: Storage, D: DrawTarget<Color = Rgb565>>(
    app: &App<S>,
    d: &mut D,
    game: &Match,
    screen: Screen,
) -> Result<(), D::Error> {
    let rules = game.rules();
    let players = rules.players;
    let hand = game.hand();
    let turn = game.turn();
    // Top bar: scores, hand number, target.
    Rectangle::new(Point::zero(), Size::new(WIDTH, 16))
        .into_styled(PrimitiveStyle::with_fill(color::FELT_DARK))
        .draw(d)?;
    let scores = game.scores();
    let s0 = line(format_args!("{} {}", side_name(players, 0), scores[0]));
    let s1 = line(format_args!("{} {}", side_name(players, 1), scores[1]));
    let mid = line(format_args!(
        "hand {} to {}",
        game.hand_number() + 1,
        rules.target
    ));
    text(
        d,
        &s0,
        Point::new(4, 12),
        &FONT_7X13_BOLD,
        color::TEXT,
        Alignment::Left,
    )?;
    text(
        d,
        &mid,
        Point::new(120, 11),
        &FONT_6X10,
        color::DIM,
        Alignment::Center,
    )?;
    text(
        d,
        &s1,
        Point::new(236, 12),
        &FONT_7X13_BOLD,
        color::TEXT,
        Alignment::Right,
    )?;

    // The other seats' hands face down, with whose turn it is.
    let others: heapless::Vec<u8, 3> = (1..players).collect();
    let group_w = 168 / others.len().max(1) as i32;
    for (g, &seat) in others.iter().enumerate() {
        let x0 = g as i32 * group_w;
        let col = if seat == turn {
            color::SELECT
        } else {
            color::TEXT
        };
        text(
            d,
            seat_name(players, seat),
            Point::new(x0 + 4, 28),
            &FONT_6X10,
            col,
            Alignment::Left,
        )?;
        let n = hand.hand_len(seat) as usize;
        for i in 0..n {
            let x = spread_x(i, n, 14, x0 + 2, x0 + group_w - 2, 3);
            draw_back(d, Point::new(x, 33), Size::new(14, 22))?;
        }
    }
    // The deck.
    let deck = hand.deck_len();
    if deck > 0 {
        draw_back(d, Point::new(208, 22), Size::new(22, 32))?;
    }
    text(
        d,
        &line(format_args!("deck {deck}")),
        Point::new(219, 64),
        &FONT_6X10,
        color::DIM,
        Alignment::Center,
    )?;

    // The table, with the cards a capture takes marked.
    let taken: CardSet = match screen {
        Screen::AiPlay { mv, .. } => mv.capture(),
        Screen::Choose { card, cursor, .. } => app
            .moves_with(card)
            .get(usize::from(cursor))
            .map(|m| m.capture())
            .unwrap_or_default(),
        _ => CardSet::EMPTY,
    };
    let cards: heapless::Vec<Card, 40> = hand.table().iter().collect();
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
    if n == 0 {
        text(
            d,
            "empty table",
            Point::new(120, 120),
            &FONT_6X10,
            color::DIM,
            Alignment::Center,
        )?;
    }

    // The card an AI is playing, over its seat.
    if let Screen::AiPlay { mv, .. } = screen {
        let g = others.iter().position(|s| *s == turn).unwrap_or(0) as i32;
        let x = if players == 4 {
            g * group_w + group_w - 30
        } else {
            g * group_w + group_w / 2 - 15
        };
        let x = x.clamp(2, 176);
        draw_card(
            d,
            mv.card(),
            Point::new(x, 20),
            CardSize::Small,
            Mark::Selected,
        )?;
    }

    // Status line.
    let status = match screen {
        Screen::Table { .. } => line(format_args!("Your turn  {}", app.message())),
        Screen::Choose { card, cursor, .. } => {
            let n = app.moves_with(card).len();
            line(format_args!(
                "{card}: capture {}/{n}  A:ok B:back",
                cursor + 1
            ))
        }
        Screen::AiPlay { mv, .. } => {
            let mut s = line(format_args!(
                "{} plays {}",
                seat_name(players, turn),
                mv.card()
            ));
            if mv.is_lay() {
                let _ = s.push_str(" (lays)");
            } else {
                let _ = s.push_str(", takes");
                for c in mv.capture().iter() {
                    let _ = write!(s, " {c}");
                }
            }
            s
        }
        _ => line(format_args!("{}", app.message())),
    };
    text(
        d,
        &status,
        Point::new(120, 175),
        &FONT_6X10,
        color::TEXT,
        Alignment::Center,
    )?;

    // The human's hand.
    let mine = app.human_hand();
    let selected = match screen {
        Screen::Table { cursor } => Some(usize::from(cursor)),
        Screen::Choose { hand_cursor, .. } => Some(usize::from(hand_cursor)),
        _ => None,
    };
    let n = mine.len();
    for (i, &card) in mine.iter().enumerate() {
        let x = spread_x(i, n, 40, 2, 238, 6);
        let sel = selected == Some(i) && turn == HUMAN;
        let y = if sel { 180 } else { 184 };
        draw_card(
            d,
            card,
            Point::new(x, y),
            CardSize::Large,
            if sel { Mark::Selected } else { Mark::None },
        )?;
    }

    if let Screen::Scopa { seat, .. } = screen {
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
            "SCOPA!",
            Point::new(120, 116),
            &FONT_10X20,
            color::RED,
            Alignment::Center,
        )?;
        let who = line(format_args!("{} swept the table", seat_name(players, seat)));
        text(
            d,
            &who,
            Point::new(120, 136),
            &FONT_6X10,
            Rgb565::BLACK,
            Alignment::Center,
        )?;
    }
    Ok(())
}

fn hand_end<D: DrawTarget<Color = Rgb565>>(d: &mut D, game: &Match) -> Result<(), D::Error> {
    let rules = game.rules();
    let players = rules.players;
    let number = if game.is_over() {
        game.hand_number()
    } else {
        game.hand_number().saturating_sub(1)
    };
    text(
        d,
        &line(format_args!("Hand {} over", number + 1)),
        Point::new(120, 22),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    let Some(last) = game.last_hand() else {
        return footer(d, "A: continue");
    };
    panel(d, Rectangle::new(Point::new(4, 30), Size::new(232, 190)))?;
    let (a, b) = (last.score.side(0), last.score.side(1));
    let h =
        |y: i32, label: &str, tally: Line, pa: u16, pb: u16, d: &mut D| -> Result<(), D::Error> {
            text(
                d,
                label,
                Point::new(10, y),
                &FONT_7X13_BOLD,
                color::TEXT,
                Alignment::Left,
            )?;
            text(
                d,
                &tally,
                Point::new(150, y),
                &FONT_6X10,
                color::DIM,
                Alignment::Right,
            )?;
            let ca = if pa > 0 { color::SELECT } else { color::DIM };
            let cb = if pb > 0 { color::SELECT } else { color::DIM };
            text(
                d,
                &line(format_args!("{pa}")),
                Point::new(186, y),
                &FONT_7X13_BOLD,
                ca,
                Alignment::Right,
            )?;
            text(
                d,
                &line(format_args!("{pb}")),
                Point::new(226, y),
                &FONT_7X13_BOLD,
                cb,
                Alignment::Right,
            )?;
            Ok(())
        };
    text(
        d,
        side_name(players, 0),
        Point::new(186, 46),
        &FONT_6X10,
        color::GOLD,
        Alignment::Right,
    )?;
    text(
        d,
        side_name(players, 1),
        Point::new(226, 46),
        &FONT_6X10,
        color::GOLD,
        Alignment::Right,
    )?;
    let mut y = 64;
    let row = |label: &str,
               tally: Line,
               pa: u8,
               pb: u8,
               y: &mut i32,
               d: &mut D|
     -> Result<(), D::Error> {
        h(*y, label, tally, u16::from(pa), u16::from(pb), d)?;
        *y += 17;
        Ok(())
    };
    row(
        "Scope",
        line(format_args!("{}-{}", last.scope[0], last.scope[1])),
        a.scope,
        b.scope,
        &mut y,
        d,
    )?;
    row(
        "Carte",
        line(format_args!("{}-{}", a.cards, b.cards)),
        a.carte,
        b.carte,
        &mut y,
        d,
    )?;
    row(
        "Denari",
        line(format_args!("{}-{}", a.coins, b.coins)),
        a.denari,
        b.denari,
        &mut y,
        d,
    )?;
    row(
        "Settebello",
        Line::new(),
        a.settebello,
        b.settebello,
        &mut y,
        d,
    )?;
    let pv = |v: Option<u8>| match v {
        Some(v) => line(format_args!("{v}")),
        None => line(format_args!("--")),
    };
    let prim = line(format_args!(
        "{}-{}",
        pv(a.primiera_value),
        pv(b.primiera_value)
    ));
    row("Primiera", prim, a.primiera, b.primiera, &mut y, d)?;
    if rules.napola {
        row("Napola", Line::new(), a.napola, b.napola, &mut y, d)?;
    }
    if rules.re_bello {
        row("Re bello", Line::new(), a.re_bello, b.re_bello, &mut y, d)?;
    }
    Rectangle::new(Point::new(10, y - 10), Size::new(220, 1))
        .into_styled(PrimitiveStyle::with_fill(color::GOLD))
        .draw(d)?;
    y += 4;
    h(y, "This hand", Line::new(), a.total(), b.total(), d)?;
    let s = game.scores();
    h(
        y + 20,
        "Match",
        line(format_args!("to {}", rules.target)),
        s[0],
        s[1],
        d,
    )?;
    footer(d, "A: continue")
}

fn match_end<D: DrawTarget<Color = Rgb565>>(d: &mut D, game: &Match) -> Result<(), D::Error> {
    let players = game.rules().players;
    let winner = game.winner().unwrap_or(0);
    let headline = match (players == 4, winner) {
        (false, 0) => "You win!",
        (false, _) => "The AI wins",
        (true, 0) => "We win!",
        (true, _) => "They win",
    };
    panel(d, Rectangle::new(Point::new(14, 20), Size::new(212, 70)))?;
    text(
        d,
        headline,
        Point::new(120, 50),
        &FONT_10X20,
        color::GOLD,
        Alignment::Center,
    )?;
    let s = game.scores();
    let score = line(format_args!(
        "{} {}  -  {} {}",
        side_name(players, 0),
        s[0],
        side_name(players, 1),
        s[1]
    ));
    text(
        d,
        &score,
        Point::new(120, 76),
        &FONT_7X13_BOLD,
        color::TEXT,
        Alignment::Center,
    )?;
    // The winning side's best cards of the last hand.
    if let Some(last) = game.last_hand() {
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
            draw_card(d, card, Point::new(x, 110), CardSize::Large, Mark::None)?;
        }
        let cards = line(format_args!("last hand: {} cards", pile.len()));
        text(
            d,
            &cards,
            Point::new(120, 186),
            &FONT_6X10,
            color::DIM,
            Alignment::Center,
        )?;
    }
    let _ = HEIGHT;
    footer(d, "A: back to the title")
}
