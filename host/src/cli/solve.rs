//! `tavola solve`.

use std::process::ExitCode;

use anyhow::Result;
use game_api::search::SolveState;

use super::{Setup, set_up};
use crate::{
    ai::solve::{Progress, SolveConfig, default_memory},
    plugins::PluginSet,
};

/// `tavola solve`: the exact value within a memory budget, with progress on stderr.
pub(super) fn solve(
    set: &PluginSet,
    game: &str,
    setup: &Setup,
    memory_mb: Option<u64>,
    quiet: bool,
) -> Result<ExitCode> {
    let (_, start) = set_up(set, game, setup)?;
    let config = SolveConfig {
        memory: memory_mb.map_or_else(default_memory, |mb| mb << 20),
        ..SolveConfig::default()
    };
    let mb = |bytes: u64| bytes as f64 / f64::from(1u32 << 20);
    let report = |p: &Progress| {
        if !quiet {
            eprintln!(
                "{:>6.0} s: {} positions searched, table {} entries in {:.0} MB ({:.0}% of the {:.0} MB budget){}",
                p.elapsed.as_secs_f64(),
                p.nodes,
                p.entries,
                mb(p.table_bytes),
                100.0 * p.table_bytes as f64 / config.memory as f64,
                mb(config.memory),
                if p.replaced > 0 {
                    format!(", {} replaced", p.replaced)
                } else {
                    String::new()
                }
            );
        }
    };
    let bounds = |p: &Progress, state: Option<SolveState>| {
        if !quiet {
            let b = state.map(|s| (s.lower, s.upper));
            let mut known = match b {
                Some((lo, hi)) if lo > -(1 << 29) && hi < 1 << 29 => {
                    format!(", the value is from {lo:+} to {hi:+}")
                }
                Some((lo, _)) if lo > -(1 << 29) => format!(", the value is at least {lo:+}"),
                Some((_, hi)) if hi < 1 << 29 => format!(", the value is at most {hi:+}"),
                _ => String::new(),
            };
            if let Some(s) = state {
                known += &format!(" (testing: at least {:+}?)", s.next_test());
            }
            eprintln!(
                "{:>6.0} s: {} positions searched, table {} of {} entries ({:.0} MB){known}",
                p.elapsed.as_secs_f64(),
                p.nodes,
                p.entries,
                p.max_entries,
                mb(p.table_bytes),
            );
        }
    };
    let (solution, engine) = match crate::ai::solver::solve(&start, &config, bounds)? {
        Some(solution) => (solution, "the plugin's solver (MTD(f))"),
        None => (
            crate::ai::solve::solve(&start, &config, report)?,
            "the host's alpha-beta (the plugin has no solver)",
        ),
    };
    let names = start.line_notation(&solution.line)?;
    let p = solution.progress;
    println!("Position: {}", start.notation()?);
    println!(
        "Value: {:+} (final margin for the player to move, perfect play)",
        solution.margin
    );
    println!("Best move: {}", names.first().cloned().unwrap_or_default());
    println!("Principal line: {}", names.join(" "));
    println!(
        "Solved in {:.2} s by {engine}, {} positions searched, table {} entries ({:.0} MB of {:.0} MB)",
        p.elapsed.as_secs_f64(),
        p.nodes,
        p.entries,
        mb(p.table_bytes),
        mb(config.memory)
    );
    if let Some(peak) = peak_memory() {
        println!("Peak memory: {:.0} MB", mb(peak));
    }
    Ok(ExitCode::SUCCESS)
}

/// The most memory this process has held (`VmHWM` of `/proc/self/status`), where the
/// system tells it.
fn peak_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
