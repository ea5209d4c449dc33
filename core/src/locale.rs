//! The language games speak: one process-wide setting, read where the host asks a plugin
//! for its manifest or makes a game, and sent to the worker processes.
//!
//! The app sets it when the player picks a language ([`set_language`]); until then it
//! follows the system locale ([`system_language`]), and English is the fallback. A
//! language is a lower-case primary tag (`en`, `it`); a plugin that does not offer it
//! answers in its own default language.
//!
//! ```
//! tavola_core::locale::set_language("it-IT");
//! assert_eq!(tavola_core::locale::language(), "it");
//! tavola_core::locale::set_language("");
//! assert_eq!(tavola_core::locale::language(), "en", "nothing usable: English");
//! ```

use std::sync::RwLock;

/// The language used when nothing else is known.
pub const FALLBACK: &str = "en";

static LANGUAGE: RwLock<Option<String>> = RwLock::new(None);

/// The language games should speak now: the one set with [`set_language`], else the
/// system's ([`system_language`]; in the library's own unit tests, English, so that they
/// never depend on the machine's locale).
pub fn language() -> String {
    let set = LANGUAGE
        .read()
        .map(|l| l.clone())
        .unwrap_or_else(|e| e.into_inner().clone());
    set.unwrap_or_else(|| {
        if cfg!(test) {
            FALLBACK.to_owned()
        } else {
            system_language()
        }
    })
}

/// Sets the language games speak from now on (`it`, `it-IT`, `it_IT.UTF-8` all give
/// `it`); a tag that is not a language gives English. Games already started keep theirs
/// until the host asks again.
pub fn set_language(tag: &str) {
    let lang = normalize(tag).unwrap_or_else(|| FALLBACK.to_string());
    match LANGUAGE.write() {
        Ok(mut l) => *l = Some(lang),
        Err(e) => *e.into_inner() = Some(lang),
    }
}

/// The system's language from the usual environment variables (`LC_ALL`, `LC_MESSAGES`,
/// `LANG`, `LANGUAGE`), else English.
pub fn system_language() -> String {
    ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find_map(|v| normalize(v.split(':').next().unwrap_or("")))
        .unwrap_or_else(|| FALLBACK.to_string())
}

/// The primary language of a locale tag, lower case (`it_IT.UTF-8` → `it`); `None` for
/// tags that name no language (`C`, `POSIX`, empty, not letters).
///
/// ```
/// use tavola_core::locale::normalize;
/// assert_eq!(normalize("it_IT.UTF-8").as_deref(), Some("it"));
/// assert_eq!(normalize("EN-gb").as_deref(), Some("en"));
/// assert_eq!(normalize("C"), None);
/// assert_eq!(normalize("../x"), None);
/// ```
pub fn normalize(tag: &str) -> Option<String> {
    let primary = tag
        .split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let ok = (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase());
    ok.then_some(primary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_reduce_to_their_primary_language() {
        for (tag, want) in [
            ("it", Some("it")),
            ("it-IT", Some("it")),
            ("it_IT.UTF-8", Some("it")),
            ("de_DE@euro", Some("de")),
            ("POSIX", None),
            ("C.UTF-8", None),
            ("", None),
            ("1234", None),
        ] {
            assert_eq!(normalize(tag).as_deref(), want, "{tag}");
        }
    }
}
