//! Monte Carlo tree search (UCT) over the game-api.
//!
//! - Seat nodes choose by UCT on the mover's own return, so any number of seats (up to
//!   the host's [`MAX_SEATS`](crate::plugins::limits::MAX_SEATS)) works alike: each node
//!   keeps the returns of the seat that chose it.
//! - Chance nodes follow each outcome in proportion to its exact probability (the one
//!   furthest behind its share next), not by a random draw.
//! - A simulation is one call into the plugin: `GameHandle::simulate` plays the path
//!   from the root to the new node, describes that node and plays the random game to the
//!   end, all inside the plugin.
//! - The tree is kept between moves and re-rooted at the new position when it is in the
//!   tree (single-threaded search).
//! - Several threads search independent trees (root parallelism) and add up their root
//!   visits. For a given seed, iteration budget and thread count the result is always
//!   the same.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use game_api::{ChanceOutcome, MoveId, Rng, SearchHints, Turn};

use crate::plugins::{CallError, ErrorKind, GameHandle, SimulatedNode, Simulation};

/// The owner of a node no seat chose (the root, a chance outcome).
const NO_OWNER: u8 = u8::MAX;

/// How long and how a search runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// Stop after this many simulations (over all threads), if set.
    pub iterations: Option<u64>,
    /// Stop after this long, if set.
    pub time: Option<Duration>,
    /// The exploration constant of UCT.
    pub uct_c: f64,
    /// Threads searching in parallel (root parallelism).
    pub threads: usize,
    /// Cut each playout after this many actions and score the position with the
    /// plugin's heuristic (`None`: play every playout to the end).
    pub cutoff: Option<u32>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: Some(1000),
            time: None,
            uct_c: 2.0,
            threads: 1,
            cutoff: None,
        }
    }
}

impl MctsConfig {
    /// The default configuration with what the game's search hints advise: the playout
    /// cutoff and the exploration constant (a hint that is not a finite number of 0 or
    /// more is ignored).
    pub fn following(hints: &SearchHints) -> Self {
        let default = MctsConfig::default();
        MctsConfig {
            cutoff: hints.playout_cutoff,
            uct_c: hints
                .exploration
                .filter(|c| c.is_finite() && *c >= 0.0)
                .unwrap_or(default.uct_c),
            ..default
        }
    }
}

#[derive(Debug, Clone)]
enum Kind {
    Seat(u8),
    Chance(Vec<ChanceOutcome>),
    /// The game is over: each seat's return.
    Terminal(Box<[f64]>),
}

#[derive(Debug, Clone)]
struct Node {
    mv: MoveId,
    children: Vec<u32>,
    untried: Vec<MoveId>,
    kind: Kind,
    visits: u32,
    /// The seat that chose this node (the mover at its parent), or [`NO_OWNER`].
    owner: u8,
    /// The sum of the owner's returns over the visits.
    value: f64,
    /// 1 / visits and 1 / √visits, kept up to date by the backup: selection reads them
    /// for every child at every level, the backup writes them once per node on the path.
    inv_visits: f64,
    inv_sqrt_visits: f64,
}

/// A search tree, rooted at one position.
#[derive(Debug, Clone)]
pub struct Tree {
    nodes: Vec<Node>,
    /// Reused by every simulation: the nodes and the moves of the current path, and what
    /// the plugin reports (so that a simulation allocates nothing but its new node).
    path: Vec<u32>,
    moves: Vec<u32>,
    sim: Simulation,
    /// The returns of a terminal node reached, for the backup.
    terminal: Vec<f64>,
}

/// A node chosen by `owner`, with its moves in a random order (decided once, for
/// expansion).
fn node(mv: MoveId, owner: u8, kind: Kind, mut untried: Vec<MoveId>, rng: &mut Rng) -> Node {
    for i in (1..untried.len()).rev() {
        untried.swap(i, rng.below(i + 1));
    }
    Node {
        mv,
        children: Vec::new(),
        untried,
        kind,
        visits: 0,
        owner,
        value: 0.0,
        inv_visits: 1.0,
        inv_sqrt_visits: 1.0,
    }
}

