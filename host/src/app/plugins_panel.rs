use egui::{Color32, RichText};

use crate::plugins::{DirSource, PluginFile, PluginMeta, PluginSet, PluginStatus};

/// What the panel shows besides the files: the plugins set aside, and the one in use.
#[derive(Debug, Clone, Copy)]
pub struct PanelContext<'a> {
    /// Content hashes of the quarantined plugins.
    pub quarantined: &'a [String],
    /// The plugin of the game in progress, if any.
    pub in_use: Option<&'a PluginMeta>,
    /// How the processes that run plugins are confined.
    pub sandbox: &'a crate::sandbox::SandboxState,
    /// What each plugin (by content hash) last tried that the sandbox refused.
    pub blocked: &'a std::collections::BTreeMap<String, String>,
}

/// The list of plugin files with their status, and the folders searched.
#[derive(Debug, Default)]
pub struct PluginsPanel {
    /// The file whose long report is open.
    details_open: Option<std::path::PathBuf>,
    /// The search box's text: only the files whose game, file name or status contain
    /// it (any case) are listed.
    filter: String,
}

impl PluginsPanel {
    /// Draws the panel; returns what the person asked for.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        set: &PluginSet,
        context: &PanelContext<'_>,
    ) -> Option<PluginsAction> {
        let mut action = None;
        ui.horizontal(|ui| {
            ui.heading(crate::tr!("cmd-plugins"));
            if ui.button(crate::tr!("plugins-rescan")).clicked() {
                action = Some(PluginsAction::Rescan);
            }
            if ui.button(crate::tr!("plugins-back")).clicked() {
                action = Some(PluginsAction::Close);
            }
            if context.in_use.is_some() && ui.button(crate::tr!("plugins-back-to-board")).clicked()
            {
                action = Some(PluginsAction::BackToBoard);
            }
        });
        if let Some(folder) = set.dirs.0.iter().find(|d| d.source == DirSource::UserData) {
            ui.horizontal_wrapped(|ui| {
                ui.strong(crate::tr!("plugins-your-folder"));
                ui.monospace(folder.path.display().to_string());
                if ui.button(crate::tr!("plugins-open-folder")).clicked() {
                    action = Some(PluginsAction::OpenFolder);
                }
            });
            ui.label(crate::tr!("plugins-your-folder-hint"));
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filter)
                    .hint_text(crate::tr!("plugins-search"))
                    .desired_width(240.0),
            );
        });
        // Everything below scrolls: a long list (a folder of data files) must reach its
        // last row, whatever the window's height.
        egui::ScrollArea::vertical()
            .id_salt("plugins_panel_scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| self.body(ui, set, context, &mut action));
        action
    }

    /// Whether `file` is listed under the search box's text.
    fn shown(&self, file: &PluginFile) -> bool {
        let needle = self.filter.trim().to_lowercase();
        if needle.is_empty() {
            return true;
        }
        let name = file.plugin().map(|p| p.manifest().name.clone());
        [
            name.unwrap_or_default(),
            file.path.display().to_string(),
            file.status_word().to_string(),
        ]
        .iter()
        .any(|text| text.to_lowercase().contains(&needle))
    }

    /// The sandbox line, the problems, the files and the folders.
    fn body(
        &mut self,
        ui: &mut egui::Ui,
        set: &PluginSet,
        context: &PanelContext<'_>,
        action: &mut Option<PluginsAction>,
    ) {
        sandbox_line_ui(ui, context.sandbox);
        ui.add_space(4.0);
        for problem in &set.problems {
            ui.colored_label(
                Color32::from_rgb(190, 50, 50),
                format!("{}: {}", problem.path.display(), problem.reason),
            );
        }
        if set.files.is_empty() && set.problems.is_empty() {
            ui.label(crate::tr!("plugins-none"));
        }
        let shown: Vec<&PluginFile> = set.files.iter().filter(|f| self.shown(f)).collect();
        egui::Grid::new("plugin_files")
            .striped(true)
            .num_columns(4)
            .spacing([16.0, 6.0])
            .show(ui, |ui| {
                ui.strong(crate::tr!("plugins-game"));
                ui.strong(crate::tr!("plugins-version"));
                ui.strong(crate::tr!("plugins-status"));
                ui.strong(crate::tr!("plugins-file"));
                ui.end_row();
                for file in shown {
                    let plugin = file.plugin();
                    ui.label(plugin.map_or("—".to_owned(), |p| p.manifest().name.clone()));
                    ui.label(plugin.map_or("—".to_owned(), |p| p.manifest().version.clone()));
                    status_ui(ui, file, context, action);
                    ui.vertical(|ui| self.file_ui(ui, file, context, action));
                    ui.end_row();
                }
            });
        folders_ui(ui, set);
    }

    /// The file column of a row: its path, description, reasons, notes and warnings, the
    /// "use this" button, what its sandbox blocked, an update waiting, and its details.
    fn file_ui(
        &mut self,
        ui: &mut egui::Ui,
        file: &PluginFile,
        context: &PanelContext<'_>,
        action: &mut Option<PluginsAction>,
    ) {
        ui.monospace(file.path.display().to_string());
        if let PluginStatus::Loaded(p) = &file.status
            && !p.manifest().description.is_empty()
        {
            ui.label(&p.manifest().description);
        }
        if let Some(reason) = file.reason() {
            ui.label(RichText::new(super::shorten(&reason, 400)).italics());
        }
        if let Some(note) = file.note() {
            ui.label(RichText::new(super::shorten(&note, 400)).italics());
        }
        for warning in file.warnings() {
            let text = crate::tr!("plugins-warning", warning = super::shorten(warning, 400));
            ui.label(RichText::new(text).color(Color32::from_rgb(180, 120, 0)));
        }
        if let PluginStatus::Shadowed { plugin, .. } = &file.status
            && ui
                .small_button(crate::tr!("plugins-use-this"))
                .on_hover_text(crate::tr!("plugins-use-this-hint"))
                .clicked()
        {
            *action = Some(PluginsAction::Choose {
                id: plugin.id().to_owned(),
                path: file.path.clone(),
            });
        }
        if let Some(blocked) = file.hash.as_ref().and_then(|h| context.blocked.get(h)) {
            ui.label(
                RichText::new(crate::tr!("plugins-blocked", blocked = blocked.clone()))
                    .color(Color32::from_rgb(190, 50, 50)),
            );
        }
        update_waiting_ui(ui, file, context);
        if let PluginStatus::Refused(e) = &file.status
            && let Some(details) = e.details()
        {
            self.details_ui(ui, file, details);
        }
    }

    /// The button that opens or closes a refused file's long report, and the report.
    fn details_ui(&mut self, ui: &mut egui::Ui, file: &PluginFile, details: &str) {
        let open = self.details_open.as_ref() == Some(&file.path);
        if ui
            .small_button(if open {
                crate::tr!("plugins-hide-details")
            } else {
                crate::tr!("plugins-details")
            })
            .clicked()
        {
            self.details_open = if open { None } else { Some(file.path.clone()) };
        }
        if open {
            egui::ScrollArea::vertical()
                .id_salt(&file.path)
                .max_height(200.0)
                .show(ui, |ui| ui.monospace(details));
        }
    }
}

