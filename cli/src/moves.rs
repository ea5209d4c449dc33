//! `tavola moves`: the legal moves of a position with the position each one leads to.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde_json::json;

use super::{Setup, set_up};
use tavola_core::plugins::PluginSet;

/// The arguments of `tavola moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The game's id.
    pub game: String,
    /// The options and start position.
    #[command(flatten)]
    pub setup: Setup,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tavola moves`: the legal moves of a position, each with the position it leads to.
pub(super) fn run(set: &PluginSet, args: &MovesArgs) -> Result<ExitCode> {
    let as_json = args.json;
    let (_, handle) = set_up(set, &args.game, &args.setup)?;
    let mut rows = Vec::new();
    for info in handle.moves()? {
        let mut next = handle.clone();
        next.apply(info.id)?;
        rows.push((info, next.notation()?));
    }
    if as_json {
        let list: Vec<_> = rows
            .iter()
            .map(|(info, result)| {
                json!({
                    "id": info.id,
                    "notation": info.notation,
                    "sites": info.sites,
                    "choice": info.choice,
                    "key": info.key,
                    "result": result,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        println!(
            "{}",
            tavola_core::tr!("cli-position", position = handle.notation()?)
        );
        if rows.is_empty() {
            let status = handle.view()?.status;
            println!(
                "{}",
                tavola_core::tr!("cli-no-legal-moves", status = status)
            );
        }
        for (info, result) in rows {
            println!("{:<8} {result}", info.notation);
        }
    }
    Ok(ExitCode::SUCCESS)
}
