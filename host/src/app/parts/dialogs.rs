//! The windows over the screens that ask or tell the person something.

use std::path::PathBuf;

use crate::app::{
    NewGameDialog, analysis::LearnEntry, file_dialog::FileDialog, recover::RecoverWindow,
    starting::Starting,
};

/// The dialogs open over the screens (each `None` or `false` when closed).
pub(in crate::app) struct Dialogs {
    /// The new-game dialog (options and seats).
    pub(in crate::app) new_game: Option<NewGameDialog>,
    /// Save… or Load…'s file dialog.
    pub(in crate::app) file_dialog: Option<FileDialog>,
    /// The ways to the analysis board and the review without a game at the table.
    pub(in crate::app) learn: LearnEntry,
    /// Whether Save… and Load… open the system's own file dialog.
    pub(in crate::app) system_file_dialog: bool,
    /// A save asked over this existing file: overwrite it?
    pub(in crate::app) overwrite: Option<PathBuf>,
    /// *Recover games…*.
    pub(in crate::app) recover: Option<RecoverWindow>,
    /// *Restart* asked: confirm it.
    pub(in crate::app) confirm_restart: bool,
    /// *Quit* asked during a network game: asked first (the other player is left).
    pub(in crate::app) confirm_quit: bool,
    /// A game being started or opened off the UI thread.
    pub(in crate::app) starting: Option<Starting>,
    /// The message shown to the person (an error they should read).
    pub(in crate::app) message: Option<String>,
}

impl Dialogs {
    /// Every dialog closed but `message`; Save… and Load… with the system's dialog if
    /// `system_file_dialog`.
    pub(in crate::app) fn new(system_file_dialog: bool, message: Option<String>) -> Self {
        Dialogs {
            new_game: None,
            file_dialog: None,
            learn: LearnEntry::default(),
            system_file_dialog,
            overwrite: None,
            recover: None,
            confirm_restart: false,
            confirm_quit: false,
            starting: None,
            message,
        }
    }

    /// Whether one of these dialogs is open (it then has the keyboard).
    pub(in crate::app) fn any_open(&self) -> bool {
        self.new_game.is_some()
            || self.file_dialog.is_some()
            || self.learn.is_open()
            || self.overwrite.is_some()
            || self.recover.is_some()
            || self.confirm_restart
            || self.confirm_quit
            || self.starting.is_some()
            || self.message.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_or_a_question_is_an_open_dialog() {
        let mut dialogs = Dialogs::new(true, None);
        assert!(!dialogs.any_open());
        dialogs.confirm_quit = true;
        assert!(dialogs.any_open());
        dialogs.confirm_quit = false;
        dialogs.overwrite = Some(PathBuf::from("game.json"));
        assert!(dialogs.any_open());
        assert!(Dialogs::new(false, Some("the plugin failed".into())).any_open());
    }
}
