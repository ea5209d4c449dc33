//! The app's bots, whose moves the worker plays (one round trip), in the real app driven
//! through egui_kittest: after an Undo and a different move, and after a search cut
//! short by a pause, the worker's game is the app's record — the next moves are legal
//! where the app shows them, and the position shown is the record's.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::{H, app, harness, wait_until};

use egui_kittest::kittest::Queryable;
use game_api::{OptionValue, Turn};
use tavola::{app::NewGameRequest, session::SeatKind, worker::RemoteGame};

/// Starts Kalah of 3 houses of 3 seeds, South a person, North `bot`.
fn start(h: &mut H, bot: &str) {
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    let specs = &plugin.manifest().options;
    let mut values = game_api::Options::defaults(specs).values().clone();
    values.insert("houses".into(), OptionValue::Int(3));
    values.insert("seeds".into(), OptionValue::Int(3));
    let options = game_api::Options::resolve(specs, &values).unwrap();
    let seats = vec![SeatKind::Person, SeatKind::Bot(bot.into())];
    let request = NewGameRequest {
        game: "kalah".into(),
        options,
        seats,
        seed: 5,
    };
    h.state_mut().start(request).unwrap();
    h.run();
}

fn cursor(h: &H) -> usize {
    h.state().play_view().unwrap().session().cursor()
}

fn souths_turn_again(h: &H) -> bool {
    let p = h.state().play_view().unwrap();
    cursor(h) >= 2 && !p.thinking() && !p.waiting() && matches!(p.turn(), Turn::Seat { seat: 0 })
}

/// The position shown is the one the record's moves give in a new worker.
fn assert_shown_is_the_records(h: &H) {
    let play = h.state().play_view().unwrap();
    let session = play.session();
    let plugin = h.state().plugins().game("kalah").unwrap();
    let exe = env!("CARGO_BIN_EXE_tavola").as_ref();
    let mut fresh = RemoteGame::spawn(exe, plugin, None).unwrap();
    let replayed = fresh
        .start(session.options(), None, &session.played_ids())
        .unwrap();
    assert_eq!(play.notation(), replayed.notation);
    assert_eq!(play.legal_moves(), &replayed.moves[..]);
}

#[test]
fn after_undo_and_another_move_the_bot_answers_from_the_new_position() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start(&mut h, "casual");
    // b: into c, South's store and North's first house; North to move.
    h.get_by_label("b: 3 seeds").click();
    wait_until(&mut h, "the bot's answer", souths_turn_again);
    assert_shown_is_the_records(&h);
    let first_line = h.state().play_view().unwrap().session().played_ids();
    // Undo to the start, and another move: the bot answers it, from there.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    h.get_by_label("c: 3 seeds").click();
    wait_until(&mut h, "the bot's answer to c", souths_turn_again);
    let line = h.state().play_view().unwrap().session().played_ids();
    assert_ne!(line[0], first_line[0], "the branch was played");
    assert_shown_is_the_records(&h);
}

#[test]
fn a_search_cut_short_by_a_pause_plays_nothing_and_the_game_goes_on_from_the_record() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    // A search far longer than the test.
    start(&mut h, "mcts:2000000");
    h.get_by_label("c: 3 seeds").click();
    wait_until(&mut h, "the bot thinking", |h| {
        h.state().play_view().unwrap().thinking()
    });
    let record = h.state().play_view().unwrap().session().played_ids();
    h.state_mut().play_view_mut().unwrap().pause_resume();
    for _ in 0..50 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert_eq!(
            h.state().play_view().unwrap().session().played_ids(),
            record,
            "nothing was played"
        );
    }
    assert!(!h.state().play_view().unwrap().thinking());
    assert_shown_is_the_records(&h);
    // A person takes North's seat and plays: the worker plays it where the app shows.
    let play = h.state_mut().play_view_mut().unwrap();
    play.set_seat(1, SeatKind::Person);
    let mv = play.legal_moves()[0].id;
    play.play(mv, 0.0, 0.0);
    wait_until(&mut h, "North's move", |h| cursor(h) == record.len() + 1);
    assert_shown_is_the_records(&h);
}
