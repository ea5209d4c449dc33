//! The transport's limits against a hostile peer: streams flooded on several connections
//! (the host's memory measured from outside, in `/proc`), more connections than a game
//! holds, a frame begun and never finished, a hello never followed by a join. Loopback
//! only (relays and discovery off), every wait bounded.

mod common;
#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::{sync::mpsc, time::Duration};

use common::plugins_of;
use hostile::{loopback, message};
use net::host;
use tavola::net::{
    ALPN, Invite, Message, PROTOCOL_VERSION,
    link::{Node, limits},
    message::Role,
};

/// The resident memory of process `pid`, in KiB (`VmRSS` of `/proc/PID/status`).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmRSS line")
}

/// What a flood achieved, as the attacker saw it.
#[derive(Debug, Default)]
struct Flooded {
    connections: usize,
    refused_connections: usize,
    streams: usize,
    bytes: u64,
}

fn hello() -> Message {
    Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "flood".into(),
        role: Role::Watch,
        rejoin: None,
    }
}

/// An attacker's endpoint: iroh's minimal preset on loopback, no relay, no lookup.
async fn attacker() -> iroh::Endpoint {
    iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .clear_address_lookup()
        .clear_ip_transports()
        .bind_addr("127.0.0.1:0")
        .unwrap()
        .bind()
        .await
        .unwrap()
}

/// Opens `connections` connections to the host, and on each tries `streams` streams of
/// `bytes` each (every attempt bounded in time); the connections stay open.
async fn flood(
    endpoint: &iroh::Endpoint,
    invite: &Invite,
    connections: usize,
    streams: usize,
    bytes: usize,
) -> (Flooded, Vec<iroh::endpoint::Connection>) {
    let mut seen = Flooded::default();
    let mut open = Vec::new();
    let chunk = vec![0x5a; 64 << 10];
    for _ in 0..connections {
        let connect = endpoint.connect(invite.endpoint.clone(), ALPN);
        let Ok(Ok(conn)) = tokio::time::timeout(Duration::from_secs(5), connect).await else {
            seen.refused_connections += 1;
            continue;
        };
        seen.connections += 1;
        for i in 0..streams {
            let Ok(Ok((mut send, _recv))) =
                tokio::time::timeout(Duration::from_millis(20), conn.open_bi()).await
            else {
                continue;
            };
            seen.streams += 1;
            if i == 0 {
                // The protocol's stream, opened with a true hello: the link stays.
                let _ = send.write_all(&hello().to_frame()).await;
                std::mem::forget(send);
                continue;
            }
            let mut sent = 0;
            while sent < bytes {
                match tokio::time::timeout(Duration::from_millis(300), send.write(&chunk)).await {
                    Ok(Ok(n)) => sent += n,
                    _ => break,
                }
            }
            seen.bytes += sent as u64;
            std::mem::forget(send);
        }
        open.push(conn);
    }
    (seen, open)
}

#[test]
fn a_stream_flood_leaves_the_hosts_memory_flat() {
    let dir = plugins_of(&["kalah"]);
    let (host_side, invite) = host(dir.path(), &["kalah", "--bot", "random", "--wait", "120"]);
    let invite = Invite::parse(&invite).unwrap();
    let pid = host_side.pid();
    std::thread::sleep(Duration::from_secs(2));
    let before = rss_kib(pid);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let endpoint = runtime.block_on(attacker());
    // Four connections, a hundred streams each, 1.25 MB on each stream: what took the
    // host from 25 to 553 MB before the limits.
    let (flooded, open) = runtime.block_on(flood(&endpoint, &invite, 4, 100, 1_250_000));
    let during = rss_kib(pid);
    // More connections than a game holds at once: refused before their handshake.
    let (crowd, crowd_open) = runtime.block_on(flood(&endpoint, &invite, 24, 0, 0));
    let crowded = rss_kib(pid);
    drop(open);
    drop(crowd_open);
    runtime.block_on(async {
        let _ = tokio::time::timeout(Duration::from_secs(2), endpoint.close()).await;
    });
    drop(runtime);
    std::thread::sleep(Duration::from_secs(5));
    let after = rss_kib(pid);
    eprintln!(
        "host RSS: before {before} KiB, during the flood {during} KiB, with {} connections \
         {crowded} KiB, after {after} KiB; the flood: {flooded:?}; the crowd: {crowd:?}",
        crowd.connections + flooded.connections
    );
    // One stream a connection: the other 99 were never opened; each stream held to its
    // flow-control window.
    assert!(
        flooded.streams <= 4 * limits::STREAMS as usize,
        "{flooded:?}"
    );
    assert!(
        flooded.bytes <= 4 * u64::from(limits::CONNECTION_WINDOW) + (1 << 20),
        "{flooded:?}"
    );
    assert!(
        crowd.connections + flooded.connections <= limits::MAX_LINKS + 4,
        "{crowd:?}"
    );
    assert!(crowd.refused_connections > 0, "{crowd:?}");
    assert!(
        during.saturating_sub(before) < 40 << 10,
        "the flood grew the host by {} KiB",
        during - before
    );
    assert!(
        after.saturating_sub(before) < 20 << 10,
        "after the attacker left the host is {} KiB above its start",
        after - before
    );
    // The host still offers its game: an honest player gets a seat.
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    let link = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    link.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "honest".into(),
        role: Role::Play,
        rejoin: None,
    });
    assert!(
        matches!(
            message(&events, link.id()),
            Message::Offer { seat: Some(1), .. }
        ),
        "the host no longer offers its seat"
    );
    drop(link);
    node.close();
    drop(host_side);
}

#[test]
fn a_frame_begun_and_a_hello_without_a_join_are_refused_in_time() {
    let dir = plugins_of(&["kalah"]);
    let (host_side, invite) = host(dir.path(), &["kalah", "--bot", "random", "--wait", "60"]);
    let invite = Invite::parse(&invite).unwrap();
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&loopback(), None, tx).unwrap();
    // Half a length, then nothing.
    let half = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    half.send_raw(vec![0, 0]);
    // A hello, then nothing: the seat it was offered must not stay held.
    let idle = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    idle.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "idle".into(),
        role: Role::Play,
        rejoin: None,
    });
    assert!(matches!(
        message(&events, idle.id()),
        Message::Offer { seat: Some(1), .. }
    ));
    let started = std::time::Instant::now();
    match message(&events, half.id()) {
        Message::Refused { reason } => {
            assert!(reason.contains("not finished within 10 s"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    match message(&events, idle.id()) {
        Message::Refused { reason } => {
            assert!(reason.contains("did not complete its join"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(25));
    // The seat is free again: a new player is offered it.
    let next = node
        .connect(invite.endpoint.clone(), Duration::from_secs(10))
        .unwrap();
    next.send(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: "next".into(),
        role: Role::Play,
        rejoin: None,
    });
    assert!(matches!(
        message(&events, next.id()),
        Message::Offer { seat: Some(1), .. }
    ));
    drop((half, idle, next));
    node.close();
    let hosted = host_side.finish(Duration::from_secs(1));
    assert!(
        hosted.stderr.contains("not finished within 10 s"),
        "{}",
        hosted.stderr
    );
}
