//! The position notation: `RANKS RESERVE PHASE MOVER tN [x:…] [o:…] [s:N]`.
//!
//! - RANKS: the eight ranks from the top (rank 8) down, `/`-separated, one letter per
//!   square: `.` empty, `T` tree, `P` pig, `p` lying pig, `O` pumpkin, `B` broccoli;
//! - RESERVE: pumpkins left (two players) or `pumpkins,broccoli` (three);
//! - PHASE: `trees:N` (N trees moved), `pigs`, `setup`, `bite:-` or `bite:e4xf5,…` (the
//!   bites chosen so far), `run`, `farmers:FB` (the Farmers still to place, in order),
//!   `over`;
//! - MOVER: `H`, `F` or `B` — the seat to move (the winner once over);
//! - `tN`: Herd turns played; `x:F`, `x:B`, `x:FB`: Farmers eliminated (three players);
//! - `o:f7,h6,…`: under `bite_model=simulator`, the pigs in the order the author's
//!   simulator keeps them ([`crate::board::herd_sort`]), every pig once; left out when it
//!   is the squares' order from the top left (a8, b8, … h1), which it then means;
//! - `s:N`: the simulator's score (`end_rule=simulator`, two players; always written
//!   there, since the simulator's Herd wins on it, not on the pumpkins in view).
//!
//! A position is read only if a game can reach it (see `validate`).

use game_api::{
    GameError,
    notation::{self, Field},
};

use crate::{
    BROCCOLI, BiteModel, BiteThePumpkin, FARMER, HERD, PIGS, Phase,
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
    if g.bite_model == BiteModel::Simulator && g.order != g.field.pigs() {
        let pigs: Vec<String> = g.order.iter().map(|&sq| name(sq)).collect();
        out += &format!(" o:{}", pigs.join(","));
    }
    if g.simulator_end() {
        out += &format!(" s:{}", g.score);
    }
    out
}

/// Reads a position into `g` (made with the game's options); a fault is located by its
/// field and character (see [`game_api::notation`]).
pub(crate) fn parse(mut g: BiteThePumpkin, text: &str) -> Result<BiteThePumpkin, GameError> {
    let bad = |reason: String| GameError::notation(text, reason);
    let custom_trees = matches!(g.phase, Phase::Trees(_));
    let fields = notation::fields(text);
    let usage = "a position is `RANKS RESERVE PHASE MOVER tN [x:…] [o:…] [s:N]`";
    if fields.len() < 5 {
        return Err(bad(notation::missing(text, usage)));
    }
    read_ranks(&mut g, &fields[0]).map_err(bad)?;
    if g.bite_model == BiteModel::Simulator {
        g.order = g.field.pigs();
    }
    read_reserve(&mut g, &fields[1]).map_err(bad)?;
    let mover = match fields[3].text {
        "H" => HERD,
        "F" => FARMER,
        "B" if g.players == 3 => BROCCOLI,
        _ => {
            return Err(bad(fields[3].fault(format!(
                "the mover is H or F{}",
                if g.players == 3 { " or B" } else { "" }
            ))));
        }
    };
    g.phase = read_phase(&fields[2], mover).map_err(bad)?;
    if g.to_move() != mover {
        return Err(bad(fields[3].fault(format!(
            "the phase `{}` is not the mover's",
            fields[2].text
        ))));
    }
    g.herd_turns = fields[4]
        .text
        .strip_prefix('t')
        .filter(|t| t.len() <= 10 && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| bad(fields[4].fault(format!("not tN with N from 0 to {}", u32::MAX))))?;
    read_extras(&mut g, text, &fields[5..]).map_err(bad)?;
    validate::check(&g, Some(custom_trees)).map_err(bad)?;
    Ok(g)
}

fn read_ranks(g: &mut BiteThePumpkin, field: &Field<'_>) -> Result<(), String> {
    let ranks = field.items(&['/']);
    if ranks.len() != SIZE {
        return Err(field.fault(format!("{} ranks, expected 8", ranks.len())));
    }
    for (r, (at, rank)) in ranks.into_iter().enumerate() {
        let cells: Vec<char> = rank.chars().collect();
        if cells.len() != SIZE {
            return Err(field.fault_at(
                at,
                format!("rank {} has {} squares, expected 8", SIZE - r, cells.len()),
            ));
        }
        for (c, ch) in cells.into_iter().enumerate() {
            g.field.0[r * SIZE + c] = Cell::from_letter(ch).ok_or_else(|| {
                field.fault_at(
                    at + c,
                    format!(
                        "`{ch}` on {} is not one of . T P p O B",
                        square_name(r * SIZE + c)
                    ),
                )
            })?;
        }
    }
    let pigs = g.field.pigs().len();
    if pigs > PIGS {
        return Err(field.fault(format!("{pigs} pigs on the field; the Herd has 5")));
    }
    if g.players == 2 && g.field.count(Cell::Broccoli) > 0 {
        return Err(field.fault("broccoli (`B`) on the field of a two-player game"));
    }
    Ok(())
}

