//! The app's edges, driven through egui_kittest: Enter in Save and Load; after a run that was not closed normally (a `kill`), the note blames no plugin;
//! only the bots a seat can use are offered; the Load list says what each save holds
//! (a bad file why it cannot be read), and a double click on a row loads it; the
//! evaluation bar (off by default) follows the position once on; endgame tables are
//! offered with their size and built only when the person agrees.

mod common;

use common::plugins_of;

use egui_kittest::{
    Harness,
    kittest::{NodeT, Queryable},
};
use tavola::{
    app::{AppConfig, Command, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    session::SeatKind,
};

type H = Harness<'static, TavolaApp>;

fn dirs(dir: &std::path::Path) -> PluginDirs {
    PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }])
}

fn app(dir: &std::path::Path, data: Option<&std::path::Path>) -> TavolaApp {
    let mut app = TavolaApp::new(
        dirs(dir),
        AppConfig {
            data_dir: data.map(std::path::Path::to_path_buf),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.settings_mut().step_seconds = 0.0;
    app
}

fn harness(app: TavolaApp) -> H {
    Harness::builder()
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// Kalah between two people, with a minute each when `clock`.
fn start_kalah(h: &mut H, clock: bool) {
    h.get_by_label("Play Kalah").click();
    h.run();
    let dialog = h.state_mut().new_game_dialog().unwrap();
    dialog.set_seat(1, SeatKind::Person);
    if clock {
        dialog.set_clock(Some((1, 0)));
    }
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
}

#[test]
fn enter_chooses_in_save_and_load() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    let ctx = h.ctx.clone();
    // Save: a name typed, then Enter.
    h.state_mut().run_command(Command::Save, &ctx);
    h.run();
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    for _ in 0..20 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("by-enter.json");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let saved = data.path().join("games").join("by-enter.json");
    assert!(saved.exists(), "Enter saved it");
    h.get_by_label_contains("Saved to");
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 0);
    h.state_mut().run_command(Command::Load, &ctx);
    h.run();
    // Load: the file picked with a click, then Enter. (A double click on the row takes it
    // too: see the Load list's test.)
    h.get_by_label("by-enter.json").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert!(h.query_by_label("Load a game").is_none(), "Enter loaded it");
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 1);
}

#[test]
fn after_a_run_that_was_not_closed_the_note_blames_no_plugin() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    // Dropped without a shutdown: the "running" marker stays, as after a `kill -9`.
    drop(h);
    let second = app(dir.path(), Some(data.path()));
    let message = second.message().unwrap_or_default().to_owned();
    assert!(message.contains("did not close normally"), "{message}");
    assert!(message.contains("Recover games"), "{message}");
    assert!(!message.contains("plugin"), "{message}");
}

#[test]
fn a_three_player_pumpkin_offers_no_two_player_bot() {
    let dir = plugins_of(&["bite_the_pumpkin"]);
    let mut h = harness(app(dir.path(), None));
    let plugin = h
        .state()
        .plugins()
        .game("bite-the-pumpkin")
        .unwrap()
        .clone();
    let specs = &plugin.manifest().options;
    for (players, offered) in [(2, true), (3, false)] {
        let mut values = game_api::Options::defaults(specs).values().clone();
        values.insert("players".into(), game_api::OptionValue::Int(players));
        let options = game_api::Options::resolve(specs, &values).unwrap();
        h.state_mut()
            .start(tavola::app::NewGameRequest {
                game: "bite-the-pumpkin".into(),
                options,
                seats: vec![SeatKind::Person; players as usize],
                seed: 1,
            })
            .unwrap();
        h.run();
        // What the seat menus offer (the side panel's and the new-game dialog's list).
        let seats = h.state().play_view().unwrap().session().seats().len() as u8;
        let bots = tavola::bots::bot_choices_for(plugin.manifest(), seats);
        assert_eq!(
            bots.iter().any(|b| b.name == "farmer-author"),
            offered,
            "{players} players"
        );
        // And what the Farmer's seat menu in the side panel shows.
        h.get_by_label("Who plays Farmer").click();
        h.run();
        assert_eq!(
            h.query_by_label("Bot: farmer-author").is_some(),
            offered,
            "{players} players: the Farmer's menu"
        );
        assert!(
            h.query_by_label("Bot: herd-author").is_none(),
            "the Herd's bot is not the Farmer's"
        );
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(
            h.query_by_label("Computer: strong").is_none(),
            "Esc closed it"
        );
    }
}

