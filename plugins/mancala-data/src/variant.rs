//! A data file read whole: its manifest, its rules, and how each option changes them.

use std::collections::{BTreeMap, BTreeSet};

use game_api::{Manifest, OptionKind, OptionSpec, OptionValue, Options, Preset};
use mancala_kit::Config;
use toml::Spanned;

use crate::{
    FileError,
    format::{Document, FORMAT, Header, OptionKindWord, OptionTable},
    rules::RulesPatch,
};

/// The largest file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 << 10;
/// The most options, presets, choices of an option, languages and tests a file has.
pub const MAX_ITEMS: usize = 64;
/// The longest name, label or description, in bytes.
pub const MAX_TEXT: usize = 4096;

/// How one option changes the rules.
#[derive(Debug, Clone)]
enum Effect {
    /// The value is `houses`.
    Houses,
    /// The value is `seeds`.
    Seeds,
    /// The rules when on, and when off.
    Flag(Box<(RulesPatch, RulesPatch)>),
    /// The rules of each value.
    Choice(BTreeMap<String, RulesPatch>),
}

/// A data file, checked: what the loader makes games from.
#[derive(Debug, Clone)]
pub struct VariantFile {
    /// The file's text (for the lines of refusals).
    src: String,
    /// The game's manifest.
    pub manifest: Manifest,
    base: RulesPatch,
    effects: Vec<(String, Effect, usize)>,
    /// The tests, to run once the file is read.
    pub(crate) tests: Vec<Spanned<crate::format::TestTable>>,
}

impl VariantFile {
    /// Reads and checks a file's bytes: its format, every key and value, the rules of
    /// every option and preset (but not its tests: [`crate::read`] runs them).
    pub fn parse(data: &[u8]) -> Result<Self, FileError> {
        if data.len() > MAX_FILE_BYTES {
            return Err(FileError::Whole(format!(
                "the file is {} bytes long: at most {MAX_FILE_BYTES} are allowed",
                data.len()
            )));
        }
        let src = std::str::from_utf8(data).map_err(|e| {
            let at = e.valid_up_to();
            FileError::At {
                line: crate::error::line_of(std::str::from_utf8(&data[..at]).unwrap_or(""), at),
                key: "-".into(),
                message: "the file is not UTF-8 text".into(),
            }
        })?;
        let header: Header = toml::from_str(src).map_err(|e| FileError::from_toml(src, &e))?;
        match header.format {
            None => {
                return Err(FileError::Whole(format!(
                    "`format` is missing: the file begins with `format = \"{FORMAT}\"`"
                )));
            }
            Some(f) if f.get_ref() != FORMAT => {
                return Err(FileError::at(
                    src,
                    f.span().start,
                    "format",
                    format!("`{}`: this loader reads `{FORMAT}`", f.get_ref()),
                ));
            }
            Some(_) => {}
        }
        let doc: Document = toml::from_str(src).map_err(|e| FileError::from_toml(src, &e))?;
        Self::from_document(src, doc)
    }

