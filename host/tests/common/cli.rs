//! Running the `tavola` binary the way a person does, for the command-line tests.

use std::{path::Path, process::Command};

/// What one run of `tavola` gave.
#[derive(Debug)]
pub struct Run {
    /// Whether it exited with success.
    pub ok: bool,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `tavola --lang en --no-default-plugins --plugins PLUGINS ARGS…` (English
/// whatever the machine's locale) and waits for it.
pub fn tavola(plugins: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins"])
        .arg("--plugins")
        .arg(plugins)
        .args(args)
        .output()
        .unwrap();
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
