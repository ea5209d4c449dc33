//! The searches of the game in progress, all in its worker: the bot of the seat to move
//! (started when the game does not wait; the worker plays its move, shown once the board
//! has caught up) and the hint for a person.

use game_api::{MoveId, Turn};

use super::{HINT_TIME, Table, searching::BotJob};
use crate::ai::HintBudget;
use crate::app::eval_bar::Evaluation;
use crate::{
    session::SeatKind,
    worker::{BotMoved, Poll, RemoteGame, Reply, WorkerError, WorkerFailure},
};

impl Table {
    /// Stops the bot thinking, if one does, and forgets a move it played that is not
    /// shown yet: the worker is sent back to the record's position.
    pub(in crate::app) fn cancel_bot(&mut self) {
        let queued = self.searches.queued.take().is_some();
        let job = self.searches.bot.take();
        if job.is_none() && !queued {
            return;
        }
        let moves = self.session.played_ids();
        let Some(remote) = self.remote() else { return };
        if let Some(job) = job {
            remote.cancel(job.id);
        }
        // The worker may have played the bot's move before the cancel reached it (its
        // answer is then dropped): back to the record's position, before anything
        // asked after this.
        if let Err(f) = remote.reset_to(&moves) {
            self.lost_worker(f);
        }
    }

