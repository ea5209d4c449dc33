# Tavola, i testi dell'app in italiano. Ogni chiave deve essere anche in en/tavola.ftl
# (un test confronta i due file e le chiavi usate nel codice).

## Parole comuni
ok = OK
cancel = Annulla
yes = sì
no = no
seeds = { $count ->
    [one] { $count } seme
   *[other] { $count } semi
}
shortened = { $kept }… (altri { $more } caratteri non mostrati)
language = Lingua
back-to-games = Torna ai giochi

## Menu e comandi
menu-game = Partita
menu-play = Gioco
menu-view = Vista
tab-games = Giochi
tab-board = Tavoliere
cmd-new-game = Nuova partita…
cmd-restart = Ricomincia
cmd-rematch = Rivincita (lati scambiati)
cmd-undo = Annulla mossa
cmd-redo = Ripeti mossa
cmd-save = Salva…
cmd-load = Carica…
cmd-recover = Recupera partite…
cmd-hint = Suggerimento
cmd-flip-board = Gira il tavoliere
cmd-fullscreen = Schermo intero
cmd-rules = Regole
cmd-plugins = Plugin
cmd-pause-resume = Pausa / riprendi
cmd-replay = Rivedi dall'inizio
cmd-skip-animation = Salta l'animazione
cmd-toggle-theme = Tema scuro / chiaro
cmd-quit = Esci
cmd-resign = Abbandona…
cmd-offer-draw = Proponi la patta…
animation-speed = Velocità dell'animazione
seconds-per-step-suffix = { " " }s/passo

## Messaggi dell'app
autosave-off = La partita in corso non verrà salvata: { $error }
settings-unreadable = { $path }: { $error }; si usano le impostazioni predefinite
settings-invalid = Il file delle impostazioni { $path } non si può leggere ({ $error }); si usano le impostazioni predefinite e il file è conservato come { $kept }
settings-not-saved = Le impostazioni non si possono salvare: { $error }
no-data-folder = Questo sistema non ha una cartella per i dati dell'utente.
plugins-folder-not-opened = La cartella dei plugin è { $folder } ({ $opener } non è riuscito: { $error })
recoverable-games = { $count ->
    [one] Si può recuperare { $count } partita salvata.
   *[other] Si possono recuperare { $count } partite salvate.
}
restart-question = Ricominciare questa partita dall'inizio, con gli stessi giocatori?
rules-hide = Nascondi le regole
rules-none = Inizia una partita per leggerne le regole.

## La scelta del gioco
chooser-title = Scegli un gioco
chooser-search = Cerca:
chooser-search-hint = nome o etichetta
chooser-no-games = Nessun gioco è caricato. Apri il pannello dei plugin (F2) per vedere le cartelle esaminate e perché alcuni file sono stati rifiutati.
chooser-recent = Recenti:
chooser-no-match = Nessun gioco corrisponde a "{ $search }". La ricerca guarda i nomi (anche in altre lingue), le etichette e le descrizioni.
chooser-players = { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}
chooser-players-range = da { $min } a { $max } giocatori
chooser-play = Gioca a { $game }

## La finestra della nuova partita
new-game-title = Nuova partita a { $game }
new-game-presets = Varianti pronte:
new-game-advanced = Avanzate
new-game-engines = Proponi i motori di ricerca come giocatori
new-game-engines-hint = random, greedy, mcts e alphabeta, oltre ai livelli
new-game-seed = Seme casuale (dadi, monete)
new-game-new-seed = Nuovo seme
new-game-start = Inizia
plugin-not-started = il plugin non si può avviare: { $error }
seat-number = Posto { $number }
who-plays = Chi gioca come { $seat }
seat-person = Persona
seat-computer = Computer: { $name }
seat-bot = Bot: { $name }
clocks = Orologi
clocks-hint = Ogni giocatore ha un tempo per tutta la partita; chi lo esaurisce perde
clocks-time-hint = Il tempo di ogni giocatore per la partita
clocks-increment-hint = Aggiunto al tempo di un giocatore dopo ogni sua mossa
minutes-suffix = { " " }min
seconds-per-move-suffix = { " " }s a mossa

## La vista di gioco
play-hint = Suggerimento: { $notation }
play-hint-pending = Cerco un suggerimento...
play-waiting = In attesa del plugin…
play-paused = In pausa
play-moves-bar = Mosse:
play-to-move = • muove
play-thinking = sta pensando…
play-resume = Riprendi
play-pause = Pausa
play-replay = Rivedi
play-resign = Abbandona
play-offer-draw = Proponi la patta
play-skip = Salta
play-stop-bot = Ferma il bot
play-moves = Mosse
play-start = Inizio
play-seat = posto { $number }
play-chance = sorte
plugin-failed = Il plugin { $plugin } ha smesso di funzionare.
plugin-failed-kept = La partita è conservata fino alla mossa { $moves }: non si è perso nulla.
plugin-restart = Riavvia il plugin da questa posizione
key-left = freccia sinistra
key-right = freccia destra
key-up = freccia su
key-down = freccia giù
key-space = spazio
key-enter = Invio
