//! The conformance suite every plugin must pass, through the real boundary: random games
//! to the end, checked at every step, and games between the host's bots watched for
//! endless lines ([`cycles`]); `tavola check FILE` adds the hunt for rare endless games
//! ([`hunt`]: many short bot games, and a search of every line from their last
//! positions, [`cycle_search`]) and a time limit ([`CheckConfig::standard`]). The
//! workspace tests run the quicker [`CheckConfig::default`] on every plugin they build.
//! The checks of what the plugin returns are `game_api::testing::conformance`'s, which a
//! game's author also runs on the Rust trait from `cargo test`: one contract, checked
//! the same way on both sides.

pub mod cycle_search;
pub mod cycles;
mod failure;
pub mod hunt;

pub use failure::CheckFailure;

use std::time::{Duration, Instant};

pub use hunt::{Hunt, HuntProgress, HuntReport};

use game_api::{Layout, Options, Rng, Turn, testing::conformance as shared};

use crate::plugins::{GameHandle, Plugin};

/// How much to check.
#[derive(Debug, Clone, Copy)]
pub struct CheckConfig {
    /// Random games per option set.
    pub games_per_set: u64,
    /// The first seed; game `g` uses `seed + g`.
    pub seed: u64,
    /// A game longer than this many actions is reported as endless.
    pub max_actions: usize,
    /// Bot games per option set, watched for repeated positions: game `k` is
    /// [`cycles::Pairing::nth`]`(k)`, seeded `seed + k`.
    pub bot_games_per_set: u64,
    /// A bot game still going after this many actions, with no position come back
    /// [`crate::repetition::ENDLESS_TIMES`] times, is stopped (not failed): enough for
    /// a cycle to show, few enough that the check stays quick.
    pub bot_max_actions: usize,
    /// The hunt for rare endless games after the rest, if any ([`hunt`]).
    pub hunt: Option<Hunt>,
    /// The whole check stops at this time: a game under way is stopped, and the check
    /// fails for having checked less than it should (a game whose moves take this long
    /// cannot be played either).
    pub time_limit: Option<Duration>,
}

impl Default for CheckConfig {
    /// The quick suite the workspace tests run on every plugin: random games, and four
    /// bot games an option set; no hunt, no time limit.
    fn default() -> Self {
        CheckConfig {
            games_per_set: 10,
            seed: 1,
            max_actions: 100_000,
            bot_games_per_set: cycles::Pairing::ALL.len() as u64,
            bot_max_actions: 2_000,
            hunt: None,
            time_limit: None,
        }
    }
}

impl CheckConfig {
    /// The time limit of [`CheckConfig::standard`], in seconds.
    pub const STANDARD_TIME_LIMIT: u64 = 120;

    /// What `tavola check` runs: the quick suite, then the hunt for rare endless games
    /// ([`Hunt::default`]: 300 bot games or 20 s), the whole within
    /// [`CheckConfig::STANDARD_TIME_LIMIT`] seconds.
    pub fn standard() -> Self {
        CheckConfig {
            hunt: Some(Hunt::default()),
            time_limit: Some(Duration::from_secs(Self::STANDARD_TIME_LIMIT)),
            ..CheckConfig::default()
        }
    }
}

/// What the check is doing, told as it goes (`tavola check` prints it).
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// The random games and the bot games of option set `set` (from 1) of `of` are
    /// done.
    OptionSet {
        /// The option set, from 1.
        set: usize,
        /// Of this many.
        of: usize,
        /// Random games played so far.
        games: usize,
        /// Their actions.
        actions: usize,
        /// Time since the check began.
        elapsed: Duration,
    },
    /// A random game of option set `set` (from 1) of `of` is done.
    Game {
        /// The option set, from 1.
        set: usize,
        /// Of this many.
        of: usize,
        /// Random games played so far, in all.
        games: usize,
        /// Their actions.
        actions: usize,
        /// Time since the check began.
        elapsed: Duration,
    },
    /// The hunt for rare endless games, after each of its games.
    Hunt(HuntProgress),
}

