//! `tavola match` and `tavola bench`: seeded series between bots, and engine speed.

use std::{
    path::Path,
    process::ExitCode,
    time::{Duration, Instant},
};

use anyhow::{Result, anyhow};
use game_api::{GameResult, Options, Rng};
use serde_json::json;

use crate::{
    ai::mcts::{self, MctsConfig},
    bots::{Bot, bot_for},
    play::{MAX_GAME_ACTIONS, play_out},
    plugins::{ErrorKind, Plugin, PluginSet},
    record::Record,
    repetition::{Position, Positions, Repetition},
    storage::RecordWriter,
};

/// Wins, draws and losses of one bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score: wins plus half the draws, over the games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The 95% interval of the score (normal approximation over the game results).
    pub fn score_interval(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let half = 1.96 * (var / n).sqrt();
        ((p - half).max(0.0), (p + half).min(1.0))
    }

    /// The win rate's 95% Wilson interval.
    pub fn win_interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games())
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of a score (clamped to ±800 for certain results).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(0.0001, 0.9999);
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

/// The record file of game `index` of a series in `dir`.
pub fn series_record_path(dir: &Path, index: u64) -> std::path::PathBuf {
    // The record writer allows exactly these names (see `sandbox::broker`).
    crate::sandbox::broker::series_file(dir, index)
}

/// How one game of a series went, for `bot_a`'s seat.
#[derive(Debug, Clone, PartialEq)]
pub enum SeriesGame {
    /// The game ended: `bot_a`'s seat and its result.
    Ended(usize, GameResult),
    /// The game did not end within [`MAX_GAME_ACTIONS`] actions and was stopped: what
    /// it kept coming back to, if a position came back at all.
    Endless(Option<Repetition>),
}

/// The position a game stopped for its length (`record`, of a game of `plugin` with
/// `options`) came back to most: its moves replayed from the start, each position
/// counted ([`Positions`]). `None` if no position came back, or the replay failed.
pub fn endless_repetition(
    plugin: &Plugin,
    options: &Options,
    record: &Record,
) -> Option<Repetition> {
    let mut game = match &record.start {
        Some(start) => plugin.from_notation(options, start).ok()?,
        None => plugin.new_game(options).ok()?,
    };
    let mut positions = Positions::default();
    for m in &record.moves {
        if let Some(found) = positions.visit(Position::of(&game).ok()?) {
            return Some(found);
        }
        game.apply(game_api::MoveId(m.id)).ok()?;
        positions.played(m.notation.clone(), m.seat.is_none());
    }
    positions.most_repeated()
}

/// Plays one game of a series; returns the result of `bot_a`'s seat, or that the game
/// did not end. With `record_dir`, the game's record is written there as it is played.
pub fn series_game(
    plugin: &Plugin,
    options: &Options,
    (a, b): (&str, &str),
    (index, seed): (u64, u64),
    fixed_seats: bool,
    record_dir: Option<&Path>,
) -> Result<SeriesGame> {
    let mut game = plugin.new_game(options)?;
    let seats = usize::from(game.seat_count()?);
    let a_seat = if fixed_seats {
        0
    } else {
        (index as usize) % seats
    };
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|s| {
            bot_for(if s == a_seat { a } else { b }, plugin, &game).map_err(anyhow::Error::from)
        })
        .collect::<Result<_>>()?;
    let mut record = Record::new(plugin, options, Some(seed), None);
    record.seats = (0..seats)
        .map(|s| if s == a_seat { a } else { b }.to_owned())
        .collect();
    let mut writer = record_dir.map(|d| RecordWriter::new(series_record_path(d, index)));
    if let Some(w) = &mut writer {
        w.save(&record)?;
    }
    let mut save_error = None;
    let outcome = play_out(
        &mut game,
        &mut bots,
        &mut Rng::with_seed(seed),
        &mut record,
        |_, so_far| {
            if let Some(w) = &mut writer
                && save_error.is_none()
            {
                save_error = w.save(so_far).err();
            }
        },
    );
    if let Some(w) = &mut writer {
        w.finish(&record)?;
    }
    if let Some(e) = save_error {
        return Err(e.into());
    }
    match outcome {
        Ok(outcome) => Ok(SeriesGame::Ended(a_seat, outcome.seats[a_seat].result)),
        Err(e) if e.kind == ErrorKind::TooLong => Ok(SeriesGame::Endless(endless_repetition(
            plugin, options, &record,
        ))),
        Err(e) => Err(e.into()),
    }
}

