//! The position notation: `Y:SQUARES B:SQUARES SIDE PHASE`, e.g.
//! `Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y throw` (squares 1..33, 0 off the board; the phase
//! `throw`, `choose:N` or `wind`).

use game_api::{Game, GameError, Options, notation};

use crate::{Phase, Randomiser, Storks, side_name};

impl Storks {
    pub(crate) fn parse_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields = notation::fields(notation);
        let usage = "a position is `Y:… B:… SIDE PHASE`";
        if fields.len() < 4 {
            return Err(bad(notation::missing(notation, usage)));
        }
        if let Some(extra) = fields.get(4) {
            let first = ["Y", "B"]
                .into_iter()
                .zip(&fields)
                .find(|(tag, _)| extra.value_of(tag).is_some());
            return Err(bad(match first {
                Some((tag, f)) => extra.fault(format!(
                    "`{tag}:` is given twice (first in field {})",
                    f.number
                )),
                None => extra.fault(format!("one field too many: {usage}")),
            }));
        }
        let mut game = Self::new(options)?;
        for (p, (field, tag)) in fields[..2].iter().zip(["Y", "B"]).enumerate() {
            let list = field
                .value_of(tag)
                .ok_or_else(|| bad(field.fault(format!("should start with {tag}:"))))?;
            let squares: Vec<u8> = notation::items(list, &[','])
                .into_iter()
                .map(|(at, s)| {
                    notation::count::<u8>(s, "a stork's square")
                        .map_err(|e| bad(field.fault_at(tag.len() + 1 + at, e)))
                })
                .collect::<Result<_, _>>()?;
            game.storks[p] = squares.try_into().map_err(|v: Vec<u8>| {
                bad(field.fault(format!(
                    "{} storks for {}, expected 6",
                    v.len(),
                    side_name(p as u8)
                )))
            })?;
        }
        let (side, phase) = (fields[2].text, fields[3].text);
        game.to_move = match side {
            "Y" => 0,
            "B" => 1,
            _ => return Err(bad(fields[2].fault("the side to move is Y or B"))),
        };
        game.phase = match phase.split_once(':') {
            None if phase == "throw" => Phase::Throw,
            None if phase == "wind" => Phase::Wind,
            Some(("choose", t)) => {
                let t: u8 = notation::count(t, "the throw")
                    .map_err(|e| bad(fields[3].fault_at("choose:".len(), e)))?;
                let max = if game.randomiser == Randomiser::Coins {
                    4
                } else {
                    6
                };
                if t == 0 || t > max || game.randomiser.steps(t) == 0 {
                    return Err(bad(fields[3].fault_at(
                        "choose:".len(),
                        format!("a throw of {t} leaves nothing to choose"),
                    )));
                }
                Phase::Choose(t)
            }
            _ => return Err(bad(fields[3].fault("the phase is throw, choose:N or wind"))),
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
