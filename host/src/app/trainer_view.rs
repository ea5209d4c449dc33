//! The trainer's screen: the choice of game and theme, the puzzle's prompt and verdict
//! with the rating's change above its board, and the dashboard by theme. Every control
//! is a button or a combo box: reached with Tab, pressed with Enter or Space.

use super::{
    TavolaApp,
    trainer::{Answer, Store, Trainer},
};
use crate::puzzles::{Puzzle, QUIET, Theme};

/// What the person asked on the trainer's bar.
enum Asked {
    Choose(String, Option<Theme>),
    Next,
    Dashboard,
}

/// A theme's name for people.
pub fn theme_name(key: &str) -> String {
    match key {
        "capture" => crate::tr!("theme-capture"),
        "grand-slam" => crate::tr!("theme-grand-slam"),
        "extra-turn" => crate::tr!("theme-extra-turn"),
        "forced-feed" => crate::tr!("theme-forced-feed"),
        "endgame" => crate::tr!("theme-endgame"),
        QUIET => crate::tr!("theme-quiet"),
        other => other.to_owned(),
    }
}

impl TavolaApp {
    /// The trainer's screen.
    pub(super) fn trainer_screen(&mut self, ui: &mut egui::Ui, now: f64, step: f64) {
        let ctx = ui.ctx().clone();
        let exe = self.library.worker_exe.clone();
        let data_dir = self.data_dir.clone();
        let trainer = self
            .screens
            .trainer
            .get_or_insert_with(|| Trainer::new(data_dir.as_deref()));
        trainer.poll_start(&self.library.plugins, &exe, 0.0);
        if trainer.current.as_ref().is_some_and(|c| c.table.is_none()) {
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        let games = Trainer::games(&self.library.plugins);
        if trainer.game.is_none()
            && let Some((id, _)) = games.first()
        {
            trainer.choose(id, None);
        }
        let mut asked = None;
        egui::Panel::top("trainer_bar").show(ui, |ui| {
            asked = bar_ui(ui, trainer, &games);
            // The verdict's room is kept while the puzzle is asked, so that the board
            // under the bar does not move when the verdict comes.
            let top = ui.cursor().min.y;
            verdict_ui(ui, trainer);
            let used = ui.cursor().min.y - top;
            if trainer.current.is_some() {
                ui.add_space((verdict_room(ui) - used).max(0.0));
            }
        });
        match asked {
            Some(Asked::Choose(game, theme)) => {
                trainer.choose(&game, theme);
                trainer.current = None;
            }
            Some(Asked::Next) => {
                trainer.next_puzzle(
                    &self.library.plugins,
                    exe,
                    self.data_dir.as_ref().map(|d| d.join("endgames")),
                );
            }
            Some(Asked::Dashboard) => trainer.dashboard = !trainer.dashboard,
            None => {}
        }
        let table = trainer.current.as_mut().and_then(|c| c.table.as_mut());
        match table {
            Some(table) if !trainer.dashboard => {
                table.set_keys_enabled(self.dialogs.message.is_none());
                table.logic(&super::repaint::Window(&ctx), now, step);
                let intents = table.ui(ui);
                table.drawn();
                // The puzzle's table carries out the board's own intents (a move, the
                // focus); the app's commands (save, undo…) are not the puzzle's.
                for intent in intents {
                    let _ = table.apply(intent, now, step);
                }
                trainer.judge();
            }
            _ => {
                egui::CentralPanel::default().show(ui, |ui| dashboard_ui(ui, trainer));
            }
        }
    }

    /// The trainer, if its screen was opened.
    pub fn trainer(&self) -> Option<&Trainer> {
        self.screens.trainer.as_ref()
    }

    /// The trainer, if its screen was opened, to change it (tests).
    pub fn trainer_mut(&mut self) -> Option<&mut Trainer> {
        self.screens.trainer.as_mut()
    }
}

/// The bar: game, theme, Next, Dashboard.
fn bar_ui(ui: &mut egui::Ui, trainer: &Trainer, games: &[(String, String)]) -> Option<Asked> {
    let mut asked = None;
    if games.is_empty() {
        ui.label(crate::tr!("trainer-no-puzzles"));
        return None;
    }
    ui.horizontal(|ui| {
        let current = trainer.game.clone().unwrap_or_default();
        let name = games
            .iter()
            .find(|(id, _)| *id == current)
            .map_or(current.clone(), |(_, n)| n.clone());
        let label = ui.label(crate::tr!("trainer-game"));
        egui::ComboBox::from_id_salt("trainer_game")
            .selected_text(name)
            .show_ui(ui, |ui| {
                for (id, name) in games {
                    if ui.selectable_label(*id == current, name).clicked() && *id != current {
                        asked = Some(Asked::Choose(id.clone(), None));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(crate::tr!("trainer-theme"));
        let shown = trainer
            .theme
            .map_or(crate::tr!("trainer-mixed"), |t| theme_name(t.as_str()));
        egui::ComboBox::from_id_salt("trainer_theme")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(trainer.theme.is_none(), crate::tr!("trainer-mixed"))
                    .clicked()
                {
                    asked = Some(Asked::Choose(current.clone(), None));
                }
                for (theme, count) in trainer.counts() {
                    let text = format!("{} ({count})", theme_name(theme.as_str()));
                    if ui
                        .selectable_label(trainer.theme == Some(theme), text)
                        .clicked()
                    {
                        asked = Some(Asked::Choose(current.clone(), Some(theme)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        let waiting = trainer.current.as_ref().is_some_and(|c| c.answer.is_none());
        let next = if trainer.current.is_none() {
            crate::tr!("trainer-start")
        } else {
            crate::tr!("trainer-next")
        };
        let can = matches!(trainer.available(), Ok(n) if n > 0);
        let next_button = ui.add_enabled(can, egui::Button::new(next));
        if waiting && next_button.has_focus() {
            // While a puzzle waits for its move, Enter belongs to the board (a typed
            // code is ended by Enter), never to Next; nor is Next focused by itself after
            // the verdict, or the Enter ending a code would skip it. Tab reaches it.
            next_button.surrender_focus();
        }
        if next_button.clicked() {
            asked = Some(Asked::Next);
        }
        let dash = if trainer.dashboard {
            crate::tr!("trainer-back")
        } else {
            crate::tr!("trainer-dashboard")
        };
        if ui.button(dash).clicked() {
            asked = Some(Asked::Dashboard);
        }
    });
    if let Err(e) = trainer.available() {
        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
    }
    asked
}

/// The height a verdict takes where none of its lines wraps: a heading and three lines
/// (and a few pixels for the rounding of each).
fn verdict_room(ui: &egui::Ui) -> f32 {
    let gap = ui.spacing().item_spacing.y;
    let line = ui.text_style_height(&egui::TextStyle::Body) + gap;
    (ui.text_style_height(&egui::TextStyle::Heading) + gap + 3.0 * line + 4.0).ceil()
}

/// The prompt, or the verdict with the solution and the rating's change.
fn verdict_ui(ui: &mut egui::Ui, trainer: &Trainer) {
    if let Some(e) = &trainer.error {
        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
    }
    if let Store::Off(why) = &trainer.store {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            crate::tr!("trainer-not-saved", error = why.clone()),
        );
    }
    let game = trainer.game.clone().unwrap_or_default();
    let results = trainer.training.game(&game);
    let Some(current) = &trainer.current else {
        ui.label(rating_text(results.rating.rating, results.rating.deviation));
        return;
    };
    let Some(table) = &current.table else {
        ui.label(crate::tr!("trainer-loading"));
        return;
    };
    let seat = match table.turn() {
        game_api::Turn::Seat { seat } => table.seat_name(*seat),
        _ => String::new(),
    };
    match &current.answer {
        None => {
            ui.heading(crate::tr!("trainer-find", seat = seat));
            ui.label(rating_text(results.rating.rating, results.rating.deviation));
        }
        Some(answer) => answered_ui(ui, &current.puzzle, answer),
    }
}

/// The verdict on the answer given: right or wrong (with what it lost or its result),
/// every move's value, the puzzle's themes and rating, the player's rating's change.
fn answered_ui(ui: &mut egui::Ui, puzzle: &Puzzle, answer: &Answer) {
    let (colour, verdict) = if answer.right {
        (
            egui::Color32::from_rgb(40, 160, 60),
            crate::tr!("trainer-right", solution = puzzle.solution.clone()),
        )
    } else {
        (ui.visuals().error_fg_color, wrong_text(puzzle, answer))
    };
    ui.heading(egui::RichText::new(verdict).color(colour));
    let values: Vec<String> = puzzle
        .values
        .iter()
        .map(|(m, v)| {
            if puzzle.results {
                format!("{m} {}", result_name(*v))
            } else {
                format!("{m} {v:+}")
            }
        })
        .collect();
    let values = values.join(", ");
    ui.label(if puzzle.results {
        crate::tr!("trainer-values-results", values = values)
    } else {
        crate::tr!("trainer-values", values = values)
    });
    let themes: Vec<String> = if puzzle.themes.is_empty() {
        vec![theme_name(QUIET)]
    } else {
        puzzle
            .themes
            .iter()
            .map(|t| theme_name(t.as_str()))
            .collect()
    };
    ui.label(crate::tr!(
        "trainer-themes",
        themes = themes.join(", "),
        rating = format!("{:.0}", answer.change.puzzle)
    ));
    let delta = answer.change.delta();
    ui.strong(crate::tr!(
        "trainer-rating-change",
        rating = format!("{:.0}", answer.change.after.rating),
        change = format!("{delta:+}")
    ));
}

/// A wrong answer in words: the move played, its result or what it lost, the solution.
fn wrong_text(puzzle: &Puzzle, answer: &Answer) -> String {
    if puzzle.results {
        let played = puzzle.value_of(&answer.played).unwrap_or(-1);
        crate::tr!(
            "trainer-wrong-result",
            played = answer.played.clone(),
            result = result_name(played),
            solution = puzzle.solution.clone(),
            best = result_name(puzzle.value().unwrap_or(1))
        )
    } else {
        crate::tr!(
            "trainer-wrong",
            played = answer.played.clone(),
            loss = puzzle.loss(&answer.played).unwrap_or(0).to_string(),
            solution = puzzle.solution.clone()
        )
    }
}

fn rating_text(rating: f64, deviation: f64) -> String {
    crate::tr!(
        "trainer-rating",
        rating = format!("{rating:.0}"),
        deviation = format!("{deviation:.0}")
    )
}

/// The dashboard: the game's rating, and each theme's solved/tried and rating.
fn dashboard_ui(ui: &mut egui::Ui, trainer: &Trainer) {
    let game = trainer.game.clone().unwrap_or_default();
    let results = trainer.training.game(&game);
    ui.heading(crate::tr!("trainer-dashboard"));
    ui.label(rating_text(results.rating.rating, results.rating.deviation));
    let (tried, solved) = results.totals();
    ui.label(crate::tr!(
        "trainer-totals",
        solved = solved.to_string(),
        tried = tried.to_string()
    ));
    ui.add_space(8.0);
    let rows = trainer.training.dashboard(&game);
    if rows.is_empty() {
        ui.label(crate::tr!("trainer-none-tried"));
        return;
    }
    egui::Grid::new("trainer_dashboard")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            ui.strong(crate::tr!("trainer-col-theme"));
            ui.strong(crate::tr!("trainer-col-solved"));
            ui.strong(crate::tr!("trainer-col-rating"));
            ui.end_row();
            for (key, score) in rows {
                ui.label(theme_name(&key));
                ui.label(format!("{} / {}", score.solved, score.tried));
                ui.label(format!("{:.0}", score.rating.rating));
                ui.end_row();
            }
        });
}

/// A proven result (1, 0, −1) in words: "wins", "draws", "loses".
fn result_name(result: i32) -> String {
    match result.signum() {
        1 => crate::tr!("trainer-result-win"),
        -1 => crate::tr!("trainer-result-loss"),
        _ => crate::tr!("trainer-result-draw"),
    }
}
