//! `tavola new`: both templates make a crate that builds, passes its own tests (the
//! rules and the conformance suite on the Rust trait) and `tavola check`, and loads.
//!
//! This test runs cargo on the new crates, offline, with the workspace's `Cargo.lock` (so
//! they use the crates the workspace already has) and a target folder of their own under
//! cargo's temporary folder, kept between runs: the dependencies are built once.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

fn run(command: &mut Command) -> String {
    let out = command.output().expect("the command starts");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{command:?} failed:\n{text}");
    text
}

fn tavola() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tavola"));
    c.args(["--lang", "en", "--no-default-plugins"]);
    c
}

fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the host is in the workspace")
        .to_path_buf()
}

/// Creates the crate `name` (`extra` flags) in `parent`, builds and tests it; returns its
/// plugin library.
fn new_crate(parent: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let dir = parent.join(name);
    let out = run(tavola()
        .args(["new", name, "--path"])
        .arg(&dir)
        .arg("--tavola-path")
        .arg(checkout())
        .args(extra));
    assert!(out.contains("Created"), "{out}");
    std::fs::copy(checkout().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tavola-new");
    let cargo = || {
        let mut c = Command::new(option_env!("CARGO").unwrap_or("cargo"));
        c.current_dir(&dir)
            .env("CARGO_TARGET_DIR", &target)
            .env_remove("RUSTFLAGS");
        c
    };
    run(cargo().args(["build", "--offline", "--quiet"]));
    let tests = run(cargo().args(["test", "--offline", "--quiet"]));
    assert!(!tests.contains("FAILED"), "{tests}");
    let lib = target.join("debug").join(format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    ));
    assert!(lib.is_file(), "{} was not built", lib.display());
    lib
}

#[test]
fn both_templates_build_pass_their_tests_and_tavola_check_and_load() {
    let parent = tempfile::tempdir().unwrap();
    let game = new_crate(parent.path(), "new-stone", &[]);
    let mancala = new_crate(parent.path(), "new-kalah", &["--mancala"]);
    let plugins = tempfile::tempdir().unwrap();
    for lib in [&game, &mancala] {
        let out = run(tavola().arg("check").arg(lib));
        assert!(out.contains("All checks passed"), "{out}");
        std::fs::copy(lib, plugins.path().join(lib.file_name().unwrap())).unwrap();
    }
    let list = run(tavola().arg("--plugins").arg(plugins.path()).arg("list"));
    for (id, name) in [("new-stone", "New Stone"), ("new-kalah", "New Kalah")] {
        let line = list
            .lines()
            .find(|l| l.starts_with(id))
            .unwrap_or_else(|| panic!("{id} is not listed:\n{list}"));
        assert!(line.contains(name) && line.contains("loaded"), "{line}");
    }
    let played = run(tavola().arg("--plugins").arg(plugins.path()).args([
        "play",
        "new-stone",
        "--seat",
        "random",
        "--seat",
        "alphabeta",
        "--seed",
        "1",
    ]));
    assert!(played.contains("take"), "{played}");
}

#[test]
fn a_bad_name_or_a_full_folder_is_refused_with_the_reason() {
    let parent = tempfile::tempdir().unwrap();
    let out = tavola()
        .args(["new", "Bad_Name", "--path"])
        .arg(parent.path().join("x"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a usable game id"));
    std::fs::write(parent.path().join("file"), "").unwrap();
    let out = tavola()
        .args(["new", "good-name", "--path"])
        .arg(parent.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
}
