//! [`Options`]: what the options screen chooses. They become a session's
//! [`Settings`] when a match starts; the handheld keeps no settings format of its own (the
//! options of the last match come back from its saved session). The first row picks the
//! game, Scopa or Briscola; the rows of the other game's rules are dimmed and keep their
//! values.

use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::{AceRule, DealKind, PrimieraRule, Rules};
use scopa_core::session::{Game, Lang, Player, Settings};

/// A row of the options screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Row {
    /// The game: Scopa or Briscola.
    Game,
    /// Players: 2, 3 or 4.
    Players,
    /// Who plays seat 0 … 3: a person or the AI at a level (seats past the last are
    /// unused).
    Seat(u8),
    /// Scopa: points to win, 1 … [`MAX_TARGET`]; Briscola: hands to win, 1 …
    /// [`MAX_BRISCOLA_TARGET`].
    Target,
    /// Briscola's cards a hand: 3, or 9 with 2 players (the leaflet's two-player deal).
    HandSize,
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
    /// Undo of the person's last play (one person against AIs only).
    Undo,
    /// The language of every text.
    Language,
    /// Starts the match.
    Start,
}

impl Row {
    /// The rows, top to bottom.
    pub const ALL: [Row; 17] = [
        Row::Game,
        Row::Players,
        Row::Seat(0),
        Row::Seat(1),
        Row::Seat(2),
        Row::Seat(3),
        Row::Target,
        Row::HandSize,
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

/// The highest target offered.
pub const MAX_TARGET: u8 = 99;

/// The most hands to win a match of Briscola (BRISCOLA.md section 4).
pub const MAX_BRISCOLA_TARGET: u8 = 11;

/// Who may play a seat, in the order the options screen steps through them: a person, then
/// the AI levels.
const CONTROLLERS: [Player; 6] = [
    Player::Human,
    Player::Ai(Level::Random),
    Player::Ai(Level::Easy),
    Player::Ai(Level::Medium),
    Player::Ai(Level::Expert),
    Player::Ai(Level::Handheld),
];

/// The match options chosen on the device: every setting of a session.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Options {
    /// Whether the match is Briscola (else Scopa).
    pub briscola: bool,
    /// Scopa's rules.
    pub rules: Rules,
    /// Briscola's rules.
    pub briscola_rules: BriscolaRules,
    /// Who plays each seat (only the first `rules.players` are used).
    pub seats: [Player; 4],
    /// Undo (when exactly one seat is a person).
    pub undo: bool,
    /// The language of the texts.
    pub lang: Lang,
}

impl Default for Options {
    /// A person (seat 0) against the handheld AI, default rules, English.
    fn default() -> Options {
        Options::from_settings(&Settings::against(Level::Handheld, Rules::default()))
    }
}

impl Options {
    /// The session settings these options give: seats past the last are nobody's, undo
    /// is on only for one person against AIs.
    pub fn settings(&self) -> Settings {
        let mut s = Settings::pass_and_play(self.rules);
        if self.briscola {
            // A Briscola session's Scopa rules are the defaults (the save and the script
            // line hold none).
            s.rules = Rules::default();
            s.game = Game::Briscola(self.briscola_rules);
        }
        let players = usize::from(self.players());
        s.seats[..players].copy_from_slice(&self.seats[..players]);
        s.undo = self.undo && s.humans() == 1;
        s.lang = self.lang;
        s
    }

    /// The options that give `settings`.
    pub fn from_settings(settings: &Settings) -> Options {
        let mut seats: [Player; 4] = core::array::from_fn(|seat| settings.player(seat as u8));
        let players = usize::from(settings.players()).min(4);
        // Seats past the last keep a useful value for when players are added.
        for seat in seats.iter_mut().skip(players) {
            *seat = Player::Ai(Level::Handheld);
        }
        let (briscola, briscola_rules) = match settings.game {
            Game::Scopa => (false, BriscolaRules::default()),
            Game::Briscola(r) => (true, r),
        };
        Options {
            briscola,
            rules: settings.rules,
            briscola_rules,
            seats,
            undo: settings.undo,
            lang: settings.lang,
        }
    }