    fn from_document(src: &str, doc: Document) -> Result<Self, FileError> {
        let at =
            |s: &std::ops::Range<usize>, key: &str, m: String| FileError::at(src, s.start, key, m);
        check_identity(src, &doc.game)?;
        let (id, version) = (doc.game.id.get_ref(), doc.game.version.get_ref());
        check_counts(&doc)?;
        let Some(rules_en) = doc.rules_text.get("en") else {
            return Err(FileError::Whole(
                "`rules_text.en` is missing: the rules for people, in English (Markdown)".into(),
            ));
        };
        let mut manifest = Manifest::new(id, &doc.game.name, version)
            .with_description(&doc.game.description)
            .with_rules("en", rules_en)
            .with_score_unit("seed", "seeds")
            .with_seats(&["South", "North"])
            .with_chance(false);
        for (lang, text) in doc.rules_text.iter().filter(|(l, _)| *l != "en") {
            manifest = manifest.with_rules(lang, text);
        }
        manifest.authors = doc.game.authors.clone();
        manifest.aliases = doc.game.aliases.clone();
        manifest.tags = std::iter::once("mancala".to_owned())
            .chain(doc.game.tags.iter().filter(|t| *t != "mancala").cloned())
            .collect();
        if let Some(seats) = &doc.game.seats {
            let [south, north] = pair(src, seats, "seats")?;
            manifest = manifest.with_seats(&[&south, &north]);
        }
        if let Some(unit) = &doc.game.score_unit {
            let [one, other] = pair(src, unit, "score_unit")?;
            manifest = manifest.with_score_unit(&one, &other);
        }
        let mut effects = Vec::new();
        for option in &doc.options {
            let (spec, effect) = option_spec(src, option)?;
            effects.push((spec.key.clone(), effect, option.span().start));
            manifest.options.push(spec);
        }
        crate::condition::read(src, &doc.options, &mut manifest.options)?;
        for preset in &doc.presets {
            let p = preset.get_ref();
            Options::resolve(&manifest.options, &p.values).map_err(|e| {
                at(
                    &preset.span(),
                    "presets",
                    format!("preset {:?}: {e}", p.name),
                )
            })?;
            manifest.presets.push(Preset {
                name: p.name.clone(),
                description: p.description.clone(),
                values: p.values.clone(),
            });
        }
        for (lang, texts) in &doc.texts {
            crate::texts::texts_known(lang, texts, &manifest)?;
            manifest
                .translations
                .insert(lang.clone(), crate::texts::translation(texts));
        }
        crate::texts::long_texts(&manifest)?;
        let mut file = VariantFile {
            src: src.to_owned(),
            manifest,
            base: doc.rules,
            effects,
            tests: doc.tests,
        };
        file.check_every_option()?;
        file.manifest.warnings = file.idle_keys();
        Ok(file)
    }

    /// The file's text.
    pub fn src(&self) -> &str {
        &self.src
    }

    /// The rules for these options (checked against the manifest's schema).
    pub fn config(&self, options: &Options) -> Result<Config, FileError> {
        self.rules(options).config(&self.src)
    }

    /// The rule keys in effect with these options: the file's `[rules]` with what the
    /// options set over them.
    fn rules(&self, options: &Options) -> RulesPatch {
        let mut rules = self.base.clone();
        for (key, effect, _) in &self.effects {
            let value = options.get(key);
            rules = match (effect, value) {
                (Effect::Houses, Some(OptionValue::Int(n))) => RulesPatch {
                    houses: Some(Spanned::new(0..0, *n)),
                    ..rules
                },
                (Effect::Seeds, Some(OptionValue::Int(n))) => RulesPatch {
                    seeds: Some(Spanned::new(0..0, *n)),
                    ..rules
                },
                (Effect::Flag(rules_of), Some(OptionValue::Bool(b))) => {
                    rules.merged(if *b { &rules_of.0 } else { &rules_of.1 })
                }
                (Effect::Choice(map), Some(OptionValue::Choice(c))) => match map.get(c) {
                    Some(patch) => rules.merged(patch),
                    None => rules,
                },
                _ => rules,
            };
        }
        rules
    }

    /// The warnings about keys written in the file that do nothing: a key is told when
    /// it does nothing in every rule set where it is in effect (the default options, each
    /// preset, each value of each option with the others at their defaults), so a key
    /// that an option's rules read is not told.
    fn idle_keys(&self) -> Vec<String> {
        let schema = &self.manifest.options;
        let mut sets = vec![Options::defaults(schema)];
        for preset in &self.manifest.presets {
            sets.extend(Options::resolve(schema, &preset.values).ok());
        }
        for spec in schema {
            for value in spec.extreme_values() {
                let map = BTreeMap::from([(spec.key.clone(), value.clone())]);
                sets.extend(Options::resolve(schema, &map).ok());
            }
        }
        let (mut idle, mut used) = (BTreeMap::new(), BTreeSet::new());
        for options in &sets {
            let rules = self.rules(options);
            let idle_here = rules.idle();
            for (name, at) in rules.written() {
                match idle_here.iter().find(|(n, a, _)| *n == name && *a == at) {
                    Some((_, _, why)) => {
                        idle.entry((at, name)).or_insert_with(|| why.clone());
                    }
                    None => {
                        used.insert((at, name));
                    }
                }
            }
        }
        idle.into_iter()
            .filter(|(key, _)| !used.contains(key))
            .map(|((at, name), why)| FileError::at(&self.src, at, name, why).to_string())
            .collect()
    }

