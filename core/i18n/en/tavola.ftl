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
shortened = { $kept }… ({ $more ->
    [one] { $more } more character
   *[other] { $more } more characters
} not shown)
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
cmd-eval-bar = Evaluation bar
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
cmd-back = Back one move
cmd-forward = Forward one move
cmd-to-start = To the start
cmd-to-end = To the last move
animation-speed = Animation speed
sound-mute = Mute sounds
sound-volume = Sound volume
sound-no-device = No sound device: the game plays silently.
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
option-matters-when-on = Matters only when “{ $option }” is on
option-matters-when-off = Matters only when “{ $option }” is off
option-matters-when-value = Matters only when “{ $option }” is “{ $value }”
plugin-not-started = the plugin cannot be started: { $error }
starting-game = Starting { $game }…
opening-game = Opening { $game }…
starting-lost = { $game } could not be started: its start ended without an answer
seat-number = Seat { $number }
who-plays = Who plays { $seat }
seat-person = Person
seat-remote = Player on another computer
seat-computer = Computer: { $name }
seat-bot = Bot: { $name }
seat-levels = The computer, by strength
seat-game-bots = This game's own players
seat-engines = Search engines
clocks = Clocks
clocks-hint = Each player has a time for the whole game; out of time loses
clocks-time-hint = Each player's time for the game
clocks-increment-hint = Added to a player's time after each of their moves
minutes-suffix = { " " }min
seconds-per-move-suffix = { " " }s per move

## The play view
play-hint = Hint: { $notation }
play-endgame-offer = Perfect endgame play: with tables of every position near the end, the bots and hints never go wrong there. They take { NUMBER($megabytes, maximumFractionDigits: 0) } MB on disk and are prepared once for these rules.
play-endgame-prepare = Prepare them
play-endgame-prepare-hover = Build the tables now, beside the game: play goes on meanwhile
play-endgame-not-now = Not now
play-endgame-not-now-hover = Play this game without them; the next game asks again
play-endgame-never = Don't ask again
play-endgame-never-hover = Play without them and never offer this game's tables again
play-endgame-title = Endgame tables
app-game-missing = The game “{ $game }” is not installed any more (its file was removed or moved). Put its file back in a plugins folder to play it; the Plugins panel (F2) shows the folders.
app-load-missing = { $file } cannot be opened now; it is kept as it is
play-endgame-building = Preparing perfect endgame play ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB, once): { NUMBER($share, style: "percent", maximumFractionDigits: 0) }
play-endgame-loading = Loading perfect endgame play
play-hint-pending = Looking for a hint...
play-preview-ends-and = If played, { $notation } ends in { $site }: { $happened }
play-preview-ends = If played, { $notation } ends in { $site }
play-preview-does = If played, { $notation }: { $happened }
eval-bar-waiting = The evaluation comes at the next turn a bot is not thinking.
eval-bar-hover = For { $seat }, to move: { $text }
eval-bar-over = The game is over: { $text }
eval-bar-bot = A bot is thinking: the bar evaluates the positions where a person is to move.
eval-bar-chance = Chance is to play: the bar evaluates the positions where a seat is to move.
eval-bar-evaluating = Evaluating the position shown…
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
plugin-stopped = The game of { $plugin } stopped.
plugin-restart = Restart the plugin from this position
plugin-restarting = Starting { $plugin } again…
key-left = left arrow
key-right = right arrow
key-up = up arrow
key-down = down arrow
key-space = Space
key-enter = Enter
key-home = Home
key-end = End
key-escape = Esc
keys-help-drill = Keys: type a site's code to answer (two digits: a pause or Enter) · Arrows move the focus · Enter or Space answers with it
keys-help = Keys: type the code on a site (two digits: a pause or Enter) · Arrows move the focus · Enter or Space plays it · Esc lets go
keys-typed = Typed: { $code } (Enter takes it)
play-not-set-up-again = the game cannot be set up again: { $error }
play-move-not-legal = move { $number } is not legal here
play-chance-event = Chance: { $notation } · { $happened }
play-chance-move = Chance: { $notation }
play-branch = { $count ->
    [one] { $played } replaces the recorded { $replaced }
   *[other] { $played } replaces the recorded { $replaced } and the moves after it ({ $count } in all)
}
play-bring-back = { $count ->
    [one] Bring back the replaced move
   *[other] Bring back the { $count } replaced moves
}
play-swap-back = { $count ->
    [one] Put back the move played instead
   *[other] Put back the { $count } moves played instead
}
play-bring-back-hint = Puts the moves replaced back in place of the new ones (kept in turn: press again to swap back)
play-brought-back = The replaced moves are back: Redo (or the right arrow) replays them
play-drill-asking = Drill: answer with a site's code or a click (arrows move the focus, Enter answers) · F5 (Next) skips it, F6 goes back to the review
play-drill-answered = Drill answered: F5 (Next) goes on, F6 goes back to the review · the arrow keys step through the game
cmd-drill-next = Next drill
cmd-drill-back = Back to the review
play-reviewing-finished = Reviewing the finished game (read-only): move { $n } of { $total } · the arrow keys step, End shows the result
play-earlier-point = Move { $n } of { $total }: Redo (or the right arrow) replays the recorded moves; a different move replaces the { $later } after this point
play-held = The game waits here: press Resume (or play a move) to go on
play-bot-failed = the bot failed: { $error }
clock-running = Running
clock-stopped = Stopped
clock-low = low time!

## What happened in a move
event-captured = captured { $count }
event-takes = { $seat } takes { $count }
event-relay-once = sowing went on once (relay)
event-relay = sowing went on { $count } times (relay)
event-removed = { $count ->
    [one] { $count } piece taken off the board
   *[other] { $count } pieces taken off the board
}
event-extra-turn = extra turn for { $seat }
event-relay-here = relay
event-taken-off = taken off

## The end of a game, resigning and draws
and-between = { " " }and{ " " }
over-wins = { $seat } wins { $scores }
over-draw = Draw { $scores }
over-game-over = Game over { $scores }
over-wins-plain = { $seat } wins
over-draw-plain = Draw
over-game-over-plain = Game over
over-ended-one-wins = { $ending } · { $seat } wins
over-ended-several-win = { $ending } · { $seats } win
over-margin = by { $margin }
over-won = won
over-drew = drew
over-lost = lost
over-moves-in = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} in { $time }
over-moves = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
over-rematch = Rematch
over-rematch-hint = The same game, sides swapped
over-new-game = New game
over-review = Review
over-review-hint = Step through the game from its start
over-close = Close the summary (Show the result opens it again)
over-show = Show the result
over-reviewing = Review: the arrow keys step through the game, Home and End go to its start and its result
ending-resigned = { $seat } resigned
ending-draw-agreed = Draw agreed
ending-time = { $seat } lost on time
ending-forfeit = { $seat } lost by forfeit
draw-bot-declines = { $seat } declines the draw: the computer plays every game to its end
draw-declined = The draw offered by { $seat } was declined
resign-question = Resign this game for { $seat }? It ends now, as a loss.
resign-yes = Yes, resign
draw-question = { $seat } offers a draw. { $others }, do you accept it? The game then ends now, drawn.
draw-accept = Accept the draw
draw-decline = Decline

