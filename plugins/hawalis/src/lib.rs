//! Hawalis (Oman) for Tavola: a four-row mancala, a thin configuration of the mancala
//! kit ([`Config::hawalis`]). The rules: `docs/rules/mancala.md` §7.

mod i18n;

use game_api::{GameError, Manifest, Options};
use mancala_kit::{Config, Mancala, Variant};

/// Hawalis's rules for the kit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HawalisRules;

/// A game of Hawalis.
pub type Hawalis = Mancala<HawalisRules>;

impl Variant for HawalisRules {
    fn manifest() -> Manifest {
        Manifest::new("hawalis", "Hawalis", env!("CARGO_PKG_VERSION"))
            .with_authors(&["The Tavola developers"])
            .with_description(
                "The four-row mancala of Oman: relay-sow round your own two rows and \
                 capture the facing houses from your inner row.",
            )
            .with_rules("en", include_str!("../rules.md"))
            .with_rules("it", i18n::RULES_IT)
            .with_seats(&["South", "North"])
            .with_aliases(&["Hawalees", "Al Hawalees", "Bao la Kiarabu"])
            .with_tags(&["mancala", "four-row"])
            .with_score_unit("seed", "seeds")
            .with_translation("it", i18n::italian())
    }

    fn config(_options: &Options) -> Result<Config, GameError> {
        Ok(Config::hawalis())
    }
}

game_api::export_game!(Hawalis);
