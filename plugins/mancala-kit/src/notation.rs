//! The mancala position notation: `S/N s-n P`.
//!
//! South's houses, then North's, each in that player's sowing order and comma-separated;
//! the two scores (stores, or captured seeds where the stores are not in the ring),
//! South's first; `S` or `N` for the side to move. Kalah's start:
//! `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`.

use game_api::GameError;

use crate::{Board, Config, Side};

/// Writes `board` with `to_move` in the notation.
pub(crate) fn write(board: &Board, to_move: Side) -> String {
    let row = |side| {
        (0..board.houses)
            .map(|i| board.pits[board.house(side, i)].to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}/{} {}-{} {}",
        row(Side::South),
        row(Side::North),
        board.score(Side::South),
        board.score(Side::North),
        to_move.letter()
    )
}

/// Reads a position for `config`, saying what is wrong and where.
pub(crate) fn parse(config: &Config, text: &str) -> Result<(Board, Side), GameError> {
    let err = |reason: String| GameError::notation(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [rows, scores, side] = fields[..] else {
        return Err(err(format!(
            "expected 3 fields `S/N s-n P` separated by spaces, found {}",
            fields.len()
        )));
    };
    let (south, north) = rows
        .split_once('/')
        .ok_or_else(|| err("the houses need a `/` between South's and North's".into()))?;
    let mut board = Board::empty(config.houses, config.stores_in_ring);
    for (side, list) in [(Side::South, south), (Side::North, north)] {
        let counts: Vec<&str> = list.split(',').collect();
        if counts.len() != config.houses {
            return Err(err(format!(
                "{} has {} houses, this game has {} (set the `houses` option to match)",
                side.name(),
                counts.len(),
                config.houses
            )));
        }
        for (i, c) in counts.iter().enumerate() {
            let n = c.trim().parse::<u32>().map_err(|_| {
                err(format!(
                    "{}'s house {} is `{c}`, not a count",
                    side.name(),
                    i + 1
                ))
            })?;
            let pit = board.house(side, i);
            board.pits[pit] = n;
        }
    }
    let (s, n) = scores
        .split_once('-')
        .ok_or_else(|| err(format!("the scores `{scores}` are not of the form s-n")))?;
    for (side, c) in [(Side::South, s), (Side::North, n)] {
        let v = c
            .parse::<u32>()
            .map_err(|_| err(format!("{}'s score `{c}` is not a count", side.name())))?;
        board.bank(side, v);
    }
    let to_move = match side {
        "S" | "s" => Side::South,
        "N" | "n" => Side::North,
        other => {
            return Err(err(format!(
                "the side to move is `{other}`, expected S or N"
            )));
        }
    };
    Ok((board, to_move))
}
