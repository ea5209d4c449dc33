//! The real app driven through egui_kittest (no GPU): choose a game, set it up, click a
//! pit, undo, save and load, see a broken plugin's reason.

mod common;

use common::plugins_of;

use egui_kittest::{Harness, kittest::Queryable};
use game_api::OptionValue;
use tavola::{
    app::{AppConfig, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

fn app(dir: &std::path::Path) -> TavolaApp {
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let mut app = TavolaApp::new(dirs, config(None));
    // Moves show at once: the tests look at positions, not at animations.
    app.settings_mut().step_seconds = 0.0;
    app
}

/// The app's configuration in tests: plugin code runs in workers of the real binary.
fn config(data_dir: Option<std::path::PathBuf>) -> AppConfig {
    AppConfig {
        data_dir,
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        // The labels looked for below are English, whatever the system's language.
        language: Some("en".into()),
        ..AppConfig::default()
    }
}

fn harness(app: TavolaApp) -> Harness<'static, TavolaApp> {
    Harness::builder()
        // A move answered by the worker while `run` steps starts its animation in
        // the same run: room to settle on a loaded machine (the default is 4 steps).
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// Clicks the chooser card's button, then Start in the new-game dialog with people in
/// both seats.
fn start_kalah(h: &mut Harness<'static, TavolaApp>) {
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Person);
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Play,
        "{:?}",
        h.state().message()
    );
}

fn notation(h: &Harness<'static, TavolaApp>) -> String {
    h.state().play_view().unwrap().notation().to_owned()
}

#[test]
fn the_chooser_lists_the_games_of_the_plugins_folder() {
    let dir = plugins_of(&["kalah", "oware"]);
    let h = harness(app(dir.path()));
    h.get_by_label("Play Kalah");
    h.get_by_label("Play Oware");
    assert!(h.query_by_label("Play Congkak").is_none());
}

#[test]
fn clicking_a_pit_sows_it_and_undo_restores_it() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    assert_eq!(notation(&h), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
    h.get_by_label("c: 0 seeds");
    h.get_by_label("f: 5 seeds");
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(notation(&h), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    h.get_by_label("c: 4 seeds");
    h.get_by_label("Redo").click();
    h.run();
    assert_eq!(notation(&h), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
}

#[test]
fn saving_then_loading_gives_the_same_position() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    for pit in ["c: 4 seeds", "f: 5 seeds"] {
        h.get_by_label(pit).click();
        h.run();
    }
    let saved = notation(&h);
    let file = dir.path().join("saved.json");
    h.state_mut().save_to(&file).unwrap();
    h.get_by_label("Undo").click();
    h.run();
    assert_ne!(notation(&h), saved);
    h.state_mut().load_from(&file).unwrap();
    h.run();
    assert_eq!(notation(&h), saved);

    // A bad file gets a message and changes nothing.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let err = h.state_mut().load_from(&bad).unwrap_err();
    assert!(
        format!("{err:#}").contains("not a Tavola game record"),
        "{err:#}"
    );
    assert_eq!(notation(&h), saved);
}

#[test]
fn an_option_changes_the_board() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set("seeds", OptionValue::Int(5));
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    h.get_by_label("a: 5 seeds");
    assert_eq!(notation(&h), "5,5,5,5,5,5/5,5,5,5,5,5 0-0 S");
}

#[test]
fn a_broken_plugin_shows_in_the_plugins_panel_with_its_reason() {
    let dir = plugins_of(&["kalah"]);
    std::fs::write(dir.path().join("libbroken.so"), b"this is not a library").unwrap();
    let mut h = harness(app(dir.path()));
    h.get_by_label("Plugins").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Plugins);
    // One file refused, one loaded: what the panel lists (a frame egui lays out twice,
    // as a grid's first one, may show a label twice to the test).
    let words: Vec<&str> = h
        .state()
        .plugins()
        .files
        .iter()
        .map(|f| f.status_word())
        .collect();
    assert_eq!(
        words.iter().filter(|w| **w == "failed").count(),
        1,
        "{words:?}"
    );
    assert!(h.query_all_by_label("failed").count() >= 1);
    h.get_by_label_contains("not a dynamic library");
    assert!(h.query_all_by_label("loaded").count() >= 1);
}

