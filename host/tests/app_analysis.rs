//! The analysis board in the real app, driven through egui_kittest: opened on a copy of
//! an Oware game (the game untouched by what is played there), its three best lines
//! drawn as the search (a `tavola analyse --follow` child) deepens, a variation played,
//! commented and promoted, the annotated record saved and loaded back, and the position
//! editor refusing a position with the plugin's reason, then opening a good one.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::Queryable;
use tavola::{app::analysis::FilePurpose, record::Record};
use test_app::{H, app, harness, start_oware, wait_until};

fn move_id(h: &H, notation: &str) -> u32 {
    let board = h.state().analysis().unwrap();
    board
        .snapshot()
        .moves
        .iter()
        .find(|m| m.notation == notation)
        .unwrap_or_else(|| panic!("{notation} is not legal here"))
        .id
        .0
}

fn play(h: &mut H, notation: &str) {
    let id = move_id(h, notation);
    let board = h.state_mut().analysis_mut().unwrap();
    board.play(id).unwrap();
    board.settle(std::time::Duration::from_secs(60));
    h.run();
}

fn three_lines_drawn(h: &H) -> bool {
    ["1. ", "2. ", "3. "]
        .iter()
        .all(|rank| h.query_all_by_label_contains(rank).next().is_some())
}

#[test]
fn an_oware_copy_is_analysed_explored_saved_and_loaded_back() {
    let plugins = plugins_of(&["oware"]);
    let mut h = harness(app(plugins.path()));
    start_oware(&mut h);
    h.state_mut().open_analysis().unwrap();
    h.run();
    let game_moves = h.state().play_view().unwrap().session().moves().len();

    // Three lines, each with its value in seeds, said estimated or exact.
    wait_until(&mut h, "three lines drawn", three_lines_drawn);
    let found = h.state().analysis().unwrap().search.found.clone().unwrap();
    assert_eq!(found.lines.len(), 3);
    for (i, l) in found.lines.iter().enumerate() {
        let rank = format!("{}. {}", i + 1, l.mv);
        assert!(
            h.query_by_label_contains(&rank).is_some(),
            "line {rank} not drawn"
        );
    }
    // (How sure each is stands beside its words, not repeated in them.)
    assert!(
        ["estimated", "exact", "proven"]
            .iter()
            .any(|kind| h.query_all_by_label(kind).next().is_some()),
        "no value said estimated, exact or proven"
    );
    assert!(
        h.query_all_by_label_contains("(estimated)")
            .next()
            .is_none(),
        "the words repeat how sure they are"
    );

    // Any seat moves; the game at the table is not touched.
    play(&mut h, "c");
    play(&mut h, "F");
    play(&mut h, "b");
    {
        let board = h.state_mut().analysis_mut().unwrap();
        board.walk(tavola::app::analysis::Walk::Back).unwrap();
        board.settle(std::time::Duration::from_secs(60));
    }
    play(&mut h, "d"); // instead of b: a variation
    {
        let board = h.state_mut().analysis_mut().unwrap();
        assert!(board.referee.tree.in_variation());
        board.comment = "a quieter try".into();
        board.keep_comment();
    }
    h.run();
    h.get_by_label("Promote variation").click();
    h.run();
    let board = h.state().analysis().unwrap();
    let main: Vec<&str> = board
        .referee
        .tree
        .main_line()
        .iter()
        .map(|m| m.notation.as_str())
        .collect();
    assert_eq!(main, ["c", "F", "d"]);
    assert_eq!(
        h.state().play_view().unwrap().session().moves().len(),
        game_moves,
        "the analysis touched the game"
    );

    // Saved as a version 3 record with its comment and variation; loaded back. The
    // note that says so does not move the board.
    let board_top = |h: &H| {
        h.get_by_label_contains("(any side may move here)")
            .rect()
            .min
            .y
    };
    let before = board_top(&h);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotated.json");
    h.state_mut()
        .file_chosen(FilePurpose::SaveAnalysis, path.clone());
    h.run();
    assert!(
        h.query_by_label_contains("Saved with its comments")
            .is_some(),
        "no note says the record was saved"
    );
    assert_eq!(board_top(&h), before, "the note moved the board");
    let record = Record::read(&path).unwrap();
    assert_eq!(record.version, 3);
    assert_eq!(record.moves[2].notation, "d");
    assert_eq!(
        record.moves[2].notes.comment.as_deref(),
        Some("a quieter try")
    );
    assert_eq!(record.moves[2].notes.variations[0][0].notation, "b");
    h.state_mut()
        .analysis_mut()
        .unwrap()
        .walk(tavola::app::analysis::Walk::Start)
        .unwrap();
    h.state_mut()
        .file_chosen(FilePurpose::LoadAnalysis, path.clone());
    h.run();
    let board = h.state().analysis().unwrap();
    assert_eq!(board.referee.tree.main_line(), record.moves.as_slice());
    assert_eq!(board.referee.tree.cursor().1, 3, "not at the record's end");
}

