//! The table's logic against a scripted worker ([`ScriptedLink`]): intents, clicks, the
//! history, bots, clocks, takebacks, a network game's moves arriving and a worker that
//! dies — without a window and without a process.

use game_api::{MoveId, Options, SiteId};

use super::Table;
use crate::{
    app::{Command, Intent, online_worker::Step},
    record::SharedRecord,
    session::{SeatKind, Session},
    table::{NoRepaint, Script, ScriptedLink, pile},
    worker::{Request, WorkerFailure},
};

/// A pile game at its start with these seats, its worker scripted.
fn table(seats: Vec<SeatKind>) -> (Table, Script) {
    let plugin = pile::plugin();
    let session = Session::new(&plugin, &Options::default(), seats, 7, None);
    let (link, script) = ScriptedLink::new(plugin, pile::answerer());
    let view = Table::new(session, link, pile::snapshot(&[]), "tavola".into());
    (view, script)
}

fn people() -> (Table, Script) {
    table(vec![SeatKind::Person, SeatKind::Person])
}

/// Runs `frames` frames of the table's logic, a second apart.
fn frames(view: &mut Table, frames: usize) {
    for i in 0..frames {
        view.logic(&NoRepaint, 100.0 + i as f64, 0.0);
    }
}

fn plays(script: &Script) -> Vec<u32> {
    script.played()
}

#[test]
fn a_move_intent_is_played_and_recorded() {
    let (mut view, script) = people();
    assert_eq!(view.apply(Intent::Play(MoveId(2)), 0.0, 0.0), None);
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(view.notation(), "3 1");
    assert_eq!(plays(&script), vec![2]);
    assert!(view.take_dirty());
}

#[test]
fn a_move_that_is_not_a_candidate_is_refused_without_asking_the_worker() {
    let (mut view, script) = people();
    view.apply(Intent::Play(MoveId(99)), 0.0, 0.0);
    assert_eq!(view.session().cursor(), 0);
    assert_eq!(view.error(), None, "a refusal was shown");
    assert_eq!(script.sent_count(), 0, "the worker was asked");
}

#[test]
fn app_commands_come_back_to_the_app() {
    let (mut view, _) = people();
    assert_eq!(
        view.apply(Intent::Command(Command::Undo), 0.0, 0.0),
        Some(Command::Undo)
    );
}

#[test]
fn clicks_follow_the_sites_and_play_the_one_move_left() {
    let (mut view, script) = people();
    view.apply(Intent::ClickSite(SiteId(1)), 0.0, 0.0);
    assert_eq!(plays(&script), vec![2]);
    assert_eq!(view.session().cursor(), 1);
}

#[test]
fn undo_redo_and_jumps_walk_the_history_and_hold_the_game() {
    let (mut view, _) = people();
    for command in [Command::Undo, Command::Redo, Command::Back, Command::ToEnd] {
        assert!(!view.enabled(command), "{command:?} enabled at the start");
    }
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert!(view.enabled(Command::Undo));
    assert!(!view.enabled(Command::Redo));

    view.undo();
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(view.notation(), "4 1");
    assert!(view.enabled(Command::Redo));
    view.redo(0.0, 0.0);
    assert_eq!(view.session().cursor(), 2);
    assert_eq!(view.notation(), "2 0");

    // A jump holds the game there.
    view.apply(Intent::Goto(0), 0.0, 0.0);
    assert_eq!(view.session().cursor(), 0);
    assert_eq!(view.notation(), "5 0");
    assert!(view.held());
    assert_eq!(view.session().moves().len(), 2, "a jump lost the record");
}

#[test]
fn an_undone_moves_event_leaves_the_status_line() {
    let (mut view, _) = people();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    // The pile game says nothing of its moves: the last move's event, as a capture's.
    view.note("North 2: captured 2".into());
    view.undo();
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(view.notes.event, None, "the undone move's event stayed");
    view.note("North 2: captured 2".into());
    view.apply(Intent::Goto(0), 0.0, 0.0);
    assert_eq!(view.notes.event, None, "the event stayed after a jump");
}

