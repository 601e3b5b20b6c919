//! Exercise 4 · request-meta
//!
//! A small MCP stdio server that answers `server/discover` and `tools/list`.
//! In 2026-07-28 there is no handshake: every request carries its own
//! `params._meta` "cover sheet", and the server checks it on every request.
//!
//!   1. `check_meta`: `_meta` must be there with
//!      `io.modelcontextprotocol/protocolVersion` and
//!      `io.modelcontextprotocol/clientCapabilities` (`{}` is fine), and the
//!      version must be one this server speaks. Keys you do not know
//!      (`com.example/trace-id`, `traceparent`, `progressToken`, ...) are
//!      ignored, never rejected.
//!   2. `meta_error`: turn a `MetaProblem` into the right error response
//!      (-32602, or -32022 with `data.supported` and `data.requested`).
//!   3. `with_server_info`: every result introduces the server in
//!      `result._meta["io.modelcontextprotocol/serverInfo"]` as `{name, version}`.
//!
//! Check your work with `learn check request-meta`. Stuck? `learn hint request-meta`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};

/// The protocol versions this server speaks.
const SUPPORTED_VERSIONS: [&str; 1] = ["2026-07-28"];
const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

fn main() {
    serve_lines(respond);
}

/// What is wrong with a request's `_meta`, when something is.
enum MetaProblem {
    /// `_meta` or one of its required keys is missing or malformed: -32602.
    Invalid(String),
    /// The version is there, but this server does not speak it: -32022.
    UnsupportedVersion(String),
}

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let (id, method, params) = match read_request(line)? {
        Ok(request) => request,
        Err(error) => return Some(error),
    };
    let body = match method.as_str() {
        "server/discover" => discover_result(),
        "tools/list" => tools_list_result(),
        _ => return Some(error_response(id, -32601, "Method not found", None)),
    };
    if let Err(problem) = check_meta(&params) {
        return Some(meta_error(id, problem));
    }
    Some(result_response(id, with_server_info(body)))
}

/// TODO: is the cover sheet there, with both required keys and a supported
/// version? `Ok(())` lets the request through. Look only at what you need:
/// any other key in `_meta` is none of this server's business.
fn check_meta(params: &Value) -> Result<(), MetaProblem> {
    todo!("check params._meta: present? protocolVersion? clientCapabilities? a supported version?")
}

/// TODO: the error response for each problem. Which code for a missing key,
/// which for a version this server does not speak? What goes in `data`?
/// (`error_response` takes an optional `data`.)
fn meta_error(id: Value, problem: MetaProblem) -> Value {
    todo!("turn a MetaProblem into an error response")
}

/// TODO: put `{"io.modelcontextprotocol/serverInfo": {"name": ..., "version": ...}}`
/// into the body as its `_meta` member. (To change `body` in place, declare
/// it `mut body`; `as_object_mut` gives you its members.)
fn with_server_info(body: Value) -> Value {
    todo!("add serverInfo to result._meta")
}

/// Given (id-echo, notification-silence, tool-errors): reads one line as a
/// request. `None`: nothing may be written (a notification or a stray
/// response). `Some(Err(..))`: the error response to write.
fn read_request(line: &str) -> Option<Result<(Value, String, Value), Value>> {
    let Ok(message) = serde_json::from_str::<Value>(line) else {
        return Some(Err(error_response(
            Value::Null,
            -32700,
            "Parse error",
            None,
        )));
    };
    let Some(members) = message.as_object() else {
        return Some(Err(invalid(Value::Null, "a message is a JSON object")));
    };
    let id = members.get("id")?.clone();
    if !members.contains_key("method")
        && (members.contains_key("result") || members.contains_key("error"))
    {
        return None;
    }
    if !(id.is_string() || id.is_i64() || id.is_u64()) {
        return Some(Err(invalid(
            Value::Null,
            "id must be a string or an integer",
        )));
    }
    if members.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some(Err(invalid(id, "jsonrpc must be \"2.0\"")));
    }
    let Some(method) = members.get("method").and_then(Value::as_str) else {
        return Some(Err(invalid(id, "method must be a string")));
    };
    let params = match members.get("params") {
        None => json!({}),
        Some(params @ Value::Object(_)) => params.clone(),
        Some(_) => return Some(Err(invalid(id, "params must be an object"))),
    };
    Some(Ok((id, method.to_string(), params)))
}

/// Given: -32600, invalid request.
fn invalid(id: Value, why: &str) -> Value {
    error_response(id, -32600, &format!("Invalid request: {why}"), None)
}

/// Given: the success envelope.
fn result_response(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Given: the error envelope; `data` is optional extra detail for the client.
fn error_response(id: Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = json!({"code": code, "message": message});
    if let (Some(data), Some(members)) = (data, error.as_object_mut()) {
        members.insert("data".into(), data);
    }
    let mut response = json!({"jsonrpc": "2.0", "error": error});
    // A null id stands for "could not be read". MCP's schema has no null
    // request id, so such an error leaves `id` out (JSON-RPC 2.0 writes null).
    if !id.is_null() {
        response["id"] = id;
    }
    response
}

/// Given: what `server/discover` says about this server.
fn discover_result() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": SUPPORTED_VERSIONS,
        "capabilities": {"tools": {}},
        "ttlMs": 60000,
        "cacheScope": "public"
    })
}

/// Given: the tools this server lists (calling them is other exercises' work).
fn tools_list_result() -> Value {
    json!({
        "resultType": "complete",
        "tools": [
            {"name": "add", "inputSchema": {"type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"]}},
            {"name": "greet", "inputSchema": {"type": "object"}}
        ],
        "ttlMs": 60000,
        "cacheScope": "public"
    })
}
