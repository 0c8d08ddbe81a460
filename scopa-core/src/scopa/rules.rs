//! [`Rules`]: every option of docs/rules.md, their names, and validation.

use core::fmt;
use core::str::FromStr;

use crate::seats::{decks_for, side_of_seat, sides_of};

/// How the cards are dealt (docs/rules.md §2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DealKind {
    /// 3 cards each per round, 4 on the table at the start (2, 3 or 4 players).
    #[default]
    Standard,
    /// Scopone classico: 9 cards each, 4 on the table (4 players only).
    Scopone,
    /// Scopone scientifico: 10 cards each, empty table (4 players only).
    ScoponeScientifico,
}

/// How primiera is compared (docs/rules.md §5).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PrimieraRule {
    /// A side missing a suit has no primiera; only sides with all four suits compete.
    #[default]
    Classic,
    /// Every side's sum counts; a missing suit adds 0.
    Lenient,
    /// Most 7s, then most 6s, then most Aces; still tied: nobody.
    MostSevens,
}

/// The Ace options of docs/rules.md §3.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AceRule {
    /// `none`: the Ace is a plain 1.
    #[default]
    Plain,
    /// `takes_all` (Asso piglia tutto): with no Ace on the table an Ace captures the whole
    /// table, which is not a scopa.
    TakesAll,
    /// `match_takes_all` (Scopa d'Assi): with an Ace on the table an Ace may take one Ace or
    /// the whole table, an ordinary capture.
    MatchTakesAll,
}

macro_rules! named_option {
    ($ty:ident, $what:literal, $( $variant:ident => $name:literal ),+ $(,)?) => {
        impl $ty {
            /// Every value of the option, in documentation order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The name used in docs/rules.md, the protocol and the command line.
            pub const fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(self.name())
            }
        }

        impl FromStr for $ty {
            type Err = UnknownOption;
            fn from_str(s: &str) -> Result<$ty, UnknownOption> {
                match s {
                    $($name => Ok($ty::$variant),)+
                    _ => Err(UnknownOption { option: $what, expected: concat!($($name, " "),+) }),
                }
            }
        }
    };
}

named_option!(DealKind, "deal", Standard => "standard", Scopone => "scopone",
    ScoponeScientifico => "scopone_scientifico");
named_option!(PrimieraRule, "primiera", Classic => "classic", Lenient => "lenient",
    MostSevens => "most_sevens");
named_option!(AceRule, "ace", Plain => "none", TakesAll => "takes_all",
    MatchTakesAll => "match_takes_all");

/// An option name that is not one of the documented values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct UnknownOption {
    /// Which option (`deal`, `primiera`, `ace`).
    pub option: &'static str,
    /// The accepted values, space-separated.
    pub expected: &'static str,
}

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} option; expected one of: {}",
            self.option,
            self.expected.trim_end()
        )
    }
}

impl core::error::Error for UnknownOption {}

/// The rules of a match: every option of docs/rules.md, defaults in [`Rules::default`].
///
/// The fields are public; check a hand-built value with [`Rules::validate`] (every
/// constructor of hands and matches does).
///
/// ```
/// use scopa_core::scopa::{DealKind, Rules, RulesError};
/// let mut rules = Rules::default();
/// assert_eq!((rules.players, rules.target), (2, 11));
/// rules.deal = DealKind::Scopone;
/// assert_eq!(rules.validate(), Err(RulesError::DealNeedsFourPlayers { deal: DealKind::Scopone, players: 2 }));
/// rules.players = 4;
/// assert_eq!(rules.validate(), Ok(()));
/// assert_eq!(rules.sides(), 2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Rules {
    /// Number of players: 2, 3 or 4 with one deck (4 play in two teams); 6 or 8 with two
    /// decks, in teams of two partners sitting opposite (docs/rules.md §8).
    pub players: u8,
    /// Decks shuffled together: 1, or 2 for 6 and 8 players (who need two).
    pub decks: u8,
    /// How the cards are dealt.
    pub deal: DealKind,
    /// Points needed to win the match (at least 1; 11 by default).
    pub target: u8,
    /// How primiera is compared.
    pub primiera: PrimieraRule,
    /// The Ace option.
    pub ace: AceRule,
    /// Napola: 1d 2d 3d … kd in one pile score k.
    pub napola: bool,
    /// Re bello: the King of coins scores 1.
    pub re_bello: bool,
    /// Redeal when 3 or more Kings land on the initial table (5 or more with two decks).
    pub kings_redeal: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 2,
            decks: 1,
            deal: DealKind::Standard,
            target: 11,
            primiera: PrimieraRule::Classic,
            ace: AceRule::Plain,
            napola: false,
            re_bello: false,
            kings_redeal: true,
        }
    }
}

