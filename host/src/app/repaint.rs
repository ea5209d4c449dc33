//! The egui window as the table's [`Repaint`]: the table's logic asks for frames through
//! it without knowing egui.

use std::{sync::Arc, time::Duration};

use crate::table::Repaint;

impl Repaint for egui::Context {
    fn now(&self) {
        self.request_repaint();
    }

    fn after(&self, after: Duration) {
        self.request_repaint_after(after);
    }

    fn waker(&self) -> Arc<dyn Fn() + Send + Sync> {
        let ctx = self.clone();
        Arc::new(move || ctx.request_repaint())
    }
}
