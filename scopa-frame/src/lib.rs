//! # scopa-frame: the table model written out once
//!
//! [`Frame`] is `scopa_core::session::table::Frame` written out for one seat: owned
//! records with every text written in the session's language — the status, the seats',
//! sides' and levels' names, the score line, each card's name, the capture options, the
//! hint, the banner and the hand's summary, each event's text and transcript line, the
//! refusal — plus what a screen shows beside the table: each seat's last play of the hand,
//! the hand's log, the match's recap and the cards behind every point of a summary
//! (denari, primiera under the rules' primiera, settebello, sevens).
//!
//! One writer, [`Frame::new`], fills it from the core's frame and session; every front-end
//! reads the same records:
//!
//! - **JSON** (serde, `Serialize` and `Deserialize`): what `scopa-server` sends each seat,
//!   what the browser draws (`scopa-web`), what `scopa online` reads back typed; the shape
//!   is documented in docs/online.md and docs/session.md;
//! - **uniffi** (the phone apps): `scopa-ffi` exports these very types to Kotlin and Swift
//!   (as `#[uniffi::remote]` records, which the compiler checks field by field against
//!   these definitions);
//! - the terminal renders from the core frame directly, and may read this one.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::session::driver::Presenter;
//! use scopa_core::session::pacing::Pacing;
//! use scopa_core::session::{Session, Settings};
//! let mut p = Presenter::new(Session::new(Settings::against(Level::Expert, Default::default()), 7).unwrap(), Pacing::APPS);
//! let frame = scopa_frame::Frame::new(&p.frame(), p.session(), p.recap());
//! assert_eq!(frame.seats[1].player_name, "Expert");
//! assert_eq!(frame.hand.len(), 3);
//! assert!(frame.hand_log[0].starts_with("Hand 1"));
//! ```

use scopa_core::Card;
use scopa_core::session::Lang;
use serde::{Deserialize, Serialize};

mod write;

#[cfg(test)]
mod tests;

/// A card with its index (0 … 39, the order of the deck) and its name in the frame's
/// style: `{"card": "7d", "index": 27, "name": "7 of denari"}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardView {
    /// The card (its notation in JSON).
    pub card: Card,
    /// Its index.
    pub index: u8,
    /// Its name.
    pub name: String,
}

/// A move: the card played and what it takes (nothing: laid on the table; in Briscola a
/// move is its card). A card taken twice (a table of 6 or 8) is listed twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The card played.
    pub card: Card,
    /// What it takes, in canonical order.
    pub capture: Vec<Card>,
}

/// What the session waits for (a choice of capture shows as `play` to other seats).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// A seat plays.
    Play {
        /// The seat.
        seat: u8,
    },
    /// The seat chooses the capture of `card`.
    ChooseCapture {
        /// The seat.
        seat: u8,
        /// The card being played.
        card: Card,
    },
    /// An AI seat plays after the pacing's delay.
    AiDue {
        /// The seat.
        seat: u8,
    },
    /// Pass-and-play: the device goes to `seat`.
    HandOff {
        /// The seat.
        seat: u8,
    },
    /// A sweep, shown until it is acknowledged.
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// A hand's summary.
    HandSummary,
    /// The match is over.
    MatchOver {
        /// The winning side.
        winner: u8,
    },
}

/// One seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seat {
    /// The seat, from 0.
    pub seat: u8,
    /// Its side.
    pub side: u8,
    /// Who plays it, as the settings line says: `human` or the AI level (`expert`).
    pub player: String,
    /// Cards in its hand.
    pub cards: u8,
    /// Its name: `You`, `Player 2`, a person's name.
    pub name: String,
    /// Who plays it, in words from the core's texts: `Person`, or the level's name
    /// (`Expert` / `Esperto`).
    pub player_name: String,
    /// What it played last in the current hand, to show at its place until it plays again.
    #[serde(default)]
    pub last_play: Option<LastPlay>,
}

