//! *Play online*: offer a game to someone on another computer, or join one from its
//! invite, and play it at the table.
//!
//! The network game runs on a thread of its own ([`net::host`](crate::net::host()) or
//! [`net::join`](crate::net::join())), which checks every move and keeps the record.
//! The game is held once: that side sets the game up with this app's starter
//! (`online_worker.rs`), which starts the table's sandboxed worker and lends it to the
//! network side, whose every check plays through it. [`OnlineGame`] reads what that
//! side tells it ([`Update`]): while the other player is awaited it shows the invite;
//! once the game is set up it opens the table ([`Table`], on that worker) on which the
//! other players' seats are [`SeatKind::Remote`] and which shows what the network side
//! played, step by step (see `table::follow`). The game has one record too: the network
//! side's, which it writes (each move saved before it is sent) and lends with its first
//! update; the table's session follows that same value ([`Session::following`]), its
//! cursor moved along as the moves are shown. The person plays on that table as at any other; their moves,
//! resignation, draw offers and takeback requests go back to the network side as lines
//! (a move's notation, `resign`, `draw`, `takeback`, `yes`, `no`).

mod start;

use std::{collections::VecDeque, path::PathBuf, sync::mpsc, time::Duration};

use game_api::Turn;

use super::{
    Table,
    online_clocks::Clocks,
    online_error::OnlineError,
    online_worker::{Lent, SharedLink, Step},
};
use crate::{
    net::{AppPlayer, Invite, LocalPlayer, Update},
    record::{Record, SharedRecord},
    session::{SeatKind, Session},
};

/// What the person asked in the network game's bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarIntent {
    /// The answer to the other side's question (a draw offer, a takeback request).
    Answer(bool),
    /// Close the game (finished, or one this computer cannot show).
    Close,
}

/// A network game in progress, as this side knows it from its updates.
pub struct OnlineGame {
    /// The channels to and from the network side's thread.
    wires: Wires,
    /// The invite to show while players are awaited.
    pub invite: Option<String>,
    /// What the game said, newest last.
    pub reports: Vec<String>,
    /// Whether the network side waits for the person's move.
    pub your_turn: bool,
    /// A question waiting for the person's yes or no.
    pub question: Option<String>,
    /// How the game ended or why it stopped.
    pub finished: Option<Result<String, OnlineError>>,
    /// The clocks, as the game last told them.
    clocks: Clocks,
    /// What the table is opened with, as it comes.
    setup: Setup,
    /// The table, and what it has yet to show.
    shown: Shown,
    /// The game's listing on the local network.
    lan: LanListing,
}

/// The channels between the view and the network side's thread.
struct Wires {
    updates: mpsc::Receiver<Update>,
    lines: mpsc::Sender<String>,
    /// The person's side as the network side holds it: closed when this game is.
    player: AppPlayer,
    /// How the network side's thread ended (the game's last status, or why it stopped),
    /// sent after every update it sent.
    done: mpsc::Receiver<Result<String, OnlineError>>,
    /// The table's worker, once the network side has started it and lent it.
    lent: mpsc::Receiver<Result<Lent, OnlineError>>,
    /// What the network side played, in order.
    steps: mpsc::Receiver<Step>,
}

/// What the table is opened with once the game is set up.
struct Setup {
    /// The seats this side's person plays (none: watching), once the game is set up.
    seats: Option<Vec<u8>>,
    /// The game's one record, lent by the network side (which writes it) with its first
    /// update, and what the moves and ending were when it last said it changed.
    record: Option<(SharedRecord, GameKey)>,
    exe: PathBuf,
    /// The worker lent, until the table opens on it.
    worker: Option<Lent>,
    /// Why the table could not be opened.
    table_error: Option<OnlineError>,
}

/// The table and the network side's steps it has yet to show.
struct Shown {
    /// The table's end of the worker, to tell it where the table is.
    link: Option<SharedLink>,
    /// The steps come and not yet shown.
    queued: VecDeque<Step>,
    /// The table shows every move of the network side's record.
    synced: bool,
    /// The table, once the game is set up and its worker started.
    table: Option<Table>,
}

