//! Games in the player's language.
//!
//! A plugin speaks several languages in two places:
//!
//! - **The manifest** carries, besides its own texts (the default language, English for
//!   the first-party plugins), a map from language tag to [`ManifestTexts`]: the name,
//!   description, seat names, option labels and descriptions, choice labels, preset and
//!   bot descriptions in that language; any text left out keeps the default. The rules
//!   Markdown is already one [`RulesText`](crate::RulesText) per language. The host asks
//!   for [`Manifest::localized`] in the player's language. Old plugins have no
//!   translations and stay as they are.
//! - **The game** is told the language with [`Game::set_language`](crate::Game::set_language)
//!   right after it is made (the host tells the plugin the player's language through the
//!   plain symbol [`SET_LANGUAGE_SYMBOL`](crate::ffi::SET_LANGUAGE_SYMBOL), which leaves
//!   the `abi_stable` layout old plugins were built with untouched), and
//!   writes its status line, panel labels and event messages in it from then on. The
//!   default ignores it. Move notation, option keys and choice values, preset and bot
//!   names stay language-neutral: files and the command line use them.
//!
//! ```
//! use game_api::{Manifest, ManifestTexts, OptionSpec};
//! let m = Manifest::new("nim", "Nim", "1.0.0")
//!     .with_seats(&["First", "Second"])
//!     .with_options(vec![OptionSpec::choice("take", "Take", &[("two", "One or two")], "two")])
//!     .with_rules("en", "# Nim")
//!     .with_rules("it", "# Nim (in italiano)")
//!     .with_translation(
//!         "it",
//!         ManifestTexts::new()
//!             .name("Nim")
//!             .seats(&["Primo", "Secondo"])
//!             .option("take", "Prendi", "")
//!             .choice("take", "two", "Uno o due"),
//!     );
//! let it = m.localized("it-IT");
//! assert_eq!(it.seat_names, ["Primo", "Secondo"]);
//! assert_eq!(it.options[0].label, "Prendi");
//! assert_eq!(it.rules[0].markdown, "# Nim (in italiano)", "the player's language first");
//! assert_eq!(m.localized("xx"), m, "an unknown language: the default texts");
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Effect, GameError, Layout, Manifest, OptionKind, ScoreUnit, View};

/// A manifest's texts in one language; an empty text (or an absent entry) keeps the
/// default one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestTexts {
    /// The game's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The description for the game chooser.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The seat names, in seat order (all of them, or none to keep the default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_names: Vec<String>,
    /// Options' texts by option key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, OptionTexts>,
    /// Presets' descriptions by preset name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub presets: BTreeMap<String, String>,
    /// Bots' descriptions by bot name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bots: BTreeMap<String, String>,
    /// Other names of the game in this language, added to the manifest's aliases.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The unit of the final margin in this language ([`Manifest::score_unit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_unit: Option<ScoreUnit>,
}

/// One option's texts in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionTexts {
    /// The label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// The longer explanation.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Choice labels by choice value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub choices: BTreeMap<String, String>,
}

impl ManifestTexts {
    /// No texts yet: everything keeps the default.
    pub fn new() -> Self {
        Self::default()
    }

    /// With this name.
    pub fn name(mut self, name: &str) -> Self {
        self.name = name.into();
        self
    }

    /// With this description.
    pub fn description(mut self, description: &str) -> Self {
        self.description = description.into();
        self
    }

    /// With these seat names.
    pub fn seats(mut self, names: &[&str]) -> Self {
        self.seat_names = names.iter().map(|s| (*s).into()).collect();
        self
    }

    /// With this label and description (empty: keep the default) for option `key`.
    pub fn option(mut self, key: &str, label: &str, description: &str) -> Self {
        let o = self.options.entry(key.into()).or_default();
        o.label = label.into();
        o.description = description.into();
        self
    }

    /// With this label for the choice `value` of option `key`.
    pub fn choice(mut self, key: &str, value: &str, label: &str) -> Self {
        let o = self.options.entry(key.into()).or_default();
        o.choices.insert(value.into(), label.into());
        self
    }

    /// With this description for preset `name`.
    pub fn preset(mut self, name: &str, description: &str) -> Self {
        self.presets.insert(name.into(), description.into());
        self
    }

    /// With this description for bot `name`.
    pub fn bot(mut self, name: &str, description: &str) -> Self {
        self.bots.insert(name.into(), description.into());
        self
    }

    /// With these other names of the game.
    pub fn aliases(mut self, aliases: &[&str]) -> Self {
        self.aliases = aliases.iter().map(|a| (*a).into()).collect();
        self
    }

