//! A file's texts: the `[texts.LANG]` tables made into the manifest's translations,
//! refused when they name an option, a choice or a preset the file does not have, and
//! the lengths of its names, labels and descriptions.

use game_api::{Manifest, ManifestTexts};

use crate::{FileError, format::TextsTable, variant::MAX_TEXT};

/// Refuses texts for an option, a choice or a preset the file does not have (a
/// misspelt key would otherwise be dropped without a word).
pub(crate) fn texts_known(lang: &str, t: &TextsTable, m: &Manifest) -> Result<(), FileError> {
    let keys: Vec<&str> = m.options.iter().map(|o| o.key.as_str()).collect();
    for (key, o) in &t.options {
        let Some(spec) = m.options.iter().find(|s| &s.key == key) else {
            return Err(FileError::Whole(format!(
                "`texts.{lang}.options.{key}`: the file has no option `{key}` (its options: {})",
                crate::error::listed(&keys)
            )));
        };
        let values: Vec<&str> = match &spec.kind {
            game_api::OptionKind::Choice { choices } => {
                choices.iter().map(|c| c.value.as_str()).collect()
            }
            _ => Vec::new(),
        };
        if let Some(value) = o.choices.keys().find(|v| !values.contains(&v.as_str())) {
            return Err(FileError::Whole(format!(
                "`texts.{lang}.options.{key}.choices`: the option `{key}` has no choice \
                 `{value}` (its choices: {})",
                crate::error::listed(&values)
            )));
        }
    }
    let names: Vec<&str> = m.presets.iter().map(|p| p.name.as_str()).collect();
    if let Some(name) = t.presets.keys().find(|n| !names.contains(&n.as_str())) {
        return Err(FileError::Whole(format!(
            "`texts.{lang}.presets`: the file has no preset named `{name}` (its presets: {})",
            crate::error::listed(&names)
        )));
    }
    Ok(())
}

/// The texts of a `[texts.LANG]` table.
pub(crate) fn translation(t: &TextsTable) -> ManifestTexts {
    let mut texts = ManifestTexts::new();
    if let Some(name) = &t.name {
        texts = texts.name(name);
    }
    if let Some(d) = &t.description {
        texts = texts.description(d);
    }
    if !t.seats.is_empty() {
        let seats: Vec<&str> = t.seats.iter().map(String::as_str).collect();
        texts = texts.seats(&seats);
    }
    if !t.aliases.is_empty() {
        let aliases: Vec<&str> = t.aliases.iter().map(String::as_str).collect();
        texts = texts.aliases(&aliases);
    }
    if let [one, other] = t.score_unit.as_slice() {
        texts = texts.score_unit(one, other);
    }
    for (key, o) in &t.options {
        texts = texts.option(key, &o.label, &o.description);
        for (value, label) in &o.choices {
            texts = texts.choice(key, value, label);
        }
    }
    for (name, description) in &t.presets {
        texts = texts.preset(name, description);
    }
    texts
}

/// Refuses a name, label or description longer than [`MAX_TEXT`].
pub(crate) fn long_texts(m: &Manifest) -> Result<(), FileError> {
    let mut texts: Vec<(&str, &str)> =
        vec![("game.name", &m.name), ("game.description", &m.description)];
    texts.extend(
        m.options
            .iter()
            .map(|o| ("options.label", o.label.as_str())),
    );
    texts.extend(
        m.options
            .iter()
            .map(|o| ("options.description", o.description.as_str())),
    );
    match texts.iter().find(|(_, t)| t.len() > MAX_TEXT) {
        Some((key, t)) => Err(FileError::Whole(format!(
            "`{key}` is {} bytes long: at most {MAX_TEXT} are allowed",
            t.len()
        ))),
        None => Ok(()),
    }
}
