//! The worker's side: `tavola worker` reads requests from its standard input and answers
//! on its standard output, holding one plugin and one game. Searches run on threads of
//! their own so that a cancel is read while they think; a bot's thread plays the move it
//! chose into the game (`BotMove`), unless the game changed or the search was cancelled
//! meanwhile. The bots are kept between turns, one per seat (`seats`).

use std::{
    collections::HashMap,
    io::{BufReader, Write},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex, MutexGuard,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use game_api::{MoveId, Options, Rng, Turn};

use super::{
    process::protocol_stdout,
    protocol::{Answer, Call, Reply, Request, Snapshot, read_frame, write_frame},
    seats::{SeatBots, ready},
};
use crate::{
    plugins::{CallError, ErrorKind, GameHandle, Plugin, load_copy_with},
    record::{Record, replay_with},
};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// What the worker's threads share: the game's current position, the moves that led
/// there, and the bots kept for the seats.
#[derive(Default)]
struct Shared {
    game: Option<GameHandle>,
    /// The moves from the game's start to `game`.
    moves: Vec<u32>,
    /// Counts the changes of position: a bot plays its move only into the position it
    /// searched.
    generation: u64,
    bots: SeatBots,
}

impl Shared {
    /// Makes `game`, after `moves` from the start, the current position.
    fn set(&mut self, game: GameHandle, moves: Vec<u32>) {
        self.game = Some(game);
        self.moves = moves;
        self.generation += 1;
    }
}

/// The worker's state: the plugin, the game's start and what its threads share.
#[derive(Default)]
struct Worker {
    plugin: Option<Plugin>,
    start: Option<GameHandle>,
    shared: Arc<Mutex<Shared>>,
    searches: HashMap<u64, Arc<AtomicBool>>,
}

/// A bot's search, as its thread gets it.
struct BotSearch {
    id: u64,
    name: String,
    seed: u64,
    /// Whether the worker plays the move (`BotMove`) or only answers it (`Bot`).
    play: bool,
    plugin: Plugin,
    game: GameHandle,
    moves: Vec<u32>,
    generation: u64,
    cancel: Arc<AtomicBool>,
}

/// Serves requests from standard input until it closes.
pub fn serve() -> anyhow::Result<()> {
    let out: Out = Arc::new(Mutex::new(protocol_stdout()));
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut worker = Worker::default();
    while let Some(call) = read_frame::<Call>(&mut input)? {
        let id = call.id;
        let reply = match call.request {
            Request::Bot { name, seed } => {
                worker.bot(id, name, seed, false, &out);
                continue;
            }
            Request::BotMove { name, seed } => {
                worker.bot(id, name, seed, true, &out);
                continue;
            }
            Request::Hint {
                seed,
                millis,
                depth,
            } => {
                let budget = match depth {
                    Some(d) => crate::ai::HintBudget::Depth(d),
                    None => {
                        crate::ai::HintBudget::Time(Duration::from_millis(millis.clamp(1, 600_000)))
                    }
                };
                worker.hint(id, seed, budget, &out);
                continue;
            }
            Request::Cancel { id: search } => {
                if let Some(flag) = worker.searches.remove(&search) {
                    flag.store(true, Ordering::Relaxed);
                }
                continue;
            }
            request => caught(|| worker.handle(request)),
        };
        send(&out, &Answer { id, reply });
    }
    Ok(())
}

/// Makes the games of this worker, and the host's words it sends (a hint's evaluation),
/// speak `language` from now on (empty: unchanged).
fn speak(language: &str) {
    if !language.is_empty() {
        crate::i18n::set_language(language);
        crate::locale::set_language(language);
    }
}

/// The lock of `shared`, even if a thread panicked holding it (its data stays whole:
/// every change is one assignment).
fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

fn send(out: &Out, answer: &Answer) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    // The app went away: nothing to do but end, which the closed input will bring.
    let _ = write_frame(&mut **out, answer);
}

impl Worker {
    /// The cancel flag of a new search `id`. The searches that have ended (no one holds
    /// their flag but this list) are forgotten first, so however long the game the list
    /// holds only the searches running and the last search of each kept bot (which keeps
    /// its flag until its next turn).
    fn new_search(&mut self, id: u64) -> Arc<AtomicBool> {
        self.searches.retain(|_, flag| Arc::strong_count(flag) > 1);
        let cancel = Arc::new(AtomicBool::new(false));
        self.searches.insert(id, cancel.clone());
        cancel
    }
    fn plugin(&self) -> Result<&Plugin, CallError> {
        self.plugin
            .as_ref()
            .ok_or_else(|| worker_err("no plugin is loaded in this worker"))
    }

