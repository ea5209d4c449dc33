//! Confining a process at its first plugin library: the command-line commands that play
//! games load their plugin into their own process, and confine it just before.
//!
//! A command [`arm`]s the sandbox with what it will still need (an endgame tables folder);
//! the loader calls [`before_load`] with the private copy it is about to open, which
//! confines the process to the allowance plus that copy, once. A process confined so can
//! open no other plugin (the sandbox does not let it read one): one plugin per command.

use std::{path::Path, sync::Mutex};

use super::{Allowance, Reporter, SandboxError, SandboxState, confine};

struct Plan {
    armed: Option<(Allowance, Reporter)>,
    confined: Option<SandboxState>,
    /// Lock executable memory once the library is loaded (not when several are).
    lock_after_load: bool,
}

static PLAN: Mutex<Plan> = Mutex::new(Plan {
    armed: None,
    confined: None,
    lock_after_load: false,
});

/// Confine this process before the first plugin library it opens, to `allow` and that
/// library, reporting a blocked call to `reporter`.
pub fn arm(allow: Allowance, reporter: Reporter) {
    let mut plan = PLAN.lock().unwrap_or_else(|e| e.into_inner());
    plan.armed = Some((allow, reporter));
}

/// The sandbox this process is in, if it confined itself.
pub fn confined() -> Option<SandboxState> {
    PLAN.lock()
        .unwrap_or_else(|e| e.into_inner())
        .confined
        .clone()
}

/// Called by the loader just before it opens `copy`: confines the process if it is
/// armed and not confined yet (see [`arm`]); records `state` if the caller confined it
/// itself. An error means the library must not be opened.
pub fn before_load(copy: &Path) -> Result<(), SandboxError> {
    let armed = {
        let mut plan = PLAN.lock().unwrap_or_else(|e| e.into_inner());
        if plan.confined.is_some() {
            return Ok(());
        }
        plan.armed.take()
    };
    let Some((mut allow, reporter)) = armed else {
        return Ok(());
    };
    allow.read.push(copy.to_path_buf());
    let many = allow.many_libraries;
    let state = confine(&allow, reporter)?;
    PLAN.lock()
        .unwrap_or_else(|e| e.into_inner())
        .lock_after_load = !many && state != SandboxState::Off;
    Ok(())
}

/// Called by the loader once the library is loaded and its root module initialised:
/// in a process that [`before_load`] confined for one library, no memory may be made
/// executable from now on: code brought in later (by a plugin exploited through its
/// input) cannot run. Not a wall against a library malicious from the start: its
/// constructor runs before this lock, and may map executable memory then or add a filter
/// of its own that turns the lock's installation into a silent no-op. An error means the
/// lock could not be set: the library must not be used.
pub fn after_load() -> Result<(), SandboxError> {
    let lock = std::mem::take(
        &mut PLAN
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .lock_after_load,
    );
    if !lock {
        return Ok(());
    }
    crate::platform::sandbox::lock_exec()
}

/// Records that the process is confined (by [`confine`]), so that [`before_load`] does
/// nothing more.
pub(crate) fn mark_confined(state: SandboxState) {
    PLAN.lock().unwrap_or_else(|e| e.into_inner()).confined = Some(state);
}
