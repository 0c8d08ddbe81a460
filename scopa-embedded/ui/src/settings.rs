//! [`Options`]: what the options screen chooses. They become a session's
//! [`Settings`] when a match starts; the handheld keeps no settings format of its own (the
//! options of the last match come back from its saved session).

use scopa_core::ai::Level;
use scopa_core::session::{Controller, Lang, Settings};
use scopa_core::{AceRule, DealKind, PrimieraRule, Rules};

/// Who plays the seats other than seat 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Mode {
    /// One person (seat 0) against the AI in every other seat.
    Computer,
    /// Pass-and-play: a person in every seat, the device handed round.
    PassAndPlay,
    /// Every seat the AI: watch it play.
    Watch,
}

/// A row of the options screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Row {
    /// Players: 2, 3 or 4.
    Players,
    /// [`Mode`].
    Mode,
    /// The level of every AI seat.
    Level,
    /// Points to win: 1 … 99.
    Target,
    /// The deal (scopone needs 4 players).
    Deal,
    /// The primiera rule.
    Primiera,
    /// The Ace rule.
    Ace,
    /// Napola on/off.
    Napola,
    /// Re bello on/off.
    ReBello,
    /// Redeal when 3 or more Kings are dealt to the table.
    Redeal,
    /// Undo of the person's last play (against the computer only).
    Undo,
    /// The language of every text.
    Language,
    /// Starts the match.
    Start,
}

impl Row {
    /// The rows, top to bottom.
    pub const ALL: [Row; 13] = [
        Row::Players,
        Row::Mode,
        Row::Level,
        Row::Target,
        Row::Deal,
        Row::Primiera,
        Row::Ace,
        Row::Napola,
        Row::ReBello,
        Row::Redeal,
        Row::Undo,
        Row::Language,
        Row::Start,
    ];

    /// The row at `index` (the last row, [`Row::Start`], past the end).
    pub fn at(index: u8) -> Row {
        Row::ALL
            .get(usize::from(index))
            .copied()
            .unwrap_or(Row::Start)
    }
}

/// Rows of the options screen, [`Row::Start`] included.
pub const ROWS: u8 = Row::ALL.len() as u8;

/// The match options chosen on the device. The person is seat 0; with 4 players seat 2 is
/// their partner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Options {
    /// The rules.
    pub rules: Rules,
    /// Who plays the other seats.
    pub mode: Mode,
    /// The level of every AI seat.
    pub level: Level,
    /// Undo (against the computer only).
    pub undo: bool,
    /// The language of the texts.
    pub lang: Lang,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::default(),
            mode: Mode::Computer,
            level: Level::Handheld,
            undo: false,
            lang: Lang::En,
        }
    }
}

/// The highest target offered.
pub const MAX_TARGET: u8 = 99;

impl Options {
    /// The session settings these options give.
    pub fn settings(&self) -> Settings {
        let mut s = match self.mode {
            Mode::Computer => Settings::against(self.level, self.rules),
            Mode::PassAndPlay => Settings::pass_and_play(self.rules),
            Mode::Watch => Settings::watch(self.level, self.rules),
        };
        s.undo = self.undo && self.mode == Mode::Computer;
        s.lang = self.lang;
        s
    }

    /// The options that give `settings` where the handheld can (seats of mixed levels
    /// take the first AI's level; the person is seat 0).
    pub fn from_settings(settings: &Settings) -> Options {
        let level = settings
            .seats()
            .iter()
            .find_map(|c| match c {
                Controller::Ai(level) => Some(*level),
                Controller::Human => None,
            })
            .unwrap_or(Level::Handheld);
        Options {
            rules: settings.rules,
            mode: match settings.humans() {
                0 => Mode::Watch,
                1 => Mode::Computer,
                _ => Mode::PassAndPlay,
            },
            level,
            undo: settings.undo,
            lang: settings.lang,
        }
    }

