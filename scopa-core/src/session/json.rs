//! `serde` for the core's leaf values (feature `serde`, `no_std`, no `alloc`): a card is its
//! notation (`"7d"`), a card set or multiset the list of its cards in canonical order (a
//! card held twice written twice), a language its code (`"en"`), a level its name
//! (`"expert"`), a player `"human"` or its level, an action its script line (`"ai"`,
//! `"continue"`). Card and language read back (`Deserialize`).
//!
//! The table model written out — the frame JSON a network server sends each seat, the
//! browser's and the phone apps' frame — is not here: it is the `scopa-frame` crate's
//! owned records, filled once from [`Frame`](super::table::Frame).

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::ai::Level;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;

use super::texts::Lang;
use super::{Action, Player, transcript};

impl Serialize for Card {
    /// The notation: `"7d"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    /// The notation: `"7d"`, `"10b"`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        d.deserialize_str(Words {
            expected: "a card such as \"7d\" (value 1 to 10, suit d, c, s or b)",
            read: |v| v.parse().ok(),
        })
    }
}

/// A value read from a string by `read`; what it refuses is `expected`.
struct Words<T> {
    expected: &'static str,
    read: fn(&str) -> Option<T>,
}

impl<T> Visitor<'_> for Words<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.read)(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

impl Serialize for CardSet {
    /// The cards in canonical order: `["7d", "5c"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl Serialize for CardMultiset {
    /// The cards in canonical order, a card held twice written twice: `["3c", "3c", "5d"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
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

impl<'de> Deserialize<'de> for Lang {
    /// The code: `"en"`, `"it"`.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        d.deserialize_str(Words {
            expected: "a language code, \"en\" or \"it\"",
            read: Lang::from_code,
        })
    }
}

impl Serialize for Action {
    /// The action's script line ([`transcript::action`]): `"ai"`, `"continue"`,
    /// `"play 7d 5d 2c"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&transcript::action(self))
    }
}
