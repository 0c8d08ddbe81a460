//! The JSON messages, one per WebSocket text message or per line on stdin/stdout: what a
//! client sends ([`ClientMsg`]) and what the server answers ([`ServerMsg`]). Every message
//! is an object with a `type`; unknown types and unknown fields are refused
//! ([`ClientError::BadMessage`]). docs/online.md lists each with an example.

use scopa_core::session::SessionError;
use scopa_core::session::transcript::ParseActionError;
use serde::{Deserialize, Serialize};

/// What a client sends.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Creates a room: `settings` is the core's settings line (`session players 2 …`, see
    /// docs/session.md), `lang` its texts' language (`en` by default). A `seed` is accepted
    /// only by a server started with `--allow-client-seed` (tests, reproducible matches);
    /// otherwise the server draws the session's secret itself.
    Create {
        /// The settings line.
        settings: String,
        /// `en` or `it`.
        #[serde(default)]
        lang: Option<String>,
        /// The session's secret (only with `--allow-client-seed`).
        #[serde(default)]
        seed: Option<u64>,
        /// The turn timer: seconds a person's seat has for each move (1 to 86,400), after
        /// which the server moves for it (none: no timer).
        #[serde(default)]
        turn_seconds: Option<u32>,
        /// The AI level that moves for a seat out of time (`medium` by default): `random`,
        /// `easy`, `medium`, `expert`, `handheld`.
        #[serde(default)]
        turn_ai: Option<String>,
    },
    /// Takes a free person's seat of a room; the answer holds the seat's token.
    Join {
        /// The invite code.
        room: String,
        /// The seat, from 0.
        seat: u8,
    },
    /// Takes back a seat with its token (after a reconnection or a server restart).
    Resume {
        /// The invite code.
        room: String,
        /// The seat's token, from [`ServerMsg::Joined`].
        token: String,
    },
    /// Watches a room as a spectator (no hand is shown).
    Watch {
        /// The invite code.
        room: String,
    },
    /// An action of a seat this connection holds: the core's script line (`select 7d`,
    /// `capture 1`, `play 7d 5d 2c`, `cancel`, `continue`, `undo`, `rematch`).
    Act {
        /// The script line.
        action: String,
        /// Which seat acts (needed only when the connection holds several).
        #[serde(default)]
        seat: Option<u8>,
    },
    /// Asks for the expert's suggestion for a seat this connection holds: its next frame
    /// carries the hint.
    Hint {
        /// Which seat asks (needed only when the connection holds several).
        #[serde(default)]
        seat: Option<u8>,
    },
    /// Leaves the room: a seat held is given up (its token stops working, somebody else
    /// may join it); a spectator stops watching.
    Leave {},
}

/// The `type` of each message the server sends (each [`ServerMsg`] variant), for clients
/// and tests that check what they receive.
pub const SERVER_TYPES: [&str; 9] = [
    "created",
    "joined",
    "watching",
    "frame",
    "left",
    "error",
    "timed_out",
    "presence",
    "revoked",
];

/// What the server sends.
#[derive(Serialize, Debug, Clone)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// A room was created.
    Created {
        /// The invite code (at least 64 random bits).
        room: String,
        /// The invite link.
        link: String,
    },
    /// This connection holds `seat` of `room`, with this token.
    Joined {
        /// The invite code.
        room: String,
        /// The seat.
        seat: u8,
        /// The seat's token (128 random bits): keep it to resume the seat.
        token: String,
    },
    /// This connection watches `room`.
    Watching {
        /// The invite code.
        room: String,
    },
    /// What a seat (or a spectator: `seat` null) sees now: the core's table model.
    Frame {
        /// The invite code.
        room: String,
        /// The seat this frame is for (null: a spectator).
        seat: Option<u8>,
        /// How many actions the room has stored (each frame after an action carries that
        /// action's events).
        seq: u64,
        /// The core's `Frame` as the core writes it (every text written out).
        frame: Box<serde_json::value::RawValue>,
        /// In a room with a turn timer, while it waits for a person: whose time runs and
        /// when it is up (absent otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        deadline: Option<DeadlineMsg>,
        /// Who is connected to the room now (as [`ServerMsg::Presence`] last said).
        presence: PresenceMsg,
        /// At a hand summary in a room with people: who pressed Continue and whom it still
        /// waits for (absent otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        summary_wait: Option<SummaryWaitMsg>,
    },
    /// Who is connected changed (a connection came, went, or its server process stopped
    /// answering): sent to every connection of the room but the one whose arrival changed
    /// it (that one has it in its frame).
    Presence {
        /// The invite code.
        room: String,
        /// Who is connected now.
        presence: PresenceMsg,
    },
    /// A person's seat ran out of time: the server made its move with the timer's AI (sent
    /// to every connection of the room, before the frames of that move).
    TimedOut {
        /// The invite code.
        room: String,
        /// The seat that ran out of time.
        seat: u8,
        /// The AI level that moved for it.
        ai: &'static str,
        /// The move made, as the core's script line (`play 7d 5d 2c`).
        action: String,
    },
    /// This connection no longer acts for `seat`: the seat was given up (`leave`) by
    /// another connection holding its token, or taken again with another token. Every
    /// connection that held the seat by that token loses it at once; one left with no seat
    /// is out of the room (it may `join`, `resume` or `watch` again).
    Revoked {
        /// The invite code.
        room: String,
        /// The seat lost.
        seat: u8,
    },
    /// The connection left its room.
    Left {},
    /// A message was refused; nothing changed.
    Error {
        /// The error's code ([`ClientError::code`]).
        code: &'static str,
        /// The session's own reason, for `refused`: `wrong_phase`, `not_in_hand`, …
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        /// In words (English, or the session's language for `refused`).
        message: String,
    },
}