    /// The current position.
    fn game(&self) -> Result<GameHandle, CallError> {
        lock(&self.shared)
            .game
            .clone()
            .ok_or_else(|| worker_err("no game is set up in this worker"))
    }

    fn handle(&mut self, request: Request) -> Result<Reply, CallError> {
        match request {
            Request::Load {
                copy,
                tables_dir,
                language,
                data,
            } => self.load(&copy, tables_dir, &language, data),
            Request::SeatCount { options } => {
                let game = self.plugin()?.new_game(&options)?;
                game.seat_count().map(Reply::SeatCount)
            }
            Request::Start {
                options,
                position,
                moves,
                language,
            } => {
                speak(&language);
                let start = self.set_up(&options, position.as_deref())?;
                self.start = Some(start);
                lock(&self.shared).bots.clear();
                self.goto(&moves, true, Vec::new())
            }
            Request::Open { record, language } => self.open(&record, &language),
            Request::Goto { moves } => self.goto(&moves, false, Vec::new()),
            Request::Play { mv } => {
                let mut shared = lock(&self.shared);
                let (effects, snapshot) = play_into(&mut shared, mv)?;
                Ok(Reply::Played { effects, snapshot })
            }
            Request::Preview { mv } => {
                // A copy: the game in progress is not touched.
                let effects = self.game()?.apply_with_effects(MoveId(mv))?;
                Ok(Reply::Preview { mv, effects })
            }
            Request::Language { language, moves } => self.relabel(&language, &moves),
            Request::Tables { request } => {
                let status = self.game()?.endgame_tables(&request)?;
                Ok(Reply::Tables(Box::new(status)))
            }
            Request::Bot { .. }
            | Request::BotMove { .. }
            | Request::Hint { .. }
            | Request::Cancel { .. } => Err(worker_err("searches are answered on their own")),
        }
    }

    /// Loads the plugin's private `copy` (and a data file's, read first), confined
    /// before the library is opened.
    fn load(
        &mut self,
        copy: &Path,
        tables_dir: Option<PathBuf>,
        language: &str,
        data: Option<PathBuf>,
    ) -> Result<Reply, CallError> {
        speak(language);
        // A data file is read before the worker is confined.
        let data = match data {
            Some(path) => {
                let bytes = crate::plugins::data::read_data_copy(&path).map_err(refused)?;
                Some((path, bytes))
            }
            None => None,
        };
        // Confined before the library is opened: the copy to read, the game's
        // tables folder to write, nothing else.
        let allow = crate::sandbox::Allowance {
            read: Vec::new(),
            write: tables_dir.into_iter().collect(),
            ..Default::default()
        };
        crate::sandbox::arm(allow, crate::sandbox::Reporter::Host);
        let plugin = load_copy_with(copy, data).map_err(refused)?;
        let manifest = Box::new(plugin.manifest().clone());
        self.plugin = Some(plugin);
        Ok(Reply::Loaded { manifest })
    }

    /// The game of `record`, replayed in `language`: its start kept, its moves played.
    fn open(&mut self, record: &Record, language: &str) -> Result<Reply, CallError> {
        speak(language);
        let plugin = self.plugin()?.clone();
        let replayed = replay_with(&plugin, record).map_err(refused)?;
        let options = replayed.game.options().clone();
        self.start = Some(self.set_up(&options, record.start.as_deref())?);
        let snapshot = Box::new(snapshot(&replayed.game, true)?);
        let moves = record.moves.iter().map(|m| m.id).collect();
        let mut shared = lock(&self.shared);
        shared.bots.clear();
        shared.set(replayed.game, moves);
        Ok(Reply::Position {
            snapshot,
            warnings: replayed.warnings,
        })
    }