#[test]
fn a_different_move_from_an_earlier_point_branches_and_can_be_swapped_back() {
    let (mut view, _) = people();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Goto(1), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert_eq!(view.replaced_count(), Some(1));
    assert_eq!(view.notation(), "2 0");
    view.apply(Intent::BringBack, 0.0, 0.0);
    assert_eq!(view.session().cursor(), 1);
    let ids: Vec<u32> = view.session().moves().iter().map(|m| m.id).collect();
    assert_eq!(ids, vec![1, 1], "the replaced moves did not come back");
}

#[test]
fn a_pointing_made_in_an_earlier_position_is_dropped() {
    let (mut view, _) = people();
    let position = view.position.count;
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(
        Intent::Point {
            mv: Some(MoveId(1)),
            position,
        },
        0.0,
        0.0,
    );
    assert!(view.preview().is_none());
}

#[test]
fn a_seat_changed_through_an_intent_is_recorded() {
    let (mut view, _) = people();
    view.take_dirty();
    view.apply(Intent::SetSeat(1, SeatKind::Bot("random".into())), 0.0, 0.0);
    assert_eq!(view.session().seats()[1], SeatKind::Bot("random".into()));
    assert!(view.take_dirty());
}

#[test]
fn a_bot_answers_the_persons_move_in_the_worker() {
    let (mut view, script) = table(vec![SeatKind::Person, SeatKind::Bot("random".into())]);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    frames(&mut view, 3);
    assert!(
        script
            .sent()
            .iter()
            .any(|r| matches!(r, Request::BotMove { name, .. } if name == "random")),
        "{:?}",
        script.sent()
    );
    assert_eq!(
        view.session().cursor(),
        2,
        "the bot's move was not recorded"
    );
    assert_eq!(view.session().moves()[1].seat, Some(1));
    assert_eq!(view.notation(), "2 0");
}

#[test]
fn a_paused_game_starts_no_bot_and_undo_against_a_bot_goes_back_to_the_person() {
    let (mut view, script) = table(vec![SeatKind::Person, SeatKind::Bot("random".into())]);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    frames(&mut view, 3);
    assert_eq!(view.session().cursor(), 2);
    view.undo();
    assert_eq!(view.session().cursor(), 0, "undo stopped at the bot's move");
    let asked = script.sent_count();
    frames(&mut view, 3);
    assert_eq!(view.session().cursor(), 0, "the held game moved");
    assert!(
        script.sent()[asked..]
            .iter()
            .all(|r| !matches!(r, Request::BotMove { .. })),
        "a bot thought while the game held"
    );
}

#[test]
fn a_slow_answer_is_waited_for_frame_by_frame() {
    let (mut view, script) = people();
    script.hold(true);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    assert!(view.waiting());
    assert_eq!(view.session().cursor(), 0);
    // Nothing else is asked meanwhile, and no second move is sent.
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    assert_eq!(plays(&script), vec![1]);
    script.release();
    frames(&mut view, 1);
    assert!(!view.waiting());
    assert_eq!(view.session().cursor(), 1);
}

#[test]
fn a_dead_worker_keeps_the_record_and_says_which_plugin_failed() {
    let (mut view, script) = people();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    script.kill(WorkerFailure::Protocol("the pipe closed".into()));
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    let failure = view.failure().expect("no failure shown");
    assert!(failure.plugin.contains("Pile"), "{failure:?}");
    assert!(failure.what.contains("the pipe closed"), "{failure:?}");
    assert_eq!(view.session().moves().len(), 1, "the record lost a move");
    assert!(!view.enabled(Command::Undo));
    assert!(!view.enabled(Command::Hint));
}

#[test]
fn a_finished_game_is_read_only_and_offers_no_hint() {
    let (mut view, script) = people();
    for mv in [2, 2, 1] {
        view.apply(Intent::Play(MoveId(mv)), 0.0, 0.0);
    }
    assert!(view.is_over(), "{}", view.notation());
    assert!(!view.enabled(Command::Hint));
    assert!(!view.enabled(Command::PauseResume));
    let asked = script.sent_count();
    view.hint();
    assert_eq!(script.sent_count(), asked, "a hint was searched");
    assert!(!view.hint_pending());
}

