//! The command line: `tavola [--plugins DIR]... <COMMAND>`; with no command, the app.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use game_api::{Rng, Turn};
use serde_json::json;

use crate::{
    bots::{Bot, bot_for},
    conformance::{CheckConfig, Hunt, LongRun},
    play::{perft, play_out},
    plugins::{GameHandle, Inspector, Plugin, PluginDirs, PluginSet, PluginStatus},
    record::{Record, replay},
    storage::RecordWriter,
};

mod analyse;
mod check;
pub mod detach;
mod endgame;
mod engine_protocol;
mod engine_worker;
pub mod help;
mod hint;
mod human;
pub mod language;
pub mod limits;
mod manual;
pub mod net;
pub mod new;
pub mod new_data;
mod ogn;
mod puzzles;
mod review;
mod solve;

use limits::{MAX_GAMES, MAX_OPENING_MOVES, MAX_PERFT_DEPTH, MAX_SIMULATIONS, megabytes, seconds};

/// Tavola: a board-game host whose games are plugins.
#[derive(Debug, Parser)]
#[command(name = "tavola", version, about, long_about = None)]
pub struct Cli {
    /// Also search this folder for plugins (before the standard ones; repeatable).
    #[arg(long = "plugins", value_name = "DIR", global = true)]
    pub plugins: Vec<PathBuf>,
    /// Search only the `--plugins` folders, not TAVOLA_PLUGINS, the folder beside the
    /// executable or the user data folder.
    #[arg(long, global = true)]
    pub no_default_plugins: bool,
    /// Open the app without its game in progress of the last run (which stays saved).
    /// An option of the app alone (`tavola --no-restore`), so the commands' help leaves
    /// it out.
    #[arg(long)]
    pub no_restore: bool,
    /// The language of the texts for people (`en`, `it`); without it, the app's
    /// remembered choice, else the system's language (LC_ALL, LC_MESSAGES, LANG).
    #[arg(long, global = true, value_name = "LANG", value_parser = language::parse_lang)]
    pub lang: Option<String>,
    /// Run plugins without their sandbox (for debugging a plugin only: a plugin can then
    /// read and write your files, use the network and start programs). Also
    /// `TAVOLA_NO_SANDBOX=1`.
    #[arg(long, global = true)]
    pub no_sandbox: bool,
    /// What to do; without a command the app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a new plugin crate from a template: a game on `game_api::Game`, or a
    /// mancala variant on mancala-kit; or a mancala variant as a data file
    /// (`--mancala-file`, no compiler needed).
    New(new::NewArgs),
    /// List every plugin file found, with its status.
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play a headless game between bots.
    Play {
        /// The game's id (see `tavola list`).
        game: String,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
        /// The bot of each seat in seat order (`random`, `greedy`, or the plugin's own),
        /// or `human` for a person typing the moves' notations on standard input;
        /// missing seats play `random`.
        #[arg(long = "seat", value_name = "BOT")]
        seats: Vec<String>,
        /// The random seed (chance events and random bots); printed if not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Write the game record to this file, after every move (a crash keeps every move
        /// played).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Replay a game record, checking every move and the result.
    Replay {
        /// The record file.
        file: PathBuf,
    },
    /// List the legal moves of a position with the position each one leads to.
    Moves {
        /// The game's id.
        game: String,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Count the action sequences of each length up to DEPTH.
    Perft {
        /// The game's id.
        game: String,
        /// The largest depth (1 to 30).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PERFT_DEPTH)))]
        depth: u32,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
    },
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
    /// Play with someone on another computer: offer a game (`net host`) or join one
    /// (`net join`).
    Net(net::NetArgs),
    /// A seeded series between two bots with sides alternated.
    Match {
        /// The game's id.
        game: String,
        /// The first bot (its results are reported).
        bot_a: String,
        /// The second bot.
        bot_b: String,
        /// The options.
        #[command(flatten)]
        setup: Setup,
        /// Games to play (1 to 1000000).
        #[arg(long, default_value_t = 100,
              value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// The first seed; game `i` uses `seed + i`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep the first bot in the first seat (asymmetric games) instead of
        /// alternating sides.
        #[arg(long)]
        fixed_seats: bool,
        /// Write each game's record into this folder (`game-0000.json`, …) as it is
        /// played.
        #[arg(long, value_name = "DIR")]
        record: Option<PathBuf>,
    },
    /// MCTS simulations per second from the start position (one thread and all threads)
    /// and playouts per second; every game without GAME.
    Bench {
        /// The game's id; all games if omitted.
        game: Option<String>,
        /// Seconds per measurement (above 0, at most 3600).
        #[arg(long, default_value_t = 2.0, value_parser = seconds, allow_negative_numbers = true)]
        seconds: f64,
        /// Measure searches of this many simulations each (fresh trees, repeated for
        /// the measuring time) instead of one long search: the shape of other
        /// programs' benchmarks, e.g. one `MCTSBot.step` of 20,000 simulations
        /// (1 to 10000000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_SIMULATIONS))]
        simulations: Option<u64>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The exact value (final margin for the player to move, with perfect play) of a
    /// small two-seat game without chance, and the best first move.
    Solve {
        /// The game's id.
        game: String,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
        /// The most memory for the table of solved positions, in megabytes (default: a
        /// quarter of the machine's memory); a full table slows the solve, the value
        /// stays exact.
        #[arg(long, value_name = "MB", value_parser = megabytes)]
        memory: Option<u64>,
        /// No progress reports on stderr.
        #[arg(long)]
        quiet: bool,
        /// Endgame tables the solver may read (their values are exact).
        #[command(flatten)]
        tables: endgame::TablesArgs,
    },
    /// A game's endgame tables: which are built, and with `--build` builds them (every
    /// position with up to `--seeds` seeds on the board) into the user data folder.
    Endgame(endgame::EndgameArgs),
    /// Open the app straight into a new game.
    Open {
        /// The game's id.
        game: String,
        /// Set a game option (repeatable), e.g. `--option houses=4`.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Who sits in each seat in seat order: `human` or a bot's name.
        #[arg(long = "seat", value_name = "WHO")]
        seats: Vec<String>,
        /// The random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this position notation instead of the game's start.
        #[arg(long, value_name = "NOTATION")]
        position: Option<String>,
        /// Then play these moves, by their notations (`c,f,B`), and stay there, paused.
        #[arg(long, value_name = "M1,M2,…", value_delimiter = ',')]
        moves: Vec<String>,
        /// Then play this many random moves (paused afterwards), e.g. for screenshots
        /// (at most 10000).
        #[arg(long, default_value_t = 0,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                  .range(0..=MAX_OPENING_MOVES as u64))]
        random_moves: usize,
    },
    /// Inspect one plugin file in this process and print what was found as JSON (used by
    /// discovery, which runs it in a child process with a time limit).
    #[command(hide = true)]
    Inspect {
        /// The library file.
        file: PathBuf,
        /// A data file's private copy, for the loader `file` to read.
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Serve one game's plugin over standard input and output (the app starts one
    /// worker per game; see the `worker` module).
    #[command(hide = true)]
    Worker,
    /// Make one system call inside the sandbox of one kind of process, or print the
    /// allow-list as JSON (`--list`): the sandbox's sweep test (`sandbox::probe`).
    #[command(hide = true)]
    SandboxProbe {
        /// The kind of process whose sandbox is entered.
        #[arg(long, value_enum, default_value = "worker")]
        kind: crate::sandbox::probe::ProcessKind,
        /// The system call's number.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        nr: i64,
        /// Through which interface.
        #[arg(long, value_enum, default_value = "native")]
        abi: crate::sandbox::probe::Abi,
        /// Print the allow-list instead.
        #[arg(long)]
        list: bool,
        /// A folder for the worker's tables folder (default: the system's temporary one).
        #[arg(long, value_name = "DIR")]
        scratch: Option<PathBuf>,
    },
    /// Write the manual page, made from this help in the chosen language, to standard
    /// output (roff; the packager installs it as `tavola(1)`).
    #[command(hide = true)]
    Manual,
    /// Write the records of a sandboxed command (see the `sandbox::broker` module).
    #[command(hide = true)]
    WriteBroker {
        /// The one record file it may write.
        #[arg(long, conflicts_with = "dir")]
        file: Option<PathBuf>,
        /// The folder whose `game-NNNN.json` files it may write.
        #[arg(long, requires = "games")]
        dir: Option<PathBuf>,
        /// With `--dir`: how many games (`game-0000.json` up to this count, exclusive).
        #[arg(long)]
        games: Option<u64>,
    },
    /// Run the conformance suite on a plugin file (or a loaded game's id).
    Check {
        /// A plugin library file, a data file (`NAME.mancala.toml`, read by the loader
        /// found in the plugins folders: from a checkout, add `--plugins target/release`),
        /// or the id of a loaded game.
        plugin: String,
        /// Random games per option set (10); in the long mode, games in all (1 to
        /// 1000000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: Option<u64>,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The long mode: play random games until this many actions are checked.
        #[arg(long)]
        moves: Option<u64>,
        /// The long mode: play random games for this many seconds.
        #[arg(long)]
        seconds: Option<f64>,
        /// The hunt for rare endless games: bot games at most, each followed by a search
        /// of every line from its last positions (0: no hunt).
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(0..=MAX_GAMES))]
        hunt_games: u64,
        /// The hunt for rare endless games: seconds at most.
        #[arg(long, default_value_t = 20.0)]
        hunt_seconds: f64,
        /// The whole check stops, failed, after this many seconds.
        #[arg(long, default_value_t = CheckConfig::STANDARD_TIME_LIMIT)]
        time_limit: u64,
    },
}

/// The options and start position of a game.
#[derive(Debug, Args)]
pub struct Setup {
    /// Set a game option (repeatable), e.g. `--option houses=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position notation instead of the start position.
    #[arg(long, value_name = "NOTATION")]
    pub position: Option<String>,
}

/// Runs the command line; errors are printed once, here, with a non-zero exit.
pub fn main() -> ExitCode {
    let cli = help::parse();
    // `tavola list | head` should stop quietly when the reader goes away, as command-line
    // tools do, instead of panicking on the broken pipe. Not the app: it writes to its
    // workers' pipes, and a worker that died must be an error there, never a signal that
    // ends the app.
    let app = matches!(cli.command, None | Some(Command::Open { .. }));
    if !app {
        crate::platform::process::end_quietly_on_broken_pipe();
    }
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // An error may carry a plugin's or a file's words: no control character of
            // theirs reaches the terminal.
            let error = crate::printable::printable(&format!("{e:#}")).into_owned();
            eprintln!("{}", crate::tr!("cli-error", error = error));
            ExitCode::FAILURE
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode> {
    crate::sandbox::harden_process();
    let internal = matches!(
        cli.command,
        Some(
            Command::Worker
                | Command::Inspect { .. }
                | Command::WriteBroker { .. }
                | Command::SandboxProbe { .. }
        )
    );
    if cli.no_sandbox {
        crate::sandbox::disable();
    }
    // Off by the flag or by `TAVOLA_NO_SANDBOX`: said in every command a person runs.
    if crate::sandbox::disabled() && !internal && !detach::is_detached() {
        eprintln!(
            "{}",
            crate::tr!(
                "cli-warning",
                warning = crate::sandbox::SandboxState::Off.to_string()
            )
        );
    }
    let dirs = PluginDirs::standard(&cli.plugins, !cli.no_default_plugins);
    let Some(command) = cli.command else {
        crate::app::run(dirs, None, cli.no_restore, cli.lang)?;
        return Ok(ExitCode::SUCCESS);
    };
    if !matches!(
        command,
        Command::Worker
            | Command::Inspect { .. }
            | Command::WriteBroker { .. }
            | Command::SandboxProbe { .. }
    ) {
        // The worker is told its language with each request; inspecting speaks none.
        let data_dir = crate::app::data_dir();
        crate::i18n::set_language(language::choose(cli.lang.as_deref(), data_dir.as_deref()));
    }
    let command = match command {
        Command::Check {
            plugin,
            games,
            seed,
            moves,
            seconds,
            hunt_games,
            hunt_seconds,
            time_limit,
        } => {
            let long = (moves.is_some() || seconds.is_some()).then_some(LongRun {
                moves,
                games,
                seconds,
            });
            crate::sandbox::arm(
                crate::sandbox::Allowance::default(),
                crate::sandbox::Reporter::Person,
            );
            let config = CheckConfig {
                games_per_set: games.unwrap_or(10),
                seed,
                hunt: (hunt_games > 0).then_some(Hunt {
                    games: hunt_games,
                    seconds: hunt_seconds,
                    ..Hunt::default()
                }),
                time_limit: Some(std::time::Duration::from_secs(time_limit)),
                ..CheckConfig::standard()
            };
            return check::check(&dirs, &plugin, config, long);
        }
        Command::Open {
            game,
            options,
            seats,
            seed,
            position,
            moves,
            random_moves,
        } => {
            let start = crate::app::StartGame {
                game,
                options,
                seats,
                seed,
                position,
                moves,
                random_moves,
            };
            crate::app::run(dirs, Some(start), cli.no_restore, cli.lang)?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Inspect { file, data } => {
            crate::plugins::inspect_command(&file, data.as_deref())?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Worker => return crate::worker::serve().map(|()| ExitCode::SUCCESS),
        Command::Manual => {
            let lang = language::choose(cli.lang.as_deref(), None);
            manual::write(lang, &mut std::io::stdout().lock())?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::SandboxProbe {
            kind,
            nr,
            abi,
            list,
            scratch,
        } => {
            if list {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&crate::sandbox::probe::list())?
                );
            } else {
                let scratch = scratch.unwrap_or_else(std::env::temp_dir);
                crate::sandbox::probe::probe(kind, nr, abi, &scratch)?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        Command::WriteBroker { file, dir, games } => {
            use crate::sandbox::broker::{Target, serve};
            let target = match (file, dir) {
                (Some(f), _) => Target::File(f),
                (None, Some(dir)) => Target::Series {
                    dir,
                    games: games.unwrap_or(0),
                },
                (None, None) => bail!("write-broker needs --file or --dir"),
            };
            return serve(&target).map(|()| ExitCode::SUCCESS);
        }
        Command::New(args) => return new::run(&args),
        // Network play runs its games in sandboxed workers and never loads a plugin
        // here; this process holds the connection, which the sandbox would forbid.
        Command::Net(args) => return net::run(dirs, args),
        // The bot in a worker, as the app plays it: no plugin code in this process.
        Command::Engine(args) if args.worker => return engine_worker::run(dirs, &args),
        other => other,
    };
    // The commands below run plugin code in their process: never in one that holds the
    // user's terminal (see `detach`). This process starts the command again, detached,
    // and relays it; the detached one confines itself just before the plugin's library
    // is opened.
    if !matches!(command, Command::List { .. })
        && !crate::sandbox::disabled()
        && !detach::is_detached()
    {
        return detach::run_detached(detached_memory(&command));
    }
    let set = PluginSet::discover_with(dirs, &Inspector::this_binary());
    start_broker(&command)?;
    let puzzle_out = match &command {
        Command::Puzzles(args) => puzzles::open_out(args)?,
        _ => None,
    };
    crate::sandbox::arm(allowance(&command, &set), crate::sandbox::Reporter::Person);
    match command {
        Command::List { json } => list(&set, json),
        Command::Play {
            game,
            setup,
            seats,
            seed,
            record,
        } => play(&set, &game, &setup, &seats, seed, record),
        Command::Replay { file } => {
            let record = Record::read(&file)?;
            let replayed = replay(&set, &record).with_context(|| {
                crate::tr!("cli-does-not-replay", file = file.display().to_string())
            })?;
            for w in &replayed.warnings {
                warn(w);
            }
            println!(
                "{}",
                crate::tr!(
                    "cli-replayed",
                    file = file.display().to_string(),
                    count = record.moves.len(),
                    game = record.game.clone()
                )
            );
            print_result(&replayed.game)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { game, setup, json } => moves(&set, &game, &setup, json),
        Command::Perft { game, depth, setup } => {
            let (_, start) = set_up(&set, &game, &setup)?;
            for d in 1..=depth {
                let t = Instant::now();
                let n = perft(&start, d)?;
                // The count as digits alone (no grouping): scripts read these lines.
                println!(
                    "{}",
                    crate::tr!(
                        "cli-perft-depth",
                        depth = d,
                        nodes = n.to_string(),
                        seconds = t.elapsed().as_secs_f64()
                    )
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Hint(args) => hint::run(&set, &args),
        Command::Analyse(args) => analyse::run(&set, &args),
        Command::Review(args) => review::run(&set, &args),
        Command::Ogn(args) => ogn::run(&set, &args),
        Command::Puzzles(args) => puzzles::run(&set, &args, puzzle_out),
        Command::Engine(args) => engine_protocol::run(&set, &args),
        Command::Match {
            game,
            bot_a,
            bot_b,
            setup,
            games,
            seed,
            fixed_seats,
            record,
        } => crate::matches::run_match(
            &set,
            &game,
            &setup.options,
            &bot_a,
            &bot_b,
            games,
            seed,
            fixed_seats,
            record.as_deref(),
        ),
        Command::Bench {
            game,
            seconds,
            simulations,
            json,
        } => crate::matches::bench(&set, game.as_deref(), seconds, simulations, json),
        Command::Solve {
            game,
            setup,
            memory,
            quiet,
            tables,
        } => solve::solve(&set, &game, &setup, memory, quiet, &tables),
        Command::Endgame(args) => endgame::endgame(&set, &args),
        Command::Check { .. }
        | Command::Open { .. }
        | Command::Inspect { .. }
        | Command::New(_)
        | Command::Net(_)
        | Command::WriteBroker { .. }
        | Command::SandboxProbe { .. }
        | Command::Manual
        | Command::Worker => unreachable!("handled above"),
    }
}

/// The memory limit of a command's detached process: a worker's
/// ([`crate::worker::process::memory_limit`]), or more for `solve` when its table is
/// asked for more (the table, and a gigabyte for the rest).
fn detached_memory(command: &Command) -> u64 {
    let limit = crate::worker::process::memory_limit();
    match command {
        Command::Solve {
            memory: Some(mib), ..
        } => limit.max(mib.saturating_add(1024).saturating_mul(1024 * 1024)),
        _ => limit,
    }
}

/// Starts the record writer of a command that writes records (`play --record`, `match
/// --record`), before the command confines itself.
fn start_broker(command: &Command) -> Result<()> {
    use crate::sandbox::broker::{Target, start};
    let target = match command {
        Command::Play {
            record: Some(file), ..
        } => Target::File(file.clone()),
        Command::Match {
            record: Some(dir),
            games,
            ..
        } => Target::Series {
            dir: dir.clone(),
            games: *games,
        },
        _ => return Ok(()),
    };
    if crate::sandbox::disabled() {
        return Ok(());
    }
    let exe = std::env::current_exe().context("the tavola executable")?;
    start(&exe, &target).context("the record writer could not start")
}

/// What a command that runs plugin code may still reach once confined: the endgame
/// tables folder it names (the plugin reads and builds its tables there), the files
/// `tavola puzzles` reads, and for a benchmark of every game, every game's private copy
/// (and a data file's game's file).
fn allowance(command: &Command, set: &PluginSet) -> crate::sandbox::Allowance {
    let read = match command {
        Command::Bench { game: None, .. } => set
            .games()
            .flat_map(|p| [Some(p.meta().copy.clone()), p.meta().data.clone()])
            .flatten()
            .collect(),
        // The puzzle file to verify and the saved games to mine are read once confined.
        Command::Puzzles(args) => args.verify.iter().chain(&args.records).cloned().collect(),
        _ => Vec::new(),
    };
    let write = match command {
        Command::Hint(args) => args.tables.endgames.clone(),
        Command::Analyse(args) => args.tables.endgames.clone(),
        Command::Review(args) => args.tables.endgames.clone(),
        Command::Puzzles(args) => args.tables.endgames.clone(),
        Command::Engine(args) => args.tables.endgames.clone(),
        Command::Solve { tables, .. } => tables.endgames.clone(),
        Command::Endgame(args) => args.folder(set),
        _ => None,
    };
    crate::sandbox::Allowance {
        many_libraries: matches!(command, Command::Bench { game: None, .. }),
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

fn list(set: &PluginSet, as_json: bool) -> Result<ExitCode> {
    if as_json {
        let dirs: Vec<_> = set
            .dirs
            .0
            .iter()
            .map(|d| json!({"path": d.path, "source": d.source.to_string(), "exists": d.path.is_dir()}))
            .collect();
        let files: Vec<_> = set
            .files
            .iter()
            .map(|f| {
                let p = f.plugin();
                json!({
                    "path": f.path,
                    "status": f.status_word(),
                    "id": p.map(|p| p.id()),
                    "name": p.map(|p| p.manifest().name.clone()),
                    "version": p.map(|p| p.manifest().version.clone()),
                    "api_level": p.map(|p| p.api_level()),
                    "hash": p.map(|p| p.meta().hash.clone()),
                    "reason": f.reason(),
                    // The file used for an id others offer too: why, and the others.
                    "note": f.note(),
                    "details": match &f.status {
                        PluginStatus::Refused(e) => e.details().map(str::to_owned),
                        _ => None,
                    },
                })
            })
            .collect();
        let problems: Vec<_> = set
            .problems
            .iter()
            .map(|p| json!({"path": p.path, "reason": p.reason}))
            .collect();
        let sandbox = crate::sandbox::system_state();
        let sandbox = json!({
            "sandboxed": sandbox.is_sandboxed(),
            "state": match &sandbox {
                crate::sandbox::SandboxState::Sandboxed { .. } => "sandboxed",
                crate::sandbox::SandboxState::Unavailable { .. } => "unavailable",
                crate::sandbox::SandboxState::Off => "off",
            },
            "text": sandbox.to_string(),
        });
        let text = serde_json::to_string_pretty(&json!({
            "dirs": dirs,
            "plugins": files,
            "unreadable": problems,
            "sandbox": sandbox,
        }))?;
        println!("{}", json_for_terminal(&text));
        return Ok(ExitCode::SUCCESS);
    }
    let sandbox = crate::sandbox::system_state().to_string();
    println!("{}", crate::tr!("cli-list-sandbox", state = sandbox));
    println!("{}", crate::tr!("cli-list-folders"));
    for d in &set.dirs.0 {
        let note = if d.path.is_dir() {
            String::new()
        } else {
            format!("  ({})", crate::tr!("cli-list-missing-folder"))
        };
        println!(
            "  {}  [{}]{note}",
            line(&d.path.display().to_string()),
            d.source
        );
    }
    // Names, versions, reasons and paths come from plugins and from the names of files
    // strangers dropped: printed without their control characters.
    use crate::printable::printable_line as line;
    for p in &set.problems {
        let path = line(&p.path.display().to_string()).into_owned();
        let reason = line(&p.reason).into_owned();
        println!(
            "{}",
            crate::tr!("cli-list-unreadable", path = path, reason = reason)
        );
    }
    if set.files.is_empty() {
        println!("{}", crate::tr!("cli-list-none"));
        return Ok(ExitCode::SUCCESS);
    }
    println!();
    println!(
        "{:<20} {:<24} {:<9} {:<12} {}",
        crate::tr!("cli-list-id"),
        crate::tr!("cli-list-name"),
        crate::tr!("cli-list-version"),
        crate::tr!("cli-list-status"),
        crate::tr!("cli-list-path")
    );
    for f in &set.files {
        let (id, name, version) = f.plugin().map_or(("-", "-", "-"), |p| {
            (
                p.id(),
                p.manifest().name.as_str(),
                p.manifest().version.as_str(),
            )
        });
        let (name, version) = (line(name), line(version));
        println!(
            "{id:<20} {name:<24} {version:<9} {:<12} {}",
            status_in_words(f.status_word()),
            line(&f.path.display().to_string())
        );
        if let Some(reason) = f.reason() {
            println!("{:<20} └ {}", "", line(&reason));
        }
        if let Some(note) = f.note() {
            println!("{:<20} └ {}", "", line(&note));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// JSON text with DEL and the C1 control characters (U+0080–U+009F), which `serde_json`
/// leaves raw inside strings and some terminals act on, written as `\u` escapes: the
/// same JSON, inert on a terminal (C0 characters are escaped by `serde_json` already).
fn json_for_terminal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && !matches!(c, '\n' | '\t' | '\r') {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A plugin's status word (`loaded`, …) in the player's language, for the table.
fn status_in_words(word: &str) -> String {
    match word {
        "loaded" => crate::tr!("cli-status-loaded"),
        "shadowed" => crate::tr!("cli-status-shadowed"),
        "incompatible" => crate::tr!("cli-status-incompatible"),
        "crashed" => crate::tr!("cli-status-crashed"),
        "blocked" => crate::tr!("cli-status-blocked"),
        "failed" => crate::tr!("cli-status-failed"),
        other => other.to_owned(),
    }
}

/// The plugin for `game` and its start position (or `--position`) under `--option`s.
fn set_up<'a>(set: &'a PluginSet, game: &str, setup: &Setup) -> Result<(&'a Plugin, GameHandle)> {
    let plugin = set.require(game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(&setup.options)?;
    let handle = match &setup.position {
        Some(p) => plugin.from_notation(&options, p)?,
        None => plugin.new_game(&options)?,
    };
    Ok((plugin, handle))
}

fn seat_name(plugin: &Plugin, seat: Option<u8>) -> String {
    match seat {
        None => crate::tr!("cli-chance"),
        Some(s) => plugin
            .manifest()
            .seat_names
            .get(usize::from(s))
            .cloned()
            .unwrap_or_else(|| crate::tr!("cli-seat", seat = s)),
    }
}

/// Prints a warning for people on standard error.
pub(crate) fn warn(what: &str) {
    let warning = crate::printable::printable(what).into_owned();
    eprintln!("{}", crate::tr!("cli-warning", warning = warning));
}

fn play(
    set: &PluginSet,
    game: &str,
    setup: &Setup,
    seats: &[String],
    seed: Option<u64>,
    record_path: Option<PathBuf>,
) -> Result<ExitCode> {
    let (plugin, mut handle) = set_up(set, game, setup)?;
    let seat_count = usize::from(handle.seat_count()?);
    if seats.len() > seat_count {
        bail!(crate::tr!(
            "cli-too-many-seats",
            given = seats.len(),
            game = plugin.id().to_owned(),
            count = seat_count
        ));
    }
    let names: Vec<String> = (0..seat_count)
        .map(|i| seats.get(i).cloned().unwrap_or_else(|| "random".into()))
        .collect();
    let seat_names: Vec<String> = (0..seat_count)
        .map(|i| seat_name(plugin, Some(i as u8)))
        .collect();
    let mut bots: Vec<Box<dyn Bot>> = names
        .iter()
        .map(|n| {
            if n == human::HUMAN {
                let input = Box::new(std::io::BufReader::new(std::io::stdin()));
                return Ok(
                    Box::new(human::HumanSeat::new(input, seat_names.clone())) as Box<dyn Bot>
                );
            }
            bot_for(n, plugin, &handle).map_err(anyhow::Error::from)
        })
        .collect::<Result<_>>()?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut record = Record::new(plugin, handle.options(), Some(seed), setup.position.clone());
    record.seats = names.clone();
    let players = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", seat_name(plugin, Some(i as u8))))
        .collect::<Vec<_>>()
        .join(", ");
    println!(
        "{}",
        crate::tr!(
            "cli-play-header",
            game = crate::i18n::game_with_options(
                &plugin.manifest().name,
                &handle.options().to_string()
            ),
            seed = seed.to_string(),
            players = players
        )
    );
    // The record is saved before the first move (so a path that cannot be written is
    // refused before the game) and after every move (so a crash keeps every move).
    let mut writer = record_path.map(RecordWriter::new);
    if let Some(w) = &mut writer {
        w.save(&record)?;
    }
    let mut save_failed = false;
    let mut rng = Rng::with_seed(seed);
    let result = play_out(
        &mut handle,
        &mut bots,
        &mut rng,
        &mut record,
        |m, so_far| {
            println!(
                "{:>4}. {:<10} {}",
                m.number,
                seat_name(plugin, m.seat),
                m.notation
            );
            if let Some(w) = &mut writer
                && !save_failed
                && let Err(e) = w.save(so_far)
            {
                warn(&e.to_string());
                save_failed = true;
            }
        },
    );
    // Save what was played (and the result) even when a plugin failed part-way.
    if let Some(w) = &mut writer {
        w.finish(&record)?;
        let path = w.path().display().to_string();
        println!("{}", crate::tr!("cli-record-written", path = path));
    }
    result?;
    print_result(&handle)?;
    Ok(ExitCode::SUCCESS)
}

/// A seat's result in one word for people.
fn result_word(result: game_api::GameResult) -> String {
    match result {
        game_api::GameResult::Win => crate::tr!("cli-win"),
        game_api::GameResult::Draw => crate::tr!("cli-draw"),
        game_api::GameResult::Loss => crate::tr!("cli-loss"),
    }
}

/// Prints how `game` ended (or that it has not) and its position.
fn print_result(game: &GameHandle) -> Result<()> {
    let view = game.view()?;
    match game.turn()? {
        Turn::Over { outcome } => {
            let scores: Vec<String> = outcome
                .seats
                .iter()
                .zip(&view.panels)
                .map(|(s, p)| format!("{} {} ({})", p.seat, s.score, result_word(s.result)))
                .collect();
            let scores = scores.join(", ");
            println!(
                "{}",
                crate::tr!("cli-result", status = view.status, scores = scores)
            );
        }
        _ => println!("{}", crate::tr!("cli-not-over", status = view.status)),
    }
    println!(
        "{}",
        crate::tr!("cli-position", position = game.notation()?)
    );
    Ok(())
}

fn moves(set: &PluginSet, game: &str, setup: &Setup, as_json: bool) -> Result<ExitCode> {
    let (_, handle) = set_up(set, game, setup)?;
    let mut rows = Vec::new();
    for info in handle.moves()? {
        let mut next = handle.clone();
        next.apply(info.id)?;
        rows.push((info, next.notation()?));
    }
    if as_json {
        let list: Vec<_> = rows
            .iter()
            .map(|(info, result)| {
                json!({
                    "id": info.id,
                    "notation": info.notation,
                    "sites": info.sites,
                    "choice": info.choice,
                    "key": info.key,
                    "result": result,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        println!(
            "{}",
            crate::tr!("cli-position", position = handle.notation()?)
        );
        if rows.is_empty() {
            let status = handle.view()?.status;
            println!("{}", crate::tr!("cli-no-legal-moves", status = status));
        }
        for (info, result) in rows {
            println!("{:<8} {result}", info.notation);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A data file's game, loaded in this process through the loader in the plugins folders
/// that reads it; its refusal (the line, the key and what is allowed) as the error.
fn data_file(dirs: &PluginDirs, path: &std::path::Path) -> Result<Plugin> {
    let set = PluginSet::discover_with(dirs.clone(), &Inspector::this_binary());
    let loader = crate::plugins::data::loader_for(path, set.games_and_loaders())
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    crate::plugins::load_data_file(path, loader).map_err(|e| anyhow!("{}: {e}", path.display()))
}
