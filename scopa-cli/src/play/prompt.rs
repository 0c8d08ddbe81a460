//! What a line typed at a prompt of `scopa play` asks for: a pure function from the line
//! (as read: text, too long, not UTF-8) and what the prompt offers to a [`Reply`] — a
//! session action, a command — or a typed [`Rejection`]. Words are read by
//! [`crate::input::parse`]; whether a move is legal is the session's to say.

use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::teams::TeamMove;
use scopa_core::session::Action;
use scopa_core::{Card, Suit};

use crate::common::BoundedLine;
use crate::input::{self, Command, Typed, TypedCard, TypedError};

/// What the prompt offers.
#[derive(Copy, Clone, Debug)]
pub enum Ask<'a> {
    /// A move: the hand of the seat to play and the legal moves as listed (from 1).
    Move {
        /// How many copies of each card the decks hold (2 at tables of 6 and 8).
        copies: usize,
        /// The hand.
        hand: CardMultiset,
        /// The moves listed.
        moves: &'a [TeamMove],
    },
    /// Which capture `card` makes: the options as listed (from 1).
    Capture {
        /// How many copies of each card the decks hold (2 at tables of 6 and 8).
        copies: usize,
        /// The card chosen.
        card: Card,
        /// The hand (another of its cards may be typed instead).
        hand: CardMultiset,
        /// The table.
        table: CardMultiset,
        /// The captures listed.
        options: &'a [CardMultiset],
    },
}

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Carry out this action: a move by its number or by Enter, a capture by its number or
    /// its cards, going back to choosing a card.
    Act(Action),
    /// Play a card typed at the move prompt — or, at the capture prompt, another card of
    /// the hand (`instead`: go back to choosing a card first).
    Card {
        /// [`Action::Select`] of the card, or [`Action::Play`] of it with the cards named.
        action: Action,
        /// The card.
        card: Card,
        /// The other card the person may have meant: the card was typed with the letter
        /// `c` (coppe), which a reader of a French deck may mean as clubs, and the hand
        /// holds both.
        or: Option<Card>,
        /// Typed at the capture prompt.
        instead: bool,
    },
    /// Nothing to do but show the choices again (Enter with several moves, or `cancel`,
    /// at the move prompt: the commands; Enter at the capture prompt: the captures).
    Remind,
    /// The expert's suggestion.
    Hint,
    /// Why the computer played what it played (its last play, or play N of the hand).
    Why(Option<u8>),
    /// Show the table again.
    Show,
    /// The list of commands.
    Help,
    /// Take back the last play.
    Undo,
    /// Save (to the file given, or the match's save file) and stop.
    Save(Option<String>),
    /// Stop.
    Quit,
}

/// Why a line asks for nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A line longer than the limit (its length in bytes).
    TooLong(usize),
    /// A line that is not UTF-8 text.
    NotText,
    /// A word that is neither a card, a command nor a filler word.
    NotACard(String),
    /// A card named twice.
    Twice(Card),
    /// A number past the list (the number, and how many there are).
    NoSuchMove(usize, usize),
    /// At the capture prompt, a card to play that is neither in the hand nor on the table.
    NotHeld(Card),
}

/// The text of a line read.
pub fn text(line: &BoundedLine) -> Result<&str, Rejection> {
    match line {
        BoundedLine::Text(t) => Ok(t),
        BoundedLine::TooLong { len } => Err(Rejection::TooLong(*len)),
        BoundedLine::NotUtf8 => Err(Rejection::NotText),
    }
}

