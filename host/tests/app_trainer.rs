//! The puzzle trainer in the real app (egui_kittest, Kalah's shipped puzzles): the
//! *Puzzles* tab serves a puzzle on the board with who is to move and no theme; the
//! solution played is judged right and the rating goes up, a wrong move is judged wrong
//! with the solution shown and the rating goes down; both are saved in the data folder;
//! the dashboard shows them by theme. A damaged results file is refused and kept.

mod common;
#[allow(dead_code)]
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    puzzles::{TRAINING_FILE, Training},
};
use test_app::{H, wait_until};

fn trainer_app(plugins: &std::path::Path, data: &std::path::Path) -> H {
    let dirs = PluginDirs(vec![PluginDir {
        path: plugins.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let mut app = TavolaApp::new(
        dirs,
        AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            no_restore: true,
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.settings_mut().step_seconds = 0.0;
    Harness::builder()
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

fn next_puzzle(h: &mut H, button: &str) {
    h.get_by_label(button).click();
    h.run();
    wait_until(h, "the puzzle's board", |h| {
        h.state().trainer().is_some_and(|t| t.ready())
    });
    h.run();
}

#[test]
fn a_right_and_a_wrong_answer_change_the_rating_and_are_kept() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = trainer_app(plugins.path(), data.path());
    h.run();
    h.get_by_label("Puzzles").click();
    h.run();
    next_puzzle(&mut h, "Start");

    // The prompt says who moves; the theme stays hidden until the answer.
    h.get_by_label_contains("to move: find the best move");
    assert!(h.query_by_label_contains("Theme:").is_none());
    let solution = {
        let t = h.state().trainer().unwrap();
        t.current.as_ref().unwrap().puzzle.solution.clone()
    };
    // (The side panel's move list starts where the board does, under the bar.)
    let board_top = |h: &H| h.get_by_label("Moves").rect().min.y;
    let before = board_top(&h);
    assert!(h.state_mut().trainer_mut().unwrap().play(&solution, 0.0));
    h.run();
    h.get_by_label_contains("Right!");
    h.get_by_label_contains("Theme:");
    assert_eq!(board_top(&h), before, "the verdict moved the board");
    let first = {
        let t = h.state().trainer().unwrap();
        t.current.as_ref().unwrap().answer.clone().unwrap()
    };
    assert!(first.right);
    assert!(first.change.delta() > 0, "{:?}", first.change);
    h.get_by_label_contains(&format!("({:+})", first.change.delta()));
    let saved = Training::load(&data.path().join(TRAINING_FILE)).unwrap();
    assert_eq!(saved.game("kalah").totals(), (1, 1));

    next_puzzle(&mut h, "Next puzzle");
    let (wrong, solution) = {
        let t = h.state().trainer().unwrap();
        let p = &t.current.as_ref().unwrap().puzzle;
        let wrong = p.values.iter().find(|(m, _)| *m != p.solution).unwrap();
        (wrong.0.clone(), p.solution.clone())
    };
    assert!(h.state_mut().trainer_mut().unwrap().play(&wrong, 0.0));
    h.run();
    h.get_by_label_contains(&format!("Not this one: {wrong} loses"));
    h.get_by_label_contains(&format!("against {solution}"));
    let second = {
        let t = h.state().trainer().unwrap();
        t.current.as_ref().unwrap().answer.clone().unwrap()
    };
    assert!(!second.right && second.change.delta() < 0, "{second:?}");
    let saved = Training::load(&data.path().join(TRAINING_FILE)).unwrap();
    assert_eq!(saved.game("kalah").totals(), (2, 1));

    // The dashboard, by theme.
    h.get_by_label("Dashboard").click();
    h.run();
    h.get_by_label("Solved / tried");
    h.get_by_label_contains("Puzzles solved: 1 of 2");
}

#[test]
fn a_damaged_results_file_is_refused_and_kept() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join(TRAINING_FILE);
    std::fs::write(&path, "{ not results").unwrap();
    let mut h = trainer_app(plugins.path(), data.path());
    h.run();
    h.get_by_label("Puzzles").click();
    h.run();
    h.get_by_label_contains("Your results are not saved");
    next_puzzle(&mut h, "Start");
    let solution = {
        let t = h.state().trainer().unwrap();
        t.current.as_ref().unwrap().puzzle.solution.clone()
    };
    assert!(h.state_mut().trainer_mut().unwrap().play(&solution, 0.0));
    h.run();
    h.get_by_label_contains("Right!");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not results");
}

#[test]
fn a_typed_code_answers_whatever_button_has_the_keyboard() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = trainer_app(plugins.path(), data.path());
    h.run();
    h.get_by_label("Puzzles").click();
    h.run();
    next_puzzle(&mut h, "Start");
    // A button has the keyboard (Tab, a click): here Dashboard.
    h.get_by_label("Dashboard").focus();
    h.run();
    assert!(h.ctx.memory(|m| m.focused().is_some()), "no button focused");
    let code = {
        let t = h.state().trainer().unwrap();
        let current = t.current.as_ref().unwrap();
        let table = current.table().expect("the puzzle's table");
        let solution = table
            .legal_moves()
            .iter()
            .find(|m| m.notation == current.puzzle.solution)
            .expect("the solution is legal")
            .clone();
        let codes = table.key_codes();
        codes
            .iter()
            .find(|c| c.target == tavola::app::KeyTarget::Site(solution.sites[0]))
            .unwrap_or_else(|| panic!("no code for {} among {codes:?}", solution.notation))
            .code
            .clone()
    };
    for c in code.chars() {
        let key = egui::Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a key");
        h.key_press(key);
        h.run_steps(2);
    }
    h.key_press(egui::Key::Enter);
    h.run();
    wait_until(&mut h, "the typed answer judged", |h| {
        h.state()
            .trainer()
            .and_then(|t| t.current.as_ref())
            .is_some_and(|c| c.answer.is_some())
    });
    h.run();
    h.get_by_label_contains("Right!");
    assert!(
        !h.state().trainer().unwrap().dashboard,
        "the Enter ending the code pressed Dashboard"
    );
}
