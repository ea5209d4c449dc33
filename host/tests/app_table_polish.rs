//! Small defects of the table a player meets (issue 52's last round), each in the real
//! app driven through egui_kittest: Enter presses the new-game dialog's Start; the rules
//! panel belongs to the board; a review opened on a game in progress holds it, so that
//! it lists every move the board shows; the review's arrow keys work as soon as it opens.
//! An option that matters only while another has a value (Oware's unfilled houses, only
//! in rounds) is left out of the side panel's summary, and disabled in the new-game
//! dialog while it does not matter — its value kept.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::{NodeT, Queryable};
use game_api::Turn;
use tavola::{app::Screen, session::SeatKind};
use test_app::{app, harness, start_kalah, wait_until};

#[test]
fn enter_presses_start_in_the_new_game_dialog() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    assert!(h.state_mut().new_game_dialog().is_some());
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, SeatKind::Person);
    h.key_press(egui::Key::Enter);
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert!(
        h.state_mut().new_game_dialog().is_none(),
        "the dialog stayed"
    );
    assert_eq!(
        h.state().screen(),
        Screen::Play,
        "{:?}",
        h.state().message()
    );
}

#[test]
fn the_enter_that_opens_the_dialog_from_the_search_does_not_start_the_game() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Search:").focus();
    h.run();
    h.get_by_label("Search:").type_text("kalah");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.state_mut().new_game_dialog().is_some(),
        "Enter in the search did not open the dialog, or also pressed its Start"
    );
    assert_eq!(h.state().screen(), Screen::Chooser);
}

#[test]
fn the_rules_panel_shows_only_at_the_board() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], true);
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label("Hide the rules");
    // The chooser: no game's rules over it, and no Rules tab.
    h.get_by_label("Games").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Chooser);
    assert!(
        h.query_by_label("Hide the rules").is_none(),
        "rules on the chooser"
    );
    assert!(
        h.query_by_label("Rules").is_none(),
        "a Rules tab on the chooser"
    );
    h.key_press(egui::Key::F1);
    h.run();
    assert!(
        h.query_by_label("Hide the rules").is_none(),
        "F1 off the board"
    );
    // Back at the board, the panel is as it was left.
    h.get_by_label("Board").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    h.get_by_label("Hide the rules");
}

#[test]
fn a_review_opened_on_a_game_in_progress_holds_it() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
    ];
    start_kalah(&mut h, bots, false);
    wait_until(&mut h, "three moves", |h| {
        h.state().play_view().unwrap().session().moves().len() >= 3
    });
    h.key_press(egui::Key::F4);
    h.run_steps(2);
    h.get_by_label("Game review");
    let held = h.state().play_view().unwrap().session().moves().len();
    assert!(h.state().play_view().unwrap().held(), "the game went on");
    // The bots would play on within this time (no animation): the game waits.
    let until = std::time::Instant::now() + std::time::Duration::from_millis(1500);
    while std::time::Instant::now() < until {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let view = h.state().play_view().unwrap();
    assert!(
        !matches!(view.turn(), Turn::Over { .. }),
        "the game ended meanwhile"
    );
    assert_eq!(view.session().moves().len(), held, "the bots played on");
}

/// A person to move: the board's keys take the arrows to move the site focus, but while
/// the review is open they walk its moves, as the review says — at once, without a click
/// in its window first.
#[test]
fn the_reviews_arrow_keys_walk_the_moves_at_once() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], true);
    // South's c ends in North's row: North, a person, is to move.
    h.get_by_label("c: 3 seeds").click();
    h.run();
    wait_until(&mut h, "South's move", |h| {
        h.state().play_view().unwrap().session().cursor() == 1
    });
    let at = 1;
    h.key_press(egui::Key::F4);
    h.run_steps(2);
    h.get_by_label("Game review");
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(3);
    wait_until(&mut h, "the step back", |h| {
        h.state().play_view().unwrap().session().cursor() + 1 == at
    });
}

