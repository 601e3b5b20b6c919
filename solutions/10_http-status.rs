//! Reference solution · exercise 10 · http-status
//!
//! Line contract. Each input line is one POST as the server receives it:
//!     {"headers": {"MCP-Protocol-Version": "2026-07-28", ...},
//!      "body": <the JSON-RPC message>,
//!      "reply": <the server's JSON-RPC answer, or null for no answer>}
//! For each input line, exactly one output line:
//!     {"status": 400, "code": -32020}
//! `status` is the HTTP status to send; `code` is the JSON-RPC error code
//! that goes back with it, or null when there is no error.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;

const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const HEADER_MISMATCH: i64 = -32020;

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// One output line for one input line.
fn answer(line: &str) -> Value {
    let post: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    let no_headers = Map::new();
    let headers = post["headers"].as_object().unwrap_or(&no_headers);
    let (status, code) = decide(headers, &post["body"], &post["reply"]);
    json!({"status": status, "code": code})
}

/// The status and error code for one POST.
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

/// A request has both `method` and an `id` member; a notification has no
/// `id`, a response no `method`.
fn is_request(body: &Value) -> bool {
    body.get("id").is_some() && body.get("method").is_some()
}

/// The status that goes with an answer: a result, or an error's code.
/// 404 for -32601 and 400 for -32020, -32021, -32022 and a -32602 about
/// `_meta` are the spec's; every -32602 gets 400 because the code alone
/// cannot tell which one it is. 400 for -32700 and -32600 and 500 for
/// -32603 are the course's choice (`learn serve` does the same); 200 would
/// be as right.
fn status_for(code: Option<i64>) -> u16 {
    match code {
        None => 200,
        Some(-32601) => 404,
        Some(-32700 | -32600 | -32602 | -32020 | -32021 | -32022) => 400,
        Some(-32603) => 500,
        Some(_) => 200,
    }
}

/// Every header that repeats the body is there and says the same thing.
/// Only a value the body really has is compared: a body without it is the
/// server's own -32602 to give. `Mcp-Name` may come Base64-encoded.
fn headers_agree(headers: &Map<String, Value>, body: &Value) -> bool {
    let version = body
        .pointer("/params/_meta")
        .and_then(|meta| meta.get(VERSION_KEY));
    let method = body.get("method");
    let name = match method.and_then(Value::as_str) {
        Some("tools/call" | "prompts/get") => Some(body.pointer("/params/name")),
        Some("resources/read") => Some(body.pointer("/params/uri")),
        _ => None,
    };
    let mut pairs = vec![("mcp-protocol-version", version), ("mcp-method", method)];
    if let Some(name) = name {
        pairs.push(("mcp-name", name));
    }
    pairs.into_iter().all(|(header, from_body)| {
        let Some(sent) = header_value(headers, header) else {
            return false;
        };
        let Some(expected) = from_body.and_then(Value::as_str) else {
            return true;
        };
        let meant = if header == "mcp-name" {
            unmarked(sent)
        } else {
            Some(sent.to_string())
        };
        meant.as_deref() == Some(expected)
    })
}

/// What a header value stands for: `=?base64?X?=` is X decoded, as UTF-8
/// text; any other value is itself. `None`: marked, but not decodable.
fn unmarked(value: &str) -> Option<String> {
    match value
        .strip_prefix("=?base64?")
        .and_then(|rest| rest.strip_suffix("?="))
    {
        Some(encoded) => String::from_utf8(base64_decode(encoded)?).ok(),
        None => Some(value.to_string()),
    }
}

/// A header's value; header names ignore case.
fn header_value<'a>(headers: &'a Map<String, Value>, name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .and_then(|(_, value)| value.as_str())
}

/// Standard Base64 with its `=` padding (RFC 4648 §4) decoded, or `None`
/// when `text` is not that. Given in the exercise: Base64 is not the point.
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
