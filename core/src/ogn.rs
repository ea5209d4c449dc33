//! Aualé's Oware Game Notation (OGN), read and written for Oware records: tags
//! (`[South "Ann"]`, the start position as `FEN`), moves with comments (`{ … }`) and
//! variations (`( … )`, which Aualé skips when it reads). Aualé names South's houses
//! `A`–`F` and North's `a`–`f`, Tavola's Oware the other way round; Aualé's `FEN` is the
//! twelve houses, the two stores and the turn joined by `-`, Tavola's notation
//! `a,…,f/A,…,F S-N T`. Checked against files written by Aualé's own serializer
//! (`src/auale/serialize/ogn.py` at commit 8db3030e6eeb7fe53a245de8f147afcd2da8ae16).

use std::collections::BTreeMap;

use game_api::MoveId;
use thiserror::Error;

use crate::{
    plugins::{CallError, Plugin},
    record::{Record, RecordError, RecordedMove, start_of},
};

/// The tags Aualé writes first, in its order.
pub const TAG_ROSTER: [&str; 8] = [
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];

/// One move of an OGN game, in Tavola's notation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OgnMove {
    /// The move (`a`–`f` South, `A`–`F` North, as Tavola's Oware writes them).
    pub notation: String,
    /// The comment after it.
    pub comment: Option<String>,
    /// Lines played instead of it.
    pub variations: Vec<Vec<OgnMove>>,
}

/// An OGN game as read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OgnGame {
    /// The tags, by name.
    pub tags: BTreeMap<String, String>,
    /// The moves of the main line.
    pub moves: Vec<OgnMove>,
}

