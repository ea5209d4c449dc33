//! The current language: one process-wide setting that every view reads, chosen by the
//! player (remembered in the settings) or taken from the system locale at first start.

use std::sync::RwLock;

/// The languages the app speaks: tag and name (in that language).
pub const LANGUAGES: [(&str, &str); 2] = [("en", "English"), ("it", "Italiano")];

/// The language used when nothing else fits, and for any missing text.
pub const FALLBACK: &str = "en";

static CURRENT: RwLock<Option<&'static str>> = RwLock::new(None);

/// The language in use: the one set, else the system's (in the library's own unit
/// tests: English, so that they never depend on the machine's locale).
pub fn current() -> &'static str {
    let set = match CURRENT.read() {
        Ok(c) => *c,
        Err(e) => *e.into_inner(),
    };
    set.unwrap_or_else(unset)
}

#[cfg(not(test))]
fn unset() -> &'static str {
    system_language()
}

#[cfg(test)]
fn unset() -> &'static str {
    FALLBACK
}

/// Uses `tag` from now on (`it`, `it-IT`, `it_IT.UTF-8` all give Italian); a language
/// the app does not speak gives English. Games are told too ([`tell_games`]).
pub fn set_language(tag: &str) {
    let lang = supported(tag).unwrap_or(FALLBACK);
    match CURRENT.write() {
        Ok(mut c) => *c = Some(lang),
        Err(e) => *e.into_inner() = Some(lang),
    }
    tell_games(lang);
}

/// The system's language if the app speaks it (from the OS locale, else the `LC_ALL`,
/// `LC_MESSAGES` and `LANG` variables), else English.
pub fn system_language() -> &'static str {
    let from_env = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty());
    sys_locale::get_locale()
        .into_iter()
        .chain(from_env)
        .find_map(|tag| supported(&tag))
        .unwrap_or(FALLBACK)
}

/// The tag of [`LANGUAGES`] that `tag` names (by its primary language), if any.
///
/// ```
/// use tavola_core::i18n::language::supported;
/// assert_eq!(supported("it_IT.UTF-8"), Some("it"));
/// assert_eq!(supported("en-GB"), Some("en"));
/// assert_eq!(supported("C"), None);
/// assert_eq!(supported("de"), None);
/// ```
pub fn supported(tag: &str) -> Option<&'static str> {
    let primary = tag.split(['-', '_', '.', '@']).next()?.to_ascii_lowercase();
    LANGUAGES.iter().map(|(l, _)| *l).find(|l| *l == primary)
}

/// Tells the plugin side which language games should speak (their names, rules and
/// messages; see [`crate::locale`]). The one place where the app's language reaches the
/// games: manifests follow at once, a game in progress keeps its language until it is
/// started or opened again.
pub fn tell_games(lang: &str) {
    crate::locale::set_language(lang);
}
