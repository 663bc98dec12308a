//! The connections' loop: one thread that owns every connection while its bytes move, so that a
//! slow or silent client costs a connection slot and never a thread.
//!
//! The loop waits on every socket at once (`poll`): the listener, each connection whose request
//! is still arriving, each whose reply is still leaving, and a wake-up socket the other threads
//! write to when they hand a reply back. A request is handed to the readers only once it has
//! arrived whole ([`Incoming`]); a reply comes back through a [`Replier`] and is written out by
//! the loop. Every connection is held to a deadline in each of its states, counted against its
//! client's address ([`MOST_PER_CLIENT`]) and against the whole server ([`MOST_CONNECTIONS`]),
//! wherever it is (reading, waiting for a worker, computing or writing).

use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::sync::mpsc::{Receiver, Sender, SyncSender, TrySendError, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use super::http::{self, Head, Refusal, Reply, Request};

/// The most connections one client address may hold open at once; more are answered 503 and
/// closed. Generous, since every page of a browser on the same machine shares one address.
pub const MOST_PER_CLIENT: usize = 64;

/// The most connections open at once, all clients together.
pub const MOST_CONNECTIONS: usize = 512;

/// How long a client has, from connecting, to send the whole head of its request.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(5);

/// How long a body may take beyond the head: this, and a second for every [`SLOWEST_RATE`]
/// bytes it declares.
const BODY_DEADLINE: Duration = Duration::from_secs(5);

/// The slowest rate, in bytes a second, a body or a reply is given time for.
const SLOWEST_RATE: u64 = 64 * 1024;

/// How long a reply may take to leave, beyond a second for every [`SLOWEST_RATE`] bytes.
const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// After a reply, what the client still sends is read and dropped for this long, so that
/// closing does not reset the connection before the client has read the reply.
const LINGER: Duration = Duration::from_millis(500);

/// Bytes read from one connection each time it is ready.
const READ_CHUNK: usize = 16 * 1024;

/// How many connections each client address holds, and all of them together.
#[derive(Default)]
struct Counts {
    by_client: HashMap<IpAddr, usize>,
    all: usize,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A client's connection, counted against its address until it is dropped (except one refused
/// for being over the bounds, which is only answered).
pub struct Connection {
    stream: TcpStream,
    client: IpAddr,
    counts: Option<Arc<Mutex<Counts>>>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        let Some(counts) = &self.counts else {
            return;
        };
        let mut counts = lock(counts);
        counts.all -= 1;
        if let Some(count) = counts.by_client.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.by_client.remove(&self.client);
            }
        }
    }
}

/// A request that has arrived whole, with the connection to answer it on.
pub struct Incoming {
    pub connection: Connection,
    pub request: Request,
}

/// How the other threads hand a reply back to the loop, which writes it out.
#[derive(Clone)]
pub struct Replier {
    replies: Sender<(Connection, Vec<u8>)>,
    wake: Arc<UnixStream>,
}

impl Replier {
    /// Sends `reply` on `connection` (written by the loop, which then closes the connection).
    pub fn send(&self, connection: Connection, reply: &Reply) {
        if self.replies.send((connection, reply.to_bytes())).is_ok() {
            // Full means a wake-up is already waiting to be read: nothing is lost.
            let _ = (&*self.wake).write(&[1]);
        }
    }
}

/// What a connection is doing.
enum State {
    /// Its request is arriving: the bytes so far, and its head once parsed.
    Reading {
        buffer: Vec<u8>,
        head: Option<(Head, usize)>,
    },
    /// Its reply is leaving: the bytes, and how many have gone.
    Writing { bytes: Vec<u8>, written: usize },
    /// The reply has gone: what the client still sends is dropped until it closes.
    Lingering,
}

/// What becomes of a connection after a step.
enum Next {
    Stay,
    Close,
    Refuse(Refusal),
    HandOn,
}

/// Whether an error only means "not now".
fn waits(error: &std::io::Error) -> bool {
    matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted)
}

struct Live {
    connection: Connection,
    state: State,
    deadline: Instant,
}

impl Live {
    fn writing(connection: Connection, bytes: Vec<u8>) -> Live {
        let deadline = Instant::now() + WRITE_DEADLINE + seconds_for(bytes.len());
        Live {
            connection,
            state: State::Writing { bytes, written: 0 },
            deadline,
        }
    }

    fn refusing(connection: Connection, refusal: &Refusal) -> Live {
        Live::writing(connection, Reply::error(refusal.0, &refusal.1).to_bytes())
    }
}

fn seconds_for(bytes: usize) -> Duration {
    Duration::from_secs(bytes as u64 / SLOWEST_RATE)
}

/// The loop's end of the channels the other threads use.
pub struct Loop {
    listener: TcpListener,
    most_body: usize,
    ready: SyncSender<Incoming>,
    replies: Receiver<(Connection, Vec<u8>)>,
    wake: UnixStream,
    counts: Arc<Mutex<Counts>>,
    live: Vec<Live>,
}

