//! A move's events on the board and in the move list, and the game's end sounded, at a
//! table whose worker is scripted (the pile game, its moves given a relay and a
//! message).

use game_api::{Effect, MoveId, Options, SiteId};

use super::Table;
use crate::{
    app::Intent,
    session::{SeatKind, Session},
    table::{NoRepaint, ScriptedLink, pile},
    worker::{Reply, Request},
};

/// A pile game between two people whose moves lift, relay and say what they took.
fn table() -> Table {
    let plugin = pile::plugin();
    let session = Session::new(
        &plugin,
        &Options::default(),
        vec![SeatKind::Person, SeatKind::Person],
        7,
        None,
    );
    let mut pile = pile::answerer();
    let answerer: crate::table::Answerer = Box::new(move |request| {
        let mut answer = pile(request)?;
        if let (Ok(Reply::Played { effects, .. }), Request::Play { mv }) = (&mut answer, request) {
            *effects = vec![
                Effect::Lift {
                    site: SiteId(0),
                    count: 1,
                },
                Effect::Drop {
                    site: SiteId(1),
                    count: 1,
                },
                Effect::Relay {
                    site: SiteId(1),
                    count: 1,
                },
                Effect::Drop {
                    site: SiteId(0),
                    count: 1,
                },
                Effect::Message {
                    text: format!("took {mv}"),
                },
            ];
        }
        Some(answer)
    });
    let (link, _) = ScriptedLink::new(plugin, answerer);
    Table::new(session, link, pile::snapshot(&[]), "tavola".into())
}

fn shown(view: &Table, now: f64) -> Vec<(Option<SiteId>, String)> {
    view.callouts(now)
        .map(|(c, _)| (c.site, c.text.clone()))
        .collect()
}

#[test]
fn events_come_on_the_board_and_in_the_move_list_once_the_board_has_shown_them() {
    let mut view = table();
    // One second a step: lift (0 s), drop (1 s), relay (2 s), drop (3 s), then the
    // message as the board has shown it all (4 s).
    view.apply(Intent::Play(MoveId(2)), 0.0, 1.0);
    assert!(view.animating());
    assert!(shown(&view, 0.0).is_empty());
    assert!(view.shown.animating_move(0, view.session().cursor()));
    view.logic(&NoRepaint, 0.0, 1.0);
    view.logic(&NoRepaint, 1.0, 1.0);
    assert!(
        shown(&view, 1.0).is_empty(),
        "the relay told before it was shown"
    );
    view.logic(&NoRepaint, 2.0, 1.0);
    assert_eq!(
        shown(&view, 2.0),
        vec![(Some(SiteId(1)), "relay".to_owned())]
    );
    assert!(
        view.animating(),
        "the move list would tell the move before its end"
    );
    view.logic(&NoRepaint, 3.0, 1.0);
    assert_eq!(
        shown(&view, 3.0).len(),
        1,
        "the message told before its step"
    );
    view.logic(&NoRepaint, 4.0, 1.0);
    // The message is told where the step before it was seen (the last drop).
    assert_eq!(
        shown(&view, 4.0),
        vec![
            (Some(SiteId(1)), "relay".to_owned()),
            (Some(SiteId(0)), "took 2".to_owned())
        ]
    );
    assert!(!view.animating());
    assert!(!view.shown.animating_move(0, view.session().cursor()));
    let check = view.session().moves()[0].check.clone().unwrap();
    assert!(
        view.shown.move_events[&(0, check)].text.contains("took 2"),
        "the move list's event"
    );
    // A moment later they are gone.
    view.logic(&NoRepaint, 10.0, 1.0);
    assert!(shown(&view, 10.0).is_empty());
}

#[test]
fn a_move_shown_at_once_tells_its_events_at_once_and_a_jump_forgets_them() {
    let mut view = table();
    view.apply(Intent::Play(MoveId(1)), 0.0, 0.0);
    view.logic(&NoRepaint, 0.0, 0.0);
    assert_eq!(shown(&view, 0.1).len(), 2);
    view.apply(Intent::Goto(0), 0.5, 0.0);
    view.logic(&NoRepaint, 0.5, 0.0);
    assert!(
        shown(&view, 0.5).is_empty(),
        "a jump kept the events of another move"
    );
}

#[test]
fn the_end_of_a_game_is_sounded_once_for_each_end() {
    let mut view = table();
    let frames = |view: &mut Table, from: f64| {
        for i in 0..5 {
            view.logic(&NoRepaint, from + f64::from(i), 0.0);
        }
    };
    for mv in [2, 2] {
        view.apply(Intent::Play(MoveId(mv)), 0.0, 0.0);
    }
    frames(&mut view, 0.0);
    assert_eq!(view.end_sounds(), 0, "sounded before the end");
    view.apply(Intent::Play(MoveId(1)), 5.0, 1.0);
    // Not while the board still shows the last move.
    view.logic(&NoRepaint, 5.0, 1.0);
    assert_eq!(
        view.end_sounds(),
        0,
        "sounded before the board showed the end"
    );
    frames(&mut view, 10.0);
    assert_eq!(view.end_sounds(), 1);
    frames(&mut view, 20.0);
    assert_eq!(
        view.end_sounds(),
        1,
        "sounded again while the summary is drawn"
    );
    // Reviewed and back at the same end: not again.
    view.apply(Intent::Goto(1), 30.0, 0.0);
    frames(&mut view, 30.0);
    view.apply(Intent::Goto(3), 40.0, 0.0);
    frames(&mut view, 40.0);
    assert_eq!(view.end_sounds(), 1, "the same end sounded twice");
}
