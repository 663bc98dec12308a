//! `onag`: impartial games at the shell.
//!
//! The program only parses, calls `onag-core` and `onag-games`, and prints. Every failure is one
//! line on stderr and exit status 2.

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Parser as _;

mod cli;
mod commands;
mod progress;
mod serve;

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
const INTERRUPTED: u8 = 130;

/// How long a Ctrl-C waits for a computation to notice it (engines look every 100 ms, the
/// sequence engine at each batch) before the process ends anyway: at a prompt, or while output
/// is written, nothing looks.
const NOTICE_WITHIN: Duration = Duration::from_secs(1);

/// Ctrl-C and SIGTERM stop the computation under way, so that it writes its checkpoint and
/// the program ends with one line and status 130; a second signal, or one that no computation
/// notices within [`NOTICE_WITHIN`], ends the process at once.
fn stop_on_interrupt(stop: &onag_core::Stop) {
    static SIGNALLED: AtomicBool = AtomicBool::new(false);
    let stop = stop.clone();
    let installed = ctrlc::set_handler(move || {
        if SIGNALLED.swap(true, Ordering::Relaxed) {
            progress::clear();
            std::process::exit(i32::from(INTERRUPTED));
        }
        stop.request();
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(NOTICE_WITHIN);
            if !stop.observed() {
                progress::clear();
                let _ = writeln!(std::io::stderr(), "onag: interrupted");
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
    });
    // Without a handler (none can be installed), a signal ends the process as it always did.
    drop(installed);
}

fn main() -> ExitCode {
    let arguments = match cli::Cli::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return cli::report_parse_error(&error),
    };
    if let Some(seconds) = arguments.log_every {
        progress::log_every(Duration::from_secs(seconds));
    }
    let stop = onag_core::Stop::new();
    stop_on_interrupt(&stop);
    // Whatever is printed clears the progress line first.
    let mut stdout = progress::Clearing(std::io::stdout().lock());
    // The last of the output may fail only when it is flushed (a full disk): that is an
    // error like any other.
    let result = stop.run(|| {
        commands::run(arguments, &mut stdout)
            .and_then(|()| stdout.flush().map_err(commands::Error::Output))
    });
    progress::clear();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of the output went away during the computation: as a closed pipe below.
        Err(error) if error.is_interrupted() && progress::output_gone() => ExitCode::SUCCESS,
        Err(error) if error.is_interrupted() => {
            let _ = stdout.flush();
            let _ = writeln!(std::io::stderr(), "onag: {error}");
            ExitCode::from(INTERRUPTED)
        }
        // The reader went away (`onag ... | head`): a Unix tool ends quietly.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            let _ = stdout.flush();
            let _ = writeln!(
                std::io::stderr(),
                "onag: {}",
                commands::shortened(&error.to_string())
            );
            ExitCode::from(2)
        }
    }
}
