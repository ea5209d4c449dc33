//! The game being played: the [`Table`] owns the game on screen — the record (in its
//! [`Session`]) and the parts it is composed of: the worker (`linked`), the position
//! ([`Position`]), what the board shows (`shown`), the flow ([`Flow`]), the searches
//! (`searching`), the person's input (`input`), the clocks ([`Clocks`]) and what it
//! tells the person ([`Notes`]). Drawing is in `play_ui`, which only reads it and
//! returns what the person asked for ([`Intent`](super::Intent)), carried out by
//! [`Table::apply`] once per frame.
//!
//! Every call into plugin code goes to the game's worker through a [`Link`] (a
//! [`RemoteGame`](crate::worker::RemoteGame) in the app, a scripted link in the tests).
//! When the worker dies or hangs, the table keeps the record up to the last move, says
//! which plugin failed and how, and offers to start the plugin again from there.

use std::path::PathBuf;

use game_api::{Effect, MoveId, MoveInfo, Turn, View};

use super::{
    animation::Animation,
    board::{BoardView, Contents, contents_of},
};
use crate::{
    session::{SeatKind, Session},
    table::{Clocks, Flow, Link, LocalReferee, Notes, Position, Referee, Repaint},
    worker::{Snapshot, WorkerError, WorkerFailure},
};

pub use crate::table::PluginFailure;

mod clocks;
mod ending;
mod follow;
mod history;
mod input;
mod keys;
mod linked;
mod moves;
mod preview;
mod probe;
mod relabel;
mod restart;
mod searches;
mod searching;
mod shown;

pub(super) use history::move_count;
pub use keys::{Arrow, BoardKey, KeyCode, KeyTarget, TYPED_PAUSE};

/// How long a hint searches.
const HINT_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// How long a frame waits for the worker's answer to a move before drawing on without it
/// (a plugin answers in well under a millisecond; one that hangs must not freeze the
/// window while the watchdog runs).
const FRAME_WAIT: std::time::Duration = std::time::Duration::from_millis(200);

/// A position change asked of the worker and not answered yet.
pub(super) enum Pending {
    /// A move: its description and who played it, to record it once played.
    Play {
        id: u64,
        mv: MoveId,
        info: MoveInfo,
        seat: Option<u8>,
        step_seconds: f64,
    },
    /// A jump to the record's first `n` moves.
    Goto { id: u64 },
    /// The game made again in another language.
    Relabel { id: u64 },
}

/// The game in progress, as shown and played: the session and the parts it is
/// composed of, each owning its state (see `crate::table` and the files of this
/// module).
pub struct Table {
    pub(super) session: Session,
    /// The worker and its upkeep.
    link: linked::Linked,
    /// The position as the worker last described it.
    pub(super) position: Position,
    /// What the board shows (it may lag the position while a move is animated).
    pub(super) shown: shown::Shown,
    /// Paused, held, replaying; what a branch replaced.
    pub(super) flow: Flow,
    /// The bot, the hint, the evaluation, previews and the endgame tables.
    pub(super) searches: searching::Searches,
    /// The person's clicks, the board's facing and keys.
    pub(super) input: input::Input,
    /// When the running clock was read, whether the board is seen.
    pub(super) clocks: Clocks,
    /// The error, the event line, the plugin's failure, a question asked.
    pub(super) notes: Notes,
    /// A position change asked of the worker and not answered yet.
    pub(super) pending: Option<Pending>,
    /// Set when the record changed (a move, an undo): the app saves it.
    pub(super) dirty: bool,
    /// Decides what may be played and when a move counts: this computer's people, or
    /// the network side.
    pub(super) referee: Box<dyn Referee>,
}

impl Table {
    /// The view of `session`, whose game `remote` holds at the position `snapshot`.
    pub fn new(
        session: Session,
        remote: impl Link + 'static,
        snapshot: Snapshot,
        worker_exe: PathBuf,
    ) -> Self {
        let mut view = Table {
            session,
            link: linked::Linked::new(Box::new(remote), crate::table::worker_starter(worker_exe)),
            position: Position::new(snapshot.layout.clone()),
            shown: shown::Shown::default(),
            flow: Flow::default(),
            searches: searching::Searches::default(),
            input: input::Input::default(),
            clocks: Clocks::default(),
            notes: Notes::default(),
            pending: None,
            dirty: true,
            referee: Box::new(LocalReferee),
        };
        view.show(snapshot);
        view.face_the_person();
        view
    }

    /// Whether bots and chance wait while paused (the person asked).
    pub fn paused(&self) -> bool {
        self.flow.paused
    }

    /// How the board is drawn.
    pub fn board(&self) -> &BoardView {
        &self.input.board
    }

