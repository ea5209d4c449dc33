//! The position notation: the four rows of sticks (each stick's stack bottom first, `L` light, `D` dark, `-` empty), then the side to move, the step of the turn, the turns played and the rest of the state.

use game_api::{
    GameError, Options,
    notation::{self, Field},
};
use geometry::{Row, STICKS};

use crate::{Colour, Ending, MAX_TURNS, PIECES, Zaroc, geometry};

fn index_of_stick(name: &str) -> Option<usize> {
    geometry::index_of(name)
}

impl Zaroc {
    pub(crate) fn parse_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields = notation::fields(notation);
        if fields.len() < 7 {
            return Err(bad(notation::missing(
                notation,
                "expected 7 fields `A B C F COLOUR MOVE TURNS` and an optional \
                 `end:repetition`",
            )));
        }
        let mut tags = notation::Tags::default();
        for field in &fields[7..] {
            if field.text != "end:repetition" {
                return Err(bad(
                    field.fault("only `end:repetition` may follow the turns")
                ));
            }
            tags.first("end", field).map_err(bad)?;
        }
        let repetition = tags.has("end");
        let mut game = Self::start(options);
        let mut index = 0;
        for (row, field) in [Row::A, Row::B, Row::C, Row::F]
            .into_iter()
            .zip(&fields[..4])
        {
            for (at, text) in read_row(row, field, index).map_err(bad)? {
                let pieces = read_stick(field, at, text, index).map_err(bad)?;
                game.stacks[index] = pieces.into_iter().collect();
                index += 1;
            }
        }
        game.to_move = match fields[4].text {
            "L" => Colour::Light,
            "D" => Colour::Dark,
            _ => return Err(bad(fields[4].fault("the colour to move is L or D"))),
        };
        let (step, first) = read_step(&fields[5]).map_err(bad)?;
        game.step = step;
        game.first = first;
        game.last = first;
        game.turns = fields[6]
            .text
            .parse()
            .map_err(|_| bad(fields[6].fault("not a turn count")))?;
        game.check_victory();
        if game.turns >= MAX_TURNS && game.ending.is_none() {
            game.ending = Some(Ending::TooLong);
        }
        if repetition {
            if game.ending.is_some() {
                return Err(bad(fields[7].fault(
                    "a game already decided by the finish row or the turn limit",
                )));
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

/// The sticks of `row` in `field` (its sticks from `index` on), with their offsets.
fn read_row<'a>(
    row: Row,
    field: &Field<'a>,
    index: usize,
) -> Result<Vec<(usize, &'a str)>, String> {
    let sticks = field.items(&['/']);
    let count = STICKS.iter().filter(|s| s.row == row).count();
    if sticks.len() != count {
        return Err(field.fault(format!(
            "row {} has {} sticks, expected {count} ({} to {})",
            &STICKS[index].name[..1],
            sticks.len(),
            STICKS[index].name,
            STICKS[index + count - 1].name
        )));
    }
    Ok(sticks)
}

/// The pieces of the stick `index`, written `text` at character `at` of `field`.
fn read_stick(
    field: &Field<'_>,
    at: usize,
    text: &str,
    index: usize,
) -> Result<Vec<Colour>, String> {
    let name = STICKS[index].name;
    if text.is_empty() {
        return Err(field.fault_at(
            at,
            format!("stick {name} is empty; write `-` for a stick without pieces"),
        ));
    }
    let pieces: Vec<Colour> = if text == "-" {
        Vec::new()
    } else {
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'L' => Ok(Colour::Light),
                'D' => Ok(Colour::Dark),
                other => {
                    Err(field.fault_at(at + i, format!("stick {name}: `{other}` is not L or D")))
                }
            })
            .collect::<Result<_, _>>()?
    };
    let capacity = STICKS[index].capacity.unwrap_or(PIECES);
    if pieces.len() > capacity {
        return Err(field.fault_at(at, format!("stick {name} holds at most {capacity}")));
    }
    Ok(pieces)
}

/// The step of the turn: `1`, or `2:FROM-TO` after the turn's first move.
fn read_step(field: &Field<'_>) -> Result<(u8, Option<(usize, usize)>), String> {
    let usage = "the move is `1` or `2:FROM-TO`";
    match field.text.split_once(':') {
        None if field.text == "1" => Ok((1, None)),
        Some(("2", m)) => {
            let parts = notation::items(m, &['-']);
            let [(_, a), (b_at, b)] = parts[..] else {
                return Err(field.fault_at(2, format!("`{m}` is not FROM-TO")));
            };
            let stick = |name: &str, at: usize| {
                index_of_stick(name)
                    .ok_or_else(|| field.fault_at(2 + at, format!("no stick `{name}`")))
            };
            Ok((2, Some((stick(a, 0)?, stick(b, b_at)?))))
        }
        _ => Err(field.fault(usage)),
    }
}
