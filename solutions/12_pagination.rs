//! Reference solution · exercise 12 · pagination
//!
//! `tools/list` hands out eight tools in pages of three. A page that has more
//! after it carries `nextCursor`; the last page does not. The cursor is the
//! offset of the next page written as text (`offset=3`): everything the next
//! request needs travels in it, so any process can continue the list. A
//! cursor is accepted only when it is exactly one this server would issue.

use mcp_harness::{Value, json, serve_lines};

const SUPPORTED_VERSIONS: [&str; 1] = ["2026-07-28"];
const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// How many tools one page holds. The server chooses; clients never assume it.
const PAGE_SIZE: usize = 3;
/// How long a client may keep a page, in milliseconds.
const TTL_MS: u64 = 60_000;
/// Every tool this server has, in the order it lists them: (name, description).
const TOOLS: [(&str, &str); 8] = [
    ("add", "Adds two numbers"),
    ("subtract", "Subtracts the second number from the first"),
    ("multiply", "Multiplies two numbers"),
    ("divide", "Divides the first number by the second"),
    ("power", "Raises a number to a power"),
    ("square_root", "The square root of a number"),
    ("round", "Rounds a number to the nearest whole number"),
    ("absolute", "A number without its sign"),
];

/// A request that gets an error response instead of a result.
struct Failure {
    code: i64,
    message: String,
    data: Option<Value>,
}

impl Failure {
    fn invalid_params(why: &str) -> Self {
        Failure {
            code: -32602,
            message: format!("Invalid params: {why}"),
            data: None,
        }
    }
}

fn main() {
    serve_lines(respond);
}

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let (id, method, params) = match read_request(line)? {
        Ok(request) => request,
        Err(error) => return Some(error),
    };
    let body = match method.as_str() {
        "server/discover" => Ok(discover_result()),
        "tools/list" => list_tools(&params),
        _ => return Some(error_response(id, -32601, "Method not found", None)),
    };
    match check_meta(&params).and(body) {
        Ok(body) => Some(result_response(id, with_server_info(body))),
        Err(failure) => Some(error_response(
            id,
            failure.code,
            &failure.message,
            failure.data,
        )),
    }
}

/// One page of `tools/list`: from the start without a cursor, from where the
/// cursor points with one. `nextCursor` only while tools remain after this
/// page. Every page has the same hints.
fn list_tools(params: &Value) -> Result<Value, Failure> {
    let start = match params.get("cursor") {
        None => 0,
        Some(Value::String(cursor)) => decode_cursor(cursor)
            .ok_or_else(|| Failure::invalid_params("this server never issued that cursor"))?,
        Some(_) => return Err(Failure::invalid_params("cursor must be a string")),
    };
    let end = (start + PAGE_SIZE).min(TOOLS.len());
    let tools: Vec<Value> = TOOLS[start..end]
        .iter()
        .map(|(name, description)| tool_json(name, description))
        .collect();
    let mut page = json!({
        "resultType": "complete",
        "tools": tools,
        "ttlMs": TTL_MS,
        "cacheScope": "public"
    });
    if end < TOOLS.len() {
        page["nextCursor"] = json!(encode_cursor(end));
    }
    Ok(page)
}

/// The cursor for the page that starts at `offset`.
fn encode_cursor(offset: usize) -> String {
    format!("offset={offset}")
}

/// Where the page a cursor names starts, if this server issued that cursor:
/// an offset inside the list, on a page boundary, written exactly as
/// `encode_cursor` writes it (so `offset=03` or `offset=4` are refused).
fn decode_cursor(cursor: &str) -> Option<usize> {
    let offset: usize = cursor.strip_prefix("offset=")?.parse().ok()?;
    let issued = offset > 0
        && offset < TOOLS.len()
        && offset.is_multiple_of(PAGE_SIZE)
        && encode_cursor(offset) == cursor;
    issued.then_some(offset)
}

/// Given: one tool as `tools/list` shows it.
fn tool_json(name: &str, description: &str) -> Value {
    json!({
        "name": name,
        "description": description,
        "inputSchema": {"type": "object"}
    })
}

/// Given: what `server/discover` says about this server.
fn discover_result() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": SUPPORTED_VERSIONS,
        "capabilities": {"tools": {}},
        "ttlMs": TTL_MS,
        "cacheScope": "public"
    })
}

/// Given: the request's `_meta` (lesson 1): both required keys, a version
/// this server speaks.
fn check_meta(params: &Value) -> Result<(), Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(Failure::invalid_params("_meta is required"));
    };
    let Some(version) = meta.get(PROTOCOL_VERSION).and_then(Value::as_str) else {
        return Err(Failure::invalid_params("protocolVersion is required"));
    };
    if !SUPPORTED_VERSIONS.contains(&version) {
        return Err(Failure {
            code: -32022,
            message: "Unsupported protocol version".into(),
            data: Some(json!({"supported": SUPPORTED_VERSIONS, "requested": version})),
        });
    }
    if !meta.get(CLIENT_CAPABILITIES).is_some_and(Value::is_object) {
        return Err(Failure::invalid_params("clientCapabilities is required"));
    }
    Ok(())
}

/// Given (lesson 1): puts the server's name tag in `result._meta`.
fn with_server_info(mut body: Value) -> Value {
    if let Some(members) = body.as_object_mut() {
        members.insert(
            "_meta".into(),
            json!({SERVER_INFO: {"name": "pagination", "version": "0.1.0"}}),
        );
    }
    body
}

/// Given (lesson 1): reads one line as a request. `None`: nothing may be
/// written (a notification or a stray response). `Some(Err(..))`: the error
/// response to write.
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
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
