//! The worker's side: `tavola worker` reads requests from its standard input and answers
//! on its standard output, holding one plugin and one game. Searches run on threads of
//! their own so that a cancel is read while they think.

use std::{
    collections::HashMap,
    io::{BufReader, Write},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use game_api::{MoveId, Options, Rng, Turn};

use super::{
    process::protocol_stdout,
    protocol::{Answer, Call, Reply, Request, Snapshot, read_frame, write_frame},
};
use crate::{
    bots::bot_for,
    plugins::{CallError, ErrorKind, GameHandle, Plugin, load_copy},
    record::replay_with,
};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// The worker's state: the plugin, the game's start and its current position.
#[derive(Default)]
struct Worker {
    plugin: Option<Plugin>,
    start: Option<GameHandle>,
    game: Option<GameHandle>,
    searches: HashMap<u64, Arc<AtomicBool>>,
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
                worker.bot(id, &name, seed, &out);
                continue;
            }
            Request::Hint { seed, millis } => {
                worker.hint(id, seed, millis, &out);
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

fn send(out: &Out, answer: &Answer) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    // The app went away: nothing to do but end, which the closed input will bring.
    let _ = write_frame(&mut **out, answer);
}

impl Worker {
    fn plugin(&self) -> Result<&Plugin, CallError> {
        self.plugin
            .as_ref()
            .ok_or_else(|| worker_err("no plugin is loaded in this worker"))
    }

    fn game(&self) -> Result<&GameHandle, CallError> {
        self.game
            .as_ref()
            .ok_or_else(|| worker_err("no game is set up in this worker"))
    }

    fn handle(&mut self, request: Request) -> Result<Reply, CallError> {
        match request {
            Request::Load {
                copy,
                tables_dir,
                language,
            } => {
                speak(&language);
                // Confined before the library is opened: the copy to read, the game's
                // tables folder to write, nothing else.
                let allow = crate::sandbox::Allowance {
                    read: Vec::new(),
                    write: tables_dir.into_iter().collect(),
                };
                crate::sandbox::arm(allow, crate::sandbox::Reporter::Host);
                let plugin = load_copy(&copy).map_err(refused)?;
                let manifest = Box::new(plugin.manifest().clone());
                self.plugin = Some(plugin);
                Ok(Reply::Loaded { manifest })
            }
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
                self.goto(&moves, true, Vec::new())
            }
            Request::Open { record, language } => {
                speak(&language);
                let plugin = self.plugin()?.clone();
                let replayed = replay_with(&plugin, &record).map_err(refused)?;
                let options = replayed.game.options().clone();
                self.start = Some(self.set_up(&options, record.start.as_deref())?);
                self.game = Some(replayed.game);
                Ok(Reply::Position {
                    snapshot: Box::new(snapshot(self.game()?, true)?),
                    warnings: replayed.warnings,
                })
            }
            Request::Goto { moves } => self.goto(&moves, false, Vec::new()),
            Request::Play { mv } => {
                let mut game = self.game()?.clone();
                let effects = game.apply_with_effects(MoveId(mv))?;
                let snapshot = Box::new(snapshot(&game, false)?);
                self.game = Some(game);
                Ok(Reply::Played { effects, snapshot })
            }
            Request::Language { language, moves } => self.relabel(&language, &moves),
            Request::Tables { request } => {
                let status = self.game()?.endgame_tables(&request)?;
                Ok(Reply::Tables(Box::new(status)))
            }
            Request::Bot { .. } | Request::Hint { .. } | Request::Cancel { .. } => {
                Err(worker_err("searches are answered on their own"))
            }
        }
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
        let mut game = self.game()?.clone();
        let effects = game
            .apply_with_effects(MoveId(last))
            .map_err(|e| e.context(format!("move {} cannot be played", moves.len())))?;
        let snapshot = Box::new(snapshot(&game, true)?);
        self.game = Some(game);
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
        self.game = Some(game);
        Ok(Reply::Position { snapshot, warnings })
    }

    fn bot(&mut self, id: u64, name: &str, seed: u64, out: &Out) {
        let prepared = self.game().cloned().and_then(|game| {
            let plugin = self.plugin()?.clone();
            let bot = bot_for(name, &plugin, &game)
                .map_err(|e| CallError::host(ErrorKind::UnknownBot, e))?;
            Ok((game, bot))
        });
        let (game, mut bot) = match prepared {
            Ok(p) => p,
            Err(e) => return send(out, &Answer { id, reply: Err(e) }),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        bot.set_cancel(cancel.clone());
        self.searches.insert(id, cancel.clone());
        let out = out.clone();
        std::thread::spawn(move || {
            let reply = caught(|| match game.turn() {
                Ok(Turn::Seat { seat }) => bot
                    .choose(&game, seat, &mut Rng::with_seed(seed))
                    .map(|mv| Reply::Chosen { mv: mv.0 }),
                Ok(_) => Err(CallError::host(ErrorKind::NoMove, "it is no seat's turn")),
                Err(e) => Err(e),
            });
            let reply = if cancel.load(Ordering::Relaxed) {
                Ok(Reply::Cancelled)
            } else {
                reply
            };
            send(&out, &Answer { id, reply });
        });
    }

    fn hint(&mut self, id: u64, seed: u64, millis: u64, out: &Out) {
        let prepared = self.game().cloned().and_then(|game| {
            let hints = self.plugin()?.manifest().search.clone();
            Ok((game, hints))
        });
        let (game, hints) = match prepared {
            Ok(p) => p,
            Err(e) => return send(out, &Answer { id, reply: Err(e) }),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        self.searches.insert(id, cancel.clone());
        let out = out.clone();
        std::thread::spawn(move || {
            let budget = Duration::from_millis(millis.clamp(1, 600_000));
            let reply = caught(|| {
                crate::ai::hint(&game, &hints, seed, budget).and_then(|hint| {
                    let names = game.line_notation(&hint.line[..hint.line.len().min(6)])?;
                    let best = names.first().cloned().unwrap_or_default();
                    let text = format!("{best} — {} — line: {}", hint.evaluation, names.join(" "));
                    Ok(Reply::Hint {
                        mv: hint.best.0,
                        text,
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
