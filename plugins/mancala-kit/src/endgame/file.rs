//! The table files: one per seed count, a checked header and a body of three bytes per
//! position (the bounds `lo`, `hi` and the point value, as `i8`: see [`super::Entry`]).
//!
//! ```text
//! magic        8 bytes  "TVLEGDB\0"
//! version      u32 LE   FORMAT_VERSION
//! seeds        u32 LE   the seed count of every position in the file
//! houses       u32 LE   houses per side
//! entries      u64 LE   positions (C(seeds + 2·houses − 1, 2·houses − 1))
//! rules_len    u32 LE   then the rules' description (UTF-8 JSON), the variant id and
//!                       every rule that changes the values
//! checksum     32 bytes BLAKE3 of the body
//! body         3 bytes per position (lo, hi, point), in rank order
//! ```
//!
//! A file whose header differs in anything from what is expected, whose body has the
//! wrong length or whose checksum does not match is not trusted: [`read`] says why,
//! and the caller deletes it and builds it again. Files are written to a temporary
//! file, flushed and renamed, so a build cut short leaves no file under the real name.

use super::Entry;
use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"TVLEGDB\0";
/// The layout of the file; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 2;

/// Bytes per position in the body.
const ENTRY_BYTES: u64 = 3;

/// What a table file must say in its header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The seed count of the positions.
    pub seeds: u32,
    /// Houses per side.
    pub houses: u32,
    /// Positions in the body.
    pub entries: u64,
    /// The variant id and the rules that change the values, as JSON.
    pub rules: String,
}

/// Why a table file is not trusted.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is there but is not the table expected.
    #[error("{path}: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

impl Header {
    /// The size on disk of the file of this header: the header, then three bytes a
    /// position.
    ///
    /// ```
    /// use mancala_kit::endgame::file::Header;
    /// let header = Header { seeds: 1, houses: 6, entries: 12, rules: "{}".into() };
    /// // The fixed fields (32 bytes), the rules, the checksum (32), the body.
    /// assert_eq!(header.file_size(), 32 + 2 + 32 + 3 * 12);
    /// ```
    pub fn file_size(&self) -> u64 {
        (header_bytes(self, &[0; 32]).len() as u64).saturating_add(ENTRY_BYTES * self.entries)
    }
}

fn header_bytes(header: &Header, checksum: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + header.rules.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&header.seeds.to_le_bytes());
    out.extend_from_slice(&header.houses.to_le_bytes());
    out.extend_from_slice(&header.entries.to_le_bytes());
    out.extend_from_slice(&(header.rules.len() as u32).to_le_bytes());
    out.extend_from_slice(header.rules.as_bytes());
    out.extend_from_slice(checksum);
    out
}

/// The body of a table: three bytes per position.
pub fn body(table: &[Entry]) -> Vec<u8> {
    table
        .iter()
        .flat_map(|&[l, h, p]| [l as u8, h as u8, p as u8])
        .collect()
}

/// Writes `table` to `path` atomically (temporary file, flush, rename).
pub fn write(path: &Path, header: &Header, table: &[Entry]) -> Result<(), FileError> {
    let io = |source| FileError::Io {
        path: path.to_owned(),
        source,
    };
    let body = body(table);
    let checksum: [u8; 32] = blake3::hash(&body).into();
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("table");
    let temp = dir.join(format!(".{name}.{}.partial", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(&header_bytes(header, &checksum))?;
        file.write_all(&body)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map_err(io)
}

/// Reads the table at `path`, checking every field of its header against `expected`
/// and its body against the checksum.
pub fn read(path: &Path, expected: &Header) -> Result<Vec<Entry>, FileError> {
    let bytes = fs::read(path).map_err(|source| FileError::Io {
        path: path.to_owned(),
        source,
    })?;
    let bad = |reason: String| FileError::Invalid {
        path: path.to_owned(),
        reason,
    };
    let head = header_bytes(expected, &[0; 32]);
    let fixed = head.len() - 32;
    if bytes.len() < head.len() {
        return Err(bad(format!(
            "{} bytes, shorter than its header ({} bytes)",
            bytes.len(),
            head.len()
        )));
    }
    if &bytes[..8] != MAGIC {
        return Err(bad("not a Tavola endgame table (wrong magic)".into()));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap_or_default());
    if version != FORMAT_VERSION {
        return Err(bad(format!(
            "format version {version}, this build reads version {FORMAT_VERSION}"
        )));
    }
    if bytes[..fixed] != head[..fixed] {
        return Err(bad(
            "its header (seed count, board, entries or rules) is not the one expected".into(),
        ));
    }
    let body = &bytes[head.len()..];
    let want = expected.entries.saturating_mul(ENTRY_BYTES);
    if body.len() as u64 != want {
        return Err(bad(format!(
            "its body holds {} bytes where {want} are expected",
            body.len()
        )));
    }
    let checksum: [u8; 32] = blake3::hash(body).into();
    if bytes[fixed..head.len()] != checksum {
        return Err(bad("its checksum does not match its contents".into()));
    }
    Ok(body
        .chunks_exact(ENTRY_BYTES as usize)
        .map(|p| [p[0] as i8, p[1] as i8, p[2] as i8])
        .collect())
}
