use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{ManifestTexts, OptionSpec, Preset, SoundSpec};

/// Everything the host shows about a game before one is started.
///
/// ```
/// let m = game_api::Manifest::new("nim", "Nim", "1.0.0");
/// assert_eq!(m.seats.min, 2);
/// assert!(m.options.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// A stable identifier, lower-case with dashes (`kalah`); used on the command line and
    /// in saved games.
    pub id: String,
    /// The name people see (`Kalah`).
    pub name: String,
    /// The plugin's version (semantic versioning, `1.2.0`). Of two plugins with the same
    /// id, the host uses the higher version.
    pub version: String,
    /// Who wrote the plugin.
    #[serde(default)]
    pub authors: Vec<String>,
    /// One or two sentences for the game chooser.
    #[serde(default)]
    pub description: String,
    /// The rules, in Markdown, in one or more languages; the first is the default.
    #[serde(default)]
    pub rules: Vec<RulesText>,
    /// How many seats a game has.
    pub seats: SeatRange,
    /// Seat names in seat order (`South`, `North`; `Herd`, `Farmer`). With a variable
    /// number of seats, the names of the largest table.
    pub seat_names: Vec<String>,
    /// Tags for searching and grouping (`mancala`, `chance`, `asymmetric`).
    #[serde(default)]
    pub tags: Vec<String>,
    /// The typed options of a new game.
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// Named sets of option values.
    #[serde(default)]
    pub presets: Vec<Preset>,
    /// The plugin's own named bots (strategies its author describes).
    #[serde(default)]
    pub bots: Vec<BotSpec>,
    /// What the host's generic search engines should know about this game.
    #[serde(default)]
    pub search: SearchHints,
    /// Whether the game has chance events ([`Turn::Chance`](crate::Turn::Chance)) under
    /// some options: `Some(false)` promises that it never has, `Some(true)` says it may,
    /// `None` (a plugin that does not say, e.g. one built before this field) is taken
    /// as "may". The host picks its engines from this: alpha-beta, for instance,
    /// searches two-seat games without chance only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<bool>,
    /// Other names the game goes by (in other languages or regions: `Awale`, `Awari`),
    /// which the host's game search also matches.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What the final margin counts, as people say it (`seed`/`seeds`): the host's
    /// evaluations then read "with best play you win by 3 seeds" and "about 1.5 seeds
    /// in your favour". `None`: the host says "points". Translated like the other texts
    /// ([`ManifestTexts::score_unit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_unit: Option<ScoreUnit>,
    /// The manifest's texts in other languages, by language tag (`it`): see
    /// [`Manifest::localized`] and the [`i18n`](crate::i18n) module. Rules are in
    /// [`Manifest::rules`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, ManifestTexts>,
    /// Set by a *loader* ([`data`](crate::data)): the end of the names of the data files
    /// it reads (`.mancala.toml`). The host hands it the bytes of every such file in a
    /// plugins folder and lists each file's game; the loader's own game is not offered
    /// in the game chooser. `None` for a game plugin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_files: Option<String>,
    /// The game's own sounds for some events (see [`SoundSpec`]); the host's for the
    /// others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sounds: Vec<SoundSpec>,
    /// What the author of a data file should know that does not stop its game (a key
    /// that does nothing under the file's rules), each in the file's words with its line;
    /// the host shows them in `tavola check` and the Plugins panel. Empty for a game
    /// plugin.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// The unit of a game's final margin, in the singular and the plural, as the host puts
/// it after a number ("1 seed", "3 seeds", "1.5 seeds").
///
/// ```
/// let unit = game_api::ScoreUnit::new("seed", "seeds");
/// assert_eq!(unit.for_count(1.0), "seed");
/// assert_eq!(unit.for_count(-1.0), "seed");
/// assert_eq!(unit.for_count(3.0), "seeds");
/// assert_eq!(unit.for_count(1.5), "seeds");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreUnit {
    /// After the number 1 ("seed").
    pub one: String,
    /// After every other number ("seeds").
    pub other: String,
}