/// Why a [`Rules`] value is impossible.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RulesError {
    /// `players` is not 2, 3, 4, 6 or 8.
    BadPlayers {
        /// The value given.
        players: u8,
    },
    /// `decks` does not suit `players`: 2, 3 and 4 players use one deck, 6 and 8 two.
    DecksForPlayers {
        /// The decks given.
        decks: u8,
        /// The player count given.
        players: u8,
    },
    /// Two decks (6 or 8 players) asked of a type that plays one deck: the one-deck
    /// [`HandState`](crate::scopa::HandState) and [`Match`](crate::scopa::Match), and what is built on them.
    /// Two-deck tables are played by the `teams` module.
    OneDeckOnly {
        /// The player count given.
        players: u8,
    },
    /// Scopone deals need exactly 4 players.
    DealNeedsFourPlayers {
        /// The deal asked for.
        deal: DealKind,
        /// The player count given.
        players: u8,
    },
    /// `target` is 0.
    ZeroTarget,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::BadPlayers { players } => {
                write!(
                    f,
                    "players must be 2, 3 or 4 (one deck) or 6 or 8 (two decks), not {players}"
                )
            }
            RulesError::DecksForPlayers { decks, players } => write!(
                f,
                "{players} players play with {}, not {decks}: 2, 3 or 4 players use one deck, 6 or 8 use two",
                if *players >= 6 {
                    "two decks"
                } else {
                    "one deck"
                }
            ),
            RulesError::OneDeckOnly { players } => write!(
                f,
                "{players} players play with two decks, which this one-deck table does not play"
            ),
            RulesError::DealNeedsFourPlayers { deal, players } => {
                write!(f, "deal {deal} needs 4 players, not {players}")
            }
            RulesError::ZeroTarget => f.write_str("target must be at least 1 point"),
        }
    }
}

impl core::error::Error for RulesError {}

impl Rules {
    /// Checks that the options can be played together.
    pub const fn validate(&self) -> Result<(), RulesError> {
        if !matches!(self.players, 2 | 3 | 4 | 6 | 8) {
            return Err(RulesError::BadPlayers {
                players: self.players,
            });
        }
        if self.decks != decks_for(self.players) {
            return Err(RulesError::DecksForPlayers {
                decks: self.decks,
                players: self.players,
            });
        }
        if !matches!(self.deal, DealKind::Standard) && self.players != 4 {
            return Err(RulesError::DealNeedsFourPlayers {
                deal: self.deal,
                players: self.players,
            });
        }
        if self.target == 0 {
            return Err(RulesError::ZeroTarget);
        }
        Ok(())
    }

    /// [`Rules::validate`], and one deck: what [`HandState`](crate::scopa::HandState),
    /// [`Match`](crate::scopa::Match) and the session check (two-deck tables are played by the `teams` module).
    ///
    /// ```
    /// use scopa_core::scopa::{Rules, RulesError};
    /// let six = Rules { players: 6, decks: 2, ..Rules::default() };
    /// assert_eq!(six.validate(), Ok(()));
    /// assert_eq!(six.validate_one_deck(), Err(RulesError::OneDeckOnly { players: 6 }));
    /// ```
    pub const fn validate_one_deck(&self) -> Result<(), RulesError> {
        if let Err(e) = self.validate() {
            return Err(e);
        }
        if self.decks != 1 {
            return Err(RulesError::OneDeckOnly {
                players: self.players,
            });
        }
        Ok(())
    }

    /// The rules of `players` seats with the decks they need (1, or 2 for 6 and 8), the
    /// other options unchanged.
    ///
    /// ```
    /// use scopa_core::scopa::Rules;
    /// let eight = Rules::default().with_players(8);
    /// assert_eq!((eight.players, eight.decks, eight.sides()), (8, 2, 4));
    /// assert_eq!(eight.side_of(5), 1);
    /// ```
    pub const fn with_players(self, players: u8) -> Rules {
        Rules {
            players,
            decks: decks_for(players),
            ..self
        }
    }

    /// Number of sides: 2 for 2 players and for 4 in teams, 3 for 3 players, 3 for 6 and 4
    /// for 8 (teams of two).
    #[inline]
    pub const fn sides(&self) -> u8 {
        sides_of(self.players)
    }

    /// The side of `seat`: with 4 players seats 0 and 2 are side 0, seats 1 and 3 side 1;
    /// with 6 or 8 partners sit opposite (seat s is side s mod players/2).
    #[inline]
    pub const fn side_of(&self, seat: u8) -> u8 {
        side_of_seat(self.players, seat)
    }

    /// Cards each seat receives per deal round: 3, 9 (scopone) or 10 (scientifico).
    #[inline]
    pub const fn cards_per_round(&self) -> u8 {
        match self.deal {
            DealKind::Standard => 3,
            DealKind::Scopone => 9,
            DealKind::ScoponeScientifico => 10,
        }
    }

