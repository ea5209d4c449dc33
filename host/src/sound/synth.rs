//! Tones into samples: the host's own sound for each [`SoundEvent`], and a game's
//! ([`SoundSpec`]) where it describes one within bounds.

use game_api::{SoundEvent, SoundSpec, Tone, Wave};

/// Samples a second (mono, 16-bit).
pub const RATE: u32 = 44_100;

/// The most tones of a game's sound the host plays.
pub const MAX_TONES: usize = 16;
/// The longest tone of a game's sound the host plays, in milliseconds.
pub const MAX_TONE_MS: u32 = 2_000;

/// The host's own tones for `event`.
pub fn default_tones(event: SoundEvent) -> Vec<Tone> {
    let t = Tone::new;
    let noise = |hz, ms, gain| Tone::new(hz, ms).with_wave(Wave::Noise).with_gain(gain);
    match event {
        // A seed on wood: a short knock with a pitch.
        SoundEvent::Drop => vec![t(1150.0, 45).with_gain(0.55)],
        SoundEvent::Lift => vec![noise(2500.0, 35, 0.18)],
        SoundEvent::Relay => vec![noise(2500.0, 40, 0.2), t(900.0, 40).with_gain(0.35)],
        // Seeds gathered: two low clacks and a rattle.
        SoundEvent::Capture => vec![
            t(520.0, 70).with_gain(0.8),
            t(700.0, 90).with_gain(0.8),
            noise(1800.0, 80, 0.35),
        ],
        SoundEvent::Move | SoundEvent::Place => vec![t(820.0, 50).with_gain(0.5)],
        SoundEvent::Remove => vec![noise(500.0, 90, 0.5)],
        SoundEvent::Flip => vec![t(400.0, 60).with_wave(Wave::Triangle).with_gain(0.5)],
        SoundEvent::ExtraTurn => vec![t(660.0, 90).with_gain(0.5), t(990.0, 140).with_gain(0.5)],
        SoundEvent::GameEnd => vec![
            t(523.0, 120).with_gain(0.5),
            t(659.0, 120).with_gain(0.5),
            t(784.0, 120).with_gain(0.5),
            t(1047.0, 320).with_gain(0.5),
        ],
        SoundEvent::Illegal => vec![t(150.0, 130).with_wave(Wave::Square).with_gain(0.25)],
        SoundEvent::LowTime => vec![t(880.0, 110).with_gain(0.45), t(880.0, 110).with_gain(0.0)],
    }
}

/// Whether a game's sound is within the bounds the host plays.
pub fn playable(spec: &SoundSpec) -> bool {
    !spec.tones.is_empty()
        && spec.tones.len() <= MAX_TONES
        && spec.tones.iter().all(|t| {
            (20.0..=20_000.0).contains(&t.hz)
                && (1..=MAX_TONE_MS).contains(&t.ms)
                && t.gain.is_none_or(|g| (0.0..=1.0).contains(&g))
        })
}

/// The samples of `tones` one after the other, each fading out; `pitch` scales every
/// pitch (a drop's small variation), `seed` colours the noise.
pub fn render(tones: &[Tone], pitch: f32, seed: u32) -> Vec<f32> {
    let mut out = Vec::new();
    let mut noise = seed | 1;
    for tone in tones {
        let n = (RATE as usize * tone.ms as usize) / 1000;
        let gain = tone.gain.unwrap_or(1.0);
        let hz = tone.hz * pitch;
        let attack = (RATE as usize / 500).min(n / 4).max(1); // 2 ms
        // One-pole low pass for noise: its corner at `hz`.
        let alpha = 1.0 - (-2.0 * std::f32::consts::PI * hz / RATE as f32).exp();
        let mut low = 0.0f32;
        for i in 0..n {
            let t = i as f32 / RATE as f32;
            let phase = (hz * t).fract();
            let wave = match tone.wave {
                Wave::Sine => (2.0 * std::f32::consts::PI * phase).sin(),
                Wave::Square => {
                    if phase < 0.5 {
                        0.6
                    } else {
                        -0.6
                    }
                }
                Wave::Triangle => 4.0 * (phase - 0.5).abs() - 1.0,
                Wave::Noise => {
                    // xorshift32
                    noise ^= noise << 13;
                    noise ^= noise >> 17;
                    noise ^= noise << 5;
                    let white = (noise as f32 / u32::MAX as f32) * 2.0 - 1.0;
                    low += alpha * (white - low);
                    (low * 2.5).clamp(-1.0, 1.0)
                }
            };
            let envelope = if i < attack {
                i as f32 / attack as f32
            } else {
                (-5.0 * (i - attack) as f32 / n as f32).exp()
            };
            out.push(wave * envelope * gain);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_has_a_sound_that_fits_the_bounds() {
        for event in [
            SoundEvent::Drop,
            SoundEvent::Lift,
            SoundEvent::Relay,
            SoundEvent::Capture,
            SoundEvent::Move,
            SoundEvent::Place,
            SoundEvent::Remove,
            SoundEvent::Flip,
            SoundEvent::ExtraTurn,
            SoundEvent::GameEnd,
            SoundEvent::Illegal,
            SoundEvent::LowTime,
        ] {
            let tones = default_tones(event);
            assert!(
                playable(&SoundSpec {
                    event,
                    tones: tones.clone()
                }),
                "{event:?}"
            );
            let samples = render(&tones, 1.0, 7);
            assert!(samples.iter().all(|s| s.abs() <= 1.0), "{event:?}");
            assert!(samples.iter().any(|s| s.abs() > 0.1), "{event:?} is silent");
        }
    }

    #[test]
    fn a_drop_is_short_and_a_capture_longer() {
        let drop = render(&default_tones(SoundEvent::Drop), 1.0, 1).len();
        let capture = render(&default_tones(SoundEvent::Capture), 1.0, 1).len();
        assert_eq!(drop, RATE as usize * 45 / 1000);
        assert!(capture > 4 * drop);
    }

    #[test]
    fn sounds_out_of_bounds_are_not_played() {
        let spec = |hz, ms| SoundSpec {
            event: SoundEvent::Drop,
            tones: vec![Tone::new(hz, ms)],
        };
        assert!(playable(&spec(440.0, 100)));
        assert!(!playable(&spec(440.0, 0)));
        assert!(!playable(&spec(440.0, 60_000)));
        assert!(!playable(&spec(f32::NAN, 100)));
        assert!(!playable(&spec(5.0, 100)));
        let loud = SoundSpec {
            event: SoundEvent::Drop,
            tones: vec![Tone::new(440.0, 10).with_gain(3.0)],
        };
        assert!(!playable(&loud));
        let empty = SoundSpec {
            event: SoundEvent::Drop,
            tones: vec![],
        };
        assert!(!playable(&empty));
    }
}
