//! The rules options and AI levels of the foreign API, and their translation to
//! and from scopa-core. No game rule lives here: every decision is the core's.

use scopa_core::ai::Level;
use scopa_core::scopa::{
    AceRule as CoreAce, DealKind as CoreDeal, PrimieraRule as CorePrimiera, Rules,
};

use crate::session::SessionError;

/// How the cards are dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum DealKind {
    /// 3 cards each per round, 4 on the table (2, 3 or 4 players); with 6 or 8 players
    /// (two decks) 8 on the first table.
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

/// The Ace option (`none` in docs/rules.md is `Plain`).
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

/// Every rules option of docs/rules.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RulesConfig {
    /// 2, 3 or 4 with one deck, or 6 or 8 with two decks shuffled together (three or four
    /// teams, partners opposite: docs/rules.md §8); the number of decks follows.
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

// ----- translation -----

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
    /// The core rules, with only the numbers checked to fit (the session validates the rest
    /// and says what is wrong in its language).
    pub fn to_core_unchecked(&self) -> Result<Rules, SessionError> {
        let invalid = |message: String| SessionError::InvalidSettings { message };
        let players = u8::try_from(self.players).map_err(|_| {
            invalid(format!(
                "players must be 2, 3, 4, 6 or 8, not {}",
                self.players
            ))
        })?;
        let target = u8::try_from(self.target).map_err(|_| {
            invalid(format!(
                "target must be 1 to 255 points, not {}",
                self.target
            ))
        })?;
        Ok(Rules {
            players,
            decks: scopa_core::decks_for(players),
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
