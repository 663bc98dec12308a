//! The little HTTP/1.1 the explorer needs: one request per connection (`Connection: close`),
//! its head parsed by `httparse` once it has arrived whole, every part of it bounded, and one
//! reply. The bytes are moved by the connections' loop ([`super::connections`]).
//!
//! Written here rather than taken from a server crate: the light ones (tiny_http) start a
//! thread for every open connection, with no bound, and the explorer must hold its threads and
//! memory to a fixed number however many clients come.

/// The longest request head (request line and headers) read.
pub const MOST_HEAD_BYTES: usize = 16 * 1024;

/// The most headers a request may have; more are answered 431.
const MOST_HEADERS: usize = 64;

/// A request as read: method, target (path and query, still percent-encoded), the `Host`
/// header and the body.
pub struct Request {
    pub method: String,
    pub target: String,
    pub host: Option<String>,
    pub body: Vec<u8>,
}

/// A request's head, parsed once it has arrived whole: the request and the length of the body
/// that follows it.
pub struct Head {
    pub method: String,
    pub target: String,
    pub host: Option<String>,
    pub length: usize,
}

/// Why a request cannot be served: the status to answer with, and why.
pub struct Refusal(pub u16, pub String);

/// The head at the start of `buffer` (the bytes of a request received so far) and where it
/// ends, `None` while it has not all arrived, or the refusal it earns; its body may be at most
/// `most_body` bytes.
pub fn parse_head(buffer: &[u8], most_body: usize) -> Result<Option<(Head, usize)>, Refusal> {
    let too_long = || {
        Refusal(
            431,
            format!("the request's head is longer than {MOST_HEAD_BYTES} bytes"),
        )
    };
    let Some(at) = find(buffer, b"\r\n\r\n") else {
        return if buffer.len() > MOST_HEAD_BYTES {
            Err(too_long())
        } else {
            Ok(None)
        };
    };
    let head_end = at + 4;
    if head_end > MOST_HEAD_BYTES {
        return Err(too_long());
    }
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buffer[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Refusal(
                431,
                format!("the request has more than {MOST_HEADERS} headers"),
            ));
        }
        Ok(httparse::Status::Partial) | Err(_) => {
            return Err(Refusal(400, "not an HTTP request".into()));
        }
    }
    let method = parsed.method.unwrap_or_default().to_string();
    let target = parsed.path.unwrap_or_default().to_string();
    let mut host = None;
    let mut length = None;
    for header in parsed.headers.iter() {
        if header.name.eq_ignore_ascii_case("host") {
            if host.is_some() {
                return Err(Refusal(400, "the request has two Host headers".into()));
            }
            let Ok(value) = std::str::from_utf8(header.value) else {
                return Err(Refusal(400, "a Host header that is not text".into()));
            };
            host = Some(value.trim().to_string());
        } else if header.name.eq_ignore_ascii_case("content-length") {
            if length.is_some() {
                return Err(Refusal(
                    400,
                    "the request has two Content-Length headers".into(),
                ));
            }
            let text = std::str::from_utf8(header.value).unwrap_or("").trim();
            let Ok(declared) = text.parse::<u64>() else {
                return Err(Refusal(400, "a Content-Length that is not a number".into()));
            };
            if declared > most_body as u64 {
                return Err(Refusal(
                    413,
                    format!(
                        "the body has {declared} bytes, more than the {most_body} allowed (onag serve --max-upload)"
                    ),
                ));
            }
            length = Some(declared as usize);
        } else if header.name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Refusal(411, "send the body with a Content-Length".into()));
        }
    }
    let head = Head {
        method,
        target,
        host,
        length: length.unwrap_or(0),
    };
    Ok(Some((head, head_end)))
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

    /// A short HTML page saying `message`, with a link to the catalogue: what a browser gets
    /// for an address that is not a view of the page.
    pub fn page(status: u16, title: &str, message: &str) -> Reply {
        let escape = onag_games::draw::escape;
        let body = format!(
            "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{title} · onag explorer</title>\
             <link rel=\"stylesheet\" href=\"/assets/style.css\"></head>\n<body>\
             <header><a class=\"brand\" href=\"/\">onag explorer</a></header>\
             <main><h1>{title}</h1><p id=\"not-found\">{message}</p>\
             <p><a href=\"/\">The catalogue of games</a></p></main>\n</body>\n</html>\n",
            title = escape(title),
            message = escape(message),
        );
        Reply {
            status,
            content_type: "text/html; charset=utf-8",
            body: body.into_bytes(),
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

impl Reply {
    /// The reply as sent: status line, headers and body.
    pub fn to_bytes(&self) -> Vec<u8> {
        let head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
             X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
             Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'\r\n\
             Connection: close\r\n\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }
}
