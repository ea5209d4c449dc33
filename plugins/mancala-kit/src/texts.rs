//! The kit's texts in each language it speaks: status lines, panel labels, event
//! messages, board labels and seat names.
//!
//! The kit writes its texts in English, and [`Lang::text`] turns one into the game's
//! language through a table of patterns (`{}` stands for a number or a side's name,
//! which is translated too). Every kit variant speaks every language of the table; a
//! variant names its own texts (manifest, rules) in its manifest's translations.
//!
//! ```
//! use mancala_kit::Lang;
//! assert_eq!(Lang::It.text("South to move"), "Tocca a Sud");
//! assert_eq!(Lang::It.text("Round 2 begins; North starts"), "Inizia il turno 2; comincia Nord");
//! assert_eq!(Lang::En.text("South to move"), "South to move");
//! assert_eq!(Lang::It.text("Something new"), "Something new", "unknown texts stay as they are");
//! ```

use game_api::{Effect, Layout, View, i18n::Phrasebook};

/// A language of the kit's texts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the kit's own.
    #[default]
    En,
    /// Italian.
    It,
}

/// English pattern → Italian, `{}` for a number or a side's name.
const IT: &[(&str, &str)] = &[
    ("{} to move", "Tocca a {}"),
    ("Round {}: {} to move", "Turno {}: tocca a {}"),
    (
        "Opening: South chooses a house",
        "Apertura: Sud sceglie una casa",
    ),
    (
        "Opening: North chooses a house",
        "Apertura: Nord sceglie una casa",
    ),
    (
        "Round {}: Opening: South chooses a house",
        "Turno {}: apertura, Sud sceglie una casa",
    ),
    (
        "Round {}: Opening: North chooses a house",
        "Turno {}: apertura, Nord sceglie una casa",
    ),
    ("{} wins {}–{}", "Vince {} {}–{}"),
    ("Draw {}–{}", "Patta {}–{}"),
    ("Store", "Granaio"),
    ("Captured", "Catturati"),
    ("In houses", "Nelle case"),
    ("Mandarins", "Mandarini"),
    ("Borrowed", "In prestito"),
    ("Score", "Punti"),
    ("Mandarin", "Mandarino"),
    ("{} store", "Granaio di {}"),
    ("{} captured", "Catturati da {}"),
    ("anticlockwise", "in senso antiorario"),
    ("clockwise", "in senso orario"),
    (
        "No legal move: the game is over",
        "Nessuna mossa possibile: la partita è finita",
    ),
    (
        "A row is empty: the game is over",
        "Una fila è vuota: la partita è finita",
    ),
    (
        "More than half the seeds are captured: the game is over",
        "Più di metà dei semi è catturata: la partita è finita",
    ),
    (
        "Both mandarin squares are empty: the game is over",
        "Entrambe le case dei mandarini sono vuote: la partita è finita",
    ),
    (
        "The position repeats: the game is over",
        "La posizione si ripete: la partita è finita",
    ),
    (
        "The position repeats: each side takes its own row and the mandarin square at its right",
        "La posizione si ripete: ciascuno prende la sua fila e la casa del mandarino alla sua destra",
    ),
    (
        "The houses cannot be refilled: the game is over",
        "Le case non possono essere riempite: la partita è finita",
    ),
    ("The game is over", "La partita è finita"),
    ("Round {} is over", "Il turno {} è finito"),
    ("{} wins round {}, {}–{}", "{} vince il turno {}, {}–{}"),
    ("{} cannot fill a house", "{} non può riempire una casa"),
    ("Rounds won", "Turni vinti"),
    ("Houses out of play", "Case fuori gioco"),
    ("Houses owned", "Case possedute"),
    (
        "{} fills more houses than it owned and takes {}",
        "{} riempie più case di quante ne aveva e prende {}",
    ),
    ("held house", "casa conquistata"),
    ("held houses", "case conquistate"),
    (
        "Round {} begins; {} starts",
        "Inizia il turno {}; comincia {}",
    ),
    (
        "{} refills its squares, borrowing {}",
        "{} riempie le sue case prendendo in prestito {}",
    ),
    ("{} refills its squares", "{} riempie le sue case"),
    (
        "{} cannot move: {} takes the seeds left on the board",
        "{} non può muovere: {} prende i semi rimasti sul tavoliere",
    ),
    (
        "{} cannot move: the turn passes",
        "{} non può muovere: il turno passa",
    ),
    (
        "{} cannot move: the seeds left on the board count for no one",
        "{} non può muovere: i semi rimasti sul tavoliere non vanno a nessuno",
    ),
    (
        "{} cannot refill its squares: the game is over, and {} takes what is left in the mandarin squares",
        "{} non può riempire le sue case: la partita è finita, e {} prende ciò che resta nelle case dei mandarini",
    ),
    (
        "Grand slam: nothing is captured",
        "Grande slam: non si cattura nulla",
    ),
    (
        "The mandarin is too young to be captured (quan non): the turn ends",
        "Il mandarino è troppo giovane per essere catturato (quan non): il turno finisce",
    ),
    (
        "The sowing came round to a position it had already reached: the turn ends",
        "La semina è tornata a una posizione già vista: il turno finisce",
    ),
    (
        "The sowing went on for {} more relays, shown at once",
        "La semina è continuata per altre {} staffette, mostrate in una volta",
    ),
    // Refused moves.
    ("there are only {} houses", "ci sono solo {} case"),
    ("house {} is burnt", "la casa {} è bruciata"),
    ("house {} is a {}", "la casa {} è un {}"),
    ("house {} is empty", "la casa {} è vuota"),
    (
        "house {} holds fewer than {} seeds",
        "la casa {} ha meno di {} semi",
    ),
    (
        "house {} does not sow anticlockwise",
        "la casa {} non semina in senso antiorario",
    ),
    (
        "house {} does not sow clockwise",
        "la casa {} non semina in senso orario",
    ),
    (
        "house {} does not give the opponent any seeds",
        "la casa {} non dà alcun seme all'avversario",
    ),
    (
        "house {} would capture every seed of the opponent",
        "la casa {} catturerebbe tutti i semi dell'avversario",
    ),
];

