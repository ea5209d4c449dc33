//! Numbers written the way each language writes them, through Fluent's formatter hook.
//!
//! `fluent-bundle` (0.16) parses `NUMBER()` and its options (`minimumFractionDigits`,
//! `maximumFractionDigits`, `style: "percent"`, `useGrouping`), chooses plural forms by
//! the language's CLDR rules (`intl_pluralrules`), and lets a bundle install a formatter
//! for values; its own formatting of a number only pads fraction digits: no rounding to
//! `maximumFractionDigits`, no percent, no decimal comma, no digit grouping (that would
//! need ICU, which it does not use). This module is that formatter: it follows the
//! options `NUMBER()` collected and writes the separators of the language, from a small
//! table (English `1,234.5`, Italian `1.234,5`).

use fluent_bundle::{
    FluentValue,
    types::{FluentNumber, FluentNumberStyle},
};

/// How a language writes numbers: the decimal mark and the grouping mark.
#[derive(Debug, Clone, Copy)]
struct Marks {
    decimal: char,
    group: char,
    /// The smallest integer part that is grouped (Italian leaves `1234` alone, as CLDR's
    /// minimum grouping digits of 2 say, and writes `12.345`).
    group_from: f64,
}

const ENGLISH: Marks = Marks {
    decimal: '.',
    group: ',',
    group_from: 1_000.0,
};

const ITALIAN: Marks = Marks {
    decimal: ',',
    group: '.',
    group_from: 10_000.0,
};

/// The formatter of English bundles.
pub fn english<M>(value: &FluentValue, _: &M) -> Option<String> {
    number(value, ENGLISH)
}

/// The formatter of Italian bundles.
pub fn italian<M>(value: &FluentValue, _: &M) -> Option<String> {
    number(value, ITALIAN)
}

/// The formatter of the bundle of `lang`.
pub fn formatter_for<M>(lang: &str) -> fn(&FluentValue, &M) -> Option<String> {
    match lang {
        "it" => italian::<M>,
        _ => english::<M>,
    }
}

fn number(value: &FluentValue, marks: Marks) -> Option<String> {
    match value {
        FluentValue::Number(n) => Some(write(n, marks)),
        _ => None,
    }
}

/// `n` with its options in `marks`.
fn write(n: &FluentNumber, marks: Marks) -> String {
    let o = &n.options;
    let percent = matches!(o.style, FluentNumberStyle::Percent);
    let value = if percent { n.value * 100.0 } else { n.value };
    if !value.is_finite() {
        return value.to_string();
    }
    let min = o.minimum_fraction_digits.unwrap_or(0).min(20);
    // Intl's default for plain numbers is 3 fraction digits, 0 for percentages.
    let max = o
        .maximum_fraction_digits
        .unwrap_or(if percent { 0 } else { 3 })
        .clamp(min, 20);
    let fixed = format!("{:.*}", max, value.abs());
    let (int, frac) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut frac = frac.to_owned();
    while frac.len() > min && frac.ends_with('0') {
        frac.pop();
    }
    let int = match o.minimum_integer_digits {
        Some(d) if int.len() < d.min(20) => format!("{}{int}", "0".repeat(d.min(20) - int.len())),
        _ => int.to_owned(),
    };
    let grouped = if o.use_grouping && value.abs() >= marks.group_from {
        group(&int, marks.group)
    } else {
        int
    };
    let negative = value < 0.0
        && (grouped.bytes().any(|b| b != b'0' && b.is_ascii_digit())
            || frac.bytes().any(|b| b != b'0'));
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&grouped);
    if !frac.is_empty() {
        out.push(marks.decimal);
        out.push_str(&frac);
    }
    if percent {
        out.push('%');
    }
    out
}

/// `digits` with `mark` between groups of three from the right.
fn group(digits: &str, mark: char) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(mark);
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use fluent_bundle::{FluentArgs, types::FluentNumberOptions};

    use super::*;

    fn num(value: f64, max: Option<usize>, min: Option<usize>, percent: bool) -> FluentNumber {
        let mut options = FluentNumberOptions::default();
        let mut args = FluentArgs::new();
        if let Some(m) = max {
            args.set("maximumFractionDigits", m);
        }
        if let Some(m) = min {
            args.set("minimumFractionDigits", m);
        }
        if percent {
            args.set("style", "percent");
        }
        options.merge(&args);
        FluentNumber::new(value, options)
    }

    #[test]
    fn each_language_writes_its_own_marks() {
        let n = num(1234567.891, Some(1), None, false);
        assert_eq!(write(&n, ENGLISH), "1,234,567.9");
        assert_eq!(write(&n, ITALIAN), "1.234.567,9");
        assert_eq!(write(&num(1234.0, None, None, false), ITALIAN), "1234");
        assert_eq!(write(&num(1234.0, None, None, false), ENGLISH), "1,234");
        assert_eq!(write(&num(2.5, Some(3), Some(3), false), ITALIAN), "2,500");
        assert_eq!(write(&num(0.126, None, None, true), ENGLISH), "13%");
        assert_eq!(write(&num(0.125, Some(1), None, true), ITALIAN), "12,5%");
        assert_eq!(write(&num(3.0, Some(2), None, false), ITALIAN), "3");
        assert_eq!(write(&num(-0.04, Some(1), None, false), ENGLISH), "0");
        assert_eq!(write(&num(-12.6, Some(0), None, false), ENGLISH), "-13");
    }
}
