//! The ways to learn without a game at the table, in the real app through
//! egui_kittest: from the chooser, the analysis board opened on a game's start with
//! options chosen, on a position typed (refused with the plugin's reason, then a good
//! one), on a saved record (its variations loaded); the analysis board's Save… and Load…
//! through the app's file dialog; *Analyse a saved game…* from the chooser and the Game
//! menu; *Review a saved game…* opening the review; a drill
//! answered by a click on the board, its keys starting off the move played (Enter on
//! that one says it is no answer); a finished game and another game's record on the
//! analysis board.

mod common;
#[path = "common/app.rs"]
mod test_app;

use std::{path::Path, time::Duration};

use common::plugins_of;
use egui_kittest::kittest::Queryable;
use game_api::{OptionValue, Turn};
use tavola::{
    app::{AppConfig, Command, KeyTarget, Screen, TavolaApp, analysis::Walk},
    plugins::{DirSource, PluginDir, PluginDirs},
    record::Record,
    session::SeatKind,
};
use test_app::{H, harness, start_kalah, wait_until};

/// The app with the plugins of `plugins` and its data (its games folder) in `data`.
fn app_with_data(plugins: &Path, data: &Path) -> TavolaApp {
    let dirs = PluginDirs(vec![PluginDir {
        path: plugins.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let mut app = TavolaApp::new(
        dirs,
        AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.settings_mut().step_seconds = 0.0;
    app
}

/// Steps until `done`, for work done in a child process (two minutes at most).
fn wait_long(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(120) {
        if done(h) {
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("{what} did not happen");
}

/// The app (plugins in `plugins`, data in `data`) with the analysis board opened on the
/// game's start from the chooser.
fn board_at_start(plugins: &Path, data: &Path) -> H {
    let mut h = harness(app_with_data(plugins, data));
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::AnalysisBoard, &ctx);
    h.run();
    h.get_by_label("Analyse the start position").click();
    h.run();
    h
}

/// Plays `notation` on the analysis board and waits for the worker's answer.
fn play(h: &mut H, notation: &str) {
    let board = h.state_mut().analysis_mut().unwrap();
    let id = board
        .snapshot()
        .moves
        .iter()
        .find(|m| m.notation == notation)
        .unwrap_or_else(|| panic!("{notation} is not legal here"))
        .id
        .0;
    board.play(id).unwrap();
    assert!(board.moving(), "the move was waited for on the UI thread");
    board.settle(Duration::from_secs(60));
    h.run();
}

#[test]
fn the_chooser_opens_a_start_with_options_chosen_and_a_position_typed() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app_with_data(plugins.path(), data.path()));
    h.run();
    h.get_by_label("Analysis board…").click();
    h.run();
    h.get_by_label("Analyse the start position");
    // Options chosen in the window: 4 houses of 5 seeds.
    {
        let form = h.state_mut().learn_entry_mut().form.as_mut().unwrap();
        assert_eq!(form.game, "kalah");
        form.values.insert("houses".into(), OptionValue::Int(4));
        form.values.insert("seeds".into(), OptionValue::Int(5));
    }
    h.run();
    h.get_by_label("Analyse the start position").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Analysis);
    let board = h.state().analysis().unwrap();
    assert_eq!(board.snapshot().moves.len(), 4, "not 4 houses");
    assert_eq!(
        board.record().options.get("seeds"),
        Some(&OptionValue::Int(5))
    );
    assert!(board.referee.tree.main_line().is_empty());

    // A position typed: refused with the plugin's reason, the window kept open.
    h.get_by_label("Close analysis").click();
    h.run();
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::AnalysisBoard, &ctx);
    h.run();
    h.state_mut()
        .learn_entry_mut()
        .form
        .as_mut()
        .unwrap()
        .position = "this is no position".into();
    h.run();
    h.get_by_label("Analyse this position").click();
    h.run();
    assert!(
        h.query_by_label_contains("The game refused this position")
            .is_some(),
        "no refusal drawn"
    );
    assert!(h.state().analysis().is_none());
    let form = h.state().learn_entry().form.as_ref().unwrap();
    assert!(form.refusal.as_ref().unwrap().len() > "The game refused".len());
}

#[test]
fn a_typed_oware_position_opens_and_a_bad_one_says_why() {
    let plugins = plugins_of(&["oware"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app_with_data(plugins.path(), data.path()));
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::AnalysisBoard, &ctx);
    h.run();
    // 51 seeds: Oware's reason.
    h.state_mut()
        .learn_entry_mut()
        .form
        .as_mut()
        .unwrap()
        .position = "7,4,4,4,4,4/4,4,4,4,4,4 0-0 S".into();
    h.run();
    h.get_by_label("Analyse this position").click();
    h.run();
    h.get_by_label_contains("seeds are neither made nor lost");
    h.state_mut()
        .learn_entry_mut()
        .form
        .as_mut()
        .unwrap()
        .position = "7,1,4,4,4,4/4,4,4,4,4,4 0-0 N".into();
    h.run();
    h.get_by_label("Analyse this position").click();
    h.run();
    let board = h.state().analysis().expect("the board did not open");
    assert_eq!(board.snapshot().notation, "7,1,4,4,4,4/4,4,4,4,4,4 0-0 N");
    assert!(matches!(board.snapshot().turn, Turn::Seat { seat: 1 }));
    assert!(h.state().learn_entry().form.is_none());
}

#[test]
fn saved_through_the_file_dialog_and_opened_again_from_the_chooser() {
    let plugins = plugins_of(&["oware"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = board_at_start(plugins.path(), data.path());
    play(&mut h, "c");
    play(&mut h, "F");
    {
        let board = h.state_mut().analysis_mut().unwrap();
        board.walk(Walk::Back).unwrap();
        board.settle(Duration::from_secs(60));
    }
    play(&mut h, "E"); // a variation
    {
        let board = h.state_mut().analysis_mut().unwrap();
        board.comment = "the other reply".into();
        board.keep_comment();
    }
    h.run();
    // Save… opens the app's file dialog in the games folder, its name suggested.
    h.get_by_label("Save…").click();
    h.run();
    h.get_by_label("Save the game");
    // The name suggested: the game's.
    h.get_by_label("Save").click();
    h.run();
    let path = data.path().join("games").join("oware-analysis.json");
    let saved = Record::read(&path).expect("not saved where the dialog said");
    assert_eq!(saved.moves.len(), 2);
    assert_eq!(saved.moves[1].notes.variations[0][0].notation, "E");
    h.get_by_label_contains("Saved with its comments and variations");
    // Saving again asks before replacing.
    h.get_by_label("Save…").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("oware-analysis.json already exists. Replace it?");
    h.get_by_label("Replace").click();
    h.run();
    // Load… through the same dialog: the tree back, at the record's end.
    {
        let board = h.state_mut().analysis_mut().unwrap();
        board.walk(Walk::Start).unwrap();
        board.settle(Duration::from_secs(60));
    }
    h.get_by_label("Load…").click();
    h.run();
    load_in_dialog(&mut h, "oware-analysis.json");
    let board = h.state().analysis().unwrap();
    assert_eq!(board.referee.tree.main_line(), saved.moves.as_slice());
    assert_eq!(board.referee.tree.cursor().1, 2);

    // From the chooser: *Analyse a saved game…* opens it, its variations loaded.
    h.get_by_label("Close analysis").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Chooser);
    h.get_by_label("Analyse a saved game…").click();
    h.run();
    load_in_dialog(&mut h, "oware-analysis.json");
    let board = h.state().analysis().expect("the record did not open");
    assert_eq!(board.referee.tree.main_line(), saved.moves.as_slice());
    assert_eq!(board.referee.tree.cursor(), (&[][..], 2));
    assert_eq!(
        board.referee.tree.main_line()[1].notes.comment,
        None,
        "the comment was on the variation"
    );
    assert_eq!(
        board.referee.tree.main_line()[1].notes.variations[0][0]
            .notes
            .comment
            .as_deref(),
        Some("the other reply")
    );

    // The Game menu's *Analyse a saved game…* (the same command) opens it too.
    {
        let board = h.state_mut().analysis_mut().unwrap();
        board.walk(Walk::Start).unwrap();
        board.settle(Duration::from_secs(60));
    }
    h.run();
    assert_eq!(h.state().analysis().unwrap().referee.tree.cursor().1, 0);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Analyse a saved game…").click();
    h.run();
    load_in_dialog(&mut h, "oware-analysis.json");
    let board = h.state().analysis().expect("the record did not open");
    assert_eq!(board.referee.tree.main_line(), saved.moves.as_slice());
    assert_eq!(board.referee.tree.cursor(), (&[][..], 2));
}

#[test]
fn the_unsaved_question_saves_then_goes_on_and_a_cancelled_save_cancels_it_all() {
    let plugins = plugins_of(&["oware"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = board_at_start(plugins.path(), data.path());
    let path = data.path().join("games").join("oware-analysis.json");

    // Load… over unsaved work: Save them… saves, then the Load dialog opens.
    play(&mut h, "c");
    h.get_by_label("Load…").click();
    h.run();
    h.get_by_label_contains("are not saved");
    h.get_by_label("Save them…").click();
    h.run();
    h.get_by_label("Save the game");
    h.get_by_label("Save").click();
    h.run();
    assert_eq!(Record::read(&path).expect("not saved").moves.len(), 1);
    assert!(!h.state().analysis().unwrap().unsaved());
    assert_eq!(
        h.state().learn_entry().purpose(),
        Some(tavola::app::analysis::FilePurpose::LoadAnalysis),
        "the save did not go on to Load…"
    );
    h.get_by_label("Cancel").click();
    h.run();

    // Close over unsaved work: Save them…, the save dialog cancelled: nothing closes.
    play(&mut h, "F");
    h.get_by_label("Close analysis").click();
    h.run();
    h.get_by_label("Save them…").click();
    h.run();
    h.get_by_label("Save the game");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Analysis,
        "a cancelled save closed"
    );
    {
        let board = h
            .state()
            .analysis()
            .expect("a cancelled save closed the board");
        assert!(board.unsaved(), "the work was lost");
        assert!(
            board.after_save.is_none(),
            "the close still waits for a save"
        );
    }
    assert_eq!(Record::read(&path).unwrap().moves.len(), 1, "saved anyway");
    // A later save (through Save… itself) does not close the board either.
    h.get_by_label("Save…").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(h.state().analysis().is_some(), "Save… closed the board");
    assert_eq!(Record::read(&path).unwrap().moves.len(), 2);

    // Close, Save them…, the file replaced: saved, then closed.
    play(&mut h, "d");
    h.get_by_label("Close analysis").click();
    h.run();
    h.get_by_label("Save them…").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label_contains("already exists. Replace it?");
    h.get_by_label("Replace").click();
    h.run();
    assert_eq!(Record::read(&path).unwrap().moves.len(), 3, "not saved");
    assert!(h.state().analysis().is_none(), "saved but not closed");
    assert_eq!(h.state().screen(), Screen::Chooser);
}

/// A finished small Kalah game, random against greedy, saved in `data`'s games folder.
/// (The game is played with data of its own: its autosave is no game of `data`'s.)
fn finished_kalah(plugins: &Path, data: &Path) -> std::path::PathBuf {
    let own = tempfile::tempdir().unwrap();
    let mut h = harness(app_with_data(plugins, own.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("greedy".into()),
    ];
    start_kalah(&mut h, bots, true);
    wait_until(&mut h, "the end of the game", |h| {
        matches!(h.state().play_view().unwrap().turn(), Turn::Over { .. })
    });
    let record = h.state().play_view().unwrap().session().record();
    let games = data.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let path = games.join("finished.json");
    record.write(&path).unwrap();
    path
}

/// Picks `file` in the app's open dialog and loads it.
fn load_in_dialog(h: &mut H, file: &str) {
    h.get_by_label(file).click();
    h.run();
    h.get_by_label("Load").click();
    h.run();
}

/// The app with `data`, the saved game `finished.json` of its games folder opened through
/// *Review a saved game…*'s file dialog, its review finished.
fn reviewed_from_file(plugins: &Path, data: &Path) -> H {
    let mut h = harness(app_with_data(plugins, data));
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::ReviewFile, &ctx);
    h.run();
    load_in_dialog(&mut h, "finished.json");
    wait_long(&mut h, "the review", |h| {
        h.query_by_label_contains("plies deep").is_some()
    });
    h
}

/// A finished Kalah game saved and reviewed (its plugins' and data folders kept alive
/// with the app).
fn kalah_reviewed() -> (tempfile::TempDir, tempfile::TempDir, H) {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    finished_kalah(plugins.path(), data.path());
    let h = reviewed_from_file(plugins.path(), data.path());
    (plugins, data, h)
}

#[test]
fn a_drill_is_answered_by_the_boards_typed_key_code() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let path = finished_kalah(plugins.path(), data.path());
    let played = Record::read(&path).unwrap().moves.len();
    let mut h = reviewed_from_file(plugins.path(), data.path());
    let review = h.state().review_panel().unwrap().review().unwrap();
    assert!(
        !review.drills(0).is_empty(),
        "the random bot made no mistake to drill"
    );
    let first = review.drills(0)[0].clone();
    let review_drills = review.drills(0).len();
    h.get_by_label_contains("Learn from South").click();
    h.run_steps(3);
    wait_until(&mut h, "the drill's position", |h| {
        h.state().play_view().unwrap().session().cursor() + 1 == first.number
    });
    // The status line tells the drill's keys, not the history's.
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Drill: answer with a site's code")
            .is_some(),
        "the status line does not tell the drill's keys"
    );
    assert!(
        h.query_by_label_contains("the arrow keys step").is_none(),
        "the status line still says the arrow keys step while the drill waits"
    );
    // The board's code of a site whose move is not the mistake, typed.
    let play = h.state().play_view().unwrap();
    let answer = play
        .legal_moves()
        .iter()
        .find(|m| m.notation != first.notation && m.sites.len() == 1)
        .expect("another move to try")
        .clone();
    let codes = play.key_codes();
    let code = codes
        .iter()
        .find(|c| c.target == KeyTarget::Site(answer.sites[0]))
        .unwrap_or_else(|| panic!("no key code for {} among {codes:?}", answer.notation))
        .code
        .clone();
    assert!(
        play.marks().keys.iter().any(|(s, _)| *s == answer.sites[0]),
        "the drill's board shows no key badge on {}",
        answer.notation
    );
    for c in code.chars() {
        let key = egui::Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a key");
        h.key_press(key);
        h.run_steps(2);
    }
    // Enter ends a code a longer one goes on from (and does nothing after a whole one).
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(
        h.state().review_panel().unwrap().drill_answer(),
        Some(answer.notation.clone()),
        "typing {code} did not answer the drill"
    );
    wait_long(&mut h, "the verdict", |h| {
        h.query_by_label_contains("Right:").is_some()
            || h.query_by_label_contains("Not quite:").is_some()
    });
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Drill answered: F5 (Next) goes on")
            .is_some(),
        "the status line does not say how to go on after the verdict"
    );
    // The key played nothing on the board: the record is as saved.
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        played
    );
    assert_eq!(
        h.state().play_view().unwrap().session().cursor() + 1,
        first.number
    );
    // As the status line says, the arrow keys step through the game once answered.
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(3);
    wait_until(&mut h, "the step after the verdict", |h| {
        h.state().play_view().unwrap().session().cursor() == first.number
    });
    // F5 (Next) goes on: the next drill, asked again; F6 goes back to the review.
    if review_drills > 1 {
        h.key_press(egui::Key::F5);
        h.run_steps(3);
        assert_eq!(
            h.state().review_panel().unwrap().drill_answer(),
            None,
            "F5 did not go to the next drill"
        );
        assert!(
            h.query_by_label_contains("Drill: answer with a site's code")
                .is_some(),
            "the next drill's status does not tell its keys"
        );
    }
    h.key_press(egui::Key::F6);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Drill: answer").is_none()
            && h.query_by_label_contains("Drill answered").is_none(),
        "F6 did not end the drill"
    );
}

