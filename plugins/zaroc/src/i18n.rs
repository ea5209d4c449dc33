//! Zaroc's texts in Italian: the manifest's translation, the rules (`rules.it.md`) and
//! the phrasebook of the game's texts during play (status, panels, messages).

use game_api::{ManifestTexts, i18n::Phrasebook};

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .name("Zaroc")
        .description(
            "Una corsa thailandese a impilare: due mosse a turno con l'uno o l'altro colore, \
             giù per tre righe di bastoncini fino al traguardo.",
        )
        .seats(&["Giocatore 1", "Giocatore 2"])
        .option(
            "diagonal_a",
            "Frecce diagonali dalla riga A",
            "I pezzi possono scendere anche da A(i) a B(i-1) e B(i+1).",
        )
        .option("first", "Chi comincia (e gioca il Chiaro)", "")
        .choice("first", "first", "Giocatore 1")
        .choice("first", "second", "Giocatore 2")
}

/// The game's texts in Italian.
pub const IT: Phrasebook = Phrasebook {
    phrases: &[
        // Refused moves.
        ("not a legal move here", "mossa non consentita qui"),
        (
            "the second move may not put the piece back where it started the turn",
            "la seconda mossa non può riportare il pezzo dove ha iniziato il turno",
        ),
        ("{} is empty", "{} è vuoto"),
        ("{} cannot go to {}", "da {} non si può andare a {}"),
        ("no such move", "questa mossa non esiste"),
        ("{} ({}) wins", "Vince {} ({})"),
        ("{} wins", "Vince {}"),
        (
            "Draw: the position occurred three times",
            "Patta: la posizione si è ripetuta tre volte",
        ),
        ("Draw: {} turns", "Patta: {} turni"),
        (
            "{} ({}) to move (move {} of 2), turn {}",
            "Muove {} ({}) (mossa {} di 2), turno {}",
        ),
        ("Colour", "Colore"),
        ("On the finish row", "Sul traguardo"),
        ("{} cannot move and passes", "{} non può muovere e passa"),
        (
            "{} has three pieces on the finish row",
            "{} ha tre pezzi sul traguardo",
        ),
    ],
    words: &[
        ("Light", "Chiaro"),
        ("Dark", "Scuro"),
        ("Player 1", "Giocatore 1"),
        ("Player 2", "Giocatore 2"),
        // The pieces' names (the board's labels for screen readers).
        ("light piece", "pezzo chiaro"),
        ("light pieces", "pezzi chiari"),
        ("dark piece", "pezzo scuro"),
        ("dark pieces", "pezzi scuri"),
    ],
};
