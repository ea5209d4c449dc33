//! Choosing a file to save to or load from: the system's own file dialog (through the
//! XDG desktop portal on Linux, with `rfd`; no GTK needed), run on a thread of its own so
//! the game keeps drawing, or — where the system offers none, and in tests — a small
//! dialog drawn with egui. Both show only Tavola's saved games: files ending in `.json`,
//! and in the egui dialog only those whose content says they are Tavola records, each
//! with what it holds (see [`save_info`](super::save_info)).

use std::{
    io::Read,
    path::{Path, PathBuf},
    sync::mpsc,
    time::{Duration, Instant},
};

use super::save_info::{self, GameNames, SaveInfo};

/// Whether the dialog opens or saves a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Choose an existing file.
    Open,
    /// Choose a file name to write.
    Save,
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

/// A system dialog answering faster than this did not open (no portal, no zenity): no
/// person cancels a dialog that quickly, so the egui dialog is shown instead.
const NO_DIALOG: Duration = Duration::from_millis(400);

/// A file dialog: the system's, or the egui one.
pub enum FileDialog {
    /// The system's dialog, answering on a channel.
    System {
        /// Open or save.
        mode: Mode,
        /// Where it started, the name it suggested and the games' names (for the
        /// fallback).
        start: (PathBuf, String, GameNames),
        /// When it was opened.
        opened: Instant,
        /// Its answer.
        answer: mpsc::Receiver<Option<PathBuf>>,
        /// Its title, where not the mode's (for the fallback).
        title: Option<String>,
    },
    /// The dialog drawn in the app.
    InApp(InAppDialog),
}

impl FileDialog {
    /// A dialog in `dir` with `name` as the suggested file name: the system's when
    /// `system` is set, else the egui one (which names the games saved by `games`).
    pub fn new(mode: Mode, dir: &Path, name: &str, system: bool, games: GameNames) -> Self {
        Self::titled(mode, dir, name, system, games, None)
    }

    /// [`FileDialog::new`] with its own `title` ("Review a saved game") instead of the
    /// mode's ("Load a game"), where given.
    pub fn titled(
        mode: Mode,
        dir: &Path,
        name: &str,
        system: bool,
        games: GameNames,
        title: Option<String>,
    ) -> Self {
        if !system {
            return FileDialog::InApp(InAppDialog::new(mode, dir, name, games).with_title(title));
        }
        let (tx, rx) = mpsc::channel();
        let dialog = rfd::FileDialog::new()
            .add_filter(crate::tr!("file-filter"), &["json"])
            .set_directory(dir)
            .set_title(title.clone().unwrap_or_else(|| title_of(mode)));
        // Without a session bus no portal answers and rfd runs zenity, which ignores the
        // starting folder: it is given the whole path instead.
        let zenity = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none();
        let dialog = match (mode, zenity) {
            (Mode::Save, false) => dialog.set_file_name(name),
            (Mode::Save, true) => dialog.set_file_name(dir.join(name).to_string_lossy()),
            (Mode::Open, true) => dialog.set_file_name(format!("{}/", dir.display())),
            (Mode::Open, false) => dialog,
        };
        std::thread::spawn(move || {
            let chosen = match mode {
                Mode::Open => dialog.pick_file(),
                Mode::Save => dialog.save_file(),
            };
            let _ = tx.send(chosen);
        });
        FileDialog::System {
            mode,
            start: (dir.to_path_buf(), name.to_owned(), games),
            opened: Instant::now(),
            answer: rx,
            title,
        }
    }

    /// Whether the dialog opens or saves.
    pub fn mode(&self) -> Mode {
        match self {
            FileDialog::System { mode, .. } => *mode,
            FileDialog::InApp(d) => d.mode,
        }
    }

    /// Whether the dialog itself asks before replacing a file (the system's does).
    pub fn asks_before_replacing(&self) -> bool {
        matches!(self, FileDialog::System { .. })
    }

