//! Reference solution · exercise 7 · reserved-keys
//!
//! Line contract. Each input line is one `_meta` key as a JSON string:
//!     "com.example/trace-id"
//! For each input line, exactly one output line:
//!     {"key": "com.example/trace-id", "verdict": "custom"}
//! The verdict is one of "reserved", "trace-context", "custom",
//! "unprefixed" or "invalid" (F16).

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// One output line for one input line.
fn answer(line: &str) -> Value {
    let key: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    // A line that is not a JSON string is not a key at all.
    let verdict = key.as_str().map_or("invalid", verdict);
    json!({"key": key, "verdict": verdict})
}

/// Who may define this key: the five verdicts of F16.
fn verdict(key: &str) -> &'static str {
    // The name may not contain `/`, so the first `/` ends the prefix; any
    // later `/` is inside the name and makes the key invalid.
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if !is_name(name) {
        return "invalid";
    }
    let Some(prefix) = prefix else {
        // No prefix: W3C owns three names and the spec one; the rest are
        // anyone's.
        return if TRACE_CONTEXT.contains(&name) {
            "trace-context"
        } else if name == PROGRESS_TOKEN {
            "reserved"
        } else {
            "unprefixed"
        };
    };
    let labels: Vec<&str> = prefix.split('.').collect();
    if !labels.iter().all(|label| is_label(label)) {
        return "invalid";
    }
    // The SECOND label decides: `com.example.mcp/` is not MCP's. Labels are
    // DNS names, where case does not count, so `dev.MCP/` is MCP's too.
    match labels.get(1) {
        Some(second)
            if second.eq_ignore_ascii_case("modelcontextprotocol")
                || second.eq_ignore_ascii_case("mcp") =>
        {
            "reserved"
        }
        _ => "custom",
    }
}

/// A prefix label: starts with a letter, ends with a letter or digit,
/// letters, digits and hyphens inside. Never empty.
fn is_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    first.is_ascii_alphabetic()
        && last.is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
}

/// The name: empty, or starts and ends with a letter or digit, with
/// letters, digits, `-`, `_` and `.` inside.
fn is_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return true;
    };
    first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Given: the W3C Trace Context and Baggage keys.
const TRACE_CONTEXT: [&str; 3] = ["traceparent", "tracestate", "baggage"];

/// Given: the one unprefixed key the spec reserves.
const PROGRESS_TOKEN: &str = "progressToken";