    /// With this unit of the final margin, singular and plural (`seme`, `semi`).
    pub fn score_unit(mut self, one: &str, other: &str) -> Self {
        self.score_unit = Some(ScoreUnit::new(one, other));
        self
    }
}

/// The primary language of a tag, lower case: `it-IT` and `it_IT.UTF-8` are `it`.
pub fn primary_language(tag: &str) -> String {
    tag.split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn set(target: &mut String, text: &str) {
    if !text.is_empty() {
        *target = text.to_string();
    }
}

/// A game's texts in one language as a table of phrases: the game writes its texts in
/// its default language and the phrasebook turns each into this language. A phrase may
/// hold `{}`s, each standing for a number or a word, and a word found in
/// [`Phrasebook::words`] (a seat's name, a colour) is translated too. Texts the table
/// does not know stay as they are.
///
/// ```
/// use game_api::i18n::Phrasebook;
/// let it = Phrasebook {
///     phrases: &[("{} to move", "Tocca a {}"), ("{} wins {}–{}", "Vince {} {}–{}")],
///     words: &[("South", "Sud")],
/// };
/// assert_eq!(it.text("South to move"), "Tocca a Sud");
/// assert_eq!(it.text("South wins 25–23"), "Vince Sud 25–23");
/// assert_eq!(it.text("South"), "Sud");
/// assert_eq!(it.text("Grand slam"), "Grand slam");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Phrasebook {
    /// Default-language phrase → this language's, `{}` for the parts that vary (they
    /// never contain a `:`, so that `Round {}: {} to move` and `{} to move` differ).
    pub phrases: &'static [(&'static str, &'static str)],
    /// Words that may stand alone or in a `{}`: seat names, colours.
    pub words: &'static [(&'static str, &'static str)],
}

impl Phrasebook {
    fn word(&self, w: &str) -> String {
        self.words
            .iter()
            .find(|(from, _)| *from == w)
            .map_or(w, |(_, to)| *to)
            .to_owned()
    }

    /// `text` in this language (unchanged if no phrase or word matches).
    pub fn text(&self, text: &str) -> String {
        if let Some((_, to)) = self.words.iter().find(|(from, _)| *from == text) {
            return (*to).to_owned();
        }
        for (from, to) in self.phrases {
            if let Some(args) = matches(from, text) {
                let mut out = String::new();
                let mut pieces = to.split("{}");
                out.push_str(pieces.next().unwrap_or(""));
                for (piece, arg) in pieces.zip(args.iter().chain(std::iter::repeat(&""))) {
                    out.push_str(&self.word(arg));
                    out.push_str(piece);
                }
                return out;
            }
        }
        text.to_owned()
    }

    /// The view with its status, panels' seat names and labels, and panel values that
    /// are words, in this language.
    pub fn view(&self, mut view: View) -> View {
        view.status = self.text(&view.status);
        for panel in &mut view.panels {
            panel.seat = self.text(&panel.seat);
            for entry in &mut panel.entries {
                entry.label = self.text(&entry.label);
                entry.value = self.word(&entry.value);
            }
        }
        view
    }

    /// The layout with its sites' labels and its pieces' names in this language.
    pub fn layout(&self, mut layout: Layout) -> Layout {
        for site in &mut layout.sites {
            site.label = self.text(&site.label);
        }
        for style in &mut layout.pieces {
            for name in &mut style.names {
                *name = self.text(name);
            }
        }
        layout
    }

    /// The messages among `effects` in this language.
    pub fn effects(&self, effects: &mut [Effect]) {
        for e in effects {
            if let Effect::Message { text } = e {
                *text = self.text(text);
            }
        }
    }
    /// The error with the reason of a refused move in this language (`house c is empty`
    /// → `la casa c è vuota`); other errors, written for the plugin's author, stay as
    /// they are.
    ///
    /// ```
    /// use game_api::{GameError, MoveId, i18n::Phrasebook};
    /// let it = Phrasebook {
    ///     phrases: &[("house {} is empty", "la casa {} è vuota")],
    ///     words: &[],
    /// };
    /// let e = it.error(GameError::illegal(MoveId(2), "house c is empty"));
    /// assert_eq!(e.to_string(), "illegal move #2: la casa c è vuota");
    /// assert!(matches!(it.error(GameError::GameOver), GameError::GameOver));
    /// ```
    pub fn error(&self, error: GameError) -> GameError {
        match error {
            GameError::IllegalMove { mv, reason } => GameError::IllegalMove {
                mv,
                reason: self.text(&reason),
            },
            other => other,
        }
    }
}

