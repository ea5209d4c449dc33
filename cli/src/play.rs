//! `tavola play`: a headless game between bots, or with a person typing moves, its
//! moves printed as they are played and its record written after every move.

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Result, bail};
use clap::Args;
use game_api::Rng;

use super::{Setup, human, print_result, seat_name, set_up, warn};
use tavola_core::{
    bots::{Bot, bot_for},
    play::play_out,
    plugins::{GameHandle, Plugin, PluginSet},
    record::Record,
    storage::RecordWriter,
};

/// The arguments of `tavola play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game's id (see `tavola list`).
    pub game: String,
    /// The options and start position.
    #[command(flatten)]
    pub setup: Setup,
    /// The bot of each seat in seat order (`random`, `greedy`, or the plugin's own),
    /// or `human` for a person typing the moves' notations on standard input;
    /// missing seats play `random`.
    #[arg(long = "seat", value_name = "BOT")]
    pub seats: Vec<String>,
    /// The random seed (chance events and random bots); printed if not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game record to this file, after every move (a crash keeps every move
    /// played).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Runs `tavola play`: a headless game between bots (or a person at the terminal).
pub(super) fn run(set: &PluginSet, args: PlayArgs) -> Result<ExitCode> {
    let PlayArgs {
        game,
        setup,
        seats,
        seed,
        record: record_path,
    } = args;
    let (game, setup, seats) = (game.as_str(), &setup, seats.as_slice());
    let (plugin, mut handle) = set_up(set, game, setup)?;
    let seat_count = usize::from(handle.seat_count()?);
    if seats.len() > seat_count {
        bail!(tavola_core::tr!(
            "cli-too-many-seats",
            given = seats.len(),
            game = plugin.id().to_owned(),
            count = seat_count
        ));
    }
    let names: Vec<String> = (0..seat_count)
        .map(|i| seats.get(i).cloned().unwrap_or_else(|| "random".into()))
        .collect();
    let mut bots = seat_bots(plugin, &handle, &names)?;
    let seed = seed.unwrap_or_else(seed_from_clock);
    let mut record = Record::new(plugin, handle.options(), Some(seed), setup.position.clone());
    record.seats = names.clone();
    print_header(plugin, &handle, seed, &names);
    // The record is saved before the first move (so a path that cannot be written is
    // refused before the game) and after every move (so a crash keeps every move).
    let mut writer = record_path.map(RecordWriter::new);
    if let Some(w) = &mut writer {
        w.save(&record)?;
    }
    let mut save_failed = false;
    let mut rng = Rng::with_seed(seed);
    let result = play_out(
        &mut handle,
        &mut bots,
        &mut rng,
        &mut record,
        |m, so_far| {
            println!(
                "{:>4}. {:<10} {}",
                m.number,
                seat_name(plugin, m.seat),
                m.notation
            );
            if let Some(w) = &mut writer
                && !save_failed
                && let Err(e) = w.save(so_far)
            {
                warn(&e.to_string());
                save_failed = true;
            }
        },
    );
    // Save what was played (and the result) even when a plugin failed part-way.
    if let Some(w) = &mut writer {
        w.finish(&record)?;
        let path = w.path().display().to_string();
        println!("{}", tavola_core::tr!("cli-record-written", path = path));
    }
    result?;
    print_result(&handle)?;
    Ok(ExitCode::SUCCESS)
}

/// The bot of each seat by its name in `names`; `human` reads a person's moves from
/// standard input.
fn seat_bots(plugin: &Plugin, handle: &GameHandle, names: &[String]) -> Result<Vec<Box<dyn Bot>>> {
    let seat_names: Vec<String> = (0..names.len())
        .map(|i| seat_name(plugin, Some(i as u8)))
        .collect();
    names
        .iter()
        .map(|n| {
            if n == human::HUMAN {
                let input = Box::new(std::io::BufReader::new(std::io::stdin()));
                return Ok(
                    Box::new(human::HumanSeat::new(input, seat_names.clone())) as Box<dyn Bot>
                );
            }
            bot_for(n, plugin, handle).map_err(anyhow::Error::from)
        })
        .collect()
}

/// A seed from the system clock, for a game given none.
fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The game with its options, the seed and each seat's player.
fn print_header(plugin: &Plugin, handle: &GameHandle, seed: u64, names: &[String]) {
    let players = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", seat_name(plugin, Some(i as u8))))
        .collect::<Vec<_>>()
        .join(", ");
    println!(
        "{}",
        tavola_core::tr!(
            "cli-play-header",
            game = tavola_core::i18n::game_with_options(
                &plugin.manifest().name,
                &handle.options().to_string()
            ),
            seed = seed.to_string(),
            players = players
        )
    );
}
