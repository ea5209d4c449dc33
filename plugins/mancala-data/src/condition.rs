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
/// option of the file or a value that option cannot take.
pub(crate) fn read(
    src: &str,
    tables: &[Spanned<OptionTable>],
    specs: &mut [OptionSpec],
) -> Result<(), FileError> {
    for (i, table) in tables.iter().enumerate() {
        if let Some(when) = &table.get_ref().only_when {
            let condition = condition(src, &table.get_ref().key, when, specs)?;
            specs[i].only_when = Some(condition);
        }
    }
    Ok(())
}

/// The condition `when` of option `own`, checked against `specs`.
fn condition(
    src: &str,
    own: &str,
    when: &Spanned<ConditionTable>,
    specs: &[OptionSpec],
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
        return Err(refuse(format!(
            "it names `{key}`, which is not an option of this file (its other options: {})",
            crate::error::listed(&others)
        )));
    };
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

/// A value as the file writes it: `true`, `4`, a choice's value in quotes.
fn written(value: &OptionValue) -> String {
    match value {
        OptionValue::Choice(c) => format!("`\"{c}\"`"),
        other => format!("`{other}`"),
    }
}
