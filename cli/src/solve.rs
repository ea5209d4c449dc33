//! `tavola solve`.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use game_api::search::SolveState;

use super::{Setup, limits::megabytes, set_up};
use tavola_core::{
    ai::solve::{Progress, SolveConfig, default_memory},
    plugins::PluginSet,
};

/// The arguments of `tavola solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game's id.
    pub game: String,
    /// The options and start position.
    #[command(flatten)]
    pub setup: Setup,
    /// The most memory for the table of solved positions, in megabytes (default: a
    /// quarter of the machine's memory); a full table slows the solve, the value
    /// stays exact.
    #[arg(long, value_name = "MB", value_parser = megabytes)]
    pub memory: Option<u64>,
    /// No progress reports on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Prove the result alone (win, draw or loss), not the final margin: the only exact
    /// answer where the margin is out of the solver's reach (Oware, whose majority end
    /// leaves the tables' winner exact but not their margin).
    #[arg(long)]
    pub results: bool,
    /// Endgame tables the solver may read (their values are exact).
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
}

/// `tavola solve`: the exact value within a memory budget, with progress on stderr.
pub(super) fn solve(set: &PluginSet, args: &SolveArgs) -> Result<ExitCode> {
    let (game, memory_mb, quiet, tables) =
        (args.game.as_str(), args.memory, args.quiet, &args.tables);
    let (_, start) = set_up(set, game, &args.setup)?;
    tables.load(&start, game)?;
    let config = SolveConfig {
        memory: memory_mb.map_or_else(default_memory, |mb| mb << 20),
        results: args.results,
        ..SolveConfig::default()
    };
    let bounds = |p: &Progress, state: Option<SolveState>| {
        if !quiet {
            eprintln!("{}", progress_line(p, state));
        }
    };
    let solution = tavola_core::ai::solve::solve(&start, &config, bounds)?;
    let engine = tavola_core::tr!("solve-by-plugin");
    let names = start.line_notation(&solution.line)?;
    let p = solution.progress;
    println!(
        "{}",
        tavola_core::tr!("cli-position", position = start.notation()?)
    );
    let value = format!("{:+}", solution.margin);
    if solution.exact {
        println!("{}", tavola_core::tr!("solve-value", value = value));
    } else {
        let result = match solution.result {
            1 => tavola_core::tr!("solve-result-win", margin = value),
            -1 => tavola_core::tr!("solve-result-loss", margin = value),
            _ => tavola_core::tr!("estimate-draw"),
        };
        println!("{}", tavola_core::tr!("solve-result", result = result));
    }
    let best = names.first().cloned().unwrap_or_default();
    println!("{}", tavola_core::tr!("hint-best", best = best));
    println!("{}", tavola_core::tr!("solve-line", line = names.join(" ")));
    println!(
        "{}",
        tavola_core::tr!(
            "solve-solved",
            seconds = p.elapsed.as_secs_f64(),
            engine = engine,
            nodes = p.nodes,
            entries = p.entries,
            megabytes = mb(p.table_bytes),
            budget = mb(config.memory)
        )
    );
    if let Some(peak) = peak_memory() {
        println!("{}", tavola_core::tr!("solve-peak", megabytes = mb(peak)));
    }
    Ok(ExitCode::SUCCESS)
}

/// Megabytes (MiB) of `bytes`.
fn mb(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1u32 << 20)
}

/// A progress line of the solver: its figures, then what is known of the value (the
/// bounds proven, the value being tested).
fn progress_line(p: &Progress, state: Option<SolveState>) -> String {
    let b = state.map(|s| (s.lower, s.upper));
    let mut known = match b {
        Some((lo, hi)) if lo > -(1 << 29) && hi < 1 << 29 => tavola_core::tr!(
            "solve-between",
            lo = format!("{lo:+}"),
            hi = format!("{hi:+}")
        ),
        Some((lo, _)) if lo > -(1 << 29) => {
            tavola_core::tr!("solve-at-least", lo = format!("{lo:+}"))
        }
        Some((_, hi)) if hi < 1 << 29 => {
            tavola_core::tr!("solve-at-most", hi = format!("{hi:+}"))
        }
        _ => String::new(),
    };
    if let Some(s) = state {
        known += &tavola_core::tr!("solve-testing", value = format!("{:+}", s.next_test()));
    }
    let line = tavola_core::tr!(
        "solve-progress-solver",
        seconds = p.elapsed.as_secs_f64(),
        nodes = p.nodes,
        entries = p.entries,
        max = p.max_entries,
        megabytes = mb(p.table_bytes)
    );
    format!("{line}{known}")
}

/// The most memory this process has held (`VmHWM` of `/proc/self/status`), where the
/// system tells it.
fn peak_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
