//! Time management: a time budget kept from the request to the answer — the search is
//! abandoned at the budget less a reserve for the way back ([`reserve`]), and no
//! iteration is started that would likely not finish by then —, a node budget, and a
//! stop flag polled every [`POLL_NODES`] nodes.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

/// How many nodes pass between two looks at the clock and the stop flag (well under a
/// millisecond of search even in a slow game, so the budget is kept within a few
/// milliseconds and a stop is obeyed at once; a look at the clock costs some 25 ns).
pub const POLL_NODES: u64 = 256;

/// The part of a budget kept for the way back (unwinding the search, the answer's JSON,
/// the worker's reply through its pipe and the app's thread getting the processor back
/// on a busy machine): a twenty-fifth of it, from 1 ms to 40 ms. (A fiftieth up to
/// 10 ms kept 1 s in-process but not through the worker on a loaded machine: p99
/// 1036 ms, 3 moves of 1000 over 1050 ms.)
///
/// ```
/// use game_api::search::reserve;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// assert_eq!(reserve(ms(200)), ms(8));
/// assert_eq!(reserve(ms(10)), ms(1));
/// assert_eq!(reserve(ms(1000)), ms(40));
/// assert_eq!(reserve(ms(5000)), ms(40));
/// ```
pub fn reserve(budget: Duration) -> Duration {
    (budget / 25).clamp(Duration::from_millis(1), Duration::from_millis(40))
}

/// When a search must stop.
#[derive(Debug)]
pub struct Clock<'a> {
    started: Instant,
    /// No new iteration starts once it is likely to run past this.
    soft: Option<Duration>,
    /// The search is abandoned at this point.
    hard: Option<Duration>,
    max_nodes: Option<u64>,
    stop: &'a AtomicBool,
    stopped: bool,
}

impl<'a> Clock<'a> {
    /// A clock started now for a search of `time` (a budget: the search stops at
    /// `time` less its [`reserve`]) and `max_nodes`, obeying `stop`. `strict` is kept
    /// for the older requests' sake: every budget is kept now.
    pub fn new(
        time: Option<Duration>,
        strict: bool,
        max_nodes: Option<u64>,
        stop: &'a AtomicBool,
    ) -> Self {
        Self::since(Instant::now(), time, strict, max_nodes, stop)
    }

    /// A clock as [`Clock::new`], its budget counted from `started` (when the request
    /// arrived: the time spent reading it and making the table is part of the budget).
    pub fn since(
        started: Instant,
        time: Option<Duration>,
        _strict: bool,
        max_nodes: Option<u64>,
        stop: &'a AtomicBool,
    ) -> Self {
        let hard = time.map(|t| t.saturating_sub(reserve(t)));
        Clock {
            started,
            // No iteration starts past half of the budget: it would rarely finish.
            soft: hard.map(|h| h / 2),
            hard,
            max_nodes,
            stop,
            stopped: false,
        }
    }

    /// The time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the search must stop now; looks at the clock every [`POLL_NODES`] nodes.
    #[inline]
    pub fn poll(&mut self, nodes: u64) -> bool {
        if !self.stopped && nodes.is_multiple_of(POLL_NODES) {
            self.stopped = self.stop.load(Ordering::Relaxed)
                || self.max_nodes.is_some_and(|m| nodes >= m)
                || self.hard.is_some_and(|h| self.started.elapsed() >= h);
        }
        self.stopped
    }

    /// Whether the search has a time limit (a bot playing in time answers a forced
    /// move at once).
    pub fn timed(&self) -> bool {
        self.soft.is_some()
    }

    /// Whether the search was stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether another iteration may start, given how long the last one (`last`) and the
    /// one before it (`before`) took: not when it would likely end past the hard limit
    /// (where it would be abandoned), nor once half of the budget has passed.
    pub fn next_iteration_fits(&self, last: Duration, before: Duration) -> bool {
        if self.stopped {
            return false;
        }
        let Some(soft) = self.soft else { return true };
        let elapsed = self.elapsed();
        if elapsed >= soft {
            return false;
        }
        let growth = if before.as_micros() > 50 {
            (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 8.0)
        } else {
            2.0
        };
        let expected = last.mul_f64(growth);
        let hard = self.hard.unwrap_or(soft);
        elapsed + expected <= hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_flag_and_the_node_budget_stop_the_search() {
        let stop = AtomicBool::new(false);
        let mut c = Clock::new(None, false, Some(5000), &stop);
        assert!(!c.poll(1024));
        assert!(c.poll(5120));
        let mut c = Clock::new(None, false, None, &stop);
        assert!(!c.poll(2048));
        stop.store(true, Ordering::Relaxed);
        assert!(!c.poll(2049), "looks only every POLL_NODES nodes");
        assert!(c.poll(3072) && c.stopped());
    }

    #[test]
    fn an_iteration_that_cannot_finish_is_not_started() {
        let stop = AtomicBool::new(false);
        let c = Clock::new(Some(Duration::from_millis(100)), true, None, &stop);
        assert!(c.next_iteration_fits(Duration::from_millis(10), Duration::from_millis(5)));
        assert!(!c.next_iteration_fits(Duration::from_millis(60), Duration::from_millis(20)));
    }

    #[test]
    fn the_budget_is_the_hard_limit_less_the_reserve() {
        let stop = AtomicBool::new(false);
        let past = Instant::now() - Duration::from_millis(99);
        let mut c = Clock::since(past, Some(Duration::from_millis(100)), false, None, &stop);
        assert!(
            c.poll(POLL_NODES),
            "96 ms of 100 are the limit: 99 ms have passed"
        );
        let past = Instant::now() - Duration::from_millis(90);
        let mut c = Clock::since(past, Some(Duration::from_millis(100)), false, None, &stop);
        assert!(!c.poll(POLL_NODES));
        assert!(!c.next_iteration_fits(Duration::from_micros(10), Duration::from_micros(5)));
    }
}
