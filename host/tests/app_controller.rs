//! The table's shape in the real app (egui_kittest): the views only read the controller
//! and return intents, which the app carries out once per frame; one place decides what
//! is enabled, and the menus, the side panel's buttons and the shortcuts agree with it.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::{H, app, harness};

use egui_kittest::kittest::{NodeT, Queryable};
use game_api::OptionValue;
use tavola::{
    app::{Command, Intent, NewGameRequest},
    session::SeatKind,
};

/// Starts Kalah, 3 houses of 3 seeds, two people.
fn start(h: &mut H) {
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    let specs = &plugin.manifest().options;
    let mut values = game_api::Options::defaults(specs).values().clone();
    values.insert("houses".into(), OptionValue::Int(3));
    values.insert("seeds".into(), OptionValue::Int(3));
    let options = game_api::Options::resolve(specs, &values).unwrap();
    h.state_mut()
        .start(NewGameRequest {
            game: "kalah".into(),
            options,
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 3,
        })
        .unwrap();
    h.run();
}

fn notation(h: &H) -> String {
    h.state().play_view().unwrap().notation().to_owned()
}

fn cursor(h: &H) -> usize {
    h.state().play_view().unwrap().session().cursor()
}

/// Whether the side panel's button `label` can be pressed.
fn button_enabled(h: &H, label: &str) -> bool {
    !h.get_by_label(label).accesskit_node().is_disabled()
}

#[test]
fn menus_buttons_and_shortcuts_agree_on_what_is_enabled() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start(&mut h);
    let start_position = notation(&h);

    // At the start nothing can be undone or redone: the controller, the app (which the
    // menus ask), the side panel's buttons and the shortcuts all say so.
    let play = h.state().play_view().unwrap();
    for command in [Command::Undo, Command::Redo, Command::Back, Command::ToEnd] {
        assert!(!play.enabled(command), "{command:?} enabled at the start");
        assert!(!h.state().enabled(command), "the menu's {command:?}");
    }
    assert!(!button_enabled(&h, "Undo"));
    assert!(!button_enabled(&h, "Redo"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(notation(&h), start_position, "Ctrl+Z did something");

    // After a move, Undo is allowed everywhere; Redo still nowhere.
    h.get_by_label("a: 3 seeds").click();
    h.run();
    assert_eq!(cursor(&h), 1);
    assert!(h.state().enabled(Command::Undo));
    assert!(button_enabled(&h, "Undo"));
    assert!(!h.state().enabled(Command::Redo));
    assert!(!button_enabled(&h, "Redo"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(cursor(&h), 1, "Ctrl+Y replayed a move that is not there");

    // Ctrl+Z takes the move back; then Redo is allowed everywhere, Undo nowhere.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(notation(&h), start_position);
    assert!(!h.state().enabled(Command::Undo));
    assert!(!button_enabled(&h, "Undo"));
    assert!(h.state().enabled(Command::Redo));
    assert!(button_enabled(&h, "Redo"));
}

#[test]
fn the_views_change_nothing_and_intents_are_carried_out_by_the_controller() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start(&mut h);
    let before = notation(&h);
    // Frames drawn with no input: the record, the position and the seats stay.
    h.run_steps(5);
    assert_eq!(notation(&h), before);
    assert_eq!(cursor(&h), 0);

    // What a view would return, carried out by the controller.
    let (mv, seats) = {
        let play = h.state().play_view().unwrap();
        (play.legal_moves()[0].id, play.session().seats().to_vec())
    };
    assert_eq!(seats[1], SeatKind::Person);
    let play = h.state_mut().play_view_mut().unwrap();
    assert_eq!(play.apply(Intent::Play(mv), 0.0, 0.0), None);
    h.run();
    assert_eq!(cursor(&h), 1, "the move intent was not played");

    // A move that is not legal now is refused by the controller, whatever a view says.
    let play = h.state_mut().play_view_mut().unwrap();
    let stale = mv;
    let legal_now = play.legal_moves().iter().any(|m| m.id == stale);
    if !legal_now {
        play.apply(Intent::Play(stale), 0.0, 0.0);
        h.run();
        assert_eq!(cursor(&h), 1, "an illegal move intent was played");
    }

    // An app command comes back to the app, which carries it out.
    let play = h.state_mut().play_view_mut().unwrap();
    assert_eq!(
        play.apply(Intent::Command(Command::Undo), 0.0, 0.0),
        Some(Command::Undo)
    );
    // A jump asked through an intent holds the game at that point.
    play.apply(Intent::Goto(0), 0.0, 0.0);
    h.run();
    assert_eq!(cursor(&h), 0);
    assert_eq!(notation(&h), before);

    // A seat changed through an intent.
    let play = h.state_mut().play_view_mut().unwrap();
    play.apply(Intent::SetSeat(1, SeatKind::Bot("random".into())), 0.0, 0.0);
    assert_eq!(
        h.state().play_view().unwrap().session().seats()[1],
        SeatKind::Bot("random".into())
    );
}