    /// Whether `config` is the rules of some options of this file: every combination
    /// of option values is tried when there are at most `most` of them; with more, the
    /// answer is `true` (the position's own checks still apply).
    pub fn gives(&self, config: &Config, most: usize) -> bool {
        let values: Vec<Vec<OptionValue>> = self
            .manifest
            .options
            .iter()
            .map(|spec| match &spec.kind {
                OptionKind::Bool => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
                OptionKind::Integer { min, max } => (*min..=*max).map(OptionValue::Int).collect(),
                OptionKind::Choice { choices } => choices
                    .iter()
                    .map(|c| OptionValue::Choice(c.value.clone()))
                    .collect(),
            })
            .collect();
        let count = values
            .iter()
            .try_fold(1usize, |n, v| n.checked_mul(v.len().max(1)));
        if count.is_none_or(|n| n > most) {
            return true;
        }
        let mut picks = vec![0usize; values.len()];
        loop {
            let map = self
                .manifest
                .options
                .iter()
                .zip(&values)
                .zip(&picks)
                .map(|((spec, v), &i)| (spec.key.clone(), v[i].clone()))
                .collect();
            if let Ok(options) = Options::resolve(&self.manifest.options, &map)
                && self.config(&options).as_ref() == Ok(config)
            {
                return true;
            }
            // The next combination, like an odometer.
            let mut i = 0;
            loop {
                if i == picks.len() {
                    return false;
                }
                picks[i] += 1;
                if picks[i] < values[i].len() {
                    break;
                }
                picks[i] = 0;
                i += 1;
            }
        }
    }

    /// Checks the `[rules]` table alone, the rules of the default options, of each preset, and of each value of
    /// each option with the others at their defaults; a refusal names the option.
    fn check_every_option(&self) -> Result<(), FileError> {
        // The `[rules]` table alone, every value checked even where an option sets it.
        self.base.config(&self.src)?;
        let schema = &self.manifest.options;
        let defaults = Options::defaults(schema);
        self.check_config(&defaults, None)?;
        for preset in &self.manifest.presets {
            let options = Options::resolve(schema, &preset.values)
                .map_err(|e| FileError::Whole(format!("preset {:?}: {e}", preset.name)))?;
            self.check_config(&options, None)?;
        }
        for (spec, (_, _, offset)) in schema.iter().zip(&self.effects) {
            for value in spec.extreme_values() {
                let mut map = BTreeMap::new();
                map.insert(spec.key.clone(), value.clone());
                let options =
                    Options::resolve(schema, &map).map_err(|e| FileError::Whole(e.to_string()))?;
                self.check_config(&options, Some((&spec.key, &value, *offset)))?;
            }
        }
        Ok(())
    }

    fn check_config(
        &self,
        options: &Options,
        option: Option<(&str, &OptionValue, usize)>,
    ) -> Result<(), FileError> {
        let found = self.config(options).and_then(|config| {
            crate::DataGame::with_config(config)
                .map(|_| ())
                .map_err(|e| FileError::Whole(e.to_string()))
        });
        match (found, option) {
            (Ok(()), _) => Ok(()),
            (Err(e), None) => Err(e),
            (Err(e), Some((key, value, offset))) => Err(FileError::at(
                &self.src,
                offset,
                key,
                format!("with `{key} = {value}`: {e}"),
            )),
        }
    }
}

/// Refuses a file with too many options, presets, tests or languages.
fn check_counts(doc: &Document) -> Result<(), FileError> {
    let counted = [
        ("options", doc.options.len()),
        ("presets", doc.presets.len()),
        ("tests", doc.tests.len()),
        ("texts", doc.texts.len()),
        ("rules_text", doc.rules_text.len()),
    ];
    for (what, n) in counted {
        if n > MAX_ITEMS {
            return Err(FileError::Whole(format!(
                "{n} entries in `{what}`: at most {MAX_ITEMS} are allowed"
            )));
        }
    }
    Ok(())
}

/// Refuses an id or a version the host would not take, at its line.
fn check_identity(src: &str, game: &crate::format::GameTable) -> Result<(), FileError> {
    let at = |s: &std::ops::Range<usize>, key: &str, m: String| FileError::at(src, s.start, key, m);
    let id = game.id.get_ref();
    let id_ok = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(at(
            &game.id.span(),
            "id",
            format!("{id:?}: allowed are 1 to 64 lower-case letters, digits and dashes"),
        ));
    }
    let version = game.version.get_ref();
    let parts: Vec<&str> = version.split('.').collect();
    if parts.len() != 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) || p.len() > 9)
    {
        return Err(at(
            &game.version.span(),
            "version",
            format!("{version:?}: allowed is a version of three numbers, such as \"1.0.0\""),
        ));
    }
    Ok(())
}

