//! The app's words in the player's language: Fluent translation files embedded in the
//! binary (`core/i18n/<lang>/tavola.ftl`), looked up with [`tr!`](crate::tr).
//!
//! - [`bundles`]: the loader, one Fluent bundle per language.
//! - [`language`]: the current language (process-wide, read by every view), the system
//!   locale at first start, and the languages offered.
//! - [`lookup`]: a key and its arguments to text, English for a missing key.
//! - [`numbers`]: numbers in each language's way (`1,234.5`, `1.234,5`), for `NUMBER()`.
//!
//! ```
//! tavola_core::i18n::set_language("it");
//! assert_eq!(tavola_core::tr!("seeds", count = 1), "1 seme");
//! assert_eq!(tavola_core::tr!("seeds", count = 2), "2 semi");
//! tavola_core::i18n::set_language("en");
//! assert_eq!(tavola_core::tr!("seeds", count = 1), "1 seed");
//! ```

pub mod bundles;
pub mod language;
pub mod lookup;
pub mod numbers;

pub use language::{LANGUAGES, current, set_language, system_language};
pub use lookup::{tag, text, text_with};

/// The text of a key in the current language, with named arguments:
/// `tr!("key")`, `tr!("key", name = value, ...)`. A value is a number (formatted and
/// pluralised by Fluent) or anything that converts into a Fluent value (`String`, `&str`).
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::i18n::text($key)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::lookup::Args::new();
        $(args.set(stringify!($name), $value);)+
        $crate::i18n::text_with($key, &args)
    }};
}

/// A game's name with its options in parentheses, or its name alone when it has none
/// (never "Bohnenspiel ()").
///
/// ```
/// use tavola_core::i18n::game_with_options;
///
/// assert_eq!(game_with_options("Kalah", "houses=4"), "Kalah (houses=4)");
/// assert_eq!(game_with_options("Bohnenspiel", ""), "Bohnenspiel");
/// ```
pub fn game_with_options(name: &str, options: &str) -> String {
    if options.trim().is_empty() {
        name.to_owned()
    } else {
        crate::tr!(
            "game-with-options",
            game = name.to_owned(),
            options = options.to_owned()
        )
    }
}

#[cfg(test)]
mod tests;
