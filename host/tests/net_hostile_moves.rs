//! A hostile peer against `tavola net`, attacking what is not a live move: a catch-up
//! after a reconnection holding a move for the honest side's own seat (with an honest
//! or a forged clock claim), a clock claim below what the honest side measured, an early
//! flag, and terminal escapes in its texts. Each attack is judged by the honest side —
//! its record, its exit and its output — never by the attacker's own account. Loopback
//! only (relays and discovery off), every wait bounded.

mod common;
#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::{path::Path, sync::mpsc, time::Duration};

use common::plugins_of;
use hostile::{accepted, first_move, game_id, loopback, message, refusal, seat_at};
use net::{host, host_typing, join_typing, read_record};
use tavola::{
    ending::Ending,
    net::{
        GameId, Invite, Message, PROTOCOL_VERSION,
        fair::Chain,
        link::{Link, Node},
        message::{NetMove, Rejoin},
    },
};

/// The offer a fake Kalah host makes: seat 0 (South, first to move) for the guest.
fn offer(game: &GameId, half: &Chain) -> Message {
    Message::Offer {
        protocol: PROTOCOL_VERSION,
        game: game.clone(),
        options: Default::default(),
        seat: Some(0),
        seats: 2,
        players: vec!["remote".into(), "host".into()],
        commit: half.head(),
        clock: None,
    }
}

/// Plays a fake host's side of a (re)join on `link`: hello, offer, join, then a welcome
/// with `moves` as its catch-up.
fn welcome(
    events: &mpsc::Receiver<tavola::net::link::Event>,
    link: &Link,
    game: &GameId,
    half: &Chain,
    moves: Vec<NetMove>,
) -> Option<Rejoin> {
    let Message::Hello { rejoin, .. } = message(events, link.id()) else {
        panic!("no hello")
    };
    link.send(&offer(game, half));
    let Message::Join { commit } = message(events, link.id()) else {
        panic!("no join")
    };
    link.send(&Message::Welcome {
        commits: vec![commit, half.head()],
        token: "seat-secret".into(),
        moves,
        throws: vec![],
    });
    rejoin
}

/// A fake host seats an honest guest (a person who types nothing) on South, drops the
/// connection at the guest's turn, and in the catch-up of the guest's return puts a move
/// for South claiming `spent_ms`. The guest's run and record.
fn forged_catch_up(spent_ms: u64) -> (net::Run, tavola::record::Record) {
    let dir = plugins_of(&["kalah"]);
    let game = game_id(dir.path(), "kalah", "Kalah");
    let forged = first_move(dir.path(), "kalah", 0, spent_ms);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("guest.json");
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    node.listen();
    let invite = Invite {
        protocol: PROTOCOL_VERSION,
        endpoint: node.addr(),
        game: game.clone(),
    };
    let mut guest = join_typing(
        dir.path(),
        &invite.to_text(),
        &["--record", record.to_str().unwrap(), "--reconnect", "20"],
    );
    let half = Chain::generate();
    let link = accepted(&events);
    welcome(&events, &link, &game, &half, vec![]);
    assert!(
        guest.wait_for("seat 0 to move", Duration::from_secs(20)),
        "the guest was never to move"
    );
    // The connection drops at the guest's turn; the guest calls again with its secret.
    link.close("gone");
    drop(link);
    let link = accepted(&events);
    let rejoin = welcome(&events, &link, &game, &half, vec![forged]);
    assert_eq!(rejoin.map(|r| r.token).as_deref(), Some("seat-secret"));
    refusal(&events, &link, "for this side's own seat 0");
    let run = guest.finish(Duration::from_secs(30));
    drop(link);
    node.close();
    (run, read_record(&record))
}

