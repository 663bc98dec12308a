//! `cgt`: impartial games at the shell.
//!
//! The program only parses, calls `cgt-core` and `cgt-games`, and prints. Every failure is one
//! line on stderr and exit status 2.

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

mod cli;
mod commands;
mod progress;

fn main() -> ExitCode {
    let arguments = match cli::Cli::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return cli::report_parse_error(&error),
    };
    // Whatever is printed clears the progress line first.
    let mut stdout = progress::Clearing(std::io::stdout().lock());
    // The last of the output may fail only when it is flushed (a full disk): that is an
    // error like any other.
    let result = commands::run(arguments, &mut stdout)
        .and_then(|()| stdout.flush().map_err(commands::Error::Output));
    progress::clear();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`cgt ... | head`): a Unix tool ends quietly.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            let _ = stdout.flush();
            let _ = writeln!(
                std::io::stderr(),
                "cgt: {}",
                commands::shortened(&error.to_string())
            );
            ExitCode::from(2)
        }
    }
}
