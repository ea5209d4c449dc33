//! Ô Ăn Quan for Tavola: a thin configuration of the mancala kit.
//!
//! Options: `mandarin` (`big_stone_10`, `big_stone_5`, `ten_small_stones`) and
//! `quan_non` (a young mandarin square cannot be captured).

mod i18n;

use game_api::{GameError, Manifest, OptionSpec, Options};
use mancala_kit::{Config, Mancala, Mandarin, Variant};

/// The small-stone threshold of the *quan non* rule.
pub const QUAN_NON_THRESHOLD: u32 = 5;

/// Ô Ăn Quan's rules for the kit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OAnQuanRules;

/// A game of Ô Ăn Quan.
pub type OAnQuan = Mancala<OAnQuanRules>;

impl Variant for OAnQuanRules {
    fn manifest() -> Manifest {
        Manifest::new("o-an-quan", "Ô Ăn Quan", env!("CARGO_PKG_VERSION"))
            .with_authors(&["The Tavola developers"])
            .with_description(
                "Vietnam's mandarin-capturing game: sow either way, relay, and capture \
                 across the gaps.",
            )
            .with_rules("en", include_str!("../rules.md"))
            .with_rules("it", i18n::RULES_IT)
            .with_seats(&["South", "North"])
            .with_aliases(&["O an quan", "Mandarin square capturing"])
            .with_tags(&["mancala", "relay"])
            .with_options(vec![
                OptionSpec::choice(
                    "mandarin",
                    "Mandarin squares",
                    &[
                        ("big_stone_10", "A big stone worth 10"),
                        ("big_stone_5", "A big stone worth 5"),
                        ("ten_small_stones", "Ten small stones"),
                    ],
                    "big_stone_10",
                ),
                OptionSpec::boolean("quan_non", "Quan non (young mandarins are safe)", false)
                    .describe(
                        "A mandarin square still holding its big stone and fewer than five \
                         small stones cannot be captured.",
                    ),
            ])
            .with_translation("it", i18n::italian())
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        let mandarin = match options.choice("mandarin").unwrap_or("big_stone_10") {
            "big_stone_5" => Mandarin {
                small: 0,
                big_stone: 5,
            },
            "ten_small_stones" => Mandarin {
                small: 10,
                big_stone: 0,
            },
            _ => Mandarin {
                small: 0,
                big_stone: 10,
            },
        };
        let mut config = Config::o_an_quan(mandarin);
        if options.flag("quan_non") == Some(true) {
            config.quan_non = Some(QUAN_NON_THRESHOLD);
        }
        Ok(config)
    }
}

game_api::export_game!(OAnQuan);