    /// Shows the dialog (the system's runs by itself: a note says where to look).
    pub fn ui(&mut self, ctx: &egui::Context) -> Outcome {
        let FileDialog::System {
            mode,
            start,
            opened,
            answer,
            title,
        } = self
        else {
            let FileDialog::InApp(dialog) = self else {
                return Outcome::Cancelled;
            };
            return dialog.ui(ctx);
        };
        let answered = answer.try_recv();
        if answered.is_ok() {
            // What the answer leads to (a message, a new game) is drawn at once.
            ctx.request_repaint();
        }
        match answered {
            Ok(Some(path)) => Outcome::Chosen(path),
            Ok(None) | Err(mpsc::TryRecvError::Disconnected) if opened.elapsed() < NO_DIALOG => {
                let games = std::mem::take(&mut start.2);
                let title = title.take();
                *self = FileDialog::InApp(
                    InAppDialog::new(*mode, &start.0, &start.1, games).with_title(title),
                );
                Outcome::Open
            }
            Ok(None) | Err(mpsc::TryRecvError::Disconnected) => Outcome::Cancelled,
            Err(mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(Duration::from_millis(100));
                egui::Area::new(egui::Id::unique("system_file_dialog"))
                    .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
                    .order(egui::Order::Foreground)
                    .show(ctx, |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(match mode {
                                Mode::Open => crate::tr!("file-system-load"),
                                Mode::Save => crate::tr!("file-system-save"),
                            });
                        });
                    });
                Outcome::Open
            }
        }
    }
}

/// Whether `path` holds a Tavola saved game, by its content: its first bytes carry the
/// record's format name (a record, or a journal whose first line is the record's head).
pub fn is_tavola_save(path: &Path) -> bool {
    let mut head = [0u8; 4096];
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let n = file.read(&mut head).unwrap_or(0);
    let text = String::from_utf8_lossy(&head[..n]);
    text.trim_start().starts_with('{')
        && text.contains(&format!("\"{}\"", crate::record::RECORD_FORMAT))
}

/// Whether the egui dialog lists `path`, a `.json` file: a Tavola saved game by its
/// content, or a file it cannot open (listed as unreadable, with the reason).
fn listed(path: &Path) -> bool {
    std::fs::File::open(path).is_err() || is_tavola_save(path)
}

/// A row of the egui dialog: a folder, or a saved game with what it holds.
#[derive(Debug, Clone)]
struct Entry {
    name: String,
    /// What the file holds; `None` for a folder.
    info: Option<SaveInfo>,
}

/// The file dialog drawn with egui: browse folders, pick or type a file name.
#[derive(Debug, Clone)]
pub struct InAppDialog {
    mode: Mode,
    dir: PathBuf,
    name: String,
    entries: Vec<Entry>,
    error: Option<String>,
    /// The folder does not exist yet (a fresh install's games folder): said calmly.
    missing: bool,
    games: GameNames,
    /// Its title, where not the mode's.
    title: Option<String>,
}

/// A dialog's title by its mode: "Load a game", "Save the game".
fn title_of(mode: Mode) -> String {
    match mode {
        Mode::Open => crate::tr!("file-load-title"),
        Mode::Save => crate::tr!("file-save-title"),
    }
}

impl InAppDialog {
    /// The same dialog titled `title` where given.
    pub fn with_title(mut self, title: Option<String>) -> Self {
        self.title = title;
        self
    }

    /// A dialog in `dir`, with `name` as the suggested file name; the saved games'
    /// lines name their games by `games`.
    pub fn new(mode: Mode, dir: &Path, name: &str, games: GameNames) -> Self {
        let mut dialog = InAppDialog {
            mode,
            dir: dir.to_path_buf(),
            name: name.to_owned(),
            entries: Vec::new(),
            error: None,
            missing: false,
            games,
            title: None,
        };
        dialog.refresh();
        dialog
    }

