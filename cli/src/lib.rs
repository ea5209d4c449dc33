//! # tavola-cli: the command line
//!
//! `tavola [--plugins DIR]... <COMMAND>`; with no command (or `tavola open`), the desktop
//! app, which the binary hands in as an [`App`]: Cargo keeps the window's crates (egui,
//! eframe) out of this one, and the app never uses it. One module per command; [`run`] is
//! the one `match` over them (the commands that run a game's plugin code go through
//! [`games`]).

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Result, anyhow};
use clap::{Args, Parser, Subcommand};
use game_api::Turn;

use tavola_core::plugins::{GameHandle, Inspector, Plugin, PluginDirs, PluginSet};
use tavola_core::start::StartGame;

mod analyse;
mod check;
pub mod detach;
mod endgame;
mod engine_protocol;
mod engine_worker;
pub mod games;
pub mod help;
mod hint;
mod human;
mod internal;
pub mod language;
pub mod limits;
mod list;
mod manual;
mod moves;
pub mod net;
pub mod new;
pub mod new_data;
mod ogn;
mod open;
mod perft;
mod play;
mod puzzles;
mod replay;
mod review;
mod series;
mod solve;

/// Tavola: a board-game host whose games are plugins.
#[derive(Debug, Parser)]
#[command(name = "tavola", version, about, long_about = None)]
pub struct Cli {
    /// Also search this folder for plugins (before the standard ones; repeatable).
    #[arg(long = "plugins", value_name = "DIR", global = true)]
    pub plugins: Vec<PathBuf>,
    /// Search only the `--plugins` folders, not TAVOLA_PLUGINS, the folder beside the
    /// executable or the user data folder.
    #[arg(long, global = true)]
    pub no_default_plugins: bool,
    /// Open the app without its game in progress of the last run (which stays saved).
    /// An option of the app alone (`tavola --no-restore`), so the commands' help leaves
    /// it out.
    #[arg(long)]
    pub no_restore: bool,
    /// The language of the texts for people (`en`, `it`); without it, the app's
    /// remembered choice, else the system's language (LC_ALL, LC_MESSAGES, LANG).
    #[arg(long, global = true, value_name = "LANG", value_parser = language::parse_lang)]
    pub lang: Option<String>,
    /// Run plugins without their sandbox (for debugging a plugin only: a plugin can then
    /// read and write your files, use the network and start programs). Also
    /// `TAVOLA_NO_SANDBOX=1`.
    #[arg(long, global = true)]
    pub no_sandbox: bool,
    /// What to do; without a command the app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a new plugin crate from a template: a game on `game_api::Game`, or a
    /// mancala variant on mancala-kit; or a mancala variant as a data file
    /// (`--mancala-file`, no compiler needed).
    New(new::NewArgs),
    /// The commands that run a game's plugin code.
    #[command(flatten)]
    Games(games::GameCommand),
    /// Play with someone on another computer: offer a game (`net host`) or join one
    /// (`net join`).
    Net(net::NetArgs),
    /// Open the app straight into a new game.
    Open(open::OpenArgs),
    /// Inspect one plugin file in this process and print what was found as JSON (used by
    /// discovery, which runs it in a child process with a time limit).
    #[command(hide = true)]
    Inspect(internal::InspectArgs),
    /// Serve one game's plugin over standard input and output (the app starts one
    /// worker per game; see the `worker` module).
    #[command(hide = true)]
    Worker,
    /// Make one system call inside the sandbox of one kind of process, or print the
    /// allow-list as JSON (`--list`): the sandbox's sweep test (`sandbox::probe`).
    #[command(hide = true)]
    SandboxProbe(internal::ProbeArgs),
    /// Write the manual page, made from this help in the chosen language, to standard
    /// output (roff; the packager installs it as `tavola(1)`).
    #[command(hide = true)]
    Manual,
    /// Write the records of a sandboxed command (see the `sandbox::broker` module).
    #[command(hide = true)]
    WriteBroker(internal::BrokerArgs),
    /// Run the conformance suite on a plugin file (or a loaded game's id).
    Check(check::CheckArgs),
}

/// The options and start position of a game.
#[derive(Debug, Args)]
pub struct Setup {
    /// Set a game option (repeatable), e.g. `--option houses=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position notation instead of the start position.
    #[arg(long, value_name = "NOTATION")]
    pub position: Option<String>,
}

/// The desktop app, as the binary hands it to the command line: opened on the plugin
/// folders, with a game to open at start (`tavola open`), without the game in progress of
/// the last run (`--no-restore`), in a language (`--lang`).
pub type App = fn(PluginDirs, Option<StartGame>, bool, Option<String>) -> Result<()>;

/// Runs the command line (the app is `app`); errors are printed once, here, with a
/// non-zero exit.
pub fn main(app: App) -> ExitCode {
    let cli = help::parse();
    // `tavola list | head` should stop quietly when the reader goes away, as command-line
    // tools do, instead of panicking on the broken pipe. Not the app: it writes to its
    // workers' pipes, and a worker that died must be an error there, never a signal that
    // ends the app.
    let opens_app = matches!(cli.command, None | Some(Command::Open { .. }));
    if !opens_app {
        tavola_core::platform::process::end_quietly_on_broken_pipe();
    }
    match run(cli, app) {
        Ok(code) => code,
        Err(e) => {
            // An error may carry a plugin's or a file's words: no control character of
            // theirs reaches the terminal.
            let error = tavola_core::printable::printable(&format!("{e:#}")).into_owned();
            eprintln!("{}", tavola_core::tr!("cli-error", error = error));
            ExitCode::FAILURE
        }
    }
}

