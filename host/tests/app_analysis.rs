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
use tavola::{
    app::{NewGameRequest, analysis::FilePurpose},
    record::Record,
    session::SeatKind,
};
use test_app::{H, app, harness, wait_until};

fn start_oware(h: &mut H) {
    let plugin = h.state().plugins().game("oware").unwrap().clone();
    let options = game_api::Options::defaults(&plugin.manifest().options);
    h.state_mut()
        .start(NewGameRequest {
            game: "oware".into(),
            options,
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 3,
        })
        .unwrap();
    h.run();
}

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
    assert!(
        h.query_all_by_label_contains("(estimated)")
            .next()
            .is_some()
            || h.query_all_by_label_contains("(exact)").next().is_some(),
        "no value said estimated or exact"
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
