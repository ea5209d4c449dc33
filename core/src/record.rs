//! The game record: Tavola's save format, and replaying it.
//!
//! A record is versioned, human-readable JSON: the plugin's id and version, the contract
//! level, the options, the seed, the start position if it is not the game's start, and
//! every move and chance outcome in order (by id, with its notation as a cross-check, and
//! a short check of the position it leads to). Replaying a record through the plugin
//! reproduces the game exactly, or says at which move the plugin's rules diverge from it.

mod annotations;
pub mod network;
pub mod shared;

pub use annotations::{Annotations, VariationError, delete_variation, promote};
pub use shared::SharedRecord;

use std::{collections::BTreeMap, path::Path};

use game_api::{MoveId, OptionValue, Options, Outcome, Turn};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{
    ending::{ClockState, Ending},
    plugins::{CallError, GameHandle, Plugin, PluginSet},
    storage::{StorageError, write_atomic},
};

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "tavola-record";
/// The version of the record format this host writes and reads (and every older one).
/// Version 2 added, for network games, the seats' commitments and each throw's reveals
/// (`net.commits`, `net.throws`) and the ending by forfeit; version 3, comments (on the
/// game and on each move) and variations ([`Annotations`]); version 1 and 2 records
/// load as they are.
pub const RECORD_VERSION: u32 = 3;

/// A game as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The format version, [`RECORD_VERSION`].
    pub version: u32,
    /// The plugin's game id.
    pub game: String,
    /// The game's name as its plugin gave it when the game was played, so that a record
    /// whose plugin is gone can still be told by its name (optional: older records have
    /// none, and it is not written when empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The plugin's version when the game was played.
    pub plugin_version: String,
    /// The contract level of that plugin.
    pub api_level: u32,
    /// Every option's value.
    pub options: BTreeMap<String, OptionValue>,
    /// The seed of the host's random generator, if the game used one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The start position's notation, when the game did not start from the beginning.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Who sat in each seat (`human`, `random`, a bot's name).
    #[serde(default)]
    pub seats: Vec<String>,
    /// When the game was started, in seconds since 1970.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<u64>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<RecordedMove>,
    /// The moves taken back after the last of `moves`, which Redo plays again: not part
    /// of the game (a replay plays `moves` only), kept so that a game saved after Undo
    /// opens with the same Redo. The app checks them move by move when it opens the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone: Vec<RecordedMove>,
    /// The result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// How the game ended when its rules did not end it (a resignation, an agreed draw,
    /// a loss on time): the game is finished after its last move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// When the `ending` came, in milliseconds of play since the start (as a move's
    /// `at_ms`): a resignation's game lasted until the resignation, not its last move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_ms: Option<u64>,
    /// The players' clocks, when the game is played with them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockState>,
    /// For a game played on the network: this side's role and the halves of the seed
    /// (see [`network::NetRecord`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<network::NetRecord>,
    /// A comment on the whole game (version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Tags of an imported game (version 3; OGN's `Event`, `Site`, `Date`…).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

/// One action of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    /// The move's id.
    pub id: u32,
    /// Its notation, checked on replay.
    pub notation: String,
    /// The seat that moved, or none for a chance outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// Milliseconds since the game started, when it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
    /// The [`position_check`] of the position the move leads to, checked on replay
    /// (records written before checks existed have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// The milliseconds the mover's clock ran for this move, in a network game with
    /// clocks (the clocks are worked out again from these).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent_ms: Option<u64>,
    /// Its comment and the variations played instead of it (version 3).
    #[serde(flatten)]
    pub notes: Annotations,
}

impl RecordedMove {
    /// A move by its id and notation, with nothing else recorded.
    pub fn new(id: u32, notation: &str, seat: Option<u8>) -> Self {
        RecordedMove {
            id,
            notation: notation.to_owned(),
            seat,
            at_ms: None,
            check: None,
            spent_ms: None,
            notes: Annotations::default(),
        }
    }
}

/// How many of `moves` are moves of a seat: chance throws (no seat) are not moves of a
/// player, so no "N moves" counts them.
pub fn seat_moves(moves: &[RecordedMove]) -> usize {
    moves.iter().filter(|m| m.seat.is_some()).count()
}

/// A short check of a position: the first 8 hex digits of the 64-bit FNV-1a hash of
/// its notation. Stable across builds and machines, so a record made anywhere can be
/// checked anywhere.
pub fn position_check(notation: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in notation.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:08x}", hash >> 32)
}

