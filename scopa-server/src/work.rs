//! The CPU work of the server — hints, AI moves, the turn timer's moves — on a pool of its
//! own threads, never on the network threads and never under a room's lock: a client's
//! connection, a room's timer and the store go on while a hint is computed.
//!
//! - **Bounded**: at most [`Limits::queue`] jobs wait; past it a job that may be refused
//!   (a hint) is ([`Busy`]), and a room's own work (an AI's move, a timed-out seat's)
//!   still waits its turn — there is one per room at a time.
//! - **Fair**: each job has a key — the client's address for a hint, the room for its AI —
//!   and the threads take the keys' jobs in turn (round robin), so one address flooding
//!   hints gets one turn in as many as there are keys waiting, not the whole pool; and a
//!   key may have at most [`Limits::per_key`] jobs waiting or running (more are refused).
//! - **Behind the network**: the threads run at a lower priority (nice 10 on Linux), so
//!   that the threads reading sockets and storing moves get the cores first.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::oneshot;

/// Whose work a job is: its share of the pool.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A client address's (its hints).
    Addr(IpAddr),
    /// One connection's of its own (stdin/stdout).
    Conn(u64),
    /// A room's (its AI's moves, its timer's).
    Room(String),
}

/// The pool's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Threads computing.
    pub threads: usize,
    /// Jobs waiting at most (past it, a job that may be refused is).
    pub queue: usize,
    /// Jobs of one key waiting or running at most (a job that may be refused).
    pub per_key: usize,
}

impl Default for Limits {
    /// One thread a core but one (at least one), 256 waiting, 2 a key.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            threads: cores.saturating_sub(1).max(1),
            queue: 256,
            per_key: 2,
        }
    }
}

/// The pool refused a job: its queue is full, or the key has its share waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the work queue is full, or this client has its share of it")]
pub struct Busy;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Queue {
    /// Each key's jobs waiting, oldest first.
    jobs: HashMap<Key, VecDeque<Job>>,
    /// The keys with jobs waiting, in the order they take their turns.
    turns: VecDeque<Key>,
    /// Each key's jobs waiting or running.
    busy: HashMap<Key, usize>,
    waiting: usize,
    stopped: bool,
}

impl Queue {
    /// The next job: the first key's oldest; that key goes to the back of the turns if it
    /// has more.
    fn next(&mut self) -> Option<(Key, Job)> {
        let key = self.turns.pop_front()?;
        let jobs = self.jobs.get_mut(&key)?;
        let job = jobs.pop_front()?;
        if jobs.is_empty() {
            self.jobs.remove(&key);
        } else {
            self.turns.push_back(key.clone());
        }
        self.waiting -= 1;
        Some((key, job))
    }

    fn done(&mut self, key: &Key) {
        if let Some(n) = self.busy.get_mut(key) {
            *n -= 1;
            if *n == 0 {
                self.busy.remove(key);
            }
        }
    }
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
}

/// The pool: see the [module documentation](self). Its threads stop when it is dropped.
pub struct Workers {
    shared: Arc<Shared>,
    limits: Limits,
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers")
            .field("limits", &self.limits)
            .finish()
    }
}

/// Lowers the calling thread's priority (Linux: its nice value to 10; elsewhere nothing).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority has no memory effects; `PRIO_PROCESS` with id 0 names the
        // calling thread on Linux (threads have their own nice values), and a failure
        // (not permitted) only leaves the priority as it was.
        unsafe {
            libc::setpriority(libc::PRIO_PROCESS, 0, 10);
        }
    }
}

impl Workers {
    /// A pool of `limits.threads` threads (at least one).
    pub fn new(limits: Limits) -> Workers {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
        });
        for i in 0..limits.threads.max(1) {
            let shared = Arc::clone(&shared);
            let spawned = std::thread::Builder::new()
                .name(format!("scopa-work-{i}"))
                .spawn(move || {
                    lower_priority();
                    work(&shared);
                });
            // A thread the system refuses leaves the others (there is at least one, or
            // every job waits: the first thread is as sure as the process's own).
            drop(spawned);
        }
        Workers { shared, limits }
    }

    /// The pool's bounds.
    pub const fn limits(&self) -> Limits {
        self.limits
    }

    /// Queues `f` under `key`; its result comes on the receiver. A job that may be refused
    /// (`refusable`) is, if the queue is full or `key` has its share waiting or running;
    /// one that may not always waits its turn.
    pub fn submit<T, F>(
        &self,
        key: Key,
        refusable: bool,
        f: F,
    ) -> Result<oneshot::Receiver<T>, Busy>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let mut q = self.shared.queue.lock().map_err(|_| Busy)?;
        let mine = q.busy.get(&key).copied().unwrap_or(0);
        if refusable && (q.waiting >= self.limits.queue || mine >= self.limits.per_key) {
            return Err(Busy);
        }
        *q.busy.entry(key.clone()).or_insert(0) += 1;
        q.waiting += 1;
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        match q.jobs.get_mut(&key) {
            Some(jobs) => jobs.push_back(job),
            None => {
                q.jobs.insert(key.clone(), VecDeque::from([job]));
                q.turns.push_back(key);
            }
        }
        drop(q);
        self.shared.ready.notify_one();
        Ok(rx)
    }

    /// Jobs waiting now.
    pub fn waiting(&self) -> usize {
        self.shared.queue.lock().map_or(0, |q| q.waiting)
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        if let Ok(mut q) = self.shared.queue.lock() {
            q.stopped = true;
        }
        self.shared.ready.notify_all();
    }
}

