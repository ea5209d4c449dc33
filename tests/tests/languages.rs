//! Games in the player's language, through the real plugin libraries: every first-party
//! game gives its name, options, rules, status and events in Italian when asked, and its
//! English ones for a language it does not speak; a plugin whose manifest has no
//! translations (the kalah-next fixture) keeps loading and playing with a language set.

use game_api::{Effect, Manifest, Options, Turn};
use tavola::plugins::{DirSource, GameHandle, Plugin, PluginDir, PluginDirs, PluginSet};
use tavola_tests::{first_party_plugins, library, plugins_folder};

const FIRST_PARTY: [&str; 8] = [
    "kalah",
    "oware",
    "hawalis",
    "congkak",
    "o-an-quan",
    "zaroc",
    "stork-migration",
    "bite-the-pumpkin",
];

fn discover(files: &[std::path::PathBuf]) -> (tempfile::TempDir, PluginSet) {
    let dir = plugins_folder(files);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    (dir, set)
}

/// Every label a person reads in the options: labels, descriptions, choice labels.
fn option_texts(m: &Manifest) -> Vec<String> {
    let mut texts = Vec::new();
    for o in &m.options {
        texts.push(o.label.clone());
        texts.push(o.description.clone());
        if let game_api::OptionKind::Choice { choices } = &o.kind {
            texts.extend(choices.iter().map(|c| c.label.clone()));
        }
    }
    texts
}

/// The game made, in `lang`, with its default options.
fn start(plugin: &Plugin, lang: &str) -> GameHandle {
    plugin
        .new_game_in(
            &Options::defaults(&plugin.manifest_all_languages().options),
            lang,
        )
        .expect("the default game starts")
}

/// The language is one setting per process and per plugin library: the tests take turns.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Plays the same seeded random game in both handles (to its end, or `steps` actions)
/// and returns the messages each wrote.
fn messages_of_one_game(
    en: &mut GameHandle,
    it: &mut GameHandle,
    steps: usize,
) -> Vec<(String, String)> {
    let mut rng = game_api::Rng::with_seed(17);
    let mut said = Vec::new();
    for _ in 0..steps {
        if matches!(en.turn().unwrap(), Turn::Over { .. }) {
            break;
        }
        let moves = en.legal_moves().unwrap();
        let mv = moves[rng.below(moves.len())];
        let text = |effects: Vec<Effect>| -> Vec<String> {
            effects
                .into_iter()
                .filter_map(|e| match e {
                    Effect::Message { text } => Some(text),
                    _ => None,
                })
                .collect()
        };
        let a = text(en.apply_with_effects(mv).unwrap());
        let b = text(it.apply_with_effects(mv).unwrap());
        assert_eq!(a.len(), b.len(), "the same events in both languages");
        said.extend(a.into_iter().zip(b));
        assert_eq!(
            en.notation().unwrap(),
            it.notation().unwrap(),
            "the language is not the position"
        );
    }
    said
}

#[test]
fn every_first_party_game_speaks_italian_and_falls_back_to_english() {
    let _turn = one_at_a_time();
    let (_dir, set) = discover(&first_party_plugins());
    for id in FIRST_PARTY {
        let plugin = set.game(id).unwrap_or_else(|| panic!("{id} is loaded"));
        let en = plugin.manifest_in("en");
        let it = plugin.manifest_in("it-IT");
        assert_eq!(
            plugin.manifest_in("xx"),
            en,
            "{id}: an unknown language gives English"
        );
        assert_eq!(en.rules[0].lang, "en", "{id}");
        assert_eq!(it.rules[0].lang, "it", "{id}: the Italian rules first");
        assert_ne!(it.rules[0].markdown, en.rules[0].markdown, "{id}");
        assert!(
            it.rules[0].markdown.starts_with("# "),
            "{id}: the Italian rules are Markdown"
        );
        assert_ne!(it.description, en.description, "{id}: description");
        assert_ne!(it.seat_names, en.seat_names, "{id}: seat names");
        assert_eq!(it.id, en.id, "{id}: ids stay");
        let (o_en, o_it) = (option_texts(en), option_texts(it));
        for (e, i) in o_en.iter().zip(&o_it) {
            assert!(
                e.is_empty() || e != i,
                "{id}: option text {e:?} is not in Italian"
            );
        }
        let keys = |m: &Manifest| m.options.iter().map(|o| o.key.clone()).collect::<Vec<_>>();
        assert_eq!(keys(it), keys(en), "{id}: option keys stay");

        let (mut g_en, mut g_it) = (start(plugin, "en"), start(plugin, "it"));
        let (v_en, v_it) = (g_en.view().unwrap(), g_it.view().unwrap());
        assert!(!v_it.status.is_empty());
        assert_ne!(v_it.status, v_en.status, "{id}: the status line in Italian");
        assert_eq!(
            start(plugin, "xx").view().unwrap().status,
            v_en.status,
            "{id}"
        );
        let said = messages_of_one_game(&mut g_en, &mut g_it, 4000);
        assert!(!said.is_empty(), "{id}: a game says something");
        for (e, i) in &said {
            assert_ne!(e, i, "{id}: the event {e:?} in Italian");
        }
    }
}

