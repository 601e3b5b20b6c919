//! Exercise 12 · pagination
//!
//! Eight tools are too many for one answer, so `tools/list` hands them out
//! in pages of three. The first request has no cursor and gets the first
//! page; a page with more after it carries `nextCursor`, an opaque string the
//! client sends back as `params.cursor` to get the next page; the last page
//! carries none. The cursor's format is yours to design.
//!
//! Your server is stateless: the next request may reach a process that has
//! just started, so a cursor must carry everything needed to continue. And
//! since a client can send any string, refuse (-32602) every cursor this
//! server would never have written.
//!
//!   1. `encode_cursor` and `decode_cursor`: your cursor format, both ways.
//!   2. `list_tools`: one page, with `nextCursor` only while tools remain,
//!      and `ttlMs` and `cacheScope` on every page (the same scope each time).
//!
//! Check your work with `learn check pagination`. Stuck? `learn hint pagination`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

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

/// TODO: one page of `tools/list`. No `params.cursor`: start at the first
/// tool. A cursor: start where it points, or `Err(Failure::invalid_params(..))`
/// when `decode_cursor` does not know it (or it is not a string). The page
/// is `{"resultType": "complete", "tools": [...], "ttlMs": .., "cacheScope": ..}`
/// (`tool_json` writes one tool; `TTL_MS` is there if you like it), plus
/// `nextCursor` when tools remain after this page, and only then.
fn list_tools(params: &Value) -> Result<Value, Failure> {
    todo!("one page: where to start, which tools, nextCursor or not, the hints")
}

/// TODO: the cursor for the page that starts at `offset`. Any string you
/// can read back in `decode_cursor` will do: clients never look inside it.
fn encode_cursor(offset: usize) -> String {
    todo!("write a position as a cursor string")
}

/// TODO: where the page a cursor names starts, or `None` when this server
/// would never have issued that cursor: not your format, past the end of the
/// list, not where a page begins. Keep nothing in memory: the cursor may
/// come to a process that has just started.
fn decode_cursor(cursor: &str) -> Option<usize> {
    todo!("read a cursor back into a position, refusing any you never issued")
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
