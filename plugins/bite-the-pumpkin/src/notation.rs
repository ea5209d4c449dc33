//! The position notation: `RANKS RESERVE PHASE MOVER tN [x:…] [s:N]`.
//!
//! - RANKS: the eight ranks from the top (rank 8) down, `/`-separated, one letter per
//!   square: `.` empty, `T` tree, `P` pig, `p` lying pig, `O` pumpkin, `B` broccoli;
//! - RESERVE: pumpkins left (two players) or `pumpkins,broccoli` (three);
//! - PHASE: `trees:N` (N trees moved), `pigs`, `setup`, `bite:-` or `bite:e4xf5,…` (the
//!   bites chosen so far), `run`, `farmers:FB` (the Farmers still to place, in order),
//!   `over`;
//! - MOVER: `H`, `F` or `B` — the seat to move (the winner once over);
//! - `tN`: Herd turns played; `x:F`, `x:B`, `x:FB`: Farmers eliminated (three players);
//! - `s:N`: the simulator's score (`end_rule=simulator`, two players; always written
//!   there, since the simulator's Herd wins on it, not on the pumpkins in view).
//!
//! A position is read only if a game can reach it (see `validate`).

use game_api::GameError;

use crate::{
    BROCCOLI, BiteThePumpkin, FARMER, HERD, PIGS, Phase,
    board::{Cell, SIZE},
    validate,
};

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
    if g.simulator_end() {
        out += &format!(" s:{}", g.score);
    }
    out
}

/// Reads a position into `g` (made with the game's options).
pub(crate) fn parse(mut g: BiteThePumpkin, text: &str) -> Result<BiteThePumpkin, GameError> {
    let bad = |reason: String| GameError::notation(text, reason);
    let custom_trees = matches!(g.phase, Phase::Trees(_));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(5..=7).contains(&fields.len()) {
        return Err(bad(format!(
            "expected `RANKS RESERVE PHASE MOVER tN [x:…] [s:N]`, found {} fields",
            fields.len()
        )));
    }
    read_ranks(&mut g, fields[0]).map_err(bad)?;
    read_reserve(&mut g, fields[1]).map_err(bad)?;
    let mover = match fields[3] {
        "H" => HERD,
        "F" => FARMER,
        "B" if g.players == 3 => BROCCOLI,
        other => {
            return Err(bad(format!(
                "the mover `{other}` is H or F{}",
                if g.players == 3 { " or B" } else { "" }
            )));
        }
    };
    g.phase = read_phase(fields[2], mover).map_err(bad)?;
    if g.to_move() != mover {
        return Err(bad(format!(
            "the phase `{}` is not the mover's ({})",
            fields[2], fields[3]
        )));
    }
    g.herd_turns = fields[4]
        .strip_prefix('t')
        .filter(|t| t.len() <= 10 && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| {
            bad(format!(
                "`{}` is not tN with N from 0 to {}",
                fields[4],
                u32::MAX
            ))
        })?;
    read_extras(&mut g, &fields[5..]).map_err(bad)?;
    validate::check(&g, Some(custom_trees)).map_err(bad)?;
    Ok(g)
}

fn read_ranks(g: &mut BiteThePumpkin, text: &str) -> Result<(), String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SIZE {
        return Err(format!("{} ranks, expected 8", ranks.len()));
    }
    for (r, rank) in ranks.iter().enumerate() {
        let cells: Vec<char> = rank.chars().collect();
        if cells.len() != SIZE {
            return Err(format!(
                "rank {} has {} squares, expected 8",
                SIZE - r,
                cells.len()
            ));
        }
        for (c, ch) in cells.into_iter().enumerate() {
            g.field.0[r * SIZE + c] = Cell::from_letter(ch).ok_or_else(|| {
                format!(
                    "`{ch}` on {} is not one of . T P p O B",
                    square_name(r * SIZE + c)
                )
            })?;
        }
    }
    let pigs = g.field.pigs().len();
    if pigs > PIGS {
        return Err(format!("{pigs} pigs on the field; the Herd has 5"));
    }
    if g.players == 2 && g.field.count(Cell::Broccoli) > 0 {
        return Err("broccoli (`B`) on the field of a two-player game".into());
    }
    Ok(())
}

