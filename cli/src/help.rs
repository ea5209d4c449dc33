//! clap's help in the player's language: the language is chosen before parsing (from
//! `--lang`, else as [`language::choose`] does), then every command's `about` and every
//! argument's `help` is replaced by its Fluent message when that language has one:
//! `cli-about-<path>` and `cli-arg-<path>-<arg>`, where `<path>` is `tavola` for the
//! top level, else the subcommand names joined by `-`, and `<arg>` the argument's id with
//! `-` for `_`. A global argument keeps the top level's key; clap's own `--help`,
//! `--version`, headings and `[default: …]` have the keys `cli-arg-help`,
//! `cli-arg-version` and `cli-help-*`. English keeps clap's text (the doc comments) as it is.

use clap::{Arg, Command, CommandFactory, FromArgMatches};

use super::{Cli, language};
use tavola_core::i18n::{
    bundles::bundle,
    language::{FALLBACK, supported},
};

/// Parses the command line with its help in the player's language (clap exits with the
/// help, the version or a usage error as `Cli::parse` does).
pub fn parse() -> Cli {
    let lang = chosen(std::env::args().skip(1));
    let matches = command_in(lang).get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// The language of the help for these arguments (the program name left out): their
/// `--lang`, else the remembered or system language.
pub fn chosen(args: impl IntoIterator<Item = String>) -> &'static str {
    let data_dir = tavola_core::platform::user_data_dir();
    language::choose(flag(args), data_dir.as_deref())
}

/// The last language of these arguments that the app speaks given as `--lang X` or
/// `--lang=X` before a lone `--`. An invalid one is left to clap to refuse.
fn flag(args: impl IntoIterator<Item = String>) -> Option<&'static str> {
    let mut found = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        let value = match arg.strip_prefix("--lang") {
            Some("") => args.next(),
            Some(rest) => rest.strip_prefix('=').map(str::to_owned),
            None => None,
        };
        if let Some(lang) = value.as_deref().and_then(supported) {
            found = Some(lang);
        }
    }
    found
}

/// The whole command line's `clap::Command` with its help in `lang` (as written in the
/// code for English).
pub fn command_in(lang: &str) -> Command {
    let mut cmd = Cli::command();
    if lang == FALLBACK {
        return cmd;
    }
    // Built first, so that the generated `--help`, `--version` and `help` subcommand and
    // the global arguments copied into every subcommand exist to be translated.
    cmd.build();
    let text = |key: &str| message(lang, key);
    translate(cmd, "tavola", &text, &Words::new(&text))
}

/// Every key the help of the command line looks up, with clap's English text (the doc
/// comment) for it; clap's generated texts and headings are not included.
pub fn english() -> Vec<(String, String)> {
    let mut out = Vec::new();
    collect(&Cli::command(), "tavola", &mut out);
    out
}

fn collect(cmd: &Command, path: &str, out: &mut Vec<(String, String)>) {
    if let Some(about) = cmd.get_about() {
        out.push((format!("cli-about-{path}"), about.to_string()));
    }
    for arg in cmd.get_arguments() {
        if let Some(help) = arg.get_help() {
            out.push((arg_key(path, arg), help.to_string()));
        }
    }
    for sub in cmd.get_subcommands() {
        collect(sub, &sub_path(path, sub), out);
    }
}

