//! `tavola solve`.

use std::process::ExitCode;

use anyhow::Result;

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
    let solution = crate::ai::solve::solve(&start, &config, report)?;
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
        "Solved in {:.2} s, {} positions searched, table {} entries ({:.0} MB of {:.0} MB)",
        p.elapsed.as_secs_f64(),
        p.nodes,
        p.entries,
        mb(p.table_bytes),
        mb(config.memory)
    );
    Ok(ExitCode::SUCCESS)
}
