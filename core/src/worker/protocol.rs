//! The messages between the app and a worker: typed requests and replies (serde),
//! one JSON document per line.
//!
//! Every request carries an id; every reply names the request it answers. Requests are
//! answered in order, except the searches (a bot's move, a hint), which run on their own
//! thread in the worker and answer when done — or at once, after a [`Request::Cancel`].
//! A frame is at most [`MAX_FRAME`] bytes: a worker that sends more is treated as broken.

use std::{
    io::{BufRead, Read, Write},
    path::PathBuf,
};

use game_api::{Effect, Layout, Manifest, MoveInfo, Options, Turn, View};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::record::Record;

/// The largest message either side accepts (64 MiB).
pub const MAX_FRAME: u64 = 64 << 20;

/// A request with its id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Call {
    /// The id the reply will carry.
    pub id: u64,
    /// What is asked.
    pub request: Request,
}

/// What the app asks of a worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Request {
    /// Load the plugin from its private copy (first, once).
    Load {
        /// The private copy (named by its content hash, which the worker checks).
        copy: PathBuf,
        /// The folder of this game's endgame tables: the one place the worker may write
        /// (created by the app); none, nowhere.
        #[serde(default)]
        tables_dir: Option<PathBuf>,
        /// The language the games speak (see [`locale`](crate::locale)); empty: the
        /// worker's own.
        #[serde(default)]
        language: String,
        /// For a data file's game: the file's private copy (named by its content hash,
        /// which the worker checks), read before the worker is confined and handed to
        /// the loader at `copy`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        data: Option<PathBuf>,
    },
    /// How many seats a game with these options has.
    SeatCount {
        /// The options.
        options: Options,
    },
    /// Set up a game (from the start, or a position notation) and play `moves` from it.
    Start {
        /// The options.
        options: Options,
        /// A start position other than the game's own.
        position: Option<String>,
        /// The moves to play from the start.
        moves: Vec<u32>,
        /// The language the games speak (see [`locale`](crate::locale)); empty: the
        /// worker's own.
        #[serde(default)]
        language: String,
    },
    /// Set up a saved game: replay its record, checking every move (see
    /// [`record::replay`](crate::record::replay)).
    Open {
        /// The record.
        record: Box<Record>,
        /// The language the games speak (see [`locale`](crate::locale)); empty: the
        /// worker's own.
        #[serde(default)]
        language: String,
    },
    /// Play one move at the current position.
    Play {
        /// The move.
        mv: u32,
    },
    /// Go to the position after the first `moves` of the game from its start.
    Goto {
        /// The moves from the start.
        moves: Vec<u32>,
    },
    /// A bot's move for the seat to move, chosen (on its own thread) but not played:
    /// network play, which checks the clock and tells the other side before it plays a
    /// move, answered with `Chosen`. The app's bots use [`Request::BotMove`].
    Bot {
        /// The bot's name (as `--seat` takes it).
        name: String,
        /// The seed of its random generator.
        seed: u64,
    },
    /// A bot's move for the seat to move, chosen on its own thread and played by the
    /// worker: answered with `BotPlayed` (the move, its effects and the position after
    /// it: one round trip), or `Cancelled` after a [`Request::Cancel`] (the game is
    /// then unchanged). The worker keeps one bot per seat between turns while its name
    /// is the same and the game goes on from where it last chose, and tells it the
    /// actions played since (see `worker::seats`).
    BotMove {
        /// The bot's name (as `--seat` takes it).
        name: String,
        /// The seed of its random generator.
        seed: u64,
    },
    /// What move `mv` would do at the current position, without playing it: the plugin
    /// plays it on a copy of the game and its effects (checked like a played move's) are
    /// answered with `Preview`. The game is unchanged.
    Preview {
        /// The move.
        mv: u32,
    },
    /// A hint for the seat to move (on its own thread).
    Hint {
        /// The seed of the search.
        seed: u64,
        /// The thinking time.
        millis: u64,
        /// A fixed depth instead of the time ([`crate::ai::HintBudget::Depth`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        depth: Option<u32>,
    },
    /// Stop the search started by request `id` and answer it now.
    Cancel {
        /// The search's request id.
        id: u64,
    },
    /// The game's endgame tables: status, load, build (on a thread of the worker, its
    /// progress read by `status`) or probe the current position.
    Tables {
        /// What to do, and the tables' folder.
        request: game_api::endgame::TablesRequest,
    },
    /// Speak `language` from now on, the game in progress too: the plugin is told (its
    /// language setter), the game is made again in that language from its saved state
    /// and `moves` are played from its start, the last one with its effects, so that the
    /// board, status, move names and the last move's events are re-labelled. Answered
    /// with `Played` (the last move's effects, the position with its layout), or
    /// `Position` when `moves` is empty.
    Language {
        /// The language (`en`, `it`).
        language: String,
        /// The moves from the start to the current position (the app's record).
        moves: Vec<u32>,
    },
}

