//! The table as the terminal draws it, from the written-out frame ([`scopa_frame::Frame`],
//! the table model every front-end reads): the position a person plays from, the captures
//! to choose from, what a step's events say, the deal, a hand's summary and the match
//! score. One layout for both terminal commands: `scopa play` writes its presenter's frame
//! out and draws it; `scopa online` draws the frame the server sent, read back typed.
//!
//! A [`View`] only turns the frame into lines (styled by the [`Screen`]: bold, colours,
//! cards in the screen's style); when to draw them is each command's own flow.

use scopa_core::Card;
use scopa_core::session::{Label, MAX_SIDES, Phase, Settings};
use scopa_frame::{
    BannerKind, BriscolaEvent, Choices, EventKind, Frame, ScopaEvent, Summary, Table,
};

use crate::screen::Screen;
use crate::texts::{TermTexts, is_briscola, listed, multiset, pick};

/// A frame and how to write it: see the [module documentation](self).
pub(crate) struct View<'a> {
    /// The frame.
    pub(crate) frame: &'a Frame,
    /// Its words (the frame's language, its seats' names, cards in the screen's style).
    pub(crate) t: &'a TermTexts,
    /// Styles: bold, colours, the width of a summary.
    pub(crate) screen: &'a Screen,
}

/// What the events of a frame say, and what they mean for the table loop.
#[derive(Debug, Default)]
pub(crate) struct Said {
    /// The lines to show, in order (a deal is not among them: see [`View::deal`]).
    pub(crate) lines: Vec<String>,
    /// A new hand was dealt: its deal is due (after the summary of the last one).
    pub(crate) dealt: bool,
    /// A hand ended.
    pub(crate) hand_ends: bool,
    /// A card of Scopa was played.
    pub(crate) played: bool,
    /// New cards were dealt to every seat (Scopa).
    pub(crate) round: bool,
    /// A trick of Briscola was taken.
    pub(crate) trick: bool,
}

