//! The running figures of one choice over the sampled worlds: its mean, its standard error
//! and its chance to win, with integers only (the same on every architecture).

/// What one choice scored over the worlds searched, in hundredths of a point.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Tally {
    /// Worlds counted.
    pub n: u32,
    sum: i64,
    squares: i64,
    /// Worlds won, counted twice (a tie counts once: half a win).
    wins2: u32,
}

impl Tally {
    /// No world yet.
    pub const ZERO: Tally = Tally {
        n: 0,
        sum: 0,
        squares: 0,
        wins2: 0,
    };

    /// Counts one world's value `v` (hundredths of a point).
    pub fn add(&mut self, v: i32) {
        self.n += 1;
        self.sum += i64::from(v);
        self.squares += i64::from(v) * i64::from(v);
        self.wins2 += match v.signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        };
    }

    /// The mean, rounded to the nearest hundredth (0 with no world).
    pub fn mean(&self) -> i32 {
        div_round(self.sum, i64::from(self.n)) as i32
    }

    /// The standard error of the mean: the sample standard deviation over √n (0 with fewer
    /// than two worlds).
    pub fn std_error(&self) -> u32 {
        let n = i64::from(self.n);
        if n < 2 {
            return 0;
        }
        // n·Σx² − (Σx)² = n(n−1)·s², so s²/n = that / (n²(n−1)).
        let spread = (i128::from(n) * i128::from(self.squares)
            - i128::from(self.sum) * i128::from(self.sum))
        .max(0) as u128;
        let var_of_mean = spread / (n as u128 * n as u128 * (n as u128 - 1));
        isqrt(var_of_mean) as u32
    }

    /// The chance to win, in thousandths (a tie counts half).
    pub fn win_permille(&self) -> u16 {
        if self.n == 0 {
            return 0;
        }
        (u64::from(self.wins2) * 500 / u64::from(self.n)) as u16
    }
}

/// `a / b` rounded to the nearest integer, halves away from zero (0 when `b` is 0).
pub(crate) fn div_round(a: i64, b: i64) -> i64 {
    if b == 0 {
        0
    } else if (a < 0) != (b < 0) {
        (a - b / 2) / b
    } else {
        (a + b / 2) / b
    }
}

/// The integer square root (the largest `r` with `r² ≤ x`).
pub(crate) fn isqrt(x: u128) -> u128 {
    if x < 2 {
        return x;
    }
    let mut r = x;
    let mut next = (r + x / r) / 2;
    while next < r {
        r = next;
        next = (r + x / r) / 2;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_root_is_the_floor() {
        for x in 0..10_000u128 {
            let r = isqrt(x);
            assert!(r * r <= x && (r + 1) * (r + 1) > x, "{x}");
        }
        assert_eq!(
            isqrt(u128::from(u64::MAX) * u128::from(u64::MAX)),
            u128::from(u64::MAX)
        );
    }

    #[test]
    fn mean_error_and_wins_of_a_known_sample() {
        let mut t = Tally::default();
        for v in [100, -100, 300, -100, 0] {
            t.add(v);
        }
        // Mean 40; s² = (60² + 140² + 260² + 140² + 40²) / 4 = 28 000; s²/n = 5 600.
        assert_eq!(t.mean(), 40);
        assert_eq!(t.std_error(), 74); // √5600 = 74.8
        // Two wins, one tie: 2.5 of 5.
        assert_eq!(t.win_permille(), 500);
        assert_eq!(div_round(-7, 2), -4);
        assert_eq!(div_round(7, 2), 4);
    }
}
