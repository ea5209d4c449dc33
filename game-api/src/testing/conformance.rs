//! The conformance suite on the Rust trait: the contract of [`Game`] that the host's
//! `tavola check` verifies through the plugin boundary, checked here on a game type
//! directly, from the author's own `cargo test`.
//!
//! ```
//! # use game_api::testing::conformance::{self, Conformance};
//! # fn demo<MyGame: game_api::Game>() {
//! // In the game crate's tests: every option set, random games, every position checked.
//! conformance::assert_conforms::<MyGame>(&Conformance::default());
//! # }
//! ```
//!
//! The checks that do not depend on how the game is reached ([`option_sets`],
//! [`check_turn_moves`], [`check_move_infos`], [`check_view_sites`], [`effect_sites`],
//! [`illegal_probes`]) are shared with the host's suite, so both hold the same contract.

use std::{
    collections::{BTreeMap, HashSet},
    panic::{AssertUnwindSafe, catch_unwind},
};

use crate::{
    Effect, Game, Layout, Manifest, MoveId, MoveInfo, OptionKind, OptionValue, Options, Rng,
    SiteId, Turn, View,
};

/// How much to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conformance {
    /// Random games per option set.
    pub games_per_set: u64,
    /// The first seed; game `g` of a set uses `seed + g`.
    pub seed: u64,
    /// A game longer than this many actions is reported as endless.
    pub max_actions: usize,
}

impl Default for Conformance {
    /// Ten games per option set from seed 1, at most 100,000 actions each: what
    /// `tavola check` runs.
    fn default() -> Self {
        Conformance {
            games_per_set: 10,
            seed: 1,
            max_actions: 100_000,
        }
    }
}

/// What the suite found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Option sets tried.
    pub option_sets: usize,
    /// Games played.
    pub games: usize,
    /// Actions checked.
    pub actions: usize,
    /// Every failure, with the options, seed and position where it happened.
    pub failures: Vec<String>,
}

