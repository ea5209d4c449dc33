//! `tavola hint`: the best move for the side to move, by any bot the host knows, from a
//! game's whole history (moves from the start or a record), so that rules which look at
//! the past (a repeated position ends an Oware game) are seen.

use std::{
    path::{Path, PathBuf},
    process::ExitCode,
    time::{Duration, Instant},
};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use game_api::{Effect, MoveId, Rng, Turn};
use serde_json::json;

use super::{Setup, limits::MAX_MILLIS, seat_name};
use tavola_core::{
    ai::{Estimate, HintBudget, Level},
    bots::{Bot, bot_for},
    plugins::{GameHandle, Plugin, PluginSet},
};

/// The thinking time of the hint engine when none is given.
const DEFAULT_MILLIS: u64 = 1000;

/// The arguments of `tavola hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
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
    /// The bot that chooses: a level (`beginner` … `expert`), an engine (`alphabeta`,
    /// `alphabeta:12`, `mcts:20000`, …) or the plugin's own bot; without it, the hint
    /// engine (alpha-beta for two seats without chance, else MCTS) thinks for `--time`.
    #[arg(long, visible_alias = "engine", value_name = "BOT")]
    pub level: Option<String>,
    /// Thinking time per move in milliseconds (1 to 3600000), for the bots that think for
    /// a time (`expert`, `alphabeta`, `mcts`; not the levels below expert, whose budget
    /// is what makes them what they are); the hint engine's default is 1000.
    #[arg(long, visible_alias = "millis", value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    pub time: Option<u64>,
    /// Search to this depth instead of for a time, with an emptied table, so that the
    /// answer depends on the position alone (alpha-beta: plies, 1 to 64; MCTS: this many
    /// thousand simulations on one thread, from `--seed`): the app's evaluation bar
    /// asked for the same depth shows the same value (`bar` in `--json`).
    #[arg(long, value_name = "PLIES", conflicts_with_all = ["time", "level"],
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The random seed (MCTS).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Endgame tables for the search.
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
}