    /// Cards laid face up at the start of a hand: 4 (8 with two decks), or 0 in scopone
    /// scientifico.
    #[inline]
    pub const fn initial_table(&self) -> u8 {
        match self.deal {
            DealKind::ScoponeScientifico => 0,
            _ if self.decks == 2 => 8,
            _ => 4,
        }
    }

    /// Cards in play: 40, or 80 with two decks.
    #[inline]
    pub const fn cards(&self) -> u8 {
        40 * self.decks
    }

    /// Plays in a hand: 36 (72 with two decks), or 40 in scopone scientifico.
    #[inline]
    pub const fn plays_per_hand(&self) -> u8 {
        match self.deal {
            DealKind::ScoponeScientifico => 40,
            _ if self.decks == 2 => 72,
            _ => 36,
        }
    }

    /// The most scope one side can make in a hand: one per play of its seats, so 18 with
    /// 2 players or 4 in teams, 12 with 3 players, 20 in scopone scientifico.
    ///
    /// ```
    /// use scopa_core::scopa::{DealKind, Rules};
    /// assert_eq!(Rules::default().max_scope(), 18);
    /// let r = Rules { players: 4, deal: DealKind::ScoponeScientifico, ..Rules::default() };
    /// assert_eq!(r.max_scope(), 20);
    /// ```
    #[inline]
    pub const fn max_scope(&self) -> u8 {
        self.plays_per_hand() / self.sides()
    }

    /// An upper bound on the points one side can make in one hand: [`Rules::max_scope`],
    /// carte, denari, settebello and primiera, napola (at most 10, when on) and re bello
    /// (when on). Restoring a match uses it to refuse scores no match can reach.
    ///
    /// ```
    /// use scopa_core::scopa::Rules;
    /// assert_eq!(Rules::default().max_hand_points(), 18 + 4);
    /// let r = Rules { napola: true, re_bello: true, ..Rules::default() };
    /// assert_eq!(r.max_hand_points(), 18 + 4 + 10 + 1);
    /// ```
    ///
    /// With two decks settebello and re bello count once per copy held (2 at most).
    #[inline]
    pub const fn max_hand_points(&self) -> u16 {
        let napola = if self.napola { 10 } else { 0 };
        let re_bello = if self.re_bello { self.decks as u16 } else { 0 };
        self.max_scope() as u16 + 3 + self.decks as u16 + napola + re_bello
    }

    /// Deal rounds in a hand: 6 (2 players), 4 (3), 3 (4 standard), 1 (scopone deals); with
    /// two decks 4 (6 players) and 3 (8).
    #[inline]
    pub const fn rounds(&self) -> u8 {
        self.plays_per_hand() / (self.players * self.cards_per_round())
    }

    /// Plays in one deal round (every seat empties its hand once).
    #[inline]
    pub const fn plays_per_round(&self) -> u8 {
        self.players * self.cards_per_round()
    }

    /// The compact 8-byte encoding used in snapshots.
    pub const fn to_bytes(&self) -> [u8; 8] {
        [
            self.players,
            self.deal as u8,
            self.target,
            self.primiera as u8,
            self.ace as u8,
            self.napola as u8,
            self.re_bello as u8,
            self.kings_redeal as u8,
        ]
    }

    /// Decodes [`Rules::to_bytes`]; `None` for a byte out of range. Does not validate.
    /// The decks follow from the players (6 and 8 need two), so they take no byte.
    pub const fn from_bytes(b: [u8; 8]) -> Option<Rules> {
        let deal = match b[1] {
            0 => DealKind::Standard,
            1 => DealKind::Scopone,
            2 => DealKind::ScoponeScientifico,
            _ => return None,
        };
        let primiera = match b[3] {
            0 => PrimieraRule::Classic,
            1 => PrimieraRule::Lenient,
            2 => PrimieraRule::MostSevens,
            _ => return None,
        };
        let ace = match b[4] {
            0 => AceRule::Plain,
            1 => AceRule::TakesAll,
            2 => AceRule::MatchTakesAll,
            _ => return None,
        };
        if b[5] > 1 || b[6] > 1 || b[7] > 1 {
            return None;
        }
        Some(Rules {
            players: b[0],
            decks: decks_for(b[0]),
            deal,
            target: b[2],
            primiera,
            ace,
            napola: b[5] == 1,
            re_bello: b[6] == 1,
            kings_redeal: b[7] == 1,
        })
    }
}

impl Rules {
    /// [`Rules::sides`] for the one-deck hot path (2 to 4 players, checked when a
    /// [`HandState`](crate::scopa::HandState) is built): two instructions instead of a match.
    #[inline(always)]
    pub(crate) const fn one_deck_sides(&self) -> u8 {
        if self.players == 3 { 3 } else { 2 }
    }