fn make_node(game: &GameHandle, mv: MoveId, rng: &mut Rng) -> Result<Node, CallError> {
    let (kind, untried) = match game.turn()? {
        Turn::Seat { seat } => (Kind::Seat(seat), game.legal_moves()?),
        Turn::Chance { outcomes } => (Kind::Chance(outcomes), Vec::new()),
        Turn::Over { outcome } => (Kind::Terminal(outcome.returns().into()), Vec::new()),
    };
    Ok(node(mv, NO_OWNER, kind, untried, rng))
}

/// The node a simulation reached, as the plugin described it, chosen by `owner`.
fn simulated_node(sim: &Simulation, mv: MoveId, owner: u8, rng: &mut Rng) -> Node {
    let (kind, untried) = match sim.node() {
        SimulatedNode::Seat(seat) => (Kind::Seat(seat), sim.moves().collect()),
        SimulatedNode::Chance => (Kind::Chance(sim.chance_outcomes().collect()), Vec::new()),
        SimulatedNode::Over => (Kind::Terminal(sim.returns().into()), Vec::new()),
    };
    node(mv, owner, kind, untried, rng)
}

/// Adds one visit with these `returns` to every node of `path`.
fn backup(nodes: &mut [Node], path: &[u32], returns: &[f64]) {
    for &n in path {
        let node = &mut nodes[n as usize];
        node.visits += 1;
        if let Some(r) = returns.get(usize::from(node.owner)) {
            node.value += r;
        }
        let visits = f64::from(node.visits);
        node.inv_visits = visits.recip();
        node.inv_sqrt_visits = visits.sqrt().recip();
    }
}

impl Tree {
    /// A tree with only the root, `game`'s position.
    pub fn new(game: &GameHandle, rng: &mut Rng) -> Result<Self, CallError> {
        Ok(Tree {
            nodes: vec![make_node(game, MoveId(u32::MAX), rng)?],
            path: Vec::new(),
            moves: Vec::new(),
            sim: Simulation::default(),
            terminal: Vec::new(),
        })
    }

    /// Runs one simulation from the root position `root`: walks down the tree by UCT
    /// (chance nodes by probability), and at the first move or outcome not yet in the
    /// tree makes one call into the plugin, which plays the path, describes the new node
    /// and plays a random game from it.
    pub fn iterate(
        &mut self,
        root: &GameHandle,
        config: &MctsConfig,
        rng: &mut Rng,
    ) -> Result<(), CallError> {
        self.path.clear();
        self.path.push(0);
        self.moves.clear();
        let mut node = 0usize;
        let simulated = loop {
            let step = match &self.nodes[node].kind {
                Kind::Terminal(r) => {
                    self.terminal.clear();
                    self.terminal.extend_from_slice(r);
                    break false;
                }
                Kind::Chance(outcomes) => self.chance_step(node, outcomes),
                Kind::Seat(_) => match self.nodes[node].untried.pop() {
                    Some(mv) => (mv, None),
                    None => {
                        let best = self.select(node, config.uct_c).ok_or_else(no_move)?;
                        (self.nodes[best as usize].mv, Some(best))
                    }
                },
            };
            self.moves.push(step.0.0);
            match step {
                (_, Some(child)) => {
                    node = child as usize;
                    self.path.push(child);
                }
                (mv, None) => {
                    self.expand(node, mv, root, config.cutoff, rng)?;
                    break true;
                }
            }
        };
        let returns = if simulated {
            self.sim.returns()
        } else {
            &self.terminal
        };
        backup(&mut self.nodes, &self.path, returns);
        Ok(())
    }

    /// The outcome to follow at chance node `node`, and its child if it has one: the
    /// outcome furthest behind its share of the node's visits (its probability times
    /// the visits so far, the next one included). Over `n` visits each outcome is
    /// followed its expected number of times, give or take one, where drawing at
    /// random strays by √n: the node's value is the average over its outcomes with
    /// their exact weights, less noisy for the same number of simulations.
    fn chance_step(&self, node: usize, outcomes: &[ChanceOutcome]) -> (MoveId, Option<u32>) {
        let parent = &self.nodes[node];
        let total = f64::from(parent.visits + 1);
        let child_of = |mv: MoveId| {
            parent
                .children
                .iter()
                .copied()
                .find(|&c| self.nodes[c as usize].mv == mv)
        };
        let mut best = (f64::NEG_INFINITY, MoveId(0), None);
        for o in outcomes {
            let child = child_of(o.mv);
            let visits = child.map_or(0.0, |c| f64::from(self.nodes[c as usize].visits));
            let deficit = o.probability.as_f64() * total - visits;
            if deficit > best.0 {
                best = (deficit, o.mv, child);
            }
        }
        (best.1, best.2)
    }

