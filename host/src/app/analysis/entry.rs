//! The ways onto the analysis board and into the review without a game at the table:
//! the *Analysis board…* window (a game, its options, and its start position or a
//! position typed in the game's notation, which the plugin checks), a saved record
//! opened on the board, *Review a saved game…*, and the analysis board's own Save… and
//! Load…, all through the app's file dialog ([`FileDialog`]).

use std::{collections::BTreeMap, path::PathBuf};

use anyhow::{Result, anyhow};
use game_api::{OptionValue, Options};

use super::{
    AnalysisBoard, Note, Opening,
    search::{folder_arguments, tables_arguments},
};
use crate::{
    app::{
        Screen, TavolaApp,
        dialogs::confirm,
        file_dialog::{FileDialog, Mode, Outcome},
        options_form,
        starting::AfterLoad,
    },
    record::Record,
};

/// What the file chosen in the dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilePurpose {
    /// A record opened on the analysis board (at its end, its variations loaded).
    AnalyseRecord,
    /// A record opened at the table and reviewed at once.
    Review,
    /// The analysis board's annotated record, saved.
    SaveAnalysis,
    /// An annotated record loaded on the analysis board.
    LoadAnalysis,
}

/// The *Analysis board…* window's choices.
#[derive(Debug, Clone)]
pub struct EntryForm {
    /// The game's id.
    pub game: String,
    /// The options chosen.
    pub values: BTreeMap<String, OptionValue>,
    /// A position typed in the game's notation (empty: the start position).
    pub position: String,
    /// Why the game refused what was asked (shown in the window).
    pub refusal: Option<String>,
    /// The position field takes the keyboard at the next frame (the window opened, or
    /// the game refused the position typed).
    pub focus_position: bool,
}

/// The entries' windows: the form, the file dialog and its purpose, the question
/// before a file is replaced. The app holds one.
#[derive(Default)]
pub struct LearnEntry {
    /// The *Analysis board…* window, when open.
    pub form: Option<EntryForm>,
    dialog: Option<(FileDialog, FilePurpose)>,
    overwrite: Option<PathBuf>,
}

impl LearnEntry {
    /// Whether one of its windows is open (it then has the keyboard).
    pub fn is_open(&self) -> bool {
        self.form.is_some() || self.dialog.is_some() || self.overwrite.is_some()
    }

    /// What the open file dialog is for, if one is open.
    pub fn purpose(&self) -> Option<FilePurpose> {
        self.dialog.as_ref().map(|(_, p)| *p)
    }
}

/// What the *Analysis board…* window asked.
enum FormAnswer {
    Start,
    Position,
    Record,
    Cancel,
}

impl TavolaApp {
    /// The entries' windows.
    pub fn learn_entry(&self) -> &LearnEntry {
        &self.dialogs.learn
    }

    /// The entries, to drive them (tests).
    pub fn learn_entry_mut(&mut self) -> &mut LearnEntry {
        &mut self.dialogs.learn
    }

    /// Carries out what was chosen in the chooser's *Learn* row ([`learn_row`]).
    pub(in crate::app) fn learn_chosen(&mut self, choice: LearnChoice) {
        match choice {
            LearnChoice::Board => self.open_entry_form(None),
            LearnChoice::AnalyseRecord => self.ask_learn_file(FilePurpose::AnalyseRecord),
            LearnChoice::Review => self.ask_learn_file(FilePurpose::Review),
        }
    }

    /// Opens the *Analysis board…* window on `game` (else the game last played, else
    /// the first one), its options the game's defaults.
    pub fn open_entry_form(&mut self, game: Option<&str>) {
        let plugin = game
            .and_then(|g| self.library.plugins.game(g))
            .or_else(|| {
                self.settings
                    .recent
                    .iter()
                    .find_map(|g| self.library.plugins.game(g))
            })
            .or_else(|| self.library.plugins.games().next());
        let Some(plugin) = plugin else {
            self.dialogs.message = Some(crate::tr!("chooser-no-games"));
            return;
        };
        self.dialogs.learn.form = Some(EntryForm {
            game: plugin.id().to_owned(),
            values: Options::defaults(&plugin.manifest().options)
                .values()
                .clone(),
            position: String::new(),
            refusal: None,
            focus_position: true,
        });
    }

