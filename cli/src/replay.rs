//! `tavola replay`: a game record played again, every move and the result checked.

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Context, Result};
use clap::Args;

use super::{print_result, warn};
use tavola_core::{
    plugins::PluginSet,
    record::{Record, replay},
};

/// The arguments of `tavola replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file.
    pub file: PathBuf,
}

/// Runs `tavola replay`: the record's moves played again, its warnings and result printed.
pub(super) fn run(set: &PluginSet, args: &ReplayArgs) -> Result<ExitCode> {
    let file = &args.file;
    let record = Record::read(file)?;
    let replayed = replay(set, &record).with_context(|| {
        tavola_core::tr!("cli-does-not-replay", file = file.display().to_string())
    })?;
    for w in &replayed.warnings {
        warn(w);
    }
    println!(
        "{}",
        tavola_core::tr!(
            "cli-replayed",
            file = file.display().to_string(),
            count = record.moves.len(),
            game = record.game.clone()
        )
    );
    print_result(&replayed.game)?;
    Ok(ExitCode::SUCCESS)
}
