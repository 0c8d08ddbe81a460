//! `serde::Serialize` for the table model (feature `serde`): the JSON a network server sends
//! each seat. Every text is written out in the frame's language; cards are their notation
//! (`"7d"`), or in the frame's hand, table and choices `{"card": "7d", "index": 27, "name":
//! "7 of denari"}`; seats and sides count from 0. `no_std`: texts go through
//! `Serializer::collect_str`.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, SerializeStruct, Serializer};

use crate::ai::Level;
use crate::briscola::TwoDeckEvent;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;
use crate::scopa::capture::Move;
use crate::scopa::teams::{TeamEvent, TeamMove};
use crate::scopa::view::Play;

use super::table::{
    Banner, CardChoice, Choices, Frame, GameTable, HandOver, ScopaPile, ShownEvent, TakenTrick,
    TrickCard,
};
use super::texts::{Lang, Texts};
use super::{Action, GameEvent, GameHint, Phase, Player, SeatMove, transcript};

impl Serialize for Card {
    /// The notation: `"7d"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for CardSet {
    /// The cards in canonical order: `["7d", "5c"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl Serialize for Move {
    /// `{"card": "7d", "capture": ["5d", "2c"]}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Move", 2)?;
        m.serialize_field("card", &self.card())?;
        m.serialize_field("capture", &self.capture())?;
        m.end()
    }
}

impl Serialize for CardMultiset {
    /// The cards in canonical order, a card held twice written twice: `["3c", "3c", "5d"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl Serialize for TeamMove {
    /// `{"card": "6b", "capture": ["3c", "3c"]}`, as a [`Move`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Move", 2)?;
        m.serialize_field("card", &self.card)?;
        m.serialize_field("capture", &self.capture)?;
        m.end()
    }
}

impl Serialize for SeatMove {
    /// `{"seat": 1, "move": {…}}`, as a [`Play`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Play", 2)?;
        m.serialize_field("seat", &self.seat)?;
        m.serialize_field("move", &self.mv)?;
        m.end()
    }
}

impl Serialize for Play {
    /// `{"seat": 1, "move": {…}}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Play", 2)?;
        m.serialize_field("seat", &self.seat)?;
        m.serialize_field("move", &self.mv)?;
        m.end()
    }
}

impl Serialize for Level {
    /// The level's name: `"expert"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Player {
    /// `"human"`, or the AI level's name.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Player::Human => s.serialize_str("human"),
            Player::Ai(level) => level.serialize(s),
        }
    }
}

impl Serialize for Lang {
    /// The code: `"en"`, `"it"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl Serialize for Action {
    /// The action's script line ([`transcript::action`]): `"ai"`, `"continue"`,
    /// `"play 7d 5d 2c"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&transcript::action(self))
    }
}

impl Serialize for Phase {
    /// `{"kind": "play", "seat": 0}`, `{"kind": "choose_capture", "seat": 0, "card": "7d"}`,
    /// `{"kind": "ai_due", …}`, `"hand_off"`, `"scopa"` (with `side`), `"hand_summary"`,
    /// `"match_over"` (with `winner`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match *self {
            Phase::Play { seat } => {
                m.serialize_entry("kind", "play")?;
                m.serialize_entry("seat", &seat)?;
            }
            Phase::ChooseCapture { seat, card } => {
                m.serialize_entry("kind", "choose_capture")?;
                m.serialize_entry("seat", &seat)?;
                m.serialize_entry("card", &card)?;
            }
            Phase::AiDue { seat } => {
                m.serialize_entry("kind", "ai_due")?;
                m.serialize_entry("seat", &seat)?;
            }
            Phase::HandOff { seat } => {
                m.serialize_entry("kind", "hand_off")?;
                m.serialize_entry("seat", &seat)?;
            }
            Phase::Scopa { seat, side } => {
                m.serialize_entry("kind", "scopa")?;
                m.serialize_entry("seat", &seat)?;
                m.serialize_entry("side", &side)?;
            }
            Phase::HandSummary => m.serialize_entry("kind", "hand_summary")?,
            Phase::MatchOver { winner } => {
                m.serialize_entry("kind", "match_over")?;
                m.serialize_entry("winner", &winner)?;
            }
        }
        m.end()
    }
}

/// A value written with the frame's texts.
struct With<'a, T>(&'a Texts, T);

/// A card with its index and name.
impl Serialize for With<'_, Card> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Card", 3)?;
        m.serialize_field("card", &self.1)?;
        m.serialize_field("index", &self.1.index())?;
        m.serialize_field("name", &Text(self.0.card(self.1)))?;
        m.end()
    }
}

/// Cards with their indices and names.
impl Serialize for With<'_, CardSet> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.1.iter().map(|c| With(self.0, c)))
    }
}