#[test]
fn the_players_language_reaches_the_manifest_and_new_games() {
    let _turn = one_at_a_time();
    let (_dir, set) = discover(&[library("kalah")]);
    let kalah = set.game("kalah").unwrap();
    tavola::locale::set_language("it_IT.UTF-8");
    let name_it = kalah.manifest().options[0].label.clone();
    let status_it = kalah
        .new_game(&Options::defaults(&kalah.manifest().options))
        .unwrap()
        .view()
        .unwrap()
        .status;
    tavola::locale::set_language("en");
    assert_eq!(name_it, "Case per lato");
    assert_eq!(status_it, "Tocca a Sud");
    assert_eq!(kalah.manifest().options[0].label, "Houses per side");
}

#[test]
fn a_plugin_without_translations_still_loads_and_plays_with_a_language_set() {
    let _turn = one_at_a_time();
    // A plugin without `tavola_set_language` (the revision-1 one of `compat.rs`) is
    // simply not asked.
    let (_dir, set) = discover(&[library("fixture_kalah_next")]);
    let plugin = set.game("kalah").expect("kalah-next loads");
    assert_eq!(plugin.manifest().version, "9.9.9");
    assert_eq!(
        plugin.manifest_in("it"),
        plugin.manifest_in("en"),
        "its one language"
    );
    let mut game = start(plugin, "it");
    // kalah-next has no translations of its own, but the kit speaks Italian.
    assert_eq!(game.view().unwrap().status, "Tocca a Sud");
    let mv = game.legal_moves().unwrap()[0];
    game.apply_with_effects(mv).expect("it plays on");
}

#[test]
fn refused_moves_say_why_in_the_players_language() {
    let _turn = one_at_a_time();
    let (_dir, set) = discover(&first_party_plugins());
    // Kalah after `c` (its last seed in the store: South moves again, house c empty).
    let kalah = set.game("kalah").unwrap();
    let refusal = |lang: &str, mv: u32| {
        let mut game = start(kalah, lang);
        game.apply(game_api::MoveId(2)).unwrap();
        game.apply(game_api::MoveId(mv)).unwrap_err().to_string()
    };
    assert!(
        refusal("en", 2).contains("house c is empty"),
        "{}",
        refusal("en", 2)
    );
    assert!(
        refusal("it", 2).contains("la casa c è vuota"),
        "{}",
        refusal("it", 2)
    );
    assert!(
        refusal("it", 40).contains("ci sono solo 6 case"),
        "{}",
        refusal("it", 40)
    );
    // Every game: a move that is not legal is refused with a reason in Italian.
    for id in FIRST_PARTY {
        let plugin = set.game(id).unwrap();
        let (mut en, mut it) = (start(plugin, "en"), start(plugin, "it"));
        let legal = en.legal_moves().unwrap();
        let mv = (0..10_000)
            .map(game_api::MoveId)
            .find(|m| !legal.contains(m))
            .unwrap();
        let (e_en, e_it) = (en.apply(mv).unwrap_err(), it.apply(mv).unwrap_err());
        assert_ne!(e_en.to_string(), e_it.to_string(), "{id}: {e_en}");
        let (i_en, i_it) = (en.move_info(mv).unwrap_err(), it.move_info(mv).unwrap_err());
        assert_ne!(i_en.to_string(), i_it.to_string(), "{id}: {i_en}");
    }
}
