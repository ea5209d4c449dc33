//! The game being played: one controller that owns the game on screen — the record (in
//! its [`Session`]), the position as the worker last described it, the animation, the bot
//! and hint searches, the pause state and the person's input. Drawing is in `play_ui`,
//! which only reads it and returns what the person asked for ([`Intent`](super::Intent)),
//! carried out by [`PlayView::apply`] once per frame.
//!
//! Every call into plugin code goes to the game's worker process ([`RemoteGame`]). When
//! the worker dies or hangs, the controller keeps the record up to the last move, says
//! which plugin failed and how, and offers to start the plugin again from there.

use std::path::PathBuf;

use game_api::{Effect, Layout, MoveId, MoveInfo, SiteId, Turn, View};

use super::{
    animation::Animation,
    board::{BoardView, Contents, contents_of},
};
use crate::{
    session::{SeatKind, Session},
    worker::{RemoteGame, Snapshot, WorkerError, WorkerFailure},
};

mod follow;
mod history;
mod input;
mod moves;
mod preview;
mod probe;
mod relabel;
mod restart;
mod searches;

pub(super) use history::move_count;

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

/// A bot thinking in the worker.
struct BotJob {
    id: u64,
    seat: u8,
}

/// The plugin's worker failed: what to tell the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginFailure {
    /// The game's name and its file.
    pub plugin: String,
    /// What happened (crash with its signal, exit code, timeout).
    pub what: String,
    /// The plugin's content hash (to count its failures).
    pub hash: String,
    /// What it tried that the sandbox refused, if that is why it failed.
    pub blocked: Option<String>,
    /// Whether it counts toward the plugin's quarantine (not when its process was
    /// stopped from outside, as at a logout).
    pub counts: bool,
}

/// The game in progress, as shown and played.
pub struct PlayView {
    pub(super) session: Session,
    remote: Option<RemoteGame>,
    worker_exe: PathBuf,
    pub(super) layout: Layout,
    pub(super) view: View,
    /// The view before the move being animated: the panels and the status line show it
    /// until the board has caught up.
    view_before: Option<View>,
    /// The sites of every move of the last turn (a turn of several moves: Kalah's extra
    /// turns, Zaroc's two moves) and whose turn it was.
    turn_sites: (Option<u8>, Vec<SiteId>),
    pub(super) contents: Contents,
    pub(super) moves: Vec<MoveInfo>,
    pub(super) turn: Turn,
    pub(super) notation: String,
    pub(super) path: Vec<SiteId>,
    pub(super) animation: Option<Animation>,
    bot: Option<BotJob>,
    pub(super) pending: Option<Pending>,
    /// Bots and chance wait while paused (the person asked).
    pub paused: bool,
    /// Bots and chance wait after a step in the history, until a person plays a new move
    /// or resumes (see `history`).
    held: bool,
    pub(super) replaying: bool,
    /// Redo goes on with the recorded replies up to a person's next move.
    redo_run: bool,
    /// The moves the last branch replaced, to bring them back.
    replaced: Option<history::Replaced>,
    /// Whether the board can be seen now (the app's screen shows it and no dialog hides
    /// it); the clocks run only then.
    pub(super) visible: bool,
    /// Whether the board was drawn while visible since it was last hidden: the clocks
    /// start only once it has been seen.
    pub(super) seen: bool,
    /// Whether the person closed the end-of-game summary (it can be opened again).
    pub(super) summary_closed: bool,
    next_replay_at: f64,
    chance_due: Option<f64>,
    /// How the board is drawn.
    pub board: BoardView,
    /// Whether the board takes key presses (not while a dialog is open).
    pub keys_enabled: bool,
    /// Whether the game has offered moves without a site (its move bar keeps its row).
    pub(super) uses_move_bar: bool,
    pub(super) error: Option<String>,
    pub(super) hint: Option<(MoveId, String)>,
    hint_job: Option<u64>,
    /// Whether the evaluation bar is shown (the app's setting).
    pub(super) eval_bar: bool,
    /// The engine's last word on a position (the bar's, or a hint's).
    pub(super) evaluation: Option<super::eval_bar::Evaluation>,
    /// The bar's search running in the worker.
    eval_job: Option<u64>,
    /// Counts the positions shown (each snapshot taken), to tell whether the evaluation
    /// is for the position on the board.
    pub(super) position: u64,
    /// The game's endgame tables in its worker.
    pub(super) endgame: super::endgame::EndgameTables,
    pub(super) last_event: Option<String>,
    pub(super) failure: Option<PluginFailure>,
    /// Set when the record changed (a move, an undo): the app saves it.
    pub(super) dirty: bool,
    /// A question asked of the people at the computer (resign? accept a draw?).
    pub(super) asking: Option<super::resign::Asking>,
    /// When the running clock was last read (seconds), while one runs.
    pub(super) clock_since: Option<f64>,
    /// A bot's move (for its seat) that the worker played while the board still
    /// animated the move before it: shown once the board has caught up.
    queued: Option<(u8, crate::worker::BotMoved)>,
    /// Whether the worker wakes the window when it answers.
    woken: bool,
    /// The language changed: the game is to be re-labelled once no position change is
    /// on its way (see [`PlayView::relabel`]).
    relabel_due: bool,
    /// What the moves pointed at would do.
    previews: preview::Previews,
    /// What the last move took and gave, marked at its sites once the board has shown it.
    pub(super) last_marks: Option<super::move_preview::PreviewMarks>,
    /// What each move played here made happen, for the move list: by the move's place
    /// in the record and the check of the position it led to (so a branch never shows
    /// another line's events).
    pub(super) move_events: std::collections::HashMap<(usize, String), moves::MoveEvent>,
    /// The plugin being started again after a failure, off the UI thread.
    restarting: Option<restart::Restarting>,
    /// The endgame tables' word on the position shown (asked or answered).
    probe: Option<probe::Probe>,
    /// The game is played over the network: the table follows the network side's record.
    follow: Option<follow::Follow>,
}