impl ScoreUnit {
    /// The unit called `one` in the singular and `other` in the plural.
    pub fn new(one: &str, other: &str) -> Self {
        ScoreUnit {
            one: one.into(),
            other: other.into(),
        }
    }

    /// The word to put after `count`: [`ScoreUnit::one`] for 1 (or −1), else
    /// [`ScoreUnit::other`].
    pub fn for_count(&self, count: f64) -> &str {
        if count.abs() == 1.0 {
            &self.one
        } else {
            &self.other
        }
    }
}

/// Advice from a game to the host's search engines: the author knows which shortcuts
/// suit the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchHints {
    /// Cut random playouts after this many actions and score the position with
    /// [`Game::evaluate`](crate::Game::evaluate), which should then be on the scale of
    /// the return (−1 loss … +1 win; values outside are clamped). For games whose
    /// random playouts are long and say little, e.g. a race where a random player
    /// wanders.
    #[serde(default)]
    pub playout_cutoff: Option<u32>,
    /// The exploration constant of UCT for this game (the host's default is 2, for
    /// returns of −1 … +1 that differ a lot between moves). Smaller when the
    /// heuristic's values of different moves lie close together, so that the search
    /// spends its simulations on the better ones.
    #[serde(default)]
    pub exploration: Option<f64>,
}

impl Manifest {
    /// The same manifest with this description.
    pub fn with_description(mut self, description: &str) -> Self {
        self.description = description.into();
        self
    }

    /// The same manifest with these authors.
    pub fn with_authors(mut self, authors: &[&str]) -> Self {
        self.authors = authors.iter().map(|a| (*a).into()).collect();
        self
    }

    /// The same manifest with rules in Markdown, in language `lang` (`en`).
    pub fn with_rules(mut self, lang: &str, markdown: &str) -> Self {
        self.rules.push(RulesText {
            lang: lang.into(),
            markdown: markdown.into(),
        });
        self
    }

    /// The same manifest for exactly these seats, in seat order.
    pub fn with_seats(mut self, names: &[&str]) -> Self {
        let n = names.len() as u8;
        self.seats = SeatRange { min: n, max: n };
        self.seat_names = names.iter().map(|s| (*s).into()).collect();
        self
    }

    /// The same manifest with these other names of the game (see [`Manifest::aliases`]).
    ///
    /// ```
    /// let m = game_api::Manifest::new("oware", "Oware", "1.0.0").with_aliases(&["Awale"]);
    /// assert_eq!(m.aliases, ["Awale"]);
    /// ```
    pub fn with_aliases(mut self, aliases: &[&str]) -> Self {
        self.aliases = aliases.iter().map(|a| (*a).into()).collect();
        self
    }

    /// The same manifest with this unit of the final margin (see
    /// [`Manifest::score_unit`]).
    ///
    /// ```
    /// let m = game_api::Manifest::new("kalah", "Kalah", "1.0.0").with_score_unit("seed", "seeds");
    /// assert_eq!(m.score_unit.unwrap().other, "seeds");
    /// ```
    pub fn with_score_unit(mut self, one: &str, other: &str) -> Self {
        self.score_unit = Some(ScoreUnit::new(one, other));
        self
    }

    /// The same manifest with these tags.
    pub fn with_tags(mut self, tags: &[&str]) -> Self {
        self.tags = tags.iter().map(|t| (*t).into()).collect();
        self
    }

    /// The same manifest with these options.
    pub fn with_options(mut self, options: Vec<OptionSpec>) -> Self {
        self.options = options;
        self
    }

    /// The same manifest with these presets.
    pub fn with_presets(mut self, presets: Vec<Preset>) -> Self {
        self.presets = presets;
        self
    }

    /// Asks search to cut random playouts after `actions` actions and score the rest
    /// with [`Game::evaluate`](crate::Game::evaluate) (see [`SearchHints`]).
    ///
    /// ```
    /// let m = game_api::Manifest::new("race", "Race", "1.0.0").with_playout_cutoff(8);
    /// assert_eq!(m.search.playout_cutoff, Some(8));
    /// ```
    pub fn with_playout_cutoff(mut self, actions: u32) -> Self {
        self.search.playout_cutoff = Some(actions);
        self
    }