#[test]
fn an_option_that_does_not_matter_is_left_out_of_the_side_panels_summary() {
    let plugins = plugins_of(&["oware"]);
    let plugin_options = |rounds: bool| {
        let mut h = harness(app(plugins.path()));
        let plugin = h.state().plugins().game("oware").unwrap().clone();
        let specs = &plugin.manifest().options;
        let mut values = game_api::Options::defaults(specs).values().clone();
        values.insert("rounds".into(), game_api::OptionValue::Bool(rounds));
        let options = game_api::Options::resolve(specs, &values).unwrap();
        h.state_mut()
            .start(tavola::app::NewGameRequest {
                game: "oware".into(),
                options,
                seats: vec![SeatKind::Person, SeatKind::Person],
                seed: 1,
            })
            .unwrap();
        h.run();
        h
    };
    // Not in rounds: what becomes of unfilled houses does not matter, and is not said.
    let h = plugin_options(false);
    h.get_by_label("Play in rounds: no");
    assert!(
        h.query_by_label_contains("Unfilled houses").is_none(),
        "an option that does nothing is listed"
    );
    // In rounds it matters, and is said.
    let h = plugin_options(true);
    h.get_by_label("Play in rounds: yes");
    h.get_by_label("Unfilled houses: Closed (out of play)");
}

/// The "Unfilled houses" menu of Oware's new-game dialog.
fn unfilled_houses_menu(h: &test_app::H) -> egui_kittest::Node<'_> {
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Unfilled houses")
}

/// Whether the "Unfilled houses" menu is disabled, its value and its description (the
/// hover text of a disabled one).
fn unfilled_houses(h: &test_app::H) -> (bool, Option<String>, Option<String>) {
    let node = unfilled_houses_menu(h);
    let node = node.accesskit_node();
    (node.is_disabled(), node.value(), node.description())
}

#[test]
fn an_option_that_does_not_matter_is_disabled_in_the_new_game_dialog_and_keeps_its_value() {
    const WHEN: &str = "Matters only when “Play in rounds” is on";
    let plugins = plugins_of(&["oware"]);
    let mut h = harness(app(plugins.path()));
    h.get_by_label("Play Oware").click();
    h.run();
    // Not in rounds (the default): offered, but disabled, saying when it matters.
    let (disabled, value, why) = unfilled_houses(&h);
    assert!(disabled, "editable while rounds are off");
    assert_eq!(value.as_deref(), Some("Closed (out of play)"));
    assert_eq!(why.as_deref(), Some(WHEN));
    unfilled_houses_menu(&h).hover();
    h.run();
    h.get_by_label(WHEN);
    // Rounds on: editable at once; a value is chosen.
    h.get_by_label("Play in rounds").click();
    h.run();
    let (disabled, _, why) = unfilled_houses(&h);
    assert!(!disabled, "still disabled with rounds on");
    assert_ne!(why.as_deref(), Some(WHEN));
    unfilled_houses_menu(&h).click();
    h.run();
    h.get_by_label("Pass to the opponent").click();
    h.run();
    // Rounds off again: disabled, the value chosen kept (not put back to the default).
    h.get_by_label("Play in rounds").click();
    h.run();
    let (disabled, value, _) = unfilled_houses(&h);
    assert!(disabled);
    assert_eq!(value.as_deref(), Some("Pass to the opponent"));
    // The game receives every option, the one that does not matter with its value.
    let dialog = h.state_mut().new_game_dialog().unwrap();
    dialog.set_seat(1, SeatKind::Person);
    dialog.wait_for_worker();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    let options = h.state().play_view().unwrap().session().options().clone();
    assert_eq!(options.flag("rounds"), Some(false));
    assert_eq!(options.choice("round_houses"), Some("pass"));
    assert_eq!(options.values().len(), 4, "{options}");
}
