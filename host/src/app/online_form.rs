//! The *Play online* form: a game to offer (its options and the person's seat), an
//! invite to join (to play or to watch), and the network games of this computer that
//! stopped before their end, to resume.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use game_api::{OptionValue, Options};

use crate::{
    net::{NetSettings, TimeControl},
    plugins::PluginSet,
    record::Record,
};

/// The form: which game to offer (its options, the seat, whether relays may be used),
/// which invite to join, and which stopped game to resume.
#[derive(Debug, Clone, Default)]
pub struct OnlineForm {
    /// The game to offer, by id.
    pub game: Option<String>,
    /// The options chosen for it (the defaults where not set).
    pub values: BTreeMap<String, OptionValue>,
    /// The seat the person plays when offering.
    pub seat: u8,
    /// "Use public relays to reach players outside this network" (off by default).
    pub relays: bool,
    /// List the game offered on the local network while it waits for players (on by
    /// default in the app; the tests turn it off: no multicast here).
    pub lan: bool,
    /// The pasted invite.
    pub invite: String,
    /// Join only to watch (a spectator plays no seat).
    pub watch: bool,
    /// Clocks: on or off, minutes per seat for the game, seconds added per move.
    pub clock: (bool, u32, u32),
    /// The address to listen on (none: every interface; the tests give 127.0.0.1:0).
    pub listen: Option<std::net::SocketAddr>,
    /// The stopped games found in the records folder, newest first (read when the form
    /// is first drawn and after each game).
    resumable: Option<Vec<Resumable>>,
}

/// A network game of this computer that stopped before its end: its record holds what
/// it takes to come back (the host's key and seats' secrets, or a player's seat secret).
#[derive(Debug, Clone, PartialEq)]
pub struct Resumable {
    /// The record file.
    pub path: PathBuf,
    /// The game's id.
    pub game: String,
    /// `host`, `guest` or `spectator`.
    pub role: String,
    /// The players' moves played (chance throws are not moves).
    pub moves: usize,
    /// When the game was created (seconds since 1970), if known.
    pub created: Option<u64>,
}

/// What the form asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormIntent {
    /// Offer the game chosen.
    Offer,
    /// Join the invite pasted.
    Join,
    /// Resume the stopped game of this record.
    Resume(PathBuf),
}

impl OnlineForm {
    /// The form as the app opens it: nothing chosen, relays off, and the address to
    /// listen on from `TAVOLA_NET_LISTEN` if set (e.g. `127.0.0.1:0`, to play between
    /// two windows of one machine over the loopback interface only).
    ///
    /// A game offered is listed on the local network by default, unless the app listens
    /// on the loopback interface only (no other computer could join it there).
    pub fn new() -> Self {
        let listen: Option<std::net::SocketAddr> = std::env::var("TAVOLA_NET_LISTEN")
            .ok()
            .and_then(|a| a.parse().ok());
        OnlineForm {
            listen,
            clock: (false, 5, 3),
            lan: lan_by_default(listen),
            ..OnlineForm::default()
        }
    }

    /// The network settings of the form's choices.
    pub fn settings(&self) -> NetSettings {
        NetSettings {
            listen: self.listen,
            relays: self.relays,
        }
    }

