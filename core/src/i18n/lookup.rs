//! A key and its arguments to text in the current language; English when the current
//! language lacks the key, and the key itself when English lacks it too.

use fluent_bundle::FluentArgs;

use super::{bundles::bundle, language};

/// Named arguments of a text.
pub type Args<'a> = FluentArgs<'a>;

/// The text of `key` in the current language.
pub fn text(key: &str) -> String {
    text_with(key, &Args::new())
}

/// The text of `key` in the current language, with `args`.
pub fn text_with(key: &str, args: &Args) -> String {
    text_in(language::current(), key, args)
}

/// The text of `key` in `lang` (English if `lang` lacks it; the key if English does).
pub fn text_in(lang: &str, key: &str, args: &Args) -> String {
    [lang, language::FALLBACK]
        .into_iter()
        .find_map(|l| format_in(l, key, args))
        .unwrap_or_else(|| key.to_owned())
}

/// A game's tag (`race`, `mancala`) in the current language: the text of `tag-TAG`,
/// or the tag itself where no language has it (a game's own tags).
pub fn tag(tag: &str) -> String {
    let key = format!("tag-{tag}");
    [language::current(), language::FALLBACK]
        .into_iter()
        .find_map(|l| format_in(l, &key, &Args::new()))
        .unwrap_or_else(|| tag.to_owned())
}

fn format_in(lang: &str, key: &str, args: &Args) -> Option<String> {
    let bundle = bundle(lang)?;
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    Some(text.into_owned())
}
