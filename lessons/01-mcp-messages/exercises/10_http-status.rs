//! Exercise 10 · http-status
//!
//! This program reads one POST per line on stdin, as a Streamable HTTP
//! server receives it, and writes exactly one JSON line per input line on
//! stdout, in the same order.
//!
//! Input line:   {"headers": {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"},
//!                "body": <the JSON-RPC message>,
//!                "reply": <the server's JSON-RPC answer, or null when none>}
//! Output line:  {"status": 200, "code": null}
//!               status: the HTTP status to send back
//!               code:   the JSON-RPC error code sent with it, or null
//!
//! Your job:
//!   1. `is_request`: only a request is answered; anything else gets 202.
//!   2. `status_for`: the status that goes with each answer.
//!   3. `header_value`: look a header up; names ignore case.
//!   4. `unmarked`: what an `=?base64?...?=` header value stands for.
//!   5. `headers_agree`: the headers that repeat the body must be there and agree.
//!
//! `base64_decode` is given: the lesson is about which header is compared
//! with what, not about Base64 itself.
//!
//! Check your work with `learn check http-status`. Stuck? `learn hint http-status`.
//! Debug with `eprintln!`: stderr is yours, stdout is for answers.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;

const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const HEADER_MISMATCH: i64 = -32020;

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// Given: one output line for one input line.
fn answer(line: &str) -> Value {
    let post: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    let no_headers = Map::new();
    let headers = post["headers"].as_object().unwrap_or(&no_headers);
    let (status, code) = decide(headers, &post["body"], &post["reply"]);
    json!({"status": status, "code": code})
}

/// Given: the status and error code for one POST.
fn decide(headers: &Map<String, Value>, body: &Value, reply: &Value) -> (u16, Option<i64>) {
    if !is_request(body) {
        // A notification (or a response): accepted, nothing to send back.
        return (202, None);
    }
    if !headers_agree(headers, body) {
        return (400, Some(HEADER_MISMATCH));
    }
    let code = reply.pointer("/error/code").and_then(Value::as_i64);
    (status_for(code), code)
}

/// TODO: true for a request: a message with both `method` and an `id`
/// member. A notification has no `id`; a response has no `method`.
fn is_request(body: &Value) -> bool {
    todo!("look for method and id")
}

/// TODO: the status for an answer: `None` is a result, `Some(code)` an error.
/// A result gets 200: the spec's diagram draws it so, no rule fixes it, and
/// this exercise expects it. The spec fixes these:
///   - -32601 (method not found, removed methods too): 404
///   - -32020, -32021, -32022: 400
///   - -32602: 400 when a required `_meta` field is missing. This function
///     sees only the code, so give every -32602 400: that is allowed too.
///
/// The spec leaves the others to you: 200, or an error status (4xx or 5xx).
/// `learn serve` sends 400 for -32700 and -32600, 500 for -32603, and 200
/// for any other code (the method's own error).
fn status_for(code: Option<i64>) -> u16 {
    todo!("match the code")
}

/// TODO: true when every header that repeats the body is there and agrees:
///   - `MCP-Protocol-Version` repeats `params._meta["io.modelcontextprotocol/protocolVersion"]`
///   - `Mcp-Method` repeats `method`
///   - `Mcp-Name` repeats `params.name` for tools/call and prompts/get,
///     `params.uri` for resources/read (other methods have no Mcp-Name);
///     compare what it stands for (`unmarked`), not its raw text
///
/// A missing header is a mismatch. Compare only values the body really
/// has: a body without the field is the server's -32602 to give, not -32020.
fn headers_agree(headers: &Map<String, Value>, body: &Value) -> bool {
    todo!("check each header against its body field")
}

/// TODO: what a header value stands for. A value that starts with
/// `=?base64?` and ends with `?=` (exactly, lowercase) is the UTF-8 text
/// that `base64_decode` gives for what lies between the markers; any other
/// value is itself. `None` when a marked value does not decode, or does not
/// decode to UTF-8: such a header matches nothing.
///
/// Hint: `str::strip_prefix`, `str::strip_suffix`, `String::from_utf8`.
fn unmarked(value: &str) -> Option<String> {
    todo!("strip the markers and decode, or keep the value as it is")
}

/// TODO: a header's value as a string. Header NAMES ignore case
/// (`mcp-method` is `Mcp-Method`); header VALUES do not.
///
/// Hint: `str::eq_ignore_ascii_case`.
fn header_value<'a>(headers: &'a Map<String, Value>, name: &str) -> Option<&'a str> {
    todo!("find the header whatever the case of its name")
}

/// Given: standard Base64 with its `=` padding (RFC 4648 §4) decoded, or
/// `None` when `text` is not that.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let digits = text
        .strip_suffix("==")
        .or_else(|| text.strip_suffix('='))
        .unwrap_or(text);
    let (mut bits, mut held, mut bytes) = (0u32, 0u32, Vec::new());
    for c in digits.bytes() {
        // Each character holds 6 bits; a byte is ready once 8 are held.
        let digit = ALPHABET.iter().position(|&a| a == c)?;
        bits = (bits << 6) + digit as u32;
        held += 6;
        if held >= 8 {
            held -= 8;
            bytes.push((bits >> held) as u8);
        }
    }
    Some(bytes)
}
