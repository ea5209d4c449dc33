//! Integer scores: how a position's value is written inside the engine.
//!
//! In play (depth-limited search), a finished game scores [`WIN`] plus the margin for a
//! win, minus [`WIN`] plus the margin for a loss, and the margin times [`EVAL_SCALE`]
//! for a draw; heuristic values (in hundredths of the margin's unit) stay far inside
//! ±[`WIN`]. When solving, every score is the final margin itself.

/// Heuristic values are in hundredths of the final margin's unit.
pub const EVAL_SCALE: i32 = 100;

/// The score of a won game before its margin is added.
pub const WIN: i32 = 1 << 24;

/// Larger than every score.
pub const INFINITY: i32 = 1 << 30;

/// Heuristic values are clamped to ±this, below every decisive score.
pub const MAX_EVAL: i32 = WIN / 2;

/// Whether `score` is a won or lost game (not a heuristic estimate).
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= WIN - MAX_EVAL / 2
}

/// The play score of a finished game with final margin `margin` for the side it is
/// scored for, whose result follows the margin's sign.
pub fn from_margin(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN.saturating_add(margin),
        -1 => (-WIN).saturating_add(margin),
        _ => 0,
    }
}

/// The play score of a finished game: won, drawn (0 plus the margin, scaled) or lost.
pub fn from_result(result: crate::GameResult, margin: i32) -> i32 {
    match result {
        crate::GameResult::Win => WIN.saturating_add(margin.max(0)),
        crate::GameResult::Loss => (-WIN).saturating_add(margin.min(0)),
        crate::GameResult::Draw => margin.clamp(-MAX_EVAL / 200, MAX_EVAL / 200) * EVAL_SCALE,
    }
}

/// The margin a decisive play score promises (at least that much for a win, at most
/// that much for a loss), or `None` for a heuristic score.
pub fn margin_of(score: i32) -> Option<i32> {
    if !is_decisive(score) {
        return None;
    }
    Some(if score > 0 { score - WIN } else { score + WIN })
}

/// A heuristic value, clamped below every decisive score.
pub fn clamp_eval(value: i32) -> i32 {
    value.clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_map_monotonically_and_back() {
        let scores: Vec<i32> = (-50..=50).map(from_margin).collect();
        assert!(scores.windows(2).all(|w| w[0] < w[1]));
        for m in -50..=50 {
            let s = from_margin(m);
            assert_eq!(margin_of(s), (m != 0).then_some(m));
        }
        assert!(!is_decisive(MAX_EVAL) && is_decisive(WIN) && is_decisive(-WIN - 3));
    }
}