    /// The child of `node` with the best UCT value for the seat to move there (each
    /// child keeps that seat's returns); none if it has no children.
    fn select(&self, node: usize, uct_c: f64) -> Option<u32> {
        let parent_visits = f64::from(self.nodes[node].visits.max(1));
        let explore = uct_c * parent_visits.ln().sqrt();
        let ucb = |c: u32| {
            let n = &self.nodes[c as usize];
            n.value * n.inv_visits + explore * n.inv_sqrt_visits
        };
        let children = &self.nodes[node].children;
        let mut best = *children.first()?;
        let mut best_value = ucb(best);
        for &c in &children[1..] {
            let value = ucb(c);
            // The last of equal values, as `max_by` chose before.
            if value >= best_value {
                best = c;
                best_value = value;
            }
        }
        Some(best)
    }

    /// Adds the child reached by `mv` from `parent` (the end of the current path),
    /// simulating from it; returns the simulation's returns.
    fn expand(
        &mut self,
        parent: usize,
        mv: MoveId,
        root: &GameHandle,
        cutoff: Option<u32>,
        rng: &mut Rng,
    ) -> Result<(), CallError> {
        root.simulate(&self.moves, rng.u64(), cutoff.unwrap_or(0), &mut self.sim)?;
        let owner = match self.nodes[parent].kind {
            Kind::Seat(seat) => seat,
            _ => NO_OWNER,
        };
        let id = self.nodes.len() as u32;
        self.nodes.push(simulated_node(&self.sim, mv, owner, rng));
        self.nodes[parent].children.push(id);
        self.path.push(id);
        Ok(())
    }

    /// The root's children as (move, visits, mean return for the root's mover; 0 at a
    /// chance root).
    pub fn root_stats(&self) -> Vec<(MoveId, u32, f64)> {
        self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c as usize];
                (n.mv, n.visits, n.value / f64::from(n.visits.max(1)))
            })
            .collect()
    }

    /// The most visited line from the root.
    pub fn principal_variation(&self, max: usize) -> Vec<MoveId> {
        let mut line = Vec::new();
        let mut node = 0usize;
        while line.len() < max {
            let Some(&best) = self.nodes[node]
                .children
                .iter()
                .max_by_key(|&&c| self.nodes[c as usize].visits)
            else {
                break;
            };
            line.push(self.nodes[best as usize].mv);
            node = best as usize;
        }
        line
    }

    /// The subtree under the root's child reached by `moves`, if the tree has it.
    pub fn descend(mut self, moves: &[MoveId]) -> Option<Tree> {
        let mut node = 0usize;
        for mv in moves {
            node = *self.nodes[node]
                .children
                .iter()
                .find(|&&c| self.nodes[c as usize].mv == *mv)? as usize;
        }
        if node == 0 {
            return Some(self);
        }
        // Copy the subtree into a new arena, the node first.
        let mut nodes = Vec::new();
        let mut stack = vec![(node as u32, None::<usize>)];
        while let Some((old, parent)) = stack.pop() {
            let mut n = std::mem::replace(
                &mut self.nodes[old as usize],
                Node {
                    mv: MoveId(0),
                    children: Vec::new(),
                    untried: Vec::new(),
                    kind: Kind::Terminal(Box::new([])),
                    visits: 0,
                    owner: NO_OWNER,
                    value: 0.0,
                    inv_visits: 1.0,
                    inv_sqrt_visits: 1.0,
                },
            );
            let children = std::mem::take(&mut n.children);
            let id = nodes.len();
            nodes.push(n);
            if let Some(p) = parent {
                let nodes_p: &mut Node = &mut nodes[p];
                nodes_p.children.push(id as u32);
            }
            for c in children {
                stack.push((c, Some(id)));
            }
        }
        Some(Tree {
            nodes,
            path: self.path,
            moves: self.moves,
            sim: self.sim,
            terminal: self.terminal,
        })
    }

    /// Simulations run from this root so far.
    pub fn visits(&self) -> u32 {
        self.nodes[0].visits
    }
}

