//! The new-game dialog, built from the plugin's options schema and presets.

use game_api::{Manifest, OptionError, OptionValue, Options};

use super::dialog_worker::{DialogWorker, News};
use crate::{
    plugins::Plugin,
    session::SeatKind,
    worker::{RemoteGame, WorkerError},
};

/// What the dialog asks for when the person presses Start.
#[derive(Debug, Clone)]
pub struct NewGameRequest {
    /// The game's id.
    pub game: String,
    /// The options chosen.
    pub options: Options,
    /// Who sits in each seat.
    pub seats: Vec<SeatKind>,
    /// The random seed.
    pub seed: u64,
}

/// The dialog's state. It starts the game's worker process at once (off the UI thread),
/// to ask the plugin how many seats the chosen options make; Start hands that worker to
/// the game.
pub struct NewGameDialog {
    plugin: Plugin,
    worker: DialogWorker,
    values: std::collections::BTreeMap<String, OptionValue>,
    seats: Vec<SeatKind>,
    seed: u64,
    show_engines: bool,
    /// Clocks: on or off, minutes per seat for the game, seconds added per move.
    clock: (bool, u32, u32),
    /// Tells this dialog's layers apart from an earlier dialog's: egui keeps the order of
    /// layers between frames, and a menu that reused an earlier dialog's layer opened
    /// behind this one (after the first game, a seat could not be given to a bot).
    nonce: u64,
    error: Option<String>,
    /// Whether the dialog has been drawn: the Enter that opened it (in the chooser's
    /// search) must not also press its Start.
    drawn: bool,
}

/// What happened in the dialog this frame.
pub enum DialogOutcome {
    /// Still open.
    Open,
    /// Start this game.
    Start(NewGameRequest),
    /// Closed.
    Cancelled,
}

impl NewGameDialog {
    /// A dialog for `plugin` with its default options; `worker` is the game's worker,
    /// starting. The seats are those of `last` (the last game of it), or a person
    /// against Strong bots, fitted to the seat count once the plugin has told it.
    pub(super) fn new(
        plugin: &Plugin,
        seed: u64,
        worker: DialogWorker,
        last: Option<&[String]>,
    ) -> Self {
        let options = Options::defaults(&plugin.manifest().options);
        let seats = last.map_or_else(Vec::new, |names| {
            names
                .iter()
                .map(|n| SeatKind::from_record_name(n))
                .collect()
        });
        let mut dialog = NewGameDialog {
            plugin: plugin.clone(),
            worker,
            values: options.values().clone(),
            seats,
            seed,
            show_engines: false,
            clock: (false, 5, 3),
            nonce: fastrand::u64(..),
            error: None,
            drawn: false,
        };
        // Until the plugin answers, at least the fewest seats the game has.
        if dialog.seats.len() < usize::from(plugin.manifest().seats.min) {
            dialog.fit_count(plugin.manifest().seats.min);
        }
        dialog.fit_seats();
        dialog
    }

    /// The options as currently set.
    pub fn options(&self) -> Result<Options, OptionError> {
        Options::resolve(&self.plugin.manifest().options, &self.values)
    }

