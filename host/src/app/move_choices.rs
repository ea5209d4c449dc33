//! The person's choice of a move beyond the board's sites: the bar of moves made without
//! a site, the buttons beside a site shared by several moves, and the preview of the move
//! pointed at (see [`move_preview`](super::move_preview)). Each returns the move pointed
//! at, so that the play view previews it.

use egui::RichText;
use game_api::{MoveId, Turn};

use super::{Intent, Table, play_ui::key_label};

impl Table {
    /// The bar of moves made without a site (a Herd's direction, a pass), above the board.
    /// Once a game has used it, its row stays, empty when there is nothing to choose, so
    /// the board does not jump up and down from turn to turn.
    /// Returns the move whose button is pointed at.
    pub(super) fn choices_ui(
        &self,
        ui: &mut egui::Ui,
        intents: &mut Vec<Intent>,
    ) -> Option<MoveId> {
        let complete: Vec<(MoveId, String, Option<String>)> =
            if self.person_to_move() && self.input.path.is_empty() {
                self.candidates()
                    .iter()
                    .filter(|m| m.sites.is_empty())
                    .map(|m| {
                        (
                            m.id,
                            m.choice.clone().unwrap_or_else(|| m.notation.clone()),
                            m.key.clone(),
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
        if !self.position.uses_move_bar && complete.is_empty() {
            return None;
        }
        let (mut chosen, mut pointed) = (None, None);
        ui.horizontal_wrapped(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y + 4.0);
            if complete.is_empty() {
                return;
            }
            ui.label(crate::tr!("play-moves-bar"));
            for (mv, label, key) in &complete {
                let text = match key {
                    Some(k) => format!("{label} ({})", key_label(k)),
                    None => label.clone(),
                };
                let button = ui.button(text);
                if button.clicked() {
                    chosen = Some(*mv);
                }
                if button.hovered() || button.has_focus() {
                    pointed = Some(*mv);
                }
            }
        });
        intents.extend(chosen.map(Intent::Play));
        pointed
    }

    /// When the clicked sites are shared by several moves (a sowing direction, say), their
    /// choices appear as buttons beside the last site clicked, with their keys. Returns
    /// the move whose button is pointed at.
    pub(super) fn choices_beside_site_ui(
        &self,
        ui: &mut egui::Ui,
        rects: &[egui::Rect],
        intents: &mut Vec<Intent>,
    ) -> Option<MoveId> {
        if !self.person_to_move() || self.input.path.is_empty() {
            return None;
        }
        let choices: Vec<(MoveId, String)> = self
            .candidates()
            .iter()
            .filter(|m| m.sites == self.input.path)
            .map(|m| {
                let label = m.choice.clone().unwrap_or_else(|| m.notation.clone());
                let key = m
                    .key
                    .as_deref()
                    .map_or_else(String::new, |k| format!(" ({})", key_label(k)));
                (m.id, format!("{label}{key}"))
            })
            .collect();
        if choices.len() < 2 {
            return None;
        }
        let rect = self
            .input
            .path
            .last()
            .and_then(|s| rects.get(usize::from(s.0)))?;
        let (mut chosen, mut pointed) = (None, None);
        egui::Area::new(egui::Id::unique("move_choices"))
            // Below the site, centred: the sites beside it (the next ones a sowing
            // reaches) stay in sight.
            .pivot(egui::Align2::CENTER_TOP)
            .fixed_pos(rect.center_bottom() + egui::vec2(0.0, 4.0))
            .order(egui::Order::Foreground)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    for (mv, label) in &choices {
                        let button = ui.button(label);
                        if button.clicked() {
                            chosen = Some(*mv);
                        }
                        if button.hovered() || button.has_focus() {
                            pointed = Some(*mv);
                        }
                    }
                });
            });
        intents.extend(chosen.map(Intent::Play));
        pointed
    }

    /// The preview of the move pointed at: its marks over the board (drawn at `rects`)
    /// and its line in the row of height `line` below the board, kept empty otherwise.
    /// With no preview, what the last move took and gave stays marked at its sites once
    /// the board has shown it.
    pub(super) fn preview_ui(&self, ui: &mut egui::Ui, rects: &[egui::Rect], line: f32) {
        let preview = self.preview();
        if preview.is_none()
            && self.shown.animation.is_none()
            && let Some(marks) = &self.shown.last_marks
        {
            super::move_preview::paint(ui.painter(), marks, &self.position.layout, rects);
        }
        let text = preview.and_then(|(info, effects, marks)| {
            let marks = marks.beyond(info);
            super::move_preview::paint(ui.painter(), &marks, &self.position.layout, rects);
            let seat = match self.position.turn {
                Turn::Seat { seat } => Some(seat),
                _ => None,
            };
            let happened = self.happened(seat, effects);
            super::move_preview::describe(info, &marks, &self.position.layout, happened)
        });
        let width = ui.available_width();
        ui.add_sized(
            [width, line],
            egui::Label::new(
                RichText::new(text.unwrap_or_default()).color(super::move_preview::COLOUR),
            )
            .truncate(),
        );
    }
}
