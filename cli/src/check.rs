//! `tavola check`: the conformance suite on a plugin file, a data file or a loaded game,
//! its progress on standard error, its report on standard output.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;

use super::limits::MAX_GAMES;
use tavola_core::{
    conformance::{
        CheckConfig, CheckReport, Hunt, LongRun, Progress, check_long, check_plugin_with,
    },
    plugins::{Inspector, Plugin, PluginDirs, PluginSet, load_library},
};

/// The arguments of `tavola check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A plugin library file, a data file (`NAME.mancala.toml`, read by the loader
    /// found in the plugins folders: from a checkout, add `--plugins target/release`),
    /// or the id of a loaded game.
    pub plugin: String,
    /// Random games per option set (10); in the long mode, games in all (1 to
    /// 1000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: Option<u64>,
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The long mode: play random games until this many actions are checked.
    #[arg(long)]
    pub moves: Option<u64>,
    /// The long mode: play random games for this many seconds.
    #[arg(long)]
    pub seconds: Option<f64>,
    /// The hunt for rare endless games: bot games at most, each followed by a search
    /// of every line from its last positions (0: no hunt).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(0..=MAX_GAMES))]
    pub hunt_games: u64,
    /// The hunt for rare endless games: seconds at most.
    #[arg(long, default_value_t = 20.0)]
    pub hunt_seconds: f64,
    /// The whole check stops, failed, after this many seconds.
    #[arg(long, default_value_t = CheckConfig::STANDARD_TIME_LIMIT)]
    pub time_limit: u64,
}

/// Runs `tavola check` as its arguments say (the quick suite, the hunt for rare endless
/// games, the long mode, the time limit), confined as any command running plugin code.
pub(super) fn run(dirs: &PluginDirs, args: &CheckArgs) -> Result<ExitCode> {
    let long = (args.moves.is_some() || args.seconds.is_some()).then_some(LongRun {
        moves: args.moves,
        games: args.games,
        seconds: args.seconds,
    });
    tavola_core::sandbox::arm(
        tavola_core::sandbox::Allowance::default(),
        tavola_core::sandbox::Reporter::Person,
    );
    let config = CheckConfig {
        games_per_set: args.games.unwrap_or(10),
        seed: args.seed,
        hunt: (args.hunt_games > 0).then_some(Hunt {
            games: args.hunt_games,
            seconds: args.hunt_seconds,
            ..Hunt::default()
        }),
        time_limit: Some(std::time::Duration::from_secs(args.time_limit)),
        ..CheckConfig::standard()
    };
    check(dirs, &args.plugin, config, long)
}

/// Runs the check on `target` (a library file, a data file or a game's id) and prints
/// its report; the exit code says whether it passed.
fn check(
    dirs: &PluginDirs,
    target: &str,
    config: CheckConfig,
    long: Option<LongRun>,
) -> Result<ExitCode> {
    let plugin = target_plugin(dirs, target)?;
    // Keys that do nothing are told, not refused: the file still loads.
    for warning in plugin
        .manifest()
        .warnings
        .iter()
        .take(tavola_core::plugins::MAX_WARNINGS)
    {
        super::warn(warning);
    }
    let t = Instant::now();
    let report = match &long {
        Some(budget) => check_long(&plugin, &config, budget),
        None => check_plugin_with(&plugin, &config, &mut check_progress),
    };
    print_summary(&plugin, &report, t.elapsed().as_secs_f64());
    if report.passed() {
        println!("{}", tavola_core::tr!("cli-check-passed"));
        Ok(ExitCode::SUCCESS)
    } else {
        print_failures(&report);
        Ok(ExitCode::FAILURE)
    }
}

