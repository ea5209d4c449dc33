//! Computer opponents: generic engines over the game-api, and strength levels.
//!
//! Bot names (for `--seat`, the app's seat menus and `tavola match`):
//! - `random`, `greedy` (one move ahead on the plugin's heuristic);
//! - `mcts` or `mcts:N` (UCT with N simulations, 1 to [`MAX_SIMULATIONS`]; `mcts:N:T`
//!   on T threads, 1 to the number of cores; `mcts:N:T:C` with playouts cut after C
//!   actions (at most [`MAX_CUTOFF`]) and scored by the plugin's heuristic, 0 for full
//!   playouts; `mcts:N:T:C:X` with the exploration constant X, a finite number of 0 or
//!   more; without C or X, as the game's [`SearchHints`] advise);
//! - `alphabeta` or `alphabeta:D` (iterative deepening to depth D, 1 to [`MAX_DEPTH`];
//!   two seats, no chance: see [`alphabeta_plays`]): the plugin's own engine
//!   ([`engine`]) where the plugin has one, else the host's; `alphabeta-legacy[:D]`
//!   always the host's ([`alphabeta`]);
//! - the levels `beginner`, `casual`, `strong`, `expert`, and `expert-legacy` (Expert as
//!   it was before the plugin's engine: the host's alpha-beta, 0.5 s a move);
//! - the plugin's own bots, by the names in its manifest.

pub mod alphabeta;
pub mod engine;
pub mod estimate;
pub mod mcts;
pub mod solve;
pub mod solver;

pub use estimate::Estimate;

use std::{
    sync::{Arc, atomic::AtomicBool},
    time::Duration,
};

use game_api::{MoveId, Rng, SearchHints, Turn};

use crate::{
    bots::Bot,
    plugins::{CallError, GameHandle},
};

/// The most simulations an `mcts:N` bot may ask for: the tree keeps a node of about a
/// hundred bytes per simulation, so this bounds it to a few hundred megabytes.
pub const MAX_SIMULATIONS: u64 = 2_000_000;

/// The deepest an `alphabeta:D` bot may search (iterative deepening stops earlier when
/// the game is solved or the time is up).
pub const MAX_DEPTH: u64 = 64;

/// The longest playout cutoff `mcts:N:T:C` may ask for, in actions (a playout is cut
/// by the plugin at [`game_api::MAX_PLAYOUT_ACTIONS`] anyway).
pub const MAX_CUTOFF: u64 = game_api::MAX_PLAYOUT_ACTIONS as u64;

/// Whether alpha-beta can play a game of `seats` seats that may (`chance`) or may not
/// have chance events: two seats and no chance.
pub fn alphabeta_plays(seats: u8, chance: bool) -> bool {
    seats == 2 && !chance
}

/// The number of threads a search may use: the cores of this machine.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
use alphabeta::AlphaBetaConfig;
use mcts::{MctsConfig, Tree};

