//! The records and enums of the foreign API, and their translation to and from scopa-core.
//! No game rule lives here: every decision is the core's.

use scopa_core::ai::{self, Level};
use scopa_core::{
    AceRule as CoreAce, Card as CoreCard, CardSet, DealKind as CoreDeal, HandScore,
    Move as CoreMove, Play, PrimieraRule as CorePrimiera, Rules, Suit as CoreSuit,
};

use crate::error::ScopaError;

/// A suit, in the canonical order d, c, s, b.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Suit {
    /// Coins (♦), letter `d`.
    Denari,
    /// Cups (♥), letter `c`.
    Coppe,
    /// Swords (♠), letter `s`.
    Spade,
    /// Clubs (♣), letter `b`.
    Bastoni,
}

/// How the cards are dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum DealKind {
    /// 3 cards each per round, 4 on the table (2, 3 or 4 players).
    Standard,
    /// Scopone classico: 9 cards each, 4 on the table (4 players).
    Scopone,
    /// Scopone scientifico: 10 cards each, empty table (4 players).
    ScoponeScientifico,
}

/// How primiera is compared.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PrimieraRule {
    /// A side missing a suit has no primiera.
    Classic,
    /// Missing suits add 0.
    Lenient,
    /// Most 7s, then 6s, then Aces.
    MostSevens,
}

/// The Ace option (`none` in RULES.md is `Plain`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum AceRule {
    /// The Ace is a plain 1.
    Plain,
    /// Asso piglia tutto.
    TakesAll,
    /// Scopa d'Assi.
    MatchTakesAll,
}

/// The AI levels, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum AiLevel {
    /// A random legal move.
    Random,
    /// Greedy.
    Easy,
    /// Rule-based.
    Medium,
    /// Search over the hidden cards.
    Expert,
    /// The expert with the handheld's budget.
    Handheld,
}

/// Why the hint recommends its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum HintReason {
    /// The only legal move.
    OnlyMove,
    /// Sweeps the table.
    Scopa,
    /// Takes the seven of coins.
    TakesSettebello,
    /// Takes sevens.
    TakesSevens,
    /// Takes coins.
    TakesCoins,
    /// Takes the most cards.
    TakesMostCards,
    /// Leaves no sweep for the next player.
    AvoidsSweep,
    /// Lays the card that gives the opponents least.
    SafestDiscard,
    /// Best on average over the hidden hands.
    BestOnAverage,
}

/// A card: suit, value (1 … 10; Fante 8, Cavallo 9, Re 10) and its notation (`7d`).
///
/// As input, `suit` and `value` name the card; `code` may be empty or must be the card's
/// notation (either case).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// The value, 1 … 10.
    pub value: u32,
    /// The notation: value then suit letter, `7d`, `10b`.
    pub code: String,
}

/// A move: the card played and the table cards it captures (empty: laid on the table).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Move {
    /// The card played.
    pub card: Card,
    /// The table cards captured, in canonical order.
    pub capture: Vec<Card>,
}

/// One play of the current hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PlayRecord {
    /// The seat that played.
    pub seat: u32,
    /// The move.
    pub r#move: Move,
}

/// Every rules option of RULES.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RulesConfig {
    /// 2, 3 or 4.
    pub players: u32,
    /// The deal.
    pub deal: DealKind,
    /// Points to win, 1 … 255.
    pub target: u32,
    /// Primiera comparison.
    pub primiera: PrimieraRule,
    /// The Ace option.
    pub ace: AceRule,
    /// Napola scores.
    pub napola: bool,
    /// The King of coins scores.
    pub re_bello: bool,
    /// Redeal on 3+ Kings on the initial table.
    pub kings_redeal: bool,
}

/// What a match is created from (with a seed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct GameConfig {
    /// The rules.
    pub rules: RulesConfig,
    /// One entry per seat: the AI level, or `None` for a human seat.
    pub ai_levels: Vec<Option<AiLevel>>,
    /// The first dealer; `None` draws it by lot from the seed.
    pub first_dealer: Option<u32>,
}

/// One side as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SideView {
    /// The side.
    pub side: u32,
    /// Its seats.
    pub seats: Vec<u32>,
    /// Match points before the current hand.
    pub score: u32,
    /// Cards captured this hand.
    pub pile_size: u32,
    /// Scope made this hand.
    pub scope: u32,
}