/// What is wrong with an OGN file, and where.
#[derive(Debug, Error)]
pub enum OgnError {
    /// A syntax error at a character.
    #[error("OGN, character {at}: {what}")]
    Syntax {
        /// The 1-based character.
        at: usize,
        /// What is wrong.
        what: String,
    },
    /// The `FEN` tag is not a position.
    #[error("OGN: the FEN tag `{0}` is not 12 houses, 2 stores and S or N joined by `-`")]
    Fen(String),
    /// The record could not be made or replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The plugin refused a move or the position.
    #[error(transparent)]
    Plugin(#[from] CallError),
    /// The record is of another game than the plugin's (OGN holds that one game alone).
    #[error("{}", crate::tr!("ogn-other-game", game = .game.clone(), ogn = .ogn.clone()))]
    OtherGame {
        /// The record's game, by its name where the record keeps it, else its id.
        game: String,
        /// The game OGN holds, by its plugin's name.
        ogn: String,
    },
    /// A move is not legal where it is played.
    #[error("OGN, move {number} `{notation}` is not legal in {position}")]
    Illegal {
        /// The 1-based move.
        number: usize,
        /// The move as Tavola writes it.
        notation: String,
        /// The position.
        position: String,
    },
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// Aualé's `FEN` as Tavola's Oware notation.
///
/// ```
/// assert_eq!(
///     tavola_core::ogn::fen_to_notation("0-0-0-2-1-0-0-0-1-0-3-1-21-19-N").unwrap(),
///     "0,0,0,2,1,0/0,0,1,0,3,1 21-19 N"
/// );
/// ```
pub fn fen_to_notation(fen: &str) -> Result<String, OgnError> {
    let bad = || OgnError::Fen(fen.chars().take(80).collect());
    let parts: Vec<&str> = fen.trim().split('-').collect();
    if parts.len() != 15 || !matches!(parts[14], "S" | "N") {
        return Err(bad());
    }
    let n: Vec<u32> = parts[..14]
        .iter()
        .map(|p| p.parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let join = |s: &[u32]| s.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    Ok(format!(
        "{}/{} {}-{} {}",
        join(&n[..6]),
        join(&n[6..12]),
        n[12],
        n[13],
        parts[14]
    ))
}

/// Tavola's Oware notation as Aualé's `FEN`, or `None` if it is not one.
pub fn notation_to_fen(notation: &str) -> Option<String> {
    let (board, rest) = notation.split_once(' ')?;
    let (stores, turn) = rest.split_once(' ')?;
    let houses: Vec<&str> = board.split(['/', ',']).collect();
    let (s, n) = stores.split_once('-')?;
    (houses.len() == 12 && matches!(turn, "S" | "N"))
        .then(|| format!("{}-{s}-{n}-{turn}", houses.join("-")))
}

/// The stores (South, North) of Tavola's Oware notation.
fn stores(notation: &str) -> Option<(u32, u32)> {
    let stores = notation.split(' ').nth(1)?;
    let (s, n) = stores.split_once('-')?;
    Some((s.parse().ok()?, n.parse().ok()?))
}

struct Reader<'a> {
    text: &'a [char],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> OgnError {
        OgnError::Syntax {
            at: self.at + 1,
            what: what.into(),
        }
    }

    fn tags(&mut self) -> Result<BTreeMap<String, String>, OgnError> {
        let mut tags = BTreeMap::new();
        loop {
            while self.text.get(self.at).is_some_and(|c| c.is_whitespace()) {
                self.at += 1;
            }
            if self.text.get(self.at) != Some(&'[') {
                return Ok(tags);
            }
            self.at += 1;
            let name: String = self.text[self.at..]
                .iter()
                .take_while(|c| c.is_alphanumeric() || **c == '_')
                .collect();
            self.at += name.chars().count();
            while self.text.get(self.at).is_some_and(|c| c.is_whitespace()) {
                self.at += 1;
            }
            if name.is_empty() || self.text.get(self.at) != Some(&'"') {
                return Err(self.error("a tag is `[Name \"value\"]`"));
            }
            self.at += 1;
            let mut value = String::new();
            loop {
                match self.text.get(self.at) {
                    None => return Err(self.error("a tag's value is not closed")),
                    Some('\\') if matches!(self.text.get(self.at + 1), Some('"' | '\\')) => {
                        value.push(self.text[self.at + 1]);
                        self.at += 2;
                    }
                    Some('"') => break,
                    Some(&c) => {
                        value.push(c);
                        self.at += 1;
                    }
                }
            }
            self.at += 1;
            while self.text.get(self.at).is_some_and(|c| c.is_whitespace()) {
                self.at += 1;
            }
            if self.text.get(self.at) != Some(&']') {
                return Err(self.error("a tag is closed by `]`"));
            }
            self.at += 1;
            if tags.insert(name.clone(), value).is_some() {
                return Err(self.error(&format!("the tag {name} is given twice")));
            }
        }
    }

    /// Moves until the end or `)` (inside a variation).
    fn moves(&mut self, nested: bool) -> Result<Vec<OgnMove>, OgnError> {
        let mut moves: Vec<OgnMove> = Vec::new();
        while let Some(&c) = self.text.get(self.at) {
            match c {
                '{' => {
                    let start = self.at;
                    let end = self.text[self.at..].iter().position(|&c| c == '}');
                    let Some(end) = end else {
                        return Err(self.error("a comment is not closed by `}`"));
                    };
                    let text: String = self.text[start + 1..start + end].iter().collect();
                    let comment = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    let Some(last) = moves.last_mut() else {
                        return Err(self.error("a comment before the first move"));
                    };
                    last.comment = Some(comment);
                    self.at = start + end + 1;
                }
                '(' => {
                    self.at += 1;
                    let line = self.moves(true)?;
                    let Some(last) = moves.last_mut() else {
                        return Err(self.error("a variation before the first move"));
                    };
                    last.variations.push(line);
                }
                ')' if nested => {
                    self.at += 1;
                    return Ok(moves);
                }
                ')' => return Err(self.error("a `)` closes no variation")),
                'a'..='f' | 'A'..='F' => {
                    moves.push(OgnMove {
                        notation: swap_case(c).to_string(),
                        ..OgnMove::default()
                    });
                    self.at += 1;
                }
                _ => self.at += 1, // numbers, captures, the result: Aualé skips them too
            }
        }
        if nested {
            return Err(self.error("a variation is not closed by `)`"));
        }
        Ok(moves)
    }
}

/// Reads an OGN file's text.
pub fn parse(text: &str) -> Result<OgnGame, OgnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader {
        text: &chars,
        at: 0,
    };
    let tags = reader.tags()?;
    let moves = reader.moves(false)?;
    Ok(OgnGame { tags, moves })
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tags as Aualé writes them: its roster first (`?` where missing, `*` for no
/// result), then the others.
fn write_tags(tags: &BTreeMap<String, String>, out: &mut String) {
    for name in TAG_ROSTER {
        let value = tags.get(name).map_or(
            match name {
                "Variant" => "Oware Abapa",
                "Result" => "*",
                _ => "?",
            },
            String::as_str,
        );
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    for (name, value) in tags {
        if !TAG_ROSTER.contains(&name.as_str()) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
}

/// The tokens of `moves` (with `captures[i]` the seeds move `i` took, where known),
/// numbered from `ply` (0: South's first move of move 1).
fn move_tokens(moves: &[OgnMove], captures: &[u32], mut ply: usize, out: &mut Vec<String>) {
    for (i, m) in moves.iter().enumerate() {
        if ply.is_multiple_of(2) || i == 0 {
            out.push(format!("{}.", ply / 2 + 1));
        }
        let taken = captures.get(i).copied().unwrap_or(0);
        let name: String = m.notation.chars().map(swap_case).collect();
        out.push(if taken > 0 {
            format!("{name}+{taken}")
        } else {
            name
        });
        if let Some(c) = &m.comment {
            out.push("{".into());
            out.extend(c.split_whitespace().map(str::to_owned));
            out.push("}".into());
        }
        for v in &m.variations {
            out.push("(".into());
            move_tokens(v, &[], ply, out);
            out.push(")".into());
        }
        ply += 1;
    }
}

/// Writes `game` as OGN, lines under 80 characters as Aualé writes them (a number every
/// two moves from the first, whoever moves first); `captures[i]` is what the main
/// line's move `i` took (written `+N`).
pub fn write(game: &OgnGame, captures: &[u32]) -> String {
    let mut out = String::new();
    write_tags(&game.tags, &mut out);
    if game.moves.is_empty() {
        return out;
    }
    let mut tokens = Vec::new();
    move_tokens(&game.moves, captures, 0, &mut tokens);
    if let Some(result) = game.tags.get("Result").filter(|r| *r != "*") {
        tokens.push(result.clone());
    }
    out.push('\n');
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && 1 + line.len() + t.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn notes_of(m: &OgnMove) -> (Option<String>, Vec<Vec<RecordedMove>>) {
    let variations = m
        .variations
        .iter()
        .map(|v| {
            v.iter()
                .map(|m| {
                    let mut r = RecordedMove::new(0, &m.notation, None);
                    (r.notes.comment, r.notes.variations) = notes_of(m);
                    r
                })
                .collect()
        })
        .collect();
    (m.comment.clone(), variations)
}

/// An Oware record from an OGN file's text, played through `plugin` (every main-line
/// move checked legal; the variations kept as written, not played). The tags are kept
/// in the record's `tags`.
pub fn record_from_ogn(plugin: &Plugin, text: &str) -> Result<Record, OgnError> {
    let game = parse(text)?;
    let options = plugin
        .parse_options::<&str>(&[])
        .map_err(|e| OgnError::Fen(e.to_string()))?;
    let start = game
        .tags
        .get("FEN")
        .map(|f| fen_to_notation(f))
        .transpose()?;
    let mut record = Record::new(plugin, &options, None, start);
    record.seats = vec![
        game.tags.get("South").cloned().unwrap_or_default(),
        game.tags.get("North").cloned().unwrap_or_default(),
    ];
    record.tags = game.tags.clone();
    let mut handle = start_of(plugin, &record)?;
    for (i, m) in game.moves.iter().enumerate() {
        let found = handle
            .moves()?
            .into_iter()
            .find(|l| l.notation == m.notation);
        let Some(found) = found else {
            return Err(OgnError::Illegal {
                number: i + 1,
                notation: m.notation.clone(),
                position: handle.notation()?,
            });
        };
        let seat = match handle.turn()? {
            game_api::Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        record.push(&handle, found.id, seat)?;
        handle.apply(found.id)?;
        let last = record.moves.last_mut().expect("just pushed");
        (last.notes.comment, last.notes.variations) = notes_of(m);
    }
    if let game_api::Turn::Over { outcome } = handle.turn()? {
        record.result = Some(outcome);
    }
    Ok(record)
}

fn ogn_moves(moves: &[RecordedMove]) -> Vec<OgnMove> {
    moves
        .iter()
        .map(|m| OgnMove {
            notation: m.notation.clone(),
            comment: m.notes.comment.clone(),
            variations: m.notes.variations.iter().map(|v| ogn_moves(v)).collect(),
        })
        .collect()
}

/// An Oware record as OGN: its tags (the seats as South and North where none), its
/// start position as `FEN`, its moves with their captures, comments and variations,
/// the final stores as the result.
///
/// A record of another game than `plugin`'s is refused, naming both games
/// ([`OgnError::OtherGame`]), before its options are read.
pub fn ogn_from_record(plugin: &Plugin, record: &Record) -> Result<String, OgnError> {
    if record.game != plugin.id() {
        return Err(OgnError::OtherGame {
            game: record.name.clone().unwrap_or_else(|| record.game.clone()),
            ogn: plugin.manifest().name.clone(),
        });
    }
    let mut game = OgnGame {
        tags: record.tags.clone(),
        moves: ogn_moves(&record.moves),
    };
    for (seat, name) in ["South", "North"].iter().enumerate() {
        if let Some(player) = record.seats.get(seat).filter(|p| !p.is_empty()) {
            game.tags
                .entry((*name).into())
                .or_insert_with(|| player.clone());
        }
    }
    let mut handle = start_of(plugin, record)?;
    let first = handle.notation()?;
    if let Some(start) = &record.start {
        game.tags.insert(
            "FEN".into(),
            notation_to_fen(start).ok_or_else(|| OgnError::Fen(start.clone()))?,
        );
    }
    let mut captures = Vec::new();
    let mut before = stores(&first).unwrap_or_default();
    for m in &record.moves {
        handle.apply(MoveId(m.id))?;
        let after = stores(&handle.notation()?).unwrap_or(before);
        captures.push((after.0 - before.0.min(after.0)) + (after.1 - before.1.min(after.1)));
        before = after;
    }
    if matches!(handle.turn()?, game_api::Turn::Over { .. }) {
        game.tags
            .insert("Result".into(), format!("{}-{}", before.0, before.1));
    }
    Ok(write(&game, &captures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_written_by_auale_read_in_tavolas_notation() {
        let game = parse(include_str!("ogn/auale-opening.ogn")).unwrap();
        let names: Vec<&str> = game.moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(names, ["c", "C", "a", "E", "f", "B"]);
        assert_eq!(game.moves[5].comment.as_deref(), Some("a comment"));
        assert_eq!(game.tags["North"], "Bo \"the bot\"");
        assert_eq!(game.tags["Result"], "*");
        let fen = parse(include_str!("ogn/auale-fen.ogn")).unwrap();
        assert_eq!(
            fen_to_notation(&fen.tags["FEN"]).unwrap(),
            "0,0,0,2,1,0/0,0,1,0,3,1 21-19 N"
        );
        let names: Vec<&str> = fen.moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(names, ["E", "d"]);
        assert_eq!(fen.moves[0].comment.as_deref(), Some("takes two"));
    }

    #[test]
    fn writing_gives_auales_own_text_back() {
        for (text, captures) in [
            (
                include_str!("ogn/auale-opening.ogn"),
                vec![0, 0, 0, 0, 0, 2],
            ),
            (include_str!("ogn/auale-fen.ogn"), vec![0, 0]),
        ] {
            let game = parse(text).unwrap();
            assert_eq!(write(&game, &captures), text);
        }
    }

    #[test]
    fn variations_round_trip_and_bad_text_says_where() {
        let text = "[Result \"*\"]\n\n1. C { main } ( A { instead } ( B ) c ) c\n";
        let game = parse(text).unwrap();
        assert_eq!(game.moves.len(), 2);
        let v = &game.moves[0].variations[0];
        assert_eq!(v[0].notation, "a");
        assert_eq!(v[0].comment.as_deref(), Some("instead"));
        assert_eq!(v[0].variations[0][0].notation, "b");
        let again = parse(&write(&game, &[])).unwrap();
        assert_eq!(again.moves, game.moves);
        assert_eq!(
            again.tags["Variant"], "Oware Abapa",
            "Aualé's roster written"
        );
        for (bad, at) in [
            ("1. C { open", 6),
            ("1. C ( A", 9),
            ("[Event x]", 8),
            ("{ x } C", 1),
        ] {
            match parse(bad) {
                Err(OgnError::Syntax { at: got, .. }) => assert_eq!(got, at, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
