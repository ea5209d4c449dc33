//! Starting a network game from the *Play online* form: offering one, joining one from
//! its invite, or coming back to one from its record; each runs the network side on a
//! thread of its own (see [`OnlineGame`]).

use std::{path::PathBuf, sync::mpsc, time::Duration};

use game_api::Options;

use super::OnlineGame;
use crate::{
    app::online_error::OnlineError,
    net::{Invite, JoinSetup, NetSettings, Offer, TimeControl, Update},
    plugins::PluginSet,
    record::Record,
};

impl OnlineGame {
    /// Offers `game` of `plugins` with `options`, the person playing seat `seat`. The
    /// invite comes as [`OnlineGame::invite`]. The record is saved after every move in
    /// `records` (the app's data folder's `online/`), if given.
    pub fn offer(
        plugins: &PluginSet,
        (game, options, seat, clock): (&str, Options, u8, Option<TimeControl>),
        settings: NetSettings,
        exe: PathBuf,
        records: Option<PathBuf>,
    ) -> Self {
        let names = seat_names(plugins, game);
        let all = plugins.clone();
        let game = game.to_owned();
        Self::start(names, exe.clone(), move |player, tx| {
            let plugins = all;
            let plugin = plugins.require(&game)?;
            let offer = Offer {
                plugin,
                options,
                seat,
                clock,
                player,
                settings,
                record: record_path(records.as_deref(), &game),
                reconnect: RECONNECT,
                wait: Duration::from_secs(3600),
                exe,
                resume: None,
            };
            host(offer, tx)
        })
    }

    /// Joins the game of `invite`, to play or, with `watch`, only to watch.
    /// The record is saved after every move in `records`, if given.
    pub fn join(
        plugins: &PluginSet,
        (invite, watch): (&str, bool),
        settings: NetSettings,
        exe: PathBuf,
        records: Option<PathBuf>,
    ) -> Self {
        let names = Invite::parse(invite.trim())
            .map(|i| seat_names(plugins, &i.game.id))
            .unwrap_or_default();
        let all = plugins.clone();
        let text = invite.trim().to_owned();
        Self::start(names, exe.clone(), move |player, tx| {
            let plugins = all;
            let invite = Invite::parse(&text)?;
            let record = record_path(records.as_deref(), &invite.game.id);
            let setup = JoinSetup {
                plugins: &plugins,
                invite,
                invite_text: text.clone(),
                player,
                watch,
                settings,
                record,
                reconnect: RECONNECT,
                exe,
                resume: None,
            };
            join(setup, tx)
        })
    }

    /// Resumes the network game of the record `path` that stopped before its end (this
    /// app closed or crashed): as its host, under the same invite, or as the player or
    /// spectator it was, from the record's secrets; the record goes on being saved there.
    pub fn resume(plugins: &PluginSet, path: PathBuf, settings: NetSettings, exe: PathBuf) -> Self {
        let names = Record::read(&path)
            .map(|r| seat_names(plugins, &r.game))
            .unwrap_or_default();
        let all = plugins.clone();
        Self::start(names, exe.clone(), move |player, tx| {
            let plugins = all;
            let record = Record::read(&path).map_err(|error| OnlineError::Record {
                file: path.clone(),
                error: error.into(),
            })?;
            let net = record
                .net
                .clone()
                .ok_or_else(|| OnlineError::NotNetwork { file: path.clone() })?;
            if net.role == "host" {
                let plugin = plugins.require(&record.game)?;
                let options = Options::resolve(&plugin.manifest().options, &record.options)
                    .map_err(|error| OnlineError::Options {
                        file: path.clone(),
                        error,
                    })?;
                let clock = record.clock.as_ref().map(|c| TimeControl {
                    per_game_ms: c.per_game_ms,
                    increment_ms: c.increment_ms,
                });
                let offer = Offer {
                    plugin,
                    options,
                    seat: net.seat.unwrap_or(0),
                    clock,
                    player,
                    settings,
                    record: Some(path.clone()),
                    reconnect: RECONNECT,
                    wait: Duration::from_secs(3600),
                    exe,
                    resume: Some(record),
                };
                return host(offer, tx);
            }
            let setup = JoinSetup {
                plugins: &plugins,
                invite: Invite::parse(&net.invite)?,
                invite_text: net.invite.clone(),
                player,
                watch: net.role == "spectator",
                settings,
                record: Some(path.clone()),
                reconnect: RECONNECT,
                exe,
                resume: Some(record),
            };
            join(setup, tx)
        })
    }
}

/// The seats' names of `game` (none if it is not here).
fn seat_names(plugins: &PluginSet, game: &str) -> Vec<String> {
    plugins
        .game(game)
        .map(|p| p.manifest().seat_names.clone())
        .unwrap_or_default()
}

/// How long a dropped connection is waited for (and retried) before the game stops.
const RECONNECT: Duration = Duration::from_secs(120);

/// Runs the offer on this thread, telling the view the invite and what happened; the
/// game's last status, or why it stopped.
fn host(offer: Offer<'_>, tx: &mpsc::Sender<Update>) -> Result<String, OnlineError> {
    let tx_invite = tx.clone();
    let mut on_invite = move |text: &str, open: usize| {
        let _ = tx_invite.send(Update::Invite(text.to_owned(), open));
    };
    Ok(crate::net::host(offer, &mut on_invite, reporter(tx))?
        .snapshot
        .view
        .status)
}

/// Runs the joining side on this thread; the game's last status, or why it stopped.
fn join(setup: JoinSetup<'_>, tx: &mpsc::Sender<Update>) -> Result<String, OnlineError> {
    Ok(crate::net::join(setup, reporter(tx))?.snapshot.view.status)
}

/// A new record file for a network game of `game` in `folder` (created), named by the
/// time: `kalah-1764633600.json`.
fn record_path(folder: Option<&std::path::Path>, game: &str) -> Option<PathBuf> {
    let folder = folder?;
    std::fs::create_dir_all(folder).ok()?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Some(folder.join(format!("{game}-{secs}.json")))
}

fn reporter(tx: &mpsc::Sender<Update>) -> Box<dyn FnMut(&str)> {
    let tx = tx.clone();
    Box::new(move |text: &str| {
        let _ = tx.send(Update::Report(text.to_owned()));
    })
}
