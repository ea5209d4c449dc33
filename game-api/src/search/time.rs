//! Time management: a soft limit (do not start an iteration that cannot finish), a hard
//! limit (abandon the iteration), a node budget, and a stop flag polled every
//! [`POLL_NODES`] nodes.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

/// How many nodes pass between two looks at the clock and the stop flag (a few hundred
/// microseconds of search, so a stop is obeyed well within 100 ms).
pub const POLL_NODES: u64 = 1024;

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
    /// A clock for a search of `time` (soft limit; the hard limit is twice that, or
    /// `time` itself when `strict`) and `max_nodes`, obeying `stop`.
    pub fn new(
        time: Option<Duration>,
        strict: bool,
        max_nodes: Option<u64>,
        stop: &'a AtomicBool,
    ) -> Self {
        Clock {
            started: Instant::now(),
            soft: time,
            hard: time.map(|t| if strict { t } else { t * 2 }),
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
    /// one before it (`before`) took: not when it would likely end past the hard limit,
    /// nor once the soft limit has passed.
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
}
