//! The messages two Tavola programs exchange over a connection: typed, versioned and
//! size-capped.
//!
//! Each message is one frame on the connection's one bidirectional stream: a 4-byte
//! big-endian length, then that many bytes of JSON (serde). A frame longer than
//! [`MAX_MESSAGE`] is refused before it is read; a frame that is not one of these
//! messages is refused with what the parser said. Neither ever changes a board.
//!
//! **No text from the other side reaches a person raw**: every string of a message read
//! (names, notations, reasons, option values, keys) has its control characters removed
//! ([`printable_line`]) before the message exists, and
//! so does the parser's own account of a bad frame (which may quote it). A notation or
//! secret that needed cleaning then simply matches nothing.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use tavola_core::printable::printable_line;

/// The version of this protocol. Both sides say theirs in [`Message::Hello`] and
/// [`Message::Offer`]; another version is refused with both numbers named. (Version 2:
/// the throws made from chains of reveals, [`Message::Reveal`].)
pub const PROTOCOL_VERSION: u32 = 2;

/// The QUIC application protocol name of Tavola's network play: a connection for anything
/// else is refused by the QUIC handshake itself.
pub const ALPN: &[u8] = b"tavola/play/1";

/// The largest frame either side sends or accepts (256 KiB): a move is about 100 bytes;
/// a welcome's catch-up of a long game, with every throw's reveals (some 140 bytes a
/// throw and seat), stays far below.
pub const MAX_MESSAGE: usize = 256 << 10;

/// The game a side runs, as both sides must run it: the plugin's id, version and the
/// content hash of its library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameId {
    /// The plugin's game id (`oware`).
    pub id: String,
    /// The game's name for people (`Oware`).
    pub name: String,
    /// The plugin's version.
    pub version: String,
    /// The blake3 content hash of the plugin's library (as the plugin cache names it).
    pub hash: String,
}

/// What a joining side asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Take a free seat and play.
    Play,
    /// Only watch.
    Watch,
}

/// A side coming back after a dropped connection: the seat it had and how far its
/// record goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejoin {
    /// The secret the host gave this seat in its [`Message::Welcome`].
    pub token: String,
    /// How many moves (chance outcomes included) its record holds.
    pub moves: u32,
}

/// One move as it travels: by its notation, with the check of the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetMove {
    /// 1-based number of the action in the game (chance outcomes count, though they are
    /// never sent: both sides draw them from the shared seed).
    pub number: u32,
    /// The seat that moved.
    pub seat: u8,
    /// The move's notation.
    pub notation: String,
    /// The [`position_hash`](super::position_hash) of the position after the move.
    pub position: String,
    /// The milliseconds the mover's clock ran for this move.
    pub spent_ms: u64,
}

/// Everything one side says to the other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// The joining side's first message.
    Hello {
        /// Its [`PROTOCOL_VERSION`].
        protocol: u32,
        /// Its Tavola version, for messages.
        app: String,
        /// Whether it wants to play or watch.
        role: Role,
        /// Set when it comes back to a game it was playing.
        rejoin: Option<Rejoin>,
    },
    /// The host's answer to a `Hello`: the game, and its commitment to its throws
    /// ([`fair`](super::fair)).
    Offer {
        /// The host's [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The game and plugin.
        game: GameId,
        /// Every option's value (checked by the joining side against its own plugin's
        /// options).
        options: std::collections::BTreeMap<String, game_api::OptionValue>,
        /// The seat given to the joining side (none: it watches).
        seat: Option<u8>,
        /// How many seats the game has.
        seats: u8,
        /// Who sits in each seat, for people (`host`, `guest 1`, a bot's name).
        players: Vec<String>,
        /// The host's commitment: the head of its chain ([`fair`](super::fair)).
        commit: String,
        /// The clocks both sides keep, if the game has them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<super::TimeControl>,
    },
    /// The joining side accepts the offer with its own commitment (a spectator's is
    /// not used); no reveal is made before every player is bound.
    Join {
        /// The head of its chain, hex ([`fair`](super::fair)).
        commit: String,
    },
    /// The host starts the game (or takes a player back): every seat's commitment, the
    /// throws so far, and the secret that lets this side come back.
    Welcome {
        /// Each seat's commitment (its player's chain head), in seat order.
        commits: Vec<String>,
        /// The secret of the seat given, for [`Rejoin`].
        token: String,
        /// The moves played so far (a rejoining side or a spectator catches up from
        /// them, checking each).
        moves: Vec<NetMove>,
        /// The throws made so far, each with every seat's reveal (a side catching up
        /// checks each against the chains).
        throws: Vec<super::fair::Throw>,
    },
    /// A seat's contribution to a throw now due: the next link of its chain (from a
    /// guest, for its own seat; from the host, for its own seat or passed on).
    Reveal {
        /// The seat whose contribution it is.
        seat: u8,
        /// The throw's index in the game (from 1; a takeback does not reuse one).
        throw: u32,
        /// The action's number at which it is thrown.
        number: u32,
        /// The link, hex.
        secret: String,
    },
    /// A move at the seat of the side that sends it (or, from the host, any remote
    /// player's move it passes on).
    Move(NetMove),
    /// The seat resigns.
    Resign {
        /// The seat.
        seat: u8,
    },
    /// The sender offers a draw.
    OfferDraw {
        /// The seat offering.
        seat: u8,
    },
    /// The answer to a draw offer.
    AnswerDraw {
        /// Whether the draw is agreed.
        accept: bool,
    },
    /// The sender asks to take back its last move, and every move after it (at its own
    /// turn: the other side's reply and its own move before it).
    AskTakeback {
        /// The seat asking.
        seat: u8,
        /// How many moves the game has now (so that a late answer fits no other position).
        moves: u32,
    },
    /// The answer to a takeback request.
    AnswerTakeback {
        /// Whether the move is taken back.
        accept: bool,
    },
    /// The sender refuses what it received and stops: the reason, for people.
    Refused {
        /// What was wrong.
        reason: String,
    },
    /// The sender leaves (the game is over, or its player quit).
    Bye,
    /// This seat's time ran out: it loses (said by its own side when its clock runs out,
    /// or by another side when the mover's side said nothing for longer than its time).
    Flag {
        /// The seat whose time ran out.
        seat: u8,
    },
    /// From the host: this seat loses by forfeit (its player left for good, or was
    /// refused for a fault and did not come back within the reconnect window).
    Forfeit {
        /// The seat that forfeited.
        seat: u8,
    },
}