/// What one thread's search returns: the root statistics, its simulations, its line.
type ThreadOutcome = Result<(Vec<(MoveId, u32, f64)>, u64, Vec<MoveId>), CallError>;

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The most visited move.
    pub best: MoveId,
    /// Its mean return for the mover (−1…1).
    pub value: f64,
    /// Every root move: (move, visits, mean return).
    pub stats: Vec<(MoveId, u32, f64)>,
    /// The expected line, best move first.
    pub line: Vec<MoveId>,
    /// Simulations run.
    pub simulations: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Runs a search on `tree` (single thread) until the budget or `cancel`.
fn run_tree(
    tree: &mut Tree,
    root: &GameHandle,
    config: &MctsConfig,
    iterations: Option<u64>,
    rng: &mut Rng,
    cancel: Option<&AtomicBool>,
) -> Result<u64, CallError> {
    let start = Instant::now();
    let mut done = 0u64;
    loop {
        if iterations.is_some_and(|n| done >= n) {
            break;
        }
        if done.is_multiple_of(64) {
            if config.time.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                break;
            }
        }
        if matches!(tree.nodes[0].kind, Kind::Terminal(_)) {
            break;
        }
        tree.iterate(root, config, rng)?;
        done += 1;
    }
    Ok(done)
}

/// Searches `root` with `config`, from `tree` if given (single thread), returning the
/// result and the tree.
pub fn search(
    root: &GameHandle,
    config: &MctsConfig,
    seed: u64,
    tree: Option<Tree>,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<(SearchResult, Option<Tree>), CallError> {
    let start = Instant::now();
    let threads = config.threads.max(1);
    if threads == 1 {
        let (result, tree) = search_one(root, config, seed, tree, cancel.as_deref(), start)?;
        return Ok((result, Some(tree)));
    }
    let outcomes = search_threads(root, config, seed, threads, cancel);
    Ok((merge(outcomes, start)?, None))
}

/// One thread's search, from `tree` if given: its result and its tree.
fn search_one(
    root: &GameHandle,
    config: &MctsConfig,
    seed: u64,
    tree: Option<Tree>,
    cancel: Option<&AtomicBool>,
    start: Instant,
) -> Result<(SearchResult, Tree), CallError> {
    let mut rng = Rng::with_seed(seed);
    let mut tree = match tree {
        Some(t) => t,
        None => Tree::new(root, &mut rng)?,
    };
    let done = run_tree(&mut tree, root, config, config.iterations, &mut rng, cancel)?;
    let result = summarise(&tree, tree.root_stats(), done, start.elapsed())?;
    Ok((result, tree))
}

/// `threads` searches of fresh trees side by side (root parallelism), each with its
/// share of the iterations and a seed of its own.
fn search_threads(
    root: &GameHandle,
    config: &MctsConfig,
    seed: u64,
    threads: usize,
    cancel: Option<Arc<AtomicBool>>,
) -> Vec<ThreadOutcome> {
    let per_thread = config.iterations.map(|n| n.div_ceil(threads as u64));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let cancel = cancel.clone();
                let root = root.clone();
                scope.spawn(move || {
                    let mut rng = Rng::with_seed(
                        seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(t as u64 + 1)),
                    );
                    let mut tree = Tree::new(&root, &mut rng)?;
                    let done = run_tree(
                        &mut tree,
                        &root,
                        config,
                        per_thread,
                        &mut rng,
                        cancel.as_deref(),
                    )?;
                    Ok((tree.root_stats(), done, tree.principal_variation(8)))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(CallError::host(ErrorKind::Host, "a search thread panicked"))
                })
            })
            .collect()
    })
}

