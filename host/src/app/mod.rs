//! The desktop app. For now: the plugins found, with their status and the folders
//! searched. Game play arrives with the app issue.

mod plugins_panel;

pub use plugins_panel::PluginsPanel;

use crate::plugins::{PluginDirs, PluginSet};

/// The Tavola app.
pub struct TavolaApp {
    dirs: PluginDirs,
    plugins: PluginSet,
    plugins_panel: PluginsPanel,
}

impl TavolaApp {
    /// The app over the plugins found in `dirs`.
    pub fn new(dirs: PluginDirs) -> Self {
        let plugins = PluginSet::discover(dirs.clone());
        TavolaApp {
            dirs,
            plugins,
            plugins_panel: PluginsPanel::default(),
        }
    }

    /// The plugins the app knows.
    pub fn plugins(&self) -> &PluginSet {
        &self.plugins
    }

    /// Draws the whole app into `ui`.
    pub fn app_ui(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("title").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Tavola");
                ui.label(format!("{} games", self.plugins.games().count()));
                if ui.button("Rescan plugins").clicked() {
                    self.plugins = PluginSet::discover(self.dirs.clone());
                }
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.plugins_panel.ui(ui, &self.plugins);
        });
    }
}

impl eframe::App for TavolaApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app_ui(ui);
    }
}

/// Opens the app window over the plugins in `dirs`; returns when it is closed.
pub fn run(dirs: PluginDirs) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tavola")
            .with_inner_size([960.0, 640.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tavola",
        options,
        Box::new(|_cc| Ok(Box::new(TavolaApp::new(dirs)))),
    )
    .map_err(|e| anyhow::anyhow!("the window could not be opened: {e}"))
}
