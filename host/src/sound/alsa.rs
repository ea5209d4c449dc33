//! ALSA's `libasound.so.2` (the "default" device), loaded at run time.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

use libloading::Library;

use super::{
    output::{Output, OutputError},
    synth::RATE,
};

const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Pcm = unsafe extern "C" fn(*mut c_void) -> c_int;

/// A playback handle on ALSA's default device.
pub struct Alsa {
    pcm: *mut c_void,
    writei: WriteI,
    recover: Recover,
    drain: Pcm,
    close: Pcm,
    _lib: Library,
}

// SAFETY: the handle is used by one thread at a time (the sound thread owns it).
unsafe impl Send for Alsa {}

impl Alsa {
    /// The default device, with some 50 ms of latency.
    pub fn open() -> Result<Self, OutputError> {
        // SAFETY: loading the system's ALSA library; the symbols are used with their
        // documented C signatures.
        unsafe {
            let lib = Library::new("libasound.so.2").map_err(|source| OutputError::NoLibrary {
                which: "ALSA",
                source,
            })?;
            let open: Open = *lib
                .get::<Open>(b"snd_pcm_open\0")
                .map_err(OutputError::Symbol)?;
            let set_params: SetParams = *lib
                .get::<SetParams>(b"snd_pcm_set_params\0")
                .map_err(OutputError::Symbol)?;
            let writei: WriteI = *lib
                .get::<WriteI>(b"snd_pcm_writei\0")
                .map_err(OutputError::Symbol)?;
            let recover: Recover = *lib
                .get::<Recover>(b"snd_pcm_recover\0")
                .map_err(OutputError::Symbol)?;
            let drain: Pcm = *lib
                .get::<Pcm>(b"snd_pcm_drain\0")
                .map_err(OutputError::Symbol)?;
            let close: Pcm = *lib
                .get::<Pcm>(b"snd_pcm_close\0")
                .map_err(OutputError::Symbol)?;
            let mut pcm = std::ptr::null_mut();
            let r = open(&mut pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0);
            if r < 0 || pcm.is_null() {
                return Err(OutputError::NoAlsaDevice(r));
            }
            let r = set_params(
                pcm,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                1,
                RATE,
                1,
                50_000,
            );
            if r < 0 {
                close(pcm);
                return Err(OutputError::AlsaFormat(r));
            }
            Ok(Alsa {
                pcm,
                writei,
                recover,
                drain,
                close,
                _lib: lib,
            })
        }
    }
}

impl Output for Alsa {
    fn write(&mut self, mut samples: &[i16]) -> Result<(), OutputError> {
        while !samples.is_empty() {
            // SAFETY: the handle is open; the buffer holds `len` mono frames.
            let r = unsafe {
                (self.writei)(self.pcm, samples.as_ptr().cast(), samples.len() as c_ulong)
            };
            if r < 0 {
                // SAFETY: as above; recovers from an underrun or a suspend.
                let back = unsafe { (self.recover)(self.pcm, r as c_int, 1) };
                if back < 0 {
                    return Err(OutputError::Alsa(r));
                }
            } else {
                samples = &samples[(r as usize).min(samples.len())..];
            }
        }
        Ok(())
    }

    fn drain(&mut self) {
        // SAFETY: the handle is open.
        unsafe { (self.drain)(self.pcm) };
    }

    fn name(&self) -> &'static str {
        "ALSA"
    }
}

impl Drop for Alsa {
    fn drop(&mut self) {
        // SAFETY: the handle is open, and closed once.
        unsafe { (self.close)(self.pcm) };
    }
}
