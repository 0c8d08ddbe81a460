//! The frame the apps draw: [`Frame`] is `scopa_frame::Frame` itself — the one writer's
//! record, the same the server and the browser send as JSON — exported to Kotlin and Swift
//! with `#[uniffi::remote(Record)]` / `#[uniffi::remote(Enum)]`. Each declaration below
//! restates a record of `scopa-frame` for uniffi's generated code, which builds and takes
//! apart the real type field by field: a field missing, extra or of another type here does
//! not compile, so the apps cannot drift from the JSON. No value is written here; the
//! controller calls [`Frame::new`](scopa_frame::Frame::new) and adds its `save_error`.
//!
//! Cards cross as the core [`Card`] itself (a custom type: its index 0 … 39, `UByte` in
//! Kotlin, `UInt8` in Swift), or as a [`CardView`] with its name where the JSON names it.
//! At a table of 6 or 8 (two decks) a hand, the table, a pile, a capture or a play may hold
//! a card twice: the list names it twice in a row, so two lists are the same cards exactly
//! when they are equal. Two records are renamed for the platforms: `Row` is `SummaryRow`
//! (Compose has a `Row`), and the record of the middle of the table, `Table`, is
//! `TableMiddle` (SwiftUI has a `Table`).

use scopa_core::Card;
use scopa_core::session::Lang;
use scopa_core::session::pacing::Pacing;
pub use scopa_frame::{
    Banner, BannerKind, Behind, BriscolaEvent, CaptureOption, CardChoice, CardView, Choices, Due,
    DueAction, Event, EventKind, Frame, Hint, LastPlay, Move, Next, Offers, Phase, Pile, RecapHand,
    Row, ScopaEvent, Seat, SeatPlay, Side, Summary, Table, TakenTrick, TrickCard, Waiting,
};

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

/// A card with its index (0 … 39, the order of the deck) and its name in the session's
/// language.
#[uniffi::remote(Record)]
pub struct CardView {
    /// The card (`GameController.select` plays it).
    pub card: Card,
    /// Its index.
    pub index: u8,
    /// Its name: `7 of denari` / `7 di denari`.
    pub name: String,
}

/// A move: the card played and what it takes (nothing: laid on the table; in Briscola a
/// move is its card). A card taken twice (a table of 6 or 8) is listed twice.
#[uniffi::remote(Record)]
pub struct Move {
    /// The card played.
    pub card: Card,
    /// What it takes, in canonical order.
    pub capture: Vec<Card>,
}

/// What the session waits for (a choice of capture shows as `Play` to other seats).
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Record)]
pub struct Seat {
    /// The seat, from 0.
    pub seat: u8,
    /// Its side: seat s is on side s mod (players / 2) at 4, 6 and 8 players (partners
    /// opposite), on side s at 2 and 3.
    pub side: u8,
    /// Who plays it, as the settings line says: `human` or the AI level (`expert`).
    pub player: String,
    /// Cards in its hand.
    pub cards: u8,
    /// Its name: `You`, `Player 2` / `Tu`, `Giocatore 2`.
    pub name: String,
    /// Who plays it, in words: `Person`, or the level's name (`Expert` / `Esperto`).
    pub player_name: String,
    /// What it played last in the current hand, to show at its place until it plays again.
    pub last_play: Option<LastPlay>,
}

/// A seat's last play of the hand.
#[uniffi::remote(Record)]
pub struct LastPlay {
    /// The card played.
    pub card: Card,
    /// What it took (Briscola: nothing).
    pub capture: Vec<Card>,
    /// The play as the hand's log words it: `Player 2 plays 7♦ and takes 7♣`.
    pub text: String,
}

/// One side: its match score and name.
#[uniffi::remote(Record)]
pub struct Side {
    /// The side, from 0.
    pub side: u8,
    /// Its match score (Briscola: hands won).
    pub score: u16,
    /// A seat's name with 2 or 3 players; in teams (4, 6 or 8 players) `Your team`,
    /// `Opponents` (4 players, one person), or the partners (`Players 1 & 4` at 6).
    pub name: String,
}

