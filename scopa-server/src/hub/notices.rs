//! PostgreSQL's notices: the other processes' steps (`LISTEN` on the store's channel: a room
//! loaded here is brought up to the store's) and presence (this process's connections
//! written, the others' read and added; a heartbeat and its expiry).

use super::*;

impl Hub {
    /// Tells the room's connections (but `except`, whose own frame says it) who is
    /// connected if that changed, and hands this process's counts to the store's writer
    /// (PostgreSQL) if they changed. A connection dropped because it does not read changes
    /// it again: repeated until nothing changes.
    pub(super) fn presence_changed(&self, live: &mut Live, except: Option<u64>) {
        loop {
            let local = live.local();
            if local != live.written {
                live.written = local;
                if let Some(tx) = self.presence_tx.get() {
                    let _ = tx.send((live.room.code().to_string(), local));
                }
            }
            let now = presence_msg(&live.room, &local.add(&live.remote));
            live.room.set_present(present_of(&now));
            if now == live.shown {
                return;
            }
            if live.room.summary_wait().is_some() {
                // Whom the hand summary waits for changed with who is there: the frames
                // say so, and if everyone left has pressed Continue it closes now.
                live.shown = now.clone();
                broadcast(live, &[], None);
                if live.room.gathering() == Some(Gather::Now)
                    && let Some(hub) = self.me.upgrade()
                {
                    hub.schedule_due(&live.room);
                }
            }
            let line = to_line(&ServerMsg::Presence {
                room: live.room.code().to_string(),
                presence: now.clone(),
            });
            live.shown = now;
            let before = live.subs.len();
            live.subs
                .retain(|sub| Some(sub.conn) == except || sub.tx.try_send(line.clone()).is_ok());
            if live.subs.len() == before {
                return;
            }
        }
    }

    /// PostgreSQL: reads the other processes' connections to room `code` (if it is loaded
    /// here) and tells its connections if who is connected changed.
    pub(super) async fn presence_notice(self: &Arc<Hub>, code: &str) {
        let Some(live) = self.cached(code) else {
            return;
        };
        let fresh = now_ms().saturating_sub(self.config.presence_expiry.as_millis() as i64);
        let Ok(remote) = self.store.presence_of(code, &self.node, fresh).await else {
            return;
        };
        let mut l = live.lock().await;
        l.remote = remote;
        self.presence_changed(&mut l, None);
    }

    /// PostgreSQL: starts the writer of this process's presence rows (in order, one room's
    /// change after another) and the heartbeat, which also deletes the rows of processes
    /// silent for [`Config::presence_expiry`] and notifies their rooms.
    pub(super) fn start_presence(self: &Arc<Hub>) {
        let (tx, mut rx) = mpsc::unbounded_channel::<(String, Presence)>();
        if self.presence_tx.set(tx).is_err() {
            return;
        }
        let store = self.store.clone();
        let node = self.node.clone();
        tokio::spawn(async move {
            while let Some((code, counts)) = rx.recv().await {
                // Advisory: a failure is retried a few times, then the heartbeat's expiry
                // and the next change make up for it.
                for _ in 0..3 {
                    if store
                        .put_presence(&node, &code, &counts, now_ms())
                        .await
                        .is_ok()
                    {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        });
        let hub = Arc::downgrade(self);
        let expiry = self.config.presence_expiry;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval((expiry / 3).max(Duration::from_millis(100)));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let now = now_ms();
                let _ = hub
                    .store
                    .beat(&hub.node, now, now - expiry.as_millis() as i64)
                    .await;
            }
        });
    }

    /// A clean shutdown (PostgreSQL): this process's presence rows are deleted and their
    /// rooms notified, so other processes show its connections away at once.
    pub async fn shutdown(&self) {
        if self.presence_tx.get().is_some() {
            let _ = self.store.drop_node(&self.node).await;
        }
    }

