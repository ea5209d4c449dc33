//! The game being played: the board, the seats, the move list and the controls.

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
    mpsc,
};

use egui::{Color32, RichText};
use game_api::{Layout, MoveId, MoveInfo, Rng, SiteId, Turn, View};

use super::{
    Command,
    animation::Animation,
    board::{BoardView, Contents, Marks, contents_of, seat_colour},
};
use crate::{
    bots::bot_by_name,
    plugins::CallError,
    session::{SeatKind, Session},
};

/// How long a hint searches.
const HINT_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// Keeps a plugin's error for the status line; the value if there was none.
fn note<T>(error: &mut Option<String>, r: Result<T, CallError>) -> Option<T> {
    r.map_err(|e| *error = Some(e.to_string())).ok()
}

/// A bot thinking on another thread.
struct BotJob {
    receiver: mpsc::Receiver<Result<MoveId, CallError>>,
    cancel: Arc<AtomicBool>,
    seat: u8,
}

/// A hint being searched on another thread: the move and its description, for the
/// position it was asked in (a move or an undo drops the job, and with it the answer).
struct HintJob {
    receiver: mpsc::Receiver<Result<(MoveId, String), CallError>>,
}

/// The game in progress, as shown and played.
pub struct PlayView {
    session: Session,
    layout: Layout,
    view: View,
    contents: Contents,
    moves: Vec<MoveInfo>,
    turn: Turn,
    path: Vec<SiteId>,
    animation: Option<Animation>,
    bot: Option<BotJob>,
    /// Bots and chance wait while paused (reviewing the history).
    pub paused: bool,
    replaying: bool,
    next_replay_at: f64,
    chance_due: Option<f64>,
    /// How the board is drawn.
    pub board: BoardView,
    error: Option<String>,
    hint: Option<(MoveId, String)>,
    hint_job: Option<HintJob>,
    last_event: Option<String>,
}

