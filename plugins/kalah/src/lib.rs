//! Kalah for Tavola: a thin configuration of the mancala kit.
//!
//! Options: `houses` (1–6), `seeds` (1–6) and `empty_capture` (capture the lone last
//! seed even when the opposite house is empty, as in the published solving results).

mod i18n;

use std::{collections::BTreeMap, sync::OnceLock};

use game_api::{GameError, Manifest, OptionSpec, OptionValue, Options, Preset};
use mancala_kit::{Capture, Config, EmptyOpposite, Mancala, OpeningBook, Variant};

/// Kalah(6,4)'s stored opening solution: every position in which a player decides within
/// the first two turns (South's first, with its extra turns, then North's), with the best
/// move and the exact value the exact solver found (`scripts/kalah-book`; the format:
/// [`OpeningBook`]).
pub const BOOK: &str = include_str!("../book/kalah-6-4.book");

/// Kalah's rules for the kit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KalahRules;

/// A game of Kalah.
pub type Kalah = Mancala<KalahRules>;

impl Variant for KalahRules {
    fn manifest() -> Manifest {
        Manifest::new("kalah", "Kalah", env!("CARGO_PKG_VERSION"))
            .with_authors(&["The Tavola developers"])
            .with_description(
                "The classic sowing game: capture into your store, earn extra turns, empty \
                 your row.",
            )
            .with_rules("en", include_str!("../rules.md"))
            .with_rules("it", i18n::RULES_IT)
            .with_seats(&["South", "North"])
            .with_aliases(&["Kalaha", "Mancala"])
            .with_tags(&["mancala", "classic"])
            .with_options(vec![
                OptionSpec::integer("houses", "Houses per side", 1, 6, 6),
                OptionSpec::integer("seeds", "Seeds per house", 1, 6, 4),
                OptionSpec::boolean(
                    "empty_capture",
                    "Capture with an empty opposite house",
                    false,
                )
                .describe(
                    "The last seed in an empty house of your own is captured even when the \
                     opposite house is empty (the rule of the published solving results).",
                ),
            ])
            .with_presets(vec![
                preset("Kalah(6,4)", "The standard game.", 6, 4, false),
                preset("Kalah(6,6)", "A longer game with six seeds.", 6, 6, false),
                preset(
                    "Kalah(4,3)",
                    "A small board, quick to play and to solve.",
                    4,
                    3,
                    true,
                ),
            ])
            .with_score_unit("seed", "seeds")
            .with_translation("it", i18n::italian())
    }

    fn endgame_tables() -> bool {
        true
    }

    /// Kalah(6,4)'s stored opening solution ([`BOOK`]), for the default rules only.
    fn opening_book(config: &Config) -> Option<&'static OpeningBook> {
        static PARSED: OnceLock<Option<OpeningBook>> = OnceLock::new();
        if *config != Config::kalah(6, 4) {
            return None;
        }
        // The book's text is checked by this crate's tests: it parses.
        PARSED
            .get_or_init(|| OpeningBook::parse(BOOK).ok())
            .as_ref()
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        let houses = options.int("houses").unwrap_or(6) as usize;
        let seeds = options.int("seeds").unwrap_or(4) as u32;
        let mut config = Config::kalah(houses, seeds);
        if options.flag("empty_capture") == Some(true) {
            config.capture = Capture::Opposite {
                empty_opposite: EmptyOpposite::CaptureLast,
                keep_last: false,
            };
        }
        Ok(config)
    }
}

fn preset(name: &str, description: &str, houses: i64, seeds: i64, empty: bool) -> Preset {
    Preset {
        name: name.into(),
        description: description.into(),
        values: BTreeMap::from([
            ("houses".into(), OptionValue::Int(houses)),
            ("seeds".into(), OptionValue::Int(seeds)),
            ("empty_capture".into(), OptionValue::Bool(empty)),
        ]),
    }
}

game_api::export_game!(Kalah);
