//! Every word a player reads, in English and Italian: card names, events, phases, hints,
//! errors, the hand summary and the labels of the settings and buttons. `no_std` and
//! allocation-free: `&'static str` tables, and values that implement [`fmt::Display`] so a
//! front-end writes them into whatever it has (a `String`, a `heapless::String`, a screen).
//!
//! ```
//! use scopa_core::session::{Lang, Texts, CardStyle};
//! use scopa_core::Card;
//! let it = Texts::new(Lang::It).with_style(CardStyle::Names);
//! assert_eq!(it.card(Card::SETTEBELLO).to_string(), "7 di denari");
//! let en = Texts::new(Lang::En).with_style(CardStyle::Symbols);
//! assert_eq!(en.card("10b".parse().unwrap()).to_string(), "10♣");
//! assert_eq!(Lang::from_tag("it_IT.UTF-8"), Lang::It);
//! ```

use core::fmt::{self, Display, Formatter, Write};

use crate::ai::{Level, Reason};
use crate::analysis::Why;
use crate::briscola::{
    BriscolaPlayError, BriscolaReason, BriscolaRules, BriscolaRulesError, TwoDeckEvent,
    TwoDeckScore,
};
use crate::card::{Card, Suit};
use crate::game::GameMove;
use crate::multiset::CardMultiset;
use crate::scopa::hand::PlayError;
use crate::scopa::rules::{AceRule, DealKind, PrimieraRule, Rules, RulesError};
use crate::scopa::score::{HandScore, SideScore};
use crate::scopa::teams::{TeamEvent, TeamPlayError};

use super::names::{MAX_SEATS, NAME_MAX, NameError, Names};
use super::{
    ActionKind, Game, GameEvent, GameHint, MAX_SIDES, Phase, SAVE_LEN, SAVE_VERSION, SaveError,
    Session, SessionError, SettingsError,
};

/// A language of the texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Italiano.
    It,
}

impl Lang {
    /// Every language, in the order settings screens list them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::It];

    /// The language of a locale tag such as `it`, `it-IT`, `it_IT.UTF-8` (the `LANG`
    /// variable, `navigator.language`, a phone's locale): Italian for `it…`, else English.
    pub fn from_tag(tag: &str) -> Lang {
        let b = tag.as_bytes();
        if b.len() >= 2
            && b[..2].eq_ignore_ascii_case(b"it")
            && b.get(2).is_none_or(|c| !c.is_ascii_alphabetic())
        {
            Lang::It
        } else {
            Lang::En
        }
    }

    /// The two-letter code: `en`, `it`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
        }
    }

    /// The language's own name: `English`, `Italiano`.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::It => "Italiano",
        }
    }

    /// The language with code `code` (`en`, `it`).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// How cards are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum CardStyle {
    /// The notation: value then suit letter, `7d`, `10b` (what the protocol and the terminal
    /// accept).
    #[default]
    Letters,
    /// Value then the French suit symbol of the suit: `7♦` (♦ denari, ♥ coppe, ♠ spade,
    /// ♣ bastoni).
    Symbols,
    /// Words, in the [`Deck`]'s own names: `7 of denari`, `King of spade` / `7 di denari`,
    /// `Re di spade` (Italian suits); `King of hearts` / `Re di cuori` (French suits);
    /// `King of copas` / `Re di copas` (Spanish suits).
    Names,
}

/// The deck a person plays with on screen: how [`CardStyle::Names`] names the cards.
///
/// The cards are the same forty (a Spanish deck's 10, 11 and 12 are the Fante, Cavallo and
/// Re, as the browser draws them); only their names change. The figures are named in the
/// reader's language, the suits as the deck's players call them: the Italian suits
/// (`denari`, `coppe`, `spade`, `bastoni`) and the Spanish ones (`oros`, `copas`,
/// `espadas`, `bastos`) in every language, the French ones in the language
/// (`diamonds`/`quadri`, `hearts`/`cuori`, `spades`/`picche`, `clubs`/`fiori`), where the
/// Cavallo is the Queen (`Donna`). So the Spanish 12 of copas is `King of copas` /
/// `Re di copas`, never `King of coppe`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Deck {
    /// Italian suits: denari, coppe, spade, bastoni; Fante, Cavallo, Re.
    #[default]
    Italian,
    /// French suits: diamonds, hearts, spades, clubs; Jack, Queen, King.
    French,
    /// Spanish suits: oros, copas, espadas, bastos; sota, caballo, rey (10, 11, 12).
    Spanish,
}

impl Deck {
    /// Every deck, in the order settings screens list them.
    pub const ALL: [Deck; 3] = [Deck::Italian, Deck::French, Deck::Spanish];

    /// The code of the deck: `italian`, `french`, `spanish` (the browser's setting).
    pub const fn code(self) -> &'static str {
        match self {
            Deck::Italian => "italian",
            Deck::French => "french",
            Deck::Spanish => "spanish",
        }
    }

    /// The deck with code `code`.
    pub fn from_code(code: &str) -> Option<Deck> {
        Deck::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The suits' own names in this deck, when they do not depend on the language
    /// (Italian and Spanish suits), by suit index (d, c, s, b).
    const fn own_suits(self) -> Option<[&'static str; 4]> {
        match self {
            Deck::Italian => Some(["denari", "coppe", "spade", "bastoni"]),
            Deck::Spanish => Some(["oros", "copas", "espadas", "bastos"]),
            Deck::French => None,
        }
    }
}

/// The words that name cards in one language. Adding a language is adding one of these
/// tables (and its arm in [`CardWords::of`]).
struct CardWords {
    /// Between a value and its suit: `of`, `di`.
    of: &'static str,
    /// The values 1 … 10 of the Italian and Spanish decks (Ace … Jack, Knight, King).
    values: [&'static str; 10],
    /// The values 1 … 10 of the French deck (Ace … Jack, Queen, King).
    french_values: [&'static str; 10],
    /// The French suits, by suit index (d, c, s, b).
    french_suits: [&'static str; 4],
}

const EN_CARDS: CardWords = CardWords {
    of: "of",
    values: [
        "Ace", "2", "3", "4", "5", "6", "7", "Jack", "Knight", "King",
    ],
    french_values: ["Ace", "2", "3", "4", "5", "6", "7", "Jack", "Queen", "King"],
    french_suits: ["diamonds", "hearts", "spades", "clubs"],
};

const IT_CARDS: CardWords = CardWords {
    of: "di",
    values: [
        "Asso", "2", "3", "4", "5", "6", "7", "Fante", "Cavallo", "Re",
    ],
    french_values: ["Asso", "2", "3", "4", "5", "6", "7", "Fante", "Donna", "Re"],
    french_suits: ["quadri", "cuori", "picche", "fiori"],
};

impl CardWords {
    /// The table of `lang`.
    const fn of(lang: Lang) -> &'static CardWords {
        match lang {
            Lang::En => &EN_CARDS,
            Lang::It => &IT_CARDS,
        }
    }
}

macro_rules! labels {
    ($($variant:ident => ($en:literal, $it:literal),)+) => {
        /// A fixed text: a button, a settings label, an option's name, a summary row.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "defmt", derive(defmt::Format))]
        pub enum Label {
            $(#[doc = $en] $variant,)+
        }

        impl Label {
            /// Every label.
            pub const ALL: &'static [Label] = &[$(Label::$variant),+];

            /// The text in `lang`.
            pub const fn text(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Label::$variant, Lang::En) => $en, (Label::$variant, Lang::It) => $it,)+
                }
            }
        }
    };
}

labels! {
    Scopa => ("Scopa", "Scopa"),
    NewMatch => ("New match", "Nuova partita"),
    Rematch => ("Rematch", "Rivincita"),
    Continue => ("Continue", "Continua"),
    Hint => ("Hint", "Suggerimento"),
    Undo => ("Undo", "Annulla mossa"),
    Cancel => ("Cancel", "Annulla"),
    Settings => ("Settings", "Impostazioni"),
    Statistics => ("Statistics", "Statistiche"),
    Start => ("Start", "Inizia"),
    Resume => ("Continue the saved match", "Riprendi la partita salvata"),
    Quit => ("Quit", "Esci"),
    SaveSetAside => ("It was kept aside; start a new match.", "È stata messa da parte: inizia una nuova partita."),
    Players => ("Players", "Giocatori"),
    Seat => ("Seat", "Posto"),
    Human => ("Person", "Persona"),
    Ai => ("Computer", "Computer"),
    AiLevel => ("AI level", "Livello del computer"),
    Deal => ("Deal", "Distribuzione"),
    Target => ("Points to win", "Punti per vincere"),
    Primiera => ("Primiera", "Primiera"),
    Ace => ("Ace", "Asso"),
    Napola => ("Napola", "Napola"),
    ReBello => ("Re bello", "Re bello"),
    KingsRedeal => ("Redeal with 3 Kings on the table (5 with two decks)", "Si rimescola con 3 Re in tavola (5 con due mazzi)"),
    Redeal => ("Redeal", "Rimescola"),
    Language => ("Language", "Lingua"),
    DeckStyle => ("Cards", "Carte"),
    ItalianDeck => ("Italian suits", "Semi italiani"),
    FrenchDeck => ("French suits", "Semi francesi"),
    AiPace => ("AI pace", "Velocità del computer"),
    On => ("on", "sì"),
    Off => ("off", "no"),
    Score => ("Score", "Punteggio"),
    MatchScore => ("Match score", "Punteggio della partita"),
    Deck => ("Deck", "Mazzo"),
    Table => ("Table", "Tavolo"),
    YourHand => ("Your hand", "La tua mano"),
    Hand => ("Hand", "Mano"),
    Dealer => ("Dealer", "Mazziere"),
    Turn => ("Turn", "Turno"),
    Captured => ("Captured", "Prese"),
    Scope => ("Scope", "Scope"),
    Carte => ("Carte (most cards)", "Carte"),
    Denari => ("Denari (most coins)", "Denari"),
    Settebello => ("Settebello (7 of denari)", "Settebello"),
    Sevens => ("Sevens", "Sette"),
    PointsThisHand => ("Points this hand", "Punti della mano"),
    Won => ("Won", "Vinte"),
    Lost => ("Lost", "Perse"),
    Played => ("Played", "Giocate"),
    PassAndPlay => ("Pass and play", "Passa e gioca"),
    WatchMode => ("Watch the computer play", "Guarda giocare il computer"),
    NoBigTables => (
        "6 or 8 players (two decks) are not offered on this device: play them in the browser, on a phone or in the terminal",
        "In 6 o in 8 (due mazzi) non si gioca su questo dispositivo: si gioca nel browser, sul telefono o nel terminale"
    ),
    ChooseCapture => ("Choose what to take", "Scegli cosa prendere"),
    HiddenCards => ("Cards hidden", "Carte coperte"),
    SaveFailed => ("The match could not be saved", "Impossibile salvare la partita"),
    SaveUnreadable => ("The saved match cannot be read", "La partita salvata non si può leggere"),
    Moves => ("Moves", "Mosse"),
    PressEnter => ("Press Enter to continue.", "Premi Invio per continuare."),
    CardsInHand => ("Cards in hand", "Carte in mano"),
    Game => ("Game", "Gioco"),
    Briscola => ("Briscola", "Briscola"),
    NewDeal => ("New hand", "Nuova mano"),
    Stock => ("Stock", "Tallone"),
    Trick => ("Trick", "Presa"),
    LastTrick => ("Last trick", "Ultima presa"),
    HandsToWin => ("Hands to win", "Mani da vincere"),
    CardPoints => ("Card points", "Punti delle carte"),
}

