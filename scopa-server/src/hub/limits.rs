//! The limits per client address: messages, rooms created and unknown codes or tokens (a
//! token bucket each, shared by every connection of the address), and the connections it
//! holds open.
//!
//! On PostgreSQL the allowances are shared by every process ([`Hub::share_limits`]): each
//! process writes, once a second, what each address took from it (a running count per
//! bucket), its buckets' levels and its connections, to an `allowances` row of its own per
//! address; reads the other processes' rows; takes what they took since it last read from
//! its own buckets, and counts their connections against the address's bound. An address
//! new to a process starts at the lowest level the others have. So an address gets one
//! allowance over all the processes, give or take what it spends in a second on each.

use super::*;

/// How many addresses' allowances are kept before the idle ones (no connection open, every
/// allowance full again) are forgotten.
pub(super) const ADDRESSES: usize = 65_536;

/// A token bucket: `burst` at once, `rate` per second after.
#[derive(Debug)]
pub(super) struct Bucket {
    pub(super) tokens: f64,
    pub(super) burst: f64,
    pub(super) rate: f64,
    pub(super) last: Instant,
}

impl Bucket {
    pub(super) fn new(burst: u32, rate: f64) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            rate,
            last: Instant::now(),
        }
    }

    pub(super) fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
    }

    /// Takes `n` that were taken elsewhere (another process), below zero if need be (then
    /// it refills from there), at most a burst below.
    pub(super) fn take_elsewhere(&mut self, n: f64) {
        self.refill(Instant::now());
        self.tokens = (self.tokens - n).max(-self.burst);
    }

    /// Takes one if one is left.
    pub(super) fn take(&mut self) -> bool {
        self.refill(Instant::now());
        let ok = self.tokens >= 1.0;
        if ok {
            self.tokens -= 1.0;
        }
        ok
    }

    /// Gives back one taken for something that did not happen.
    pub(super) fn give_back(&mut self) {
        self.tokens = (self.tokens + 1.0).min(self.burst);
    }

    pub(super) fn full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// What an address (or a connection of its own: stdin/stdout) may still do: messages
/// (none counted on stdin/stdout), rooms created, unknown codes or tokens.
#[derive(Debug)]
pub(super) struct Allowance {
    pub(super) messages: Option<Bucket>,
    pub(super) rooms: Bucket,
    pub(super) guesses: Bucket,
    /// What this process took, since it started: messages, rooms, guesses (PostgreSQL:
    /// written for the other processes).
    pub(super) taken: [u64; 3],
    /// What the other processes took, as last read (already taken from the buckets).
    pub(super) others: [u64; 3],
}

impl Allowance {
    pub(super) fn new(config: &Config) -> Allowance {
        Allowance {
            messages: Some(Bucket::new(config.burst, f64::from(config.per_second))),
            rooms: Bucket::new(
                config.rooms_per_addr,
                f64::from(config.rooms_per_addr) / 3600.0,
            ),
            guesses: Bucket::new(
                config.guesses_per_addr,
                f64::from(config.guesses_per_addr) / 3600.0,
            ),
            taken: [0; 3],
            others: [0; 3],
        }
    }

    /// A message, if the address may send one.
    pub(super) fn message(&mut self) -> bool {
        let ok = self.messages.as_mut().is_none_or(Bucket::take);
        self.taken[0] += u64::from(ok && self.messages.is_some());
        ok
    }

    /// A room created, if the address may create one.
    pub(super) fn room(&mut self) -> bool {
        let ok = self.rooms.take();
        self.taken[1] += u64::from(ok);
        ok
    }

    /// Gives back a room that was not created after all.
    pub(super) fn room_back(&mut self) {
        self.rooms.give_back();
        self.taken[1] = self.taken[1].saturating_sub(1);
    }

    /// An unknown code or token, if the address may try one more.
    pub(super) fn guess(&mut self) -> bool {
        let ok = self.guesses.take();
        self.taken[2] += u64::from(ok);
        ok
    }

