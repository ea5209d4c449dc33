//! [`Repaint`]: how the table asks to be drawn again — at once (an animation runs), after
//! a while (a deadline to watch), or whenever its worker answers — without knowing the
//! window it is drawn in.

use std::{sync::Arc, time::Duration};

/// The window the table is drawn in, as the table's logic asks it to draw again.
pub trait Repaint {
    /// Draw again as soon as possible.
    fn now(&self);

    /// Draw again within `after`.
    fn after(&self, after: Duration);

    /// A function that asks for a new frame, for another thread (the worker's reader)
    /// to call.
    fn waker(&self) -> Arc<dyn Fn() + Send + Sync>;
}

/// No window: the requests are dropped (tests, a table driven frame by frame).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoRepaint;

impl Repaint for NoRepaint {
    fn now(&self) {}

    fn after(&self, _after: Duration) {}

    fn waker(&self) -> Arc<dyn Fn() + Send + Sync> {
        Arc::new(|| {})
    }
}
