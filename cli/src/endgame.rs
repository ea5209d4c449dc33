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
use tavola_core::plugins::{GameHandle, PluginSet};

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
    /// The tables' folder (default: `endgames/GAME` in the user data folder).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Endgame tables for a command's search (`tavola engine`, `hint`, `solve`): loaded from
/// a folder before the search starts.
#[derive(Debug, Args, Default)]
pub struct TablesArgs {
    /// Load the game's endgame tables from this folder (built by `tavola endgame GAME
    /// --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`.
    #[arg(long, value_name = "DIR")]
    pub endgames: Option<PathBuf>,
    /// With `--endgames`: every table up to this many seeds (default: the game's).
    #[arg(long, value_name = "N", requires = "endgames",
          value_parser = clap::value_parser!(u32).range(0..=40))]
    pub endgame_seeds: Option<u32>,
    /// With `--endgames`: when no table there fits the game's rules, go on without
    /// them (saying so on standard error) instead of failing; the app passes it, its
    /// folder holding the tables built for whatever rules were played.
    #[arg(long, requires = "endgames")]
    pub endgames_if_they_fit: bool,
}

impl TablesArgs {
    /// Loads the tables into `game`'s plugin, if a folder was given; says on stderr how
    /// far they go, and fails when none could be loaded (with the game's reason), unless
    /// `--endgames-if-they-fit`: then it says so and goes on without them.
    pub fn load(&self, game: &GameHandle, id: &str) -> Result<()> {
        let Some(dir) = &self.endgames else {
            return Ok(());
        };
        let request = TablesRequest {
            op: TablesOp::Load,
            dir: dir.to_string_lossy().into_owned(),
            seeds: self.endgame_seeds,
        };
        let status = game.endgame_tables(&request)?;
        for why in &status.rejected {
            eprintln!("{why}");
        }
        match status.loaded {
            Some(n) => {
                eprintln!("endgame tables loaded: up to {n} seeds");
                Ok(())
            }
            None if self.endgames_if_they_fit => {
                eprintln!(
                    "{}",
                    tavola_core::tr!(
                        "endgames-none-fit",
                        game = id,
                        dir = dir.display().to_string(),
                        reason = status.reason.map(|r| format!(": {r}")).unwrap_or_default()
                    )
                );
                Ok(())
            }
            None => bail!(
                "no endgame tables for {id} in {}{}",
                dir.display(),
                status.reason.map(|r| format!(": {r}")).unwrap_or_default()
            ),
        }
    }
}

impl EndgameArgs {
    /// The tables' folder: `--dir`, else the folder of the game's plugin in use (in
    /// `set`) under `endgames` in the user data folder, as the app keeps them
    /// ([`tables_dir`](tavola_core::worker::tables_dir): by the plugin, never by the id alone).
    pub(super) fn folder(&self, set: &PluginSet) -> Option<PathBuf> {
        match &self.dir {
            Some(d) => Some(d.clone()),
            None => {
                let plugin = set.game(&self.game)?;
                tavola_core::platform::user_data_dir()
                    .map(|d| tavola_core::worker::tables_dir(&d.join("endgames"), plugin))
            }
        }
    }
}

/// `tavola endgame`.
pub(super) fn endgame(set: &PluginSet, args: &EndgameArgs) -> Result<ExitCode> {
    let (plugin, game) = set_up(set, &args.game, &args.setup)?;
    let dir = args
        .folder(set)
        .with_context(|| tavola_core::tr!("endgame-no-data-folder"))?;
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
        let reason = status
            .reason
            .clone()
            .unwrap_or_else(|| tavola_core::tr!("endgame-none"));
        bail!("{}: {reason}", plugin.manifest().name);
    }
    let seeds = args.seeds.unwrap_or(status.default_seeds);
    let folder = dir.display().to_string();
    println!("{}", tavola_core::tr!("endgame-folder", folder = folder));
    let status = if args.build {
        build(&ask, seeds)?
    } else {
        ask(TablesOp::Load)?
    };
    for reason in &status.rejected {
        eprintln!(
            "{}",
            tavola_core::tr!("endgame-untrusted", reason = reason.clone())
        );
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
            bail!(tavola_core::tr!("endgame-no-build"));
        };
        let secs = started.elapsed().as_secs_f64();
        let share = if b.total > 0 {
            b.done as f64 / b.total as f64
        } else {
            0.0
        };
        if bar {
            let filled = (share * 30.0).round() as usize;
            let progress = tavola_core::tr!(
                "endgame-bar",
                share = share,
                count = b.count,
                seconds = secs
            );
            eprint!(
                "\r[{}{}] {progress} ",
                "#".repeat(filled),
                ".".repeat(30 - filled.min(30)),
            );
            let _ = std::io::stderr().flush();
        } else if last_count != Some(b.count) {
            eprintln!(
                "{}",
                tavola_core::tr!(
                    "endgame-building",
                    seconds = secs,
                    count = b.count,
                    share = share
                )
            );
            last_count = Some(b.count);
        }
        if b.finished {
            if bar {
                eprintln!();
            }
            if let Some(e) = &b.error {
                bail!(tavola_core::tr!("endgame-build-failed", error = e.clone()));
            }
            break status;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    println!(
        "{}",
        tavola_core::tr!(
            "endgame-built",
            count = seeds,
            seconds = started.elapsed().as_secs_f64()
        )
    );
    Ok(status)
}

fn print_files(status: &TablesStatus, seeds: u32) {
    let (mut positions, mut bytes) = (0u64, 0u64);
    for f in &status.files {
        println!(
            "{}",
            tavola_core::tr!(
                "endgame-file",
                count = format!("{:>3}", f.seeds),
                positions = format!("{:>12}", f.positions),
                bytes = format!("{:>12}", f.bytes)
            )
        );
        positions += f.positions;
        bytes += f.bytes;
    }
    let loaded = status.loaded.map_or_else(
        || tavola_core::tr!("endgame-loaded-nothing"),
        |n| tavola_core::tr!("endgame-loaded-seeds", count = n),
    );
    println!(
        "{}",
        tavola_core::tr!(
            "endgame-in-all",
            positions = positions,
            megabytes = bytes as f64 / 1e6,
            loaded = loaded
        )
    );
    if status.loaded.is_none_or(|n| n < seeds) {
        println!("{}", tavola_core::tr!("endgame-not-built", count = seeds));
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
            "{}",
            tavola_core::tr!("endgame-not-in-tables", position = notation)
        ),
    }
    Ok(())
}
