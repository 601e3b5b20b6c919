//! The learner-side half of every exercise: a loop that reads one line from
//! stdin, hands it to your function, and writes whatever your function returns
//! to stdout, one JSON message per line.
//!
//! That is all an MCP stdio transport is: newline-delimited JSON on stdin and
//! stdout. stderr is yours: `eprintln!` there to debug, it never reaches the
//! checker's judgement.

use std::io::{self, BufRead, Write};

pub use serde_json::{Value, json};

/// Runs a newline-delimited JSON program until stdin closes.
///
/// `respond` gets each non-blank input line exactly as it arrived (it may not
/// even be JSON) and returns the messages to write for it: `None` or an empty
/// `Vec` writes nothing, `Some(message)` writes one line, a `Vec` one line each.
pub fn serve_lines<R>(mut respond: impl FnMut(&str) -> R)
where
    R: IntoIterator<Item = Value>,
{
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        for message in respond(&line) {
            // A closed stdout means nobody is listening any more: stop quietly.
            if write_line(&mut stdout, &message).is_err() {
                return;
            }
        }
    }
}

/// Writes one message as a single line and flushes it, so the reader sees it now.
pub fn write_line(out: &mut impl Write, message: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, message)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// A client's end of a stdio connection: the server reads what the client
/// writes to stdout, and the client reads the server's lines from stdin.
pub struct StdioServer {
    lines: io::Lines<io::StdinLock<'static>>,
    out: io::Stdout,
}

impl StdioServer {
    pub fn connect() -> StdioServer {
        StdioServer {
            lines: io::stdin().lock().lines(),
            out: io::stdout(),
        }
    }

    /// Writes one message to the server.
    pub fn send(&mut self, message: &Value) -> io::Result<()> {
        write_line(&mut self.out.lock(), message)
    }

    /// The server's next message; blank lines are skipped. `None` when the
    /// server has closed the connection or wrote a line that is not JSON.
    pub fn receive(&mut self) -> Option<Value> {
        loop {
            let line = self.lines.next()?.ok()?;
            if !line.trim().is_empty() {
                return serde_json::from_str(&line).ok();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_one_line_ending_in_newline() {
        let mut out = Vec::new();
        write_line(&mut out, &json!({"a": "line\nbreak"})).unwrap();
        assert_eq!(out, b"{\"a\":\"line\\nbreak\"}\n");
    }
}
