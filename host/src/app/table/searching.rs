//! [`Searches`]: what the table has asked the worker to think about — the bot of the
//! seat to move (and a move it played that waits for the board), the hint, the
//! evaluation bar's search, the previews, the endgame tables and their probe.

use game_api::MoveId;

use super::{preview::Previews, probe::Probe};
use crate::{
    ai::HintBudget,
    app::{endgame::EndgameTables, eval_bar::Evaluation},
    worker::BotMoved,
};

/// A bot thinking in the worker.
pub(in crate::app) struct BotJob {
    /// The request.
    pub id: u64,
    /// The seat it plays.
    pub seat: u8,
}

/// The searches asked of the worker and their answers.
pub(in crate::app) struct Searches {
    /// The bot thinking.
    pub bot: Option<BotJob>,
    /// A bot's move (for its seat) that the worker played while the board still
    /// animated the move before it: shown once the board has caught up.
    pub queued: Option<(u8, BotMoved)>,
    /// The hint shown: its move and its words.
    pub hint: Option<(MoveId, String)>,
    /// The hint's search running.
    pub hint_job: Option<u64>,
    /// Whether the evaluation bar is shown (the app's setting).
    pub eval_bar: bool,
    /// The engine's last word on a position (the bar's, or a hint's).
    pub evaluation: Option<Evaluation>,
    /// The bar's search running.
    pub eval_job: Option<u64>,
    /// How far the bar's search looks: its time ([`crate::app::eval_bar::EVAL_TIME`]),
    /// or a fixed depth (to compare it with `tavola hint --depth`).
    pub eval_budget: HintBudget,
    /// What the moves pointed at would do.
    pub previews: Previews,
    /// The endgame tables' word on the position shown (asked or answered).
    pub probe: Option<Probe>,
    /// The game's endgame tables in its worker.
    pub endgame: EndgameTables,
}

impl Default for Searches {
    fn default() -> Self {
        Searches {
            bot: None,
            queued: None,
            hint: None,
            hint_job: None,
            eval_bar: false,
            evaluation: None,
            eval_job: None,
            eval_budget: HintBudget::Time(crate::app::eval_bar::EVAL_TIME),
            previews: Previews::default(),
            probe: None,
            endgame: EndgameTables::new(None),
        }
    }
}

impl Searches {
    /// Whether a search runs in the worker (its answer wakes the window).
    pub fn running(&self) -> bool {
        self.bot.is_some() || self.hint_job.is_some() || self.eval_job.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_job_is_a_search_running() {
        let mut searches = Searches::default();
        assert!(!searches.running());
        searches.eval_job = Some(3);
        assert!(searches.running());
        searches.eval_job = None;
        searches.bot = Some(BotJob { id: 1, seat: 0 });
        assert!(searches.running());
    }
}
