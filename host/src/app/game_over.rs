//! The end of a game: the result over the board and a summary — each seat's result and
//! score, the margin, the moves played, the time — with Rematch, New game and Review.

use egui::RichText;
use game_api::{GameResult, Outcome};

use super::{Command, Intent, Table, board::seat_colour};
use crate::ending::Ending;

/// What the summary asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameOverAction {
    /// The same game again, seats swapped.
    Rematch,
    /// Back to the chooser.
    NewGame,
    /// Step through the game from its start.
    Review,
    /// Close the summary (the side panel's *Show the result* opens it again).
    Close,
}

/// Whether the scores rank the seats as their results do — a better result always with
/// a higher score, and not all of them zero — so that they can be read as points where
/// more is better ("27–21, by 6"). Where they do not (the Herd's turns against the
/// Farmer's pumpkins, a game without points), the summary gives no score line.
pub fn scores_rank(outcome: &Outcome) -> bool {
    let rank = |r: GameResult| match r {
        GameResult::Win => 0,
        GameResult::Draw => 1,
        GameResult::Loss => 2,
    };
    let seats = &outcome.seats;
    let consistent = seats.iter().all(|a| {
        seats
            .iter()
            .all(|b| rank(a.result) >= rank(b.result) || a.score > b.score)
    });
    consistent && seats.iter().any(|s| s.score != 0)
}

/// The headline of a result: "South wins 27–21", "Draw 24–24" (the seats' names, the
/// scores from first place to last) — without the scores where they do not read that
/// way (see [`scores_rank`]): "Farmer wins".
pub fn headline(outcome: &Outcome, names: &[String]) -> String {
    let name = |i: usize| {
        names
            .get(i)
            .cloned()
            .unwrap_or_else(|| crate::tr!("seat-number", number = i + 1))
    };
    // The winner's score first, as people say it.
    let scores = standings(outcome)
        .into_iter()
        .map(|i| outcome.seats[i].score.to_string())
        .collect::<Vec<_>>()
        .join("–");
    let winners: Vec<usize> = (0..outcome.seats.len())
        .filter(|&i| outcome.seats[i].result == GameResult::Win)
        .collect();
    let draw = outcome.seats.iter().any(|s| s.result == GameResult::Draw);
    match (&winners[..], scores_rank(outcome)) {
        ([one], true) => crate::tr!("over-wins", seat = name(*one), scores = scores),
        ([one], false) => crate::tr!("over-wins-plain", seat = name(*one)),
        (_, true) if draw => crate::tr!("over-draw", scores = scores),
        (_, false) if draw => crate::tr!("over-draw-plain"),
        (_, true) => crate::tr!("over-game-over", scores = scores),
        (_, false) => crate::tr!("over-game-over-plain"),
    }
}

/// The headline of a game the players ended: "North resigned · South wins", "Draw
/// agreed", "South lost on time · North wins".
pub fn ending_headline(ending: Ending, names: &[String]) -> String {
    let outcome = ending.outcome(names.len().max(2));
    let winners: Vec<&str> = (0..outcome.seats.len())
        .filter(|&i| outcome.seats[i].result == GameResult::Win)
        .filter_map(|i| names.get(i).map(String::as_str))
        .collect();
    match winners[..] {
        [] => ending.describe(names),
        [one] => crate::tr!(
            "over-ended-one-wins",
            ending = ending.describe(names),
            seat = one.to_owned()
        ),
        _ => crate::tr!(
            "over-ended-several-win",
            ending = ending.describe(names),
            seats = winners.join(&crate::tr!("and-between"))
        ),
    }
}

/// The seats from first to last place: by result (win, draw, loss), then by score.
pub fn standings(outcome: &Outcome) -> Vec<usize> {
    let rank = |r: GameResult| match r {
        GameResult::Win => 0,
        GameResult::Draw => 1,
        GameResult::Loss => 2,
    };
    let mut order: Vec<usize> = (0..outcome.seats.len()).collect();
    order.sort_by_key(|&i| (rank(outcome.seats[i].result), -outcome.seats[i].score));
    order
}