/// `tavola match`: `games` seeded games of `a` against `b`, sides alternated (or `a`
/// always in the first seat with `fixed_seats`, for asymmetric games), on all cores;
/// prints the table, the 95% intervals and the Elo difference. With `record_dir`, each
/// game's record is written there as it is played ([`series_record_path`]).
#[allow(clippy::too_many_arguments)]
pub fn run_match(
    set: &PluginSet,
    game: &str,
    options: &[String],
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    fixed_seats: bool,
    record_dir: Option<&Path>,
) -> Result<ExitCode> {
    let plugin = set.require(game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(options)?;
    // Check both names before starting.
    let probe = plugin.new_game(&options)?;
    bot_for(a, plugin, &probe)?;
    bot_for(b, plugin, &probe)?;
    let seats = usize::from(probe.seat_count()?);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(games.max(1) as usize);
    let start = Instant::now();
    let results: Vec<Result<SeriesGame>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let options = options.clone();
                scope.spawn(move || {
                    (0..games)
                        .filter(|i| (*i as usize) % threads == t)
                        .map(|i| {
                            (
                                i,
                                series_game(
                                    plugin,
                                    &options,
                                    (a, b),
                                    (i, seed + i),
                                    fixed_seats,
                                    record_dir,
                                ),
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, Result<SeriesGame>)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("a match thread panicked"))
            .collect();
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let (by_seat, total, endless) = tally(results, seats)?;
    let names = &plugin.manifest().seat_names;
    println!(
        "{}",
        crate::tr!(
            "match-header",
            game = crate::i18n::game_with_options(&plugin.manifest().name, &options.to_string()),
            a = a,
            b = b,
            games = games,
            seed = seed.to_string(),
            seconds = start.elapsed().as_secs_f64()
        )
    );
    print_tally(names, (a, b), &by_seat, &total);
    if endless.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    print_endless(names, &endless, seed, games);
    Ok(ExitCode::FAILURE)
}

/// The results of a series by `bot_a`'s seat and in all, and the games that did not end
/// (by index, with what each kept coming back to); the first error, if a game failed.
#[allow(clippy::type_complexity)]
fn tally(
    results: Vec<Result<SeriesGame>>,
    seats: usize,
) -> Result<(Vec<Tally>, Tally, Vec<(u64, Option<Repetition>)>)> {
    let mut by_seat = vec![Tally::default(); seats];
    let mut total = Tally::default();
    let mut endless = Vec::new();
    for (i, r) in (0u64..).zip(results) {
        let (seat, result) = match r? {
            SeriesGame::Ended(seat, result) => (seat, result),
            SeriesGame::Endless(repetition) => {
                endless.push((i, repetition));
                continue;
            }
        };
        for t in [&mut by_seat[seat], &mut total] {
            match result {
                GameResult::Win => t.wins += 1,
                GameResult::Draw => t.draws += 1,
                GameResult::Loss => t.losses += 1,
            }
        }
    }
    Ok((by_seat, total, endless))
}

/// The games of a series that did not end (by index, with what each kept coming back
/// to), and how many were left out of the results.
fn print_endless(names: &[String], endless: &[(u64, Option<Repetition>)], seed: u64, games: u64) {
    for (i, repetition) in endless {
        let repeated = match repetition {
            Some(r) => r.describe(names),
            None => crate::tr!("match-endless-no-repetition"),
        };
        println!(
            "{}",
            crate::tr!(
                "match-endless-game",
                index = i.to_string(),
                seed = (seed + i).to_string(),
                actions = MAX_GAME_ACTIONS,
                repeated = repeated
            )
        );
    }
    println!(
        "{}",
        crate::tr!("match-endless", endless = endless.len(), games = games)
    );
}

/// The table of a match for people (by seat and in all), the first bot's win rate and
/// score with their 95% intervals, and the Elo difference.
fn print_tally(names: &[String], (a, b): (&str, &str), by_seat: &[Tally], total: &Tally) {
    println!(
        "{:<22} {:>6} {:>6} {:>6}   {}",
        crate::tr!("match-as", bot = a),
        crate::tr!("match-wins"),
        crate::tr!("match-draws"),
        crate::tr!("match-losses"),
        crate::tr!("match-score")
    );
    let row = |name: String, t: &Tally| {
        let score = crate::tr!("match-score-value", score = t.score());
        println!(
            "{name:<22} {:>6} {:>6} {:>6}   {score}",
            t.wins, t.draws, t.losses
        );
    };
    for (s, t) in by_seat.iter().enumerate().filter(|(_, t)| t.games() > 0) {
        let seat = names
            .get(s)
            .cloned()
            .unwrap_or_else(|| crate::tr!("cli-seat", seat = s));
        row(seat, t);
    }
    row(crate::tr!("match-total"), total);
    let (lo, hi) = total.score_interval();
    let (wlo, whi) = total.win_interval();
    println!(
        "{}",
        crate::tr!(
            "match-rates",
            bot = a,
            rate = total.wins as f64 / total.games().max(1) as f64,
            rate_lo = wlo,
            rate_hi = whi,
            score = total.score(),
            score_lo = lo,
            score_hi = hi
        )
    );
    let signed = |v: f64| format!("{v:+.0}");
    println!(
        "{}",
        crate::tr!(
            "match-elo",
            a = a,
            b = b,
            elo = signed(elo(total.score())),
            lo = signed(elo(lo)),
            hi = signed(elo(hi))
        )
    );
}

/// One game's speed figures.
#[derive(Debug, Clone)]
pub struct BenchRow {
    /// The game's id.
    pub game: String,
    /// MCTS simulations per second, one thread.
    pub mcts_one: f64,
    /// MCTS simulations per second, all threads.
    pub mcts_all: f64,
    /// Threads used for `mcts_all`.
    pub threads: usize,
    /// Random playouts per second (one thread, inside the plugin).
    pub playouts: f64,
}

/// Measures one game from its start position with default options: one search for
/// `seconds`, or, with `simulations`, searches of that many simulations from a fresh
/// tree for `seconds`.
pub fn bench_game(plugin: &Plugin, seconds: f64, simulations: Option<u64>) -> Result<BenchRow> {
    let game = plugin.new_game(&Options::defaults(&plugin.manifest().options))?;
    let budget = Duration::from_secs_f64(seconds);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let speed = |threads: usize| -> Result<f64> {
        let config = MctsConfig {
            iterations: simulations,
            time: if simulations.is_some() {
                None
            } else {
                Some(budget)
            },
            threads,
            ..MctsConfig::default()
        };
        let start = Instant::now();
        let (mut done, mut seed) = (0, 1);
        loop {
            let (r, _) = mcts::search(&game, &config, seed, None, None)?;
            done += r.simulations;
            seed += 1;
            if start.elapsed() >= budget {
                break;
            }
        }
        Ok(done as f64 / start.elapsed().as_secs_f64())
    };
    let mcts_one = speed(1)?;
    let mcts_all = speed(threads)?;
    let start = Instant::now();
    let mut playouts = 0u64;
    let mut rng = Rng::with_seed(7);
    while start.elapsed() < budget {
        let mut g = game.clone();
        g.playout(rng.u64())?;
        playouts += 1;
    }
    Ok(BenchRow {
        game: plugin.id().to_owned(),
        mcts_one,
        mcts_all,
        threads,
        playouts: playouts as f64 / start.elapsed().as_secs_f64(),
    })
}

/// `tavola bench [GAME]`.
pub fn bench(
    set: &PluginSet,
    game: Option<&str>,
    seconds: f64,
    simulations: Option<u64>,
    as_json: bool,
) -> Result<ExitCode> {
    let plugins: Vec<&Plugin> = match game {
        Some(id) => vec![set.require(id).map_err(|e| anyhow!(e))?],
        None => set.games().collect(),
    };
    let mut rows = Vec::new();
    for p in plugins {
        rows.push(bench_game(p, seconds, simulations)?);
    }
    if as_json {
        let list: Vec<_> = rows
            .iter()
            .map(|r| json!({"game": r.game, "mcts_sims_per_sec_1_thread": r.mcts_one, "mcts_sims_per_sec_all_threads": r.mcts_all, "threads": r.threads, "playouts_per_sec": r.playouts}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        println!(
            "{:<16} {:>16} {:>20} {:>14}",
            crate::tr!("bench-game"),
            crate::tr!("bench-mcts-one"),
            crate::tr!("bench-mcts-all"),
            crate::tr!("bench-playouts")
        );
        let rate = |v: f64| crate::tr!("bench-rate", rate = v);
        for r in rows {
            println!(
                "{:<16} {:>16} {:>15} ({}t) {:>14}",
                r.game,
                rate(r.mcts_one),
                rate(r.mcts_all),
                r.threads,
                rate(r.playouts)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_and_elo() {
        let t = Tally {
            wins: 50,
            draws: 0,
            losses: 50,
        };
        assert_eq!(t.score(), 0.5);
        assert!(elo(t.score()).abs() < 1e-9);
        let (lo, hi) = t.win_interval();
        assert!(
            (lo - 0.404).abs() < 0.01 && (hi - 0.596).abs() < 0.01,
            "{lo} {hi}"
        );
        assert!((elo(0.75) - 190.8).abs() < 0.5);
        let all = Tally {
            wins: 200,
            draws: 0,
            losses: 0,
        };
        assert!(all.win_interval().0 > 0.98);
    }
}
