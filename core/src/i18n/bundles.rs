//! The loader: the translation files, embedded in the binary, parsed once into one
//! Fluent bundle per language.

use std::sync::OnceLock;

use fluent_bundle::{FluentResource, concurrent::FluentBundle};
use unic_langid::LanguageIdentifier;

/// The translation files: language tag and Fluent source.
pub const SOURCES: [(&str, &str); 2] = [
    ("en", include_str!("../../i18n/en/tavola.ftl")),
    ("it", include_str!("../../i18n/it/tavola.ftl")),
];

/// One language's bundle.
pub type Bundle = FluentBundle<FluentResource>;

/// The bundle of `lang` (a tag of [`SOURCES`]), if there is one.
pub fn bundle(lang: &str) -> Option<&'static Bundle> {
    static BUNDLES: OnceLock<Vec<(&'static str, Bundle)>> = OnceLock::new();
    BUNDLES
        .get_or_init(|| SOURCES.iter().map(|(l, s)| (*l, load(l, s))).collect())
        .iter()
        .find(|(l, _)| *l == lang)
        .map(|(_, b)| b)
}

/// Parses one file into a bundle. The files are part of the binary and checked by the
/// tests, so an error here is a bug of the build: the entries that parse are kept.
fn load(lang: &str, source: &str) -> Bundle {
    let id: LanguageIdentifier = lang.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: labels stay plain text.
    bundle.set_use_isolating(false);
    // `NUMBER()`, and numbers written with the language's marks (see `numbers`).
    let _ = bundle.add_builtins();
    bundle.set_formatter(Some(super::numbers::formatter_for(lang)));
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(r, _)| r);
    let _ = bundle.add_resource(resource);
    bundle
}
