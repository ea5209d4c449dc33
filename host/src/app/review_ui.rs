//! The review window: its progress while it runs; then the evaluation graph over the
//! moves (the first seat's view, exact values marked, a click jumps the board), each
//! move classed with what it lost (exact ones marked), the turning points, and the
//! drills of "learn from your mistakes". It only reads the [`ReviewPanel`] and returns
//! [`ReviewAction`]s.

use egui::{Color32, RichText, Sense, Stroke, pos2, vec2};
use game_api::ScoreUnit;

use super::{
    review::{Drill, ReviewAction, ReviewPanel, ReviewState},
    review_data::{GameReview, GraphPoint},
};
use crate::review::Class;

/// What the window reads of the game on screen.
pub(super) struct ReviewView<'a> {
    /// The moves the board shows the position after.
    pub cursor: usize,
    /// The game's unit.
    pub unit: Option<&'a ScoreUnit>,
    /// The legal moves of the position shown, by notation.
    pub legal: &'a [String],
    /// The seat whose mistakes are drilled first (the one person playing, else 0).
    pub person: u8,
}

/// A class's colour.
pub fn class_colour(class: Class) -> Color32 {
    match class {
        Class::Best => Color32::from_rgb(60, 170, 90),
        Class::Good => Color32::from_rgb(120, 170, 200),
        Class::Inaccuracy => Color32::from_rgb(220, 180, 40),
        Class::Mistake => Color32::from_rgb(230, 120, 30),
        Class::Blunder => Color32::from_rgb(210, 40, 40),
    }
}

/// How far the graph reaches up and down, in the game's units: the largest value shown
/// (at least 4, at most 25: a won game's margin does not flatten the rest).
pub fn graph_range(points: &[GraphPoint]) -> f64 {
    points
        .iter()
        .map(|p| p.value.abs())
        .fold(4.0, f64::max)
        .min(25.0)
}

/// The review panel's height when it opens (and its least, where the window has room).
const PANEL_DEFAULT: f32 = 270.0;
/// The least width of the review's left side (the drill, the graph).
const LEFT_MIN: f32 = 180.0;
/// The least width of the review's moves.
const MOVES_MIN: f32 = 200.0;
/// The least the board leaves the review panel in a low window.
const PANEL_MIN: f32 = 180.0;

