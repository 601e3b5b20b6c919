//! Exercise 7 · reserved-keys
//!
//! This program reads one `_meta` key per line on stdin and writes exactly
//! one JSON line per input line on stdout, in the same order.
//!
//! Input line:   a JSON string, e.g.  "com.example/trace-id"
//! Output line:  {"key": "com.example/trace-id", "verdict": "custom"}
//!               verdict: "reserved" | "trace-context" | "custom" | "unprefixed" | "invalid"
//!
//! A key is an optional prefix plus a name (F16):
//!   prefix  labels joined by `.`, then `/`; a label starts with a letter,
//!           ends with a letter or digit, and has letters, digits and `-` inside
//!   name    empty, or starts and ends with a letter or digit, with letters,
//!           digits, `-`, `_` and `.` inside
//!
//! Your job:
//!   1. `is_label` and `is_name`: the grammar.
//!   2. `verdict`: split the key, check it, and say who may define it.
//!
//! Check your work with `learn check reserved-keys`. Stuck? `learn hint reserved-keys`.
//! Debug with `eprintln!`: stderr is yours, stdout is for answers.

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// Given: one output line for one input line.
fn answer(line: &str) -> Value {
    let key: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    // A line that is not a JSON string is not a key at all.
    let verdict = key.as_str().map_or("invalid", verdict);
    json!({"key": key, "verdict": verdict})
}

/// TODO: who may define this key.
///   - invalid: the key breaks the grammar.
///   - no prefix: "trace-context" for TRACE_CONTEXT, "reserved" for
///     PROGRESS_TOKEN, "unprefixed" for any other name.
///   - a prefix whose SECOND label is `modelcontextprotocol` or `mcp`:
///     "reserved"; any other prefix: "custom".
///
/// Hint: `str::split_once('/')` splits at the first slash.
fn verdict(key: &str) -> &'static str {
    todo!("split the key into prefix and name, then decide")
}

/// TODO: a prefix label: starts with a letter, ends with a letter or digit,
/// only letters, digits and `-` inside. An empty label is not a label.
fn is_label(label: &str) -> bool {
    todo!("check one label")
}

/// TODO: the name: empty, or starts and ends with a letter or digit, with
/// only letters, digits, `-`, `_` and `.` inside.
fn is_name(name: &str) -> bool {
    todo!("check the name")
}

/// Given: the W3C Trace Context and Baggage keys.
const TRACE_CONTEXT: [&str; 3] = ["traceparent", "tracestate", "baggage"];

/// Given: the one unprefixed key the spec reserves.
const PROGRESS_TOKEN: &str = "progressToken";
