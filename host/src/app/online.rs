//! *Play online*: offer a game to someone on another computer, or join one from its
//! invite, and play it on the board (see [`net`](crate::net)).
//!
//! The network game runs on a thread of its own ([`net::host`](crate::net::host()) or
//! [`net::join`](crate::net::join())) with its own sandboxed worker; this view only reads
//! what the game tells it ([`Update`]) and sends the person's lines (a move's notation,
//! `resign`, `draw`, `takeback`, `yes`, `no`).

use std::{path::PathBuf, sync::mpsc, time::Duration};

use game_api::{Layout, Options, SiteId, Turn};

use super::{BoardView, Marks, board::contents_of};
use crate::{
    net::{AppPlayer, Invite, JoinSetup, LocalPlayer, NetSettings, Offer, TimeControl, Update},
    plugins::PluginSet,
    record::Record,
    worker::Snapshot,
};

/// A network game in progress, as this view knows it from its updates.
pub struct OnlineGame {
    updates: mpsc::Receiver<Update>,
    lines: mpsc::Sender<String>,
    /// The board layout (from the first position).
    layout: Option<Layout>,
    /// The position now.
    snapshot: Option<Snapshot>,
    /// The invite to show while players are awaited.
    pub invite: Option<String>,
    /// What the game said, newest last.
    pub reports: Vec<String>,
    /// Whether the person is to move.
    pub your_turn: bool,
    /// A question waiting for the person's yes or no.
    pub question: Option<String>,
    /// How the game ended or why it stopped.
    pub finished: Option<Result<String, String>>,
    selected: Vec<SiteId>,
    board: BoardView,
    /// Each seat's time left when the game last said, and when that was.
    clocks: Option<(Vec<u64>, std::time::Instant)>,
    /// The seats' names, from the game's manifest (for the clocks).
    seat_names: Vec<String>,
}

