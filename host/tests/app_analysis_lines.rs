//! The analysis board's lines read whole in the real app (egui_kittest): each line's
//! words (what its value says will happen) are wrapped in the side panel, never cut with
//! "…", at the default window size (1200×800) and a small one (900×650), in English and
//! in Italian.
//!
//! Its own test binary (its own process): the language is process-wide, and the other
//! app tests speak English.

mod common;

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    analysis::Value,
    app::{AppConfig, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

type H = Harness<'static, TavolaApp>;

fn harness(plugins: &std::path::Path, language: &str, size: [f32; 2]) -> H {
    let dirs = PluginDirs(vec![PluginDir {
        path: plugins.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let config = AppConfig {
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        language: Some(language.into()),
        no_restore: true,
        ..AppConfig::default()
    };
    let mut app = TavolaApp::new(dirs, config);
    app.settings_mut().step_seconds = 0.0;
    Harness::builder()
        .with_max_steps(64)
        .with_size(size)
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// The analysis board on an Oware ending whose lines are proven at once, said in the
/// longest words there are ("with best play you lose by 4 seeds, whatever you do").
fn analyse_oware_ending(h: &mut H) {
    let plugin = h.state().plugins().game("oware").unwrap().clone();
    let options = game_api::Options::defaults(&plugin.manifest().options);
    h.state_mut()
        .open_analysis_position("oware", &options, Some("1,1,1,0,0,0/0,0,0,1,1,1 18-24 S"))
        .unwrap();
    h.run();
}

/// Steps until the search found `n` lines and they are drawn (a while at most).
fn until_lines(h: &mut H, n: usize) {
    for _ in 0..4000 {
        let found = h.state().analysis().and_then(|b| b.search.found.as_ref());
        if found.is_some_and(|f| f.lines.len() >= n)
            && h.query_by_label_contains(&format!("{n}. ")).is_some()
        {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("{n} lines were not drawn");
}

/// Each line's words, as drawn: in the window, in rows wide enough for the whole text.
fn words_read_whole(h: &mut H, case: &str) {
    h.step();
    let board = h.state().analysis().unwrap();
    let unit = board.plugin().manifest().score_unit.clone();
    let found = board.search.found.clone().unwrap();
    let style = h.ctx.global_style();
    let font = egui::TextStyle::Body.resolve(&style);
    let row = h.ctx.fonts_mut(|f| f.row_height(&font));
    let width = h.ctx.content_rect().width();
    for l in &found.lines {
        let words = l.value.outcome_in_words(unit.as_ref());
        let needed = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap(words.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        });
        // Two lines may say the same.
        for node in h.query_all_by_label(&words) {
            let rect = node.rect();
            let rows = (rect.height() / row).round().max(1.0);
            assert!(
                rect.width() * rows + 1.0 >= needed,
                "{case}: \"{words}\" ({needed:.0} px wide) drawn cut in {rows} row(s) of {:.0} px",
                rect.width()
            );
            assert!(
                rect.right() <= width + 0.5,
                "{case}: \"{words}\" past the window's edge"
            );
        }
        assert!(
            h.query_all_by_label(&words).count() > 0,
            "{case}: \"{words}\" not drawn"
        );
    }
}

#[test]
fn the_lines_words_are_whole_at_both_sizes_in_english_and_italian() {
    let plugins = plugins_of(&["oware"]);
    for (language, size) in [
        ("en", [1200.0, 800.0]),
        ("it", [1200.0, 800.0]),
        ("en", [900.0, 650.0]),
        ("it", [900.0, 650.0]),
    ] {
        let mut h = harness(plugins.path(), language, size);
        analyse_oware_ending(&mut h);
        until_lines(&mut h, 3);
        let case = format!("{language} at {}×{}", size[0], size[1]);
        let found = h.state().analysis().unwrap().search.found.clone().unwrap();
        assert!(
            found
                .lines
                .iter()
                .any(|l| matches!(l.value, Value::Exact(_) | Value::Proven(_))),
            "{case}: no line proven: {found:?}"
        );
        words_read_whole(&mut h, &case);
    }
}
