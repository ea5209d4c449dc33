//! The keys that say where a move starts and which way it sows: `house_directions`
//! (the direction of each house), `sow_from` (whose houses a move may start from) and
//! `min_sow` (the fewest seeds a house must hold to be sown); and
//! `capture_from_occupied`, the forward capture of the holes with no owner (Eson
//! Khorgol) only from a last seed in an occupied house.

use mancala_kit::{Capture, Config, Direction, HouseDirection, HouseDirections, SowFrom};
use serde::Deserialize;

use crate::FileError;
use crate::rules::{MAX_SEEDS, RulesPatch};

/// The direction of one house (`house_directions`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum HouseDirectionWord {
    /// To the mover's right along their row.
    Anticlockwise,
    /// To the mover's left.
    Clockwise,
    /// Either way, at the mover's choice.
    Chosen,
}

/// Whose houses a move may start from (`sow_from`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum SowFromWord {
    /// The mover's own.
    Own,
    /// Either row: the holes have no owner.
    Both,
    /// The opponent's only.
    Opponent,
}

impl RulesPatch {
    /// Sets `config`'s direction by house, `sow_from` and `min_sow` from these keys, each
    /// checked against the board and the other rules (refused at its line).
    pub(crate) fn holes(&self, src: &str, config: &mut Config) -> Result<(), FileError> {
        let houses = config.houses / config.rows;
        if let Some(key) = &self.house_directions {
            let refuse =
                |why: String| FileError::at(src, key.span().start, "house_directions", why);
            if let Some(direction) = &self.direction {
                return Err(FileError::at(
                    src,
                    direction.span().start,
                    "direction",
                    "give `direction` or `house_directions`, not both: `house_directions` \
                     sets the direction of every house",
                ));
            }
            if config.rows != 1 {
                return Err(refuse(
                    "four-row boards (`rows = 2`) sow round one's own rows: directions by \
                     house are for two rows"
                        .into(),
                ));
            }
            let words = key.get_ref();
            if words.len() != houses {
                return Err(refuse(format!(
                    "{} directions for {houses} houses a row: give one to each house, house 1 \
                     (the mover's leftmost) first",
                    words.len()
                )));
            }
            let dirs: Vec<HouseDirection> = words
                .iter()
                .map(|w| match w {
                    HouseDirectionWord::Anticlockwise => HouseDirection::Anticlockwise,
                    HouseDirectionWord::Clockwise => HouseDirection::Clockwise,
                    HouseDirectionWord::Chosen => HouseDirection::Chosen,
                })
                .collect();
            config.direction = Direction::ByHouse(HouseDirections::new(&dirs));
        }
        if let Some(key) = &self.sow_from {
            config.sow_from = match key.get_ref() {
                SowFromWord::Own => SowFrom::Own,
                SowFromWord::Both => SowFrom::Both,
                SowFromWord::Opponent => SowFrom::Opponent,
            };
            let clash = if config.sow_from == SowFrom::Own {
                None
            } else if config.rows != 1 {
                Some("four-row boards (`rows = 2`) sow from one's own rows")
            } else if self.house_directions.is_some() {
                Some("`house_directions` reads the mover's own row: it is not played with it")
            } else if config.singletons_last {
                Some("`singletons_last` reads the mover's own row: it is not played with it")
            } else if config.simultaneous_opening {
                Some("the simultaneous opening starts in each player's own row")
            } else {
                None
            };
            if let Some(why) = clash {
                return Err(FileError::at(src, key.span().start, "sow_from", why));
            }
        }
        // Read by the forward captures only (elsewhere it does nothing, and is warned).
        config.capture_from_occupied = self
            .capture_from_occupied
            .as_ref()
            .is_some_and(|k| *k.get_ref())
            && matches!(config.capture, Capture::Forward | Capture::ForwardOnce);
        if let Some(key) = &self.min_sow {
            let n = *key.get_ref();
            if !(1..=MAX_SEEDS).contains(&n) {
                return Err(FileError::at(
                    src,
                    key.span().start,
                    "min_sow",
                    format!("{n} is out of range: allowed are 1 to {MAX_SEEDS}"),
                ));
            }
            config.min_sow = n as u32;
        }
        Ok(())
    }
}