## The plugins panel
plugins-rescan = Rescan
plugins-open-folder = Open plugins folder
plugins-back = Back to games
plugins-back-to-board = Back to the board
plugins-drop-hint = A library or a data file (such as a `.mancala.toml` variant) dropped into one of these folders appears here within two seconds.
plugins-search = Search the files (game, file name or status)
plugins-none = No plugin files were found in the folders below.
plugins-game = Game
plugins-version = Version
plugins-status = Status
plugins-file = File
plugins-quarantined = quarantined
plugins-quarantined-hint = It failed repeatedly and is not offered.
plugins-try-again = Try again
plugins-use-this = Use this one
plugins-use-this-hint = Use this file for this game from now on, instead of the one in use (your choice is kept).
plugin-shadowed = not used: { $id } is also offered by { $by }, which is used ({ $why }); this file offers version { $version } — to use it, choose it in the Plugins panel
plugin-kept = kept for { $id }: { $why }; also offered by { $others } — choose another in the Plugins panel
plugin-why-chosen = your choice
plugin-why-first-party = first-party: it came with Tavola (beside the executable, or installed with it)
plugin-why-library = a plugin library: a data file never takes its place
plugin-why-found-first = found first in the folders searched, in their order
plugins-update-waiting = An update is waiting: the game in progress keeps version { $playing }; a new game uses this file's version { $new }.
plugins-hide-details = Hide details
plugins-details = Details
plugins-folders = Folders searched
plugins-no-folder = does not exist

## Recovering, saving and loading
close = Close
recover-title = Recover games
recover-explained = Saved games that could not be opened are kept here, never deleted. One opens again once its plugin is back and works.
recover-none = There are no saved games to recover.
recover-unreadable = an unreadable file
recover-moves = , { $count } moves
recover-open = Open
recover-no-plugin = Its plugin is not loaded.
recover-delete = Delete
save-replace-question = { $file } already exists. Replace it?
save-replace = Replace
save-done = Saved to { $path }
save-failed = The game could not be saved as { $file }: { $error }
load-no-file = There is no file named { $file } there.
load-unreadable = { $file } could not be read ({ $error }).
load-not-a-record = { $file } is not a Tavola saved game. Choose a file saved with Save… (Ctrl+S).
load-unknown-game = { $file } is a game that none of the installed plugins plays.
load-failed = { $file } could not be loaded: { $error }
load-undone-dropped = The moves taken back before saving cannot all be redone: from move { $number } on, { $count ->
    [one] one move is
   *[other] { $count } moves are
} dropped ({ $reason }).
rules-missing = { $game } comes without rules text.

## The file dialogs and restoring the game in progress
file-filter = Tavola saved games
file-load-title = Load a game
file-save-title = Save the game
file-system-load = Choose the game to load in the file dialog…
file-system-save = Choose where to save in the file dialog…
file-up = Up one folder
file-name = File name:
file-folder-empty = No saved games here yet.
file-folder-made = This folder will be made when the game is saved.
file-load = Load
file-save = Save
file-in-progress = in progress
file-unreadable = unreadable: { $reason }
file-too-large = the file is too large to be a saved game ({ $megabytes } MB)
restore-not-closed = Tavola did not close normally while { $game } was open, so it was not opened again automatically
restore-replaced = another game was opened at start (tavola open) in its place
restore-this-game = this game
restore-kept-not-closed = The game in progress was not opened on its own: { $reason }.
    To be safe it is kept aside: Recover games… (in the Game menu) opens it.
restore-kept = The game in progress was not opened: { $reason }.
    It is kept: Recover games… (in the Game menu) opens it when its plugin works again.
restore-not-kept = The game in progress was not opened: { $reason }.
    It could not be set aside ({ $error }); it stays in { $path }.
autosave-failed = The game could not be saved: { $error }

## The computer's levels (the bot names stay English: files and the command line use them)
level-beginner = beginner
level-casual = casual
level-strong = strong
level-expert = expert
level-beginner-about = plays at once and makes plenty of mistakes
level-casual-about = a fair opponent for a relaxed game
level-strong-about = a strong opponent; thinks about a second a move
level-expert-about = the strongest: searches deepest and takes longest

