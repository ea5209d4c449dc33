//! The game's texts in Italian: the manifest's translation and the rules
//! (`rules.it.md`); the game's own texts during play are the kit's ([`mancala_kit::Lang`]).

use game_api::ManifestTexts;

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .score_unit("seme", "semi")
        .name("Oware")
        .description(
            "Il classico dell'Africa occidentale (regole Abapa): cattura i due e i tre, e \
             non affamare mai l'avversario.",
        )
        .seats(&["Sud", "Nord"])
        .option("seeds", "Semi per casa", "")
        .option(
            "grand_slam",
            "Grande slam",
            "Una cattura che prenderebbe tutti i semi che l'avversario ha sul tavoliere.",
        )
        .option(
            "rounds",
            "Gioca a turni",
            "Una partita a turni: ciascuno riempie le sue case con i suoi semi; le case che \
             un giocatore non riesce a riempire restano fuori gioco nel turno seguente, e la \
             partita finisce quando un giocatore non ne riempie nessuna.",
        )
        .option(
            "round_houses",
            "Case non riempite",
            "Con “Gioca a turni”: che cosa diventano le case che un giocatore non riesce a \
             riempire. Chiuse, restano fuori gioco nel turno seguente; passate, diventano \
             case del giocatore che può riempire più case di quante ne possiede.",
        )
        .choice("round_houses", "closed", "Chiuse (fuori gioco)")
        .choice("round_houses", "pass", "Passano all'avversario")
        .choice("grand_slam", "no_capture", "Permesso, non cattura nulla")
        .choice("grand_slam", "forbidden", "Vietato")
        .choice("grand_slam", "capture_all", "Cattura tutto")
        .preset("Abapa", "Le regole dei tornei.")
}
