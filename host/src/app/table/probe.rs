//! What perfect play gives, from the endgame tables, added to a hint and to the
//! evaluation bar: the worker looks the position up while the window draws on, and the
//! words ("perfect play: South wins by 3") join the search's once it has answered.

use game_api::Turn;

use super::Table;
use crate::{
    app::{endgame::EndgameTables, eval_bar::Evaluation},
    worker::Poll,
};

/// The tables' word on one position: asked, or answered.
#[derive(Debug, Clone)]
pub(in crate::app) enum Probe {
    /// Asked (the request's id) about the position of that number.
    Asked { id: u64, position: u64 },
    /// Answered for that position: perfect play's share for the seat to move, in
    /// words; `None` when the tables do not hold it.
    Answered {
        position: u64,
        perfect: Option<(Option<f32>, String)>,
    },
}

impl Table {
    /// A search's share and words for the seat to move, put right by the endgame
    /// tables where they hold the position: perfect play's result (1 won, 0 lost, ½
    /// drawn) and its words after the search's. The first time for a position, the
    /// tables are asked and the answer is added when it comes ([`Self::poll_probe`]).
    pub(super) fn with_tables(
        &mut self,
        share: Option<f32>,
        text: String,
    ) -> (Option<f32>, String) {
        match &self.searches.probe {
            Some(Probe::Answered { position, perfect }) if *position == self.position.count => {
                match perfect {
                    Some((perfect_share, words)) => {
                        (perfect_share.or(share), format!("{text}; {words}"))
                    }
                    None => (share, text),
                }
            }
            Some(Probe::Asked { position, .. }) if *position == self.position.count => {
                (share, text)
            }
            _ => {
                self.start_probe();
                (share, text)
            }
        }
    }

    fn start_probe(&mut self) {
        let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        else {
            return;
        };
        self.searches.probe = self
            .searches
            .endgame
            .start_probe(remote)
            .map(|id| Probe::Asked {
                id,
                position: self.position.count,
            });
    }

    /// Takes the tables' answer, once it has come, and adds it to the hint and the
    /// evaluation of the position it was asked about (if that is still the one shown).
    pub(super) fn poll_probe(&mut self) {
        let Some(Probe::Asked { id, position }) = self.searches.probe else {
            return;
        };
        let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        else {
            return;
        };
        let Poll::Ready(answer) = remote.poll(id) else {
            return;
        };
        let perfect = EndgameTables::probed(remote, answer).map(|(play, words)| {
            let share = match self.position.turn {
                Turn::Seat { seat } => Some(crate::app::eval_bar::perfect_share(play.winner, seat)),
                _ => None,
            };
            (share, words)
        });
        self.searches.probe = Some(Probe::Answered {
            position,
            perfect: perfect.clone(),
        });
        let Some((share, words)) = perfect.filter(|_| position == self.position.count) else {
            return;
        };
        if let Some((_, text)) = &mut self.searches.hint {
            text.push_str("; ");
            text.push_str(&words);
        }
        if let Some(evaluation) = &mut self.searches.evaluation
            && evaluation.position == position
        {
            evaluation.text = format!("{}; {words}", evaluation.text);
            if let (Some(share), Some(seat)) = (share, evaluation.seat) {
                let seats = evaluation.shares.len();
                let text = std::mem::take(&mut evaluation.text);
                *evaluation = Evaluation::searched(seat, share, seats, text, position);
            }
        }
    }
}
