//! What the Load list says of each saved game, read from its file: the game, when it was
//! saved, its players' moves, and its result or "in progress". A file that cannot be
//! read says why, and the other files are listed all the same.

use std::{collections::BTreeMap, path::Path, time::UNIX_EPOCH};

use crate::{
    plugins::PluginSet,
    record::{self, Record, RecordError},
};

/// What the list calls a game by its id: its name and seat names, from the manifests of
/// the plugins loaded (a game no plugin plays is shown by its id).
pub type GameNames = BTreeMap<String, (String, Vec<String>)>;

/// The names of the games of `plugins`, in the current language.
pub fn game_names(plugins: &PluginSet) -> GameNames {
    plugins
        .games()
        .map(|p| {
            let m = p.manifest();
            (p.id().to_owned(), (m.name.clone(), m.seat_names.clone()))
        })
        .collect()
}

/// The largest file the list reads to describe it (a saved game is a few kilobytes).
const MOST_BYTES: u64 = 16 << 20;

/// One saved game as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveInfo {
    /// A record read: what it is.
    Game {
        /// The game's name (its id when no plugin plays it).
        game: String,
        /// When the file was last written (or the game started), in UTC.
        when: Option<String>,
        /// The moves of the players (chance throws are not moves).
        moves: usize,
        /// The result ("South wins 27–21", "North resigned · South wins") or "in progress".
        state: String,
    },
    /// The file could not be read as a saved game: why.
    Unreadable(String),
}

impl SaveInfo {
    /// The line the list shows beside the file's name.
    pub fn line(&self) -> String {
        match self {
            SaveInfo::Game {
                game,
                when,
                moves,
                state,
            } => {
                let mut parts = vec![game.clone()];
                parts.extend(when.clone());
                parts.push(crate::tr!("over-moves", moves = *moves));
                parts.push(state.clone());
                parts.join(" · ")
            }
            SaveInfo::Unreadable(reason) => crate::tr!("file-unreadable", reason = reason.clone()),
        }
    }
}

/// Reads `path` and says what it holds; never fails: a bad file is
/// [`SaveInfo::Unreadable`] with the reason.
pub fn read(path: &Path, names: &GameNames) -> SaveInfo {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => return SaveInfo::Unreadable(e.to_string()),
    };
    if meta.len() > MOST_BYTES {
        return SaveInfo::Unreadable(crate::tr!("file-too-large", megabytes = meta.len() >> 20));
    }
    let record = match Record::read(path) {
        Ok(record) => record,
        Err(RecordError::Io { source, .. }) => return SaveInfo::Unreadable(source.to_string()),
        Err(RecordError::Syntax { reason, .. }) => return SaveInfo::Unreadable(reason),
        Err(e) => return SaveInfo::Unreadable(e.to_string()),
    };
    let saved = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_secs())
        .or(record.created);
    describe(&record, saved, names)
}

/// What `record` is, saved at `saved` (seconds since 1970).
fn describe(record: &Record, saved: Option<u64>, names: &GameNames) -> SaveInfo {
    let (game, seat_names) = names
        .get(&record.game)
        .cloned()
        .unwrap_or_else(|| (record.game.clone(), Vec::new()));
    let seats = [
        record.seats.len(),
        record.result.as_ref().map_or(0, |o| o.seats.len()),
    ]
    .into_iter()
    .find(|&n| n > 0)
    .unwrap_or(seat_names.len());
    let seat_names: Vec<String> = (0..seats)
        .map(|i| {
            seat_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| crate::tr!("seat-number", number = i + 1))
        })
        .collect();
    let state = match (record.ending, &record.result) {
        (Some(ending), _) => super::game_over::ending_headline(ending, &seat_names),
        (None, Some(outcome)) => super::game_over::headline(outcome, &seat_names),
        (None, None) => crate::tr!("file-in-progress"),
    };
    SaveInfo::Game {
        game,
        when: saved.map(utc_text),
        moves: record::seat_moves(&record.moves),
        state,
    }
}

/// `secs` since 1970 as `2026-12-02 18:20 UTC`.
fn utc_text(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let minutes = secs % 86_400 / 60;
    // Howard Hinnant's days-to-civil-date algorithm (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_utc() {
        assert_eq!(utc_text(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(
            utc_text(1_796_169_600 + 18 * 3600 + 20 * 60),
            "2026-12-02 18:20 UTC"
        );
    }

    #[test]
    fn a_bad_file_is_unreadable_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cut.json");
        std::fs::write(&path, r#"{"format":"tavola-record","version":1,"game":"#).unwrap();
        let SaveInfo::Unreadable(reason) = read(&path, &GameNames::new()) else {
            panic!("read as a game")
        };
        assert!(reason.contains("EOF"), "{reason}");
        assert!(matches!(
            read(&dir.path().join("none.json"), &GameNames::new()),
            SaveInfo::Unreadable(_)
        ));
    }
}