/// A strength level: an engine and a budget chosen per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Plays quickly and makes mistakes.
    Beginner,
    /// A fair opponent for casual play.
    Casual,
    /// A strong opponent (MCTS, a few thousand simulations).
    Strong,
    /// The strongest: alpha-beta where the game allows it (two seats and a manifest
    /// that promises no chance events, see [`alphabeta_plays`]) — the plugin's own
    /// engine ([`engine`]) at [`engine::EXPERT_TIME`] a move (0.5 s, at most 1 s), or the
    /// host's alpha-beta for 0.5 s with a plugin built without it —, else long MCTS.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Expert];

    /// The level's bot name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// What the level is like, in one line for people, in the player's language.
    pub fn description(self) -> String {
        match self {
            Level::Beginner => crate::tr!("level-beginner-about"),
            Level::Casual => crate::tr!("level-casual-about"),
            Level::Strong => crate::tr!("level-strong-about"),
            Level::Expert => crate::tr!("level-expert-about"),
        }
    }

    /// The level's name for people, in the player's language (the bot name, [`Level::name`],
    /// stays the same in every language).
    pub fn label(self) -> String {
        match self {
            Level::Beginner => crate::tr!("level-beginner"),
            Level::Casual => crate::tr!("level-casual"),
            Level::Strong => crate::tr!("level-strong"),
            Level::Expert => crate::tr!("level-expert"),
        }
    }

    /// The level called `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The bot of this level for a game with `seats` seats, with or without chance,
    /// following the game's search hints.
    pub fn bot(self, seats: u8, chance: bool, hints: &SearchHints) -> Box<dyn Bot> {
        let mcts = |n: u64| -> Box<dyn Bot> {
            Box::new(MctsBot::new(
                self.name(),
                MctsConfig {
                    iterations: Some(n),
                    ..MctsConfig::following(hints)
                },
            ))
        };
        match self {
            Level::Beginner => mcts(40),
            Level::Casual => mcts(400),
            Level::Strong => mcts(4000),
            Level::Expert if alphabeta_plays(seats, chance) => Box::new(AlphaBetaBot::new(
                self.name(),
                AlphaBetaConfig {
                    max_depth: 64,
                    time: Some(engine::EXPERT_TIME),
                },
            )),
            Level::Expert => mcts(20_000),
        }
    }
}

/// Reads part `i` of the bot name `name` as a whole number from `lo` to `hi`.
fn ranged(
    name: &str,
    parts: &[&str],
    i: usize,
    what: &str,
    (lo, hi): (u64, u64),
) -> Result<Option<u64>, String> {
    let Some(text) = parts.get(i) else {
        return Ok(None);
    };
    match text.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
        _ => Err(format!(
            "`{name}`: {what} must be a whole number from {lo} to {hi}, not `{text}`"
        )),
    }
}

/// The MCTS bot called `name` (`mcts[:N[:T[:C[:X]]]]`), every number range-checked.
fn mcts_by_name(name: &str, parts: &[&str], hints: &SearchHints) -> Result<Box<dyn Bot>, String> {
    if parts.len() > 5 {
        return Err(format!(
            "`{name}`: expected mcts[:SIMULATIONS[:THREADS[:CUTOFF[:EXPLORATION]]]]"
        ));
    }
    let cores = max_threads() as u64;
    let iterations =
        ranged(name, parts, 1, "the simulations", (1, MAX_SIMULATIONS))?.unwrap_or(4000);
    let threads = ranged(
        name,
        parts,
        2,
        &format!("the threads (this machine has {cores} cores)"),
        (1, cores),
    )?
    .unwrap_or(1) as usize;
    let mut config = MctsConfig {
        iterations: Some(iterations),
        threads,
        ..MctsConfig::following(hints)
    };
    if let Some(c) = ranged(name, parts, 3, "the playout cutoff", (0, MAX_CUTOFF))? {
        config.cutoff = Some(c as u32).filter(|&c| c > 0);
    }
    if let Some(x) = parts.get(4) {
        config.uct_c = x
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| {
                format!("`{name}`: the exploration constant must be a finite number, 0 or more")
            })?;
    }
    Ok(Box::new(MctsBot::new(name, config)))
}