/// Runs a parsed command line (the app is `app`).
pub fn run(cli: Cli, app: App) -> Result<ExitCode> {
    tavola_core::sandbox::harden_process();
    let own_use = matches!(
        cli.command,
        Some(
            Command::Worker
                | Command::Inspect { .. }
                | Command::WriteBroker { .. }
                | Command::SandboxProbe { .. }
        )
    );
    if cli.no_sandbox {
        tavola_core::sandbox::disable();
    }
    // Off by the flag or by `TAVOLA_NO_SANDBOX`: said in every command a person runs.
    if tavola_core::sandbox::disabled() && !own_use && !detach::is_detached() {
        eprintln!(
            "{}",
            tavola_core::tr!(
                "cli-warning",
                warning = tavola_core::sandbox::SandboxState::Off.to_string()
            )
        );
    }
    let dirs = PluginDirs::standard(&cli.plugins, !cli.no_default_plugins);
    let Some(command) = cli.command else {
        app(dirs, None, cli.no_restore, cli.lang)?;
        return Ok(ExitCode::SUCCESS);
    };
    if !matches!(
        command,
        Command::Worker
            | Command::Inspect { .. }
            | Command::WriteBroker { .. }
            | Command::SandboxProbe { .. }
    ) {
        // The worker is told its language with each request; inspecting speaks none.
        let data_dir = tavola_core::platform::user_data_dir();
        tavola_core::i18n::set_language(language::choose(cli.lang.as_deref(), data_dir.as_deref()));
    }
    match command {
        Command::New(args) => new::run(&args),
        Command::Games(command) => games::run(dirs, command),
        // Network play runs its games in sandboxed workers and never loads a plugin
        // here; this process holds the connection, which the sandbox would forbid.
        Command::Net(args) => net::run(dirs, args),
        Command::Open(args) => open::run(app, dirs, args, cli.no_restore, cli.lang),
        Command::Inspect(args) => internal::inspect(&args),
        Command::Worker => tavola_core::worker::serve().map(|()| ExitCode::SUCCESS),
        Command::SandboxProbe(args) => internal::probe(&args),
        Command::Manual => {
            let lang = language::choose(cli.lang.as_deref(), None);
            manual::write(lang, &mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::WriteBroker(args) => internal::broker(&args),
        Command::Check(args) => check::run(&dirs, &args),
    }
}

/// The plugin for `game` and its start position (or `--position`) under `--option`s.
fn set_up<'a>(set: &'a PluginSet, game: &str, setup: &Setup) -> Result<(&'a Plugin, GameHandle)> {
    let plugin = set.require(game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(&setup.options)?;
    let handle = match &setup.position {
        Some(p) => plugin.from_notation(&options, p)?,
        None => plugin.new_game(&options)?,
    };
    Ok((plugin, handle))
}

fn seat_name(plugin: &Plugin, seat: Option<u8>) -> String {
    match seat {
        None => tavola_core::tr!("cli-chance"),
        Some(s) => plugin
            .manifest()
            .seat_names
            .get(usize::from(s))
            .cloned()
            .unwrap_or_else(|| tavola_core::tr!("cli-seat", seat = s)),
    }
}

/// Prints a warning for people on standard error.
pub(crate) fn warn(what: &str) {
    let warning = tavola_core::printable::printable(what).into_owned();
    eprintln!("{}", tavola_core::tr!("cli-warning", warning = warning));
}

/// A seat's result in one word for people.
fn result_word(result: game_api::GameResult) -> String {
    match result {
        game_api::GameResult::Win => tavola_core::tr!("cli-win"),
        game_api::GameResult::Draw => tavola_core::tr!("cli-draw"),
        game_api::GameResult::Loss => tavola_core::tr!("cli-loss"),
    }
}

/// Prints how `game` ended (or that it has not) and its position.
fn print_result(game: &GameHandle) -> Result<()> {
    let view = game.view()?;
    match game.turn()? {
        Turn::Over { outcome } => {
            let scores: Vec<String> = outcome
                .seats
                .iter()
                .zip(&view.panels)
                .map(|(s, p)| format!("{} {} ({})", p.seat, s.score, result_word(s.result)))
                .collect();
            let scores = scores.join(", ");
            println!(
                "{}",
                tavola_core::tr!("cli-result", status = view.status, scores = scores)
            );
        }
        _ => println!("{}", tavola_core::tr!("cli-not-over", status = view.status)),
    }
    println!(
        "{}",
        tavola_core::tr!("cli-position", position = game.notation()?)
    );
    Ok(())
}

/// A data file's game, loaded in this process through the loader in the plugins folders
/// that reads it; its refusal (the line, the key and what is allowed) as the error.
fn data_file(dirs: &PluginDirs, path: &std::path::Path) -> Result<Plugin> {
    let set = PluginSet::discover_with(dirs.clone(), &Inspector::this_binary());
    let loader = tavola_core::plugins::data::loader_for(path, set.games_and_loaders())
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    tavola_core::plugins::load_data_file(path, loader)
        .map_err(|e| anyhow!("{}: {e}", path.display()))
}
