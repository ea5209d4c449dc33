//! The analysis board: a copy of a game (in progress or finished), a saved record or a
//! position, in a worker of its own, refereed by [`AnalysisReferee`] — any seat moves,
//! the moves make a variation tree, the game it came from is never touched — with the N
//! best moves of the position shown, searched off the UI thread ([`search`]) and started
//! again whenever the position changes; a comment per move; Save and Load of the
//! annotated record (version 3). `editor` edits a position to open here; `view` draws.

mod editor;
mod entry;
mod screen;
pub mod search;
mod view;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use game_api::{Options, Turn};

pub use editor::{EditorAnswer, PositionEditor};
pub(in crate::app) use entry::learn_row;

/// A line for the person under the analysis board's buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// What it says.
    said: Said,
    /// Whether it warns (a refusal, a failure; drawn in the warning colour) or only
    /// tells (a file saved or loaded, the editor's position opened).
    pub warning: bool,
}

/// What a note says: the key of a text and its arguments, put in words in the language
/// of the moment it is shown (so that a note stays true to a language chosen after
/// it), or words made once (an error's, in the language of the moment it happened).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Said {
    Words(String),
    Text {
        key: &'static str,
        args: Vec<(&'static str, String)>,
    },
}

impl Note {
    /// A note that warns, in words made now.
    pub fn warning(text: impl Into<String>) -> Self {
        Note {
            said: Said::Words(text.into()),
            warning: true,
        }
    }

    /// A note that only tells: the text of `key` with `args`, in the language of the
    /// moment it is shown.
    pub fn info(key: &'static str, args: &[(&'static str, String)]) -> Self {
        Note {
            said: Said::Text {
                key,
                args: args.to_vec(),
            },
            warning: false,
        }
    }

    /// What the note says, in the current language.
    pub fn text(&self) -> String {
        match &self.said {
            Said::Words(words) => words.clone(),
            Said::Text { key, args } => {
                let mut fluent = crate::i18n::lookup::Args::new();
                for (name, value) in args {
                    fluent.set(*name, value.clone());
                }
                crate::i18n::text_with(key, &fluent)
            }
        }
    }
}
pub use entry::{EntryForm, FilePurpose, LearnEntry};
pub use view::{AnalysisIntent, lines_ui};

use self::search::{Ask, Searching};
use crate::{
    plugins::Plugin,
    record::{Record, RecordedMove},
    table::{AnalysisReferee, Referee, Step, TreeError},
    worker::{Poll, RemoteGame, Reply, Request, Snapshot},
};

/// How long a position is deepened, at most.
pub const DEEPEN_MILLIS: u64 = 30_000;

/// The analysis board's state; one controller owns it, the view reads it.
pub struct AnalysisBoard {
    plugin: Plugin,
    options: Options,
    /// The record it was opened from (options, start, seats), its moves replaced by
    /// the tree's when saved.
    record: Record,
    /// The main line's ids when opened: the record's result stands while they do.
    opened_line: Vec<u32>,
    worker: RemoteGame,
    snapshot: Snapshot,
    layout: game_api::Layout,
    /// The moves, the cursor, and who may move.
    pub referee: AnalysisReferee,
    /// The best lines wanted, searched and found for the position shown.
    pub search: Searching,
    /// The comment being edited, for the move just played.
    pub comment: String,
    /// The file Save writes and Load reads.
    pub path: String,
    /// What the person should read (a refusal, a failure, a file saved).
    pub note: Option<Note>,
    /// The position editor, when open.
    pub editor: Option<PositionEditor>,
    /// A move or a walk sent to the worker, its answer not come yet: the board shows
    /// the position before it and plays nothing until it comes (never waited for on
    /// the UI thread); `stale` when the tree's cursor moved again meanwhile.
    moving: Option<Moving>,
    /// The language changed while a position change was in flight: the game is made
    /// again in it once that change has come back.
    relabel_due: bool,
    /// The tree's main line (with its comments and variations) as last opened, loaded
    /// or saved: the work differs from it when [`unsaved`](Self::unsaved).
    kept: Vec<RecordedMove>,
    /// What replaces the tree once the person said to discard its unsaved work.
    pub pending: Option<Replacement>,
    /// What was asked before the work was saved (the question answered with *Save
    /// them…*): carried out once the save dialog saved it, dropped if the save is
    /// cancelled or fails.
    pub after_save: Option<Replacement>,
}

/// What would replace the board's tree (its unsaved variations and comments asked
/// about first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replacement {
    /// The editor's position (its notation), opened.
    Position(String),
    /// Another record loaded (the file dialog opened).
    Load,
    /// The board closed.
    Close,
}