/// The loop for `listener`, handing whole requests (bodies of at most `most_body` bytes) to
/// `ready`, and the [`Replier`] through which the other threads answer them.
pub fn new(
    listener: TcpListener,
    most_body: usize,
    ready: SyncSender<Incoming>,
) -> std::io::Result<(Loop, Replier)> {
    let (wake_sender, wake) = UnixStream::pair()?;
    wake_sender.set_nonblocking(true)?;
    wake.set_nonblocking(true)?;
    listener.set_nonblocking(true)?;
    let (sender, replies) = channel();
    let replier = Replier {
        replies: sender,
        wake: Arc::new(wake_sender),
    };
    let event_loop = Loop {
        listener,
        most_body,
        ready,
        replies,
        wake,
        counts: Arc::new(Mutex::new(Counts::default())),
        live: Vec::new(),
    };
    Ok((event_loop, replier))
}

impl Loop {
    /// Moves bytes for ever: accepts, reads requests, hands them on, writes replies.
    pub fn run(mut self) {
        let mut ready_flags: Vec<PollFlags> = Vec::new();
        loop {
            self.expire(Instant::now());
            let timeout = self.live.iter().map(|live| live.deadline).min().map_or(
                PollTimeout::NONE,
                |deadline| {
                    let left = deadline.saturating_duration_since(Instant::now());
                    // Rounded up, so that a deadline is past when the loop wakes for it.
                    PollTimeout::try_from(left + Duration::from_millis(1))
                        .unwrap_or(PollTimeout::MAX)
                },
            );
            {
                let mut fds = Vec::with_capacity(self.live.len() + 2);
                fds.push(PollFd::new(self.listener.as_fd(), PollFlags::POLLIN));
                fds.push(PollFd::new(self.wake.as_fd(), PollFlags::POLLIN));
                for live in &self.live {
                    let wanted = match live.state {
                        State::Writing { .. } => PollFlags::POLLOUT,
                        State::Reading { .. } | State::Lingering => PollFlags::POLLIN,
                    };
                    fds.push(PollFd::new(live.connection.stream.as_fd(), wanted));
                }
                match poll(&mut fds, timeout) {
                    Ok(_) => {}
                    Err(nix::errno::Errno::EINTR) => continue,
                    Err(_) => {
                        // Not expected with valid descriptors; a short pause keeps a fault
                        // from turning into a busy loop.
                        std::thread::sleep(Duration::from_millis(10));
                        continue;
                    }
                }
                ready_flags.clear();
                ready_flags.extend(
                    fds.iter()
                        .map(|fd| fd.revents().unwrap_or(PollFlags::empty())),
                );
            }
            let listener_ready = !ready_flags[0].is_empty();
            let woken = !ready_flags[1].is_empty();
            // Connections are served from the last, so that removing one moves none unserved.
            for index in (0..self.live.len()).rev() {
                if !ready_flags[index + 2].is_empty() {
                    self.serve(index);
                }
            }
            if woken {
                let mut sink = [0u8; 256];
                while matches!((&self.wake).read(&mut sink), Ok(read) if read > 0) {}
            }
            while let Ok((connection, bytes)) = self.replies.try_recv() {
                self.live.push(Live::writing(connection, bytes));
            }
            if listener_ready {
                self.accept();
            }
        }
    }

    /// Accepts every connection waiting, each counted against its client, or refused at once
    /// when its client or the server holds too many.
    fn accept(&mut self) {
        loop {
            let (stream, peer) = match self.listener.accept() {
                Ok(accepted) => accepted,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                // WouldBlock: none left; any other error (a connection reset before it was
                // taken, no descriptor left for a moment) ends this round of accepting.
                Err(_) => return,
            };
            let client = peer.ip();
            let refused = {
                let mut counts = lock(&self.counts);
                let of_client = counts.by_client.get(&client).copied().unwrap_or(0);
                if counts.all >= MOST_CONNECTIONS {
                    Some(format!(
                        "the server holds {MOST_CONNECTIONS} connections, its most; try again shortly"
                    ))
                } else if of_client >= MOST_PER_CLIENT {
                    Some(format!(
                        "this client holds {MOST_PER_CLIENT} connections, the most one address may; close some first"
                    ))
                } else {
                    counts.all += 1;
                    *counts.by_client.entry(client).or_insert(0) += 1;
                    None
                }
            };
            if stream.set_nonblocking(true).is_err() {
                continue;
            }
            if let Some(message) = refused {
                // Answered and closed like any other refusal, but not counted: it holds no
                // slot, only the few hundred milliseconds its answer takes. A flood of them
                // is closed unanswered past the server's bound.
                let answering = self
                    .live
                    .iter()
                    .filter(|live| live.connection.counts.is_none())
                    .count();
                if answering >= MOST_CONNECTIONS {
                    continue;
                }
                let connection = Connection {
                    stream,
                    client,
                    counts: None,
                };
                self.live
                    .push(Live::refusing(connection, &Refusal(503, message)));
                continue;
            }
            self.live.push(Live {
                connection: Connection {
                    stream,
                    client,
                    counts: Some(Arc::clone(&self.counts)),
                },
                state: State::Reading {
                    buffer: Vec::new(),
                    head: None,
                },
                deadline: Instant::now() + HEAD_DEADLINE,
            });
        }
    }

