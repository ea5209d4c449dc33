//! The one list of things a person can ask the app to do: menus, buttons and keyboard
//! shortcuts all go through [`Command`].

use egui::{Key, KeyboardShortcut, Modifiers};

/// Something a person can ask the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Open the game chooser to start a new game.
    NewGame,
    /// Offer a game to someone on another computer, or join one (see `online`).
    PlayOnline,
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
    /// Show or hide the evaluation bar beside the board.
    EvalBar,
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
    /// One move back in the history (a finished game's review too).
    Back,
    /// One recorded move forward in the history.
    Forward,
    /// To the start of the game's history.
    ToStart,
    /// To the last recorded move.
    ToEnd,
    /// Open the analysis board on a copy of the game (see `analysis`).
    Analyse,
    /// Review the game on screen: the evaluation graph, each move classed, the
    /// mistakes to learn from (see `review`).
    Review,
    /// Open the analysis board on a game's start or a position typed, without a game at
    /// the table (see `analysis::entry`).
    AnalysisBoard,
    /// Choose a saved game and open the analysis board on it (its variations loaded).
    AnalyseFile,
    /// Choose a saved game and review it at once.
    ReviewFile,
    /// The review's next drill (its Next button).
    DrillNext,
    /// From the drills back to the review (its *Back to the review* button).
    DrillBack,
}

impl Command {
    /// Every command, in menu order.
    pub const ALL: [Command; 33] = [
        Command::NewGame,
        Command::PlayOnline,
        Command::Restart,
        Command::Rematch,
        Command::Save,
        Command::Load,
        Command::AnalysisBoard,
        Command::AnalyseFile,
        Command::ReviewFile,
        Command::Recover,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::Back,
        Command::Forward,
        Command::ToStart,
        Command::ToEnd,
        Command::Review,
        Command::DrillNext,
        Command::DrillBack,
        Command::Hint,
        Command::Analyse,
        Command::Resign,
        Command::OfferDraw,
        Command::PauseResume,
        Command::Replay,
        Command::SkipAnimation,
        Command::FlipBoard,
        Command::EvalBar,
        Command::Fullscreen,
        Command::Rules,
        Command::Plugins,
        Command::ToggleTheme,
    ];

    /// What people see in menus and on buttons, in the current language.
    pub fn label(self) -> String {
        match self {
            Command::NewGame => crate::tr!("cmd-new-game"),
            Command::PlayOnline => crate::tr!("cmd-play-online"),
            Command::Restart => crate::tr!("cmd-restart"),
            Command::Rematch => crate::tr!("cmd-rematch"),
            Command::Undo => crate::tr!("cmd-undo"),
            Command::Redo => crate::tr!("cmd-redo"),
            Command::Save => crate::tr!("cmd-save"),
            Command::Load => crate::tr!("cmd-load"),
            Command::Recover => crate::tr!("cmd-recover"),
            Command::Hint => crate::tr!("cmd-hint"),
            Command::FlipBoard => crate::tr!("cmd-flip-board"),
            Command::EvalBar => crate::tr!("cmd-eval-bar"),
            Command::Fullscreen => crate::tr!("cmd-fullscreen"),
            Command::Rules => crate::tr!("cmd-rules"),
            Command::Plugins => crate::tr!("cmd-plugins"),
            Command::PauseResume => crate::tr!("cmd-pause-resume"),
            Command::Replay => crate::tr!("cmd-replay"),
            Command::SkipAnimation => crate::tr!("cmd-skip-animation"),
            Command::ToggleTheme => crate::tr!("cmd-toggle-theme"),
            Command::Quit => crate::tr!("cmd-quit"),
            Command::Resign => crate::tr!("cmd-resign"),
            Command::OfferDraw => crate::tr!("cmd-offer-draw"),
            Command::Back => crate::tr!("cmd-back"),
            Command::Forward => crate::tr!("cmd-forward"),
            Command::ToStart => crate::tr!("cmd-to-start"),
            Command::ToEnd => crate::tr!("cmd-to-end"),
            Command::Analyse => crate::tr!("cmd-analyse"),
            Command::Review => crate::tr!("cmd-review"),
            Command::AnalysisBoard => crate::tr!("cmd-analysis-board"),
            Command::AnalyseFile => crate::tr!("cmd-analyse-file"),
            Command::ReviewFile => crate::tr!("cmd-review-file"),
            Command::DrillNext => crate::tr!("cmd-drill-next"),
            Command::DrillBack => crate::tr!("cmd-drill-back"),
        }
    }

