//! The dialogs over the app: the new-game dialog, Save and Load, the question before a
//! restart, *Recover games…* and the message box.

use super::{DialogOutcome, TavolaApp, recover, shorten, starting::AfterLoad};

impl TavolaApp {
    /// Draws the open dialogs and carries out their answers.
    pub(super) fn dialogs_ui(&mut self, ctx: &egui::Context) {
        if let Some(dialog) = &mut self.dialogs.new_game {
            match dialog.ui(ctx) {
                DialogOutcome::Open => {}
                DialogOutcome::Cancelled => self.dialogs.new_game = None,
                DialogOutcome::Start(request) => {
                    let clock = dialog.clock();
                    let remote = self.dialogs.new_game.take().map(|mut d| d.take_remote());
                    if let Err(e) = self.begin_start(request, remote, None, clock, None) {
                        self.dialogs.message = Some(format!("{e:#}"));
                    }
                }
            }
        }
        self.file_dialog_ui(ctx);
        if self.dialogs.confirm_restart {
            let question = crate::tr!("restart-question");
            let yes = crate::tr!("cmd-restart");
            if let Some(restart) = confirm(ctx, "confirm_restart", &question, &yes) {
                self.dialogs.confirm_restart = false;
                if restart {
                    self.restart();
                }
            }
        }
        if self.dialogs.confirm_quit {
            let question = crate::tr!("online-quit-question");
            let yes = crate::tr!("cmd-quit");
            if let Some(quit) = confirm(ctx, "confirm_quit", &question, &yes) {
                self.dialogs.confirm_quit = false;
                if quit {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
        if let Some(window) = &mut self.dialogs.recover {
            let available: Vec<(String, String)> = self
                .library
                .plugins
                .games()
                .map(|p| (p.id().to_owned(), p.manifest().name.clone()))
                .collect();
            match window.ui(ctx, &available) {
                recover::Action::None => {}
                recover::Action::Close => self.dialogs.recover = None,
                recover::Action::Open(path) => {
                    self.dialogs.recover = None;
                    if let Err(e) = self.begin_load(&path, AfterLoad::Recovered) {
                        self.dialogs.message = Some(format!("{e:#}"));
                    }
                }
            }
        }
        if let Some(message) = self.dialogs.message.clone() {
            let modal = egui::Modal::new(egui::Id::unique("message")).show(ctx, |ui| {
                ui.set_max_width(520.0);
                ui.label(shorten(&message, 900));
                ui.button(crate::tr!("ok")).clicked()
            });
            if modal.inner || modal.should_close() {
                self.dialogs.message = None;
            }
        }
    }
}

/// A question with a yes button (`yes`) and Cancel: `Some(true)` or `Some(false)` once
/// answered (Esc or a click beside it is Cancel), `None` while it waits.
pub(super) fn confirm(ctx: &egui::Context, id: &str, question: &str, yes: &str) -> Option<bool> {
    let modal = egui::Modal::new(egui::Id::unique(id)).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.label(question);
        ui.horizontal(|ui| {
            if ui.button(yes).clicked() {
                Some(true)
            } else if ui.button(crate::tr!("cancel")).clicked() {
                Some(false)
            } else {
                None
            }
        })
        .inner
    });
    modal.inner.or(modal.should_close().then_some(false))
}