    /// The other processes took `others` in all (running counts): what is new since the
    /// last reading is taken from the buckets.
    pub(super) fn taken_elsewhere(&mut self, others: [u64; 3]) {
        let new = |i: usize| others[i].saturating_sub(self.others[i]) as f64;
        if let Some(m) = self.messages.as_mut() {
            m.take_elsewhere(new(0));
        }
        self.rooms.take_elsewhere(new(1));
        self.guesses.take_elsewhere(new(2));
        self.others = others;
    }

    /// The buckets' levels in thousandths (what another process starts a new allowance
    /// of this address at).
    pub(super) fn levels(&mut self) -> [i64; 3] {
        let now = Instant::now();
        let mut level = |b: &mut Bucket| {
            b.refill(now);
            (b.tokens * 1000.0) as i64
        };
        [
            self.messages.as_mut().map_or(i64::MAX, &mut level),
            level(&mut self.rooms),
            level(&mut self.guesses),
        ]
    }

    pub(super) fn full(&mut self, now: Instant) -> bool {
        self.messages.as_mut().is_none_or(|m| m.full(now))
            && self.rooms.full(now)
            && self.guesses.full(now)
    }
}

/// One open connection of an address, counted against [`Config::conns_per_addr`] until
/// dropped (it travels with the socket, through the WebSocket upgrade).
#[derive(Debug)]
pub struct ConnSlot {
    pub(super) conns: Arc<StdMutex<HashMap<IpAddr, u32>>>,
    pub(super) addr: IpAddr,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        if let Ok(mut conns) = self.conns.lock()
            && let Some(n) = conns.get_mut(&self.addr)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                conns.remove(&self.addr);
            }
        }
    }
}

/// PostgreSQL: how often a process writes its use of the allowances and reads the others'.
pub(super) const SHARE_EVERY: Duration = Duration::from_secs(1);

impl Hub {
    /// The allowance of `addr` (kept while it is connected or not full again). A new one
    /// starts where the other processes' are (PostgreSQL): at their lowest levels, their
    /// takes so far already counted.
    pub(super) fn allowance(&self, addr: IpAddr) -> Arc<StdMutex<Allowance>> {
        let fresh = || {
            let mut a = Allowance::new(&self.config);
            if let Some(e) = self
                .elsewhere
                .lock()
                .ok()
                .and_then(|m| m.get(&addr).cloned())
            {
                a.others = e.taken;
                let start = |b: &mut Bucket, level: i64| {
                    b.tokens = b.tokens.min(level as f64 / 1000.0);
                };
                if let Some(m) = a.messages.as_mut() {
                    start(m, e.levels[0]);
                }
                start(&mut a.rooms, e.levels[1]);
                start(&mut a.guesses, e.levels[2]);
            }
            Arc::new(StdMutex::new(a))
        };
        let Ok(mut map) = self.allowances.lock() else {
            return fresh();
        };
        if map.len() >= ADDRESSES && !map.contains_key(&addr) {
            let now = Instant::now();
            map.retain(|_, a| Arc::strong_count(a) > 1 || a.lock().is_ok_and(|mut a| !a.full(now)));
        }
        Arc::clone(map.entry(addr).or_insert_with(fresh))
    }