/// A side's captures in the current hand of Scopa.
#[uniffi::remote(Record)]
pub struct Pile {
    /// The cards captured.
    pub cards: Vec<Card>,
    /// Its scope.
    pub scope: u8,
}

/// A play of Scopa with its seat.
#[uniffi::remote(Record)]
pub struct SeatPlay {
    /// The seat.
    pub seat: u8,
    /// Its move.
    pub mv: Move,
}

/// A card of a Briscola trick and its seat.
#[uniffi::remote(Record)]
pub struct TrickCard {
    /// The seat.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// A finished trick of Briscola.
#[uniffi::remote(Record)]
pub struct TakenTrick {
    /// Its cards in play order.
    pub cards: Vec<TrickCard>,
    /// The seat that took it.
    pub winner: u8,
    /// Its card points.
    pub points: u8,
}

/// The middle of the table, game by game (`Table` in scopa-frame and the JSON).
#[uniffi::remote(Enum)]
#[uniffi(name = "TableMiddle")]
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
        /// The face-up briscola, whose suit is trump.
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
#[uniffi::remote(Record)]
pub struct CardChoice {
    /// The card (`GameController.select` plays it).
    pub card: CardView,
    /// How many ways it plays: 1 plays at once, more opens the capture choice.
    pub ways: u8,
    /// Every table card one of its captures takes, each once, to highlight.
    pub takes: Vec<Card>,
}

/// One capture to choose from (`GameController.capture(index)`).
#[uniffi::remote(Record)]
pub struct CaptureOption {
    /// The cards it takes, a card taken twice named twice (a table of 6 or 8).
    pub cards: Vec<Card>,
    /// The same in words: `5d 2c`.
    pub text: String,
}

/// What the viewer may choose now.
#[uniffi::remote(Enum)]
pub enum Choices {
    /// Nothing (another seat acts, a banner shows, the viewer watches).
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
        /// The captures, in the order of `GameController.capture`'s index.
        options: Vec<CaptureOption>,
    },
}

/// The buttons the viewer may press now (their labels are `UiTexts.labels`' `hint`,
/// `undo`, `cancel`, `carryOn`, `rematch`).
#[uniffi::remote(Record)]
pub struct Offers {
    /// Ask for a hint (`GameController.hint`).
    pub hint: bool,
    /// Take back the last play (`GameController.undo`).
    pub undo: bool,
    /// Cancel the capture choice (`GameController.cancel`).
    pub cancel: bool,
    /// Go on: take the device, close the summary, skip the banner
    /// (`GameController.proceed`).
    pub proceed: bool,
    /// Play again (`GameController.rematch`).
    pub rematch: bool,
}

/// The expert's suggestion.
#[uniffi::remote(Record)]
pub struct Hint {
    /// The move (Briscola: the card, nothing taken); a card taken twice named twice.
    pub mv: Move,
    /// As a sentence, with the reason.
    pub text: String,
}

/// A row of a hand's summary (`Row` in scopa-frame and the JSON).
#[uniffi::remote(Record)]
#[uniffi(name = "SummaryRow")]
pub struct Row {
    /// What it counts, in words.
    pub label: String,
    /// Points per side.
    pub points: Vec<u8>,
    /// The tally behind the points per side (cards, coins, sevens or the primiera sum;
    /// `None`: none).
    pub tally: Vec<Option<u8>>,
}

/// The cards behind a side's points in a hand's summary.
#[uniffi::remote(Record)]
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

/// A finished hand's summary.
#[uniffi::remote(Enum)]
pub enum Summary {
    /// Scopa: the rows, each side's pile and the cards behind its points.
    Scopa {
        /// The rows, in the order of the rules, the hand's total last.
        rows: Vec<Row>,
        /// Each side's pile and scope.
        piles: Vec<Pile>,
        /// Each side's cards behind its points.
        behind: Vec<Behind>,
    },
    /// Briscola: each side's card points and the winner.
    Briscola {
        /// Card points per side.
        points: Vec<u8>,
        /// The winning side (`None`: a draw).
        winner: Option<u8>,
        /// The points in words.
        text: String,
    },
}

/// What the banner over the table shows.
#[uniffi::remote(Enum)]
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
        /// With one person: whether their side won.
        you_won: Option<bool>,
        /// The last hand's summary.
        last_hand: Option<Summary>,
    },
}