/// Two texts (seat names, a unit's singular and plural), or the refusal.
fn pair(src: &str, list: &Spanned<Vec<String>>, key: &str) -> Result<[String; 2], FileError> {
    match list.get_ref().as_slice() {
        [a, b] => Ok([a.clone(), b.clone()]),
        other => Err(FileError::at(
            src,
            list.span().start,
            key,
            format!("{} texts: allowed are exactly two", other.len()),
        )),
    }
}

/// The option's spec for the manifest and its effect on the rules.
fn option_spec(
    src: &str,
    option: &Spanned<OptionTable>,
) -> Result<(OptionSpec, Effect), FileError> {
    let o = option.get_ref();
    let here = |m: String| FileError::at(src, option.span().start, &o.key, m);
    let key_ok = !o.key.is_empty()
        && o.key.len() <= 40
        && o.key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !key_ok {
        return Err(here(
            "the key: allowed are lower-case letters, digits and `_`".into(),
        ));
    }
    let (kind, effect) = match o.kind {
        OptionKindWord::Integer => {
            let (Some(min), Some(max)) = (o.min, o.max) else {
                return Err(here("an integer option needs `min` and `max`".into()));
            };
            let (effect, most) = match o.sets.as_deref() {
                Some("houses") => (Effect::Houses, crate::rules::MAX_HOUSES),
                Some("seeds") => (Effect::Seeds, crate::rules::MAX_SEEDS),
                other => {
                    return Err(here(format!(
                        "`sets = {other:?}`: allowed are \"houses\" and \"seeds\""
                    )));
                }
            };
            if !(1 <= min && min <= max && max <= most) {
                return Err(here(format!(
                    "`min` {min} and `max` {max}: allowed are 1 ≤ min ≤ max ≤ {most}"
                )));
            }
            (OptionKind::Integer { min, max }, effect)
        }
        OptionKindWord::Boolean => (
            OptionKind::Bool,
            Effect::Flag(Box::new((
                o.when_true.clone().unwrap_or_default(),
                o.when_false.clone().unwrap_or_default(),
            ))),
        ),
        OptionKindWord::Choice => {
            if o.choices.is_empty() || o.choices.len() > MAX_ITEMS {
                return Err(here(format!(
                    "{} choices: allowed are 1 to {MAX_ITEMS}",
                    o.choices.len()
                )));
            }
            let choices = o
                .choices
                .iter()
                .map(|c| game_api::Choice {
                    value: c.value.clone(),
                    label: c.label.clone(),
                })
                .collect();
            let map = o
                .choices
                .iter()
                .map(|c| (c.value.clone(), c.rules.clone()))
                .collect();
            (OptionKind::Choice { choices }, Effect::Choice(map))
        }
    };
    let misplaced = [
        ("min", o.min.is_some() && o.kind != OptionKindWord::Integer),
        ("max", o.max.is_some() && o.kind != OptionKindWord::Integer),
        (
            "sets",
            o.sets.is_some() && o.kind != OptionKindWord::Integer,
        ),
        (
            "when_true",
            o.when_true.is_some() && o.kind != OptionKindWord::Boolean,
        ),
        (
            "when_false",
            o.when_false.is_some() && o.kind != OptionKindWord::Boolean,
        ),
        (
            "choices",
            !o.choices.is_empty() && o.kind != OptionKindWord::Choice,
        ),
    ];
    if let Some((key, _)) = misplaced.iter().find(|(_, bad)| *bad) {
        return Err(here(format!(
            "`{key}` is not used by an option of this kind"
        )));
    }
    let spec = OptionSpec {
        key: o.key.clone(),
        label: o.label.clone(),
        description: o.description.clone(),
        kind,
        default: o.default.clone(),
        // Read once every option is known (`crate::condition`).
        only_when: None,
    };
    spec.check(&spec.default)
        .map_err(|e| here(format!("the default: {e}")))?;
    Ok((spec, effect))
}