impl PlayView {
    /// The view of `session`.
    pub fn new(session: Session) -> Result<Self, CallError> {
        let layout = session.game().layout()?;
        let mut view = PlayView {
            session,
            layout,
            view: View::default(),
            contents: Contents::new(),
            moves: Vec::new(),
            turn: Turn::Seat { seat: 0 },
            path: Vec::new(),
            animation: None,
            bot: None,
            paused: false,
            replaying: false,
            next_replay_at: 0.0,
            chance_due: None,
            board: BoardView::default(),
            error: None,
            hint: None,
            hint_job: None,
            last_event: None,
        };
        view.refresh()?;
        Ok(view)
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
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

    fn refresh(&mut self) -> Result<(), CallError> {
        let game = self.session.game();
        self.view = game.view()?;
        self.contents = contents_of(&self.view);
        self.moves = game.moves()?;
        self.turn = game.turn()?;
        self.path.clear();
        self.hint = None;
        self.hint_job = None;
        self.chance_due = None;
        Ok(())
    }

    /// Refreshes the position, showing an error if the plugin failed; returns success.
    fn refresh_noted(&mut self) -> bool {
        let r = self.refresh();
        note(&mut self.error, r).is_some()
    }

    fn cancel_bot(&mut self) {
        if let Some(job) = self.bot.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Plays `mv`, animating it over `step_seconds` per step.
    pub fn play(&mut self, mv: MoveId, now: f64, step_seconds: f64) {
        self.cancel_bot();
        let before = self.contents.clone();
        let notation = self
            .moves
            .iter()
            .find(|m| m.id == mv)
            .map(|m| m.notation.clone());
        let was_chance = matches!(self.turn, Turn::Chance { .. });
        let Some(effects) = note(&mut self.error, self.session.play(mv)) else {
            return;
        };
        if was_chance {
            self.last_event = notation.map(|n| format!("Chance: {n}"));
        }
        self.error = None;
        if self.refresh_noted() {
            self.start_animation(effects, before, now, step_seconds);
        }
    }

    fn start_animation(
        &mut self,
        effects: Vec<game_api::Effect>,
        before: Contents,
        now: f64,
        step_seconds: f64,
    ) {
        self.animation = (step_seconds > 0.0 && !effects.is_empty())
            .then(|| Animation::new(effects, before, self.contents.clone(), now));
    }

    /// Takes back the last move; against bots, back to the last person's turn.
    pub fn undo(&mut self) {
        self.cancel_bot();
        self.skip_animation();
        self.replaying = false;
        let any_person = self.session.seats().contains(&SeatKind::Person);
        loop {
            if note(&mut self.error, self.session.undo()).is_none() || !self.session.can_undo() {
                break;
            }
            let Ok(Turn::Seat { seat }) = self.session.turn() else {
                continue;
            };
            if !any_person || self.session.seats().get(usize::from(seat)) == Some(&SeatKind::Person)
            {
                break;
            }
        }
        self.paused = !any_person;
        self.refresh_noted();
    }

    /// Replays the next undone move.
    pub fn redo(&mut self, now: f64, step_seconds: f64) {
        self.cancel_bot();
        self.skip_animation();
        let before = self.contents.clone();
        if let Some(Some(effects)) = note(&mut self.error, self.session.redo())
            && self.refresh_noted()
        {
            self.start_animation(effects, before, now, step_seconds);
        }
    }

    /// Jumps to the position after `n` moves and pauses there.
    pub fn goto(&mut self, n: usize) {
        self.cancel_bot();
        self.animation = None;
        self.replaying = false;
        note(&mut self.error, self.session.goto(n));
        self.paused = true;
        self.refresh_noted();
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
    }

    /// Shows the end of the running animation at once.
    pub fn skip_animation(&mut self) {
        if let Some(a) = &mut self.animation {
            a.skip();
        }
        self.animation = None;
    }

    /// Suggests a move for the side to move: the best move found in a one-second search
    /// on another thread, its evaluation and the expected line (shown when ready).
    pub fn hint(&mut self, ctx: &egui::Context) {
        if !matches!(self.turn, Turn::Seat { .. }) || self.hint_job.is_some() {
            return;
        }
        self.hint = None;
        let seed = self.session.cursor() as u64;
        let game = self.session.game().clone();
        let hints = self.session.plugin().manifest().search.clone();
        let (sender, receiver) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let answer = crate::ai::hint(&game, &hints, seed, HINT_TIME).and_then(|hint| {
                let names = game.line_notation(&hint.line[..hint.line.len().min(6)])?;
                let best = names.first().cloned().unwrap_or_default();
                let text = format!("{best} — {} — line: {}", hint.evaluation, names.join(" "));
                Ok((hint.best, text))
            });
            // The view may have moved on and dropped the receiver: nothing to tell then.
            let _ = sender.send(answer);
            ctx.request_repaint();
        });
        self.hint_job = Some(HintJob { receiver });
    }

    /// Whether a hint is being searched.
    pub fn hint_pending(&self) -> bool {
        self.hint_job.is_some()
    }

    /// The hint shown: the move and its description.
    pub fn shown_hint(&self) -> Option<&(MoveId, String)> {
        self.hint.as_ref()
    }

    /// Takes a finished hint's answer, if one has arrived.
    fn poll_hint(&mut self) {
        let Some(job) = &self.hint_job else {
            return;
        };
        match job.receiver.try_recv() {
            Ok(answer) => {
                self.hint_job = None;
                self.hint = note(&mut self.error, answer);
            }
            Err(mpsc::TryRecvError::Empty) => {}
            Err(mpsc::TryRecvError::Disconnected) => self.hint_job = None,
        }
    }

    /// Whether a bot is thinking.
    pub fn thinking(&self) -> bool {
        self.bot.is_some()
    }

