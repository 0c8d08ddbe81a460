//! The library half of the `scopa` command: the parts other programs (its tests, fuzz
//! targets) link — the engine protocol ([`engine::answer_line`], [`engine::serve`]), the
//! save files and their file store ([`save`]), the coach's review of a script or a save
//! ([`reviewing`]), and the helpers they share ([`common`]).
//! The terminal game, tournaments and benchmarks live in the binary.

pub mod common;
pub mod engine;
pub mod reviewing;
pub mod save;