/// The text of `key` in `lang` itself (no English fallback), if it has it.
fn message(lang: &str, key: &str) -> Option<String> {
    let bundle = bundle(lang)?;
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, None, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// clap's own words in one language. clap keeps headings as `&'static str` (without its
/// `string` feature): these few words are leaked, once per process.
struct Words {
    usage: Option<String>,
    commands: Option<&'static str>,
    options: Option<&'static str>,
    arguments: Option<&'static str>,
    default: Option<String>,
}

impl Words {
    fn new(text: &dyn Fn(&str) -> Option<String>) -> Self {
        let heading = |key: &str| text(key).map(|h| &*Box::leak(h.into_boxed_str()));
        Words {
            usage: text("cli-help-usage"),
            commands: heading("cli-help-commands"),
            options: heading("cli-help-options"),
            arguments: heading("cli-help-arguments"),
            default: text("cli-help-default"),
        }
    }
}

/// `cmd` and its subcommands with the texts `text` has for them and clap's `words`.
fn translate(
    mut cmd: Command,
    path: &str,
    text: &dyn Fn(&str) -> Option<String>,
    words: &Words,
) -> Command {
    if let Some(about) = text(&format!("cli-about-{path}")) {
        cmd = cmd.about(about).long_about(None);
    }
    if let Some(usage) = &words.usage {
        cmd = cmd.help_template(format!(
            "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
        ));
    }
    if let Some(commands) = words.commands {
        cmd = cmd.subcommand_help_heading(commands);
    }
    let ids: Vec<_> = cmd.get_arguments().map(|a| a.get_id().clone()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |arg| {
            let arg = match text(&arg_key(path, &arg)) {
                Some(help) => arg.help(help).long_help(None),
                None => arg,
            };
            translate_arg(arg, words)
        });
    }
    let names: Vec<_> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |sub| {
            let sub_path = sub_path(path, &sub);
            translate(sub, &sub_path, text, words)
        });
    }
    cmd
}

/// The key path of subcommand `sub` of the command at `path`.
fn sub_path(path: &str, sub: &Command) -> String {
    let name = sub.get_name();
    if path == "tavola" {
        name.to_owned()
    } else {
        format!("{path}-{name}")
    }
}

/// The key of argument `arg` of the command at `path`.
fn arg_key(path: &str, arg: &Arg) -> String {
    let id = arg.get_id().as_str().replace('_', "-");
    match id.as_str() {
        "help" | "version" => format!("cli-arg-{id}"),
        _ if arg.is_global_set() => format!("cli-arg-tavola-{id}"),
        _ => format!("cli-arg-{path}-{id}"),
    }
}

/// `arg` under the heading of its kind in `words`, with its default value (if shown)
/// introduced by the word of `words`.
fn translate_arg(mut arg: Arg, words: &Words) -> Arg {
    let heading = if arg.is_positional() {
        words.arguments
    } else {
        words.options
    };
    if let (None, Some(heading)) = (arg.get_help_heading(), heading) {
        arg = arg.help_heading(heading);
    }
    let defaults: Vec<_> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    let shown = !arg.is_hide_default_value_set() && arg.get_action().takes_values();
    if let (true, false, Some(word)) = (shown, defaults.is_empty(), &words.default) {
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        let note = format!("[{word}: {}]", defaults.join(", "));
        arg = arg
            .help(format!("{help} {note}").trim_start().to_owned())
            .hide_default_value(true);
    }
    arg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag_of(args: &[&str]) -> Option<&'static str> {
        flag(args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn the_flag_is_found_in_both_spellings_anywhere_before_a_lone_dash_dash() {
        assert_eq!(flag_of(&["hint", "--help", "--lang", "it"]), Some("it"));
        assert_eq!(flag_of(&["--lang=it_IT.UTF-8", "list"]), Some("it"));
        assert_eq!(flag_of(&["--lang", "it", "--lang=en"]), Some("en"));
        assert_eq!(flag_of(&["--lang", "klingon", "--help"]), None);
        assert_eq!(flag_of(&["--language=it", "--lang"]), None);
        assert_eq!(flag_of(&["play", "--", "--lang", "it"]), None);
    }

    #[test]
    fn italian_replaces_every_text_and_heading_and_english_keeps_the_code_s() {
        let it = command_in("it").render_help().to_string();
        assert!(
            it.starts_with("Tavola, l'ospite dei giochi da tavolo"),
            "{it}"
        );
        assert!(
            it.contains("Uso: tavola") && it.contains("\nComandi:\n"),
            "{it}"
        );
        let en = command_in("en").render_help().to_string();
        assert!(
            en.contains("Usage: tavola") && en.contains("\nCommands:\n"),
            "{en}"
        );
        let (mut missing, mut same) = (Vec::new(), Vec::new());
        for (key, english) in english() {
            match message("it", &key) {
                None => missing.push(key),
                Some(italian) if italian == english => same.push(key),
                Some(_) => {}
            }
        }
        assert!(missing.is_empty(), "not in Italian: {missing:?}");
        assert!(same.is_empty(), "not translated: {same:?}");
    }
}