impl ReviewPanel {
    /// Draws the review docked under the board (never over it nor over the move list:
    /// the board gives it the room, at any window size); returns what the person asked.
    /// Its moves are listed beside the graph, so that the panel stays low.
    pub(super) fn panel(&self, ui: &mut egui::Ui, view: &ReviewView) -> Vec<ReviewAction> {
        let mut actions = Vec::new();
        let room = ui.available_height();
        // The board keeps at least about half the window.
        let most = (room * 0.5).max(PANEL_MIN);
        egui::Panel::bottom("review")
            .resizable(true)
            .default_size(PANEL_DEFAULT.min(most))
            // Not below its default (a panel sized while the review ran, a progress
            // bar, would stay that low), nor over half the room.
            .size_range(PANEL_DEFAULT.min(most)..=most)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading(crate::tr!("review-title"));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .button("×")
                            .on_hover_text(crate::tr!("review-close"))
                            .clicked()
                        {
                            actions.push(ReviewAction::Close);
                        }
                    });
                });
                match &self.state {
                    ReviewState::Running(_, done, all) => {
                        ui.label(crate::tr!("review-progress", done = *done, all = *all));
                        let fraction = if *all > 0 {
                            *done as f32 / *all as f32
                        } else {
                            0.0
                        };
                        ui.add(egui::ProgressBar::new(fraction).show_percentage());
                    }
                    ReviewState::Failed(why) => {
                        ui.colored_label(ui.visuals().error_fg_color, crate::tr!("review-failed"));
                        ui.label(why);
                    }
                    ReviewState::Ready(review) => self.ready_ui(ui, review, view, &mut actions),
                }
            });
        actions
    }

    /// The finished review: the drill or the review's summary on the left, the moves
    /// on the right. The moves' side is as wide as its rows (five columns, measured at
    /// the frame before; 60% at the first), the left side keeping at least
    /// [`LEFT_MIN`]; where even that does not hold them, the moves scroll both ways:
    /// their last column is reached by scrolling, never cut.
    fn ready_ui(
        &self,
        ui: &mut egui::Ui,
        review: &GameReview,
        view: &ReviewView,
        actions: &mut Vec<ReviewAction>,
    ) {
        use egui_extras::{Size, StripBuilder};
        let measured = egui::Id::unique("review_moves_width");
        let room = ui.available_width();
        let most = (room - LEFT_MIN).max(MOVES_MIN);
        let moves = match ui.data(|d| d.get_temp::<f32>(measured)) {
            // The rows, the scroll bar and the gap between the sides.
            Some(rows) => (rows + 24.0).clamp(MOVES_MIN, most),
            None => (room * 0.6).clamp(MOVES_MIN, most),
        };
        StripBuilder::new(ui)
            .size(Size::remainder().at_least(LEFT_MIN))
            .size(Size::exact(moves))
            .horizontal(|mut strip| {
                strip.cell(|ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("review_left")
                        .show(ui, |ui| match &self.drill {
                            Some(drill) => self.drill_ui(ui, review, drill, view, actions),
                            None => self.review_ui(ui, review, view, actions),
                        });
                });
                strip.cell(|ui| {
                    let shown = egui::ScrollArea::both()
                        .id_salt("review_moves")
                        .auto_shrink([false, false])
                        .show(ui, |ui| self.moves_ui(ui, review, view, actions));
                    ui.data_mut(|d| d.insert_temp(measured, shown.inner));
                });
            });
    }

    fn review_ui(
        &self,
        ui: &mut egui::Ui,
        review: &GameReview,
        view: &ReviewView,
        actions: &mut Vec<ReviewAction>,
    ) {
        // The drills and the turning points first, so that a low panel shows them
        // without scrolling; the graph under them.
        ui.horizontal_wrapped(|ui| {
            for seat in 0..self.names.len().max(2) as u8 {
                let count = review.drills(seat).len();
                let name = self.seat_name(seat);
                let text = crate::tr!("review-drill-start", seat = name, count = count);
                let button = egui::Button::new(if seat == view.person {
                    RichText::new(text).strong()
                } else {
                    RichText::new(text)
                });
                if ui.add_enabled(count > 0, button).clicked() {
                    actions.push(ReviewAction::Drill(seat));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(crate::tr!("review-turning")).strong());
            if review.turning_points.is_empty() {
                ui.label(crate::tr!("review-none"));
            }
            for &n in &review.turning_points {
                if ui.link(n.to_string()).clicked() {
                    actions.push(ReviewAction::Goto(n));
                }
            }
        });
        ui.label(RichText::new(crate::tr!("review-graph")).strong());
        if let Some(n) = graph_ui(ui, &review.graph_points(), view.cursor) {
            actions.push(ReviewAction::Goto(n));
        }
        ui.label(RichText::new(crate::tr!("review-graph-hint")).small());
        ui.label(
            RichText::new(crate::tr!(
                "review-done",
                depth = review.depth,
                seconds = review.millis as f64 / 1000.0
            ))
            .weak(),
        );
    }

    fn seat_name(&self, seat: u8) -> String {
        self.names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| crate::tr!("seat-number", number = usize::from(seat) + 1))
    }

    /// Each move: number, seat, move, class, what it lost (exact marked), the best move.
    /// Returns the rows' width.
    fn moves_ui(
        &self,
        ui: &mut egui::Ui,
        review: &GameReview,
        view: &ReviewView,
        actions: &mut Vec<ReviewAction>,
    ) -> f32 {
        // The current move is scrolled into the window's view when the cursor moves (the
        // arrow keys, Home, End, the graph, the board's move list); the window is left
        // where the person scrolled it otherwise, and opens at its top (the graph).
        let remembered =
            egui::Id::unique(("review_moves_cursor", review.millis, review.moves.len()));
        let moved = ui
            .data(|d| d.get_temp::<usize>(remembered))
            .is_some_and(|before| before != view.cursor);
        ui.data_mut(|d| d.insert_temp(remembered, view.cursor));
        let rows = egui::Grid::new("review_moves")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                for m in &review.moves {
                    let here = view.cursor == m.number;
                    let label = format!("{}. {} {}", m.number, self.seat_name(m.seat), m.notation);
                    let row = ui.selectable_label(here, label);
                    if here && moved {
                        row.scroll_to_me(Some(egui::Align::Center));
                    }
                    if row.clicked() {
                        actions.push(ReviewAction::Goto(m.number));
                    }
                    ui.label(RichText::new(m.class.word()).color(class_colour(m.class)));
                    let lost = (m.lost * 10.0).round() / 10.0;
                    ui.label(if m.lost > 0.0 {
                        crate::tr!(
                            "review-lost",
                            lost = lost,
                            unit = crate::ai::unit_word(view.unit, lost)
                        )
                    } else {
                        String::new()
                    });
                    ui.label(if m.exact {
                        RichText::new(crate::tr!("review-exact-mark")).strong()
                    } else {
                        RichText::new(crate::tr!("review-estimated-mark")).weak()
                    })
                    .on_hover_text(if m.exact {
                        crate::tr!("analysis-exact")
                    } else {
                        crate::tr!("analysis-estimated")
                    });
                    // The best move named where the one played was worth less (another
                    // as good is classed best, and needs no other name).
                    ui.label(if m.class != Class::Best {
                        crate::tr!("review-best-was", best = m.best.clone())
                    } else {
                        String::new()
                    });
                    ui.end_row();
                }
            });
        rows.response.rect.width()
    }

    fn drill_ui(
        &self,
        ui: &mut egui::Ui,
        review: &GameReview,
        drill: &Drill,
        view: &ReviewView,
        actions: &mut Vec<ReviewAction>,
    ) {
        let seat = self.seat_name(drill.seat);
        ui.heading(crate::tr!("review-drill-title", seat = seat.clone()));
        let Some(m) = drill
            .numbers
            .get(drill.at)
            .and_then(|&n| review.move_numbered(n))
        else {
            ui.label(crate::tr!(
                "review-drill-over",
                right = drill.right,
                all = drill.numbers.len()
            ));
            if ui.button(crate::tr!("review-drill-back")).clicked() {
                actions.push(ReviewAction::EndDrill);
            }
            return;
        };
        ui.label(crate::tr!(
            "review-drill-of",
            at = drill.at + 1,
            all = drill.numbers.len()
        ));
        ui.label(crate::tr!(
            "review-drill-ask",
            number = m.number,
            seat = seat,
            played = m.notation.clone(),
            class = m.class.word()
        ));
        // The answer: a move of the position (the board shows it; the keyboard reaches
        // these buttons with Tab).
        let waiting = view.cursor + 1 != m.number;
        let asked = drill.judging.is_some() || drill.answer.is_some();
        ui.horizontal_wrapped(|ui| {
            for notation in view.legal {
                let button = egui::Button::new(RichText::new(notation).monospace().size(18.0));
                if ui
                    .add_enabled(!waiting && !asked && *notation != m.notation, button)
                    .clicked()
                {
                    actions.push(ReviewAction::Answer(notation.clone()));
                }
            }
        });
        if drill.played_again && !asked {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                crate::tr!("review-drill-played", played = m.notation.clone()),
            );
        }
        if let Some((notation, _)) = &drill.judging {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(crate::tr!(
                    "review-drill-judging",
                    answer = notation.clone()
                ));
            });
        }
        verdict_ui(ui, drill, view.unit);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !asked || drill.answer.is_some(),
                    egui::Button::new(crate::tr!("review-drill-next")),
                )
                .clicked()
            {
                actions.push(ReviewAction::Next);
            }
            if ui.button(crate::tr!("review-drill-back")).clicked() {
                actions.push(ReviewAction::EndDrill);
            }
        });
    }
}

