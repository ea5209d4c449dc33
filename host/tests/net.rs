//! Network play between two `tavola` processes on the loopback interface only
//! (127.0.0.1, relays and address lookup off), each bounded in time: whole games for
//! every first-party plugin with both records equal move by move, and a side that is
//! killed and comes back.

mod common;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::time::Duration;

use common::plugins_of;
use net::{host, join, read_record};

const GAMES: [&str; 7] = [
    "kalah",
    "oware",
    "congkak",
    "o-an-quan",
    "zaroc",
    "stork-migration",
    "bite-the-pumpkin",
];

#[test]
fn two_processes_play_every_first_party_game_with_equal_records() {
    let crates: Vec<String> = GAMES.iter().map(|g| g.replace('-', "_")).collect();
    let crates: Vec<&str> = crates.iter().map(String::as_str).collect();
    let dir = plugins_of(&crates);
    let out = tempfile::tempdir().unwrap();
    for game in GAMES {
        let host_record = out.path().join(format!("{game}-host.json"));
        let guest_record = out.path().join(format!("{game}-guest.json"));
        let (host_side, invite) = host(
            dir.path(),
            &[
                game,
                "--bot",
                "random",
                "--record",
                host_record.to_str().unwrap(),
            ],
        );
        let mut guests = Vec::new();
        for g in 0..host_side.open_seats {
            let record = if g == 0 {
                guest_record.clone()
            } else {
                out.path().join(format!("{game}-guest{g}.json"))
            };
            guests.push(join(
                dir.path(),
                &invite,
                &["--bot", "random", "--record", record.to_str().unwrap()],
            ));
        }
        let hosted = host_side.finish(Duration::from_secs(120));
        assert!(hosted.ok, "{game}: the host failed:\n{}", hosted.stderr);
        for guest in guests {
            let joined = guest.finish(Duration::from_secs(30));
            assert!(joined.ok, "{game}: a guest failed:\n{}", joined.stderr);
            assert!(
                joined
                    .stdout
                    .lines()
                    .any(|l| l.starts_with("Result:") || l.contains("wins") || l.contains("draw")),
                "{game}: no result line:\n{}",
                joined.stdout
            );
        }
        let a = read_record(&host_record);
        let b = read_record(&guest_record);
        assert!(!a.moves.is_empty(), "{game}: no move recorded");
        assert_eq!(
            a.moves.len(),
            b.moves.len(),
            "{game}: the records differ in length"
        );
        for (x, y) in a.moves.iter().zip(&b.moves) {
            assert_eq!(
                (x.id, &x.notation, x.seat, &x.check),
                (y.id, &y.notation, y.seat, &y.check),
                "{game}: the records differ"
            );
        }
        assert_eq!(a.seed, b.seed, "{game}: not the same seed");
        assert!(
            a.result.is_some(),
            "{game}: the host's record has no result"
        );
        assert_eq!(a.result, b.result, "{game}: not the same result");
        let (an, bn) = (a.net.unwrap(), b.net.unwrap());
        assert_eq!((an.role.as_str(), bn.role.as_str()), ("host", "guest"));
        assert_eq!(an.commit, bn.commit);
        assert_eq!(an.commits, bn.commits, "{game}: not the same commitments");
        assert_eq!(an.throws, bn.throws, "{game}: not the same throws");
        // No secret is left in a finished record.
        assert!(an.chain.is_none() && bn.chain.is_none() && an.host_secrets.is_none());
        // Each throw is shown fair from either record alone.
        for path in [&host_record, &guest_record] {
            let verified = net::tavola(dir.path(), &["net", "verify", path.to_str().unwrap()]);
            assert!(
                verified.ok,
                "{game}: {} is not shown fair:\n{}{}",
                path.display(),
                verified.stdout,
                verified.stderr
            );
            let throws = a.moves.iter().filter(|m| m.seat.is_none()).count();
            assert!(
                verified
                    .stdout
                    .contains(&format!("all {throws} throws fair")),
                "{game}: {}",
                verified.stdout
            );
        }
        // And each record replays on its own.
        let replayed = net::tavola(dir.path(), &["replay", host_record.to_str().unwrap()]);
        assert!(
            replayed.ok,
            "{game}: the host's record does not replay:\n{}",
            replayed.stderr
        );
    }
}

