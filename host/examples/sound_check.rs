//! Plays the app's sounds through the system's output as the app does ([`tavola::sound`]),
//! on a timeline, to check them by ear or by recording (a null sink's monitor): a move's
//! drops, a capture, an extra turn, an illegal click, low time, a game's end; then the
//! same capture muted, and again at a quarter of the volume. Prints the timeline and what
//! the output was.
//!
//! ```sh
//! cargo run -p tavola --example sound_check
//! ```

use std::time::{Duration, Instant};

use game_api::SoundEvent;
use tavola::sound;

fn main() {
    sound::start(1.0, false);
    let started = Instant::now();
    let at = |ms: u64, what: &str, f: &dyn Fn()| {
        let due = Duration::from_millis(ms);
        if let Some(wait) = due.checked_sub(started.elapsed()) {
            std::thread::sleep(wait);
        }
        println!("{ms:>5} ms  {what}");
        f();
    };
    // A sowing of four seeds at the app's default pace (0.15 s a step).
    for i in 0..4 {
        at(500 + 150 * i, "drop", &|| sound::play(SoundEvent::Drop));
    }
    at(1500, "capture", &|| sound::play(SoundEvent::Capture));
    at(2500, "extra turn", &|| sound::play(SoundEvent::ExtraTurn));
    at(3500, "illegal click", &|| sound::play(SoundEvent::Illegal));
    at(4500, "low time", &|| sound::play(SoundEvent::LowTime));
    at(5500, "game end", &|| sound::play(SoundEvent::GameEnd));
    at(7000, "mute", &|| sound::set_muted(true));
    at(7500, "capture (muted)", &|| {
        sound::play(SoundEvent::Capture)
    });
    at(8500, "unmute, volume 25 %", &|| {
        sound::set_muted(false);
        sound::set_volume(0.25);
    });
    at(9000, "capture (25 %)", &|| sound::play(SoundEvent::Capture));
    at(10_000, "end", &|| {});
    std::thread::sleep(Duration::from_millis(300));
    println!("output: {}", sound::status());
}
