//! The plugin process: every call the app makes into plugin code runs in a worker, a
//! child process of the same `tavola` binary (`tavola worker`), so that a plugin that
//! crashes, hangs or eats memory takes only its worker with it.
//!
//! - [`protocol`]: the typed messages, one JSON document per line, size-capped;
//! - `server`: the worker's side, one plugin and one game per worker; searches (bots,
//!   hints) on their own threads, in process with the plugin, so search keeps its speed;
//! - [`client`]: the app's side: [`Worker`] starts the process, sends requests, takes the
//!   answers, and turns a crash, a missed deadline or a broken message into a
//!   [`WorkerFailure`] that names what happened;
//! - [`RemoteGame`]: a game held by a worker, as the app uses it;
//! - [`process`]: starting children with a memory limit, and describing how they ended.

pub mod client;
pub mod process;
pub mod protocol;
mod remote;
mod server;

pub use client::{Poll, Worker, WorkerError, WorkerFailure, default_exe};
pub use protocol::{Reply, Request, Snapshot};
pub use remote::{RemoteGame, tables_dir};
pub use server::serve;
