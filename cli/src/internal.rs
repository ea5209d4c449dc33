//! The hidden commands the binary runs for itself: `inspect` (a plugin file inspected in
//! a child process), `worker` (one game's plugin served to the app), `sandbox-probe` (the
//! sandbox's sweep test), `manual` (the manual page) and `write-broker` (the records of a
//! sandboxed command).

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Result, bail};
use clap::Args;

/// The arguments of `tavola inspect` (hidden).
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// The library file.
    pub file: PathBuf,
    /// A data file's private copy, for the loader `file` to read.
    #[arg(long)]
    pub data: Option<PathBuf>,
}

/// The arguments of `tavola sandbox-probe` (hidden).
#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// The kind of process whose sandbox is entered.
    #[arg(long, value_enum, default_value = "worker")]
    pub kind: tavola_core::sandbox::probe::ProcessKind,
    /// The system call's number.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub nr: i64,
    /// Through which interface.
    #[arg(long, value_enum, default_value = "native")]
    pub abi: tavola_core::sandbox::probe::Abi,
    /// Print the allow-list instead.
    #[arg(long)]
    pub list: bool,
    /// A folder for the worker's tables folder (default: the system's temporary one).
    #[arg(long, value_name = "DIR")]
    pub scratch: Option<PathBuf>,
}

/// The arguments of `tavola write-broker` (hidden).
#[derive(Debug, Args)]
pub struct BrokerArgs {
    /// The one record file it may write.
    #[arg(long, conflicts_with = "dir")]
    pub file: Option<PathBuf>,
    /// The folder whose `game-NNNN.json` files it may write.
    #[arg(long, requires = "games")]
    pub dir: Option<PathBuf>,
    /// With `--dir`: how many games (`game-0000.json` up to this count, exclusive).
    #[arg(long)]
    pub games: Option<u64>,
}

/// Runs `tavola inspect`.
pub(super) fn inspect(args: &InspectArgs) -> Result<ExitCode> {
    tavola_core::plugins::inspect_command(&args.file, args.data.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `tavola sandbox-probe`.
pub(super) fn probe(args: &ProbeArgs) -> Result<ExitCode> {
    if args.list {
        println!(
            "{}",
            serde_json::to_string_pretty(&tavola_core::sandbox::probe::list())?
        );
    } else {
        let scratch = args.scratch.clone().unwrap_or_else(std::env::temp_dir);
        tavola_core::sandbox::probe::probe(args.kind, args.nr, args.abi, &scratch)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `tavola write-broker`.
pub(super) fn broker(args: &BrokerArgs) -> Result<ExitCode> {
    use tavola_core::sandbox::broker::{Target, serve};
    let target = match (&args.file, &args.dir) {
        (Some(f), _) => Target::File(f.clone()),
        (None, Some(dir)) => Target::Series {
            dir: dir.clone(),
            games: args.games.unwrap_or(0),
        },
        (None, None) => bail!("write-broker needs --file or --dir"),
    };
    serve(&target).map(|()| ExitCode::SUCCESS)
}
