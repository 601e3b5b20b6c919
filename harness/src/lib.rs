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
