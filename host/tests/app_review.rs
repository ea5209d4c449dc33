//! The review screen in the real app, driven through egui_kittest: a short finished
//! game reviewed from the summary's Review button — the window shows the evaluation
//! graph, each move's class and the exact marks; a click on a move jumps the board, and
//! the window's list scrolls to the move the cursor goes to.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use tavola::{
    app::{AppConfig, NewGameRequest, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};
use test_app::{H, app, harness, start_kalah, wait_until};

use egui_kittest::kittest::{NodeT, Queryable};
use game_api::Turn;
use tavola::session::SeatKind;

/// Steps until `done`, for a review run in a child process (a minute at most).
fn wait_long(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(120) {
        if done(h) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("{what} did not happen");
}

#[test]
fn a_finished_game_is_reviewed_with_its_graph_classes_and_exact_marks() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("greedy".into()),
    ];
    start_kalah(&mut h, bots, true);
    wait_until(&mut h, "the end of the game", |h| {
        matches!(h.state().play_view().unwrap().turn(), Turn::Over { .. })
    });
    h.run_steps(2);
    let played = h.state().play_view().unwrap().session().moves().len();
    h.get_by_label("Review").click();
    h.run_steps(2);
    h.get_by_label("Game review");
    wait_long(&mut h, "the review", |h| {
        h.query_by_label_contains("plies deep").is_some()
    });
    h.run_steps(2);
    // The graph and every move classed: the small game is solved, so all are exact.
    h.get_by_label_contains("Evaluation");
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    // A label's text is its accesskit label or value.
    let texts: Vec<String> = h
        .query_all_by(|_| true)
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label()
                .map(|l| l.to_string())
                .or_else(|| n.value().map(|v| v.to_string()))
        })
        .collect();
    let classed = texts
        .iter()
        .filter(|t| classes.contains(&t.as_ref()))
        .count();
    let exact = texts.iter().filter(|t| *t == "exact").count();
    // (accesskit may give a label's text twice: at least one a move.)
    assert!(classed >= played, "{classed} classes for {played} moves");
    assert!(exact >= played, "{exact} exact marks for {played} moves");
    // Every move's row fits beside the side panel, its last column ("best …") too, at
    // the default size and in a small window (900×650).
    for size in [egui::vec2(1200.0, 800.0), egui::vec2(900.0, 650.0)] {
        h.set_size(size);
        h.run_steps(3);
        rows_fit(&h, size);
    }
    h.set_size(egui::vec2(1200.0, 800.0));
    h.run_steps(3);
    // A click on the first move shows the position after it.
    h.query_all_by(|n| n.label().is_some_and(|l| l.starts_with("1. ")))
        .last()
        .unwrap()
        .click();
    h.run_steps(3);
    wait_until(&mut h, "the jump", |h| {
        h.state().play_view().unwrap().session().cursor() == 1
    });
    // The finished game is read-only at a past move: its side panel offers no Undo,
    // Redo or Resume (the reviewer's Hint, Replay and Flip stay).
    h.run_steps(2);
    for hidden in ["Undo", "Redo", "Resume"] {
        assert!(
            h.query_all_by_label(hidden).next().is_none(),
            "the reviewed finished game offers {hidden}"
        );
    }
    for kept in ["Replay", "Flip board"] {
        assert!(
            h.query_all_by_label_contains(kept).next().is_some(),
            "the reviewed finished game lost {kept}"
        );
    }
    // The window's list follows the cursor: on a short screen the last move's row is
    // below the window's fold while move 1 is current; End brings it into view.
    h.set_size(egui::vec2(1200.0, 420.0));
    h.run_steps(3);
    let last_row = |h: &H| {
        h.query_all_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with(&format!("{played}. ")))
        })
        .last()
        .expect("the last move's row in the review")
        .rect()
    };
    assert!(
        last_row(&h).min.y > 420.0,
        "the last row is in view before End: {:?}",
        last_row(&h)
    );
    h.key_press(egui::Key::End);
    h.run_steps(3);
    wait_until(&mut h, "End", |h| {
        h.state().play_view().unwrap().session().cursor() == played
    });
    h.run_steps(3);
    let row = last_row(&h);
    assert!(
        row.min.y >= 0.0 && row.max.y <= 420.0,
        "the last move's row is not scrolled into view: {row:?}"
    );
    // The record is untouched.
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        played
    );
    // Another tab and back: the review is still there, finished, at the same move (not
    // computed again).
    h.set_size(egui::vec2(1200.0, 800.0));
    h.get_by_label("Puzzles").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("Game review").is_none(),
        "the review over the puzzles"
    );
    h.get_by_label("Board").click();
    h.run_steps(3);
    h.get_by_label("Game review");
    assert!(
        h.query_by_label_contains("plies deep").is_some(),
        "the review was not kept while another tab was shown"
    );
    assert_eq!(h.state().play_view().unwrap().session().cursor(), played);
}

/// The review's moves' last column ("best …") ends left of the side panel's move list
/// (its heading "Moves"), in the window of `size`.
fn rows_fit(h: &H, size: egui::Vec2) {
    let side = h
        .query_all_by_label("Moves")
        .map(|n| n.rect().min.x)
        .fold(f32::INFINITY, f32::min);
    assert!(
        side.is_finite(),
        "no side panel's Moves heading at {size:?}"
    );
    // A label's text is its accesskit label or value.
    let text = |n: &egui_kittest::kittest::AccessKitNode| {
        n.label()
            .map(|l| l.to_string())
            .or_else(|| n.value().map(|v| v.to_string()))
            .unwrap_or_default()
    };
    let bests: Vec<_> = h
        .query_all_by(|n| text(n).starts_with("best "))
        .map(|n| (text(&n.accesskit_node()), n.rect()))
        .collect();
    assert!(!bests.is_empty(), "no \"best …\" column at {size:?}");
    for (label, rect) in &bests {
        assert!(
            rect.max.x <= side,
            "at {size:?}, \"{label}\" ends at x={} past the side panel at x={side}",
            rect.max.x
        );
    }
}

#[test]
fn a_data_file_variant_apart_from_its_loader_is_reviewed() {
    // As the README runs it: the loader in one folder, the catalogue's files in another.
    let loader = plugins_of(&["mancala_data"]);
    let files = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../plugins/mancala-data/catalogue/whyo.mancala.toml"
        ),
        files.path().join("whyo.mancala.toml"),
    )
    .unwrap();
    let dirs = PluginDirs(
        [loader.path(), files.path()]
            .into_iter()
            .map(|path| PluginDir {
                path: path.to_path_buf(),
                source: DirSource::CommandLine,
            })
            .collect(),
    );
    let mut whole = TavolaApp::new(
        dirs,
        AppConfig {
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    whole.settings_mut().step_seconds = 0.0;
    let mut h = harness(whole);
    let plugin = h.state().plugins().game("whyo").unwrap().clone();
    h.state_mut()
        .start(NewGameRequest {
            game: "whyo".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 1,
        })
        .unwrap();
    h.run();
    let play = h.state_mut().play_view_mut().unwrap();
    let first = play.legal_moves()[0].id;
    play.play(first, 0.0, 0.0);
    h.run_steps(3);
    let ctx = h.ctx.clone();
    h.state_mut()
        .run_command(tavola::app::Command::Review, &ctx);
    h.run_steps(2);
    wait_long(&mut h, "the review", |h| {
        h.query_by_label_contains("plies deep").is_some()
            || h.query_by_label_contains("could not be made").is_some()
    });
    assert!(
        h.query_by_label_contains("could not be made").is_none(),
        "the review failed"
    );
}