impl View<'_> {
    fn cards(&self, cards: impl IntoIterator<Item = Card>) -> String {
        self.screen.cards(self.t, multiset(cards))
    }

    fn card(&self, card: Card) -> String {
        self.screen.card(self.t, card)
    }

    /// The whole position, as the person at `seat` may see it: a blank line, the status
    /// (bold), the middle of the table (Scopa: the captures, the cards in each hand, the
    /// table; Briscola: [`View::briscola_lines`]), the hand, and `moves` numbered (what a
    /// number typed plays).
    pub(crate) fn position(&self, seat: u8, moves: &[String]) -> Vec<String> {
        let (t, f) = (self.t, self.frame);
        let mut lines = vec![String::new(), self.screen.bold(&t.status(f).to_string())];
        match &f.table {
            Table::Briscola { .. } => lines.extend(self.briscola_lines()),
            Table::Scopa { table, .. } => {
                lines.push(t.captured(f).to_string());
                lines.push(t.hand_sizes(f).to_string());
                let table = self.cards(table.iter().map(|c| c.card));
                lines.push(format!("{}: {table}", t.label(Label::Table)));
            }
        }
        let hand = self.cards(f.hand.iter().map(|c| c.card));
        lines.push(format!("{}: {hand}", t.hand_of(seat)));
        let list: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {m}", i + 1))
            .collect();
        lines.push(format!("{}: {}", t.label(Label::Moves), list.join(" · ")));
        lines
    }

    /// The middle of a Briscola table, one line each: the briscola and the stock, the
    /// points taken, the cards in each hand, the last trick and the trick under way.
    pub(crate) fn briscola_lines(&self) -> Vec<String> {
        let t = self.t;
        let Table::Briscola {
            trick,
            briscola,
            briscola_holder,
            stock,
            last_trick,
            ..
        } = &self.frame.table
        else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        lines.push(format!(
            "{}: {}{}",
            t.label(Label::Briscola),
            self.card(briscola.card),
            match briscola_holder {
                Some(seat) => format!(
                    " ({} {})",
                    pick(t.lang, "drawn by", "pescata da"),
                    t.seat(*seat)
                ),
                None => format!(" · {}: {stock}", t.label(Label::Stock)),
            }
        ));
        lines.push(self.card_points());
        lines.push(t.hand_sizes(self.frame).to_string());
        if let Some(last) = last_trick {
            let cards: Vec<String> = last
                .cards
                .iter()
                .map(|c| format!("{} {}", t.seat(c.seat), self.card(c.card)))
                .collect();
            lines.push(format!(
                "{}: {} → {} ({})",
                t.label(Label::LastTrick),
                cards.join(", "),
                t.seat(last.winner),
                last.points
            ));
        }
        let trick: Vec<String> = trick
            .iter()
            .map(|c| format!("{} {}", t.seat(c.seat), self.card(c.card)))
            .collect();
        lines.push(listed(t.label(Label::Trick), &trick));
        lines
    }

    /// Briscola: each side's card points this hand (`Card points: You 22 · Player 2 9`).
    pub(crate) fn card_points(&self) -> String {
        let mut points = [0u16; MAX_SIDES];
        if let Table::Briscola { points: p, .. } = &self.frame.table {
            for (to, &from) in points.iter_mut().zip(p) {
                *to = u16::from(from);
            }
        }
        let t = self.t;
        format!("{}: {}", t.label(Label::CardPoints), t.scores(points))
    }

    /// Watch mode, after a play: the table, and with `piles` the captures and the cards
    /// in each hand (nobody's hand is shown: docs/threat-model.md); in Briscola each
    /// side's card points. Quiet (dim).
    pub(crate) fn watched_table(&self, piles: bool) -> String {
        let (t, f) = (self.t, self.frame);
        let text = match &f.table {
            Table::Briscola { .. } => self.card_points(),
            Table::Scopa { table, .. } => {
                let table = self.cards(table.iter().map(|c| c.card));
                let mut text = format!("{}: {table}", t.label(Label::Table));
                if piles {
                    text.push_str(&format!("\n{}\n{}", t.captured(f), t.hand_sizes(f)));
                }
                text
            }
        };
        self.screen.dim(&text)
    }

    /// The captures the card being played can make (the frame's options), numbered on
    /// one line: `7♦ can take in more than one way: choose what to take. 1) 5♦ 2♣   2)
    /// 7♣`. `None` when the frame asks for no capture.
    pub(crate) fn captures(&self) -> Option<String> {
        let Choices::Captures { card, options } = &self.frame.choices else {
            return None;
        };
        let list: Vec<String> = options
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{}) {}", i + 1, self.cards(o.cards.iter().copied())))
            .collect();
        let phase = Phase::ChooseCapture {
            seat: 0,
            card: card.card,
        };
        Some(format!("{} {}", self.t.phase(&phase), list.join("   ")))
    }

    /// The current hand's deal as its log words it (`Hand 2 · Dealer: You · Table: …`),
    /// without style; `None` for a frame without the hand's log.
    pub(crate) fn deal_text(&self) -> Option<&str> {
        self.frame.hand_log.first().map(String::as_str)
    }

    /// The deal shown when a hand starts: a blank line, the deal in bold, and who leads
    /// (the seat after the dealer, also when the hand has been played since).
    pub(crate) fn deal(&self) -> Vec<String> {
        let f = self.frame;
        let Some(deal) = self.deal_text() else {
            return Vec::new();
        };
        let players = u8::try_from(f.seats.len()).unwrap_or(u8::MAX).max(1);
        let leader = (f.dealer % players + 1) % players;
        vec![
            String::new(),
            self.screen.bold(deal),
            self.t.leads(leader).to_string(),
        ]
    }

    /// What the frame's events say, each as the core words it, with the terminal's ways:
    /// a sweep loud; Briscola's draws after a trick in one line (who drew the briscola,
    /// the stock left); a capture that took the whole table on the last play of the hand
    /// followed by why it is no scopa; the deal, the match's end and Briscola's hand end
    /// left to [`View::deal`], the banner and the summary.
    pub(crate) fn events(&self) -> Said {
        let (t, f) = (self.t, self.frame);
        let kinds = || f.events.iter().map(|e| &e.kind);
        let hand_ends = kinds().any(|k| {
            matches!(
                k,
                EventKind::Scopa(ScopaEvent::HandFinished { .. })
                    | EventKind::Briscola(BriscolaEvent::HandFinished { .. })
            )
        });
        let briscola_to = kinds().find_map(|k| match k {
            EventKind::Briscola(BriscolaEvent::Drew {
                seat,
                briscola: true,
            }) => Some(*seat),
            _ => None,
        });
        let stock = match &f.table {
            Table::Briscola { stock, .. } => *stock,
            Table::Scopa { .. } => 0,
        };
        let scopa = kinds().any(|k| matches!(k, EventKind::Scopa(ScopaEvent::Scopa { .. })));
        let left_on_table = kinds().any(|k| {
            matches!(k, EventKind::Scopa(ScopaEvent::Collected { cards, .. }) if !cards.is_empty())
        });
        let last_capture = kinds().rev().find_map(|k| match k {
            EventKind::Scopa(ScopaEvent::Played { mv, .. }) if !mv.capture.is_empty() => Some(mv),
            _ => None,
        });
        let swept_last = hand_ends && !scopa && !left_on_table && last_capture.is_some();
        let mut said = Said {
            hand_ends,
            ..Said::default()
        };
        let mut drawn = false;
        for e in &f.events {
            let line = match &e.kind {
                EventKind::Scopa(ScopaEvent::NewHand { .. })
                | EventKind::Briscola(BriscolaEvent::Dealt { .. }) => {
                    said.dealt = true;
                    continue;
                }
                EventKind::Scopa(ScopaEvent::MatchFinished { .. })
                | EventKind::Briscola(
                    BriscolaEvent::MatchFinished { .. } | BriscolaEvent::HandFinished { .. },
                ) => continue,
                EventKind::Briscola(BriscolaEvent::Drew { .. }) if drawn => continue,
                EventKind::Briscola(BriscolaEvent::Drew { .. }) => {
                    drawn = true;
                    t.draws(briscola_to, stock).to_string()
                }
                EventKind::Briscola(BriscolaEvent::TrickTaken { .. }) => {
                    said.trick = true;
                    e.text.clone()
                }
                EventKind::Scopa(ScopaEvent::Scopa { .. }) => self.screen.loud(&e.text),
                EventKind::Scopa(ScopaEvent::Played { mv, .. }) => {
                    said.played = true;
                    said.lines.push(e.text.clone());
                    if swept_last && last_capture == Some(mv) {
                        said.lines.push(t.last_play_sweep().to_owned());
                    }
                    continue;
                }
                EventKind::Scopa(ScopaEvent::Dealt { .. }) => {
                    said.round = true;
                    e.text.clone()
                }
                _ => e.text.clone(),
            };
            said.lines.push(line);
        }
        said
    }

    /// The match score and the target: `Match score: You 5 · Player 2 3 (11 to win)`.
    pub(crate) fn match_score(&self) -> String {
        self.t.match_score(self.frame).to_string()
    }

    /// The summary of the hand the frame's banner closes (a hand's end, or the match's
    /// end with its last hand), and the match score: Scopa's rows as a table (lines not to
    /// be wrapped), Briscola's card points, then the score in bold and, at Scopa, why
    /// another hand is played when the top is tied at the target. `None` without such a
    /// banner.
    pub(crate) fn summary(&self) -> Option<SummaryText> {
        let (t, f) = (self.t, self.frame);
        let summary = match &f.banner.as_ref()?.kind {
            BannerKind::HandOver { summary } => summary,
            BannerKind::MatchOver {
                last_hand: Some(summary),
                ..
            } => summary,
            _ => return None,
        };
        let mut text = SummaryText::default();
        match summary {
            Summary::Scopa { rows, .. } => {
                let names: Vec<String> = f.sides.iter().map(|s| s.name.clone()).collect();
                text.table = self.screen.summary(&names, rows);
            }
            Summary::Briscola { text: points, .. } => text
                .lines
                .push(format!("{}: {points}", t.label(Label::CardPoints))),
        }
        text.lines.push(self.screen.bold(&self.match_score()));
        if is_briscola(f) {
            return Some(text);
        }
        // A tie at the top once the target is reached: another hand, and why.
        let top = f.sides.iter().map(|s| s.score).max().unwrap_or(0);
        let tied = f.sides.iter().filter(|s| s.score == top).count();
        if top >= u16::from(f.target) && tied >= 2 {
            let tied = u8::try_from(tied).unwrap_or(u8::MAX);
            text.lines
                .push(t.another_hand(tied, top, f.target).to_string());
        }
        Some(text)
    }
}