#[test]
fn a_bot_answers_a_person() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Bot("greedy".into()));
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    h.get_by_label("a: 4 seeds").click();
    // The bot thinks on another thread; give it a moment.
    for _ in 0..200 {
        h.step();
        if h.state().play_view().unwrap().session().cursor() >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let view = h.state().play_view().unwrap();
    assert!(view.session().cursor() >= 2, "North (greedy) has replied");
    assert_eq!(view.session().moves()[1].seat, Some(1));
}

#[test]
fn a_hint_is_searched_on_another_thread_and_shown() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    // Past Kalah's opening book (which answers the first two turns at once): a, A.
    h.get_by_label("a: 4 seeds").click();
    h.run();
    h.get_by_label("A: 4 seeds").click();
    h.run();
    assert_eq!(notation(&h), "0,5,5,5,5,4/0,5,5,5,5,4 0-0 S");
    h.get_by_label("Hint").click();
    h.run_steps(2);
    // The search runs for a second on another thread; the UI keeps drawing meanwhile.
    assert!(h.state().play_view().unwrap().hint_pending());
    h.get_by_label("Looking for a hint...");
    for _ in 0..600 {
        h.step();
        if h.state().play_view().unwrap().shown_hint().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    let view = h.state().play_view().unwrap();
    let (mv, text) = view.shown_hint().expect("the hint arrived");
    assert!(view.legal_moves().iter().any(|m| m.id == *mv), "{text}");
    assert!(text.contains("line:"), "{text}");
    // Playing a move drops the hint, which was for the position before it.
    h.get_by_label("c: 5 seeds").click();
    h.run();
    assert!(h.state().play_view().unwrap().shown_hint().is_none());
}

#[test]
fn a_library_dropped_into_the_folder_appears_without_a_restart() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    assert!(h.query_by_label("Play Oware").is_none());
    let more = plugins_of(&["oware"]);
    let lib = std::fs::read_dir(more.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::copy(&lib, dir.path().join(lib.file_name().unwrap())).unwrap();
    h.state_mut().watch_plugins(1e6);
    h.state_mut().finish_scan(true);
    h.run();
    h.get_by_label("Play Oware");
}

#[test]
fn the_game_in_progress_is_restored_at_the_next_start() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let dirs = || {
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }])
    };
    let config = || config(Some(data.path().to_path_buf()));
    let mut first = TavolaApp::new(dirs(), config());
    first.settings_mut().step_seconds = 0.0;
    first.settings_mut().dark = false;
    let mut h = harness(first);
    start_kalah(&mut h);
    h.get_by_label("b: 4 seeds").click();
    h.run();
    let position = notation(&h);
    h.state_mut().shutdown();
    drop(h);

    let second = TavolaApp::new(dirs(), config());
    let h = harness(second);
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(notation(&h), position);
}

