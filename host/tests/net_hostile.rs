//! A hostile peer against `tavola net`: garbage, oversized frames, illegal moves, moves
//! for the wrong seat or number, impossible clock claims, a wrong position hash, a wrong
//! reveal. Each is judged by what the other side did — its record, its exit, its
//! messages — never by the attacker's own account. Loopback only, bounded in time.

mod common;
#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::{
    sync::mpsc,
    time::{Duration, Instant},
};

use common::plugins_of;
use hostile::{loopback, message, next, seat_at};
use net::{host, join, read_record};
use tavola::net::{
    GameId, Invite, Message, PROTOCOL_VERSION,
    fair::Chain,
    link::{Event, Link, Node},
    message::{NetMove, Rejoin, Role},
};

/// Sends raw `bytes`, expects the host's refusal containing `said`, and the link closed.
fn refused_raw(events: &mpsc::Receiver<Event>, link: &Link, bytes: Vec<u8>, said: &str) {
    link.send_raw(bytes);
    match message(events, link.id()) {
        Message::Refused { reason } => assert!(reason.contains(said), "{reason}"),
        other => panic!("not refused but answered {other:?}"),
    }
    match next(events, link.id(), Duration::from_secs(10)) {
        Some(
            Event::Closed { .. }
            | Event::Message {
                message: Message::Bye,
                ..
            },
        )
        | None => {}
        other => panic!("the link stayed open: {other:?}"),
    }
}

/// Sends `attack`, expects the host's refusal containing `said`, and the link closed.
fn refused(events: &mpsc::Receiver<Event>, link: &Link, attack: Message, said: &str) {
    link.send(&attack);
    match message(events, link.id()) {
        Message::Refused { reason } => assert!(reason.contains(said), "{reason}"),
        other => panic!("not refused but answered {other:?}"),
    }
    match next(events, link.id(), Duration::from_secs(10)) {
        Some(
            Event::Closed { .. }
            | Event::Message {
                message: Message::Bye,
                ..
            },
        )
        | None => {}
        other => panic!("the link stayed open: {other:?}"),
    }
}

#[test]
fn a_hostile_guest_gets_nothing_but_refusals_and_nothing_is_recorded() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    // The host plays North (seat 1), so the attacker, South, is to move first.
    let (host_side, invite_text) = host(
        dir.path(),
        &[
            "kalah",
            "--seat",
            "1",
            "--bot",
            "random",
            "--record",
            record.to_str().unwrap(),
            "--reconnect",
            "5",
        ],
    );
    let invite = Invite::parse(&invite_text).unwrap();
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();

    // Frames that are no message: refused, the link closed, the host still offering.
    let link = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    let mut garbage = 9u32.to_be_bytes().to_vec();
    garbage.extend_from_slice(b"\xff{not it}");
    refused_raw(&events, &link, garbage, "not a Tavola message");
    let link = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    refused_raw(
        &events,
        &link,
        (10u32 << 20).to_be_bytes().to_vec(),
        "more than the 262144 allowed",
    );

    // Take the seat honestly, then attack from it; each refusal closes the link, and the
    // seat's secret brings the attacker back for the next attack.
    let (link, seat, token) = seat_at(&node, &events, &invite, None);
    // South's turn (and clock) began with the welcome: a true claim is the time since.
    let turn_began = Instant::now();
    assert_eq!(seat, 0);
    let mv = |number, seat, notation: &str, position: &str, spent_ms| {
        Message::Move(NetMove {
            number,
            seat,
            notation: notation.into(),
            position: position.into(),
            spent_ms,
        })
    };
    let rejoin = || {
        Some(Rejoin {
            token: token.clone(),
            moves: 0,
        })
    };
    refused(
        &events,
        &link,
        mv(1, 0, "zz", "00", 0),
        "is not a legal move",
    );
    let (link, ..) = seat_at(&node, &events, &invite, rejoin());
    refused(
        &events,
        &link,
        mv(1, 1, "c", "00", 0),
        "sent a move for seat 1",
    );
    let (link, ..) = seat_at(&node, &events, &invite, rejoin());
    refused(
        &events,
        &link,
        mv(7, 0, "c", "00", 0),
        "numbered 7, but the game is at move 1",
    );
    let (link, ..) = seat_at(&node, &events, &invite, rejoin());
    refused(
        &events,
        &link,
        mv(1, 0, "c", "00", 3_600_000),
        "thought for 3600000 ms",
    );
    let (link, ..) = seat_at(&node, &events, &invite, rejoin());
    refused(
        &events,
        &link,
        Message::Welcome {
            commits: vec![],
            token: String::new(),
            moves: vec![],
            throws: vec![],
        },
        "unexpected welcome",
    );
    let stranger = Some(Rejoin {
        token: "not the secret".into(),
        moves: 0,
    });
    let l = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    l.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "attacker".into(),
        role: Role::Play,
        rejoin: stranger,
    });
    assert!(
        matches!(message(&events, l.id()), Message::Refused { reason } if reason.contains("belongs to no seat"))
    );
    let l = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    l.send(&Message::Hello {
        protocol: 99,
        app: "attacker".into(),
        role: Role::Play,
        rejoin: None,
    });
    assert!(
        matches!(message(&events, l.id()), Message::Refused { reason } if reason.contains("you speak version 99"))
    );

    // Nothing of any of it was played or recorded.
    let saved = read_record(&record);
    assert!(
        saved.moves.is_empty(),
        "a refused move was recorded: {:?}",
        saved.moves
    );

    // A legal move with a position the host does not reach: refused, unrecorded; the
    // attacker, refused, does not come back within the window and forfeits.
    let (link, ..) = seat_at(&node, &events, &invite, rejoin());
    let true_claim = turn_began.elapsed().as_millis() as u64;
    refused(
        &events,
        &link,
        mv(1, 0, "c", "0000000000000000", true_claim),
        "disagree",
    );
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    assert!(
        hosted.stderr.contains("disagree after move 1 (c)"),
        "{}",
        hosted.stderr
    );
    for said in [
        "not a Tavola message",
        "more than the 262144 allowed",
        "is not a legal move",
    ] {
        assert!(
            hosted.stderr.contains(said),
            "the host did not report `{said}`:\n{}",
            hosted.stderr
        );
    }
    let saved = read_record(&record);
    assert!(
        saved.moves.is_empty(),
        "a refused move was recorded: {:?}",
        saved.moves
    );
    assert_eq!(
        saved.ending,
        Some(tavola::ending::Ending::Forfeit { seat: 0 })
    );
    node.close();
}