/// A seat's last play of the hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastPlay {
    /// The card played.
    pub card: Card,
    /// What it took (Briscola: nothing).
    pub capture: Vec<Card>,
    /// The play as the hand's log words it: `Player 2 plays 7♦ and takes 7♣`.
    pub text: String,
}

/// One side: its match score and name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// The side, from 0.
    pub side: u8,
    /// Its match score (Briscola: hands won).
    pub score: u16,
    /// Its name: a seat's, `Your team`, `Players 1 & 4`.
    pub name: String,
}

/// A side's captures in the current hand of Scopa.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pile {
    /// The cards captured.
    pub cards: Vec<Card>,
    /// Its scope.
    pub scope: u8,
}

/// A play of Scopa with its seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatPlay {
    /// The seat.
    pub seat: u8,
    /// Its move.
    #[serde(rename = "move")]
    pub mv: Move,
}

/// A card of a Briscola trick and its seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrickCard {
    /// The seat.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// A finished trick of Briscola.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TakenTrick {
    /// Its cards in play order.
    pub cards: Vec<TrickCard>,
    /// The seat that took it.
    pub winner: u8,
    /// Its card points.
    pub points: u8,
}

/// The middle of the table, game by game (`"game": "scopa"` or `"briscola"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Table {
    /// Scopa.
    Scopa {
        /// The cards face up on the table.
        table: Vec<CardView>,
        /// Cards left in the deck.
        deck_left: u8,
        /// Each side's captures this hand.
        piles: Vec<Pile>,
        /// The side that captured last this hand.
        last_capture: Option<u8>,
        /// The last play of the hand.
        last_play: Option<SeatPlay>,
        /// Kings reshuffles of this hand's deal.
        redeals: u8,
    },
    /// Briscola.
    Briscola {
        /// The trick under way, in play order.
        trick: Vec<TrickCard>,
        /// The seat that leads it.
        leader: u8,
        /// The face-up briscola (trump suit).
        briscola: CardView,
        /// Who drew the briscola, once it left the table.
        briscola_holder: Option<u8>,
        /// Cards left in the stock, the briscola included.
        stock: u8,
        /// The last trick taken this hand.
        last_trick: Option<TakenTrick>,
        /// Each side's card points this hand.
        points: Vec<u8>,
        /// Tricks taken this hand.
        tricks_done: u8,
    },
}

/// A card of the hand the viewer may play now.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardChoice {
    /// The card.
    pub card: CardView,
    /// How many ways it plays: 1 plays at once, more opens the capture choice.
    pub ways: u8,
    /// Every table card one of its captures takes, each once, to highlight.
    pub takes: Vec<Card>,
}

/// One capture to choose from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CaptureOption {
    /// The cards it takes (a card taken twice listed twice).
    pub cards: Vec<Card>,
    /// The same in words: `5d 2c`.
    pub text: String,
}

/// What the viewer may choose now (`"kind": "none"`, `"cards"` or `"captures"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choices {
    /// Nothing (another seat acts, a banner shows, the viewer watches).
    #[serde(rename = "none")]
    Nothing,
    /// Play a card of the hand.
    Cards {
        /// Every card of the hand (a card held twice once), in canonical order.
        cards: Vec<CardChoice>,
    },
    /// The card chosen takes in several ways: pick one (its index), or cancel.
    Captures {
        /// The card being played.
        card: CardView,
        /// The captures, in the session's order.
        options: Vec<CaptureOption>,
    },
}

/// The buttons the viewer may press now.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Offers {
    /// Ask for a hint.
    pub hint: bool,
    /// Take back the last play.
    pub undo: bool,
    /// Cancel the capture choice.
    pub cancel: bool,
    /// Go on: take the device, close the summary, skip the banner.
    pub proceed: bool,
    /// Play again.
    pub rematch: bool,
}

