//! [`Frame`]: `scopa_core::session::table::Frame` as ONE uniffi record, every text written
//! out in the session's language (status, names, score line, banner, hint, refusal, each
//! event's text and transcript line, button labels) — the uniffi twin of
//! `scopa_core::session::json`. Cards cross as the core [`Card`] itself (a custom type: its
//! index 0 … 39, `UByte` in Kotlin, `UInt8` in Swift); card sets as lists of cards in
//! canonical order (by index). At a table of 6 or 8 (two decks) a hand, the table, a pile,
//! a capture or a play may hold a card twice: the list names it twice in a row, so two
//! lists are the same cards exactly when they are equal.

use scopa_core::Card;
use scopa_core::briscola::TwoDeckEvent;
use scopa_core::scopa::teams::TeamEvent;
use scopa_core::session::pacing::{Next, Pacing, Waiting};
use scopa_core::session::table::{self, Banner, Choices, GameTable, HandOver};
use scopa_core::session::{GameEvent, GameHint, Label, Lang, Player};

use crate::session::SummaryRow;
use crate::types::AiLevel;

uniffi::custom_type!(Card, u8, {
    remote,
    lower: |card| card.index(),
    try_lift: |index| Card::from_index(index)
        .ok_or_else(|| uniffi::deps::anyhow::anyhow!("card index {index} is not 0 to 39")),
});

/// A language of the texts (`scopa_core::session::Lang`, exported as is).
#[uniffi::remote(Enum)]
pub enum Lang {
    /// English.
    En,
    /// Italiano.
    It,
}

/// Who the session waits for (`scopa_core::session::pacing::Waiting`, exported as is).
#[uniffi::remote(Enum)]
pub enum Waiting {
    /// The person at this seat: to play, or (pass-and-play) to take the device.
    Seat(u8),
    /// Whoever holds the device: to close the hand summary, or to ask for a rematch.
    Anyone,
}

/// The delays of the pacing policy (`scopa_core::session::pacing::Pacing`, exported as
/// is); [`apps_pacing`] gives the apps' values.
#[uniffi::remote(Record)]
pub struct Pacing {
    /// The pause before an AI plays.
    pub ai_ms: u32,
    /// How long the scopa banner stays before the game goes on by itself.
    pub scopa_ms: u32,
    /// How long an unattended hand summary stays.
    pub summary_ms: u32,
    /// Whether a person sits at the device to acknowledge summaries and hand-offs.
    pub attended: bool,
}

/// The apps' pacing (`Pacing::APPS`: 900 ms before an AI plays, a 1500 ms scopa banner,
/// 3000 ms for a watched hand's summary, attended).
#[uniffi::export]
pub fn apps_pacing() -> Pacing {
    Pacing::APPS
}

/// No delay and nobody to acknowledge anything (`Pacing::UNATTENDED`): scripts and tests.
#[uniffi::export]
pub fn unattended_pacing() -> Pacing {
    Pacing::UNATTENDED
}

/// One seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct SeatView {
    /// Its name: `You`, `Player 2` / `Tu`, `Giocatore 2`.
    pub name: String,
    /// Who plays it, in words: `Person` or the AI level's name.
    pub player: String,
    /// The AI's level (`None`: a person).
    pub ai: Option<AiLevel>,
    /// Its side: seat s is on side s mod (players / 2) at 4, 6 and 8 players (partners
    /// opposite), on side s at 2 and 3.
    pub side: u8,
    /// Cards in its hand.
    pub cards: u8,
}

/// One side: its name, match score and this hand's captures.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct SideView {
    /// A seat's name with 2 or 3 players; in teams (4, 6 or 8 players) `Your team`,
    /// `Opponents` (4 players, one person), or the partners (`Players 1 & 4` at 6).
    pub name: String,
    /// The match score.
    pub score: u16,
    /// Cards captured this hand (in the banner's summary: the whole pile).
    pub captured: u8,
    /// Its scope this hand.
    pub scope: u8,
    /// Briscola: the card points it has taken this hand (0 in Scopa).
    pub points: u8,
}

