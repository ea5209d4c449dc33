//! The game's texts in Italian: the manifest's translation and the rules
//! (`rules.it.md`); the game's own texts during play are the kit's ([`mancala_kit::Lang`]).

use game_api::ManifestTexts;

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .score_unit("seme", "semi")
        .name("Kalah")
        .description(
            "Il classico gioco di semina: cattura nel tuo granaio, guadagna turni in più, \
             svuota la tua fila.",
        )
        .seats(&["Sud", "Nord"])
        .option("houses", "Case per lato", "")
        .option("seeds", "Semi per casa", "")
        .option(
            "empty_capture",
            "Cattura con la casa di fronte vuota",
            "L'ultimo seme in una tua casa vuota è catturato anche quando la casa di fronte \
             è vuota (la regola dei risultati di soluzione pubblicati).",
        )
        .preset("Kalah(6,4)", "La partita classica.")
        .preset("Kalah(6,6)", "Una partita più lunga, con sei semi.")
        .preset(
            "Kalah(4,3)",
            "Un tavoliere piccolo, rapido da giocare e da risolvere.",
        )
}
