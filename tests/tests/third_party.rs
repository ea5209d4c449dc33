//! The outside author's example, Togyz Kumalak (examples/togyz-kumalak), dropped into a
//! plugins folder and played through the host like any third-party plugin.

use game_api::{MoveId, Options, Rng, Turn};
use tavola::{
    bots::{Bot, RandomBot},
    play::play_out,
    plugins::{DirSource, GameHandle, Plugin, PluginDir, PluginDirs, PluginSet},
    record::{Record, replay},
};
use tavola_tests::{library, plugins_folder};

fn with_plugin(test: impl FnOnce(&PluginSet, &Plugin)) {
    let dir = plugins_folder(&[library("togyz_kumalak")]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game("togyz-kumalak").expect("the example loads");
    test(&set, plugin);
}

fn play(game: &mut GameHandle, notation: &str) {
    let mv = game
        .moves()
        .unwrap()
        .into_iter()
        .find(|m| m.notation == notation)
        .unwrap_or_else(|| panic!("{notation} is not legal in {}", game.notation().unwrap()));
    game.apply(mv.id).unwrap();
}

#[test]
fn the_example_plays_to_the_end_and_replays() {
    with_plugin(|set, plugin| {
        let options = Options::defaults(&plugin.manifest().options);
        for seed in 0..20 {
            let mut game = plugin.new_game(&options).unwrap();
            assert_eq!(
                game.notation().unwrap(),
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0-0 S"
            );
            let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
            let mut record = Record::new(plugin, &options, Some(seed), None);
            let outcome = play_out(
                &mut game,
                &mut bots,
                &mut Rng::with_seed(seed),
                &mut record,
                |_, _| {},
            )
            .unwrap();
            let total: i64 = outcome.seats.iter().map(|s| s.score).sum();
            assert_eq!(total, 162, "every stone ends in a store");
            let replayed = replay(set, &record).unwrap();
            assert_eq!(replayed.game.notation().unwrap(), game.notation().unwrap());
        }
    });
}

#[test]
fn the_first_stone_goes_back_and_an_even_house_is_captured() {
    with_plugin(|_, plugin| {
        let o = Options::defaults(&plugin.manifest().options);
        let mut game = plugin
            .from_notation(&o, "0,0,0,0,0,0,0,0,2/3,0,0,0,0,0,0,0,5 76-76 S")
            .unwrap();
        play(&mut game, "i");
        assert_eq!(
            game.notation().unwrap(),
            "0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,5 80-76 N"
        );
    });
}

#[test]
fn a_three_claims_a_tuzdyk_that_collects_later_stones() {
    with_plugin(|_, plugin| {
        let o = Options::defaults(&plugin.manifest().options);
        let mut game = plugin
            .from_notation(&o, "1,0,0,0,0,0,0,0,2/2,0,0,0,0,0,0,0,5 76-76 S")
            .unwrap();
        play(&mut game, "i");
        assert_eq!(
            game.notation().unwrap(),
            "1,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,5 79-76 N sink:A,-"
        );
        // A tuzdyk is never played from; a stone sown into it goes to its owner.
        play(&mut game, "I");
        play(&mut game, "i");
        assert_eq!(
            game.notation().unwrap(),
            "2,1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0,1 80-76 N sink:A,-"
        );
        assert!(
            game.apply(MoveId(0)).is_err(),
            "North's A is South's tuzdyk"
        );
        // The seats' panels say whose tuzdyk it is, by the house's label.
        let panels = game.view().unwrap().panels;
        let tuzdyk = |seat: usize| {
            panels[seat]
                .entries
                .iter()
                .find(|e| e.label == "Tuzdyk")
                .map(|e| e.value.clone())
        };
        assert_eq!(tuzdyk(0).as_deref(), Some("A"));
        assert_eq!(tuzdyk(1), None);
    });
}

#[test]
fn no_tuzdyk_in_the_ninth_house_nor_a_second_one() {
    with_plugin(|_, plugin| {
        let o = Options::defaults(&plugin.manifest().options);
        // The last stone makes North's ninth house a 3: no tuzdyk (3 is odd: no capture).
        let mut ninth = plugin
            .from_notation(&o, "18,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,2 71-71 S")
            .unwrap();
        play(&mut ninth, "a");
        assert_eq!(
            ninth.notation().unwrap(),
            "1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,3 71-71 N"
        );
        // South already has a tuzdyk: another 3 is just a 3.
        let mut second = plugin
            .from_notation(&o, "1,0,0,0,0,0,0,0,3/0,2,0,0,0,0,0,0,5 78-73 S tuz:A,-")
            .unwrap();
        play(&mut second, "i");
        assert_eq!(
            second.notation().unwrap(),
            "1,0,0,0,0,0,0,0,1/0,3,0,0,0,0,0,0,5 79-73 N sink:A,-"
        );
        let Turn::Seat { seat: 1 } = second.turn().unwrap() else {
            panic!("North to move")
        };
    });
}
