//! The command line speaks the player's language: `--lang`, else the app's remembered
//! choice, else the system's locale; plurals and numbers written by Fluent.

mod common;

use std::{path::Path, process::Command};

use common::plugins_of;

/// Runs `tavola ARGS…` on Kalah with the locale variables `LANG=lang` (the others
/// removed) and the user data folder in `data` (fresh: no remembered language unless a
/// test writes one); returns standard output and standard error.
fn tavola(plugins: &Path, data: &Path, lang: &str, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--no-default-plugins", "--plugins"])
        .arg(plugins)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .env("LANG", lang)
        .env("XDG_DATA_HOME", data)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_system_locale_chooses_italian_or_english() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let (p, d) = (plugins.path(), data.path());

    let (out, err) = tavola(p, d, "it_IT.UTF-8", &["play", "kalah", "--seed", "2"]);
    assert!(out.contains("\nRisultato: "), "{out}{err}");
    assert!(out.contains("Sud ") && out.contains("Nord "), "{out}");
    assert!(out.contains("Posizione: "), "{out}");
    let (out, _) = tavola(p, d, "it_IT.UTF-8", &["perft", "kalah", "2"]);
    assert!(out.starts_with("profondità 1: 6  ("), "{out}");
    assert!(out.contains(",0"), "seconds with a decimal comma: {out}");
    let (out, err) = tavola(p, d, "it_IT.UTF-8", &["moves", "nope"]);
    assert!(out.is_empty() && err.starts_with("errore: "), "{err}");

    let (out, _) = tavola(p, d, "C", &["play", "kalah", "--seed", "2"]);
    assert!(
        out.contains("\nResult: ") && out.contains("South "),
        "{out}"
    );
    let (out, _) = tavola(p, d, "C", &["perft", "kalah", "2"]);
    assert!(out.starts_with("depth 1: 6  (0.0"), "{out}");
    let (_, err) = tavola(p, d, "C", &["moves", "nope"]);
    assert!(err.starts_with("error: "), "{err}");
}

#[test]
fn the_flag_beats_the_remembered_language_which_beats_the_system() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let (p, d) = (plugins.path(), data.path());
    std::fs::create_dir_all(d.join("tavola")).unwrap();
    std::fs::write(d.join("tavola/settings.json"), r#"{"language": "it"}"#).unwrap();
    let (out, _) = tavola(p, d, "C", &["moves", "kalah"]);
    assert!(out.starts_with("Posizione: "), "remembered: {out}");
    let (out, _) = tavola(p, d, "it_IT.UTF-8", &["--lang", "en", "moves", "kalah"]);
    assert!(out.starts_with("Position: "), "the flag: {out}");
    let (out, err) = tavola(p, d, "C", &["--lang", "xx", "moves", "kalah"]);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("`xx` is not a language Tavola speaks (it speaks: en, it)"),
        "{err}"
    );
}

#[test]
fn counts_are_plural_and_numbers_have_the_language_marks() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let (p, d) = (plugins.path(), data.path());
    let it = |args: &[&str]| tavola(p, d, "it_IT.UTF-8", args).0;
    let en = |args: &[&str]| tavola(p, d, "C", args).0;
    let one = ["match", "kalah", "random", "random", "--games", "1"];
    let two = ["match", "kalah", "random", "random", "--games", "2"];
    assert!(
        it(&one).contains("random contro random, 1 partita dal"),
        "{}",
        it(&one)
    );
    let out = it(&two);
    assert!(out.contains("random contro random, 2 partite dal"), "{out}");
    assert!(out.contains("percentuale di vittorie "), "{out}");
    // A score of 0, 0.5 or 1 with three decimals, and a percentage, the Italian way.
    assert!(
        ["0,000", "0,500", "1,000"].iter().any(|s| out.contains(s)) && out.contains(",0%"),
        "{out}"
    );
    assert!(
        en(&one).contains("random vs random, 1 game from"),
        "{}",
        en(&one)
    );
    let out = en(&two);
    assert!(out.contains("2 games from") && out.contains(".0%"), "{out}");

    let record = d.join("game.json");
    let record = record.to_str().unwrap();
    let (_, err) = tavola(
        p,
        d,
        "C",
        &["play", "kalah", "--seed", "3", "--record", record],
    );
    assert!(err.is_empty(), "{err}");
    let out = it(&["replay", record]);
    assert!(
        out.contains(" mosse di kalah rigiocate, tutte regolari"),
        "{out}"
    );
    let out = en(&["replay", record]);
    assert!(
        out.contains(" moves of kalah replayed, every move legal"),
        "{out}"
    );
}