/// Whether and how the game offered is listed on the local network.
#[derive(Default)]
struct LanListing {
    /// Whether the game offered is to be listed on the local network.
    wanted: bool,
    /// Its listing while it waits for players, or why it could not be listed.
    listed: Option<Result<crate::net::lan::Announced, OnlineError>>,
}

impl OnlineGame {
    fn start(
        seat_names: Vec<String>,
        exe: PathBuf,
        run: impl FnOnce(LocalPlayer, &mpsc::Sender<Update>) -> Result<String, OnlineError>
        + Send
        + 'static,
    ) -> Self {
        let (tx_lines, rx_lines) = mpsc::channel();
        let (tx, updates) = mpsc::channel();
        let (tx_done, done) = mpsc::channel();
        let (tx_lent, lent) = mpsc::channel();
        let (tx_steps, steps) = mpsc::channel();
        let app_player = AppPlayer::new(rx_lines, tx.clone()).with_game(
            super::online_worker::starter(exe.clone(), tx_lent, tx_steps),
        );
        let player = LocalPlayer::App(app_player.clone());
        std::thread::spawn(move || {
            let _ = tx_done.send(run(player, &tx));
        });
        OnlineGame {
            wires: Wires {
                updates,
                lines: tx_lines,
                player: app_player,
                done,
                lent,
                steps,
            },
            invite: None,
            reports: Vec::new(),
            your_turn: false,
            question: None,
            finished: None,
            clocks: Clocks::new(seat_names),
            setup: Setup {
                seats: None,
                record: None,
                exe,
                worker: None,
                table_error: None,
            },
            shown: Shown {
                link: None,
                queued: VecDeque::new(),
                synced: false,
                table: None,
            },
            lan: LanListing::default(),
        }
    }

    /// Lists the game offered on the local network while it waits for players, if
    /// `yes` (see [`net::lan`](crate::net::lan)).
    pub fn listed_on_lan(mut self, yes: bool) -> Self {
        self.lan.wanted = yes;
        self
    }

    /// Takes the updates that came since the last frame, opens the table once the game
    /// is set up, and brings the table to the network side's record; sends the lines the
    /// person's table gave.
    pub fn logic(&mut self, ctx: &egui::Context, now: f64, step_seconds: f64) {
        // What the person did last frame goes first: their turn ends with it, before an
        // older "your turn" could give it back for a second move.
        self.send_lines();
        // The end is taken first and applied after the updates: every update the network
        // side sent before it is in by then.
        let done = self.wires.done.try_recv().ok();
        while let Ok(update) = self.wires.updates.try_recv() {
            match update {
                Update::Invite(text, _) => {
                    if self.lan.wanted && self.lan.listed.is_none() && self.setup.record.is_none() {
                        self.lan.listed = Some(
                            Invite::parse(&text)
                                .map_err(OnlineError::from)
                                .and_then(|i| Ok(crate::net::lan::Announced::start(&i)?)),
                        );
                    }
                    self.invite = Some(text);
                }
                Update::Seats(seats) => self.setup.seats = Some(seats),
                Update::Clocks(left) => self.clocks.set(left),
                Update::Away(away) => {
                    let running = self.running();
                    self.clocks.set_away(away, running);
                }
                Update::Record(record) => {
                    // Set up: the game is no longer offered on the local network.
                    if matches!(self.lan.listed, Some(Ok(_))) {
                        self.lan.listed = None;
                    }
                    // A record that changed ends the turn and the question asked; the
                    // same game again (a side that came back) leaves them as they were.
                    let key = record.read(GameKey::of);
                    if self
                        .setup
                        .record
                        .as_ref()
                        .is_none_or(|(_, old)| *old != key)
                    {
                        self.your_turn = false;
                        self.question = None;
                    }
                    self.setup.record = Some((record, key));
                }
                Update::YourTurn => self.your_turn = true,
                Update::Question(q) => self.question = Some(q),
                Update::Report(r) => {
                    // The answer to a request (or other news): the table no longer
                    // says that it waits for one.
                    if let Some(table) = &mut self.shown.table {
                        table.heard();
                    }
                    self.reports.push(r);
                }
            }
        }
        if let Some(result) = done {
            self.your_turn = false;
            self.question = None;
            // A game that ended or stopped is no longer offered.
            self.lan.listed = None;
            self.finished = Some(result);
        }
        self.shown.queued.extend(self.wires.steps.try_iter());
        self.open_table();
        self.follow(ctx, now, step_seconds);
        self.send_lines();
    }