/// How plugin code is confined, in a player's words (how it is done, the kernel's
/// features, on hover): green when sandboxed, amber and strong when not available, red
/// and strong when off.
fn sandbox_line_ui(ui: &mut egui::Ui, sandbox: &crate::sandbox::SandboxState) {
    use crate::sandbox::SandboxState;
    let (colour, strong) = match sandbox {
        SandboxState::Sandboxed { .. } => (Color32::from_rgb(40, 150, 60), false),
        SandboxState::Unavailable { .. } => (Color32::from_rgb(190, 130, 30), true),
        SandboxState::Off => (Color32::from_rgb(220, 40, 40), true),
    };
    let (line, how) = match sandbox {
        SandboxState::Sandboxed { features } => (
            crate::tr!("plugins-sandbox-safe"),
            Some(crate::tr!(
                "plugins-sandbox-how",
                features = features.clone()
            )),
        ),
        other => (
            crate::tr!("plugins-sandbox", state = other.to_string()),
            None,
        ),
    };
    let text = RichText::new(line).color(colour);
    let label = ui.label(if strong { text.strong() } else { text });
    if let Some(how) = how {
        label.on_hover_text(how);
    }
}

/// The status column of a row: the status word in its colour, or "quarantined" with
/// its "try again" button.
fn status_ui(
    ui: &mut egui::Ui,
    file: &PluginFile,
    context: &PanelContext<'_>,
    action: &mut Option<PluginsAction>,
) {
    let quarantined = file
        .hash
        .as_ref()
        .is_some_and(|h| context.quarantined.contains(h));
    if !quarantined {
        let colour = match &file.status {
            PluginStatus::Loaded(_) => Color32::from_rgb(40, 150, 60),
            PluginStatus::Shadowed { .. } => Color32::from_rgb(150, 130, 30),
            // Not a fault: a test fixture a release build does not offer.
            PluginStatus::Refused(crate::plugins::LoadError::TestFixture) => Color32::GRAY,
            PluginStatus::Refused(_) => Color32::from_rgb(190, 50, 50),
        };
        ui.label(RichText::new(file.status_word()).color(colour).strong());
        return;
    }
    ui.vertical(|ui| {
        ui.label(
            RichText::new(crate::tr!("plugins-quarantined"))
                .color(Color32::from_rgb(190, 50, 50))
                .strong(),
        )
        .on_hover_text(crate::tr!("plugins-quarantined-hint"));
        if ui.small_button(crate::tr!("plugins-try-again")).clicked()
            && let Some(hash) = &file.hash
        {
            *action = Some(PluginsAction::TryAgain(hash.clone()));
        }
    });
}

