//! Players' names: what the screens call each seat instead of `Player 2`.
//!
//! Names are how a table addresses the people at it, not part of the game: they are not in
//! the save, the transcript or any rule, and the same moves give the same match whatever
//! the names. A front-end keeps them with its preferences and gives them to its
//! [`Presenter`](super::driver::Presenter) ([`set_names`](super::driver::Presenter::set_names));
//! every text then uses them ([`Texts::seat`](super::Texts::seat), the events, the phase
//! lines, the scores). The seat called "You" (one person against AIs, or a network seat)
//! stays "You".
//!
//! A name is at most [`NAME_MAX`] bytes of UTF-8 (12 Latin letters, fewer accented or
//! other scripts), without control characters; spaces around it are trimmed; an empty
//! name gives the seat back its default name.
//!
//! ```
//! use scopa_core::session::names::{NameError, Names};
//! let mut names = Names::NONE;
//! names.set(0, "  Anna ").unwrap();
//! names.set(1, "Niccolò").unwrap();
//! assert_eq!(names.get(0), Some("Anna"));
//! assert_eq!(names.get(2), None);
//! assert_eq!(
//!     names.set(2, "Bartolomeo Colleoni"),
//!     Err(NameError::TooLong { seat: 2, len: 19 })
//! );
//! ```

use core::fmt;

/// The most bytes (UTF-8) of one name.
pub const NAME_MAX: usize = 12;

/// The seats that can have a name: every seat of the biggest table
/// (the table model's `MAX_SEATS`, checked where that is defined): 8, or 4 without the
/// `big-tables` feature.
pub const MAX_SEATS: usize = if cfg!(feature = "big-tables") {
    crate::seats::MAX_SEATS
} else {
    4
};

/// Each seat's name, or none (the seat's default name: `Player 2`, `Giocatore 2`).
///
/// Fixed size and `Copy`, like every value of the session: [`MAX_SEATS`] names of at most
/// [`NAME_MAX`] bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Names {
    /// Each seat's name, UTF-8 padded with zero bytes (a name holds no zero byte).
    bytes: [[u8; NAME_MAX]; MAX_SEATS],
}

impl Default for Names {
    fn default() -> Names {
        Names::NONE
    }
}

/// Why a name was refused. Each variant names the seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum NameError {
    /// The table has no such seat.
    NoSuchSeat {
        /// The seat given (counting from 0).
        seat: u8,
    },
    /// Longer than [`NAME_MAX`] bytes once trimmed.
    TooLong {
        /// The seat (counting from 0).
        seat: u8,
        /// The name's length in bytes.
        len: usize,
    },
    /// The name holds a control character (a line break, a tab, a zero byte…).
    ControlCharacter {
        /// The seat (counting from 0).
        seat: u8,
    },
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NameError::NoSuchSeat { seat } => write!(
                f,
                "no seat {} for a name: a table has at most {MAX_SEATS} seats",
                u16::from(seat) + 1
            ),
            NameError::TooLong { seat, len } => write!(
                f,
                "the name of seat {} is {len} bytes long; a name is at most {NAME_MAX} bytes (12 letters without accents)",
                u16::from(seat) + 1
            ),
            NameError::ControlCharacter { seat } => write!(
                f,
                "the name of seat {} holds a control character (a line break or tab)",
                u16::from(seat) + 1
            ),
        }
    }
}

impl core::error::Error for NameError {}

impl Names {
    /// No names: every seat has its default name.
    pub const NONE: Names = Names {
        bytes: [[0; NAME_MAX]; MAX_SEATS],
    };

    /// Names `seat` (counting from 0) `name`, trimmed; an empty name clears it. Nothing
    /// changes when the name is refused.
    pub fn set(&mut self, seat: u8, name: &str) -> Result<(), NameError> {
        let slot = self
            .bytes
            .get_mut(usize::from(seat))
            .ok_or(NameError::NoSuchSeat { seat })?;
        let name = name.trim();
        if name.chars().any(char::is_control) {
            return Err(NameError::ControlCharacter { seat });
        }
        if name.len() > NAME_MAX {
            return Err(NameError::TooLong {
                seat,
                len: name.len(),
            });
        }
        *slot = [0; NAME_MAX];
        slot[..name.len()].copy_from_slice(name.as_bytes());
        Ok(())
    }

    /// The names of seats 0, 1, … in order (an empty string for a seat without a name);
    /// stops at the first refusal, leaving `self` as it was.
    pub fn from_list<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Names, NameError> {
        let mut out = Names::NONE;
        for (seat, name) in names.into_iter().enumerate() {
            let seat = u8::try_from(seat).unwrap_or(u8::MAX);
            out.set(seat, name)?;
        }
        Ok(out)
    }

    /// The name of `seat`, if it has one.
    pub fn get(&self, seat: u8) -> Option<&str> {
        let bytes = self.bytes.get(usize::from(seat))?;
        let len = bytes.iter().position(|&b| b == 0).unwrap_or(NAME_MAX);
        // Only `set` writes the bytes, from a `&str` cut at its end: always UTF-8.
        core::str::from_utf8(&bytes[..len])
            .ok()
            .filter(|s| !s.is_empty())
    }

    /// Whether no seat has a name.
    pub fn is_empty(&self) -> bool {
        *self == Names::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_checked_and_cleared() {
        let mut n = Names::NONE;
        assert!(n.is_empty());
        n.set(3, "Zoë").unwrap();
        assert_eq!(n.get(3), Some("Zoë"));
        assert!(!n.is_empty());
        n.set(3, "   ").unwrap();
        assert_eq!(n.get(3), None);
        let past = MAX_SEATS as u8;
        assert_eq!(
            n.set(past, "Anna"),
            Err(NameError::NoSuchSeat { seat: past })
        );
        assert_eq!(
            n.set(0, "An\nna"),
            Err(NameError::ControlCharacter { seat: 0 })
        );
        assert_eq!(n.set(0, "\0"), Err(NameError::ControlCharacter { seat: 0 }));
        // Exactly 12 bytes fit; 13 do not; multi-byte letters count their bytes.
        n.set(1, "Massimiliano").unwrap();
        assert_eq!(n.get(1), Some("Massimiliano"));
        assert_eq!(
            n.set(1, "ÀÀÀÀÀÀÀ"),
            Err(NameError::TooLong { seat: 1, len: 14 })
        );
        assert_eq!(n.get(1), Some("Massimiliano"), "a refusal changes nothing");
        assert_eq!(
            Names::from_list(["Anna", "", "Carla"]).unwrap().get(2),
            Some("Carla")
        );
        assert_eq!(
            Names::from_list(["a", "b", "c", "d", "e", "f", "g", "h", "i"]),
            Err(NameError::NoSuchSeat {
                seat: MAX_SEATS as u8
            })
        );
    }

    #[test]
    fn errors_say_which_seat_and_why() {
        use std::string::ToString;
        assert_eq!(
            NameError::TooLong { seat: 1, len: 20 }.to_string(),
            "the name of seat 2 is 20 bytes long; a name is at most 12 bytes (12 letters without accents)"
        );
    }
}
