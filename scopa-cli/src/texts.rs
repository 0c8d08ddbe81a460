//! Texts only the terminal shows: the lineup, the notation and the commands, the prompts,
//! the position as lines, the mistakes a typed line can make, saving, quitting and Ctrl-C.
//! The texts every front-end shows (cards, moves, events, phases, errors, labels) are
//! scopa-core's ([`Texts`]); [`TermTexts`] wraps them and adds these, in the same two
//! languages, allocation-free like the core's (each returns `impl Display`). Paths and
//! commands are given as text (`&str`): the terminal knows how to write them.

use std::fmt::{self, Display, Formatter};
use std::ops::Deref;

use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::teams::TeamMove;
use scopa_core::session::{CardStyle, Game, Label, Lang, MAX_SIDES, Player, Settings, Texts};
use scopa_core::{Card, Suit};
use scopa_frame::{Frame, Table};

/// A value that writes itself through a closure.
struct Text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

fn text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(f: F) -> Text<F> {
    Text(f)
}

/// The English or the Italian text.
pub(crate) const fn pick(lang: Lang, en: &'static str, it: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::It => it,
    }
}

/// The session's [`Texts`] with the terminal's own: every method of [`Texts`] (through
/// `Deref`) and those below.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TermTexts(pub Texts);

impl Deref for TermTexts {
    type Target = Texts;
    fn deref(&self) -> &Texts {
        &self.0
    }
}

impl TermTexts {
    /// Who plays each seat: `At the table: You; Player 2, computer (Expert).`, and for
    /// 4 players who partners whom.
    pub fn lineup<'a>(&'a self, settings: &'a Settings) -> impl Display + 'a {
        text(move |f| {
            f.write_str(pick(self.lang, "At the table: ", "Al tavolo: "))?;
            for (seat, c) in settings.seats().iter().enumerate() {
                let seat = seat as u8;
                if seat > 0 {
                    f.write_str("; ")?;
                }
                write!(f, "{}", self.seat(seat))?;
                match c {
                    Player::Ai(level) => write!(
                        f,
                        ", {} ({})",
                        pick(self.lang, "computer", "computer"),
                        self.level(*level)
                    )?,
                    Player::Human if self.you == Some(seat) => {}
                    Player::Human => write!(f, ", {}", pick(self.lang, "person", "persona"))?,
                }
            }
            f.write_str(".")?;
            let players = settings.players();
            if players >= 4 {
                // Partners sit opposite: seat s with seat s + players/2.
                let sides = players / 2;
                f.write_str(pick(
                    self.lang,
                    " Partners sit opposite:",
                    " I compagni siedono di fronte:",
                ))?;
                for side in 0..sides {
                    let sep = match side {
                        0 => "",
                        _ if sides == 2 => pick(self.lang, " against", " contro"),
                        _ => ";",
                    };
                    write!(
                        f,
                        "{sep} {} {} {}",
                        self.seat(side),
                        pick(self.lang, "and", "e"),
                        self.seat(side + sides)
                    )?;
                }
                f.write_str(".")?;
                if let Some(you) = self.you.filter(|&y| y < players) {
                    let partner = (you + sides) % players;
                    write!(
                        f,
                        " {} {}.",
                        pick(self.lang, "Your partner is", "Il tuo compagno è"),
                        self.seat(partner)
                    )?;
                }
            }
            Ok(())
        })
    }

