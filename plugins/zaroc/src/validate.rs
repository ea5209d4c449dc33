//! What a Zaroc position must satisfy to be one the game can reach: the checks behind
//! the notation's parser and [`Game::check`](game_api::Game::check).

use crate::{
    Colour, Ending, MAX_TURNS, PIECES, Zaroc,
    geometry::{Row, STICKS, WINNING_COUNT},
};

impl Zaroc {
    /// Checks that the game can reach this position; the reason says what is wrong and
    /// where. The pieces: each stick within its capacity, the 8 light and 8 dark pieces
    /// all on the board (pieces never leave it), no more on the finish row than a win
    /// leaves there. The turn: the colour to move follows from the turns played (Light
    /// starts), at most [`MAX_TURNS`] of them, and a second move follows a first one
    /// that was possible and leaves a second one to play.
    pub fn validate(&self) -> Result<(), String> {
        for (stick, stack) in STICKS.iter().zip(&self.stacks) {
            if let Some(c) = stick.capacity
                && stack.len() > c
            {
                return Err(format!(
                    "stick {} holds {} pieces, at most {c}",
                    stick.name,
                    stack.len()
                ));
            }
        }
        let total: usize = self.stacks.iter().map(|s| s.len()).sum();
        if total != PIECES {
            return Err(format!(
                "there are {total} pieces, the game has {PIECES} and none ever leaves the board"
            ));
        }
        let light = self
            .stacks
            .iter()
            .flatten()
            .filter(|&&c| c == Colour::Light)
            .count();
        if light != PIECES / 2 {
            return Err(format!(
                "there are {light} light pieces and {} dark ones, the game has {} of each",
                PIECES - light,
                PIECES / 2
            ));
        }
        let finished = [Colour::Light, Colour::Dark].map(|c| self.finished(c));
        if finished.iter().any(|&n| n > WINNING_COUNT)
            || finished.iter().all(|&n| n >= WINNING_COUNT)
        {
            return Err(format!(
                "the finish row holds {} light and {} dark pieces: the game ends when one \
                 colour has {WINNING_COUNT} there",
                finished[0], finished[1]
            ));
        }
        for colour in [Colour::Light, Colour::Dark] {
            let won = self.finished(colour) >= WINNING_COUNT;
            if won != (self.ending == Some(Ending::Won(colour))) {
                return Err(format!(
                    "{colour:?} has {} pieces on the finish row, but the game's ending is \
                     {:?}",
                    self.finished(colour),
                    self.ending
                ));
            }
        }
        if self.turns > MAX_TURNS || (self.turns == MAX_TURNS && self.step != 1) {
            return Err(format!(
                "{} turns played (move {}): a game ends after {MAX_TURNS}",
                self.turns, self.step
            ));
        }
        if (self.ending == Some(Ending::TooLong)) != (self.turns >= MAX_TURNS) {
            return Err(format!(
                "{} turns played, but the game's ending is {:?}",
                self.turns, self.ending
            ));
        }
        let expected = if self.turns.is_multiple_of(2) {
            Colour::Light
        } else {
            Colour::Dark
        };
        if self.to_move != expected {
            return Err(format!(
                "{:?} to move after {} turns: Light starts, so {expected:?} moves now",
                self.to_move, self.turns
            ));
        }
        let on_board =
            |m: Option<(usize, usize)>| m.is_none_or(|(a, b)| a < STICKS.len() && b < STICKS.len());
        if !on_board(self.first) || !on_board(self.last) {
            return Err("a move names a stick the board lacks".into());
        }
        match (self.step, self.first) {
            (1, None) => Ok(()),
            (2, Some((from, to))) => self.check_first_move(from, to),
            (1, Some(_)) => Err("a first move is recorded at the first move of the turn".into()),
            (2, None) => Err("the second move of the turn has no first move".into()),
            (step, _) => Err(format!("the move within the turn is {step}, not 1 or 2")),
        }
    }

    /// Checks that (from, to), the first move of the turn, could be played and leaves a
    /// second move.
    fn check_first_move(&self, from: usize, to: usize) -> Result<(), String> {
        let (a, b) = (&STICKS[from], &STICKS[to]);
        let lateral = a.row == b.row && from != to;
        let descent = self.arrows().any(|&arrow| arrow == (from, to));
        let name = format!("the first move {}-{}", a.name, b.name);
        if a.row == Row::F || !(lateral || descent) {
            return Err(format!("{name} is not a move of this board"));
        }
        if matches!(self.ending, Some(Ending::Won(_))) {
            // Won by the second move: the board shows both.
            return Ok(());
        }
        if self.stacks[to].is_empty() {
            return Err(format!("{name} put a piece on {}, which is empty", b.name));
        }
        if descent && a.capacity != Some(self.stacks[from].len() + 1) {
            return Err(format!(
                "{name} is a descent, but {} was not full before it",
                a.name
            ));
        }
        if self.ending.is_none() && !self.has_piece_move() {
            return Err(format!(
                "after {name} no second move is possible, so the turn would have ended"
            ));
        }
        Ok(())
    }
}