/// The expert's suggestion.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hint {
    /// The move (Briscola: the card, nothing taken).
    #[serde(rename = "move")]
    pub mv: Move,
    /// As a sentence, with the reason.
    pub text: String,
}

/// A row of a hand's summary.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    /// What it counts, in words.
    pub label: String,
    /// Points per side.
    pub points: Vec<u8>,
    /// The tally behind the points per side (`null`: none).
    pub tally: Vec<Option<u8>>,
}

/// The cards behind a side's points in a hand's summary (scopa-core's `score::behind`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Behind {
    /// Its denari.
    pub denari: Vec<Card>,
    /// The cards its primiera compares, under the match's primiera rule (classic and
    /// lenient: the best card of each suit; most sevens: the sevens, sixes and Aces).
    pub primiera: Vec<Card>,
    /// Its settebello (7 of denari), once per copy.
    pub settebello: Vec<Card>,
    /// Its sevens.
    pub sevens: Vec<Card>,
}

/// A finished hand's summary (`"game": "scopa"` or `"briscola"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Summary {
    /// Scopa: the rows, each side's pile and the cards behind its points.
    Scopa {
        /// The rows, in the order of the rules, the hand's total last.
        rows: Vec<Row>,
        /// Each side's pile and scope.
        piles: Vec<Pile>,
        /// Each side's cards behind its points.
        #[serde(default)]
        behind: Vec<Behind>,
    },
    /// Briscola: each side's card points and the winner.
    Briscola {
        /// Card points per side.
        points: Vec<u8>,
        /// The winning side (`null`: a draw).
        winner: Option<u8>,
        /// The points in words.
        text: String,
    },
}

/// What the banner over the table shows (`"kind"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BannerKind {
    /// A sweep.
    Scopa {
        /// The seat that swept.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// Pass-and-play: hide the cards and hand the device to `seat`.
    HandOff {
        /// The person to take it.
        seat: u8,
    },
    /// A hand ended.
    HandOver {
        /// Its summary.
        summary: Summary,
    },
    /// The match ended.
    MatchOver {
        /// The winning side.
        winner: u8,
        /// With one person (or a network seat): whether their side won.
        you_won: Option<bool>,
        /// The last hand's summary.
        last_hand: Option<Summary>,
    },
}

/// The banner, dialog or summary over the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Banner {
    /// Which, and what it holds (its fields sit beside `text` in JSON).
    #[serde(flatten)]
    pub kind: BannerKind,
    /// Its title line.
    pub text: String,
}

/// An event of Scopa (at any table).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScopaEvent {
    /// A seat played.
    Played {
        /// The seat.
        seat: u8,
        /// Its move.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// A sweep.
    Scopa {
        /// The seat.
        seat: u8,
        /// Its side.
        side: u8,
    },
    /// A new round of cards dealt.
    Dealt {
        /// The round.
        round: u8,
        /// Cards left in the deck.
        deck_left: u8,
    },
    /// The table's last cards went to the side that captured last.
    Collected {
        /// The side.
        side: u8,
        /// The cards.
        cards: Vec<Card>,
    },
    /// A hand ended: each side's points.
    HandFinished {
        /// Points per side.
        points: Vec<u16>,
    },
    /// The match ended.
    MatchFinished {
        /// The winning side.
        winner: u8,
        /// The match scores (at least three entries).
        scores: Vec<u16>,
    },
    /// A new hand was dealt.
    NewHand {
        /// Its number, from 0.
        number: u16,
        /// The dealer.
        dealer: u8,
        /// The table's cards.
        table: Vec<Card>,
        /// Kings reshuffles.
        redeals: u8,
    },
}

