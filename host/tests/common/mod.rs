//! What the host's integration tests share.

/// A plugins folder holding copies of the named plugins (crate names with underscores)
/// that cargo built next to the test executable.
pub fn plugins_of(crates: &[&str]) -> tempfile::TempDir {
    let build = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let dir = tempfile::tempdir().unwrap();
    for name in crates {
        let lib = format!(
            "{}{name}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        );
        std::fs::copy(build.join(&lib), dir.path().join(&lib)).unwrap();
    }
    dir
}
