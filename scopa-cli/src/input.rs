//! What a line typed at the `scopa play` prompt asks for: a command, a move's number, or
//! cards. Cards are read in every form the screen can show them and in the forms players
//! of an Italian or a French deck write them: `7d`, `7♦`, `K♣`, `7 denari`, `Re di spade`,
//! `King of bastoni`, `7 of coins`, `9h` (hearts: coppe). The notation's `c` is coppe;
//! [`TypedCard::c_letter`] says when a card was typed with it, so the caller can ask
//! which card was meant when a French-deck reader could have meant clubs (♣, bastoni).

use scopa_core::{Card, Suit};

/// A card as typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TypedCard {
    /// The card understood.
    pub card: Card,
    /// Typed as value + the letter `c` (`9c`): coppe in the notation, clubs to a reader
    /// of a French deck.
    pub c_letter: bool,
}

/// A command of the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// The expert's suggestion.
    Hint,
    /// Why the computer played what it played: its last play of the hand, or play N (from
    /// 1).
    Why(Option<u8>),
    /// Show the table again.
    Show,
    /// The list of commands.
    Help,
    /// Take back the last play.
    Undo,
    /// Choose another card (in the capture prompt).
    Cancel,
    /// Save (to the file given, or the match's save file) and stop.
    Save(Option<String>),
    /// Stop.
    Quit,
}

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// An empty line (Enter).
    Empty,
    /// A command.
    Command(Command),
    /// A number alone: a move (or capture) of the list shown, from 1.
    Number(usize),
    /// Cards: the card to play, then the cards to take (or, in the capture prompt, only
    /// the cards to take).
    Cards(Vec<TypedCard>),
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedError {
    /// This word is neither a card, a command nor a filler word.
    NotACard(String),
    /// A card named more often than the decks hold it (twice with one deck, three times
    /// with two).
    Twice(Card),
}

/// Words that only make a move read like a sentence (`7d takes 5d 2c`, `7d on the
/// table`, `7d x 5d`); they are skipped.
const FILLERS: &[&str] = &[
    "x", "takes", "take", "with", "prende", "prendi", "on", "the", "table", "in", "tavola", "—",
    "-", "→", "=",
];

fn command(first: &str, rest: &[&str]) -> Option<Command> {
    let cmd = match first {
        "hint" | "suggerimento" | "consiglio" => Command::Hint,
        "show" | "look" | "mostra" => Command::Show,
        "help" | "?" | "aiuto" => Command::Help,
        "undo" | "annulla" => Command::Undo,
        "cancel" | "back" | "indietro" => Command::Cancel,
        "quit" | "exit" | "q" | "esci" => Command::Quit,
        "why" | "perché" | "perche" => {
            return match rest {
                [] => Some(Command::Why(None)),
                [n] => n
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(|n| Command::Why(Some(n))),
                _ => None,
            };
        }
        "save" | "salva" => {
            return match rest {
                [] => Some(Command::Save(None)),
                [file] => Some(Command::Save(Some((*file).to_owned()))),
                _ => None,
            };
        }
        _ => return None,
    };
    rest.is_empty().then_some(cmd)
}

/// The value of a word: `1` … `10`, or a letter or name (`a` ace, `j`/`f` jack, `q`
/// knight/queen, `k`/`r` king, and the English and Italian names).
fn value_word(w: &str) -> Option<u8> {
    match w {
        "a" | "ace" | "asso" => Some(1),
        "j" | "f" | "jack" | "fante" => Some(8),
        "q" | "knight" | "queen" | "cavallo" => Some(9),
        "k" | "r" | "king" | "re" => Some(10),
        _ => w.parse::<u8>().ok().filter(|v| (1..=10).contains(v)),
    }
}

/// The suit of a word: a letter (`d c s b`, `h` hearts), a symbol, or a name in Italian,
/// English or the French deck's Italian names.
fn suit_word(w: &str) -> Option<Suit> {
    match w {
        "d" | "♦" | "♢" | "denari" | "denaro" | "coins" | "coin" | "diamonds" | "quadri" => {
            Some(Suit::Denari)
        }
        "c" | "h" | "♥" | "♡" | "coppe" | "coppa" | "cups" | "cup" | "hearts" | "cuori" => {
            Some(Suit::Coppe)
        }
        "s" | "♠" | "♤" | "spade" | "spada" | "swords" | "sword" | "spades" | "picche" => {
            Some(Suit::Spade)
        }
        "b" | "♣" | "♧" | "bastoni" | "bastone" | "clubs" | "club" | "fiori" => {
            Some(Suit::Bastoni)
        }
        _ => None,
    }
}

/// A card in one word: a value then a suit letter or symbol (`7d`, `10♣`, `kd`, `9h`).
fn compact_card(w: &str) -> Option<TypedCard> {
    let split = w
        .char_indices()
        .rev()
        .find(|&(i, _)| i > 0 && value_word(&w[..i]).is_some())?
        .0;
    let (value, suit) = (value_word(&w[..split])?, &w[split..]);
    if suit.chars().count() != 1 {
        return None;
    }
    let suit_kind = suit_word(suit)?;
    Some(TypedCard {
        card: Card::new(suit_kind, value)?,
        c_letter: suit == "c",
    })
}

/// Reads a typed line.
///
/// ```text
/// "7d 5d 2c", "7♦ takes 5♦, 2♥", "7 di denari", "King of spade", "3", "hint", ""
/// ```
pub fn parse(line: &str) -> Result<Typed, TypedError> {
    parse_copies(line, 1)
}

