//! The question asked of the people at the computer (resign? accept the draw?), drawn
//! from the [`Table`]; the answer comes back as an intent. The rules of ending a game
//! by the players' choice are the table's (`table/ending.rs`).

use super::Table;

pub use crate::table::Asking;

impl Table {
    /// Shows the question being asked, if any.
    pub(super) fn asking_ui(&self, ctx: &egui::Context, intents: &mut Vec<super::Intent>) {
        let Some(question) = self.notes.asking else {
            return;
        };
        let (text, yes, no) = match question {
            Asking::Resign(seat) => (
                crate::tr!("resign-question", seat = self.seat_name(seat)),
                crate::tr!("resign-yes"),
                crate::tr!("cancel"),
            ),
            Asking::Draw(seat) => (
                crate::tr!(
                    "draw-question",
                    seat = self.seat_name(seat),
                    others = self.others(seat).join(&crate::tr!("and-between"))
                ),
                crate::tr!("draw-accept"),
                crate::tr!("draw-decline"),
            ),
        };
        let modal = egui::Modal::new(egui::Id::unique(("asking", question_key(question)))).show(
            ctx,
            |ui| {
                ui.set_max_width(440.0);
                ui.label(text);
                ui.horizontal(|ui| {
                    if ui.button(yes).clicked() {
                        Some(true)
                    } else if ui.button(no).clicked() {
                        Some(false)
                    } else {
                        None
                    }
                })
                .inner
            },
        );
        if let Some(answer) = modal.inner.or(modal.should_close().then_some(false)) {
            intents.push(super::Intent::Answer(answer));
        }
    }
}

fn question_key(q: Asking) -> (u8, u8) {
    match q {
        Asking::Resign(s) => (0, s),
        Asking::Draw(s) => (1, s),
    }
}
