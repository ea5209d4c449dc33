//! What a position read from outside must satisfy.

use game_api::GameError;

use crate::{AFRICA, CABLES, Phase, Randomiser, Storks, WIND, side_name};

impl Storks {
    pub(crate) fn validate(&self) -> Result<(), GameError> {
        for p in 0..2u8 {
            let mut seen = Vec::new();
            for &s in &self.storks[usize::from(p)] {
                if s > AFRICA {
                    return Err(GameError::State(format!("a stork on square {s}")));
                }
                if CABLES.contains(&s) {
                    return Err(GameError::State(format!(
                        "a stork cannot stay on the cables square {s}"
                    )));
                }
                if s != 0 && s != AFRICA && seen.contains(&s) {
                    return Err(GameError::State(format!(
                        "two {} storks on square {s}",
                        side_name(p)
                    )));
                }
                seen.push(s);
            }
        }
        for s in 1..AFRICA {
            if self.occupied_by(0, s) && self.occupied_by(1, s) {
                return Err(GameError::State(format!(
                    "storks of both colours on square {s}"
                )));
            }
        }
        if self.phase == Phase::Wind && !self.occupied_by(self.to_move, WIND) {
            return Err(GameError::State(
                "the wind blows but no stork of the mover is on 28".into(),
            ));
        }
        self.check_turn().map_err(GameError::State)
    }

    /// Checks that the turn is one the game reaches: a finished race ends with the
    /// winner's move (so the other player is to throw), only one player can have
    /// finished, and a throw waiting for a choice shows a number that moves and has a
    /// legal move (a throw without one passes the turn at once).
    pub(crate) fn check_turn(&self) -> Result<(), String> {
        let home = |p: usize| self.storks[p].iter().all(|&s| s == AFRICA);
        if home(0) && home(1) {
            return Err(
                "both players have all six storks in Africa: the first to do so won".into(),
            );
        }
        if let Some(w) = self.winner()
            && (self.to_move == w || self.phase != Phase::Throw)
        {
            return Err(format!(
                "{} has won, so the race ended with its move: {} is to throw",
                side_name(w),
                side_name(1 - w)
            ));
        }
        if let Phase::Choose(t) = self.phase {
            let max = match self.randomiser {
                Randomiser::Coins => 4,
                Randomiser::Die => 6,
            };
            if t == 0 || t > max || self.randomiser.steps(t) == 0 {
                return Err(format!("a throw of {t} leaves nothing to choose"));
            }
            if self.options(t).is_empty() {
                return Err(format!(
                    "{} has no legal move for a throw of {t}: the turn would have passed",
                    side_name(self.to_move)
                ));
            }
        }
        Ok(())
    }
}