    /// Sets an option's value (as the widgets do).
    pub fn set(&mut self, key: &str, value: OptionValue) {
        self.values.insert(key.to_owned(), value);
        self.fit_seats();
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    /// Sets who sits in a seat.
    pub fn set_seat(&mut self, seat: usize, kind: SeatKind) {
        if let Some(s) = self.seats.get_mut(seat) {
            *s = kind;
        }
    }

    /// The clocks chosen: each seat's time for the game and the increment per move, in
    /// milliseconds; `None` for no clocks (the default).
    pub fn clock(&self) -> Option<(u64, u64)> {
        let (on, minutes, increment) = self.clock;
        on.then_some((
            u64::from(minutes.max(1)) * 60_000,
            u64::from(increment) * 1000,
        ))
    }

    /// Sets the clocks: minutes per seat for the game and seconds added after each move,
    /// or `None` for none.
    pub fn set_clock(&mut self, clock: Option<(u32, u32)>) {
        self.clock = match clock {
            Some((minutes, increment)) => (true, minutes, increment),
            None => (false, self.clock.1, self.clock.2),
        };
    }

    /// Takes the game's worker (when the game starts); an error while it still starts
    /// (the game then starts a worker of its own).
    pub fn take_remote(&mut self) -> Result<RemoteGame, WorkerError> {
        self.worker.take().ok_or_else(|| {
            WorkerError::Refused(crate::plugins::CallError::host(
                crate::plugins::ErrorKind::Host,
                "the dialog's worker had not started",
            ))
        })
    }

    /// Waits until the worker has started and told the seat count of the options set,
    /// and fits the seats to it. For tests: the window never waits.
    pub fn wait_for_worker(&mut self) {
        if let Some(news) = self.worker.wait() {
            self.heard(news);
        }
    }

    /// The seat count depends on the options (e.g. a players option): ask the plugin,
    /// without waiting; the seats fit its answer when it comes ([`Self::heard`]).
    fn fit_seats(&mut self) {
        match self.options() {
            Ok(options) => self.worker.ask_seats(&options),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// What the worker said: the seat count of the options, or why it cannot tell.
    fn heard(&mut self, news: News) {
        match news {
            News::Seats(count) => {
                self.error = None;
                self.fit_count(count);
            }
            News::Failed(e) => self.error = Some(e),
        }
    }

    /// Fits the seats to `count`: a person first, then the computer at the casual level
    /// (a fair opponent for a first game, [`DEFAULT_LEVEL`]);
    /// a bot chosen for another seat count (the author's two-player bots in a
    /// three-player game) cannot play this one, and the default level takes its seat.
    fn fit_count(&mut self, count: u8) {
        let count = usize::from(count);
        while self.seats.len() < count {
            self.seats.push(if self.seats.is_empty() {
                SeatKind::Person
            } else {
                SeatKind::Bot(DEFAULT_LEVEL.name().into())
            });
        }
        self.seats.truncate(count);
        let bots = crate::bots::bot_choices_for(self.plugin.manifest(), count as u8);
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let SeatKind::Bot(name) = seat
                && !bots.iter().any(|b| {
                    b.name == *name && (b.seats.is_empty() || b.seats.contains(&(i as u8)))
                })
            {
                *seat = SeatKind::Bot(DEFAULT_LEVEL.name().into());
            }
        }
    }

    fn request(&self) -> Result<NewGameRequest, OptionError> {
        Ok(NewGameRequest {
            game: self.plugin.id().to_owned(),
            options: self.options()?,
            seats: self.seats.clone(),
            seed: self.seed,
        })
    }

    /// Who plays each seat: a menu a seat.
    fn seats_ui(&mut self, ui: &mut egui::Ui, manifest: &Manifest) {
        let bots = crate::bots::bot_choices_for(manifest, self.seats.len() as u8);
        let show_engines = self.show_engines;
        let nonce = self.nonce;
        egui::Grid::new("seats")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for (i, seat) in self.seats.iter_mut().enumerate() {
                    let name = manifest
                        .seat_names
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| crate::tr!("seat-number", number = i + 1));
                    ui.label(&name);
                    seat_menu(ui, (i, nonce), seat, &bots, show_engines)
                        .on_hover_text(crate::tr!("who-plays", seat = name.clone()));
                    ui.end_row();
                }
            });
    }

    /// The advanced section: the engines shown in the seat menus, and the seed of a game
    /// that may have chance.
    fn advanced_ui(&mut self, ui: &mut egui::Ui, manifest: &Manifest) {
        egui::CollapsingHeader::new(crate::tr!("new-game-advanced")).show(ui, |ui| {
            ui.checkbox(&mut self.show_engines, crate::tr!("new-game-engines"))
                .on_hover_text(crate::tr!("new-game-engines-hint"));
            if manifest.may_have_chance() {
                ui.horizontal(|ui| {
                    let label = ui.label(crate::tr!("new-game-seed"));
                    ui.add(egui::DragValue::new(&mut self.seed))
                        .labelled_by(label.id);
                    if ui.button(crate::tr!("new-game-new-seed")).clicked() {
                        self.seed = fastrand::u64(..1_000_000);
                    }
                });
            }
        });
    }

    /// Start and Cancel, and "starting the game" beside them while the worker starts.
    fn buttons_ui(&mut self, ui: &mut egui::Ui, manifest: &Manifest, outcome: &mut DialogOutcome) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    self.error.is_none(),
                    egui::Button::new(crate::tr!("new-game-start")),
                )
                .clicked()
            {
                match self.request() {
                    Ok(r) => *outcome = DialogOutcome::Start(r),
                    Err(e) => self.error = Some(e.to_string()),
                }
            }
            if ui.button(crate::tr!("cancel")).clicked() {
                *outcome = DialogOutcome::Cancelled;
            }
            // Beside the buttons, which it must not move. No spinner: it would
            // repaint without end while a plugin hangs.
            if self.worker.starting() {
                ui.weak(crate::tr!("starting-game", game = manifest.name.clone()));
            }
        });
    }

    /// Shows the dialog.
    pub fn ui(&mut self, ctx: &egui::Context) -> DialogOutcome {
        let mut outcome = DialogOutcome::Open;
        if let Some(news) = self.worker.poll() {
            self.heard(news);
        }
        if self.worker.busy() {
            // The answer comes from another thread: look for it often.
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        let manifest = self.plugin.manifest().clone();
        let modal = egui::Modal::new(egui::Id::unique(("new_game", self.nonce))).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading(crate::tr!("new-game-title", game = manifest.name.clone()));
            let mut changed = super::options_form::presets_ui(ui, &manifest, &mut self.values);
            changed |= super::options_form::options_ui(ui, &manifest, &mut self.values, self.nonce);
            if changed {
                self.fit_seats();
            }
            ui.separator();
            self.seats_ui(ui, &manifest);
            super::options_form::clock_row(ui, &mut self.clock);
            self.advanced_ui(ui, &manifest);
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 90), e);
            }
            self.buttons_ui(ui, &manifest, &mut outcome);
        });
        if modal.should_close() && matches!(outcome, DialogOutcome::Open) {
            outcome = DialogOutcome::Cancelled;
        }
        let first_frame = !std::mem::replace(&mut self.drawn, true);
        if matches!(outcome, DialogOutcome::Open)
            && !first_frame
            && self.error.is_none()
            && enter_is_free(ctx, modal.response.layer_id)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
        {
            match self.request() {
                Ok(r) => outcome = DialogOutcome::Start(r),
                Err(e) => self.error = Some(e.to_string()),
            }
        }
        outcome
    }
}