/// One side's score for a finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SideBreakdown {
    /// The side.
    pub side: u32,
    /// Points: scope.
    pub scope: u32,
    /// Points: most cards.
    pub carte: u32,
    /// Points: most coins.
    pub denari: u32,
    /// Points: the seven of coins.
    pub settebello: u32,
    /// Points: primiera.
    pub primiera: u32,
    /// Points: napola.
    pub napola: u32,
    /// Points: re bello.
    pub re_bello: u32,
    /// Points for the hand, all together.
    pub total: u32,
    /// Tally: cards.
    pub cards: u32,
    /// Tally: coins.
    pub coins: u32,
    /// Tally: sevens.
    pub sevens: u32,
    /// Tally: primiera sum (`None`: no primiera under `classic`, a suit is missing).
    pub primiera_value: Option<u32>,
    /// The side's pile at the end of the hand (empty when unknown).
    pub pile: Vec<Card>,
}

/// The breakdown of a finished hand, per side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct HandBreakdown {
    /// One entry per side.
    pub sides: Vec<SideBreakdown>,
}

/// Everything one seat's screen needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct GameView {
    /// The seat this view is for.
    pub seat: u32,
    /// Its side.
    pub side: u32,
    /// Players in the match.
    pub players: u32,
    /// The rules.
    pub rules: RulesConfig,
    /// Per seat: AI level or `None` (human).
    pub ai_levels: Vec<Option<AiLevel>>,
    /// This seat's hand, canonical order.
    pub hand: Vec<Card>,
    /// The table, canonical order.
    pub table: Vec<Card>,
    /// The seat to play.
    pub turn: u32,
    /// Whether this seat is to play now.
    pub is_my_turn: bool,
    /// Dealer of the current hand.
    pub dealer: u32,
    /// Hand number, from 0.
    pub hand_number: u32,
    /// Plays made in the current hand.
    pub plays_in_hand: u32,
    /// Cards left in the deck.
    pub deck_left: u32,
    /// Cards held, per seat.
    pub hand_sizes: Vec<u32>,
    /// Per side: score, pile size, scope.
    pub sides: Vec<SideView>,
    /// The side that captured last this hand.
    pub last_capture_side: Option<u32>,
    /// The last play of the match (it may close the previous hand).
    pub last_play: Option<PlayRecord>,
    /// This seat's legal moves (empty unless `is_my_turn`).
    pub legal_moves: Vec<Move>,
    /// The breakdown of the last finished hand.
    pub last_hand: Option<HandBreakdown>,
    /// The winning side, once the match is over.
    pub winner: Option<u32>,
    /// Whether the match is over.
    pub is_over: bool,
}

/// A recommended move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Hint {
    /// The move.
    pub r#move: Move,
    /// Why.
    pub reason: HintReason,
    /// Why, in words.
    pub explanation: String,
}

/// What happened in a play, in order, for the app to animate.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameEvent {
    /// `seat` played `move`.
    Played {
        /// The seat.
        seat: u32,
        /// The move.
        r#move: Move,
    },
    /// The capture swept the table: a point to `side`.
    Scopa {
        /// The seat.
        seat: u32,
        /// Its side.
        side: u32,
    },
    /// A new round of cards was dealt to every seat.
    Dealt {
        /// The round (1 = the second of the hand).
        round: u32,
        /// Cards left in the deck after it.
        deck_left: u32,
    },
    /// End of the hand: the table's cards went to the last side that captured.
    TableCollected {
        /// The side.
        side: u32,
        /// The cards.
        cards: Vec<Card>,
    },
    /// The hand is over, with its score.
    HandFinished {
        /// The breakdown.
        breakdown: HandBreakdown,
    },
    /// The match is over.
    MatchFinished {
        /// The winning side.
        winner: u32,
        /// Final points per side.
        scores: Vec<u32>,
    },
    /// A new hand was dealt.
    NewHand {
        /// Its number, from 0.
        number: u32,
        /// Its dealer.
        dealer: u32,
    },
}

// ----- translation -----