impl OnlineGame {
    fn start(
        seat_names: Vec<String>,
        run: impl FnOnce(LocalPlayer, mpsc::Sender<Update>) + Send + 'static,
    ) -> Self {
        let (tx_lines, rx_lines) = mpsc::channel();
        let (tx, updates) = mpsc::channel();
        let player = LocalPlayer::App(AppPlayer::new(rx_lines, tx.clone()));
        std::thread::spawn(move || run(player, tx));
        OnlineGame {
            updates,
            lines: tx_lines,
            layout: None,
            snapshot: None,
            invite: None,
            reports: Vec::new(),
            your_turn: false,
            question: None,
            finished: None,
            selected: Vec::new(),
            board: BoardView::default(),
            clocks: None,
            seat_names,
        }
    }

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
        let plugins = plugins.clone();
        let game = game.to_owned();
        Self::start(names, move |player, tx| {
            let result = (|| {
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
                host(offer, &tx)
            })();
            let _ = tx.send(Update::Finished(result));
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
        let plugins = plugins.clone();
        let text = invite.trim().to_owned();
        Self::start(names, move |player, tx| {
            let result = (|| {
                let invite = Invite::parse(&text).map_err(|e| e.to_string())?;
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
                join(setup, &tx)
            })();
            let _ = tx.send(Update::Finished(result));
        })
    }

    /// Resumes the network game of the record `path` that stopped before its end (this
    /// app closed or crashed): as its host, under the same invite, or as the player or
    /// spectator it was, from the record's secrets; the record goes on being saved there.
    pub fn resume(plugins: &PluginSet, path: PathBuf, settings: NetSettings, exe: PathBuf) -> Self {
        let names = Record::read(&path)
            .map(|r| seat_names(plugins, &r.game))
            .unwrap_or_default();
        let plugins = plugins.clone();
        Self::start(names, move |player, tx| {
            let result = (|| {
                let record = Record::read(&path).map_err(|e| e.to_string())?;
                let net = record.net.clone().ok_or_else(|| {
                    crate::tr!("online-not-network", file = path.display().to_string())
                })?;
                if net.role == "host" {
                    let plugin = plugins.require(&record.game)?;
                    let options = Options::resolve(&plugin.manifest().options, &record.options)
                        .map_err(|e| e.to_string())?;
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
                    return host(offer, &tx);
                }
                let setup = JoinSetup {
                    plugins: &plugins,
                    invite: Invite::parse(&net.invite).map_err(|e| e.to_string())?,
                    invite_text: net.invite.clone(),
                    player,
                    watch: net.role == "spectator",
                    settings,
                    record: Some(path.clone()),
                    reconnect: RECONNECT,
                    exe,
                    resume: Some(record),
                };
                join(setup, &tx)
            })();
            let _ = tx.send(Update::Finished(result));
        })
    }

    /// Takes the updates that came since the last frame.
    pub fn logic(&mut self) {
        while let Ok(update) = self.updates.try_recv() {
            match update {
                Update::Invite(text, _) => self.invite = Some(text),
                // The board faces the person: seat 0 is drawn at the bottom, so a person
                // in seat 1 sees it turned.
                Update::Seats(seats) => self.board.flipped = seats == [1],
                Update::Clocks(left) => self.clocks = Some((left, std::time::Instant::now())),
                Update::Position(snapshot) => {
                    if snapshot.layout.is_some() {
                        self.layout.clone_from(&snapshot.layout);
                    }
                    self.your_turn = false;
                    self.selected.clear();
                    self.snapshot = Some(*snapshot);
                }
                Update::YourTurn => self.your_turn = true,
                Update::Question(q) => self.question = Some(q),
                Update::Report(r) => self.reports.push(r),
                Update::Finished(result) => {
                    self.your_turn = false;
                    self.finished = Some(result);
                }
            }
        }
    }

    /// Whether the board can be drawn (its layout and a position have come).
    pub fn shows_board(&self) -> bool {
        self.layout.is_some() && self.snapshot.is_some()
    }

    /// Whether the board is drawn turned (the person plays seat 1, drawn at the bottom).
    pub fn turned(&self) -> bool {
        self.board.flipped
    }

    fn send(&mut self, line: &str) {
        let _ = self.lines.send(line.to_owned());
    }

    /// Draws the game: the invite while players are awaited, the board, the person's
    /// moves and offers, the answers to questions, and what the game said. Returns true
    /// when the person closes a finished game.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let mut close = false;
        if let Some(invite) = self.invite.clone().filter(|_| self.snapshot.is_none()) {
            ui.label(crate::tr!("online-waiting"));
            // The button first: the invite is long, and is cut to the width left.
            ui.horizontal(|ui| {
                if ui.button(crate::tr!("online-copy")).clicked() {
                    ui.ctx().copy_text(invite.clone());
                }
                ui.add(egui::Label::new(egui::RichText::new(&invite).monospace()).truncate());
            });
            if super::qr_ui(ui, &invite, 260.0).is_some() {
                ui.small(crate::tr!("online-qr"));
            }
        }
        if let Some(snapshot) = &self.snapshot {
            ui.label(&snapshot.view.status);
        }
        self.clocks_ui(ui);
        if let Some(q) = self.question.clone() {
            ui.horizontal(|ui| {
                ui.label(q);
                if ui.button(crate::tr!("online-yes")).clicked() {
                    self.send("yes");
                    self.question = None;
                }
                if ui.button(crate::tr!("online-no")).clicked() {
                    self.send("no");
                    self.question = None;
                }
            });
        }
        if let Some(result) = &self.finished {
            let text = match result {
                Ok(status) => crate::tr!("online-over", status = status.clone()),
                Err(e) => crate::tr!("online-stopped", error = e.clone()),
            };
            ui.horizontal(|ui| {
                ui.label(text);
                close = ui.button(crate::tr!("online-close")).clicked();
            });
        }
        if self.your_turn {
            self.turn_ui(ui);
        }
        for r in self.reports.iter().rev().take(3) {
            ui.small(r);
        }
        self.board_ui(ui);
        close
    }

