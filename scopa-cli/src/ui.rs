//! Text rendering for `scopa play`: cards (with suit colours when the output is a
//! terminal), seat and side names, the hand's score breakdown.

use clap::ValueEnum;
use scopa_core::{Card, CardSet, HandScore, Move, Rules, Suit};

/// How cards are written on screen. Input always accepts the notation (`7d`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SuitStyle {
    /// Symbols in a terminal, letters otherwise.
    #[default]
    Auto,
    /// `7d` — the notation you type.
    Letters,
    /// `7♦` — the French-deck symbols.
    Symbols,
    /// `7 denari`.
    Names,
}

/// Formatting choices for one session.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// ANSI colours (only when stdout is a terminal and `NO_COLOR` is unset).
    pub color: bool,
    /// How suits are written.
    pub suits: SuitStyle,
    /// The rules (for names of seats and sides).
    pub rules: Rules,
}

const RESET: &str = "\x1b[0m";

impl Style {
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

    /// Highlighted text for events (a scopa, the winner).
    pub fn loud(&self, text: &str) -> String {
        self.paint("1;33", text)
    }

    /// Error messages.
    pub fn warn(&self, text: &str) -> String {
        self.paint("31", text)
    }

    /// Quiet text (help, hints).
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    /// One card, in the chosen style and its suit's colour.
    pub fn card(&self, card: Card) -> String {
        let text = match self.suits {
            SuitStyle::Letters | SuitStyle::Auto => card.to_string(),
            SuitStyle::Symbols => format!("{}{}", card.value(), card.suit().symbol()),
            SuitStyle::Names => format!("{} {}", card.value(), card.suit().name()),
        };
        self.paint(colour_of(card.suit()), &text)
    }

    /// Cards separated by spaces, or `(none)`.
    pub fn cards(&self, set: CardSet) -> String {
        if set.is_empty() {
            return "(none)".to_owned();
        }
        let sep = if self.suits == SuitStyle::Names {
            ", "
        } else {
            " "
        };
        set.iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// A move as typed at the prompt: the card, then the cards it takes.
    pub fn move_input(&self, mv: Move) -> String {
        if mv.is_lay() {
            self.card(mv.card())
        } else {
            format!("{} {}", self.card(mv.card()), self.cards(mv.capture()))
        }
    }

    /// The legend of the suits, shown once at the start.
    pub fn legend(&self) -> String {
        Suit::ALL
            .iter()
            .map(|&s| {
                let text = format!("{} {} {}", s.symbol(), s.letter(), s.name());
                self.paint(colour_of(s), &text)
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The name of a seat: seat 0 is the human.
    pub fn seat(&self, seat: u8) -> String {
        match seat {
            0 => "You".to_owned(),
            2 if self.rules.players == 4 => "Partner (seat 2, AI)".to_owned(),
            s => format!("Seat {s} (AI)"),
        }
    }

    /// The verb form for a seat ("You play" / "Seat 1 (AI) plays").
    pub fn seat_verb(&self, seat: u8, verb: &str) -> String {
        if seat == 0 {
            format!("You {verb}")
        } else {
            format!("{} {verb}s", self.seat(seat))
        }
    }

    /// The name of a side.
    pub fn side(&self, side: u8) -> String {
        if self.rules.players == 4 {
            if side == 0 {
                "Your team".to_owned()
            } else {
                "Opponents".to_owned()
            }
        } else if side == 0 {
            "You".to_owned()
        } else {
            format!("Seat {side} (AI)")
        }
    }

    /// Short side names for table columns.
    fn side_short(&self, side: u8) -> String {
        match (self.rules.players, side) {
            (4, 0) => "Us".to_owned(),
            (4, _) => "Them".to_owned(),
            (_, 0) => "You".to_owned(),
            (_, s) => format!("Seat {s}"),
        }
    }

    /// The running match score, e.g. `You 5, Seat 1 (AI) 2 (target 11)`.
    pub fn scores(&self, scores: [u16; 3]) -> String {
        let parts: Vec<String> = (0..self.rules.sides())
            .map(|s| format!("{} {}", self.side(s), scores[s as usize]))
            .collect();
        format!("{} (target {})", parts.join(", "), self.rules.target)
    }

    /// The breakdown of a finished hand, one column per side.
    pub fn breakdown(&self, score: &HandScore) -> String {
        let sides = score.sides();
        let mut rows: Vec<(String, Vec<String>)> = Vec::new();
        let mut row = |name: &str, f: &dyn Fn(&scopa_core::SideScore) -> String| {
            rows.push((name.to_owned(), sides.iter().map(f).collect()));
        };
        row("Scope", &|s| s.scope.to_string());
        row("Carte", &|s| s.carte.to_string());
        row("Denari", &|s| s.denari.to_string());
        row("Settebello", &|s| s.settebello.to_string());
        row("Primiera", &|s| s.primiera.to_string());
        if self.rules.napola {
            row("Napola", &|s| s.napola.to_string());
        }
        if self.rules.re_bello {
            row("Re bello", &|s| s.re_bello.to_string());
        }
        row("Total", &|s| s.total().to_string());
        row("  cards taken", &|s| s.cards.to_string());
        row("  coins taken", &|s| s.coins.to_string());
        row("  sevens taken", &|s| s.sevens.to_string());
        row("  primiera value", &|s| {
            s.primiera_value
                .map_or_else(|| "-".to_owned(), |v| v.to_string())
        });
        let mut out = String::new();
        let header: Vec<String> = (0..sides.len() as u8)
            .map(|s| format!("{:>8}", self.side_short(s)))
            .collect();
        out.push_str(&format!("{:<18}{}\n", "", header.join("")));
        for (name, cells) in rows {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:>8}")).collect();
            let line = format!("{name:<18}{}", cells.join(""));
            if name == "Total" {
                out.push_str(&self.bold(&line));
            } else {
                out.push_str(&line);
            }
            out.push('\n');
        }
        out
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
