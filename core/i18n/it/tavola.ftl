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
shortened = { $kept }… ({ $more ->
    [one] un altro carattere non mostrato
   *[other] altri { $more } caratteri non mostrati
})
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
cmd-eval-bar = Barra di valutazione
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
cmd-back = Indietro di una mossa
cmd-forward = Avanti di una mossa
cmd-to-start = All'inizio
cmd-to-end = All'ultima mossa
animation-speed = Velocità dell'animazione
sound-mute = Suoni disattivati
sound-volume = Volume dei suoni
sound-no-device = Nessun dispositivo audio: si gioca in silenzio.
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
option-matters-when-on = Conta solo quando l'opzione «{ $option }» è attivata
option-matters-when-off = Conta solo quando l'opzione «{ $option }» è disattivata
option-matters-when-value = Conta solo quando l'opzione «{ $option }» è «{ $value }»
plugin-not-started = il plugin non si può avviare: { $error }
starting-game = Avvio di { $game }…
opening-game = Apertura di { $game }…
starting-lost = { $game } non si è potuto avviare: l'avvio è finito senza risposta
seat-number = Posto { $number }
who-plays = Chi gioca come { $seat }
seat-person = Persona
seat-remote = Giocatore su un altro computer
seat-computer = Computer: { $name }
seat-bot = Bot: { $name }
seat-levels = Il computer, per forza
seat-game-bots = I giocatori propri di questo gioco
seat-engines = Motori di ricerca
clocks = Orologi
clocks-hint = Ogni giocatore ha un tempo per tutta la partita; chi lo esaurisce perde
clocks-time-hint = Il tempo di ogni giocatore per la partita
clocks-increment-hint = Aggiunto al tempo di un giocatore dopo ogni sua mossa
minutes-suffix = { " " }min
seconds-per-move-suffix = { " " }s a mossa

## La vista di gioco
play-hint = Suggerimento: { $notation }
play-endgame-offer = Finali perfetti: con le tabelle di ogni posizione vicina alla fine, i bot e i suggerimenti lì non sbagliano mai. Occupano { NUMBER($megabytes, maximumFractionDigits: 0) } MB sul disco e si preparano una volta sola per queste regole.
play-endgame-prepare = Preparale
play-endgame-prepare-hover = Costruisce le tabelle ora, accanto alla partita: intanto si continua a giocare
play-endgame-not-now = Non ora
play-endgame-not-now-hover = Gioca questa partita senza; la prossima lo chiederà di nuovo
play-endgame-never = Non chiederlo più
play-endgame-never-hover = Gioca senza e non proporre più le tabelle di questo gioco
play-endgame-title = Tabelle dei finali
app-game-missing = Il gioco «{ $game }» non è più installato (il suo file è stato tolto o spostato). Rimetti il file in una cartella dei plugin per giocarci; il pannello Plugin (F2) mostra le cartelle.
app-load-missing = { $file } non si può aprire ora; resta com'è
play-endgame-building = Preparazione dei finali perfetti ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB, una volta sola): { NUMBER($share, style: "percent", maximumFractionDigits: 0) }
play-endgame-loading = Caricamento dei finali perfetti
play-hint-pending = Cerco un suggerimento...
play-preview-ends-and = Se giocata, { $notation } finisce in { $site }: { $happened }
play-preview-ends = Se giocata, { $notation } finisce in { $site }
play-preview-does = Se giocata, { $notation }: { $happened }
eval-bar-waiting = La valutazione arriva al prossimo turno in cui nessun bot pensa.
eval-bar-hover = Per { $seat }, che muove: { $text }
eval-bar-over = La partita è finita: { $text }
eval-bar-bot = Un bot sta pensando: la barra valuta le posizioni in cui muove una persona.
eval-bar-chance = Tocca al caso: la barra valuta le posizioni in cui muove un giocatore.
eval-bar-evaluating = Valutazione della posizione mostrata…
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
plugin-stopped = La partita di { $plugin } si è fermata.
plugin-restart = Riavvia il plugin da questa posizione
plugin-restarting = Riavvio di { $plugin }…
key-left = freccia sinistra
key-right = freccia destra
key-up = freccia su
key-down = freccia giù
key-space = Spazio
key-enter = Invio
key-home = Inizio
key-end = Fine
key-escape = Esc
keys-help-drill = Tasti: digita il codice di una casella per rispondere (due cifre: una pausa o Invio) · Frecce: spostano il fuoco · Invio o Spazio: risponde con essa
keys-help = Tasti: digita il codice di una casella (due cifre: una pausa o Invio) · Frecce: spostano il fuoco · Invio o Spazio: gioca · Esc: lascia
keys-typed = Digitato: { $code } (Invio per confermare)
play-not-set-up-again = la partita non si può ripristinare: { $error }
play-move-not-legal = la mossa { $number } non è legale qui
play-chance-event = Sorte: { $notation } · { $happened }
play-chance-move = Sorte: { $notation }
play-branch = { $count ->
    [one] { $played } sostituisce la mossa registrata { $replaced }
   *[other] { $played } sostituisce la mossa registrata { $replaced } e quelle dopo ({ $count } in tutto)
}
play-bring-back = { $count ->
    [one] Ripristina la mossa sostituita
   *[other] Ripristina le { $count } mosse sostituite
}
play-swap-back = { $count ->
    [one] Rimetti la mossa giocata al suo posto
   *[other] Rimetti le { $count } mosse giocate al loro posto
}
play-bring-back-hint = Rimette le mosse sostituite al posto delle nuove (che restano da parte: premi di nuovo per scambiarle)
play-brought-back = Le mosse sostituite sono tornate: "Ripeti mossa" (o la freccia a destra) le rigioca
play-drill-asking = Esercizio: rispondi col codice di una casella o con un clic (le frecce spostano il fuoco, Invio risponde) · F5 (Avanti) lo salta, F6 torna alla revisione
play-drill-answered = Risposta data: F5 (Avanti) va alla posizione seguente, F6 torna alla revisione · le frecce scorrono la partita
cmd-drill-next = Esercizio seguente
cmd-drill-back = Torna alla revisione
play-reviewing-finished = Revisione della partita finita (sola lettura): mossa { $n } di { $total } · le frecce scorrono, Fine mostra il risultato
play-earlier-point = Mossa { $n } di { $total }: "Ripeti mossa" (o la freccia a destra) rigioca le mosse registrate; una mossa diversa sostituisce le { $later } dopo questo punto
play-held = La partita è ferma qui: premi Riprendi (o gioca una mossa) per continuare
play-bot-failed = il bot non ha funzionato: { $error }
clock-running = In corso
clock-stopped = Fermo
clock-low = poco tempo!

## Che cosa è successo in una mossa
event-captured = { $count ->
    [one] catturato { $count }
   *[other] catturati { $count }
}
event-takes = { $seat } prende { $count }
event-relay-once = la semina è proseguita una volta (staffetta)
event-relay = la semina è proseguita { $count } volte (staffetta)
event-removed = { $count ->
    [one] { $count } pezzo tolto dal tavoliere
   *[other] { $count } pezzi tolti dal tavoliere
}
event-extra-turn = turno in più per { $seat }
event-relay-here = staffetta
event-taken-off = tolto

