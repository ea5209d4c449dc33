//! "Recover games…": the saves that could not be restored, with why, to open (once their
//! plugin is back) or delete.

use std::path::{Path, PathBuf};

use super::saving::{Recovered, list_recovered, remove_recovered};

/// The open window.
pub struct RecoverWindow {
    dir: PathBuf,
    saves: Vec<Recovered>,
    error: Option<String>,
}

/// What the person asked for.
pub enum Action {
    /// Nothing yet.
    None,
    /// Open this save as the game in progress.
    Open(PathBuf),
    /// Close the window.
    Close,
}

impl RecoverWindow {
    /// The window over the saves set aside in the data folder `dir`.
    pub fn new(dir: &Path) -> Self {
        RecoverWindow {
            dir: dir.to_path_buf(),
            saves: list_recovered(dir),
            error: None,
        }
    }

    /// Draws the window; `available` are the games that can be played now (id, name): a
    /// save is headed by its game's name, or its id when no loaded game has it.
    pub fn ui(&mut self, ctx: &egui::Context, available: &[(String, String)]) -> Action {
        let mut action = Action::None;
        let modal = egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(crate::tr!("recover-title"));
            ui.label(crate::tr!("recover-explained"));
            ui.separator();
            if self.saves.is_empty() {
                ui.label(crate::tr!("recover-none"));
            }
            let mut delete = None;
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    for save in &self.saves {
                        ui.group(|ui| {
                            ui.set_width(ui.available_width());
                            let unreadable = crate::tr!("recover-unreadable");
                            let known = save
                                .game
                                .as_ref()
                                .and_then(|g| available.iter().find(|(id, _)| id == g));
                            // Its name, the record's when no loaded game has it (a
                            // record older than the name field says its id).
                            let game = match (known, save.name.as_deref(), save.game.as_deref()) {
                                (Some((_, name)), _, _) => name.as_str(),
                                (None, Some(name), _) => name,
                                (None, None, Some(id)) => id,
                                (None, None, None) => &unreadable,
                            };
                            let moves = save.moves.map_or_else(String::new, |n| {
                                crate::tr!("recover-moves", count = n)
                            });
                            // The kept file's place is for whoever looks for it: on
                            // hover, not in the player's way.
                            ui.strong(format!("{game}{moves}"))
                                .on_hover_text(save.path.display().to_string());
                            ui.label(super::shorten(&save.reason, 300));
                            ui.horizontal(|ui| {
                                let ready = known.is_some();
                                let open = ui.add_enabled(
                                    ready,
                                    egui::Button::new(crate::tr!("recover-open")),
                                );
                                let open = if ready {
                                    open
                                } else {
                                    open.on_disabled_hover_text(crate::tr!("recover-no-plugin"))
                                };
                                if open.clicked() {
                                    action = Action::Open(save.path.clone());
                                }
                                if ui.button(crate::tr!("recover-delete")).clicked() {
                                    delete = Some(save.path.clone());
                                }
                            });
                        });
                    }
                });
            if let Some(path) = delete {
                if let Err(e) = remove_recovered(&path) {
                    self.error = Some(format!("{}: {e}", path.display()));
                }
                self.saves = list_recovered(&self.dir);
            }
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 90), e);
            }
            if ui.button(crate::tr!("close")).clicked() {
                action = Action::Close;
            }
        });
        if modal.should_close() && matches!(action, Action::None) {
            action = Action::Close;
        }
        action
    }
}