/// The verdict on the drill's answer, once judged: right, or what it lost and the best
/// move; or why it could not be judged.
fn verdict_ui(ui: &mut egui::Ui, drill: &Drill, unit: Option<&ScoreUnit>) {
    match &drill.answer {
        Some(Ok(answer)) if answer.accepted => {
            ui.colored_label(
                class_colour(Class::Best),
                RichText::new(crate::tr!(
                    "review-drill-right",
                    answer = answer.notation.clone(),
                    value = answer.played_value.in_words(unit)
                ))
                .strong(),
            );
        }
        Some(Ok(answer)) => {
            let lost = (answer.lost * 10.0).round() / 10.0;
            let exact = if answer.exact {
                crate::tr!("analysis-exact")
            } else {
                crate::tr!("analysis-estimated")
            };
            ui.colored_label(
                class_colour(answer.class),
                RichText::new(crate::tr!(
                    "review-drill-wrong",
                    answer = answer.notation.clone(),
                    class = answer.class.word(),
                    lost = lost,
                    unit = crate::ai::unit_word(unit, lost),
                    exact = exact
                ))
                .strong(),
            );
            ui.label(crate::tr!(
                "review-drill-best",
                best = answer.best.clone(),
                value = answer.best_value.in_words(unit)
            ));
        }
        Some(Err(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, why.to_string());
        }
        None => {}
    }
}

