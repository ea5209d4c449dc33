//! The game's history in the real app, driven through egui_kittest: Undo, Redo, jumps,
//! Review and Replay never wake a bot nor change a finished game; a branch says what it
//! replaced and can be swapped back; ←/→ and Home/End step through any game.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::{H, app, harness, start_kalah, wait_until};

use egui_kittest::kittest::{NodeT, Queryable};
use game_api::{MoveId, Turn};
use tavola::{
    app::{Command, NewGameRequest, Screen},
    session::SeatKind,
};

/// The record's moves, by id.
fn moves(h: &H) -> Vec<u32> {
    let play = h.state().play_view().unwrap();
    play.session().moves().iter().map(|m| m.id).collect()
}

fn cursor(h: &H) -> usize {
    h.state().play_view().unwrap().session().cursor()
}

/// Plays the game between two bots to its end.
fn play_to_the_end(h: &mut H) {
    wait_until(h, "the end of the game", |h| {
        matches!(h.state().play_view().unwrap().turn(), Turn::Over { .. })
    });
    h.run_steps(2);
}

/// Runs a few frames, checking each that no bot thinks and the record stays `record`.
fn steady(h: &mut H, record: &[u32], frames: usize) {
    for _ in 0..frames {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let play = h.state().play_view().unwrap();
        assert!(!play.thinking(), "a bot woke up");
        assert_eq!(moves(h), record, "the record changed");
    }
}

fn press(h: &mut H, key: egui::Key) {
    h.key_press(key);
    h.run();
}

#[test]
fn undo_then_redo_replays_the_recorded_moves_and_never_wakes_the_bot() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(
        &mut h,
        vec![SeatKind::Person, SeatKind::Bot("greedy".into())],
        false,
    );
    // South's a: four seeds into b..e, North (greedy) to move and answers.
    h.get_by_label("a: 4 seeds").click();
    wait_until(&mut h, "the bot's answer", |h| {
        let p = h.state().play_view().unwrap();
        cursor(h) >= 2 && !p.thinking() && matches!(p.turn(), Turn::Seat { seat: 0 })
    });
    let record = moves(&h);
    let end = h.state().play_view().unwrap().notation().to_owned();
    // Undo: back to South's turn before a; the bot's reply stays recorded.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    steady(&mut h, &record, 20);
    // Redo: South's recorded a, then North's recorded reply: the same game, no new move.
    h.get_by_label("Redo").click();
    h.run();
    wait_until(&mut h, "the redo", |h| cursor(h) == record.len());
    steady(&mut h, &record, 20);
    assert_eq!(h.state().play_view().unwrap().notation(), end);
    // At the end, on the person's turn, the game simply goes on: a new move wakes the bot.
    assert!(!h.state().play_view().unwrap().bots_wait());
}

#[test]
fn a_jump_in_a_bots_game_holds_it_and_resume_replays_then_goes_on() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
    ];
    // Started without `run` (which could let the bots play the whole game before the
    // jump: a finished game is only reviewed), then watched frame by frame.
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    h.state_mut()
        .start(NewGameRequest {
            game: "kalah".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: bots,
            seed: 5,
        })
        .unwrap();
    wait_until(&mut h, "four moves", |h| cursor(h) >= 4);
    assert!(!h.state().play_view().unwrap().session().finished());
    h.state_mut().play_view_mut().unwrap().goto(1);
    h.run();
    let record = moves(&h);
    assert_eq!(cursor(&h), 1);
    steady(&mut h, &record, 30);
    h.get_by_label_contains("Move 1 of");
    // → steps one recorded move forward, and the game still holds.
    press(&mut h, egui::Key::ArrowRight);
    wait_until(&mut h, "the step", |h| cursor(h) == 2);
    steady(&mut h, &record, 10);
    // Resume: the recorded moves first, then the bots go on from the end.
    h.get_by_label("Resume").click();
    wait_until(&mut h, "new moves", |h| moves(h).len() > record.len());
    assert_eq!(
        moves(&h)[..record.len()],
        record[..],
        "the recorded moves were kept"
    );
}