/// What `line`, typed at the prompt `ask`, asks for.
pub fn interpret(line: &BoundedLine, ask: Ask<'_>) -> Result<Reply, Rejection> {
    let copies = match ask {
        Ask::Move { copies, .. } | Ask::Capture { copies, .. } => copies,
    };
    let typed = input::parse_copies(text(line)?, copies).map_err(|e| match e {
        TypedError::NotACard(w) => Rejection::NotACard(w),
        TypedError::Twice(c) => Rejection::Twice(c),
    })?;
    match (typed, ask) {
        (Typed::Command(cmd), _) => Ok(command(cmd, ask)),
        (Typed::Empty, Ask::Move { moves: [only], .. }) => {
            Ok(Reply::Act(Action::Play((*only).into())))
        }
        (Typed::Empty, _) => Ok(Reply::Remind),
        (Typed::Number(n), Ask::Move { moves, .. }) => n
            .checked_sub(1)
            .and_then(|i| moves.get(i))
            .map(|&mv| Reply::Act(Action::Play(mv.into())))
            .ok_or(Rejection::NoSuchMove(n, moves.len())),
        // The session says whether there is such a capture.
        (Typed::Number(n), Ask::Capture { options, .. }) => n
            .checked_sub(1)
            .and_then(|i| u8::try_from(i).ok())
            .map(|i| Reply::Act(Action::Capture(i)))
            .ok_or(Rejection::NoSuchMove(n, options.len())),
        (Typed::Cards(cards), Ask::Move { hand, .. }) => Ok(play(&cards, hand, false)),
        (
            Typed::Cards(cards),
            Ask::Capture {
                card, hand, table, ..
            },
        ) => {
            let mut set = typed_cards(&cards);
            // The card being played may be typed first; at a table of 6 or 8 the table may
            // also hold its twin, which is then named a second time.
            let names_card = cards[0].card == card;
            if names_card {
                set.remove(card);
            }
            if !names_card && hand.contains(cards[0].card) && !table.contains(cards[0].card) {
                // Another card of the hand: play it instead.
                Ok(play(&cards, hand, true))
            } else if !set.is_subset(table) {
                // A card to play, not held (it is not on the table either).
                Err(Rejection::NotHeld((set - table).first().unwrap_or(card)))
            } else {
                // The cards to take with `card`: legal or not, the session says.
                Ok(Reply::Act(Action::Play(
                    TeamMove { card, capture: set }.into(),
                )))
            }
        }
    }
}

/// The cards typed, copies counted (the parser lets a card be typed at most twice).
fn typed_cards(cards: &[TypedCard]) -> CardMultiset {
    let mut set = CardMultiset::EMPTY;
    for c in cards {
        // A third copy is refused by the parser.
        let _ = set.insert(c.card);
    }
    set
}

/// Whether `text` (typed where only Enter is asked for) is the `quit` command.
pub fn is_quit(text: &str) -> bool {
    matches!(input::parse(text), Ok(Typed::Command(Command::Quit)))
}

/// Whether `text` (typed where only Enter is asked for) is the `hint` command.
pub fn is_hint(text: &str) -> bool {
    matches!(input::parse(text), Ok(Typed::Command(Command::Hint)))
}

fn command(cmd: Command, ask: Ask<'_>) -> Reply {
    match cmd {
        Command::Hint => Reply::Hint,
        Command::Why(n) => Reply::Why(n),
        Command::Show => Reply::Show,
        Command::Help => Reply::Help,
        Command::Undo => Reply::Undo,
        Command::Cancel => match ask {
            Ask::Move { .. } => Reply::Remind,
            Ask::Capture { .. } => Reply::Act(Action::Cancel),
        },
        Command::Save(file) => Reply::Save(file),
        Command::Quit => Reply::Quit,
    }
}

