//! The searches of the game in progress, all in its worker: the bot of the seat to move
//! (started when the game does not wait, its move played once the board has caught up)
//! and the hint for a person.

use game_api::{MoveId, Turn};

use super::{BotJob, HINT_TIME, PlayView};
use crate::{
    session::SeatKind,
    worker::{Poll, Reply, WorkerError},
};

impl PlayView {
    /// Stops the bot thinking, if one does (and forgets a move it chose).
    pub(in crate::app) fn cancel_bot(&mut self) {
        self.queued = None;
        if let Some(job) = self.bot.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(job.id);
        }
    }

    /// Forgets the hint shown and stops one being searched.
    pub(in crate::app) fn drop_hint(&mut self) {
        self.hint = None;
        if let Some(id) = self.hint_job.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(id);
        }
    }

    /// Asks for a hint for the side to move: a one-second search in the worker (the
    /// answer shows when it arrives).
    pub fn hint(&mut self) {
        if !matches!(self.turn, Turn::Seat { .. }) || self.is_over() || self.hint_job.is_some() {
            return;
        }
        self.hint = None;
        let seed = self.session.cursor() as u64;
        let Some(remote) = self.remote.as_mut().filter(|_| self.failure.is_none()) else {
            return;
        };
        self.endgame.first_use(remote);
        match remote.start_hint(seed, HINT_TIME) {
            Ok(id) => self.hint_job = Some(id),
            Err(f) => self.lost_worker(f),
        }
    }

    /// Whether a hint is being searched.
    pub fn hint_pending(&self) -> bool {
        self.hint_job.is_some()
    }

    /// The hint shown: the move and its description.
    pub fn shown_hint(&self) -> Option<&(MoveId, String)> {
        self.hint.as_ref()
    }

    /// Whether a bot is thinking.
    pub fn thinking(&self) -> bool {
        self.bot.is_some()
    }

    /// The seat whose bot is thinking.
    pub(in crate::app) fn thinking_seat(&self) -> Option<u8> {
        self.bot.as_ref().map(|b| b.seat)
    }

    pub(super) fn poll_searches(&mut self, now: f64, step_seconds: f64) {
        let Some(remote) = self.remote.as_mut().filter(|_| self.failure.is_none()) else {
            return;
        };
        if let Some(failure) = remote.failure() {
            self.lost_worker(failure);
            return;
        }
        if let Some(id) = self.hint_job
            && let Poll::Ready(answer) = remote.poll(id)
        {
            self.hint_job = None;
            match answer {
                Ok(Reply::Hint { mv, text }) => {
                    let text = match self.endgame.describe(remote) {
                        Some(perfect) => format!("{text}; {perfect}"),
                        None => text,
                    };
                    self.hint = Some((MoveId(mv), text));
                }
                Ok(_) => {}
                Err(e) => return self.failed(e),
            }
        }
        let Some(remote) = self.remote.as_mut() else {
            return;
        };
        if let Some(job) = &self.bot
            && let Poll::Ready(answer) = remote.poll(job.id)
        {
            self.bot = None;
            match answer {
                // Thought out while the board animated: played once it has caught up.
                Ok(Reply::Chosen { mv }) if self.animation.is_some() => {
                    self.queued = Some(MoveId(mv));
                }
                Ok(Reply::Chosen { mv }) => self.play(MoveId(mv), now, step_seconds),
                Ok(_) => {}
                Err(WorkerError::Refused(e)) => {
                    self.paused = true;
                    self.error = Some(crate::tr!("play-bot-failed", error = e.to_string()));
                }
                Err(e) => self.failed(e),
            }
        }
    }

    /// Starts the bot of the seat to move, unless one thinks already, the game waits
    /// (paused, held, replayed, in its history, over, failed) or its move is already
    /// chosen.
    pub(super) fn start_bot_if_due(&mut self) {
        let Turn::Seat { seat } = self.turn else {
            return;
        };
        if self.bot.is_some()
            || self.queued.is_some()
            || self.pending.is_some()
            || self.bots_wait()
            || self.failure.is_some()
            || self.is_over()
        {
            return;
        }
        if let Some(SeatKind::Bot(name)) = self.session.seats().get(usize::from(seat)).cloned() {
            self.start_bot(seat, &name);
        }
    }

    pub(super) fn start_bot(&mut self, seat: u8, name: &str) {
        let seed = self.session.rng().u64();
        let Some(remote) = self.remote.as_mut().filter(|_| self.failure.is_none()) else {
            return;
        };
        self.endgame.first_use(remote);
        match remote.start_bot(name, seed) {
            Ok(id) => self.bot = Some(BotJob { id, seat }),
            Err(f) => self.lost_worker(f),
        }
    }
}
