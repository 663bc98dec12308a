//! The little HTTP/1.1 the explorer needs: one request per connection (`Connection: close`),
//! its head parsed by `httparse`, every part of it bounded, and one reply written back.
//!
//! Written here rather than taken from a server crate: the light ones (tiny_http) start a
//! thread for every open connection, with no bound, and the explorer must hold its threads and
//! memory to a fixed number however many clients come.

use std::io::{Read, Write};
use std::net::TcpStream;

/// The longest request head (request line and headers) read.
pub const MOST_HEAD_BYTES: usize = 16 * 1024;

/// The most headers a request may have.
const MOST_HEADERS: usize = 64;

/// A request as read: method, target (path and query, still percent-encoded), the `Host`
/// header and the body.
pub struct Request {
    pub method: String,
    pub target: String,
    pub host: Option<String>,
    pub body: Vec<u8>,
}

/// Why a request could not be read: the status to answer with, and why, or nothing to answer
/// (the client went away or sent nothing).
pub enum Unreadable {
    Answer(u16, String),
    Gone,
}

/// Reads one request from `stream`, its body at most `most_body` bytes.
pub fn read_request(stream: &mut TcpStream, most_body: usize) -> Result<Request, Unreadable> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let read = match stream.read(&mut chunk) {
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) if buffer.is_empty() => return Err(Unreadable::Gone),
            Ok(0) => return Err(Unreadable::Answer(400, "the request ended early".into())),
            Ok(read) => read,
            Err(error) => {
                return Err(Unreadable::Answer(
                    408,
                    format!("the request was not read whole: {error}"),
                ));
            }
        };
        let searched_from = buffer.len().saturating_sub(3);
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(at) = find(&buffer[searched_from..], b"\r\n\r\n") {
            break searched_from + at + 4;
        }
        if buffer.len() > MOST_HEAD_BYTES {
            return Err(Unreadable::Answer(
                431,
                format!("the request's head is longer than {MOST_HEAD_BYTES} bytes"),
            ));
        }
    };
    if head_end > MOST_HEAD_BYTES {
        return Err(Unreadable::Answer(
            431,
            format!("the request's head is longer than {MOST_HEAD_BYTES} bytes"),
        ));
    }
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buffer[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) | Err(_) => {
            return Err(Unreadable::Answer(400, "not an HTTP request".into()));
        }
    }
    let method = parsed.method.unwrap_or_default().to_string();
    let target = parsed.path.unwrap_or_default().to_string();
    let mut host = None;
    let mut length: usize = 0;
    for header in parsed.headers.iter() {
        if header.name.eq_ignore_ascii_case("host") {
            host = std::str::from_utf8(header.value).ok().map(str::to_string);
        } else if header.name.eq_ignore_ascii_case("content-length") {
            let text = std::str::from_utf8(header.value).unwrap_or("").trim();
            let Ok(declared) = text.parse::<u64>() else {
                return Err(Unreadable::Answer(
                    400,
                    "a Content-Length that is not a number".into(),
                ));
            };
            if declared > most_body as u64 {
                return Err(Unreadable::Answer(
                    413,
                    format!(
                        "the body has {declared} bytes, more than the {most_body} allowed (onag serve --max-upload)"
                    ),
                ));
            }
            length = declared as usize;
        } else if header.name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Unreadable::Answer(
                411,
                "send the body with a Content-Length".into(),
            ));
        }
    }
    // What came after the head belongs to the body; the rest is read to its declared length.
    let mut body = buffer.split_off(head_end);
    if body.len() > length {
        body.truncate(length);
    }
    if body.len() < length {
        let wanted = length - body.len();
        let before = body.len();
        body.reserve(wanted);
        if stream
            .take(wanted as u64)
            .read_to_end(&mut body)
            .map_err(|error| {
                Unreadable::Answer(408, format!("the body was not read whole: {error}"))
            })?
            < wanted
        {
            let got = body.len() - before;
            return Err(Unreadable::Answer(
                400,
                format!("the body ended after {got} of {wanted} bytes"),
            ));
        }
    }
    Ok(Request {
        method,
        target,
        host,
        body,
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// A reply: status, content type and body.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: format!("{value}\n").into_bytes(),
        }
    }

    /// The one-line JSON error every failure answers: `{"error": "..."}`.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &serde_json::json!({ "error": message }))
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        414 => "URI Too Long",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Writes `reply` to `stream` and closes it; a client that has gone away is no error.
pub fn write_reply(stream: &mut TcpStream, reply: &Reply) {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
         Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'\r\n\
         Connection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(&reply.body))
        .and_then(|()| stream.flush());
    let _ = stream.shutdown(std::net::Shutdown::Write);
    // Whatever the client still sends (a body not read) is drained briefly, so that closing
    // does not reset the connection before the reply is read.
    let mut sink = [0u8; 1024];
    let _ = stream.set_read_timeout(Some(std::time::Duration::from_millis(100)));
    for _ in 0..64 {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
}
