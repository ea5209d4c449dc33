//! The language of the command line's words for people (its JSON stays as it is):
//! `--lang` if given, else the language remembered by the app (`settings.json` in the
//! user data folder), else the system's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`),
//! else English.

use std::path::Path;

use tavola_core::i18n::language::{LANGUAGES, supported};

/// Parses `--lang`: a language the app speaks (`it`, `it_IT.UTF-8`, `en-GB`), else a
/// clear refusal naming the languages offered.
pub fn parse_lang(tag: &str) -> Result<String, UnknownLanguage> {
    supported(tag)
        .map(str::to_owned)
        .ok_or_else(|| UnknownLanguage {
            tag: tag.to_owned(),
        })
}

/// A `--lang` that names no language the app speaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{tag}` is not a language Tavola speaks (it speaks: {})", offered())]
pub struct UnknownLanguage {
    /// The tag given.
    pub tag: String,
}

/// The languages the app speaks, separated by commas.
fn offered() -> String {
    let offered: Vec<&str> = LANGUAGES.iter().map(|(l, _)| *l).collect();
    offered.join(", ")
}

/// The language for the command line: `flag`, else the one remembered in the settings
/// of `data_dir`, else the system's.
pub fn choose(flag: Option<&str>, data_dir: Option<&Path>) -> &'static str {
    flag.and_then(supported)
        .or_else(|| data_dir.and_then(remembered))
        .unwrap_or_else(tavola_core::i18n::system_language)
}

/// The language the app remembered in `dir/settings.json`, if it names one the app
/// speaks. Read only: a settings file that does not parse is the app's to set aside, not
/// the command line's.
fn remembered(dir: &Path) -> Option<&'static str> {
    let text = std::fs::read(dir.join("settings.json")).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&text).ok()?;
    supported(value.get("language")?.as_str()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_comes_first_then_the_settings() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("settings.json"), r#"{"language":"it"}"#).unwrap();
        assert_eq!(choose(Some("en"), Some(dir.path())), "en");
        assert_eq!(choose(None, Some(dir.path())), "it");
        std::fs::write(dir.path().join("settings.json"), "{not json").unwrap();
        assert_eq!(choose(Some("it_IT.UTF-8"), Some(dir.path())), "it");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("settings.json")).unwrap(),
            "{not json",
            "the command line leaves the settings alone"
        );
    }

    #[test]
    fn an_unknown_language_is_refused_with_the_offer() {
        assert_eq!(parse_lang("it-IT").as_deref(), Ok("it"));
        let e = parse_lang("klingon").unwrap_err().to_string();
        assert!(e.contains("klingon") && e.contains("en, it"), "{e}");
    }
}