impl From<CoreSuit> for Suit {
    fn from(s: CoreSuit) -> Suit {
        match s {
            CoreSuit::Denari => Suit::Denari,
            CoreSuit::Coppe => Suit::Coppe,
            CoreSuit::Spade => Suit::Spade,
            CoreSuit::Bastoni => Suit::Bastoni,
        }
    }
}

impl From<Suit> for CoreSuit {
    fn from(s: Suit) -> CoreSuit {
        match s {
            Suit::Denari => CoreSuit::Denari,
            Suit::Coppe => CoreSuit::Coppe,
            Suit::Spade => CoreSuit::Spade,
            Suit::Bastoni => CoreSuit::Bastoni,
        }
    }
}

impl From<CoreCard> for Card {
    fn from(c: CoreCard) -> Card {
        Card {
            suit: c.suit().into(),
            value: u32::from(c.value()),
            code: c.to_string(),
        }
    }
}

impl Card {
    /// The core card this record names.
    pub fn to_core(&self) -> Result<CoreCard, ScopaError> {
        let card = u8::try_from(self.value)
            .ok()
            .and_then(|v| CoreCard::new(self.suit.into(), v))
            .ok_or_else(|| ScopaError::InvalidCard {
                reason: format!(
                    "value {} of {} is not 1 to 10",
                    self.value,
                    CoreSuit::from(self.suit).name()
                ),
            })?;
        if !self.code.is_empty() && !self.code.eq_ignore_ascii_case(&card.to_string()) {
            return Err(ScopaError::InvalidCard {
                reason: format!(
                    "code {:?} does not match suit {} and value {} (expected {card} or an empty code)",
                    self.code,
                    CoreSuit::from(self.suit).name(),
                    self.value
                ),
            });
        }
        Ok(card)
    }
}

/// The cards of a set, canonical order.
pub fn cards(set: CardSet) -> Vec<Card> {
    set.into_iter().map(Card::from).collect()
}

impl From<CoreMove> for Move {
    fn from(m: CoreMove) -> Move {
        Move {
            card: m.card().into(),
            capture: cards(m.capture()),
        }
    }
}

impl Move {
    /// The core move: every card must exist and the capture may not name a card twice
    /// (whether the move is legal is for the core to say).
    pub fn to_core(&self) -> Result<CoreMove, ScopaError> {
        let card = self.card.to_core()?;
        let mut capture = CardSet::EMPTY;
        for c in &self.capture {
            let c = c.to_core()?;
            if !capture.insert(c) {
                return Err(ScopaError::InvalidCard {
                    reason: format!("card {c} is listed twice in the capture"),
                });
            }
        }
        Ok(CoreMove::new(card, capture))
    }
}

impl From<Play> for PlayRecord {
    fn from(p: Play) -> PlayRecord {
        PlayRecord {
            seat: u32::from(p.seat),
            r#move: p.mv.into(),
        }
    }
}

impl From<CoreDeal> for DealKind {
    fn from(d: CoreDeal) -> DealKind {
        match d {
            CoreDeal::Standard => DealKind::Standard,
            CoreDeal::Scopone => DealKind::Scopone,
            CoreDeal::ScoponeScientifico => DealKind::ScoponeScientifico,
        }
    }
}

impl From<CorePrimiera> for PrimieraRule {
    fn from(p: CorePrimiera) -> PrimieraRule {
        match p {
            CorePrimiera::Classic => PrimieraRule::Classic,
            CorePrimiera::Lenient => PrimieraRule::Lenient,
            CorePrimiera::MostSevens => PrimieraRule::MostSevens,
        }
    }
}

impl From<CoreAce> for AceRule {
    fn from(a: CoreAce) -> AceRule {
        match a {
            CoreAce::Plain => AceRule::Plain,
            CoreAce::TakesAll => AceRule::TakesAll,
            CoreAce::MatchTakesAll => AceRule::MatchTakesAll,
        }
    }
}

impl From<Rules> for RulesConfig {
    fn from(r: Rules) -> RulesConfig {
        RulesConfig {
            players: u32::from(r.players),
            deal: r.deal.into(),
            target: u32::from(r.target),
            primiera: r.primiera.into(),
            ace: r.ace.into(),
            napola: r.napola,
            re_bello: r.re_bello,
            kings_redeal: r.kings_redeal,
        }
    }
}

