//! `tavola review RECORD`: each move's class and what it lost against the best move,
//! exact where a proof reaches; the turning points and the mistakes to drill.

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Result, anyhow};
use clap::Args;
use serde_json::json;

use super::seat_name;
use game_api::{Options, ScoreUnit};
use tavola_core::{
    plugins::{Plugin, PluginSet},
    record::Record,
    review::{DEFAULT_DEPTH, MoveReview, Review, ReviewConfig, review},
};

/// The arguments of `tavola review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The game record to review.
    pub record: PathBuf,
    /// The search depth of each position, in plies (1 to 40).
    #[arg(long, default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// For the app: progress lines on standard error (`progress DONE ALL`), whatever it
    /// is written to.
    #[arg(long, hide = true)]
    pub progress: bool,
    /// For the app's drills: review the move `NOTATION` in place of move `NUMBER`
    /// (`NUMBER=NOTATION`) and print that one move's review as JSON.
    #[arg(long, hide = true, value_name = "NUMBER=NOTATION")]
    pub instead: Option<String>,
    /// Endgame tables for the search.
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
}

/// Runs `tavola review`.
pub(super) fn run(set: &PluginSet, args: &ReviewArgs) -> Result<ExitCode> {
    let record = Record::read(&args.record)?;
    let plugin = set.require(&record.game).map_err(|e| anyhow!(e))?;
    let start = tavola_core::record::start_of(plugin, &record)?;
    args.tables.load(&start, &record.game)?;
    let config = ReviewConfig {
        depth: args.depth,
        ..ReviewConfig::default()
    };
    if let Some(instead) = &args.instead {
        return instead_of(plugin, &record, instead, &config);
    }
    // Progress only for a person watching (a terminal), never into a log or a pipe.
    let quiet = args.json || !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let done = review(plugin, &record, &config, |done, all| {
        if args.progress {
            eprintln!("progress {done} {all}");
        } else if !quiet {
            eprint!(
                "\r{}",
                tavola_core::tr!("review-progress", done = done, all = all)
            );
        }
    })?;
    if !quiet && !record.moves.is_empty() {
        eprintln!();
    }
    let shown = Shown {
        plugin,
        record: &record,
        options: start.options(),
        unit: start.score_unit(),
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&shown.to_json(&done)?)?);
    } else {
        shown.print(&done)?;
        summary(&done);
    }
    Ok(ExitCode::SUCCESS)
}

/// What a review is shown with: the game's plugin, options and unit, and the record.
struct Shown<'a> {
    /// The game's plugin.
    plugin: &'a Plugin,
    /// The record reviewed.
    record: &'a Record,
    /// The game's options.
    options: &'a Options,
    /// The game's unit of scores.
    unit: Option<&'a ScoreUnit>,
}

impl Shown<'_> {
    /// The notations of the move played and of the best move.
    fn names(&self, m: &MoveReview) -> Result<(String, String)> {
        let game = self.plugin.from_notation(self.options, &m.position)?;
        Ok((
            self.record.moves[m.index].notation.clone(),
            game.move_info(m.best)?.notation,
        ))
    }

    /// The review as `--json` prints it.
    fn to_json(&self, done: &Review) -> Result<serde_json::Value> {
        let mut moves = Vec::new();
        for m in &done.moves {
            let (played, best) = self.names(m)?;
            moves.push(json!({
                "number": m.index + 1,
                "seat": m.seat,
                "move": played,
                "best": best,
                "class": m.class,
                "lost": m.lost,
                "exact": m.exact,
                "best_value": m.best_value.to_json(),
                "played_value": m.played_value.to_json(),
                "position": m.position,
            }));
        }
        Ok(json!({
            "game": self.plugin.id(),
            "depth": done.depth,
            "millis": done.elapsed.as_millis() as u64,
            "moves": moves,
            "turning_points": numbers(done.turning_points()),
            "mistakes": numbers(done.mistakes(None)),
        }))
    }

    /// Each move's line in words.
    fn print(&self, done: &Review) -> Result<()> {
        for m in &done.moves {
            let (played, best) = self.names(m)?;
            // The loss as shown, its unit's plural following that number.
            let shown = (m.lost * 10.0).round() / 10.0;
            let exact = if m.exact {
                tavola_core::tr!("analysis-exact")
            } else {
                tavola_core::tr!("analysis-estimated")
            };
            println!(
                "{}",
                tavola_core::tr!(
                    "review-move",
                    number = m.index + 1,
                    seat = seat_name(self.plugin, Some(m.seat)),
                    move = played,
                    class = m.class.word(),
                    lost = shown,
                    unit = tavola_core::ai::unit_word(self.unit, shown),
                    best = best,
                    value = m.best_value.in_words(self.unit),
                    exact = exact
                )
            );
        }
        Ok(())
    }
}