/// The [`position_check`] of `game`'s current position.
pub fn check_of(game: &GameHandle) -> Result<String, CallError> {
    Ok(position_check(&game.notation()?))
}

/// What is wrong with a record, said so a person can fix it.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The file could not be saved.
    #[error(transparent)]
    Save(#[from] StorageError),
    /// The file could not be read.
    #[error("{}", crate::tr!("record-io", path = path.clone(), error = source.to_string()))]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not valid record JSON.
    #[error("{}", crate::tr!("record-syntax", path = path.clone(), reason = reason.clone()))]
    Syntax {
        /// The file.
        path: String,
        /// What the JSON parser said, with line and column.
        reason: String,
    },
    /// Another format or a newer version.
    #[error("{}", crate::tr!("record-format", reason = .0.clone()))]
    Format(String),
    /// No loaded plugin plays the recorded game.
    #[error("{0}")]
    UnknownGame(String),
    /// The recorded options are not valid for the plugin.
    #[error("{}", crate::tr!("record-options", reason = .0.clone()))]
    Options(String),
    /// The recorded start position cannot be set up.
    #[error("{}", crate::tr!("record-start", reason = .0.clone()))]
    Start(String),
    /// A recorded move cannot be played.
    #[error("{}", crate::tr!("record-move", number = *number, notation = notation.clone(), reason = reason.clone()))]
    Move {
        /// 1-based position in the record.
        number: usize,
        /// The recorded notation.
        notation: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The plugin reaches another position than the one recorded after a move.
    #[error("{}", crate::tr!(
        "record-diverged",
        number = *number,
        notation = notation.clone(),
        expected = expected.clone(),
        found = found.clone(),
        position = position.clone()
    ))]
    Diverged {
        /// 1-based position of the move in the record.
        number: usize,
        /// The move's notation.
        notation: String,
        /// The recorded check.
        expected: String,
        /// The check of the plugin's position.
        found: String,
        /// The plugin's position after the move, in its notation.
        position: String,
    },
    /// The replayed game ends differently from the recorded result.
    #[error("{}", crate::tr!("record-result", reason = .0.clone()))]
    Result(String),
    /// The plugin failed while replaying.
    #[error("{}", crate::tr!("record-plugin", error = .0.to_string()))]
    Plugin(#[from] CallError),
}

impl Record {
    /// A new, empty record of a game of `plugin` with these options.
    pub fn new(
        plugin: &Plugin,
        options: &Options,
        seed: Option<u64>,
        start: Option<String>,
    ) -> Self {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            game: plugin.id().into(),
            name: Some(plugin.manifest().name.clone()).filter(|n| !n.is_empty()),
            plugin_version: plugin.manifest().version.clone(),
            api_level: plugin.api_level(),
            options: options.values().clone(),
            seed,
            start,
            seats: Vec::new(),
            created: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()
                .map(|d| d.as_secs()),
            moves: Vec::new(),
            undone: Vec::new(),
            result: None,
            ending: None,
            clock: None,
            net: None,
            comment: None,
            ended_ms: None,
            tags: BTreeMap::new(),
        }
    }

    /// Reads a record file, saying clearly what is wrong with a bad one.
    pub fn read(path: &Path) -> Result<Self, RecordError> {
        let text = std::fs::read_to_string(path).map_err(|source| RecordError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Self::from_json(&text).map_err(|e| match e {
            RecordError::Syntax { reason, .. } => RecordError::Syntax {
                path: path.display().to_string(),
                reason,
            },
            other => other,
        })
    }

    /// Reads a record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        // Look at the format first, so that another file gets a better message than a
        // missing field.
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(e) => journal(text).ok_or_else(|| RecordError::Syntax {
                path: "record".into(),
                reason: without_quoted_text(&e.to_string()),
            })?,
        };
        match value.get("format").and_then(|f| f.as_str()) {
            Some(RECORD_FORMAT) => {}
            Some(other) => {
                // A format's name, not whatever text the file holds there.
                let found = if other.len() <= 40
                    && other
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_/.".contains(c))
                {
                    other.to_owned()
                } else {
                    "…".to_owned()
                };
                return Err(RecordError::Format(crate::tr!(
                    "record-format-other",
                    found = found,
                    expected = RECORD_FORMAT
                )));
            }
            None => {
                return Err(RecordError::Format(crate::tr!(
                    "record-format-missing",
                    expected = RECORD_FORMAT
                )));
            }
        }
        if let Some(v) = value.get("version").and_then(|v| v.as_u64())
            && v > u64::from(RECORD_VERSION)
        {
            return Err(RecordError::Format(crate::tr!(
                "record-format-newer",
                version = v,
                max = RECORD_VERSION
            )));
        }
        serde_json::from_value(value).map_err(|e| RecordError::Syntax {
            path: "record".into(),
            reason: without_quoted_text(&e.to_string()),
        })
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Writes the record to `path` with [`write_atomic`]: a crash or a failed write
    /// never destroys an earlier save, and a finished write is on the disk.
    pub fn write(&self, path: &Path) -> Result<(), RecordError> {
        Ok(write_atomic(path, self.to_json().as_bytes())?)
    }

    /// Appends a move about to be played in `game` (the position before it), with the
    /// check of the position it leads to.
    pub fn push(
        &mut self,
        game: &GameHandle,
        mv: MoveId,
        seat: Option<u8>,
    ) -> Result<(), CallError> {
        let notation = game.move_info(mv)?.notation;
        let mut after = game.clone();
        after.apply(mv)?;
        self.moves.push(RecordedMove {
            id: mv.0,
            notation,
            seat,
            at_ms: None,
            check: Some(check_of(&after)?),
            spent_ms: None,
            notes: Annotations::default(),
        });
        Ok(())
    }

    /// Whether any move carries a position check (records written before checks existed
    /// carry none).
    pub fn has_checks(&self) -> bool {
        self.moves.iter().any(|m| m.check.is_some())
    }
}

