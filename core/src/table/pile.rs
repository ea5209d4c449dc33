//! A game small enough to script, for the table's tests: a pile of five stones, two
//! seats taking one or two in turn; who takes the last stone wins. Its answerer plays it
//! as a worker would ([`answerer`]), behind a [`ScriptedLink`](super::ScriptedLink).

use game_api::{Layout, Manifest, MoveId, MoveInfo, Outcome, Shape, Site, SiteId, Turn, View};

use super::scripted::Answerer;
use crate::{
    plugins::{Inspection, Plugin, PluginMeta},
    worker::{BotTrace, Reply, Request, Snapshot},
};

/// Stones at the start.
pub const STONES: u32 = 5;

/// The plugin of the pile game (never loaded: its answers come from [`answerer`]).
pub fn plugin() -> Plugin {
    let mut manifest = Manifest::new("pile", "Pile", "1.0.0");
    manifest.seat_names = vec!["First".into(), "Second".into()];
    Plugin::unloaded(PluginMeta {
        path: "pile.so".into(),
        copy: "pile-copy.so".into(),
        hash: "0123abcd".into(),
        inspection: Inspection {
            manifest,
            api_level: game_api::API_LEVEL,
            api_version: String::new(),
            thumbnail: None,
        },
        data: None,
        first_party: false,
    })
}

/// The position after `moves` (stones taken, in order), as a worker describes it.
pub fn snapshot(moves: &[u32]) -> Snapshot {
    let left = STONES.saturating_sub(moves.iter().sum());
    let mover = u8::try_from(moves.len() % 2).unwrap_or(0);
    let turn = if left == 0 {
        let last = 1 - mover;
        let scores: Vec<i64> = (0..2).map(|s| i64::from(s == last)).collect();
        Turn::Over {
            outcome: Outcome::from_scores(&scores),
        }
    } else {
        Turn::Seat { seat: mover }
    };
    let moves = if left == 0 {
        Vec::new()
    } else {
        (1..=left.min(2))
            .map(|n| MoveInfo {
                id: MoveId(n),
                sites: vec![SiteId(u16::try_from(n - 1).unwrap_or(0))],
                choice: None,
                key: None,
                notation: n.to_string(),
                words: None,
            })
            .collect()
    };
    Snapshot {
        layout: Some(layout()),
        view: View::default(),
        turn,
        moves,
        notation: format!("{left} {mover}"),
        seat_count: 2,
    }
}

fn layout() -> Layout {
    let site = |i: u16| Site {
        id: SiteId(i),
        shape: Shape::Pit,
        center: [f32::from(i), 0.0],
        size: [1.0, 1.0],
        owner: None,
        label: (i + 1).to_string(),
        style: String::new(),
    };
    Layout {
        size: [2.0, 1.0],
        sites: vec![site(0), site(1)],
        links: Vec::new(),
        pieces: Vec::new(),
    }
}

/// Plays the pile game as a worker would: every request after the last in order.
pub fn answerer() -> Answerer {
    let mut played: Vec<u32> = Vec::new();
    Box::new(move |request| {
        let reply = match request {
            Request::Play { mv } => {
                played.push(*mv);
                Reply::Played {
                    effects: Vec::new(),
                    snapshot: Box::new(snapshot(&played)),
                }
            }
            Request::Goto { moves } | Request::Language { moves, .. } => {
                played.clone_from(moves);
                Reply::Position {
                    snapshot: Box::new(snapshot(&played)),
                    warnings: Vec::new(),
                }
            }
            Request::BotMove { .. } => {
                played.push(1);
                Reply::BotPlayed {
                    mv: 1,
                    effects: Vec::new(),
                    snapshot: Box::new(snapshot(&played)),
                    bot: BotTrace { serial: 1, told: 0 },
                }
            }
            Request::Preview { mv } => Reply::Preview {
                mv: *mv,
                effects: Vec::new(),
            },
            // A longer search (a hint's second) says more than the bar's short one.
            Request::Hint { millis, .. } => Reply::Hint {
                mv: 1,
                text: "1".into(),
                share: Some(if *millis >= 1000 { 0.9 } else { 0.5 }),
            },
            _ => return None,
        };
        Some(Ok(reply))
    })
}
