//! The translation files agree: the same keys in every language, every key used in the
//! code present, plurals by the library, English for a missing key.

use std::collections::BTreeSet;

use fluent_bundle::FluentResource;
use fluent_syntax::ast::Entry;

use super::{
    bundles::SOURCES,
    lookup::{Args, text_in},
};

/// The message ids of a Fluent source; panics with the parse errors if it does not parse.
fn keys(lang: &str, source: &str) -> BTreeSet<String> {
    let resource = FluentResource::try_new(source.to_owned())
        .unwrap_or_else(|(_, e)| panic!("i18n/{lang}/tavola.ftl does not parse: {e:?}"));
    resource
        .entries()
        .filter_map(|e| match e {
            Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_key_exists_in_every_language() {
    let (_, en) = SOURCES[0];
    let english = keys("en", en);
    assert!(
        english.len() > 50,
        "the English file has {} keys",
        english.len()
    );
    for (lang, source) in &SOURCES[1..] {
        let other = keys(lang, source);
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(missing.is_empty(), "missing in {lang}: {missing:?}");
        assert!(extra.is_empty(), "in {lang} but not in English: {extra:?}");
    }
}

/// Every `tr!("key"` in the host's sources (every crate of it) names a key of the English file.
#[test]
fn every_key_used_in_the_code_exists_in_english() {
    let english = keys("en", SOURCES[0].1);
    let mut used = BTreeSet::new();
    // The host's crates, wherever the workspace has them (the app, and the crates below it).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stack: Vec<_> = ["host", "core", "net"]
        .iter()
        .map(|dir| root.join(dir).join("src"))
        .filter(|src| src.is_dir())
        .collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("source folder").flatten() {
            let path = entry.path();
            if path.is_dir() && !path.ends_with("i18n") {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source file");
                let mut parts = text.split("tr!(\"");
                let mut before = parts.next().unwrap_or("");
                for part in parts {
                    // `tr!` itself, not the end of a longer name (`include_str!`).
                    let own = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
                    let key: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .collect();
                    if own {
                        used.insert((key, path.display().to_string()));
                    }
                    before = part;
                }
            }
        }
    }
    assert!(
        used.len() > 50,
        "only {} keys found in the code",
        used.len()
    );
    let missing: Vec<_> = used.iter().filter(|(k, _)| !english.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "keys used but not in i18n/en/tavola.ftl: {missing:?}"
    );
}

#[test]
fn plurals_and_numbers_come_from_the_library() {
    let count = |lang, n: i64| {
        let mut args = Args::new();
        args.set("count", n);
        text_in(lang, "seeds", &args)
    };
    assert_eq!(count("it", 1), "1 seme");
    assert_eq!(count("it", 2), "2 semi");
    assert_eq!(count("it", 0), "0 semi");
    assert_eq!(count("en", 1), "1 seed");
    assert_eq!(count("en", 7), "7 seeds");
}

#[test]
fn a_missing_key_falls_back_to_english_then_to_the_key() {
    let args = Args::new();
    assert_eq!(text_in("xx", "menu-game", &args), "Game");
    assert_eq!(text_in("it", "menu-game", &args), "Partita");
    assert_eq!(text_in("it", "no-such-key", &args), "no-such-key");
}
