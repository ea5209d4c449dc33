//! The desktop app: choose a game, set it up, play it against people or bots, undo,
//! replay, save and load; read the rules; see the plugins. Every game is reached through
//! the game-api alone.

mod animation;
mod board;
mod chooser;
mod command;
mod file_dialog;
mod new_game;
mod play_view;
mod plugins_panel;
mod rules_panel;
mod settings;

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
pub use board::{BoardResponse, BoardView, Contents, Marks, paint_piece, seat_colour};
pub use command::Command;
pub use new_game::{DialogOutcome, NewGameDialog, NewGameRequest};
pub use play_view::PlayView;
pub use plugins_panel::{PluginsAction, PluginsPanel};
pub use settings::{Settings, data_dir};

use self::{
    chooser::GameChooser,
    file_dialog::{FileDialog, Mode, Outcome},
    rules_panel::RulesPanel,
};
use crate::{
    plugins::{PluginDirs, PluginSet},
    record::Record,
    session::{SeatKind, Session},
};

/// How the app starts.
#[derive(Debug, Clone, Default)]
pub struct AppConfig {
    /// Where settings and the autosaved game live; `None` keeps nothing (tests).
    pub data_dir: Option<PathBuf>,
    /// Start straight into this game instead of the chooser (or the autosaved game).
    pub start: Option<StartGame>,
}

/// A game to open at start.
#[derive(Debug, Clone, Default)]
pub struct StartGame {
    /// The game's id.
    pub game: String,
    /// `KEY=VALUE` options.
    pub options: Vec<String>,
    /// Who sits in each seat (`human` or a bot name); missing seats are people.
    pub seats: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// Random moves to play before showing the board (for screenshots).
    pub moves: usize,
}

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The game chooser.
    Chooser,
    /// The game being played.
    Play,
    /// The plugins panel.
    Plugins,
}

/// The Tavola app.
pub struct TavolaApp {
    dirs: PluginDirs,
    plugins: PluginSet,
    plugins_signature: Vec<(PathBuf, u64, Option<std::time::SystemTime>)>,
    next_scan: f64,
    settings: Settings,
    data_dir: Option<PathBuf>,
    screen: Screen,
    chooser: GameChooser,
    new_game: Option<NewGameDialog>,
    play: Option<PlayView>,
    rules_open: bool,
    rules: RulesPanel,
    plugins_panel: PluginsPanel,
    file_dialog: Option<FileDialog>,
    message: Option<String>,
    fullscreen: bool,
}

impl TavolaApp {
    /// The app over the plugins found in `dirs`.
    pub fn new(dirs: PluginDirs, config: AppConfig) -> Self {
        let plugins = PluginSet::discover(dirs.clone());
        let settings = Settings::load(config.data_dir.as_deref());
        let mut app = TavolaApp {
            plugins_signature: signature(&dirs),
            dirs,
            plugins,
            next_scan: 0.0,
            settings,
            data_dir: config.data_dir,
            screen: Screen::Chooser,
            chooser: GameChooser::default(),
            new_game: None,
            play: None,
            rules_open: false,
            rules: RulesPanel::default(),
            plugins_panel: PluginsPanel::default(),
            file_dialog: None,
            message: None,
            fullscreen: false,
        };
        if let Some(start) = config.start {
            if let Err(e) = app.open_game(&start) {
                app.message = Some(format!("{e:#}"));
            }
        } else {
            app.restore_autosave();
        }
        app
    }

