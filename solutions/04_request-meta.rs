//! Reference solution · exercise 4 · request-meta
//!
//! Every request brings its own `params._meta` cover sheet: a missing sheet or
//! a missing required key is invalid params (-32602); a version this server
//! does not speak is -32022, naming both sides; keys it does not know are left
//! alone. Every result introduces the server in `result._meta`.

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

/// The cover sheet must be there, with both required keys, and a version this
/// server speaks. Nothing else in it matters here: other keys are ignored.
fn check_meta(params: &Value) -> Result<(), MetaProblem> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(MetaProblem::Invalid(
            "params._meta is required on every request".into(),
        ));
    };
    let version = match meta.get(PROTOCOL_VERSION) {
        Some(Value::String(version)) => version,
        Some(_) => {
            return Err(MetaProblem::Invalid(format!(
                "{PROTOCOL_VERSION} must be a string"
            )));
        }
        None => {
            return Err(MetaProblem::Invalid(format!(
                "{PROTOCOL_VERSION} is required"
            )));
        }
    };
    if !SUPPORTED_VERSIONS.contains(&version.as_str()) {
        return Err(MetaProblem::UnsupportedVersion(version.clone()));
    }
    match meta.get(CLIENT_CAPABILITIES) {
        // `{}` is a full answer: "nothing optional".
        Some(Value::Object(_)) => Ok(()),
        Some(_) => Err(MetaProblem::Invalid(format!(
            "{CLIENT_CAPABILITIES} must be an object"
        ))),
        None => Err(MetaProblem::Invalid(format!(
            "{CLIENT_CAPABILITIES} is required (send {{}} for none)"
        ))),
    }
}

/// -32602 for a broken cover sheet; -32022 for a version the server does not
/// speak, with `data` telling the client what it could pick instead.
fn meta_error(id: Value, problem: MetaProblem) -> Value {
    match problem {
        MetaProblem::Invalid(why) => {
            error_response(id, -32602, &format!("Invalid params: {why}"), None)
        }
        MetaProblem::UnsupportedVersion(requested) => error_response(
            id,
            -32022,
            "Unsupported protocol version",
            Some(json!({"supported": SUPPORTED_VERSIONS, "requested": requested})),
        ),
    }
}

/// Adds the server's name tag to a result body: display information only.
fn with_server_info(mut body: Value) -> Value {
    if let Some(members) = body.as_object_mut() {
        members.insert(
            "_meta".into(),
            json!({SERVER_INFO: {"name": "request-meta", "version": "0.1.0"}}),
        );
    }
    body
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
