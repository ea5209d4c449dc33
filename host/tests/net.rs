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
        assert_eq!(an.host_nonce, bn.host_nonce);
        // The seed is the one the halves give: anyone can check it from the record.
        let host_half = tavola::net::fair::Nonce::from_hex(&an.host_nonce).unwrap();
        host_half.check(&an.commit).unwrap();
        let guests: Vec<_> = an
            .guest_nonces
            .iter()
            .map(|g| tavola::net::fair::Nonce::from_hex(g).unwrap())
            .collect();
        assert_eq!(a.seed, Some(tavola::net::fair::seed(&host_half, &guests)));
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