impl PlayView {
    /// The view of `session`, whose game `remote` holds at the position `snapshot`.
    pub fn new(
        session: Session,
        remote: RemoteGame,
        snapshot: Snapshot,
        worker_exe: PathBuf,
    ) -> Self {
        let mut view = PlayView {
            session,
            remote: Some(remote),
            worker_exe,
            layout: snapshot.layout.clone().unwrap_or(Layout {
                size: [1.0, 1.0],
                sites: Vec::new(),
                links: Vec::new(),
                pieces: Vec::new(),
            }),
            view: View::default(),
            view_before: None,
            turn_sites: (None, Vec::new()),
            contents: Contents::new(),
            moves: Vec::new(),
            turn: Turn::Seat { seat: 0 },
            notation: String::new(),
            path: Vec::new(),
            animation: None,
            bot: None,
            pending: None,
            paused: false,
            held: false,
            replaying: false,
            redo_run: false,
            replaced: None,
            visible: true,
            seen: false,
            summary_closed: false,
            next_replay_at: 0.0,
            chance_due: None,
            board: BoardView::default(),
            keys_enabled: true,
            uses_move_bar: false,
            error: None,
            hint: None,
            hint_job: None,
            eval_bar: false,
            evaluation: None,
            eval_job: None,
            position: 0,
            endgame: super::endgame::EndgameTables::new(None),
            last_event: None,
            failure: None,
            dirty: true,
            asking: None,
            clock_since: None,
            queued: None,
            woken: false,
            relabel_due: false,
            previews: preview::Previews::default(),
            last_marks: None,
            move_events: std::collections::HashMap::new(),
            restarting: None,
            probe: None,
            follow: None,
        };
        view.show(snapshot);
        view.face_the_person();
        view
    }