## La fine della partita, l'abbandono e la patta
and-between = { " " }e{ " " }
over-wins = Vince { $seat } { $scores }
over-draw = Patta { $scores }
over-game-over = Partita finita { $scores }
over-wins-plain = Vince { $seat }
over-draw-plain = Patta
over-game-over-plain = Partita finita
over-ended-one-wins = { $ending } · vince { $seat }
over-ended-several-win = { $ending } · vincono { $seats }
over-margin = con { $margin } di scarto
over-won = ha vinto
over-drew = ha pareggiato
over-lost = ha perso
over-moves-in = { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
} in { $time }
over-moves = { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
over-rematch = Rivincita
over-rematch-hint = Lo stesso gioco, con i lati scambiati
over-new-game = Nuova partita
over-review = Rivedi
over-review-hint = Ripercorri la partita dall'inizio
over-close = Chiudi il riepilogo ("Mostra il risultato" lo riapre)
over-show = Mostra il risultato
over-reviewing = Revisione: le frecce scorrono la partita, Inizio e Fine vanno al principio e al risultato
ending-resigned = { $seat } ha abbandonato
ending-draw-agreed = Patta concordata
ending-time = { $seat } ha perso per tempo
ending-forfeit = { $seat } ha perso a tavolino
draw-bot-declines = { $seat } rifiuta la patta: il computer gioca ogni partita fino alla fine
draw-declined = La patta proposta da { $seat } è stata rifiutata
resign-question = Abbandonare questa partita per { $seat }? Finisce subito, come sconfitta.
resign-yes = Sì, abbandono
draw-question = { $seat } propone la patta. { $others }, accettate? La partita finisce subito, pari.
draw-accept = Accetta la patta
draw-decline = Rifiuta

## Il pannello dei plugin
plugins-rescan = Cerca di nuovo
plugins-open-folder = Apri la cartella dei plugin
plugins-back = Torna ai giochi
plugins-back-to-board = Torna alla partita
plugins-drop-hint = Una libreria o un file di dati (come una variante `.mancala.toml`) copiati in una di queste cartelle compaiono qui entro due secondi.
plugins-search = Cerca tra i file (gioco, nome del file o stato)
plugins-none = Nelle cartelle qui sotto non c'è nessun file di plugin.
plugins-game = Gioco
plugins-version = Versione
plugins-status = Stato
plugins-file = File
plugins-quarantined = in quarantena
plugins-quarantined-hint = Non ha funzionato più volte e non viene proposto.
plugins-try-again = Riprova
plugins-use-this = Usa questo
plugins-use-this-hint = Usa questo file per questo gioco d'ora in poi, al posto di quello in uso (la scelta viene ricordata).
plugin-shadowed = non usato: { $id } è offerto anche da { $by }, che è usato ({ $why }); questo file offre la versione { $version } — per usarlo, sceglilo nel pannello Plugin
plugin-kept = tenuto per { $id }: { $why }; offerto anche da { $others } — scegline un altro nel pannello Plugin
plugin-why-chosen = la tua scelta
plugin-why-first-party = originale: è arrivato con Tavola (accanto all'eseguibile, o installato con esso)
plugin-why-library = una libreria di plugin: un file di dati non ne prende mai il posto
plugin-why-found-first = trovato per primo nelle cartelle cercate, nel loro ordine
plugins-update-waiting = C'è un aggiornamento: la partita in corso resta alla versione { $playing }; una nuova partita usa la versione { $new } di questo file.
plugins-hide-details = Nascondi i dettagli
plugins-details = Dettagli
plugins-folders = Cartelle esaminate
plugins-no-folder = non esiste

## Recupero, salvataggio e caricamento
close = Chiudi
recover-title = Recupera partite
recover-explained = Le partite salvate che non si sono potute aprire restano qui, mai cancellate. Una si riapre quando il suo plugin torna e funziona.
recover-none = Non ci sono partite salvate da recuperare.
recover-unreadable = un file illeggibile
recover-moves = { $count ->
    [one] , { $count } mossa
   *[other] , { $count } mosse
}
recover-open = Apri
recover-no-plugin = Il suo plugin non è caricato.
recover-delete = Elimina
save-replace-question = { $file } esiste già. Sostituirlo?
save-replace = Sostituisci
save-done = Salvata in { $path }
save-failed = La partita non si può salvare come { $file }: { $error }
load-no-file = Lì non c'è nessun file chiamato { $file }.
load-unreadable = { $file } non si può leggere ({ $error }).
load-not-a-record = { $file } non è una partita salvata da Tavola. Scegli un file salvato con Salva… (Ctrl+S).
load-unknown-game = { $file } è una partita di un gioco che nessun plugin installato conosce.
load-failed = { $file } non si può caricare: { $error }
load-undone-dropped = Le mosse annullate prima del salvataggio non si possono rifare tutte: dalla mossa { $number } { $count ->
    [one] una mossa è scartata
   *[other] { $count } mosse sono scartate
} ({ $reason }).
rules-missing = { $game } non ha il testo delle regole.

## Le finestre dei file e il ripristino della partita in corso
file-filter = Partite salvate di Tavola
file-load-title = Carica una partita
file-save-title = Salva la partita
file-system-load = Scegli la partita da caricare nella finestra dei file…
file-system-save = Scegli dove salvare nella finestra dei file…
file-up = Cartella superiore
file-name = Nome del file:
file-folder-empty = Qui non ci sono ancora partite salvate.
file-folder-made = La cartella verrà creata al salvataggio della partita.
file-load = Carica
file-save = Salva
file-in-progress = in corso
file-unreadable = illeggibile: { $reason }
file-too-large = il file è troppo grande per essere una partita salvata ({ $megabytes } MB)
restore-not-closed = Tavola non si è chiusa normalmente mentre { $game } era aperta, quindi non è stata riaperta da sola
restore-replaced = all'avvio è stata aperta un'altra partita (tavola open) al suo posto
restore-this-game = questa partita
restore-kept-not-closed = La partita in corso non è stata riaperta da sola: { $reason }.
    Per sicurezza è tenuta da parte: "Recupera partite…" (nel menu Partita) la apre.
restore-kept = La partita in corso non è stata aperta: { $reason }.
    È conservata: Recupera partite… (nel menu Partita) la riapre quando il suo plugin torna a funzionare.
restore-not-kept = La partita in corso non è stata aperta: { $reason }.
    Non si è potuta mettere da parte ({ $error }); resta in { $path }.
autosave-failed = La partita non si può salvare: { $error }

## The computer's levels (the bot names stay English: files and the command line use them)
level-beginner = principiante
level-casual = amatoriale
level-strong = forte
level-expert = esperto
level-beginner-about = gioca subito e sbaglia spesso
level-casual-about = un avversario alla pari per una partita tranquilla
level-strong-about = un avversario forte; pensa circa un secondo a mossa
level-expert-about = il più forte: cerca più a fondo e impiega più tempo

## La riga di comando (i testi per le persone; il JSON resta com'è)
cli-error = errore: { $error }
cli-warning = attenzione: { $warning }
cli-chance = caso
cli-seat = posto { $seat }
cli-win = vittoria
cli-draw = patta
cli-loss = sconfitta
cli-position = Posizione: { $position }
cli-result = Risultato: { $status } [{ $scores }]
cli-not-over = Non finita: { $status }
cli-no-legal-moves = Nessuna mossa possibile: { $status }
cli-does-not-replay = { $file } non si può rigiocare
cli-does-not-load = { $file } non si carica
cli-replayed = { $file }: { $count ->
    [one] { $count } mossa
   *[other] { $count } mosse
} di { $game } rigiocate, tutte regolari
cli-perft-depth = profondità { $depth }: { $nodes }  ({ NUMBER($seconds, minimumFractionDigits: 3, maximumFractionDigits: 3) } s)
cli-list-folders = Cartelle dei plugin, nell'ordine di ricerca:
cli-list-missing-folder = non esiste
cli-list-unreadable = Impossibile leggere { $path }: { $reason }
cli-list-none = Nessun file di plugin trovato.
cli-list-id = ID
cli-list-name = NOME
cli-list-version = VERSIONE
cli-list-status = STATO
cli-list-path = PERCORSO
cli-too-many-seats = { $given ->
    [one] indicato { $given } posto
   *[other] indicati { $given } posti
}, { $game } ne ha { $count }
game-with-options = { $game } ({ $options })
cli-play-header = { $game }, seme casuale { $seed }: { $players }
cli-human-prompt = Muove { $seat } in { $position }; mosse legali: { $moves }. La tua mossa:
cli-human-refused = `{ $typed }` non è una mossa legale qui; scrivi una di queste: { $moves }
cli-human-no-input = l'input standard è finito prima che { $seat } scegliesse una mossa: la partita si ferma qui
cli-human-unreadable = impossibile leggere l'input standard: { $error }
cli-record-written = Partita registrata in { $path }
cli-check-summary = { $game } ({ $path }): { $sets ->
    [one] { $sets } insieme di opzioni
   *[other] { $sets } insiemi di opzioni
}, { $games ->
    [one] { $games } partita
   *[other] { $games } partite
}, { $actions ->
    [one] { $actions } azione verificata
   *[other] { $actions } azioni verificate
} in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
cli-check-bot-games = { $games ->
    [one] { $games } partita
   *[other] { $games } partite
} tra bot (greedy, random, una ricerca breve), { $actions ->
    [one] { $actions } azione
   *[other] { $actions } azioni
}, osservate per posizioni che continuano a ripresentarsi
cli-check-hunt = La caccia alle partite infinite rare: { $games ->
    [one] { $games } partita tra bot
   *[other] { $games } partite tra bot
} ({ $actions ->
    [one] { $actions } azione
   *[other] { $actions } azioni
}), { $positions ->
    [one] { $positions } posizione esplorata
   *[other] { $positions } posizioni esplorate
} dalle loro ultime posizioni, in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
cli-check-hunt-out-of-time = La caccia si è fermata al suo limite di tempo prima dell'ultima partita (`--hunt-seconds` le dà più tempo; la modalità lunga, `--seconds`, cerca ancora più a lungo).
cli-check-progress-set = insieme di opzioni { $set } di { $of } verificato: { $games ->
    [one] { $games } partita casuale
   *[other] { $games } partite casuali
}, { $actions } azioni ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-progress-game = insieme di opzioni { $set } di { $of }: { $games ->
    [one] { $games } partita casuale
   *[other] { $games } partite casuali
} finora, { $actions } azioni ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-progress-hunt = caccia alle partite infinite: { $games } di { $of } partite tra bot, { $positions } posizioni esplorate ({ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s)
cli-check-passed = Tutte le verifiche sono superate.
cli-check-failed = FALLITO: { $failure }
cli-check-failed-games = { $failed ->
    [one] { $failed } partita su { $games } non è andata a buon fine.
   *[other] { $failed } partite su { $games } non sono andate a buon fine.
}
cli-status-loaded = caricato
cli-status-shadowed = oscurato
cli-status-incompatible = incompatibile
cli-status-crashed = in crash
cli-status-failed = fallito
match-header = { $game }: { $a } contro { $b }, { $games ->
    [one] { $games } partita
   *[other] { $games } partite
} dal seme casuale { $seed }, { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
match-as = { $bot } come
match-wins = vinte
match-draws = patte
match-losses = perse
match-score = punteggio
match-score-value = { NUMBER($score, minimumFractionDigits: 3, maximumFractionDigits: 3) }
match-total = totale
match-rates = { $bot }: percentuale di vittorie { NUMBER($rate, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (intervallo al 95% { NUMBER($rate_lo, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }–{ NUMBER($rate_hi, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }), punteggio { NUMBER($score, minimumFractionDigits: 3, maximumFractionDigits: 3) } (intervallo al 95% { NUMBER($score_lo, minimumFractionDigits: 3, maximumFractionDigits: 3) }–{ NUMBER($score_hi, minimumFractionDigits: 3, maximumFractionDigits: 3) })
match-elo = Differenza Elo { $a } − { $b }: { $elo } (intervallo al 95% da { $lo } a { $hi })
match-endless-game = La partita { $index } (seme { $seed }) non è finita entro { $actions } azioni ed è stata fermata: { $repeated }
match-endless-no-repetition = nessuna posizione si è ripresentata
match-endless = { $endless ->
    [one] { $endless } partita
   *[other] { $endless } partite
} su { $games } non { $endless ->
    [one] è finita ed è esclusa
   *[other] sono finite e sono escluse
} dai risultati qui sopra. Una partita che torna alla stessa posizione più e più volte ha una linea senza fine: una variante di mancala-kit può chiudere i cicli con Config::cycle_ends_game; un gioco a sé deve porre fine alle posizioni ripetute nelle sue regole.
bench-game = gioco
bench-mcts-one = MCTS sim./s (1)
bench-mcts-all = MCTS sim./s (tutti)
bench-playouts = simulazioni/s
bench-rate = { NUMBER($rate, maximumFractionDigits: 0) }
endgame-no-data-folder = questo sistema non ha una cartella dei dati dell'utente; indicane una con --dir
endgame-none = nessuna tabella dei finali
endgame-folder = Tabelle: { $folder }
endgame-untrusted = non affidabile: { $reason }
endgame-no-build = il plugin non ha avviato la costruzione
endgame-bar = { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }  { $count ->
    [one] { $count } seme
   *[other] { $count } semi
}  { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
endgame-building = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s: costruzione con { $count ->
    [one] { $count } seme
   *[other] { $count } semi
} ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } fatto)
endgame-build-failed = la costruzione non è riuscita: { $error }
endgame-built = Costruite tutte le posizioni con al più { $count ->
    [one] { $count } seme
   *[other] { $count } semi
} in { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
endgame-file = { $count } semi: { $positions } posizioni, { $bytes } byte
endgame-loaded-nothing = nulla
endgame-loaded-seeds = { $count ->
    [one] { $count } seme
   *[other] { $count } semi
}
endgame-in-all = In tutto: { $positions ->
    [one] { $positions } posizione
   *[other] { $positions } posizioni
}, { NUMBER($megabytes, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB su disco; caricate fino a { $loaded }
endgame-not-built = Non costruite fino a { $count ->
    [one] { $count } seme
   *[other] { $count } semi
}: esegui con --build.
endgame-not-in-tables = { $position }: non è nelle tabelle (troppi semi, tabelle non caricate, o un valore che dipende dalle ripetizioni)
new-kind-mancala = una variante di mancala su mancala-kit
new-kind-game = un gioco su game_api::Game
new-created = Creato { $path } ({ $what }).
new-next = Poi:
new-test-comment = le regole e il contratto dei plugin
hint-over = La partita è finita: { $status }
hint-chance = in { $position } tocca al caso: lì nessuno sceglie una mossa (gioca prima l'esito del caso con --moves)
hint-to-move = Tocca a: { $seat }
hint-engine = Motore: { $engine } ({ $millis } ms)
hint-best = Mossa migliore: { $best }
hint-no-estimate = { $engine } non dà una stima
hint-outcome = Esito previsto: { $outcome }
hint-line = Seguito previsto: { $line }
hint-other-record = { $path } è una partita di `{ $game }`, non di `{ $wanted }`
hint-move-after-end = mossa { $number } `{ $notation }`: la partita è già finita ({ $status })
hint-move-not-legal = la mossa { $number } `{ $notation }` non è regolare in { $position } (regolari: { $legal })
hint-move = mossa { $number } `{ $notation }`
hint-no-time = `{ $bot }` gioca con un budget fisso e non accetta un tempo di riflessione; --time vale per `expert`, `alphabeta` e `mcts`
solve-progress-solver = { NUMBER($seconds, maximumFractionDigits: 0) } s: { $nodes } posizioni esaminate, tabella di { $entries } voci su { $max } ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB)
solve-between = , il valore è tra { $lo } e { $hi }
solve-at-least = , il valore è almeno { $lo }
solve-at-most = , il valore è al più { $hi }
solve-testing = {" "}(in prova: almeno { $value }?)
solve-by-plugin = il risolutore del plugin (MTD(f))
solve-value = Valore: { $value } (margine finale per chi ha la mossa, con gioco perfetto)
solve-result = Risultato: { $result } (dimostrato per chi muove, gioco perfetto; il margine non è dimostrato)
solve-result-win = una vittoria, di almeno { $margin }
solve-result-loss = una sconfitta, con un margine al più di { $margin }
solve-line = Variante principale: { $line }
solve-solved = Risolto in { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s con { $engine }, { $nodes } posizioni esaminate, tabella di { $entries } voci ({ NUMBER($megabytes, maximumFractionDigits: 0) } MB su { NUMBER($budget, maximumFractionDigits: 0) } MB)
solve-peak = Memoria massima: { NUMBER($megabytes, maximumFractionDigits: 0) } MB

## La stima di una ricerca, a parole per chi ha la mossa (suggerimenti)
estimate-seen = calcolato { $depth ->
    [one] { $depth } mossa
   *[other] { $depth } mosse
} avanti
estimate-looked = guardando { $depth ->
    [one] { $depth } mossa
   *[other] { $depth } mosse
} avanti
estimate-book = dalla soluzione delle aperture memorizzata
estimate-simulated = { $count ->
    [one] { $count } partita simulata
   *[other] { $count } partite simulate
}
estimate-win-by = giocando al meglio vinci di { $margin } { $unit }
estimate-lose-by = giocando al meglio perdi di { $margin } { $unit }, qualunque cosa tu faccia
estimate-win-by-at-least = giocando al meglio vinci di almeno { $margin } { $unit }
estimate-lose-by-at-least = giocando al meglio perdi di almeno { $margin } { $unit }, qualunque cosa tu faccia
estimate-draw = giocando al meglio finisce patta
estimate-ahead = circa { NUMBER($points, maximumFractionDigits: 1) } { $unit } a tuo favore
estimate-behind = circa { NUMBER($points, maximumFractionDigits: 1) } { $unit } a favore dell'avversario
estimate-level = circa in parità
unit-point = punto
unit-points = punti
estimate-chance-line = tocca al caso, nessuno sceglie; il seguito più probabile ({ $count ->
    [one] { $count } simulazione
   *[other] { $count } simulazioni
})
chance-none = nessuna stima
chance-even = possibilità pari
chance-sure-win = una vittoria quasi certa
chance-sure-loss = una sconfitta quasi certa
chance-about = circa il { NUMBER($share, style: "percent") } di probabilità di vincere

## Le etichette del tavoliere per i lettori di schermo
board-site = { $label }: { $contents }
board-site-empty = { $label }: nessun pezzo
board-site-unnamed = casella { $id }
board-pieces = { $count ->
    [one] { $count } { $one }
   *[other] { $count } { $other }
}

## Trovare un gioco dal suo id
no-game-none-loaded = nessun gioco `{ $id }`: nessun plugin è caricato (cartelle cercate: { $searched })
no-game-refused = rifiutati: { $refused }
no-game = nessun gioco `{ $id }` (caricati: { $loaded })

## Il processo di un plugin che non ha funzionato (mostrato con la partita conservata)
worker-spawn = il processo di lavoro non si è potuto avviare: { $error }
worker-crashed = il processo del plugin { $how }
worker-crashed-said = { $ended } — ha scritto: { $said }
worker-overran = il processo del plugin è stato fermato: { $why }
play-plugin-slow = { $game } impiega { $seconds } s per { $what } (il suo plugin viene fermato a { $limit } s): la partita potrebbe interrompersi
watch-threads = aveva { $threads } thread (il limite è { $limit })
watch-idle-cpu = ha usato il processore per { $seconds } s in { $window } s senza avere nulla da fare
worker-stopped = il processo della partita è stato fermato dall'esterno ({ $how }); non è colpa del plugin
worker-timed-out = il plugin non ha risposto entro { $seconds } s ({ $what }); il suo processo è stato fermato
worker-protocol = il processo del plugin non ha rispettato il protocollo: { $error }
worker-plugin-fault = Il plugin ha fallito: { $error }
worker-invalid = il plugin ha inviato una risposta non valida: { $error }
worker-abandoned = l'avvio è stato annullato
worker-doing-load = caricamento del plugin
worker-doing-seat-count = conteggio dei posti
worker-doing-start = preparazione della partita
worker-doing-open = riproduzione della partita salvata
worker-doing-play = esecuzione di una mossa
worker-doing-goto = passaggio a una posizione
worker-doing-bot = ricerca di un bot
worker-doing-hint = ricerca di un suggerimento
worker-doing-preview = anteprima di una mossa
worker-doing-cancel = arresto di una ricerca
worker-doing-tables = richiesta sulle tabelle dei finali
worker-doing-language = cambio di lingua
exit-signal = è stato terminato dal segnale { $signal }
exit-signal-what = è stato terminato dal segnale { $signal } ({ $what })
exit-status = è terminato con il codice { $code }
exit-ended = è terminato
exit-sigsegv = SIGSEGV: un accesso alla memoria non valido, o uno stack overflow
exit-sigbus = SIGBUS: un accesso alla memoria non valido
exit-sigabrt = SIGABRT: il plugin si è interrotto
exit-sigill = SIGILL: un'istruzione non valida
exit-sigfpe = SIGFPE: un errore aritmetico
exit-sigkill = SIGKILL: terminato forzatamente
exit-sigterm = SIGTERM: terminato
new-not-literal = `{ $text }` non si può scrivere in Cargo.toml come stringa letterale (contiene ' o un a capo)
new-bad-name = `{ $name }` non è un id di gioco utilizzabile: usa lettere minuscole, cifre e trattini singoli, iniziando con una lettera (per esempio `last-stone`), al massimo 64 caratteri
new-not-a-checkout = { $path } non è una copia di Tavola: non contiene game-api/Cargo.toml
new-not-empty = { $path } esiste già e non è vuota
new-reading = lettura di { $path }
new-creating = creazione di { $path }
new-writing = scrittura di { $path }

## Partite registrate che non si possono leggere o rigiocare
record-io = { $path }: { $error }
record-syntax = { $path }: non è una partita registrata da Tavola: { $reason }
record-format = non è una partita registrata che questo programma sappia leggere: { $reason }
record-options = le opzioni registrate non vanno bene per il plugin: { $reason }
ogn-other-game = questa registrazione è una partita di { $game }: l'OGN contiene solo partite di { $ogn }
record-start = la posizione iniziale registrata non si può preparare: { $reason }
record-move = mossa { $number } (`{ $notation }`): { $reason }
record-diverged = le regole del plugin si discostano dalla partita registrata alla mossa { $number } ({ $notation }): la registrazione si aspetta il controllo di posizione { $expected }, il plugin dà { $found } (posizione { $position })
record-result = il risultato rigiocato è diverso da quello registrato: { $reason }
record-plugin = il plugin non ha funzionato: { $error }
record-format-other = il suo formato è `{ $found }`, atteso `{ $expected }`
record-format-missing = non ha il campo `format` (una partita registrata comincia con "format": "{ $expected }")
record-format-newer = è la versione { $version } del formato; questo programma legge fino alla versione { $max }
record-other-game = la partita registrata è di `{ $game }`: { $error }
record-not-of = la partita registrata è di `{ $game }`, non di `{ $plugin }`
record-no-checks = la partita registrata non ha controlli di posizione (un formato più vecchio): delle sue mosse si verifica solo la regolarità
record-over = la partita è già finita
record-not-legal = la mossa con id { $id } qui non è regolare
record-written-as = il plugin scrive la mossa con id { $id } come `{ $notation }`
record-other-version = registrata con { $game } { $recorded }, rigiocata con { $version }
record-other-version-checked = { $other }; tutti i controlli di posizione registrati coincidono
record-results = registrato { $recorded }, rigiocato { $replayed }
record-not-over = la partita rigiocata non è finita

## L'aiuto della riga di comando (i testi di clap: intestazioni, poi ogni comando e argomento)
cli-help-usage = Uso:
cli-help-options = Opzioni
cli-help-arguments = Argomenti
cli-help-default = predefinito
cli-help-commands = Comandi
cli-arg-help = Mostra l'aiuto
cli-arg-version = Mostra la versione
cli-about-help = Mostra questo messaggio o l'aiuto dei sottocomandi indicati
cli-arg-help-subcommand = Mostra l'aiuto dei sottocomandi
cli-about-tavola = Tavola, l'ospite dei giochi da tavolo: un'app per il desktop e una riga di comando sopra i plugin dei giochi.
cli-arg-tavola-plugins = Cerca i plugin anche in questa cartella (prima di quelle standard; ripetibile)
cli-arg-tavola-no-default-plugins = Cerca solo nelle cartelle di `--plugins`, non in TAVOLA_PLUGINS, nella cartella dell'eseguibile o nella cartella dei dati dell'utente
cli-arg-tavola-no-restore = Apri l'app senza la partita in corso dell'ultima volta (che resta salvata)
cli-arg-tavola-lang = La lingua dei testi per le persone (`en`, `it`); senza, quella scelta nell'app, altrimenti la lingua del sistema (LC_ALL, LC_MESSAGES, LANG)
cli-about-new = Crea un nuovo crate di plugin da un modello: un gioco su `game_api::Game` o una variante di mancala su mancala-kit; oppure una variante di mancala come file di dati (`--mancala-file`, senza compilatore)
cli-arg-new-name = L'id del gioco, che è anche il nome del crate: lettere minuscole, cifre e trattini, a cominciare da una lettera (per esempio `last-stone`)
cli-arg-new-mancala = Una variante di mancala su mancala-kit invece di un gioco direttamente su `game_api::Game`
cli-arg-new-mancala-file = Una variante di mancala come file di dati (`NAME.mancala.toml`, senza compilatore) invece di un crate; `--path` è allora il file
cli-arg-new-path = La cartella da creare (predefinita: NAME nella cartella corrente); non deve esistere o deve essere vuota
cli-arg-new-tavola-path = Usa i crate di questa copia di Tavola (dipendenze per percorso). Per impostazione predefinita, la copia da cui è stato compilato questo `tavola`, se c'è ancora
cli-arg-new-git = Usa invece i crate di questo repository git di Tavola
cli-arg-new-rev = Con `--git`: il commit, il tag o il ramo da fissare
cli-about-list = Elenca tutti i file di plugin trovati, con il loro stato
cli-arg-list-json = Scrivi JSON invece di una tabella
cli-about-play = Gioca una partita senza finestra tra bot
cli-arg-play-game = L'id del gioco (vedi `tavola list`)
cli-arg-play-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-play-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-play-seats = Il bot di ogni posto, nell'ordine dei posti (`random`, `greedy` o quello del plugin); i posti mancanti giocano `random`
cli-arg-play-seed = Il seme casuale (eventi di caso e bot casuali); se non è dato, viene scritto
cli-arg-play-record = Scrivi la registrazione della partita in questo file, dopo ogni mossa (un crash conserva tutte le mosse giocate)
cli-about-replay = Rigioca una partita registrata, controllando ogni mossa e il risultato
cli-arg-replay-file = Il file della registrazione
cli-about-moves = Elenca le mosse possibili di una posizione con la posizione a cui porta ciascuna
cli-arg-moves-game = L'id del gioco
cli-arg-moves-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-moves-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-moves-json = Scrivi JSON invece di una tabella
cli-about-perft = Conta le sequenze di azioni di ogni lunghezza fino a DEPTH
cli-arg-perft-game = L'id del gioco
cli-arg-perft-depth = La profondità massima (da 1 a 30)
cli-arg-perft-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-perft-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-about-hint = La mossa migliore per chi ha la mossa (secondo un bot qualsiasi, dopo le mosse già giocate), l'esito atteso e la linea attesa
cli-arg-hint-game = L'id del gioco
cli-arg-hint-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-hint-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-hint-moves = Gioca prima queste mosse, con le loro notazioni (`c,f,B`), dall'inizio, da `--position` o dall'ultima posizione della registrazione; la storia resta, così le regole sulle posizioni ripetute la vedono
cli-arg-hint-record = Parti da questa registrazione di partita: le sue opzioni, la sua posizione iniziale e le sue mosse
cli-arg-hint-level = Il bot che sceglie: un livello (`beginner` … `expert`), un motore (`alphabeta`, `alphabeta:12`, `mcts:20000`, …) o il bot del plugin; senza, il motore dei suggerimenti (alpha-beta per due posti senza caso, altrimenti MCTS) pensa per `--time`
cli-arg-hint-time = Tempo di riflessione per mossa in millisecondi (da 1 a 3600000), per i bot che pensano per un tempo (`expert`, `alphabeta`, `mcts`; non i livelli sotto expert, che sono quello che sono per il loro budget); per il motore dei suggerimenti il valore predefinito è 1000
cli-arg-hint-seed = Il seme casuale (MCTS)
cli-arg-hint-json = Scrivi JSON invece di testo
cli-arg-hint-endgames = Carica le tabelle dei finali del gioco da questa cartella (create con `tavola endgame GAME --build --dir DIR`) per la ricerca del plugin, fino a `--endgame-seeds`
cli-arg-hint-endgame-seeds = Con `--endgames`: tutte le tabelle fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-hint-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
cli-about-engine = Offri un bot su un protocollo a righe simile a UCI (`position …`, `go movetime MS`, `bestmove …`) sull'input e sull'output standard, tenendolo tra una mossa e l'altra
cli-arg-engine-game = L'id del gioco
cli-arg-engine-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-engine-level = Il bot che gioca (un livello, un motore come `alphabeta:12` o il bot del plugin); `setoption name Level value BOT` lo cambia
cli-arg-engine-seed = Il seme casuale (MCTS)
cli-arg-engine-endgames = Carica le tabelle dei finali del gioco da questa cartella (create con `tavola endgame GAME --build --dir DIR`) per la ricerca del plugin, fino a `--endgame-seeds`
cli-arg-engine-endgame-seeds = Con `--endgames`: tutte le tabelle fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-engine-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
cli-arg-engine-worker = Gioca come l'app: il bot in un processo worker tutto suo, isolato, tenuto lì tra una mossa e l'altra, con le tabelle dei finali che tiene l'app (in `--tables-root`), al tempo per mossa del livello (`go movetime` è allora ignorato)
cli-arg-engine-tables-root = Con `--worker`: la cartella che contiene una cartella di tabelle per gioco, come la cartella `endgames` dell'app (predefinita: quella dell'app)
cli-about-match = Una serie con seme tra due bot, con i lati alternati
cli-arg-match-game = L'id del gioco
cli-arg-match-bot-a = Il primo bot (i risultati sono i suoi)
cli-arg-match-bot-b = Il secondo bot
cli-arg-match-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-match-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-match-games = Partite da giocare (da 1 a 1000000)
cli-arg-match-seed = Il primo seme; la partita `i` usa `seed + i`
cli-arg-match-fixed-seats = Tieni il primo bot nel primo posto (giochi asimmetrici) invece di alternare i lati
cli-arg-match-record = Scrivi la registrazione di ogni partita in questa cartella (`game-0000.json`, …) mentre si gioca
cli-about-bench = Simulazioni MCTS al secondo dalla posizione iniziale (con un thread e con tutti) e partite casuali simulate (playout) al secondo; tutti i giochi senza GAME
cli-arg-bench-game = L'id del gioco; tutti i giochi se manca
cli-arg-bench-seconds = Secondi per misura (più di 0, al massimo 3600)
cli-arg-bench-simulations = Misura ricerche di questo numero di simulazioni ciascuna (alberi nuovi, ripetute per il tempo di misura) invece di una sola ricerca lunga: la forma dei benchmark di altri programmi, per esempio un `MCTSBot.step` di 20.000 simulazioni (da 1 a 10000000)
cli-arg-bench-json = Scrivi JSON
cli-about-solve = Il valore esatto (il margine finale per chi ha la mossa, con gioco perfetto) di un piccolo gioco a due posti senza caso, e la prima mossa migliore
cli-arg-solve-game = L'id del gioco
cli-arg-solve-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-solve-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-solve-memory = La memoria massima per la tabella delle posizioni risolte, in megabyte (predefinita: un quarto della memoria della macchina); una tabella piena rallenta la soluzione, il valore resta esatto
cli-arg-solve-quiet = Nessun avanzamento su stderr
cli-arg-solve-endgames = Carica le tabelle dei finali del gioco da questa cartella (create con `tavola endgame GAME --build --dir DIR`) per il risolutore, fino a `--endgame-seeds`: i loro valori sono esatti
cli-arg-solve-endgame-seeds = Con `--endgames`: tutte le tabelle fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-solve-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
cli-arg-solve-results = Dimostra solo il risultato (vittoria, patta o sconfitta), non il margine finale: l'unica risposta esatta dove il margine è fuori dalla portata del risolutore (l'Oware, la cui fine a maggioranza lascia esatto il vincitore delle tabelle ma non il loro margine)
cli-about-endgame = Le tabelle dei finali di un gioco: quali sono create e, con `--build`, le crea (ogni posizione con al massimo `--seeds` semi sul tavoliere) nella cartella dei dati dell'utente
cli-arg-endgame-game = L'id del gioco
cli-arg-endgame-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-endgame-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-endgame-build = Crea le tabelle che mancano (o non sono affidabili) invece di limitarti a riferire
cli-arg-endgame-seeds = Ogni posizione con al massimo questo numero di semi sul tavoliere (predefinito: quello del gioco)
cli-arg-endgame-dir = La cartella delle tabelle (predefinita: `endgames/GIOCO` nella cartella dei dati dell'utente)
cli-about-open = Apri l'app direttamente in una nuova partita
cli-arg-open-game = L'id del gioco
cli-arg-open-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-open-seats = Chi siede in ogni posto, nell'ordine dei posti: `human` o il nome di un bot
cli-arg-open-seed = Il seme casuale
cli-arg-open-position = Parti da questa notazione di posizione invece che dalla posizione iniziale del gioco
cli-arg-open-moves = Poi gioca queste mosse, con le loro notazioni (`c,f,B`), e resta lì, in pausa
cli-arg-open-random-moves = Poi gioca questo numero di mosse casuali (poi in pausa), per esempio per le schermate (al massimo 10000)
cli-about-inspect = Esamina un file di plugin in questo processo e scrivi in JSON ciò che si è trovato (lo usa la ricerca dei plugin, che lo esegue in un processo figlio con un limite di tempo)
cli-arg-inspect-file = Il file della libreria
cli-arg-inspect-data = La copia privata di un file di dati, che il caricatore `file` legge
cli-about-worker = Offri il plugin di un gioco sull'input e sull'output standard (l'app avvia un worker per gioco; vedi il modulo `worker`)
cli-about-check = Esegui la suite di conformità su un file di plugin (o sull'id di un gioco caricato)
cli-arg-check-plugin = Un file di libreria di plugin, un file di dati (`NOME.mancala.toml`, letto dal caricatore trovato nelle cartelle dei plugin: da un checkout, aggiungi `--plugins target/release`), o l'id di un gioco caricato
cli-arg-check-games = Partite casuali per insieme di opzioni (10); nella modalità lunga, partite in tutto (da 1 a 1000000)
cli-arg-check-seed = Il primo seme
cli-arg-check-moves = La modalità lunga: gioca partite casuali fino a controllare questo numero di azioni
cli-arg-check-seconds = La modalità lunga: gioca partite casuali per questo numero di secondi
cli-arg-check-hunt-games = La caccia alle partite infinite rare: partite tra bot al massimo, ciascuna seguita dall'esplorazione di ogni linea dalle sue ultime posizioni (0: nessuna caccia)
cli-arg-check-hunt-seconds = La caccia alle partite infinite rare: secondi al massimo
cli-arg-check-time-limit = L'intera verifica si ferma, fallita, dopo questo numero di secondi

## The sandbox of the processes that run plugin code
sandbox-on = in sandbox ({ $features })
sandbox-unavailable = senza sandbox su questo sistema: { $reason }
sandbox-off = SANDBOX DISATTIVATA (--no-sandbox o TAVOLA_NO_SANDBOX=1): i plugin possono fare tutto ciò che puoi fare tu
sandbox-reason-os = Tavola non ha ancora una sandbox per { $os }
sandbox-reason-no-landlock = il kernel non ha Landlock (Linux 5.13 o più recente, attivato all'avvio), quindi i plugin possono leggere e scrivere i tuoi file
sandbox-reason-no-seccomp = il kernel non ha i filtri seccomp, quindi i plugin possono aprire connessioni e avviare programmi
sandbox-feature-files = file
sandbox-feature-ports = porte TCP
sandbox-feature-signals = segnali
sandbox-feature-allow-list = elenco seccomp di { $count } chiamate di sistema permesse (niente rete, niente segnali ad altri processi, niente nuovi processi, qualunque sia la versione di Landlock)
sandbox-feature-own-root = una radice tutta sua (nessun altro percorso è nemmeno visibile)
sandbox-feature-no-own-root = nessuna radice propria su questo sistema (un plugin può sapere se un percorso esiste, non leggerlo)
sandbox-error-landlock = la sandbox dei file non si è potuta attivare: { $error }
sandbox-error-seccomp = la sandbox delle chiamate di sistema non si è potuta attivare: { $error }
sandbox-error-root = la radice privata della sandbox non si è potuta creare ({ $step }): { $error }
sandbox-error-path = un percorso della radice privata della sandbox non si è potuto preparare: { $path }: { $error }
sandbox-tried-network = ha tentato di aprire una connessione di rete
sandbox-tried-exec = ha tentato di avviare un altro programma
sandbox-tried-process = ha tentato di creare un processo
sandbox-tried-debug = ha tentato di leggere o controllare un altro processo
sandbox-tried-signal = ha tentato di mandare un segnale a un altro processo
sandbox-tried-system = ha tentato un'operazione di sistema vietata ai plugin
sandbox-tried-files = ha tentato di cambiare permessi, proprietario, date o collegamenti di un file, o di sorvegliare dei file
sandbox-tried-memory = ha tentato di prendere memoria fuori dal suo limite (memoria condivisa, code di messaggi, file in memoria)
sandbox-tried-scheduling = ha tentato di cambiare come il sistema assegna il processore
sandbox-tried-unknown = ha tentato una chiamata di sistema vietata
sandbox-blocked = { $tried } — bloccato dalla sandbox
sandbox-stopped = errore: il plugin { $tried }) — bloccato dalla sandbox; il comando è stato fermato
cli-detach-no-exe = l'eseguibile di tavola non si trova, quindi il codice del plugin non può girare in un processo confinato; non lo eseguo qui
inspect-no-exe = non ispezionato: l'host non trova il proprio eseguibile ({ $error }) per eseguire il codice del plugin in un processo confinato, e non ne esegue senza confini
cli-detach-unsupported = su questo sistema un comando non può eseguire il plugin lontano dal terminale; usa l'app, o --no-sandbox a tuo rischio
cli-detach-spawn = il processo del comando non è partito ({ $exe })
cli-detach-killed = errore: il processo del comando è terminato: { $how }
cli-detach-overran = errore: il comando è stato fermato: { $why }
sandbox-stopped-signal = errore: il plugin ha tentato una chiamata di sistema vietata (ucciso da SIGSYS) — bloccato dalla sandbox; il comando è stato fermato
sandbox-plugin-blocked = { $plugin } { $blocked }
cli-status-blocked = bloccato
worker-blocked = il plugin { $blocked }, e il suo processo è stato fermato
broker-bad-request = allo scrittore delle partite è arrivato qualcosa che non è una richiesta ({ $error })
broker-refused = { $path } non è la partita che questo comando scrive: rifiutato
broker-too-large = allo scrittore delle partite è arrivata una richiesta oltre il suo limite (una partita può avere al massimo { $mib } MiB): rifiutata
broker-record-too-large = { $path }: una partita può avere al massimo { $mib } MiB: rifiutato, il file tiene ciò che aveva
cli-list-sandbox = I plugin girano { $state }
plugins-sandbox = I plugin girano { $state }.
plugins-sandbox-safe = I giochi girano isolati: un gioco non può leggere né modificare i tuoi file, usare la rete, né avviare o spiare altri programmi.
plugins-sandbox-how = Come: { $features }
plugins-your-folder = La tua cartella dei plugin:
plugins-your-folder-hint = Copia un gioco in questa cartella (una libreria plugin o una variante `.mancala.toml`): compare nell'elenco entro due secondi, senza riavviare Tavola.
plugins-folder-not-made = Non è stato possibile creare la tua cartella dei plugin: { $error }
plugins-blocked = Ultimo rifiuto: { $blocked }
plugins-warning = ⚠ { $warning } (il file si carica comunque)
cli-arg-tavola-no-sandbox = Esegui i plugin senza la loro sandbox (solo per il debug di un plugin: un plugin può allora leggere e scrivere i tuoi file, usare la rete e avviare programmi). Anche `TAVOLA_NO_SANDBOX=1`
cli-about-write-broker = Scrivi le partite di un comando chiuso nella sandbox (vedi il modulo `sandbox::broker`)
cli-about-manual = Scrivi la pagina di manuale, fatta da questo aiuto nella lingua scelta, sullo standard output (roff; chi crea il pacchetto la installa come `tavola(1)`)
manual-files = FILE
manual-user-plugins = La tua cartella dei plugin: un gioco (una libreria plugin o una variante `.mancala.toml`) copiato qui è offerto da Tavola, anche mentre è aperta. Creata al primo avvio dell'app.
manual-system-plugins = Una cartella dei plugin del Tavola installato: i suoi giochi originali e il catalogo delle varianti (in sola lettura).
manual-user-data = Le copie private dei plugin, le impostazioni, le partite salvate e le tabelle dei finali: sempre nelle tue cartelle, mai nell'albero installato.
cli-arg-write-broker-file = L'unico file di partita che può scrivere
cli-arg-write-broker-dir = La cartella i cui file `game-NNNN.json` può scrivere
cli-about-sandbox-probe = Fai una chiamata di sistema dentro la sandbox di un tipo di processo, o stampa l'elenco di quelle permesse in JSON (`--list`): la prova a tappeto della sandbox (`sandbox::probe`)
cli-arg-sandbox-probe-kind = Il tipo di processo nella cui sandbox si entra
cli-arg-sandbox-probe-nr = Il numero della chiamata di sistema
cli-arg-sandbox-probe-abi = Attraverso quale interfaccia
cli-arg-sandbox-probe-list = Stampa invece l'elenco delle chiamate permesse
cli-arg-sandbox-probe-scratch = Una cartella per la cartella delle tabelle del worker (predefinita: quella temporanea del sistema)
cli-arg-write-broker-games = Con `--dir`: quante partite (`game-0000.json` fino a questo numero, escluso)

## tavola net: giocare con qualcuno su un altro computer
cli-about-net = Gioca con qualcuno su un altro computer: offri una partita (`net host`) o unisciti a una (`net join`)
cli-about-net-host = Offri una partita: scrivi il suo invito su una riga, aspetta i giocatori, gioca questo posto
cli-about-net-join = Unisciti a una partita dal suo invito
cli-about-net-verify = Mostra che ogni lancio della registrazione di una partita in rete è stato equo: ogni contributo è l'anello successivo della catena del suo giocatore fino all'impegno dato prima della partita, e ogni esito del caso è quello che i contributi estraggono
cli-arg-net-verify-record = La registrazione (di una qualsiasi delle due parti)
cli-arg-net-host-game = L'id del gioco (vedi `tavola list`)
cli-arg-net-host-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-net-host-seat = Il posto giocato da questa parte (da 0); ogni altro posto è di un giocatore che si unisce
cli-arg-net-host-clock = Orologi: minuti per posto per la partita, più secondi aggiunti dopo ogni mossa (`5+3`); chi finisce il tempo perde
cli-arg-net-host-listen = Ascolta su questo indirizzo (per esempio `127.0.0.1:0`); senza, su ogni interfaccia
cli-arg-net-host-wait = Quanto aspettare che i giocatori si uniscano, in secondi
cli-arg-net-host-bot = Il bot che gioca il posto di questa parte (`random`, `greedy` o quello del plugin); senza, le mosse si leggono dall'input standard (anche `resign`, `draw`, `takeback`)
cli-arg-net-host-record = Scrivi la registrazione della partita in questo file, dopo ogni mossa
cli-arg-net-host-relays = Usa i relay pubblici e la ricerca degli indirizzi per raggiungere giocatori fuori da questa rete (spento: solo connessioni dirette, niente parte verso altri server)
cli-arg-net-host-reconnect = Quanto tempo ha per tornare un giocatore la cui connessione è caduta, in secondi
cli-arg-net-join-invite = L'invito (`tavola1:…`) scritto da chi ospita (con `--resume`: quello della registrazione)
cli-arg-net-join-resume = Torna alla partita di questa registrazione (di questa parte, salvata con `--record`) dopo un crash: la registrazione continua a essere salvata lì
cli-arg-net-join-watch = Guarda soltanto la partita
cli-arg-net-join-listen = Ascolta su questo indirizzo (per esempio `127.0.0.1:0`); senza, su ogni interfaccia
cli-arg-net-join-bot = Il bot che gioca il posto di questa parte (`random`, `greedy` o quello del plugin); senza, le mosse si leggono dall'input standard (anche `resign`, `draw`, `takeback`)
cli-arg-net-join-record = Scrivi la registrazione della partita in questo file, dopo ogni mossa
cli-arg-net-join-relays = Usa i relay pubblici e la ricerca degli indirizzi per raggiungere giocatori fuori da questa rete (spento: solo connessioni dirette, niente parte verso altri server)
cli-arg-net-join-reconnect = Quanto tempo ha per tornare un giocatore la cui connessione è caduta, in secondi
cli-arg-net-host-resume = Torna alla partita di questa registrazione (di questa parte, salvata con `--record`) dopo un crash, con lo stesso invito: la registrazione continua a essere salvata lì

## Gioca online
cmd-play-online = Gioca online…
online-title = Gioca online
online-offer-heading = Offri una partita: scegli il gioco, le sue opzioni e il tuo posto, poi manda l'invito all'altro giocatore.
online-choose-game = Scegli un gioco
online-seat = Il tuo posto
online-relays = Usa i relay pubblici per raggiungere giocatori fuori da questa rete
online-offer = Offri
online-join-heading = Unisciti a una partita: incolla l'invito che hai ricevuto.
online-join = Unisciti
online-waiting = In attesa dell'altro giocatore. Mandagli questo invito:
online-copy = Copia
online-yes = Sì
online-no = No
online-over = La partita è finita: { $status }
online-stopped = La partita si è fermata: { $error }
online-close = Chiudi
online-game = Gioco
online-watch = Guarda
online-watch-only = Guarda soltanto (senza un posto)
online-resume-heading = Partite fermate prima della fine: riprendine una da dove si è fermata (l'altra parte ci torna con lo stesso invito).
online-role-host = l'hai offerta tu
online-role-guest = ti sei unito
online-role-spectator = la guardavi
online-resume-line = { $game }, { $role }: { $moves ->
    [one] una mossa
   *[other] { $moves } mosse
  } giocate
online-resume = Riprendi
online-clock = { $seat }: { $time }
online-qr = Lo stesso invito come codice QR, per la fotocamera di un telefono.
online-not-network = { $file } non è una partita in rete registrata da Tavola.
online-draw-offered = Patta proposta: l'altro giocatore deve rispondere.
online-takeback-asked = Ripresa chiesta: l'altro giocatore deve rispondere.
online-no-restart = Il worker della partita in rete si è fermato: questa partita non può ripartire a questo tavolo (la sua registrazione è salvata; riprendila da Gioca online).
online-lan-look = Cerca partite su questa rete
online-lan-heading = Partite offerte su questa rete:
online-lan-stop = Smetti di cercare
online-lan-none = Nessuna trovata per ora (una partita è elencata mentre aspetta i giocatori, se chi la offre lo permette).
online-lan-game = { $game }, su { $computer }
online-lan-offer = Elenca questa partita sulla rete locale mentre aspetta i giocatori
online-lan-failed = Non è stato possibile elencare la partita sulla rete locale: { $error }
online-leave = Lascia la partita
online-quit-question = Uscire e lasciare la partita online? L'altro giocatore resta ad aspettare il tuo ritorno (puoi riprenderla da Gioca online).
tab-online-board = Partita online

## A game's tags on its card (a tag not listed here is shown as it is)
tag-abstract = astratto
tag-asymmetric = asimmetrico
tag-chance = fortuna
tag-classic = classico
tag-four-row = quattro file
tag-mancala = mancala
tag-race = corsa
tag-relay = semina a staffetta
tag-rounds = più manche
tag-seeds = semi
tag-stacking = impilare
## Analisi e revisione (issue 49)
analysis-exact = esatto
analysis-proven = vista una fine forzata
analysis-estimated = stimato
analyse-over = la partita è finita in { $position }: { $status }
analyse-nothing = nessuna linea di { $position } trovata in tempo
analyse-searched = Calcolato a { $depth } semimosse di profondità, { $nodes } posizioni ({ $millis } ms)
analyse-simulated = { $count } partite simulate ({ $millis } ms)
analyse-line = { $rank }. { $move }: { $value }; linea { $line }
cli-about-analyse = Le N mosse migliori di una posizione (MultiPV), il loro valore nelle unità del gioco (dicendo quali sono esatti) e le loro linee
cli-arg-analyse-game = L'id del gioco
cli-arg-analyse-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option houses=4`
cli-arg-analyse-position = Parti da questa notazione di posizione invece che dalla posizione iniziale
cli-arg-analyse-moves = Gioca prima queste mosse, con le loro notazioni (`c,f,B`), dall'inizio, dalla `--position` o dall'ultima posizione della registrazione; la storia è conservata, così le regole sulle posizioni ripetute la vedono
cli-arg-analyse-record = Parti da questa registrazione di partita: le sue opzioni, la posizione iniziale e le mosse
cli-arg-analyse-lines = Quante mosse migliori mostrare (da 1 a 64)
cli-arg-analyse-depth = La ricerca più profonda, in semimosse (da 1 a 60)
cli-arg-analyse-time = Il tempo per approfondire, in millisecondi (da 1 a 3600000); poi ogni linea è dimostrata esatta dove una breve risoluzione ci riesce
cli-arg-analyse-json = Stampa JSON invece del testo
cli-arg-analyse-follow = Stampa ogni risposta più profonda appena trovata, un oggetto JSON per riga (`done` vero sull'ultima): ciò che legge il tavoliere d'analisi dell'app
cli-arg-analyse-endgames = Carica le tabelle dei finali del gioco da questa cartella (costruite da `tavola endgame GAME --build --dir DIR`) per la ricerca del plugin, fino a `--endgame-seeds`
cli-arg-analyse-endgame-seeds = Con `--endgames`: ogni tabella fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-analyse-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
review-class-best = migliore
review-class-good = buona
review-class-inaccuracy = imprecisione
review-class-mistake = errore
review-class-blunder = grave errore
review-unsupported = questo gioco non si può rivedere: { $reason }
review-chance = dopo la mossa tocca al caso: la revisione valuta giochi senza caso
review-progress = Revisione della mossa { $done } di { $all }…
review-move = { $number }. { $seat } { $move }: { $class }, persi { NUMBER($lost, maximumFractionDigits: 1) } { $unit } ({ $exact }); migliore { $best }, { $value }
review-none = nessuna
review-turning-points = Svolte (mosse): { $moves }
review-mistakes = Errori da cui imparare (mosse): { $moves }
review-time = Revisione a { $depth } semimosse di profondità in { NUMBER($seconds, maximumFractionDigits: 1) } s
review-no-move = non c'è una mossa { $number } di un giocatore da rivedere
review-not-legal = { $notation } non è una mossa legale nella posizione della mossa { $number }
review-instead-bad = «{ $given }» non è NUMERO=MOSSA
cli-arg-review-progress = Per l'app: righe di avanzamento sullo standard error
cli-arg-review-instead = Per gli esercizi dell'app: rivede questa mossa al posto della mossa NUMERO (NUMERO=MOSSA)
review-title = Revisione della partita
review-close = Chiudi la revisione
review-failed = Non è stato possibile fare la revisione:
review-done = Revisione a { $depth } semimosse di profondità in { NUMBER($seconds, maximumFractionDigits: 1) } s
review-graph = Valutazione (dal punto di vista del primo giocatore; cerchiato: esatto)
review-graph-hint = Clicca il grafico o una mossa per vederla sulla tavola; le frecce, Inizio e Fine scorrono le mosse.
review-graph-point = Mossa { $number }: { NUMBER($value, maximumFractionDigits: 1) }
review-turning = Svolte:
review-drill-start = Impara dagli errori di { $seat } ({ $count })
review-lost = perde { NUMBER($lost, maximumFractionDigits: 1) } { $unit }
review-exact-mark = esatto
review-estimated-mark = stima
review-best-was = migliore { $best }
review-drill-title = Impara dagli errori di { $seat }
review-drill-of = Posizione { $at } di { $all }
review-drill-ask = Mossa { $number }: { $seat } ha giocato { $played } ({ $class }). Trova una mossa migliore: giocala sul tavoliere, o sceglila qui:
review-drill-played = { $played } è la mossa giocata nella partita: trovane una migliore.
review-drill-judging = Verifico { $answer }…
review-drill-right = Giusto: { $answer } vale quanto la mossa migliore ({ $value })
review-drill-wrong = Non proprio: { $answer } ({ $class }) perde { NUMBER($lost, maximumFractionDigits: 1) } { $unit } ({ $exact })
review-drill-best = La mossa migliore era { $best }: { $value }
review-drill-next = Avanti
review-drill-back = Torna alla revisione
review-drill-over = Fatto: { $right } su { $all } trovate.
cmd-review = Rivedi la partita
cli-about-review = Rivedi la registrazione di una partita: la classe di ogni mossa e quanto ha perso rispetto alla mossa migliore (esatto dove arriva una dimostrazione), le svolte e gli errori
cli-arg-review-record = La registrazione della partita da rivedere
cli-arg-review-depth = La profondità di ricerca di ogni posizione, in semimosse (da 1 a 40)
cli-arg-review-json = Stampa JSON invece del testo
cli-arg-review-endgames = Carica le tabelle dei finali del gioco da questa cartella (costruite da `tavola endgame GAME --build --dir DIR`) per la ricerca del plugin, fino a `--endgame-seeds`
cli-arg-review-endgame-seeds = Con `--endgames`: ogni tabella fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-review-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
cli-about-ogn = La notazione OGN di Aualé per l'Oware: importa un file come registrazione, esporta una registrazione
cli-about-ogn-import = Leggi un file OGN (di Aualé) e stampalo come registrazione di Tavola (JSON)
cli-about-ogn-export = Stampa una registrazione di Oware di Tavola in OGN
cli-arg-ogn-import-file = Il file OGN
cli-arg-ogn-export-record = Il file della registrazione

## tavola puzzles
puzzles-progress = Partite { $games } di { $total }: { $positions } posizioni, { $puzzles } problemi ({ $seconds } s)
puzzles-done = { $puzzles } problemi da { $positions } posizioni di { $games } partite in { $seconds } s
puzzles-timed-out = Fermato al limite di tempo ({ $seconds } s).
puzzles-other-game = { $file } registra un altro gioco o altre opzioni: saltato
puzzles-failed = Problema { $number } non verificato: { $reason }
puzzles-verified = { $good } problemi su { $all } verificati
puzzles-plugin = Verificati con il plugin { $path }
puzzles-plugin-unused = Non usato: { $path } (offre anch'esso { $game })
puzzles-refuted = Non tenuto: { $puzzle } (la sua nuova verifica, ogni mossa dimostrata di nuovo da sola partendo da una tabella vuota, trova { $found })
puzzles-rechecked = Verificati di nuovo partendo da tabelle vuote: { $refuted } smentiti, { $unconfirmed } non conclusi entro il limite (nessuno tenuto)

## tavola hint --depth, tavola puzzles
cli-arg-hint-depth = Cerca fino a questa profondità invece che per un tempo, con la tabella svuotata, così che la risposta dipenda dalla sola posizione (alpha-beta: semimosse, da 1 a 64; MCTS: tante migliaia di simulazioni su un thread, da `--seed`): la barra di valutazione dell'app, chiesta alla stessa profondità, mostra lo stesso valore (`bar` in `--json`)
cli-about-puzzles = Estrae problemi dimostrati dal gioco perfetto da partite tra bot e partite salvate (una sola mossa conserva il valore esatto), o verifica un file di problemi
cli-arg-puzzles-game = L'id del gioco
cli-arg-puzzles-options = Imposta un'opzione del gioco (ripetibile), per esempio `--option seeds=4`
cli-arg-puzzles-games = Quante partite tra bot esaminare
cli-arg-puzzles-seed = Il seme casuale della prima partita tra bot (la partita i ha il seme SEED + i)
cli-arg-puzzles-bots = I bot delle partite esaminate (ripetibile; predefiniti `greedy` e `random`); nella partita i il posto s ha il bot numero (i + s) modulo il loro numero
cli-arg-puzzles-records = Esamina anche queste partite salvate (file di partita, o cartelle che li contengono; quelle di altri giochi o con altre opzioni sono saltate con un avviso)
cli-arg-puzzles-out = Scrive qui il file dei problemi (predefinito: l'output standard)
cli-arg-puzzles-time = Smette di cercare dopo tanti secondi (da 1 a 86400); i problemi trovati vengono scritti
cli-arg-puzzles-max = Smette quando ha trovato tanti problemi
cli-arg-puzzles-nodes = Le posizioni che la soluzione esatta dopo ogni mossa può esplorare (da 1000 a 100000000); una posizione con una mossa non risolta entro questo limite non è un problema (`--verify`: quattro volte tante, almeno 20 milioni)
cli-arg-puzzles-max-pieces = Esamina solo le posizioni con al massimo tanti pezzi nelle buche (i granai non contano)
cli-arg-puzzles-verify = Invece di cercare, dimostra di nuovo ogni problema di questo file (la soluzione, il valore di ogni mossa, i temi); esce con 1 se uno non regge
cli-arg-puzzles-quiet = Nessun avanzamento sull'errore standard
cli-arg-puzzles-results = Giudica sui risultati dimostrati (vittoria, patta, sconfitta) invece che sui margini esatti: un problema è una posizione in cui una sola mossa mantiene il risultato migliore (per i giochi i cui margini il risolutore non sa dimostrare, come la fine a maggioranza dell'Oware; `--verify` giudica ogni problema come dice il suo file)
cli-arg-puzzles-endgames = Carica le tabelle dei finali del gioco da questa cartella (costruite da `tavola endgame GAME --build --dir DIR`) per la ricerca del plugin, fino a `--endgame-seeds`
cli-arg-puzzles-endgame-seeds = Con `--endgames`: ogni tabella fino a questo numero di semi (predefinito: quello del gioco)
cli-arg-puzzles-endgames-if-they-fit = Con `--endgames`: se nessuna tabella lì si adatta alle regole del gioco, prosegui senza (dicendolo sullo standard error) invece di fallire; l'app lo passa, perché la sua cartella contiene le tabelle create per le regole giocate finora
cli-arg-puzzles-continuations = Continuazioni casuali da ogni posizione di una partita tra bot con al massimo `--max-pieces` pezzi nelle buche (da 0 a 10000): un bot casuale gioca ciascuna fino alla fine della partita, col seme dato dal seme della partita, dalla posizione e dalla continuazione, e ogni posizione raggiunta viene esaminata anch'essa (costa poco dove arrivano le tabelle dei finali)
cli-arg-puzzles-continuation-policy = Come le continuazioni scelgono le mosse: `random` (di norma), `starve` (una mossa che svuota le buche di chi muove quando c'è, altrimenti per lo più una che vi lascia meno pezzi), oppure `hoard` (per lo più una mossa che lascia più pezzi nelle buche di chi muove: il lato che ne ha meno resta a secco per primo, e l'altro si trova davanti a una fila vuota, dove le regole del gioco lo obbligano a nutrirla)
cli-arg-puzzles-themes = Cerca solo problemi di questo tema (ripetibile; di norma: ogni problema): una posizione viene dimostrata solo quando una mossa che il bot `greedy` non giocherebbe ha uno di questi temi, e un problema viene tenuto solo se ne ha uno

## The puzzle trainer
tab-puzzles = Problemi
trainer-game = Gioco
trainer-theme = Tema
trainer-mixed = Misti
trainer-start = Inizia
trainer-next = Problema successivo
trainer-dashboard = Riepilogo
trainer-back = Torna al problema
trainer-no-puzzles = Nessun gioco installato ha problemi.
trainer-no-file = Nessun file di problemi per { $game }.
trainer-no-game = Il gioco { $game } non è più installato.
trainer-no-data = non c'è una cartella dei dati
trainer-lost = La partita del problema si è fermata prima di essere pronta.
trainer-loading = Preparazione del problema…
trainer-find = Muove { $seat }: trova la mossa migliore.
trainer-right = Esatto! { $solution } è l'unica mossa migliore.
trainer-wrong = Non questa: { $played } perde { $loss } rispetto a { $solution }, l'unica mossa migliore.
trainer-values = Il margine finale esatto di ogni mossa: { $values }
trainer-wrong-result = Non questa: { $played } { $result } giocando al meglio, mentre { $solution }, l'unica mossa migliore, { $best }.
trainer-values-results = Il risultato dimostrato di ogni mossa: { $values }
trainer-result-win = vince
trainer-result-draw = pareggia
trainer-result-loss = perde
trainer-themes = Tema: { $themes } (problema valutato { $rating })
trainer-rating = Il tuo punteggio: { $rating } (± { $deviation })
trainer-rating-change = Il tuo punteggio: { $rating } ({ $change })
trainer-not-saved = I tuoi risultati non vengono salvati: { $error }
trainer-save-failed = Non è stato possibile salvare i tuoi risultati: { $error }
trainer-totals = Problemi risolti: { $solved } su { $tried }
trainer-none-tried = Nessun problema di questo gioco ancora tentato.
trainer-col-theme = Tema
trainer-col-solved = Risolti / tentati
trainer-col-rating = Punteggio
theme-capture = Cattura
theme-grand-slam = Grande slam
theme-extra-turn = Turno extra
theme-forced-feed = Nutrimento obbligato
theme-endgame = Finale
theme-quiet = Mossa tranquilla
## Il tavoliere d'analisi (app/analysis)
tab-analysis = Analisi
cmd-analyse = Analizza (una copia)…
analysis-title = Analisi: { $game }
analysis-no-game = Non c'è una partita da analizzare: iniziane o caricane una.
analysis-other-game = { $path } è una partita di { $game }: si apre sul tavoliere d'analisi di quel gioco.
analysis-thinking = Ricerca in corso…
analysis-no-lines = Nessuna mossa da cercare qui.
analysis-depth = Profondità { $depth }, { NUMBER($nodes) } posizioni
analysis-simulated = { NUMBER($count) } partite simulate
analysis-signed = { $sign }{ NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }
analysis-signed-whole = { $sign }{ NUMBER($value, maximumFractionDigits: 0) }
analysis-signed-percent = { $sign }{ NUMBER($value, maximumFractionDigits: 0) }%
analysis-kind-exact = esatto
analysis-kind-proven = dimostrato
analysis-kind-estimated = stimato
analysis-done = conclusa
analysis-deepening = si approfondisce…
analysis-start = « Inizio
analysis-back = ‹ Indietro
analysis-forward = Avanti ›
analysis-end = Fine »
analysis-promote = Promuovi la variante
analysis-delete = Elimina la variante
analysis-edit-position = Modifica la posizione…
analysis-keys = Le frecce sinistra e destra, Inizio e Fine percorrono le mosse; un clic su una mossa ci porta lì.
analysis-save = Salva…
analysis-load = Carica…
analysis-close = Chiudi l'analisi
analysis-lines = Mosse migliori mostrate:
analysis-moves = Mosse e varianti
analysis-start-position = (inizio)
analysis-comment = Commento alla mossa appena giocata
analysis-comment-hint = Scrivi un commento…
analysis-to-move = Muove { $seat } (qui può muovere ogni lato)
analysis-chance = Tocca al caso: scegli l'esito
analysis-play = Gioca:
analysis-saved = Salvata con commenti e varianti in { $path }
analysis-loaded = Caricato { $path }
cmd-analysis-board = Tavoliere d'analisi…
cmd-analyse-file = Analizza una partita salvata…
cmd-review-file = Rivedi una partita salvata…
entry-learn = Impara:
entry-analyse-record = Analizza una partita salvata…
file-review-title = Rivedi una partita salvata
file-analyse-title = Analizza una partita salvata
entry-title = Tavoliere d'analisi
entry-game = Gioco:
entry-position = Posizione:
entry-position-hint = nella notazione del gioco; vuota: l'inizio
entry-open-start = Analizza la posizione iniziale
entry-open-position = Analizza questa posizione
analysis-busy = Il tavoliere sta ancora andando a quella posizione: gioca di nuovo fra un attimo.
analysis-discard-question = Le varianti e i commenti su questo tavoliere non sono salvati. Li salvi prima, o li scarti?
analysis-save-first = Salvali…
analysis-discard = Scartali
analysis-unsaved-kept = Il tavoliere d'analisi ha varianti e commenti non salvati: salvali con Salva… (o chiudi il tavoliere, che lo chiede) prima di aprire un'altra analisi.
editor-title = Modifica la posizione
editor-counts = Pezzi in ogni casella:
editor-to-move = Muove:
editor-notation = La posizione come la scrive il gioco:
editor-as-text = La notazione di questo gioco non elenca i pezzi delle caselle nell'ordine del tavoliere: modifica la notazione della posizione.
editor-refused = Il gioco ha rifiutato questa posizione: { $reason }
editor-read-back = Il gioco ha letto { $read } in { $site }, non { $asked }: la sua notazione non elenca le caselle nell'ordine del tavoliere.
editor-read-back-seat = Il gioco ha letto un altro lato al tratto, non { $seat }.
editor-open = Verifica e analizza
editor-cancel = Annulla
editor-opened = La posizione modificata è sul tavoliere.
## The network side's reports (net/), said to the person at the app or the terminal.
net-back-at-move = di nuovo alla mossa { $number } della partita; si attendono i giocatori fino a { $wait }
net-time-ran-out = il tempo di { $seat } è finito
net-no-contribution = { $name } non ha contribuito al lancio dovuto entro { $wait }: { $name } perde a tavolino
net-game-starts = tutti i posti sono presi; la partita comincia
net-game-starts-committed = tutti i posti sono presi; la partita comincia (impegni { $commitments })
net-not-back = { $name } non è tornato entro { $wait }: { $name } perde a tavolino
net-resigned = { $seat } abbandona
net-offers-draw = { $seat } propone la patta: accetti?
net-asks-takeback = { $seat } chiede di riprendere la sua ultima mossa: accetti?
net-stopped-waiting = { $seat } ha fermato la partita: { $reason }; lo si attende fino a { $wait }
net-is-back = { $seat } è tornato
net-left-waiting = { $who } è uscito; lo si attende fino a { $wait }
net-refused-from = rifiutato da { $who }: { $reason }
net-refused-offer = { $who } ha rifiutato l'offerta: { $reason }
net-spectator-watches = uno spettatore ({ $peer }) guarda la partita
net-player-of-seat = il giocatore del posto { $number }
net-visitor = un visitatore ({ $peer })
net-seat = posto { $number }
net-refused-host-forfeits = rifiutato dall'altro lato: { $reason }; chi ospita ({ $seat }) perde a tavolino
net-host-not-back = chi ospita non è tornato entro { $wait }: chi ospita ({ $seat }) perde a tavolino
net-host-dropped = la connessione con chi ospita è caduta ({ $reason }); si richiama per { $wait } al massimo
net-loses-by-forfeit = { $seat } perde a tavolino
net-host-stopped-forfeits = l'altro lato ha fermato la partita: { $reason }; chi ospita ({ $seat }) perde a tavolino
net-host-left = chi ospita è uscito; si richiama
net-back-in-game = di nuovo in partita
net-host-missed-move = chi ospita non ha mai ricevuto la mossa { $number }: si prosegue dalla sua registrazione
net-not-legal = `{ $line }` non è una mossa legale; legali: { $legal }
net-yes-or-no = sì o no?
net-wait-minutes = { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minuti
}
net-wait-seconds = { $seconds ->
    [one] 1 secondo
   *[other] { $seconds } secondi
}
net-draw-agreed = la patta è accettata
net-draw-declined = la proposta di patta è stata rifiutata
net-no-takeback = non hai mosse da riprendere
net-taken-back = la mossa è stata ripresa
net-takeback-declined = la ripresa è stata rifiutata
endgames-none-fit = Nessuna tabella dei finali per { $game } in { $dir } si adatta a queste regole{ $reason }; si prosegue senza
