//! The search for endless lines among the positions of late play: from a position near
//! the end of a bot game, every line of play is followed, depth first, within a budget
//! of positions, and a line that comes back to a position on it is an endless game in
//! waiting — the players could play it round and round. Bots seldom walk into a rare
//! cycle (two lone seeds chasing each other round the board, reached in one game in
//! two hundred); late positions hold few pieces and have few moves, so every line from
//! them can be looked at, and a cycle reachable there is found whether or not a bot
//! would choose it.
//!
//! The host still knows no rule: a position is the plugin's notation and the mover
//! ([`Position`]); a line found is played again from the game's start, round and round,
//! and only a line whose position keeps coming back with the game going on
//! ([`Positions::visit`]: [`ENDLESS_TIMES`]
//! occurrences, no chance event on the way) is reported. A game whose rules end
//! repeated positions ends on that line, and passes. Chance events are not followed (a
//! line through one may be left the next time the dice fall otherwise).

use std::{
    collections::{HashMap, HashSet},
    time::Instant,
};

use game_api::{MoveId, Options, Turn};

use super::CheckFailure;
use crate::{
    plugins::{CallError, GameHandle, Plugin},
    repetition::{ENDLESS_TIMES, Position, Positions, Repetition},
};

/// The deepest line the search follows from its root: a cycle longer than this (in
/// actions, from the root) is not looked for.
pub const MAX_DEPTH: usize = 160;

/// An endless line found: played from the start of the game, the moves `prefix` then
/// the moves `cycle` again and again bring the same position back with the game going
/// on.
#[derive(Debug, Clone)]
pub struct EndlessLine {
    /// The actions from the start to the first occurrence of the position.
    pub prefix: Vec<MoveId>,
    /// The actions from the position back to it.
    pub cycle: Vec<MoveId>,
    /// The repetition as [`Positions`] saw it, the line played from the start.
    pub repetition: Repetition,
}

/// One position on the search's path: the game there, its moves and the next to try.
struct Frame {
    game: GameHandle,
    position: Position,
    moves: Vec<MoveId>,
    next: usize,
    /// The action that led here from the frame below (none at the root).
    via: Option<MoveId>,
}

/// The budget of one search: positions left to visit, and the time not to pass.
#[derive(Debug)]
pub struct Budget {
    /// Positions the search may still visit (each move tried is one).
    pub positions: u64,
    /// The search stops at this instant, whatever is left.
    pub deadline: Instant,
}

impl Budget {
    /// Takes one position from the budget; false when it is spent.
    fn take(&mut self) -> bool {
        if self.positions == 0 || Instant::now() >= self.deadline {
            return false;
        }
        self.positions -= 1;
        true
    }
}

/// Searches the lines of play from the position reached by `prefix` (from the start of
/// a game with `options`) for one that comes back to a position on it, within `budget`;
/// returns the first such line that, played round and round, keeps the game going.
pub fn search(
    plugin: &Plugin,
    options: &Options,
    prefix: &[MoveId],
    budget: &mut Budget,
) -> Result<Option<EndlessLine>, CheckFailure> {
    let e = |what: &'static str| {
        move |err: CallError| CheckFailure::call(what)(err).at("the cycle search")
    };
    let mut root = plugin.new_game(options).map_err(e("new game"))?;
    for &mv in prefix {
        root.apply(mv).map_err(e("replaying a bot game"))?;
    }
    let turn = root.turn().map_err(e("turn"))?;
    if !matches!(turn, Turn::Seat { .. }) {
        return Ok(None);
    }
    let position = Position::at(&root, &turn).map_err(e("notation"))?;
    let moves = root.legal_moves().map_err(e("legal moves"))?;
    let mut stack = vec![Frame {
        game: root,
        position: position.clone(),
        moves,
        next: 0,
        via: None,
    }];
    let mut on_path: HashMap<Position, usize> = HashMap::from([(position, 0)]);
    // Positions whose every line was followed (or cut by the depth) from here.
    let mut done: HashSet<Position> = HashSet::new();
    while let Some(top) = stack.last_mut() {
        if top.next == top.moves.len() {
            let frame = stack.pop().expect("the top frame");
            on_path.remove(&frame.position);
            done.insert(frame.position);
            continue;
        }
        let mv = top.moves[top.next];
        top.next += 1;
        if !budget.take() {
            return Ok(None);
        }
        let mut child = top.game.clone();
        child.apply(mv).map_err(e("a legal move"))?;
        let turn = child.turn().map_err(e("turn"))?;
        if !matches!(turn, Turn::Seat { .. }) {
            continue;
        }
        let position = Position::at(&child, &turn).map_err(e("notation"))?;
        if let Some(&at) = on_path.get(&position) {
            let mut line: Vec<MoveId> = stack[at + 1..].iter().filter_map(|f| f.via).collect();
            line.push(mv);
            let start: Vec<MoveId> = prefix
                .iter()
                .copied()
                .chain(stack[1..=at].iter().filter_map(|f| f.via))
                .collect();
            if let Some(found) = confirm(plugin, options, start, line)? {
                return Ok(Some(found));
            }
            continue;
        }
        if done.contains(&position) || stack.len() >= MAX_DEPTH {
            continue;
        }
        let moves = child.legal_moves().map_err(e("legal moves"))?;
        on_path.insert(position.clone(), stack.len());
        stack.push(Frame {
            game: child,
            position,
            moves,
            next: 0,
            via: Some(mv),
        });
    }
    Ok(None)
}

/// Plays `prefix` from the start, then `cycle` round and round, watching the positions
/// as a bot game is watched; the line if its position kept coming back with the game
/// going on, `None` if the game ended or left the line (its rules end repeated
/// positions, or the moves stopped being legal).
fn confirm(
    plugin: &Plugin,
    options: &Options,
    prefix: Vec<MoveId>,
    cycle: Vec<MoveId>,
) -> Result<Option<EndlessLine>, CheckFailure> {
    let e = |what: &'static str| {
        move |err: CallError| CheckFailure::call(what)(err).at("the cycle search")
    };
    let mut game = plugin.new_game(options).map_err(e("new game"))?;
    let mut positions = Positions::default();
    let rounds = ENDLESS_TIMES as usize + 1;
    let line = prefix
        .iter()
        .chain(cycle.iter().cycle().take(cycle.len() * rounds));
    for &mv in line {
        let turn = game.turn().map_err(e("turn"))?;
        if !matches!(turn, Turn::Seat { .. }) {
            return Ok(None);
        }
        let position = Position::at(&game, &turn).map_err(e("notation"))?;
        if let Some(repetition) = positions.visit(position) {
            return Ok(Some(EndlessLine {
                prefix,
                cycle,
                repetition,
            }));
        }
        if !game.legal_moves().map_err(e("legal moves"))?.contains(&mv) {
            return Ok(None);
        }
        let notation = game.move_info(mv).map_err(e("move"))?.notation;
        game.apply(mv).map_err(e("a legal move"))?;
        positions.played(notation, false);
    }
    let turn = game.turn().map_err(e("turn"))?;
    let position = Position::at(&game, &turn).map_err(e("notation"))?;
    Ok(positions.visit(position).map(|repetition| EndlessLine {
        prefix,
        cycle,
        repetition,
    }))
}