#[test]
fn a_catch_up_move_for_the_guests_own_seat_is_refused_and_the_host_forfeits() {
    let (run, record) = forged_catch_up(0);
    // The guest typed nothing: nothing is recorded for its seat; the host loses.
    assert!(run.ok, "{}", run.stderr);
    assert!(record.moves.is_empty(), "recorded: {:?}", record.moves);
    assert_eq!(record.ending, Some(Ending::Forfeit { seat: 1 }));
    assert!(
        run.stderr
            .contains("for this side's own seat 0, which this side never played"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("Forfeit"), "{}", run.stdout);
}

#[test]
fn a_forged_loss_on_time_in_a_catch_up_is_refused() {
    // The same route, the move claiming 10⁹ ms: no loss on time for the guest.
    let (run, record) = forged_catch_up(1_000_000_000);
    assert!(run.ok, "{}", run.stderr);
    assert!(record.moves.is_empty(), "recorded: {:?}", record.moves);
    assert_ne!(record.ending, Some(Ending::Time { seat: 0 }));
    assert_eq!(record.ending, Some(Ending::Forfeit { seat: 1 }));
}

/// A Kalah host on North (seat 1) with a bot and `clock`; the attacker, South, moves
/// first. The host, its invite.
fn bot_host(dir: &Path, record: &Path, extra: &[&str]) -> (net::Side, Invite) {
    let mut args = vec![
        "kalah",
        "--seat",
        "1",
        "--bot",
        "random",
        "--record",
        record.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (side, invite) = host(dir, &args);
    (side, Invite::parse(&invite).unwrap())
}

#[test]
fn a_clock_claim_below_what_the_host_measured_is_refused() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    // 12 s a seat; South thinks 5 s and says it took none.
    let (host_side, invite) = bot_host(
        dir.path(),
        &record,
        &["--clock", "0.2+0", "--reconnect", "60"],
    );
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, _) = seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 0);
    let started = std::time::Instant::now();
    let claim_none = first_move(dir.path(), "kalah", 0, 0);
    std::thread::sleep(Duration::from_secs(5).saturating_sub(started.elapsed()));
    link.send(&Message::Move(claim_none));
    let reason = refusal(&events, &link, "thought for 0 ms");
    assert!(reason.contains("passed on this side's clock"), "{reason}");
    // South's clock ran on from its turn's start: it loses on time, its move unrecorded.
    let hosted = host_side.finish(Duration::from_secs(40));
    assert!(hosted.ok, "{}", hosted.stderr);
    let r = read_record(&record);
    assert!(r.moves.is_empty(), "recorded: {:?}", r.moves);
    assert_eq!(r.ending, Some(Ending::Time { seat: 0 }));
    assert!(
        hosted.stderr.contains("thought for 0 ms"),
        "the host did not report it:\n{}",
        hosted.stderr
    );
    drop(link);
    node.close();
}

#[test]
fn an_early_flag_is_refused_and_the_flagger_forfeits() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    // The move the host's person will type, known before its clock runs.
    let first = first_move(dir.path(), "kalah", 0, 0);
    // A person hosts South (seat 0, to move first) with 5.4 s; the attacker is North.
    let (mut host_side, invite) = host_typing(
        dir.path(),
        &[
            "kalah",
            "--seat",
            "0",
            "--clock",
            "0.09+0",
            "--record",
            record.to_str().unwrap(),
            "--reconnect",
            "3",
        ],
    );
    let invite = Invite::parse(&invite).unwrap();
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, _) = seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 1);
    // At the start of the host's first turn: "South's time ran out".
    link.send(&Message::Flag { seat: 0 });
    refusal(&events, &link, "its time has not run out");
    // The host's person moves; the attacker, refused, does not come back: it forfeits.
    host_side.type_line(&first.notation);
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    let r = read_record(&record);
    assert_ne!(
        r.ending,
        Some(Ending::Time { seat: 0 }),
        "the early flag was taken"
    );
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
    assert!(
        hosted
            .stderr
            .contains("a flag for seat 0, but its time has not run out"),
        "{}",
        hosted.stderr
    );
    drop(link);
    node.close();
}

#[test]
fn a_peers_texts_reach_the_terminal_without_control_characters() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (host_side, invite) = bot_host(dir.path(), &record, &["--reconnect", "3"]);
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, _, token) = seat_at(&node, &events, &invite, None);
    // A notation that is an escape sequence: refused, quoted in the refusal.
    let mut mv = first_move(dir.path(), "kalah", 0, 0);
    mv.notation = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31mx".into();
    link.send(&Message::Move(mv));
    refusal(&events, &link, "is not a legal move");
    // Back with the seat's secret, it stops the game with an escape-laden reason.
    let (link, ..) = seat_at(&node, &events, &invite, Some(Rejoin { token, moves: 0 }));
    link.send(&Message::Refused {
        reason: "\u{1b}[31mred\u{1b}[0m\u{7}\r\u{1b}[1A".into(),
    });
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    let printed = format!("{}{}", hosted.stdout, hosted.stderr);
    for c in ['\u{1b}', '\u{7}', '\u{9b}', '\r'] {
        assert!(!printed.contains(c), "the host printed {c:?}:\n{printed:?}");
    }
    // The words arrived, cleaned.
    assert!(printed.contains("]0;owned[2J31mx"), "{printed}");
    assert!(printed.contains("[31mred[0m"), "{printed}");
    assert_eq!(
        read_record(&record).ending,
        Some(Ending::Forfeit { seat: 0 })
    );
    drop(link);
    node.close();
}

