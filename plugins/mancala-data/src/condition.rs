//! `only_when`: an option that matters only while another option of the file has a
//! value ([`OptionSpec::only_when`]), read against the file's options — an option the
//! file has, other than itself, and a value that option can take — or refused with the
//! line, the option and what is wrong.

use game_api::{OptionCondition, OptionError, OptionSpec, OptionValue};
use toml::Spanned;

use crate::{
    FileError,
    format::{ConditionTable, OptionTable},
};

/// Sets the [`OptionSpec::only_when`] of each of `specs` (read from `tables`, in the
/// same order) from its `only_when` table, or refuses the first that names no other
/// option of the file, one that has a condition of its own, or a value that option
/// cannot take.
pub(crate) fn read(
    src: &str,
    tables: &[Spanned<OptionTable>],
    specs: &mut [OptionSpec],
) -> Result<(), FileError> {
    let conditional: Vec<String> = tables
        .iter()
        .filter(|t| t.get_ref().only_when.is_some())
        .map(|t| t.get_ref().key.clone())
        .collect();
    for (i, table) in tables.iter().enumerate() {
        if let Some(when) = &table.get_ref().only_when {
            let condition = condition(src, &table.get_ref().key, when, specs, &conditional)?;
            specs[i].only_when = Some(condition);
        }
    }
    Ok(())
}

/// The condition `when` of option `own`, checked against `specs` (`conditional`: the
/// keys of the options that have a condition, which no condition may name: a chain of
/// them could close on itself, leaving options that can never be set).
fn condition(
    src: &str,
    own: &str,
    when: &Spanned<ConditionTable>,
    specs: &[OptionSpec],
    conditional: &[String],
) -> Result<OptionCondition, FileError> {
    let ConditionTable { key, value } = when.get_ref();
    let refuse = |m: String| {
        FileError::at(
            src,
            when.span().start,
            "only_when",
            format!("option `{own}`: {m}"),
        )
    };
    if key == own {
        return Err(refuse(
            "it names the option itself: an option can depend only on another".into(),
        ));
    }
    let Some(other) = specs.iter().find(|s| &s.key == key) else {
        let others: Vec<&str> = specs
            .iter()
            .map(|s| s.key.as_str())
            .filter(|k| *k != own)
            .collect();
        let named = if plain(key) {
            format!("`{key}`, which is not an option of this file")
        } else {
            "no option of this file".to_owned()
        };
        return Err(refuse(format!(
            "it names {named} (its other options: {})",
            crate::error::listed(&others)
        )));
    };
    if conditional.iter().any(|k| k == key) {
        return Err(refuse(format!(
            "`{key}` has a condition of its own: an option can depend only on one that \
             always matters"
        )));
    }
    other.check(value).map_err(|e| {
        let expected = match e {
            OptionError::BadValue { expected, .. } => expected,
            other => other.to_string(),
        };
        refuse(format!(
            "`{key}` cannot be {}: expected {expected}",
            written(value)
        ))
    })?;
    Ok(OptionCondition {
        key: key.clone(),
        value: value.clone(),
    })
}

/// A value as the file writes it: `true`, `4`, a choice's value in quotes — a text
/// that is not a plain word only as "this text" (a refusal quotes no more of the file
/// than names).
fn written(value: &OptionValue) -> String {
    match value {
        OptionValue::Choice(c) if plain(c) => format!("`\"{c}\"`"),
        OptionValue::Choice(_) => "this text".to_owned(),
        other => format!("`{other}`"),
    }
}

/// Whether a text of the file may be quoted in a refusal: a short word of letters,
/// digits, `_`, `-` and `.` (an option's key or a choice's value).
fn plain(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 40
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}
