//! The rules of the game being played, rendered from the plugin's Markdown.

use egui_commonmark::{CommonMarkCache, CommonMarkViewer};
use game_api::Manifest;

/// The rules panel.
#[derive(Default)]
pub struct RulesPanel {
    cache: CommonMarkCache,
    lang: usize,
}

impl RulesPanel {
    /// Draws the rules of `manifest`.
    pub fn ui(&mut self, ui: &mut egui::Ui, manifest: &Manifest) {
        if manifest.rules.is_empty() {
            ui.label(crate::tr!("rules-missing", game = manifest.name.clone()));
            return;
        }
        if manifest.rules.len() > 1 {
            ui.horizontal(|ui| {
                for (i, r) in manifest.rules.iter().enumerate() {
                    ui.selectable_value(&mut self.lang, i, &r.lang);
                }
            });
        }
        let text = &manifest.rules[self.lang.min(manifest.rules.len() - 1)].markdown;
        egui::ScrollArea::vertical()
            .id_salt("rules")
            .show(ui, |ui| {
                CommonMarkViewer::new().show(ui, &mut self.cache, text);
            });
    }
}