/// A value that writes itself through a closure (how the texts stay allocation-free).
pub struct Text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> fmt::Debug for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

fn text<F: Fn(&mut Formatter<'_>) -> fmt::Result>(f: F) -> Text<F> {
    Text(f)
}

/// The texts of one language, card style and point of view.
///
/// Seats are named from the point of view of `you` (the one person playing against AIs):
/// "You" for that seat, its name ([`Names`]) or "Player 2" for seat 1 and so on; with no
/// `you` (pass-and-play, watch mode) every seat is its name or "Player N".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Texts {
    /// The language.
    pub lang: Lang,
    /// How cards are written.
    pub style: CardStyle,
    /// The seat called "You", if any.
    pub you: Option<u8>,
    /// Players in the game (for side names).
    pub players: u8,
    /// The players' names (none by default).
    pub names: Names,
    /// The deck whose names [`CardStyle::Names`] writes.
    pub deck: Deck,
}

impl Texts {
    /// Texts in `lang`, cards in letters, 2 players, nobody called "You".
    pub const fn new(lang: Lang) -> Texts {
        Texts {
            lang,
            style: CardStyle::Letters,
            you: None,
            players: 2,
            names: Names::NONE,
            deck: Deck::Italian,
        }
    }

    /// The same texts calling the seats by `names`.
    pub const fn with_names(self, names: Names) -> Texts {
        Texts { names, ..self }
    }

    /// The same texts with cards written in `style`.
    pub const fn with_style(self, style: CardStyle) -> Texts {
        Texts { style, ..self }
    }

    /// The same texts naming cards as the `deck` names them (in [`CardStyle::Names`]).
    pub const fn with_deck(self, deck: Deck) -> Texts {
        Texts { deck, ..self }
    }

    /// The same texts for `session`'s players, and "You" for its one person (if it has
    /// exactly one).
    pub fn for_session(self, session: &Session) -> Texts {
        let s = session.settings();
        Texts {
            you: if s.humans() == 1 {
                s.first_human()
            } else {
                None
            },
            players: s.players(),
            ..self
        }
    }

