//! The one pacing policy: for every [`Phase`], whether the front-end waits for a person or
//! goes on by itself after a delay, and which action it then takes.
//!
//! | phase | people in the session | [`Pace`] | action |
//! | --- | --- | --- | --- |
//! | `Play { seat }`, `ChooseCapture { seat, .. }` | any | wait for `seat` | the person's |
//! | `AiDue { .. }` | any | after [`Pacing::ai_ms`] | [`Action::RunAi`] |
//! | `Scopa { .. }` | any | after [`Pacing::scopa_ms`] (a person may skip it) | [`Action::Continue`] |
//! | `HandOff { seat }` | pass-and-play | wait for `seat` (unattended: at once) | [`Action::Continue`] |
//! | `HandSummary` | one or more | wait for anyone (unattended: after [`Pacing::summary_ms`]) | [`Action::Continue`] |
//! | `HandSummary` | none (watch mode) | after [`Pacing::summary_ms`] | [`Action::Continue`] |
//! | `MatchOver { .. }` | any | wait for anyone | [`Action::Rematch`], or leave |
//!
//! Where every person sits at a device of their own (an online room), the hand summary is
//! [`gather`]ed instead: it waits for each person who is there to press Continue (nobody
//! closes it for the others), for at most a longest wait, so that somebody gone cannot hold
//! the table forever; a seat whose person is away is not waited for.
//!
//! A person may always act before a delay ends (tap to skip): the delay is the longest the
//! front-end waits, never a lock. The [`Presenter`](super::driver::Presenter) adds a
//! [`Token`] to each delay so that a timer set for a phase that has passed does nothing.
//!
//! ```
//! use scopa_core::ai::Level;
//! use scopa_core::session::pacing::{pace, Pace, Pacing, Waiting};
//! use scopa_core::session::{Action, Phase, Settings};
//! let you_vs_ai = Settings::against(Level::Easy, Default::default());
//! let apps = Pacing::default();
//! assert_eq!(pace(Phase::AiDue { seat: 1 }, &you_vs_ai, &apps),
//!            Pace::After { ms: 900, action: Action::RunAi });
//! assert_eq!(pace(Phase::HandSummary, &you_vs_ai, &apps), Pace::Wait(Waiting::Anyone));
//! let watch = Settings::watch(Level::Easy, Default::default());
//! assert_eq!(pace(Phase::HandSummary, &watch, &apps),
//!            Pace::After { ms: 3000, action: Action::Continue });
//! ```

use super::{Action, Phase, Settings};

/// The delays of the pacing policy, in milliseconds: a front-end's settings (the web app's
/// "AI pace", a test's zero delays).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pacing {
    /// The pause before an AI plays, so a person can follow (apps 900, browser 700 at the
    /// "normal" pace, handheld 1500, terminal 500).
    pub ai_ms: u32,
    /// How long the scopa banner stays before the game goes on by itself (apps 1500,
    /// browser 900 at the "normal" pace, handheld 1500, terminal 0).
    pub scopa_ms: u32,
    /// How long the hand summary stays when nobody needs to read it: in watch mode, or
    /// when the session is not [`attended`](Pacing::attended).
    pub summary_ms: u32,
    /// Whether a person sits at the device to acknowledge the hand summary and take the
    /// device in pass-and-play (`true` in every app; `false` for a script or a test that
    /// plays the people's moves itself).
    pub attended: bool,
}

impl Pacing {
    /// The phone apps' delays (the Kotlin and Swift controllers: 900 ms before an AI plays,
    /// a 1500 ms scopa banner), and 3000 ms for a watched hand's summary.
    pub const APPS: Pacing = Pacing {
        ai_ms: 900,
        scopa_ms: 1500,
        summary_ms: 3000,
        attended: true,
    };

    /// No delay at all and nobody to acknowledge anything: for scripts and tests.
    pub const UNATTENDED: Pacing = Pacing {
        ai_ms: 0,
        scopa_ms: 0,
        summary_ms: 0,
        attended: false,
    };
}

impl Default for Pacing {
    /// [`Pacing::APPS`].
    fn default() -> Pacing {
        Pacing::APPS
    }
}

/// Who the front-end waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Waiting {
    /// The person at this seat: to play, or (pass-and-play) to take the device.
    Seat(u8),
    /// Whoever holds the device: to close the hand summary, or to ask for a rematch.
    Anyone,
}

/// What the pacing policy says of a phase: wait, or act by itself after a delay.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Pace {
    /// Nothing happens until a person acts.
    Wait(Waiting),
    /// After `ms` milliseconds the front-end carries out `action` (a person may do it
    /// sooner).
    After {
        /// The delay.
        ms: u32,
        /// [`Action::RunAi`] or [`Action::Continue`].
        action: Action,
    },
}

/// The pacing policy: what a front-end does in `phase` of a session with `settings`,
/// given its `pacing` (the table of the [module documentation](self)).
pub fn pace(phase: Phase, settings: &Settings, pacing: &Pacing) -> Pace {
    let watched = settings.humans() == 0;
    match phase {
        Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => Pace::Wait(Waiting::Seat(seat)),
        Phase::AiDue { .. } => Pace::After {
            ms: pacing.ai_ms,
            action: Action::RunAi,
        },
        Phase::Scopa { .. } => Pace::After {
            ms: pacing.scopa_ms,
            action: Action::Continue,
        },
        Phase::HandOff { seat } if pacing.attended => Pace::Wait(Waiting::Seat(seat)),
        Phase::HandOff { .. } => Pace::After {
            ms: 0,
            action: Action::Continue,
        },
        Phase::HandSummary if pacing.attended && !watched => Pace::Wait(Waiting::Anyone),
        Phase::HandSummary => Pace::After {
            ms: pacing.summary_ms,
            action: Action::Continue,
        },
        Phase::MatchOver { .. } => Pace::Wait(Waiting::Anyone),
    }
}