#[test]
fn every_game_plays_to_the_end_between_bots_then_saves_loads_and_replays() {
    let dir = plugins_of(&[
        "kalah",
        "oware",
        "congkak",
        "o_an_quan",
        "zaroc",
        "stork_migration",
        "bite_the_pumpkin",
    ]);
    let mut h = harness(app(dir.path()));
    let games: Vec<(String, usize)> = h
        .state()
        .plugins()
        .games()
        .map(|p| (p.id().to_owned(), usize::from(p.manifest().seats.min)))
        .collect();
    assert_eq!(games.len(), 7);
    for (id, seats) in games {
        let plugin = h.state().plugins().game(&id).unwrap().clone();
        let request = tavola::app::NewGameRequest {
            game: id.clone(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![tavola::session::SeatKind::Bot("random".into()); seats],
            seed: 4,
        };
        h.state_mut().start(request).unwrap();
        let mut steps = 0;
        while !matches!(
            h.state().play_view().unwrap().turn(),
            game_api::Turn::Over { .. }
        ) {
            h.step();
            steps += 1;
            assert!(steps < 200_000, "{id} did not finish");
            if steps % 50 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        let end = notation(&h);
        let file = dir.path().join(format!("{id}.json"));
        h.state_mut().save_to(&file).unwrap();
        h.state_mut().load_from(&file).unwrap();
        assert_eq!(notation(&h), end, "{id}: load gives the saved position");
        let moves = h.state().play_view().unwrap().session().moves().len();
        h.state_mut().play_view_mut().unwrap().goto(0);
        assert_eq!(h.state().play_view().unwrap().session().cursor(), 0);
        h.state_mut().play_view_mut().unwrap().goto(moves);
        assert_eq!(notation(&h), end, "{id}: replayed to the end");
    }
}

#[test]
fn typing_a_file_name_in_the_save_dialog_plays_no_move() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    let before = notation(&h);
    // Kalah's houses answer to their keys on the board...
    let key = h.state().play_view().unwrap().legal_moves()[2].key.clone();
    assert!(key.is_some(), "Kalah gives its houses keys");
    let ctx = h.ctx.clone();
    h.state_mut().run_command(tavola::app::Command::Save, &ctx);
    h.run();
    // ...but not while the save dialog is open and its name field has the keyboard.
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.click();
    h.run();
    let k = egui::Key::from_name(key.as_deref().unwrap()).unwrap();
    h.key_press(k);
    h.run();
    assert_eq!(
        notation(&h),
        before,
        "the key went to the text field, not the board"
    );
}

#[test]
fn a_persons_move_from_an_earlier_point_wakes_the_bot_and_says_what_it_replaced() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Bot("greedy".into()));
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    let wait_for = |h: &mut Harness<'static, TavolaApp>, n: usize| {
        for _ in 0..300 {
            h.step();
            if h.state().play_view().unwrap().session().cursor() >= n {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the bot did not answer");
    };
    h.get_by_label("a: 4 seeds").click();
    wait_for(&mut h, 2);
    // Back to the start (the game pauses there), then a different first move.
    h.state_mut().play_view_mut().unwrap().goto(0);
    h.run();
    assert!(
        h.state().play_view().unwrap().bots_wait(),
        "the game holds there"
    );
    h.get_by_label("b: 4 seeds").click();
    h.run_steps(2);
    let view = h.state().play_view().unwrap();
    assert!(!view.paused(), "the person's move goes on with the game");
    wait_for(&mut h, 2);
    let view = h.state().play_view().unwrap();
    assert_eq!(view.session().moves()[0].notation, "b");
    assert_eq!(view.session().moves()[1].seat, Some(1), "the bot answered");
}

#[test]
fn search_folds_accents_finds_other_names_and_says_when_nothing_matches() {
    let dir = plugins_of(&["kalah", "oware", "o_an_quan", "bite_the_pumpkin"]);
    let mut h = harness(app(dir.path()));
    for (search, found, not) in [
        ("awale", "Play Oware", "Play Kalah"),
        ("o an quan", "Play Ô Ăn Quan", "Play Oware"),
        ("zucca", "Play Bite the Pumpkin!", "Play Kalah"),
    ] {
        h.get_by_role(egui::accesskit::Role::TextInput).click();
        h.run();
        h.get_by_role(egui::accesskit::Role::TextInput)
            .type_text(search);
        h.run();
        h.get_by_label(found);
        assert!(h.query_by_label(not).is_none(), "{search} matched {not}");
        // Clear the field for the next search.
        for _ in 0..search.chars().count() {
            h.key_press(egui::Key::Backspace);
        }
        h.run();
    }
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("chess");
    h.run();
    h.get_by_label_contains("No game matches");
}

