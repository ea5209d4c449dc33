//! Writing files so that a crash or a kill at any moment leaves either the old file or
//! the new one, whole.

use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed to
/// disk, renamed over `path`, and the folder flushed so the rename itself is durable.
/// Missing folders are made. The error names the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(named)?;
    }
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let tmp = path.with_file_name(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        fastrand::u64(..)
    ));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(named(e));
    }
    #[cfg(unix)]
    if let Some(dir) = dir {
        std::fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(named)?;
    }
    Ok(())
}