    /// How the board is drawn, to change it (flip it).
    pub fn board_mut(&mut self) -> &mut BoardView {
        &mut self.input.board
    }

    /// Whether the board takes key presses (not while a dialog is open).
    pub fn set_keys_enabled(&mut self, enabled: bool) {
        self.input.keys_enabled = enabled;
    }

    /// Turns the board to face the one person playing, when only one seat is a person
    /// (seat 0 is drawn at the bottom; a person in seat 1 sees the board turned).
    fn face_the_person(&mut self) {
        let people: Vec<usize> = (0..self.session.seats().len())
            .filter(|&i| self.session.seats()[i] == SeatKind::Person)
            .collect();
        if let [only] = people[..] {
            self.input.board.flipped = only == 1;
        }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The position's notation (as the plugin last wrote it).
    pub fn notation(&self) -> &str {
        &self.position.notation
    }

    /// Whose turn it is.
    pub fn turn(&self) -> &Turn {
        &self.position.turn
    }

    /// The board's contents as shown now (mid-animation, the animated ones).
    pub fn shown_contents(&self) -> &Contents {
        self.shown.contents()
    }

    /// The legal moves of the position.
    pub fn legal_moves(&self) -> &[MoveInfo] {
        &self.position.moves
    }

    /// The plugin's failure, while the game waits for it to be started again.
    pub fn failure(&self) -> Option<&PluginFailure> {
        self.notes.failure.as_ref()
    }

    /// The error shown in the status line, if any.
    pub fn error(&self) -> Option<&str> {
        self.notes.error.as_deref()
    }

    /// Shows `text` in the event line (e.g. "Saved to …").
    pub fn note(&mut self, text: String) {
        self.notes.event = Some(text);
    }

    /// Whether the record changed since the last call (then the app saves it).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Takes a new position from the worker.
    fn show(&mut self, snapshot: Snapshot) {
        self.shown.contents = contents_of(&snapshot.view);
        let result = self.position.take(snapshot);
        self.input.path.clear();
        self.drop_hint();
        self.searches.previews.forget_pointed();
        self.drop_eval_job();
        self.flow.chance_due = None;
        self.shown.last_marks = None;
        self.session.set_result(result);
    }

    /// Whether the game's plugin answers near the watchdog's limit (for a warning).
    pub fn slow_plugin(&self) -> Option<&crate::worker::Slow> {
        self.link.remote.as_deref().and_then(Link::slow)
    }

    /// The worker, unless it failed.
    fn remote(&mut self) -> Option<&mut (dyn Link + 'static)> {
        self.link.get(self.notes.failure.is_some())
    }

    /// Notes a failed request: a refusal goes to the status line, a dead worker stops
    /// the game until the person starts the plugin again.
    fn failed(&mut self, e: WorkerError) {
        match e {
            WorkerError::Refused(refusal) => self.notes.error = Some(refusal.message),
            WorkerError::Failed(f) => self.lost_worker(f),
        }
    }

    fn lost_worker(&mut self, f: WorkerFailure) {
        let plugin = self.session.plugin();
        let name = format!(
            "{} ({})",
            plugin.manifest().name,
            plugin
                .path()
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        );
        let failure = PluginFailure::new(name, plugin.meta().hash.clone(), &f);
        if let Some(blocked) = &failure.blocked {
            // On the app's log as well as in the banner (the plugin's name without its
            // control characters: the log may be a terminal).
            eprintln!(
                "tavola: {}: {}",
                crate::printable::printable_line(&failure.plugin),
                crate::printable::printable_line(blocked)
            );
        }
        self.notes.failure = Some(failure);
        self.link.remote = None;
        self.pending = None;
        self.searches.bot = None;
        self.searches.queued = None;
        self.searches.hint_job = None;
        self.searches.eval_job = None;
        self.shown.animation = None;
        self.flow.paused = true;
    }

    /// The seats' names as the position's panels give them.
    pub(super) fn seat_names(&self) -> Vec<String> {
        self.position
            .view
            .panels
            .iter()
            .map(|p| p.seat.clone())
            .collect()
    }

    /// The events on the board at `now` (each where it happened) with their opacity.
    pub fn callouts(&self, now: f64) -> impl Iterator<Item = (&crate::table::Callout, f32)> {
        self.shown.callouts.visible(now)
    }

    /// Whether a move is being animated on the board.
    pub fn animating(&self) -> bool {
        self.shown.animation.is_some()
    }

    /// The view the panels and the status line show: the one before the move while the
    /// board still animates it, so that nothing runs ahead of the board.
    pub fn shown_view(&self) -> &View {
        self.shown.view(&self.position.view)
    }

    fn start_animation(&mut self, effects: Vec<Effect>, before: Contents, now: f64, step: f64) {
        if step <= 0.0 {
            crate::sound::effects_at_once(&effects); // sound: a move shown at once
        }
        self.shown.animation = (step > 0.0 && !effects.is_empty())
            .then(|| Animation::new(effects, before, self.shown.contents.clone(), now));
    }

    /// Shows the end of the running animation at once.
    pub fn skip_animation(&mut self) {
        if let Some(a) = &mut self.shown.animation {
            a.skip();
        }
        self.shown.animation = None;
    }

    /// Changes who sits in a seat (a bot thinking for it stops).
    pub fn set_seat(&mut self, seat: usize, kind: SeatKind) {
        self.cancel_bot();
        self.session.set_seat(seat, kind);
        self.face_the_person();
        self.dirty = true;
    }

    /// Runs bots, chance, hints and animations. Call every frame.
    pub fn logic(&mut self, repaint: &dyn Repaint, now: f64, step_seconds: f64) {
        if !self.upkeep(repaint, now) {
            return;
        }
        self.poll_searches(now, step_seconds);
        self.poll_preview();
        self.tick_clock(repaint, now);
        if self.typed_due(now, step_seconds) {
            repaint.after(std::time::Duration::from_millis(100));
        }
        if let Some(remote) = self.link.get(self.notes.failure.is_some())
            && self.searches.endgame.poll(remote, now)
        {
            repaint.after(std::time::Duration::from_millis(200));
        }
        self.start_eval_if_due();
        if self.searches.running() {
            // The answer wakes the window; this only keeps the deadlines watched.
            repaint.after(std::time::Duration::from_millis(250));
        }
        if let Some(a) = &mut self.shown.animation {
            if a.advance(now, step_seconds) {
                self.shown.animation = None;
            } else {
                // A move's events appear once the board has shown the step telling them.
                self.shown.callouts.reveal(a.steps_shown(), now);
                repaint.now();
                // The next bot thinks while the board shows the move before.
                self.start_bot_if_due();
                return;
            }
        }
        self.sound_the_end();
        self.shown.callouts.reveal(usize::MAX, now);
        if self.shown.callouts.active() {
            // Drawn again while they fade, and once more when they are gone.
            repaint.after(std::time::Duration::from_millis(100));
        }
        if let Some((seat, moved)) = self.searches.queued.take() {
            self.bot_moved(seat, moved, now, step_seconds);
            return;
        }
        if self.notes.failure.is_some() || self.drive_history(repaint, now, step_seconds) {
            return;
        }
        if self.searches.bot.is_some() || self.bots_wait() || self.is_over() {
            return;
        }
        self.next_turn(repaint, now, step_seconds);
    }

    /// The worker's chores: its answers wake the window, a position change on its way
    /// is taken, a restart polled, a relabelling due sent. Returns whether the frame
    /// goes on (not while a position change is still on its way).
    fn upkeep(&mut self, repaint: &dyn Repaint, now: f64) -> bool {
        if !self.link.woken
            && let Some(remote) = &self.link.remote
        {
            // The worker's answers wake the window: no polling while a bot thinks.
            remote.set_waker(repaint.waker());
            self.link.woken = true;
        }
        if self.pending.is_some() {
            self.settle(now, std::time::Duration::ZERO);
            if self.pending.is_some() {
                repaint.after(std::time::Duration::from_millis(20));
                return false;
            }
        }
        if self.link.restarting.is_some() {
            self.poll_restart(std::time::Duration::ZERO);
            repaint.after(std::time::Duration::from_millis(30));
        }
        if self.link.relabel_due {
            self.relabel_now();
        }
        true
    }

    /// The game goes on by itself at the end of the record: chance is drawn after a
    /// moment (unless a network game's side draws it), a bot is started.
    fn next_turn(&mut self, repaint: &dyn Repaint, now: f64, step_seconds: f64) {
        match &self.position.turn {
            Turn::Over { .. } => {}
            // A network game's chance is drawn by the network side, from the seed both
            // sides fixed: its outcome comes in the record.
            Turn::Chance { .. } if !self.referee.draws_chance() => {}
            Turn::Chance { outcomes } => {
                // Chance is shown for a moment, unless moves are shown at once.
                let due = *self
                    .flow
                    .chance_due
                    .get_or_insert(now + (2.0 * step_seconds).min(0.35));
                if now >= due {
                    let outcomes = outcomes.clone();
                    let i = self.session.rng().chance(&outcomes);
                    self.play_now(outcomes[i].mv, now, step_seconds);
                } else {
                    repaint.after(std::time::Duration::from_secs_f64(due - now));
                }
            }
            Turn::Seat { .. } => self.start_bot_if_due(),
        }
    }
}

#[cfg(test)]
mod events_tests;
#[cfg(test)]
mod tests;
