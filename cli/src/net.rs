//! `tavola net host` / `tavola net join`: network play from the command line, for
//! scripts and tests (and people without the app).

use std::{net::SocketAddr, path::PathBuf, process::ExitCode, time::Duration};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use game_api::Turn;

use tavola_core::{
    plugins::{Inspector, PluginDirs, PluginSet},
    printable::printable_line,
};
use tavola_net::{Invite, JoinSetup, LocalPlayer, NetOutcome, NetSettings, Offer};

/// `tavola net …`.
#[derive(Debug, Args)]
pub struct NetArgs {
    /// Offer a game, or join one.
    #[command(subcommand)]
    pub command: NetCommand,
}

/// The network commands.
#[derive(Debug, Subcommand)]
pub enum NetCommand {
    /// Offer a game: print its invite on one line, wait for players, play this seat.
    Host {
        /// The game's id (see `tavola list`; with `--resume`: the record's).
        #[arg(required_unless_present = "resume")]
        game: Option<String>,
        /// Come back to the game of this record (this side's, saved with `--record`)
        /// after a crash, under the same invite: the record goes on being saved there.
        #[arg(long, value_name = "FILE", conflicts_with = "record")]
        resume: Option<PathBuf>,
        /// Set a game option (repeatable), e.g. `--option houses=4`.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The seat this side plays (from 0); every other seat is a joining player's.
        #[arg(long, default_value_t = 0)]
        seat: u8,
        /// Clocks: minutes a seat for the game, plus seconds added after each move
        /// (`5+3`); a seat whose time runs out loses.
        #[arg(long, value_name = "MINUTES+SECONDS", value_parser = tavola_net::TimeControl::parse)]
        clock: Option<tavola_net::TimeControl>,
        /// Listen on this address (e.g. `127.0.0.1:0`); without it, every interface.
        #[arg(long, value_name = "ADDR:PORT")]
        listen: Option<SocketAddr>,
        /// What both sides take.
        #[command(flatten)]
        common: Common,
        /// How long to wait for the players to join, in seconds.
        #[arg(long, default_value_t = 600, value_name = "SECONDS")]
        wait: u64,
    },
    /// Show that each throw of a network game's record was fair: every contribution is
    /// the next link of its player's chain back to the commitment given before the game,
    /// and every chance outcome is the one they draw.
    Verify {
        /// The record (either side's).
        record: PathBuf,
    },
    /// Join a game from its invite.
    Join {
        /// The invite (`tavola1:…`) the host printed (with `--resume`: the record's).
        #[arg(required_unless_present = "resume")]
        invite: Option<String>,
        /// Come back to the game of this record (this side's, saved with `--record`)
        /// after a crash: the record goes on being saved there.
        #[arg(long, value_name = "FILE", conflicts_with = "record")]
        resume: Option<PathBuf>,
        /// Only watch the game.
        #[arg(long)]
        watch: bool,
        /// Listen on this address (e.g. `127.0.0.1:0`); without it, every interface.
        #[arg(long, value_name = "ADDR:PORT")]
        listen: Option<SocketAddr>,
        /// What both sides take.
        #[command(flatten)]
        common: Common,
    },
}

/// What both sides take.
#[derive(Debug, Args)]
pub struct Common {
    /// The bot that plays this side's seat (`random`, `greedy`, the plugin's own); without
    /// it, moves are read from standard input (also `resign`, `draw`, `takeback`).
    #[arg(long, value_name = "BOT")]
    pub bot: Option<String>,
    /// Write the game record to this file, after every move.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Use public relays and address lookup to reach players outside this network (off:
    /// only direct connections, nothing leaves for any other server).
    #[arg(long)]
    pub relays: bool,
    /// How long a player whose connection dropped may take to come back, in seconds.
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub reconnect: u64,
}

impl Common {
    fn player(&self) -> LocalPlayer {
        match &self.bot {
            Some(bot) => LocalPlayer::Bot(bot.clone()),
            None => LocalPlayer::Stdin,
        }
    }
}

