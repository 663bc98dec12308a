//! A client of `onag serve` for its tests and its benchmark: the server started as a process on
//! loopback, requests sent over a plain socket, and a load of many clients at once.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running `onag serve --port 0`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// Starts `program serve --port 0 flags...` and reads the address it prints.
    pub fn start(program: &str, flags: &[&str]) -> Server {
        let mut child = Command::new(program)
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            // Inherited: what the server says on stderr (a warning, a panic's message) shows
            // in the test's output, and never fills a pipe nobody reads.
            .stderr(Stdio::inherit())
            .spawn()
            .expect("onag serve starts");
        let mut stdout = child.stdout.take().expect("stdout");
        // The first line names the address; read byte by byte, so that nothing past it is
        // taken from the pipe.
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while stdout.read(&mut byte).expect("the server's first line") == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let line = String::from_utf8(line).expect("UTF-8");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `request` (a whole request head and body) and reads the reply.
    pub fn raw(&self, request: &[u8]) -> Reply {
        raw_at(&self.address, request)
    }

    /// `GET target`.
    pub fn get(&self, target: &str) -> Reply {
        get_at(&self.address, target)
    }

    /// `POST target` with `body`.
    pub fn post(&self, target: &str, body: &[u8]) -> Reply {
        let mut request = format!(
            "POST {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(body);
        self.raw(&request)
    }

    /// `GET target`, which must answer 200 with JSON.
    pub fn json(&self, target: &str) -> Value {
        let reply = self.get(target);
        assert_eq!(reply.status, 200, "{target}: {}", reply.text());
        assert!(
            reply.content_type.starts_with("application/json"),
            "{target}"
        );
        serde_json::from_slice(&reply.body).expect("JSON")
    }
}

/// Sends `request` to the server at `address` and reads the reply: to the end of the body its
/// `Content-Length` declares, or to the end of the connection.
pub fn raw_at(address: &str, request: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(address).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("timeout");
    // The server may answer and close before reading a whole oversized request.
    let _ = stream.write_all(request);
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let read = match stream.read(&mut chunk) {
            // A signal to the test process (another test's child ending) is no end.
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        bytes.extend_from_slice(&chunk[..read]);
        if let Some(split) = bytes.windows(4).position(|window| window == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..split]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse::<usize>().ok());
            if length.is_some_and(|length| bytes.len() >= split + 4 + length) {
                break;
            }
        }
    }
    Reply::parse(&bytes)
}

/// `GET target` from the server at `address`.
pub fn get_at(address: &str, target: &str) -> Reply {
    raw_at(
        address,
        format!("GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A reply as read off the socket.
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The Content-Type header.
    pub content_type: String,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A reply from its bytes.
    pub fn parse(bytes: &[u8]) -> Reply {
        let split = bytes
            .windows(4)
            .position(|window| window == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no reply head in {:?}", String::from_utf8_lossy(bytes)));
        let head = String::from_utf8_lossy(&bytes[..split]).to_string();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .expect("a status");
        let content_type = head
            .lines()
            .find_map(|line| line.strip_prefix("Content-Type: "))
            .unwrap_or_default()
            .to_string();
        Reply {
            status,
            content_type,
            body: bytes[split + 4..].to_vec(),
        }
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    /// The one-line JSON error of a refusal.
    pub fn error(&self) -> String {
        assert!(self.content_type.starts_with("application/json"));
        assert_eq!(self.text().trim_end().lines().count(), 1, "{}", self.text());
        let value: Value = serde_json::from_slice(&self.body).expect("a JSON error");
        value["error"]
            .as_str()
            .expect("an error message")
            .to_string()
    }
}

/// One request of a load: whether it was cheap, its status, its seconds, and whether heavy work
/// was in flight when it was answered.
#[derive(Clone, Copy, Debug)]
pub struct Answered {
    /// A cheap request (else heavy).
    pub cheap: bool,
    /// The reply's status.
    pub status: u16,
    /// Seconds from connecting to the end of the reply.
    pub seconds: f64,
    /// Whether a heavy request was in flight when this one was answered.
    pub during_heavy: bool,
}

/// Sends `requests` requests from `clients` threads at once to the server at `address`: every
/// `heavy_every`-th one from `heavy` in turn, the others from `cheap`. Stops by itself when
/// every request is answered.
pub fn load(
    address: &str,
    clients: usize,
    requests: usize,
    heavy_every: usize,
    cheap: &[&str],
    heavy: &[&str],
) -> Vec<Answered> {
    let next = AtomicUsize::new(0);
    let heavy_running = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= requests {
                            return mine;
                        }
                        let is_heavy = index % heavy_every == 0;
                        let target = if is_heavy {
                            heavy[(index / heavy_every) % heavy.len()]
                        } else {
                            cheap[index % cheap.len()]
                        };
                        if is_heavy {
                            heavy_running.fetch_add(1, Ordering::SeqCst);
                        }
                        let begun = Instant::now();
                        let reply = get_at(address, target);
                        let seconds = begun.elapsed().as_secs_f64();
                        let during_heavy = heavy_running.load(Ordering::SeqCst) > 0;
                        if is_heavy {
                            heavy_running.fetch_sub(1, Ordering::SeqCst);
                        }
                        assert!(
                            is_heavy || reply.status == 200,
                            "{target}: {}",
                            reply.text()
                        );
                        mine.push(Answered {
                            cheap: !is_heavy,
                            status: reply.status,
                            seconds,
                            during_heavy,
                        });
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("a client"))
            .collect()
    })
}

/// The `fraction` quantile (0 to 1) of `seconds`.
pub fn quantile(seconds: &mut [f64], fraction: f64) -> f64 {
    seconds.sort_by(f64::total_cmp);
    let index = ((seconds.len() as f64 * fraction) as usize).min(seconds.len().saturating_sub(1));
    seconds.get(index).copied().unwrap_or(0.0)
}

/// The resident memory high-water mark of process `pid`, in bytes (Linux; `None` elsewhere).
pub fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// Cheap requests of the load: pages, the catalogue, small positions.
pub const CHEAP: &[&str] = &[
    "/",
    "/assets/app.js",
    "/api/games",
    "/api/value?game=nim&position=3+4+5",
    "/api/value?game=kayles&position=10+12",
    "/api/moves?game=wythoff&position=3,5",
    "/api/value?game=wythoff&position=3,5",
    "/api/nimber?expression=8+*+8",
];

/// Heavy requests of the load: a long sequence, a quotient, a large board.
pub const HEAVY: &[&str] = &[
    "/api/sequence?game=octal:0.6&to=1000000",
    "/api/quotient?game=octal:0.4007&to=200",
    "/api/value?game=cram&position=7x7",
];
