//! The room cache: each room loaded in this process ([`Live`]: the room, its connections —
//! the one record of which connection acts for which seat — and who is connected), read
//! from the store when first named and dropped when idle.

use super::*;

/// What a connection is to its room: a spectator, or the holder of seats — each seat with
/// the hash of the token it was taken or resumed with (the capability it acts by).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Role {
    Watching,
    Seated(Vec<(u8, String)>),
}

pub(super) struct Sub {
    pub(super) conn: u64,
    pub(super) role: Role,
    pub(super) tx: Outbox,
}

impl Sub {
    /// The frames this connection receives: one per seat it holds, or a spectator's.
    pub(super) fn viewers(&self) -> Vec<Option<u8>> {
        match &self.role {
            Role::Watching => vec![None],
            Role::Seated(seats) => seats.iter().map(|&(s, _)| Some(s)).collect(),
        }
    }
}

pub(super) struct Live {
    pub(super) room: Room,
    /// The one record of which connection acts for which seat (and which watch): a seat's
    /// connections are found, and revoked together, here.
    pub(super) subs: Vec<Sub>,
    /// When the room was last left by a connection (or loaded): how long it has been idle
    /// once no connection holds it.
    pub(super) idle_since: Instant,
    /// PostgreSQL: the connections other processes hold (their rows in the store).
    pub(super) remote: Presence,
    /// This process's connections as last handed to the store's writer.
    pub(super) written: Presence,
    /// Who is connected, as last told to the room's connections.
    pub(super) shown: PresenceMsg,
    /// The last hint computed: for the room at this `seq` and this seat (asking again for
    /// the same position costs nothing).
    pub(super) hint: Option<(u64, u8, Hint)>,
}

impl Live {
    pub(super) fn new(room: Room) -> Live {
        let shown = presence_msg(&room, &Presence::default());
        Live {
            room,
            subs: Vec::new(),
            idle_since: Instant::now(),
            remote: Presence::default(),
            written: Presence::default(),
            shown,
            hint: None,
        }
    }

    /// This process's connections to the room.
    pub(super) fn local(&self) -> Presence {
        let mut out = Presence::default();
        for sub in &self.subs {
            match &sub.role {
                Role::Watching => out.spectators += 1,
                Role::Seated(seats) => {
                    for &(seat, _) in seats {
                        if let Some(n) = out.seats.get_mut(usize::from(seat)) {
                            *n += 1;
                        }
                    }
                }
            }
        }
        out
    }

    /// What connection `conn` is to the room (`None`: not in it, or no longer).
    pub(super) fn role(&self, conn: u64) -> Option<&Role> {
        self.subs.iter().find(|s| s.conn == conn).map(|s| &s.role)
    }

    /// The seat connection `conn` acts for: `seat` if it holds it, else its only seat.
    pub(super) fn acting_seat(&self, conn: u64, seat: Option<u8>) -> Result<u8, ClientError> {
        let Some(Role::Seated(held)) = self.role(conn) else {
            return Err(ClientError::NotSeated);
        };
        match (seat, held.as_slice()) {
            (None, [(only, _)]) => Ok(*only),
            (None, _) => Err(ClientError::WhichSeat),
            (Some(s), held) if held.iter().any(|&(h, _)| h == s) => Ok(s),
            (Some(_), _) => Err(ClientError::NotSeated),
        }
    }

    /// Connection `conn` (writing to `tx`) now acts for `seat` by the token whose hash is
    /// `hash`, besides the seats it holds already.
    pub(super) fn attach(&mut self, conn: u64, tx: &Outbox, seat: u8, hash: String) {
        match self.subs.iter_mut().find(|s| s.conn == conn) {
            Some(Sub {
                role: Role::Seated(seats),
                ..
            }) => {
                seats.retain(|&(s, _)| s != seat);
                seats.push((seat, hash));
            }
            Some(sub) => sub.role = Role::Seated(vec![(seat, hash)]),
            None => self.subs.push(Sub {
                conn,
                role: Role::Seated(vec![(seat, hash)]),
                tx: tx.clone(),
            }),
        }
    }