/// Cards with their indices and names, a card held twice written twice.
impl Serialize for With<'_, CardMultiset> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.1.iter().map(|c| With(self.0, c)))
    }
}

/// A text, written when serialized.
struct Text<D>(D);

impl<D: core::fmt::Display> Serialize for Text<D> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// One of a frame's events with the frame's texts (language, names).
struct EventJson<'a>(&'a Texts, &'a ShownEvent);

/// A frame's events, each with the frame's texts.
struct EventsJson<'a>(&'a Frame);

impl Serialize for EventsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.events.iter().map(|e| EventJson(&self.0.texts, e)))
    }
}

impl Serialize for EventJson<'_> {
    /// `{"kind": "played", "seat": 1, "move": {…}, "text": "…", "line": "play 1 7d"}`;
    /// Scopa's kinds `played`, `scopa`, `dealt`, `collected`, `hand_finished`,
    /// `match_finished`, `new_hand`; Briscola's (with `"game": "briscola"`) `played` (with
    /// `card`), `trick_taken`, `drew`, `hand_finished`, `dealt`, `match_finished`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let EventJson(texts, shown) = *self;
        let mut m = s.serialize_map(None)?;
        let event = match shown.event {
            GameEvent::Scopa(e) => e,
            GameEvent::Briscola(e) => {
                m.serialize_entry("game", "briscola")?;
                match e {
                    TwoDeckEvent::Played { seat, card } => {
                        m.serialize_entry("kind", "played")?;
                        m.serialize_entry("seat", &seat)?;
                        m.serialize_entry("card", &card)?;
                    }
                    TwoDeckEvent::TrickTaken {
                        seat,
                        side,
                        cards,
                        points,
                    } => {
                        m.serialize_entry("kind", "trick_taken")?;
                        m.serialize_entry("seat", &seat)?;
                        m.serialize_entry("side", &side)?;
                        m.serialize_entry("cards", &cards)?;
                        m.serialize_entry("points", &points)?;
                    }
                    TwoDeckEvent::Drew { seat, briscola } => {
                        m.serialize_entry("kind", "drew")?;
                        m.serialize_entry("seat", &seat)?;
                        m.serialize_entry("briscola", &briscola)?;
                    }
                    TwoDeckEvent::HandFinished(score) => {
                        m.serialize_entry("kind", "hand_finished")?;
                        // Three sides always (0 past the last), a fourth with 8 players.
                        m.serialize_entry("points", &score.points[..texts.sides().max(3).into()])?;
                        m.serialize_entry("winner", &score.winner)?;
                    }
                    TwoDeckEvent::Dealt { dealer, briscola } => {
                        m.serialize_entry("kind", "dealt")?;
                        m.serialize_entry("dealer", &dealer)?;
                        m.serialize_entry("briscola", &briscola)?;
                    }
                    TwoDeckEvent::MatchFinished { winner } => {
                        m.serialize_entry("kind", "match_finished")?;
                        m.serialize_entry("winner", &winner)?;
                    }
                }
                m.serialize_entry("text", &Text(texts.event(&shown.event)))?;
                m.serialize_entry("line", &Text(shown.line()))?;
                return m.end();
            }
        };
        match event {
            TeamEvent::Played { seat, mv } => {
                m.serialize_entry("kind", "played")?;
                m.serialize_entry("seat", &seat)?;
                m.serialize_entry("move", &mv)?;
            }
            TeamEvent::Scopa { seat, side } => {
                m.serialize_entry("kind", "scopa")?;
                m.serialize_entry("seat", &seat)?;
                m.serialize_entry("side", &side)?;
            }
            TeamEvent::Dealt { round, deck_left } => {
                m.serialize_entry("kind", "dealt")?;
                m.serialize_entry("round", &round)?;
                m.serialize_entry("deck_left", &deck_left)?;
            }
            TeamEvent::TableCollected { side, cards } => {
                m.serialize_entry("kind", "collected")?;
                m.serialize_entry("side", &side)?;
                m.serialize_entry("cards", &cards)?;
            }
            TeamEvent::HandFinished(score) => {
                m.serialize_entry("kind", "hand_finished")?;
                let mut totals = [0u16; 4];
                for (t, side) in totals.iter_mut().zip(score.sides()) {
                    *t = side.total();
                }
                m.serialize_entry("points", &totals[..usize::from(score.side_count())])?;
            }
            TeamEvent::MatchFinished { winner, scores } => {
                m.serialize_entry("kind", "match_finished")?;
                m.serialize_entry("winner", &winner)?;
                m.serialize_entry("scores", &scores[..texts.sides().max(3).into()])?;
            }
            TeamEvent::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => {
                m.serialize_entry("kind", "new_hand")?;
                m.serialize_entry("number", &number)?;
                m.serialize_entry("dealer", &dealer)?;
                m.serialize_entry("table", &table)?;
                m.serialize_entry("redeals", &redeals)?;
            }
        }
        m.serialize_entry("text", &Text(texts.event(&shown.event)))?;
        m.serialize_entry("line", &Text(shown.line()))?;
        m.end()
    }
}

