//! The `tavola` binary: the desktop app, or a command-line tool with a subcommand.

fn main() -> std::process::ExitCode {
    tavola::cli::main()
}
