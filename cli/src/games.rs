//! The commands that run a game's plugin code (`list`, `play`, `hint`, `match`, …): the
//! plugins discovered, the command started again detached from the terminal (see
//! [`detach`]), its record writer started and the process confined before
//! the plugin's library is opened; then one `match` runs the command's own module.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Subcommand;

use super::{
    analyse, detach, endgame, engine_protocol, engine_worker, hint, list, moves, ogn, perft, play,
    puzzles, replay, review, series, solve,
};
use tavola_core::plugins::{Inspector, PluginDirs, PluginSet};

/// The commands that run plugin code (flattened into [`Command`](super::Command)).
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// List every plugin file found, with its status.
    List(list::ListArgs),
    /// Play a headless game between bots.
    Play(play::PlayArgs),
    /// Replay a game record, checking every move and the result.
    Replay(replay::ReplayArgs),
    /// List the legal moves of a position with the position each one leads to.
    Moves(moves::MovesArgs),
    /// Count the action sequences of each length up to DEPTH.
    Perft(perft::PerftArgs),
    /// The best move for the side to move (by any bot, after the game's moves so far),
    /// the expected outcome and the expected line.
    Hint(hint::HintArgs),
    /// The N best moves of a position (MultiPV), their values in the game's units
    /// (saying which are exact) and their lines.
    Analyse(analyse::AnalyseArgs),
    /// Review a game record: each move's class and what it lost against the best move
    /// (exact where a proof reaches), the turning points and the mistakes.
    Review(review::ReviewArgs),
    /// Aualé's Oware Game Notation: import a file as a record, export a record.
    Ogn(ogn::OgnArgs),
    /// Mine puzzles proven by perfect play from bot games and saved games (one move
    /// alone keeps the exact value), or verify a puzzle file.
    Puzzles(puzzles::PuzzlesArgs),
    /// Serve one bot over a line protocol like UCI (`position …`, `go movetime MS`,
    /// `bestmove …`) on standard input and output, keeping it between moves.
    Engine(engine_protocol::EngineArgs),
    /// A seeded series between two bots with sides alternated.
    Match(series::MatchArgs),
    /// MCTS simulations per second from the start position (one thread and all threads)
    /// and playouts per second; every game without GAME.
    Bench(series::BenchArgs),
    /// The exact value (final margin for the player to move, with perfect play) of a
    /// small two-seat game without chance, and the best first move.
    Solve(solve::SolveArgs),
    /// A game's endgame tables: which are built, and with `--build` builds them (every
    /// position with up to `--seeds` seeds on the board) into the user data folder.
    Endgame(endgame::EndgameArgs),
}

/// Runs a command that runs plugin code: never in a process that holds the user's
/// terminal, and confined before the plugin's library is opened.
pub(super) fn run(dirs: PluginDirs, command: GameCommand) -> Result<ExitCode> {
    // The bot in a worker, as the app plays it: no plugin code in this process.
    if let GameCommand::Engine(args) = &command
        && args.worker
    {
        return engine_worker::run(dirs, args);
    }
    // This process starts the command again, detached, and relays it; the detached one
    // confines itself just before the plugin's library is opened.
    if !matches!(command, GameCommand::List(_))
        && !tavola_core::sandbox::disabled()
        && !detach::is_detached()
    {
        return detach::run_detached(detached_memory(&command));
    }
    let set = PluginSet::discover_with(dirs, &Inspector::this_binary());
    start_broker(&command)?;
    let puzzle_out = match &command {
        GameCommand::Puzzles(args) => puzzles::open_out(args)?,
        _ => None,
    };
    tavola_core::sandbox::arm(
        allowance(&command, &set),
        tavola_core::sandbox::Reporter::Person,
    );
    match command {
        GameCommand::List(args) => list::run(&set, &args),
        GameCommand::Play(args) => play::run(&set, args),
        GameCommand::Replay(args) => replay::run(&set, &args),
        GameCommand::Moves(args) => moves::run(&set, &args),
        GameCommand::Perft(args) => perft::run(&set, &args),
        GameCommand::Hint(args) => hint::run(&set, &args),
        GameCommand::Analyse(args) => analyse::run(&set, &args),
        GameCommand::Review(args) => review::run(&set, &args),
        GameCommand::Ogn(args) => ogn::run(&set, &args),
        GameCommand::Puzzles(args) => puzzles::run(&set, &args, puzzle_out),
        GameCommand::Engine(args) => engine_protocol::run(&set, &args),
        GameCommand::Match(args) => series::run_match(&set, &args),
        GameCommand::Bench(args) => series::run_bench(&set, &args),
        GameCommand::Solve(args) => solve::solve(&set, &args),
        GameCommand::Endgame(args) => endgame::endgame(&set, &args),
    }
}

/// The memory limit of a command's detached process: a worker's
/// ([`tavola_core::worker::process::memory_limit`]), or more for `solve` when its table is
/// asked for more (the table, and a gigabyte for the rest).
fn detached_memory(command: &GameCommand) -> u64 {
    let limit = tavola_core::worker::process::memory_limit();
    match command {
        GameCommand::Solve(args) => match args.memory {
            Some(mib) => limit.max(mib.saturating_add(1024).saturating_mul(1024 * 1024)),
            None => limit,
        },
        _ => limit,
    }
}

/// Starts the record writer of a command that writes records (`play --record`, `match
/// --record`), before the command confines itself.
fn start_broker(command: &GameCommand) -> Result<()> {
    use tavola_core::sandbox::broker::{Target, start};
    let target = match command {
        GameCommand::Play(args) => match &args.record {
            Some(file) => Target::File(file.clone()),
            None => return Ok(()),
        },
        GameCommand::Match(args) => match &args.record {
            Some(dir) => Target::Series {
                dir: dir.clone(),
                games: args.games,
            },
            None => return Ok(()),
        },
        _ => return Ok(()),
    };
    if tavola_core::sandbox::disabled() {
        return Ok(());
    }
    let exe = std::env::current_exe().context("the tavola executable")?;
    start(&exe, &target).context("the record writer could not start")
}

/// What a command that runs plugin code may still reach once confined: the endgame
/// tables folder it names (the plugin reads and builds its tables there), the files
/// `tavola puzzles` reads, and for a benchmark of every game, every game's private copy
/// (and a data file's game's file).
fn allowance(command: &GameCommand, set: &PluginSet) -> tavola_core::sandbox::Allowance {
    let every_game = matches!(command, GameCommand::Bench(args) if args.game.is_none());
    let read = match command {
        _ if every_game => set
            .games()
            .flat_map(|p| [Some(p.meta().copy.clone()), p.meta().data.clone()])
            .flatten()
            .collect(),
        // The puzzle file to verify and the saved games to mine are read once confined.
        GameCommand::Puzzles(args) => args.verify.iter().chain(&args.records).cloned().collect(),
        _ => Vec::new(),
    };
    let write = match command {
        GameCommand::Hint(args) => args.tables.endgames.clone(),
        GameCommand::Analyse(args) => args.tables.endgames.clone(),
        GameCommand::Review(args) => args.tables.endgames.clone(),
        GameCommand::Puzzles(args) => args.tables.endgames.clone(),
        GameCommand::Engine(args) => args.tables.endgames.clone(),
        GameCommand::Solve(args) => args.tables.endgames.clone(),
        GameCommand::Endgame(args) => args.folder(set),
        _ => None,
    };
    tavola_core::sandbox::Allowance {
        many_libraries: every_game,
        read,
        write: write
            .into_iter()
            .filter_map(|d| {
                std::fs::create_dir_all(&d).ok()?;
                Some(d)
            })
            .collect(),
    }
}
