//! `onag serve`: the explorer, a local web page served by the program itself.
//!
//! Threads, all started at once and never more: the listener (the calling thread), which
//! accepts connections and hands each to a bounded queue; `READERS` readers, which read a
//! request, answer pages, assets, the catalogue and progress themselves, and hand a computation
//! to one of two pools, each with a bounded queue: the quick pool (positions and nimbers,
//! `QUICK_WORKERS_FACTOR` x `--workers` threads, where a computation may run `QUICK_SLICE`
//! before it moves to the long pool) and the long pool (sequences, quotients, graphs,
//! `--workers` threads); and the watchdog of [`jobs`]. A full queue is answered 503 at once.
//! Each computation runs under a `Stop`, its reports going to its job
//! ([`crate::progress::reporting_to`]), with no file read ([`onag_games::without_files`]), and
//! a panic in it is answered 500 without ending the server.

mod api;
mod connections;
mod http;
mod jobs;

use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

use api::{Failure, Lane, Route, What, Work};
use connections::{Connection, Incoming, Replier};
use http::{Reply, Request};

use crate::cli::ServeArgs;
use crate::commands::Error;

/// Threads that take requests once they have arrived whole, answer the cheap ones and hand
/// computations to the pools. They never wait on a client: the connections' loop does.
const READERS: usize = 4;

/// Whole requests waiting for a reader; more are answered 503.
const WAITING_REQUESTS: usize = 256;

/// What the server allows each request, from its flags.
pub struct Settings {
    pub max_positions: u64,
    pub max_options: u64,
    pub max_memory: u64,
    pub max_seconds: f64,
    pub max_sequence: u64,
    pub max_graph: u64,
    pub max_moves: u64,
    pub max_upload: usize,
    pub queue: usize,
    /// The names a request's `Host` may give, with or without the port, against DNS
    /// rebinding: localhost, the loopback addresses, the address listened on and every
    /// `--allow-host`.
    pub hosts: Vec<String>,
}

impl Settings {
    fn budget(&self) -> onag_core::Budget {
        onag_core::Budget {
            positions: self.max_positions,
            options: self.max_options,
            memory: self.max_memory,
        }
    }
}

/// A computation waiting for a worker: the connection to answer on, the work and its body.
struct Task {
    connection: Connection,
    work: Work,
    body: Vec<u8>,
}

/// Everything the threads share.
struct Shared {
    settings: Settings,
    jobs: jobs::Jobs,
    quick: SyncSender<Task>,
    long: SyncSender<Task>,
    replier: Replier,
}

/// Serves the explorer until the process is stopped.
pub fn run(arguments: &ServeArgs, out: &mut dyn Write) -> Result<(), Error> {
    let host: IpAddr = arguments.host;
    let listener = TcpListener::bind(SocketAddr::new(host, arguments.port)).map_err(|error| {
        Error::Usage(format!(
            "cannot listen on {}: {error}",
            SocketAddr::new(host, arguments.port)
        ))
    })?;
    let address = listener.local_addr().map_err(Error::Output)?;
    let url = format!("http://{address}/");
    let hosts = allowed_hosts(host, address.port(), &arguments.allow_host);
    let workers = arguments.workers;
    let settings = Settings {
        max_positions: arguments.max_positions,
        max_options: arguments.max_options,
        max_memory: arguments.max_memory,
        max_seconds: arguments.max_seconds,
        max_sequence: arguments.max_sequence,
        max_graph: arguments.max_graph,
        max_moves: arguments.max_moves,
        max_upload: arguments.max_upload as usize,
        queue: arguments.queue,
        hosts,
    };
    if !host.is_loopback() {
        let _ = writeln!(
            std::io::stderr(),
            "onag serve: warning: listening on {host}, reachable from other machines; the explorer has no login. \
             Requests must name it as one of: {} (add names with --allow-host)",
            settings.hosts.join(", ")
        );
    }
    // Cheap requests wait in a longer queue: they are answered in milliseconds.
    let (quick, quick_tasks) = sync_channel(settings.queue * QUICK_QUEUE_FACTOR);
    let (long, long_tasks) = sync_channel(settings.queue);
    let (ready, waiting) = sync_channel::<Incoming>(WAITING_REQUESTS);
    let (connections, replier) = connections::new(listener, settings.max_upload, ready)
        .map_err(|error| Error::Usage(format!("cannot start the server: {error}")))?;
    let shared = Arc::new(Shared {
        jobs: jobs::Jobs::new(),
        settings,
        quick,
        long,
        replier,
    });
    let spawn = |name: String, body: Box<dyn FnOnce() + Send>| {
        std::thread::Builder::new()
            .name(name)
            .spawn(body)
            .map_err(|error| Error::Usage(format!("cannot start the server's threads: {error}")))
    };
    for (lane, tasks, count) in [
        (Lane::Quick, quick_tasks, workers * QUICK_WORKERS_FACTOR),
        (Lane::Long, long_tasks, workers),
    ] {
        let tasks = Arc::new(Mutex::new(tasks));
        for index in 0..count {
            let shared = Arc::clone(&shared);
            let tasks = Arc::clone(&tasks);
            spawn(
                format!("onag-{lane:?}-{index}").to_lowercase(),
                Box::new(move || work_on(&shared, lane, &tasks)),
            )?;
        }
    }
    let waiting = Arc::new(Mutex::new(waiting));
    for index in 0..READERS {
        let shared = Arc::clone(&shared);
        let waiting = Arc::clone(&waiting);
        spawn(
            format!("onag-reader-{index}"),
            Box::new(move || read_on(&shared, &waiting)),
        )?;
    }
    {
        let shared = Arc::clone(&shared);
        spawn(
            "onag-watchdog".into(),
            Box::new(move || shared.jobs.watch()),
        )?;
    }
    writeln!(
        out,
        "onag serve: the explorer is at {url} (each request may take {} s and {} MB; Ctrl-C stops the server)",
        shared.settings.max_seconds,
        shared.settings.max_memory >> 20
    )?;
    out.flush()?;
    if arguments.open {
        open_browser(&url);
    }
    connections.run();
    Ok(())
}

