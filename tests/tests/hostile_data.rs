//! The hostile plugin's bad data, loaded in process through the host's loader: every
//! case ends in an error naming the plugin and the rule it broke, never in a panic, a
//! hang or an unbounded allocation.
//!
//! The plugin reads `TAVOLA_HOSTILE` at every call, and the environment is the whole
//! process's: this file holds a single test, which sets the variable case after case.

use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use game_api::{MoveId, Options, Rng, Turn};
use tavola::{
    ai::{
        self,
        mcts::{self, MctsConfig},
    },
    bots::{Bot, GreedyBot, RandomBot, bot_choices, bot_for},
    play::play_out_capped,
    plugins::{CallError, ErrorKind, GameHandle, Plugin, Rule, load_library},
    record::Record,
};
use tavola_tests::{library, plugins_folder};

const VARIABLE: &str = "TAVOLA_HOSTILE";

/// The hostile plugin loaded with `TAVOLA_HOSTILE=fault` (read again at every call).
fn load(path: &Path, fault: &str) -> Plugin {
    // SAFETY: this binary's only test sets the variable; no other thread reads or
    // writes the environment meanwhile.
    unsafe { std::env::set_var(VARIABLE, fault) };
    load_library(path).unwrap_or_else(|e| panic!("{fault}: the plugin loads: {e}"))
}

fn new_game(plugin: &Plugin) -> GameHandle {
    plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap()
}

/// A game one move in (the data faults start once a move has been played).
fn one_move_in(plugin: &Plugin) -> GameHandle {
    let mut game = new_game(plugin);
    game.apply(MoveId(1)).unwrap();
    game
}

/// `r` failed because the plugin broke `rule`, and the message says so.
#[track_caller]
fn broke<T: std::fmt::Debug>(fault: &str, r: Result<T, CallError>, rule: Rule) {
    let err = r.expect_err(fault);
    assert_eq!(err.kind, ErrorKind::Contract(rule), "{fault}: {err}");
    assert!(
        err.message.contains("`hostile`") && err.message.contains(rule.describe()),
        "{fault}: the message names the plugin and the rule: {err}"
    );
}

/// `r` failed because of the plugin (which may catch its own bad data first, as the
/// random playout inside a search simulation does), and the message names it.
#[track_caller]
fn plugin_fault<T: std::fmt::Debug>(fault: &str, r: Result<T, CallError>) {
    let err = r.expect_err(fault);
    assert!(err.is_plugin_fault(), "{fault}: {err}");
    assert!(err.message.contains("`hostile`"), "{fault}: {err}");
}

fn random_bots(n: usize) -> Vec<Box<dyn Bot>> {
    (0..n)
        .map(|_| Box::new(RandomBot) as Box<dyn Bot>)
        .collect()
}

fn play(plugin: &Plugin, game: &mut GameHandle, cap: usize) -> Result<usize, CallError> {
    let seats = usize::from(game.seat_count().unwrap());
    let mut record = Record::new(plugin, game.options(), Some(1), None);
    let outcome = play_out_capped(
        game,
        &mut random_bots(seats),
        &mut Rng::with_seed(1),
        &mut record,
        cap,
        |_, _| {},
    )?;
    Ok(outcome.seats.len())
}

fn search(game: &GameHandle, iterations: u64) -> Result<mcts::SearchResult, CallError> {
    let config = MctsConfig {
        iterations: Some(iterations),
        ..MctsConfig::following(&game_api::SearchHints::default())
    };
    mcts::search(game, &config, 3, None, None).map(|(r, _)| r)
}

