//! `tavola open`: the app straight into a new game (options, seats, a position, moves).

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::limits::MAX_OPENING_MOVES;
use tavola_core::plugins::PluginDirs;

/// The arguments of `tavola open`.
#[derive(Debug, Args)]
pub struct OpenArgs {
    /// The game's id.
    pub game: String,
    /// Set a game option (repeatable), e.g. `--option houses=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Who sits in each seat in seat order: `human` or a bot's name.
    #[arg(long = "seat", value_name = "WHO")]
    pub seats: Vec<String>,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this position notation instead of the game's start.
    #[arg(long, value_name = "NOTATION")]
    pub position: Option<String>,
    /// Then play these moves, by their notations (`c,f,B`), and stay there, paused.
    #[arg(long, value_name = "M1,M2,…", value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Then play this many random moves (paused afterwards), e.g. for screenshots
    /// (at most 10000).
    #[arg(long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
              .range(0..=MAX_OPENING_MOVES as u64))]
    pub random_moves: usize,
}

/// Runs `tavola open`: the app, its first game set up from `args`.
pub(super) fn run(
    app: super::App,
    dirs: PluginDirs,
    args: OpenArgs,
    no_restore: bool,
    lang: Option<String>,
) -> Result<ExitCode> {
    let start = tavola_core::start::StartGame {
        game: args.game,
        options: args.options,
        seats: args.seats,
        seed: args.seed,
        position: args.position,
        moves: args.moves,
        random_moves: args.random_moves,
    };
    app(dirs, Some(start), no_restore, lang)?;
    Ok(ExitCode::SUCCESS)
}
