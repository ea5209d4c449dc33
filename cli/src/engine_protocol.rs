//! `tavola engine GAME`: one bot kept for a whole session, driven by a line protocol on
//! standard input and output, in the manner of UCI, so an outside program (a referee, a
//! GUI) can ask for move after move without starting a process each time and the bot
//! keeps what it learnt (its tree or table) between the moves of a game.
//!
//! Commands, one a line (words separated by spaces; every answer ends with a line the
//! caller can wait for):
//!
//! | command | answer |
//! |---|---|
//! | `uci` | `id name tavola VERSION`, `id game GAME`, the options, `uciok` |
//! | `isready` | `readyok` |
//! | `setoption name Level value BOT` (or `Engine`) | nothing; the next `go` uses a new `BOT` |
//! | `setoption name Seed value N` | nothing |
//! | `ucinewgame` | nothing; the start position and a fresh bot (it forgets its table) |
//! | `position startpos [moves M1 M2 …]` | nothing (or `error …`) |
//! | `position notation N… [moves M1 M2 …]` | nothing (or `error …`) |
//! | `go [movetime MS]` | `info …` then `bestmove M` (`bestmove (none)` when the game is over) |
//! | `state` | `state {JSON}`: position, status, whether over, the player to move, legal moves, the last move's messages, scores and results, how many moves the bot was told (`bot_told`) |
//! | `quit` | ends |
//!
//! With `--worker` the bot lives in a worker process as the app's do
//! ([`super::engine_worker`]).
//!
//! A command that cannot be done answers `error MESSAGE` and changes nothing; the
//! session goes on. A `position` that goes on from the one set before (the same start,
//! the same moves and more) tells the bot the moves played since, as the app's worker and
//! `tavola play` tell theirs: MCTS re-roots its tree, alpha-beta knows the positions of
//! the game. Any other `position` makes a new bot, told the moves from its start.

use std::{
    io::{BufRead, Write},
    process::ExitCode,
    time::{Duration, Instant},
};

use anyhow::{Result, anyhow, bail};
use clap::Args;
use game_api::{MoveId, Options, Rng, Turn};
use serde_json::json;

use super::hint::{bot_with_time, may_take_time, play_notations};
use tavola_core::{
    ai::estimate::Value,
    bots::Bot,
    plugins::{GameHandle, Plugin, PluginSet},
};

/// The arguments of `tavola engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game's id.
    pub game: String,
    /// Set a game option (repeatable), e.g. `--option houses=4`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The bot that plays (a level, an engine such as `alphabeta:12`, or the plugin's
    /// own); `setoption name Level value BOT` changes it.
    #[arg(
        long,
        visible_alias = "engine",
        value_name = "BOT",
        default_value = "expert"
    )]
    pub level: String,
    /// The random seed (MCTS).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Endgame tables for the search.
    #[command(flatten)]
    pub tables: super::endgame::TablesArgs,
    /// Play as the app does: the bot in a sandboxed worker process of its own, kept there
    /// between moves, with the endgame tables the app keeps (in `--tables-root`), at the
    /// level's own time a move (`go movetime` is then ignored).
    #[arg(long)]
    pub worker: bool,
    /// With `--worker`: the folder holding a folder of tables per game, as the app's
    /// `endgames` folder (the default: the app's own).
    #[arg(long, value_name = "DIR", requires = "worker")]
    pub tables_root: Option<std::path::PathBuf>,
}