/// Cards typed to be played: the first is played, the others are what it takes.
fn play(cards: &[TypedCard], hand: CardMultiset, instead: bool) -> Reply {
    let first = cards[0];
    let action = if cards.len() == 1 {
        Action::Select(first.card)
    } else {
        Action::Play(
            TeamMove {
                card: first.card,
                capture: typed_cards(&cards[1..]),
            }
            .into(),
        )
    };
    // `9c` is 9♥ (coppe) in the notation, 9♣ (bastoni) to a reader of a French deck.
    let or = Card::new(Suit::Bastoni, first.card.value())
        .filter(|&other| first.c_letter && hand.contains(first.card) && hand.contains(other));
    Reply::Card {
        action,
        card: first.card,
        or,
        instead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn cards(s: &str) -> CardMultiset {
        s.parse().unwrap()
    }

    fn line(s: &str) -> BoundedLine {
        BoundedLine::Text(s.to_owned())
    }

    fn mv(c: &str, takes: &str) -> TeamMove {
        TeamMove {
            card: card(c),
            capture: if takes.is_empty() {
                CardMultiset::EMPTY
            } else {
                cards(takes)
            },
        }
    }

    /// A hand of 7d 9c 9b, the table 5d 2c 7c 4s; 7d can take 7c or 5d 2c.
    fn at_move(text: &str) -> Result<Reply, Rejection> {
        let moves = [
            mv("7d", "7c"),
            mv("7d", "5d 2c"),
            mv("9c", ""),
            mv("9b", ""),
        ];
        interpret(
            &line(text),
            Ask::Move {
                copies: 1,
                hand: cards("7d 9c 9b"),
                moves: &moves,
            },
        )
    }

    fn at_capture(text: &str) -> Result<Reply, Rejection> {
        interpret(
            &line(text),
            Ask::Capture {
                copies: 1,
                card: card("7d"),
                hand: cards("7d 9c 9b"),
                table: cards("5d 2c 7c 4s"),
                options: &[cards("7c"), cards("5d 2c")],
            },
        )
    }

    fn select(c: &str) -> Reply {
        Reply::Card {
            action: Action::Select(card(c)),
            card: card(c),
            or: None,
            instead: false,
        }
    }

    #[test]
    fn cards_in_every_spelling_play() {
        for typed in [
            "7d",
            "7♦",
            "7 denari",
            "7 di denari",
            "7 of coins",
            "7D",
            "  7d  ",
        ] {
            assert_eq!(at_move(typed), Ok(select("7d")), "{typed}");
        }
        let take = |action: Action| Reply::Card {
            action,
            card: card("7d"),
            or: None,
            instead: false,
        };
        for typed in [
            "7d 5d 2c",
            "7♦ takes 5♦, 2♥",
            "7 di denari prende 5 di denari 2 di coppe",
            "7d x 5d+2c",
            "7 of coins takes 5 of coins and 2 of cups",
        ] {
            let got = at_move(typed);
            if typed.contains(" and ") {
                // `and` is not a filler word.
                assert_eq!(got, Err(Rejection::NotACard("and".into())), "{typed}");
            } else {
                assert_eq!(
                    got,
                    Ok(take(Action::Play(mv("7d", "5d 2c").into()))),
                    "{typed}"
                );
            }
        }
        // A card not held, or an illegal capture: the session says so, not the prompt.
        assert_eq!(at_move("3s"), Ok(select("3s")));
        assert_eq!(
            at_move("7d 4s"),
            Ok(take(Action::Play(mv("7d", "4s").into())))
        );
    }

    #[test]
    fn the_letter_c_asks_which_card_only_when_both_are_held() {
        let nine = |c: &str, or: Option<&str>| Reply::Card {
            action: Action::Select(card(c)),
            card: card(c),
            or: or.map(card),
            instead: false,
        };
        assert_eq!(at_move("9c"), Ok(nine("9c", Some("9b"))));
        assert_eq!(at_move("9♥"), Ok(nine("9c", None)));
        assert_eq!(at_move("9 coppe"), Ok(nine("9c", None)));
        assert_eq!(at_move("9b"), Ok(nine("9b", None)));
        // 7c is not held: nothing to ask.
        assert_eq!(at_move("7c"), Ok(select("7c")));
    }

    #[test]
    fn numbers_and_enter_choose_from_the_list() {
        assert_eq!(
            at_move("1"),
            Ok(Reply::Act(Action::Play(mv("7d", "7c").into())))
        );
        assert_eq!(
            at_move("4"),
            Ok(Reply::Act(Action::Play(mv("9b", "").into())))
        );
        assert_eq!(at_move("5"), Err(Rejection::NoSuchMove(5, 4)));
        assert_eq!(at_move("0"), Err(Rejection::NoSuchMove(0, 4)));
        assert_eq!(
            at_move("99999999999999999999999"),
            Err(Rejection::NotACard("99999999999999999999999".into()))
        );
        // Enter: the only move, else the commands again.
        assert_eq!(at_move(""), Ok(Reply::Remind));
        let only = [mv("9b", "")];
        let ask = Ask::Move {
            copies: 1,
            hand: cards("9b"),
            moves: &only,
        };
        assert_eq!(
            interpret(&line(""), ask),
            Ok(Reply::Act(Action::Play(only[0].into())))
        );
        assert_eq!(
            interpret(&line("  "), ask),
            Ok(Reply::Act(Action::Play(only[0].into())))
        );
    }

    #[test]
    fn commands_in_both_languages() {
        for (typed, reply) in [
            ("hint", Reply::Hint),
            ("suggerimento", Reply::Hint),
            ("why", Reply::Why(None)),
            ("perché 2", Reply::Why(Some(2))),
            ("help", Reply::Help),
            ("?", Reply::Help),
            ("aiuto", Reply::Help),
            ("show", Reply::Show),
            ("undo", Reply::Undo),
            ("annulla", Reply::Undo),
            ("quit", Reply::Quit),
            ("Q", Reply::Quit),
            ("esci", Reply::Quit),
            ("save", Reply::Save(None)),
            ("save g.scopa", Reply::Save(Some("g.scopa".into()))),
            ("cancel", Reply::Remind),
        ] {
            assert_eq!(at_move(typed), Ok(reply), "{typed}");
        }
        assert_eq!(at_capture("cancel"), Ok(Reply::Act(Action::Cancel)));
        assert_eq!(at_capture("indietro"), Ok(Reply::Act(Action::Cancel)));
        assert_eq!(at_capture("hint"), Ok(Reply::Hint));
        assert_eq!(at_capture("quit"), Ok(Reply::Quit));
        assert!(is_hint("hint") && is_hint(" suggerimento ") && !is_hint("") && !is_hint("7d"));
    }

    #[test]
    fn nonsense_is_rejected_with_its_reason() {
        assert_eq!(at_move("zz"), Err(Rejection::NotACard("zz".into())));
        assert_eq!(at_move("11d"), Err(Rejection::NotACard("11d".into())));
        assert_eq!(at_move("takes"), Err(Rejection::NotACard("takes".into())));
        assert_eq!(at_move("save a b"), Err(Rejection::NotACard("save".into())));
        assert_eq!(at_move("7d 7♦"), Err(Rejection::Twice(card("7d"))));
        assert_eq!(
            at_capture("\u{0}"),
            Err(Rejection::NotACard("\u{0}".into()))
        );
        let moves = [mv("9b", "")];
        let ask = Ask::Move {
            copies: 1,
            hand: cards("9b"),
            moves: &moves,
        };
        assert_eq!(
            interpret(&BoundedLine::TooLong { len: 5000 }, ask),
            Err(Rejection::TooLong(5000))
        );
        assert_eq!(
            interpret(&BoundedLine::NotUtf8, ask),
            Err(Rejection::NotText)
        );
        assert_eq!(text(&BoundedLine::NotUtf8), Err(Rejection::NotText));
        assert_eq!(text(&line("y")), Ok("y"));
    }

    #[test]
    fn the_capture_prompt_takes_numbers_cards_or_another_card() {
        assert_eq!(at_capture("2"), Ok(Reply::Act(Action::Capture(1))));
        // Past the list: the session says there is no such choice.
        assert_eq!(at_capture("9"), Ok(Reply::Act(Action::Capture(8))));
        assert_eq!(at_capture("0"), Err(Rejection::NoSuchMove(0, 2)));
        assert_eq!(at_capture("300"), Err(Rejection::NoSuchMove(300, 2)));
        assert_eq!(at_capture(""), Ok(Reply::Remind));
        // The cards to take, with or without the card.
        let take = |t: &str| Ok(Reply::Act(Action::Play(mv("7d", t).into())));
        assert_eq!(at_capture("5d 2c"), take("5d 2c"));
        assert_eq!(at_capture("7d 5d 2c"), take("5d 2c"));
        assert_eq!(at_capture("7c"), take("7c"));
        // Not an option: the session refuses it.
        assert_eq!(at_capture("4s"), take("4s"));
        assert_eq!(at_capture("7d"), take(""));
        // Another card of the hand, played instead.
        assert_eq!(
            at_capture("9b"),
            Ok(Reply::Card {
                action: Action::Select(card("9b")),
                card: card("9b"),
                or: None,
                instead: true,
            })
        );
        // A card neither held nor on the table.
        assert_eq!(at_capture("1b 2b"), Err(Rejection::NotHeld(card("1b"))));
        assert_eq!(at_capture("5d 3b"), Err(Rejection::NotHeld(card("3b"))));
    }
}