    /// Shows at the table what the network side played (one step at a time, the last
    /// one animated), then takes the record's endings and times; the person may move
    /// only once the table shows the game as it is.
    fn follow(&mut self, ctx: &egui::Context, now: f64, step_seconds: f64) {
        let Some(table) = &mut self.shown.table else {
            return;
        };
        table.logic(&super::repaint::Window(ctx), now, step_seconds);
        while table.ready_for_step()
            && let Some(step) = self.shown.queued.pop_front()
        {
            if let Some(link) = &self.shown.link {
                link.table_at(step.moves());
            }
            let seconds = if self.shown.queued.is_empty() {
                step_seconds
            } else {
                0.0
            };
            table.follow(step, now, seconds);
        }
        let synced = self.shown.queued.is_empty() && table.ready_for_step() && table.shows_all();
        if synced {
            table.follow_record();
        }
        self.shown.synced = synced;
        table.set_your_turn(self.your_turn && self.shown.synced && self.finished.is_none());
    }

    /// Sends the lines the person's table gave to the network side; each ends the
    /// person's turn.
    fn send_lines(&mut self) {
        let Some(table) = &mut self.shown.table else {
            return;
        };
        for line in table.take_lines() {
            self.your_turn = false;
            table.set_your_turn(false);
            let _ = self.wires.lines.send(line);
        }
    }

    /// Opens the table on the worker the network side lent, once the game is set up
    /// (its record and this side's seats known).
    fn open_table(&mut self) {
        if self.shown.table.is_some() || self.setup.table_error.is_some() {
            return;
        }
        match self.wires.lent.try_recv() {
            Ok(Ok(lent)) => self.setup.worker = Some(lent),
            Ok(Err(e)) => {
                self.setup.table_error = Some(e);
                return;
            }
            Err(_) => {}
        }
        let (Some((record, _)), Some(seats)) = (&self.setup.record, &self.setup.seats) else {
            return;
        };
        let Some(lent) = self.setup.worker.take() else {
            return;
        };
        let kinds = (0..lent.snapshot.seat_count)
            .map(|s| {
                if seats.contains(&s) {
                    SeatKind::Person
                } else {
                    SeatKind::Remote
                }
            })
            .collect();
        let session = Session::following(&lent.plugin, &lent.options, kinds, record.clone());
        self.shown.link = Some(lent.link.clone());
        let mut table = Table::new(session, lent.link, lent.snapshot, self.setup.exe.clone());
        table.follow_network();
        self.shown.table = Some(table);
    }

    /// Whether the game is offered or being played (neither over nor stopped): leaving
    /// it then leaves the other player waiting.
    pub fn in_progress(&self) -> bool {
        self.finished.is_none()
    }

    /// The table, once the game is set up.
    pub fn table(&self) -> Option<&Table> {
        self.shown.table.as_ref()
    }

    /// The table, to carry out what the person asked at it.
    pub fn table_mut(&mut self) -> Option<&mut Table> {
        self.shown.table.as_mut()
    }

    /// Whether the board can be drawn (the table is open).
    pub fn shows_board(&self) -> bool {
        self.shown.table.is_some()
    }

    /// Whether the board is drawn turned (the person plays seat 1, drawn at the bottom).
    pub fn turned(&self) -> bool {
        self.shown.table.as_ref().is_some_and(|t| t.board().flipped)
    }

    fn send(&mut self, line: &str) {
        let _ = self.wires.lines.send(line.to_owned());
    }