    /// Takes connection `conn` out of the room; what it was to it.
    pub(super) fn detach(&mut self, conn: u64) -> Option<Role> {
        let at = self.subs.iter().position(|s| s.conn == conn)?;
        Some(self.subs.remove(at).role)
    }

    /// Every connection acting for a seat by a token that is no longer the seat's (the
    /// seat was given up, or taken again — here or by another process) loses it, and is
    /// told (`revoked`); a connection left with no seat leaves the room. Whether anything
    /// was revoked.
    pub(super) fn revoke_stale(&mut self) -> bool {
        let tokens = self.room.tokens().clone();
        let code = self.room.code().to_string();
        let mut changed = false;
        self.subs.retain_mut(|sub| {
            let Role::Seated(seats) = &mut sub.role else {
                return true;
            };
            seats.retain(|(seat, hash)| {
                let current = tokens
                    .get(usize::from(*seat))
                    .and_then(Option::as_deref)
                    .is_some_and(|t| t == hash);
                if !current {
                    changed = true;
                    let _ = sub.tx.try_send(to_line(&ServerMsg::Revoked {
                        room: code.clone(),
                        seat: *seat,
                    }));
                }
                current
            });
            !seats.is_empty()
        });
        changed
    }
}

/// The `presence` of a room whose connections are `counts`: one flag per seat of the room.
pub(super) fn presence_msg(room: &Room, counts: &Presence) -> PresenceMsg {
    let players = usize::from(room.session().players());
    PresenceMsg {
        connected: counts.seats.iter().take(players).map(|&n| n > 0).collect(),
        spectators: counts.spectators,
    }
}

pub(super) type LiveRef = Arc<Mutex<Live>>;

impl Hub {
    pub(super) fn cached(&self, code: &str) -> Option<LiveRef> {
        self.rooms.lock().ok()?.get(code).cloned()
    }

    /// How many rooms are in memory.
    pub fn loaded(&self) -> usize {
        self.rooms.lock().map_or(0, |r| r.len())
    }

    /// Drops from memory every room that no connection has held for
    /// [`Config::idle_evict`] (as of `now`) and no timer task is running: its state is all
    /// in the store, and the next client that names it loads it again (its pending delay
    /// or deadline starts again then). Returns how many were dropped.
    pub fn evict_idle(&self, now: Instant) -> usize {
        let Ok(mut rooms) = self.rooms.lock() else {
            return 0;
        };
        let before = rooms.len();
        rooms.retain(|_, live| {
            // Only the map holds it: no connection, no running task. New holders come only
            // through the map, whose lock is held here.
            if Arc::strong_count(live) != 1 {
                return true;
            }
            match live.try_lock() {
                Ok(l) => {
                    !l.subs.is_empty()
                        || now.saturating_duration_since(l.idle_since) < self.config.idle_evict
                }
                Err(_) => true,
            }
        });
        before - rooms.len()
    }