    /// The keyboard shortcut, if any.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let ctrl = |key| Some(KeyboardShortcut::new(Modifiers::COMMAND, key));
        let plain = |key| Some(KeyboardShortcut::new(Modifiers::NONE, key));
        match self {
            Command::NewGame => ctrl(Key::N),
            Command::Restart => ctrl(Key::R),
            Command::Rematch | Command::PlayOnline => None,
            Command::Undo => ctrl(Key::Z),
            Command::Redo => ctrl(Key::Y),
            Command::Save => ctrl(Key::S),
            Command::Load => ctrl(Key::O),
            Command::Recover => None,
            Command::Hint => ctrl(Key::H),
            Command::FlipBoard => ctrl(Key::F),
            Command::EvalBar => ctrl(Key::E),
            Command::Fullscreen => plain(Key::F11),
            Command::Rules => plain(Key::F1),
            Command::Plugins => plain(Key::F2),
            Command::PauseResume => ctrl(Key::P),
            Command::Replay => None,
            Command::SkipAnimation => plain(Key::Escape),
            Command::ToggleTheme => ctrl(Key::T),
            Command::Quit => ctrl(Key::Q),
            Command::Resign | Command::OfferDraw => None,
            Command::Back => plain(Key::ArrowLeft),
            Command::Forward => plain(Key::ArrowRight),
            Command::ToStart => plain(Key::Home),
            Command::ToEnd => plain(Key::End),
            Command::Analyse => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::A,
            )),
            Command::Review => plain(Key::F4),
            Command::DrillNext => plain(Key::F5),
            Command::DrillBack => plain(Key::F6),
            Command::AnalysisBoard | Command::AnalyseFile | Command::ReviewFile => None,
        }
    }

    /// The menu a command belongs to (its id: `Game`, `Play` or `View`; see
    /// [`Command::menu_title`] for what people see).
    pub fn menu(self) -> &'static str {
        match self {
            Command::NewGame
            | Command::PlayOnline
            | Command::Restart
            | Command::Rematch
            | Command::Save
            | Command::Load
            | Command::AnalysisBoard
            | Command::AnalyseFile
            | Command::ReviewFile
            | Command::Recover
            | Command::Quit => "Game",
            Command::Undo
            | Command::Redo
            | Command::Hint
            | Command::Analyse
            | Command::Resign
            | Command::OfferDraw
            | Command::Back
            | Command::Forward
            | Command::ToStart
            | Command::ToEnd
            | Command::Review
            | Command::DrillNext
            | Command::DrillBack
            | Command::PauseResume
            | Command::Replay
            | Command::SkipAnimation => "Play",
            Command::FlipBoard
            | Command::EvalBar
            | Command::Fullscreen
            | Command::Rules
            | Command::Plugins
            | Command::ToggleTheme => "View",
        }
    }

    /// The title of menu `menu` (an id of [`Command::menu`]) in the current language.
    pub fn menu_title(menu: &str) -> String {
        match menu {
            "Game" => crate::tr!("menu-game"),
            "Play" => crate::tr!("menu-play"),
            _ => crate::tr!("menu-view"),
        }
    }

    /// The commands whose shortcuts were pressed this frame (consumed from the input),
    /// but for the keys in `left_alone`: the board's moves on those keys (an arrow
    /// choosing a direction) and Esc while a menu is open (it closes the menu) come first.
    pub fn pressed(ctx: &egui::Context, left_alone: &[Key]) -> Vec<Command> {
        ctx.input_mut(|input| {
            Command::ALL
                .into_iter()
                .filter(|c| {
                    c.shortcut().is_some_and(|s| {
                        !(s.modifiers == Modifiers::NONE && left_alone.contains(&s.logical_key))
                            && input.consume_shortcut(&s)
                    })
                })
                .collect()
        })
    }

    /// The menu entry of a command that turns a setting on and off: shown selected
    /// while `on`, with its shortcut; whether it was clicked.
    pub fn toggle_item(self, ui: &mut egui::Ui, on: bool) -> bool {
        let mut button = egui::Button::selectable(on, self.label());
        if let Some(s) = self.shortcut() {
            button = button.shortcut_text(shortcut_text(ui.ctx(), &s));
        }
        ui.add(button).clicked()
    }

    /// A menu entry for this command; returns whether it was clicked.
    pub fn menu_item(self, ui: &mut egui::Ui, enabled: bool) -> bool {
        let mut button = egui::Button::new(self.label());
        if let Some(s) = self.shortcut() {
            button = button.shortcut_text(shortcut_text(ui.ctx(), &s));
        }
        ui.add_enabled(enabled, button).clicked()
    }
}

/// A shortcut as the menus show it, its key's name in the language of the app
/// (`Ctrl+N`, `Inizio`, `Invio`).
fn shortcut_text(ctx: &egui::Context, shortcut: &egui::KeyboardShortcut) -> String {
    let text = ctx.format_shortcut(shortcut);
    let key = shortcut.logical_key;
    let name = match key {
        Key::ArrowLeft => "ArrowLeft",
        Key::ArrowRight => "ArrowRight",
        Key::Home => "Home",
        Key::End => "End",
        Key::Escape => "Escape",
        Key::Enter => "Enter",
        Key::Space => "Space",
        _ => return text,
    };
    let ours = super::play_ui::key_label(name);
    match text.strip_suffix(key.symbol_or_name()) {
        Some(modifiers) => format!("{modifiers}{ours}"),
        None => text,
    }
}