impl Table {
    /// The summary of a finished game, over the board; returns what the person chose.
    pub(super) fn game_over_ui(
        &self,
        ui: &mut egui::Ui,
        outcome: &Outcome,
        ending: Option<Ending>,
    ) -> Option<GameOverAction> {
        let names: Vec<String> = self
            .position
            .view
            .panels
            .iter()
            .map(|p| p.seat.clone())
            .collect();
        let name = |i: usize| {
            names
                .get(i)
                .cloned()
                .unwrap_or_else(|| crate::tr!("seat-number", number = i + 1))
        };
        let mut action = None;
        egui::Frame::popup(ui.style())
            .inner_margin(12.0)
            .show(ui, |ui| {
                let title = match ending {
                    Some(e) => ending_headline(e, &names),
                    None => headline(outcome, &names),
                };
                ui.horizontal(|ui| {
                    ui.heading(RichText::new(title).strong());
                    if ui
                        .small_button("×")
                        .on_hover_text(crate::tr!("over-close"))
                        .clicked()
                    {
                        action = Some(GameOverAction::Close);
                    }
                });
                let margin = outcome.margin().abs();
                let ranked = scores_rank(outcome);
                if outcome.seats.len() == 2 && margin > 0 && ending.is_none() && ranked {
                    ui.label(crate::tr!("over-margin", margin = margin));
                }
                standings_ui(ui, outcome, ending, ranked, &name);
                self.moves_played_ui(ui);
                if let Some(chosen) = self.summary_actions_ui(ui) {
                    action = Some(chosen);
                }
            });
        action
    }

    /// How many moves the seats played, and in what time.
    fn moves_played_ui(&self, ui: &mut egui::Ui) {
        // Moves of the seats: chance throws are not counted as moves.
        let all = self.session.moves();
        let moves = super::table::move_count(&all, all.len());
        let seconds = self.session.played_ms().map(|ms| ms / 1000);
        ui.label(match seconds {
            Some(s) => crate::tr!(
                "over-moves-in",
                moves = moves,
                time = format!("{}:{:02}", s / 60, s % 60)
            ),
            None => crate::tr!("over-moves", moves = moves),
        });
    }

    /// The summary's buttons: rematch, new game, review (a network game's rematch and
    /// review are the network side's).
    fn summary_actions_ui(&self, ui: &mut egui::Ui) -> Option<GameOverAction> {
        let mut action = None;
        // A network game's rematch and review are the network side's: its
        // record is saved, and opens like any saved game.
        let here = self.referee.history_here();
        ui.horizontal(|ui| {
            if here
                && ui
                    .button(crate::tr!("over-rematch"))
                    .on_hover_text(crate::tr!("over-rematch-hint"))
                    .clicked()
            {
                action = Some(GameOverAction::Rematch);
            }
            if ui.button(crate::tr!("over-new-game")).clicked() {
                action = Some(GameOverAction::NewGame);
            }
            if here
                && ui
                    .button(crate::tr!("over-review"))
                    .on_hover_text(crate::tr!("over-review-hint"))
                    .clicked()
            {
                action = Some(GameOverAction::Review);
            }
        });
        action
    }

    /// Whether the summary of the finished game shown was closed (and can be reopened).
    pub fn summary_hidden(&self) -> bool {
        self.notes.summary_closed
            && self.final_result().is_some()
            && self.shown.animation.is_none()
            && !self.session.can_redo()
    }

    /// Whether the summary is over the board: the end of a finished game is shown, no
    /// animation runs, and the summary was not closed.
    pub(super) fn summary_shown(&self) -> bool {
        self.final_result().is_some()
            && self.shown.animation.is_none()
            && !self.session.can_redo()
            && !self.notes.summary_closed
    }

    /// Shows the end of the game over the board (`board` is the board's area; `drawn`
    /// the union of its sites, `last` of the last move's) when the position shown is the
    /// finished end of the game.
    pub(super) fn game_over_overlay(
        &self,
        ui: &mut egui::Ui,
        board: egui::Rect,
        (drawn, last): (egui::Rect, egui::Rect),
        intents: &mut Vec<Intent>,
    ) {
        if !self.summary_shown() {
            return;
        }
        let Some((outcome, ending)) = self.final_result() else {
            return;
        };
        // Above the board, below the dialogs (a message shown meanwhile is on top of it,
        // not under it).
        let area = egui::Area::new(ui.scope_id().with("game_over"))
            .order(egui::Order::Middle)
            .pivot(egui::Align2::CENTER_TOP)
            .fixed_pos(summary_top(board, drawn, last))
            .constrain_to(board)
            .show(ui.ctx(), |ui| self.game_over_ui(ui, &outcome, ending));
        intents.extend(area.inner.map(|action| match action {
            GameOverAction::Rematch => Intent::Command(Command::Rematch),
            GameOverAction::NewGame => Intent::Command(Command::NewGame),
            GameOverAction::Review => Intent::Review,
            GameOverAction::Close => Intent::CloseSummary,
        }));
    }
}