/// Words that stand in a pattern's `{}`: side names.
const IT_WORDS: &[(&str, &str)] = &[
    ("South", "Sud"),
    ("North", "Nord"),
    // The pieces' names (the board's labels for screen readers).
    ("seed", "seme"),
    ("seeds", "semi"),
    ("big stone", "sasso grande"),
    ("big stones", "sassi grandi"),
    ("burnt mark", "segno di casa bruciata"),
    ("burnt marks", "segni di casa bruciata"),
];

impl Lang {
    /// The language of a tag (`it`, `it-IT`); English for any other.
    pub fn from_tag(tag: &str) -> Lang {
        match game_api::i18n::primary_language(tag).as_str() {
            "it" => Lang::It,
            _ => Lang::En,
        }
    }

    /// The kit's phrasebook for this language, `None` for English (the kit's own).
    fn phrasebook(self) -> Option<Phrasebook> {
        match self {
            Lang::En => None,
            Lang::It => Some(Phrasebook {
                phrases: IT,
                words: IT_WORDS,
            }),
        }
    }

    /// `text`, one of the kit's English texts, in this language; a text the table does
    /// not know stays as it is.
    pub fn text(self, text: &str) -> String {
        match self.phrasebook() {
            Some(book) => book.text(text),
            None => text.to_owned(),
        }
    }

    /// The view with its status, panel labels and seat names in this language.
    pub fn view(self, view: View) -> View {
        match self.phrasebook() {
            Some(book) => book.view(view),
            None => view,
        }
    }

    /// The layout with its sites' labels in this language (house names stay: they are
    /// the notation).
    pub fn layout(self, layout: Layout) -> Layout {
        match self.phrasebook() {
            Some(book) => book.layout(layout),
            None => layout,
        }
    }

    /// The messages among `effects` in this language.
    pub fn effects(self, effects: &mut [Effect]) {
        if let Some(book) = self.phrasebook() {
            book.effects(effects);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_translates_its_own_english_with_the_same_placeholders() {
        for (en, it) in IT {
            assert_eq!(en.matches("{}").count(), it.matches("{}").count(), "{en}");
            let sample = en.replacen("{}", "South", 1).replace("{}", "3");
            let out = Lang::It.text(&sample);
            assert_ne!(out, sample, "{en} is not translated");
            assert!(!out.contains("South"), "{out}");
        }
    }

    #[test]
    fn numbers_and_sides_land_in_their_places() {
        assert_eq!(Lang::It.text("North wins 30–18"), "Vince Nord 30–18");
        assert_eq!(
            Lang::It.text("Round 3: South to move"),
            "Turno 3: tocca a Sud"
        );
        assert_eq!(Lang::It.text("North store"), "Granaio di Nord");
        assert_eq!(Lang::It.text("South"), "Sud");
        assert_eq!(Lang::It.text("house c is empty"), "la casa c è vuota");
        assert_eq!(
            Lang::It.text("there are only 6 houses"),
            "ci sono solo 6 case"
        );
        assert_eq!(Lang::from_tag("it_IT.UTF-8"), Lang::It);
        assert_eq!(Lang::from_tag("fr"), Lang::En);
    }
}