/// The parts of `text` that stand in `pattern`'s `{}`s, if it matches.
fn matches<'t>(pattern: &str, text: &'t str) -> Option<Vec<&'t str>> {
    let mut pieces = pattern.split("{}");
    let first = pieces.next().unwrap_or("");
    let mut rest = text.strip_prefix(first)?;
    let mut args = Vec::new();
    let pieces: Vec<&str> = pieces.collect();
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let at = if piece.is_empty() {
            if last {
                rest.len()
            } else {
                return None;
            }
        } else if last {
            rest.strip_suffix(piece).map(str::len)?
        } else {
            rest.find(piece)?
        };
        let arg = &rest[..at];
        if arg.is_empty() || arg.contains(':') {
            return None;
        }
        args.push(arg);
        rest = &rest[at + piece.len()..];
    }
    rest.is_empty().then_some(args)
}

impl Manifest {
    /// The same manifest with texts in language `lang` (see the [module](crate::i18n)
    /// docs). Texts given twice for a language: the later ones win.
    pub fn with_translation(mut self, lang: &str, texts: ManifestTexts) -> Self {
        self.translations.insert(primary_language(lang), texts);
        self
    }

    /// The languages this manifest speaks: its rules' languages and its translations'.
    pub fn languages(&self) -> Vec<String> {
        let mut langs: Vec<String> = self
            .rules
            .iter()
            .map(|r| primary_language(&r.lang))
            .collect();
        langs.extend(self.translations.keys().cloned());
        langs.sort();
        langs.dedup();
        langs
    }

    /// This manifest as a player of language `lang` (`it`, `it-IT`) should see it: the
    /// translated texts in place of the default ones, the rules in that language first.
    /// Unknown languages, and texts a translation leaves out, keep the default texts.
    /// Ids, keys, values and names used in files stay the same.
    pub fn localized(&self, lang: &str) -> Manifest {
        let lang = primary_language(lang);
        let mut m = self.clone();
        if let Some(i) = m
            .rules
            .iter()
            .position(|r| primary_language(&r.lang) == lang)
        {
            let rules = m.rules.remove(i);
            m.rules.insert(0, rules);
        }
        let Some(t) = self.translations.get(&lang) else {
            return m;
        };
        if let Some(unit) = &t.score_unit {
            m.score_unit = Some(unit.clone());
        }
        set(&mut m.name, &t.name);
        set(&mut m.description, &t.description);
        if t.seat_names.len() == m.seat_names.len() {
            m.seat_names = t.seat_names.clone();
        }
        for spec in &mut m.options {
            let Some(o) = t.options.get(&spec.key) else {
                continue;
            };
            set(&mut spec.label, &o.label);
            set(&mut spec.description, &o.description);
            if let OptionKind::Choice { choices } = &mut spec.kind {
                for c in choices {
                    if let Some(label) = o.choices.get(&c.value) {
                        set(&mut c.label, label);
                    }
                }
            }
        }
        for p in &mut m.presets {
            if let Some(d) = t.presets.get(&p.name) {
                set(&mut p.description, d);
            }
        }
        for b in &mut m.bots {
            if let Some(d) = t.bots.get(&b.name) {
                set(&mut b.description, d);
            }
        }
        for a in &t.aliases {
            if !m.aliases.contains(a) && a != &m.name {
                m.aliases.push(a.clone());
            }
        }
        if t.name != self.name && !t.name.is_empty() && !m.aliases.contains(&self.name) {
            m.aliases.push(self.name.clone());
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OptionSpec;

    fn nim() -> Manifest {
        Manifest::new("nim", "Nim", "1.0.0")
            .with_options(vec![
                OptionSpec::integer("heap", "Heap", 3, 30, 12).describe("Seeds in the heap"),
            ])
            .with_rules("en", "# Nim")
    }

    #[test]
    fn a_translation_survives_json_and_old_manifests_read_without_one() {
        let m = nim().with_translation("it", ManifestTexts::new().option("heap", "Mucchio", ""));
        let json = serde_json::to_string(&m).unwrap();
        let back: Manifest = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        let old = serde_json::to_string(&nim()).unwrap();
        assert!(
            !old.contains("translations"),
            "nothing written when there is nothing"
        );
        let back: Manifest = serde_json::from_str(&old).unwrap();
        assert!(back.translations.is_empty());
    }

    #[test]
    fn left_out_texts_keep_the_default_and_a_wrong_seat_count_is_ignored() {
        let m = nim().with_translation(
            "IT",
            ManifestTexts::new()
                .seats(&["Solo"])
                .option("heap", "Mucchio", ""),
        );
        let it = m.localized("it_IT.UTF-8");
        assert_eq!(it.options[0].label, "Mucchio");
        assert_eq!(it.options[0].description, "Seeds in the heap");
        assert_eq!(it.seat_names, ["First", "Second"]);
        assert_eq!(it.name, "Nim");
        assert_eq!(m.languages(), ["en", "it"]);
    }
}
