//! The Storks' texts in Italian: the manifest's translation, the rules (`rules.it.md`)
//! and the phrasebook of the game's texts during play (status, panels, board labels,
//! messages, the moves' words in the move list; notations stay as records check them).

use game_api::{ManifestTexts, i18n::Phrasebook};

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .name("La migrazione delle cicogne")
        .description(
            "Porta le tue sei cicogne in Africa: lanci di monete, scambi, file che sbarrano \
             la strada, cavi dell'alta tensione e un vento favorevole.",
        )
        .seats(&["Giallo", "Blu"])
        .option("randomiser", "Si lancia con", "")
        .choice("randomiser", "coins", "Quattro monete")
        .choice("randomiser", "die", "Un dado (il 6 vale 0)")
        .aliases(&["The Storks' Migration"])
}

/// The game's texts in Italian.
pub const IT: Phrasebook = Phrasebook {
    phrases: &[
        // A refused move.
        ("not legal here", "mossa non consentita qui"),
        (
            "{} wins: all six storks are in Africa",
            "Vince {}: tutte e sei le cicogne sono in Africa",
        ),
        ("{} wins", "Vince {}"),
        ("{} throws", "Lancia {}"),
        ("{} moves {} ({} heads)", "{} avanza di {} ({} teste)"),
        ("{} moves {} ({} head)", "{} avanza di {} ({} testa)"),
        ("The wind: {} head", "Il vento: {} testa"),
        ("{} throws {} head", "{} lancia: {} testa"),
        ("{} moves {} (die {})", "{} avanza di {} (dado {})"),
        ("The wind: {} throws again", "Il vento: {} lancia di nuovo"),
        ("The wind: {} heads", "Il vento: {} teste"),
        ("The wind: die {}", "Il vento: dado {}"),
        ("{} throws {} heads", "{} lancia: {} teste"),
        ("{} throws die {}", "{} lancia il dado: {}"),
        // Moves and throws in words, for the move list.
        ("enters a stork on {}", "fa entrare una cicogna sulla {}"),
        (
            "moves a stork from {} to {}",
            "sposta una cicogna dalla {} alla {}",
        ),
        ("{} heads", "{} teste"),
        ("{} head", "{} testa"),
        ("die {}", "dado {}"),
        (
            "{}'s stork falls on the cables",
            "Una cicogna del {} cade sui cavi",
        ),
        (
            "The wind carries {}'s stork: throw again",
            "Il vento porta la cicogna del {}: si lancia di nuovo",
        ),
        (
            "Nothing to move: the turn passes",
            "Nulla da muovere: il turno passa",
        ),
        (
            "No legal move: the turn passes",
            "Nessuna mossa possibile: il turno passa",
        ),
        (
            "Illegal for the stork on 28: the wind throws again",
            "Vietato per la cicogna sulla 28: il vento lancia di nuovo",
        ),
        ("In Africa", "In Africa"),
        ("Off the board", "Fuori dal tavoliere"),
        ("{} off the board", "{}: fuori dal tavoliere"),
        ("{} cables", "{} cavi"),
        ("28 wind", "28 vento"),
        ("coin {}", "moneta {}"),
        ("die", "dado"),
    ],
    words: &[
        ("Yellow", "Giallo"),
        ("Blue", "Blu"),
        // The pieces' names (the board's labels for screen readers).
        ("stork", "cicogna"),
        ("storks", "cicogne"),
        ("coin", "moneta"),
        ("coins", "monete"),
        ("pip", "punto del dado"),
        ("pips", "punti del dado"),
    ],
};
