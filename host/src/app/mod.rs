//! The desktop app: choose a game, set it up, play it against people or bots, undo,
//! replay, save and load; read the rules; see the plugins. Every game is reached through
//! the game-api alone, and no plugin code runs in the app's process: discovery inspects
//! each file in a child process, and each game in progress runs in its own worker
//! process (see [`crate::worker`]).

pub mod analysis;
mod animation;
mod autosaver;
mod board;
mod callouts;
mod chooser;
mod clock;
mod command;
mod dialog_worker;
mod dialogs;
mod dispatch;
mod endgame;
mod eval_bar;
mod events;
mod file_dialog;
mod game_over;
mod games;
mod intent;
mod menus;
mod move_choices;
pub mod move_preview;
mod new_game;
pub mod online;
mod online_clocks;
pub mod online_error;
pub mod online_form;
pub mod online_lan;
mod online_worker;
mod options_form;
mod parts;
mod pieces;
mod play_ui;
mod plugin_watch;
mod plugins_panel;
mod qr;
mod recover;
mod repaint;
mod replay_notes;
mod resign;
mod review;
pub mod review_data;
mod review_run;
mod review_ui;
mod rules_panel;
mod save_info;
mod save_load;
mod saving;
mod settings;
mod side_panel;
mod site_contents;
mod starting;
mod table;
mod terminate;
pub mod trainer;
mod trainer_view;

use std::path::PathBuf;

use anyhow::{Result, anyhow};
pub use board::{BoardResponse, BoardView, Contents, Marks, seat_colour};
pub use command::Command;
pub use eval_bar::Evaluation;
pub use intent::Intent;
pub use new_game::{DialogOutcome, NewGameDialog, NewGameRequest};
pub use pieces::{paint_piece, piece_shapes, style_of};
pub use play_ui::key_label;
pub use plugins_panel::{PluginsAction, PluginsPanel};
pub use qr::{qr_modules, qr_ui};
pub use resign::Asking;
pub use saving::{Recovered, SaveSlot, list_recovered};
pub use settings::{Settings, data_dir};
pub use table::{Arrow, BoardKey, KeyCode, KeyTarget, PluginFailure, TYPED_PAUSE, Table};

use self::recover::RecoverWindow;
use crate::plugins::{DirSource, Inspector, PluginDirs, PluginSet};

/// How the app starts.
#[derive(Debug, Clone, Default)]
pub struct AppConfig {
    /// Where settings and the autosaved game live; `None` keeps nothing (tests).
    pub data_dir: Option<PathBuf>,
    /// Start straight into this game instead of the chooser (or the autosaved game).
    pub start: Option<StartGame>,
    /// The `tavola` binary that runs plugin code (discovery and workers); this
    /// executable if `None`.
    pub worker_exe: Option<PathBuf>,
    /// Do not open the game in progress of the last run (`tavola --no-restore`): it is
    /// set aside under *Recover games…* instead, as it is when a game is opened at start.
    pub no_restore: bool,
    /// Save… and Load… open the system's own file dialog (the app's own where the
    /// system has none); off, they open the app's own (tests).
    pub system_file_dialog: bool,
    /// Speak this language (`en`, `it`) whatever the settings say (tests); `None` takes
    /// the one chosen in the settings, else the system's.
    pub language: Option<String>,
}

pub use tavola_core::start::StartGame;

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The game chooser.
    Chooser,
    /// The game being played.
    Play,
    /// The plugins panel.
    Plugins,
    /// Play online: the form, or the network game in progress.
    Online,
    /// The puzzle trainer (`trainer`).
    Trainer,
    /// The analysis board (a copy of a game, a record or a position).
    Analysis,
}

/// The Tavola app: the settings and its parts (`app/parts/`: the library of plugins, the
/// screens, the dialogs, the saves).
pub struct TavolaApp {
    /// The plugins found, and how their code is run.
    library: parts::Library,
    settings: Settings,
    /// Where settings and the autosaved game live; `None` keeps nothing (tests).
    data_dir: Option<PathBuf>,
    /// What is on screen.
    screens: parts::Screens,
    /// The dialogs open over the screens.
    dialogs: parts::Dialogs,
    /// The autosave and what it has met.
    saves: parts::Saves,
    fullscreen: bool,
}