/// What the suite found.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    /// Option sets tried.
    pub option_sets: usize,
    /// Random games played.
    pub games: usize,
    /// Actions checked in the random games.
    pub actions: usize,
    /// Games between bots played, watched for repeated positions.
    pub bot_games: usize,
    /// Actions of the games between bots.
    pub bot_actions: usize,
    /// Every failure, with the options, seed and position where it happened.
    pub failures: Vec<String>,
    /// The hunt for rare endless games, if it ran.
    pub hunt: Option<HuntReport>,
    /// Whether the time limit stopped the check before it had done everything.
    pub timed_out: bool,
}

impl CheckReport {
    /// Whether everything passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// The option sets the suite tries: the defaults, each preset, and each option at each
/// of its values (its choices, both flags, an integer's ends) with the others at default.
pub fn option_sets(plugin: &Plugin) -> Vec<Options> {
    shared::option_sets(plugin.manifest())
}

/// The long mode's budget: random games go on, option set after option set, until one
/// of the limits set is reached (at least one should be).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LongRun {
    /// Stop once this many actions have been played and checked.
    pub moves: Option<u64>,
    /// Stop after this many games.
    pub games: Option<u64>,
    /// Stop after this much time (the game under way is finished first).
    pub seconds: Option<f64>,
}

impl LongRun {
    /// Whether a limit is reached after `games` games, `actions` actions and `elapsed`.
    pub fn reached(&self, games: u64, actions: u64, elapsed: Duration) -> bool {
        self.moves.is_some_and(|m| actions >= m)
            || self.games.is_some_and(|g| games >= g)
            || self
                .seconds
                .is_some_and(|s| elapsed.as_secs_f64() >= s.max(0.0))
            || (self.moves, self.games, self.seconds) == (None, None, None)
    }
}

/// A random option set of `plugin`'s schema: every option at once, each at a value
/// drawn from `rng` (a choice, a flag, an integer in its range). Unlike
/// [`option_sets`], it varies the options together.
pub fn random_option_set(plugin: &Plugin, rng: &mut Rng) -> Options {
    shared::random_option_set(plugin.manifest(), rng)
}

/// The long mode: random games checked at every step, as [`check_plugin`] plays them,
/// until `budget` is spent. Even games go round [`option_sets`]; odd games use a
/// [`random_option_set`]. Game `g` is seeded `config.seed + g`, and is followed by a
/// bot game ([`cycles::check_bot_game`]) with the same options and seed, its pairing
/// [`cycles::Pairing::nth`]`(g)` (the budget's games count the random ones).
pub fn check_long(plugin: &Plugin, config: &CheckConfig, budget: &LongRun) -> CheckReport {
    let sets = option_sets(plugin);
    let mut report = CheckReport {
        option_sets: sets.len(),
        ..CheckReport::default()
    };
    let start = Instant::now();
    let mut g = 0u64;
    while !budget.reached(g, report.actions as u64, start.elapsed()) {
        let seed = config.seed.wrapping_add(g);
        let options = if g.is_multiple_of(2) {
            sets[(g / 2) as usize % sets.len()].clone()
        } else {
            random_option_set(plugin, &mut Rng::with_seed(seed ^ 0x5eed_0f0b_7a10_a500))
        };
        report.games += 1;
        match check_game(plugin, &options, seed, config.max_actions) {
            Ok(actions) => report.actions += actions,
            Err(e) => report
                .failures
                .push(format!("options `{options}`, seed {seed}: {e}")),
        }
        report.bot_game(plugin, &options, cycles::Pairing::nth(g), seed, config);
        g += 1;
    }
    report
}

/// Runs the suite on `plugin`.
pub fn check_plugin(plugin: &Plugin, config: &CheckConfig) -> CheckReport {
    check_plugin_with(plugin, config, &mut |_| {})
}