    /// A connection from `addr` is opening: its slot (given back when dropped), or `None`
    /// if the address holds [`Config::conns_per_addr`] already.
    pub fn admit(&self, addr: IpAddr) -> Option<ConnSlot> {
        let elsewhere = self
            .elsewhere
            .lock()
            .ok()
            .and_then(|m| m.get(&addr).map(|e| e.conns))
            .unwrap_or(0);
        let mut conns = self.conns.lock().ok()?;
        let n = conns.entry(addr).or_insert(0);
        if n.saturating_add(elsewhere) >= self.config.conns_per_addr {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            conns: Arc::clone(&self.conns),
            addr,
        })
    }

    /// PostgreSQL: every [`SHARE_EVERY`], this process's use of each address's allowances
    /// is written and the other processes' read ([`Hub::share_once`]), until the hub is
    /// dropped.
    pub(super) fn share_limits(self: &Arc<Hub>) {
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut written = HashMap::new();
            let mut tick = tokio::time::interval(SHARE_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                // A failure is made up for at the next tick (the counts are running ones).
                let _ = hub.share_once(&mut written).await;
            }
        });
    }

    /// Writes this process's use of the allowances of every address whose use changed
    /// since `written` (and marks its rows alive), then reads the other processes' use:
    /// what they took since the last reading is taken here too, and their connections
    /// count against each address's bound.
    pub(super) async fn share_once(
        &self,
        written: &mut HashMap<IpAddr, ([u64; 3], u32)>,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let allowances: Vec<(IpAddr, Arc<StdMutex<Allowance>>)> = self
            .allowances
            .lock()
            .map(|m| m.iter().map(|(k, v)| (*k, Arc::clone(v))).collect())
            .unwrap_or_default();
        let mut uses = Vec::new();
        for (addr, a) in &allowances {
            let conns = self.conns_of(*addr);
            let Ok(mut a) = a.lock() else {
                continue;
            };
            if written.get(addr) != Some(&(a.taken, conns)) {
                written.insert(*addr, (a.taken, conns));
                uses.push(AddrUse {
                    addr: addr.to_string(),
                    taken: a.taken,
                    conns,
                    levels: a.levels(),
                });
            }
        }
        self.store.put_allowances(&self.node, &uses, now).await?;
        let fresh = now.saturating_sub(self.config.presence_expiry.as_millis() as i64);
        let elsewhere: HashMap<IpAddr, AddrUse> = self
            .store
            .allowances_elsewhere(&self.node, fresh)
            .await?
            .into_iter()
            .filter_map(|u| Some((u.addr.parse().ok()?, u)))
            .collect();
        for (addr, a) in &allowances {
            if let Ok(mut a) = a.lock() {
                a.taken_elsewhere(elsewhere.get(addr).map_or([0; 3], |e| e.taken));
            }
        }
        if let Ok(mut e) = self.elsewhere.lock() {
            *e = elsewhere;
        }
        Ok(())
    }

    /// How many connections `addr` holds open in this process.
    pub fn conns_of(&self, addr: IpAddr) -> u32 {
        self.conns
            .lock()
            .map_or(0, |c| c.get(&addr).copied().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_bucket_holds_its_burst_and_refills_at_its_rate() {
        let mut b = Bucket::new(3, 10.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take(), "the burst is spent");
        b.give_back();
        assert!(b.take(), "one given back");
        let later = b.last + Duration::from_millis(250);
        b.refill(later);
        assert!((b.tokens - 2.5).abs() < 0.2, "{}", b.tokens);
        assert!(b.full(later + Duration::from_secs(1)));
    }

    /// Connections of one address share one allowance and are bounded; a slot dropped is
    /// given back.
    #[tokio::test]
    async fn an_address_has_one_allowance_and_a_bound_of_connections() {
        let hub = hub().await;
        let addr: IpAddr = "198.51.100.4".parse().unwrap();
        let one = hub.allowance(addr);
        let two = hub.allowance(addr);
        assert!(Arc::ptr_eq(&one, &two));
        let other = hub.allowance("198.51.100.5".parse().unwrap());
        assert!(!Arc::ptr_eq(&one, &other));
        let bound = hub.config.conns_per_addr as usize;
        let slots: Vec<ConnSlot> = (0..bound).map(|_| hub.admit(addr).unwrap()).collect();
        assert!(hub.admit(addr).is_none(), "past the bound");
        assert!(hub.admit("198.51.100.5".parse().unwrap()).is_some());
        assert_eq!(hub.conns_of(addr) as usize, bound);
        drop(slots);
        assert_eq!(hub.conns_of(addr), 0);
        assert!(hub.admit(addr).is_some());
    }
}
