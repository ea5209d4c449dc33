//! Mining: the positions of seeded bot games (and of saved games) each examined by
//! [`examine`], the puzzles kept once each, within a time limit, with progress.

use std::{
    collections::{BTreeMap, HashSet},
    time::{Duration, Instant},
};

use game_api::{MoveId, Options, Rng, Turn};
use thiserror::Error;

use super::{
    ContinuationPolicy, NotAPuzzle, ProofConfig, ProofError, Puzzle, Theme, VerifyError,
    continuation::{continuation, continuation_seed},
    examine, recheck,
};
use crate::{
    bots::{BotError, GreedyBot, bot_for},
    plugins::{CallError, GameHandle, Plugin},
    record::{Record, RecordError, start_of},
};

/// The most actions a mined game (or a continuation) plays before it is left.
pub(super) const MAX_ACTIONS: usize = 400;

/// The least budget of the re-verification of a puzzle found (each move solved alone,
/// from an empty table): four times the proof's, and at least this.
pub const RECHECK_NODES: u64 = 1_000_000;

/// What to mine.
#[derive(Debug, Clone)]
pub struct MineConfig {
    /// Bot games to play.
    pub games: u32,
    /// The first game's seed (game `i` is seeded `seed + i`).
    pub seed: u64,
    /// The bots, by name; game `i` gives seat `s` the bot `bots[(i + s) % len]`.
    pub bots: Vec<String>,
    /// Stop mining after this long (the puzzles found are kept).
    pub time_limit: Duration,
    /// Stop once this many puzzles are found.
    pub max_puzzles: usize,
    /// Positions with more pieces than this on the houses are not examined (the solver
    /// would not finish there within the proof's budget).
    pub max_pieces: u32,
    /// How hard each proof tries.
    pub proof: ProofConfig,
    /// Random continuations played from each position of a bot game with at most
    /// `max_pieces` pieces on the houses (0: none). Each is a random bot continuing the
    /// game to its end (or 400 actions), seeded by the game's seed, the position's
    /// index and the continuation's; every position it reaches is examined too. Where the
    /// endgame tables cover those positions, each proof is answered at once: thousands of
    /// reachable positions for one bot game.
    pub continuations: u32,
    /// How the continuations choose their moves ([`ContinuationPolicy::Random`]: the
    /// random bot above).
    pub continuation_policy: ContinuationPolicy,
    /// Mine only puzzles of these themes (empty: every puzzle). A position is then
    /// examined only when a legal move the greedy bot would not play has one of them
    /// (read from its effects, no search), and a puzzle kept only when it has one: the
    /// rare themes found without proving every position.
    pub themes: Vec<Theme>,
}

/// How far mining went.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Games (bot games and records) whose positions were all examined.
    pub games: u32,
    /// Positions examined (each position once).
    pub positions: u64,
    /// Puzzles found.
    pub puzzles: usize,
    /// Puzzles by theme.
    pub themes: BTreeMap<Theme, usize>,
    /// Puzzles found but refuted by their re-verification (each move proven again alone
    /// with an empty table finds other values, or another move keeping the best): not
    /// kept, listed in [`Miner::refuted`].
    pub refuted: usize,
    /// Puzzles found whose re-verification did not finish within its budget: not kept.
    pub unconfirmed: usize,
    /// Time spent.
    pub elapsed: Duration,
    /// Whether the time limit stopped it.
    pub timed_out: bool,
}

/// Why mining stopped with an error.
#[derive(Debug, Error)]
pub enum MineError {
    /// A bot could not be made.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A saved game does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The plugin failed.
    #[error(transparent)]
    Plugin(#[from] CallError),
}

/// The miner: the puzzles found so far and the positions already seen.
pub struct Miner<'a> {
    plugin: &'a Plugin,
    options: Options,
    config: MineConfig,
    seen: HashSet<String>,
    started: Instant,
    /// The puzzles found (each confirmed by its re-verification), in the order found.
    pub puzzles: Vec<Puzzle>,
    /// The puzzles the re-verification refuted, with what it found.
    pub refuted: Vec<Refuted>,
    /// How far it went.
    pub progress: Progress,
}