/// The built-in engine called `name`, for `game` (its seats, and whether its manifest
/// allows chance) with the game's search `hints`, if it is one. Every number in the
/// name is range-checked; an engine that cannot play the game is refused.
pub fn engine_by_name(
    name: &str,
    game: &GameHandle,
    hints: &SearchHints,
) -> Result<Option<Box<dyn Bot>>, String> {
    let parts: Vec<&str> = name.split(':').collect();
    match parts[0] {
        "mcts" => mcts_by_name(name, &parts, hints).map(Some),
        "alphabeta" | "alphabeta-legacy" | "expert-legacy" => {
            let (seats, chance) = describe(game).map_err(|e| e.to_string())?;
            if !alphabeta_plays(seats, chance) {
                return Err(format!(
                    "`{name}` plays two-seat games without chance only; this game of `{}` has {seats} seats{}",
                    game.plugin_id(),
                    if chance {
                        " and may have chance events"
                    } else {
                        ""
                    }
                ));
            }
            let legacy = parts[0] != "alphabeta";
            if parts[0] == "expert-legacy" {
                if parts.len() > 1 {
                    return Err(format!("`{name}`: a level takes no numbers"));
                }
                return Ok(Some(Box::new(AlphaBetaBot::legacy(
                    name,
                    AlphaBetaConfig {
                        max_depth: 64,
                        time: Some(Duration::from_millis(500)),
                    },
                ))));
            }
            if parts.len() > 2 {
                return Err(format!("`{name}`: expected {}[:DEPTH]", parts[0]));
            }
            let depth = ranged(name, &parts, 1, "the depth", (1, MAX_DEPTH))?;
            let config = AlphaBetaConfig {
                max_depth: depth.unwrap_or(MAX_DEPTH) as u32,
                time: if depth.is_some() {
                    None
                } else {
                    Some(Duration::from_millis(1500))
                },
            };
            Ok(Some(Box::new(if legacy {
                AlphaBetaBot::legacy(name, config)
            } else {
                AlphaBetaBot::new(name, config)
            })))
        }
        level => match Level::from_name(level) {
            Some(_) if parts.len() > 1 => Err(format!("`{name}`: a level takes no numbers")),
            Some(l) => {
                let (seats, chance) = describe(game).map_err(|e| e.to_string())?;
                Ok(Some(l.bot(seats, chance, hints)))
            }
            None => Ok(None),
        },
    }
}

/// The seats of `game` and whether it may have chance events: as its manifest says, or
/// because chance is to play now.
fn describe(game: &GameHandle) -> Result<(u8, bool), CallError> {
    let chance = game.may_have_chance() || matches!(game.turn()?, Turn::Chance { .. });
    Ok((game.seat_count()?, chance))
}

/// Monte Carlo tree search as a bot; keeps its tree between moves.
pub struct MctsBot {
    name: String,
    config: MctsConfig,
    cancel: Option<Arc<AtomicBool>>,
    kept: Option<(GameHandle, Tree)>,
    /// The actions played since the kept tree's root, as told ([`Bot::observe`]).
    told: Vec<MoveId>,
    /// The last search, for hints.
    pub last: Option<mcts::SearchResult>,
}

impl MctsBot {
    /// An MCTS bot called `name` with this budget.
    pub fn new(name: &str, config: MctsConfig) -> Self {
        MctsBot {
            name: name.to_owned(),
            config,
            cancel: None,
            kept: None,
            told: Vec::new(),
            last: None,
        }
    }

    /// The kept tree re-rooted at `game`: along the actions told since its root if they
    /// lead there, else if `game` is a child or grandchild of its root.
    fn reuse(&mut self, game: &GameHandle) -> Option<Tree> {
        let told = std::mem::take(&mut self.told);
        let (root, tree) = self.kept.take()?;
        let target = game.state_hash().ok()?;
        if !told.is_empty() {
            let mut at = root.clone();
            let followed = told.iter().all(|&mv| at.apply(mv).is_ok());
            if followed && at.state_hash().ok()? == target {
                return tree.descend(&told);
            }
        }
        let first = root.legal_moves().ok()?;
        for a in &first {
            let mut g1 = root.clone();
            g1.apply(*a).ok()?;
            if g1.state_hash().ok()? == target {
                return tree.descend(&[*a]);
            }
            for b in g1.legal_moves().ok()? {
                let mut g2 = g1.clone();
                g2.apply(b).ok()?;
                if g2.state_hash().ok()? == target {
                    return tree.clone().descend(&[*a, b]);
                }
            }
        }
        None
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &GameHandle, _seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        let tree = if self.config.threads <= 1 {
            self.reuse(game)
        } else {
            None
        };
        let (result, tree) =
            mcts::search(game, &self.config, rng.u64(), tree, self.cancel.clone())?;
        if let Some(tree) = tree {
            self.kept = Some((game.clone(), tree));
        }
        let best = result.best;
        self.last = Some(result);
        Ok(best)
    }