    fn refresh(&mut self) {
        self.entries.clear();
        self.missing = false;
        match std::fs::read_dir(&self.dir) {
            Ok(read) => {
                for e in read.flatten() {
                    let is_dir = e.path().is_dir();
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    // Only Tavola's saved games: by name, and by content; each read for
                    // its line (a bad one says why, and the others are listed still).
                    if is_dir {
                        self.entries.push(Entry { name, info: None });
                    } else if name.ends_with(".json") && listed(&e.path()) {
                        let info = Some(save_info::read(&e.path(), &self.games));
                        self.entries.push(Entry { name, info });
                    }
                }
                self.entries
                    .sort_by(|a, b| (a.info.is_some(), &a.name).cmp(&(b.info.is_some(), &b.name)));
                self.error = None;
            }
            // No folder yet (nothing saved so far): an empty list, no error.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                self.error = None;
                self.missing = true;
            }
            Err(e) => self.error = Some(format!("{}: {e}", self.dir.display())),
        }
    }

    /// The error shown under the list, if any (a folder that cannot be read).
    #[cfg(test)]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Shows the dialog.
    pub fn ui(&mut self, ctx: &egui::Context) -> Outcome {
        let mut outcome = Outcome::Open;
        let title = self.title.clone().unwrap_or_else(|| title_of(self.mode));
        let modal = egui::Modal::new(egui::Id::unique("file_dialog")).show(ctx, |ui| {
            ui.set_width(640.0);
            ui.heading(title);
            ui.horizontal(|ui| {
                if ui.button(crate::tr!("file-up")).clicked()
                    && let Some(parent) = self.dir.parent()
                {
                    self.dir = parent.to_path_buf();
                    self.refresh();
                }
                ui.monospace(self.dir.display().to_string());
            });
            let mut chosen = false;
            egui::ScrollArea::vertical()
                .max_height(240.0)
                .show(ui, |ui| {
                    let (enter, picked) = self.rows_ui(ui);
                    chosen |= picked;
                    if let Some(dir) = enter {
                        self.dir = dir;
                        self.refresh();
                    }
                });
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(220, 80, 80), e);
            } else if self.missing {
                ui.weak(match self.mode {
                    Mode::Open => crate::tr!("file-folder-empty"),
                    Mode::Save => crate::tr!("file-folder-made"),
                });
            }
            ui.horizontal(|ui| {
                let label = ui.label(crate::tr!("file-name"));
                let field = ui
                    .text_edit_singleline(&mut self.name)
                    .labelled_by(label.id);
                // Enter in the name field takes the name typed.
                chosen |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            });
            // Enter with a file picked (the name field not in use) takes it too.
            chosen |= ui.memory(|m| m.focused().is_none())
                && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                let ok = match self.mode {
                    Mode::Open => crate::tr!("file-load"),
                    Mode::Save => crate::tr!("file-save"),
                };
                let can = !self.name.trim().is_empty();
                if ui.add_enabled(can, egui::Button::new(ok)).clicked() || (chosen && can) {
                    outcome = Outcome::Chosen(self.dir.join(self.name.trim()));
                }
                if ui.button(crate::tr!("cancel")).clicked() {
                    outcome = Outcome::Cancelled;
                }
            });
        });
        if modal.should_close() && outcome == Outcome::Open {
            outcome = Outcome::Cancelled;
        }
        outcome
    }

    /// The folders and saved games, one row each (a saved game with what it holds);
    /// returns the folder to enter, and whether a file was taken (a double click).
    fn rows_ui(&mut self, ui: &mut egui::Ui) -> (Option<PathBuf>, bool) {
        let mut enter = None;
        let mut chosen = false;
        egui::Grid::new("file_rows")
            .num_columns(2)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for entry in &self.entries {
                    let name = &entry.name;
                    let text = match entry.info {
                        None => format!("{name}/"),
                        Some(_) => name.clone(),
                    };
                    let picked = entry.info.is_some() && &self.name == name;
                    let row = ui.selectable_label(picked, text);
                    if row.clicked() || row.double_clicked() {
                        match entry.info {
                            None => enter = Some(self.dir.join(name)),
                            Some(_) => {
                                self.name = name.clone();
                                // A double click takes the file, as in any file dialog.
                                chosen |= row.double_clicked();
                            }
                        }
                    }
                    match &entry.info {
                        Some(info @ SaveInfo::Unreadable(_)) => {
                            ui.colored_label(egui::Color32::from_rgb(220, 80, 80), info.line());
                        }
                        Some(info) => {
                            ui.weak(info.line());
                        }
                        None => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
        (enter, chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_not_made_yet_is_no_error() {
        let dir = std::env::temp_dir().join(format!("tavola-no-such-{}", std::process::id()));
        let dialog = InAppDialog::new(Mode::Open, &dir.join("games"), "", GameNames::default());
        assert_eq!(dialog.error(), None);
        assert!(dialog.missing && dialog.entries.is_empty());
    }
}
