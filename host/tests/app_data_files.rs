//! A mancala variant as a data file in the real app, driven through egui_kittest: a
//! `.mancala.toml` file dropped into the plugins folder of the running app is found,
//! offered among the games (its loader is not) and played against a bot in a sandboxed
//! worker; a bad file is listed with its refusal.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::{app, harness, wait_until};

use egui_kittest::kittest::Queryable;
use game_api::Turn;
use tavola::{app::NewGameRequest, plugins::Plugin, session::SeatKind};

const TEMPLATE: &str = include_str!("../../plugins/mancala-data/template.mancala.toml");

#[test]
fn a_data_file_dropped_into_the_running_app_is_played_against_a_bot() {
    let dir = plugins_of(&["mancala_data"]);
    let mut h = harness(app(dir.path()));
    h.run();
    assert_eq!(
        h.state().plugins().games().count(),
        0,
        "the loader is not a game"
    );
    // Dropped while the app runs: the folder's watch finds it.
    let file = TEMPLATE
        .replacen("id = \"my-mancala\"", "id = \"dropped\"", 1)
        .replacen("name = \"My Mancala\"", "name = \"Dropped Mancala\"", 1);
    std::fs::write(dir.path().join("dropped.mancala.toml"), file).unwrap();
    let bad = TEMPLATE.replacen("seeds = 4 ", "seeds = 1e9 ", 1);
    std::fs::write(dir.path().join("bad.mancala.toml"), bad).unwrap();
    h.state_mut().watch_plugins(1.0e9);
    h.state_mut().finish_scan(true);
    h.run();
    let ids: Vec<String> = h
        .state()
        .plugins()
        .games()
        .map(|p| p.id().to_owned())
        .collect();
    assert_eq!(ids, ["dropped"]);
    let refused = h
        .state()
        .plugins()
        .files
        .iter()
        .find(|f| f.path.ends_with("bad.mancala.toml"))
        .and_then(|f| f.reason())
        .unwrap();
    assert!(refused.starts_with("line 21, `seeds`:"), "{refused}");
    let plugin: Plugin = h.state().plugins().game("dropped").unwrap().clone();
    assert!(plugin.is_data_game());
    let request = NewGameRequest {
        game: "dropped".into(),
        options: game_api::Options::defaults(&plugin.manifest().options),
        seats: vec![SeatKind::Person, SeatKind::Bot("casual".into())],
        seed: 3,
    };
    h.state_mut().start(request).unwrap();
    h.run();
    assert_eq!(
        h.state().play_view().unwrap().notation(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
    );
    // South sows `a` (no extra turn); the bot answers in the worker.
    let play = h.state_mut().play_view_mut().unwrap();
    let a = play.legal_moves()[0].id;
    play.play(a, 0.0, 0.0);
    wait_until(&mut h, "the bot's answer", |h| {
        let p = h.state().play_view().unwrap();
        p.session().cursor() >= 2 && !p.thinking() && matches!(p.turn(), Turn::Seat { seat: 0 })
    });
}

#[test]
fn the_plugins_panel_scrolls_to_a_refused_file_below_the_fold_and_searches() {
    let dir = plugins_of(&["mancala_data"]);
    // Forty refused files: far more rows than an 800-point window holds.
    let bad = TEMPLATE.replacen("seeds = 4 ", "seeds = 1e9 ", 1);
    for i in 0..40 {
        std::fs::write(dir.path().join(format!("bad-{i:02}.mancala.toml")), &bad).unwrap();
    }
    let mut h = harness(app(dir.path()));
    h.run();
    let ctx = h.ctx.clone();
    h.state_mut()
        .run_command(tavola::app::Command::Plugins, &ctx);
    h.run();
    let last = dir.path().join("bad-39.mancala.toml").display().to_string();
    let below = h.get_by_label(&last).rect();
    assert!(
        below.min.y > 800.0,
        "the last row starts below the window: {below:?}"
    );
    h.get_by_label(&last).scroll_to_me();
    h.run();
    let shown = h.get_by_label(&last).rect();
    assert!(
        shown.min.y >= 0.0 && shown.max.y <= 800.0,
        "scrolled into the window: {shown:?}"
    );
    // The search box keeps only the matching rows.
    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("bad-07");
    h.run();
    assert!(h.query_by_label(&last).is_none(), "bad-39 is filtered out");
    let kept = dir.path().join("bad-07.mancala.toml").display().to_string();
    assert!(h.get_by_label(&kept).rect().min.y < 800.0);
}
