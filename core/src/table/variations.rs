//! [`Variations`]: the moves of an analysis as a tree — the main line and, at any of
//! its moves, the lines played instead of it (record version 3's variations, nesting) —
//! and a cursor in it. Playing a move where the line has another one branches; playing
//! the line's own move follows it; promoting a variation makes it the line (the line it
//! replaces becomes a variation); deleting one removes it. No game is known here: moves
//! are the record's moves, checked by whoever plays them.

use crate::record::{RecordedMove, VariationError, delete_variation, promote};

/// One step down the tree: the variation `variation` of the move at `at` of a line.
pub type Step = (usize, usize);

/// Why the tree was not changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// Promoting or deleting needs the cursor inside a variation.
    #[error("the cursor is on the main line, not in a variation")]
    MainLine,
    /// The record's own operation refused.
    #[error(transparent)]
    Variation(#[from] VariationError),
    /// A jump to a place that is not in the tree.
    #[error("there is no such place in the moves")]
    NoPlace,
}

/// How a move played at the cursor went into the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// It was the line's next move: the cursor followed it.
    Followed,
    /// It began a variation already there: the cursor went into it.
    Entered,
    /// It began a new variation.
    Branched,
    /// The line ended there: the move was added to it.
    Extended,
}

/// The moves of an analysis, as a tree, and the cursor (the position shown).
///
/// ```
/// use tavola_core::record::RecordedMove;
/// use tavola_core::table::Variations;
/// let mv = |id: u32, n: &str| RecordedMove::new(id, n, Some(0));
/// let mut tree = Variations::new(vec![mv(0, "a"), mv(1, "b")], 1);
/// tree.play(mv(2, "x")); // instead of b: a variation
/// tree.promote().unwrap();
/// let line: Vec<_> = tree.main_line().iter().map(|m| m.notation.as_str()).collect();
/// assert_eq!(line, ["a", "x"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Variations {
    /// The main line.
    line: Vec<RecordedMove>,
    /// From the main line down to the line the cursor is in.
    path: Vec<Step>,
    /// How many moves of that line are played before the cursor (at least 1 inside a
    /// variation: before its first move the cursor is in the line above).
    ply: usize,
}

fn descend<'a>(mut line: &'a [RecordedMove], path: &[Step]) -> Option<&'a [RecordedMove]> {
    for &(at, v) in path {
        line = line.get(at)?.notes.variations.get(v)?;
    }
    Some(line)
}

fn descend_mut<'a>(
    mut line: &'a mut Vec<RecordedMove>,
    path: &[Step],
) -> Option<&'a mut Vec<RecordedMove>> {
    for &(at, v) in path {
        line = line.get_mut(at)?.notes.variations.get_mut(v)?;
    }
    Some(line)
}

impl Variations {
    /// The tree of the main line `moves` (with any variations they hold), the cursor
    /// after `ply` of them (at most all).
    pub fn new(moves: Vec<RecordedMove>, ply: usize) -> Self {
        let ply = ply.min(moves.len());
        Variations {
            line: moves,
            path: Vec::new(),
            ply,
        }
    }

    /// The main line, its moves holding their comments and variations.
    pub fn main_line(&self) -> &[RecordedMove] {
        &self.line
    }

    /// The main line, to save it as a record's moves.
    pub fn into_moves(self) -> Vec<RecordedMove> {
        self.line
    }

    /// Where the cursor is: the steps down to its line, and the moves of that line
    /// before it.
    pub fn cursor(&self) -> (&[Step], usize) {
        (&self.path, self.ply)
    }

    /// The line the cursor is in.
    pub fn current_line(&self) -> &[RecordedMove] {
        descend(&self.line, &self.path).unwrap_or(&[])
    }

    fn current_mut(&mut self) -> &mut Vec<RecordedMove> {
        // The cursor is kept valid; a step that were not would stop the descent.
        let mut line = &mut self.line;
        for &(at, v) in &self.path {
            if line
                .get(at)
                .and_then(|m| m.notes.variations.get(v))
                .is_none()
            {
                break;
            }
            line = &mut line[at].notes.variations[v];
        }
        line
    }

    /// The moves from the start to the cursor, in order.
    pub fn moves_to_cursor(&self) -> Vec<&RecordedMove> {
        let mut out = Vec::new();
        let mut line: &[RecordedMove] = &self.line;
        for &(at, v) in &self.path {
            out.extend(&line[..at]);
            line = &line[at].notes.variations[v];
        }
        out.extend(&line[..self.ply]);
        out
    }