#[test]
fn a_finished_game_is_reviewed_read_only_with_the_arrow_keys() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("greedy".into()),
    ];
    start_kalah(&mut h, bots, true);
    play_to_the_end(&mut h);
    let record = moves(&h);
    let end = h.state().play_view().unwrap().notation().to_owned();
    // People in both seats now: still, nobody can play into the finished game.
    for seat in 0..2 {
        h.state_mut()
            .play_view_mut()
            .unwrap()
            .set_seat(seat, SeatKind::Person);
    }
    h.get_by_label("Review").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    assert!(h.state().play_view().unwrap().reviewing_finished());
    h.get_by_label_contains("Reviewing the finished game");
    // A click on a house plays nothing.
    h.get_by_label("a: 3 seeds").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    press(&mut h, egui::Key::ArrowRight);
    press(&mut h, egui::Key::ArrowRight);
    wait_until(&mut h, "two steps", |h| cursor(h) == 2);
    press(&mut h, egui::Key::ArrowLeft);
    assert_eq!(cursor(&h), 1);
    press(&mut h, egui::Key::End);
    assert_eq!(cursor(&h), record.len());
    assert_eq!(h.state().play_view().unwrap().notation(), end);
    h.get_by_label("Rematch");
    press(&mut h, egui::Key::Home);
    assert_eq!(cursor(&h), 0);
    // At the end, Undo steps back into the review; there, at a past move, Undo and
    // Redo are disabled alike in the menu, the shortcuts and the app's judgement.
    press(&mut h, egui::Key::End);
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Undo, &ctx);
    h.run();
    let past = record.len() - 1;
    assert_eq!(cursor(&h), past);
    assert!(h.state().play_view().unwrap().reviewing_finished());
    for command in [Command::Undo, Command::Redo] {
        assert!(
            !h.state().enabled(command),
            "{command:?} enabled in the review"
        );
    }
    for key in [egui::Key::Z, egui::Key::Y] {
        h.key_press_modifiers(egui::Modifiers::COMMAND, key);
        h.run();
        assert_eq!(
            cursor(&h),
            past,
            "Ctrl+{key:?} acted in the read-only review"
        );
    }
    h.get_by_label("Play").click();
    h.run();
    // Each entry reads its name and its shortcut.
    for entry in ["Undo", "Redo"] {
        assert!(
            h.get_by_label_contains(entry)
                .accesskit_node()
                .is_disabled(),
            "the menu's {entry} enabled in the review"
        );
    }
    press(&mut h, egui::Key::Escape);
    steady(&mut h, &record, 10);
    // The saved game is the whole finished game, wherever it is reviewed.
    let saved = h.state().play_view().unwrap().session().record();
    assert_eq!(saved.moves.len(), record.len());
    assert!(saved.result.is_some());
}

#[test]
fn a_resignation_is_not_undone_by_undo() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    h.get_by_label("South resigned · North wins");
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Undo, &ctx);
    h.run();
    let play = h.state().play_view().unwrap();
    assert_eq!(play.session().cursor(), 0, "a step back in the review");
    assert_eq!(
        play.session().record().ending,
        Some(tavola::ending::Ending::Resigned { seat: 0 }),
        "still resigned"
    );
    // Nothing can be played from there: the resigned game stays as it ended.
    h.get_by_label("a: 4 seeds").click();
    h.run();
    assert_eq!(moves(&h).len(), 1);
    press(&mut h, egui::Key::End);
    h.get_by_label("South resigned · North wins");
}

#[test]
fn a_different_move_says_what_it_replaces_and_the_replaced_moves_come_back() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], false);
    // South: c (into the store: again), then f; then North's first move.
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.get_by_label("f: 5 seeds").click();
    h.run();
    let north = h.state().play_view().unwrap().legal_moves()[0].id;
    h.state_mut().play_view_mut().unwrap().play(north, 0.0, 0.0);
    h.run();
    let old = moves(&h);
    assert_eq!(old.len(), 3);
    // Back to after c, and e instead of f.
    h.state_mut().play_view_mut().unwrap().goto(1);
    h.run();
    h.get_by_label("e: 5 seeds").click();
    h.run();
    h.get_by_label_contains("e replaces the recorded f and the moves after it (2 in all)");
    assert_eq!(moves(&h).len(), 2);
    assert_ne!(moves(&h), old[..2]);
    // Brought back: the old line is the record again, the branch kept aside in turn.
    h.get_by_label("Bring back the 2 replaced moves").click();
    h.run();
    assert_eq!(moves(&h), old);
    assert_eq!(cursor(&h), 1);
    // The offer now swaps back, and says so.
    h.get_by_label("Put back the move played instead");
    assert!(h.query_by_label("Bring back the replaced move").is_none());
    // Redo replays f, as recorded.
    h.get_by_label("Redo").click();
    h.run();
    let play = h.state().play_view().unwrap();
    assert_eq!(play.session().moves()[1].notation, "f");
    assert_eq!(moves(&h), old);
    let _ = MoveId(0);
}

