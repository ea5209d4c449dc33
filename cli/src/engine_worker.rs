//! `tavola engine GAME --worker`: the engine protocol ([`super::engine_protocol`]) with
//! the bot as the app plays it — in a sandboxed worker process of its own, the seat's
//! bot kept there between moves and told the moves played since (the worker's seat
//! bots), the game's endgame tables loaded from the app's folder for them (or
//! `--tables-root`), the level's own time a move. This process loads no plugin: the
//! positions and the moves travel as the app's requests to the worker.
//!
//! The commands are those of `tavola engine` (`uci`, `isready`, `setoption name Level|Seed
//! value …`, `ucinewgame`, `position startpos|notation N… [moves …]`, `go [movetime MS]`,
//! `state`, `quit`), except that `go movetime` is answered with an `info string` and the
//! level's own time (the app gives its bots no other), and `state` holds the position,
//! whether it is over, the seat to move and the legal moves.

use std::{
    io::{BufRead, Write},
    path::{Path, PathBuf},
    process::ExitCode,
    time::Duration,
};

use anyhow::{Context, Result, anyhow, bail};
use game_api::{
    Effect, Options, Rng, Turn,
    endgame::{TablesOp, TablesRequest},
};
use serde_json::json;

use tavola_core::{
    plugins::{Inspector, Plugin, PluginDirs, PluginSet, forbid_in_process},
    worker::{Poll, RemoteGame, Reply, Request, Snapshot},
};

