//! The limits per client address: messages, rooms created and unknown codes or tokens (a
//! token bucket each, shared by every connection of the address), and the connections it
//! holds open.

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
        }
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

impl Hub {
    /// The allowance of `addr` (kept while it is connected or not full again).
    pub(super) fn allowance(&self, addr: IpAddr) -> Arc<StdMutex<Allowance>> {
        let fresh = || Arc::new(StdMutex::new(Allowance::new(&self.config)));
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
        let mut conns = self.conns.lock().ok()?;
        let n = conns.entry(addr).or_insert(0);
        if *n >= self.config.conns_per_addr {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            conns: Arc::clone(&self.conns),
            addr,
        })
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
