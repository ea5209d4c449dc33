//! Game ids in the app (issue 46, part 5): a file added later with an id the app already
//! plays never takes its place, and the person chooses between two files in the Plugins
//! panel — the choice kept in `settings.json`, as the command line reads it.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::files_report;

use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

fn app(dir: &std::path::Path, data: &std::path::Path) -> TavolaApp {
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    TavolaApp::new(
        dirs,
        AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    )
}

fn harness(app: TavolaApp) -> Harness<'static, TavolaApp> {
    Harness::builder()
        .with_max_steps(64)
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

fn kalah_name(h: &Harness<'static, TavolaApp>) -> String {
    h.state()
        .plugins()
        .game("kalah")
        .unwrap()
        .manifest()
        .name
        .clone()
}

fn choices(data: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(data.join("settings.json")).unwrap_or_default();
    serde_json::from_str::<serde_json::Value>(&text).unwrap_or_default()["plugin_choices"].clone()
}

#[test]
fn a_file_added_later_does_not_take_the_place_of_the_game_played() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), data.path()));
    assert_eq!(kalah_name(&h), "Kalah");
    // The only file of `kalah` is remembered as the one used.
    let kept = choices(data.path())["kalah"].as_str().unwrap().to_owned();
    assert!(kept.ends_with("libkalah.so"), "{kept}");
    // A newcomer with a higher version, sorting first by name, arrives.
    let next = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .join("libfixture_kalah_next.so");
    std::fs::copy(next, dir.path().join("libfixture_kalah_next.so")).unwrap();
    h.state_mut().watch_plugins(1e6);
    h.state_mut().finish_scan(true);
    h.run();
    assert_eq!(kalah_name(&h), "Kalah", "the newcomer took Kalah's place");
    let shadowed = h
        .state()
        .plugins()
        .files
        .iter()
        .find(|f| f.status_word() == "shadowed")
        .unwrap_or_else(|| {
            panic!(
                "the newcomer is not listed as shadowed; the files:\n{}",
                files_report(h.state())
            )
        });
    assert!(
        shadowed.reason().unwrap().contains("your choice"),
        "{:?}",
        shadowed.reason()
    );
}

#[test]
fn the_person_chooses_between_two_files_in_the_plugins_panel() {
    let dir = plugins_of(&["kalah", "fixture_kalah_next"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(dir.path(), data.path()));
    // Two files, no choice yet: the first found (by name) is used.
    assert_eq!(kalah_name(&h), "Kalah (next)");
    assert!(choices(data.path()).get("kalah").is_none());
    h.get_by_label("Plugins").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Plugins);
    // (A grid's first frame may show a label twice to the test.)
    assert!(h.query_all_by_label_contains("kept for kalah").count() >= 1);
    h.query_all_by_label("Use this one")
        .next()
        .expect("the shadowed file offers itself")
        .click();
    h.run();
    assert_eq!(kalah_name(&h), "Kalah", "the chosen file is used");
    let kept = choices(data.path())["kalah"].as_str().unwrap().to_owned();
    assert!(kept.ends_with("libkalah.so"), "{kept}");
    // And stays after a rescan.
    h.state_mut().watch_plugins(1e6);
    h.state_mut().finish_scan(true);
    h.run();
    assert_eq!(kalah_name(&h), "Kalah");
}
