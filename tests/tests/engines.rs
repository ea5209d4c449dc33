//! Engines for every game the manifest allows: bots built for the actual game and its
//! options, engines picked by the manifest's chance flag, and bot names range-checked.

use std::time::Duration;

use game_api::{Options, Rng, Turn};
use tavola::{
    ai,
    bots::{bot_by_name_with, bot_choices, bot_for, bot_names_for},
    plugins::{Plugin, PluginSet},
};
use tavola_tests::{first_party_plugins, library, plugins_folder};

fn discover(dir: &std::path::Path) -> PluginSet {
    PluginSet::discover(tavola::plugins::PluginDirs(vec![
        tavola::plugins::PluginDir {
            path: dir.to_path_buf(),
            source: tavola::plugins::DirSource::CommandLine,
        },
    ]))
}

fn load(crate_name: &str, id: &str) -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library(crate_name)]);
    let plugin = discover(dir.path())
        .game(id)
        .expect("the plugin loads")
        .clone();
    (dir, plugin)
}

#[test]
fn every_first_party_game_says_whether_it_has_chance_and_gets_a_hint_at_every_turn() {
    let dir = plugins_folder(&first_party_plugins());
    let set = discover(dir.path());
    let mut seen = 0;
    for plugin in set.games() {
        seen += 1;
        let chance = plugin.id() == "stork-migration";
        assert_eq!(plugin.manifest().chance, Some(chance), "{}", plugin.id());
        let mut game = plugin
            .new_game(&Options::defaults(&plugin.manifest().options))
            .unwrap();
        let mut rng = Rng::with_seed(9);
        for _ in 0..6 {
            if matches!(game.turn().unwrap(), Turn::Over { .. }) {
                break;
            }
            let legal = game.legal_moves().unwrap();
            let hint = ai::hint(
                &game,
                &plugin.manifest().search,
                1,
                tavola::ai::HintBudget::Time(Duration::from_millis(20)),
            )
            .unwrap_or_else(|e| panic!("{}: no hint at {:?}: {e}", plugin.id(), game));
            assert!(legal.contains(&hint.best), "{}", plugin.id());
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(seen >= 7, "the first-party games were found");
}

fn names(choices: Vec<tavola::bots::BotChoice>) -> Vec<String> {
    choices.into_iter().map(|b| b.name).collect()
}

#[test]
fn a_chance_game_gets_a_hint_and_an_expert_at_a_seats_turn() {
    // The texts checked below are English, whatever the machine's locale.
    tavola::i18n::set_language("en");
    let (_dir, plugin) = load("fixture_dice_race", "dice-race");
    assert!(plugin.manifest().may_have_chance());
    let game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    assert!(matches!(game.turn().unwrap(), Turn::Seat { seat: 0 }));
    let legal = game.legal_moves().unwrap();
    let hint = ai::hint(
        &game,
        &plugin.manifest().search,
        1,
        tavola::ai::HintBudget::Time(Duration::from_millis(100)),
    )
    .unwrap();
    assert!(legal.contains(&hint.best));
    assert!(
        hint.evaluation.contains("games simulated"),
        "{}",
        hint.evaluation
    );
    // `expert` is long MCTS here, not alpha-beta (which would meet the dice and fail).
    let mut expert = bot_for("expert", &plugin, &game).unwrap();
    let mv = expert.choose(&game, 0, &mut Rng::with_seed(1)).unwrap();
    assert!(legal.contains(&mv));
    assert!(!names(bot_choices(&plugin, &game)).contains(&"alphabeta".to_owned()));
    let err = bot_for("alphabeta", &plugin, &game)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("chance"), "{err}");
    // At a chance turn the hint still answers.
    let mut rolling = game.clone();
    rolling.apply(game_api::MoveId(0)).unwrap();
    assert!(matches!(rolling.turn().unwrap(), Turn::Chance { .. }));
    let hint = ai::hint(
        &rolling,
        &plugin.manifest().search,
        1,
        tavola::ai::HintBudget::Time(Duration::from_millis(50)),
    )
    .unwrap();
    assert!(rolling.legal_moves().unwrap().contains(&hint.best));
}

#[test]
fn bots_are_built_for_the_options_in_play() {
    let (_dir, plugin) = load("bite_the_pumpkin", "bite-the-pumpkin");
    assert!(!plugin.manifest().may_have_chance());
    let defaults = Options::defaults(&plugin.manifest().options);
    let two = names(bot_names_for(&plugin, &defaults));
    assert!(two.contains(&"alphabeta".to_owned()), "{two:?}");
    let spec = plugin
        .manifest()
        .options
        .iter()
        .find(|o| o.key == "players")
        .expect("a players option");
    let three = plugin.parse_options(&[format!("{}=3", spec.key)]).unwrap();
    let offered = names(bot_names_for(&plugin, &three));
    assert!(!offered.contains(&"alphabeta".to_owned()), "{offered:?}");
    let err = bot_by_name_with("alphabeta", &plugin, &three)
        .err()
        .unwrap();
    // An engine that cannot play this game is told apart from a name nobody knows.
    assert!(
        matches!(err, tavola::bots::BotError::Unsuited { seats: 3, .. }),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.contains("3 seats"), "{err}");
    assert!(bot_by_name_with("alphabeta", &plugin, &defaults).is_ok());
    assert!(bot_by_name_with("expert", &plugin, &three).is_ok());
}

#[test]
fn bot_names_out_of_range_are_refused_with_the_reason() {
    let (_dir, plugin) = load("kalah", "kalah");
    let game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let cores = ai::max_threads();
    let too_many_threads = format!("mcts:100:{}", cores + 1);
    for (name, says) in [
        ("mcts:1000:100000", "threads"),
        (too_many_threads.as_str(), "threads"),
        ("mcts:10:0", "threads"),
        ("mcts:0", "simulations"),
        ("mcts:99999999999", "simulations"),
        ("mcts:-5", "simulations"),
        ("mcts:10:1:99999999999", "playout cutoff"),
        ("mcts:10:1:3:NaN", "exploration constant"),
        ("mcts:10:1:3:0.5:7", "expected mcts"),
        ("alphabeta:99999999999", "depth"),
        ("alphabeta:0", "depth"),
        ("alphabeta:65", "depth"),
        ("alphabeta:3:1", "expected alphabeta"),
        ("expert:3", "level"),
    ] {
        let err = bot_for(name, &plugin, &game).err().unwrap_or_else(|| {
            panic!("{name} is refused");
        });
        // A malformed name is bad input (not an unknown bot), whatever its engine.
        assert_eq!(err.kind(), tavola::plugins::ErrorKind::BadInput, "{name}");
        let err = err.to_string();
        assert!(err.contains(says) && err.contains(name), "{name}: {err}");
    }
    for name in [
        "mcts:1",
        "mcts:10:1",
        "alphabeta:1",
        "alphabeta:2",
        "mcts:5:1:0:0",
    ] {
        let mut bot = bot_for(name, &plugin, &game).unwrap();
        let legal = game.legal_moves().unwrap();
        let mv = bot.choose(&game, 0, &mut Rng::with_seed(1)).unwrap();
        assert!(legal.contains(&mv), "{name}");
    }
}