impl TavolaApp {
    /// The app over the plugins found in `dirs`.
    pub fn new(dirs: PluginDirs, config: AppConfig) -> Self {
        crate::plugins::forbid_in_process();
        let worker_exe = config
            .worker_exe
            .clone()
            .unwrap_or_else(crate::worker::default_exe);
        let inspector = Inspector::child(worker_exe.clone());
        let (settings, mut message) = Settings::load(config.data_dir.as_deref());
        let plugins = PluginSet::discover_with(dirs.clone(), &inspector)
            .with_choices(&settings.plugin_choices)
            .for_the_app();
        let language = config
            .language
            .clone()
            .or_else(|| settings.language.clone())
            .unwrap_or_else(|| crate::i18n::system_language().to_owned());
        crate::i18n::set_language(&language);
        let slot = config.data_dir.as_deref().and_then(|d| {
            SaveSlot::claim(d)
                .map_err(|e| message = Some(crate::tr!("autosave-off", error = e.to_string())))
                .ok()
        });
        let mut app = TavolaApp {
            library: parts::Library {
                plugins_signature: plugin_watch::signature(&dirs),
                dirs,
                plugins,
                next_scan: 0.0,
                scan: None,
                inspector,
                worker_exe,
                sandbox: crate::sandbox::system_state(),
            },
            settings,
            data_dir: config.data_dir,
            screens: parts::Screens::new(),
            dialogs: parts::Dialogs::new(config.system_file_dialog, message),
            saves: parts::Saves::new(slot),
            fullscreen: false,
        };
        app.remember_single_providers();
        if let Some(start) = config.start {
            // The last run's game is kept, never overwritten by this one's saves.
            app.keep_last_game();
            if let Err(e) = app.open_game(&start) {
                app.dialogs.message = Some(match app.dialogs.message.take() {
                    Some(kept) => format!("{kept}\n{e:#}"),
                    None => format!("{e:#}"),
                });
            }
        } else if !config.no_restore {
            app.restore_autosave();
        } else {
            app.keep_last_game();
        }
        app.mark_running();
        app.saves.recoverable = app.recoverable_count();
        app
    }

    /// The plugins the app knows.
    pub fn plugins(&self) -> &PluginSet {
        &self.library.plugins
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screens.screen
    }

    /// The game being played, if any.
    pub fn play_view(&self) -> Option<&Table> {
        self.screens.play.as_ref()
    }

    /// The game being played, if any, to change it.
    pub fn play_view_mut(&mut self) -> Option<&mut Table> {
        self.screens.play.as_mut()
    }

    /// The settings, to change them.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The message shown to the person, if any (an error they should read).
    pub fn message(&self) -> Option<&str> {
        self.dialogs.message.as_deref()
    }

    /// The new-game dialog, if open.
    pub fn new_game_dialog(&mut self) -> Option<&mut NewGameDialog> {
        self.dialogs.new_game.as_mut()
    }

