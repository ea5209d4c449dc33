//! *Play online → Join*: the games offered on the local network, listed to join with a
//! click (see [`net::lan`](crate::net::lan)). The network is searched only while the
//! person asked for it (*Look for games on this network*), and stops when they stop it
//! or leave the form.

use crate::net::lan::{Browser, LanError, LanGame};

/// The list of games offered on the local network.
#[derive(Default)]
pub struct LanList {
    /// The search running, or why it could not start.
    search: Option<Result<Browser, LanError>>,
    /// Games handed to the list instead of searched for (the tests: this workplace's
    /// machines may not send multicast).
    handed: Option<Vec<LanGame>>,
}

impl LanList {
    /// Shows `games` as if found on the network (no network is searched).
    pub fn show_games(&mut self, games: Vec<LanGame>) {
        self.handed = Some(games);
    }

    /// Stops searching the network.
    pub fn stop(&mut self) {
        self.search = None;
        self.handed = None;
    }

    /// Whether the list is shown (a search runs, or games were handed to it).
    pub fn looking(&self) -> bool {
        self.search.is_some() || self.handed.is_some()
    }

    /// Draws the list; returns the game the person chose to join.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Option<LanGame> {
        if !self.looking() {
            if ui.button(crate::tr!("online-lan-look")).clicked() {
                self.search = Some(Browser::start());
            }
            return None;
        }
        let (games, refused): (Vec<LanGame>, Vec<String>) =
            match (&mut self.handed, &mut self.search) {
                (Some(games), _) => (games.clone(), Vec::new()),
                (None, Some(Ok(browser))) => (browser.games().to_vec(), browser.refused.clone()),
                (None, Some(Err(e))) => {
                    ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    (Vec::new(), Vec::new())
                }
                (None, None) => (Vec::new(), Vec::new()),
            };
        let mut chosen = None;
        ui.horizontal(|ui| {
            ui.label(crate::tr!("online-lan-heading"));
            if ui.button(crate::tr!("online-lan-stop")).clicked() {
                self.stop();
            }
        });
        if games.is_empty() {
            ui.weak(crate::tr!("online-lan-none"));
        }
        for game in games {
            ui.horizontal(|ui| {
                ui.label(crate::tr!(
                    "online-lan-game",
                    game = game.game.name.clone(),
                    computer = game.host.clone()
                ));
                if ui.button(crate::tr!("online-join")).clicked() {
                    chosen = Some(game.clone());
                }
            });
        }
        for r in refused.iter().rev().take(3) {
            ui.small(r);
        }
        // Announcements come on the search's own thread: look for them now and then.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(500));
        chosen
    }
}
