//! [`Room`]: one session and who holds its seats — the room's logic with no socket, no
//! clock, no store and no randomness (codes, tokens and seeds come from the caller), so
//! it is tested on its own. The [`hub`](crate::hub) stores what a room did before anyone
//! is told, runs its timers and talks to the connections.

use scopa_core::ai::Level;
use scopa_core::game::GameMove;
use scopa_core::session::GameEvent as Event;
use scopa_core::session::GameHint as Hint;
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::{Due, Gather, Next, Pacing, Seats, Token, gather};
use scopa_core::session::table::{Frame, MAX_SEATS};
use scopa_core::session::{Action, CardStyle, Phase, Session, Settings, transcript};

use crate::protocol::ClientError;

/// What the room did for one input or timer: the actions the session accepted, in order
/// (the input's, then the hand-offs that follow at once), and their events. Stored before
/// anyone is told.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Each accepted action.
    pub actions: Vec<Action>,
    /// The events of those actions, in order.
    pub events: Vec<Event>,
}

impl Applied {
    /// The actions as the core's script lines (the action log).
    pub fn lines(&self) -> Vec<String> {
        self.actions
            .iter()
            .map(|a| transcript::action(a).to_string())
            .collect()
    }
}

/// A room's turn timer: a person's seat that has not moved `seconds` after its turn began
/// has its move made by the AI of `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnTimer {
    /// Seconds per move.
    pub seconds: u32,
    /// The AI level that moves for a seat out of time.
    pub level: Level,
}

impl TurnTimer {
    /// The longest turn a room may set: one day.
    pub const MAX_SECONDS: u32 = 86_400;
}

/// When the seat to play runs out of time: milliseconds since the Unix epoch (a wall
/// clock, so that a stored deadline means the same after a restart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The seat the room waits for.
    pub seat: u8,
    /// The moment its time is up, in ms since the Unix epoch.
    pub at_ms: i64,
}

/// One room: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Room {
    code: String,
    presenter: Presenter,
    tokens: [Option<String>; MAX_SEATS],
    seq: u64,
    timer: Option<TurnTimer>,
    deadline: Option<Deadline>,
    /// The longest a hand summary waits for the people's Continue, in ms.
    summary_wait_ms: u32,
    /// The seats whose person is connected now (the hub's presence).
    present: Seats,
    /// The seats that pressed Continue on the summary shown now: kept in memory only (a
    /// restart, or a reload of the room, makes them press again); emptied at every step.
    ready: Seats,
}

