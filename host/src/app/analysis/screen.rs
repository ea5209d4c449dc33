//! The analysis board as a screen of the app: opened from the game at the table (a
//! copy of its record, the board at the move shown), drawn, and its intents carried
//! out; a record of another game loaded there opens that game's board.

use std::path::Path;

use anyhow::{Result, anyhow};

use super::{
    AnalysisBoard, AnalysisIntent, FilePurpose, Opening, Replacement,
    search::{folder_arguments, tables_arguments},
};
use crate::{
    app::{Screen, TavolaApp},
    record::Record,
};

impl TavolaApp {
    /// Opens the analysis board on a copy of the game at the table (in progress or
    /// finished), at the move shown; the game is not touched.
    pub fn open_analysis(&mut self) -> Result<()> {
        self.analysis_kept()?;
        let table = self
            .table()
            .ok_or_else(|| anyhow!(crate::tr!("analysis-no-game")))?;
        let session = table.session();
        let mut record = session.record();
        // Undone moves are part of the history walked: keep them all.
        record.moves = session.moves().to_vec();
        let plugin = session.plugin();
        let opening = Opening {
            plugin,
            record,
            ply: session.cursor(),
            exe: &self.library.worker_exe,
            folders: folder_arguments(&self.library.dirs),
            tables: tables_arguments(self.data_dir.as_deref(), plugin),
        };
        self.screens.analysis = Some(AnalysisBoard::open(opening)?);
        self.screens.screen = Screen::Analysis;
        Ok(())
    }

    /// The refusal to replace an analysis board holding unsaved variations or
    /// comments (the person saves or closes it first: closing asks).
    pub(in crate::app) fn analysis_kept(&self) -> Result<()> {
        match &self.screens.analysis {
            Some(board) if board.unsaved() => Err(anyhow!(crate::tr!("analysis-unsaved-kept"))),
            _ => Ok(()),
        }
    }

    /// Opens the analysis board on the record at `path` (any game's), at its end; not
    /// over a board holding unsaved work (see `analysis_kept`).
    pub fn open_analysis_record(&mut self, path: &Path) -> Result<()> {
        self.analysis_kept()?;
        self.open_record_on_board(path)
    }

    /// Opens the analysis board on the record at `path`, in place of any board (its
    /// unsaved work already discarded by the person).
    pub(in crate::app) fn open_record_on_board(&mut self, path: &Path) -> Result<()> {
        let record = Record::read(path)?;
        let plugin = self
            .library
            .plugins
            .require(&record.game)
            .map_err(|e| anyhow!(e))?;
        let ply = record.moves.len();
        let opening = Opening {
            plugin,
            record,
            ply,
            exe: &self.library.worker_exe,
            folders: folder_arguments(&self.library.dirs),
            tables: tables_arguments(self.data_dir.as_deref(), plugin),
        };
        let mut board = AnalysisBoard::open(opening)?;
        board.path = path.display().to_string();
        self.screens.analysis = Some(board);
        self.screens.screen = Screen::Analysis;
        Ok(())
    }

    /// The analysis board, if open.
    pub fn analysis(&self) -> Option<&AnalysisBoard> {
        self.screens.analysis.as_ref()
    }

    /// The analysis board, if open, to change it.
    pub fn analysis_mut(&mut self) -> Option<&mut AnalysisBoard> {
        self.screens.analysis.as_mut()
    }

    /// The analysis board: drawn, polled, what the person asked carried out.
    pub(in crate::app) fn analysis_screen(&mut self, ui: &mut egui::Ui) {
        let Some(board) = &mut self.screens.analysis else {
            self.screens.screen = if self.screens.play.is_some() {
                Screen::Play
            } else {
                Screen::Chooser
            };
            return;
        };
        board.poll();
        if board.moving() {
            // A move or a walk on its way to the worker: its answer is looked for soon.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(20));
        } else if board.searching() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        let intents = board.ui(ui);
        board.editor_ui(ui.ctx());
        let mut close = false;
        let mut ask = None;
        for intent in intents {
            match intent {
                AnalysisIntent::Save => ask = Some(FilePurpose::SaveAnalysis),
                AnalysisIntent::Load if board.unsaved() => {
                    board.pending = Some(Replacement::Load);
                }
                AnalysisIntent::Load => ask = Some(FilePurpose::LoadAnalysis),
                AnalysisIntent::Close if board.unsaved() => {
                    board.pending = Some(Replacement::Close);
                }
                intent => close |= board.apply(intent),
            }
        }
        if let Some(pending) = board.pending.clone()
            && let Some(answer) = unsaved_question(ui.ctx())
        {
            board.pending = None;
            match answer {
                UnsavedAnswer::Save => {
                    // Carried out once saved (`saved_then`); a cancelled save drops it.
                    board.after_save = Some(pending);
                    ask = Some(FilePurpose::SaveAnalysis);
                }
                UnsavedAnswer::Discard => match pending {
                    Replacement::Position(notation) => board.open_edited(&notation),
                    Replacement::Load => ask = Some(FilePurpose::LoadAnalysis),
                    Replacement::Close => close = true,
                },
                UnsavedAnswer::Cancel => {}
            }
        }
        if let Some(purpose) = ask {
            self.ask_learn_file(purpose);
        }
        if close {
            self.close_analysis();
        }
    }

    /// The analysis board closed: back to the game at the table, else the chooser.
    fn close_analysis(&mut self) {
        self.screens.analysis = None;
        self.screens.screen = if self.screens.play.is_some() {
            Screen::Play
        } else {
            Screen::Chooser
        };
    }

    /// What was asked before the board's work was saved (its question answered with
    /// *Save them…*), carried out now that it is saved: the edited position opened,
    /// the Load dialog opened, or the board closed.
    pub(in crate::app) fn saved_then(&mut self, then: Replacement) {
        match then {
            Replacement::Position(notation) => {
                if let Some(board) = &mut self.screens.analysis {
                    board.open_edited(&notation);
                }
            }
            Replacement::Load => self.ask_learn_file(FilePurpose::LoadAnalysis),
            Replacement::Close => self.close_analysis(),
        }
    }
}

/// The answer to the question before unsaved work is replaced.
enum UnsavedAnswer {
    /// Save it first (the file dialog), then go on.
    Save,
    /// Go on without it.
    Discard,
    /// Keep the board as it is.
    Cancel,
}

/// The question before the board's unsaved variations and comments are replaced: Save
/// them…, Discard them, Cancel (closing the window cancels); `None` while unanswered.
fn unsaved_question(ctx: &egui::Context) -> Option<UnsavedAnswer> {
    let modal = egui::Modal::new(egui::Id::unique("analysis_discard")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.label(crate::tr!("analysis-discard-question"));
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("analysis-save-first")).clicked() {
                Some(UnsavedAnswer::Save)
            } else if ui.button(crate::tr!("analysis-discard")).clicked() {
                Some(UnsavedAnswer::Discard)
            } else if ui.button(crate::tr!("cancel")).clicked() {
                Some(UnsavedAnswer::Cancel)
            } else {
                None
            }
        })
        .inner
    });
    let closed = modal.should_close();
    modal.inner.or(closed.then_some(UnsavedAnswer::Cancel))
}
