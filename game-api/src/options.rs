use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The value of one option: a flag, a whole number or the value of a choice.
///
/// In JSON it is written as the plain value: `true`, `4`, `"no_capture"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// An on/off option.
    Bool(bool),
    /// A whole number in a range.
    Int(i64),
    /// The `value` of one of a choice's entries.
    Choice(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Choice(s) => f.write_str(s),
        }
    }
}

/// One entry of a [`OptionKind::Choice`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The value written in files and on the command line.
    pub value: String,
    /// What people see.
    pub label: String,
}

/// The type of an option, with its allowed values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// On or off.
    Bool,
    /// A whole number from `min` to `max`, both included.
    Integer {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// One of a list of named values.
    Choice {
        /// The allowed values, in the order people see them.
        choices: Vec<Choice>,
    },
}

/// One typed option of a game, with its default: the schema the host builds its
/// new-game dialog and its `--option KEY=VALUE` parser from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionSpec {
    /// The key used in files and on the command line (`houses`).
    pub key: String,
    /// What people see (`Houses per side`).
    pub label: String,
    /// A longer explanation, shown as a tooltip.
    #[serde(default)]
    pub description: String,
    /// The type and its allowed values.
    pub kind: OptionKind,
    /// The value used when none is given.
    pub default: OptionValue,
    /// The option matters only while another option has a given value (e.g. what
    /// becomes of unfilled houses, only when playing in rounds): the host's options
    /// form then shows it disabled while the other option has another value (its value
    /// kept and sent with the others, its hover text saying when it matters), and the
    /// host leaves it out of the game's summary beside the board. The option named
    /// must always matter itself (no condition of its own: the host refuses a chain,
    /// which could close on itself). `None`: it always matters. Absent from the JSON of
    /// a plugin built before it: `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_when: Option<OptionCondition>,
}

/// The condition under which an option matters: option `key` set to `value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionCondition {
    /// The other option's key.
    pub key: String,
    /// The value it must have.
    pub value: OptionValue,
}

impl OptionSpec {
    /// The values at the edges of what the option allows: both of an on/off option, the
    /// smallest and the largest of a whole number, every choice. What a check that
    /// tries each option alone at its limits plays (the conformance suite, the
    /// mancala data files' loader).
    ///
    /// ```
    /// use game_api::{OptionSpec, OptionValue};
    /// let houses = OptionSpec::integer("houses", "Houses per side", 3, 8, 6);
    /// assert_eq!(
    ///     houses.extreme_values(),
    ///     [OptionValue::Int(3), OptionValue::Int(8)]
    /// );
    /// ```
    pub fn extreme_values(&self) -> Vec<OptionValue> {
        match &self.kind {
            OptionKind::Bool => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
            OptionKind::Integer { min, max } => {
                vec![OptionValue::Int(*min), OptionValue::Int(*max)]
            }
            OptionKind::Choice { choices } => choices
                .iter()
                .map(|c| OptionValue::Choice(c.value.clone()))
                .collect(),
        }
    }

    /// An on/off option.
    pub fn boolean(key: &str, label: &str, default: bool) -> Self {
        OptionSpec {
            key: key.into(),
            label: label.into(),
            description: String::new(),
            kind: OptionKind::Bool,
            default: OptionValue::Bool(default),
            only_when: None,
        }
    }

    /// A whole-number option from `min` to `max`.
    pub fn integer(key: &str, label: &str, min: i64, max: i64, default: i64) -> Self {
        OptionSpec {
            key: key.into(),
            label: label.into(),
            description: String::new(),
            kind: OptionKind::Integer { min, max },
            default: OptionValue::Int(default),
            only_when: None,
        }
    }

    /// A choice among `(value, label)` pairs; the default is `default`'s value.
    pub fn choice(key: &str, label: &str, choices: &[(&str, &str)], default: &str) -> Self {
        OptionSpec {
            key: key.into(),
            label: label.into(),
            description: String::new(),
            kind: OptionKind::Choice {
                choices: choices
                    .iter()
                    .map(|(value, label)| Choice {
                        value: (*value).into(),
                        label: (*label).into(),
                    })
                    .collect(),
            },
            default: OptionValue::Choice(default.into()),
            only_when: None,
        }
    }

    /// The same option with a longer explanation.
    pub fn describe(mut self, description: &str) -> Self {
        self.description = description.into();
        self
    }