    fn observe(&mut self, _before: &GameHandle, mv: MoveId) {
        if self.kept.is_some() {
            self.told.push(mv);
        }
    }

    fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = Some(cancel);
    }

    /// Searches for `time` instead of a number of simulations.
    fn set_time(&mut self, time: Duration) -> bool {
        self.config.time = Some(time);
        self.config.iterations = None;
        true
    }

    fn last_estimate(&self) -> Option<Estimate> {
        self.last.as_ref().map(Estimate::of_mcts)
    }
}

/// Alpha-beta as a bot: the plugin's own engine where the plugin has one (its table
/// kept between moves inside the plugin), else the host's alpha-beta.
pub struct AlphaBetaBot {
    name: String,
    config: AlphaBetaConfig,
    cancel: Option<Arc<AtomicBool>>,
    /// Use the host's alpha-beta only (set for `alphabeta-legacy`, and once the plugin
    /// said it has no engine).
    legacy: bool,
    /// The state hashes of the game's positions so far (those it was told of, and those
    /// it was asked about), for repetitions.
    seen: Vec<u64>,
    /// What the last search expected.
    last: Option<Estimate>,
}

impl AlphaBetaBot {
    /// An alpha-beta bot called `name` with this budget.
    pub fn new(name: &str, config: AlphaBetaConfig) -> Self {
        AlphaBetaBot {
            name: name.to_owned(),
            config,
            cancel: None,
            legacy: false,
            seen: Vec::new(),
            last: None,
        }
    }

    /// A bot that always searches with the host's alpha-beta (the engine of the levels
    /// before the plugins had their own).
    pub fn legacy(name: &str, config: AlphaBetaConfig) -> Self {
        AlphaBetaBot {
            legacy: true,
            ..Self::new(name, config)
        }
    }
}

impl Bot for AlphaBetaBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        game: &GameHandle,
        _seat: u8,
        _rng: &mut Rng,
    ) -> Result<MoveId, CallError> {
        if !self.legacy {
            let config = engine::EngineConfig {
                max_depth: self.config.max_depth,
                time: self.config.time,
                memory_mib: engine::TABLE_MIB,
            };
            let hash = game.state_hash()?;
            // Asked again where its last search was cut short: not a repetition.
            if self.seen.last() == Some(&hash) {
                self.seen.pop();
            }
            // A position asked about again: a new game (or a repetition the game
            // allowed); the record starts afresh either way.
            if self.seen.contains(&hash) || self.seen.len() >= 1024 {
                self.seen.clear();
            }
            match engine::search(game, &config, self.cancel.as_deref(), &self.seen)? {
                Some(report) => {
                    self.seen.push(hash);
                    if let Some(best) = report.best {
                        self.last = Some(Estimate::of_report(&report));
                        return Ok(MoveId(best));
                    }
                }
                None => self.legacy = true,
            }
        }
        let r = alphabeta::search(game, &self.config, self.cancel.as_deref())?;
        self.last = Some(Estimate::of_alphabeta(&r));
        Ok(r.best)
    }

    /// Records the position before `mv` (unless it is the one last recorded: its own
    /// turn), so that the game's history reaches the plugin's engine.
    fn observe(&mut self, before: &GameHandle, _mv: MoveId) {
        if let Ok(hash) = before.state_hash()
            && self.seen.last() != Some(&hash)
        {
            self.seen.push(hash);
        }
    }

    fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = Some(cancel);
    }

    /// Searches for `time` (a fixed depth, if it has one, still bounds it).
    fn set_time(&mut self, time: Duration) -> bool {
        self.config.time = Some(time);
        true
    }

    fn last_estimate(&self) -> Option<Estimate> {
        self.last.clone()
    }
}