#[test]
fn a_drills_keys_start_off_the_move_played_and_enter_on_it_says_so() {
    let (_plugins, _data, mut h) = kalah_reviewed();
    let review = h.state().review_panel().unwrap().review().unwrap();
    let first = review.drills(0)[0].clone();
    h.get_by_label_contains("Learn from South").click();
    h.run_steps(3);
    wait_until(&mut h, "the drill's position", |h| {
        h.state().play_view().unwrap().session().cursor() + 1 == first.number
    });
    h.run_steps(2);
    let play = h.state().play_view().unwrap();
    let played = play
        .legal_moves()
        .iter()
        .find(|m| m.notation == first.notation)
        .expect("the move played is legal at its position")
        .sites[0];
    // The keys start on a move that can answer, never on the one played.
    let focus = play.key_focus();
    assert!(
        focus.is_some_and(|f| f != played),
        "the drill's focus starts at {focus:?} (the move played is at {played:?})"
    );
    // Walked onto the move played, Enter says it is no answer and the drill still waits.
    for key in [egui::Key::ArrowRight, egui::Key::ArrowLeft] {
        for _ in 0..8 {
            if h.state().play_view().unwrap().key_focus() == Some(played) {
                break;
            }
            h.key_press(key);
            h.run_steps(2);
        }
    }
    assert_eq!(h.state().play_view().unwrap().key_focus(), Some(played));
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let said = format!(
        "{} is the move played in the game: find a better one.",
        first.notation
    );
    assert!(
        h.query_by_label_contains(&said).is_some(),
        "Enter on the move played said nothing"
    );
    assert_eq!(h.state().review_panel().unwrap().drill_answer(), None);
    // Another move then answers, and the word goes.
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    if h.state().play_view().unwrap().key_focus() == Some(played) {
        h.key_press(egui::Key::ArrowLeft);
        h.run_steps(2);
    }
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(h.state().review_panel().unwrap().drill_answer().is_some());
    assert!(h.query_by_label_contains(&said).is_none());
}

