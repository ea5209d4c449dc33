//! The plugin process: every call the app makes into plugin code runs in a worker, a
//! child process of the same `tavola` binary (`tavola worker`), so that a plugin that
//! crashes, hangs or eats memory takes only its worker with it.
//!
//! - [`protocol`]: the typed messages, one JSON document per line, size-capped;
//! - `server`: the worker's side, one plugin and one game per worker; searches (bots,
//!   hints) on their own threads, in process with the plugin, so search keeps its speed;
//!   a bot's move played by the worker itself (one round trip);
//! - `seats`: the bots a worker keeps between turns, one per seat, told the actions
//!   played since their last turn;
//! - [`client`]: the app's side: [`Worker`] starts the process, sends requests, takes the
//!   answers, and turns a crash, a missed deadline or a broken message into a
//!   [`WorkerFailure`] that names what happened;
//! - `checks`: the app's checks on every answer, with the limits the plugin's handle
//!   applies (a worker is the plugin's own process: it may send anything);
//! - [`RemoteGame`]: a game held by a worker, as the app uses it;
//! - [`process`]: starting children with a memory limit, and describing how they ended.

mod checks;
pub mod client;
pub mod process;
pub mod protocol;
mod remote;
mod seats;
mod server;
pub mod watch;

pub use client::{Abandon, Poll, Slow, Worker, WorkerError, WorkerFailure, default_exe};
pub use protocol::{BotTrace, Reply, Request, Snapshot};
pub use remote::hint_request;
pub use remote::{BotMoved, RemoteGame, tables_dir};
pub use server::serve;
