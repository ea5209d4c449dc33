//! Starting, opening, saving and restoring games: the app's side of the game in progress.
//! Each game runs in its own worker process; the app holds its record and writes it after
//! every move (see `saving` for how no game is ever lost).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};

use super::{
    NewGameDialog, NewGameRequest, PluginFailure, Screen, StartGame, Table, TavolaApp,
    dialog_worker::DialogWorker,
    saving::{self, clear_marker, leftover_marker, set_aside, write_atomic, write_marker},
    starting::{AfterLoad, StartError, Started, Starting, Then},
};
use crate::{
    ending::Ending,
    plugins::Plugin,
    record::Record,
    session::{SeatKind, Session},
    worker::{Abandon, RemoteGame, WorkerError},
};

/// How many failures of one plugin (by content) put it in quarantine.
const QUARANTINE_AFTER: u32 = 3;

impl TavolaApp {
    fn plugin(&self, id: &str) -> Result<Plugin> {
        self.plugin_named(id, None)
    }

    /// Game `id`'s plugin; when it is gone, the error names the game by `name` (a
    /// record's, [`Record::name`]) or as the table shows it.
    fn plugin_named(&self, id: &str, name: Option<&str>) -> Result<Plugin> {
        // In the player's words: which game (by its name when the table still shows it:
        // a restart or a rematch after its file was removed, or the record names it), and
        // how to get it back (not the folders searched nor every id loaded, which
        // `tavola` on the command line gives).
        let plugin = self
            .library
            .plugins
            .game(id)
            .ok_or_else(|| {
                let game = name.map_or_else(|| self.game_name(id), str::to_owned);
                anyhow!(crate::tr!("app-game-missing", game = game))
            })?
            .clone();
        if self.settings.quarantined.contains(&plugin.meta().hash) {
            return Err(anyhow!(
                "{} is quarantined after failing repeatedly; the Plugins panel (F2) can try it \
                 again",
                plugin.manifest().name
            ));
        }
        Ok(plugin)
    }

    /// Game `id`'s name as the table shows it, or the id when no table shows that game.
    fn game_name(&self, id: &str) -> String {
        self.screens
            .play
            .as_ref()
            .map(|play| play.session().plugin().manifest())
            .filter(|manifest| manifest.id == id)
            .map_or_else(|| id.to_owned(), |manifest| manifest.name.clone())
    }

    /// Opens the new-game dialog for game `id` (starting its worker).
    pub(super) fn open_dialog(&mut self, id: &str) {
        match self.plugin(id) {
            Ok(plugin) => {
                let worker = DialogWorker::start(
                    self.library.worker_exe.clone(),
                    plugin.clone(),
                    self.tables_root(),
                );
                let last = self.settings.last_seats.get(id).cloned();
                self.dialogs.new_game = Some(NewGameDialog::new(
                    &plugin,
                    fastrand::u64(..1_000_000),
                    worker,
                    last.as_deref(),
                ));
            }
            Err(e) => self.dialogs.message = Some(format!("{e:#}")),
        }
    }

    /// Starts a game as the new-game dialog would, and waits until it is shown (for
    /// tests and scripts: the window's own starts never wait, see `starting`).
    pub fn start(&mut self, request: NewGameRequest) -> Result<()> {
        self.begin_start(request, None, None, None, None)?;
        self.finish_waiting()
    }

