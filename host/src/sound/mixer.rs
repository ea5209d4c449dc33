//! The sound thread: mixes the sounds asked for and writes them to the output. Between
//! sounds it writes nothing and sleeps (the device's buffer simply runs dry).

use std::{
    sync::mpsc::Receiver,
    time::{Duration, Instant},
};

use super::{
    output::{self, Output, OutputError},
    synth::RATE,
};

/// What the thread is asked.
pub enum Command {
    /// Plays these samples (already at their volume), mixed with those playing.
    Play(Vec<f32>),
    /// Stops every sound playing (mute).
    Hush,
}

/// Samples written at a time: 10 ms.
const CHUNK: usize = RATE as usize / 100;
/// After an output failed to open, the next try waits this long.
const RETRY: Duration = Duration::from_secs(30);

struct Voice {
    samples: Vec<f32>,
    at: usize,
}

/// Runs until every sender is gone, writing to the output `open` gives: opened at once
/// (a sound must not wait for a connection), kept while the app runs, opened again
/// after it failed (at most every [`RETRY`]).
pub fn run(commands: Receiver<Command>, open: fn() -> Result<Box<dyn Output>, OutputError>) {
    let mut voices: Vec<Voice> = Vec::new();
    let mut out: Option<Box<dyn Output>> = None;
    let mut failed_at: Option<Instant> = None;
    let mut chunk = vec![0i16; CHUNK];
    let mut connect = |out: &mut Option<Box<dyn Output>>| {
        if out.is_none() && failed_at.is_none_or(|t| t.elapsed() >= RETRY) {
            match open() {
                Ok(o) => {
                    super::set_status(format!("sound plays through {}", o.name()));
                    *out = Some(o);
                    failed_at = None;
                }
                Err(e) => {
                    super::set_status(format!("no sound: {e}"));
                    failed_at = Some(Instant::now());
                }
            }
        }
    };
    connect(&mut out);
    loop {
        // Quiet: wait for a sound; what was written plays to its end meanwhile.
        if voices.is_empty() {
            let Ok(command) = commands.recv() else { return };
            take(command, &mut voices);
        }
        while let Ok(command) = commands.try_recv() {
            take(command, &mut voices);
        }
        if voices.is_empty() {
            continue;
        }
        connect(&mut out);
        let Some(o) = out.as_mut() else {
            voices.clear(); // no device: nothing to play, never an error
            continue;
        };
        mix(&mut voices, &mut chunk);
        if let Err(e) = o.write(&chunk) {
            super::set_status(format!("sound stopped: {e}"));
            out = None;
            voices.clear();
        }
    }
}

fn take(command: Command, voices: &mut Vec<Voice>) {
    match command {
        Command::Play(samples) if voices.len() < 32 => voices.push(Voice { samples, at: 0 }),
        Command::Play(_) => {}
        Command::Hush => voices.clear(),
    }
}

/// The next chunk of every voice, summed; the voices that ended are dropped.
fn mix(voices: &mut Vec<Voice>, chunk: &mut [i16]) {
    for (i, sample) in chunk.iter_mut().enumerate() {
        let sum: f32 = voices.iter().filter_map(|v| v.samples.get(v.at + i)).sum();
        *sample = (sum.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
    }
    for v in voices.iter_mut() {
        v.at += chunk.len();
    }
    voices.retain(|v| v.at < v.samples.len());
}

/// An output that opens nowhere (a machine without sound).
#[cfg(test)]
pub fn no_output() -> Result<Box<dyn Output>, OutputError> {
    Err(OutputError::Off)
}

/// The system's output ([`output::open`]).
pub fn system_output() -> Result<Box<dyn Output>, OutputError> {
    output::open()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voices_are_summed_and_dropped_when_done() {
        let mut voices = vec![
            Voice {
                samples: vec![0.25; CHUNK + 5],
                at: 0,
            },
            Voice {
                samples: vec![0.5; 3],
                at: 0,
            },
        ];
        let mut chunk = vec![0i16; CHUNK];
        mix(&mut voices, &mut chunk);
        assert_eq!(chunk[0], (0.75 * f32::from(i16::MAX)) as i16);
        assert_eq!(chunk[3], (0.25 * f32::from(i16::MAX)) as i16);
        assert_eq!(voices.len(), 1);
        mix(&mut voices, &mut chunk);
        assert_eq!(chunk[5], 0);
        assert!(voices.is_empty());
    }

    #[test]
    fn without_a_device_the_thread_plays_nothing_and_ends_with_its_senders() {
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || run(rx, no_output));
        tx.send(Command::Play(vec![0.5; 1000])).unwrap();
        tx.send(Command::Hush).unwrap();
        drop(tx);
        thread.join().unwrap();
    }
}