    /// Draws the whole app into `ui` and runs its logic.
    pub fn app_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        ctx.set_visuals(if self.settings.dark {
            egui::Visuals::dark()
        } else {
            egui::Visuals::light()
        });
        self.watch_plugins(now);
        self.saves_reported();
        ctx.request_repaint_after(std::time::Duration::from_secs(2));
        self.shortcuts(&ctx);

        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui, &ctx));

        if self.screens.rules_open && self.at_table() {
            self.rules_ui(ui);
        }

        let step = self.settings.step_seconds;
        // The clocks run only while the board is on screen (see `clock`).
        let minimised = ctx.input(|i| i.viewport().minimized.unwrap_or(false));
        let board_seen = self.screens.screen == Screen::Play && !self.dialog_open() && !minimised;
        if let Some(play) = &mut self.screens.play {
            play.set_visible(board_seen);
        }
        // The local network is searched only while the *Play online* form shows it.
        if self.screens.screen != Screen::Online || self.screens.online.game.is_some() {
            self.screens.online.lan.stop();
        }
        match self.screens.screen {
            Screen::Chooser => self.chooser_screen(ui),
            Screen::Plugins => self.plugins_screen(ui),
            Screen::Online => self.online_screen(ui, now, step),
            Screen::Trainer => self.trainer_screen(ui, now, step),
            Screen::Analysis => self.analysis_screen(ui),
            Screen::Play => self.play_screen(ui, &ctx, now, step),
        }
        // The review stays with its game while another tab is shown (`review_check`
        // closes it when another game comes to the board).
        if self.screens.play.is_none() {
            self.screens.review = None;
        }
        self.after_play();
        self.poll_starting();
        self.dialogs_ui(&ctx);
        self.learn_ui(&ctx);
        self.starting_ui(&ctx);
    }

    /// The game at this computer: its logic, its board with the review docked under
    /// it, what the person asked for carried out; without a game, the chooser.
    fn play_screen(&mut self, ui: &mut egui::Ui, ctx: &egui::Context, now: f64, step: f64) {
        self.review_check(ctx);
        // The review walks the moves by the arrow keys: the board's own keys rest
        // while it is open, but at a drill's position they answer it (typed codes,
        // the arrows' focus and Enter), playing nothing.
        let (drill, played) = match (&self.screens.review, &self.screens.play) {
            (Some(review), Some(play)) => (review.awaits_answer(play), review.played_site(play)),
            _ => (false, None),
        };
        let keys = !self.dialog_open() && (self.screens.review.is_none() || drill);
        let Some(play) = &mut self.screens.play else {
            self.screens.screen = Screen::Chooser;
            return;
        };
        play.set_keys_enabled(keys);
        play.set_keys_answer(drill, played);
        play.set_drilling(
            self.screens
                .review
                .as_ref()
                .is_some_and(|r| r.drill_number().is_some()),
        );
        play.set_eval_bar(self.settings.eval_bar);
        play.logic(&repaint::Window(ctx), now, step);
        // The views only read the controller; what the person asked for is carried
        // out here, once per frame.
        let mut review_asked = Vec::new();
        let review = self.screens.review.as_ref();
        let intents = play.ui_with(ui, |ui, table| {
            if let Some(review) = review {
                review_asked = review.dock(ui, table);
            }
        });
        play.drawn();
        // During a review the board plays nothing (a move there answers the drill
        // shown): the record is never branched.
        let intents = match &mut self.screens.review {
            Some(review) => review.take_board_moves(play, intents),
            None => intents,
        };
        let commands: Vec<Command> = intents
            .into_iter()
            .filter_map(|intent| play.apply(intent, now, step))
            .collect();
        let answered = play.take_key_answers();
        if let Some(review) = &mut self.screens.review {
            review.take_key_answers(play, answered);
        }
        let never = play
            .searches
            .endgame
            .take_never()
            .then(|| play.session.plugin().id().to_owned());
        for command in commands {
            self.run_command(command, ctx);
        }
        if let Some(game) = never {
            self.settings.endgame_declined.push(game);
            self.save_settings();
        }
        self.review_actions(review_asked, now, step);
    }

    /// The rules of the game on screen, in a panel beside the board, with *Hide*.
    fn rules_ui(&mut self, ui: &mut egui::Ui) {
        // The rules of the game on screen: the network game's on its screen.
        let manifest = self
            .table()
            .map(|p| p.session().plugin().manifest().clone());
        // However narrow the window, the board keeps its room: the rules take what
        // is left beside it and the side panel.
        let width = ui.available_width();
        let most = (width - play_ui::SIDE_MIN - play_ui::BOARD_MIN).max(160.0);
        let mut hide = false;
        egui::Panel::left("rules")
            .default_size((width * 0.25).clamp(160.0, 360.0).min(most))
            .size_range(160.0..=most)
            .show(ui, |ui| {
                hide = ui.button(crate::tr!("rules-hide")).clicked();
                match &manifest {
                    Some(m) => self.screens.rules.ui(ui, m),
                    None => {
                        ui.label(crate::tr!("rules-none"));
                    }
                }
            });
        self.screens.rules_open &= !hide;
    }

    /// Whether a dialog is open (it then has the keyboard).
    fn dialog_open(&self) -> bool {
        self.dialogs.any_open()
            || self
                .screens
                .play
                .as_ref()
                .is_some_and(|p| p.asking().is_some())
    }

    fn chooser_screen(&mut self, ui: &mut egui::Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            let recoverable = self.saves.recoverable;
            if recoverable > 0 {
                ui.horizontal(|ui| {
                    ui.label(crate::tr!("recoverable-games", count = recoverable));
                    if ui.button(crate::tr!("cmd-recover")).clicked()
                        && let Some(dir) = &self.data_dir
                    {
                        self.dialogs.recover = Some(RecoverWindow::new(dir));
                    }
                });
            }
            let recent = self.settings.recent.clone();
            let quarantined = self.settings.quarantined.clone();
            let mut learn = None;
            let chosen =
                self.screens
                    .chooser
                    .ui(ui, &self.library.plugins, &recent, &quarantined, |ui| {
                        learn = analysis::learn_row(ui)
                    });
            if let Some(choice) = learn {
                self.learn_chosen(choice);
            }
            if let Some(id) = chosen {
                self.open_dialog(&id);
            }
        });
    }

    /// The *Play online* form (its choices).
    pub fn online_form_mut(&mut self) -> &mut online_form::OnlineForm {
        &mut self.screens.online.form
    }

    /// The list of games offered on the local network (*Play online → Join*).
    pub fn lan_list_mut(&mut self) -> &mut online_lan::LanList {
        &mut self.screens.online.lan
    }

    /// The network game in progress, if any.
    pub fn online(&self) -> Option<&online::OnlineGame> {
        self.screens.online.game.as_ref()
    }

    fn online_screen(&mut self, ui: &mut egui::Ui, now: f64, step: f64) {
        if self.screens.online.game.is_some() {
            self.online_game_screen(ui, now, step);
            return;
        }
        self.online_form_screen(ui);
    }

    /// The network game in progress: its bar and its table; what the person asked in
    /// either carried out.
    fn online_game_screen(&mut self, ui: &mut egui::Ui, now: f64, step: f64) {
        if let Some(game) = &mut self.screens.online.game {
            let ctx = ui.ctx().clone();
            game.logic(&ctx, now, step);
            let mut asked = Vec::new();
            let mut commands = Vec::new();
            if game.table().is_some() {
                egui::Panel::top("online_bar").show(ui, |ui| asked = game.bar_ui(ui));
                if let Some(table) = game.table_mut() {
                    table.set_keys_enabled(self.dialogs.message.is_none());
                    // The same table as a game at this computer: the views read it, the
                    // controller carries out what the person asked.
                    let intents = table.ui(ui);
                    table.drawn();
                    commands = intents
                        .into_iter()
                        .filter_map(|intent| table.apply(intent, now, step))
                        .collect();
                }
            } else {
                egui::CentralPanel::default().show(ui, |ui| asked = game.bar_ui(ui));
            }
            let mut close = false;
            for intent in asked {
                close |= game.apply(intent);
            }
            if close {
                self.screens.online.game = None;
                self.screens.online.form.rescan();
            }
            for command in commands {
                self.run_command(command, &ctx);
            }
        }
    }

    /// The *Play online* form, and the games found on this network.
    fn online_form_screen(&mut self, ui: &mut egui::Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            let exe = self.library.worker_exe.clone();
            let records = self.data_dir.as_ref().map(|d| d.join("online"));
            let mut intent =
                self.screens
                    .online
                    .form
                    .ui(ui, &self.library.plugins, records.as_deref());
            ui.separator();
            if let Some(found) = self.screens.online.lan.ui(ui) {
                self.screens.online.form.invite = found.invite.to_text();
                self.screens.online.form.watch = false;
                intent = Some(online_form::FormIntent::Join);
            }
            if intent.is_some() {
                self.screens.online.lan.stop();
            }
            let form = &self.screens.online.form;
            let settings = form.settings();
            self.screens.online.game =
                match intent {
                    Some(online_form::FormIntent::Offer) => {
                        match (form.game.clone(), form.options(&self.library.plugins)) {
                            (Some(game), Ok(options)) => Some(
                                online::OnlineGame::offer(
                                    &self.library.plugins,
                                    (&game, options, form.seat, form.time_control()),
                                    settings,
                                    exe,
                                    records,
                                )
                                .listed_on_lan(form.lan),
                            ),
                            _ => None,
                        }
                    }
                    Some(online_form::FormIntent::Join) => Some(online::OnlineGame::join(
                        &self.library.plugins,
                        (&form.invite, form.watch),
                        settings,
                        exe,
                        records,
                    )),
                    Some(online_form::FormIntent::Resume(path)) => Some(
                        online::OnlineGame::resume(&self.library.plugins, path, settings, exe),
                    ),
                    None => None,
                };
        });
    }

    fn plugins_screen(&mut self, ui: &mut egui::Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            let in_use = self
                .screens
                .play
                .as_ref()
                .map(|p| p.session().plugin().meta().clone());
            let context = plugins_panel::PanelContext {
                quarantined: &self.settings.quarantined,
                in_use: in_use.as_ref(),
                sandbox: &self.library.sandbox,
                blocked: &self.settings.blocked,
            };
            match self
                .screens
                .plugins_panel
                .ui(ui, &self.library.plugins, &context)
            {
                Some(PluginsAction::Rescan) => self.rescan(),
                Some(PluginsAction::OpenFolder) => {
                    plugin_watch::open_plugins_folder(&mut self.dialogs.message)
                }
                Some(PluginsAction::TryAgain(hash)) => {
                    self.settings.quarantined.retain(|h| *h != hash);
                    self.settings.crashes.remove(&hash);
                    self.save_settings();
                }
                Some(PluginsAction::Choose { id, path }) => self.choose_plugin(id, path),
                Some(PluginsAction::Close) => self.screens.screen = Screen::Chooser,
                Some(PluginsAction::BackToBoard) if self.screens.play.is_some() => {
                    self.screens.screen = Screen::Play;
                }
                Some(PluginsAction::BackToBoard) => self.screens.screen = Screen::Chooser,
                None => {}
            }
        });
    }

    /// After the play view ran: saves a changed record, counts a plugin's failure.
    fn after_play(&mut self) {
        let Some(play) = &mut self.screens.play else {
            return;
        };
        let dirty = play.take_dirty();
        let failure = play.failure().cloned();
        if dirty {
            self.autosave();
        }
        if self.saves.failure_is_new(failure.is_some())
            && let Some(f) = failure
        {
            if f.counts {
                self.plugin_failed(&f);
            } else {
                // Not the plugin's doing: the game is kept and saved all the same.
                self.autosave();
            }
        }
    }
}