/// Runs `tavola engine GAME --worker` on standard input and output.
pub fn run(dirs: PluginDirs, args: &super::engine_protocol::EngineArgs) -> Result<ExitCode> {
    forbid_in_process();
    if args.tables.endgames.is_some() {
        bail!(
            "--endgames loads tables into this process's plugin; with --worker the worker \
             loads them from --tables-root (default: the app's folder)"
        );
    }
    let set = PluginSet::discover_with(dirs, &Inspector::this_binary());
    let plugin = set.require(&args.game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(&args.options)?;
    let root = match &args.tables_root {
        Some(root) => Some(root.clone()),
        None => tavola_core::platform::user_data_dir().map(|d| d.join("endgames")),
    };
    let exe = std::env::current_exe().context("the tavola executable")?;
    let mut session = WorkerSession::new(&exe, plugin, options, root.as_deref(), args)?;
    session.serve(std::io::stdin().lock(), std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// One engine session whose bot lives in a worker.
struct WorkerSession {
    remote: RemoteGame,
    options: Options,
    bot_name: String,
    rng: Rng,
    /// The worker's position.
    snapshot: Snapshot,
    /// The worker's game: its start (a notation, or the game's start) and the moves
    /// played from it, by notation and by id.
    start: Option<String>,
    played: Vec<(String, u32)>,
    /// The messages of the worker's last move ("The position repeats…").
    messages: Vec<String>,
}

impl WorkerSession {
    fn new(
        exe: &Path,
        plugin: &Plugin,
        options: Options,
        tables_root: Option<&Path>,
        args: &super::engine_protocol::EngineArgs,
    ) -> Result<Self> {
        let mut remote = RemoteGame::spawn(exe, plugin, tables_root)?;
        let snapshot = remote.start(&options, None, &[])?;
        load_tables(&mut remote)?;
        Ok(WorkerSession {
            remote,
            options,
            bot_name: args.level.clone(),
            rng: Rng::with_seed(args.seed),
            snapshot,
            start: None,
            played: Vec::new(),
            messages: Vec::new(),
        })
    }

    fn serve(&mut self, input: impl BufRead, out: impl Write) -> Result<()> {
        super::engine_protocol::serve(input, out, |command, rest| self.command(command, rest))
    }

    fn command(&mut self, command: &str, rest: &[&str]) -> Result<Vec<String>> {
        match command {
            "uci" => Ok(vec![
                format!("id name tavola {} (worker)", env!("CARGO_PKG_VERSION")),
                format!("id game {}", self.remote.plugin().id()),
                format!("option name Level type string default {}", self.bot_name),
                "option name Seed type spin default 1".into(),
                "uciok".into(),
            ]),
            "isready" => Ok(vec!["readyok".into()]),
            "ucinewgame" | "newgame" => {
                self.restart(None)?;
                Ok(Vec::new())
            }
            "setoption" => {
                let (name, value) = super::engine_protocol::option_of(rest)?;
                match name.as_str() {
                    // The worker makes the bot of that name at its next turn.
                    "level" | "engine" => self.bot_name = value,
                    "seed" => self.rng = Rng::with_seed(super::engine_protocol::seed_of(&value)?),
                    _ => bail!("no option `{name}` (options: Level, Engine, Seed)"),
                }
                Ok(Vec::new())
            }
            "position" => self.set_position(rest).map(|()| Vec::new()),
            "go" => self.go(rest),
            "state" => Ok(vec![format!("state {}", self.state())]),
            other => bail!(
                "unknown command `{other}` (commands: uci, isready, setoption, ucinewgame, \
                 position, go, state, quit)"
            ),
        }
    }

    /// A new game in the worker from `start` (its seat bots start afresh).
    fn restart(&mut self, start: Option<String>) -> Result<()> {
        self.snapshot = self.remote.start(&self.options, start.as_deref(), &[])?;
        self.start = start;
        self.played.clear();
        self.messages.clear();
        Ok(())
    }

    /// Plays the move with notation `notation` in the worker.
    fn play(&mut self, notation: &str) -> Result<()> {
        let info = self.snapshot.moves.iter().find(|m| m.notation == notation);
        let Some(id) = info.map(|m| m.id.0) else {
            bail!(
                "`{notation}` is not a legal move in {} (legal: {})",
                self.snapshot.notation,
                self.legal().join(" ")
            );
        };
        let (effects, snapshot) = self.remote.play(id)?;
        self.snapshot = snapshot;
        self.messages = messages(&effects);
        self.played.push((notation.to_owned(), id));
        Ok(())
    }

    fn legal(&self) -> Vec<String> {
        self.snapshot
            .moves
            .iter()
            .map(|m| m.notation.clone())
            .collect()
    }

    /// Sets the position; one that cannot be set leaves the worker's game as it was
    /// (set up again from its start: its bot then starts afresh).
    fn set_position(&mut self, rest: &[&str]) -> Result<()> {
        let (start, played) = (self.start.clone(), self.played.clone());
        let Err(e) = self.try_set_position(rest) else {
            return Ok(());
        };
        let ids: Vec<u32> = played.iter().map(|&(_, id)| id).collect();
        self.snapshot = self.remote.start(&self.options, start.as_deref(), &ids)?;
        (self.start, self.played) = (start, played);
        self.messages.clear();
        Err(e)
    }

    fn try_set_position(&mut self, rest: &[&str]) -> Result<()> {
        let (start, moves) = super::engine_protocol::position_of(rest)?;
        // The worker's game goes on when the position does (its bot is then told the
        // moves since, as the app's is); any other position is a new game there.
        let goes_on = start == self.start
            && moves.len() >= self.played.len()
            && self.played.iter().zip(&moves).all(|((n, _), m)| n == m);
        if !goes_on {
            self.restart(start)?;
        }
        for (i, m) in moves.iter().enumerate().skip(self.played.len()) {
            self.play(m).with_context(|| format!("move {}", i + 1))?;
        }
        Ok(())
    }

    fn go(&mut self, rest: &[&str]) -> Result<Vec<String>> {
        let mut lines = Vec::new();
        match rest {
            [] => {}
            ["movetime", _] => lines.push(format!(
                "info string {} plays the level's own time in the worker: movetime ignored",
                self.bot_name
            )),
            _ => bail!("expected `go [movetime MS]`"),
        }
        if let Turn::Over { .. } = self.snapshot.turn {
            lines.push(format!(
                "info string the game is over: {}",
                self.snapshot.view.status
            ));
            lines.push("bestmove (none)".into());
            return Ok(lines);
        }
        let before = self.snapshot.moves.clone();
        let seed = self.rng.u64();
        let id = self.remote.start_bot_move(&self.bot_name, seed)?;
        let reply = loop {
            match self.remote.wait(id, Duration::from_secs(1)) {
                Poll::Pending => continue,
                Poll::Ready(reply) => break reply?,
            }
        };
        let moved = RemoteGame::bot_played(reply)?
            .ok_or_else(|| anyhow!("the worker cancelled the bot's search"))?;
        let notation = before
            .iter()
            .find(|m| m.id.0 == moved.mv)
            .map(|m| m.notation.clone())
            .ok_or_else(|| anyhow!("the bot played move {}, not a legal one", moved.mv))?;
        self.snapshot = moved.snapshot;
        self.messages = messages(&moved.effects);
        self.played.push((notation.clone(), moved.mv));
        lines.push(format!(
            "info string the worker's bot number {} (told {} moves since its last turn)",
            moved.bot.serial, moved.bot.told
        ));
        lines.push(format!("bestmove {notation}"));
        Ok(lines)
    }

    fn state(&self) -> serde_json::Value {
        let mut out = json!({
            "game": self.remote.plugin().id(),
            "position": self.snapshot.notation,
            "status": self.snapshot.view.status,
            "legal": self.legal(),
            "messages": self.messages,
            "moves": self.played.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        });
        super::engine_protocol::turn_fields(&self.snapshot.turn, &mut out);
        out
    }
}

/// The texts of a move's messages.
fn messages(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Message { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Loads the game's endgame tables in the worker, from its tables folder, as the app
/// does once they are built; says on standard error how far they go (or that there are
/// none: the bot then plays without).
fn load_tables(remote: &mut RemoteGame) -> Result<()> {
    let Some(dir) = remote.tables_dir().map(PathBuf::from) else {
        eprintln!("no endgame tables folder: the bot plays without tables");
        return Ok(());
    };
    let request = TablesRequest {
        op: TablesOp::Load,
        dir: dir.to_string_lossy().into_owned(),
        seeds: None,
    };
    let id = remote.send(Request::Tables { request })?;
    let reply = loop {
        match remote.wait(id, Duration::from_secs(1)) {
            Poll::Pending => continue,
            Poll::Ready(reply) => break reply?,
        }
    };
    match reply {
        Reply::Tables(status) => {
            for why in &status.rejected {
                eprintln!("{why}");
            }
            match status.loaded {
                Some(n) => eprintln!("endgame tables loaded in the worker: up to {n} seeds"),
                None => eprintln!(
                    "no endgame tables in {}: the bot plays without them",
                    dir.display()
                ),
            }
            Ok(())
        }
        other => bail!("the worker answered the tables request with {other:?}"),
    }
}
