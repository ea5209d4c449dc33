//! The folders: the system folders an installed Tavola reads, the user's own folders
//! (data, cache) it writes, and how a folder is shown in the system's file manager.
//!
//! The **system folders** are compiled in by the packager (the Helix pattern): the
//! build reads `TAVOLA_SYSTEM_PLUGINS`, a path list (`:`-separated on Unix, `;` on
//! Windows), with `option_env!`. A Debian package sets it to `/usr/lib/tavola/plugins`
//! (the first-party libraries) and `/usr/share/tavola/catalogue` (the catalogue of
//! data-file variants); a developer's build has none and searches only what it did before.
//!
//! The **user's folders** are the system's conventions for an application (the
//! `directories` crate): on Linux `~/.local/share/tavola` (XDG data: settings, saved games,
//! the plugins folder, endgame tables) and `~/.cache/tavola` (the private copies of the
//! plugins); on macOS `~/Library/Application Support/org.Tavola.tavola` and
//! `~/Library/Caches/…`; on Windows `%APPDATA%\Tavola\tavola\data` and
//! `%LOCALAPPDATA%\…\cache`. An installed tree is read, never written.
//!
//! ```
//! // A developer's build (no TAVOLA_SYSTEM_PLUGINS at build time) has no system folders;
//! // a packaged one lists them in the packager's order.
//! let dirs = tavola_core::platform::system_plugin_dirs();
//! assert!(dirs.iter().all(|d| d.is_absolute()));
//! ```

use std::path::{Path, PathBuf};

/// The path list of the system plugin folders, as the packager set it at build time.
pub const SYSTEM_PLUGINS: Option<&str> = option_env!("TAVOLA_SYSTEM_PLUGINS");

/// The system plugin folders compiled in at build time ([`SYSTEM_PLUGINS`]), in order;
/// relative or empty entries are left out (an installed tree is named absolutely).
pub fn system_plugin_dirs() -> Vec<PathBuf> {
    parse_path_list(SYSTEM_PLUGINS.unwrap_or(""))
}

/// The absolute entries of a path list.
fn parse_path_list(list: &str) -> Vec<PathBuf> {
    std::env::split_paths(list)
        .filter(|p| p.is_absolute())
        .collect()
}

/// The application's folders of this user, by the system's conventions.
fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "Tavola", "tavola")
}

/// The user's data folder of Tavola (settings, saved games, the plugins folder, endgame
/// tables): `~/.local/share/tavola` on Linux (or `$XDG_DATA_HOME/tavola`); `None` when
/// the system names no home.
pub fn user_data_dir() -> Option<PathBuf> {
    project().map(|d| d.data_dir().to_path_buf())
}

/// The user's cache folder of Tavola (what can be made again: the private copies of the
/// plugins): `~/.cache/tavola` on Linux (or `$XDG_CACHE_HOME/tavola`).
pub fn user_cache_dir() -> Option<PathBuf> {
    project().map(|d| d.cache_dir().to_path_buf())
}

/// The program that shows a folder in the system's file manager.
pub const FOLDER_OPENER: &str = if cfg!(target_os = "macos") {
    "open"
} else if cfg!(target_os = "windows") {
    "explorer"
} else {
    "xdg-open"
};

/// Why a folder could not be shown.
#[derive(Debug, thiserror::Error)]
#[error("{opener} could not be started: {source}")]
pub struct OpenError {
    /// The program tried ([`FOLDER_OPENER`]).
    pub opener: &'static str,
    /// What the system said.
    #[source]
    pub source: std::io::Error,
}

/// Creates `dir` if needed and shows it in the system's file manager (`xdg-open` on
/// Linux). The opener runs on its own; its own failure to show the folder (no file
/// manager) is its to report, not a crash of Tavola's.
pub fn open_folder(dir: &Path) -> Result<(), OpenError> {
    open_with(FOLDER_OPENER, dir)
}

/// [`open_folder`] with the program `opener`.
fn open_with(opener: &'static str, dir: &Path) -> Result<(), OpenError> {
    let open = || -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let mut child = std::process::Command::new(opener)
            .arg(dir)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        // Reaped on a thread of its own, so that no zombie is left behind.
        std::thread::spawn(move || child.wait());
        Ok(())
    };
    open().map_err(|source| OpenError { opener, source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_list_keeps_its_absolute_entries_in_order() {
        assert_eq!(
            parse_path_list("/usr/lib/tavola/plugins::relative:/usr/share/tavola/catalogue"),
            [
                PathBuf::from("/usr/lib/tavola/plugins"),
                PathBuf::from("/usr/share/tavola/catalogue")
            ]
        );
        assert!(parse_path_list("").is_empty());
    }

    #[test]
    fn a_missing_opener_is_an_error_that_names_it() {
        // The folder is created even when nothing can show it.
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("plugins");
        let e = open_with("tavola-no-such-opener", &target).unwrap_err();
        assert!(target.is_dir());
        assert!(
            e.to_string()
                .starts_with("tavola-no-such-opener could not be started"),
            "{e}"
        );
    }
}