/// The game's name (bold), then its own rules (each game its terms; at 6 and 8 the Kings
/// rule counts 5): `Scopa — 2 players · Standard (3 cards at a time) · 11 points · …`.
pub(crate) fn rules_line(t: &TermTexts, screen: &Screen, settings: &Settings) -> String {
    let title = screen.bold(t.game_name(settings.game));
    format!("{title} — {}", t.game_rules(settings.game, settings.rules))
}

/// A hand's summary as [`View::summary`] writes it.
#[derive(Debug, Default)]
pub(crate) struct SummaryText {
    /// Scopa's table of points, lines ending in `\n`, written as they are (empty in
    /// Briscola).
    pub(crate) table: String,
    /// Then these lines, wrapped like any other.
    pub(crate) lines: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::ai::Level;
    use scopa_core::briscola::BriscolaRules;
    use scopa_core::scopa::Rules;
    use scopa_core::session::driver::Presenter;
    use scopa_core::session::pacing::{Next, Pacing};
    use scopa_core::session::table::Choices as CoreChoices;
    use scopa_core::session::{Action, CardStyle, Lang, Session, Settings, Texts};

    /// Everything a [`View`] draws of `frame` with `t`, in one text.
    fn drawn(frame: &Frame, t: &TermTexts, screen: &Screen) -> String {
        let v = View { frame, t, screen };
        let summary = v.summary().unwrap_or_default();
        [
            v.position(frame.turn, &["1d".to_owned()]).join("\n"),
            v.captures().unwrap_or_default(),
            v.events().lines.join("\n"),
            v.deal().join("\n"),
            summary.table,
            summary.lines.join("\n"),
            v.watched_table(true),
        ]
        .join("\n")
    }