/// The evaluation graph: the value after each move for the first seat (above the
/// middle line: the first seat ahead), exact values marked with a ring, mistakes and
/// blunders with their colour, the move the board shows with a line. Returns the move
/// clicked (the board goes to the position after it).
fn graph_ui(ui: &mut egui::Ui, points: &[GraphPoint], cursor: usize) -> Option<usize> {
    let size = vec2(ui.available_width().max(160.0), 120.0);
    let (response, painter) = ui.allocate_painter(size, Sense::click());
    let rect = response.rect;
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let mid = rect.center().y;
    painter.line_segment(
        [pos2(rect.left(), mid), pos2(rect.right(), mid)],
        Stroke::new(1.0, visuals.weak_text_color()),
    );
    if points.is_empty() {
        return None;
    }
    let range = graph_range(points);
    let last = points.last().map_or(1, |p| p.number).max(1);
    let x = |n: usize| rect.left() + 6.0 + (rect.width() - 12.0) * (n as f32 / last as f32);
    let y = |v: f64| mid - (rect.height() / 2.0 - 6.0) * (v.clamp(-range, range) / range) as f32;
    if cursor > 0 && cursor <= last {
        painter.line_segment(
            [pos2(x(cursor), rect.top()), pos2(x(cursor), rect.bottom())],
            Stroke::new(1.0, visuals.selection.bg_fill),
        );
    }
    let line: Vec<egui::Pos2> = std::iter::once(pos2(x(0), mid))
        .chain(points.iter().map(|p| pos2(x(p.number), y(p.value))))
        .collect();
    painter.add(egui::Shape::line(
        line,
        Stroke::new(1.5, visuals.strong_text_color()),
    ));
    for p in points {
        let at = pos2(x(p.number), y(p.value));
        if p.class >= Class::Inaccuracy {
            painter.circle_filled(at, 3.5, class_colour(p.class));
        }
        if p.exact {
            painter.circle_stroke(at, 5.0, Stroke::new(1.5, class_colour(Class::Best)));
        }
    }
    let clicked = response.clicked();
    let hover = response.hover_pos();
    let nearest = |pos: egui::Pos2| {
        points
            .iter()
            .min_by(|a, b| {
                (x(a.number) - pos.x)
                    .abs()
                    .total_cmp(&(x(b.number) - pos.x).abs())
            })
            .copied()
    };
    if let Some(p) = hover.and_then(nearest) {
        response.on_hover_text(crate::tr!(
            "review-graph-point",
            number = p.number,
            value = (p.value * 10.0).round() / 10.0
        ));
    }
    if clicked {
        return ui
            .ctx()
            .input(|i| i.pointer.interact_pos())
            .and_then(nearest)
            .map(|p| p.number);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_reaches_the_largest_value_between_4_and_25() {
        let point = |value| GraphPoint {
            number: 1,
            value,
            exact: false,
            class: Class::Best,
        };
        assert_eq!(graph_range(&[point(1.0)]), 4.0);
        assert_eq!(graph_range(&[point(-9.0), point(3.0)]), 9.0);
        assert_eq!(graph_range(&[point(48.0)]), 25.0);
    }
}
