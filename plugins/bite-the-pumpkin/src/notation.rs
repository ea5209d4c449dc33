//! The position notation: `RANKS RESERVE PHASE MOVER tN [x:…]`.
//!
//! - RANKS: the eight ranks from the top (rank 8) down, `/`-separated, one letter per
//!   square: `.` empty, `T` tree, `P` pig, `p` lying pig, `O` pumpkin, `B` broccoli;
//! - RESERVE: pumpkins left (two players) or `pumpkins,broccoli` (three);
//! - PHASE: `trees:N` (N trees moved), `pigs`, `setup`, `bite:-` or `bite:e4xf5,…` (the
//!   bites chosen so far), `run`, `farmers:FB` (the Farmers still to place, in order),
//!   `over`;
//! - MOVER: `H`, `F` or `B` — the seat to move (the winner once over);
//! - `tN`: Herd turns played; `x:F`, `x:B`, `x:FB`: Farmers eliminated (three players).

use game_api::GameError;

use crate::{BROCCOLI, BiteThePumpkin, FARMER, HERD, Phase, board::Cell, board::SIZE, square_name};

fn seat_letter(seat: u8) -> char {
    match seat {
        HERD => 'H',
        FARMER => 'F',
        _ => 'B',
    }
}

fn letter_seat(c: char) -> Option<u8> {
    match c {
        'H' => Some(HERD),
        'F' => Some(FARMER),
        'B' => Some(BROCCOLI),
        _ => None,
    }
}

/// Writes the position.
pub(crate) fn write(g: &BiteThePumpkin) -> String {
    let ranks: Vec<String> = g
        .field
        .0
        .chunks(SIZE)
        .map(|row| row.iter().map(|c| c.letter()).collect())
        .collect();
    let reserve = if g.players == 3 {
        format!("{},{}", g.reserve[0], g.reserve[1])
    } else {
        g.reserve[0].to_string()
    };
    let phase = match &g.phase {
        Phase::Trees(n) => format!("trees:{n}"),
        Phase::Pigs => "pigs".into(),
        Phase::Setup(_) => "setup".into(),
        Phase::Bite(chosen) if chosen.is_empty() => "bite:-".into(),
        Phase::Bite(chosen) => format!(
            "bite:{}",
            chosen
                .iter()
                .map(|&(p, v)| format!("{}x{}", square_name(p), square_name(v)))
                .collect::<Vec<_>>()
                .join(",")
        ),
        Phase::Run => "run".into(),
        Phase::Farmers(q) => format!(
            "farmers:{}",
            q.iter().map(|&s| seat_letter(s)).collect::<String>()
        ),
        Phase::Over(_) => "over".into(),
    };
    let mut out = format!(
        "{} {reserve} {phase} {} t{}",
        ranks.join("/"),
        seat_letter(g.to_move()),
        g.herd_turns
    );
    if g.players == 3 && g.eliminated.iter().any(|&e| e) {
        out += " x:";
        if g.eliminated[0] {
            out.push('F');
        }
        if g.eliminated[1] {
            out.push('B');
        }
    }
    out
}

/// Reads a position into `g` (made with the game's options).
pub(crate) fn parse(mut g: BiteThePumpkin, text: &str) -> Result<BiteThePumpkin, GameError> {
    let bad = |reason: String| GameError::notation(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(5..=6).contains(&fields.len()) {
        return Err(bad(format!(
            "expected `RANKS RESERVE PHASE MOVER tN [x:…]`, found {} fields",
            fields.len()
        )));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != SIZE {
        return Err(bad(format!("{} ranks, expected 8", ranks.len())));
    }
    for (r, rank) in ranks.iter().enumerate() {
        let cells: Vec<char> = rank.chars().collect();
        if cells.len() != SIZE {
            return Err(bad(format!(
                "rank {} has {} squares, expected 8",
                SIZE - r,
                cells.len()
            )));
        }
        for (c, ch) in cells.into_iter().enumerate() {
            g.field.0[r * SIZE + c] = Cell::from_letter(ch).ok_or_else(|| {
                bad(format!(
                    "`{ch}` on rank {} is not one of . T P p O B",
                    SIZE - r
                ))
            })?;
        }
    }
    if g.field.pigs().len() > crate::PIGS {
        return Err(bad("more than 5 pigs".into()));
    }
    if g.players == 2 && g.field.count(Cell::Broccoli) > 0 {
        return Err(bad("broccoli in a two-player game".into()));
    }
    let reserves: Vec<&str> = fields[1].split(',').collect();
    if reserves.len() != usize::from(g.players) - 1 {
        return Err(bad(format!(
            "the reserve `{}` needs {} numbers",
            fields[1],
            g.players - 1
        )));
    }
    for (i, r) in reserves.iter().enumerate() {
        g.reserve[i] = r
            .parse()
            .map_err(|_| bad(format!("`{r}` is not a reserve count")))?;
    }
    let mover = fields[3]
        .chars()
        .next()
        .and_then(letter_seat)
        .filter(|&s| s < g.players)
        .ok_or_else(|| bad(format!("the mover `{}` is H, F or B", fields[3])))?;
    g.phase = match fields[2].split_once(':') {
        Some(("trees", n)) => Phase::Trees(
            n.parse()
                .map_err(|_| bad(format!("`{n}` is not a count")))?,
        ),
        Some(("bite", "-")) => Phase::Bite(Vec::new()),
        Some(("bite", list)) => Phase::Bite(
            list.split(',')
                .map(|b| {
                    let (p, v) = b
                        .split_once('x')
                        .ok_or_else(|| bad(format!("`{b}` is not PIGxVEGETABLE")))?;
                    Ok((
                        crate::square(p).ok_or_else(|| bad(format!("no square `{p}`")))?,
                        crate::square(v).ok_or_else(|| bad(format!("no square `{v}`")))?,
                    ))
                })
                .collect::<Result<_, GameError>>()?,
        ),
        Some(("farmers", q)) => Phase::Farmers(
            q.chars()
                .map(|c| {
                    letter_seat(c)
                        .filter(|&s| s != HERD)
                        .ok_or_else(|| bad(format!("`{c}` is not F or B")))
                })
                .collect::<Result<_, _>>()?,
        ),
        None if fields[2] == "pigs" => Phase::Pigs,
        None if fields[2] == "setup" => Phase::Setup(mover),
        None if fields[2] == "run" => Phase::Run,
        None if fields[2] == "over" => Phase::Over(mover),
        _ => return Err(bad(format!("unknown phase `{}`", fields[2]))),
    };
    if g.to_move() != mover {
        return Err(bad(format!("the phase `{}` is not the mover's", fields[2])));
    }
    g.herd_turns = fields[4]
        .strip_prefix('t')
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| bad(format!("`{}` is not tN", fields[4])))?;
    if let Some(x) = fields.get(5) {
        let list = x
            .strip_prefix("x:")
            .ok_or_else(|| bad(format!("`{x}` is not x:…")))?;
        g.eliminated = [list.contains('F'), list.contains('B')];
    }
    Ok(g)
}