/// A card of the viewer's hand that may be played now.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct CardChoice {
    /// The card (`GameController.select` plays it).
    pub card: Card,
    /// How many ways it can be played: 1 plays at once, more opens the capture choice.
    pub ways: u8,
    /// Every table card one of its captures takes, to highlight (each card once, even
    /// when the table holds it twice).
    pub takes: Vec<Card>,
}

/// One capture to choose from (`GameController.capture(index)`).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct CaptureChoice {
    /// The cards it takes, a card taken twice named twice (a table of 6 or 8).
    pub cards: Vec<Card>,
    /// The same, in words: `5d 2c`.
    pub text: String,
}

/// What a button does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Command {
    /// `GameController.hint`.
    Hint,
    /// `GameController.undo`.
    Undo,
    /// `GameController.cancel`.
    Cancel,
    /// `GameController.proceed`: take the device, close the summary, skip the banner.
    Proceed,
    /// `GameController.rematch`.
    Rematch,
}

/// A button offered now, with its label.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Offer {
    /// What it does.
    pub command: Command,
    /// Its label in the session's language.
    pub label: String,
}

/// The kind of banner over the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum BannerKind {
    /// A sweep.
    Scopa,
    /// Pass-and-play: hide the cards and hand the device over.
    HandOff,
    /// A hand ended: its summary.
    HandOver,
    /// The match ended.
    MatchOver,
}

/// The banner, dialog or summary over the table.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct BannerView {
    /// Which.
    pub kind: BannerKind,
    /// Its title line.
    pub text: String,
    /// With one person at the end of a match: whether their side won.
    pub you_won: Option<bool>,
    /// The finished hand's summary rows (empty for a scopa or a hand-off).
    pub rows: Vec<SummaryRow>,
}

/// A play, to animate.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Played {
    /// The seat that played.
    pub seat: u8,
    /// The card.
    pub card: Card,
    /// What it took (empty: laid on the table), a card taken twice named twice.
    pub takes: Vec<Card>,
}

/// An event since the last frame.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct EventView {
    /// The line to show, in the session's language.
    pub text: String,
    /// The transcript line(s), language-free (`scopa_core::session::transcript::event`).
    pub line: String,
    /// For a play: who played what.
    pub played: Option<Played>,
}

/// Everything a screen shows to the seat that is looking, every text written out: see the
/// [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Frame {
    /// The language of the texts.
    pub lang: Lang,
    /// What the session waits for, as a sentence.
    pub status: String,
    /// The seat whose hand is shown (none: handing over, watching).
    pub viewer: Option<u8>,
    /// The viewer's hand (empty without a viewer); a card held twice is there twice.
    pub hand: Vec<Card>,
    /// Every seat in play (2 to 8).
    pub seats: Vec<SeatView>,
    /// Every side in play (2 to 4).
    pub sides: Vec<SideView>,
    /// The match score on one line: `You 7 · Player 2 5`.
    pub score_line: String,
    /// The dealer of the current hand.
    pub dealer: u8,
    /// The seat to play.
    pub turn: u8,
    /// The current hand's number, from 0.
    pub hand_number: u16,
    /// The match's number in the session, from 0.
    pub match_number: u32,
    /// The points to win.
    pub target: u8,
    /// The cards face up on the table (Briscola: the trick, in play order); a card may be
    /// there twice at a table of 6 or 8.
    pub table: Vec<Card>,
    /// Cards left in the deck (Briscola: in the stock, the face-up briscola included).
    pub deck_left: u8,
    /// Briscola: the face-up briscola, whose suit is trump (`None` in Scopa).
    pub briscola: Option<Card>,
    /// The cards of the hand the viewer may play now (empty: not their turn).
    pub cards: Vec<CardChoice>,
    /// The card whose capture the viewer chooses, and the captures (else `None`, empty).
    pub choosing: Option<Card>,
    /// The captures to choose from, in the order of `GameController.capture`'s index.
    pub captures: Vec<CaptureChoice>,
    /// The buttons to show now, with their labels.
    pub offers: Vec<Offer>,
    /// The hint as a sentence, when asked for (until the next play).
    pub hint: Option<String>,
    /// The card the hint suggests.
    pub hint_card: Option<Card>,
    /// What the hint's move takes, to highlight (a card taken twice named twice).
    pub hint_takes: Vec<Card>,
    /// The banner or summary over the table.
    pub banner: Option<BannerView>,
    /// What happened since the last frame, oldest first.
    pub events: Vec<EventView>,
    /// Older events that did not fit.
    pub missed_events: u16,
    /// Why the viewer's last input was refused (until the next accepted action).
    pub refusal: Option<String>,
    /// Why the last save could not be written (until one is): the controller tries again
    /// after the next change.
    pub save_error: Option<String>,
    /// Whom the session waits for (`None`: a timer runs, see `due_ms`).
    pub waiting: Option<Waiting>,
    /// The delay running, in milliseconds (`None`: it waits for a person).
    pub due_ms: Option<u32>,
    /// The match is over (the settings screen offers no resume).
    pub over: bool,
}

