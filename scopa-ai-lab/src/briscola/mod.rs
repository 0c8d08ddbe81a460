//! Briscola in the lab: the frozen `expert-v1` ([`v1`]), the full-information ceiling
//! ([`solve`]), and the learned evaluation's training (`examples/briscola_train.rs`).

pub mod solve;
pub mod v1;
