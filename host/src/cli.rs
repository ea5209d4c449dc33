//! The command line: `tavola [--plugins DIR]... <COMMAND>`; with no command, the app.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use game_api::{Rng, Turn};
use serde_json::json;

use crate::{
    bots::{Bot, bot_by_name},
    conformance::{CheckConfig, LongRun, check_long, check_plugin},
    play::{perft, play_out},
    plugins::{GameHandle, Plugin, PluginDirs, PluginSet, PluginStatus, load_library},
    record::{Record, replay},
};

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
    /// What to do; without a command the app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
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
        /// The bot of each seat in seat order (`random`, `greedy`, or the plugin's own);
        /// missing seats play `random`.
        #[arg(long = "seat", value_name = "BOT")]
        seats: Vec<String>,
        /// The random seed (chance events and random bots); printed if not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Write the game record to this file.
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
        /// The largest depth.
        depth: u32,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
    },
    /// The best move for the side to move, its evaluation and the expected line.
    Hint {
        /// The game's id.
        game: String,
        /// The options and start position.
        #[command(flatten)]
        setup: Setup,
        /// Thinking time in milliseconds.
        #[arg(long, default_value_t = 1000)]
        millis: u64,
        /// The random seed (MCTS).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
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
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The first seed; game `i` uses `seed + i`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep the first bot in the first seat (asymmetric games) instead of
        /// alternating sides.
        #[arg(long)]
        fixed_seats: bool,
    },
    /// MCTS simulations per second from the start position (one thread and all threads)
    /// and playouts per second; every game without GAME.
    Bench {
        /// The game's id; all games if omitted.
        game: Option<String>,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Measure searches of this many simulations each (fresh trees, repeated for
        /// the measuring time) instead of one long search: the shape of other
        /// programs' benchmarks, e.g. one `MCTSBot.step` of 20,000 simulations.
        #[arg(long)]
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
    },
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
        /// Play this many random moves first (paused afterwards), e.g. for screenshots.
        #[arg(long, default_value_t = 0)]
        moves: usize,
    },
    /// Run the conformance suite on a plugin file (or a loaded game's id).
    Check {
        /// A plugin library file, or the id of a loaded game.
        plugin: String,
        /// Random games per option set (10); in the long mode, games in all.
        #[arg(long)]
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
    // `tavola list | head` should stop quietly when the reader goes away, as command-line
    // tools do, instead of panicking on the broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let dirs = PluginDirs::standard(&cli.plugins, !cli.no_default_plugins);
    let Some(command) = cli.command else {
        crate::app::run(dirs, None)?;
        return Ok(ExitCode::SUCCESS);
    };
    let command = match command {
        Command::Check {
            plugin,
            games,
            seed,
            moves,
            seconds,
        } => {
            let long = (moves.is_some() || seconds.is_some()).then_some(LongRun {
                moves,
                games,
                seconds,
            });
            return check(&dirs, &plugin, games.unwrap_or(10), seed, long);
        }
        Command::Open {
            game,
            options,
            seats,
            seed,
            moves,
        } => {
            let start = crate::app::StartGame {
                game,
                options,
                seats,
                seed,
                moves,
            };
            crate::app::run(dirs, Some(start))?;
            return Ok(ExitCode::SUCCESS);
        }
        other => other,
    };
    let set = PluginSet::discover(dirs);
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
            let replayed = replay(&set, &record)
                .with_context(|| format!("{} does not replay", file.display()))?;
            for w in &replayed.warnings {
                eprintln!("warning: {w}");
            }
            println!(
                "{}: {} moves of {} replayed, every move legal",
                file.display(),
                record.moves.len(),
                record.game
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
                println!("depth {d}: {n}  ({:.3} s)", t.elapsed().as_secs_f64());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Hint {
            game,
            setup,
            millis,
            seed,
        } => {
            let (plugin, start) = set_up(&set, &game, &setup)?;
            let hint = crate::ai::hint(
                &start,
                &plugin.manifest().search,
                seed,
                std::time::Duration::from_millis(millis),
            )?;
            let names = start.line_notation(&hint.line)?;
            println!("Position: {}", start.notation()?);
            println!("Best move: {}", names.first().cloned().unwrap_or_default());
            println!("Evaluation: {}", hint.evaluation);
            println!("Expected line: {}", names.join(" "));
            Ok(ExitCode::SUCCESS)
        }
        Command::Match {
            game,
            bot_a,
            bot_b,
            setup,
            games,
            seed,
            fixed_seats,
        } => crate::matches::run_match(
            &set,
            &game,
            &setup.options,
            &bot_a,
            &bot_b,
            games,
            seed,
            fixed_seats,
        ),
        Command::Bench {
            game,
            seconds,
            simulations,
            json,
        } => crate::matches::bench(&set, game.as_deref(), seconds, simulations, json),
        Command::Solve { game, setup } => {
            let (_, start) = set_up(&set, &game, &setup)?;
            let t = Instant::now();
            let (margin, result) = crate::ai::alphabeta::solve(&start)?;
            let names = start.line_notation(&result.line)?;
            println!("Position: {}", start.notation()?);
            println!("Value: {margin:+} (final margin for the player to move, perfect play)");
            println!("Best move: {}", names.first().cloned().unwrap_or_default());
            println!("Principal line: {}", names.join(" "));
            println!(
                "Solved in {:.2} s, {} positions searched",
                t.elapsed().as_secs_f64(),
                result.nodes
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { .. } | Command::Open { .. } => unreachable!("handled above"),
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
                    "reason": f.reason(),
                    "details": match &f.status {
                        PluginStatus::Refused(e) => e.details().map(str::to_owned),
                        _ => None,
                    },
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({"dirs": dirs, "plugins": files}))?
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!("Plugin folders, in search order:");
    for d in &set.dirs.0 {
        let note = if d.path.is_dir() {
            ""
        } else {
            "  (does not exist)"
        };
        println!("  {}  [{}]{note}", d.path.display(), d.source);
    }
    if set.files.is_empty() {
        println!("No plugin files found.");
        return Ok(ExitCode::SUCCESS);
    }
    println!();
    println!(
        "{:<20} {:<24} {:<9} {:<12} PATH",
        "ID", "NAME", "VERSION", "STATUS"
    );
    for f in &set.files {
        let (id, name, version) = f.plugin().map_or(("-", "-", "-"), |p| {
            (
                p.id(),
                p.manifest().name.as_str(),
                p.manifest().version.as_str(),
            )
        });
        println!(
            "{id:<20} {name:<24} {version:<9} {:<12} {}",
            f.status_word(),
            f.path.display()
        );
        if let Some(reason) = f.reason() {
            println!("{:<20} └ {reason}", "");
        }
    }
    Ok(ExitCode::SUCCESS)
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
        None => "chance".into(),
        Some(s) => plugin
            .manifest()
            .seat_names
            .get(usize::from(s))
            .cloned()
            .unwrap_or_else(|| format!("seat {s}")),
    }
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
        bail!(
            "{} seats given, {} has {seat_count}",
            seats.len(),
            plugin.id()
        );
    }
    let names: Vec<String> = (0..seat_count)
        .map(|i| seats.get(i).cloned().unwrap_or_else(|| "random".into()))
        .collect();
    let mut bots: Vec<Box<dyn Bot>> = names
        .iter()
        .map(|n| bot_by_name(n, plugin).map_err(|e| anyhow!(e)))
        .collect::<Result<_>>()?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut record = Record::new(plugin, handle.options(), Some(seed), setup.position.clone());
    record.seats = names.clone();
    println!(
        "{} ({}), seed {seed}: {}",
        plugin.manifest().name,
        handle.options(),
        names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} {n}", seat_name(plugin, Some(i as u8))))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut rng = Rng::with_seed(seed);
    let result = play_out(&mut handle, &mut bots, &mut rng, &mut record, |m| {
        println!(
            "{:>4}. {:<10} {}",
            m.number,
            seat_name(plugin, m.seat),
            m.notation
        );
    });
    // Save what was played even when a plugin failed part-way.
    if let Some(path) = &record_path {
        record.write(path)?;
        println!("Record written to {}", path.display());
    }
    result?;
    print_result(&handle)?;
    Ok(ExitCode::SUCCESS)
}