/// The names a request's `Host` may give: localhost and the loopback addresses, the address
/// listened on, and each of `extra`; each alone and with `:port`.
fn allowed_hosts(host: IpAddr, port: u16, extra: &[String]) -> Vec<String> {
    let listened = match host {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    let mut names: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
        .into_iter()
        .map(str::to_string)
        .collect();
    if !host.is_unspecified() {
        names.push(listened);
    }
    names.extend(extra.iter().map(|name| name.to_ascii_lowercase()));
    let mut hosts = Vec::with_capacity(names.len() * 2);
    for name in names {
        if !hosts.contains(&name) {
            hosts.push(format!("{name}:{port}"));
            hosts.push(name);
        }
    }
    hosts
}

/// Asks the desktop to open `url` in a browser; a warning if it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_err()
    {
        let _ = writeln!(
            std::io::stderr(),
            "onag serve: cannot start {opener} to open the browser; open {url} yourself"
        );
    }
}

/// A reader: takes requests that have arrived whole, one at a time, and answers them or hands
/// them to a pool.
fn read_on(shared: &Shared, waiting: &Mutex<Receiver<Incoming>>) {
    loop {
        let next = waiting
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .recv();
        let Ok(Incoming {
            connection,
            request,
        }) = next
        else {
            return;
        };
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| dispatch(shared, request)));
        match outcome {
            Ok(Dispatched::Answer(reply)) => shared.replier.send(connection, &reply),
            Ok(Dispatched::Queue(work, body)) => {
                let sender = match work.lane {
                    Lane::Quick => &shared.quick,
                    Lane::Long => &shared.long,
                };
                let task = Task {
                    connection,
                    work,
                    body,
                };
                match sender.try_send(task) {
                    Ok(()) => {}
                    Err(TrySendError::Full(task) | TrySendError::Disconnected(task)) => {
                        shared.replier.send(
                            task.connection,
                            &Reply::error(
                                503,
                                "every worker is busy and the queue is full; try again shortly",
                            ),
                        );
                    }
                }
            }
            Err(_) => shared.replier.send(
                connection,
                &Reply::error(
                    500,
                    "internal error: the server could not read this request",
                ),
            ),
        }
    }
}

/// What a reader does with a request.
enum Dispatched {
    Answer(Reply),
    Queue(Work, Vec<u8>),
}

fn dispatch(shared: &Shared, request: Request) -> Dispatched {
    if request.target.len() > MOST_TARGET_BYTES {
        return Dispatched::Answer(Reply::error(
            414,
            &format!("the address is longer than {MOST_TARGET_BYTES} bytes"),
        ));
    }
    // A request without a Host (HTTP/1.0, a script) is answered: every browser sends one, so
    // such a request never comes from a page under a rebound name.
    if let Some(host) = &request.host
        && !shared
            .settings
            .hosts
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(host))
    {
        return Dispatched::Answer(Reply::error(
            421,
            &format!(
                "this server answers for localhost and the names given with --allow-host, not {host:?}"
            ),
        ));
    }
    let route = match api::route(&request.method, &request.target, &shared.settings) {
        Ok(route) => route,
        Err(reply) => return Dispatched::Answer(reply),
    };
    let head = request.method == "HEAD";
    let mut reply = match route {
        Route::Asset(asset) => Reply {
            status: 200,
            content_type: asset.content_type,
            body: asset.body.to_vec(),
        },
        Route::NewJob => match shared.jobs.issue() {
            Ok(id) => Reply::json(200, &serde_json::json!({ "job": id })),
            Err(error) => Reply::error(500, &format!("cannot make a job id: {error}")),
        },
        Route::Progress(id) | Route::Cancel(id) if !shared.jobs.is_issued(&id) => {
            Reply::error(404, "no job of that id: ask POST /api/job for one")
        }
        Route::Progress(id) => Reply::json(200, &shared.jobs.progress(&id)),
        Route::Cancel(id) => {
            let cancelled = shared.jobs.cancel(&id);
            Reply::json(200, &serde_json::json!({"job": id, "cancelled": cancelled}))
        }
        Route::Catalogue(arguments) => match api::command(&arguments, false, None) {
            Ok(reply) => reply,
            Err(_) => Reply::error(500, "internal error: the catalogue could not be listed"),
        },
        Route::Work(work) => {
            if let Some(id) = &work.job
                && !shared.jobs.is_issued(id)
            {
                return Dispatched::Answer(Reply::error(
                    400,
                    "parameter \"job\" is not an id this server gave: ask POST /api/job for one",
                ));
            }
            return Dispatched::Queue(work, request.body);
        }
    };
    if head {
        reply.body.clear();
    }
    Dispatched::Answer(reply)
}

