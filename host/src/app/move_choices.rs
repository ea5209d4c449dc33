//! The person's choice of a move beyond the board's sites: the bar of moves made without
//! a site, the buttons beside a site shared by several moves, and the preview of the move
//! pointed at (see [`move_preview`](super::move_preview)). Each returns the move pointed
//! at, so that the play view previews it.

use egui::RichText;
use game_api::{MoveId, Turn};

use super::{
    Intent, Table,
    play_ui::key_label,
    table::{Arrow, KeyTarget},
};

impl Table {
    /// The bar of moves made without a site (a Herd's direction, a pass), above the board.
    /// Its row is there in every game, empty when there is nothing to choose, so the
    /// board never moves when the bar fills or empties.
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
                            self.code_of(m.id),
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
        // The bar's row is kept in every game, empty while no such move is offered: a
        // game whose first moves all have sites (Bite the Pumpkin's setup) would otherwise
        // push its board down when the first one came.
        let (mut chosen, mut pointed) = (None, None);
        ui.horizontal_wrapped(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y + 4.0);
            if complete.is_empty() {
                return;
            }
            ui.label(crate::tr!("play-moves-bar"));
            for (mv, label, key) in &complete {
                let button = choice_button(ui, label, key.as_deref());
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
        let choices: Vec<(MoveId, String, Option<String>)> = self
            .candidates()
            .iter()
            .filter(|m| m.sites == self.input.path)
            .map(|m| {
                let label = m.choice.clone().unwrap_or_else(|| m.notation.clone());
                (m.id, label, self.code_of(m.id))
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
                    for (mv, label, key) in &choices {
                        let button = choice_button(ui, label, key.as_deref());
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

    /// The key or code that plays `mv` by itself now, if any.
    fn code_of(&self, mv: MoveId) -> Option<String> {
        self.key_codes()
            .into_iter()
            .find(|c| c.target == KeyTarget::Move(mv))
            .map(|c| c.code)
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
        // With nothing previewed, the keys: what was typed so far, else how to play.
        let (text, colour) = match text {
            Some(text) => (text, super::move_preview::COLOUR),
            None if !self.typed_code().is_empty() => (
                crate::tr!("keys-typed", code = self.typed_code().to_owned()),
                ui.visuals().strong_text_color(),
            ),
            None if !self.key_codes().is_empty() => {
                let help = if self.input.keys_answer {
                    crate::tr!("keys-help-drill")
                } else {
                    crate::tr!("keys-help")
                };
                (help, ui.visuals().weak_text_color())
            }
            None => (String::new(), super::move_preview::COLOUR),
        };
        ui.add_sized(
            [width, line],
            egui::Label::new(RichText::new(text).color(colour)).truncate(),
        );
    }
}

/// A choice's button: its label, and its key — an arrow key drawn as an arrow on the
/// side it points to, another key or code in brackets after the label. Its accessible
/// name says the key in words.
fn choice_button(ui: &mut egui::Ui, label: &str, key: Option<&str>) -> egui::Response {
    let arrow = key.and_then(egui::Key::from_name).and_then(Arrow::of);
    let Some(arrow) = arrow else {
        let text = match key {
            Some(k) => format!("{label} ({})", key_label(k)),
            None => label.to_owned(),
        };
        return ui.button(text);
    };
    let name = format!("{label} ({})", key_label(key.unwrap_or_default()));
    let padding = ui.spacing().button_padding;
    let galley = ui.painter().layout_no_wrap(
        label.to_owned(),
        egui::TextStyle::Button.resolve(ui.style()),
        ui.visuals().text_color(),
    );
    let side = galley.size().y.max(14.0);
    let gap = ui.spacing().item_spacing.x;
    let size = egui::vec2(
        galley.size().x + side + gap + 2.0 * padding.x,
        galley.size().y.max(ui.spacing().interact_size.y) + 2.0 * padding.y * 0.5,
    );
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        ui.painter().rect(
            rect,
            visuals.corner_radius,
            visuals.weak_bg_fill,
            visuals.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let inner = rect.shrink2(egui::vec2(padding.x, 0.0));
        // The arrow on the side it points to (left for ←, else right of the label).
        let (arrow_x, text_x) = if arrow == Arrow::Left {
            (inner.left() + side * 0.5, inner.left() + side + gap)
        } else {
            (inner.right() - side * 0.5, inner.left())
        };
        let centre = egui::pos2(arrow_x, rect.center().y);
        let half = side * 0.4;
        let dir = match arrow {
            Arrow::Left => egui::vec2(-1.0, 0.0),
            Arrow::Right => egui::vec2(1.0, 0.0),
            Arrow::Up => egui::vec2(0.0, -1.0),
            Arrow::Down => egui::vec2(0.0, 1.0),
        };
        let stroke = egui::Stroke::new(2.5, visuals.fg_stroke.color);
        ui.painter()
            .arrow(centre - dir * half, dir * half * 2.0, stroke);
        let text_pos = egui::pos2(text_x, rect.center().y - galley.size().y * 0.5);
        ui.painter().galley(text_pos, galley, visuals.text_color());
    }
    response.on_hover_text(name)
}