fn cards(set: impl IntoIterator<Item = Card>) -> Vec<Card> {
    set.into_iter().collect()
}

/// A side's cards captured, scope (Scopa) and card points (Briscola) this hand.
type PerSide = (u8, u8, u8);

impl Frame {
    /// The record of `f`; `save_error` from the controller.
    pub fn new(f: &table::Frame, save_error: Option<String>) -> Frame {
        // The middle of the table: Scopa's cards face up and deck, or Briscola's trick (in
        // play order), stock and briscola; per side its captures and scope (Scopa) or card
        // points (Briscola).
        let (table_cards, deck_left, briscola, per_side): (_, _, _, Vec<PerSide>) = match &f.table {
            GameTable::Scopa(t) => (
                cards(t.table),
                t.deck_left,
                None,
                t.piles
                    .iter()
                    .map(|p| (p.cards.len() as u8, p.scope, 0))
                    .collect(),
            ),
            GameTable::Briscola(b) => (
                b.trick.iter().map(|c| c.card).collect(),
                b.stock,
                Some(b.briscola),
                b.points.iter().map(|&p| (0, 0, p)).collect(),
            ),
        };
        let (cards_now, choosing, captures) = match &f.choices {
            Choices::None => (Vec::new(), None, Vec::new()),
            Choices::Cards(cs) => (
                cs.iter()
                    .map(|c| CardChoice {
                        card: c.card,
                        ways: c.ways,
                        takes: cards(c.takes),
                    })
                    .collect(),
                None,
                Vec::new(),
            ),
            Choices::Captures { card, options } => (
                Vec::new(),
                Some(*card),
                options
                    .iter()
                    .map(|&o| CaptureChoice {
                        cards: cards(o),
                        text: f.cards_text(o).to_string(),
                    })
                    .collect(),
            ),
        };
        let o = f.offers;
        let offers = [
            (o.hint, Command::Hint, Label::Hint),
            (o.undo, Command::Undo, Label::Undo),
            (o.cancel, Command::Cancel, Label::Cancel),
            (o.proceed, Command::Proceed, Label::Continue),
            (o.rematch, Command::Rematch, Label::Rematch),
        ]
        .into_iter()
        .filter(|(on, ..)| *on)
        .map(|(_, command, label)| Offer {
            command,
            label: f.label(label).to_string(),
        })
        .collect();
        let sides_n = f.sides.len();
        let rows = |h: &HandOver| match h {
            HandOver::Scopa { rows, .. } => rows
                .iter()
                .map(|r| SummaryRow {
                    label: f.label(r.label).to_string(),
                    points: r.points[..sides_n].iter().map(|&n| u32::from(n)).collect(),
                    tally: r.tally[..sides_n].to_vec(),
                })
                .collect(),
            HandOver::Briscola { score, .. } => vec![SummaryRow {
                label: f.label(Label::CardPoints).to_string(),
                points: score.points[..sides_n]
                    .iter()
                    .map(|&n| u32::from(n))
                    .collect(),
                tally: vec![None; sides_n],
            }],
        };
        let (kind, you_won, rows) = match &f.banner {
            None => (None, None, Vec::new()),
            Some(Banner::Scopa { .. }) => (Some(BannerKind::Scopa), None, Vec::new()),
            Some(Banner::HandOff { .. }) => (Some(BannerKind::HandOff), None, Vec::new()),
            Some(Banner::HandOver(h)) => (Some(BannerKind::HandOver), None, rows(h)),
            Some(Banner::MatchOver {
                you_won, last_hand, ..
            }) => (
                Some(BannerKind::MatchOver),
                *you_won,
                last_hand.as_ref().map(rows).unwrap_or_default(),
            ),
        };
        let (waiting, due_ms) = match f.next {
            Next::Wait(w) => (Some(w), None),
            Next::Due(d) => (None, Some(d.after_ms)),
        };
        Frame {
            lang: f.texts.lang,
            status: f.status().to_string(),
            viewer: f.viewer,
            hand: cards(f.hand),
            seats: f
                .seats
                .iter()
                .map(|s| SeatView {
                    name: f.seat_name(s.seat).to_string(),
                    player: f.player_name(s.seat).to_string(),
                    ai: match s.player {
                        Player::Ai(level) => Some(level.into()),
                        Player::Human => None,
                    },
                    side: s.side,
                    cards: s.cards,
                })
                .collect(),
            sides: f
                .sides
                .iter()
                .zip(&per_side)
                .map(|(s, &(captured, scope, points))| SideView {
                    name: f.side_name(s.side).to_string(),
                    score: s.score,
                    captured,
                    scope,
                    points,
                })
                .collect(),
            score_line: f.score_line().to_string(),
            dealer: f.dealer,
            turn: f.turn,
            hand_number: f.hand_number,
            match_number: f.match_number,
            target: f.target,
            table: table_cards,
            deck_left,
            briscola,
            cards: cards_now,
            choosing,
            captures,
            offers,
            hint: f.hint_text().map(|h| h.to_string()),
            hint_card: f.hint.map(|h| h.card()),
            hint_takes: match f.hint {
                // Both copies of a card, when the move takes them (a table of 6 or 8).
                Some(GameHint::Teams(mv)) => cards(mv.capture),
                Some(h) => cards(h.takes()),
                None => Vec::new(),
            },
            banner: kind.map(|kind| BannerView {
                kind,
                text: f.banner_text().map(|t| t.to_string()).unwrap_or_default(),
                you_won,
                rows,
            }),
            events: f
                .events
                .iter()
                .map(|e| EventView {
                    text: f.event_text(e).to_string(),
                    line: e.line().to_string(),
                    played: match e.event {
                        GameEvent::Scopa(TeamEvent::Played { seat, mv }) => Some(Played {
                            seat,
                            card: mv.card,
                            takes: cards(mv.capture),
                        }),
                        GameEvent::Briscola(TwoDeckEvent::Played { seat, card }) => Some(Played {
                            seat,
                            card,
                            takes: Vec::new(),
                        }),
                        _ => None,
                    },
                })
                .collect(),
            missed_events: f.missed_events,
            refusal: f.refusal_text().map(|t| t.to_string()),
            save_error,
            waiting,
            due_ms,
            over: f.offers.rematch || matches!(f.banner, Some(Banner::MatchOver { .. })),
        }
    }
}