#[test]
fn the_summary_can_be_closed_and_opened_again() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let bots = vec![
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
    ];
    start_kalah(&mut h, bots, true);
    play_to_the_end(&mut h);
    h.get_by_label("Rematch");
    h.get_by_label("×").click();
    h.run();
    assert!(h.query_by_label("Rematch").is_none(), "closed");
    h.get_by_label("Show the result").click();
    h.run();
    h.get_by_label("Rematch");
}

#[test]
fn the_move_list_and_the_summary_do_not_count_chance_throws_as_moves() {
    let dir = plugins_of(&["stork_migration"]);
    let mut h = harness(app(dir.path()));
    let plugin = h.state().plugins().game("stork-migration").unwrap().clone();
    let seats = usize::from(plugin.manifest().seats.min);
    h.state_mut()
        .start(NewGameRequest {
            game: "stork-migration".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Bot("random".into()); seats],
            seed: 2,
        })
        .unwrap();
    play_to_the_end(&mut h);
    let record = h.state().play_view().unwrap().session().moves().to_vec();
    let by_seats = record.iter().filter(|m| m.seat.is_some()).count();
    assert!(by_seats < record.len(), "the game threw its dice");
    // The list numbers the seats' moves 1 to N, and shows the throws unnumbered.
    let texts: Vec<String> = h
        .query_all_by_label_contains(" ")
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .collect();
    let numbers: Vec<usize> = texts
        .iter()
        .filter_map(|t| t.trim_start().split_once(". ")?.0.parse().ok())
        .collect();
    assert_eq!(
        numbers,
        (1..=by_seats).collect::<Vec<_>>(),
        "moves numbered"
    );
    let throws = texts
        .iter()
        .filter(|t| t.trim_start().starts_with("chance "))
        .count();
    assert_eq!(throws, record.len() - by_seats, "throws unnumbered");
    h.get_by_label_contains(&format!("{by_seats} moves"));
}

#[test]
fn a_pumpkin_result_reads_the_right_way_round() {
    let dir = plugins_of(&["bite_the_pumpkin"]);
    let mut h = harness(app(dir.path()));
    let plugin = h
        .state()
        .plugins()
        .game("bite-the-pumpkin")
        .unwrap()
        .clone();
    h.state_mut()
        .start(NewGameRequest {
            game: "bite-the-pumpkin".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Bot("random".into()); 2],
            seed: 3,
        })
        .unwrap();
    play_to_the_end(&mut h);
    let Turn::Over { outcome } = h.state().play_view().unwrap().turn().clone() else {
        unreachable!()
    };
    let winner = outcome
        .seats
        .iter()
        .position(|s| s.result == game_api::GameResult::Win)
        .unwrap();
    let name = h.state().play_view().unwrap().shown_view().panels[winner]
        .seat
        .clone();
    // The Herd's turns and the Farmer's pumpkins are no score line: the winner, plainly.
    assert!(h.query_all_by_label(&format!("{name} wins")).count() >= 1);
    for margin in 1..=400 {
        assert!(
            h.query_by_label(&format!("by {margin}")).is_none(),
            "a margin"
        );
    }
}

#[test]
fn esc_closes_a_menu_and_back_to_games_leaves_the_plugins_panel_for_the_chooser() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label_contains("Quit");
    press(&mut h, egui::Key::Escape);
    assert!(
        h.query_by_label_contains("Quit").is_none(),
        "Esc closed the menu"
    );
    // The Plugins panel: back to the board, or back to the games.
    press(&mut h, egui::Key::F2);
    assert_eq!(h.state().screen(), Screen::Plugins);
    h.get_by_label("Back to the board").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    press(&mut h, egui::Key::F2);
    h.get_by_label("Back to games").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Chooser);
    // The game in progress is kept: the Board tab goes back to it.
    h.get_by_label("Play Kalah");
    h.get_by_label("Board").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(cursor(&h), 1, "the same game, where it was");
}