    /// The same option, mattering only while option `key` is `value` (see
    /// [`OptionSpec::only_when`]).
    ///
    /// ```
    /// use game_api::{OptionSpec, OptionValue, Options};
    /// let specs = vec![
    ///     OptionSpec::boolean("rounds", "Play in rounds", false),
    ///     OptionSpec::choice("left", "Unfilled houses", &[("closed", "Closed")], "closed")
    ///         .matters_when("rounds", OptionValue::Bool(true)),
    /// ];
    /// let options = Options::defaults(&specs);
    /// assert!(specs[0].matters(&options));
    /// assert!(!specs[1].matters(&options));
    /// ```
    pub fn matters_when(mut self, key: &str, value: OptionValue) -> Self {
        self.only_when = Some(OptionCondition {
            key: key.into(),
            value,
        });
        self
    }

    /// Whether this option matters with `options` chosen: it has no condition, or the
    /// option it depends on has the value it needs.
    pub fn matters(&self, options: &Options) -> bool {
        self.matters_with(&[], options.values())
    }

    /// [`matters`](Self::matters) over values being chosen (a form's): an option not
    /// among `values` has its default in `schema`.
    pub fn matters_with(
        &self,
        schema: &[OptionSpec],
        values: &BTreeMap<String, OptionValue>,
    ) -> bool {
        self.only_when.as_ref().is_none_or(|c| {
            let value = values
                .get(&c.key)
                .or_else(|| schema.iter().find(|s| s.key == c.key).map(|s| &s.default));
            value == Some(&c.value)
        })
    }

    /// Checks `value` against this option's type and range.
    pub fn check(&self, value: &OptionValue) -> Result<(), OptionError> {
        let ok = match (&self.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => true,
            (OptionKind::Integer { min, max }, OptionValue::Int(i)) => (*min..=*max).contains(i),
            (OptionKind::Choice { choices }, OptionValue::Choice(v)) => {
                choices.iter().any(|c| &c.value == v)
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(OptionError::BadValue {
                key: self.key.clone(),
                value: value.to_string(),
                expected: self.expected(),
            })
        }
    }

    /// Reads `text` as a value of this option (`true`, `4`, `no_capture`).
    pub fn parse_value(&self, text: &str) -> Result<OptionValue, OptionError> {
        let bad = || OptionError::BadValue {
            key: self.key.clone(),
            value: text.to_owned(),
            expected: self.expected(),
        };
        let value = match &self.kind {
            OptionKind::Bool => match text.trim().to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => OptionValue::Bool(true),
                "false" | "off" | "no" | "0" => OptionValue::Bool(false),
                _ => return Err(bad()),
            },
            OptionKind::Integer { .. } => OptionValue::Int(text.trim().parse().map_err(|_| bad())?),
            OptionKind::Choice { .. } => OptionValue::Choice(text.trim().to_owned()),
        };
        self.check(&value)?;
        Ok(value)
    }

    fn expected(&self) -> String {
        match &self.kind {
            OptionKind::Bool => "true or false".into(),
            OptionKind::Integer { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::Choice { choices } => {
                let names: Vec<&str> = choices.iter().map(|c| c.value.as_str()).collect();
                format!("one of {}", names.join(", "))
            }
        }
    }
}

/// A named set of option values offered in the new-game dialog ("Beginner", "Tournament").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// The preset's name.
    pub name: String,
    /// What it is for.
    #[serde(default)]
    pub description: String,
    /// The values it sets; the other options keep their defaults.
    pub values: BTreeMap<String, OptionValue>,
}

/// What is wrong with a set of options.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// A key the game does not have.
    #[error("unknown option `{key}` (this game has: {known})")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The keys the game has, comma-separated.
        known: String,
    },
    /// A value of the wrong type or out of range.
    #[error("option `{key}`: `{value}` is not allowed, expected {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A `KEY=VALUE` string without `=`.
    #[error("`{0}` is not of the form KEY=VALUE")]
    Syntax(String),
}

/// A complete, checked set of option values for one game: every option of the schema
/// has a value of the right type and range.
///
/// Built only through [`Options::parse`] or [`Options::resolve`] ("parse, don't
/// validate"), so a game receiving `&Options` can rely on every value being there.
///
/// ```
/// use game_api::{OptionSpec, Options};
/// let schema = vec![
///     OptionSpec::integer("seeds", "Seeds per house", 3, 6, 4),
///     OptionSpec::boolean("empty_capture", "Capture next to an empty house", false),
/// ];
/// let options = Options::parse(&schema, ["empty_capture=true"]).unwrap();
/// assert_eq!(options.int("seeds"), Some(4));
/// assert_eq!(options.flag("empty_capture"), Some(true));
/// assert_eq!(options.to_string(), "empty_capture=true seeds=4");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options(BTreeMap<String, OptionValue>);