    /// The game in progress in `language`: its start made again from its state (the
    /// plugin tells each game it makes the language), then `moves`.
    fn relabel(&mut self, language: &str, moves: &[u32]) -> Result<Reply, CallError> {
        speak(language);
        let start = self
            .start
            .as_ref()
            .ok_or_else(|| worker_err("no game is set up in this worker"))?;
        let state = start.state_json()?;
        let again = self.plugin()?.from_json(start.options(), &state)?;
        self.start = Some(again);
        let Some((&last, before)) = moves.split_last() else {
            return self.goto(&[], true, Vec::new());
        };
        self.goto(before, false, Vec::new())?;
        let mut game = self.game()?;
        let effects = game
            .apply_with_effects(MoveId(last))
            .map_err(|e| e.context(format!("move {} cannot be played", moves.len())))?;
        let snapshot = Box::new(snapshot(&game, true)?);
        lock(&self.shared).set(game, moves.to_vec());
        Ok(Reply::Played { effects, snapshot })
    }

    fn set_up(&self, options: &Options, position: Option<&str>) -> Result<GameHandle, CallError> {
        let plugin = self.plugin()?;
        match position {
            Some(p) => plugin.from_notation(options, p),
            None => plugin.new_game(options),
        }
    }

    fn goto(
        &mut self,
        moves: &[u32],
        layout: bool,
        warnings: Vec<String>,
    ) -> Result<Reply, CallError> {
        let mut game = self
            .start
            .clone()
            .ok_or_else(|| worker_err("no game is set up in this worker"))?;
        for (i, &mv) in moves.iter().enumerate() {
            game.apply(MoveId(mv))
                .map_err(|e| e.context(format!("move {} cannot be played", i + 1)))?;
        }
        let snapshot = Box::new(snapshot(&game, layout)?);
        lock(&self.shared).set(game, moves.to_vec());
        Ok(Reply::Position { snapshot, warnings })
    }

    /// Starts bot `name`'s search for the seat to move on a thread of its own; with
    /// `play`, the thread plays the move it chose.
    fn bot(&mut self, id: u64, name: String, seed: u64, play: bool, out: &Out) {
        let prepared = self.plugin().cloned().and_then(|plugin| {
            let shared = lock(&self.shared);
            let game = (shared.game.clone())
                .ok_or_else(|| worker_err("no game is set up in this worker"))?;
            Ok((plugin, game, shared.moves.clone(), shared.generation))
        });
        let (plugin, game, moves, generation) = match prepared {
            Ok(p) => p,
            Err(e) => return send(out, &Answer { id, reply: Err(e) }),
        };
        let cancel = self.new_search(id);
        let search = BotSearch {
            id,
            name,
            seed,
            play,
            plugin,
            game,
            moves,
            generation,
            cancel,
        };
        let (shared, out) = (self.shared.clone(), out.clone());
        std::thread::spawn(move || think(search, &shared, &out));
    }

    fn hint(&mut self, id: u64, seed: u64, budget: crate::ai::HintBudget, out: &Out) {
        let prepared = self.game().and_then(|game| {
            let hints = self.plugin()?.manifest().search.clone();
            Ok((game, hints))
        });
        let (game, hints) = match prepared {
            Ok(p) => p,
            Err(e) => return send(out, &Answer { id, reply: Err(e) }),
        };
        let cancel = self.new_search(id);
        let out = out.clone();
        std::thread::spawn(move || {
            let reply = caught(|| {
                crate::ai::hint(&game, &hints, seed, budget).and_then(|hint| {
                    let names = game.line_notation(&hint.line[..hint.line.len().min(6)])?;
                    let best = names.first().cloned().unwrap_or_default();
                    let text = format!("{best} — {} — line: {}", hint.evaluation, names.join(" "));
                    Ok(Reply::Hint {
                        mv: hint.best.0,
                        text,
                        share: hint.share.map(|s| s as f32),
                    })
                })
            });
            let reply = if cancel.load(Ordering::Relaxed) {
                Ok(Reply::Cancelled)
            } else {
                reply
            };
            send(&out, &Answer { id, reply });
        });
    }
}

