//! Times bot moves the way the app makes them: through a worker process (`tavola
//! worker`), one request per move, a whole game from the start. A benchmark for
//! `docs/benchmarks/app-bots.md`, not a test.
//!
//! ```sh
//! cargo build --release -p tavola -p kalah -p oware -p bite-the-pumpkin --examples
//! ./target/release/examples/bot_moves target/release bite-the-pumpkin \
//!     --option players=3 --seat strong --seat strong --seat strong --seed 1
//! ```
//!
//! The worker is the `tavola` binary beside the `examples` folder (`target/release/tavola`).
//! Each bot move is timed from the request to the new position in hand; chance is thrown
//! by the seeded generator, as the app does. With `--in-process`, the same game (the same
//! seeds, the same bots told the same moves) is played by bots in this process instead,
//! as `tavola play` plays them: the two print the same final position.

use std::{
    path::PathBuf,
    time::{Duration, Instant},
};

use game_api::{Options, Rng, Turn};
use tavola::{
    plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
    worker::{Poll, RemoteGame, Snapshot, WorkerError},
};

struct Args {
    plugins: PathBuf,
    game: String,
    options: Vec<String>,
    seats: Vec<String>,
    seed: u64,
    in_process: bool,
}

fn args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let usage =
        "usage: bot_moves PLUGINS GAME [--option K=V]… --seat BOT… [--seed N] [--in-process]";
    let plugins = it.next().ok_or(usage)?.into();
    let game = it.next().ok_or(usage)?;
    let mut args = Args {
        plugins,
        game,
        options: Vec::new(),
        seats: Vec::new(),
        seed: 1,
        in_process: false,
    };
    while let Some(flag) = it.next() {
        if flag == "--in-process" {
            args.in_process = true;
            continue;
        }
        let value = it.next().ok_or(usage)?;
        match flag.as_str() {
            "--option" => args.options.push(value),
            "--seat" => args.seats.push(value),
            "--seed" => args.seed = value.parse().map_err(|_| usage)?,
            _ => return Err(usage.into()),
        }
    }
    if args.seats.is_empty() {
        return Err(usage.into());
    }
    Ok(args)
}

/// The bot `name`'s move for the seat to move, played in the worker: the new position.
/// (Before the worker played its bots' moves, this was `start_bot`, its `Chosen` move,
/// then `play`: two round trips.)
fn bot_move(remote: &mut RemoteGame, name: &str, seed: u64) -> Result<Snapshot, WorkerError> {
    let id = remote.start_bot_move(name, seed)?;
    let reply = loop {
        if let Poll::Ready(answer) = remote.wait(id, Duration::from_secs(1)) {
            break answer?;
        }
    };
    match RemoteGame::bot_played(reply)? {
        Some(moved) => Ok(moved.snapshot),
        None => panic!("the search was cancelled"),
    }
}

/// The same game played by bots in this process, as `tavola play` plays: every bot told
/// every action. Returns each bot move's time and the final position's notation.
fn in_process(
    plugin: &tavola::plugins::Plugin,
    options: &Options,
    args: &Args,
) -> Result<(Vec<Duration>, String), String> {
    let err = |e: tavola::plugins::CallError| e.to_string();
    let mut game = plugin.new_game(options).map_err(err)?;
    let seats = usize::from(game.seat_count().map_err(err)?);
    let mut bots: Vec<Box<dyn tavola::bots::Bot>> = (0..seats)
        .map(|s| tavola::bots::bot_for(&args.seats[s % args.seats.len()], plugin, &game))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let mut rng = Rng::with_seed(args.seed);
    let mut times = Vec::new();
    loop {
        let mv = match game.turn().map_err(err)? {
            Turn::Over { .. } => break,
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { seat } => {
                let t = Instant::now();
                let mut seeded = Rng::with_seed(rng.u64());
                let mv = bots[usize::from(seat)]
                    .choose(&game, seat, &mut seeded)
                    .map_err(err)?;
                times.push(t.elapsed());
                mv
            }
        };
        let before = game.clone();
        game.apply(mv).map_err(err)?;
        for bot in &mut bots {
            bot.observe(&before, mv);
        }
    }
    Ok((times, game.notation().map_err(err)?))
}

fn main() -> Result<(), String> {
    let args = args()?;
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: args.plugins.clone(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set
        .game(&args.game)
        .ok_or_else(|| format!("no game `{}` in {}", args.game, args.plugins.display()))?;
    let pairs: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let options = Options::parse(&plugin.manifest().options, &pairs).map_err(|e| e.to_string())?;
    if args.in_process {
        let started = Instant::now();
        let (times, notation) = in_process(plugin, &options, &args)?;
        report("in process", &times, started.elapsed(), &notation);
        return Ok(());
    }
    let exe = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .parent()
        .and_then(|examples| examples.parent())
        .map(|dir| dir.join("tavola"))
        .ok_or("no folder above the example")?;
    let mut remote = RemoteGame::spawn(&exe, plugin, None).map_err(|e| e.to_string())?;
    let mut snapshot = remote
        .start(&options, None, &[])
        .map_err(|e| e.to_string())?;
    let mut rng = Rng::with_seed(args.seed);
    let mut times: Vec<Duration> = Vec::new();
    let started = Instant::now();
    loop {
        snapshot = match &snapshot.turn {
            Turn::Over { .. } => break,
            Turn::Chance { outcomes } => {
                let mv = outcomes[rng.chance(outcomes)].mv.0;
                remote.play(mv).map_err(|e| e.to_string())?.1
            }
            Turn::Seat { seat } => {
                let name = &args.seats[usize::from(*seat) % args.seats.len()];
                let t = Instant::now();
                let next = bot_move(&mut remote, name, rng.u64()).map_err(|e| e.to_string())?;
                times.push(t.elapsed());
                next
            }
        };
    }
    report("worker", &times, started.elapsed(), &snapshot.notation);
    Ok(())
}

/// Prints the bot moves' times and the final position.
fn report(path: &str, times: &[Duration], game: Duration, notation: &str) {
    let total: Duration = times.iter().sum();
    let mut sorted = times.to_vec();
    sorted.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{path}: {} bot moves in {:.2} s (game {:.2} s): mean {:.1} ms, median {:.1} ms, max {:.1} ms a move",
        times.len(),
        total.as_secs_f64(),
        game.as_secs_f64(),
        ms(total) / times.len().max(1) as f64,
        sorted.get(sorted.len() / 2).map_or(0.0, |&d| ms(d)),
        sorted.last().map_or(0.0, |&d| ms(d)),
    );
    println!("final position: {notation}");
}