impl Options {
    /// The defaults of every option in `schema`.
    pub fn defaults(schema: &[OptionSpec]) -> Self {
        Options(
            schema
                .iter()
                .map(|s| (s.key.clone(), s.default.clone()))
                .collect(),
        )
    }

    /// Checks `values` against `schema` and fills in the defaults of the missing keys.
    pub fn resolve(
        schema: &[OptionSpec],
        values: &BTreeMap<String, OptionValue>,
    ) -> Result<Self, OptionError> {
        let mut options = Self::defaults(schema);
        for (key, value) in values {
            let spec = find(schema, key)?;
            // A number given for a choice or flag in JSON is taken as its text form.
            let value = match (&spec.kind, value) {
                (OptionKind::Choice { .. }, OptionValue::Int(i)) => {
                    OptionValue::Choice(i.to_string())
                }
                _ => value.clone(),
            };
            spec.check(&value)?;
            options.0.insert(key.clone(), value);
        }
        Ok(options)
    }

    /// Reads `KEY=VALUE` strings against `schema`; missing keys get their defaults.
    pub fn parse<I, S>(schema: &[OptionSpec], pairs: I) -> Result<Self, OptionError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut options = Self::defaults(schema);
        for pair in pairs {
            let pair = pair.as_ref();
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| OptionError::Syntax(pair.to_owned()))?;
            let spec = find(schema, key.trim())?;
            options.0.insert(spec.key.clone(), spec.parse_value(value)?);
        }
        Ok(options)
    }

    /// The value of `key`, if the game has that option.
    pub fn get(&self, key: &str) -> Option<&OptionValue> {
        self.0.get(key)
    }

    /// The value of an integer option.
    pub fn int(&self, key: &str) -> Option<i64> {
        match self.0.get(key) {
            Some(OptionValue::Int(i)) => Some(*i),
            _ => None,
        }
    }

    /// The value of a boolean option.
    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.0.get(key) {
            Some(OptionValue::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    /// The value of a choice option.
    pub fn choice(&self, key: &str) -> Option<&str> {
        match self.0.get(key) {
            Some(OptionValue::Choice(s)) => Some(s),
            _ => None,
        }
    }

    /// The values as a map, e.g. to save them.
    pub fn values(&self) -> &BTreeMap<String, OptionValue> {
        &self.0
    }
}

impl std::fmt::Display for Options {
    /// `key=value` pairs separated by spaces, in key order.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for (k, v) in &self.0 {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

fn find<'a>(schema: &'a [OptionSpec], key: &str) -> Result<&'a OptionSpec, OptionError> {
    schema
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| OptionError::UnknownKey {
            key: key.to_owned(),
            known: if schema.is_empty() {
                "no options".into()
            } else {
                schema
                    .iter()
                    .map(|s| s.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<OptionSpec> {
        vec![
            OptionSpec::integer("houses", "Houses", 3, 6, 6),
            OptionSpec::boolean("fast", "Fast", false),
            OptionSpec::choice("slam", "Grand slam", &[("a", "A"), ("b", "B")], "a"),
        ]
    }

    #[test]
    fn errors_name_the_key_and_what_is_allowed() {
        let err = Options::parse(&schema(), ["houses=9"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "option `houses`: `9` is not allowed, expected a whole number from 3 to 6"
        );
        let err = Options::parse(&schema(), ["colour=red"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown option `colour` (this game has: houses, fast, slam)"
        );
        assert!(matches!(
            Options::parse(&schema(), ["slam"]),
            Err(OptionError::Syntax(_))
        ));
        assert!(Options::parse(&schema(), ["slam=c"]).is_err());
        assert!(Options::parse(&schema(), ["fast=maybe"]).is_err());
    }

    #[test]
    fn json_round_trip_and_resolve() {
        let o = Options::parse(&schema(), ["fast=on", "slam=b"]).unwrap();
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(json, r#"{"fast":true,"houses":6,"slam":"b"}"#);
        let back: BTreeMap<String, OptionValue> = serde_json::from_str(&json).unwrap();
        assert_eq!(Options::resolve(&schema(), &back).unwrap(), o);
        let mut wrong = back.clone();
        wrong.insert("houses".into(), OptionValue::Bool(true));
        assert!(Options::resolve(&schema(), &wrong).is_err());
    }
}