/// Every subcommand's and argument's help has its key in every language, and no key of
/// the help is left over in the translation files.
#[test]
fn every_help_text_has_its_translation() {
    let english = tavola_cli::help::english();
    assert!(english.len() > 60, "only {} help texts", english.len());
    for (lang, _) in tavola::i18n::LANGUAGES {
        let bundle = tavola::i18n::bundles::bundle(lang).unwrap();
        let missing: Vec<String> = english
            .iter()
            .filter(|(k, _)| !bundle.has_message(k))
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        assert!(
            missing.is_empty(),
            "missing in {lang}:\n{}",
            missing.join("\n")
        );
    }
}

/// clap's help, headings included, follows the language: the system's locale, else
/// `--lang` (either spelling) before or after the subcommand.
#[test]
fn the_help_speaks_the_chosen_language() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();

    let (out, err) = tavola(d, d, "it_IT.UTF-8", &["--help"]);
    assert!(
        out.contains("\nUso: tavola [OPTIONS] [COMMAND]"),
        "{out}{err}"
    );
    assert!(
        out.contains("\nComandi:\n") && out.contains("\nOpzioni:\n"),
        "{out}"
    );
    assert!(
        out.contains("Mostra l'aiuto") && out.contains("Gioca una partita senza finestra"),
        "{out}"
    );
    assert!(
        !out.contains("Options:") && !out.contains("Print help"),
        "{out}"
    );

    let (out, err) = tavola(d, d, "it_IT.UTF-8", &["hint", "--help"]);
    assert!(
        out.starts_with("La mossa migliore per chi ha la mossa"),
        "{out}{err}"
    );
    assert!(
        out.contains("\nArgomenti:\n  <GAME>  L'id del gioco\n"),
        "{out}"
    );
    assert!(
        out.contains("Tempo di riflessione per mossa in millisecondi"),
        "{out}"
    );
    assert!(
        out.contains("La lingua dei testi per le persone"),
        "a global: {out}"
    );
    assert!(
        out.contains("Il seme casuale (MCTS) [predefinito: 1]\n"),
        "{out}"
    );
    let (same, _) = tavola(d, d, "C", &["--lang=it", "help", "hint"]);
    assert_eq!(
        same, out,
        "`help hint` with `--lang=it` under an English locale"
    );

    let (out, err) = tavola(d, d, "it_IT.UTF-8", &["hint", "--help", "--lang", "en"]);
    assert!(
        out.starts_with("The best move for the side to move"),
        "{out}{err}"
    );
    assert!(
        out.contains("\nArguments:\n  <GAME>  The game's id\n"),
        "{out}"
    );
    assert!(
        out.contains("\nOptions:\n") && out.contains("Print help"),
        "{out}"
    );
    assert!(!out.contains("Opzioni") && !out.contains("Uso:"), "{out}");
    assert!(
        out.contains("The random seed (MCTS) [default: 1]\n"),
        "{out}"
    );
    let (out, _) = tavola(d, d, "C", &["--help"]);
    assert!(out.contains("\nUsage: tavola [OPTIONS] [COMMAND]"), "{out}");
}

#[test]
fn the_apps_own_option_is_left_out_of_the_commands_help() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, _) = tavola(d, d, "C", &["--help"]);
    assert!(out.contains("--no-restore"), "{out}");
    for command in ["new", "play", "net"] {
        let (out, _) = tavola(d, d, "C", &[command, "--help"]);
        assert!(out.contains("Usage: tavola"), "{command}: {out}");
        assert!(!out.contains("--no-restore"), "{command}: {out}");
    }
}