/// [`parse`] at a table whose decks hold each card `copies` times (2 at tables of 6 and 8:
/// `6b 3c 3c` takes both copies of the 3 of coppe).
pub fn parse_copies(line: &str, copies: usize) -> Result<Typed, TypedError> {
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(Typed::Empty);
    };
    if let Some(cmd) = command(first, rest) {
        return Ok(Typed::Command(cmd));
    }
    if rest.is_empty()
        && first.bytes().all(|b| b.is_ascii_digit())
        && let Ok(n) = first.parse::<usize>()
    {
        return Ok(Typed::Number(n));
    }
    let mut cards: Vec<TypedCard> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        i += 1;
        if FILLERS.contains(&w) {
            continue;
        }
        let typed = if let Some(card) = compact_card(w) {
            card
        } else if let Some(value) = value_word(w) {
            // A value in one word and the suit in the next: `7 denari`, `re di spade`,
            // `king of bastoni`, `7 ♦`.
            if matches!(words.get(i), Some(&("of" | "di" | "de"))) {
                i += 1;
            }
            let suit = words.get(i).and_then(|s| suit_word(s).map(|k| (k, *s)));
            let Some((suit, word)) = suit else {
                return Err(TypedError::NotACard(w.to_owned()));
            };
            i += 1;
            let card = Card::new(suit, value).ok_or_else(|| TypedError::NotACard(w.into()))?;
            TypedCard {
                card,
                c_letter: word == "c",
            }
        } else {
            return Err(TypedError::NotACard(w.to_owned()));
        };
        if cards.iter().filter(|c| c.card == typed.card).count() >= copies {
            return Err(TypedError::Twice(typed.card));
        }
        cards.push(typed);
    }
    if cards.is_empty() {
        // Only filler words.
        return Err(TypedError::NotACard(first.to_owned()));
    }
    Ok(Typed::Cards(cards))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(line: &str) -> Vec<String> {
        match parse(line) {
            Ok(Typed::Cards(c)) => c.iter().map(|c| c.card.to_string()).collect(),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn every_shown_form_reads_back() {
        assert_eq!(cards("7d 5d 2c"), ["7d", "5d", "2c"]);
        assert_eq!(cards("7♦ takes 5♦ 2♥"), ["7d", "5d", "2c"]);
        assert_eq!(cards("10♣"), ["10b"]);
        assert_eq!(cards("K♣"), ["10b"]);
        assert_eq!(cards("Kd"), ["10d"]);
        assert_eq!(cards("9h"), ["9c"]);
        assert_eq!(cards("7 di denari"), ["7d"]);
        assert_eq!(cards("6 denari"), ["6d"]);
        assert_eq!(cards("King of spade"), ["10s"]);
        assert_eq!(cards("Re di spade"), ["10s"]);
        assert_eq!(
            cards("8 of coppe takes 2 of denari, 6 of coppe"),
            ["8c", "2d", "6c"]
        );
        assert_eq!(cards("Asso di denari"), ["1d"]);
        assert_eq!(cards("7 of coins"), ["7d"]);
        assert_eq!(cards("Ace of clubs"), ["1b"]);
        assert_eq!(cards("7d x 5d+2c"), ["7d", "5d", "2c"]);
        assert_eq!(cards("3c on the table"), ["3c"]);
        assert_eq!(cards("Fante di coppe in tavola"), ["8c"]);
    }

    #[test]
    fn the_letter_c_is_flagged() {
        let Ok(Typed::Cards(c)) = parse("9c 9b") else {
            panic!()
        };
        assert!(c[0].c_letter && !c[1].c_letter);
        let Ok(Typed::Cards(c)) = parse("9 coppe") else {
            panic!()
        };
        assert!(!c[0].c_letter);
        let Ok(Typed::Cards(c)) = parse("9♥") else {
            panic!()
        };
        assert!(!c[0].c_letter);
    }

    #[test]
    fn commands_numbers_and_mistakes() {
        assert_eq!(parse(""), Ok(Typed::Empty));
        assert_eq!(parse("   "), Ok(Typed::Empty));
        assert_eq!(parse("3"), Ok(Typed::Number(3)));
        assert_eq!(parse("HINT"), Ok(Typed::Command(Command::Hint)));
        assert_eq!(parse("why"), Ok(Typed::Command(Command::Why(None))));
        assert_eq!(parse("perché 3"), Ok(Typed::Command(Command::Why(Some(3)))));
        assert_eq!(parse("quit"), Ok(Typed::Command(Command::Quit)));
        assert_eq!(
            parse("save my game.scopa").unwrap_err(),
            TypedError::NotACard("save".into())
        );
        assert_eq!(
            parse("save g.scopa"),
            Ok(Typed::Command(Command::Save(Some("g.scopa".into()))))
        );
        assert_eq!(parse("zz"), Err(TypedError::NotACard("zz".into())));
        assert_eq!(parse("11d"), Err(TypedError::NotACard("11d".into())));
        assert_eq!(parse("7"), Ok(Typed::Number(7)));
        assert_eq!(parse("7 x"), Err(TypedError::NotACard("7".into())));
        assert_eq!(parse("takes"), Err(TypedError::NotACard("takes".into())));
        assert_eq!(
            parse("7d 7♦"),
            Err(TypedError::Twice("7d".parse().unwrap()))
        );
        assert_eq!(parse("0d"), Err(TypedError::NotACard("0d".into())));
        assert_eq!(parse("7dd"), Err(TypedError::NotACard("7dd".into())));
    }
}
