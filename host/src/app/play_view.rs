//! The game being played: one controller that owns the game on screen — the record (in
//! its [`Session`]), the position as the worker last described it, the animation, the bot
//! and hint searches, the pause state and the person's input. Drawing is in `play_ui`,
//! which only reads it and returns what the person asked for.
//!
//! Every call into plugin code goes to the game's worker process ([`RemoteGame`]). When
//! the worker dies or hangs, the controller keeps the record up to the last move, says
//! which plugin failed and how, and offers to start the plugin again from there.

use std::path::PathBuf;

use game_api::{Effect, Layout, MoveId, MoveInfo, SiteId, Turn, View};

use super::{
    animation::Animation,
    board::{BoardView, Contents, Marks, contents_of},
};
use crate::{
    session::{SeatKind, Session},
    worker::{Poll, RemoteGame, Reply, Request, Snapshot, WorkerError, WorkerFailure},
};

mod relabel;

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
    /// Bots and chance wait while paused (reviewing the history).
    pub paused: bool,
    pub(super) replaying: bool,
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
    /// A bot's move that came while the board still animated the move before it.
    queued: Option<MoveId>,
    /// Whether the worker wakes the window when it answers.
    woken: bool,
    /// The language changed: the game is to be re-labelled once no position change is
    /// on its way (see [`PlayView::relabel`]).
    relabel_due: bool,
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
            replaying: false,
            next_replay_at: 0.0,
            chance_due: None,
            board: BoardView::default(),
            keys_enabled: true,
            uses_move_bar: false,
            error: None,
            hint: None,
            hint_job: None,
            endgame: super::endgame::EndgameTables::new(None),
            last_event: None,
            failure: None,
            dirty: true,
            asking: None,
            clock_since: None,
            queued: None,
            woken: false,
            relabel_due: false,
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
        self.chance_due = None;
        let result = match &self.turn {
            Turn::Over { outcome } => Some(outcome.clone()),
            _ => None,
        };
        self.session.set_result(result);
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
            WorkerError::Refused(message) => self.error = Some(message),
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
            // On the app's log as well as in the banner.
            eprintln!("tavola: {name}: {blocked}");
        }
        self.failure = Some(PluginFailure {
            plugin: name,
            what: f.to_string(),
            hash: plugin.meta().hash.clone(),
            blocked,
        });
        self.remote = None;
        self.pending = None;
        self.bot = None;
        self.queued = None;
        self.hint_job = None;
        self.animation = None;
        self.paused = true;
    }

    /// Starts the plugin again in a new worker and sets up the game at the cursor.
    pub fn restart_plugin(&mut self) {
        let plugin = self.session.plugin().clone();
        let moves = self.session.played_ids();
        let tables = self.endgame.root().map(std::path::Path::to_path_buf);
        let started = RemoteGame::spawn(&self.worker_exe, &plugin, tables.as_deref()).and_then(
            |mut remote| {
                let start = self.session.record().start;
                let snapshot = remote.start(self.session.options(), start.as_deref(), &moves)?;
                Ok((remote, snapshot))
            },
        );
        match started {
            Ok((remote, snapshot)) => {
                self.remote = Some(remote);
                self.woken = false;
                self.failure = None;
                self.error = None;
                self.show(snapshot);
            }
            Err(WorkerError::Failed(f)) => self.lost_worker(f),
            Err(WorkerError::Refused(e)) => {
                self.lost_worker(WorkerFailure::Protocol(crate::tr!(
                    "play-not-set-up-again",
                    error = e.to_string()
                )));
            }
        }
    }

    pub(super) fn cancel_bot(&mut self) {
        self.queued = None;
        if let Some(job) = self.bot.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(job.id);
        }
    }

    pub(super) fn drop_hint(&mut self) {
        self.hint = None;
        if let Some(id) = self.hint_job.take()
            && let Some(remote) = self.remote()
        {
            remote.cancel(id);
        }
    }

    /// Plays `mv`, animating it over `step_seconds` per step. The worker's answer is
    /// waited for a moment; if it takes longer, the game waits for it frame by frame.
    pub fn play(&mut self, mv: MoveId, now: f64, step_seconds: f64) {
        if self.pending.is_some() {
            return;
        }
        self.cancel_bot();
        let Some(info) = self.moves.iter().find(|m| m.id == mv).cloned() else {
            self.error = Some(crate::tr!("play-move-not-legal", number = mv.0));
            return;
        };
        let seat = match self.turn {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        let Some(remote) = self.remote() else { return };
        match remote.send(Request::Play { mv: mv.0 }) {
            Ok(id) => {
                self.pending = Some(Pending::Play {
                    id,
                    mv,
                    info,
                    seat,
                    step_seconds,
                });
                self.settle(now, FRAME_WAIT);
            }
            Err(f) => self.lost_worker(f),
        }
    }

    /// Whether a move or a jump is waiting for the worker's answer.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Takes the answer to the pending position change if it comes within `wait`.
    fn settle(&mut self, now: f64, wait: std::time::Duration) {
        let Some(pending) = &self.pending else { return };
        let id = match pending {
            Pending::Play { id, .. } | Pending::Goto { id } => *id,
        };
        let Some(remote) = self.remote.as_mut() else {
            self.pending = None;
            return;
        };
        let Poll::Ready(answer) = remote.wait(id, wait) else {
            return;
        };
        match self.pending.take() {
            Some(Pending::Play {
                mv,
                info,
                seat,
                step_seconds,
                ..
            }) => match answer.and_then(RemoteGame::played) {
                Ok((effects, snapshot)) => {
                    self.played(mv, info, seat, effects, snapshot, now, step_seconds);
                }
                Err(e) => self.failed(e),
            },
            Some(Pending::Goto { .. }) => match answer.and_then(RemoteGame::position_of) {
                Ok(snapshot) => {
                    self.show(snapshot);
                    self.dirty = true;
                }
                Err(e) => self.failed(e),
            },
            None => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn played(
        &mut self,
        mv: MoveId,
        info: MoveInfo,
        seat: Option<u8>,
        effects: Vec<Effect>,
        snapshot: Snapshot,
        now: f64,
        step_seconds: f64,
    ) {
        self.last_event = self.event_text(seat, &info.notation, &effects);
        let dropped = self
            .session
            .record_played(mv, info.notation, seat, &snapshot.notation);
        if dropped > 0 {
            self.last_event = Some(crate::tr!("play-moves-replaced", count = dropped));
        }
        if let Some(s) = seat
            && !self.replaying
            && !self.session.can_redo()
        {
            self.clock_after_move(s);
        }
        self.error = None;
        self.dirty = true;
        // A person's move (from the end, or from an earlier point of the game) goes on
        // with the game: the bots answer.
        if seat.is_some_and(|s| self.session.seats().get(usize::from(s)) == Some(&SeatKind::Person))
        {
            self.paused = false;
        }
        if seat.is_some() {
            if self.turn_sites.0 == seat {
                self.turn_sites.1.extend(info.sites.iter().copied());
            } else {
                self.turn_sites = (seat, info.sites.clone());
            }
        }
        let before = self.contents.clone();
        let view_before = self.view.clone();
        self.show(snapshot);
        self.start_animation(effects, before, now, step_seconds);
        self.view_before = self.animation.is_some().then_some(view_before);
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
        self.animation = (step > 0.0 && !effects.is_empty())
            .then(|| Animation::new(effects, before, self.contents.clone(), now));
    }

    /// Sets the position to the record's first `n` moves (through the worker).
    fn set_position(&mut self, n: usize) {
        if self.pending.is_some() {
            return;
        }
        self.session.set_cursor(n);
        self.turn_sites = (None, Vec::new());
        self.dirty = true;
        let moves = self.session.played_ids();
        let Some(remote) = self.remote() else { return };
        match remote.send(Request::Goto { moves }) {
            Ok(id) => {
                self.pending = Some(Pending::Goto { id });
                self.settle(0.0, FRAME_WAIT);
            }
            Err(f) => self.lost_worker(f),
        }
    }

    /// Takes back the last move; against bots, back to the last person's turn.
    pub fn undo(&mut self) {
        self.cancel_bot();
        self.skip_animation();
        self.replaying = false;
        let any_person = self.session.seats().contains(&SeatKind::Person);
        let mut n = self.session.cursor();
        // Find the last person's turn without asking the plugin: the record says who
        // moved each move.
        while n > 0 {
            n -= 1;
            let mover = self.session.moves()[n].seat;
            let person = mover.is_some_and(|s| {
                self.session.seats().get(usize::from(s)) == Some(&SeatKind::Person)
            });
            if !any_person || person {
                break;
            }
        }
        self.set_position(n);
        self.paused = !any_person;
    }

    /// Replays the next undone move.
    pub fn redo(&mut self, now: f64, step_seconds: f64) {
        self.cancel_bot();
        self.skip_animation();
        if let Some(mv) = self.session.next_redo() {
            self.play(mv, now, step_seconds);
        }
    }

    /// Jumps to the position after `n` moves and pauses there.
    pub fn goto(&mut self, n: usize) {
        self.cancel_bot();
        self.animation = None;
        self.replaying = false;
        self.set_position(n);
        self.paused = true;
    }

    /// Replays the game from the start as an autoplay.
    pub fn replay(&mut self, now: f64) {
        self.goto(0);
        self.replaying = true;
        self.next_replay_at = now + 0.5;
    }

    /// Pauses or resumes the bots (and the replay).
    pub fn pause_resume(&mut self) {
        if self.replaying {
            self.replaying = false;
            self.paused = true;
        } else {
            self.paused = !self.paused;
        }
        if self.paused {
            self.cancel_bot();
        }
        // The clocks' times are saved when the game pauses.
        self.dirty = true;
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
    pub(super) fn thinking_seat(&self) -> Option<u8> {
        self.bot.as_ref().map(|b| b.seat)
    }

    fn poll_searches(&mut self, now: f64, step_seconds: f64) {
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
        if self.relabel_due {
            self.relabel_now();
        }
        self.poll_searches(now, step_seconds);
        self.tick_clock(ctx, now);
        if let Some(remote) = self.remote.as_mut().filter(|_| self.failure.is_none())
            && self.endgame.poll(remote, now)
        {
            ctx.request_repaint_after(std::time::Duration::from_millis(200));
        }
        if self.bot.is_some() || self.hint_job.is_some() {
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
        if let Some(mv) = self.queued.take() {
            self.play(mv, now, step_seconds);
            return;
        }
        if self.failure.is_some() {
            return;
        }
        if self.replaying {
            if !self.session.can_redo() {
                self.replaying = false;
                self.paused = false;
            } else if now >= self.next_replay_at {
                self.redo(now, step_seconds);
                self.next_replay_at = now + 0.6;
            }
            ctx.request_repaint();
            return;
        }
        if self.bot.is_some() || self.paused || self.is_over() {
            return;
        }
        match &self.turn {
            Turn::Over { .. } => {}
            Turn::Chance { outcomes } => {
                // Chance is shown for a moment, unless moves are shown at once.
                let due = *self
                    .chance_due
                    .get_or_insert(now + (2.0 * step_seconds).min(0.35));
                if now >= due {
                    let outcomes = outcomes.clone();
                    let i = self.session.rng().chance(&outcomes);
                    self.play(outcomes[i].mv, now, step_seconds);
                } else {
                    ctx.request_repaint_after(std::time::Duration::from_secs_f64(due - now));
                }
            }
            Turn::Seat { .. } => self.start_bot_if_due(),
        }
    }

    /// Starts the bot of the seat to move, unless one thinks already, the game waits
    /// (paused, replayed, over, failed) or its move is already chosen.
    fn start_bot_if_due(&mut self) {
        let Turn::Seat { seat } = self.turn else {
            return;
        };
        if self.bot.is_some()
            || self.queued.is_some()
            || self.pending.is_some()
            || self.paused
            || self.replaying
            || self.failure.is_some()
            || self.is_over()
        {
            return;
        }
        if let Some(SeatKind::Bot(name)) = self.session.seats().get(usize::from(seat)).cloned() {
            self.start_bot(seat, &name);
        }
    }

    fn start_bot(&mut self, seat: u8, name: &str) {
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

    /// Whether a person may move now.
    pub(super) fn person_to_move(&self) -> bool {
        match self.turn {
            Turn::Seat { seat } => {
                self.animation.is_none()
                    && self.pending.is_none()
                    && !self.replaying
                    && self.failure.is_none()
                    && self.asking.is_none()
                    && self.session.ending().is_none()
                    && self.session.seats().get(usize::from(seat)) == Some(&SeatKind::Person)
            }
            _ => false,
        }
    }

    pub(super) fn candidates(&self) -> Vec<&MoveInfo> {
        self.moves
            .iter()
            .filter(|m| m.sites.starts_with(&self.path))
            .collect()
    }

    /// How the board marks its sites now: the last turn, the hint, the legal targets.
    pub fn marks(&self) -> Marks {
        let mut marks = Marks {
            selected: self.path.clone(),
            last_move: {
                let mut sites = self.view.last_move.clone();
                for site in &self.turn_sites.1 {
                    if !sites.contains(site) {
                        sites.push(*site);
                    }
                }
                sites
            },
            active: self.animation.as_ref().and_then(|a| a.active),
            hint: self
                .hint
                .as_ref()
                .and_then(|(mv, _)| self.moves.iter().find(|m| m.id == *mv))
                .map(|m| m.sites.clone())
                .unwrap_or_default(),
            ..Marks::default()
        };
        if self.person_to_move() {
            marks.targets = self
                .candidates()
                .iter()
                .filter_map(|m| m.sites.get(self.path.len()).copied())
                .collect();
            // The key that plays a site's move, shown on the site (when one key plays it).
            if self.path.is_empty() {
                for m in self.candidates() {
                    if let ([site], Some(key)) = (&m.sites[..], &m.key) {
                        let label = super::play_ui::key_label(key);
                        if label.chars().count() <= 2 {
                            marks.keys.push((*site, label));
                        }
                    }
                }
            }
        }
        marks
    }

    /// A click on `site`: follows the moves' site paths; plays a move once it is the only
    /// one left.
    pub fn click_site(&mut self, site: SiteId, now: f64, step_seconds: f64) {
        if !self.person_to_move() {
            return;
        }
        let continues = self
            .candidates()
            .iter()
            .any(|m| m.sites.get(self.path.len()) == Some(&site));
        if !continues {
            self.path.clear();
            if !self.moves.iter().any(|m| m.sites.first() == Some(&site)) {
                return;
            }
        }
        self.path.push(site);
        let candidates = self.candidates();
        let complete: Vec<MoveId> = candidates
            .iter()
            .filter(|m| m.sites == self.path)
            .map(|m| m.id)
            .collect();
        let longer = candidates.iter().any(|m| m.sites.len() > self.path.len());
        if complete.len() == 1 && !longer {
            self.play(complete[0], now, step_seconds);
        }
    }
}