    const fn pick(&self, en: &'static str, it: &'static str) -> &'static str {
        match self.lang {
            Lang::En => en,
            Lang::It => it,
        }
    }

    /// A fixed text.
    pub const fn label(&self, label: Label) -> &'static str {
        label.text(self.lang)
    }

    /// The suit's name in the texts' [`Deck`]: `denari`, `coppe`, `spade`, `bastoni` (the
    /// same in every language, as players call them), `oros` … `bastos` (Spanish suits),
    /// `diamonds` … `clubs` / `quadri` … `fiori` (French suits).
    pub const fn suit(&self, suit: Suit) -> &'static str {
        let i = suit as usize;
        match self.deck.own_suits() {
            Some(names) => names[i],
            None => CardWords::of(self.lang).french_suits[i],
        }
    }

    /// The suit's name with what it is in a French deck and in English:
    /// `denari (coins, ♦)` / `denari (quadri, ♦)`.
    pub fn suit_legend(&self, suit: Suit) -> impl Display + '_ {
        text(move |f| {
            let (en, it) = match suit {
                Suit::Denari => ("coins", "quadri"),
                Suit::Coppe => ("cups", "cuori"),
                Suit::Spade => ("swords", "picche"),
                Suit::Bastoni => ("clubs", "fiori"),
            };
            write!(
                f,
                "{} ({}, {})",
                suit.name(),
                self.pick(en, it),
                suit.symbol()
            )
        })
    }

    /// The value's name in the texts' [`Deck`]: `Ace`, `2` … `7`, `Jack`, `Knight`, `King` /
    /// `Asso`, `2` … `7`, `Fante`, `Cavallo`, `Re` (the French deck's 9 is the `Queen` /
    /// `Donna`). Any other number is named as the King.
    pub const fn value(&self, value: u8) -> &'static str {
        let words = CardWords::of(self.lang);
        let i = match value {
            1..=10 => value as usize - 1,
            _ => 9,
        };
        match self.deck {
            Deck::French => words.french_values[i],
            Deck::Italian | Deck::Spanish => words.values[i],
        }
    }

    /// A card in this style (in [`CardStyle::Names`], as the texts' [`Deck`] names it).
    pub fn card(&self, card: Card) -> impl Display + '_ {
        text(move |f| match self.style {
            CardStyle::Letters => write!(f, "{card}"),
            CardStyle::Symbols => write!(f, "{}{}", card.value(), card.suit().symbol()),
            CardStyle::Names => write!(
                f,
                "{} {} {}",
                self.value(card.value()),
                CardWords::of(self.lang).of,
                self.suit(card.suit())
            ),
        })
    }

    /// Cards in canonical order, separated by spaces (by commas in the `Names` style), a
    /// card held twice written twice; `—` for none.
    pub fn cards(&self, cards: impl Into<CardMultiset>) -> impl Display + '_ {
        let cards: CardMultiset = cards.into();
        text(move |f| {
            if cards.is_empty() {
                return f.write_str("—");
            }
            let sep = if self.style == CardStyle::Names {
                ", "
            } else {
                " "
            };
            for (i, c) in cards.iter().enumerate() {
                if i > 0 {
                    f.write_str(sep)?;
                }
                write!(f, "{}", self.card(c))?;
            }
            Ok(())
        })
    }

    /// A suggested move: Briscola's card alone (`3c`), Scopa's [play](Texts::play).
    fn hint_move(&self, mv: GameMove) -> impl Display + '_ {
        text(move |f| match mv {
            GameMove::Briscola(card) => write!(f, "{}", self.card(card)),
            GameMove::Scopa(_) => write!(f, "{}", self.play(mv)),
        })
    }

    /// A move: `7d takes 5d 2c` / `7d on the table` (at a table of 6 or 8, `6b takes 3c
    /// 3c`).
    pub fn play(&self, mv: impl Into<GameMove>) -> impl Display + '_ {
        let mv: GameMove = mv.into();
        text(move |f| {
            if mv.capture().is_empty() {
                write!(
                    f,
                    "{} {}",
                    self.card(mv.card()),
                    self.pick("on the table", "in tavola")
                )
            } else {
                write!(
                    f,
                    "{} {} {}",
                    self.card(mv.card()),
                    self.pick("takes", "prende"),
                    self.cards(mv.capture())
                )
            }
        })
    }

    /// The name of `seat`: `You`/`Tu`, its [name](Names), or `Player 2`/`Giocatore 2` (seats
    /// count from 1 on screen).
    pub fn seat(&self, seat: u8) -> impl Display + '_ {
        text(move |f| {
            if self.you == Some(seat) {
                f.write_str(self.pick("You", "Tu"))
            } else if let Some(name) = self.names.get(seat) {
                f.write_str(name)
            } else {
                write!(
                    f,
                    "{} {}",
                    self.pick("Player", "Giocatore"),
                    u16::from(seat) + 1
                )
            }
        })
    }

    /// Sides at the table: one per seat with 2 or 3 players, pairs of partners with 4, 6
    /// or 8.
    pub(crate) const fn sides(&self) -> u8 {
        if self.partners() {
            self.players / 2
        } else {
            self.players
        }
    }

    /// Whether the sides are pairs of partners (4, 6 or 8 players).
    const fn partners(&self) -> bool {
        self.players >= 4
    }

    /// The side `seat` plays for (seat s is on side s mod sides with partners).
    pub(crate) const fn side_of(&self, seat: u8) -> u8 {
        if self.partners() {
            seat % (self.players / 2)
        } else {
            seat
        }
    }

    /// The seats of `side` (the side's own seat, and its partner's with partners), or
    /// `None` for a side this table does not have.
    const fn side_seats(&self, side: u8) -> Option<(u8, Option<u8>)> {
        if side >= self.sides() {
            None
        } else if self.partners() {
            // side < sides ≤ 127: no overflow.
            Some((side, Some(side + self.sides())))
        } else {
            Some((side, None))
        }
    }

    /// Whether `side`'s name takes a plural verb in English: `You`, `Opponents`, two
    /// partners (`Players 1 & 4 win`), but `Player 2 wins` and `Your team wins`.
    fn side_is_plural(&self, side: u8) -> bool {
        match (self.side_seats(side), self.you) {
            (None, _) => false,
            (Some((_, None)), you) => you == Some(side),
            (Some(_), Some(you)) => self.side_of(you) != side,
            (Some(_), None) => true,
        }
    }

    /// The name of `side`: a seat's name with 2 or 3 players; with partners (4, 6 or 8
    /// players), `Your team`, with 4 `Opponents` for the other side, the partners' names
    /// (`Anna & Carla`) when both have one, or `Players 1 & 3`. A side the table does not
    /// have (any `u8` may come in an event) is named as such — `side 5 (not at this
    /// table)` — never with a seat's arithmetic.
    pub fn side(&self, side: u8) -> impl Display + '_ {
        text(move |f| {
            let Some((seat, partner)) = self.side_seats(side) else {
                return write!(
                    f,
                    "{} {} {}",
                    self.pick("side", "parte"),
                    u16::from(side) + 1,
                    self.pick("(not at this table)", "(non a questo tavolo)")
                );
            };
            let Some(partner) = partner else {
                return write!(f, "{}", self.seat(seat));
            };
            let names = (self.names.get(seat), self.names.get(partner));
            match (self.you, names) {
                (Some(you), _) if self.side_of(you) == side => {
                    f.write_str(self.pick("Your team", "La tua squadra"))
                }
                (Some(_), _) if self.sides() == 2 => {
                    f.write_str(self.pick("Opponents", "Avversari"))
                }
                (_, (Some(a), Some(b))) => {
                    write!(f, "{a} {} {b}", self.pick("&", "e"))
                }
                _ => write!(
                    f,
                    "{} {} {} {}",
                    self.pick("Players", "Giocatori"),
                    u16::from(seat) + 1,
                    self.pick("&", "e"),
                    u16::from(partner) + 1
                ),
            }
        })
    }

    /// Scores per side: `You 7 · Player 2 5`.
    pub fn scores<const N: usize>(&self, scores: [u16; N]) -> impl Display + '_ {
        text(move |f| {
            let sides = usize::from(self.sides());
            for (side, score) in scores.iter().take(sides).enumerate() {
                if side > 0 {
                    f.write_str(" · ")?;
                }
                write!(f, "{} {score}", self.side(side as u8))?;
            }
            Ok(())
        })
    }

    /// One line for an event of either game, to show or announce.
    pub fn event<'a>(&'a self, event: &'a GameEvent) -> impl Display + 'a {
        text(move |f| match event {
            GameEvent::Scopa(e) => write!(f, "{}", self.scopa_event(e)),
            GameEvent::Briscola(e) => write!(f, "{}", self.briscola_event(e)),
        })
    }

    /// One line for an event of Briscola: `You: 3c`, `Player 2 takes the trick (11 points).`
    pub fn briscola_event<'a>(&'a self, event: &'a TwoDeckEvent) -> impl Display + 'a {
        text(move |f| match (*event, self.lang) {
            (TwoDeckEvent::Played { seat, card }, _) => {
                write!(f, "{}: {}", self.seat(seat), self.card(card))
            }
            (TwoDeckEvent::TrickTaken { seat, points, .. }, Lang::En) => {
                let takes = if self.you == Some(seat) {
                    "take"
                } else {
                    "takes"
                };
                write!(
                    f,
                    "{} {takes} the trick ({points} point{}).",
                    self.seat(seat),
                    if points == 1 { "" } else { "s" }
                )
            }
            (TwoDeckEvent::TrickTaken { seat, points, .. }, Lang::It) => {
                if self.you == Some(seat) {
                    write!(
                        f,
                        "Prendi la mano ({points} punt{}).",
                        if points == 1 { "o" } else { "i" }
                    )
                } else {
                    write!(
                        f,
                        "{} prende la mano ({points} punt{}).",
                        self.seat(seat),
                        if points == 1 { "o" } else { "i" }
                    )
                }
            }
            (
                TwoDeckEvent::Drew {
                    seat,
                    briscola: true,
                },
                Lang::En,
            ) => {
                let draws = if self.you == Some(seat) {
                    "draw"
                } else {
                    "draws"
                };
                write!(f, "{} {draws} the briscola.", self.seat(seat))
            }
            (
                TwoDeckEvent::Drew {
                    seat,
                    briscola: true,
                },
                Lang::It,
            ) => {
                if self.you == Some(seat) {
                    f.write_str("Peschi la briscola.")
                } else {
                    write!(f, "{} pesca la briscola.", self.seat(seat))
                }
            }
            (
                TwoDeckEvent::Drew {
                    seat,
                    briscola: false,
                },
                Lang::En,
            ) => {
                let draws = if self.you == Some(seat) {
                    "draw"
                } else {
                    "draws"
                };
                write!(f, "{} {draws} a card.", self.seat(seat))
            }
            (
                TwoDeckEvent::Drew {
                    seat,
                    briscola: false,
                },
                Lang::It,
            ) => {
                if self.you == Some(seat) {
                    f.write_str("Peschi una carta.")
                } else {
                    write!(f, "{} pesca una carta.", self.seat(seat))
                }
            }
            (TwoDeckEvent::HandFinished(score), _) => {
                f.write_str(self.pick("The hand is over: ", "Mano finita: "))?;
                write!(f, "{}", self.briscola_points(score))?;
                f.write_str(".")
            }
            (TwoDeckEvent::Dealt { dealer, briscola }, _) => write!(
                f,
                "{} · {}: {} · {}: {}",
                self.label(Label::NewDeal),
                self.label(Label::Dealer),
                self.seat(dealer),
                self.label(Label::Briscola),
                self.card(briscola)
            ),
            (TwoDeckEvent::MatchFinished { winner }, _) => write!(f, "{}", self.winner(winner)),
        })
    }

    /// A Briscola hand's points per side and its result: `You 66 · Player 2 54 — You win the
    /// hand` / `60 · 60 — a draw`.
    pub fn briscola_points(&self, score: impl Into<TwoDeckScore>) -> impl Display + '_ {
        let score: TwoDeckScore = score.into();
        text(move |f| {
            let sides = self.sides();
            for side in 0..sides {
                if side > 0 {
                    f.write_str(" · ")?;
                }
                let points = score.points.get(usize::from(side)).copied().unwrap_or(0);
                write!(f, "{} {points}", self.side(side))?;
            }
            match (score.winner, self.lang) {
                (Some(side), Lang::En) => write!(
                    f,
                    " — {} {} the hand",
                    self.side(side),
                    if self.side_is_plural(side) {
                        "win"
                    } else {
                        "wins"
                    }
                ),
                (Some(side), Lang::It) => write!(f, " — la mano va a {}", self.side(side)),
                (None, Lang::En) => f.write_str(" — a draw: nobody wins the hand"),
                (None, Lang::It) => f.write_str(" — pari: la mano non va a nessuno"),
            }
        })
    }

    /// Briscola's rules in one line: `Briscola · 2 players · 3 cards a hand · 2 hands to
    /// win`.
    pub fn briscola_rules(&self, rules: BriscolaRules) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} · {}",
                self.label(Label::Briscola),
                self.briscola_terms(rules)
            )
        })
    }

    /// Briscola's rules without the game's name: `2 players · 3 cards a hand · 2 hands to
    /// win`.
    fn briscola_terms(&self, rules: BriscolaRules) -> impl Display + '_ {
        text(move |f| match self.lang {
            Lang::En => write!(
                f,
                "{} players{} · {} cards a hand · {} hand{} to win",
                rules.players,
                self.two_decks(rules.decks),
                rules.hand_size,
                rules.target,
                if rules.target == 1 { "" } else { "s" }
            ),
            Lang::It => write!(
                f,
                "{} giocatori{} · {} carte in mano · {} man{} per vincere",
                rules.players,
                self.two_decks(rules.decks),
                rules.hand_size,
                rules.target,
                if rules.target == 1 { "o" } else { "i" }
            ),
        })
    }

    /// ` · two decks` at a table of two decks, nothing with one.
    const fn two_decks(&self, decks: u8) -> &'static str {
        if decks >= 2 {
            self.pick(" · two decks", " · due mazzi")
        } else {
            ""
        }
    }

    /// Why the expert suggests a card in Briscola, in a player's words.
    pub fn briscola_reason<'a>(&'a self, reason: &'a BriscolaReason) -> impl Display + 'a {
        text(move |f| match (*reason, self.lang) {
            (BriscolaReason::Takes { points }, Lang::En) => {
                write!(f, "it takes the trick and its {points} points")
            }
            (BriscolaReason::Takes { points }, Lang::It) => {
                write!(f, "prende la mano e i suoi {points} punti")
            }
            (BriscolaReason::Trumps { points }, Lang::En) => {
                write!(f, "a briscola takes the trick's {points} points")
            }
            (BriscolaReason::Trumps { points }, Lang::It) => {
                write!(f, "con una briscola prende i {points} punti della mano")
            }
            (BriscolaReason::Loads { points }, Lang::En) => {
                write!(
                    f,
                    "your partner is taking the trick: give them {points} points"
                )
            }
            (BriscolaReason::Loads { points }, Lang::It) => {
                write!(f, "il compagno sta prendendo: caricalo di {points} punti")
            }
            // Said of any card that does not take the trick, or that leads it (the old hint's
            // "keeps the carichi and briscole" was said of briscole and carichi too).
            (BriscolaReason::Discards, _) => {
                f.write_str(self.pick("it lets the trick go", "lascia andare la mano"))
            }
            (BriscolaReason::LeadsLow, _) => {
                f.write_str(self.pick("it leads the trick", "apre la mano"))
            }
            (BriscolaReason::Exact, _) => f.write_str(self.pick(
                "every card is known now: it does best to the end of the hand",
                "ormai tutte le carte sono note: è la migliore fino alla fine della mano",
            )),
            (BriscolaReason::KeepsTrump { card }, Lang::En) => write!(
                f,
                "it keeps your briscola for the {} still out",
                self.card(card)
            ),
            (BriscolaReason::KeepsTrump { card }, Lang::It) => write!(
                f,
                "tiene la briscola per prendere {}, ancora in gioco",
                self.card(card)
            ),
            (BriscolaReason::BetterBy { other, points }, Lang::En) => write!(
                f,
                "by the end of the hand it does about {points} points better than the {}",
                self.card(other)
            ),
            (BriscolaReason::BetterBy { other, points }, Lang::It) => write!(
                f,
                "a fine mano rende circa {points} punti più di {}",
                self.card(other)
            ),
        })
    }

    /// One line for an event of a Scopa play, to show or announce.
    pub fn scopa_event<'a>(&'a self, event: &'a TeamEvent) -> impl Display + 'a {
        text(move |f| match *event {
            TeamEvent::Played { seat, mv } => write!(f, "{}: {}", self.seat(seat), self.play(mv)),
            TeamEvent::Scopa { seat, .. } => match (self.lang, self.you == Some(seat)) {
                (Lang::En, _) => write!(f, "Scopa! {} swept the table.", self.seat(seat)),
                (Lang::It, true) => f.write_str("Scopa! Hai pulito il tavolo."),
                (Lang::It, false) => {
                    write!(f, "Scopa! {} ha pulito il tavolo.", self.seat(seat))
                }
            },
            TeamEvent::Dealt { deck_left, .. } => write!(
                f,
                "{} {deck_left}.",
                self.pick(
                    "New cards for everyone; left in the deck:",
                    "Nuove carte a tutti; nel mazzo ne restano"
                )
            ),
            TeamEvent::TableCollected { side, cards } => match self.lang {
                Lang::En => write!(
                    f,
                    "The cards left on the table ({}) go to {}, the last to capture.",
                    self.cards(cards),
                    self.side(side)
                ),
                Lang::It => write!(
                    f,
                    "Le carte rimaste in tavola ({}) vanno a chi ha preso per ultimo: {}.",
                    self.cards(cards),
                    self.side(side)
                ),
            },
            TeamEvent::HandFinished(_) => {
                f.write_str(self.pick("The hand is over.", "Mano finita."))
            }
            TeamEvent::MatchFinished { winner, scores } => {
                write!(f, "{} {}", self.winner(winner), self.scores(scores))
            }
            TeamEvent::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => {
                write!(
                    f,
                    "{} {} · {}: {} · {}: {}",
                    self.label(Label::Hand),
                    u32::from(number) + 1,
                    self.label(Label::Dealer),
                    self.seat(dealer),
                    self.label(Label::Table),
                    self.cards(table)
                )?;
                if redeals > 0 {
                    f.write_str(" · ")?;
                    write!(f, "{}", self.redeals(redeals))?;
                }
                Ok(())
            }
        })
    }

    /// Why the cards were dealt again: `dealt again 1 time: 3 or more Kings were on the
    /// table` (5 or more at a table of two decks).
    pub fn redeals(&self, redeals: u8) -> impl Display + '_ {
        text(move |f| {
            let kings = redeal_kings(crate::seats::decks_for(self.players));
            match self.lang {
                Lang::En => write!(
                    f,
                    "dealt again {redeals} time{}: {kings} or more Kings were on the table",
                    if redeals == 1 { "" } else { "s" }
                ),
                Lang::It => write!(
                    f,
                    "ridistribuite {redeals} volt{}: c'erano {kings} o più Re in tavola",
                    if redeals == 1 { "a" } else { "e" }
                ),
            }
        })
    }

    /// Who won: `You won the match!`, `Player 2 won the match.`, `Your team won the match!`
    /// (`Hai vinto`, `Avete vinto`, `Giocatori 2 e 5 hanno vinto` …).
    pub fn winner(&self, side: u8) -> impl Display + '_ {
        text(move |f| {
            let yours = self.you.is_some_and(|y| self.side_of(y) == side);
            let team = self.partners();
            match (self.lang, yours, team) {
                (Lang::En, true, _) => write!(f, "{} won the match!", self.side(side)),
                (Lang::En, false, _) => write!(f, "{} won the match.", self.side(side)),
                (Lang::It, true, false) => f.write_str("Hai vinto la partita!"),
                (Lang::It, true, true) => f.write_str("Avete vinto la partita!"),
                (Lang::It, false, true) if self.you.is_some() && self.sides() == 2 => {
                    f.write_str("Gli avversari hanno vinto la partita.")
                }
                (Lang::It, false, true) if self.side_seats(side).is_some() => {
                    write!(f, "{} hanno vinto la partita.", self.side(side))
                }
                (Lang::It, false, _) => {
                    write!(f, "{} ha vinto la partita.", self.side(side))
                }
            }
        })
    }

    /// What the session waits for, as a prompt or status line.
    pub fn phase<'a>(&'a self, phase: &'a Phase) -> impl Display + 'a {
        text(move |f| match (*phase, self.lang) {
            (Phase::Play { seat }, _) if self.you == Some(seat) => {
                f.write_str(self.pick("Your turn: play a card.", "Tocca a te: gioca una carta."))
            }
            (Phase::Play { seat }, Lang::En) => {
                write!(f, "{}, your turn: play a card.", self.seat(seat))
            }
            (Phase::Play { seat }, Lang::It) => {
                write!(f, "{}, tocca a te: gioca una carta.", self.seat(seat))
            }
            (Phase::ChooseCapture { card, .. }, Lang::En) => write!(
                f,
                "{} can take in more than one way: choose what to take.",
                self.card(card)
            ),
            (Phase::ChooseCapture { card, .. }, Lang::It) => write!(
                f,
                "{} può prendere in più modi: scegli cosa prendere.",
                self.card(card)
            ),
            (Phase::AiDue { seat }, Lang::En) => write!(f, "{} is thinking…", self.seat(seat)),
            (Phase::AiDue { seat }, Lang::It) => write!(f, "{} sta pensando…", self.seat(seat)),
            (Phase::HandOff { seat }, Lang::En) => write!(
                f,
                "Hand the device to {}. The cards stay hidden until they continue.",
                self.seat(seat)
            ),
            (Phase::HandOff { seat }, Lang::It) => write!(
                f,
                "Passa il dispositivo a {}. Le carte restano coperte finché non continua.",
                self.seat(seat)
            ),
            (Phase::Scopa { seat, side }, _) => {
                write!(f, "{}", self.scopa_event(&TeamEvent::Scopa { seat, side }))
            }
            (Phase::HandSummary, _) => f.write_str(self.pick(
                "The hand is over: here is its score.",
                "Mano finita: ecco il punteggio.",
            )),
            (Phase::MatchOver { winner }, _) => write!(f, "{}", self.winner(winner)),
        })
    }

    /// Why the expert suggests a move, in a player's words.
    pub const fn reason(&self, reason: Reason) -> &'static str {
        match reason {
            Reason::OnlyMove => self.pick("it is the only move", "è l'unica mossa"),
            Reason::Scopa => self.pick("it sweeps the table: scopa", "pulisce il tavolo: scopa"),
            Reason::TakesSettebello => self.pick("it takes the settebello", "prende il settebello"),
            Reason::TakesSevens => self.pick(
                "it takes sevens, the best primiera cards",
                "prende dei sette, le carte migliori per la primiera",
            ),
            Reason::TakesCoins => {
                self.pick("it captures the most denari", "porta a casa più denari")
            }
            Reason::TakesMostCards => self.pick("it takes the most cards", "prende più carte"),
            Reason::AvoidsSweep => self.pick(
                "it leaves no sweep for the next player",
                "non lascia scopa al prossimo giocatore",
            ),
            Reason::SafestDiscard => self.pick(
                "it is the card that gives the others least",
                "è la carta che concede meno agli altri",
            ),
            Reason::BestOnAverage => self.pick(
                "it does best on average over the hands the others may hold",
                "rende di più in media sulle mani che gli altri possono avere",
            ),
        }
    }

    /// A hint: `Hint: 7d takes 5d 2c — takes the settebello, takes 2 cards; expected +1.25
    /// points, 0.40 above the next best choice.`, in Briscola `Hint: 3c — takes the trick
    /// and its 11 points; expected +12.50 card points, win chance 62.5%, 3.00 above the
    /// next best choice.` (the analysis's figures and facts: see
    /// [`analysis::texts::suggestion`](crate::analysis::texts::suggestion)).
    pub fn hint<'a>(&'a self, hint: &'a GameHint) -> impl Display + 'a {
        text(move |f| match hint {
            GameHint::Coach(s) => write!(
                f,
                "{}: {} — {}.",
                self.label(Label::Hint),
                self.hint_move(s.choice.mv),
                crate::analysis::texts::suggestion(self, s)
            ),
            GameHint::BriscolaTwoDecks { card, reasons } => {
                write!(f, "{}: {}", self.label(Label::Hint), self.card(*card))?;
                if !reasons.is_empty() {
                    write!(
                        f,
                        " — {}",
                        crate::analysis::texts::facts(
                            self,
                            crate::analysis::Unit::CardPoints,
                            *reasons
                        )
                    )?;
                }
                f.write_str(".")
            }
            GameHint::Teams(mv) => write!(f, "{}: {}.", self.label(Label::Hint), self.play(*mv)),
        })
    }

    /// A hint in a few words, for a small screen: the move, its expected margin and the
    /// first fact of the analysis — `Hint: 4b (+9.46) — takes the trick and its 11
    /// points.` (the full sentence is [`Texts::hint`]).
    pub fn hint_brief<'a>(&'a self, hint: &'a GameHint) -> impl Display + 'a {
        text(move |f| match hint {
            GameHint::Coach(s) => {
                write!(
                    f,
                    "{}: {} ({})",
                    self.label(Label::Hint),
                    self.hint_move(s.choice.mv),
                    crate::analysis::texts::signed(s.choice.margin)
                )?;
                let first = s
                    .choice
                    .reasons
                    .iter()
                    .find(|w| !matches!(w, Why::Best | Why::BelowBest { .. }));
                if let Some(w) = first {
                    write!(f, " — {}", crate::analysis::texts::why(self, s.unit, w))?;
                }
                f.write_str(".")
            }
            GameHint::BriscolaTwoDecks { card, reasons } => {
                write!(f, "{}: {}", self.label(Label::Hint), self.card(*card))?;
                if let Some(w) = reasons.iter().next() {
                    write!(
                        f,
                        " — {}",
                        crate::analysis::texts::why(self, crate::analysis::Unit::CardPoints, w)
                    )?;
                }
                f.write_str(".")
            }
            GameHint::Teams(_) => write!(f, "{}", self.hint(hint)),
        })
    }

    /// The name of an AI level: `Expert` / `Esperto`.
    pub const fn level(&self, level: Level) -> &'static str {
        match level {
            Level::Random => self.pick("Random", "Casuale"),
            Level::Easy => self.pick("Easy", "Facile"),
            Level::Medium => self.pick("Medium", "Medio"),
            Level::Expert => self.pick("Expert", "Esperto"),
            Level::Handheld => self.pick("Handheld", "Portatile"),
        }
    }

    /// The name of a deal: `Standard (3 cards at a time)` / `Normale (3 carte alla volta)`.
    pub const fn deal(&self, deal: DealKind) -> &'static str {
        match deal {
            DealKind::Standard => self.pick(
                "Standard (3 cards at a time)",
                "Normale (3 carte alla volta)",
            ),
            DealKind::Scopone => self.pick(
                "Scopone (9 each, 4 on the table)",
                "Scopone (9 a testa, 4 in tavola)",
            ),
            DealKind::ScoponeScientifico => self.pick(
                "Scopone scientifico (10 each)",
                "Scopone scientifico (10 a testa)",
            ),
        }
    }

    /// The name of a primiera rule.
    pub const fn primiera(&self, rule: PrimieraRule) -> &'static str {
        match rule {
            PrimieraRule::Classic => self.pick(
                "Classic (all four suits needed)",
                "Classica (servono tutti e quattro i semi)",
            ),
            PrimieraRule::Lenient => self.pick(
                "Lenient (a missing suit counts 0)",
                "Tollerante (un seme mancante vale 0)",
            ),
            PrimieraRule::MostSevens => self.pick("Most sevens", "Più sette"),
        }
    }

    /// The name of an Ace rule.
    pub const fn ace(&self, rule: AceRule) -> &'static str {
        match rule {
            AceRule::Plain => self.pick("Plain (the Ace is a 1)", "Normale (l'Asso vale 1)"),
            AceRule::TakesAll => self.pick(
                "Asso piglia tutto (an Ace takes the whole table)",
                "Asso piglia tutto",
            ),
            AceRule::MatchTakesAll => self.pick(
                "Scopa d'assi (an Ace on an Ace takes the table)",
                "Scopa d'assi",
            ),
        }
    }

    /// `on` / `off` (`sì` / `no`).
    pub const fn on_off(&self, on: bool) -> &'static str {
        if on {
            self.label(Label::On)
        } else {
            self.label(Label::Off)
        }
    }

    /// The rules on one line: `2 players · Standard (3 cards at a time) · 11 points · …`
    /// (options off are left out).
    pub fn rules(&self, rules: Rules) -> impl Display + '_ {
        text(move |f| {
            write!(
                f,
                "{} {}{} · {} · {} {} · {}: {} · {}: {}",
                rules.players,
                self.pick("players", "giocatori"),
                self.two_decks(rules.decks),
                self.deal(rules.deal),
                rules.target,
                self.pick("points", "punti"),
                self.label(Label::Primiera),
                self.primiera(rules.primiera),
                self.label(Label::Ace),
                self.ace(rules.ace)
            )?;
            for (on, label) in [
                (rules.napola, Label::Napola),
                (rules.re_bello, Label::ReBello),
            ] {
                if on {
                    write!(f, " · {}", self.label(label))?;
                }
            }
            if rules.kings_redeal {
                write!(f, " · {}", self.kings_redeal(rules.decks))?;
            }
            Ok(())
        })
    }

    /// The Kings rule at a table of `decks` decks: `Redeal with 3 Kings on the table` (one
    /// deck), `Redeal with 5 Kings on the table` (two decks: docs/rules.md §8).
    pub fn kings_redeal(&self, decks: u8) -> impl Display + '_ {
        text(move |f| match self.lang {
            Lang::En => write!(f, "Redeal with {} Kings on the table", redeal_kings(decks)),
            Lang::It => write!(f, "Si rimescola con {} Re in tavola", redeal_kings(decks)),
        })
    }

    /// The rules of `game` on one line, without the game's name (each game its own terms):
    /// Scopa's [`rules`](Texts::rules), or Briscola's `2 players · 3 cards a hand · 2 hands
    /// to win`; at a table of 6 or 8, `two decks` after the players.
    pub fn game_rules(&self, game: Game, rules: Rules) -> impl Display + '_ {
        text(move |f| match game {
            Game::Scopa => write!(f, "{}", self.rules(rules)),
            Game::Briscola(b) => write!(f, "{}", self.briscola_terms(b)),
        })
    }

    /// The name of `game`: `Scopa`, `Briscola`.
    pub const fn game_name(&self, game: Game) -> &'static str {
        match game {
            Game::Scopa => self.label(Label::Scopa),
            Game::Briscola(_) => self.label(Label::Briscola),
        }
    }

    /// What went wrong, in a player's words.
    pub fn error<'a>(&'a self, e: &'a SessionError) -> impl Display + 'a {
        text(move |f| {
            match *e {
            SessionError::Settings(ref s) => write!(f, "{}", self.settings_error(s)),
            SessionError::WrongPhase { action, phase } => {
                write!(
                    f,
                    "{} {}",
                    self.action(action),
                    self.pick("is not possible now:", "non è possibile ora:")
                )?;
                write!(f, " {}", self.phase(&phase))
            }
            SessionError::NotInHand { seat, card } => match self.lang {
                Lang::En => write!(
                    f,
                    "{} is not in the hand of {}.",
                    self.card(card),
                    self.seat(seat)
                ),
                Lang::It => write!(
                    f,
                    "{} non è nella mano di {}.",
                    self.card(card),
                    self.seat(seat)
                ),
            },
            SessionError::NoSuchCapture { index, options } => match self.lang {
                Lang::En => write!(
                    f,
                    "There is no choice {}: choose 1 to {options}.",
                    u16::from(index) + 1
                ),
                Lang::It => write!(
                    f,
                    "Non c'è la scelta {}: scegli da 1 a {options}.",
                    u16::from(index) + 1
                ),
            },
            SessionError::Illegal(ref p) => write!(f, "{}", self.play_error(p)),
            SessionError::IllegalAtBigTable(p) => write!(f, "{}", self.big_table_play_error(p)),
            SessionError::IllegalCard(p) => match (p, self.lang) {
                (BriscolaPlayError::NotInHand { seat, card }, Lang::En) => write!(
                    f,
                    "{} is not in the hand of {}.",
                    self.card(card),
                    self.seat(seat)
                ),
                (BriscolaPlayError::NotInHand { seat, card }, Lang::It) => write!(
                    f,
                    "{} non è nella mano di {}.",
                    self.card(card),
                    self.seat(seat)
                ),
                (BriscolaPlayError::NotYourTurn { turn, .. }, Lang::En) => {
                    write!(f, "It is the turn of {}.", self.seat(turn))
                }
                (BriscolaPlayError::NotYourTurn { turn, .. }, Lang::It) => {
                    write!(f, "Tocca a {}.", self.seat(turn))
                }
                (BriscolaPlayError::HandOver, _) => f.write_str(self.pick(
                    "The hand is over: every card has been played.",
                    "La mano è finita: tutte le carte sono state giocate.",
                )),
                (BriscolaPlayError::MatchOver, _) => {
                    f.write_str(self.pick("The match is over.", "La partita è finita."))
                }
            },
            SessionError::CaptureInBriscola { card } => match self.lang {
                Lang::En => write!(
                    f,
                    "In Briscola a card takes nothing from the table: play {} alone.",
                    self.card(card)
                ),
                Lang::It => write!(
                    f,
                    "A briscola una carta non prende nulla dal tavolo: gioca {} da sola.",
                    self.card(card)
                ),
            },
            SessionError::UndoOff => f.write_str(self.pick(
                "Undo is off for this match (it is a setting, against the computer only).",
                "L'annullamento è disattivato in questa partita (si sceglie nelle impostazioni, solo contro il computer).",
            )),
            SessionError::NothingToUndo => f.write_str(self.pick(
                "There is no play of yours in this hand to take back.",
                "In questa mano non hai ancora giocato: non c'è nulla da annullare.",
            )),
            SessionError::TooManyMatches => f.write_str(self.pick(
                "This session has played all the matches it can count: start a new one.",
                "Questa sessione ha giocato tutte le partite che può contare: iniziane una nuova.",
            )),
            SessionError::Internal => f.write_str(self.pick(
                "The game engine refused its own move (a bug): the match is saved up to the last play.",
                "Il motore di gioco ha rifiutato una sua mossa (un errore): la partita è salvata fino all'ultima giocata.",
            )),
        }
        })
    }

    fn action(&self, action: ActionKind) -> &'static str {
        match action {
            ActionKind::Select => self.pick("Choosing a card", "Scegliere una carta"),
            ActionKind::Capture => self.pick("Choosing a capture", "Scegliere una presa"),
            ActionKind::Play => self.pick("Playing a move", "Giocare una mossa"),
            ActionKind::Cancel => self.pick("Cancelling", "Annullare"),
            ActionKind::RunAi | ActionKind::AiPlay => {
                self.pick("A computer move", "Una mossa del computer")
            }
            ActionKind::Continue => self.pick("Continuing", "Continuare"),
            ActionKind::Undo => self.pick("Undo", "Annullare la mossa"),
            ActionKind::Rematch => self.pick("A rematch", "La rivincita"),
            ActionKind::Hint => self.pick("A hint", "Un suggerimento"),
        }
    }

    /// Why settings cannot be played.
    pub fn settings_error<'a>(&'a self, e: &'a SettingsError) -> impl Display + 'a {
        text(move |f| match *e {
            SettingsError::Rules(ref r) => write!(f, "{}", self.rules_error(r)),
            SettingsError::Briscola(r) => match (r, self.lang) {
                (_, Lang::En) => write!(f, "{r}"),
                (BriscolaRulesError::Players(n), Lang::It) => {
                    write!(f, "players: a briscola si gioca in 2, 3 o 4, non in {n}")
                }
                (BriscolaRulesError::HandSize { hand_size, players }, Lang::It) => write!(
                    f,
                    "hand_size: una mano ha 3 carte (o 9 in due), non {hand_size} in {players}"
                ),
                (BriscolaRulesError::Target(t), Lang::It) => {
                    write!(f, "target: le mani da vincere vanno da 1 a 11, non {t}")
                }
                (BriscolaRulesError::Decks { decks, players }, Lang::It) => write!(
                    f,
                    "decks: in {players} si gioca con {} mazzi, non {decks}: in 2, 3 o 4 con uno, in 6 o 8 con due",
                    crate::seats::decks_for(players)
                ),
                (BriscolaRulesError::WrongTable { decks, plays }, Lang::It) => write!(
                    f,
                    "decks: queste regole vogliono {decks} mazzi, e questo tavolo ne gioca {plays}"
                ),
            },
            SettingsError::SeatPastTheLast { seat, players } => match self.lang {
                Lang::En => write!(
                    f,
                    "seat {} has a computer player but a {players}-player game has only seats 1 to {players}",
                    u16::from(seat) + 1
                ),
                Lang::It => write!(
                    f,
                    "il posto {} ha un giocatore computer ma in {players} ci sono solo i posti da 1 a {players}",
                    u16::from(seat) + 1
                ),
            },
            SettingsError::UndoNeedsOneHuman { humans } => match self.lang {
                Lang::En => write!(
                    f,
                    "undo is only for one person playing against the computer, and {humans} seats are people"
                ),
                Lang::It => write!(
                    f,
                    "l'annullamento è solo per una persona contro il computer, e le persone sono {humans}"
                ),
            },
        })
    }
    /// Why a player's name was refused ([`NameError`]), in the language.
    pub fn name_error<'a>(&'a self, e: &'a NameError) -> impl Display + 'a {
        text(move |f| match (*e, self.lang) {
            (_, Lang::En) => write!(f, "{e}"),
            (NameError::NoSuchSeat { seat }, Lang::It) => write!(
                f,
                "nessun posto {} da chiamare per nome: un tavolo ha al massimo {MAX_SEATS} posti",
                u16::from(seat) + 1
            ),
            (NameError::TooLong { seat, len }, Lang::It) => write!(
                f,
                "il nome del posto {} è lungo {len} byte; un nome ne ha al massimo {NAME_MAX} (12 lettere senza accenti)",
                u16::from(seat) + 1
            ),
            (NameError::ControlCharacter { seat }, Lang::It) => write!(
                f,
                "il nome del posto {} contiene un carattere di controllo (un a capo o una tabulazione)",
                u16::from(seat) + 1
            ),
        })
    }

    /// Why bytes could not be restored into a session (the English text is the
    /// [`SaveError`]'s `Display`; a damaged match inside is described in English).
    pub fn save_error<'a>(&'a self, e: &'a SaveError) -> impl Display + 'a {
        text(move |f| {
            match (*e, self.lang) {
            (_, Lang::En) => write!(f, "{e}"),
            (SaveError::WrongLength { len }, Lang::It) => write!(
                f,
                "una partita salvata occupa {SAVE_LEN} byte, questa ne occupa {len}"
            ),
            (SaveError::NotASave, Lang::It) => {
                f.write_str("non è una partita di scopa salvata (non comincia con SCPS)")
            }
            (SaveError::UnsupportedVersion { version }, Lang::It) => write!(
                f,
                "salvata con la versione {version} del formato; questo programma legge le versioni 1 (scopa), 2 (briscola), 3 e {SAVE_VERSION} (tavoli da 6 e da 8)"
            ),
            (SaveError::Checksum, Lang::It) => {
                f.write_str("il salvataggio è danneggiato (il checksum non corrisponde)")
            }
            (SaveError::Match(m), Lang::It) => write!(f, "la partita salvata è rifiutata: {m}"),
            (SaveError::BriscolaMatch(m), Lang::It) => {
                write!(f, "la partita di briscola salvata è rifiutata: {m}")
            }
            (SaveError::TeamMatch(m), Lang::It) => {
                write!(f, "la partita di scopa a due mazzi salvata è rifiutata: {m}")
            }
            (SaveError::BigTable, Lang::It) => f.write_str(
                "il salvataggio è di un tavolo da 6 o da 8, che questo dispositivo non offre",
            ),
            (SaveError::BadPadding, Lang::It) => f.write_str(
                "i byte dopo la partita salvata non sono zero: il salvataggio è stato alterato",
            ),
            (SaveError::BadPlayer { seat, code }, Lang::It) => write!(
                f,
                "il byte {} (posto {seat}) vale {code}, che non indica né una persona né un livello del computer",
                5 + u16::from(seat)
            ),
            (SaveError::BadFlags { flags }, Lang::It) => write!(
                f,
                "il byte delle opzioni vale {flags:#04x}, con bit o lingua sconosciuti"
            ),
            (SaveError::Settings(ref s), Lang::It) => write!(
                f,
                "le impostazioni salvate non si possono giocare: {}",
                self.settings_error(s)
            ),
            (SaveError::BadPending, Lang::It) => f.write_str(
                "il salvataggio attende una scopa o un riepilogo che la partita non mostra",
            ),
            (SaveError::BadSelection, Lang::It) => f.write_str(
                "la carta in gioco nel salvataggio non è una per cui la persona di turno può scegliere una presa",
            ),
            (SaveError::BadHolder, Lang::It) => {
                f.write_str("il salvataggio dà il dispositivo a un posto che non è una persona")
            }
        }
        })
    }

    /// Why rules are impossible.
    pub fn rules_error<'a>(&'a self, e: &'a RulesError) -> impl Display + 'a {
        text(move |f| match (*e, self.lang) {
            (RulesError::BadPlayers { players }, Lang::En) => {
                write!(f, "a game has 2, 3, 4, 6 or 8 players, not {players}")
            }
            (RulesError::BadPlayers { players }, Lang::It) => {
                write!(f, "si gioca in 2, 3, 4, 6 o 8, non in {players}")
            }
            (RulesError::DecksForPlayers { decks, players }, Lang::En) => write!(
                f,
                "{players} players play with {}, not {decks}: two decks are for 6 or 8 players",
                if crate::seats::decks_for(players) == 2 {
                    "two decks"
                } else {
                    "one deck"
                }
            ),
            (RulesError::DecksForPlayers { decks, players }, Lang::It) => write!(
                f,
                "in {players} si gioca con {}, non {decks}: due mazzi sono per 6 o 8 giocatori",
                if crate::seats::decks_for(players) == 2 {
                    "due mazzi"
                } else {
                    "un mazzo"
                }
            ),
            (RulesError::OneDeckOnly { players }, Lang::En) => {
                write!(f, "a table of {players} with two decks is not offered here")
            }
            (RulesError::OneDeckOnly { players }, Lang::It) => write!(
                f,
                "un tavolo di {players} con due mazzi non è disponibile qui"
            ),
            (RulesError::DealNeedsFourPlayers { deal, players }, Lang::En) => write!(
                f,
                "the deal {} needs 4 players, not {players}",
                self.deal(deal)
            ),
            (RulesError::DealNeedsFourPlayers { deal, players }, Lang::It) => write!(
                f,
                "la distribuzione {} vuole 4 giocatori, non {players}",
                self.deal(deal)
            ),
            (RulesError::ZeroTarget, _) => f.write_str(self.pick(
                "the points to win must be at least 1",
                "i punti per vincere devono essere almeno 1",
            )),
        })
    }

    /// Why a play was refused.
    pub fn play_error<'a>(&'a self, e: &'a PlayError) -> impl Display + 'a {
        self.big_table_play_error(TeamPlayError::from(*e))
    }

    /// Why a play was refused at any table (a one-deck refusal converts with `.into()`).
    pub fn big_table_play_error(&self, e: TeamPlayError) -> impl Display + '_ {
        text(move |f| match (e, self.lang) {
            (TeamPlayError::NoSuchSeat { seat, players }, Lang::En) => write!(
                f,
                "there is no seat {} in a {players}-player game",
                u16::from(seat) + 1
            ),
            (TeamPlayError::NoSuchSeat { seat, players }, Lang::It) => write!(
                f,
                "non c'è il posto {} in una partita a {players}",
                u16::from(seat) + 1
            ),
            (TeamPlayError::NotYourTurn { turn, .. }, Lang::En) => {
                write!(f, "it is not your turn: {} plays now", self.seat(turn))
            }
            (TeamPlayError::NotYourTurn { turn, .. }, Lang::It) => {
                write!(f, "non è il tuo turno: ora gioca {}", self.seat(turn))
            }
            (TeamPlayError::CardNotInHand { card, .. }, Lang::En) => {
                write!(f, "{} is not in the hand", self.card(card))
            }
            (TeamPlayError::CardNotInHand { card, .. }, Lang::It) => {
                write!(f, "{} non è in mano", self.card(card))
            }
            (TeamPlayError::IllegalCapture { card, capture }, Lang::En) if capture.is_empty() => {
                write!(
                    f,
                    "{} cannot be laid on the table: it can take, and a card that can take must",
                    self.card(card)
                )
            }
            (TeamPlayError::IllegalCapture { card, capture }, Lang::It) if capture.is_empty() => {
                write!(
                    f,
                    "{} non si può posare: può prendere, e una carta che può prendere deve farlo",
                    self.card(card)
                )
            }
            (TeamPlayError::IllegalCapture { card, capture }, Lang::En) => write!(
                f,
                "{} cannot take {}: the rules do not allow that capture on this table",
                self.card(card),
                self.cards(capture)
            ),
            (TeamPlayError::IllegalCapture { card, capture }, Lang::It) => write!(
                f,
                "{} non può prendere {}: le regole non permettono questa presa",
                self.card(card),
                self.cards(capture)
            ),
            (TeamPlayError::HandOver, _) => {
                f.write_str(self.pick("the hand is over", "la mano è finita"))
            }
            (TeamPlayError::MatchOver { winner }, _) => write!(f, "{}", self.winner(winner)),
        })
    }

    /// Why another hand is played after a hand's points are added: the top scores are
    /// tied at `score` points, at or past the `target`, between `tied` sides (docs/rules.md
    /// §6). `Both sides reached 11 with 12 points each: another hand is played.`
    pub fn another_hand(&self, tied: u8, score: u16, target: u8) -> impl Display + '_ {
        text(move |f| {
            let sides = self.sides();
            let who = match (tied, tied >= sides) {
                (2, true) => self.pick("Both sides", "Entrambe le parti"),
                (3, true) => self.pick("All three sides", "Tutte e tre le parti"),
                (4, true) => self.pick("All four sides", "Tutte e quattro le parti"),
                (3, false) => self.pick("Three sides", "Tre parti"),
                _ => self.pick("Two sides", "Due parti"),
            };
            let points = match (self.lang, score) {
                (Lang::En, 1) => "point",
                (Lang::En, _) => "points",
                (Lang::It, 1) => "punto",
                (Lang::It, _) => "punti",
            };
            match self.lang {
                Lang::En => write!(
                    f,
                    "{who} reached {target} with {score} {points} each: another hand is played."
                ),
                Lang::It => write!(
                    f,
                    "{who} hanno raggiunto {target} con {score} {points} ciascuna: si gioca un'altra mano."
                ),
            }
        })
    }

    /// A capture that took the whole table on the last play of the hand: why no scopa
    /// was scored (docs/rules.md §3).
    pub const fn last_play_sweep(&self) -> &'static str {
        self.pick(
            "The table was swept on the last play of the hand, which never counts as a scopa.",
            "Il tavolo è stato pulito con l'ultima giocata della mano, che non conta mai come scopa.",
        )
    }

    /// Why `card` cannot take `capture` from `table` under the Ace option `ace`: a card of
    /// the same value is on the table and must be taken before any sum; the cards are not
    /// on the table; they do not add up to the card's value. Otherwise the text of
    /// [`PlayError::IllegalCapture`].
    pub fn capture_refused(
        &self,
        card: Card,
        capture: impl Into<CardMultiset>,
        table: impl Into<CardMultiset>,
        ace: AceRule,
    ) -> impl Display + '_ {
        let (capture, table): (CardMultiset, CardMultiset) = (capture.into(), table.into());
        text(move |f| {
            let value = card.value();
            // An Ace under `takes_all` / `match_takes_all` may take more than rule 1 says.
            let plain = value != 1 || ace == AceRule::Plain;
            let equal = table.iter().find(|c| c.value() == value);
            let sum: u16 = capture.iter().map(|c| u16::from(c.value())).sum();
            let single_equal = capture.len() == 1 && capture.count_value(value) == 1;
            match equal {
                _ if !capture.is_subset(table) => match self.lang {
                    Lang::En => write!(
                        f,
                        "{} cannot take {}: {} is not on the table",
                        self.card(card),
                        self.cards(capture),
                        self.cards(capture - table)
                    ),
                    Lang::It => write!(
                        f,
                        "{} non può prendere {}: {} non è in tavola",
                        self.card(card),
                        self.cards(capture),
                        self.cards(capture - table)
                    ),
                },
                Some(equal) if plain && !single_equal => match self.lang {
                    Lang::En => write!(
                        f,
                        "{} cannot take {}: {}, of the same value, is on the table, and a card of equal value must be taken before any sum",
                        self.card(card),
                        self.cards(capture),
                        self.card(equal)
                    ),
                    Lang::It => write!(
                        f,
                        "{} non può prendere {}: in tavola c'è {}, dello stesso valore, e una carta di pari valore va presa prima di qualsiasi somma",
                        self.card(card),
                        self.cards(capture),
                        self.card(equal)
                    ),
                },
                None if plain && sum != u16::from(value) => match self.lang {
                    Lang::En => write!(
                        f,
                        "{} cannot take {}: those cards add up to {sum}, not {value}",
                        self.card(card),
                        self.cards(capture)
                    ),
                    Lang::It => write!(
                        f,
                        "{} non può prendere {}: quelle carte fanno {sum}, non {value}",
                        self.card(card),
                        self.cards(capture)
                    ),
                },
                _ => write!(
                    f,
                    "{}",
                    self.big_table_play_error(TeamPlayError::IllegalCapture { card, capture })
                ),
            }
        })
    }

    /// Writes `value` into `out`, a fixed-capacity string, truncating at a character
    /// boundary instead of failing when it is full (for screens with a few columns).
    pub fn write_truncated<const N: usize>(value: impl Display, out: &mut heapless::String<N>) {
        struct Trunc<'a, const N: usize>(&'a mut heapless::String<N>);
        impl<const N: usize> Write for Trunc<'_, N> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for ch in s.chars() {
                    if self.0.push(ch).is_err() {
                        return Err(fmt::Error);
                    }
                }
                Ok(())
            }
        }
        out.clear();
        let _ = write!(Trunc(out), "{value}");
    }
}