#[test]
fn a_saved_game_is_reviewed_and_a_drill_answered_by_a_click_on_the_board() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let path = finished_kalah(plugins.path(), data.path());
    let played = Record::read(&path).unwrap().moves.len();
    let mut h = reviewed_from_file(plugins.path(), data.path());
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        played
    );
    h.get_by_label("Game review");
    // The random seat's mistakes, drilled; the drill's position on the board.
    let review = h.state().review_panel().unwrap().review().unwrap();
    let mistakes = review.drills(0).len();
    assert!(mistakes > 0, "the random bot made no mistake to drill");
    let first = review.drills(0)[0].clone();
    h.get_by_label_contains("Learn from South").click();
    h.run_steps(3);
    wait_until(&mut h, "the drill's position", |h| {
        h.state().play_view().unwrap().session().cursor() + 1 == first.number
    });
    // A click on a site answers: a legal move other than the mistake, by its site.
    let play = h.state().play_view().unwrap();
    let answer = play
        .legal_moves()
        .iter()
        .find(|m| m.notation != first.notation && m.sites.len() == 1)
        .expect("another move to try")
        .clone();
    let label = format!("{}: ", answer.notation);
    h.query_all_by(|n| n.label().is_some_and(|l| l.starts_with(&label)))
        .next()
        .unwrap_or_else(|| panic!("no site labelled {label}"))
        .click();
    h.run_steps(2);
    assert_eq!(
        h.state().review_panel().unwrap().drill_answer(),
        Some(answer.notation.clone()),
        "the click did not answer the drill"
    );
    wait_long(&mut h, "the verdict", |h| {
        h.query_by_label_contains("Right:").is_some()
            || h.query_by_label_contains("Not quite:").is_some()
    });
    // The record is never branched by the answer.
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        played
    );
}