    /// Runs [`Hub::evict_idle`] every tenth of [`Config::idle_evict`] (at least every
    /// second) until the hub is dropped.
    pub fn spawn_evictor(self: &Arc<Hub>) {
        let hub = Arc::downgrade(self);
        let every = (self.config.idle_evict / 10).max(Duration::from_secs(1));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                hub.evict_idle(Instant::now());
            }
        });
    }

    /// Room `code`, from memory or else from the store (then its timer starts again).
    pub(super) async fn room(self: &Arc<Hub>, code: &str) -> Result<LiveRef, ClientError> {
        if let Some(live) = self.cached(code) {
            return Ok(live);
        }
        // The room and its timer read in one transaction, so that they belong together.
        let mut locked = self.store.lock(code).await.map_err(|e| match e {
            StoreError::NoRoom(_) => ClientError::NoSuchRoom,
            _ => ClientError::Unavailable,
        })?;
        let stored = locked.load().await.map_err(|_| ClientError::Unavailable)?;
        let timer = locked.timer().await.map_err(|_| ClientError::Unavailable)?;
        drop(locked);
        let mut room = Room::restore(
            code.to_string(),
            &stored.session,
            stored.tokens,
            stored.seq,
            self.config.pacing,
        )
        .map_err(|_| ClientError::Unavailable)?;
        room.set_summary_wait(self.config.summary_wait_ms);
        set_stored_timer(&mut room, timer).ok_or(ClientError::Unavailable)?;
        let (live, fresh) = {
            let mut rooms = self.rooms.lock().map_err(|_| ClientError::Unavailable)?;
            let mut fresh = false;
            let live = Arc::clone(rooms.entry(code.to_string()).or_insert_with(|| {
                fresh = true;
                Arc::new(Mutex::new(Live::new(room)))
            }));
            (live, fresh)
        };
        if fresh {
            // The stored delay and deadline run on: a restart gives nobody more time.
            self.schedule_all(&live.lock().await.room);
            // Other processes' connections (read after the room is in the map, so that a
            // change notified from now on is heard).
            if self.presence_tx.get().is_some() {
                let fresh_since =
                    now_ms().saturating_sub(self.config.presence_expiry.as_millis() as i64);
                if let Ok(remote) = self.store.presence_of(code, &self.node, fresh_since).await {
                    let mut l = live.lock().await;
                    l.remote = remote;
                    self.presence_changed(&mut l, None);
                }
            }
        }
        Ok(live)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn room() -> Room {
        let line = crate::room::tests::every_table().remove(0);
        Room::create(
            "r".into(),
            line.parse().unwrap(),
            1,
            Config::default().pacing,
        )
        .unwrap()
    }

    /// One record of who acts for which seat: attaching, choosing the acting seat,
    /// detaching, and revoking every connection of a seat whose token changed.
    #[test]
    fn the_record_of_seats_and_connections() {
        let mut room = room();
        room.claim(0, "h0".into()).unwrap();
        room.claim(1, "h1".into()).unwrap();
        let mut live = Live::new(room);
        let (tx, mut rx) = mpsc::channel(8);
        live.attach(1, &tx, 0, "h0".into());
        live.attach(2, &tx, 0, "h0".into());
        live.attach(2, &tx, 1, "h1".into());
        assert_eq!(live.acting_seat(1, None), Ok(0));
        assert_eq!(live.acting_seat(2, None), Err(ClientError::WhichSeat));
        assert_eq!(live.acting_seat(2, Some(1)), Ok(1));
        assert_eq!(live.acting_seat(1, Some(1)), Err(ClientError::NotSeated));
        assert_eq!(live.acting_seat(9, None), Err(ClientError::NotSeated));
        assert_eq!(live.local().seats[..2], [2, 1]);
        // Seat 0 given up: both its connections lose it; the one with seat 1 keeps that.
        live.room.release(0);
        assert!(live.revoke_stale());
        assert!(live.role(1).is_none());
        assert_eq!(live.role(2), Some(&Role::Seated(vec![(1, "h1".into())])));
        let told: Vec<String> = std::iter::from_fn(|| rx.try_recv().ok()).collect();
        assert_eq!(told.len(), 2, "{told:?}");
        assert!(told.iter().all(|t| t.contains("\"revoked\"")));
        assert!(!live.revoke_stale(), "nothing more to revoke");
        assert_eq!(live.detach(2), Some(Role::Seated(vec![(1, "h1".into())])));
        assert_eq!(live.local(), Presence::default());
    }

    /// A room nobody holds leaves memory after the idle time, not before, and is read
    /// again from the store when named.
    #[tokio::test]
    async fn idle_rooms_leave_memory_and_come_back() {
        let hub = hub().await;
        let line = crate::room::tests::every_table().remove(0);
        let code = hub.create(&line, None, Some(3)).await.unwrap();
        let mut c = Client::new(&hub);
        c.send(serde_json::json!({"type": "watch", "room": code}))
            .await;
        let later = Instant::now() + hub.config.idle_evict * 2;
        assert_eq!(hub.evict_idle(later), 0, "a watched room stays");
        c.conn.close().await;
        assert_eq!(hub.evict_idle(Instant::now()), 0, "not idle long enough");
        assert_eq!(hub.evict_idle(later), 1);
        assert_eq!(hub.loaded(), 0);
        let live = hub.room(&code).await.unwrap();
        assert_eq!(live.lock().await.room.code(), code);
        assert_eq!(hub.loaded(), 1);
        assert!(matches!(
            hub.room("nosuchroom").await,
            Err(ClientError::NoSuchRoom)
        ));
    }
}
