//! `tavola analyse`: the N best moves of a position (MultiPV), their values in the
//! game's units saying which are exact, and their lines; from a position, a record or
//! moves played from the start.

use std::{
    path::{Path, PathBuf},
    process::ExitCode,
    time::{Duration, Instant},
};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use game_api::{ScoreUnit, Turn};
use serde_json::json;

use super::{Setup, limits::MAX_MILLIS, seat_name, set_up};
use tavola_core::{
    ai::mcts::MctsConfig,
    analysis::{Analyser, Analysis, AnalysisConfig, Engine, Update, Value},
    plugins::{GameHandle, Plugin, PluginSet},
    record::{Record, replay_with, start_of},
};

/// The arguments of `tavola analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The game's id.
    pub game: String,
    /// The options and start position.
    #[command(flatten)]
    pub setup: Setup,
    /// Play these moves first, by their notations (`c,f,B`), from the start, the
    /// `--position` or the record's last position; the history is kept, so rules about
    /// repeated positions see it.
    #[arg(long, value_name = "M1,M2,…", value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Start from this game record: its options, start position and moves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "options"])]
    pub record: Option<PathBuf>,
    /// How many best moves to show (1 to 64).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub lines: u16,
    /// The deepest search, in plies (1 to 60).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// The time to deepen, in milliseconds (1 to 3600000); then each line is proven
    /// exact where a short solve can.
    #[arg(long, default_value_t = 2000, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    pub time: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print every deeper answer as it is found, one JSON object a line (`done` true on
    /// the last): what the app's analysis board reads.
    #[arg(long)]
    pub follow: bool,
    /// Endgame tables for the search.
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
}

/// The game after its history (the record's moves or the set-up, then `moves`), with
/// the state hashes of the positions before the current one, oldest first.
pub(super) fn game_with_history<'a>(
    set: &'a PluginSet,
    game_id: &str,
    setup: &Setup,
    record: Option<&Path>,
    moves: &[String],
) -> Result<(&'a Plugin, GameHandle, Vec<u64>)> {
    let mut history = Vec::new();
    let (plugin, mut game) = match record {
        Some(path) => {
            let record = Record::read(path)?;
            if record.game != game_id {
                bail!(tavola_core::tr!(
                    "hint-other-record",
                    path = path.display().to_string(),
                    game = record.game.clone(),
                    wanted = game_id
                ));
            }
            let plugin = set.require(game_id).map_err(|e| anyhow!(e))?;
            let replayed = replay_with(plugin, &record).with_context(|| {
                tavola_core::tr!("cli-does-not-replay", file = path.display().to_string())
            })?;
            for w in &replayed.warnings {
                super::warn(w);
            }
            let mut game = start_of(plugin, &record)?;
            for m in &record.moves {
                history.push(game.state_hash()?);
                game.apply(game_api::MoveId(m.id))?;
            }
            (plugin, game)
        }
        None => set_up(set, game_id, setup)?,
    };
    // Checked all at once first, so that a bad move is named by its number.
    super::hint::play_notations(&mut game.clone(), moves)?;
    for m in moves.iter().filter(|m| !m.trim().is_empty()) {
        history.push(game.state_hash()?);
        super::hint::play_notations(&mut game, std::slice::from_ref(m))?;
    }
    Ok((plugin, game, history))
}

/// One answer of the analysis as a JSON line: the depth, the nodes, whether it is the
/// last, and each line's move, value (see [`tavola_core::analysis::Value::to_json`]) and
/// notations.
fn update_json(game: &GameHandle, update: &Update) -> Result<serde_json::Value> {
    let found = &update.analysis;
    let mut lines = Vec::new();
    for l in &found.lines {
        lines.push(json!({
            "move": game.move_info(l.mv)?.notation,
            "value": l.value.to_json(),
            "line": game.line_notation(&l.line)?,
        }));
    }
    Ok(json!({
        "depth": found.depth,
        "nodes": found.nodes,
        "engine": match found.engine {
            Engine::AlphaBeta => "alphabeta",
            Engine::Mcts => "mcts",
        },
        "done": update.done,
        "lines": lines,
    }))
}