#[test]
fn a_finished_game_then_another_games_record_on_the_analysis_board() {
    let plugins = plugins_of(&["kalah", "oware"]);
    let data = tempfile::tempdir().unwrap();
    let path = finished_kalah(plugins.path(), data.path());
    let played = Record::read(&path).unwrap().moves.len();
    // An Oware record beside it.
    let oware = data.path().join("games").join("oware-game.json");
    {
        let own = tempfile::tempdir().unwrap();
        let mut h = harness(app_with_data(plugins.path(), own.path()));
        let options = game_api::Options::defaults(
            &h.state()
                .plugins()
                .game("oware")
                .unwrap()
                .manifest()
                .options,
        );
        h.state_mut()
            .open_analysis_position("oware", &options, None)
            .unwrap();
        play(&mut h, "c");
        let record = h.state().analysis().unwrap().record();
        record.write(&oware).unwrap();
    }
    let mut h = harness(app_with_data(plugins.path(), data.path()));
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Load, &ctx);
    h.run();
    load_in_dialog(&mut h, "finished.json");
    wait_until(&mut h, "the finished game", |h| {
        h.state()
            .play_view()
            .is_some_and(|p| matches!(p.turn(), Turn::Over { .. }))
    });
    h.state_mut().run_command(Command::Analyse, &ctx);
    h.run();
    let board = h
        .state()
        .analysis()
        .expect("no analysis of the finished game");
    assert_eq!(board.plugin().id(), "kalah");
    assert_eq!(board.referee.tree.main_line().len(), played);
    assert!(matches!(board.snapshot().turn, Turn::Over { .. }));
    assert!(board.record().result.is_some(), "the result was lost");
    // Load… an Oware record there: Oware's board opens on it.
    h.get_by_label("Load…").click();
    h.run();
    load_in_dialog(&mut h, "oware-game.json");
    let board = h.state().analysis().unwrap();
    assert_eq!(board.plugin().id(), "oware");
    assert_eq!(board.referee.tree.main_line().len(), 1);
    // The game at the table is untouched.
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        played
    );
}