/// A hint: the best move for the side to move, its evaluation and the expected line.
#[derive(Debug, Clone)]
pub struct Hint {
    /// The suggested move.
    pub best: MoveId,
    /// Its evaluation, in words ("+0.42 expected return", "wins by 3").
    pub evaluation: String,
    /// The expected line, best move first.
    pub line: Vec<MoveId>,
}

/// An expected return (−1 a sure loss, 0 even, +1 a sure win) as a person says it: "about
/// a 70% chance to win", "even".
///
/// In the player's language:
///
/// ```
/// tavola::i18n::set_language("en");
/// assert_eq!(tavola::ai::chance_in_words(0.4), "about a 70% chance to win");
/// assert_eq!(tavola::ai::chance_in_words(0.01), "even chances");
/// tavola::i18n::set_language("it");
/// assert_eq!(tavola::ai::chance_in_words(0.4), "circa il 70% di probabilità di vincere");
/// ```
pub fn chance_in_words(expected: f64) -> String {
    if !expected.is_finite() {
        return crate::tr!("chance-none");
    }
    let percent = ((expected.clamp(-1.0, 1.0) + 1.0) * 50.0).round() as i64;
    match percent {
        48..=52 => crate::tr!("chance-even"),
        99.. => crate::tr!("chance-sure-win"),
        ..=1 => crate::tr!("chance-sure-loss"),
        p => crate::tr!("chance-about", share = p as f64 / 100.0),
    }
}

/// A score in points for the player to move, as a person says it: "+1.50 points for
/// you", in the player's language.
pub fn points_in_words(points: f64) -> String {
    let sign = if points > 0.0 { "+" } else { "" };
    crate::tr!("estimate-points", sign = sign, points = points)
}

/// A hint for `game`: alpha-beta for two-seat games whose manifest promises no chance,
/// MCTS (as the game's search `hints` advise) otherwise, so that every turn of every
/// game has one.
pub fn hint(
    game: &GameHandle,
    hints: &SearchHints,
    seed: u64,
    budget: Duration,
) -> Result<Hint, CallError> {
    let (seats, chance) = describe(game)?;
    if alphabeta_plays(seats, chance) {
        let config = engine::EngineConfig {
            max_depth: 64,
            time: Some(budget / 2),
            memory_mib: engine::TABLE_MIB,
        };
        if let Some(r) = engine::search(game, &config, None, &[])?
            && let Some(best) = r.best
        {
            return Ok(Hint {
                best: MoveId(best),
                evaluation: engine::evaluation_in_words(&r),
                line: r.line.iter().map(|&m| MoveId(m)).collect(),
            });
        }
        let r = alphabeta::search(
            game,
            &AlphaBetaConfig {
                max_depth: 64,
                time: Some(budget),
            },
            None,
        )?;
        let evaluation = if r.value.abs() >= alphabeta::WIN - 1000.0 {
            let margin = r.value.abs() - alphabeta::WIN;
            let what = if r.value > 0.0 {
                crate::tr!("estimate-win-by", margin = margin)
            } else {
                crate::tr!("estimate-lose-by", margin = margin)
            };
            format!("{what} ({})", crate::tr!("estimate-seen", depth = r.depth))
        } else {
            format!(
                "{} ({})",
                chance_in_words(r.value / 100.0),
                crate::tr!("estimate-looked", depth = r.depth)
            )
        };
        return Ok(Hint {
            best: r.best,
            evaluation,
            line: r.line,
        });
    }
    let (r, _) = mcts::search(
        game,
        &MctsConfig {
            iterations: None,
            time: Some(budget),
            ..MctsConfig::following(hints)
        },
        seed,
        None,
        None,
    )?;
    let evaluation = if matches!(game.turn()?, Turn::Chance { .. }) {
        crate::tr!("estimate-chance-line", count = r.simulations)
    } else {
        format!(
            "{} ({})",
            chance_in_words(r.value),
            crate::tr!("estimate-simulated", count = r.simulations)
        )
    };
    Ok(Hint {
        best: r.best,
        evaluation,
        line: r.line,
    })
}
