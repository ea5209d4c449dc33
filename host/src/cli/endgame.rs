//! `tavola endgame`: a game's endgame tables, built with a progress bar on the terminal.

use std::{
    io::{IsTerminal, Write},
    path::PathBuf,
    process::ExitCode,
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use clap::Args;
use game_api::endgame::{TablesOp, TablesRequest, TablesStatus};

use super::{Setup, set_up};
use crate::plugins::{GameHandle, PluginSet};

/// The arguments of `tavola endgame`.
#[derive(Debug, Args)]
pub struct EndgameArgs {
    /// The game's id.
    game: String,
    /// The options (those that change the rules choose the tables); with `--position`,
    /// what perfect play gives from there.
    #[command(flatten)]
    setup: Setup,
    /// Build the tables that are missing (or untrusted) instead of only reporting.
    #[arg(long)]
    build: bool,
    /// Every position with at most this many seeds on the board (default: the game's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=40))]
    seeds: Option<u32>,
    /// The tables' folder (default: `endgames` in the user data folder).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// `tavola endgame`.
pub(super) fn endgame(set: &PluginSet, args: &EndgameArgs) -> Result<ExitCode> {
    let (plugin, game) = set_up(set, &args.game, &args.setup)?;
    let dir = match &args.dir {
        Some(d) => d.clone(),
        None => crate::app::data_dir()
            .context("this system has no user data folder; give one with --dir")?
            .join("endgames"),
    };
    let ask = |op| -> Result<TablesStatus> {
        let request = TablesRequest {
            op,
            dir: dir.to_string_lossy().into_owned(),
            seeds: args.seeds,
        };
        Ok(game.endgame_tables(&request)?)
    };
    let status = ask(TablesOp::Status)?;
    if !status.supported {
        bail!(
            "{}: {}",
            plugin.manifest().name,
            status.reason.as_deref().unwrap_or("no endgame tables")
        );
    }
    let seeds = args.seeds.unwrap_or(status.default_seeds);
    println!("Tables: {}", dir.display());
    let status = if args.build {
        build(&ask, seeds)?
    } else {
        ask(TablesOp::Load)?
    };
    for reason in &status.rejected {
        eprintln!("untrusted: {reason}");
    }
    print_files(&status, seeds);
    if args.setup.position.is_some() {
        probe(&game, &ask, &plugin.manifest().seat_names)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn build(ask: &dyn Fn(TablesOp) -> Result<TablesStatus>, seeds: u32) -> Result<TablesStatus> {
    let started = Instant::now();
    ask(TablesOp::Build)?;
    let bar = std::io::stderr().is_terminal();
    let mut last_count = None;
    let status = loop {
        let status = ask(TablesOp::Status)?;
        let Some(b) = &status.build else {
            bail!("the plugin did not start a build");
        };
        let secs = started.elapsed().as_secs_f64();
        let share = if b.total > 0 {
            b.done as f64 / b.total as f64
        } else {
            0.0
        };
        if bar {
            let filled = (share * 30.0).round() as usize;
            eprint!(
                "\r[{}{}] {:5.1}%  {} seeds  {secs:6.1} s ",
                "#".repeat(filled),
                ".".repeat(30 - filled.min(30)),
                100.0 * share,
                b.count
            );
            let _ = std::io::stderr().flush();
        } else if last_count != Some(b.count) {
            eprintln!(
                "{secs:7.1} s: building {} seeds ({:.1}% done)",
                b.count,
                100.0 * share
            );
            last_count = Some(b.count);
        }
        if b.finished {
            if bar {
                eprintln!();
            }
            if let Some(e) = &b.error {
                bail!("the build failed: {e}");
            }
            break status;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    println!(
        "Built every position with up to {seeds} seeds in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(status)
}

fn print_files(status: &TablesStatus, seeds: u32) {
    let (mut positions, mut bytes) = (0u64, 0u64);
    for f in &status.files {
        println!(
            "{:>3} seeds: {:>12} positions, {:>12} bytes",
            f.seeds, f.positions, f.bytes
        );
        positions += f.positions;
        bytes += f.bytes;
    }
    println!(
        "In all: {positions} positions, {:.1} MB on disk; loaded up to {}",
        bytes as f64 / 1e6,
        status
            .loaded
            .map_or("nothing".into(), |n| format!("{n} seeds"))
    );
    if status.loaded.is_none_or(|n| n < seeds) {
        println!("Not built up to {seeds} seeds: run with --build.");
    }
}

fn probe(
    game: &GameHandle,
    ask: &dyn Fn(TablesOp) -> Result<TablesStatus>,
    seats: &[String],
) -> Result<()> {
    let notation = game.notation()?;
    let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
    match ask(TablesOp::Probe)?.probe {
        Some(play) => println!("{notation}: {}", play.describe(&seats)),
        None => println!(
            "{notation}: not in the tables (too many seeds, not loaded, or a value that \
             depends on repetitions)"
        ),
    }
    Ok(())
}
