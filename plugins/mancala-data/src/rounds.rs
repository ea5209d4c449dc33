//! The `rounds` key: a game in one round (`false`, the default), a match of rounds
//! whose unfilled houses are closed (`true` or `"closed"`), or one whose unfilled houses
//! pass to the opponent (`"pass"`, [`Config::rounds_pass`]).

use mancala_kit::{Capture, Config, SowFrom};
use serde::{Deserialize, Deserializer, de};
use toml::Spanned;

use crate::error::FileError;

/// The value of `rounds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundsWord {
    /// One round (`false`).
    One,
    /// A match of rounds, the houses a side cannot fill burnt (`true`, `"closed"`).
    Closed,
    /// A match of rounds, the houses a side cannot fill passing to the other
    /// (`"pass"`).
    Pass,
}

impl RoundsWord {
    /// Whether the game is a match of rounds.
    pub fn played(self) -> bool {
        self != RoundsWord::One
    }
}

impl<'de> Deserialize<'de> for RoundsWord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Word;
        // No quotes: the file's refusals leave out the texts quoted in a message.
        const ALLOWED: &str = "`true`, `false`, or the words closed or pass in quotes";
        impl de::Visitor<'_> for Word {
            type Value = RoundsWord;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(ALLOWED)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<RoundsWord, E> {
                Ok(if v {
                    RoundsWord::Closed
                } else {
                    RoundsWord::One
                })
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RoundsWord, E> {
                match v {
                    "closed" => Ok(RoundsWord::Closed),
                    "pass" => Ok(RoundsWord::Pass),
                    _ => Err(E::custom(format!("unknown value, expected {ALLOWED}"))),
                }
            }
        }
        deserializer.deserialize_any(Word)
    }
}

/// Sets `config`'s rounds from the key (one round without it).
pub(crate) fn apply(key: &Option<Spanned<RoundsWord>>, config: &mut Config) {
    let word = key.as_ref().map_or(RoundsWord::One, |k| *k.get_ref());
    config.rounds = word.played();
    config.rounds_pass = word == RoundsWord::Pass;
}

/// Refuses `rounds = "pass"` with the rules that read a house's owner from its row,
/// at the key's line.
pub(crate) fn check_pass(
    src: &str,
    key: &Option<Spanned<RoundsWord>>,
    config: &Config,
) -> Result<(), FileError> {
    let Some(key) = key else { return Ok(()) };
    if *key.get_ref() != RoundsWord::Pass {
        return Ok(());
    }
    let clash = if config.sow_from != SowFrom::Own {
        Some("`sow_from` (a held house is its holder's, whatever the row)")
    } else if matches!(config.capture, Capture::Opposite { .. }) {
        Some("`capture = \"opposite\"` (it reads the house across the mover's own row)")
    } else {
        None
    };
    match clash {
        Some(clash) => Err(FileError::at(
            src,
            key.span().start,
            "rounds",
            format!("`rounds = \"pass\"` is not played with {clash}"),
        )),
        None => Ok(()),
    }
}