#[test]
fn another_record_of_the_same_match_loaded_closes_the_review() {
    // Two games of one `tavola match` share their game and their creation second: the
    // review of the first must not stay over the second.
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let series = data.path().join("series");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--no-default-plugins", "--plugins"])
        .arg(plugins.path())
        .args([
            "match", "kalah", "random", "greedy", "--games", "2", "--seed", "5",
        ])
        .arg("--record")
        .arg(&series)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let (first, second) = (series.join("game-0000.json"), series.join("game-0001.json"));
    let mut h = harness(app_with_data(plugins.path(), data.path()));
    h.state_mut().load_from(&first).unwrap();
    h.run();
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Review, &ctx);
    h.run();
    wait_long(&mut h, "the review", |h| {
        h.query_by_label_contains("plies deep").is_some()
    });
    h.state_mut().load_from(&second).unwrap();
    h.run_steps(3);
    wait_until(&mut h, "the second game", |h| {
        h.state().play_view().unwrap().session().moves().len()
            == Record::read(&second).unwrap().moves.len()
    });
    assert!(
        h.state().review_panel().is_none(),
        "the first game's review stays over the second"
    );
}

#[test]
fn the_drills_keys_do_nothing_while_another_tab_shows() {
    let (_plugins, _data, mut h) = kalah_reviewed();
    h.get_by_label_contains("Learn from South").click();
    h.run_steps(3);
    let before = h.state().review_panel().unwrap().drill_number();
    assert!(before.is_some());
    h.get_by_label("Puzzles").click();
    h.run_steps(3);
    for key in [egui::Key::F5, egui::Key::F6] {
        h.key_press(key);
        h.run_steps(3);
        assert_eq!(
            h.state().review_panel().unwrap().drill_number(),
            before,
            "{key:?} on another tab moved the hidden drill"
        );
    }
}