    /// The clocks chosen, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        let (on, minutes, increment) = self.clock;
        on.then_some(TimeControl {
            per_game_ms: u64::from(minutes.max(1)) * 60_000,
            increment_ms: u64::from(increment) * 1000,
        })
    }

    /// The options chosen for the game to offer, checked against its manifest.
    pub fn options(
        &self,
        plugins: &PluginSet,
    ) -> Result<Options, super::online_error::OnlineError> {
        use super::online_error::OnlineError;
        let game = self.game.as_deref().ok_or(OnlineError::NoGame)?;
        let plugin = plugins.require(game)?;
        Options::resolve(&plugin.manifest().options, &self.values).map_err(|error| {
            OnlineError::FormOptions {
                game: plugin.manifest().name.clone(),
                error,
            }
        })
    }

    /// Reads the stopped games of `records` again (after a game, or when it changed).
    pub fn rescan(&mut self) {
        self.resumable = None;
    }

    /// The stopped games found in `records`, newest first.
    pub fn resumable(&mut self, records: Option<&Path>) -> &[Resumable] {
        self.resumable
            .get_or_insert_with(|| records.map(resumable_in).unwrap_or_default())
    }

    /// Draws the form; returns what the person asked for. `records` is the folder of the
    /// network games' records.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        plugins: &PluginSet,
        records: Option<&Path>,
    ) -> Option<FormIntent> {
        let mut intent = None;
        ui.heading(crate::tr!("online-title"));
        ui.add_space(8.0);
        ui.label(crate::tr!("online-offer-heading"));
        if self.offer_ui(ui, plugins) {
            intent = Some(FormIntent::Offer);
        }
        ui.separator();
        ui.label(crate::tr!("online-join-heading"));
        ui.add(
            egui::TextEdit::singleline(&mut self.invite)
                .hint_text("tavola1:…")
                .desired_width(f32::INFINITY),
        );
        ui.horizontal(|ui| {
            let label = if self.watch {
                crate::tr!("online-watch")
            } else {
                crate::tr!("online-join")
            };
            if ui
                .add_enabled(!self.invite.trim().is_empty(), egui::Button::new(label))
                .clicked()
            {
                intent = Some(FormIntent::Join);
            }
            ui.checkbox(&mut self.watch, crate::tr!("online-watch-only"));
        });
        let stopped = self.resumable(records).to_vec();
        if !stopped.is_empty() {
            ui.separator();
            ui.label(crate::tr!("online-resume-heading"));
            for r in stopped.iter().take(8) {
                if resumable_ui(ui, r, plugins) {
                    intent = Some(FormIntent::Resume(r.path.clone()));
                }
            }
        }
        intent
    }

    /// The game, its options and the seat; returns whether Offer was pressed.
    fn offer_ui(&mut self, ui: &mut egui::Ui, plugins: &PluginSet) -> bool {
        let chosen = self
            .game
            .as_deref()
            .and_then(|id| plugins.game(id))
            .cloned();
        ui.horizontal(|ui| {
            let current = chosen.as_ref().map_or_else(
                || crate::tr!("online-choose-game"),
                |p| p.manifest().name.clone(),
            );
            let before = self.game.clone();
            let label = ui.label(crate::tr!("online-game"));
            egui::ComboBox::from_id_salt("online-game")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for p in plugins.games() {
                        let id = p.id().to_owned();
                        ui.selectable_value(&mut self.game, Some(id), p.manifest().name.clone());
                    }
                })
                .response
                .labelled_by(label.id);
            if self.game != before {
                self.values.clear();
                self.seat = 0;
            }
        });
        let Some(plugin) = chosen else {
            return false;
        };
        let manifest = plugin.manifest();
        super::options_form::presets_ui(ui, manifest, &mut self.values);
        super::options_form::options_ui(ui, manifest, &mut self.values, "online");
        ui.horizontal(|ui| {
            let label = ui.label(crate::tr!("online-seat"));
            let name = |i: u8| {
                manifest
                    .seat_names
                    .get(usize::from(i))
                    .cloned()
                    .unwrap_or_else(|| crate::tr!("seat-number", number = i + 1))
            };
            let count = manifest.seat_names.len().max(2) as u8;
            egui::ComboBox::from_id_salt("online-seat")
                .selected_text(name(self.seat))
                .show_ui(ui, |ui| {
                    for i in 0..count {
                        ui.selectable_value(&mut self.seat, i, name(i));
                    }
                })
                .response
                .labelled_by(label.id);
        });
        super::options_form::clock_row(ui, &mut self.clock);
        ui.checkbox(&mut self.relays, crate::tr!("online-relays"));
        ui.checkbox(&mut self.lan, crate::tr!("online-lan-offer"));
        let options = Options::resolve(&manifest.options, &self.values);
        if let Err(e) = &options {
            ui.colored_label(egui::Color32::from_rgb(230, 90, 90), e.to_string());
        }
        ui.add_enabled(
            options.is_ok(),
            egui::Button::new(crate::tr!("online-offer")),
        )
        .clicked()
    }
}

/// Whether a game offered is listed on the local network unless the person says not:
/// yes, unless the app listens on the loopback interface only (no other computer could
/// join it there).
fn lan_by_default(listen: Option<std::net::SocketAddr>) -> bool {
    !listen.is_some_and(|a| a.ip().is_loopback())
}

/// One stopped game: what it is, and Resume. Returns whether Resume was pressed.
fn resumable_ui(ui: &mut egui::Ui, r: &Resumable, plugins: &PluginSet) -> bool {
    let name = plugins
        .game(&r.game)
        .map_or_else(|| r.game.clone(), |p| p.manifest().name.clone());
    let role = match r.role.as_str() {
        "host" => crate::tr!("online-role-host"),
        "spectator" => crate::tr!("online-role-spectator"),
        _ => crate::tr!("online-role-guest"),
    };
    ui.horizontal(|ui| {
        let text = crate::tr!(
            "online-resume-line",
            game = name,
            role = role,
            moves = r.moves
        );
        ui.label(text);
        ui.add_enabled(
            plugins.game(&r.game).is_some(),
            egui::Button::new(crate::tr!("online-resume")),
        )
        .clicked()
    })
    .inner
}

/// The records in `folder` of network games that stopped before their end and can be
/// resumed, newest first. Files that are not such records are left out (and untouched).
pub fn resumable_in(folder: &Path) -> Vec<Resumable> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<Resumable> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|path| {
            let record = Record::read(&path).ok()?;
            let net = record.net.as_ref()?;
            let can_return = match net.role.as_str() {
                "host" => net.host_secrets.is_some(),
                "guest" => net.token.is_some(),
                _ => true,
            };
            (record.result.is_none() && can_return).then(|| Resumable {
                game: record.game.clone(),
                role: net.role.clone(),
                moves: crate::record::seat_moves(&record.moves),
                created: record.created,
                path,
            })
        })
        .collect();
    found.sort_by(|a, b| b.created.cmp(&a.created).then_with(|| b.path.cmp(&a.path)));
    found
}

#[cfg(test)]
mod tests {
    use super::lan_by_default;

    #[test]
    fn a_game_is_listed_on_the_local_network_unless_the_app_listens_on_loopback_only() {
        assert!(lan_by_default(None));
        assert!(lan_by_default(Some("0.0.0.0:0".parse().unwrap())));
        assert!(lan_by_default(Some("192.168.1.5:4000".parse().unwrap())));
        assert!(!lan_by_default(Some("127.0.0.1:0".parse().unwrap())));
        assert!(!lan_by_default(Some("[::1]:0".parse().unwrap())));
    }
}