/// Whether Enter may press the dialog's Start: no menu is open and no widget of the
/// dialog (layer `dialog`) has the keyboard — a focused button, menu or number takes
/// Enter itself. A field behind the dialog (the chooser's search, which opened it with
/// Enter) does not count.
fn enter_is_free(ctx: &egui::Context, dialog: egui::LayerId) -> bool {
    let focus_in_dialog = ctx
        .memory(|m| m.focused())
        .and_then(|id| ctx.read_response(id))
        .is_some_and(|r| r.layer_id == dialog);
    !focus_in_dialog && !egui::Popup::is_any_open(ctx)
}

/// The level the computer plays at in a new game's seats.
pub const DEFAULT_LEVEL: crate::ai::Level = crate::ai::Level::Casual;

/// The menu of who plays seat `i`: a person, the levels (each with what it is like),
/// the game's own bots for this seat, and with `show_engines` the search engines — each
/// kind under its heading.
fn seat_menu(
    ui: &mut egui::Ui,
    (i, nonce): (usize, u64),
    seat: &mut SeatKind,
    bots: &[crate::bots::BotChoice],
    show_engines: bool,
) -> egui::Response {
    let text = seat_label(seat);
    egui::ComboBox::from_id_salt(("new_seat", i, nonce))
        .selected_text(text)
        .width(220.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(seat, SeatKind::Person, crate::tr!("seat-person"));
            let here: Vec<&crate::bots::BotChoice> = bots
                .iter()
                .filter(|b| b.seats.is_empty() || b.seats.contains(&(i as u8)))
                .collect();
            let level = |b: &&&crate::bots::BotChoice| crate::ai::Level::from_name(&b.name);
            let groups = [
                (
                    crate::tr!("seat-levels"),
                    here.iter()
                        .filter(|b| level(b).is_some())
                        .collect::<Vec<_>>(),
                ),
                (
                    crate::tr!("seat-game-bots"),
                    here.iter()
                        .filter(|b| level(b).is_none() && !b.is_engine())
                        .collect(),
                ),
                (
                    crate::tr!("seat-engines"),
                    here.iter()
                        .filter(|b| show_engines && b.is_engine())
                        .collect(),
                ),
            ];
            for (heading, group) in groups.into_iter().filter(|(_, g)| !g.is_empty()) {
                ui.separator();
                ui.weak(heading);
                for b in group {
                    let about = crate::ai::Level::from_name(&b.name)
                        .map(|l| l.description())
                        .unwrap_or_else(|| b.description.clone());
                    let text = egui::RichText::new(bot_label(&b.name));
                    let item = ui.selectable_value(seat, SeatKind::Bot(b.name.clone()), text);
                    item.on_hover_text(&b.description);
                    if !about.is_empty() {
                        ui.label(egui::RichText::new(about).small().weak());
                    }
                }
            }
        })
        .response
}

/// Who plays a seat, in words: a person, a level or bot, someone on another computer.
pub(super) fn seat_label(seat: &SeatKind) -> String {
    match seat {
        SeatKind::Person => crate::tr!("seat-person"),
        SeatKind::Bot(b) => bot_label(b),
        SeatKind::Remote => crate::tr!("seat-remote"),
    }
}

/// How a bot is named to the player: a level by its name in the player's language
/// ("Computer: forte"), any other bot by its bot name.
pub(super) fn bot_label(name: &str) -> String {
    match crate::ai::Level::from_name(name) {
        Some(level) => crate::tr!("seat-computer", name = level.label()),
        None => crate::tr!("seat-bot", name = name.to_owned()),
    }
}
