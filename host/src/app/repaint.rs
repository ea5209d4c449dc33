//! The egui window as the table's [`Repaint`]: the table's logic asks for frames through
//! it without knowing egui.

use std::{sync::Arc, time::Duration};

use crate::table::Repaint;

/// The window of `egui`'s context, as the table's [`Repaint`] (the trait belongs to the
/// core crate, which knows no egui: this type is the app's side of it).
#[derive(Clone, Copy)]
pub struct Window<'a>(pub &'a egui::Context);

impl Repaint for Window<'_> {
    fn now(&self) {
        self.0.request_repaint();
    }

    fn after(&self, after: Duration) {
        self.0.request_repaint_after(after);
    }

    fn waker(&self) -> Arc<dyn Fn() + Send + Sync> {
        let ctx = self.0.clone();
        Arc::new(move || ctx.request_repaint())
    }
}