    /// Ends or answers every connection past its deadline.
    fn expire(&mut self, now: Instant) {
        let mut index = 0;
        while index < self.live.len() {
            if self.live[index].deadline > now {
                index += 1;
                continue;
            }
            let live = self.live.swap_remove(index);
            if let State::Reading { buffer, head } = &live.state {
                if buffer.is_empty() && head.is_none() {
                    // A connection that never said anything is closed without a word.
                    continue;
                }
                let what = if head.is_some() { "body" } else { "head" };
                let refusal = Refusal(
                    408,
                    format!("the request's {what} did not arrive in time; send it whole at once"),
                );
                self.live.push(Live::refusing(live.connection, &refusal));
            }
            // Writing or lingering past the deadline: dropped, which closes it.
        }
    }

    /// Moves the bytes of connection `index`, which is ready.
    fn serve(&mut self, index: usize) {
        let next = self.step(index);
        match next {
            Next::Stay => {}
            Next::Close => {
                self.live.swap_remove(index);
            }
            Next::Refuse(refusal) => {
                let live = self.live.swap_remove(index);
                self.live.push(Live::refusing(live.connection, &refusal));
            }
            Next::HandOn => {
                let live = self.live.swap_remove(index);
                self.hand_on(live);
            }
        }
    }

    /// One read or write on connection `index`, and what should become of it.
    fn step(&mut self, index: usize) -> Next {
        let most_body = self.most_body;
        let live = &mut self.live[index];
        let stream = &live.connection.stream;
        match &mut live.state {
            State::Reading { buffer, head } => {
                let mut chunk = [0u8; READ_CHUNK];
                let ended = match (&*stream).read(&mut chunk) {
                    Ok(0) => true,
                    Ok(read) => {
                        buffer.extend_from_slice(&chunk[..read]);
                        false
                    }
                    Err(error) if waits(&error) => return Next::Stay,
                    Err(_) => return Next::Close,
                };
                if head.is_none() {
                    match http::parse_head(buffer, most_body) {
                        Ok(None) => {}
                        Ok(Some(parsed)) => {
                            live.deadline =
                                Instant::now() + BODY_DEADLINE + seconds_for(parsed.0.length);
                            *head = Some(parsed);
                        }
                        Err(refusal) => return Next::Refuse(refusal),
                    }
                }
                match head {
                    Some((parsed, end)) if buffer.len() >= *end + parsed.length => Next::HandOn,
                    _ if !ended => Next::Stay,
                    _ if buffer.is_empty() => Next::Close,
                    Some((parsed, end)) => Next::Refuse(Refusal(
                        400,
                        format!(
                            "the body ended after {} of {} bytes",
                            buffer.len() - *end,
                            parsed.length
                        ),
                    )),
                    None => Next::Refuse(Refusal(400, "the request ended early".into())),
                }
            }
            State::Writing { bytes, written } => {
                match (&*stream).write(&bytes[*written..]) {
                    Ok(sent) => *written += sent,
                    Err(error) if waits(&error) => {}
                    Err(_) => return Next::Close,
                }
                if *written == bytes.len() {
                    let _ = stream.shutdown(std::net::Shutdown::Write);
                    live.state = State::Lingering;
                    live.deadline = Instant::now() + LINGER;
                }
                Next::Stay
            }
            State::Lingering => {
                let mut sink = [0u8; READ_CHUNK];
                match (&*stream).read(&mut sink) {
                    Ok(read) if read > 0 => Next::Stay,
                    Err(error) if waits(&error) => Next::Stay,
                    // The client closed, or the connection failed: done.
                    _ => Next::Close,
                }
            }
        }
    }

    /// Hands a request that has arrived whole to the readers, or answers 503 when they are
    /// all busy and their queue is full.
    fn hand_on(&mut self, live: Live) {
        let State::Reading {
            mut buffer,
            head: Some((head, end)),
        } = live.state
        else {
            return;
        };
        let mut body = buffer.split_off(end);
        body.truncate(head.length);
        let incoming = Incoming {
            connection: live.connection,
            request: Request {
                method: head.method,
                target: head.target,
                host: head.host,
                body,
            },
        };
        match self.ready.try_send(incoming) {
            Ok(()) => {}
            Err(TrySendError::Full(incoming) | TrySendError::Disconnected(incoming)) => {
                let refusal = Refusal(503, "the server is busy; try again shortly".into());
                self.live
                    .push(Live::refusing(incoming.connection, &refusal));
            }
        }
    }
}