    /// Opens the app's file dialog for `purpose` (in the games folder).
    pub fn ask_learn_file(&mut self, purpose: FilePurpose) {
        let dir = self.games_dir();
        let (mode, name) = match purpose {
            FilePurpose::SaveAnalysis => {
                let _ = std::fs::create_dir_all(&dir);
                let name = self
                    .screens
                    .analysis
                    .as_ref()
                    .map(|b| {
                        super::typed_path(&b.path)
                            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                            .unwrap_or_else(|| format!("{}-analysis.json", b.plugin().id()))
                    })
                    .unwrap_or_default();
                (Mode::Save, name)
            }
            _ => (Mode::Open, String::new()),
        };
        let title = match purpose {
            FilePurpose::Review => Some(crate::tr!("file-review-title")),
            FilePurpose::AnalyseRecord => Some(crate::tr!("file-analyse-title")),
            _ => None,
        };
        let dialog = FileDialog::titled(
            mode,
            &dir,
            &name,
            self.dialogs.system_file_dialog,
            crate::app::save_info::game_names(&self.library.plugins),
            title,
        );
        self.dialogs.learn.dialog = Some((dialog, purpose));
    }

    /// Opens the analysis board on `game` with `options`, at its start position or at
    /// `position` (the game's notation; the plugin's refusal is the error).
    pub fn open_analysis_position(
        &mut self,
        game: &str,
        options: &Options,
        position: Option<&str>,
    ) -> Result<()> {
        self.analysis_kept()?;
        let plugin = self.library.plugins.require(game).map_err(|e| anyhow!(e))?;
        let record = Record::new(plugin, options, None, position.map(str::to_owned));
        let opening = Opening {
            plugin,
            record,
            ply: 0,
            exe: &self.library.worker_exe,
            folders: folder_arguments(&self.library.dirs),
            tables: tables_arguments(self.data_dir.as_deref(), plugin),
        };
        let board = AnalysisBoard::open(opening).map_err(|e| match position {
            Some(_) => anyhow!(crate::tr!("editor-refused", reason = format!("{e:#}"))),
            None => e,
        })?;
        self.screens.analysis = Some(board);
        self.screens.screen = Screen::Analysis;
        Ok(())
    }

    /// Opens the saved game at `path` at the table and reviews it as soon as it shows.
    pub fn review_record_file(&mut self, path: &std::path::Path) -> Result<()> {
        self.begin_load(path, AfterLoad::Review)
    }

    /// The entries' windows, drawn, and what was chosen in them carried out.
    pub(in crate::app) fn learn_ui(&mut self, ctx: &egui::Context) {
        self.entry_form_ui(ctx);
        if let Some((dialog, purpose)) = &mut self.dialogs.learn.dialog {
            let purpose = *purpose;
            let asked = dialog.asks_before_replacing();
            match dialog.ui(ctx) {
                Outcome::Open => {}
                Outcome::Cancelled => {
                    self.dialogs.learn.dialog = None;
                    if purpose == FilePurpose::SaveAnalysis {
                        self.drop_after_save();
                    }
                }
                Outcome::Chosen(path) => {
                    self.dialogs.learn.dialog = None;
                    if purpose == FilePurpose::SaveAnalysis && path.exists() && !asked {
                        self.dialogs.learn.overwrite = Some(path);
                    } else {
                        self.file_chosen(purpose, path);
                    }
                }
            }
        }
        if let Some(path) = self.dialogs.learn.overwrite.clone() {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let question = crate::tr!("save-replace-question", file = name);
            let yes = crate::tr!("save-replace");
            if let Some(replace) = confirm(ctx, "analysis_overwrite", &question, &yes) {
                self.dialogs.learn.overwrite = None;
                if replace {
                    self.file_chosen(FilePurpose::SaveAnalysis, path);
                } else {
                    self.drop_after_save();
                }
            }
        }
    }

    /// The save asked before the board's work was replaced did not happen (its dialog
    /// or the question before a file is replaced was cancelled): the whole action is.
    fn drop_after_save(&mut self) {
        if let Some(board) = &mut self.screens.analysis {
            board.after_save = None;
        }
    }

