//! Games described by data files (`NAME.mancala.toml`): found in the plugins folders
//! beside the libraries, copied into the cache under their content hash like them, and
//! handed — as bytes, never read for their rules — to the *loader* plugin whose
//! manifest says it reads them ([`Manifest::data_files`](game_api::Manifest::data_files)).
//! The loader checks the file and makes its games (`game_api::data`); the host lists,
//! checks and plays them as it does any plugin's.
//!
//! A data file's game is a [`Plugin`] whose library is its loader's
//! private copy and whose [`PluginMeta::data`](super::PluginMeta::data) is the file's
//! private copy; its content hash covers both (a new loader is a new game content, for
//! the records and the quarantine as much as for a changed file).

use std::path::{Path, PathBuf};

use super::{LoadError, Plugin, cache::CopyError};

/// The largest data file read, in bytes.
pub const MAX_DATA_BYTES: u64 = 1 << 20;

/// The extension of data files (the loader's manifest names the whole ending, such as
/// `.mancala.toml`).
pub const DATA_EXTENSION: &str = "toml";

/// Whether `path` has a data file's name (`….toml`).
pub fn is_data_name(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == DATA_EXTENSION)
}

/// A data file's private copy in the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataCopy {
    /// The content hash of the file (BLAKE3, the first 128 bits in hex).
    pub hash: String,
    /// The copy (`<hash>.toml`).
    pub path: PathBuf,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// Reads the data file `source` and makes its private copy in `dir` (if not there), mode
/// `0600` in a `0700` folder. A link, or a file with another name elsewhere, is refused
/// unread ([`files`](super::files)): what is copied and handed to a loader is a file the
/// plugins folder itself holds.
pub fn data_copy(source: &Path, dir: &Path) -> Result<DataCopy, CopyError> {
    let bytes = super::files::read_capped(source, MAX_DATA_BYTES, "a data file")?;
    let hash = blake3::hash(&bytes).to_hex()[..32].to_owned();
    let path = dir.join(format!("{hash}.{DATA_EXTENSION}"));
    super::cache::private_dir(dir).map_err(CopyError::not_written)?;
    let same = super::files::read_capped(&path, MAX_DATA_BYTES, "a data file")
        .is_ok_and(|found| found == bytes);
    if !same {
        super::cache::write_private(&path, &bytes).map_err(CopyError::not_written)?;
    }
    Ok(DataCopy { hash, path, bytes })
}

/// The bytes of a data file's private copy, checked against the hash its name carries
/// (a copy changed in the cache is refused).
pub fn read_data_copy(copy: &Path) -> Result<Vec<u8>, LoadError> {
    let bytes = super::files::read_capped(copy, MAX_DATA_BYTES, "a data file")
        .map_err(|e| LoadError::Unreadable(format!("{}: {e}", copy.display())))?;
    let expected = copy.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if blake3::hash(&bytes).to_hex()[..32] != *expected {
        return Err(LoadError::Unreadable(format!(
            "the cached copy {} was changed after it was made: it is not read",
            copy.display()
        )));
    }
    Ok(bytes)
}

/// The content hash of a data file's game: its loader's and its own, together.
pub fn game_hash(loader_hash: &str, data_hash: &str) -> String {
    blake3::hash(format!("{loader_hash}+{data_hash}").as_bytes()).to_hex()[..32].to_owned()
}

/// The loader among `plugins` that reads the file at `path` (its name ends as the
/// loader's manifest says), or the refusal naming the endings there are readers for.
pub fn loader_for<'a>(
    path: &Path,
    plugins: impl Iterator<Item = &'a Plugin>,
) -> Result<&'a Plugin, LoadError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut endings = Vec::new();
    for plugin in plugins {
        if let Some(ending) = &plugin.manifest_all_languages().data_files {
            if name.ends_with(ending.as_str()) && name.len() > ending.len() {
                return Ok(plugin);
            }
            endings.push(format!("`{ending}` ({})", plugin.id()));
        }
    }
    Err(LoadError::NotAPlugin(if endings.is_empty() {
        "a data file, and no plugin that reads data files is installed (mancala variants \
         need the mancala-data plugin)"
            .to_owned()
    } else {
        format!(
            "a data file no plugin reads: the plugins here read files ending in {}",
            endings.join(", ")
        )
    }))
}

/// The manifest of the data file `bytes` from its loader `module`, checked as a
/// library's is; the loader's refusal of a bad file (the line, the key and what is
/// allowed) as [`LoadError::Broken`].
pub(super) fn manifest_of_file(
    module: game_api::ffi::GamePluginRef,
    bytes: &[u8],
) -> Result<game_api::Manifest, LoadError> {
    let entry = module
        .data_manifest_json()
        .ok_or_else(|| LoadError::Broken("its loader was built before data files".to_owned()))?;
    let json = entry(abi_stable::std_types::RSlice::from_slice(bytes))
        .into_result()
        .map_err(|e| LoadError::Broken(e.to_string()))?;
    let manifest: game_api::Manifest = serde_json::from_str(&json).map_err(|e| {
        LoadError::Broken(format!("its loader gave a manifest that is not valid: {e}"))
    })?;
    super::library::check_manifest(&manifest)
        .map_err(|e| LoadError::Broken(super::AnswerError::Manifest(e).to_string()))?;
    if manifest.data_files.is_some() {
        return Err(LoadError::Broken(
            "its manifest says it reads data files: a data file's game cannot".to_owned(),
        ));
    }
    Ok(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_named_by_its_content_and_checked_when_read() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("x.mancala.toml");
        std::fs::write(&source, "format = 1\n").unwrap();
        let copy = data_copy(&source, dir.path()).unwrap();
        assert_eq!(read_data_copy(&copy.path).unwrap(), b"format = 1\n");
        std::fs::write(&copy.path, "changed").unwrap();
        assert!(read_data_copy(&copy.path).is_err());
        assert_ne!(game_hash("a", &copy.hash), game_hash("b", &copy.hash));
    }

    #[test]
    fn a_huge_file_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("big.mancala.toml");
        std::fs::write(&source, vec![b'#'; MAX_DATA_BYTES as usize + 1]).unwrap();
        assert!(
            data_copy(&source, dir.path())
                .unwrap_err()
                .to_string()
                .contains("larger than")
        );
    }
}
