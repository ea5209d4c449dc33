//! What the hostile-peer tests share: a peer speaking the protocol with its own types on
//! the loopback interface (relays and discovery off), every wait bounded.

#![allow(dead_code)]

use std::{
    path::Path,
    sync::mpsc,
    time::{Duration, Instant},
};

use tavola::net::{
    GameId, Invite, Message, PROTOCOL_VERSION,
    fair::Chain,
    link::{Event, Link, NetSettings, Node},
    message::{NetMove, Rejoin, Role},
    position_hash,
};

/// Loopback only, no relay, no address lookup.
pub fn loopback() -> NetSettings {
    NetSettings {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        relays: false,
    }
}

/// The next event of `link` within `limit` (others' dropped).
pub fn next(events: &mpsc::Receiver<Event>, link: u64, limit: Duration) -> Option<Event> {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(Event::Message { link: l, message }) if l == link => {
                return Some(Event::Message { link: l, message });
            }
            Ok(e @ (Event::Closed { link: l, .. } | Event::Fault { link: l, .. })) if l == link => {
                return Some(e);
            }
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

/// The next message of `link` (within 20 s), or a panic saying what came instead.
#[track_caller]
pub fn message(events: &mpsc::Receiver<Event>, link: u64) -> Message {
    match next(events, link, Duration::from_secs(20)) {
        Some(Event::Message { message, .. }) => message,
        other => panic!("no message, but {other:?}"),
    }
}

/// The next connection made to a listening node (within 20 s).
#[track_caller]
pub fn accepted(events: &mpsc::Receiver<Event>) -> Link {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(Event::Joined(link)) => return link,
            Ok(_) => {}
            Err(_) => panic!("nobody connected"),
        }
    }
}

/// Connects as a guest and plays the handshake honestly (or comes back with `rejoin`):
/// the link, the seat given and its secret.
pub fn seat_at(
    node: &Node,
    events: &mpsc::Receiver<Event>,
    invite: &Invite,
    rejoin: Option<Rejoin>,
) -> (Link, u8, String) {
    let link = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    link.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "attacker".into(),
        role: Role::Play,
        rejoin,
    });
    let Message::Offer { seat, .. } = message(events, link.id()) else {
        panic!("no offer");
    };
    link.send(&Message::Join {
        commit: Chain::generate().head(),
    });
    let Message::Welcome { token, .. } = message(events, link.id()) else {
        panic!("no welcome");
    };
    (link, seat.unwrap(), token)
}

/// The game id of the one plugin in `plugins` (`id`, `name`), as an honest host offers it.
pub fn game_id(plugins: &Path, id: &str, name: &str) -> GameId {
    // Under load an inspection may time out once (the plugin then listed as failed):
    // asked again, it is read from the cache or inspected anew.
    for _ in 0..5 {
        let listed = super::run_common::tavola(plugins, &["list", "--json"]);
        let json: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
        let p = &json["plugins"][0];
        if let (Some(version), Some(hash)) = (p["version"].as_str(), p["hash"].as_str()) {
            return GameId {
                id: id.into(),
                name: name.into(),
                version: version.into(),
                hash: hash.into(),
            };
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    panic!("{id} is not listed in {}", plugins.display());
}

/// The first legal move of `game`'s start position as it travels: numbered 1, for
/// `seat`, with the true hash of the position it leads to (from `tavola moves --json`),
/// and the clock claim `spent_ms`.
pub fn first_move(plugins: &Path, game: &str, seat: u8, spent_ms: u64) -> NetMove {
    let listed = super::run_common::tavola(plugins, &["moves", game, "--json"]);
    assert!(listed.ok, "{}", listed.stderr);
    let json: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    let row = &json[0];
    NetMove {
        number: 1,
        seat,
        notation: row["notation"].as_str().unwrap().into(),
        position: position_hash(row["result"].as_str().unwrap()),
        spent_ms,
    }
}

/// Expects `link`'s next message to be a refusal containing `said`; returns its words.
#[track_caller]
pub fn refusal(events: &mpsc::Receiver<Event>, link: &Link, said: &str) -> String {
    match message(events, link.id()) {
        Message::Refused { reason } => {
            assert!(reason.contains(said), "refused, but for: {reason}");
            reason
        }
        other => panic!("not refused but answered {other:?}"),
    }
}
