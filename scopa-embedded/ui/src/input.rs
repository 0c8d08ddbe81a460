//! Input: a tiny trait for raw button levels, and a debouncer that turns bouncing levels
//! into clean "pressed" edges. A joystick or d-pad plus two buttons drive every screen.

/// A logical button. Boards map their keys onto these (joystick press = [`Button::A`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Button {
    /// D-pad / joystick up.
    Up,
    /// D-pad / joystick down.
    Down,
    /// D-pad / joystick left.
    Left,
    /// D-pad / joystick right.
    Right,
    /// Confirm / play.
    A,
    /// Back / cancel.
    B,
}

impl Button {
    /// Every button.
    pub const ALL: [Button; 6] = [
        Button::Up,
        Button::Down,
        Button::Left,
        Button::Right,
        Button::A,
        Button::B,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of buttons (levels or edges), one bit per [`Button`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Buttons(u8);

impl Buttons {
    /// No button.
    pub const NONE: Buttons = Buttons(0);

    /// Just `button`.
    pub const fn just(button: Button) -> Buttons {
        Buttons(button.bit())
    }

    /// This set with `button` added (or removed when `down` is false).
    #[must_use]
    pub const fn with(self, button: Button, down: bool) -> Buttons {
        if down {
            Buttons(self.0 | button.bit())
        } else {
            Buttons(self.0 & !button.bit())
        }
    }

    /// Whether `button` is in the set.
    pub const fn contains(self, button: Button) -> bool {
        self.0 & button.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The buttons of the set, in [`Button::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Button> {
        Button::ALL.into_iter().filter(move |b| self.contains(*b))
    }
}

/// A source of raw (possibly bouncing) button levels: GPIO pins on a board, a keyboard
/// on the host, a script in tests.
pub trait Input {
    /// The buttons held down right now.
    fn read(&mut self) -> Buttons;
}

/// Debounces raw levels sampled at a steady rate: a change counts only once the new
/// levels have been read `threshold` times in a row; a press is reported once, on the
/// stable transition from up to down.
///
/// ```
/// use scopa_ui::{Button, Buttons, Debouncer};
/// let mut d = Debouncer::new(3);
/// let a = Buttons::just(Button::A);
/// // Bounce: down, up, down … only the third steady sample reports the press.
/// assert!(d.update(a).is_empty());
/// assert!(d.update(Buttons::NONE).is_empty());
/// assert!(d.update(a).is_empty());
/// assert!(d.update(a).is_empty());
/// assert_eq!(d.update(a), a);
/// assert!(d.update(a).is_empty()); // held: no repeat
/// ```
#[derive(Clone, Debug)]
pub struct Debouncer {
    stable: Buttons,
    candidate: Buttons,
    count: u8,
    threshold: u8,
}

impl Debouncer {
    /// A debouncer needing `threshold` equal samples in a row (at least 1). At a 5 ms
    /// sampling period, 4 samples make 20 ms, longer than a typical tactile switch bounce.
    pub const fn new(threshold: u8) -> Debouncer {
        Debouncer {
            stable: Buttons::NONE,
            candidate: Buttons::NONE,
            count: 0,
            threshold: if threshold == 0 { 1 } else { threshold },
        }
    }

    /// Feeds one sample of raw levels; returns the buttons newly pressed (stable edges).
    pub fn update(&mut self, raw: Buttons) -> Buttons {
        if raw == self.candidate {
            self.count = self.count.saturating_add(1);
        } else {
            self.candidate = raw;
            self.count = 1;
        }
        if self.count >= self.threshold && self.candidate != self.stable {
            let pressed = Buttons(self.candidate.0 & !self.stable.0);
            self.stable = self.candidate;
            return pressed;
        }
        Buttons::NONE
    }

    /// Reads `input` once and debounces it.
    pub fn poll<I: Input + ?Sized>(&mut self, input: &mut I) -> Buttons {
        let raw = input.read();
        self.update(raw)
    }

    /// The debounced levels.
    pub const fn held(&self) -> Buttons {
        self.stable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_and_second_press_are_seen() {
        let mut d = Debouncer::new(2);
        let l = Buttons::just(Button::Left);
        assert!(d.update(l).is_empty());
        assert_eq!(d.update(l), l);
        assert!(d.update(Buttons::NONE).is_empty());
        assert!(d.update(Buttons::NONE).is_empty());
        assert_eq!(d.held(), Buttons::NONE);
        assert!(d.update(l).is_empty());
        assert_eq!(d.update(l), l);
    }

    #[test]
    fn a_second_button_while_one_is_held_is_reported_alone() {
        let mut d = Debouncer::new(1);
        let a = Buttons::just(Button::A);
        let ab = a.with(Button::B, true);
        assert_eq!(d.update(a), a);
        assert_eq!(d.update(ab), Buttons::just(Button::B));
        assert_eq!(d.update(ab).iter().count(), 0);
    }

    #[test]
    fn a_one_sample_glitch_is_ignored() {
        let mut d = Debouncer::new(3);
        for _ in 0..5 {
            assert!(d.update(Buttons::NONE).is_empty());
        }
        assert!(d.update(Buttons::just(Button::Up)).is_empty());
        for _ in 0..5 {
            assert!(d.update(Buttons::NONE).is_empty());
        }
        assert_eq!(d.held(), Buttons::NONE);
    }
}