    /// Turns the board to face the one person playing, when only one seat is a person
    /// (seat 0 is drawn at the bottom; a person in seat 1 sees the board turned).
    fn face_the_person(&mut self) {
        let people: Vec<usize> = (0..self.session.seats().len())
            .filter(|&i| self.session.seats()[i] == SeatKind::Person)
            .collect();
        if let [only] = people[..] {
            self.board.flipped = only == 1;
        }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The position's notation (as the plugin last wrote it).
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// Whose turn it is.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The board's contents as shown now (mid-animation, the animated ones).
    pub fn shown_contents(&self) -> &Contents {
        self.animation
            .as_ref()
            .map_or(&self.contents, |a| &a.contents)
    }

    /// The legal moves of the position.
    pub fn legal_moves(&self) -> &[MoveInfo] {
        &self.moves
    }

    /// The plugin's failure, while the game waits for it to be started again.
    pub fn failure(&self) -> Option<&PluginFailure> {
        self.failure.as_ref()
    }

    /// The error shown in the status line, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Shows `text` in the event line (e.g. "Saved to …").
    pub fn note(&mut self, text: String) {
        self.last_event = Some(text);
    }

    /// Whether the record changed since the last call (then the app saves it).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Takes a new position from the worker.
    fn show(&mut self, snapshot: Snapshot) {
        if let Some(layout) = snapshot.layout {
            self.layout = layout;
        }
        self.contents = contents_of(&snapshot.view);
        self.view = snapshot.view;
        self.moves = snapshot.moves;
        self.turn = snapshot.turn;
        self.notation = snapshot.notation;
        self.path.clear();
        self.drop_hint();
        self.position += 1;
        self.previews.forget_pointed();
        self.drop_eval_job();
        self.chance_due = None;
        self.last_marks = None;
        let result = match &self.turn {
            Turn::Over { outcome } => Some(outcome.clone()),
            _ => None,
        };
        self.session.set_result(result);
    }

    /// Whether the game's plugin answers near the watchdog's limit (for a warning).
    pub fn slow_plugin(&self) -> Option<&crate::worker::Slow> {
        self.remote.as_ref().and_then(RemoteGame::slow)
    }

    /// The worker, unless it failed.
    fn remote(&mut self) -> Option<&mut RemoteGame> {
        if self.failure.is_some() {
            return None;
        }
        self.remote.as_mut()
    }

    /// Notes a failed request: a refusal goes to the status line, a dead worker stops
    /// the game until the person starts the plugin again.
    fn failed(&mut self, e: WorkerError) {
        match e {
            WorkerError::Refused(refusal) => self.error = Some(refusal.message),
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
        let blocked = match &f {
            WorkerFailure::Blocked(attempt) => Some(attempt.to_string()),
            _ => None,
        };
        if let Some(blocked) = &blocked {
            // On the app's log as well as in the banner (the plugin's name without its
            // control characters: the log may be a terminal).
            eprintln!(
                "tavola: {}: {}",
                crate::printable::printable_line(&name),
                crate::printable::printable_line(blocked)
            );
        }
        self.failure = Some(PluginFailure {
            plugin: name,
            what: f.to_string(),
            hash: plugin.meta().hash.clone(),
            blocked,
            counts: f.counts_against_plugin(),
        });
        self.remote = None;
        self.pending = None;
        self.bot = None;
        self.queued = None;
        self.hint_job = None;
        self.eval_job = None;
        self.animation = None;
        self.paused = true;
    }

    /// Whether a move is being animated on the board.
    pub fn animating(&self) -> bool {
        self.animation.is_some()
    }

    /// The view the panels and the status line show: the one before the move while the
    /// board still animates it, so that nothing runs ahead of the board.
    pub fn shown_view(&self) -> &View {
        match (&self.animation, &self.view_before) {
            (Some(_), Some(before)) => before,
            _ => &self.view,
        }
    }

    fn start_animation(&mut self, effects: Vec<Effect>, before: Contents, now: f64, step: f64) {
        if step <= 0.0 {
            crate::sound::effects_at_once(&effects); // sound: a move shown at once
        }
        self.animation = (step > 0.0 && !effects.is_empty())
            .then(|| Animation::new(effects, before, self.contents.clone(), now));
    }

    /// Shows the end of the running animation at once.
    pub fn skip_animation(&mut self) {
        if let Some(a) = &mut self.animation {
            a.skip();
        }
        self.animation = None;
    }

    /// Changes who sits in a seat (a bot thinking for it stops).
    pub fn set_seat(&mut self, seat: usize, kind: SeatKind) {
        self.cancel_bot();
        self.session.set_seat(seat, kind);
        self.face_the_person();
        self.dirty = true;
    }

    /// Runs bots, chance, hints and animations. Call every frame.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64, step_seconds: f64) {
        if !self.woken
            && let Some(remote) = &self.remote
        {
            // The worker's answers wake the window: no polling while a bot thinks.
            let ctx = ctx.clone();
            remote.set_waker(std::sync::Arc::new(move || ctx.request_repaint()));
            self.woken = true;
        }
        if self.pending.is_some() {
            self.settle(now, std::time::Duration::ZERO);
            if self.pending.is_some() {
                ctx.request_repaint_after(std::time::Duration::from_millis(20));
                return;
            }
        }
        if self.restarting.is_some() {
            self.poll_restart(std::time::Duration::ZERO);
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        if self.relabel_due {
            self.relabel_now();
        }
        // Once a game has offered moves without a site, the move bar keeps its row.
        self.uses_move_bar |= self.person_to_move()
            && self.path.is_empty()
            && self.candidates().iter().any(|m| m.sites.is_empty());
        self.poll_searches(now, step_seconds);
        self.poll_preview();
        self.tick_clock(ctx, now);
        if let Some(remote) = self.remote.as_mut().filter(|_| self.failure.is_none())
            && self.endgame.poll(remote, now)
        {
            ctx.request_repaint_after(std::time::Duration::from_millis(200));
        }
        self.start_eval_if_due();
        if self.bot.is_some() || self.hint_job.is_some() || self.eval_job.is_some() {
            // The answer wakes the window; this only keeps the deadlines watched.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        if let Some(a) = &mut self.animation {
            if a.advance(now, step_seconds) {
                self.animation = None;
            } else {
                ctx.request_repaint();
                // The next bot thinks while the board shows the move before.
                self.start_bot_if_due();
                return;
            }
        }
        if let Some((seat, moved)) = self.queued.take() {
            self.bot_moved(seat, moved, now, step_seconds);
            return;
        }
        if self.failure.is_some() || self.drive_history(ctx, now, step_seconds) {
            return;
        }
        if self.bot.is_some() || self.bots_wait() || self.is_over() {
            return;
        }
        match &self.turn {
            Turn::Over { .. } => {}
            // A network game's chance is drawn by the network side, from the seed both
            // sides fixed: its outcome comes in the record.
            Turn::Chance { .. } if self.waits_for_network() => {}
            Turn::Chance { outcomes } => {
                // Chance is shown for a moment, unless moves are shown at once.
                let due = *self
                    .chance_due
                    .get_or_insert(now + (2.0 * step_seconds).min(0.35));
                if now >= due {
                    let outcomes = outcomes.clone();
                    let i = self.session.rng().chance(&outcomes);
                    self.play_now(outcomes[i].mv, now, step_seconds);
                } else {
                    ctx.request_repaint_after(std::time::Duration::from_secs_f64(due - now));
                }
            }
            Turn::Seat { .. } => self.start_bot_if_due(),
        }
    }
}