/// A thread's loop: the next job in turn, until the pool is dropped.
fn work(shared: &Shared) {
    let Ok(mut q) = shared.queue.lock() else {
        return;
    };
    loop {
        if q.stopped {
            return;
        }
        let Some((key, job)) = q.next() else {
            q = match shared.ready.wait(q) {
                Ok(q) => q,
                Err(_) => return,
            };
            continue;
        };
        drop(q);
        // A job that panics (a bug) drops its answer: the waiting side sees the channel
        // closed; the thread goes on.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        q = match shared.queue.lock() {
            Ok(q) => q,
            Err(_) => return,
        };
        q.done(&key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    fn addr(n: u8) -> Key {
        Key::Addr(IpAddr::from([10, 0, 0, n]))
    }

    /// A job that waits until `gate` opens, then answers `n`.
    fn gated(gate: &Arc<AtomicBool>, n: u32) -> impl FnOnce() -> u32 + Send + 'static {
        let gate = Arc::clone(gate);
        move || {
            while !gate.load(Ordering::Acquire) {
                std::thread::sleep(Duration::from_millis(1));
            }
            n
        }
    }

    #[tokio::test]
    async fn a_key_has_its_share_and_the_queue_its_bound() {
        let pool = Workers::new(Limits {
            threads: 1,
            queue: 3,
            per_key: 2,
        });
        let gate = Arc::new(AtomicBool::new(false));
        let a1 = pool.submit(addr(1), true, gated(&gate, 1)).unwrap();
        let a2 = pool.submit(addr(1), true, gated(&gate, 2)).unwrap();
        // The thread runs a1; a2 waits.
        while pool.waiting() > 1 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The address has its two (one running, one waiting): a third is refused.
        assert_eq!(pool.submit(addr(1), true, || 3).err(), Some(Busy));
        let b = pool.submit(addr(2), true, gated(&gate, 4)).unwrap();
        let c = pool.submit(addr(3), true, gated(&gate, 5)).unwrap();
        // Three wait: a refusable job is refused, a room's is not.
        assert_eq!(pool.waiting(), 3);
        assert_eq!(pool.submit(addr(4), true, || 6).err(), Some(Busy));
        let room = pool
            .submit(Key::Room("r".into()), false, gated(&gate, 7))
            .unwrap();
        gate.store(true, Ordering::Release);
        let got = [a1.await, a2.await, b.await, c.await, room.await].map(Result::unwrap);
        assert_eq!(got, [1, 2, 4, 5, 7]);
        // Done: the address may ask again.
        assert_eq!(pool.submit(addr(1), true, || 8).unwrap().await, Ok(8));
    }

    #[tokio::test]
    async fn keys_take_turns() {
        let pool = Workers::new(Limits {
            threads: 1,
            queue: 100,
            per_key: 100,
        });
        let gate = Arc::new(AtomicBool::new(false));
        let order = Arc::new(Mutex::new(Vec::new()));
        // Hold the one thread while the queue fills: key 1 queues five jobs first, then
        // key 2 and key 3 one each.
        let hold = pool.submit(addr(9), false, gated(&gate, 0)).unwrap();
        let mut answers = Vec::new();
        for (key, n) in [
            (1, 10),
            (1, 11),
            (1, 12),
            (1, 13),
            (1, 14),
            (2, 20),
            (3, 30),
        ] {
            let order = Arc::clone(&order);
            answers.push(
                pool.submit(addr(key), false, move || order.lock().unwrap().push(n))
                    .unwrap(),
            );
        }
        gate.store(true, Ordering::Release);
        hold.await.unwrap();
        for a in answers {
            a.await.unwrap();
        }
        // Key 2 and key 3 did not wait behind all of key 1's.
        assert_eq!(*order.lock().unwrap(), [10, 20, 30, 11, 12, 13, 14]);
    }

    #[tokio::test]
    async fn a_job_that_panics_closes_its_answer_and_the_pool_goes_on() {
        let pool = Workers::new(Limits {
            threads: 1,
            queue: 10,
            per_key: 10,
        });
        let bad = pool
            .submit(addr(1), true, || -> u32 { panic!("a bug") })
            .unwrap();
        assert!(bad.await.is_err());
        assert_eq!(pool.submit(addr(1), true, || 5).unwrap().await, Ok(5));
    }
}