/// The banner, dialog or summary over the table.
#[uniffi::remote(Record)]
pub struct Banner {
    /// Which, and what it holds.
    pub kind: BannerKind,
    /// Its title line.
    pub text: String,
}

/// An event of Scopa (at any table).
#[uniffi::remote(Enum)]
pub enum ScopaEvent {
    /// A seat played.
    Played {
        /// The seat.
        seat: u8,
        /// Its move.
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
#[uniffi::remote(Enum)]
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
        /// The winning side (`None`: a draw).
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

/// An event of either game.
#[uniffi::remote(Enum)]
pub enum EventKind {
    /// Scopa's.
    Scopa(ScopaEvent),
    /// Briscola's.
    Briscola(BriscolaEvent),
}

/// What happened since the last frame.
#[uniffi::remote(Record)]
pub struct Event {
    /// The event.
    pub kind: EventKind,
    /// The line to show, in the session's language.
    pub text: String,
    /// The transcript line(s), language-free (`scopa_core::session::transcript::event`).
    pub line: String,
}

/// Whom the session waits for.
#[uniffi::remote(Enum)]
pub enum Waiting {
    /// The person at this seat: to play, or (pass-and-play) to take the device.
    Seat(u8),
    /// Whoever holds the device: to close the hand summary, or to ask for a rematch.
    Anyone,
}

/// What a delay does when it runs out.
#[uniffi::remote(Enum)]
pub enum DueAction {
    /// An AI plays.
    Ai,
    /// The banner or summary closes.
    Continue,
}

/// A delay the controller runs (through the app's `Timer`), then fires with its token.
#[uniffi::remote(Record)]
pub struct Due {
    /// What firing does.
    pub action: DueAction,
    /// The delay in milliseconds.
    pub after_ms: u32,
    /// The ticket to fire with (the one `Timer.schedule` got).
    pub token: u32,
}

/// What happens next, and when.
#[uniffi::remote(Enum)]
pub enum Next {
    /// Wait for a person.
    Wait(Waiting),
    /// A delay runs.
    Due(Due),
}

/// One finished hand of the match's recap.
#[uniffi::remote(Record)]
pub struct RecapHand {
    /// The hand's number, from 1 (as shown).
    pub hand: u16,
    /// Each side's points of that hand (Scopa: the hand's total; Briscola: card points).
    pub points: Vec<u8>,
}

/// Everything a screen shows to the seat that is looking, every text written out in the
/// session's language: `scopa_frame::Frame`, the record the server and the browser send
/// as JSON (docs/session.md).
#[uniffi::remote(Record)]
pub struct Frame {
    /// The language of the texts.
    pub lang: Lang,
    /// What the session waits for.
    pub phase: Phase,
    /// It, as a sentence: `Your turn: play a card.`
    pub status: String,
    /// The seat whose hand is shown (none: handing over, watching).
    pub viewer: Option<u8>,
    /// The viewer's hand (empty without a viewer); a card held twice is there twice.
    pub hand: Vec<CardView>,
    /// Every seat in play (2 to 8).
    pub seats: Vec<Seat>,
    /// Every side in play (2 to 4).
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
    /// The expert's suggestion, when asked for (until the next play).
    pub hint: Option<Hint>,
    /// The banner or summary over the table.
    pub banner: Option<Banner>,
    /// What happened since the last frame, oldest first.
    pub events: Vec<Event>,
    /// Older events that did not fit.
    pub missed_events: u16,
    /// Why the viewer's last input was refused (until the next accepted action).
    pub refusal: Option<String>,
    /// What happens next: wait for a person, or a delay the controller runs.
    pub next: Next,
    /// The current hand's log: its deal and every play since, each in words.
    pub hand_log: Vec<String>,
    /// The hands of the match finished so far (since the controller was created or
    /// restored), for the recap at its end.
    pub recap: Vec<RecapHand>,
    /// The match is over (the settings screen offers no resume).
    pub over: bool,
    /// Why the last save could not be written (until one is): the controller tries again
    /// after the next change.
    pub save_error: Option<String>,
}