impl<'a> Miner<'a> {
    /// A miner for `plugin`'s game with `options`.
    pub fn new(plugin: &'a Plugin, options: Options, config: MineConfig) -> Self {
        Miner {
            plugin,
            options,
            config,
            seen: HashSet::new(),
            started: Instant::now(),
            puzzles: Vec::new(),
            refuted: Vec::new(),
            progress: Progress::default(),
        }
    }

    /// Whether mining must stop (time or count reached).
    pub fn done(&mut self) -> bool {
        self.progress.elapsed = self.started.elapsed();
        if self.progress.elapsed >= self.config.time_limit {
            self.progress.timed_out = true;
        }
        self.progress.timed_out || self.puzzles.len() >= self.config.max_puzzles
    }

    /// Examines every position of the saved game `record`.
    pub fn record(&mut self, record: &Record) -> Result<(), MineError> {
        let mut game = start_of(self.plugin, record)?;
        let mut positions = vec![game.notation()?];
        for m in &record.moves {
            game.apply(MoveId(m.id))?;
            positions.push(game.notation()?);
        }
        self.positions(&positions)
    }

    /// Plays the bot games and examines their positions, calling `tell` after each game.
    pub fn bot_games(&mut self, mut tell: impl FnMut(&Progress)) -> Result<(), MineError> {
        for i in 0..self.config.games {
            if self.done() {
                break;
            }
            let positions = self.play(i)?;
            self.positions(&positions)?;
            self.continue_games(i, &positions)?;
            tell(&self.progress);
        }
        self.done();
        Ok(())
    }

    /// The positions (notations) of bot game `i`, the seat to move's only.
    fn play(&self, i: u32) -> Result<Vec<String>, MineError> {
        let seed = self.config.seed.wrapping_add(u64::from(i));
        let mut rng = Rng::with_seed(seed);
        let mut game = self.plugin.new_game(&self.options)?;
        let seats = usize::from(game.seat_count()?);
        let n = self.config.bots.len().max(1);
        let mut bots = Vec::with_capacity(seats);
        for s in 0..seats {
            let name = &self.config.bots[(i as usize + s) % n];
            bots.push(bot_for(name, self.plugin, &game)?);
        }
        let mut positions = Vec::new();
        for _ in 0..MAX_ACTIONS {
            let mv = match game.turn()? {
                Turn::Over { .. } => break,
                Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
                Turn::Seat { seat } => {
                    positions.push(game.notation()?);
                    bots[usize::from(seat)].choose(&game, seat, &mut rng)?
                }
            };
            let before = game.clone();
            game.apply(mv)?;
            for b in bots.iter_mut() {
                b.observe(&before, mv);
            }
        }
        Ok(positions)
    }

    /// Plays the continuations of bot game `i` from its `positions` (those with
    /// few enough pieces) and examines the positions they reach.
    fn continue_games(&mut self, i: u32, positions: &[String]) -> Result<(), MineError> {
        for (at, notation) in positions.iter().enumerate() {
            let start = self.plugin.from_notation(&self.options, notation)?;
            let layout = start.layout()?;
            if super::Board::new(&layout).pieces_on_houses(&start.view()?) > self.config.max_pieces
            {
                continue;
            }
            for k in 0..self.config.continuations {
                if self.done() {
                    return Ok(());
                }
                let seed = continuation_seed(self.config.seed.wrapping_add(u64::from(i)), at, k);
                let reached = continuation(&start, self.config.continuation_policy, seed)?;
                self.examine_all(&reached)?;
            }
        }
        Ok(())
    }

    /// Examines every position of one game, counted as a game once all are.
    fn positions(&mut self, positions: &[String]) -> Result<(), MineError> {
        self.examine_all(positions)?;
        if !self.done() {
            self.progress.games += 1;
        }
        Ok(())
    }