/// `--follow`: every new answer printed as one JSON line until the last.
fn follow(game: &GameHandle, analyser: Analyser) -> Result<ExitCode> {
    let mut last = None;
    loop {
        let ended = analyser.finished();
        let update = analyser.poll();
        if update.is_some() && update != last {
            if let Some(u) = &update {
                println!("{}", serde_json::to_string(&update_json(game, u)?)?);
                if u.done {
                    break;
                }
            }
            last = update;
        }
        if ended {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    analyser.wait()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `tavola analyse`.
pub(super) fn run(set: &PluginSet, args: &AnalyseArgs) -> Result<ExitCode> {
    let (plugin, game, history) = game_with_history(
        set,
        &args.game,
        &args.setup,
        args.record.as_deref(),
        &args.moves,
    )?;
    args.tables.load(&game, &args.game)?;
    let position = game.notation()?;
    let seat = seat_to_move(&game, &position)?;
    let time = Duration::from_millis(args.time);
    let config = AnalysisConfig {
        lines: usize::from(args.lines),
        max_depth: args.depth,
        mcts_time: time,
        reach: tavola_core::analysis::reach(plugin, game.options(), Some(&game)),
        ..AnalysisConfig::default()
    };
    let mcts = MctsConfig::following(&plugin.manifest().search);
    let started = Instant::now();
    let analyser = Analyser::start(game.clone(), history, config, Some(time), mcts);
    if args.follow {
        return follow(&game, analyser);
    }
    let update = analyser.wait()?.ok_or_else(|| {
        anyhow!(tavola_core::tr!(
            "analyse-nothing",
            position = position.clone()
        ))
    })?;
    let millis = started.elapsed().as_millis() as u64;
    let found = update.analysis;
    let mut lines = Vec::new();
    for l in &found.lines {
        lines.push((
            game.move_info(l.mv)?.notation,
            l.value,
            game.line_notation(&l.line)?,
        ));
    }
    let report = Report {
        game: plugin.id(),
        position,
        to_move: seat_name(plugin, Some(seat)),
        seat,
        found: &found,
        millis,
        lines,
        unit: game.score_unit(),
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report.to_json())?);
    } else {
        report.print();
    }
    Ok(ExitCode::SUCCESS)
}

/// The seat to move at `position`; an error for a game over or a chance event due.
fn seat_to_move(game: &GameHandle, position: &str) -> Result<u8> {
    match game.turn()? {
        Turn::Seat { seat } => Ok(seat),
        Turn::Over { .. } => bail!(tavola_core::tr!(
            "analyse-over",
            position = position,
            status = game.view()?.status
        )),
        Turn::Chance { .. } => bail!(tavola_core::tr!("hint-chance", position = position)),
    }
}

/// What `tavola analyse` found, as it prints it.
struct Report<'a> {
    /// The game's id.
    game: &'a str,
    /// The position's notation.
    position: String,
    /// The name of the seat to move.
    to_move: String,
    /// The seat to move.
    seat: u8,
    /// The analysis.
    found: &'a Analysis,
    /// How long it took.
    millis: u64,
    /// Each line's move, value and moves, in notation.
    lines: Vec<(String, Value, Vec<String>)>,
    /// The game's unit of scores.
    unit: Option<&'a ScoreUnit>,
}

impl Report<'_> {
    /// The report as `--json` prints it.
    fn to_json(&self) -> serde_json::Value {
        let engine = match self.found.engine {
            Engine::AlphaBeta => "alphabeta",
            Engine::Mcts => "mcts",
        };
        json!({
            "game": self.game,
            "position": self.position,
            "to_move": self.to_move,
            "seat": self.seat,
            "engine": engine,
            "depth": self.found.depth,
            "nodes": self.found.nodes,
            "millis": self.millis,
            "lines": self.lines.iter().map(|(mv, value, line)| json!({
                "move": mv,
                "value": value.to_json(),
                "words": value.in_words(self.unit),
                "line": line,
            })).collect::<Vec<_>>(),
        })
    }

    /// Prints the report in words: the position, the seat to move, the search, the lines.
    fn print(&self) {
        println!(
            "{}",
            tavola_core::tr!("cli-position", position = self.position.clone())
        );
        println!(
            "{}",
            tavola_core::tr!("hint-to-move", seat = self.to_move.clone())
        );
        let (found, millis) = (self.found, self.millis);
        let searched = match found.depth {
            Some(depth) => tavola_core::tr!(
                "analyse-searched",
                depth = depth,
                nodes = found.nodes,
                millis = millis
            ),
            None => tavola_core::tr!("analyse-simulated", count = found.nodes, millis = millis),
        };
        println!("{searched}");
        for (i, (mv, value, line)) in self.lines.iter().enumerate() {
            println!(
                "{}",
                tavola_core::tr!(
                    "analyse-line",
                    rank = i + 1,
                    move = mv.clone(),
                    value = value.in_words(self.unit),
                    line = line.join(" ")
                )
            );
        }
    }
}
