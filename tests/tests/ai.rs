//! The engines over real plugins: deterministic, find the obvious, solve exactly.

use std::time::Duration;

use game_api::{MoveId, Options, Rng, Turn, search::SearchReply};
use tavola::{
    ai::{
        engine::{self, EngineConfig},
        mcts::{self, MctsConfig},
        solve::{SolveConfig, solve},
    },
    bots::{Bot, bot_for},
    plugins::{DirSource, GameHandle, Plugin, PluginDir, PluginDirs, PluginSet},
};
use tavola_tests::{library, plugins_folder};

fn kalah() -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library("kalah")]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game("kalah").unwrap().clone();
    (dir, plugin)
}

fn position(plugin: &Plugin, options: &[&str], notation: &str) -> GameHandle {
    let o = plugin.parse_options(options).unwrap();
    plugin.from_notation(&o, notation).unwrap()
}

fn notation_of(game: &GameHandle, mv: MoveId) -> String {
    game.move_info(mv).unwrap().notation
}

/// Plain minimax on the final margin, no pruning, no table: the reference for `solve`.
fn minimax(game: &GameHandle, root: u8) -> i64 {
    match game.turn().unwrap() {
        Turn::Over { outcome } => {
            outcome.seats[usize::from(root)].score - outcome.seats[1 - usize::from(root)].score
        }
        Turn::Seat { seat } => {
            let values = game.legal_moves().unwrap().into_iter().map(|m| {
                let mut g = game.clone();
                g.apply(m).unwrap();
                minimax(&g, root)
            });
            if seat == root {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
        Turn::Chance { .. } => unreachable!("Kalah has no chance"),
    }
}

#[test]
fn mcts_is_deterministic_for_a_seed_and_budget() {
    let (_dir, plugin) = kalah();
    let game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    for threads in [1, 2] {
        let config = MctsConfig {
            iterations: Some(600),
            threads,
            ..MctsConfig::default()
        };
        let (a, _) = mcts::search(&game, &config, 42, None, None).unwrap();
        let (b, _) = mcts::search(&game, &config, 42, None, None).unwrap();
        assert_eq!(a.best, b.best);
        assert_eq!(a.stats, b.stats);
        assert_eq!(a.simulations, 600);
    }
}

#[test]
fn the_engines_take_an_obvious_capture() {
    let (_dir, plugin) = kalah();
    // South's c lands in the empty d and captures the 9 opposite; every other move gives
    // nothing.
    let game = position(&plugin, &[], "1,0,1,0,0,0/0,0,9,0,0,1 18-18 S");
    let config = MctsConfig {
        iterations: Some(3000),
        ..MctsConfig::default()
    };
    let (r, _) = mcts::search(&game, &config, 1, None, None).unwrap();
    assert_eq!(notation_of(&game, r.best), "c");
    assert!(r.value > 0.5, "{r:?}");
    let SearchReply::Done(ab) =
        engine::search(&game, &EngineConfig::to_depth(6), None, &[]).unwrap()
    else {
        panic!("Kalah's plugin has the engine")
    };
    assert_eq!(notation_of(&game, MoveId(ab.best.unwrap())), "c");
    assert!(ab.margin.unwrap() > 0, "a won game: {ab:?}");
}

#[test]
fn solve_agrees_with_plain_minimax() {
    let (_dir, plugin) = kalah();
    for notation in [
        "1,2,0/1,0,2 5-7 S",
        "2,0,1/0,3,1 4-7 N",
        "1,1,1/1,1,1 6-6 S",
        "3,0,2/1,1,0 5-6 S",
    ] {
        let game = position(&plugin, &["houses=3", "seeds=3"], notation);
        let solution = solve(&game, &SolveConfig::default(), |_, _| {}).unwrap();
        let (margin, best) = (solution.margin, solution.best);
        let Turn::Seat { seat } = game.turn().unwrap() else {
            panic!()
        };
        assert_eq!(margin as i64, minimax(&game, seat), "{notation}");
        // The best move reaches that value.
        let mut after = game.clone();
        after.apply(best).unwrap();
        let value = match after.turn().unwrap() {
            Turn::Over { outcome } => {
                outcome.seats[usize::from(seat)].score - outcome.seats[1 - usize::from(seat)].score
            }
            _ => minimax(&after, seat),
        };
        assert_eq!(value, margin as i64, "{notation}");
    }
}

#[test]
fn every_level_and_engine_plays_a_legal_move() {
    let (_dir, plugin) = kalah();
    let game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let legal = game.legal_moves().unwrap();
    // Threads are capped at the cores: two where there are two.
    let two_threads = format!("mcts:200:{}", tavola::ai::max_threads().min(2));
    for name in [
        "beginner",
        "casual",
        "random",
        "greedy",
        "mcts:200",
        two_threads.as_str(),
        "mcts:200:1:3",
        "mcts:200:1:0",
        "mcts:200:1:3:0.5",
        "alphabeta:3",
    ] {
        let mut bot: Box<dyn Bot> = bot_for(name, &plugin, &game).unwrap();
        let mv = bot.choose(&game, 0, &mut Rng::with_seed(3)).unwrap();
        assert!(legal.contains(&mv), "{name}");
    }
    assert!(bot_for("mcts:x", &plugin, &game).is_err());
    // The names of the host's alpha-beta, which is gone, say so and what to use.
    for gone in ["expert-legacy", "alphabeta-legacy", "alphabeta-legacy:3"] {
        let err = bot_for(gone, &plugin, &game).err().unwrap().to_string();
        assert!(
            err.contains("is gone") && err.contains("`expert`"),
            "{gone}: {err}"
        );
    }
    let err = bot_for("mcts:10:1:soon", &plugin, &game)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("playout cutoff"), "{err}");
    for bad in ["mcts:10:1:3:much", "mcts:10:1:3:-1", "mcts:10:1:3:inf"] {
        let err = bot_for(bad, &plugin, &game).err().unwrap().to_string();
        assert!(err.contains("exploration constant"), "{bad}: {err}");
    }
}

#[test]
fn a_hint_names_a_move_an_evaluation_and_a_line() {
    // The texts checked below are English, whatever the machine's locale.
    tavola::i18n::set_language("en");
    let (_dir, plugin) = kalah();
    let game = position(&plugin, &[], "1,0,1,0,0,0/0,0,9,0,0,1 18-18 S");
    let hint = tavola::ai::hint(
        &game,
        &plugin.manifest().search,
        1,
        tavola::ai::HintBudget::Time(Duration::from_millis(300)),
    )
    .unwrap();
    assert_eq!(notation_of(&game, hint.best), "c");
    assert!(
        hint.evaluation.contains("you win by") && hint.evaluation.contains(" seed"),
        "the evaluation speaks in Kalah's unit: {}",
        hint.evaluation
    );
    assert_eq!(hint.line.first(), Some(&hint.best));
    // From the start no exact result is in reach: an estimate, still in seeds.
    let start = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let guess = tavola::ai::hint(
        &start,
        &plugin.manifest().search,
        1,
        tavola::ai::HintBudget::Time(Duration::from_millis(50)),
    )
    .unwrap();
    assert!(
        guess.evaluation.contains("seed") || guess.evaluation.contains("level"),
        "{}",
        guess.evaluation
    );
    assert!(!guess.evaluation.contains("point"), "{}", guess.evaluation);
}

#[test]
fn the_mcts_tree_is_kept_between_moves() {
    let (_dir, plugin) = kalah();
    let mut game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let mut bot = tavola::ai::MctsBot::new(
        "mcts",
        MctsConfig {
            iterations: Some(2000),
            ..MctsConfig::default()
        },
    );
    let mut rng = Rng::with_seed(5);
    let first = bot.choose(&game, 0, &mut rng).unwrap();
    game.apply(first).unwrap();
    while let Turn::Seat { seat: 0 } = game.turn().unwrap() {
        let m = game.legal_moves().unwrap()[0];
        game.apply(m).unwrap();
    }
    let reply = game.legal_moves().unwrap()[0];
    game.apply(reply).unwrap();
    bot.choose(&game, 0, &mut rng).unwrap();
    let last = bot.last.as_ref().unwrap();
    let visits: u32 = last.stats.iter().map(|s| s.1).sum();
    assert!(
        u64::from(visits) > last.simulations,
        "the kept subtree's visits add to this search's"
    );
}

/// The dice-race fixture: chance events and two or three seats.
fn dice() -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library("fixture_dice_race")]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game("dice-race").unwrap().clone();
    (dir, plugin)
}