/// A set of seats: bit `n` is seat `n` (a session has at most eight).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Seats(pub u8);

impl Seats {
    /// No seat.
    pub const NONE: Seats = Seats(0);

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: u8) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// The set with `seat` added (a seat past the eighth is ignored).
    #[must_use]
    pub const fn with(self, seat: u8) -> Seats {
        if seat < 8 {
            Seats(self.0 | (1 << seat))
        } else {
            self
        }
    }

    /// Whether the set holds no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in both sets.
    #[must_use]
    pub const fn intersection(self, other: Seats) -> Seats {
        Seats(self.0 & other.0)
    }

    /// The seats of this set not in `other`.
    #[must_use]
    pub const fn difference(self, other: Seats) -> Seats {
        Seats(self.0 & !other.0)
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..8).filter(move |&s| self.contains(s))
    }

    /// The people's seats of `settings`.
    pub fn people(settings: &Settings) -> Seats {
        (0..settings.players())
            .filter(|&s| settings.player(s).is_human())
            .fold(Seats::NONE, Seats::with)
    }
}

/// How a hand summary is closed where every person sits at a device of their own: what
/// [`gather`] says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Gather {
    /// Nobody to wait for (no person in the session: watch mode): [`Action::Continue`]
    /// after [`Pacing::summary_ms`].
    After {
        /// The delay.
        ms: u32,
    },
    /// Wait for the people at these seats to press Continue, and go on by itself after
    /// `longest_ms` from the moment the summary appeared if they do not.
    Wait {
        /// The seats still to press: people who are there and have not pressed.
        seats: Seats,
        /// The longest wait.
        longest_ms: u32,
    },
    /// Every person who is there has pressed (and at least one has): [`Action::Continue`]
    /// now.
    Now,
}

/// The hand summary's policy where every person plays at a device of their own (an online
/// room): `present`, the seats whose person is there now; `ready`, the seats that pressed
/// Continue on this summary; `longest_ms`, the longest the summary waits for people.
/// Only the people's seats of `settings` count in `present` and `ready`.
///
/// With nobody there (every person away) the summary waits the longest wait: the people
/// find it when they come back, unless it has closed by then.
///
/// ```
/// use scopa_core::ai::Level;
/// use scopa_core::session::pacing::{gather, Gather, Pacing, Seats};
/// use scopa_core::session::{Player, Settings};
/// let mut two = Settings::against(Level::Easy, Default::default());
/// two.seats[1] = Player::Human;
/// let both = Seats::NONE.with(0).with(1);
/// let p = Pacing { summary_ms: 5000, ..Pacing::UNATTENDED };
/// assert_eq!(gather(&two, &p, 60_000, both, Seats::NONE.with(0)),
///            Gather::Wait { seats: Seats::NONE.with(1), longest_ms: 60_000 });
/// assert_eq!(gather(&two, &p, 60_000, both, both), Gather::Now);
/// // Seat 1 is away: seat 0's Continue is enough.
/// assert_eq!(gather(&two, &p, 60_000, Seats::NONE.with(0), Seats::NONE.with(0)), Gather::Now);
/// let watch = Settings::watch(Level::Easy, Default::default());
/// assert_eq!(gather(&watch, &p, 60_000, Seats::NONE, Seats::NONE), Gather::After { ms: 5000 });
/// ```
pub fn gather(
    settings: &Settings,
    pacing: &Pacing,
    longest_ms: u32,
    present: Seats,
    ready: Seats,
) -> Gather {
    let people = Seats::people(settings);
    if people.is_empty() {
        return Gather::After {
            ms: pacing.summary_ms,
        };
    }
    let ready = ready.intersection(people);
    let waiting = present.intersection(people).difference(ready);
    if waiting.is_empty() && !ready.is_empty() {
        Gather::Now
    } else {
        Gather::Wait {
            seats: waiting,
            longest_ms,
        }
    }
}

/// A timer's ticket: the [`Presenter`](super::driver::Presenter)'s generation when the
/// delay was set. Any accepted action starts a new generation, so firing an old token does
/// nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Token(pub u32);

/// A delay the front-end must run: after `after_ms`, call
/// [`Presenter::fire`](super::driver::Presenter::fire) with `token`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Due {
    /// What firing does: [`Action::RunAi`] or [`Action::Continue`].
    pub action: Action,
    /// The delay in milliseconds, from the moment the front-end learns of it.
    pub after_ms: u32,
    /// The ticket to fire with.
    pub token: Token,
}

/// "What now, and when?": the one question a front-end asks after every step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Next {
    /// Wait for a person; nothing happens by itself.
    Wait(Waiting),
    /// Run this delay, then fire it.
    Due(Due),
}

impl Next {
    /// The delay to run, if any.
    pub const fn due(&self) -> Option<Due> {
        match *self {
            Next::Due(due) => Some(due),
            Next::Wait(_) => None,
        }
    }
}