    /// The plugins the app knows.
    pub fn plugins(&self) -> &PluginSet {
        &self.plugins
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The game being played, if any.
    pub fn play_view(&self) -> Option<&PlayView> {
        self.play.as_ref()
    }

    /// The game being played, if any, to change it.
    pub fn play_view_mut(&mut self) -> Option<&mut PlayView> {
        self.play.as_mut()
    }

    /// The settings, to change them.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The message shown to the person, if any (an error they should read).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The new-game dialog, if open.
    pub fn new_game_dialog(&mut self) -> Option<&mut NewGameDialog> {
        self.new_game.as_mut()
    }

    fn autosave_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join("autosave.json"))
    }

    fn restore_autosave(&mut self) {
        let Some(path) = self.autosave_path().filter(|p| p.exists()) else {
            return;
        };
        if let Err(e) = self.load_from(&path) {
            self.message = Some(format!("The game in progress could not be restored: {e:#}"));
        }
    }

    /// Starts a game as the new-game dialog would.
    pub fn start(&mut self, request: NewGameRequest) -> Result<()> {
        let plugin = self
            .plugins
            .require(&request.game)
            .map_err(|e| anyhow!(e))?
            .clone();
        let session = Session::new(&plugin, &request.options, request.seats, request.seed, None)?;
        self.play = Some(PlayView::new(session)?);
        self.screen = Screen::Play;
        self.settings.played(&request.game);
        Ok(())
    }

    fn open_game(&mut self, start: &StartGame) -> Result<()> {
        let plugin = self
            .plugins
            .require(&start.game)
            .map_err(|e| anyhow!(e))?
            .clone();
        let options = plugin.parse_options(&start.options)?;
        let count = usize::from(plugin.new_game(&options)?.seat_count()?);
        let seats = (0..count)
            .map(|i| {
                start
                    .seats
                    .get(i)
                    .map_or(SeatKind::Person, |s| SeatKind::from_record_name(s))
            })
            .collect();
        self.start(NewGameRequest {
            game: start.game.clone(),
            options,
            seats,
            seed: start.seed,
        })?;
        if let Some(play) = &mut self.play {
            let mut rng = game_api::Rng::with_seed(start.seed);
            for _ in 0..start.moves {
                let moves = play.legal_moves().to_vec();
                if moves.is_empty() {
                    break;
                }
                play.play(moves[rng.below(moves.len())].id, 0.0, 0.0);
            }
            play.paused = start.moves > 0;
        }
        Ok(())
    }

    /// Saves the game being played to `path`.
    pub fn save_to(&mut self, path: &Path) -> Result<()> {
        let play = self
            .play
            .as_ref()
            .ok_or_else(|| anyhow!("no game is being played"))?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        play.session().record().write(path)?;
        Ok(())
    }

    /// Loads a saved game from `path`. A bad file changes nothing.
    pub fn load_from(&mut self, path: &Path) -> Result<()> {
        let record = Record::read(path)?;
        let (session, warnings) = Session::from_record(&self.plugins, record)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let mut play = PlayView::new(session)?;
        play.paused = true;
        self.settings.played(play.session().plugin().id());
        self.play = Some(play);
        self.screen = Screen::Play;
        if !warnings.is_empty() {
            self.message = Some(warnings.join("\n"));
        }
        Ok(())
    }

    /// Writes the settings and the game in progress (called on exit and periodically).
    pub fn save_state(&mut self) {
        let Some(dir) = self.data_dir.clone() else {
            return;
        };
        let _ = self.settings.save(&dir);
        if let Some(path) = self.autosave_path() {
            match &self.play {
                Some(play) => {
                    let _ = play.session().record().write(&path);
                }
                None => {
                    let _ = std::fs::remove_file(path);
                }
            }
        }
    }

    fn games_dir(&self) -> PathBuf {
        self.data_dir
            .as_ref()
            .map(|d| d.join("games"))
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// Carries out a command.
    pub fn run_command(&mut self, command: Command, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let step = self.settings.step_seconds;
        match command {
            Command::NewGame => self.screen = Screen::Chooser,
            Command::Restart => {
                if let Some(play) = &self.play {
                    let s = play.session();
                    let request = NewGameRequest {
                        game: s.plugin().id().to_owned(),
                        options: s.game().options().clone(),
                        seats: s.seats().to_vec(),
                        seed: s.record().seed.unwrap_or(0).wrapping_add(1),
                    };
                    if let Err(e) = self.start(request) {
                        self.message = Some(format!("{e:#}"));
                    }
                }
            }
            Command::Undo => self.with_play(|p| p.undo()),
            Command::Redo => self.with_play(|p| p.redo(now, step)),
            Command::Hint => self.with_play(|p| p.hint(ctx)),
            Command::PauseResume => self.with_play(|p| p.pause_resume()),
            Command::Replay => self.with_play(|p| p.replay(now)),
            Command::SkipAnimation => self.with_play(|p| p.skip_animation()),
            Command::FlipBoard => self.with_play(|p| p.board.flipped = !p.board.flipped),
            Command::Save => {
                if self.play.is_some() {
                    let dir = self.games_dir();
                    let _ = std::fs::create_dir_all(&dir);
                    let name = self
                        .play
                        .as_ref()
                        .map_or("game".into(), |p| p.session().plugin().id().to_owned());
                    self.file_dialog =
                        Some(FileDialog::new(Mode::Save, &dir, &format!("{name}.json")));
                }
            }
            Command::Load => {
                let dir = self.games_dir();
                self.file_dialog = Some(FileDialog::new(Mode::Open, &dir, ""));
            }
            Command::Fullscreen => {
                self.fullscreen = !self.fullscreen;
                ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
            }
            Command::Rules => self.rules_open = !self.rules_open,
            Command::Plugins => self.screen = Screen::Plugins,
            Command::ToggleTheme => self.settings.dark = !self.settings.dark,
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
        }
    }

    fn with_play(&mut self, f: impl FnOnce(&mut PlayView)) {
        if let Some(p) = &mut self.play {
            f(p);
        }
    }

    /// Looks for added, removed or changed libraries (at most every two seconds, by the
    /// app's clock `now`) and reloads the plugins when the folders changed.
    pub fn watch_plugins(&mut self, now: f64) {
        if now < self.next_scan {
            return;
        }
        self.next_scan = now + 2.0;
        let current = signature(&self.dirs);
        if current != self.plugins_signature {
            self.plugins_signature = current;
            self.rescan();
        }
    }

    fn rescan(&mut self) {
        self.plugins = PluginSet::discover(self.dirs.clone());
        self.chooser.reset();
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
        ctx.request_repaint_after(std::time::Duration::from_secs(2));
        for command in Command::pressed(&ctx) {
            self.run_command(command, &ctx);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui, &ctx));

        if self.rules_open {
            let manifest = self
                .play
                .as_ref()
                .map(|p| p.session().plugin().manifest().clone());
            egui::Panel::left("rules")
                .default_size(360.0)
                .show(ui, |ui| match &manifest {
                    Some(m) => self.rules.ui(ui, m),
                    None => {
                        ui.label("Start a game to read its rules.");
                    }
                });
        }

        let step = self.settings.step_seconds;
        match self.screen {
            Screen::Chooser => {
                egui::CentralPanel::default().show(ui, |ui| {
                    let recent = self.settings.recent.clone();
                    if let Some(id) = self.chooser.ui(ui, &self.plugins, &recent)
                        && let Some(plugin) = self.plugins.game(&id)
                    {
                        self.new_game =
                            Some(NewGameDialog::new(plugin, fastrand::u64(..1_000_000)));
                    }
                });
            }
            Screen::Plugins => {
                egui::CentralPanel::default().show(ui, |ui| {
                    match self.plugins_panel.ui(ui, &self.plugins) {
                        Some(PluginsAction::Rescan) => self.rescan(),
                        Some(PluginsAction::OpenFolder) => open_plugins_folder(&mut self.message),
                        Some(PluginsAction::Close) => {
                            self.screen = if self.play.is_some() {
                                Screen::Play
                            } else {
                                Screen::Chooser
                            }
                        }
                        None => {}
                    }
                });
            }
            Screen::Play => {
                if let Some(play) = &mut self.play {
                    play.logic(&ctx, now, step);
                    for command in play.ui(ui, now, step) {
                        self.run_command(command, &ctx);
                    }
                } else {
                    self.screen = Screen::Chooser;
                }
            }
        }

        if let Some(dialog) = &mut self.new_game {
            match dialog.ui(&ctx) {
                DialogOutcome::Open => {}
                DialogOutcome::Cancelled => self.new_game = None,
                DialogOutcome::Start(request) => {
                    self.new_game = None;
                    if let Err(e) = self.start(request) {
                        self.message = Some(format!("{e:#}"));
                    }
                }
            }
        }
        if let Some(dialog) = &mut self.file_dialog {
            let mode_save = self.play.is_some() && dialog_is_save(dialog);
            match dialog.ui(&ctx) {
                Outcome::Open => {}
                Outcome::Cancelled => self.file_dialog = None,
                Outcome::Chosen(path) => {
                    self.file_dialog = None;
                    let result = if mode_save {
                        self.save_to(&path)
                    } else {
                        self.load_from(&path)
                    };
                    if let Err(e) = result {
                        self.message = Some(format!("{e:#}"));
                    }
                }
            }
        }
        if let Some(message) = self.message.clone() {
            let modal = egui::Modal::new(egui::Id::unique("message")).show(&ctx, |ui| {
                ui.set_max_width(480.0);
                ui.label(message);
                ui.button("OK").clicked()
            });
            if modal.inner || modal.should_close() {
                self.message = None;
            }
        }
    }

    fn menu_ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        let playing = self.play.is_some();
        let mut chosen = None;
        egui::MenuBar::new().ui(ui, |ui| {
            for menu in ["Game", "Play", "View"] {
                ui.menu_button(menu, |ui| {
                    for command in Command::ALL.into_iter().filter(|c| c.menu() == menu) {
                        let enabled = match command {
                            Command::Restart
                            | Command::Save
                            | Command::Undo
                            | Command::Redo
                            | Command::Hint
                            | Command::PauseResume
                            | Command::Replay
                            | Command::SkipAnimation
                            | Command::FlipBoard => playing,
                            _ => true,
                        };
                        if command.menu_item(ui, enabled) {
                            chosen = Some(command);
                        }
                    }
                    if menu == "View" {
                        ui.separator();
                        ui.label("Animation speed");
                        ui.add(
                            egui::Slider::new(&mut self.settings.step_seconds, 0.0..=0.6)
                                .suffix(" s/step"),
                        );
                    }
                });
            }
            ui.separator();
            for (screen, label) in [
                (Screen::Chooser, "Games"),
                (Screen::Play, "Board"),
                (Screen::Plugins, "Plugins"),
            ] {
                if (screen != Screen::Play || playing)
                    && ui.selectable_label(self.screen == screen, label).clicked()
                {
                    self.screen = screen;
                }
            }
            if playing && ui.selectable_label(self.rules_open, "Rules").clicked() {
                self.rules_open = !self.rules_open;
            }
        });
        if let Some(c) = chosen {
            self.run_command(c, ctx);
        }
    }
}

