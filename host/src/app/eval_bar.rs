//! The evaluation bar beside the board (off by default; View ▸ Evaluation bar): how the
//! game stands by the same engine as the hint, for the position shown.
//!
//! The controller ([`super::table::Table`]) asks its worker for a short search of each
//! position at a seat's turn while the bar is on and no bot thinks (a bot's turn greys
//! the bar and says why); the answer's share (0 lost, 1 won, for the seat to move) is
//! kept here, one value per position: a hint asked meanwhile does not change it. At the
//! end the bar shows the result. This file only draws it.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, vec2};
use game_api::{GameResult, Outcome};

/// How long the bar's search looks at a position (shorter than a hint's second: it runs
/// at every turn).
pub(super) const EVAL_TIME: std::time::Duration = std::time::Duration::from_millis(400);

/// The bar's width in points.
pub(super) const BAR_WIDTH: f32 = 22.0;

/// What the engine said of one position, or the result of a finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The seat that was to move (`None` once the game is over).
    pub seat: Option<u8>,
    /// Every seat's share, in seat order, 0 (lost) to 1 (won); they add up to 1.
    pub shares: Vec<f32>,
    /// The evaluation in words (the search's text).
    pub text: String,
    /// Which position it was for (see `Table::position`).
    pub(super) position: u64,
}

impl Evaluation {
    /// The evaluation of a search: `share` is the share of `seat`, to move, among
    /// `seats` seats; the others share what is left evenly (the search says no more of
    /// them).
    pub(super) fn searched(
        seat: u8,
        share: f32,
        seats: usize,
        text: String,
        position: u64,
    ) -> Self {
        let share = share.clamp(0.0, 1.0);
        let others = seats.saturating_sub(1).max(1) as f32;
        let shares = (0..seats.max(2))
            .map(|s| {
                if s == usize::from(seat) {
                    share
                } else {
                    (1.0 - share) / others
                }
            })
            .collect();
        Evaluation {
            seat: Some(seat),
            shares,
            text,
            position,
        }
    }

    /// The result of a finished game: the winners share the whole bar evenly; a draw
    /// for all splits it evenly among every seat.
    pub(super) fn result(outcome: &Outcome, text: String, position: u64) -> Self {
        let winners = outcome
            .seats
            .iter()
            .filter(|s| s.result == GameResult::Win)
            .count();
        let seats = outcome.seats.len().max(1);
        let shares = outcome
            .seats
            .iter()
            .map(|s| match (winners, s.result) {
                (0, _) => 1.0 / seats as f32,
                (_, GameResult::Win) => 1.0 / winners as f32,
                _ => 0.0,
            })
            .collect();
        Evaluation {
            seat: None,
            shares,
            text,
            position,
        }
    }

    /// Which position it is for: the table's count of the positions it has shown, which
    /// is also the seed of the bar's search (MCTS).
    pub fn position(&self) -> u64 {
        self.position
    }