/// Runs `tavola engine` on standard input and output.
pub(super) fn run(set: &PluginSet, args: &EngineArgs) -> Result<ExitCode> {
    let plugin = set.require(&args.game).map_err(|e| anyhow!(e))?;
    let options = plugin.parse_options(&args.options)?;
    let mut session = Session::new(plugin, options, &args.level, args.seed)?;
    args.tables.load(&session.game, &args.game)?;
    session.serve(std::io::stdin().lock(), std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// One engine session: a game position with its history and a bot kept between moves.
pub struct Session<'a> {
    plugin: &'a Plugin,
    options: Options,
    game: GameHandle,
    bot_name: String,
    bot: Box<dyn Bot>,
    rng: Rng,
    /// The messages of the last move of the position set ("The position repeats…").
    messages: Vec<String>,
    /// The position set last, as its start and its moves: a position that goes on from
    /// it tells the bot the moves played since ([`Bot::observe`]), as the app's worker
    /// and `tavola play` do, so MCTS re-roots its tree and alpha-beta knows the game.
    line: (Vec<String>, Vec<String>),
    /// How many moves the bot was told since it was made (`state`'s `bot_told`).
    told: usize,
}

impl<'a> Session<'a> {
    /// A session of `plugin`'s game under `options` at its start, played by `bot`.
    pub fn new(plugin: &'a Plugin, options: Options, bot: &str, seed: u64) -> Result<Self> {
        let game = plugin.new_game(&options)?;
        let made = bot_with_time(plugin, &game, bot, None)?;
        Ok(Session {
            plugin,
            options,
            game,
            bot_name: bot.to_owned(),
            bot: made,
            rng: Rng::with_seed(seed),
            messages: Vec::new(),
            line: start_line(),
            told: 0,
        })
    }

    /// Reads commands from `input` until `quit` or its end, answering on `out`.
    pub fn serve(&mut self, input: impl BufRead, out: impl Write) -> Result<()> {
        serve(input, out, |command, rest| self.command(command, rest))
    }

    /// Does one command; its answer, line by line.
    pub fn command(&mut self, command: &str, rest: &[&str]) -> Result<Vec<String>> {
        match command {
            "uci" => Ok(vec![
                format!("id name tavola {}", env!("CARGO_PKG_VERSION")),
                format!("id game {}", self.plugin.id()),
                format!("option name Level type string default {}", self.bot_name),
                "option name Seed type spin default 1".into(),
                "uciok".into(),
            ]),
            "isready" => Ok(vec!["readyok".into()]),
            "ucinewgame" | "newgame" => {
                self.game = self.plugin.new_game(&self.options)?;
                self.messages.clear();
                self.line = start_line();
                self.bot = bot_with_time(self.plugin, &self.game, &self.bot_name, None)?;
                self.told = 0;
                Ok(Vec::new())
            }
            "setoption" => self.set_option(rest).map(|()| Vec::new()),
            "position" => self.set_position(rest).map(|()| Vec::new()),
            "go" => self.go(rest),
            "state" => Ok(vec![format!("state {}", self.state()?)]),
            other => bail!(
                "unknown command `{other}` (commands: uci, isready, setoption, ucinewgame, \
                 position, go, state, quit)"
            ),
        }
    }

    fn set_option(&mut self, rest: &[&str]) -> Result<()> {
        let (name, value) = option_of(rest)?;
        match name.as_str() {
            "level" | "engine" => {
                // A new bot at the position set: it is told the moves from here on.
                self.bot = bot_with_time(self.plugin, &self.game, &value, None)?;
                self.bot_name = value;
                self.told = 0;
            }
            "seed" => self.rng = Rng::with_seed(seed_of(&value)?),
            _ => bail!("no option `{name}` (options: Level, Engine, Seed)"),
        }
        Ok(())
    }

    fn set_position(&mut self, rest: &[&str]) -> Result<()> {
        let (notation, moves) = position_of(rest)?;
        let (base, start) = match notation {
            None => (self.plugin.new_game(&self.options)?, start_line().0),
            Some(n) => (
                self.plugin.from_notation(&self.options, &n)?,
                vec!["notation".to_owned(), n],
            ),
        };
        let mut game = base.clone();
        let messages = play_notations(&mut game, &moves)?;
        // A position that goes on from the one set last: the bot is told the moves since.
        // Any other: a new bot (as the worker makes one for a jump it cannot follow),
        // told the moves from the new start, so that it knows no other line's positions.
        let (old_start, old_moves) = &self.line;
        let goes_on = *old_start == start && moves.starts_with(old_moves);
        let (from, told, new_bot) = if goes_on {
            (self.game.clone(), &moves[old_moves.len()..], None)
        } else {
            let bot = bot_with_time(self.plugin, &base, &self.bot_name, None)?;
            (base, &moves[..], Some(bot))
        };
        let steps = steps_of(from, told)?;
        // Nothing above changed the session: a command that fails changes nothing.
        if let Some(bot) = new_bot {
            self.bot = bot;
            self.told = 0;
        }
        for (before, mv) in &steps {
            self.bot.observe(before, *mv);
        }
        self.told += steps.len();
        self.messages = messages;
        self.line = (start, moves);
        self.game = game;
        Ok(())
    }

    fn go(&mut self, rest: &[&str]) -> Result<Vec<String>> {
        let time = match rest {
            [] => None,
            ["movetime", ms] => match ms.parse::<u64>() {
                Ok(ms) if (1..=super::limits::MAX_MILLIS).contains(&ms) => {
                    Some(Duration::from_millis(ms))
                }
                _ => bail!("movetime must be a whole number of milliseconds from 1 to 3600000"),
            },
            _ => bail!("expected `go [movetime MS]`"),
        };
        let mut lines = Vec::new();
        let seat = match self.game.turn()? {
            Turn::Seat { seat } => seat,
            Turn::Over { .. } => {
                lines.push(format!(
                    "info string the game is over: {}",
                    self.game.view()?.status
                ));
                lines.push("bestmove (none)".into());
                return Ok(lines);
            }
            Turn::Chance { .. } => bail!("chance is to play: nobody chooses a move here"),
        };
        if let Some(t) = time
            && !(may_take_time(&self.bot_name) && self.bot.set_time(t))
        {
            lines.push(format!(
                "info string {} plays a fixed budget: movetime ignored",
                self.bot_name
            ));
        }
        let started = Instant::now();
        let best = self.bot.choose(&self.game, seat, &mut self.rng)?;
        let millis = started.elapsed().as_millis();
        if let Some(e) = self.bot.last_estimate() {
            let score = match e.value {
                Value::Proven { result, margin } => {
                    format!("{} {margin}", format!("{result:?}").to_lowercase())
                }
                Value::Points(v) => format!("cp {}", (v * 100.0).round() as i64),
                Value::Expected(v) => format!("expected {v:.3}"),
            };
            let depth = e.depth.map(|d| format!(" depth {d}")).unwrap_or_default();
            let pv = match e.line.first() {
                Some(&first) if first == best => {
                    format!(" pv {}", self.game.line_notation(&e.line)?.join(" "))
                }
                _ => String::new(),
            };
            lines.push(format!(
                "info{depth} nodes {} time {millis} score {score}{pv}",
                e.nodes
            ));
        }
        lines.push(format!("bestmove {}", self.game.move_info(best)?.notation));
        Ok(lines)
    }

    fn state(&self) -> Result<serde_json::Value> {
        let game = &self.game;
        let legal: Vec<String> = game.moves()?.into_iter().map(|m| m.notation).collect();
        let mut out = json!({
            "game": self.plugin.id(),
            "position": game.notation()?,
            "status": game.view()?.status,
            "legal": legal,
            "messages": self.messages,
            "bot_told": self.told,
        });
        turn_fields(&game.turn()?, &mut out);
        Ok(out)
    }
}

/// Reads commands from `input` until `quit` or its end, each done by `command` (its
/// answer's lines, or an error said as `error MESSAGE` on one line), answering on `out`.
pub(super) fn serve(
    input: impl BufRead,
    mut out: impl Write,
    mut command: impl FnMut(&str, &[&str]) -> Result<Vec<String>>,
) -> Result<()> {
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            continue;
        };
        if name == "quit" {
            break;
        }
        match command(name, rest) {
            Ok(lines) => {
                for l in lines {
                    writeln!(out, "{l}")?;
                }
            }
            Err(e) => writeln!(out, "error {}", format!("{e:#}").replace('\n', " "))?,
        }
        out.flush()?;
    }
    Ok(())
}