    /// The ids of the moves from the start to the cursor (what the worker replays).
    pub fn ids_to_cursor(&self) -> Vec<u32> {
        self.moves_to_cursor().iter().map(|m| m.id).collect()
    }

    /// Whether the cursor is inside a variation (not on the main line).
    pub fn in_variation(&self) -> bool {
        !self.path.is_empty()
    }

    /// Plays `mv` at the cursor: follows the line's next move if it is the same, enters
    /// a variation that begins with it, else branches (or extends a line that ends).
    pub fn play(&mut self, mv: RecordedMove) -> Played {
        let ply = self.ply;
        let line = self.current_mut();
        let Some(next) = line.get_mut(ply) else {
            line.push(mv);
            self.ply += 1;
            return Played::Extended;
        };
        if next.id == mv.id {
            self.ply += 1;
            return Played::Followed;
        }
        let known = next
            .notes
            .variations
            .iter()
            .position(|l| l.first().is_some_and(|m| m.id == mv.id));
        let (v, played) = match known {
            Some(v) => (v, Played::Entered),
            None => {
                next.notes.variations.push(vec![mv]);
                (next.notes.variations.len() - 1, Played::Branched)
            }
        };
        self.path.push((ply, v));
        self.ply = 1;
        played
    }

    /// One move back; `false` at the start.
    pub fn back(&mut self) -> bool {
        if self.ply > 1 || (self.ply == 1 && self.path.is_empty()) {
            self.ply -= 1;
            true
        } else if let Some((at, _)) = self.path.pop() {
            self.ply = at;
            true
        } else {
            false
        }
    }

    /// One move forward along the cursor's line; `false` at its end.
    pub fn forward(&mut self) -> bool {
        let more = self.ply < self.current_line().len();
        if more {
            self.ply += 1;
        }
        more
    }

    /// To the start of the game.
    pub fn to_start(&mut self) {
        self.path.clear();
        self.ply = 0;
    }

    /// To the end of the cursor's line.
    pub fn to_end(&mut self) {
        self.ply = self.current_line().len();
    }

    /// To the place after `ply` moves of the line `path` leads to.
    pub fn jump(&mut self, path: &[Step], ply: usize) -> Result<(), TreeError> {
        let line = descend(&self.line, path).ok_or(TreeError::NoPlace)?;
        if ply > line.len() || (ply == 0 && !path.is_empty()) {
            return Err(TreeError::NoPlace);
        }
        self.path = path.to_vec();
        self.ply = ply;
        Ok(())
    }

    /// Makes the variation the cursor is in the line it branched from (the line it
    /// replaces becomes a variation there); the cursor stays on the same move.
    pub fn promote(&mut self) -> Result<(), TreeError> {
        let (at, v) = *self.path.last().ok_or(TreeError::MainLine)?;
        let parent_path = &self.path[..self.path.len() - 1];
        let parent = descend_mut(&mut self.line, parent_path).ok_or(TreeError::NoPlace)?;
        promote(parent, at, v)?;
        self.path.pop();
        self.ply += at;
        Ok(())
    }

    /// Deletes the variation the cursor is in (with the variations inside it); the
    /// cursor goes to where it branched. Returns the moves deleted.
    pub fn delete(&mut self) -> Result<Vec<RecordedMove>, TreeError> {
        let (at, v) = *self.path.last().ok_or(TreeError::MainLine)?;
        let parent_path = &self.path[..self.path.len() - 1];
        let parent = descend_mut(&mut self.line, parent_path).ok_or(TreeError::NoPlace)?;
        let gone = delete_variation(parent, at, v)?;
        self.path.pop();
        self.ply = at;
        Ok(gone)
    }

    /// The comment on the move just played (before the cursor), if any.
    pub fn comment(&self) -> Option<&str> {
        let line = self.current_line();
        self.ply
            .checked_sub(1)
            .and_then(|i| line.get(i))
            .and_then(|m| m.notes.comment.as_deref())
    }

