//! The learned evaluation of the Briscola expert: a small network that, between two tricks
//! of a two-player hand, estimates the points the seat to lead will take from then on
//! minus the other seat's — given both hands, the cards still in the stock (as a set: not
//! their order) and the face-up briscola if it is still to be drawn.
//!
//! Trained in `scopa-ai-lab` (`examples/briscola_train.rs`) on self-play; the weights are
//! constants (`briscola/net_weights.rs`). Inference is integer-only (the same value on every
//! architecture), allocation-free and branch-light: the first layer is a sum of the
//! columns of the active inputs (at most 48 of [`INPUTS`]), then two clipped-ReLU layers.
//!
//! Inputs, with the suits rotated so that trump is always the first suit (a card's input
//! index is `10 × ((suit − trump) mod 4) + value − 1`):
//! `0..40` the leader's hand, `40..80` the other hand, `80..120` the hidden stock,
//! `120..160` the face-up briscola while it is still to be drawn, `160..178` the stock's
//! size halved (one-hot).

use super::net_weights::{B1, B2, B3, W1, W2, W3};

/// Inputs of the network.
pub const INPUTS: usize = 178;
/// First hidden layer.
pub const H1: usize = 32;
/// Second hidden layer.
pub const H2: usize = 16;
/// Fixed-point scale of weights and activations (1.0 = 1024).
pub const ONE: i32 = 1024;
/// The network's output unit in points: an output of [`ONE`] is this many points.
pub const OUTPUT_POINTS: i32 = 60;
/// Most active inputs of one position.
pub const MAX_ACTIVE: usize = 48;

/// The active inputs of a position (indices into [`INPUTS`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// Active input indices; the first `len` are used.
    pub active: [u8; MAX_ACTIVE],
    /// How many are used.
    pub len: usize,
}

/// A card index (0..40) with the suits rotated so that `trump` (a suit index) comes first.
#[inline]
const fn rotate(card: u32, trump: u32) -> u32 {
    let suit = card / 10;
    ((suit + 4 - trump) % 4) * 10 + card % 10
}

impl Inputs {
    /// The inputs of a position between tricks: the hands as card bits (bit = card index),
    /// the hidden stock's cards, the face-up briscola (card index) if still to be drawn,
    /// the cards still to draw (the briscola included) and the trump suit's index.
    pub fn new(
        leader: u64,
        other: u64,
        hidden_stock: u64,
        briscola: Option<u8>,
        stock: u8,
        trump: u8,
    ) -> Inputs {
        let mut x = Inputs {
            active: [0; MAX_ACTIVE],
            len: 0,
        };
        let trump = u32::from(trump);
        for (base, bits) in [(0u32, leader), (40, other), (80, hidden_stock)] {
            let mut b = bits;
            while b != 0 && x.len < MAX_ACTIVE {
                let c = b.trailing_zeros();
                b &= b - 1;
                x.active[x.len] = (base + rotate(c, trump)) as u8;
                x.len += 1;
            }
        }
        if let Some(c) = briscola
            && x.len < MAX_ACTIVE
        {
            x.active[x.len] = (120 + rotate(u32::from(c), trump)) as u8;
            x.len += 1;
        }
        if x.len < MAX_ACTIVE {
            x.active[x.len] = 160 + (stock / 2).min(17);
            x.len += 1;
        }
        x
    }

    /// The active indices.
    pub fn as_slice(&self) -> &[u8] {
        &self.active[..self.len]
    }
}

/// A network's weights, fixed-point ([`ONE`] = 1.0): the built-in one is [`Net::BUILT_IN`];
/// the lab builds others from its training checkpoints to measure them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Net<'a> {
    /// First layer, one column of [`H1`] weights per input.
    pub w1: &'a [[i16; H1]; INPUTS],
    /// First layer's biases.
    pub b1: &'a [i16; H1],
    /// Second layer, one row of [`H1`] weights per unit.
    pub w2: &'a [[i16; H1]; H2],
    /// Second layer's biases.
    pub b2: &'a [i16; H2],
    /// Output weights.
    pub w3: &'a [i16; H2],
    /// Output bias.
    pub b3: i16,
}

impl Net<'static> {
    /// The trained network shipped with the expert (`net_weights.rs`).
    pub const BUILT_IN: Net<'static> = Net {
        w1: &W1,
        b1: &B1,
        w2: &W2,
        b2: &B2,
        w3: &W3,
        b3: B3,
    };
}

impl Net<'_> {
    /// The estimate for the leader, in [`ONE`]ths of [`OUTPUT_POINTS`] points.
    pub fn evaluate(&self, x: &Inputs) -> i32 {
        let mut acc = [0i32; H1];
        for (a, &b) in acc.iter_mut().zip(self.b1.iter()) {
            *a = i32::from(b);
        }
        for &i in x.as_slice() {
            if let Some(col) = self.w1.get(usize::from(i)) {
                for (a, &w) in acc.iter_mut().zip(col.iter()) {
                    *a += i32::from(w);
                }
            }
        }
        let mut h1 = [0i32; H1];
        for (h, &a) in h1.iter_mut().zip(acc.iter()) {
            *h = a.clamp(0, ONE);
        }
        let mut h2 = [0i32; H2];
        for ((h, row), &b) in h2.iter_mut().zip(self.w2.iter()).zip(self.b2.iter()) {
            let mut s = i32::from(b) * ONE;
            for (&w, &a) in row.iter().zip(h1.iter()) {
                s += i32::from(w) * a;
            }
            *h = (s / ONE).clamp(0, ONE);
        }
        let mut out = i32::from(self.b3) * ONE;
        for (&w, &a) in self.w3.iter().zip(h2.iter()) {
            out += i32::from(w) * a;
        }
        out / ONE
    }

    /// [`evaluate`](Net::evaluate) in sixteenths of a point.
    pub fn points16(&self, x: &Inputs) -> i32 {
        self.evaluate(x) * OUTPUT_POINTS * 16 / ONE
    }
}
