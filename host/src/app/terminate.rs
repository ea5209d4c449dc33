//! A polite end on SIGTERM (a logout, a plain `kill`): the window is asked to close, so the
//! app ends as after *Quit* — the game saved, the "running" marker removed — and the next
//! start opens the game again instead of setting it aside as if something had failed.

use std::{
    path::PathBuf,
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};

/// Set by the signal handler; read by the watcher thread.
static ASKED_TO_END: AtomicBool = AtomicBool::new(false);

/// How long the window has to close before the process ends anyway.
const GRACE: Duration = Duration::from_secs(3);

#[cfg(unix)]
extern "C" fn on_sigterm(_signal: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do.
    ASKED_TO_END.store(true, Ordering::SeqCst);
}

/// Treats SIGTERM as *Quit* for the window of `ctx`. Should the window not close within a
/// few seconds (its event loop stuck), the process ends with `marker` (this instance's
/// "running" marker) removed: the game was saved after its last move already.
pub fn quit_on_sigterm(ctx: egui::Context, marker: Option<PathBuf>) {
    #[cfg(unix)]
    {
        let handler = on_sigterm as extern "C" fn(libc::c_int);
        // SAFETY: the handler only stores into an atomic, which is async-signal-safe.
        unsafe {
            libc::signal(libc::SIGTERM, handler as usize as libc::sighandler_t);
        }
        std::thread::spawn(move || {
            while !ASKED_TO_END.load(Ordering::SeqCst) {
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
    #[cfg(not(unix))]
    let _ = (ctx, marker);
}