#[test]
fn a_guest_killed_mid_game_comes_back_from_its_record() {
    let dir = plugins_of(&["oware"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    // A slow bot on the host's side, so that the game is still going when the guest dies.
    let (host_side, invite) = host(
        dir.path(),
        &[
            "oware",
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
    // Wait for a few moves, then kill the guest hard.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let moves = std::fs::read_to_string(&guest_record)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if moves > 3 || std::time::Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    guest.kill();
    let before = read_record(&guest_record);
    assert!(
        !before.moves.is_empty(),
        "the guest had saved no move before it died"
    );
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
    let hosted = host_side.finish(Duration::from_secs(120));
    assert!(hosted.ok, "the host failed:\n{}", hosted.stderr);
    let joined = back.finish(Duration::from_secs(30));
    assert!(joined.ok, "the returning guest failed:\n{}", joined.stderr);
    let a = read_record(&host_record);
    let b = read_record(&guest_record);
    assert!(a.result.is_some());
    let key =
        |m: &tavola::record::RecordedMove| (m.id, m.notation.clone(), m.seat, m.check.clone());
    assert_eq!(
        a.moves.iter().map(key).collect::<Vec<_>>(),
        b.moves.iter().map(key).collect::<Vec<_>>(),
        "the records differ after the guest came back"
    );
    assert!(b.moves.len() > before.moves.len());
    assert!(hosted.stderr.contains("back"), "{}", hosted.stderr);
}

#[test]
fn a_joining_side_without_the_same_plugin_is_refused_with_both_versions() {
    let dir = plugins_of(&["kalah"]);
    let next = plugins_of(&["fixture_kalah_next"]);
    let (host_side, invite) = host(dir.path(), &["kalah", "--bot", "random", "--wait", "20"]);
    let guest = join(next.path(), &invite, &["--bot", "random"]);
    let joined = guest.finish(Duration::from_secs(30));
    assert!(!joined.ok);
    assert!(
        joined.stderr.contains("your friend has Kalah"),
        "{}",
        joined.stderr
    );
    drop(host_side);
}

#[test]
fn three_seats_with_two_remote_players_and_a_spectator_keep_one_record() {
    let dir = plugins_of(&["bite_the_pumpkin"]);
    let out = tempfile::tempdir().unwrap();
    let path = |name: &str| out.path().join(name).to_str().unwrap().to_owned();
    let (host_side, invite) = host(
        dir.path(),
        &[
            "bite-the-pumpkin",
            "--option",
            "players=3",
            "--bot",
            "random",
            "--record",
            &path("h.json"),
        ],
    );
    assert_eq!(host_side.open_seats, 2);
    let watcher = join(
        dir.path(),
        &invite,
        &["--watch", "--record", &path("w.json")],
    );
    let one = join(
        dir.path(),
        &invite,
        &["--bot", "random", "--record", &path("1.json")],
    );
    let two = join(
        dir.path(),
        &invite,
        &["--bot", "random", "--record", &path("2.json")],
    );
    let hosted = host_side.finish(Duration::from_secs(120));
    let sides: Vec<_> = [one, two, watcher]
        .into_iter()
        .map(|side| side.finish(Duration::from_secs(30)))
        .collect();
    assert!(
        hosted.ok,
        "the host failed:\n{}\n{}\nthe others:\n{sides:#?}",
        hosted.stdout, hosted.stderr
    );
    for run in sides {
        assert!(run.ok, "{}\n{}", run.stdout, run.stderr);
    }
    let key =
        |m: &tavola::record::RecordedMove| (m.id, m.notation.clone(), m.seat, m.check.clone());
    let h = read_record(std::path::Path::new(&path("h.json")));
    assert!(h.result.is_some());
    for other in ["1.json", "2.json", "w.json"] {
        let r = read_record(std::path::Path::new(&path(other)));
        assert_eq!(
            h.moves.iter().map(key).collect::<Vec<_>>(),
            r.moves.iter().map(key).collect::<Vec<_>>(),
            "{other} differs from the host's record"
        );
        assert_eq!(h.result, r.result, "{other}");
        assert_eq!(h.seed, r.seed, "{other}");
    }
    let mut seats: Vec<_> = ["1.json", "2.json"]
        .iter()
        .map(|f| {
            read_record(std::path::Path::new(&path(f)))
                .net
                .unwrap()
                .seat
        })
        .collect();
    // The seats go in the order the players joined.
    seats.sort();
    assert_eq!(seats, [Some(1), Some(2)]);
    let w = read_record(std::path::Path::new(&path("w.json")))
        .net
        .unwrap();
    assert_eq!((w.role.as_str(), w.seat), ("spectator", None));
}

#[test]
fn a_person_offers_a_draw_asks_for_a_takeback_and_resigns_across_the_network() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("h.json");
    let guest_record = out.path().join("g.json");
    let (mut host_side, invite) = net::host_typing(
        dir.path(),
        &["kalah", "--record", host_record.to_str().unwrap()],
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
    assert!(host_side.wait_for("seat 0 to move", Duration::from_secs(20)));
    // A bot declines a draw; South has no move to take back yet; then South resigns.
    host_side.type_line("draw");
    assert!(host_side.wait_for("seat 0 to move", Duration::from_secs(20)));
    host_side.type_line("takeback");
    assert!(host_side.wait_for("seat 0 to move", Duration::from_secs(20)));
    host_side.type_line("resign");
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    assert!(
        hosted.stderr.contains("the draw offer was declined"),
        "{}",
        hosted.stderr
    );
    assert!(
        hosted.stderr.contains("you have no move to take back"),
        "{}",
        hosted.stderr
    );
    let joined = guest.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    assert!(
        joined.stderr.contains("South resigned"),
        "{}",
        joined.stderr
    );
    for path in [&host_record, &guest_record] {
        let r = read_record(path);
        assert_eq!(r.ending, Some(tavola::ending::Ending::Resigned { seat: 0 }));
        assert_eq!(
            r.result.unwrap().seats[0].result,
            game_api::GameResult::Loss
        );
    }
}

#[test]
fn two_people_agree_a_takeback_and_then_a_draw() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("h.json");
    let guest_record = out.path().join("g.json");
    let (mut south, invite) = net::host_typing(
        dir.path(),
        &["kalah", "--record", host_record.to_str().unwrap()],
    );
    let mut north = net::join_typing(
        dir.path(),
        &invite,
        &["--record", guest_record.to_str().unwrap()],
    );
    assert!(south.wait_for("seat 0 to move", Duration::from_secs(20)));
    // b sows c, d, e, f: no extra turn. North answers A; South takes both back.
    south.type_line("b");
    assert!(north.wait_for("seat 1 to move", Duration::from_secs(20)));
    north.type_line("A");
    assert!(south.wait_for("seat 0 to move", Duration::from_secs(20)));
    south.type_line("takeback");
    assert!(north.wait_for("asks to take back", Duration::from_secs(20)));
    north.type_line("yes");
    assert!(south.wait_for("seat 0 to move", Duration::from_secs(20)));
    south.type_line("a");
    // North has no move of its own yet: nothing to take back, still North to move.
    assert!(north.wait_for("seat 1 to move", Duration::from_secs(20)));
    north.type_line("takeback");
    north.type_line("draw");
    assert!(south.wait_for("offers a draw", Duration::from_secs(20)));
    south.type_line("yes");
    let hosted = south.finish(Duration::from_secs(30));
    let joined = north.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    assert!(joined.ok, "{}", joined.stderr);
    assert!(
        hosted.stderr.contains("the move is taken back"),
        "{}",
        hosted.stderr
    );
    assert!(
        joined.stderr.contains("you have no move to take back"),
        "{}",
        joined.stderr
    );
    assert!(
        joined.stderr.contains("the draw is agreed"),
        "{}",
        joined.stderr
    );
    for path in [&host_record, &guest_record] {
        let r = read_record(path);
        assert_eq!(r.ending, Some(tavola::ending::Ending::AgreedDraw));
        let moves: Vec<&str> = r.moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(moves, ["a"], "{}", path.display());
    }
}

#[test]
fn a_host_killed_mid_game_comes_back_under_the_same_invite() {
    let dir = plugins_of(&["oware"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    let (mut first, invite) = host(
        dir.path(),
        &[
            "oware",
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
    while std::fs::read_to_string(&host_record).map_or(0, |t| t.lines().count()) <= 4
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    first.kill();
    let before = read_record(&host_record);
    assert!(
        before.result.is_none(),
        "the game ended before the host was killed"
    );
    let (again, same) = host(
        dir.path(),
        &[
            "--resume",
            host_record.to_str().unwrap(),
            "--reconnect",
            "60",
        ],
    );
    assert_eq!(same, invite, "the host came back under another invite");
    let hosted = again.finish(Duration::from_secs(120));
    let joined = guest.finish(Duration::from_secs(30));
    assert!(
        hosted.ok,
        "the returning host failed:\n{}\nthe guest said:\n{}",
        hosted.stderr, joined.stderr
    );
    assert!(joined.ok, "the guest failed:\n{}", joined.stderr);
    let a = read_record(&host_record);
    let b = read_record(&guest_record);
    let key =
        |m: &tavola::record::RecordedMove| (m.id, m.notation.clone(), m.seat, m.check.clone());
    assert!(a.result.is_some());
    assert_eq!(
        a.moves.iter().map(key).collect::<Vec<_>>(),
        b.moves.iter().map(key).collect::<Vec<_>>()
    );
    assert!(a.moves.len() > before.moves.len());
    // The secrets are gone from the finished records.
    assert!(a.net.as_ref().unwrap().host_secrets.is_none());
    assert!(b.net.as_ref().unwrap().token.is_none());
}

#[test]
fn a_player_who_does_not_move_in_time_loses_on_both_sides() {
    let dir = plugins_of(&["kalah"]);
    let out = tempfile::tempdir().unwrap();
    let host_record = out.path().join("host.json");
    let guest_record = out.path().join("guest.json");
    // The host's person (South, first to move) types nothing; three seconds a seat.
    let (host_side, invite) = net::host_typing(
        dir.path(),
        &[
            "kalah",
            "--clock",
            "0.05+0",
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
    let hosted = host_side.finish(Duration::from_secs(60));
    assert!(hosted.ok, "{}", hosted.stderr);
    let joined = guest.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    for path in [&host_record, &guest_record] {
        let r = read_record(path);
        assert_eq!(
            r.ending,
            Some(tavola::ending::Ending::Time { seat: 0 }),
            "{path:?}"
        );
        let clock = r.clock.expect("the clocks are recorded");
        assert_eq!((clock.per_game_ms, clock.increment_ms), (3000, 0));
    }
    assert!(
        joined.stderr.contains("South's time ran out"),
        "{}",
        joined.stderr
    );
}
