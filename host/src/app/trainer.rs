//! The puzzle trainer: a game's shipped puzzles (by theme or mixed) served one by one on
//! the board, the person's move checked against the proven solution, the rating
//! (Glicko-2) changed and kept in the user's data folder, and a dashboard by theme.
//!
//! The puzzle's position is a table of its own (its own worker), never the game in
//! progress; its referee (`PuzzleReferee`) lets the person make one move, which the
//! trainer reads and judges. The results are [`Training`], loaded once: a damaged file
//! is refused with its reason and left alone (the session's results are then kept in
//! memory only). The screen itself is drawn in `trainer_view`.

use std::{cell::RefCell, path::PathBuf, rc::Rc, sync::Arc, sync::mpsc};

use crate::{
    plugins::{Plugin, PluginSet},
    puzzles::{Change, FormatError, Puzzle, PuzzleFile, TRAINING_FILE, Theme, Training},
    session::{SeatKind, Session},
    table::{Referee, referee::Ask},
    worker::{RemoteGame, Snapshot, WorkerError},
};

use super::Table;

/// Why the trainer has no puzzles for a game, or could not set one up.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TrainerError {
    /// The game ships no puzzle file.
    #[error("{}", crate::tr!("trainer-no-file", game = game.clone()))]
    NoFile {
        /// The game's id.
        game: String,
    },
    /// Its puzzle file could not be read.
    #[error("{}: {error}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        error: Arc<std::io::Error>,
    },
    /// Its puzzle file is not a valid one (the line and the reason).
    #[error("{}: {error}", path.display())]
    BadFile {
        /// The file.
        path: PathBuf,
        /// The line and the reason.
        error: FormatError,
    },
    /// The puzzle's worker failed to start, or to set the position up.
    #[error("{game}: {error}")]
    Worker {
        /// The game's name.
        game: String,
        /// What the worker answered.
        error: WorkerError,
    },
    /// The thread setting the puzzle up ended without an answer.
    #[error("{}", crate::tr!("trainer-lost"))]
    Lost,
}

/// The move the person chose at a puzzle's table, once chosen.
type Chosen = Rc<RefCell<Option<String>>>;

/// The referee of a puzzle: the person makes one move, which counts (the board shows
/// it) and is kept for the trainer to judge; nothing else may be asked.
struct PuzzleReferee {
    chosen: Chosen,
}

impl Referee for PuzzleReferee {
    fn move_chosen(&mut self, notation: &str) -> bool {
        let mut chosen = self.chosen.borrow_mut();
        if chosen.is_some() {
            return false;
        }
        *chosen = Some(notation.to_owned());
        true
    }

    fn request(&mut self, _ask: Ask) -> bool {
        false
    }

    fn draws_chance(&self) -> bool {
        true
    }

    fn history_here(&self) -> bool {
        false
    }

    fn person_may_move(&self) -> bool {
        self.chosen.borrow().is_none()
    }

    fn take_lines(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn your_turn(&mut self, _yours: bool) {}

    /// A puzzle: no one to resign to, offer a draw or ask a takeback of.
    fn against_someone(&self) -> bool {
        false
    }
}

/// The person's answer to a puzzle, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The move played, by its notation.
    pub played: String,
    /// Whether it is the solution.
    pub right: bool,
    /// What it did to the rating.
    pub change: Change,
}

/// The puzzle on the board.
pub struct Current {
    /// Its number in its file, from 0.
    pub index: usize,
    /// Its file's options (the game is started with them).
    options: Vec<String>,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its table, once its worker has set it up.
    pub(super) table: Option<Table>,
    chosen: Chosen,
    /// The answer, once given.
    pub answer: Option<Answer>,
    starting: Option<mpsc::Receiver<Result<(RemoteGame, Snapshot), TrainerError>>>,
}

impl Current {
    /// The puzzle's table, once its worker has set it up (its key codes, its moves).
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }
}

/// Where the results are kept, or why they are not.
#[derive(Debug, Clone)]
pub enum Store {
    /// Saved to this file after each answer.
    File(PathBuf),
    /// Not saved: the reason (no data folder, or the file was refused).
    Off(String),
}

/// The trainer: what is chosen, the puzzle on the board, the results.
pub struct Trainer {
    /// The game whose puzzles are served, by id.
    pub game: Option<String>,
    /// The theme chosen; `None` mixes them.
    pub theme: Option<Theme>,
    /// The game's puzzle files, once read (or why not): each carries its options.
    file: Option<Result<Vec<PuzzleFile>, TrainerError>>,
    /// The order the puzzles are served in (a file's index and a puzzle's in it), and
    /// the next one.
    queue: Vec<(usize, usize)>,
    next: usize,
    /// The puzzle on the board.
    pub current: Option<Current>,
    /// The dashboard is shown instead of the board.
    pub dashboard: bool,
    /// The person's results.
    pub training: Training,
    /// Where they are kept.
    pub store: Store,
    /// The last error (a puzzle that would not open, results not saved).
    pub error: Option<String>,
}