#[test]
fn the_editor_shows_the_plugins_refusal_then_opens_a_good_position() {
    let plugins = plugins_of(&["oware"]);
    let mut h = harness(app(plugins.path()));
    start_oware(&mut h);
    h.state_mut().open_analysis().unwrap();
    h.run();
    h.get_by_label("Edit position…").click();
    h.run();
    {
        let editor = h
            .state_mut()
            .analysis_mut()
            .unwrap()
            .editor
            .as_mut()
            .unwrap();
        assert!(
            editor.by_counts,
            "Oware's notation lists its sites in board order"
        );
        // Three seeds more in house a: 51 seeds, which Oware refuses.
        editor.sites[0].2 += 3;
        editor.notation = editor.written();
    }
    h.get_by_label("Check and analyse").click();
    h.run();
    assert!(
        h.query_by_label_contains("The game refused this position")
            .is_some(),
        "no refusal drawn"
    );
    assert!(
        h.query_by_label_contains("seeds are neither made nor lost")
            .is_some(),
        "the plugin's reason not drawn"
    );
    {
        let editor = h
            .state_mut()
            .analysis_mut()
            .unwrap()
            .editor
            .as_mut()
            .unwrap();
        // Three fewer in house b: 48 again, North to move.
        editor.sites[1].2 -= 3;
        editor.seat = 1;
        editor.notation = editor.written();
    }
    h.get_by_label("Check and analyse").click();
    h.run();
    let board = h.state().analysis().unwrap();
    assert!(board.editor.is_none(), "the editor stayed open");
    assert_eq!(board.snapshot().notation, "7,1,4,4,4,4/4,4,4,4,4,4 0-0 N");
    assert!(matches!(
        board.snapshot().turn,
        game_api::Turn::Seat { seat: 1 }
    ));
}

/// The search's depth reached, or 0 before its first answer.
fn depth(h: &H) -> u32 {
    let board = h.state().analysis().unwrap();
    board
        .search
        .found
        .as_ref()
        .and_then(|f| f.depth)
        .unwrap_or(0)
}

/// Opens the editor, sets Oware's house a to `a` seeds (b to `b`), North to move, and
/// asks to check and analyse it.
fn edit_and_check(h: &mut H, a: u32, b: u32) {
    if h.state().analysis().unwrap().editor.is_none() {
        h.get_by_label("Edit position…").click();
        h.run();
    }
    {
        let editor = h
            .state_mut()
            .analysis_mut()
            .unwrap()
            .editor
            .as_mut()
            .unwrap();
        editor.sites[0].2 = a;
        editor.sites[1].2 = b;
        editor.seat = 1;
        editor.notation = editor.written();
    }
    h.get_by_label("Check and analyse").click();
    h.run();
}