    /// How cards are written and typed, in one paragraph.
    pub fn notation(&self) -> &'static str {
        pick(
            self.lang,
            "Cards: a value 1-10 (8 Jack, 9 Knight, 10 King) and a suit: d denari ♦, c coppe ♥, s spade ♠, b bastoni ♣. 7d, 7♦ and 7 denari are all the 7 of denari.",
            "Carte: un valore 1-10 (8 Fante, 9 Cavallo, 10 Re) e un seme: d denari ♦, c coppe ♥, s spade ♠, b bastoni ♣. 7d, 7♦ e 7 denari sono tutti il 7 di denari.",
        )
    }

    /// What can be typed in `game`, in one line (the commands in the texts' language;
    /// both languages' words work).
    pub fn commands(&self, game: Game) -> &'static str {
        match (game, self.lang) {
            (Game::Scopa, Lang::En) => {
                "Type a card (7d), a card and what it takes (7d 5d 2c) or a move's number; also hint, why, show, help, save, quit (and undo, in a match started with --undo)."
            }
            (Game::Scopa, Lang::It) => {
                "Scrivi una carta (7d), una carta e cosa prende (7d 5d 2c) o il numero di una mossa; e anche suggerimento, perché, mostra, aiuto, salva, esci (e annulla, in una partita iniziata con --undo)."
            }
            (Game::Briscola(_), Lang::En) => {
                "Type a card (7d) or its number in the list; also hint, why, show, help, save, quit (and undo, in a match started with --undo)."
            }
            (Game::Briscola(_), Lang::It) => {
                "Scrivi una carta (7d) o il suo numero nell'elenco; e anche suggerimento, perché, mostra, aiuto, salva, esci (e annulla, in una partita iniziata con --undo)."
            }
        }
    }

    /// The note that Enter plays the only card (Briscola): `Enter plays 3c`.
    pub fn enter_plays_card(&self, card: Card) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} {}",
                pick(self.lang, "Enter plays", "Invio gioca"),
                self.card(card)
            )
        })
    }

    /// Every command of the prompt of `game`, one per line: Scopa's speak of captures,
    /// Briscola's of cards played to the trick.
    pub fn help(&self, game: Game) -> &'static str {
        match (game, self.lang) {
            (Game::Scopa, Lang::En) => {
                "7d             play the 7 of denari (if it can take in several ways you choose)\n\
                 7d 5d 2c       play 7d and take 5d and 2c ('takes', 'x', '+' and commas are ignored)\n\
                 7 denari       the same card in words; 7♦ and K♣ work too; h is coppe (hearts)\n\
                 3              play move 3 of the list\n\
                 Enter          play the only move, when there is only one\n\
                 hint           the expert's move, and why\n\
                 why [N]        why the computer played its last play (or play N of the hand)\n\
                 show           show the table again\n\
                 undo           take back your last play (a match started with --undo)\n\
                 save [FILE]    save the match (to FILE) and stop\n\
                 quit           stop"
            }
            (Game::Scopa, Lang::It) => {
                "7d             gioca il 7 di denari (se può prendere in più modi scegli tu)\n\
                 7d 5d 2c       gioca 7d e prendi 5d e 2c ('prende', 'x', '+' e virgole si ignorano)\n\
                 7 denari       la stessa carta a parole; anche 7♦ e K♣; h è coppe (cuori)\n\
                 3              gioca la mossa 3 dell'elenco\n\
                 Invio          gioca l'unica mossa, quando ce n'è una sola\n\
                 suggerimento   la mossa dell'esperto, e perché (anche hint)\n\
                 perché [N]     perché il computer ha fatto la sua ultima giocata (o la N) (anche why)\n\
                 mostra         mostra di nuovo il tavolo (anche show)\n\
                 annulla        annulla la tua ultima giocata (partita iniziata con --undo)\n\
                 salva [FILE]   salva la partita (in FILE) ed esci (anche save)\n\
                 esci           esci (anche quit)"
            }
            (Game::Briscola(_), Lang::En) => {
                "7d             play the 7 of denari to the trick\n\
                 7 denari       the same card in words; 7♦ and K♣ work too; h is coppe (hearts)\n\
                 3              play card 3 of the list\n\
                 Enter          play the only card, when there is only one\n\
                 hint           the expert's card, and why\n\
                 why [N]        why the computer played its last card (or play N of the hand)\n\
                 show           show the table again\n\
                 undo           undo your last card (a match started with --undo)\n\
                 save [FILE]    save the match (to FILE) and stop\n\
                 quit           stop"
            }
            (Game::Briscola(_), Lang::It) => {
                "7d             gioca il 7 di denari nella mano in corso\n\
                 7 denari       la stessa carta a parole; anche 7♦ e K♣; h è coppe (cuori)\n\
                 3              gioca la carta 3 dell'elenco\n\
                 Invio          gioca l'unica carta, quando ce n'è una sola\n\
                 suggerimento   la carta dell'esperto, e perché (anche hint)\n\
                 perché [N]     perché il computer ha giocato la sua ultima carta (o la N) (anche why)\n\
                 mostra         mostra di nuovo il tavolo (anche show)\n\
                 annulla        annulla la tua ultima carta (partita iniziata con --undo)\n\
                 salva [FILE]   salva la partita (in FILE) ed esci (anche save)\n\
                 esci           esci (anche quit)"
            }
        }
    }

    /// The prompt for a person to play: `Your move` / `Player 2, your move`.
    pub fn move_prompt(&self, seat: u8) -> impl Display + '_ {
        text(move |f| {
            if self.you == Some(seat) {
                f.write_str(pick(self.lang, "Your move", "La tua mossa"))
            } else {
                write!(
                    f,
                    "{}, {}",
                    self.seat(seat),
                    pick(self.lang, "your move", "la tua mossa")
                )
            }
        })
    }

    /// The prompt while choosing a capture.
    pub fn capture_prompt(&self) -> &'static str {
        pick(
            self.lang,
            "Which capture? (its number or its cards; cancel to choose another card)",
            "Quale presa? (il numero o le carte; indietro per scegliere un'altra carta)",
        )
    }

    /// The note that Enter plays the only legal move: `Enter plays 7d takes 7c`.
    pub fn enter_plays(&self, mv: TeamMove) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} {}",
                pick(self.lang, "Enter plays", "Invio gioca"),
                self.play(mv)
            )
        })
    }

    /// The texts of a frame written out elsewhere (`scopa online`: the server's, for its
    /// seat): its language, its viewer called "You", its table's seats, cards in letters.
    pub fn of_frame(frame: &Frame) -> TermTexts {
        TermTexts(Texts {
            you: frame.viewer,
            players: u8::try_from(frame.seats.len()).unwrap_or(u8::MAX),
            ..Texts::new(frame.lang)
        })
    }

    /// One line of the position: `Hand 2 · Dealer: Player 2 · Deck: 24 · Score: You 3 ·
    /// Player 2 5 · 11 to win` (Briscola: no deck).
    pub fn status<'a>(&'a self, frame: &'a Frame) -> impl Display + 'a {
        text(move |f| {
            write!(
                f,
                "{} {} · {}: {}",
                self.label(Label::Hand),
                u32::from(frame.hand_number) + 1,
                self.label(Label::Dealer),
                self.seat(frame.dealer),
            )?;
            if let Table::Scopa { deck_left, .. } = frame.table {
                write!(f, " · {}: {deck_left}", self.label(Label::Deck))?;
            }
            write!(
                f,
                " · {}: {} · {}",
                self.label(Label::Score),
                self.scores(scores(frame)),
                self.target_text(is_briscola(frame), frame.target)
            )
        })
    }

    /// What a side has captured this hand: `You: 8 cards, 3 denari, settebello, 1 scopa`.
    pub fn pile(&self, side: u8, pile: CardMultiset, scope: u8) -> impl Display + '_ {
        text(move |f| {
            let n = pile.len();
            let coins = pile.count_suit(Suit::Denari);
            write!(
                f,
                "{}: {n} {}, {coins} {}",
                self.side(side),
                match (self.lang, n == 1) {
                    (Lang::En, true) => "card",
                    (Lang::En, false) => "cards",
                    (Lang::It, true) => "carta",
                    (Lang::It, false) => "carte",
                },
                if coins == 1 { "denaro" } else { "denari" }
            )?;
            if pile.contains(Card::SETTEBELLO) {
                f.write_str(", settebello")?;
            }
            if scope > 0 {
                write!(
                    f,
                    ", {scope} {}",
                    if scope == 1 { "scopa" } else { "scope" }
                )?;
            }
            Ok(())
        })
    }

    /// Every side's captures this hand of Scopa: `Captured: You: 8 cards, … · Player 2: 4
    /// cards, …`.
    pub fn captured<'a>(&'a self, frame: &'a Frame) -> impl Display + 'a {
        text(move |f| {
            write!(f, "{}: ", self.label(Label::Captured))?;
            let Table::Scopa { piles, .. } = &frame.table else {
                return Ok(());
            };
            for (side, pile) in piles.iter().enumerate() {
                if side > 0 {
                    f.write_str(" · ")?;
                }
                let cards = multiset(pile.cards.iter().copied());
                write!(f, "{}", self.pile(side as u8, cards, pile.scope))?;
            }
            Ok(())
        })
    }

    /// The cards in every hand but the viewer's: `Cards in hand — Player 2: 3 · Player 3:
    /// 3`.
    pub fn hand_sizes<'a>(&'a self, frame: &'a Frame) -> impl Display + 'a {
        text(move |f| {
            write!(f, "{} —", self.label(Label::CardsInHand))?;
            let others = frame.seats.iter().filter(|s| Some(s.seat) != frame.viewer);
            for (i, seat) in others.enumerate() {
                if i > 0 {
                    f.write_str(" ·")?;
                }
                write!(f, " {}: {}", self.seat(seat.seat), seat.cards)?;
            }
            Ok(())
        })
    }

    /// The label of the viewer's hand: `Your hand`, or `Hand of Player 2` when nobody is
    /// called "You".
    pub fn hand_of(&self, seat: u8) -> impl Display + '_ {
        text(move |f| {
            if self.you == Some(seat) {
                f.write_str(self.label(Label::YourHand))
            } else {
                write!(
                    f,
                    "{} {}",
                    pick(self.lang, "Hand of", "Mano di"),
                    self.seat(seat)
                )
            }
        })
    }

    /// Who leads the hand: `Player 2 leads.` / `You lead.`
    pub fn leads(&self, seat: u8) -> impl Display + '_ {
        text(move |f| match (self.lang, self.you == Some(seat)) {
            (Lang::En, true) => f.write_str("You lead."),
            (Lang::En, false) => write!(f, "{} leads.", self.seat(seat)),
            (Lang::It, true) => f.write_str("Inizi tu."),
            (Lang::It, false) => write!(f, "Inizia {}.", self.seat(seat)),
        })
    }

    /// The match score and the target: `Match score: You 5 · Player 2 3 (11 to win)`, in
    /// Briscola `(2 hands to win)`.
    pub fn match_score<'a>(&'a self, frame: &'a Frame) -> impl Display + 'a {
        text(move |f| {
            write!(
                f,
                "{}: {} ({})",
                self.label(Label::MatchScore),
                self.scores(scores(frame)),
                self.target_text(is_briscola(frame), frame.target)
            )
        })
    }

    /// What wins the match: `11 to win` (points), in Briscola (`briscola`) `2 hands to
    /// win` / `1 hand to win`.
    pub fn target_text(&self, briscola: bool, target: u8) -> impl Display + '_ {
        text(move |f| match (briscola, self.lang) {
            (false, Lang::En) => write!(f, "{target} to win"),
            (false, Lang::It) => write!(f, "{target} per vincere"),
            (true, Lang::En) => write!(
                f,
                "{target} hand{} to win",
                if target == 1 { "" } else { "s" }
            ),
            (true, Lang::It) => write!(
                f,
                "{target} man{} per vincere",
                if target == 1 { "o" } else { "i" }
            ),
        })
    }

    /// A card with its notation and suit spelled out, so it cannot be misread:
    /// `10♣ (10b: bastoni)`, `10b (10 of bastoni)`, `King of bastoni (10b)`.
    pub fn card_explained(&self, card: Card) -> impl Display + '_ {
        text(move |f| match self.style {
            CardStyle::Symbols => write!(f, "{} ({card}: {})", self.card(card), card.suit().name()),
            CardStyle::Letters => write!(
                f,
                "{card} ({} {} {})",
                card.value(),
                pick(self.lang, "of", "di"),
                card.suit().name()
            ),
            CardStyle::Names => write!(f, "{} ({card})", self.card(card)),
        })
    }

    /// The question asked when a typed card could be read two ways (the letter `c` is
    /// coppe, ♥, but a French deck calls ♣ clubs): `9c is 9♥ (coppe); 9♣ is 9b (bastoni).
    /// Play 9♥? (y/n)`.
    pub fn confirm_card(&self, card: Card, other: Card) -> impl Display + '_ {
        text(move |f| {
            let is = pick(self.lang, "is", "è");
            write!(
                f,
                "{card} {is} {} ({}); {} {is} {other} ({}). {} {}? ({})",
                self.card(card),
                card.suit().name(),
                self.card(other),
                other.suit().name(),
                pick(self.lang, "Play", "Giocare"),
                self.card(card),
                self.yes_no()
            )
        })
    }

    /// The answers of a yes/no question: `y/n` / `s/n`.
    pub fn yes_no(&self) -> &'static str {
        pick(self.lang, "y/n", "s/n")
    }

    /// Whether a typed answer means yes (`y`, `yes`, `s`, `si`, `sì`, any case).
    pub fn is_yes(answer: &str) -> bool {
        let a = answer.trim();
        ["y", "yes", "s", "si", "sì"]
            .iter()
            .any(|y| a.eq_ignore_ascii_case(y) || a == "Sì")
    }

    /// A typed word that is neither a card nor a command.
    pub fn not_a_card<'a>(&'a self, word: &'a str) -> impl Display + 'a {
        text(move |f| {
            let shown: &str = match word.char_indices().nth(20) {
                Some((i, _)) => &word[..i],
                None => word,
            };
            match self.lang {
                Lang::En => write!(
                    f,
                    "'{shown}' is not a card or a command: type a value 1-10 and a suit (7d, 7♦, 7 denari), or help."
                ),
                Lang::It => write!(
                    f,
                    "'{shown}' non è una carta né un comando: scrivi un valore 1-10 e un seme (7d, 7♦, 7 denari), o help."
                ),
            }
        })
    }

    /// A card the person does not hold: `You do not hold 9♥ (9c: coppe). Your hand: …`.
    pub fn not_held(&self, card: Card, hand: CardMultiset) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} {}. {}: {}.",
                pick(self.lang, "You do not hold", "Non hai in mano"),
                self.card_explained(card),
                self.label(Label::YourHand),
                self.cards(hand)
            )
        })
    }

    /// A move number out of range: `There is no move 9: choose 1 to 3.`
    pub fn no_such_move(&self, number: usize, moves: usize) -> impl Display + '_ {
        text(move |f| match self.lang {
            Lang::En => write!(f, "There is no move {number}: choose 1 to {moves}."),
            Lang::It => write!(f, "Non c'è la mossa {number}: scegli da 1 a {moves}."),
        })
    }

    /// A card typed twice in one move.
    pub fn card_twice(&self, card: Card) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} {}",
                self.card(card),
                pick(self.lang, "is named twice.", "è scritta due volte.")
            )
        })
    }

    /// What a card can play, after a refused capture: `With 7d you can play: 7d takes 7c |
    /// 7d takes 5d 2c.`
    pub fn can_play_with<'a>(&'a self, card: Card, moves: &'a [TeamMove]) -> impl Display + 'a {
        text(move |f| {
            write!(
                f,
                "{} {} {}: ",
                pick(self.lang, "With", "Con"),
                self.card(card),
                pick(self.lang, "you can play", "puoi giocare")
            )?;
            for (i, mv) in moves.iter().enumerate() {
                if i > 0 {
                    f.write_str(" | ")?;
                }
                write!(f, "{}", self.play(*mv))?;
            }
            f.write_str(".")
        })
    }

    /// A typed line too long to be a move.
    pub fn line_too_long(&self, bytes: usize) -> impl Display + '_ {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "That line is {bytes} bytes long; type a move such as 7d."
            ),
            Lang::It => write!(
                f,
                "Quella riga è lunga {bytes} byte; scrivi una mossa come 7d."
            ),
        })
    }

    /// A typed line that is not text (not UTF-8).
    pub fn not_text(&self) -> &'static str {
        pick(
            self.lang,
            "That line is not readable text.",
            "Quella riga non è testo leggibile.",
        )
    }

    /// Saving after every play: `Saving to game.scopa after every play.`
    pub fn saving_to<'a>(&'a self, path: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(f, "Saving to {path} after every play."),
            Lang::It => write!(f, "Salvataggio in {path} dopo ogni giocata."),
        })
    }

    /// Where the match is saved and the command that continues it.
    pub fn saved_in<'a>(&'a self, path: &'a str, command: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "The match is saved in {path}; continue it with: {command}"
            ),
            Lang::It => write!(
                f,
                "La partita è salvata in {path}; per continuarla: {command}"
            ),
        })
    }

    /// A save that failed during the match (said once, until saving works again).
    pub fn save_failing<'a>(&'a self, path: &'a str, error: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "NOT SAVED: {error}. {path} still holds the match as it was at the last good save; nothing played since then is saved. Saving is tried again after every play."
            ),
            Lang::It => write!(
                f,
                "NON SALVATA: {error}. {path} contiene la partita com'era all'ultimo salvataggio riuscito; nulla di quanto giocato dopo è salvato. Si riprova a salvare dopo ogni giocata."
            ),
        })
    }

    /// Saving works again after a failure.
    pub fn saved_again<'a>(&'a self, path: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(f, "Saved again: {path} is up to date."),
            Lang::It => write!(f, "Salvata di nuovo: {path} è aggiornato."),
        })
    }

    /// Where the match stands when the last save failed, and the command that continues
    /// the last good save.
    pub fn saved_before_failure<'a>(
        &'a self,
        path: &'a str,
        command: &'a str,
    ) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "The match is not saved since the last save failed: {path} holds it as it was at the last good save; continue that with: {command}"
            ),
            Lang::It => write!(
                f,
                "La partita non è salvata dall'ultimo salvataggio fallito: {path} la contiene com'era all'ultimo salvataggio riuscito; per continuarla da lì: {command}"
            ),
        })
    }

    /// The match is not saved.
    pub fn not_saved(&self) -> &'static str {
        pick(
            self.lang,
            "The match was not saved (to keep a match, start it with --save FILE, or type save FILE).",
            "La partita non è stata salvata (per tenerla, iniziala con --save FILE, o scrivi save FILE).",
        )
    }

    /// A file that `save FILE` will not replace.
    pub fn file_exists<'a>(&'a self, path: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(f, "{path} already exists: choose another name."),
            Lang::It => write!(f, "{path} esiste già: scegli un altro nome."),
        })
    }

    /// A save that could not be written (`error`: the system's words).
    pub fn save_failed<'a>(&'a self, path: &'a str, error: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(f, "Could not save to {path}: {error}"),
            Lang::It => write!(f, "Impossibile salvare in {path}: {error}"),
        })
    }

    /// `save` typed with no file to save to.
    pub fn save_where(&self) -> &'static str {
        pick(
            self.lang,
            "Type save FILE to save the match in FILE and stop.",
            "Scrivi save FILE per salvare la partita in FILE e uscire.",
        )
    }

    /// The question before quitting a match that is not saved.
    pub fn quit_unsaved(&self) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} ({})",
                pick(
                    self.lang,
                    "The match is not saved and will be lost. Quit anyway?",
                    "La partita non è salvata e andrà persa. Uscire comunque?"
                ),
                self.yes_no()
            )
        })
    }

    /// Why the game stops: the person quit, the input ended, or Ctrl-C.
    pub fn stopped(&self, how: Stop) -> &'static str {
        match how {
            Stop::Quit => pick(self.lang, "Goodbye.", "Arrivederci."),
            Stop::InputEnded => pick(self.lang, "Input ended.", "Input finito."),
            Stop::Interrupted => pick(self.lang, "Interrupted.", "Interrotto."),
        }
    }

    /// A match resumed from a file.
    pub fn resumed<'a>(&'a self, path: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(f, "Resumed from {path}."),
            Lang::It => write!(f, "Ripresa da {path}."),
        })
    }

    /// A save of an older format, migrated.
    pub fn migrated<'a>(&'a self, path: &'a str) -> impl Display + 'a {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "{path} was saved by an older version; it is saved in the current format from now on."
            ),
            Lang::It => write!(
                f,
                "{path} è stato salvato da una versione precedente; da ora è salvato nel formato attuale."
            ),
        })
    }

    /// After an undo.
    pub fn undone(&self) -> &'static str {
        pick(
            self.lang,
            "Your last play, and the plays after it, were taken back.",
            "La tua ultima giocata, e quelle dopo, sono state annullate.",
        )
    }

    /// The question at the end of a match.
    pub fn rematch_prompt(&self) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} ({})",
                pick(self.lang, "Play a rematch?", "Giochiamo la rivincita?"),
                self.yes_no()
            )
        })
    }

    /// `why` with no computer play in the hand yet.
    pub fn no_ai_play(&self) -> &'static str {
        pick(
            self.lang,
            "The computer has not played in this hand yet.",
            "Il computer non ha ancora giocato in questa mano.",
        )
    }

    /// `hint` typed at the hand-off prompt: the hint is for the next person, once they
    /// hold the device.
    pub fn hint_after_handoff(&self, seat: u8) -> impl Display + '_ {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "The hint is for {} once they hold the device: press Enter first, then type hint at their move.",
                self.seat(seat)
            ),
            Lang::It => write!(
                f,
                "Il suggerimento è per {} quando avrà il dispositivo: prima premi Invio, poi scrivi hint alla sua mossa.",
                self.seat(seat)
            ),
        })
    }

    /// The last play of a resumed match (`play`: its event's text).
    pub fn last_play<'a>(&'a self, play: &'a str) -> impl Display + 'a {
        text(move |f| {
            write!(
                f,
                "{} {play}",
                pick(self.lang, "Last play:", "Ultima giocata:")
            )
        })
    }

    /// The draws after a Briscola trick, in one line: `Each player draws a card (stock:
    /// 54).`, or who drew the face-up briscola, the last card of the stock.
    pub fn draws(&self, briscola_to: Option<u8>, stock: u8) -> impl Display + '_ {
        text(move |f| match (briscola_to, self.lang) {
            (None, Lang::En) => write!(f, "Each player draws a card (stock: {stock})."),
            (None, Lang::It) => write!(f, "Ognuno pesca una carta (tallone: {stock})."),
            (Some(seat), Lang::En) => write!(
                f,
                "Each player draws a card; the last, the briscola, goes to {}.",
                self.seat(seat)
            ),
            (Some(seat), Lang::It) => write!(
                f,
                "Ognuno pesca una carta; l'ultima, la briscola, va a {}.",
                self.seat(seat)
            ),
        })
    }

    /// Watch mode: nobody types.
    pub fn watching(&self) -> &'static str {
        pick(
            self.lang,
            "The computer plays every seat; Ctrl-C stops.",
            "Il computer gioca a tutti i posti; Ctrl-C interrompe.",
        )
    }
}

