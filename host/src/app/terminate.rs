//! A polite end on SIGTERM (a logout, a plain `kill`): the window is asked to close, so the
//! app ends as after *Quit* — the game saved, the "running" marker removed — and the next
//! start opens the game again instead of setting it aside as if something had failed.

use std::{path::PathBuf, time::Duration};

use crate::platform::process::{catch_terminate, terminate_asked};

/// How long the window has to close before the process ends anyway.
const GRACE: Duration = Duration::from_secs(3);

/// Treats SIGTERM as *Quit* for the window of `ctx`. Should the window not close within a
/// few seconds (its event loop stuck), the process ends with `marker` (this instance's
/// "running" marker) removed: the game was saved after its last move already.
pub fn quit_on_sigterm(ctx: egui::Context, marker: Option<PathBuf>) {
    if !catch_terminate() {
        // No SIGTERM on this system: the window's own close is the only end.
        return;
    }
    std::thread::spawn(move || {
        while !terminate_asked() {
            std::thread::sleep(Duration::from_millis(100));
        }
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        ctx.request_repaint();
        std::thread::sleep(GRACE);
        if let Some(marker) = marker {
            let _ = std::fs::remove_file(marker);
        }
        std::process::exit(0);
    });
}