/// "An update is waiting" when the game in progress plays another build of this loaded
/// plugin.
fn update_waiting_ui(ui: &mut egui::Ui, file: &PluginFile, context: &PanelContext<'_>) {
    if let (Some(used), Some(p)) = (context.in_use, file.plugin())
        && used.inspection.manifest.id == p.id()
        && used.hash != p.meta().hash
        && matches!(file.status, PluginStatus::Loaded(_))
    {
        ui.label(
            RichText::new(crate::tr!(
                "plugins-update-waiting",
                playing = used.inspection.manifest.version.clone(),
                new = p.manifest().version.clone()
            ))
            .color(Color32::from_rgb(150, 130, 30)),
        );
    }
}

/// The folders searched, each with its source, and whether it exists.
fn folders_ui(ui: &mut egui::Ui, set: &PluginSet) {
    ui.add_space(12.0);
    ui.heading(crate::tr!("plugins-folders"));
    ui.label(crate::tr!("plugins-drop-hint"));
    for dir in &set.dirs.0 {
        ui.horizontal(|ui| {
            ui.monospace(dir.path.display().to_string());
            ui.label(format!("({})", dir.source));
            if !dir.path.is_dir() {
                ui.label(RichText::new(crate::tr!("plugins-no-folder")).weak());
            }
        });
    }
}

/// What the plugins panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PluginsAction {
    /// Offer a quarantined plugin (by content hash) again.
    TryAgain(String),
    /// Use this file for this game id from now on (the user's choice).
    Choose {
        /// The game id.
        id: String,
        /// The file chosen.
        path: std::path::PathBuf,
    },
    /// Search the folders again.
    Rescan,
    /// Show the user's plugins folder in the system's file manager.
    OpenFolder,
    /// Go back to the game chooser.
    Close,
    /// Go back to the game in progress.
    BackToBoard,
}