#[test]
fn the_clock_of_the_seat_to_move_runs_and_a_move_hands_it_over() {
    let (mut view, _) = people();
    view.start_clock(60_000, 0);
    frames(&mut view, 1);
    view.drawn();
    frames(&mut view, 3);
    assert_eq!(view.clock_running(), Some(0));
    let left = |v: &Table, seat: usize| v.session().clock().map(|c| c.left_ms[seat]);
    assert!(left(&view, 0) < Some(60_000), "the clock did not run");
    assert_eq!(left(&view, 1), Some(60_000));
    view.apply(Intent::Play(MoveId(1)), 103.0, 0.0);
    assert_eq!(view.clock_running(), Some(1));
}

/// A network game's table with these seats: its session follows the game's one record,
/// which the test writes as the network side does (returned with the table).
fn network_table(seats: Vec<SeatKind>) -> (Table, Script, SharedRecord) {
    let plugin = pile::plugin();
    let options = Options::default();
    let start = Session::new(&plugin, &options, seats.clone(), 7, None).record();
    let record = SharedRecord::new(start);
    let session = Session::following(&plugin, &options, seats, record.clone());
    let (link, script) = ScriptedLink::new(plugin, pile::answerer());
    let mut view = Table::new(session, link, pile::snapshot(&[]), "tavola".into());
    view.follow_network();
    (view, script, record)
}

/// The network side writes the game's record: its moves are now `ids` (their notations
/// the ids, by alternating seats), before the table is told (as `online_worker` tells
/// it: a step only once its move is recorded).
fn network_records(record: &SharedRecord, ids: &[u32]) {
    record.write(|r| {
        r.moves = ids
            .iter()
            .enumerate()
            .map(|(i, id)| crate::record::RecordedMove {
                id: *id,
                notation: id.to_string(),
                seat: Some(u8::try_from(i % 2).unwrap_or(0)),
                at_ms: Some(1_000 * (i as u64 + 1)),
                check: None,
                spent_ms: None,
                notes: Default::default(),
            })
            .collect();
    });
}

/// The network side plays the last of `moves`: recorded, then shown at the table.
fn network_plays(view: &mut Table, record: &SharedRecord, moves: &[u32]) {
    network_records(record, moves);
    view.follow(played(moves), 0.0, 0.0);
}

/// The network side goes back to after `moves` (a takeback): the record cut, then the
/// table told.
fn network_goes_back(view: &mut Table, record: &SharedRecord, moves: &[u32]) {
    network_records(record, moves);
    view.follow(went(moves), 0.0, 0.0);
}

/// What the network side tells the table when it played the last of `moves` (in the
/// one worker both share).
fn played(moves: &[u32]) -> Step {
    Step::Played {
        mv: *moves.last().expect("a move"),
        effects: Vec::new(),
        snapshot: pile::snapshot(moves),
        moves: moves.to_vec(),
    }
}

/// What the network side tells the table when it went back to after `moves`.
fn went(moves: &[u32]) -> Step {
    Step::Went {
        snapshot: pile::snapshot(moves),
        moves: moves.to_vec(),
    }
}

#[test]
fn at_a_network_table_a_move_goes_out_as_a_line_and_comes_back_as_a_step() {
    let (mut view, script, record) = network_table(vec![SeatKind::Person, SeatKind::Remote]);
    view.set_your_turn(true);
    assert!(view.referee.person_may_move());
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert_eq!(view.take_lines(), vec!["2".to_owned()]);
    assert!(
        !view.referee.person_may_move(),
        "a second move allowed before an answer"
    );
    assert_eq!(
        view.session().cursor(),
        0,
        "played before the other side agreed"
    );
    // The move and the remote reply, played by the network side, are shown here: the
    // table's worker is not asked to play them again.
    assert!(view.ready_for_step());
    network_plays(&mut view, &record, &[2]);
    assert!(view.shows_all());
    // The reply recorded by the network side is in the table's record at once (it is
    // the same record), not shown until its step.
    network_records(&record, &[2, 1]);
    assert_eq!(
        view.session().record_len(),
        2,
        "the table reads another record"
    );
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(
        view.session().moves().len(),
        1,
        "a move listed before it is shown"
    );
    assert!(!view.shows_all());
    view.follow(played(&[2, 1]), 0.0, 0.0);
    assert!(plays(&script).is_empty(), "a move played twice");
    assert_eq!(view.session().cursor(), 2);
    assert_eq!(view.notation(), pile::snapshot(&[2, 1]).notation);
    assert!(view.shows_all());
    // Its times are the network side's: nothing copied.
    assert_eq!(view.session().played_ms(), Some(2_000));
    // A takeback: back to the position the network side went to.
    network_goes_back(&mut view, &record, &[2]);
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(view.session().moves().len(), 1);
    assert_eq!(view.notation(), "3 1");
    assert_eq!(script.sent_count(), 0, "the worker was asked");
}

