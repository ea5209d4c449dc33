//! `tavola match` and `tavola bench`: a seeded series between two bots, and the search's
//! speed (see [`tavola_core::matches`]).

use std::{path::PathBuf, process::ExitCode};

use anyhow::Result;
use clap::Args;

use super::{
    Setup,
    limits::{MAX_GAMES, MAX_SIMULATIONS, seconds},
};
use tavola_core::plugins::PluginSet;

/// The arguments of `tavola match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game's id.
    pub game: String,
    /// The first bot (its results are reported).
    pub bot_a: String,
    /// The second bot.
    pub bot_b: String,
    /// The options.
    #[command(flatten)]
    pub setup: Setup,
    /// Games to play (1 to 1000000).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// The first seed; game `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the first bot in the first seat (asymmetric games) instead of
    /// alternating sides.
    #[arg(long)]
    pub fixed_seats: bool,
    /// Write each game's record into this folder (`game-0000.json`, …) as it is
    /// played.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
}

/// The arguments of `tavola bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game's id; all games if omitted.
    pub game: Option<String>,
    /// Seconds per measurement (above 0, at most 3600).
    #[arg(long, default_value_t = 2.0, value_parser = seconds, allow_negative_numbers = true)]
    pub seconds: f64,
    /// Measure searches of this many simulations each (fresh trees, repeated for
    /// the measuring time) instead of one long search: the shape of other
    /// programs' benchmarks, e.g. one `MCTSBot.step` of 20,000 simulations
    /// (1 to 10000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_SIMULATIONS))]
    pub simulations: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tavola match`.
pub(super) fn run_match(set: &PluginSet, args: &MatchArgs) -> Result<ExitCode> {
    tavola_core::matches::run_match(
        set,
        &args.game,
        &args.setup.options,
        &args.bot_a,
        &args.bot_b,
        args.games,
        args.seed,
        args.fixed_seats,
        args.record.as_deref(),
    )
}

/// Runs `tavola bench`.
pub(super) fn run_bench(set: &PluginSet, args: &BenchArgs) -> Result<ExitCode> {
    tavola_core::matches::bench(
        set,
        args.game.as_deref(),
        args.seconds,
        args.simulations,
        args.json,
    )
}
