//! Save… and Load…: the file dialog (the system's, or the app's own where there is none),
//! the question before replacing a file, and what went wrong said in the player's words.

use std::path::Path;

use super::{
    TavolaApp,
    dialogs::confirm,
    file_dialog::{FileDialog, Mode, Outcome},
    starting::AfterLoad,
};
use crate::record::RecordError;

impl TavolaApp {
    /// Opens the dialog to save the game being played (in the games folder, named after
    /// the game).
    pub(super) fn ask_save(&mut self) {
        let Some(play) = &self.screens.play else {
            return;
        };
        let name = format!("{}.json", play.session().plugin().id());
        let dir = self.games_dir();
        let _ = std::fs::create_dir_all(&dir);
        self.dialogs.file_dialog = Some(FileDialog::new(
            Mode::Save,
            &dir,
            &name,
            self.dialogs.system_file_dialog,
            super::save_info::game_names(&self.library.plugins),
        ));
    }

    /// Opens the dialog to load a saved game.
    pub(super) fn ask_load(&mut self) {
        let dir = self.games_dir();
        self.dialogs.file_dialog = Some(FileDialog::new(
            Mode::Open,
            &dir,
            "",
            self.dialogs.system_file_dialog,
            super::save_info::game_names(&self.library.plugins),
        ));
    }

    /// The file dialog and the question before replacing a file, while open.
    pub(super) fn file_dialog_ui(&mut self, ctx: &egui::Context) {
        if let Some(dialog) = &mut self.dialogs.file_dialog {
            let mode_save = self.screens.play.is_some() && dialog.mode() == Mode::Save;
            let asked = dialog.asks_before_replacing();
            match dialog.ui(ctx) {
                Outcome::Open => {}
                Outcome::Cancelled => self.dialogs.file_dialog = None,
                Outcome::Chosen(path) => {
                    self.dialogs.file_dialog = None;
                    if mode_save && path.exists() && !asked {
                        self.dialogs.overwrite = Some(path);
                    } else if mode_save {
                        self.save_and_say(&path);
                    } else {
                        self.load_and_say(&path);
                    }
                }
            }
        }
        if let Some(path) = self.dialogs.overwrite.clone() {
            let question = crate::tr!("save-replace-question", file = file_name(&path));
            let yes = crate::tr!("save-replace");
            if let Some(replace) = confirm(ctx, "overwrite", &question, &yes) {
                self.dialogs.overwrite = None;
                if replace {
                    self.save_and_say(&path);
                }
            }
        }
    }

    /// Saves to `path`; says "Saved" in the event line, or what went wrong.
    fn save_and_say(&mut self, path: &Path) {
        match self.save_to(path) {
            Ok(()) => {
                if let Some(play) = &mut self.screens.play {
                    play.note(crate::tr!("save-done", path = path.display().to_string()));
                }
            }
            Err(e) => {
                self.dialogs.message = Some(crate::tr!(
                    "save-failed",
                    file = file_name(path),
                    error = e.root_cause().to_string()
                ));
            }
        }
    }

    /// Loads `path`, or says in the player's words why it cannot be.
    fn load_and_say(&mut self, path: &Path) {
        if let Err(e) = self.begin_load(path, AfterLoad::Nothing) {
            self.dialogs.message = Some(load_error_in_words(path, &e));
        }
    }
}

/// The file's name as shown in messages.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Why a file could not be loaded, said for a player rather than a developer.
pub fn load_error_in_words(path: &Path, error: &anyhow::Error) -> String {
    let name = file_name(path);
    let record = error.chain().find_map(|e| e.downcast_ref::<RecordError>());
    match record {
        Some(RecordError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            crate::tr!("load-no-file", file = name)
        }
        Some(RecordError::Io { source, .. }) => {
            crate::tr!("load-unreadable", file = name, error = source.to_string())
        }
        Some(RecordError::Syntax { .. } | RecordError::Format(_)) => {
            crate::tr!("load-not-a-record", file = name)
        }
        Some(RecordError::UnknownGame(_)) => {
            crate::tr!("load-unknown-game", file = name)
        }
        _ => crate::tr!("load-failed", file = name, error = format!("{error:#}")),
    }
}
