//! The real app for kittests: English, no animation delay, its workers this build's
//! `tavola`, its plugins one folder's.

use egui_kittest::Harness;
use tavola::{
    app::{AppConfig, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

/// The app driven by a kittest harness.
pub type H = Harness<'static, TavolaApp>;

/// The app with the plugins of `dir`, in English, moves shown without animation time.
#[allow(dead_code)]
pub fn app(dir: &std::path::Path) -> TavolaApp {
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let mut app = TavolaApp::new(
        dirs,
        AppConfig {
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.settings_mut().step_seconds = 0.0;
    app
}

/// A 1200×800 harness around `app`.
#[allow(dead_code)]
pub fn harness(app: TavolaApp) -> H {
    Harness::builder()
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// Steps until `done`, the worker (a move, a bot's thinking) given time; panics after a
/// while. Not every test that shares this file waits.
#[allow(dead_code)]
pub fn wait_until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    for _ in 0..4000 {
        if done(h) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("{what} did not happen");
}

/// Starts Oware with its default options between two people, seed 3.
#[allow(dead_code)]
pub fn start_oware(h: &mut H) {
    let plugin = h.state().plugins().game("oware").unwrap().clone();
    let options = game_api::Options::defaults(&plugin.manifest().options);
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "oware".into(),
            options,
            seats: vec![
                tavola::session::SeatKind::Person,
                tavola::session::SeatKind::Person,
            ],
            seed: 3,
        })
        .unwrap();
    h.run();
}

/// Starts Kalah (3 houses of 3 seeds when `small`) with these seats, seed 5.
#[allow(dead_code)]
pub fn start_kalah(h: &mut H, seats: Vec<tavola::session::SeatKind>, small: bool) {
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    let specs = &plugin.manifest().options;
    let mut values = game_api::Options::defaults(specs).values().clone();
    if small {
        values.insert("houses".into(), game_api::OptionValue::Int(3));
        values.insert("seeds".into(), game_api::OptionValue::Int(3));
    }
    let options = game_api::Options::resolve(specs, &values).unwrap();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "kalah".into(),
            options,
            seats,
            seed: 5,
        })
        .unwrap();
    h.run();
}

/// Every plugin file the app found, with its status and reason: what a test that finds
/// a game missing or a file in another state prints.
#[allow(dead_code)]
pub fn files_report(app: &TavolaApp) -> String {
    app.plugins()
        .files
        .iter()
        .map(|f| {
            format!(
                "{}: {} {}\n",
                f.path.display(),
                f.status_word(),
                f.reason().unwrap_or_default()
            )
        })
        .collect()
}