/// The plugin `target` names: a data file, a library file, or a loaded game's id.
fn target_plugin(dirs: &PluginDirs, target: &str) -> Result<Plugin> {
    let path = PathBuf::from(target);
    Ok(
        if path.exists() && tavola_core::plugins::data::is_data_name(&path) {
            super::data_file(dirs, &path)?
        } else if path.exists() {
            load_library(&path).with_context(|| {
                tavola_core::tr!("cli-does-not-load", file = path.display().to_string())
            })?
        } else {
            let set = PluginSet::discover_with(dirs.clone(), &Inspector::this_binary());
            set.require(target).map_err(|e| anyhow!(e))?.clone()
        },
    )
}

/// What was checked, in how many `seconds`: the plugin, the games and actions, the bot
/// games, and the hunt.
fn print_summary(plugin: &Plugin, report: &CheckReport, seconds: f64) {
    println!(
        "{}",
        tavola_core::tr!(
            "cli-check-summary",
            game = tavola_core::printable::printable_line(&format!(
                "{} {}",
                plugin.manifest().name,
                plugin.manifest().version
            ))
            .into_owned(),
            path = tavola_core::printable::printable_line(&plugin.path().display().to_string())
                .into_owned(),
            sets = report.option_sets,
            games = report.games,
            actions = report.actions,
            seconds = seconds
        )
    );
    println!(
        "{}",
        tavola_core::tr!(
            "cli-check-bot-games",
            games = report.bot_games,
            actions = report.bot_actions
        )
    );
    if let Some(hunt) = &report.hunt {
        println!(
            "{}",
            tavola_core::tr!(
                "cli-check-hunt",
                games = hunt.games,
                actions = hunt.actions,
                positions = hunt.positions_searched,
                seconds = hunt.elapsed.as_secs_f64()
            )
        );
        if hunt.out_of_time {
            println!("{}", tavola_core::tr!("cli-check-hunt-out-of-time"));
        }
    }
}

/// Each failure, then how many of the games failed.
fn print_failures(report: &CheckReport) {
    for f in &report.failures {
        println!(
            "{}",
            tavola_core::tr!(
                "cli-check-failed",
                failure = tavola_core::printable::printable(&f.to_string()).into_owned()
            )
        );
    }
    println!(
        "{}",
        tavola_core::tr!(
            "cli-check-failed-games",
            // The time limit's failure is no game's.
            failed = report.failures.len() - usize::from(report.timed_out),
            games = report.games
                + report.bot_games
                + report.hunt.as_ref().map_or(0, |h| h.games as usize)
        )
    );
}

/// Prints the check's progress on standard error, one line a step (the result goes to
/// standard output).
fn check_progress(progress: Progress) {
    // A random game is told only when nothing was told for two seconds (long games).
    static LAST: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);
    let quiet = |now: Instant| {
        LAST.lock()
            .map(|last| last.is_none_or(|t| now.duration_since(t).as_secs_f64() >= 2.0))
            .unwrap_or(true)
    };
    let now = Instant::now();
    let line = match progress {
        Progress::Game {
            set,
            of,
            games,
            actions,
            elapsed,
        } => {
            if !quiet(now) {
                return;
            }
            tavola_core::tr!(
                "cli-check-progress-game",
                set = set,
                of = of,
                games = games,
                actions = actions,
                seconds = elapsed.as_secs_f64()
            )
        }
        Progress::OptionSet {
            set,
            of,
            games,
            actions,
            elapsed,
        } => tavola_core::tr!(
            "cli-check-progress-set",
            set = set,
            of = of,
            games = games,
            actions = actions,
            seconds = elapsed.as_secs_f64()
        ),
        Progress::Hunt(p) => {
            // Every tenth game, and the end.
            if !p.games.is_multiple_of(10) && !p.done {
                return;
            }
            tavola_core::tr!(
                "cli-check-progress-hunt",
                games = p.games,
                of = p.of,
                positions = p.positions,
                seconds = p.elapsed.as_secs_f64()
            )
        }
    };
    if let Ok(mut last) = LAST.lock() {
        *last = Some(now);
    }
    eprintln!("{}", tavola_core::printable::printable(&line));
}