/// Runs the suite on `plugin`, telling `progress` how it goes.
pub fn check_plugin_with(
    plugin: &Plugin,
    config: &CheckConfig,
    progress: &mut dyn FnMut(Progress),
) -> CheckReport {
    let start = Instant::now();
    let deadline = config.time_limit.map(|limit| start + limit);
    let mut report = CheckReport::default();
    let sets = option_sets(plugin);
    'sets: for (i, options) in sets.iter().enumerate() {
        report.option_sets += 1;
        for g in 0..config.games_per_set {
            let seed = config.seed + g;
            report.games += 1;
            match check_game_until(plugin, options, seed, config.max_actions, deadline) {
                Ok(actions) => report.actions += actions,
                Err(e) => report
                    .failures
                    .push(format!("options `{options}`, seed {seed}: {e}")),
            }
            progress(Progress::Game {
                set: i + 1,
                of: sets.len(),
                games: report.games,
                actions: report.actions,
                elapsed: start.elapsed(),
            });
            if report.out_of_time(deadline, config) {
                break 'sets;
            }
        }
        for k in 0..config.bot_games_per_set {
            let seed = config.seed + k;
            report.bot_game(plugin, options, cycles::Pairing::nth(k), seed, config);
            if report.out_of_time(deadline, config) {
                break 'sets;
            }
        }
        progress(Progress::OptionSet {
            set: i + 1,
            of: sets.len(),
            games: report.games,
            actions: report.actions,
            elapsed: start.elapsed(),
        });
    }
    // An endless game already found (or the time spent) refuses the game: no hunt.
    if let Some(mut hunt) = config.hunt
        && report.passed()
    {
        if let Some(deadline) = deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            hunt.seconds = hunt.seconds.min(left.as_secs_f64());
        }
        let found = hunt::hunt(plugin, &sets, config.seed, &hunt, &mut |p| {
            progress(Progress::Hunt(p))
        });
        if let Some(failure) = &found.failure {
            report.failures.push(failure.clone());
        }
        report.hunt = Some(found);
    }
    report
}

impl CheckReport {
    /// Whether the time limit has passed; if so, notes it as a failure (once).
    fn out_of_time(&mut self, deadline: Option<Instant>, config: &CheckConfig) -> bool {
        let Some(deadline) = deadline else {
            return false;
        };
        if Instant::now() < deadline {
            return false;
        }
        if !self.timed_out {
            self.timed_out = true;
            let limit = config.time_limit.unwrap_or_default().as_secs_f64();
            self.failures.push(format!(
                "the check's time limit ({limit:.0} s) was reached (random games played: {}, \
                 their actions: {}, bot games: {}): the rest was not checked. Games this slow \
                 (long games, or moves that take long) cannot be checked, nor played well; \
                 `--time-limit` gives the check more time",
                self.games, self.actions, self.bot_games
            ));
        }
        true
    }

    /// Plays one bot game ([`cycles::check_bot_game`]) and counts it.
    fn bot_game(
        &mut self,
        plugin: &Plugin,
        options: &Options,
        pairing: cycles::Pairing,
        seed: u64,
        config: &CheckConfig,
    ) {
        self.bot_games += 1;
        match cycles::check_bot_game(plugin, options, pairing, seed, config.bot_max_actions) {
            Ok(actions) => self.bot_actions += actions,
            Err(e) => self
                .failures
                .push(format!("options `{options}`, seed {seed}: {e}")),
        }
    }
}

/// Plays one random game move by move, checking every step, and compares it with the
/// plugin's fast playout of the same seed. Returns the number of actions.
pub fn check_game(
    plugin: &Plugin,
    options: &Options,
    seed: u64,
    max_actions: usize,
) -> Result<usize, CheckFailure> {
    check_game_until(plugin, options, seed, max_actions, None)
}

