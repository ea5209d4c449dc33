//! The mancala position notation.
//!
//! `S/N s-n P`, then optional `key:value` fields for the state some variants have:
//!
//! - `S/N`: South's houses, then North's, each in that player's sowing order (from the
//!   player's left), comma-separated;
//! - `s-n`: the scores in seeds: the stores, or the captured stocks where the stores are
//!   not in the ring;
//! - `P`: `S` or `N`, the side to move;
//! - `m:A,B` (Ô Ăn Quan, always): the small stones in the mandarin square after South's
//!   row and in the one after North's, each followed by `*` for its big stone;
//! - `big:x-y`: big stones captured by South and North (when any);
//! - `loan:x-y`: seeds South and North have borrowed (when any);
//! - `burnt:a,B`: burnt houses by name (when any);
//! - `sink:X,Y`: South's and North's sink house ([`Special::Sink`]) by name, `-` for
//!   none (when any); read also as `tuz:X,Y`, its older spelling;
//! - `round:N`: the round, from 1 (when past the first);
//! - `open:-` or `open:c`: the simultaneous opening is pending; South has not chosen
//!   yet, or has chosen house `c` (then North is to choose).
//!
//! Kalah's start: `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`. Ô Ăn Quan's:
//! `5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0*`.

use game_api::GameError;

use crate::{Board, Config, Ends, Side, board::Special, game::Phase};

/// A position read from the notation.
pub(crate) struct Parsed {
    pub board: Board,
    pub to_move: Side,
    pub phase: Phase,
    pub round: u32,
}

/// The name of `side`'s house `i`: `a`, `b`… for South, `A`, `B`… for North.
pub(crate) fn house_name(side: Side, i: usize) -> String {
    let base = match side {
        Side::South => b'a',
        Side::North => b'A',
    };
    char::from(base + i as u8).to_string()
}

fn pair(a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    format!("{a}-{b}")
}

