//! One record held by two owners: a network game's, which its network side writes (each
//! move appended and saved before it is sent) and the app's table reads, the same value
//! (no copy of it kept in step).

use std::sync::{Arc, Mutex, MutexGuard};

use super::Record;

/// A [`Record`] shared under a lock: clones of a `SharedRecord` are the same record.
///
/// Access is by closures ([`read`](SharedRecord::read), [`write`](SharedRecord::write)),
/// so that the lock is never held beyond one short look or change (never across a save
/// to disk, never across a frame). A writer that panicked leaves the record as it was
/// written so far: it stays readable.
///
/// ```
/// use tavola_core::record::{Record, RecordedMove, shared::SharedRecord};
///
/// let record = Record::from_json(
///     r#"{"format": "tavola-record", "version": 3, "game": "pile", "plugin_version": "1",
///         "api_level": 1, "options": {}, "seats": ["human", "remote"], "moves": []}"#,
/// )
/// .unwrap();
/// let writer = SharedRecord::new(record);
/// let reader = writer.clone();
/// writer.write(|r| {
///     r.moves.push(RecordedMove {
///         id: 3,
///         notation: "c".into(),
///         seat: Some(0),
///         at_ms: None,
///         check: None,
///         spent_ms: None,
///         notes: Default::default(),
///     })
/// });
/// // The reader sees the move: the two are one record.
/// assert_eq!(reader.read(|r| r.moves.len()), 1);
/// assert!(reader.is(&writer));
/// ```
#[derive(Clone)]
pub struct SharedRecord(Arc<Mutex<Record>>);

impl SharedRecord {
    /// Shares `record`.
    pub fn new(record: Record) -> Self {
        SharedRecord(Arc::new(Mutex::new(record)))
    }

    fn lock(&self) -> MutexGuard<'_, Record> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What `look` reads of the record now.
    pub fn read<T>(&self, look: impl FnOnce(&Record) -> T) -> T {
        look(&self.lock())
    }

    /// Changes the record by `change` (seen at once by every clone).
    pub fn write<T>(&self, change: impl FnOnce(&mut Record) -> T) -> T {
        change(&mut self.lock())
    }

    /// The record as it is now, copied out (to save it, or to hand it on at the end).
    pub fn get(&self) -> Record {
        self.lock().clone()
    }

    /// How many moves the record holds.
    pub fn move_count(&self) -> usize {
        self.read(|r| r.moves.len())
    }

    /// The ids of the record's moves, from the start.
    pub fn ids(&self) -> Vec<u32> {
        self.read(|r| r.moves.iter().map(|m| m.id).collect())
    }

    /// Whether `self` and `other` are the same record (not two equal ones).
    pub fn is(&self, other: &SharedRecord) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::fmt::Debug for SharedRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.read(|r| {
            f.debug_struct("SharedRecord")
                .field("game", &r.game)
                .field("moves", &r.moves.len())
                .finish()
        })
    }
}
