//! A small file dialog drawn with egui (no file-dialog crate supports egui 0.37 yet):
//! browse folders, pick or type a file name.

use std::path::{Path, PathBuf};

/// Whether the dialog opens or saves a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Choose an existing file.
    Open,
    /// Choose a file name to write.
    Save,
}

/// An open file dialog.
#[derive(Debug, Clone)]
pub struct FileDialog {
    mode: Mode,
    dir: PathBuf,
    name: String,
    entries: Vec<(String, bool)>,
    error: Option<String>,
}

/// What the person did with the dialog this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Still choosing.
    Open,
    /// Chose this file.
    Chosen(PathBuf),
    /// Closed the dialog.
    Cancelled,
}

impl FileDialog {
    /// A dialog in `dir`, with `name` as the suggested file name.
    pub fn new(mode: Mode, dir: &Path, name: &str) -> Self {
        let mut dialog = FileDialog {
            mode,
            dir: dir.to_path_buf(),
            name: name.to_owned(),
            entries: Vec::new(),
            error: None,
        };
        dialog.refresh();
        dialog
    }

    /// Whether the dialog opens or saves.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    fn refresh(&mut self) {
        self.entries.clear();
        match std::fs::read_dir(&self.dir) {
            Ok(read) => {
                for e in read.flatten() {
                    let is_dir = e.path().is_dir();
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    if is_dir || name.ends_with(".json") {
                        self.entries.push((name, is_dir));
                    }
                }
                self.entries
                    .sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{}: {e}", self.dir.display())),
        }
    }

    /// Shows the dialog.
    pub fn ui(&mut self, ctx: &egui::Context) -> Outcome {
        let mut outcome = Outcome::Open;
        let title = match self.mode {
            Mode::Open => "Load a game",
            Mode::Save => "Save the game",
        };
        let modal = egui::Modal::new(egui::Id::unique("file_dialog")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.heading(title);
            ui.horizontal(|ui| {
                if ui.button("Up one folder").clicked()
                    && let Some(parent) = self.dir.parent()
                {
                    self.dir = parent.to_path_buf();
                    self.refresh();
                }
                ui.monospace(self.dir.display().to_string());
            });
            egui::ScrollArea::vertical()
                .max_height(240.0)
                .show(ui, |ui| {
                    let mut enter = None;
                    for (name, is_dir) in &self.entries {
                        let text = if *is_dir {
                            format!("{name}/")
                        } else {
                            name.clone()
                        };
                        if ui
                            .selectable_label(!is_dir && &self.name == name, text)
                            .clicked()
                        {
                            if *is_dir {
                                enter = Some(self.dir.join(name));
                            } else {
                                self.name = name.clone();
                            }
                        }
                    }
                    if let Some(dir) = enter {
                        self.dir = dir;
                        self.refresh();
                    }
                });
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(220, 80, 80), e);
            }
            ui.horizontal(|ui| {
                let label = ui.label("File name:");
                ui.text_edit_singleline(&mut self.name)
                    .labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                let ok = match self.mode {
                    Mode::Open => "Load",
                    Mode::Save => "Save",
                };
                if ui
                    .add_enabled(!self.name.trim().is_empty(), egui::Button::new(ok))
                    .clicked()
                {
                    outcome = Outcome::Chosen(self.dir.join(self.name.trim()));
                }
                if ui.button("Cancel").clicked() {
                    outcome = Outcome::Cancelled;
                }
            });
        });
        if modal.should_close() && outcome == Outcome::Open {
            outcome = Outcome::Cancelled;
        }
        outcome
    }
}
