//! # scopa-server
//!
//! Scopa online: rooms where people (and AIs) play one `scopa_core` session together over
//! WebSocket, or one program plays over stdin/stdout. The session is the authority: a
//! client sends only actions (the core's script lines), each seat receives only its own
//! table model (`Frame::for_seat`, the core's JSON), a spectator the frame of no seat.
//! Every accepted action is stored in SQLite, or in PostgreSQL shared by several processes
//! (session bytes and action log, one transaction holding the room's row) before anyone is
//! told, so a restarted server — or another process — resumes every room and seat.
//!
//! - [`protocol`]: the messages and their typed errors (docs/online.md).
//! - [`room`]: one room's logic — seats, tokens, who may act, frames — with no I/O.
//! - [`store`]: the SQL (SQLite by default, one process; PostgreSQL for several, told of
//!   each other's steps by LISTEN/NOTIFY); tokens kept as their SHA-256.
//! - [`hub`]: rooms in memory, their timers (the AI's pace), connections and the limits
//!   per client address.
//! - [`work`]: the CPU work (hints, AI moves) on threads of its own, bounded and fair.
//! - [`ws`] and [`stdio`]: the two transports; [`web`]: the browser app's files.

pub mod hub;
pub mod protocol;
pub mod room;
pub mod stdio;
pub mod store;
pub mod web;
pub mod work;
pub mod ws;