/// Runs `tavola net …`. Plugin code runs only in the (sandboxed) workers: this process
/// holds the connection and loads no plugin.
pub fn run(dirs: PluginDirs, args: NetArgs) -> Result<ExitCode> {
    tavola_core::plugins::forbid_in_process();
    let set = PluginSet::discover_with(dirs, &Inspector::this_binary());
    let exe = std::env::current_exe().context("the tavola executable")?;
    // Reports quote the plugin and the other side (reasons, notations): printed on one
    // line without control characters, whatever slipped past the message boundary.
    let report: Box<dyn FnMut(&str)> =
        Box::new(|text: &str| eprintln!("tavola net: {}", printable_line(text)));
    let outcome = match args.command {
        NetCommand::Verify { record } => return verify(&set, &exe, &record),
        NetCommand::Host {
            game,
            resume,
            options,
            mut seat,
            clock,
            listen,
            mut common,
            wait,
        } => {
            let resumed = match &resume {
                Some(path) => Some(tavola_core::record::Record::read(path)?),
                None => None,
            };
            let game = match (&resumed, game) {
                (Some(r), _) => r.game.clone(),
                (None, Some(g)) => g,
                (None, None) => bail!("a game or --resume FILE is needed"),
            };
            let plugin = set.require(&game).map_err(|e| anyhow!(e))?;
            let options = match &resumed {
                Some(r) => game_api::Options::resolve(&plugin.manifest().options, &r.options)?,
                None => plugin.parse_options(&options)?,
            };
            if let Some(r) = &resumed {
                seat = r.net.as_ref().and_then(|n| n.seat).unwrap_or(seat);
                common.record = resume.clone();
                // The bot that played the seat plays on, unless another is given.
                if common.bot.is_none() {
                    common.bot = r
                        .seats
                        .get(usize::from(seat))
                        .filter(|name| *name != "human")
                        .cloned();
                }
            }
            // Coming back, the clocks are the record's.
            let clock = match &resumed {
                Some(r) => r.clock.as_ref().map(|c| tavola_net::TimeControl {
                    per_game_ms: c.per_game_ms,
                    increment_ms: c.increment_ms,
                }),
                None => clock,
            };
            let offer = Offer {
                plugin,
                options,
                seat,
                clock,
                player: common.player(),
                settings: NetSettings {
                    listen,
                    relays: common.relays,
                },
                record: common.record.clone(),
                reconnect: Duration::from_secs(common.reconnect),
                wait: Duration::from_secs(wait),
                exe,
                resume: resumed,
            };
            let mut print_invite = |invite: &str, open: usize| {
                use std::io::Write;
                println!("{}", printable_line(invite));
                println!("open seats: {open}");
                let _ = std::io::stdout().flush();
            };
            tavola_net::host(offer, &mut print_invite, report).map_err(printable_error)?
        }
        NetCommand::Join {
            invite,
            resume,
            watch,
            listen,
            mut common,
        } => {
            let resume_path = resume;
            let resume = match &resume_path {
                Some(path) => Some(tavola_core::record::Record::read(path)?),
                None => None,
            };
            let invite = match (invite, &resume) {
                (Some(i), _) => i,
                (None, Some(r)) => r
                    .net
                    .as_ref()
                    .map(|n| n.invite.clone())
                    .ok_or_else(|| anyhow!("this record is not of a network game"))?,
                (None, None) => bail!("an invite or --resume FILE is needed"),
            };
            if let Some(path) = resume_path {
                common.record = Some(path);
            }
            // The bot that played the seat plays on, unless another is given.
            if let Some(r) = &resume
                && common.bot.is_none()
            {
                let seat = r.net.as_ref().and_then(|n| n.seat);
                common.bot = seat
                    .and_then(|s| r.seats.get(usize::from(s)))
                    .filter(|name| *name != "human")
                    .cloned();
            }
            let parsed = Invite::parse(&invite)?;
            if watch && common.bot.is_some() {
                bail!("--watch and --bot: a spectator plays no seat");
            }
            let setup = JoinSetup {
                plugins: &set,
                invite: parsed,
                invite_text: invite.trim().to_owned(),
                player: common.player(),
                watch,
                settings: NetSettings {
                    listen,
                    relays: common.relays,
                },
                record: common.record.clone(),
                reconnect: Duration::from_secs(common.reconnect),
                exe,
                resume,
            };
            tavola_net::join(setup, report).map_err(printable_error)?
        }
    };
    print_outcome(&outcome);
    Ok(ExitCode::SUCCESS)
}

