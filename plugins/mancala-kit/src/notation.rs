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
//! - `held:a,b`: houses held by the side across the board, by name (when any: where
//!   houses pass between rounds, [`Board::held`](crate::Board::held));
//! - `sink:X,Y`: South's and North's sink house ([`Special::Sink`]) by name, `-` for
//!   none (when any); read also as `tuz:X,Y`, its older spelling;
//! - `round:N`: the round, from 1 (when past the first);
//! - `open:-` or `open:c`: the simultaneous opening is pending; South has not chosen
//!   yet, or has chosen house `c` (then North is to choose).
//!
//! Kalah's start: `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`. Ô Ăn Quan's:
//! `5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0*`.

use game_api::{
    GameError,
    notation::{self, Field},
};

use crate::{Board, Config, Side, board::Special, game::Phase};

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
    let held: Vec<String> = (0..board.ring_len())
        .filter(|&p| board.held() & (1 << p) != 0)
        .filter_map(|p| match board.pit(p) {
            crate::board::Pit::House(s, i) => Some(house_name(s, i)),
            _ => None,
        })
        .collect();
    if !held.is_empty() {
        out += &format!(" held:{}", held.join(","));
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

/// Reads a position for `config`, saying what is wrong and where (the field and the
/// character, in the form of [`game_api::notation`]).
pub(crate) fn parse(config: &Config, text: &str) -> Result<Parsed, GameError> {
    let err = |reason: String| GameError::notation(text, reason);
    let fields = notation::fields(text);
    if fields.len() < 3 {
        return Err(err(notation::missing(
            text,
            "expected at least 3 fields `S/N s-n P` separated by spaces",
        )));
    }
    let mut board = Board::of(config);
    read_houses(config, &mut board, &fields[0]).map_err(err)?;
    let [s, n] = counts_pair(&fields[1], 0, fields[1].text, "the scores").map_err(err)?;
    board.bank(Side::South, s);
    board.bank(Side::North, n);
    let to_move = match fields[2].text {
        "S" | "s" => Side::South,
        "N" | "n" => Side::North,
        _ => return Err(err(fields[2].fault("the side to move is S or N"))),
    };
    let mut tags = Tags {
        config,
        board,
        phase: Phase::Play,
        round: 1,
        specials: Vec::new(),
        seen: notation::Tags::default(),
    };
    for field in &fields[3..] {
        tags.read(field).map_err(err)?;
    }
    let Tags {
        mut board,
        phase,
        round,
        specials,
        seen,
        ..
    } = tags;
    if !board.mandarins().is_empty() && !seen.has("m") {
        return Err(err(notation::missing(
            text,
            "the mandarin squares are missing (`m:A,B`)",
        )));
    }
    for (pit, special, field) in specials {
        if board.pits[pit] > 0 {
            return Err(err(field.fault("a burnt house or a sink cannot hold seeds")));
        }
        board.set_mark(pit, special);
    }
    Ok(Parsed {
        board,
        to_move,
        phase,
        round,
    })
}

/// Reads the houses `S/N` of the first field into `board`.
fn read_houses(config: &Config, board: &mut Board, field: &Field<'_>) -> Result<(), String> {
    let rows = field.items(&['/']);
    let [_, _] = rows[..] else {
        return Err(field.fault(format!(
            "the houses are South's and North's rows with one `/` between, found {} rows",
            rows.len()
        )));
    };
    for (side, (row_at, row)) in [(Side::South, rows[0]), (Side::North, rows[1])] {
        let counts = notation::items(row, &[',']);
        if counts.len() != config.houses {
            return Err(field.fault_at(
                row_at,
                format!(
                    "{} has {} houses, this game has {} (set the `houses` option to match)",
                    side.name(),
                    counts.len(),
                    config.houses
                ),
            ));
        }
        for (i, (at, c)) in counts.into_iter().enumerate() {
            let what = format!("{}'s house {}", side.name(), i + 1);
            let n = notation::count::<u32>(c, &what).map_err(|e| field.fault_at(row_at + at, e))?;
            let pit = board.house(side, i);
            board.pits[pit] = n;
        }
    }
    Ok(())
}

/// The optional `key:value` fields as they are read.
struct Tags<'c, 'a> {
    config: &'c Config,
    board: Board,
    phase: Phase,
    round: u32,
    specials: Vec<(usize, Special, Field<'a>)>,
    seen: notation::Tags,
}

impl<'a> Tags<'_, 'a> {
    /// Reads one `key:value` field.
    fn read(&mut self, field: &Field<'a>) -> Result<(), String> {
        let Some((key, value)) = field.text.split_once(':') else {
            return Err(field.fault("not of the form key:value"));
        };
        let at = key.chars().count() + 1;
        // `tuz:` is the older spelling of `sink:`: the same tag.
        self.seen
            .first(if key == "tuz" { "sink" } else { key }, field)?;
        match key {
            "m" => self.mandarins(field, at, value)?,
            "big" => self.board.captured_big = counts_pair(field, at, value, "`big:`")?,
            "loan" => self.board.loans = counts_pair(field, at, value, "`loan:`")?,
            "burnt" => {
                for (i, name) in notation::items(value, &[',']) {
                    let pit = self.house(field, at + i, name)?;
                    if self.specials.iter().any(|&(p, _, _)| p == pit) {
                        return Err(field.fault_at(at + i, format!("`{name}` is named twice")));
                    }
                    self.specials.push((pit, Special::Burnt, *field));
                }
            }
            "held" => {
                for (i, name) in notation::items(value, &[',']) {
                    let pit = self.house(field, at + i, name)?;
                    if self.board.held() & (1 << pit) != 0 {
                        return Err(field.fault_at(at + i, format!("`{name}` is named twice")));
                    }
                    self.board.set_held(pit, true);
                }
            }
            "sink" | "tuz" => {
                let parts = notation::items(value, &[',']);
                if parts.len() != 2 {
                    return Err(field.fault("expected South's and North's sink, `-` for none"));
                }
                for (owner, (i, name)) in Side::BOTH.into_iter().zip(parts) {
                    if name != "-" {
                        let pit = self.house(field, at + i, name)?;
                        self.specials.push((pit, Special::Sink(owner), *field));
                    }
                }
            }
            "round" => {
                self.round = value
                    .parse()
                    .ok()
                    .filter(|&r| r >= 1)
                    .ok_or_else(|| field.fault_at(at, "the round is a number from 1"))?;
            }
            "open" => self.opening(field, at, value)?,
            other => return Err(field.fault(format!("unknown field `{other}:`"))),
        }
        Ok(())
    }

    /// `m:A,B`: the mandarin squares' small stones, each with a `*` per big stone.
    fn mandarins(&mut self, field: &Field<'_>, at: usize, value: &str) -> Result<(), String> {
        let pits = self.board.mandarins();
        let parts = notation::items(value, &[',']);
        if pits.is_empty() || parts.len() != 2 {
            return Err(field.fault(format!("this game has {} mandarin squares", pits.len())));
        }
        for (&pit, (i, part)) in pits.iter().zip(parts) {
            let big = part.chars().filter(|&c| c == '*').count() as u32;
            let small = part.trim_end_matches('*');
            let small = notation::count::<u32>(small, "a mandarin square's small stones")
                .map_err(|e| field.fault_at(at + i, format!("{e} (a count with optional `*`)")))?;
            self.board.pits[pit] = small;
            self.board.big[pit] = big;
        }
        Ok(())
    }

    /// `open:-` or `open:c`: the simultaneous opening is pending.
    fn opening(&mut self, field: &Field<'_>, at: usize, value: &str) -> Result<(), String> {
        if !self.config.simultaneous_opening {
            return Err(field.fault("`open:` needs the simultaneous opening option"));
        }
        let south = match value {
            "-" => None,
            name => match self.board.pit(self.house(field, at, name)?) {
                crate::board::Pit::House(Side::South, i) => Some(i),
                _ => return Err(field.fault_at(at, "South opens from one of its own houses")),
            },
        };
        self.phase = Phase::Opening { south };
        Ok(())
    }

    /// The pit of the house named `name`, at character `at` of `field`.
    fn house(&self, field: &Field<'_>, at: usize, name: &str) -> Result<usize, String> {
        let c = name.chars().next().filter(|_| name.len() == 1);
        let (side, i) = match c {
            Some(c @ 'a'..='z') => (Side::South, c as usize - 'a' as usize),
            Some(c @ 'A'..='Z') => (Side::North, c as usize - 'A' as usize),
            _ => return Err(field.fault_at(at, format!("`{name}` is not a house name"))),
        };
        if i >= self.config.houses {
            return Err(field.fault_at(at, format!("there is no house `{name}`")));
        }
        Ok(self.board.house(side, i))
    }
}

/// Reads `text`, at character `at` of `field`, as two counts `s-n` of `what`.
fn counts_pair(field: &Field<'_>, at: usize, text: &str, what: &str) -> Result<[u32; 2], String> {
    let parts = notation::items(text, &['-']);
    let [(_, a), (b_at, b)] = parts[..] else {
        return Err(field.fault_at(at, format!("{what} are not of the form s-n")));
    };
    let n = |c: &str, i: usize, whose: &str| {
        notation::count::<u32>(c, &format!("{whose} {what}")).map_err(|e| field.fault_at(at + i, e))
    };
    Ok([n(a, 0, "South's")?, n(b, b_at, "North's")?])
}
