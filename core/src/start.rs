//! A game to open at start, as the command line asks it of the app (`tavola open`).

/// A game to open at start.
#[derive(Debug, Clone, Default)]
pub struct StartGame {
    /// The game's id.
    pub game: String,
    /// `KEY=VALUE` options.
    pub options: Vec<String>,
    /// Who sits in each seat (`human` or a bot name); missing seats are people.
    pub seats: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// A start position other than the game's own (its notation).
    pub position: Option<String>,
    /// Moves to play from the start, by their notations.
    pub moves: Vec<String>,
    /// Random moves to play after those, before showing the board (for screenshots).
    pub random_moves: usize,
}