/// A position change in flight.
#[derive(Debug, Clone, Copy)]
struct Moving {
    /// The worker's request id.
    id: u64,
    /// The cursor moved again since it was sent: go there once it is answered.
    stale: bool,
    /// The game made again in another language, at the same position (the comment
    /// being typed and the search are kept).
    relabel: bool,
}

/// Where an analysis comes from.
pub struct Opening<'a> {
    /// The game's plugin.
    pub plugin: &'a Plugin,
    /// The record: options, start, moves (with their annotations).
    pub record: Record,
    /// The board after this many moves of the record's main line.
    pub ply: usize,
    /// The `tavola` executable (workers and searches).
    pub exe: &'a Path,
    /// The plugin folders, as a child's arguments ([`search::folder_arguments`]).
    pub folders: Vec<String>,
    /// The endgame tables for the search, as arguments ([`search::tables_arguments`]).
    pub tables: Vec<String>,
}

impl AnalysisBoard {
    /// Opens an analysis of `opening` in a worker of its own (the game it copies is
    /// not touched).
    pub fn open(opening: Opening<'_>) -> Result<Self> {
        let Opening {
            plugin,
            record,
            ply,
            exe,
            folders,
            tables,
        } = opening;
        let options = Options::resolve(&plugin.manifest().options, &record.options)
            .map_err(|e| anyhow!("{e}"))?;
        let mut worker = RemoteGame::spawn_until(exe, plugin, None, None)?;
        let snapshot = worker.start(&options, record.start.as_deref(), &[])?;
        let layout = snapshot
            .layout
            .clone()
            .context("the worker sent no board layout")?;
        let opened_line = record.moves.iter().map(|m| m.id).collect();
        let referee = AnalysisReferee::new(record.moves.clone(), ply);
        let mut board = AnalysisBoard {
            plugin: plugin.clone(),
            options,
            record,
            opened_line,
            worker,
            snapshot,
            layout,
            referee,
            search: Searching::new(exe, folders, tables),
            comment: String::new(),
            path: String::new(),
            note: None,
            editor: None,
            moving: None,
            relabel_due: false,
            kept: Vec::new(),
            pending: None,
            after_save: None,
        };
        board.kept = board.referee.tree.main_line().to_vec();
        board.go_to_cursor()?;
        Ok(board)
    }

    /// The game's plugin.
    pub fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    /// The position shown.
    pub fn snapshot(&self) -> &Snapshot {
        &self.snapshot
    }

    /// The board's layout.
    pub fn layout(&self) -> &game_api::Layout {
        &self.layout
    }

    /// The worker to the tree's cursor, waiting for it (opening, loading); the search
    /// started again there.
    fn go_to_cursor(&mut self) -> Result<()> {
        self.settle(std::time::Duration::from_secs(60));
        self.moving = None;
        let ids = self.referee.tree.ids_to_cursor();
        self.snapshot = self.worker.goto(&ids)?;
        self.position_changed();
        Ok(())
    }

    /// The worker sent to the tree's cursor without waiting (a walk in the tree): its
    /// answer is taken by [`poll`](Self::poll).
    fn send_to_cursor(&mut self) -> Result<()> {
        self.comment = self.referee.tree.comment().unwrap_or_default().to_owned();
        if let Some(moving) = &mut self.moving {
            moving.stale = true;
            return Ok(());
        }
        let moves = self.referee.tree.ids_to_cursor();
        self.send(Request::Goto { moves })
    }

    /// Sends a position change; the search stops until its answer comes.
    fn send(&mut self, request: Request) -> Result<()> {
        let id = self.worker.send(request).map_err(|e| anyhow!("{e}"))?;
        self.moving = Some(Moving {
            id,
            stale: false,
            relabel: false,
        });
        self.search.stop();
        Ok(())
    }

    /// Makes the game again in the language now chosen (the position's texts, as a
    /// finished game's result, come from the worker): at once, or once the position
    /// change in flight has come back; never waited for.
    pub fn relabel(&mut self) {
        self.relabel_due = true;
        if self.moving.is_some() {
            return;
        }
        self.relabel_due = false;
        let request = RemoteGame::relabel_request(&self.referee.tree.ids_to_cursor());
        match self.worker.send(request) {
            Ok(id) => {
                self.moving = Some(Moving {
                    id,
                    stale: false,
                    relabel: true,
                });
            }
            Err(e) => self.note = Some(Note::warning(e.to_string())),
        }
    }

    /// Whether a move or a walk is still on its way to the worker.
    pub fn moving(&self) -> bool {
        self.moving.is_some()
    }

