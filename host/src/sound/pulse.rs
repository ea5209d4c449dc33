//! PulseAudio's simple API (`libpulse-simple.so.0`, served by PipeWire too), loaded at
//! run time.

use std::ffi::{c_char, c_int, c_void};

use libloading::{Library, Symbol};

use super::{
    output::{Output, OutputError},
    synth::RATE,
};

#[repr(C)]
struct SampleSpec {
    format: c_int,
    rate: u32,
    channels: u8,
}

#[repr(C)]
struct BufferAttr {
    maxlength: u32,
    tlength: u32,
    prebuf: u32,
    minreq: u32,
    fragsize: u32,
}

const SAMPLE_S16LE: c_int = 3;
const STREAM_PLAYBACK: c_int = 1;

type New = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    c_int,
    *const c_char,
    *const c_char,
    *const SampleSpec,
    *const c_void,
    *const BufferAttr,
    *mut c_int,
) -> *mut c_void;
type Write = unsafe extern "C" fn(*mut c_void, *const c_void, usize, *mut c_int) -> c_int;
type Drain = unsafe extern "C" fn(*mut c_void, *mut c_int) -> c_int;
type Free = unsafe extern "C" fn(*mut c_void);

/// A playback stream on the sound server.
pub struct Pulse {
    stream: *mut c_void,
    write: Write,
    drain: Drain,
    free: Free,
    _lib: Library,
}

// SAFETY: the stream is used by one thread at a time (the sound thread owns it).
unsafe impl Send for Pulse {}

impl Pulse {
    /// A stream on the default server, with some 40 ms of buffer.
    pub fn open() -> Result<Self, OutputError> {
        // SAFETY: loading the system's PulseAudio client library, which runs no code of
        // ours at load; the symbols are used with their documented C signatures.
        unsafe {
            let lib =
                Library::new("libpulse-simple.so.0").map_err(|source| OutputError::NoLibrary {
                    which: "PulseAudio",
                    source,
                })?;
            let new: Symbol<New> = lib.get(b"pa_simple_new\0").map_err(OutputError::Symbol)?;
            let write: Write = *lib
                .get::<Write>(b"pa_simple_write\0")
                .map_err(OutputError::Symbol)?;
            let drain: Drain = *lib
                .get::<Drain>(b"pa_simple_drain\0")
                .map_err(OutputError::Symbol)?;
            let free: Free = *lib
                .get::<Free>(b"pa_simple_free\0")
                .map_err(OutputError::Symbol)?;
            let spec = SampleSpec {
                format: SAMPLE_S16LE,
                rate: RATE,
                channels: 1,
            };
            let attr = BufferAttr {
                maxlength: u32::MAX,
                tlength: RATE * 2 / 25, // 40 ms of 2-byte samples
                prebuf: RATE * 2 / 100, // plays from the first 10 ms written
                minreq: u32::MAX,
                fragsize: u32::MAX,
            };
            let mut error: c_int = 0;
            let stream = new(
                std::ptr::null(),
                c"Tavola".as_ptr(),
                STREAM_PLAYBACK,
                std::ptr::null(),
                c"game sounds".as_ptr(),
                &spec,
                std::ptr::null(),
                &attr,
                &mut error,
            );
            if stream.is_null() {
                return Err(OutputError::NoPulseServer(error));
            }
            Ok(Pulse {
                stream,
                write,
                drain,
                free,
                _lib: lib,
            })
        }
    }
}

impl Output for Pulse {
    fn write(&mut self, samples: &[i16]) -> Result<(), OutputError> {
        let mut error: c_int = 0;
        // SAFETY: the stream is open; the buffer is valid for its length in bytes.
        let r = unsafe {
            (self.write)(
                self.stream,
                samples.as_ptr().cast(),
                std::mem::size_of_val(samples),
                &mut error,
            )
        };
        if r < 0 {
            Err(OutputError::Pulse(error))
        } else {
            Ok(())
        }
    }

    fn drain(&mut self) {
        let mut error: c_int = 0;
        // SAFETY: the stream is open.
        unsafe { (self.drain)(self.stream, &mut error) };
    }

    fn name(&self) -> &'static str {
        "PulseAudio"
    }
}

impl Drop for Pulse {
    fn drop(&mut self) {
        // SAFETY: the stream is open, and freed once.
        unsafe { (self.free)(self.stream) };
    }
}
