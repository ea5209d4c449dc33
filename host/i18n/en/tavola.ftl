# Tavola, the app's texts in English. Every key here must also be in it/tavola.ftl
# (a test checks both files and the keys used in the code).

## Common words
ok = OK
cancel = Cancel
yes = yes
no = no
seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
shortened = { $kept }… ({ $more } more characters not shown)
language = Language
back-to-games = Back to the games

## Menus and commands
menu-game = Game
menu-play = Play
menu-view = View
tab-games = Games
tab-board = Board
cmd-new-game = New game…
cmd-restart = Restart
cmd-rematch = Rematch (sides swapped)
cmd-undo = Undo
cmd-redo = Redo
cmd-save = Save…
cmd-load = Load…
cmd-recover = Recover games…
cmd-hint = Hint
cmd-flip-board = Flip board
cmd-fullscreen = Full screen
cmd-rules = Rules
cmd-plugins = Plugins
cmd-pause-resume = Pause / resume
cmd-replay = Replay from the start
cmd-skip-animation = Skip animation
cmd-toggle-theme = Dark / light theme
cmd-quit = Quit
cmd-resign = Resign…
cmd-offer-draw = Offer a draw…
animation-speed = Animation speed
seconds-per-step-suffix = { " " }s/step

## App-wide messages
autosave-off = The game in progress will not be saved: { $error }
settings-unreadable = { $path }: { $error }; the default settings are used
settings-invalid = The settings file { $path } could not be read ({ $error }); the default settings are used, and the file is kept as { $kept }
settings-not-saved = The settings could not be saved: { $error }
no-data-folder = This system has no user data folder.
plugins-folder-not-opened = The plugins folder is { $folder } ({ $opener } failed: { $error })
recoverable-games = { $count ->
    [one] { $count } saved game can be recovered.
   *[other] { $count } saved games can be recovered.
}
restart-question = Start this game again from the beginning, with the same seats?
rules-hide = Hide the rules
rules-none = Start a game to read its rules.

## The game chooser
chooser-title = Choose a game
chooser-search = Search:
chooser-search-hint = name or tag
chooser-no-games = No games are loaded. Open the Plugins panel (F2) to see the folders searched and why files were refused.
chooser-recent = Recent:
chooser-no-match = No game matches "{ $search }". Search looks at names (also in other languages), tags and descriptions.
chooser-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
chooser-players-range = { $min }–{ $max } players
chooser-play = Play { $game }

## The new-game dialog
new-game-title = New game of { $game }
new-game-presets = Presets:
new-game-advanced = Advanced
new-game-engines = Offer the search engines as players
new-game-engines-hint = random, greedy, mcts and alphabeta, besides the levels
new-game-seed = Random seed (dice, coins)
new-game-new-seed = New seed
new-game-start = Start
plugin-not-started = the plugin cannot be started: { $error }
seat-number = Seat { $number }
who-plays = Who plays { $seat }
seat-person = Person
seat-computer = Computer: { $name }
seat-bot = Bot: { $name }
clocks = Clocks
clocks-hint = Each player has a time for the whole game; out of time loses
clocks-time-hint = Each player's time for the game
clocks-increment-hint = Added to a player's time after each of their moves
minutes-suffix = { " " }min
seconds-per-move-suffix = { " " }s per move

## The play view
play-hint = Hint: { $notation }
play-hint-pending = Looking for a hint...
play-waiting = Waiting for the plugin…
play-paused = Paused
play-moves-bar = Moves:
play-to-move = • to move
play-thinking = thinking…
play-resume = Resume
play-pause = Pause
play-replay = Replay
play-resign = Resign
play-offer-draw = Offer a draw
play-skip = Skip
play-stop-bot = Stop bot
play-moves = Moves
play-start = Start
play-seat = seat { $number }
play-chance = chance
plugin-failed = The plugin { $plugin } failed.
plugin-failed-kept = The game is kept up to move { $moves }: nothing was lost.
plugin-restart = Restart the plugin from this position
key-left = left arrow
key-right = right arrow
key-up = up arrow
key-down = down arrow
key-space = space
key-enter = Enter