/// A frame's body that is not a Tavola message: what the JSON reader said of it, made
/// printable ([`Message::from_body`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a Tavola message: {0}")]
pub struct NotAMessage(pub String);

impl Message {
    /// The frame of this message: its length, then its JSON.
    pub fn to_frame(&self) -> Vec<u8> {
        let body = serde_json::to_vec(self).expect("messages always serialize");
        let mut frame = Vec::with_capacity(body.len() + 4);
        frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
        frame.extend_from_slice(&body);
        frame
    }

    /// A message from a frame's body, or what is wrong with it; every text in it
    /// printable (see the module).
    ///
    /// ```
    /// use tavola_net::Message;
    /// let body = br#"{"Refused":{"reason":"no\u001b[2J\u0007"}}"#;
    /// assert_eq!(
    ///     Message::from_body(body).unwrap(),
    ///     Message::Refused { reason: "no[2J".into() }
    /// );
    /// ```
    pub fn from_body(body: &[u8]) -> Result<Self, NotAMessage> {
        let bad = |e: serde_json::Error| NotAMessage(printable_line(&e.to_string()).into_owned());
        let mut value: serde_json::Value = serde_json::from_slice(body).map_err(bad)?;
        make_printable(&mut value);
        serde_json::from_value(value).map_err(bad)
    }

    /// A short name of the message's kind, for reports.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Offer { .. } => "offer",
            Message::Join { .. } => "join",
            Message::Welcome { .. } => "welcome",
            Message::Move(_) => "move",
            Message::Resign { .. } => "resign",
            Message::OfferDraw { .. } => "draw offer",
            Message::AnswerDraw { .. } => "draw answer",
            Message::AskTakeback { .. } => "takeback request",
            Message::AnswerTakeback { .. } => "takeback answer",
            Message::Refused { .. } => "refusal",
            Message::Bye => "bye",
            Message::Flag { .. } => "flag",
            Message::Forfeit { .. } => "forfeit",
            Message::Reveal { .. } => "reveal",
        }
    }
}

/// Removes the control characters of every string (and object key) in `value`.
fn make_printable(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::String(text) => {
            if let Cow::Owned(clean) = printable_line(text) {
                *text = clean;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(make_printable),
        Value::Object(map) => {
            let dirty: Vec<String> = map
                .keys()
                .filter(|k| matches!(printable_line(k), Cow::Owned(_)))
                .cloned()
                .collect();
            for key in dirty {
                if let Some(v) = map.remove(&key) {
                    map.insert(printable_line(&key).into_owned(), v);
                }
            }
            map.values_mut().for_each(make_printable);
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip() {
        let m = Message::Move(NetMove {
            number: 3,
            seat: 1,
            notation: "d".into(),
            position: "00ff".into(),
            spent_ms: 12,
        });
        let frame = m.to_frame();
        let len = u32::from_be_bytes(frame[..4].try_into().unwrap()) as usize;
        assert_eq!(len, frame.len() - 4);
        assert_eq!(Message::from_body(&frame[4..]).unwrap(), m);
    }

    #[test]
    fn no_text_of_a_message_keeps_a_control_character() {
        let m = Message::Move(NetMove {
            number: 1,
            seat: 0,
            notation: "a\u{1b}]0;owned\u{7}\u{9b}2J".into(),
            position: "\r00".into(),
            spent_ms: 0,
        });
        let frame = m.to_frame();
        let Message::Move(got) = Message::from_body(&frame[4..]).unwrap() else {
            panic!("not a move")
        };
        assert_eq!(got.notation, "a]0;owned2J");
        assert_eq!(got.position, " 00");
        // The parser's words about an unknown message quote it: cleaned too.
        let e = Message::from_body(b"{\"\\u001b[31mX\": 3}")
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\u{1b}'), "{e:?}");
    }

    #[test]
    fn garbage_is_refused_with_the_parsers_words() {
        let e = Message::from_body(b"{\"Move\": 3}")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("not a Tavola message"), "{e}");
        assert!(Message::from_body(&[0xff, 0xfe]).is_err());
    }
}
