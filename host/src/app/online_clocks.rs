//! The clocks of a network game as the *Play online* bar shows them: each seat's time
//! left when the network side last said, running down for the seat to move.

use std::time::{Duration, Instant};

/// Each seat's time left as the game last said, and whether they stand still.
pub(super) struct Clocks {
    /// Each seat's time left when the game last said, and when that was.
    left: Option<(Vec<u64>, Instant)>,
    /// The seats' names, from the game's manifest.
    seat_names: Vec<String>,
    /// A player is away: the game waits and the clocks stand still.
    pub(super) away: bool,
}

impl Clocks {
    /// No time told yet, for the seats called `seat_names`.
    pub(super) fn new(seat_names: Vec<String>) -> Self {
        Clocks {
            left: None,
            seat_names,
            away: false,
        }
    }

    /// The game says each seat's time left, now.
    pub(super) fn set(&mut self, left: Vec<u64>) {
        self.left = Some((left, Instant::now()));
    }

    /// The game says whether a player is away; `running` is the seat whose clock ran
    /// until then.
    pub(super) fn set_away(&mut self, away: bool, running: Option<u8>) {
        // The clocks stand still while a player is away: shown as they were.
        if away && !self.away {
            self.left = self.now(running).map(|c| (c, Instant::now()));
        }
        self.away = away;
    }

    /// Each seat's time left now, in milliseconds, the clock of `running` running down.
    pub(super) fn now(&self, running: Option<u8>) -> Option<Vec<u64>> {
        let (left, since) = self.left.as_ref()?;
        Some(
            left.iter()
                .enumerate()
                .map(|(seat, &ms)| {
                    if running == Some(seat as u8) {
                        ms.saturating_sub(since.elapsed().as_millis() as u64)
                    } else {
                        ms
                    }
                })
                .collect(),
        )
    }

    /// The time each seat has left, the clock of `running` (the seat to move) running
    /// down.
    pub(super) fn ui(&self, ui: &mut egui::Ui, running: Option<u8>) {
        let Some(left) = self.now(running) else {
            return;
        };
        ui.horizontal(|ui| {
            for (seat, &now) in left.iter().enumerate() {
                let name = self
                    .seat_names
                    .get(seat)
                    .cloned()
                    .unwrap_or_else(|| crate::tr!("seat-number", number = seat + 1));
                let text = crate::tr!(
                    "online-clock",
                    seat = name,
                    time = crate::ending::clock_text(now)
                );
                let text = egui::RichText::new(text).monospace();
                ui.label(if running == Some(seat as u8) {
                    text.strong()
                } else {
                    text
                });
            }
        });
        if running.is_some() {
            ui.ctx().request_repaint_after(Duration::from_millis(200));
        }
    }
}
