//! `cgt`: impartial games at the shell.
//!
//! The program only parses, calls `cgt-core` and `cgt-games`, and prints. Every failure is one
//! line on stderr and exit status 2.

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

mod cli;
mod commands;

fn main() -> ExitCode {
    let arguments = match cli::Cli::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return cli::report_parse_error(&error),
    };
    let mut stdout = std::io::stdout().lock();
    match commands::run(arguments, &mut stdout) {
        Ok(()) => {
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(error) => {
            let _ = stdout.flush();
            eprintln!("cgt: {error}");
            ExitCode::from(2)
        }
    }
}
