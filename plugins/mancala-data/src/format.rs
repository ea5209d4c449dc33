//! The file's tables as `serde` reads them: every key known (an unknown one is refused
//! with the keys allowed), each value of its type.

use std::collections::BTreeMap;

use game_api::OptionValue;
use serde::{Deserialize, Deserializer, de::Error};
use toml::Spanned;

use crate::rules::RulesPatch;

/// The format this loader reads: the first key of every file.
pub const FORMAT: &str = "tavola-mancala/1";

/// The first key alone, read before the rest (a file of a later format is refused for
/// its format, not for a key it added).
#[derive(Debug, Deserialize)]
pub struct Header {
    /// `tavola-mancala/1`.
    pub format: Option<Spanned<String>>,
}

/// A whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// [`FORMAT`], checked by [`Header`] first.
    #[allow(dead_code)]
    pub format: serde::de::IgnoredAny,
    /// Who the game is.
    pub game: GameTable,
    /// The rules with the default options.
    pub rules: RulesPatch,
    /// The options of a new game.
    #[serde(default)]
    pub options: Vec<Spanned<OptionTable>>,
    /// Named sets of option values.
    #[serde(default)]
    pub presets: Vec<Spanned<PresetTable>>,
    /// The rules for people, in Markdown, by language (`en` first and required).
    pub rules_text: BTreeMap<String, String>,
    /// The game's texts in other languages, by language tag.
    #[serde(default)]
    pub texts: BTreeMap<String, TextsTable>,
    /// Positions with what must hold there: checked every time the file is read.
    #[serde(default)]
    pub tests: Vec<Spanned<TestTable>>,
}

/// `[game]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameTable {
    /// Lower-case letters, digits and dashes.
    pub id: Spanned<String>,
    /// The name people see.
    pub name: String,
    /// `1.0.0`: of two games with the same id, the higher version is used.
    pub version: Spanned<String>,
    /// Who wrote the file.
    #[serde(default)]
    pub authors: Vec<String>,
    /// One or two sentences for the chooser.
    #[serde(default)]
    pub description: String,
    /// Other names the game goes by.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Tags (`mancala` is always added).
    #[serde(default)]
    pub tags: Vec<String>,
    /// The two seats' names (default `South`, `North`).
    pub seats: Option<Spanned<Vec<String>>>,
    /// The score's unit, singular and plural (default `seed`, `seeds`).
    pub score_unit: Option<Spanned<Vec<String>>>,
}

/// The kind of an option.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum OptionKindWord {
    /// A whole number that sets `houses` or `seeds`.
    Integer,
    /// On or off, each with its rules.
    Boolean,
    /// One of named values, each with its rules.
    Choice,
}

/// One `[[options]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionTable {
    /// The option's key (`seeds`).
    pub key: String,
    /// `integer`, `boolean` or `choice`.
    pub kind: OptionKindWord,
    /// What people see.
    pub label: String,
    /// A longer explanation.
    #[serde(default)]
    pub description: String,
    /// The default value.
    #[serde(deserialize_with = "option_value")]
    pub default: OptionValue,
    /// `integer`: the smallest value.
    pub min: Option<i64>,
    /// `integer`: the largest value.
    pub max: Option<i64>,
    /// `integer`: the rule key it sets, `houses` or `seeds`.
    pub sets: Option<String>,
    /// `boolean`: the rules when on.
    pub when_true: Option<RulesPatch>,
    /// `boolean`: the rules when off.
    pub when_false: Option<RulesPatch>,
    /// `choice`: the values.
    #[serde(default)]
    pub choices: Vec<ChoiceTable>,
    /// The option matters only while another option has a value (read against the
    /// file's options by `crate::condition`).
    pub only_when: Option<Spanned<ConditionTable>>,
}

/// `only_when = { key = "rounds", value = true }`: the other option and its value.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionTable {
    /// The other option's key.
    pub key: String,
    /// The value it must have.
    #[serde(deserialize_with = "option_value")]
    pub value: OptionValue,
}