    /// Carries out what the person asked in the bar ([`OnlineGame::bar_ui`]); returns
    /// whether the game is closed.
    pub fn apply(&mut self, intent: BarIntent) -> bool {
        match intent {
            BarIntent::Answer(yes) => {
                if self.question.take().is_some() {
                    self.send(if yes { "yes" } else { "no" });
                }
                false
            }
            BarIntent::Close => true,
        }
    }

    /// Draws what the table does not: the invite while players are awaited, the
    /// clocks, the other side's questions, what the game said and how it ended. Returns
    /// what the person asked (an answer, closing the game), carried out by
    /// [`OnlineGame::apply`].
    pub fn bar_ui(&self, ui: &mut egui::Ui) -> Vec<BarIntent> {
        let mut intents = Vec::new();
        if let Some(invite) = self.invite.clone().filter(|_| self.setup.record.is_none()) {
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
        if self.shown.table.is_none() && self.finished.is_none() && self.setup.table_error.is_none()
        {
            // Waiting for the players, or for the game to be set up: the person may
            // give up (the offer is withdrawn).
            if ui.button(crate::tr!("cancel")).clicked() {
                intents.push(BarIntent::Close);
            }
        }
        self.clocks.ui(ui, self.running());
        if let Some(Err(e)) = &self.lan.listed {
            ui.small(crate::tr!("online-lan-failed", error = e.to_string()));
        }
        if let Some(e) = &self.setup.table_error {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
        // One line, always there, of the same height: what it says never moves the
        // board below.
        ui.horizontal(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y);
            self.status_ui(ui, &mut intents);
        });
        if self.shown.table.is_none() || self.finished.is_none() {
            // The game's updates come from its own thread: look for them often.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        intents
    }

    /// The bar's status line: the other side's question with its answers, else how the
    /// game ended (and *Close*), else what the game said last (the ones before it on
    /// hover) and, when this computer cannot show the game, *Leave the game*.
    fn status_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<BarIntent>) {
        if let Some(q) = &self.question {
            ui.strong(q.as_str());
            if ui.button(crate::tr!("online-yes")).clicked() {
                intents.push(BarIntent::Answer(true));
            }
            if ui.button(crate::tr!("online-no")).clicked() {
                intents.push(BarIntent::Answer(false));
            }
            return;
        }
        if let Some(result) = &self.finished {
            let text = match result {
                Ok(status) => crate::tr!("online-over", status = status.clone()),
                Err(e) => crate::tr!("online-stopped", error = e.to_string()),
            };
            ui.label(text);
            if ui.button(crate::tr!("online-close")).clicked() {
                intents.push(BarIntent::Close);
            }
            return;
        }
        if self.setup.table_error.is_some() {
            // This computer cannot show the game: the person may leave it (the other
            // side then waits for this one, as for a dropped connection).
            if ui.button(crate::tr!("online-leave")).clicked() {
                intents.push(BarIntent::Close);
            }
        }
        if let Some(last) = self.reports.last() {
            let said = ui.add(egui::Label::new(last.as_str()).truncate());
            if self.reports.len() > 1 {
                let earlier: Vec<&str> = self
                    .reports
                    .iter()
                    .rev()
                    .take(6)
                    .map(String::as_str)
                    .collect();
                said.on_hover_text(earlier.join("\n"));
            }
        }
    }

    /// The seat whose clock runs: the seat to move, unless the game is over or waits
    /// for a player who is away.
    fn running(&self) -> Option<u8> {
        match self.shown.table.as_ref()?.turn() {
            Turn::Seat { seat } if self.finished.is_none() && !self.clocks.away => Some(*seat),
            _ => None,
        }
    }
}

impl Drop for OnlineGame {
    /// A game closed in the app (an offer cancelled, a game left) stops its network side
    /// if it still waits for players; one in progress sees its lines end.
    fn drop(&mut self) {
        self.wires.player.close();
    }
}

/// What tells one state of a network game from another: its moves and its ending,
/// hashed (the record itself is the network side's; no copy of it is kept here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct GameKey(u64);

impl GameKey {
    fn of(record: &Record) -> Self {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{:?}", record.ending).hash(&mut h);
        for m in &record.moves {
            (m.id, &m.notation).hash(&mut h);
        }
        GameKey(h.finish())
    }
}
