//! A seat's clock as its panel shows it: the time left, strong while it runs, red and
//! warned when low (the clocks' rules are the table's: `table/clocks.rs`).

use egui::RichText;

use super::Table;
use crate::ending::clock_text;

impl Table {
    /// A seat's clock in its panel (nothing when the game has no clocks).
    pub(super) fn clock_ui(&self, ui: &mut egui::Ui, seat: usize) {
        let Some(left) = self.session.clock().and_then(|c| c.left_ms.get(seat)) else {
            return;
        };
        let running = self.clock_running().is_some_and(|s| usize::from(s) == seat);
        let mut text = RichText::new(clock_text(*left)).monospace().size(18.0);
        if running {
            text = text.strong();
        } else {
            text = text.weak();
        }
        let low = self.low_on_time(seat as u8);
        if low {
            text = text.color(egui::Color32::from_rgb(230, 90, 90));
        }
        ui.label(text).on_hover_text(if running {
            crate::tr!("clock-running")
        } else {
            crate::tr!("clock-stopped")
        });
        if low && *left > 0 {
            ui.label(
                RichText::new(crate::tr!("clock-low"))
                    .strong()
                    .color(egui::Color32::from_rgb(230, 90, 90)),
            );
        }
    }
}
