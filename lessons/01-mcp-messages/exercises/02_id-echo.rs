//! Exercise 2 · id-echo
//!
//! This file is a tiny MCP stdio server. It reads one JSON-RPC message per
//! line on stdin and writes one response per line on stdout.
//!
//! Your job: make every response carry its request's id EXACTLY as it was
//! sent, with the same JSON type (7 stays 7, "7" stays "7"), and refuse ids
//! that a request may not use.
//!
//!   1. `is_usable_id`: a request id is a string or an integer. Nothing else.
//!   2. `result_response` and `error_response`: build the two response shapes.
//!
//! Check your work with `learn check id-echo`. Stuck? `learn hint id-echo`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(respond);
}

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        // Not JSON, so no id can be read from it: the error carries none.
        Err(_) => return Some(error_response(Value::Null, -32700, "Parse error")),
    };
    // No `id` member at all: a notification, which is never answered.
    let id = message.get("id")?.clone();
    if !is_usable_id(&id) {
        return Some(error_response(
            Value::Null,
            -32600,
            "Invalid request: unusable id",
        ));
    }
    Some(match message.get("method").and_then(Value::as_str) {
        Some("tools/list") => result_response(id, tools_list_result()),
        _ => error_response(id, -32601, "Method not found"),
    })
}

/// TODO: true for a string or an integer id; false for null, 1.5, true, {} ...
/// Hint: `Value::Number` has `is_i64()` and `is_u64()`.
fn is_usable_id(id: &Value) -> bool {
    todo!("decide which ids a request may use")
}

/// TODO: `{"jsonrpc": "2.0", "id": <the request's id>, "result": <result>}`
fn result_response(id: Value, result: Value) -> Value {
    todo!("build a result response")
}

/// TODO: `{"jsonrpc": "2.0", "id": <id>, "error": {"code": <code>, "message": <message>}}`
/// `respond` passes `Value::Null` when no id could be read. MCP's schema then
/// wants `id` left out; plain JSON-RPC 2.0 writes `"id": null`. Both pass.
fn error_response(id: Value, code: i64, message: &str) -> Value {
    todo!("build an error response")
}

/// Given: what this small server lists. Not part of the exercise.
fn tools_list_result() -> Value {
    json!({
        "resultType": "complete",
        "tools": [],
        "ttlMs": 60000,
        "cacheScope": "public",
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "id-echo", "version": "0.1.0"}}
    })
}