    /// The share of seat `seat` (0 for a seat the evaluation does not know).
    pub fn share_of(&self, seat: u8) -> f32 {
        self.shares.get(usize::from(seat)).copied().unwrap_or(0.0)
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

/// Draws the bar in `ui`'s whole height: every seat's share in its colour, stacked from
/// the bottom — in a two-seat game seat 0's from its side of the board (the bottom, or
/// the top when the board is flipped); with more seats in seat order from the bottom.
/// The bottom seat's share is written in figures. `names` are the seats' names;
/// `dimmed`, when some, greys the bar and says why on hover (a bot thinks, the position
/// shown is being evaluated).
pub(super) fn eval_bar_ui(
    ui: &mut egui::Ui,
    evaluation: Option<&Evaluation>,
    names: &[String],
    flipped: bool,
    dimmed: Option<String>,
    colour: impl Fn(u8) -> Color32,
) {
    let height = ui.available_height().max(40.0);
    let (rect, response) = ui.allocate_exact_size(vec2(BAR_WIDTH, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 3.0, visuals.extreme_bg_color);
    let Some(e) = evaluation else {
        painter.rect_stroke(rect, 3.0, visuals.window_stroke, StrokeKind::Inside);
        response.on_hover_text(dimmed.unwrap_or_else(|| crate::tr!("eval-bar-waiting")));
        return;
    };
    let fade = |c: Color32| {
        if dimmed.is_some() {
            c.gamma_multiply(0.35)
        } else {
            c
        }
    };
    let order = stack_order(names.len().max(e.shares.len()), flipped);
    let mut bottom = rect.bottom();
    for &seat in &order {
        let part = rect.height() * e.share_of(seat).clamp(0.0, 1.0);
        if part <= 0.0 {
            continue;
        }
        let top = (bottom - part).max(rect.top());
        let slice = Rect::from_min_max(
            egui::pos2(rect.left(), top),
            egui::pos2(rect.right(), bottom),
        );
        painter.rect_filled(slice, 0.0, fade(colour(seat)));
        bottom = top;
    }
    // Level is marked in a two-seat game, so that a lean reads at a glance.
    if order.len() == 2 {
        let middle = rect.center().y;
        painter.line_segment(
            [
                egui::pos2(rect.left(), middle),
                egui::pos2(rect.right(), middle),
            ],
            Stroke::new(1.0, visuals.text_color()),
        );
    }
    painter.rect_stroke(rect, 3.0, visuals.window_stroke, StrokeKind::Inside);
    // The bottom seat's share, in figures, at its end.
    let first = order.first().copied().unwrap_or(0);
    painter.text(
        egui::pos2(rect.center().x, rect.bottom() - 4.0),
        egui::Align2::CENTER_BOTTOM,
        percent(e.share_of(first)),
        egui::FontId::proportional(10.0),
        Color32::WHITE,
    );
    response.on_hover_text(hover_text(e, names, dimmed));
}

/// The seats from the bar's bottom up.
fn stack_order(seats: usize, flipped: bool) -> Vec<u8> {
    let mut order: Vec<u8> = (0..seats.max(2) as u8).collect();
    if seats <= 2 && flipped {
        order.reverse();
    }
    order
}

/// A share in figures, 0 to 100; 100 and 0 only for a sure result.
pub(super) fn percent(share: f32) -> String {
    crate::ai::bar_percent(f64::from(share)).to_string()
}

/// What the bar says on hover: whose evaluation, its words, why it is greyed.
fn hover_text(e: &Evaluation, names: &[String], dimmed: Option<String>) -> String {
    let name = |s: u8| {
        names
            .get(usize::from(s))
            .cloned()
            .unwrap_or_else(|| crate::tr!("play-seat", number = s))
    };
    let mut text = match e.seat {
        Some(seat) => crate::tr!("eval-bar-hover", seat = name(seat), text = e.text.clone()),
        None => crate::tr!("eval-bar-over", text = e.text.clone()),
    };
    let shares: Vec<String> = (0..e.shares.len() as u8)
        .map(|s| format!("{}: {}", name(s), percent(e.share_of(s))))
        .collect();
    text.push('\n');
    text.push_str(&shares.join(" · "));
    if let Some(why) = dimmed {
        text.push('\n');
        text.push_str(&why);
    }
    text
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
    fn the_other_seats_share_what_is_left() {
        let e = Evaluation::searched(1, 0.25, 2, String::new(), 0);
        assert_eq!(e.share_of(1), 0.25);
        assert_eq!(e.share_of(0), 0.75);
        let three = Evaluation::searched(2, 0.4, 3, String::new(), 0);
        assert_eq!(three.shares, vec![0.3, 0.3, 0.4]);
        assert_eq!(
            stack_order(3, false),
            vec![0, 1, 2],
            "every seat has a colour"
        );
    }

    #[test]
    fn a_finished_game_shows_its_result() {
        use game_api::SeatOutcome;
        let seat = |result| SeatOutcome { result, score: 0 };
        let won_by_1 = Outcome {
            seats: vec![seat(GameResult::Loss), seat(GameResult::Win)],
        };
        let e = Evaluation::result(&won_by_1, String::new(), 9);
        assert_eq!((e.share_of(0), e.share_of(1)), (0.0, 1.0));
        assert_eq!(percent(e.share_of(0)), "0");
        let drawn = Outcome {
            seats: vec![seat(GameResult::Draw); 3],
        };
        let e = Evaluation::result(&drawn, String::new(), 9);
        assert!(e.shares.iter().all(|&s| (s - 1.0 / 3.0).abs() < 1e-6));
    }

    #[test]
    fn only_a_sure_result_reads_100_or_0() {
        assert_eq!(percent(0.998), "99");
        assert_eq!(percent(0.003), "1");
        assert_eq!(percent(1.0), "100");
        assert_eq!(percent(0.5), "50");
    }
}