#[test]
fn a_finished_game_shows_its_result_and_a_rematch_swaps_the_seats() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    let mut options = game_api::Options::defaults(&plugin.manifest().options);
    options = game_api::Options::resolve(&plugin.manifest().options, &{
        let mut v = options.values().clone();
        v.insert("houses".into(), OptionValue::Int(3));
        v.insert("seeds".into(), OptionValue::Int(3));
        v
    })
    .unwrap();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "kalah".into(),
            options,
            seats: vec![
                tavola::session::SeatKind::Bot("random".into()),
                tavola::session::SeatKind::Person,
            ],
            seed: 3,
        })
        .unwrap();
    // The one person plays North: the board is turned to face them.
    assert!(h.state().play_view().unwrap().board().flipped);
    h.run_steps(2);
    h.get_by_label_contains("Houses per side: 3");
    // Both seats to bots, to the end.
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Bot("greedy".into()));
    for _ in 0..20_000 {
        h.step();
        if matches!(
            h.state().play_view().unwrap().turn(),
            game_api::Turn::Over { .. }
        ) {
            break;
        }
    }
    h.run_steps(3);
    h.get_by_label_contains(" moves");
    h.get_by_label("Rematch").click();
    h.run_steps(2);
    // The new game starts off the UI thread: the old one stays until it is shown.
    h.state_mut().wait_for_start();
    let seats = h.state().play_view().unwrap().session().seats().to_vec();
    assert_eq!(
        seats,
        [
            tavola::session::SeatKind::Bot("greedy".into()),
            tavola::session::SeatKind::Bot("random".into())
        ],
        "sides swapped"
    );
    assert_eq!(
        h.state().play_view().unwrap().session().cursor(),
        0,
        "a new game"
    );
}

#[test]
fn restart_asks_first_and_esc_closes_the_question() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::R);
    h.run();
    h.get_by_label_contains("Start this game again");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label_contains("Start this game again").is_none());
    assert_eq!(
        h.state().play_view().unwrap().session().cursor(),
        1,
        "not restarted"
    );
}

#[test]
fn the_panels_wait_for_the_board_during_an_animation() {
    let dir = plugins_of(&["kalah"]);
    let mut app = app(dir.path());
    app.settings_mut().step_seconds = 0.2;
    let mut h = harness(app);
    start_kalah(&mut h);
    let store = |h: &Harness<'static, TavolaApp>| {
        let view = h.state().play_view().unwrap().shown_view().clone();
        view.panels[0]
            .entries
            .iter()
            .find(|e| e.label == "Store")
            .map(|e| e.value.clone())
    };
    assert_eq!(store(&h).as_deref(), Some("0"));
    // c: 4 seeds, the last one in South's store: an extra turn, after the animation.
    h.get_by_label("c: 4 seeds").click();
    h.step();
    assert!(h.state().play_view().unwrap().animating());
    assert_eq!(
        store(&h).as_deref(),
        Some("0"),
        "the panel waits for the seeds"
    );
    h.state_mut().play_view_mut().unwrap().skip_animation();
    h.run_steps(2);
    assert_eq!(store(&h).as_deref(), Some("1"), "then shows the move");
}

#[test]
fn a_new_game_is_a_person_against_a_casual_bot_and_the_last_choice_is_remembered() {
    use tavola::session::SeatKind;
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(TavolaApp::new(
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }]),
        config(Some(data.path().to_path_buf())),
    ));
    h.get_by_label("Play Kalah").click();
    h.run();
    let dialog = h.state_mut().new_game_dialog().unwrap();
    assert_eq!(
        dialog.seats(),
        [SeatKind::Person, SeatKind::Bot("casual".into())]
    );
    dialog.set_seat(0, SeatKind::Bot("strong".into()));
    dialog.set_seat(1, SeatKind::Person);
    // Kalah has no chance: its random seed is not offered.
    h.get_by_label("Advanced").click();
    h.run();
    assert!(h.query_by_label_contains("Random seed").is_none());
    h.get_by_label("Start").click();
    h.run_steps(2);
    h.state_mut().wait_for_start();
    h.state_mut().shutdown();
    drop(h);
    let mut h = harness(TavolaApp::new(
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }]),
        config(Some(data.path().to_path_buf())),
    ));
    let ctx = h.ctx.clone();
    h.state_mut()
        .run_command(tavola::app::Command::NewGame, &ctx);
    h.run_steps(2);
    h.get_by_label("Play Kalah").click();
    h.run_steps(2);
    assert_eq!(
        h.state_mut().new_game_dialog().unwrap().seats(),
        [SeatKind::Bot("strong".into()), SeatKind::Person],
        "the last choice for Kalah"
    );
}

