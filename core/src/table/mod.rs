//! The table's parts that hold no drawing: what the play screen (`app`) is composed of,
//! each in its own file with its own tests, none of them importing a GUI crate.
//!
//! - [`Link`]: the seam between the table and the game's worker. [`RemoteGame`]
//!   (a plugin in its worker process) is one link; [`ScriptedLink`] answers from a
//!   script, so that the table's logic is tested without a window or a process.
//! - [`Position`]: the position as the worker last described it.
//! - [`Flow`]: paused, held, replaying; what a branch replaced.
//! - [`Clocks`]: when the running clock was read, whether its board is seen.
//! - [`Notes`]: the error, the event line, the plugin's failure, a question asked.
//! - [`Callouts`]: a move's events shown on the board where they happened, once the
//!   board has shown them.
//! - [`Repaint`]: how the table's logic asks for another frame, knowing no window.
//! - [`Referee`]: what may be played and when a move counts — [`LocalReferee`] for
//!   play at this computer, [`NetworkReferee`] for a network game,
//!   [`AnalysisReferee`] for the analysis board (its moves a [`Variations`] tree).
//!
//! [`RemoteGame`]: crate::worker::RemoteGame

mod analysis_referee;
mod callouts;
mod clocks;
mod flow;
mod link;
mod notes;
pub mod pile;
mod position;
pub mod referee;
mod repaint;
mod scripted;
mod variations;

pub use analysis_referee::AnalysisReferee;
pub use callouts::{Callout, Callouts, SHOWN_FOR};
pub use clocks::Clocks;
pub use flow::{Flow, Replaced};
pub use link::{Link, Restart, Started, Starter, worker_starter};
pub use notes::{Asking, Notes, PluginFailure};
pub use position::Position;
pub use referee::{LocalReferee, NetworkReferee, Referee};
pub use repaint::{NoRepaint, Repaint};
pub use scripted::{Answerer, Script, ScriptedLink};
pub use variations::{Played, Step, TreeError, Variations};