/// A bot's turn on its thread: the seat's bot (kept, or new) chooses; it is kept for the
/// seat's next turn, and the move is answered or, for `BotMove`, played into the game —
/// unless the search was cancelled or the game changed meanwhile (`Cancelled`, the game
/// unchanged). The answer is sent holding the lock, so that it comes before the answer
/// to any later change of position.
fn think(search: BotSearch, shared: &Mutex<Shared>, out: &Out) {
    let BotSearch { id, game, .. } = &search;
    let chosen = caught(|| {
        let seat = match game.turn()? {
            Turn::Seat { seat } => seat,
            _ => return Err(CallError::host(ErrorKind::NoMove, "it is no seat's turn")),
        };
        let (kept, serial) = lock(shared).bots.take(seat);
        let who = (seat, search.name.as_str());
        let mut turn = ready(kept, serial, who, &search.plugin, game, &search.moves)?;
        turn.bot.set_cancel(search.cancel.clone());
        let mv = turn
            .bot
            .choose(game, seat, &mut Rng::with_seed(search.seed))?;
        Ok((turn, mv))
    });
    let mut shared = lock(shared);
    let reply = match chosen {
        Ok((turn, mv)) => {
            let trace = turn.trace;
            shared.bots.keep(turn);
            answer_move(&search, &mut shared, mv, trace)
        }
        // A search cut short may fail on its way out: it was cancelled all the same.
        Err(_) if search.cancel.load(Ordering::Relaxed) => Ok(Reply::Cancelled),
        Err(e) => Err(e),
    };
    send(out, &Answer { id: *id, reply });
}

/// The answer to a bot's search that chose `mv`.
fn answer_move(
    search: &BotSearch,
    shared: &mut Shared,
    mv: MoveId,
    bot: super::protocol::BotTrace,
) -> Result<Reply, CallError> {
    if search.cancel.load(Ordering::Relaxed)
        || (search.play && shared.generation != search.generation)
    {
        return Ok(Reply::Cancelled);
    }
    if !search.play {
        return Ok(Reply::Chosen { mv: mv.0 });
    }
    let (effects, snapshot) = caught(|| play_into(shared, mv.0))?;
    Ok(Reply::BotPlayed {
        mv: mv.0,
        effects,
        snapshot,
        bot,
    })
}

/// Plays `mv` at the current position: its effects and the position after it, which
/// becomes the current one (unchanged if the move is refused).
fn play_into(
    shared: &mut Shared,
    mv: u32,
) -> Result<(Vec<game_api::Effect>, Box<Snapshot>), CallError> {
    let mut game = shared
        .game
        .clone()
        .ok_or_else(|| worker_err("no game is set up in this worker"))?;
    let effects = game.apply_with_effects(MoveId(mv))?;
    let snapshot = Box::new(snapshot(&game, false)?);
    let mut moves = std::mem::take(&mut shared.moves);
    moves.push(mv);
    shared.set(game, moves);
    Ok((effects, snapshot))
}

/// Runs `f`, turning a panic (a bug in the host's own code, since the plugin's panics are
/// caught at its boundary) into an error answer instead of a silent, answerless thread.
fn caught<T>(f: impl FnOnce() -> Result<T, CallError>) -> Result<T, CallError> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "a panic".into());
            Err(worker_err(format!("the worker failed: {what}")))
        }
    }
}

/// An error of the worker's own (no game set up, a request out of place).
fn worker_err(message: impl Into<String>) -> CallError {
    CallError::host(ErrorKind::Host, message)
}

/// What the worker refused to read (a library, a record).
fn refused(e: impl std::fmt::Display) -> CallError {
    CallError::host(ErrorKind::BadInput, e.to_string())
}

/// Everything the app shows of `game`'s position.
fn snapshot(game: &GameHandle, layout: bool) -> Result<Snapshot, crate::plugins::CallError> {
    let turn = game.turn()?;
    let moves = match turn {
        Turn::Over { .. } => Vec::new(),
        _ => game.moves()?,
    };
    if moves.is_empty() && matches!(turn, Turn::Seat { .. }) {
        // The handle's check of the move list says what the plugin broke.
        game.legal_moves()?;
    }
    Ok(Snapshot {
        layout: if layout { Some(game.layout()?) } else { None },
        view: game.view()?,
        moves,
        turn,
        notation: game.notation()?,
        seat_count: game.seat_count()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ended_searches_are_forgotten() {
        let mut worker = Worker::default();
        // A search still running: its thread holds a copy of the flag.
        let running = worker.new_search(1);
        // Searches that ended: their threads dropped theirs.
        for id in 2..100 {
            drop(worker.new_search(id));
        }
        let last = worker.new_search(100);
        let mut kept: Vec<u64> = worker.searches.keys().copied().collect();
        kept.sort_unstable();
        assert_eq!(kept, [1, 100]);
        // Cancelling the running one still reaches its thread.
        worker
            .searches
            .remove(&1)
            .unwrap()
            .store(true, Ordering::Relaxed);
        assert!(running.load(Ordering::Relaxed));
        drop(last);
    }
}