/// A double click at the middle of `rect`: the pointer there, then two clicks in one
/// frame (the harness's frames are a quarter of a second apart, and egui counts a
/// second click as a double one within 0.3 s).
fn double_click(h: &mut H, rect: egui::Rect) {
    let pos = rect.center();
    h.event(egui::Event::PointerMoved(pos));
    h.step();
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.step();
    h.run();
}

#[test]
fn the_load_list_says_what_each_save_holds_and_why_a_bad_one_cannot_be_read() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    h.state_mut().save_to(&games.join("open.json")).unwrap();
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    h.state_mut().save_to(&games.join("resigned.json")).unwrap();
    // A save cut short, and a JSON file that is no saved game at all.
    std::fs::write(
        games.join("cut.json"),
        r#"{"format":"tavola-record","version":1,"game":"kal"#,
    )
    .unwrap();
    std::fs::write(games.join("other.json"), "{}").unwrap();
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Load, &ctx);
    h.run();
    // Each save: the game, the date it was saved, the players' moves, how it stands.
    let line = |h: &H, file: &str| {
        let row = h.get_by_label(file).rect();
        h.query_all_by_label_contains(" · ")
            .chain(h.query_all_by_label_contains("unreadable"))
            .find(|n| (n.rect().center().y - row.center().y).abs() < 4.0)
            .and_then(|n| {
                let node = n.accesskit_node();
                node.label().or_else(|| node.value())
            })
            .unwrap_or_else(|| {
                let all: Vec<_> = h
                    .query_all_by_label_contains("")
                    .map(|n| (n.accesskit_node().value(), n.rect()))
                    .collect();
                panic!("no line beside {file} at {row:?}: {all:#?}")
            })
    };
    let open = line(&h, "open.json");
    assert!(open.starts_with("Kalah · 20"), "{open}");
    assert!(open.contains(" UTC · 1 move · in progress"), "{open}");
    let resigned = line(&h, "resigned.json");
    assert!(
        resigned.ends_with(" · 1 move · South resigned · North wins"),
        "{resigned}"
    );
    let cut = line(&h, "cut.json");
    assert!(cut.starts_with("unreadable: EOF while parsing"), "{cut}");
    assert!(h.query_by_label("other.json").is_none(), "not a saved game");
    // A click on a row picks it; a double click loads it.
    h.get_by_label("resigned.json").click();
    h.run();
    assert!(
        h.query_by_label("Load a game").is_some(),
        "a click only picks"
    );
    let row = h.get_by_label("open.json").rect();
    double_click(&mut h, row);
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert!(
        h.query_by_label("Load a game").is_none(),
        "the double click loaded it"
    );
    let play = h.state().play_view().unwrap();
    assert_eq!(play.session().cursor(), 1);
    assert!(
        !play.session().finished(),
        "the game in progress was loaded"
    );
    // In Save, a double click on a row saves there (asking first: the file exists).
    h.state_mut().run_command(Command::Save, &ctx);
    h.run();
    let row = h.get_by_label("resigned.json").rect();
    double_click(&mut h, row);
    h.get_by_label("resigned.json already exists. Replace it?");
    h.get_by_label("Replace").click();
    h.run();
    let saved = tavola::record::Record::read(&games.join("resigned.json")).unwrap();
    assert_eq!(saved.ending, None, "the game in progress replaced it");
}