/// An event of Briscola.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BriscolaEvent {
    /// A seat played a card.
    Played {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// A trick was taken.
    TrickTaken {
        /// The seat that took it.
        seat: u8,
        /// Its side.
        side: u8,
        /// The trick's cards.
        cards: Vec<Card>,
        /// Their points.
        points: u8,
    },
    /// A seat drew from the stock.
    Drew {
        /// The seat.
        seat: u8,
        /// Whether it drew the face-up briscola.
        briscola: bool,
    },
    /// A hand ended.
    HandFinished {
        /// Card points per side (at least three entries).
        points: Vec<u8>,
        /// The winning side (`null`: a draw).
        winner: Option<u8>,
    },
    /// A hand was dealt.
    Dealt {
        /// The dealer.
        dealer: u8,
        /// The face-up briscola.
        briscola: Card,
    },
    /// The match ended.
    MatchFinished {
        /// The winning side.
        winner: u8,
    },
}

/// An event of either game (`"game"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum EventKind {
    /// Scopa's.
    Scopa(ScopaEvent),
    /// Briscola's.
    Briscola(BriscolaEvent),
}

/// What happened since the last frame.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Event {
    /// The event (its fields sit beside `text` and `line` in JSON).
    #[serde(flatten)]
    pub kind: EventKind,
    /// The line to show, in the frame's language.
    pub text: String,
    /// The transcript line(s), language-free.
    pub line: String,
}

/// Whom the front-end waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Waiting {
    /// The person at this seat.
    Seat(u8),
    /// Whoever holds the device.
    Anyone,
}

/// What a delay does when it runs out.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DueAction {
    /// An AI plays (`"ai"`).
    Ai,
    /// The banner or summary closes (`"continue"`).
    Continue,
}

/// A delay to run, then fire with its token.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Due {
    /// What firing does.
    pub action: DueAction,
    /// The delay in milliseconds.
    pub after_ms: u32,
    /// The ticket to fire with.
    pub token: u32,
}

/// What happens next, and when: `{"wait": …}` or `{"due": …}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    /// Wait for a person.
    Wait(Waiting),
    /// Run this delay.
    Due(Due),
}

/// One finished hand of the match's recap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecapHand {
    /// The hand's number, from 1 (as shown).
    pub hand: u16,
    /// Each side's points of that hand (Scopa: the hand's total; Briscola: card points).
    pub points: Vec<u8>,
}

/// Everything a screen shows to one seat, every text written out: see the
/// [crate documentation](crate).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frame {
    /// The language of the texts.
    pub lang: Lang,
    /// What the session waits for.
    pub phase: Phase,
    /// It, as a sentence: `Your turn: play a card.`
    pub status: String,
    /// The seat whose hand is shown (none: handing over, watching, a spectator).
    pub viewer: Option<u8>,
    /// The viewer's hand (empty without a viewer).
    pub hand: Vec<CardView>,
    /// Every seat in play.
    pub seats: Vec<Seat>,
    /// Every side in play.
    pub sides: Vec<Side>,
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
    /// The middle of the table.
    pub table: Table,
    /// What the viewer may choose now.
    pub choices: Choices,
    /// The buttons the viewer may press now.
    pub offers: Offers,
    /// The expert's suggestion, when asked for.
    pub hint: Option<Hint>,
    /// The banner or summary over the table.
    pub banner: Option<Banner>,
    /// What happened since the last frame, oldest first.
    pub events: Vec<Event>,
    /// Older events that did not fit.
    pub missed_events: u16,
    /// Why the viewer's last input was refused.
    pub refusal: Option<String>,
    /// What happens next, and when.
    pub next: Next,
    /// The current hand's log: its deal and every play since, with what followed (sweeps,
    /// rounds dealt, tricks taken), each in words.
    #[serde(default)]
    pub hand_log: Vec<String>,
    /// The hands of the match finished so far (as far as this front-end's presenter has
    /// seen them), for the recap at its end.
    #[serde(default)]
    pub recap: Vec<RecapHand>,
    /// The match is over.
    #[serde(default)]
    pub over: bool,
    /// The phone apps only: why the last save could not be written (until one is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_error: Option<String>,
}