fn seat_turn_without_moves(path: &Path) {
    let f = "no-moves";
    let plugin = load(path, f);
    let game = one_move_in(&plugin);
    assert!(matches!(game.turn().unwrap(), Turn::Seat { .. }));
    broke(f, game.legal_moves(), Rule::SeatHasMove);
    broke(
        f,
        RandomBot.choose(&game, 1, &mut Rng::with_seed(1)),
        Rule::SeatHasMove,
    );
    broke(f, search(&game, 10), Rule::SeatHasMove);
    // A search from the start reaches the position in its simulations.
    plugin_fault(f, search(&new_game(&plugin), 10));
    broke(
        f,
        play(&plugin, &mut new_game(&plugin), 100),
        Rule::SeatHasMove,
    );
}

fn bad_chance(path: &Path) {
    for (f, rule) in [
        ("chance-empty", Rule::ChanceHasOutcomes),
        ("chance-zero-denominator", Rule::ChanceSumsToOne),
        ("turn:chance-not-one", Rule::ChanceSumsToOne),
    ] {
        let plugin = load(path, f);
        let game = one_move_in(&plugin);
        broke(f, game.turn(), rule);
        plugin_fault(f, search(&new_game(&plugin), 20));
        broke(f, play(&plugin, &mut new_game(&plugin), 100), rule);
        let hint = ai::hint(
            &game,
            &plugin.manifest().search,
            1,
            tavola::ai::HintBudget::Time(Duration::from_millis(50)),
        );
        broke(f, hint, rule);
    }
}

fn seat_out_of_range(path: &Path) {
    let f = "turn:seat99";
    let plugin = load(path, f);
    let game = one_move_in(&plugin);
    broke(f, game.turn(), Rule::SeatInRange);
    let err = game.turn().unwrap_err();
    assert!(err.message.contains("seat 99"), "{err}");
    broke(
        f,
        play(&plugin, &mut new_game(&plugin), 100),
        Rule::SeatInRange,
    );
    broke(f, search(&new_game(&plugin), 20), Rule::SeatInRange);
}

fn not_a_number(path: &Path) {
    let f = "evaluate:nan-eval";
    let plugin = load(path, f);
    assert_eq!(plugin.manifest().search.playout_cutoff, Some(2));
    let game = new_game(&plugin);
    broke(f, game.evaluate(), Rule::FiniteValues);
    broke(
        f,
        GreedyBot.choose(&game, 0, &mut Rng::with_seed(1)),
        Rule::FiniteValues,
    );
    // Playouts cut after two actions are scored by the evaluation: NaN returns.
    let mut bot = bot_for("mcts:50", &plugin, &game).unwrap();
    broke(
        f,
        bot.choose(&game, 0, &mut Rng::with_seed(1)),
        Rule::FiniteValues,
    );
}

fn effects_views_and_moves(path: &Path) {
    let f = "apply:huge-drop";
    let plugin = load(path, f);
    let mut game = new_game(&plugin);
    let before = game.notation().unwrap();
    broke(f, game.apply_with_effects(MoveId(1)), Rule::WithinLimits);
    assert_eq!(
        game.notation().unwrap(),
        before,
        "a refused move is not played"
    );

    let f = "view:million-pieces";
    let plugin = load(path, f);
    broke(f, new_game(&plugin).view(), Rule::WithinLimits);

    let f = "site-outside";
    let plugin = load(path, f);
    let game = new_game(&plugin);
    broke(f, game.moves(), Rule::SiteInLayout);
    broke(f, game.move_info(MoveId(1)), Rule::SiteInLayout);

    let f = "legal_moves:many-moves";
    let plugin = load(path, f);
    let game = new_game(&plugin);
    let start = Instant::now();
    broke(f, game.legal_moves(), Rule::WithinLimits);
    broke(f, game.moves(), Rule::WithinLimits);
    broke(f, search(&game, 5), Rule::WithinLimits);
    assert!(start.elapsed() < Duration::from_secs(20));
}

