//! Reference solution · exercise 2 · id-echo
//!
//! Every response copies its request's id exactly, same JSON type and all;
//! a line whose id cannot be used gets an error that carries no id.

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

/// A request id is a string or an integer, nothing else.
fn is_usable_id(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        // is_i64/is_u64 are false for 1.5 and for 7.0: only true integers pass.
        Value::Number(number) => number.is_i64() || number.is_u64(),
        _ => false,
    }
}

/// The success envelope. Moving `id` in keeps its exact JSON value and type.
fn result_response(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The error envelope: code and message are required, data is optional.
fn error_response(id: Value, code: i64, message: &str) -> Value {
    let mut response = json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}});
    // A null id stands for "could not be read". MCP's schema has no null
    // request id, so such an error leaves `id` out (JSON-RPC 2.0 writes null).
    if !id.is_null() {
        response["id"] = id;
    }
    response
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