    /// Players at the table of the game chosen.
    pub fn players(&self) -> u8 {
        if self.briscola {
            self.briscola_rules.players
        } else {
            self.rules.players
        }
    }

    /// The points (Scopa) or hands (Briscola) to win.
    pub fn target(&self) -> u8 {
        if self.briscola {
            self.briscola_rules.target
        } else {
            self.rules.target
        }
    }

    /// Whether `row` matters with the other options (the screen dims it otherwise).
    pub fn applies(&self, row: Row) -> bool {
        match row {
            Row::Seat(seat) => seat < self.players(),
            Row::HandSize => self.briscola && self.briscola_rules.players == 2,
            Row::Deal => !self.briscola && self.rules.players == 4,
            Row::Primiera | Row::Ace | Row::Napola | Row::ReBello | Row::Redeal => !self.briscola,
            Row::Undo => self.settings().humans() == 1,
            _ => true,
        }
    }

    /// Steps `row` by `delta` (±1). The result always validates (a scopone deal needs 4
    /// players: fewer reset it). A row that does not apply does not change.
    pub fn step(&mut self, row: Row, delta: i8) {
        if !self.applies(row) && row != Row::Undo {
            return;
        }
        if self.briscola {
            let b = &mut self.briscola_rules;
            match row {
                Row::Players => {
                    b.players = cycle(&[2, 3, 4], b.players, delta);
                    if b.players != 2 {
                        b.hand_size = 3;
                    }
                    return;
                }
                Row::Target => {
                    b.target = match (delta < 0, b.target) {
                        (true, t) if t <= 1 => MAX_BRISCOLA_TARGET,
                        (true, t) => t - 1,
                        (false, t) if t >= MAX_BRISCOLA_TARGET => 1,
                        (false, t) => t + 1,
                    };
                    return;
                }
                Row::HandSize => {
                    b.hand_size = cycle(&[3, 9], b.hand_size, delta);
                    return;
                }
                _ => {}
            }
        }
        let r = &mut self.rules;
        match row {
            Row::Game => self.briscola = !self.briscola,
            Row::Players => {
                r.players = cycle(&[2, 3, 4], r.players, delta);
                if r.players != 4 {
                    r.deal = DealKind::Standard;
                }
            }
            Row::Seat(seat) => {
                if let Some(c) = self.seats.get_mut(usize::from(seat)) {
                    *c = cycle(&CONTROLLERS, *c, delta);
                }
            }
            Row::Target => {
                r.target = match (delta < 0, r.target) {
                    (true, t) if t <= 1 => MAX_TARGET,
                    (true, t) => t - 1,
                    (false, t) if t >= MAX_TARGET => 1,
                    (false, t) => t + 1,
                }
            }
            Row::HandSize => {}
            Row::Deal => r.deal = cycle(DealKind::ALL, r.deal, delta),
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

    /// Whether `row` gives the same settings in `self` and `other` (a row that does not
    /// apply always does).
    pub fn same_at(&self, other: &Options, row: Row) -> bool {
        let (a, b) = (&self.rules, &other.rules);
        match row {
            _ if !self.applies(row) && row != Row::Undo => true,
            Row::Game => self.briscola == other.briscola,
            Row::Players => self.players() == other.players(),
            Row::HandSize => self.briscola_rules.hand_size == other.briscola_rules.hand_size,
            Row::Target if self.briscola => self.target() == other.target(),
            Row::Seat(seat) => {
                self.seats.get(usize::from(seat)) == other.seats.get(usize::from(seat))
            }
            Row::Target => a.target == b.target,
            Row::Deal => a.deal == b.deal,
            Row::Primiera => a.primiera == b.primiera,
            Row::Ace => a.ace == b.ace,
            Row::Napola => a.napola == b.napola,
            Row::ReBello => a.re_bello == b.re_bello,
            Row::Redeal => a.kings_redeal == b.kings_redeal,
            Row::Undo => self.settings().undo == other.settings().undo,
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
    fn every_stepped_value_gives_valid_settings_that_come_back() {
        for briscola in [false, true] {
            stepped_values_come_back(Options {
                briscola,
                ..Options::default()
            });
        }
    }

    fn stepped_values_come_back(mut o: Options) {
        for row in Row::ALL {
            for delta in [1i8, -1] {
                for _ in 0..(2 * usize::from(MAX_TARGET) + 3) {
                    o.step(row, delta);
                    let s = o.settings();
                    assert_eq!(s.validate(), Ok(()), "{row:?} {o:?}");
                    assert_eq!(Options::from_settings(&s).settings(), s);
                }
            }
        }
    }

    #[test]
    fn every_settings_line_has_its_options() {
        // Mixed seats, people and AIs, undo: every settings a script may have.
        let mut s = Settings::pass_and_play(Rules {
            players: 4,
            deal: DealKind::Scopone,
            ..Rules::default()
        });
        s.seats[1] = Player::Ai(Level::Medium);
        s.seats[3] = Player::Ai(Level::Easy);
        assert_eq!(Options::from_settings(&s).settings(), s);
        let mut one = Settings::against(Level::Expert, Rules::default());
        one.undo = true;
        one.lang = Lang::It;
        assert_eq!(Options::from_settings(&one).settings(), one);
    }

    #[test]
    fn briscola_has_its_own_rows_and_keeps_scopas() {
        let mut o = Options::default();
        o.step(Row::Target, 1); // Scopa: 11 → 12
        o.step(Row::Game, 1);
        assert!(o.briscola);
        assert_eq!(
            o.settings(),
            Settings::briscola(Level::Handheld, BriscolaRules::default())
        );
        assert!(!o.applies(Row::Deal) && !o.applies(Row::Napola));
        assert!(o.applies(Row::HandSize), "nine cards with two players");
        o.step(Row::HandSize, 1);
        assert_eq!(o.briscola_rules.hand_size, 9);
        o.step(Row::Players, 1); // 2 → 3: three cards again
        assert_eq!(o.briscola_rules.hand_size, 3);
        assert!(!o.applies(Row::HandSize));
        o.step(Row::Target, -1); // 2 → 1
        o.step(Row::Target, -1); // 1 → 11
        assert_eq!(o.target(), MAX_BRISCOLA_TARGET);
        assert_eq!(o.settings().validate(), Ok(()));
        assert_eq!(
            Options::from_settings(&o.settings()).settings(),
            o.settings()
        );
        o.step(Row::Game, -1);
        assert_eq!(o.rules.target, 12, "Scopa's rules are kept");
        assert_eq!(o.settings().game, Game::Scopa);
    }

    #[test]
    fn undo_is_for_one_person_against_ais() {
        let mut o = Options::default();
        o.step(Row::Undo, 1);
        assert!(o.settings().undo);
        o.step(Row::Seat(1), -1); // Handheld → Expert
        o.step(Row::Seat(1), 1);
        o.seats[1] = Player::Human;
        assert!(!o.settings().undo, "two people: no undo");
        assert!(!o.applies(Row::Undo));
    }

    #[test]
    fn rows_that_do_not_apply_do_not_change() {
        let mut o = Options::default();
        o.step(Row::Deal, 1);
        assert_eq!(
            o.rules.deal,
            DealKind::Standard,
            "no scopone with 2 players"
        );
        o.step(Row::Seat(3), 1);
        assert_eq!(
            o.seats[3],
            Player::Ai(Level::Handheld),
            "no seat 4 with 2 players"
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