fn read_reserve(g: &mut BiteThePumpkin, field: &Field<'_>) -> Result<(), String> {
    let reserves = field.items(&[',']);
    let needed = usize::from(g.players) - 1;
    if reserves.len() != needed {
        return Err(field.fault(format!(
            "the reserve needs {needed} number{}",
            if needed == 1 {
                ""
            } else {
                "s, pumpkins,broccoli"
            }
        )));
    }
    let most = if g.players == 3 { 18 } else { 20 };
    for (i, (at, r)) in reserves.into_iter().enumerate() {
        let what = if i == 0 { "pumpkin" } else { "broccoli" };
        g.reserve[i] = notation::count::<u32>(r, &format!("the {what} reserve"))
            .ok()
            .filter(|&n| n <= most && r.len() <= 2)
            .ok_or_else(|| {
                field.fault_at(
                    at,
                    format!("the {what} reserve `{r}` is not a count from 0 to {most}"),
                )
            })?;
    }
    Ok(())
}

fn read_phase(field: &Field<'_>, mover: u8) -> Result<Phase, String> {
    let text = field.text;
    let value_at = text.find(':').map_or(0, |i| i + 1);
    Ok(match text.split_once(':') {
        Some(("trees", n)) => Phase::Trees(
            n.parse()
                .ok()
                .filter(|&n| n < crate::TREE_MOVES)
                .ok_or_else(|| field.fault_at(value_at, "from 0 to 5 trees moved"))?,
        ),
        Some(("bite", "-")) => Phase::Bite(Vec::new()),
        Some(("bite", list)) => Phase::Bite(
            notation::items(list, &[','])
                .into_iter()
                .map(|(at, b)| {
                    let at = value_at + at;
                    let (p, v) = b.split_once('x').ok_or_else(|| {
                        field.fault_at(at, format!("the bite `{b}` is not PIGxVEGETABLE"))
                    })?;
                    let sq = |s: &str, at| {
                        square(s).ok_or_else(|| field.fault_at(at, format!("no square `{s}`")))
                    };
                    Ok((sq(p, at)?, sq(v, at + p.len() + 1)?))
                })
                .collect::<Result<_, String>>()?,
        ),
        Some(("farmers", q)) if !q.is_empty() => Phase::Farmers(
            q.chars()
                .enumerate()
                .map(|(i, c)| {
                    letter_seat(c)
                        .filter(|&s| s != HERD)
                        .ok_or_else(|| field.fault_at(value_at + i, format!("`{c}` is not F or B")))
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(("farmers", _)) => {
            return Err(field.fault_at(value_at, "the Farmers still to place are missing"));
        }
        None if text == "pigs" => Phase::Pigs,
        None if text == "setup" => Phase::Setup(mover),
        None if text == "run" => Phase::Run,
        None if text == "over" => Phase::Over(mover),
        _ => return Err(field.fault("unknown phase")),
    })
}

/// The optional fields `x:…` (three players), `o:…` (the simulator's bites) and `s:N`
/// (the simulator's end).
fn read_extras(g: &mut BiteThePumpkin, text: &str, extras: &[Field<'_>]) -> Result<(), String> {
    let mut tags = notation::Tags::default();
    for field in extras {
        if let Some(list) = field.value_of("x") {
            tags.first("x", field)?;
            if tags.has("s") || g.players != 3 {
                return Err(field.fault("eliminations are written before s:, with three players"));
            }
            let (f, b) = (list.contains('F'), list.contains('B'));
            let canonical = format!("{}{}", if f { "F" } else { "" }, if b { "B" } else { "" });
            if list != canonical || list.is_empty() {
                return Err(field.fault("not x:F, x:B or x:FB"));
            }
            g.eliminated = [f, b];
        } else if let Some(list) = field.value_of("o") {
            tags.first("o", field)?;
            if tags.has("s") {
                return Err(field.fault("the pigs' order is written before s:"));
            }
            g.order = read_order(g, field, list)?;
        } else if let Some(n) = field.value_of("s") {
            tags.first("s", field)?;
            if !g.simulator_end() {
                return Err(field.fault(
                    "the simulator's score is written only under end_rule=simulator with two \
                     players",
                ));
            }
            g.score = n
                .parse::<u32>()
                .ok()
                .filter(|&v| v <= 20 && n.len() <= 2)
                .ok_or_else(|| field.fault_at(2, "not s:N with N from 0 to 20"))?;
        } else {
            return Err(field.fault("none of x:…, o:… and s:N"));
        }
    }
    if g.simulator_end() && !tags.has("s") {
        return Err(notation::missing(
            text,
            "the simulator's score `s:N` is missing (end_rule=simulator)",
        ));
    }
    Ok(())
}

/// The pigs' order of `o:LIST`: every pig on the field once, by its square.
fn read_order(g: &BiteThePumpkin, field: &Field<'_>, list: &str) -> Result<Vec<usize>, String> {
    if g.bite_model != BiteModel::Simulator {
        return Err(field.fault(
            "the pigs' order is written only under bite_model=simulator, the only one it \
             plays a part in",
        ));
    }
    let pigs = g.field.pigs();
    let mut order = Vec::new();
    for (at, item) in notation::items(list, &[',']) {
        let at = at + 2;
        let sq = square(item).ok_or_else(|| field.fault_at(at, format!("no square `{item}`")))?;
        if !pigs.contains(&sq) {
            return Err(field.fault_at(at, format!("no pig stands on {item}")));
        }
        if order.contains(&sq) {
            return Err(field.fault_at(at, format!("the pig on {item} is listed twice")));
        }
        order.push(sq);
    }
    if let Some(&missing) = pigs.iter().find(|sq| !order.contains(sq)) {
        return Err(field.fault(format!(
            "the pig on {} is missing from the order: it lists every pig once",
            name(missing)
        )));
    }
    Ok(order)
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