/// Writes a position in the notation.
pub(crate) fn write(
    config: &Config,
    board: &Board,
    to_move: Side,
    phase: Phase,
    round: u32,
) -> String {
    let row = |side| {
        (0..board.houses)
            .map(|i| board.pits[board.house(side, i)].to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut out = format!(
        "{}/{} {} {}",
        row(Side::South),
        row(Side::North),
        pair(board.bank_of(Side::South), board.bank_of(Side::North)),
        to_move.letter()
    );
    let mandarins = board.mandarins();
    if !mandarins.is_empty() {
        let m: Vec<String> = mandarins
            .iter()
            .map(|&p| format!("{}{}", board.pits[p], "*".repeat(board.big[p] as usize)))
            .collect();
        out += &format!(" m:{}", m.join(","));
    }
    if board.captured_big != [0, 0] {
        out += &format!(
            " big:{}",
            pair(board.captured_big[0], board.captured_big[1])
        );
    }
    if board.loans != [0, 0] {
        out += &format!(" loan:{}", pair(board.loans[0], board.loans[1]));
    }
    let named = |want: &dyn Fn(Special) -> bool| -> Vec<String> {
        (0..board.ring_len())
            .filter(|&p| want(board.mark(p)))
            .filter_map(|p| match board.pit(p) {
                crate::board::Pit::House(s, i) => Some(house_name(s, i)),
                _ => None,
            })
            .collect()
    };
    let burnt = named(&|s| s == Special::Burnt);
    if !burnt.is_empty() {
        out += &format!(" burnt:{}", burnt.join(","));
    }
    let sinks: Vec<String> = Side::BOTH
        .iter()
        .map(|&owner| {
            named(&|s| s == Special::Sink(owner))
                .first()
                .cloned()
                .unwrap_or_else(|| "-".into())
        })
        .collect();
    if sinks.iter().any(|s| s != "-") {
        out += &format!(" sink:{}", sinks.join(","));
    }
    if round > 1 {
        out += &format!(" round:{round}");
    }
    if let Phase::Opening { south } = phase {
        out += &format!(
            " open:{}",
            south.map_or("-".into(), |i| house_name(Side::South, i))
        );
    }
    let _ = config;
    out
}

/// Reads a position for `config`, saying what is wrong and where.
pub(crate) fn parse(config: &Config, text: &str) -> Result<Parsed, GameError> {
    let err = |reason: String| GameError::notation(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 3 {
        return Err(err(format!(
            "expected at least 3 fields `S/N s-n P` separated by spaces, found {}",
            fields.len()
        )));
    }
    let (south, north) = fields[0]
        .split_once('/')
        .ok_or_else(|| err("the houses need a `/` between South's and North's".into()))?;
    let mut board = Board::empty(config.houses, config.ends);
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
    let [s, n] = counts_pair(fields[1]).map_err(|e| err(format!("the scores {e}")))?;
    board.bank(Side::South, s);
    board.bank(Side::North, n);
    let to_move = match fields[2] {
        "S" | "s" => Side::South,
        "N" | "n" => Side::North,
        other => {
            return Err(err(format!(
                "the side to move is `{other}`, expected S or N"
            )));
        }
    };
    let mut phase = Phase::Play;
    let mut round = 1;
    let mut seen_mandarins = false;
    let geometry = Board::empty(config.houses, config.ends);
    let house_by_name = |name: &str| -> Result<usize, GameError> {
        let c = name.chars().next().filter(|_| name.len() == 1);
        let (side, i) = match c {
            Some(c @ 'a'..='z') => (Side::South, c as usize - 'a' as usize),
            Some(c @ 'A'..='Z') => (Side::North, c as usize - 'A' as usize),
            _ => return Err(err(format!("`{name}` is not a house name"))),
        };
        if i >= config.houses {
            return Err(err(format!("there is no house `{name}`")));
        }
        Ok(geometry.house(side, i))
    };
    let mut specials = Vec::new();
    for field in &fields[3..] {
        let (key, value) = field
            .split_once(':')
            .ok_or_else(|| err(format!("`{field}` is not of the form key:value")))?;
        match key {
            "m" => {
                let pits = board.mandarins();
                let parts: Vec<&str> = value.split(',').collect();
                if pits.is_empty() || parts.len() != 2 {
                    return Err(err(format!(
                        "`{field}`: this game has {} mandarin squares",
                        pits.len()
                    )));
                }
                for (&pit, part) in pits.iter().zip(parts) {
                    let big = part.chars().filter(|&c| c == '*').count() as u32;
                    let small = part.trim_end_matches('*').parse::<u32>().map_err(|_| {
                        err(format!(
                            "mandarin square `{part}` is not a count with optional `*`"
                        ))
                    })?;
                    board.pits[pit] = small;
                    board.big[pit] = big;
                }
                seen_mandarins = true;
            }
            "big" => {
                board.captured_big = counts_pair(value).map_err(|e| err(format!("`big:` {e}")))?
            }
            "loan" => board.loans = counts_pair(value).map_err(|e| err(format!("`loan:` {e}")))?,
            "burnt" => {
                for name in value.split(',') {
                    specials.push((house_by_name(name)?, Special::Burnt));
                }
            }
            "sink" | "tuz" => {
                let parts: Vec<&str> = value.split(',').collect();
                if parts.len() != 2 {
                    return Err(err(format!("`{field}`: expected South's and North's sink")));
                }
                for (owner, name) in Side::BOTH.into_iter().zip(parts) {
                    if name != "-" {
                        specials.push((house_by_name(name)?, Special::Sink(owner)));
                    }
                }
            }
            "round" => {
                round = value
                    .parse()
                    .ok()
                    .filter(|&r| r >= 1)
                    .ok_or_else(|| err(format!("`{field}`: the round is a number from 1")))?;
            }
            "open" => {
                if !config.simultaneous_opening {
                    return Err(err("`open:` needs the simultaneous opening option".into()));
                }
                phase = Phase::Opening {
                    south: match value {
                        "-" => None,
                        name => match geometry.pit(house_by_name(name)?) {
                            crate::board::Pit::House(Side::South, i) => Some(i),
                            _ => {
                                return Err(err(format!(
                                    "`{field}`: South opens from one of its own houses"
                                )));
                            }
                        },
                    },
                };
            }
            other => return Err(err(format!("unknown field `{other}:`"))),
        }
    }
    if !board.mandarins().is_empty() && !seen_mandarins {
        return Err(err("the mandarin squares are missing (`m:A,B`)".into()));
    }
    for (pit, special) in specials {
        if board.pits[pit] > 0 {
            return Err(err("a burnt house or a sink cannot hold seeds".into()));
        }
        board.set_mark(pit, special);
    }
    if config.ends == Ends::Stores && (board.captured != [0, 0]) {
        return Err(err(
            "internal: seeds kept aside with stores in the ring".into()
        ));
    }
    Ok(Parsed {
        board,
        to_move,
        phase,
        round,
    })
}

fn counts_pair(text: &str) -> Result<[u32; 2], String> {
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| format!("`{text}` are not of the form s-n"))?;
    let n = |c: &str| {
        c.parse::<u32>()
            .map_err(|_| format!("`{c}` is not a count"))
    };
    Ok([n(a)?, n(b)?])
}