/// The start (`None` for `startpos`, else the notation) and the moves of `position
/// startpos|notation N… [moves M1 M2 …]`.
pub(super) fn position_of(rest: &[&str]) -> Result<(Option<String>, Vec<String>)> {
    let (start, moves) = match rest.iter().position(|w| *w == "moves") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let start = match start {
        ["startpos"] => None,
        ["notation", notation @ ..] if !notation.is_empty() => Some(notation.join(" ")),
        _ => bail!("expected `position startpos|notation N… [moves M1 M2 …]`"),
    };
    Ok((start, moves.iter().map(|m| (*m).to_owned()).collect()))
}

/// The name (in lower case) and value of `setoption name NAME value VALUE…`.
pub(super) fn option_of(rest: &[&str]) -> Result<(String, String)> {
    match rest {
        ["name", name, "value", value @ ..] if !value.is_empty() => {
            Ok((name.to_ascii_lowercase(), value.join(" ")))
        }
        _ => bail!("expected `setoption name NAME value VALUE`"),
    }
}

/// The `Seed` option's value.
pub(super) fn seed_of(value: &str) -> Result<u64> {
    value
        .parse::<u64>()
        .map_err(|_| anyhow!("Seed must be a whole number, not `{value}`"))
}

/// `state`'s fields of whose turn it is: `over`, and `to_move` (a seat, or `chance`) or
/// the final `scores` and `results`.
pub(super) fn turn_fields(turn: &Turn, out: &mut serde_json::Value) {
    match turn {
        Turn::Seat { seat } => {
            out["over"] = json!(false);
            out["to_move"] = json!(seat);
        }
        Turn::Chance { .. } => {
            out["over"] = json!(false);
            out["to_move"] = json!("chance");
        }
        Turn::Over { outcome } => {
            out["over"] = json!(true);
            out["scores"] = json!(outcome.seats.iter().map(|s| s.score).collect::<Vec<_>>());
            out["results"] = json!(
                outcome
                    .seats
                    .iter()
                    .map(|s| format!("{:?}", s.result).to_lowercase())
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// The line of the start position, no move played.
fn start_line() -> (Vec<String>, Vec<String>) {
    (vec!["startpos".to_owned()], Vec::new())
}

/// Each of `moves` (legal, checked) played from `from`, with the position before it.
fn steps_of(mut from: GameHandle, moves: &[String]) -> Result<Vec<(GameHandle, MoveId)>> {
    let mut steps = Vec::with_capacity(moves.len());
    for notation in moves {
        let Some(info) = from.moves()?.into_iter().find(|m| m.notation == *notation) else {
            bail!("`{notation}` is not a legal move here");
        };
        steps.push((from.clone(), info.id));
        from.apply(info.id)?;
    }
    Ok(steps)
}