    /// Steps `row` by `delta` (±1). The result always validates (a scopone deal needs 4
    /// players: fewer reset it).
    pub fn step(&mut self, row: Row, delta: i8) {
        let r = &mut self.rules;
        match row {
            Row::Players => {
                r.players = cycle(&[2, 3, 4], r.players, delta);
                if r.players != 4 {
                    r.deal = DealKind::Standard;
                }
            }
            Row::Mode => {
                self.mode = cycle(
                    &[Mode::Computer, Mode::PassAndPlay, Mode::Watch],
                    self.mode,
                    delta,
                )
            }
            Row::Level => self.level = cycle(&Level::ALL, self.level, delta),
            Row::Target => {
                r.target = match (delta < 0, r.target) {
                    (true, t) if t <= 1 => MAX_TARGET,
                    (true, t) => t - 1,
                    (false, t) if t >= MAX_TARGET => 1,
                    (false, t) => t + 1,
                }
            }
            Row::Deal if r.players == 4 => r.deal = cycle(DealKind::ALL, r.deal, delta),
            Row::Deal => {}
            Row::Primiera => r.primiera = cycle(PrimieraRule::ALL, r.primiera, delta),
            Row::Ace => r.ace = cycle(AceRule::ALL, r.ace, delta),
            Row::Napola => r.napola = !r.napola,
            Row::ReBello => r.re_bello = !r.re_bello,
            Row::Redeal => r.kings_redeal = !r.kings_redeal,
            Row::Undo => self.undo = !self.undo,
            Row::Language => self.lang = cycle(&Lang::ALL, self.lang, delta),
            Row::Start => {}
        }
    }

    /// Whether `row` shows the same value in `self` and `other`.
    pub fn same_at(&self, other: &Options, row: Row) -> bool {
        let (a, b) = (&self.rules, &other.rules);
        match row {
            Row::Players => a.players == b.players,
            Row::Mode => self.mode == other.mode,
            Row::Level => self.level == other.level,
            Row::Target => a.target == b.target,
            Row::Deal => a.deal == b.deal,
            Row::Primiera => a.primiera == b.primiera,
            Row::Ace => a.ace == b.ace,
            Row::Napola => a.napola == b.napola,
            Row::ReBello => a.re_bello == b.re_bello,
            Row::Redeal => a.kings_redeal == b.kings_redeal,
            Row::Undo => self.undo == other.undo,
            Row::Language => self.lang == other.lang,
            Row::Start => true,
        }
    }
}

/// The value after `current` in `all` (before it when `delta` < 0), wrapping.
fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: i8) -> T {
    let n = all.len();
    let i = all.iter().position(|x| *x == current).unwrap_or(0);
    let j = if delta < 0 {
        (i + n - 1) % n
    } else {
        (i + 1) % n
    };
    all[j]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stepped_value_gives_valid_settings_and_comes_back() {
        let mut o = Options::default();
        for row in Row::ALL {
            for delta in [1i8, -1] {
                for _ in 0..(2 * usize::from(MAX_TARGET) + 3) {
                    o.step(row, delta);
                    assert_eq!(o.settings().validate(), Ok(()), "{row:?} {o:?}");
                    assert_eq!(
                        Options::from_settings(&o.settings()).settings(),
                        o.settings()
                    );
                }
            }
        }
    }

    #[test]
    fn modes_give_their_seats() {
        let mut o = Options::default();
        o.step(Row::Players, 1);
        o.step(Row::Players, 1);
        assert_eq!(o.rules.players, 4);
        o.undo = true;
        assert_eq!(o.settings().humans(), 1);
        assert!(o.settings().undo);
        o.step(Row::Mode, 1);
        assert_eq!(o.mode, Mode::PassAndPlay);
        assert_eq!(o.settings().humans(), 4);
        assert!(!o.settings().undo, "undo is for one person against AIs");
        o.step(Row::Mode, 1);
        assert_eq!(o.settings().humans(), 0);
    }

    #[test]
    fn fewer_than_four_players_reset_the_deal() {
        let mut o = Options::default();
        o.step(Row::Deal, 1);
        assert_eq!(
            o.rules.deal,
            DealKind::Standard,
            "no scopone with 2 players"
        );
        o.step(Row::Players, -1); // 2 → 4
        o.step(Row::Deal, 1);
        assert_eq!(o.rules.deal, DealKind::Scopone);
        o.step(Row::Players, 1); // 4 → 2
        assert_eq!(o.rules.deal, DealKind::Standard);
    }

    #[test]
    fn the_target_wraps_both_ways() {
        let mut o = Options::default();
        o.rules.target = 1;
        o.step(Row::Target, -1);
        assert_eq!(o.rules.target, MAX_TARGET);
        o.step(Row::Target, 1);
        assert_eq!(o.rules.target, 1);
    }
}