/// Kings on the first table that void a deal under `kings_redeal`: 3 with one deck, 5 with
/// two (docs/rules.md §8).
const fn redeal_kings(decks: u8) -> u8 {
    if decks >= 2 { 5 } else { 3 }
}

/// One row of a hand's summary: what it counts and each side's points and tally.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SummaryRow {
    /// What the row counts.
    pub label: Label,
    /// Points per side (unused sides 0).
    pub points: [u8; MAX_SIDES],
    /// The tally behind the points, per side, when there is one: cards, coins, sevens or the
    /// primiera value (`None`: no primiera under the classic rule, or nothing to tally).
    pub tally: [Option<u8>; MAX_SIDES],
}

/// The rows of a hand's summary, in the order of docs/rules.md: scope, carte, denari,
/// settebello, primiera, then napola and re bello when the rules use them, then the hand's
/// total. Structured, so each front-end lays it out its own way and writes the labels with
/// [`Texts::label`].
pub fn summary_rows(rules: &Rules, score: &HandScore) -> heapless::Vec<SummaryRow, 8> {
    let sides = score.sides();
    let row = |label: Label,
               points: &dyn Fn(&SideScore) -> u8,
               tally: &dyn Fn(&SideScore) -> Option<u8>| {
        let mut r = SummaryRow {
            label,
            points: [0; MAX_SIDES],
            tally: [None; MAX_SIDES],
        };
        for (i, s) in sides.iter().enumerate().take(MAX_SIDES) {
            r.points[i] = points(s);
            r.tally[i] = tally(s);
        }
        r
    };
    let mut rows = heapless::Vec::new();
    let mut push = |r: SummaryRow| {
        let _ = rows.push(r);
    };
    push(row(Label::Scope, &|s| s.scope, &|_| None));
    push(row(Label::Carte, &|s| s.carte, &|s| Some(s.cards)));
    push(row(Label::Denari, &|s| s.denari, &|s| Some(s.coins)));
    push(row(Label::Settebello, &|s| s.settebello, &|_| None));
    push(row(Label::Primiera, &|s| s.primiera, &|s| {
        if rules.primiera == PrimieraRule::MostSevens {
            Some(s.sevens)
        } else {
            s.primiera_value
        }
    }));
    if rules.napola {
        push(row(Label::Napola, &|s| s.napola, &|_| None));
    }
    if rules.re_bello {
        push(row(Label::ReBello, &|s| s.re_bello, &|_| None));
    }
    push(row(
        Label::PointsThisHand,
        &|s| s.total().min(u16::from(u8::MAX)) as u8,
        &|_| None,
    ));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::card::ValueNames;
    use crate::cardset::CardSet;
    use crate::session::{Action, Settings};
    use std::format;
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// Every table size the session seats.
    #[cfg(feature = "big-tables")]
    const TABLES: [u8; 5] = [2, 3, 4, 6, 8];
    /// Every table size the session seats (without `big-tables`, one deck only).
    #[cfg(not(feature = "big-tables"))]
    const TABLES: [u8; 3] = [2, 3, 4];

    /// Issue 37 item 2: cards in words as the chosen deck names them, in both languages.
    #[test]
    fn each_deck_names_its_cards() {
        let c = |s: &str| -> Card { s.parse().unwrap() };
        let names = |lang, deck| {
            Texts::new(lang)
                .with_style(CardStyle::Names)
                .with_deck(deck)
        };
        let cases = [
            (Lang::En, Deck::Italian, "10c", "King of coppe"),
            (Lang::It, Deck::Italian, "10c", "Re di coppe"),
            (Lang::En, Deck::Spanish, "10c", "King of copas"),
            (Lang::It, Deck::Spanish, "10c", "Re di copas"),
            (Lang::En, Deck::Spanish, "4s", "4 of espadas"),
            (Lang::En, Deck::Spanish, "1d", "Ace of oros"),
            (Lang::It, Deck::Spanish, "8b", "Fante di bastos"),
            (Lang::En, Deck::French, "9c", "Queen of hearts"),
            (Lang::It, Deck::French, "9c", "Donna di cuori"),
            (Lang::En, Deck::French, "7d", "7 of diamonds"),
            (Lang::It, Deck::French, "1b", "Asso di fiori"),
            (Lang::It, Deck::French, "10s", "Re di picche"),
        ];
        for (lang, deck, card, want) in cases {
            assert_eq!(names(lang, deck).card(c(card)).to_string(), want);
        }
        // The Italian deck's value names are the one table of `ValueNames`.
        for v in 1..=10 {
            let n = ValueNames::of(v);
            assert_eq!(Texts::new(Lang::En).value(v), n.english);
            assert_eq!(Texts::new(Lang::It).value(v), n.italian);
        }
        // The briscola of an event and every event's card follow the deck.
        let dealt = GameEvent::Briscola(TwoDeckEvent::Dealt {
            dealer: 1,
            briscola: c("4s"),
        });
        let t = names(Lang::En, Deck::Spanish);
        let line = t.event(&dealt).to_string();
        assert!(line.ends_with("Briscola: 4 of espadas"), "{line}");
        for deck in Deck::ALL {
            assert_eq!(Deck::from_code(deck.code()), Some(deck));
            for lang in Lang::ALL {
                let t = names(lang, deck);
                // No card of another deck's suits.
                for card in (0..40).filter_map(Card::from_index) {
                    let name = t.card(card).to_string();
                    let foreign: &[&str] = match deck {
                        Deck::Italian => &["copas", "oros", "hearts", "cuori"],
                        Deck::Spanish => &["coppe", "denari", "spade ", "hearts"],
                        Deck::French => &["coppe", "copas", "denari"],
                    };
                    assert!(
                        foreign.iter().all(|w| !name.contains(w)),
                        "{deck:?} {lang:?}: {name}"
                    );
                }
            }
        }
    }

    /// Issue 36: an event may name any `u8` as a side or a seat (`Texts::event` is public);
    /// at every table, in both languages, the texts never panic (no `u8` arithmetic
    /// overflows) and a side the table lacks is named as such.
    #[test]
    fn every_u8_side_and_seat_is_written_without_panic() {
        let mut out = String::new();
        for players in TABLES.into_iter().chain([0, 1, 5, 7, 9, 200, 255]) {
            for lang in Lang::ALL {
                for you in [None, Some(0), Some(5), Some(255)] {
                    let t = Texts {
                        you,
                        players,
                        ..Texts::new(lang)
                    };
                    for side in 0..=u8::MAX {
                        out.clear();
                        use core::fmt::Write as _;
                        let score = TwoDeckScore {
                            points: [60, 30, 20, 10],
                            winner: Some(side),
                        };
                        let events = [
                            GameEvent::Scopa(TeamEvent::TableCollected {
                                side,
                                cards: CardMultiset::EMPTY,
                            }),
                            GameEvent::Scopa(TeamEvent::MatchFinished {
                                winner: side,
                                scores: [1, 2, 3, 4],
                            }),
                            GameEvent::Briscola(TwoDeckEvent::HandFinished(score)),
                            GameEvent::Briscola(TwoDeckEvent::MatchFinished { winner: side }),
                            GameEvent::Briscola(TwoDeckEvent::TrickTaken {
                                seat: side,
                                side,
                                cards: CardMultiset::EMPTY,
                                points: side,
                            }),
                            GameEvent::Briscola(TwoDeckEvent::Drew {
                                seat: side,
                                briscola: true,
                            }),
                        ];
                        for e in &events {
                            write!(out, "{}", t.event(e)).unwrap();
                        }
                        write!(
                            out,
                            "{}{}{}{}",
                            t.side(side),
                            t.seat(side),
                            t.winner(side),
                            t.another_hand(side, u16::from(side), side)
                        )
                        .unwrap();
                        write!(out, "{}", t.phase(&Phase::MatchOver { winner: side })).unwrap();
                        let in_table = u16::from(side) < u16::from(t.sides());
                        assert_eq!(
                            t.side(side).to_string().contains("table")
                                || t.side(side).to_string().contains("tavolo"),
                            !in_table,
                            "{players} players, side {side}: {}",
                            t.side(side)
                        );
                    }
                }
            }
        }
    }

    /// Plays a match of `settings` by its first legal moves and AIs, rendering every text
    /// the session gives on the way (phases, events, hints, the hands' summaries); returns
    /// them.
    fn render_a_match(settings: Settings, names: Names) -> Vec<String> {
        let mut session = Session::new(settings, 7).unwrap();
        let t = session.texts().with_names(names);
        let mut lines = Vec::new();
        lines.push(t.event(&session.deal_event()).to_string());
        let (game, rules) = (settings.game, settings.rules);
        lines.push(format!(
            "{} · {}",
            t.game_name(game),
            t.game_rules(game, rules)
        ));
        for _ in 0..5000 {
            let phase = session.phase();
            lines.push(t.phase(&phase).to_string());
            let action = match phase {
                Phase::Play { .. } => {
                    if let Ok(hint) = session.hint() {
                        lines.push(t.hint(&hint).to_string());
                    }
                    let mut first = None;
                    session.for_each_legal_move(&mut |m| {
                        first.get_or_insert(m);
                    });
                    Action::Play(first.unwrap())
                }
                Phase::ChooseCapture { .. } => Action::Capture(0),
                Phase::AiDue { .. } => Action::RunAi,
                Phase::MatchOver { .. } => return lines,
                _ => Action::Continue,
            };
            for e in session.apply(action).unwrap() {
                lines.push(t.event(&e).to_string());
                match e {
                    GameEvent::Scopa(TeamEvent::HandFinished(score)) => {
                        for row in summary_rows(&rules, &score) {
                            lines.push(t.label(row.label).to_string());
                        }
                    }
                    GameEvent::Briscola(TwoDeckEvent::HandFinished(score)) => {
                        lines.push(t.briscola_points(score).to_string());
                    }
                    _ => {}
                }
            }
        }
        panic!("the match did not end");
    }

    /// Issue 36, "texts per game": every text of every game, at every table size, in both
    /// languages, from the first person's point of view and a watcher's; each game speaks
    /// its own terms (Briscola never of captures, sweeps or Kings on the table), the Kings
    /// rule counts the Kings of its table, and a side of two partners takes a plural verb.
    #[test]
    fn every_text_of_every_game_at_every_table() {
        let partners = Names::from_list(["Anna", "", "", "Dino"]).unwrap();
        for players in TABLES {
            for lang in Lang::ALL {
                for watch in [false, true] {
                    for names in [Names::NONE, partners] {
                        let rules = Rules {
                            target: 3,
                            ..Rules::default().with_players(players)
                        };
                        let mut scopa = Settings::against(Level::Random, rules);
                        let mut briscola = Settings::briscola(
                            Level::Random,
                            BriscolaRules {
                                players,
                                decks: crate::seats::decks_for(players),
                                target: 1,
                                ..BriscolaRules::default()
                            },
                        );
                        scopa.lang = lang;
                        briscola.lang = lang;
                        if watch {
                            scopa.seats[0] = crate::session::Player::Ai(Level::Random);
                            briscola.seats[0] = crate::session::Player::Ai(Level::Random);
                        }
                        for (settings, is_briscola) in [(scopa, false), (briscola, true)] {
                            let lines = render_a_match(settings, names);
                            let at = |l: &str| format!("{players} players, {lang:?}: {l}");
                            let kings = if players >= 6 { "5" } else { "3" };
                            let rules_line = &lines[1];
                            if !is_briscola {
                                assert!(
                                    rules_line.contains(&format!("{kings} Kings"))
                                        || rules_line.contains(&format!("{kings} Re")),
                                    "{}",
                                    at(rules_line)
                                );
                            }
                            for line in &lines {
                                assert!(!line.is_empty(), "{}", at("an empty text"));
                                assert!(!line.contains("(not at this table)"), "{}", at(line));
                                assert!(!line.contains("(non a questo tavolo)"), "{}", at(line));
                                let lower = line.to_lowercase();
                                if is_briscola {
                                    for word in ["captur", "scopa", "kings", "sweep", "pulito"] {
                                        assert!(!lower.contains(word), "{}", at(line));
                                    }
                                }
                                match lang {
                                    Lang::En => {
                                        assert!(!line.contains("Giocator"), "{}", at(line));
                                        for wrong in
                                            ["You wins", "You takes", "Opponents wins", "Dino wins"]
                                        {
                                            assert!(!line.contains(wrong), "{}", at(line));
                                        }
                                        if let Some(i) = line.find(" wins the hand") {
                                            let who = &line[..i];
                                            assert!(
                                                !who.ends_with(char::is_numeric)
                                                    || !who.contains(" & "),
                                                "{}",
                                                at(line)
                                            );
                                        }
                                    }
                                    Lang::It => {
                                        assert!(!line.contains("Player "), "{}", at(line));
                                        assert!(!line.contains("Players "), "{}", at(line));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Issue 37 item 15: a Briscola hand won by two partners (or by "you") takes a plural
    /// verb; items 11 and 36: the Kings rule at 6 and 8 says 5 Kings.
    #[test]
    fn plural_sides_and_the_kings_of_big_tables() {
        let score = TwoDeckScore {
            points: [100, 40, 100, 0],
            winner: Some(0),
        };
        let watch = |players| Texts {
            players,
            ..Texts::new(Lang::En)
        };
        assert!(
            watch(6)
                .briscola_points(score)
                .to_string()
                .ends_with("— Players 1 & 4 win the hand")
        );
        assert!(
            watch(2)
                .briscola_points(score)
                .to_string()
                .ends_with("— Player 1 wins the hand")
        );
        let you = Texts {
            you: Some(0),
            ..watch(2)
        };
        assert!(
            you.briscola_points(score)
                .to_string()
                .ends_with("— You win the hand")
        );
        let team = Texts {
            you: Some(3),
            ..watch(6)
        };
        assert!(
            team.briscola_points(score)
                .to_string()
                .ends_with("— Your team wins the hand")
        );
        let six = Rules::default().with_players(6);
        let line = Texts::new(Lang::En).rules(six).to_string();
        assert!(line.contains("Redeal with 5 Kings"), "{line}");
        assert!(line.contains("two decks"), "{line}");
        let line = Texts::new(Lang::It).rules(Rules::default()).to_string();
        assert!(line.contains("3 Re in tavola"), "{line}");
        // The settings' switch serves every table size: it names both counts (issue 37
        // item 11: it said 3 Kings at 6 and 8 players too).
        for lang in [Lang::En, Lang::It] {
            let switch = Texts::new(lang).label(Label::KingsRedeal);
            assert!(switch.contains('3') && switch.contains('5'), "{switch}");
        }
        assert_eq!(
            watch(8).redeals(1).to_string(),
            "dealt again 1 time: 5 or more Kings were on the table"
        );
        let it = Texts {
            lang: Lang::It,
            ..watch(6)
        };
        assert_eq!(
            it.winner(2).to_string(),
            "Giocatori 3 e 6 hanno vinto la partita."
        );
        assert_eq!(
            watch(8).another_hand(4, 12, 11).to_string(),
            "All four sides reached 11 with 12 points each: another hand is played."
        );
        assert_eq!(
            watch(6).another_hand(2, 12, 11).to_string(),
            "Two sides reached 11 with 12 points each: another hand is played."
        );
    }

    #[test]
    fn lang_from_locale_tags() {
        for tag in ["it", "IT", "it-IT", "it_IT.UTF-8", "it_CH"] {
            assert_eq!(Lang::from_tag(tag), Lang::It, "{tag}");
        }
        for tag in ["", "en", "en_US.UTF-8", "C", "POSIX", "item", "i"] {
            assert_eq!(Lang::from_tag(tag), Lang::En, "{tag}");
        }
    }

    #[test]
    fn cards_in_every_style_and_language() {
        let king: Card = "10s".parse().unwrap();
        let en = Texts::new(Lang::En);
        let it = Texts::new(Lang::It);
        assert_eq!(en.card(king).to_string(), "10s");
        assert_eq!(
            en.with_style(CardStyle::Symbols).card(king).to_string(),
            "10♠"
        );
        assert_eq!(
            en.with_style(CardStyle::Names).card(king).to_string(),
            "King of spade"
        );
        assert_eq!(
            it.with_style(CardStyle::Names).card(king).to_string(),
            "Re di spade"
        );
        let set: CardSet = "1d 5c".parse().unwrap();
        assert_eq!(
            it.with_style(CardStyle::Names).cards(set).to_string(),
            "Asso di denari, 5 di coppe"
        );
        assert_eq!(en.cards(CardSet::EMPTY).to_string(), "—");
    }

    #[test]
    fn name_errors_in_both_languages() {
        let e = NameError::TooLong { seat: 0, len: 13 };
        assert_eq!(
            Texts::new(Lang::It).name_error(&e).to_string(),
            "il nome del posto 1 è lungo 13 byte; un nome ne ha al massimo 12 (12 lettere senza accenti)"
        );
        assert_eq!(
            Texts::new(Lang::En).name_error(&e).to_string(),
            e.to_string()
        );
    }

    #[test]
    fn names_replace_player_n_but_not_you() {
        let names = Names::from_list(["Anna", "Bruno", "Carla", ""]).unwrap();
        let t = Texts {
            you: None,
            players: 4,
            ..Texts::new(Lang::It).with_names(names)
        };
        assert_eq!(t.seat(1).to_string(), "Bruno");
        assert_eq!(t.seat(3).to_string(), "Giocatore 4", "no name: the default");
        assert_eq!(t.side(0).to_string(), "Anna e Carla");
        assert_eq!(
            t.side(1).to_string(),
            "Giocatori 2 e 4",
            "one partner unnamed: the seats"
        );
        assert_eq!(
            t.scores([3, 5, 0]).to_string(),
            "Anna e Carla 3 · Giocatori 2 e 4 5"
        );
        let you = Texts { you: Some(0), ..t };
        assert_eq!(
            you.seat(0).to_string(),
            "Tu",
            "the one person stays \"you\""
        );
        assert_eq!(you.seat(2).to_string(), "Carla");
        assert_eq!(you.side(0).to_string(), "La tua squadra");
        let two = Texts {
            players: 2,
            lang: Lang::En,
            ..t
        };
        assert_eq!(two.scores([1, 2, 0]).to_string(), "Anna 1 · Bruno 2");
        assert!(
            two.phase(&Phase::HandOff { seat: 1 })
                .to_string()
                .contains("Bruno")
        );
        assert_eq!(
            two.phase(&Phase::HandOff { seat: 1 }).to_string(),
            Texts {
                names: Names::NONE,
                ..two
            }
            .phase(&Phase::HandOff { seat: 1 })
            .to_string()
            .replace("Player 2", "Bruno")
        );
    }

    #[test]
    fn seats_and_sides_from_a_point_of_view() {
        let t = Texts {
            you: Some(0),
            players: 4,
            ..Texts::new(Lang::En)
        };
        assert_eq!(t.seat(0).to_string(), "You");
        assert_eq!(t.seat(3).to_string(), "Player 4");
        assert_eq!(t.side(0).to_string(), "Your team");
        assert_eq!(t.side(1).to_string(), "Opponents");
        let nobody = Texts { you: None, ..t };
        assert_eq!(nobody.side(1).to_string(), "Players 2 & 4");
        let it = Texts {
            lang: Lang::It,
            ..t
        };
        assert_eq!(it.winner(0).to_string(), "Avete vinto la partita!");
        assert_eq!(
            it.winner(1).to_string(),
            "Gli avversari hanno vinto la partita."
        );
    }

    #[test]
    fn every_label_has_both_languages() {
        // A label left untranslated shows up as an identical English text where Italian
        // differs; these are the words that are the same in both on purpose.
        let same = [
            Label::Scopa,
            Label::Ai,
            Label::Primiera,
            Label::Napola,
            Label::ReBello,
            Label::Scope,
            Label::Briscola,
        ];
        for &label in Label::ALL {
            let (en, it) = (label.text(Lang::En), label.text(Lang::It));
            assert!(!en.is_empty() && !it.is_empty());
            assert!(en != it || same.contains(&label), "{label:?} untranslated");
        }
    }

    #[test]
    fn save_errors_in_both_languages() {
        use crate::scopa::snapshot::SnapshotError;
        let errors = [
            SaveError::WrongLength { len: 3 },
            SaveError::NotASave,
            SaveError::UnsupportedVersion { version: 9 },
            SaveError::Checksum,
            SaveError::Match(SnapshotError::Checksum),
            SaveError::BadPlayer { seat: 1, code: 7 },
            SaveError::BadFlags { flags: 8 },
            SaveError::Settings(SettingsError::UndoNeedsOneHuman { humans: 2 }),
            SaveError::BadPending,
            SaveError::BadSelection,
            SaveError::BadHolder,
        ];
        for e in &errors {
            let en = Texts::new(Lang::En).save_error(e).to_string();
            let it = Texts::new(Lang::It).save_error(e).to_string();
            assert_eq!(en, e.to_string());
            assert_ne!(en, it, "{e:?} untranslated");
        }
        assert_eq!(
            Texts::new(Lang::It).save_error(&errors[0]).to_string(),
            "una partita salvata occupa 364 byte, questa ne occupa 3"
        );
    }

    #[test]
    fn truncation_keeps_whole_characters() {
        let mut s = heapless::String::<5>::new();
        Texts::write_truncated(
            Texts::new(Lang::En)
                .with_style(CardStyle::Symbols)
                .cards("7d 7c".parse::<CardSet>().unwrap()),
            &mut s,
        );
        assert_eq!(s.as_str(), "7♦ ");
    }

    /// Issue 25: a tie at the target, a sweep on the last play and a refused capture say
    /// why, in both languages.
    #[test]
    fn why_texts_say_why() {
        let en = Texts::new(Lang::En);
        let it = Texts::new(Lang::It);
        assert_eq!(
            en.another_hand(2, 11, 11).to_string(),
            "Both sides reached 11 with 11 points each: another hand is played."
        );
        assert!(
            it.another_hand(2, 12, 11)
                .to_string()
                .contains("si gioca un'altra mano")
        );
        assert!(en.last_play_sweep().contains("never counts as a scopa"));
        assert_ne!(en.last_play_sweep(), it.last_play_sweep());
        let c = |s: &str| -> Card { s.parse().unwrap() };
        let set = |s: &str| -> CardSet { s.parse().unwrap() };
        let table = set("7c 5d 2c 4s");
        assert_eq!(
            en.capture_refused(c("7d"), set("5d 2c"), table, AceRule::Plain)
                .to_string(),
            "7d cannot take 5d 2c: 7c, of the same value, is on the table, and a card of equal value must be taken before any sum"
        );
        assert!(
            it.capture_refused(c("7d"), set("5d 2c"), table, AceRule::Plain)
                .to_string()
                .contains("va presa prima di qualsiasi somma")
        );
        let table = set("5d 3c 4s");
        assert_eq!(
            en.capture_refused(c("7d"), set("5d 4s"), table, AceRule::Plain)
                .to_string(),
            "7d cannot take 5d 4s: those cards add up to 9, not 7"
        );
        assert_eq!(
            en.capture_refused(c("7d"), set("3s 4s"), table, AceRule::Plain)
                .to_string(),
            "7d cannot take 3s 4s: 3s is not on the table"
        );
    }
}
