//! The file's `[[tests]]`: each a position, moves played from it and what must hold
//! then, checked every time the file is read (a file whose tests fail is refused, with
//! the test's line).

use game_api::{Game, GameResult, MoveId, Options, Turn};

use crate::{
    DataGame, FileError,
    format::{OutcomeWord, TestTable},
    variant::VariantFile,
};

/// The most moves a test plays.
pub const MAX_PLAYED: usize = 1000;

/// Runs every test of `file`; the first that fails refuses the file.
pub fn run(file: &VariantFile) -> Result<(), FileError> {
    for test in &file.tests {
        let t = test.get_ref();
        one(file, t).map_err(|m| {
            FileError::at(
                file.src(),
                test.span().start,
                "tests",
                format!("test {:?}: {m}", t.name),
            )
        })?;
    }
    Ok(())
}

/// The notations of the legal moves.
fn legal(game: &DataGame) -> Result<Vec<(String, MoveId)>, String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            game.move_info(m)
                .map(|i| (i.notation, m))
                .map_err(|e| e.to_string())
        })
        .collect()
}

fn one(file: &VariantFile, t: &TestTable) -> Result<(), String> {
    if t.play.len() > MAX_PLAYED {
        return Err(format!(
            "{} moves to play: at most {MAX_PLAYED} are allowed",
            t.play.len()
        ));
    }
    let options =
        Options::resolve(&file.manifest.options, &t.options).map_err(|e| e.to_string())?;
    let config = file.config(&options).map_err(|e| e.to_string())?;
    let mut game = match &t.position {
        Some(p) => DataGame::from_notation_with(config, p),
        None => DataGame::with_config(config),
    }
    .map_err(|e| e.to_string())?;
    for (i, text) in t.play.iter().enumerate() {
        let moves = legal(&game)?;
        let Some((_, mv)) = moves.iter().find(|(n, _)| n == text) else {
            let names: Vec<&str> = moves.iter().map(|(n, _)| n.as_str()).collect();
            return Err(format!(
                "move {} `{text}` is not legal in `{}`: the legal moves are {}",
                i + 1,
                game.notation(),
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            ));
        };
        game.apply(*mv, None).map_err(|e| e.to_string())?;
    }
    if let Some(expected) = &t.after
        && game.notation() != *expected
    {
        return Err(format!(
            "the position is `{}`, the test expects `{expected}`",
            game.notation()
        ));
    }
    if let Some(expected) = &t.moves {
        let mut found: Vec<String> = legal(&game)?.into_iter().map(|(n, _)| n).collect();
        let mut wanted = expected.clone();
        found.sort();
        wanted.sort();
        if found != wanted {
            return Err(format!(
                "the legal moves are [{}], the test expects [{}]",
                found.join(", "),
                wanted.join(", ")
            ));
        }
    }
    if let Some(expected) = t.outcome {
        let found = match game.turn() {
            Turn::Over { outcome } => match outcome.seats.first().map(|s| s.result) {
                Some(GameResult::Win) => OutcomeWord::South,
                Some(GameResult::Loss) => OutcomeWord::North,
                _ => OutcomeWord::Draw,
            },
            _ => OutcomeWord::Ongoing,
        };
        if found != expected {
            return Err(format!(
                "the outcome is `\"{}\"`, the test expects `\"{}\"`",
                found.word(),
                expected.word()
            ));
        }
    }
    Ok(())
}
