//! The plugin folders watched while the app runs: a change (a library added, removed
//! or replaced) is noticed by the folders' signature, at most every two seconds, and the
//! plugins are inspected again on another thread; the user's plugins folder opened in the
//! system's file manager.

use std::{path::PathBuf, sync::mpsc};

use super::TavolaApp;
use crate::plugins::{
    PluginDirs, PluginSet,
    files::{FileFacts, FileRefusal},
};

impl TavolaApp {
    /// Looks for added, removed or changed libraries (at most every two seconds, by the
    /// app's clock `now`) and, when the folders changed, inspects them again on another
    /// thread (see [`TavolaApp::finish_scan`]).
    pub fn watch_plugins(&mut self, now: f64) {
        self.finish_scan(false);
        if now < self.library.next_scan || self.library.scan.is_some() {
            return;
        }
        self.library.next_scan = now + 2.0;
        self.saves.recoverable = self.recoverable_count();
        let current = signature(&self.library.dirs);
        if current != self.library.plugins_signature {
            self.library.plugins_signature = current;
            self.start_scan();
        }
    }

    pub(super) fn start_scan(&mut self) {
        let (sender, receiver) = mpsc::channel();
        let dirs = self.library.dirs.clone();
        let inspector = self.library.inspector.clone();
        let choices = self.settings.plugin_choices.clone();
        std::thread::spawn(move || {
            let set = PluginSet::discover_with(dirs, &inspector)
                .with_choices(&choices)
                .for_the_app();
            let _ = sender.send(set);
        });
        self.library.scan = Some(receiver);
    }

    /// Takes the result of a rescan, if one has finished (waiting for it if `wait`).
    pub fn finish_scan(&mut self, wait: bool) {
        let Some(scan) = &self.library.scan else {
            return;
        };
        let found = if wait {
            scan.recv().ok()
        } else {
            match scan.try_recv() {
                Ok(set) => Some(set),
                Err(mpsc::TryRecvError::Empty) => return,
                Err(mpsc::TryRecvError::Disconnected) => None,
            }
        };
        self.library.scan = None;
        if let Some(set) = found {
            self.library.plugins = set;
            self.screens.chooser.reset();
            self.remember_single_providers();
        }
    }

    /// Remembers, as the user's choice, the file of each game id that only one file
    /// offers (see [`crate::plugins::identity`]): a file that comes later with the same
    /// id does not take its place until the user chooses it.
    /// Choices whose file is gone are forgotten.
    pub(super) fn remember_single_providers(&mut self) {
        let found = self.library.plugins.unchosen_single_providers();
        let before = self.settings.plugin_choices.len();
        self.settings
            .plugin_choices
            .retain(|_, path| path.is_file());
        if found.is_empty() && self.settings.plugin_choices.len() == before {
            return;
        }
        for (id, path) in found {
            self.settings.plugin_choices.insert(id, path);
        }
        self.library.plugins.choices = self.settings.plugin_choices.clone();
        self.save_settings();
    }

    /// The person chose `path` for game `id` in the Plugins panel: kept in the settings,
    /// and the plugins sorted again with it.
    pub(super) fn choose_plugin(&mut self, id: String, path: std::path::PathBuf) {
        self.settings.plugin_choices.insert(id, path);
        self.save_settings();
        let set = std::mem::take(&mut self.library.plugins);
        self.library.plugins = set
            .with_choices(&self.settings.plugin_choices)
            .for_the_app();
        self.screens.chooser.reset();
    }

    pub(super) fn rescan(&mut self) {
        self.library.plugins_signature = signature(&self.library.dirs);
        self.start_scan();
    }
}

/// The library-named entries of the plugin folders with their facts, or why each is not
/// read: what [`signature`] compares to notice changes.
#[derive(Debug, Default)]
pub(super) struct Signature(Vec<(PathBuf, Result<FileFacts, FileRefusal>)>);

impl PartialEq for Signature {
    /// The same files with the same facts; two refusals are the same by their words (an
    /// I/O error has no other comparison).
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len()
            && self.0.iter().zip(&other.0).all(|((a, fa), (b, fb))| {
                a == b
                    && match (fa, fb) {
                        (Ok(x), Ok(y)) => x == y,
                        (Err(x), Err(y)) => x.to_string() == y.to_string(),
                        _ => false,
                    }
            })
    }
}

/// The library-named entries of the plugin folders with their facts, to notice changes
/// (`cp` over a file changes its size or time, `mv` its inode; a refusal, by its words).
pub(super) fn signature(dirs: &PluginDirs) -> Signature {
    Signature(
        crate::plugins::files::scan(dirs)
            .0
            .into_iter()
            .map(|c| (c.path, c.facts))
            .collect(),
    )
}

/// Shows the user's plugins folder in the system's file manager (creating it if
/// needed); what goes wrong is said in `message`.
pub(super) fn open_plugins_folder(message: &mut Option<String>) {
    let Some(dir) = crate::plugins::user_plugins_dir() else {
        *message = Some(crate::tr!("no-data-folder"));
        return;
    };
    if let Err(e) = crate::platform::open_folder(&dir) {
        *message = Some(crate::tr!(
            "plugins-folder-not-opened",
            folder = dir.display().to_string(),
            opener = e.opener,
            error = e.source.to_string()
        ));
    }
}
