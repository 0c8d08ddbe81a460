//! Suits, values and cards, with the canonical notation of docs/rules.md §1.

use core::fmt;
use core::str::FromStr;

/// One of the four Italian suits, in the fixed order of docs/rules.md §1.
///
/// ```
/// use scopa_core::Suit;
/// assert_eq!(Suit::Denari.letter(), 'd');
/// assert_eq!(Suit::from_letter('S'), Some(Suit::Spade));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Suit {
    /// Coins (♦), letter `d`.
    Denari = 0,
    /// Cups (♥), letter `c`.
    Coppe = 1,
    /// Swords (♠), letter `s`.
    Spade = 2,
    /// Clubs (♣), letter `b`.
    Bastoni = 3,
}

impl Suit {
    /// The four suits in canonical order.
    pub const ALL: [Suit; 4] = [Suit::Denari, Suit::Coppe, Suit::Spade, Suit::Bastoni];

    /// The suit's position in canonical order (0 … 3).
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit at `index` (0 … 3), or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Denari),
            1 => Some(Suit::Coppe),
            2 => Some(Suit::Spade),
            3 => Some(Suit::Bastoni),
            _ => None,
        }
    }

    /// The lower-case notation letter: `d`, `c`, `s` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Denari => 'd',
            Suit::Coppe => 'c',
            Suit::Spade => 's',
            Suit::Bastoni => 'b',
        }
    }

    /// Parses a notation letter, upper or lower case.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'd' | 'D' => Some(Suit::Denari),
            'c' | 'C' => Some(Suit::Coppe),
            's' | 'S' => Some(Suit::Spade),
            'b' | 'B' => Some(Suit::Bastoni),
            _ => None,
        }
    }

    /// The Italian name: `denari`, `coppe`, `spade`, `bastoni`.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Denari => "denari",
            Suit::Coppe => "coppe",
            Suit::Spade => "spade",
            Suit::Bastoni => "bastoni",
        }
    }

    /// The French-deck symbol: ♦ ♥ ♠ ♣.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Denari => '♦',
            Suit::Coppe => '♥',
            Suit::Spade => '♠',
            Suit::Bastoni => '♣',
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 40 cards. It can only hold a valid card: index 0 (`1d`) … 39 (`10b`).
///
/// The value (1 … 10) is what captures sum; Fante = 8, Cavallo = 9, Re = 10.
///
/// ```
/// use scopa_core::{Card, Suit};
/// let settebello: Card = "7d".parse().unwrap();
/// assert_eq!(settebello, Card::SETTEBELLO);
/// assert_eq!(settebello.value(), 7);
/// assert_eq!(settebello.suit(), Suit::Denari);
/// assert_eq!(settebello.index(), 6);
/// assert_eq!(Card::new(Suit::Bastoni, 10).unwrap().to_string(), "10b");
/// assert!("11d".parse::<Card>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Card(u8);

impl Card {
    /// The seven of coins, `7d`.
    pub const SETTEBELLO: Card = Card(6);
    /// The king of coins, `10d`.
    pub const RE_BELLO: Card = Card(9);

    /// The card of `suit` and `value` (1 … 10), or `None` if the value is out of range.
    #[inline]
    pub const fn new(suit: Suit, value: u8) -> Option<Card> {
        if value >= 1 && value <= 10 {
            Some(Card(suit as u8 * 10 + value - 1))
        } else {
            None
        }
    }

    /// The card with canonical index `index` (0 … 39), or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 40 { Some(Card(index)) } else { None }
    }

    /// The canonical index: suit × 10 + value − 1 (`1d` = 0, `10b` = 39).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The value, 1 … 10.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0 % 10 + 1
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        match self.0 / 10 {
            0 => Suit::Denari,
            1 => Suit::Coppe,
            2 => Suit::Spade,
            _ => Suit::Bastoni,
        }
    }

    /// The primiera value of docs/rules.md §5: 7 → 21, 6 → 18, Ace → 16, 5 → 15, 4 → 14,
    /// 3 → 13, 2 → 12, Fante/Cavallo/Re → 10.
    #[inline]
    pub const fn primiera_value(self) -> u8 {
        PRIMIERA[self.value() as usize]
    }

    /// All 40 cards in canonical order.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + Clone {
        (0u8..40).map(Card)
    }

    /// The names of the card's value (Italian, English, the corner index).
    #[inline]
    pub const fn names(self) -> ValueNames {
        ValueNames::of(self.value())
    }

    /// The Italian name of the value: `Asso`, `2` … `7`, `Fante`, `Cavallo`, `Re`.
    #[inline]
    pub const fn value_name(self) -> &'static str {
        self.names().italian
    }
}

/// The names of a card value: the one table every front-end writes values from (the
/// session's texts in both languages, the handheld's card faces).
///
/// ```
/// use scopa_core::card::ValueNames;
/// let cavallo = ValueNames::of(9);
/// assert_eq!((cavallo.italian, cavallo.english, cavallo.index), ("Cavallo", "Knight", "C"));
/// assert_eq!(ValueNames::of(1).index, "1");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ValueNames {
    /// The Italian name: `Asso`, `2` … `7`, `Fante`, `Cavallo`, `Re`.
    pub italian: &'static str,
    /// The English name: `Ace`, `2` … `7`, `Jack`, `Knight`, `King`.
    pub english: &'static str,
    /// The index printed in a card's corner: `1` … `7`, `F` (Fante), `C` (Cavallo),
    /// `R` (Re).
    pub index: &'static str,
}

impl ValueNames {
    /// The names of `value` (1 … 10); any other number is named as the Re (10).
    pub const fn of(value: u8) -> ValueNames {
        match value {
            1..=10 => VALUE_NAMES[value as usize - 1],
            _ => VALUE_NAMES[9],
        }
    }