/// `tavola net verify RECORD`: each throw, then the verdict; exit 1 if any is not fair.
fn verify(set: &PluginSet, exe: &std::path::Path, path: &std::path::Path) -> Result<ExitCode> {
    let record = tavola_core::record::Record::read(path)?;
    let plugin = set.require(&record.game).map_err(|e| anyhow!(e))?;
    let mut worker = tavola_core::worker::RemoteGame::spawn(exe, plugin, None)
        .map_err(|e| anyhow!("the game's plugin failed: {e}"))?;
    match tavola_net::verify::verify(&record, &mut worker) {
        Ok(throws) => {
            for t in &throws {
                println!(
                    "throw {} at move {}: {} (every contribution in its chain)",
                    t.throw,
                    t.number,
                    printable_line(&t.outcome)
                );
            }
            println!("{}: all {} throws fair", path.display(), throws.len());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!(
                "tavola net verify: {}: not fair: {}",
                path.display(),
                printable_line(&e.to_string())
            );
            Ok(ExitCode::FAILURE)
        }
    }
}

/// A network game's error as the command line prints it: it may quote the other side,
/// so without control characters.
fn printable_error(e: tavola_net::TableError) -> anyhow::Error {
    anyhow!(printable_line(&e.to_string()).into_owned())
}

/// Prints the moves, the result line as `tavola play` does, and the bytes sent.
fn print_outcome(outcome: &NetOutcome) {
    for (i, m) in outcome.record.moves.iter().enumerate() {
        let who = match m.seat {
            None => tavola_core::tr!("cli-chance"),
            Some(s) => outcome
                .seat_names
                .get(usize::from(s))
                .cloned()
                .unwrap_or_else(|| tavola_core::tr!("cli-seat", seat = s)),
        };
        println!(
            "{:>4}. {:<10} {}",
            i + 1,
            printable_line(&who),
            printable_line(&m.notation)
        );
    }
    let view = &outcome.snapshot.view;
    let result = outcome
        .record
        .result
        .clone()
        .or(match &outcome.snapshot.turn {
            Turn::Over { outcome } => Some(outcome.clone()),
            _ => None,
        });
    match result {
        Some(result) => {
            let scores: Vec<String> = result
                .seats
                .iter()
                .zip(&view.panels)
                .map(|(s, p)| {
                    let seat = printable_line(&p.seat);
                    format!("{seat} {} ({})", s.score, super::result_word(s.result))
                })
                .collect();
            let status = match outcome.record.ending {
                Some(ending) => format!("{ending:?}"),
                None => view.status.clone(),
            };
            let status = printable_line(&status).into_owned();
            println!(
                "{}",
                tavola_core::tr!("cli-result", status = status, scores = scores.join(", "))
            );
        }
        None => println!(
            "{}",
            tavola_core::tr!(
                "cli-not-over",
                status = printable_line(&view.status).into_owned()
            )
        ),
    }
    println!(
        "{}",
        tavola_core::tr!(
            "cli-position",
            position = printable_line(&outcome.snapshot.notation).into_owned()
        )
    );
    let per_move = outcome
        .bytes_sent
        .checked_div(outcome.moves_sent)
        .unwrap_or(0);
    eprintln!(
        "tavola net: {} bytes sent, {} moves sent ({per_move} bytes a move, the handshake included)",
        outcome.bytes_sent, outcome.moves_sent
    );
}