/// How many times the review's proof budget a `--instead` answer's proof may search.
const INSTEAD_SOLVE_FACTOR: u64 = 10;

/// `--instead NUMBER=NOTATION`: that move reviewed in place of the record's, as JSON.
fn instead_of(
    plugin: &tavola_core::plugins::Plugin,
    record: &Record,
    instead: &str,
    config: &ReviewConfig,
) -> Result<ExitCode> {
    let (number, notation) = instead
        .split_once('=')
        .and_then(|(n, m)| Some((n.trim().parse::<usize>().ok()?, m.trim())))
        .filter(|(n, _)| *n >= 1)
        .ok_or_else(|| {
            anyhow!(tavola_core::tr!(
                "review-instead-bad",
                given = instead.to_owned()
            ))
        })?;
    let mut game = tavola_core::record::start_of(plugin, record)?;
    for m in record.moves.iter().take(number - 1) {
        game.apply(game_api::MoveId(m.id))?;
    }
    let mv = game
        .moves()?
        .into_iter()
        .find(|m| m.notation == notation)
        .map(|m| m.id)
        .ok_or_else(|| {
            anyhow!(tavola_core::tr!(
                "review-not-legal",
                number = number,
                notation = notation.to_owned()
            ))
        })?;
    // One position, not a whole game: a larger proof budget, so that what the review
    // proved with the tables its earlier moves filled is proven here too.
    let config = ReviewConfig {
        solve_nodes: config.solve_nodes.saturating_mul(INSTEAD_SOLVE_FACTOR),
        ..*config
    };
    let m = tavola_core::review::review_instead(plugin, record, number - 1, mv, &config)?;
    let verdict = tavola_core::review::Verdict::of(&m);
    let best = game.move_info(m.best)?.notation;
    let out = json!({
        "number": number,
        "seat": m.seat,
        "move": notation,
        "best": best,
        "class": m.class,
        "lost": m.lost,
        "exact": m.exact,
        "accepted": verdict.accepted,
        "best_value": m.best_value.to_json(),
        "played_value": m.played_value.to_json(),
    });
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(ExitCode::SUCCESS)
}

fn numbers<'a>(moves: impl Iterator<Item = &'a MoveReview>) -> Vec<usize> {
    moves.map(|m| m.index + 1).collect()
}

fn summary(done: &Review) {
    let list = |moves: Vec<usize>| {
        if moves.is_empty() {
            tavola_core::tr!("review-none")
        } else {
            moves
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    println!(
        "{}",
        tavola_core::tr!(
            "review-turning-points",
            moves = list(numbers(done.turning_points()))
        )
    );
    println!(
        "{}",
        tavola_core::tr!(
            "review-mistakes",
            moves = list(numbers(done.mistakes(None)))
        )
    );
    println!(
        "{}",
        tavola_core::tr!(
            "review-time",
            depth = done.depth,
            seconds = done.elapsed.as_secs_f64()
        )
    );
}