#[test]
fn open_starts_at_a_position_and_plays_the_moves_given_by_their_notations() {
    let dir = plugins_of(&["kalah"]);
    let dirs = || {
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }])
    };
    let start = |moves: &[&str]| tavola::app::StartGame {
        game: "kalah".into(),
        options: vec!["houses=4".into(), "seeds=3".into()],
        seats: vec!["human".into(), "human".into()],
        seed: 1,
        position: Some("3,3,3,3/3,3,3,3 0-0 S".into()),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        random_moves: 0,
    };
    let mut config = config(None);
    config.start = Some(start(&["a", "A"]));
    let app = TavolaApp::new(dirs(), config.clone());
    assert_eq!(app.message(), None);
    let view = app.play_view().unwrap();
    assert_eq!(view.session().cursor(), 2);
    assert_eq!(
        view.session().record().start.as_deref(),
        Some("3,3,3,3/3,3,3,3 0-0 S")
    );
    assert!(view.paused(), "left where the moves end, to look at");

    config.start = Some(start(&["a", "z"]));
    let app = TavolaApp::new(dirs(), config);
    let message = app.message().unwrap();
    assert!(message.contains("move 2 `z` is not legal"), "{message}");
}

#[test]
fn every_move_of_the_last_turn_is_marked_and_the_hint_is_in_words() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    let site_of = |h: &Harness<'static, TavolaApp>, notation: &str| {
        h.state()
            .play_view()
            .unwrap()
            .legal_moves()
            .iter()
            .find(|m| m.notation == notation)
            .unwrap()
            .sites[0]
    };
    let c = site_of(&h, "c");
    h.get_by_label("c: 4 seeds").click();
    h.run();
    let f = site_of(&h, "f");
    h.get_by_label("f: 5 seeds").click();
    h.run();
    let marks = h.state().play_view().unwrap().marks();
    assert!(
        marks.last_move.contains(&c) && marks.last_move.contains(&f),
        "{marks:?}"
    );
    assert!(tavola::ai::chance_in_words(-0.3).contains("35%"));
}

#[test]
fn the_board_shows_the_key_of_each_move() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    let marks = h.state().play_view().unwrap().marks();
    let mut keys: Vec<String> = marks.keys.iter().map(|(_, k)| k.clone()).collect();
    keys.sort();
    assert_eq!(keys, ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(tavola::app::key_label("ArrowLeft"), "left arrow");
}

#[test]
fn resigning_ends_the_game_records_it_and_the_finished_game_is_not_restored() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let dirs = || {
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }])
    };
    let mut first = TavolaApp::new(dirs(), config(Some(data.path().to_path_buf())));
    first.settings_mut().step_seconds = 0.0;
    let mut h = harness(first);
    start_kalah(&mut h);
    // South sows c into its store: an extra turn, South still to move.
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label_contains("Resign this game for South?");
    // Cancel changes nothing.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().play_view().unwrap().is_over());
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    let play = h.state().play_view().unwrap();
    assert_eq!(
        play.session().ending(),
        Some(tavola::ending::Ending::Resigned { seat: 0 })
    );
    let (outcome, _) = play.final_result().unwrap();
    assert_eq!(outcome.seats[1].result, game_api::GameResult::Win);
    // The summary says it, and the board takes no more moves.
    h.get_by_label("South resigned · North wins");
    h.get_by_label("f: 5 seeds").click();
    h.run();
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 1);
    // Saved finished: the record keeps how it ended, and the next start opens the chooser.
    let file = data.path().join("resigned.json");
    h.state_mut().save_to(&file).unwrap();
    let record = tavola::record::Record::read(&file).unwrap();
    assert_eq!(
        record.ending,
        Some(tavola::ending::Ending::Resigned { seat: 0 })
    );
    h.state_mut().shutdown();
    drop(h);
    let second = TavolaApp::new(dirs(), config(Some(data.path().to_path_buf())));
    let mut h = harness(second);
    assert_eq!(h.state().screen(), Screen::Chooser);
    // Loading the file shows the finished game, with its summary.
    h.state_mut().load_from(&file).unwrap();
    h.run();
    assert!(h.state().play_view().unwrap().is_over());
    h.get_by_label("South resigned · North wins");
    // A record whose resigning seat the game does not have is refused, and says why.
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"seat\": 0\n  }", "\"seat\": 7\n  }");
    assert!(text.contains("\"seat\": 7"), "{text}");
    let bad = data.path().join("bad-seat.json");
    std::fs::write(&bad, text).unwrap();
    let err = h.state_mut().load_from(&bad).unwrap_err();
    assert!(
        format!("{err:#}").contains("seat 8 ended the game"),
        "{err:#}"
    );
}