/// The longest request target (path and query) taken.
const MOST_TARGET_BYTES: usize = 8 * 1024;

/// How many times `--workers` threads the quick pool has: a large position holds one for a
/// slice while the small ones go on in the others.
const QUICK_WORKERS_FACTOR: usize = 3;

/// How many times `--queue` requests may wait for the quick pool.
const QUICK_QUEUE_FACTOR: usize = 4;

/// How long a computation of the quick pool may run there: one that runs longer is stopped and
/// begun again in the long pool, so that a large position never holds up the small ones
/// behind it (it loses at most this much work).
const QUICK_SLICE: f64 = 0.1;

/// A worker: answers computations one at a time.
fn work_on(shared: &Shared, lane: Lane, tasks: &Mutex<Receiver<Task>>) {
    loop {
        let next = tasks
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .recv();
        let Ok(Task {
            connection,
            work,
            body,
        }) = next
        else {
            return;
        };
        let most = shared.settings.max_seconds;
        let slice = match lane {
            Lane::Quick => QUICK_SLICE.min(most),
            Lane::Long => most,
        };
        match compute(shared, &work, &body, slice) {
            Computed::Reply(reply) => shared.replier.send(connection, &reply),
            Computed::TooLong => {
                let task = Task {
                    connection,
                    work,
                    body,
                };
                if let Err(TrySendError::Full(task) | TrySendError::Disconnected(task)) =
                    shared.long.try_send(task)
                {
                    shared.replier.send(
                        task.connection,
                        &Reply::error(
                            503,
                            "every worker for long computations is busy and their queue is full; try again shortly",
                        ),
                    );
                }
            }
        }
    }
}

/// What became of a computation.
enum Computed {
    Reply(Reply),
    /// Stopped at the end of a quick slice shorter than `--max-seconds`: for the long pool.
    TooLong,
}

/// Runs one computation under its job, for at most `seconds`: stopped then, on cancel or when
/// its page is closed.
fn compute(shared: &Shared, work: &Work, body: &[u8], seconds: f64) -> Computed {
    let upload = if work.upload {
        match String::from_utf8(body.to_vec()) {
            Ok(text) => Some(text),
            Err(_) => {
                return Computed::Reply(Reply::error(400, "the uploaded graph is not UTF-8 text"));
            }
        }
    } else {
        None
    };
    let (serial, job) = shared.jobs.begin(work.job.clone(), seconds);
    let receiver: crate::progress::Receiver = {
        let job = Arc::clone(&job);
        Arc::new(move |progress| job.report(progress))
    };
    let settings = &shared.settings;
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
        job.stop.run(|| {
            crate::progress::reporting_to(receiver, || {
                onag_games::without_files(|| match &work.what {
                    What::Command { arguments, svg } => api::command(arguments, *svg, upload),
                    What::Plot {
                        game,
                        to,
                        from,
                        upto,
                    } => api::plot(game, *to, *from, *upto, settings),
                })
            })
        })
    }));
    shared.jobs.end(serial);
    let most = settings.max_seconds;
    if seconds < most
        && job.why() == jobs::Why::TimedOut
        && matches!(&outcome, Ok(Err(Failure::Command(error))) if error.is_interrupted())
    {
        return Computed::TooLong;
    }
    Computed::Reply(match outcome {
        Ok(Ok(reply)) => reply,
        Ok(Err(Failure::Refused(message))) => Reply::error(400, &message),
        Ok(Err(Failure::Internal(message))) => Reply::error(500, &message),
        Ok(Err(Failure::Command(error))) if error.is_interrupted() => {
            let message = match job.why() {
                jobs::Why::TimedOut => format!(
                    "stopped after {} s, the most this server gives a request (onag serve --max-seconds)",
                    settings.max_seconds
                ),
                jobs::Why::Abandoned => "stopped: its page was closed".to_string(),
                _ => "stopped: cancelled".to_string(),
            };
            Reply::error(503, &message)
        }
        Ok(Err(Failure::Command(error))) => {
            let status = if matches!(error, Error::Output(_)) {
                500
            } else {
                400
            };
            Reply::error(status, &crate::commands::shortened(&error.to_string()))
        }
        Err(_) => Reply::error(
            500,
            "internal error: the computation failed; the server goes on",
        ),
    })
}