impl Trainer {
    /// The trainer, its results read from `data_dir` (none kept without one).
    pub fn new(data_dir: Option<&std::path::Path>) -> Self {
        let (training, store) = match data_dir {
            None => (
                Training::default(),
                Store::Off(crate::tr!("trainer-no-data")),
            ),
            Some(dir) => {
                let path = dir.join(TRAINING_FILE);
                match Training::load(&path) {
                    Ok(t) => (t, Store::File(path)),
                    Err(e) => (Training::default(), Store::Off(e.to_string())),
                }
            }
        };
        Trainer {
            game: None,
            theme: None,
            file: None,
            queue: Vec::new(),
            next: 0,
            current: None,
            dashboard: false,
            training,
            store,
            error: None,
        }
    }

    /// The games of `plugins` with a shipped puzzle file: `(id, name)`.
    pub fn games(plugins: &PluginSet) -> Vec<(String, String)> {
        let mut ids: Vec<&str> = plugins.games().map(Plugin::id).collect();
        ids.sort_unstable();
        ids.dedup();
        // One entry a game id: the plugin the set plays it with (several may offer it).
        ids.into_iter()
            .filter(|id| !crate::puzzles::shipped_files(id).is_empty())
            .filter_map(|id| plugins.game(id))
            .map(|p| (p.id().to_owned(), p.manifest().name.clone()))
            .collect()
    }

    /// Serves the puzzles of `game`, of `theme` (or mixed): reads its file, if not read.
    pub fn choose(&mut self, game: &str, theme: Option<Theme>) {
        if self.game.as_deref() != Some(game) {
            self.file = None;
        }
        self.game = Some(game.to_owned());
        self.theme = theme;
        let file = self.file.get_or_insert_with(|| read_shipped(game));
        let Ok(file) = file else {
            self.queue.clear();
            return;
        };
        let mut queue: Vec<(usize, usize)> = file
            .iter()
            .enumerate()
            .flat_map(|(f, file)| (0..file.puzzles.len()).map(move |i| (f, i)))
            .filter(|&(f, i)| theme.is_none_or(|t| file[f].puzzles[i].themes.contains(&t)))
            .collect();
        // Seeded by the puzzles already tried: a new order each session, never random
        // in tests that start from no results.
        let tried = self.training.game(game).totals().0;
        let mut rng = game_api::Rng::with_seed(u64::from(tried) + queue.len() as u64);
        for i in (1..queue.len()).rev() {
            queue.swap(i, rng.below(i + 1));
        }
        self.queue = queue;
        self.next = 0;
    }

    /// The puzzles of the chosen game and theme, and why none (the file's error).
    pub fn available(&self) -> Result<usize, TrainerError> {
        match &self.file {
            Some(Err(e)) => Err(e.clone()),
            _ => Ok(self.queue.len()),
        }
    }