#[test]
fn a_two_player_bot_chosen_in_the_new_game_dialog_leaves_its_seat_for_three_players() {
    let dir = plugins_of(&["bite_the_pumpkin"]);
    let mut h = harness(app(dir.path(), None));
    h.get_by_label("Play Bite the Pumpkin!").click();
    h.run();
    let farmer = SeatKind::Bot("farmer-author".into());
    let dialog = h.state_mut().new_game_dialog().unwrap();
    // The dialog's worker answers the seat count off the UI thread: wait for it.
    dialog.set("players", game_api::OptionValue::Int(2));
    dialog.wait_for_worker();
    dialog.set_seat(1, farmer.clone());
    assert_eq!(dialog.seats()[1], farmer);
    dialog.set("players", game_api::OptionValue::Int(3));
    dialog.wait_for_worker();
    let seats = dialog.seats().to_vec();
    assert_eq!(seats.len(), 3);
    assert!(!seats.contains(&farmer), "{seats:?}");
    assert_eq!(seats[1], SeatKind::Bot("casual".into()));
    // What starts is a game every seat of which can be played.
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(h.state().message(), None);
    assert!(h.state_mut().new_game_dialog().is_none());
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(h.state().play_view().unwrap().session().seats(), &seats[..]);
}

/// Steps the app until the evaluation bar has an evaluation of the position shown (the
/// search runs in the worker for 0.4 s).
fn until_evaluated(h: &mut H) -> tavola::app::Evaluation {
    for _ in 0..800 {
        h.step();
        if let Some(e) = h.state().play_view().unwrap().evaluation() {
            return e;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no evaluation came");
}

#[test]
fn the_evaluation_bar_is_off_by_default_and_follows_the_position_once_on() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, false);
    // Off: nothing is searched.
    idle(&mut h, 40);
    assert!(!h.state_mut().settings_mut().eval_bar);
    assert!(h.state().play_view().unwrap().evaluation().is_none());
    // On from the View menu (a checkbox, since it is a setting).
    h.get_by_label("View").click();
    h.run();
    // An entry that shows whether it is on, with its key (Ctrl+E) beside it.
    h.get_by_label_contains("Evaluation bar").click();
    h.run();
    assert!(h.state_mut().settings_mut().eval_bar);
    let first = until_evaluated(&mut h);
    assert_eq!(first.seat, Some(0), "South is to move at the start");
    assert!((0.0..=1.0).contains(&first.share_of(0)), "{first:?}");
    // Kalah(6,4) is a first-player win by 8, which its stored opening solution knows.
    assert_eq!(first.share_of(0), 1.0, "{first:?}");
    assert!(
        first.text.contains("win by 8 seeds") && first.text.contains("opening solution"),
        "{first:?}"
    );
    // A move: the old evaluation is not the new position's, and a new one comes.
    h.get_by_label("b: 4 seeds").click();
    h.run();
    let after = until_evaluated(&mut h);
    assert_eq!(after.seat, Some(1), "North is to move after b");
    assert!((0.0..=1.0).contains(&after.share_of(1)), "{after:?}");
    // Off again (Ctrl+E): the bar's search stops and nothing more is asked.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(!h.state_mut().settings_mut().eval_bar);
    // Undo shows the start again: a new position, which is not evaluated any more.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().play_view().unwrap().session().cursor(), 0);
    idle(&mut h, 60);
    assert!(h.state().play_view().unwrap().evaluation().is_none());
}

#[test]
fn a_hint_does_not_change_the_evaluation_bar() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut app = app(dir.path(), Some(data.path()));
    app.settings_mut().eval_bar = true;
    let mut h = harness(app);
    start_kalah(&mut h, false);
    let first = until_evaluated(&mut h);
    assert_eq!(first.seat, Some(0));
    // The hint's longer search does not change the bar: one position, one value.
    h.get_by_label("Hint").click();
    h.run_steps(2);
    for _ in 0..600 {
        h.step();
        if h.state().play_view().unwrap().shown_hint().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let view = h.state().play_view().unwrap();
    assert!(view.shown_hint().is_some(), "the hint did not come");
    assert_eq!(view.evaluation(), Some(first), "the hint changed the bar");
}