    /// Begins a game in `remote` (the dialog's worker) or in a new worker, off the UI
    /// thread; it is shown (with `clock`) once it has started. An unknown or
    /// quarantined game is refused at once.
    pub(super) fn begin_start(
        &mut self,
        request: NewGameRequest,
        remote: Option<Result<RemoteGame, WorkerError>>,
        position: Option<String>,
        clock: Option<(u64, u64)>,
        open: Option<Box<StartGame>>,
    ) -> Result<()> {
        let plugin = self.plugin(&request.game)?;
        let remote = match remote {
            Some(Ok(r)) if r.plugin().meta().hash == plugin.meta().hash => Some(r),
            _ => None,
        };
        let (exe, tables) = (self.library.worker_exe.clone(), self.tables_root());
        let (options, at, of) = (request.options.clone(), position.clone(), plugin.clone());
        let work = move |abandon: Abandon| {
            let name = &of.manifest().name;
            let mut remote = match remote {
                Some(mut remote) => {
                    remote.abandon_with(abandon);
                    remote
                }
                None => RemoteGame::spawn_until(&exe, &of, tables.as_deref(), Some(abandon))
                    .map_err(StartError::of(name))?,
            };
            let snapshot = remote
                .start(&options, at.as_deref(), &[])
                .map_err(StartError::of(name))?;
            Ok(Started {
                remote,
                snapshot,
                warnings: Vec::new(),
                replayed: Default::default(),
            })
        };
        let then = Then::New {
            request,
            position,
            clock,
            open,
        };
        self.begin(Starting::run(plugin, then, work));
        Ok(())
    }

    /// Finishes a start once its worker has answered: shows the game, or says why not.
    pub(super) fn finish_start(
        &mut self,
        starting: Starting,
        answer: Result<Started, StartError>,
    ) -> Result<()> {
        let Starting { plugin, then, .. } = starting;
        match then {
            Then::New {
                request,
                position,
                clock,
                open,
            } => {
                let started = answer?;
                self.show_new(&plugin, request, position.as_deref(), started);
                self.with_clock(clock);
                match open {
                    Some(start) => self.play_opening(&start),
                    None => Ok(()),
                }
            }
            Then::Load {
                record,
                path,
                after,
            } => {
                let shown = answer
                    .map_err(|e| anyhow!("{}: {e}", path.display()))
                    .and_then(|started| self.show_loaded(&plugin, *record, &path, started));
                match (after, shown) {
                    (AfterLoad::Restored, Err(e)) => {
                        self.restore_failed(&path, format!("{e:#}"));
                        Ok(())
                    }
                    (_, Err(e)) => Err(anyhow!(super::save_load::load_error_in_words(&path, &e))),
                    (AfterLoad::Review, Ok(())) => {
                        self.screens.screen = Screen::Play;
                        self.open_review();
                        // The review beside the board, not the summary over it.
                        if let Some(play) = &mut self.screens.play {
                            play.apply(super::Intent::CloseSummary, 0.0, 0.0);
                        }
                        Ok(())
                    }
                    (AfterLoad::Recovered, Ok(())) => {
                        let _ = saving::remove_recovered(&path);
                        self.autosave();
                        self.saves.recoverable = self.recoverable_count();
                        Ok(())
                    }
                    (_, Ok(())) => Ok(()),
                }
            }
        }
    }

    /// Shows the new game `started` in its worker.
    fn show_new(
        &mut self,
        plugin: &Plugin,
        request: NewGameRequest,
        position: Option<&str>,
        started: Started,
    ) {
        let Started {
            remote, snapshot, ..
        } = started;
        let mut seats = request.seats;
        seats.resize(usize::from(snapshot.seat_count), SeatKind::Person);
        let session = Session::new(plugin, &request.options, seats, request.seed, position);
        self.settings.last_seats.insert(
            request.game.clone(),
            session.seats().iter().map(SeatKind::record_name).collect(),
        );
        self.show_game(Table::new(
            session,
            remote,
            snapshot,
            self.library.worker_exe.clone(),
        ));
        self.settings.played(&request.game);
    }