#[test]
fn a_draw_offer_asks_the_other_person_and_a_bot_declines_it() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    h.get_by_label("Offer a draw").click();
    h.run();
    h.get_by_label_contains("South offers a draw");
    h.get_by_label("Decline").click();
    h.run();
    h.get_by_label_contains("was declined");
    assert!(!h.state().play_view().unwrap().is_over());
    // The board took no key while the question was open; now accept.
    h.get_by_label("Offer a draw").click();
    h.run();
    h.get_by_label("Accept the draw").click();
    h.run();
    assert_eq!(
        h.state().play_view().unwrap().session().ending(),
        Some(tavola::ending::Ending::AgreedDraw)
    );
    assert!(h.query_all_by_label("Draw agreed").count() >= 1);
    assert_eq!(
        h.state().play_view().unwrap().session().record().ending,
        Some(tavola::ending::Ending::AgreedDraw)
    );

    // Against a bot: declined at once, the game goes on.
    h.get_by_label("New game").click();
    h.run();
    start_kalah(&mut h);
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Bot("random".into()));
    h.get_by_label("Offer a draw").click();
    h.run();
    h.get_by_label_contains("North declines the draw");
    let play = h.state().play_view().unwrap();
    assert!(play.asking().is_none());
    assert!(!play.is_over());
}

#[test]
fn clocks_run_for_the_seat_to_move_lose_on_time_and_come_back_with_the_game() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    let dialog = h.state_mut().new_game_dialog().unwrap();
    assert_eq!(dialog.clock(), None, "no clocks by default");
    dialog.set_seat(1, tavola::session::SeatKind::Person);
    dialog.set_clock(Some((1, 2)));
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    let clock = |h: &Harness<'static, TavolaApp>| {
        h.state()
            .play_view()
            .unwrap()
            .session()
            .clock()
            .unwrap()
            .left_ms
            .clone()
    };
    let start = clock(&h);
    assert!(start[0] <= 60_000 && start[0] > 59_000, "{start:?}");
    assert_eq!(start[1], 60_000);
    // Each step is a quarter of a second: South's clock runs, North's does not.
    h.run_steps(8);
    let [south, north] = clock(&h)[..] else {
        panic!()
    };
    assert!((56_000..start[0]).contains(&south), "{south}");
    assert_eq!(north, 60_000);
    // South moves (to the opponent's side) and gains its increment; North's clock runs.
    h.get_by_label("f: 4 seeds").click();
    h.run();
    let after = clock(&h);
    assert!(after[0] > south, "the increment: {after:?}");
    assert!(after[1] < 60_000, "North's clock runs: {after:?}");
    // Paused: no clock runs.
    h.get_by_label("Pause").click();
    h.run();
    let paused = clock(&h);
    h.run_steps(4);
    assert_eq!(clock(&h), paused);
    // Saved and loaded with the game.
    let file = dir.path().join("clocked.json");
    h.state_mut().save_to(&file).unwrap();
    h.state_mut().load_from(&file).unwrap();
    let loaded = clock(&h);
    assert_eq!(loaded, paused);
    // The loaded game goes on: North's clock runs again, and North runs out of time.
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .set_clock_left(1, 300);
    h.run_steps(4);
    assert_eq!(
        h.state().play_view().unwrap().session().ending(),
        Some(tavola::ending::Ending::Time { seat: 1 })
    );
    // The clock starts a frame after the loaded board is drawn: the summary may be new.
    h.run_steps(2);
    h.get_by_label("North lost on time · South wins");
}