#[test]
fn a_host_whose_welcome_changes_its_commitment_is_refused() {
    let dir = plugins_of(&["kalah"]);
    let listed = net::tavola(dir.path(), &["list", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    let p = &json["plugins"][0];
    let game = GameId {
        id: "kalah".into(),
        name: "Kalah".into(),
        version: p["version"].as_str().unwrap().into(),
        hash: p["hash"].as_str().unwrap().into(),
    };
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    node.listen();
    let invite = Invite {
        protocol: PROTOCOL_VERSION,
        endpoint: node.addr(),
        game: game.clone(),
    };
    let guest = join(dir.path(), &invite.to_text(), &["--bot", "random"]);
    let link = match events.recv_timeout(Duration::from_secs(20)).unwrap() {
        Event::Joined(link) => link,
        other => panic!("{other:?}"),
    };
    assert!(matches!(message(&events, link.id()), Message::Hello { .. }));
    let committed = Chain::generate();
    link.send(&Message::Offer {
        protocol: PROTOCOL_VERSION,
        game,
        options: Default::default(),
        seat: Some(0),
        seats: 2,
        players: vec!["remote".into(), "host".into()],
        commit: committed.head(),
        clock: None,
    });
    let Message::Join { commit } = message(&events, link.id()) else {
        panic!("no join")
    };
    // Start under another commitment than the one offered: the host would be bound to
    // nothing the guest saw before it committed.
    link.send(&Message::Welcome {
        commits: vec![commit, Chain::generate().head()],
        token: "t".into(),
        moves: vec![],
        throws: vec![],
    });
    match message(&events, link.id()) {
        Message::Refused { reason } => {
            assert!(reason.contains("not the one of its offer"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    let joined = guest.finish(Duration::from_secs(20));
    assert!(!joined.ok);
    assert!(
        joined.stderr.contains("not the one of its offer"),
        "{}",
        joined.stderr
    );
    drop(link);
    node.close();
}

/// A Kalah host on North (seat 1) with three-second clocks; the attacker, South, moves
/// first. Returns the host, its invite and the record's path.
fn clocked_host(dir: &std::path::Path, record: &std::path::Path) -> (net::Side, Invite) {
    let (host_side, invite_text) = host(
        dir,
        &[
            "kalah",
            "--seat",
            "1",
            "--bot",
            "random",
            "--clock",
            "0.05+0",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    (host_side, Invite::parse(&invite_text).unwrap())
}

/// The clocked host ends by itself; its record says South (seat 0) lost on time, with
/// no move recorded (a late move does not count).
fn south_lost_on_time(host_side: net::Side, record: &std::path::Path) -> net::Run {
    let hosted = host_side.finish(Duration::from_secs(60));
    assert!(hosted.ok, "{}", hosted.stderr);
    let r = read_record(record);
    assert_eq!(r.ending, Some(tavola::ending::Ending::Time { seat: 0 }));
    assert!(r.moves.is_empty(), "a move was recorded");
    hosted
}

#[test]
fn a_guest_that_says_nothing_past_its_time_loses_on_time() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (host_side, invite) = clocked_host(dir.path(), &record);
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, token) = seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 0);
    // A flag for the host's seat, which is not to move and has all its time: refused.
    refused(&events, &link, Message::Flag { seat: 1 }, "has not run out");
    // Back in the seat (its clock ran on while it was away), and then silence: the host
    // ends the game once South's 3 s and the latency allowance have passed.
    let (link, ..) = seat_at(&node, &events, &invite, Some(Rejoin { token, moves: 0 }));
    let told = message(&events, link.id());
    assert!(matches!(told, Message::Flag { seat: 0 }), "{told:?}");
    let hosted = south_lost_on_time(host_side, &record);
    assert!(
        hosted.stderr.contains("South's time ran out"),
        "{}",
        hosted.stderr
    );
}

#[test]
fn a_move_that_claims_more_time_than_its_seat_had_loses_on_time() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (host_side, invite) = clocked_host(dir.path(), &record);
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, _) = seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 0);
    // 2.5 s pass; the move says it took 4 s (possible, within the clock slack), more than
    // the 3 s South had: the move does not count, South loses on time.
    std::thread::sleep(Duration::from_millis(2500));
    link.send(&Message::Move(NetMove {
        number: 1,
        seat: 0,
        notation: "a".into(),
        position: "00".into(),
        spent_ms: 4000,
    }));
    south_lost_on_time(host_side, &record);
}