/// The threads' root visits added up (each move's mean return weighted by its
/// visits), the first thread's line when it starts with the best move.
fn merge(outcomes: Vec<ThreadOutcome>, start: Instant) -> Result<SearchResult, CallError> {
    let mut merged: Vec<(MoveId, u32, f64)> = Vec::new();
    let mut total = 0;
    let mut line = Vec::new();
    for outcome in outcomes {
        let (stats, done, pv) = outcome?;
        total += done;
        if line.is_empty() {
            line = pv;
        }
        for (mv, visits, mean) in stats {
            match merged.iter_mut().find(|(m, _, _)| *m == mv) {
                Some(entry) => {
                    let sum = entry.2 * f64::from(entry.1) + mean * f64::from(visits);
                    entry.1 += visits;
                    entry.2 = sum / f64::from(entry.1.max(1));
                }
                None => merged.push((mv, visits, mean)),
            }
        }
    }
    merged.sort_by_key(|(m, _, _)| *m);
    let best = merged
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .copied();
    let Some((best, _, value)) = best else {
        return Err(no_move());
    };
    if line.first() != Some(&best) {
        line = vec![best];
    }
    Ok(SearchResult {
        best,
        value,
        stats: merged,
        line,
        simulations: total,
        elapsed: start.elapsed(),
    })
}

fn no_move() -> CallError {
    CallError::host(ErrorKind::NoMove, "there is no move to search")
}

fn summarise(
    tree: &Tree,
    stats: Vec<(MoveId, u32, f64)>,
    done: u64,
    elapsed: Duration,
) -> Result<SearchResult, CallError> {
    let best = stats
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .copied();
    let Some((best, _, value)) = best else {
        return Err(no_move());
    };
    Ok(SearchResult {
        best,
        value,
        stats,
        line: tree.principal_variation(12),
        simulations: done,
        elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Probability;

    #[test]
    fn a_config_follows_the_hints_it_can_use() {
        let hints = SearchHints {
            playout_cutoff: Some(4),
            exploration: Some(0.5),
        };
        let config = MctsConfig::following(&hints);
        assert_eq!((config.cutoff, config.uct_c), (Some(4), 0.5));
        for bad in [f64::NAN, f64::INFINITY, -1.0] {
            let hints = SearchHints {
                exploration: Some(bad),
                ..SearchHints::default()
            };
            assert_eq!(MctsConfig::following(&hints), MctsConfig::default());
        }
    }

    #[test]
    fn chance_nodes_follow_each_outcome_its_share_of_the_visits() {
        // Four coins: 0, 1, 2, 3 or 4 heads.
        let outcomes: Vec<ChanceOutcome> = [1, 4, 6, 4, 1]
            .iter()
            .enumerate()
            .map(|(i, &num)| ChanceOutcome {
                mv: MoveId(i as u32),
                probability: Probability { num, den: 16 },
            })
            .collect();
        let mut rng = Rng::with_seed(1);
        let mut tree = Tree {
            nodes: vec![node(
                MoveId(0),
                NO_OWNER,
                Kind::Chance(outcomes.clone()),
                Vec::new(),
                &mut rng,
            )],
            path: Vec::new(),
            moves: Vec::new(),
            sim: Simulation::default(),
            terminal: Vec::new(),
        };
        for visit in 1..=1000u32 {
            let child = match tree.chance_step(0, &outcomes) {
                (_, Some(child)) => child as usize,
                (mv, None) => {
                    let leaf = node(
                        mv,
                        NO_OWNER,
                        Kind::Terminal(Box::new([])),
                        Vec::new(),
                        &mut rng,
                    );
                    tree.nodes.push(leaf);
                    let id = tree.nodes.len() - 1;
                    tree.nodes[0].children.push(id as u32);
                    id
                }
            };
            tree.nodes[child].visits += 1;
            tree.nodes[0].visits += 1;
            for o in &outcomes {
                let expected = o.probability.as_f64() * f64::from(visit);
                let seen = tree.nodes[0]
                    .children
                    .iter()
                    .map(|&c| &tree.nodes[c as usize])
                    .find(|n| n.mv == o.mv)
                    .map_or(0, |n| n.visits);
                assert!(
                    (f64::from(seen) - expected).abs() <= 1.0,
                    "after {visit} visits outcome {:?} followed {seen} times, expected {expected}",
                    o.mv
                );
            }
        }
    }
}