#[test]
fn after_next_each_drills_keys_start_off_its_move_played() {
    // Skipping with F5 (no answer) keeps the keys answering; each new drill position still
    // gets its own start, off its own move played.
    let (_plugins, _data, mut h) = kalah_reviewed();
    let drills: Vec<(usize, String)> = h
        .state()
        .review_panel()
        .unwrap()
        .review()
        .unwrap()
        .drills(0)
        .iter()
        .map(|d| (d.number, d.notation.clone()))
        .collect();
    assert!(drills.len() >= 2, "{} drills", drills.len());
    h.get_by_label_contains("Learn from South").click();
    h.run_steps(3);
    for (i, (number, notation)) in drills.iter().enumerate() {
        if i > 0 {
            h.key_press(egui::Key::F5);
            h.run_steps(1);
        }
        wait_until(&mut h, "the drill's position", |h| {
            let play = h.state().play_view().unwrap();
            play.session().cursor() + 1 == *number
                && play.legal_moves().iter().any(|m| &m.notation == notation)
        });
        h.run_steps(2);
        let play = h.state().play_view().unwrap();
        let played = play
            .legal_moves()
            .iter()
            .find(|m| &m.notation == notation)
            .unwrap()
            .sites[0];
        let focus = play.key_focus();
        assert!(
            focus.is_some_and(|f| f != played),
            "drill {i} (move {number}, {notation} played at {played:?}): focus {focus:?}"
        );
    }
}
