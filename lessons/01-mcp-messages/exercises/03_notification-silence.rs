//! Exercise 3 · notification-silence
//!
//! A server must answer every request exactly once, and must say NOTHING
//! back to a notification: not an empty result, not an error, nothing, even
//! when the notification is malformed or names a method nobody knows.
//! Messages that carry a `result` or `error` but no `method` are responses;
//! a server that receives one it never asked for stays silent too.
//!
//!   1. `kind_of`: sort a message into one of the three `Incoming` kinds.
//!   2. `respond`: decide what to write for each kind.
//!
//! Check your work with `learn check notification-silence`.

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(respond);
}

/// What a line that parsed as a JSON object turned out to be.
enum Incoming {
    /// Has an `id` and expects exactly one response.
    Request,
    /// Has no `id` member: never answered, whatever else is wrong with it.
    Notification,
    /// Has an `id` and a `result` or `error` but no `method`: a reply that
    /// nobody here asked for. Answering it could start an endless echo.
    StrayResponse,
}

fn respond(line: &str) -> Option<Value> {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        Err(_) => return Some(error_response(Value::Null, -32700, "Parse error")),
    };
    if !message.is_object() {
        return Some(error_response(
            Value::Null,
            -32600,
            "Invalid request: not an object",
        ));
    }
    match kind_of(&message) {
        // TODO: what goes back for each kind? (`None` writes nothing.)
        Incoming::Request => todo!("answer a request"),
        Incoming::Notification => todo!("answer a notification?"),
        Incoming::StrayResponse => todo!("answer a stray response?"),
    }
}

/// TODO: which member tells a notification apart from a request?
/// And what makes a message a response rather than a request?
fn kind_of(message: &Value) -> Incoming {
    todo!("classify the message")
}

/// Given (you wrote this in id-echo): one response for one request.
fn answer(request: &Value) -> Value {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    if !(id.is_string() || id.is_i64() || id.is_u64()) {
        return error_response(Value::Null, -32600, "Invalid request: unusable id");
    }
    match request.get("method").and_then(Value::as_str) {
        Some("tools/list") => json!({"jsonrpc": "2.0", "id": id, "result": {
            "resultType": "complete",
            "tools": [],
            "ttlMs": 60000,
            "cacheScope": "public",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "silence", "version": "0.1.0"}}
        }}),
        Some(_) => error_response(id, -32601, "Method not found"),
        None => error_response(id, -32600, "Invalid request: no method"),
    }
}

fn error_response(id: Value, code: i64, message: &str) -> Value {
    let mut response = json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}});
    // A null id stands for "could not be read". MCP's schema has no null
    // request id, so such an error leaves `id` out (JSON-RPC 2.0 writes null).
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