/// Whether a frame is Briscola's.
pub(crate) fn is_briscola(frame: &Frame) -> bool {
    matches!(frame.table, Table::Briscola { .. })
}

/// Each side's match score in a frame.
pub(crate) fn scores(frame: &Frame) -> [u16; MAX_SIDES] {
    let mut scores = [0; MAX_SIDES];
    for (s, side) in scores.iter_mut().zip(&frame.sides) {
        *s = side.score;
    }
    scores
}

/// Cards of a written-out frame as the core's multiset (a third copy, which no table of
/// two decks holds, is left out).
pub(crate) fn multiset(cards: impl IntoIterator<Item = Card>) -> CardMultiset {
    let mut set = CardMultiset::default();
    for card in cards {
        let _ = set.insert(card);
    }
    set
}

/// A labelled list on one line: `Trick: Player 2 7d, Player 3 1c`, `Trick: —` for none.
pub fn listed(label: &str, items: &[String]) -> String {
    if items.is_empty() {
        format!("{label}: —")
    } else {
        format!("{label}: {}", items.join(", "))
    }
}

/// Why a text front-end stops before the match ends (for [`TermTexts::stopped`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The person quit.
    Quit,
    /// The input ended (a pipe or a script ran out).
    InputEnded,
    /// Ctrl-C or a termination signal.
    Interrupted,
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::ai::Level;
    use scopa_core::session::Session;
    use scopa_core::session::driver::Presenter;
    use scopa_core::session::pacing::Pacing;

    #[test]
    fn the_lineup_names_every_seat() {
        let s = Settings::against(Level::Expert, Default::default());
        let t = TermTexts(Texts {
            you: Some(0),
            ..Texts::new(Lang::En)
        });
        assert_eq!(
            t.lineup(&s).to_string(),
            "At the table: You; Player 2, computer (Expert)."
        );
        let t = TermTexts(Texts::new(Lang::En).with_style(CardStyle::Symbols));
        assert_eq!(
            t.card_explained("10b".parse().unwrap()).to_string(),
            "10♣ (10b: bastoni)"
        );
    }

    /// Issue 37 items 13, 14 and 18: partners named at every table of partners, each
    /// game's own help, the commands in the language of the screen, the position's
    /// counts readable.
    #[test]
    fn each_game_and_table_has_its_own_words() {
        use scopa_core::briscola::BriscolaRules;
        use scopa_core::scopa::Rules;
        let briscola = Game::Briscola(BriscolaRules::default());
        for lang in Lang::ALL {
            let t = TermTexts(Texts::new(lang));
            for word in ["take", "prend", "captur", "cattur"] {
                assert!(!t.help(briscola).contains(word), "{lang:?}: {word}");
                assert!(!t.commands(briscola).contains(word), "{lang:?}: {word}");
            }
            assert!(t.help(Game::Scopa).contains("7d 5d 2c"));
        }
        let it = TermTexts(Texts::new(Lang::It));
        for english in ["hint", "show", "help", "save", "quit"] {
            assert!(
                !it.commands(Game::Scopa).contains(&format!(" {english},"))
                    && !it.commands(Game::Scopa).contains(&format!(" {english} ")),
                "{english}"
            );
        }
        for (players, want) in [
            (
                4,
                "Partners sit opposite: You and Player 3 against Player 2 and Player 4. Your partner is Player 3.",
            ),
            (
                6,
                "Partners sit opposite: You and Player 4; Player 2 and Player 5; Player 3 and Player 6. Your partner is Player 4.",
            ),
            (
                8,
                "Partners sit opposite: You and Player 5; Player 2 and Player 6; Player 3 and Player 7; Player 4 and Player 8. Your partner is Player 5.",
            ),
        ] {
            let s = Settings::against(Level::Expert, Rules::default().with_players(players));
            let t = TermTexts(Texts {
                you: Some(0),
                players,
                ..Texts::new(Lang::En)
            });
            let line = t.lineup(&s).to_string();
            assert!(line.ends_with(want), "{line}");
        }
        let t = TermTexts(Texts {
            players: 3,
            ..Texts::new(Lang::En)
        });
        let mut p = Presenter::new(
            Session::new(
                Settings::against(Level::Expert, Rules::default().with_players(3)),
                1,
            )
            .unwrap(),
            Pacing::APPS,
        );
        let mut frame = Frame::new(&p.frame(), p.session(), p.recap());
        frame.viewer = Some(0);
        frame.seats[1].cards = 3;
        frame.seats[2].cards = 2;
        assert_eq!(
            t.hand_sizes(&frame).to_string(),
            "Cards in hand — Player 2: 3 · Player 3: 2"
        );
        let one: CardMultiset = "1d 5c".parse().unwrap();
        assert_eq!(t.pile(1, one, 0).to_string(), "Player 2: 2 cards, 1 denaro");
        assert_eq!(
            t.target_text(true, 1).to_string(),
            "1 hand to win",
            "not \"1 hands\""
        );
        assert_eq!(
            t.draws(None, 54).to_string(),
            "Each player draws a card (stock: 54)."
        );
    }

    #[test]
    fn typing_texts_explain_cards_both_ways_in_both_languages() {
        let nine_c: Card = "9c".parse().unwrap();
        let nine_b: Card = "9b".parse().unwrap();
        let hand: CardMultiset = "9b 4d".parse().unwrap();
        let en = TermTexts(Texts::new(Lang::En).with_style(CardStyle::Symbols));
        let it = TermTexts(Texts::new(Lang::It).with_style(CardStyle::Symbols));
        assert_eq!(
            en.not_held(nine_c, hand).to_string(),
            "You do not hold 9♥ (9c: coppe). Your hand: 4♦ 9♣."
        );
        assert_eq!(
            it.not_held(nine_c, hand).to_string(),
            "Non hai in mano 9♥ (9c: coppe). La tua mano: 4♦ 9♣."
        );
        assert_eq!(
            en.confirm_card(nine_c, nine_b).to_string(),
            "9c is 9♥ (coppe); 9♣ is 9b (bastoni). Play 9♥? (y/n)"
        );
        assert_eq!(
            it.confirm_card(nine_c, nine_b).to_string(),
            "9c è 9♥ (coppe); 9♣ è 9b (bastoni). Giocare 9♥? (s/n)"
        );
        assert_eq!(
            TermTexts(Texts::new(Lang::En).with_style(CardStyle::Names))
                .card_explained(nine_b)
                .to_string(),
            "Knight of bastoni (9b)"
        );
        for yes in ["y", "Yes", "s", "sì", "SI"] {
            assert!(TermTexts::is_yes(yes), "{yes}");
        }
        for no in ["", "n", "no", "yes please"] {
            assert!(!TermTexts::is_yes(no), "{no}");
        }
        // Every text of the terminal differs between the languages.
        let briscola = Game::Briscola(Default::default());
        for (e, i) in [
            (en.help(Game::Scopa), it.help(Game::Scopa)),
            (en.commands(Game::Scopa), it.commands(Game::Scopa)),
            (en.help(briscola), it.help(briscola)),
            (en.commands(briscola), it.commands(briscola)),
            (en.notation(), it.notation()),
            (en.capture_prompt(), it.capture_prompt()),
            (en.not_saved(), it.not_saved()),
            (en.undone(), it.undone()),
            (en.stopped(Stop::Interrupted), it.stopped(Stop::Interrupted)),
        ] {
            assert_ne!(e, i);
        }
        assert_ne!(
            en.hint_after_handoff(1).to_string(),
            it.hint_after_handoff(1).to_string()
        );
        assert_ne!(en.last_play("x").to_string(), it.last_play("x").to_string());
    }
}
