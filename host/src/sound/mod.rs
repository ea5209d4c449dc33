//! Sound: the seeds' drops as a move is shown, captures, an extra turn, low time, the
//! end of a game, a refused click — the host's own sounds ([`synth::default_tones`]), or
//! the game's where its manifest describes them ([`game_api::SoundSpec`]).
//!
//! One sound thread per process (the `mixer`) plays them through the system's library
//! loaded at run time ([`output`]): no audio package is needed to build, and a machine
//! without a sound server or device plays nothing, which is never an error. Sound is off
//! until [`start`] (the app's window calls it; tests and the command line never do, and
//! `TAVOLA_SOUND=off` keeps it off). Views ask for sounds with [`play`] and
//! [`effect_shown`]; the volume and mute come from the settings.

mod alsa;
mod mixer;
pub mod output;
mod pulse;
pub mod synth;

use std::{
    collections::BTreeMap,
    sync::{
        Mutex, OnceLock,
        atomic::{AtomicBool, AtomicU32, Ordering},
        mpsc::{self, Sender},
    },
};

use game_api::{Effect, SoundEvent, SoundSpec, Tone};

struct Player {
    commands: Mutex<Sender<mixer::Command>>,
    /// The volume, 0 to 1, as `f32` bits.
    volume: AtomicU32,
    muted: AtomicBool,
    /// The game's own sounds, by event.
    game: Mutex<BTreeMap<SoundEvent, Vec<Tone>>>,
    /// Counts the drops, to vary their pitch a little.
    drops: AtomicU32,
}

static PLAYER: OnceLock<Player> = OnceLock::new();
static STATUS: Mutex<String> = Mutex::new(String::new());

/// Starts sound for this process at `volume` (0 to 1), `muted` or not; once (later calls
/// do nothing), and not at all under `TAVOLA_SOUND=off`.
pub fn start(volume: f32, muted: bool) {
    if std::env::var("TAVOLA_SOUND").is_ok_and(|v| v == "off") {
        set_status("sound is off (TAVOLA_SOUND=off)".into());
        return;
    }
    start_with(volume, muted, mixer::system_output);
}

fn start_with(
    volume: f32,
    muted: bool,
    open: fn() -> Result<Box<dyn output::Output>, output::OutputError>,
) {
    PLAYER.get_or_init(|| {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || mixer::run(rx, open));
        if let Err(e) = spawned {
            set_status(format!("no sound: {e}"));
        }
        Player {
            commands: Mutex::new(tx),
            volume: AtomicU32::new(volume.clamp(0.0, 1.0).to_bits()),
            muted: AtomicBool::new(muted),
            game: Mutex::new(BTreeMap::new()),
            drops: AtomicU32::new(0),
        }
    });
}

/// Whether sound was started in this process.
pub fn started() -> bool {
    PLAYER.get().is_some()
}

/// What became of the sound output, in words ("sound plays through PulseAudio", "no
/// sound: …"); empty before the first sound.
pub fn status() -> String {
    STATUS.lock().map(|s| s.clone()).unwrap_or_default()
}

fn set_status(text: String) {
    if let Ok(mut s) = STATUS.lock() {
        *s = text;
    }
}

/// Sets the volume (0 to 1).
pub fn set_volume(volume: f32) {
    if let Some(p) = PLAYER.get() {
        p.volume
            .store(volume.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
    }
}

/// Mutes or unmutes; muting also silences the sounds playing.
pub fn set_muted(muted: bool) {
    if let Some(p) = PLAYER.get() {
        p.muted.store(muted, Ordering::Relaxed);
        if muted {
            send(p, mixer::Command::Hush);
        }
    }
}

/// The game's own sounds from now on (its manifest's; those outside the bounds the host
/// plays are left out, and the host's own sound plays for them).
pub fn set_game_sounds(specs: &[SoundSpec]) {
    if let Some(p) = PLAYER.get()
        && let Ok(mut game) = p.game.lock()
    {
        *game = specs
            .iter()
            .filter(|s| synth::playable(s))
            .map(|s| (s.event, s.tones.clone()))
            .collect();
    }
}

/// Plays the sound of `event` (nothing when sound is off or muted).
pub fn play(event: SoundEvent) {
    let Some(p) = PLAYER.get() else { return };
    if p.muted.load(Ordering::Relaxed) {
        return;
    }
    let volume = f32::from_bits(p.volume.load(Ordering::Relaxed));
    if volume <= 0.0 {
        return;
    }
    let tones = p
        .game
        .lock()
        .ok()
        .and_then(|g| g.get(&event).cloned())
        .unwrap_or_else(|| synth::default_tones(event));
    let n = p.drops.fetch_add(1, Ordering::Relaxed);
    // Drops vary a little in pitch, as seeds on wood do.
    let pitch = if event == SoundEvent::Drop {
        [1.0, 0.94, 1.06, 0.97, 1.03][n as usize % 5]
    } else {
        1.0
    };
    let mut samples = synth::render(&tones, pitch, n.wrapping_mul(2_654_435_761));
    for s in &mut samples {
        *s *= volume;
    }
    send(p, mixer::Command::Play(samples));
}

fn send(p: &Player, command: mixer::Command) {
    if let Ok(tx) = p.commands.lock() {
        let _ = tx.send(command);
    }
}

/// The sound of one step of a move, if it makes one.
pub fn event_of(effect: &Effect) -> Option<SoundEvent> {
    Some(match effect {
        Effect::Lift { .. } => SoundEvent::Lift,
        Effect::Drop { .. } => SoundEvent::Drop,
        Effect::Relay { .. } => SoundEvent::Relay,
        Effect::Capture { .. } => SoundEvent::Capture,
        Effect::Move { .. } => SoundEvent::Move,
        Effect::Place { .. } => SoundEvent::Place,
        Effect::Remove { .. } => SoundEvent::Remove,
        Effect::Flip { .. } => SoundEvent::Flip,
        Effect::ExtraTurn { .. } => SoundEvent::ExtraTurn,
        Effect::Message { .. } => return None,
    })
}

/// Plays the sound of a step of a move as the board shows it (the animation's pace).
pub fn effect_shown(effect: &Effect) {
    if let Some(event) = event_of(effect) {
        play(event);
    }
}

/// Plays the sound of a move shown at once (no animation): its most telling step —
/// a capture over an extra turn over the rest.
pub fn effects_at_once(effects: &[Effect]) {
    let rank = |e: &SoundEvent| match e {
        SoundEvent::Capture => 3,
        SoundEvent::ExtraTurn => 2,
        SoundEvent::Remove => 1,
        _ => 0,
    };
    if let Some(event) = effects.iter().filter_map(event_of).max_by_key(rank) {
        play(event);
    }
}

#[cfg(test)]
mod tests {
    use game_api::SiteId;

    use super::*;

    #[test]
    fn steps_have_their_sounds() {
        let drop = Effect::Drop {
            site: SiteId(1),
            count: 1,
        };
        assert_eq!(event_of(&drop), Some(SoundEvent::Drop));
        let said = Effect::Message { text: "x".into() };
        assert_eq!(event_of(&said), None);
    }

    #[test]
    fn sound_is_off_unless_started() {
        // No test starts the system's sound: playing is then a no-op.
        assert!(!started());
        play(SoundEvent::Capture);
        effects_at_once(&[Effect::ExtraTurn { seat: 0 }]);
    }
}