    fn tables_root(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join("endgames"))
    }

    fn show_game(&mut self, mut play: Table) {
        crate::sound::set_game_sounds(&play.session.plugin().manifest().sounds);
        let id = play.session.plugin().id();
        let never = self.settings.endgame_declined.iter().any(|g| g == id);
        play.searches.endgame =
            super::endgame::EndgameTables::new(self.tables_root()).never_offer(never);
        self.screens.play = Some(play);
        // A review belongs to the game it was made of: another game on the board (a new
        // one, a rematch, one loaded) closes it, even one recorded in the same second.
        self.screens.review = None;
        self.screens.screen = Screen::Play;
        self.saves.failures_seen = 0;
        self.mark_running();
    }

    /// Opens the game `start` describes: its options and seats, from its position, with
    /// its moves played (each by its notation; a move that is not legal there is an
    /// error naming it and the moves that are). Waits until it is shown (it is opened
    /// before the window first draws).
    pub(super) fn open_game(&mut self, start: &StartGame) -> Result<()> {
        let plugin = self.plugin(&start.game)?;
        let options = plugin.parse_options(&start.options)?;
        let seats: Vec<SeatKind> = start
            .seats
            .iter()
            .map(|s| SeatKind::from_record_name(s))
            .collect();
        let request = NewGameRequest {
            game: start.game.clone(),
            options,
            seats,
            seed: start.seed,
        };
        let position = start.position.clone();
        self.begin_start(request, None, position, None, Some(Box::new(start.clone())))?;
        self.finish_waiting()
    }

    /// Plays the moves of `start` in the game just shown (`tavola open`).
    fn play_opening(&mut self, start: &StartGame) -> Result<()> {
        let Some(play) = &mut self.screens.play else {
            return Ok(());
        };
        for (i, notation) in start.moves.iter().enumerate() {
            let notation = notation.trim();
            let found = play.legal_moves().iter().find(|m| m.notation == notation);
            let Some(mv) = found.map(|m| m.id) else {
                let legal: Vec<&str> = play
                    .legal_moves()
                    .iter()
                    .map(|m| m.notation.as_str())
                    .collect();
                return Err(anyhow!(
                    "move {} `{notation}` is not legal in {} (legal: {})",
                    i + 1,
                    play.notation(),
                    legal.join(", ")
                ));
            };
            play.play(mv, 0.0, 0.0);
            if let Some(e) = play.error() {
                return Err(anyhow!("move {} `{notation}`: {e}", i + 1));
            }
        }
        let mut rng = game_api::Rng::with_seed(start.seed);
        for _ in 0..start.random_moves {
            let moves = play.legal_moves().to_vec();
            if moves.is_empty() {
                break;
            }
            play.play(moves[rng.below(moves.len())].id, 0.0, 0.0);
        }
        play.flow.paused = !start.moves.is_empty() || start.random_moves > 0;
        Ok(())
    }

    /// Gives the game just started clocks (time per game, increment, in milliseconds).
    pub(super) fn with_clock(&mut self, clock: Option<(u64, u64)>) {
        if let (Some((per_game, increment)), Some(play)) = (clock, &mut self.screens.play) {
            play.start_clock(per_game, increment);
        }
    }

    pub(super) fn restart(&mut self) {
        let Some(play) = &self.screens.play else {
            return;
        };
        let s = play.session();
        let clock = s.clock().map(|c| (c.per_game_ms, c.increment_ms));
        let request = NewGameRequest {
            game: s.plugin().id().to_owned(),
            options: s.options().clone(),
            seats: s.seats().to_vec(),
            seed: s.record().seed.unwrap_or(0).wrapping_add(1),
        };
        if let Err(e) = self.begin_start(request, None, None, clock, None) {
            self.dialogs.message = Some(format!("{e:#}"));
        }
    }

    /// The same game again, with the seats turned (in a two-seat game, swapped) and a
    /// new seed.
    pub fn rematch(&mut self) {
        let Some(play) = &self.screens.play else {
            return;
        };
        let s = play.session();
        let clock = s.clock().map(|c| (c.per_game_ms, c.increment_ms));
        let mut seats = s.seats().to_vec();
        seats.rotate_left(1);
        let request = NewGameRequest {
            game: s.plugin().id().to_owned(),
            options: s.options().clone(),
            seats,
            seed: s.record().seed.unwrap_or(0).wrapping_add(1),
        };
        if let Err(e) = self.begin_start(request, None, None, clock, None) {
            self.dialogs.message = Some(format!("{e:#}"));
        }
    }

    /// Saves the game being played to `path` (atomically).
    pub fn save_to(&mut self, path: &Path) -> Result<()> {
        let play = self
            .screens
            .play
            .as_ref()
            .ok_or_else(|| anyhow!("no game is being played"))?;
        write_atomic(path, play.session().record().to_json().as_bytes())
            .with_context(|| "the game could not be saved")
    }

    /// Loads a saved game from `path` and waits until it is shown (for tests and
    /// scripts: the window's own opening never waits). Its plugin replays it in a new
    /// worker, checking every move. A bad file changes nothing.
    pub fn load_from(&mut self, path: &Path) -> Result<()> {
        self.begin_load(path, AfterLoad::Nothing)?;
        self.finish_waiting()
    }

    /// Begins opening the saved game at `path`, off the UI thread (see `starting`). A
    /// file that cannot be read, or a game that is not here, is refused at once.
    pub(super) fn begin_load(&mut self, path: &Path, after: AfterLoad) -> Result<()> {
        let record = Record::read(path)?;
        let plugin = self.plugin_named(&record.game, record.name.as_deref());
        // The last run's game is not a file the player chose: its name is not said.
        let plugin = if matches!(after, AfterLoad::Restored) {
            plugin?
        } else {
            plugin.with_context(|| {
                let file = path.file_name().unwrap_or(path.as_os_str());
                crate::tr!(
                    "app-load-missing",
                    file = file.to_string_lossy().into_owned()
                )
            })?
        };
        let (exe, tables) = (self.library.worker_exe.clone(), self.tables_root());
        let (of, replay) = (plugin.clone(), record.clone());
        let work = move |abandon: Abandon| {
            let name = &of.manifest().name;
            let mut remote = RemoteGame::spawn_until(&exe, &of, tables.as_deref(), Some(abandon))
                .map_err(StartError::of(name))?;
            let (snapshot, warnings) = remote.open(&replay)?;
            let replayed = super::replay_notes::replay(&mut remote, &replay, &snapshot)?;
            Ok(Started {
                remote,
                snapshot,
                warnings,
                replayed,
            })
        };
        let then = Then::Load {
            record: Box::new(record),
            path: path.to_path_buf(),
            after,
        };
        self.begin(Starting::run(plugin, then, work));
        Ok(())
    }

    /// Shows the saved game `started` in its worker, once its record is checked against
    /// the game's options and seats.
    fn show_loaded(
        &mut self,
        plugin: &Plugin,
        record: Record,
        path: &Path,
        started: Started,
    ) -> Result<()> {
        let Started {
            remote,
            snapshot,
            mut warnings,
            replayed,
        } = started;
        let mut record = record;
        record.undone = replayed.undone;
        warnings.extend(replayed.warning);
        let options = game_api::Options::resolve(&plugin.manifest().options, &record.options)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let seat_count = snapshot.seat_count;
        if let Some(Ending::Resigned { seat } | Ending::Time { seat } | Ending::Forfeit { seat }) =
            record.ending
            && seat >= seat_count
        {
            return Err(anyhow!(
                "{}: the record says seat {} ended the game, but this game has {seat_count} seats",
                path.display(),
                u32::from(seat) + 1
            ));
        }
        let session = Session::from_record(plugin, options, record, seat_count);
        let mut play = Table::new(session, remote, snapshot, self.library.worker_exe.clone());
        play.restore_move_events(&replayed.effects);
        self.settings.played(plugin.id());
        self.show_game(play);
        if !warnings.is_empty() {
            self.dialogs.message = Some(warnings.join("\n"));
        }
        Ok(())
    }

    /// Opens the last run's game, unless it finished; one that cannot be opened (or was
    /// open when the last run ended abnormally) is set aside, never deleted.
    pub(super) fn restore_autosave(&mut self) {
        self.take_last_game(true);
    }

    /// Before the app opens another game at start (`tavola open`): the last run's game,
    /// unless it finished, is set aside under *Recover games…* — with the reason a plain
    /// start would give if that run ended abnormally — instead of being overwritten by
    /// the new game's first save.
    pub(super) fn keep_last_game(&mut self) {
        self.take_last_game(false);
    }

    /// [`TavolaApp::restore_autosave`] (`restore`) or [`TavolaApp::keep_last_game`].
    fn take_last_game(&mut self, restore: bool) {
        let Some(slot) = &self.saves.slot else { return };
        let (path, data) = (slot.autosave(), slot.dir().to_path_buf());
        // Saves cut short by a crash leave temporary files; the save itself is whole.
        crate::storage::remove_stale_temporaries(&path);
        let leftover = leftover_marker(slot);
        if !path.exists() {
            return;
        }
        let not_closed = leftover.is_some();
        let problem = match leftover {
            Some(marker) => Some(crate::tr!(
                "restore-not-closed",
                game = marker
                    .game
                    .clone()
                    .unwrap_or_else(|| crate::tr!("restore-this-game"))
            )),
            None => match Record::read(&path) {
                Ok(record) if record.result.is_some() || record.ending.is_some() => return,
                // The game is opened before the window first draws; one that cannot be
                // opened is set aside by `restore_failed`.
                Ok(_) if restore => match self.begin_load(&path, AfterLoad::Restored) {
                    Ok(()) => return self.finish_waiting().unwrap_or(()),
                    Err(e) => Some(format!("{e:#}")),
                },
                Ok(_) => Some(crate::tr!("restore-replaced")),
                Err(e) => Some(e.to_string()),
            },
        };
        if let Some(reason) = problem {
            self.set_aside_last(&path, &data, reason, not_closed, restore);
        }
    }

    /// The last run's game could not be opened: it is set aside.
    pub(super) fn restore_failed(&mut self, path: &Path, reason: String) {
        let Some(data) = self.saves.slot.as_ref().map(|s| s.dir().to_path_buf()) else {
            return;
        };
        self.set_aside_last(path, &data, reason, false, true);
    }

    /// Sets the last run's game aside under *Recover games…*, saying why.
    fn set_aside_last(
        &mut self,
        path: &Path,
        data: &Path,
        reason: String,
        not_closed: bool,
        restore: bool,
    ) {
        if restore {
            self.screens.play = None;
            self.screens.screen = Screen::Chooser;
        }
        let kept = set_aside(path, data, &reason);
        // The reason is put inside a sentence that ends with its own full stop.
        let reason = without_full_stop(&reason).to_owned();
        self.dialogs.message = Some(match kept {
            // The last run may simply have been ended (a logout, a `kill`): no blame.
            Ok(_) if not_closed => {
                crate::tr!("restore-kept-not-closed", reason = reason.clone())
            }
            Ok(_) => crate::tr!("restore-kept", reason = reason.clone()),
            Err(e) => crate::tr!(
                "restore-not-kept",
                reason = reason.clone(),
                error = e.to_string(),
                path = path.display().to_string()
            ),
        });
    }

    /// Notes the app as running, with the game open (see `saving`).
    pub(super) fn mark_running(&mut self) {
        let Some(slot) = &self.saves.slot else { return };
        let game = self.screens.play.as_ref().map(|p| {
            let plugin = p.session().plugin();
            format!("{} ({})", plugin.manifest().name, plugin.path().display())
        });
        if let Err(e) = write_marker(slot, game) {
            self.save_failed(format!("{e}"));
        }
    }

    /// Hands the game in progress to the autosave's writer (after every move): it is
    /// written to this instance's save off the UI thread; its outcome is taken by
    /// [`saves_reported`](Self::saves_reported).
    pub(super) fn autosave(&mut self) {
        let Some(slot) = &self.saves.slot else { return };
        let Some(play) = &self.screens.play else {
            return;
        };
        let bytes = play.session().record().to_json().into_bytes();
        if let Some(result) = self.saves.saver.save(slot.autosave(), bytes) {
            self.save_reported(result);
        }
    }

    /// Takes what the autosave's writer reported (once a frame).
    pub(super) fn saves_reported(&mut self) {
        for result in self.saves.saver.reports() {
            self.save_reported(result);
        }
    }

    fn save_reported(&mut self, result: Result<(), crate::storage::StorageError>) {
        match result {
            Ok(()) => self.saves.last_save_error = None,
            Err(e) => self.save_failed(crate::tr!("autosave-failed", error = e.to_string())),
        }
    }

    /// Waits until every autosave handed over is on the disk, and takes their outcome.
    pub fn wait_for_saves(&mut self) {
        self.saves.saver.wait();
        self.saves_reported();
    }

    fn save_failed(&mut self, error: String) {
        if self.saves.last_save_error.as_ref() != Some(&error) {
            self.dialogs.message = Some(error.clone());
            self.saves.last_save_error = Some(error);
        }
    }

    pub(super) fn save_settings(&mut self) {
        let Some(dir) = self.data_dir.clone() else {
            return;
        };
        if let Err(e) = self.settings.save(&dir) {
            self.save_failed(crate::tr!("settings-not-saved", error = e.to_string()));
        }
    }

    /// Writes the settings and the game in progress (called periodically and on exit).
    pub fn save_state(&mut self) {
        self.save_settings();
        self.autosave();
        self.wait_for_saves();
    }

    /// Saves everything and gives up this instance's save slot (a normal end).
    pub fn shutdown(&mut self) {
        self.save_state();
        if let Some(slot) = self.saves.slot.take() {
            clear_marker(&slot);
        }
        self.cancel_start();
        self.screens.play = None;
    }

    /// A plugin's worker failed: counts it, and quarantines a plugin that keeps failing.
    pub(super) fn plugin_failed(&mut self, failure: &PluginFailure) {
        let count = self
            .settings
            .crashes
            .entry(failure.hash.clone())
            .or_insert(0);
        *count += 1;
        if let Some(blocked) = &failure.blocked {
            self.settings
                .blocked
                .insert(failure.hash.clone(), blocked.clone());
        }
        if *count >= QUARANTINE_AFTER && !self.settings.quarantined.contains(&failure.hash) {
            self.settings.quarantined.push(failure.hash.clone());
            self.dialogs.message = Some(format!(
                "{} failed {count} times and is now quarantined: it is no longer offered. The \
                 Plugins panel (F2) can try it again.",
                failure.plugin
            ));
        }
        self.save_settings();
        self.autosave();
    }

    /// How many saves set aside can be opened now (their plugin is loaded).
    pub(super) fn recoverable_count(&self) -> usize {
        let Some(dir) = &self.data_dir else { return 0 };
        saving::list_recovered(dir)
            .iter()
            .filter(|r| {
                r.game
                    .as_deref()
                    .is_some_and(|g| self.library.plugins.game(g).is_some())
            })
            .count()
    }

    pub(super) fn games_dir(&self) -> PathBuf {
        self.data_dir
            .as_ref()
            .map(|d| d.join("games"))
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."))
    }
}

/// `text` without the full stop it may end with (`folders.` in `…: {reason}.` would read
/// `folders..`).
fn without_full_stop(text: &str) -> &str {
    text.trim_end().trim_end_matches('.')
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_reason_put_in_a_sentence_loses_its_full_stop() {
        assert_eq!(
            super::without_full_stop("the Plugins panel (F2) shows the folders."),
            "the Plugins panel (F2) shows the folders"
        );
        assert_eq!(super::without_full_stop("no stop"), "no stop");
    }
}
