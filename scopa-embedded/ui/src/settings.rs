//! [`Settings`]: what the options screen chooses — the rules and the AI level.

use scopa_core::ai::Level;
use scopa_core::{AceRule, DealKind, PrimieraRule, Rules};

/// The match options chosen on the device. The human is always seat 0; with 4 players
/// seat 2 is the human's AI partner and seats 1 and 3 the AI opponents.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Settings {
    /// The rules (players 2 or 4 on the handheld).
    pub rules: Rules,
    /// The level of every AI seat.
    pub level: Level,
}

/// Length of [`Settings::to_bytes`].
pub const SETTINGS_LEN: usize = 9;

/// Targets offered on the options screen.
pub const TARGETS: [u8; 4] = [11, 16, 21, 31];

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: Rules::default(),
            level: Level::Handheld,
        }
    }
}

impl Settings {
    /// Encodes the settings: the level's index, then [`Rules::to_bytes`].
    pub fn to_bytes(&self) -> [u8; SETTINGS_LEN] {
        let mut out = [0u8; SETTINGS_LEN];
        out[0] = Level::ALL
            .iter()
            .position(|l| *l == self.level)
            .unwrap_or(0) as u8;
        out[1..].copy_from_slice(&self.rules.to_bytes());
        out
    }

    /// Decodes [`Settings::to_bytes`]; `None` if a byte is out of range or the rules are
    /// impossible.
    pub fn from_bytes(bytes: [u8; SETTINGS_LEN]) -> Option<Settings> {
        let level = *Level::ALL.get(bytes[0] as usize)?;
        let mut r = [0u8; 8];
        r.copy_from_slice(&bytes[1..]);
        let rules = Rules::from_bytes(r)?;
        rules.validate().ok()?;
        Some(Settings { rules, level })
    }

    /// Steps option `row` of the options screen by `delta` (±1). Rows: 0 players,
    /// 1 AI level, 2 target, 3 deal, 4 primiera, 5 ace, 6 napola, 7 re bello.
    /// The result always validates (a scopone deal needs 4 players; 2 players reset it).
    pub fn step(&mut self, row: u8, delta: i8) {
        let r = &mut self.rules;
        match row {
            0 => {
                r.players = if r.players == 2 { 4 } else { 2 };
                if r.players == 2 {
                    r.deal = DealKind::Standard;
                }
            }
            1 => self.level = cycle(&Level::ALL, self.level, delta),
            2 => r.target = cycle(&TARGETS, r.target, delta),
            3 if r.players == 4 => {
                r.deal = cycle(DealKind::ALL, r.deal, delta);
            }
            4 => r.primiera = cycle(PrimieraRule::ALL, r.primiera, delta),
            5 => r.ace = cycle(AceRule::ALL, r.ace, delta),
            6 => r.napola = !r.napola,
            7 => r.re_bello = !r.re_bello,
            _ => {}
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
    fn bytes_round_trip_and_bad_bytes_are_refused() {
        let mut s = Settings::default();
        s.step(0, 1);
        s.step(3, 1);
        s.step(1, -1);
        assert_eq!(s.rules.players, 4);
        assert_eq!(s.rules.deal, DealKind::Scopone);
        assert_eq!(s.level, Level::Expert);
        assert_eq!(Settings::from_bytes(s.to_bytes()), Some(s));
        let mut b = s.to_bytes();
        b[0] = 9;
        assert_eq!(Settings::from_bytes(b), None);
        // 2 players with a scopone deal is impossible.
        let mut b = s.to_bytes();
        b[1] = 2;
        assert_eq!(Settings::from_bytes(b), None);
    }

    #[test]
    fn going_back_to_two_players_resets_the_deal() {
        let mut s = Settings::default();
        s.step(0, 1);
        s.step(3, 1);
        s.step(0, 1);
        assert_eq!(s.rules.players, 2);
        assert_eq!(s.rules.deal, DealKind::Standard);
        s.step(3, 1);
        assert_eq!(s.rules.deal, DealKind::Standard);
        assert_eq!(s.rules.validate(), Ok(()));
    }
}