/// `text` cut to about `max` characters for a label, with the cut said.
pub fn shorten(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max).collect();
    crate::tr!("shortened", kept = kept, more = count - max)
}

impl eframe::App for TavolaApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app_ui(ui);
    }

    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        self.save_state();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.shutdown();
    }
}

/// Opens the app window over the plugins in `dirs`, in `language` if given (`--lang`);
/// returns when it is closed.
pub fn run(
    dirs: PluginDirs,
    start: Option<StartGame>,
    no_restore: bool,
    language: Option<String>,
) -> Result<()> {
    // The user's plugins folder exists from the first start, so that "drop a plugin into
    // your plugins folder" (the Plugins panel's Open folder) names a real folder. Only a
    // folder the app searches is made: not with `--no-default-plugins`.
    if dirs.0.iter().any(|d| d.source == DirSource::UserData)
        && let Err(e) = crate::plugins::ensure_user_plugins_dir()
    {
        eprintln!(
            "{}",
            crate::tr!("plugins-folder-not-made", error = e.to_string())
        );
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tavola")
            .with_inner_size([1180.0, 760.0]),
        ..Default::default()
    };
    let config = AppConfig {
        data_dir: data_dir(),
        start,
        worker_exe: None,
        no_restore,
        // TAVOLA_FILE_DIALOG=app keeps the app's own file dialog.
        system_file_dialog: std::env::var("TAVOLA_FILE_DIALOG").map_or(true, |v| v != "app"),
        language,
    };
    eframe::run_native(
        "Tavola",
        options,
        Box::new(|cc| {
            let app = TavolaApp::new(dirs, config);
            crate::sound::start(app.settings.volume, app.settings.muted);
            terminate::quit_on_sigterm(
                cc.egui_ctx.clone(),
                app.saves.slot.as_ref().map(|s| s.marker()),
            );
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow!("the window could not be opened: {e}"))
}