impl Serialize for ScopaPile {
    /// `{"cards": [...], "scope": 1}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("ScopaPile", 2)?;
        m.serialize_field("cards", &self.cards)?;
        m.serialize_field("scope", &self.scope)?;
        m.end()
    }
}

impl Serialize for With<'_, &GameTable> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match self.1 {
            GameTable::Scopa(t) => {
                m.serialize_entry("game", "scopa")?;
                m.serialize_entry("table", &With(self.0, t.table))?;
                m.serialize_entry("deck_left", &t.deck_left)?;
                m.serialize_entry("piles", &t.piles[..])?;
                m.serialize_entry("last_capture", &t.last_capture)?;
                m.serialize_entry("last_play", &t.last_play)?;
                m.serialize_entry("redeals", &t.redeals)?;
            }
            GameTable::Briscola(t) => {
                m.serialize_entry("game", "briscola")?;
                m.serialize_entry("trick", &t.trick[..])?;
                m.serialize_entry("leader", &t.leader)?;
                m.serialize_entry("briscola", &With(self.0, t.briscola))?;
                m.serialize_entry("briscola_holder", &t.briscola_holder)?;
                m.serialize_entry("stock", &t.stock)?;
                m.serialize_entry("last_trick", &t.last_trick)?;
                m.serialize_entry("points", &t.points[..])?;
                m.serialize_entry("tricks_done", &t.tricks_done)?;
            }
        }
        m.end()
    }
}

impl Serialize for TrickCard {
    /// `{"seat": 1, "card": "3c"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("TrickCard", 2)?;
        m.serialize_field("seat", &self.seat)?;
        m.serialize_field("card", &self.card)?;
        m.end()
    }
}

impl Serialize for TakenTrick {
    /// `{"cards": [{"seat": 0, "card": "3c"}, …], "winner": 1, "points": 10}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("TakenTrick", 3)?;
        m.serialize_field("cards", &self.cards[..])?;
        m.serialize_field("winner", &self.winner)?;
        m.serialize_field("points", &self.points)?;
        m.end()
    }
}

impl Serialize for With<'_, &CardChoice> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("CardChoice", 3)?;
        m.serialize_field("card", &With(self.0, self.1.card))?;
        m.serialize_field("ways", &self.1.ways)?;
        m.serialize_field("takes", &self.1.takes)?;
        m.end()
    }
}

impl Serialize for With<'_, &Choices> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        let mut m = s.serialize_map(None)?;
        match self.1 {
            Choices::None => m.serialize_entry("kind", "none")?,
            Choices::Cards(cards) => {
                m.serialize_entry("kind", "cards")?;
                m.serialize_entry("cards", &Seq(cards.iter().map(|c| With(t, c))))?;
            }
            Choices::Captures { card, options } => {
                m.serialize_entry("kind", "captures")?;
                m.serialize_entry("card", &With(t, *card))?;
                m.serialize_entry("options", &Seq(options.iter().map(|&o| CaptureOut(t, o))))?;
            }
        }
        m.end()
    }
}

/// A capture option: its cards and their text.
struct CaptureOut<'a>(&'a Texts, CardMultiset);

impl Serialize for CaptureOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Option", 2)?;
        m.serialize_field("cards", &self.1)?;
        m.serialize_field("text", &Text(self.0.cards(self.1)))?;
        m.end()
    }
}

/// A sequence written from an iterator (cloned, since `serialize` takes `&self`).
struct Seq<I>(I);

impl<I: Iterator + Clone> Serialize for Seq<I>
where
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for item in self.0.clone() {
            seq.serialize_element(&item)?;
        }
        seq.end()
    }
}

impl Serialize for With<'_, &HandOver> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        let mut m = s.serialize_map(None)?;
        match self.1 {
            HandOver::Scopa { rows, piles } => {
                m.serialize_entry("game", "scopa")?;
                let sides = piles.len();
                m.serialize_entry("rows", &Seq(rows.iter().map(move |r| Row(t, r, sides))))?;
                m.serialize_entry("piles", &piles[..])?;
            }
            HandOver::Briscola { score, sides } => {
                m.serialize_entry("game", "briscola")?;
                m.serialize_entry("points", &score.points[..usize::from(*sides)])?;
                m.serialize_entry("winner", &score.winner)?;
                m.serialize_entry("text", &Text(t.briscola_points(*score)))?;
            }
        }
        m.end()
    }
}