/// The notations of a line of moves played from `game`.
fn print_result(game: &GameHandle) -> Result<()> {
    let view = game.view()?;
    match game.turn()? {
        Turn::Over { outcome } => {
            let scores: Vec<String> = outcome
                .seats
                .iter()
                .zip(&view.panels)
                .map(|(s, p)| format!("{} {} ({:?})", p.seat, s.score, s.result).to_lowercase())
                .collect();
            println!("Result: {} [{}]", view.status, scores.join(", "));
        }
        _ => println!("Not over: {}", view.status),
    }
    println!("Position: {}", game.notation()?);
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
        println!("Position: {}", handle.notation()?);
        if rows.is_empty() {
            println!("No legal moves: {}", handle.view()?.status);
        }
        for (info, result) in rows {
            println!("{:<8} {result}", info.notation);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn check(
    dirs: &PluginDirs,
    target: &str,
    games: u64,
    seed: u64,
    long: Option<LongRun>,
) -> Result<ExitCode> {
    let path = PathBuf::from(target);
    let plugin = if path.exists() {
        load_library(&path).with_context(|| format!("{} does not load", path.display()))?
    } else {
        let set = PluginSet::discover(dirs.clone());
        set.require(target).map_err(|e| anyhow!(e))?.clone()
    };
    let config = CheckConfig {
        games_per_set: games,
        seed,
        ..CheckConfig::default()
    };
    let t = Instant::now();
    let report = match &long {
        Some(budget) => check_long(&plugin, &config, budget),
        None => check_plugin(&plugin, &config),
    };
    println!(
        "{} {} ({}): {} option sets, {} games, {} actions checked in {:.1} s",
        plugin.manifest().name,
        plugin.manifest().version,
        plugin.path().display(),
        report.option_sets,
        report.games,
        report.actions,
        t.elapsed().as_secs_f64()
    );
    if report.passed() {
        println!("All checks passed.");
        Ok(ExitCode::SUCCESS)
    } else {
        for f in &report.failures {
            println!("FAILED: {f}");
        }
        println!(
            "{} of {} games failed.",
            report.failures.len(),
            report.games
        );
        Ok(ExitCode::FAILURE)
    }
}