## The command line (its texts for people; the JSON stays as it is)
cli-error = error: { $error }
cli-warning = warning: { $warning }
cli-chance = chance
cli-seat = seat { $seat }
cli-win = win
cli-draw = draw
cli-loss = loss
cli-position = Position: { $position }
cli-result = Result: { $status } [{ $scores }]
cli-not-over = Not over: { $status }
cli-no-legal-moves = No legal moves: { $status }
cli-does-not-replay = { $file } does not replay
cli-does-not-load = { $file } does not load
cli-replayed = { $file }: { $count ->
    [one] { $count } move
   *[other] { $count } moves
} of { $game } replayed, every move legal
cli-perft-depth = depth { $depth }: { $nodes }  ({ NUMBER($seconds, minimumFractionDigits: 3, maximumFractionDigits: 3) } s)
cli-list-folders = Plugin folders, in search order:
cli-list-missing-folder = does not exist
cli-list-unreadable = Cannot read { $path }: { $reason }
cli-list-none = No plugin files found.
cli-list-id = ID
cli-list-name = NAME
cli-list-version = VERSION
cli-list-status = STATUS
cli-list-path = PATH
cli-too-many-seats = { $given } seats given, { $game } has { $count }
game-with-options = { $game } ({ $options })
cli-play-header = { $game }, seed { $seed }: { $players }
cli-human-prompt = { $seat } to move at { $position }; legal moves: { $moves }. Your move:
cli-human-refused = `{ $typed }` is not a legal move here; type one of: { $moves }
cli-human-no-input = standard input ended before { $seat } chose a move: the game stops here
cli-human-unreadable = standard input could not be read: { $error }
cli-record-written = Record written to { $path }
cli-check-summary = { $game } ({ $path }): { $sets ->
    [one] { $sets } option set
   *[other] { $sets } option sets
}, { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
} checked in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
cli-check-bot-games = { $games ->
    [one] { $games } game
   *[other] { $games } games
} between bots (greedy, random, a short search), { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}, watched for positions that keep coming back
cli-check-hunt = The hunt for rare endless games: { $games ->
    [one] { $games } bot game
   *[other] { $games } bot games
} ({ $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}), { $positions ->
    [one] { $positions } position
   *[other] { $positions } positions
} searched from their last positions, in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
cli-check-hunt-out-of-time = The hunt stopped at its time limit before its last game (`--hunt-seconds` gives it more time; the long mode, `--seconds`, looks longer still).
cli-check-progress-set = option set { $set } of { $of } checked: { $games ->
    [one] { $games } random game
   *[other] { $games } random games
}, { $actions } actions ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-progress-game = option set { $set } of { $of }: { $games ->
    [one] { $games } random game
   *[other] { $games } random games
} so far, { $actions } actions ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-progress-hunt = hunting endless games: { $games } of { $of } bot games, { $positions } positions searched ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-passed = All checks passed.
cli-check-failed = FAILED: { $failure }
cli-check-failed-games = { $failed } of { $games ->
    [one] { $games } game
   *[other] { $games } games
} failed.
cli-status-loaded = loaded
cli-status-shadowed = shadowed
cli-status-incompatible = incompatible
cli-status-crashed = crashed
cli-status-failed = failed
match-header = { $game }: { $a } vs { $b }, { $games ->
    [one] { $games } game
   *[other] { $games } games
} from seed { $seed }, { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
match-as = { $bot } as
match-wins = wins
match-draws = draws
match-losses = losses
match-score = score
match-score-value = { NUMBER($score, minimumFractionDigits: 3, maximumFractionDigits: 3) }
match-total = total
match-rates = { $bot }: win rate { NUMBER($rate, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (95% interval { NUMBER($rate_lo, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }–{ NUMBER($rate_hi, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }), score { NUMBER($score, minimumFractionDigits: 3, maximumFractionDigits: 3) } (95% interval { NUMBER($score_lo, minimumFractionDigits: 3, maximumFractionDigits: 3) }–{ NUMBER($score_hi, minimumFractionDigits: 3, maximumFractionDigits: 3) })
match-elo = Elo difference { $a } − { $b }: { $elo } (95% interval { $lo } to { $hi })
match-endless-game = Game { $index } (seed { $seed }) did not end within { $actions } actions and was stopped: { $repeated }
match-endless-no-repetition = no position came back
match-endless = { $endless } of { $games ->
    [one] { $games } game
   *[other] { $games } games
} did not end and { $endless ->
    [one] is
   *[other] are
} left out of the results above. A game that comes back to the same position again and again has an endless line: a mancala-kit variant can end cycles with Config::cycle_ends_game; a game of its own must end repeated positions in its rules.
bench-game = game
bench-mcts-one = MCTS sims/s (1)
bench-mcts-all = MCTS sims/s (all)
bench-playouts = playouts/s
bench-rate = { NUMBER($rate, maximumFractionDigits: 0) }
endgame-no-data-folder = this system has no user data folder; give one with --dir
endgame-none = no endgame tables
endgame-folder = Tables: { $folder }
endgame-untrusted = untrusted: { $reason }
endgame-no-build = the plugin did not start a build
endgame-bar = { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }  { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}  { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
endgame-building = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s: building { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } done)
endgame-build-failed = the build failed: { $error }
endgame-built = Built every position with up to { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
endgame-file = { $count } seeds: { $positions } positions, { $bytes } bytes
endgame-loaded-nothing = nothing
endgame-loaded-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
endgame-in-all = In all: { $positions ->
    [one] { $positions } position
   *[other] { $positions } positions
}, { NUMBER($megabytes, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB on disk; loaded up to { $loaded }
endgame-not-built = Not built up to { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}: run with --build.
endgame-not-in-tables = { $position }: not in the tables (too many seeds, not loaded, or a value that depends on repetitions)
new-kind-mancala = a mancala variant on mancala-kit
new-kind-game = a game on game_api::Game
new-created = Created { $path } ({ $what }).
new-next = Next:
new-test-comment = the rules and the plugin contract
hint-over = The game is over: { $status }
hint-chance = chance is to play in { $position }: nobody chooses a move there (play the chance outcome with --moves first)
hint-to-move = To move: { $seat }
hint-engine = Engine: { $engine } ({ $millis } ms)
hint-best = Best move: { $best }
hint-no-estimate = { $engine } gives no estimate
hint-outcome = Expected outcome: { $outcome }
hint-line = Expected line: { $line }
hint-other-record = { $path } is a record of `{ $game }`, not of `{ $wanted }`
hint-move-after-end = move { $number } `{ $notation }`: the game is already over ({ $status })
hint-move-not-legal = move { $number } `{ $notation }` is not legal in { $position } (legal: { $legal })
hint-move = move { $number } `{ $notation }`
hint-no-time = `{ $bot }` plays a fixed budget and takes no thinking time; --time applies to `expert`, `alphabeta` and `mcts`
solve-progress-solver = { NUMBER($seconds, maximumFractionDigits: 0) } s: { $nodes } positions searched, table { $entries } of { $max } entries ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB)
solve-between = , the value is from { $lo } to { $hi }
solve-at-least = , the value is at least { $lo }
solve-at-most = , the value is at most { $hi }
solve-testing = {" "}(testing: at least { $value }?)
solve-by-plugin = the plugin's solver (MTD(f))
solve-value = Value: { $value } (final margin for the player to move, perfect play)
solve-result = Result: { $result } (proven for the player to move, perfect play; the margin is not proven)
solve-result-win = a win, by at least { $margin }
solve-result-loss = a loss, the margin at most { $margin }
solve-line = Principal line: { $line }
solve-solved = Solved in { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s by { $engine }, { $nodes } positions searched, table { $entries } entries ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB of { NUMBER($budget, maximumFractionDigits: 0) } MB)
solve-peak = Peak memory: { NUMBER($megabytes, maximumFractionDigits: 0) } MB

## A search's estimate, in words for the player to move (hints)
estimate-seen = seen { $depth ->
    [one] { $depth } move
   *[other] { $depth } moves
} ahead
estimate-looked = looked { $depth ->
    [one] { $depth } move
   *[other] { $depth } moves
} ahead
estimate-book = from the stored opening solution
estimate-simulated = { $count ->
    [one] { $count } game
   *[other] { $count } games
} simulated
estimate-win-by = with best play you win by { $margin } { $unit }
estimate-lose-by = with best play you lose by { $margin } { $unit }, whatever you do
estimate-win-by-at-least = with best play you win by at least { $margin } { $unit }
estimate-lose-by-at-least = with best play you lose by at least { $margin } { $unit }, whatever you do
estimate-draw = with best play a draw
estimate-ahead = about { NUMBER($points, maximumFractionDigits: 1) } { $unit } in your favour
estimate-behind = about { NUMBER($points, maximumFractionDigits: 1) } { $unit } in your opponent's favour
estimate-level = about level
unit-point = point
unit-points = points
estimate-chance-line = chance is to play, nobody chooses; the most likely line ({ $count ->
    [one] { $count } simulation
   *[other] { $count } simulations
})
chance-none = no estimate
chance-even = even chances
chance-sure-win = a near-certain win
chance-sure-loss = a near-certain loss
chance-about = about a { NUMBER($share, style: "percent") } chance to win

## The board's labels for screen readers
board-site = { $label }: { $contents }
board-site-empty = { $label }: empty
board-site-unnamed = site { $id }
board-pieces = { $count ->
    [one] { $count } { $one }
   *[other] { $count } { $other }
}

## Finding a game by its id
no-game-none-loaded = no game `{ $id }`: no plugin is loaded (searched: { $searched })
no-game-refused = refused: { $refused }
no-game = no game `{ $id }` (loaded: { $loaded })

## A plugin's process that failed (shown with the game kept)
worker-spawn = the worker process could not be started: { $error }
worker-crashed = the plugin's process { $how }
worker-crashed-said = { $ended } — it said: { $said }
worker-overran = the plugin's process was stopped: { $why }
play-plugin-slow = { $game } takes { $seconds } s for { $what } (its plugin is stopped at { $limit } s): the game may fail
watch-threads = it ran { $threads } threads (the limit is { $limit })
watch-idle-cpu = it used the processor for { $seconds } s in { $window } s while it had nothing to do
worker-stopped = the game's process was stopped from outside ({ $how }); it was not the plugin's fault
worker-timed-out = the plugin did not answer within { $seconds } s ({ $what }); its process was stopped
worker-protocol = the plugin's process broke the protocol: { $error }
worker-plugin-fault = The plugin failed: { $error }
worker-invalid = the plugin sent an invalid answer: { $error }
worker-abandoned = the start was cancelled
worker-doing-load = loading the plugin
worker-doing-seat-count = counting the seats
worker-doing-start = setting up the game
worker-doing-open = replaying the saved game
worker-doing-play = playing a move
worker-doing-goto = going to a position
worker-doing-bot = a bot's search
worker-doing-hint = a hint's search
worker-doing-preview = previewing a move
worker-doing-cancel = stopping a search
worker-doing-tables = asking about the endgame tables
worker-doing-language = changing the language
exit-signal = killed by signal { $signal }
exit-signal-what = killed by signal { $signal } ({ $what })
exit-status = exited with status { $code }
exit-ended = ended
exit-sigsegv = SIGSEGV: an invalid memory access, or a stack overflow
exit-sigbus = SIGBUS: an invalid memory access
exit-sigabrt = SIGABRT: the plugin aborted
exit-sigill = SIGILL: an illegal instruction
exit-sigfpe = SIGFPE: an arithmetic fault
exit-sigkill = SIGKILL: killed
exit-sigterm = SIGTERM: terminated
new-not-literal = `{ $text }` cannot be written in Cargo.toml as a literal string (it holds ' or a line break)
new-bad-name = `{ $name }` is not a usable game id: use lowercase letters, digits and single hyphens, starting with a letter (e.g. `last-stone`), at most 64 characters
new-not-a-checkout = { $path } is not a Tavola checkout: it has no game-api/Cargo.toml
new-not-empty = { $path } already exists and is not empty
new-reading = reading { $path }
new-creating = creating { $path }
new-writing = writing { $path }

## Game records that cannot be read or replayed
record-io = { $path }: { $error }
record-syntax = { $path }: not a Tavola game record: { $reason }
record-format = not a game record this host can read: { $reason }
record-options = the recorded options do not fit the plugin: { $reason }
ogn-other-game = this record is a game of { $game }: OGN holds { $ogn } games only
record-start = the recorded start position cannot be set up: { $reason }
record-move = move { $number } (`{ $notation }`): { $reason }
record-diverged = the plugin's rules diverge from the record at move { $number } ({ $notation }): the record expects position check { $expected }, the plugin gives { $found } (position { $position })
record-result = the replayed result differs from the recorded one: { $reason }
record-plugin = the plugin failed: { $error }
record-format-other = its format is `{ $found }`, expected `{ $expected }`
record-format-missing = it has no `format` field (a record starts with "format": "{ $expected }")
record-format-newer = it is version { $version } of the format; this host reads up to version { $max }
record-other-game = the record is a game of `{ $game }`: { $error }
record-not-of = the record is a game of `{ $game }`, not of `{ $plugin }`
record-no-checks = the record carries no position checks (an older format): its moves are checked for legality only
record-over = the game is already over
record-not-legal = move id { $id } is not legal here
record-written-as = the plugin writes move id { $id } as `{ $notation }`
record-other-version = recorded with { $game } { $recorded }, replayed with { $version }
record-other-version-checked = { $other }; every recorded position check matches
record-results = recorded { $recorded }, replayed { $replayed }
record-not-over = the replayed game is not over

## The help of the command line (clap's texts: headings, then every command and argument)
cli-help-usage = Usage:
cli-help-options = Options
cli-help-arguments = Arguments
cli-help-default = default
cli-help-commands = Commands
cli-arg-help = Print help
cli-arg-version = Print version
cli-about-help = Print this message or the help of the given subcommand(s)
cli-arg-help-subcommand = Print help for the subcommand(s)
cli-about-tavola = The Tavola board-game host: a desktop app and command line over game plugins.
cli-arg-tavola-plugins = Also search this folder for plugins (before the standard ones; repeatable)
cli-arg-tavola-no-default-plugins = Search only the `--plugins` folders, not TAVOLA_PLUGINS, the folder beside the executable or the user data folder
cli-arg-tavola-no-restore = Open the app without its game in progress of the last run (which stays saved)
cli-arg-tavola-lang = The language of the texts for people (`en`, `it`); without it, the app's remembered choice, else the system's language (LC_ALL, LC_MESSAGES, LANG)
cli-about-new = Create a new plugin crate from a template: a game on `game_api::Game`, or a mancala variant on mancala-kit; or a mancala variant as a data file (`--mancala-file`, no compiler needed)
cli-arg-new-name = The game's id, which is also the crate's name: lowercase letters, digits and hyphens, starting with a letter (e.g. `last-stone`)
cli-arg-new-mancala = A mancala variant on mancala-kit instead of a game on `game_api::Game` directly
cli-arg-new-mancala-file = A mancala variant as a data file (`NAME.mancala.toml`, no compiler needed) instead of a crate; `--path` is then the file
cli-arg-new-path = The folder to create (default: NAME in the current folder); it must not exist or be empty
cli-arg-new-tavola-path = Depend on the crates of this Tavola checkout (path dependencies). The default is the checkout this `tavola` was built from, if it is still there
cli-arg-new-git = Depend on the crates of this Tavola git repository instead
cli-arg-new-rev = With `--git`: the commit, tag or branch to pin
cli-about-list = List every plugin file found, with its status
cli-arg-list-json = Print JSON instead of a table
cli-about-play = Play a headless game between bots
cli-arg-play-game = The game's id (see `tavola list`)
cli-arg-play-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-play-position = Start from this position notation instead of the start position
cli-arg-play-seats = The bot of each seat in seat order (`random`, `greedy`, or the plugin's own); missing seats play `random`
cli-arg-play-seed = The random seed (chance events and random bots); printed if not given
cli-arg-play-record = Write the game record to this file, after every move (a crash keeps every move played)
cli-about-replay = Replay a game record, checking every move and the result
cli-arg-replay-file = The record file
cli-about-moves = List the legal moves of a position with the position each one leads to
cli-arg-moves-game = The game's id
cli-arg-moves-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-moves-position = Start from this position notation instead of the start position
cli-arg-moves-json = Print JSON instead of a table
cli-about-perft = Count the action sequences of each length up to DEPTH
cli-arg-perft-game = The game's id
cli-arg-perft-depth = The largest depth (1 to 30)
cli-arg-perft-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-perft-position = Start from this position notation instead of the start position
cli-about-hint = The best move for the side to move (by any bot, after the game's moves so far), the expected outcome and the expected line
cli-arg-hint-game = The game's id
cli-arg-hint-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-hint-position = Start from this position notation instead of the start position
cli-arg-hint-moves = Play these moves first, by their notations (`c,f,B`), from the start, the `--position` or the record's last position; the history is kept, so rules about repeated positions see it
cli-arg-hint-record = Start from this game record: its options, start position and moves
cli-arg-hint-level = The bot that chooses: a level (`beginner` … `expert`), an engine (`alphabeta`, `alphabeta:12`, `mcts:20000`, …) or the plugin's own bot; without it, the hint engine (alpha-beta for two seats without chance, else MCTS) thinks for `--time`
cli-arg-hint-time = Thinking time per move in milliseconds (1 to 3600000), for the bots that think for a time (`expert`, `alphabeta`, `mcts`; not the levels below expert, whose budget is what makes them what they are); the hint engine's default is 1000
cli-arg-hint-seed = The random seed (MCTS)
cli-arg-hint-json = Print JSON instead of text
cli-arg-hint-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`
cli-arg-hint-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-hint-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
cli-about-engine = Serve one bot over a line protocol like UCI (`position …`, `go movetime MS`, `bestmove …`) on standard input and output, keeping it between moves
cli-arg-engine-game = The game's id
cli-arg-engine-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-engine-level = The bot that plays (a level, an engine such as `alphabeta:12`, or the plugin's own); `setoption name Level value BOT` changes it
cli-arg-engine-seed = The random seed (MCTS)
cli-arg-engine-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`
cli-arg-engine-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-engine-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
cli-arg-engine-worker = Play as the app does: the bot in a sandboxed worker process of its own, kept there between moves, with the endgame tables the app keeps (in `--tables-root`), at the level's own time a move (`go movetime` is then ignored)
cli-arg-engine-tables-root = With `--worker`: the folder holding a folder of tables per game, as the app's `endgames` folder (the default: the app's own)
cli-about-match = A seeded series between two bots with sides alternated
cli-arg-match-game = The game's id
cli-arg-match-bot-a = The first bot (its results are reported)
cli-arg-match-bot-b = The second bot
cli-arg-match-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-match-position = Start from this position notation instead of the start position
cli-arg-match-games = Games to play (1 to 1000000)
cli-arg-match-seed = The first seed; game `i` uses `seed + i`
cli-arg-match-fixed-seats = Keep the first bot in the first seat (asymmetric games) instead of alternating sides
cli-arg-match-record = Write each game's record into this folder (`game-0000.json`, …) as it is played
cli-about-bench = MCTS simulations per second from the start position (one thread and all threads) and playouts per second; every game without GAME
cli-arg-bench-game = The game's id; all games if omitted
cli-arg-bench-seconds = Seconds per measurement (above 0, at most 3600)
cli-arg-bench-simulations = Measure searches of this many simulations each (fresh trees, repeated for the measuring time) instead of one long search: the shape of other programs' benchmarks, e.g. one `MCTSBot.step` of 20,000 simulations (1 to 10000000)
cli-arg-bench-json = Print JSON
cli-about-solve = The exact value (final margin for the player to move, with perfect play) of a small two-seat game without chance, and the best first move
cli-arg-solve-game = The game's id
cli-arg-solve-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-solve-position = Start from this position notation instead of the start position
cli-arg-solve-memory = The most memory for the table of solved positions, in megabytes (default: a quarter of the machine's memory); a full table slows the solve, the value stays exact
cli-arg-solve-quiet = No progress reports on stderr
cli-arg-solve-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the solver, up to `--endgame-seeds`: their values are exact
cli-arg-solve-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-solve-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
cli-arg-solve-results = Prove the result alone (win, draw or loss), not the final margin: the only exact answer where the margin is out of the solver's reach (Oware, whose majority end leaves the tables' winner exact but not their margin)
cli-about-endgame = A game's endgame tables: which are built, and with `--build` builds them (every position with up to `--seeds` seeds on the board) into the user data folder
cli-arg-endgame-game = The game's id
cli-arg-endgame-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-endgame-position = Start from this position notation instead of the start position
cli-arg-endgame-build = Build the tables that are missing (or untrusted) instead of only reporting
cli-arg-endgame-seeds = Every position with at most this many seeds on the board (default: the game's)
cli-arg-endgame-dir = The tables' folder (default: `endgames/GAME` in the user data folder)
cli-about-open = Open the app straight into a new game
cli-arg-open-game = The game's id
cli-arg-open-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-open-seats = Who sits in each seat in seat order: `human` or a bot's name
cli-arg-open-seed = The random seed
cli-arg-open-position = Start from this position notation instead of the game's start
cli-arg-open-moves = Then play these moves, by their notations (`c,f,B`), and stay there, paused
cli-arg-open-random-moves = Then play this many random moves (paused afterwards), e.g. for screenshots (at most 10000)
cli-about-inspect = Inspect one plugin file in this process and print what was found as JSON (used by discovery, which runs it in a child process with a time limit)
cli-arg-inspect-file = The library file
cli-arg-inspect-data = A data file's private copy, for the loader `file` to read
cli-about-worker = Serve one game's plugin over standard input and output (the app starts one worker per game; see the `worker` module)
cli-about-check = Run the conformance suite on a plugin file (or a loaded game's id)
cli-arg-check-plugin = A plugin library file, a data file (`NAME.mancala.toml`, read by the loader found in the plugins folders: from a checkout, add `--plugins target/release`), or the id of a loaded game
cli-arg-check-games = Random games per option set (10); in the long mode, games in all (1 to 1000000)
cli-arg-check-seed = The first seed
cli-arg-check-moves = The long mode: play random games until this many actions are checked
cli-arg-check-seconds = The long mode: play random games for this many seconds
cli-arg-check-hunt-games = The hunt for rare endless games: bot games at most, each followed by a search of every line from its last positions (0: no hunt)
cli-arg-check-hunt-seconds = The hunt for rare endless games: seconds at most
cli-arg-check-time-limit = The whole check stops, failed, after this many seconds

## The sandbox of the processes that run plugin code
sandbox-on = sandboxed ({ $features })
sandbox-unavailable = not sandboxed on this system: { $reason }
sandbox-off = SANDBOX OFF (--no-sandbox or TAVOLA_NO_SANDBOX=1): plugins can do anything you can
sandbox-reason-os = Tavola has no sandbox for { $os } yet
sandbox-reason-no-landlock = the kernel has no Landlock (Linux 5.13 or newer, enabled at boot), so plugins can read and write your files
sandbox-reason-no-seccomp = the kernel has no seccomp filters, so plugins can open connections and start programs
sandbox-feature-files = files
sandbox-feature-ports = TCP ports
sandbox-feature-signals = signals
sandbox-feature-allow-list = seccomp allow-list of { $count } system calls (no network, no signals to other processes, no new processes, whatever the Landlock version)
sandbox-feature-own-root = a root of its own (no other path can even be seen)
sandbox-feature-no-own-root = no root of its own on this system (a plugin can learn whether a path exists, not read it)
sandbox-error-landlock = the file sandbox could not be set up: { $error }
sandbox-error-seccomp = the system-call sandbox could not be set up: { $error }
sandbox-error-root = the sandbox's own root could not be made ({ $step }): { $error }
sandbox-error-path = a path in the sandbox's own root could not be prepared: { $path }: { $error }
sandbox-tried-network = tried to open a network connection
sandbox-tried-exec = tried to run another program
sandbox-tried-process = tried to start a process
sandbox-tried-debug = tried to read or control another process
sandbox-tried-signal = tried to send a signal to another process
sandbox-tried-system = tried a system operation plugins may not use
sandbox-tried-files = tried to change a file's mode, owner, times or links, or to watch files
sandbox-tried-memory = tried to take memory outside its limit (shared memory, message queues, memory files)
sandbox-tried-scheduling = tried to change how the system schedules processes
sandbox-tried-unknown = tried a forbidden system call
sandbox-blocked = { $tried } — blocked by the sandbox
sandbox-stopped = error: the plugin { $tried }) — blocked by the sandbox; the command was stopped
cli-detach-no-exe = the tavola executable cannot be found, so plugin code cannot be run in a confined process; refusing to run it here
inspect-no-exe = not inspected: the host cannot find its own executable ({ $error }) to run plugin code in a confined process, and runs none unconfined
cli-detach-unsupported = on this system a command cannot run its plugin away from the terminal; use the app, or --no-sandbox at your own risk
cli-detach-spawn = the command's process could not start ({ $exe })
cli-detach-killed = error: the command's process ended: { $how }
cli-detach-overran = error: the command was stopped: { $why }
sandbox-stopped-signal = error: the plugin tried a forbidden system call (killed by SIGSYS) — blocked by the sandbox; the command was stopped
sandbox-plugin-blocked = { $plugin } { $blocked }
cli-status-blocked = blocked
worker-blocked = the plugin { $blocked }, and its process was stopped
broker-bad-request = the record writer was sent something that is not a request ({ $error })
broker-refused = { $path } is not the record this command writes: refused
broker-too-large = the record writer was sent a request over its limit (a record may have at most { $mib } MiB): refused
broker-record-too-large = { $path }: a record may have at most { $mib } MiB: refused, the file keeps what it had
cli-list-sandbox = Plugins run { $state }
plugins-sandbox = Plugins run { $state }.
plugins-sandbox-safe = Games run sealed off: a game cannot read or change your files, use the network, or start or spy on other programs.
plugins-sandbox-how = How: { $features }
plugins-your-folder = Your plugins folder:
plugins-your-folder-hint = Copy a game into this folder (a plugin library, or a `.mancala.toml` variant): it appears in the list within two seconds, without restarting Tavola.
plugins-folder-not-made = Your plugins folder could not be created: { $error }
plugins-blocked = Last refused: it { $blocked }
plugins-warning = ⚠ { $warning } (the file still loads)
cli-arg-tavola-no-sandbox = Run plugins without their sandbox (for debugging a plugin only: a plugin can then read and write your files, use the network and start programs). Also `TAVOLA_NO_SANDBOX=1`
cli-about-write-broker = Write the records of a sandboxed command (see the `sandbox::broker` module)
cli-about-manual = Write the manual page, made from this help in the chosen language, to standard output (roff; the packager installs it as `tavola(1)`)
manual-files = FILES
manual-user-plugins = Your plugins folder: a game (a plugin library or a `.mancala.toml` variant) copied here is offered by Tavola, also while it runs. Created on the first start of the app.
manual-system-plugins = A plugins folder of the installed Tavola: its first-party games and the catalogue of variants (read only).
manual-user-data = The private copies of the plugins, the settings, the saved games and the endgame tables: always in your folders, never in the installed tree.
cli-arg-write-broker-file = The one record file it may write
cli-arg-write-broker-dir = The folder whose `game-NNNN.json` files it may write
cli-about-sandbox-probe = Make one system call inside the sandbox of one kind of process, or print the allow-list as JSON (`--list`): the sandbox's sweep test (`sandbox::probe`)
cli-arg-sandbox-probe-kind = The kind of process whose sandbox is entered
cli-arg-sandbox-probe-nr = The system call's number
cli-arg-sandbox-probe-abi = Through which interface
cli-arg-sandbox-probe-list = Print the allow-list instead
cli-arg-sandbox-probe-scratch = A folder for the worker's tables folder (default: the system's temporary one)
cli-arg-write-broker-games = With `--dir`: how many games (`game-0000.json` up to this count, exclusive)

## tavola net: play with someone on another computer
cli-about-net = Play with someone on another computer: offer a game (`net host`) or join one (`net join`)
cli-about-net-host = Offer a game: print its invite on one line, wait for players, play this seat
cli-about-net-join = Join a game from its invite
cli-about-net-verify = Show that each throw of a network game's record was fair: every contribution is the next link of its player's chain back to the commitment given before the game, and every chance outcome is the one they draw
cli-arg-net-verify-record = The record (either side's)
cli-arg-net-host-game = The game's id (see `tavola list`)
cli-arg-net-host-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-net-host-seat = The seat this side plays (from 0); every other seat is a joining player's
cli-arg-net-host-clock = Clocks: minutes a seat for the game, plus seconds added after each move (`5+3`); a seat whose time runs out loses
cli-arg-net-host-listen = Listen on this address (e.g. `127.0.0.1:0`); without it, every interface
cli-arg-net-host-wait = How long to wait for the players to join, in seconds
cli-arg-net-host-bot = The bot that plays this side's seat (`random`, `greedy`, the plugin's own); without it, moves are read from standard input (also `resign`, `draw`, `takeback`)
cli-arg-net-host-record = Write the game record to this file, after every move
cli-arg-net-host-relays = Use public relays and address lookup to reach players outside this network (off: only direct connections, nothing leaves for any other server)
cli-arg-net-host-reconnect = How long a player whose connection dropped may take to come back, in seconds
cli-arg-net-join-invite = The invite (`tavola1:…`) the host printed (with `--resume`: the record's)
cli-arg-net-join-resume = Come back to the game of this record (this side's, saved with `--record`) after a crash: the record goes on being saved there
cli-arg-net-join-watch = Only watch the game
cli-arg-net-join-listen = Listen on this address (e.g. `127.0.0.1:0`); without it, every interface
cli-arg-net-join-bot = The bot that plays this side's seat (`random`, `greedy`, the plugin's own); without it, moves are read from standard input (also `resign`, `draw`, `takeback`)
cli-arg-net-join-record = Write the game record to this file, after every move
cli-arg-net-join-relays = Use public relays and address lookup to reach players outside this network (off: only direct connections, nothing leaves for any other server)
cli-arg-net-join-reconnect = How long a player whose connection dropped may take to come back, in seconds
cli-arg-net-host-resume = Come back to the game of this record (this side's, saved with `--record`) after a crash, under the same invite: the record goes on being saved there

## Play online
cmd-play-online = Play online…
online-title = Play online
online-offer-heading = Offer a game: choose it, its options and your seat, then send the invite to the other player.
online-choose-game = Choose a game
online-seat = Your seat
online-relays = Use public relays to reach players outside this network
online-offer = Offer
online-join-heading = Join a game: paste the invite you were sent.
online-join = Join
online-waiting = Waiting for the other player. Send them this invite:
online-copy = Copy
online-yes = Yes
online-no = No
online-over = The game is over: { $status }
online-stopped = The game stopped: { $error }
online-close = Close
online-game = Game
online-watch = Watch
online-watch-only = Only watch (play no seat)
online-resume-heading = Games that stopped before their end: resume one where it stopped (the other side comes back to it with the same invite).
online-role-host = you offered it
online-role-guest = you joined it
online-role-spectator = you watched it
online-resume-line = { $game }, { $role }: { $moves ->
    [one] one move
   *[other] { $moves } moves
  } played
online-resume = Resume
online-clock = { $seat }: { $time }
online-qr = The same invite as a QR code, for a phone's camera.
online-not-network = { $file } is not the record of a network game.
online-draw-offered = Draw offered: the other player is asked.
online-takeback-asked = Takeback asked: the other player is asked.
online-no-restart = The network game's worker stopped: this game cannot be started again at this table (its record is saved; resume it from Play online).
online-lan-look = Look for games on this network
online-lan-heading = Games offered on this network:
online-lan-stop = Stop looking
online-lan-none = None found yet (a game is listed while it waits for players, if its host lets it be listed).
online-lan-game = { $game }, on { $computer }
online-lan-offer = List this game on the local network while it waits for players
online-lan-failed = The game could not be listed on the local network: { $error }
online-leave = Leave the game
online-quit-question = Quit and leave the online game? The other player is left waiting for you to come back (you can resume it from Play online).
tab-online-board = Online game

## A game's tags on its card (a tag not listed here is shown as it is)
tag-abstract = abstract
tag-asymmetric = asymmetric
tag-chance = chance
tag-classic = classic
tag-four-row = four rows
tag-mancala = mancala
tag-race = race
tag-relay = relay sowing
tag-rounds = rounds
tag-seeds = seeds
tag-stacking = stacking
## Analysis and review (issue 49)
analysis-exact = exact
analysis-proven = a forced end seen
analysis-estimated = estimated
analyse-over = the game is over at { $position }: { $status }
analyse-nothing = no line of { $position } was found in time
analyse-searched = Searched { $depth } plies deep, { $nodes } positions ({ $millis } ms)
analyse-simulated = { $count } games simulated ({ $millis } ms)
analyse-line = { $rank }. { $move }: { $value }; line { $line }
cli-about-analyse = The N best moves of a position (MultiPV), their values in the game's units (saying which are exact) and their lines
cli-arg-analyse-game = The game's id
cli-arg-analyse-options = Set a game option (repeatable), e.g. `--option houses=4`
cli-arg-analyse-position = Start from this position notation instead of the start position
cli-arg-analyse-moves = Play these moves first, by their notations (`c,f,B`), from the start, the `--position` or the record's last position; the history is kept, so rules about repeated positions see it
cli-arg-analyse-record = Start from this game record: its options, start position and moves
cli-arg-analyse-lines = How many best moves to show (1 to 64)
cli-arg-analyse-depth = The deepest search, in plies (1 to 60)
cli-arg-analyse-time = The time to deepen, in milliseconds (1 to 3600000); then each line is proven exact where a short solve can
cli-arg-analyse-json = Print JSON instead of text
cli-arg-analyse-follow = Print every deeper answer as it is found, one JSON object a line (`done` true on the last): what the app's analysis board reads
cli-arg-analyse-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`
cli-arg-analyse-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-analyse-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
review-class-best = best
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
review-unsupported = this game cannot be reviewed: { $reason }
review-chance = a chance event follows the move: the review values games without chance
review-progress = Reviewing move { $done } of { $all }…
review-move = { $number }. { $seat } { $move }: { $class }, lost { NUMBER($lost, maximumFractionDigits: 1) } { $unit } ({ $exact }); best { $best }, { $value }
review-none = none
review-turning-points = Turning points (moves): { $moves }
review-mistakes = Mistakes to learn from (moves): { $moves }
review-time = Reviewed { $depth } plies deep in { NUMBER($seconds, maximumFractionDigits: 1) } s
review-no-move = there is no move { $number } of a seat to review
review-not-legal = { $notation } is not a legal move in the position of move { $number }
review-instead-bad = “{ $given }” is not NUMBER=MOVE
cli-arg-review-progress = For the app: progress lines on standard error
cli-arg-review-instead = For the app's drills: review this move in place of move NUMBER (NUMBER=MOVE)
review-title = Game review
review-close = Close the review
review-failed = The review could not be made:
review-done = Reviewed { $depth } plies deep in { NUMBER($seconds, maximumFractionDigits: 1) } s
review-graph = Evaluation (the first seat's view; ringed: exact)
review-graph-hint = Click the graph or a move to see it on the board; the arrow keys, Home and End walk the moves.
review-graph-point = Move { $number }: { NUMBER($value, maximumFractionDigits: 1) }
review-turning = Turning points:
review-drill-start = Learn from { $seat }'s mistakes ({ $count })
review-lost = lost { NUMBER($lost, maximumFractionDigits: 1) } { $unit }
review-exact-mark = exact
review-estimated-mark = est.
review-best-was = best { $best }
review-drill-title = Learn from { $seat }'s mistakes
review-drill-of = Position { $at } of { $all }
review-drill-ask = Move { $number }: { $seat } played { $played } ({ $class }). Find a better move: play it on the board, or choose it here:
review-drill-played = { $played } is the move played in the game: find a better one.
review-drill-judging = Checking { $answer }…
review-drill-right = Right: { $answer } is as good as the best move ({ $value })
review-drill-wrong = Not quite: { $answer } ({ $class }) loses { NUMBER($lost, maximumFractionDigits: 1) } { $unit } ({ $exact })
review-drill-best = The best move was { $best }: { $value }
review-drill-next = Next
review-drill-back = Back to the review
review-drill-over = Done: { $right } of { $all } found.
cmd-review = Review the game
cli-about-review = Review a game record: each move's class and what it lost against the best move (exact where a proof reaches), the turning points and the mistakes
cli-arg-review-record = The game record to review
cli-arg-review-depth = The search depth of each position, in plies (1 to 40)
cli-arg-review-json = Print JSON instead of text
cli-arg-review-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`
cli-arg-review-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-review-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
cli-about-ogn = Aualé's Oware Game Notation: import a file as a record, export a record
cli-about-ogn-import = Read an OGN file (Aualé's) and print it as a Tavola record (JSON)
cli-about-ogn-export = Print a Tavola record of Oware as OGN
cli-arg-ogn-import-file = The OGN file
cli-arg-ogn-export-record = The record file

## tavola puzzles
puzzles-progress = Games { $games } of { $total }: { $positions } positions, { $puzzles } puzzles ({ $seconds } s)
puzzles-done = { $puzzles } puzzles from { $positions } positions of { $games } games in { $seconds } s
puzzles-timed-out = Stopped at the time limit ({ $seconds } s).
puzzles-other-game = { $file } records another game or other options: skipped
puzzles-failed = Puzzle { $number } failed: { $reason }
puzzles-verified = { $good } of { $all } puzzles verified
puzzles-plugin = Verified with the plugin { $path }
puzzles-plugin-unused = Not used: { $path } (it offers { $game } too)
puzzles-refuted = Not kept: { $puzzle } (its re-verification, each move proven again alone from an empty table, finds { $found })
puzzles-rechecked = Re-verified from empty tables: { $refuted } refuted, { $unconfirmed } not finished within the budget (neither kept)

## tavola hint --depth, tavola puzzles
cli-arg-hint-depth = Search to this depth instead of for a time, with an emptied table, so that the answer depends on the position alone (alpha-beta: plies, 1 to 64; MCTS: this many thousand simulations on one thread, from `--seed`): the app's evaluation bar asked for the same depth shows the same value (`bar` in `--json`)
cli-about-puzzles = Mine puzzles proven by perfect play from bot games and saved games (one move alone keeps the exact value), or verify a puzzle file
cli-arg-puzzles-game = The game's id
cli-arg-puzzles-options = Set a game option (repeatable), e.g. `--option seeds=4`
cli-arg-puzzles-games = Bot games to mine
cli-arg-puzzles-seed = The first bot game's seed (game i is seeded SEED + i)
cli-arg-puzzles-bots = The bots of the mined games (repeatable; default `greedy` and `random`); game i gives seat s the bot number (i + s) modulo their count
cli-arg-puzzles-records = Also mine these saved games (record files, or folders of them; those of other games or options are skipped with a warning)
cli-arg-puzzles-out = Write the puzzle file here (default: standard output)
cli-arg-puzzles-time = Stop mining after this many seconds (1 to 86400); the puzzles found are written
cli-arg-puzzles-max = Stop once this many puzzles are found
cli-arg-puzzles-nodes = The positions the solve after each move may search (1000 to 100000000); a position with a move not solved within them is no puzzle (`--verify`: four times as many, at least 20 million)
cli-arg-puzzles-max-pieces = Examine only positions with at most this many pieces on the houses (stores not counted)
cli-arg-puzzles-verify = Instead of mining, prove every puzzle of this file again (the solution, every move's value, the themes); exit 1 if one fails
cli-arg-puzzles-quiet = No progress on standard error
cli-arg-puzzles-results = Judge on proven results (win, draw, loss) instead of exact margins: a puzzle is a position where one move alone keeps the best result (for games whose margins the solver cannot prove, as Oware's majority end; `--verify` judges each puzzle as its file says)
cli-arg-puzzles-endgames = Load the game's endgame tables from this folder (built by `tavola endgame GAME --build --dir DIR`) for the plugin's search, up to `--endgame-seeds`
cli-arg-puzzles-endgame-seeds = With `--endgames`: every table up to this many seeds (default: the game's)
cli-arg-puzzles-endgames-if-they-fit = With `--endgames`: when no table there fits the game's rules, go on without them (saying so on standard error) instead of failing; the app passes it, its folder holding the tables built for whatever rules were played
cli-arg-puzzles-continuations = Random continuations from each bot-game position with at most `--max-pieces` pieces on the houses (0 to 10000): a random bot plays each to the game's end, seeded by the game's seed, the position and the continuation, and every position reached is examined too (cheap where the endgame tables cover them)
cli-arg-puzzles-continuation-policy = How the continuations choose their moves: `random` (default), `starve` (a move emptying the mover's own houses when there is one, else mostly one leaving them the fewest pieces), or `hoard` (mostly a move leaving the most pieces on the mover's own houses: the side with fewer runs out first, and the other faces an empty row, where a game's rules make it feed)
cli-arg-puzzles-themes = Mine only puzzles of this theme (repeatable; default: every puzzle): a position is proven only when a move the greedy bot would not play has one of them, and a puzzle kept only when it has one

## The puzzle trainer
tab-puzzles = Puzzles
trainer-game = Game
trainer-theme = Theme
trainer-mixed = Mixed
trainer-start = Start
trainer-next = Next puzzle
trainer-dashboard = Dashboard
trainer-back = Back to the puzzle
trainer-no-puzzles = No installed game has puzzles.
trainer-no-file = No puzzle file for { $game }.
trainer-no-game = The game { $game } is not installed any more.
trainer-no-data = there is no data folder
trainer-lost = The puzzle's game stopped before it was set up.
trainer-loading = Setting up the puzzle…
trainer-find = { $seat } to move: find the best move.
trainer-right = Right! { $solution } is the only best move.
trainer-wrong = Not this one: { $played } loses { $loss } against { $solution }, the only best move.
trainer-values = Every move's exact final margin: { $values }
trainer-wrong-result = Not this one: { $played } { $result } with best play, where { $solution }, the only best move, { $best }.
trainer-values-results = Every move's proven result: { $values }
trainer-result-win = wins
trainer-result-draw = draws
trainer-result-loss = loses
trainer-themes = Theme: { $themes } (puzzle rated { $rating })
trainer-rating = Your rating: { $rating } (± { $deviation })
trainer-rating-change = Your rating: { $rating } ({ $change })
trainer-not-saved = Your results are not saved: { $error }
trainer-save-failed = Your results could not be saved: { $error }
trainer-totals = Puzzles solved: { $solved } of { $tried }
trainer-none-tried = No puzzle of this game tried yet.
trainer-col-theme = Theme
trainer-col-solved = Solved / tried
trainer-col-rating = Rating
theme-capture = Capture
theme-grand-slam = Grand slam
theme-extra-turn = Extra turn
theme-forced-feed = Forced feed
theme-endgame = Endgame
theme-quiet = Quiet move
## The analysis board (app/analysis)
tab-analysis = Analysis
cmd-analyse = Analyse (a copy)…
analysis-title = Analysis: { $game }
analysis-no-game = There is no game to analyse: start or load one first.
analysis-other-game = { $path } is a record of { $game }: it opens on that game's analysis board.
analysis-thinking = Searching…
analysis-no-lines = No moves to search here.
analysis-depth = Depth { $depth }, { NUMBER($nodes) } positions
analysis-simulated = { NUMBER($count) } games simulated
analysis-signed = { $sign }{ NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }
analysis-signed-whole = { $sign }{ NUMBER($value, maximumFractionDigits: 0) }
analysis-signed-percent = { $sign }{ NUMBER($value, maximumFractionDigits: 0) }%
analysis-kind-exact = exact
analysis-kind-proven = proven
analysis-kind-estimated = estimated
analysis-done = finished
analysis-deepening = deepening…
analysis-start = « Start
analysis-back = ‹ Back
analysis-forward = Forward ›
analysis-end = End »
analysis-promote = Promote variation
analysis-delete = Delete variation
analysis-edit-position = Edit position…
analysis-keys = The Left and Right arrows, Home and End walk the moves; a click on a move goes there.
analysis-save = Save…
analysis-load = Load…
analysis-close = Close analysis
analysis-lines = Best moves shown:
analysis-moves = Moves and variations
analysis-start-position = (start)
analysis-comment = Comment on the move just played
analysis-comment-hint = Type a comment…
analysis-to-move = { $seat } to move (any side may move here)
analysis-chance = Chance to play: choose the outcome
analysis-play = Play:
analysis-saved = Saved with its comments and variations to { $path }
analysis-loaded = Loaded { $path }
cmd-analysis-board = Analysis board…
cmd-analyse-file = Analyse a saved game…
cmd-review-file = Review a saved game…
entry-learn = Learn:
entry-analyse-record = Analyse a saved game…
file-review-title = Review a saved game
file-analyse-title = Analyse a saved game
entry-title = Analysis board
entry-game = Game:
entry-position = Position:
entry-position-hint = in the game's notation; empty: its start
entry-open-start = Analyse the start position
entry-open-position = Analyse this position
analysis-busy = The board is still going to that position: play again in a moment.
analysis-discard-question = The variations and comments on this board are not saved. Save them first, or discard them?
analysis-save-first = Save them…
analysis-discard = Discard them
analysis-unsaved-kept = The analysis board holds variations and comments not saved: save them with Save… (or close the board, which asks) before opening another analysis.
editor-title = Edit position
editor-counts = Pieces on each site:
editor-to-move = To move:
editor-notation = The position as the game writes it:
editor-as-text = This game's notation does not list its sites' counts in board order: edit the position's notation.
editor-refused = The game refused this position: { $reason }
editor-read-back = The game read { $read } on { $site }, not { $asked }: its notation does not list the sites in board order.
editor-read-back-seat = The game read another seat to move than { $seat }.
editor-open = Check and analyse
editor-cancel = Cancel
editor-opened = The edited position is on the board.
## The network side's reports (net/), said to the person at the app or the terminal.
net-back-at-move = back at move { $number } of the game; waiting up to { $wait } for the players
net-time-ran-out = { $seat }'s time ran out
net-no-contribution = { $name } did not contribute to the throw due within { $wait }: { $name } loses by forfeit
net-game-starts = every seat is taken; the game starts
net-game-starts-committed = every seat is taken; the game starts (commitments { $commitments })
net-not-back = { $name } did not come back within { $wait }: { $name } loses by forfeit
net-resigned = { $seat } resigned
net-offers-draw = { $seat } offers a draw: agree?
net-asks-takeback = { $seat } asks to take back their last move: agree?
net-stopped-waiting = { $seat } stopped the game: { $reason }; waiting up to { $wait } for them to come back
net-is-back = { $seat } is back
net-left-waiting = { $who } left; waiting up to { $wait } for them to come back
net-refused-from = refused from { $who }: { $reason }
net-refused-offer = { $who } refused the offer: { $reason }
net-spectator-watches = a spectator ({ $peer }) watches the game
net-player-of-seat = the player of seat { $number }
net-visitor = a visitor ({ $peer })
net-seat = seat { $number }
net-refused-host-forfeits = refused from the other side: { $reason }; the host ({ $seat }) loses by forfeit
net-host-not-back = the host did not come back within { $wait }: the host ({ $seat }) loses by forfeit
net-host-dropped = the connection to the host dropped ({ $reason }); calling again for up to { $wait }
net-loses-by-forfeit = { $seat } loses by forfeit
net-host-stopped-forfeits = the other side stopped the game: { $reason }; the host ({ $seat }) loses by forfeit
net-host-left = the host left; calling again
net-back-in-game = back in the game
net-host-missed-move = the host never received move { $number }: playing on from its record
net-not-legal = `{ $line }` is not a legal move; legal: { $legal }
net-yes-or-no = yes or no?
net-wait-minutes = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}
net-wait-seconds = { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}
net-draw-agreed = the draw is agreed
net-draw-declined = the draw offer was declined
net-no-takeback = you have no move to take back
net-taken-back = the move is taken back
net-takeback-declined = the takeback was declined
endgames-none-fit = No endgame tables for { $game } in { $dir } fit these rules{ $reason }; going on without them
