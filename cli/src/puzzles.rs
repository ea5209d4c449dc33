//! `tavola puzzles GAME`: puzzles mined from seeded bot games and saved games, each
//! proven by the plugin's solver, written as a puzzle file; or `--verify FILE`: every
//! puzzle of a file proven again.

use std::{
    fs::File,
    io::Write,
    path::{Path, PathBuf},
    process::ExitCode,
    time::Duration,
};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;

use super::limits::MAX_GAMES;
use tavola_core::{
    plugins::PluginSet,
    puzzles::{
        ContinuationPolicy, MineConfig, Miner, Progress, ProofConfig, PuzzleFile, Theme, verify,
    },
    record::Record,
};

/// The least budget of a verification's solve after each move.
const VERIFY_NODES: u64 = 20_000_000;

/// The arguments of `tavola puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// The game's id.
    pub game: String,
    /// Set a game option (repeatable), e.g. `--option seeds=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Bot games to mine.
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(0..=MAX_GAMES as i64))]
    pub games: u32,
    /// The first bot game's seed (game i is seeded SEED + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The bots of the mined games (repeatable; default `greedy` and `random`); game i
    /// gives seat s the bot number (i + s) modulo their count.
    #[arg(long = "bot", value_name = "NAME")]
    pub bots: Vec<String>,
    /// Also mine these saved games (record files, or folders of them; those of other
    /// games or options are skipped with a warning).
    #[arg(long = "records", value_name = "PATH")]
    pub records: Vec<PathBuf>,
    /// Write the puzzle file here (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Stop mining after this many seconds (1 to 86400); the puzzles found are written.
    #[arg(long, default_value_t = 600, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub time: u64,
    /// Stop once this many puzzles are found.
    #[arg(long, default_value_t = 100_000)]
    pub max: usize,
    /// The positions the solve after each move may search (1000 to 100000000); a
    /// position with a move not solved within them is no puzzle (`--verify`: four
    /// times as many, at least 20 million).
    #[arg(long, default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1000..=100_000_000))]
    pub nodes: u64,
    /// Examine only positions with at most this many pieces on the houses (stores not
    /// counted).
    #[arg(long, default_value_t = 24, value_name = "N")]
    pub max_pieces: u32,
    /// Random continuations from each bot-game position with at most `--max-pieces`
    /// pieces on the houses (0 to 10000): a random bot plays each to the game's end,
    /// seeded by the game's seed, the position and the continuation, and every position
    /// reached is examined too (cheap where the endgame tables cover them).
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub continuations: u32,
    /// How the continuations choose their moves: `random` (default), `starve` (a move
    /// emptying the mover's own houses when there is one, else mostly one leaving them
    /// the fewest pieces), or `hoard` (mostly a move leaving the most pieces on the
    /// mover's own houses: the side with fewer runs out first, and the other faces an
    /// empty row, where a game's rules make it feed).
    #[arg(long, default_value_t = ContinuationPolicy::Random, value_name = "POLICY")]
    pub continuation_policy: ContinuationPolicy,
    /// Mine only puzzles of this theme (repeatable; default: every puzzle): a position
    /// is proven only when a move the greedy bot would not play has one of them, and a
    /// puzzle kept only when it has one.
    #[arg(long = "theme", value_name = "THEME")]
    pub themes: Vec<Theme>,
    /// Judge on proven results (win, draw, loss) instead of exact margins: a puzzle is
    /// a position where one move alone keeps the best result (for games whose margins
    /// the solver cannot prove, as Oware's majority end; `--verify` judges each puzzle
    /// as its file says).
    #[arg(long)]
    pub results: bool,
    /// Instead of mining, prove every puzzle of this file again (the solution, every
    /// move's value, the themes); exit 1 if one fails.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "records"])]
    pub verify: Option<PathBuf>,
    /// No progress on standard error.
    #[arg(long)]
    pub quiet: bool,
    /// Endgame tables for the solver (a game whose solver alone cannot finish its
    /// endgames, Oware with its cycles, needs them; a file mined with them is verified
    /// with them).
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
}

/// The puzzle file to write, opened before the command confines itself (the sandbox
/// then allows no new file).
pub(super) fn open_out(args: &PuzzlesArgs) -> Result<Option<File>> {
    args.out
        .as_ref()
        .map(|p| File::create(p).with_context(|| format!("cannot write {}", p.display())))
        .transpose()
}