#[test]
fn a_game_with_chance_and_three_seats_passes_the_conformance_suite() {
    let (_dir, plugin) = dice();
    let report = tavola::conformance::check_plugin(&plugin, &Default::default());
    assert!(report.passed(), "{:#?}", report.failures);
}

#[test]
fn mcts_handles_chance_and_three_seats() {
    let (_dir, plugin) = dice();
    for players in ["players=2", "players=3"] {
        let o = plugin.parse_options(&[players]).unwrap();
        // With 18 banked and 5 in hand, holding wins at once; rolling risks a 1.
        let notation = if players.ends_with('2') {
            "18,10 5 0 choose"
        } else {
            "18,10,12 5 0 choose"
        };
        let game = plugin.from_notation(&o, notation).unwrap();
        let config = MctsConfig {
            iterations: Some(2000),
            ..MctsConfig::default()
        };
        let (r, _) = mcts::search(&game, &config, 3, None, None).unwrap();
        assert_eq!(notation_of(&game, r.best), "hold", "{players}");
        // With points in hand both moves are legal and the search covers both (a turn
        // starts with a roll: at the start rolling is the only move).
        let start = plugin.new_game(&o).unwrap();
        assert_eq!(start.legal_moves().unwrap().len(), 1);
        let in_hand = if players.ends_with('2') {
            "0,0 3 0 choose"
        } else {
            "0,0,0 3 0 choose"
        };
        let in_hand = plugin.from_notation(&o, in_hand).unwrap();
        let (r, _) = mcts::search(&in_hand, &config, 3, None, None).unwrap();
        assert_eq!(r.stats.len(), 2);
    }
}