#[test]
fn a_refused_edit_keeps_the_search_and_unsaved_work_is_asked_about_before_it_is_replaced() {
    let plugins = plugins_of(&["oware"]);
    let mut h = harness(app(plugins.path()));
    start_oware(&mut h);
    h.state_mut().open_analysis().unwrap();
    h.run();
    assert!(
        !h.state().analysis().unwrap().unsaved(),
        "a board just opened has nothing unsaved"
    );

    // A refused position leaves the search of the unchanged board running.
    wait_until(&mut h, "the search at depth 3", |h| depth(h) >= 3);
    let before = depth(&h);
    edit_and_check(&mut h, 7, 4); // 51 seeds: refused
    assert!(
        h.query_by_label_contains("The game refused this position")
            .is_some(),
        "no refusal drawn"
    );
    let after = depth(&h);
    assert!(
        after >= before,
        "the search started again after a refused edit: depth {before} before, {after} after"
    );
    h.get_by_label("Cancel").click();
    h.run();

    // A move played: the tree holds unsaved work; a good edited position asks first.
    play(&mut h, "c");
    assert!(
        h.state().analysis().unwrap().unsaved(),
        "a move played is unsaved work"
    );
    let shown = h.state().analysis().unwrap().snapshot().notation.clone();
    edit_and_check(&mut h, 7, 1); // after c: 48 seeds, North to move
    assert!(
        h.query_by_label_contains("are not saved").is_some(),
        "no question before the tree was replaced"
    );
    {
        let board = h.state().analysis().unwrap();
        assert_eq!(
            board.snapshot().notation,
            shown,
            "the board changed before an answer"
        );
        assert_eq!(
            board.referee.tree.main_line().len(),
            1,
            "the tree was replaced"
        );
    }
    h.get_by_label("Discard them").click();
    h.run();
    {
        let board = h.state().analysis().unwrap();
        assert!(
            board.editor.is_none(),
            "the editor stayed open after Discard"
        );
        assert_eq!(board.snapshot().notation, "7,1,0,5,5,5/5,4,4,4,4,4 0-0 N");
        assert!(board.referee.tree.main_line().is_empty());
        assert!(!board.unsaved());
    }

    // Close and Load… ask too; Cancel keeps the board and its work.
    play(&mut h, "A");
    h.get_by_label("Close analysis").click();
    h.run();
    assert!(
        h.query_by_label_contains("are not saved").is_some(),
        "no question before Close"
    );
    h.get_by_label("Cancel").click();
    h.run();
    let board = h.state().analysis().expect("Cancel closed the board");
    assert_eq!(
        board.referee.tree.main_line().len(),
        1,
        "Cancel lost the move"
    );
    // Another analysis (of the game at the table) is not opened over it.
    let refused = h.state_mut().open_analysis().unwrap_err().to_string();
    assert!(
        refused.contains("not saved"),
        "another analysis refused without saying why: {refused}"
    );
    let board = h.state().analysis().unwrap();
    assert_eq!(
        board.referee.tree.main_line().len(),
        1,
        "the work was replaced"
    );
    h.get_by_label("Load…").click();
    h.run();
    assert!(
        h.state().learn_entry().purpose().is_none(),
        "the Load dialog opened without a question"
    );
    h.get_by_label("Discard them").click();
    h.run();
    assert_eq!(
        h.state().learn_entry().purpose(),
        Some(FilePurpose::LoadAnalysis),
        "Discard did not go on to Load…"
    );

    // Once saved, nothing is asked and another analysis opens.
    let dir = tempfile::tempdir().unwrap();
    h.state_mut()
        .file_chosen(FilePurpose::SaveAnalysis, dir.path().join("kept.json"));
    h.run();
    assert!(
        !h.state().analysis().unwrap().unsaved(),
        "saved work still unsaved"
    );
    h.state_mut().open_analysis().unwrap();
}

#[test]
fn the_analysis_board_reads_the_endgame_tables_the_app_keeps_for_the_game() {
    // As the review does, the board's searches load the tables built for the game in
    // the data folder (`<data>/endgames/<game>`), so that their values are exact where
    // the tables reach; with none built, none are given.
    let plugins = plugins_of(&["oware"]);
    let data = tempfile::tempdir().unwrap();
    let position = "0,1,0,3,1,0/1,0,0,0,1,0 18-23 N";
    let open = |data: &std::path::Path| {
        let dirs = tavola::plugins::PluginDirs(vec![tavola::plugins::PluginDir {
            path: plugins.path().to_path_buf(),
            source: tavola::plugins::DirSource::CommandLine,
        }]);
        let config = tavola::app::AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..tavola::app::AppConfig::default()
        };
        let mut h = harness(tavola::app::TavolaApp::new(dirs, config));
        let plugin = h.state().plugins().game("oware").unwrap().clone();
        let options = game_api::Options::defaults(&plugin.manifest().options);
        h.state_mut()
            .open_analysis_position("oware", &options, Some(position))
            .unwrap();
        h.run();
        let tables = h.state().analysis().unwrap().search.tables().to_vec();
        (tables, plugin)
    };
    let (none, plugin) = open(data.path());
    assert!(
        none.is_empty(),
        "tables given before any was built: {none:?}"
    );
    let dir = tavola::worker::tables_dir(&data.path().join("endgames"), &plugin);
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--no-default-plugins", "--plugins"])
        .arg(plugins.path())
        .args(["endgame", "oware", "--build", "--seeds", "6", "--dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let (given, _) = open(data.path());
    assert_eq!(
        given,
        [
            "--endgames".to_owned(),
            dir.display().to_string(),
            "--endgames-if-they-fit".to_owned()
        ]
    );
}