    /// The same manifest asking search for the UCT exploration constant `c` (see
    /// [`SearchHints`]):
    ///
    /// ```
    /// let m = game_api::Manifest::new("race", "Race", "1.0.0").with_exploration(0.5);
    /// assert_eq!(m.search.exploration, Some(0.5));
    /// ```
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.search.exploration = Some(c);
        self
    }

    /// The same manifest saying whether the game has chance events (see
    /// [`Manifest::chance`]):
    ///
    /// ```
    /// let m = game_api::Manifest::new("nim", "Nim", "1.0.0");
    /// assert!(m.may_have_chance(), "a game that does not say may have chance");
    /// assert!(!m.with_chance(false).may_have_chance());
    /// ```
    pub fn with_chance(mut self, chance: bool) -> Self {
        self.chance = Some(chance);
        self
    }

    /// Whether the game may have chance events: unless it promised not to
    /// ([`Manifest::with_chance`]`(false)`).
    pub fn may_have_chance(&self) -> bool {
        self.chance != Some(false)
    }

    /// A two-seat manifest with the given id, name and version and nothing else; the
    /// `with_…` methods add the rest:
    ///
    /// ```
    /// use game_api::{Manifest, OptionSpec};
    /// let m = Manifest::new("nim", "Nim", "1.0.0")
    ///     .with_seats(&["First", "Second"])
    ///     .with_tags(&["classic"])
    ///     .with_rules("en", "# Nim\nTake one or two.")
    ///     .with_options(vec![OptionSpec::integer("heap", "Heap", 3, 30, 12)]);
    /// assert_eq!(m.seat_names, ["First", "Second"]);
    /// assert_eq!(m.rules[0].lang, "en");
    /// ```
    pub fn new(id: &str, name: &str, version: &str) -> Self {
        Manifest {
            id: id.into(),
            name: name.into(),
            version: version.into(),
            authors: Vec::new(),
            description: String::new(),
            rules: Vec::new(),
            seats: SeatRange { min: 2, max: 2 },
            seat_names: vec!["First".into(), "Second".into()],
            tags: Vec::new(),
            options: Vec::new(),
            presets: Vec::new(),
            bots: Vec::new(),
            search: SearchHints::default(),
            chance: None,
            aliases: Vec::new(),
            score_unit: None,
            translations: BTreeMap::new(),
            data_files: None,
            sounds: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The same manifest with the game's own `sounds`.
    pub fn with_sounds(mut self, sounds: Vec<SoundSpec>) -> Self {
        self.sounds = sounds;
        self
    }
}

/// The rules of a game in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesText {
    /// A language tag (`en`, `it`).
    pub lang: String,
    /// The rules, as Markdown.
    pub markdown: String,
}

/// The smallest and largest number of seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRange {
    /// At least this many seats.
    pub min: u8,
    /// At most this many seats.
    pub max: u8,
}

/// A bot that the plugin itself provides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSpec {
    /// The name used with `--seat` (`herd-author`).
    pub name: String,
    /// What it does.
    #[serde(default)]
    pub description: String,
    /// The seats it can play, by index; empty means every seat.
    #[serde(default)]
    pub seats: Vec<u8>,
    /// The numbers of seats of the games it can play (`[2]`: two-player games only);
    /// empty means any. Hosts offer it only in games it can play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_counts: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_without_the_chance_field_may_have_chance() {
        let old = r#"{"id":"nim","name":"Nim","version":"1.0.0",
            "seats":{"min":2,"max":2},"seat_names":["A","B"]}"#;
        let m: Manifest = serde_json::from_str(old).unwrap();
        assert_eq!(m.chance, None);
        assert!(m.may_have_chance());
        let declared = Manifest::new("nim", "Nim", "1.0.0").with_chance(false);
        let text = serde_json::to_string(&declared).unwrap();
        let back: Manifest = serde_json::from_str(&text).unwrap();
        assert_eq!(back.chance, Some(false));
        assert!(!back.may_have_chance());
    }
}
