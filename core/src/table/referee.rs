//! [`Referee`]: who decides what may be played at the table and when a move counts.
//! Local play and a network game are two referees, not modes of the table: at
//! [`LocalReferee`] a person's move counts at once, the table draws chance and the
//! person walks the history; at [`NetworkReferee`] a move is a line for the network
//! side and counts once it comes back in the game's record, chance comes in that record
//! too, and the history is the network side's.

/// What a person asks about the game, other than a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Take back the last move.
    Takeback,
    /// Offer a draw.
    Draw,
    /// Resign.
    Resign,
}

impl Ask {
    /// The ask as a line for the network side.
    pub fn line(self) -> &'static str {
        match self {
            Ask::Takeback => "takeback",
            Ask::Draw => "draw",
            Ask::Resign => "resign",
        }
    }
}

/// Decides what may be played at the table and when a move counts.
pub trait Referee {
    /// A person chose the move `notation`: whether it counts at once (the table plays
    /// it); otherwise the referee carries it to where it is agreed, and it comes back in
    /// the record.
    fn move_chosen(&mut self, notation: &str) -> bool;

    /// A person asked `ask`: whether the table carries it out itself; otherwise the
    /// referee carries it.
    fn request(&mut self, ask: Ask) -> bool;

    /// Whether the table draws chance outcomes itself.
    fn draws_chance(&self) -> bool;

    /// Whether the history (undo, jumps, review) and the seats are the table's own.
    fn history_here(&self) -> bool;

    /// Whether the referee lets a person move (and ask) now.
    fn person_may_move(&self) -> bool;

    /// The lines for the network side since the last call.
    fn take_lines(&mut self) -> Vec<String>;

    /// The network side says the person is to move (`true`), or that the game changed.
    fn your_turn(&mut self, yours: bool);

    /// Whether the table is a game against someone, whose commands (resign, offer a
    /// draw, take back) the table offers; a puzzle is not. By default it is.
    fn against_someone(&self) -> bool {
        true
    }
}

/// Play at this computer: every move counts at once.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalReferee;

impl Referee for LocalReferee {
    fn move_chosen(&mut self, _notation: &str) -> bool {
        true
    }

    fn request(&mut self, _ask: Ask) -> bool {
        true
    }

    fn draws_chance(&self) -> bool {
        true
    }

    fn history_here(&self) -> bool {
        true
    }

    fn person_may_move(&self) -> bool {
        true
    }

    fn take_lines(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn your_turn(&mut self, _yours: bool) {}
}

/// A game played over the network: the network side keeps the game's record; moves and
/// requests are lines sent to it.
#[derive(Debug, Clone, Default)]
pub struct NetworkReferee {
    /// The network side waits for the person's move (it said so, the table shows the
    /// game as it is, and nothing was sent since).
    your_turn: bool,
    /// Lines for the network side: a move's notation, `resign`, `draw`, `takeback`.
    lines: Vec<String>,
}

impl NetworkReferee {
    fn send(&mut self, line: String) {
        self.your_turn = false;
        self.lines.push(line);
    }
}

impl Referee for NetworkReferee {
    fn move_chosen(&mut self, notation: &str) -> bool {
        self.send(notation.to_owned());
        false
    }

    fn request(&mut self, ask: Ask) -> bool {
        self.send(ask.line().to_owned());
        false
    }

    fn draws_chance(&self) -> bool {
        false
    }

    fn history_here(&self) -> bool {
        false
    }

    fn person_may_move(&self) -> bool {
        self.your_turn
    }

    fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    fn your_turn(&mut self, yours: bool) {
        self.your_turn = yours;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_a_local_table_everything_counts_at_once() {
        let mut local = LocalReferee;
        assert!(local.move_chosen("a"));
        assert!(local.request(Ask::Takeback));
        assert!(local.draws_chance() && local.history_here() && local.person_may_move());
        assert!(local.take_lines().is_empty());
    }

    #[test]
    fn over_the_network_moves_and_requests_are_lines_and_end_the_turn() {
        let mut net = NetworkReferee::default();
        assert!(
            !net.person_may_move(),
            "may move before the network side said so"
        );
        net.your_turn(true);
        assert!(net.person_may_move());
        assert!(!net.move_chosen("c"));
        assert!(
            !net.person_may_move(),
            "a second move allowed before an answer"
        );
        assert!(!net.request(Ask::Draw));
        assert_eq!(net.take_lines(), vec!["c".to_owned(), "draw".to_owned()]);
        assert!(net.take_lines().is_empty());
        assert!(!net.draws_chance() && !net.history_here());
    }
}
