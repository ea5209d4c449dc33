//! The game chooser: every loaded game as a card, with search and recent games.

use std::collections::HashMap;

use egui::{Color32, RichText, Sense, Vec2};
use game_api::Layout;

use super::board::{Contents, contents_of, paint_thumbnail};
use crate::plugins::{Plugin, PluginSet};

/// The chooser's state: the search text and the thumbnails drawn so far.
#[derive(Default)]
pub struct GameChooser {
    search: String,
    thumbnails: HashMap<String, Option<(Layout, Contents)>>,
}

impl GameChooser {
    /// Forgets the thumbnails (after the plugins changed).
    pub fn reset(&mut self) {
        self.thumbnails.clear();
    }

    /// The card's picture, from what inspecting the plugin found (no plugin call).
    fn thumbnail(&mut self, plugin: &Plugin) -> Option<&(Layout, Contents)> {
        self.thumbnails
            .entry(plugin.meta().hash.clone())
            .or_insert_with(|| {
                let t = plugin.thumbnail()?;
                Some((t.layout.clone(), contents_of(&t.view)))
            })
            .as_ref()
    }

    /// Draws the chooser (without the `quarantined` plugins, by content hash); returns the
    /// id of the game clicked.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        plugins: &PluginSet,
        recent: &[String],
        quarantined: &[String],
    ) -> Option<String> {
        let mut chosen = None;
        ui.horizontal(|ui| {
            ui.heading(crate::tr!("chooser-title"));
            ui.add_space(16.0);
            let label = ui.label(crate::tr!("chooser-search"));
            ui.add(
                egui::TextEdit::singleline(&mut self.search)
                    .hint_text(crate::tr!("chooser-search-hint"))
                    .desired_width(200.0),
            )
            .labelled_by(label.id);
        });
        let games: Vec<&Plugin> = plugins
            .games()
            .filter(|p| !quarantined.contains(&p.meta().hash))
            .collect();
        if games.is_empty() {
            ui.add_space(20.0);
            ui.label(crate::tr!("chooser-no-games"));
            return None;
        }
        let recent_games: Vec<&Plugin> = recent.iter().filter_map(|id| plugins.game(id)).collect();
        if !recent_games.is_empty() && self.search.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(crate::tr!("chooser-recent")).strong());
                for p in recent_games {
                    if ui.button(&p.manifest().name).clicked() {
                        chosen = Some(p.id().to_owned());
                    }
                }
            });
        }
        ui.add_space(8.0);
        let matching: Vec<&Plugin> = games
            .into_iter()
            .filter(|p| matches(p.manifest(), &self.search))
            .collect();
        if matching.is_empty() {
            ui.add_space(20.0);
            ui.label(crate::tr!(
                "chooser-no-match",
                search = self.search.trim().to_owned()
            ));
            return chosen;
        }
        let columns = ((ui.available_width() + 12.0) / 270.0).floor().max(1.0) as usize;
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("game_cards")
                .spacing(Vec2::splat(12.0))
                .show(ui, |ui| {
                    for (i, plugin) in matching.into_iter().enumerate() {
                        if self.card_ui(ui, plugin) {
                            chosen = Some(plugin.id().to_owned());
                        }
                        if (i + 1) % columns == 0 {
                            ui.end_row();
                        }
                    }
                });
        });
        chosen
    }

    /// One game's card; a click anywhere on it (or its Play button) opens the game.
    fn card_ui(&mut self, ui: &mut egui::Ui, plugin: &Plugin) -> bool {
        let m = plugin.manifest().clone();
        let thumbnail = self.thumbnail(plugin).cloned();
        let response = egui::Frame::group(ui.style())
            .fill(ui.visuals().extreme_bg_color)
            .show(ui, |ui| {
                ui.set_width(240.0);
                ui.vertical(|ui| {
                    let (rect, _) = ui.allocate_exact_size(Vec2::new(240.0, 110.0), Sense::hover());
                    match &thumbnail {
                        Some((layout, contents)) => {
                            paint_thumbnail(ui.painter(), rect, layout, contents)
                        }
                        None => {
                            ui.painter().rect_filled(rect, 4, Color32::DARK_GRAY);
                        }
                    }
                    ui.label(RichText::new(&m.name).heading());
                    let seats = if m.seats.min == m.seats.max {
                        crate::tr!("chooser-players", count = m.seats.min)
                    } else {
                        crate::tr!(
                            "chooser-players-range",
                            min = m.seats.min,
                            max = m.seats.max
                        )
                    };
                    ui.label(format!("{seats} · {}", m.seat_names.join(", ")));
                    if !m.description.is_empty() {
                        ui.label(RichText::new(&m.description).small());
                    }
                    ui.horizontal_wrapped(|ui| {
                        for tag in &m.tags {
                            ui.label(
                                RichText::new(tag)
                                    .small()
                                    .background_color(ui.visuals().faint_bg_color),
                            );
                        }
                    });
                    ui.button(crate::tr!("chooser-play", game = m.name.clone()))
                        .clicked()
                })
                .inner
            });
        let card = ui
            .interact(
                response.response.rect,
                ui.scope_id().with(("card", plugin.id())),
                Sense::click(),
            )
            .on_hover_cursor(egui::CursorIcon::PointingHand);
        response.inner || card.clicked()
    }
}

/// Text reduced for search: lower case, accents and other marks removed (`Ô Ăn Quan` →
/// `o an quan`), `đ` read as `d`, punctuation as spaces, runs of spaces as one.
pub fn fold(text: &str) -> String {
    use unicode_normalization::{UnicodeNormalization, char::is_combining_mark};
    let mut out = String::new();
    for c in text.nfd().filter(|c| !is_combining_mark(*c)) {
        let c = match c {
            'đ' | 'Đ' => 'd',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.extend(c.to_lowercase());
    }
    out.trim_end().to_owned()
}

/// Whether a game matches the search text: in its name, other names, id, tags or
/// description, folded (see [`fold`]). An empty search matches every game.
pub fn matches(m: &game_api::Manifest, search: &str) -> bool {
    let needle = fold(search);
    if needle.is_empty() {
        return true;
    }
    std::iter::once(&m.name)
        .chain(&m.aliases)
        .chain(std::iter::once(&m.id))
        .chain(&m.tags)
        .chain(std::iter::once(&m.description))
        .any(|text| fold(text).contains(&needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_folds_accents_and_matches_other_names() {
        assert_eq!(fold("Ô Ăn Quan"), "o an quan");
        assert_eq!(fold("  Azzanna la Zucca!  "), "azzanna la zucca");
        assert_eq!(fold("Đồng"), "dong");
        let oware = game_api::Manifest::new("oware", "Oware", "1.0.0").with_aliases(&["Awalé"]);
        assert!(matches(&oware, "awale"));
        assert!(matches(&oware, "AWALÉ"));
        assert!(matches(&oware, ""));
        assert!(!matches(&oware, "zucca"));
        let oaq = game_api::Manifest::new("o-an-quan", "Ô Ăn Quan", "1.0.0");
        assert!(matches(&oaq, "o an quan"));
        assert!(matches(&oaq, "Ăn"));
    }
}