/// A worker's answer to one request.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Answer {
    /// The request answered.
    pub id: u64,
    /// The reply, or what the plugin or the worker refused (or how the plugin failed),
    /// by kind and in words.
    pub reply: Result<Reply, crate::plugins::CallError>,
}

/// What a worker answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Reply {
    /// The plugin is loaded.
    Loaded {
        /// Its manifest.
        manifest: Box<Manifest>,
    },
    /// The seat count asked for.
    SeatCount(u8),
    /// The game's position, after `Start`, `Open` or `Goto`.
    Position {
        /// The position.
        snapshot: Box<Snapshot>,
        /// Things worth saying that did not stop the replay of a record.
        warnings: Vec<String>,
    },
    /// A move was played.
    Played {
        /// What a person would see happen.
        effects: Vec<Effect>,
        /// The position after it.
        snapshot: Box<Snapshot>,
    },
    /// A bot's move, chosen (`Bot`).
    Chosen {
        /// The move.
        mv: u32,
    },
    /// A bot's move, played (`BotMove`).
    BotPlayed {
        /// The move.
        mv: u32,
        /// What a person would see happen.
        effects: Vec<Effect>,
        /// The position after it.
        snapshot: Box<Snapshot>,
        /// Which bot played it.
        bot: BotTrace,
    },
    /// What a move would do (`Preview`): its effects, as if played.
    Preview {
        /// The move.
        mv: u32,
        /// What a person would see happen.
        effects: Vec<Effect>,
    },
    /// A hint.
    Hint {
        /// The suggested move.
        mv: u32,
        /// The move, its evaluation and the expected line, for people.
        text: String,
        /// The side to move's share of the evaluation bar, 0 (lost) to 1 (won): see
        /// [`crate::ai::Hint::share`].
        #[serde(default)]
        share: Option<f32>,
    },
    /// The search was cancelled before it answered.
    Cancelled,
    /// The endgame tables' status (and the probe asked for).
    Tables(Box<game_api::endgame::TablesStatus>),
}

/// Which of the worker's bots played a move: the worker keeps a bot per seat between
/// turns, and says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTrace {
    /// The bot's number in this worker: the same number is the same bot, kept from an
    /// earlier turn; a new bot takes a new, higher number.
    pub serial: u64,
    /// The actions (moves and chance outcomes) it was told were played since its last
    /// turn (0 for a new bot).
    pub told: u32,
}

/// Everything the app shows of a position, in one message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The board layout (sent with `Start` and `Open`, which may change it).
    pub layout: Option<Layout>,
    /// What stands where.
    pub view: View,
    /// Whose turn it is.
    pub turn: Turn,
    /// The legal moves (or chance outcomes) with their descriptions; none once the game
    /// is over.
    pub moves: Vec<MoveInfo>,
    /// The position notation.
    pub notation: String,
    /// How many seats the game has.
    pub seat_count: u8,
}

/// Writes one message as one line.
pub fn write_frame<T: Serialize>(out: &mut dyn Write, message: &T) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(message)?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()
}

/// Reads one message; `Ok(None)` at the end of the stream. A line longer than
/// [`MAX_FRAME`] or one that does not parse is an error.
pub fn read_frame<T: DeserializeOwned>(input: &mut dyn BufRead) -> std::io::Result<Option<T>> {
    let mut line = Vec::new();
    input.take(MAX_FRAME + 1).read_until(b'\n', &mut line)?;
    if line.is_empty() {
        return Ok(None);
    }
    if line.len() as u64 > MAX_FRAME {
        return Err(std::io::Error::other(format!(
            "a message longer than {} MiB",
            MAX_FRAME >> 20
        )));
    }
    serde_json::from_slice(&line)
        .map(Some)
        .map_err(|e| std::io::Error::other(format!("an unreadable message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_end_cleanly() {
        let mut buffer = Vec::new();
        let call = Call {
            id: 7,
            request: Request::Play { mv: 3 },
        };
        write_frame(&mut buffer, &call).unwrap();
        write_frame(&mut buffer, &call).unwrap();
        let mut input = std::io::Cursor::new(buffer);
        for _ in 0..2 {
            let back: Call = read_frame(&mut input).unwrap().unwrap();
            assert_eq!(back.id, 7);
            assert!(matches!(back.request, Request::Play { mv: 3 }));
        }
        assert!(read_frame::<Call>(&mut input).unwrap().is_none());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let mut input = std::io::Cursor::new(b"{not json\n".to_vec());
        assert!(read_frame::<Call>(&mut input).is_err());
    }
}