    /// PostgreSQL: listens on the store's channel (from now on) and, for each notification
    /// of a room this process has loaded, reloads it from the store and tells its
    /// connections (a room loaded with no connection is forgotten instead: it is read again
    /// when named). SQLite: nothing (one process).
    pub async fn listen(self: &Arc<Hub>) -> Result<(), StoreError> {
        if !self.store.is_postgres() {
            return Ok(());
        }
        let mut listener = sqlx::postgres::PgListener::connect(self.store.url()).await?;
        listener.listen_all([CHANNEL, PRESENCE_CHANNEL]).await?;
        self.start_presence();
        self.share_limits();
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let notice = listener.try_recv().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                match notice {
                    Ok(Some(n)) if n.channel() == PRESENCE_CHANNEL => {
                        hub.presence_notice(n.payload()).await;
                    }
                    Ok(Some(n)) => {
                        // One step a line (a group commit's several in one notification).
                        for step in n.payload().lines() {
                            let mut words = step.split(' ');
                            let code = words.next().unwrap_or_default();
                            // This process's own step: its copy is the stored room already.
                            if words.nth(1) != Some(hub.node.as_str()) {
                                hub.notice(code).await;
                            }
                        }
                    }
                    // The connection was lost (and is made again on the next call):
                    // notifications may have been missed, so every loaded room is read again.
                    Ok(None) => {
                        let codes: Vec<String> = hub
                            .rooms
                            .lock()
                            .map(|r| r.keys().cloned().collect())
                            .unwrap_or_default();
                        for code in codes {
                            hub.notice(&code).await;
                            hub.presence_notice(&code).await;
                        }
                    }
                    Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
                }
            }
        });
        Ok(())
    }

    /// Another process stored a step of room `code` (or this one did: then nothing changes).
    pub(super) async fn notice(self: &Arc<Hub>, code: &str) {
        let Some(live) = self.cached(code) else {
            return;
        };
        let mut l = live.lock().await;
        if l.subs.is_empty()
            && let Ok(mut rooms) = self.rooms.lock()
            && rooms.get(code).is_some_and(|r| Arc::ptr_eq(r, &live))
            // Nobody but the map and this call holds it (a connection in the room, or on
            // its way in, holds it too; it is cloned from the map only under its lock).
            && Arc::strong_count(&live) <= 2
        {
            rooms.remove(code);
            return;
        }
        // A failure leaves the copy as it is: the next action reloads it under the row lock.
        if let Ok(mut locked) = self.store.lock(code).await {
            let _ = self.sync(&mut l, &mut locked).await;
        }
    }

    /// Brings this process's copy of a room up to the store's (`locked` holds its row):
    /// the seats' tokens, and if the log moved on, the session — its connections then get
    /// the new frames with the events of the stored actions they missed, and its delay
    /// starts again.
    pub(super) async fn sync(
        self: &Arc<Hub>,
        live: &mut Live,
        locked: &mut Locked,
    ) -> Result<(), StoreError> {
        let stored = locked.load().await?;
        let code = live.room.code().to_string();
        if stored.seq == live.room.seq() {
            for (seat, hash) in stored.tokens.iter().enumerate() {
                if live.room.tokens()[seat] != *hash {
                    let seat = seat as u8;
                    live.room.release(seat);
                    if let Some(hash) = hash {
                        let _ = live.room.claim(seat, hash.clone());
                    }
                }
            }
            if live.revoke_stale() {
                self.presence_changed(live, None);
            }
            return Ok(());
        }
        let log = if stored.seq > live.room.seq() {
            locked.actions_after(live.room.seq()).await?
        } else {
            Vec::new()
        };
        // The events of the missed actions, replayed on this process's copy; none if the
        // replay does not reach the stored session (the stored session is kept either way).
        let mut session = live.room.session().clone();
        let mut events = Vec::new();
        let mut actions = Vec::new();
        for line in &log {
            let Some(action) = line.parse::<Action>().ok() else {
                break;
            };
            match session.apply(action) {
                Ok(e) => {
                    events.extend(e);
                    actions.push(action);
                }
                Err(_) => break,
            }
        }
        let replayed = actions.len() == log.len() && session.to_bytes()[..] == stored.session[..];
        if !replayed {
            events.clear();
        }
        // Another process's private step (a selection, a cancel) stays its seat's.
        let only = if replayed {
            private_to(to_play(&live.room), &actions, &events)
        } else {
            None
        };
        let mut room = Room::restore(
            code.clone(),
            &stored.session,
            stored.tokens,
            stored.seq,
            self.config.pacing,
        )
        .map_err(|_| StoreError::Damaged(code.clone()))?;
        room.set_summary_wait(self.config.summary_wait_ms);
        room.set_present(present_of(&live.shown));
        // The turn timer and the deadline stored with that step.
        let timer = locked.timer().await?;
        set_stored_timer(&mut room, timer).ok_or_else(|| StoreError::Damaged(code.clone()))?;
        live.room = room;
        // A seat given up or taken again through another process: its connections here
        // lose it.
        live.revoke_stale();
        broadcast(live, &events, only);
        self.presence_changed(live, None);
        self.schedule_all(&live.room);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// Who is connected is told to the room's other connections when it changes, and only
    /// then; SQLite has no notices to listen to and nothing to shut down.
    #[tokio::test]
    async fn presence_is_told_when_it_changes() {
        let hub = hub().await;
        hub.listen().await.unwrap();
        let line = crate::room::tests::every_table().remove(0);
        let code = hub.create(&line, None, Some(2)).await.unwrap();
        let live = hub.room(&code).await.unwrap();
        let mut l = live.lock().await;
        let (tx, mut rx) = mpsc::channel(8);
        l.subs.push(Sub {
            conn: 1,
            role: Role::Watching,
            tx: tx.clone(),
        });
        hub.presence_changed(&mut l, Some(1));
        assert!(
            rx.try_recv().is_err(),
            "the newcomer is not told (its frame says it)"
        );
        assert_eq!(l.shown.spectators, 1);
        hub.presence_changed(&mut l, None);
        assert!(rx.try_recv().is_err(), "nothing changed");
        l.room.claim(0, "h".into()).unwrap();
        l.attach(2, &tx, 0, "h".into());
        hub.presence_changed(&mut l, None);
        let told: serde_json::Value = serde_json::from_str(&rx.try_recv().unwrap()).unwrap();
        assert_eq!(told["type"], "presence");
        assert_eq!(
            told["presence"]["connected"],
            serde_json::json!([true, false])
        );
        drop(l);
        hub.shutdown().await;
    }
}
