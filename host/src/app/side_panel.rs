//! The play screen's side panel, drawn from the [`Table`] only: the game and its
//! options, a panel per seat (who plays it, its clock, the plugin's entries), the
//! command buttons and the move list. It returns what the person asked for as
//! [`Intent`]s.

use egui::RichText;

use super::{Command, Intent, Table, board::seat_colour, play_ui::options_summary};
use crate::session::SeatKind;

impl Table {
    /// The side panel: the game and its options, the seats, the commands, the moves.
    pub(super) fn side_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        ui.heading(&self.session.plugin().manifest().name);
        for line in options_summary(self.session.plugin().manifest(), self.session.options()) {
            ui.label(RichText::new(line).weak());
        }
        ui.add_space(6.0);
        let bots = crate::bots::bot_choices_for(
            self.session.plugin().manifest(),
            self.session.seats().len() as u8,
        );
        let mut panels = self.shown_view().panels.clone();
        if self.session.ending().is_some() {
            // Ended by the players: no one is to move any more.
            panels.iter_mut().for_each(|p| p.to_move = false);
        }
        for (i, panel) in panels.iter().enumerate() {
            self.seat_panel_ui(ui, i, panel, &bots, intents);
        }
        ui.add_space(6.0);
        self.commands_ui(ui, intents);
        self.move_list_ui(ui, &panels, intents);
    }

    /// The side panel's command buttons, each enabled as `enabled` says.
    fn commands_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        ui.horizontal_wrapped(|ui| {
            for command in [
                Command::Undo,
                Command::Redo,
                Command::Hint,
                Command::PauseResume,
                Command::Replay,
                Command::FlipBoard,
                Command::Resign,
                Command::OfferDraw,
            ] {
                // A puzzle is not a game against someone: nothing to take back, resign
                // or offer.
                let against_game_only = matches!(
                    command,
                    Command::Undo | Command::Redo | Command::Resign | Command::OfferDraw
                );
                if against_game_only && !self.referee.against_someone() {
                    continue;
                }
                // A finished game reviewed at a past move is read-only: nothing to take
                // back, redo or resume there (the arrows and the move list step; a
                // replay keeps its Pause).
                let changes_the_game = match command {
                    Command::Undo | Command::Redo => true,
                    Command::PauseResume => !self.flow.replaying,
                    _ => false,
                };
                if changes_the_game && self.reviewing_finished() {
                    continue;
                }
                let label = match command {
                    Command::PauseResume
                        if !self.flow.replaying && (self.flow.paused || self.held()) =>
                    {
                        crate::tr!("play-resume")
                    }
                    Command::PauseResume => crate::tr!("play-pause"),
                    Command::Replay => crate::tr!("play-replay"),
                    Command::Resign => crate::tr!("play-resign"),
                    Command::OfferDraw => crate::tr!("play-offer-draw"),
                    other => other.label(),
                };
                let enabled = self.enabled(command);
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    intents.push(Intent::Command(command));
                }
            }
            if self.shown.animation.is_some() && ui.button(crate::tr!("play-skip")).clicked() {
                intents.push(Intent::Command(Command::SkipAnimation));
            }
            if self.thinking() && ui.button(crate::tr!("play-stop-bot")).clicked() {
                intents.push(Intent::Command(Command::PauseResume));
            }
            if self.summary_hidden() && ui.button(crate::tr!("over-show")).clicked() {
                intents.push(Intent::ShowSummary);
            }
        });
    }

    /// The move list: the start and every recorded move, numbered (chance throws
    /// unnumbered), each with its events; a click jumps there.
    fn move_list_ui(
        &self,
        ui: &mut egui::Ui,
        panels: &[game_api::Panel],
        intents: &mut Vec<Intent>,
    ) {
        ui.add_space(6.0);
        ui.label(RichText::new(crate::tr!("play-moves")).strong());
        let cursor = self.session.cursor();
        let mut goto = None;
        // The current move is scrolled into view when the cursor moves (a review, Undo,
        // a jump); the list is left where the person scrolled it otherwise.
        let remembered = egui::Id::unique("move_list_cursor");
        let moved = ui.data(|d| d.get_temp::<usize>(remembered)) != Some(cursor);
        ui.data_mut(|d| d.insert_temp(remembered, cursor));
        let show_current = |response: &egui::Response, current: bool| {
            if moved && current {
                response.scroll_to_me(Some(egui::Align::Center));
            }
        };
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            // At the last move the list follows new moves; in a review it stays put.
            .stick_to_bottom(cursor == self.session.moves().len())
            .show(ui, |ui| {
                let start = ui.selectable_label(cursor == 0, crate::tr!("play-start"));
                show_current(&start, cursor == 0);
                if start.clicked() {
                    goto = Some(0);
                }
                // Moves are numbered; chance throws are not moves: they go unnumbered.
                let mut number = 0;
                for (i, m) in self.session.moves().iter().enumerate() {
                    // The plugin's words for the move where it gives them, else its notation.
                    let said = m
                        .check
                        .clone()
                        .and_then(|check| self.shown.move_words.get(&(i, check)))
                        .unwrap_or(&m.notation);
                    let text = match m.seat {
                        Some(s) => {
                            number += 1;
                            let who = panels
                                .get(usize::from(s))
                                .map_or(crate::tr!("play-seat", number = s), |p| p.seat.clone());
                            format!("{number:>3}. {who} {said}")
                        }
                        None => format!("     {} {said}", crate::tr!("play-chance")),
                    };
                    let event = m
                        .check
                        .clone()
                        .and_then(|check| self.shown.move_events.get(&(i, check)))
                        // Told once the board has shown it.
                        .filter(|_| !self.shown.animating_move(i, cursor))
                        .map(|e| &e.text);
                    let text = move_line(ui, text, event, i < cursor);
                    let line = ui.selectable_label(i + 1 == cursor, text);
                    show_current(&line, i + 1 == cursor);
                    if line.clicked() {
                        goto = Some(i + 1);
                    }
                }
            });
        if let Some(n) = goto {
            intents.push(Intent::Goto(n));
        }
    }

    /// Seat `i`'s panel: its name, whose move, its bot thinking, its clock, who plays
    /// it (a choice, unless a network game fixed it) and the plugin's entries.
    fn seat_panel_ui(
        &self,
        ui: &mut egui::Ui,
        i: usize,
        panel: &game_api::Panel,
        bots: &[crate::bots::BotChoice],
        intents: &mut Vec<Intent>,
    ) {
        let colour = seat_colour(i as u8);
        let active = seat_activity(
            i,
            panel.to_move,
            self.thinking_seat(),
            self.shown.animation.is_some(),
        );
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(
                if active == Activity::Idle { 1.0 } else { 2.5 },
                colour,
            ))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&panel.seat).strong().color(colour));
                    match active {
                        Activity::ToMove => {
                            ui.label(crate::tr!("play-to-move"));
                        }
                        // Words, not a spinner: a spinner redraws the window all the
                        // time, and the bot needs the processor more than the window does.
                        Activity::Thinking => {
                            ui.label(RichText::new(crate::tr!("play-thinking")).italics());
                        }
                        Activity::Idle => {}
                    }
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        self.clock_ui(ui, i);
                    });
                });
                self.who_plays_ui(ui, i, panel, bots, intents);
                for entry in &panel.entries {
                    ui.horizontal(|ui| {
                        ui.label(format!("{}:", entry.label));
                        ui.label(RichText::new(&entry.value).strong());
                    });
                }
            });
    }

    /// Who plays seat `i`: a menu of a person and the bots that may play it, or, in a
    /// network game (whose seats are fixed), its player's name alone.
    fn who_plays_ui(
        &self,
        ui: &mut egui::Ui,
        i: usize,
        panel: &game_api::Panel,
        bots: &[crate::bots::BotChoice],
        intents: &mut Vec<Intent>,
    ) {
        let current = self
            .session
            .seats()
            .get(i)
            .cloned()
            .unwrap_or(SeatKind::Person);
        let mut selected = current.clone();
        let seat_text = super::new_game::seat_label(&current);
        if !self.referee.history_here() {
            // A game played over the network: its seats are fixed.
            ui.label(seat_text);
        } else {
            egui::ComboBox::from_id_salt(("seat", i))
                .selected_text(seat_text)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut selected, SeatKind::Person, crate::tr!("seat-person"));
                    let here = bots
                        .iter()
                        .filter(|b| b.seats.is_empty() || b.seats.contains(&(i as u8)));
                    for b in here {
                        ui.selectable_value(
                            &mut selected,
                            SeatKind::Bot(b.name.clone()),
                            super::new_game::bot_label(&b.name),
                        )
                        .on_hover_text(&b.description);
                    }
                })
                .response
                .on_hover_text(crate::tr!("who-plays", seat = panel.seat.clone()));
        }
        if selected != current {
            intents.push(Intent::SetSeat(i, selected));
        }
    }
}