/// Runs `tavola puzzles`.
pub(super) fn run(set: &PluginSet, args: &PuzzlesArgs, out: Option<File>) -> Result<ExitCode> {
    let plugin = set.require(&args.game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(&args.options)?;
    args.tables.load(&plugin.new_game(&options)?, &args.game)?;
    let proof = ProofConfig {
        nodes: args.nodes,
        results: args.results,
        ..ProofConfig::default()
    };
    if let Some(file) = &args.verify {
        // Four times the miner's budget, and at least 20 million positions: the miner
        // solved each move after the whole position, whose solve filled the solver's
        // table; a move solved alone may visit many more (6 of the 1777 Kalah puzzles
        // needed more than 400 000).
        let proof = ProofConfig {
            nodes: args.nodes.saturating_mul(4).max(VERIFY_NODES),
            ..proof
        };
        return verify_file(set, file, &args.game, &proof, args.quiet);
    }
    let bots = if args.bots.is_empty() {
        vec!["greedy".to_owned(), "random".to_owned()]
    } else {
        args.bots.clone()
    };
    let config = MineConfig {
        games: args.games,
        seed: args.seed,
        bots,
        time_limit: Duration::from_secs(args.time),
        max_puzzles: args.max,
        max_pieces: args.max_pieces,
        proof,
        continuations: args.continuations,
        continuation_policy: args.continuation_policy,
        themes: args.themes.clone(),
    };
    let mut miner = Miner::new(plugin, options.clone(), config);
    mine_saved_games(&mut miner, args, &options)?;
    let quiet = args.quiet;
    let total = args.games;
    miner.bot_games(|p| {
        if !quiet {
            eprintln!("{}", progress_line(p, total));
        }
    })?;
    let file = PuzzleFile {
        game: args.game.clone(),
        options: options
            .to_string()
            .split_whitespace()
            .map(str::to_owned)
            .collect(),
        puzzles: miner.puzzles.clone(),
    };
    write_out(out, &file.to_string())?;
    for r in &miner.refuted {
        super::warn(&tavola_core::tr!(
            "puzzles-refuted",
            puzzle = r.puzzle.to_string(),
            found = r.found.clone()
        ));
    }
    print_summary(&miner.progress, args.time);
    Ok(ExitCode::SUCCESS)
}

/// Mines the saved games of `--records` (of this game with these options) until the
/// miner is done; a file not read, or of another game, is warned about and passed over.
fn mine_saved_games(
    miner: &mut Miner<'_>,
    args: &PuzzlesArgs,
    options: &game_api::Options,
) -> Result<()> {
    for record in saved_games(&args.records)? {
        if miner.done() {
            break;
        }
        let read = Record::read(&record);
        match read {
            Ok(r) if r.game == args.game && r.options == *options.values() => {
                if let Err(e) = miner.record(&r) {
                    super::warn(&format!("{}: {e}", record.display()));
                }
            }
            Ok(_) => super::warn(&tavola_core::tr!(
                "puzzles-other-game",
                file = record.display().to_string()
            )),
            Err(e) => super::warn(&format!("{}: {e}", record.display())),
        }
    }
    Ok(())
}

/// Writes the puzzle file's text to `out` (synced), or to standard output.
fn write_out(out: Option<File>, text: &str) -> Result<()> {
    match out {
        Some(mut f) => {
            f.write_all(text.as_bytes())
                .and_then(|()| f.sync_all())
                .context("writing the puzzle file")?;
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// What the mining found and took (to standard error), whether it ran out of its `time`
/// seconds, and the puzzles of each theme.
fn print_summary(p: &Progress, time: u64) {
    eprintln!(
        "{}",
        tavola_core::tr!(
            "puzzles-done",
            puzzles = p.puzzles,
            positions = p.positions,
            games = p.games,
            seconds = p.elapsed.as_secs()
        )
    );
    if p.timed_out {
        eprintln!("{}", tavola_core::tr!("puzzles-timed-out", seconds = time));
    }
    eprintln!(
        "{}",
        tavola_core::tr!(
            "puzzles-rechecked",
            refuted = p.refuted,
            unconfirmed = p.unconfirmed
        )
    );
    for t in Theme::ALL {
        eprintln!("  {t}: {}", p.themes.get(&t).copied().unwrap_or(0));
    }
}

fn progress_line(p: &Progress, total: u32) -> String {
    tavola_core::tr!(
        "puzzles-progress",
        games = p.games,
        total = total,
        positions = p.positions,
        puzzles = p.puzzles,
        seconds = p.elapsed.as_secs()
    )
}

/// The record files named: files as they are, folders' `.json` files in name order.
fn saved_games(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot read {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "json") && f.is_file())
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

/// Proves every puzzle of `path` again; prints each failure and a summary.
fn verify_file(
    set: &PluginSet,
    path: &Path,
    game: &str,
    proof: &ProofConfig,
    quiet: bool,
) -> Result<ExitCode> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file: PuzzleFile = text
        .parse()
        .with_context(|| format!("{} is not a puzzle file", path.display()))?;
    if file.game != game {
        bail!(tavola_core::tr!(
            "puzzles-other-game",
            file = path.display().to_string()
        ));
    }
    let plugin = set.require(&file.game).map_err(|e| anyhow!(e))?;
    // Which library proves them, and which others offering the same game were not used
    // (a stale build of it, a test fixture of the same id).
    println!(
        "{}",
        tavola_core::tr!("puzzles-plugin", path = plugin.path().display().to_string())
    );
    let rivals = set
        .files
        .iter()
        .filter(|f| f.path == plugin.path())
        .flat_map(|f| &f.rivals);
    for rival in rivals {
        println!(
            "{}",
            tavola_core::tr!(
                "puzzles-plugin-unused",
                path = rival.path.display().to_string(),
                game = file.game.clone()
            )
        );
    }
    let options = plugin.parse_options(&file.options)?;
    let mut failed = 0;
    for (i, puzzle) in file.puzzles.iter().enumerate() {
        if let Err(e) = verify(plugin, &options, puzzle, proof) {
            failed += 1;
            println!(
                "{}",
                tavola_core::tr!("puzzles-failed", number = i + 1, reason = e.to_string())
            );
        }
        if !quiet && (i + 1) % 25 == 0 {
            eprintln!("{}/{}", i + 1, file.puzzles.len());
        }
    }
    println!(
        "{}",
        tavola_core::tr!(
            "puzzles-verified",
            good = file.puzzles.len() - failed,
            all = file.puzzles.len()
        )
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
