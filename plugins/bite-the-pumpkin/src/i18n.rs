//! Bite the Pumpkin's texts in Italian (the game was published in Italian as *Azzanna la
//! Zucca!*): the manifest's translation, the rules (`rules.it.md`) and the phrasebook of
//! the game's texts during play (status, panels, choices, messages).

use game_api::{ManifestTexts, i18n::Phrasebook};

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .name("Azzanna la Zucca!")
        .description(
            "Cinque maiali affamati contro le zucche di un Contadino: azzanna, corri, \
             digerisci — oppure pianta per primo tutte e venti le zucche.",
        )
        .seats(&["Branco", "Contadino", "Contadino dei broccoli"])
        .option(
            "players",
            "Giocatori",
            "Con tre giocatori si aggiunge un secondo Contadino con 18 broccoli.",
        )
        .option(
            "beginner_extra",
            "Zucche in più nella preparazione (principianti)",
            "",
        )
        .option(
            "custom_trees",
            "Il Contadino sposta prima gli alberi (esperti)",
            "",
        )
        .option("bite_model", "Morsi", "")
        .choice("bite_model", "rules", "Sceglie il Branco (regole)")
        .choice(
            "bite_model",
            "simulator",
            "Nessuna scelta (il simulatore dell'autore)",
        )
        .option("end_rule", "Fine", "")
        .choice(
            "end_rule",
            "rules",
            "Il Branco gioca il suo sedicesimo turno (regole)",
        )
        .choice(
            "end_rule",
            "simulator",
            "Il simulatore dell'autore: verificata dopo ogni posa, prima 20 zucche messe, \
             poi il suo punteggio (due giocatori)",
        )
        .bot(
            "herd-author",
            "Il Branco dell'autore: maiali fuori dalla vista l'uno dell'altro, corse che \
             minacciano più zucche.",
        )
        .bot(
            "farmer-author",
            "Il Contadino dell'autore: zucche fuori dalla portata e dalla vista dei maiali.",
        )
        .aliases(&["Bite the Pumpkin!"])
}

/// The game's texts in Italian.
pub const IT: Phrasebook = Phrasebook {
    phrases: &[
        // A refused move.
        ("not legal here", "mossa non consentita qui"),
        ("Pigs", "Maiali"),
        ("Herd turns", "Turni del Branco"),
        ("Reserve", "Riserva"),
        ("On the field", "Sul campo"),
        ("Status", "Stato"),
        ("eliminated", "eliminato"),
        ("Simulator's count", "Conta del simulatore"),
        (
            "The Farmer may move the trees ({} of {} moved)",
            "Il Contadino può spostare gli alberi ({} di {} spostati)",
        ),
        (
            "The Herd places its pigs ({} of {})",
            "Il Branco mette i suoi maiali ({} di {})",
        ),
        (
            "Setup: {} places a vegetable",
            "Preparazione: {} mette un ortaggio",
        ),
        (
            "The Herd chooses what its pigs bite",
            "Il Branco sceglie che cosa azzannano i maiali",
        ),
        (
            "The Herd chooses where to run",
            "Il Branco sceglie dove correre",
        ),
        ("{} places a vegetable", "{} mette un ortaggio"),
        (
            "Two pumpkins or fewer: the Herd wins",
            "Due zucche o meno: vince il Branco",
        ),
        (
            "The Farmer's reserve is empty: the Farmer wins",
            "La riserva del Contadino è vuota: vince il Contadino",
        ),
        (
            "The last pumpkin is placed: the Farmer wins",
            "L'ultima zucca è stata messa: vince il Contadino",
        ),
        (
            "The simulator counts two pumpkins or fewer: the Herd wins",
            "Il simulatore conta due zucche o meno: vince il Branco",
        ),
        (
            "The game ends: {} has placed all their vegetables. The only Farmer left, {} wins",
            "La partita finisce: {} ha messo tutti i suoi ortaggi. Unico Contadino rimasto, vince {}",
        ),
        (
            "The game ends: {} has placed all their vegetables. {} pumpkins and {} broccoli on the field, a tie, which goes to the Broccoli Farmer",
            "La partita finisce: {} ha messo tutti i suoi ortaggi. {} zucche e {} broccoli sul campo, pari: in parità vince il Contadino dei broccoli",
        ),
        (
            "The game ends: {} has placed all their vegetables. With more on the field ({} pumpkins, {} broccoli), {} wins",
            "La partita finisce: {} ha messo tutti i suoi ortaggi. Con più ortaggi sul campo ({} zucche, {} broccoli) vince {}",
        ),
        (
            "A vegetable bitten: the pig that bit lies flat to digest and sits out the run",
            "Un ortaggio azzannato: il maiale che l'ha azzannato si sdraia a digerire e salta la corsa",
        ),
        (
            "{} vegetables bitten: the pigs that bit lie flat to digest and sit out the run",
            "{} ortaggi azzannati: i maiali che li hanno azzannati si sdraiano a digerire e saltano la corsa",
        ),
        ("{} is eliminated", "{} è eliminato"),
        ("{} has no legal square", "{} non ha caselle possibili"),
        ("The Herd wins", "Vince il Branco"),
        ("The Farmer wins", "Vince il Contadino"),
        (
            "The Broccoli Farmer wins",
            "Vince il Contadino dei broccoli",
        ),
        ("{} wins", "Vince {}"),
        ("trees done", "alberi fatti"),
        ("run north", "corri a nord"),
        ("run south", "corri a sud"),
        ("run west", "corri a ovest"),
        ("run east", "corri a est"),
    ],
    words: &[
        ("Herd", "Branco"),
        ("Farmer", "Contadino"),
        ("Broccoli Farmer", "Contadino dei broccoli"),
        ("the Herd", "il Branco"),
        ("the Farmer", "il Contadino"),
        ("the Broccoli Farmer", "il Contadino dei broccoli"),
        ("The Herd", "Il Branco"),
        ("The Farmer", "Il Contadino"),
        ("The Broccoli Farmer", "Il Contadino dei broccoli"),
        // The pieces' names (the board's labels for screen readers).
        ("pig", "maiale"),
        ("pigs", "maiali"),
        ("pumpkin", "zucca"),
        ("pumpkins", "zucche"),
        ("broccoli", "broccoli"),
        ("tree", "albero"),
        ("trees", "alberi"),
    ],
};