/// Where the summary's top middle goes, away from the end's callouts: those of the last
/// move are drawn over its sites (`last`), one about the whole board just above the
/// middle of the sites (`drawn`, `app/callouts.rs`). So the summary goes under that
/// middle, unless the last move was in the lower half: then at the top of the board.
/// The area keeps it within the board's area (`board`, the middle of which stands in
/// for the sites' where none were drawn).
fn summary_top(board: egui::Rect, drawn: egui::Rect, last: egui::Rect) -> egui::Pos2 {
    let sites = if drawn.is_positive() { drawn } else { board };
    let middle = sites.center();
    if last.is_positive() && last.center().y > middle.y {
        egui::pos2(middle.x, sites.top() + 8.0)
    } else {
        egui::pos2(middle.x, middle.y + 12.0)
    }
}

#[cfg(test)]
mod placement {
    use egui::{Rect, pos2};

    use super::summary_top;

    #[test]
    fn the_summary_stays_away_from_the_last_moves_callouts() {
        let board = Rect::from_min_max(pos2(0.0, 0.0), pos2(800.0, 800.0));
        let sites = Rect::from_min_max(pos2(100.0, 100.0), pos2(700.0, 700.0));
        // A move in the upper half, or none: under the middle (a whole-board callout
        // just above it stays in sight).
        let upper = Rect::from_min_max(pos2(100.0, 100.0), pos2(200.0, 200.0));
        assert_eq!(summary_top(board, sites, upper), pos2(400.0, 412.0));
        assert_eq!(summary_top(board, sites, Rect::NOTHING), pos2(400.0, 412.0));
        // A move in the lower half: at the top of the board.
        let lower = Rect::from_min_max(pos2(600.0, 600.0), pos2(700.0, 700.0));
        assert_eq!(summary_top(board, sites, lower), pos2(400.0, 108.0));
        // No sites drawn: the board's area.
        assert_eq!(
            summary_top(board, Rect::NOTHING, Rect::NOTHING),
            pos2(400.0, 412.0)
        );
    }
}

/// The standings: each seat's place (more than two seats), name, result and score
/// (when the scores rank the game and it was not ended by the players).
fn standings_ui(
    ui: &mut egui::Ui,
    outcome: &Outcome,
    ending: Option<Ending>,
    ranked: bool,
    name: &dyn Fn(usize) -> String,
) {
    egui::Grid::new("standings").num_columns(3).show(ui, |ui| {
        for (place, i) in standings(outcome).into_iter().enumerate() {
            let seat = &outcome.seats[i];
            if outcome.seats.len() > 2 {
                ui.label(format!("{}.", place + 1));
            }
            ui.label(RichText::new(name(i)).color(seat_colour(i as u8)).strong());
            ui.label(match seat.result {
                GameResult::Win => crate::tr!("over-won"),
                GameResult::Draw => crate::tr!("over-drew"),
                GameResult::Loss => crate::tr!("over-lost"),
            });
            if ending.is_none() && ranked {
                ui.label(seat.score.to_string());
            }
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headlines_and_standings() {
        let names = vec!["South".to_owned(), "North".to_owned()];
        assert_eq!(
            headline(&Outcome::from_scores(&[27, 21]), &names),
            "South wins 27–21"
        );
        assert_eq!(
            headline(&Outcome::from_scores(&[24, 24]), &names),
            "Draw 24–24"
        );
        assert_eq!(
            ending_headline(Ending::Resigned { seat: 1 }, &names),
            "North resigned · South wins"
        );
        assert_eq!(ending_headline(Ending::AgreedDraw, &names), "Draw agreed");
        let three = Outcome::from_scores(&[3, 9, 5]);
        assert_eq!(standings(&three), [1, 2, 0]);
        assert_eq!(headline(&three, &names), "North wins 9–5–3");
    }

    #[test]
    fn scores_that_do_not_rank_the_seats_are_not_a_score_line() {
        use game_api::SeatOutcome;
        let seat = |result, score| SeatOutcome { result, score };
        let names = vec!["Herd".to_owned(), "Farmer".to_owned()];
        // The Herd's turns and the Farmer's pumpkins: the winner's number is the lower.
        let pumpkin = Outcome {
            seats: vec![seat(GameResult::Loss, 16), seat(GameResult::Win, 4)],
        };
        assert!(!scores_rank(&pumpkin));
        assert_eq!(headline(&pumpkin, &names), "Farmer wins");
        // A game without points.
        let none = Outcome {
            seats: vec![seat(GameResult::Win, 0), seat(GameResult::Loss, 0)],
        };
        assert_eq!(headline(&none, &names), "Herd wins");
        let drawn = Outcome {
            seats: vec![seat(GameResult::Draw, 0), seat(GameResult::Draw, 0)],
        };
        assert_eq!(headline(&drawn, &names), "Draw");
        assert!(scores_rank(&Outcome::from_scores(&[27, 21])));
    }
}
