//! `tavola net host` / `tavola net join`: network play from the command line, for
//! scripts and tests (and people without the app).

use std::{net::SocketAddr, path::PathBuf, process::ExitCode, time::Duration};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use game_api::Turn;

use tavola_core::{
    plugins::{Inspector, PluginDirs, PluginSet},
    printable::printable_line,
    record::Record,
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
    Host(HostArgs),
    /// Show that each throw of a network game's record was fair: every contribution is
    /// the next link of its player's chain back to the commitment given before the game,
    /// and every chance outcome is the one they draw.
    Verify {
        /// The record (either side's).
        record: PathBuf,
    },
    /// Join a game from its invite.
    Join(JoinArgs),
}

/// `tavola net host`: what the game offered is and how this side plays it.
#[derive(Debug, Args)]
pub struct HostArgs {
    /// The game's id (see `tavola list`; with `--resume`: the record's).
    #[arg(required_unless_present = "resume")]
    pub game: Option<String>,
    /// Come back to the game of this record (this side's, saved with `--record`)
    /// after a crash, under the same invite: the record goes on being saved there.
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    pub resume: Option<PathBuf>,
    /// Set a game option (repeatable), e.g. `--option houses=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The seat this side plays (from 0); every other seat is a joining player's.
    #[arg(long, default_value_t = 0)]
    pub seat: u8,
    /// Clocks: minutes a seat for the game, plus seconds added after each move
    /// (`5+3`); a seat whose time runs out loses.
    #[arg(long, value_name = "MINUTES+SECONDS", value_parser = tavola_net::TimeControl::parse)]
    pub clock: Option<tavola_net::TimeControl>,
    /// Listen on this address (e.g. `127.0.0.1:0`); without it, every interface.
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: Option<SocketAddr>,
    /// What both sides take.
    #[command(flatten)]
    pub common: Common,
    /// How long to wait for the players to join, in seconds.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    pub wait: u64,
}

/// `tavola net join`: the invite and how this side plays or watches.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The invite (`tavola1:…`) the host printed (with `--resume`: the record's).
    #[arg(required_unless_present = "resume")]
    pub invite: Option<String>,
    /// Come back to the game of this record (this side's, saved with `--record`)
    /// after a crash: the record goes on being saved there.
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    pub resume: Option<PathBuf>,
    /// Only watch the game.
    #[arg(long)]
    pub watch: bool,
    /// Listen on this address (e.g. `127.0.0.1:0`); without it, every interface.
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: Option<SocketAddr>,
    /// What both sides take.
    #[command(flatten)]
    pub common: Common,
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
        NetCommand::Host(host) => {
            let offer = offer(&set, exe, host)?;
            let mut print_invite = |invite: &str, open: usize| {
                use std::io::Write;
                println!("{}", printable_line(invite));
                println!("open seats: {open}");
                let _ = std::io::stdout().flush();
            };
            tavola_net::host(offer, &mut print_invite, report).map_err(printable_error)?
        }
        NetCommand::Join(join) => {
            tavola_net::join(join_setup(&set, exe, join)?, report).map_err(printable_error)?
        }
    };
    print_outcome(&outcome);
    Ok(ExitCode::SUCCESS)
}

/// The record at `path`, if one is given.
fn read_resumed(path: Option<&std::path::Path>) -> Result<Option<Record>> {
    Ok(match path {
        Some(path) => Some(Record::read(path)?),
        None => None,
    })
}

/// The bot that played `seat` in a resumed record, which plays on unless another is
/// given (none for a person's seat).
fn resumed_bot(record: &Record, seat: Option<u8>) -> Option<String> {
    seat.and_then(|s| record.seats.get(usize::from(s)))
        .filter(|name| *name != "human")
        .cloned()
}

/// The game `tavola net host` offers: the arguments', or, with `--resume`, the record's
/// game, options, seat, bot and clocks.
fn offer<'a>(set: &'a PluginSet, exe: PathBuf, args: HostArgs) -> Result<Offer<'a>> {
    let HostArgs {
        game,
        resume,
        options,
        mut seat,
        clock,
        listen,
        mut common,
        wait,
    } = args;
    let resumed = read_resumed(resume.as_deref())?;
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
        if common.bot.is_none() {
            common.bot = resumed_bot(r, Some(seat));
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
    Ok(Offer {
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
    })
}

/// How `tavola net join` joins: the arguments', or, with `--resume`, the record's invite
/// and bot.
fn join_setup(set: &PluginSet, exe: PathBuf, args: JoinArgs) -> Result<JoinSetup<'_>> {
    let JoinArgs {
        invite,
        resume: resume_path,
        watch,
        listen,
        mut common,
    } = args;
    let resume = read_resumed(resume_path.as_deref())?;
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
    if let Some(r) = &resume
        && common.bot.is_none()
    {
        common.bot = resumed_bot(r, r.net.as_ref().and_then(|n| n.seat));
    }
    let parsed = Invite::parse(&invite)?;
    if watch && common.bot.is_some() {
        bail!("--watch and --bot: a spectator plays no seat");
    }
    Ok(JoinSetup {
        plugins: set,
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
    })
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