/// A frame's `deadline`: the seat whose time runs, and when it is up.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeadlineMsg {
    /// The seat the room waits for.
    pub seat: u8,
    /// When its time is up: milliseconds since the Unix epoch (the server's clock).
    pub at_ms: i64,
    /// Milliseconds left when the frame was sent (0 once past): a client's countdown
    /// needs no clock in step with the server's.
    pub left_ms: i64,
}

/// Who is connected to a room now, over every server process: for each seat (from 0)
/// whether a live connection holds it, and how many connections watch. Nothing of the
/// cards: the same for every seat and spectator.
#[derive(Serialize, Debug, Clone, PartialEq, Eq, Default)]
pub struct PresenceMsg {
    /// One per seat: `true` when a connection holds the seat now (an AI's seat, a free
    /// seat and a seat whose person went away: `false`).
    pub connected: Vec<bool>,
    /// How many connections watch the room.
    pub spectators: u32,
}

/// Whom a hand summary waits for: it closes when every connected person's seat has pressed
/// Continue, or by itself after the server's longest wait.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SummaryWaitMsg {
    /// The seats that pressed Continue on this summary.
    pub ready: Vec<u8>,
    /// The connected people's seats that have not pressed yet (a seat whose person is away
    /// is not waited for).
    pub waiting_for: Vec<u8>,
}

/// Why a client's message was refused.
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum ClientError {
    /// Not JSON, not one of the messages, a field unknown or of the wrong type.
    #[error("not a message: {0}")]
    BadMessage(String),
    /// The message is longer than the limit.
    #[error("the message has {size} bytes; the limit is {limit}")]
    TooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// Too many messages too fast.
    #[error("too many messages; slow down")]
    RateLimited,
    /// Too many rooms created by this connection.
    #[error("this connection created too many rooms")]
    TooManyRooms,
    /// Too many unknown invite codes or tokens: the connection is closed.
    #[error("too many unknown rooms or tokens; closing")]
    TooManyGuesses,
    /// The settings line or language is not one the session accepts.
    #[error("bad settings: {0}")]
    BadSettings(String),
    /// A seed was given but the server draws its own.
    #[error("this server does not accept a seed from clients")]
    SeedNotAllowed,
    /// The action line is not an action.
    #[error("not an action: {0}")]
    BadAction(ParseActionError),
    /// `ai` and `aiplay` are the server's own actions.
    #[error("only the server plays the AI seats")]
    ServerOnlyAction,
    /// No room has this code.
    #[error("no room has this code")]
    NoSuchRoom,
    /// The room has no such seat.
    #[error("the room has no seat {seat}")]
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
    },
    /// The seat is played by the AI.
    #[error("seat {seat} is played by the AI")]
    AiSeat {
        /// The seat asked for.
        seat: u8,
    },
    /// Somebody holds the seat.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat asked for.
        seat: u8,
    },
    /// No seat of the room has this token.
    #[error("no seat of this room has this token")]
    BadToken,
    /// The connection is already in a room (leave it first).
    #[error("this connection is already in room {0}; leave it first")]
    AlreadyInRoom(String),
    /// The connection holds no seat (for this action: not this one).
    #[error("this connection holds no such seat")]
    NotSeated,
    /// The connection holds several seats: say which acts.
    #[error("this connection holds several seats: say which one acts")]
    WhichSeat,
    /// Another seat is to play.
    #[error("it is seat {turn}'s turn")]
    NotYourTurn {
        /// The seat to play.
        turn: u8,
    },
    /// The session refused the action (its own error).
    #[error("refused: {0}")]
    Refused(SessionError),
    /// The store failed: the action was not carried out.
    #[error("the server could not store the action; try again")]
    Unavailable,
    /// The seat's time for this move is up: the server moves for it.
    #[error("seat {seat}'s time is up: the server moves for it")]
    TimeUp {
        /// The seat out of time.
        seat: u8,
    },
    /// The connection held no seat and watched no room for this long: it is closed.
    #[error("no seat held and no room watched for {secs} s: closing")]
    Idle {
        /// The bound, in seconds.
        secs: u64,
    },
    /// The work queue is full, or this address has its share of it waiting: try later.
    #[error("the server is busy with this address's earlier requests; try again")]
    Busy,
}

