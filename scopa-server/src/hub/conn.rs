//! Connection dispatch: a [`Conn`] is one client — a WebSocket or stdin/stdout — whose
//! messages are checked against its address's allowance and carried out on its room.

use super::*;

/// One client: see the [module documentation](self).
pub struct Conn {
    pub(super) hub: Arc<Hub>,
    pub(super) id: u64,
    pub(super) tx: Outbox,
    /// The room this connection was last in; whether it still holds a seat of it or
    /// watches it is the room's record ([`Live::role`]).
    pub(super) room: Option<(String, LiveRef)>,
    pub(super) allowance: Arc<StdMutex<Allowance>>,
    /// Whose share of the CPU work its hints are: its address's (or its own).
    pub(super) key: Key,
}

impl Conn {
    pub(super) async fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.send(to_line(msg)).await;
    }

    pub(super) async fn fail(&self, e: &ClientError) {
        let texts = match &self.room {
            Some((_, live)) if matches!(e, ClientError::Refused(_)) => {
                Some(live.lock().await.room.session().texts())
            }
            _ => None,
        };
        self.send(&e.to_msg(texts)).await;
    }

    /// Handles one message as read (text of at most the limit is parsed; longer is refused
    /// unread).
    pub async fn handle(&mut self, text: &str) -> Flow {
        if !self.allow(Allowance::message) {
            self.fail(&ClientError::RateLimited).await;
            return Flow::Continue;
        }
        let limit = self.hub.config.max_message;
        if text.len() > limit {
            self.fail(&ClientError::TooLarge {
                size: text.len(),
                limit,
            })
            .await;
            return Flow::Continue;
        }
        let result = match parse(text) {
            Ok(msg) => self.dispatch(msg).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => Flow::Continue,
            Err(e @ (ClientError::NoSuchRoom | ClientError::BadToken)) => {
                if !self.allow(Allowance::guess) {
                    self.fail(&ClientError::TooManyGuesses).await;
                    return Flow::Close;
                }
                self.fail(&e).await;
                Flow::Continue
            }
            Err(e) => {
                self.fail(&e).await;
                Flow::Continue
            }
        }
    }

    /// Asks the allowance (a poisoned lock refuses).
    pub(super) fn allow(&self, f: impl FnOnce(&mut Allowance) -> bool) -> bool {
        self.allowance.lock().is_ok_and(|mut a| f(&mut a))
    }

    /// Makes a room of `settings` (a `create` message's fields), with its turn timer.
    pub(super) async fn create_room(
        &self,
        settings: &str,
        lang: Option<&str>,
        seed: Option<u64>,
        turn_seconds: Option<u32>,
        turn_ai: Option<String>,
    ) -> Result<String, ClientError> {
        let timer = match (turn_seconds, turn_ai) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(ClientError::BadSettings(
                    "turn_ai needs turn_seconds".into(),
                ));
            }
            (Some(seconds), ai) => Some(TurnTimer {
                seconds,
                level: match ai {
                    None => Level::Medium,
                    Some(name) => name.parse().map_err(|_| {
                        ClientError::BadSettings(format!("unknown AI level {name:?}"))
                    })?,
                },
            }),
        };
        self.hub.create_timed(settings, lang, seed, timer).await
    }

    /// A line that was too long to read whole.
    pub async fn too_large(&self, size: usize) {
        self.fail(&ClientError::TooLarge {
            size,
            limit: self.hub.config.max_message,
        })
        .await;
    }

    pub(super) async fn dispatch(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        match msg {
            ClientMsg::Create {
                settings,
                lang,
                seed,
                turn_seconds,
                turn_ai,
            } => {
                // Taken before the room is made (and given back if it is not), so that
                // creates arriving together from one address cannot all pass one check.
                if !self.allow(Allowance::room) {
                    return Err(ClientError::TooManyRooms);
                }
                let created = self
                    .create_room(&settings, lang.as_deref(), seed, turn_seconds, turn_ai)
                    .await;
                let code = match created {
                    Ok(code) => code,
                    Err(e) => {
                        self.allow(|a| {
                            a.room_back();
                            true
                        });
                        return Err(e);
                    }
                };
                let link = format!("{}join/{code}", self.hub.config.public_url);
                self.send(&ServerMsg::Created { room: code, link }).await;
                Ok(())
            }
            ClientMsg::Join { room, seat } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                self.hub.refresh(&mut l).await?;
                let token = new_token();
                let hash = token_hash(&token);
                let mut next = l.room.clone();
                next.claim(seat, hash.clone())?;
                let taken = self
                    .hub
                    .store
                    .take_seat(&room, seat, &hash)
                    .await
                    .map_err(|_| ClientError::Unavailable)?;
                if !taken {
                    // Another process gave the seat away since this copy was read.
                    self.hub.refresh(&mut l).await?;
                    return Err(ClientError::SeatTaken { seat });
                }
                l.room = next;
                self.seated(&mut l, &room, &live, seat, token, hash).await;
                Ok(())
            }
            ClientMsg::Resume { room, token } => {
                let live = self.enter(&room).await?;
                let mut l = live.lock().await;
                let hash = token_hash(&token);
                if l.room.seat_of(&hash).is_none() {
                    // Taken through another process since this copy was read?
                    self.hub.refresh(&mut l).await?;
                }
                let seat = l.room.seat_of(&hash).ok_or(ClientError::BadToken)?;
                self.seated(&mut l, &room, &live, seat, token, hash).await;
                Ok(())
            }
            ClientMsg::Watch { room } => {
                if let Some(code) = self.in_room().await {
                    return Err(ClientError::AlreadyInRoom(code));
                }
                let live = self.hub.room(&room).await?;
                let mut l = live.lock().await;
                l.subs.push(Sub {
                    conn: self.id,
                    role: Role::Watching,
                    tx: self.tx.clone(),
                });
                self.hub.presence_changed(&mut l, Some(self.id));
                self.send(&ServerMsg::Watching { room: room.clone() }).await;
                self.send_line(frame_line(&l.room, None, &[], None, &l.shown))
                    .await;
                drop(l);
                self.room = Some((room, live));
                Ok(())
            }
            ClientMsg::Act { action, seat } => {
                let live = self.live()?;
                let mut l = live.lock().await;
                let seat = l.acting_seat(self.id, seat)?;
                let action: Action = action.parse().map_err(ClientError::BadAction)?;
                // At a hand summary that waits for people, a Continue marks the seat ready
                // and the summary closes only once every connected person has pressed.
                let gathered = action == Action::Continue;
                if gathered && l.room.press_continue(seat) == Some(false) {
                    broadcast(&mut l, &[], None);
                    return Ok(());
                }
                self.hub
                    .step(&mut l, None, |next| {
                        // The room as stored may be at another summary (another process
                        // moved it on): there too only everyone's Continue closes it.
                        if gathered && next.press_continue(seat) == Some(false) {
                            return Ok(None);
                        }
                        // A move after the seat's time is up is refused (the server moves
                        // for it); checked on the room as stored, under the row lock.
                        if !matches!(action, Action::Continue | Action::Rematch) {
                            next.check_clock(seat, now_ms())?;
                        }
                        next.act(seat, action).map(Some)
                    })
                    .await?;
                Ok(())
            }
            ClientMsg::Hint { seat } => self.hint(seat).await,
            ClientMsg::Leave {} => {
                let Some((code, live)) = self.room.take() else {
                    return Err(ClientError::NotSeated);
                };
                let mut l = live.lock().await;
                let role = l.detach(self.id).ok_or(ClientError::NotSeated)?;
                l.idle_since = Instant::now();
                if let Role::Seated(seats) = role {
                    let mut next = l.room.clone();
                    for (seat, hash) in seats {
                        if next.tokens()[usize::from(seat)].as_deref() == Some(hash.as_str()) {
                            self.hub
                                .store
                                .free_seat(&code, seat, &hash)
                                .await
                                .map_err(|_| ClientError::Unavailable)?;
                            next.release(seat);
                        }
                    }
                    l.room = next;
                    // Every other connection that acted by those tokens loses the seats.
                    l.revoke_stale();
                }
                self.hub.presence_changed(&mut l, None);
                self.send(&ServerMsg::Left {}).await;
                Ok(())
            }
        }
    }

    /// The expert's hint for a seat this connection holds, to play now: computed on a copy
    /// of the session by the work pool (the address's share), off the room's lock; sent
    /// if the room is still where it was asked (else asked again, once).
    pub(super) async fn hint(&mut self, seat: Option<u8>) -> Result<(), ClientError> {
        let live = self.live()?;
        for _ in 0..2 {
            let (seat, seq, session) = {
                let l = live.lock().await;
                let seat = l.acting_seat(self.id, seat)?;
                l.room.check_hint(seat)?;
                if let Some((at, s, hint)) = l.hint
                    && at == l.room.seq()
                    && s == seat
                {
                    self.send_line(frame_line(&l.room, Some(seat), &[], Some(hint), &l.shown))
                        .await;
                    return Ok(());
                }
                (seat, l.room.seq(), l.room.session().clone())
            };
            let answer = self
                .hub
                .workers
                .submit(self.key.clone(), true, move || session.hint())
                .map_err(|_| ClientError::Busy)?;
            let hint = answer
                .await
                .map_err(|_| ClientError::Unavailable)?
                .map_err(ClientError::Refused)?;
            let mut l = live.lock().await;
            let seat = l.acting_seat(self.id, Some(seat))?;
            if l.room.seq() == seq {
                l.hint = Some((seq, seat, hint));
                self.send_line(frame_line(&l.room, Some(seat), &[], Some(hint), &l.shown))
                    .await;
                return Ok(());
            }
        }
        // The room moved on twice while the hint was computed: ask again.
        Err(ClientError::Busy)
    }

    pub(super) async fn send_line(&self, line: String) {
        let _ = self.tx.send(line).await;
    }

    pub(super) fn live(&self) -> Result<LiveRef, ClientError> {
        self.room
            .as_ref()
            .map(|(_, l)| Arc::clone(l))
            .ok_or(ClientError::NotSeated)
    }

    /// Whether this connection was last in a room (it may have lost it since: see
    /// [`Conn::placed`]); no lock taken.
    pub fn has_room(&self) -> bool {
        self.room.is_some()
    }

    /// Whether this connection holds a seat or watches a room now.
    pub async fn placed(&mut self) -> bool {
        self.in_room().await.is_some()
    }

    /// Tells the client it is closed for holding no seat and watching no room for
    /// [`Config::idle_conn`].
    pub async fn idle(&self) {
        self.fail(&ClientError::Idle {
            secs: self.hub.config.idle_conn.as_secs(),
        })
        .await;
    }

    /// The room this connection is still in (holding a seat or watching), if any; a
    /// connection whose seats were revoked, or that was dropped for not reading, is in none.
    pub(super) async fn in_room(&mut self) -> Option<String> {
        let (code, live) = self.room.as_ref()?;
        if live.lock().await.role(self.id).is_some() {
            return Some(code.clone());
        }
        self.room = None;
        None
    }

    /// The room to join or resume a seat of: the connection's own if it holds a seat of
    /// it, or any if it is in none (a spectator must leave first).
    pub(super) async fn enter(&mut self, code: &str) -> Result<LiveRef, ClientError> {
        let Some((c, live)) = self.room.clone() else {
            return self.hub.room(code).await;
        };
        let role = live.lock().await.role(self.id).cloned();
        match role {
            None => {
                self.room = None;
                self.hub.room(code).await
            }
            Some(Role::Seated(_)) if c == code => Ok(live),
            Some(_) => Err(ClientError::AlreadyInRoom(c)),
        }
    }

    pub(super) async fn seated(
        &mut self,
        l: &mut Live,
        code: &str,
        live: &LiveRef,
        seat: u8,
        token: String,
        hash: String,
    ) {
        // A connection holding the same seat (another tab, or an old socket not closed
        // yet) keeps hearing and acting until it closes or the seat is given up: the token
        // is the capability, not the socket.
        l.attach(self.id, &self.tx, seat, hash);
        self.hub.presence_changed(l, Some(self.id));
        self.send(&ServerMsg::Joined {
            room: code.to_string(),
            seat,
            token,
        })
        .await;
        self.send_line(frame_line(&l.room, Some(seat), &[], None, &l.shown))
            .await;
        self.room = Some((code.to_string(), Arc::clone(live)));
    }

    /// The connection closed: it stops hearing from its room (its seats stay its own).
    pub async fn close(&mut self) {
        if let Some((_, live)) = self.room.take() {
            let mut l = live.lock().await;
            l.detach(self.id);
            self.hub.presence_changed(&mut l, None);
            l.idle_since = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::{Value, json};

    /// D1: every seat of every game and table size can be joined, and `presence` has one
    /// flag per seat of the game being played.
    #[tokio::test]
    async fn every_seat_of_every_game_and_table_size_can_be_joined() {
        let hub = hub().await;
        for line in crate::room::tests::every_table() {
            let players: u8 = line
                .split_whitespace()
                .skip_while(|w| *w != "players")
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            let code = hub.create(&line, None, Some(4)).await.unwrap();
            let mut clients = Vec::new();
            for seat in 0..players {
                let mut c = Client::new(&hub);
                let got = c
                    .send(json!({"type": "join", "room": code, "seat": seat}))
                    .await;
                assert_eq!(
                    of_type(&got, "joined").len(),
                    1,
                    "{line} seat {seat}: {got:?}"
                );
                let frame = of_type(&got, "frame")[0];
                let connected = frame["presence"]["connected"].as_array().unwrap();
                assert_eq!(connected.len(), usize::from(players), "{line}");
                assert_eq!(
                    frame["frame"]["seats"].as_array().unwrap().len(),
                    usize::from(players)
                );
                clients.push(c);
            }
            let mut late = Client::new(&hub);
            let got = late
                .send(json!({"type": "join", "room": code, "seat": players}))
                .await;
            assert_eq!(got[0]["code"], "no_such_seat", "{line}");
        }
    }

    /// D2: a seat's connections lose it together: X joins seat 1, Y resumes it with X's
    /// token, X leaves, Z joins seat 1 — Y acts for nobody and sees nothing of Z's.
    #[tokio::test]
    async fn a_seat_given_up_is_revoked_on_every_connection_that_held_it() {
        let hub = hub().await;
        let line = crate::room::tests::every_table().remove(0);
        let code = hub.create(&line, None, Some(8)).await.unwrap();
        let mut w = Client::new(&hub);
        w.send(json!({"type": "join", "room": code, "seat": 0}))
            .await;
        let mut x = Client::new(&hub);
        let got = x
            .send(json!({"type": "join", "room": code, "seat": 1}))
            .await;
        let token = of_type(&got, "joined")[0]["token"].clone();
        let mut y = Client::new(&hub);
        let got = y
            .send(json!({"type": "resume", "room": code, "token": token}))
            .await;
        assert_eq!(of_type(&got, "joined").len(), 1, "{got:?}");
        x.send(json!({"type": "leave"})).await;
        // Y is told that it no longer holds the seat.
        let told = y.drain();
        assert!(
            told.iter()
                .any(|m| m["type"] == "revoked" && m["seat"] == 1),
            "{told:?}"
        );
        let mut z = Client::new(&hub);
        let got = z
            .send(json!({"type": "join", "room": code, "seat": 1}))
            .await;
        assert_eq!(of_type(&got, "joined").len(), 1, "{got:?}");
        y.drain();
        for msg in [
            json!({"type": "hint"}),
            json!({"type": "act", "action": "select 2c"}),
            json!({"type": "act", "action": "continue"}),
        ] {
            let got = y.send(msg.clone()).await;
            assert_eq!(got.len(), 1, "{msg}: {got:?}");
            assert_eq!(got[0]["code"], "not_seated", "{msg}: {got:?}");
        }
        // Nor does Y hear the room any more (Z's moves, W's): it may join or watch again.
        let mut both = [w, z];
        for c in &mut both {
            c.drain();
        }
        let got = y.send(json!({"type": "watch", "room": code})).await;
        assert_eq!(of_type(&got, "watching").len(), 1, "{got:?}");
        let frame = of_type(&got, "frame")[0];
        assert!(frame["seat"].is_null() && frame["frame"]["hand"].as_array().unwrap().is_empty());
    }

    /// D5: a seat selecting a card with several captures (and cancelling) is its own
    /// business: nobody else — the other seat, a spectator — receives a frame for it.
    #[tokio::test]
    async fn a_private_selection_sends_nothing_to_the_others() {
        use scopa_core::session::Phase;
        use scopa_core::session::table::Choices;
        let hub = hub().await;
        let line = crate::room::tests::every_table().remove(0);
        let settings: Settings = line.parse().unwrap();
        let pacing = hub.config.pacing;
        // A seed where the first person to play holds a card with a choice of captures.
        let (seed, card) = (0u64..)
            .find_map(|seed| {
                let mut room = Room::create("r".into(), settings, seed, pacing).ok()?;
                room.settle().ok()?;
                let Phase::Play { seat } = room.session().phase() else {
                    return None;
                };
                match room.frame(Some(seat), &[], None).choices {
                    Choices::Cards(c) => c.iter().find(|c| c.ways > 1).map(|c| (seed, c.card)),
                    _ => None,
                }
            })
            .unwrap();
        let code = hub.create(&line, None, Some(seed)).await.unwrap();
        let mut seats = [Client::new(&hub), Client::new(&hub)];
        let mut frames = Vec::new();
        for (i, c) in seats.iter_mut().enumerate() {
            let got = c
                .send(json!({"type": "join", "room": code, "seat": i}))
                .await;
            frames.push(of_type(&got, "frame")[0].clone());
        }
        let mut watcher = Client::new(&hub);
        watcher.send(json!({"type": "watch", "room": code})).await;
        for c in &mut seats {
            c.drain();
        }
        let actor = usize::from(frames[0]["frame"]["phase"]["seat"].as_u64().unwrap() as u8);
        let select = format!("select {card}");
        for (action, seen) in [(select.as_str(), "choose_capture"), ("cancel", "play")] {
            let got = seats[actor]
                .send(json!({"type": "act", "action": action}))
                .await;
            assert_eq!(of_type(&got, "frame").len(), 1, "{action}: {got:?}");
            assert_eq!(got[0]["frame"]["phase"]["kind"], seen, "{got:?}");
            assert_eq!(seats[1 - actor].drain(), Vec::<Value>::new(), "{action}");
            assert_eq!(watcher.drain(), Vec::<Value>::new(), "{action}");
        }
        // A move is everybody's: each hears it.
        seats[actor]
            .send(json!({"type": "act", "action": select}))
            .await;
        seats[actor]
            .send(json!({"type": "act", "action": "capture 0"}))
            .await;
        assert_eq!(of_type(&seats[1 - actor].drain(), "frame").len(), 1);
        assert_eq!(of_type(&watcher.drain(), "frame").len(), 1);
    }
}
