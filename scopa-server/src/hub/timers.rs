//! The rooms' timers: a delay of the presenter (an AI's move, a banner, a summary) and a
//! turn's deadline, each a task bound to the room's log length, whose move (an AI's, the
//! timer AI's) is computed by the work pool and played in one [`step`](Hub::step).

use super::*;

impl Hub {
    /// Starts the room's delay and its turn deadline, if it has them now (both tied to the
    /// room's current `seq`: a task started at an older one does nothing).
    pub(super) fn schedule_all(self: &Arc<Hub>, room: &Room) {
        self.schedule_due(room);
        if let Some(deadline) = room.deadline() {
            self.schedule_deadline(room.code().to_string(), room.seq(), deadline);
        }
    }

    /// Starts the room's delay, if it has one now.
    pub(super) fn schedule_due(self: &Arc<Hub>, room: &Room) {
        if let Some(due) = room.due() {
            self.schedule(
                room.code().to_string(),
                room.seq(),
                due.token,
                due.after_ms,
                due.action,
            );
        }
    }

    /// Runs a room's delay: after `after_ms`, fire `token` if the room is still at `seq`
    /// (an AI's move is computed on a copy of the session, off the room's lock, on a
    /// blocking thread). Under the row lock a room another process moved on is reloaded
    /// first, so the delay finds it past `seq` and does nothing: one process carries a delay
    /// out.
    pub(super) fn schedule(
        self: &Arc<Hub>,
        code: String,
        seq: u64,
        token: Token,
        after_ms: u32,
        action: Action,
    ) {
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(u64::from(after_ms))).await;
            let Some(live) = hub.cached(&code) else {
                return;
            };
            let current =
                |room: &Room| room.seq() == seq && room.due().is_some_and(|due| due.token == token);
            let mv = if action == Action::RunAi {
                let session = {
                    let live = live.lock().await;
                    if !current(&live.room) {
                        return;
                    }
                    live.room.session().clone()
                };
                let key = Key::Room(code.clone());
                let Ok(answer) = hub.workers.submit(key, false, move || session.ai_move()) else {
                    return;
                };
                match answer.await {
                    Ok(Ok(mv)) => Some(mv),
                    _ => return,
                }
            } else {
                None
            };
            let mut live = live.lock().await;
            let stepped = hub
                .step(&mut live, None, |next| {
                    if !current(next) {
                        return Ok(None);
                    }
                    match mv {
                        Some(mv) => next.fire_move(token, mv),
                        None => next.fire(token),
                    }
                })
                .await;
            if stepped.is_err() && current(&live.room) {
                // A store failure leaves the room as it was: the delay runs again.
                hub.schedule(code, seq, token, 1000, action);
            }
        });
    }

    /// A turn's deadline, tied (as [`schedule`](Hub::schedule)'s delays are) to the log's
    /// length `seq` it was scheduled at: when it passes, if the room is still at `seq` and
    /// waits for that seat with that deadline, the timer's AI moves for it (computed on a
    /// copy, on a blocking thread) in one [`step`](Hub::step) — under the row lock, so a
    /// room another process moved on (it timed the seat out first, or the seat moved) is
    /// reloaded and nothing is done: one process acts on a deadline. Every connection of
    /// the room is told (`timed_out`, then the frames).
    pub(super) fn schedule_deadline(self: &Arc<Hub>, code: String, seq: u64, deadline: Deadline) {
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            let wait = deadline.at_ms.saturating_sub(now_ms()).max(0);
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
            // The clock may run behind the timer by a little: wait until it agrees.
            while now_ms() < deadline.at_ms {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let Some(live) = hub.cached(&code) else {
                return;
            };
            let current = |room: &Room| room.seq() == seq && room.deadline() == Some(deadline);
            let copy = {
                let live = live.lock().await;
                if !current(&live.room) {
                    return;
                }
                live.room.clone()
            };
            let Some(level) = copy.timer().map(|t| t.level) else {
                return;
            };
            let key = Key::Room(code.clone());
            let Ok(answer) = hub.workers.submit(key, false, move || copy.timeout_move()) else {
                return;
            };
            let mv = match answer.await {
                Ok(Some(mv)) => mv,
                _ => return,
            };
            let notice = to_line(&ServerMsg::TimedOut {
                room: code.clone(),
                seat: deadline.seat,
                ai: level.name(),
                action: transcript::action(&Action::Play(mv)).to_string(),
            });
            let mut live = live.lock().await;
            let stepped = hub
                .step(&mut live, Some(notice), |next| {
                    if !current(next) {
                        return Ok(None);
                    }
                    next.time_out(deadline, mv)
                })
                .await;
            if stepped.is_err() && current(&live.room) {
                // A store failure leaves the room as it was: try again in a second.
                let hub = Arc::clone(&hub);
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    hub.schedule_deadline(code, seq, deadline);
                });
            }
        });
    }
}

/// Gives `room` its timer as stored (`None` if the stored AI level is unknown).
pub(super) fn set_stored_timer(room: &mut Room, timer: Option<StoredTimer>) -> Option<()> {
    if let Some(timer) = timer {
        let level: Level = timer.ai.parse().ok()?;
        room.set_timer(
            Some(TurnTimer {
                seconds: timer.seconds,
                level,
            }),
            timer.deadline.map(|(seat, at_ms)| Deadline { seat, at_ms }),
        );
    }
    Some(())
}

/// A deadline as the store keeps it.
pub(super) fn stored(deadline: Option<Deadline>) -> Option<(u8, i64)> {
    deadline.map(|d| (d.seat, d.at_ms))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// A room of AIs plays a whole match by itself: each delay runs out, the AI's move is
    /// computed by the work pool and stored, and a spectator sees every step to the end.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_delays_of_a_room_of_ais_play_it_to_the_end() {
        let hub = hub().await;
        let line = "session players 2 deal standard target 1 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats easy easy";
        let code = hub.create(line, None, Some(5)).await.unwrap();
        let (tx, mut rx) = mpsc::channel(OUTBOX);
        let mut watcher = hub.connect(tx, false);
        watcher
            .handle(&serde_json::json!({"type": "watch", "room": code}).to_string())
            .await;
        let over = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(line) = rx.recv().await {
                let v: serde_json::Value = serde_json::from_str(&line).unwrap();
                if v["frame"]["phase"]["kind"] == "match_over" {
                    return v["seq"].as_u64().unwrap();
                }
            }
            0
        })
        .await
        .expect("the match ends by itself");
        assert!(over > 10, "{over} steps");
        assert_eq!(hub.store.actions(&code).await.unwrap().len() as u64, over);
    }

    #[test]
    fn a_stored_timer_of_an_unknown_level_is_refused() {
        let line = crate::room::tests::every_table().remove(0);
        let mut room = Room::create(
            "r".into(),
            line.parse().unwrap(),
            1,
            Config::default().pacing,
        )
        .unwrap();
        let timer = |ai: &str| StoredTimer {
            seconds: 30,
            ai: ai.into(),
            deadline: Some((0, 5_000)),
        };
        assert_eq!(set_stored_timer(&mut room, Some(timer("wizard"))), None);
        assert_eq!(set_stored_timer(&mut room, Some(timer("expert"))), Some(()));
        assert_eq!(room.timer().map(|t| t.seconds), Some(30));
        assert_eq!(stored(room.deadline()), Some((0, 5_000)));
    }
}