#[test]
fn an_agreed_draw_is_not_changed_by_undo_nor_redo() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], false);
    // c ends in the store: South moves again.
    for house in ["c: 4 seeds", "a: 4 seeds"] {
        h.get_by_label(house).click();
        h.run();
    }
    let record = moves(&h);
    assert_eq!(record.len(), 2);
    h.get_by_label("Offer a draw").click();
    h.run();
    h.get_by_label("Accept the draw").click();
    h.run();
    assert!(h.query_all_by_label("Draw agreed").count() >= 1);
    let ctx = h.ctx.clone();
    let ended = |h: &H| {
        let play = h.state().play_view().unwrap();
        assert_eq!(
            play.session().record().ending,
            Some(tavola::ending::Ending::AgreedDraw),
            "still an agreed draw"
        );
        assert!(play.session().finished());
        assert_eq!(moves(h), record, "the record did not change");
    };
    // Undo at the end steps back into the review; there, read-only, Undo does nothing
    // more (Back steps).
    for expected in [1, 1] {
        h.state_mut().run_command(Command::Undo, &ctx);
        h.run();
        assert_eq!(cursor(&h), expected, "a step back in the review");
        ended(&h);
    }
    h.state_mut().run_command(Command::Back, &ctx);
    h.run();
    assert_eq!(cursor(&h), 0);
    // Nothing can be played from there.
    h.get_by_label("a: 4 seeds").click();
    h.run();
    ended(&h);
    // Redo is disabled in the review; Forward replays the recorded moves, up to the end
    // as it was agreed, and no further.
    h.state_mut().run_command(Command::Redo, &ctx);
    h.run();
    assert_eq!(cursor(&h), 0, "Redo acted in the read-only review");
    for expected in [1, 2, 2] {
        h.state_mut().run_command(Command::Forward, &ctx);
        h.run();
        assert_eq!(cursor(&h), expected);
        ended(&h);
    }
    assert!(h.query_all_by_label("Draw agreed").count() >= 1);
}

#[test]
fn esc_closes_a_seat_menu_and_the_summary_without_doing_anything_else() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start_kalah(&mut h, vec![SeatKind::Person, SeatKind::Person], false);
    h.get_by_label("c: 4 seeds").click();
    h.run();
    // A seat's menu (a combo box in the side panel): Esc closes it, the seat stays.
    h.get_by_label("Who plays North").click();
    h.run();
    assert!(
        h.query_by_label("Computer: strong").is_some(),
        "the menu is open"
    );
    press(&mut h, egui::Key::Escape);
    assert!(
        h.query_by_label("Computer: strong").is_none(),
        "Esc closed it"
    );
    let seats = h.state().play_view().unwrap().session().seats().to_vec();
    assert_eq!(seats, [SeatKind::Person, SeatKind::Person]);
    assert_eq!(cursor(&h), 1);
    // The summary over the board of a finished game: Esc closes it, the side panel's
    // button shows it again.
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    assert!(
        h.query_by_label("Rematch").is_some(),
        "the summary is shown"
    );
    press(&mut h, egui::Key::Escape);
    assert!(
        h.query_by_label("Rematch").is_none(),
        "Esc closed the summary"
    );
    assert!(h.state().play_view().unwrap().summary_hidden());
    assert_eq!(cursor(&h), 1, "nothing else changed");
}

#[test]
fn esc_drops_a_move_begun_and_its_choices_beside_the_site() {
    let dir = plugins_of(&["o_an_quan"]);
    let mut h = harness(app(dir.path()));
    let plugin = h.state().plugins().game("o-an-quan").unwrap().clone();
    h.state_mut()
        .start(NewGameRequest {
            game: "o-an-quan".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 1,
        })
        .unwrap();
    h.run();
    // A house clicked: its two directions appear beside it, as buttons.
    h.get_by_label("a: 5 seeds").click();
    h.run();
    h.get_by_label_contains("anticlockwise");
    press(&mut h, egui::Key::Escape);
    assert!(
        h.query_by_label_contains("anticlockwise").is_none(),
        "Esc closed the choices"
    );
    assert!(moves(&h).is_empty(), "nothing was played");
    // The house again, and a direction: the move is played.
    h.get_by_label("a: 5 seeds").click();
    h.run();
    h.get_by_label_contains("anticlockwise").click();
    h.run();
    assert_eq!(moves(&h).len(), 1);
}

#[test]
fn esc_in_the_new_game_dialog_closes_an_open_seat_menu_first_then_the_dialog() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    h.get_by_label("Play Kalah").click();
    h.run();
    assert!(h.state_mut().new_game_dialog().is_some());
    let menus = h.query_all_by_role(egui::accesskit::Role::ComboBox).count();
    assert!(menus >= 2, "a menu per seat");
    h.query_all_by_role(egui::accesskit::Role::ComboBox)
        .last()
        .unwrap()
        .click();
    h.run();
    assert!(
        h.query_by_label("Computer: expert").is_some(),
        "the menu is open"
    );
    press(&mut h, egui::Key::Escape);
    assert!(
        h.query_by_label("Computer: expert").is_none(),
        "Esc closed the menu"
    );
    assert!(
        h.state_mut().new_game_dialog().is_some(),
        "and not the dialog"
    );
    press(&mut h, egui::Key::Escape);
    assert!(
        h.state_mut().new_game_dialog().is_none(),
        "a second Esc closes the dialog"
    );
    assert_eq!(h.state().screen(), Screen::Chooser);
}