    /// The puzzles of each theme in the chosen game's file.
    pub fn counts(&self) -> Vec<(Theme, usize)> {
        let Some(Ok(file)) = &self.file else {
            return Vec::new();
        };
        Theme::ALL
            .into_iter()
            .map(|t| {
                (
                    t,
                    file.iter()
                        .flat_map(|f| &f.puzzles)
                        .filter(|p| p.themes.contains(&t))
                        .count(),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect()
    }

    /// Puts the next puzzle on the board: its worker is started off the UI thread.
    pub fn next_puzzle(&mut self, plugins: &PluginSet, exe: PathBuf, tables: Option<PathBuf>) {
        self.error = None;
        self.dashboard = false;
        let (Some(game), Some(Ok(file))) = (&self.game, &self.file) else {
            return;
        };
        if self.queue.is_empty() {
            return;
        }
        let (f, index) = self.queue[self.next % self.queue.len()];
        self.next += 1;
        let file = &file[f];
        let puzzle = file.puzzles[index].clone();
        let Some(plugin) = plugins.game(game).cloned() else {
            self.error = Some(crate::tr!("trainer-no-game", game = game.clone()));
            return;
        };
        let options = match plugin.parse_options(&file.options) {
            Ok(o) => o,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        let (send, receive) = mpsc::channel();
        let position = puzzle.position.clone();
        std::thread::spawn(move || {
            let name = plugin.manifest().name.clone();
            let failed = |error| TrainerError::Worker {
                game: name.clone(),
                error,
            };
            let started = RemoteGame::spawn_until(&exe, &plugin, tables.as_deref(), None)
                .map_err(failed)
                .and_then(|mut remote| {
                    let snapshot = remote
                        .start(&options, Some(&position), &[])
                        .map_err(failed)?;
                    Ok((remote, snapshot))
                });
            let _ = send.send(started);
        });
        self.current = Some(Current {
            index,
            options: file.options.clone(),
            puzzle,
            table: None,
            chosen: Rc::default(),
            answer: None,
            starting: Some(receive),
        });
    }

    /// Shows the puzzle's table once its worker has answered (`wait`: how long to wait
    /// for it).
    pub fn poll_start(&mut self, plugins: &PluginSet, exe: &std::path::Path, wait: f64) {
        let (Some(current), Some(game)) = (&mut self.current, &self.game) else {
            return;
        };
        let Some(receive) = &current.starting else {
            return;
        };
        let answer = match receive.recv_timeout(std::time::Duration::from_secs_f64(wait)) {
            Ok(answer) => answer,
            Err(mpsc::RecvTimeoutError::Timeout) => return,
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(TrainerError::Lost),
        };
        current.starting = None;
        let plugin: Option<&Plugin> = plugins.game(game);
        match (answer, plugin) {
            (Ok((remote, snapshot)), Some(plugin)) => {
                let options = match plugin.parse_options(&current.options) {
                    Ok(o) => o,
                    Err(e) => {
                        self.error = Some(e.to_string());
                        return;
                    }
                };
                let seats = vec![SeatKind::Person; usize::from(snapshot.seat_count)];
                let session =
                    Session::new(plugin, &options, seats, 1, Some(&current.puzzle.position));
                let mut table = Table::new(session, remote, snapshot, exe.to_path_buf());
                table.referee = Box::new(PuzzleReferee {
                    chosen: current.chosen.clone(),
                });
                table.set_eval_bar(false);
                current.table = Some(table);
            }
            (Err(e), _) => self.error = Some(e.to_string()),
            (_, None) => self.error = Some(crate::tr!("trainer-no-game", game = game.clone())),
        }
    }

    /// Judges the move the person made, once: the rating changes and is saved.
    pub fn judge(&mut self) {
        let (Some(current), Some(game)) = (&mut self.current, &self.game) else {
            return;
        };
        if current.answer.is_some() {
            return;
        }
        let Some(played) = current.chosen.borrow().clone() else {
            return;
        };
        let right = played == current.puzzle.solution;
        let change = self.training.record(game, &current.puzzle, right);
        current.answer = Some(Answer {
            played,
            right,
            change,
        });
        if let Store::File(path) = &self.store
            && let Err(e) = self.training.save(path)
        {
            self.error = Some(crate::tr!("trainer-save-failed", error = e.to_string()));
        }
    }

    /// Plays the move `notation` at the puzzle's table, as the person's click would.
    pub fn play(&mut self, notation: &str, now: f64) -> bool {
        let Some(table) = self.current.as_mut().and_then(|c| c.table.as_mut()) else {
            return false;
        };
        let Some(mv) = table
            .legal_moves()
            .iter()
            .find(|m| m.notation == notation)
            .map(|m| m.id)
        else {
            return false;
        };
        table.play(mv, now, 0.0);
        self.judge();
        true
    }

    /// Whether the puzzle's table is up.
    pub fn ready(&self) -> bool {
        self.current.as_ref().is_some_and(|c| c.table.is_some())
    }
}

/// The shipped puzzle files of `game` (`GAME.puzzles`, `GAME.PART.puzzles`), read and
/// parsed (or why not: the first file refused).
fn read_shipped(game: &str) -> Result<Vec<PuzzleFile>, TrainerError> {
    let paths = crate::puzzles::shipped_files(game);
    if paths.is_empty() {
        return Err(TrainerError::NoFile {
            game: game.to_owned(),
        });
    }
    paths.into_iter().map(read_file).collect()
}

/// One puzzle file, read and parsed (or why not).
fn read_file(path: PathBuf) -> Result<PuzzleFile, TrainerError> {
    match std::fs::read_to_string(&path) {
        Ok(text) => text
            .parse::<PuzzleFile>()
            .map_err(|error| TrainerError::BadFile { path, error }),
        Err(error) => Err(TrainerError::Unreadable {
            path,
            error: Arc::new(error),
        }),
    }
}