#[test]
fn save_and_load_list_only_tavola_games_ask_before_replacing_and_speak_plainly() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let mut app = TavolaApp::new(dirs, config(Some(data.path().to_path_buf())));
    app.settings_mut().step_seconds = 0.0;
    let mut h = harness(app);
    start_kalah(&mut h);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("notes.json"), r#"{"shopping": ["rice"]}"#).unwrap();
    std::fs::write(games.join("readme.txt"), "hello").unwrap();
    let ctx = h.ctx.clone();
    // Save: the suggested name, saved, said so.
    h.state_mut().run_command(tavola::app::Command::Save, &ctx);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label_contains("Saved to");
    // Saving again asks before replacing the file.
    h.state_mut().run_command(tavola::app::Command::Save, &ctx);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("kalah.json already exists. Replace it?");
    h.get_by_label("Replace").click();
    h.run();
    // Load lists the saved game only: not other JSON, not other files.
    h.state_mut().run_command(tavola::app::Command::Load, &ctx);
    h.run();
    h.get_by_label("kalah.json");
    assert!(h.query_by_label("notes.json").is_none());
    assert!(h.query_by_label("readme.txt").is_none());
    // A file typed by name that is not a game gets a plain answer.
    h.get_by_role(egui::accesskit::Role::TextInput).click();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("notes.json");
    h.run();
    h.get_by_label("Load").click();
    h.run();
    h.get_by_label_contains("notes.json is not a Tavola saved game");
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 1);
}

#[test]
fn the_panels_give_a_score_only_where_it_is_more_than_the_store() {
    let dir = plugins_of(&["kalah", "o_an_quan"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h);
    assert!(h.query_all_by_label_contains("Store:").count() >= 2);
    assert!(
        h.query_by_label_contains("Score:").is_none(),
        "Kalah's score is its store"
    );
    let plugin = h.state().plugins().game("o-an-quan").unwrap().clone();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "o-an-quan".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![tavola::session::SeatKind::Person; 2],
            seed: 1,
        })
        .unwrap();
    h.run();
    // Ô Ăn Quan's score counts the mandarins besides the captured seeds.
    assert!(h.query_all_by_label_contains("Mandarins:").count() >= 2);
    assert!(h.query_all_by_label_contains("Score:").count() >= 2);
}

#[test]
fn at_900_by_600_with_the_rules_open_the_board_stays_playable() {
    let dir = plugins_of(&["kalah"]);
    let mut h = Harness::builder()
        // A move answered by the worker while `run` steps starts its animation in
        // the same run: room to settle on a loaded machine (the default is 4 steps).
        .with_max_steps(64)
        .with_size([900.0, 600.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app(dir.path()));
    start_kalah(&mut h);
    let ctx = h.ctx.clone();
    h.state_mut().run_command(tavola::app::Command::Rules, &ctx);
    h.run_steps(3);
    let a = h.get_by_label("a: 4 seeds").rect();
    let f = h.get_by_label("f: 4 seeds").rect();
    // Six houses and two stores across at least 420 points: houses of 45 or more.
    assert!(a.width() >= 45.0, "a house {} wide", a.width());
    assert!(f.right() - a.left() >= 6.0 * 45.0, "{a:?} {f:?}");
    // The rules can be hidden from their own panel.
    h.get_by_label("Hide the rules").click();
    h.run();
    assert!(h.query_by_label("Hide the rules").is_none());
    // And the board still plays.
    h.get_by_label("c: 4 seeds").click();
    h.run();
    assert_eq!(notation(&h), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
}

#[test]
fn the_bot_thinks_while_the_board_animates_the_move_before() {
    let dir = plugins_of(&["kalah"]);
    let mut app = app(dir.path());
    app.settings_mut().step_seconds = 0.5;
    let mut h = harness(app);
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Bot("strong".into()));
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    // South sows f: one seed into its store, three into North's row; North's bot is to move.
    h.get_by_label("f: 4 seeds").click();
    h.step();
    h.step();
    let play = h.state().play_view().unwrap();
    assert!(play.animating(), "the sowing is still shown");
    assert!(play.thinking(), "North's bot already thinks");
    // The bot's move comes after the board has caught up, never over it.
    for _ in 0..2000 {
        h.step();
        let play = h.state().play_view().unwrap();
        if play.session().cursor() == 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 2);
}
