//! The game's texts in Italian: the manifest's translation and the rules
//! (`rules.it.md`); the game's own texts during play are the kit's ([`mancala_kit::Lang`]).

use game_api::ManifestTexts;

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .score_unit("seme", "semi")
        .name("Congkak")
        .description(
            "La corsa di semina malese: passa i semi di casa in casa lungo il tavoliere e \
             finisci nel tuo granaio per muovere ancora.",
        )
        .seats(&["Sud", "Nord"])
        .option("houses", "Case per lato (e semi per casa)", "")
        .option("capture", "Cattura", "")
        .choice(
            "capture",
            "opposite_and_last",
            "La casa di fronte e l'ultimo seme",
        )
        .choice(
            "capture",
            "opposite_only",
            "La casa di fronte; l'ultimo seme resta",
        )
        .choice(
            "capture",
            "last_even_if_opposite_empty",
            "L'ultimo seme anche quando la casa di fronte è vuota",
        )
        .option("rounds", "Turni di gioco", "")
        .choice("rounds", "one", "Un turno")
        .choice("rounds", "many", "Più turni, con case bruciate")
        .option(
            "simultaneous_opening",
            "Apertura simultanea",
            "Entrambi scelgono la prima casa; poi seminano insieme, al passo.",
        )
        .preset("Traditional", "Più turni di gioco e l'apertura simultanea.")
}