    /// A numeral value (2 … 7): the same text in every field.
    const fn numeral(digit: &'static str) -> ValueNames {
        ValueNames {
            italian: digit,
            english: digit,
            index: digit,
        }
    }
}

/// [`ValueNames`] by value − 1.
const VALUE_NAMES: [ValueNames; 10] = [
    ValueNames {
        italian: "Asso",
        english: "Ace",
        index: "1",
    },
    ValueNames::numeral("2"),
    ValueNames::numeral("3"),
    ValueNames::numeral("4"),
    ValueNames::numeral("5"),
    ValueNames::numeral("6"),
    ValueNames::numeral("7"),
    ValueNames {
        italian: "Fante",
        english: "Jack",
        index: "F",
    },
    ValueNames {
        italian: "Cavallo",
        english: "Knight",
        index: "C",
    },
    ValueNames {
        italian: "Re",
        english: "King",
        index: "R",
    },
];

/// Primiera value by card value (index 0 unused).
const PRIMIERA: [u8; 11] = [0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Through `pad` so that width and alignment flags work in tables.
        let mut buf = [0u8; 3];
        let v = self.value();
        let len = if v == 10 {
            buf[0] = b'1';
            buf[1] = b'0';
            2
        } else {
            buf[0] = b'0' + v;
            1
        };
        buf[len] = self.suit().letter() as u8;
        // The buffer holds only ASCII digits and a suit letter.
        match core::str::from_utf8(&buf[..=len]) {
            Ok(s) => f.pad(s),
            Err(_) => Err(fmt::Error),
        }
    }
}

/// Why a card's text could not be parsed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseCardError {
    /// The text was empty.
    Empty,
    /// The value part was not a number from 1 to 10.
    BadValue,
    /// The last character was not one of `d`, `c`, `s`, `b` (either case).
    BadSuit,
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseCardError::Empty => "empty card text (expected e.g. 7d or 10b)",
            ParseCardError::BadValue => {
                "card value must be a number from 1 to 10 (expected e.g. 7d or 10b)"
            }
            ParseCardError::BadSuit => {
                "card suit must be d, c, s or b (denari, coppe, spade, bastoni)"
            }
        })
    }
}

impl core::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let s = s.trim();
        let mut chars = s.chars();
        let last = chars.next_back().ok_or(ParseCardError::Empty)?;
        let suit = Suit::from_letter(last).ok_or(ParseCardError::BadSuit)?;
        let digits = chars.as_str();
        let value: u8 = match digits.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'1', b'0'] => 10,
            _ => return Err(ParseCardError::BadValue),
        };
        Card::new(suit, value).ok_or(ParseCardError::BadValue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_all_forty_cards() {
        for card in Card::all() {
            let mut buf = heapless::String::<4>::new();
            core::fmt::write(&mut buf, format_args!("{card}")).unwrap();
            assert_eq!(buf.parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn index_formula_matches_rules() {
        assert_eq!("1d".parse::<Card>().unwrap().index(), 0);
        assert_eq!("10b".parse::<Card>().unwrap().index(), 39);
        assert_eq!("1b".parse::<Card>().unwrap().index(), 30);
        assert_eq!("7D".parse::<Card>().unwrap(), Card::SETTEBELLO);
        assert_eq!("10d".parse::<Card>().unwrap(), Card::RE_BELLO);
    }

    #[test]
    fn bad_text_is_rejected_with_the_reason() {
        assert_eq!("".parse::<Card>(), Err(ParseCardError::Empty));
        assert_eq!("0d".parse::<Card>(), Err(ParseCardError::BadValue));
        assert_eq!("11d".parse::<Card>(), Err(ParseCardError::BadValue));
        assert_eq!("07d".parse::<Card>(), Err(ParseCardError::BadValue));
        assert_eq!("7x".parse::<Card>(), Err(ParseCardError::BadSuit));
        assert_eq!("d".parse::<Card>(), Err(ParseCardError::BadValue));
        assert_eq!("7é".parse::<Card>(), Err(ParseCardError::BadSuit));
    }

    #[test]
    fn primiera_values() {
        let p = |s: &str| s.parse::<Card>().unwrap().primiera_value();
        assert_eq!(
            [
                p("7d"),
                p("6c"),
                p("1s"),
                p("5b"),
                p("4d"),
                p("3d"),
                p("2d"),
                p("8d"),
                p("9d"),
                p("10d")
            ],
            [21, 18, 16, 15, 14, 13, 12, 10, 10, 10]
        );
    }

    #[test]
    fn value_names_in_both_languages_and_the_corner_index() {
        let names: [(&str, &str, &str); 10] = core::array::from_fn(|i| {
            let n = ValueNames::of(i as u8 + 1);
            (n.italian, n.english, n.index)
        });
        assert_eq!(
            names,
            [
                ("Asso", "Ace", "1"),
                ("2", "2", "2"),
                ("3", "3", "3"),
                ("4", "4", "4"),
                ("5", "5", "5"),
                ("6", "6", "6"),
                ("7", "7", "7"),
                ("Fante", "Jack", "F"),
                ("Cavallo", "Knight", "C"),
                ("Re", "King", "R"),
            ]
        );
        for card in Card::all() {
            assert_eq!(card.names(), ValueNames::of(card.value()));
            assert_eq!(card.value_name(), card.names().italian);
        }
        // Out of range: named as the Re, never a panic.
        assert_eq!(ValueNames::of(0), ValueNames::of(10));
        assert_eq!(ValueNames::of(255), ValueNames::of(10));
    }
}
