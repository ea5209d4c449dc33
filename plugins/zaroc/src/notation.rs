//! The position notation: the four rows of sticks (each stick's stack bottom first, `L` light, `D` dark, `-` empty), then the side to move, the step of the turn, the turns played and the rest of the state.

use game_api::{GameError, Options};
use geometry::{Row, STICKS};

use crate::{Colour, Ending, MAX_TURNS, PIECES, Zaroc, geometry};

fn index_of_stick(name: &str) -> Option<usize> {
    geometry::index_of(name)
}

impl Zaroc {
    pub(crate) fn parse_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields: Vec<&str> = notation.split_whitespace().collect();
        if !(7..=8).contains(&fields.len()) {
            return Err(bad(format!(
                "expected 7 fields `A B C F COLOUR MOVE TURNS` and an optional \
                 `end:repetition`, found {}",
                fields.len()
            )));
        }
        let repetition = match fields.get(7) {
            None => false,
            Some(&"end:repetition") => true,
            Some(other) => {
                return Err(bad(format!(
                    "the eighth field is `{other}`; only `end:repetition` may follow the turns"
                )));
            }
        };
        let mut game = Self::start(options);
        let mut index = 0;
        for (r, (row, field)) in [Row::A, Row::B, Row::C, Row::F]
            .iter()
            .zip(&fields[..4])
            .enumerate()
        {
            let sticks: Vec<&str> = field.split('/').collect();
            let count = STICKS.iter().filter(|s| s.row == *row).count();
            if sticks.len() != count {
                return Err(bad(format!(
                    "row {} has {} sticks, expected {count}",
                    "ABCF".as_bytes()[r] as char,
                    sticks.len()
                )));
            }
            for s in sticks {
                let pieces: Vec<Colour> = if s == "-" {
                    Vec::new()
                } else {
                    s.chars()
                        .map(|c| match c {
                            'L' => Ok(Colour::Light),
                            'D' => Ok(Colour::Dark),
                            other => Err(bad(format!(
                                "stick {}: `{other}` is not L or D",
                                STICKS[index].name
                            ))),
                        })
                        .collect::<Result<_, _>>()?
                };
                let capacity = STICKS[index].capacity.unwrap_or(PIECES);
                if pieces.len() > capacity {
                    return Err(bad(format!(
                        "stick {} holds at most {capacity}",
                        STICKS[index].name
                    )));
                }
                game.stacks[index] = pieces.into_iter().collect();
                index += 1;
            }
        }
        game.to_move = match fields[4] {
            "L" => Colour::Light,
            "D" => Colour::Dark,
            other => {
                return Err(bad(format!(
                    "the colour to move is `{other}`, expected L or D"
                )));
            }
        };
        let (step, first) = match fields[5].split_once(':') {
            None if fields[5] == "1" => (1, None),
            Some(("2", m)) => {
                let (a, b) = m
                    .split_once('-')
                    .ok_or_else(|| bad(format!("`{m}` is not FROM-TO")))?;
                let (a, b) = (
                    index_of_stick(a).ok_or_else(|| bad(format!("no stick `{a}`")))?,
                    index_of_stick(b).ok_or_else(|| bad(format!("no stick `{b}`")))?,
                );
                (2, Some((a, b)))
            }
            _ => {
                return Err(bad(format!(
                    "the move `{}` is `1` or `2:FROM-TO`",
                    fields[5]
                )));
            }
        };
        game.step = step;
        game.first = first;
        game.last = first;
        game.turns = fields[6]
            .parse()
            .map_err(|_| bad(format!("`{}` is not a turn count", fields[6])))?;
        game.check_victory();
        if game.turns >= MAX_TURNS && game.ending.is_none() {
            game.ending = Some(Ending::TooLong);
        }
        if repetition {
            if game.ending.is_some() {
                return Err(bad(
                    "`end:repetition` on a game already decided by the finish row or the \
                     turn limit"
                        .into(),
                ));
            }
            game.ending = Some(Ending::Repetition);
        }
        game.validate().map_err(bad)?;
        game.note_position();
        Ok(game)
    }

    pub(crate) fn write_notation(&self) -> String {
        let mut rows = Vec::new();
        for row in [Row::A, Row::B, Row::C, Row::F] {
            let sticks: Vec<String> = STICKS
                .iter()
                .zip(&self.stacks)
                .filter(|(s, _)| s.row == row)
                .map(|(_, stack)| {
                    if stack.is_empty() {
                        "-".to_owned()
                    } else {
                        stack.iter().map(|c| c.letter()).collect()
                    }
                })
                .collect();
            rows.push(sticks.join("/"));
        }
        let step = match self.first {
            Some((a, b)) if self.step == 2 => format!("2:{}-{}", STICKS[a].name, STICKS[b].name),
            _ => "1".into(),
        };
        let ending = if self.ending == Some(Ending::Repetition) {
            " end:repetition"
        } else {
            ""
        };
        format!(
            "{} {} {} {}{ending}",
            rows.join(" "),
            self.to_move.letter(),
            step,
            self.turns
        )
    }
}