    /// Sets the comment on the move just played (empty: none); `false` at the start,
    /// where no move was played.
    pub fn set_comment(&mut self, text: &str) -> bool {
        let Some(i) = self.ply.checked_sub(1) else {
            return false;
        };
        let line = self.current_mut();
        let Some(m) = line.get_mut(i) else {
            return false;
        };
        let text = text.trim();
        m.notes.comment = (!text.is_empty()).then(|| text.to_owned());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(id: u32, n: &str) -> RecordedMove {
        RecordedMove::new(id, n, Some(0))
    }

    fn names(moves: &[&RecordedMove]) -> Vec<String> {
        moves.iter().map(|m| m.notation.clone()).collect()
    }

    fn main(tree: &Variations) -> Vec<&str> {
        tree.main_line()
            .iter()
            .map(|m| m.notation.as_str())
            .collect()
    }

    fn game() -> Variations {
        Variations::new(vec![mv(0, "a"), mv(1, "b"), mv(2, "c")], 3)
    }

    #[test]
    fn the_lines_own_move_is_followed_and_another_branches() {
        let mut tree = game();
        tree.to_start();
        assert_eq!(tree.play(mv(0, "a")), Played::Followed);
        assert_eq!(tree.play(mv(7, "x")), Played::Branched);
        assert_eq!(tree.play(mv(8, "y")), Played::Extended);
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "x", "y"]);
        assert_eq!(tree.ids_to_cursor(), [0, 7, 8]);
        assert!(tree.in_variation());
        // The game's line is untouched.
        assert_eq!(main(&tree), ["a", "b", "c"]);
        // Back to the branch, then the same move again enters the variation.
        assert!(tree.back() && tree.back());
        assert!(!tree.in_variation());
        assert_eq!(names(&tree.moves_to_cursor()), ["a"]);
        assert_eq!(tree.play(mv(7, "x")), Played::Entered);
        assert_eq!(tree.main_line()[1].notes.variations.len(), 1);
        assert!(tree.forward());
        assert!(!tree.forward(), "past the variation's end");
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "x", "y"]);
    }

    #[test]
    fn variations_nest_and_walk_back_to_the_start() {
        let mut tree = game();
        tree.jump(&[], 1).unwrap();
        tree.play(mv(7, "x"));
        tree.play(mv(8, "y"));
        tree.back();
        tree.play(mv(9, "z")); // instead of y, inside x's variation
        assert_eq!(tree.cursor(), (&[(1, 0), (1, 0)][..], 1));
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "x", "z"]);
        let mut steps = 0;
        while tree.back() {
            steps += 1;
        }
        assert_eq!(steps, 3);
        assert_eq!(tree.cursor(), (&[][..], 0));
        tree.to_end();
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "b", "c"]);
    }

    #[test]
    fn promoting_keeps_the_cursor_on_its_move_and_loses_nothing() {
        let mut tree = game();
        tree.jump(&[], 1).unwrap();
        tree.play(mv(7, "x"));
        tree.play(mv(8, "y"));
        tree.promote().unwrap();
        assert_eq!(main(&tree), ["a", "x", "y"]);
        assert!(!tree.in_variation());
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "x", "y"]);
        let old: Vec<_> = tree.main_line()[1].notes.variations[0]
            .iter()
            .map(|m| m.notation.as_str())
            .collect();
        assert_eq!(old, ["b", "c"]);
        assert_eq!(tree.promote(), Err(TreeError::MainLine));
    }

    #[test]
    fn deleting_a_variation_returns_to_where_it_branched() {
        let mut tree = game();
        tree.jump(&[], 2).unwrap();
        tree.play(mv(7, "x"));
        let gone = tree.delete().unwrap();
        assert_eq!(gone.len(), 1);
        assert_eq!(names(&tree.moves_to_cursor()), ["a", "b"]);
        assert!(tree.main_line()[2].notes.variations.is_empty());
        assert_eq!(tree.delete(), Err(TreeError::MainLine));
    }

    #[test]
    fn comments_go_on_the_move_just_played() {
        let mut tree = game();
        tree.to_start();
        assert!(!tree.set_comment("nothing played yet"));
        tree.forward();
        tree.play(mv(7, "x"));
        assert!(tree.set_comment("  a sharper try "));
        assert_eq!(tree.comment(), Some("a sharper try"));
        assert_eq!(
            tree.main_line()[1].notes.variations[0][0]
                .notes
                .comment
                .as_deref(),
            Some("a sharper try")
        );
        tree.set_comment("");
        assert_eq!(tree.comment(), None);
    }

    #[test]
    fn jumps_outside_the_tree_are_refused() {
        let mut tree = game();
        assert_eq!(tree.jump(&[], 4), Err(TreeError::NoPlace));
        assert_eq!(tree.jump(&[(1, 0)], 1), Err(TreeError::NoPlace));
        assert_eq!(
            tree.cursor(),
            (&[][..], 3),
            "a refused jump moved the cursor"
        );
    }
}
