//! The move preview and a move's events, driven through egui_kittest: pointing at a
//! legal move shows what it would do (where it ends, what it takes), from the plugin's
//! own answer, and changes nothing; what a move made happen is told once the board has
//! shown it, and kept in the move list.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::{NodeT, Queryable};
use tavola::{app::Screen, session::SeatKind};
use test_app::{H, app, harness};

/// Kalah (six houses, four seeds) between two people.
fn kalah() -> (tempfile::TempDir, H) {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, SeatKind::Person);
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    (dir, h)
}

/// Frames until a label containing `text` shows (the worker answers meanwhile).
fn until_shown(h: &mut H, text: &str) -> String {
    for _ in 0..200 {
        h.step();
        if let Some(node) = h.query_by_label_contains(text) {
            let node = node.accesskit_node();
            return node.label().or_else(|| node.value()).unwrap_or_default();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no label with {text:?}");
}

/// The position's notation, the record's length.
fn game_state(h: &H) -> (String, usize) {
    let play = h.state().play_view().expect("a game");
    (play.notation().to_owned(), play.session().moves().len())
}

#[test]
fn pointing_at_a_pit_says_where_its_sowing_ends_and_changes_nothing() {
    let (_dir, mut h) = kalah();
    let before = game_state(&h);
    // c's four seeds end in South's store: an extra turn.
    h.get_by_label_contains("c: 4").hover();
    let line = until_shown(&mut h, "If played");
    assert!(line.contains("extra turn"), "{line}");
    assert!(line.starts_with("If played, c ends in"), "{line}");
    // Pointing at another pit tells that pit's move.
    h.get_by_label_contains("b: 4").hover();
    let line = until_shown(&mut h, "If played, b");
    assert!(line.contains("ends in f"), "{line}");
    assert!(!line.contains("extra turn"), "{line}");
    assert_eq!(game_state(&h), before, "a preview plays nothing");
}

#[test]
fn pointing_at_a_direction_previews_that_direction() {
    let dir = plugins_of(&["o_an_quan"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label_contains("Play Ô Ăn Quan").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, SeatKind::Person);
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    let before = game_state(&h);
    // A square's five seeds go either way: pointing at the square names no one move.
    h.get_by_label_contains("c: 5").hover();
    for _ in 0..20 {
        h.step();
    }
    assert!(h.query_by_label_contains("If played").is_none());
    h.get_by_label_contains("c: 5").click();
    h.run();
    h.get_by_label("clockwise (left arrow)").hover();
    let one = until_shown(&mut h, "If played");
    h.get_by_label("anticlockwise (right arrow)").hover();
    let mut other = one.clone();
    for _ in 0..200 {
        h.step();
        other = h
            .query_by_label_contains("If played")
            .and_then(|n| {
                n.accesskit_node()
                    .label()
                    .or_else(|| n.accesskit_node().value())
            })
            .unwrap_or_default();
        if other != one && !other.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_ne!(one, other, "each direction its own preview");
    assert!(
        one.contains("ends in") && other.contains("ends in"),
        "{one} / {other}"
    );
    assert_eq!(game_state(&h), before, "a preview plays nothing");
}

#[test]
fn what_a_move_made_happen_is_told_after_its_animation_and_kept_in_the_move_list() {
    let (_dir, mut h) = kalah();
    h.state_mut().settings_mut().step_seconds = 0.2;
    // c's four seeds end in South's store: an extra turn.
    h.get_by_label_contains("c: 4").click();
    h.step();
    h.step();
    assert!(h.state().play_view().unwrap().animating());
    assert!(
        h.query_by_label_contains("South c: extra turn").is_none(),
        "told before the board has shown it"
    );
    until_shown(&mut h, "South c: extra turn");
    assert!(!h.state().play_view().unwrap().animating());
    // The move list keeps it beside the move, after a later move too.
    h.state_mut().settings_mut().step_seconds = 0.0;
    h.get_by_label_contains("a: 4").click();
    let line = until_shown(&mut h, "1. South c");
    assert!(line.contains("extra turn for South"), "{line}");
}