    /// One renderer for both commands: every frame of whole matches at every table (Scopa
    /// and Briscola, 2 to 8 players, one person against AIs, both languages), as `scopa
    /// play` draws it (its presenter's frame written out, the session's texts) and as
    /// `scopa online` draws it (the same frame as the server sends it, JSON read back
    /// typed, with the texts of the frame alone), is the same text.
    #[test]
    fn a_frame_read_back_from_json_draws_as_the_local_one() {
        let screen = Screen::new(
            Box::new(std::io::sink()),
            Some(80),
            false,
            CardStyle::Letters,
        );
        let mut frames = 0;
        for players in [2u8, 3, 4, 6, 8] {
            let decks = if players > 4 { 2 } else { 1 };
            let briscola = BriscolaRules {
                players,
                decks,
                ..BriscolaRules::default()
            };
            let scopa = Settings::against(Level::Easy, Rules::default().with_players(players));
            for (i, mut settings) in [scopa, Settings::briscola(Level::Easy, briscola)]
                .into_iter()
                .enumerate()
            {
                settings.lang = if i == 0 { Lang::En } else { Lang::It };
                let mut p = Presenter::new(
                    Session::new(settings, u64::from(players)).unwrap(),
                    Pacing::UNATTENDED,
                );
                let local = TermTexts(p.session().texts());
                for step in 0..3000usize {
                    if step % 7 == 0 && p.peek().offers.hint {
                        p.hint().unwrap();
                    }
                    let core = p.frame();
                    let written = Frame::new(&core, p.session(), p.recap());
                    let json = serde_json::to_string(&written).unwrap();
                    let read: Frame = serde_json::from_str(&json).unwrap();
                    let online = TermTexts::of_frame(&read);
                    assert_eq!(
                        drawn(&written, &local, &screen),
                        drawn(&read, &online, &screen),
                        "{players} players, game {i}, step {step}"
                    );
                    frames += 1;
                    // The person plays the first card or capture; the AIs on their delay.
                    let action = match (core.next, &core.choices) {
                        (Next::Due(d), _) => {
                            p.fire(d.token).unwrap();
                            continue;
                        }
                        _ if core.offers.rematch => break,
                        (_, CoreChoices::Cards(c)) => Action::Select(c[step % c.len()].card),
                        (_, CoreChoices::Captures { options, .. }) => {
                            Action::Capture((step % options.len()) as u8)
                        }
                        (_, CoreChoices::None) => Action::Continue,
                    };
                    p.act(action).unwrap();
                }
                assert!(
                    p.peek().offers.rematch,
                    "{players} players: the match ended"
                );
            }
        }
        assert!(frames > 1000, "{frames}");
    }

    /// A hand's summary fits the screen: at 2 and 6 players in 80 columns with the sides'
    /// names over the columns; at 8 (four sides) in 80 and in 60 with the columns
    /// numbered and named in a legend (itself wrapped).
    #[test]
    fn a_summary_fits_the_screen() {
        let frame_at = |players: u8| {
            let settings = Settings::watch(Level::Easy, Rules::default().with_players(players));
            let mut p = Presenter::new(Session::new(settings, 3).unwrap(), Pacing::UNATTENDED);
            for _ in 0..5000 {
                let core = p.frame();
                if core.banner.is_some() && !core.offers.hint && core.choices == CoreChoices::None {
                    let written = Frame::new(&core, p.session(), p.recap());
                    if matches!(
                        written.banner.as_ref().map(|b| &b.kind),
                        Some(BannerKind::HandOver { .. })
                    ) {
                        return written;
                    }
                }
                match core.next {
                    Next::Due(d) => p.fire(d.token).unwrap(),
                    Next::Wait(_) => p.act(Action::Continue).unwrap(),
                };
            }
            panic!("no hand's summary at {players} players");
        };
        for (players, width) in [(2u8, 80), (6, 80), (8, 80), (8, 60)] {
            let frame = frame_at(players);
            let t = TermTexts(Texts {
                players,
                ..Texts::new(Lang::En)
            });
            let screen = Screen::new(
                Box::new(std::io::sink()),
                Some(width),
                false,
                CardStyle::Letters,
            );
            let text = View {
                frame: &frame,
                t: &t,
                screen: &screen,
            }
            .summary()
            .unwrap();
            for line in text.table.lines() {
                assert!(line.chars().count() <= width, "{players}: {line:?}");
            }
            assert!(text.table.contains("Points this hand"), "{}", text.table);
            // The names over the columns where they fit, else the legend.
            assert_eq!(
                text.table.starts_with("[1] "),
                players == 8,
                "{}",
                text.table
            );
            assert!(
                text.lines[0].starts_with("Match score: "),
                "{:?}",
                text.lines
            );
        }
    }
}