#[test]
fn a_failed_plugin_starts_again_at_the_last_move_kept() {
    use std::sync::{Arc, Mutex};

    use crate::table::{Link, Restart};

    let (mut view, script) = people();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    script.kill(WorkerFailure::Protocol("the pipe closed".into()));
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    assert!(view.failure().is_some());
    // No walking the history while the plugin is down.
    view.apply(Intent::Goto(0), 0.0, 0.0);
    assert_eq!(view.session().cursor(), 1);

    let asked = Arc::new(Mutex::new(None));
    let seen = asked.clone();
    view.link.starter = Arc::new(move |r: Restart| {
        *seen.lock().unwrap() = Some(r.moves.clone());
        let (mut link, _) = ScriptedLink::new(r.plugin, pile::answerer());
        link.reset_to(&r.moves)
            .map_err(crate::worker::WorkerError::Failed)?;
        Ok((
            Box::new(link) as Box<dyn Link + Send>,
            pile::snapshot(&r.moves),
        ))
    });
    view.apply(Intent::RestartPlugin, 0.0, 0.0);
    while view.restarting() {
        view.poll_restart(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        *asked.lock().unwrap(),
        Some(vec![1]),
        "not set up at the cursor"
    );
    assert!(view.failure().is_none(), "{:?}", view.failure());
    assert_eq!(view.notation(), "4 1");
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert_eq!(view.session().cursor(), 2, "the game did not go on");
    assert_eq!(view.notation(), "2 0");
}

#[test]
fn a_remote_move_arriving_is_shown_here_and_hands_the_turn_to_the_person() {
    let (mut view, script, record) = network_table(vec![SeatKind::Remote, SeatKind::Person]);
    assert!(
        !view.referee.person_may_move(),
        "the person may move in the remote seat's turn"
    );
    // The remote seat's move, checked by the network side, arrives as a step.
    network_plays(&mut view, &record, &[2]);
    assert!(plays(&script).is_empty());
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(view.notation(), "3 1");
    assert_eq!(view.session().moves()[0].seat, Some(0));
    view.set_your_turn(true);
    assert!(
        view.referee.person_may_move(),
        "the person's turn not given"
    );
    assert!(view.take_lines().is_empty(), "a line went out unasked");
}

#[test]
fn a_refused_remote_move_is_never_shown_and_the_forfeit_ends_the_game() {
    use crate::ending::Ending;

    let (mut view, _, record) = network_table(vec![SeatKind::Person, SeatKind::Remote]);
    view.set_your_turn(true);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    assert_eq!(view.take_lines(), vec!["1".to_owned()]);
    network_plays(&mut view, &record, &[1]);
    // The network side refused the remote seat's reply: no step for it, and the remote
    // seat loses by forfeit. The record says so; the table ends the game.
    record.write(|r| r.ending = Some(Ending::Forfeit { seat: 1 }));
    view.follow_record();
    assert_eq!(view.session().moves().len(), 1);
    assert_eq!(view.session().ending(), Some(Ending::Forfeit { seat: 1 }));
    assert!(view.is_over());
    assert!(
        !view.enabled(Command::Undo),
        "a takeback offered after the end"
    );
}

#[test]
fn an_ending_waits_until_the_table_shows_every_move_of_the_record() {
    use crate::ending::Ending;

    let (mut view, _, record) = network_table(vec![SeatKind::Person, SeatKind::Remote]);
    network_records(&record, &[1]);
    record.write(|r| r.ending = Some(Ending::Forfeit { seat: 0 }));
    view.follow_record();
    assert!(!view.is_over(), "ended before the last move was shown");
    assert_eq!(view.session().ending(), None);
    view.follow(played(&[1]), 0.0, 0.0);
    view.follow_record();
    assert_eq!(view.session().ending(), Some(Ending::Forfeit { seat: 0 }));
    assert!(view.is_over());
}

#[test]
fn a_takeback_is_asked_as_a_line_and_done_when_the_network_side_goes_back() {
    let (mut view, script, record) = network_table(vec![SeatKind::Person, SeatKind::Remote]);
    view.set_your_turn(true);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    view.take_lines();
    network_plays(&mut view, &record, &[2]);
    network_plays(&mut view, &record, &[2, 1]);
    assert_eq!(view.session().cursor(), 2);
    view.set_your_turn(true);
    assert!(view.enabled(Command::Undo), "no takeback offered");
    // Undo asks the other side; nothing is taken back until its answer.
    view.undo();
    assert_eq!(view.take_lines(), vec!["takeback".to_owned()]);
    assert_eq!(view.session().cursor(), 2, "taken back before the answer");
    assert!(view.notes.event.is_some(), "the request not said");
    view.heard();
    assert_eq!(
        view.notes.event, None,
        "still waiting for an answer that came"
    );
    // Agreed: the network side goes back to before the person's move.
    network_goes_back(&mut view, &record, &[]);
    assert_eq!(view.session().cursor(), 0);
    assert!(view.session().moves().is_empty());
    assert_eq!(view.notation(), pile::snapshot(&[]).notation);
    assert!(plays(&script).is_empty(), "a move played in the worker");
}

#[test]
fn the_bar_has_one_value_for_one_position_whatever_was_asked_before() {
    let (mut view, _) = people();
    view.set_eval_bar(true);
    frames(&mut view, 3);
    let before = view.evaluation().expect("the bar's search did not answer");
    assert_eq!(before.share_of(0), 0.5);
    view.hint();
    frames(&mut view, 3);
    assert!(view.shown_hint().is_some(), "the hint did not come");
    assert_eq!(
        view.evaluation(),
        Some(before),
        "the hint's longer search changed the bar"
    );
}

#[test]
fn the_bar_greys_for_a_bot_and_shows_the_result_at_the_end() {
    let (mut view, _) = table(vec![SeatKind::Person, SeatKind::Bot("random".into())]);
    view.set_eval_bar(true);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert_eq!(view.evaluation(), None);
    assert!(
        view.evaluation_dimmed()
            .is_some_and(|why| why.contains("bot")),
        "{:?}",
        view.evaluation_dimmed()
    );
    let (mut view, _) = people();
    view.set_eval_bar(true);
    for mv in [2, 2, 1] {
        view.apply(Intent::Play(MoveId(mv)), 0.0, 0.0);
        frames(&mut view, 2);
    }
    assert!(view.is_over(), "{}", view.notation());
    let (outcome, _) = view.final_result().expect("no result");
    let end = view.evaluation().expect("no value at the end");
    assert_eq!(end.seat, None);
    for (seat, s) in outcome.seats.iter().enumerate() {
        let expected = match s.result {
            game_api::GameResult::Win => 1.0,
            game_api::GameResult::Loss => 0.0,
            game_api::GameResult::Draw => 0.5,
        };
        assert_eq!(end.share_of(seat as u8), expected, "{outcome:?}");
    }
    assert_eq!(view.evaluation_dimmed(), None);
}

#[test]
fn bringing_back_offers_to_swap_back_and_a_new_move_ends_the_offer() {
    let (mut view, _) = people();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.apply(Intent::Goto(1), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(2)), 0.0, 0.0);
    assert!(!view.replaced_swapped());
    view.apply(Intent::BringBack, 0.0, 0.0);
    assert_eq!(view.replaced_count(), Some(1));
    assert!(view.replaced_swapped(), "the label still says bring back");
    view.apply(Intent::BringBack, 0.0, 0.0);
    assert!(!view.replaced_swapped());
    let ids: Vec<u32> = view.session().moves().iter().map(|m| m.id).collect();
    assert_eq!(ids, vec![1, 2], "the branch did not come back");
    // A move played after the branch: the replaced moves are no longer offered.
    view.apply(Intent::Goto(2), 0.0, 0.0);
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    assert_eq!(view.session().moves().len(), 3, "{}", view.notation());
    assert_eq!(view.replaced_count(), None);
    view.apply(Intent::BringBack, 0.0, 0.0);
    assert_eq!(view.session().moves().len(), 3, "the offer was still taken");
}
