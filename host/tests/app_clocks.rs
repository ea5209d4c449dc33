//! Fair clocks, driven through egui_kittest: a clock stops whenever the board is hidden
//! and starts only once it is seen (a restored game's too); low time is flagged.

mod common;

use common::plugins_of;

use egui_kittest::{Harness, kittest::Queryable};
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

fn left(h: &H) -> Vec<u64> {
    let play = h.state().play_view().unwrap();
    play.session().clock().unwrap().left_ms.clone()
}

#[test]
fn a_clock_stops_while_the_board_is_hidden_and_starts_once_it_is_seen() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path(), None));
    start_kalah(&mut h, true);
    h.run_steps(4);
    let before = left(&h);
    assert!(before[0] < 60_000, "South's clock runs: {before:?}");
    let ctx = h.ctx.clone();
    // The chooser (New game): no clock runs behind it.
    h.state_mut().run_command(Command::NewGame, &ctx);
    h.run_steps(12);
    assert_eq!(h.state().screen(), Screen::Chooser);
    assert_eq!(left(&h), before, "stopped behind the chooser");
    // The Plugins panel (F2): the same.
    h.key_press(egui::Key::F2);
    h.run_steps(12);
    assert_eq!(h.state().screen(), Screen::Plugins);
    assert_eq!(left(&h), before, "stopped behind the Plugins panel");
    // Back to the board: the clock waits for the board to be drawn, then runs.
    h.get_by_label("Back to the board").click();
    h.step();
    assert_eq!(left(&h), before, "not before the board is seen");
    h.run_steps(6);
    let running = left(&h);
    assert!(running[0] < before[0], "{running:?}");
    // A dialog over the board (Save…): stopped again.
    h.state_mut().run_command(Command::Save, &ctx);
    h.run_steps(2);
    let behind = left(&h);
    h.run_steps(10);
    assert_eq!(left(&h), behind, "stopped behind the Save dialog");
}

#[test]
fn a_restored_games_clock_starts_once_its_board_is_seen_and_low_time_is_flagged() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), Some(data.path())));
    start_kalah(&mut h, true);
    h.get_by_label("f: 4 seeds").click();
    h.run_steps(4);
    h.state_mut().shutdown();
    drop(h);
    let second = app(dir.path(), Some(data.path()));
    let saved = second
        .play_view()
        .unwrap()
        .session()
        .clock()
        .unwrap()
        .left_ms
        .clone();
    // Time passes before the window shows: it is not the players'.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut h = harness(second);
    assert_eq!(h.state().screen(), Screen::Play);
    // The harness drew a few frames: the clock ran for at most the one frame after the
    // board was first drawn (a frame is a quarter of a second here), not before.
    let charged = saved[1] - left(&h)[1];
    assert!(
        charged <= 250,
        "{charged} ms charged before the board was seen"
    );
    assert_eq!(left(&h)[0], saved[0], "South's clock does not run");
    h.run_steps(6);
    assert!(left(&h)[1] < saved[1], "then North's clock runs");
    assert!(h.query_by_label("low time!").is_none());
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .set_clock_left(1, 5_000);
    h.run_steps(2);
    h.get_by_label("low time!");
}