    /// Runs bots, chance, hints and animations. Call every frame.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64, step_seconds: f64) {
        self.poll_hint();
        if let Some(a) = &mut self.animation {
            if let Some(m) = a.message.take() {
                self.last_event = Some(m);
            }
            if a.advance(now, step_seconds) {
                self.animation = None;
            } else {
                ctx.request_repaint();
                return;
            }
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
        if let Some(job) = &self.bot {
            match job.receiver.try_recv() {
                Ok(Ok(mv)) => {
                    self.bot = None;
                    self.play(mv, now, step_seconds);
                }
                Ok(Err(e)) => {
                    self.bot = None;
                    self.paused = true;
                    self.error = Some(format!("the bot failed: {e}"));
                }
                Err(mpsc::TryRecvError::Empty) => {}
                Err(mpsc::TryRecvError::Disconnected) => self.bot = None,
            }
            return;
        }
        if self.paused {
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
            Turn::Seat { seat } => {
                let seat = *seat;
                if let Some(SeatKind::Bot(name)) =
                    self.session.seats().get(usize::from(seat)).cloned()
                {
                    self.start_bot(ctx, seat, &name);
                }
            }
        }
    }

    fn start_bot(&mut self, ctx: &egui::Context, seat: u8, name: &str) {
        let mut bot = match bot_by_name(name, self.session.plugin()) {
            Ok(b) => b,
            Err(e) => {
                self.error = Some(e);
                self.paused = true;
                return;
            }
        };
        let game = self.session.game().clone();
        let seed = self.session.rng().u64();
        let (sender, receiver) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        bot.set_cancel(cancel.clone());
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let result = bot.choose(&game, seat, &mut Rng::with_seed(seed));
            let _ = sender.send(result);
            ctx.request_repaint();
        });
        self.bot = Some(BotJob {
            receiver,
            cancel,
            seat,
        });
    }

    /// Whether a person may move now.
    fn person_to_move(&self) -> bool {
        match self.turn {
            Turn::Seat { seat } => {
                self.animation.is_none()
                    && !self.replaying
                    && self.session.seats().get(usize::from(seat)) == Some(&SeatKind::Person)
            }
            _ => false,
        }
    }

    fn candidates(&self) -> Vec<&MoveInfo> {
        self.moves
            .iter()
            .filter(|m| m.sites.starts_with(&self.path))
            .collect()
    }

    fn marks(&self) -> Marks {
        let mut marks = Marks {
            selected: self.path.clone(),
            last_move: self.view.last_move.clone(),
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

    /// Keyboard hints: a key that names exactly one of the moves still possible plays it.
    fn keys(&mut self, ctx: &egui::Context, now: f64, step_seconds: f64) {
        if !self.person_to_move() {
            return;
        }
        let candidates: Vec<(MoveId, String)> = self
            .candidates()
            .iter()
            .filter_map(|m| m.key.clone().map(|k| (m.id, k)))
            .collect();
        let pressed: Vec<String> = ctx.input(|i| {
            candidates
                .iter()
                .map(|(_, k)| k.clone())
                .filter(|k| egui::Key::from_name(k).is_some_and(|key| i.key_pressed(key)))
                .collect()
        });
        for key in pressed {
            let matching: Vec<MoveId> = candidates
                .iter()
                .filter(|(_, k)| *k == key)
                .map(|(m, _)| *m)
                .collect();
            if matching.len() == 1 {
                self.play(matching[0], now, step_seconds);
                return;
            }
        }
    }

    /// Draws the play view; returns the commands its buttons asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, now: f64, step_seconds: f64) -> Vec<Command> {
        let mut commands = Vec::new();
        self.keys(ui.ctx(), now, step_seconds);
        egui::Panel::right("play_side")
            .default_size(280.0)
            .show(ui, |ui| {
                self.side_ui(ui, now, step_seconds, &mut commands);
            });
        egui::Panel::bottom("status").show(ui, |ui| {
            self.status_ui(ui);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.choices_ui(ui, now, step_seconds);
            let marks = self.marks();
            let contents = self.shown_contents().clone();
            let response = self.board.ui(ui, &self.layout, &contents, &marks);
            if let Some(site) = response.clicked {
                self.click_site(site, now, step_seconds);
            }
            self.choices_beside_site_ui(ui, &response.rects, now, step_seconds);
        });
        commands
    }

    fn status_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&self.view.status).strong());
            if let Some(e) = &self.last_event {
                ui.separator();
                ui.label(e);
            }
            if let Some((_, n)) = &self.hint {
                ui.separator();
                ui.label(
                    RichText::new(format!("Hint: {n}")).color(Color32::from_rgb(80, 200, 120)),
                );
            } else if self.hint_job.is_some() {
                ui.separator();
                ui.spinner();
                ui.label("Looking for a hint...");
            }
            if self.paused && !matches!(self.turn, Turn::Over { .. }) {
                ui.separator();
                ui.label(RichText::new("Paused").italics());
            }
            if let Some(e) = &self.error {
                ui.separator();
                ui.colored_label(Color32::from_rgb(230, 90, 90), e);
            }
        });
    }

    fn choices_ui(&mut self, ui: &mut egui::Ui, now: f64, step_seconds: f64) {
        if !self.person_to_move() {
            return;
        }
        let candidates = self.candidates();
        let complete: Vec<(MoveId, String, Option<String>)> = candidates
            .iter()
            .filter(|m| m.sites == self.path && (!self.path.is_empty() || m.sites.is_empty()))
            .map(|m| {
                (
                    m.id,
                    m.choice.clone().unwrap_or_else(|| m.notation.clone()),
                    m.key.clone(),
                )
            })
            .collect();
        // Choices after a click are shown beside the site (see `choices_beside_site_ui`).
        if complete.is_empty() || !self.path.is_empty() {
            return;
        }
        let mut chosen = None;
        ui.horizontal_wrapped(|ui| {
            ui.label(if self.path.is_empty() {
                "Moves:"
            } else {
                "Choose:"
            });
            for (mv, label, key) in &complete {
                let text = match key {
                    Some(k) => format!("{label} ({k})"),
                    None => label.clone(),
                };
                if ui.button(text).clicked() {
                    chosen = Some(*mv);
                }
            }
        });
        if let Some(mv) = chosen {
            self.play(mv, now, step_seconds);
        }
    }

    /// When the clicked sites are shared by several moves (a sowing direction, say), their
    /// choices appear as buttons beside the last site clicked, with their keys.
    fn choices_beside_site_ui(
        &mut self,
        ui: &mut egui::Ui,
        rects: &[egui::Rect],
        now: f64,
        step_seconds: f64,
    ) {
        if !self.person_to_move() || self.path.is_empty() {
            return;
        }
        let choices: Vec<(MoveId, String)> = self
            .candidates()
            .iter()
            .filter(|m| m.sites == self.path)
            .map(|m| {
                let label = m.choice.clone().unwrap_or_else(|| m.notation.clone());
                let arrow = match m.key.as_deref() {
                    Some("ArrowLeft") => "< ",
                    Some("ArrowRight") => "> ",
                    Some("ArrowUp") => "^ ",
                    Some("ArrowDown") => "v ",
                    _ => "",
                };
                (m.id, format!("{arrow}{label}"))
            })
            .collect();
        if choices.len() < 2 {
            return;
        }
        let Some(rect) = self.path.last().and_then(|s| rects.get(usize::from(s.0))) else {
            return;
        };
        let mut chosen = None;
        egui::Area::new(egui::Id::unique("move_choices"))
            .fixed_pos(rect.right_top() + egui::vec2(6.0, 0.0))
            .order(egui::Order::Foreground)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    for (mv, label) in &choices {
                        if ui.button(label).clicked() {
                            chosen = Some(*mv);
                        }
                    }
                });
            });
        if let Some(mv) = chosen {
            self.play(mv, now, step_seconds);
        }
    }

    fn side_ui(
        &mut self,
        ui: &mut egui::Ui,
        now: f64,
        step_seconds: f64,
        commands: &mut Vec<Command>,
    ) {
        ui.heading(&self.session.plugin().manifest().name);
        ui.label(RichText::new(self.session.game().options().to_string()).weak());
        ui.add_space(6.0);
        let bots = crate::bots::bot_names(self.session.plugin());
        let panels = self.view.panels.clone();
        for (i, panel) in panels.iter().enumerate() {
            let colour = seat_colour(i as u8);
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(
                    if panel.to_move { 2.5 } else { 1.0 },
                    colour,
                ))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&panel.seat).strong().color(colour));
                        if panel.to_move {
                            ui.label("• to move");
                        }
                        if self.bot.as_ref().is_some_and(|j| usize::from(j.seat) == i) {
                            ui.spinner();
                            ui.label("thinking…");
                        }
                    });
                    let current = self
                        .session
                        .seats()
                        .get(i)
                        .cloned()
                        .unwrap_or(SeatKind::Person);
                    let mut selected = current.clone();
                    egui::ComboBox::from_id_salt(("seat", i))
                        .selected_text(match &current {
                            SeatKind::Person => "Person".to_owned(),
                            SeatKind::Bot(n) => format!("Bot: {n}"),
                        })
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut selected, SeatKind::Person, "Person");
                            for b in &bots {
                                ui.selectable_value(
                                    &mut selected,
                                    SeatKind::Bot(b.clone()),
                                    format!("Bot: {b}"),
                                );
                            }
                        })
                        .response
                        .on_hover_text(format!("Who plays {}", panel.seat));
                    if selected != current {
                        self.cancel_bot();
                        self.session.set_seat(i, selected);
                    }
                    for entry in &panel.entries {
                        ui.horizontal(|ui| {
                            ui.label(format!("{}:", entry.label));
                            ui.label(RichText::new(&entry.value).strong());
                        });
                    }
                });
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            for (command, enabled) in [
                (Command::Undo, self.session.can_undo()),
                (Command::Redo, self.session.can_redo()),
                (Command::Hint, matches!(self.turn, Turn::Seat { .. })),
                (Command::PauseResume, true),
                (
                    Command::Replay,
                    self.session.cursor() > 0 || self.session.can_redo(),
                ),
                (Command::FlipBoard, true),
            ] {
                let label = match command {
                    Command::PauseResume if self.paused || self.replaying => "Resume",
                    Command::PauseResume => "Pause",
                    Command::Replay => "Replay",
                    other => other.label(),
                };
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    commands.push(command);
                }
            }
            if self.animation.is_some() && ui.button("Skip").clicked() {
                commands.push(Command::SkipAnimation);
            }
            if self.thinking() && ui.button("Stop bot").clicked() {
                commands.push(Command::PauseResume);
            }
        });
        ui.add_space(6.0);
        ui.label(RichText::new("Moves").strong());
        let cursor = self.session.cursor();
        let mut goto = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if ui.selectable_label(cursor == 0, "Start").clicked() {
                    goto = Some(0);
                }
                for (i, m) in self.session.moves().iter().enumerate() {
                    let who = match m.seat {
                        Some(s) => panels
                            .get(usize::from(s))
                            .map_or(format!("seat {s}"), |p| p.seat.clone()),
                        None => "chance".into(),
                    };
                    let text = format!("{:>3}. {who} {}", i + 1, m.notation);
                    let text = if i < cursor {
                        RichText::new(text)
                    } else {
                        RichText::new(text).weak().italics()
                    };
                    if ui.selectable_label(i + 1 == cursor, text).clicked() {
                        goto = Some(i + 1);
                    }
                }
            });
        if let Some(n) = goto {
            self.goto(n);
        }
        let _ = (now, step_seconds);
    }
}