/// A line of the move list: the move, then what it made happen (in smaller, weaker
/// text); a move past the position shown (Redo would replay it) in italics.
fn move_line(
    ui: &egui::Ui,
    text: String,
    event: Option<&String>,
    played: bool,
) -> egui::text::LayoutJob {
    let style = ui.style();
    let mut job = egui::text::LayoutJob::default();
    let main = if played {
        RichText::new(text)
    } else {
        RichText::new(text).weak().italics()
    };
    main.append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    if let Some(event) = event {
        RichText::new(format!("  {event}"))
            .small()
            .weak()
            .append_to(
                &mut job,
                style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
    }
    job
}

/// What a seat's panel shows of its turn: one seat at a time is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Activity {
    /// Not its turn.
    Idle,
    /// Its turn, as the board shown says.
    ToMove,
    /// Its bot thinks.
    Thinking,
}

/// Seat `i`'s activity, as the board shown tells it: while a move is still animated, the
/// seat its view names to move (as the status line says), even if the next seat's bot
/// already thinks or has answered — else the panel would say "thinking…" for one seat
/// while the status line names the other, and flip back when the bot answers before the
/// animation ends. Once the board is still, a thinking bot's seat alone is active;
/// otherwise the seat the board shown says is to move.
fn seat_activity(i: usize, to_move: bool, thinking: Option<u8>, animating: bool) -> Activity {
    match thinking.filter(|_| !animating) {
        Some(seat) if usize::from(seat) == i => Activity::Thinking,
        Some(_) => Activity::Idle,
        None if to_move => Activity::ToMove,
        None => Activity::Idle,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seat_at_a_time_looks_active() {
        // The board is still: South's view says "to move" while North's bot thinks
        // (a stale view): only North shows.
        assert_eq!(seat_activity(0, true, Some(1), false), Activity::Idle);
        assert_eq!(seat_activity(1, false, Some(1), false), Activity::Thinking);
        assert_eq!(seat_activity(0, true, None, false), Activity::ToMove);
        assert_eq!(seat_activity(1, false, None, false), Activity::Idle);
    }

    #[test]
    fn while_a_move_is_animated_the_board_shown_names_the_seat() {
        // South's move is still sown on the board (its view: South to move, as the
        // status line says) while North's bot thinks, or has already answered: South
        // alone shows, the same in both cases, so the panel does not flip mid-animation.
        for thinking in [Some(1), None] {
            assert_eq!(seat_activity(0, true, thinking, true), Activity::ToMove);
            assert_eq!(seat_activity(1, false, thinking, true), Activity::Idle);
        }
    }
}
