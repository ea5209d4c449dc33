//! The position notation: `Y:SQUARES B:SQUARES SIDE PHASE`, e.g.
//! `Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y throw` (squares 1..33, 0 off the board; the phase
//! `throw`, `choose:N` or `wind`).

use game_api::{Game, GameError, Options};

use crate::{Phase, Randomiser, Storks, side_name};

impl Storks {
    pub(crate) fn parse_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields: Vec<&str> = notation.split_whitespace().collect();
        let [yellow, blue, side, phase] = fields[..] else {
            return Err(bad("expected `Y:… B:… SIDE PHASE`".into()));
        };
        let mut game = Self::new(options)?;
        for (p, (field, prefix)) in [(yellow, "Y:"), (blue, "B:")].into_iter().enumerate() {
            let list = field
                .strip_prefix(prefix)
                .ok_or_else(|| bad(format!("`{field}` should start with {prefix}")))?;
            let squares: Vec<u8> = list
                .split(',')
                .map(|s| {
                    s.parse::<u8>()
                        .map_err(|_| bad(format!("`{s}` is not a square")))
                })
                .collect::<Result<_, _>>()?;
            game.storks[p] = squares.try_into().map_err(|v: Vec<u8>| {
                bad(format!(
                    "{} storks for {}, expected 6",
                    v.len(),
                    side_name(p as u8)
                ))
            })?;
        }
        game.to_move = match side {
            "Y" => 0,
            "B" => 1,
            other => {
                return Err(bad(format!(
                    "the side to move is `{other}`, expected Y or B"
                )));
            }
        };
        game.phase = match phase.split_once(':') {
            None if phase == "throw" => Phase::Throw,
            None if phase == "wind" => Phase::Wind,
            Some(("choose", t)) => {
                let t: u8 = t
                    .parse()
                    .map_err(|_| bad(format!("`{t}` is not a throw")))?;
                let max = if game.randomiser == Randomiser::Coins {
                    4
                } else {
                    6
                };
                if t == 0 || t > max || game.randomiser.steps(t) == 0 {
                    return Err(bad(format!("a throw of {t} leaves nothing to choose")));
                }
                Phase::Choose(t)
            }
            _ => {
                return Err(bad(format!(
                    "the phase `{phase}` is throw, choose:N or wind"
                )));
            }
        };
        if let Phase::Choose(t) = game.phase {
            game.last_throw = Some(t);
        }
        game.check().map_err(|e| bad(e.to_string()))?;
        Ok(game)
    }

    pub(crate) fn write_notation(&self) -> String {
        let list = |p: usize| {
            let mut s = self.storks[p];
            s.sort_unstable();
            s.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
        };
        let phase = match self.phase {
            Phase::Throw => "throw".to_owned(),
            Phase::Choose(t) => format!("choose:{t}"),
            Phase::Wind => "wind".to_owned(),
        };
        format!(
            "Y:{} B:{} {} {phase}",
            list(0),
            list(1),
            if self.to_move == 0 { "Y" } else { "B" }
        )
    }
}