    /// Forgets the hint shown and stops one being searched.
    pub(in crate::app) fn drop_hint(&mut self) {
        self.searches.hint = None;
        if let Some(id) = self.searches.hint_job.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(id);
        }
    }

    /// Asks for a hint for the side to move: a one-second search in the worker (the
    /// answer shows when it arrives).
    pub fn hint(&mut self) {
        if !matches!(self.position.turn, Turn::Seat { .. })
            || self.is_over()
            || self.searches.hint_job.is_some()
        {
            return;
        }
        self.searches.hint = None;
        // The hint's answer feeds the bar too.
        self.drop_eval_job();
        let seed = self.session.cursor() as u64;
        let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        else {
            return;
        };
        self.searches.endgame.first_use(remote);
        match remote.start_hint(seed, HintBudget::Time(HINT_TIME)) {
            Ok(id) => self.searches.hint_job = Some(id),
            Err(f) => self.lost_worker(f),
        }
    }

    /// The person agrees to the endgame tables offered: they are built in the worker,
    /// beside the game.
    pub fn prepare_tables(&mut self) {
        if let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        {
            self.searches.endgame.prepare(remote);
        }
    }

    /// Whether a hint is being searched.
    pub fn hint_pending(&self) -> bool {
        self.searches.hint_job.is_some()
    }

    /// The hint shown: the move and its description.
    pub fn shown_hint(&self) -> Option<&(MoveId, String)> {
        self.searches.hint.as_ref()
    }

    /// Whether a bot is thinking.
    pub fn thinking(&self) -> bool {
        self.searches.bot.is_some()
    }

    /// The seat whose bot is thinking.
    pub(in crate::app) fn thinking_seat(&self) -> Option<u8> {
        self.searches.bot.as_ref().map(|b| b.seat)
    }

    /// Takes the searches' answers that have come: the hint, the evaluation bar's, the
    /// bot's move; a dead worker stops the game.
    pub(super) fn poll_searches(&mut self, now: f64, step_seconds: f64) {
        let Some(remote) = self.link.get(self.notes.failure.is_some()) else {
            return;
        };
        if let Some(failure) = remote.failure() {
            self.lost_worker(failure);
            return;
        }
        self.poll_probe();
        if self.poll_hint() && self.poll_eval() {
            self.poll_bot(now, step_seconds);
        }
    }

    /// The hint's answer, if it came (it feeds the bar too); `false` if the worker
    /// failed.
    fn poll_hint(&mut self) -> bool {
        let Some(remote) = self.link.remote.as_deref_mut() else {
            return false;
        };
        let Some(id) = self.searches.hint_job else {
            return true;
        };
        let Poll::Ready(answer) = remote.poll(id) else {
            return true;
        };
        self.searches.hint_job = None;
        match answer {
            Ok(Reply::Hint { mv, text, share }) => {
                // The hint's longer search does not feed the bar: one position has one
                // value there, whether a hint was asked or not.
                let (_, text) = self.with_tables(share, text);
                self.searches.hint = Some((MoveId(mv), text));
            }
            Ok(_) => {}
            Err(e) => {
                self.failed(e);
                return false;
            }
        }
        true
    }

    /// The evaluation bar's answer, if it came; `false` if the worker failed.
    fn poll_eval(&mut self) -> bool {
        let Some(remote) = self.link.remote.as_deref_mut() else {
            return false;
        };
        let Some(id) = self.searches.eval_job else {
            return true;
        };
        let Poll::Ready(answer) = remote.poll(id) else {
            return true;
        };
        self.searches.eval_job = None;
        match answer {
            Ok(Reply::Hint {
                share: Some(share),
                text,
                ..
            }) => {
                let (share, text) = self.with_tables(Some(share), text);
                if let (Some(share), &Turn::Seat { seat }) = (share, &self.position.turn) {
                    let seats = self.session.seats().len();
                    self.searches.evaluation = Some(Evaluation::searched(
                        seat,
                        share,
                        seats,
                        text,
                        self.position.count,
                    ));
                }
            }
            Ok(_) => {}
            Err(e) => {
                self.failed(e);
                return false;
            }
        }
        true
    }

    /// The bot's move, if the worker played it: shown now, or queued while the board
    /// still animates the move before.
    fn poll_bot(&mut self, now: f64, step_seconds: f64) {
        let Some(remote) = self.link.remote.as_deref_mut() else {
            return;
        };
        let Some(job) = &self.searches.bot else {
            return;
        };
        let Poll::Ready(answer) = remote.poll(job.id) else {
            return;
        };
        let seat = job.seat;
        self.searches.bot = None;
        match answer.and_then(RemoteGame::bot_played) {
            // Played while the board animated the move before: shown once it has
            // caught up.
            Ok(Some(moved)) if self.shown.animation.is_some() => {
                self.searches.queued = Some((seat, moved));
            }
            Ok(Some(moved)) => self.bot_moved(seat, moved, now, step_seconds),
            Ok(None) => {}
            Err(WorkerError::Refused(e)) => {
                self.flow.paused = true;
                self.notes.error = Some(crate::tr!("play-bot-failed", error = e.to_string()));
            }
            Err(e) => self.failed(e),
        }
    }

    /// Starts the bot of the seat to move, unless one thinks already, the game waits
    /// (paused, held, replayed, in its history, over, failed) or its move is already
    /// chosen.
    pub(super) fn start_bot_if_due(&mut self) {
        let Turn::Seat { seat } = self.position.turn else {
            return;
        };
        if self.searches.bot.is_some()
            || self.searches.queued.is_some()
            || self.pending.is_some()
            || self.bots_wait()
            || self.notes.failure.is_some()
            || self.is_over()
        {
            return;
        }
        if let Some(SeatKind::Bot(name)) = self.session.seats().get(usize::from(seat)).cloned() {
            self.start_bot(seat, &name);
        }
    }

    /// Shows and records the move the worker played for `seat`'s bot.
    pub(super) fn bot_moved(&mut self, seat: u8, moved: BotMoved, now: f64, step_seconds: f64) {
        let mv = MoveId(moved.mv);
        // The worker's answers are checked legal where the bot searched: the position
        // shown.
        let Some(info) = self.position.moves.iter().find(|m| m.id == mv).cloned() else {
            return self.lost_worker(WorkerFailure::Invalid(format!(
                "a bot's move #{} that is not legal in the position shown",
                mv.0
            )));
        };
        let BotMoved {
            effects, snapshot, ..
        } = moved;
        self.played(mv, info, Some(seat), effects, snapshot, now, step_seconds);
    }

    /// Shows or hides the evaluation bar (the app's setting); hidden, its search stops.
    pub fn set_eval_bar(&mut self, on: bool) {
        self.searches.eval_bar = on;
        if !on {
            self.drop_eval_job();
        }
    }

    /// Makes the bar's search look to a fixed `depth` instead of for its time, so that
    /// its value is the one `tavola hint --depth DEPTH` prints for the position (the same
    /// function, [`crate::ai::hint`]); `None` gives the time back. Asked again from now.
    pub fn set_eval_depth(&mut self, depth: Option<u32>) {
        self.searches.eval_budget = match depth {
            Some(d) => HintBudget::Depth(d),
            None => HintBudget::Time(crate::app::eval_bar::EVAL_TIME),
        };
        self.drop_eval_job();
        self.searches.evaluation = None;
    }

    /// The bar's evaluation of the position shown: the result once the game is over,
    /// else the engine's, if the bar's search has given one for it (a hint does not).
    pub fn evaluation(&self) -> Option<Evaluation> {
        if let Some((outcome, _)) = self.final_result() {
            let text = self.position.view.status.clone();
            return Some(Evaluation::result(&outcome, text, self.position.count));
        }
        self.searches
            .evaluation
            .as_ref()
            .filter(|e| e.position == self.position.count)
            .cloned()
    }

    /// Why the bar is greyed, if it is: a bot thinks (or is about to) at the position
    /// shown, or the position shown is being evaluated.
    pub fn evaluation_dimmed(&self) -> Option<String> {
        if self.evaluation().is_some() {
            return None;
        }
        let bot_turn = match self.position.turn {
            Turn::Seat { seat } => matches!(
                self.session.seats().get(usize::from(seat)),
                Some(SeatKind::Bot(_))
            ),
            _ => false,
        };
        Some(if bot_turn && !self.bots_wait() || self.thinking() {
            crate::tr!("eval-bar-bot")
        } else if matches!(self.position.turn, Turn::Chance { .. }) {
            crate::tr!("eval-bar-chance")
        } else {
            crate::tr!("eval-bar-evaluating")
        })
    }

    /// Stops the bar's search, if one runs (the position changed, a bot is to think).
    pub(super) fn drop_eval_job(&mut self) {
        if let Some(id) = self.searches.eval_job.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(id);
        }
    }

    /// Starts the bar's search of the position shown: only with the bar on, at a seat's
    /// turn of a game not over, while no bot thinks or is about to (a person's turn, or
    /// the bots wait), no hint is searched and the position has no evaluation yet.
    pub(super) fn start_eval_if_due(&mut self) {
        let &Turn::Seat { seat } = &self.position.turn else {
            return;
        };
        let bot_due = matches!(
            self.session.seats().get(usize::from(seat)),
            Some(SeatKind::Bot(_))
        ) && !self.bots_wait();
        if !self.searches.eval_bar
            || self.searches.eval_job.is_some()
            || self.searches.hint_job.is_some()
            || self.searches.bot.is_some()
            || self.searches.queued.is_some()
            || self.pending.is_some()
            || bot_due
            || self.notes.failure.is_some()
            || self.is_over()
            || self.evaluation().is_some()
        {
            return;
        }
        let seed = self.position.count;
        let Some(remote) = self.link.remote.as_deref_mut() else {
            return;
        };
        match remote.start_hint(seed, self.searches.eval_budget) {
            Ok(id) => self.searches.eval_job = Some(id),
            Err(f) => self.lost_worker(f),
        }
    }

    pub(super) fn start_bot(&mut self, seat: u8, name: &str) {
        self.drop_eval_job();
        let seed = self.session.rng().u64();
        let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        else {
            return;
        };
        self.searches.endgame.first_use(remote);
        match remote.start_bot_move(name, seed) {
            Ok(id) => self.searches.bot = Some(BotJob { id, seat }),
            Err(f) => self.lost_worker(f),
        }
    }
}