impl RulesConfig {
    /// The core rules, validated.
    pub fn to_core(&self) -> Result<Rules, ScopaError> {
        let rules = self.to_core_unchecked()?;
        rules.validate()?;
        Ok(rules)
    }

    /// The core rules, with only the numbers checked to fit (the session validates the rest
    /// and says what is wrong in its language).
    pub fn to_core_unchecked(&self) -> Result<Rules, ScopaError> {
        let players = u8::try_from(self.players).map_err(|_| ScopaError::InvalidConfig {
            reason: format!("players must be 2, 3 or 4, not {}", self.players),
        })?;
        let target = u8::try_from(self.target).map_err(|_| ScopaError::InvalidConfig {
            reason: format!("target must be 1 to 255 points, not {}", self.target),
        })?;
        Ok(Rules {
            players,
            deal: match self.deal {
                DealKind::Standard => CoreDeal::Standard,
                DealKind::Scopone => CoreDeal::Scopone,
                DealKind::ScoponeScientifico => CoreDeal::ScoponeScientifico,
            },
            target,
            primiera: match self.primiera {
                PrimieraRule::Classic => CorePrimiera::Classic,
                PrimieraRule::Lenient => CorePrimiera::Lenient,
                PrimieraRule::MostSevens => CorePrimiera::MostSevens,
            },
            ace: match self.ace {
                AceRule::Plain => CoreAce::Plain,
                AceRule::TakesAll => CoreAce::TakesAll,
                AceRule::MatchTakesAll => CoreAce::MatchTakesAll,
            },
            napola: self.napola,
            re_bello: self.re_bello,
            kings_redeal: self.kings_redeal,
        })
    }
}

impl From<Level> for AiLevel {
    fn from(l: Level) -> AiLevel {
        match l {
            Level::Random => AiLevel::Random,
            Level::Easy => AiLevel::Easy,
            Level::Medium => AiLevel::Medium,
            Level::Expert => AiLevel::Expert,
            Level::Handheld => AiLevel::Handheld,
        }
    }
}

impl From<AiLevel> for Level {
    fn from(l: AiLevel) -> Level {
        match l {
            AiLevel::Random => Level::Random,
            AiLevel::Easy => Level::Easy,
            AiLevel::Medium => Level::Medium,
            AiLevel::Expert => Level::Expert,
            AiLevel::Handheld => Level::Handheld,
        }
    }
}

impl From<ai::Reason> for HintReason {
    fn from(r: ai::Reason) -> HintReason {
        match r {
            ai::Reason::OnlyMove => HintReason::OnlyMove,
            ai::Reason::Scopa => HintReason::Scopa,
            ai::Reason::TakesSettebello => HintReason::TakesSettebello,
            ai::Reason::TakesSevens => HintReason::TakesSevens,
            ai::Reason::TakesCoins => HintReason::TakesCoins,
            ai::Reason::TakesMostCards => HintReason::TakesMostCards,
            ai::Reason::AvoidsSweep => HintReason::AvoidsSweep,
            ai::Reason::SafestDiscard => HintReason::SafestDiscard,
            ai::Reason::BestOnAverage => HintReason::BestOnAverage,
        }
    }
}

impl From<ai::Hint> for Hint {
    fn from(h: ai::Hint) -> Hint {
        Hint {
            r#move: h.mv.into(),
            reason: h.reason.into(),
            explanation: h.reason.to_string(),
        }
    }
}

/// The breakdown of `score`, with each side's pile when known.
pub fn breakdown(score: &HandScore, piles: Option<&[CardSet; 3]>) -> HandBreakdown {
    HandBreakdown {
        sides: score
            .sides()
            .iter()
            .enumerate()
            .map(|(i, s)| SideBreakdown {
                side: i as u32,
                scope: u32::from(s.scope),
                carte: u32::from(s.carte),
                denari: u32::from(s.denari),
                settebello: u32::from(s.settebello),
                primiera: u32::from(s.primiera),
                napola: u32::from(s.napola),
                re_bello: u32::from(s.re_bello),
                total: u32::from(s.total()),
                cards: u32::from(s.cards),
                coins: u32::from(s.coins),
                sevens: u32::from(s.sevens),
                primiera_value: s.primiera_value.map(u32::from),
                pile: piles.map(|p| cards(p[i])).unwrap_or_default(),
            })
            .collect(),
    }
}
