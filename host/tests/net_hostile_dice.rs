//! A hostile host against the fair throws of `tavola net` (The Storks' Migration, which
//! begins with a throw): a host that picks its contribution after seeing the guest's, a
//! host that never reveals, and records whose reveals were tampered with. Judged by the
//! honest side's record, exit and output (and by `tavola net verify`). Loopback only
//! (relays and discovery off), every wait bounded.

mod common;
#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::{sync::mpsc, time::Duration};

use common::plugins_of;
use hostile::{accepted, game_id, loopback, message, refusal};
use net::{host, join, read_record};
use tavola::{
    ending::Ending,
    net::{
        Invite, Message, PROTOCOL_VERSION,
        fair::{Chain, Nonce, next_link},
        link::{Event, Link, Node},
    },
};

/// A fake Storks host seats a bot guest on seat 0 with `--reconnect reconnect`, and
/// waits for the guest's contribution to the first throw. The guest, the link, the
/// guest's record path (in `out`), and the guest's reveal.
struct Staged {
    guest: net::Side,
    link: Link,
    events: mpsc::Receiver<Event>,
    node: Node,
    record: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

fn staged(out: &std::path::Path, reconnect: &str) -> Staged {
    let dir = plugins_of(&["stork_migration"]);
    let game = game_id(dir.path(), "stork-migration", "The Storks' Migration");
    let record = out.join("guest.json");
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    node.listen();
    let invite = Invite {
        protocol: PROTOCOL_VERSION,
        endpoint: node.addr(),
        game: game.clone(),
    };
    let guest = join(
        dir.path(),
        &invite.to_text(),
        &[
            "--bot",
            "random",
            "--record",
            record.to_str().unwrap(),
            "--reconnect",
            reconnect,
        ],
    );
    let link = accepted(&events);
    assert!(matches!(message(&events, link.id()), Message::Hello { .. }));
    let chain = Chain::generate();
    link.send(&Message::Offer {
        protocol: PROTOCOL_VERSION,
        game,
        options: Default::default(),
        seat: Some(0),
        seats: 2,
        players: vec!["remote".into(), "host".into()],
        commit: chain.head(),
        clock: None,
    });
    let Message::Join { commit } = message(&events, link.id()) else {
        panic!("no join")
    };
    link.send(&Message::Welcome {
        commits: vec![commit.clone(), chain.head()],
        token: "seat-secret".into(),
        moves: vec![],
        throws: vec![],
    });
    // The game begins with a throw: the guest reveals its link at once, and it is the
    // next link of the chain it committed to.
    match message(&events, link.id()) {
        Message::Reveal {
            seat,
            throw,
            number,
            secret,
        } => {
            assert_eq!((seat, throw, number), (0, 1, 1));
            next_link(&commit, &secret, 0, 1).unwrap();
        }
        other => panic!("no reveal but {other:?}"),
    }
    Staged {
        guest,
        link,
        events,
        node,
        record,
        _dir: dir,
    }
}

#[test]
fn a_host_that_picks_its_contribution_after_seeing_the_guests_is_refused() {
    let out = tempfile::tempdir().unwrap();
    let s = staged(out.path(), "20");
    // The host, having seen the guest's contribution, sends one of its own choosing
    // (any value it likes) instead of the next link of the chain it committed to.
    s.link.send(&Message::Reveal {
        seat: 1,
        throw: 1,
        number: 1,
        secret: Nonce::generate().to_hex(),
    });
    refusal(&s.events, &s.link, "does not match its commitment");
    let run = s.guest.finish(Duration::from_secs(30));
    assert!(run.ok, "{}", run.stderr);
    let r = read_record(&s.record);
    assert!(r.moves.is_empty(), "a throw was played: {:?}", r.moves);
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
    assert!(
        run.stderr.contains("does not match its commitment"),
        "{}",
        run.stderr
    );
    drop(s.link);
    s.node.close();
}

#[test]
fn a_host_that_walks_away_from_a_throw_forfeits() {
    let out = tempfile::tempdir().unwrap();
    let s = staged(out.path(), "3");
    // The host never reveals (it saw the guest's link and does not like the throw).
    let run = s.guest.finish(Duration::from_secs(30));
    assert!(run.ok, "{}", run.stderr);
    let r = read_record(&s.record);
    assert!(r.moves.is_empty(), "a throw was played: {:?}", r.moves);
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
    assert!(
        run.stderr
            .contains("no contribution to the throw due came within 3 s"),
        "{}",
        run.stderr
    );
    drop(s.link);
    s.node.close();
}

#[test]
fn each_throw_of_an_honest_game_is_shown_fair_and_a_tampered_one_is_not() {
    let dir = plugins_of(&["stork_migration"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    let (host_side, invite) = host(
        dir.path(),
        &[
            "stork-migration",
            "--bot",
            "random",
            "--record",
            host_record.to_str().unwrap(),
        ],
    );
    let guest = join(
        dir.path(),
        &invite,
        &[
            "--bot",
            "random",
            "--record",
            guest_record.to_str().unwrap(),
        ],
    );
    let hosted = host_side.finish(Duration::from_secs(180));
    assert!(hosted.ok, "{}", hosted.stderr);
    assert!(guest.finish(Duration::from_secs(30)).ok);
    let r = read_record(&guest_record);
    let net = r.net.clone().unwrap();
    let chance = r.moves.iter().filter(|m| m.seat.is_none()).count();
    assert!(chance > 10, "a Storks game has many throws");
    assert_eq!(net.throws.len(), chance, "one throw per chance outcome");
    let verify = |path: &std::path::Path| {
        net::tavola(dir.path(), &["net", "verify", path.to_str().unwrap()])
    };
    let fair = verify(&guest_record);
    assert!(fair.ok, "{}{}", fair.stdout, fair.stderr);
    assert!(
        fair.stdout.contains(&format!("all {chance} throws fair")),
        "{}",
        fair.stdout
    );
    // A reveal replaced by a later link of the same chain: not its chain's next link.
    let mut forged = r.clone();
    let net_f = forged.net.as_mut().unwrap();
    net_f.throws[3].reveals[1] = net_f.throws[4].reveals[1].clone();
    let tampered = out.path().join("tampered.json");
    std::fs::write(&tampered, forged.to_json()).unwrap();
    let refused = verify(&tampered);
    assert!(!refused.ok, "{}", refused.stdout);
    assert!(
        refused.stderr.contains("throw 4: seat 1's contribution"),
        "{}",
        refused.stderr
    );
    // Chance outcomes swapped between two throws of the record: not what they draw.
    let mut swapped = r.clone();
    let chances: Vec<usize> = (0..swapped.moves.len())
        .filter(|&i| swapped.moves[i].seat.is_none())
        .collect();
    let (i, j) = chances
        .iter()
        .flat_map(|&i| chances.iter().map(move |&j| (i, j)))
        .find(|&(i, j)| swapped.moves[i].id != swapped.moves[j].id)
        .expect("two different throws");
    let (a, b) = (swapped.moves[i].clone(), swapped.moves[j].clone());
    swapped.moves[i].id = b.id;
    swapped.moves[i].notation = b.notation;
    swapped.moves[j].id = a.id;
    swapped.moves[j].notation = a.notation;
    let tampered = out.path().join("swapped.json");
    std::fs::write(&tampered, swapped.to_json()).unwrap();
    let refused = verify(&tampered);
    assert!(!refused.ok, "{}", refused.stdout);
    assert!(refused.stderr.contains("not fair"), "{}", refused.stderr);
}

#[test]
fn a_host_killed_mid_throws_comes_back_with_the_same_throws_and_both_records_verify() {
    let dir = plugins_of(&["stork_migration"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    let (mut first, invite) = host(
        dir.path(),
        &[
            "stork-migration",
            "--bot",
            "random",
            "--record",
            host_record.to_str().unwrap(),
        ],
    );
    let guest = join(
        dir.path(),
        &invite,
        &[
            "--bot",
            "random",
            "--record",
            guest_record.to_str().unwrap(),
            "--reconnect",
            "60",
        ],
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let thrown = || {
        tavola::record::Record::read(&host_record)
            .map_or(0, |r| r.net.map_or(0, |n| n.throws.len()))
    };
    while thrown() < 6 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    first.kill();
    let before = read_record(&host_record);
    assert!(before.result.is_none(), "the game ended before the kill");
    let (again, same) = host(
        dir.path(),
        &[
            "--resume",
            host_record.to_str().unwrap(),
            "--reconnect",
            "60",
        ],
    );
    assert_eq!(same, invite);
    let hosted = again.finish(Duration::from_secs(180));
    let joined = guest.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}\n{}", hosted.stderr, joined.stderr);
    assert!(joined.ok, "{}", joined.stderr);
    let (a, b) = (read_record(&host_record), read_record(&guest_record));
    assert!(a.result.is_some());
    let key = |m: &tavola::record::RecordedMove| (m.id, m.seat, m.check.clone());
    assert_eq!(
        a.moves.iter().map(key).collect::<Vec<_>>(),
        b.moves.iter().map(key).collect::<Vec<_>>(),
        "endings {:?} {:?}\nthe host said:\n{}\nthe guest said:\n{}",
        a.ending,
        b.ending,
        hosted.stderr,
        joined.stderr
    );
    // The throws made before the crash are the record's still: nothing was thrown again.
    let (an, bn) = (a.net.unwrap(), b.net.unwrap());
    let kept = before.net.unwrap().throws;
    assert_eq!(an.throws[..kept.len()], kept[..]);
    assert_eq!(an.throws, bn.throws);
    for path in [&host_record, &guest_record] {
        let verified = net::tavola(dir.path(), &["net", "verify", path.to_str().unwrap()]);
        assert!(verified.ok, "{}{}", verified.stdout, verified.stderr);
    }
}

#[test]
fn a_guest_killed_mid_throws_comes_back_with_the_same_throws() {
    let dir = plugins_of(&["stork_migration"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    let (host_side, invite) = host(
        dir.path(),
        &[
            "stork-migration",
            "--bot",
            "random",
            "--record",
            host_record.to_str().unwrap(),
            "--reconnect",
            "60",
        ],
    );
    let mut guest = join(
        dir.path(),
        &invite,
        &[
            "--bot",
            "random",
            "--record",
            guest_record.to_str().unwrap(),
        ],
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let thrown = || {
        tavola::record::Record::read(&guest_record)
            .map_or(0, |r| r.net.map_or(0, |n| n.throws.len()))
    };
    while thrown() < 6 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    guest.kill();
    let before = read_record(&guest_record);
    assert!(before.result.is_none(), "the game ended before the kill");
    let back = join(
        dir.path(),
        "",
        &[
            "--resume",
            guest_record.to_str().unwrap(),
            "--bot",
            "random",
        ],
    );
    let hosted = host_side.finish(Duration::from_secs(180));
    let joined = back.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}\n{}", hosted.stderr, joined.stderr);
    assert!(joined.ok, "{}", joined.stderr);
    let (a, b) = (read_record(&host_record), read_record(&guest_record));
    let (an, bn) = (a.net.unwrap(), b.net.unwrap());
    let kept = before.net.unwrap().throws;
    assert_eq!(bn.throws[..kept.len()], kept[..]);
    assert_eq!(an.throws, bn.throws);
    let verified = net::tavola(
        dir.path(),
        &["net", "verify", guest_record.to_str().unwrap()],
    );
    assert!(verified.ok, "{}{}", verified.stdout, verified.stderr);
}

/// A Storks host (seat 0, a bot) and an attacker seated on seat 1 with `--reconnect 3`:
/// the host, its record, the attacker's link and events, after the host's contribution
/// to the first throw came.
fn hosted_storks(
    dir: &std::path::Path,
    record: &std::path::Path,
) -> (net::Side, Link, mpsc::Receiver<Event>, Node) {
    let (side, invite) = host(
        dir,
        &[
            "stork-migration",
            "--bot",
            "random",
            "--record",
            record.to_str().unwrap(),
            "--reconnect",
            "3",
        ],
    );
    let invite = Invite::parse(&invite).unwrap();
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let (link, seat, _) = hostile::seat_at(&node, &events, &invite, None);
    assert_eq!(seat, 1);
    match message(&events, link.id()) {
        Message::Reveal {
            seat,
            throw,
            number,
            ..
        } => assert_eq!((seat, throw, number), (0, 1, 1)),
        other => panic!("no reveal but {other:?}"),
    }
    (side, link, events, node)
}

#[test]
fn a_guest_that_forges_its_contribution_is_refused_and_forfeits() {
    let dir = plugins_of(&["stork_migration"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (side, link, events, node) = hosted_storks(dir.path(), &record);
    link.send(&Message::Reveal {
        seat: 1,
        throw: 1,
        number: 1,
        secret: Nonce::generate().to_hex(),
    });
    refusal(&events, &link, "does not match its commitment");
    let hosted = side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    let r = read_record(&record);
    assert!(r.moves.is_empty(), "a throw was played: {:?}", r.moves);
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
    drop(link);
    node.close();
}

#[test]
fn a_guest_that_withholds_its_contribution_forfeits() {
    let dir = plugins_of(&["stork_migration"]);
    let out = tempfile::tempdir().unwrap();
    let record = out.path().join("host.json");
    let (side, link, _events, node) = hosted_storks(dir.path(), &record);
    // Connected, silent: it has seen the host's link and does not like the throw.
    let hosted = side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    let r = read_record(&record);
    assert!(r.moves.is_empty(), "a throw was played: {:?}", r.moves);
    assert_eq!(r.ending, Some(Ending::Forfeit { seat: 1 }));
    assert!(
        hosted
            .stderr
            .contains("did not contribute to the throw due within 3 seconds"),
        "{}",
        hosted.stderr
    );
    drop(link);
    node.close();
}
