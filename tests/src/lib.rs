//! Shared helpers of the scopa property suite.
//!
//! Everything here but [`script`] is written from docs/rules.md alone and deliberately shares no
//! logic with `scopa-core`: the properties compare the engine against these independent
//! versions.
//!
//! - [`oracle`]: a brute-force capture enumerator (every subset of the table, §3).
//! - [`scorer`]: an independent hand scorer (§5).
//! - [`capacity`]: the exhaustive search behind `MAX_CAPTURES` / `MAX_MOVES`.
//! - [`walk`]: state checks shared by the property files.
//! - [`saves`]: restored matches and sessions played to their end, round-tripping at every
//!   step (the snapshot properties and the fuzz targets).
//! - [`script`]: the reference run of a session script (the transcript every front-end
//!   must reproduce) and the generator of the committed scripts.

pub mod capacity;
pub mod oracle;
pub mod saves;
pub mod scorer;
pub mod script;
pub mod walk;