/// [`check_game`], stopped (and failed) at `deadline`.
pub fn check_game_until(
    plugin: &Plugin,
    options: &Options,
    seed: u64,
    max_actions: usize,
    deadline: Option<Instant>,
) -> Result<usize, CheckFailure> {
    let e = CheckFailure::call;
    let mut game = plugin.new_game(options).map_err(e("new game"))?;
    let layout = game.layout().map_err(e("layout"))?;
    layout
        .check()
        .map_err(|m| CheckFailure::Broken(m.to_string()).at("layout"))?;

    let mut fast = game.clone();
    let fast_returns = fast.playout(seed).map_err(e("fast playout"))?;

    let mut rng = Rng::with_seed(seed);
    for action in 0..=max_actions {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(CheckFailure::OutOfTime { actions: action });
        }
        let at = game.notation().map_err(e("notation"))?;
        let turn = check_position(plugin, options, &game, &layout)
            .map_err(|m| m.at(format!("after {action} actions, at `{at}`")))?;
        let mv = match turn {
            Turn::Over { outcome } => {
                let slow_returns = outcome.returns();
                if slow_returns != fast_returns {
                    return Err(format!(
                        "the fast playout returned {fast_returns:?}, move by move gave {slow_returns:?}"
                    ).into());
                }
                let fast_end = fast.notation().map_err(e("notation"))?;
                if fast_end != at {
                    return Err(format!(
                        "the fast playout ended at `{fast_end}`, move by move at `{at}`"
                    )
                    .into());
                }
                return Ok(action);
            }
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { .. } => {
                let moves = game.legal_moves().map_err(e("legal moves"))?;
                moves[rng.below(moves.len())]
            }
        };
        let effects = game
            .apply_with_effects(mv)
            .map_err(CheckFailure::call(format!(
                "at `{at}`, applying legal move {mv}"
            )))?;
        for effect in &effects {
            for site in shared::effect_sites(effect) {
                if layout.site(site).is_none() {
                    return Err(format!(
                        "at `{at}`, move {mv}: an effect names site {} that the layout lacks",
                        site.0
                    )
                    .into());
                }
            }
        }
    }
    Err(format!("the game did not end within {max_actions} actions").into())
}

/// Every check of one position; returns its turn.
fn check_position(
    plugin: &Plugin,
    options: &Options,
    game: &GameHandle,
    layout: &Layout,
) -> Result<Turn, CheckFailure> {
    let e = CheckFailure::call;
    let turn = game.turn().map_err(e("turn"))?;

    // Notation and JSON round-trip.
    let notation = game.notation().map_err(e("notation"))?;
    let back = plugin
        .from_notation(options, &notation)
        .map_err(|err| format!("its own notation does not read back: {err}"))?;
    let again = back.notation().map_err(e("notation"))?;
    if again != notation {
        return Err(format!("notation round-trip gave `{again}`").into());
    }
    if back.turn().map_err(e("turn"))? != turn {
        return Err(CheckFailure::Broken(
            "the position read from the notation has another turn".into(),
        ));
    }
    let state = game.state_json().map_err(e("state"))?;
    let from_json = plugin
        .from_json(options, &state)
        .map_err(|err| format!("its own JSON state does not read back: {err}"))?;
    if from_json.state_json().map_err(e("state"))? != state {
        return Err(CheckFailure::Broken(
            "JSON state round-trip changed the state".into(),
        ));
    }

    // The view names only sites of the layout.
    let view = game.view().map_err(e("view"))?;
    shared::check_view_sites(&view, layout)?;

    // Legal moves: described, unique notations, sites on the board, consistent with
    // the turn.
    let moves = game.legal_moves().map_err(e("legal moves"))?;
    let infos = game.moves().map_err(e("move descriptions"))?;
    shared::check_move_infos(&infos, &moves, layout)?;
    shared::check_turn_moves(&turn, &moves)?;

    // Every legal move applies; ids around them are refused and change nothing.
    for &mv in &moves {
        let mut copy = game.clone();
        copy.apply(mv)
            .map_err(|err| format!("legal move {mv} is refused: {err}"))?;
    }
    // Ids around the legal ones, a spread over the whole range, and far beyond it.
    for mv in shared::illegal_probes(&moves) {
        let mut copy = game.clone();
        match copy.apply(mv) {
            Ok(()) => return Err(format!("illegal move {mv} is accepted").into()),
            Err(err) if err.is_panic() => {
                return Err(format!("refusing illegal move {mv} panicked: {err}").into());
            }
            Err(_) => {}
        }
        if copy.notation().map_err(e("notation"))? != notation {
            return Err(format!("refusing illegal move {mv} changed the position").into());
        }
    }
    Ok(turn)
}
