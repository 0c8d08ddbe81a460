//! The terminal side of `scopa play`: lines wrapped at word boundaries to the terminal's
//! width (whole lines when the output is not a terminal), colours, cards in the chosen
//! style. Every word comes from `scopa_core::session::texts` (or the frame it wrote).

use std::io::{self, Write};

use clap::ValueEnum;
use scopa_core::multiset::CardMultiset;
use scopa_core::session::{CardStyle, Texts};
use scopa_core::{Card, Suit};
use scopa_frame::Row;

/// How cards are written on screen (all forms can be typed).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SuitStyle {
    /// Symbols in a terminal, letters otherwise.
    #[default]
    Auto,
    /// `7d`: the notation.
    Letters,
    /// `7♦`: the French-deck symbols.
    Symbols,
    /// `7 of denari` / `7 di denari`.
    Names,
}

/// Where the text goes and how it looks.
pub struct Screen {
    out: Box<dyn Write + Send>,
    /// Columns to wrap at (`None`: whole lines).
    pub width: Option<usize>,
    /// ANSI colours.
    pub color: bool,
    /// How cards are written.
    pub style: CardStyle,
}

const RESET: &str = "\x1b[0m";

impl Screen {
    /// A screen writing to `out`.
    pub fn new(
        out: Box<dyn Write + Send>,
        width: Option<usize>,
        color: bool,
        style: CardStyle,
    ) -> Screen {
        Screen {
            out,
            width: width.map(|w| w.max(20)),
            color,
            style,
        }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}{RESET}")
        } else {
            text.to_owned()
        }
    }

    /// Bold text.
    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Highlighted text (a scopa, the winner).
    pub fn loud(&self, text: &str) -> String {
        self.paint("1;33", text)
    }

    /// A mistake.
    pub fn warn(&self, text: &str) -> String {
        self.paint("31", text)
    }

    /// Quiet text (help).
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    /// One card in its suit's colour.
    pub fn card(&self, t: &Texts, card: Card) -> String {
        self.paint(colour_of(card.suit()), &t.card(card).to_string())
    }

    /// Cards in their suits' colours (`—` for none).
    pub fn cards(&self, t: &Texts, set: impl Into<CardMultiset>) -> String {
        let set: CardMultiset = set.into();
        if set.is_empty() || !self.color {
            return t.cards(set).to_string();
        }
        let sep = if t.style == CardStyle::Names {
            ", "
        } else {
            " "
        };
        set.iter()
            .map(|c| self.card(t, c))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// `text` (which may hold several lines) with each line wrapped at word boundaries to
    /// the width, continuation lines indented by two spaces; every line ends with `\n`.
    pub fn wrapped(&self, text: &str) -> String {
        let mut out = String::new();
        for line in text.split('\n') {
            for part in self.wrap(line) {
                out.push_str(&part);
                out.push('\n');
            }
        }
        out
    }

    /// Writes `text`, [wrapped](Self::wrapped).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        let out = self.wrapped(text);
        self.out.write_all(out.as_bytes())?;
        self.out.flush()
    }

    fn wrap(&self, line: &str) -> Vec<String> {
        let Some(width) = self.width.filter(|_| !line.is_empty()) else {
            return vec![line.to_owned()];
        };
        // A word longer than the line (a long path) overflows rather than being cut, so
        // that it can still be copied.
        let options = textwrap::Options::new(width)
            .subsequent_indent("  ")
            .break_words(false);
        textwrap::wrap(line, options)
            .into_iter()
            .map(|l| l.into_owned())
            .collect()
    }

    /// Writes a prompt, wrapped, and leaves the cursor after `> ` on its last line.
    pub fn prompt(&mut self, text: &str) -> io::Result<()> {
        let mut lines = self.wrap(&format!("{text}>"));
        let last = lines.pop().unwrap_or_default();
        let mut out = String::new();
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out.push_str(&last);
        out.push(' ');
        self.out.write_all(out.as_bytes())?;
        self.out.flush()
    }

    /// Writes `text` as it is (an echo of typed input, a screen clear).
    pub fn raw(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    /// The score of a finished hand of Scopa (the written-out frame's summary rows, one
    /// column per side named in `names`): each row's points, and in brackets the tally
    /// behind them (cards, coins, primiera value…); the last row, the hand's total, in
    /// bold. Lines of a table, not wrapped: when they would not fit the width the columns
    /// are numbered and named in a legend.
    pub fn summary(&self, names: &[String], rows: &[Row]) -> String {
        let sides = names.len();
        let cells: Vec<(&str, Vec<String>)> = rows
            .iter()
            .map(|r| {
                let cells = (0..sides)
                    .map(
                        |s| match (r.points.get(s), r.tally.get(s).copied().flatten()) {
                            (Some(p), Some(n)) => format!("{p} ({n})"),
                            (Some(p), None) => p.to_string(),
                            (None, _) => String::new(),
                        },
                    )
                    .collect();
                (r.label.as_str(), cells)
            })
            .collect();
        let label_w = cells
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let col_w = names
            .iter()
            .map(|n| n.chars().count())
            .chain(cells.iter().flat_map(|(_, c)| c.iter().map(String::len)))
            .max()
            .unwrap_or(0)
            + 2;
        // Too wide for the screen: the columns are named in a legend instead.
        let fits = label_w + sides * col_w <= self.width.unwrap_or(usize::MAX);
        let header: String = if fits {
            names.iter().map(|n| format!("{n:>col_w$}")).collect()
        } else {
            (1..=sides)
                .map(|i| format!("{:>8}", format!("[{i}]")))
                .collect()
        };
        let col_w = if fits { col_w } else { 8 };
        let mut text = String::new();
        if !fits {
            let legend: Vec<String> = names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("[{}] {n}", i + 1))
                .collect();
            // The legend itself wrapped to the width.
            for line in self.wrap(&legend.join(" · ")) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text.push_str(&format!("{:label_w$}{header}\n", ""));
        for (i, (label, row)) in cells.iter().enumerate() {
            let line: String = format!(
                "{label:label_w$}{}",
                row.iter()
                    .map(|c| format!("{c:>col_w$}"))
                    .collect::<String>()
            );
            if i + 1 == rows.len() {
                text.push_str(&self.bold(&line));
            } else {
                text.push_str(&line);
            }
            text.push('\n');
        }
        text
    }
}

fn colour_of(s: Suit) -> &'static str {
    match s {
        Suit::Denari => "1;33",
        Suit::Coppe => "1;31",
        Suit::Spade => "1;36",
        Suit::Bastoni => "1;32",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_wrap_at_words_within_the_width() {
        let sink = Sink::default();
        let mut s = Screen::new(Box::new(sink.clone()), Some(30), true, CardStyle::Symbols);
        let long = format!(
            "{} takes {} and more words that go on",
            s.bold("7♦"),
            s.bold("5♦")
        );
        s.say(&long).unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        for line in text.lines() {
            assert!(textwrap::core::display_width(line) <= 30, "{line:?}");
        }
        assert!(text.lines().count() > 1);
        assert!(text.lines().skip(1).all(|l| l.starts_with("  ")));
    }
}
