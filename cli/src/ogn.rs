//! `tavola ogn import FILE.ogn` and `tavola ogn export RECORD`: Aualé's Oware Game
//! Notation to and from Tavola's records (see [`tavola_core::ogn`]).

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Result, anyhow};
use clap::{Args, Subcommand};

use tavola_core::{
    ogn::{ogn_from_record, record_from_ogn},
    plugins::PluginSet,
    record::Record,
};

/// The arguments of `tavola ogn`.
#[derive(Debug, Args)]
pub struct OgnArgs {
    /// Import or export.
    #[command(subcommand)]
    pub command: OgnCommand,
}

/// What `tavola ogn` does.
#[derive(Debug, Subcommand)]
pub enum OgnCommand {
    /// Read an OGN file (Aualé's) and print it as a Tavola record (JSON).
    Import {
        /// The OGN file.
        file: PathBuf,
    },
    /// Print a Tavola record of Oware as OGN.
    Export {
        /// The record file.
        record: PathBuf,
    },
}

/// Runs `tavola ogn`.
pub(super) fn run(set: &PluginSet, args: &OgnArgs) -> Result<ExitCode> {
    let plugin = set.require("oware").map_err(|e| anyhow!(e))?;
    match &args.command {
        OgnCommand::Import { file } => {
            let text =
                std::fs::read_to_string(file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
            let record =
                record_from_ogn(plugin, &text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
            println!("{}", record.to_json());
        }
        OgnCommand::Export { record } => {
            let read = Record::read(record)?;
            let text =
                ogn_from_record(plugin, &read).map_err(|e| anyhow!("{}: {e}", record.display()))?;
            print!("{text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
