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
    /// The search field takes the keyboard at the next frame (*New game*, Ctrl+N).
    focus_search: bool,
    thumbnails: HashMap<String, Option<(Layout, Contents)>>,
}

impl GameChooser {
    /// Puts the keyboard in the search field at the next frame.
    pub fn focus_search(&mut self) {
        self.focus_search = true;
    }

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

    /// Draws the chooser (without the `quarantined` plugins, by content hash), the games
    /// matching the search best first (see [`rank`]), else by their names in the
    /// player's language, with `under_title` drawn under its title row (the *Learn*
    /// row); returns the id of the game clicked, or the first one's when Enter is
    /// pressed in the search field.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        plugins: &PluginSet,
        recent: &[String],
        quarantined: &[String],
        under_title: impl FnOnce(&mut egui::Ui),
    ) -> Option<String> {
        let entered = self.title_ui(ui);
        under_title(ui);
        let games: Vec<&Plugin> = plugins
            .games()
            .filter(|p| !quarantined.contains(&p.meta().hash))
            .collect();
        if games.is_empty() {
            ui.add_space(20.0);
            ui.label(crate::tr!("chooser-no-games"));
            return None;
        }
        let chosen = if self.search.is_empty() {
            recent_ui(ui, plugins, recent)
        } else {
            None
        };
        ui.add_space(8.0);
        let mut matching: Vec<(Rank, String, &Plugin)> = games
            .into_iter()
            .filter_map(|p| {
                let m = p.manifest();
                Some((rank(m, &self.search)?, fold(&m.name), p))
            })
            .collect();
        matching.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let matching: Vec<&Plugin> = matching.into_iter().map(|(_, _, p)| p).collect();
        if entered
            && !self.search.trim().is_empty()
            && let Some(first) = matching.first()
        {
            return Some(first.id().to_owned());
        }
        if matching.is_empty() {
            ui.add_space(20.0);
            ui.label(crate::tr!(
                "chooser-no-match",
                search = self.search.trim().to_owned()
            ));
            return chosen;
        }
        self.cards_ui(ui, matching).or(chosen)
    }

    /// The title row: the heading and the search field (focused when asked); whether
    /// Enter was pressed in the field.
    fn title_ui(&mut self, ui: &mut egui::Ui) -> bool {
        ui.horizontal(|ui| {
            ui.heading(crate::tr!("chooser-title"));
            ui.add_space(16.0);
            let label = ui.label(crate::tr!("chooser-search"));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.search)
                        .hint_text(crate::tr!("chooser-search-hint"))
                        .desired_width(200.0),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus_search) {
                field.request_focus();
            }
            field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
        })
        .inner
    }

    /// The games' cards in as many columns as the width holds, scrolling; the id of
    /// the one clicked.
    fn cards_ui(&mut self, ui: &mut egui::Ui, games: Vec<&Plugin>) -> Option<String> {
        let mut chosen = None;
        let columns = ((ui.available_width() + 12.0) / 270.0).floor().max(1.0) as usize;
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("game_cards")
                .spacing(Vec2::splat(12.0))
                .show(ui, |ui| {
                    for (i, plugin) in games.into_iter().enumerate() {
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
                                RichText::new(crate::i18n::tag(tag))
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
/// The recent games' row (when there are some); the id of the one clicked.
fn recent_ui(ui: &mut egui::Ui, plugins: &PluginSet, recent: &[String]) -> Option<String> {
    let recent_games: Vec<&Plugin> = recent.iter().filter_map(|id| plugins.game(id)).collect();
    if recent_games.is_empty() {
        return None;
    }
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(crate::tr!("chooser-recent")).strong());
        for p in recent_games {
            if ui.button(&p.manifest().name).clicked() {
                chosen = Some(p.id().to_owned());
            }
        }
    });
    chosen
}

#[cfg(test)]
fn matches(m: &game_api::Manifest, search: &str) -> bool {
    rank(m, search).is_some()
}

/// How well a game matches a search, the best lowest: where (its names, then its tags,
/// then its description), how (the whole text, its start, a word's start, inside a
/// word), and its own name before its other names and id.
pub type Rank = (u8, u8, u8);

/// How well `m` matches `search` ([`Rank`]), `None` when it does not; every game
/// matches an empty search, equally. "awale" finds Oware (another name, whole) before
/// Hawalis (inside "Hawalees"); "dakon" finds Dakon (its name) before Congkak (another).
pub fn rank(m: &game_api::Manifest, search: &str) -> Option<Rank> {
    let needle = fold(search);
    if needle.is_empty() {
        return Some((0, 0, 0));
    }
    let how = |text: &str| -> Option<u8> {
        let text = fold(text);
        if text == needle {
            Some(0)
        } else if text.starts_with(&needle) {
            Some(1)
        } else if text.contains(&format!(" {needle}")) {
            Some(2)
        } else if text.contains(&needle) {
            Some(3)
        } else {
            None
        }
    };
    let names = std::iter::once((0, m.name.as_str()))
        .chain(m.aliases.iter().map(|a| (1, a.as_str())))
        .chain(std::iter::once((1, m.id.as_str())))
        .filter_map(|(own, text)| how(text).map(|q| (0, q, own)));
    let tags = m.tags.iter().filter_map(|t| how(t).map(|q| (1, q, 0)));
    let description = how(&m.description).map(|q| (2, q, 0));
    names.chain(tags).chain(description).min()
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

    #[test]
    fn names_rank_before_other_names_and_whole_words_before_parts() {
        let oware = game_api::Manifest::new("oware", "Oware", "1.0.0")
            .with_aliases(&["Awalé", "Awari", "Ouril"]);
        let hawalis = game_api::Manifest::new("hawalis", "Hawalis", "1.0.0").with_aliases(&[
            "Hawalees",
            "Al Hawalees",
            "Bao la Kiarabu",
        ]);
        let congkak = game_api::Manifest::new("congkak", "Congkak", "1.0.0")
            .with_aliases(&["Congklak", "Dakon", "Sungka"]);
        let dakon = game_api::Manifest::new("dakon", "Dakon", "1.0.0");
        let kalah = game_api::Manifest::new("kalah", "Kalah", "1.0.0")
            .with_description("Sow seeds, as in Dakon, and capture.");
        assert!(rank(&oware, "awale") < rank(&hawalis, "awale"));
        assert!(rank(&dakon, "dakon") < rank(&congkak, "dakon"));
        assert!(rank(&congkak, "dakon") < rank(&kalah, "dakon"));
        assert!(rank(&oware, "ow") < rank(&oware, "war"));
        assert_eq!(rank(&kalah, ""), rank(&oware, ""));
    }
}