    /// Carries out what the file at `path` was chosen for.
    pub fn file_chosen(&mut self, purpose: FilePurpose, path: PathBuf) {
        match purpose {
            FilePurpose::AnalyseRecord => {
                if let Err(e) = self.analysis_kept() {
                    self.dialogs.message = Some(format!("{e:#}"));
                } else if let Err(e) = self.open_analysis_record(&path) {
                    self.dialogs.message =
                        Some(crate::app::save_load::load_error_in_words(&path, &e));
                }
            }
            FilePurpose::Review => {
                if let Err(e) = self.review_record_file(&path) {
                    self.dialogs.message =
                        Some(crate::app::save_load::load_error_in_words(&path, &e));
                }
            }
            FilePurpose::SaveAnalysis => {
                let Some(board) = &mut self.screens.analysis else {
                    return;
                };
                let then = board.after_save.take();
                match board.save(&path) {
                    Ok(()) => {
                        board.path = path.display().to_string();
                        board.note = Some(Note::info(
                            "analysis-saved",
                            &[("path", path.display().to_string())],
                        ));
                        if let Some(then) = then {
                            self.saved_then(then);
                        }
                    }
                    // Not saved: what was asked after the save is not done.
                    Err(e) => board.note = Some(Note::warning(format!("{e:#}"))),
                }
            }
            FilePurpose::LoadAnalysis => {
                let this_game = self
                    .screens
                    .analysis
                    .as_ref()
                    .map(|b| b.plugin().id().to_owned());
                let same = Record::read(&path).is_ok_and(|r| Some(r.game) == this_game);
                let done = match &mut self.screens.analysis {
                    Some(board) if same => board.load(&path).map(|()| {
                        board.path = path.display().to_string();
                        board.note = Some(Note::info(
                            "analysis-loaded",
                            &[("path", path.display().to_string())],
                        ));
                    }),
                    // Another game's record (or none open): that game's board.
                    // Its unsaved work was asked about before the dialog opened.
                    _ => self.open_record_on_board(&path),
                };
                if let Err(e) = done {
                    match &mut self.screens.analysis {
                        Some(board) => board.note = Some(Note::warning(format!("{e:#}"))),
                        None => {
                            self.dialogs.message =
                                Some(crate::app::save_load::load_error_in_words(&path, &e));
                        }
                    }
                }
            }
        }
    }

    /// The *Analysis board…* window: the game, its options, a position; its answer.
    fn entry_form_ui(&mut self, ctx: &egui::Context) {
        let Some(form) = &mut self.dialogs.learn.form else {
            return;
        };
        let games: Vec<(String, String)> = self
            .library
            .plugins
            .games()
            .filter(|p| !self.settings.quarantined.contains(&p.meta().hash))
            .map(|p| (p.id().to_owned(), p.manifest().name.clone()))
            .collect();
        let Some(plugin) = self.library.plugins.game(&form.game).cloned() else {
            self.dialogs.learn.form = None;
            return;
        };
        if let Some(answer) = form_window(ctx, form, &games, plugin.manifest()) {
            let form = form.clone();
            self.entry_form_answer(answer, form, plugin.manifest());
        }
    }

    /// Carries out the *Analysis board…* window's answer: closed, a record asked for, or
    /// the board opened at the start or on the position typed (a refusal said in the
    /// window, the position's field focused again).
    fn entry_form_answer(
        &mut self,
        answer: FormAnswer,
        form: EntryForm,
        manifest: &game_api::Manifest,
    ) {
        let position = match answer {
            FormAnswer::Cancel => {
                self.dialogs.learn.form = None;
                return;
            }
            FormAnswer::Record => {
                self.dialogs.learn.form = None;
                self.ask_learn_file(FilePurpose::AnalyseRecord);
                return;
            }
            FormAnswer::Start => None,
            FormAnswer::Position => Some(form.position.trim().to_owned()),
        };
        let opened = Options::resolve(&manifest.options, &form.values)
            .map_err(|e| anyhow!("{e}"))
            .and_then(|options| {
                self.open_analysis_position(&form.game, &options, position.as_deref())
            });
        match opened {
            Ok(()) => self.dialogs.learn.form = None,
            Err(e) => {
                if let Some(f) = &mut self.dialogs.learn.form {
                    f.refusal = Some(format!("{e:#}"));
                    f.focus_position = true;
                }
            }
        }
    }
}