/// The record of a journal, as [`crate::storage::RecordWriter`] writes a game in
/// progress: the record without its moves on the first line, then one move per line. A
/// last line cut short (by a crash in the middle of an append) is left out.
fn journal(text: &str) -> Option<serde_json::Value> {
    let mut lines = text.split_inclusive('\n');
    let mut head: serde_json::Value = serde_json::from_str(lines.next()?).ok()?;
    if !head.is_object() {
        return None;
    }
    let mut moves = Vec::new();
    for line in lines {
        match serde_json::from_str::<serde_json::Value>(line) {
            Ok(m) if m.is_object() => moves.push(m),
            _ if !line.ends_with('\n') => break,
            _ => return None,
        }
    }
    head["moves"] = serde_json::Value::Array(moves);
    Some(head)
}

/// A record replayed through its plugin.
#[derive(Debug)]
pub struct Replayed {
    /// The game after the last recorded move.
    pub game: GameHandle,
    /// Things worth saying that do not stop the replay (a different plugin version).
    pub warnings: Vec<String>,
}

/// Sets up the record's start position through `plugin`.
pub fn start_of(plugin: &Plugin, record: &Record) -> Result<GameHandle, RecordError> {
    let options = Options::resolve(&plugin.manifest().options, &record.options)
        .map_err(|e| RecordError::Options(e.to_string()))?;
    match &record.start {
        Some(notation) => plugin
            .from_notation(&options, notation)
            .map_err(|e| RecordError::Start(e.to_string())),
        None => Ok(plugin.new_game(&options)?),
    }
}

/// Replays `record` with the matching plugin of `plugins`, checking every move and the
/// recorded result.
pub fn replay(plugins: &PluginSet, record: &Record) -> Result<Replayed, RecordError> {
    let plugin = plugins.require(&record.game).map_err(|e| {
        RecordError::UnknownGame(crate::tr!(
            "record-other-game",
            game = record.game.clone(),
            error = e.to_string()
        ))
    })?;
    replay_with(plugin, record)
}