fn read_reserve(g: &mut BiteThePumpkin, text: &str) -> Result<(), String> {
    let reserves: Vec<&str> = text.split(',').collect();
    let needed = usize::from(g.players) - 1;
    if reserves.len() != needed {
        return Err(format!(
            "the reserve `{text}` needs {needed} number{}",
            if needed == 1 {
                ""
            } else {
                "s, pumpkins,broccoli"
            }
        ));
    }
    let most = if g.players == 3 { 18 } else { 20 };
    for (i, r) in reserves.iter().enumerate() {
        g.reserve[i] = r
            .parse()
            .ok()
            .filter(|&n| n <= most && r.len() <= 2)
            .ok_or_else(|| {
                format!(
                    "the {} reserve `{r}` is not a count from 0 to {most}",
                    if i == 0 { "pumpkin" } else { "broccoli" }
                )
            })?;
    }
    Ok(())
}

fn read_phase(text: &str, mover: u8) -> Result<Phase, String> {
    Ok(match text.split_once(':') {
        Some(("trees", n)) => Phase::Trees(
            n.parse()
                .ok()
                .filter(|&n| n < crate::TREE_MOVES)
                .ok_or_else(|| format!("`trees:{n}`: from 0 to 5 trees moved"))?,
        ),
        Some(("bite", "-")) => Phase::Bite(Vec::new()),
        Some(("bite", list)) => Phase::Bite(
            list.split(',')
                .map(|b| {
                    let (p, v) = b
                        .split_once('x')
                        .ok_or_else(|| format!("the bite `{b}` is not PIGxVEGETABLE"))?;
                    let sq = |s: &str| square(s).ok_or_else(|| format!("no square `{s}`"));
                    Ok((sq(p)?, sq(v)?))
                })
                .collect::<Result<_, String>>()?,
        ),
        Some(("farmers", q)) => Phase::Farmers(
            q.chars()
                .map(|c| {
                    letter_seat(c)
                        .filter(|&s| s != HERD)
                        .ok_or_else(|| format!("`{c}` in `farmers:{q}` is not F or B"))
                })
                .collect::<Result<_, _>>()?,
        ),
        None if text == "pigs" => Phase::Pigs,
        None if text == "setup" => Phase::Setup(mover),
        None if text == "run" => Phase::Run,
        None if text == "over" => Phase::Over(mover),
        _ => return Err(format!("unknown phase `{text}`")),
    })
}

/// The optional fields `x:…` (three players) and `s:N` (the simulator's end).
fn read_extras(g: &mut BiteThePumpkin, extras: &[&str]) -> Result<(), String> {
    let (mut x_seen, mut s_seen) = (false, false);
    for field in extras {
        if let Some(list) = field.strip_prefix("x:") {
            if x_seen || s_seen || g.players != 3 {
                return Err(format!(
                    "`{field}`: eliminations are written once, before s:, with three players"
                ));
            }
            let (f, b) = (list.contains('F'), list.contains('B'));
            let canonical = format!("{}{}", if f { "F" } else { "" }, if b { "B" } else { "" });
            if list != canonical || list.is_empty() {
                return Err(format!("`{field}` is not x:F, x:B or x:FB"));
            }
            g.eliminated = [f, b];
            x_seen = true;
        } else if let Some(n) = field.strip_prefix("s:") {
            if s_seen || !g.simulator_end() {
                return Err(format!(
                    "`{field}`: the simulator's score is written once, and only under \
                     end_rule=simulator with two players"
                ));
            }
            g.score = n
                .parse::<u32>()
                .ok()
                .filter(|&v| v <= 20 && n.len() <= 2)
                .ok_or_else(|| format!("`{field}` is not s:N with N from 0 to 20"))?;
            s_seen = true;
        } else {
            return Err(format!("`{field}` is neither x:… nor s:N"));
        }
    }
    if g.simulator_end() && !s_seen {
        return Err("the simulator's score `s:N` is missing (end_rule=simulator)".into());
    }
    Ok(())
}

/// The algebraic name of a square (`a8` is the top-left corner).
pub(crate) fn name(sq: usize) -> String {
    let (r, c) = (sq / SIZE, sq % SIZE);
    format!("{}{}", char::from(b'a' + c as u8), SIZE - r)
}

/// The algebraic name of a square (`a8` is the top-left corner).
pub fn square_name(sq: usize) -> String {
    name(sq)
}

/// The square of an algebraic name (`a8`…`h1`).
pub fn square(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let file = chars.next()?;
    let rank: usize = chars.as_str().parse().ok()?;
    if !('a'..='h').contains(&file) || !(1..=SIZE).contains(&rank) || chars.as_str().len() != 1 {
        return None;
    }
    Some((SIZE - rank) * SIZE + (file as usize - 'a' as usize))
}
