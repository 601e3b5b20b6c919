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
//!   4. `headers_agree`: the headers that repeat the body must be there and agree.
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
///   - a result: 200
///   - -32601 (method not found, removed methods too): 404
///   - -32700, -32600, -32602, -32020, -32021, -32022: 400
///   - -32603 (internal error): 500
///   - any other code (the method's own error): 200
fn status_for(code: Option<i64>) -> u16 {
    todo!("match the code")
}

/// TODO: true when every header that repeats the body is there and agrees:
///   - `MCP-Protocol-Version` repeats `params._meta["io.modelcontextprotocol/protocolVersion"]`
///   - `Mcp-Method` repeats `method`
///   - `Mcp-Name` repeats `params.name` for tools/call and prompts/get,
///     `params.uri` for resources/read (other methods have no Mcp-Name)
///
/// A missing header is a mismatch. Compare only values the body really
/// has: a body without the field is the server's -32602 to give, not -32020.
fn headers_agree(headers: &Map<String, Value>, body: &Value) -> bool {
    todo!("check each header against its body field")
}

/// TODO: a header's value as a string. Header NAMES ignore case
/// (`mcp-method` is `Mcp-Method`); header VALUES do not.
///
/// Hint: `str::eq_ignore_ascii_case`.
fn header_value<'a>(headers: &'a Map<String, Value>, name: &str) -> Option<&'a str> {
    todo!("find the header whatever the case of its name")
}
