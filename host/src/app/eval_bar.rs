//! The evaluation bar beside the board (off by default; View ▸ Evaluation bar): how the
//! game stands by the same engine as the hint, for the position shown.
//!
//! The controller ([`super::table::Table`]) asks its worker for a short hint at
//! each seat's turn while the bar is on and no bot thinks; the answer's share (0 lost, 1
//! won, for the seat to move) is kept here with the words of the evaluation. This file
//! only draws it.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, vec2};

/// How long the bar's search looks at a position (shorter than a hint's second: it runs
/// at every turn).
pub(super) const EVAL_TIME: std::time::Duration = std::time::Duration::from_millis(400);

/// The bar's width in points.
pub(super) const BAR_WIDTH: f32 = 22.0;

/// What the engine said of one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The seat that was to move.
    pub seat: u8,
    /// That seat's share, 0 (lost) to 1 (won).
    pub share: f32,
    /// The evaluation in words (the hint's text).
    pub text: String,
    /// Which position it was for (see `Table::position`).
    pub(super) position: u64,
}

impl Evaluation {
    /// The share of seat `seat` in a two-seat game (the other seat's share is what is
    /// left).
    pub fn share_of(&self, seat: u8) -> f32 {
        if seat == self.seat {
            self.share
        } else {
            1.0 - self.share
        }
    }
}

/// The share of seat `seat` when perfect play is known: 1 if it wins, 0 if another
/// seat does, ½ for a draw (no winner).
pub(super) fn perfect_share(winner: Option<u8>, seat: u8) -> f32 {
    match winner {
        None => 0.5,
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
    }
}

/// Draws the bar in `ui`'s whole height: in a two-seat game seat 0's share in its colour
/// from its side of the board (the bottom, or the top when the board is flipped) and
/// seat 1's in its colour from the other; with more seats, the seat that was to move's
/// share in its colour from the bottom. `names` are the seats' names, `stale` dims the
/// bar while the position shown has not been evaluated yet.
pub(super) fn eval_bar_ui(
    ui: &mut egui::Ui,
    evaluation: Option<&Evaluation>,
    names: &[String],
    flipped: bool,
    stale: bool,
    colour: impl Fn(u8) -> Color32,
) {
    let height = ui.available_height().max(40.0);
    let (rect, response) = ui.allocate_exact_size(vec2(BAR_WIDTH, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 3.0, visuals.extreme_bg_color);
    let Some(e) = evaluation else {
        painter.rect_stroke(rect, 3.0, visuals.window_stroke, StrokeKind::Inside);
        response.on_hover_text(crate::tr!("eval-bar-waiting"));
        return;
    };
    let fade = |c: Color32| if stale { c.gamma_multiply(0.45) } else { c };
    let (bottom_seat, share) = if names.len() == 2 {
        let bottom = u8::from(flipped);
        (bottom, e.share_of(bottom))
    } else {
        (e.seat, e.share)
    };
    let split = rect.bottom() - rect.height() * share.clamp(0.0, 1.0);
    if names.len() == 2 {
        let top = Rect::from_min_max(rect.min, egui::pos2(rect.right(), split));
        painter.rect_filled(top, 3.0, fade(colour(1 - bottom_seat)));
    }
    let bottom = Rect::from_min_max(egui::pos2(rect.left(), split), rect.max);
    painter.rect_filled(bottom, 3.0, fade(colour(bottom_seat)));
    // Level is marked, so that a lean reads at a glance.
    let middle = rect.center().y;
    painter.line_segment(
        [
            egui::pos2(rect.left(), middle),
            egui::pos2(rect.right(), middle),
        ],
        Stroke::new(1.0, visuals.text_color()),
    );
    painter.rect_stroke(rect, 3.0, visuals.window_stroke, StrokeKind::Inside);
    // The bottom seat's share, in figures, at its end.
    painter.text(
        egui::pos2(rect.center().x, rect.bottom() - 4.0),
        egui::Align2::CENTER_BOTTOM,
        format!("{:.0}", f64::from(share) * 100.0),
        egui::FontId::proportional(10.0),
        Color32::WHITE,
    );
    let who = names
        .get(usize::from(e.seat))
        .cloned()
        .unwrap_or_else(|| crate::tr!("play-seat", number = e.seat));
    response.on_hover_text(crate::tr!(
        "eval-bar-hover",
        seat = who,
        text = e.text.clone()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_play_puts_the_bar_at_an_end_or_level() {
        assert_eq!(perfect_share(Some(1), 1), 1.0);
        assert_eq!(perfect_share(Some(0), 1), 0.0);
        assert_eq!(perfect_share(None, 0), 0.5);
    }

    #[test]
    fn the_other_seat_has_what_is_left() {
        let e = Evaluation {
            seat: 1,
            share: 0.25,
            text: String::new(),
            position: 0,
        };
        assert_eq!(e.share_of(1), 0.25);
        assert_eq!(e.share_of(0), 0.75);
    }
}
