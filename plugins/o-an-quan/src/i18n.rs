//! The game's texts in Italian: the manifest's translation and the rules
//! (`rules.it.md`); the game's own texts during play are the kit's ([`mancala_kit::Lang`]).

use game_api::ManifestTexts;

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .name("Ô Ăn Quan")
        .description(
            "Il gioco vietnamita dei mandarini: semina in una direzione o nell'altra, \
             prosegui di casella in casella e cattura oltre i vuoti.",
        )
        .seats(&["Sud", "Nord"])
        .option("mandarin", "Caselle dei mandarini", "")
        .choice("mandarin", "big_stone_10", "Un sasso grande che vale 10")
        .choice("mandarin", "big_stone_5", "Un sasso grande che vale 5")
        .choice("mandarin", "ten_small_stones", "Dieci sassolini")
        .option(
            "quan_non",
            "Quan non (i mandarini giovani sono al sicuro)",
            "Una casella del mandarino che ha ancora il suo sasso grande e meno di cinque \
             sassolini non si può catturare.",
        )
}