impl Report {
    /// Whether everything passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Runs the suite on `G` and panics with every failure if one check fails: the one line
/// a game crate's test needs.
///
/// # Panics
///
/// When a check fails, naming the options, the seed, the position and what is wrong.
pub fn assert_conforms<G: Game>(config: &Conformance) -> Report {
    let report = check::<G>(config);
    assert!(
        report.passed(),
        "{} failed the conformance suite:\n{}",
        G::manifest().id,
        report.failures.join("\n")
    );
    report
}

/// Runs the suite on `G`: for every option set of [`option_sets`], random games played
/// move by move and checked at every position, each compared with the game's own
/// [`Game::playout`] of the same seed.
pub fn check<G: Game>(config: &Conformance) -> Report {
    let mut report = Report::default();
    for options in option_sets(&G::manifest()) {
        report.option_sets += 1;
        for g in 0..config.games_per_set {
            let seed = config.seed.wrapping_add(g);
            report.games += 1;
            match check_game::<G>(&options, seed, config.max_actions) {
                Ok(actions) => report.actions += actions,
                Err(e) => report
                    .failures
                    .push(format!("options `{options}`, seed {seed}: {e}")),
            }
        }
    }
    report
}

/// Plays one random game of `G` move by move with [`Rng::with_seed`]`(seed)`, checking
/// every position, and compares it with [`Game::playout`] of the same seed. Returns the
/// number of actions.
pub fn check_game<G: Game>(
    options: &Options,
    seed: u64,
    max_actions: usize,
) -> Result<usize, String> {
    let mut game = G::new(options).map_err(|e| format!("new game: {e}"))?;
    let layout = game.layout();
    layout.check().map_err(|m| format!("layout: {m}"))?;
    let mut fast = game.clone();
    let fast_returns = fast
        .playout(&mut Rng::with_seed(seed))
        .map_err(|e| format!("fast playout: {e}"))?
        .returns();
    let mut rng = Rng::with_seed(seed);
    let mut moves = Vec::new();
    for action in 0..=max_actions {
        let at = game.notation();
        let turn = check_position(options, &game, &layout)
            .map_err(|m| format!("after {action} actions, at `{at}`: {m}"))?;
        let mv = match turn {
            Turn::Over { outcome } => {
                let slow = outcome.returns();
                if slow != fast_returns {
                    return Err(format!(
                        "the fast playout returned {fast_returns:?}, move by move gave {slow:?}"
                    ));
                }
                if fast.notation() != at {
                    return Err(format!(
                        "the fast playout ended at `{}`, move by move at `{at}`",
                        fast.notation()
                    ));
                }
                return Ok(action);
            }
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { .. } => {
                moves.clear();
                game.legal_moves(&mut moves);
                moves[rng.below(moves.len())]
            }
        };
        let mut effects = Vec::new();
        game.apply(mv, Some(&mut effects))
            .map_err(|e| format!("at `{at}`, applying legal move {mv}: {e}"))?;
        for site in effects.iter().flat_map(effect_sites) {
            if layout.site(site).is_none() {
                return Err(format!(
                    "at `{at}`, move {mv}: an effect names site {} that the layout lacks",
                    site.0
                ));
            }
        }
    }
    Err(format!("the game did not end within {max_actions} actions"))
}

/// Every check of one position; returns its turn.
fn check_position<G: Game>(options: &Options, game: &G, layout: &Layout) -> Result<Turn, String> {
    let turn = game.turn();
    let notation = game.notation();
    let back = G::from_notation(options, &notation)
        .map_err(|e| format!("its own notation does not read back: {e}"))?;
    if back.notation() != notation {
        return Err(format!("notation round-trip gave `{}`", back.notation()));
    }
    if back.turn() != turn {
        return Err("the position read from the notation has another turn".into());
    }
    let json = game.to_json();
    let from_json =
        G::from_json(&json).map_err(|e| format!("its own JSON state does not read back: {e}"))?;
    if from_json.to_json() != json {
        return Err("JSON state round-trip changed the state".into());
    }
    check_view_sites(&game.view(), layout)?;

    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let infos = moves
        .iter()
        .map(|&m| {
            game.move_info(m)
                .map_err(|e| format!("legal move {m} has no description: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_move_infos(&infos, &moves, layout)?;
    check_turn_moves(&turn, &moves)?;

    for &mv in &moves {
        let mut copy = game.clone();
        copy.apply(mv, None)
            .map_err(|e| format!("legal move {mv} is refused: {e}"))?;
    }
    for mv in illegal_probes(&moves) {
        let mut copy = game.clone();
        match catch_unwind(AssertUnwindSafe(|| copy.apply(mv, None))) {
            Ok(Ok(())) => return Err(format!("illegal move {mv} is accepted")),
            Ok(Err(_)) => {}
            Err(_) => return Err(format!("refusing illegal move {mv} panicked")),
        }
        if copy.notation() != notation {
            return Err(format!("refusing illegal move {mv} changed the position"));
        }
    }
    Ok(turn)
}

/// The option sets the suite tries: the defaults, each preset, and each option at each
/// of its values (its choices, both flags, an integer's ends) with the others at default;
/// without repeats.
///
/// ```
/// use game_api::{Manifest, OptionSpec, testing::conformance::option_sets};
/// let m = Manifest::new("nim", "Nim", "1.0.0")
///     .with_options(vec![OptionSpec::integer("stones", "Stones", 5, 40, 21)]);
/// let sets: Vec<String> = option_sets(&m).iter().map(|o| o.to_string()).collect();
/// assert_eq!(sets, ["stones=21", "stones=5", "stones=40"]);
/// ```
pub fn option_sets(manifest: &Manifest) -> Vec<Options> {
    let schema = &manifest.options;
    let mut sets = vec![Options::defaults(schema)];
    for preset in &manifest.presets {
        if let Ok(o) = Options::resolve(schema, &preset.values) {
            sets.push(o);
        }
    }
    for spec in schema {
        for v in spec.extreme_values() {
            if let Ok(o) = Options::resolve(schema, &BTreeMap::from([(spec.key.clone(), v)])) {
                sets.push(o);
            }
        }
    }
    let mut seen = HashSet::new();
    sets.retain(|o| seen.insert(o.to_string()));
    sets
}

/// A random option set of `manifest`'s schema: every option at once, each at a value
/// drawn from `rng` (a choice, a flag, an integer in its range). Unlike
/// [`option_sets`], it varies the options together.
pub fn random_option_set(manifest: &Manifest, rng: &mut Rng) -> Options {
    let schema = &manifest.options;
    let mut values = BTreeMap::new();
    for spec in schema {
        let value = match &spec.kind {
            OptionKind::Bool => OptionValue::Bool(rng.below(2) == 1),
            OptionKind::Integer { min, max } => {
                let span = max.saturating_sub(*min).saturating_add(1).clamp(1, 1 << 20);
                OptionValue::Int(min.saturating_add(rng.below(span as usize) as i64))
            }
            OptionKind::Choice { choices } if !choices.is_empty() => {
                OptionValue::Choice(choices[rng.below(choices.len())].value.clone())
            }
            OptionKind::Choice { .. } => continue,
        };
        values.insert(spec.key.clone(), value);
    }
    Options::resolve(schema, &values).unwrap_or_else(|_| Options::defaults(schema))
}

/// Checks that the legal `moves` agree with `turn`: a seat to move has a move, a chance
/// event's outcomes are the moves in the same order with probabilities summing to 1, a
/// finished game lists none.
pub fn check_turn_moves(turn: &Turn, moves: &[MoveId]) -> Result<(), String> {
    match turn {
        Turn::Seat { seat } if moves.is_empty() => {
            Err(format!("seat {seat} is to move but has no legal move"))
        }
        Turn::Seat { .. } => Ok(()),
        Turn::Chance { outcomes } => {
            if !outcomes.iter().map(|o| o.mv).eq(moves.iter().copied()) {
                return Err("the chance outcomes are not the legal moves".into());
            }
            let sum: f64 = outcomes.iter().map(|o| o.probability.as_f64()).sum();
            if (sum - 1.0).abs() > 1e-9 {
                return Err(format!("the chance probabilities sum to {sum}"));
            }
            Ok(())
        }
        Turn::Over { .. } if !moves.is_empty() => {
            Err("the game is over but moves are listed".into())
        }
        Turn::Over { .. } => Ok(()),
    }
}

/// Checks the descriptions of the legal moves: one per move, in order, no two written
/// alike, naming only sites of `layout`.
pub fn check_move_infos(
    infos: &[MoveInfo],
    moves: &[MoveId],
    layout: &Layout,
) -> Result<(), String> {
    if !infos.iter().map(|i| i.id).eq(moves.iter().copied()) {
        return Err("the move descriptions do not list the legal moves in order".into());
    }
    let mut notations = HashSet::new();
    for info in infos {
        if !notations.insert(info.notation.as_str()) {
            return Err(format!("two legal moves are written `{}`", info.notation));
        }
        if let Some(s) = info.sites.iter().find(|s| layout.site(**s).is_none()) {
            return Err(format!(
                "move `{}` names site {} that the layout lacks",
                info.notation, s.0
            ));
        }
    }
    Ok(())
}

/// Checks that `view` names only sites of `layout` (its contents and its last move).
pub fn check_view_sites(view: &View, layout: &Layout) -> Result<(), String> {
    let named = view
        .sites
        .iter()
        .map(|(s, _)| *s)
        .chain(view.last_move.iter().copied());
    for site in named {
        if layout.site(site).is_none() {
            return Err(format!(
                "the view names site {} that the layout lacks",
                site.0
            ));
        }
    }
    Ok(())
}

/// The sites an effect names.
pub fn effect_sites(effect: &Effect) -> Vec<SiteId> {
    use Effect::*;
    match effect {
        Lift { site, .. }
        | Drop { site, .. }
        | Relay { site, .. }
        | Place { site, .. }
        | Remove { site }
        | Flip { site, .. } => vec![*site],
        Capture { from, to, .. } => std::iter::once(*from).chain(*to).collect(),
        Move { from, to } => vec![*from, *to],
        ExtraTurn { .. } | Message { .. } => vec![],
    }
}

/// Move ids that are not among the legal `moves`, for checking that a game refuses
/// them: the ids around the legal ones, a spread over the whole range, and far beyond
/// it. A bounded sample, so games with large id spaces stay quick to check.
///
/// ```
/// use game_api::{MoveId, testing::conformance::illegal_probes};
/// let probes = illegal_probes(&[MoveId(1), MoveId(2)]);
/// assert!(probes.contains(&MoveId(0)) && probes.contains(&MoveId(3)));
/// assert!(probes.contains(&MoveId(u32::MAX)));
/// assert!(!probes.contains(&MoveId(1)));
/// ```
pub fn illegal_probes(moves: &[MoveId]) -> Vec<MoveId> {
    let max = moves.iter().map(|m| m.0).max().unwrap_or(0);
    let mut probes: Vec<u32> = moves
        .iter()
        .flat_map(|m| [m.0.saturating_sub(1), m.0.saturating_add(1)])
        .chain((0..16).map(|k| max.saturating_add(2) / 16 * k))
        .chain([0, max.saturating_add(1), max.saturating_add(17), u32::MAX])
        .collect();
    probes.sort_unstable();
    probes.dedup();
    probes
        .into_iter()
        .map(MoveId)
        .filter(|m| !moves.contains(m))
        .collect()
}
