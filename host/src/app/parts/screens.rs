//! What the app shows: the screen on top, and the state of each screen.

use super::OnlineScreen;
use crate::app::{
    Screen, Table, analysis::AnalysisBoard, chooser::GameChooser, plugins_panel::PluginsPanel,
    review::ReviewPanel, rules_panel::RulesPanel, trainer::Trainer,
};

/// The screens of the app, one field each (a new screen is one field here plus its
/// files), and which one is shown.
pub(in crate::app) struct Screens {
    /// The screen shown.
    pub(in crate::app) screen: Screen,
    /// The game chooser.
    pub(in crate::app) chooser: GameChooser,
    /// The game being played at this computer, if any.
    pub(in crate::app) play: Option<Table>,
    /// Whether the rules are shown beside the board.
    pub(in crate::app) rules_open: bool,
    /// The rules panel.
    pub(in crate::app) rules: RulesPanel,
    /// The plugins panel.
    pub(in crate::app) plugins_panel: PluginsPanel,
    /// *Play online*: the form and the network game.
    pub(in crate::app) online: OnlineScreen,
    /// The analysis board, when open.
    pub(in crate::app) analysis: Option<AnalysisBoard>,
    /// The review of the game on screen, while open.
    pub(in crate::app) review: Option<ReviewPanel>,
    /// The puzzle trainer, once its screen was opened.
    pub(in crate::app) trainer: Option<Trainer>,
}

impl Screens {
    /// The chooser shown, no game, every other screen closed.
    pub(in crate::app) fn new() -> Self {
        Screens {
            screen: Screen::Chooser,
            chooser: GameChooser::default(),
            play: None,
            rules_open: false,
            rules: RulesPanel::default(),
            plugins_panel: PluginsPanel::default(),
            online: OnlineScreen::new(),
            analysis: None,
            review: None,
            trainer: None,
        }
    }
}
