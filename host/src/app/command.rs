//! The one list of things a person can ask the app to do: menus, buttons and keyboard
//! shortcuts all go through [`Command`].

use egui::{Key, KeyboardShortcut, Modifiers};

/// Something a person can ask the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Open the game chooser to start a new game.
    NewGame,
    /// Restart the current game with the same settings.
    Restart,
    /// Take back the last move (and the bots' replies).
    Undo,
    /// Replay an undone move.
    Redo,
    /// Save the game to a file.
    Save,
    /// Load a game from a file.
    Load,
    /// Suggest a move for the side to move.
    Hint,
    /// Turn the board round.
    FlipBoard,
    /// Switch full screen on or off.
    Fullscreen,
    /// Show or hide the rules.
    Rules,
    /// Show the plugins panel.
    Plugins,
    /// Pause or resume the bots and the replay.
    PauseResume,
    /// Replay the game from the start, move by move.
    Replay,
    /// Finish the animation at once.
    SkipAnimation,
    /// Switch between the dark and the light theme.
    ToggleTheme,
    /// Close the app.
    Quit,
    /// Lists the saved games that could not be restored, to open or delete them.
    Recover,
    /// The same game again with the seats swapped.
    Rematch,
    /// The person playing gives up the game (after a confirmation).
    Resign,
    /// The person playing offers a draw (to the other people; bots decline).
    OfferDraw,
}

impl Command {
    /// Every command, in menu order.
    pub const ALL: [Command; 20] = [
        Command::NewGame,
        Command::Restart,
        Command::Rematch,
        Command::Save,
        Command::Load,
        Command::Recover,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::Hint,
        Command::Resign,
        Command::OfferDraw,
        Command::PauseResume,
        Command::Replay,
        Command::SkipAnimation,
        Command::FlipBoard,
        Command::Fullscreen,
        Command::Rules,
        Command::Plugins,
        Command::ToggleTheme,
    ];

    /// What people see in menus and on buttons.
    pub fn label(self) -> &'static str {
        match self {
            Command::NewGame => "New game…",
            Command::Restart => "Restart",
            Command::Rematch => "Rematch (sides swapped)",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::Save => "Save…",
            Command::Load => "Load…",
            Command::Recover => "Recover games…",
            Command::Hint => "Hint",
            Command::FlipBoard => "Flip board",
            Command::Fullscreen => "Full screen",
            Command::Rules => "Rules",
            Command::Plugins => "Plugins",
            Command::PauseResume => "Pause / resume",
            Command::Replay => "Replay from the start",
            Command::SkipAnimation => "Skip animation",
            Command::ToggleTheme => "Dark / light theme",
            Command::Quit => "Quit",
            Command::Resign => "Resign…",
            Command::OfferDraw => "Offer a draw…",
        }
    }

    /// The keyboard shortcut, if any.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let ctrl = |key| Some(KeyboardShortcut::new(Modifiers::COMMAND, key));
        let plain = |key| Some(KeyboardShortcut::new(Modifiers::NONE, key));
        match self {
            Command::NewGame => ctrl(Key::N),
            Command::Restart => ctrl(Key::R),
            Command::Rematch => None,
            Command::Undo => ctrl(Key::Z),
            Command::Redo => ctrl(Key::Y),
            Command::Save => ctrl(Key::S),
            Command::Load => ctrl(Key::O),
            Command::Recover => None,
            Command::Hint => ctrl(Key::H),
            Command::FlipBoard => ctrl(Key::F),
            Command::Fullscreen => plain(Key::F11),
            Command::Rules => plain(Key::F1),
            Command::Plugins => plain(Key::F2),
            Command::PauseResume => ctrl(Key::P),
            Command::Replay => None,
            Command::SkipAnimation => plain(Key::Escape),
            Command::ToggleTheme => ctrl(Key::T),
            Command::Quit => ctrl(Key::Q),
            Command::Resign | Command::OfferDraw => None,
        }
    }

    /// The menu a command belongs to.
    pub fn menu(self) -> &'static str {
        match self {
            Command::NewGame
            | Command::Restart
            | Command::Rematch
            | Command::Save
            | Command::Load
            | Command::Recover
            | Command::Quit => "Game",
            Command::Undo
            | Command::Redo
            | Command::Hint
            | Command::Resign
            | Command::OfferDraw
            | Command::PauseResume
            | Command::Replay
            | Command::SkipAnimation => "Play",
            Command::FlipBoard
            | Command::Fullscreen
            | Command::Rules
            | Command::Plugins
            | Command::ToggleTheme => "View",
        }
    }

    /// The commands whose shortcuts were pressed this frame (consumed from the input).
    pub fn pressed(ctx: &egui::Context) -> Vec<Command> {
        ctx.input_mut(|input| {
            Command::ALL
                .into_iter()
                .filter(|c| c.shortcut().is_some_and(|s| input.consume_shortcut(&s)))
                .collect()
        })
    }

    /// A menu entry for this command; returns whether it was clicked.
    pub fn menu_item(self, ui: &mut egui::Ui, enabled: bool) -> bool {
        let mut button = egui::Button::new(self.label());
        if let Some(s) = self.shortcut() {
            button = button.shortcut_text(ui.ctx().format_shortcut(&s));
        }
        ui.add_enabled(enabled, button).clicked()
    }
}