    /// The time each seat has left, the clock of the seat to move running down.
    fn clocks_ui(&self, ui: &mut egui::Ui) {
        let (Some((left, since)), Some(snapshot)) = (&self.clocks, &self.snapshot) else {
            return;
        };
        let running = match snapshot.turn {
            Turn::Seat { seat } if self.finished.is_none() => Some(seat),
            _ => None,
        };
        ui.horizontal(|ui| {
            for (seat, &ms) in left.iter().enumerate() {
                let now = if running == Some(seat as u8) {
                    ms.saturating_sub(since.elapsed().as_millis() as u64)
                } else {
                    ms
                };
                let name = self
                    .seat_names
                    .get(seat)
                    .cloned()
                    .unwrap_or_else(|| crate::tr!("seat-number", number = seat + 1));
                let text = crate::tr!(
                    "online-clock",
                    seat = name,
                    time = crate::ending::clock_text(now)
                );
                let text = egui::RichText::new(text).monospace();
                ui.label(if running == Some(seat as u8) {
                    text.strong()
                } else {
                    text
                });
            }
        });
        if running.is_some() {
            ui.ctx().request_repaint_after(Duration::from_millis(200));
        }
    }

    /// The person's moves (by name, for any game) and offers.
    fn turn_ui(&mut self, ui: &mut egui::Ui) {
        let Some(snapshot) = &self.snapshot else {
            return;
        };
        let notations: Vec<String> = snapshot.moves.iter().map(|m| m.notation.clone()).collect();
        let mut line = None;
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!("online-your-move"));
            for n in &notations {
                if ui.button(n).clicked() {
                    line = Some(n.clone());
                }
            }
            ui.separator();
            if ui.button(crate::tr!("cmd-offer-draw")).clicked() {
                line = Some("draw".into());
            }
            if ui.button(crate::tr!("online-takeback")).clicked() {
                line = Some("takeback".into());
            }
            if ui.button(crate::tr!("cmd-resign")).clicked() {
                line = Some("resign".into());
            }
        });
        if let Some(l) = line {
            self.your_turn = false;
            self.send(&l);
        }
    }

    fn board_ui(&mut self, ui: &mut egui::Ui) {
        let (Some(layout), Some(snapshot)) = (&self.layout, &self.snapshot) else {
            return;
        };
        let mut marks = Marks::default();
        let playable = self.your_turn && matches!(snapshot.turn, Turn::Seat { .. });
        if playable {
            for m in &snapshot.moves {
                if m.sites.starts_with(&self.selected) && m.sites.len() > self.selected.len() {
                    marks.targets.insert(m.sites[self.selected.len()]);
                }
            }
        }
        marks.selected.clone_from(&self.selected);
        let contents = contents_of(&snapshot.view);
        let response = self.board.ui(ui, layout, &contents, &marks);
        if let Some(site) = response.clicked.filter(|s| marks.targets.contains(s)) {
            self.selected.push(site);
            let done: Vec<&game_api::MoveInfo> = snapshot
                .moves
                .iter()
                .filter(|m| m.sites == self.selected)
                .collect();
            // A move the clicks name alone is played; moves that share their sites (a
            // choice of direction) are played from their buttons above the board.
            if let [only] = done.as_slice() {
                let line = only.notation.clone();
                self.your_turn = false;
                self.selected.clear();
                self.send(&line);
            }
        }
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
fn host(offer: Offer<'_>, tx: &mpsc::Sender<Update>) -> Result<String, String> {
    let tx_invite = tx.clone();
    let mut on_invite = move |text: &str, open: usize| {
        let _ = tx_invite.send(Update::Invite(text.to_owned(), open));
    };
    crate::net::host(offer, &mut on_invite, reporter(tx))
        .map(|o| o.snapshot.view.status)
        .map_err(|e| e.to_string())
}

/// Runs the joining side on this thread; the game's last status, or why it stopped.
fn join(setup: JoinSetup<'_>, tx: &mpsc::Sender<Update>) -> Result<String, String> {
    crate::net::join(setup, reporter(tx))
        .map(|o| o.snapshot.view.status)
        .map_err(|e| e.to_string())
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