impl ClientError {
    /// The error's code in the JSON `error` message.
    pub const fn code(&self) -> &'static str {
        match self {
            ClientError::BadMessage(_) => "bad_message",
            ClientError::TooLarge { .. } => "too_large",
            ClientError::RateLimited => "rate_limited",
            ClientError::TooManyRooms => "too_many_rooms",
            ClientError::TooManyGuesses => "too_many_guesses",
            ClientError::BadSettings(_) => "bad_settings",
            ClientError::SeedNotAllowed => "seed_not_allowed",
            ClientError::BadAction(_) => "bad_action",
            ClientError::ServerOnlyAction => "server_only_action",
            ClientError::NoSuchRoom => "no_such_room",
            ClientError::NoSuchSeat { .. } => "no_such_seat",
            ClientError::AiSeat { .. } => "ai_seat",
            ClientError::SeatTaken { .. } => "seat_taken",
            ClientError::BadToken => "bad_token",
            ClientError::AlreadyInRoom(_) => "already_in_room",
            ClientError::NotSeated => "not_seated",
            ClientError::WhichSeat => "which_seat",
            ClientError::NotYourTurn { .. } => "not_your_turn",
            ClientError::Refused(_) => "refused",
            ClientError::Unavailable => "unavailable",
            ClientError::TimeUp { .. } => "time_up",
            ClientError::Idle { .. } => "idle",
            ClientError::Busy => "busy",
        }
    }

    /// The `error` message for this error; a refusal is worded in the session's language
    /// `texts`.
    pub fn to_msg(&self, texts: Option<scopa_core::session::Texts>) -> ServerMsg {
        match self {
            ClientError::Refused(e) => ServerMsg::Error {
                code: self.code(),
                reason: Some(session_error_code(e)),
                message: match texts {
                    Some(t) => t.error(e).to_string(),
                    None => e.to_string(),
                },
            },
            _ => ServerMsg::Error {
                code: self.code(),
                reason: None,
                message: self.to_string(),
            },
        }
    }
}

/// The session error's variant in snake case (`WrongPhase { .. }` → `wrong_phase`): read
/// from its `Debug` name, so a variant the core adds needs no change here.
pub fn session_error_code(e: &SessionError) -> String {
    let debug = format!("{e:?}");
    let name = debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads one client message (its size already checked).
pub fn parse(text: &str) -> Result<ClientMsg, ClientError> {
    serde_json::from_str(text).map_err(|e| ClientError::BadMessage(e.to_string()))
}

/// One message as the line (or WebSocket text) sent.
pub fn to_line(msg: &ServerMsg) -> String {
    // A `ServerMsg` holds only strings, numbers and JSON values: it always serializes.
    serde_json::to_string(msg).unwrap_or_else(|_| {
        r#"{"type":"error","code":"internal","message":"could not write a message"}"#.into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::session::{ActionKind, Phase};

    #[test]
    fn unknown_fields_and_types_are_refused() {
        assert!(matches!(
            parse(r#"{"type":"watch","room":"x","extra":1}"#),
            Err(ClientError::BadMessage(_))
        ));
        assert!(matches!(
            parse(r#"{"type":"teleport"}"#),
            Err(ClientError::BadMessage(_))
        ));
        assert!(matches!(parse("[1,2"), Err(ClientError::BadMessage(_))));
        assert_eq!(parse(r#"{"type":"leave"}"#).unwrap(), ClientMsg::Leave {});
    }

    #[test]
    fn session_errors_are_named_by_their_variant() {
        let e = SessionError::WrongPhase {
            action: ActionKind::Continue,
            phase: Phase::HandSummary,
        };
        assert_eq!(session_error_code(&e), "wrong_phase");
        assert_eq!(session_error_code(&SessionError::UndoOff), "undo_off");
        assert_eq!(session_error_code(&SessionError::Internal), "internal");
    }
}
