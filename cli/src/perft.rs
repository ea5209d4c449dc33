//! `tavola perft`: the number of action sequences of each length, for checking a game's
//! move generation against published counts.

use std::{process::ExitCode, time::Instant};

use anyhow::Result;
use clap::Args;

use super::{Setup, limits::MAX_PERFT_DEPTH, set_up};
use tavola_core::{play::perft, plugins::PluginSet};

/// The arguments of `tavola perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game's id.
    pub game: String,
    /// The largest depth (1 to 30).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PERFT_DEPTH)))]
    pub depth: u32,
    /// The options and start position.
    #[command(flatten)]
    pub setup: Setup,
}

/// Runs `tavola perft`: the count at each depth from 1 to `depth`, with its time.
pub(super) fn run(set: &PluginSet, args: &PerftArgs) -> Result<ExitCode> {
    let (_, start) = set_up(set, &args.game, &args.setup)?;
    for d in 1..=args.depth {
        let t = Instant::now();
        let n = perft(&start, d)?;
        // The count as digits alone (no grouping): scripts read these lines.
        println!(
            "{}",
            tavola_core::tr!(
                "cli-perft-depth",
                depth = d,
                nodes = n.to_string(),
                seconds = t.elapsed().as_secs_f64()
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}
