//! Where the samples go: the system's sound server or card, reached through its own
//! library loaded at run time (PulseAudio's `libpulse-simple.so.0`, which PipeWire
//! serves too, else ALSA's `libasound.so.2`), so that building Tavola needs no audio
//! development package and a machine without either, or without a device, simply stays
//! silent.

use super::{alsa::Alsa, pulse::Pulse};

/// A place to write samples to (mono, 16-bit, [`super::synth::RATE`] a second).
pub trait Output: Send {
    /// Writes `samples`, waiting while the device's buffer is full. An error: the
    /// device is gone.
    fn write(&mut self, samples: &[i16]) -> Result<(), String>;
    /// Plays what was written to its end.
    fn drain(&mut self);
    /// Which library plays.
    fn name(&self) -> &'static str;
}

/// The first output that opens: PulseAudio (or PipeWire's), then ALSA (where the
/// machine has sound devices or an ALSA configuration). Why none opened, otherwise.
pub fn open() -> Result<Box<dyn Output>, String> {
    let pulse = match Pulse::open() {
        Ok(p) => return Ok(Box::new(p)),
        Err(e) => e,
    };
    let alsa_configured = std::path::Path::new("/dev/snd").exists()
        || std::path::Path::new("/etc/asound.conf").exists()
        || std::env::var_os("HOME")
            .is_some_and(|h| std::path::Path::new(&h).join(".asoundrc").exists());
    if !alsa_configured {
        return Err(format!("{pulse}; no ALSA device"));
    }
    match Alsa::open() {
        Ok(a) => Ok(Box::new(a)),
        Err(alsa) => Err(format!("{pulse}; {alsa}")),
    }
}
