//! The response to `subscriptions/listen`: `200 text/event-stream` at once,
//! then one SSE event per message, each on the wire as soon as the program
//! writes it, for as long as the subscription lasts.
//!
//! Why the connection is taken over: tiny_http sends a body of unknown length
//! through `io::copy` into a chunked encoder that holds 8 KiB before it writes
//! a chunk, over a 1 KiB `BufWriter`, and flushes only when the body ends. A
//! listen stream whose acknowledgement sits in a buffer until the stream
//! closes is no stream at all (the conformance suite triggers a change only
//! after it has read the first event). `Request::into_writer` hands over the
//! raw connection after the request is read; this module writes the status
//! line, the headers and HTTP/1.1 chunks itself, flushing after each event.
//! That is about forty lines, against a second HTTP server or an async
//! runtime for one response kind. The connection stays usable afterwards: the
//! last chunk ends the body, and tiny_http reads the next request from it.
//!
//! Why the heartbeat: a blocking writer cannot see a client leave until a
//! write fails, and the spec treats a closed stream as cancellation. A comment
//! line (`:`, which SSE clients ignore, and the spec suggests as keep-alive)
//! every `HEARTBEAT` finds out within two beats; the program then gets
//! `notifications/cancelled` for the listen request.

use super::Shared;
use super::message::error_body;
use super::upstream::{Listen, Routed};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;
use tiny_http::{HTTPVersion, Request};

const HEARTBEAT: Duration = Duration::from_secs(1);

/// Serves the stream on its own thread, so an open subscription does not
/// hold one of the workers that answer ordinary requests.
pub fn spawn(shared: Arc<Shared>, request: Request, listen: Listen, about: String) {
    std::thread::spawn(move || {
        let chunked = *request.http_version() != HTTPVersion(1, 0);
        let mut sse = Sse {
            writer: request.into_writer(),
            chunked,
        };
        let end = match sse.head() {
            Ok(()) => pump(&mut sse, &listen),
            Err(_) => End::ClientLeft,
        };
        let how = match end {
            End::ClientLeft => {
                shared
                    .upstream
                    .cancel(&listen, "the HTTP client closed the stream");
                "the client closed it; the program was sent notifications/cancelled".to_string()
            }
            End::Answered => "the program answered the listen request".to_string(),
            End::Died(why) => format!("the program ended ({why})"),
        };
        shared.log(&format!("stream {about}ended: {how}"));
    });
}

enum End {
    ClientLeft,
    Answered,
    Died(String),
}

/// Writes what the program sends until the stream ends one way or another.
fn pump(sse: &mut Sse, listen: &Listen) -> End {
    loop {
        let written = match listen.rx.recv_timeout(HEARTBEAT) {
            Ok(Routed::Message(line)) => sse.event(&line),
            Ok(Routed::Answer { before, answer }) => {
                let mut all = before.iter().chain(std::iter::once(&answer));
                // The client may be gone already; the subscription is over
                // either way.
                let _ = all.try_for_each(|line| sse.event(line));
                let _ = sse.finish();
                return End::Answered;
            }
            Ok(Routed::Died(why)) => {
                let error = error_body(
                    Some(&listen.id),
                    -32603,
                    &format!("Internal error: the program ended ({why}); the subscription is over"),
                );
                let _ = sse.event(&error).and_then(|()| sse.finish());
                return End::Died(why);
            }
            Err(RecvTimeoutError::Timeout) => sse.comment(),
            Err(RecvTimeoutError::Disconnected) => {
                let _ = sse.finish();
                return End::Died("it stopped".to_string());
            }
        };
        if written.is_err() {
            return End::ClientLeft;
        }
    }
}

/// An SSE body written straight onto the connection.
struct Sse {
    writer: Box<dyn Write + Send>,
    /// HTTP/1.1 frames the body in chunks; an HTTP/1.0 body ends when the
    /// connection closes (tiny_http closes it after a 1.0 request).
    chunked: bool,
}

impl Sse {
    fn head(&mut self) -> io::Result<()> {
        let (version, framing) = if self.chunked {
            ("1.1", "Transfer-Encoding: chunked")
        } else {
            ("1.0", "Connection: close")
        };
        let head = format!(
            "HTTP/{version} 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nX-Accel-Buffering: no\r\n{framing}\r\n\r\n"
        );
        self.writer.write_all(head.as_bytes())?;
        self.writer.flush()
    }

    fn event(&mut self, line: &str) -> io::Result<()> {
        // A raw CR can only be whitespace in JSON, but would split an SSE line.
        let data = line.replace('\r', "");
        self.send(&format!("event: message\ndata: {data}\n\n"))
    }

    fn comment(&mut self) -> io::Result<()> {
        self.send(":\n\n")
    }

    fn send(&mut self, text: &str) -> io::Result<()> {
        if self.chunked {
            write!(self.writer, "{:x}\r\n{text}\r\n", text.len())?;
        } else {
            self.writer.write_all(text.as_bytes())?;
        }
        self.writer.flush()
    }

    fn finish(&mut self) -> io::Result<()> {
        if self.chunked {
            self.writer.write_all(b"0\r\n\r\n")?;
        }
        self.writer.flush()
    }
}
