//! [`UiTexts`]: the fixed words of the apps in one language, fetched once (labels of the
//! buttons and settings, card names, the names of the rules options), all from
//! `scopa_core::session::texts`.

use scopa_core::Card;
use scopa_core::ai::Level;
use scopa_core::scopa::{AceRule as CoreAce, DealKind as CoreDeal, PrimieraRule as CorePrimiera};
use scopa_core::session::{CardStyle, Label, Lang as CoreLang, Texts};

use super::types::Lang;
use crate::types::{AceRule, AiLevel, DealKind, PrimieraRule};

macro_rules! labels {
    ($($field:ident => $label:ident,)+) => {
        /// Every fixed label of `scopa_core::session::Label` in one language, one field per
        /// label (the label's name in snake case; `Continue` is `carry_on`).
        #[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
        #[allow(missing_docs)]
        pub struct Labels {
            $(pub $field: String,)+
        }

        impl Labels {
            /// The labels in `lang`.
            pub fn new(lang: CoreLang) -> Labels {
                Labels { $($field: Label::$label.text(lang).to_string(),)+ }
            }

            /// Which core labels the record holds, in order.
            pub const LABELS: &'static [Label] = &[$(Label::$label),+];
        }
    };
}

labels! {
    scopa => Scopa,
    new_match => NewMatch,
    rematch => Rematch,
    carry_on => Continue,
    hint => Hint,
    undo => Undo,
    cancel => Cancel,
    settings => Settings,
    statistics => Statistics,
    start => Start,
    resume => Resume,
    quit => Quit,
    save_set_aside => SaveSetAside,
    players => Players,
    seat => Seat,
    human => Human,
    ai => Ai,
    ai_level => AiLevel,
    deal => Deal,
    target => Target,
    primiera => Primiera,
    ace => Ace,
    napola => Napola,
    re_bello => ReBello,
    kings_redeal => KingsRedeal,
    redeal => Redeal,
    language => Language,
    deck_style => DeckStyle,
    italian_deck => ItalianDeck,
    french_deck => FrenchDeck,
    ai_pace => AiPace,
    on => On,
    off => Off,
    score => Score,
    match_score => MatchScore,
    deck => Deck,
    table => Table,
    your_hand => YourHand,
    hand => Hand,
    dealer => Dealer,
    turn => Turn,
    captured => Captured,
    scope => Scope,
    carte => Carte,
    denari => Denari,
    settebello => Settebello,
    sevens => Sevens,
    points_this_hand => PointsThisHand,
    won => Won,
    lost => Lost,
    played => Played,
    pass_and_play => PassAndPlay,
    watch_mode => WatchMode,
    no_big_tables => NoBigTables,
    choose_capture => ChooseCapture,
    hidden_cards => HiddenCards,
    save_failed => SaveFailed,
    save_unreadable => SaveUnreadable,
    moves => Moves,
    press_enter => PressEnter,
    cards_in_hand => CardsInHand,
    game => Game,
    briscola => Briscola,
    new_deal => NewDeal,
    stock => Stock,
    trick => Trick,
    last_trick => LastTrick,
    hands_to_win => HandsToWin,
    card_points => CardPoints,
}

/// An AI level and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct LevelText {
    /// The level.
    pub level: AiLevel,
    /// Its name.
    pub name: String,
}

/// A deal and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct DealText {
    /// The deal.
    pub deal: DealKind,
    /// Its name.
    pub name: String,
}

/// A primiera rule and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PrimieraText {
    /// The rule.
    pub rule: PrimieraRule,
    /// Its name.
    pub name: String,
}

/// An Ace rule and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct AceText {
    /// The rule.
    pub rule: AceRule,
    /// Its name.
    pub name: String,
}

/// The fixed words of the apps in one language: fetch once per language (`uiTexts(lang)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct UiTexts {
    /// The language.
    pub lang: Lang,
    /// Buttons, settings, summary rows.
    pub labels: Labels,
    /// Each card's name by index: `7 of denari`, `King of spade` / `7 di denari`, `Re di spade`.
    pub cards: Vec<String>,
    /// Each card's short face by index: `7♦`, `10♣`.
    pub faces: Vec<String>,
    /// The value names, Ace (1) to King (10): `Ace`, `2`, …, `Jack`, `Knight`, `King`.
    pub values: Vec<String>,
    /// The suits in card order: denari, coppe, spade, bastoni (as players call them in both
    /// languages), with what they are in a French deck: `denari (coins, ♦)`.
    pub suits: Vec<String>,
    /// The AI levels, weakest first, for a settings screen.
    pub levels: Vec<LevelText>,
    /// The deals (the scopone deals need 4 players).
    pub deals: Vec<DealText>,
    /// The primiera rules.
    pub primiera_rules: Vec<PrimieraText>,
    /// The Ace rules.
    pub ace_rules: Vec<AceText>,
}

impl UiTexts {
    /// The texts in `lang`.
    pub fn new(lang: CoreLang) -> UiTexts {
        let t = Texts::new(lang).with_style(CardStyle::Names);
        let faces = t.with_style(CardStyle::Symbols);
        UiTexts {
            lang,
            labels: Labels::new(lang),
            cards: Card::all().map(|c| t.card(c).to_string()).collect(),
            faces: Card::all().map(|c| faces.card(c).to_string()).collect(),
            values: (1..=10).map(|v| t.value(v).to_string()).collect(),
            suits: scopa_core::Suit::ALL
                .iter()
                .map(|&s| t.suit_legend(s).to_string())
                .collect(),
            levels: Level::ALL
                .iter()
                .map(|&l| LevelText {
                    level: l.into(),
                    name: t.level(l).to_string(),
                })
                .collect(),
            deals: CoreDeal::ALL
                .iter()
                .map(|&d| DealText {
                    deal: d.into(),
                    name: t.deal(d).to_string(),
                })
                .collect(),
            primiera_rules: CorePrimiera::ALL
                .iter()
                .map(|&p| PrimieraText {
                    rule: p.into(),
                    name: t.primiera(p).to_string(),
                })
                .collect(),
            ace_rules: CoreAce::ALL
                .iter()
                .map(|&a| AceText {
                    rule: a.into(),
                    name: t.ace(a).to_string(),
                })
                .collect(),
        }
    }
}