/// Compares two tokens in time independent of where they differ.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Room {
    /// A new room playing a new session of `settings` with the secret `seed`.
    pub fn create(
        code: String,
        settings: Settings,
        seed: u64,
        pacing: Pacing,
    ) -> Result<Room, ClientError> {
        let session = Session::new(settings, seed).map_err(ClientError::Refused)?;
        Ok(Room::with_session(code, session, pacing))
    }

    /// A room around `session` (created, or restored from the store), no seat taken.
    pub fn with_session(code: String, session: Session, pacing: Pacing) -> Room {
        Room {
            code,
            presenter: Presenter::resumed(session, pacing),
            tokens: Default::default(),
            seq: 0,
            timer: None,
            deadline: None,
            summary_wait_ms: pacing.summary_ms,
            present: Seats::NONE,
            ready: Seats::NONE,
        }
    }

    /// Sets how long a hand summary waits for the people's Continue at the longest (by
    /// default the pacing's `summary_ms`).
    pub fn set_summary_wait(&mut self, ms: u32) {
        self.summary_wait_ms = ms;
    }

    /// Sets the seats whose person is connected now: a seat that is away is not waited
    /// for at a hand summary.
    pub fn set_present(&mut self, present: Seats) {
        self.present = present;
    }

    /// At a hand summary: the core's [`gather`] policy for the room now (`None` in any
    /// other phase).
    pub fn gathering(&self) -> Option<Gather> {
        let session = self.session();
        if session.phase() != Phase::HandSummary {
            return None;
        }
        Some(gather(
            session.settings(),
            self.presenter.pacing(),
            self.summary_wait_ms,
            self.present,
            self.ready,
        ))
    }

    /// At a hand summary that waits for people: the seats that pressed Continue, and the
    /// seats it still waits for.
    pub fn summary_wait(&self) -> Option<(Seats, Seats)> {
        match self.gathering()? {
            Gather::Wait { seats, .. } => Some((self.ready, seats)),
            Gather::Now => Some((self.ready, Seats::NONE)),
            Gather::After { .. } => None,
        }
    }

    /// Sets the room's turn timer and the deadline it runs (as created, or as stored).
    pub fn set_timer(&mut self, timer: Option<TurnTimer>, deadline: Option<Deadline>) {
        self.timer = timer;
        self.deadline = timer.and(deadline);
    }

    /// The room's turn timer, if it has one.
    pub const fn timer(&self) -> Option<TurnTimer> {
        self.timer
    }

    /// The deadline of the seat the room waits for, if the room has a timer and waits for
    /// a person.
    pub const fn deadline(&self) -> Option<Deadline> {
        self.deadline
    }

    /// The person's seat the room waits for (to play, or to choose a capture).
    pub fn waiting_seat(&self) -> Option<u8> {
        let session = self.session();
        match session.phase() {
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. }
                if session.settings().player(seat).is_human() =>
            {
                Some(seat)
            }
            _ => None,
        }
    }

    /// After `applied` was carried out at `now_ms`: the seat the room now waits for gets
    /// a new deadline, unless it is the seat that was already waiting and `applied` was
    /// only its own step within the same move (selecting a card that needs a capture
    /// chosen, cancelling, undoing): a person gets no more time by going back and forth.
    pub fn restart_clock(&mut self, applied: &Applied, now_ms: i64) {
        let Some(timer) = self.timer else {
            self.deadline = None;
            return;
        };
        let same_move = applied.events.is_empty()
            && applied
                .actions
                .iter()
                .all(|a| matches!(a, Action::Select(_) | Action::Cancel | Action::Undo));
        self.deadline = match (self.waiting_seat(), self.deadline) {
            (None, _) => None,
            (Some(seat), Some(d)) if d.seat == seat && same_move => Some(d),
            (Some(seat), _) => Some(Deadline {
                seat,
                at_ms: now_ms.saturating_add(i64::from(timer.seconds) * 1000),
            }),
        };
    }

    /// Refuses a move of `seat` once its time is up (`now_ms` at or past its deadline):
    /// the server moves for it.
    pub fn check_clock(&self, seat: u8, now_ms: i64) -> Result<(), ClientError> {
        match self.deadline {
            Some(d) if d.seat == seat && now_ms >= d.at_ms => Err(ClientError::TimeUp { seat }),
            _ => Ok(()),
        }
    }

    /// The move the timer's AI makes for the seat the room waits for, from what that seat
    /// may know (its own view): a pure function of the room, so it runs on a copy.
    pub fn timeout_move(&self) -> Option<GameMove> {
        let timer = self.timer?;
        self.waiting_seat()?;
        // The seed of the AI's randomness (the `random` level): the room's log length, so
        // a replay of the log makes the same move.
        self.session().choose_as(timer.level, self.seq).ok()
    }

    /// The deadline `deadline` passed: plays `mv` ([`Room::timeout_move`]) for its seat, if
    /// it is still the room's deadline (else nothing: `Ok(None)`).
    pub fn time_out(
        &mut self,
        deadline: Deadline,
        mv: GameMove,
    ) -> Result<Option<Applied>, ClientError> {
        if self.deadline != Some(deadline) || self.waiting_seat() != Some(deadline.seat) {
            return Ok(None);
        }
        let mut applied = Applied::default();
        self.apply(Action::Play(mv), &mut applied)?;
        Ok(Some(applied))
    }

    /// A room as stored: its session's bytes, the tokens of its seats and how many actions
    /// it has stored.
    pub fn restore(
        code: String,
        bytes: &[u8],
        tokens: [Option<String>; MAX_SEATS],
        seq: u64,
        pacing: Pacing,
    ) -> Result<Room, scopa_core::session::SaveError> {
        let session = Session::from_bytes(bytes)?;
        let mut room = Room::with_session(code, session, pacing);
        // A resumed presenter shows the hand's deal again; the room's clients saw it when
        // it happened, so it is not sent again with the next step's events.
        room.presenter.frame();
        room.tokens = tokens;
        room.seq = seq;
        Ok(room)
    }

    /// The invite code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The session.
    pub fn session(&self) -> &Session {
        self.presenter.session()
    }

    /// The session's bytes (what the store keeps).
    pub fn bytes(&self) -> Vec<u8> {
        self.session().to_bytes().to_vec()
    }

    /// How many actions the room has accepted.
    pub const fn seq(&self) -> u64 {
        self.seq
    }

    /// The seats' tokens (`None`: free, or an AI's).
    pub fn tokens(&self) -> &[Option<String>; MAX_SEATS] {
        &self.tokens
    }

    /// Gives `seat` to the holder of `token`: a person's seat nobody holds.
    pub fn claim(&mut self, seat: u8, token: String) -> Result<(), ClientError> {
        let settings = self.session().settings();
        if seat >= settings.players() {
            return Err(ClientError::NoSuchSeat { seat });
        }
        if !settings.player(seat).is_human() {
            return Err(ClientError::AiSeat { seat });
        }
        let slot = &mut self.tokens[usize::from(seat)];
        if slot.is_some() {
            return Err(ClientError::SeatTaken { seat });
        }
        *slot = Some(token);
        Ok(())
    }

    /// Frees `seat` (its token stops working).
    pub fn release(&mut self, seat: u8) {
        if let Some(slot) = self.tokens.get_mut(usize::from(seat)) {
            *slot = None;
        }
    }

    /// The seat `token` holds.
    pub fn seat_of(&self, token: &str) -> Option<u8> {
        self.tokens
            .iter()
            .position(|t| t.as_deref().is_some_and(|t| same_token(t, token)))
            .map(|s| s as u8)
    }

    /// The delay the room runs now (an AI's move, a banner, a summary), if any: a hand
    /// summary with people waits for them ([`gather`]) at most the longest wait, and
    /// closes at once when every person there has pressed Continue.
    pub fn due(&self) -> Option<Due> {
        let due = self.presenter.next().due()?;
        Some(match self.gathering() {
            Some(Gather::Wait { longest_ms, .. }) => Due {
                after_ms: longest_ms,
                ..due
            },
            Some(Gather::Now) => Due { after_ms: 0, ..due },
            Some(Gather::After { .. }) | None => due,
        })
    }

    /// `seat` pressed Continue on the hand summary, which waits for people: marks it ready.
    /// Whether the room should now go on (every person there has pressed); `None` if the
    /// room is not at such a summary, or `seat` is not a person's.
    pub fn press_continue(&mut self, seat: u8) -> Option<bool> {
        self.summary_wait()?;
        if !self.session().settings().player(seat).is_human() {
            return None;
        }
        self.ready = self.ready.with(seat);
        Some(self.gathering() == Some(Gather::Now))
    }

    /// A person's action for `seat`. The session decides (its own errors); the room adds
    /// who may act: only the seat to play plays, cancels or undoes; any seat of a person
    /// may go on past a banner or ask for a rematch. `ai` and `aiplay` are the server's.
    pub fn act(&mut self, seat: u8, action: Action) -> Result<Applied, ClientError> {
        if matches!(action, Action::RunAi | Action::AiPlay(_)) {
            return Err(ClientError::ServerOnlyAction);
        }
        if matches!(
            action,
            Action::Select(_)
                | Action::Capture(_)
                | Action::Play(_)
                | Action::Cancel
                | Action::Undo
        ) {
            self.check_turn(seat)?;
        }
        let mut applied = Applied::default();
        self.apply(action, &mut applied)?;
        Ok(applied)
    }

    /// The expert's suggestion for `seat`, when it is to play.
    pub fn hint(&self, seat: u8) -> Result<Hint, ClientError> {
        self.check_turn(seat)?;
        self.session().hint().map_err(ClientError::Refused)
    }

    /// Whether `seat` may ask for a hint now (it is to play): the hint itself, the
    /// session's [`Session::hint`], is computed on a copy, off the room.
    pub fn check_hint(&self, seat: u8) -> Result<(), ClientError> {
        self.check_turn(seat)
    }

    fn check_turn(&self, seat: u8) -> Result<(), ClientError> {
        match self.session().phase() {
            Phase::Play { seat: turn } | Phase::ChooseCapture { seat: turn, .. }
                if turn != seat =>
            {
                Err(ClientError::NotYourTurn { turn })
            }
            _ => Ok(()),
        }
    }

    /// A delay ran out: carries out its action if `token` is still current (else nothing:
    /// `Ok(None)`).
    pub fn fire(&mut self, token: Token) -> Result<Option<Applied>, ClientError> {
        match self.due() {
            Some(due) if due.token == token => {
                let mut applied = Applied::default();
                self.apply(due.action, &mut applied)?;
                Ok(Some(applied))
            }
            _ => Ok(None),
        }
    }

    /// An AI's delay ran out and its move was computed on a copy of the session
    /// ([`Session::ai_move`]): plays it if `token` is still current.
    pub fn fire_move(
        &mut self,
        token: Token,
        mv: GameMove,
    ) -> Result<Option<Applied>, ClientError> {
        match self.due() {
            Some(due) if due.token == token && due.action == Action::RunAi => {
                let mut applied = Applied::default();
                self.apply(Action::AiPlay(mv), &mut applied)?;
                Ok(Some(applied))
            }
            _ => Ok(None),
        }
    }

    /// Carries out every delay of 0 ms that is not an AI's: a hand-off between two people
    /// at different devices needs no device to change hands (a new session of two or more
    /// people starts with one).
    pub fn settle(&mut self) -> Result<Applied, ClientError> {
        let mut applied = Applied::default();
        self.settle_into(&mut applied)?;
        Ok(applied)
    }

    /// Applies `action`, then [`settle`](Room::settle)s.
    fn apply(&mut self, action: Action, applied: &mut Applied) -> Result<(), ClientError> {
        self.presenter.act(action).map_err(ClientError::Refused)?;
        self.take_events(action, applied);
        self.settle_into(applied)
    }

    fn settle_into(&mut self, applied: &mut Applied) -> Result<(), ClientError> {
        while let Some(due) = self.due()
            && due.after_ms == 0
            && due.action != Action::RunAi
        {
            self.presenter
                .fire(due.token)
                .map_err(ClientError::Refused)?;
            self.take_events(due.action, applied);
        }
        Ok(())
    }

    fn take_events(&mut self, action: Action, applied: &mut Applied) {
        self.seq += 1;
        self.ready = Seats::NONE;
        applied.actions.push(action);
        applied
            .events
            .extend(self.presenter.frame().events.iter().map(|e| e.event));
    }

    /// What `seat` (`None`: a spectator) sees now, with `events` and (for the seat that
    /// asked) a hint: the core's [`Frame::at_own_device`] (every person at a device of
    /// their own: the buttons of such a table, the summary's Continue until the person
    /// pressed it), with the room's own summary delay.
    pub fn frame(&self, seat: Option<u8>, events: &[Event], hint: Option<Hint>) -> Frame {
        let session = self.session();
        let mut frame = Frame::at_own_device(
            session,
            seat,
            CardStyle::Letters,
            self.presenter.pacing(),
            self.ready,
        );
        for &e in events {
            frame.push_event(e);
        }
        frame.hint = hint;
        if let Some(due) = self.due()
            && self.gathering().is_some()
        {
            // The room's own summary delay (the longest wait for the people), not the
            // presenter's.
            frame.next = Next::Due(Due {
                token: Token(0),
                ..due
            });
        }
        frame
    }

    /// [`Room::frame`] written out as JSON (`scopa_frame::Frame`, the one writer of every
    /// front-end's frame).
    pub fn frame_json(
        &self,
        seat: Option<u8>,
        events: &[Event],
        hint: Option<Hint>,
    ) -> Box<serde_json::value::RawValue> {
        // A frame holds strings and numbers only: it always serializes.
        // No recap: a presenter's recap is not in the stored session, so a room loaded
        // again (a restart, another process) would recap other hands; a frame is a function
        // of what is stored.
        let frame = scopa_frame::Frame::new(&self.frame(seat, events, hint), self.session(), &[]);
        serde_json::value::to_raw_value(&frame)
            .or_else(|_| serde_json::value::RawValue::from_string("null".into()))
            .unwrap_or_default()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use scopa_core::ai::Level;
    use scopa_core::session::table::Choices;

    fn fast() -> Pacing {
        Pacing {
            ai_ms: 0,
            scopa_ms: 0,
            summary_ms: 0,
            attended: false,
        }
    }

    fn two_people() -> Settings {
        "session players 2 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human human"
            .parse()
            .unwrap()
    }

    #[test]
    fn seats_are_claimed_once_and_only_by_people() {
        let mut settings = two_people();
        settings.seats[1] = scopa_core::session::Player::Ai(Level::Easy);
        let mut room = Room::create("r".into(), settings, 1, fast()).unwrap();
        assert_eq!(
            room.claim(1, "t1".into()),
            Err(ClientError::AiSeat { seat: 1 })
        );
        assert_eq!(
            room.claim(2, "t2".into()),
            Err(ClientError::NoSuchSeat { seat: 2 })
        );
        room.claim(0, "t0".into()).unwrap();
        assert_eq!(
            room.claim(0, "x".into()),
            Err(ClientError::SeatTaken { seat: 0 })
        );
        assert_eq!(room.seat_of("t0"), Some(0));
        assert_eq!(room.seat_of("t"), None);
        room.release(0);
        assert_eq!(room.seat_of("t0"), None);
    }

    /// Every settings line of every game and table size the server plays, all seats people.
    pub(crate) fn every_table() -> Vec<String> {
        let mut out = Vec::new();
        for players in [2u8, 3, 4, 6, 8] {
            let seats = vec!["human"; usize::from(players)].join(" ");
            out.push(format!(
                "session players {players} deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats {seats}"
            ));
            out.push(format!(
                "session briscola players {players} hand_size 3 target 2 undo 0 seats {seats}"
            ));
        }
        out
    }

    /// D1: the seats come from the game being played (Briscola's count, not Scopa's rules
    /// left at their default), for every game and table size.
    #[test]
    fn every_seat_of_every_game_and_table_size_can_be_taken() {
        for line in every_table() {
            let settings: Settings = line.parse().unwrap();
            let players = settings.players();
            let mut room = Room::create("r".into(), settings, 3, fast()).unwrap();
            for seat in 0..players {
                assert_eq!(room.claim(seat, format!("t{seat}")), Ok(()), "{line}");
                assert!(room.frame(Some(seat), &[], None).seats.len() == usize::from(players));
            }
            assert_eq!(
                room.claim(players, "past".into()),
                Err(ClientError::NoSuchSeat { seat: players }),
                "{line}"
            );
        }
    }

    #[test]
    fn only_the_seat_to_play_plays_and_the_session_refuses_the_rest() {
        let mut room = Room::create("r".into(), two_people(), 5, fast()).unwrap();
        assert_eq!(room.settle().unwrap().actions, [Action::Continue]);
        let Phase::Play { seat } = room.session().phase() else {
            panic!("a person leads");
        };
        let other = 1 - seat;
        let card = room.frame(Some(seat), &[], None).hand.first().unwrap();
        assert_eq!(
            room.act(other, Action::Select(card)),
            Err(ClientError::NotYourTurn { turn: seat })
        );
        assert!(matches!(
            room.act(seat, Action::Continue),
            Err(ClientError::Refused(
                scopa_core::session::SessionError::WrongPhase { .. }
            ))
        ));
        assert_eq!(
            room.act(seat, Action::RunAi),
            Err(ClientError::ServerOnlyAction)
        );
        assert_eq!(room.seq(), 1, "only the first hand-off was carried out");
    }

    /// Rooms of 6 and 8 (two decks, both games): three people and AIs play a whole match;
    /// each person sees only their own hand, and a card may be held twice.
    #[test]
    fn rooms_of_six_and_eight_play_a_whole_match() {
        for line in [
            "session players 6 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human easy human easy human easy",
            "session briscola players 8 hand_size 3 target 1 undo 0 seats human easy human easy human easy easy easy",
        ] {
            let settings: Settings = line.parse().unwrap();
            let mut room = Room::create("big".into(), settings, 6, fast()).unwrap();
            room.settle().unwrap();
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 50_000, "{line}");
                if let Some(due) = room.due() {
                    room.fire(due.token).unwrap().unwrap();
                    continue;
                }
                let seat = match room.session().phase() {
                    Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => seat,
                    Phase::MatchOver { .. } => break,
                    p => panic!("{p:?} waits with no delay"),
                };
                let frame = room.frame(Some(seat), &[], None);
                assert_eq!(frame.seats.len(), usize::from(settings.players()));
                let action = match &frame.choices {
                    Choices::Cards(c) => Action::Select(c[0].card),
                    Choices::Captures { .. } => Action::Capture(0),
                    Choices::None => panic!("the seat to play has no choice"),
                };
                // Another person sees their own hand only (the two hands together are
                // never more copies of a card than two decks hold).
                let other = (seat + 2) % settings.players();
                let theirs = room.frame(Some(other), &[], None);
                assert_eq!(theirs.choices, Choices::None);
                assert_eq!(
                    theirs.hand.len(),
                    u32::from(frame.seats[usize::from(other)].cards)
                );
                assert!(theirs.hand.checked_add(frame.hand).is_ok());
                room.act(seat, action).unwrap();
            }
            assert!(room.frame(Some(0), &[], None).offers.rematch, "{line}");
            // Every hand of 6 or 8 has 72 or 80 plays.
            assert!(steps > 72, "{line}: {steps} steps");
        }
    }

    #[test]
    fn two_people_play_a_whole_match_and_hand_offs_go_by_themselves() {
        let mut room = Room::create("r".into(), two_people(), 9, fast()).unwrap();
        room.settle().unwrap();
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 10_000);
            if let Some(due) = room.due() {
                assert_ne!(due.action, Action::RunAi);
                room.fire(due.token).unwrap().unwrap();
                continue;
            }
            let phase = room.session().phase();
            let seat = match phase {
                Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => seat,
                Phase::MatchOver { .. } => break,
                p => panic!("{p:?} waits with no delay"),
            };
            let frame = room.frame(Some(seat), &[], None);
            let action = match &frame.choices {
                Choices::Cards(c) => Action::Select(c[0].card),
                Choices::Captures { .. } => Action::Capture(0),
                Choices::None => panic!("the seat to play has no choice"),
            };
            // The other seat sees no choice and no hand of the player's.
            let theirs = room.frame(Some(1 - seat), &[], None);
            assert_eq!(theirs.choices, Choices::None);
            assert!((theirs.hand.distinct() & frame.hand.distinct()).is_empty());
            room.act(seat, action).unwrap();
        }
        let over = room.frame(Some(0), &[], None);
        assert!(over.offers.rematch);
        assert!(!room.frame(None, &[], None).offers.rematch);
        let applied = room.act(1, Action::Rematch).unwrap();
        assert_eq!(room.session().match_number(), 1);
        assert!(matches!(
            applied.events[0],
            Event::Scopa(scopa_core::scopa::teams::TeamEvent::NewHand { .. })
        ));
    }

    #[test]
    fn the_turn_clock_runs_per_move_and_refuses_late_moves() {
        let mut room = Room::create("r".into(), two_people(), 9, fast()).unwrap();
        let timer = TurnTimer {
            seconds: 30,
            level: Level::Medium,
        };
        room.set_timer(Some(timer), None);
        let settled = room.settle().unwrap();
        room.restart_clock(&settled, 1_000);
        let seat = room.waiting_seat().unwrap();
        let first = Deadline {
            seat,
            at_ms: 31_000,
        };
        assert_eq!(room.deadline(), Some(first));
        assert_eq!(room.check_clock(seat, 30_999), Ok(()));
        assert_eq!(room.check_clock(1 - seat, 40_000), Ok(()));
        assert_eq!(
            room.check_clock(seat, 31_000),
            Err(ClientError::TimeUp { seat })
        );
        // A stale deadline does nothing.
        let mv = room.timeout_move().unwrap();
        let stale = Deadline { at_ms: 1, ..first };
        assert_eq!(room.clone().time_out(stale, mv), Ok(None));
        // Selecting a card with a choice of captures, or cancelling, keeps the deadline.
        let hand = room.frame(Some(seat), &[], None).hand;
        for card in hand {
            let mut copy = room.clone();
            let applied = copy.act(seat, Action::Select(card)).unwrap();
            copy.restart_clock(&applied, 5_000);
            if copy.waiting_seat() == Some(seat) {
                assert_eq!(copy.deadline(), Some(first));
                let applied = copy.act(seat, Action::Cancel).unwrap();
                copy.restart_clock(&applied, 6_000);
                assert_eq!(copy.deadline(), Some(first));
            } else {
                assert_eq!(
                    copy.deadline().map(|d| (d.seat, d.at_ms)),
                    copy.waiting_seat().map(|s| (s, 35_000))
                );
            }
        }
        // Out of time: the AI's move for the seat, then the other seat's clock.
        let applied = room.time_out(first, mv).unwrap().unwrap();
        assert_eq!(applied.actions[0], Action::Play(mv));
        room.restart_clock(&applied, 31_000);
        if let Some(next) = room.waiting_seat() {
            assert_eq!(
                room.deadline(),
                Some(Deadline {
                    seat: next,
                    at_ms: 61_000
                })
            );
        }
        // A room without a timer has no deadline.
        let mut plain = Room::create("p".into(), two_people(), 9, fast()).unwrap();
        let settled = plain.settle().unwrap();
        plain.restart_clock(&settled, 0);
        assert_eq!(plain.deadline(), None);
        assert_eq!(plain.timeout_move(), None);
    }
}
