//! The `tavola` binary: the command line ([`tavola_cli`]), which opens the desktop app
//! ([`tavola::app::run`]) when no command is given or with `tavola open`.

fn main() -> std::process::ExitCode {
    tavola_cli::main(tavola::app::run)
}
