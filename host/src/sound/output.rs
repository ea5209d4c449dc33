//! Where the samples go: the system's sound server or card, reached through its own
//! library loaded at run time (PulseAudio's `libpulse-simple.so.0`, which PipeWire
//! serves too, else ALSA's `libasound.so.2`), so that building Tavola needs no audio
//! development package and a machine without either, or without a device, simply stays
//! silent.

use thiserror::Error;

use super::{alsa::Alsa, pulse::Pulse};

/// Why the sound output does not open, or stopped playing. Never an error of the app's:
/// it is said once, in the sound status.
#[derive(Debug, Error)]
pub enum OutputError {
    /// The system's sound library is not installed (`which`: "ALSA", "PulseAudio").
    #[error("no {which} library ({source})")]
    NoLibrary {
        /// Which library.
        which: &'static str,
        /// The loader's reason.
        source: libloading::Error,
    },
    /// The library lacks a function Tavola calls.
    #[error(transparent)]
    Symbol(libloading::Error),
    /// ALSA has no default device (ALSA's error number).
    #[error("no ALSA device (error {0})")]
    NoAlsaDevice(std::ffi::c_int),
    /// The ALSA device does not play 16-bit mono samples (ALSA's error number).
    #[error("the ALSA device refused 16-bit mono (error {0})")]
    AlsaFormat(std::ffi::c_int),
    /// ALSA failed while playing (its error number).
    #[error("ALSA error {0}")]
    Alsa(std::ffi::c_long),
    /// No PulseAudio (or PipeWire) server answers (PulseAudio's error number).
    #[error("no PulseAudio server (error {0})")]
    NoPulseServer(std::ffi::c_int),
    /// PulseAudio failed while playing (its error number).
    #[error("PulseAudio error {0}")]
    Pulse(std::ffi::c_int),
    /// PulseAudio did not open, and the machine has no ALSA device or configuration.
    #[error("{0}; no ALSA device")]
    NoAlsa(Box<OutputError>),
    /// Neither PulseAudio nor ALSA opened: both reasons.
    #[error("{pulse}; {alsa}")]
    Neither {
        /// Why PulseAudio did not open.
        pulse: Box<OutputError>,
        /// Why ALSA did not open.
        alsa: Box<OutputError>,
    },
    /// Sound is off (the tests' output).
    #[error("sound is off")]
    Off,
}

/// A place to write samples to (mono, 16-bit, [`super::synth::RATE`] a second).
pub trait Output: Send {
    /// Writes `samples`, waiting while the device's buffer is full. An error: the
    /// device is gone.
    fn write(&mut self, samples: &[i16]) -> Result<(), OutputError>;
    /// Plays what was written to its end.
    fn drain(&mut self);
    /// Which library plays.
    fn name(&self) -> &'static str;
}

/// The first output that opens: PulseAudio (or PipeWire's), then ALSA (where the
/// machine has sound devices or an ALSA configuration). Why none opened, otherwise.
pub fn open() -> Result<Box<dyn Output>, OutputError> {
    let pulse = match Pulse::open() {
        Ok(p) => return Ok(Box::new(p)),
        Err(e) => e,
    };
    let alsa_configured = std::path::Path::new("/dev/snd").exists()
        || std::path::Path::new("/etc/asound.conf").exists()
        || std::env::var_os("HOME")
            .is_some_and(|h| std::path::Path::new(&h).join(".asoundrc").exists());
    if !alsa_configured {
        return Err(OutputError::NoAlsa(Box::new(pulse)));
    }
    match Alsa::open() {
        Ok(a) => Ok(Box::new(a)),
        Err(alsa) => Err(OutputError::Neither {
            pulse: Box::new(pulse),
            alsa: Box::new(alsa),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_before() {
        let pulse = || Box::new(OutputError::NoPulseServer(3));
        assert_eq!(
            OutputError::NoAlsa(pulse()).to_string(),
            "no PulseAudio server (error 3); no ALSA device"
        );
        let both = OutputError::Neither {
            pulse: pulse(),
            alsa: Box::new(OutputError::AlsaFormat(-22)),
        };
        assert_eq!(
            both.to_string(),
            "no PulseAudio server (error 3); the ALSA device refused 16-bit mono (error -22)"
        );
        assert_eq!(OutputError::Alsa(-32).to_string(), "ALSA error -32");
    }
}