#[test]
fn questions_out_of_turn_or_repeated_are_declined_without_asking_the_person() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let first = first_move(dir.path(), "kalah", 0, 0);
    // A person hosts South (seat 0, first to move) with 12 s; the attacker is North.
    let (mut host_side, invite) = host_typing(
        dir.path(),
        &[
            "kalah",
            "--seat",
            "0",
            "--clock",
            "0.2+0",
            "--record",
            record.to_str().unwrap(),
            "--reconnect",
            "3",
        ],
    );
    let invite = Invite::parse(&invite).unwrap();
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, _) = seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 1);
    assert!(host_side.wait_for("seat 0 to move", Duration::from_secs(20)));
    // A hundred draw offers and takeback requests at the person's turn.
    for _ in 0..100 {
        link.send(&Message::OfferDraw { seat: 1 });
        link.send(&Message::AskTakeback { seat: 1, moves: 0 });
    }
    for _ in 0..200 {
        match message(&events, link.id()) {
            Message::AnswerDraw { accept } | Message::AnswerTakeback { accept } => {
                assert!(!accept)
            }
            other => panic!("{other:?}"),
        }
    }
    // The person was asked nothing, and moves on its own clock.
    while let Some(line) = host_side.line(Duration::from_millis(500)) {
        assert!(!line.contains("agree?"), "the person was asked: {line}");
    }
    host_side.type_line(&first.notation);
    let Message::Move(played) = message(&events, link.id()) else {
        panic!("no move")
    };
    assert!(played.spent_ms < 12_000, "{played:?}");
    // At its own turn the attacker may ask once: the person is asked; a second offer in
    // the same turn is declined unasked.
    link.send(&Message::OfferDraw { seat: 1 });
    assert!(host_side.wait_for("offers a draw: agree?", Duration::from_secs(10)));
    host_side.type_line("no");
    assert!(matches!(
        message(&events, link.id()),
        Message::AnswerDraw { accept: false }
    ));
    link.send(&Message::OfferDraw { seat: 1 });
    assert!(matches!(
        message(&events, link.id()),
        Message::AnswerDraw { accept: false }
    ));
    drop(link);
    node.close();
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    assert!(!hosted.stdout.contains("agree?"), "{}", hosted.stdout);
    let r = read_record(&record);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
}

#[test]
fn a_second_player_for_a_taken_seat_is_refused_not_made_a_spectator() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (host_side, invite) = bot_host(dir.path(), &record, &["--reconnect", "3"]);
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (first, ..) = seat_at(&node, &events, &invite, None);
    let second = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    second.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "late".into(),
        role: tavola::net::message::Role::Play,
        rejoin: None,
    });
    refusal(&events, &second, "every seat is taken");
    drop((first, second));
    node.close();
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
}

#[test]
fn a_guest_killed_and_resumed_at_its_turn_gets_no_time_back() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    // 15 s a seat; the guest's person (South, first to move) types nothing.
    let (host_side, invite) = bot_host(
        dir.path(),
        &host_record,
        &["--clock", "0.25+0", "--reconnect", "30"],
    );
    let invite_text = invite.to_text();
    let mut guest = join_typing(
        dir.path(),
        &invite_text,
        &[
            "--record",
            guest_record.to_str().unwrap(),
            "--reconnect",
            "30",
        ],
    );
    assert!(guest.wait_for("seat 0 to move", Duration::from_secs(20)));
    // 8 s into its turn the guest dies and comes back from its record at once.
    std::thread::sleep(Duration::from_secs(8));
    guest.kill();
    let back = join_typing(
        dir.path(),
        "",
        &[
            "--resume",
            guest_record.to_str().unwrap(),
            "--reconnect",
            "30",
        ],
    );
    let resumed = std::time::Instant::now();
    let hosted = host_side.finish(Duration::from_secs(40));
    let ended = resumed.elapsed();
    assert!(hosted.ok, "{}", hosted.stderr);
    // Its 15 s ran from its turn's start, not from its return (then it would have had
    // 15 s more): the game ends on time some 7 s after the return.
    assert!(
        ended < Duration::from_secs(12),
        "the game ended {ended:?} after the return: the crash gave time back"
    );
    let joined = back.finish(Duration::from_secs(20));
    assert!(joined.ok, "{}", joined.stderr);
    for path in [&host_record, &guest_record] {
        let r = read_record(path);
        assert_eq!(r.ending, Some(Ending::Time { seat: 0 }), "{path:?}");
        assert!(r.moves.is_empty());
    }
}