/// One `[[options.choices]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceTable {
    /// The value written in files and on the command line.
    pub value: String,
    /// What people see.
    pub label: String,
    /// The rules with this value.
    #[serde(default)]
    pub rules: RulesPatch,
}

/// One `[[presets]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetTable {
    /// Its name.
    pub name: String,
    /// What it is for.
    #[serde(default)]
    pub description: String,
    /// The options it sets.
    #[serde(default, deserialize_with = "option_values")]
    pub values: BTreeMap<String, OptionValue>,
}

/// `[texts.LANG]`: the game's texts in another language.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextsTable {
    /// The name.
    pub name: Option<String>,
    /// The description.
    pub description: Option<String>,
    /// The seats' names.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Other names.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The score's unit, singular and plural.
    #[serde(default)]
    pub score_unit: Vec<String>,
    /// By option key.
    #[serde(default)]
    pub options: BTreeMap<String, OptionTextsTable>,
    /// Preset descriptions, by preset name.
    #[serde(default)]
    pub presets: BTreeMap<String, String>,
}

/// An option's texts in another language.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionTextsTable {
    /// The label.
    #[serde(default)]
    pub label: String,
    /// The description.
    #[serde(default)]
    pub description: String,
    /// Choice labels, by value.
    #[serde(default)]
    pub choices: BTreeMap<String, String>,
}

/// Who has won, for a test (`outcome`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum OutcomeWord {
    /// The game goes on.
    Ongoing,
    /// South (the first seat) has won.
    South,
    /// North (the second seat) has won.
    North,
    /// A draw.
    Draw,
}

impl OutcomeWord {
    /// The word a file writes (`outcome = "south"`).
    pub fn word(self) -> &'static str {
        match self {
            OutcomeWord::Ongoing => "ongoing",
            OutcomeWord::South => "south",
            OutcomeWord::North => "north",
            OutcomeWord::Draw => "draw",
        }
    }
}

/// One `[[tests]]`: from a position (the start by default), moves played, then what
/// must hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestTable {
    /// What it checks, for the refusal.
    pub name: String,
    /// The options (defaults for the others).
    #[serde(default, deserialize_with = "option_values")]
    pub options: BTreeMap<String, OptionValue>,
    /// The position, in the kit's notation.
    pub position: Option<String>,
    /// Moves played in order, in the game's notation (`c`, or `c>`/`c<` with a
    /// direction to choose).
    #[serde(default)]
    pub play: Vec<String>,
    /// The legal moves then, in any order.
    pub moves: Option<Vec<String>>,
    /// The position then.
    pub after: Option<String>,
    /// Who has won then.
    pub outcome: Option<OutcomeWord>,
}

/// What an option's value may be, for the refusals.
const VALUES_ALLOWED: &str =
    "allowed are `true` or `false`, a whole number, or a choice's value in quotes";

/// An option's value from a TOML value: a boolean, an integer or a string.
fn value_of(value: toml::Value) -> Result<OptionValue, String> {
    match value {
        toml::Value::Boolean(b) => Ok(OptionValue::Bool(b)),
        toml::Value::Integer(i) => Ok(OptionValue::Int(i)),
        toml::Value::String(s) => Ok(OptionValue::Choice(s)),
        other => Err(format!("`{other}`: {VALUES_ALLOWED}")),
    }
}

/// An option's value, refused with what is allowed.
fn option_value<'de, D: Deserializer<'de>>(d: D) -> Result<OptionValue, D::Error> {
    value_of(toml::Value::deserialize(d)?).map_err(D::Error::custom)
}

/// Option values by key, each refused with its key and what is allowed.
fn option_values<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, OptionValue>, D::Error> {
    BTreeMap::<String, toml::Value>::deserialize(d)?
        .into_iter()
        .map(|(key, value)| {
            value_of(value)
                .map(|v| (key.clone(), v))
                .map_err(|e| D::Error::custom(format!("option `{key}`: {e}")))
        })
        .collect()
}
