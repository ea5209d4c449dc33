//! Helpers for the workspace tests: find the plugin libraries that `cargo test` built
//! (the plugin crates are dev-dependencies of this crate, so their `cdylib`s land next to
//! the test executables) and lay them out in plugins folders as a user would.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

/// The folder of the running test executable, where cargo puts the dev-dependencies'
/// dynamic libraries.
pub fn build_dir() -> PathBuf {
    std::env::current_exe()
        .expect("the test executable has a path")
        .parent()
        .expect("the test executable is in a folder")
        .to_path_buf()
}

/// The library file cargo built for `crate_name` (e.g. `kalah`, `fixture_panicky`).
pub fn library(crate_name: &str) -> PathBuf {
    let path = build_dir().join(format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        crate_name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    ));
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Every game plugin library cargo built: the dynamic libraries without a hash in their
/// name (proc macros have one) that are not test fixtures.
pub fn first_party_plugins() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(build_dir())
        .expect("the build folder is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            tavola::plugins::is_library_name(p) && !name.contains('-') && !name.contains("fixture_")
        })
        .collect();
    found.sort();
    found
}

/// A new plugins folder holding copies of `files`.
pub fn plugins_folder(files: &[PathBuf]) -> TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for f in files {
        copy_into(f, dir.path());
    }
    dir
}

/// Copies `file` into `dir`, keeping its name.
pub fn copy_into(file: &Path, dir: &Path) -> PathBuf {
    let target = dir.join(file.file_name().expect("a file name"));
    std::fs::copy(file, &target).expect("the library can be copied");
    target
}