    /// [`Rules::side_of`] for the one-deck hot path (2 to 4 players).
    #[inline(always)]
    pub(crate) const fn one_deck_side_of(&self, seat: u8) -> u8 {
        if self.players == 4 { seat & 1 } else { seat }
    }

    /// [`Rules::plays_per_hand`] for the one-deck hot path.
    #[inline(always)]
    pub(crate) const fn one_deck_plays(&self) -> u8 {
        if matches!(self.deal, DealKind::ScoponeScientifico) {
            40
        } else {
            36
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_structure_matches_rules_section_2() {
        let mut r = Rules::default();
        assert_eq!((r.rounds(), r.plays_per_hand()), (6, 36));
        r.players = 3;
        assert_eq!((r.rounds(), r.plays_per_hand()), (4, 36));
        r.players = 4;
        assert_eq!((r.rounds(), r.plays_per_hand()), (3, 36));
        r.deal = DealKind::Scopone;
        assert_eq!((r.rounds(), r.plays_per_hand()), (1, 36));
        r.deal = DealKind::ScoponeScientifico;
        assert_eq!(
            (r.rounds(), r.plays_per_hand(), r.initial_table()),
            (1, 40, 0)
        );
        // docs/rules.md §8: 8 cards to the table, 72 = 4 × 18 = 3 × 24.
        let six = Rules::default().with_players(6);
        assert_eq!(
            (six.rounds(), six.plays_per_hand(), six.initial_table()),
            (4, 72, 8)
        );
        let eight = Rules::default().with_players(8);
        assert_eq!(
            (eight.rounds(), eight.plays_per_hand(), eight.max_scope()),
            (3, 72, 18)
        );
    }

    #[test]
    fn validation_rejects_impossible_combinations() {
        let r = Rules {
            players: 5,
            ..Rules::default()
        };
        assert_eq!(r.validate(), Err(RulesError::BadPlayers { players: 5 }));
        let r = Rules {
            players: 3,
            deal: DealKind::ScoponeScientifico,
            ..Rules::default()
        };
        assert!(matches!(
            r.validate(),
            Err(RulesError::DealNeedsFourPlayers { .. })
        ));
        let r = Rules {
            target: 0,
            ..Rules::default()
        };
        assert_eq!(r.validate(), Err(RulesError::ZeroTarget));
    }

    #[test]
    fn option_names_round_trip() {
        for d in DealKind::ALL {
            assert_eq!(d.name().parse::<DealKind>(), Ok(*d));
        }
        for p in PrimieraRule::ALL {
            assert_eq!(p.name().parse::<PrimieraRule>(), Ok(*p));
        }
        for a in AceRule::ALL {
            assert_eq!(a.name().parse::<AceRule>(), Ok(*a));
        }
        assert!("sometimes".parse::<AceRule>().is_err());
    }

    #[test]
    fn byte_encoding_round_trips() {
        let r = Rules {
            players: 4,
            decks: 1,
            deal: DealKind::ScoponeScientifico,
            target: 21,
            primiera: PrimieraRule::MostSevens,
            ace: AceRule::MatchTakesAll,
            napola: true,
            re_bello: true,
            kings_redeal: false,
        };
        assert_eq!(Rules::from_bytes(r.to_bytes()), Some(r));
        assert_eq!(Rules::from_bytes([2, 9, 11, 0, 0, 0, 0, 1]), None);
        let eight = Rules::default().with_players(8);
        assert_eq!(Rules::from_bytes(eight.to_bytes()), Some(eight));
    }

    #[test]
    fn two_decks_seat_teams_of_two_partners_opposite() {
        let six = Rules::default().with_players(6);
        assert_eq!(six.validate(), Ok(()));
        assert_eq!(six.sides(), 3);
        let sides: [u8; 6] = core::array::from_fn(|s| six.side_of(s as u8));
        assert_eq!(sides, [0, 1, 2, 0, 1, 2]);
        let eight = Rules::default().with_players(8);
        let sides: [u8; 8] = core::array::from_fn(|s| eight.side_of(s as u8));
        assert_eq!(sides, [0, 1, 2, 3, 0, 1, 2, 3]);
        assert_eq!(
            Rules { decks: 1, ..six }.validate(),
            Err(RulesError::DecksForPlayers {
                decks: 1,
                players: 6
            })
        );
        assert_eq!(
            Rules {
                decks: 2,
                ..Rules::default()
            }
            .validate(),
            Err(RulesError::DecksForPlayers {
                decks: 2,
                players: 2
            })
        );
        assert_eq!(
            Rules::default().with_players(5).validate(),
            Err(RulesError::BadPlayers { players: 5 })
        );
        assert_eq!(
            Rules {
                deal: DealKind::Scopone,
                ..six
            }
            .validate(),
            Err(RulesError::DealNeedsFourPlayers {
                deal: DealKind::Scopone,
                players: 6
            })
        );
    }
}
