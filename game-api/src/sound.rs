//! Sounds a game may describe for its events, in its [`Manifest`](crate::Manifest): a
//! few tones each, which the host synthesises and plays (a plugin plays nothing itself,
//! as it draws nothing). An event the game leaves out keeps the host's own sound.
//!
//! ```
//! use game_api::{Manifest, SoundEvent, SoundSpec, Tone, Wave};
//! let m = Manifest::new("pumpkin", "Pumpkin", "1.0.0").with_sounds(vec![SoundSpec {
//!     event: SoundEvent::Remove,
//!     tones: vec![Tone::new(180.0, 60), Tone::new(120.0, 90).with_wave(Wave::Noise)],
//! }]);
//! let json = serde_json::to_string(&m.sounds).unwrap();
//! assert_eq!(
//!     json,
//!     r#"[{"event":"remove","tones":[{"hz":180.0,"ms":60},{"hz":120.0,"ms":90,"wave":"noise"}]}]"#
//! );
//! ```

use serde::{Deserialize, Serialize};

/// What happened, for the sound it makes: the steps of a move ([`Effect`](crate::Effect)'s
/// kinds) and the moments of a game the host knows of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoundEvent {
    /// A piece dropped on a site (one a seed, when sowing).
    Drop,
    /// Pieces lifted into the hand.
    Lift,
    /// Sowing goes on from the pit it ended in.
    Relay,
    /// Pieces captured.
    Capture,
    /// A piece moves from one site to another.
    Move,
    /// A piece is put on a site.
    Place,
    /// A piece is taken off the board.
    Remove,
    /// A piece changes state.
    Flip,
    /// The same seat moves again.
    ExtraTurn,
    /// The game is over.
    GameEnd,
    /// A click the game refused.
    Illegal,
    /// The player to move has little time left.
    LowTime,
}

/// A game's sound for one [`SoundEvent`]: its tones, one after the other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoundSpec {
    /// When it plays.
    pub event: SoundEvent,
    /// What plays (the host plays at most 16 tones of at most 2 s each, from 20 Hz to
    /// 20 kHz, and keeps its own sound for a description outside these bounds).
    pub tones: Vec<Tone>,
}

/// One tone of a [`SoundSpec`]: a pitch held for a time, fading out.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tone {
    /// The pitch, in hertz (for noise: the colour, low is dull).
    pub hz: f32,
    /// How long, in milliseconds.
    pub ms: u32,
    /// The wave's shape.
    #[serde(default, skip_serializing_if = "Wave::is_sine")]
    pub wave: Wave,
    /// Its loudness, 0 to 1 (1 when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain: Option<f32>,
}

impl Tone {
    /// A sine tone of `hz` for `ms`, at full loudness.
    pub fn new(hz: f32, ms: u32) -> Self {
        Tone {
            hz,
            ms,
            wave: Wave::Sine,
            gain: None,
        }
    }

    /// The same tone with another wave.
    pub fn with_wave(self, wave: Wave) -> Self {
        Tone { wave, ..self }
    }

    /// The same tone at `gain` (0 to 1).
    pub fn with_gain(self, gain: f32) -> Self {
        Tone {
            gain: Some(gain),
            ..self
        }
    }
}

/// The shape of a [`Tone`]'s wave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wave {
    /// Round and soft.
    #[default]
    Sine,
    /// Hollow, a little harsh.
    Square,
    /// Between the two.
    Triangle,
    /// A knock or a rustle rather than a pitch.
    Noise,
}

impl Wave {
    fn is_sine(&self) -> bool {
        *self == Wave::Sine
    }
}