fn a_game_that_never_ends(path: &Path) {
    let f = "never-ends";
    let plugin = load(path, f);
    let start = Instant::now();
    let err = play(&plugin, &mut new_game(&plugin), 300).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TooLong, "{err}");
    assert!(
        err.message.contains("300 actions") && err.message.contains("hostile"),
        "{err}"
    );
    // MCTS with playouts cut by the plugin's hint cannot loop either.
    let game = new_game(&plugin);
    let config = MctsConfig {
        iterations: Some(30),
        cutoff: Some(10),
        ..MctsConfig::default()
    };
    let (r, _) = mcts::search(&game, &config, 1, None, None).unwrap();
    assert_eq!(r.simulations, 30);
    assert!(start.elapsed() < Duration::from_secs(30));
}

fn a_panic_is_an_error(path: &Path) {
    let f = "apply:panic";
    let plugin = load(path, f);
    let err = new_game(&plugin).apply(MoveId(1)).unwrap_err();
    assert!(err.is_panic() && err.is_plugin_fault(), "{err}");
    assert!(err.message.contains("`hostile` panicked"), "{err}");
}

fn six_seats(path: &Path) {
    let f = "six-seats";
    let plugin = load(path, f);
    assert_eq!(plugin.manifest().seats.max, 6);
    let game = new_game(&plugin);
    assert_eq!(game.seat_count().unwrap(), 6);
    // Every engine that can play six seats does; alpha-beta is not offered.
    let offered: Vec<String> = bot_choices(&plugin, &game)
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert!(offered.contains(&"mcts".to_owned()), "{offered:?}");
    assert!(!offered.contains(&"alphabeta".to_owned()), "{offered:?}");
    let err = bot_for("alphabeta", &plugin, &game)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("6 seats"), "{err}");
    let legal = game.legal_moves().unwrap();
    for name in ["mcts:300", "mcts:300:1:0", "beginner", "casual"] {
        let mut bot = bot_for(name, &plugin, &game).unwrap();
        let mv = bot.choose(&game, 0, &mut Rng::with_seed(2)).unwrap();
        assert!(legal.contains(&mv), "{name}");
    }
    // A whole game between MCTS bots: six results, one winner.
    let mut game = new_game(&plugin);
    let mut bots: Vec<Box<dyn Bot>> = (0..6)
        .map(|_| bot_for("mcts:60", &plugin, &game).unwrap())
        .collect();
    let mut record = Record::new(&plugin, game.options(), Some(4), None);
    let outcome = tavola::play::play_out(
        &mut game,
        &mut bots,
        &mut Rng::with_seed(4),
        &mut record,
        |_, _| {},
    )
    .unwrap();
    assert_eq!(outcome.seats.len(), 6);
    let winners = outcome
        .seats
        .iter()
        .filter(|s| s.result == game_api::GameResult::Win)
        .count();
    assert_eq!(winners, 1);
    let start = new_game(&plugin);
    let hint = ai::hint(
        &start,
        &plugin.manifest().search,
        1,
        tavola::ai::HintBudget::Time(Duration::from_millis(100)),
    );
    assert!(legal.contains(&hint.unwrap().best));
}

fn behaves_when_unset(path: &Path) {
    let plugin = load(path, "");
    let mut game = new_game(&plugin);
    assert_eq!(play(&plugin, &mut game, 1000).unwrap(), 2);
    let plugin = load(path, "apply:not-a-fault");
    assert_eq!(play(&plugin, &mut new_game(&plugin), 1000).unwrap(), 2);
}

#[test]
fn every_bad_return_of_the_hostile_plugin_is_a_clear_error() {
    let dir = plugins_folder(&[library("fixture_hostile")]);
    let path: PathBuf = dir
        .path()
        .join(library("fixture_hostile").file_name().unwrap());
    behaves_when_unset(&path);
    seat_turn_without_moves(&path);
    bad_chance(&path);
    seat_out_of_range(&path);
    not_a_number(&path);
    effects_views_and_moves(&path);
    a_game_that_never_ends(&path);
    a_panic_is_an_error(&path);
    six_seats(&path);
    // SAFETY: as in `load`.
    unsafe { std::env::remove_var(VARIABLE) };
}