#[test]
fn the_chance_model_matches_the_stated_probabilities() {
    // Chi-square over 60,000 seeded draws of a fair die: 5 degrees of freedom, the 0.1%
    // critical value is 20.52. The seed is fixed, so the test is not flaky.
    let outcomes: Vec<game_api::ChanceOutcome> = (1..=6)
        .map(|f| game_api::ChanceOutcome {
            mv: MoveId(f),
            probability: game_api::Probability::new(1, 6),
        })
        .collect();
    let mut rng = Rng::with_seed(2026);
    let mut counts = [0u32; 6];
    let n = 60_000;
    for _ in 0..n {
        counts[rng.chance(&outcomes)] += 1;
    }
    let expected = f64::from(n) / 6.0;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 20.52, "chi-square {chi2} for {counts:?}");
}

#[test]
fn solve_matches_the_published_value_of_kalah_3_3() {
    // Irving, Donkers and Uiterwijk (2000), with the empty-capture rule: Kalah(3,3) is a
    // first-player win by 2.
    let (_dir, plugin) = kalah();
    let o = plugin
        .parse_options(&["houses=3", "seeds=3", "empty_capture=true"])
        .unwrap();
    let game = plugin.new_game(&o).unwrap();
    let solution = solve(&game, &SolveConfig::default(), |_, _| {}).unwrap();
    assert_eq!(solution.margin, 2.0);
    // The smallest table (64 KB, full) gives the same exact value.
    let small = SolveConfig {
        memory: tavola::ai::solve::MIN_MEMORY,
        ..SolveConfig::default()
    };
    let o = plugin.parse_options(&["houses=3", "seeds=4"]).unwrap();
    let game = plugin.new_game(&o).unwrap();
    let roomy = solve(&game, &SolveConfig::default(), |_, _| {}).unwrap();
    let tight = solve(&game, &small, |_, _| {}).unwrap();
    assert_eq!(tight.margin, roomy.margin);
    assert!(
        tight.progress.table_bytes <= small.memory,
        "{:?}",
        tight.progress
    );
    assert!(tight.progress.max_entries < roomy.progress.max_entries);
}

#[test]
fn one_simulation_call_plays_the_path_describes_the_node_and_plays_out() {
    use tavola::plugins::{SimulatedNode, Simulation};
    let (_dir, plugin) = kalah();
    let root = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let path: Vec<u32> = {
        let mut g = root.clone();
        let mut rng = Rng::with_seed(5);
        (0..6)
            .map(|_| {
                let moves = g.legal_moves().unwrap();
                let mv = moves[rng.below(moves.len())];
                g.apply(mv).unwrap();
                mv.0
            })
            .collect()
    };
    // The same steps taken one call at a time.
    let mut by_hand = root.clone();
    for &mv in &path {
        by_hand.apply(MoveId(mv)).unwrap();
    }
    let Turn::Seat { seat } = by_hand.turn().unwrap() else {
        panic!("a seat is to move")
    };
    let moves: Vec<u32> = by_hand.legal_moves().unwrap().iter().map(|m| m.0).collect();
    let returns = by_hand.clone().playout(77).unwrap();

    let mut sim = Simulation::default();
    root.simulate(&path, 77, 0, &mut sim).unwrap();
    assert_eq!(sim.node(), SimulatedNode::Seat(seat));
    assert_eq!(sim.moves().map(|m| m.0).collect::<Vec<_>>(), moves);
    assert_eq!(sim.returns(), returns);
    // The root is not changed by the call.
    assert_eq!(root.notation().unwrap(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");

    // Cut after no action at all: the returns are the plugin's evaluation.
    root.simulate(&path, 77, 1, &mut sim).unwrap();
    let mut one = by_hand.clone();
    let mut rng = Rng::with_seed(77);
    let moves = one.legal_moves().unwrap();
    one.apply(moves[rng.below(moves.len())]).unwrap();
    if !matches!(one.turn().unwrap(), Turn::Over { .. }) {
        assert_eq!(sim.returns(), one.evaluate().unwrap().unwrap());
    }

    // An illegal move on the path is refused, not played.
    let err = root.simulate(&[99], 1, 0, &mut sim).unwrap_err();
    assert_eq!(err.kind, tavola::plugins::ErrorKind::IllegalMove, "{err}");
}

#[test]
fn a_simulation_that_ends_the_game_reports_the_final_returns() {
    use tavola::plugins::{SimulatedNode, Simulation};
    let (_dir, plugin) = kalah();
    // South's last seed goes to the store and empties South's row: the game ends.
    let game = position(&plugin, &[], "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S");
    let f = game
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|&m| notation_of(&game, m) == "f")
        .unwrap();
    let mut sim = Simulation::default();
    game.simulate(&[f.0], 3, 0, &mut sim).unwrap();
    assert_eq!(sim.node(), SimulatedNode::Over);
    assert_eq!(sim.returns(), [-1.0, 1.0]);
}