/// Lets `steps` frames pass, 10 ms apart (the worker answers meanwhile).
fn idle(h: &mut H, steps: usize) {
    for _ in 0..steps {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Frames until a text containing `text` is shown (the worker answers questions about
/// the tables without the window waiting), at most about 5 s.
fn until_shown(h: &mut H, text: &str) {
    for _ in 0..500 {
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.get_by_label_contains(text);
}

/// The table files in `data`'s endgame folder (any game).
fn table_files(data: &std::path::Path) -> usize {
    walk(&data.join("endgames"))
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .map(|e| {
                let path = e.path();
                if path.is_dir() {
                    walk(&path)
                } else {
                    usize::from(path.extension().is_some_and(|x| x == "egdb"))
                }
            })
            .sum()
    })
}

/// A small Kalah (three houses, three seeds each) between two people, from the chooser
/// or from the game before (New game), and a hint asked.
fn small_kalah_hint(h: &mut H) {
    if h.state().screen() == Screen::Play {
        let ctx = h.ctx.clone();
        h.state_mut().run_command(Command::NewGame, &ctx);
        h.run();
    }
    if h.state_mut().new_game_dialog().is_none() {
        h.get_by_label("Play Kalah").click();
        h.run();
    }
    let dialog = h
        .state_mut()
        .new_game_dialog()
        .expect("the new-game dialog");
    dialog.set("houses", game_api::OptionValue::Int(3));
    dialog.set("seeds", game_api::OptionValue::Int(3));
    dialog.set_seat(1, SeatKind::Person);
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    h.get_by_label("Hint").click();
    h.run();
}

#[test]
fn dont_ask_again_is_remembered_for_the_game() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    small_kalah_hint(&mut h);
    until_shown(&mut h, "MB on disk");
    h.get_by_label("Don't ask again").click();
    h.run();
    assert!(h.query_by_label_contains("MB on disk").is_none());
    // Remembered: the settings on disk say so, and the next game does not ask.
    let settings = std::fs::read_to_string(data.path().join("settings.json")).unwrap();
    assert!(settings.contains("\"endgame_declined\""), "{settings}");
    assert!(settings.contains("\"kalah\""), "{settings}");
    small_kalah_hint(&mut h);
    idle(&mut h, 80);
    assert!(h.query_by_label_contains("MB on disk").is_none());
    assert_eq!(table_files(data.path()), 0);
    // Closed as a person closes it: an app dropped without a shutdown is a crash, and
    // the next start tells of the game it set aside in a notice (its OK took the click
    // on "Play Kalah" that the test meant for the chooser).
    h.state_mut().shutdown();
    drop(h);
    // Nor does the app started again.
    let mut h = harness(app(dir.path(), Some(data.path())));
    small_kalah_hint(&mut h);
    idle(&mut h, 80);
    assert!(h.query_by_label_contains("MB on disk").is_none());
    assert!(h.query_by_label("Prepare them").is_none());
}

#[test]
fn endgame_tables_are_offered_with_their_size_and_built_only_when_the_person_agrees() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    // The first hint: the tables are offered, with their size, and nothing is built.
    let mut h = harness(app(dir.path(), Some(data.path())));
    small_kalah_hint(&mut h);
    until_shown(&mut h, "MB on disk");
    idle(&mut h, 50);
    assert_eq!(
        table_files(data.path()),
        0,
        "built before the person agreed"
    );
    // Not now: the offer goes, the game goes on without them, nothing is built.
    h.get_by_label("Not now").click();
    h.run();
    assert!(h.query_by_label_contains("MB on disk").is_none());
    h.get_by_label("Hint").click();
    h.run();
    assert!(h.query_by_label_contains("MB on disk").is_none());
    assert!(h.query_by_label("Prepare them").is_none());
    assert_eq!(table_files(data.path()), 0);

    // The next game asks again; this time the person agrees, and the build's progress
    // is shown until the tables are there.
    small_kalah_hint(&mut h);
    until_shown(&mut h, "Prepare them");
    // The hint above it comes on its own: once it is there, the buttons stay put.
    for _ in 0..500 {
        if h.state().play_view().unwrap().shown_hint().is_some() {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run_steps(2);
    h.get_by_label("Prepare them").click();
    h.run_steps(2);
    let mut seen_progress = false;
    for _ in 0..3000 {
        h.step();
        seen_progress |= h
            .query_by_label_contains("Preparing perfect endgame play")
            .is_some();
        if seen_progress && h.query_by_label_contains("perfect endgame play").is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(seen_progress, "no progress was shown");
    assert!(
        h.query_by_label_contains("perfect endgame play").is_none(),
        "the build did not end"
    );
    // Every count up to the game's limit (15 seeds), from 0.
    assert_eq!(table_files(data.path()), 16);

    // Built once: a later game loads them without asking.
    small_kalah_hint(&mut h);
    idle(&mut h, 50);
    assert!(h.query_by_label_contains("MB on disk").is_none());
    assert!(h.query_by_label("Prepare them").is_none());
    drop(h);

    // In a position the tables hold, a hint adds what perfect play gives, once the
    // worker has looked it up (the window does not wait for it).
    let start = tavola::app::StartGame {
        game: "kalah".into(),
        options: vec!["houses=3".into(), "seeds=3".into()],
        seats: vec!["human".into(), "human".into()],
        position: Some("1,0,0/0,0,1 8-8 S".into()),
        ..Default::default()
    };
    let mut h = harness(TavolaApp::new(
        dirs(dir.path()),
        AppConfig {
            data_dir: Some(data.path().to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            start: Some(start),
            ..AppConfig::default()
        },
    ));
    h.run();
    let mut words = String::new();
    for _ in 0..20 {
        h.state_mut().play_view_mut().unwrap().hint();
        for _ in 0..300 {
            h.step();
            let hint = h
                .state()
                .play_view()
                .unwrap()
                .shown_hint()
                .map(|(_, t)| t.clone());
            if let Some(text) = hint
                && text.contains("perfect play")
            {
                words = text;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        if !words.is_empty() {
            break;
        }
    }
    assert!(words.contains("; perfect play: "), "{words:?}");
}

#[test]
fn an_autosave_that_cannot_be_written_is_told_and_the_game_goes_on() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, false);
    // A folder where the autosave goes: no write can replace it (whoever runs the test,
    // root included). The start's own autosave is waited for first: written after the
    // file is removed, it would stand where the folder must go.
    h.state_mut().wait_for_saves();
    let _ = std::fs::remove_file(data.path().join("autosave.json"));
    std::fs::create_dir_all(data.path().join("autosave.json").join("inside")).unwrap();
    h.get_by_label_contains("c: 4").click();
    h.run();
    h.state_mut().wait_for_saves();
    let message = h.state().message().map(str::to_owned).unwrap_or_default();
    assert!(
        message.starts_with("The game could not be saved") && message.contains("autosave.json"),
        "{message}"
    );
    // The game goes on; once the way is clear, the next move is saved.
    std::fs::remove_dir_all(data.path().join("autosave.json")).unwrap();
    // The report came after the last frame: draw it before closing it.
    h.run();
    h.get_by_label("OK").click();
    h.run();
    h.get_by_label_contains("a: 4").click();
    h.run();
    h.state_mut().wait_for_saves();
    let saved = tavola::record::Record::read(&data.path().join("autosave.json")).unwrap();
    assert_eq!(saved.moves.len(), 2);
}