/// Replays `record` with `plugin`, checking every move and the recorded result.
pub fn replay_with(plugin: &Plugin, record: &Record) -> Result<Replayed, RecordError> {
    if plugin.id() != record.game {
        return Err(RecordError::UnknownGame(crate::tr!(
            "record-not-of",
            game = record.game.clone(),
            plugin = plugin.id().to_owned()
        )));
    }
    let mut warnings = Vec::new();
    if !record.moves.is_empty() && !record.has_checks() {
        warnings.push(crate::tr!("record-no-checks"));
    }
    let mut game = start_of(plugin, record)?;
    for (i, m) in record.moves.iter().enumerate() {
        let bad = |reason: String| RecordError::Move {
            number: i + 1,
            notation: m.notation.clone(),
            reason,
        };
        let turn = game.turn()?;
        if let Turn::Over { .. } = turn {
            return Err(bad(crate::tr!("record-over")));
        }
        let legal = game.legal_moves()?;
        if !legal.contains(&MoveId(m.id)) {
            return Err(bad(crate::tr!("record-not-legal", id = m.id.to_string())));
        }
        let info = game.move_info(MoveId(m.id))?;
        if info.notation != m.notation {
            return Err(bad(crate::tr!(
                "record-written-as",
                id = m.id.to_string(),
                notation = info.notation
            )));
        }
        game.apply(MoveId(m.id))?;
        if let Some(expected) = &m.check {
            let position = game.notation()?;
            let found = position_check(&position);
            if &found != expected {
                return Err(RecordError::Diverged {
                    number: i + 1,
                    notation: m.notation.clone(),
                    expected: expected.clone(),
                    found,
                    position,
                });
            }
        }
    }
    if plugin.manifest().version != record.plugin_version {
        let other = crate::tr!(
            "record-other-version",
            game = record.game.clone(),
            recorded = record.plugin_version.clone(),
            version = plugin.manifest().version.clone()
        );
        warnings.push(if record.has_checks() {
            crate::tr!("record-other-version-checked", other = other)
        } else {
            other
        });
    }
    if let Some(recorded) = &record.result {
        match game.turn()? {
            Turn::Over { outcome } if &outcome == recorded => {}
            Turn::Over { outcome } => {
                return Err(RecordError::Result(crate::tr!(
                    "record-results",
                    recorded = describe_scores(recorded),
                    replayed = describe_scores(&outcome)
                )));
            }
            _ => return Err(RecordError::Result(crate::tr!("record-not-over"))),
        }
    }
    Ok(Replayed { game, warnings })
}

fn describe_scores(o: &Outcome) -> String {
    o.seats
        .iter()
        .map(|s| s.score.to_string())
        .collect::<Vec<_>>()
        .join("–")
}