fn dialog_is_save(dialog: &FileDialog) -> bool {
    dialog.mode() == Mode::Save
}

/// The library files of the plugin folders with their sizes and times, to notice changes.
fn signature(dirs: &PluginDirs) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    dirs.library_files()
        .into_iter()
        .map(|(p, _)| {
            let meta = std::fs::metadata(&p).ok();
            let len = meta.as_ref().map_or(0, |m| m.len());
            let modified = meta.and_then(|m| m.modified().ok());
            (p, len, modified)
        })
        .collect()
}

fn open_plugins_folder(message: &mut Option<String>) {
    let Some(dir) = crate::plugins::user_plugins_dir() else {
        *message = Some("This system has no user data folder.".into());
        return;
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        *message = Some(format!("{}: {e}", dir.display()));
        return;
    }
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(&dir).spawn() {
        *message = Some(format!(
            "The plugins folder is {} ({opener} failed: {e})",
            dir.display()
        ));
    }
}

impl eframe::App for TavolaApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app_ui(ui);
    }

    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        self.save_state();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_state();
    }
}

/// Opens the app window over the plugins in `dirs`; returns when it is closed.
pub fn run(dirs: PluginDirs, start: Option<StartGame>) -> Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tavola")
            .with_inner_size([1180.0, 760.0]),
        ..Default::default()
    };
    let config = AppConfig {
        data_dir: data_dir(),
        start,
    };
    eframe::run_native(
        "Tavola",
        options,
        Box::new(|_cc| Ok(Box::new(TavolaApp::new(dirs, config)))),
    )
    .map_err(|e| anyhow!("the window could not be opened: {e}"))
}