/// Draws the *Analysis board…* window over `form` (`games`: id and name of each game
/// offered; `manifest`: the chosen game's); returns its answer, if one was given
/// (closing the window is a cancel).
fn form_window(
    ctx: &egui::Context,
    form: &mut EntryForm,
    games: &[(String, String)],
    manifest: &game_api::Manifest,
) -> Option<FormAnswer> {
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("analysis_entry")).show(ctx, |ui| {
        ui.set_width(560.0);
        ui.heading(crate::tr!("entry-title"));
        game_row(ui, form, games);
        if manifest.id == form.game {
            options_form::presets_ui(ui, manifest, &mut form.values);
            options_form::options_ui(ui, manifest, &mut form.values, "entry");
        }
        ui.separator();
        if position_row(ui, form) {
            answer = Some(FormAnswer::Position);
        }
        if let Some(why) = &form.refusal {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button(crate::tr!("entry-open-start")).clicked() {
                answer = Some(FormAnswer::Start);
            }
            let typed = !form.position.trim().is_empty();
            if ui
                .add_enabled(typed, egui::Button::new(crate::tr!("entry-open-position")))
                .clicked()
            {
                answer = Some(FormAnswer::Position);
            }
            if ui.button(crate::tr!("entry-analyse-record")).clicked() {
                answer = Some(FormAnswer::Record);
            }
            if ui.button(crate::tr!("cancel")).clicked() {
                answer = Some(FormAnswer::Cancel);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(FormAnswer::Cancel);
    }
    answer
}

/// The game's choice: another game chosen forgets the options and the refusal.
fn game_row(ui: &mut egui::Ui, form: &mut EntryForm, games: &[(String, String)]) {
    ui.horizontal(|ui| {
        let label = ui.label(crate::tr!("entry-game"));
        let chosen = games
            .iter()
            .find(|(id, _)| *id == form.game)
            .map(|(_, n)| n.clone())
            .unwrap_or_default();
        egui::ComboBox::from_id_salt("entry_game")
            .selected_text(chosen)
            .show_ui(ui, |ui| {
                for (id, name) in games {
                    if ui.selectable_label(*id == form.game, name).clicked() && *id != form.game {
                        form.game = id.clone();
                        form.values.clear();
                        form.refusal = None;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The position's field (focused when asked); whether Enter was pressed there with a
/// position typed (which analyses it).
fn position_row(ui: &mut egui::Ui, form: &mut EntryForm) -> bool {
    ui.horizontal(|ui| {
        let label = ui.label(crate::tr!("entry-position"));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut form.position)
                    .hint_text(crate::tr!("entry-position-hint"))
                    .desired_width(320.0),
            )
            .labelled_by(label.id);
        if std::mem::take(&mut form.focus_position) {
            field.request_focus();
        }
        field.lost_focus()
            && ui.input(|i| i.key_pressed(egui::Key::Enter))
            && !form.position.trim().is_empty()
    })
    .inner
}

/// What the chooser's *Learn* row asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::app) enum LearnChoice {
    /// The analysis board's window (a game, its options, a position).
    Board,
    /// A saved record on the analysis board.
    AnalyseRecord,
    /// A saved game reviewed.
    Review,
}

/// The chooser's row of ways to learn (drawn inside the chooser, under its title): the
/// analysis board, a record on it, a saved game reviewed; what was clicked.
pub(in crate::app) fn learn_row(ui: &mut egui::Ui) -> Option<LearnChoice> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(crate::tr!("entry-learn")).strong());
        if ui.button(crate::tr!("cmd-analysis-board")).clicked() {
            chosen = Some(LearnChoice::Board);
        }
        if ui.button(crate::tr!("entry-analyse-record")).clicked() {
            chosen = Some(LearnChoice::AnalyseRecord);
        }
        if ui.button(crate::tr!("cmd-review-file")).clicked() {
            chosen = Some(LearnChoice::Review);
        }
    });
    chosen
}