/// A JSON error's message without the file's own strings, which `serde_json` quotes
/// (`invalid type: string "…"`): a refusal says where and what is wrong, never what a file
/// (a link to a secret, say) holds.
fn without_quoted_text(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut inside = false;
    for c in message.chars() {
        if c == '"' {
            out.push_str(if inside { "…\"" } else { "\"" });
            inside = !inside;
        } else if !inside && !c.is_control() {
            out.push(c);
        }
    }
    if inside {
        out.push_str("…\"");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn sample() -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            game: "game".into(),
            name: None,
            plugin_version: "1.0.0".into(),
            api_level: 1,
            options: BTreeMap::new(),
            seed: Some(3),
            start: None,
            seats: vec!["random".into(), "greedy".into()],
            created: Some(1),
            moves: vec![
                RecordedMove {
                    id: 2,
                    notation: "c".into(),
                    seat: Some(0),
                    at_ms: None,
                    check: Some(position_check("4,4,0,5,5,5/4,4,4,4,4,4 1-0 S")),
                    spent_ms: None,
                    notes: Annotations::default(),
                },
                RecordedMove {
                    id: 0,
                    notation: "a".into(),
                    seat: Some(0),
                    at_ms: None,
                    check: Some(position_check("0,5,1,6,6,5/4,4,4,4,4,4 1-0 N")),
                    spent_ms: None,
                    notes: Annotations::default(),
                },
            ],
            undone: Vec::new(),
            result: None,
            ending: None,
            clock: None,
            net: None,
            comment: None,
            ended_ms: None,
            tags: BTreeMap::new(),
        }
    }

    #[test]
    fn position_checks_are_short_stable_and_tell_positions_apart() {
        // FNV-1a of the empty string is cbf29ce484222325.
        assert_eq!(position_check(""), "cbf29ce4");
        assert_eq!(position_check("a"), "af63dc4c");
        let check = position_check("4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
        assert_eq!(check.len(), 8);
        assert_ne!(check, position_check("4,4,0,5,5,5/4,4,4,4,4,4 1-0 N"));
    }

    #[test]
    fn a_record_with_checks_round_trips_through_json_and_a_file() {
        let record = sample();
        let json = record.to_json();
        assert!(json.contains("\"check\""));
        assert_eq!(Record::from_json(&json).unwrap(), record);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("saves/game.json");
        record.write(&path).unwrap();
        assert_eq!(Record::read(&path).unwrap(), record);
        assert!(record.has_checks());
    }

    #[test]
    fn a_journal_reads_as_its_record_even_cut_short() {
        let record = sample();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("live.json");
        let mut writer = crate::storage::RecordWriter::new(&path);
        let mut so_far = record.clone();
        so_far.moves.clear();
        writer.save(&so_far).unwrap();
        assert_eq!(Record::read(&path).unwrap(), so_far);
        for m in &record.moves {
            so_far.moves.push(m.clone());
            writer.save(&so_far).unwrap();
            assert_eq!(Record::read(&path).unwrap(), so_far);
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 1 + record.moves.len(), "{text}");
        // A crash in the middle of the last append: that move is left out.
        let cut = &text[..text.len() - 10];
        let read = Record::from_json(cut).unwrap();
        assert_eq!(read.moves, record.moves[..record.moves.len() - 1]);
        // A bad line in the middle is an error, as is a cut pretty record.
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(1, "{oops");
        assert!(Record::from_json(&lines.join("\n")).is_err());
        let pretty = record.to_json();
        assert!(Record::from_json(&pretty[..pretty.len() / 2]).is_err());
        // The end of the game replaces the journal with the pretty record.
        writer.finish(&record).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), pretty);
    }

    #[test]
    fn an_old_record_without_checks_still_loads() {
        let mut old: serde_json::Value = serde_json::from_str(&sample().to_json()).unwrap();
        for m in old["moves"].as_array_mut().unwrap() {
            m.as_object_mut().unwrap().remove("check");
        }
        let record = Record::from_json(&old.to_string()).unwrap();
        assert_eq!(record.moves.len(), 2);
        assert!(!record.has_checks());
        assert!(record.moves.iter().all(|m| m.check.is_none()));
    }

    #[test]
    fn the_games_name_is_kept_when_given_and_not_written_when_empty() {
        let unnamed = sample().to_json();
        assert!(!unnamed.contains("\"name\""), "{unnamed}");
        assert_eq!(Record::from_json(&unnamed).unwrap().name, None);
        let mut named = sample();
        named.name = Some("Whyo walk".into());
        let json = named.to_json();
        assert!(json.contains("\"name\": \"Whyo walk\""), "{json}");
        assert_eq!(Record::from_json(&json).unwrap(), named);
        assert_eq!(named.version, RECORD_VERSION);
    }

    #[test]
    fn a_refusal_never_quotes_the_files_strings() {
        let text = r#"{"format": "FORMAT", "game": "kalah", "seats": "SECRET"}"#
            .replace("FORMAT", RECORD_FORMAT);
        let e = Record::from_json(&text).unwrap_err().to_string();
        assert!(e.contains("invalid type"), "{e}");
        assert!(!e.contains("SECRET"), "{e}");
        let other = r#"{"format": "SECRET token with spaces"}"#;
        let e = Record::from_json(other).unwrap_err().to_string();
        assert!(!e.contains("SECRET"), "{e}");
    }
}

#[cfg(test)]
mod old_versions {
    use super::*;

    /// Records as versions 1 and 2 wrote them (kept as files, never rewritten): they
    /// load as they are, with no comment and no variation.
    #[test]
    fn records_of_versions_1_and_2_still_load() {
        for (text, version, checks) in [
            (include_str!("record/fixtures/v1-kalah.json"), 1, false),
            (include_str!("record/fixtures/v2-kalah.json"), 2, true),
        ] {
            let record = Record::from_json(text).unwrap();
            assert_eq!((record.version, record.game.as_str()), (version, "kalah"));
            assert_eq!(record.moves.len(), 17);
            assert_eq!(record.moves[0].notation, "b");
            assert_eq!(record.has_checks(), checks);
            assert!(record.comment.is_none());
            assert!(record.moves.iter().all(|m| m.notes.is_empty()));
            // Written again, it is a record of today's version that reads the same.
            let mut again = Record::from_json(&record.to_json()).unwrap();
            again.version = RECORD_VERSION;
            assert_eq!(Record::from_json(&again.to_json()).unwrap(), again);
        }
    }

    #[test]
    fn a_newer_version_is_refused_with_both_versions() {
        let text = include_str!("record/fixtures/v2-kalah.json").replace(
            "\"version\": 2",
            &format!("\"version\": {}", RECORD_VERSION + 1),
        );
        let e = Record::from_json(&text).unwrap_err().to_string();
        assert!(e.contains(&(RECORD_VERSION + 1).to_string()), "{e}");
    }
}
