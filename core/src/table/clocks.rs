//! [`Clocks`]: when the running clock was last read, and whether its board can be seen
//! (a clock runs only while its board is on screen and has been drawn since it was
//! hidden). The times themselves are the record's
//! ([`ClockState`](crate::ending::ClockState)).

/// What the table knows of the clocks beyond the record's times.
#[derive(Debug, Clone)]
pub struct Clocks {
    /// When the running clock was last read (seconds), while one runs.
    pub since: Option<f64>,
    /// Whether the board can be seen now (the app's screen shows it and no dialog hides
    /// it).
    pub visible: bool,
    /// Whether the board was drawn while visible since it was last hidden: the clocks
    /// start only once it has been seen.
    pub seen: bool,
}

impl Default for Clocks {
    fn default() -> Self {
        Clocks {
            since: None,
            visible: true,
            seen: false,
        }
    }
}

impl Clocks {
    /// Whether the board is on screen and was drawn since it was shown.
    pub fn watched(&self) -> bool {
        self.visible && self.seen
    }

    /// The board can be seen (`true`) or not; hidden, the clock stops until it is
    /// drawn again.
    pub fn set_visible(&mut self, visible: bool) {
        self.visible = visible;
        if !visible {
            self.seen = false;
            self.since = None;
        }
    }

    /// The board was drawn this frame.
    pub fn drawn(&mut self) {
        self.seen = self.visible;
    }

    /// The milliseconds the running clock ran since it was last read, read now at
    /// `now` (seconds); none the first time (it starts now).
    pub fn spent_ms(&mut self, now: f64) -> u64 {
        let since = self.since.replace(now).unwrap_or(now);
        ((now - since).max(0.0) * 1000.0) as u64
    }

    /// No clock runs (paused, a move on its way, the board hidden): the next reading
    /// starts afresh.
    pub fn stop(&mut self) {
        self.since = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_from_its_first_reading_and_stops_while_hidden() {
        let mut clocks = Clocks::default();
        assert!(!clocks.watched(), "watched before it was drawn");
        clocks.drawn();
        assert!(clocks.watched());
        assert_eq!(clocks.spent_ms(10.0), 0);
        assert_eq!(clocks.spent_ms(10.25), 250);
        clocks.set_visible(false);
        assert!(!clocks.watched());
        clocks.set_visible(true);
        assert!(!clocks.watched(), "runs again before it was drawn");
        clocks.drawn();
        assert_eq!(clocks.spent_ms(20.0), 0, "the hidden time was counted");
        clocks.stop();
        assert_eq!(clocks.spent_ms(30.0), 0);
    }
}