/// Runs `tavola hint`.
pub(super) fn run(set: &PluginSet, args: &HintArgs) -> Result<ExitCode> {
    let (plugin, game) = history(
        set,
        &args.game,
        &args.setup,
        args.record.as_deref(),
        &args.moves,
    )?;
    args.tables.load(&game, &args.game)?;
    let position = game.notation()?;
    let seat = match game.turn()? {
        Turn::Seat { seat } => seat,
        Turn::Over { .. } => {
            print_over(plugin, &position, game.view()?.status, args.json)?;
            return Ok(ExitCode::SUCCESS);
        }
        Turn::Chance { .. } => bail!(tavola_core::tr!("hint-chance", position = position)),
    };
    let started = Instant::now();
    let chosen = choose(plugin, &game, seat, args)?;
    let millis = started.elapsed().as_millis() as u64;
    let best_name = game.move_info(chosen.best)?.notation;
    let line = match &chosen.estimate {
        Some(e) if e.line.first() == Some(&chosen.best) => game.line_notation(&e.line)?,
        _ => vec![best_name.clone()],
    };
    let to_move = seat_name(plugin, Some(seat));
    let Chosen {
        engine,
        estimate,
        share,
        ..
    } = chosen;
    if args.json {
        let out = json!({
            "game": plugin.id(),
            "position": position,
            "over": false,
            "to_move": to_move,
            "seat": seat,
            "engine": engine,
            "best": best_name,
            "line": line,
            "outcome": estimate.as_ref().map(Estimate::to_json),
            "share": share,
            "bar": share.map(tavola_core::ai::bar_percent),
            "millis": millis,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!("{}", tavola_core::tr!("cli-position", position = position));
        println!("{}", tavola_core::tr!("hint-to-move", seat = to_move));
        let engine_name = engine.clone();
        println!(
            "{}",
            tavola_core::tr!("hint-engine", engine = engine_name, millis = millis)
        );
        println!("{}", tavola_core::tr!("hint-best", best = best_name));
        let outcome = match &estimate {
            Some(e) => e.in_words(),
            None => tavola_core::tr!("hint-no-estimate", engine = engine),
        };
        println!("{}", tavola_core::tr!("hint-outcome", outcome = outcome));
        println!("{}", tavola_core::tr!("hint-line", line = line.join(" ")));
    }
    Ok(ExitCode::SUCCESS)
}

/// A game over: its position and status (as JSON with `"over": true`).
fn print_over(plugin: &Plugin, position: &str, status: String, json: bool) -> Result<()> {
    if json {
        let out = json!({"game": plugin.id(), "position": position, "over": true,
                         "status": status, "best": null});
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!("{}", tavola_core::tr!("cli-position", position = position));
        println!("{}", tavola_core::tr!("hint-over", status = status));
    }
    Ok(())
}

/// The move chosen and by what.
struct Chosen {
    /// The bot's name (`--level`), or `hint` for the hint engine.
    engine: String,
    /// The move.
    best: MoveId,
    /// What the engine expects, if it says.
    estimate: Option<Estimate>,
    /// The hint engine's share of the outcome for the seat to move (the evaluation bar).
    share: Option<f64>,
}

/// The move `--level`'s bot chooses for `seat`, or the hint engine's (for `--depth` or
/// `--time`).
fn choose(plugin: &Plugin, game: &GameHandle, seat: u8, args: &HintArgs) -> Result<Chosen> {
    let time = args.time.map(Duration::from_millis);
    Ok(match &args.level {
        Some(name) => {
            let mut bot = bot_with_time(plugin, game, name, time)?;
            let best = bot
                .choose(game, seat, &mut Rng::with_seed(args.seed))
                .map_err(|e| anyhow!("{name}: {e}"))?;
            Chosen {
                engine: name.clone(),
                best,
                estimate: bot.last_estimate(),
                share: None,
            }
        }
        None => {
            let budget = match args.depth {
                Some(d) => HintBudget::Depth(d),
                None => HintBudget::Time(time.unwrap_or(Duration::from_millis(DEFAULT_MILLIS))),
            };
            let hints = &plugin.manifest().search;
            let h = tavola_core::ai::hint(game, hints, args.seed, budget)
                .map_err(|e| anyhow!("hint: {e}"))?;
            Chosen {
                engine: "hint".to_owned(),
                best: h.best,
                estimate: Some(h.estimate),
                share: h.share,
            }
        }
    })
}

/// The game `game_id` after its history: the record's moves (if `record`) or the
/// `setup`'s start, then `moves` by their notations.
pub(super) fn history<'a>(
    set: &'a PluginSet,
    game_id: &str,
    setup: &Setup,
    record: Option<&Path>,
    moves: &[String],
) -> Result<(&'a Plugin, GameHandle)> {
    let (plugin, game, _) = super::analyse::game_with_history(set, game_id, setup, record, moves)?;
    Ok((plugin, game))
}

/// Plays `moves` on `game` by their notations (blank ones skipped); a move that is not
/// legal is an error naming it, its number and the legal moves. Returns the messages of
/// the last move played ("The position repeats: the game is over").
pub(super) fn play_notations(game: &mut GameHandle, moves: &[String]) -> Result<Vec<String>> {
    let mut messages = Vec::new();
    for (i, notation) in moves.iter().enumerate() {
        let notation = notation.trim();
        if notation.is_empty() {
            continue;
        }
        let legal = game.moves()?;
        let Some(found) = legal.iter().find(|m| m.notation == notation) else {
            if let Turn::Over { .. } = game.turn()? {
                bail!(tavola_core::tr!(
                    "hint-move-after-end",
                    number = i + 1,
                    notation = notation,
                    status = game.view()?.status
                ));
            }
            let names: Vec<&str> = legal.iter().map(|m| m.notation.as_str()).collect();
            bail!(tavola_core::tr!(
                "hint-move-not-legal",
                number = i + 1,
                notation = notation,
                position = game.notation()?,
                legal = names.join(", ")
            ));
        };
        let effects = game
            .apply_with_effects(found.id)
            .with_context(|| tavola_core::tr!("hint-move", number = i + 1, notation = notation))?;
        messages = effects
            .into_iter()
            .filter_map(|e| match e {
                Effect::Message { text } => Some(text),
                _ => None,
            })
            .collect();
    }
    Ok(messages)
}

/// Whether a bot of this name may be given a thinking time: every bot but the levels
/// below expert, whose fixed budget is what makes the level.
pub(super) fn may_take_time(name: &str) -> bool {
    Level::from_name(name).is_none_or(|l| l == Level::Expert)
}

/// The bot called `name` for `game`, thinking for `time` a move if given (refused, with
/// the reason, for a bot that does not think for a time).
pub(super) fn bot_with_time(
    plugin: &Plugin,
    game: &GameHandle,
    name: &str,
    time: Option<Duration>,
) -> Result<Box<dyn Bot>> {
    let mut bot = bot_for(name, plugin, game)?;
    if let Some(t) = time
        && !(may_take_time(name) && bot.set_time(t))
    {
        bail!(tavola_core::tr!("hint-no-time", bot = name));
    }
    Ok(bot)
}