    /// Takes the answer of the position change in flight, if it came (never waits).
    fn poll_moving(&mut self) -> bool {
        let Some(moving) = self.moving else {
            return false;
        };
        let reply = match self.worker.poll(moving.id) {
            Poll::Pending => return false,
            Poll::Ready(reply) => reply,
        };
        self.moving = None;
        match reply {
            Ok(Reply::Played { snapshot, .. } | Reply::Position { snapshot, .. }) => {
                self.snapshot = *snapshot;
                if moving.stale {
                    // Relabelled or not, the cursor is elsewhere: a walk goes there.
                    if let Err(e) = self.send_to_cursor() {
                        self.note = Some(Note::warning(format!("{e:#}")));
                    }
                } else if !moving.relabel {
                    self.position_changed();
                }
            }
            Ok(other) => self.note = Some(Note::warning(format!("{other:?}"))),
            Err(e) => self.note = Some(Note::warning(e.to_string())),
        }
        if self.relabel_due {
            self.relabel();
        }
        true
    }

    /// Waits at most `limit` for the position change in flight (tests, and before the
    /// worker is asked anything else).
    pub fn settle(&mut self, limit: std::time::Duration) {
        let end = std::time::Instant::now() + limit;
        while self.moving.is_some() && std::time::Instant::now() < end {
            if !self.poll_moving() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }

    /// The position changed: the comment of its move shown, the search restarted.
    fn position_changed(&mut self) {
        self.comment = self.referee.tree.comment().unwrap_or_default().to_owned();
        self.restart_search();
    }

    /// Starts the search of the position shown again (a new position, another number
    /// of lines); none once the game is over.
    pub fn restart_search(&mut self) {
        self.search.stop();
        if !matches!(self.snapshot.turn, Turn::Seat { .. }) {
            return;
        }
        let ask = Ask {
            game: self.plugin.id().to_owned(),
            options: self
                .record
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            start: self.record.start.clone(),
            moves: self
                .referee
                .tree
                .moves_to_cursor()
                .iter()
                .map(|m| m.notation.clone())
                .collect(),
            position: self.snapshot.notation.clone(),
            lines: self.search.lines_wanted,
            millis: DEEPEN_MILLIS,
            tables: self.search.tables().to_vec(),
        };
        self.search.start(&ask);
    }

    /// Takes the position change's answer and the search's latest answer (each
    /// frame); whether something changed.
    pub fn poll(&mut self) -> bool {
        if self.poll_moving() {
            return true;
        }
        let Some(run) = &self.search.run else {
            return false;
        };
        let latest = run.latest();
        if latest.is_some() && latest != self.search.found {
            self.search.found = latest;
            return true;
        }
        if self.search.found.is_none()
            && let Some(why) = run.failure()
        {
            self.note = Some(Note::warning(why));
            self.search.run = None;
        }
        false
    }

    /// Whether the search is still deepening.
    pub fn searching(&self) -> bool {
        self.search.going()
    }

    /// Plays the legal move `id` at the board, whichever seat is to move: into the tree.
    pub fn play(&mut self, id: u32) -> Result<()> {
        if self.moving.is_some() {
            return Err(anyhow!(crate::tr!("analysis-busy")));
        }
        let info = self
            .snapshot
            .moves
            .iter()
            .find(|m| m.id.0 == id)
            .cloned()
            .context("that move is not legal here")?;
        if !self.referee.move_chosen(&info.notation) {
            return Ok(());
        }
        let seat = match self.snapshot.turn {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        self.send(Request::Play { mv: id })?;
        let mut mv = RecordedMove::new(id, &info.notation, seat);
        mv.check = None;
        self.referee.played(mv);
        self.comment.clear();
        Ok(())
    }

    /// Walks the tree (back, forward, start, end, or to a place) and shows it.
    pub fn walk(&mut self, to: Walk) -> Result<()> {
        let tree = &mut self.referee.tree;
        let moved = match to {
            Walk::Back => tree.back(),
            Walk::Forward => tree.forward(),
            Walk::Start => {
                tree.to_start();
                true
            }
            Walk::End => {
                tree.to_end();
                true
            }
            Walk::To(path, ply) => tree.jump(&path, ply).is_ok(),
        };
        if moved {
            self.send_to_cursor()?;
        }
        Ok(())
    }

    /// Promotes the variation the board is in (it becomes the line it branched from).
    pub fn promote(&mut self) -> Result<(), TreeError> {
        self.referee.tree.promote()
    }

    /// Deletes the variation the board is in; the board goes to where it branched.
    pub fn delete(&mut self) -> Result<()> {
        self.referee.tree.delete()?;
        self.send_to_cursor()
    }

    /// Keeps the comment being edited on the move just played.
    pub fn keep_comment(&mut self) {
        let text = self.comment.clone();
        self.referee.tree.set_comment(&text);
    }

    /// The record to save: the one opened, its moves the tree's main line with their
    /// comments and variations; its result kept while the main line is the game's.
    pub fn record(&self) -> Record {
        let mut record = self.record.clone();
        record.moves = self.referee.tree.main_line().to_vec();
        let line: Vec<u32> = record.moves.iter().map(|m| m.id).collect();
        if line != self.opened_line {
            record.result = None;
            record.ending = None;
            record.ended_ms = None;
            record.clock = None;
        }
        record.version = crate::record::RECORD_VERSION;
        record
    }

    /// Whether variations or comments were added, changed or deleted since the board
    /// was opened, loaded or saved (a comment being typed counts).
    pub fn unsaved(&self) -> bool {
        self.referee.tree.main_line() != self.kept.as_slice()
            || self.comment != self.referee.tree.comment().unwrap_or_default()
    }

    /// Saves the annotated record to `path`.
    pub fn save(&mut self, path: &Path) -> Result<()> {
        self.keep_comment();
        self.record()
            .write(path)
            .with_context(|| path.display().to_string())?;
        self.kept = self.referee.tree.main_line().to_vec();
        Ok(())
    }

    /// Loads an annotated record of this game from `path`: its moves, comments and
    /// variations replace the tree, the board at its end.
    pub fn load(&mut self, path: &Path) -> Result<()> {
        let record = Record::read(path).with_context(|| path.display().to_string())?;
        self.settle(std::time::Duration::from_secs(60));
        self.moving = None;
        if record.game != self.plugin.id() {
            return Err(anyhow!(crate::tr!(
                "analysis-other-game",
                path = path.display().to_string(),
                game = record.game.clone()
            )));
        }
        let options = Options::resolve(&self.plugin.manifest().options, &record.options)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let snapshot = self.worker.start(&options, record.start.as_deref(), &[])?;
        self.layout = snapshot.layout.clone().unwrap_or(self.layout.clone());
        self.snapshot = snapshot;
        self.options = options;
        self.opened_line = record.moves.iter().map(|m| m.id).collect();
        let end = record.moves.len();
        self.referee = AnalysisReferee::new(record.moves.clone(), end);
        self.kept = self.referee.tree.main_line().to_vec();
        self.record = record;
        self.go_to_cursor()
    }

    /// Opens the position `notation` (the editor's, checked by the plugin): a new
    /// analysis from it, or the plugin's refusal (the board as it was).
    pub fn open_position(&mut self, notation: &str) -> Result<()> {
        self.settle(std::time::Duration::from_secs(60));
        self.moving = None;
        match self.worker.start(&self.options, Some(notation), &[]) {
            Ok(snapshot) => {
                self.record.start = Some(snapshot.notation.clone());
                self.record.moves.clear();
                self.record.result = None;
                self.record.ending = None;
                self.record.clock = None;
                self.opened_line.clear();
                self.referee = AnalysisReferee::new(Vec::new(), 0);
                self.kept = Vec::new();
                self.snapshot = snapshot;
                self.position_changed();
                Ok(())
            }
            Err(refused) => {
                // The worker back at the board's position.
                // The worker back at the board's position; the search left running
                // on it, since the position shown did not change.
                let start = self.record.start.clone();
                self.worker.start(&self.options, start.as_deref(), &[])?;
                let ids = self.referee.tree.ids_to_cursor();
                self.snapshot = self.worker.goto(&ids)?;
                Err(anyhow!("{refused}"))
            }
        }
    }

    /// Opens the position editor on the position shown.
    pub fn edit_position(&mut self) {
        if self.moving.is_some() {
            self.note = Some(Note::info("analysis-busy", &[]));
            return;
        }
        self.editor = Some(PositionEditor::new(
            &self.layout,
            &self.snapshot,
            &self.plugin.manifest().seat_names,
        ));
    }
}

/// Where to walk in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Walk {
    /// One move back.
    Back,
    /// One move forward along the line.
    Forward,
    /// To the start.
    Start,
    /// To the end of the line.
    End,
    /// After `ply` moves of the line that `path` leads to.
    To(Vec<Step>, usize),
}

/// The path the person typed for Save and Load, or `None` if it is empty.
pub fn typed_path(text: &str) -> Option<PathBuf> {
    let t = text.trim();
    (!t.is_empty()).then(|| PathBuf::from(t))
}