    /// Examines each of `positions` not seen before (with few enough pieces).
    fn examine_all(&mut self, positions: &[String]) -> Result<(), MineError> {
        for notation in positions {
            if self.done() {
                return Ok(());
            }
            if !self.seen.insert(notation.clone()) {
                continue;
            }
            self.progress.positions += 1;
            let game = self.plugin.from_notation(&self.options, notation)?;
            let layout = game.layout()?;
            if super::Board::new(&layout).pieces_on_houses(&game.view()?) > self.config.max_pieces {
                continue;
            }
            if self.config.themes.is_empty() || self.may_have_themes(&game)? {
                self.examine(&game)?;
            }
        }
        Ok(())
    }

    /// Whether a legal move of `game` that the greedy bot would not play has one of the
    /// wanted themes (so the position may be a puzzle of one).
    fn may_have_themes(&self, game: &GameHandle) -> Result<bool, MineError> {
        let Turn::Seat { seat } = game.turn()? else {
            return Ok(false);
        };
        let greedy = GreedyBot::choices(game, seat)?;
        let layout = game.layout()?;
        let board = super::Board::new(&layout);
        let before = game.view()?;
        for mv in game.legal_moves()? {
            if greedy.contains(&mv) {
                continue;
            }
            let effects = game.clone().apply_with_effects(mv)?;
            let themes = board.themes(&before, seat, &effects, self.config.proof.endgame);
            if themes.iter().any(|t| self.config.themes.contains(t)) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn examine(&mut self, game: &GameHandle) -> Result<(), MineError> {
        match examine(game, &self.config.proof) {
            Ok(puzzle)
                if !self.config.themes.is_empty()
                    && !puzzle.themes.iter().any(|t| self.config.themes.contains(t)) =>
            {
                Ok(())
            }
            Ok(puzzle) => {
                if !self.confirmed(game, &puzzle)? {
                    return Ok(());
                }
                for t in &puzzle.themes {
                    *self.progress.themes.entry(*t).or_default() += 1;
                }
                self.puzzles.push(puzzle);
                self.progress.puzzles = self.puzzles.len();
                Ok(())
            }
            Err(ProofError::Not(_)) => Ok(()),
            Err(ProofError::Plugin(e)) => Err(e.into()),
        }
    }
}

/// A puzzle the miner's proof found and its re-verification refuted.
#[derive(Debug, Clone)]
pub struct Refuted {
    /// The puzzle as the miner's proof found it.
    pub puzzle: Puzzle,
    /// What the re-verification found instead.
    pub found: String,
}

impl Miner<'_> {
    /// Whether the re-verification of `puzzle`, just found in `game`, confirms it: every
    /// move proven again alone from an empty table ([`recheck`]). A refutation is
    /// counted and kept in [`Miner::refuted`]; an unfinished re-verification counted.
    fn confirmed(&mut self, game: &GameHandle, puzzle: &Puzzle) -> Result<bool, MineError> {
        let proof = &self.config.proof;
        let config = ProofConfig {
            nodes: proof.nodes.saturating_mul(4).max(RECHECK_NODES),
            ..*proof
        };
        let found = match recheck(game, puzzle, &config) {
            Ok(()) => return Ok(true),
            Err(VerifyError::Not(NotAPuzzle::Unproven(_) | NotAPuzzle::RootUnproven)) => {
                self.progress.unconfirmed += 1;
                return Ok(false);
            }
            Err(VerifyError::Plugin(e) | VerifyError::Position(e)) => return Err(e.into()),
            Err(VerifyError::Differs { found, .. }) => found,
            Err(VerifyError::Not(other)) => other.to_string(),
        };
        self.progress.refuted += 1;
        self.refuted.push(Refuted {
            puzzle: puzzle.clone(),
            found,
        });
        Ok(false)
    }
}