/// A summary row: its label in words, points and tallies per side in play.
struct Row<'a>(&'a Texts, &'a super::texts::SummaryRow, usize);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Row", 3)?;
        m.serialize_field("label", self.0.label(self.1.label))?;
        m.serialize_field("points", &self.1.points[..self.2])?;
        m.serialize_field("tally", &self.1.tally[..self.2])?;
        m.end()
    }
}

impl Serialize for With<'_, &GameHint> {
    /// `{"move": {…}, "text": "…"}` (in Briscola the move is the card, with no capture).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Hint", 2)?;
        let mv = match *self.1 {
            GameHint::Teams(mv) => mv,
            ref h => Move::new(h.card(), h.takes()).into(),
        };
        m.serialize_field("move", &mv)?;
        m.serialize_field("text", &Text(self.0.hint(self.1)))?;
        m.end()
    }
}

impl Serialize for Frame {
    /// The whole frame, texts written out (field by field as in [`Frame`], plus `status`,
    /// each seat's and side's `name`, `score_line` and the banner's `text`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = &self.texts;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("lang", &t.lang)?;
        m.serialize_entry("phase", &self.phase)?;
        m.serialize_entry("status", &Text(self.status()))?;
        m.serialize_entry("viewer", &self.viewer)?;
        m.serialize_entry("hand", &With(t, self.hand))?;
        m.serialize_entry(
            "seats",
            &Seq(self.seats.iter().map(|seat| SeatOut(self, seat))),
        )?;
        m.serialize_entry(
            "sides",
            &Seq(self.sides.iter().map(|side| SideOut(self, side))),
        )?;
        m.serialize_entry("score_line", &Text(self.score_line()))?;
        m.serialize_entry("dealer", &self.dealer)?;
        m.serialize_entry("turn", &self.turn)?;
        m.serialize_entry("hand_number", &self.hand_number)?;
        m.serialize_entry("match_number", &self.match_number)?;
        m.serialize_entry("target", &self.target)?;
        m.serialize_entry("table", &With(t, &self.table))?;
        m.serialize_entry("choices", &With(t, &self.choices))?;
        m.serialize_entry("offers", &self.offers)?;
        m.serialize_entry("hint", &self.hint.as_ref().map(|h| With(t, h)))?;
        m.serialize_entry("banner", &self.banner.as_ref().map(|b| BannerOut(self, b)))?;
        m.serialize_entry("events", &EventsJson(self))?;
        m.serialize_entry("missed_events", &self.missed_events)?;
        m.serialize_entry("refusal", &self.refusal_text().map(Text))?;
        m.serialize_entry("next", &self.next)?;
        m.end()
    }
}

struct SeatOut<'a>(&'a Frame, &'a super::table::SeatInfo);

impl Serialize for SeatOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let seat = self.1;
        let mut m = s.serialize_struct("Seat", 6)?;
        m.serialize_field("seat", &seat.seat)?;
        m.serialize_field("side", &seat.side)?;
        m.serialize_field("player", &seat.player)?;
        m.serialize_field("cards", &seat.cards)?;
        m.serialize_field("name", &Text(self.0.seat_name(seat.seat)))?;
        m.serialize_field("player_name", self.0.player_name(seat.seat))?;
        m.end()
    }
}

struct SideOut<'a>(&'a Frame, &'a super::table::SideInfo);

impl Serialize for SideOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Side", 3)?;
        m.serialize_field("side", &self.1.side)?;
        m.serialize_field("score", &self.1.score)?;
        m.serialize_field("name", &Text(self.0.side_name(self.1.side)))?;
        m.end()
    }
}

struct BannerOut<'a>(&'a Frame, &'a Banner);

impl Serialize for BannerOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = &self.0.texts;
        let mut m = s.serialize_map(None)?;
        match self.1 {
            Banner::Scopa { seat, side } => {
                m.serialize_entry("kind", "scopa")?;
                m.serialize_entry("seat", seat)?;
                m.serialize_entry("side", side)?;
            }
            Banner::HandOff { seat } => {
                m.serialize_entry("kind", "hand_off")?;
                m.serialize_entry("seat", seat)?;
            }
            Banner::HandOver(over) => {
                m.serialize_entry("kind", "hand_over")?;
                m.serialize_entry("summary", &With(t, over))?;
            }
            Banner::MatchOver {
                winner,
                you_won,
                last_hand,
            } => {
                m.serialize_entry("kind", "match_over")?;
                m.serialize_entry("winner", winner)?;
                m.serialize_entry("you_won", you_won)?;
                m.serialize_entry("last_hand", &last_hand.as_ref().map(|h| With(t, h)))?;
            }
        }
        m.serialize_entry("text", &Text(self.0.status()))?;
        m.end()
    }
}
